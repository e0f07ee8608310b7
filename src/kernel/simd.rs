//! Instruction-set levels of the copy kernels, picked at run time, and the
//! x86_64 building blocks: register transposes of 16-byte rows for 1-, 2-,
//! 4- and 8-byte elements, and non-temporal (streaming) line stores.
//!
//! The level is detected once (`is_x86_feature_detected!`, cached in an
//! atomic) and can be forced lower for tests ([`force_level`]); under Miri
//! the portable level is always used, so Miri checks the portable paths.
//! SIMD paths run only for element types whose every byte is initialised
//! (see [`super::elem`]); everything else takes the portable, typed paths.
//!
//! Streaming stores bypass the cache: worth it only when the destination
//! is much larger than the cache (otherwise the next reader finds nothing
//! cached), and only for whole 64-byte lines (a partial line written by
//! streaming stores costs a read-modify-write in memory). The kernels peel
//! to the line boundary and stream whole lines only; a `Vec<f32>` is only
//! 16-byte aligned. Every streaming copy ends with an `sfence`.

use core::sync::atomic::{AtomicU8, Ordering};

/// The instruction-set level the copy kernels use.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Plain Rust, typed moves only (any target; always under Miri).
    Portable = 1,
    /// SSE2 register transposes and streaming stores (every x86_64).
    Sse2 = 2,
    /// AVX2: two 16-byte register transposes per instruction (detected at
    /// run time with feature `std`, or enabled at compile time).
    Avx2 = 3,
    /// AVX-512 (F and BW): transposed blocks of 1- and 2-byte elements
    /// read and write whole 64-byte lines as single registers (detected at
    /// run time with feature `std`, or enabled at compile time).
    Avx512 = 4,
}

// 0: not detected yet; otherwise a Level.
static LEVEL: AtomicU8 = AtomicU8::new(0);
// 0: streaming decided by size; 1: never; 2: always (tests).
static STREAM: AtomicU8 = AtomicU8::new(0);

/// Destinations at least this large (bytes) are written with streaming
/// stores: the L3 of the machine this was tuned on (32 MiB, a Zen 4 EPYC).
/// Measured there (loaded, so roughly): 64 MiB transposes run up to 2-3x
/// faster streaming, while a 25.7 MB NCHW -> NHWC copy ran faster with
/// ordinary stores (much of it still hits the cache).
pub(crate) const STREAM_MIN_BYTES: usize = 32 << 20;

fn detect() -> Level {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        // `#[target_feature(enable = "avx512f,avx512bw")]` also enables
        // what rustc implies from them (AVX2, FMA, F16C; AVX and the SSE
        // levels come with every AVX2 CPU, as for Level::Avx2), and
        // Level::Avx512 also runs the AVX2 paths (`level() >= Level::Avx2`):
        // each is detected here, as their CPUID bits are separate (a VM may
        // report AVX-512 F and BW without AVX2).
        #[cfg(feature = "std")]
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("f16c")
        {
            return Level::Avx512;
        }
        #[cfg(not(feature = "std"))]
        if cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx2",
            target_feature = "fma",
            target_feature = "f16c"
        )) {
            return Level::Avx512;
        }
        #[cfg(feature = "std")]
        if std::is_x86_feature_detected!("avx2") {
            return Level::Avx2;
        }
        #[cfg(not(feature = "std"))]
        if cfg!(target_feature = "avx2") {
            return Level::Avx2;
        }
        Level::Sse2
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    Level::Portable
}

/// The level in use (detected once, or forced).
#[inline]
pub(crate) fn level() -> Level {
    if cfg!(miri) {
        return Level::Portable;
    }
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Portable,
        2 => Level::Sse2,
        3 => Level::Avx2,
        4 => Level::Avx512,
        _ => {
            let l = detect();
            LEVEL.store(l as u8, Ordering::Relaxed);
            l
        }
    }
}

/// Forces the copy kernels' instruction-set level (`None`: detect). For
/// tests and benchmarks; a level above what the CPU has is lowered to the
/// detected one. Results never depend on the level, only speed does.
///
/// ```
/// use constrided::kernel::{force_level, Level};
/// force_level(Some(Level::Portable));
/// force_level(None);
/// ```
#[doc(hidden)]
pub fn force_level(level: Option<Level>) {
    let l = match level {
        Some(l) => l.min(detect()),
        None => detect(),
    };
    LEVEL.store(l as u8, Ordering::Relaxed);
}

/// Forces streaming stores on (`Some(true)`, at any size) or off
/// (`Some(false)`), or back to the size rule (`None`). For tests and
/// benchmarks; results never depend on it.
///
/// ```
/// use constrided::kernel::force_streaming;
/// force_streaming(Some(true));
/// force_streaming(None);
/// ```
#[doc(hidden)]
pub fn force_streaming(on: Option<bool>) {
    STREAM.store(
        match on {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        },
        Ordering::Relaxed,
    );
}

