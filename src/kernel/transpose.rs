//! Transposed copies: the destination runs along one set of axes and the
//! source along another, so neither can be walked in order without
//! striding through the other.
//!
//! The copy is seen as a 2-D problem. The *columns* are a chain of axes
//! that together run contiguously through the destination; the *rows* a
//! chain that runs contiguously through the source (a chain is one axis, or
//! several small ones — the 8-wide axes of an 8⁸ permutation — that would
//! coalesce in that operand alone). The 2-D problem is cut into tiles, and
//! tiles into `B x B` blocks, where `B` elements fill a 64-byte cache line:
//! a block reads `B` whole source lines into registers (or the stack) and
//! writes `B` whole destination lines. No line is ever half used and left
//! for later, so cache-set conflicts of power-of-two strides (a 256³
//! permutation steps 256 KiB per column) cost nothing. The remaining axes
//! are walked around the tiles.

use core::mem::MaybeUninit;

use super::loops::for_each_outer;
use super::plan::Plan;

/// The most axes a chain joins.
const CHAIN: usize = 3;

/// The largest tile edge, in elements (tables of this many offsets live on
/// the stack).
pub(crate) const MAX_TILE: usize = 256;

// Column strips (see `copy_with`) only for columns at least this far apart
// in the source: each column then lies in its own run of pages. (A rank-8
// 8⁸ permutation, columns 2 KiB apart, lost 6 % in strips; 2-D transposes
// with columns 8–32 KiB apart gained: 8192² u8 +15 %, 2048x4096 f64
// +18 %, 4096² f32 +7 %, 4096x8192 u16 unchanged.)
const STRIP_MIN_COLUMN_BYTES: usize = if cfg!(miri) { 64 } else { 4 << 10 };

/// A composite axis: up to [`CHAIN`] axes of a plan that together step
/// through one operand ("own") by `unit`, innermost first. Composite index
/// `i` has digits `i % size[0]`, `i / size[0] % size[1]`, …; in the own
/// operand it lies at `i · unit`, in the other at `Σ digit · other`.
#[derive(Clone, Copy, Debug)]
struct Chain {
    len: usize,
    size: [usize; CHAIN],
    other: [isize; CHAIN],
    extent: usize,
    unit: isize,
}

impl Chain {
    /// Takes a chain out of `plan` for operand `own`: the axis with the
    /// smallest non-zero `|stride|` in `own`, then axes whose stride in
    /// `own` continues it, until the chain spans `want` elements. Axes are
    /// flipped where needed so that `own` walks them forwards (a copy may
    /// visit its elements in any order). `None` when every axis of `own`
    /// has stride 0.
    fn take(plan: &mut Plan<2>, own: usize, want: usize, avoid: isize) -> Option<Chain> {
        let first = (0..plan.rank)
            .filter(|&a| plan.strides[own][a] != 0)
            .min_by_key(|&a| plan.strides[own][a].unsigned_abs())?;
        let unit = plan.strides[own][first].unsigned_abs() as isize;
        let mut chain = Chain {
            len: 0,
            size: [1; CHAIN],
            other: [0; CHAIN],
            extent: 1,
            unit,
        };
        let mut axis = Some(first);
        while let Some(a) = axis {
            if plan.strides[own][a] < 0 {
                flip(plan, a);
            }
            let (size, strides) = plan.take_axis(a);
            chain.size[chain.len] = size;
            chain.other[chain.len] = strides[1 - own];
            chain.len += 1;
            chain.extent *= size;
            if chain.len == CHAIN || chain.extent >= want {
                break;
            }
            // extent · unit fits isize: it is a distance within a layout.
            let next = (chain.extent as isize).wrapping_mul(unit);
            axis = (0..plan.rank).find(|&b| {
                plan.strides[own][b].unsigned_abs() as isize == next
                    && plan.strides[1 - own][b].unsigned_abs() as isize != avoid
            });
        }
        Some(chain)
    }

    /// Sets `out[j]` to the other operand's offset of composite index
    /// `i0 + j` (every entry) and returns `out`, initialised. The tables
    /// live on the stack uninitialised, so that a small copy does not pay
    /// for clearing 4 KiB of them.
    fn other_offsets<'o>(&self, i0: usize, out: &'o mut [MaybeUninit<isize>]) -> &'o [isize] {
        let mut digit = [0usize; CHAIN];
        let mut rest = i0;
        let mut pos = 0isize;
        for ((d, &size), &other) in digit
            .iter_mut()
            .zip(&self.size)
            .zip(&self.other)
            .take(self.len)
        {
            *d = rest % size;
            rest /= size;
            pos = pos.wrapping_add((*d as isize).wrapping_mul(other));
        }
        for o in out.iter_mut() {
            o.write(pos);
            // Advance the digits; positions past the last index are never
            // used, so wrapping arithmetic keeps this panic-free.
            for ((d, &size), &other) in digit
                .iter_mut()
                .zip(&self.size)
                .zip(&self.other)
                .take(self.len)
            {
                *d += 1;
                pos = pos.wrapping_add(other);
                if *d < size {
                    break;
                }
                *d = 0;
                pos = pos.wrapping_sub(other.wrapping_mul(size as isize));
            }
        }
        // SAFETY: the loop above wrote every entry of out; MaybeUninit<isize>
        // and isize have the same layout.
        unsafe { &*(out as *const [MaybeUninit<isize>] as *const [isize]) }
    }
}

// Walks axis `a` backwards in both operands.
fn flip(plan: &mut Plan<2>, a: usize) {
    // (In usize first: an axis of 2^63 zero-sized elements is valid.)
    let last = (plan.shape[a] - 1) as isize;
    for k in 0..2 {
        plan.start[k] += last * plan.strides[k][a];
        plan.strides[k][a] = -plan.strides[k][a];
    }
}

/// Whether a copy plan is a transpose: the destination's inner axis is
/// more than a cache line apart in the source, and some other axis is
/// nearer in the source.
pub(crate) fn is_transpose<T>(plan: &Plan<2>) -> bool {
    if plan.rank < 2 {
        return false;
    }
    let inner = plan.rank - 1;
    let s_inner = plan.strides[1][inner].unsigned_abs();
    let line = (64 / core::mem::size_of::<T>().max(1)).max(1);
    s_inner > line
        && (0..inner).any(|a| {
            let s = plan.strides[1][a].unsigned_abs();
            s != 0 && s < s_inner
        })
}

/// Elements per block edge: a cache line of `T`s (at least 2, at most 64).
pub(crate) const fn block_edge<T>() -> usize {
    match core::mem::size_of::<T>() {
        0 | 1 => 64,
        2 => 32,
        3 | 4 => 16,
        5..=8 => 8,
        9..=16 => 4,
        _ => 2,
    }
}

