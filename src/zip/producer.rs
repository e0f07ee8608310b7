//! What a [`Zip`](super::Zip) operand is: the producer traits and the
//! crate's producers (views and arrays, which yield elements; windows and
//! chunks, which yield views).
//!
//! A producer is taken apart into raw parts ([`Producer::into_raw`]): a
//! buffer pointer, a **position mapping** of the zip's rank (the engine
//! walks its positions, in any order, as it walks an element layout), and
//! `Extra`, what the producer needs besides a position to make an item
//! ([`Yield::item`]). For views and arrays a position is an element and
//! the item a reference to it; for windows a position is a window's start
//! and the item the view of the window.
//!
//! A producer of another module of the crate (e.g. static tiles, whose
//! items are views of a static shape) implements, for its type `P`:
//! `crate::zip::sealed::Sealed`; `Lend<'x>` (`type Item`, the view for
//! `'x`); `Yield` (`Elem`, `Extra` — e.g. the tile's mapping and the
//! buffer length —, `ELEMENT = false`, `SHARED_ELEMENT = false`, and
//! `item`, which builds the view at a position); `Producer<N>` (`Map`,
//! usually a `Layout<N>` of the tiles' start positions, and `into_raw`);
//! and `Shared` when its items are read-only. The engine then walks,
//! splits (`par_for_each`) and broadcasts it like any operand; it never
//! dereferences a position of a producer whose `ELEMENT` is false, nor
//! stages it.

use core::marker::PhantomData;
use core::mem::MaybeUninit;
use core::ptr::NonNull;

use crate::layout::{Layout, Mapping};
use crate::view::{Chunks, ChunksMut, StridedView, StridedViewMut, Windows};

pub(crate) mod sealed {
    /// Seals the producer traits: only the crate implements them.
    pub trait Sealed {}
}

/// The item a producer lends a [`Zip`](super::Zip) closure for one call
/// (`&'x mut T`, `&'x T`, or a view for windows and chunks): `Zip`'s
/// closures are higher-ranked over `'x`, so an item cannot be kept past
/// the call. (The second parameter only bounds `'x` by the producer.)
///
/// ```
/// use constrided::{Layout, Lend, StridedView};
/// fn item_of<'x, P: Lend<'x>>(_: &'x P) -> &'static str { core::any::type_name::<P::Item>() }
/// let x = [1u8, 2];
/// let v = StridedView::new(&x, Layout::contiguous([2]))?;
/// assert_eq!(item_of(&v), "&u8");
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub trait Lend<'x, Bound = &'x Self>: sealed::Sealed {
    /// The item handed to the closure.
    type Item;
}

