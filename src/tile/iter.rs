//! The tiles of a view: [`Tiles`] / [`TilesMut`] over the full tiles, with
//! the tile shape in the type, and [`EdgeTiles`] / [`EdgeTilesMut`] over
//! the partial tiles at the edges, as run-time views.

// Grid numbers are indexed in lock-step across arrays; the iterators'
// markers and item types are long by nature.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use super::{coord_problem, tiler_problem, ConstCoord, Shape, TileLayout, TileRank, TileShape};
use crate::error::LayoutError;
use crate::layout::{Layout, Mapping};
use crate::static_layout::StaticMapping;
use crate::view::{StridedView, StridedViewMut};

// The grid of tiles over a parent layout: `tile` elements per tile on each
// axis, `count` tiles per axis (full tiles, or all tiles for the edges).
#[derive(Clone, Copy, Debug)]
struct Grid<const N: usize> {
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
    tile: [usize; N],
    count: [usize; N],
}

impl<const N: usize> Grid<N> {
    fn new(l: &Layout<N>, tile: [usize; N], full: bool) -> Self {
        let shape = l.shape();
        // (Tile sizes are never 0: the tilers are checked at compile time.)
        let count = core::array::from_fn(|k| {
            if full {
                shape[k] / tile[k]
            } else {
                shape[k].div_ceil(tile[k])
            }
        });
        Grid {
            shape,
            strides: l.strides(),
            offset: l.offset(),
            tile,
            count,
        }
    }

    fn total(&self) -> usize {
        // The product of counts is at most the element count, which fits.
        self.count.iter().product()
    }

    // The grid index of the linear (row-major) tile number `i`.
    fn unravel(&self, mut i: usize) -> [usize; N] {
        let mut g = [0usize; N];
        for k in (0..N).rev() {
            g[k] = i % self.count[k];
            i /= self.count[k];
        }
        g
    }

    // The position of the first element of tile `g`: an in-range parent
    // index (g[k]·tile[k] < shape[k]) when the tile exists.
    #[inline(always)]
    fn start(&self, g: &[usize; N]) -> usize {
        let mut pos = self.offset as isize;
        for k in 0..N {
            pos = pos.wrapping_add(((g[k] * self.tile[k]) as isize).wrapping_mul(self.strides[k]));
        }
        pos as usize
    }

    // The layout of the (possibly partial) tile `g`.
    fn clipped(&self, g: &[usize; N]) -> Layout<N> {
        let shape: [usize; N] =
            core::array::from_fn(|k| self.tile[k].min(self.shape[k] - g[k] * self.tile[k]));
        // SAFETY: g[k]·tile[k] < shape[k] for an existing tile, so the
        // clipped box is made of in-range parent indices: its positions are
        // positions of the parent's valid layout.
        unsafe { Layout::new_unchecked(shape, self.strides, self.start(g)) }
    }

    fn is_full(&self, g: &[usize; N]) -> bool {
        (0..N).all(|k| (g[k] + 1) * self.tile[k] <= self.shape[k])
    }
}

// The front cursor and the range of linear tile numbers still to hand out.
#[derive(Clone, Copy, Debug)]
struct Range<const N: usize> {
    grid: Grid<N>,
    front: usize,
    back: usize,
    // The grid index and start position of tile `front` (kept in step, so
    // that `next` adds instead of dividing).
    index: [usize; N],
    pos: usize,
}

impl<const N: usize> Range<N> {
    fn new(grid: Grid<N>) -> Self {
        let index = [0; N];
        Range {
            grid,
            front: 0,
            back: grid.total(),
            index,
            pos: grid.start(&index),
        }
    }

    fn len(&self) -> usize {
        self.back - self.front
    }