/// Transposed destinations at least this large (bytes) are written with
/// streaming stores: half the L3. A transpose's destination lines are
/// written one block at a time, far apart. Measured on the Zen 4 VM, whole
/// `bench_report` runs of 9 rounds alternating 16 and 32 MiB: the 25.7 MB
/// NCHW -> NHWC f32 copy 1.01 / 1.00x ndarray streaming against 0.73 /
/// 0.82x not. (The u8 one of the same size then read the other way round,
/// 0.73 / 0.78x against 1.19 / 1.27x, and 1-byte elements kept the copies'
/// 32 MiB until k30: since the AVX-512 byte blocks and the seams, which
/// only streamed copies take, a probe read it at 0.54–0.57x of a
/// streaming copy streamed against 0.37–0.38x not, two runs of 41 rounds;
/// docs/performance.md, section k30.)
pub(crate) const TRANSPOSE_STREAM_MIN_BYTES: usize = 16 << 20;

/// Whether a transpose writing `bytes` bytes of `T` should stream its stores.
#[inline]
pub(crate) fn stream_transpose<T>(bytes: usize) -> bool {
    stream_from::<T>(bytes, TRANSPOSE_STREAM_MIN_BYTES)
}

/// Whether a copy writing `bytes` bytes of `T` should stream its stores.
#[inline]
pub(crate) fn stream_for<T>(bytes: usize) -> bool {
    stream_from::<T>(bytes, STREAM_MIN_BYTES)
}

/// [`stream_for`] with destinations of at least `min` bytes streamed.
#[inline]
pub(crate) fn stream_from<T>(bytes: usize, min: usize) -> bool {
    if level() < Level::Sse2 || !super::elem::is_plain::<T>() {
        return false;
    }
    match STREAM.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => bytes >= min,
    }
}

/// Hints the cache lines of `bytes` bytes from `p` into L1 (x86_64; a
/// no-op elsewhere). A prefetch reads nothing (no fault, no access), so
/// `p` may name memory beyond any copy's reach; it is formed with
/// wrapping arithmetic and never dereferenced.
#[inline(always)]
pub(crate) fn prefetch_lines(p: *const u8, bytes: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let mut off = 0;
        while off < bytes {
            // SAFETY: a prefetch is a hint: it neither faults nor accesses.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(off) as *const i8) };
            off += 64;
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (p, bytes);
}

/// Hints the cache lines holding the `bytes` bytes from `p` into L2
/// (`prefetcht2`; x86_64, a no-op elsewhere): the lines from the one
/// holding `p` to the one holding `p + bytes - 1`. Like [`prefetch_lines`],
/// it reads nothing, so `p` may name memory beyond any copy's reach; it is
/// formed with wrapping arithmetic and never dereferenced.
#[inline(always)]
pub(crate) fn prefetch_l2(p: *const u8, bytes: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T2};
        let first = p.wrapping_sub(p as usize % 64);
        let end = (p as usize % 64).wrapping_add(bytes);
        let mut off = 0;
        while off < end {
            // SAFETY: a prefetch is a hint: it neither faults nor accesses.
            unsafe { _mm_prefetch::<_MM_HINT_T2>(first.wrapping_add(off) as *const i8) };
            off += 64;
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (p, bytes);
}

/// Runs `f` in a function compiled with AVX2 enabled when the level is
/// AVX2 (the CPU has it), so that the loops inlined into `f` vectorize 8
/// f32 wide instead of 4; otherwise runs `f` as it is. Results do not
/// depend on it: the same operations run in the same order, only the
/// vector width changes (no FMA is enabled; the sign and payload of a NaN
/// result may differ, as Rust leaves them unspecified anyway). For compute-bound loops (sums of contiguous runs).
#[inline(always)]
pub(crate) fn with_avx2<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if level() >= Level::Avx2 {
        // (An `unsafe fn`, so that calling it states the level check
        // below; safe `#[target_feature]` functions exist since Rust 1.86.)
        #[target_feature(enable = "avx2")]
        unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: the level is Avx2 only when the CPU has AVX2.
        return unsafe { run(f) };
    }
    f()
}

/// Orders earlier streaming stores before later stores (a no-op where
/// there are none).
#[inline]
pub(crate) fn stream_fence() {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: sfence has no preconditions (SSE is part of x86_64).
    unsafe {
        core::arch::x86_64::_mm_sfence()
    }
}

/// How the streaming kernels cut `n` elements of `size` bytes from `d`:
/// `(peel, lines)`, a head of `peel` bytes up to the first 64-byte
/// boundary, then `lines` whole lines (`peel + 64·lines <= n·size`; the
/// rest is the tail). `None` when the boundary falls inside an element or
/// no whole line fits.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn line_split(d: *const u8, n: usize, size: usize) -> Option<(usize, usize)> {
    let bytes = n * size;
    let peel = (64 - d.addr() % 64) % 64;
    if !peel.is_multiple_of(size) || bytes < peel + 64 {
        return None;
    }
    Some((peel, (bytes - peel) / 64))
}

/// Streams the 64 bytes at `from` (any alignment) to the line at `d`.
///
/// # Safety
/// `from` is valid for reads of 64 initialised bytes; `d` is 64-byte
/// aligned and valid for writes of 64 bytes that `from` does not overlap.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
unsafe fn stream_line(d: *mut u8, from: *const u8) {
    use core::arch::x86_64::*;
    // SAFETY: four 16-byte loads inside `from`'s 64 bytes; four aligned
    // 16-byte streaming stores inside d's line (caller).
    unsafe {
        let a = _mm_loadu_si128(from as *const __m128i);
        let b = _mm_loadu_si128(from.add(16) as *const __m128i);
        let c = _mm_loadu_si128(from.add(32) as *const __m128i);
        let e = _mm_loadu_si128(from.add(48) as *const __m128i);
        _mm_stream_si128(d as *mut __m128i, a);
        _mm_stream_si128(d.add(16) as *mut __m128i, b);
        _mm_stream_si128(d.add(32) as *mut __m128i, c);
        _mm_stream_si128(d.add(48) as *mut __m128i, e);
    }
}

