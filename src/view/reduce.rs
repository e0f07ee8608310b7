//! ndarray's conveniences on top of the element-wise engine: `mapv`,
//! `mapv_inplace`, and the reductions `product`, `min`, `max`, `mean` and
//! their per-axis forms, with NumPy's answers for NaN (a NaN is returned
//! when present) and for empty inputs (`None`, or an error per axis).
//!
//! All of them are built on `fold`, `map`, `map_inplace`, `fold_axis_into`
//! and `sum_axis`, so they visit elements in an unspecified, memory-friendly
//! order.

use super::{StridedView, StridedViewMut};
#[cfg(feature = "alloc")]
use crate::error::LayoutError;
use crate::layout::Mapping;
#[cfg(feature = "alloc")]
use crate::layout::{Lower, Rank};

mod sealed {
    pub trait Sealed {}
}

/// The element types [`mean`](StridedView::mean) and
/// [`mean_axis`](StridedView::mean_axis) are defined for: `f32`, `f64`,
/// and under the `half` feature `f16` and `bf16`, which (as NumPy does for
/// `float16`) are summed in `f32`.
///
/// ```
/// use constrided::{Layout, Mean, StridedView};
/// fn avg<T: Mean>(x: &[T]) -> Option<T> {
///     StridedView::from(x).mean()
/// }
/// assert_eq!(avg(&[1.0f64, 2.0, 6.0]), Some(3.0));
/// assert_eq!(avg::<f32>(&[]), None);
/// ```
pub trait Mean: Copy + sealed::Sealed {
    #[doc(hidden)]
    type Acc: Copy
        + Default
        + core::ops::Add<Output = Self::Acc>
        + core::ops::Div<Output = Self::Acc>;
    #[doc(hidden)]
    fn to_acc(self) -> Self::Acc;
    #[doc(hidden)]
    fn from_acc(a: Self::Acc) -> Self;
    #[doc(hidden)]
    fn count(n: usize) -> Self::Acc;
}

macro_rules! mean_elem {
    ($t:ty, $acc:ty, $to:expr, $from:expr) => {
        impl sealed::Sealed for $t {}
        impl Mean for $t {
            type Acc = $acc;
            #[inline(always)]
            fn to_acc(self) -> $acc {
                $to(self)
            }
            #[inline(always)]
            fn from_acc(a: $acc) -> $t {
                $from(a)
            }
            #[inline(always)]
            fn count(n: usize) -> $acc {
                n as $acc
            }
        }
    };
}
mean_elem!(f32, f32, |x| x, |a| a);
mean_elem!(f64, f64, |x| x, |a| a);
#[cfg(feature = "half")]
mean_elem!(half::f16, f32, half::f16::to_f32, half::f16::from_f32);
#[cfg(feature = "half")]
mean_elem!(half::bf16, f32, half::bf16::to_f32, half::bf16::from_f32);

// NaN is the only value not comparable with itself.
#[inline(always)]
#[allow(clippy::eq_op)]
fn is_nan<T: PartialOrd>(x: &T) -> bool {
    x.partial_cmp(x).is_none()
}