/// Copies a transposed plan (operand 0 = dst, 1 = src; see
/// [`is_transpose`]) and returns `true`, or returns `false` without
/// touching anything when the plan has no source axis left once the
/// destination's chain is taken (the caller then copies run by run).
///
/// # Safety
/// As [`copy_planned`](super::copy::copy_planned): every position the plan
/// reaches is inside its buffer; dst positions are distinct, exclusively
/// ours, and not read through src.
pub(crate) unsafe fn copy<T: Copy>(
    dst: *mut T,
    src: *const T,
    plan: &Plan<2>,
    tile: usize,
    bytes: usize,
) -> bool {
    // SAFETY: forwarded; the block edge matches T's size class.
    unsafe {
        // A constant: only T's own arm is instantiated.
        match const { block_edge::<T>() } {
            64 => copy_with::<T, 64>(dst, src, *plan, tile, bytes),
            32 => copy_with::<T, 32>(dst, src, *plan, tile, bytes),
            16 => copy_with::<T, 16>(dst, src, *plan, tile, bytes),
            8 => copy_with::<T, 8>(dst, src, *plan, tile, bytes),
            4 => copy_with::<T, 4>(dst, src, *plan, tile, bytes),
            _ => copy_with::<T, 2>(dst, src, *plan, tile, bytes),
        }
    }
}

