//! Support for the code `strided!` generates. Not public API: names here
//! may change in any release.

use core::ptr::NonNull;

pub use crate::layout::math::{check_in_buffer, check_unique, extent, is_unique};
pub use crate::layout::message::describe_after;
pub use crate::static_layout::{Axis, CAxis, NegAxis, StaticLayout, StaticMapping};

use crate::error::LayoutError;
use crate::layout::message::Message;
use crate::layout::{math, Layout, Mapping};

use crate::view::{StridedView, StridedViewMut};

/// The integer types a constant-expression entry of `strided!` may have.
/// Anything else (a float, `bool`, `char`) is a compile error naming it.
/// (Implemented through one blanket impl over the sealed [`IntegerType`],
/// marked `do_not_recommend`, so the error names `Integer` and does not
/// list the twelve integer types.) Sealed: a user type implementing it
/// would choose how its value is read (`SIGNED`), e.g. a `#[repr(u128)]`
/// enum of discriminant `u128::MAX` read as -1.
#[diagnostic::on_unimplemented(
    message = "strided!: a layout entry must be an integer, but this one is `{Self}`",
    label = "not an integer: sizes, strides, offsets and lengths count elements"
)]
pub trait Integer: Copy + sealed::Sealed {
    /// Whether the type is signed (which cast of the value is exact).
    const SIGNED: bool;
}

/// The twelve primitive integer types; see [`Integer`].
pub trait IntegerType: Copy + sealed::Sealed {
    /// Whether the type is signed.
    const SIGNED: bool;
}

#[diagnostic::do_not_recommend]
impl<T: IntegerType> Integer for T {
    const SIGNED: bool = <T as IntegerType>::SIGNED;
}

macro_rules! integer {
    ($signed:literal: $($t:ty),*) => {
        $(impl IntegerType for $t {
            const SIGNED: bool = $signed;
        }
        #[diagnostic::do_not_recommend]
        impl sealed::Sealed for $t {})*
    };
}
integer!(true: i8, i16, i32, i64, i128, isize);
integer!(false: u8, u16, u32, u64, u128, usize);

// The value of an entry given as `(e as i128, e as u128)`: exact for every
// integer type once we know whether it is signed: (negative, magnitude).
const fn entry_value<T: Integer>(signed: i128, unsigned: u128) -> (bool, u128) {
    if T::SIGNED {
        (signed < 0, signed.unsigned_abs())
    } else {
        (false, unsigned)
    }
}

const fn entry_error(what: &str, negative: bool, magnitude: u128, rule: &str) -> Message {
    let m = Message::from_text("strided!: ").push(what).push(" ");
    let m = if negative { m.push("-") } else { m };
    // push_int takes an i128; a u128 above i128::MAX is printed in two parts.
    let m = if magnitude > i128::MAX as u128 {
        m.push_int((magnitude / 10) as i128)
            .push_int((magnitude % 10) as i128)
    } else {
        m.push_int(magnitude as i128)
    };
    m.push(rule)
}

// The common rule of sizes, offsets and lengths: a non-negative integer
// that fits `usize`; `negative` says why a negative one is refused.
const fn count_entry<T: Integer>(
    signed: i128,
    unsigned: u128,
    what: &'static str,
    negative: &'static str,
) -> Result<usize, Message> {
    match entry_value::<T>(signed, unsigned) {
        (true, m) => Err(entry_error(what, true, m, negative)),
        (false, m) if m > usize::MAX as u128 => {
            Err(entry_error(what, false, m, " does not fit in usize"))
        }
        (false, m) => Ok(m as usize),
    }
}

/// A size given as a constant expression `e`, called as
/// `size_entry(&(e), e as i128, e as u128)`: a non-negative integer that
/// fits `usize`, or the message saying which rule it breaks.
pub const fn size_entry<T: Integer>(_: &T, signed: i128, unsigned: u128) -> Result<usize, Message> {
    count_entry::<T>(
        signed,
        unsigned,
        "size",
        " is negative: sizes count elements and must be 0 or more",
    )
}

