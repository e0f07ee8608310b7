//! Zero-copy conversions between ndarray's views and constrided's views
//! (feature `ndarray`), negative and zero strides included. ndarray points
//! at element `(0, …, 0)`; constrided points at the buffer start and keeps
//! the distance as the layout's offset, so the conversions move the pointer
//! to the lowest position the view reaches and back.
//!
//! ndarray's fixed-rank dimensions go up to 6, so ranks 0..=6 convert.

use ndarray::{ArrayView, ArrayViewMut, Axis, Dim, Dimension, IntoDimension, ShapeBuilder};

use crate::error::LayoutError;
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};

// The lowest position (relative to element 0) a shape/strides pair reaches,
// for strides ndarray produced (so it fits isize: ndarray's views live in
// one allocation).
fn lowest(shape: &[usize], strides: &[isize]) -> isize {
    crate::layout::math::lowest_reach(shape, strides) as isize
}

// Whether a layout reaches every position of 0..required_len (each once):
// unique with as many elements as positions. A view converted from such an
// ndarray view (for instance `Array::view()` / `view_mut()` of a whole
// array in any axis order, or a contiguous slice of one) owns, for its
// lifetime, every position of its buffer, so `as_strided` and the kernels'
// whole-buffer paths may use all of them.
fn dense<const N: usize>(l: &Layout<N>) -> bool {
    l.numel() == l.required_len() && l.is_unique()
}

fn layout_of<const N: usize>(shape: &[usize], strides: &[isize]) -> Result<Layout<N>, LayoutError> {
    let shape: [usize; N] = core::array::from_fn(|k| shape[k]);
    let strides: [isize; N] = core::array::from_fn(|k| strides[k]);
    Layout::new(shape, strides, (-lowest(&shape, &strides)) as usize)
}

impl<'a, T, const N: usize> TryFrom<ArrayView<'a, T, Dim<[usize; N]>>> for StridedView<'a, T, N>
where
    Dim<[usize; N]>: Dimension,
{
    type Error = LayoutError;

    /// Views the same elements; fails only for layouts constrided cannot
    /// represent (never for a view ndarray made). When the ndarray view
    /// covers every position of its span (the view of a whole `Array`, in
    /// any axis order), `as_strided` may use that whole span; otherwise
    /// (a strided sub-view) it returns `NotExclusive`, since the positions
    /// between the elements may belong to someone else.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let a = ndarray::Array2::from_shape_vec((3, 3), (1..=9).collect()).unwrap();
    /// let v = StridedView::try_from(a.view())?;
    /// assert_eq!(v.as_strided([3], [4], 0)?.to_vec(), [1, 5, 9]);
    /// let sub = StridedView::try_from(a.slice(ndarray::s![.., ..;2]))?;
    /// assert!(sub.as_strided([1], [1], 0).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    ///
    /// ```
    /// use constrided::StridedView;
    /// use ndarray::{array, s};
    /// let a = array![[1, 2, 3], [4, 5, 6]];
    /// let rev = a.slice(s![.., ..;-1]);
    /// let v = StridedView::try_from(rev)?;
    /// assert_eq!(v.to_vec(), [3, 2, 1, 6, 5, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    fn try_from(a: ArrayView<'a, T, Dim<[usize; N]>>) -> Result<Self, LayoutError> {
        let layout = layout_of::<N>(a.shape(), a.strides())?;
        let len = layout.required_len();
        let low = lowest(a.shape(), a.strides());
        let whole = dense(&layout);
        // SAFETY: ndarray guarantees every element of `a` lives in one
        // allocation valid for 'a, so the lowest reached position is in
        // bounds and `layout` (offset = -low) reaches exactly a's elements
        // within `len` positions of it. `whole` only when those elements
        // are every position of 0..len (see `dense`): then reading any of
        // them is reading a's own elements.
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_ptr().offset(low) as *mut T);
            Ok(StridedView::from_parts(start, len, layout, whole))
        }
    }
}

impl<'a, T, const N: usize> TryFrom<ArrayViewMut<'a, T, Dim<[usize; N]>>>
    for StridedViewMut<'a, T, N>
