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
/// assert_eq!(<<A as MixedAxes<2>>::Reversed as MixedAxes<2>>::SIZES, [Some(3), None]);
/// ```
pub trait MixedAxes<const N: usize>: Sealed {
    /// Static sizes.
    const SIZES: [Option<usize>; N];
    /// Static strides.
    const STRIDES: [Option<isize>; N];
    /// The same axes in reverse order: the axes of the transpose, so that
    /// `t()` of a mixed layout keeps every static entry static.
    type Reversed: MixedAxes<N>;
}

macro_rules! mixed_axes {
    ($n:literal; $($s:ident $t:ident),*; $($rs:ident $rt:ident),*) => {
        impl<$($s: CountEntry, $t: StrideEntry),*> Sealed for ($(MAxis<$s, $t>,)*) {}
        impl<$($s: CountEntry, $t: StrideEntry),*> MixedAxes<$n> for ($(MAxis<$s, $t>,)*) {
            const SIZES: [Option<usize>; $n] = [$($s::VALUE),*];
            const STRIDES: [Option<isize>; $n] = [$($t::VALUE),*];
            type Reversed = ($(MAxis<$rs, $rt>,)*);
        }
    };
}
mixed_axes!(0;;);
mixed_axes!(1; S0 T0; S0 T0);
mixed_axes!(2; S0 T0, S1 T1; S1 T1, S0 T0);
mixed_axes!(3; S0 T0, S1 T1, S2 T2; S2 T2, S1 T1, S0 T0);
mixed_axes!(4; S0 T0, S1 T1, S2 T2, S3 T3; S3 T3, S2 T2, S1 T1, S0 T0);
mixed_axes!(5; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4; S4 T4, S3 T3, S2 T2, S1 T1, S0 T0);
mixed_axes!(6; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5; S5 T5, S4 T4, S3 T3, S2 T2, S1 T1, S0 T0);
mixed_axes!(
    7; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5, S6 T6;
    S6 T6, S5 T5, S4 T4, S3 T3, S2 T2, S1 T1, S0 T0
);
mixed_axes!(
    8; S0 T0, S1 T1, S2 T2, S3 T3, S4 T4, S5 T5, S6 T6, S7 T7;
    S7 T7, S6 T6, S5 T5, S4 T4, S3 T3, S2 T2, S1 T1, S0 T0
);

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

// The static part of a mixed layout whose sizes and strides are all
// static (only the offset is a run-time entry, or nothing is): how far
// below and above element (0, …, 0) it reaches, and whether it is unique,
// all decided at compile time. `None` when some size or stride is a
// run-time entry, some static size is 0 (an empty layout: the general
// rules), or the static entries alone break a rule (element count or reach
// overflow: the general path reports it).
#[derive(Clone, Copy)]
struct Fixed {
    // -(lowest reach) >= 0 and the highest reach, relative to element 0.
    below: u128,
    above: u128,
    unique: bool,
}

const fn fixed_part<const N: usize>(
    sizes: [Option<usize>; N],
    strides: [Option<isize>; N],
) -> Option<Fixed> {
    let mut shape = [0usize; N];
    let mut st = [0isize; N];
    let mut k = 0;
    while k < N {
        match (sizes[k], strides[k]) {
            (Some(n), Some(s)) if n > 0 => {
                shape[k] = n;
                st[k] = s;
            }
            _ => return None,
        }
        k += 1;
    }
    if N > crate::MAX_RANK || crate::layout::math::numel(&shape).is_err() {
        return None;
    }
    let (mut below, mut above) = (0u128, 0u128);
    k = 0;
    while k < N {
        // (size - 1)·|stride| < 2^127: exact; summed over at most 8 axes
        // below 2^127 · 8 only if each is huge, which the isize bound
        // below rejects first.
        let span = (shape[k] as u128 - 1) * st[k].unsigned_abs() as u128;
        if span > isize::MAX as u128 {
            return None;
        }
        if st[k] < 0 {
            below += span;
        } else {
            above += span;
        }
        k += 1;
    }
    if below > isize::MAX as u128 || above > isize::MAX as u128 {
        return None;
    }
    Some(Fixed {
        below,
        above,
        unique: crate::layout::math::is_unique(&shape, &st),
    })
}

