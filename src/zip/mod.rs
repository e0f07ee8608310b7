//! [`Zip`]: lock-step iteration over up to 6 operands of one shape, in an
//! unspecified, memory-friendly order (the element-wise engine's plan:
//! axes dropped, flipped, ordered by the first operand's strides,
//! coalesced, and tiled for the cache when an operand is transposed; a
//! transposed read-only operand of a plain element type is **staged**
//! through the copy engine's SIMD blocks, as `zip_with`'s source is).
//!
//! Producers (`producer.rs`): `&mut StridedViewMut` and `StridedViewMut`
//! (yield `&mut T`), `&StridedView`, `StridedView` and `&StridedViewMut`
//! (yield `&T`), `&mut StridedArray` / `&StridedArray`, over any mapping,
//! static views included (a zip of static views runs plain nested loops
//! over the constant shape), and windows and chunks (yield views).
//!
//! Items live for one call of the closure (the closures are higher-ranked
//! over the items' lifetime, as `zip_with`'s): an item may point into a
//! staging buffer.
//!
//! The engine is written once, over a tuple of operands ([`Operands`],
//! ndarray's `ZippableTuple`): `fold_core` (the static loop nest or the
//! planned walk), `collect_core` and `par_core`; `and` / `and_broadcast`
//! once over the tuples that take one more operand ([`Append`]). The
//! macros below stamp only the tuple impls and the closure adapters of
//! the public methods.
//!
//! Why a `&mut` producer never overlaps another producer: a mutable
//! producer is, or borrows, a `StridedViewMut` (or its chunks), which
//! holds an exclusive borrow of every element its (unique) layout
//! reaches; every other producer holds a borrow (shared or exclusive) of
//! its own elements. The borrow checker refuses a second borrow of
//! elements exclusively borrowed, so while the zip lives no other producer
//! can reach them (the halves of `split_at` reach disjoint elements). Only
//! `unsafe` raw-part constructors could break this, and their contract
//! forbids it.

use core::marker::PhantomData;
use core::mem::size_of;
use core::mem::MaybeUninit;

use crate::error::{Dims, LayoutError};
use crate::kernel::engine;
use crate::kernel::zip_stage::{self, Staged};
#[cfg(feature = "rayon")]
use crate::kernel::{Order, Plan};
use crate::layout::{Layout, Mapping};

mod producer;

use producer::{Index, Out};
pub use producer::{Lend, Producer, Shared, Yield};
// For producers of other modules of the crate (e.g. static tiles): the
// seal (see `producer.rs`).
#[allow(unused_imports)]
pub(crate) use producer::sealed;
// The raw runs of producers whose items are not elements (tiles too).
pub(crate) use producer::{raw_runs, Raw};

/// One operand of a [`Zip`]: the producer's buffer, position mapping (a
/// runtime [`Layout`] for broadcast operands) and item data (`E`, the
/// producer's [`Yield::Extra`]). Made by [`Zip`]'s methods only.
///
/// ```
/// use constrided::{Layout, StridedView, Zip};
/// let x = [1, 2];
/// let z = Zip::from(StridedView::new(&x, Layout::contiguous([2]))?); // Zip<(Part<..>,), 1>
/// assert_eq!(z.shape(), [2]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
// No bound on the struct: a value that is not a producer then fails
// `Zip::from`'s `Producer` bound alone (one error), not also the type's.
// Parts are made only by `Part::new`, whose `E` is `P::Extra` and whose
// `ptr` points to `P::Elem`s; the engine's impls are over those.
pub struct Part<P, Mp, E> {
    ptr: *mut u8,
    map: Mp,
    extra: E,
    _producer: PhantomData<P>,
}

impl<P: Yield, Mp> Part<P, Mp, P::Extra> {
    fn new(ptr: *mut P::Elem, map: Mp, extra: P::Extra) -> Self {
        Part {
            ptr: ptr.cast(),
            map,
            extra,
            _producer: PhantomData,
        }
    }
}

// SAFETY: a Part is its producer (a borrow of a view or array) taken apart;
// it may cross threads exactly when the producer may (the extra data is
// Send and Sync: layouts and lengths).
unsafe impl<P: Send, Mp: Send, E: Send> Send for Part<P, Mp, E> {}
// SAFETY: as above.
unsafe impl<P: Sync, Mp: Sync, E: Sync> Sync for Part<P, Mp, E> {}

/// Lock-step iteration over up to 6 operands of one shape, in an
/// **unspecified order** (memory order, tiled for the cache when the
/// operands disagree on their fastest axis), ndarray-style.
///
/// The closures get items that live for the call only (higher-ranked over
/// their lifetime, as `zip_with`'s): an item cannot be kept, which lets
/// the engine hand a staged copy of a transposed operand.
///
/// A `&mut` producer never overlaps another producer: it holds an
/// exclusive borrow of every element it reaches, so the borrow checker
/// refuses any other producer over those elements.
///
/// ```
/// use constrided::{Layout, StridedView, StridedViewMut, Zip};
/// let a = [1, 2, 3, 4, 5, 6];
/// let b = [10, 20, 30, 40, 50, 60];
/// let mut out = [0; 6];
/// let av = StridedView::new(&a, Layout::contiguous([2, 3]))?;
/// let bv = StridedView::new(&b, Layout::contiguous([3, 2]))?.t();
/// let mut d = StridedViewMut::new(&mut out, Layout::contiguous([2, 3]))?;
/// Zip::from(&mut d).and(&av)?.and(&bv)?.for_each(|d, a, b| *d = *a + *b);
/// assert_eq!(out, [11, 32, 53, 24, 45, 66]);
/// let row = [100, 200, 300];
/// let rv = StridedView::new(&row, Layout::contiguous([3]))?;
/// let s = Zip::from(&av).and_broadcast(&rv)?.fold(0, |acc, a, r| acc + a * r);
/// assert_eq!(s, 100 + 400 + 900 + 400 + 1000 + 1800);
/// // Producers of views: the sum of every 2x2 window.
/// let mut sums = [0; 2];
/// let mut o = StridedViewMut::new(&mut sums, Layout::contiguous([1, 2]))?;
/// Zip::from(&mut o).and(av.windows([2, 2])?)?.for_each(|o, w| *o = w.sum());
/// assert_eq!(sums, [1 + 2 + 4 + 5, 2 + 3 + 5 + 6]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct Zip<Parts, const N: usize> {
    parts: Parts,
    shape: [usize; N],
}