    fn seek(&mut self, front: usize) {
        self.front = front;
        if front < self.back {
            self.index = self.grid.unravel(front);
            self.pos = self.grid.start(&self.index);
        }
    }

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.front >= self.back {
            return None;
        }
        let pos = self.pos;
        self.front += 1;
        // Advance the odometer (its value past the last tile is unused).
        let mut k = N;
        while k > 0 {
            k -= 1;
            self.index[k] += 1;
            let step = (self.grid.tile[k] as isize).wrapping_mul(self.grid.strides[k]);
            self.pos = (self.pos as isize).wrapping_add(step) as usize;
            if self.index[k] < self.grid.count[k] {
                break;
            }
            let back = step.wrapping_mul(self.grid.count[k] as isize);
            self.pos = (self.pos as isize).wrapping_sub(back) as usize;
            self.index[k] = 0;
        }
        Some(pos)
    }

    fn next_back(&mut self) -> Option<usize> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        Some(self.grid.start(&self.grid.unravel(self.back)))
    }

    fn nth(&mut self, n: usize) -> Option<usize> {
        if n >= self.len() {
            self.front = self.back;
            return None;
        }
        self.seek(self.front + n);
        self.next()
    }

    // The start positions of every tile of the grid as a layout over the
    // grid (a `Zip` operand), when this range is the whole grid: no tile
    // was taken from either end and it is not a proper part of a split
    // (of the two parts of `split_at`, at most one is whole: the other is
    // empty). Otherwise an empty layout: a zip takes whole grids only.
    pub(super) fn whole_starts(&self) -> Layout<N> {
        let g = &self.grid;
        let total = g.total();
        if self.front != 0 || self.back != total {
            // Rank 0 has no empty shape (its one index is always visited):
            // the grid's one tile was handed out, or is the other part's.
            assert!(
                N > 0,
                "Zip: a rank-0 tile iterator whose tile was already handed out (or split off) is no operand: rank 0 has no empty shape"
            );
            // SAFETY: an empty layout (N >= 1, all zeros) reaches nothing.
            return unsafe { Layout::new_unchecked([0; N], [0; N], 0) };
        }
        if total == 0 {
            // The grid's shape (some axis holds no full tile): empty.
            // SAFETY: an empty layout reaches nothing (always valid).
            return unsafe { Layout::new_unchecked(g.count, [0; N], 0) };
        }
        // With two or more tiles on an axis, the step between tile starts
        // is the distance between two reachable parent positions (of
        // indices 0 and tile < shape), so it fits; with one it is never
        // applied.
        let steps: [isize; N] = core::array::from_fn(|k| {
            if g.count[k] >= 2 {
                (g.tile[k] as isize).wrapping_mul(g.strides[k])
            } else {
                0
            }
        });
        // SAFETY: the positions of this layout are the starts of the full
        // tiles, g·tile on each axis with g < count, so g·tile < shape:
        // positions of in-range parent indices, inside the parent's valid
        // layout (non-negative, below its buffer length, so within isize);
        // its element count is the number of tiles, at most the parent's
        // element count, which fits usize.
        unsafe { Layout::new_unchecked(g.count, steps, g.offset) }
    }

    // Splits off the tiles from `front + at` on.
    fn split_at(self, at: usize) -> (Self, Self) {
        let mid = self.front + at.min(self.len());
        let mut left = self;
        left.back = mid;
        let mut right = self;
        right.seek(mid);
        (left, right)
    }
}

/// The full tiles of a view, in row-major order of their place, each a
/// [`StridedView`] whose shape is the tiler's (in the type, see
/// [`TileLayout`]) and whose strides are the view's. From
/// [`StridedView::tiles`]; the partial tiles at the edges are in
/// [`edges`](Tiles::edges). A [`Zip`](crate::Zip) operand (see
/// [`TilesMut`]): the items are the tiles, lent for one call.
///
/// ```
/// use constrided::{strided, Layout, StridedView, Zip};
/// let a: Vec<u32> = (0..64).collect();
/// let v = StridedView::new(&a, Layout::contiguous([8, 8]))?;
/// // The dot product of every 4x4 tile with the tile of the transpose.
/// let dots = Zip::from(v.tiles(strided![shape = (4, 4)]))
///     .and(v.t().tiles(strided![shape = (4, 4)]))?
///     .map_collect(|x, y| x.iter().zip(y.iter()).map(|(p, q)| p * q).sum::<u32>());
/// assert_eq!(dots.shape(), [2, 2]);
/// assert_eq!(dots[[0, 1]], dots[[1, 0]]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// ```
/// use constrided::{strided, StridedView};
/// let x: Vec<i32> = (0..10).collect();
/// let v = StridedView::from(&x[..]);
/// let t: Vec<Vec<i32>> = v.tiles(strided![shape = (4,)]).map(|t| t.to_vec()).collect();
/// assert_eq!(t, [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
/// ```
pub struct Tiles<'a, T, const N: usize, M, S> {
    ptr: NonNull<T>,
    len: usize,
    whole: bool,
    parent: M,
    range: Range<N>,
    _marker: PhantomData<(&'a T, fn() -> S)>,
}

/// The full tiles of a mutable view (see [`Tiles`]); they reach disjoint
/// elements, so all may be alive at once. From
/// [`StridedViewMut::tiles_mut`].
///
/// A [`Zip`](crate::Zip) operand too, with the tiles of other views in
/// lock-step (the grids must match: `ShapeMismatch` naming both), each
/// tile lent for one call of the closure; `par_for_each` splits the grid
/// over rayon. Only a whole grid is an operand: an iterator that has
/// handed out a tile, or a part of a `split_at`, is an empty one (rank 0
/// has no empty shape: such a rank-0 iterator panics as an operand).
///
/// ```
/// use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};
/// let img: Vec<f32> = (0..16 * 8).map(|e| e as f32).collect();
/// let mut out = vec![0.0f32; 8 * 16];
/// let v = StridedView::new(&img, Layout::contiguous([16, 8]))?;
/// // The transpose, 4x4 tiles at a time.
/// let mut o = StridedViewMut::new(&mut out, Layout::contiguous([8, 16]))?.t();
/// Zip::from(o.tiles_mut(strided![shape = (4, 4)]))
///     .and(v.tiles(strided![shape = (4, 4)]))?
///     .for_each(|mut o, t| o.assign(&t).unwrap());
/// assert_eq!(out[1], img[8]);
/// // Grids that differ: the error names both.
/// let w = StridedView::new(&img, Layout::contiguous([8, 16]))?;
/// let e = Zip::from(v.tiles(strided![shape = (4, 4)])).and(w.tiles(strided![shape = (4, 4)]));
/// assert!(e.err().unwrap().to_string().contains("(4, 2)"));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// ```
/// use constrided::{strided, Layout, StridedViewMut};
/// let mut x = [0; 16];
/// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([4, 4]))?;
/// let mut tiles: Vec<_> = v.tiles_mut(strided![shape = (2, 2)]).collect();
/// tiles[3].fill(1);
/// tiles[0][[1, 1]] = 2;
/// assert_eq!(x[5], 2);
/// assert_eq!(x[10..12], [1, 1]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct TilesMut<'a, T, const N: usize, M, S> {
    ptr: NonNull<T>,
    len: usize,
    parent: M,
    range: Range<N>,
    // Whether the edge tiles are still this iterator's to hand out (by
    // `split_edges`): true for one part only, so that no edge tile is
    // handed out twice.
    owns_edges: bool,
    _marker: PhantomData<(&'a mut T, fn() -> S)>,
}