where
    Dim<[usize; N]>: Dimension,
{
    type Error = LayoutError;

    /// Views the same elements mutably; `Aliasing` if the ndarray view's
    /// layout repeats an element. As for shared views, `as_strided` works
    /// when the ndarray view covers every position of its span.
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut a = ndarray::Array2::<i32>::zeros((3, 3));
    /// let v = StridedViewMut::try_from(a.view_mut())?;
    /// v.as_strided([3], [4], 0)?.fill(1);
    /// assert_eq!(a, ndarray::Array2::eye(3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// use ndarray::array;
    /// let mut a = array![[1, 2], [3, 4]];
    /// let mut v = StridedViewMut::try_from(a.view_mut().reversed_axes())?;
    /// v[[0, 1]] = 30;
    /// assert_eq!(a[[1, 0]], 30);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    fn try_from(mut a: ArrayViewMut<'a, T, Dim<[usize; N]>>) -> Result<Self, LayoutError> {
        let layout = layout_of::<N>(a.shape(), a.strides())?;
        layout.check_unique()?;
        let len = layout.required_len();
        let low = lowest(a.shape(), a.strides());
        let exclusive = dense(&layout);
        // SAFETY: as for ArrayView; the ndarray view was an exclusive borrow
        // of its elements for 'a, which passes to the new view, and the
        // layout is unique. `exclusive` only when those elements are every
        // position of 0..len (see `dense`).
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_mut_ptr().offset(low));
            Ok(StridedViewMut::from_parts(start, len, layout, exclusive))
        }
    }
}

// Shape and |strides| as ndarray dimensions, the pointer to the lowest
// reached element, and the axes to invert afterwards.
type NdParts<const N: usize> = (Dim<[usize; N]>, Dim<[usize; N]>, usize, [bool; N]);

// Shape, |strides|, the lowest reached position and the inverted axes of
// a layout, as ndarray's `from_shape_ptr` needs them (its safety contract:
// the product of the non-zero axis lengths, and the distance in elements
// and in bytes between the least and greatest address moving along the
// axes, at most isize::MAX, even when the array is empty).
//
// An empty layout reaches nothing: its offset is meaningless (never used
// to move the pointer: the lowest position is 0, the buffer start), and
// its strides become 0 when ndarray could not take them. A shape ndarray
// cannot represent at all (more than isize::MAX elements counting only
// the non-zero axes, e.g. a broadcast) panics: these conversions are
// infallible and ndarray has no such array.
fn nd_raw<const N: usize>(
    l: &Layout<N>,
    elem_size: usize,
) -> ([usize; N], [usize; N], usize, [bool; N]) {
    let shape = l.shape();
    let strides = l.strides();
    let nonzero = shape
        .iter()
        .filter(|&&d| d != 0)
        .try_fold(1usize, |acc, &d| acc.checked_mul(d));
    if !matches!(nonzero, Some(n) if n <= isize::MAX as usize) {
        panic!(
            "constrided: ndarray cannot hold an array of shape {:?} (more than isize::MAX elements)",
            shape
        );
    }
    let mut abs = strides.map(|s| s.unsigned_abs());
    let mut inverted = strides.map(|s| s < 0);
    // ndarray reads its strides as isize: |isize::MIN| would turn negative.
    // Such a stride only occurs on an axis of size 0 or 1 (otherwise it
    // reaches too far), where it is never applied: use 0.
    for k in 0..N {
        if abs[k] > isize::MAX as usize {
            abs[k] = 0;
            inverted[k] = false;
        }
    }
    let Some((low, _)) = l.span() else {
        // Empty: keep the strides only when ndarray's span rule holds.
        let span = shape.iter().zip(&abs).try_fold(0usize, |acc, (&d, &s)| {
            acc.checked_add(d.saturating_sub(1).checked_mul(s)?)
        });
        let fits = matches!(
            span.and_then(|e| e.checked_mul(elem_size.max(1))),
            Some(b) if b <= isize::MAX as usize
        );
        if !fits {
            abs = [0; N];
            inverted = [false; N];
        }
        return (shape, abs, 0, inverted);
    };
    (shape, abs, low, inverted)
}

