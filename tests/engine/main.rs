//! Property tests of the element-wise engine, the kernels, Zip, reductions and linear algebra against the brute-force model (tests/model).
//!
//! One test binary (`cargo test --test engine`) of modules, one per former
//! `tests/*.rs` file: each linked binary costs seconds of the fresh-clone
//! `cargo test` budget (see tests/README.md). Add a module here with
//! `mod name;` (feature-gated ones with `#[cfg(feature = "...")]`).

#[path = "../model/mod.rs"]
mod model;

/// Held by every test that forces a kernel level or streaming (process-wide
/// switches): tests of one binary run on several threads, and a level forced
/// by one test would otherwise change what another one covers.
pub static SWITCHES: std::sync::Mutex<()> = std::sync::Mutex::new(());

mod avx512_blocks;
mod engine_props;
mod gather31;
mod k30;
mod kernel_props;
mod linalg_props;
mod materialize_props;
mod r_gather31;
mod r_k30;
mod r_lines32;
mod r_u30;
mod r_z30;
mod reduce_props;
mod review_avx_props;
mod review_k29e_props;
mod review_p27b_props;
mod review_r10_props;
mod review_z28_props;
mod review_z28d_props;
mod review_z29e_props;
mod short_axis_props;
mod u30;
mod z29e_props;
mod z30;
mod zip_long_runs;
mod zip_props;
