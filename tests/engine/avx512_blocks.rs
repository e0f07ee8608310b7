//! The AVX-512 transposed blocks (1- and 2-byte elements, whole 64-byte
//! lines per register) against the brute-force model, at the AVX-512
//! level and with it forced down to AVX2, SSE2 and the portable path (the
//! fallbacks), streaming stores forced on and off: 2-D transposes of edge
//! sizes around the block edges (1, 31-33, 63-65, 127-129), flipped axes,
//! buffers at every skew (line-boundary peels), partial views inside a
//! larger buffer, NCHW -> NHWC and 3-D permutations. On a CPU without
//! AVX-512 the level is lowered to the detected one (same results).

use super::model;

use super::SWITCHES;
use constrided::kernel::{force_level, force_streaming, rearrange};
use constrided::{Layout, StridedView, StridedViewMut};
use model::positions;
use proptest::prelude::*;

// Copies layout `sl` of a source skewed by `sskew` elements into `dl` of a
// destination skewed by `dskew` and `tail` elements longer, under every
// setting, and checks the whole destination buffer (nothing outside the
// view is written). Shared by k30's and r-k30's modules.
pub(crate) fn check<T, const N: usize>(
    make: impl Fn(usize) -> T,
    sl: Layout<N>,
    dl: Layout<N>,
    sskew: usize,
    dskew: usize,
    tail: usize,
) where
    T: Copy + PartialEq + core::fmt::Debug,
{
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let shape = sl.shape();
    let src: Vec<T> = (0..sl.required_len() + sskew + tail).map(&make).collect();
    let sp = positions(shape, sl.strides(), sl.offset());
    let dp = positions(shape, dl.strides(), dl.offset());
    let fill = make(usize::MAX / 2);
    let mut want = vec![fill; dl.required_len() + dskew + tail];
    for (d, s) in dp.iter().zip(&sp) {
        want[dskew + *d as usize] = src[sskew + *s as usize];
    }
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        let mut dst = vec![fill; dl.required_len() + dskew + tail];
        let n = dl.required_len();
        let sv = StridedView::new(&src[sskew..sskew + sl.required_len()], sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst[dskew..dskew + n], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        assert_eq!(dst, want, "{level:?} stream {stream:?} {sl:?} -> {dl:?}");
    }
    force_level(None);
    force_streaming(None);
}

fn permuted<const N: usize>(
    shape: [usize; N],
    perm: [usize; N],
    flips: [bool; N],
) -> (Layout<N>, Layout<N>) {
    let mut sl = Layout::contiguous(shape).permute(perm).unwrap();
    for (a, &f) in flips.iter().enumerate() {
        if f {
            sl = sl.flip(a).unwrap();
        }
    }
    (sl, Layout::contiguous(sl.shape()))
}

fn both<const N: usize>(sl: Layout<N>, dl: Layout<N>, sskew: usize, dskew: usize, tail: usize) {
    check(|i| i.wrapping_mul(7) as u8, sl, dl, sskew, dskew, tail);
    check(|i| i.wrapping_mul(7) as u16, sl, dl, sskew, dskew, tail);
}

#[test]
fn transposes_of_edge_sizes() {
    let sizes = [1, 31, 32, 33, 63, 64, 65, 127, 128, 129];
    for &r in &sizes {
        for &c in &[1, 33, 64, 65, 129] {
            let (sl, dl) = permuted([r, c], [1, 0], [false, false]);
            both(sl, dl, 0, 0, 0);
        }
    }
}

#[test]
fn transposes_streamed_with_peels_and_flips() {
    // Destination rows a whole number of lines long (192 and 320 elements)
    // so that whole blocks stream; skews give peeled first columns.
    for skew in [0, 1, 7, 32, 63] {
        for flips in [[false, false], [true, false], [false, true], [true, true]] {
            let (sl, dl) = permuted([320, 192], [1, 0], flips);
            both(sl, dl, skew, 64 - skew, 0);
        }
    }
}

#[test]
fn partial_views_of_a_larger_buffer() {
    // The source is a 130 x 200 window of a 160 x 260 buffer (read
    // transposed), the destination a window of rows 70 elements longer
    // than the copy: nothing outside either window may be read or written
    // (the model checks the writes; guard_pages the reads).
    for (r, c) in [(130, 200), (64, 64), (65, 128)] {
        let sl = Layout::new([c, r], [1, 260], 3).unwrap();
        let dl = Layout::new([c, r], [r as isize + 70, 1], 5).unwrap();
        both(sl, dl, 1, 2, 40);
        let sl = sl.flip(1).unwrap();
        let dl = dl.flip(0).unwrap();
        both(sl, dl, 0, 3, 17);
    }
}