/// A stride given as a constant expression: an integer that fits `isize`.
pub const fn stride_entry<T: Integer>(
    _: &T,
    signed: i128,
    unsigned: u128,
) -> Result<isize, Message> {
    match entry_value::<T>(signed, unsigned) {
        (true, m) if m > isize::MIN.unsigned_abs() as u128 => {
            Err(entry_error("stride", true, m, " does not fit in isize"))
        }
        (true, m) => Ok((m as i128).wrapping_neg() as isize),
        (false, m) if m > isize::MAX as u128 => {
            Err(entry_error("stride", false, m, " does not fit in isize"))
        }
        (false, m) => Ok(m as isize),
    }
}

/// An offset given as a constant expression: a position in the buffer,
/// a non-negative integer that fits `usize`.
pub const fn offset_entry<T: Integer>(
    _: &T,
    signed: i128,
    unsigned: u128,
) -> Result<usize, Message> {
    count_entry::<T>(
        signed,
        unsigned,
        "offset",
        " is negative: the offset is a position in the buffer and must be 0 or more",
    )
}

/// A buffer length given as a constant expression: a non-negative integer
/// that fits `usize`.
pub const fn len_entry<T: Integer>(_: &T, signed: i128, unsigned: u128) -> Result<usize, Message> {
    count_entry::<T>(
        signed,
        unsigned,
        "len",
        " is negative: the buffer length must be 0 or more",
    )
}

