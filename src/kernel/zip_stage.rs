//! The staged traversal of the element-wise engine, written once for
//! `Zip` (`crate::zip`, `K` operands) and `zip_with` (`zip_mut`, a
//! destination and one source): [`walk`](super::engine::walk) plus
//! **staging** of one transposed read-only operand through the copy
//! engine's SIMD blocks: each tile of the operand is copied by
//! [`stage`](super::transpose::stage) into a small buffer (in L1) laid
//! out along operand 0's inner axis, and the run is handed to the caller
//! with that operand's positions pointing into the buffer. The operand is
//! then read a whole cache line at a time, as a transposed copy reads it,
//! instead of one element per line per visit (which power-of-two strides
//! turn into cache-set conflicts).
//!
//! The caller's items for the staged operand are references into the
//! buffer, which lives for the traversal only: the closures of `Zip` and
//! `zip_with` are higher-ranked over their items' lifetime, so they cannot
//! keep them.
//!
//! What limits it (issue 28, 4096² f32, `zip_staged_counts` with the
//! walk's phases switched off one at a time in a scratch build, thread
//! CPU time, best of 10, three alternations, load 4.5-6): `Zip` d = a + b^T
//! 10.8-11.7 ms against 4.7-5.4 ms contiguous; staging alone (no body)
//! 4.9-5.0 ms, the body alone (no staging) 5.8-6.5 ms. `zip_with`
//! d += s^T 7.7-8.0 ms against 2.9 ms contiguous (wall clock, load 1.3):
//! staging 4.9, body 2.3-2.7. The
//! phases add up, they do not overlap. Staging reads the operand at about
//! 14 GB/s: a strip's 256 source lines are 16 KiB apart (one L1 set), so
//! they are demand misses (14 GB/s at ~100 ns is ~21 lines in flight, about
//! what the L1's miss buffers hold: an estimate, no counters on this VM);
//! the body's rows of 1 KiB (256 rows per tile) need the hints (without:
//! 15-16 ms for `Zip`'s body). A standalone read of the same 64 MiB in
//! runs of 1 KiB from 16 rows at a time takes 2.8 ms, in runs of one line
//! from 256 rows (this walk's pattern) 8-10 ms. Tried without gain: 8, 32
//! or 64 KiB buffers; 2 or 4 lines per source row; tiles of 16-4096 rows;
//! a 256 KiB (L2) tile staged 16 source rows at a time (11.2-11.8 ms);
//! prefetching the next strip's source lines (T0/T1/T2/NTA, at once or
//! spread over the body's rows: slower, they share one L1 set); staging
//! the next strip block by block between the body's rows (13-14 ms);
//! AVX2 for `Zip`'s staged body (no change); hinting half a strip ahead
//! (`Zip` -3.5 %, but the in-cache 8x8 `zip_with` moved 0.69x -> 0.53x of
//! contiguous in `elementwise_report` through code layout).
//!
//! z28d (a standalone copy of this walk, d = a + b^T on 4096² f32 with
//! AVX2 8x8 blocks, best of 7 rounds interleaved in one process, load
//! 1.1-1.5): the operands of the reports come from `malloc`, which puts
//! a 64 MiB buffer 16 bytes into a page, so every 64-byte source run of a
//! strip touched two lines (the second re-read from L2 by the next strip)
//! and every 1 KiB row run 17. With all three buffers 16 bytes off a
//! line: walk 11.5 ms (staging alone 6.1, body alone 5.9) against 4.6
//! contiguous; b on lines: 10.6 (staging 5.7); all on lines: 9.6-9.9
//! (body 5.0), hence strips on operand k's lines and chunks on operand
//! 0's (from 1 MiB and 64 lines per axis: shorter strips are staged
//! element by element). Hinting the next strip's staged lines over the
//! body's rows (T0, one line per column): 9.6 -> 8.9 ms (0.54x of
//! contiguous, the best shape found; the next strip's 256 lines share one
//! L1 set, so most are evicted to L2 before use, where staging then finds
//! them). Double-buffered staging interleaved with the body (one 16x16
//! block per body row): 9.1 ms, with the hint 9.2. Huge pages
//! (MADV_HUGEPAGE on all three buffers): 9.7 ms against 9.6, staging
//! alone 5.7 against 5.7: the strips' TLB misses are not the limit. The
//! body alone on lines (4.8-5.0 ms) is as fast as the contiguous call:
//! what is left is staging, whose reads of one line per source row are
//! bound by the misses in flight. Streaming stores for operand 0 do not
//! apply to `Zip` (its closure gets `&mut` items and may read them).
//!
//! z29e (docs/performance.md): an 8 KiB buffer (128 columns) took the 2-D
//! 4096² f32 probe from 7.7-7.9 to 7.3-7.5 ms (`zip_with`), but P3 `Zip`
//! fell from 0.51x to 0.39-0.41x of contiguous in `elementwise_report`:
//! not kept.
//!
//! z30 (z28d's probe, docs/performance.md): staging alone 7.3-7.6 ms
//! against 4.9-5.0 for the whole contiguous call (about 9 GB/s against
//! 40). Tried without gain: the next strip's staged lines hinted 1, 2 or
//! 4 strips ahead (T0 or T2); strips of 32 or 64 source elements per row
//! (128-256 bytes per visit); the next tile's source rows hinted into L2
//! a 1 KiB run per body row (what the copy engine's square tiles do).

