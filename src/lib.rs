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
//! Visiting order: `fill`, `map_inplace`, `zip_with`, `fold`, `sum`, [`Zip`]
//! and the axis reductions (`fold_axis`, `sum_axis`, `fold_axis_into`) visit
//! elements in an **unspecified order** — memory order, tiled for the cache
//! when operands disagree on their fastest axis — as ndarray's
//! `map_inplace`/`fold`/`Zip` do. `iter()`, `iter_mut()` and
//! `indexed_iter()` keep logical row-major order, and `map` returns its
//! array in logical order whatever order its closure was called in.
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
pub use static_layer::layout as static_layout;
pub use static_layer::mixed as mixed_layout;
pub use static_layer::transform as static_transform;
// After the public modules, so that rustc names an item both reach by its
// public path in errors (it takes the first path it finds).
#[doc(hidden)]
pub use static_layer::private as __private;
mod static_layer;
pub mod tile;
mod view;
mod zip;

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
/// Entries may name const generic parameters, keep static parts of a
/// layout whose other parts are known only at run time, and static
/// layouts and views transform into static ones:
///
/// ```
/// use constrided::{strided, Mapping};
/// // A const generic parameter, marked `const R` (value, buffer and type
/// // forms); a bare name of one or two upper-case characters (`R`, `WS`)
/// // is one too, a longer one a constant of any integer type.
/// fn rows<const R: usize>() -> [usize; 2] { strided![shape = (const R, 3)].shape() }
/// assert_eq!(rows::<4>(), [4, 3]);
/// struct Tiles<const R: usize> { layout: strided!(type shape = (const R, 3)) }
/// assert_eq!(Tiles::<2> { layout: Default::default() }.layout.strides(), [3, 1]);
///
/// // Mixed: `dyn expr` entries are run-time values (a Result), the others
/// // stay in the type; `_` marks them in the type form.
/// let (h, w, pitch) = (2usize, 3usize, 10isize);
/// let img_buf: Vec<u8> = (0..20).collect();
/// let img = strided!(&img_buf; shape = (dyn h, dyn w, 3), strides = (dyn pitch, 3, 1))?;
/// type Image = strided!(type shape = (_, _, 3), strides = (_, 3, 1));
/// let _: &Image = img.mapping();
/// assert_eq!(img[[1, 2, 1]], 17);
///
/// // Static transforms: the result's numbers are in its type.
/// let buf: [i32; 12] = core::array::from_fn(|i| i as i32);
/// let v = strided!(&buf; shape = (3, 4)).flip_axis::<1>().index_axis_at::<0, 2>();
/// assert_eq!(v[[0]], 11);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// # A run-time value as an entry: write `dyn rows`
///
/// A plain entry is a compile-time constant. A local variable there is
/// rustc's own error, which the macro cannot reword:
///
/// ```text
/// error[E0435]: attempt to use a non-constant value in a constant
///  --> src/main.rs:8:37
///   |
/// 8 |     let _ = strided!(&buf; shape = (rows, 3));
///   |             ------------------------^^^^----- this would need to be a `let`
/// ```
///
/// Mark the entry as run-time instead: `strided!(&buf; shape = (dyn rows, 3))`
/// keeps the other entries static and returns a `Result`, checked when it
/// runs (`ui-tests/fail/runtime_variable_entry.rs` holds this text).
///
/// ```
/// use constrided::strided;
/// let buf = vec![0u8; 12];
/// let rows = buf.len() / 3;
/// let v = strided!(&buf; shape = (dyn rows, 3))?;
/// assert_eq!(v.shape(), [4, 3]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// # A const generic parameter as an entry: `R` or `const R`
///
/// A const generic parameter goes into the layout's type as itself; any
/// other constant (of any integer type: `ROWS: u32`, `PITCH: usize` as a
/// stride) is checked in a `const` item. Rust gives a macro no name
/// resolution, so a bare name is read by its spelling alone: a name of one
/// or two characters, an upper-case letter then an upper-case letter or a
/// digit (`R`, `N`, `WS`, `C2`, `-S` for a negated stride), is a const
/// argument as itself; any other name is a constant. Both misreadings are
/// compile errors at the entry: a short constant of another type than the
/// entry's (`const N: u32` as a size) is a type mismatch, write `(N)`; a
/// longer parameter name is "can't use generic parameters from outer
/// item" (E0401), write `const ROWS`. A short constant of the entry's type
/// (`usize`, `isize` for strides) works as a const argument, but its rules
/// are then checked when the code is built (`cargo build`), not by
/// `cargo check`, and in the type form only where the type is used, with
/// an error that shows that use rather than the entry; `(N)` has them
/// checked at the entry. The marker `const R` (`-const S` for a negated
/// stride) says outright that an entry is a parameter, as `dyn h` says
/// that it is a run-time value. A parameter must have the entry's type
/// (`usize`, `isize` for strides).
///
/// ```
/// use constrided::{strided, Mapping};
/// fn tile<const R: usize, const S: isize>(buf: &[u8; 64]) -> u8 {
///     let v = strided!(buf; shape = (const R, 2), strides = (-const S, 1), offset = 40);
///     v[[R - 1, 1]]
/// }
/// assert_eq!(tile::<3, 10>(&core::array::from_fn(|i| i as u8)), 21);
/// ```
///
/// # What is checked when, and why
///
/// The numeric rules are the crate's own `const fn`s in [`layout::math`]
/// (the same code the runtime [`Layout`] runs), evaluated by the compiler;
/// the macro itself only checks what it sees in the tokens. When each rule
/// is reported depends on what the compiler knows when:
///
/// - **`cargo check`** (the macro and type-checking): keys, counts, rank,
///   literal signs and ranges (a suffixed literal keeps its type: `300u8`
///   is an error; a literal in parentheses, `-(3000000000)`, is read as
///   the literal is, at its own width; a literal inside an expression
///   that does not fit the type rustc gives it, `5000000000 - 1` as an
///   `i32`, is an error even under `#![allow(overflowing_literals)]`,
///   never a wrapped number), and every layout rule of a layout written with literals
///   and constants or constant expressions of any integer type (`PITCH`
///   with `PITCH: usize` as a stride, `ROWS: u32`, `consts::W`, `2 * COLS`;
///   a float or `bool` is an error naming its type): reach below 0,
///   overflow, `len`, and the exact `&mut`
///   uniqueness proof (decided for every layout of up to 2^16 elements in
///   well under a second; beyond, an error says it could not decide). A
///   `&mut` behind a binding meets a quick proof (a few hundred steps)
///   while the caller is type-checked; a shared view never pays more.
///   Rules of a mixed layout that involve only static entries (a static
///   zero stride under `&mut`, static axes that alias among themselves
///   under `&mut` as in `shape = (dyn h, 3, 3), strides = (9, 1, 1)`, a
///   negative static size) are errors too.
/// - **Instantiation** (`cargo build`, `cargo test`): what depends on a
///   generic parameter or on the buffer's type. An entry `const R` (or
///   `-const S` for a stride) names a const generic parameter: it goes
///   into the layout's type as a const argument (it must then have the
///   entry's type: `usize`, `isize` for strides) and its rules are checked by an inline `const` block at the
///   macro call, which rustc evaluates when the code is monomorphized —
///   the error points at the user's line and names the numbers of that
///   instantiation. So are a fixed-size array that is too short (its length
///   is a generic parameter of the buffer type) and a `&mut` uniqueness
///   proof the quick search left open (checked in a generic function the
///   macro defines at the call, so the error points at the buffer), and a
///   static transform's const argument that depends on the layout's sizes
///   (`index_axis_at::<1, 4>()` on an axis of size 4, a `slice_axis` bound
///   past the size, `remove_axis_at` of an axis of size 3): its first line
///   names the rule and the numbers, and rustc's "while instantiating"
///   note shows the user's line. (A static transform's axis out of range,
///   `flip_axis::<2>()` on rank 2, is a trait bound of the call, reported
///   by `cargo check`.) Stable Rust has no
///   `generic_const_exprs`, so none of these can be a `cargo check` error:
///   `cargo check`, and so rust-analyzer, says nothing about them, and
///   `cargo build` reports them. To have `cargo check` see an array that
///   is too short, state its length in the layout: `len = 100` makes the
///   rule "the layout stays inside `len` elements" a constant of the call,
///   checked with the other constant rules (and the array must then be at
///   least `len` long, which `cargo build` still checks). A `const _` item
///   in the expansion cannot do it: the array's length is the type of an
///   expression the macro sees only as tokens (`&buf`), and an item cannot
///   name a local variable's type.
///   For the other instantiation-time errors, have the editor run
///   `cargo build` instead of `cargo check` (rust-analyzer:
///   `"rust-analyzer.check.command": "build"`), or run `cargo build`.
/// - **Run time**: `dyn` entries (the mixed form returns `Result`), and the
///   buffer length of slices and `Vec`s (`Result` as well).
///
/// `ui-tests/` holds every error message.
pub use constrided_macros::strided;
pub use error::{Dims, LayoutError, ShapeArg};
pub use kernel::rearrange;
pub use layout::{
    CanInsertAxis, DynLayout, HasAxis, Higher, Layout, Lower, Mapping, MaxRank, MemoryMap, Rank,
    Slice, SliceArg, SliceElem, SliceEntry, SliceInfo, SlicePad,
};
pub use tile::{EdgeTiles, EdgeTilesMut, TileLayout, Tiles, TilesMut};
pub use view::linalg;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use view::CowView;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use view::StridedArray;
pub use view::Var;
pub use view::{
    AxisIter, AxisIterMut, Chunks, ChunksMut, IndexedIter, IndexedIterMut, Iter, IterMut, Lanes,
    LanesMut, Mean, StridedView, StridedViewMut, Windows,
};
pub use zip::{Indexed, Lend, Part, Producer, SeventhOperand, Shared, Yield, Zip};

/// The largest supported rank.
///
/// ```
/// assert_eq!(constrided::MAX_RANK, 8);
/// ```
pub const MAX_RANK: usize = 8;

// `core::array::from_fn` as one plain loop, for the small index and
// position arrays of the engines. Optimised, both are the same code; in a
// debug build (how a dependency is built), each closure given to
// `from_fn` instantiates core's `try_from_fn` chain (some 250 lines of
// LLVM IR), and a program using views, `Zip` and the operators had 56 of
// them, a tenth of its own code (docs/build-cost.md).
#[inline(always)]
pub(crate) fn array_from<T: Copy + Default, const N: usize>(
    mut f: impl FnMut(usize) -> T,
) -> [T; N] {
    let mut a = [T::default(); N];
    let mut k = 0;
    while k < N {
        a[k] = f(k);
        k += 1;
    }
    a
}

// The README's Rust examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
