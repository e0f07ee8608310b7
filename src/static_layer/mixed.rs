//! Mixed layouts: some entries static (in the type, folded as constants),
//! the others known at run time, as `std::mdspan`'s `dynamic_extent`.
//! Written by `strided!` with `dyn expr` entries (value form) or `_`
//! entries (type form):
//!
//! ```
//! use constrided::{strided, Mapping};
//! let (h, w, pitch) = (2usize, 3usize, 10isize);
//! let buf: Vec<u8> = (0..20).collect();
//! let img = strided!(&buf; shape = (dyn h, dyn w, 3), strides = (dyn pitch, 3, 1))?;
//! assert_eq!(img.shape(), [2, 3, 3]);
//! assert_eq!(img[[1, 2, 1]], 17);
//! type Image = strided!(type shape = (_, _, 3), strides = (_, 3, 1));
//! let l: Image = *img.mapping();
//! assert_eq!(l.strides(), [10, 3, 1]);
//! # Ok::<(), constrided::LayoutError>(())
//! ```

use core::marker::PhantomData;

use crate::error::{Dims, LayoutError};
use crate::layout::mapping::Sealed;
use crate::layout::{Layout, Mapping};

/// A run-time entry of a [`MixedLayout`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dyn;
/// A static size or offset of a [`MixedLayout`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fix<const V: usize>;
/// A static stride of a [`MixedLayout`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FixS<const V: isize>;

/// A size or offset entry: static ([`Fix`]) or run-time ([`Dyn`]).
///
/// ```
/// use constrided::mixed_layout::{Dyn, Fix, CountEntry};
/// assert_eq!(<Fix<3> as CountEntry>::VALUE, Some(3));
/// assert_eq!(<Dyn as CountEntry>::VALUE, None);
/// ```
pub trait CountEntry: Sealed {
    /// The static value, if any.
    const VALUE: Option<usize>;
}
// Sealed: only the crate's entry types say which entries are static.
impl Sealed for Dyn {}
impl<const V: usize> Sealed for Fix<V> {}
impl<const V: isize> Sealed for FixS<V> {}
impl CountEntry for Dyn {
    const VALUE: Option<usize> = None;
}
impl<const V: usize> CountEntry for Fix<V> {
    const VALUE: Option<usize> = Some(V);
}

/// A stride entry: static ([`FixS`]) or run-time ([`Dyn`]).
///
/// ```
/// use constrided::mixed_layout::{Dyn, FixS, StrideEntry};
/// assert_eq!(<FixS<-3> as StrideEntry>::VALUE, Some(-3));
/// ```
pub trait StrideEntry: Sealed {
    /// The static value, if any.
    const VALUE: Option<isize>;
}
impl StrideEntry for Dyn {
    const VALUE: Option<isize> = None;
}
impl<const V: isize> StrideEntry for FixS<V> {
    const VALUE: Option<isize> = Some(V);
}

/// One axis of a [`MixedLayout`]: its size entry and its stride entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MAxis<S, T>(PhantomData<fn() -> (S, T)>);

/// The static entries of a tuple of [`MAxis`] of rank `N`.
///
/// ```
/// use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedAxes};
/// type A = (MAxis<Dyn, Dyn>, MAxis<Fix<3>, FixS<1>>);
/// assert_eq!(<A as MixedAxes<2>>::SIZES, [None, Some(3)]);
/// ```
pub trait MixedAxes<const N: usize>: Sealed {
    /// Static sizes.
    const SIZES: [Option<usize>; N];
    /// Static strides.
    const STRIDES: [Option<isize>; N];
}

macro_rules! mixed_axes {
    ($n:literal; $($s:ident $t:ident),*) => {
        impl<$($s: CountEntry, $t: StrideEntry),*> Sealed for ($(MAxis<$s, $t>,)*) {}
        impl<$($s: CountEntry, $t: StrideEntry),*> MixedAxes<$n> for ($(MAxis<$s, $t>,)*) {
            const SIZES: [Option<usize>; $n] = [$($s::VALUE),*];
            const STRIDES: [Option<isize>; $n] = [$($t::VALUE),*];
        }
    };
}
mixed_axes!(0;);
mixed_axes!(1; S0 T0);
mixed_axes!(2; S0 T0, S1 T1);
mixed_axes!(3; S0 T0, S1 T1, S2 T2);
mixed_axes!(4; S0 T0, S1 T1, S2 T2, S3 T3);
mixed_axes!(5; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4);
mixed_axes!(6; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5);
mixed_axes!(7; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5, S6 T6);
mixed_axes!(8; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5, S6 T6, S7 T7);