use super::engine::{for_each_run_ahead, prefetch_run};
use super::loops::{for_each_outer, small_numel, small_runs};
use super::plan::{Order, Plan};

/// Bytes of the staging buffer: half the L1 data cache.
const STAGE_BYTES: usize = 16 << 10;

/// Destinations (operand 0) of at least this many bytes hint the next
/// strip's rows of every operand the strip walks contiguously (measured on
/// `zip_with`, operand 0 alone, 4096² f32: 17 -> 23 GB/s; below
/// this size they stay in the L2 cache, and in the cache the hints cost
/// 5 %).
const HINT_MIN_BYTES: usize = 1 << 20;

/// Walks of at least this many bytes of operand 0 on axes of at least
/// [`ALIGN_MIN_LINES`] cache lines of their operand start their strips
/// (chunks) on its lines (`staged_runs`). In debug builds and under Miri,
/// small sizes too, so that the tests' small views reach the shifted
/// grids.
const ALIGN_MIN_BYTES: usize = if cfg!(any(miri, debug_assertions)) {
    1
} else {
    HINT_MIN_BYTES
};

/// See [`ALIGN_MIN_BYTES`].
const ALIGN_MIN_LINES: usize = if cfg!(any(miri, debug_assertions)) {
    1
} else {
    64
};

/// The element size with which an operand of element type `E` may be
/// staged (its values moved as raw bytes by the SIMD blocks), or 0: `E`
/// must be plain (`elem::is_plain`) and 1, 2, 4 or 8 bytes.
#[inline(always)]
pub(crate) fn stage_size<E>() -> usize {
    let size = core::mem::size_of::<E>();
    if matches!(size, 1 | 2 | 4 | 8) && super::elem::is_plain::<E>() {
        size
    } else {
        0
    }
}

/// Which element sizes a walk may stage, as a constant: bit `size` for
/// elements of 1, 2, 4 or 8 bytes ([`stage_mask`]). Only the staging
/// instances of those sizes are compiled (`stage_bytes`), not all four in
/// every program that uses a `Zip` (docs/build-cost.md).
pub(crate) trait StageMask {
    const MASK: u8;
}

/// The [`StageMask`] of operands of these element sizes.
pub(crate) const fn stage_mask(sizes: &[usize]) -> u8 {
    let mut m = 0;
    let mut i = 0;
    while i < sizes.len() {
        if matches!(sizes[i], 1 | 2 | 4 | 8) {
            m |= sizes[i] as u8;
        }
        i += 1;
    }
    m
}

/// The [`StageMask`] of a walk whose operands have element types `T` and `U`.
pub(crate) struct PairMask<T, U>(core::marker::PhantomData<(T, U)>);

impl<T, U> StageMask for PairMask<T, U> {
    const MASK: u8 = stage_mask(&[core::mem::size_of::<T>(), core::mem::size_of::<U>()]);
}

/// A run handed to the caller: operand `k` visits `pos[k] + j·strides[k]`
/// for `j < n`; when `staged` is `Some((s, buf))`, operand `s`'s positions
/// are element indices into `buf` (its staged copy; `strides[s] == 1`)
/// instead of its buffer.
pub(crate) type Staged = Option<(usize, *mut u8)>;

