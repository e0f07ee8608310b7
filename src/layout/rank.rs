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
    label = "no axis to remove",
    note = "index_axis, remove_axis and the like drop one axis; a rank-0 view has none"
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
    label = "a rank-8 view cannot gain an axis",
    note = "insert_axis and the like add one axis; ranks go up to 8"
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