/// [`copy`] with blocks of `B` elements a side.
///
/// # Safety
/// As [`copy`].
#[inline(always)]
unsafe fn copy_with<T: Copy, const B: usize>(
    dst: *mut T,
    src: *const T,
    mut plan: Plan<2>,
    tile: usize,
    bytes: usize,
) -> bool {
    let tile = tile.clamp(B, MAX_TILE) / B * B;
    // A part of a larger copy (a slab of `par_rearrange`) when the plan
    // writes fewer bytes than the whole copy: it takes no `Ahead` hints
    // (nor the square tiles that come with them) — with them, the 2-thread
    // 4096² f32 transpose read 0.44 / 0.46x of the best copy against main's
    // 0.56 / 0.56x in two alternations (load 3–4), not probed further.
    let whole = plan.numel().saturating_mul(core::mem::size_of::<T>()) >= bytes;
    // The source's unit-stride axis, if it is not the destination's: the
    // destination chain must leave it to the source chain (a u8 NCHW ->
    // NHWC copy with 64 channels would otherwise join C and W, leaving
    // the source no unit axis and refusing blocks).
    let dst_unit = (0..plan.rank)
        .filter(|&a| plan.strides[0][a] != 0)
        .min_by_key(|&a| plan.strides[0][a].unsigned_abs());
    let avoid = match dst_unit {
        Some(du) if plan.strides[1][du].unsigned_abs() != 1 => 1,
        _ => -1, // no |stride| is negative: avoid nothing
    };
    // Chains of about four blocks: enough to fill whole lines from 8-wide
    // axes, small enough that a tile's lines do not collide in the cache.
    let Some(cols) = Chain::take(&mut plan, 0, 4 * B, avoid) else {
        return false;
    };
    let Some(rows) = Chain::take(&mut plan, 1, 4 * B, -1) else {
        return false;
    };
    let blocks = rows.unit == 1 && cols.unit == 1;
    // Streaming stores for large destinations, when every destination run
    // starts at the same offset within a cache line (then the first `peel`
    // columns are copied apart and every block writes whole lines).
    let size = core::mem::size_of::<T>() as isize;
    let uniform = blocks
        && (0..rows.len).all(|i| rows.other[i].wrapping_mul(size) % 64 == 0)
        && (0..plan.rank).all(|a| plan.strides[0][a].wrapping_mul(size) % 64 == 0);
    let mut stream = uniform && super::simd::stream_transpose::<T>(bytes);
    let mut peel = 0;
    // (Under Miri, which never streams, seams are taken whenever the
    // layouts allow, so that the portable path covers them.)
    let seams_ok = stream || (cfg!(miri) && uniform);
    if seams_ok {
        let first =
            (dst as usize).wrapping_add((plan.start[0] as usize).wrapping_mul(size as usize));
        let bytes_to_line = (64 - first % 64) % 64;
        if bytes_to_line.is_multiple_of(size as usize) {
            peel = bytes_to_line / size as usize;
        } else {
            stream = false;
        }
    }
    // Seams: when a destination row's run continues straight into another
    // row's (the rows chain has an axis whose destination step is the
    // columns' extent: NCHW -> NHWC, where pixel h·W + w + 1 follows pixel
    // h·W + w) and the runs start `peel` elements before a line boundary,
    // the line that holds the last `B - peel` columns of row r and the
    // first `peel` of row r + delta is one block column of its own: a
    // *seam* block reads those columns at rows r.. and r + delta.. and
    // writes whole aligned lines, so no line is shared by two passes and
    // nothing is copied element by element but the rows without a
    // neighbour. (With the peel and the tail copied element by element in
    // separate strips, a buffer 16 bytes off a line ran NCHW -> NHWC f32 at
    // 0.4x the speed of a line-aligned one.) Only when streaming: in the
    // cache, blocks at unaligned addresses cost nothing and a seam block's
    // head runs (one row further on) split every load across two lines —
    // the in-cache 64x64 f32 transpose ran at half speed with seams.
    // `Some((delta, digits))`: rows r and r + delta are neighbours unless
    // digit `(r / delta) % digits` is the last one. A rows axis whose
    // destination step is *minus* the columns' extent (the destination's
    // rows flipped against the source's, which the chain walks forwards)
    // would pair row r's head with row r + delta's tail; it takes no seams
    // (the peel and the tail go element by element, the lines between
    // still streamed). Mirrored seams (a block reading the tail columns
    // at rows r + delta.. and the head ones at rows r.., writing at
    // drow[r] - extent + c_hi, and the rows without a neighbour mirrored)
    // are not written: no benchmarked or reported layout has such a pair.
    let seam = if seams_ok
        && B * size as usize == 64
        && peel > 0
        && cols.extent >= B
        && cols.extent.is_multiple_of(B)
    {
        (0..rows.len)
            .find(|&k| rows.other[k] == cols.extent as isize)
            .map(|k| {
                // Axes after k whose destination step continues it (row
                // after row of NCHW -> NHWC: pixel (h, W - 1) is followed
                // by (h + 1, 0)) join its digit: only the last row of them
                // all lacks a neighbour.
                let mut digits = rows.size[k];
                let mut j = k + 1;
                while j < rows.len && rows.other[j] == (digits as isize).wrapping_mul(rows.other[k])
                {
                    digits *= rows.size[j];
                    j += 1;
                }
                (rows.size[..k].iter().product::<usize>(), digits, k)
            })
    } else {
        None
    };
    // Seams across the outer walk: when the innermost outer axis steps the
    // destination by `digits` rows of the seam axis, the rows of the
    // seam's last digit continue into the head rows of that axis' next
    // position, and their lines are seam blocks too. (The rank-8 8⁸
    // permutation [3, 7, 1, 5, 0, 6, 2, 4]: columns [i7, i6] and rows
    // [i1, i5] chain to 64 x 64, the seam axis i5 has delta 8, and the
    // destination axis after it, i4, steps the source by 8⁷: outside any
    // chain. Without these, a row in eight had its line written element
    // by element, in two passes; NCHW -> NHWC gains the last pixel of each
    // image.) `Some((n, x))`: n the axis' size, x the source shift from a
    // last-digit row r to its neighbour, row r - (digits - 1)·delta at the
    // next position (whose destination run starts at drow[r] + extent:
    // the axis steps `digits · extent`, the chain's digit `(digits - 1)
    // · extent` back).
    let cross = match seam {
        Some((delta, digits, k)) if plan.rank > 0 => {
            let o = plan.rank - 1;
            let step = (digits as isize).checked_mul(rows.other[k]);
            (step == Some(plan.strides[0][o])).then(|| {
                let back = ((digits - 1) * delta) as isize;
                (plan.shape[o], plan.strides[1][o].wrapping_sub(back))
            })
        }
        _ => None,
    };
    if seam.is_none() && !stream {
        peel = 0;
    }
    // Column strips: at each position of the other axes, narrow strips of
    // 2·B columns, each walked down the rows tile by tile, instead of
    // square tiles. When the columns lie far apart in the source (each in
    // its own run of pages), a strip's 2·B source runs then advance through
    // their pages block by block. Taken when the other axes step through
    // the source by less than the columns do (a 256³ (2, 1, 0)
    // permutation: 1 KiB against 256 KiB; 11.7 -> 17.6 GB/s, f32), when
    // the rows are longer than a tile, or when there are no other axes; a
    // 256³ (0, 2, 1), whose other axis is the far one, keeps square tiles
    // (it lost 20 % in strips), as do columns nearer than
    // STRIP_MIN_COLUMN_BYTES. (Strips outermost, the other axes inside,
    // measured the same for (2, 1, 0): 0.34 / 0.33x of the best copy
    // against 0.33 / 0.35x.)
    let near = (0..plan.rank)
        .map(|a| plan.strides[1][a].unsigned_abs())
        .filter(|&s| s != 0)
        .min();
    let col_bytes = cols.other[0].unsigned_abs().saturating_mul(size as usize);
    // (Measured for the rows-longer-than-a-tile and no-other-axes cases: a
    // 256³ (1, 2, 0), which coalesces to a 65536 x 256 transpose with
    // columns 256 KiB apart, +40 %; 2-D transposes of columns 8–32 KiB
    // apart up to +18 %; NCHW -> NHWC f32 +50 % under another job's
    // memory traffic. Since k29e, streamed copies of 4-byte elements whose
    // columns are less than `AHEAD_MAX_COLUMN_BYTES` apart take square
    // tiles with the next tile's source runs hinted instead (`Ahead`:
    // 4096² f32 and NCHW -> NHWC f32 gained; the other strip cases lost or
    // did not move, and keep strips).)
    let strips = col_bytes >= STRIP_MIN_COLUMN_BYTES
        && !(stream && whole && size == 4 && col_bytes < AHEAD_MAX_COLUMN_BYTES)
        && (plan.rank == 0
            || rows.extent > tile
            || matches!(near, Some(s) if s < cols.other[0].unsigned_abs()));
    // Columns copied by tiles: all of them, or (with seams) the whole
    // lines between the peel and the tail.
    let (c_lo, c_hi) = match seam {
        Some(_) => (peel, cols.extent - (B - peel)),
        None => (0, cols.extent),
    };
    let mut seam_cols = [0isize; B];
    if let Some((delta, _, _)) = seam {
        // The tail columns of row r, then the head columns read at row
        // r + delta (rows have unit steps in the source).
        let tail = B - peel;
        let mut t = [MaybeUninit::<isize>::uninit(); B];
        seam_cols[..tail].copy_from_slice(cols.other_offsets(c_hi, &mut t[..tail]));
        for (s, &o) in seam_cols[tail..]
            .iter_mut()
            .zip(cols.other_offsets(0, &mut t[..peel]))
        {
            *s = o.wrapping_add(delta as isize);
        }
    }
    // Row tiles start at the source's line boundary: when every source run
    // starts at the same offset within a line (the columns' and the other
    // axes' source steps are whole lines) `rpeel` rows before it, the
    // first row tile is those `rpeel` rows and every later one starts on a
    // line, so that each block reads `B` whole lines instead of straddling
    // two per run (and splitting every other 32-byte load). For byte
    // elements the first tile's blocks cover rows 0..B and the ragged last
    // tile's blocks end at the last row, both overlapping their neighbour
    // tile (those rows written twice with the same values, whole streamed
    // lines; see `span`); wider elements copy those rows element by
    // element. (Element by element, the 8192² u8 transpose copied 64 rows
    // of 8192 in byte stores: 0.29–0.37x of a streaming copy in a probe,
    // lowest in five of five runs, against 0.33–0.39x with the
    // overlapping blocks and 0.33–0.41x without `rpeel`.) Only for
    // streamed copies (in the cache, unaligned loads cost nothing) with
    // long rows (at least 32 blocks; under Miri, which never streams,
    // whenever the layouts allow). Measured with a probe (NCHW -> NHWC
    // f32, source 16 bytes off a line, destination on one): 0.67x -> 0.80x
    // of a streaming copy.
    let rpeel = if (stream || cfg!(miri))
        && B * size as usize == 64
        && rows.extent >= 32 * B
        && (0..cols.len).all(|i| cols.other[i].wrapping_mul(size) % 64 == 0)
        && (0..plan.rank).all(|a| plan.strides[1][a].wrapping_mul(size) % 64 == 0)
    {
        let first =
            (src as usize).wrapping_add((plan.start[1] as usize).wrapping_mul(size as usize));
        let to_line = (64 - first % 64) % 64;
        if to_line.is_multiple_of(size as usize) {
            to_line / size as usize
        } else {
            0
        }
    } else {
        0
    };
    // The rows of the tile starting at row r0: the `rpeel` rows first,
    // then `tile` rows at a time (the last tile ragged).
    let tile_rows = |r0: usize| {
        if r0 == 0 && rpeel > 0 {
            rpeel
        } else {
            tile.min(rows.extent - r0)
        }
    };
    // The rows `lo..hi` whose blocks copy the tile of rows `r0..r0 + nr`
    // (`lo <= r0`, `r0 + nr <= hi`, `hi - lo <= tile`): with `overlap`
    // and `rpeel > 0`, the `rpeel` head rows widen to the block of rows
    // 0..B, a ragged last tile to the whole blocks ending at the last row
    // (both stay in 0..rows.extent: the rows are at least 32 blocks, and
    // the tail's blocks are checked against them below). Only for
    // byte elements, whose element-wise rows cost most (see `rpeel`): for
    // NCHW -> NHWC f32 the overlapping blocks read lower than main's
    // element-wise rows in four of five alternations (probe 0.57 / 0.55 /
    // 0.64x against 0.65 / 0.61 / 0.61x; bench_report 0.57 / 0.59x
    // against 0.60 / 0.68x, load 4–8). Under Miri whenever `rpeel > 0`,
    // so that the portable path covers it.
    let overlap = B == 64 || cfg!(miri);
    let span = |r0: usize, nr: usize| {
        if rpeel == 0 || !overlap {
            (r0, r0 + nr)
        } else if r0 == 0 {
            (0, B)
        } else if r0 + nr == rows.extent && !nr.is_multiple_of(B) {
            // Whole blocks ending at the last row stay in the chain when
            // a tile (a multiple of B) is not longer than the rows, as
            // every tile is today; checked, not assumed: where they would
            // not fit, the tile's own rows (element by element).
            match rows.extent.checked_sub(nr.next_multiple_of(B)) {
                Some(lo) => (lo, rows.extent),
                None => (r0, r0 + nr),
            }
        } else {
            (r0, r0 + nr)
        }
    };
    let mut drow = [MaybeUninit::<isize>::uninit(); MAX_TILE];
    let mut scol = [MaybeUninit::<isize>::uninit(); MAX_TILE];
    // The width of the column tile starting at c0: the peel first, then
    // `width` (a multiple of B: tiles start at line boundaries).
    let col_tile = |c0: usize, width: usize| {
        if c0 == 0 && peel > 0 {
            peel.min(cols.extent)
        } else {
            width.min(c_hi - c0)
        }
    };
    // The seams of rows r0..r0 + drow.len() at the outer position (dp, sp),
    // index `io` of the innermost outer axis.
    let seams = |dp: isize, sp: isize, r0: usize, drow: &[isize], io: usize| {
        if let Some((delta, digits, _)) = seam {
            // With `cross`: the last-digit rows' neighbours are at the next
            // position (none at the last one), and the digit-0 rows' heads
            // were written by the previous position's seams (none at the
            // first).
            let (next, prev) = match cross {
                Some((n, x)) => ((io + 1 < n).then_some(x), io > 0),
                None => (None, false),
            };
            // SAFETY: the seam columns of rows that have a neighbour, and
            // the rows' own tails and heads, are elements of the plan at
            // (dp, sp) (see `seam_pass`); rows r and r + delta are
            // neighbours only where the chain's axes (from k on, `digits`)
            // step the destination by exactly the columns' extent, so row
            // r + delta's run starts at drow[r] + extent. With `stream`, T
            // is plain (`stream_transpose`) and every destination line a
            // block writes is aligned: `uniform` makes every row's run
            // start at the offset of the first one within a line (the
            // rows' and outer axes' destination steps are whole lines),
            // `peel` elements before a boundary, and c_hi = extent - B +
            // peel with extent a multiple of B (B elements = 64 bytes), so
            // dp + drow[i] + c_hi is that boundary plus whole lines. With
            // `next` (`cross`, not the last position of the innermost outer
            // axis), a last-digit row r's neighbour is row r - (digits -
            // 1)·delta at the next position: an element of the plan whose
            // source run starts x = s_o - (digits - 1)·delta past row r's
            // and whose destination run starts at drow[r] + extent (the
            // axis steps the destination by digits · extent); with `prev`,
            // the previous position's pass wrote the digit-0 rows' heads.
            unsafe {
                seam_pass::<T, B>(
                    dst,
                    dp,
                    src,
                    sp,
                    r0,
                    drow,
                    &seam_cols,
                    (c_hi, peel, cols.extent),
                    (delta, digits),
                    (next, prev),
                    stream,
                )
            }
        }
    };
    if strips {
        // At each outer position, each strip runs down the rows, one tile
        // of rows at a time.
        walk_outer(&plan, |[dp, sp], io| {
            if seam.is_some() {
                let mut r0 = 0;
                while r0 < rows.extent {
                    let nr = tile_rows(r0);
                    seams(dp, sp, r0, rows.other_offsets(r0, &mut drow[..nr]), io);
                    r0 += nr;
                }
            }
            let mut c0 = c_lo;
            while c0 < c_hi {
                let nc = col_tile(c0, 2 * B);
                let scol = cols.other_offsets(c0, &mut scol[..nc]);
                let mut r0 = 0;
                while r0 < rows.extent {
                    let nr = tile_rows(r0);
                    let (lo, hi) = span(r0, nr);
                    let drow = rows.other_offsets(lo, &mut drow[..hi - lo]);
                    let t = Tile::new(&rows, drow, lo, &cols, scol, c0);
                    // SAFETY: the tile at the outer position (dp, sp) is
                    // part of the plan's index space (see this function's
                    // contract; rows lo..hi are rows of the chain).
                    unsafe { t.copy::<T, B>(dst, dp, src, sp, blocks, stream, None) };
                    r0 += nr;
                }
                c0 += nc;
            }
        });
        if stream {
            super::simd::stream_fence();
        }
        return true;
    }
    // The other axes outermost: each of their positions is a 2-D transpose
    // (a slab of a 256³ permutation, a 64 x 64 tile of an 8⁸ one) copied
    // whole, tile by tile.
    let mut ncol = [MaybeUninit::<isize>::uninit(); MAX_TILE];
    // The source step of the innermost outer axis: the next outer position
    // is (mostly) this far on, which is all a hint needs.
    let outer_step = match plan.rank {
        0 => 0,
        r => plan.strides[1][r - 1],
    };
    walk_outer(&plan, |[dp, sp], io| {
        let mut r0 = 0;
        while r0 < rows.extent {
            let nr = tile_rows(r0);
            let (lo, hi) = span(r0, nr);
            let drow = rows.other_offsets(lo, &mut drow[..hi - lo]);
            seams(dp, sp, r0, &drow[r0 - lo..r0 - lo + nr], io);
            let mut c0 = c_lo;
            while c0 < c_hi {
                let nc = col_tile(c0, tile);
                // When streaming a whole copy, the next tile: the next
                // column tile of these rows, else the first one of the next
                // row tile, else the first one at the next outer position.
                let ahead = (stream && whole).then(|| {
                    let (s_next, r_next, c_next) = if c0 + nc < c_hi {
                        (sp, r0, c0 + nc)
                    } else if r0 + nr < rows.extent {
                        (sp, r0 + nr, c_lo)
                    } else {
                        (sp.wrapping_add(outer_step), 0, c_lo)
                    };
                    // At the next outer position, with seams: every
                    // column's run, the seam columns' too (that position's
                    // seams read them first), when they fit the table. (The
                    // rank-8 8⁸ permutation: 0.45–0.49x -> 0.48–0.52x of a
                    // streaming copy in a probe; NCHW -> NHWC f32, whose
                    // next row tile is mostly at the same position, took
                    // them at every row tile in a first version: 7 % lower.)
                    let (c_first, n_cols) =
                        if seam.is_some() && r_next == 0 && cols.extent <= MAX_TILE {
                            (0, cols.extent)
                        } else {
                            (c_next, col_tile(c_next, tile))
                        };
                    Ahead {
                        base: src.cast::<u8>().wrapping_offset(
                            s_next.wrapping_add(r_next as isize).wrapping_mul(size),
                        ),
                        cols: cols.other_offsets(c_first, &mut ncol[..n_cols]),
                        size,
                        bytes: tile.min(rows.extent - r_next) * size as usize,
                    }
                });
                let t = Tile::new(
                    &rows,
                    drow,
                    lo,
                    &cols,
                    cols.other_offsets(c0, &mut scol[..nc]),
                    c0,
                );
                // SAFETY: the tile at the outer position (dp, sp) is part
                // of the plan's index space (see this function's contract;
                // rows lo..hi are rows of the chain).
                unsafe { t.copy::<T, B>(dst, dp, src, sp, blocks, stream, ahead) };
                c0 += nc;
            }
            r0 += nr;
        }
    });
    if stream {
        super::simd::stream_fence();
    }
    true
}