/// A layout whose static entries are in its type (`A`: a tuple of
/// [`MAxis`], `O`: the offset entry) and whose run-time entries are held
/// in a validated [`Layout`]. The static entries are returned as
/// constants by the [`Mapping`] methods, so index math folds them.
///
/// ```
/// use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
/// use constrided::Mapping;
/// type L = MixedLayout<(MAxis<Dyn, Dyn>, MAxis<Fix<3>, FixS<1>>), Fix<0>, 2>;
/// let l = L::new([5, 3], [4, 1], 0)?;
/// assert_eq!(l.offset_of_unchecked([2, 1]), 9);
/// assert!(L::new([5, 2], [4, 1], 0).is_err()); // size 2 where 3 is static
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct MixedLayout<A, O, const N: usize> {
    layout: Layout<N>,
    _static: PhantomData<fn() -> (A, O)>,
}

impl<A, O, const N: usize> Clone for MixedLayout<A, O, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, O, const N: usize> Copy for MixedLayout<A, O, N> {}
impl<A, O, const N: usize> PartialEq for MixedLayout<A, O, N> {
    fn eq(&self, other: &Self) -> bool {
        self.layout == other.layout
    }
}
impl<A, O, const N: usize> Eq for MixedLayout<A, O, N> {}
impl<A, O, const N: usize> core::fmt::Debug for MixedLayout<A, O, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "MixedLayout({})", self.layout)
    }
}
impl<A, O, const N: usize> Sealed for MixedLayout<A, O, N> {}

impl<A: MixedAxes<N>, O: CountEntry, const N: usize> MixedLayout<A, O, N> {
    /// The layout of these entries: `ShapeMismatch` when a static size or
    /// stride differs from the given one (`Overflow` names an offset that
    /// differs), otherwise the rules of [`Layout::new`].
    ///
    /// ```
    /// use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
    /// type L = MixedLayout<(MAxis<Dyn, FixS<1>>,), Dyn, 1>;
    /// assert!(L::new([4], [1], 2).is_ok());
    /// assert!(L::new([4], [2], 2).is_err());
    /// ```
    pub fn new(shape: [usize; N], strides: [isize; N], offset: usize) -> Result<Self, LayoutError> {
        for k in 0..N {
            let size_ok = A::SIZES[k].is_none_or(|v| v == shape[k]);
            let stride_ok = A::STRIDES[k].is_none_or(|v| v == strides[k]);
            if !size_ok || !stride_ok {
                let want = core::array::from_fn::<usize, N, _>(|j| {
                    if !size_ok {
                        A::SIZES[j].unwrap_or(shape[j])
                    } else {
                        A::STRIDES[j].unwrap_or(strides[j]).unsigned_abs()
                    }
                });
                let found = if !size_ok {
                    shape
                } else {
                    strides.map(|s| s.unsigned_abs())
                };
                return Err(LayoutError::ShapeMismatch {
                    expected: Dims::new(&want),
                    found: Dims::new(&found),
                    arg: crate::ShapeArg::Shape,
                });
            }
        }
        if let Some(o) = O::VALUE {
            if o != offset {
                return Err(LayoutError::ShapeMismatch {
                    expected: Dims::new(&[o]),
                    found: Dims::new(&[offset]),
                    arg: crate::ShapeArg::Shape,
                });
            }
        }
        Ok(MixedLayout {
            layout: Layout::new(shape, strides, offset)?,
            _static: PhantomData,
        })
    }

    /// A row-major layout of `shape` at `offset` (the default strides of
    /// `strided!` when some size is run-time), checked as [`MixedLayout::new`].
    ///
    /// ```
    /// use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
    /// use constrided::Mapping;
    /// type L = MixedLayout<(MAxis<Dyn, Dyn>, MAxis<Fix<3>, FixS<1>>), Fix<0>, 2>;
    /// assert_eq!(L::contiguous([4, 3], 0)?.strides(), [3, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn contiguous(shape: [usize; N], offset: usize) -> Result<Self, LayoutError> {
        let l = Layout::try_contiguous(shape)?;
        Self::new(shape, l.strides(), offset)
    }
}

impl<A: MixedAxes<N>, O: CountEntry, const N: usize> Mapping<N> for MixedLayout<A, O, N> {
    // Reversing the axes moves the static entries to other places, which
    // the `MixedAxes` types cannot say: the transpose is a runtime layout.
    type Transposed = Layout<N>;
    #[inline(always)]
    fn transposed(&self) -> Layout<N> {
        self.to_layout().t()
    }
    #[inline(always)]
    fn shape(&self) -> [usize; N] {
        let mut s = self.layout.shape();
        let fixed = const { A::SIZES };
        for k in 0..N {
            if let Some(v) = fixed[k] {
                s[k] = v;
            }
        }
        s
    }
    #[inline(always)]
    fn strides(&self) -> [isize; N] {
        let mut s = self.layout.strides();
        let fixed = const { A::STRIDES };
        for k in 0..N {
            if let Some(v) = fixed[k] {
                s[k] = v;
            }
        }
        s
    }
    #[inline(always)]
    fn offset(&self) -> usize {
        match const { O::VALUE } {
            Some(v) => v,
            None => self.layout.offset(),
        }
    }
    #[inline(always)]
    fn to_layout(&self) -> Layout<N> {
        self.layout
    }
}
