//! Property tests of every copy path against the brute-force model: each
//! element size class (1, 2, 4, 8, 16 bytes, byte arrays, a padded type),
//! each instruction-set level including the portable one forced on,
//! streaming stores forced on and off, buffers at every alignment
//! (line-boundary peeling), chains of small axes, flips and broadcasts.
//! The level and streaming switches are process-wide, so the tests of this
//! file take a lock.

use super::model;

use constrided::kernel::{force_level, force_streaming, rearrange};
use constrided::{Layout, StridedView, StridedViewMut};
use model::positions;
use proptest::prelude::*;
use std::sync::Mutex;

static SWITCHES: Mutex<()> = Mutex::new(());

// The full skew lists of `large_transposes_at_every_alignment`: in release
// builds, and in debug builds when CONSTRIDED_FULL_TESTS is set (CI's
// `cargo test --all-features` step sets it). The default debug run takes the
// first (aligned) and the last (the longest peel) skew of each list at the
// same sizes, so every path still runs (whole blocks, peels, tiles, streamed
// lines): the full lists were 4.8 s of its budget (tests/README.md).
fn full() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("CONSTRIDED_FULL_TESTS").is_some()
}

// `all` when `full()`, else its first and last entries.
fn skews(all: &[usize]) -> Vec<usize> {
    if full() || all.len() <= 2 {
        all.to_vec()
    } else {
        vec![all[0], all[all.len() - 1]]
    }
}

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 })
}

