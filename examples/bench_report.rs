//! Prints the rearrange performance table: each case's bandwidth as a
//! ratio of `copy_from_slice` of the same bytes, and its speed-up over
//! ndarray's `assign` on the same layouts, measured in the same run (64 MiB
//! of f32 per operand, single thread, median of repeated runs).
//!
//! `cargo run --release --example bench_report [repeats]`

use std::time::Instant;

#[path = "../benches/cases.rs"]
mod cases;

fn median_secs(f: &mut dyn FnMut(), repeats: usize) -> f64 {
    f(); // warm: first touch of the pages
    let mut t: Vec<f64> = (0..repeats)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    t[t.len() / 2]
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9);
    let bytes = |elems: usize| (2 * elems * 4) as f64;
    let memcpy = median_secs(&mut *cases::memcpy(), repeats);
    let memcpy_bw = bytes(cases::ELEMS) / memcpy / 1e9;
    println!(
        "copy_from_slice of 64 MiB: {:.2} ms, {memcpy_bw:.1} GB/s (read + write)",
        memcpy * 1e3
    );
    println!();
    println!(
        "| case | constrided GB/s | vs copy_from_slice | ndarray GB/s | speed-up vs ndarray |"
    );
    println!("|---|---:|---:|---:|---:|");
    for mut case in cases::all() {
        let ours = median_secs(&mut *case.constrided, repeats);
        let theirs = median_secs(&mut *case.ndarray, repeats);
        let bw = bytes(case.elems) / ours / 1e9;
        let nd_bw = bytes(case.elems) / theirs / 1e9;
        println!(
            "| {} | {bw:.1} | {:.2}x | {nd_bw:.1} | {:.1}x |",
            case.name,
            bw / memcpy_bw,
            theirs / ours
        );
    }
}
