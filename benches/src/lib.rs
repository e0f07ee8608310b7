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
