//! Kernels: copy between any two layouts ([`rearrange`]), and the engine
//! behind `fill`, `map_inplace`, `zip_with`, `fold`, `map`, `to_vec` and
//! `copy_to_slice` on the views.
//!
//! Every kernel goes layout → plan → loops:
//! 1. a `Plan` drops size-1 axes, and — for pure copies and fills, whose
//!    visiting order is invisible — flips axes that run backwards in every
//!    operand and orders axes by stride (destination first); then it
//!    coalesces axes that are contiguous in every operand;
//! 2. copies whose source runs across the destination's inner axis (a
//!    transpose, any permutation) go to the transpose engine: a chain of
//!    axes contiguous in the destination and one contiguous in the source
//!    make a 2-D problem, cut into tiles and into blocks of one cache line
//!    square, each read as whole source lines and written as whole
//!    destination lines (SSE2 unpack rounds for plain 1-, 2-, 4- and
//!    8-byte elements on x86_64, a portable typed transpose otherwise; see
//!    `elem` for which types are plain and `simd` for the levels), with
//!    streaming stores of whole lines when the destination is large;
//!    small rank-2 copies skip the engine's setup;
//! 3. everything else runs along the inner axis, with loops monomorphized
//!    per rank: a vectorized forward copy for contiguous runs (streaming
//!    stores for long runs into a large destination), register picks for
//!    step-2 runs (only when the source view may read its whole buffer:
//!    the picks load the positions between), fills for broadcasts, plain
//!    loops otherwise.
//!
//! Every kernel reads and writes only the positions its layouts reach,
//! except where noted for sources that own their whole buffer: a view of
//! part of a buffer shares the rest with sibling views, maybe on other
//! threads.
//!
//! Every other kernel (`fill`, `map_inplace`, `zip_with`, `fold`, `sum`,
//! `map`, `Zip`, the axis reductions) is the element-wise engine
//! (`engine.rs`): the same plan in free order, the same odometer, and tiles
//! when an operand is transposed against the first; so they visit elements
//! in an unspecified order. `iter`, `iter_mut` and `indexed_iter` keep
//! logical row-major order.
//! No kernel allocates.

mod dynamic;
mod elem;
pub(crate) mod engine;
mod loops;
#[cfg(feature = "rayon")]
mod parallel;
mod plan;
mod simd;
mod transpose;

pub use dynamic::{rearrange_bytes, rearrange_bytes_raw, rearrange_dyn};
pub use simd::{force_level, force_streaming, Level};

#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub use parallel::par_rearrange;

use core::mem::size_of;

use crate::error::{Dims, LayoutError};
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};
use engine::for_each_run;
use loops::{copy_run, for_each_outer};
pub(crate) use plan::{Order, Plan};

/// Copies `src` into `dst` element by element (`dst[i] = src[i]` for every
/// index `i`), for any two layouts of the same shape: transposes, flips,
/// slices, broadcasts. `ShapeMismatch` when the shapes differ.
///
/// ```
/// use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};
/// let src: Vec<f32> = (0..6).map(|x| x as f32).collect();
/// let mut out = vec![0.0f32; 6];
/// let s = StridedView::new(&src, Layout::contiguous([2, 3]))?.t(); // 3x2
/// let mut d = StridedViewMut::new(&mut out, Layout::contiguous([3, 2]))?;
/// rearrange(&mut d, &s)?;
/// assert_eq!(out, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub fn rearrange<T: Copy, const N: usize, MD: Mapping<N>, MS: Mapping<N>>(
    dst: &mut StridedViewMut<'_, T, N, MD>,
    src: &StridedView<'_, T, N, MS>,
) -> Result<(), LayoutError> {
    let dl = dst.mapping().to_layout();
    let sl = src.mapping().to_layout();
    check_same_shape(&dl.shape(), &sl.shape())?;
    // SAFETY: both layouts are valid for their buffers (view invariants),
    // the shapes agree, dst is unique and exclusively borrowed, and src is
    // a shared borrow, so no source element is a destination element; src
    // may be read beyond its reached positions only when it says so.
    unsafe { copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl, src.is_whole()) };
    Ok(())
}

pub(crate) fn check_same_shape(expected: &[usize], found: &[usize]) -> Result<(), LayoutError> {
    if expected == found {
        Ok(())
    } else {
        Err(LayoutError::ShapeMismatch {
            expected: Dims::new(expected),
            found: Dims::new(found),
        })
    }
}

