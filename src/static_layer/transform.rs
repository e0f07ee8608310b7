//! Static transforms: `t`, `transpose_axes`, `flip_axis`, `index_axis_at`,
//! `insert_axis_at`, `remove_axis_at` and `slice_axis` on static layouts
//! and static views. The result is again a static layout: a zero-sized
//! type that names its source and the transform's const arguments, whose
//! numbers are associated constants computed by the crate's `const fn`s
//! (no `generic_const_exprs`: stable Rust). Index math on the result folds
//! to constants as on a layout written out in `strided!`.
//!
//! An out-of-range const argument is a compile error naming the numbers.
//! An axis out of range is a trait bound of the call ([`HasAxis`],
//! [`CanInsertAxis`]): `cargo check` reports it at the caller's line. What
//! depends on the layout's sizes (an index `I` past its axis, a slice
//! bound past the size, removing an axis whose size is not 1) is raised
//! when the code is instantiated, by `cargo build` and not `cargo check`
//! (so not by rust-analyzer's default check; set its `check.command` to
//! `build` to see them in the editor): the transform's layout is an
//! associated constant, which rustc evaluates at monomorphization. Its
//! first line names the rule and the numbers; rustc's "while
//! instantiating" note shows the caller's line.
//!
//! ```compile_fail,E0277
//! use constrided::strided;
//! let l = strided![shape = (3, 4)].flip_axis::<2>(); // axis 2 is out of range for a rank-2 layout
//! ```
//!
//! ```
//! use constrided::{strided, Mapping};
//! let buf: [i32; 12] = core::array::from_fn(|i| i as i32);
//! let v = strided!(&buf; shape = (3, 4));
//! let w = v.flip_axis::<1>().slice_axis::<0, 1, 3, 1>();
//! assert_eq!(w.shape(), [2, 4]);
//! assert_eq!(w[[0, 0]], 7);
//! assert_eq!(core::mem::size_of_val(w.mapping()), 0);
//! ```

use core::marker::PhantomData;

use crate::layout::mapping::Sealed;
use crate::layout::math::has_zero_axis;
use crate::layout::message::{describe_after, Message};
use crate::layout::{CanInsertAxis, HasAxis, Higher, Layout, Lower, Mapping, Rank};
pub use crate::static_layout::Transposed;
use crate::static_layout::{zst, StaticLayout, StaticMapping};
use crate::view::{StridedView, StridedViewMut};

// The layout of a transform whose arguments passed its `CHECK` (so the
// `Err` arm is unreachable: a transform of a valid layout with valid
// arguments is valid). Never a fallback layout: a type named directly with
// bad arguments is a compile error wherever it is used, since its `LAYOUT`
// (the one source of its shape, strides, offset and reach) evaluates the
// `CHECK` first.
const fn or_panic<const N: usize>(r: Result<Layout<N>, Message>) -> Layout<N> {
    match r {
        Ok(l) => l,
        Err(m) => panic!("{}", m.as_str()),
    }
}

// The error of a transform, if any.
const fn problem<const N: usize>(r: Result<Layout<N>, Message>) -> Option<Message> {
    match r {
        Ok(_) => None,
        Err(m) => Some(m),
    }
}