impl<T, const N: usize, M: Copy, S> Clone for Tiles<'_, T, N, M, S> {
    fn clone(&self) -> Self {
        Tiles {
            ptr: self.ptr,
            len: self.len,
            whole: self.whole,
            parent: self.parent,
            range: self.range,
            _marker: PhantomData,
        }
    }
}

impl<T, const N: usize, M: Mapping<N>, S: TileShape<N>> core::fmt::Debug for Tiles<'_, T, N, M, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Tiles({:?} of {:?}, {} left)",
            S::SHAPE,
            self.range.grid.shape,
            self.range.len()
        )
    }
}
impl<T, const N: usize, M: Mapping<N>, S: TileShape<N>> core::fmt::Debug
    for TilesMut<'_, T, N, M, S>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "TilesMut({:?} of {:?}, {} left)",
            S::SHAPE,
            self.range.grid.shape,
            self.range.len()
        )
    }
}

// SAFETY: Tiles hands out shared views (Send/Sync when &T is), TilesMut
// exclusive views of disjoint elements (as &mut T); the mappings are plain
// numbers.
unsafe impl<T: Sync, const N: usize, M: Send, S> Send for Tiles<'_, T, N, M, S> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize, M: Sync, S> Sync for Tiles<'_, T, N, M, S> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize, M: Send, S> Send for TilesMut<'_, T, N, M, S> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize, M: Sync, S> Sync for TilesMut<'_, T, N, M, S> {}

impl<'a, T, const N: usize, M: Mapping<N>, S: TileShape<N>> Tiles<'a, T, N, M, S> {
    #[inline(always)]
    fn tile(&self, pos: usize) -> StridedView<'a, T, N, TileLayout<M, S, N>> {
        // SAFETY: pos is the start of a full tile (Range hands out only
        // those), so the tile's indices are in-range parent indices.
        let m = unsafe { TileLayout::new_unchecked(self.parent, pos) };
        // SAFETY: the tile reaches only positions of the parent view, inside
        // its buffer and readable for 'a (the same pointer, length and
        // `whole` as the parent).
        unsafe { StridedView::from_parts(self.ptr, self.len, m, self.whole) }
    }

    // The raw parts of a `Zip` operand: the buffer, the layout of the tile
    // starts (empty unless the whole grid is still to come), and what a
    // tile needs besides its start.
    pub(super) fn zip_parts(&self) -> (NonNull<T>, Layout<N>, super::zip::TileParts<M>) {
        let parts = super::zip::TileParts {
            parent: self.parent,
            len: self.len,
            whole: self.whole,
        };
        (self.ptr, self.range.whole_starts(), parts)
    }

    /// The number of full tiles on each axis (the view's extent divided by
    /// the tile's, rounded down), as [`tiles`](StridedView::tiles) made them.
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedView};
    /// let x = [0u8; 60];
    /// let v = StridedView::new(&x, Layout::contiguous([6, 10]))?;
    /// assert_eq!(v.tiles(strided![shape = (4, 4)]).grid(), [1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn grid(&self) -> [usize; N] {
        self.range.grid.count
    }

    /// The partial tiles at the edges (those that do not fit whole, clipped
    /// to the view), as run-time views, in row-major order of their place.
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedView};
    /// let x: Vec<u8> = (0..30).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([5, 6]))?;
    /// let shapes: Vec<[usize; 2]> = v.tiles(strided![shape = (2, 4)]).edges().map(|e| e.shape()).collect();
    /// assert_eq!(shapes, [[2, 2], [2, 2], [1, 4], [1, 2]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn edges(&self) -> EdgeTiles<'a, T, N> {
        let g = self.range.grid;
        EdgeTiles {
            ptr: self.ptr,
            len: self.len,
            whole: self.whole,
            edges: Edges::new(g),
            _marker: PhantomData,
        }
    }

    /// The part of the view past its last full tile on `axis` (every index
    /// of the other axes): the remainder along that axis, empty when the
    /// tile divides the extent. `AxisOutOfRange` for a bad axis.
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedView};
    /// let x: Vec<u8> = (0..30).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([5, 6]))?;
    /// let t = v.tiles(strided![shape = (2, 4)]);
    /// assert_eq!(t.remainder(0)?.shape(), [1, 6]);
    /// assert_eq!(t.remainder(1)?.shape(), [5, 2]);
    /// assert_eq!(t.remainder(0)?[[0, 0]], 24);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn remainder(&self, axis: usize) -> Result<StridedView<'a, T, N>, LayoutError> {
        if axis >= N {
            return Err(LayoutError::AxisOutOfRange { axis, rank: N });
        }
        let g = &self.range.grid;
        let from = g.count[axis] * g.tile[axis];
        let mut shape = g.shape;
        shape[axis] -= from;
        let offset = if shape.contains(&0) {
            g.offset
        } else {
            (g.offset as isize).wrapping_add((from as isize).wrapping_mul(g.strides[axis])) as usize
        };
        // SAFETY: indices from..shape[axis] on `axis` and all indices of
        // the other axes are in-range parent indices; an empty remainder
        // keeps the parent's offset and reaches nothing.
        let l = unsafe { Layout::new_unchecked(shape, g.strides, offset) };
        // SAFETY: the remainder reaches only positions of the parent view.
        Ok(unsafe { StridedView::from_parts(self.ptr, self.len, l, self.whole) })
    }

    /// The parts `[0, at)` and `[at, len)` of the tiles still to come (for
    /// splitting work by hand; `par_for_each` splits for rayon).
    ///
    /// ```
    /// use constrided::{strided, StridedView};
    /// let x = [0u8; 10];
    /// let (a, b) = StridedView::from(&x[..]).tiles(strided![shape = (2,)]).split_at(2);
    /// assert_eq!((a.len(), b.len()), (2, 3));
    /// ```
    pub fn split_at(self, at: usize) -> (Self, Self) {
        let (l, r) = self.range.split_at(at);
        let mut a = self.clone();
        a.range = l;
        let mut b = self;
        b.range = r;
        (a, b)
    }
}

