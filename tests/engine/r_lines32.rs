//! r-lines: the AVX2 blocks of 4- and 8-byte elements
//! (`simd::avx2_block_staged`, which `avx2_block` takes for them at levels
//! Avx2 and Avx512: each 32-byte load holds two 16-byte pieces of a source
//! run, one round of in-lane unpacks transposes two squares at once, the
//! block is staged on the stack and each destination line written as two
//! 32-byte stores, streamed or not), attacked at every kernel setting
//! (`model::kernel_settings`, SSE2 and portable blocks too) against the
//! brute-force model. (Written against 82d4c1b's register blocks, since
//! reverted; the cases are the same.)
//!
//! - Every plain 4- and 8-byte type (u32, i32, f32, `[u8; 4]`, u64, i64,
//!   f64, usize, isize, `[u8; 8]`): the data moves through SIMD
//!   registers, so the sources are signalling NaNs with payloads (both
//!   signs), subnormals, -0.0 and all-ones patterns, compared bit for bit.
//!   (The kernels pick by element size; debug builds take f32, `[u8; 4]`
//!   and f64, see `full`.)
//! - Transposes at sizes around the block (8 / 16) and tile edges, flipped
//!   sources and destinations, views inside larger buffers whose
//!   destination starts at every offset within a cache line (the gaps and
//!   the buffer around the view checked untouched), 3-D permutations,
//!   NCHW <-> NHWC.
//! - The same copies through `rearrange_dyn`, `rearrange_bytes` (elements
//!   as `[u8; K]`, the C interface's path), `zip_with` and `Zip` (a
//!   transposed source with stride +1 along its fast axis is staged by
//!   `zip_stage` through `transpose::stage`, i.e. the same blocks; a source
//!   flipped along that axis is not staged), and `par_rearrange` on a copy
//!   large enough to be split.

use constrided::kernel::{force_level, force_streaming, rearrange, rearrange_bytes, rearrange_dyn};
use constrided::{DynLayout, Layout, StridedView, StridedViewMut, Zip};

use super::{model, SWITCHES};

/// The whole lists: in release builds, and in debug builds when
/// CONSTRIDED_FULL_TESTS is set (CI's `--all-features` step). The default
/// debug run takes f32, `[u8; 4]` and f64 (the kernels see only the size)
/// and three line offsets instead of every one: the full lists took 1.6-2
/// s of the fresh-clone budget (tests/README.md).
fn full() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("CONSTRIDED_FULL_TESTS").is_some()
}

/// A plain element as its bits (u64 for both widths).
trait Bits: Copy + Send + Sync + 'static {
    const WIDE: bool;
    fn from_bits(b: u64) -> Self;
    fn bits(self) -> u64;
}

macro_rules! bits {
    ($($t:ty => $from:expr, $to:expr;)*) => {$(
        impl Bits for $t {
            const WIDE: bool = size_of::<$t>() == 8;
            fn from_bits(b: u64) -> Self {
                let f: fn(u64) -> $t = $from;
                f(b)
            }
            fn bits(self) -> u64 {
                let f: fn($t) -> u64 = $to;
                f(self)
            }
        }
    )*};
}
bits!(
    u32 => |b| b as u32, u64::from;
    i32 => |b| b as u32 as i32, |x| u64::from(x as u32);
    f32 => |b| f32::from_bits(b as u32), |x| u64::from(x.to_bits());
    [u8; 4] => |b| (b as u32).to_le_bytes(), |x| u64::from(u32::from_le_bytes(x));
    u64 => |b| b, |x| x;
    i64 => |b| b as i64, |x| x as u64;
    f64 => f64::from_bits, f64::to_bits;
    usize => |b| b as usize, |x| x as u64;
    isize => |b| b as isize, |x| x as u64;
    [u8; 8] => u64::to_le_bytes, u64::from_le_bytes;
);

/// Source element `i`'s bits: signalling NaNs of both signs and
/// subnormals with payloads unique per index (a misplaced lane shows),
/// -0.0, all ones, and arbitrary bits (some quiet NaNs among them).
fn pattern(i: usize, wide: bool) -> u64 {
    let h = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    if wide {
        let p = i as u64 % ((1 << 51) - 1) + 1;
        match i % 6 {
            0 => 0x7ff0_0000_0000_0000 | p,
            1 => 0xfff0_0000_0000_0000 | p,
            2 => 0x8000_0000_0000_0000 | p,
            3 => 0x8000_0000_0000_0000,
            4 => u64::MAX,
            _ => h,
        }
    } else {
        let p = i as u64 % ((1 << 22) - 1) + 1;
        match i % 6 {
            0 => 0x7f80_0000 | p,
            1 => 0xff80_0000 | p,
            2 => p,
            3 => 0x8000_0000,
            4 => 0xffff_ffff,
            _ => h >> 32,
        }
    }
}