impl<Parts, const N: usize> Zip<Parts, N> {
    /// The common shape.
    ///
    /// ```
    /// use constrided::{Layout, StridedView, Zip};
    /// let x = [0; 6];
    /// assert_eq!(Zip::from(StridedView::new(&x, Layout::contiguous([3, 2]))?).shape(), [3, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn shape(&self) -> [usize; N] {
        self.shape
    }
}

// `from` is in an impl of its own, with its bound on the function's line
// (the one line rustc quotes when the bound fails).
impl<const N: usize> Zip<(), N> {
    /// A zip of one operand, which sets the shape.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut, Zip};
    /// let mut x = [1, 2, 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// Zip::from(&mut v).for_each(|e| *e *= 2);
    /// assert_eq!(x, [2, 4, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn from<P: Producer<N, Map = M, Extra = E>, M, E>(p: P) -> Zip<(Part<P, M, E>,), N> {
        let (shape, first) = first(p);
        Zip {
            shape,
            parts: (first,),
        }
    }
}

/// The operand tuples of a [`Zip`] that takes one more operand (1 to 5
/// operands): `Zip::and` and `Zip::and_broadcast` are written once over
/// them. Sealed (the crate's tuples of [`Part`]s only).
#[doc(hidden)]
pub trait Append: sealed_tuple::Sealed {
    /// How many operands the tuple holds.
    const LEN: usize;
    /// The tuple with `Q` after its operands.
    type With<Q>;
    /// `self` with `q` after its operands.
    fn with<Q>(self, q: Q) -> Self::With<Q>;
}

mod sealed_tuple {
    /// Seals [`Append`](super::Append).
    pub trait Sealed {}
}

macro_rules! append {
    ($K:literal; $($P:ident $M:ident $E:ident $v:ident),+) => {
        impl<$($P, $M, $E),+> sealed_tuple::Sealed for ($(Part<$P, $M, $E>,)+) {}
        impl<$($P, $M, $E),+> Append for ($(Part<$P, $M, $E>,)+) {
            const LEN: usize = $K;
            type With<Q> = ($(Part<$P, $M, $E>,)+ Q);
            #[inline(always)]
            fn with<Q>(self, q: Q) -> Self::With<Q> {
                let ($($v,)+) = self;
                ($($v,)+ q)
            }
        }
    };
}

append!(1; P1 M1 E1 v1);
append!(2; P1 M1 E1 v1, P2 M2 E2 v2);
append!(3; P1 M1 E1 v1, P2 M2 E2 v2, P3 M3 E3 v3);
append!(4; P1 M1 E1 v1, P2 M2 E2 v2, P3 M3 E3 v3, P4 M4 E4 v4);
append!(5; P1 M1 E1 v1, P2 M2 E2 v2, P3 M3 E3 v3, P4 M4 E4 v4, P5 M5 E5 v5);

// `and` and `and_broadcast`, written once over the operand tuple, with
// their bound on the function's line (the one line rustc quotes when it
// fails).
impl<Z: Append, const N: usize> Zip<Z, N> {
    /// Adds an operand of the same shape (`ShapeMismatch` otherwise).
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedView, Zip};
    /// let x = [0; 6];
    /// let a = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert!(matches!(Zip::from(a).and(a.t()), Err(LayoutError::ShapeMismatch { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn and<P: Producer<N>>(
        self,
        p: P,
    ) -> Result<Zip<Z::With<Part<P, P::Map, P::Extra>>, N>, LayoutError> {
        let last = part(p, &self.shape, Z::LEN + 1)?;
        Ok(Zip {
            parts: self.parts.with(last),
            shape: self.shape,
        })
    }

    /// Adds a shared operand broadcast to the zip's shape (NumPy rules,
    /// `NotBroadcastable` when it cannot be).
    ///
    /// ```
    /// use constrided::{Layout, StridedView, StridedViewMut, Zip};
    /// let mut m = [1, 2, 3, 4, 5, 6];
    /// let col = [10, 20];
    /// let mut v = StridedViewMut::new(&mut m, Layout::contiguous([2, 3]))?;
    /// let c = StridedView::new(&col, Layout::contiguous([2, 1]))?;
    /// Zip::from(&mut v).and_broadcast(c)?.for_each(|a, b| *a += b);
    /// assert_eq!(m, [11, 12, 13, 24, 25, 26]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn and_broadcast<P: Producer<R> + Shared, const R: usize>(
        self,
        p: P,
    ) -> Result<Zip<Z::With<Part<P, Layout<N>, P::Extra>>, N>, LayoutError> {
        let last = broadcast_part(p, self.shape)?;
        Ok(Zip {
            parts: self.parts.with(last),
            shape: self.shape,
        })
    }
}

/// The bound of `and` / `and_broadcast` on a [`Zip`] of six operands: a
/// zip takes at most six operands (as ndarray's), so no operand is a
/// seventh and the call is an error at the user's line saying so. Sealed;
/// implemented for the uninhabited `Infallible` only.
///
/// ```
/// use constrided::SeventhOperand;
/// fn seventh<P: SeventhOperand>() {}
/// seventh::<core::convert::Infallible>(); // the one impl: no value has the type
/// ```
///
/// ```compile_fail
/// use constrided::{Layout, StridedView, Zip};
/// let x = [1, 2, 3];
/// let a = StridedView::new(&x, Layout::contiguous([3]))?;
/// let z = Zip::from(a).and(a)?.and(a)?.and(a)?.and(a)?.and(a)?;
/// z.and(a); // a Zip takes at most 6 operands
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "a Zip takes at most 6 operands: `{Self}` would be the 7th",
    label = "a 7th operand",
    note = "zip at most six at a time: split the work into two zips, or collect an intermediate result"
)]
pub trait SeventhOperand: sealed_tuple::Sealed {
    /// Never called: the one implementor, `Infallible`, has no value.
    #[doc(hidden)]
    fn never<T>(self) -> T;
}

// The one type that implements it (so that rustc does not suggest adding
// an implementation) is uninhabited: no value reaches `and` below.
impl sealed_tuple::Sealed for core::convert::Infallible {}
#[diagnostic::do_not_recommend]
impl SeventhOperand for core::convert::Infallible {
    fn never<T>(self) -> T {
        match self {}
    }
}