impl<'a, T, const N: usize, M: Mapping<N>, S: TileShape<N>> TilesMut<'a, T, N, M, S> {
    #[inline(always)]
    fn tile(&self, pos: usize) -> StridedViewMut<'a, T, N, TileLayout<M, S, N>> {
        // SAFETY: pos is the start of a full tile (see Tiles::tile).
        let m = unsafe { TileLayout::new_unchecked(self.parent, pos) };
        // SAFETY: each tile is handed out once (Range yields each number
        // once, from either end, and split_at splits it in disjoint
        // parts); distinct tiles are disjoint boxes of in-range indices of
        // the parent's unique layout, so they reach disjoint positions the
        // parent had exclusively for 'a; not `exclusive`: the gaps belong
        // to sibling tiles.
        unsafe { StridedViewMut::from_parts(self.ptr, self.len, m, false) }
    }

    // The raw parts of a `Zip` operand (see `Tiles::zip_parts`); the
    // tiles are not `whole` (the gaps belong to sibling tiles).
    pub(super) fn zip_parts(&self) -> (NonNull<T>, Layout<N>, super::zip::TileParts<M>) {
        let parts = super::zip::TileParts {
            parent: self.parent,
            len: self.len,
            whole: false,
        };
        (self.ptr, self.range.whole_starts(), parts)
    }

    /// The number of full tiles on each axis; see [`Tiles::grid`].
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x = [0u8; 60];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([6, 10]))?;
    /// assert_eq!(v.tiles_mut(strided![shape = (4, 4)]).grid(), [1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn grid(&self) -> [usize; N] {
        self.range.grid.count
    }

    /// The tiles still to come and the partial tiles at the edges (mutable,
    /// run-time views): all reach disjoint elements, so both may be used at
    /// once. The edge tiles are handed out once: after a `split_at`, only
    /// the first part has them.
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x = [0u8; 30];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([5, 6]))?;
    /// let (full, edges) = v.tiles_mut(strided![shape = (2, 4)]).split_edges();
    /// for mut t in full { t.fill(1); }
    /// for mut e in edges { e.fill(2); }
    /// assert_eq!(x[..6], [1, 1, 1, 1, 2, 2]);
    /// assert_eq!(x[24..], [2; 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn split_edges(mut self) -> (Self, EdgeTilesMut<'a, T, N>) {
        let mut edges = Edges::new(self.range.grid);
        if !self.owns_edges {
            // Handed out already (by another part of a split).
            edges.left = 0;
        }
        self.owns_edges = false;
        let e = EdgeTilesMut {
            ptr: self.ptr,
            len: self.len,
            edges,
            _marker: PhantomData,
        };
        (self, e)
    }

    /// The parts `[0, at)` and `[at, len)` of the tiles still to come;
    /// the edge tiles stay with the first part (`split_edges` on the
    /// second gives none).
    ///
    /// ```
    /// use constrided::{strided, StridedViewMut};
    /// let mut x = [0u8; 10];
    /// let mut v = StridedViewMut::from(&mut x[..]);
    /// let (a, b) = v.tiles_mut(strided![shape = (2,)]).split_at(4);
    /// for mut t in b { t.fill(1); }
    /// assert_eq!(a.len(), 4);
    /// assert_eq!(x, [0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    /// ```
    pub fn split_at(self, at: usize) -> (Self, Self) {
        let (l, r) = self.range.split_at(at);
        (
            TilesMut {
                ptr: self.ptr,
                len: self.len,
                parent: self.parent,
                range: l,
                owns_edges: self.owns_edges,
                _marker: PhantomData,
            },
            TilesMut {
                ptr: self.ptr,
                len: self.len,
                parent: self.parent,
                range: r,
                owns_edges: false,
                _marker: PhantomData,
            },
        )
    }
}

