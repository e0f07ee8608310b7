//! Variance and standard deviation with `ddof` (NumPy's `var` / `std`,
//! ndarray's `var` / `std` / `var_axis` / `std_axis`):
//! `Σ (x - mean)² / (n - ddof)`, computed in two passes as NumPy does.
//!
//! Degenerate inputs answer as NumPy does (which warns; ndarray panics):
//! an empty input gives NaN; `ddof >= n` divides by 0, so gives `inf`, or
//! NaN when the squared deviations sum to 0; a NaN element gives NaN.
//! `std` and `std_axis` need feature `std` (for `sqrt`).

use super::{StridedView, StridedViewMut};
#[cfg(feature = "alloc")]
use crate::error::LayoutError;
use crate::layout::Mapping;
#[cfg(feature = "alloc")]
use crate::layout::{Lower, Rank};

mod sealed {
    pub trait Sealed {}
}

/// The element types of [`var`](StridedView::var) and
/// [`std`](StridedView::std): `f32` and `f64`. Sealed.
///
/// ```
/// use constrided::{StridedView, Var};
/// fn spread<T: Var>(x: &[T], ddof: T) -> T { StridedView::from(x).var(ddof) }
/// assert_eq!(spread(&[1.0f64, 2.0, 3.0, 4.0], 1.0), 1.6666666666666667);
/// ```
pub trait Var:
    Copy
    + PartialOrd
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + sealed::Sealed
{
    #[doc(hidden)]
    const ZERO: Self;
    #[doc(hidden)]
    fn from_count(n: usize) -> Self;
    #[doc(hidden)]
    #[cfg(feature = "std")]
    fn sqrt(self) -> Self;
}

macro_rules! var_float {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Var for $t {
            const ZERO: $t = 0.0;
            #[inline]
            fn from_count(n: usize) -> $t {
                n as $t
            }
            #[cfg(feature = "std")]
            #[inline]
            fn sqrt(self) -> $t {
                <$t>::sqrt(self)
            }
        }
    )*};
}
var_float!(f32, f64);

// NumPy's `_var`: the mean, the sum of squared deviations, divided by
// `max(n - ddof, 0)`.
fn var_of<T: Var, const N: usize, M: Mapping<N>>(v: &StridedView<'_, T, N, M>, ddof: T) -> T {
    let n = T::from_count(v.numel());
    let mean = v.fold(T::ZERO, |s, &x| s + x) / n;
    let ss = v.fold(T::ZERO, |s, &x| {
        let d = x - mean;
        s + d * d
    });
    let dof = n - ddof;
    ss / if dof > T::ZERO { dof } else { T::ZERO }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The variance `Σ (x - mean)² / (n - ddof)` of all elements (NumPy's
    /// `var(ddof=…)`, ndarray's `var`): `ddof = 0` the population variance,
    /// `1` the sample variance. NaN when empty or when an element is NaN;
    /// with `ddof >= n`, `inf` (or NaN when every element equals the mean),
    /// as NumPy answers (ndarray panics).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let v = StridedView::from(&[1.0, 2.0, 3.0, 4.0][..]);
    /// assert_eq!(v.var(0.0), 1.25);
    /// assert_eq!(v.var(1.0), 1.6666666666666667);
    /// assert_eq!(StridedView::from(&[1.0, 2.0][..]).var(2.0), f64::INFINITY);
    /// assert!(StridedView::from(&[5.0f64][..]).var(1.0).is_nan());
    /// assert!(StridedView::<f32, 1>::from(&[][..]).var(0.0).is_nan());
    /// ```
    pub fn var(&self, ddof: T) -> T
    where
        T: Var,
    {
        var_of(self, ddof)
    }

    /// The standard deviation, `sqrt(var(ddof))` (NumPy's `std`); the same
    /// rules for NaN, empty inputs and `ddof >= n` (feature `std`).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let v = StridedView::from(&[1.0, 2.0, 3.0, 4.0][..]);
    /// assert_eq!(v.std(0.0), 1.118033988749895);
    /// assert_eq!(v.std(1.0), 1.2909944487358056);
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn std(&self, ddof: T) -> T
    where
        T: Var,
    {
        var_of(self, ddof).sqrt()
    }

    /// The variance along `axis` with `ddof` (ndarray's `var_axis`, NumPy's
    /// `var(axis=…, ddof=…)`): rank `N - 1` (inferred), row-major. Each
    /// lane answers as [`var`](Self::var) does: an empty axis gives NaN
    /// everywhere, as NumPy does. `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x = [1.0, 2.0, 3.0, 5.0, 7.0, 9.0];
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// assert_eq!(v.var_axis(1, 1.0)?.into_vec(), [1.0, 4.0]);
    /// assert_eq!(v.var_axis(0, 0.0)?.into_vec(), [4.0, 6.25, 9.0]);
    /// assert!(v.var_axis(2, 0.0).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn var_axis<const R: usize>(
        &self,
        axis: usize,
        ddof: T,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Var,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        if axis >= N {
            return Err(LayoutError::AxisOutOfRange { axis, rank: N });
        }
        let shape = self.shape();
        let out: [usize; R] = core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        // The lanes along `axis` come in row-major order of the other axes:
        // the order of the result.
        let vars: alloc::vec::Vec<T> = self.lanes(axis)?.map(|l| var_of(&l, ddof)).collect();
        super::StridedArray::from_vec(out, vars)
    }

    /// The standard deviation along `axis` (ndarray's `std_axis`): the
    /// square root of [`var_axis`](Self::var_axis) (features `std`).
    ///
    /// ```
    /// use constrided::StridedView;
    /// let x = [1.0, 2.0, 3.0, 5.0, 7.0, 9.0];
    /// let v = StridedView::from_shape([2, 3], &x)?;
    /// assert_eq!(v.std_axis(1, 1.0)?.into_vec(), [1.0, 2.0]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn std_axis<const R: usize>(
        &self,
        axis: usize,
        ddof: T,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Var,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let mut v = self.var_axis(axis, ddof)?;
        v.map_inplace(|x| *x = x.sqrt());
        Ok(v)
    }
}

