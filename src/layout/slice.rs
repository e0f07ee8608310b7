//! [`Slice`]: Python's `slice(start, stop, step)` for one axis; [`SliceElem`]
//! (a slice or an integer index); [`SliceInfo`], what the [`s!`](crate::s)
//! macro builds, with its output rank inferred.
//!
//! Bounds are stored exactly (as `i128`), so every `usize` bound — also one
//! above `isize::MAX`, on an axis longer than that (a broadcast) — and every
//! negative `isize` bound keeps its Python meaning.

use core::marker::PhantomData;
use core::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use super::{Higher, Rank};

// Sealing: `SliceEntry` and `SliceArg` decide how many axes `slice` keeps,
// which the layout math relies on, so only this crate implements them.
// (`Layout::slice` re-checks the count anyway.)
mod sealed {
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot slice: `SliceArg` and `SliceEntry` are sealed (the slicing rules rely on their impls)",
        label = "only constrided's own argument types implement them",
        note = "slice with `s![..]` (ranges, integers, `..`), a `[Slice; N]` or `SliceInfo`"
    )]
    pub trait Sealed {}
    // The crate's types implement `Marker`; a single blanket impl makes
    // them `Sealed`, so rustc's sealed-trait note lists one implementor
    // (`T`) instead of every argument type.
    pub trait Marker {}
    #[diagnostic::do_not_recommend]
    impl<T: Marker + ?Sized> Sealed for T {}
}

/// Python's `slice(start, stop, step)` for one axis: negative bounds count
/// from the end, out-of-range bounds clamp, a negative step walks backwards,
/// and a step of 0 is an error (`LayoutError::ZeroStep`).
///
/// ```
/// use constrided::Slice;
/// // x[::-2] over 5 elements visits 4, 2, 0.
/// assert_eq!(Slice::new(None, None, -2).indices(5), Some((4, -2, 3)));
/// // x[-3:] over 5 elements visits 2, 3, 4.
/// assert_eq!(Slice::new(Some(-3), None, 1).indices(5), Some((2, 1, 3)));
/// // Ranges convert: 1..3 is x[1:3]; -3.. is x[-3:].
/// assert_eq!(Slice::from(1..3), Slice::new(Some(1), Some(3), 1));
/// assert_eq!(Slice::from(-3..), Slice::new(Some(-3), None, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    start: Option<i128>,
    stop: Option<i128>,
    step: isize,
}

impl Slice {
    /// `slice(start, stop, step)`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// let s = Slice::new(Some(1), None, 2);
    /// assert_eq!(s.indices(6), Some((1, 2, 3)));
    /// ```
    pub const fn new(start: Option<isize>, stop: Option<isize>, step: isize) -> Self {
        Slice {
            start: widen(start),
            stop: widen(stop),
            step,
        }
    }

    /// `slice(start, stop, step)` with bounds of any width: a bound above
    /// `isize::MAX` (up to `usize::MAX + 1`) counts from the start, as a
    /// `usize` range bound does; a negative one counts from the end.
    ///
    /// ```
    /// # use constrided::Slice;
    /// let big = (1i128 << 63) + 10;
    /// let s = Slice::from_bounds(Some(big), None, 1);
    /// assert_eq!(s.indices(usize::MAX), Some(((1 << 63) + 10, 1, usize::MAX - (1 << 63) - 10)));
    /// ```
    pub const fn from_bounds(start: Option<i128>, stop: Option<i128>, step: isize) -> Self {
        Slice { start, stop, step }
    }

    /// The whole axis, `x[:]`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::full().indices(4), Some((0, 1, 4)));
    /// ```
    pub const fn full() -> Self {
        Slice::new(None, None, 1)
    }

    /// The same slice with another step, `x[start:stop:step]`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::from(..).step_by(-1).indices(3), Some((2, -1, 3)));
    /// ```
    pub const fn step_by(self, step: isize) -> Self {
        Slice { step, ..self }
    }

    /// The start bound (negative counts from the end), exactly as given.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::from(-3..).start(), Some(-3));
    /// assert_eq!(Slice::from(usize::MAX..).start(), Some(usize::MAX as i128));
    /// ```
    pub const fn start(&self) -> Option<i128> {
        self.start
    }

