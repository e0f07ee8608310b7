//! Sub-view iterators: [`AxisIter`] (`outer_iter`, `axis_iter`), [`Lanes`]
//! (`lanes`), [`Windows`] (`windows`), their mutable twins where the
//! sub-views cannot alias, and `diagonal`.
//!
//! Every iterator is an `ExactSizeIterator` and a `DoubleEndedIterator`; the
//! sub-views come in logical row-major order of the indices they fix.

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use super::iter::Cursor;
use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError};
use crate::layout::{Layout, Lower, Mapping, Rank};

fn check_axis(axis: usize, rank: usize) -> Result<(), LayoutError> {
    if axis < rank {
        Ok(())
    } else {
        Err(LayoutError::AxisOutOfRange { axis, rank })
    }
}

// The buffer a family of sub-views shares.
#[derive(Clone, Copy, Debug)]
struct Buf<T> {
    ptr: NonNull<T>,
    len: usize,
    // For shared sub-views: the parent's `whole`. Mutable sub-views are
    // never exclusive over the whole buffer (they have siblings).
    whole: bool,
}

// The sub-layouts of `axis_iter`: `base` at index 0 of the axis, moved by
// `stride` per index; indices front..back are left.
#[derive(Clone, Copy, Debug)]
struct AxisState<const R: usize> {
    base: Layout<R>,
    stride: isize,
    // Whether the parent is empty: then every sub-layout is empty too and
    // keeps the base offset (an empty layout's offset need not be reachable).
    empty: bool,
    front: usize,
    back: usize,
}

impl<const R: usize> AxisState<R> {
    fn new<const N: usize>(l: Layout<N>, axis: usize) -> Self
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let skip = |k: usize| if k < axis { k } else { k + 1 };
        let shape: [usize; R] = core::array::from_fn(|k| l.shape()[skip(k)]);
        let strides: [isize; R] = core::array::from_fn(|k| l.strides()[skip(k)]);
        // SAFETY: the parent's layout at index 0 of `axis`: if the parent is
        // non-empty these positions are a subset of its reachable ones; if
        // it is empty, so is this (shape has a 0) unless the 0 is on `axis`,
        // and then no sub-layout is ever made (the axis has no index).
        let base = unsafe { Layout::new_unchecked(shape, strides, l.offset()) };
        AxisState {
            base,
            stride: l.strides()[axis],
            empty: l.is_empty(),
            front: 0,
            back: l.shape()[axis],
        }
    }

    fn at(&self, i: usize) -> Layout<R> {
        if self.empty {
            return self.base;
        }
        // Index i of the axis is in range and the parent is non-empty, so
        // this is the parent's position of a reachable index: it fits.
        let offset =
            (self.base.offset() as isize).wrapping_add((i as isize).wrapping_mul(self.stride));
        // SAFETY: the positions of this layout are those of the parent's
        // indices with `axis` fixed at i: a subset of the reachable ones.
        unsafe { Layout::new_unchecked(self.base.shape(), self.base.strides(), offset as usize) }
    }

    fn next(&mut self) -> Option<Layout<R>> {
        (self.front < self.back).then(|| {
            self.front += 1;
            self.at(self.front - 1)
        })
    }

    fn next_back(&mut self) -> Option<Layout<R>> {
        (self.front < self.back).then(|| {
            self.back -= 1;
            self.at(self.back)
        })
    }
}

/// The sub-views of rank `R = N - 1` along one axis, from
/// [`StridedView::outer_iter`] and [`StridedView::axis_iter`] (ndarray's
/// `outer_iter` / `axis_iter`; NumPy's `for row in a` and
/// `np.moveaxis(a, axis, 0)`).
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x: Vec<i32> = (0..6).collect();
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
/// let cols: Vec<Vec<i32>> = v.axis_iter(1)?.map(|c| c.to_vec()).collect();
/// assert_eq!(cols, [[0, 3], [1, 4], [2, 5]]);
/// assert_eq!(v.outer_iter().rev().next().unwrap().to_vec(), [3, 4, 5]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AxisIter<'a, T, const R: usize> {
    buf: Buf<T>,
    state: AxisState<R>,
    _marker: PhantomData<&'a T>,
}

