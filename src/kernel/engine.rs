//! The element-wise engine: every kernel that is not a copy (fill,
//! map_inplace, zip_with, fold, sum, `Zip`, the axis reductions, map)
//! goes through [`for_each_run`].
//!
//! 1. A [`Plan`] in [`Order::Free`]: size-1 axes
//!    dropped, axes running backwards in every operand flipped, axes ordered
//!    by the strides of operand 0 (the destination, or the source of a
//!    reduction), adjacent axes contiguous in every operand coalesced.
//! 2. When another operand's fastest axis is not operand 0's inner axis (a
//!    transposed source), the two conflicting axes are cut into square
//!    tiles of `tile` elements (the transpose engine's idea): inside a tile
//!    every operand walks short runs over a few cache lines, which stay in
//!    L1 until the tile is done.
//! 3. Everything else is the odometer of `loops.rs` (one loop for every rank),
//!    handing the kernel one inner run at a time: `(positions, length,
//!    strides)`. Kernels give the closure slices when every stride is 1,
//!    so the inner loops vectorize.
//!
//! Views of at most `loops::SMALL` elements skip all of this too ([`walk`]:
//! a direct walk of their layouts), and static views skip it at compile
//! time: [`static_for_each`] is a plain nest of loops over the constant
//! shape.

use super::loops::{for_each_outer, for_each_outer_one_site};

// The run length from which `for_each_run_ahead` walks its outer axes
// with `for_each_outer_one_site`.
const ONE_SITE_RUN: usize = 32;
// (Also for `Zip`'s direct walk of small views.)
pub(crate) use super::loops::{small_numel, small_runs};
use super::plan::{Order, Plan};

/// Runs of at least this many elements are worth [`long_run`]'s call
/// (a small view's rows are not).
const AVX2_RUN: usize = 16;

// Whether the level is AVX2 or above, out of line: the level's first
// detection would otherwise be inlined into every run's loop.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(never)]
fn avx2() -> bool {
    super::simd::level() >= super::simd::Level::Avx2
}

/// Runs `f`, the element loop of a run of `n` elements, compiled with
/// AVX2 where the CPU has it when the run is long ([`AVX2_RUN`]; short
/// runs, e.g. a small view's rows, run `f` inline without the call):
/// closures inlined into `f` then run with wider vectors and SSE4.1's
/// rounding (`f32::round` without a libm call), the same operations in the
/// same order (as `simd::with_avx2`, whose fallback copy of `f` this
/// shares with the short runs: `f` is compiled twice, not three times).
/// `f` must be `#[inline(always)]`, and what its loop reads per element
/// must be locals of `f` (values, not borrows of the caller's locals: the
/// compiler reloads those after every store through a raw pointer, and
/// does not vectorize the loop).
#[inline(always)]
pub(crate) fn long_run<R>(n: usize, f: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if n >= AVX2_RUN && avx2() {
        // (An `unsafe fn`, so that calling it states the level check
        // above; safe `#[target_feature]` functions exist since Rust 1.86.)
        #[target_feature(enable = "avx2")]
        unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: the level is Avx2 (or above) only when the CPU has AVX2.
        return unsafe { run(f) };
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = n;
    f()
}

/// Runs `f` compiled with AVX2 where the CPU has it, as
/// [`with_avx2`](super::simd::with_avx2) does, but with both copies of `f`
/// out of line: the caller keeps only the level check and two calls. For
/// a whole traversal (`zip_mut`'s planned walk), whose portable copy,
/// inlined, made the caller's own small-view path slower (z30: the 8x8
/// `zip_with` spent 865 instructions in `zip_mut` against 735 once the
/// walk's odometer was inlined; 666 with both copies apart).
#[inline(always)]
pub(crate) fn avx2_apart<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if avx2() {
        // (An `unsafe fn`, so that calling it states the level check
        // above; safe `#[target_feature]` functions exist since Rust 1.86.)
        #[target_feature(enable = "avx2")]
        #[inline(never)]
        unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: the level is Avx2 (or above) only when the CPU has AVX2.
        return unsafe { run(f) };
    }
    #[inline(never)]
    fn portable<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
    portable(f)
}

