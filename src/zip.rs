//! [`Zip`]: lock-step iteration over up to 6 operands of one shape, in an
//! unspecified, memory-friendly order (the element-wise engine's plan:
//! axes dropped, flipped, ordered by the first operand's strides,
//! coalesced, and tiled for the cache when an operand is transposed).
//!
//! Producers: `&mut StridedViewMut` and `StridedViewMut` (yield `&mut T`),
//! `&StridedView`, `StridedView` and `&StridedViewMut` (yield `&T`),
//! `&mut StridedArray` / `&StridedArray`, over any mapping, static views
//! included (a zip of static views runs plain nested loops over the
//! constant shape).
//!
//! Why a `&mut` producer never overlaps another producer: a mutable
//! producer is, or borrows, a `StridedViewMut`, which holds an exclusive
//! borrow of every element its (unique) layout reaches; every other
//! producer holds a borrow (shared or exclusive) of its own elements. The
//! borrow checker refuses a second borrow of elements exclusively
//! borrowed, so while the zip lives no other producer can reach them (the
//! halves of `split_at` reach disjoint elements). Only `unsafe` raw-part
//! constructors could break this, and their contract forbids it.

use core::marker::PhantomData;
use core::mem::size_of;

use crate::error::{Dims, LayoutError};
use crate::kernel::engine::{self, for_each_run};
use crate::kernel::{Order, Plan};
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};

mod sealed {
    pub trait Sealed {}
}

/// What a [`Zip`] operand yields per element (`&mut T` or `&T`); implemented
/// by the crate's producers only.
///
/// ```
/// use constrided::{Layout, StridedView, Yield};
/// fn item_of<P: Yield>(_: &P) -> &'static str { core::any::type_name::<P::Item>() }
/// let x = [1u8, 2];
/// let v = StridedView::new(&x, Layout::contiguous([2]))?;
/// assert_eq!(item_of(&v), "&u8");
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Zip operand",
    label = "not a view or array",
    note = "Zip's operands are `StridedView`, `StridedViewMut`, `&StridedArray` and `&mut StridedArray`"
)]
pub trait Yield: sealed::Sealed {
    /// The item handed to the closure: `&mut T` or `&T`.
    type Item;
    #[doc(hidden)]
    type Elem;
    #[doc(hidden)]
    /// # Safety
    /// `ptr.offset(pos)` is an element of the producer's buffer that the
    /// producer may access as `Item` for the item's lifetime, and no other
    /// live item refers to it when `Item` is `&mut`.
    unsafe fn item(ptr: *mut Self::Elem, pos: isize) -> Self::Item;
    #[doc(hidden)]
    /// The whole buffer as a slice (`&mut [Elem]` or `&[Elem]`), so that
    /// static loops tell the compiler that operands do not alias.
    type Region<'s>
    where
        Self::Elem: 's;
    #[doc(hidden)]
    /// # Safety
    /// `ptr..ptr + len` may be accessed as the producer's item kind, by
    /// nobody else, for `'s`.
    unsafe fn region<'s>(ptr: *mut Self::Elem, len: usize) -> Self::Region<'s>;
    #[doc(hidden)]
    /// The region's base pointer, taken once per loop: items are derived
    /// from it with [`Yield::item`], never from a fresh reborrow of the
    /// whole region per item (which would invalidate the items handed out
    /// before, that the closure may keep).
    fn region_ptr(region: &mut Self::Region<'_>) -> *mut Self::Elem;
}

/// A [`Zip`] operand of rank `N`: a view or an array, by reference or by value.
///
/// ```
/// use constrided::{Layout, Producer, StridedView};
/// fn shape_of<P: Producer<2>>(p: P) -> [usize; 2] { constrided::Zip::from(p).shape() }
/// let x = [0; 6];
/// assert_eq!(shape_of(StridedView::new(&x, Layout::contiguous([2, 3]))?), [2, 3]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Zip operand of rank {N}",
    label = "not a rank-{N} producer",
    note = "Zip's operands are views and arrays of one rank: `StridedView`, `StridedViewMut`, `&StridedArray` and `&mut StridedArray`; the first operand fixed the rank to {N}",
    note = "a view of another rank: reshape it, or broadcast a lower-rank operand with `and_broadcast`"
)]
pub trait Producer<const N: usize>: Yield {
    #[doc(hidden)]
    type Map: Mapping<N>;
    #[doc(hidden)]
    /// The buffer, the mapping, and the buffer's length when the producer
    /// may access all of it (`None` for views of part of a buffer).
    fn into_raw(self) -> (*mut Self::Elem, Self::Map, Option<usize>);
}

