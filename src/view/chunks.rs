//! Non-overlapping blocks: [`Chunks`] from `exact_chunks` (blocks of one
//! shape, the remainder dropped; ndarray's `exact_chunks`) and
//! `axis_chunks_iter` (blocks along one axis, the last one shorter;
//! ndarray's `axis_chunks_iter`), and their mutable twins [`ChunksMut`],
//! whose blocks reach disjoint elements and may all be alive at once.

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use super::iter::Cursor;
use super::{StridedView, StridedViewMut};
use crate::error::LayoutError;
use crate::layout::{Layout, Mapping};

// The blocks of a layout: a cursor over the grid of block starts, each
// block `chunk` long on every axis except the last one of an axis, which
// holds what is left.
#[derive(Clone, Debug)]
struct ChunkState<const N: usize> {
    grid: Cursor<N>,
    chunk: [usize; N],
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
}

impl<const N: usize> ChunkState<N> {
    // `chunk[k]` elements per block on axis k; `exact`: drop a shorter
    // last block. `ZeroStep { axis }` for a block size of 0, except on
    // the whole (unchunked) axes of `axis_chunks_iter`, `whole[k]`.
    fn new(
        l: Layout<N>,
        chunk: [usize; N],
        exact: bool,
        whole: [bool; N],
    ) -> Result<Self, LayoutError> {
        if let Some(axis) = (0..N).position(|k| chunk[k] == 0 && !whole[k]) {
            return Err(LayoutError::ZeroStep { axis });
        }
        let (shape, strides) = (l.shape(), l.strides());
        let grid: [usize; N] = core::array::from_fn(|k| {
            if whole[k] {
                1
            } else if exact {
                shape[k] / chunk[k]
            } else {
                shape[k].div_ceil(chunk[k])
            }
        });
        // With two or more blocks on an axis, chunk < size, so the step
        // between block starts is a distance between reachable positions
        // and fits; with one block it is never applied.
        let steps: [isize; N] = core::array::from_fn(|k| {
            if grid[k] >= 2 {
                strides[k].wrapping_mul(chunk[k] as isize)
            } else {
                0
            }
        });
        // SAFETY: the grid's positions are the parent's positions of the
        // block starts, in-range parent indices (g·chunk < size), so
        // reachable when the parent is non-empty; when it is empty no
        // position is used for anything but an empty block.
        let starts = unsafe { Layout::new_unchecked(grid, steps, l.offset()) };
        Ok(ChunkState {
            grid: Cursor::new(starts),
            chunk,
            shape,
            strides,
            offset: l.offset(),
        })
    }

    fn at(&self, (g, pos): ([usize; N], usize)) -> Layout<N> {
        let shape: [usize; N] =
            core::array::from_fn(|k| self.chunk[k].min(self.shape[k] - g[k] * self.chunk[k]));
        // (g[k] * chunk[k] < shape[k] unless the axis is whole, g[k] == 0.)
        let empty = shape.contains(&0);
        // SAFETY: a non-empty block's indices plus its start are in-range
        // parent indices (the shape is clipped to the parent's), so it
        // reaches only reachable parent positions; an empty block reaches
        // nothing and keeps the parent's offset.
        unsafe { Layout::new_unchecked(shape, self.strides, if empty { self.offset } else { pos }) }
    }
}

/// The grid of blocks of a fresh [`Chunks`] / [`ChunksMut`], for `Zip`
/// (`crate::zip`): `grid` blocks per axis, `chunk` long (the last one of an
/// axis shorter), over the parent's `shape`, `strides` and `offset`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChunkGrid<const N: usize> {
    pub grid: [usize; N],
    // The parent positions of the block starts (row-major over `grid`).
    pub starts: Layout<N>,
    pub chunk: [usize; N],
    pub shape: [usize; N],
    pub strides: [isize; N],
    pub offset: usize,
}

impl<const N: usize> ChunkState<N> {
    // The grid when no block was taken yet.
    fn zip_grid(&self) -> Option<ChunkGrid<N>> {
        let starts = self.grid.fresh_layout()?;
        Some(ChunkGrid {
            grid: starts.shape(),
            starts,
            chunk: self.chunk,
            shape: self.shape,
            strides: self.strides,
            offset: self.offset,
        })
    }
}

impl<T, const N: usize> Chunks<'_, T, N> {
    // The raw parts of a `Zip` operand: buffer, length, `whole`, grid.
    pub(crate) fn zip_parts(&self) -> (NonNull<T>, usize, bool, Option<ChunkGrid<N>>) {
        (self.ptr, self.len, self.whole, self.state.zip_grid())
    }
}

impl<T, const N: usize> ChunksMut<'_, T, N> {
    // The raw parts of a `Zip` operand: buffer, length, grid.
    pub(crate) fn zip_parts(&self) -> (NonNull<T>, usize, Option<ChunkGrid<N>>) {
        (self.ptr, self.len, self.state.zip_grid())
    }
}