const fn checked<const N: usize>(
    what: &str,
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Result<Layout<N>, Message> {
    match Layout::new(shape, strides, offset) {
        Ok(l) => Ok(l),
        Err(e) => Err(describe_after(what, &e)),
    }
}

const fn axis_error(what: &str, name: &str, axis: usize, rank: usize) -> Message {
    Message::from_text(what)
        .push(name)
        .push(" ")
        .push_int(axis as i128)
        .push(" is out of range for rank ")
        .push_int(rank as i128)
}

/// `t()`: all axes reversed.
pub const fn reversed<const N: usize>(l: Layout<N>) -> Layout<N> {
    let (s, d) = (l.shape(), l.strides());
    let mut shape = [0usize; N];
    let mut strides = [0isize; N];
    let mut k = 0;
    while k < N {
        shape[k] = s[N - 1 - k];
        strides[k] = d[N - 1 - k];
        k += 1;
    }
    or_panic(checked("t(): ", shape, strides, l.offset()))
}

/// `transpose_axes::<A, B>()`: axes `A` and `B` swapped.
pub const fn swapped<const N: usize>(
    l: Layout<N>,
    a: usize,
    b: usize,
) -> Result<Layout<N>, Message> {
    const W: &str = "strided!: transpose_axes::<A, B>(): ";
    if a >= N {
        return Err(axis_error(W, "axis A =", a, N));
    }
    if b >= N {
        return Err(axis_error(W, "axis B =", b, N));
    }
    let mut shape = l.shape();
    let mut strides = l.strides();
    shape[a] = l.shape()[b];
    shape[b] = l.shape()[a];
    strides[a] = l.strides()[b];
    strides[b] = l.strides()[a];
    checked(W, shape, strides, l.offset())
}

/// `flip_axis::<A>()`: axis `A` walked backwards.
pub const fn flipped<const N: usize>(l: Layout<N>, a: usize) -> Result<Layout<N>, Message> {
    const W: &str = "strided!: flip_axis::<A>(): ";
    if a >= N {
        return Err(axis_error(W, "axis A =", a, N));
    }
    let shape = l.shape();
    let mut strides = l.strides();
    let mut offset = l.offset();
    if !has_zero_axis(&shape) {
        offset = (offset as i128 + (shape[a] as i128 - 1) * strides[a] as i128) as usize;
    }
    strides[a] = strides[a].wrapping_neg();
    checked(W, shape, strides, offset)
}

/// `index_axis_at::<A, I>()`: axis `A` fixed at index `I`, rank `N - 1`.
pub const fn indexed<const N: usize, const M: usize>(
    l: Layout<N>,
    a: usize,
    i: usize,
) -> Result<Layout<M>, Message> {
    const W: &str = "strided!: index_axis_at::<A, I>(): ";
    if let Some(m) = index_problem(l, a, i) {
        return Err(m);
    }
    let offset = if has_zero_axis(&l.shape()) {
        l.offset()
    } else {
        (l.offset() as i128 + i as i128 * l.strides()[a] as i128) as usize
    };
    let (shape, strides) = without::<N, M>(l, a);
    checked(W, shape, strides, offset)
}

/// Why `index_axis_at::<A, I>()` refuses its arguments, if it does (the
/// rest of [`indexed`] cannot fail: a sub-layout of a valid layout).
const fn index_problem<const N: usize>(l: Layout<N>, a: usize, i: usize) -> Option<Message> {
    const W: &str = "strided!: index_axis_at::<A, I>(): ";
    if a >= N {
        return Some(axis_error(W, "axis A =", a, N));
    }
    let size = l.shape()[a];
    if i >= size {
        return Some(
            Message::from_text(W)
                .push("index I = ")
                .push_int(i as i128)
                .push(" is out of range for axis ")
                .push_int(a as i128)
                .push(" of size ")
                .push_int(size as i128),
        );
    }
    None
}

/// Why `remove_axis_at::<A>()` refuses its arguments, if it does.
const fn remove_problem<const N: usize>(l: Layout<N>, a: usize) -> Option<Message> {
    const W: &str = "strided!: remove_axis_at::<A>(): ";
    if a >= N {
        return Some(axis_error(W, "axis A =", a, N));
    }
    if l.shape()[a] != 1 {
        return Some(
            Message::from_text(W)
                .push("axis ")
                .push_int(a as i128)
                .push(" has size ")
                .push_int(l.shape()[a] as i128)
                .push(", but only an axis of size 1 can be removed"),
        );
    }
    None
}

/// Why `insert_axis_at::<A>()` refuses its arguments, if it does.
const fn insert_problem<const N: usize>(a: usize) -> Option<Message> {
    const W: &str = "strided!: insert_axis_at::<A>(): ";
    if a > N {
        return Some(axis_error(W, "axis A =", a, N + 1));
    }
    None
}

/// `remove_axis_at::<A>()`: axis `A`, of size 1, dropped: rank `N - 1`.
pub const fn removed<const N: usize, const M: usize>(
    l: Layout<N>,
    a: usize,
) -> Result<Layout<M>, Message> {
    const W: &str = "strided!: remove_axis_at::<A>(): ";
    if let Some(m) = remove_problem(l, a) {
        return Err(m);
    }
    let (shape, strides) = without::<N, M>(l, a);
    checked(W, shape, strides, l.offset())
}

/// `insert_axis_at::<A>()`: a new axis of size 1 before axis `A`
/// (`A == N` appends): rank `N + 1`. Its stride is NumPy's choice, as
/// [`Layout::insert_axis`].
pub const fn inserted<const N: usize, const M: usize>(
    l: Layout<N>,
    a: usize,
) -> Result<Layout<M>, Message> {
    const W: &str = "strided!: insert_axis_at::<A>(): ";
    if let Some(m) = insert_problem::<N>(a) {
        return Err(m);
    }
    let stride = if a < N {
        match l.strides()[a].checked_mul(l.shape()[a] as isize) {
            Some(s) => s,
            None => 0,
        }
    } else {
        1
    };
    let mut shape = [0usize; M];
    let mut strides = [0isize; M];
    let mut k = 0;
    while k < M {
        if k < a {
            shape[k] = l.shape()[k];
            strides[k] = l.strides()[k];
        } else if k == a {
            shape[k] = 1;
            strides[k] = stride;
        } else {
            shape[k] = l.shape()[k - 1];
            strides[k] = l.strides()[k - 1];
        }
        k += 1;
    }
    checked(W, shape, strides, l.offset())
}

/// `slice_axis::<A, START, STOP, STEP>()`: indices `START, START + STEP,
/// ...` below `STOP` of axis `A`, with `0 <= START <= STOP <= size` and
/// `STEP >= 1`.
pub const fn sliced<const N: usize>(
    l: Layout<N>,
    a: usize,
    start: usize,
    stop: usize,
    step: usize,
) -> Result<Layout<N>, Message> {
    const W: &str = "strided!: slice_axis::<A, START, STOP, STEP>(): ";
    if a >= N {
        return Err(axis_error(W, "axis A =", a, N));
    }
    let size = l.shape()[a];
    if step == 0 {
        return Err(Message::from_text(W).push("STEP is 0: it must be 1 or more"));
    }
    if start > stop || stop > size {
        return Err(Message::from_text(W)
            .push("needs 0 <= START <= STOP <= size, but START = ")
            .push_int(start as i128)
            .push(", STOP = ")
            .push_int(stop as i128)
            .push(" and axis ")
            .push_int(a as i128)
            .push(" has size ")
            .push_int(size as i128));
    }
    let mut shape = l.shape();
    let mut strides = l.strides();
    let n = (stop - start).div_ceil(step);
    shape[a] = n;
    if n > 1 {
        // (n-1)·step·stride is reached by the source: it fits.
        strides[a] = (strides[a] as i128 * step as i128) as isize;
    }
    let offset = if has_zero_axis(&shape) {
        l.offset()
    } else {
        (l.offset() as i128 + start as i128 * l.strides()[a] as i128) as usize
    };
    checked(W, shape, strides, offset)
}

// Shape and strides without axis `a` (M = N - 1).
const fn without<const N: usize, const M: usize>(
    l: Layout<N>,
    a: usize,
) -> ([usize; M], [isize; M]) {
    let mut shape = [0usize; M];
    let mut strides = [0isize; M];
    let mut k = 0;
    while k < M {
        let from = if k < a { k } else { k + 1 };
        shape[k] = l.shape()[from];
        strides[k] = l.strides()[from];
        k += 1;
    }
    (shape, strides)
}

zst!(
    /// The static layout `L` with axes `A` and `B` swapped.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (2, 3, 4)].transpose_axes::<0, 2>();
    /// assert_eq!(l.shape(), [4, 3, 2]);
    /// ```
    TransposeAxes [const R: usize, const A: usize, const B: usize] [R, A, B] []);
zst!(
    /// The static layout `L` with axis `A` walked backwards.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (2, 3)].flip_axis::<1>();
    /// assert_eq!((l.strides(), l.offset()), ([3, -1], 2));
    /// ```
    FlipAxis [const R: usize, const A: usize] [R, A] []);
zst!(
    /// The static layout `L` (rank `N`) with axis `A` fixed at `I`.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (2, 3)].index_axis_at::<1, 2>();
    /// assert_eq!((l.shape(), l.offset()), ([2], 2));
    /// ```
    IndexAxisAt [NR, MR, const A: usize, const I: usize] [NR, MR, A, I] [NR, MR]);
zst!(
    /// The static layout `L` (rank `N`) with a new axis of size 1 at `A`.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (2, 3)].insert_axis_at::<0>();
    /// assert_eq!(l.shape(), [1, 2, 3]);
    /// ```
    InsertAxisAt [NR, MR, const A: usize] [NR, MR, A] [NR, MR]);
zst!(
    /// The static layout `L` (rank `N`) without its size-1 axis `A`.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (2, 1, 3)].remove_axis_at::<1>();
    /// assert_eq!(l.shape(), [2, 3]);
    /// ```
    RemoveAxisAt [NR, MR, const A: usize] [NR, MR, A] [NR, MR]);
zst!(
    /// The static layout `L` with axis `A` sliced to `START..STOP` by `STEP`.
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (10,)].slice_axis::<0, 1, 8, 3>();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), ([3], [3], 1));
    /// ```
    SliceAxis [const R: usize, const A: usize, const START: usize, const STOP: usize, const STEP: usize]
    [R, A, START, STOP, STEP] []);

