//! Static tiles: fixed tile shapes in the type over any view, and CuTe's
//! layout algebra on static layouts, computed at compile time.
//!
//! - [`StridedView::tiles`] (and `tiles_mut`, on [`StridedViewMut`] and
//!   [`StridedArray`](crate::StridedArray)) splits a view by a static
//!   *tiler* (`strided![shape = (8, 8)]`: only its shape counts) into full
//!   tiles, each a view whose shape is in the type ([`TileLayout`]) and
//!   whose strides are the view's: static when the view's are. The partial
//!   tiles at the edges are ordinary run-time views ([`Tiles::edges`]).
//! - [`StridedView::tile_at`] picks one tile (CuTe's `local_tile`),
//!   [`StridedView::tile_at_const`] one at a const coordinate of a static
//!   view, checked at compile time.
//! - [`zipped_divide`], [`logical_divide`], [`blocked_product`] and
//!   [`composition`] make static layouts out of static layouts.
//!
//! Kernels (`fill`, `map_inplace`, `sum`, `fold`, `assign`, `zip_with`, …)
//! over a tile run the plain loop nest over the constant tile shape: only
//! the tile's base position and the view's run-time strides are run-time
//! numbers.
//!
//! ```
//! use constrided::{strided, Layout, StridedView};
//! let img: Vec<f32> = (0..20 * 12).map(|e| e as f32).collect();
//! let v = StridedView::new(&img, Layout::contiguous([12, 20]))?;
//! let tiles = v.tiles(strided![shape = (4, 8)]);
//! assert_eq!(tiles.len(), 3 * 2);
//! let sums: Vec<f32> = tiles.map(|t| t.sum()).collect();
//! assert_eq!(sums[0], (0..4).map(|i| (0..8).map(|j| (20 * i + j) as f32).sum::<f32>()).sum());
//! // The edges: columns 16..20 of every tile row.
//! assert_eq!(v.tiles(strided![shape = (4, 8)]).edges().count(), 3);
//! # Ok::<(), constrided::LayoutError>(())
//! ```

mod algebra;
mod iter;
#[cfg(feature = "rayon")]
mod par;
mod zip;

pub use algebra::{
    blocked_product, blocked_product_layout, composition, composition_layout, logical_divide,
    logical_divide_layout, zipped_divide, zipped_divide_layout, AlgebraAxis, Blocked, Composed,
    Computed, LogicalDiv, OutAxes, ZippedDiv, COMPOSITION_BUDGET,
};
pub use iter::{EdgeTiles, EdgeTilesMut, Tiles, TilesMut};

use core::marker::PhantomData;

use crate::layout::mapping::Sealed;
use crate::layout::message::Message;
use crate::layout::{Layout, Mapping};
use crate::static_layout::StaticMapping;
#[cfg(doc)]
use crate::{StridedView, StridedViewMut};