/// A [`Zip`](super::Zip) operand, of any rank; implemented by the crate's
/// producers only (sealed). Its items are [`Lend`]'s.
///
/// ```
/// use constrided::{Layout, StridedView, Yield};
/// fn operand<P: Yield>(_: &P) -> bool { true }
/// let x = [1u8, 2];
/// assert!(operand(&StridedView::new(&x, Layout::contiguous([2]))?));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Zip operand",
    label = "not a view, array, windows or chunks",
    note = "Zip's operands are `StridedView`, `StridedViewMut`, `&StridedArray`, `&mut StridedArray`, and the windows and chunks of a view"
)]
pub trait Yield: sealed::Sealed + for<'x> Lend<'x> {
    #[doc(hidden)]
    /// The buffer's element type.
    type Elem;
    #[doc(hidden)]
    /// What an item needs besides its position (a window's layout).
    type Extra: Copy + Send + Sync;
    #[doc(hidden)]
    /// Whether the item at a position is that element (`&mut` or `&`), so
    /// that its lines may be hinted.
    const ELEMENT: bool;
    #[doc(hidden)]
    /// Whether the item at a position is `&Elem` of that element, read
    /// only, so that the engine may hand a staged copy of it instead.
    const SHARED_ELEMENT: bool;
    #[doc(hidden)]
    /// How many elements an item reaches, as far as a constant tells (1
    /// for elements, the tile's size for static tiles): the weight of one
    /// position when `par_for_each` sizes its parts.
    const ITEM_LEN: usize = 1;
    #[doc(hidden)]
    /// The item at position `pos`.
    ///
    /// # Safety
    /// `pos` is a position of the producer's position mapping (from
    /// [`Producer::into_raw`], maybe broadcast) and `ptr`, `extra` are its
    /// raw parts; for `'x` the producer's borrow is alive and no other live
    /// item of a mutable producer was made from the same position. For a
    /// `SHARED_ELEMENT` producer `ptr.offset(pos)` may instead be any
    /// element, valid and unwritten for `'x`, of equal value.
    unsafe fn item<'x>(
        ptr: *mut Self::Elem,
        extra: &Self::Extra,
        pos: isize,
    ) -> <Self as Lend<'x>>::Item;
    #[doc(hidden)]
    /// A run of `n` consecutive positions as one value: for elements, a
    /// slice (`&mut [Elem]` or `&[Elem]`), which the compiler knows apart
    /// from the other operands' (the static loop nest's rows vectorize as
    /// hand-written slice loops do); otherwise the raw parts ([`Raw`]).
    type Run<'r>
    where
        Self: 'r;
    #[doc(hidden)]
    /// The run of positions `pos..pos + n`.
    ///
    /// # Safety
    /// Every `pos + j`, `j < n`, is a position of the producer's mapping
    /// (distinct ones), `ptr` and `extra` are its raw parts, and
    /// [`item`](Self::item)'s contract holds for each of them for `'r`
    /// (for a mutable producer: no other live item or run reaches them;
    /// for a `SHARED_ELEMENT` producer `ptr.offset(pos)..` may instead be
    /// `n` elements of equal values, valid and unwritten for `'r`).
    unsafe fn run<'r>(
        ptr: *mut Self::Elem,
        extra: &'r Self::Extra,
        pos: isize,
        n: usize,
    ) -> Self::Run<'r>;
    #[doc(hidden)]
    /// The item at position `pos + j` of a run.
    ///
    /// # Safety
    /// `j < n`; for a mutable producer, no other live item of the run was
    /// made from `j`.
    unsafe fn run_item<'x, 'r: 'x>(
        run: &'x mut Self::Run<'r>,
        j: usize,
    ) -> <Self as Lend<'x>>::Item;
}

/// The run of a producer whose items are not its elements: its raw parts
/// and the first position ([`Yield::Run`]).
#[doc(hidden)]
pub struct Raw<'r, P: Yield> {
    ptr: *mut P::Elem,
    extra: &'r P::Extra,
    pos: isize,
}

impl<'r, P: Yield> Raw<'r, P> {
    // SAFETY (for callers): Yield::run's contract.
    #[inline(always)]
    pub(crate) unsafe fn new(ptr: *mut P::Elem, extra: &'r P::Extra, pos: isize) -> Self {
        Raw { ptr, extra, pos }
    }

    // The item at pos + j.
    // SAFETY (for callers): Yield::run_item's contract, for a run made by
    // `new` under Yield::run's.
    #[inline(always)]
    pub(crate) unsafe fn item<'x>(&self, j: usize) -> <P as Lend<'x>>::Item
    where
        'r: 'x,
    {
        // SAFETY: pos + j is one of the run's positions (j < n), with
        // item's contract (run's contract).
        unsafe { P::item(self.ptr, self.extra, self.pos + j as isize) }
    }
}

// The `Run` items of producers whose items are not elements.
macro_rules! raw_runs {
    () => {
        type Run<'r>
            = $crate::zip::Raw<'r, Self>
        where
            Self: 'r;
        #[inline(always)]
        unsafe fn run<'r>(
            ptr: *mut Self::Elem,
            extra: &'r Self::Extra,
            pos: isize,
            _n: usize,
        ) -> $crate::zip::Raw<'r, Self> {
            // SAFETY: forwarded from the caller.
            unsafe { $crate::zip::Raw::new(ptr, extra, pos) }
        }
        #[inline(always)]
        unsafe fn run_item<'x, 'r: 'x>(
            run: &'x mut $crate::zip::Raw<'r, Self>,
            j: usize,
        ) -> <Self as Lend<'x>>::Item {
            // SAFETY: forwarded from the caller.
            unsafe { run.item(j) }
        }
    };
}
pub(crate) use raw_runs;

