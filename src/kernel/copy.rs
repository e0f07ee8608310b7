//! The copy engine: the plan of a copy between two layouts, and its
//! dispatch — small copies as one loop nest, transposed copies to the
//! transpose engine (`transpose.rs`, `simd.rs`), everything else along the
//! inner axis with the loops of `loops.rs`. Copies of a few elements walk
//! their layouts directly, without a plan or a SIMD level.
//!
//! Kernels here take raw pointers and layouts; the typed entry points
//! (`rearrange` on views, `assign`) live with the views.

use core::mem::size_of;

use super::loops::{copy_run, for_each_outer, small_numel, small_runs};
use super::plan::{Order, Plan};
use super::{elem, simd, transpose};
use crate::error::{Dims, LayoutError, ShapeArg};
use crate::layout::Layout;

// A copy's destination shape (`expected`) and source shape (`found`).
pub(crate) fn check_same_shape(expected: &[usize], found: &[usize]) -> Result<(), LayoutError> {
    check_shape(expected, found, ShapeArg::Source)
}

// `found` must be `expected`; `arg` names the argument `found` belongs to.
pub(crate) fn check_shape(
    expected: &[usize],
    found: &[usize],
    arg: ShapeArg,
) -> Result<(), LayoutError> {
    if expected == found {
        Ok(())
    } else {
        Err(LayoutError::ShapeMismatch {
            expected: Dims::new(expected),
            found: Dims::new(found),
            arg,
        })
    }
}

// Tile edge of transposed copies: 1 KiB of T per tile row (256 f32), so a
// tile's source and destination lines (2 x 256 KiB for f32) stay in L2
// while it is moved. Measured on the 2-core EPYC VM this was tuned on
// (4096² and 256³ f32 transposes): 256 and 128 are within the noise of
// each other, 64 is clearly slower. Under Miri, small tiles so that the
// tests cover several tiles and ragged edges.
const fn tile_for<T>() -> usize {
    if cfg!(miri) {
        return 16;
    }
    match 1024usize.checked_div(core::mem::size_of::<T>()) {
        Some(t) if t < transpose::MAX_TILE => t,
        _ => transpose::MAX_TILE,
    }
}

// Contiguous runs shorter than this many bytes are not streamed even into
// a large destination: each run's partial first and last lines then cost
// more than streaming saves (measured: 256³ (1,0,2) f32, 1 KiB runs).
pub(crate) const STREAM_RUN_MIN: usize = 16 << 10;

// Source runs of at most this many bytes, far apart, are prefetched one
// run ahead (longer runs set the hardware prefetchers going by
// themselves), in copies that write at least PREFETCH_MIN_BYTES (smaller
// ones mostly hit the cache).
const PREFETCH_RUN_MAX: usize = 4 << 10;
const PREFETCH_MIN_BYTES: usize = 1 << 20;
// How many runs ahead the hint goes (256³ (1, 0, 2) f32 against
// strided-rs, interleaved medians at load 7-9: one run ahead 0.95-1.15x,
// two 0.96-1.27x, four 1.04-1.50x, eight 0.85-1.31x).
const PREFETCH_AHEAD: usize = 4;

// Copies of at most this many elements walk their layouts directly
// (`small_runs`: no plan, no SIMD level), as the element-wise kernels do
// up to `loops::SMALL`; larger small copies (an 8x8 transpose) are worth
// planning for the SSE2 path below.
const SMALL_WALK: usize = if cfg!(miri) { 4 } else { 16 };

// Copies of at most this many elements are not worth the transpose
// engine's setup (measured: an 8x8 f32 transpose).
const SMALL_COPY: usize = if cfg!(miri) { 8 } else { 128 };

