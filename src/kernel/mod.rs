//! Kernels: copy between any two layouts ([`rearrange`]), and the engine
//! behind `fill`, `map_inplace`, `zip_with`, `fold`, `sum`, `map`, `Zip`,
//! the axis reductions, `to_vec` and `copy_to_slice` on the views.
//!
//! # Layers
//!
//! Every kernel goes layout → plan → traversal → kernel, one file each,
//! each importing only the layers below it (and `crate::layout` /
//! `crate::error`, never the views):
//!
//! - `plan.rs` — a `Plan` drops size-1 axes, and — for pure copies,
//!   fills and the element-wise engine, whose visiting order is free —
//!   flips axes that run backwards in every operand and orders axes by
//!   stride (operand 0 first); then it coalesces axes that are contiguous
//!   in every operand.
//! - `loops.rs` — the odometer over a plan's outer axes (one loop for every
//!   rank), the walk of small views (no plan: at most `SMALL` elements),
//!   and the inner copy runs (a vectorized forward copy for contiguous
//!   runs, constant-stride loops for step-2 runs (vectorized by the
//!   compiler), fills for broadcasts, plain loops otherwise).
//! - `engine.rs` — the element-wise traversal (`walk`): small views walked
//!   directly, the others as a plan's inner runs, with tiles when an
//!   operand is transposed against operand 0; the static views' plain loop
//!   nests.
//! - `simd.rs`, `elem.rs` — SIMD levels and streaming stores (x86_64), and
//!   which element types are plain bytes.
//! - `transpose.rs` — copies whose source runs across the destination's
//!   inner axis: a chain of axes contiguous in the destination and one
//!   contiguous in the source make a 2-D problem, cut into tiles and into
//!   blocks of one cache line square (SSE2/AVX2 unpack rounds for plain 1-,
//!   2-, 4- and 8-byte elements, a portable typed transpose otherwise),
//!   with streaming stores of whole lines when the destination is large.
//! - `copy.rs` — the copy engine: a copy's plan and its dispatch (small
//!   copies as one loop nest, transposes to `transpose.rs`, the rest along
//!   the inner axis with streaming stores for long runs into a large
//!   destination).
//! - `elementwise.rs` — `fill`, `map_inplace`, `fold`, `sum`, `zip_with`,
//!   `map` on raw parts, over the traversal of `engine.rs`; `reduce.rs` —
//!   the axis reductions.
//! - `dynamic.rs` — runtime-rank and type-erased copies ([`rearrange_dyn`],
//!   [`rearrange_bytes`]) over the copy engine; `parallel.rs` — the copy
//!   engine cut over rayon's threads.
//!
//! Kernels take raw pointers and layouts; the typed entry points
//! ([`rearrange`], `par_rearrange`, and the view methods) live with the
//! views and are re-exported here.
//!
//! Every kernel reads and writes only the positions its layouts reach: a
//! view of part of a buffer shares the rest with sibling views, maybe on
//! other threads (prefetch hints may name other addresses; they access
//! nothing). The element-wise kernels visit elements in an unspecified
//! (memory, cache-tiled) order; `iter`, `iter_mut` and `indexed_iter` keep
//! logical row-major order. No kernel allocates, except the one behind
//! `sum_axis` (which allocates its result anyway): for a permuted source
//! it sums into a temporary of the result's size.

pub(crate) mod copy;
mod dynamic;
mod elem;
pub(crate) mod elementwise;
pub(crate) mod engine;
mod loops;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
mod plan;
pub(crate) mod reduce;
mod simd;
mod transpose;
pub(crate) mod zip_stage;

pub use dynamic::{rearrange_bytes, rearrange_bytes_raw, rearrange_dyn};
pub use simd::{force_level, force_streaming, Level};

// The typed entry points, which live with the views.
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub use crate::view::par_rearrange;
pub use crate::view::rearrange;

pub(crate) use copy::{check_same_shape, check_shape, copy_raw};
pub(crate) use elem::is_float;
pub(crate) use elementwise::{fill_raw, fold_ref, for_each_mut, map_reduce_raw, sum_raw, zip_mut};
#[cfg(feature = "alloc")]
pub(crate) use elementwise::{map2_uninit, map_uninit};
// (The plan types, for views and `Zip`.)
#[allow(unused_imports)]
pub(crate) use plan::{Order, Plan};
pub(crate) use reduce::reduce_into;
#[cfg(feature = "alloc")]
pub(crate) use reduce::sum_axis_into;