/// [`for_each_outer`] over every axis of `plan`, in the same order, with
/// each position's index along the innermost axis (0 when there is none).
#[inline(always)]
fn walk_outer(plan: &Plan<2>, mut body: impl FnMut([isize; 2], usize)) {
    if plan.rank == 0 {
        body(plan.start, 0);
        return;
    }
    let last = plan.rank - 1;
    let (n, ds, ss) = (
        plan.shape[last],
        plan.strides[0][last],
        plan.strides[1][last],
    );
    for_each_outer(plan, last, |[dp, sp]| {
        let (mut d, mut s) = (dp, sp);
        for i in 0..n {
            body([d, s], i);
            d = d.wrapping_add(ds);
            s = s.wrapping_add(ss);
        }
    });
}

/// The seams of rows `r0..r0 + drow.len()` (see `copy_with`): for each
/// row r, its columns `c_hi..extent` and, when it has a neighbour
/// `r + delta` (digit `(r / delta) % digits` is not the last), that
/// neighbour's columns `0..peel` (whose destination run continues row r's);
/// and the columns `0..peel` of every row without a predecessor (digit 0).
/// Runs of `B` rows that all have neighbours are one block each
/// (`seam_cols`: the tail columns' source offsets, then the head columns'
/// with `delta` added); the others go element by element. Element `(r, c)`
/// lies at `dp + drow[r - r0] + c` in dst and `sp + offset(c) + r` in src.
///
/// With `next = Some(x)` (seams across the outer walk, `cross` in
/// `copy_with`), a row of the last digit has a neighbour too, at the next
/// position of the innermost outer axis: its head columns are read `x`
/// further on in the source (`x - delta` past `seam_cols`' head entries),
/// and blocks of `B` rows that mix both kinds of neighbour are staged
/// through the stack ([`mixed_seam_block`]). With `prev`, the rows of
/// digit 0 have their heads written by the previous position's pass, and
/// they are skipped here.
///
/// # Safety
/// As [`copy`]'s, for the plan at the outer position (dp, sp): the rows
/// and columns named are indices of the chains; row r + delta's
/// destination run starts at `drow[r - r0] + extent` when r has a
/// neighbour, and with `next = Some(x)` the neighbour of a last-digit row
/// r (head columns at `sp + x + r + offset(c)`) is an element of the plan
/// whose destination run starts at `drow[r - r0] + extent`; with
/// `stream`, T is plain and `dp + drow[i] + c_hi` is on a 64-byte line for
/// every row.
// (Not inlined: called once per row tile, and its blocks inlined into
// `copy_with` changed the code of the tiles' loop.)
#[inline(never)]
#[allow(clippy::too_many_arguments)]
unsafe fn seam_pass<T: Copy, const B: usize>(
    dst: *mut T,
    dp: isize,
    src: *const T,
    sp: isize,
    r0: usize,
    drow: &[isize],
    seam_cols: &[isize; B],
    (c_hi, peel, extent): (usize, usize, usize),
    (delta, digits): (usize, usize),
    (next, prev): (Option<isize>, bool),
    stream: bool,
) {
    let tail = B - peel;
    let nr = drow.len();
    // The columns' source offsets for a last-digit row when it has a
    // neighbour at the next position: the tails as `seam_cols`, the heads
    // `x - delta` further on.
    let cross_cols: [isize; B] = core::array::from_fn(|c| match next {
        Some(x) if c >= tail => seam_cols[c].wrapping_sub(delta as isize).wrapping_add(x),
        _ => seam_cols[c],
    });
    // Row r0 + i has digit `dg` of the neighbour axis and lies `rem` rows
    // into it (tracked by addition: a division per row cost more than the
    // copy of an in-cache 64 x 64 f32 transpose).
    let (q, rem0) = (r0 / delta, r0 % delta);
    let (mut rem, mut dg) = (rem0, q % digits);
    // (By subtraction: steps are at most max(B, delta) rows, so this loops
    // at most B / delta + 1 times; three divisions per block of a delta-1
    // seam (NCHW -> NHWC) cost as much as the block's copy.)
    let step = |rem: &mut usize, dg: &mut usize, n: usize| {
        *rem += n;
        while *rem >= delta {
            *rem -= delta;
            *dg += 1;
            if *dg == digits {
                *dg = 0;
            }
        }
    };
    let mut i = 0;
    while i < nr {
        let r = r0 + i;
        // Rows from r on that have a neighbour at this position: up to the
        // last digit.
        let run = if dg + 1 < digits {
            (delta - rem) + delta * (digits - 2 - dg)
        } else {
            0
        };
        if i + B <= nr && run >= B {
            // SAFETY: rows r..r + B and their neighbours are rows of the
            // chain; the block's destination runs start at drow + c_hi
            // (row r's tail, continued by its neighbour's head).
            unsafe {
                block::<T, B>(
                    dst.offset(dp + c_hi as isize),
                    &drow[i..i + B],
                    src.offset(sp + r as isize),
                    seam_cols,
                    stream,
                )
            };
            i += B;
            step(&mut rem, &mut dg, B);
            continue;
        }
        if next.is_some() && nr >= B {
            // Every row has a neighbour, here or at the next position: one
            // block of rows j..j + B, from row r or, where fewer than B
            // rows are left, ending with the tile's last row (the rows
            // before r written again with the same values, whole lines).
            let j = i.min(nr - B);
            // SAFETY: rows r0 + j..r0 + j + B are rows of this tile, each
            // with a neighbour (this function's contract); the block's
            // destination runs start at drow + c_hi.
            unsafe {
                mixed_seam_block::<T, B>(
                    dst.offset(dp + c_hi as isize),
                    &drow[j..j + B],
                    src.offset(sp),
                    r0 + j,
                    (seam_cols, &cross_cols, tail),
                    (delta, digits),
                    stream,
                )
            };
            let n = j + B - i;
            i += n;
            step(&mut rem, &mut dg, n);
            continue;
        }
        // The last `run < B` rows of a run: one block ending with them,
        // over the `back` rows before them again (the same values written
        // twice, whole lines: cheaper than element by element, which a
        // rank-8 8^8 permutation, runs of 56 rows, did for 8 rows in 64).
        // The `back` rows are in this tile and, in the same run (the
        // `dg · delta + rem` rows before r in it), have neighbours too.
        let back = B.saturating_sub(run);
        if run > 0 && back > 0 && i + run <= nr && i >= back && dg * delta + rem >= back {
            let j = i - back;
            // SAFETY: rows r0 + j..r0 + j + B (= r + run) all have
            // neighbours (see above) and are rows of this tile: as for the
            // whole blocks above.
            unsafe {
                block::<T, B>(
                    dst.offset(dp + c_hi as isize),
                    &drow[j..j + B],
                    src.offset(sp + (r0 + j) as isize),
                    seam_cols,
                    stream,
                )
            };
            i += run;
            step(&mut rem, &mut dg, run);
            continue;
        }
        let dr = dp + drow[i];
        // The head columns' source offsets of r's neighbour, if it has one.
        let heads = if run > 0 {
            Some(&seam_cols[tail..])
        } else if next.is_some() {
            Some(&cross_cols[tail..])
        } else {
            None
        };
        // SAFETY: (r, c) for c in c_hi..extent, and the neighbour's (c)
        // for c < peel when r has one, are elements of the plan.
        unsafe {
            for (j, &sc) in seam_cols[..tail].iter().enumerate() {
                *dst.offset(dr + (c_hi + j) as isize) = *src.offset(sp + sc + r as isize);
            }
            for (j, &sc) in heads.unwrap_or(&[]).iter().enumerate() {
                // (sc already includes delta, or x.)
                *dst.offset(dr + (extent + j) as isize) = *src.offset(sp + sc + r as isize);
            }
        }
        i += 1;
        step(&mut rem, &mut dg, 1);
    }
    if prev {
        return;
    }
    // Heads without a predecessor: the rows of digit 0, `delta` at a time.
    let (mut rem, mut dg) = (rem0, q % digits);
    let mut i = 0;
    while i < nr {
        if dg != 0 {
            // On to the next row of digit 0 (one step: a seam of delta 1,
            // NCHW -> NHWC, has thousands of digits).
            i += (delta - rem) + delta * (digits - 1 - dg);
            (rem, dg) = (0, 0);
            continue;
        }
        let n = (delta - rem).min(nr - i);
        for (k, &dr) in drow[i..i + n].iter().enumerate() {
            let r = r0 + i + k;
            for (j, &sc) in seam_cols[tail..].iter().enumerate() {
                // SAFETY: (r, j) for j < peel is an element of the
                // plan; sc - delta is column j's source offset.
                unsafe {
                    *dst.offset(dp + dr + j as isize) =
                        *src.offset(sp + sc - delta as isize + r as isize)
                };
            }
        }
        i += n;
        step(&mut rem, &mut dg, n);
    }
}

