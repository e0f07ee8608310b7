//! Review r-avx: `zip_with`, `map` and the binary operators (whose element
//! loops run inside `simd::with_avx2` natively; under Miri the portable
//! closure call) on `split_at` halves while another thread writes the
//! sibling half: views of 8 elements (the direct walk of `zip_with`
//! under Miri, `SMALL` = 8) and 9 or more (the planned walk), the
//! source transposed (staged when plain) and flipped; a closure
//! panicking midway in `zip_with` leaves the half valid.

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut};

#[test]
fn halves_with_another_thread_writing_the_sibling() {
    // (rows, cols) of the whole buffer, split along the columns at `at`.
    for (r, c, at) in [(4, 4, 2), (3, 7, 3), (5, 6, 4)] {
        let mut buf: Vec<u32> = (0..(r * c) as u32).collect();
        let src: Vec<u32> = (100..100 + (r * c) as u32).collect();
        let v = StridedViewMut::new(&mut buf, Layout::contiguous([r, c])).unwrap();
        let (mut a, mut b) = v.split_at(1, at).unwrap();
        let w = c - at;
        std::thread::scope(|s| {
            s.spawn(move || {
                b.fill(9);
                b.map_inplace(|e| *e += 1);
            });
            s.spawn(|| {
                let sv = StridedView::from_shape([r, at], &src[..r * at]).unwrap();
                let st = StridedView::from_shape([at, r], &src[..r * at])
                    .unwrap()
                    .t();
                let sf = sv.flip(0).unwrap().flip(1).unwrap();
                for x in [sv, st, sf] {
                    a.zip_with(&x, |d, &s| *d = d.wrapping_add(s)).unwrap();
                }
                let mut calls = 0;
                let res = catch_unwind(AssertUnwindSafe(|| {
                    a.zip_with(&st, |d, &s| {
                        calls += 1;
                        if calls == r * at / 2 {
                            panic!("stop");
                        }
                        *d = s;
                    })
                    .unwrap()
                }));
                assert!(res.is_err());
                let av = a.view();
                let m = av.t().map(|&e| e as u64 + 1);
                let d = &av + &sv;
                let e = &st + &av;
                for i in 0..r {
                    for j in 0..at {
                        assert_eq!(m[[j, i]], av[[i, j]] as u64 + 1);
                        assert_eq!(d[[i, j]], av[[i, j]] + sv[[i, j]]);
                        assert_eq!(e[[i, j]], st[[i, j]] + av[[i, j]]);
                    }
                }
            });
        });
        for i in 0..r {
            for j in at..c {
                assert_eq!(buf[i * c + j], 10, "sibling ({i}, {j}) of {w} columns");
            }
        }
    }
}