// The traits whose impls choose which guard a view meets (uniqueness
// proofs, borrows, buffers) are sealed: only this module implements them.
mod sealed {
    use super::{ProofKind, StaticMapping};
    pub trait Sealed {}
    pub trait LayoutClosure<const N: usize> {}
    impl<F, M, P, const N: usize> LayoutClosure<N> for F
    where
        F: FnOnce() -> (M, P),
        M: StaticMapping<N>,
        P: ProofKind,
    {
    }
    #[diagnostic::do_not_recommend]
    impl Sealed for super::Shared {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::Unique {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::LayoutMayAlias {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::Deferred {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::NeverUsed {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::SharedBorrow {}
    #[diagnostic::do_not_recommend]
    impl Sealed for super::ExclusiveBorrow {}
    #[diagnostic::do_not_recommend]
    impl<T, const L: usize> Sealed for &[T; L] {}
    #[diagnostic::do_not_recommend]
    impl<T, const L: usize> Sealed for &mut [T; L] {}
    #[diagnostic::do_not_recommend]
    impl<T> Sealed for &[T] {}
    #[diagnostic::do_not_recommend]
    impl<T> Sealed for &mut [T] {}
    #[cfg(feature = "alloc")]
    #[diagnostic::do_not_recommend]
    impl<T> Sealed for &alloc::vec::Vec<T> {}
    #[cfg(feature = "alloc")]
    #[diagnostic::do_not_recommend]
    impl<T> Sealed for &mut alloc::vec::Vec<T> {}
}

/// The buffer of `strided!(&buf; ...)` was written as `&buf`: a shared view,
/// any layout will do.
#[derive(Clone, Copy, Debug)]
pub struct Shared;
/// The layout is unique: it may back a mutable view.
#[derive(Clone, Copy, Debug)]
pub struct Unique;
/// The layout aliases (or its uniqueness could not be proved): it cannot
/// back a mutable view.
#[derive(Clone, Copy, Debug)]
pub struct LayoutMayAlias;

/// The layout's uniqueness was not decided while the caller was
/// type-checked (a buffer behind a binding, with a layout whose quick
/// proof did not conclude, or whose entries name generic parameters): an
/// exclusive borrow is checked at instantiation, a shared one never pays.
#[derive(Clone, Copy, Debug)]
pub struct Deferred;

/// What is known of a layout's uniqueness: [`Shared`], [`Unique`],
/// [`LayoutMayAlias`] or [`Deferred`].
pub trait ProofKind: Copy + sealed::Sealed {
    /// Whether an exclusive borrow must still be proved at instantiation.
    const DEFERRED: bool;
}
impl ProofKind for Shared {
    const DEFERRED: bool = false;
}
impl ProofKind for Unique {
    const DEFERRED: bool = false;
}
impl ProofKind for LayoutMayAlias {
    const DEFERRED: bool = false;
}
impl ProofKind for Deferred {
    const DEFERRED: bool = true;
}

/// How a buffer is borrowed: shared (`&`) or exclusively (`&mut`).
#[derive(Clone, Copy, Debug)]
pub struct SharedBorrow;
/// See [`SharedBorrow`].
#[derive(Clone, Copy, Debug)]
pub struct ExclusiveBorrow;

/// Whether the buffer `Self` may be viewed through a layout of uniqueness
/// `P`: a shared borrow through any layout, an exclusive one only through
/// a [`Unique`] layout (see [`Permits`]).
#[diagnostic::on_unimplemented(
    message = "strided!: a mutable view needs a unique layout, but this layout aliases",
    label = "a `&mut` buffer, viewed through a layout where two indices reach the same position (or whose uniqueness could not be proved)",
    note = "view the buffer through `&` (a shared view may alias), or use a layout with no zero or overlapping strides"
)]
pub trait MayView<P>: sealed::Sealed {}
// One blanket impl, marked `do_not_recommend`: the error names `MayView`
// (with its message above) and lists no implementations.
#[diagnostic::do_not_recommend]
impl<'a, B: StaticSource<'a>, P: Permits<B::Borrow>> MayView<P> for B {}
/// Which borrows a layout of uniqueness `Self` may back: every layout a
/// shared borrow, only a [`Unique`] (or [`Deferred`], checked at
/// instantiation) layout an exclusive one. See [`MayView`].
pub trait Permits<B>: sealed::Sealed {}
impl<P: sealed::Sealed> Permits<SharedBorrow> for P {}
impl Permits<ExclusiveBorrow> for Unique {}
impl Permits<ExclusiveBorrow> for Deferred {}
// A second impl for `ExclusiveBorrow`, which nothing can use, so that the
// compiler does not infer `P = Unique` from a single impl and report a type
// mismatch instead of `MayView`'s message.
impl Permits<ExclusiveBorrow> for NeverUsed {}
/// Uninhabited; see the `MayView` impls.
#[derive(Clone, Copy, Debug)]
pub enum NeverUsed {}

/// `Proof<{ quick_uniqueness(..) }>` selects [`Unique`], [`LayoutMayAlias`] or
/// [`Deferred`] while the caller is type-checked, so a buffer whose `&mut`
/// is not visible to the macro (a binding, a method call) still meets the
/// uniqueness rule at `cargo check` time in most cases, while a shared
/// buffer pays at most [`QUICK_BUDGET`] search steps.
pub struct Proof<const KIND: u8>;

/// The search budget of [`quick_uniqueness`]: small enough that a shared
/// view through a binding never pays a noticeable proof.
pub const QUICK_BUDGET: u64 = 256;

/// 0: unique, 1: aliases, 2: not decided within [`QUICK_BUDGET`] steps.
pub const fn quick_uniqueness(shape: &[usize], strides: &[isize]) -> u8 {
    match math::find_alias(shape, strides, QUICK_BUDGET) {
        math::Uniqueness::Unique => 0,
        math::Uniqueness::Aliases { .. } => 1,
        math::Uniqueness::Unknown => 2,
    }
}

/// See [`Proof`].
pub trait Select {
    /// [`Unique`] or [`LayoutMayAlias`].
    type Out: Copy;
    /// Its value.
    const OUT: Self::Out;
}
impl Select for Proof<0> {
    type Out = Unique;
    const OUT: Unique = Unique;
}
impl Select for Proof<1> {
    type Out = LayoutMayAlias;
    const OUT: LayoutMayAlias = LayoutMayAlias;
}
impl Select for Proof<2> {
    type Out = Deferred;
    const OUT: Deferred = Deferred;
}

/// Panics with the message of a rule `strided!` found broken. The
/// expansion's checks go through this and [`or_fail`] so that it binds no
/// name of its own: a pattern `Some(m)` in the caller's scope would match
/// a caller's constant, unit struct or static called `m` instead of
/// binding it. `#[track_caller]`: rustc reports the panic at the call the
/// macro wrote, spanned at the user's tokens, with no frame in the crate.
#[track_caller]
pub const fn fail_if(problem: Option<Message>) {
    if let Some(m) = problem {
        panic!("{}", m.as_str())
    }
}

/// The value of a checked entry, or a panic with the rule it breaks (see
/// [`fail_if`]).
#[track_caller]
pub const fn or_fail<T: Copy>(checked: Result<T, Message>) -> T {
    match checked {
        Ok(v) => v,
        Err(m) => panic!("{}", m.as_str()),
    }
}

/// A layout of entries the macro cannot read, or a panic with the rule it
/// breaks (see [`fail_if`] and [`layout_failure`]).
#[track_caller]
pub const fn checked_layout<const N: usize>(
    checked: Result<Layout<N>, LayoutError>,
    len: Option<usize>,
    unique: bool,
) -> Layout<N> {
    fail_if(layout_failure(checked, len, unique));
    match checked {
        Ok(l) => l,
        Err(_) => unreachable!(),
    }
}

/// The checks of a static layout whose entries name constants the macro
/// cannot read (const generic parameters, constants): validity, `len`,
/// and uniqueness when `unique`. Evaluated in an inline `const` block at
/// the macro's call site, so a broken rule is reported at the user's line
/// when the code is instantiated.
pub const fn layout_failure<const N: usize>(
    checked: Result<Layout<N>, LayoutError>,
    len: Option<usize>,
    unique: bool,
) -> Option<Message> {
    let l = match checked {
        Ok(l) => l,
        Err(e) => return Some(describe_after("strided!: ", &e)),
    };
    if let Some(len) = len
        && let Some(m) = failure(check_in_buffer(&l.shape(), &l.strides(), l.offset(), len))
    {
        return Some(m);
    }
    if unique && let Some(m) = failure(check_unique(&l.shape(), &l.strides())) {
        return Some(m);
    }
    None
}

/// The checks of `strided!(buffer; ..)` that need the buffer's type: a
/// fixed-size array long enough, and the uniqueness of a layout whose
/// proof was [`Deferred`] when the buffer is borrowed exclusively.
/// Evaluated in an inline `const` block of a generic function the macro
/// writes at its call site, so the error shows the user's line.
pub const fn source_failure<const N: usize>(
    layout: Layout<N>,
    len: Option<usize>,
    exclusive_deferred: bool,
) -> Option<Message> {
    if let Some(len) = len
        && let Some(m) = failure(check_in_buffer(
            &layout.shape(),
            &layout.strides(),
            layout.offset(),
            len,
        ))
    {
        return Some(m);
    }
    if exclusive_deferred && let Some(m) = failure(check_unique(&layout.shape(), &layout.strides()))
    {
        return Some(m);
    }
    None
}

/// Whether a static layout fits a buffer of `len` elements (and is unique
/// when `unique`): the guard of the fixed-size array views.
const fn fits<const N: usize>(l: Layout<N>, len: usize, unique: bool) -> bool {
    l.required_len() <= len && (!unique || math::is_unique(&l.shape(), &l.strides()))
}

/// Row-major strides for `shape`, or the message when they overflow.
pub const fn c_strides_checked<const N: usize>(shape: [usize; N]) -> Result<[isize; N], Message> {
    let mut s = [0isize; N];
    match math::c_strides(&shape, &mut s) {
        Ok(()) => Ok(s),
        Err(e) => Err(describe_after("strided!: ", &e)),
    }
}

/// Row-major strides for `shape`, or zeros when they overflow (the type
/// form's generic arguments; its offset argument reports the overflow).
pub const fn c_strides_or_zeros<const N: usize>(shape: [usize; N]) -> [isize; N] {
    match c_strides_checked(shape) {
        Ok(s) => s,
        Err(_) => [0; N],
    }
}

/// The message for a failed compile-time check, or `None`.
pub const fn failure<T: Copy>(r: Result<T, LayoutError>) -> Option<Message> {
    match r {
        Ok(_) => None,
        Err(e) => Some(describe_after("strided!: ", &e)),
    }
}

/// What `strided!(&buf; ...)` does with its buffer: fixed-size arrays are
/// checked at compile time and give the view; slices and `Vec`s are
/// checked at run time and give `Result<view, LayoutError>`.
#[diagnostic::on_unimplemented(
    message = "strided!: `{Self}` is not a buffer a static layout can view",
    label = "not a buffer",
    note = "buffers are `&[T; L]`, `&[T]`, `&Vec<T>` and their `&mut` forms"
)]
pub trait StaticSource<'a>: sealed::Sealed {
    /// [`SharedBorrow`] or [`ExclusiveBorrow`].
    type Borrow;
    /// The length of a fixed-size array, checked at compile time; `None`
    /// for buffers checked at run time.
    const LEN: Option<usize>;
    /// Whether the buffer is borrowed exclusively.
    const EXCLUSIVE: bool;
    /// The view (or `Result` of it) for a static layout of rank `N`.
    type Out<const N: usize, M: StaticMapping<N>>;
    /// Makes it.
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M>;
}