/// Rows of a tile, in units of the tile edge.
const TILE_ROWS: usize = if cfg!(miri) { 3 } else { 16 };

/// Tile width (elements of the inner axis) for operands of at most `elem`
/// bytes: one 64-byte cache line, so a transposed operand keeps only one
/// line per tile column alive while the tile's rows (`TILE_ROWS` widths)
/// are walked, few enough to survive the set conflicts of power-of-two
/// strides. Under Miri, tiny tiles so that small tests cross tile edges.
pub(crate) const fn tile_edge(elem: usize) -> usize {
    if cfg!(miri) {
        return 3;
    }
    match 64usize.checked_div(elem) {
        Some(t) if t >= 4 => t,
        _ => 4,
    }
}

// The axis operand k walks fastest (smallest non-zero |stride|), if any.
fn fastest_axis<const K: usize>(plan: &Plan<K>, k: usize) -> Option<usize> {
    (0..plan.rank)
        .filter(|&a| plan.strides[k][a] != 0)
        .min_by_key(|&a| plan.strides[k][a].unsigned_abs())
}

/// The axis to tile against the inner one: the fastest axis of the first
/// operand that walks the inner axis with a longer step than its own
/// fastest axis (a transposed operand). `None` when every operand is
/// happy with the inner axis (or is broadcast along it).
pub(crate) fn conflict_axis<const K: usize>(plan: &Plan<K>) -> Option<usize> {
    if plan.rank < 2 {
        return None;
    }
    let inner = plan.rank - 1;
    (1..K).find_map(|k| {
        let s = plan.strides[k][inner].unsigned_abs();
        match fastest_axis(plan, k) {
            Some(b) if b != inner && s != 0 && s > plan.strides[k][b].unsigned_abs() => Some(b),
            _ => None,
        }
    })
}

/// Calls `body(positions, n, strides)` for inner runs that together cover
/// every element of the plan exactly once: operand `k` visits positions
/// `positions[k] + j·strides[k]` for `j < n`. A scalar plan is one run of
/// one element (strides reported as 1).
#[inline(always)]
pub(crate) fn for_each_run<const K: usize>(
    plan: &Plan<K>,
    tile: usize,
    body: impl FnMut([isize; K], usize, [isize; K]),
) {
    for_each_run_ahead(plan, tile, |_, _, _| {}, body)
}