/// Copies `n` plain elements of `size` bytes from `s` to `d` (not
/// overlapping), streaming whole destination lines: ordinary stores up to
/// the first 64-byte boundary of `d` and after the last, streaming stores
/// for the lines between. Falls back to ordinary stores when `d` cannot
/// reach a line boundary at an element boundary.
///
/// # Safety
/// `s` and `d` are valid for `n` elements of `size` bytes; every byte is
/// initialised; the caller ends the copy with [`stream_fence`].
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) unsafe fn stream_copy(d: *mut u8, s: *const u8, n: usize, size: usize) -> bool {
    let Some((peel, lines)) = line_split(d, n, size) else {
        return false;
    };
    // SAFETY: (whole body) peel + 64·lines <= n·size (line_split), all within the n
    // elements; the line stores are 64-byte aligned.
    unsafe {
        core::ptr::copy_nonoverlapping(s, d, peel);
        let (mut dp, mut sp) = (d.add(peel), s.add(peel));
        for _ in 0..lines {
            stream_line(dp, sp);
            dp = dp.add(64);
            sp = sp.add(64);
        }
        let done = peel + 64 * lines;
        core::ptr::copy_nonoverlapping(s.add(done), d.add(done), n * size - done);
    }
    true
}

/// Copies `count` runs of `run` bytes, run `k` read from `s + k·step`, to
/// the `count·run` consecutive bytes from `d`, streaming whole destination
/// lines: the runs of a copy whose destination continues from one run into
/// the next while its source jumps (a 256³ (1, 0, 2) permutation: runs of
/// 1 KiB, 256 KiB apart in the source, one 256 KiB stream in the
/// destination). A line that two runs share is gathered on the stack and
/// streamed from there, so every line between the head and the tail is
/// one streamed write. With `ahead > 0`, entering run `k` hints run
/// `k + ahead`'s lines (runs far apart start on a new page each, where the
/// hardware prefetchers have no stream to follow yet). Falls back (returns
/// `false`, touching nothing) when `d` cannot reach a line boundary at an
/// element boundary (`size` bytes) or no whole line fits.
///
/// # Safety
/// `count·run` does not overflow; for every `k < count`, `s + k·step` is
/// valid for reads of `run` initialised bytes (`k·step` an in-bounds
/// offset); `d` is valid for writes of `count·run` bytes, which no run
/// overlaps; `run` is a multiple of `size`; the caller ends the copy with
/// [`stream_fence`].
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn stream_gather(
    d: *mut u8,
    s: *const u8,
    step: isize,
    count: usize,
    run: usize,
    size: usize,
    ahead: usize,
) -> bool {
    let total = count * run;
    let Some((peel, lines)) = line_split(d, total / size, size) else {
        return false;
    };
    /// A cursor over the runs: `left` bytes of run `k` remain, from `at`.
    struct Runs {
        s: *const u8,
        step: isize,
        count: usize,
        run: usize,
        ahead: usize,
        k: usize,
        at: *const u8,
        left: usize,
    }
    impl Runs {
        /// Enters the next run, hinting the one `ahead` further on.
        ///
        /// # Safety
        /// `k + 1 < count`.
        #[inline(always)]
        unsafe fn next(&mut self) {
            self.k += 1;
            // SAFETY: k < count (caller), so k·step is an in-bounds offset
            // from s (stream_gather's contract).
            self.at = unsafe { self.s.offset(self.step.wrapping_mul(self.k as isize)) };
            self.left = self.run;
            if self.ahead > 0 && self.k + self.ahead < self.count {
                let h = self.k + self.ahead;
                prefetch_lines(
                    self.s.wrapping_offset(self.step.wrapping_mul(h as isize)),
                    self.run,
                );
            }
        }
        /// Copies the next `len` bytes of the runs to `to`.
        ///
        /// # Safety
        /// At least `len` bytes of the runs remain; `to` is valid for
        /// writes of `len` bytes that no run overlaps.
        #[inline(always)]
        unsafe fn take(&mut self, mut to: *mut u8, mut len: usize) {
            while len > 0 {
                if self.left == 0 {
                    // SAFETY: bytes remain beyond run k, so run k + 1 exists.
                    unsafe { self.next() };
                }
                let n = len.min(self.left);
                // SAFETY: at..at + n lies in run k (n <= left), readable
                // and initialised; to..to + n is writable (caller); they do
                // not overlap (contract).
                unsafe {
                    core::ptr::copy_nonoverlapping(self.at, to, n);
                    self.at = self.at.add(n);
                    to = to.add(n);
                }
                self.left -= n;
                len -= n;
            }
        }
    }
    let mut runs = Runs {
        s,
        step,
        count,
        run,
        ahead,
        k: 0,
        at: s,
        left: run,
    };
    for h in 1..=ahead.min(count.saturating_sub(1)) {
        prefetch_lines(s.wrapping_offset(step.wrapping_mul(h as isize)), run);
    }
    // SAFETY: (whole body) peel + 64·lines <= total (line_split): every
    // `take` and line below stays within the total bytes of the runs and
    // of d; the line stores are 64-byte aligned; a line read straight from
    // a run lies in run k (64 <= left).
    unsafe {
        runs.take(d, peel);
        let mut dp = d.add(peel);
        let mut line = [0u8; 64];
        for _ in 0..lines {
            if runs.left == 0 {
                // A whole line remains, so run k + 1 exists.
                runs.next();
            }
            let from = if runs.left >= 64 {
                let p = runs.at;
                runs.at = runs.at.add(64);
                runs.left -= 64;
                p
            } else {
                runs.take(line.as_mut_ptr(), 64);
                line.as_ptr()
            };
            stream_line(dp, from);
            dp = dp.add(64);
        }
        runs.take(dp, total - peel - 64 * lines);
    }
    true
}

