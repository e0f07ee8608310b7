//! Review r-k29e: the layouts that k29e moved from column strips to square
//! tiles with `Ahead` hints (streamed 4-byte copies whose columns are
//! 4-64 KiB apart in the source; transpose.rs `strips`,
//! `AHEAD_MAX_COLUMN_BYTES`), and the square path's hints of the next
//! tile (next column tile, next row tile, first tile at the next outer
//! position: a guess past either end of the source when the outer axis
//! runs forwards or backwards, or no step at all when it broadcasts),
//! against the brute-force model at every level, streaming forced on and
//! off. Destination rows are whole lines (16 four-byte elements) so that
//! the streamed paths are the ones taken; the pitches sit on both sides of
//! the 4 KiB and 64 KiB bounds; skews give peels, seams and `rpeel` rows.

use super::model;

use super::SWITCHES;
use constrided::kernel::{force_level, force_streaming, rearrange};
use constrided::{Layout, StridedView, StridedViewMut};
use model::positions;
use proptest::prelude::*;

// Copies `sl` (a view `sskew` elements into a buffer `tail` elements
// longer than its reach) into `dl` (likewise `dskew`, `tail`) under every
// setting, each element type by its index, and checks the whole
// destination buffer against the model.
fn check<T, const N: usize>(
    make: impl Fn(usize) -> T,
    sl: Layout<N>,
    dl: Layout<N>,
    (sskew, dskew, tail): (usize, usize, usize),
) where
    T: Copy + PartialEq + core::fmt::Debug,
{
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let shape = sl.shape();
    let (sn, dn) = (sl.required_len(), dl.required_len());
    let src: Vec<T> = (0..sn + sskew + tail).map(&make).collect();
    let fill = make(usize::MAX / 3);
    let mut want = vec![fill; dn + dskew + tail];
    let sp = positions(shape, sl.strides(), sl.offset());
    let dp = positions(shape, dl.strides(), dl.offset());
    for (d, s) in dp.iter().zip(&sp) {
        want[dskew + *d as usize] = src[sskew + *s as usize];
    }
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        let mut dst = vec![fill; dn + dskew + tail];
        let sv = StridedView::new(&src[sskew..sskew + sn], sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst[dskew..dskew + dn], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        let bad = dst.iter().zip(&want).position(|(a, b)| a != b);
        assert!(
            bad.is_none(),
            "{level:?} stream {stream:?} {sl:?} -> {dl:?} skews {sskew} {dskew}: first wrong at {bad:?}"
        );
    }
    force_level(None);
    force_streaming(None);
}

fn u32s<const N: usize>(sl: Layout<N>, dl: Layout<N>, skews: (usize, usize, usize)) {
    check(|i| (i as u32).wrapping_mul(2_654_435_761), sl, dl, skews);
}

// An `n x c x r` window read as `(0, 2, 1)`: `r` columns `pitch`
// elements apart in the source (`pitch · 4` bytes for 4-byte elements),
// each a run of `c` rows, `n` outer positions `r · pitch` apart (with
// `n == 1` the plan has no other axes); optionally flipped.
fn window(n: usize, r: usize, c: usize, pitch: usize, flips: [bool; 3]) -> Layout<3> {
    let strides = [(r * pitch) as isize, 1, pitch as isize];
    let mut sl = Layout::new([n, c, r], strides, 0).unwrap();
    for (a, &f) in flips.iter().enumerate() {
        if f {
            sl = sl.flip(a).unwrap();
        }
    }
    sl
}

#[test]
fn strips_turned_square_around_the_pitch_bounds() {
    // Pitches: 4 KiB (the least that took strips), past it, just under
    // 64 KiB (the most that now takes square tiles) and 64 KiB (strips
    // still). Rows of 32 elements (whole destination lines), columns of
    // 300 (longer than a tile: strips before k29e), ragged.
    for pitch in [1024, 1040, 16383, 16384] {
        // Source and destination on a line, or off one (rpeel, peel).
        for (n, flips, skews) in [
            (1, [false; 3], (0, 0, 5)),
            (2, [true, false, false], (3, 7, 2)),
            (1, [false, true, true], (1, 15, 0)),
        ] {
            let sl = window(n, 32, 300, pitch, flips);
            u32s(sl, Layout::contiguous(sl.shape()), skews);
        }
    }
    // The other element sizes keep strips there: unchanged results.
    let sl = window(2, 32, 300, 1040, [false, true, false]);
    let dl = Layout::contiguous(sl.shape());
    check(|i| i as u8, sl, dl, (1, 2, 3));
    check(|i| i as u16, sl, dl, (1, 2, 3));
    check(|i| i as u64, sl, dl, (1, 2, 3));
    check(|i| i as u128 * 0x1_0000_0001, sl, dl, (1, 2, 3));
}

#[test]
fn square_tiles_over_several_column_tiles_and_outer_positions() {
    // 272 columns: a whole tile of 256 and a ragged one of 16; 3 outer
    // positions whose next-position guess runs past the source's end
    // (forwards) or before its start (the outer axis flipped).
    for flips in [[false; 3], [true, false, false], [true, true, true]] {
        let sl = window(3, 272, 40, 1024, flips);
        let dl = Layout::contiguous(sl.shape());
        u32s(sl, dl, (0, 0, 0));
        u32s(sl, dl, (5, 1, 0));
    }
}