/// A [`Zip`](super::Zip) operand of rank `N`: a view or an array, by
/// reference or by value, or the windows or chunks of one (whose items are
/// views).
///
/// ```
/// use constrided::{Layout, Producer, StridedView};
/// fn shape_of<P: Producer<2>>(p: P) -> [usize; 2] { constrided::Zip::from(p).shape() }
/// let x = [0; 6];
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
/// assert_eq!(shape_of(v), [2, 3]);
/// assert_eq!(shape_of(v.windows([2, 2])?), [1, 2]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Zip operand of rank {N}",
    label = "not a rank-{N} producer",
    note = "Zip's operands are `StridedView`, `StridedViewMut`, `&StridedArray`, `&mut StridedArray` and their windows and chunks, all of one rank: reshape a view of another rank, or broadcast a lower-rank one with `and_broadcast`"
)]
pub trait Producer<const N: usize>: Yield {
    #[doc(hidden)]
    type Map: Mapping<N>;
    #[doc(hidden)]
    /// The buffer, the position mapping (its shape is the operand's), and
    /// what items need besides a position.
    ///
    /// Mutable producers' position mappings are unique (distinct indices,
    /// distinct positions, and the items of distinct positions reach
    /// disjoint elements); every item reaches only elements the producer
    /// borrows.
    fn into_raw(self) -> (*mut Self::Elem, Self::Map, Self::Extra);
}

/// A producer that only reads, so it may be broadcast (a broadcast repeats
/// items, which a mutable producer must not).
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
    ([$($lt:lifetime),*] $ty:ty, $ptr:ident, $mutable:tt) => {
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> sealed::Sealed for $ty {}
        impl<'x, $($lt,)* T, const N: usize, M: Mapping<N>> Lend<'x> for $ty {
            type Item = producer!(@item $mutable 'x T);
        }
        // Not listed in errors: the trait's message names the operands.
        #[diagnostic::do_not_recommend]
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Yield for $ty {
            type Elem = T;
            type Extra = ();
            const ELEMENT: bool = true;
            const SHARED_ELEMENT: bool = producer!(@shared_elem $mutable);
            #[inline(always)]
            unsafe fn item<'x>(ptr: *mut T, _: &(), pos: isize) -> producer!(@item $mutable 'x T) {
                // SAFETY: positions of the view's mapping are its elements,
                // which it borrows (shared, or exclusively and each once).
                unsafe { producer!(@deref $mutable ptr, pos) }
            }
            type Run<'r> = producer!(@run $mutable 'r T) where Self: 'r;
            #[inline(always)]
            unsafe fn run(ptr: *mut T, _: &(), pos: isize, n: usize) -> producer!(@run $mutable '_ T) {
                // SAFETY: the n positions are distinct elements of the
                // view (caller), which it borrows: shared, or exclusively
                // and reached by no other live item or run (caller).
                unsafe { producer!(@slice $mutable ptr.offset(pos), n) }
            }
            #[inline(always)]
            unsafe fn run_item<'x, 'r: 'x>(run: &'x mut producer!(@run $mutable 'r T), j: usize) -> producer!(@item $mutable 'x T) {
                // SAFETY: j < n (caller); a reborrow of the run's element.
                unsafe { producer!(@at $mutable run, j) }
            }
        }
        // Not listed in errors: the trait's message names the operands.
        #[diagnostic::do_not_recommend]
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Producer<N> for $ty {
            type Map = M;
            #[inline(always)]
            #[allow(unused_mut)]
            fn into_raw(mut self) -> (*mut T, M, ()) {
                (self.$ptr() as *mut T, *self.mapping(), ())
            }
        }
        producer!(@shared $mutable $ty, [$($lt),*]);
    };
    (@item mut $x:lifetime $t:ident) => { &$x mut $t };
    (@item ref $x:lifetime $t:ident) => { &$x $t };
    (@shared_elem mut) => { false };
    (@shared_elem ref) => { true };
    (@deref mut $ptr:ident, $pos:ident) => { &mut *$ptr.offset($pos) };
    (@deref ref $ptr:ident, $pos:ident) => { &*$ptr.offset($pos) };
    (@run mut $r:lifetime $t:ident) => { &$r mut [$t] };
    (@run ref $r:lifetime $t:ident) => { &$r [$t] };
    (@slice mut $p:expr, $n:ident) => { core::slice::from_raw_parts_mut($p, $n) };
    (@slice ref $p:expr, $n:ident) => { core::slice::from_raw_parts($p, $n) };
    (@at mut $run:ident, $j:ident) => { $run.get_unchecked_mut($j) };
    (@at ref $run:ident, $j:ident) => { $run.get_unchecked($j) };
    (@shared mut $ty:ty, [$($lt:lifetime),*]) => {};
    (@shared ref $ty:ty, [$($lt:lifetime),*]) => {
        impl<$($lt,)* T, const N: usize, M: Mapping<N>> Shared for $ty {}
    };
}