/// The mutable sub-views of rank `R = N - 1` along one axis, from
/// [`StridedViewMut::outer_iter_mut`] and [`StridedViewMut::axis_iter_mut`].
/// They reach disjoint elements, so all may be alive at once.
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [0; 6];
/// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
/// for (i, mut row) in v.outer_iter_mut().enumerate() {
///     row.fill(i);
/// }
/// assert_eq!(x, [0, 0, 0, 1, 1, 1]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Debug)]
pub struct AxisIterMut<'a, T, const R: usize> {
    buf: Buf<T>,
    state: AxisState<R>,
    _marker: PhantomData<&'a mut T>,
}

// SAFETY: AxisIter hands out shared views (Send/Sync when &T is), AxisIterMut
// exclusive views of disjoint elements (as &mut T).
unsafe impl<T: Sync, const R: usize> Send for AxisIter<'_, T, R> {}
// SAFETY: as above.
unsafe impl<T: Sync, const R: usize> Sync for AxisIter<'_, T, R> {}
// SAFETY: as above.
unsafe impl<T: Send, const R: usize> Send for AxisIterMut<'_, T, R> {}
// SAFETY: as above.
unsafe impl<T: Sync, const R: usize> Sync for AxisIterMut<'_, T, R> {}

impl<'a, T, const R: usize> AxisIter<'a, T, R> {
    fn view(&self, l: Layout<R>) -> StridedView<'a, T, R> {
        // SAFETY: the parent view's buffer, borrowed for 'a; l reaches a
        // subset of the parent's positions (AxisState::at).
        unsafe { StridedView::from_parts(self.buf.ptr, self.buf.len, l, self.buf.whole) }
    }
}

impl<'a, T, const R: usize> AxisIterMut<'a, T, R> {
    fn view(&self, l: Layout<R>) -> StridedViewMut<'a, T, R> {
        // SAFETY: the parent's exclusive borrow for 'a is held by this
        // iterator; each index of the axis is handed out once, and distinct
        // indices of a unique layout reach disjoint positions.
        unsafe { StridedViewMut::from_parts(self.buf.ptr, self.buf.len, l, false) }
    }
}

macro_rules! sub_iter {
    ($It:ident, $Item:ident, $lt:lifetime, $R:ident, $state:ident) => {
        impl<$lt, T, const $R: usize> Iterator for $It<$lt, T, $R> {
            type Item = $Item<$lt, T, $R>;
            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                let l = self.$state.next()?;
                Some(self.view(l))
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.$state.len();
                (n, Some(n))
            }
        }
        impl<$lt, T, const $R: usize> DoubleEndedIterator for $It<$lt, T, $R> {
            #[inline]
            fn next_back(&mut self) -> Option<Self::Item> {
                let l = self.$state.next_back()?;
                Some(self.view(l))
            }
        }
        impl<T, const $R: usize> ExactSizeIterator for $It<'_, T, $R> {}
        impl<T, const $R: usize> FusedIterator for $It<'_, T, $R> {}
    };
}

impl<const R: usize> AxisState<R> {
    fn len(&self) -> usize {
        self.back - self.front
    }
}