fn ndarray_parts<const N: usize>(l: &Layout<N>, elem_size: usize) -> NdParts<N>
where
    [usize; N]: IntoDimension<Dim = Dim<[usize; N]>>,
{
    let (shape, abs, low, inverted) = nd_raw(l, elem_size);
    (shape.into_dimension(), abs.into_dimension(), low, inverted)
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M>
where
    [usize; N]: IntoDimension<Dim = Dim<[usize; N]>>,
    Dim<[usize; N]>: Dimension,
{
    /// The same elements as an ndarray view (ranks 0..=6), no copy.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?.flip(1)?.t();
    /// let a = v.to_ndarray();
    /// assert_eq!(a, ndarray::array![[3, 6], [2, 5], [1, 4]]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn to_ndarray(&self) -> ArrayView<'a, T, Dim<[usize; N]>> {
        let l = self.layout();
        let (shape, strides, low, inverted) = ndarray_parts(&l, core::mem::size_of::<T>());
        // SAFETY: with |strides| from the lowest reached position, the view
        // reaches exactly the positions of `l` (inverting the negative axes
        // afterwards restores the order), all inside this view's buffer,
        // borrowed for 'a; shared views may repeat elements.
        let mut a =
            unsafe { ArrayView::from_shape_ptr(shape.strides(strides), self.as_ptr().add(low)) };
        for (k, inv) in inverted.into_iter().enumerate() {
            if inv {
                a.invert_axis(Axis(k));
            }
        }
        a
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M>
where
    [usize; N]: IntoDimension<Dim = Dim<[usize; N]>>,
    Dim<[usize; N]>: Dimension,
{
    /// The same elements as a mutable ndarray view (ranks 0..=6), no copy.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.flip(0)?;
    /// let mut a = v.into_ndarray();
    /// a[[0, 0]] = 30;
    /// assert_eq!(x, [1, 2, 30, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_ndarray(mut self) -> ArrayViewMut<'a, T, Dim<[usize; N]>> {
        let l = self.layout();
        let (shape, strides, low, inverted) = ndarray_parts(&l, core::mem::size_of::<T>());
        // SAFETY: as in to_ndarray; the layout is unique and this view's
        // exclusive borrow (consumed here) passes to the ndarray view.
        let mut a = unsafe {
            ArrayViewMut::from_shape_ptr(shape.strides(strides), self.as_mut_ptr().add(low))
        };
        for (k, inv) in inverted.into_iter().enumerate() {
            if inv {
                a.invert_axis(Axis(k));
            }
        }
        a
    }
}

// ---- Runtime rank: IxDyn views and arrays ----
//
// A runtime-rank ndarray view becomes a fixed-rank constrided view once its
// rank is known: `StridedView::<T, N>::try_from(view_d)` (`RankMismatch`
// when the ranks differ), typically inside `with_rank!` on the view's
// `DynLayout` (see `DynLayout::of_ndarray`), so that each rank runs the
// monomorphized kernels. The way back is `to_ndarray_dyn` /
// `into_ndarray_dyn`. Owned `ArrayD`s convert to and from a `(Vec<T>,
// DynLayout)` pair. (A `(&[T], DynLayout)` pair is not offered for views: a
// slice would cover the gaps between the elements, which another ndarray
// view may be writing.)

use ndarray::{ArrayBase, ArrayViewD, ArrayViewMutD, IxDyn, RawData};

use crate::layout::DynLayout;

impl DynLayout {
    /// The layout of an ndarray array or view of any rank (ranks above 8
    /// are `RankTooHigh`), counted from the lowest element it reaches, as
    /// [`DynLayout::from_element0`] does for C descriptors.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// use ndarray::{ArrayD, IxDyn};
    /// let a = ArrayD::<f32>::zeros(IxDyn(&[2, 3, 4]));
    /// let l = DynLayout::of_ndarray(&a.view().reversed_axes())?;
    /// assert_eq!((l.shape(), l.strides()), (&[4, 3, 2][..], &[1, 4, 12][..]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
    pub fn of_ndarray<S: RawData, D: ndarray::Dimension>(
        a: &ArrayBase<S, D>,
    ) -> Result<DynLayout, LayoutError> {
        DynLayout::from_element0(a.shape(), a.strides())
    }
}

impl<'a, T, const N: usize> TryFrom<ArrayViewD<'a, T>> for StridedView<'a, T, N> {
    type Error = LayoutError;

    /// A fixed-rank view of a runtime-rank ndarray view: `RankMismatch`
    /// when its rank is not `N`. With `with_rank!` the rank need not be
    /// written:
    ///
    /// ```
    /// use constrided::{with_rank, DynLayout, Layout, LayoutError, StridedView};
    /// use ndarray::{ArrayD, ArrayViewD, IxDyn};
    /// fn sum<const N: usize>(_: Layout<N>, a: ArrayViewD<'_, i32>) -> Result<i32, LayoutError> {
    ///     Ok(StridedView::<i32, N>::try_from(a)?.iter().sum())
    /// }
    /// let a = ArrayD::from_shape_vec(IxDyn(&[2, 3]), vec![1, 2, 3, 4, 5, 6]).unwrap();
    /// let v = a.view();
    /// let total = with_rank!(DynLayout::of_ndarray(&v)?, |l| sum(l, v.clone()))?;
    /// assert_eq!(total, 21);
    /// assert!(matches!(
    ///     StridedView::<i32, 3>::try_from(a.view()),
    ///     Err(LayoutError::RankMismatch { expected: 3, found: 2 })
    /// ));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    fn try_from(a: ArrayViewD<'a, T>) -> Result<Self, LayoutError> {
        if a.ndim() != N {
            return Err(LayoutError::RankMismatch {
                expected: N,
                found: a.ndim(),
            });
        }
        let layout = layout_of::<N>(a.shape(), a.strides())?;
        let len = layout.required_len();
        let low = lowest(a.shape(), a.strides());
        // SAFETY: as for the fixed-rank ArrayView conversion above.
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_ptr().offset(low) as *mut T);
            Ok(StridedView::from_parts(start, len, layout, false))
        }
    }
}

