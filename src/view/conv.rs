//! Construction and indexing conveniences as in ndarray: `from_shape`,
//! `From<&[T]>` / `From<&mut [T]>` / `From<Vec<T>>`, tuple indexing
//! (`v[(1, 2)]`), and `into_runtime` for static views.

use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError, ShapeArg};
use crate::layout::{Layout, Mapping};

// A row-major layout of `shape` over exactly `len` elements.
fn exact_layout<const N: usize>(shape: [usize; N], len: usize) -> Result<Layout<N>, LayoutError> {
    let layout = Layout::try_contiguous(shape)?;
    if layout.numel() != len {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&shape),
            found: Dims::new(&[len]),
            arg: ShapeArg::SliceForShape,
        });
    }
    Ok(layout)
}

impl<'a, T, const N: usize> StridedView<'a, T, N> {
    /// A row-major view of `data` with `shape` (ndarray's
    /// `ArrayView::from_shape`): the slice length must equal the element
    /// count (`ShapeMismatch` naming the shape and the length otherwise).
    ///
    /// ```
    /// use constrided::{LayoutError, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// assert_eq!(v[[1, 0]], 4);
    /// let e = StridedView::from_shape([2, 2], &x).unwrap_err();
    /// assert_eq!(e.to_string(), "the slice has 6 elements, but shape (2, 2) has 4");
    /// # Ok::<(), LayoutError>(())
    /// ```
    pub fn from_shape(shape: [usize; N], data: &'a [T]) -> Result<Self, LayoutError> {
        let layout = exact_layout(shape, data.len())?;
        StridedView::new(data, layout)
    }
}

impl<'a, T, const N: usize> StridedViewMut<'a, T, N> {
    /// A row-major exclusive view of `data` with `shape` (ndarray's
    /// `ArrayViewMut::from_shape`); the slice length must equal the element
    /// count (`ShapeMismatch` otherwise).
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [0; 6];
    /// StridedViewMut::from_shape([3, 2], &mut x)?[[2, 1]] = 7;
    /// assert_eq!(x[5], 7);
    /// assert!(StridedViewMut::from_shape([4, 2], &mut x).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn from_shape(shape: [usize; N], data: &'a mut [T]) -> Result<Self, LayoutError> {
        let layout = exact_layout(shape, data.len())?;
        StridedViewMut::new(data, layout)
    }
}

// The layout of `From`: a contiguous rank-1 layout of `len` elements.
// Only a zero-sized `T` can have more than `isize::MAX + 1` elements,
// whose positions do not fit `isize`: the documented panic.
#[track_caller]
fn whole_layout(len: usize, what: &str) -> Layout<1> {
    match Layout::try_contiguous([len]) {
        Ok(l) => l,
        Err(e) => panic!(
            "{what}: {len} elements of a zero-sized type do not fit a layout \
             (positions must fit isize; at most isize::MAX + 1 elements): {e}"
        ),
    }
}

/// A slice as a rank-1 view of all its elements.
///
/// # Panics
///
/// If `T` is zero-sized and the slice has more than `isize::MAX + 1`
/// elements (only zero-sized types can have that many): a layout's
/// positions must fit `isize`. Check the length first, or use
/// [`StridedView::from_shape`], which returns the error instead.
///
/// ```
/// use constrided::StridedView;
/// let v = StridedView::from(&[1, 2, 3][..]);
/// assert_eq!(v.shape(), [3]);
/// ```
impl<'a, T> From<&'a [T]> for StridedView<'a, T, 1> {
    fn from(data: &'a [T]) -> Self {
        let layout = whole_layout(data.len(), "StridedView::from(&[T])");
        // SAFETY: a contiguous layout of data.len() elements reaches exactly
        // the slice, which is borrowed for 'a and readable whole.
        unsafe {
            StridedView::from_parts(
                core::ptr::NonNull::from(data).cast(),
                data.len(),
                layout,
                true,
            )
        }
    }
}

/// A mutable slice as a rank-1 exclusive view of all its elements.
///
/// # Panics
///
/// If `T` is zero-sized and the slice has more than `isize::MAX + 1`
/// elements (only zero-sized types can have that many): a layout's
/// positions must fit `isize`. Check the length first, or use
/// [`StridedViewMut::from_shape`], which returns the error instead.
///
/// ```
/// use constrided::StridedViewMut;
/// let mut x = [1, 2, 3];
/// StridedViewMut::from(&mut x[..]).fill(0);
/// assert_eq!(x, [0, 0, 0]);
/// ```
impl<'a, T> From<&'a mut [T]> for StridedViewMut<'a, T, 1> {
    fn from(data: &'a mut [T]) -> Self {
        let len = data.len();
        let layout = whole_layout(len, "StridedViewMut::from(&mut [T])");
        // SAFETY: the contiguous layout reaches exactly the slice, which is
        // exclusively borrowed for 'a; a contiguous layout is unique.
        unsafe {
            StridedViewMut::from_parts(core::ptr::NonNull::from(data).cast(), len, layout, true)
        }
    }
}