// Each transform's check of its const arguments, in one place: an
// associated constant of its type, which its `LAYOUT` evaluates first (so
// every use of the type, however it was made, evaluates it) and which the
// layout and view methods that make the transform evaluate too (so the
// error notes the caller's line). A broken argument is a compile error
// naming the parameter and the numbers, at instantiation.
// Written out (not by a macro) so that the error's location is the
// `CHECK` line below, not a macro expansion inside `core::panic`.
#[track_caller]
const fn fail(m: Message) {
    panic!("{}", m.as_str())
}

impl<L, const N: usize> Transposed<L, N> {
    pub(crate) const CHECK: () = ();
}
#[rustfmt::skip]
impl<L: StaticMapping<N>, const N: usize, const A: usize, const B: usize> TransposeAxes<L, N, A, B> {
    pub(crate) const CHECK: () = if let Some(m) = problem(swapped(L::LAYOUT, A, B)) { fail(m) };
}
#[rustfmt::skip]
impl<L: StaticMapping<N>, const N: usize, const A: usize> FlipAxis<L, N, A> {
    pub(crate) const CHECK: () = if let Some(m) = problem(flipped(L::LAYOUT, A)) { fail(m) };
}
#[rustfmt::skip]
impl<L: StaticMapping<N>, const N: usize, MR, const A: usize, const I: usize> IndexAxisAt<L, Rank<N>, MR, A, I> {
    pub(crate) const CHECK: () = if let Some(m) = index_problem(L::LAYOUT, A, I) { fail(m) };
}
#[rustfmt::skip]
impl<L, const N: usize, MR, const A: usize> InsertAxisAt<L, Rank<N>, MR, A> {
    pub(crate) const CHECK: () = if let Some(m) = insert_problem::<N>(A) { fail(m) };
}
#[rustfmt::skip]
impl<L: StaticMapping<N>, const N: usize, MR, const A: usize> RemoveAxisAt<L, Rank<N>, MR, A> {
    pub(crate) const CHECK: () = if let Some(m) = remove_problem(L::LAYOUT, A) { fail(m) };
}
#[rustfmt::skip]
impl<L: StaticMapping<N>, const N: usize, const A: usize, const START: usize, const STOP: usize, const STEP: usize> SliceAxis<L, N, A, START, STOP, STEP> {
    pub(crate) const CHECK: () = if let Some(m) = problem(sliced(L::LAYOUT, A, START, STOP, STEP)) { fail(m) };
}