/// Writes the `size` bytes at `v` to `n` consecutive elements from `d`,
/// streaming whole destination lines (ordinary stores up to the first
/// 64-byte boundary of `d` and after the last): a large `fill` then
/// writes its lines without first reading them. Falls back (returns
/// `false`, touching nothing) for sizes other than 1, 2, 4 and 8, or when
/// `d` cannot reach a line boundary at an element boundary.
///
/// # Safety
/// `d` is valid for writes of `n` elements of `size` bytes, `v` for reads
/// of `size` initialised bytes, not inside them; the caller ends the fill
/// with [`stream_fence`].
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) unsafe fn stream_fill(d: *mut u8, v: *const u8, n: usize, size: usize) -> bool {
    use core::arch::x86_64::*;
    if !matches!(size, 1 | 2 | 4 | 8) {
        return false;
    }
    let Some((peel, lines)) = line_split(d, n, size) else {
        return false;
    };
    // SAFETY: (whole body) every store below lies in the n elements from
    // d: peel + 64·lines <= n·size (line_split); the line stores are 64-byte aligned;
    // the pattern holds 16 / size copies of the value's bytes.
    unsafe {
        let mut pattern = [0u8; 16];
        for k in 0..16 / size {
            core::ptr::copy_nonoverlapping(v, pattern.as_mut_ptr().add(k * size), size);
        }
        let reg = _mm_loadu_si128(pattern.as_ptr() as *const __m128i);
        for j in 0..peel / size {
            core::ptr::copy_nonoverlapping(v, d.add(j * size), size);
        }
        let mut dp = d.add(peel) as *mut __m128i;
        for _ in 0..lines {
            _mm_stream_si128(dp, reg);
            _mm_stream_si128(dp.add(1), reg);
            _mm_stream_si128(dp.add(2), reg);
            _mm_stream_si128(dp.add(3), reg);
            dp = dp.add(4);
        }
        for j in (peel + 64 * lines) / size..n {
            core::ptr::copy_nonoverlapping(v, d.add(j * size), size);
        }
    }
    true
}

/// [`stream_copy`] of a reversed run: element `j < n` of `d` is the element
/// `j` places below `s` (the source run lies at bytes `s - (n - 1)·size ..
/// s + size`, read backwards, as a flipped
/// axis has it), streaming whole destination lines. Each line is the
/// 64 source bytes ending at the matching element, loaded as four 16-byte
/// pieces and reversed in SSE2 registers, element-wise for `size` 1, 2, 4
/// or 8. Falls back (returns `false`, touching nothing) for other sizes
/// or when `d` cannot reach a line boundary at an element boundary.
///
/// # Safety
/// `d` is valid for writes of `n` elements of `size` bytes and `s - (n -
/// 1)·size .. s + size` for reads, not overlapping; every byte is
/// initialised; the caller ends the copy with [`stream_fence`].
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) unsafe fn stream_copy_rev(d: *mut u8, s: *const u8, n: usize, size: usize) -> bool {
    use core::arch::x86_64::*;
    if !matches!(size, 1 | 2 | 4 | 8) {
        return false;
    }
    let Some((peel, lines)) = line_split(d, n, size) else {
        return false;
    };
    // Reverses the elements of a 16-byte piece (SSE2 only: 16-bit words
    // by shuffles, then the bytes inside them by shifts).
    #[inline(always)]
    fn rev16(v: __m128i, size: usize) -> __m128i {
        // SAFETY: SSE2 is part of x86_64; registers only.
        unsafe {
            match size {
                8 => _mm_shuffle_epi32::<0x4E>(v),
                4 => _mm_shuffle_epi32::<0x1B>(v),
                _ => {
                    let w = _mm_shuffle_epi32::<0x4E>(_mm_shufflehi_epi16::<0x1B>(
                        _mm_shufflelo_epi16::<0x1B>(v),
                    ));
                    if size == 2 {
                        w
                    } else {
                        _mm_or_si128(_mm_slli_epi16::<8>(w), _mm_srli_epi16::<8>(w))
                    }
                }
            }
        }
    }
    // Element j of the destination (byte j·size) is the source element at
    // s - j·size; `one` copies it.
    let one = |j: usize| {
        // SAFETY: j < n: both elements lie in the runs of the contract.
        unsafe { core::ptr::copy_nonoverlapping(s.sub(j * size), d.add(j * size), size) }
    };
    for j in 0..peel / size {
        one(j);
    }
    // SAFETY: (whole loop) the line of destination bytes [o, o + 64) holds
    // elements o/size .. o/size + 64/size (all < n: peel + 64·lines <=
    // bytes), whose sources are the 64 bytes from s + size - o - 64 to
    // s + size - o, inside the source run; the stores are 64-byte aligned.
    unsafe {
        for k in 0..lines {
            let o = peel + 64 * k;
            let src = s.add(size).sub(o + 64);
            let dp = d.add(o) as *mut __m128i;
            for q in 0..4 {
                let v = _mm_loadu_si128(src.add(48 - 16 * q) as *const __m128i);
                _mm_stream_si128(dp.add(q), rev16(v, size));
            }
        }
    }
    for j in (peel + 64 * lines) / size..n {
        one(j);
    }
    true
}