/// `Rank<R>: TileRank<R, N>` holds when a tiler of rank `R` tiles a view
/// of rank `N`: when `R == N` (one size per axis of the view). The bound
/// of the tile methods (`tiles`, `tile_at`, …) on the tiler's rank, so
/// that a tiler of another rank is an error at the caller's line naming
/// both ranks. Code generic over a tiler of rank `R` and a view of rank
/// `N` states the bound as the methods do, on the tiler's own rank:
/// `TL: StaticMapping<R, Rank: TileRank<R, N>>` (code with one rank for
/// both needs none).
///
/// ```
/// use constrided::{static_layout::StaticMapping, strided, tile::TileRank, Layout, StridedView};
/// fn count<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize, const N: usize>(
///     v: StridedView<'_, u8, N>,
///     tiler: TL,
/// ) -> usize {
///     v.tiles(tiler).len()
/// }
/// let x = [0u8; 12];
/// let v = StridedView::new(&x, Layout::contiguous([4, 3]))?;
/// assert_eq!(count(v, strided![shape = (2, 3)]), 2);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// A rank-3 tiler handed to that `count` with a rank-2 view is the error
/// "a tiler of rank 3 on a view of rank 2" at the call (ui case
/// `tile_rank_generic_fn`). The bound also holds written as
/// `where Rank<R>: TileRank<R, N>`, but then rustc takes `R` from the
/// view's rank and the same mistake reads "the trait bound
/// `StaticLayout<…>: StaticMapping<2>` is not satisfied", naming the
/// tiler's full type instead of the ranks.
///
/// ```compile_fail
/// use constrided::{tile::TileRank, Rank};
/// fn tiles<const R: usize, const N: usize>() where Rank<R>: TileRank<R, N> {}
/// tiles::<3, 2>(); // a rank-3 tiler on a rank-2 view
/// ```
///
/// Not sealed, but no other crate can make another rank pair hold: the
/// bound is always on `Rank<R>`, this crate's type (the orphan rule).
///
/// ```compile_fail,E0117
/// use constrided::{tile::TileRank, Rank};
/// impl TileRank<3, 2> for Rank<3> {}
/// ```
#[diagnostic::on_unimplemented(
    message = "a tiler of rank {R} on a view of rank {N}",
    label = "a rank-{R} tiler",
    note = "a tiler has one size per axis of the view (code generic over both ranks states the bound on the tiler: `TL: StaticMapping<R, Rank: constrided::tile::TileRank<R, N>>`)"
)]
pub trait TileRank<const R: usize, const N: usize> {}
// Through a blanket impl that is not recommended: rustc then names the
// trait alone (a direct `impl TileRank<N, N> for Rank<N>` adds "but
// `TileRank<3, 3>` is implemented" and the impl's source, 6 lines).
#[diagnostic::do_not_recommend]
impl<T: same_rank::RankIs<N>, const N: usize> TileRank<N, N> for T {}
pub(crate) mod same_rank {
    /// `Rank<N>` only.
    pub trait RankIs<const N: usize> {}
    impl<const N: usize> RankIs<N> for crate::Rank<N> {}
}

/// The shape of a tile, as a constant of a type: [`Shape`] of a static
/// tiler. Sealed.
///
/// ```
/// use constrided::{static_layout::{Axis, StaticLayout}, tile::{Shape, TileShape}};
/// type T = Shape<StaticLayout<(Axis<8, 4>, Axis<4, 1>), 0>, 2>;
/// assert_eq!(<T as TileShape<2>>::SHAPE, [8, 4]);
/// ```
pub trait TileShape<const N: usize>: Sealed {
    /// The tile's size on each axis.
    const SHAPE: [usize; N];
}

/// The shape of the static tiler `TL` (of rank `R`) as a [`TileShape`]:
/// its strides and offset do not count.
///
/// ```
/// use constrided::{strided, tile::{Shape, TileShape}};
/// fn shape_of<TL: constrided::static_layout::StaticMapping<2>>(_: TL) -> [usize; 2] {
///     <Shape<TL, 2> as TileShape<2>>::SHAPE
/// }
/// assert_eq!(shape_of(strided![shape = (3, 5)]), [3, 5]);
/// ```
pub struct Shape<TL, const R: usize>(PhantomData<fn() -> TL>);

impl<TL, const R: usize> Sealed for Shape<TL, R> {}

impl<TL: StaticMapping<R>, const R: usize, const N: usize> TileShape<N> for Shape<TL, R> {
    // A rank mismatch or an empty tile axis is a compile error naming the
    // numbers, also for a type named by hand (never a silent shape of
    // zeros); the tile methods check the same rule first, at the caller.
    const SHAPE: [usize; N] = {
        let s = TL::LAYOUT.shape();
        if let Some(m) = tiler_problem(R, &s, N) {
            panic!("{}", m.as_str())
        }
        let mut out = [0usize; N];
        let mut k = 0;
        while k < N && k < R {
            out[k] = s[k];
            k += 1;
        }
        out
    };
}

