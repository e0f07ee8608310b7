//! Static layouts: the zero-sized types behind `strided!`, whose shape,
//! strides and offset are const generic parameters, so index math on a
//! static view folds to constants.
//!
//! `StaticLayout<(Axis<4, 20>, Axis<3, 2>), 22>` is shape (4, 3), strides
//! (20, 2), offset 22. Its validity is checked by const evaluation of the
//! crate's own layout rules ([`crate::layout::math`]): `strided!` emits the
//! checks at the call site (so `cargo check` reports them), and
//! [`StaticLayout::LAYOUT`] repeats them for types named by hand.

use core::marker::PhantomData;
use core::ops::Mul;

use generic_array::{ArrayLength, GenericArray};
use typenum::{Const, Prod, ToUInt, Unsigned, U, U1};

use crate::error::LayoutError;
use crate::layout::message::describe_after;
use crate::layout::{mapping::Sealed, Layout, Mapping};
use crate::view::StridedView;

/// One axis of a static layout: its size and its stride.
///
/// ```
/// use constrided::static_layout::{Axis, StaticLayout};
/// use constrided::Mapping;
/// let l = StaticLayout::<(Axis<4, 20>, Axis<3, 2>), 22>::new();
/// assert_eq!(l.strides(), [20, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Axis<const SIZE: usize, const STRIDE: isize>;

/// One axis of a static layout whose stride is the row-major default: the
/// product of the sizes of the axes after it. `strided!` writes it when a
/// size is a const generic parameter (`shape = (3, R)`), whose stride
/// cannot be a const argument on stable Rust (no `generic_const_exprs`),
/// so it is computed by an associated constant instead.
///
/// ```
/// use constrided::static_layout::{CAxis, StaticLayout};
/// use constrided::Mapping;
/// let l = StaticLayout::<(CAxis<3>, CAxis<5>), 0>::new();
/// assert_eq!(l.strides(), [5, 1]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CAxis<const SIZE: usize>;

/// One axis of a static layout with stride `-STRIDE` (`strided!` writes it
/// for an entry `-S` where `S` is a const generic parameter).
///
/// ```
/// use constrided::static_layout::{NegAxis, StaticLayout};
/// use constrided::Mapping;
/// let l = StaticLayout::<(NegAxis<3, 2>,), 4>::new();
/// assert_eq!(l.strides(), [-2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NegAxis<const SIZE: usize, const STRIDE: isize>;

/// What an axis type of a [`StaticLayout`] says: its size and its stride
/// (or that the stride is the row-major default).
///
/// ```
/// use constrided::static_layout::{Axis, AxisSpec, CAxis};
/// assert_eq!(<Axis<4, 20> as AxisSpec>::STRIDE, Some(20));
/// assert_eq!(<CAxis<4> as AxisSpec>::STRIDE, None);
/// ```
pub trait AxisSpec: Sealed {
    /// The size.
    const SIZE: usize;
    /// The stride, `None` for the row-major default. `Err` when it does
    /// not fit `isize` (`-isize::MIN`).
    const STRIDE: Option<isize>;
}
// Sealed: only the crate's axis types say what a static layout's numbers are.
impl<const SIZE: usize, const STRIDE: isize> Sealed for Axis<SIZE, STRIDE> {}
impl<const SIZE: usize> Sealed for CAxis<SIZE> {}
impl<const SIZE: usize, const STRIDE: isize> Sealed for NegAxis<SIZE, STRIDE> {}
impl<const SIZE: usize, const STRIDE: isize> AxisSpec for Axis<SIZE, STRIDE> {
    const SIZE: usize = SIZE;
    const STRIDE: Option<isize> = Some(STRIDE);
}
impl<const SIZE: usize> AxisSpec for CAxis<SIZE> {
    const SIZE: usize = SIZE;
    const STRIDE: Option<isize> = None;
}
impl<const SIZE: usize, const STRIDE: isize> AxisSpec for NegAxis<SIZE, STRIDE> {
    const SIZE: usize = SIZE;
    // -isize::MIN does not fit: saturate, the layout check then reports
    // the overflow (a stride of isize::MAX on an axis of size > 1 can
    // only be valid on a size-1 axis, where it never moves).
    const STRIDE: Option<isize> = Some(if STRIDE == isize::MIN {
        isize::MAX
    } else {
        -STRIDE
    });
}