// The same on mutable views and arrays, through `view()`.
macro_rules! forward_stats {
    ([$($g:tt)*] $ty:ty, $make:literal) => {
        impl<$($g)*> $ty {
            #[doc = concat!("The variance with `ddof`; see [`StridedView::var`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([4], vec![1.0, 2.0, 3.0, 4.0])?;\n", $make, "\nassert_eq!(v.var(0.0), 1.25);\n# Ok::<(), LayoutError>(())\n```")]
            pub fn var(&self, ddof: T) -> T
            where
                T: Var,
            {
                self.view().var(ddof)
            }

            #[doc = concat!("The standard deviation with `ddof`; see [`StridedView::std`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2], vec![1.0, 3.0])?;\n", $make, "\nassert_eq!(v.std(0.0), 1.0);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "std")]
            #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
            pub fn std(&self, ddof: T) -> T
            where
                T: Var,
            {
                self.view().std(ddof)
            }

            #[doc = concat!("The variance along `axis`; see [`StridedView::var_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1.0, 2.0, 3.0, 6.0])?;\n", $make, "\nassert_eq!(v.var_axis(0, 0.0)?.into_vec(), [1.0, 4.0]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn var_axis<const R: usize>(&self, axis: usize, ddof: T) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: Var,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().var_axis(axis, ddof)
            }

            #[doc = concat!("The standard deviation along `axis`; see [`StridedView::std_axis`].\n\n```\nuse constrided::*;\nlet mut a = StridedArray::from_vec([2, 2], vec![1.0, 2.0, 3.0, 6.0])?;\n", $make, "\nassert_eq!(v.std_axis(0, 0.0)?.into_vec(), [1.0, 2.0]);\n# Ok::<(), LayoutError>(())\n```")]
            #[cfg(feature = "std")]
            #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
            pub fn std_axis<const R: usize>(&self, axis: usize, ddof: T) -> Result<super::StridedArray<T, R>, LayoutError>
            where
                T: Var,
                Rank<N>: Lower<Out = Rank<R>>,
            {
                self.view().std_axis(axis, ddof)
            }
        }
    };
}

forward_stats!(['a, T, const N: usize, M: Mapping<N>] StridedViewMut<'a, T, N, M>, "let v = a.view_mut();");
#[cfg(feature = "alloc")]
forward_stats!([T, const N: usize] super::StridedArray<T, N>, "let v = &mut a;");
