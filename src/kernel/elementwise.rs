//! The element-wise kernels on raw parts: `fill`, `map_inplace`, `fold`,
//! `sum`, `zip_with`, `map`. Each hands its layouts to the traversal of
//! `engine.rs` ([`walk`]: a direct walk for small views, a plan in free
//! order with tiles otherwise), which calls it once per inner run; the
//! closures take slices when every stride is 1, so the inner loops
//! vectorize.

use core::mem::size_of;

use super::engine::{self, for_each_run, long_run, walk};
use super::loops::{for_each_outer_one_site, small_numel, small_runs};
use super::plan::{Order, Plan};
use super::zip_stage::{self, Staged};
use crate::layout::Layout;

/// Writes `value` to every element.
///
/// # Safety
/// Every position `l` reaches is inside the buffer and exclusively ours.
pub(crate) unsafe fn fill_raw<T: Clone, const N: usize>(dst: *mut T, l: &Layout<N>, value: T) {
    let (shape, s) = (l.shape(), l.strides());
    // Large fills of plain values stream whole lines: written without
    // being read first (A/B, T2 fill of 64 MiB: 0.93-0.96x -> 1.10-1.15x
    // ndarray; in whole reports with shared buffers 1.09-1.12x).
    let stream = super::simd::stream_for::<T>(l.numel().saturating_mul(size_of::<T>()));
    let value = &value;
    if let Some(count) = small_numel(&shape) {
        // Small views: the direct walk, each row inline (no AVX2 call).
        if count > 0 {
            small_runs(&shape, [&s], [l.offset() as isize], |[p], n, [inner]| {
                // SAFETY: positions p + j·inner for j < n are reached by l.
                unsafe { fill_run(dst, p, n, inner, value, stream) }
            });
        }
    } else if let Some(plan) = Plan::new(&shape, [&s], [l.offset()], Order::Free) {
        for_each_run(&plan, 0, |[p], n, [inner]| {
            // Long runs compiled with AVX2 where the CPU has it: 32-byte
            // stores (z30, callgrind, a 256² f32 fill: 41,613 -> 15,044
            // instructions per call).
            long_run(
                n,
                #[inline(always)]
                // SAFETY: positions p + j·inner for j < n are reached by l.
                move || unsafe { fill_run(dst, p, n, inner, value, stream) },
            )
        });
    }
    if stream {
        super::simd::stream_fence();
    }
}

/// [`fill_raw`] over the positions of a one-operand plan (a part of a
/// parallel fill); `stream` as `fill_raw` decides it for the whole fill.
/// The caller fences the streamed stores (`stream_fence`) before the
/// fill counts as done.
///
/// # Safety
/// Every position `plan` reaches is inside the buffer and exclusively
/// ours; `stream` only if `stream_for::<T>` said so.
#[cfg(feature = "rayon")]
pub(crate) unsafe fn fill_plan<T: Clone>(dst: *mut T, plan: &Plan<1>, value: &T, stream: bool) {
    let tile = engine::tile_edge(size_of::<T>());
    for_each_run(plan, tile, |[p], n, [inner]| {
        // Long runs with AVX2 where the CPU has it (as fill_raw's).
        long_run(
            n,
            #[inline(always)]
            // SAFETY: positions p + j·inner for j < n are reached by the plan.
            move || unsafe { fill_run(dst, p, n, inner, value, stream) },
        )
    });
}