#[test]
fn nchw_to_nhwc_and_3d_permutations() {
    for (n, c, h, w) in [
        (2, 64, 9, 9),
        (1, 65, 8, 8),
        (2, 128, 5, 13),
        (1, 3, 64, 64),
    ] {
        let (sl, dl) = permuted([n, c, h, w], [0, 2, 3, 1], [false; 4]);
        both(sl, dl, 0, 0, 0);
        both(sl, dl, 5, 1, 0);
    }
    for perm in [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let (sl, dl) = permuted([70, 66, 64], perm, [false, true, false]);
        both(sl, dl, 0, 0, 0);
    }
}

// k29e: streamed transposes in square tiles hint the next tile's source
// runs into L2 (the next column tile, the next row tile, or the first
// tile at the next outer position, guessed one step of the innermost
// outer axis on: past the buffer's end at the last one), and 4-byte ones
// whose columns are 4-64 KiB apart take square tiles instead of strips.
// Several tiles each way with ragged last ones, several outer positions,
// both operands skewed (peels, seams, row tiles from the source's line),
// every element size.
#[test]
fn streamed_square_tiles_with_hints() {
    fn sizes<const N: usize>(sl: Layout<N>, dl: Layout<N>, sskew: usize, dskew: usize) {
        check(|i| i.wrapping_mul(7) as u8, sl, dl, sskew, dskew, 3);
        check(|i| i.wrapping_mul(7) as u16, sl, dl, sskew, dskew, 3);
        check(|i| i.wrapping_mul(7) as u32, sl, dl, sskew, dskew, 3);
        check(|i| i.wrapping_mul(7) as u64, sl, dl, sskew, dskew, 3);
    }
    for perm in [[1, 2, 0], [2, 1, 0], [0, 2, 1]] {
        let (sl, dl) = permuted([3, 80, 300], perm, [false; 3]);
        sizes(sl, dl, 0, 0);
        sizes(sl, dl, 1, 2);
    }
    let (sl, dl) = permuted([70, 1100], [1, 0], [false, true]);
    sizes(sl, dl, 0, 0);
    sizes(sl, dl, 3, 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]

    #[test]
    fn random_transposes(r in 1usize..200, c in 1usize..200, flip in any::<[bool; 2]>(),
                         sskew in 0usize..65, dskew in 0usize..65) {
        let (sl, dl) = permuted([r, c], [1, 0], flip);
        both(sl, dl, sskew, dskew, 0);
    }
}

// The other plain 2-byte elements take the same blocks (bytes moved
// whole): `[u8; 2]`, and `half::f16` / `bf16` (finite values, compared
// with `==`), in a flipped NCHW -> NHWC and a streamed flipped transpose.
#[test]
fn other_two_byte_plain_elements() {
    let cases = [
        permuted([2, 64, 9, 9], [0, 2, 3, 1], [false, true, false, false]),
        permuted([3, 32, 4, 33], [0, 2, 3, 1], [false, false, true, false]),
    ];
    let (tl, tdl) = permuted([320, 192], [1, 0], [true, false]);
    let pair = |i: usize| [(i as u8).wrapping_mul(7), (i >> 8) as u8];
    for (sl, dl) in cases {
        check(pair, sl, dl, 3, 1, 0);
    }
    check(pair, tl, tdl, 0, 5, 0);
    #[cfg(feature = "half")]
    {
        let f = |i: usize| half::f16::from_bits((i as u16).wrapping_mul(7) & 0x3bff);
        let b = |i: usize| half::bf16::from_bits((i as u16).wrapping_mul(7) & 0x3f7f);
        for (sl, dl) in cases {
            check(f, sl, dl, 1, 2, 0);
            check(b, sl, dl, 2, 1, 0);
        }
        check(f, tl, tdl, 0, 0, 0);
        check(b, tl, tdl, 1, 0, 0);
    }
}