    /// The stop bound (negative counts from the end), exactly as given.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::from(..=4usize).stop(), Some(5));
    /// assert_eq!(Slice::full().stop(), None);
    /// ```
    pub const fn stop(&self) -> Option<i128> {
        self.stop
    }

    /// The step.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::full().step_by(-2).step(), -2);
    /// ```
    pub const fn step(&self) -> isize {
        self.step
    }

    /// Python's `slice.indices(len)`, as `(first index, step, count)`:
    /// the selected indices are `first + k·step` for `k in 0..count`.
    /// `None` when the step is 0. When `count` is 0, `first` is meaningless.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::new(Some(10), Some(20), 1).indices(5), Some((0, 1, 0)));
    /// assert_eq!(Slice::new(Some(-100), Some(2), 1).indices(5), Some((0, 1, 2)));
    /// assert_eq!(Slice::new(None, None, 0).indices(5), None);
    /// ```
    pub const fn indices(&self, len: usize) -> Option<(usize, isize, usize)> {
        if self.step == 0 {
            return None;
        }
        // All arithmetic below stays within ±2^66: bounds are usize or isize
        // values (or usize::MAX + 1), len is a usize.
        let len = len as i128;
        let step = self.step as i128;
        let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
        let start = match self.start {
            None => {
                if step < 0 {
                    upper
                } else {
                    lower
                }
            }
            Some(s) => clamp_bound(s, len, lower, upper),
        };
        let stop = match self.stop {
            None => {
                if step < 0 {
                    lower
                } else {
                    upper
                }
            }
            Some(s) => clamp_bound(s, len, lower, upper),
        };
        let count = if step < 0 {
            if stop < start {
                (start - stop - 1) / (-step) + 1
            } else {
                0
            }
        } else if start < stop {
            (stop - start - 1) / step + 1
        } else {
            0
        };
        let first = if count > 0 { start as usize } else { 0 };
        Some((first, self.step, count as usize))
    }
}

const fn widen(b: Option<isize>) -> Option<i128> {
    match b {
        Some(v) => Some(v as i128),
        None => None,
    }
}

// Python's PySlice_AdjustIndices for one bound.
const fn clamp_bound(s: i128, len: i128, lower: i128, upper: i128) -> i128 {
    if s < 0 {
        let s = s + len;
        if s < lower {
            lower
        } else {
            s
        }
    } else if s > upper {
        upper
    } else {
        s
    }
}

impl Default for Slice {
    fn default() -> Self {
        Slice::full()
    }
}

