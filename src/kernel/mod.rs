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
//! Kernels that call a user closure (`map_inplace`, `zip_with`, `fold`,
//! `map`) call it in logical row-major order, as every iteration in the
//! crate does; they still coalesce, which never changes the order.
//! No kernel allocates.

mod elem;
mod loops;
#[cfg(feature = "rayon")]
mod parallel;
mod plan;
mod simd;
mod transpose;

pub use simd::{force_level, force_streaming, Level};

#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub use parallel::par_rearrange;

use core::mem::size_of;

use crate::error::{Dims, LayoutError};
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};
use loops::{copy_run, for_each_outer};
use plan::{Order, Plan};

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
    unsafe { copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl, src.reads_whole()) };
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

/// Calls `f` on every element, mutably, in logical row-major order.
///
/// # Safety
/// As [`fill_raw`].
pub(crate) unsafe fn for_each_mut<T, const N: usize>(
    dst: *mut T,
    l: &Layout<N>,
    mut f: impl FnMut(&mut T),
) {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Logical) else {
        return;
    };
    let (n, inner) = inner_of(&plan);
    for_each_outer(&plan, plan.rank.saturating_sub(1), |[p]| {
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

/// Calls `f` on every element in logical row-major order.
///
/// # Safety
/// Every position `l` reaches is inside the buffer, and nobody writes
/// them meanwhile.
pub(crate) unsafe fn for_each_ref<T, const N: usize>(
    src: *const T,
    l: &Layout<N>,
    mut f: impl FnMut(&T),
) {
    let s = l.strides();
    let Some(plan) = Plan::<1>::new(&l.shape(), [&s], [l.offset()], Order::Logical) else {
        return;
    };
    let (n, inner) = inner_of(&plan);
    for_each_outer(&plan, plan.rank.saturating_sub(1), |[p]| {
        // SAFETY: positions p + j·inner for j < n are reached by l.
        unsafe {
            if inner == 1 {
                core::slice::from_raw_parts(src.offset(p), n)
                    .iter()
                    .for_each(&mut f);
            } else {
                for j in 0..n as isize {
                    f(&*src.offset(p + j * inner));
                }
            }
        }
    });
}

/// Calls `f(&mut dst[i], &src[i])` for every index in logical row-major order.
///
/// # Safety
/// Same shapes; `dl` as in [`fill_raw`], `sl` as in [`for_each_ref`], and
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
        Order::Logical,
    ) else {
        return;
    };
    let (n, dc, sc) = if plan.rank == 0 {
        (1, 1, 1)
    } else {
        let i = plan.rank - 1;
        (plan.shape[i], plan.strides[0][i], plan.strides[1][i])
    };
    for_each_outer(&plan, plan.rank.saturating_sub(1), |[dp, sp]| {
        // SAFETY: the positions are reached by the layouts; dst ones are
        // distinct and exclusively ours.
        unsafe {
            if dc == 1 && sc == 1 {
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

// The inner axis of a one-operand plan: (length, stride); a scalar plan
// has a single run of one element.
fn inner_of(plan: &Plan<1>) -> (usize, isize) {
    if plan.rank == 0 {
        (1, 1)
    } else {
        (plan.shape[plan.rank - 1], plan.strides[0][plan.rank - 1])
    }
}