// Tile edge of transposed copies: 1 KiB of T per tile row (256 f32), so a
// tile's source and destination lines (2 x 256 KiB for f32) stay in L2
// while it is moved. Measured on the 2-core EPYC VM this was tuned on
// (4096² and 256³ f32 transposes): 256 and 128 are within the noise of
// each other, 64 is clearly slower. Under Miri, small tiles so that the
// tests cover several tiles and ragged edges.
const fn tile_for<T>() -> usize {
    if cfg!(miri) {
        return 16;
    }
    match 1024usize.checked_div(core::mem::size_of::<T>()) {
        Some(t) if t < transpose::MAX_TILE => t,
        _ => transpose::MAX_TILE,
    }
}

// Contiguous runs shorter than this many bytes are not streamed even into
// a large destination: each run's partial first and last lines then cost
// more than streaming saves (measured: 256³ (1,0,2) f32, 1 KiB runs).
const STREAM_RUN_MIN: usize = 16 << 10;

// Copies of at most this many elements are not worth the transpose
// engine's setup (measured: an 8x8 f32 transpose).
const SMALL_COPY: usize = if cfg!(miri) { 8 } else { 128 };

/// Copies every element of `sl` over `src` to the same index of `dl` over `dst`.
///
/// `src_whole`: whether the source buffer may be read beyond the positions
/// `sl` reaches (the source view's `whole` flag: it owns its whole buffer,
/// `0..required_len()` at least, and nobody writes any of it meanwhile).
/// Only then may fast paths load more than they copy (the wide loads of a
/// step-2 run); otherwise every path touches exactly the reached positions,
/// because the others may belong to a sibling view another thread writes.
/// Destination positions are never touched beyond those `dl` reaches.
///
/// # Safety
/// `dl` and `sl` have the same shape; every position they reach is inside
/// its buffer; `dl` is unique and its positions are exclusively ours and
/// are not positions `sl` reads; when `src_whole`, every position from the
/// lowest to the highest `sl` reaches may be read and nobody writes them.
pub(crate) unsafe fn copy_raw<T: Copy, const N: usize>(
    dst: *mut T,
    dl: &Layout<N>,
    src: *const T,
    sl: &Layout<N>,
    src_whole: bool,
) {
    if let Some(plan) = copy_plan(dl, sl) {
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_planned(dst, src, plan, src_whole) }
    }
}

// The plan of a copy from sl to dl (equal shapes); None when empty.
pub(crate) fn copy_plan<const N: usize>(dl: &Layout<N>, sl: &Layout<N>) -> Option<Plan<2>> {
    let (ds, ss) = (dl.strides(), sl.strides());
    Plan::<2>::new(
        &dl.shape(),
        [&ds, &ss],
        [dl.offset(), sl.offset()],
        Order::Free,
    )
}

/// Runs a copy plan (operand 0 = dst, 1 = src); `src_whole` as in
/// [`copy_raw`].
///
/// # Safety
/// Every position the plan reaches is inside its buffer; dst positions are
/// distinct, exclusively ours, and not read through src; when `src_whole`,
/// every source position between the lowest and highest the plan reaches
/// may be read and nobody writes them.
pub(crate) unsafe fn copy_planned<T: Copy>(
    dst: *mut T,
    src: *const T,
    plan: Plan<2>,
    src_whole: bool,
) {
    let bytes = plan.numel().saturating_mul(core::mem::size_of::<T>());
    // SAFETY: forwarded from this function's contract.
    unsafe { copy_planned_sized(dst, src, plan, src_whole, bytes) }
}

