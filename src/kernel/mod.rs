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
//!    destination lines (SSE 4x4 shuffles for 4-byte elements on x86_64,
//!    a portable register transpose otherwise);
//! 3. everything else runs along the inner axis, with loops monomorphized
//!    per rank: a vectorized forward copy for contiguous runs, register
//!    picks for step-2 runs, fills for broadcasts, plain loops otherwise.
//!
//! Kernels that call a user closure (`map_inplace`, `zip_with`, `fold`,
//! `map`) call it in logical row-major order, as every iteration in the
//! crate does; they still coalesce, which never changes the order.
//! No kernel allocates.

mod dynamic;
mod loops;
#[cfg(feature = "rayon")]
mod parallel;
mod plan;
mod transpose;

pub use dynamic::{rearrange_bytes, rearrange_bytes_raw, rearrange_dyn};
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub use parallel::par_rearrange;

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
    // a shared borrow, so no source element is a destination element.
    unsafe { copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl) };
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

/// Copies every element of `sl` over `src` to the same index of `dl` over `dst`.
///
/// # Safety
/// `dl` and `sl` have the same shape; every position they reach is inside
/// its buffer; `dl` is unique and its positions are exclusively ours and
/// are not positions `sl` reads.
pub(crate) unsafe fn copy_raw<T: Copy, const N: usize>(
    dst: *mut T,
    dl: &Layout<N>,
    src: *const T,
    sl: &Layout<N>,
) {
    if let Some(plan) = copy_plan(dl, sl) {
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_planned(dst, src, plan) }
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

/// Runs a copy plan (operand 0 = dst, 1 = src).
///
/// # Safety
/// Every position the plan reaches is inside its buffer; dst positions are
/// distinct, exclusively ours, and not read through src.
pub(crate) unsafe fn copy_planned<T: Copy>(dst: *mut T, src: *const T, plan: Plan<2>) {
    if plan.rank == 0 {
        // SAFETY: one element, at each layout's offset.
        unsafe { copy_run(dst, plan.start[0], 1, src, plan.start[1], 1, 1) };
        return;
    }
    if transpose::is_transpose::<T>(&plan) {
        // SAFETY: forwarded from this function's contract.
        if unsafe { transpose::copy(dst, src, &plan, tile_for::<T>()) } {
            return;
        }
    }
    let inner = plan.rank - 1;
    let (n, [dc, sc]) = (
        plan.shape[inner],
        [plan.strides[0][inner], plan.strides[1][inner]],
    );
    for_each_outer(&plan, inner, |[dp, sp]| {
        // SAFETY: the run covers the inner axis at an in-range index.
        unsafe { copy_run(dst, dp, dc, src, sp, sc, n) }
    });
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
