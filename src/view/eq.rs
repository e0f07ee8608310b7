//! `PartialEq` between any two of [`StridedView`], [`StridedViewMut`] and
//! [`StridedArray`], whatever their layouts and mappings: equal shapes and
//! equal elements (NumPy's `array_equal`, ndarray's `==`).

use super::{StridedView, StridedViewMut};
use crate::layout::Mapping;

// Equal shapes and equal elements, compared in row-major order.
fn equal<T: PartialEq<U>, U, const N: usize, A: Mapping<N>, B: Mapping<N>>(
    a: StridedView<'_, T, N, A>,
    b: StridedView<'_, U, N, B>,
) -> bool {
    a.shape() == b.shape() && a.iter().zip(b.iter()).all(|(x, y)| x == y)
}

/// Equal shapes and equal elements, any layouts.
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x = [1, 2, 3, 4];
/// let y = [1, 3, 2, 4];
/// let a = StridedView::new(&x, Layout::contiguous([2, 2]))?;
/// let b = StridedView::new(&y, Layout::f_contiguous([2, 2]))?;
/// assert_eq!(a, b);
/// assert_ne!(a, b.t());
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>, B: Mapping<N>>
    PartialEq<StridedView<'b, U, N, B>> for StridedView<'_, T, N, A>
{
    fn eq(&self, other: &StridedView<'b, U, N, B>) -> bool {
        equal(*self, *other)
    }
}

/// Equal shapes and equal elements, any layouts.
///
/// ```
/// use constrided::{Layout, StridedView, StridedViewMut};
/// let x = [1, 2];
/// let mut y = [2, 1];
/// let a = StridedView::new(&x, Layout::contiguous([2]))?;
/// let b = StridedViewMut::new(&mut y, Layout::contiguous([2]))?.flip(0)?;
/// assert!(a == b);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>, B: Mapping<N>>
    PartialEq<StridedViewMut<'b, U, N, B>> for StridedView<'_, T, N, A>
{
    fn eq(&self, other: &StridedViewMut<'b, U, N, B>) -> bool {
        equal(*self, other.view())
    }
}

/// Equal shapes and equal elements, any layouts.
///
/// ```
/// use constrided::{Layout, StridedView, StridedViewMut};
/// let mut x = [1, 2];
/// let y = [1, 2];
/// let a = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
/// assert!(a == StridedView::new(&y, Layout::contiguous([2]))?);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>, B: Mapping<N>>
    PartialEq<StridedView<'b, U, N, B>> for StridedViewMut<'_, T, N, A>
{
    fn eq(&self, other: &StridedView<'b, U, N, B>) -> bool {
        equal(self.view(), *other)
    }
}

/// Equal shapes and equal elements, any layouts.
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [1, 2];
/// let mut y = [1, 2];
/// let a = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
/// let b = StridedViewMut::new(&mut y, Layout::contiguous([2]))?;
/// assert!(a == b);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>, B: Mapping<N>>
    PartialEq<StridedViewMut<'b, U, N, B>> for StridedViewMut<'_, T, N, A>
{
    fn eq(&self, other: &StridedViewMut<'b, U, N, B>) -> bool {
        equal(self.view(), other.view())
    }
}

#[cfg(feature = "alloc")]
mod array {
    use super::*;
    use crate::StridedArray;

    /// Equal shapes and equal elements.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2], vec![1, 2])?;
    /// assert_eq!(a, StridedArray::from_vec([2], vec![1, 2])?);
    /// assert_ne!(a, StridedArray::from_vec([2], vec![2, 1])?);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<T: PartialEq<U>, U, const N: usize> PartialEq<StridedArray<U, N>> for StridedArray<T, N> {
        fn eq(&self, other: &StridedArray<U, N>) -> bool {
            equal(self.view(), other.view())
        }
    }

    /// Equal shapes and equal elements, any layout of the view.
    ///
    /// ```
    /// use constrided::{Layout, StridedArray, StridedView};
    /// let a = StridedArray::from_vec([2, 2], vec![1, 3, 2, 4])?;
    /// let x = [1, 2, 3, 4];
    /// assert_eq!(a, StridedView::new(&x, Layout::contiguous([2, 2]))?.t());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<'b, T: PartialEq<U>, U, const N: usize, B: Mapping<N>> PartialEq<StridedView<'b, U, N, B>>
        for StridedArray<T, N>
    {
        fn eq(&self, other: &StridedView<'b, U, N, B>) -> bool {
            equal(self.view(), *other)
        }
    }

    /// Equal shapes and equal elements, any layout of the view.
    ///
    /// ```
    /// use constrided::{Layout, StridedArray, StridedViewMut};
    /// let a = StridedArray::from_vec([2], vec![1, 2])?;
    /// let mut x = [1, 2];
    /// assert!(a == StridedViewMut::new(&mut x, Layout::contiguous([2]))?);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<'b, T: PartialEq<U>, U, const N: usize, B: Mapping<N>>
        PartialEq<StridedViewMut<'b, U, N, B>> for StridedArray<T, N>
    {
        fn eq(&self, other: &StridedViewMut<'b, U, N, B>) -> bool {
            equal(self.view(), other.view())
        }
    }

    /// Equal shapes and equal elements, any layout of the view.
    ///
    /// ```
    /// use constrided::{Layout, StridedArray, StridedView};
    /// let x = [5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2]))?;
    /// assert!(v == StridedArray::from_vec([2], vec![5, 6])?);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>> PartialEq<StridedArray<U, N>>
        for StridedView<'b, T, N, A>
    {
        fn eq(&self, other: &StridedArray<U, N>) -> bool {
            equal(*self, other.view())
        }
    }

    /// Equal shapes and equal elements, any layout of the view.
    ///
    /// ```
    /// use constrided::{Layout, StridedArray, StridedViewMut};
    /// let mut x = [5, 6];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
    /// assert!(v == StridedArray::from_vec([2], vec![5, 6])?);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<'b, T: PartialEq<U>, U, const N: usize, A: Mapping<N>> PartialEq<StridedArray<U, N>>
        for StridedViewMut<'b, T, N, A>
    {
        fn eq(&self, other: &StridedArray<U, N>) -> bool {
            equal(self.view(), other.view())
        }
    }
}
