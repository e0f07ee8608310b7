//! The loops: an odometer over the outer axes of a [`Plan`] (one loop for
//! every rank: the rank is a run-time number, so each kernel is compiled
//! once per element type, not once per rank), the small-view walk, and the
//! inner loops they drive.
//!
//! Positions are element offsets from a buffer's start; pointers are formed
//! only for positions a caller's layout reaches, never for the intermediate
//! values of the odometer.

// Operands are indexed in lock-step across several arrays (strides,
// positions), which reads better as index loops.
#![allow(clippy::needless_range_loop)]

use super::plan::Plan;
use crate::MAX_RANK;

/// Calls `body(positions)` for every index of the first `outer` axes of
/// `plan` (row-major over them), with each operand's position.
///
/// One loop for every rank (the rank is a run-time number, as in the
/// plan): the innermost of the outer axes is a plain counted loop, and an
/// odometer carries into the axes above it. Monomorphizing this per rank
/// made nine copies of every kernel; the carry runs once per inner loop,
/// so the rank being a variable costs nothing measurable.
///
#[inline(always)]
pub(crate) fn for_each_outer<const K: usize>(
    plan: &Plan<K>,
    outer: usize,
    mut body: impl FnMut([isize; K]),
) {
    if outer == 0 {
        body(plan.start);
        return;
    }
    let last = outer - 1;
    let n = plan.shape[last];
    let mut step = [0isize; K];
    for k in 0..K {
        step[k] = plan.strides[k][last];
    }
    let mut index = [0usize; MAX_RANK];
    let mut pos = plan.start;
    loop {
        let mut p = pos;
        for _ in 0..n {
            body(p);
            for k in 0..K {
                p[k] = p[k].wrapping_add(step[k]);
            }
        }
        // Carry into the axes above `last`.
        let mut a = last;
        loop {
            if a == 0 {
                return;
            }
            a -= 1;
            index[a] += 1;
            for k in 0..K {
                pos[k] = pos[k].wrapping_add(plan.strides[k][a]);
            }
            if index[a] < plan.shape[a] {
                break;
            }
            index[a] = 0;
            for k in 0..K {
                // How far operand k moves back when axis a wraps to 0.
                let back = plan.strides[k][a].wrapping_mul(plan.shape[a] as isize);
                pos[k] = pos[k].wrapping_sub(back);
            }
        }
    }
}

/// [`for_each_outer`] with `body` called at one place (`outer == 0` is one
/// trip of the counted loop), so that the compiler inlines it: a closure
/// called from two places was left out of line, compiled without the
/// caller's `#[target_feature]` (z30: `zip_with` on contiguous 256² f32 ran
/// its element loop 4 wide inside `with_avx2`, 91,097 instructions per call
/// against a 2-operand `Zip`'s 31,610). Only for the element-wise walks
/// whose body is a long run: for the copy engine's small blocks its one
/// trip cost the in-cache 8x8 transpose 14% of its speed at the same
/// instruction count (`bench_report`, alternated), so they keep the early
/// return. The two functions' odometers are written twice on purpose:
/// [`for_each_outer`] as an early return in front of this one measured the
/// same 14% loss (its 8x8 blocks have one outer axis, so the loss is in
/// this loop's shape — `checked_sub` and the one-trip form — not in the
/// early return).
#[inline(always)]
pub(crate) fn for_each_outer_one_site<const K: usize>(
    plan: &Plan<K>,
    outer: usize,
    mut body: impl FnMut([isize; K]),
) {
    // The counted loop's axis, or none (one trip, no step).
    let last = outer.checked_sub(1);
    let n = last.map_or(1, |l| plan.shape[l]);
    let mut step = [0isize; K];
    if let Some(l) = last {
        for k in 0..K {
            step[k] = plan.strides[k][l];
        }
    }
    let mut index = [0usize; MAX_RANK];
    let mut pos = plan.start;
    loop {
        let mut p = pos;
        for _ in 0..n {
            body(p);
            for k in 0..K {
                p[k] = p[k].wrapping_add(step[k]);
            }
        }
        // Carry into the axes above `last` (none when outer <= 1).
        let mut a = outer.saturating_sub(1);
        loop {
            if a == 0 {
                return;
            }
            a -= 1;
            index[a] += 1;
            for k in 0..K {
                pos[k] = pos[k].wrapping_add(plan.strides[k][a]);
            }
            if index[a] < plan.shape[a] {
                break;
            }
            index[a] = 0;
            for k in 0..K {
                // How far operand k moves back when axis a wraps to 0.
                let back = plan.strides[k][a].wrapping_mul(plan.shape[a] as isize);
                pos[k] = pos[k].wrapping_sub(back);
            }
        }
    }
}