/// What every untouched destination element holds.
const SENTINEL: u64 = 0x5a5a_5a5a_5a5a_5a5a;

/// The ways a copy `sl -> dl` is made.
#[derive(Clone, Copy, Debug)]
enum Via {
    Rearrange,
    Dyn,
    Bytes,
    ZipWith,
    Zip,
    #[cfg(feature = "rayon")]
    Par,
}

const ALL: &[Via] = &[Via::Rearrange, Via::Dyn, Via::Bytes, Via::ZipWith, Via::Zip];

fn pos<const N: usize>(l: Layout<N>, i: [usize; N]) -> usize {
    model::position(l.strides(), l.offset(), i) as usize
}

/// Copies `sl -> dl` every way in `vias`, under every kernel setting, with
/// the destination view starting `shift` elements after a 64-byte line
/// inside a larger buffer; checks the whole buffer, bit for bit.
fn check<T: Bits, const N: usize>(
    what: &str,
    sl: Layout<N>,
    dl: Layout<N>,
    shift: usize,
    vias: &[Via],
) {
    let size = size_of::<T>();
    let src: Vec<T> = (0..sl.required_len())
        .map(|i| T::from_bits(pattern(i, T::WIDE)))
        .collect();
    let dn = dl.required_len();
    let mut buf: Vec<T> = vec![T::from_bits(SENTINEL); dn + 2 * 64 / size];
    // The first element on a line (none if the buffer is not aligned to
    // its element size: `[u8; K]`), then `shift` on.
    let line = (0..64 / size)
        .find(|&k| (buf.as_ptr() as usize + k * size).is_multiple_of(64))
        .unwrap_or(0);
    let start = line + shift;
    let mut want: Vec<u64> = buf.iter().map(|x| x.bits()).collect();
    for i in model::indices(sl.shape()) {
        want[start + pos(dl, i)] = src[pos(sl, i)].bits();
    }
    let sv = StridedView::new(&src, sl).unwrap();
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        for &via in vias {
            buf.iter_mut().for_each(|x| *x = T::from_bits(SENTINEL));
            let d = &mut buf[start..start + dn];
            match via {
                Via::Rearrange => rearrange(&mut StridedViewMut::new(d, dl).unwrap(), &sv).unwrap(),
                Via::Dyn => {
                    rearrange_dyn(d, &DynLayout::from(dl), &src, &DynLayout::from(sl)).unwrap()
                }
                Via::Bytes => {
                    // SAFETY: T is a plain number or byte array (every
                    // byte initialised, any bit pattern valid).
                    let (db, sb) = unsafe {
                        (
                            core::slice::from_raw_parts_mut(d.as_mut_ptr().cast::<u8>(), dn * size),
                            core::slice::from_raw_parts(
                                src.as_ptr().cast::<u8>(),
                                src.len() * size,
                            ),
                        )
                    };
                    rearrange_bytes(db, &DynLayout::from(dl), sb, &DynLayout::from(sl), size)
                        .unwrap()
                }
                Via::ZipWith => StridedViewMut::new(d, dl)
                    .unwrap()
                    .zip_with(&sv, |x, &y| *x = y)
                    .unwrap(),
                Via::Zip => Zip::from(&mut StridedViewMut::new(d, dl).unwrap())
                    .and(&sv)
                    .unwrap()
                    .for_each(|x, &y| *x = y),
                #[cfg(feature = "rayon")]
                Via::Par => {
                    constrided::kernel::par_rearrange(&mut StridedViewMut::new(d, dl).unwrap(), &sv)
                        .unwrap()
                }
            }
            if let Some(k) = (0..buf.len()).find(|&k| buf[k].bits() != want[k]) {
                panic!(
                    "{what} {via:?} {level:?} {stream:?} shift {shift}, {}: buffer element {k} \
                     (view position {}) is {:#x}, want {:#x}",
                    std::any::type_name::<T>(),
                    k as isize - start as isize,
                    buf[k].bits(),
                    want[k]
                );
            }
        }
    }
}