// Mapping + StaticMapping for a transform whose layout is `$layout`
// (an expression of `L::LAYOUT`), of rank `$r`.
macro_rules! static_mapping {
    ([$($g:tt)*] $ty:ty, $r:ident, [$($bounds:tt)*], $layout:expr) => {
        // Not listed in errors: `Mapping`'s message says what a layout is.
        #[diagnostic::do_not_recommend]
        impl<$($g)*> Mapping<$r> for $ty
        where
            $($bounds)*
        {
            const STATIC: bool = true;
            type Transposed = Transposed<Self, $r>;
            #[inline(always)]
            fn transposed(&self) -> Self::Transposed {
                Default::default()
            }
            #[inline(always)]
            fn shape(&self) -> [usize; $r] {
                const { <Self as StaticMapping<$r>>::LAYOUT.shape() }
            }
            #[inline(always)]
            fn strides(&self) -> [isize; $r] {
                const { <Self as StaticMapping<$r>>::LAYOUT.strides() }
            }
            #[inline(always)]
            fn offset(&self) -> usize {
                const { <Self as StaticMapping<$r>>::LAYOUT.offset() }
            }
            #[inline(always)]
            fn to_layout(&self) -> Layout<$r> {
                <Self as StaticMapping<$r>>::LAYOUT
            }
        }
        impl<$($g)*> crate::static_layout::rank_of::StaticRank for $ty
        where
            $($bounds)*
        {
            type Rank = Rank<$r>;
        }
        #[diagnostic::do_not_recommend]
        impl<$($g)*> StaticMapping<$r> for $ty
        where
            $($bounds)*
        {
            const LAYOUT: Layout<$r> = {
                let () = Self::CHECK;
                or_panic($layout)
            };
            const REQUIRED_LEN: usize = Self::LAYOUT.required_len();
        }
    };
}

static_mapping!([L, const N: usize] Transposed<L, N>, N, [L: StaticMapping<N>], Ok(reversed(L::LAYOUT)));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const A: usize, const B: usize] TransposeAxes<L, N, A, B>, N, [L: StaticMapping<N>], swapped(L::LAYOUT, A, B));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const A: usize] FlipAxis<L, N, A>, N, [L: StaticMapping<N>], flipped(L::LAYOUT, A));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const M: usize, const A: usize, const I: usize] IndexAxisAt<L, Rank<N>, Rank<M>, A, I>, M, [L: StaticMapping<N>, Rank<N>: Lower<Out = Rank<M>>], indexed::<N, M>(L::LAYOUT, A, I));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const M: usize, const A: usize] InsertAxisAt<L, Rank<N>, Rank<M>, A>, M, [L: StaticMapping<N>, Rank<N>: Higher<Out = Rank<M>>], inserted::<N, M>(L::LAYOUT, A));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const M: usize, const A: usize] RemoveAxisAt<L, Rank<N>, Rank<M>, A>, M, [L: StaticMapping<N>, Rank<N>: Lower<Out = Rank<M>>], removed::<N, M>(L::LAYOUT, A));
#[rustfmt::skip]
static_mapping!([L, const N: usize, const A: usize, const START: usize, const STOP: usize, const STEP: usize] SliceAxis<L, N, A, START, STOP, STEP>, N, [L: StaticMapping<N>], sliced(L::LAYOUT, A, START, STOP, STEP));