// A seventh `and`: the methods exist on a zip of six operands so that the
// call is one E0277 naming the limit (not E0599 naming the operand tuple);
// the result type is left to inference, so the rest of the chain adds no
// second error.
impl<P1, M1, E1, P2, M2, E2, P3, M3, E3, P4, M4, E4, P5, M5, E5, P6, M6, E6, const N: usize>
    Zip<
        (
            Part<P1, M1, E1>,
            Part<P2, M2, E2>,
            Part<P3, M3, E3>,
            Part<P4, M4, E4>,
            Part<P5, M5, E5>,
            Part<P6, M6, E6>,
        ),
        N,
    >
{
    /// A zip takes at most six operands: `and` on six never compiles (see
    /// [`SeventhOperand`]).
    ///
    /// An inherent method: on a zip of six operands it is chosen before a
    /// method `and` of an extension trait the caller implements for that
    /// zip; such a method is called as `MyZipExt::and(zip, x)` there.
    ///
    /// ```
    /// use constrided::{Layout, StridedView, Zip};
    /// trait Count {
    ///     fn and(self, extra: usize) -> usize;
    /// }
    /// impl<Z> Count for Z {
    ///     fn and(self, extra: usize) -> usize {
    ///         extra + 1
    ///     }
    /// }
    /// let x = [1, 2, 3];
    /// let a = StridedView::new(&x, Layout::contiguous([3]))?;
    /// let z = Zip::from(a).and(a)?.and(a)?.and(a)?.and(a)?.and(a)?;
    /// assert_eq!(Count::and(z, 6), 7); // `z.and(6)` is the inherent `and`
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn and<P: SeventhOperand, Out>(self, p: P) -> Result<Out, LayoutError> {
        p.never()
    }

    /// A zip takes at most six operands: `and_broadcast` on six never
    /// compiles (see [`SeventhOperand`]).
    pub fn and_broadcast<P: SeventhOperand, Out>(self, p: P) -> Result<Out, LayoutError> {
        p.never()
    }
}

// The first operand, and its shape.
fn first<P: Producer<N>, const N: usize>(p: P) -> ([usize; N], Part<P, P::Map, P::Extra>) {
    let (ptr, map, extra) = p.into_raw();
    (map.shape(), Part::new(ptr, map, extra))
}

// The operand with 1-based number `k`, which must have the zip's shape.
fn part<P: Producer<N>, const N: usize>(
    p: P,
    shape: &[usize; N],
    k: usize,
) -> Result<Part<P, P::Map, P::Extra>, LayoutError> {
    let (ptr, map, extra) = p.into_raw();
    let found = map.shape();
    if &found != shape {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(shape),
            found: Dims::new(&found),
            arg: crate::ShapeArg::Operand(k),
        });
    }
    Ok(Part::new(ptr, map, extra))
}

fn broadcast_part<P: Producer<R> + Shared, const R: usize, const N: usize>(
    p: P,
    shape: [usize; N],
) -> Result<Part<P, Layout<N>, P::Extra>, LayoutError> {
    let (ptr, map, extra) = p.into_raw();
    // Broadcasting only repeats positions the producer's mapping reaches.
    let map = map.to_layout().broadcast_to(shape)?;
    Ok(Part::new(ptr, map, extra))
}

/// A [`Zip`] whose closure gets the index `[usize; N]` first, from
/// [`Zip::indexed`].
///
/// ```
/// use constrided::{Layout, StridedView, Zip};
/// let a = [1, 2, 3, 4, 5, 6];
/// let v = StridedView::new(&a, Layout::contiguous([2, 3]))?;
/// let n = Zip::from(v).indexed().fold(0, |n, [i, j], &e| n + usize::from(e == 3 * i + j + 1));
/// assert_eq!(n, 6);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct Indexed<Parts, const N: usize> {
    zip: Zip<Parts, N>,
}

// ---------------------------------------------------------------------
// The engine, written once over a tuple of operands.

/// The items of a tuple of operands for one call: `(item, item, ..)`,
/// each living for `'x`.
pub(crate) trait LendAll<'x, Bound = &'x Self> {
    type Items;
}

/// A tuple of operands (`Part`s) of rank `N`, `K` of them (ndarray's
/// `ZippableTuple`): what the engine needs to walk them and make their
/// items.
pub(crate) trait Operands<const N: usize, const K: usize>: for<'x> LendAll<'x> {
    /// Every mapping is static (a constant loop nest serves).
    const STATIC: bool;
    /// The widest element, for the tile edge.
    const ELEM_MAX: usize;
    /// The most elements an item reaches ([`Yield::ITEM_LEN`]).
    #[cfg(feature = "rayon")]
    const ITEM_MAX: usize;
    /// Element sizes.
    const SIZES: [usize; K];
    /// Which operands' items are their elements (their lines are hinted).
    const ELEMENT: [bool; K];
    /// Which operands may be staged (read-only elements of a plain type
    /// of 1, 2, 4 or 8 bytes).
    fn stageable() -> [bool; K];
    /// The position mappings as layouts.
    fn layouts(&self) -> [Layout<N>; K];
    /// The buffers.
    fn ptrs(&self) -> [*mut u8; K];
    /// The shape, from the first mapping (a constant for static ones).
    fn map_shape(&self) -> [usize; N];
    /// The items at positions `pos` (operand `k` from `ptrs[k]`).
    ///
    /// # Safety
    /// For every `k`, `pos[k]` is a position of operand `k`'s mapping and
    /// `ptrs[k]` its buffer, with [`Yield::item`]'s contract for `'x`; or,
    /// for a stageable operand, `ptrs[k] + pos[k]` is an element of equal
    /// value, valid and unwritten for `'x`.
    unsafe fn items<'x>(
        &self,
        ptrs: &[*mut u8; K],
        pos: [isize; K],
    ) -> <Self as LendAll<'x>>::Items;
    /// The items at index `i` of static mappings.
    ///
    /// # Safety
    /// `i` is in range; `ptrs` are the buffers; [`Yield::item`]'s contract
    /// for `'x`.
    unsafe fn static_items<'x>(
        &self,
        ptrs: &[*mut u8; K],
        i: [usize; N],
    ) -> <Self as LendAll<'x>>::Items;
    /// Whether every mapping's last stride is 1 (rank 1 or more): the
    /// static nest may then walk rows as runs (a constant for static
    /// mappings whose last stride is).
    fn unit_rows(&self) -> bool;
    /// Folds `g` over the items of every index of static mappings of
    /// shape `shape`, row by row: each row of every operand one run
    /// ([`Yield::run`], a slice for elements).
    ///
    /// # Safety
    /// `unit_rows()`; `ptrs` are the buffers; [`Yield::run`]'s contract for
    /// every row of every operand (the rows of the shape's indices).
    unsafe fn static_rows<B>(
        &self,
        ptrs: &[*mut u8; K],
        shape: [usize; N],
        init: B,
        g: &mut impl for<'x> FnMut(B, <Self as LendAll<'x>>::Items) -> B,
    ) -> B;
}