/// Every case for one element type.
fn cases<T: Bits>() {
    // Elements per line: the block edge.
    let e = 64 / size_of::<T>();
    // Rank 2, around the block and tile edges. The copy engine's blocks
    // need more than 128 elements (`SMALL_COPY`; smaller ones take
    // `sse2_small`), a source step of more than a line along the
    // destination's inner axis (`is_transpose`) and e rows and columns:
    // [e, e] reaches one only with the gaps of the views inside buffers
    // (4-byte elements), [e - 1, e + 1] none: the edges of the dispatch.
    // The staged walk of `zip_with` / `Zip` stages whole blocks only from
    // strips of e rows of the source's fast axis, which in debug builds
    // start on the source's cache lines (`zip_stage::ALIGN_MIN_BYTES`; in
    // release from row 0): 2e - 1 rows hold a whole strip wherever
    // `malloc` puts the source (either orientation of [2e - 1, 2e + 1]
    // and [48, 31], the column-major source of [2e + 1, e]), fewer only
    // at some addresses.
    for [r, c] in [
        [e, e],
        [e - 1, e + 1],
        [e + 1, 2 * e + 1],
        [2 * e - 1, 2 * e + 1],
        [2 * e + 1, e],
        [8, 40],
        [9, 23],
        [48, 31],
    ] {
        let row = Layout::contiguous([r, c]);
        let col = Layout::f_contiguous([r, c]);
        let flipped = col.flip(0).unwrap().flip(1).unwrap();
        check::<T, 2>("transpose", col, row, 0, ALL);
        check::<T, 2>("destination transposed", row, col, 0, ALL);
        check::<T, 2>("flipped source", flipped, row, 0, ALL);
        check::<T, 2>("flipped destination", col, row.flip(1).unwrap(), 0, ALL);
        check::<T, 2>("both flipped", flipped, row.flip(0).unwrap(), 0, ALL);
        // Views inside larger buffers (pitches with gaps), the destination
        // at every offset within a line for [2e + 1, e] (blocks in both
        // the copy and the staged walk), three for the rest.
        let sgap = Layout::new([r, c], [1, r as isize + 3], 2).unwrap();
        let dgap = Layout::new([r, c], [c as isize + 5, 1], 1).unwrap();
        let shifts: Vec<usize> = if [r, c] == [2 * e + 1, e] && full() {
            (0..e).collect()
        } else {
            vec![0, 1, e - 1]
        };
        for shift in shifts {
            check::<T, 2>(
                "inside buffers",
                sgap,
                dgap,
                shift,
                &[Via::Rearrange, Via::ZipWith],
            );
        }
    }
    // Many blocks per tile and a ragged edge.
    let [r, c] = [16 * e + 1, 3 * e + 1];
    check::<T, 2>(
        "tiles",
        Layout::f_contiguous([r, c]),
        Layout::contiguous([r, c]),
        0,
        &[Via::Rearrange, Via::ZipWith],
    );
    // 3-D permutations.
    let base = Layout::contiguous([3, e + 1, 2 * e + 1]);
    for p in [[2, 0, 1], [1, 2, 0], [2, 1, 0], [0, 2, 1]] {
        let sl = base.permute(p).unwrap();
        check::<T, 3>("permuted", sl, Layout::contiguous(sl.shape()), 0, ALL);
    }
    // NCHW -> NHWC and back (H·W = 20: a block and a remainder).
    let nchw = Layout::contiguous([2, 2 * e + 1, 4, 5]);
    let sl = nchw.permute([0, 2, 3, 1]).unwrap();
    check::<T, 4>("NCHW -> NHWC", sl, Layout::contiguous(sl.shape()), 0, ALL);
    let nhwc = Layout::contiguous([2, 4, 5, 2 * e + 1]);
    let sl = nhwc.permute([0, 3, 1, 2]).unwrap();
    check::<T, 4>("NHWC -> NCHW", sl, Layout::contiguous(sl.shape()), 0, ALL);
}

#[test]
fn r_lines32_every_plain_type_bit_exact() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    cases::<f32>();
    cases::<[u8; 4]>();
    cases::<f64>();
    if full() {
        cases::<u32>();
        cases::<i32>();
        cases::<u64>();
        cases::<i64>();
        cases::<usize>();
        cases::<isize>();
        cases::<[u8; 8]>();
    }
    force_level(None);
    force_streaming(None);
}

/// `par_rearrange` of a transpose above the parallel threshold (2^16
/// elements): the parts run on rayon's threads with the forced level.
#[cfg(feature = "rayon")]
#[test]
fn r_lines32_par_rearrange() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let [r, c] = [272, 257];
    check::<f32, 2>(
        "par",
        Layout::f_contiguous([r, c]),
        Layout::contiguous([r, c]),
        0,
        &[Via::Par],
    );
    check::<f64, 2>(
        "par",
        Layout::f_contiguous([r, c]).flip(1).unwrap(),
        Layout::contiguous([r, c]),
        0,
        &[Via::Par],
    );
    force_level(None);
    force_streaming(None);
}