macro_rules! tile_iter {
    ($name:ident, $item:ident) => {
        impl<'a, T, const N: usize, M: Mapping<N>, S: TileShape<N>> Iterator
            for $name<'a, T, N, M, S>
        {
            type Item = $item<'a, T, N, TileLayout<M, S, N>>;
            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                let pos = self.range.next()?;
                Some(self.tile(pos))
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.range.len();
                (n, Some(n))
            }
            fn nth(&mut self, n: usize) -> Option<Self::Item> {
                let pos = self.range.nth(n)?;
                Some(self.tile(pos))
            }
        }
        impl<T, const N: usize, M: Mapping<N>, S: TileShape<N>> DoubleEndedIterator
            for $name<'_, T, N, M, S>
        {
            fn next_back(&mut self) -> Option<Self::Item> {
                let pos = self.range.next_back()?;
                Some(self.tile(pos))
            }
        }
        impl<T, const N: usize, M: Mapping<N>, S: TileShape<N>> ExactSizeIterator
            for $name<'_, T, N, M, S>
        {
        }
        impl<T, const N: usize, M: Mapping<N>, S: TileShape<N>> FusedIterator
            for $name<'_, T, N, M, S>
        {
        }
    };
}
tile_iter!(Tiles, StridedView);
tile_iter!(TilesMut, StridedViewMut);

// The edge tiles of a grid: the tiles of the rounded-up grid that are not
// full, walked in row-major order; `left` counts those still to come.
#[derive(Clone, Copy, Debug)]
struct Edges<const N: usize> {
    grid: Grid<N>,
    next: usize,
    end: usize,
    left: usize,
}

impl<const N: usize> Edges<N> {
    fn new(full: Grid<N>) -> Self {
        let all = Grid {
            count: core::array::from_fn(|k| full.shape[k].div_ceil(full.tile[k])),
            ..full
        };
        let left = all.total() - full.total();
        Edges {
            grid: all,
            next: 0,
            end: all.total(),
            left,
        }
    }

    fn next(&mut self) -> Option<Layout<N>> {
        while self.left > 0 && self.next < self.end {
            let g = self.grid.unravel(self.next);
            self.next += 1;
            if !self.grid.is_full(&g) {
                self.left -= 1;
                return Some(self.grid.clipped(&g));
            }
        }
        None
    }
}

/// The partial tiles at the edges of a view, as run-time views; from
/// [`Tiles::edges`].
///
/// ```
/// use constrided::{strided, StridedView};
/// let x = [0u8; 10];
/// let e = StridedView::from(&x[..]).tiles(strided![shape = (4,)]).edges();
/// assert_eq!(e.map(|t| t.shape()).collect::<Vec<_>>(), [[2]]);
/// ```
#[derive(Clone, Debug)]
pub struct EdgeTiles<'a, T, const N: usize> {
    ptr: NonNull<T>,
    len: usize,
    whole: bool,
    edges: Edges<N>,
    _marker: PhantomData<&'a T>,
}

/// The partial tiles at the edges of a mutable view, as run-time views;
/// from [`TilesMut::split_edges`]. They reach elements disjoint from each
/// other and from the full tiles.
///
/// ```
/// use constrided::{strided, StridedViewMut};
/// let mut x = [0u8; 10];
/// let mut v = StridedViewMut::from(&mut x[..]);
/// let (_, edges) = v.tiles_mut(strided![shape = (4,)]).split_edges();
/// for mut e in edges { e.fill(7); }
/// assert_eq!(x, [0, 0, 0, 0, 0, 0, 0, 0, 7, 7]);
/// ```
#[derive(Debug)]
pub struct EdgeTilesMut<'a, T, const N: usize> {
    ptr: NonNull<T>,
    len: usize,
    edges: Edges<N>,
    _marker: PhantomData<&'a mut T>,
}

// SAFETY: as for Tiles / TilesMut.
unsafe impl<T: Sync, const N: usize> Send for EdgeTiles<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for EdgeTiles<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize> Send for EdgeTilesMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for EdgeTilesMut<'_, T, N> {}