producer!(['b, 'a] &'b mut StridedViewMut<'a, T, N, M>, as_mut_ptr, mut);
producer!(['a] StridedViewMut<'a, T, N, M>, as_mut_ptr, mut);
producer!(['b, 'a] &'b StridedViewMut<'a, T, N, M>, as_ptr, ref);
producer!(['b, 'a] &'b StridedView<'a, T, N, M>, as_ptr, ref);
producer!(['a] StridedView<'a, T, N, M>, as_ptr, ref);

#[cfg(feature = "alloc")]
mod arrays {
    use super::*;
    use crate::view::StridedArray;

    impl<T, const N: usize> sealed::Sealed for &mut StridedArray<T, N> {}
    impl<'x, T, const N: usize> Lend<'x> for &mut StridedArray<T, N> {
        type Item = &'x mut T;
    }
    // Not listed in errors: the trait's message names the operands.
    #[diagnostic::do_not_recommend]
    impl<T, const N: usize> Yield for &mut StridedArray<T, N> {
        type Elem = T;
        type Extra = ();
        const ELEMENT: bool = true;
        const SHARED_ELEMENT: bool = false;
        #[inline(always)]
        unsafe fn item<'x>(ptr: *mut T, _: &(), pos: isize) -> &'x mut T {
            // SAFETY: forwarded from the caller (positions are elements).
            unsafe { &mut *ptr.offset(pos) }
        }
        type Run<'r>
            = &'r mut [T]
        where
            Self: 'r;
        #[inline(always)]
        unsafe fn run(ptr: *mut T, _: &(), pos: isize, n: usize) -> &mut [T] {
            // SAFETY: forwarded from the caller (distinct elements,
            // exclusively the array's, reached by nothing else live).
            unsafe { core::slice::from_raw_parts_mut(ptr.offset(pos), n) }
        }
        #[inline(always)]
        unsafe fn run_item<'x, 'r: 'x>(run: &'x mut &'r mut [T], j: usize) -> &'x mut T {
            // SAFETY: j < n (caller).
            unsafe { run.get_unchecked_mut(j) }
        }
    }
    // Not listed in errors: the trait's message names the operands.
    #[diagnostic::do_not_recommend]
    impl<T, const N: usize> Producer<N> for &mut StridedArray<T, N> {
        type Map = Layout<N>;
        #[inline(always)]
        fn into_raw(self) -> (*mut T, Layout<N>, ()) {
            (self.data.as_mut_ptr(), self.layout, ())
        }
    }
    impl<T, const N: usize> sealed::Sealed for &StridedArray<T, N> {}
    impl<'x, T, const N: usize> Lend<'x> for &StridedArray<T, N> {
        type Item = &'x T;
    }
    // Not listed in errors: the trait's message names the operands.
    #[diagnostic::do_not_recommend]
    impl<T, const N: usize> Yield for &StridedArray<T, N> {
        type Elem = T;
        type Extra = ();
        const ELEMENT: bool = true;
        const SHARED_ELEMENT: bool = true;
        #[inline(always)]
        unsafe fn item<'x>(ptr: *mut T, _: &(), pos: isize) -> &'x T {
            // SAFETY: forwarded from the caller (positions are elements).
            unsafe { &*ptr.offset(pos) }
        }
        type Run<'r>
            = &'r [T]
        where
            Self: 'r;
        #[inline(always)]
        unsafe fn run(ptr: *mut T, _: &(), pos: isize, n: usize) -> &[T] {
            // SAFETY: forwarded from the caller (elements the array holds,
            // only read).
            unsafe { core::slice::from_raw_parts(ptr.offset(pos), n) }
        }
        #[inline(always)]
        unsafe fn run_item<'x, 'r: 'x>(run: &'x mut &'r [T], j: usize) -> &'x T {
            // SAFETY: j < n (caller).
            unsafe { run.get_unchecked(j) }
        }
    }
    // Not listed in errors: the trait's message names the operands.
    #[diagnostic::do_not_recommend]
    impl<T, const N: usize> Producer<N> for &StridedArray<T, N> {
        type Map = Layout<N>;
        #[inline(always)]
        fn into_raw(self) -> (*mut T, Layout<N>, ()) {
            (self.data.as_ptr() as *mut T, self.layout, ())
        }
    }
    impl<T, const N: usize> Shared for &StridedArray<T, N> {}
}

// ---------------------------------------------------------------------
// Producers whose items are views: windows and chunks.

/// The `Extra` of windows and chunks: the parent's buffer length, and the
/// layout of the item at position `pos` (offset replaced by `pos`, or,
/// for chunks with a shorter last block, by the decoding of `pos`).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct SubViews<const N: usize> {
    len: usize,
    whole: bool,
    geom: Geom<N>,
}

#[derive(Clone, Copy, Debug)]
enum Geom<const N: usize> {
    // Every item has `sub`'s shape and strides and starts at its position
    // (`empty`: items reach nothing and keep `sub`'s offset).
    Fixed {
        sub: Layout<N>,
        empty: bool,
    },
    // Blocks of `axis_chunks_iter`/`exact_chunks` whose last block of an
    // axis may be shorter: positions are row-major indices of the grid of
    // blocks, decoded per item.
    Grid {
        grid: [usize; N],
        chunk: [usize; N],
        shape: [usize; N],
        strides: [isize; N],
        offset: usize,
    },
}

impl<const N: usize> SubViews<N> {
    // The layout of the item at `pos`.
    //
    // SAFETY (for callers): `pos` is a position of the operand's position
    // mapping; then the layout reaches only positions of the parent view.
    #[inline(always)]
    unsafe fn at(&self, pos: isize) -> Layout<N> {
        match self.geom {
            Geom::Fixed { sub, empty } => {
                if empty {
                    return sub;
                }
                // SAFETY: a non-empty item starts at a reachable index of
                // the parent and its indices plus the start are in-range
                // parent indices (windows_state / ChunkState).
                unsafe { Layout::new_unchecked(sub.shape(), sub.strides(), pos as usize) }
            }
            Geom::Grid {
                grid,
                chunk,
                shape,
                strides,
                offset,
            } => {
                let mut lin = pos as usize;
                let mut start = offset as isize;
                let mut sh = [0usize; N];
                for k in (0..N).rev() {
                    let g = lin % grid[k];
                    lin /= grid[k];
                    sh[k] = chunk[k].min(shape[k] - g * chunk[k]);
                    start = start.wrapping_add(((g * chunk[k]) as isize).wrapping_mul(strides[k]));
                }
                // An empty block keeps the parent's offset (as ChunkState).
                let start = if sh.contains(&0) {
                    offset
                } else {
                    start as usize
                };
                // SAFETY: g < grid, so g·chunk < shape on every axis: the
                // block's indices plus its start index are in-range parent
                // indices, reachable (the grid is empty when the parent is).
                unsafe { Layout::new_unchecked(sh, strides, start) }
            }
        }
    }
}

/// Windows and chunks of a view as one operand of rank `N`: the
/// iterator's whole grid. An iterator that has already yielded an item
/// (from either end) is an empty operand (its shape is all zeros): a zip
/// takes whole grids only. Rank 0 has no empty shape: a used rank-0
/// iterator panics as an operand (its one item was handed out).
macro_rules! shared_subviews {
    ($($iter:ident),+) => {$(
        impl<T, const N: usize> sealed::Sealed for $iter<'_, T, N> {}
        impl<'x, T, const N: usize> Lend<'x> for $iter<'_, T, N> {
            type Item = StridedView<'x, T, N>;
        }
        // Not listed in errors: the trait's message names the operands.
        #[diagnostic::do_not_recommend]
        impl<T, const N: usize> Yield for $iter<'_, T, N> {
            type Elem = T;
            type Extra = SubViews<N>;
            const ELEMENT: bool = false;
            const SHARED_ELEMENT: bool = false;
            raw_runs!();
            #[inline(always)]
            unsafe fn item<'x>(ptr: *mut T, extra: &SubViews<N>, pos: isize) -> StridedView<'x, T, N> {
                // SAFETY: the window's or block's layout reaches positions
                // of the parent view (caller: pos is a window or block
                // start), whose buffer of `len` elements is borrowed shared
                // for 'x; ptr is the parent's (non-null).
                unsafe {
                    StridedView::from_parts(
                        NonNull::new_unchecked(ptr),
                        extra.len,
                        extra.at(pos),
                        extra.whole,
                    )
                }
            }
        }
        impl<T, const N: usize> Shared for $iter<'_, T, N> {}
    )+};
}
shared_subviews!(Windows, Chunks);

// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<T, const N: usize> Producer<N> for Windows<'_, T, N> {
    type Map = Layout<N>;
    fn into_raw(self) -> (*mut T, Layout<N>, SubViews<N>) {
        let (ptr, len, whole, starts, sub, empty) = self.zip_parts();
        (
            ptr.as_ptr(),
            starts,
            SubViews {
                len,
                whole,
                geom: Geom::Fixed { sub, empty },
            },
        )
    }
}

// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<T, const N: usize> Producer<N> for Chunks<'_, T, N> {
    type Map = Layout<N>;
    fn into_raw(self) -> (*mut T, Layout<N>, SubViews<N>) {
        let (ptr, len, whole, g) = self.zip_parts();
        chunk_parts(ptr, len, whole, g)
    }
}

impl<T, const N: usize> sealed::Sealed for ChunksMut<'_, T, N> {}
impl<'x, T, const N: usize> Lend<'x> for ChunksMut<'_, T, N> {
    type Item = StridedViewMut<'x, T, N>;
}
// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<T, const N: usize> Yield for ChunksMut<'_, T, N> {
    type Elem = T;
    type Extra = SubViews<N>;
    const ELEMENT: bool = false;
    const SHARED_ELEMENT: bool = false;
    raw_runs!();
    #[inline(always)]
    unsafe fn item<'x>(ptr: *mut T, extra: &SubViews<N>, pos: isize) -> StridedViewMut<'x, T, N> {
        // SAFETY: the blocks of distinct grid indices reach disjoint
        // elements of the parent (a unique layout), borrowed exclusively
        // for 'x; each position is handed out once (caller).
        unsafe {
            StridedViewMut::from_parts(NonNull::new_unchecked(ptr), extra.len, extra.at(pos), false)
        }
    }
}
// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<T, const N: usize> Producer<N> for ChunksMut<'_, T, N> {
    type Map = Layout<N>;
    fn into_raw(self) -> (*mut T, Layout<N>, SubViews<N>) {
        let (ptr, len, g) = self.zip_parts();
        chunk_parts(ptr, len, false, g)
    }
}