/// Copies every element of `sl` over `src` to the same index of `dl` over `dst`.
///
/// Every path reads exactly the positions `sl` reaches and writes exactly
/// those `dl` reaches: the others may belong to a sibling view that
/// another thread writes.
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
    if N == 2 {
        // Small rank-2 copies (an 8x8 tile, a 3x3 window) without a plan.
        let (sh, ds, ss) = (dl.shape(), dl.strides(), sl.strides());
        let (dp, sp) = (dl.offset() as isize, sl.offset() as isize);
        // SAFETY: forwarded from this function's contract (equal shapes).
        if unsafe {
            transpose::small_2d(
                dst,
                [sh[0], sh[1]],
                [ds[0], ds[1]],
                dp,
                src,
                [ss[0], ss[1]],
                sp,
            )
        } {
            return;
        }
    }
    let shape = dl.shape();
    if let Some(n) = small_numel(&shape)
        && n <= SMALL_WALK
    {
        if n == 0 {
            return;
        }
        let (ds, ss) = (dl.strides(), sl.strides());
        let start = [dl.offset() as isize, sl.offset() as isize];
        // Plain element copies: for a few elements the vector paths of
        // `copy_run` cost more to set up than they save.
        small_runs(&shape, [&ds, &ss], start, |[dp, sp], n, [dc, sc]| {
            for j in 0..n as isize {
                // SAFETY: j indexes the last axis at an index of the shape:
                // positions both layouts reach (dst's exclusively ours).
                unsafe { *dst.offset(dp + j * dc) = *src.offset(sp + j * sc) };
            }
        });
        return;
    }
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
pub(crate) unsafe fn copy_planned<T: Copy>(dst: *mut T, src: *const T, plan: Plan<2>) {
    let bytes = plan.numel().saturating_mul(core::mem::size_of::<T>());
    // SAFETY: forwarded from this function's contract.
    unsafe { copy_planned_sized(dst, src, plan, bytes) }
}