sub_iter!(AxisIter, StridedView, 'a, R, state);
sub_iter!(AxisIterMut, StridedViewMut, 'a, R, state);

// The lanes or windows of a layout: a cursor over their starting positions
// and the layout of each (`sub`, whose offset is replaced).
#[derive(Clone, Debug)]
struct SubState<const N: usize, const R: usize> {
    cursor: Cursor<N>,
    sub: Layout<R>,
    // Whether the sub-layouts are empty: then they keep `sub`'s offset (a
    // start position need not be reachable).
    empty: bool,
}

impl<const N: usize, const R: usize> SubState<N, R> {
    fn at(&self, pos: usize) -> Layout<R> {
        if self.empty {
            return self.sub;
        }
        // SAFETY: non-empty sub-layouts start at a reachable index of the
        // parent and reach only the parent's reachable positions (each
        // sub-index plus the start index is an in-range parent index).
        unsafe { Layout::new_unchecked(self.sub.shape(), self.sub.strides(), pos) }
    }
    fn next(&mut self) -> Option<Layout<R>> {
        let (_, pos) = self.cursor.next()?;
        Some(self.at(pos))
    }
    fn next_back(&mut self) -> Option<Layout<R>> {
        let (_, pos) = self.cursor.next_back()?;
        Some(self.at(pos))
    }
    fn len(&self) -> usize {
        self.cursor.len()
    }
}

fn lanes_state<const N: usize>(l: Layout<N>, axis: usize) -> Result<SubState<N, 1>, LayoutError> {
    check_axis(axis, N)?;
    let mut shape = l.shape();
    let n = shape[axis];
    shape[axis] = 1;
    // The number of lanes (the other axes' product) must fit usize; it can
    // only fail to when the lane axis is 0 (otherwise it is at most the
    // element count).
    crate::layout::math::numel(&shape)?;
    // SAFETY: the starting positions (index 0 of `axis`) are reachable when
    // the parent is non-empty; when it is empty, either no start exists
    // (another axis is 0) or the lanes are empty and their positions unused.
    let starts = unsafe { Layout::new_unchecked(shape, l.strides(), l.offset()) };
    // SAFETY: a lane of a non-empty parent reaches parent positions; an
    // empty one nothing.
    let sub = unsafe { Layout::new_unchecked([n], [l.strides()[axis]], l.offset()) };
    Ok(SubState {
        cursor: Cursor::new(starts),
        sub,
        empty: n == 0,
    })
}

fn windows_state<const N: usize>(
    l: Layout<N>,
    window: [usize; N],
) -> Result<SubState<N, N>, LayoutError> {
    let shape = l.shape();
    if (0..N).any(|k| window[k] > shape[k]) {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&shape),
            found: Dims::new(&window),
            arg: crate::ShapeArg::Window,
        });
    }
    // shape - window + 1 per axis: usize::MAX + 1 starts (a window of 0 on
    // an axis of usize::MAX elements) do not fit, nor may their product.
    let mut starts = [0usize; N];
    for k in 0..N {
        match (shape[k] - window[k]).checked_add(1) {
            Some(n) => starts[k] = n,
            None => {
                return Err(LayoutError::ShapeMismatch {
                    expected: Dims::new(&shape),
                    found: Dims::new(&window),
                    arg: crate::ShapeArg::Window,
                })
            }
        }
    }
    let empty = window.contains(&0);
    // The number of windows must fit usize: it is at most the element count
    // when no window axis is 0; otherwise check.
    if crate::layout::math::numel(&starts).is_err() {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&shape),
            found: Dims::new(&window),
            arg: crate::ShapeArg::Window,
        });
    }
    // SAFETY: with non-empty windows every start index is an in-range parent
    // index (start_k <= shape_k - window_k <= shape_k - 1), so reachable;
    // with empty windows the positions are never used.
    let starts = unsafe { Layout::new_unchecked(starts, l.strides(), l.offset()) };
    // SAFETY: as in SubState::at.
    let sub = unsafe { Layout::new_unchecked(window, l.strides(), l.offset()) };
    Ok(SubState {
        cursor: Cursor::new(starts),
        sub,
        empty,
    })
}

/// The rank-1 views along one axis, one per index of the other axes (in
/// row-major order of those), from [`StridedView::lanes`] (ndarray's
/// `lanes(Axis(k))`).
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x: Vec<i32> = (0..6).collect();
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
/// let sums: Vec<i32> = v.lanes(0)?.map(|l| l.iter().sum()).collect();
/// assert_eq!(sums, [3, 5, 7]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Lanes<'a, T, const N: usize> {
    buf: Buf<T>,
    state: SubState<N, 1>,
    _marker: PhantomData<&'a T>,
}

/// The mutable rank-1 views along one axis, from
/// [`StridedViewMut::lanes_mut`]; they reach disjoint elements.
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [0; 6];
/// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
/// for mut lane in v.lanes_mut(1)? {
///     lane[[2]] = 9;
/// }
/// assert_eq!(x, [0, 0, 9, 0, 0, 9]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Debug)]
pub struct LanesMut<'a, T, const N: usize> {
    buf: Buf<T>,
    state: SubState<N, 1>,
    _marker: PhantomData<&'a mut T>,
}

