//! Iterators over views, in logical row-major order (last index fastest)
//! whatever the strides are.
//!
//! All three walk the same [`Cursor`]: an odometer over the index that
//! keeps the current position in step, so each step costs one add (plus a
//! carry when an axis wraps).

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ptr::NonNull;

use super::{StridedView, StridedViewMut};
use crate::layout::{Layout, Mapping};

// Two index odometers, front and back, with the positions of their
// current indices; `remaining` counts the indices between them (inclusive).
#[derive(Clone, Debug)]
pub(crate) struct Cursor<const N: usize> {
    shape: [usize; N],
    strides: [isize; N],
    index: [usize; N],
    pos: isize,
    back: [usize; N],
    back_pos: isize,
    remaining: usize,
    // Nothing taken from either end yet: `fold` may then walk the whole
    // layout as plain nested loops.
    fresh: bool,
}

impl<const N: usize> Cursor<N> {
    pub(crate) fn new(layout: Layout<N>) -> Self {
        let shape = layout.shape();
        let strides = layout.strides();
        let remaining = layout.numel();
        let mut back = [0; N];
        let mut back_pos = layout.offset() as isize;
        if remaining > 0 {
            for k in 0..N {
                back[k] = shape[k] - 1;
                // The last index is reachable, so each step stays in range.
                back_pos = back_pos.wrapping_add(strides[k].wrapping_mul(back[k] as isize));
            }
        }
        Cursor {
            shape,
            strides,
            index: [0; N],
            pos: layout.offset() as isize,
            back,
            back_pos,
            remaining,
            fresh: true,
        }
    }

    // The layout of the positions, when nothing was taken yet (a `Zip`
    // operand is a whole grid of windows or chunks).
    pub(crate) fn fresh_layout(&self) -> Option<Layout<N>> {
        let whole = self.remaining == self.shape.iter().product::<usize>();
        // SAFETY: the cursor's numbers are those of the layout it was made
        // from (`new`), unchanged while nothing was taken.
        (self.fresh && whole)
            .then(|| unsafe { Layout::new_unchecked(self.shape, self.strides, self.pos as usize) })
    }

    // Calls `f` on every (index, position) in row-major order, as plain
    // nested loops, when nothing was taken yet (a static layout's loops
    // then fold to constants, as the hand-written ones do); otherwise
    // steps the odometer. Leaves the cursor exhausted.
    #[inline(always)]
    pub(crate) fn fold<B>(&mut self, init: B, mut f: impl FnMut(B, [usize; N], usize) -> B) -> B {
        if self.fresh && self.remaining > 0 {
            let (strides, offset) = (self.strides, self.pos);
            self.remaining = 0;
            return crate::kernel::engine::static_fold(self.shape, init, |acc, index| {
                let mut pos = offset;
                for k in 0..N {
                    pos = pos.wrapping_add((index[k] as isize).wrapping_mul(strides[k]));
                }
                f(acc, index, pos as usize)
            });
        }
        let mut acc = init;
        while let Some((index, pos)) = self.next() {
            acc = f(acc, index, pos);
        }
        acc
    }

    pub(crate) fn len(&self) -> usize {
        self.remaining
    }

    // The current front (index, position), then steps forward.
    #[inline]
    pub(crate) fn next(&mut self) -> Option<([usize; N], usize)> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        self.fresh = false;
        let out = (self.index, self.pos as usize);
        if self.remaining > 0 {
            let mut k = N;
            while k > 0 {
                k -= 1;
                self.index[k] += 1;
                // Stepping one past the end of an axis can leave isize (with
                // huge strides, e.g. over zero-sized elements); wrapping
                // arithmetic comes back exact, since every position handed
                // out is reachable and so fits.
                self.pos = self.pos.wrapping_add(self.strides[k]);
                if self.index[k] < self.shape[k] {
                    break;
                }
                self.pos = self
                    .pos
                    .wrapping_sub(self.strides[k].wrapping_mul(self.shape[k] as isize));
                self.index[k] = 0;
            }
        }
        Some(out)
    }

    // The current back (index, position), then steps backward.
    #[inline]
    pub(crate) fn next_back(&mut self) -> Option<([usize; N], usize)> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        self.fresh = false;
        let out = (self.back, self.back_pos as usize);
        if self.remaining > 0 {
            let mut k = N;
            while k > 0 {
                k -= 1;
                if self.back[k] > 0 {
                    self.back[k] -= 1;
                    self.back_pos = self.back_pos.wrapping_sub(self.strides[k]);
                    break;
                }
                // Wrap this axis to its last index (wrapping: as in next).
                self.back[k] = self.shape[k] - 1;
                self.back_pos = self
                    .back_pos
                    .wrapping_add(self.strides[k].wrapping_mul(self.back[k] as isize));
            }
        }
        Some(out)
    }
}

