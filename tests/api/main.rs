//! Examples-as-tests of the public API: printing, errors, the seed documents, the README's quotes, copies at every kernel setting, ndarray conversions.
//!
//! One test binary (`cargo test --test api`) of modules, one per former
//! `tests/*.rs` file: each linked binary costs seconds of the fresh-clone
//! `cargo test` budget (see tests/README.md). Add a module here with
//! `mod name;` (feature-gated ones with `#[cfg(feature = "...")]`).

#[path = "../model/mod.rs"]
mod model;

mod audit_unique_fuzz;
mod copy_paths;
mod display;
mod errors;
mod layout_fast;
mod mixed_fixed;
#[cfg(feature = "ndarray")]
mod ndarray_conv;
#[cfg(feature = "ndarray")]
mod ndarray_dyn;
mod readme_quotes;
mod review_mixed_zero_size;
mod review_r_u29e;
mod review_u29c;
mod review_u29d;
mod rows_mut_forms;
mod seeds;
mod static_copy;
mod tile_algebra;