// The transform methods, on every static layout type of rank `$r`.
macro_rules! layout_methods {
    ([$($g:tt)*] $ty:ty, $r:tt) => {
        impl<$($g)*> $ty {
            /// All axes reversed, as a static layout.
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].t().strides(), [1, 3]);
            /// ```
            #[inline(always)]
            pub fn t(self) -> Transposed<Self, $r> {
                Transposed::default()
            }

            /// Axes `A` and `B` swapped; an out-of-range axis is a compile
            /// error at the call (`cargo check` shows it).
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].transpose_axes::<0, 1>().shape(), [3, 4]);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn transpose_axes<const A: usize, const B: usize>(self) -> TransposeAxes<Self, $r, A, B> where Self: StaticMapping<$r>, Rank<$r>: HasAxis<A, $r> + HasAxis<B, $r> {
                let () = TransposeAxes::<Self, $r, A, B>::CHECK;
                TransposeAxes::default()
            }

            /// Axis `A` walked backwards.
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].flip_axis::<0>().offset(), 9);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn flip_axis<const A: usize>(self) -> FlipAxis<Self, $r, A> where Self: StaticMapping<$r>, Rank<$r>: HasAxis<A, $r> {
                let () = FlipAxis::<Self, $r, A>::CHECK;
                FlipAxis::default()
            }

            /// Axis `A` fixed at index `I`: one rank less. An index past
            /// the axis is a compile error when the call is instantiated
            /// (`cargo build`; `cargo check` does not evaluate it).
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].index_axis_at::<0, 2>().offset(), 6);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn index_axis_at<const A: usize, const I: usize>(self) -> IndexAxisAt<Self, Rank<$r>, <Rank<$r> as Lower>::Out, A, I> where Self: StaticMapping<$r>, Rank<$r>: Lower + HasAxis<A, $r> {
                let () = IndexAxisAt::<Self, Rank<$r>, <Rank<$r> as Lower>::Out, A, I>::CHECK;
                IndexAxisAt::default()
            }

            /// Axis `A`, of size 1, removed: one rank less. An axis of
            /// another size is a compile error when the call is
            /// instantiated (`cargo build`; `cargo check` does not
            /// evaluate it).
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 1)].remove_axis_at::<1>().shape(), [4]);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn remove_axis_at<const A: usize>(self) -> RemoveAxisAt<Self, Rank<$r>, <Rank<$r> as Lower>::Out, A> where Self: StaticMapping<$r>, Rank<$r>: Lower + HasAxis<A, $r> {
                let () = RemoveAxisAt::<Self, Rank<$r>, <Rank<$r> as Lower>::Out, A>::CHECK;
                RemoveAxisAt::default()
            }

            /// Axis `A` sliced to `START..STOP` by `STEP`
            /// (`0 <= START <= STOP <= size`, `STEP >= 1`; otherwise a
            /// compile error when the call is instantiated: `cargo build`,
            /// not `cargo check`).
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].slice_axis::<1, 1, 3, 1>().shape(), [4, 2]);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn slice_axis<const A: usize, const START: usize, const STOP: usize, const STEP: usize>(self) -> SliceAxis<Self, $r, A, START, STOP, STEP> where Self: StaticMapping<$r>, Rank<$r>: HasAxis<A, $r> {
                let () = SliceAxis::<Self, $r, A, START, STOP, STEP>::CHECK;
                SliceAxis::default()
            }
        }
    };
}

// `insert_axis_at`, on every static layout type of rank `$r` below 8.
macro_rules! insert_method {
    ([$($g:tt)*] $ty:ty, $r:tt) => {
        impl<$($g)*> $ty {
            /// A new axis of size 1 at `A`: one rank more.
            ///
            /// ```
            /// use constrided::{strided, Mapping};
            /// assert_eq!(strided![shape = (4, 3)].insert_axis_at::<2>().shape(), [4, 3, 1]);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn insert_axis_at<const A: usize>(self) -> InsertAxisAt<Self, Rank<$r>, <Rank<$r> as Higher>::Out, A> where Self: StaticMapping<$r>, Rank<$r>: Higher + CanInsertAxis<A, $r> {
                let () = InsertAxisAt::<Self, Rank<$r>, <Rank<$r> as Higher>::Out, A>::CHECK;
                InsertAxisAt::default()
            }

        }
    };
}