/// Non-overlapping blocks of a view, in row-major order of their
/// position, from [`StridedView::exact_chunks`] and
/// [`StridedView::axis_chunks_iter`].
///
/// ```
/// use constrided::StridedView;
/// let x: Vec<i32> = (0..10).collect();
/// let v = StridedView::from(&x[..]);
/// let c: Vec<Vec<i32>> = v.axis_chunks_iter(0, 4)?.map(|c| c.to_vec()).collect();
/// assert_eq!(c, [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9]]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Chunks<'a, T, const N: usize> {
    ptr: NonNull<T>,
    len: usize,
    whole: bool,
    state: ChunkState<N>,
    _marker: PhantomData<&'a T>,
}

/// Non-overlapping mutable blocks, from [`StridedViewMut::exact_chunks_mut`]
/// and [`StridedViewMut::axis_chunks_iter_mut`]. The blocks reach disjoint
/// elements, so all may be alive at once.
///
/// ```
/// use constrided::StridedViewMut;
/// let mut x = [0; 6];
/// let mut v = StridedViewMut::from_shape([2, 3], &mut x)?;
/// let mut blocks: Vec<_> = v.axis_chunks_iter_mut(1, 2)?.collect();
/// blocks[1].fill(9);
/// blocks[0][[1, 1]] = 5;
/// assert_eq!(x, [0, 0, 9, 0, 5, 9]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Debug)]
pub struct ChunksMut<'a, T, const N: usize> {
    ptr: NonNull<T>,
    len: usize,
    state: ChunkState<N>,
    _marker: PhantomData<&'a mut T>,
}

// SAFETY: Chunks hands out shared views (Send/Sync when &T is), ChunksMut
// exclusive views of disjoint elements (as &mut T).
unsafe impl<T: Sync, const N: usize> Send for Chunks<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for Chunks<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize> Send for ChunksMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for ChunksMut<'_, T, N> {}

impl<'a, T, const N: usize> Iterator for Chunks<'a, T, N> {
    type Item = StridedView<'a, T, N>;
    fn next(&mut self) -> Option<Self::Item> {
        let at = self.state.grid.next()?;
        let l = self.state.at(at);
        // SAFETY: the block reaches only positions of the parent view (see
        // ChunkState::at), inside its buffer, readable for 'a.
        Some(unsafe { StridedView::from_parts(self.ptr, self.len, l, self.whole) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.state.grid.len();
        (n, Some(n))
    }
}

impl<T, const N: usize> DoubleEndedIterator for Chunks<'_, T, N> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let at = self.state.grid.next_back()?;
        let l = self.state.at(at);
        // SAFETY: as in next.
        Some(unsafe { StridedView::from_parts(self.ptr, self.len, l, self.whole) })
    }
}

impl<'a, T, const N: usize> Iterator for ChunksMut<'a, T, N> {
    type Item = StridedViewMut<'a, T, N>;
    fn next(&mut self) -> Option<Self::Item> {
        let at = self.state.grid.next()?;
        let l = self.state.at(at);
        // SAFETY: each block is handed out once; distinct blocks are
        // disjoint index ranges of the parent's unique layout, so they
        // reach disjoint positions the parent had exclusively for 'a; not
        // `exclusive`: the gaps belong to sibling blocks.
        Some(unsafe { StridedViewMut::from_parts(self.ptr, self.len, l, false) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.state.grid.len();
        (n, Some(n))
    }
}

impl<T, const N: usize> DoubleEndedIterator for ChunksMut<'_, T, N> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let at = self.state.grid.next_back()?;
        let l = self.state.at(at);
        // SAFETY: as in next (the cursor hands out each block once, from
        // either end).
        Some(unsafe { StridedViewMut::from_parts(self.ptr, self.len, l, false) })
    }
}

impl<T, const N: usize> ExactSizeIterator for Chunks<'_, T, N> {}
impl<T, const N: usize> FusedIterator for Chunks<'_, T, N> {}
impl<T, const N: usize> ExactSizeIterator for ChunksMut<'_, T, N> {}
impl<T, const N: usize> FusedIterator for ChunksMut<'_, T, N> {}