/// The closure `strided!(buffer; ...)` makes its layout with: it gives the
/// static layout and what is known of its uniqueness (`P`: [`Shared`] when
/// the macro sees `&buffer`, [`Unique`] when it sees `&mut buffer` and
/// checked it, else [`Unique`], [`LayoutMayAlias`] or [`Deferred`] as computed by
/// const evaluation). The call-site check function is generic over the
/// closure's type rather than over the layout's: rustc prints a closure as
/// the user's file and line, where a `StaticLayout<..>` would print in full.
///
/// Sealed: implemented for exactly those closures (the impl is in a
/// private module), so `static_view`'s check reads the layout the closure
/// gives.
pub trait LayoutFn<const N: usize>: sealed::LayoutClosure<N> {
    /// The static layout.
    type Mapping: StaticMapping<N>;
    /// What is known of its uniqueness.
    type Proof: ProofKind;
}
impl<F, M, P, const N: usize> LayoutFn<N> for F
where
    F: FnOnce() -> (M, P),
    M: StaticMapping<N>,
    P: ProofKind,
{
    type Mapping = M;
    type Proof = P;
}

// `static_view` lives in `static_layout` (a module of the documented API,
// though the function is hidden) so that rustc's `required by a bound in`
// note of an aliasing `&mut` buffer names `constrided::static_layout::static_view`,
// not this hidden module.
pub use crate::static_layout::static_view;