impl<'a, T, const N: usize> TryFrom<ArrayViewMutD<'a, T>> for StridedViewMut<'a, T, N> {
    type Error = LayoutError;

    /// A fixed-rank mutable view of a runtime-rank ndarray view:
    /// `RankMismatch` when its rank is not `N`, `Aliasing` when it repeats
    /// an element.
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// use ndarray::{ArrayD, IxDyn};
    /// let mut a = ArrayD::<i32>::zeros(IxDyn(&[2, 2]));
    /// let mut v = StridedViewMut::<i32, 2>::try_from(a.view_mut().reversed_axes())?;
    /// v[[0, 1]] = 7;
    /// assert_eq!(a[[1, 0]], 7);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    fn try_from(mut a: ArrayViewMutD<'a, T>) -> Result<Self, LayoutError> {
        if a.ndim() != N {
            return Err(LayoutError::RankMismatch {
                expected: N,
                found: a.ndim(),
            });
        }
        let layout = layout_of::<N>(a.shape(), a.strides())?;
        layout.check_unique()?;
        let len = layout.required_len();
        let low = lowest(a.shape(), a.strides());
        // SAFETY: as for the fixed-rank ArrayViewMut conversion above.
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_mut_ptr().offset(low));
            Ok(StridedViewMut::from_parts(start, len, layout, false))
        }
    }
}