/// The layout an axis list and offset describe, checked by the crate's
/// rules, as a `Result` (the error, unlike [`StaticLayout::LAYOUT`], is not
/// a panic, so `strided!` can report it at the user's line).
///
/// ```
/// use constrided::static_layout::layout_of;
/// let l = layout_of::<2>([4, 3], [None, None], 0).unwrap();
/// assert_eq!(l.strides(), [3, 1]);
/// ```
pub const fn layout_of<const N: usize>(
    shape: [usize; N],
    strides: [Option<isize>; N],
    offset: usize,
) -> Result<Layout<N>, LayoutError> {
    let mut defaults = [0isize; N];
    let mut any_default = false;
    let mut k = 0;
    while k < N {
        if strides[k].is_none() {
            any_default = true;
        }
        k += 1;
    }
    if any_default && let Err(e) = crate::layout::math::c_strides(&shape, &mut defaults) {
        return Err(e);
    }
    let mut out = [0isize; N];
    let mut k = 0;
    while k < N {
        out[k] = match strides[k] {
            Some(s) => s,
            None => defaults[k],
        };
        k += 1;
    }
    Layout::new(shape, out, offset)
}

/// A layout whose numbers are part of its type: `A` is a tuple of
/// [`Axis`] (rank 0 to 8), `OFFSET` the position of element `(0, …, 0)`.
/// Zero-sized; made by `strided!`, which also checks it at compile time.
///
/// ```
/// use constrided::{strided, Mapping};
/// let l = strided![shape = (4, 3), strides = (20, 2), offset = 22];
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.offset_of_unchecked([3, 2]), 86);
/// ```
pub struct StaticLayout<A, const OFFSET: usize> {
    _axes: PhantomData<fn() -> A>,
}

impl<A, const OFFSET: usize> Clone for StaticLayout<A, OFFSET> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, const OFFSET: usize> Copy for StaticLayout<A, OFFSET> {}
impl<A, const OFFSET: usize> PartialEq for StaticLayout<A, OFFSET> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<A, const OFFSET: usize> Eq for StaticLayout<A, OFFSET> {}
impl<A, const OFFSET: usize> core::hash::Hash for StaticLayout<A, OFFSET> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
impl<A, const OFFSET: usize> Sealed for StaticLayout<A, OFFSET> {}

// The rank of a static mapping as a type of its own (not a parameter of
// the trait), so that a method can bound it (`tiles`: the tiler's rank is
// the view's) without rustc inferring it from that bound; unnameable
// outside the crate.
pub(crate) mod rank_of {
    /// The rank of a static mapping, `Rank<N>` (a supertrait of
    /// `StaticMapping<N>`, with `Rank = Rank<N>`).
    pub trait StaticRank {
        /// `Rank<N>`.
        type Rank;
    }
}

/// A [`Mapping`] whose numbers are compile-time constants.
///
/// ```
/// use constrided::{static_layout::StaticMapping, strided};
/// fn needs<M: StaticMapping<2>>(_: M) -> usize { M::REQUIRED_LEN }
/// assert_eq!(needs(strided![shape = (4, 3), strides = (20, 2), offset = 22]), 87);
/// ```
pub trait StaticMapping<const N: usize>:
    Mapping<N> + rank_of::StaticRank<Rank = crate::Rank<N>>
{
    /// The layout, validated by const evaluation.
    const LAYOUT: Layout<N>;
    /// The shortest buffer that holds the layout.
    const REQUIRED_LEN: usize;
}

/// The element count of a static layout as a type-level number, for
/// stack arrays whose length the type system computes. Each axis size
/// must be one of typenum's const mappings (0..=1024, and powers of 2 and 10).
///
/// ```
/// use constrided::{static_layout::Materialize, strided};
/// use typenum::Unsigned;
/// fn count<M: Materialize<2>>(_: M) -> usize { M::Numel::USIZE }
/// assert_eq!(count(strided![shape = (4, 3)]), 12);
/// ```
pub trait Materialize<const N: usize>: StaticMapping<N> {
    /// The shape as a type-level list, `(U<shape[0]>, (…, ()))` (see
    /// [`shape_list`]), which the static transforms rewrite.
    type Shape;
    /// `shape[0] × … × shape[N-1]` in typenum.
    type Numel: ArrayLength;
}