#[test]
fn square_tiles_from_a_window_and_a_broadcast() {
    // The source a 48 x 1030 window (read transposed) of a buffer whose
    // columns are 1100 elements apart, the destination a window of rows
    // 16 elements longer than the copy.
    let sl = Layout::new([1030, 48], [1, 1100], 7).unwrap();
    let dl = Layout::new([1030, 48], [64, 1], 16).unwrap();
    u32s(sl, dl, (0, 0, 9));
    u32s(sl.flip(0).unwrap(), dl, (1, 3, 0));
    // An outer axis that broadcasts the source (step 0: the next outer
    // position is this one).
    let sl = Layout::new([3, 1024, 32], [0, 1, 1024], 0).unwrap();
    let dl = Layout::contiguous(sl.shape());
    u32s(sl, dl, (0, 0, 0));
    u32s(sl, dl, (2, 5, 1));
}

#[test]
fn nchw_to_nhwc_f32_pixels_4_kib_apart() {
    // 32 x 32 pixels: channels 4 KiB apart in the source, pixel rows of
    // 1024 (the seams of a destination off a line, rpeel rows of a source
    // off one).
    for c in [16, 32] {
        let sl = Layout::contiguous([1, c, 32, 32])
            .permute([0, 2, 3, 1])
            .unwrap();
        let dl = Layout::contiguous(sl.shape());
        u32s(sl, dl, (0, 0, 0));
        u32s(sl, dl, (4, 13, 3));
        u32s(sl.flip(1).unwrap(), dl, (0, 5, 0));
    }
}

#[test]
fn square_tiles_into_split_halves_while_the_sibling_is_written() {
    // The destination one half of a split_at_mut buffer, the source the
    // matching half of another while a thread writes its sibling: the
    // hinted tiles read and write only their own halves.
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let sl = window(2, 32, 300, 1024, [true, false, false]);
    let dl = Layout::contiguous(sl.shape());
    let (sn, dn) = (sl.required_len(), dl.required_len());
    let want: Vec<u32> = (0..sl.numel() as u32)
        .map(|i| {
            let (o, rest) = (i as usize / (300 * 32), i as usize % (300 * 32));
            let (row, col) = (rest / 32, rest % 32);
            let p = (1 - o) * 32 * 1024 + col * 1024 + row;
            p as u32 + 1
        })
        .collect();
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        for left in [true, false] {
            let mut sbuf = vec![0u32; 2 * sn];
            let mut dbuf = vec![0u32; 2 * dn];
            let (sa, sb) = sbuf.split_at_mut(sn);
            let (da, db) = dbuf.split_at_mut(dn);
            let ((smine, ssib), (dmine, dsib)) = if left {
                ((sa, sb), (da, db))
            } else {
                ((sb, sa), (db, da))
            };
            for (i, e) in smine.iter_mut().enumerate() {
                *e = i as u32 + 1;
            }
            std::thread::scope(|s| {
                s.spawn(|| {
                    ssib.iter_mut().for_each(|e| *e = u32::MAX);
                    dsib.iter_mut().for_each(|e| *e = u32::MAX);
                });
                let sv = StridedView::new(&*smine, sl).unwrap();
                let mut dv = StridedViewMut::new(&mut *dmine, dl).unwrap();
                rearrange(&mut dv, &sv).unwrap();
            });
            assert!(dmine == &want[..], "{level:?} {stream:?} left {left}");
            assert!(dsib.iter().chain(&*ssib).all(|&e| e == u32::MAX));
        }
    }
    force_level(None);
    force_streaming(None);
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_slabs_of_the_square_layouts() {
    use constrided::kernel::par_rearrange;
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for flips in [[false; 3], [true, false, true]] {
        let sl = window(4, 32, 600, 1024, flips);
        let dl = Layout::contiguous(sl.shape());
        let src: Vec<u32> = (0..sl.required_len() as u32).collect();
        let mut want = vec![0u32; dl.required_len()];
        let sp = positions(sl.shape(), sl.strides(), sl.offset());
        let dp = positions(sl.shape(), dl.strides(), dl.offset());
        for (d, s) in dp.iter().zip(&sp) {
            want[*d as usize] = src[*s as usize];
        }
        for (level, stream) in model::kernel_settings() {
            force_level(Some(level));
            force_streaming(stream);
            let mut dst = vec![0u32; dl.required_len()];
            let sv = StridedView::new(&src[..], sl).unwrap();
            let mut dv = StridedViewMut::new(&mut dst[..], dl).unwrap();
            par_rearrange(&mut dv, &sv).unwrap();
            assert!(dst == want, "{level:?} {stream:?} {sl:?}");
        }
    }
    force_level(None);
    force_streaming(None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    // Random pitches across the 4-64 KiB band (and a little either side),
    // destination rows of whole lines, 1-2 outer positions, flips and
    // skews, the source a window of a wider buffer.
    #[test]
    fn square_tiles_across_the_band(
        pitch in prop_oneof![1000usize..1100, 16300usize..16400],
        c in 1usize..300,
        rb in 1usize..4,
        n in 1usize..3,
        flips in any::<[bool; 3]>(),
        sskew in 0usize..16,
        dskew in 0usize..16,
    ) {
        let sl = window(n, 16 * rb, c, pitch, flips);
        let dl = Layout::contiguous(sl.shape());
        u32s(sl, dl, (sskew, dskew, 1));
    }
}
