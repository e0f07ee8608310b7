//! k30: seams across the outer walk (transpose.rs `seam_pass` with
//! `next` / `prev`, `mixed_seam_block`): the destination axis after the
//! seam axis is the innermost outer axis of the plan, so the rows of the
//! seam's last digit pair with the head rows of that axis' next position
//! (natively only when the copy streams, under Miri whenever the layouts
//! allow, through the portable block). Blocks of 8 rows (f64) that mix
//! both kinds of neighbour are gathered into a stack buffer first. The
//! source is exactly its view's reach (a read past it is outside the
//! borrowed slice), the destination a window `skew` elements into a
//! buffer of sentinels, against a brute-force copy.

use constrided::kernel::rearrange;
use constrided::{Layout, StridedView, StridedViewMut};

// Destination [a, o, k, c] (contiguous); source steps a: 1, k: a, c: a·k,
// o: a·k·c. Rows chain [a, k] (seam axis k of delta `a`), columns c (32
// f64: four blocks), outer axis o after k in the destination.
fn case(a: usize, o: usize, k: usize, skews: &[usize]) {
    let c = 32;
    let shape = [a, o, k, c];
    let sl = Layout::new(
        shape,
        [1, (a * k * c) as isize, a as isize, (a * k) as isize],
        0,
    )
    .unwrap();
    let dl = Layout::contiguous(shape);
    let sp = super::model::positions(shape, sl.strides(), sl.offset());
    let dp = super::model::positions(shape, dl.strides(), dl.offset());
    let src: Vec<f64> = (0..sl.required_len()).map(|i| i as f64 + 1.0).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    for &skew in skews {
        let n = dl.required_len();
        let mut want = vec![-1.0; skew + n + 2];
        for (d, s) in dp.iter().zip(&sp) {
            want[skew + *d as usize] = src[*s as usize];
        }
        let mut buf = vec![-1.0; skew + n + 2];
        let mut dv = StridedViewMut::new(&mut buf[skew..skew + n], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        assert_eq!(buf, want, "a {a} o {o} k {k} skew {skew}");
    }
}

#[test]
fn seams_across_the_outer_walk() {
    // delta 4 < B: every block of rows mixes both kinds (staged).
    case(4, 3, 2, &[1, 6]);
    // delta 8 = B: whole blocks of last-digit rows (one block over the
    // next position's head columns).
    case(8, 2, 2, &[3]);
}