/// Type-level product of a nested list `(A, (B, (C, ())))`.
///
/// ```
/// use constrided::static_layout::Product;
/// use typenum::{Unsigned, U3, U4};
/// assert_eq!(<(U3, (U4, ())) as Product>::Out::USIZE, 12);
/// ```
pub trait Product {
    /// The product.
    type Out;
}
impl Product for () {
    type Out = U1;
}
impl<H, T: Product> Product for (H, T)
where
    H: Mul<T::Out>,
{
    type Out = Prod<H, T::Out>;
}

/// Type-level shape lists: the shape of a static mapping as a nested list
/// of typenum numbers, `(U4, (U3, ()))` for shape (4, 3), and what the
/// static transforms do to it, so that [`Materialize::Numel`] (the length
/// of `to_array()`'s array) follows every transform. The lists are also
/// checked against the validated layout: `to_array` refuses to compile
/// when their product differs from the layout's element count.
///
/// ```
/// use constrided::static_layout::shape_list::{At, InsertAt, RemoveAt, ReplaceAt, Reverse, Swap};
/// use typenum::{U1, U2, U3, U4};
/// type S = (U4, (U3, (U2, ())));
/// let _: <S as At<1>>::Out = U3::default();
/// let _: <S as RemoveAt<0>>::Out = (U3::default(), (U2::default(), ()));
/// let _: <S as InsertAt<3, U1>>::Out = (U4::default(), (U3::default(), (U2::default(), (U1::default(), ()))));
/// let _: <S as ReplaceAt<2, U1>>::Out = (U4::default(), (U3::default(), (U1::default(), ())));
/// let _: <S as Reverse>::Out = (U2::default(), (U3::default(), (U4::default(), ())));
/// let _: <S as Swap<0, 2>>::Out = (U2::default(), (U3::default(), (U4::default(), ())));
/// ```
pub mod shape_list {
    use core::ops::{Add, Div, Sub};
    use typenum::{Const, Diff, Quot, Sub1, Sum, ToUInt, B1, U};

    /// Entry `A` of the list.
    pub trait At<const A: usize> {
        /// The entry.
        type Out;
    }
    /// The list with entry `A` replaced by `X`.
    pub trait ReplaceAt<const A: usize, X> {
        /// The new list.
        type Out;
    }
    /// The list without entry `A`.
    pub trait RemoveAt<const A: usize> {
        /// The new list.
        type Out;
    }
    /// The list with `X` inserted before entry `A` (`A` = length appends).
    pub trait InsertAt<const A: usize, X> {
        /// The new list.
        type Out;
    }
    /// The list reversed.
    pub trait Reverse {
        /// The new list.
        type Out;
    }
    /// The list reversed onto `Acc`.
    pub trait ReverseOnto<Acc> {
        /// The new list.
        type Out;
    }
    impl<Acc> ReverseOnto<Acc> for () {
        type Out = Acc;
    }
    impl<H, T: ReverseOnto<(H, Acc)>, Acc> ReverseOnto<Acc> for (H, T) {
        type Out = T::Out;
    }
    impl<S: ReverseOnto<()>> Reverse for S {
        type Out = S::Out;
    }
    /// The list with entries `A` and `B` swapped.
    pub trait Swap<const A: usize, const B: usize> {
        /// The new list.
        type Out;
    }
    impl<S, const A: usize, const B: usize> Swap<A, B> for S
    where
        S: At<A> + At<B> + ReplaceAt<A, <S as At<B>>::Out>,
        <S as ReplaceAt<A, <S as At<B>>::Out>>::Out: ReplaceAt<B, <S as At<A>>::Out>,
    {
        type Out =
            <<S as ReplaceAt<A, <S as At<B>>::Out>>::Out as ReplaceAt<B, <S as At<A>>::Out>>::Out;
    }
    /// The size of `START..STOP` by `STEP`, `ceil((STOP - START) / STEP)`,
    /// as a typenum number (implemented by `()`).
    ///
    /// ```
    /// use constrided::static_layout::shape_list::SliceLen;
    /// use typenum::Unsigned;
    /// assert_eq!(<() as SliceLen<1, 8, 3>>::Out::USIZE, 3);
    /// ```
    pub trait SliceLen<const START: usize, const STOP: usize, const STEP: usize> {
        /// The size.
        type Out;
    }
    impl<const START: usize, const STOP: usize, const STEP: usize> SliceLen<START, STOP, STEP> for ()
    where
        Const<START>: ToUInt,
        Const<STOP>: ToUInt,
        Const<STEP>: ToUInt,
        U<STOP>: Sub<U<START>>,
        Diff<U<STOP>, U<START>>: Add<U<STEP>>,
        Sum<Diff<U<STOP>, U<START>>, U<STEP>>: Sub<B1>,
        Sub1<Sum<Diff<U<STOP>, U<START>>, U<STEP>>>: Div<U<STEP>>,
    {
        type Out = Quot<Sub1<Sum<Diff<U<STOP>, U<START>>, U<STEP>>>, U<STEP>>;
    }