/// [`copy_planned`] for a part of a copy that writes `total_bytes` in all
/// (the size decides between ordinary and streaming stores).
///
/// # Safety
/// As [`copy_planned`].
pub(crate) unsafe fn copy_planned_sized<T: Copy>(
    dst: *mut T,
    src: *const T,
    plan: Plan<2>,
    total_bytes: usize,
) {
    if core::mem::size_of::<T>() == 0 {
        // A zero-sized Copy value holds no bytes and has no drop: there is
        // nothing to move (and axes of usize::MAX such elements would take
        // forever to walk).
        return;
    }
    if plan.rank == 0 {
        // SAFETY: one element, at each layout's offset.
        unsafe { copy_run(dst, plan.start[0], 1, src, plan.start[1], 1, 1) };
        return;
    }
    // Small copies (an 8x8 tile) skip the transpose engine: its setup
    // (chains, offset tables) costs more than walking them element by
    // element; at rank 2, one plain loop nest.
    let small = plan.numel() <= SMALL_COPY;
    if small && plan.rank == 2 {
        let (n0, n1) = (plan.shape[0], plan.shape[1]);
        let [[d0, d1, ..], [s0, s1, ..]] = plan.strides;
        let [dp, sp] = plan.start;
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if d1 == 1 && s0 == 1 && simd::level() >= simd::Level::Sse2 && elem::is_plain::<T>() {
            // SAFETY: as below; T is plain, its size matches W.
            unsafe {
                let (d, s) = (dst.offset(dp).cast::<u8>(), src.offset(sp).cast::<u8>());
                match const { size_of::<T>() } {
                    1 => return simd::sse2_small::<1>(d, d0, s, s1, n0, n1),
                    2 => return simd::sse2_small::<2>(d, d0, s, s1, n0, n1),
                    4 => return simd::sse2_small::<4>(d, d0, s, s1, n0, n1),
                    8 => return simd::sse2_small::<8>(d, d0, s, s1, n0, n1),
                    _ => {}
                }
            }
        }
        for i in 0..n0 as isize {
            for j in 0..n1 as isize {
                // SAFETY: (i, j) is an index of the plan, so both positions
                // are reached (in bounds; dst ones ours).
                unsafe { *dst.offset(dp + i * d0 + j * d1) = *src.offset(sp + i * s0 + j * s1) };
            }
        }
        return;
    }
    if !small && transpose::is_transpose::<T>(&plan) {
        // SAFETY: forwarded from this function's contract.
        if unsafe { transpose::copy(dst, src, &plan, tile_for::<T>(), total_bytes) } {
            return;
        }
    }
    let inner = plan.rank - 1;
    let (n, [dc, sc]) = (
        plan.shape[inner],
        [plan.strides[0][inner], plan.strides[1][inner]],
    );
    let size = core::mem::size_of::<T>();
    // Runs that continue one another in the destination but not in the
    // source (a 256³ (1, 0, 2) permutation, a column slice's `to_owned`):
    // too short to stream one by one, but together one long destination
    // stream, written as such (`simd::stream_gather`).
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if dc == 1 && sc == 1 && inner >= 1 {
        let run_bytes = n.saturating_mul(size);
        let chain = inner - 1;
        let (count, [chain_d, chain_s]) = (
            plan.shape[chain],
            [plan.strides[0][chain], plan.strides[1][chain]],
        );
        if (GATHER_RUN_MIN..STREAM_RUN_MIN).contains(&run_bytes)
            && chain_d == n as isize
            && count.saturating_mul(run_bytes) >= STREAM_RUN_MIN
            && simd::stream_for::<T>(total_bytes)
        {
            // As the general loop's hints below: runs a page or more apart.
            let ahead = if chain_s.unsigned_abs().saturating_mul(size) >= 4096
                && run_bytes <= PREFETCH_RUN_MAX
                && total_bytes >= PREFETCH_MIN_BYTES
            {
                PREFETCH_AHEAD
            } else {
                0
            };
            let step = chain_s.wrapping_mul(size as isize);
            for_each_outer(&plan, chain, |[dp, sp]| {
                // SAFETY: the `count` runs at sp + i·chain_s (i < count) are
                // reached source positions, `n` elements each (unit
                // stride), so i·step is an in-bounds offset; the
                // destination's runs at dp + i·n are consecutive, `count·n`
                // reached (ours, not read) elements from dp; T is plain
                // (stream_for); run_bytes is n elements.
                let done = unsafe {
                    simd::stream_gather(
                        dst.offset(dp).cast::<u8>(),
                        src.offset(sp).cast::<u8>(),
                        step,
                        count,
                        run_bytes,
                        size,
                        ahead,
                    )
                };
                if !done {
                    for i in 0..count as isize {
                        // SAFETY: run i of this position, as above.
                        unsafe { copy_run(dst, dp + i * chain_d, 1, src, sp + i * chain_s, 1, n) };
                    }
                }
            });
            simd::stream_fence();
            return;
        }
    }
    if dc == 1
        && sc == 1
        && inner >= 1
        && (SHORT_RUN_MIN..=SHORT_RUN_MAX).contains(&n.saturating_mul(size))
        && elem::is_plain::<T>()
    {
        // SAFETY: forwarded from this function's contract; the plan's
        // inner runs are contiguous on both sides (checked above) and T
        // is plain.
        unsafe { copy_short_runs(dst, src, &plan) };
        return;
    }
    // Streaming stores for long contiguous runs into a large destination
    // (whole lines only; see the simd module).
    let stream =
        dc == 1 && sc == 1 && n * size >= STREAM_RUN_MIN && simd::stream_for::<T>(total_bytes);
    // Reversed runs (a flipped axis) stream too, reversed in registers.
    let stream_rev =
        dc == 1 && sc == -1 && n * size >= STREAM_RUN_MIN && simd::stream_for::<T>(total_bytes);
    // Short contiguous source runs far apart (a 256³ (1, 0, 2) permutation:
    // 1 KiB runs 256 KiB apart) start on a new page each, where the
    // hardware prefetchers have no stream to follow yet: hint the next
    // run's lines while this one is copied.
    let (next_n, next_s) = match inner {
        0 => (0, 0),
        _ => (plan.shape[inner - 1], plan.strides[1][inner - 1]),
    };
    let run_bytes = n * size;
    let hint = sc == 1
        && run_bytes <= PREFETCH_RUN_MAX
        && next_s.unsigned_abs().saturating_mul(size) >= 4096
        && total_bytes >= PREFETCH_MIN_BYTES;
    let mut at = 0;
    for_each_outer(&plan, inner, |[dp, sp]| {
        if hint {
            // The run PREFETCH_AHEAD places on along the innermost outer
            // axis, if there is one (at its first run, the ones before
            // that too). Hints only: the addresses need not be valid.
            let pos = at;
            at += 1;
            if at == next_n {
                at = 0;
            }
            let first = if pos == 0 { 1 } else { PREFETCH_AHEAD };
            for k in first..=PREFETCH_AHEAD {
                if pos + k < next_n {
                    let off = sp.wrapping_add(next_s.wrapping_mul(k as isize));
                    simd::prefetch_lines(src.wrapping_offset(off).cast::<u8>(), run_bytes);
                }
            }
        }
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if stream || stream_rev {
            let (d, s) = (
                dst.wrapping_offset(dp).cast::<u8>(),
                src.wrapping_offset(sp).cast::<u8>(),
            );
            // SAFETY: the run's n elements are reached positions on both
            // sides: dst's at dp..dp + n (unit stride), src's at sp..sp + n
            // (`stream`, unit stride) or sp - (n - 1)..=sp (`stream_rev`,
            // stride -1); T is plain (stream_for).
            let done = unsafe {
                if stream {
                    simd::stream_copy(d, s, n, size)
                } else {
                    simd::stream_copy_rev(d, s, n, size)
                }
            };
            if done {
                return;
            }
        }
        // Long runs compiled with AVX2 where the CPU has it (z30: the
        // contiguous 256² f32 `assign` ran copy_forward's [T; 8] moves as
        // pairs of 16-byte loads and stores, 38,001 instructions per call
        // against 23,428 for the same bytes through a 2-operand `Zip`;
        // with this call 21,680, and 64²: 3,441 -> 2,480).
        super::engine::long_run(
            n,
            #[inline(always)]
            // SAFETY: the run covers the inner axis at an in-range index.
            move || unsafe { copy_run(dst, dp, dc, src, sp, sc, n) },
        )
    });
    if stream || stream_rev {
        simd::stream_fence();
    }
}