use crate::static_layout::AxisSpec;
// (Rank 0 of `StaticLayout` has the views' methods only, and rank 8 has no
// `insert_axis_at`: a trivially false rank bound (`Rank<0>: Lower`,
// `Rank<8>: Higher`) is an error in an impl that is not generic over the
// rank.)
// Stamps `$m` on every static mapping but the rank-8 `StaticLayout`: the
// layouts of rank 1 to 7 and the transforms' wrappers (of any rank).
macro_rules! for_static_mappings_but_rank_8 {
    ($m:ident) => {
        $m!([X0: AxisSpec, const OFFSET: usize] StaticLayout<(X0,), OFFSET>, 1);
        $m!([X0: AxisSpec, X1: AxisSpec, const OFFSET: usize] StaticLayout<(X0, X1), OFFSET>, 2);
        $m!(
            [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, const OFFSET: usize]
            StaticLayout<(X0, X1, X2), OFFSET>, 3
        );
        $m!(
            [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, X3: AxisSpec, const OFFSET: usize]
            StaticLayout<(X0, X1, X2, X3), OFFSET>, 4
        );
        $m!(
            [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, X3: AxisSpec, X4: AxisSpec, const OFFSET: usize]
            StaticLayout<(X0, X1, X2, X3, X4), OFFSET>, 5
        );
        $m!(
            [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, X3: AxisSpec, X4: AxisSpec, X5: AxisSpec,
             const OFFSET: usize]
            StaticLayout<(X0, X1, X2, X3, X4, X5), OFFSET>, 6
        );
        $m!(
            [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, X3: AxisSpec, X4: AxisSpec, X5: AxisSpec,
             X6: AxisSpec, const OFFSET: usize]
            StaticLayout<(X0, X1, X2, X3, X4, X5, X6), OFFSET>, 7
        );
        $m!([L, const R: usize] Transposed<L, R>, R);
        $m!([L, const R: usize, const A0: usize, const B0: usize] TransposeAxes<L, R, A0, B0>, R);
        $m!([L, const R: usize, const A0: usize] FlipAxis<L, R, A0>, R);
        $m!([L, NR, const R: usize, const A0: usize, const I0: usize] IndexAxisAt<L, NR, Rank<R>, A0, I0>, R);
        $m!([L, NR, const R: usize, const A0: usize] InsertAxisAt<L, NR, Rank<R>, A0>, R);
        $m!([L, NR, const R: usize, const A0: usize] RemoveAxisAt<L, NR, Rank<R>, A0>, R);
        $m!(
            [L, const R: usize, const A0: usize, const S0: usize, const S1: usize, const S2: usize]
            SliceAxis<L, R, A0, S0, S1, S2>, R
        );
    };
}
for_static_mappings_but_rank_8!(layout_methods);
layout_methods!(
    [X0: AxisSpec, X1: AxisSpec, X2: AxisSpec, X3: AxisSpec, X4: AxisSpec, X5: AxisSpec,
     X6: AxisSpec, X7: AxisSpec, const OFFSET: usize]
    StaticLayout<(X0, X1, X2, X3, X4, X5, X6, X7), OFFSET>, 8
);
for_static_mappings_but_rank_8!(insert_method);

// The same transforms on static views: the view keeps its buffer, its
// mapping becomes the transformed static layout. Written out for each view
// type (not by a macro) and with each bound on the signature's line, so
// that an out-of-range axis is an error at the caller's line whose one
// `required by a bound` note shows one line of this file.
impl<'a, T, const N: usize, L: StaticMapping<N>> StridedView<'a, T, N, L> {
    /// Axes `A` and `B` swapped, keeping the layout static.
    ///
    /// ```
    /// use constrided::strided;
    /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&buf; shape = (2, 3)).transpose_axes::<0, 1>();
    /// assert_eq!(v[[2, 1]], 5);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn transpose_axes<const A: usize, const B: usize>(self) -> StridedView<'a, T, N, TransposeAxes<L, N, A, B>> where Rank<N>: HasAxis<A, N> + HasAxis<B, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = TransposeAxes::<L, N, A, B>::CHECK;
        self.remap(TransposeAxes::default())
    }

    /// Axis `A` walked backwards, keeping the layout static.
    ///
    /// ```
    /// use constrided::strided;
    /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&buf; shape = (2, 3)).flip_axis::<1>();
    /// assert_eq!(v[[0, 0]], 2);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn flip_axis<const A: usize>(self) -> StridedView<'a, T, N, FlipAxis<L, N, A>> where Rank<N>: HasAxis<A, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = FlipAxis::<L, N, A>::CHECK;
        self.remap(FlipAxis::default())
    }

    /// Axis `A` sliced to `START..STOP` by `STEP`, static.
    ///
    /// ```
    /// use constrided::strided;
    /// let buf: [i32; 10] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&buf; shape = (10,)).slice_axis::<0, 1, 8, 3>();
    /// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [1, 4, 7]);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn slice_axis<const A: usize, const START: usize, const STOP: usize, const STEP: usize>(self) -> StridedView<'a, T, N, SliceAxis<L, N, A, START, STOP, STEP>> where Rank<N>: HasAxis<A, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = SliceAxis::<L, N, A, START, STOP, STEP>::CHECK;
        self.remap(SliceAxis::default())
    }
}