/// `d[drow[r] + c] = s[scol[c] + r]` for `r, c < B`, `B · W == 64`, for
/// plain elements of `W` bytes: sixteen-byte rows transposed in SSE2
/// registers (`K = 16 / W` rows at a time, `log2 K` rounds of unpacks),
/// stored with streaming stores when `stream` (then every destination run
/// must be 16-byte aligned).
///
/// # Safety
/// As the portable block: every position named is inside its buffer; dst
/// positions are ours and not source positions; every byte initialised.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) unsafe fn sse2_block<const W: usize, const B: usize>(
    d: *mut u8,
    drow: &[isize],
    s: *const u8,
    scol: &[isize],
    stream: bool,
) {
    use core::arch::x86_64::*;
    const { assert!(B * W == 64) };
    let k = 16 / W;
    let (drow, scol) = (&drow[..B], &scol[..B]);
    // The transposed block, row by row (four 16-byte pieces per 64-byte
    // destination line), so that each line is then written whole and at
    // once: streaming stores fill one write-combining buffer at a time.
    // SAFETY: SSE2 is part of x86_64.
    let zero = unsafe { _mm_setzero_si128() };
    let mut out = [[zero; 4]; B];
    // Hint the next lines of the B source runs (see avx2_block).
    for &c in scol {
        let p = s.wrapping_offset(c * W as isize).wrapping_add(128);
        // SAFETY: a prefetch is a hint: it neither faults nor accesses.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) };
    }
    // Source lines k at a time, each read whole before the next group: at
    // power-of-two strides (a 256³ permutation) all B lines of a block map
    // to one cache set, so only a few may be live at once.
    for cb in (0..B).step_by(k) {
        for rb in (0..B).step_by(k) {
            let mut v = [zero; 16];
            for (i, vi) in v.iter_mut().enumerate().take(k) {
                // SAFETY: source run cb + i, elements rb..rb + k.
                *vi = unsafe {
                    _mm_loadu_si128(s.offset(scol[cb + i] * W as isize).add(rb * W) as *const _)
                };
            }
            // SAFETY: SSE2 is part of x86_64.
            let v = unsafe { transpose_rows::<W>(v) };
            for (p, &vp) in v.iter().enumerate().take(k) {
                // Output p holds destination row rb + bitrev(p).
                out[rb + bit_reverse(p, k)][cb / k] = vp;
            }
        }
    }
    for (r, line) in out.iter().enumerate() {
        // SAFETY: destination run r, its B elements (64 bytes).
        unsafe {
            let o = d.offset(drow[r] * W as isize) as *mut __m128i;
            if stream {
                for (q, &piece) in line.iter().enumerate() {
                    _mm_stream_si128(o.add(q), piece);
                }
            } else {
                for (q, &piece) in line.iter().enumerate() {
                    _mm_storeu_si128(o.add(q), piece);
                }
            }
        }
    }
}

/// [`sse2_block`] with AVX2: each 32-byte register holds pieces of two
/// source lines side by side (lines `i` and `K + i`, elements `rb..rb +
/// K`, for destination columns `0..2K`; then lines `2K + i` and `3K + i`
/// for columns `2K..4K`), so one round of in-lane unpacks transposes two
/// `K x K` squares at once and each result is 32 contiguous bytes of one
/// destination line, stored straight from the register. With `stream`, the first half of each line waits in a
/// register array until the second is ready, so that each line is
/// streamed whole by two back-to-back stores. (For 1- and 2-byte elements;
/// 4- and 8-byte ones keep [`avx2_block_staged`], see there.)
///
/// # Safety
/// As [`sse2_block`], with every destination run 32-byte aligned when
/// `stream` (the copy engine streams only runs aligned to a line), and the
/// CPU has AVX2.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn avx2_block<const W: usize, const B: usize>(
    d: *mut u8,
    drow: &[isize],
    s: *const u8,
    scol: &[isize],
    stream: bool,
) {
    use core::arch::x86_64::*;
    const { assert!(B * W == 64) };
    let (drow, scol) = (&drow[..B], &scol[..B]);
    // SAFETY: AVX2 is enabled; the runs are the caller's (see below).
    unsafe {
        // Hint the next lines of the B source runs (two blocks on): a
        // block draws on B streams at once, more than the hardware
        // prefetchers follow. A prefetch reads nothing (no fault, no
        // access), so it may name positions beyond the copy.
        for &c in scol {
            let p = s.wrapping_offset(c * W as isize).wrapping_add(128);
            _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
        }
        // Direct stores from registers, against the staged block: in-cache
        // 256x256 u8 transposes 0.14-0.19x -> 0.31-0.39x of the best copy,
        // 4096x8192 u16 0.26-0.31x -> 0.34-0.35x (bench_report 7, three
        // alternations); a 4096² u32 transpose was slower direct (0.53 /
        // 0.56x of a plain copy against 0.68 / 0.69x staged), so 4- and
        // 8-byte elements stay staged.
        // (A constant: only the arm taken is instantiated.)
        if const { W >= 4 } {
            avx2_block_staged::<W, B>(d, drow, s, scol, stream)
        } else if stream {
            avx2_block_with::<W, B, true>(d, drow, s, scol)
        } else {
            avx2_block_with::<W, B, false>(d, drow, s, scol)
        }
    }
}