/// Overlapping read-only views of one window shape at every position
/// (NumPy's `sliding_window_view(a, window)` walked over its first `N`
/// axes; ndarray's `windows`), from [`StridedView::windows`]. There are
/// `Π (shape[k] - window[k] + 1)` of them, in row-major order of their
/// starting index.
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x: Vec<i32> = (0..5).collect();
/// let v = StridedView::new(&x, Layout::contiguous([5]))?;
/// let w: Vec<Vec<i32>> = v.windows([3])?.map(|w| w.to_vec()).collect();
/// assert_eq!(w, [[0, 1, 2], [1, 2, 3], [2, 3, 4]]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Windows<'a, T, const N: usize> {
    buf: Buf<T>,
    state: SubState<N, N>,
    _marker: PhantomData<&'a T>,
}

// SAFETY: as for AxisIter / AxisIterMut.
unsafe impl<T: Sync, const N: usize> Send for Lanes<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for Lanes<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize> Send for LanesMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for LanesMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Send for Windows<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for Windows<'_, T, N> {}

impl<T, const N: usize> Windows<'_, T, N> {
    // The raw parts of a `Zip` operand (`crate::zip`): the buffer, its
    // length, `whole`, the layout of the window starts (empty when the
    // iterator was used), the window's layout and whether it is empty.
    pub(crate) fn zip_parts(&self) -> (NonNull<T>, usize, bool, Layout<N>, Layout<N>, bool) {
        let starts = match self.state.cursor.fresh_layout() {
            Some(starts) => starts,
            None => {
                // Rank 0 has no empty shape (its one index is always
                // visited): the one window was handed out.
                assert!(
                    N > 0,
                    "Zip: a rank-0 windows iterator whose window was already handed out is no operand: rank 0 has no empty shape"
                );
                // SAFETY: an empty layout (N >= 1, all zeros) reaches
                // nothing.
                unsafe { Layout::new_unchecked([0; N], [0; N], 0) }
            }
        };
        (
            self.buf.ptr,
            self.buf.len,
            self.buf.whole,
            starts,
            self.state.sub,
            self.state.empty,
        )
    }
}

impl<'a, T, const N: usize> Lanes<'a, T, N> {
    fn view(&self, l: Layout<1>) -> StridedView<'a, T, 1> {
        // SAFETY: as in AxisIter::view.
        unsafe { StridedView::from_parts(self.buf.ptr, self.buf.len, l, self.buf.whole) }
    }
}

impl<'a, T, const N: usize> LanesMut<'a, T, N> {
    fn view(&self, l: Layout<1>) -> StridedViewMut<'a, T, 1> {
        // SAFETY: as in AxisIterMut::view: each lane is handed out once and
        // distinct lanes of a unique layout reach disjoint positions.
        unsafe { StridedViewMut::from_parts(self.buf.ptr, self.buf.len, l, false) }
    }
}

impl<'a, T, const N: usize> Windows<'a, T, N> {
    fn view(&self, l: Layout<N>) -> StridedView<'a, T, N> {
        // SAFETY: as in AxisIter::view (shared views may overlap).
        unsafe { StridedView::from_parts(self.buf.ptr, self.buf.len, l, self.buf.whole) }
    }
}

macro_rules! cursor_iter {
    ($It:ident, $Item:ident, $R:expr) => {
        impl<'a, T, const N: usize> Iterator for $It<'a, T, N> {
            type Item = $Item<'a, T, { $R }>;
            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                let l = self.state.next()?;
                Some(self.view(l))
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.state.len();
                (n, Some(n))
            }
        }
        impl<'a, T, const N: usize> DoubleEndedIterator for $It<'a, T, N> {
            #[inline]
            fn next_back(&mut self) -> Option<Self::Item> {
                let l = self.state.next_back()?;
                Some(self.view(l))
            }
        }
        impl<T, const N: usize> ExactSizeIterator for $It<'_, T, N> {}
        impl<T, const N: usize> FusedIterator for $It<'_, T, N> {}
    };
}