/// Iterator over `&T` in row-major order, from [`StridedView::iter`].
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x = [1, 2, 3, 4, 5, 6];
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?.t();
/// let mut it = v.iter();
/// assert_eq!(it.len(), 6);
/// assert_eq!(it.next_back(), Some(&6));
/// assert_eq!(it.copied().collect::<Vec<_>>(), [1, 4, 2, 5, 3]);
/// assert_eq!(v.iter().rev().copied().collect::<Vec<_>>(), [6, 3, 5, 2, 4, 1]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a, T, const N: usize> {
    ptr: NonNull<T>,
    cursor: Cursor<N>,
    _marker: PhantomData<&'a T>,
}

/// Iterator over `([usize; N], &T)` in row-major order, from
/// [`StridedView::indexed_iter`].
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x = [1, 2, 3, 4];
/// let v = StridedView::new(&x, Layout::contiguous([2, 2]))?;
/// let last = v.indexed_iter().last().unwrap();
/// assert_eq!(last, ([1, 1], &4));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub struct IndexedIter<'a, T, const N: usize> {
    ptr: NonNull<T>,
    cursor: Cursor<N>,
    _marker: PhantomData<&'a T>,
}

/// Iterator over `&mut T` in row-major order, from
/// [`StridedViewMut::iter_mut`].
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [1, 2, 3, 4];
/// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
/// for e in v.iter_mut() {
///     *e *= 10;
/// }
/// assert_eq!(x, [10, 20, 30, 40]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T, const N: usize> {
    ptr: NonNull<T>,
    cursor: Cursor<N>,
    _marker: PhantomData<&'a mut T>,
}

/// Iterator over `([usize; N], &mut T)` in row-major order, from
/// [`StridedViewMut::indexed_iter_mut`].
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [0; 4];
/// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
/// for ([i, j], e) in v.indexed_iter_mut() {
///     *e = 10 * i + j;
/// }
/// assert_eq!(x, [0, 1, 10, 11]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Debug)]
pub struct IndexedIterMut<'a, T, const N: usize> {
    ptr: NonNull<T>,
    cursor: Cursor<N>,
    _marker: PhantomData<&'a mut T>,
}

// SAFETY: the iterators hand out &T (or &mut T to distinct elements), so
// they are Send/Sync exactly when the corresponding references are.
unsafe impl<T: Sync, const N: usize> Send for Iter<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for Iter<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Send for IndexedIter<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for IndexedIter<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize> Send for IterMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for IterMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Send, const N: usize> Send for IndexedIterMut<'_, T, N> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize> Sync for IndexedIterMut<'_, T, N> {}

// The element at `pos` of the buffer at `p`.
//
// SAFETY (for callers): `pos` is a position of an in-range index of the
// layout of a view whose borrow (for 'a) the iterator carries; for
// `exclusive`, the layout is unique and the position is yielded once.
#[inline(always)]
unsafe fn shared<'a, T>(p: NonNull<T>, pos: usize) -> &'a T {
    // SAFETY: see the function comment.
    unsafe { &*p.as_ptr().add(pos) }
}

#[inline(always)]
unsafe fn exclusive<'a, T>(p: NonNull<T>, pos: usize) -> &'a mut T {
    // SAFETY: see `shared`.
    unsafe { &mut *p.as_ptr().add(pos) }
}

macro_rules! iterator_impl {
    ($It:ident, $Item:ty, $get:ident, |$index:ident, $elem:ident| $make:expr) => {
        impl<'a, T, const N: usize> Iterator for $It<'a, T, N> {
            type Item = $Item;
            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                let ($index, pos) = self.cursor.next()?;
                // SAFETY: the cursor yields positions of in-range indices of
                // the layout of the view this iterator borrows, each once.
                let $elem = unsafe { $get(self.ptr, pos) };
                Some($make)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                (self.cursor.remaining, Some(self.cursor.remaining))
            }
            // `sum`, `for_each`, `count`... go through `fold`: nested loops
            // instead of the odometer, which fold away on static views.
            #[inline]
            fn fold<B, F: FnMut(B, Self::Item) -> B>(mut self, init: B, mut f: F) -> B {
                let ptr = self.ptr;
                self.cursor.fold(init, |acc, $index, pos| {
                    // SAFETY: as in next: positions of in-range indices of
                    // the view's layout, each once.
                    let $elem = unsafe { $get(ptr, pos) };
                    f(acc, $make)
                })
            }
        }
        impl<'a, T, const N: usize> DoubleEndedIterator for $It<'a, T, N> {
            #[inline]
            fn next_back(&mut self) -> Option<Self::Item> {
                let ($index, pos) = self.cursor.next_back()?;
                // SAFETY: as in next; front and back never hand out the same
                // index (remaining counts the indices between them).
                let $elem = unsafe { $get(self.ptr, pos) };
                Some($make)
            }
        }
        impl<T, const N: usize> ExactSizeIterator for $It<'_, T, N> {}
        impl<T, const N: usize> FusedIterator for $It<'_, T, N> {}
    };
}