/// [`copy_planned`] for a part of a copy that writes `total_bytes` in all
/// (the size decides between ordinary and streaming stores).
///
/// # Safety
/// As [`copy_planned`].
pub(crate) unsafe fn copy_planned_sized<T: Copy>(
    dst: *mut T,
    src: *const T,
    plan: Plan<2>,
    src_whole: bool,
    total_bytes: usize,
) {
    if core::mem::size_of::<T>() == 0 {
        // A zero-sized Copy value holds no bytes and has no drop: there is
        // nothing to move (and axes of usize::MAX such elements would take
        // forever to walk).
        return;
    }
    if plan.rank == 0 {
        // SAFETY: one element, at each layout's offset.
        unsafe { copy_run(dst, plan.start[0], 1, src, plan.start[1], 1, 1, false) };
        return;
    }
    // Small copies (an 8x8 tile) skip the transpose engine: its setup
    // (chains, offset tables) costs more than walking them element by
    // element; at rank 2, one plain loop nest.
    let small = plan.numel() <= SMALL_COPY;
    if small && plan.rank == 2 {
        let (n0, n1) = (plan.shape[0], plan.shape[1]);
        let [[d0, d1, ..], [s0, s1, ..]] = plan.strides;
        let [dp, sp] = plan.start;
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if d1 == 1 && s0 == 1 && simd::level() >= simd::Level::Sse2 && elem::is_plain::<T>() {
            // SAFETY: as below; T is plain, its size matches W.
            unsafe {
                let (d, s) = (dst.offset(dp).cast::<u8>(), src.offset(sp).cast::<u8>());
                match size_of::<T>() {
                    1 => return simd::sse2_small::<1>(d, d0, s, s1, n0, n1),
                    2 => return simd::sse2_small::<2>(d, d0, s, s1, n0, n1),
                    4 => return simd::sse2_small::<4>(d, d0, s, s1, n0, n1),
                    8 => return simd::sse2_small::<8>(d, d0, s, s1, n0, n1),
                    _ => {}
                }
            }
        }
        for i in 0..n0 as isize {
            for j in 0..n1 as isize {
                // SAFETY: (i, j) is an index of the plan, so both positions
                // are reached (in bounds; dst ones ours).
                unsafe { *dst.offset(dp + i * d0 + j * d1) = *src.offset(sp + i * s0 + j * s1) };
            }
        }
        return;
    }
    if !small && transpose::is_transpose::<T>(&plan) {
        // SAFETY: forwarded from this function's contract.
        if unsafe { transpose::copy(dst, src, &plan, tile_for::<T>(), total_bytes) } {
            return;
        }
    }
    let inner = plan.rank - 1;
    let (n, [dc, sc]) = (
        plan.shape[inner],
        [plan.strides[0][inner], plan.strides[1][inner]],
    );
    let size = core::mem::size_of::<T>();
    // Streaming stores for long contiguous runs into a large destination
    // (whole lines only; see the simd module).
    let stream =
        dc == 1 && sc == 1 && n * size >= STREAM_RUN_MIN && simd::stream_for::<T>(total_bytes);
    for_each_outer(&plan, inner, |[dp, sp]| {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if stream {
            // SAFETY: the run's n elements on both sides are reached
            // positions (unit strides); T is plain (stream_for).
            let done = unsafe {
                simd::stream_copy(
                    dst.offset(dp).cast::<u8>(),
                    src.offset(sp).cast::<u8>(),
                    n,
                    size,
                )
            };
            if done {
                return;
            }
        }
        // SAFETY: the run covers the inner axis at an in-range index.
        unsafe { copy_run(dst, dp, dc, src, sp, sc, n, src_whole) }
    });
    if stream {
        simd::stream_fence();
    }
}

/// Writes `value` to every element.
///
/// # Safety
/// Every position `l` reaches is inside the buffer and exclusively ours.
pub(crate) unsafe fn fill_raw<T: Clone, const N: usize>(dst: *mut T, l: &Layout<N>, value: T) {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Free) else {
        return;
    };
    let (n, inner) = inner_of(&plan);
    for_each_outer(&plan, plan.rank.saturating_sub(1), |[p]| {
        // SAFETY: positions p + j·inner for j < n are reached by l.
        unsafe {
            if inner == 1 {
                core::slice::from_raw_parts_mut(dst.offset(p), n).fill(value.clone());
            } else {
                for j in 0..n as isize {
                    *dst.offset(p + j * inner) = value.clone();
                }
            }
        }
    });
}

/// Calls `f` on every element, mutably, in an unspecified (memory) order.
///
/// # Safety
/// As [`fill_raw`].
pub(crate) unsafe fn for_each_mut<T, const N: usize>(
    dst: *mut T,
    l: &Layout<N>,
    mut f: impl FnMut(&mut T),
) {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Free) else {
        return;
    };
    for_each_run(&plan, 0, |[p], n, [inner]| {
        // SAFETY: positions p + j·inner for j < n are reached by l, each
        // once (l is unique), so the &mut never overlap.
        unsafe {
            if inner == 1 {
                core::slice::from_raw_parts_mut(dst.offset(p), n)
                    .iter_mut()
                    .for_each(&mut f);
            } else {
                for j in 0..n as isize {
                    f(&mut *dst.offset(p + j * inner));
                }
            }
        }
    });
}