// The element sizes a zip's planned walk may stage (zip_stage compiles the
// staging of those sizes only).
struct ZipMask<Z, const N: usize, const K: usize>(PhantomData<Z>);

impl<Z: Operands<N, K>, const N: usize, const K: usize> zip_stage::StageMask for ZipMask<Z, N, K> {
    const MASK: u8 = zip_stage::stage_mask(&Z::SIZES);
}

// A row piece of a staged operand in the static nest: 64 bytes, aligned
// for every plain element (at most 16 bytes).
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Stage([MaybeUninit<u8>; 64]);

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

macro_rules! operands {
    ($K:literal; $($P:ident $M:ident $i:tt $v:ident),+) => {
        impl<'x, $($P: Yield, $M),+> LendAll<'x> for ($(Part<$P, $M, $P::Extra>,)+) {
            type Items = ($(<$P as Lend<'x>>::Item,)+);
        }
        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Operands<N, $K> for ($(Part<$P, $M, $P::Extra>,)+) {
            const STATIC: bool = true $(&& $M::STATIC)+;
            const ELEM_MAX: usize = {
                let mut m = 0;
                $(m = max(m, size_of::<$P::Elem>());)+
                m
            };
            #[cfg(feature = "rayon")]
            const ITEM_MAX: usize = {
                let mut m = 1;
                $(m = max(m, $P::ITEM_LEN);)+
                m
            };
            const SIZES: [usize; $K] = [$(size_of::<$P::Elem>()),+];
            const ELEMENT: [bool; $K] = [$($P::ELEMENT),+];
            #[inline(always)]
            fn stageable() -> [bool; $K] {
                [$($P::SHARED_ELEMENT && zip_stage::stage_size::<$P::Elem>() != 0),+]
            }
            #[inline(always)]
            fn layouts(&self) -> [Layout<N>; $K] {
                [$(self.$i.map.to_layout()),+]
            }
            #[inline(always)]
            fn ptrs(&self) -> [*mut u8; $K] {
                [$(self.$i.ptr),+]
            }
            #[inline(always)]
            fn map_shape(&self) -> [usize; N] {
                self.0.map.shape()
            }
            #[inline(always)]
            unsafe fn items<'x>(&self, ptrs: &[*mut u8; $K], pos: [isize; $K]) -> ($(<$P as Lend<'x>>::Item,)+) {
                // SAFETY: forwarded from the caller, per operand.
                unsafe { ($($P::item(ptrs[$i].cast(), &self.$i.extra, pos[$i]),)+) }
            }
            #[inline(always)]
            unsafe fn static_items<'x>(&self, ptrs: &[*mut u8; $K], i: [usize; N]) -> ($(<$P as Lend<'x>>::Item,)+) {
                // SAFETY: an in-range index of a valid mapping gives one of
                // its positions (below the buffer's length, so it fits
                // isize); the rest is forwarded from the caller.
                unsafe {
                    ($($P::item(ptrs[$i].cast(), &self.$i.extra, self.$i.map.offset_of_unchecked(i) as isize),)+)
                }
            }
            #[inline(always)]
            fn unit_rows(&self) -> bool {
                true $(&& matches!(self.$i.map.strides().last(), Some(&1)))+
            }
            #[inline(always)]
            unsafe fn static_rows<B>(
                &self,
                ptrs: &[*mut u8; $K],
                shape: [usize; N],
                init: B,
                g: &mut impl for<'x> FnMut(B, ($(<$P as Lend<'x>>::Item,)+)) -> B,
            ) -> B {
                // One row: each operand's run a separate argument, so that
                // slices of elements reach the compiler as distinct
                // `noalias` references (as a hand-written loop's do).
                #[inline(always)]
                #[allow(clippy::too_many_arguments)]
                unsafe fn row<'r, B, $($P: Yield + 'r),+>(
                    mut acc: B,
                    n: usize,
                    g: &mut impl for<'x> FnMut(B, ($(<$P as Lend<'x>>::Item,)+)) -> B,
                    $(mut $v: $P::Run<'r>,)+
                ) -> B {
                    for j in 0..n {
                        // SAFETY: j < n, each j once (caller's runs).
                        acc = g(acc, ($(unsafe { $P::run_item(&mut $v, j) },)+));
                    }
                    acc
                }
                let last = N - 1;
                let n = shape[last];
                let mut outer = shape;
                outer[last] = 1;
                // Stageable operands (read-only plain elements) are copied
                // row piece by row piece (64 bytes) to local buffers, which
                // the compiler knows apart from the other operands (slices
                // made from raw pointers inside inlined code lose their
                // `noalias`), so the row's loop vectorizes as a
                // hand-written slice loop does.
                let stage = Self::stageable();
                let mut per = n.max(1);
                for k in 0..$K {
                    if stage[k] {
                        per = per.min(64 / Self::SIZES[k]);
                    }
                }
                engine::static_fold(outer, init, |mut acc, i| {
                    let pos: [isize; $K] = [$(self.$i.map.offset_of_unchecked(i) as isize),+];
                    let mut at = 0;
                    while at < n {
                        let m = per.min(n - at);
                        let mut bufs = [Stage([MaybeUninit::uninit(); 64]); $K];
                        let mut p = *ptrs;
                        let mut q: [isize; $K] = crate::array_from(|k| pos[k] + at as isize);
                        for k in 0..$K {
                            if stage[k] {
                                let b = bufs[k].0.as_mut_ptr().cast::<u8>();
                                let size = Self::SIZES[k];
                                // SAFETY: the m elements at q[k] are a
                                // row piece of operand k (see below),
                                // read only; the buffer holds 64 >= m·size
                                // bytes (per), aligned to 16, which a
                                // plain element's alignment divides.
                                unsafe {
                                    core::ptr::copy_nonoverlapping(
                                        ptrs[k].offset(q[k] * size as isize),
                                        b,
                                        m * size,
                                    )
                                };
                                p[k] = b;
                                q[k] = 0;
                            }
                        }
                        // SAFETY: with last stride 1 (unit_rows), the row
                        // of outer index i is the n positions offset(i) + j
                        // of in-range indices (i.., j), each in one row
                        // only, of every operand's mapping: the caller's
                        // contract; a staged operand's run is instead the
                        // bitwise copy of its m elements (plain, read
                        // only, so of equal value), in `bufs`, which
                        // nothing writes while the run lives.
                        acc = unsafe {
                            row::<B, $($P),+>(acc, m, g, $($P::run(
                                p[$i].cast(),
                                &self.$i.extra,
                                q[$i],
                                m,
                            )),+)
                        };
                        at += m;
                    }
                    acc
                })
            }
        }
    };
}