/// Why a tiler of rank `r` and shape `tile` cannot tile a view of rank
/// `n`, if it cannot: the ranks differ, or an axis of the tile is empty.
///
/// ```
/// use constrided::tile::tiler_problem;
/// assert!(tiler_problem(2, &[8, 8], 2).is_none());
/// assert_eq!(
///     tiler_problem(3, &[8, 8, 8], 2).unwrap().as_str(),
///     "tiles: the tiler has rank 3 but the view has rank 2: a tiler has one size per axis of the view"
/// );
/// ```
pub const fn tiler_problem(r: usize, tile: &[usize], n: usize) -> Option<Message> {
    if r != n {
        return Some(
            Message::from_text("tiles: the tiler has rank ")
                .push_int(r as i128)
                .push(" but the view has rank ")
                .push_int(n as i128)
                .push(": a tiler has one size per axis of the view"),
        );
    }
    let mut k = 0;
    while k < tile.len() {
        if tile[k] == 0 {
            return Some(
                Message::from_text("tiles: the tiler's axis ")
                    .push_int(k as i128)
                    .push(" has size 0: a tile holds at least one element per axis"),
            );
        }
        k += 1;
    }
    None
}

/// The layout of a full tile: the shape of `S` (a constant of the type),
/// the strides of the parent mapping `M` (constants when `M` is static, as
/// for a `strided!` view; run-time otherwise, a mixed layout), and the
/// tile's start position (run-time). Made by the tile methods only, so the
/// tile lies inside its parent.
///
/// Kernels treat it as a static mapping: they run the plain loop nest over
/// its constant shape.
///
/// ```
/// use constrided::{strided, Layout, Mapping, StridedView};
/// let buf: Vec<u8> = (0..64).collect();
/// let v = StridedView::new(&buf, Layout::new([8, 8], [8, 1], 0)?)?;
/// let t = v.tile_at(strided![shape = (2, 4)], [1, 1])?;
/// let l = t.mapping();
/// assert_eq!((l.shape(), l.strides(), l.offset()), ([2, 4], [8, 1], 20));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct TileLayout<M, S, const N: usize> {
    parent: M,
    offset: usize,
    _shape: PhantomData<fn() -> S>,
}

impl<M: Copy, S, const N: usize> Clone for TileLayout<M, S, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: Copy, S, const N: usize> Copy for TileLayout<M, S, N> {}
impl<M, S, const N: usize> Sealed for TileLayout<M, S, N> {}

impl<M: Mapping<N>, S: TileShape<N>, const N: usize> core::fmt::Debug for TileLayout<M, S, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TileLayout({})", self.to_layout())
    }
}

impl<M: Mapping<N>, S: TileShape<N>, const N: usize> PartialEq for TileLayout<M, S, N> {
    fn eq(&self, other: &Self) -> bool {
        self.to_layout() == other.to_layout()
    }
}
impl<M: Mapping<N>, S: TileShape<N>, const N: usize> Eq for TileLayout<M, S, N> {}

impl<M: Mapping<N>, S: TileShape<N>, const N: usize> TileLayout<M, S, N> {
    // SAFETY (for callers): every index of the tile shape, moved to
    // `offset`, is an in-range index of `parent` (the tile lies inside
    // it), so the tile reaches only positions the parent reaches.
    #[inline(always)]
    pub(crate) unsafe fn new_unchecked(parent: M, offset: usize) -> Self {
        TileLayout {
            parent,
            offset,
            _shape: PhantomData,
        }
    }
}

// Not listed in errors: `Mapping`'s message says what a layout is.
#[diagnostic::do_not_recommend]
impl<M: Mapping<N>, S: TileShape<N>, const N: usize> Mapping<N> for TileLayout<M, S, N> {
    // The shape is a constant, which is all the kernels' static path needs
    // (the loop nest over the shape unrolls; strides and offset may be
    // run-time numbers).
    const STATIC: bool = true;
    type Transposed = Layout<N>;
    #[inline(always)]
    fn transposed(&self) -> Layout<N> {
        self.to_layout().t()
    }
    #[inline(always)]
    fn shape(&self) -> [usize; N] {
        const { S::SHAPE }
    }
    #[inline(always)]
    fn strides(&self) -> [isize; N] {
        self.parent.strides()
    }
    #[inline(always)]
    fn offset(&self) -> usize {
        self.offset
    }
    #[inline(always)]
    fn to_layout(&self) -> Layout<N> {
        // SAFETY: the tile is a box of in-range parent indices (see
        // new_unchecked), so its layout is valid: its positions are
        // positions of the parent's valid layout.
        unsafe { Layout::new_unchecked(self.shape(), self.strides(), self.offset) }
    }
}