/// Folds every element in an unspecified (memory) order.
///
/// # Safety
/// Every position `l` reaches is inside the buffer, and nobody writes
/// them meanwhile.
pub(crate) unsafe fn fold_ref<T, B, const N: usize>(
    src: *const T,
    l: &Layout<N>,
    init: B,
    mut f: impl FnMut(B, &T) -> B,
) -> B {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Free) else {
        return init;
    };
    // The accumulator moves through the runs; if `f` panics it is simply
    // dropped with the unwinding closure state.
    let mut acc = Some(init);
    for_each_run(&plan, 0, |[p], n, [inner]| {
        let Some(mut a) = acc.take() else { return };
        // SAFETY: positions p + j·inner for j < n are reached by l.
        unsafe {
            if inner == 1 {
                for e in core::slice::from_raw_parts(src.offset(p), n) {
                    a = f(a, e);
                }
            } else {
                for j in 0..n as isize {
                    a = f(a, &*src.offset(p + j * inner));
                }
            }
        }
        acc = Some(a);
    });
    match acc {
        Some(a) => a,
        // Unreachable: every run puts the accumulator back before the next.
        None => unreachable!("the accumulator is put back after every run"),
    }
}

/// The sum of a contiguous run, with 16 independent accumulators so that
/// floating-point sums vectorize (reassociates).
#[inline(always)]
pub(crate) fn sum_slice<T: Copy + Default + core::ops::Add<Output = T>>(x: &[T]) -> T {
    let mut acc = [T::default(); 16];
    let mut chunks = x.chunks_exact(16);
    for c in &mut chunks {
        for k in 0..16 {
            acc[k] = acc[k] + c[k];
        }
    }
    let mut total = T::default();
    for a in acc {
        total = total + a;
    }
    for &e in chunks.remainder() {
        total = total + e;
    }
    total
}

/// Sums every element, in an unspecified order (may reassociate).
///
/// # Safety
/// As [`fold_ref`].
pub(crate) unsafe fn sum_raw<T: Copy + Default + core::ops::Add<Output = T>, const N: usize>(
    src: *const T,
    l: &Layout<N>,
) -> T {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Free) else {
        return T::default();
    };
    let mut total = T::default();
    for_each_run(&plan, 0, |[p], n, [inner]| {
        // SAFETY: positions p + j·inner for j < n are reached by l.
        unsafe {
            if inner == 1 {
                total = total + sum_slice(core::slice::from_raw_parts(src.offset(p), n));
            } else {
                let mut a = T::default();
                for j in 0..n as isize {
                    a = a + *src.offset(p + j * inner);
                }
                total = total + a;
            }
        }
    });
    total
}

/// Calls `f(&mut dst[i], &src[i])` for every index, in an unspecified
/// (memory, cache-tiled) order.
///
/// # Safety
/// Same shapes; `dl` as in [`fill_raw`], `sl` as in [`fold_ref`], and
/// no position is both.
pub(crate) unsafe fn zip_mut<T, U, const N: usize>(
    dst: *mut T,
    dl: &Layout<N>,
    src: *const U,
    sl: &Layout<N>,
    mut f: impl FnMut(&mut T, &U),
) {
    let (ds, ss) = (dl.strides(), sl.strides());
    let Some(plan) = Plan::<2>::new(
        &dl.shape(),
        [&ds, &ss],
        [dl.offset(), sl.offset()],
        Order::Free,
    ) else {
        return;
    };
    let tile = engine::tile_edge(size_of::<T>().max(size_of::<U>()));
    for_each_run(&plan, tile, |[dp, sp], n, [dc, sc]| {
        // SAFETY: the positions are reached by the layouts; dst ones are
        // distinct and exclusively ours.
        unsafe {
            if dc == 1 && sc == 1 {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let s = core::slice::from_raw_parts(src.offset(sp), n);
                d.iter_mut().zip(s).for_each(|(a, b)| f(a, b));
            } else if dc == 1 && sc == 0 {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let s = &*src.offset(sp);
                d.iter_mut().for_each(|a| f(a, s));
            } else {
                for j in 0..n as isize {
                    f(&mut *dst.offset(dp + j * dc), &*src.offset(sp + j * sc));
                }
            }
        }
    });
}

