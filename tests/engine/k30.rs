//! k30: seams across the outer walk (transpose.rs `seam_pass` with
//! `next` / `prev`, `mixed_seam_block`). When the destination axis after a
//! seam axis is the innermost *outer* axis of the plan (the rank-8 8^8
//! permutation [3, 7, 1, 5, 0, 6, 2, 4]: rows [i1, i5], seam axis i5 of
//! delta 8, then i4 outside every chain), the rows of the seam's last
//! digit pair with the head rows of that axis' next position: their lines
//! are seam blocks (staged through the stack where a block of B rows mixes
//! both kinds of neighbour), and only the first position writes the heads
//! of digit 0. Checked against the brute-force model at every kernel level,
//! streaming forced on and off, with the destination at every kind of
//! offset within a line (peels of every width), 1-, 2-, 4- and 8-byte
//! elements; a partial destination window must leave the rest untouched.

use super::avx512_blocks::check;
use constrided::Layout;
use proptest::prelude::*;

// The rank-8 permutation [3, 7, 1, 5, 0, 6, 2, 4] with destination axis
// sizes `d` (the source is contiguous, permuted): source axis perm[j] has
// destination axis j's size.
fn rank8(d: [usize; 8]) -> (Layout<8>, Layout<8>) {
    let perm = [3, 7, 1, 5, 0, 6, 2, 4];
    let mut s = [0; 8];
    for (j, &p) in perm.iter().enumerate() {
        s[p] = d[j];
    }
    let sl = Layout::contiguous(s).permute(perm).unwrap();
    assert_eq!(sl.shape(), d);
    (sl, Layout::contiguous(d))
}

// The exact permutation of `bench_report`'s rank-8 case, f32: chains of
// 8-wide axes (columns [i7, i6], rows [i1, i5] of 64), the outer axis i4
// after the seam axis; fewer outer positions in debug builds (8^8 in
// release would be a 64 MiB model). Every destination skew within a line.
#[test]
fn rank8_permutation_seams_across_the_outer_walk() {
    let d = if cfg!(debug_assertions) {
        [1, 8, 1, 2, 3, 8, 8, 8]
    } else {
        [2, 8, 2, 8, 8, 8, 8, 8]
    };
    let (sl, dl) = rank8(d);
    for dskew in [0, 1, 4, 12, 15] {
        check(|i| i as f32, sl, dl, 3, dskew, 2);
    }
    // The other element sizes with the same shape of problem: the row
    // chain's seam axis of delta 8 followed by i4 (for 1- and 2-byte
    // elements the column chain is wider, B / 2 on i6).
    let (u, u_d) = rank8([1, 8, 1, 1, 3, 32, 32, 8]);
    check(|i| i as u8, u, u_d, 1, 17, 0);
    let (h, h_d) = rank8([1, 8, 1, 1, 3, 16, 16, 8]);
    check(|i| i as u16, h, h_d, 0, 9, 1);
    let (w, w_d) = rank8([1, 8, 1, 2, 3, 4, 4, 8]);
    for dskew in [1, 5] {
        check(|i| i as u64, w, w_d, 2, dskew, 0);
    }
}

// A family with the same shape of problem: destination axes [a, o, k, c]
// (contiguous), source steps a: 1, k: A (so the rows chain is [a, k], the
// seam axis k of delta A and K digits), then c and o (and an outermost e)
// in `order`; o is then the innermost outer axis and steps the destination
// by K rows of k. `flips` walks source axes backwards.
#[allow(clippy::too_many_arguments)]
fn family(
    e: usize,
    a: usize,
    o: usize,
    k: usize,
    c: usize,
    order: [usize; 3],
    flips: [bool; 5],
) -> (Layout<5>, Layout<5>) {
    // Source strides: a innermost, then k, then c, o, e in `order`.
    let sizes = [c, o, e];
    let mut st = [0isize; 5]; // [e, a, o, k, c]
    st[1] = 1;
    st[3] = a as isize;
    let mut next = (a * k) as isize;
    for &w in &order {
        let axis = [4, 2, 0][w];
        st[axis] = next;
        next *= sizes[w] as isize;
    }
    let shape = [e, a, o, k, c];
    let mut sl = Layout::new(shape, st, 0).unwrap();
    for (x, &f) in flips.iter().enumerate() {
        if f {
            sl = sl.flip(x).unwrap();
        }
    }
    (sl, Layout::contiguous(shape))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 32 }))]

    // Random deltas (below, at and above a block's rows), digit counts,
    // outer sizes, column chains of 4 blocks (so that the columns stop at
    // c: one axis), source orders and flips, both skews; f32 and f64.
    #[test]
    fn seam_axis_followed_by_an_outer_axis(
        a in 1usize..=20, o in 1usize..=3, k in 2usize..=4, e in 1usize..=2,
        order in Just([0usize, 1, 2]).prop_shuffle(),
        flips in any::<[bool; 5]>(), sskew in 0usize..16, dskew in 0usize..16,
    ) {
        let order = [order[0], order[1], order[2]];
        let (sl, dl) = family(e, a, o, k, 64, order, flips);
        check(|i| i as f32, sl, dl, sskew, dskew, 1);
        let (sl, dl) = family(e, a.min(12), o, k, 32, order, flips);
        check(|i| i as f64, sl, dl, sskew % 8, dskew % 8, 0);
    }
}

// 1- and 2-byte elements of the family (blocks of 64 and 32 rows), deltas
// below and above them.
#[test]
fn seam_family_bytes_and_halves() {
    for (a, k) in [(24, 3), (64, 2), (40, 2)] {
        let (sl, dl) = family(1, a, 2, k, 256, [0, 1, 2], [false; 5]);
        check(|i| i as u8, sl, dl, 5, 33, 1);
    }
    for (a, k) in [(8, 4), (48, 2)] {
        let (sl, dl) = family(
            1,
            a,
            3,
            k,
            128,
            [1, 0, 2],
            [false, false, true, false, false],
        );
        check(|i| i as u16, sl, dl, 0, 7, 0);
    }
}

// A destination window inside a larger buffer whose rows continue one
// another only inside the window: the buffer around it stays untouched
// (`check` compares the whole buffer, here with a gap of 64 elements
// between outer positions, which then no longer continue the seam axis).
#[test]
fn seam_window_with_gaps_between_outer_positions() {
    let (sl, _) = family(1, 8, 3, 4, 64, [0, 1, 2], [false; 5]);
    // Destination [e, a, o, k, c] with o stepping K·C + 64 (not K·C).
    let dl = Layout::new([1, 8, 3, 4, 64], [0, 3 * 320, 320, 64, 1], 0).unwrap();
    check(|i| i as f32, sl, dl, 0, 5, 3);
}