/// Calls `body(pos, n, strides, staged)` for inner runs that together
/// cover every index of `shape` exactly once (operand `k` has `strides[k]`
/// and starts at `offsets[k]`), in an unspecified order: small views walk
/// their layouts, the others are planned and run by [`run_plan`].
/// `ahead` is [`for_each_run_ahead`]'s hint callback.
///
/// # Safety
/// As [`run_plan`], for the plan of these layouts.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn walk<S: StageMask, const K: usize>(
    shape: &[usize],
    strides: [&[isize]; K],
    offsets: [usize; K],
    tile: usize,
    src: [*const u8; K],
    sizes: [usize; K],
    stage: [bool; K],
    ahead: impl FnMut([isize; K], usize, [isize; K]),
    mut body: impl FnMut([isize; K], usize, [isize; K], Staged),
) {
    if let Some(n) = small_numel(shape) {
        if n > 0 {
            small_runs(shape, strides, offsets.map(|o| o as isize), |p, n, c| {
                body(p, n, c, None)
            });
        }
        return;
    }
    if let Some(plan) = Plan::new(shape, strides, offsets, Order::Free) {
        // SAFETY: forwarded from this function's contract.
        unsafe { run_plan::<S, K>(&plan, tile, src, sizes, stage, ahead, body) }
    }
}

/// Runs a plan (a whole zip's, or a part of one): staged when an operand
/// may be ([`stage_operand`]), else [`for_each_run_ahead`].
///
/// # Safety
/// `src[k]` is operand `k`'s buffer, of elements of `sizes[k]` bytes
/// (when `stage[k]` is false it is only hinted, never accessed: a wrong
/// pointer costs speed, not soundness); every position the plan reaches
/// in an operand `k` with `stage[k]` is readable at `src[k] + pos·sizes[k]`
/// and nobody writes it during the call; such an operand's element type
/// is plain with that size (see [`stage_size`]).
#[inline(always)]
pub(crate) unsafe fn run_plan<S: StageMask, const K: usize>(
    plan: &Plan<K>,
    tile: usize,
    src: [*const u8; K],
    sizes: [usize; K],
    stage: [bool; K],
    ahead: impl FnMut([isize; K], usize, [isize; K]),
    mut body: impl FnMut([isize; K], usize, [isize; K], Staged),
) {
    if let Some((k, b)) = stage_operand(plan, &stage) {
        // SAFETY: forwarded from this function's contract.
        unsafe { staged_runs::<S, K>(plan, k, b, src, sizes, &mut body) };
        return;
    }
    for_each_run_ahead(plan, tile, ahead, |p, n, c| body(p, n, c, None));
}

/// The operand to stage and its axis: the first stageable operand
/// (`stage[k]`) other than 0 whose fastest axis `b` (stride 1, or -1: a
/// transposed operand also flipped along it, as a 90-degree rotation is)
/// is not the plan's inner axis, along which it steps further (a
/// transposed operand).
pub(crate) fn stage_operand<const K: usize>(
    plan: &Plan<K>,
    stage: &[bool; K],
) -> Option<(usize, usize)> {
    if plan.rank < 2 {
        return None;
    }
    let inner = plan.rank - 1;
    (1..K).filter(|&k| stage[k]).find_map(|k| {
        let s = plan.strides[k][inner].unsigned_abs();
        let b = (0..plan.rank)
            .filter(|&a| plan.strides[k][a] != 0)
            .min_by_key(|&a| plan.strides[k][a].unsigned_abs())?;
        (b != inner && s > 1 && plan.strides[k][b].unsigned_abs() == 1).then_some((k, b))
    })
}