// Contiguous runs of this many bytes take `copy_short_runs`: below the
// minimum a chunk would not fit; above the maximum the per-run overhead
// is small next to the run, and the general loop's prefetch hints for runs
// far apart (the 1 KiB runs of a 256³ (1, 0, 2) permutation) apply.
const SHORT_RUN_MIN: usize = 16;
// Runs of at least this many bytes (and less than `STREAM_RUN_MIN`) whose
// destinations continue one another take `simd::stream_gather` when the
// copy streams.
const GATHER_RUN_MIN: usize = 256;
const SHORT_RUN_MAX: usize = 512;

/// Copies a plan whose inner runs are contiguous on both sides and
/// `SHORT_RUN_MIN..=SHORT_RUN_MAX` bytes long (a slice with a flipped or
/// stepped outer axis, e.g. rows of 56 f32 in reversed order): one tight
/// loop over the innermost outer axis, each run moved as 32-byte chunks
/// (16-byte ones for runs under 32 bytes) whose last chunk ends at the
/// run's end, overlapping the one before it. Per run this is a handful of
/// vector moves, against the general loop's per-run dispatch (measured
/// under callgrind: (8, 64, 56, 56) f32 `.slice(s![.., ..;2, ..;-1,
/// ..]).to_owned()`, see the commit).
///
/// # Safety
/// As [`copy_planned`]; in addition `plan.rank >= 2`, both operands have
/// stride 1 along the inner axis, the run is `SHORT_RUN_MIN..=SHORT_RUN_MAX`
/// bytes, and `T` is plain ([`elem::is_plain`]: every byte of every value
/// initialised, so its bytes may be moved as `[u8; K]`).
unsafe fn copy_short_runs<T: Copy>(dst: *mut T, src: *const T, plan: &Plan<2>) {
    let inner = plan.rank - 1;
    let len = plan.shape[inner] * size_of::<T>();
    let outer = inner - 1;
    let count = plan.shape[outer];
    let [dstep, sstep] = [plan.strides[0][outer], plan.strides[1][outer]];
    // Moves bytes off..off + K of the run at (d, s).
    // SAFETY (for callers): off + K <= len, and (d, s) is a run's start.
    #[inline(always)]
    unsafe fn chunk<const K: usize>(d: *mut u8, s: *const u8, off: usize) {
        // SAFETY: bytes off..off + K lie inside the run (off + K <= len),
        // whose len bytes are reached positions on both sides: src's are
        // readable and initialised (T plain), dst's are ours; no reached
        // dst byte is a reached src byte (copy_planned's contract; the two
        // may share one allocation: split views, rearrange_bytes_raw).
        // Unaligned accesses of [u8; K].
        unsafe {
            let v = core::ptr::read_unaligned(s.add(off).cast::<[u8; K]>());
            core::ptr::write_unaligned(d.add(off).cast::<[u8; K]>(), v);
        }
    }
    // One run: len >= 16 bytes (SHORT_RUN_MIN), so every chunk below lies
    // within 0..len; the last one (at len - K) may overlap the one before
    // it, which writes the same bytes twice (the same source bytes: no
    // write of this copy lands on a byte it reads).
    // SAFETY (for callers): (d, s) is a run's start.
    #[inline(always)]
    unsafe fn run(d: *mut u8, s: *const u8, len: usize) {
        // SAFETY: every offset passed satisfies off + K <= len: len >= 16
        // always, >= 32 in the second branch, >= 64 in the first, whose
        // loop runs only while off + 64 < len.
        unsafe {
            if len >= 64 {
                // Two chunks per step; then the last 64 bytes as two
                // chunks ending at the run's end.
                let mut off = 0;
                while off + 64 < len {
                    chunk::<32>(d, s, off);
                    chunk::<32>(d, s, off + 32);
                    off += 64;
                }
                chunk::<32>(d, s, len - 64);
                chunk::<32>(d, s, len - 32);
            } else if len >= 32 {
                chunk::<32>(d, s, 0);
                chunk::<32>(d, s, len - 32);
            } else {
                chunk::<16>(d, s, 0);
                chunk::<16>(d, s, len - 16);
            }
        }
    }
    // 32-byte moves in one instruction where the CPU has AVX2.
    // (Everything the loop needs by value: captured by reference, the
    // pointers and steps were reloaded from the stack for every run.)
    let plan = *plan;
    super::simd::with_avx2(
        #[inline(always)]
        move || {
            for_each_outer(&plan, outer, |[dp, sp]| {
                // Positions of the runs along the innermost outer axis:
                // dp + i·dstep and sp + i·sstep for i < count, each a run
                // start the plan reaches; pointers are formed only for them.
                for i in 0..count as isize {
                    // SAFETY: (dp + i·dstep, sp + i·sstep) is the start of a
                    // run of the plan (i < count, the axis' size): its len
                    // bytes are reached positions on both sides (caller).
                    unsafe {
                        let d = dst.offset(dp + i * dstep).cast::<u8>();
                        let s = src.offset(sp + i * sstep).cast::<u8>();
                        run(d, s, len);
                    }
                }
            });
        },
    );
}