operands!(1; P1 M1 0 v0);
operands!(2; P1 M1 0 v0, P2 M2 1 v1);
operands!(3; P1 M1 0 v0, P2 M2 1 v1, P3 M3 2 v2);
operands!(4; P1 M1 0 v0, P2 M2 1 v1, P3 M3 2 v2, P4 M4 3 v3);
operands!(5; P1 M1 0 v0, P2 M2 1 v1, P3 M3 2 v2, P4 M4 3 v3, P5 M5 4 v4);
operands!(6; P1 M1 0 v0, P2 M2 1 v1, P3 M3 2 v2, P4 M4 3 v3, P5 M5 4 v4, P6 M6 5 v5);
// (Six operands and the output of map_collect or the index of indexed.)
operands!(7; P1 M1 0 v0, P2 M2 1 v1, P3 M3 2 v2, P4 M4 3 v3, P5 M5 4 v4, P6 M6 5 v5, P7 M7 6 v6);

// The element loop of a run: operand k at positions q[k] + j·c[k], j < n,
// from ptrs[k] (contiguous runs count one index for all).
//
// SAFETY (for callers): as `Zip::run`'s, with any staged buffer in `ptrs`.
#[inline(always)]
unsafe fn run_items<Z: Operands<N, K>, B, const N: usize, const K: usize>(
    parts: &Z,
    ptrs: [*mut u8; K],
    mut acc: B,
    g: &mut impl for<'x> FnMut(B, <Z as LendAll<'x>>::Items) -> B,
    q: [isize; K],
    n: usize,
    c: [isize; K],
) -> B {
    // SAFETY: forwarded from the caller.
    unsafe {
        if c == [1; K] {
            for j in 0..n as isize {
                acc = g(acc, parts.items(&ptrs, crate::array_from(|k| q[k] + j)));
            }
        } else {
            for j in 0..n as isize {
                acc = g(
                    acc,
                    parts.items(&ptrs, crate::array_from(|k| q[k] + j * c[k])),
                );
            }
        }
    }
    acc
}

// A value that may cross threads: the parts of a zip whose producers are
// Send, and their buffers.
#[cfg(feature = "rayon")]
struct AssertSync<T>(T);
// SAFETY: only built from parts whose producers are all Send (checked by
// par_for_each's bounds); the tasks touch disjoint elements of mutable
// producers and only read shared ones (whose Send-ness means T: Sync).
#[cfg(feature = "rayon")]
unsafe impl<T> Sync for AssertSync<T> {}

#[cfg(feature = "rayon")]
const PAR_MIN: usize = 1 << 15;