// The running minimum (`less`) or maximum: a NaN, once seen, stays.
// (The negated comparisons on floats are the point: NaN makes them true.)
#[inline(always)]
#[allow(clippy::neg_cmp_op_on_partial_ord)]
fn pick<T: PartialOrd + Copy>(acc: &mut T, x: T, min: bool) {
    // Without branches (`&`, `|` on bools, then a select), so that the
    // axis reductions' whole-row loops vectorize: for floats this is one
    // unordered compare, one ordered compare, an `and` and a blend per
    // element (the general rule below takes three compares).
    let a = *acc;
    let take = if crate::kernel::is_float::<T>() {
        // IEEE comparisons: `!(x >= a)` is `x < a` or either one NaN, so
        // with `a` not NaN this is the rule below in two compares (one
        // unordered, one ordered) and an `and`: the first NaN seen stays,
        // bit for bit (its sign and payload; a later NaN does not replace
        // it).
        let not_worse = if min { !(x >= a) } else { !(x <= a) };
        not_worse & !is_nan(&a)
    } else {
        let better = if min { x < a } else { x > a };
        !is_nan(&a) & (is_nan(&x) | better)
    };
    *acc = if take { x } else { a };
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// A new row-major array of `f(element)` taking elements by value
    /// (ndarray's `mapv`); `f` is called in an unspecified order.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x = [1.0f32, 4.0, 9.0];
    /// assert_eq!(StridedView::from(&x[..]).mapv(f32::sqrt).into_vec(), [1.0, 2.0, 3.0]);
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn mapv<U>(&self, mut f: impl FnMut(T) -> U) -> super::StridedArray<U, N>
    where
        T: Copy,
    {
        self.map(|&x| f(x))
    }

    /// The product of the elements, in an unspecified order; the product
    /// of nothing (1) when empty.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 2]))?.t();
    /// assert_eq!(v.product(), 24);
    /// assert_eq!(StridedView::<i32, 1>::from(&[][..]).product(), 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn product(&self) -> T
    where
        T: Copy + core::ops::Mul<Output = T> + core::iter::Product,
    {
        let one: T = core::iter::empty::<T>().product();
        self.fold(one, |acc, &x| acc * x)
    }

    /// The smallest element; `None` when empty. A NaN is returned when
    /// present, as NumPy's `min` does (`np.min([1, nan])` is `nan`).
    ///
    /// ```
    /// use constrided::StridedView;
    /// assert_eq!(StridedView::from(&[3, 1, 2][..]).min(), Some(1));
    /// assert!(StridedView::from(&[1.0, f64::NAN][..]).min().unwrap().is_nan());
    /// assert_eq!(StridedView::<u8, 1>::from(&[][..]).min(), None);
    /// ```
    pub fn min(&self) -> Option<T>
    where
        T: PartialOrd + Copy,
    {
        self.extreme(true)
    }

    /// The largest element; `None` when empty. A NaN is returned when
    /// present, as NumPy's `max` does.
    ///
    /// ```
    /// use constrided::StridedView;
    /// assert_eq!(StridedView::from(&[3, 1, 2][..]).max(), Some(3));
    /// assert!(StridedView::from(&[f32::NAN, 1.0][..]).max().unwrap().is_nan());
    /// ```
    pub fn max(&self) -> Option<T>
    where
        T: PartialOrd + Copy,
    {
        self.extreme(false)
    }

    fn extreme(&self, min: bool) -> Option<T>
    where
        T: PartialOrd + Copy,
    {
        self.fold(None, |acc: Option<T>, &x| match acc {
            None => Some(x),
            Some(mut a) => {
                pick(&mut a, x, min);
                Some(a)
            }
        })
    }

    /// The arithmetic mean; `None` when empty (NumPy warns and returns
    /// `nan`). A NaN element makes it NaN.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1.0f32, 2.0, 3.0, 6.0];
    /// assert_eq!(StridedView::new(&x, Layout::contiguous([2, 2]))?.mean(), Some(3.0));
    /// assert_eq!(StridedView::<f64, 1>::from(&[][..]).mean(), None);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn mean(&self) -> Option<T>
    where
        T: Mean,
    {
        let n = self.numel();
        if n == 0 {
            return None;
        }
        let s = self.fold(T::Acc::default(), |acc, &x| acc + x.to_acc());
        Some(T::from_acc(s / T::count(n)))
    }

    /// The product along `axis`: rank `N - 1` (inferred); 1 where the axis
    /// is empty. `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.product_axis(0)?.into_vec(), [4, 10, 18]);
    /// assert_eq!(v.product_axis(1)?.into_vec(), [6, 120]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn product_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Copy + core::ops::Mul<Output = T> + core::iter::Product,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let one: T = core::iter::empty::<T>().product();
        let mut out = super::StridedArray::from_elem(
            super::ops::without_axis::<N, R>(&self.shape(), axis)?,
            one,
        );
        self.fold_axis_into(axis, &mut out.view_mut(), |a, &x| *a = *a * x)?;
        Ok(out)
    }

    /// The smallest element along `axis`: rank `N - 1` (inferred); a NaN
    /// where a lane holds one. `AxisOutOfRange` when `axis >= N`, and
    /// `IndexOutOfRange { index: 0, size: 0 }` naming the axis when it is
    /// empty (NumPy: "zero-size array to reduction operation minimum which
    /// has no identity").
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedView};
    /// let x = [3, 1, 2, 0, 5, 4];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.min_axis(0)?.into_vec(), [0, 1, 2]);
    /// assert_eq!(v.min_axis(1)?.into_vec(), [1, 0]);
    /// let e = StridedView::new(&x, Layout::contiguous([2, 0]))?;
    /// assert!(matches!(e.min_axis(1), Err(LayoutError::IndexOutOfRange { axis: 1, .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn min_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: PartialOrd + Copy,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.extreme_axis(axis, true)
    }

    /// The largest element along `axis` (see [`min_axis`](Self::min_axis)).
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [3.0, 1.0, f64::NAN, 0.0, 5.0, 4.0];
    /// let m = StridedView::new(&x, Layout::contiguous([2, 3]))?.max_axis(1)?;
    /// assert!(m[[0]].is_nan());
    /// assert_eq!(m[[1]], 5.0);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn max_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: PartialOrd + Copy,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.extreme_axis(axis, false)
    }

    #[cfg(feature = "alloc")]
    fn extreme_axis<const R: usize>(
        &self,
        axis: usize,
        min: bool,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: PartialOrd + Copy,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        check_nonempty_axis(&self.shape(), axis)?;
        // Start from the first lane element, then fold every element in
        // (the first again: harmless for min and max).
        let mut out = self.index_axis(axis, 0)?.to_owned();
        // One closure per direction, each with `min` a constant: a captured
        // flag would be reloaded after every store of the whole-row loops,
        // which then do not vectorize.
        if min {
            self.fold_axis_into(axis, &mut out.view_mut(), |a, &x| pick(a, x, true))?;
        } else {
            self.fold_axis_into(axis, &mut out.view_mut(), |a, &x| pick(a, x, false))?;
        }
        Ok(out)
    }

    /// The mean along `axis`: rank `N - 1` (inferred). `AxisOutOfRange`
    /// when `axis >= N`, `IndexOutOfRange { index: 0, size: 0 }` naming the
    /// axis when it is empty (NumPy warns "Mean of empty slice" and gives
    /// NaN).
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.mean_axis(0)?.into_vec(), [2.5, 3.5, 4.5]);
    /// assert_eq!(v.mean_axis(1)?.into_vec(), [2.0, 5.0]);
    /// assert!(v.mean_axis(2).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn mean_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Mean,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        check_nonempty_axis(&self.shape(), axis)?;
        let n = T::count(self.shape()[axis]);
        let sums = self.fold_axis(axis, T::Acc::default(), |&a, &x| a + x.to_acc())?;
        Ok(sums.view().mapv(|s| T::from_acc(s / n)))
    }
}