/// A vector as a rank-1 array.
///
/// # Panics
///
/// If `T` is zero-sized and the vector has more than `isize::MAX + 1`
/// elements (only zero-sized types can have that many): a layout's
/// positions must fit `isize`. Check the length first, or use
/// [`StridedArray::from_vec`](crate::StridedArray::from_vec), which returns the error instead.
///
/// ```
/// use constrided::StridedArray;
/// let a = StridedArray::from(vec![1, 2, 3]);
/// assert_eq!((a.shape(), a[[2]]), ([3], 3));
/// ```
#[cfg(feature = "alloc")]
impl<T> From<alloc::vec::Vec<T>> for super::StridedArray<T, 1> {
    fn from(data: alloc::vec::Vec<T>) -> Self {
        let layout = whole_layout(data.len(), "StridedArray::from(Vec<T>)");
        super::StridedArray { data, layout }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The same view with a runtime [`Layout`]: a static view (`strided!`)
    /// becomes a `StridedView<'a, T, N>`, to pass where one is expected.
    ///
    /// ```
    /// use constrided::{strided, StridedView};
    /// fn total(v: StridedView<'_, i32, 2>) -> i32 { v.sum() }
    /// let buf: [i32; 6] = [1, 2, 3, 4, 5, 6];
    /// let s = strided!(&buf; shape = (2, 3));
    /// assert_eq!(total(s.into_runtime()), 21);
    /// assert_eq!(total(s.t().into_runtime()), 21);
    /// ```
    pub fn into_runtime(self) -> StridedView<'a, T, N> {
        let l = self.mapping().to_layout();
        self.remap(l)
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The same exclusive view with a runtime [`Layout`] (see
    /// [`StridedView::into_runtime`]).
    ///
    /// ```
    /// use constrided::{strided, StridedViewMut};
    /// fn zero(mut v: StridedViewMut<'_, i32, 2>) { v.fill(0) }
    /// let mut buf = [1; 6];
    /// zero(strided!(&mut buf; shape = (2, 3)).into_runtime());
    /// assert_eq!(buf, [0; 6]);
    /// ```
    pub fn into_runtime(self) -> StridedViewMut<'a, T, N> {
        let l = self.mapping().to_layout();
        self.remap(l)
    }
}

// Tuple indexing, `v[(i, j)]` as ndarray's `a[(i, j)]`, for ranks 1..=8.
macro_rules! tuple_index {
    ($n:literal; $($i:ident)*) => {
        impl<T, M: Mapping<$n>> core::ops::Index<($(tuple_index!(@usize $i),)*)> for StridedView<'_, T, $n, M> {
            type Output = T;
            #[inline]
            #[track_caller]
            fn index(&self, ($($i,)*): ($(tuple_index!(@usize $i),)*)) -> &T {
                &self[[$($i),*]]
            }
        }
        impl<T, M: Mapping<$n>> core::ops::Index<($(tuple_index!(@usize $i),)*)> for StridedViewMut<'_, T, $n, M> {
            type Output = T;
            #[inline]
            #[track_caller]
            fn index(&self, ($($i,)*): ($(tuple_index!(@usize $i),)*)) -> &T {
                &self[[$($i),*]]
            }
        }
        impl<T, M: Mapping<$n>> core::ops::IndexMut<($(tuple_index!(@usize $i),)*)> for StridedViewMut<'_, T, $n, M> {
            #[inline]
            #[track_caller]
            fn index_mut(&mut self, ($($i,)*): ($(tuple_index!(@usize $i),)*)) -> &mut T {
                &mut self[[$($i),*]]
            }
        }
        #[cfg(feature = "alloc")]
        impl<T> core::ops::Index<($(tuple_index!(@usize $i),)*)> for super::StridedArray<T, $n> {
            type Output = T;
            #[inline]
            #[track_caller]
            fn index(&self, ($($i,)*): ($(tuple_index!(@usize $i),)*)) -> &T {
                &self[[$($i),*]]
            }
        }
        #[cfg(feature = "alloc")]
        impl<T> core::ops::IndexMut<($(tuple_index!(@usize $i),)*)> for super::StridedArray<T, $n> {
            #[inline]
            #[track_caller]
            fn index_mut(&mut self, ($($i,)*): ($(tuple_index!(@usize $i),)*)) -> &mut T {
                &mut self[[$($i),*]]
            }
        }
    };
    (@usize $i:ident) => { usize };
}

tuple_index!(1; i0);
tuple_index!(2; i0 i1);
tuple_index!(3; i0 i1 i2);
tuple_index!(4; i0 i1 i2 i3);
tuple_index!(5; i0 i1 i2 i3 i4);
tuple_index!(6; i0 i1 i2 i3 i4 i5);
tuple_index!(7; i0 i1 i2 i3 i4 i5 i6);
tuple_index!(8; i0 i1 i2 i3 i4 i5 i6 i7);