// Seams (transpose.rs `seam_pass`): destination rows whose runs continue
// one another (pixel after pixel of an NCHW -> NHWC copy, the 8-wide axes
// of a rank-5 permutation whose neighbouring rows are 8 apart) with the
// destination off a cache line, so that the line holding one row's tail
// and the next row's head is copied as a block of its own. Every skew of
// a line, each element size, at every level, streamed and not; and a
// partial destination window (rows of the window continue one another,
// the buffer around it must stay untouched).
#[test]
fn seams_between_rows() {
    let (nchw, nchw_d) = permuted([2, 64, 5, 7], [0, 2, 3, 1], [false; 4]);
    // 8^5 permutations: destination axes of steps 1 and 8 come from source
    // axes 3 and 4 apart; the source's unit axis lands 64 (delta 1) or 512
    // (delta 8) elements apart in the destination.
    let (p1, p1_d) = permuted([8; 5], [2, 3, 4, 0, 1], [false; 5]);
    let (p8, p8_d) = permuted([8; 5], [2, 4, 3, 0, 1], [false; 5]);
    for dskew in [1, 3, 4, 12, 15] {
        check(|i| i as f32, nchw, nchw_d, 0, dskew, 0);
        check(|i| i as f32, p1, p1_d, 5, dskew, 3);
        check(|i| i as f32, p8, p8_d, 0, dskew, 0);
        check(|i| i as u64, nchw, nchw_d, 1, dskew % 8, 0);
        check(|i| i as u16, p8, p8_d, 0, 2 * dskew, 0);
    }
    let (c64, c64_d) = permuted([1, 64, 9, 9], [0, 2, 3, 1], [false; 4]);
    for dskew in [1, 33, 63] {
        check(|i| i as u8, c64, c64_d, 2, dskew, 0);
    }
    // A flipped source axis (the source chain then walks it backwards).
    let (fl, fl_d) = permuted([2, 32, 6, 6], [0, 2, 3, 1], [false, false, true, false]);
    check(|i| i as f32, fl, fl_d, 0, 7, 0);
}

// Rows long enough (at least 32 blocks) that, when streamed, row tiles
// start at the source's line boundary (the first tile is the rows before
// it): the source at every skew of a line, the destination on and off a
// line (with and without seams, whose rows then also start there), 1-, 2-,
// 4- and 8-byte elements, rows a whole number of blocks or not; a 2-D transpose whose columns are whole lines
// apart in the source, flipped and not; a source whose runs do not share
// one offset within a line (columns 4 bytes apart: no shift).
#[test]
fn rows_from_the_source_line() {
    let (f, f_d) = permuted([1, 16, 24, 24], [0, 2, 3, 1], [false; 4]);
    let (d, d_d) = permuted([2, 8, 16, 17], [0, 2, 3, 1], [false; 4]);
    let (h, h_d) = permuted([1, 32, 32, 33], [0, 2, 3, 1], [false; 4]);
    let (b, b_d) = permuted([1, 64, 48, 48], [0, 2, 3, 1], [false; 4]);
    for (sskew, dskew) in [(0, 0), (1, 0), (5, 3), (12, 12), (15, 1)] {
        check(|i| i as f32, f, f_d, sskew, dskew, 1);
        check(|i| i as f64, d, d_d, sskew % 8, dskew % 8, 0);
        check(|i| i as u16, h, h_d, 2 * sskew, 2 * dskew, 0);
    }
    for (sskew, dskew) in [(3, 0), (60, 17)] {
        check(|i| i as u8, b, b_d, sskew, dskew, 0);
    }
    // k28d: 2-D transposes whose source columns are whole lines apart
    // (pitch 608 f32, 2176 u8) and whose rows are not a whole number of
    // blocks (600 f32, 2115 u8): for u8 the head block (rows 0..B) and the
    // ragged last tile's blocks (ending at the last row) overlap their
    // neighbour tiles, for f32 those rows go element by element; at every
    // source skew.
    let pitched = |r: usize, c: usize, p: isize| {
        let sl = Layout::new([r, c], [1, p], 0).unwrap();
        (sl, Layout::contiguous([r, c]))
    };
    let (g, g_d) = pitched(600, 16, 608);
    let (e, e_d) = pitched(2115, 64, 2176);
    for (sskew, dskew) in [(0, 0), (1, 0), (15, 15), (9, 4)] {
        check(|i| i as f32, g, g_d, sskew, dskew, 2);
    }
    for (sskew, dskew) in [(1, 0), (63, 63), (40, 0)] {
        check(|i| i as u8, e, e_d, sskew, dskew, 1);
    }
    // Review r-k28d: the overlapping head and tail blocks in column strips
    // (source columns 4160 bytes apart: the cases above, 2176 apart, take
    // square tiles), rows flipped and not; 128 columns, so that with the
    // destination off a line (seams at both ends) a strip of tiles remains
    // between the seams.
    let strip = Layout::new([2115, 128], [1, 4160], 0).unwrap();
    let flipped = Layout::new([2115, 128], [-1, 4160], 2114).unwrap();
    let strip_d = Layout::contiguous([2115, 128]);
    for (sskew, dskew) in [(5, 0), (37, 9)] {
        check(|i| i as u8, strip, strip_d, sskew, dskew, 1);
        check(|i| i as u8, flipped, strip_d, sskew, dskew, 1);
    }
    for flips in [[false, false], [true, false], [false, true]] {
        let (t, t_d) = permuted([16, 608], [1, 0], flips);
        check(|i| i as f32, t, t_d, 7, 2, 0);
        let (u, u_d) = permuted([16, 609], [1, 0], flips);
        check(|i| i as f32, u, u_d, 7, 2, 0);
    }
}

