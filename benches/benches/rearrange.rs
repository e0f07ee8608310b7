//! Criterion benches of `rearrange` against ndarray's `assign`,
//! strided-rs's `copy_into` and (with the `hptt` feature, for the dense
//! f32/f64 permutations) HPTT on the same layouts, and against
//! `copy_from_slice` of the same bytes (64 MiB of f32 per operand, single
//! thread). `cargo run --release -p
//! constrided-bench --example bench_report` prints the same cases as a ratio table.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use constrided_bench::cases;

fn rearrange(c: &mut Criterion) {
    let mut group = c.benchmark_group("rearrange");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Bytes((2 * cases::ELEMS * 4) as u64));
    let mut memcpy = cases::memcpy();
    group.bench_function("copy_from_slice", |b| b.iter(&mut memcpy));
    for def in cases::all() {
        let mut case = (def.build)();
        group.throughput(Throughput::Bytes((2 * case.elems * case.size) as u64));
        group.bench_function(format!("{} / constrided", case.name), |b| {
            b.iter(&mut case.ours.constrided)
        });
        if let Some(strided) = case.ours.strided.as_mut() {
            group.bench_function(format!("{} / strided-rs", case.name), |b| {
                b.iter(&mut *strided)
            });
        }
        if let Some(hptt) = case.ours.hptt.as_mut() {
            group.bench_function(format!("{} / hptt", case.name), |b| b.iter(&mut *hptt));
        }
        group.bench_function(format!("{} / ndarray", case.name), |b| {
            b.iter(&mut case.ndarray)
        });
    }
    group.finish();
}

criterion_group!(benches, rearrange);
criterion_main!(benches);