/// Writes `f(&src[i])` into the row-major, uninitialised buffer `out` at
/// every index `i`, calling `f` in an unspecified order. If `f` panics, the
/// elements written so far are dropped (the traversal is deterministic, so
/// they are the first ones it visits) and `out` is left uninitialised.
/// Returns how many elements it wrote: `sl.numel()`, or 0 when it wrote
/// none (no row-major layout of that shape exists); only when it returns
/// `sl.numel()` is `out` initialised.
///
/// # Safety
/// `out` is valid for writes of `sl.numel()` elements and does not overlap
/// src; `sl` as in [`fold_ref`].
#[cfg(feature = "alloc")]
pub(crate) unsafe fn map_uninit<T, U, const N: usize>(
    out: *mut U,
    src: *const T,
    sl: &Layout<N>,
    mut f: impl FnMut(&T) -> U,
) -> usize {
    let Ok(ol) = Layout::try_contiguous(sl.shape()) else {
        return 0;
    };
    let (os, ss) = (ol.strides(), sl.strides());
    let Some(plan) = Plan::<2>::new(&ol.shape(), [&os, &ss], [0, sl.offset()], Order::Free) else {
        return 0;
    };
    let tile = engine::tile_edge(size_of::<T>().max(size_of::<U>()));

    // Drops the first `written` elements the plan visits in `out`.
    struct Unwind<U> {
        out: *mut U,
        plan: Plan<2>,
        tile: usize,
        written: usize,
    }
    impl<U> Drop for Unwind<U> {
        fn drop(&mut self) {
            let mut left = self.written;
            for_each_run(&self.plan, self.tile, |[op, _], n, [oc, _]| {
                for j in 0..n.min(left) as isize {
                    // SAFETY: the first `written` visited positions were
                    // initialised by map_uninit, and are dropped once.
                    unsafe { core::ptr::drop_in_place(self.out.offset(op + j * oc)) };
                }
                left -= n.min(left);
            });
        }
    }
    let mut guard = Unwind {
        out,
        plan,
        tile,
        written: 0,
    };
    for_each_run(&plan, tile, |[op, sp], n, [oc, sc]| {
        // SAFETY: out positions are distinct and below numel; src positions
        // are reached by sl; writes go to uninitialised memory (no drop).
        unsafe {
            if oc == 1 && sc == 1 {
                let s = core::slice::from_raw_parts(src.offset(sp), n);
                let o = out.offset(op);
                for (j, e) in s.iter().enumerate() {
                    o.add(j).write(f(e));
                    guard.written += 1;
                }
            } else {
                for j in 0..n as isize {
                    out.offset(op + j * oc).write(f(&*src.offset(sp + j * sc)));
                    guard.written += 1;
                }
            }
        }
    });
    // Every element is initialised: the caller owns them now.
    let written = guard.written;
    core::mem::forget(guard);
    written
}

/// The plan of an axis reduction: operand 0 is the source (it leads the
/// order), operand 1 the destination, with stride 0 along `axis`.
fn reduce_plan<const N: usize, const R: usize>(
    sl: &Layout<N>,
    axis: usize,
    dl: &Layout<R>,
) -> Option<Plan<2>> {
    let ds = dl.strides();
    let dst_strides: [isize; N] = core::array::from_fn(|k| match k.cmp(&axis) {
        core::cmp::Ordering::Less => ds[k],
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Greater => ds[k - 1],
    });
    let ss = sl.strides();
    Plan::<2>::new(
        &sl.shape(),
        [&ss, &dst_strides],
        [sl.offset(), dl.offset()],
        Order::Free,
    )
}

