//! Criterion benches of the element-wise engine (issue 8) against ndarray
//! and against the same operation on contiguous memory (64 MiB of f32 per
//! operand, single thread; the parallel cases on a 2-thread pool).
//! `cargo run --release -p constrided-bench --example elementwise_report`
//! prints the same cases as a ratio table.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use constrided_bench::elementwise;
use constrided_bench::report::CaseDef;

fn bench(c: &mut Criterion, group: &str, cases: Vec<CaseDef>) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(1));
    for def in cases {
        let mut case = (def.build)();
        g.throughput(Throughput::Bytes(case.bytes as u64));
        g.bench_function(format!("{} / constrided", case.name), |b| {
            b.iter(&mut case.ours)
        });
        for p in &mut case.peers {
            let f = &mut p.runs[0];
            g.bench_function(format!("{} / {}", case.name, p.label), |b| b.iter(&mut *f));
        }
    }
    g.finish();
}

fn elementwise(c: &mut Criterion) {
    bench(c, "elementwise", elementwise::all());
    // The parallel cases on 2 threads (rayon's global pool).
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build_global();
    bench(c, "elementwise-par2", elementwise::parallel());
}

criterion_group!(benches, elementwise);
criterion_main!(benches);