/// Materialises the view `sl` over `src` as a new row-major `Vec` through
/// the copy engine (plan, SIMD transpose blocks, streaming stores),
/// written straight into the uninitialised allocation (no zero-fill, no
/// second write), when `T` is a plain type ([`elem::is_plain`]: a
/// primitive number, or a byte array of 1, 2, 4, 8 or 16 bytes). Returns
/// `None`, allocating nothing, for any other `T` (the caller then clones
/// element by element) or when `sl`'s shape has no row-major layout.
///
/// Why this is sound for a `T` only known to be `Clone` (stable Rust has
/// no specialization): the plain types are exactly primitives (compared
/// by a lifetime-erased `TypeId`; none of them has a lifetime, so a `T`
/// that compares equal *is* that type), each is `Copy`, its `Clone` is the
/// bitwise copy, and every byte of every value is initialised. Moving them
/// as byte arrays `[u8; size_of::<T>()]` (alignment 1, at most `T`'s)
/// therefore writes exactly the values `T::clone` would, and the engine's
/// SIMD paths (which move plain types as raw bits) stay open. No other
/// type takes this path, so a user `Clone` (with side effects, or one that
/// panics) is always called.
///
/// # Safety
/// `sl` is valid for `src`: every position it reaches is inside the buffer
/// and readable for the duration of the call.
#[cfg(feature = "alloc")]
pub(crate) unsafe fn materialize_plain<T, const N: usize>(
    src: *const T,
    sl: &Layout<N>,
) -> Option<alloc::vec::Vec<T>> {
    if !elem::is_plain::<T>() {
        return None;
    }
    let dl = Layout::try_contiguous(sl.shape()).ok()?;
    let n = dl.numel();
    let mut out = alloc::vec::Vec::<T>::with_capacity(n);
    let o = out.as_mut_ptr();
    // SAFETY: dl is row-major of sl's shape and reaches exactly 0..n, the
    // fresh allocation's capacity (ours alone, so disjoint from src's
    // positions); sl is valid for src (caller). [u8; K] with
    // K = size_of::<T>() has T's size and alignment 1, and T is a
    // primitive (plain), so its values are K initialised bytes and a byte
    // copy of one is its `clone`. Writes of Copy byte arrays into
    // uninitialised memory drop nothing. The engine writes every position
    // dl reaches (copy_raw's contract), so all n elements are initialised
    // before set_len.
    unsafe {
        macro_rules! bytes {
            ($($k:literal)*) => {
                match const { size_of::<T>() } {
                    $($k => copy_raw(o.cast::<[u8; $k]>(), &dl, src.cast::<[u8; $k]>(), sl),)*
                    _ => return None,
                }
            };
        }
        bytes!(1 2 4 8 16);
        out.set_len(n);
    }
    Some(out)
}