    impl<H0, T> At<0> for (H0, T) {
        type Out = H0;
    }
    impl<H0, T, X> ReplaceAt<0, X> for (H0, T) {
        type Out = (X, T);
    }
    impl<H0, T> RemoveAt<0> for (H0, T) {
        type Out = T;
    }
    impl<T, X> InsertAt<0, X> for T {
        type Out = (X, T);
    }
    impl<H0, H1, T> At<1> for (H0, (H1, T)) {
        type Out = H1;
    }
    impl<H0, H1, T, X> ReplaceAt<1, X> for (H0, (H1, T)) {
        type Out = (H0, (X, T));
    }
    impl<H0, H1, T> RemoveAt<1> for (H0, (H1, T)) {
        type Out = (H0, T);
    }
    impl<H0, T, X> InsertAt<1, X> for (H0, T) {
        type Out = (H0, (X, T));
    }
    impl<H0, H1, H2, T> At<2> for (H0, (H1, (H2, T))) {
        type Out = H2;
    }
    impl<H0, H1, H2, T, X> ReplaceAt<2, X> for (H0, (H1, (H2, T))) {
        type Out = (H0, (H1, (X, T)));
    }
    impl<H0, H1, H2, T> RemoveAt<2> for (H0, (H1, (H2, T))) {
        type Out = (H0, (H1, T));
    }
    impl<H0, H1, T, X> InsertAt<2, X> for (H0, (H1, T)) {
        type Out = (H0, (H1, (X, T)));
    }
    impl<H0, H1, H2, H3, T> At<3> for (H0, (H1, (H2, (H3, T)))) {
        type Out = H3;
    }
    impl<H0, H1, H2, H3, T, X> ReplaceAt<3, X> for (H0, (H1, (H2, (H3, T)))) {
        type Out = (H0, (H1, (H2, (X, T))));
    }
    impl<H0, H1, H2, H3, T> RemoveAt<3> for (H0, (H1, (H2, (H3, T)))) {
        type Out = (H0, (H1, (H2, T)));
    }
    impl<H0, H1, H2, T, X> InsertAt<3, X> for (H0, (H1, (H2, T))) {
        type Out = (H0, (H1, (H2, (X, T))));
    }
    impl<H0, H1, H2, H3, H4, T> At<4> for (H0, (H1, (H2, (H3, (H4, T))))) {
        type Out = H4;
    }
    impl<H0, H1, H2, H3, H4, T, X> ReplaceAt<4, X> for (H0, (H1, (H2, (H3, (H4, T))))) {
        type Out = (H0, (H1, (H2, (H3, (X, T)))));
    }
    impl<H0, H1, H2, H3, H4, T> RemoveAt<4> for (H0, (H1, (H2, (H3, (H4, T))))) {
        type Out = (H0, (H1, (H2, (H3, T))));
    }
    impl<H0, H1, H2, H3, T, X> InsertAt<4, X> for (H0, (H1, (H2, (H3, T)))) {
        type Out = (H0, (H1, (H2, (H3, (X, T)))));
    }
    impl<H0, H1, H2, H3, H4, H5, T> At<5> for (H0, (H1, (H2, (H3, (H4, (H5, T)))))) {
        type Out = H5;
    }
    impl<H0, H1, H2, H3, H4, H5, T, X> ReplaceAt<5, X> for (H0, (H1, (H2, (H3, (H4, (H5, T)))))) {
        type Out = (H0, (H1, (H2, (H3, (H4, (X, T))))));
    }
    impl<H0, H1, H2, H3, H4, H5, T> RemoveAt<5> for (H0, (H1, (H2, (H3, (H4, (H5, T)))))) {
        type Out = (H0, (H1, (H2, (H3, (H4, T)))));
    }
    impl<H0, H1, H2, H3, H4, T, X> InsertAt<5, X> for (H0, (H1, (H2, (H3, (H4, T))))) {
        type Out = (H0, (H1, (H2, (H3, (H4, (X, T))))));
    }
    impl<H0, H1, H2, H3, H4, H5, H6, T> At<6> for (H0, (H1, (H2, (H3, (H4, (H5, (H6, T))))))) {
        type Out = H6;
    }
    impl<H0, H1, H2, H3, H4, H5, H6, T, X> ReplaceAt<6, X>
        for (H0, (H1, (H2, (H3, (H4, (H5, (H6, T)))))))
    {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, (X, T)))))));
    }
    impl<H0, H1, H2, H3, H4, H5, H6, T> RemoveAt<6> for (H0, (H1, (H2, (H3, (H4, (H5, (H6, T))))))) {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, T))))));
    }
    impl<H0, H1, H2, H3, H4, H5, T, X> InsertAt<6, X> for (H0, (H1, (H2, (H3, (H4, (H5, T)))))) {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, (X, T)))))));
    }
    impl<H0, H1, H2, H3, H4, H5, H6, H7, T> At<7>
        for (H0, (H1, (H2, (H3, (H4, (H5, (H6, (H7, T))))))))
    {
        type Out = H7;
    }
    impl<H0, H1, H2, H3, H4, H5, H6, H7, T, X> ReplaceAt<7, X>
        for (H0, (H1, (H2, (H3, (H4, (H5, (H6, (H7, T))))))))
    {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, (H6, (X, T))))))));
    }
    impl<H0, H1, H2, H3, H4, H5, H6, H7, T> RemoveAt<7>
        for (H0, (H1, (H2, (H3, (H4, (H5, (H6, (H7, T))))))))
    {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, (H6, T)))))));
    }
    impl<H0, H1, H2, H3, H4, H5, H6, T, X> InsertAt<7, X>
        for (H0, (H1, (H2, (H3, (H4, (H5, (H6, T)))))))
    {
        type Out = (H0, (H1, (H2, (H3, (H4, (H5, (H6, (X, T))))))));
    }
}