/// The small-view walk: calls `body(positions, n, strides)` for every run
/// along the last axis of `shape`, in logical row-major order over the
/// other axes, straight from the layouts' numbers — no plan, no tiles, no
/// SIMD level. For views of a few elements, where planning costs more than
/// the walk (see [`SMALL`]).
///
/// The caller checks that no axis is empty; a scalar (`shape` empty) is
/// one run of one element (strides reported as 1).
#[inline(always)]
pub(crate) fn small_runs<const K: usize>(
    shape: &[usize],
    strides: [&[isize]; K],
    start: [isize; K],
    mut body: impl FnMut([isize; K], usize, [isize; K]),
) {
    let Some(inner) = shape.len().checked_sub(1) else {
        body(start, 1, [1; K]);
        return;
    };
    let n = shape[inner];
    let mut step = [0isize; K];
    for k in 0..K {
        step[k] = strides[k][inner];
    }
    let mut index = [0usize; MAX_RANK];
    let mut pos = start;
    loop {
        body(pos, n, step);
        let mut a = inner;
        loop {
            if a == 0 {
                return;
            }
            a -= 1;
            index[a] += 1;
            for k in 0..K {
                pos[k] = pos[k].wrapping_add(strides[k][a]);
            }
            if index[a] < shape[a] {
                break;
            }
            index[a] = 0;
            for k in 0..K {
                pos[k] = pos[k].wrapping_sub(strides[k][a].wrapping_mul(shape[a] as isize));
            }
        }
    }
}

/// Views of at most this many elements take [`small_runs`] (a 3x3 window,
/// an 8x8 tile): below it, planning costs more than it saves.
pub(crate) const SMALL: usize = if cfg!(miri) { 8 } else { 64 };

/// The element count of `shape` when it is at most [`SMALL`] (`Some(0)`
/// for an empty shape), `None` otherwise.
#[inline(always)]
pub(crate) fn small_numel(shape: &[usize]) -> Option<usize> {
    // Saturating: a saturated product is above SMALL unless an empty axis
    // makes it 0, which is then the true count.
    let n = shape.iter().fold(1usize, |n, &d| n.saturating_mul(d));
    (n <= SMALL).then_some(n)
}

/// Copies `n` elements: `dst[dpos + j·ds] = src[spos + j·ss]` for `j < n`.
/// Only those positions are touched.
///
/// # Safety
/// Every position touched must lie inside the respective buffer; the dst
/// positions must not be read or written by anyone else meanwhile.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn copy_run<T: Copy>(
    dst: *mut T,
    dpos: isize,
    ds: isize,
    src: *const T,
    spos: isize,
    ss: isize,
    n: usize,
) {
    // SAFETY: (whole body) the caller guarantees all n positions on both
    // sides are in bounds, and dst's are exclusively ours; src and dst
    // positions never coincide (a &mut and a & cannot share elements).
    unsafe {
        let d = dst.offset(dpos);
        let s = src.offset(spos);
        match (ds, ss) {
            (1, 1) => copy_forward(d, s, n),
            (1, 2) => copy_step2(d, s, n),
            (1, 0) => core::slice::from_raw_parts_mut(d, n).fill(*s),
            (1, -1) => {
                let out = core::slice::from_raw_parts_mut(d, n);
                let inp = core::slice::from_raw_parts(s.offset(1 - n as isize), n);
                for (o, i) in out.iter_mut().zip(inp.iter().rev()) {
                    *o = *i;
                }
            }
            (1, _) => {
                let out = core::slice::from_raw_parts_mut(d, n);
                for (j, o) in out.iter_mut().enumerate() {
                    *o = *s.offset(j as isize * ss);
                }
            }
            (_, 1) => {
                let inp = core::slice::from_raw_parts(s, n);
                for (j, i) in inp.iter().enumerate() {
                    *d.offset(j as isize * ds) = *i;
                }
            }
            _ => {
                for j in 0..n as isize {
                    *d.offset(j * ds) = *s.offset(j * ss);
                }
            }
        }
    }
}