/// The staged traversal: strips of `64 / size` rows of axis `b` (one
/// block: a cache line of the element) by what fills the buffer of the
/// inner axis (256 for f32), in row tiles of as many rows, which keep a
/// tile's source columns and destination rows (pages) within the TLB's
/// reach, as the copy engine's tiles do; each strip of operand `k` is
/// staged row-major into the buffer, then `body` gets one run per row,
/// every operand but `k` at its own positions, `k` at the staged row.
/// When `k` steps backwards along `b` (stride -1), each strip is staged
/// from its lowest position, so its rows land in the buffer in reverse.
///
/// # Safety
/// As [`run_plan`]; operand `k` is stageable and its stride along `b` is
/// 1 or -1 ([`stage_operand`]).
#[inline(always)]
unsafe fn staged_runs<S: StageMask, const K: usize>(
    plan: &Plan<K>,
    k: usize,
    b: usize,
    src: [*const u8; K],
    sizes: [usize; K],
    body: &mut impl FnMut([isize; K], usize, [isize; K], Staged),
) {
    // With two operands the staged one is operand 1 (stage_operand picks
    // among 1..K; checked, once per walk): a constant, so that its
    // element size, the strip's edges and its grid steps fold.
    let k = if K == 2 {
        assert_eq!(k, 1, "a staged walk of 2 operands stages operand 1");
        1
    } else {
        k
    };
    let mut outer = *plan;
    let (na, sa) = outer.take_axis(plan.rank - 1);
    let (nb, sb) = outer.take_axis(b);
    // Rows per strip: one block (a cache line of the element); columns:
    // what fills the buffer. Under Miri, small strips so that tests cross
    // their edges.
    let size = sizes[k];
    let rows = 64 / size;
    let cols = if cfg!(miri) {
        2 * rows
    } else {
        STAGE_BYTES / size / rows
    };
    let mut buf = [core::mem::MaybeUninit::<u64>::uninit(); STAGE_BYTES / 8];
    // Elements are at most 8 bytes and aligned to at most 8: the u64
    // buffer holds rows x cols of them, aligned.
    let bp = buf.as_mut_ptr().cast::<u8>();
    let mut sc = sa;
    sc[k] = 1;
    // Operand k walks axis b backwards: a strip's rows b0..b0+nr are its
    // positions at(0)[k] down to at(nr - 1)[k].
    let flip = sb[k] < 0;
    let hint = plan.numel().saturating_mul(sizes[0]) >= HINT_MIN_BYTES;
    let align = plan.numel().saturating_mul(sizes[0]) >= ALIGN_MIN_BYTES;
    // The walk of one outer position's strips. With two operands
    // (`zip_with`, a `Zip` of 2) it is called at one place (`outer` at
    // least 1: an outer plan of rank 0 has the unit axis take_axis leaves,
    // shape 1 and strides 0, set below) and inlined into the caller, so it
    // compiles with AVX2 where the caller does (zip_mut's with_avx2), not
    // as a closure of its own (SSE): zipwith trans 64, callgrind, 17,567 ->
    // 12,118 instructions per call. A `Zip` of 3 or more operands runs its
    // walk as a function of its own (`apart`): inlined, P3 `Zip` read
    // 0.45-0.46x of contiguous against 0.48-0.50x (elementwise_report,
    // alternated, load 3).
    let strips = walk_fn(
        #[inline(always)]
        |base: [isize; K]| {
            // From ALIGN_MIN_BYTES, on axes of at least ALIGN_MIN_LINES
            // lines, strips, tiles and column chunks start on cache lines:
            // strip rows on operand k's lines (each of its source runs is then
            // one line, not the ends of two: a buffer from `malloc` starts 16
            // bytes into one), column chunks on operand 0's. Only the first
            // and last strip (chunk) of an axis is shorter, and a strip of
            // fewer than `rows` rows or `64 / size` columns is staged element
            // by element: on shorter axes that costs more than the split
            // lines (P3, 256 rows of 16 lines: `zip_with` 0.42x -> 0.26-0.37x
            // of contiguous; in the cache, 64x64 f32 `zip_with` 0.36x ->
            // 0.29x).
            let shift_b = if align && nb >= ALIGN_MIN_LINES * rows {
                let e = line_shift(
                    src[k].wrapping_offset(base[k].wrapping_mul(size as isize)),
                    size,
                );
                // Backwards, a strip is on lines when its last row, the
                // lowest position, starts one: its end is e + 1 past a line
                // start (mod rows), so the grid is shifted by -(e + 1).
                if flip {
                    (rows - (e + 1) % rows) % rows
                } else {
                    e
                }
            } else {
                0
            };
            let shift_a =
                if align && sa[0] == 1 && na >= ALIGN_MIN_LINES * (64 / sizes[0].clamp(1, 64)) {
                    line_shift(
                        src[0].wrapping_offset(base[0].wrapping_mul(sizes[0] as isize)),
                        sizes[0],
                    )
                } else {
                    0
                };
            let mut bt = 0;
            while bt < nb {
                let bt_end = grid_end(bt, nb, cols, shift_b);
                let mut a0 = 0;
                while a0 < na {
                    let nc = grid_end(a0, na, cols, shift_a) - a0;
                    let mut b0 = bt;
                    while b0 < bt_end {
                        let nr = grid_end(b0, bt_end, rows, shift_b) - b0;
                        let at = |r: usize| -> [isize; K] {
                            crate::array_from(|o| {
                                base[o]
                                    .wrapping_add(((b0 + r) as isize).wrapping_mul(sb[o]))
                                    .wrapping_add((a0 as isize).wrapping_mul(sa[o]))
                            })
                        };
                        // The strip's lowest position in operand k: its
                        // first row's, or backwards its last row's.
                        let low = at(if flip { nr - 1 } else { 0 })[k];
                        // SAFETY: the strip's rows b0..b0+nr and columns
                        // a0..a0+nc are indices of the plan (grid_end stays
                        // within bt_end <= nb and na), so operand k's
                        // positions low + r + c·sa[k] (r < nr, c < nc;
                        // stride 1 along b from `low`, rows b0 + r forwards
                        // or b0 + nr - 1 - r backwards) are reached and
                        // readable, and nr·nc <= rows·cols elements fit the
                        // buffer (grid_end steps at most `rows` and `cols`),
                        // which is ours alone.
                        unsafe {
                            stage_bytes::<S>(
                                bp,
                                nc,
                                src[k].wrapping_offset(low.wrapping_mul(size as isize)),
                                sa[k],
                                nr,
                                nc,
                                size,
                            )
                        };
                        // The next strip (in this tile, or the next column
                        // chunk's first, or the next tile's) and its columns:
                        // its staged lines are hinted over this strip's rows.
                        let (nb0, na0) = if b0 + nr < bt_end {
                            (b0 + nr, a0)
                        } else if a0 + nc < na {
                            (bt, a0 + nc)
                        } else {
                            (bt_end, 0)
                        };
                        let nnc = if hint && nb0 < nb {
                            grid_end(na0, na, cols, shift_a) - na0
                        } else {
                            0
                        };
                        // Backwards, from the strip's lowest position when
                        // it is whole (a hint: a shorter last strip's may
                        // lie below it), so that each column's hint names
                        // its one line: from the highest, the 64 bytes
                        // reached into the line just staged, which shares
                        // the next ones' L1 set (4096² f32, elementwise_report R2,
                        // two pairs: zip_with 0.32-0.37x -> 0.39x of contiguous,
                        // Zip 0.34-0.35x -> 0.45-0.47x).
                        let q0 = base[k]
                            .wrapping_add((nb0 as isize).wrapping_mul(sb[k]))
                            .wrapping_add((na0 as isize).wrapping_mul(sa[k]))
                            .wrapping_sub(if flip { rows as isize - 1 } else { 0 });
                        // Row positions step by sb (no product per row).
                        let mut row = at(0);
                        for r in 0..nr {
                            // The next strip's staged lines, a share per row
                            // (one line per column when the strips start on
                            // lines); a hint accesses nothing. (Tested first:
                            // unhinted, the share's two divisions per row
                            // were 900 of the 1,600 instructions a 64x64
                            // in-cache `zip_with` gained with the hints.)
                            if nnc > 0 {
                                for c in r * nnc / nr..(r + 1) * nnc / nr {
                                    let q = q0.wrapping_add((c as isize).wrapping_mul(sa[k]));
                                    prefetch_run(
                                        src[k].wrapping_offset(q.wrapping_mul(size as isize)),
                                        64,
                                    );
                                }
                            }
                            let mut p = row;
                            row = crate::array_from(|o| row[o].wrapping_add(sb[o]));
                            if hint {
                                // Hint the row of the next strip of every
                                // operand that walks it contiguously but the
                                // staged one (a fresh run of lines, far from
                                // this one); a hint accesses nothing.
                                for o in 0..K {
                                    if o != k && sa[o] == 1 {
                                        let next =
                                            p[o].wrapping_add((rows as isize).wrapping_mul(sb[o]));
                                        let at = src[o]
                                            .wrapping_offset(next.wrapping_mul(sizes[o] as isize));
                                        prefetch_run(at, nc.saturating_mul(sizes[o]));
                                    }
                                }
                            }
                            // Backwards, strip row r is buffer row nr-1-r.
                            p[k] = ((if flip { nr - 1 - r } else { r }) * nc) as isize;
                            body(p, nc, sc, Some((k, bp)));
                        }
                        b0 += nr;
                    }
                    a0 += nc;
                }
                bt = bt_end;
            }
        },
    );
    if K == 2 {
        if outer.rank == 0 {
            // The unit axis walked instead (one position, the start): set
            // here, not assumed from take_axis.
            outer.shape[0] = 1;
            for o in 0..K {
                outer.strides[o][0] = 0;
            }
        }
        for_each_outer(&outer, outer.rank.max(1), strips);
    } else {
        let mut strips = strips;
        for_each_outer(&outer, outer.rank, |base| apart(&mut strips, base));
    }
}