// The nested size list of an axis tuple, for Product.
macro_rules! nested {
    () => { () };
    ($d:ident $($rest:ident)*) => { (U<$d>, nested!($($rest)*)) };
}

// The zero-sized type of a static transform, named after it; its
// `Mapping` and methods are in `static_transform`. `Transposed` is here,
// below `static_transform`, because every static layout's `Mapping` names
// it as its `Transposed` type.
macro_rules! zst {
    ($(#[$doc:meta])* $name:ident [$($p:tt)*] [$($arg:tt)*] [$($ph:ty),*]) => {
        $(#[$doc])*
        pub struct $name<L, $($p)*> {
            _source: PhantomData<fn() -> (L, $($ph,)*)>,
        }
        impl<L, $($p)*> Clone for $name<L, $($arg)*> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<L, $($p)*> Copy for $name<L, $($arg)*> {}
        impl<L, $($p)*> Sealed for $name<L, $($arg)*> {}
        impl<L, $($p)*> Default for $name<L, $($arg)*> {
            fn default() -> Self {
                $name { _source: PhantomData }
            }
        }
        impl<L, $($p)*> core::fmt::Debug for $name<L, $($arg)*> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}
pub(crate) use zst;

zst!(
    /// The static layout `L` with all axes reversed (`t()`).
    ///
    /// ```
    /// use constrided::{strided, Mapping};
    /// let l = strided![shape = (4, 3)].t();
    /// assert_eq!((l.shape(), l.strides()), ([3, 4], [1, 3]));
    /// ```
    Transposed [const R: usize] [R] []);

macro_rules! static_rank {
    ($n:literal; $($a:ident $d:ident $s:ident),*) => {
        impl<const OFFSET: usize, $($a: AxisSpec),*> StaticLayout<($($a,)*), OFFSET> {
            /// The layout as a `Result`: the axes' numbers checked by the
            /// crate's layout rules.
            ///
            /// ```
            /// use constrided::static_layout::{Axis, StaticLayout};
            /// assert!(StaticLayout::<(Axis<4, -20>,), 0>::CHECKED.is_err());
            /// ```
            pub const CHECKED: Result<Layout<$n>, LayoutError> =
                layout_of::<$n>([$($a::SIZE),*], [$($a::STRIDE),*], OFFSET);

            /// The layout as a runtime [`Layout`], the one source of the
            /// [`Mapping`] numbers (`shape()`, `strides()`, `offset()`,
            /// `to_layout()`) and of `REQUIRED_LEN`. Numbers that break a
            /// rule are a compile error naming the rule wherever the type
            /// is used (a `const` assertion: it is evaluated whenever a
            /// function that uses the type is instantiated), never a
            /// fallback layout.
            ///
            /// ```
            /// use constrided::static_layout::{Axis, StaticLayout};
            /// let l = StaticLayout::<(Axis<4, 20>, Axis<3, 2>), 22>::LAYOUT;
            /// assert_eq!(l.required_len(), 87);
            /// ```
            ///
            /// ```compile_fail,E0080
            /// use constrided::static_layout::{Axis, StaticLayout};
            /// let l = StaticLayout::<(Axis<4, -1>,), 0>::LAYOUT; // reaches -3
            /// ```
            #[rustfmt::skip]
            pub const LAYOUT: Layout<$n> = match Self::CHECKED { Ok(l) => l, Err(e) => panic!("{}", describe_after("static layout: ", &e).as_str()) };

            /// The value without the constructor's check, for `strided!`,
            /// which has checked the layout at the user's call (one error
            /// at the user's line, not a second one in this crate).
            ///
            /// # Safety
            ///
            /// [`CHECKED`](Self::CHECKED) must be `Ok`. (A broken layout is
            /// still refused by [`LAYOUT`](Self::LAYOUT), which every
            /// method of the value evaluates, but callers must not rely on
            /// that.)
            #[doc(hidden)]
            pub const unsafe fn __prechecked() -> Self {
                StaticLayout { _axes: PhantomData }
            }

            /// The static layout value; using it checks it.
            ///
            /// ```
            /// use constrided::{static_layout::{Axis, StaticLayout}, Mapping};
            /// let l = StaticLayout::<(Axis<3, -1>,), 2>::new();
            /// assert_eq!(l.offset_of_unchecked([2]), 0);
            /// ```
            pub const fn new() -> Self {
                let _layout: Layout<$n> = Self::LAYOUT;
                StaticLayout { _axes: PhantomData }
            }
        }

        impl<const OFFSET: usize, $($a: AxisSpec),*> Default for StaticLayout<($($a,)*), OFFSET> {
            fn default() -> Self {
                // Evaluated here (not in `new`) so that a broken layout's
                // error notes the caller's line.
                let _layout: Layout<$n> = Self::LAYOUT;
                StaticLayout { _axes: PhantomData }
            }
        }

        impl<const OFFSET: usize, $($a: AxisSpec),*> core::fmt::Debug
            for StaticLayout<($($a,)*), OFFSET>
        {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "StaticLayout({})", Self::LAYOUT)
            }
        }

        // Not listed in errors: `Mapping`'s message says what a layout is.
        #[diagnostic::do_not_recommend]
        impl<const OFFSET: usize, $($a: AxisSpec),*> Mapping<$n> for StaticLayout<($($a,)*), OFFSET> {
            const STATIC: bool = true;
            type Transposed = Transposed<Self, $n>;
            #[inline(always)]
            fn transposed(&self) -> Self::Transposed {
                Default::default()
            }
            #[inline(always)]
            fn shape(&self) -> [usize; $n] {
                const { Self::LAYOUT.shape() }
            }
            #[inline(always)]
            fn strides(&self) -> [isize; $n] {
                const { Self::LAYOUT.strides() }
            }
            #[inline(always)]
            fn offset(&self) -> usize {
                const { Self::LAYOUT.offset() }
            }
            #[inline(always)]
            fn to_layout(&self) -> Layout<$n> {
                Self::LAYOUT
            }
        }

        impl<const OFFSET: usize, $($a: AxisSpec),*> rank_of::StaticRank
            for StaticLayout<($($a,)*), OFFSET>
        {
            type Rank = crate::Rank<$n>;
        }

        #[diagnostic::do_not_recommend]
        impl<const OFFSET: usize, $($a: AxisSpec),*> StaticMapping<$n>
            for StaticLayout<($($a,)*), OFFSET>
        {
            const LAYOUT: Layout<$n> = Self::LAYOUT;
            const REQUIRED_LEN: usize = Self::LAYOUT.required_len();
        }

        impl<const OFFSET: usize, $(const $d: usize, const $s: isize),*> Materialize<$n>
            for StaticLayout<($(Axis<$d, $s>,)*), OFFSET>
        where
            $(Const<$d>: ToUInt,)*
            nested!($($d)*): Product,
            <nested!($($d)*) as Product>::Out: ArrayLength,
        {
            type Shape = nested!($($d)*);
            type Numel = <nested!($($d)*) as Product>::Out;
        }
    };
}

static_rank!(0;);
static_rank!(1; A0 D0 S0);
static_rank!(2; A0 D0 S0, A1 D1 S1);
static_rank!(3; A0 D0 S0, A1 D1 S1, A2 D2 S2);
static_rank!(4; A0 D0 S0, A1 D1 S1, A2 D2 S2, A3 D3 S3);
static_rank!(5; A0 D0 S0, A1 D1 S1, A2 D2 S2, A3 D3 S3, A4 D4 S4);
static_rank!(6; A0 D0 S0, A1 D1 S1, A2 D2 S2, A3 D3 S3, A4 D4 S4, A5 D5 S5);
static_rank!(7; A0 D0 S0, A1 D1 S1, A2 D2 S2, A3 D3 S3, A4 D4 S4, A5 D5 S5, A6 D6 S6);
static_rank!(8; A0 D0 S0, A1 D1 S1, A2 D2 S2, A3 D3 S3, A4 D4 S4, A5 D5 S5, A6 D6 S6, A7 D7 S7);

impl<'a, T: Copy, const N: usize, M: Materialize<N>> StridedView<'a, T, N, M> {
    /// The elements in row-major order, in a stack array whose length the
    /// type system computes from the static shape. No allocation.
    ///
    /// # Panics
    ///
    /// Never for the crate's static mappings: the array's type-level
    /// length is checked against the validated layout at compile time, and
    /// the copied count against it again in every build (a panic there
    /// would be a bug of this crate, never uninitialised memory).
    ///
    /// ```
    /// use constrided::strided;
    /// let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
    /// let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    /// let a = v.to_array();
    /// assert_eq!(a.len(), 12);
    /// assert_eq!(a[..3], [22, 24, 26]);
    /// // Also after the static transforms that keep the element count.
    /// assert_eq!(v.t().to_array()[..3], [22, 42, 62]);
    /// assert_eq!(v.flip_axis::<0>().insert_axis_at::<0>().to_array()[0], 82);
    /// // And after those that change it: the count is a typenum computation.
    /// assert_eq!(v.slice_axis::<0, 1, 4, 2>().to_array()[..], [42, 44, 46, 82, 84, 86]);
    /// assert_eq!(v.index_axis_at::<1, 2>().to_array()[..], [26, 46, 66, 86]);
    /// ```
    #[inline]
    pub fn to_array(&self) -> GenericArray<T, M::Numel> {
        // The type-level count against the one validated layout: a
        // compile error if they ever disagree ...
        const {
            assert!(
                numel_of(&M::LAYOUT.shape()) == <M::Numel as Unsigned>::USIZE,
                "to_array: the type-level element count differs from the layout's"
            )
        };
        // ... and, in every build, the count `copy_to_ptr` writes (the
        // product of `shape()`) against the array's length (folds to
        // nothing for a static mapping).
        let n: usize = self.mapping().shape().iter().product();
        assert_eq!(
            n,
            <M::Numel as Unsigned>::USIZE,
            "to_array: the view has {n} elements, the array {}",
            <M::Numel as Unsigned>::USIZE
        );
        let mut out = GenericArray::<T, M::Numel>::uninit();
        // SAFETY: `out` has room for `M::Numel` elements, and copy_to_ptr
        // writes exactly `n` = the product of `shape()` of them (plain
        // loops over the constant shape), which the assertion above
        // checked equals `M::Numel`, so every element is initialised
        // before `assume_init`; T: Copy, so nothing can panic halfway.
        unsafe {
            self.copy_to_ptr(out.as_mut_ptr().cast::<T>());
            GenericArray::assume_init(out)
        }
    }
}

// The element count of a shape, saturating (a valid layout's count fits).
const fn numel_of(shape: &[usize]) -> usize {
    match crate::layout::math::numel(shape) {
        Ok(n) => n,
        Err(_) => usize::MAX,
    }
}

// Compile-time facts about the crate's types.
static_assertions::assert_eq_size!(StaticLayout<(Axis<4, 20>, Axis<3, 2>), 22>, ());
static_assertions::assert_impl_all!(StridedView<'static, f32, 2>: Copy, Send, Sync);
static_assertions::assert_impl_all!(crate::StridedViewMut<'static, f32, 2>: Send, Sync);
static_assertions::assert_not_impl_any!(crate::StridedViewMut<'static, f32, 2>: Copy, Clone);
static_assertions::assert_not_impl_any!(StridedView<'static, core::cell::Cell<f32>, 2>: Send, Sync);
static_assertions::const_assert!(crate::MAX_RANK == 8);

use crate::__private::{MayView, ProofKind, StaticSource};

/// `strided!(buffer; ...)`: the view of `buffer` through the static layout
/// `layout` makes (see [`LayoutFn`](crate::__private::LayoutFn)).
///
/// What needs the buffer's type (a fixed-size array's length, a
/// [`Deferred`](crate::__private::Deferred) uniqueness proof for an exclusive borrow) is checked when
/// this function is instantiated, by `check`: a generic function the macro
/// defines at the user's call (`layout_fits_buffer`), whose inline `const`
/// block evaluates [`source_check`](crate::__private::source_check) and panics with its message. So the
/// error's first line names the rule and the numbers, and its location is
/// the user's line (an inline `const` block in this function would point
/// here and show the user's line only in a trailing "while instantiating"
/// note).
///
/// # Safety
///
/// `check` must refuse (with a compile error) every `B, N, F` for which
/// [`source_check`](crate::__private::source_check) of `F`'s mapping and proof gives a message, and `P`
/// must be what is known of the layout's uniqueness. The views' own guards
/// still hold in every build (a fixed-size array's
/// [`StaticSource::static_view`](crate::__private::StaticSource::static_view) re-checks length and uniqueness, slices
/// and `Vec`s go through `StridedView::new`), so a broken precondition
/// panics rather than reading out of bounds, but callers must not rely on
/// that.
#[doc(hidden)]
#[inline(always)]
pub unsafe fn static_view<'a, B: StaticSource<'a> + MayView<P>, const N: usize, M, P, F, C>(
    buffer: B,
    layout: F,
    check: C,
) -> B::Out<N, M>
where
    M: StaticMapping<N>,
    P: ProofKind,
    F: FnOnce() -> (M, P),
    C: FnOnce(PhantomData<(B, F, [(); N])>),
{
    check(PhantomData);
    buffer.static_view(layout().0)
}
