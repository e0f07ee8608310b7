//! Rank tables: `Rank<N>: Lower<Out = Rank<N-1>>` and
//! `Rank<N>: Higher<Out = Rank<N+1>>` for the ranks 0..=8, so that
//! `index_axis`, `remove_axis` and `insert_axis` infer their output rank.

/// A rank as a type, used only in bounds: `Rank<3>: Lower<Out = Rank<2>>`.
///
/// ```
/// use constrided::{Layout, Lower, Rank};
/// fn drop_first<const N: usize, const M: usize>(l: Layout<N>) -> Layout<M>
/// where
///     Rank<N>: Lower<Out = Rank<M>>,
/// {
///     l.index_axis(0, 0).unwrap()
/// }
/// assert_eq!(drop_first(Layout::contiguous([2, 3, 4])).shape(), [3, 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rank<const N: usize>;

/// The rank one below: implemented for `Rank<1>` ..= `Rank<8>`.
///
/// ```
/// use constrided::{Lower, Rank};
/// fn below<const N: usize, const M: usize>() -> usize where Rank<N>: Lower<Out = Rank<M>> { M }
/// assert_eq!(below::<3, _>(), 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no rank one below: removing an axis needs a view of rank 1 or more",
    label = "index_axis, remove_axis and the like drop an axis: a rank-0 view has none"
)]
pub trait Lower {
    /// `Rank<N - 1>`.
    type Out;
}

/// The rank one above: implemented for `Rank<0>` ..= `Rank<7>`.
///
/// ```
/// use constrided::{Higher, Rank};
/// fn above<const N: usize, const M: usize>() -> usize where Rank<N>: Higher<Out = Rank<M>> { M }
/// assert_eq!(above::<7, _>(), 8);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no rank one above: the maximum rank is 8",
    label = "insert_axis and the like add an axis: a rank-8 view cannot gain one"
)]
pub trait Higher {
    /// `Rank<N + 1>`.
    type Out;
}

macro_rules! rank_table {
    ($($lo:literal => $hi:literal),*) => {$(
        // Not listed in errors: the trait's message says which ranks have one.
        #[diagnostic::do_not_recommend]
        impl Lower for Rank<$hi> { type Out = Rank<$lo>; }
        #[diagnostic::do_not_recommend]
        impl Higher for Rank<$lo> { type Out = Rank<$hi>; }
    )*};
}
rank_table!(0 => 1, 1 => 2, 2 => 3, 3 => 4, 4 => 5, 5 => 6, 6 => 7, 7 => 8);

/// The larger of two ranks, for the result of a broadcasting operation
/// (`&a + &b` has the rank of the higher-rank operand): implemented for
/// every pair of `Rank<0>` ..= `Rank<8>`, so the output rank is inferred.
///
/// ```
/// use constrided::{MaxRank, Rank};
/// fn larger<const A: usize, const B: usize, const R: usize>() -> usize
/// where
///     Rank<A>: MaxRank<Rank<B>, Out = Rank<R>>,
/// {
///     R
/// }
/// assert_eq!(larger::<2, 5, _>(), 5);
/// assert_eq!(larger::<3, 0, _>(), 3);
/// ```
pub trait MaxRank<Other> {
    /// `Rank<max(A, B)>`.
    type Out;
}

impl<const N: usize> MaxRank<Rank<N>> for Rank<N> {
    type Out = Rank<N>;
}

macro_rules! max_table {
    () => {};
    ($lo:literal $($hi:literal)*) => {
        $(
            impl MaxRank<Rank<$hi>> for Rank<$lo> { type Out = Rank<$hi>; }
            impl MaxRank<Rank<$lo>> for Rank<$hi> { type Out = Rank<$hi>; }
        )*
        max_table!($($hi)*);
    };
}
max_table!(0 1 2 3 4 5 6 7 8);

