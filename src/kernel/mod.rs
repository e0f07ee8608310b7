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
//!    transpose) are tiled, so reads and writes of a tile stay in cache;
//! 3. the loops are monomorphized per rank, with a unit-stride inner loop
//!    the compiler vectorizes and a plain `memcpy` for contiguous runs.
//!
//! Kernels that call a user closure (`map_inplace`, `zip_with`, `fold`,
//! `map`) call it in logical row-major order, as every iteration in the
//! crate does; they still coalesce, which never changes the order.
//! No kernel allocates.

mod loops;
#[cfg(feature = "rayon")]
mod parallel;
mod plan;

#[cfg(feature = "rayon")]
pub use parallel::par_rearrange;

use crate::error::{Dims, LayoutError};
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};
use loops::{copy_run, copy_tile, for_each_outer};
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

// Tile edge for transposed copies: about 512 bytes of T per tile row, a
// multiple of the micro block, so a tile's source and destination lines
// (2 x 128 rows of 512 bytes for f32, 128 KiB) stay in L2 while it is
// moved (measured on this noisy 2-core VM, 4096x4096 f32 transpose: 32
// and 64 are clearly slower; 128 and 256 are within the noise).
const fn tile_for<T>() -> usize {
    if cfg!(miri) {
        // Small, but big enough for micro blocks and ragged edges.
        return 2 * loops::MICRO;
    }
    let size = core::mem::size_of::<T>();
    let t = match 512usize.checked_div(size) {
        Some(t) => t,
        None => 64,
    };
    let t = if t < 2 * loops::MICRO {
        2 * loops::MICRO
    } else if t > 128 {
        128
    } else {
        t
    };
    t / loops::MICRO * loops::MICRO
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
pub(crate) unsafe fn copy_planned<T: Copy>(dst: *mut T, src: *const T, mut plan: Plan<2>) {
    if plan.rank == 0 {
        // SAFETY: one element, at each layout's offset.
        unsafe { copy_run(dst, plan.start[0], 1, src, plan.start[1], 1, 1) };
        return;
    }
    let inner = plan.rank - 1;
    let s_inner = plan.strides[1][inner].unsigned_abs();
    // The axis along which the source is densest, if not the inner one.
    let dense = (0..inner).min_by_key(|&a| plan.strides[1][a].unsigned_abs());
    let line = 64 / core::mem::size_of::<T>().max(1);
    match dense {
        Some(a) if s_inner > line.max(1) && plan.strides[1][a].unsigned_abs() < s_inner => {
            let (cols, [dc, sc]) = plan.take_axis(inner);
            let (rows, [dr, sr]) = plan.take_axis(a);
            // Walk the block's axes so that the source runs forward along
            // the rows and the destination along the columns (a transpose
            // of a flipped view becomes a plain transpose, see copy_tile).
            let (row_shift, dr, sr) = if sr < 0 {
                (
                    [(rows as isize - 1) * dr, (rows as isize - 1) * sr],
                    -dr,
                    -sr,
                )
            } else {
                ([0, 0], dr, sr)
            };
            let (col_shift, dc, sc) = if dc < 0 {
                (
                    [(cols as isize - 1) * dc, (cols as isize - 1) * sc],
                    -dc,
                    -sc,
                )
            } else {
                ([0, 0], dc, sc)
            };
            // Blocks of the tile further apart than the tile's own rows and
            // columns (the outer axis of a 256^3 (0,2,1) permutation) are
            // copied whole, one after the other, each in tiles. Blocks
            // nearer than that (a (2,1,0) permutation, whose middle axis is
            // 1 KiB apart in both buffers) are interleaved instead: each
            // tile is copied for every block before the next tile, nearest
            // blocks last, so the tile's pages and lines are reused.
            plan.sort_by_total_stride();
            let interleave = plan.rank > 0 && {
                let o = plan.rank - 1;
                plan.strides[0][o].unsigned_abs() < dr.unsigned_abs()
                    && plan.strides[1][o].unsigned_abs() < sc.unsigned_abs()
            };
            let tile = tile_for::<T>();
            let tiles = |dp: isize, sp: isize, r0: usize, r1: usize, c0: usize, c1: usize| {
                let dp = dp + row_shift[0] + col_shift[0];
                let sp = sp + row_shift[1] + col_shift[1];
                // SAFETY: the tile of the block at (dp, sp) is part of the
                // index space (walked from its other corner along flipped
                // axes), all inside the layouts (see copy_raw's contract).
                unsafe { copy_tile(dst, dp, src, sp, (r0, r1, dr, sr), (c0, c1, dc, sc)) }
            };
            let each_tile = |f: &mut dyn FnMut(usize, usize, usize, usize)| {
                for r0 in (0..rows).step_by(tile) {
                    for c0 in (0..cols).step_by(tile) {
                        f(r0, (r0 + tile).min(rows), c0, (c0 + tile).min(cols));
                    }
                }
            };
            if interleave {
                each_tile(&mut |r0, r1, c0, c1| {
                    for_each_outer(&plan, plan.rank, |[dp, sp]| tiles(dp, sp, r0, r1, c0, c1))
                });
            } else {
                for_each_outer(&plan, plan.rank, |[dp, sp]| {
                    each_tile(&mut |r0, r1, c0, c1| tiles(dp, sp, r0, r1, c0, c1))
                });
            }
        }
        _ => {
            let (n, [dc, sc]) = (
                plan.shape[inner],
                [plan.strides[0][inner], plan.strides[1][inner]],
            );
            for_each_outer(&plan, inner, |[dp, sp]| {
                // SAFETY: the run covers the inner axis at an in-range index.
                unsafe { copy_run(dst, dp, dc, src, sp, sc, n) }
            });
        }
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