// The raw parts of a chunks operand: positions are row-major indices of
// the grid of blocks (empty when the iterator was used).
fn chunk_parts<T, const N: usize>(
    ptr: NonNull<T>,
    len: usize,
    whole: bool,
    g: Option<crate::view::ChunkGrid<N>>,
) -> (*mut T, Layout<N>, SubViews<N>) {
    // SAFETY: an empty layout reaches nothing.
    let none = unsafe { Layout::new_unchecked([0; N], [0; N], 0) };
    let Some(g) = g else {
        // Rank 0 has no empty shape (its one index is always visited): the
        // one block was handed out.
        assert!(
            N > 0,
            "Zip: a rank-0 chunks iterator whose block was already handed out is no operand: rank 0 has no empty shape"
        );
        let geom = Geom::Fixed {
            sub: none,
            empty: true,
        };
        return (ptr.as_ptr(), none, SubViews { len, whole, geom });
    };
    // Every block whole (exact chunks, or no shorter last block): items
    // are the chunk's layout at the block starts, as windows' are. The
    // positions are the parent's, so they fit whatever the number of
    // blocks (a broadcast parent may have more than isize::MAX + 1).
    if (0..N).all(|k| {
        g.grid[k]
            .checked_mul(g.chunk[k])
            .is_some_and(|n| n <= g.shape[k])
    }) {
        let empty = g.chunk.contains(&0) || g.grid.contains(&0);
        let sub = if empty {
            none
        } else {
            // SAFETY: block 0's layout (the grid is not empty): the chunk's
            // shape over the parent's strides at its offset, whose indices
            // are in-range parent indices (i < chunk <= grid·chunk <=
            // shape); `at` moves it to each block start.
            unsafe { Layout::new_unchecked(g.chunk, g.strides, g.offset) }
        };
        let geom = Geom::Fixed { sub, empty };
        return (ptr.as_ptr(), g.starts, SubViews { len, whole, geom });
    }
    let geom = Geom::Grid {
        grid: g.grid,
        chunk: g.chunk,
        shape: g.shape,
        strides: g.strides,
        offset: g.offset,
    };
    // A shorter last block: `axis_chunks_iter`, which chunks one axis by
    // 2 or more, so its grid has at most ceil(usize::MAX / 2) = 2^63
    // blocks and its row-major layout exists; it names indices, not
    // elements.
    let positions = Layout::try_contiguous(g.grid).unwrap_or(none);
    (ptr.as_ptr(), positions, SubViews { len, whole, geom })
}