cursor_iter!(Lanes, StridedView, 1);
cursor_iter!(LanesMut, StridedViewMut, 1);
cursor_iter!(Windows, StridedView, N);

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    fn buf(&self) -> Buf<T> {
        Buf {
            ptr: self.ptr,
            len: self.buffer_len(),
            whole: self.whole,
        }
    }

    /// The sub-views at each index of axis 0, of rank `N - 1` (inferred):
    /// NumPy's `for row in a`, ndarray's `outer_iter`.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..12).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([3, 2, 2]))?;
    /// let firsts: Vec<i32> = v.outer_iter().map(|m| m[[0, 0]]).collect();
    /// assert_eq!(firsts, [0, 4, 8]);
    /// assert_eq!(v.outer_iter().len(), 3);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn outer_iter<const R: usize>(self) -> AxisIter<'a, T, R>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        AxisIter {
            buf: self.buf(),
            state: AxisState::new(self.layout(), 0),
            _marker: PhantomData,
        }
    }

    /// The sub-views at each index of `axis`, of rank `N - 1` (inferred);
    /// `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedView};
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// let last = v.axis_iter(1)?.next_back().unwrap();
    /// assert_eq!(last.to_vec(), [2, 5]);
    /// assert_eq!(v.axis_iter::<1>(2).unwrap_err(), LayoutError::AxisOutOfRange { axis: 2, rank: 2 });
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_iter<const R: usize>(self, axis: usize) -> Result<AxisIter<'a, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        check_axis(axis, N)?;
        Ok(AxisIter {
            buf: self.buf(),
            state: AxisState::new(self.layout(), axis),
            _marker: PhantomData,
        })
    }

    /// The rank-1 views along `axis`, one per index of the other axes, in
    /// row-major order of those (see [`Lanes`]); `AxisOutOfRange` when
    /// `axis >= N`.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// let rows: Vec<Vec<i32>> = v.lanes(1)?.map(|l| l.to_vec()).collect();
    /// assert_eq!(rows, [[0, 1, 2], [3, 4, 5]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn lanes(self, axis: usize) -> Result<Lanes<'a, T, N>, LayoutError> {
        Ok(Lanes {
            buf: self.buf(),
            state: lanes_state(self.layout(), axis)?,
            _marker: PhantomData,
        })
    }

    /// Every window of shape `window`, as overlapping read-only views (see
    /// [`Windows`]); `ShapeMismatch` when a window axis is longer than the
    /// view's (NumPy refuses it too). A window axis of 0 gives empty views.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..9).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([3, 3]))?;
    /// // im2col: every 2x2 patch, flattened.
    /// let cols: Vec<Vec<i32>> = v.windows([2, 2])?.map(|w| w.to_vec()).collect();
    /// assert_eq!(cols, [[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]);
    /// assert!(v.windows([4, 1]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn windows(self, window: [usize; N]) -> Result<Windows<'a, T, N>, LayoutError> {
        Ok(Windows {
            buf: self.buf(),
            state: windows_state(self.layout(), window)?,
            _marker: PhantomData,
        })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    fn buf_mut(&self) -> Buf<T> {
        Buf {
            ptr: self.ptr,
            len: self.buffer_len(),
            whole: false,
        }
    }

    /// Shared sub-views at each index of axis 0 (see [`StridedView::outer_iter`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.outer_iter().map(|r| r[[1]]).collect::<Vec<_>>(), [2, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn outer_iter<const R: usize>(&self) -> AxisIter<'_, T, R>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().outer_iter()
    }

    /// Shared sub-views at each index of `axis` (see [`StridedView::axis_iter`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.axis_iter(1)?.map(|c| c[[1]]).collect::<Vec<_>>(), [3, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_iter<const R: usize>(&self, axis: usize) -> Result<AxisIter<'_, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().axis_iter(axis)
    }

    /// Shared rank-1 views along `axis` (see [`StridedView::lanes`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.lanes(0)?.count(), 2);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn lanes(&self, axis: usize) -> Result<Lanes<'_, T, N>, LayoutError> {
        self.view().lanes(axis)
    }

    /// Overlapping read-only windows (see [`StridedView::windows`]); there
    /// is no mutable version: windows overlap.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// let sums: Vec<i32> = v.windows([2])?.map(|w| w.iter().sum()).collect();
    /// assert_eq!(sums, [3, 5]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn windows(&self, window: [usize; N]) -> Result<Windows<'_, T, N>, LayoutError> {
        self.view().windows(window)
    }

    /// Mutable sub-views at each index of axis 0, of rank `N - 1`
    /// (inferred); they reach disjoint elements (see [`AxisIterMut`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 4];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// let mut it = v.outer_iter_mut();
    /// let (mut a, mut b) = (it.next().unwrap(), it.next().unwrap());
    /// a[[0]] = 1;
    /// b[[1]] = 2;
    /// assert_eq!(x, [1, 0, 0, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn outer_iter_mut<const R: usize>(&mut self) -> AxisIterMut<'_, T, R>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        AxisIterMut {
            buf: self.buf_mut(),
            state: AxisState::new(self.layout(), 0),
            _marker: PhantomData,
        }
    }

    /// Mutable sub-views at each index of `axis`, of rank `N - 1`
    /// (inferred); `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// for (j, mut col) in v.axis_iter_mut(1)?.enumerate() {
    ///     col.fill(j);
    /// }
    /// assert_eq!(x, [0, 1, 2, 0, 1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn axis_iter_mut<const R: usize>(
        &mut self,
        axis: usize,
    ) -> Result<AxisIterMut<'_, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        check_axis(axis, N)?;
        Ok(AxisIterMut {
            buf: self.buf_mut(),
            state: AxisState::new(self.layout(), axis),
            _marker: PhantomData,
        })
    }

    /// Mutable rank-1 views along `axis`, one per index of the other axes
    /// (see [`LanesMut`]); `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [3, 1, 2, 9, 7, 8];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// for mut row in v.lanes_mut(1)? {
    ///     row.as_mut_slice().unwrap().sort();
    /// }
    /// assert_eq!(x, [1, 2, 3, 7, 8, 9]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn lanes_mut(&mut self, axis: usize) -> Result<LanesMut<'_, T, N>, LayoutError> {
        let state = lanes_state(self.layout(), axis)?;
        Ok(LanesMut {
            buf: self.buf_mut(),
            state,
            _marker: PhantomData,
        })
    }
}