impl<A: MixedAxes<N>, O: CountEntry, const N: usize> MixedLayout<A, O, N> {
    // See `Fixed`.
    const FIXED: Option<Fixed> = fixed_part::<N>(A::SIZES, A::STRIDES);

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
    #[inline]
    pub fn new(shape: [usize; N], strides: [isize; N], offset: usize) -> Result<Self, LayoutError> {
        if let Some(f) = const { Self::FIXED } {
            // Every size and stride is static: the comparisons fold, and
            // the static shape and strides are valid on their own (checked
            // at compile time): the layout is valid exactly when the
            // offset keeps its reach inside 0 ..= isize::MAX (what
            // `Layout::new` checks; `new_checked` reports the errors).
            let o = offset as u128;
            let same = (0..N)
                .all(|k| A::SIZES[k] == Some(shape[k]) && A::STRIDES[k] == Some(strides[k]))
                && O::VALUE.is_none_or(|v| v == offset);
            if same && o >= f.below && o + f.above <= isize::MAX as u128 {
                // SAFETY: `Layout::new`'s rules hold: rank <= MAX_RANK, the
                // element count fits (both checked in `fixed_part` on these
                // very sizes), and the lowest and highest positions,
                // offset - below and offset + above, lie in 0 ..=
                // isize::MAX (checked just above).
                let layout = unsafe { Layout::new_unchecked(shape, strides, offset) };
                return Ok(MixedLayout {
                    layout,
                    _static: PhantomData,
                });
            }
        }
        Self::new_checked(shape, strides, offset)
    }

    // `new` with every check at run time (and its errors).
    #[inline(never)]
    fn new_checked(
        shape: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, LayoutError> {
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
        if let Some(o) = O::VALUE
            && o != offset
        {
            return Err(LayoutError::ShapeMismatch {
                expected: Dims::new(&[o]),
                found: Dims::new(&[offset]),
                arg: crate::ShapeArg::Shape,
            });
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

// Not listed in errors: `Mapping`'s message says what a layout is.
#[diagnostic::do_not_recommend]
impl<A: MixedAxes<N>, O: CountEntry, const N: usize> Mapping<N> for MixedLayout<A, O, N> {
    // Every size and stride static (a run-time offset at most): the
    // kernels' static paths (loop nests over the constant shape, positions
    // from `offset_of_unchecked`) apply, as for a `strided!` view.
    const STATIC: bool = Self::FIXED.is_some();
    // Reversing the axes reverses the static entries with them (the
    // offset stays): the transpose is a mixed layout again, as static as
    // this one, so a transposed static block still folds.
    type Transposed = MixedLayout<A::Reversed, O, N>;
    #[inline(always)]
    fn transposed(&self) -> Self::Transposed {
        // The run-time layout reversed, and the static entries reversed
        // with it: entry k of the result is entry N-1-k of this layout,
        // which the static entries of `A::Reversed` at k name.
        MixedLayout {
            layout: self.layout.t(),
            _static: PhantomData,
        }
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
    #[inline(always)]
    fn required_len(&self) -> usize {
        match const { Self::FIXED } {
            // Shape and strides are the static ones (nonempty), and the
            // layout is valid: offset + above <= isize::MAX.
            Some(f) => self.offset() + f.above as usize + 1,
            None => self.layout.required_len(),
        }
    }
    #[inline(always)]
    fn check_unique(&self) -> Result<(), LayoutError> {
        match const { Self::FIXED } {
            // Decided at compile time on the static shape and strides.
            Some(Fixed { unique: true, .. }) => Ok(()),
            _ => self.layout.check_unique(),
        }
    }
}