macro_rules! range_impls {
    ($($t:ty),*) => {$(
        impl From<Range<$t>> for Slice {
            fn from(r: Range<$t>) -> Self {
                Slice::from_bounds(Some(r.start as i128), Some(r.end as i128), 1)
            }
        }
        impl From<RangeInclusive<$t>> for Slice {
            fn from(r: RangeInclusive<$t>) -> Self {
                let end = *r.end() as i128;
                // Python has no inclusive stop: `..=-1` is "to the end".
                let stop = if end == -1 { None } else { Some(end + 1) };
                Slice::from_bounds(Some(*r.start() as i128), stop, 1)
            }
        }
        impl From<RangeFrom<$t>> for Slice {
            fn from(r: RangeFrom<$t>) -> Self {
                Slice::from_bounds(Some(r.start as i128), None, 1)
            }
        }
        impl From<RangeTo<$t>> for Slice {
            fn from(r: RangeTo<$t>) -> Self {
                Slice::from_bounds(None, Some(r.end as i128), 1)
            }
        }
        impl From<RangeToInclusive<$t>> for Slice {
            fn from(r: RangeToInclusive<$t>) -> Self {
                let end = r.end as i128;
                let stop = if end == -1 { None } else { Some(end + 1) };
                Slice::from_bounds(None, stop, 1)
            }
        }
        impl From<Range<$t>> for SliceElem {
            fn from(r: Range<$t>) -> Self { SliceElem::Slice(r.into()) }
        }
        impl From<RangeInclusive<$t>> for SliceElem {
            fn from(r: RangeInclusive<$t>) -> Self { SliceElem::Slice(r.into()) }
        }
        impl From<RangeFrom<$t>> for SliceElem {
            fn from(r: RangeFrom<$t>) -> Self { SliceElem::Slice(r.into()) }
        }
        impl From<RangeTo<$t>> for SliceElem {
            fn from(r: RangeTo<$t>) -> Self { SliceElem::Slice(r.into()) }
        }
        impl From<RangeToInclusive<$t>> for SliceElem {
            fn from(r: RangeToInclusive<$t>) -> Self { SliceElem::Slice(r.into()) }
        }
        impl From<$t> for SliceElem {
            fn from(i: $t) -> Self { SliceElem::Index(i as i128) }
        }
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for Range<$t> {}
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for RangeInclusive<$t> {}
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for RangeFrom<$t> {}
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for RangeTo<$t> {}
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for RangeToInclusive<$t> {}
        #[diagnostic::do_not_recommend]
        impl sealed::Marker for $t {}
        impl<const K: usize> SliceEntry<Rank<K>> for Range<$t> where Rank<K>: Higher { type Out = <Rank<K> as Higher>::Out; }
        impl<const K: usize> SliceEntry<Rank<K>> for RangeInclusive<$t> where Rank<K>: Higher { type Out = <Rank<K> as Higher>::Out; }
        impl<const K: usize> SliceEntry<Rank<K>> for RangeFrom<$t> where Rank<K>: Higher { type Out = <Rank<K> as Higher>::Out; }
        impl<const K: usize> SliceEntry<Rank<K>> for RangeTo<$t> where Rank<K>: Higher { type Out = <Rank<K> as Higher>::Out; }
        impl<const K: usize> SliceEntry<Rank<K>> for RangeToInclusive<$t> where Rank<K>: Higher { type Out = <Rank<K> as Higher>::Out; }
        impl<const K: usize> SliceEntry<Rank<K>> for $t { type Out = Rank<K>; }
    )*};
}
range_impls!(usize, isize, i32);

impl From<RangeFull> for Slice {
    fn from(_: RangeFull) -> Self {
        Slice::full()
    }
}

/// One entry of [`s!`](crate::s): a [`Slice`] (keeps the axis) or an
/// integer index (removes it; negative counts from the end, as in NumPy).
/// Indices are stored exactly, as bounds are.
///
/// ```
/// use constrided::{Slice, SliceElem};
/// assert_eq!(SliceElem::from(-1), SliceElem::Index(-1));
/// assert_eq!(SliceElem::from(1..), SliceElem::Slice(Slice::new(Some(1), None, 1)));
/// assert_eq!(SliceElem::Index(-1).resolve_index(4), Some(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceElem {
    /// A slice of the axis.
    Slice(Slice),
    /// One index of the axis (the axis is dropped).
    Index(i128),
}

impl SliceElem {
    /// `x[:]`.
    ///
    /// ```
    /// # use constrided::{Slice, SliceElem};
    /// assert_eq!(SliceElem::FULL, SliceElem::Slice(Slice::full()));
    /// ```
    pub const FULL: SliceElem = SliceElem::Slice(Slice::full());

    /// For an index, the index it names on an axis of size `len` (negative
    /// counts from the end), or `None` when out of range; `None` for a slice.
    ///
    /// ```
    /// # use constrided::SliceElem;
    /// assert_eq!(SliceElem::Index(-3).resolve_index(3), Some(0));
    /// assert_eq!(SliceElem::Index(-4).resolve_index(3), None);
    /// assert_eq!(SliceElem::Index(3).resolve_index(3), None);
    /// ```
    pub const fn resolve_index(&self, len: usize) -> Option<usize> {
        match *self {
            SliceElem::Slice(_) => None,
            SliceElem::Index(i) => {
                let i = if i < 0 { i + len as i128 } else { i };
                if i >= 0 && i < len as i128 {
                    Some(i as usize)
                } else {
                    None
                }
            }
        }
    }
}

impl From<Slice> for SliceElem {
    fn from(s: Slice) -> Self {
        SliceElem::Slice(s)
    }
}

impl From<RangeFull> for SliceElem {
    fn from(_: RangeFull) -> Self {
        SliceElem::FULL
    }
}