impl<'a, T, const N: usize, L: StaticMapping<N>> StridedViewMut<'a, T, N, L> {
    /// Axes `A` and `B` swapped, keeping the layout static.
    ///
    /// ```
    /// use constrided::strided;
    /// let mut buf: [i32; 6] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&mut buf; shape = (2, 3)).transpose_axes::<0, 1>();
    /// assert_eq!(v[[2, 1]], 5);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn transpose_axes<const A: usize, const B: usize>(self) -> StridedViewMut<'a, T, N, TransposeAxes<L, N, A, B>> where Rank<N>: HasAxis<A, N> + HasAxis<B, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = TransposeAxes::<L, N, A, B>::CHECK;
        self.remap(TransposeAxes::default())
    }

    /// Axis `A` walked backwards, keeping the layout static.
    ///
    /// ```
    /// use constrided::strided;
    /// let mut buf: [i32; 6] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&mut buf; shape = (2, 3)).flip_axis::<1>();
    /// assert_eq!(v[[0, 0]], 2);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn flip_axis<const A: usize>(self) -> StridedViewMut<'a, T, N, FlipAxis<L, N, A>> where Rank<N>: HasAxis<A, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = FlipAxis::<L, N, A>::CHECK;
        self.remap(FlipAxis::default())
    }

    /// Axis `A` sliced to `START..STOP` by `STEP`, static.
    ///
    /// ```
    /// use constrided::strided;
    /// let mut buf: [i32; 10] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&mut buf; shape = (10,)).slice_axis::<0, 1, 8, 3>();
    /// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [1, 4, 7]);
    /// ```
    #[inline(always)]
    #[rustfmt::skip]
    pub fn slice_axis<const A: usize, const START: usize, const STOP: usize, const STEP: usize>(self) -> StridedViewMut<'a, T, N, SliceAxis<L, N, A, START, STOP, STEP>> where Rank<N>: HasAxis<A, N> {
        // The transform's one check, evaluated here too so that
        // an out-of-range argument's error notes the caller's line.
        let () = SliceAxis::<L, N, A, START, STOP, STEP>::CHECK;
        self.remap(SliceAxis::default())
    }
}

// The rank-changing transforms on static views, one impl per rank so the
// output rank is a literal (no `generic_const_exprs`).
macro_rules! view_rank_methods {
    ($View:ident; $($n:literal => $lo:literal, $hi:literal);*) => {$(
        impl<'a, T, L: StaticMapping<$n>> $View<'a, T, $n, L> {
            /// Axis `A` fixed at index `I`: one rank less, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
            /// let row = strided!(&buf; shape = (2, 3)).index_axis_at::<0, 1>();
            /// assert_eq!(row[[2]], 5);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn index_axis_at<const A: usize, const I: usize>(self) -> $View<'a, T, $lo, IndexAxisAt<L, Rank<$n>, Rank<$lo>, A, I>> where Rank<$n>: HasAxis<A, $n> {
                let () = IndexAxisAt::<L, Rank<$n>, Rank<$lo>, A, I>::CHECK;
                self.remap(IndexAxisAt::default())
            }

            /// A new axis of size 1 at `A`: one rank more, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
            /// let v = strided!(&buf; shape = (2, 3)).insert_axis_at::<1>();
            /// assert_eq!(v[[1, 0, 2]], 5);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn insert_axis_at<const A: usize>(self) -> $View<'a, T, $hi, InsertAxisAt<L, Rank<$n>, Rank<$hi>, A>> where Rank<$n>: CanInsertAxis<A, $n> {
                let () = InsertAxisAt::<L, Rank<$n>, Rank<$hi>, A>::CHECK;
                self.remap(InsertAxisAt::default())
            }

            /// Axis `A`, of size 1, removed: one rank less, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
            /// let v = strided!(&buf; shape = (2, 1, 3)).remove_axis_at::<1>();
            /// assert_eq!(v[[1, 2]], 5);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn remove_axis_at<const A: usize>(self) -> $View<'a, T, $lo, RemoveAxisAt<L, Rank<$n>, Rank<$lo>, A>> where Rank<$n>: HasAxis<A, $n> {
                let () = RemoveAxisAt::<L, Rank<$n>, Rank<$lo>, A>::CHECK;
                self.remap(RemoveAxisAt::default())
            }
        }
    )*};
}

view_rank_methods!(StridedView; 1 => 0, 2; 2 => 1, 3; 3 => 2, 4; 4 => 3, 5; 5 => 4, 6; 6 => 5, 7; 7 => 6, 8);
view_rank_methods!(StridedViewMut; 1 => 0, 2; 2 => 1, 3; 3 => 2, 4; 4 => 3, 5; 5 => 4, 6; 6 => 5, 7; 7 => 6, 8);

