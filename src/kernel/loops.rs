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
            (1, 1) => copy_forward(d, s, n),
            (1, 2) => copy_even(d, s, n),
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
/// `s` is valid for `2n - 1` elements, `d` for `n`, and they do not overlap.
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

/// Copies one tile, rows `r0..r1` by columns `c0..c1`, of a block whose
/// element `(r, c)` lives at `dpos + r·d_row + c·d_col` in dst and
/// `spos + r·s_row + c·s_col` in src. When the source is dense along the
/// rows and the destination along the columns (a transpose), the tile is
/// moved in `MICRO x MICRO` blocks: `MICRO` contiguous source runs are read
/// into registers and written back as `MICRO` contiguous destination runs.
/// Callers pick tiles small enough for both sides to stay in cache.
///
/// # Safety
/// As [`copy_run`], for every position of the tile.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) unsafe fn copy_tile<T: Copy>(
    dst: *mut T,
    dpos: isize,
    src: *const T,
    spos: isize,
    (r0, r1, d_row, s_row): (usize, usize, isize, isize),
    (c0, c1, d_col, s_col): (usize, usize, isize, isize),
) {
    let (mut r, mut c_full) = (r0, c0);
    if s_row == 1 && d_col == 1 {
        // Whole micro blocks first.
        let c_end = c0 + (c1 - c0) / MICRO * MICRO;
        while r + MICRO <= r1 {
            let mut c = c0;
            while c < c_end {
                let dp = dpos + r as isize * d_row + c as isize;
                let sp = spos + r as isize + c as isize * s_col;
                // SAFETY: the MICRO x MICRO block at (r, c) is inside the tile.
                unsafe { micro_transpose(dst, dp, d_row, src, sp, s_col) };
                c += MICRO;
            }
            r += MICRO;
        }
        c_full = c_end;
    }
    // What the micro blocks left: the right edge of the micro rows, then
    // the remaining rows whole.
    for rr in r0..r {
        let dp = dpos + rr as isize * d_row + c_full as isize * d_col;
        let sp = spos + rr as isize * s_row + c_full as isize * s_col;
        // SAFETY: (rr, c_full..c1) is inside the tile.
        unsafe { copy_run(dst, dp, d_col, src, sp, s_col, c1 - c_full) };
    }
    for rr in r..r1 {
        let dp = dpos + rr as isize * d_row + c0 as isize * d_col;
        let sp = spos + rr as isize * s_row + c0 as isize * s_col;
        // SAFETY: (rr, c0..c1) is inside the tile.
        unsafe { copy_run(dst, dp, d_col, src, sp, s_col, c1 - c0) };
    }
}

/// Edge of the register blocks of a transposed copy.
pub(crate) const MICRO: usize = 8;

/// `dst[r·d_row + c] = src[r + c·s_col]` for `r, c < MICRO`.
///
/// # Safety
/// As [`copy_run`], for the whole block.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // r indexes the inner arrays of `block`
unsafe fn micro_transpose<T: Copy>(
    dst: *mut T,
    dpos: isize,
    d_row: isize,
    src: *const T,
    spos: isize,
    s_col: isize,
) {
    #[cfg(target_arch = "x86_64")]
    if core::mem::size_of::<T>() == 4 {
        // SAFETY: T is 4 bytes and Copy, so its values move as f32 bit
        // patterns (shuffles never change bits); positions as below.
        unsafe {
            sse_transpose_8x8(
                dst.cast::<f32>(),
                dpos,
                d_row,
                src.cast::<f32>(),
                spos,
                s_col,
            )
        };
        return;
    }
    // SAFETY: (whole body) every position of the block is in bounds.
    unsafe {
        let block: [[T; MICRO]; MICRO] = core::array::from_fn(|c| {
            core::ptr::read_unaligned(src.offset(spos + c as isize * s_col) as *const [T; MICRO])
        });
        for r in 0..MICRO {
            let row: [T; MICRO] = core::array::from_fn(|c| block[c][r]);
            core::ptr::write_unaligned(
                dst.offset(dpos + r as isize * d_row) as *mut [T; MICRO],
                row,
            );
        }
    }
}

/// The 8x8 micro block for 4-byte elements as four 4x4 SSE transposes
/// (SSE is part of every x86_64 target, so no feature detection is needed).
///
/// # Safety
/// As [`copy_run`], for the whole 8x8 block.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn sse_transpose_8x8(
    dst: *mut f32,
    dpos: isize,
    d_row: isize,
    src: *const f32,
    spos: isize,
    s_col: isize,
) {
    use core::arch::x86_64::*;
    for rb in [0isize, 4] {
        for cb in [0isize, 4] {
            // SAFETY: the 4x4 sub-block at (rb, cb) lies inside the 8x8 block.
            unsafe {
                let s = src.offset(spos + rb + cb * s_col);
                let a = _mm_loadu_ps(s);
                let b = _mm_loadu_ps(s.offset(s_col));
                let c = _mm_loadu_ps(s.offset(2 * s_col));
                let d = _mm_loadu_ps(s.offset(3 * s_col));
                let t0 = _mm_unpacklo_ps(a, b);
                let t1 = _mm_unpacklo_ps(c, d);
                let t2 = _mm_unpackhi_ps(a, b);
                let t3 = _mm_unpackhi_ps(c, d);
                let q = dst.offset(dpos + rb * d_row + cb);
                _mm_storeu_ps(q, _mm_movelh_ps(t0, t1));
                _mm_storeu_ps(q.offset(d_row), _mm_movehl_ps(t1, t0));
                _mm_storeu_ps(q.offset(2 * d_row), _mm_movelh_ps(t2, t3));
                _mm_storeu_ps(q.offset(3 * d_row), _mm_movehl_ps(t3, t2));
            }
        }
    }
}
