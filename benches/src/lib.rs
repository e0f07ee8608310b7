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

/// Forces the kernels' paths named by the environment, to measure what
/// each brings: `CONSTRIDED_LEVEL` (`portable`, `sse2`, `avx2`, `avx512`)
/// the instruction level, `CONSTRIDED_STREAM` (`on`, `off`) the copy
/// kernels' streaming stores. Other values, or none, leave the choice to
/// the CPU and the sizes.
///
/// ```
/// constrided_bench::force_paths_from_env();
/// ```
pub fn force_paths_from_env() {
    use constrided::kernel::{force_level, force_streaming, Level};
    match std::env::var("CONSTRIDED_LEVEL").as_deref() {
        Ok("portable") => force_level(Some(Level::Portable)),
        Ok("sse2") => force_level(Some(Level::Sse2)),
        Ok("avx2") => force_level(Some(Level::Avx2)),
        Ok("avx512") => force_level(Some(Level::Avx512)),
        _ => {}
    }
    match std::env::var("CONSTRIDED_STREAM").as_deref() {
        Ok("on") => force_streaming(Some(true)),
        Ok("off") => force_streaming(Some(false)),
        _ => {}
    }
}

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