/// [`avx2_block`] for 4- and 8-byte elements: each 32-byte register holds
/// two 16-byte rows side by side (a source line's elements `rb..rb + 2K`),
/// so one round of in-lane unpacks transposes two `K x K` squares at once;
/// the block is staged on the stack and its destination lines written as
/// two 32-byte stores each.
///
/// # Safety
/// As [`avx2_block`] (32-byte aligned destination runs when `stream`).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_block_staged<const W: usize, const B: usize>(
    d: *mut u8,
    drow: &[isize],
    s: *const u8,
    scol: &[isize],
    stream: bool,
) {
    use core::arch::x86_64::*;
    const { assert!(B * W == 64) };
    let k = 16 / W;
    let (drow, scol) = (&drow[..B], &scol[..B]);
    // SAFETY: (whole body) AVX2 is enabled; source run cb + i holds
    // elements rb..rb + 2k (2k <= B); destination run r holds B elements
    // (64 bytes, 32-byte aligned when streaming).
    unsafe {
        let mut out = [[_mm_setzero_si128(); 4]; B];
        for cb in (0..B).step_by(k) {
            for rb in (0..B).step_by(2 * k) {
                let mut v = [_mm256_setzero_si256(); 16];
                for (i, vi) in v.iter_mut().enumerate().take(k) {
                    let p = s.offset(scol[cb + i] * W as isize).add(rb * W);
                    *vi = _mm256_loadu_si256(p as *const __m256i);
                }
                let v = transpose_rows_256::<W>(v);
                for (p, &vp) in v.iter().enumerate().take(k) {
                    let r = rb + bit_reverse(p, k);
                    out[r][cb / k] = _mm256_castsi256_si128(vp);
                    out[r + k][cb / k] = _mm256_extracti128_si256::<1>(vp);
                }
            }
        }
        for (r, line) in out.iter().enumerate() {
            let o = d.offset(drow[r] * W as isize) as *mut __m256i;
            let lo = _mm256_loadu_si256(line.as_ptr() as *const __m256i);
            let hi = _mm256_loadu_si256(line.as_ptr().add(2) as *const __m256i);
            if stream {
                _mm256_stream_si256(o, lo);
                _mm256_stream_si256(o.add(1), hi);
            } else {
                _mm256_storeu_si256(o, lo);
                _mm256_storeu_si256(o.add(1), hi);
            }
        }
    }
}

/// [`avx2_block`] with streaming stores or not (`STREAM`).
///
/// # Safety
/// As [`avx2_block`]; `drow` and `scol` have `B` entries.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_block_with<const W: usize, const B: usize, const STREAM: bool>(
    d: *mut u8,
    drow: &[isize],
    s: *const u8,
    scol: &[isize],
) {
    use core::arch::x86_64::*;
    let k = 16 / W;
    let w = W as isize;
    // SAFETY: (whole body) AVX2 is enabled; source runs cb + i and
    // cb + k + i hold elements rb..rb + k (rb + k <= B, cb + 2k <= B);
    // destination run r holds elements cb..cb + 2k (64 bytes in all,
    // 32-byte aligned when streaming).
    unsafe {
        for rb in (0..B).step_by(k) {
            let drows = &drow[rb..rb + k];
            let (lo, hi) = scol.split_at(2 * k);
            let first = avx2_half::<W>(s.add(rb * W), &lo[..k], &lo[k..]);
            if !STREAM {
                unroll16!(p => if p < k {
                    let o = d.offset(drows[bit_reverse(p, k)] * w);
                    _mm256_storeu_si256(o as *mut __m256i, first[p]);
                });
            }
            let second = avx2_half::<W>(s.add(rb * W), &hi[..k], &hi[k..]);
            unroll16!(p => if p < k {
                let o = d.offset(drows[bit_reverse(p, k)] * w) as *mut __m256i;
                if STREAM {
                    _mm256_stream_si256(o, first[p]);
                    _mm256_stream_si256(o.add(1), second[p]);
                } else {
                    _mm256_storeu_si256(o.add(1), second[p]);
                }
            });
        }
    }
}