// Why the engine's items are sound (the one SAFETY argument every call of
// `Operands::items` below rests on):
// - positions: the walk (`zip_stage::walk` / `run_plan`, or the static
//   nest) visits every index of the shape exactly once, and hands each
//   operand the positions of its own mapping at that index (plans and
//   parts of plans only reorder and split indices); the mappings are the
//   producers' (valid layouts of their buffers, checked when the views
//   were made) or broadcasts of shared ones;
// - exclusivity: mutable producers' mappings are unique, so an index
//   visited once makes each `&mut` item (or mutable sub-view) once, and no
//   other producer reaches its elements (see the module docs); shared
//   producers are only read;
// - staging: a staged operand is read-only (`SHARED_ELEMENT`) and plain;
//   its items point into the staging buffer, holding copies of the
//   elements at those positions, written before and unchanged during the
//   run;
// - lifetime: items are handed to a closure that is higher-ranked over
//   their lifetime `'x`, so none outlives the call (the staging buffer and
//   the producers' borrows outlive every call).
impl<Z, const N: usize> Zip<Z, N> {
    // The engine: folds `g` over the items of every index, in an
    // unspecified order. Static zips run a constant loop nest (inlined);
    // the others the planned walk (out of line).
    #[inline(always)]
    fn fold_core<const K: usize, B>(
        &self,
        init: B,
        mut g: impl for<'x> FnMut(B, <Z as LendAll<'x>>::Items) -> B,
    ) -> B
    where
        Z: Operands<N, K>,
    {
        if Z::STATIC {
            let ptrs = self.parts.ptrs();
            // The mappings' shapes are constants (and equal to the zip's):
            // use the first one's.
            let shape = self.parts.map_shape();
            if N >= 1 && self.parts.unit_rows() {
                // SAFETY: see above; a row of the nest (last stride 1 for
                // every operand) is a run of distinct positions of each
                // mapping, every index in one row, visited once; mutable
                // operands' rows reach elements no other operand does.
                let acc = unsafe { self.parts.static_rows(&ptrs, shape, init, &mut g) };
                // `g` drops while `acc` is a local (should its drop panic,
                // `acc` is dropped: rust-lang/rust#47949), as in the
                // planned walk, which drops `g` at the end of the walk.
                drop(g);
                return acc;
            }
            // SAFETY: see above (the nest visits every in-range index once).
            let acc = engine::static_fold(shape, init, |acc, i| unsafe {
                g(acc, self.parts.static_items(&ptrs, i))
            });
            drop(g);
            return acc;
        }
        self.fold_planned(init, g)
    }

    // `g` comes by value and moves into the run closure (with copies of
    // the buffers): the user's closure and what it captures are then
    // fields of a local the compiler may keep in registers across an
    // opaque call in `g` (behind `&mut` layers they were reloaded per
    // element).
    #[inline(never)]
    fn fold_planned<const K: usize, B>(
        &self,
        init: B,
        mut g: impl for<'x> FnMut(B, <Z as LendAll<'x>>::Items) -> B,
    ) -> B
    where
        Z: Operands<N, K>,
    {
        let layouts = self.parts.layouts();
        let strides = layouts.map(|l| l.strides());
        let offsets = layouts.map(|l| l.offset());
        let ptrs = self.parts.ptrs();
        let tile = engine::tile_edge(Z::ELEM_MAX);
        // The accumulator moves through the runs; if `g` panics it is
        // dropped with the unwinding state.
        let mut acc = Some(init);
        let acc_at = &mut acc;
        let parts = &self.parts;
        if let Some(count) = engine::small_numel(&self.shape) {
            // Small views (a 3x3 window): the direct walk (as the walk's
            // own), each row's loop inline, without `run`'s call for long
            // rows. `g` moves into the row closure, which drops while
            // `acc` is a local (as in the planned walk; should its drop
            // panic, `acc` is dropped: rust-lang/rust#47949).
            let row = move |q: [isize; K], n: usize, c: [isize; K]| {
                let Some(a) = acc_at.take() else { return };
                // SAFETY: see above (the direct walk visits every index
                // once, at each operand's positions).
                *acc_at = Some(unsafe { run_items(parts, ptrs, a, &mut g, q, n, c) });
            };
            if count > 0 {
                engine::small_runs(
                    &self.shape,
                    strides.each_ref().map(|s| &s[..]),
                    offsets.map(|o| o as isize),
                    row,
                );
            } else {
                drop(row);
            }
            return match acc {
                Some(a) => a,
                None => unreachable!("the accumulator is put back after every run"),
            };
        }
        // SAFETY: the buffers and mappings are the producers'; stageable
        // operands are read-only and plain (see above).
        unsafe {
            zip_stage::walk::<ZipMask<Z, N, K>, K>(
                &self.shape,
                strides.each_ref().map(|s| &s[..]),
                offsets,
                tile,
                ptrs.map(|p| p.cast_const()),
                Z::SIZES,
                Z::stageable(),
                |q, n, c| Self::hint(&ptrs, q, n, c),
                move |q, n, c, staged| {
                    let Some(a) = acc_at.take() else { return };
                    // SAFETY: see above.
                    *acc_at = Some(Self::run(parts, ptrs, staged, a, &mut g, q, n, c));
                },
            )
        };
        match acc {
            Some(a) => a,
            None => unreachable!("the accumulator is put back after every run"),
        }
    }

    // Hints the lines of a run visited soon, in the operands that walk it
    // contiguously (hints access nothing).
    #[inline(always)]
    fn hint<const K: usize>(ptrs: &[*mut u8; K], q: [isize; K], n: usize, c: [isize; K])
    where
        Z: Operands<N, K>,
    {
        for k in 0..K {
            if Z::ELEMENT[k] && c[k] == 1 {
                let size = Z::SIZES[k];
                let p = ptrs[k].wrapping_offset(q[k].wrapping_mul(size as isize));
                engine::prefetch_run(p.cast_const(), n.saturating_mul(size));
            }
        }
    }

    // One inner run: operand k at positions q[k] + j·c[k], j < n (operand
    // `s` of `staged` in the staging buffer).
    //
    // SAFETY (for callers): the run's positions are those of the walk of
    // the operands' mappings (see above).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn run<const K: usize, B>(
        parts: &Z,
        mut ptrs: [*mut u8; K],
        staged: Staged,
        acc: B,
        g: &mut impl for<'x> FnMut(B, <Z as LendAll<'x>>::Items) -> B,
        q: [isize; K],
        n: usize,
        c: [isize; K],
    ) -> B
    where
        Z: Operands<N, K>,
    {
        if let Some((s, buf)) = staged {
            ptrs[s] = buf;
        }
        if c != [1; K] {
            // A run of a tile: hint the lines just past it in the
            // operands that walk it contiguously (the next tile of this
            // row, visited after the tile's other rows: too many rows
            // for the hardware prefetchers to follow).
            for k in 0..K {
                if Z::ELEMENT[k] && c[k] == 1 && staged.is_none_or(|(s, _)| s != k) {
                    let size = Z::SIZES[k] as isize;
                    let at = q[k].wrapping_add(n as isize).wrapping_mul(size);
                    engine::prefetch(ptrs[k].wrapping_offset(at).cast_const());
                }
            }
        }
        // Long runs compiled with AVX2 where the CPU has it (as
        // zip_with's): `g`, inlined there, runs with wider vectors and
        // SSE4.1's rounding (`f32::round` without a libm call). The
        // buffers are moved in by value (borrowed, they were reloaded per
        // element and the loop did not vectorize).
        engine::long_run(
            n,
            #[inline(always)]
            // SAFETY: forwarded from the caller.
            move || unsafe { run_items(parts, ptrs, acc, g, q, n, c) },
        )
    }

    // `g` on the items of every index; if `g` panics, `undo` is called on
    // the items of the indices `g` completed (the walk is deterministic:
    // the first ones it visits), e.g. to drop what `g` wrote.
    #[cfg(feature = "alloc")]
    fn collect_core<const K: usize, D>(
        &self,
        g: &mut impl for<'x> FnMut(<Z as LendAll<'x>>::Items),
        undo: &mut D,
    ) where
        Z: Operands<N, K>,
        D: for<'x> FnMut(<Z as LendAll<'x>>::Items),
    {
        struct Unwind<'z, Z: Operands<N, K>, D, const N: usize, const K: usize>
        where
            D: for<'x> FnMut(<Z as LendAll<'x>>::Items),
        {
            zip: &'z Zip<Z, N>,
            undo: &'z mut D,
            done: usize,
        }
        impl<Z: Operands<N, K>, D, const N: usize, const K: usize> Drop for Unwind<'_, Z, D, N, K>
        where
            D: for<'x> FnMut(<Z as LendAll<'x>>::Items),
        {
            fn drop(&mut self) {
                let undo = &mut *self.undo;
                self.zip.fold_core::<K, usize>(self.done, |left, items| {
                    if left > 0 {
                        undo(items);
                    }
                    left.saturating_sub(1)
                });
            }
        }
        let mut guard = Unwind {
            zip: self,
            undo,
            done: 0,
        };
        self.fold_core::<K, ()>((), |(), items| {
            g(items);
            guard.done += 1;
        });
        core::mem::forget(guard);
    }

    // `g` on the items of every index, on rayon's pool, over disjoint
    // parts of the plan (each runs the sequential walk, staged too).
    #[cfg(feature = "rayon")]
    fn par_core<const K: usize>(&self, g: &(impl for<'x> Fn(<Z as LendAll<'x>>::Items) + Sync))
    where
        Z: Operands<N, K>,
    {
        let layouts = self.parts.layouts();
        let strides = layouts.map(|l| l.strides());
        let offsets = layouts.map(|l| l.offset());
        let Some(plan) = Plan::<K>::new(
            &self.shape,
            strides.each_ref().map(|s| &s[..]),
            offsets,
            Order::Free,
        ) else {
            return;
        };
        let tile = engine::tile_edge(Z::ELEM_MAX);
        let shared = AssertSync((&self.parts, self.parts.ptrs()));
        // About eight parts per thread (work to steal), none under
        // PAR_MIN elements (positions weighed by the elements of their
        // items: a static tile's): each part costs a plan and a join.
        let min = (PAR_MIN / Z::ITEM_MAX)
            .max(1)
            .max(plan.numel() / (8 * rayon::current_num_threads().max(1)));
        engine::par_split(plan, min, &|part: &Plan<K>| {
            // (The whole wrapper is captured, not its fields.)
            let shared = &shared;
            let (parts, ptrs) = shared.0;
            // SAFETY: each part is a disjoint slab of the plan, so the
            // tasks touch disjoint elements of every mutable (unique)
            // producer; shared ones are only read (see above).
            unsafe {
                zip_stage::run_plan::<ZipMask<Z, N, K>, K>(
                    part,
                    tile,
                    ptrs.map(|p| p.cast_const()),
                    Z::SIZES,
                    Z::stageable(),
                    |q, n, c| Self::hint(&ptrs, q, n, c),
                    |q, n, c, staged| {
                        Self::run(parts, ptrs, staged, (), &mut |(), items| g(items), q, n, c)
                    },
                )
            }
        });
    }
}