/// A producer that only reads, so it may be broadcast (a broadcast repeats
/// elements, which a mutable producer must not).
///
/// ```
/// use constrided::{Layout, Shared, StridedView};
/// fn reads<P: Shared>(_: P) {}
/// let x = [1];
/// reads(StridedView::new(&x, Layout::contiguous([1]))?);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub trait Shared: Yield {}

macro_rules! producer {
    ($(#[$doc:meta])* [$($lt:lifetime),*] $ty:ty, $item:ty, $ptr:ident, $map:ident, $mutable:tt) => {
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> sealed::Sealed for $ty {}
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Yield for $ty {
            type Item = $item;
            type Elem = T;
            #[inline(always)]
            unsafe fn item(ptr: *mut T, pos: isize) -> $item {
                // SAFETY: forwarded from the caller.
                unsafe { producer!(@deref $mutable ptr, pos) }
            }
            type Region<'s> = producer!(@region $mutable 's T) where T: 's;
            #[inline(always)]
            unsafe fn region<'s>(ptr: *mut T, len: usize) -> Self::Region<'s> {
                // SAFETY: forwarded from the caller.
                unsafe { producer!(@slice $mutable ptr, len) }
            }
            #[inline(always)]
            fn region_ptr(region: &mut Self::Region<'_>) -> *mut T {
                producer!(@at $mutable region)
            }
        }
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Producer<N> for $ty {
            type Map = M;
            #[inline(always)]
            #[allow(unused_mut)]
            fn into_raw(mut self) -> (*mut T, M, Option<usize>) {
                let all = producer!(@all $mutable self);
                (self.$ptr() as *mut T, *self.$map(), all.then(|| self.buffer_len()))
            }
        }
        producer!(@shared $mutable $ty, [$($lt),*]);
    };
    (@deref mut $ptr:ident, $pos:ident) => { &mut *$ptr.offset($pos) };
    (@deref ref $ptr:ident, $pos:ident) => { &*$ptr.offset($pos) };
    (@region mut $s:lifetime $t:ident) => { &$s mut [$t] };
    (@region ref $s:lifetime $t:ident) => { &$s [$t] };
    (@slice mut $ptr:ident, $len:ident) => { core::slice::from_raw_parts_mut($ptr, $len) };
    (@slice ref $ptr:ident, $len:ident) => { core::slice::from_raw_parts($ptr, $len) };
    (@at mut $r:ident) => { $r.as_mut_ptr() };
    (@at ref $r:ident) => { $r.as_ptr().cast_mut() };
    (@all mut $v:ident) => { $v.is_exclusive() };
    (@all ref $v:ident) => { $v.is_whole() };
    (@shared mut $ty:ty, [$($lt:lifetime),*]) => {};
    (@shared ref $ty:ty, [$($lt:lifetime),*]) => {
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Shared for $ty {}
    };
}

