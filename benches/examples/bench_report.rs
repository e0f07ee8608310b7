//! Prints the rearrange performance table: each case's bandwidth as a
//! ratio of `copy_from_slice` of the same bytes, and its speed-up over
//! ndarray's `assign` on the same layouts, measured in the same run (64 MiB
//! of f32 per operand, single thread, median of repeated runs).
//!
//! `cargo run --release -p constrided-bench --example bench_report [repeats] [filter]`: the
//! optional filter keeps the cases whose name contains it.

use std::time::Instant;

use constrided_bench::cases;

fn time(f: &mut dyn FnMut()) -> f64 {
    let s = Instant::now();
    f();
    s.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9);
    let filter = std::env::args().nth(2).unwrap_or_default();
    let bytes = |elems: usize| (2 * elems * 4) as f64;
    let mut memcpy = cases::memcpy();
    println!("| case | constrided GB/s | copy_from_slice GB/s | ratio | ndarray GB/s | speed-up vs ndarray |");
    println!("|---|---:|---:|---:|---:|---:|");
    for mut case in cases::all()
        .into_iter()
        .filter(|c| c.name.contains(&filter))
    {
        // Warm: first touch of every page, then rounds that interleave the
        // three copies so that they share the machine's state.
        let (mut ours, mut theirs, mut reference) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..=repeats {
            let (o, t, r) = (
                time(&mut *case.constrided),
                time(&mut *case.ndarray),
                time(&mut *memcpy),
            );
            if round > 0 {
                ours.push(o);
                theirs.push(t);
                reference.push(r);
            }
        }
        let (o, t, r) = (median(ours), median(theirs), median(reference));
        let bw = bytes(case.elems) / o / 1e9;
        let ref_bw = bytes(cases::ELEMS) / r / 1e9;
        let nd_bw = bytes(case.elems) / t / 1e9;
        println!(
            "| {} | {bw:.1} | {ref_bw:.1} | {:.2}x | {nd_bw:.1} | {:.1}x |",
            case.name,
            bw / ref_bw,
            t / o
        );
    }
}
