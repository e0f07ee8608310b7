//! Axis reductions on raw parts (`fold_axis_into`, `sum_axis`): a two-operand
//! plan whose destination has stride 0 along the reduced axis, run by the
//! traversal of `engine.rs`.

use core::mem::size_of;

#[cfg(feature = "alloc")]
use super::elementwise::sum_slice;
use super::engine::{self, for_each_run};
use super::loops::for_each_outer_one_site;
use super::plan::{Order, Plan};
use crate::layout::Layout;

/// The plan of an axis reduction: operand 0 is the source (it leads the
/// order), operand 1 the destination, with stride 0 along `axis`.
fn reduce_plan<const N: usize, const R: usize>(
    sl: &Layout<N>,
    axis: usize,
    dl: &Layout<R>,
) -> Option<Plan<2>> {
    let ds = dl.strides();
    let dst_strides: [isize; N] = crate::array_from(|k| match k.cmp(&axis) {
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
/// as in [`fill_raw`](super::elementwise::fill_raw), `sl` as in [`fold_ref`](super::elementwise::fold_ref); no position is both.
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
    let r = plan.rank;
    if r >= 2
        && (plan.strides[0][r - 1], plan.strides[1][r - 1]) == (1, 1)
        && plan.strides[1][r - 2] == 0
    {
        // Rows of the source accumulate into one contiguous row of dst, as
        // in `sum_axis_into`: whole rows at a time (slices, so that `f`
        // vectorizes across the row), and for long rows four source rows
        // per pass over dst (a quarter of the dst traffic; `f` still sees
        // each element once, rows in order for each dst element).
        let mut outer = plan;
        let (n, _) = outer.take_axis(r - 1);
        let (rows, [rs, _]) = outer.take_axis(r - 2);
        for_each_outer_one_site(&outer, outer.rank, |[sp, dp]| {
            // SAFETY: the plan's positions are reached by the layouts:
            // sp + k·rs + j (k < rows, j < n) by sl, dp + j by dl (n
            // distinct positions, exclusively ours, none a source one).
            unsafe {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let row =
                    |k: usize| core::slice::from_raw_parts(src.offset(sp + k as isize * rs), n);
                // Four rows per pass over dst when rows are long, or short
                // but adjacent (one stream through memory: a (2000, 300)
                // f64 `min_axis(0)`); short rows far apart one at a time
                // (see `sum_axis_with`). Compiled with AVX2 where the CPU
                // has it (the same operations in the same order: results
                // do not change), as the compares and selects of `min`
                // and `max`, not the memory, bound a pass in the cache.
                let quads = n * size_of::<T>() > SHORT_ROW_BYTES || rs == n as isize;
                super::simd::with_avx2(
                    #[inline(always)]
                    || {
                        let mut k = 0;
                        if quads {
                            while k + 4 <= rows {
                                let (a, b, c, e) = (row(k), row(k + 1), row(k + 2), row(k + 3));
                                let quads = a.iter().zip(b).zip(c).zip(e);
                                for (x, (((a, b), c), e)) in d.iter_mut().zip(quads) {
                                    f(x, a);
                                    f(x, b);
                                    f(x, c);
                                    f(x, e);
                                }
                                k += 4;
                            }
                        }
                        while k < rows {
                            d.iter_mut().zip(row(k)).for_each(|(x, y)| f(x, y));
                            k += 1;
                        }
                    },
                );
            }
        });
        return;
    }
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

// Rows of at most this many bytes accumulate one at a time (see
// `sum_axis_into`).
const SHORT_ROW_BYTES: usize = 4 << 10;

// Destinations of at least this many elements are summed in the source's
// order when they run across its contiguous axis (below this they stay in
// L1, and the strided updates cost less than the extra pass).
#[cfg(feature = "alloc")]
const SOURCE_ORDER_MIN: usize = if cfg!(miri) { 4 } else { 4096 };

/// A dense layout of `dl`'s shape whose axes are ordered as the source
/// `sl`'s kept axes lie in memory (the kept axis with the smallest source
/// stride gets stride 1): summing into it walks both in the same order.
/// `None` if it cannot be built (never for a valid `dl`).
#[cfg(feature = "alloc")]
fn source_ordered<const N: usize, const R: usize>(
    sl: &Layout<N>,
    axis: usize,
    dl: &Layout<R>,
) -> Option<Layout<R>> {
    let ss = sl.strides();
    // Source stride of each destination axis.
    let key = |k: usize| ss[if k < axis { k } else { k + 1 }].unsigned_abs();
    let mut order: [usize; R] = crate::array_from(|k| k);
    // Largest source stride first (outermost); ties keep row-major order.
    order.sort_unstable_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    let shape = dl.shape();
    let mut strides = [0isize; R];
    let mut step: usize = 1;
    for &k in order.iter().rev() {
        strides[k] = isize::try_from(step).ok()?;
        step = step.checked_mul(shape[k].max(1))?;
    }
    Layout::new(shape, strides, 0).ok()
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
    // SAFETY: forwarded from this function's contract.
    unsafe { sum_axis_with(dst, dl, src, sl, axis, true) }
}

/// [`sum_axis_into`]; `reorder`: whether a destination running across the
/// source's contiguous axis may be summed through a source-ordered
/// temporary (not again inside that sum, whatever the plan's tie-breaks).
///
/// # Safety
/// As [`reduce_into`].
#[cfg(feature = "alloc")]
unsafe fn sum_axis_with<T, const N: usize, const R: usize>(
    dst: *mut T,
    dl: &Layout<R>,
    src: *const T,
    sl: &Layout<N>,
    axis: usize,
    reorder: bool,
) where
    T: Copy + Default + core::ops::Add<Output = T>,
{
    let Some(plan) = reduce_plan(sl, axis, dl) else {
        return;
    };
    let r = plan.rank;
    if reorder
        && r >= 1
        && plan.strides[0][r - 1].unsigned_abs() == 1
        && plan.strides[1][r - 1].unsigned_abs() > 1
        && dl.numel() >= SOURCE_ORDER_MIN
        && let Some(tl) = source_ordered(sl, axis, dl)
    {
        // The destination runs across the source's contiguous axis (a
        // permuted source, P3's sum over its middle axis): every element
        // would update dst at a stride. Sum into a buffer laid out in the
        // source's order instead (contiguous updates, vectorized), then add
        // it to dst through the element-wise engine, which stages a
        // transposed operand through the copy engine's blocks.
        let mut sums = alloc::vec![T::default(); dl.numel()];
        // SAFETY: `tl` has dl's shape and is dense and unique over `sums`
        // (dl.numel() elements, ours alone); sl as in this function's
        // contract. The inner sum does not reorder again.
        unsafe {
            sum_axis_with(sums.as_mut_ptr(), &tl, src, sl, axis, false);
            super::elementwise::zip_mut(dst, dl, sums.as_ptr(), &tl, |d: &mut T, s: &T| {
                *d = *d + *s
            });
        }
        return;
    }
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
        for_each_outer_one_site(&outer, outer.rank, |[sp, dp]| {
            // SAFETY: as in reduce_into: rows·rs + n stay within the
            // source positions of sl; dst's row is n distinct positions.
            unsafe {
                let d = core::slice::from_raw_parts_mut(dst.offset(dp), n);
                let row =
                    |k: usize| core::slice::from_raw_parts(src.offset(sp + k as isize * rs), n);
                let mut k = 0;
                // Short rows (a few KiB) one at a time: four of them at
                // once would be four streams of a few lines each,
                // which the hardware prefetchers do not pick up
                // (measured: 256³ sum_axis(1), 1 KiB rows).
                if n * size_of::<T>() > SHORT_ROW_BYTES {
                    // Compiled with AVX2 where the CPU has it: these
                    // adds, not the memory, bound a pass over rows in
                    // the cache. Forced inline: `with_avx2` calls its
                    // closure in two places and LLVM had left the whole
                    // traversal out of line, compiled with SSE2 (whole
                    // `elementwise_report` runs, 3 alternations: 4096²
                    // sum_axis(0) 1.35 -> 1.46x ndarray, its transpose's
                    // sum_axis(1) 1.36 -> 1.45x). Short rows stay SSE2:
                    // with AVX2 256³ sum_axis(1) fell 2.25 -> 1.95x.
                    k = super::simd::with_avx2(
                        #[inline(always)]
                        || {
                            let mut k = 0;
                            while k + 4 <= rows {
                                let (a, b, c, e) = (row(k), row(k + 1), row(k + 2), row(k + 3));
                                let quads = a.iter().zip(b).zip(c).zip(e);
                                for (x, (((&a, &b), &c), &e)) in d.iter_mut().zip(quads) {
                                    *x = *x + ((a + b) + (c + e));
                                }
                                k += 4;
                            }
                            k
                        },
                    );
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
                let run = core::slice::from_raw_parts(src.offset(sp), n);
                *d = *d + super::simd::with_avx2(|| sum_slice(run));
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