producer!(['b, 'a] &'b mut StridedViewMut<'a, T, N, M>, &'b mut T, as_mut_ptr, mapping, mut);
producer!(['a] StridedViewMut<'a, T, N, M>, &'a mut T, as_mut_ptr, mapping, mut);
producer!(['b, 'a] &'b StridedViewMut<'a, T, N, M>, &'b T, as_ptr, mapping, ref);
producer!(['b, 'a] &'b StridedView<'a, T, N, M>, &'a T, as_ptr, mapping, ref);
producer!(['a] StridedView<'a, T, N, M>, &'a T, as_ptr, mapping, ref);

#[cfg(feature = "alloc")]
mod arrays {
    use super::*;
    use crate::view::StridedArray;

    impl<T, const N: usize> sealed::Sealed for &mut StridedArray<T, N> {}
    impl<'b, T, const N: usize> Yield for &'b mut StridedArray<T, N> {
        type Item = &'b mut T;
        type Elem = T;
        #[inline(always)]
        unsafe fn item(ptr: *mut T, pos: isize) -> &'b mut T {
            // SAFETY: forwarded from the caller.
            unsafe { &mut *ptr.offset(pos) }
        }
        type Region<'s>
            = &'s mut [T]
        where
            T: 's;
        #[inline(always)]
        unsafe fn region<'s>(ptr: *mut T, len: usize) -> &'s mut [T] {
            // SAFETY: forwarded from the caller.
            unsafe { core::slice::from_raw_parts_mut(ptr, len) }
        }
        #[inline(always)]
        fn region_ptr(region: &mut &mut [T]) -> *mut T {
            region.as_mut_ptr()
        }
    }
    impl<T, const N: usize> Producer<N> for &mut StridedArray<T, N> {
        type Map = Layout<N>;
        #[inline(always)]
        fn into_raw(self) -> (*mut T, Layout<N>, Option<usize>) {
            (self.data.as_mut_ptr(), self.layout, Some(self.data.len()))
        }
    }
    impl<T, const N: usize> sealed::Sealed for &StridedArray<T, N> {}
    impl<'b, T, const N: usize> Yield for &'b StridedArray<T, N> {
        type Item = &'b T;
        type Elem = T;
        #[inline(always)]
        unsafe fn item(ptr: *mut T, pos: isize) -> &'b T {
            // SAFETY: forwarded from the caller.
            unsafe { &*ptr.offset(pos) }
        }
        type Region<'s>
            = &'s [T]
        where
            T: 's;
        #[inline(always)]
        unsafe fn region<'s>(ptr: *mut T, len: usize) -> &'s [T] {
            // SAFETY: forwarded from the caller.
            unsafe { core::slice::from_raw_parts(ptr, len) }
        }
        #[inline(always)]
        fn region_ptr(region: &mut &[T]) -> *mut T {
            region.as_ptr().cast_mut()
        }
    }
    impl<T, const N: usize> Producer<N> for &StridedArray<T, N> {
        type Map = Layout<N>;
        #[inline(always)]
        fn into_raw(self) -> (*mut T, Layout<N>, Option<usize>) {
            (
                self.data.as_ptr() as *mut T,
                self.layout,
                Some(self.data.len()),
            )
        }
    }
    impl<T, const N: usize> Shared for &StridedArray<T, N> {}
}

/// One operand of a [`Zip`]: the producer's buffer and mapping (a runtime
/// [`Layout`] for broadcast operands). Made by [`Zip`]'s methods only.
///
/// ```
/// use constrided::{Layout, StridedView, Zip};
/// let x = [1, 2];
/// let z = Zip::from(StridedView::new(&x, Layout::contiguous([2]))?); // Zip<(Part<..>,), 1>
/// assert_eq!(z.shape(), [2]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct Part<P: Yield, Mp> {
    ptr: *mut P::Elem,
    map: Mp,
    // The buffer length when the producer may access all of its buffer.
    all: Option<usize>,
    _producer: PhantomData<P>,
}

// SAFETY: a Part is its producer (a borrow of a view or array) taken apart;
// it may cross threads exactly when the producer may.
unsafe impl<P: Yield + Send, Mp: Send> Send for Part<P, Mp> {}
// SAFETY: as above.
unsafe impl<P: Yield + Sync, Mp: Sync> Sync for Part<P, Mp> {}

/// Lock-step iteration over up to 6 operands of one shape, in an
/// **unspecified order** (memory order, tiled for the cache when the
/// operands disagree on their fastest axis), ndarray-style.
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

impl<P1: Producer<N>, const N: usize> Zip<(Part<P1, P1::Map>,), N> {
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
    pub fn from(p: P1) -> Self {
        let (ptr, map, all) = p.into_raw();
        Zip {
            shape: map.shape(),
            parts: (Part {
                ptr,
                map,
                all,
                _producer: PhantomData,
            },),
        }
    }
}

// The operand with 1-based number `k`, which must have the zip's shape.
fn part<P: Producer<N>, const N: usize>(
    p: P,
    shape: &[usize; N],
    k: usize,
) -> Result<Part<P, P::Map>, LayoutError> {
    let (ptr, map, all) = p.into_raw();
    let found = map.shape();
    if &found != shape {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(shape),
            found: Dims::new(&found),
            arg: crate::ShapeArg::Operand(k),
        });
    }
    Ok(Part {
        ptr,
        map,
        all,
        _producer: PhantomData,
    })
}

fn broadcast_part<P: Producer<R> + Shared, const R: usize, const N: usize>(
    p: P,
    shape: [usize; N],
) -> Result<Part<P, Layout<N>>, LayoutError> {
    let (ptr, map, _) = p.into_raw();
    // Broadcasting only repeats positions the producer's layout reaches.
    let map = map.to_layout().broadcast_to(shape)?;
    Ok(Part {
        ptr,
        map,
        all: None,
        _producer: PhantomData,
    })
}

// A value that may cross threads: the parts of a zip whose producers are Send.
#[cfg(feature = "rayon")]
struct AssertSync<T>(T);
// SAFETY: only built from parts whose producers are all Send (checked by
// par_for_each's bounds); the tasks touch disjoint elements of mutable
// producers and only read shared ones (whose Send-ness means T: Sync).
#[cfg(feature = "rayon")]
unsafe impl<T> Sync for AssertSync<T> {}

#[cfg(feature = "rayon")]
const PAR_MIN: usize = 1 << 15;

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

// Drops what map_collect wrote so far when its closure panics: the first
// `written` positions the (deterministic) plan visits.
#[cfg(feature = "alloc")]
struct CollectGuard<'p, U, const K: usize> {
    out: *mut U,
    plan: &'p Plan<K>,
    tile: usize,
    written: usize,
}

#[cfg(feature = "alloc")]
impl<U, const K: usize> Drop for CollectGuard<'_, U, K> {
    fn drop(&mut self) {
        let mut left = self.written;
        for_each_run(self.plan, self.tile, |pos, n, strides| {
            for j in 0..n.min(left) as isize {
                // SAFETY: the first `written` visited output positions
                // (operand 0) were initialised, and are dropped once.
                unsafe { core::ptr::drop_in_place(self.out.offset(pos[0] + j * strides[0])) };
            }
            left -= n.min(left);
        });
    }
}