impl<'a, T, const N: usize> Iterator for EdgeTiles<'a, T, N> {
    type Item = StridedView<'a, T, N>;
    fn next(&mut self) -> Option<Self::Item> {
        let l = self.edges.next()?;
        // SAFETY: an edge tile reaches only positions of the parent view
        // (Grid::clipped), inside its buffer, readable for 'a.
        Some(unsafe { StridedView::from_parts(self.ptr, self.len, l, self.whole) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.edges.left, Some(self.edges.left))
    }
}

impl<'a, T, const N: usize> Iterator for EdgeTilesMut<'a, T, N> {
    type Item = StridedViewMut<'a, T, N>;
    fn next(&mut self) -> Option<Self::Item> {
        let l = self.edges.next()?;
        // SAFETY: each edge tile is handed out once; edge tiles are boxes
        // of in-range parent indices disjoint from each other and from
        // every full tile (a box of the rounded-up grid is either full or
        // an edge), so they reach positions no other tile reaches, of the
        // parent's unique layout, exclusively the parent's for 'a.
        Some(unsafe { StridedViewMut::from_parts(self.ptr, self.len, l, false) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.edges.left, Some(self.edges.left))
    }
}

impl<T, const N: usize> ExactSizeIterator for EdgeTiles<'_, T, N> {}
impl<T, const N: usize> FusedIterator for EdgeTiles<'_, T, N> {}
impl<T, const N: usize> ExactSizeIterator for EdgeTilesMut<'_, T, N> {}
impl<T, const N: usize> FusedIterator for EdgeTilesMut<'_, T, N> {}

// The start of tile `coord` of a mapping tiled by `tile`, or the error
// naming the first coordinate out of range.
fn tile_start<const N: usize, M: Mapping<N>>(
    m: &M,
    tile: [usize; N],
    coord: [usize; N],
) -> Result<usize, LayoutError> {
    let g = Grid::new(&m.to_layout(), tile, true);
    for k in 0..N {
        if coord[k] >= g.count[k] {
            return Err(LayoutError::IndexOutOfRange {
                axis: k,
                index: coord[k],
                size: g.count[k],
            });
        }
    }
    Ok(g.start(&coord))
}

// The start of the const tile `coord` of a static mapping.
const fn const_start<const N: usize>(l: Layout<N>, tile: [usize; N], coord: &[usize]) -> usize {
    let (s, mut pos) = (l.strides(), l.offset() as isize);
    let mut k = 0;
    while k < N {
        pos += (coord[k] * tile[k]) as isize * s[k];
        k += 1;
    }
    pos as usize
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The full tiles of the view by a static `tiler` (a static layout
    /// such as `strided![shape = (8, 8)]`, of the view's rank; only its
    /// shape counts), in row-major order of their place. Each tile is a
    /// view whose shape is the tiler's, in the type, and whose strides are
    /// this view's (see [`TileLayout`]), so kernels over a tile run the
    /// constant loop nest. The partial tiles at the edges are in
    /// [`Tiles::edges`]. A tiler of another rank is a compile error at the
    /// call ("a tiler of rank 3 on a view of rank 2", [`TileRank`]); one with an
    /// empty axis is a compile error naming the numbers.
    ///
    /// ```
    /// use constrided::{strided, Layout, Mapping, StridedView};
    /// let x: Vec<u32> = (0..48).collect();
    /// // A transposed view, 8x6 with strides (1, 8).
    /// let v = StridedView::new(&x, Layout::contiguous([6, 8]))?.t();
    /// let mut tiles = v.tiles(strided![shape = (4, 3)]);
    /// assert_eq!(tiles.len(), 4);
    /// let t = tiles.nth(1).unwrap();
    /// assert_eq!((t.shape(), t.strides()), ([4, 3], [1, 8]));
    /// assert_eq!(t.to_vec(), [24, 32, 40, 25, 33, 41, 26, 34, 42, 27, 35, 43]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tiles<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        self,
        tiler: TL,
    ) -> Tiles<'a, T, N, M, Shape<TL, R>> {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        let _ = tiler;
        let tile = <Shape<TL, R> as TileShape<N>>::SHAPE;
        let ptr = self.nonnull();
        Tiles {
            ptr,
            len: self.buffer_len(),
            whole: self.is_whole(),
            parent: *self.mapping(),
            range: Range::new(Grid::new(&self.mapping().to_layout(), tile, true)),
            _marker: PhantomData,
        }
    }

    /// The full tile at tile coordinate `coord` (CuTe's `local_tile`):
    /// elements `coord[k]·tile[k] ..` on each axis, with the tiler's shape
    /// in the type. `IndexOutOfRange` (naming the axis, the coordinate and
    /// the number of full tiles) when the tile does not fit in the view.
    ///
    /// ```
    /// use constrided::{strided, Layout, LayoutError, StridedView};
    /// let x: Vec<u32> = (0..100).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([10, 10]))?;
    /// let t = v.tile_at(strided![shape = (3, 4)], [2, 1])?;
    /// assert_eq!(t[[0, 0]], 64);
    /// assert_eq!(t.sum(), (0..3).flat_map(|i| (0..4).map(move |j| 64 + 10 * i + j)).sum());
    /// assert_eq!(
    ///     v.tile_at(strided![shape = (3, 4)], [3, 0]).unwrap_err(),
    ///     LayoutError::IndexOutOfRange { axis: 0, index: 3, size: 3 }
    /// );
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tile_at<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedView<'a, T, N, TileLayout<M, Shape<TL, R>, N>>, LayoutError> {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        let _ = tiler;
        let tile = <Shape<TL, R> as TileShape<N>>::SHAPE;
        let pos = tile_start(self.mapping(), tile, coord)?;
        // SAFETY: the coordinate was checked: pos starts a full tile.
        Ok(unsafe { self.tile_from(pos) })
    }

    /// The full tile at the const coordinate `at` (`At::<1, 2>`) of a
    /// static view: the coordinate is checked at compile time (an error
    /// naming the axis, the coordinate, the extent and the tile), and the
    /// tile's position is a constant.
    ///
    /// ```
    /// use constrided::{strided, tile::At};
    /// let buf: [i32; 64] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&buf; shape = (8, 8));
    /// let t = v.tile_at_const(strided![shape = (4, 2)], At::<1, 3>);
    /// assert_eq!(t[[0, 0]], 38);
    /// assert_eq!(t.shape(), [4, 2]);
    /// ```
    #[inline]
    pub fn tile_at_const<
        TL: StaticMapping<R, Rank: TileRank<R, N>>,
        const R: usize,
        C: ConstCoord,
    >(
        self,
        tiler: TL,
        at: C,
    ) -> StridedView<'a, T, N, TileLayout<M, Shape<TL, R>, N>>
    where
        M: StaticMapping<N>,
    {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        #[rustfmt::skip]
        let () = const { if let Some(m) = coord_problem(&M::LAYOUT.shape(), &<Shape<TL, R> as TileShape<N>>::SHAPE, &C::COORD) { panic!("{}", m.as_str()) } };
        let _ = (tiler, at);
        let pos =
            const { const_start(M::LAYOUT, <Shape<TL, R> as TileShape<N>>::SHAPE, &C::COORD) };
        // SAFETY: the coordinate was checked at compile time: pos starts a
        // full tile.
        unsafe { self.tile_from(pos) }
    }