/// The check `strided!`'s call-site function runs for [`static_view`]: the
/// message of a broken rule that needs the buffer's type, if any.
pub const fn source_check<'a, B, const N: usize, M, P>() -> Option<Message>
where
    B: StaticSource<'a>,
    M: StaticMapping<N>,
    P: ProofKind,
{
    source_failure::<N>(M::LAYOUT, B::LEN, B::EXCLUSIVE && P::DEFERRED)
}

impl<'a, T, const L: usize> StaticSource<'a> for &'a [T; L] {
    type Borrow = SharedBorrow;
    const LEN: Option<usize> = Some(L);
    const EXCLUSIVE: bool = false;
    type Out<const N: usize, M: StaticMapping<N>> = StridedView<'a, T, N, M>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        // `strided!` reports a too-short array at the user's line (see
        // `source_failure`); this guard folds away and keeps a direct call
        // sound.
        if !const { fits(M::LAYOUT, L, false) } {
            panic!("strided!: the layout reaches past the end of the array");
        }
        // SAFETY: the guard above proved required_len <= L, and the array
        // is borrowed for 'a.
        unsafe { StridedView::from_parts(NonNull::from(self).cast(), L, layout, true) }
    }
}

impl<'a, T, const L: usize> StaticSource<'a> for &'a mut [T; L] {
    type Borrow = ExclusiveBorrow;
    const LEN: Option<usize> = Some(L);
    const EXCLUSIVE: bool = true;
    type Out<const N: usize, M: StaticMapping<N>> = StridedViewMut<'a, T, N, M>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        if !const { fits(M::LAYOUT, L, true) } {
            panic!("strided!: the layout reaches past the end of the array, or aliases");
        }
        // SAFETY: the guard above proved required_len <= L and uniqueness;
        // the array is exclusively borrowed for 'a.
        unsafe { StridedViewMut::from_parts(NonNull::from(self).cast(), L, layout, true) }
    }
}

