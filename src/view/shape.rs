//! ndarray's reshaping names: `to_shape` (a view when the layout allows,
//! else a row-major copy, in a [`CowView`]), `into_shape` (never a copy) and
//! `StridedArray::from_shape_vec`.
#![cfg(feature = "alloc")]

use alloc::vec::Vec;

use super::{StridedArray, StridedView, StridedViewMut};
use crate::error::LayoutError;
use crate::layout::Mapping;

/// A view or an owned array: what [`to_shape`](StridedView::to_shape)
/// returns (ndarray's `CowArray` role). `View` when the elements could be
/// reinterpreted in place, `Owned` when they had to be copied.
///
/// ```
/// use constrided::{CowView, StridedView};
/// let x: Vec<i32> = (0..6).collect();
/// let v = StridedView::from_shape([2, 3], &x)?;
/// let r = v.to_shape([3, 2])?; // contiguous: no copy
/// assert!(r.is_view());
/// let c = v.t().to_shape([6])?; // transposed: copied in row-major order
/// assert!(matches!(c, CowView::Owned(_)));
/// assert_eq!(c.view().to_vec(), [0, 3, 1, 4, 2, 5]);
/// assert_eq!(c[[1]], 3);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Debug)]
pub enum CowView<'a, T, const N: usize> {
    /// The same elements, viewed with the new shape.
    View(StridedView<'a, T, N>),
    /// A row-major copy with the new shape.
    Owned(StridedArray<T, N>),
}

impl<'a, T, const N: usize> CowView<'a, T, N> {
    /// A shared view of the elements, either kind.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([4], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.to_shape([2, 2])?.view().sum(), 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn view(&self) -> StridedView<'_, T, N> {
        match self {
            CowView::View(v) => *v,
            CowView::Owned(a) => a.view(),
        }
    }

    /// `true` when no copy was made.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([4], vec![1, 2, 3, 4])?;
    /// assert!(a.to_shape([2, 2])?.is_view());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn is_view(&self) -> bool {
        matches!(self, CowView::View(_))
    }

    /// `true` when the elements were copied.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert!(a.t().to_shape([4])?.is_owned());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn is_owned(&self) -> bool {
        matches!(self, CowView::Owned(_))
    }

    /// The shape.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([4], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.to_shape([1, 4])?.shape(), [1, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn shape(&self) -> [usize; N] {
        self.view().shape()
    }

    /// A row-major owned array: the copy itself, or a copy of the view.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_vec([4], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.to_shape([2, 2])?.into_owned().into_vec(), [1, 2, 3, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_owned(self) -> StridedArray<T, N>
    where
        T: Clone,
    {
        match self {
            CowView::View(v) => v.to_owned(),
            CowView::Owned(a) => a,
        }
    }
}

