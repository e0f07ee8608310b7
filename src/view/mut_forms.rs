//! The `&mut self` forms of the transforms on [`StridedViewMut`] (and the
//! few [`StridedArray`](super::StridedArray) lacked): each reborrows the
//! view for the result's lifetime, so the view stays usable afterwards, as
//! ndarray's `ArrayViewMut` methods do:
//!
//! ```
//! use constrided::{StridedViewMut, LayoutError};
//! let mut buf = vec![0u8; 2 * 2 * 3];
//! let mut hwc = StridedViewMut::from_shape([2, 2, 3], &mut buf)?;
//! for c in 0..3 {
//!     let mut ch = hwc.index_axis_mut(2, c)?; // borrows hwc, does not move it
//!     ch.fill(c as u8);
//! }
//! assert_eq!(&buf[..6], [0, 1, 2, 0, 1, 2]);
//! # Ok::<(), LayoutError>(())
//! ```
//!
//! The consuming forms (`index_axis`, `slice`, `t`, …) stay: they give a
//! view of the full lifetime `'a`; `reborrow()` followed by one of them is
//! what each method here does.

use super::StridedViewMut;
use crate::error::LayoutError;
use crate::layout::{Higher, Lower, Mapping, Rank, SliceArg};

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The exclusive sub-view with `axis` fixed at `index` (rank `N - 1`,
    /// inferred), borrowing this view (ndarray's `index_axis_mut`); see
    /// [`StridedView::index_axis`](crate::StridedView::index_axis). Errors: `AxisOutOfRange`,
    /// `IndexOutOfRange`.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// for j in 0..3 {
    ///     v.index_axis_mut(1, j)?.fill(j);
    /// }
    /// v.index_axis_mut(0, 1)?[[0]] = 7;
    /// assert_eq!(x, [0, 1, 2, 7, 1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn index_axis_mut<const R: usize>(
        &mut self,
        axis: usize,
        index: usize,
    ) -> Result<StridedViewMut<'_, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.reborrow().index_axis(axis, index)
    }

    /// A sliced exclusive view (`s![..]`, fewer entries allowed) borrowing
    /// this view; see [`StridedView::slice`](crate::StridedView::slice).
    ///
    /// ```
    /// use constrided::{s, Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// v.slice_mut(s![.., ..;2])?.fill(1);
    /// v.slice_mut(s![1])?[[1]] = 5;
    /// assert_eq!(x, [1, 0, 1, 1, 5, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn slice_mut<const R: usize>(
        &mut self,
        s: impl SliceArg<N, R>,
    ) -> Result<StridedViewMut<'_, T, R>, LayoutError> {
        self.reborrow().slice(s)
    }

    /// Two disjoint exclusive views split before `index` on `axis`,
    /// borrowing this view; see [`split_at`](Self::split_at).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 4];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([4]))?;
    /// let (mut a, mut b) = v.split_at_mut(0, 1)?;
    /// a.fill(1);
    /// b.fill(2);
    /// v[[0]] += 10;
    /// assert_eq!(x, [11, 2, 2, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn split_at_mut(
        &mut self,
        axis: usize,
        index: usize,
    ) -> Result<(StridedViewMut<'_, T, N>, StridedViewMut<'_, T, N>), LayoutError> {
        self.reborrow().split_at(axis, index)
    }

    /// All axes reversed, borrowing this view; see [`StridedView::t`](crate::StridedView::t).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// v.t_mut()[[2, 0]] = 1;
    /// assert_eq!(v[[0, 2]], 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn t_mut(&mut self) -> StridedViewMut<'_, T, N, M::Transposed> {
        self.reborrow().t()
    }

    /// The axes reordered, borrowing this view; see [`StridedView::permute`](crate::StridedView::permute).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([1, 2, 3]))?;
    /// v.permute_mut([2, 0, 1])?[[2, 0, 1]] = 1;
    /// assert_eq!(x[5], 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn permute_mut(
        &mut self,
        axes: [usize; N],
    ) -> Result<StridedViewMut<'_, T, N>, LayoutError> {
        self.reborrow().permute(axes)
    }

    /// Two axes swapped, borrowing this view; see [`StridedView::transpose`](crate::StridedView::transpose).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// v.transpose_mut(0, 1)?[[2, 1]] = 1;
    /// assert_eq!(x[5], 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn transpose_mut(
        &mut self,
        a: usize,
        b: usize,
    ) -> Result<StridedViewMut<'_, T, N>, LayoutError> {
        self.reborrow().transpose(a, b)
    }

    /// `axis` walked backwards, borrowing this view; see [`StridedView::flip`](crate::StridedView::flip).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// v.flip_mut(0)?[[0]] = 1;
    /// assert_eq!(x, [0, 0, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn flip_mut(&mut self, axis: usize) -> Result<StridedViewMut<'_, T, N>, LayoutError> {
        self.reborrow().flip(axis)
    }

    /// A new shape without copying, borrowing this view; see
    /// [`StridedView::reshape`](crate::StridedView::reshape).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([6]))?;
    /// v.reshape_mut([2, 3])?[[1, 0]] = 1;
    /// assert_eq!(x[3], 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn reshape_mut<const R: usize>(
        &mut self,
        shape: [usize; R],
    ) -> Result<StridedViewMut<'_, T, R>, LayoutError> {
        self.reborrow().reshape(shape)
    }

    /// A new axis of size 1, borrowing this view; see
    /// [`StridedView::insert_axis`](crate::StridedView::insert_axis).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// assert_eq!(v.insert_axis_mut(0)?.shape(), [1, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn insert_axis_mut<const R: usize>(
        &mut self,
        axis: usize,
    ) -> Result<StridedViewMut<'_, T, R>, LayoutError>
    where
        Rank<N>: Higher<Out = Rank<R>>,
    {
        self.reborrow().insert_axis(axis)
    }

    /// The size-1 `axis` dropped, borrowing this view; see
    /// [`StridedView::remove_axis`](crate::StridedView::remove_axis).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([1, 3]))?;
    /// assert_eq!(v.remove_axis_mut(0)?.shape(), [3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn remove_axis_mut<const R: usize>(
        &mut self,
        axis: usize,
    ) -> Result<StridedViewMut<'_, T, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.reborrow().remove_axis(axis)
    }
}