/// One seam block of rows `r..r + B` (`drow`: their destination offsets,
/// from `d`) of which some have their neighbour at this position and some
/// (the last digit) at the next one (`seam_pass` with `next`): the tail
/// columns are read at `s + seam_cols[c] + r..`, a head column at
/// `s + seam_cols[c] + r'` for a row r' with a neighbour here and
/// `s + cross_cols[c] + r'` for a last-digit one. Rows all of the last
/// digit are one block over `cross_cols`; mixed ones are gathered into a
/// `B x B` stack buffer (a column's run of `B` rows in two or more pieces)
/// and written from there as an ordinary block, so that every destination
/// line is still written whole.
///
/// # Safety
/// As [`seam_pass`] with `next`: rows `r..r + B` are rows of the tile, each
/// with a neighbour; every source position named (`s + offset + row`) is
/// an element of the plan; the destination runs `d + drow[i]..+ B` are the
/// rows' seam lines (aligned when `stream`).
#[inline(never)]
unsafe fn mixed_seam_block<T: Copy, const B: usize>(
    d: *mut T,
    drow: &[isize],
    s: *const T,
    r: usize,
    (seam_cols, cross_cols, tail): (&[isize; B], &[isize; B], usize),
    (delta, digits): (usize, usize),
    stream: bool,
) {
    let (rem, dg) = (r % delta, (r / delta) % digits);
    if dg + 1 == digits && delta - rem >= B {
        // SAFETY: rows r..r + B are all of the last digit: their head
        // columns all lie at cross_cols (this function's contract).
        unsafe { block::<T, B>(d, drow, s.add(r), cross_cols, stream) };
        return;
    }
    let mut buf = [[MaybeUninit::<T>::uninit(); B]; B];
    // Column c's run of B rows is buf[c]; one pointer for every access.
    let b = buf.as_mut_ptr().cast::<T>();
    // SAFETY: (whole body) every source position read is one this
    // function's contract names (row r + k of column c, for the head
    // columns at the offset of r + k's kind of neighbour); the writes fill
    // buf[c][k..k + n], inside the buffer; every entry of buf is written
    // (the tail columns whole, the head columns piece by piece over
    // k = 0..B) before `block` reads it; buf does not overlap dst.
    unsafe {
        for (c, &sc) in seam_cols[..tail].iter().enumerate() {
            core::ptr::copy_nonoverlapping(s.offset(sc + r as isize), b.add(c * B), B);
        }
        let (mut rem, mut dg, mut k) = (rem, dg, 0);
        while k < B {
            let n = (delta - rem).min(B - k);
            let cols = if dg + 1 == digits {
                cross_cols
            } else {
                seam_cols
            };
            for (c, &sc) in cols.iter().enumerate().skip(tail) {
                core::ptr::copy_nonoverlapping(
                    s.offset(sc + (r + k) as isize),
                    b.add(c * B + k),
                    n,
                );
            }
            k += n;
            rem += n;
            if rem == delta {
                rem = 0;
                dg = if dg + 1 == digits { 0 } else { dg + 1 };
            }
        }
        let scol: [isize; B] = core::array::from_fn(|c| (c * B) as isize);
        block::<T, B>(d, drow, b, &scol, stream);
    }
}