// Seams against the model over random NCHW -> NHWC layouts: channels a
// multiple of the block edge (the seam condition), the destination a
// window of a padded buffer (gaps after each pixel row and image: rows
// without a neighbour), flipped in its outer axes, the source flipped or
// broadcast (zero strides) in N / H, every skew of a line, a tail after
// the window, u8 / u16 / f32 / f64 / u128 / [u64; 4], every level, streaming forced on and
// off; `check` compares the whole destination buffer. (A broadcast H
// keeps the channel stride H·W: the source then has gaps.)
#[allow(clippy::too_many_arguments)]
fn seam_layouts(
    b: usize,
    [n, m, hx, w]: [usize; 4],
    [pad_h, pad_w]: [usize; 2],
    sflip: [bool; 4],
    dflip: [bool; 2],
    [bn, bh]: [bool; 2],
    gap: bool,
) -> (Layout<4>, Layout<4>) {
    let c = b * m;
    // Enough pixels that the channels lie more than a line apart in the
    // source (a transpose, see `is_transpose`), or few (rows of 1 to 15
    // pixels, fewer than a block) with a gap of a line after each channel.
    let h = if gap { hx } else { b / w + hx };
    let gap = if gap { b + 1 } else { 0 };
    // Source NCHW, logical axes [n, h, w, c].
    let sw = 1isize;
    let sh = if bh { 0 } else { w as isize };
    let sc = (h * w + gap) as isize;
    let sn = if bn { 0 } else { sc * c as isize };
    let mut sl = Layout::new([n, h, w, c], [sn, sh, sw, sc], 0).unwrap();
    for (a, &f) in sflip.iter().enumerate() {
        if f {
            sl = sl.flip(a).unwrap();
        }
    }
    // Destination NHWC inside a padded buffer.
    let (wp, hp) = (w + pad_w, h + pad_h);
    let dstr = [(hp * wp * c) as isize, (wp * c) as isize, c as isize, 1];
    let mut dl = Layout::new([n, h, w, c], dstr, 0).unwrap();
    for (a, &f) in dflip.iter().enumerate() {
        if f {
            dl = dl.flip(a).unwrap();
        }
    }
    (sl, dl)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]

    #[test]
    fn random_seams(
        ty in 0usize..6,
        shape in (1usize..3, 1usize..4, 1usize..5, 1usize..6).prop_map(|(a, b, c, d)| [a, b, c, d]),
        pads in any::<[bool; 2]>(),
        sflip in any::<[bool; 4]>(),
        dflip in any::<[bool; 2]>(),
        bcast in any::<[bool; 2]>(),
        gap in any::<bool>(),
        dskew in 0usize..64,
        sskew in 0usize..3,
        tail in 0usize..9,
    ) {
        let b = [64, 32, 16, 8, 4, 2][ty];
        let pads = pads.map(usize::from);
        let (sl, dl) = seam_layouts(b, shape, pads, sflip, dflip, bcast, gap);
        let dskew = dskew % b;
        match ty {
            0 => check(|i| i.wrapping_mul(7) as u8, sl, dl, sskew, dskew, tail),
            1 => check(|i| i.wrapping_mul(7) as u16, sl, dl, sskew, dskew, tail),
            2 => check(|i| i as f32, sl, dl, sskew, dskew, tail),
            3 => check(|i| i as f64, sl, dl, sskew, dskew, tail),
            // 16 bytes: plain, streamed, seams through the portable block;
            // 32 bytes: not plain (seams only under Miri).
            4 => check(|i| (i as u128) << 64 | i as u128, sl, dl, sskew, dskew, tail),
            _ => check(|i| [i as u64, !(i as u64), 7, i as u64], sl, dl, sskew, dskew, tail),
        }
    }
}

