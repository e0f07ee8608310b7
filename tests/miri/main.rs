//! The small cases over unsafe code that CI runs under Miri (stacked and tree borrows) and AddressSanitizer (.ci/run). Keep them small: Miri is slow.
//!
//! One test binary (`cargo test --test miri`) of modules, one per former
//! `tests/*.rs` file: each linked binary costs seconds of the fresh-clone
//! `cargo test` budget (see tests/README.md). Add a module here with
//! `mod name;` (feature-gated ones with `#[cfg(feature = "...")]`).

#[path = "../model/mod.rs"]
mod model;
// Helpers several modules share (drop counting, the naive matrix product).
mod shared;

mod miri_api;
mod miri_audit;
mod miri_chunks;
mod miri_dyn;
mod miri_engine;
mod miri_k30;
mod miri_kernels;
mod miri_linalg;
mod miri_map_drop;
mod miri_map_reduce;
mod miri_materialize;
mod miri_mixed_transpose;
#[cfg(feature = "ndarray")]
mod miri_ndarray_empty;
#[cfg(feature = "ndarray")]
mod miri_ndarray_empty_strides;
mod miri_partial_views;
#[cfg(feature = "ndarray")]
mod miri_partial_views_ndarray;
mod miri_review_avx;
mod miri_review_gemm;
mod miri_review_k27;
mod miri_review_p27;
mod miri_review_p27b;
mod miri_review_r10;
mod miri_review_static_extremes;
mod miri_review_t30;
mod miri_review_z28;
mod miri_review_z28d;
mod miri_seams;
mod miri_short_axis;
mod miri_short_runs;
mod miri_small_direct;
mod miri_staged;
mod miri_static_items;
mod miri_static_to_array;
mod miri_static_views;
mod miri_tiles;
mod miri_tiles_r30;
mod miri_tiles_zip;
mod miri_views;
mod miri_zip_attacks;
mod miri_zip_keep;
mod miri_zip_move;
mod miri_zip_runs;
mod miri_zip_staged;
mod miri_zst_from;
mod r_k30;
mod r_u30;
mod r_z30;
mod u30;
mod z30;