    // The full tile of shape `S` starting at position `pos`.
    // SAFETY (for callers): `pos` is the position of an in-range index
    // g·tile (g < the number of full tiles on each axis) of this view.
    #[inline(always)]
    unsafe fn tile_from<S: TileShape<N>>(
        self,
        pos: usize,
    ) -> StridedView<'a, T, N, TileLayout<M, S, N>> {
        // SAFETY: the tile's indices, moved to pos, are in-range indices
        // of this view (caller).
        let m = unsafe { TileLayout::new_unchecked(*self.mapping(), pos) };
        // SAFETY: the tile reaches only positions of this view, inside its
        // buffer, readable for 'a (the same pointer, length and `whole`).
        unsafe { StridedView::from_parts(self.nonnull(), self.buffer_len(), m, self.is_whole()) }
    }

    #[inline(always)]
    fn nonnull(&self) -> NonNull<T> {
        match NonNull::new(self.as_ptr().cast_mut()) {
            Some(p) => p,
            None => unreachable!("a view's pointer is never null"),
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// Shared full tiles; see [`StridedView::tiles`].
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x: Vec<u32> = (0..16).collect();
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([4, 4]))?;
    /// assert_eq!(v.tiles(strided![shape = (2, 2)]).map(|t| t.sum()).collect::<Vec<_>>(), [10, 18, 42, 50]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tiles<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &self,
        tiler: TL,
    ) -> Tiles<'_, T, N, M, Shape<TL, R>> {
        self.view().tiles(tiler)
    }

    /// Mutable full tiles, which reach disjoint elements (all may be alive
    /// at once); see [`StridedView::tiles`] and [`TilesMut`].
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x = [0u32; 16];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([4, 4]))?;
    /// for (i, mut t) in v.tiles_mut(strided![shape = (2, 2)]).enumerate() {
    ///     t.fill(i as u32);
    /// }
    /// assert_eq!(x, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tiles_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &mut self,
        tiler: TL,
    ) -> TilesMut<'_, T, N, M, Shape<TL, R>> {
        self.reborrow().into_tiles_mut(tiler)
    }

    /// [`tiles_mut`](Self::tiles_mut), keeping the view's lifetime.
    ///
    /// ```
    /// use constrided::{strided, StridedViewMut};
    /// let mut x = [0u8; 6];
    /// let tiles: Vec<_> = StridedViewMut::from(&mut x[..]).into_tiles_mut(strided![shape = (3,)]).collect();
    /// assert_eq!(tiles.len(), 2);
    /// ```
    #[inline]
    pub fn into_tiles_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        mut self,
        tiler: TL,
    ) -> TilesMut<'a, T, N, M, Shape<TL, R>> {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        let _ = tiler;
        let tile = <Shape<TL, R> as TileShape<N>>::SHAPE;
        let ptr = match NonNull::new(self.as_mut_ptr()) {
            Some(p) => p,
            None => unreachable!("a view's pointer is never null"),
        };
        TilesMut {
            ptr,
            len: self.buffer_len(),
            parent: *self.mapping(),
            range: Range::new(Grid::new(&self.mapping().to_layout(), tile, true)),
            owns_edges: true,
            _marker: PhantomData,
        }
    }

    /// One shared full tile; see [`StridedView::tile_at`].
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x: Vec<u32> = (0..16).collect();
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([4, 4]))?;
    /// assert_eq!(v.tile_at(strided![shape = (2, 2)], [1, 0])?.sum(), 8 + 9 + 12 + 13);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn tile_at<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedView<'_, T, N, TileLayout<M, Shape<TL, R>, N>>, LayoutError> {
        self.view().tile_at(tiler, coord)
    }

    /// One mutable full tile; see [`StridedView::tile_at`].
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x = [0u32; 16];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([4, 4]))?;
    /// v.tile_at_mut(strided![shape = (2, 2)], [1, 1])?.fill(5);
    /// assert!(v.tile_at_mut(strided![shape = (2, 2)], [2, 0]).is_err());
    /// assert_eq!(x[10..12], [5, 5]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn tile_at_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &mut self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedViewMut<'_, T, N, TileLayout<M, Shape<TL, R>, N>>, LayoutError> {
        self.reborrow().into_tile_at_mut(tiler, coord)
    }

    /// One mutable full tile at a const coordinate of a static view,
    /// checked at compile time; see [`StridedView::tile_at_const`].
    ///
    /// ```
    /// use constrided::{strided, tile::At};
    /// let mut buf = [0u8; 16];
    /// let mut v = strided!(&mut buf; shape = (4, 4));
    /// v.tile_at_const_mut(strided![shape = (2, 2)], At::<0, 1>).fill(1);
    /// assert_eq!(buf[..8], [0, 0, 1, 1, 0, 0, 1, 1]);
    /// ```
    #[inline]
    pub fn tile_at_const_mut<
        TL: StaticMapping<R, Rank: TileRank<R, N>>,
        const R: usize,
        C: ConstCoord,
    >(
        &mut self,
        tiler: TL,
        at: C,
    ) -> StridedViewMut<'_, T, N, TileLayout<M, Shape<TL, R>, N>>
    where
        M: StaticMapping<N>,
    {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        #[rustfmt::skip]
        let () = const { if let Some(m) = coord_problem(&M::LAYOUT.shape(), &<Shape<TL, R> as TileShape<N>>::SHAPE, &C::COORD) { panic!("{}", m.as_str()) } };
        let _ = (tiler, at);
        let pos =
            const { const_start(M::LAYOUT, <Shape<TL, R> as TileShape<N>>::SHAPE, &C::COORD) };
        // SAFETY: the coordinate was checked at compile time: pos starts a
        // full tile.
        unsafe { self.reborrow().into_tile_from(pos) }
    }
}