#[cfg(feature = "alloc")]
fn check_nonempty_axis<const N: usize>(shape: &[usize; N], axis: usize) -> Result<(), LayoutError> {
    if axis >= N {
        return Err(LayoutError::AxisOutOfRange { axis, rank: N });
    }
    if shape[axis] == 0 {
        return Err(LayoutError::IndexOutOfRange {
            axis,
            index: 0,
            size: 0,
        });
    }
    Ok(())
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// Replaces every element `x` by `f(x)` (ndarray's `mapv_inplace`), in
    /// an unspecified order.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.t().mapv_inplace(|e| e * e);
    /// assert_eq!(x, [1, 4, 9, 16]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn mapv_inplace(&mut self, mut f: impl FnMut(T) -> T)
    where
        T: Copy,
    {
        self.map_inplace(|x| *x = f(*x))
    }
}

// The read-only conveniences above on StridedViewMut, through `view()`.
macro_rules! forward_reductions {
    ($Ty:ident [$($g:tt)*] $ty:ty, $make:literal) => {
        impl<$($g)*> $ty {
            #[doc = concat!("ndarray's `mapv`; see [`StridedView::mapv`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;\n", $make, "\nassert_eq!(v.mapv(|x| x * 10).into_vec(), [10, 20, 30, 40]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn mapv<U>(&self, f: impl FnMut(T) -> U) -> super::StridedArray<U, N>
            where
                T: Copy,
            {
                self.view().mapv(f)
            }

            #[doc = concat!("The product of the elements; see [`StridedView::product`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;\n", $make, "\nassert_eq!(v.product(), 24);\n# Ok::<(), LayoutError>(())\n```")]
            pub fn product(&self) -> T
            where
                T: Copy + core::ops::Mul<Output = T> + core::iter::Product,
            {
                self.view().product()
            }

            #[doc = concat!("The smallest element, NaN when present; see [`StridedView::min`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![4, 2, 3, 1])?;\n", $make, "\nassert_eq!(v.min(), Some(1));\n# Ok::<(), LayoutError>(())\n```")]
            pub fn min(&self) -> Option<T>
            where
                T: PartialOrd + Copy,
            {
                self.view().min()
            }

            #[doc = concat!("The largest element, NaN when present; see [`StridedView::max`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![4, 2, 3, 1])?;\n", $make, "\nassert_eq!(v.max(), Some(4));\n# Ok::<(), LayoutError>(())\n```")]
            pub fn max(&self) -> Option<T>
            where
                T: PartialOrd + Copy,
            {
                self.view().max()
            }

            #[doc = concat!("The mean, `None` when empty; see [`StridedView::mean`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1.0, 2.0, 3.0, 6.0])?;\n", $make, "\nassert_eq!(v.mean(), Some(3.0));\n# Ok::<(), LayoutError>(())\n```")]
            pub fn mean(&self) -> Option<T>
            where
                T: Mean,
            {
                self.view().mean()
            }

            #[doc = concat!("The product along `axis`; see [`StridedView::product_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;\n", $make, "\nassert_eq!(v.product_axis(0)?.into_vec(), [3, 8]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn product_axis<const R: usize>(&self, axis: usize) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: Copy + core::ops::Mul<Output = T> + core::iter::Product,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().product_axis(axis)
            }

            #[doc = concat!("The minimum along `axis`; see [`StridedView::min_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![4, 2, 3, 1])?;\n", $make, "\nassert_eq!(v.min_axis(1)?.into_vec(), [2, 1]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn min_axis<const R: usize>(&self, axis: usize) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: PartialOrd + Copy,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().min_axis(axis)
            }

            #[doc = concat!("The maximum along `axis`; see [`StridedView::max_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![4, 2, 3, 1])?;\n", $make, "\nassert_eq!(v.max_axis(0)?.into_vec(), [4, 2]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn max_axis<const R: usize>(&self, axis: usize) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: PartialOrd + Copy,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().max_axis(axis)
            }

            #[doc = concat!("The mean along `axis`; see [`StridedView::mean_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1.0, 2.0, 3.0, 4.0])?;\n", $make, "\nassert_eq!(v.mean_axis(0)?.into_vec(), [2.0, 3.0]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn mean_axis<const R: usize>(&self, axis: usize) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: Mean,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().mean_axis(axis)
            }
        }
    };
}

forward_reductions!(StridedViewMut ['a, T, const N: usize, M: Mapping<N>] StridedViewMut<'a, T, N, M>, "let v = a.view_mut();");
#[cfg(feature = "alloc")]
forward_reductions!(StridedArray [T, const N: usize] super::StridedArray<T, N>, "let v = &mut a;");

#[cfg(feature = "alloc")]
impl<T, const N: usize> super::StridedArray<T, N> {
    /// Replaces every element `x` by `f(x)`; see
    /// [`StridedViewMut::mapv_inplace`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let mut a = StridedArray::from_vec([3], vec![1, 2, 3])?;
    /// a.mapv_inplace(|x| x + 1);
    /// assert_eq!(a.into_vec(), [2, 3, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn mapv_inplace(&mut self, f: impl FnMut(T) -> T)
    where
        T: Copy,
    {
        self.view_mut().mapv_inplace(f)
    }
}
