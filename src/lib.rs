//! # constrided
//!
//! Strided arrays whose layouts are checked by the compiler.
//!
//! A strided view reads a buffer through `(shape, strides, offset)`: element
//! `(i, j, …)` lives at `offset + i·s0 + j·s1 + …`. This is how NumPy,
//! PyTorch and operator libraries express transposes, slices, broadcasts and
//! reversed axes without moving data.
//!
//! The crate has three layers:
//! - [`layout`]: layout math — pure `const fn` rules ([`layout::math`]), the
//!   validated [`Layout`] and its transforms;
//! - views: [`StridedView`] / [`StridedViewMut`], safe access to a slice
//!   through a layout, and the owned [`StridedArray`] (feature `alloc`);
//! - [`kernel`]: copies and element-wise operations between layouts, planned
//!   (coalesced, reordered, blocked) and then run by loops monomorphized per
//!   rank.
//!
//! ```
//! use constrided::{Layout, StridedView};
//! let buf: Vec<i32> = (0..100).collect();
//! // shape (4, 3), strides (20, 2), offset 22 over a 10x10 buffer.
//! let v = StridedView::new(&buf, Layout::new([4, 3], [20, 2], 22)?)?;
//! assert_eq!(v[[1, 2]], 46);
//! # Ok::<(), constrided::LayoutError>(())
//! ```
#![no_std]
// docs.rs builds with `--cfg docsrs` on nightly: feature-gated items get
// their "Available on crate feature ..." badges.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]
// LayoutError carries the shapes and indices involved (that is its point),
// and must stay Copy and allocation-free for const fns and no_std, so it is
// larger than clippy's default threshold.
#![allow(clippy::result_large_err)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
/// Conversions with ndarray (feature `ndarray`): the fixed-rank views
/// convert with `TryFrom` / `to_ndarray`, runtime-rank (`IxDyn`) views with
/// `TryFrom` into a rank-`N` view (inside [`with_rank!`]) and
/// `to_ndarray_dyn`; owned `ArrayD`s with the functions here.
///
/// ```
/// use constrided::{convert::arrayd_into_parts, DynLayout};
/// let a = ndarray::ArrayD::<u8>::zeros(ndarray::IxDyn(&[2, 2]));
/// let (v, l) = arrayd_into_parts(a)?;
/// assert_eq!((v.len(), l), (4, DynLayout::contiguous(&[2, 2])?));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[cfg(feature = "ndarray")]
#[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
pub mod convert;
mod error;
pub mod kernel;
pub mod layout;
pub mod static_layout;
mod view;

/// Compile-time layouts: `strided!` builds a static layout, or a view
/// through one, whose type carries rank, shape, strides and offset, so
/// index math folds to constants and broken layouts are compile errors.
///
/// Forms (keys in any order, each at most once; `shape` required, `strides`
/// defaults to row-major, `offset` to 0, `len` unchecked; entries are
/// integer literals or constant expressions):
///
/// ```
/// use constrided::{strided, Mapping, StridedView};
/// // A static layout: a zero-sized value.
/// let l = strided![shape = (4, 3), strides = (20, 2), offset = 22, len = 100];
/// assert_eq!(l.offset_of_unchecked([3, 2]), 86);
///
/// // A view over a fixed-size array: checked at compile time, no Result.
/// let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
/// let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
/// assert_eq!(v[[1, 2]], 46);
///
/// // Over a slice or Vec: checked at run time, a Result.
/// let data: Vec<i32> = (0..100).collect();
/// let w = strided!(&data; shape = (6, 5), strides = (10, 1), offset = 22)?;
/// assert_eq!(w[[5, 4]], 76);
///
/// // A mutable view: the layout must be unique (exactly: (2, 3) with
/// // strides (4, 3) is unique though not nested).
/// let mut out = [0u8; 11];
/// strided!(&mut out; shape = (2, 3), strides = (4, 3)).fill(1);
/// assert_eq!(out, [1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1]);
///
/// // Constant expressions follow the same rules.
/// const ROWS: usize = 4;
/// let c = strided![shape = (ROWS, 2 * 3)];
/// assert_eq!(c.strides(), [6, 1]);
///
/// // The type-position form names a static layout (struct fields, signatures).
/// type Tile = strided!(type shape = (4, 3), strides = (20, 2), offset = 22);
/// fn corner(v: &StridedView<'_, i32, 2, Tile>) -> i32 { v[[3, 2]] }
/// assert_eq!(corner(&v), 86);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// Broken layouts do not compile, and the message names the rule and the
/// numbers, pointing at the offending tokens:
///
/// ```compile_fail
/// let l = constrided::strided![shape = (4, 3), strides = (-20, 2), offset = 22];
/// // error[E0080]: evaluation panicked: strided!: layout reaches position -38,
/// //               below the start of the buffer
/// ```
///
/// ```compile_fail
/// let mut buf = [0u8; 9];
/// let v = constrided::strided!(&mut buf; shape = (3, 3), strides = (1, 1));
/// // error[E0080]: evaluation panicked: strided!: layout aliases: indices (0, 1)
/// //               and (1, 0) reach the same position, so it cannot back a mutable view
/// ```
///
/// The numeric rules are the crate's own `const fn`s in [`layout::math`],
/// evaluated by the compiler; the macro only checks what it sees in the
/// tokens (keys, counts, rank, signs). Constant-expression entries may be
/// of any integer type and obey the same rules. `cargo check` reports
/// every rule — in value and type position, and for `&mut` behind a
/// binding — except one: a fixed-size array that is too short is reported
/// when the code is built, because comparing the array's length (a generic
/// parameter) with the layout needs monomorphization on stable Rust.
/// `ui-tests/` holds every error message.
pub use constrided_macros::strided;
pub use error::{Dims, LayoutError};
pub use kernel::rearrange;
pub use layout::{
    DynLayout, Higher, Layout, Lower, Mapping, MemoryMap, Rank, Slice, SliceArg, SliceElem,
    SliceEntry, SliceInfo,
};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use view::StridedArray;
pub use view::{
    AxisIter, AxisIterMut, IndexedIter, IndexedIterMut, Iter, IterMut, Lanes, LanesMut,
    StridedView, StridedViewMut, Windows,
};

/// The largest supported rank.
///
/// ```
/// assert_eq!(constrided::MAX_RANK, 8);
/// ```
pub const MAX_RANK: usize = 8;

// The README's Rust examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