impl<'a, T> StaticSource<'a> for &'a [T] {
    type Borrow = SharedBorrow;
    const LEN: Option<usize> = None;
    const EXCLUSIVE: bool = false;
    type Out<const N: usize, M: StaticMapping<N>> = Result<StridedView<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedView::new(self, layout)
    }
}

impl<'a, T> StaticSource<'a> for &'a mut [T] {
    type Borrow = ExclusiveBorrow;
    const LEN: Option<usize> = None;
    const EXCLUSIVE: bool = true;
    type Out<const N: usize, M: StaticMapping<N>> =
        Result<StridedViewMut<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedViewMut::new(self, layout)
    }
}

#[cfg(feature = "alloc")]
impl<'a, T> StaticSource<'a> for &'a alloc::vec::Vec<T> {
    type Borrow = SharedBorrow;
    const LEN: Option<usize> = None;
    const EXCLUSIVE: bool = false;
    type Out<const N: usize, M: StaticMapping<N>> = Result<StridedView<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedView::new(self, layout)
    }
}

#[cfg(feature = "alloc")]
impl<'a, T> StaticSource<'a> for &'a mut alloc::vec::Vec<T> {
    type Borrow = ExclusiveBorrow;
    const LEN: Option<usize> = None;
    const EXCLUSIVE: bool = true;
    type Out<const N: usize, M: StaticMapping<N>> =
        Result<StridedViewMut<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedViewMut::new(self, layout)
    }
}

pub use crate::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};

/// What `strided!(buffer; ..)` does with a buffer when the layout has
/// run-time entries: every buffer is checked at run time, giving
/// `Result<view, LayoutError>`.
#[diagnostic::on_unimplemented(
    message = "strided!: `{Self}` is not a buffer a layout can view",
    label = "not a buffer",
    note = "buffers are `&[T; L]`, `&[T]`, `&Vec<T>` and their `&mut` forms"
)]
pub trait MixedSource<'a> {
    /// The view for a mapping `M` of rank `N`.
    type View<const N: usize, M: Mapping<N>>;
    /// Makes it, checked at run time.
    fn mixed_view<const N: usize, M: Mapping<N>>(
        self,
        layout: M,
    ) -> Result<Self::View<N, M>, LayoutError>;
}

/// `strided!(buffer; ..)` with run-time entries: the view of `buffer`
/// through `layout` once both are checked.
#[inline(always)]
pub fn mixed_view<'a, B: MixedSource<'a>, const N: usize, M: Mapping<N>>(
    buffer: B,
    layout: Result<M, LayoutError>,
) -> Result<B::View<N, M>, LayoutError> {
    buffer.mixed_view(layout?)
}

