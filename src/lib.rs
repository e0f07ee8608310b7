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
#[cfg(feature = "ndarray")]
mod convert;
mod error;
pub mod kernel;
pub mod layout;
pub mod static_layout;
mod view;

pub use constrided_macros::strided;
pub use error::{Dims, LayoutError};
pub use kernel::rearrange;
pub use layout::{Higher, Layout, Lower, Mapping, MemoryMap, Rank, Slice};
#[cfg(feature = "alloc")]
pub use view::StridedArray;
pub use view::{IndexedIter, IndexedIterMut, Iter, IterMut, StridedView, StridedViewMut};

/// The largest supported rank.
///
/// ```
/// assert_eq!(constrided::MAX_RANK, 8);
/// ```
pub const MAX_RANK: usize = 8;