/// Runs `$body` with `$p` bound to 0, 1, ... 15 in turn, written out (the
/// compiler does not unroll loops of this size by itself, and a loop keeps
/// an array of registers in memory).
macro_rules! unroll16 {
    ($p:ident => $body:expr) => {
        unroll16!(@ $p $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $p:ident $body:expr; $($n:literal)*) => {
        $({
            let $p: usize = $n;
            $body
        })*
    };
}
use unroll16;

/// [`avx2_block`] with AVX-512 (F and BW), for every plain element size
/// `W` with `B · W == 64`: each destination run of the block (one whole
/// 64-byte line) is written by one register store. The `B` source runs go
/// in four groups of `K = 16 / W` (runs `g·K + i`, `g < 4`, `i < K`);
/// register `i` holds in its lane `g` the 16-byte piece `q` (elements
/// `q·K..q·K + K`) of run `g·K + i`, so that one round of in-lane unpacks
/// per doubling of the element size transposes the four `K x K` squares
/// at once and leaves in register `p` the whole destination row `q·K +
/// bit_reverse(p)` (its 16-byte lane `g` holds columns `g·K..g·K + K`).
/// Four pieces `q` cover the block; the source lines stay in L1 between
/// them. With `stream`, each line is one streaming store (it fills one
/// write-combining buffer at once).
///
/// # Safety
/// As [`sse2_block`], with every destination run 64-byte aligned when
/// `stream`, and the CPU has AVX-512 F and BW (the level is
/// [`Level::Avx512`]).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
pub(crate) unsafe fn avx512_block<const W: usize, const B: usize>(
    d: *mut u8,
    drow: &[isize],
    s: *const u8,
    scol: &[isize],
    stream: bool,
) {
    use core::arch::x86_64::*;
    const { assert!(B * W == 64 && B >= 4) };
    let k = 16 / W;
    let w = W as isize;
    let (drow, scol) = (&drow[..B], &scol[..B]);
    // SAFETY: (whole body) AVX-512 F and BW are enabled; source run c
    // (s + scol[c]·W, c < B) holds B elements, 64 bytes, read as four
    // 16-byte pieces (q < 4); destination run r (d + drow[r]·W, r < B)
    // holds B elements, 64 bytes (64-byte aligned when streaming), written
    // by one store; nothing else is accessed (the prefetches read nothing).
    unsafe {
        // Hint the next lines of the B source runs (see avx2_block).
        for &c in scol {
            let p = s.wrapping_offset(c * w).wrapping_add(128);
            _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
        }
        for q in 0..4 {
            let mut v = [_mm512_setzero_si512(); 16];
            unroll16!(i => if i < k {
                let piece = |g: usize| s.offset(scol[g * k + i] * w).add(16 * q) as *const __m128i;
                let x = _mm512_castsi128_si512(_mm_loadu_si128(piece(0)));
                let x = _mm512_inserti32x4::<1>(x, _mm_loadu_si128(piece(1)));
                let x = _mm512_inserti32x4::<2>(x, _mm_loadu_si128(piece(2)));
                v[i] = _mm512_inserti32x4::<3>(x, _mm_loadu_si128(piece(3)));
            });
            let v = transpose_rows_512::<W>(v);
            unroll16!(p => if p < k {
                let o = d.offset(drow[q * k + bit_reverse(p, k)] * w);
                if stream {
                    _mm512_stream_si512(o.cast(), v[p]);
                } else {
                    _mm512_storeu_si512(o.cast(), v[p]);
                }
            });
        }
    }
}

/// [`transpose_rows`] on the four 16-byte lanes of AVX-512 registers at
/// once. Written out round by round and pair by pair (loops left to the
/// compiler are not unrolled for 1-byte elements, and then take the
/// register arrays through memory).
///
/// # Safety
/// The CPU has AVX-512 F and BW; registers only (no memory is accessed).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn transpose_rows_512<const W: usize>(
    mut v: [core::arch::x86_64::__m512i; 16],
) -> [core::arch::x86_64::__m512i; 16] {
    use core::arch::x86_64::*;
    let k = 16 / W;
    // One round: pairs (2i, 2i + 1) unpacked into i (low) and i + k/2.
    macro_rules! round {
        ($lo:ident, $hi:ident) => {{
            let mut o = v;
            // (The `% 16`s only keep the indices of the arms that are
            // never taken in range: i < k / 2 <= 8.)
            unroll16!(i => if i < k / 2 {
                let (a, b) = (v[(2 * i) % 16], v[(2 * i + 1) % 16]);
                o[i] = $lo(a, b);
                o[(i + k / 2) % 16] = $hi(a, b);
            });
            v = o;
        }};
    }
    if W <= 1 {
        round!(_mm512_unpacklo_epi8, _mm512_unpackhi_epi8);
    }
    if W <= 2 {
        round!(_mm512_unpacklo_epi16, _mm512_unpackhi_epi16);
    }
    if W <= 4 {
        round!(_mm512_unpacklo_epi32, _mm512_unpackhi_epi32);
    }
    if W <= 8 {
        round!(_mm512_unpacklo_epi64, _mm512_unpackhi_epi64);
    }
    v
}

/// Loads `K = 16 / W` registers, register `i` holding the `K` elements at
/// `s + lo[i]` in its low lane and at `s + hi[i]` in its high one, and
/// transposes them (see [`transpose_rows_256`]).
///
/// # Safety
/// AVX2; `16` bytes at each `s + lo[i]·W`, `s + hi[i]·W` are readable.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_half<const W: usize>(
    s: *const u8,
    lo: &[isize],
    hi: &[isize],
) -> [core::arch::x86_64::__m256i; 16] {
    use core::arch::x86_64::*;
    let k = 16 / W;
    let (lo, hi) = (&lo[..k], &hi[..k]);
    let mut v = [_mm256_setzero_si256(); 16];
    unroll16!(i => if i < k {
        // SAFETY: the caller's.
        unsafe {
            let a = s.offset(lo[i] * W as isize) as *const __m128i;
            let b = s.offset(hi[i] * W as isize) as *const __m128i;
            v[i] = _mm256_loadu2_m128i(b, a);
        }
    });
    // SAFETY: AVX2 is enabled.
    unsafe { transpose_rows_256::<W>(v) }
}