/// What an entry of [`s!`](crate::s) does to the output rank: a slice keeps
/// its axis (`Rank<K>` becomes `Rank<K + 1>`), an integer index drops it.
/// The macro folds it over the entries, so the output rank is inferred.
///
/// ```
/// use constrided::{Rank, SliceEntry};
/// fn out<E: SliceEntry<Rank<1>, Out = Rank<M>>, const M: usize>(_: E) -> usize { M }
/// assert_eq!(out(0usize..2), 2);
/// assert_eq!(out(-1), 1);
/// ```
///
/// Sealed: implemented by the crate's entry types only.
pub trait SliceEntry<R>: Into<SliceElem> + sealed::Sealed {
    /// The rank after this entry.
    type Out;
}

#[diagnostic::do_not_recommend]
impl sealed::Marker for RangeFull {}
#[diagnostic::do_not_recommend]
impl sealed::Marker for Slice {}

impl<const K: usize> SliceEntry<Rank<K>> for RangeFull
where
    Rank<K>: Higher,
{
    type Out = <Rank<K> as Higher>::Out;
}

impl<const K: usize> SliceEntry<Rank<K>> for Slice
where
    Rank<K>: Higher,
{
    type Out = <Rank<K> as Higher>::Out;
}

/// The argument of `slice` built by [`s!`](crate::s): one [`SliceElem`]
/// per input axis (`N` of them), `M` of which are slices (the output rank).
///
/// ```
/// use constrided::{s, Layout, SliceElem, SliceInfo};
/// let info: SliceInfo<2, 1> = s![1, ..;2];
/// assert_eq!(info.elems()[0], SliceElem::Index(1));
/// let l = Layout::contiguous([3, 4]).slice(info)?;
/// assert_eq!((l.shape(), l.strides(), l.offset()), ([2], [2], 4));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SliceInfo<const N: usize, const M: usize> {
    elems: [SliceElem; N],
}

impl<const N: usize, const M: usize> SliceInfo<N, M> {
    /// The entries, when exactly `M` of the `N` are slices (otherwise
    /// `None`).
    ///
    /// ```
    /// use constrided::{Slice, SliceElem, SliceInfo};
    /// let e = [SliceElem::Index(-1), SliceElem::Slice(Slice::full())];
    /// assert!(SliceInfo::<2, 1>::new(e).is_some());
    /// assert!(SliceInfo::<2, 2>::new(e).is_none());
    /// ```
    pub fn new(elems: [SliceElem; N]) -> Option<Self> {
        let kept = elems
            .iter()
            .filter(|e| matches!(e, SliceElem::Slice(_)))
            .count();
        (kept == M).then_some(SliceInfo { elems })
    }

    /// The entries, one per input axis.
    ///
    /// ```
    /// # use constrided::{s, SliceElem};
    /// assert_eq!(s![.., -1].elems()[1], SliceElem::Index(-1));
    /// ```
    pub fn elems(&self) -> &[SliceElem; N] {
        &self.elems
    }

    // For s!: the entry types fixed M already. Still counted (in every
    // build: a few compares), so that every `SliceInfo` value keeps its
    // invariant (exactly M kept axes) whoever calls this hidden helper.
    #[doc(hidden)]
    #[track_caller]
    pub fn __new(elems: [SliceElem; N], _rank: PhantomData<Rank<M>>) -> Self {
        match Self::new(elems) {
            Some(info) => info,
            None => panic!("s!: the entries keep a different number of axes than {M}"),
        }
    }
}

/// Every axis sliced: the same as the `[Slice; N]` it came from.
///
/// ```
/// use constrided::{s, Slice, SliceInfo};
/// assert_eq!(s![..;2], [Slice::new(None, None, 2)]);
/// let info: SliceInfo<2, 2> = [Slice::full(), Slice::from(1..)].into();
/// assert_eq!(info, s![.., 1..]);
/// ```
impl<const N: usize> From<[Slice; N]> for SliceInfo<N, N> {
    fn from(s: [Slice; N]) -> Self {
        SliceInfo {
            elems: s.map(SliceElem::Slice),
        }
    }
}

/// A `SliceInfo` with no integer index equals the `[Slice; N]` of its entries.
///
/// ```
/// use constrided::{s, Slice};
/// assert_eq!(s![1..3, ..], [Slice::from(1..3), Slice::full()]);
/// ```
impl<const N: usize> PartialEq<[Slice; N]> for SliceInfo<N, N> {
    fn eq(&self, other: &[Slice; N]) -> bool {
        self.elems
            .iter()
            .zip(other)
            .all(|(e, s)| *e == SliceElem::Slice(*s))
    }
}