/// Copies `n` elements from `s` to `d` in blocks of 8 kept in registers.
/// Measured here, this beats a call to `memcpy` both for short runs (1 KiB:
/// no call) and for long ones (64 MiB: 1.4x, as glibc's non-temporal
/// stores are slower on this machine than plain vector stores).
///
/// # Safety
/// `s` and `d` are valid for `n` elements and do not overlap.
#[inline(always)]
unsafe fn copy_forward<T: Copy>(d: *mut T, s: *const T, n: usize) {
    let blocks = n / 8;
    // SAFETY: (whole body) every block and the tail lie within the n elements.
    unsafe {
        for b in 0..blocks {
            let v = core::ptr::read_unaligned(s.add(8 * b) as *const [T; 8]);
            core::ptr::write_unaligned(d.add(8 * b) as *mut [T; 8], v);
        }
        for j in 8 * blocks..n {
            *d.add(j) = *s.add(j);
        }
    }
}

/// Copies `n` elements `dst[j] = src[2j]`: a loop with a constant stride
/// of 2, which the compiler vectorizes as wide loads and even-lane
/// shuffles (its loads span only memory between elements the loop reads).
/// Measured (step-2 slice of 8192² f32): 17.4 GB/s against 12.8 for
/// explicit 16-element loads and picks, and 14 for ndarray's loop.
///
/// # Safety
/// `s` is valid for reads of `s[2j]`, `d` for writes of `d[j]`, `j < n`,
/// and they do not overlap.
#[inline(always)]
unsafe fn copy_step2<T: Copy>(d: *mut T, s: *const T, n: usize) {
    // SAFETY: the caller's contract.
    let out = unsafe { core::slice::from_raw_parts_mut(d, n) };
    for (j, o) in out.iter_mut().enumerate() {
        // SAFETY: j < n.
        *o = unsafe { *s.add(2 * j) };
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::engine::for_each_run;
    use super::super::plan::{Order, Plan};
    use super::*;
    use std::vec::Vec;

    // The positions visited, as (operand 0, operand 1) pairs, sorted.
    fn visits(
        shape: &[usize],
        ds: &[isize],
        ss: &[isize],
        off: [usize; 2],
        small: bool,
    ) -> Vec<[isize; 2]> {
        let mut v = Vec::new();
        let mut push = |p: [isize; 2], n: usize, c: [isize; 2]| {
            for j in 0..n as isize {
                v.push([p[0] + j * c[0], p[1] + j * c[1]]);
            }
        };
        if small {
            if !shape.contains(&0) {
                small_runs(shape, [ds, ss], off.map(|o| o as isize), &mut push);
            }
        } else if let Some(plan) = Plan::new(shape, [ds, ss], off, Order::Free) {
            for_each_run(&plan, 3, &mut push);
        }
        v.sort();
        v
    }

    // The small walk and the planned traversal visit the same index pairs,
    // on random layouts of ranks 0..=8 with size-0/1 axes, negative, zero
    // and transposed strides (a small xorshift keeps this dependency-free).
    #[test]
    fn small_walk_matches_the_plan() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..4000 {
            let rank = next(9) as usize;
            let shape: Vec<usize> = (0..rank).map(|_| next(4) as usize).collect();
            let ds: Vec<isize> = (0..rank).map(|_| next(13) as isize - 6).collect();
            let ss: Vec<isize> = (0..rank).map(|_| next(13) as isize - 6).collect();
            let off = [next(300) as usize + 300, next(300) as usize + 300];
            assert_eq!(
                visits(&shape, &ds, &ss, off, true),
                visits(&shape, &ds, &ss, off, false),
                "shape {shape:?} strides {ds:?} {ss:?}"
            );
        }
        assert_eq!(small_numel(&[3, 3]), Some(9));
        assert_eq!(small_numel(&[usize::MAX, 2, 0]), Some(0));
        assert_eq!(small_numel(&[65]), None);
        assert_eq!(small_numel(&[]), Some(1));
    }
}