impl<'a, T, M: Mapping<2>> StridedView<'a, T, 2, M> {
    /// The main diagonal, `(i, i)` for `i < min(rows, cols)`, as a rank-1
    /// view (NumPy's `diagonal()`, ndarray's `diag()`); any strides.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..12).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([3, 4]))?;
    /// assert_eq!(v.diagonal().to_vec(), [0, 5, 10]);
    /// assert_eq!(v.flip(1)?.diagonal().to_vec(), [3, 6, 9]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn diagonal(self) -> StridedView<'a, T, 1> {
        let l = self.layout().diagonal();
        // SAFETY: the diagonal reaches a subset of this view's positions.
        unsafe { StridedView::from_parts(self.buf().ptr, self.buffer_len(), l, self.whole) }
    }
}

impl<'a, T, M: Mapping<2>> StridedViewMut<'a, T, 2, M> {
    /// The main diagonal as a mutable rank-1 view (see
    /// [`StridedView::diagonal`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// v.diagonal().fill(1);
    /// assert_eq!(x, [1, 0, 0, 0, 1, 0]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn diagonal(self) -> StridedViewMut<'a, T, 1> {
        let l = self.layout().diagonal();
        let buf = self.buf_mut();
        let exclusive = self.exclusive;
        // SAFETY: self is consumed; the diagonal reaches a subset of its
        // (unique) positions, so exclusivity carries over.
        unsafe { StridedViewMut::from_parts(buf.ptr, buf.len, l, exclusive) }
    }
}