// The public methods of one arity: `and` / `and_broadcast`, and the
// closure adapters over the engine.
macro_rules! zip_arity {
    ($K:literal; $($P:ident $M:ident $v:ident),+) => {
        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Zip<($(Part<$P, $M, $P::Extra>,)+), N> {
            /// Calls `f` with one item of every operand, for every index, in
            /// an **unspecified order**. The items live for the call only.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, StridedViewMut, Zip};
            /// let a = [1, 2, 3, 4];
            /// let mut out = [0; 4];
            /// let av = StridedView::new(&a, Layout::contiguous([2, 2]))?.t();
            /// let mut o = StridedViewMut::new(&mut out, Layout::contiguous([2, 2]))?;
            /// Zip::from(&mut o).and(&av)?.for_each(|o, a| *o = 2 * a);
            /// assert_eq!(out, [2, 6, 4, 8]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn for_each(self, mut f: impl for<'x> FnMut($(<$P as Lend<'x>>::Item),+)) {
                self.fold_core::<$K, ()>((), move |(), ($($v,)+)| f($($v),+))
            }

            /// Folds over every index, in an **unspecified order**.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [1, 2, 3];
            /// let b = [4, 5, 6];
            /// let av = StridedView::new(&a, Layout::contiguous([3]))?;
            /// let bv = StridedView::new(&b, Layout::contiguous([3]))?;
            /// assert_eq!(Zip::from(av).and(bv)?.fold(0, |s, a, b| s + a * b), 32);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn fold<B>(self, init: B, mut f: impl for<'x> FnMut(B, $(<$P as Lend<'x>>::Item),+) -> B) -> B {
                self.fold_core::<$K, B>(init, move |acc, ($($v,)+)| f(acc, $($v),+))
            }

            /// A new row-major array of `f(items)` for every index (ndarray's
            /// `map_collect`); `f` is called in an **unspecified order**, the
            /// result is in logical order. The output is one more operand of
            /// the element-wise engine: no second pass. If `f` panics, the
            /// elements made so far are dropped.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [1, 2, 3, 4, 5, 6];
            /// let b = [10, 20, 30];
            /// let av = StridedView::new(&a, Layout::contiguous([3, 2]))?.t();
            /// let bv = StridedView::new(&b, Layout::contiguous([3]))?;
            /// let c = Zip::from(av).and(bv.broadcast_to([2, 3])?)?.map_collect(|x, y| x * y);
            /// assert_eq!(c.shape(), [2, 3]);
            /// assert_eq!(c.into_vec(), [10, 60, 150, 20, 80, 180]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[cfg(feature = "alloc")]
            #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
            pub fn map_collect<U>(self, mut f: impl for<'x> FnMut($(<$P as Lend<'x>>::Item),+) -> U) -> crate::StridedArray<U, N> {
                let shape = self.shape;
                let ol = Layout::contiguous(shape);
                let n = ol.numel();
                let mut data = alloc::vec::Vec::<U>::with_capacity(n);
                let ($($v,)+) = self.parts;
                let out = Part::<Out<U>, Layout<N>, ()>::new(data.as_mut_ptr().cast(), ol, ());
                let zip = Zip { parts: ($($v,)+ out), shape };
                zip.collect_core::<{ $K + 1 }, _>(
                    &mut |($($v,)+ o)| {
                        o.write(f($($v),+));
                    },
                    // Called only on the slots the closure above wrote,
                    // each once (collect_core), when `f` panics.
                    &mut |($($v,)+ o)| {
                        let _ = ($($v,)+);
                        // SAFETY: the slot was written (see above) and is
                        // dropped once; the buffer is then freed unread.
                        unsafe { o.assume_init_drop() }
                    },
                );
                // SAFETY: every one of the n row-major slots was written
                // (the walk covers each index exactly once); n == 0 when
                // the shape is empty.
                unsafe { data.set_len(n) };
                let array = crate::StridedArray { data, layout: ol };
                // `f` drops while the array is still a local: were its
                // drop to panic after the return value is made, the
                // elements would leak (rust-lang/rust#47949).
                drop(f);
                array
            }

            /// Whether `f` is true for every index (true when empty); `f` is
            /// called in an unspecified order, and not again after it
            /// returned false.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [1, 2, 3, 4];
            /// let v = StridedView::new(&a, Layout::contiguous([2, 2]))?;
            /// assert!(Zip::from(v).and(v.t())?.all(|x, y| x + y < 10));
            /// assert!(!Zip::from(v).all(|&x| x < 4));
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn all(self, mut f: impl for<'x> FnMut($(<$P as Lend<'x>>::Item),+) -> bool) -> bool {
                self.fold_core::<$K, bool>(true, move |acc, ($($v,)+)| acc && f($($v),+))
            }

            /// Whether `f` is true for some index (false when empty); `f` is
            /// called in an unspecified order, and not again after it
            /// returned true.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [1, 2, 3, 4];
            /// let v = StridedView::new(&a, Layout::contiguous([2, 2]))?;
            /// assert!(Zip::from(v).and(v.t())?.any(|x, y| x != y));
            /// assert!(!Zip::from(v).any(|&x| x > 4));
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn any(self, mut f: impl for<'x> FnMut($(<$P as Lend<'x>>::Item),+) -> bool) -> bool {
                self.fold_core::<$K, bool>(false, move |acc, ($($v,)+)| acc || f($($v),+))
            }

            /// The same zip with the index `[usize; N]` handed to the
            /// closure first (ndarray's `Zip::indexed`); the order stays
            /// unspecified.
            ///
            /// ```
            /// use constrided::{Layout, StridedViewMut, Zip};
            /// let mut x = [0; 6];
            /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3, 2]))?.t();
            /// Zip::from(&mut v).indexed().for_each(|[i, j], e| *e = 10 * i + j);
            /// assert_eq!(x, [0, 10, 1, 11, 2, 12]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn indexed(self) -> Indexed<($(Part<$P, $M, $P::Extra>,)+), N> {
                Indexed { zip: self }
            }

            /// [`for_each`](Self::for_each) on rayon's thread pool, over
            /// disjoint parts of the operands (each part runs the same
            /// sequential engine).
            ///
            /// ```
            /// use constrided::{Layout, StridedView, StridedViewMut, Zip};
            /// let a: Vec<u32> = (0..512 * 512).collect();
            /// let mut out = vec![0u32; 512 * 512];
            /// let av = StridedView::new(&a, Layout::contiguous([512, 512]))?.t();
            /// let mut o = StridedViewMut::new(&mut out, Layout::contiguous([512, 512]))?;
            /// Zip::from(&mut o).and(&av)?.par_for_each(|o, a| *o = *a + 1);
            /// assert_eq!(out[1], 513);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[cfg(feature = "rayon")]
            #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
            pub fn par_for_each(self, f: impl for<'x> Fn($(<$P as Lend<'x>>::Item),+) + Sync)
            where
                $(Part<$P, $M, $P::Extra>: Send,)+
            {
                self.par_core::<$K>(&|($($v,)+)| f($($v),+))
            }
        }

        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Indexed<($(Part<$P, $M, $P::Extra>,)+), N> {
            // The zip with a last operand whose positions are the row-major
            // linear indices and whose items are the decoded indices.
            #[inline(always)]
            fn with_index(self) -> Zip<($(Part<$P, $M, $P::Extra>,)+ Part<Index<N>, Layout<N>, [usize; N]>), N> {
                let shape = self.zip.shape;
                let Ok(il) = Layout::try_contiguous(shape) else {
                    // More indices than fit usize: only a broadcast can be
                    // that large, and it cannot be visited in any lifetime.
                    panic!("Zip::indexed: the element count of shape {} does not fit usize", Dims::new(&shape));
                };
                let ($($v,)+) = self.zip.parts;
                let index = Part::new(core::ptr::NonNull::<()>::dangling().as_ptr(), il, shape);
                Zip { parts: ($($v,)+ index), shape }
            }

            /// Calls `f(index, items..)` for every index, in an
            /// **unspecified order**.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [5, 6, 7];
            /// let mut seen = Vec::new();
            /// Zip::from(StridedView::new(&a, Layout::contiguous([3]))?.flip(0)?)
            ///     .indexed()
            ///     .for_each(|[i], &e| seen.push((i, e)));
            /// seen.sort();
            /// assert_eq!(seen, [(0, 7), (1, 6), (2, 5)]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn for_each(self, mut f: impl for<'x> FnMut([usize; N], $(<$P as Lend<'x>>::Item),+)) {
                self.with_index().fold_core::<{ $K + 1 }, ()>((), move |(), ($($v,)+ i)| f(i, $($v),+))
            }

            /// Folds `f(acc, index, items..)` over every index, in an
            /// **unspecified order**.
            ///
            /// ```
            /// use constrided::{Layout, StridedView, Zip};
            /// let a = [1, 2, 3, 4];
            /// let v = StridedView::new(&a, Layout::contiguous([2, 2]))?;
            /// // The trace: the sum over i == j.
            /// let tr = Zip::from(v).indexed().fold(0, |s, [i, j], &e| if i == j { s + e } else { s });
            /// assert_eq!(tr, 5);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn fold<B>(self, init: B, mut f: impl for<'x> FnMut(B, [usize; N], $(<$P as Lend<'x>>::Item),+) -> B) -> B {
                self.with_index().fold_core::<{ $K + 1 }, B>(init, move |acc, ($($v,)+ i)| f(acc, i, $($v),+))
            }
        }
    };
}

zip_arity!(1; P1 M1 v1);
zip_arity!(2; P1 M1 v1, P2 M2 v2);
zip_arity!(3; P1 M1 v1, P2 M2 v2, P3 M3 v3);
zip_arity!(4; P1 M1 v1, P2 M2 v2, P3 M3 v3, P4 M4 v4);
zip_arity!(5; P1 M1 v1, P2 M2 v2, P3 M3 v3, P4 M4 v4, P5 M5 v5);
zip_arity!(6; P1 M1 v1, P2 M2 v2, P3 M3 v3, P4 M4 v4, P5 M5 v5, P6 M6 v6);
