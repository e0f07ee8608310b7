//! The plan-free paths of small views, for Miri (stacked and tree borrows)
//! and ASan: rank-2 copies of at most `SMALL_2D` elements (16 under Miri:
//! the plain loop nest; the SSE2 blocks run outside Miri and are covered by
//! `guard_pages.rs`), between views of part of a buffer whose sibling stays
//! borrowed, and mixed views with a run-time offset over static sizes and
//! strides (their construction checks the offset against compile-time
//! reach) built in a loop, read and written.

use constrided::{strided, Layout, StridedView, StridedViewMut};

// Every (src layout, dst layout) pair of a few small shapes: transposed,
// flipped, with gaps; dst is the upper half of a buffer whose lower half
// is a live sibling, written before and checked after.
#[test]
fn small_rank2_copies_of_partial_views() {
    for (r, c) in [(1usize, 1usize), (2, 3), (3, 3), (4, 4), (3, 5), (2, 8)] {
        let row = Layout::contiguous([r, c]);
        let col = Layout::f_contiguous([r, c]);
        let gap = Layout::new([r, c], [c as isize + 2, 1], 1).unwrap();
        let flip = row.flip(0).unwrap().flip(1).unwrap();
        for sl in [row, col, gap, flip] {
            for dl in [row, col, gap, flip] {
                let n = dl.required_len();
                let src: Vec<i32> = (0..sl.required_len() as i32).collect();
                let mut buf = vec![-1i32; 2 * n];
                let (lo, hi) = buf.split_at_mut(n);
                let mut sib = StridedViewMut::new(lo, Layout::contiguous([n])).unwrap();
                sib[[0]] = 7;
                let sv = StridedView::new(&src, sl).unwrap();
                let mut dv = StridedViewMut::new(hi, dl).unwrap();
                dv.assign(&sv).unwrap();
                sib[[n - 1]] = 8;
                for i in 0..r {
                    for j in 0..c {
                        assert_eq!(dv[[i, j]], sv[[i, j]], "{sl:?} -> {dl:?}");
                    }
                }
                // Positions dl does not reach stay untouched.
                let reached: Vec<usize> = (0..r * c)
                    .map(|k| n + dl.offset_of([k / c, k % c]).unwrap())
                    .collect();
                for (p, &v) in buf.iter().enumerate() {
                    if p >= n && !reached.contains(&p) {
                        assert_eq!(v, -1, "position {p} of {dl:?}");
                    }
                }
                assert_eq!(buf[n - 1], 8);
                if n > 1 {
                    assert_eq!(buf[0], 7);
                }
            }
        }
    }
}

#[test]
fn mixed_views_with_a_dyn_offset_built_in_a_loop() {
    const W: usize = 6;
    let img: Vec<u32> = (0..(W * W) as u32).collect();
    let mut out = vec![0u32; W * W];
    for r in 0..W - 2 {
        for c in 0..W - 2 {
            let o = r * W + c;
            let v = strided!(&img; shape = (3, 3), strides = (6, 1), offset = dyn o).unwrap();
            let mut d =
                strided!(&mut out; shape = (3, 3), strides = (6, 1), offset = dyn o).unwrap();
            d.assign(&v.t()).unwrap();
            d[[0, 0]] += v[[2, 2]];
        }
    }
    // The last window written wins at each position; check it against the
    // same loop by hand.
    let mut want = vec![0u32; W * W];
    for r in 0..W - 2 {
        for c in 0..W - 2 {
            let o = r * W + c;
            for i in 0..3 {
                for j in 0..3 {
                    want[o + i * W + j] = img[o + j * W + i];
                }
            }
            want[o] += img[o + 2 * W + 2];
        }
    }
    assert_eq!(out, want);
    // Out of reach: an error, not a view.
    assert!(strided!(&img; shape = (3, 3), strides = (6, 1), offset = dyn W * W - 13).is_err());
    assert!(strided!(&img; shape = (3, 3), strides = (6, 1), offset = dyn W * W - 15).is_ok());
    assert!(strided!(&img; shape = (3, 3), strides = (-6, 1), offset = dyn 11).is_err());
    assert!(strided!(&img; shape = (3, 3), strides = (-6, 1), offset = dyn 12).is_ok());
}