/// `f(&mut dst[i without axis], &src[i])` for every index `i` of `sl`,
/// in an unspecified order.
///
/// # Safety
/// `dl` has `sl`'s shape without `axis` (`axis < N`, `R + 1 == N`); `dl`
/// as in [`fill_raw`], `sl` as in [`fold_ref`]; no position is both.
pub(crate) unsafe fn reduce_into<T, B, const N: usize, const R: usize>(
    dst: *mut B,
    dl: &Layout<R>,
    src: *const T,
    sl: &Layout<N>,
    axis: usize,
    mut f: impl FnMut(&mut B, &T),
) {
    let Some(plan) = reduce_plan(sl, axis, dl) else {
        return;
    };
    let tile = engine::tile_edge(size_of::<T>().max(size_of::<B>()));
    for_each_run(&plan, tile, |[sp, dp], n, [sc, dc]| {
        // SAFETY: positions are reached by the layouts; each &mut lives for
        // one call, so the repeats of a dst element (stride 0) never overlap.
        unsafe {
            if dc == 0 && sc == 1 {
                let d = &mut *dst.offset(dp);
                core::slice::from_raw_parts(src.offset(sp), n)
                    .iter()
                    .for_each(|e| f(d, e));
            } else if dc == 1 && sc == 1 {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let s = core::slice::from_raw_parts(src.offset(sp), n);
                d.iter_mut().zip(s).for_each(|(a, b)| f(a, b));
            } else {
                for j in 0..n as isize {
                    f(&mut *dst.offset(dp + j * dc), &*src.offset(sp + j * sc));
                }
            }
        }
    });
}

/// [`reduce_into`] with `+`, reassociating (several accumulators) when the
/// reduced axis is the contiguous inner one.
///
/// # Safety
/// As [`reduce_into`].
#[cfg(feature = "alloc")]
pub(crate) unsafe fn sum_axis_into<T, const N: usize, const R: usize>(
    dst: *mut T,
    dl: &Layout<R>,
    src: *const T,
    sl: &Layout<N>,
    axis: usize,
) where
    T: Copy + Default + core::ops::Add<Output = T>,
{
    let Some(plan) = reduce_plan(sl, axis, dl) else {
        return;
    };
    let r = plan.rank;
    if r >= 2
        && (plan.strides[0][r - 1], plan.strides[1][r - 1]) == (1, 1)
        && plan.strides[1][r - 2] == 0
    {
        // Rows of the source accumulate into one contiguous row of dst:
        // add four source rows per pass over dst (a quarter of the dst
        // traffic), vectorized.
        let mut outer = plan;
        let (n, _) = outer.take_axis(r - 1);
        let (rows, [rs, _]) = outer.take_axis(r - 2);
        for_each_outer(&outer, outer.rank, |[sp, dp]| {
            // SAFETY: as in reduce_into: rows·rs + n stay within the
            // source positions of sl; dst's row is n distinct positions.
            unsafe {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let row =
                    |k: usize| core::slice::from_raw_parts(src.offset(sp + k as isize * rs), n);
                let mut k = 0;
                while k + 4 <= rows {
                    let (a, b, c, e) = (row(k), row(k + 1), row(k + 2), row(k + 3));
                    let quads = a.iter().zip(b).zip(c).zip(e);
                    for (x, (((&a, &b), &c), &e)) in d.iter_mut().zip(quads) {
                        *x = *x + ((a + b) + (c + e));
                    }
                    k += 4;
                }
                while k < rows {
                    for (x, &y) in d.iter_mut().zip(row(k)) {
                        *x = *x + y;
                    }
                    k += 1;
                }
            }
        });
        return;
    }
    let tile = engine::tile_edge(size_of::<T>());
    for_each_run(&plan, tile, |[sp, dp], n, [sc, dc]| {
        // SAFETY: as in reduce_into.
        unsafe {
            if dc == 0 && sc == 1 {
                let d = dst.offset(dp);
                *d = *d + sum_slice(core::slice::from_raw_parts(src.offset(sp), n));
            } else if dc == 1 && sc == 1 {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let s = core::slice::from_raw_parts(src.offset(sp), n);
                d.iter_mut().zip(s).for_each(|(a, &b)| *a = *a + b);
            } else if dc == 0 {
                let d = dst.offset(dp);
                let mut a = *d;
                for j in 0..n as isize {
                    a = a + *src.offset(sp + j * sc);
                }
                *d = a;
            } else {
                for j in 0..n as isize {
                    let d = dst.offset(dp + j * dc);
                    *d = *d + *src.offset(sp + j * sc);
                }
            }
        }
    });
}

// The inner axis of a one-operand plan: (length, stride); a scalar plan
// has a single run of one element.
fn inner_of(plan: &Plan<1>) -> (usize, isize) {
    if plan.rank == 0 {
        (1, 1)
    } else {
        (plan.shape[plan.rank - 1], plan.strides[0][plan.rank - 1])
    }
}