/// Writes `value` at `p + j·inner` for `j < n`, streaming whole lines of
/// long unit-stride runs when `stream`.
///
/// # Safety
/// Those positions are inside the buffer and exclusively ours; `stream`
/// only if `stream_for::<T>` said so (T is plain).
#[inline(always)]
unsafe fn fill_run<T: Clone>(
    dst: *mut T,
    p: isize,
    n: usize,
    inner: isize,
    value: &T,
    stream: bool,
) {
    let size = size_of::<T>();
    // SAFETY: (whole body) the positions are in bounds and ours (contract).
    unsafe {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if stream && inner == 1 && n * size >= super::copy::STREAM_RUN_MIN {
            // SAFETY: the run's n elements from p are reached (unit
            // stride) and ours; T is plain (stream_for), so `value`'s
            // bytes are initialised, and it lives outside the buffer.
            let v = (value as *const T).cast::<u8>();
            if super::simd::stream_fill(dst.offset(p).cast::<u8>(), v, n, size) {
                return;
            }
        }
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        let _ = stream;
        if inner == 1 {
            core::slice::from_raw_parts_mut(dst.offset(p), n).fill(value.clone());
        } else {
            for j in 0..n as isize {
                *dst.offset(p + j * inner) = value.clone();
            }
        }
    }
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
    let (shape, s) = (l.shape(), l.strides());
    walk(&shape, [&s], [l.offset()], 0, |[p], n, [inner]| {
        let f = &mut f;
        // Long runs compiled with AVX2 where the CPU has it (as Zip's).
        long_run(
            n,
            #[inline(always)]
            // SAFETY: positions p + j·inner for j < n are reached by l,
            // each once (l is unique), so the &mut never overlap.
            move || unsafe {
                if inner == 1 {
                    core::slice::from_raw_parts_mut(dst.offset(p), n)
                        .iter_mut()
                        .for_each(f);
                } else {
                    for j in 0..n as isize {
                        f(&mut *dst.offset(p + j * inner));
                    }
                }
            },
        )
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
    let (shape, s) = (l.shape(), l.strides());
    // The accumulator moves through the runs; if `f` panics it is simply
    // dropped with the unwinding closure state.
    let mut acc = Some(init);
    walk(&shape, [&s], [l.offset()], 0, |[p], n, [inner]| {
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

/// Combines `map(x)` of every element with `combine`, which the caller
/// promises is associative and commutative with `identity` as its
/// identity, in an
/// unspecified order and grouping: long runs keep sixteen independent
/// partial results (so that the dependency chains of `combine` overlap, and
/// floating-point reductions vectorize), combined at the end of each run.
///
/// # Safety
/// As [`fold_ref`].
pub(crate) unsafe fn map_reduce_raw<T, B: Clone, const N: usize>(
    src: *const T,
    l: &Layout<N>,
    identity: B,
    mut map: impl FnMut(&T) -> B,
    mut combine: impl FnMut(B, B) -> B,
) -> B {
    let (shape, s) = (l.shape(), l.strides());
    // As in fold_ref: the running result moves through the runs and is
    // dropped with the unwinding state if a closure panics.
    let mut acc = Some(identity.clone());
    walk(&shape, [&s], [l.offset()], 0, |[p], n, [inner]| {
        let Some(total) = acc.take() else { return };
        // SAFETY: positions p + j·inner for j < n are reached by l.
        acc = Some(unsafe {
            if n < 2 * LANES {
                // Short runs (small views): the partial results would cost
                // more than they save.
                (0..n as isize).fold(total, |t, j| combine(t, map(&*src.offset(p + j * inner))))
            } else if inner == 1 {
                let run = super::simd::with_avx2(|| {
                    reduce_lanes(src.offset(p), n, 1, &identity, &mut map, &mut combine)
                });
                combine(total, run)
            } else {
                let run = reduce_lanes(src.offset(p), n, inner, &identity, &mut map, &mut combine);
                combine(total, run)
            }
        });
    });
    match acc {
        Some(a) => a,
        // Unreachable: every run puts the result back before the next.
        None => unreachable!("the result is put back after every run"),
    }
}

/// `map` then `combine` over the `n` elements at `p + j·inner`, in
/// [`LANES`] interleaved chains (element `j` into chain `j % LANES`), then
/// the chains and the remainder in order.
///
/// The chains live in an array, each moved out (an `identity` clone left
/// in its place) and back per element: the compiler keeps an array of
/// floats in vector registers (measured in L1, f32 -> f64 sums: 57 GB/s,
/// against 21 GB/s for eight separate variables, which it packed into
/// shuffled pairs).
///
/// # Safety
/// The `n` positions are readable and nobody writes them meanwhile.
#[inline(always)]
unsafe fn reduce_lanes<T, B: Clone>(
    p: *const T,
    n: usize,
    inner: isize,
    identity: &B,
    map: &mut impl FnMut(&T) -> B,
    combine: &mut impl FnMut(B, B) -> B,
) -> B {
    // SAFETY: j < n (caller).
    let at = |j: usize| unsafe { &*p.offset(j as isize * inner) };
    let mut acc: [B; LANES] = core::array::from_fn(|_| identity.clone());
    let full = n / LANES * LANES;
    let mut j = 0;
    while j < full {
        for (k, a) in acc.iter_mut().enumerate() {
            let partial = core::mem::replace(a, identity.clone());
            *a = combine(partial, map(at(j + k)));
        }
        j += LANES;
    }
    let mut total = identity.clone();
    for a in acc {
        total = combine(total, a);
    }
    while j < n {
        total = combine(total, map(at(j)));
        j += 1;
    }
    total
}

/// The partial results of [`reduce_lanes`].
const LANES: usize = 16;

/// The sum of a contiguous run, with 16 independent accumulators so that
/// floating-point sums vectorize (reassociates).
#[inline(always)]
pub(crate) fn sum_slice<T: Copy + Default + core::ops::Add<Output = T>>(x: &[T]) -> T {
    if x.len() < 16 {
        // Short runs (small views): the accumulators would cost more than
        // the adds.
        let mut total = T::default();
        for &e in x {
            total = total + e;
        }
        return total;
    }
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
/// Small views are summed here, inline in the caller; larger ones in
/// [`sum_large`], out of line (its plan and stack frame would otherwise
/// cost a 3x3 window more than its nine adds).
///
/// # Safety
/// As [`fold_ref`].
#[inline(always)]
pub(crate) unsafe fn sum_raw<T: Copy + Default + core::ops::Add<Output = T>, const N: usize>(
    src: *const T,
    l: &Layout<N>,
) -> T {
    let shape = l.shape();
    let Some(numel) = small_numel(&shape) else {
        // SAFETY: forwarded from this function's contract.
        // (The parts by value: the copy is made on this path only.)
        return unsafe { sum_large(src, shape, l.strides(), l.offset()) };
    };
    let mut total = T::default();
    if numel > 0 {
        // One plain loop per row (the accumulators of `sum_slice` cost
        // more than they save on a few elements).
        small_runs(
            &shape,
            [&l.strides()],
            [l.offset() as isize],
            |[p], n, [inner]| {
                // SAFETY: positions p + j·inner for j < n are reached by l, and
                // `at` is called only with such j (below).
                let at = |j: isize| unsafe { *src.offset(p + j * inner) };
                // Rows of a 3x3 or 4x4 window as straight-line adds: a loop
                // unrolled for long rows costs short ones a dozen instructions.
                total = match n {
                    1 => total + at(0),
                    2 => total + at(0) + at(1),
                    3 => total + at(0) + at(1) + at(2),
                    4 => total + at(0) + at(1) + at(2) + at(3),
                    _ => (0..n as isize).fold(total, |t, j| t + at(j)),
                };
            },
        );
    }
    total
}

/// [`sum_raw`] of a view above the small-view size: planned runs, with
/// vectorized sums of the contiguous ones.
///
/// # Safety
/// As [`fold_ref`], for the layout of these parts.
#[inline(never)]
unsafe fn sum_large<T: Copy + Default + core::ops::Add<Output = T>, const N: usize>(
    src: *const T,
    shape: [usize; N],
    s: [isize; N],
    offset: usize,
) -> T {
    let mut total = T::default();
    walk(&shape, [&s], [offset], 0, |[p], n, [inner]| {
        // SAFETY: positions p + j·inner for j < n are reached by l.
        unsafe {
            if inner == 1 {
                let run = core::slice::from_raw_parts(src.offset(p), n);
                total = total + super::simd::with_avx2(|| sum_slice(run));
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
    let (shape, ds, ss) = (dl.shape(), dl.strides(), sl.strides());
    let offsets = [dl.offset(), sl.offset()];
    let tile = engine::tile_edge(size_of::<T>().max(size_of::<U>()));
    // A transposed source of a plain type is staged through the copy
    // engine's blocks (zip_stage; f is higher-ranked: it cannot keep the
    // staged items, which point into the staging buffer).
    let stage = [false, zip_stage::stage_size::<U>() != 0];
    let body = |[dp, sp]: [isize; 2], n: usize, [dc, sc]: [isize; 2], staged: Staged| {
        let src = match staged {
            Some((_, buf)) => buf.cast_const().cast::<U>(),
            None => src,
        };
        // SAFETY: the positions are reached by the layouts (a staged
        // source's are indices into its staging buffer, which holds
        // copies of the elements there); dst ones are distinct and
        // exclusively ours.
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
    };
    let (ptrs, sizes) = (
        [dst.cast_const().cast(), src.cast()],
        [size_of::<T>(), size_of::<U>()],
    );
    if let Some(n) = small_numel(&shape) {
        // Small views: the direct walk (as zip_stage::walk's own), without
        // the call into with_avx2's target-feature function.
        if n > 0 {
            let mut body = body;
            small_runs(
                &shape,
                [&ds, &ss],
                offsets.map(|o| o as isize),
                |p, n, c| body(p, n, c, None),
            );
        }
        return;
    }
    // Compiled with AVX2 where the CPU has it (as `sum_raw`'s runs): the
    // element loops of `f` run twice as wide, with the same operations.
    // Both copies of the walk out of line (`avx2_apart`): the small-view
    // path above stays as short as it was.
    engine::avx2_apart(
        #[inline(always)]
        // SAFETY: this function's contract: the positions of both layouts
        // are inside their buffers, src's are readable and not written
        // during the call (no position is dst's); src is staged only when
        // U is plain with that size (stage_size).
        || unsafe {
            zip_stage::walk::<zip_stage::PairMask<T, U>, 2>(
                &shape,
                [&ds, &ss],
                offsets,
                tile,
                ptrs,
                sizes,
                stage,
                |_, _, _| {},
                body,
            )
        },
    )
}

/// Drops the first `written` elements a plan's traversal visits in
/// `out` (operand 0 of `plan`): the unwinding guard of the `map` kernels.
#[cfg(feature = "alloc")]
struct Unwind<'p, U, const K: usize> {
    out: *mut U,
    plan: &'p Plan<K>,
    tile: usize,
    written: usize,
}

#[cfg(feature = "alloc")]
impl<U, const K: usize> Drop for Unwind<'_, U, K> {
    fn drop(&mut self) {
        if !core::mem::needs_drop::<U>() {
            return;
        }
        let mut left = self.written;
        for_each_run(self.plan, self.tile, |p, n, c| {
            for j in 0..n.min(left) as isize {
                // SAFETY: the first `written` visited positions were
                // initialised by the kernel, and are dropped once.
                unsafe { core::ptr::drop_in_place(self.out.offset(p[0] + j * c[0])) };
            }
            left -= n.min(left);
        });
    }
}

/// [`map_uninit`] walks whole output rows, untiled, when the source's
/// fastest axis is at most this long.
#[cfg(feature = "alloc")]
const SHORT_CONFLICT: usize = 4;

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
    // Elements without drop glue are counted per run (a panic in `f`
    // leaves nothing to drop), those with drop glue one by one, so that
    // exactly the written ones are dropped on unwinding. (A constant, not
    // a captured local: the loops' stores through raw pointers would make
    // the compiler reload a captured one per element.)
    const fn each<U>() -> bool {
        core::mem::needs_drop::<U>()
    }
    let mut guard = Unwind {
        out,
        plan: &plan,
        tile,
        written: 0,
    };
    let mut body = |[op, sp]: [isize; 2], n: usize, [oc, sc]: [isize; 2]| {
        // Local copies: the captured pointers are otherwise reloaded after
        // every store.
        let (out, src) = (out, src);
        // SAFETY: out positions are distinct and below numel; src positions
        // are reached by sl; writes go to uninitialised memory (no drop).
        unsafe {
            if oc == 1 && sc == 1 {
                let s = core::slice::from_raw_parts(src.offset(sp), n);
                let o = core::slice::from_raw_parts_mut(
                    out.offset(op).cast::<core::mem::MaybeUninit<U>>(),
                    n,
                );
                for (d, e) in o.iter_mut().zip(s) {
                    d.write(f(e));
                    if const { each::<U>() } {
                        guard.written += 1;
                    }
                }
            } else {
                for j in 0..n as isize {
                    out.offset(op + j * oc).write(f(&*src.offset(sp + j * sc)));
                    if const { each::<U>() } {
                        guard.written += 1;
                    }
                }
            }
            if const { !each::<U>() } {
                guard.written += n;
            }
        }
    };
    // Compiled with AVX2 where the CPU has it (as `sum_raw`'s runs): the
    // element loops of `f` run twice as wide, with the same operations.
    super::simd::with_avx2(
        #[inline(always)]
        || match engine::conflict_axis(&plan) {
            // The source's fastest axis is short (a HWC image's 3 channels
            // read as CHW): whole output rows, each reading the source at a
            // constant stride. Tiles of `SHORT_CONFLICT` or fewer source rows
            // would cost their loops more than they save: the rows' lines are
            // read at most that many times, in order. Only for outputs
            // without drop glue: `Unwind` drops the first `written` elements
            // of `for_each_run`'s order, which this walk does not follow.
            Some(b) if const { !each::<U>() } && plan.shape[b] <= SHORT_CONFLICT => {
                let inner = plan.rank - 1;
                let (n, c) = (
                    plan.shape[inner],
                    [plan.strides[0][inner], plan.strides[1][inner]],
                );
                for_each_outer_one_site(&plan, inner, |pos| body(pos, n, c));
            }
            _ => for_each_run(&plan, tile, body),
        },
    );
    // Every element is initialised: the caller owns them now.
    let written = guard.written;
    core::mem::forget(guard);
    written
}

/// Writes `f(&a[i], &b[i])` into the row-major, uninitialised buffer `out`
/// at every index `i` of the common shape of `al` and `bl` (equal shapes;
/// broadcasting is stride 0 in a layout), calling `f` in an unspecified
/// order: the kernel of the binary operators. An operand with stride 0
/// along a run (a broadcast row or column) is read once per run, not per
/// element; runs where every operand is contiguous are slices, so the
/// loop vectorizes. If `f` panics, the elements written so far are
/// dropped and `out` is left uninitialised. Returns how many elements it
/// wrote: the element count, or 0 when it wrote none (no row-major layout
/// of that shape exists); only then is `out` initialised.
///
/// # Safety
/// `al.shape() == bl.shape()`; `out` is valid for writes of that many
/// elements and overlaps neither source; `al` and `bl` as in
/// [`fold_ref`].
#[cfg(feature = "alloc")]
pub(crate) unsafe fn map2_uninit<A, B, U, const N: usize>(
    out: *mut U,
    a: *const A,
    al: &Layout<N>,
    b: *const B,
    bl: &Layout<N>,
    mut f: impl FnMut(&A, &B) -> U,
) -> usize {
    debug_assert_eq!(al.shape(), bl.shape());
    let Ok(ol) = Layout::try_contiguous(al.shape()) else {
        return 0;
    };
    let (os, as_, bs) = (ol.strides(), al.strides(), bl.strides());
    let Some(plan) = Plan::<3>::new(
        &ol.shape(),
        [&os, &as_, &bs],
        [0, al.offset(), bl.offset()],
        Order::Free,
    ) else {
        return 0;
    };
    let tile = engine::tile_edge(size_of::<A>().max(size_of::<B>()).max(size_of::<U>()));
    // As in map_uninit: constant, not captured.
    const fn each<U>() -> bool {
        core::mem::needs_drop::<U>()
    }
    let mut guard = Unwind {
        out,
        plan: &plan,
        tile,
        written: 0,
    };
    let guard_ref = &mut guard;
    // Compiled with AVX2 where the CPU has it (as `sum_raw`'s runs): the
    // element loops of `f` run twice as wide, with the same operations.
    super::simd::with_avx2(
        #[inline(always)]
        || {
            for_each_run(&plan, tile, |[op, ap, bp], n, [oc, ac, bc]| {
                let guard = &mut *guard_ref;
                // Local copies: the captured pointers are otherwise reloaded after
                // every store.
                let (out, a, b) = (out, a, b);
                // SAFETY: out positions are distinct and below numel (row-major
                // of the shape); a and b positions are reached by al and bl, and
                // only read; writes go to uninitialised memory (no drop). A run of
                // stride 1 covers n consecutive positions, so the slices hold
                // exactly the run's elements.
                unsafe {
                    if oc == 1 {
                        let o = core::slice::from_raw_parts_mut(
                            out.offset(op).cast::<core::mem::MaybeUninit<U>>(),
                            n,
                        );
                        macro_rules! run {
                            ($it:expr, |$x:ident, $y:ident| $e:expr) => {
                                for (d, ($x, $y)) in o.iter_mut().zip($it) {
                                    d.write($e);
                                    if const { each::<U>() } {
                                        guard.written += 1;
                                    }
                                }
                            };
                        }
                        match (ac, bc) {
                            (1, 1) => {
                                let sa = core::slice::from_raw_parts(a.offset(ap), n);
                                let sb = core::slice::from_raw_parts(b.offset(bp), n);
                                run!(sa.iter().zip(sb), |x, y| f(x, y));
                            }
                            (1, 0) => {
                                let sa = core::slice::from_raw_parts(a.offset(ap), n);
                                let y = &*b.offset(bp);
                                run!(sa.iter().map(|x| (x, ())), |x, _u| f(x, y));
                            }
                            (0, 1) => {
                                let x = &*a.offset(ap);
                                let sb = core::slice::from_raw_parts(b.offset(bp), n);
                                run!(sb.iter().map(|y| ((), y)), |_u, y| f(x, y));
                            }
                            _ => {
                                for (j, d) in o.iter_mut().enumerate() {
                                    let j = j as isize;
                                    d.write(f(&*a.offset(ap + j * ac), &*b.offset(bp + j * bc)));
                                    if const { each::<U>() } {
                                        guard.written += 1;
                                    }
                                }
                            }
                        }
                    } else {
                        for j in 0..n as isize {
                            out.offset(op + j * oc)
                                .write(f(&*a.offset(ap + j * ac), &*b.offset(bp + j * bc)));
                            if const { each::<U>() } {
                                guard.written += 1;
                            }
                        }
                    }
                    if const { !each::<U>() } {
                        guard.written += n;
                    }
                }
            })
        },
    );
    let written = guard.written;
    core::mem::forget(guard);
    written
}
