//! Copies whose destination runs continue one another while the source
//! jumps (a 256³ (1, 0, 2) permutation, a column slice's `to_owned`):
//! when the copy streams, the runs of the chain axis are written as one
//! destination stream, lines shared by two runs gathered on the stack
//! (`simd::stream_gather`). Checked against the brute-force model at every
//! kernel level, streaming forced on and off, with runs at and around the
//! path's bounds (256 bytes up to 16 KiB), run lengths that are and are
//! not whole lines, every skew of both buffers within a line, flipped and
//! broadcast (stride 0) chain axes in the source, an outer axis around the
//! chain, 1-, 2-, 4- and 8-byte elements; nothing outside the destination
//! view may be written (`check` compares the whole buffer).

use super::avx512_blocks::check;
use constrided::Layout;

// The (1, 0, 2) permutation of a contiguous [a, b, c] source: destination
// [b, a, c] contiguous, runs of c elements, chains of a runs.
fn swap01(a: usize, b: usize, c: usize) -> (Layout<3>, Layout<3>) {
    let sl = Layout::contiguous([a, b, c]).permute([1, 0, 2]).unwrap();
    (sl, Layout::contiguous([b, a, c]))
}

#[test]
fn permutation_102_every_run_length_and_skew() {
    // Runs in bytes: the path's lower bound (256) and around it, odd
    // lengths (lines shared by two runs at every position), 1 KiB (the
    // benchmarked case), and just under the per-run streaming bound.
    for &(run_bytes, chain) in &[
        (256usize, 64usize),
        (260, 70),
        (1024, 17),
        (1036, 20),
        (16380, 2),
    ] {
        let c = run_bytes / 4;
        let (sl, dl) = swap01(chain, 2, c);
        for (sskew, dskew) in [(0, 0), (1, 0), (0, 1), (3, 13), (15, 15)] {
            check(|i| i as f32, sl, dl, sskew, dskew, 3);
        }
    }
    // Other element sizes: runs of 300 bytes of u8 (lines shared by two or
    // three runs' worth of offsets), 514 bytes of u16, 2056 of u64.
    let (sl, dl) = swap01(60, 2, 300);
    for dskew in [0, 1, 31, 63] {
        check(|i| i as u8, sl, dl, 7, dskew, 5);
    }
    let (sl, dl) = swap01(40, 2, 257);
    for dskew in [0, 5, 31] {
        check(|i| i as u16, sl, dl, 1, dskew, 2);
    }
    let (sl, dl) = swap01(9, 3, 257);
    for dskew in [0, 1, 7] {
        check(|i| i as u64, sl, dl, 2, dskew, 1);
    }
}

#[test]
fn column_slices_flips_and_broadcast_chains() {
    // A column window of a wider buffer into a contiguous destination
    // (`to_owned` of a slice): rows 4 KiB apart, so the hints are on.
    let sl = Layout::new([40, 300], [1024, 1], 9).unwrap();
    let dl = Layout::contiguous([40, 300]);
    check(|i| i as f32, sl, dl, 0, 1, 0);
    // The chain axis flipped in the source: runs read backwards in order,
    // each run forwards.
    let sl = sl.flip(0).unwrap();
    check(|i| i as f32, sl, dl, 2, 0, 4);
    // A broadcast chain axis: every run reads the same source run.
    let sl = Layout::new([50, 100], [0, 1], 3).unwrap();
    let dl = Layout::contiguous([50, 100]);
    check(|i| i as f32, sl, dl, 0, 9, 0);
    // An outer axis around the chain whose destination step leaves a gap
    // (nothing in the gap may be written) and a partial destination view.
    let src = Layout::new([3, 30, 70], [21_000, 700, 1], 5).unwrap();
    let dst = Layout::new([3, 30, 70], [2_200, 70, 1], 11).unwrap();
    check(|i| i as u32, src, dst, 0, 3, 8);
}