/// [`for_each_run`], also calling `ahead(positions, n, strides)` with a
/// run that `body` gets a few rows later, in tiles whose rows lie far
/// apart, for the caller to hint its lines (`ahead` must not access
/// them: the run may lie past the tile, e.g. in the next one).
#[inline(always)]
pub(crate) fn for_each_run_ahead<const K: usize>(
    plan: &Plan<K>,
    tile: usize,
    mut ahead: impl FnMut([isize; K], usize, [isize; K]),
    mut body: impl FnMut([isize; K], usize, [isize; K]),
) {
    if plan.rank == 0 {
        body(plan.start, 1, [1; K]);
        return;
    }
    let inner = plan.rank - 1;
    let Some(b) = conflict_axis(plan) else {
        let n = plan.shape[inner];
        let s: [isize; K] = crate::array_from(|k| plan.strides[k][inner]);
        // Long runs: `body` inlined into the caller's AVX2 function
        // (`for_each_outer_one_site`); short ones (the small blocks of the
        // copy engine's in-cache transposes, 8 elements) keep the early
        // return, 14% faster there at the same instruction count.
        if n >= ONE_SITE_RUN {
            for_each_outer_one_site(plan, inner, |pos| body(pos, n, s));
        } else {
            for_each_outer(plan, inner, |pos| body(pos, n, s));
        }
        return;
    };
    // Tiled: the odometer runs over the other axes; the inner axis `a` and
    // the conflicting axis `b` are walked tile by tile.
    let mut outer = *plan;
    let (na, sa) = outer.take_axis(inner);
    let (nb, sb) = outer.take_axis(b);
    let t = tile.max(1);
    // Tile width: one cache line of the widest operand, or two when no
    // operand steps along the inner axis by a multiple of 4 KiB (the L1's
    // set period, taking elements of 64 / `tile` bytes): then a transposed
    // operand's lines along a tile row spread over several L1 sets, and
    // twice as many stay cached while the tile's rows are walked
    // (measured: P3 `Zip` 9.6 -> 14.4 GB/s; T2, 16 KiB strides, is best
    // at one line).
    // (Under Miri, a period of 8 elements, so that small tests reach both
    // geometries below.)
    let period = if cfg!(miri) {
        8
    } else {
        (4096 / (64 / t).max(1)) as isize
    };
    let spread = (0..K).all(|k| sa[k] == 0 || sa[k].unsigned_abs() == 1 || sa[k] % period != 0);
    let rows = t.saturating_mul(TILE_ROWS);
    // Without spread, a transposed operand's lines along a tile row share
    // one L1 set (8 ways) and a one-line-wide tile needs `t` of them at
    // once: the tile is walked in blocks of `t` rows (one line of the
    // transposed operand), each in two passes half a tile wide, so
    // `t / 2` of its lines are alive at a time (T2 `Zip`: 0.20x -> 0.22x
    // of contiguous, 1.66x -> 1.86x strided-rs). With spread, whole tile
    // rows, and the run `AHEAD` rows further on is hinted (each row's
    // lines lie in another DRAM page: P3 `Zip` 0.13x -> 0.22x of
    // contiguous, 0.97x -> 1.55x strided-rs).
    let (t, w, block) = if spread {
        (t.saturating_mul(2), t.saturating_mul(2), rows)
    } else {
        (t, t.div_ceil(2), t)
    };
    let at = |base: [isize; K], i: usize, a: usize| -> [isize; K] {
        crate::array_from(|k| {
            base[k]
                .wrapping_add((i as isize).wrapping_mul(sb[k]))
                .wrapping_add((a as isize).wrapping_mul(sa[k]))
        })
    };
    for_each_outer_one_site(&outer, outer.rank, |base| {
        let mut b0 = 0;
        while b0 < nb {
            let b1 = b0 + (nb - b0).min(rows);
            let mut a0 = 0;
            while a0 < na {
                let len = (na - a0).min(t);
                let mut r0 = b0;
                while r0 < b1 {
                    let r1 = r0 + (b1 - r0).min(block);
                    let mut s0 = a0;
                    while s0 < a0 + len {
                        let wl = (a0 + len - s0).min(w);
                        for i in r0..r1 {
                            if spread {
                                // The run AHEAD rows on: in this tile, or
                                // past its end the next tile's first rows.
                                let r = i + AHEAD;
                                if r < b1 {
                                    ahead(at(base, r, a0), len, sa);
                                } else if a0 + len < na {
                                    let r = b0 + (r - b1);
                                    if r < b1 {
                                        ahead(at(base, r, a0 + len), (na - a0 - len).min(t), sa);
                                    }
                                }
                            }
                            body(at(base, i, s0), wl, sa);
                        }
                        s0 += wl;
                    }
                    r0 = r1;
                }
                a0 += len;
            }
            b0 = b1;
        }
    });
}

/// Rows ahead of the current one whose runs [`for_each_run_ahead`] hands
/// to `ahead` (measured on P3 `Zip`: 4, 8 and 16 alike).
const AHEAD: usize = if cfg!(miri) { 2 } else { 8 };

/// Hints the cache lines of `n` elements from `p` (a prefetch: no access,
/// no fault, so `p` may lie past an operand's reach; it is never
/// dereferenced).
#[inline(always)]
pub(crate) fn prefetch_run<T>(p: *const T, n: usize) {
    if n == 0 {
        return;
    }
    let p = p.cast::<u8>();
    let mis = p.addr() & 63;
    super::simd::prefetch_lines(p.wrapping_sub(mis), n.saturating_mul(size_of::<T>()) + mis);
}

/// Hints the cache line holding `p` (a prefetch: no access, no fault, so
/// `p` may lie past an operand's reach; it is never dereferenced).
#[inline(always)]
pub(crate) fn prefetch<T>(p: *const T) {
    super::simd::prefetch_lines(p.cast::<u8>(), 1);
}