// Rank 0 can only grow, rank 8 only shrink.
macro_rules! view_edge_methods {
    ($View:ident) => {
        impl<'a, T, L: StaticMapping<0>> $View<'a, T, 0, L> {
            /// A new axis of size 1: rank 1, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf = [7];
            /// let v = strided!(&buf; shape = ()).insert_axis_at::<0>();
            /// assert_eq!(v[[0]], 7);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn insert_axis_at<const A: usize>(self) -> $View<'a, T, 1, InsertAxisAt<L, Rank<0>, Rank<1>, A>> where Rank<0>: CanInsertAxis<A, 0> {
                let () = InsertAxisAt::<L, Rank<0>, Rank<1>, A>::CHECK;
                self.remap(InsertAxisAt::default())
            }
        }
        impl<'a, T, L: StaticMapping<8>> $View<'a, T, 8, L> {
            /// Axis `A` fixed at index `I`: rank 7, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf = [1, 2];
            /// let v = strided!(&buf; shape = (2, 1, 1, 1, 1, 1, 1, 1)).index_axis_at::<0, 1>();
            /// assert_eq!(v[[0; 7]], 2);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn index_axis_at<const A: usize, const I: usize>(self) -> $View<'a, T, 7, IndexAxisAt<L, Rank<8>, Rank<7>, A, I>> where Rank<8>: HasAxis<A, 8> {
                let () = IndexAxisAt::<L, Rank<8>, Rank<7>, A, I>::CHECK;
                self.remap(IndexAxisAt::default())
            }

            /// Axis `A`, of size 1, removed: rank 7, static.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf = [1, 2];
            /// let v = strided!(&buf; shape = (2, 1, 1, 1, 1, 1, 1, 1)).remove_axis_at::<7>();
            /// assert_eq!(v[[1, 0, 0, 0, 0, 0, 0]], 2);
            /// ```
            #[inline(always)]
            #[rustfmt::skip]
            pub fn remove_axis_at<const A: usize>(self) -> $View<'a, T, 7, RemoveAxisAt<L, Rank<8>, Rank<7>, A>> where Rank<8>: HasAxis<A, 8> {
                let () = RemoveAxisAt::<L, Rank<8>, Rank<7>, A>::CHECK;
                self.remap(RemoveAxisAt::default())
            }
        }
    };
}

view_edge_methods!(StridedView);
view_edge_methods!(StridedViewMut);

// `to_array()` after every static transform: each rewrites the source's
// type-level shape list (`static_layout::shape_list`) as it rewrites the
// layout, and the element count is the list's product. `to_array` checks
// that count against the validated `LAYOUT` (a compile error if they ever
// differ) and against the copied count (in every build).
use crate::static_layout::shape_list::{InsertAt, RemoveAt, ReplaceAt, Reverse, SliceLen, Swap};
use crate::static_layout::{Materialize, Product};
use generic_array::ArrayLength;

impl<L: Materialize<N>, const N: usize> Materialize<N> for Transposed<L, N>
where
    L::Shape: Reverse,
{
    type Shape = <L::Shape as Reverse>::Out;
    type Numel = L::Numel;
}
impl<L: Materialize<N>, const N: usize, const A: usize, const B: usize> Materialize<N>
    for TransposeAxes<L, N, A, B>
where
    L::Shape: Swap<A, B>,
{
    type Shape = <L::Shape as Swap<A, B>>::Out;
    type Numel = L::Numel;
}
impl<L: Materialize<N>, const N: usize, const A: usize> Materialize<N> for FlipAxis<L, N, A> {
    type Shape = L::Shape;
    type Numel = L::Numel;
}
impl<L: Materialize<N>, const N: usize, const M: usize, const A: usize> Materialize<M>
    for InsertAxisAt<L, Rank<N>, Rank<M>, A>
where
    Rank<N>: Higher<Out = Rank<M>>,
    L::Shape: InsertAt<A, typenum::U1>,
{
    type Shape = <L::Shape as InsertAt<A, typenum::U1>>::Out;
    type Numel = L::Numel;
}
impl<L: Materialize<N>, const N: usize, const M: usize, const A: usize> Materialize<M>
    for RemoveAxisAt<L, Rank<N>, Rank<M>, A>
where
    Rank<N>: Lower<Out = Rank<M>>,
    L::Shape: RemoveAt<A>,
{
    type Shape = <L::Shape as RemoveAt<A>>::Out;
    type Numel = L::Numel;
}
impl<L: Materialize<N>, const N: usize, const M: usize, const A: usize, const I: usize>
    Materialize<M> for IndexAxisAt<L, Rank<N>, Rank<M>, A, I>
where
    Rank<N>: Lower<Out = Rank<M>>,
    L::Shape: RemoveAt<A>,
    <L::Shape as RemoveAt<A>>::Out: Product,
    <<L::Shape as RemoveAt<A>>::Out as Product>::Out: ArrayLength,
{
    type Shape = <L::Shape as RemoveAt<A>>::Out;
    type Numel = <<L::Shape as RemoveAt<A>>::Out as Product>::Out;
}
impl<
        L: Materialize<N>,
        const N: usize,
        const A: usize,
        const START: usize,
        const STOP: usize,
        const STEP: usize,
    > Materialize<N> for SliceAxis<L, N, A, START, STOP, STEP>
where
    (): SliceLen<START, STOP, STEP>,
    L::Shape: ReplaceAt<A, <() as SliceLen<START, STOP, STEP>>::Out>,
    <L::Shape as ReplaceAt<A, <() as SliceLen<START, STOP, STEP>>::Out>>::Out: Product,
    <<L::Shape as ReplaceAt<A, <() as SliceLen<START, STOP, STEP>>::Out>>::Out as Product>::Out:
        ArrayLength,
{
    type Shape = <L::Shape as ReplaceAt<A, <() as SliceLen<START, STOP, STEP>>::Out>>::Out;
    type Numel =
        <<L::Shape as ReplaceAt<A, <() as SliceLen<START, STOP, STEP>>::Out>>::Out as Product>::Out;
}
