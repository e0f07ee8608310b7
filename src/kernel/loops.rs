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
///
/// # Safety
/// Every position touched must lie inside the respective buffer; the dst
/// positions must not be read or written by anyone else meanwhile.
#[inline(always)]
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
            (1, 1) => core::ptr::copy_nonoverlapping(s, d, n),
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

/// Copies a `rows x cols` block in square tiles of `tile` so that both the
/// strided reads and the strided writes of a tile stay in cache.
///
/// # Safety
/// As [`copy_run`], for every position of the block.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) unsafe fn copy_tiled<T: Copy>(
    dst: *mut T,
    dpos: isize,
    src: *const T,
    spos: isize,
    (rows, d_row, s_row): (usize, isize, isize),
    (cols, d_col, s_col): (usize, isize, isize),
    tile: usize,
) {
    let mut r0 = 0;
    while r0 < rows {
        let r1 = (r0 + tile).min(rows);
        let mut c0 = 0;
        while c0 < cols {
            let c1 = (c0 + tile).min(cols);
            for r in r0..r1 {
                let dp = dpos + r as isize * d_row + c0 as isize * d_col;
                let sp = spos + r as isize * s_row + c0 as isize * s_col;
                // SAFETY: (r, c0..c1) is inside the block the caller vouches for.
                unsafe { copy_run(dst, dp, d_col, src, sp, s_col, c1 - c0) };
            }
            c0 = c1;
        }
        r0 = r1;
    }
}