// The blocks of `axis_chunks_iter`: `size` on `axis`, whole elsewhere.
fn axis_chunks<const N: usize>(
    l: Layout<N>,
    axis: usize,
    size: usize,
) -> Result<ChunkState<N>, LayoutError> {
    if axis >= N {
        return Err(LayoutError::AxisOutOfRange { axis, rank: N });
    }
    let mut chunk = l.shape();
    chunk[axis] = size;
    let whole = core::array::from_fn(|k| k != axis);
    ChunkState::new(l, chunk, false, whole)
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The blocks of shape `chunk` that fit, in row-major order of their
    /// position; the remainder of each axis is dropped (ndarray's
    /// `exact_chunks`). `ZeroStep { axis }` for a block size of 0.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..20).collect();
    /// let v = StridedView::from_shape([4, 5], &x)?;
    /// let sums: Vec<i32> = v.exact_chunks([2, 2])?.map(|b| b.sum()).collect();
    /// assert_eq!(sums, [0 + 1 + 5 + 6, 2 + 3 + 7 + 8, 10 + 11 + 15 + 16, 12 + 13 + 17 + 18]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn exact_chunks(self, chunk: [usize; N]) -> Result<Chunks<'a, T, N>, LayoutError> {
        Ok(Chunks {
            ptr: self.ptr,
            len: self.len,
            whole: self.whole,
            state: ChunkState::new(self.layout(), chunk, true, [false; N])?,
            _marker: PhantomData,
        })
    }

    /// Blocks of `size` indices along `axis` (whole along the others), the
    /// last one shorter when `size` does not divide the axis (ndarray's
    /// `axis_chunks_iter`). `AxisOutOfRange`, or `ZeroStep` for size 0.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::from_shape([3, 2], &x)?;
    /// let shapes: Vec<[usize; 2]> = v.axis_chunks_iter(0, 2)?.map(|c| c.shape()).collect();
    /// assert_eq!(shapes, [[2, 2], [1, 2]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_chunks_iter(
        self,
        axis: usize,
        size: usize,
    ) -> Result<Chunks<'a, T, N>, LayoutError> {
        Ok(Chunks {
            ptr: self.ptr,
            len: self.len,
            whole: self.whole,
            state: axis_chunks(self.layout(), axis, size)?,
            _marker: PhantomData,
        })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// Shared blocks (see [`StridedView::exact_chunks`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4, 5];
    /// let v = StridedViewMut::from(&mut x[..]);
    /// assert_eq!(v.exact_chunks([2])?.count(), 2);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn exact_chunks(&self, chunk: [usize; N]) -> Result<Chunks<'_, T, N>, LayoutError> {
        self.view().exact_chunks(chunk)
    }

    /// Shared blocks along `axis` (see [`StridedView::axis_chunks_iter`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4, 5];
    /// let v = StridedViewMut::from(&mut x[..]);
    /// assert_eq!(v.axis_chunks_iter(0, 2)?.count(), 3);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_chunks_iter(
        &self,
        axis: usize,
        size: usize,
    ) -> Result<Chunks<'_, T, N>, LayoutError> {
        self.view().axis_chunks_iter(axis, size)
    }

    /// Mutable blocks of shape `chunk`, the remainder dropped; they reach
    /// disjoint elements (see [`ChunksMut`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [0; 12];
    /// let mut v = StridedViewMut::from_shape([3, 4], &mut x)?;
    /// for (i, mut b) in v.exact_chunks_mut([2, 2])?.enumerate() {
    ///     b.fill(i + 1);
    /// }
    /// assert_eq!(x, [1, 1, 2, 2, 1, 1, 2, 2, 0, 0, 0, 0]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn exact_chunks_mut(
        &mut self,
        chunk: [usize; N],
    ) -> Result<ChunksMut<'_, T, N>, LayoutError> {
        Ok(ChunksMut {
            ptr: self.ptr,
            len: self.len,
            state: ChunkState::new(self.layout(), chunk, true, [false; N])?,
            _marker: PhantomData,
        })
    }

    /// Mutable blocks of `size` indices along `axis`, the last one shorter;
    /// they reach disjoint elements (see [`ChunksMut`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [0; 5];
    /// for (i, mut c) in StridedViewMut::from(&mut x[..]).axis_chunks_iter_mut(0, 2)?.enumerate() {
    ///     c.fill(i);
    /// }
    /// assert_eq!(x, [0, 0, 1, 1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_chunks_iter_mut(
        &mut self,
        axis: usize,
        size: usize,
    ) -> Result<ChunksMut<'_, T, N>, LayoutError> {
        Ok(ChunksMut {
            ptr: self.ptr,
            len: self.len,
            state: axis_chunks(self.layout(), axis, size)?,
            _marker: PhantomData,
        })
    }
}

// By-value forms, for StridedArray's methods (whose views are temporaries).
#[cfg(feature = "alloc")]
impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    pub(crate) fn into_exact_chunks_mut(
        self,
        chunk: [usize; N],
    ) -> Result<ChunksMut<'a, T, N>, LayoutError> {
        Ok(ChunksMut {
            ptr: self.ptr,
            len: self.len,
            state: ChunkState::new(self.layout(), chunk, true, [false; N])?,
            _marker: PhantomData,
        })
    }

    pub(crate) fn into_axis_chunks_iter_mut(
        self,
        axis: usize,
        size: usize,
    ) -> Result<ChunksMut<'a, T, N>, LayoutError> {
        Ok(ChunksMut {
            ptr: self.ptr,
            len: self.len,
            state: axis_chunks(self.layout(), axis, size)?,
            _marker: PhantomData,
        })
    }
}
