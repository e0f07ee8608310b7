//! Property tests of layouts, views and the public API against the brute-force model (tests/model).
//!
//! One test binary (`cargo test --test props`) of modules, one per former
//! `tests/*.rs` file: each linked binary costs seconds of the fresh-clone
//! `cargo test` budget (see tests/README.md). Add a module here with
//! `mod name;` (feature-gated ones with `#[cfg(feature = "...")]`).

#[path = "../model/mod.rs"]
mod model;

mod api_props;
mod arith_props;
mod convenience_props;
mod dyn_props;
mod layout_props;
mod mixed_transpose_props;
mod shape_props;
mod static_transform_props;
mod stats_props;
mod tile_props;
mod view_props;