#[cfg(feature = "alloc")]
impl<T, const N: usize> crate::StridedArray<T, N> {
    /// Shared full tiles; see [`StridedView::tiles`].
    ///
    /// ```
    /// use constrided::{strided, StridedArray};
    /// let a = StridedArray::from_vec([4, 4], (0..16).collect())?;
    /// assert_eq!(a.tiles(strided![shape = (4, 2)]).map(|t| t.sum()).collect::<Vec<_>>(), [52, 68]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tiles<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &self,
        tiler: TL,
    ) -> Tiles<'_, T, N, Layout<N>, Shape<TL, R>> {
        self.view().tiles(tiler)
    }

    /// Mutable full tiles; see [`StridedViewMut::tiles_mut`].
    ///
    /// ```
    /// use constrided::{strided, StridedArray};
    /// let mut a = StridedArray::from_vec([2, 4], vec![0; 8])?;
    /// for mut t in a.tiles_mut(strided![shape = (2, 2)]) { t[[1, 1]] = 1; }
    /// assert_eq!(a.into_vec(), [0, 0, 0, 0, 0, 1, 0, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn tiles_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &mut self,
        tiler: TL,
    ) -> TilesMut<'_, T, N, Layout<N>, Shape<TL, R>> {
        self.view_mut().into_tiles_mut(tiler)
    }

    /// One shared full tile; see [`StridedView::tile_at`].
    ///
    /// ```
    /// use constrided::{strided, StridedArray};
    /// let a = StridedArray::from_vec([4, 4], (0..16).collect())?;
    /// assert_eq!(a.tile_at(strided![shape = (2, 2)], [1, 1])?.sum(), 10 + 11 + 14 + 15);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn tile_at<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedView<'_, T, N, TileLayout<Layout<N>, Shape<TL, R>, N>>, LayoutError> {
        self.view().tile_at(tiler, coord)
    }

    /// One mutable full tile; see [`StridedViewMut::tile_at_mut`].
    ///
    /// ```
    /// use constrided::{strided, StridedArray};
    /// let mut a = StridedArray::from_vec([2, 2], vec![0; 4])?;
    /// a.tile_at_mut(strided![shape = (1, 2)], [1, 0])?.fill(3);
    /// assert_eq!(a.into_vec(), [0, 0, 3, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn tile_at_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        &mut self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedViewMut<'_, T, N, TileLayout<Layout<N>, Shape<TL, R>, N>>, LayoutError> {
        self.view_mut().into_tile_at_mut(tiler, coord)
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    // tile_at_mut, keeping the view's lifetime.
    #[inline]
    #[allow(clippy::type_complexity)]
    fn into_tile_at_mut<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize>(
        self,
        tiler: TL,
        coord: [usize; N],
    ) -> Result<StridedViewMut<'a, T, N, TileLayout<M, Shape<TL, R>, N>>, LayoutError> {
        #[rustfmt::skip]
        let () = const { if let Some(m) = tiler_problem(R, &TL::LAYOUT.shape(), N) { panic!("{}", m.as_str()) } };
        let _ = tiler;
        let tile = <Shape<TL, R> as TileShape<N>>::SHAPE;
        let pos = tile_start(self.mapping(), tile, coord)?;
        // SAFETY: the coordinate was checked: pos starts a full tile.
        Ok(unsafe { self.into_tile_from(pos) })
    }

    // The full mutable tile of shape `S` starting at position `pos`,
    // keeping the view's lifetime.
    // SAFETY (for callers): as StridedView::tile_from.
    #[inline(always)]
    unsafe fn into_tile_from<S: TileShape<N>>(
        mut self,
        pos: usize,
    ) -> StridedViewMut<'a, T, N, TileLayout<M, S, N>> {
        let ptr = match NonNull::new(self.as_mut_ptr()) {
            Some(p) => p,
            None => unreachable!("a view's pointer is never null"),
        };
        // SAFETY: the tile's indices, moved to pos, are in-range indices
        // of this view (caller).
        let m = unsafe { TileLayout::new_unchecked(*self.mapping(), pos) };
        // SAFETY: the tile reaches a subset of this view's positions, which
        // the consumed view held exclusively for 'a; not `exclusive` (the
        // rest of the buffer is not the tile's).
        unsafe { StridedViewMut::from_parts(ptr, self.buffer_len(), m, false) }
    }
}