/// `Rank<N>: HasAxis<A, N>` holds when axis `A` exists in a layout of rank
/// `N` (`A < N <= 8`): the bound of the static transforms' const axis
/// arguments (`flip_axis::<A>()`, `slice_axis::<A, ..>()`, …), so that an
/// out-of-range axis is an error at the caller's line, before any code is
/// instantiated. (The transforms' layouts check the axis again.) Code
/// generic over the rank states the bound: `where Rank<N>: HasAxis<0, N>`
/// to call `flip_axis::<0>()` on a view of rank `N`.
///
/// ```
/// use constrided::{HasAxis, Rank};
/// fn last<const A: usize, const N: usize>() -> bool where Rank<N>: HasAxis<A, N> { A + 1 == N }
/// assert!(last::<2, 3>());
/// ```
///
/// ```compile_fail
/// use constrided::{HasAxis, Rank};
/// fn axis<const A: usize, const N: usize>() -> usize where Rank<N>: HasAxis<A, N> { A }
/// axis::<2, 2>(); // axis 2 is out of range for a rank-2 layout
/// ```
#[diagnostic::on_unimplemented(
    message = "axis {A} is out of range for a rank-{N} layout",
    label = "axis {A} of a rank-{N} layout",
    note = "the axes of a rank-{N} layout are the numbers below {N}",
    note = "code generic over the rank `N` or the axis `A` states the bound `where Rank<N>: HasAxis<A, N>`"
)]
pub trait HasAxis<const A: usize, const N: usize> {}

macro_rules! axis_table {
    ($($n:literal: $($a:literal)*;)*) => {$($(
        // Not listed in errors: the trait's message names the axis and rank.
        #[diagnostic::do_not_recommend]
        impl HasAxis<$a, $n> for Rank<$n> {}
    )*)*};
}
axis_table!(
    1: 0;
    2: 0 1;
    3: 0 1 2;
    4: 0 1 2 3;
    5: 0 1 2 3 4;
    6: 0 1 2 3 4 5;
    7: 0 1 2 3 4 5 6;
    8: 0 1 2 3 4 5 6 7;
);

/// `Rank<N>: CanInsertAxis<A, N>` holds when a new axis can be inserted at
/// position `A` of a layout of rank `N` (`A <= N < 8`; `A == N` appends):
/// the bound of `insert_axis_at::<A>()`, so that an out-of-range position
/// is an error at the caller's line.
///
/// ```
/// use constrided::{CanInsertAxis, Rank};
/// fn at<const A: usize, const N: usize>() -> usize where Rank<N>: CanInsertAxis<A, N> { A }
/// assert_eq!(at::<2, 2>(), 2);
/// ```
///
/// ```compile_fail
/// use constrided::{CanInsertAxis, Rank};
/// fn at<const A: usize, const N: usize>() -> usize where Rank<N>: CanInsertAxis<A, N> { A }
/// at::<3, 2>(); // a rank-2 layout gains an axis at 0, 1 or 2
/// ```
#[diagnostic::on_unimplemented(
    message = "axis {A} is out of range for inserting an axis into a rank-{N} layout",
    label = "a new axis at {A} of a rank-{N} layout",
    note = "a new axis goes at a position up to {N} (the end), and ranks go up to 8",
    note = "code generic over the rank `N` or the position `A` states the bound `where Rank<N>: CanInsertAxis<A, N>`"
)]
pub trait CanInsertAxis<const A: usize, const N: usize> {}

macro_rules! insert_table {
    ($($n:literal: $($a:literal)*;)*) => {$($(
        // Not listed in errors: the trait's message names the axis and rank.
        #[diagnostic::do_not_recommend]
        impl CanInsertAxis<$a, $n> for Rank<$n> {}
    )*)*};
}
insert_table!(
    0: 0;
    1: 0 1;
    2: 0 1 2;
    3: 0 1 2 3;
    4: 0 1 2 3 4;
    5: 0 1 2 3 4 5;
    6: 0 1 2 3 4 5 6;
    7: 0 1 2 3 4 5 6 7;
);