/// `f` (a closure can carry `#[inline(always)]` as an argument).
#[inline(always)]
fn walk_fn<const K: usize, F: FnMut([isize; K])>(f: F) -> F {
    f
}

/// Calls `f(base)` out of line: `staged_runs`' strip walk as a function
/// of its own.
#[inline(never)]
fn apart<const K: usize>(f: &mut impl FnMut([isize; K]), base: [isize; K]) {
    f(base)
}

/// Where the chunk of an axis of `n` indices that starts at `i < n` ends:
/// at the next multiple of `w` (> 0) on the grid shifted by `shift`
/// (indices `m·w - shift`), or at `n`. The chunks from 0 cover `0..n`,
/// each at most `w` long and not empty.
#[inline(always)]
fn grid_end(i: usize, n: usize, w: usize, shift: usize) -> usize {
    let v = i.saturating_add(shift % w);
    let end = (v / w).saturating_add(1).saturating_mul(w) - shift % w;
    end.min(n)
}

/// The grid shift that puts chunk starts of an operand whose first
/// element is at `p` (elements of `size` bytes, stride 1) on its cache
/// lines: `64 / size` minus the elements before `p`'s next line, modulo
/// `64 / size`; 0 when `p` is aligned or its elements are not on
/// multiples of `size` (the address is only compared, never accessed).
#[inline(always)]
fn line_shift(p: *const u8, size: usize) -> usize {
    let per = 64 / size.clamp(1, 64);
    let m = p.addr() % 64;
    if !m.is_multiple_of(size.max(1)) {
        return 0;
    }
    m / size.max(1) % per
}