// Seams in high-rank permutations: axes of 2, 4 and 8 permuted at random
// (the destination's inner chain often a multiple of the block edge, the
// neighbouring rows `delta` apart in the source), source axes flipped, the
// destination at every skew of a line.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 16 }))]

    #[test]
    fn random_seam_permutations(
        ty in 0usize..4,
        dims in any::<[u8; 5]>(),
        perm in Just([0usize, 1, 2, 3, 4]).prop_shuffle(),
        flips in any::<[bool; 5]>(),
        dskew in 0usize..64,
    ) {
        let shape = dims.map(|d| [2, 4, 8][d as usize % 3]);
        let perm: [usize; 5] = perm;
        let (sl, dl) = permuted(shape, perm, flips);
        let b = [64, 32, 16, 8][ty];
        let dskew = dskew % b;
        match ty {
            0 => check(|i| i.wrapping_mul(7) as u8, sl, dl, 1, dskew, 2),
            1 => check(|i| i.wrapping_mul(7) as u16, sl, dl, 0, dskew, 1),
            2 => check(|i| i as f32, sl, dl, 2, dskew, 0),
            _ => check(|i| i as f64, sl, dl, 0, dskew, 3),
        }
    }
}

// Seams on rayon's pool: `par_rearrange` splits the copy into slabs of
// the plan's outer axis, each with its own chains, so the last row of a
// slab has no neighbour in it; no slab may write the next slab's head (a
// race, and outside its part). A 2-D f32 transpose and an NCHW -> NHWC u8
// copy above the parallel threshold, the destination off a line inside a
// larger buffer, every level, streaming on and off.
#[cfg(feature = "rayon")]
#[test]
fn parallel_seams() {
    fn go<T: Copy + PartialEq + core::fmt::Debug + Send + Sync>(
        sv: &StridedView<'_, T, 4>,
        fill: T,
        skews: &[usize],
    ) {
        let want = sv.to_vec();
        let dl = Layout::contiguous(sv.layout().shape());
        let n = dl.numel();
        for (level, stream) in model::kernel_settings() {
            force_level(Some(level));
            force_streaming(stream);
            for &skew in skews {
                let mut buf = vec![fill; skew + n + 5];
                let mut dv = StridedViewMut::new(&mut buf[skew..skew + n], dl).unwrap();
                constrided::kernel::par_rearrange(&mut dv, sv).unwrap();
                assert_eq!(dv.to_vec(), want, "{level:?} {stream:?} skew {skew}");
                assert!(
                    buf[..skew]
                        .iter()
                        .chain(&buf[skew + n..])
                        .all(|e| *e == fill),
                    "{level:?} {stream:?} skew {skew}: outside the view written"
                );
            }
        }
        force_level(None);
        force_streaming(None);
    }
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // [1, 1, 288, 256] <- its transpose (rows continue one another).
    let src: Vec<f32> = (0..288 * 256).map(|i| i as f32).collect();
    let sl = Layout::contiguous([1, 1, 256, 288])
        .permute([0, 1, 3, 2])
        .unwrap();
    go(&StridedView::new(&src, sl).unwrap(), -1.0, &[0, 3, 13]);
    let src: Vec<u8> = (0..64 * 33 * 33).map(|i| (i * 7) as u8).collect();
    let sl = Layout::contiguous([1, 64, 33, 33])
        .permute([0, 2, 3, 1])
        .unwrap();
    go(&StridedView::new(&src, sl).unwrap(), 0xff, &[1, 40]);
}