/// [`transpose_rows`] on both 16-byte lanes of AVX2 registers at once.
///
/// # Safety
/// The CPU has AVX2 (the caller checked the level); otherwise as
/// [`transpose_rows`] (register-only: no memory is accessed).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn transpose_rows_256<const W: usize>(
    mut v: [core::arch::x86_64::__m256i; 16],
) -> [core::arch::x86_64::__m256i; 16] {
    use core::arch::x86_64::*;
    let k = 16 / W;
    let mut e = W;
    while e < 16 {
        let mut o = v;
        for i in 0..k / 2 {
            let (a, b) = (v[2 * i], v[2 * i + 1]);
            // SAFETY: AVX2 is enabled. (The block is needed before Rust
            // 1.86, where intrinsics are safe inside target_feature fns.)
            #[allow(unused_unsafe)]
            let (lo, hi) = unsafe {
                match e {
                    1 => (_mm256_unpacklo_epi8(a, b), _mm256_unpackhi_epi8(a, b)),
                    2 => (_mm256_unpacklo_epi16(a, b), _mm256_unpackhi_epi16(a, b)),
                    4 => (_mm256_unpacklo_epi32(a, b), _mm256_unpackhi_epi32(a, b)),
                    _ => (_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b)),
                }
            };
            o[i] = lo;
            o[i + k / 2] = hi;
        }
        v = o;
        e *= 2;
    }
    v
}

/// A small 2-D transpose of plain `W`-byte elements, in `K x K` register
/// blocks (`K = 16 / W`): `d[i·d0 + j] = s[i + j·s1]` for `i < n0`,
/// `j < n1` (strides in elements); the ragged edges element by element.
///
/// # Safety
/// Every position named is inside its buffer; dst positions are ours and
/// not source positions; every byte initialised.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) unsafe fn sse2_small<const W: usize>(
    d: *mut u8,
    d0: isize,
    s: *const u8,
    s1: isize,
    n0: usize,
    n1: usize,
) {
    use core::arch::x86_64::*;
    let k = 16 / W;
    let w = W as isize;
    let (f0, f1) = (n0 / k * k, n1 / k * k);
    // SAFETY: (whole body) every (i, j) below is an index of the copy.
    unsafe {
        for i0 in (0..f0).step_by(k) {
            for j0 in (0..f1).step_by(k) {
                let mut v = [_mm_setzero_si128(); 16];
                for (jj, vj) in v.iter_mut().enumerate().take(k) {
                    let p = s.offset(((i0 as isize) + (j0 + jj) as isize * s1) * w);
                    *vj = _mm_loadu_si128(p as *const __m128i);
                }
                let v = transpose_rows::<W>(v);
                for (p, &vp) in v.iter().enumerate().take(k) {
                    let i = (i0 + bit_reverse(p, k)) as isize;
                    let o = d.offset((i * d0 + j0 as isize) * w);
                    _mm_storeu_si128(o as *mut __m128i, vp);
                }
            }
        }
        let one = |i: usize, j: usize| {
            let (i, j) = (i as isize, j as isize);
            core::ptr::copy_nonoverlapping(
                s.offset((i + j * s1) * w),
                d.offset((i * d0 + j) * w),
                W,
            );
        };
        for i in 0..f0 {
            for j in f1..n1 {
                one(i, j);
            }
        }
        for i in f0..n0 {
            for j in 0..n1 {
                one(i, j);
            }
        }
    }
}

#[inline(always)]
const fn bit_reverse(p: usize, k: usize) -> usize {
    let bits = k.trailing_zeros();
    if bits == 0 {
        0
    } else {
        p.reverse_bits() >> (usize::BITS - bits)
    }
}

/// Transposes the first `16 / W` rows of `v` as a square of `W`-byte
/// lanes; row `p` of the result is column `bit_reverse(p)`.
///
/// # Safety
/// The CPU has SSE2 (always true on x86_64); it works on registers only
/// and accesses no memory.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
unsafe fn transpose_rows<const W: usize>(
    mut v: [core::arch::x86_64::__m128i; 16],
) -> [core::arch::x86_64::__m128i; 16] {
    use core::arch::x86_64::*;
    let k = 16 / W;
    let mut e = W;
    while e < 16 {
        let mut o = v;
        for i in 0..k / 2 {
            let (a, b) = (v[2 * i], v[2 * i + 1]);
            // SAFETY: SSE2 is part of x86_64.
            let (lo, hi) = unsafe {
                match e {
                    1 => (_mm_unpacklo_epi8(a, b), _mm_unpackhi_epi8(a, b)),
                    2 => (_mm_unpacklo_epi16(a, b), _mm_unpackhi_epi16(a, b)),
                    4 => (_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b)),
                    _ => (_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b)),
                }
            };
            o[i] = lo;
            o[i + k / 2] = hi;
        }
        v = o;
        e *= 2;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::bit_reverse;

    #[test]
    fn bit_reversal() {
        assert_eq!(bit_reverse(0, 1), 0);
        assert_eq!(bit_reverse(1, 2), 1);
        assert_eq!(bit_reverse(1, 4), 2);
        assert_eq!(bit_reverse(3, 8), 6);
        assert_eq!(bit_reverse(1, 16), 8);
    }
}