// transpose::stage of `size`-byte plain elements moved as byte arrays of
// that size (plain types are primitives without drop glue, so the staged
// bytes are valid values of the operand's type).
//
// SAFETY (for callers): as transpose::stage, in elements of `size` bytes;
// `buf` and `s` are aligned for the operand's type.
// (Only the sizes of `S::MASK` are instantiated: the tests are constants.)
#[inline(always)]
unsafe fn stage_bytes<S: StageMask>(
    buf: *mut u8,
    pitch: usize,
    s: *const u8,
    s_col: isize,
    nr: usize,
    nc: usize,
    size: usize,
) {
    use super::transpose::stage;
    // SAFETY: forwarded; [u8; size] has the operand's size and alignment
    // at most its.
    unsafe {
        if const { S::MASK & 1 != 0 } && size == 1 {
            stage::<[u8; 1]>(buf.cast(), pitch, s.cast(), s_col, nr, nc)
        } else if const { S::MASK & 2 != 0 } && size == 2 {
            stage::<[u8; 2]>(buf.cast(), pitch, s.cast(), s_col, nr, nc)
        } else if const { S::MASK & 4 != 0 } && size == 4 {
            stage::<[u8; 4]>(buf.cast(), pitch, s.cast(), s_col, nr, nc)
        } else if const { S::MASK & 8 != 0 } && size == 8 {
            stage::<[u8; 8]>(buf.cast(), pitch, s.cast(), s_col, nr, nc)
        } else {
            unreachable!(
                "stage_size admits 1, 2, 4 and 8 bytes, and S::MASK has the operands' sizes"
            )
        }
    }
}