/// The arguments `slice` accepts for a layout of rank `N`, giving rank `M`:
/// `[Slice; N]` (every axis sliced, `M == N`) and [`SliceInfo<N, M>`]
/// (what [`s!`](crate::s) builds; integer entries drop their axis).
///
/// ```
/// use constrided::{s, Layout, Slice};
/// let l = Layout::contiguous([3, 4]);
/// assert_eq!(l.slice([Slice::full(), Slice::from(1..)])?.shape(), [3, 3]);
/// assert_eq!(l.slice(s![-1, 1..])?.shape(), [3]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// Sealed: implemented by the crate's argument types only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot slice a view of rank {N}: s![] has more entries than the view has axes",
    label = "s![] builds `SliceInfo<K, _>` from K entries: give at most {N}, one per axis"
)]
pub trait SliceArg<const N: usize, const M: usize>: sealed::Sealed {
    /// One entry per input axis.
    fn slice_elems(&self) -> [SliceElem; N];
}

#[diagnostic::do_not_recommend]
impl<const N: usize> sealed::Marker for [Slice; N] {}
#[diagnostic::do_not_recommend]
impl<const N: usize, const M: usize> sealed::Marker for SliceInfo<N, M> {}

#[diagnostic::do_not_recommend]
impl<const N: usize> SliceArg<N, N> for [Slice; N] {
    fn slice_elems(&self) -> [SliceElem; N] {
        self.map(SliceElem::Slice)
    }
}

#[diagnostic::do_not_recommend]
impl<const N: usize, const M: usize> SliceArg<N, M> for SliceInfo<N, M> {
    fn slice_elems(&self) -> [SliceElem; N] {
        self.elems
    }
}

// `SliceInfo<K, M>` (K entries, M kept) also slices a rank-`N` layout for
// `K < N`: the missing trailing axes are `..` (NumPy's `a[1]` on a 3-D
// array), so the output rank is `M + N - K`, from the table below (which
// has no `K == N` entry: that is the impl above, also for generic ranks).
#[diagnostic::do_not_recommend]
impl<const K: usize, const M: usize, const N: usize, const O: usize> SliceArg<N, O>
    for SliceInfo<K, M>
where
    Rank<K>: SlicePad<Rank<M>, Rank<N>, Out = Rank<O>>,
{
    fn slice_elems(&self) -> [SliceElem; N] {
        core::array::from_fn(|k| {
            if k < K {
                self.elems[k]
            } else {
                SliceElem::FULL
            }
        })
    }
}

/// The output rank of an [`s!`](crate::s) of `K` entries keeping `M` axes
/// on a rank-`N` layout (`K <= N`; the missing trailing axes are `..`):
/// `Rank<K>: SlicePad<Rank<M>, Rank<N>, Out = Rank<M + N - K>>`, for every
/// `M <= K < N <= 8`.
///
/// ```
/// use constrided::{s, Layout};
/// // NumPy: a[1] on a 3-D array is a[1, :, :].
/// let l = Layout::contiguous([2, 3, 4]).slice(s![1])?;
/// assert_eq!((l.shape(), l.offset()), ([3, 4], 12));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "s![] has more entries than the view has axes: `{Self}` entries for a view of `{Rank}`",
    label = "at most one entry per axis (missing trailing axes are `..`)"
)]
pub trait SlicePad<Kept, Rank> {
    /// The output rank.
    type Out;
}