/// Streamed copies whose columns are at least [`STRIP_MIN_COLUMN_BYTES`]
/// and less than this many bytes apart in the source take square tiles
/// with [`Ahead`] hints instead of column strips (4-byte elements only).
const AHEAD_MAX_COLUMN_BYTES: usize = 64 << 10;

/// The source runs of the tile after the one being copied, hinted into L2
/// (`prefetcht2`) a share per block while the current tile's blocks run:
/// column `j`'s run is the `bytes` bytes from `base + cols[j]·size`. Only
/// for streamed copies walked in square tiles. Hints read nothing: `base`
/// may be a guess (the next outer position), formed with wrapping
/// arithmetic.
///
/// Why (k29e; docs/performance.md, section k29e). A scratch probe of the
/// engine's block walk with the in-register transpose replaced by a plain
/// line move (the same lines read and written in the same order), against
/// a streaming copy of the same bytes, 21 alternated rounds: reading the
/// 64 MiB source of a 8192² u8 transpose in chunks of `C` bytes per source
/// row took 8.9 / 4.4 / 2.5 / 1.6 / 1.3 ms for `C` = 64 / 256 / 512 / 2048
/// / 8192 (the whole copy 2.3 ms): short runs per row are what the
/// hardware prefetchers do not follow. Hinting the next tile's runs row by
/// row, to L2 (T1 or T2; to L1 or NTA was slower), took the pattern of the
/// 4096² f32 transpose from 0.49x to 0.73x of the copy. In the engine
/// (`rearrange` alternated with a streaming copy, buffers 16 bytes off a
/// line as glibc gives, medians of 21 rounds, load 2.5–3.5): 256³ (0,2,1)
/// 0.55–0.56x -> 0.70–0.73x, (2,0,1) 0.59x -> 0.66x; with strips
/// replaced, 4096² f32 0.46–0.49x -> 0.71–0.78x and NCHW -> NHWC f32
/// 0.62–0.64x -> 0.74x, while 256³ (2,1,0) and (1,2,0) (columns 256 KiB
/// apart), 2048x4096 f64, 4096x8192 u16 and 8192² u8 lost or did not move
/// (they keep strips).
#[derive(Clone, Copy)]
struct Ahead<'t> {
    base: *const u8,
    cols: &'t [isize],
    size: isize,
    bytes: usize,
}

impl Ahead<'_> {
    /// Hints the runs of columns `j0..j1` (those that exist).
    #[inline(always)]
    fn hint(&self, j0: usize, j1: usize) {
        let j1 = j1.min(self.cols.len());
        for &c in self.cols.get(j0..j1).unwrap_or(&[]) {
            let p = self.base.wrapping_offset(c.wrapping_mul(self.size));
            super::simd::prefetch_l2(p, self.bytes);
        }
    }
}

/// One tile: rows `r < drow.len()`, columns `c < scol.len()`; element
/// `(r, c)` lives at `dp + d_first + drow[r] + c·d_col` in dst and
/// `sp + s_first + scol[c] + r·s_row` in src.
struct Tile<'t> {
    drow: &'t [isize],
    scol: &'t [isize],
    d_col: isize,
    s_row: isize,
    d_first: isize,
    s_first: isize,
}