// ---------------------------------------------------------------------
// The engine's own operands: the output of `map_collect` and the index of
// `indexed`. They never appear in a public signature.

/// The uninitialised output of `map_collect`: items are the slots.
pub(crate) struct Out<U>(PhantomData<*mut U>);
impl<U> sealed::Sealed for Out<U> {}
impl<'x, U> Lend<'x> for Out<U> {
    type Item = &'x mut MaybeUninit<U>;
}
// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<U> Yield for Out<U> {
    type Elem = MaybeUninit<U>;
    type Extra = ();
    const ELEMENT: bool = true;
    const SHARED_ELEMENT: bool = false;
    raw_runs!();
    #[inline(always)]
    unsafe fn item<'x>(ptr: *mut MaybeUninit<U>, _: &(), pos: isize) -> &'x mut MaybeUninit<U> {
        // SAFETY: positions of the output's row-major layout are slots of
        // the fresh buffer, each handed out once (caller).
        unsafe { &mut *ptr.offset(pos) }
    }
}

/// The index of `indexed`: positions are row-major indices of the zip's
/// shape (`Extra`), items their `[usize; N]`; nothing is accessed.
pub(crate) struct Index<const N: usize>;
impl<const N: usize> sealed::Sealed for Index<N> {}
impl<const N: usize> Lend<'_> for Index<N> {
    type Item = [usize; N];
}
// Not listed in errors: the trait's message names the operands.
#[diagnostic::do_not_recommend]
impl<const N: usize> Yield for Index<N> {
    type Elem = ();
    type Extra = [usize; N];
    const ELEMENT: bool = false;
    const SHARED_ELEMENT: bool = false;
    raw_runs!();
    #[inline(always)]
    unsafe fn item<'x>(_: *mut (), shape: &[usize; N], pos: isize) -> <Self as Lend<'x>>::Item {
        let mut lin = pos as usize;
        let mut index = [0usize; N];
        for k in (0..N).rev() {
            index[k] = lin % shape[k];
            lin /= shape[k];
        }
        index
    }
}