// Shape, |strides|, lowest position and inverted axes of a layout, for
// IxDyn (see nd_raw).
fn dyn_parts<const N: usize>(l: &Layout<N>, elem_size: usize) -> (IxDyn, IxDyn, usize, [bool; N]) {
    let (shape, abs, low, inverted) = nd_raw(l, elem_size);
    (IxDyn(&shape), IxDyn(&abs), low, inverted)
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The same elements as a runtime-rank ndarray view (`ArrayViewD`, any
    /// rank 0..=8), no copy.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..24).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3, 4]))?.flip(2)?;
    /// let a = v.to_ndarray_dyn();
    /// assert_eq!(a.shape(), &[2, 3, 4]);
    /// assert_eq!(a[[1, 2, 0]], 23);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
    pub fn to_ndarray_dyn(&self) -> ArrayViewD<'a, T> {
        let (shape, strides, low, inverted) = dyn_parts(&self.layout(), core::mem::size_of::<T>());
        // SAFETY: as in to_ndarray.
        let mut a =
            unsafe { ArrayViewD::from_shape_ptr(shape.strides(strides), self.as_ptr().add(low)) };
        for (k, inv) in inverted.into_iter().enumerate() {
            if inv {
                a.invert_axis(Axis(k));
            }
        }
        a
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The same elements as a mutable runtime-rank ndarray view
    /// (`ArrayViewMutD`), no copy.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?.t();
    /// let mut a = v.into_ndarray_dyn();
    /// a[[2, 1]] = 9;
    /// assert_eq!(x[5], 9);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
    pub fn into_ndarray_dyn(mut self) -> ArrayViewMutD<'a, T> {
        let (shape, strides, low, inverted) = dyn_parts(&self.layout(), core::mem::size_of::<T>());
        // SAFETY: as in into_ndarray.
        let mut a = unsafe {
            ArrayViewMutD::from_shape_ptr(shape.strides(strides), self.as_mut_ptr().add(low))
        };
        for (k, inv) in inverted.into_iter().enumerate() {
            if inv {
                a.invert_axis(Axis(k));
            }
        }
        a
    }
}

/// An owned runtime-rank ndarray array as its buffer and layout (no copy):
/// element `i` of `a` is `vec[layout.offset_of(i)]`. Ranks above 8 are
/// `RankTooHigh`.
///
/// ```
/// use constrided::{convert::arrayd_into_parts, kernel::rearrange_dyn, DynLayout};
/// use ndarray::{ArrayD, IxDyn};
/// let a = ArrayD::from_shape_vec(IxDyn(&[2, 3]), (0..6).collect::<Vec<i32>>()).unwrap();
/// let (vec, l) = arrayd_into_parts(a.reversed_axes())?;
/// assert_eq!((l.shape(), l.strides()), (&[3, 2][..], &[1, 3][..]));
/// let mut out = vec![0; 6];
/// rearrange_dyn(&mut out, &DynLayout::contiguous(&[3, 2])?, &vec, &l)?;
/// assert_eq!(out, [0, 3, 1, 4, 2, 5]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(all(feature = "ndarray", feature = "alloc"))))]
pub fn arrayd_into_parts<T>(
    a: ndarray::ArrayD<T>,
) -> Result<(alloc::vec::Vec<T>, DynLayout), LayoutError> {
    let shape: alloc::vec::Vec<usize> = a.shape().to_vec();
    let strides: alloc::vec::Vec<isize> = a.strides().to_vec();
    let (vec, offset) = a.into_raw_vec_and_offset();
    let layout = DynLayout::new(&shape, &strides, offset.unwrap_or(0))?;
    Ok((vec, layout))
}

/// A runtime-rank ndarray array (row-major) holding the elements of
/// `layout` over `data`, copied by [`rearrange_dyn`](crate::kernel::rearrange_dyn).
///
/// ```
/// use constrided::{convert::arrayd_from_layout, DynLayout};
/// let data = [1, 2, 3, 4, 5, 6];
/// let a = arrayd_from_layout(&data, &DynLayout::contiguous(&[2, 3])?.t())?;
/// assert_eq!(a.shape(), &[3, 2]);
/// assert_eq!(a[[2, 1]], 6);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(all(feature = "ndarray", feature = "alloc"))))]
pub fn arrayd_from_layout<T: Copy + Default>(
    data: &[T],
    layout: &DynLayout,
) -> Result<ndarray::ArrayD<T>, LayoutError> {
    let dl = DynLayout::contiguous(layout.shape())?;
    // Fallible: the output's bytes may exceed isize::MAX (a broadcast).
    let mut out = crate::view::ops::filled_vec(dl.numel(), T::default(), layout.shape())?;
    crate::kernel::rearrange_dyn(&mut out, &dl, data, layout)?;
    ndarray::ArrayD::from_shape_vec(IxDyn(layout.shape()), out).map_err(|_| {
        LayoutError::ShapeMismatch {
            expected: crate::error::Dims::new(layout.shape()),
            found: crate::error::Dims::new(layout.shape()),
        }
    })
}