impl<'t> Tile<'t> {
    /// The tile of rows `r0..r0 + drow.len()` and columns
    /// `c0..c0 + scol.len()` (`drow`, `scol`: their offset tables).
    fn new(
        rows: &Chain,
        drow: &'t [isize],
        r0: usize,
        cols: &Chain,
        scol: &'t [isize],
        c0: usize,
    ) -> Self {
        Tile {
            drow,
            scol,
            d_col: cols.unit,
            s_row: rows.unit,
            d_first: c0 as isize * cols.unit,
            s_first: r0 as isize * rows.unit,
        }
    }

    /// Copies the tile: whole blocks when `blocks` (unit steps on both
    /// sides), element by element otherwise.
    ///
    /// # Safety
    /// As [`Tile::copy_blocks`] when `blocks`, else as
    /// [`Tile::copy_elements`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn copy<T: Copy, const B: usize>(
        &self,
        dst: *mut T,
        dp: isize,
        src: *const T,
        sp: isize,
        blocks: bool,
        stream: bool,
        ahead: Option<Ahead<'_>>,
    ) {
        // SAFETY: forwarded from the caller.
        unsafe {
            if blocks {
                self.copy_blocks::<T, B>(dst, dp, src, sp, stream, ahead)
            } else {
                self.copy_elements(dst, dp, src, sp)
            }
        }
    }

    /// Any unit steps: element by element, a destination row at a time.
    ///
    /// # Safety
    /// Every element of the tile is inside the buffers; dst ones are ours.
    #[inline(always)]
    unsafe fn copy_elements<T: Copy>(&self, dst: *mut T, dp: isize, src: *const T, sp: isize) {
        let (dp, sp) = (dp + self.d_first, sp + self.s_first);
        for (r, &dr) in self.drow.iter().enumerate() {
            let d = dp + dr;
            let s = sp + r as isize * self.s_row;
            for (c, &sc) in self.scol.iter().enumerate() {
                // SAFETY: (r, c) is an element of the tile.
                unsafe { *dst.offset(d + c as isize * self.d_col) = *src.offset(s + sc) };
            }
        }
    }

    /// Unit steps on both sides: whole `B x B` blocks, then the edges.
    /// With `ahead`, each block first hints an equal share of the next
    /// tile's source runs into L2.
    ///
    /// # Safety
    /// As [`Tile::copy_elements`], with `d_col == s_row == 1`; with
    /// `stream`, T is plain and every block's destination runs start on a
    /// 64-byte line.
    #[inline(always)]
    unsafe fn copy_blocks<T: Copy, const B: usize>(
        &self,
        dst: *mut T,
        dp: isize,
        src: *const T,
        sp: isize,
        stream: bool,
        ahead: Option<Ahead<'_>>,
    ) {
        let (dp, sp) = (dp + self.d_first, sp + self.s_first);
        let (nr, nc) = (self.drow.len(), self.scol.len());
        let (full_r, full_c) = (nr / B * B, nc / B * B);
        // The next tile's columns hinted per block, and the next to hint.
        let share = match ahead {
            Some(a) => a.cols.len().div_ceil(((full_r / B) * (full_c / B)).max(1)),
            None => 0,
        };
        let mut next = 0;
        for r in (0..full_r).step_by(B) {
            for c in (0..full_c).step_by(B) {
                if let Some(a) = ahead {
                    a.hint(next, next + share);
                    next += share;
                }
                // SAFETY: the block's rows r..r+B and columns c..c+B are in
                // the tile; positions as in the struct docs.
                unsafe {
                    block::<T, B>(
                        dst.offset(dp + c as isize),
                        &self.drow[r..r + B],
                        src.offset(sp + r as isize),
                        &self.scol[c..c + B],
                        stream,
                    )
                }
            }
            // The right edge of these rows: each row is a short dst run.
            for (j, &dr) in self.drow[r..r + B].iter().enumerate() {
                for (c, &sc) in self.scol.iter().enumerate().skip(full_c) {
                    // SAFETY: (r + j, c) is an element of the tile.
                    unsafe {
                        *dst.offset(dp + dr + c as isize) = *src.offset(sp + sc + (r + j) as isize)
                    };
                }
            }
        }
        // The bottom edge: rows below the last whole block.
        for (r, &dr) in self.drow.iter().enumerate().skip(full_r) {
            for (c, &sc) in self.scol.iter().enumerate() {
                // SAFETY: (r, c) is an element of the tile.
                unsafe { *dst.offset(dp + dr + c as isize) = *src.offset(sp + sc + r as isize) };
            }
        }
    }
}

/// `d[drow[r] + c] = s[scol[c] + r]` for `r, c < B`: the `B` source runs
/// (whole cache lines) are read into a block, which is written back as `B`
/// destination runs (whole lines), transposed in registers: SSE2 unpacks
/// for plain 1-, 2-, 4- and 8-byte elements (streaming the stores when
/// `stream`), typed moves otherwise.
///
/// # Safety
/// Every position named is inside its buffer; dst positions are ours and
/// are not source positions; with `stream`, T is plain and every
/// destination run is 64-byte aligned (a whole line: the AVX2 blocks
/// stream 32-byte stores).
#[inline(always)]
#[allow(clippy::needless_range_loop)] // r indexes the inner arrays of `block`
unsafe fn block<T: Copy, const B: usize>(
    d: *mut T,
    drow: &[isize],
    s: *const T,
    scol: &[isize],
    stream: bool,
) {
    // SAFETY: (whole body) each source run s + scol[c] .. + B and each
    // destination run d + drow[r] .. + B is inside its buffer; the SSE2
    // path moves T as bytes only for plain T (every byte initialised).
    unsafe {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if B * core::mem::size_of::<T>() == 64
            && super::simd::level() >= super::simd::Level::Sse2
            && super::elem::is_plain::<T>()
        {
            let (d8, s8) = (d.cast::<u8>(), s.cast::<u8>());
            use super::simd::{avx2_block, avx512_block, sse2_block};
            if super::simd::level() >= super::simd::Level::Avx512 {
                // The level is Avx512 only when the CPU has AVX-512 F and
                // BW; every destination run is 64-byte aligned when
                // streaming (this function's contract).
                match const { core::mem::size_of::<T>() } {
                    1 => return avx512_block::<1, 64>(d8, drow, s8, scol, stream),
                    2 => return avx512_block::<2, 32>(d8, drow, s8, scol, stream),
                    _ => {}
                }
            }
            if super::simd::level() >= super::simd::Level::Avx2 {
                // The level is Avx2 only when the CPU has AVX2.
                match const { core::mem::size_of::<T>() } {
                    1 => return avx2_block::<1, 64>(d8, drow, s8, scol, stream),
                    2 => return avx2_block::<2, 32>(d8, drow, s8, scol, stream),
                    4 => return avx2_block::<4, 16>(d8, drow, s8, scol, stream),
                    8 => return avx2_block::<8, 8>(d8, drow, s8, scol, stream),
                    _ => {}
                }
            }
            match const { core::mem::size_of::<T>() } {
                1 => return sse2_block::<1, 64>(d8, drow, s8, scol, stream),
                2 => return sse2_block::<2, 32>(d8, drow, s8, scol, stream),
                4 => return sse2_block::<4, 16>(d8, drow, s8, scol, stream),
                8 => return sse2_block::<8, 8>(d8, drow, s8, scol, stream),
                _ => {}
            }
        }
        let _ = stream;
        let block: [[T; B]; B] =
            core::array::from_fn(|c| core::ptr::read_unaligned(s.offset(scol[c]) as *const [T; B]));
        for r in 0..B {
            let row: [T; B] = core::array::from_fn(|c| block[c][r]);
            core::ptr::write_unaligned(d.offset(drow[r]) as *mut [T; B], row);
        }
    }
}