/// The element-wise engine's entry: calls `body(positions, n, strides)`
/// for inner runs that together cover every index of `shape` exactly once
/// (operand `k` has `strides[k]` and starts at `offsets[k]`), in an
/// unspecified order. Views of at most [`SMALL`](super::loops::SMALL)
/// elements walk their layouts directly ([`small_runs`]: no plan, no
/// tiles); the others are planned and run by [`for_each_run`] with tiles
/// of edge `tile`.
#[inline(always)]
pub(crate) fn walk<const K: usize>(
    shape: &[usize],
    strides: [&[isize]; K],
    offsets: [usize; K],
    tile: usize,
    body: impl FnMut([isize; K], usize, [isize; K]),
) {
    walk_ahead(shape, strides, offsets, tile, |_, _, _| {}, body)
}

/// [`walk`], handing runs to be visited soon to `ahead` as
/// [`for_each_run_ahead`] does.
#[inline(always)]
pub(crate) fn walk_ahead<const K: usize>(
    shape: &[usize],
    strides: [&[isize]; K],
    offsets: [usize; K],
    tile: usize,
    ahead: impl FnMut([isize; K], usize, [isize; K]),
    body: impl FnMut([isize; K], usize, [isize; K]),
) {
    if let Some(n) = small_numel(shape) {
        if n > 0 {
            small_runs(shape, strides, offsets.map(|o| o as isize), body);
        }
        return;
    }
    if let Some(plan) = Plan::new(shape, strides, offsets, Order::Free) {
        for_each_run_ahead(&plan, tile, ahead, body);
    }
}

/// Runs `run` on disjoint parts of `plan` on rayon's pool: the first axis
/// of size >= 2 is halved (`n / 2`: no overflow) until a part has fewer than
/// `min` elements. Parts of a unique operand reach disjoint positions.
#[cfg(feature = "rayon")]
pub(crate) fn par_split<const K: usize>(
    plan: Plan<K>,
    min: usize,
    run: &(impl Fn(&Plan<K>) + Sync),
) {
    let axis = (0..plan.rank).find(|&a| plan.shape[a] >= 2);
    let numel = plan.shape[..plan.rank]
        .iter()
        .fold(1usize, |a, &b| a.saturating_mul(b));
    let Some(a) = axis.filter(|_| numel >= min.max(2)) else {
        run(&plan);
        return;
    };
    let half = plan.shape[a] / 2;
    let mut lo = plan;
    lo.shape[a] = half;
    let mut hi = plan;
    hi.shape[a] = plan.shape[a] - half;
    for k in 0..K {
        hi.start[k] = plan.start[k].wrapping_add((half as isize).wrapping_mul(plan.strides[k][a]));
    }
    rayon::join(|| par_split(lo, min, run), || par_split(hi, min, run));
}

/// Folds over every index of `shape` in row-major order, as plain nested
/// loops: for static views, whose shape is a constant, this folds to the
/// loops one writes by hand (no plan, no element count at run time).
#[inline(always)]
pub(crate) fn static_fold<const N: usize, B>(
    shape: [usize; N],
    init: B,
    mut f: impl FnMut(B, [usize; N]) -> B,
) -> B {
    // Pad to 8 axes of size 1 at the end: loops of one trip vanish.
    let mut sh = [1usize; 8];
    let mut k = 0;
    while k < N && k < 8 {
        sh[k] = shape[k];
        k += 1;
    }
    let mut idx = [0usize; 8];
    let mut acc = init;
    macro_rules! nest {
        () => {{
            let i: [usize; N] = crate::array_from(|a| idx[a]);
            acc = f(acc, i);
        }};
        ($d:literal $($rest:literal)*) => {
            for i in 0..sh[$d] {
                idx[$d] = i;
                nest!($($rest)*);
            }
        };
    }
    nest!(0 1 2 3 4 5 6 7);
    acc
}

