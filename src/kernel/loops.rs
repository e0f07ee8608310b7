//! The loops: an odometer over the outer axes of a [`Plan`], monomorphized
//! per rank so the index math unrolls, and the inner loops it drives.
//!
//! Positions are element offsets from a buffer's start; pointers are formed
//! only for positions a caller's layout reaches, never for the intermediate
//! values of the odometer.

use super::plan::Plan;

/// Calls `body(positions)` for every index of the first `outer` axes of
/// `plan` (row-major over them), with each operand's position.
#[inline(always)]
pub(crate) fn for_each_outer<const K: usize>(
    plan: &Plan<K>,
    outer: usize,
    body: impl FnMut([isize; K]),
) {
    macro_rules! dispatch {
        ($($r:literal)*) => {
            match outer {
                $($r => odometer::<$r, K>(plan, body),)*
                _ => unreachable!("plans have at most MAX_RANK axes"),
            }
        };
    }
    dispatch!(0 1 2 3 4 5 6 7 8)
}

#[inline(always)]
fn odometer<const R: usize, const K: usize>(plan: &Plan<K>, mut body: impl FnMut([isize; K])) {
    let shape: [usize; R] = core::array::from_fn(|a| plan.shape[a]);
    let strides: [[isize; R]; K] =
        core::array::from_fn(|k| core::array::from_fn(|a| plan.strides[k][a]));
    // How far each operand moves back when axis a wraps from its end to 0.
    let back: [[isize; R]; K] = core::array::from_fn(|k| {
        core::array::from_fn(|a| strides[k][a].wrapping_mul(shape[a] as isize))
    });
    let mut index = [0usize; R];
    let mut pos = plan.start;
    loop {
        body(pos);
        let mut a = R;
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
                pos[k] = pos[k].wrapping_sub(back[k][a]);
            }
        }
    }
}

/// Copies `n` elements: `dst[dpos + j·ds] = src[spos + j·ss]` for `j < n`.
/// Only those positions are touched, except that with `src_whole` a
/// step-2 run loads the source positions between its elements too.
///
/// # Safety
/// Every position touched must lie inside the respective buffer; the dst
/// positions must not be read or written by anyone else meanwhile; with
/// `src_whole`, nobody writes the source positions between the run's.
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
    src_whole: bool,
) {
    // SAFETY: (whole body) the caller guarantees all n positions on both
    // sides are in bounds, and dst's are exclusively ours; src and dst
    // positions never coincide (a &mut and a & cannot share elements).
    unsafe {
        let d = dst.offset(dpos);
        let s = src.offset(spos);
        match (ds, ss) {
            (1, 1) => copy_forward(d, s, n),
            (1, 2) if src_whole => copy_even(d, s, n),
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

/// Copies every other element: `d[j] = s[2j]` for `j < n`, in blocks of 8
/// whose even elements are picked in registers (a step-2 slice).
///
/// # Safety
/// `s` is valid for `2n - 1` elements, `d` for `n`, and they do not overlap;
/// the odd positions `s[2j + 1]` are read too (not copied), so nobody may
/// write them meanwhile: only for a source view that owns its whole buffer.
#[inline(always)]
unsafe fn copy_even<T: Copy>(d: *mut T, s: *const T, n: usize) {
    let blocks = n.saturating_sub(1) / 8;
    // SAFETY: (whole body) block b reads s[16b..16b+16], below 2n - 1
    // because 8(b+1) <= n - 1; the tail reads s[2j] for j < n.
    unsafe {
        for b in 0..blocks {
            let v = core::ptr::read_unaligned(s.add(16 * b) as *const [T; 16]);
            let even: [T; 8] = core::array::from_fn(|k| v[2 * k]);
            core::ptr::write_unaligned(d.add(8 * b) as *mut [T; 8], even);
        }
        for j in 8 * blocks..n {
            *d.add(j) = *s.add(2 * j);
        }
    }
}
