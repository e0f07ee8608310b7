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
    /// represent (never for a view ndarray made).
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
        // SAFETY: ndarray guarantees every element of `a` lives in one
        // allocation valid for 'a, so the lowest reached position is in
        // bounds and `layout` (offset = -low) reaches exactly a's elements
        // within `len` positions of it.
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_ptr().offset(low) as *mut T);
            Ok(StridedView::from_parts(start, len, layout, false))
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
    /// layout repeats an element.
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
        // SAFETY: as for ArrayView; the ndarray view was an exclusive borrow
        // of its elements for 'a, which passes to the new view, and the
        // layout is unique.
        unsafe {
            let start = core::ptr::NonNull::new_unchecked(a.as_mut_ptr().offset(low));
            Ok(StridedViewMut::from_parts(start, len, layout, false))
        }
    }
}

// Shape and |strides| as ndarray dimensions, the pointer to the lowest
// reached element, and the axes to invert afterwards.
type NdParts<const N: usize> = (Dim<[usize; N]>, Dim<[usize; N]>, usize, [bool; N]);

fn ndarray_parts<const N: usize>(l: &Layout<N>) -> NdParts<N>
where
    [usize; N]: IntoDimension<Dim = Dim<[usize; N]>>,
{
    let strides = l.strides();
    let low = l.span().map_or(l.offset(), |(low, _)| low);
    (
        l.shape().into_dimension(),
        strides.map(|s| s.unsigned_abs()).into_dimension(),
        low,
        strides.map(|s| s < 0),
    )
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
        let (shape, strides, low, inverted) = ndarray_parts(&l);
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
        let (shape, strides, low, inverted) = ndarray_parts(&l);
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