macro_rules! mixed_source {
    ($([$($g:tt)*] $ty:ty => $view:ident;)*) => {$(
        impl<'a, T, $($g)*> MixedSource<'a> for $ty {
            type View<const N: usize, M: Mapping<N>> = $view<'a, T, N, M>;
            #[inline(always)]
            fn mixed_view<const N: usize, M: Mapping<N>>(
                self,
                layout: M,
            ) -> Result<Self::View<N, M>, LayoutError> {
                $view::new(self, layout)
            }
        }
    )*};
}
mixed_source! {
    [const L: usize] &'a [T; L] => StridedView;
    [const L: usize] &'a mut [T; L] => StridedViewMut;
    [] &'a [T] => StridedView;
    [] &'a mut [T] => StridedViewMut;
}
#[cfg(feature = "alloc")]
mixed_source! {
    [] &'a alloc::vec::Vec<T> => StridedView;
    [] &'a mut alloc::vec::Vec<T> => StridedViewMut;
}

// The strides of a literal layout: given, or the row-major default.
const fn literal_strides(
    shape: &[usize],
    strides: Option<&[isize]>,
    out: &mut [isize; crate::MAX_RANK],
) -> Result<usize, LayoutError> {
    let n = shape.len();
    match strides {
        Some(s) => {
            let mut k = 0;
            while k < s.len() && k < crate::MAX_RANK {
                out[k] = s[k];
                k += 1;
            }
            Ok(s.len())
        }
        None => {
            let mut buf = [0isize; crate::MAX_RANK];
            let (head, _) = buf.split_at_mut(n);
            if let Err(e) = math::c_strides(shape, head) {
                return Err(e);
            }
            let mut k = 0;
            while k < n {
                out[k] = head[k];
                k += 1;
            }
            Ok(n)
        }
    }
}

/// The layout rules of a `strided!` layout whose entries are all literals,
/// in one call: default strides that fit, then validity. The message of
/// the rule broken, which the macro panics with in its own tokens, spanned
/// on the user's (so the error shows no frame of this crate).
pub const fn layout_rule(
    shape: &[usize],
    strides: Option<&[isize]>,
    offset: usize,
) -> Option<Message> {
    let mut s = [0isize; crate::MAX_RANK];
    failure(match literal_strides(shape, strides, &mut s) {
        Ok(n) => match extent(shape, s.split_at(n).0, offset) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    })
}

/// `len = ..` of a literal layout (after [`layout_rule`]).
pub const fn len_rule(
    shape: &[usize],
    strides: Option<&[isize]>,
    offset: usize,
    len: usize,
) -> Option<Message> {
    let mut s = [0isize; crate::MAX_RANK];
    failure(match literal_strides(shape, strides, &mut s) {
        Ok(n) => match check_in_buffer(shape, s.split_at(n).0, offset, len) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    })
}

/// The uniqueness of a literal layout behind a visible `&mut` (see
/// [`layout_rule`]).
pub const fn unique_rule(shape: &[usize], strides: Option<&[isize]>) -> Option<Message> {
    let mut s = [0isize; crate::MAX_RANK];
    failure(match literal_strides(shape, strides, &mut s) {
        Ok(n) => check_unique(shape, s.split_at(n).0),
        Err(e) => Err(e),
    })
}

/// The layout of checked entries: given strides, or the row-major default.
pub const fn entries_layout<const N: usize>(
    shape: [usize; N],
    strides: Option<[isize; N]>,
    offset: usize,
) -> Result<Layout<N>, LayoutError> {
    let strides = match strides {
        Some(s) => s,
        None => {
            let mut s = [0isize; N];
            if let Err(e) = math::c_strides(&shape, &mut s) {
                return Err(e);
            }
            s
        }
    };
    Layout::new(shape, strides, offset)
}

/// The mixed layout of a layout checked by const evaluation (entries that
/// are associated constants): its static entries match by construction.
#[inline(always)]
pub fn checked_mixed<M, const N: usize>(layout: Layout<N>) -> M
where
    M: FromLayout<N>,
{
    M::from_layout(layout)
}