// The windows of `windows_with_stride`: as `windows_state`, with the
// starts `stride[k]` apart (`ZeroStep` for a stride of 0).
fn strided_windows_state<const N: usize>(
    l: Layout<N>,
    window: [usize; N],
    stride: [usize; N],
) -> Result<SubState<N, N>, LayoutError> {
    if let Some(axis) = stride.iter().position(|&s| s == 0) {
        return Err(LayoutError::ZeroStep { axis });
    }
    let mut state = windows_state(l, window)?;
    let (shape, strides) = (l.shape(), l.strides());
    // windows_state checked window <= shape.
    let starts: [usize; N] = core::array::from_fn(|k| shape[k] - window[k] + 1);
    let count: [usize; N] = core::array::from_fn(|k| (starts[k] - 1) / stride[k] + 1);
    // With two or more starts on an axis, stride * stride_k is the distance
    // between two reachable start positions, so it fits; with one it is
    // never applied.
    let steps: [isize; N] = core::array::from_fn(|k| {
        if count[k] >= 2 {
            strides[k].wrapping_mul(stride[k] as isize)
        } else {
            0
        }
    });
    // SAFETY: the starts are a subset of windows_state's (every stride[k]-th),
    // which are reachable when the windows are non-empty.
    let starts = unsafe { Layout::new_unchecked(count, steps, l.offset()) };
    state.cursor = Cursor::new(starts);
    Ok(state)
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The windows of shape `window` whose starts are `stride` apart on
    /// each axis (ndarray's `windows_with_stride`; NumPy's
    /// `sliding_window_view(a, window)[::s0, ::s1, ..]`), in row-major
    /// order of their start. Errors as [`windows`](Self::windows), and
    /// `ZeroStep` for a stride of 0.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..7).collect();
    /// let v = StridedView::from(&x[..]);
    /// let w: Vec<Vec<i32>> = v.windows_with_stride([3], [2])?.map(|w| w.to_vec()).collect();
    /// assert_eq!(w, [[0, 1, 2], [2, 3, 4], [4, 5, 6]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn windows_with_stride(
        self,
        window: [usize; N],
        stride: [usize; N],
    ) -> Result<Windows<'a, T, N>, LayoutError> {
        Ok(Windows {
            buf: self.buf(),
            state: strided_windows_state(self.layout(), window, stride)?,
            _marker: PhantomData,
        })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// Read-only strided windows (see [`StridedView::windows_with_stride`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::from(&mut x[..]);
    /// assert_eq!(v.windows_with_stride([2], [2])?.map(|w| w.sum()).collect::<Vec<_>>(), [3, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn windows_with_stride(
        &self,
        window: [usize; N],
        stride: [usize; N],
    ) -> Result<Windows<'_, T, N>, LayoutError> {
        self.view().windows_with_stride(window, stride)
    }
}

// By-value forms of the mutable sub-view iterators, for StridedArray's
// methods (whose views are temporaries): the iterator takes over the
// view's exclusive borrow.
#[cfg(feature = "alloc")]
impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    pub(crate) fn into_axis_iter_mut<const R: usize>(
        self,
        axis: usize,
    ) -> Result<AxisIterMut<'a, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        check_axis(axis, N)?;
        Ok(AxisIterMut {
            buf: self.buf_mut(),
            state: AxisState::new(self.layout(), axis),
            _marker: PhantomData,
        })
    }

    pub(crate) fn into_lanes_mut(self, axis: usize) -> Result<LanesMut<'a, T, N>, LayoutError> {
        let state = lanes_state(self.layout(), axis)?;
        Ok(LanesMut {
            buf: self.buf_mut(),
            state,
            _marker: PhantomData,
        })
    }
}