// Review r-k28c: seams whose neighbour axis is not the source's unit one
// (delta = A > 1 rows apart) and whose digit joins the next pixel axis's
// (the destination's Q step P·C: merged) or not (a pad after each P row);
// pixel rows long enough (A·P·Q at least 32 blocks, often) that streamed
// row tiles start at the source's line boundary; runs that end shorter
// than a block (the overlap block) at every tile offset. Logical axes
// [a, q, p, c]: source a innermost, then p, q, c (a gap after each
// channel); destination c innermost, then p, q, a (pads), axes flipped in
// either. Every skew of both buffers within a line, every level, streaming
// forced on and off.
#[allow(clippy::too_many_arguments)]
fn k28c_layouts(
    b: usize,
    [a, q, p, m]: [usize; 4],
    [pad_q, pad_a, sgap]: [usize; 3],
    sflip: [bool; 4],
    dflip: [bool; 4],
) -> (Layout<4>, Layout<4>) {
    let c = b * m;
    let (ai, pi, qi) = (a as isize, p as isize, q as isize);
    // Enough source elements per channel that the channels lie more than
    // a line apart (a transpose); without a gap, whole lines (every source
    // run then starts at one offset within a line: row tiles from the
    // source's line boundary).
    let sc = match sgap {
        0 => (a * p * q).div_ceil(b) * b + b,
        g => a * p * q + g + b,
    } as isize;
    let mut sl = Layout::new([a, q, p, c], [1, ai * pi, ai, sc], 0).unwrap();
    let dq = pi * c as isize + pad_q as isize;
    let da = qi * dq + pad_a as isize;
    let mut dl = Layout::new([a, q, p, c], [da, dq, c as isize, 1], 0).unwrap();
    for k in 0..4 {
        if sflip[k] {
            sl = sl.flip(k).unwrap();
        }
        if dflip[k] && k != 3 {
            dl = dl.flip(k).unwrap();
        }
    }
    (sl, dl)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 32 }))]

    #[test]
    fn k28c_seams_of_chained_rows(
        ty in 0usize..6,
        a in 1usize..4,
        q in 1usize..13,
        px in 0usize..100,
        m in 1usize..5,
        pads in (0usize..3, 0usize..3, 0usize..3),
        sflip in any::<[bool; 4]>(),
        dflip in any::<[bool; 4]>(),
        sskew in 0usize..64,
        dskew in 0usize..64,
        tail in 0usize..3,
    ) {
        let b = [64, 32, 16, 8, 4, 2][ty];
        // Channels of 4 blocks end the columns' chain (then P is a rows
        // axis, a delta of A rows); fewer let P join the columns when
        // A > 1. Pixel rows up to 40 blocks long for the wide elements,
        // fewer for the narrow ones (whose blocks are many elements).
        let m = if b >= 32 && m != 4 { 1 } else { m };
        let p = 1 + px % (if b >= 32 { 64 / m } else { 10 * b / a });
        let q = if b == 64 { q.min(4) } else { q };
        // Mostly no pads (the digits merge and the source flips are rare):
        // a pad of 1 or 2 only for value 2.
        let pads = [pads.0 / 2 * pads.0, pads.1 / 2, pads.2];
        let sflip = sflip.map(|f| f && sskew % 3 == 0);
        let dflip = dflip.map(|f| f && dskew % 3 == 0);
        let (sl, dl) = k28c_layouts(b, [a, q, p, m], pads, sflip, dflip);
        let (sskew, dskew) = (sskew % b, dskew % b);
        match ty {
            0 => check(|i| i.wrapping_mul(7) as u8, sl, dl, sskew, dskew, tail),
            1 => check(|i| i.wrapping_mul(7) as u16, sl, dl, sskew, dskew, tail),
            2 => check(|i| i as f32, sl, dl, sskew, dskew, tail),
            3 => check(|i| i as f64, sl, dl, sskew, dskew, tail),
            4 => check(|i| (i as u128) << 64 | i as u128, sl, dl, sskew, dskew, tail),
            _ => check(|i| [i as u64, !(i as u64), 7, i as u64], sl, dl, sskew, dskew, tail),
        }
    }
}

// Review r-k28c: P rows of B - 1, B, B + 1 and 2B - 1 pixels (a run of
// neighbours shorter than, equal to and just over a block before each
// row's last pixel, padded or joined with Q), neighbours 1 and 2 rows
// apart, the destination off a line; f32 and f64.
#[test]
fn k28c_seam_rows_around_a_block() {
    for b in [16usize, 8] {
        for p in [b - 1, b, b + 1, 2 * b - 1] {
            for (a, m) in [(1, 1), (2, 4)] {
                for pad in [0, 2] {
                    let (sl, dl) =
                        k28c_layouts(b, [a, 3, p, m], [pad, 0, 0], [false; 4], [false; 4]);
                    if b == 16 {
                        check(|i| i as f32, sl, dl, 3, 5, 1);
                    } else {
                        check(|i| i as f64, sl, dl, 1, 3, 1);
                    }
                }
            }
        }
    }
}