macro_rules! zip_arity {
    ($K:literal; $($P:ident $M:ident $v:ident $q:ident $c:ident $l:ident $s:ident),+; $($next:ident)?) => {
        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Zip<($(Part<$P, $M>,)+), N> {
            zip_arity!(@and $K $($next)?; $($P $M $v),+);

            /// Calls `f` with one item of every operand, for every index, in
            /// an **unspecified order**.
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
            pub fn for_each(self, mut f: impl FnMut($($P::Item),+)) {
                // The static loop nest over whole-buffer slices: slices as
                // separate arguments tell the compiler the operands do not
                // alias, so it vectorizes as it does hand-written loops.
                // SAFETY (for callers): the regions are the producers' whole
                // buffers and every mapping reaches positions below their
                // lengths.
                #[inline(always)]
                #[allow(clippy::too_many_arguments)]
                unsafe fn static_regions<const N: usize, $($P: Yield, $M: Mapping<N>,)+ F: FnMut($($P::Item),+)>(
                    shape: [usize; N],
                    $($v: $P::Region<'_>, $l: $M,)+
                    mut f: F,
                ) {
                    // One base pointer per region, taken once: every item
                    // derives from it (a reborrow of the whole region per
                    // item would invalidate the items kept before). The
                    // regions stay borrowed (function arguments) for the loop.
                    $(let mut $v = $v; let $v = $P::region_ptr(&mut $v);)+
                    // SAFETY: forwarded from the caller; positions are below
                    // len, so they fit isize.
                    engine::static_for_each(shape, |i| unsafe {
                        f($($P::item($v, $l.offset_of_unchecked(i) as isize)),+)
                    });
                }
                let ($($v,)+) = self.parts;
                if true $(&& $M::STATIC)+ {
                    if let ($(Some($q),)+) = ($($v.all,)+) {
                        // SAFETY: every producer may access its whole buffer
                        // (ptr..ptr + len), and no two share one (borrows);
                        // in-range indices of the valid mappings reach
                        // positions below len; mutable producers are unique,
                        // so each &mut lives alone for one call.
                        unsafe {
                            static_regions::<N, $($P, $M,)+ _>(
                                // The mappings' shapes are constants (and
                                // equal to the zip's): use one directly.
                                [$($v.map.shape()),+][0],
                                $($P::region($v.ptr, $q), $v.map,)+ f
                            )
                        };
                        return;
                    }
                    // (Static views always own their whole buffer; others
                    // take the planned path below.)
                }
                Zip { parts: ($($v,)+), shape: self.shape }.for_each_planned(&mut f)
            }

            // The run-time engine: plan, tiles, odometer. Out of line, so
            // that a static zip inlines only its loop nest.
            #[inline(never)]
            fn for_each_planned(self, f: &mut impl FnMut($($P::Item),+)) {
                let ($($v,)+) = self.parts;
                $(let $l = $v.map.to_layout(); let $s = $l.strides();)+
                let tile = engine::tile_edge(0 $(.max(size_of::<$P::Elem>()))+);
                let ptrs = ($($v.ptr,)+);
                engine::walk_ahead(&self.shape, [$(&$s),+], [$($l.offset()),+], tile, |[$($q),+], n, [$($c),+]| {
                    // Hint the lines of a run visited soon, in the operands
                    // that walk it contiguously (hints access nothing).
                    let ($($v,)+) = ptrs;
                    $(if $c == 1 {
                        engine::prefetch_run($v.wrapping_offset($q), n);
                    })+
                }, |q, n, c| {
                    // SAFETY: the walk reaches positions of the producers'
                    // layouts, with their access rights; mutable producers
                    // are unique, so each &mut lives alone for one call.
                    unsafe { Self::run_one(ptrs, f, q, n, c) }
                });
            }

            // Runs a plan (any part of the zip's plan).
            // SAFETY (for callers): the plan's positions are those of the
            // producers' layouts (or a part of them), with the producers'
            // access rights.
            #[cfg(feature = "rayon")]
            #[inline(always)]
            unsafe fn run(
                plan: &Plan<$K>,
                tile: usize,
                ptrs: ($(*mut $P::Elem,)+),
                f: &mut impl FnMut($($P::Item),+),
            ) {
                // SAFETY: forwarded from the caller.
                for_each_run(plan, tile, |q, n, c| unsafe { Self::run_one(ptrs, f, q, n, c) });
            }

            // One inner run: operand k at positions q[k] + j·c[k], j < n.
            // SAFETY (for callers): as for `run`, for these positions.
            #[inline(always)]
            unsafe fn run_one(
                ptrs: ($(*mut $P::Elem,)+),
                f: &mut impl FnMut($($P::Item),+),
                [$($q),+]: [isize; $K],
                n: usize,
                [$($c),+]: [isize; $K],
            ) {
                let ($($v,)+) = ptrs;
                // SAFETY: forwarded from the caller.
                unsafe {
                    if true $(&& $c == 1)+ {
                        for j in 0..n as isize {
                            f($($P::item($v, $q + j)),+);
                        }
                    } else {
                        // A run of a tile: hint the lines just past it in
                        // the operands that walk it contiguously (the next
                        // tile of this row, visited after the tile's other
                        // rows: too many rows for the hardware prefetchers
                        // to follow).
                        $(if $c == 1 {
                            engine::prefetch($v.wrapping_offset($q.wrapping_add(n as isize)));
                        })+
                        for j in 0..n as isize {
                            f($($P::item($v, $q + j * $c)),+);
                        }
                    }
                }
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
            pub fn fold<B>(self, init: B, mut f: impl FnMut(B, $($P::Item),+) -> B) -> B {
                let ($($v,)+) = self.parts;
                if true $(&& $M::STATIC)+ {
                    // SAFETY: as in for_each.
                    return engine::static_fold(self.shape, init, |acc, i| unsafe {
                        f(acc, $($P::item($v.ptr, $v.map.offset_of_unchecked(i) as isize)),+)
                    });
                }
                $(let $l = $v.map.to_layout(); let $s = $l.strides();)+
                let tile = engine::tile_edge(0 $(.max(size_of::<$P::Elem>()))+);
                let mut acc = Some(init);
                engine::walk(&self.shape, [$(&$s),+], [$($l.offset()),+], tile, |[$($q),+], n, [$($c),+]| {
                    let Some(mut a) = acc.take() else { return };
                    // SAFETY: as in for_each.
                    unsafe {
                        for j in 0..n as isize {
                            a = f(a, $($P::item($v.ptr, $q + j * $c)),+);
                        }
                    }
                    acc = Some(a);
                });
                match acc {
                    Some(a) => a,
                    None => unreachable!("the accumulator is put back after every run"),
                }
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
            pub fn map_collect<U>(self, mut f: impl FnMut($($P::Item),+) -> U) -> crate::StridedArray<U, N> {
                let shape = self.shape;
                let ol = Layout::contiguous(shape);
                let n = ol.numel();
                let mut data = alloc::vec::Vec::<U>::with_capacity(n);
                let out = data.as_mut_ptr();
                let os = ol.strides();
                let ($($v,)+) = self.parts;
                $(let $l = $v.map.to_layout(); let $s = $l.strides();)+
                if let Some(plan) = Plan::<{ $K + 1 }>::new(&shape, [&os, $(&$s),+], [0, $($l.offset()),+], Order::Free) {
                    let tile = engine::tile_edge(size_of::<U>() $(.max(size_of::<$P::Elem>()))+);
                    let mut guard = CollectGuard { out, plan: &plan, tile, written: 0 };
                    for_each_run(&plan, tile, |[o, $($q),+], n, [oc, $($c),+]| {
                        for j in 0..n as isize {
                            // SAFETY: the output positions are those of a
                            // row-major layout of `n` elements, each written
                            // once into the fresh buffer; the operands'
                            // positions are those of their layouts, with
                            // their access rights (as in for_each).
                            unsafe { out.offset(o + j * oc).write(f($($P::item($v.ptr, $q + j * $c)),+)) };
                            guard.written += 1;
                        }
                    });
                    core::mem::forget(guard);
                }
                // SAFETY: every one of the n row-major positions was written
                // (the plan covers each index exactly once); n == 0 when the
                // plan is empty.
                unsafe { data.set_len(n) };
                crate::StridedArray { data, layout: ol }
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
            pub fn all(self, mut f: impl FnMut($($P::Item),+) -> bool) -> bool {
                self.fold(true, |acc, $($q),+| acc && f($($q),+))
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
            pub fn any(self, mut f: impl FnMut($($P::Item),+) -> bool) -> bool {
                self.fold(false, |acc, $($q),+| acc || f($($q),+))
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
            pub fn indexed(self) -> Indexed<($(Part<$P, $M>,)+), N> {
                Indexed { zip: self }
            }
        }

        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Indexed<($(Part<$P, $M>,)+), N> {
            // The engine over the operands and a virtual last operand whose
            // positions are the row-major linear indices, decoded per item.
            #[inline(always)]
            fn drive(self, mut f: impl FnMut([usize; N], $($P::Item),+)) {
                let shape = self.zip.shape;
                let Ok(il) = Layout::try_contiguous(shape) else {
                    // More indices than fit usize: only a broadcast can be
                    // that large, and it cannot be visited in any lifetime.
                    panic!("Zip::indexed: the element count of shape {} does not fit usize", Dims::new(&shape));
                };
                let is = il.strides();
                let ($($v,)+) = self.zip.parts;
                $(let $l = $v.map.to_layout(); let $s = $l.strides();)+
                let Some(plan) = Plan::<{ $K + 1 }>::new(&shape, [$(&$s,)+ &is], [$($l.offset(),)+ 0], Order::Free) else {
                    return;
                };
                let tile = engine::tile_edge(0 $(.max(size_of::<$P::Elem>()))+);
                for_each_run(&plan, tile, |[$($q,)+ x], n, [$($c,)+ xc]| {
                    for j in 0..n as isize {
                        let mut lin = (x + j * xc) as usize;
                        let mut index = [0usize; N];
                        for k in (0..N).rev() {
                            index[k] = lin % shape[k];
                            lin /= shape[k];
                        }
                        // SAFETY: as in for_each.
                        unsafe { f(index, $($P::item($v.ptr, $q + j * $c)),+) };
                    }
                });
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
            pub fn for_each(self, f: impl FnMut([usize; N], $($P::Item),+)) {
                self.drive(f)
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
            pub fn fold<B>(self, init: B, mut f: impl FnMut(B, [usize; N], $($P::Item),+) -> B) -> B {
                let mut acc = Some(init);
                self.drive(|i, $($q),+| {
                    if let Some(a) = acc.take() {
                        acc = Some(f(a, i, $($q),+));
                    }
                });
                match acc {
                    Some(a) => a,
                    None => unreachable!("the accumulator is put back after every call"),
                }
            }
        }

        impl<const N: usize, $($P: Yield, $M: Mapping<N>),+> Zip<($(Part<$P, $M>,)+), N> {
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
            pub fn par_for_each(self, f: impl Fn($($P::Item),+) + Sync)
            where
                $(Part<$P, $M>: Send,)+
            {
                let ($($v,)+) = self.parts;
                $(let $l = $v.map.to_layout(); let $s = $l.strides();)+
                let Some(plan) = Plan::<$K>::new(&self.shape, [$(&$s),+], [$($l.offset()),+], Order::Free) else {
                    return;
                };
                let tile = engine::tile_edge(0 $(.max(size_of::<$P::Elem>()))+);
                let ptrs = AssertSync(($($v.ptr,)+));
                // About eight parts per thread (work to steal), none under
                // PAR_MIN elements: each part costs a plan and a join.
                let min = PAR_MIN.max(plan.numel() / (8 * rayon::current_num_threads().max(1)));
                engine::par_split(plan, min, &|part: &Plan<$K>| {
                    let ptrs = &ptrs;
                    // SAFETY: each part is a disjoint slab of the plan, so
                    // the tasks touch disjoint elements of every mutable
                    // (unique) producer; shared ones are only read.
                    unsafe { Self::run(part, tile, ptrs.0, &mut |$($q),+| f($($q),+)) }
                });
            }
        }
    };
    (@and $K:literal ; $($P:ident $M:ident $v:ident),+) => {};
    (@and $K:literal $next:ident; $($P:ident $M:ident $v:ident),+) => {
        /// Adds an operand of the same shape (`ShapeMismatch` otherwise).
        ///
        /// ```
        /// use constrided::{Layout, LayoutError, StridedView, Zip};
        /// let x = [0; 6];
        /// let a = StridedView::new(&x, Layout::contiguous([2, 3]))?;
        /// assert!(matches!(Zip::from(a).and(a.t()), Err(LayoutError::ShapeMismatch { .. })));
        /// # Ok::<(), constrided::LayoutError>(())
        /// ```
        pub fn and<$next: Producer<N>>(
            self,
            p: $next,
        ) -> Result<Zip<($(Part<$P, $M>,)+ Part<$next, $next::Map>), N>, LayoutError> {
            let last = part(p, &self.shape, $K + 1)?;
            let ($($v,)+) = self.parts;
            Ok(Zip { parts: ($($v,)+ last), shape: self.shape })
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
        pub fn and_broadcast<$next: Producer<R> + Shared, const R: usize>(
            self,
            p: $next,
        ) -> Result<Zip<($(Part<$P, $M>,)+ Part<$next, Layout<N>>), N>, LayoutError> {
            let last = broadcast_part(p, self.shape)?;
            let ($($v,)+) = self.parts;
            Ok(Zip { parts: ($($v,)+ last), shape: self.shape })
        }
    };
}

zip_arity!(1; P1 M1 v1 q1 c1 l1 s1; P2);
zip_arity!(2; P1 M1 v1 q1 c1 l1 s1, P2 M2 v2 q2 c2 l2 s2; P3);
zip_arity!(3; P1 M1 v1 q1 c1 l1 s1, P2 M2 v2 q2 c2 l2 s2, P3 M3 v3 q3 c3 l3 s3; P4);
zip_arity!(4; P1 M1 v1 q1 c1 l1 s1, P2 M2 v2 q2 c2 l2 s2, P3 M3 v3 q3 c3 l3 s3,
    P4 M4 v4 q4 c4 l4 s4; P5);
zip_arity!(5; P1 M1 v1 q1 c1 l1 s1, P2 M2 v2 q2 c2 l2 s2, P3 M3 v3 q3 c3 l3 s3,
    P4 M4 v4 q4 c4 l4 s4, P5 M5 v5 q5 c5 l5 s5; P6);
zip_arity!(6; P1 M1 v1 q1 c1 l1 s1, P2 M2 v2 q2 c2 l2 s2, P3 M3 v3 q3 c3 l3 s3,
    P4 M4 v4 q4 c4 l4 s4, P5 M5 v5 q5 c5 l5 s5, P6 M6 v6 q6 c6 l6 s6;);