/// See [`checked_mixed`].
pub trait FromLayout<const N: usize>: Sized {
    /// The mapping of `layout`.
    fn from_layout(layout: Layout<N>) -> Self;
}

impl<A, O, const N: usize> FromLayout<N> for MixedLayout<A, O, N>
where
    A: crate::mixed_layout::MixedAxes<N>,
    O: crate::mixed_layout::CountEntry,
{
    #[inline(always)]
    fn from_layout(layout: Layout<N>) -> Self {
        match MixedLayout::new(layout.shape(), layout.strides(), layout.offset()) {
            Ok(m) => m,
            // The macro writes the static entries from the same numbers.
            Err(e) => panic!("strided!: {e}"),
        }
    }
}

// Appends `(a, b, c)`.
const fn push_list(mut m: Message, v: &[i128]) -> Message {
    m = m.push("(");
    let mut i = 0;
    while i < v.len() {
        if i > 0 {
            m = m.push(", ");
        }
        m = m.push_int(v[i]);
        i += 1;
    }
    m.push(")")
}

/// The static axes of a mixed layout behind a `&mut` (`axes`: their
/// numbers in the layout, `shape` / `strides`: their literal sizes and
/// strides): the message when they alias among themselves, which makes
/// the layout alias whatever its run-time entries are (the macro panics
/// with it in a constant: a compile error at `cargo check`). Decided by
/// [`math::find_alias`] within [`math::ALIAS_SEARCH_BUDGET`] steps (every
/// layout of up to 2^16 elements); undecided ones are left to the run-time
/// check, which refuses them if they alias.
///
/// Returns the message; the macro panics with it in a constant spanned at
/// the user's `&mut`, so the error shows the user's line, not this one.
pub const fn static_axes_alias(
    axes: &[usize],
    shape: &[usize],
    strides: &[isize],
) -> Option<Message> {
    let (first, second) = match math::find_alias(shape, strides, math::ALIAS_SEARCH_BUDGET) {
        math::Uniqueness::Aliases { first, second } => (first, second),
        _ => return None,
    };
    let n = shape.len();
    let mut a = [0i128; crate::MAX_RANK];
    let mut d = [0i128; crate::MAX_RANK];
    let mut s = [0i128; crate::MAX_RANK];
    let mut f = [0i128; crate::MAX_RANK];
    let mut g = [0i128; crate::MAX_RANK];
    let mut k = 0;
    while k < n && k < crate::MAX_RANK {
        a[k] = axes[k] as i128;
        d[k] = shape[k] as i128;
        s[k] = strides[k] as i128;
        f[k] = first.as_slice()[k] as i128;
        g[k] = second.as_slice()[k] as i128;
        k += 1;
    }
    let m =
        Message::from_text("strided!: a mutable view needs a unique layout, but its static axes ");
    let m = push_list(m, a.split_at(k).0).push(" with sizes ");
    let m = push_list(m, d.split_at(k).0).push(" and strides ");
    let m = push_list(m, s.split_at(k).0)
        .push(" alias whatever the run-time entries are: their indices ");
    let m = push_list(m, f.split_at(k).0).push(" and ");
    Some(push_list(m, g.split_at(k).0).push(" reach the same position"))
}

/// `f(a)`: how `strided!` binds its locals. The closure is declared in a
/// block that first declares a `fn` of each parameter's name, so a
/// constant of the caller's with that name cannot turn the parameter into
/// a constant pattern, and the user's expressions (`a`) are evaluated
/// outside the closure and its `unsafe` block.
///
/// ```
/// assert_eq!(constrided::__private::call_with(2, |x| x + 1), 3);
/// ```
#[inline(always)]
pub fn call_with<A, R>(a: A, f: impl FnOnce(A) -> R) -> R {
    f(a)
}