/// A tile coordinate given as const arguments, for
/// [`StridedView::tile_at_const`]: `At::<1, 2>` is tile `(1, 2)`. Entries
/// past the view's rank must be 0 (their default).
///
/// ```
/// use constrided::tile::{At, ConstCoord};
/// assert_eq!(<At<1, 2> as ConstCoord>::COORD, [1, 2, 0, 0, 0, 0, 0, 0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct At<
    const C0: usize,
    const C1: usize = 0,
    const C2: usize = 0,
    const C3: usize = 0,
    const C4: usize = 0,
    const C5: usize = 0,
    const C6: usize = 0,
    const C7: usize = 0,
>;

/// The entries of an [`At`] coordinate. Sealed.
///
/// ```
/// use constrided::tile::{At, ConstCoord};
/// assert_eq!(<At<3> as ConstCoord>::COORD[0], 3);
/// ```
pub trait ConstCoord: Copy + Sealed {
    /// The coordinate, padded with zeros to 8 entries.
    const COORD: [usize; crate::MAX_RANK];
}

impl<
        const C0: usize,
        const C1: usize,
        const C2: usize,
        const C3: usize,
        const C4: usize,
        const C5: usize,
        const C6: usize,
        const C7: usize,
    > Sealed for At<C0, C1, C2, C3, C4, C5, C6, C7>
{
}
impl<
        const C0: usize,
        const C1: usize,
        const C2: usize,
        const C3: usize,
        const C4: usize,
        const C5: usize,
        const C6: usize,
        const C7: usize,
    > ConstCoord for At<C0, C1, C2, C3, C4, C5, C6, C7>
{
    const COORD: [usize; crate::MAX_RANK] = [C0, C1, C2, C3, C4, C5, C6, C7];
}

/// Why the const tile coordinate `coord` is out of range for a view of
/// shape `shape` tiled by `tile`, if it is.
///
/// ```
/// use constrided::tile::coord_problem;
/// assert!(coord_problem(&[16, 16], &[8, 8], &[1, 1, 0, 0, 0, 0, 0, 0]).is_none());
/// assert_eq!(
///     coord_problem(&[16, 10], &[8, 8], &[0, 1, 0, 0, 0, 0, 0, 0]).unwrap().as_str(),
///     "tile_at_const: tile coordinate 1 on axis 1 is out of range: \
///      the extent 10 holds 1 full tile(s) of 8"
/// );
/// ```
pub const fn coord_problem(
    shape: &[usize],
    tile: &[usize],
    coord: &[usize; crate::MAX_RANK],
) -> Option<Message> {
    let mut k = 0;
    while k < crate::MAX_RANK {
        if k < shape.len() && k < tile.len() {
            let n = match shape[k].checked_div(tile[k]) {
                Some(n) => n,
                None => 0,
            };
            if coord[k] >= n {
                return Some(
                    Message::from_text("tile_at_const: tile coordinate ")
                        .push_int(coord[k] as i128)
                        .push(" on axis ")
                        .push_int(k as i128)
                        .push(" is out of range: the extent ")
                        .push_int(shape[k] as i128)
                        .push(" holds ")
                        .push_int(n as i128)
                        .push(" full tile(s) of ")
                        .push_int(tile[k] as i128),
                );
            }
        } else if coord[k] != 0 {
            return Some(
                Message::from_text("tile_at_const: tile coordinate entry ")
                    .push_int(k as i128)
                    .push(" is ")
                    .push_int(coord[k] as i128)
                    .push(", past the view's rank ")
                    .push_int(shape.len() as i128)
                    .push(": it must be 0"),
            );
        }
        k += 1;
    }
    None
}