/// [`static_fold`] without an accumulator.
#[inline(always)]
pub(crate) fn static_for_each<const N: usize>(shape: [usize; N], mut body: impl FnMut([usize; N])) {
    static_fold(shape, (), |(), i| body(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::vec::Vec;

    fn visits<const K: usize>(plan: &Plan<K>, tile: usize) -> Vec<[isize; K]> {
        let mut v = Vec::new();
        for_each_run(plan, tile, |p, n, s| {
            for j in 0..n as isize {
                v.push(crate::array_from(|k| p[k] + j * s[k]));
            }
        });
        v
    }

    #[test]
    fn transposed_operand_is_tiled_and_complete() {
        let p = Plan::<2>::new(&[5, 7], [&[7, 1], &[1, 5]], [0, 0], Order::Free).unwrap();
        assert_eq!(conflict_axis(&p), Some(0));
        let mut v = visits(&p, 3);
        assert_eq!(v.len(), 35);
        v.sort();
        let want: Vec<[isize; 2]> = (0..5)
            .flat_map(|i| (0..7).map(move |j| [7 * i + j, i + 5 * j]))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(v, want);
    }

    // Review of `Zip::par_for_each`'s part size (`PAR_MIN.max(numel / (8 *
    // threads))`) at the extremes of valid plans, planning only (no
    // element is visited): usize::MAX broadcast zero-sized elements and an
    // axis of 2^63 distinct ones. The parts must tile the plan exactly
    // (disjoint, complete) and stay few.
    #[cfg(feature = "rayon")]
    #[test]
    fn par_split_tiles_extreme_plans() {
        use std::sync::Mutex;
        let n63 = 1usize << 63;
        let cases = [
            (
                Plan::<1>::new(&[usize::MAX], [&[0]], [0], Order::Free).unwrap(),
                false,
            ),
            (
                Plan::<1>::new(&[3, usize::MAX / 3], [&[0, 0]], [0], Order::Free).unwrap(),
                false,
            ),
            (
                Plan::<1>::new(&[n63], [&[-1]], [n63 - 1], Order::Free).unwrap(),
                true,
            ),
            (
                Plan::<1>::new(
                    &[2, n63 / 2],
                    [&[-((n63 / 2) as isize), -1]],
                    [n63 - 1],
                    Order::Free,
                )
                .unwrap(),
                true,
            ),
        ];
        for (plan, distinct) in cases {
            let numel = plan.numel();
            let min = (1usize << 15).max(numel / (8 * rayon::current_num_threads().max(1)));
            let parts = Mutex::new(Vec::new());
            par_split(plan, min, &|p: &Plan<1>| {
                parts
                    .lock()
                    .unwrap()
                    .push((p.start[0], p.numel(), p.rank, p.strides[0][0]));
            });
            let mut parts = parts.into_inner().unwrap();
            assert!(
                parts.len() <= 64 * rayon::current_num_threads().max(1),
                "{}",
                parts.len()
            );
            let total: u128 = parts.iter().map(|p| p.1 as u128).sum();
            assert_eq!(total, numel as u128);
            if distinct {
                // Stride 1 after the flip: each part is [start, start + n).
                assert_eq!((plan.rank, plan.start[0], plan.strides[0][0]), (1, 0, 1));
                parts.sort();
                let mut next = 0u128;
                for &(s, n, _, st) in &parts {
                    assert_eq!((s as u128, st), (next, 1));
                    next += n as u128;
                }
                assert_eq!(next, 1u128 << 63);
            }
        }
    }

    #[test]
    fn broadcast_inner_is_not_a_conflict() {
        let p = Plan::<2>::new(&[5, 7], [&[1, 5], &[1, 0]], [0, 0], Order::Free).unwrap();
        assert_eq!(conflict_axis(&p), None);
    }

    #[test]
    fn static_nest_is_row_major() {
        let mut v = Vec::new();
        static_for_each([2, 3], |i| v.push(i));
        assert_eq!(v, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
        let mut n = 0;
        static_for_each([], |_: [usize; 0]| n += 1);
        assert_eq!(n, 1);
        static_for_each([3, 0], |_| n += 1);
        assert_eq!(n, 1);
    }
}