// The lanes of `rows()` (along the last axis; `last`) or `columns()` (along
// the first): ndarray's rule, a rank-0 layout has one lane of its one
// element. Panics only when the number of lanes overflows `usize` (an empty
// lane axis next to axes whose product does not fit), which ndarray cannot
// represent either.
fn rows_state<const N: usize>(l: Layout<N>, last: bool) -> SubState<N, 1> {
    if N == 0 {
        let sub = match Layout::new([1], [1], l.offset()) {
            Ok(sub) => sub,
            // A rank-0 layout's one position is reachable, so it fits.
            Err(e) => panic!("{e}"),
        };
        return SubState {
            cursor: Cursor::new(l),
            sub,
            empty: false,
        };
    }
    match lanes_state(l, if last { N - 1 } else { 0 }) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The generalized rows: rank-1 views along the last axis, one per
    /// index of the other axes in row-major order (ndarray's `rows()`,
    /// `lanes(N - 1)`); for a 2-D view the ordinary rows. A rank-0 view has
    /// one row of its one element.
    ///
    /// # Panics
    /// Only when the number of rows does not fit in `usize` (an empty last
    /// axis next to axes whose product overflows); [`lanes`](Self::lanes)
    /// returns that as an error.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// let sums: Vec<i32> = v.rows().map(|r| r.sum()).collect();
    /// assert_eq!(sums, [3, 12]);
    /// assert_eq!(v.t().rows().map(|r| r.to_vec()).collect::<Vec<_>>(), [[0, 3], [1, 4], [2, 5]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn rows(self) -> Lanes<'a, T, N> {
        Lanes {
            buf: self.buf(),
            state: rows_state(self.layout(), true),
            _marker: PhantomData,
        }
    }

    /// The generalized columns: rank-1 views along the first axis, one per
    /// index of the other axes in row-major order (ndarray's `columns()`,
    /// `lanes(0)`). A rank-0 view has one column of its one element.
    ///
    /// # Panics
    /// As [`rows`](Self::rows).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// let sums: Vec<i32> = v.columns().map(|c| c.sum()).collect();
    /// assert_eq!(sums, [3, 5, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn columns(self) -> Lanes<'a, T, N> {
        Lanes {
            buf: self.buf(),
            state: rows_state(self.layout(), false),
            _marker: PhantomData,
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// Shared generalized rows (see [`StridedView::rows`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::from_shape([2, 2], &mut x)?;
    /// assert_eq!(v.rows().map(|r| r.sum()).collect::<Vec<_>>(), [3, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn rows(&self) -> Lanes<'_, T, N> {
        self.view().rows()
    }

    /// Shared generalized columns (see [`StridedView::columns`]).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::from_shape([2, 2], &mut x)?;
    /// assert_eq!(v.columns().map(|c| c.sum()).collect::<Vec<_>>(), [4, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn columns(&self) -> Lanes<'_, T, N> {
        self.view().columns()
    }

    /// Mutable generalized rows: disjoint rank-1 views along the last axis
    /// (ndarray's `rows_mut()`); see [`StridedView::rows`].
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [3, 1, 2, 9, 7, 8];
    /// let mut v = StridedViewMut::from_shape([2, 3], &mut x)?;
    /// for mut r in v.rows_mut() {
    ///     r.as_mut_slice().unwrap().sort();
    /// }
    /// assert_eq!(x, [1, 2, 3, 7, 8, 9]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn rows_mut(&mut self) -> LanesMut<'_, T, N> {
        LanesMut {
            buf: self.buf_mut(),
            state: rows_state(self.layout(), true),
            _marker: PhantomData,
        }
    }

    /// Mutable generalized columns: disjoint rank-1 views along the first
    /// axis (ndarray's `columns_mut()`).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::from_shape([2, 3], &mut x)?;
    /// for (j, mut c) in v.columns_mut().enumerate() {
    ///     c.fill(j);
    /// }
    /// assert_eq!(x, [0, 1, 2, 0, 1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn columns_mut(&mut self) -> LanesMut<'_, T, N> {
        LanesMut {
            buf: self.buf_mut(),
            state: rows_state(self.layout(), false),
            _marker: PhantomData,
        }
    }
}

#[cfg(feature = "alloc")]
impl<T, const N: usize> super::StridedArray<T, N> {
    /// The generalized rows (see [`StridedView::rows`]).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);
    /// assert_eq!(a.rows().map(|r| r.sum()).collect::<Vec<_>>(), [3, 33]);
    /// ```
    pub fn rows(&self) -> Lanes<'_, T, N> {
        self.view().rows()
    }

    /// The generalized columns (see [`StridedView::columns`]).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);
    /// assert_eq!(a.columns().map(|c| c.sum()).collect::<Vec<_>>(), [10, 12, 14]);
    /// ```
    pub fn columns(&self) -> Lanes<'_, T, N> {
        self.view().columns()
    }

    /// Mutable generalized rows (see [`StridedViewMut::rows_mut`]).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let mut a = StridedArray::<i32, 2>::zeros([2, 3]);
    /// for (i, mut r) in a.rows_mut().enumerate() { r.fill(i as i32); }
    /// assert_eq!(a.into_vec(), [0, 0, 0, 1, 1, 1]);
    /// ```
    pub fn rows_mut(&mut self) -> LanesMut<'_, T, N> {
        let v = self.view_mut();
        LanesMut {
            buf: v.buf_mut(),
            state: rows_state(v.layout(), true),
            _marker: PhantomData,
        }
    }

    /// Mutable generalized columns (see [`StridedViewMut::columns_mut`]).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let mut a = StridedArray::<i32, 2>::zeros([2, 3]);
    /// for (j, mut c) in a.columns_mut().enumerate() { c.fill(j as i32); }
    /// assert_eq!(a.into_vec(), [0, 1, 2, 0, 1, 2]);
    /// ```
    pub fn columns_mut(&mut self) -> LanesMut<'_, T, N> {
        let v = self.view_mut();
        LanesMut {
            buf: v.buf_mut(),
            state: rows_state(v.layout(), false),
            _marker: PhantomData,
        }
    }
}
