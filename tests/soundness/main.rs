//! Reproducers of soundness holes found in reviews (CI also runs them under AddressSanitizer).
//!
//! One test binary (`cargo test --test soundness`) of modules, one per former
//! `tests/*.rs` file: each linked binary costs seconds of the fresh-clone
//! `cargo test` budget (see tests/README.md). Add a module here with
//! `mod name;` (feature-gated ones with `#[cfg(feature = "...")]`).

#[path = "../model/mod.rs"]
mod model;

mod soundness_contiguous;
mod soundness_padding;
#[cfg(feature = "rayon")]
mod soundness_par_split;
mod soundness_r27;
mod soundness_slice;
mod soundness_slice_arg;
mod soundness_step2;
#[cfg(feature = "ndarray")]
mod soundness_step2_ndarray;
mod soundness_tiles_r30;
