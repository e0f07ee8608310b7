//! Benchmark cases for constrided, shared by the criterion benches in
//! `benches/` and the ratio table printed by `examples/bench_report.rs`.
//!
//! This crate is a workspace member of its own so that its heavy
//! dependencies (criterion, peers such as ndarray) stay out of what
//! `cargo test` on the library compiles.
//!
//! ```
//! assert_eq!(constrided_bench::cases::ELEMS, 1 << 24);
//! ```

pub mod cases;
pub mod elementwise;
pub mod programs;
pub mod programs_a;
pub mod programs_tiles;
pub mod report;

/// Seconds one call of `f` takes.
///
/// ```
/// assert!(constrided_bench::time(&mut || {}) >= 0.0);
/// ```
pub fn time(f: &mut dyn FnMut()) -> f64 {
    let s = std::time::Instant::now();
    f();
    s.elapsed().as_secs_f64()
}

/// The median of the timings of the interleaved rounds.
///
/// ```
/// assert_eq!(constrided_bench::median(vec![3.0, 1.0, 2.0]), 2.0);
/// ```
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}