macro_rules! pad_table {
    ($(($k:literal $m:literal $n:literal $o:literal))*) => {$(
        #[diagnostic::do_not_recommend]
        impl SlicePad<Rank<$m>, Rank<$n>> for Rank<$k> { type Out = Rank<$o>; }
    )*};
}
pad_table!(
    (0 0 1 1) (0 0 2 2) (1 0 2 1) (1 1 2 2) (0 0 3 3) (1 0 3 2) (1 1 3 3) (2 0 3 1)
    (2 1 3 2) (2 2 3 3) (0 0 4 4) (1 0 4 3) (1 1 4 4) (2 0 4 2) (2 1 4 3) (2 2 4 4)
    (3 0 4 1) (3 1 4 2) (3 2 4 3) (3 3 4 4) (0 0 5 5) (1 0 5 4) (1 1 5 5) (2 0 5 3)
    (2 1 5 4) (2 2 5 5) (3 0 5 2) (3 1 5 3) (3 2 5 4) (3 3 5 5) (4 0 5 1) (4 1 5 2)
    (4 2 5 3) (4 3 5 4) (4 4 5 5) (0 0 6 6) (1 0 6 5) (1 1 6 6) (2 0 6 4) (2 1 6 5)
    (2 2 6 6) (3 0 6 3) (3 1 6 4) (3 2 6 5) (3 3 6 6) (4 0 6 2) (4 1 6 3) (4 2 6 4)
    (4 3 6 5) (4 4 6 6) (5 0 6 1) (5 1 6 2) (5 2 6 3) (5 3 6 4) (5 4 6 5) (5 5 6 6)
    (0 0 7 7) (1 0 7 6) (1 1 7 7) (2 0 7 5) (2 1 7 6) (2 2 7 7) (3 0 7 4) (3 1 7 5)
    (3 2 7 6) (3 3 7 7) (4 0 7 3) (4 1 7 4) (4 2 7 5) (4 3 7 6) (4 4 7 7) (5 0 7 2)
    (5 1 7 3) (5 2 7 4) (5 3 7 5) (5 4 7 6) (5 5 7 7) (6 0 7 1) (6 1 7 2) (6 2 7 3)
    (6 3 7 4) (6 4 7 5) (6 5 7 6) (6 6 7 7) (0 0 8 8) (1 0 8 7) (1 1 8 8) (2 0 8 6)
    (2 1 8 7) (2 2 8 8) (3 0 8 5) (3 1 8 6) (3 2 8 7) (3 3 8 8) (4 0 8 4) (4 1 8 5)
    (4 2 8 6) (4 3 8 7) (4 4 8 8) (5 0 8 3) (5 1 8 4) (5 2 8 5) (5 3 8 6) (5 4 8 7)
    (5 5 8 8) (6 0 8 2) (6 1 8 3) (6 2 8 4) (6 3 8 5) (6 4 8 6) (6 5 8 7) (6 6 8 8)
    (7 0 8 1) (7 1 8 2) (7 2 8 3) (7 3 8 4) (7 4 8 5) (7 5 8 6) (7 6 8 7) (7 7 8 8)
);

// For s!: one entry, and the rank after it.
#[doc(hidden)]
pub fn __entry<R, E: SliceEntry<R>>(
    _rank: PhantomData<R>,
    e: E,
) -> (SliceElem, PhantomData<E::Out>) {
    (e.into(), PhantomData)
}