impl<'a, T, M: Mapping<2>> StridedViewMut<'a, T, 2, M> {
    /// The main diagonal as an exclusive rank-1 view borrowing this one;
    /// see [`StridedView::diagonal`](crate::StridedView::diagonal).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 4];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// v.diagonal_mut().fill(1);
    /// v[[0, 1]] = 2;
    /// assert_eq!(x, [1, 2, 0, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn diagonal_mut(&mut self) -> StridedViewMut<'_, T, 1> {
        self.reborrow().diagonal()
    }
}

#[cfg(feature = "alloc")]
impl<T, const N: usize> super::StridedArray<T, N> {
    /// Two disjoint exclusive views split before `index` on `axis`; see
    /// [`StridedViewMut::split_at`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let mut a = StridedArray::<i32, 2>::zeros([2, 2]);
    /// let (mut top, mut bottom) = a.split_at_mut(0, 1)?;
    /// top.fill(1);
    /// bottom.fill(2);
    /// assert_eq!(a.into_vec(), [1, 1, 2, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn split_at_mut(
        &mut self,
        axis: usize,
        index: usize,
    ) -> Result<(StridedViewMut<'_, T, N>, StridedViewMut<'_, T, N>), LayoutError> {
        self.view_mut().split_at(axis, index)
    }

    /// An exclusive view with all axes reversed; see [`StridedView::t`](crate::StridedView::t).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let mut a = StridedArray::<i32, 2>::zeros([2, 3]);
    /// a.t_mut()[[2, 0]] = 1;
    /// assert_eq!(a[[0, 2]], 1);
    /// ```
    pub fn t_mut(&mut self) -> StridedViewMut<'_, T, N> {
        self.view_mut().t()
    }
}