// Copies layout `sl` of a buffer skewed by `sskew` elements into `dl` of a
// buffer skewed by `dskew`, under every level and streaming setting, and
// checks every destination element (and that nothing else was written).
fn check<T, const N: usize>(
    make: impl Fn(usize) -> T,
    sl: Layout<N>,
    dl: Layout<N>,
    sskew: usize,
    dskew: usize,
) where
    T: Copy + PartialEq + core::fmt::Debug,
{
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let shape = sl.shape();
    let src: Vec<T> = (0..sl.required_len() + sskew).map(&make).collect();
    let sp = positions(shape, sl.strides(), sl.offset());
    let dp = positions(shape, dl.strides(), dl.offset());
    let fill = make(usize::MAX / 2);
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        let mut dst = vec![fill; dl.required_len() + dskew];
        let sv = StridedView::new(&src[sskew..], sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst[dskew..], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        let mut want = vec![fill; dl.required_len() + dskew];
        for (d, s) in dp.iter().zip(&sp) {
            want[dskew + *d as usize] = src[sskew + *s as usize];
        }
        assert_eq!(dst, want, "{level:?} stream {stream:?} {sl:?} -> {dl:?}");
    }
    force_level(None);
    force_streaming(None);
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Padded(u8, u32, u8);

fn all_types<const N: usize>(sl: Layout<N>, dl: Layout<N>, sskew: usize, dskew: usize) {
    check(|i| i as u8, sl, dl, sskew, dskew);
    check(|i| i as u16, sl, dl, sskew, dskew);
    check(|i| i as f32, sl, dl, sskew, dskew);
    check(|i| i as u64, sl, dl, sskew, dskew);
    check(|i| i as u128, sl, dl, sskew, dskew);
    check(|i| (i as u32).to_le_bytes(), sl, dl, sskew, dskew);
    check(|i| (i as u16, i as u8), sl, dl, sskew, dskew);
    check(|i| Padded(i as u8, i as u32, 1), sl, dl, sskew, dskew);
}

// A permutation with optional flips of a contiguous source of `shape`, and
// a contiguous destination of the permuted shape.
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

fn perm_strategy<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    Just((0..N).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(|v| core::array::from_fn(|i| v[i]))
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn transposes_2d(r in 1usize..150, c in 1usize..150, flip in any::<[bool; 2]>(),
                     sskew in 0usize..17, dskew in 0usize..17) {
        let (sl, dl) = permuted([r, c], [1, 0], flip);
        all_types(sl, dl, sskew, dskew);
    }

    #[test]
    fn permutations_3d(shape in proptest::array::uniform3(1usize..40),
                       perm in perm_strategy::<3>(), flip in any::<[bool; 3]>(),
                       sskew in 0usize..9, dskew in 0usize..9) {
        let (sl, dl) = permuted(shape, perm, flip);
        all_types(sl, dl, sskew, dskew);
    }

    #[test]
    fn chains_of_small_axes(shape in proptest::array::uniform6(1usize..6),
                            perm in perm_strategy::<6>(), sskew in 0usize..9, dskew in 0usize..9) {
        let (sl, dl) = permuted(shape, perm, [false; 6]);
        all_types(sl, dl, sskew, dskew);
    }

    #[test]
    fn nchw_to_nhwc(n in 1usize..3, c in 1usize..80, h in 1usize..12, w in 1usize..12,
                    sskew in 0usize..9, dskew in 0usize..9) {
        let (sl, dl) = permuted([n, c, h, w], [0, 2, 3, 1], [false; 4]);
        all_types(sl, dl, sskew, dskew);
    }

    #[test]
    fn runs_steps_and_broadcasts(n in 1usize..300, step in 0isize..4, rows in 1usize..4,
                                 sskew in 0usize..17, dskew in 0usize..17) {
        let sl = Layout::new([rows, n], [(n as isize) * step.max(1), step], 0).unwrap();
        all_types(sl, Layout::contiguous([rows, n]), sskew, dskew);
        let rev = Layout::contiguous([rows, n]).flip(1).unwrap();
        all_types(rev, Layout::contiguous([rows, n]), sskew, dskew);
    }
}

#[test]
fn large_transposes_at_every_alignment() {
    // Whole blocks, tiles and peels: 300 x 260 at several skews.
    for skew in skews(&[0, 1, 3, 8, 15]) {
        let (sl, dl) = permuted([300, 260], [1, 0], [false, false]);
        check(|i| i as u8, sl, dl, skew, 16 - skew);
        check(|i| i as u16, sl, dl, skew, skew);
        check(|i| i as f32, sl, dl, skew, 2 * skew);
        check(|i| i as f64, sl, dl, 0, skew);
    }
    // Destination rows a whole number of lines long (192 x 320: 320 u8 =
    // 5 lines, 320 u16 = 10), so that the register blocks stream their
    // stores when streaming is forced on (every block line written whole;
    // the skews give peeled first columns), with ragged tiles and edges;
    // a flipped source too.
    for skew in skews(&[0, 1, 7, 32]) {
        for flips in [[false, false], [true, false]] {
            let (sl, dl) = permuted([320, 192], [1, 0], flips);
            check(|i| i as u8, sl, dl, skew, 64 - skew);
            check(|i| i as u16, sl, dl, skew, 2 * skew);
        }
    }
    // A long contiguous run, streamed with a peel and a tail.
    for skew in skews(&[0, 1, 5, 12]) {
        let l = Layout::contiguous([5000]);
        check(|i| i as f32, l, l, skew, 3 * skew);
        check(|i| i as u8, l, l, skew, skew + 1);
    }
}

#[test]
fn column_strips_of_far_apart_columns() {
    // (2, 1, 0) and (1, 2, 0) permutations whose destination columns lie
    // 64 KiB or more apart in the source (the strip order of the transpose
    // engine: narrow column strips outermost, the other axis inside), with
    // flips, skews (peels) and ragged strips (40 = 32 + 8 f32 columns):
    // f32 columns 127 x 130 elements apart, f64 64 x 130.
    for (perm, flips) in [
        ([2, 1, 0], [false, false, false]),
        ([1, 2, 0], [false, false, false]),
        ([2, 1, 0], [true, false, true]),
        ([1, 2, 0], [true, true, false]),
    ] {
        // Both skews (aligned and peeled) for the first, a peel for the rest.
        let skews: &[usize] = if flips == [false; 3] && perm == [2, 1, 0] {
            &[0, 3]
        } else {
            &[3]
        };
        for &skew in skews {
            let (sl, dl) = permuted([40, 127, 130], perm, flips);
            check(|i| i as f32, sl, dl, skew, 2 * skew);
            let (sl, dl) = permuted([36, 64, 130], perm, flips);
            check(|i| i as f64, sl, dl, skew, skew);
        }
    }
    // A (1, 2, 0) permutation is a 2-D transpose with rows longer than a
    // tile (strips run down the rows tile by tile): u8 and u16 columns
    // 64 KiB or more apart, ragged strips. (One skew: these are large.)
    {
        let skew = 5;
        let (sl, dl) = permuted([33, 257, 256], [1, 2, 0], [false; 3]);
        check(|i| i as u8, sl, dl, skew, skew + 1);
        let (sl, dl) = permuted([40, 130, 256], [1, 2, 0], [false; 3]);
        check(|i| i as u16, sl, dl, skew, 2 * skew);
    }
    // NCHW -> NHWC with H·W longer than a tile and channels 4 KiB or more
    // apart: strips down the rows at each outer (N) position.
    {
        let skew = 3;
        let (sl, dl) = permuted([2, 20, 40, 41], [0, 2, 3, 1], [false; 4]);
        check(|i| i as f32, sl, dl, skew, skew + 1);
        check(|i| i as u64, sl, dl, skew, skew);
        let (sl, dl) = permuted([2, 70, 65, 66], [0, 2, 3, 1], [false, false, true, false]);
        check(|i| i as u8, sl, dl, skew, 2 * skew);
    }
}