/// NumPy-style indexing, one entry per axis; fewer entries than the rank
/// leave the missing trailing axes whole (`:`), as NumPy's `a[1]` on a 3-D
/// array. Entries, with Python's meaning:
///
/// - a range of `usize`, `isize` or `i32`: `a..b`, `a..`, `..b`, `..`,
///   `a..=b`, `..=b`; negative bounds count from the end (`-3..` is
///   `x[-3:]`, `..-1` is `x[:-1]`); out-of-range bounds clamp;
/// - a range with a step, `range;step` (`..;-1` is `x[::-1]`);
/// - an integer index `i` (`usize`, `isize` or `i32`; `-1` is the last):
///   removes the axis, so the output rank is the number of ranges,
///   inferred without annotations; out of range is `IndexOutOfRange`;
/// - a [`Slice`] value.
///
/// It builds a [`SliceInfo`], which `slice` on [`Layout`](crate::Layout)
/// and the views takes (as well as a plain `[Slice; N]`).
///
/// A range with a positive start and a negative end, such as `1..-1`
/// (Python's `1:-1`), is what clippy's deny-by-default
/// `reversed_empty_ranges` lint looks for: add
/// `#[allow(clippy::reversed_empty_ranges)]`, or write it as
/// `Slice::new(Some(1), Some(-1), 1)`. The bounds of one range share a
/// type, so a negative bound next to a `usize` variable needs a cast.
///
/// ndarray exports a macro of the same name; to use both, rename one:
/// `use constrided::s as cs;` (then `cs![1, ..]`) or call it by path,
/// `constrided::s![..]`.
///
/// ```
/// use constrided::{s, Layout, LayoutError};
/// let a = Layout::contiguous([3, 4]); // NumPy: a = arange(12).reshape(3, 4)
/// // a[1:3, ::-1]
/// let v = a.slice(s![1..3, ..;-1])?;
/// assert_eq!((v.shape(), v.strides(), v.offset()), ([2, 4], [4, -1], 7));
/// // a[1, :]: an integer index removes the axis (rank 1, inferred)
/// let row = a.slice(s![1, ..])?;
/// assert_eq!((row.shape(), row.offset()), ([4], 4));
/// // a[-1, -2]: negative indices count from the end (rank 0)
/// assert_eq!(a.slice(s![-1, -2])?.offset(), 10);
/// // a[-2:, :-1]: negative bounds
/// let c = a.slice(s![-2.., ..-1])?;
/// assert_eq!((c.shape(), c.offset()), ([2, 3], 4));
/// // a[::2, 1::2]: steps
/// assert_eq!(a.slice(s![..;2, 1..;2])?.shape(), [2, 2]);
/// // a[1]: missing trailing axes are `..` (rank 1, inferred)
/// assert_eq!(a.slice(s![1])?, row);
/// // a[3, :] is out of range
/// assert!(matches!(a.slice(s![3, ..]), Err(LayoutError::IndexOutOfRange { axis: 0, .. })));
///
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// Next to ndarray's `s!`:
///
/// ```
/// use constrided::s as cs;
/// use constrided::Layout;
/// use ndarray::s;
/// let nd = ndarray::Array2::<i32>::zeros((3, 4));
/// let a = Layout::contiguous([3, 4]);
/// assert_eq!(nd.slice(s![1, ..]).len(), a.slice(cs![1, ..])?.shape()[0]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[macro_export]
macro_rules! s {
    (@count $($r:tt)*) => { 1 };
    (@entry $o:ident, $r:expr) => { $crate::layout::__slice_entry($o, $r) };
    (@entry $o:ident, $r:expr ; $step:expr) => {
        $crate::layout::__slice_entry($o, $crate::Slice::from($r).step_by($step))
    };
    ($($r:expr $(; $step:expr)?),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut __elems = [$crate::SliceElem::FULL; 0 $(+ $crate::s!(@count $r))*];
        let __rank = ::core::marker::PhantomData::<$crate::Rank<0>>;
        let __k = 0usize;
        $(
            let (__e, __rank) = $crate::s!(@entry __rank, $r $(; $step)?);
            __elems[__k] = __e;
            let __k = __k + 1;
        )*
        let _ = __k;
        $crate::SliceInfo::__new(__elems, __rank)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Layout, LayoutError};

    // An argument that miscounts its slices (only the crate can write one:
    // the traits are sealed): `Layout::slice` refuses it.
    struct TwoSlices;
    impl sealed::Marker for TwoSlices {}
    impl SliceArg<2, 1> for TwoSlices {
        fn slice_elems(&self) -> [SliceElem; 2] {
            [SliceElem::FULL, SliceElem::FULL]
        }
    }

    #[test]
    fn slice_rechecks_the_number_of_kept_axes() {
        let l = Layout::new([1, 0], [1, 1 << 24], 1 << 25).unwrap();
        assert_eq!(
            l.slice(TwoSlices),
            Err(LayoutError::RankMismatch {
                expected: 1,
                found: 2
            })
        );
        // The hidden constructor s! uses counts too (issue 26).
        let r = std::panic::catch_unwind(|| {
            SliceInfo::<2, 1>::__new([SliceElem::FULL; 2], PhantomData)
        });
        assert!(r.is_err());
        let r = std::panic::catch_unwind(|| {
            SliceInfo::<2, 2>::__new([SliceElem::Index(0); 2], PhantomData)
        });
        assert!(r.is_err());
        let info = SliceInfo::<2, 1>::__new([SliceElem::FULL, SliceElem::Index(0)], PhantomData);
        assert!(Layout::contiguous([2, 2]).slice(info).is_ok());
    }
}