/// Stages an `nr x nc` tile of a transposed operand into a row-major
/// buffer: `buf[r·pitch + c] = s[r + c·s_col]` for `r < nr`, `c < nc` (the
/// operand's rows have unit stride). Whole `B x B` blocks go through the
/// copy engine's [`block`] (SIMD transposes in registers for plain 1-, 2-,
/// 4- and 8-byte `T`), the edges element by element. Every buffer entry of
/// the `nr x nc` tile is written; no source position outside it is read.
///
/// # Safety
/// Every `s` position named is inside its buffer and readable; `buf` is
/// valid for writes of `(nr - 1)·pitch + nc` elements, `pitch >= nc`, and
/// does not overlap the source.
#[inline]
pub(crate) unsafe fn stage<T: Copy>(
    buf: *mut T,
    pitch: usize,
    s: *const T,
    s_col: isize,
    nr: usize,
    nc: usize,
) {
    // SAFETY: forwarded; the block edge matches T's size class.
    unsafe {
        // A constant: only T's own arm is instantiated.
        match const { block_edge::<T>() } {
            64 => stage_with::<T, 64>(buf, pitch, s, s_col, nr, nc),
            32 => stage_with::<T, 32>(buf, pitch, s, s_col, nr, nc),
            16 => stage_with::<T, 16>(buf, pitch, s, s_col, nr, nc),
            8 => stage_with::<T, 8>(buf, pitch, s, s_col, nr, nc),
            4 => stage_with::<T, 4>(buf, pitch, s, s_col, nr, nc),
            _ => stage_with::<T, 2>(buf, pitch, s, s_col, nr, nc),
        }
    }
}

#[inline(always)]
unsafe fn stage_with<T: Copy, const B: usize>(
    buf: *mut T,
    pitch: usize,
    s: *const T,
    s_col: isize,
    nr: usize,
    nc: usize,
) {
    let drow: [isize; B] = crate::array_from(|r| (r * pitch) as isize);
    let scol: [isize; B] = crate::array_from(|c| (c as isize).wrapping_mul(s_col));
    let (full_r, full_c) = (nr / B * B, nc / B * B);
    // SAFETY: (whole body) element (r, c) of the tile is at
    // buf + r·pitch + c and s + r + c·s_col, inside the buffers for r < nr,
    // c < nc (this function's contract); blocks name only such elements.
    unsafe {
        for r in (0..full_r).step_by(B) {
            for c in (0..full_c).step_by(B) {
                block::<T, B>(
                    buf.add(r * pitch + c),
                    &drow,
                    s.offset((r as isize).wrapping_add((c as isize).wrapping_mul(s_col))),
                    &scol,
                    false,
                );
            }
        }
        // Right edge (columns past the whole blocks), every row: each
        // column is a short source run.
        for c in full_c..nc {
            let sc = s.offset((c as isize).wrapping_mul(s_col));
            for r in 0..nr {
                *buf.add(r * pitch + c) = *sc.add(r);
            }
        }
        // Bottom edge (rows past the whole blocks), the block columns.
        for c in 0..full_c {
            let sc = s.offset((c as isize).wrapping_mul(s_col));
            for r in full_r..nr {
                *buf.add(r * pitch + c) = *sc.add(r);
            }
        }
    }
}

/// Copies of at most this many elements between two rank-2 layouts take
/// [`small_2d`] (no plan): an 8x8 tile.
pub(crate) const SMALL_2D: usize = if cfg!(miri) { 16 } else { 128 };

/// A small rank-2 copy (at most [`SMALL_2D`] elements, no empty axis)
/// straight from the layouts' numbers, without a plan: a transpose (the
/// destination's inner stride 1 and the source's outer stride 1, or the
/// mirror image) runs the SSE2 blocks of plain elements; any other pair
/// is one plain loop nest along the destination's faster axis. `false`
/// (nothing touched) when the shape is not small, is empty, or the
/// element is zero-sized.
///
/// # Safety
/// `shape` is the shape of both layouts (`ds`, `dp` for dst; `ss`, `sp`
/// for src); every position they reach is inside its buffer; dst's
/// positions are distinct, exclusively ours and not read through src.
#[inline(always)]
pub(crate) unsafe fn small_2d<T: Copy>(
    dst: *mut T,
    shape: [usize; 2],
    ds: [isize; 2],
    dp: isize,
    src: *const T,
    ss: [isize; 2],
    sp: isize,
) -> bool {
    let [n0, n1] = shape;
    if n0 == 0 || n1 == 0 || size_of::<T>() == 0 || n0.saturating_mul(n1) > SMALL_2D {
        return false;
    }
    // Axis 1 is the destination's faster one (swap the axes if needed: a
    // copy visits its elements in any order).
    let (n0, n1, d0, d1, s0, s1) = if ds[1].unsigned_abs() <= ds[0].unsigned_abs() {
        (n0, n1, ds[0], ds[1], ss[0], ss[1])
    } else {
        (n1, n0, ds[1], ds[0], ss[1], ss[0])
    };
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if d1 == 1
        && s0 == 1
        && super::simd::level() >= super::simd::Level::Sse2
        && super::elem::is_plain::<T>()
    {
        // SAFETY: (i, j) < (n0, n1) are indices of both layouts: every
        // position sse2_small names is reached (dst's ours); T is plain,
        // its size is W.
        unsafe {
            let (d, s) = (dst.offset(dp).cast::<u8>(), src.offset(sp).cast::<u8>());
            match const { size_of::<T>() } {
                1 => super::simd::sse2_small::<1>(d, d0, s, s1, n0, n1),
                2 => super::simd::sse2_small::<2>(d, d0, s, s1, n0, n1),
                4 => super::simd::sse2_small::<4>(d, d0, s, s1, n0, n1),
                8 => super::simd::sse2_small::<8>(d, d0, s, s1, n0, n1),
                _ => return small_loops(dst, [n0, n1], [d0, d1], dp, src, [s0, s1], sp),
            }
            return true;
        }
    }
    // SAFETY: forwarded from this function's contract.
    unsafe { small_loops(dst, [n0, n1], [d0, d1], dp, src, [s0, s1], sp) }
}

// The plain loop nest of `small_2d`; returns `true`.
//
// SAFETY (for callers): as `small_2d`.
#[inline(always)]
unsafe fn small_loops<T: Copy>(
    dst: *mut T,
    [n0, n1]: [usize; 2],
    [d0, d1]: [isize; 2],
    dp: isize,
    src: *const T,
    [s0, s1]: [isize; 2],
    sp: isize,
) -> bool {
    for i in 0..n0 as isize {
        for j in 0..n1 as isize {
            // SAFETY: (i, j) is an index of both layouts: both positions
            // are reached (in bounds; dst's distinct and ours).
            unsafe { *dst.offset(dp + i * d0 + j * d1) = *src.offset(sp + i * s0 + j * s1) };
        }
    }
    true
}