iterator_impl!(Iter, &'a T, shared, |_i, e| e);
iterator_impl!(IndexedIter, ([usize; N], &'a T), shared, |i, e| (i, e));
iterator_impl!(IterMut, &'a mut T, exclusive, |_i, e| e);
iterator_impl!(
    IndexedIterMut,
    ([usize; N], &'a mut T),
    exclusive,
    |i, e| (i, e)
);

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The elements in logical row-major order (last index fastest).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3];
    /// let v = StridedView::new(&x, Layout::contiguous([3]))?.flip(0)?;
    /// assert_eq!(v.iter().sum::<i32>(), 6);
    /// assert_eq!(v.iter().next(), Some(&3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn iter(&self) -> Iter<'a, T, N> {
        Iter {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }

    /// The elements with their indices, in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 2]))?.t();
    /// let firsts: Vec<_> = v.indexed_iter().take(2).collect();
    /// assert_eq!(firsts, [([0, 0], &1), ([0, 1], &3)]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn indexed_iter(&self) -> IndexedIter<'a, T, N> {
        IndexedIter {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The elements in logical row-major order (last index fastest).
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// assert_eq!(v.iter().max(), Some(&3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn iter(&self) -> Iter<'_, T, N> {
        self.view().iter()
    }

    /// The elements with their indices, in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
    /// assert_eq!(v.indexed_iter().nth(1), Some(([1], &2)));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn indexed_iter(&self) -> IndexedIter<'_, T, N> {
        self.view().indexed_iter()
    }

    /// The elements, mutably, in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// let mut t = v.t();
    /// for (k, e) in t.iter_mut().enumerate() {
    ///     *e = k;
    /// }
    /// assert_eq!(x, [0, 2, 1, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, T, N> {
        IterMut {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }

    /// The elements with their indices, mutably, in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// v.indexed_iter_mut().for_each(|([i], e)| *e = i * i);
    /// assert_eq!(x, [0, 1, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn indexed_iter_mut(&mut self) -> IndexedIterMut<'_, T, N> {
        IndexedIterMut {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }

    /// Consumes the view into an iterator over `&'a mut T`.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
    /// for e in v.into_iter_mut() { *e += 1; }
    /// assert_eq!(x, [2, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_iter_mut(self) -> IterMut<'a, T, N> {
        IterMut {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }

    // The by-value form of indexed_iter_mut (for StridedArray's).
    #[cfg(feature = "alloc")]
    pub(crate) fn into_indexed_iter_mut(self) -> IndexedIterMut<'a, T, N> {
        IndexedIterMut {
            ptr: self.ptr,
            cursor: Cursor::new(self.mapping.to_layout()),
            _marker: PhantomData,
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> IntoIterator for StridedView<'a, T, N, M> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, N>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> IntoIterator for &StridedView<'a, T, N, M> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, N>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> IntoIterator for &'a StridedViewMut<'_, T, N, M> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, N>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> IntoIterator for &'a mut StridedViewMut<'_, T, N, M> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T, N>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> IntoIterator for StridedViewMut<'a, T, N, M> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T, N>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Layout, StridedView};
    extern crate std;
    use std::vec::Vec;

    // `while let … next()` on purpose: `for` would go through `fold`.
    #[allow(clippy::while_let_on_iterator)]
    fn check<const N: usize>(buf: &[i32], l: Layout<N>) {
        let v = StridedView::new(buf, l).unwrap();
        let mut all = Vec::new();
        let mut it = v.iter();
        while let Some(&x) = it.next() {
            all.push(x);
        }
        let push = |mut a: Vec<i32>, &x: &i32| {
            a.push(x);
            a
        };
        assert_eq!(v.iter().fold(Vec::new(), push), all);
        for front in 0..=all.len() {
            for back in 0..=all.len() - front {
                let mut it = v.iter();
                (0..front).for_each(|_| {
                    let _ = it.next();
                });
                (0..back).for_each(|_| {
                    let _ = it.next_back();
                });
                assert_eq!(it.fold(Vec::new(), push), all[front..all.len() - back]);
            }
        }
        let idx: Vec<_> = v.indexed_iter().map(|(i, _)| i).collect();
        let mut by_fold = Vec::new();
        v.indexed_iter().for_each(|(i, _)| by_fold.push(i));
        let mut by_next = Vec::new();
        let mut it = v.indexed_iter();
        while let Some((i, _)) = it.next() {
            by_next.push(i);
        }
        assert_eq!(idx, by_next);
        assert_eq!(by_fold, by_next);
    }

    // `fold` (nested loops when fresh, the odometer otherwise) agrees with
    // `next` after any number of steps from either end.
    #[test]
    fn fold_matches_next_after_partial_consumption() {
        let buf: Vec<i32> = (0..64).collect();
        check(&buf, Layout::new([3, 4], [1, 3], 0).unwrap());
        check(&buf, Layout::new([2, 3, 2], [-12, 4, 1], 24).unwrap());
        check(&buf, Layout::new([4, 0], [1, 1], 0).unwrap());
        check(&buf, Layout::new([5, 2], [0, 7], 3).unwrap());
        check(&buf, Layout::new([], [], 9).unwrap());
    }
}