impl<T, const N: usize> core::ops::Index<[usize; N]> for CowView<'_, T, N> {
    type Output = T;
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self {
            CowView::View(v) => &v[index],
            CowView::Owned(a) => &a[index],
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The elements in row-major order with a new shape (ndarray's
    /// `to_shape`): a view when [`reshape`](Self::reshape) can make one
    /// (NumPy's no-copy rule), else a row-major copy. `ShapeMismatch` when
    /// the element counts differ.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..12).collect();
    /// let v = StridedView::from_shape([3, 4], &x)?;
    /// assert!(v.to_shape([2, 6])?.is_view());
    /// let c = v.t().to_shape([2, 6])?;
    /// assert!(c.is_owned());
    /// assert_eq!(c.view().to_vec(), v.t().to_vec());
    /// assert!(v.to_shape([5]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn to_shape<const R: usize>(
        &self,
        shape: [usize; R],
    ) -> Result<CowView<'a, T, R>, LayoutError>
    where
        T: Clone,
    {
        match self.into_runtime().reshape(shape) {
            Ok(v) => Ok(CowView::View(v)),
            Err(LayoutError::NotViewable { .. }) => {
                StridedArray::from_vec(shape, self.to_vec()).map(CowView::Owned)
            }
            Err(e) => Err(e),
        }
    }

    /// The elements in row-major (C) order: this view when it already is
    /// contiguous, else a row-major copy made by the copy engine
    /// ([`to_owned`](Self::to_owned); ndarray's `as_standard_layout`).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// assert!(v.as_standard_layout().is_view());
    /// let t = v.t().as_standard_layout();
    /// assert!(t.is_owned());
    /// assert_eq!(t.view().as_slice(), Some(&[0, 3, 1, 4, 2, 5][..]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_standard_layout(&self) -> CowView<'a, T, N>
    where
        T: Clone,
    {
        let v = self.into_runtime();
        if v.is_contiguous() {
            CowView::View(v)
        } else {
            CowView::Owned(v.to_owned())
        }
    }

    /// The view with a new shape, never a copy (ndarray's `into_shape`;
    /// the same rule as [`reshape`](Self::reshape)): `NotViewable` when the
    /// layout does not allow it ([`to_shape`](Self::to_shape) copies then).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x: Vec<i32> = (0..6).collect();
    /// let v = StridedView::from_shape([6], &x)?.into_shape([2, 3])?;
    /// assert_eq!(v[[1, 0]], 3);
    /// assert!(v.t().into_shape([6]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_shape<const R: usize>(
        self,
        shape: [usize; R],
    ) -> Result<StridedView<'a, T, R>, LayoutError> {
        self.reshape(shape)
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The elements with a new shape, a view borrowing this one when the
    /// layout allows, else a row-major copy; see [`StridedView::to_shape`].
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::from_shape([2, 2], &mut x)?;
    /// assert!(v.to_shape([4])?.is_view());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn to_shape<const R: usize>(
        &self,
        shape: [usize; R],
    ) -> Result<CowView<'_, T, R>, LayoutError>
    where
        T: Clone,
    {
        self.view().to_shape(shape)
    }

    /// The elements in row-major order, borrowed when contiguous, else a
    /// copy; see [`StridedView::as_standard_layout`].
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::from_shape([2, 2], &mut x)?;
    /// assert!(v.as_standard_layout().is_view());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_standard_layout(&self) -> CowView<'_, T, N>
    where
        T: Clone,
    {
        self.view().as_standard_layout()
    }

    /// The exclusive view with a new shape, never a copy (ndarray's
    /// `into_shape`); see [`StridedView::into_shape`].
    ///
    /// ```
    /// use constrided::StridedViewMut;
    /// let mut x = [0; 4];
    /// let v = StridedViewMut::from_shape([4], &mut x)?;
    /// v.into_shape([2, 2])?[[1, 0]] = 5;
    /// assert_eq!(x, [0, 0, 5, 0]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_shape<const R: usize>(
        self,
        shape: [usize; R],
    ) -> Result<StridedViewMut<'a, T, R>, LayoutError> {
        self.reshape(shape)
    }
}

impl<T, const N: usize> StridedArray<T, N> {
    /// A row-major array of `shape` holding `data` (ndarray's name for
    /// [`from_vec`](Self::from_vec), the same semantics): `ShapeMismatch`
    /// naming the vector's length and the shape when they differ.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_vec([2, 3], vec![1, 2, 3, 4, 5, 6])?;
    /// assert_eq!(a[[1, 0]], 4);
    /// let e = StridedArray::from_shape_vec([2, 2], vec![1, 2, 3]).unwrap_err();
    /// assert_eq!(e.to_string(), "the vector has 3 elements, but shape (2, 2) has 4");
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn from_shape_vec(shape: [usize; N], data: Vec<T>) -> Result<Self, LayoutError> {
        Self::from_vec(shape, data)
    }

    /// The array with a new shape, keeping its buffer (ndarray's
    /// `into_shape`; arrays are row-major, so this never copies);
    /// `ShapeMismatch` when the element counts differ.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_vec([6], vec![1, 2, 3, 4, 5, 6])?;
    /// let b = a.into_shape([3, 2])?;
    /// assert_eq!(b[[2, 0]], 5);
    /// assert!(b.into_shape([4]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn into_shape<const R: usize>(
        self,
        shape: [usize; R],
    ) -> Result<StridedArray<T, R>, LayoutError> {
        // reshape's check: its error names both shapes and counts.
        self.layout.reshape(shape)?;
        StridedArray::from_vec(shape, self.data)
    }

    /// The array in row-major order: always a view of it (an array is
    /// row-major); see [`StridedView::as_standard_layout`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert!(a.as_standard_layout().is_view());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_standard_layout(&self) -> CowView<'_, T, N>
    where
        T: Clone,
    {
        self.view().as_standard_layout()
    }

    /// The elements with a new shape: always a view of the array (it is
    /// row-major); see [`StridedView::to_shape`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_vec([2, 3], vec![1, 2, 3, 4, 5, 6])?;
    /// let r = a.to_shape([3, 2])?;
    /// assert!(r.is_view());
    /// assert_eq!(r[[2, 1]], 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn to_shape<const R: usize>(
        &self,
        shape: [usize; R],
    ) -> Result<CowView<'_, T, R>, LayoutError>
    where
        T: Clone,
    {
        self.view().to_shape(shape)
    }
}
