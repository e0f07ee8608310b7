//! Review of fc3d82c (the user closure moves by value into the planned
//! walk's run closure): panics mid-walk in `fold` / `for_each` /
//! `indexed().fold` / `map_collect` (staged, unstaged, small, planned)
//! drop the accumulator and the closure's captures exactly once; a capture
//! whose `Drop` panics after a complete walk (now dropped inside the walk)
//! loses nothing; results against a naive model for transposed, flipped,
//! broadcast operands.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};

use crate::shared::{dropped, live, Counted};

// (r, c) views: `staged` a transposed plain operand next to a contiguous
// one (the staged walk); else a small one (small_runs) or flipped.
fn cases() -> Vec<(usize, usize, u8)> {
    vec![(19, 21, 0), (19, 21, 1), (3, 2, 2), (19, 21, 3)]
}

fn with_views<R>(
    r: usize,
    c: usize,
    kind: u8,
    f: impl FnOnce(StridedView<'_, u64, 2>, StridedView<'_, u64, 2>) -> R,
) -> R {
    let src: Vec<u64> = (0..(r * c) as u64).collect();
    let other: Vec<u64> = (0..(r * c) as u64).map(|x| 3 * x + 1).collect();
    let ov = StridedView::new(&other, Layout::contiguous([r, c])).unwrap();
    let sv = match kind {
        0 | 2 => StridedView::new(&src, Layout::contiguous([c, r]))
            .unwrap()
            .t(),
        1 => StridedView::new(&src, Layout::contiguous([r, c])).unwrap(),
        _ => StridedView::new(&src, Layout::contiguous([c, r]))
            .unwrap()
            .t()
            .flip(1)
            .unwrap(),
    };
    f(ov, sv)
}

// fold with a Counted accumulator (a fresh one per call, the old one
// dropped) panicking at call `stop`: every Counted made is dropped once.
#[test]
fn fold_panic_drops_accumulator_once() {
    for (r, c, kind) in cases() {
        for stop in [0usize, 1, 5, 200] {
            if stop >= r * c {
                continue;
            }
            let calls = Cell::new(0usize);
            let res = catch_unwind(AssertUnwindSafe(|| {
                with_views(r, c, kind, |ov, sv| {
                    Zip::from(ov)
                        .and(sv)
                        .unwrap()
                        .fold(Counted::new(0), |acc, &o, &s| {
                            if calls.get() == stop {
                                panic!("mid-way");
                            }
                            calls.set(calls.get() + 1);
                            Counted::new(acc.0 + o * s)
                        })
                        .0
                })
            }));
            assert!(res.is_err());
            assert_eq!(calls.get(), stop);
            assert_eq!(live(), 0, "({r}, {c}, {kind}) stop {stop}");
            // indexed().fold too.
            calls.set(0);
            let res = catch_unwind(AssertUnwindSafe(|| {
                with_views(r, c, kind, |ov, sv| {
                    Zip::from(ov)
                        .and(sv)
                        .unwrap()
                        .indexed()
                        .fold(Counted::new(0), |acc, [i, j], &o, &s| {
                            if calls.get() == stop {
                                panic!("mid-way");
                            }
                            calls.set(calls.get() + 1);
                            Counted::new(acc.0 + o * s + (i * 7 + j) as u64)
                        })
                        .0
                })
            }));
            assert!(res.is_err());
            assert_eq!(live(), 0, "indexed ({r}, {c}, {kind}) stop {stop}");
        }
    }
}

// A closure owning Counted captures: dropped exactly once, whether the
// walk completes or panics (for_each, fold, all, any).
#[test]
fn closure_captures_dropped_once() {
    for (r, c, kind) in cases() {
        for stop in [usize::MAX, 0, 3, 150] {
            if stop != usize::MAX && stop >= r * c {
                continue;
            }
            let before = dropped();
            let res = catch_unwind(AssertUnwindSafe(|| {
                with_views(r, c, kind, |ov, sv| {
                    let cap = (Counted::new(1), Counted::new(2));
                    let mut n = 0usize;
                    Zip::from(ov).and(sv).unwrap().for_each(move |&o, &s| {
                        if n == stop {
                            panic!("mid-way");
                        }
                        n += 1;
                        assert_eq!(cap.0 .0 + cap.1 .0, 3);
                        let _ = o + s;
                    });
                    let cap = Counted::new(5);
                    let sum = Zip::from(ov)
                        .and(sv)
                        .unwrap()
                        .fold(0u64, move |a, &o, _| a + o + cap.0 - 5);
                    assert_eq!(sum, (0..(r * c) as u64).map(|x| 3 * x + 1).sum());
                    let cap = Counted::new(0);
                    assert!(Zip::from(ov).and(sv).unwrap().all(move |&o, _| o > cap.0));
                    let cap = Counted::new(0);
                    assert!(!Zip::from(ov).and(sv).unwrap().any(move |&o, _| o == cap.0));
                })
            }));
            assert_eq!(res.is_err(), stop != usize::MAX);
            assert_eq!(live(), 0, "({r}, {c}, {kind}) stop {stop}");
            let drops = dropped() - before;
            assert_eq!(drops, if stop == usize::MAX { 5 } else { 2 });
        }
    }
}

// A capture whose Drop panics once the walk is complete (the run closure,
// and the user's closure in it, is dropped at the end of the walk): the
// panic propagates, the accumulator and the other captures are dropped
// once.
struct PanicOnDrop(Counted);
impl Drop for PanicOnDrop {
    fn drop(&mut self) {
        panic!("drop of a capture");
    }
}

#[test]
fn capture_drop_panics_after_walk() {
    for (r, c, kind) in cases() {
        let res = catch_unwind(AssertUnwindSafe(|| {
            with_views(r, c, kind, |ov, sv| {
                let cap = (Counted::new(9), PanicOnDrop(Counted::new(8)));
                Zip::from(ov)
                    .and(sv)
                    .unwrap()
                    .fold(Counted::new(0), move |acc, &o, _| {
                        let cap = &cap;
                        Counted::new(acc.0 + o + cap.0 .0 - 9 + cap.1 .0 .0 - 8)
                    })
                    .0
            })
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "({r}, {c}, {kind})");
        let res = catch_unwind(AssertUnwindSafe(|| {
            with_views(r, c, kind, |ov, sv| {
                let cap = PanicOnDrop(Counted::new(8));
                Zip::from(ov).and(sv).unwrap().map_collect(move |&o, &s| {
                    let cap = &cap;
                    Counted::new(o + s + cap.0 .0)
                })
            })
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "map_collect ({r}, {c}, {kind})");
    }
}

// map_collect panicking mid-way with counted captures and outputs.
#[test]
fn map_collect_panic_counts() {
    for (r, c, kind) in cases() {
        for stop in [0usize, 1, 6, 150] {
            if stop >= r * c {
                continue;
            }
            let res = catch_unwind(AssertUnwindSafe(|| {
                with_views(r, c, kind, |ov, sv| {
                    let cap = Counted::new(0);
                    let mut n = 0;
                    Zip::from(ov).and(sv).unwrap().map_collect(move |&o, &s| {
                        if n == stop {
                            panic!("mid-way");
                        }
                        n += 1;
                        Counted::new(o + s + cap.0)
                    })
                })
            }));
            assert!(res.is_err());
            assert_eq!(live(), 0, "({r}, {c}, {kind}) stop {stop}");
        }
    }
}

// Results against a naive model: d[i][j] = o[i][j]·2 + s(i, j) over
// transposed, flipped, broadcast operands; fold / indexed fold / map_collect.
#[test]
fn results_match_naive_model() {
    for (r, c, kind) in cases() {
        with_views(r, c, kind, |ov, sv| {
            let bsrc: Vec<u64> = (0..c as u64).map(|x| 100 + x).collect();
            let bv = StridedView::new(&bsrc, Layout::contiguous([c]))
                .unwrap()
                .broadcast_to([r, c])
                .unwrap();
            let model = |i: usize, j: usize| ov[[i, j]] * 2 + sv[[i, j]] * 5 + bv[[i, j]];
            let mut d = vec![0u64; r * c];
            let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([c, r]))
                .unwrap()
                .t();
            Zip::from(&mut dv)
                .and(ov)
                .unwrap()
                .and(sv)
                .unwrap()
                .and(bv)
                .unwrap()
                .for_each(|d, &o, &s, &b| *d = o * 2 + s * 5 + b);
            let m = Zip::from(ov)
                .and(sv)
                .unwrap()
                .and(bv)
                .unwrap()
                .map_collect(|&o, &s, &b| o * 2 + s * 5 + b);
            let h = Zip::from(ov)
                .and(sv)
                .unwrap()
                .and(bv)
                .unwrap()
                .indexed()
                .fold(0u64, |h, [i, j], &o, &s, &b| {
                    h.wrapping_add((o * 2 + s * 5 + b) ^ (i * 1000 + j) as u64)
                });
            let mut hm = 0u64;
            for i in 0..r {
                for j in 0..c {
                    assert_eq!(d[j * r + i], model(i, j), "({r}, {c}, {kind}) [{i}, {j}]");
                    assert_eq!(m[[i, j]], model(i, j));
                    hm = hm.wrapping_add(model(i, j) ^ (i * 1000 + j) as u64);
                }
            }
            assert_eq!(h, hm);
        });
    }
}

// The same over static zips (constant loop nests: rows at unit steps, and
// a transposed static operand): the accumulator survives a capture whose
// Drop panics.
#[test]
fn static_capture_drop_panics_after_walk() {
    use constrided::strided;
    let b: [u64; 20] = core::array::from_fn(|i| i as u64);
    for transposed in [false, true] {
        let res = catch_unwind(AssertUnwindSafe(|| {
            let cap = PanicOnDrop(Counted::new(8));
            let f = move |acc: Counted, &x: &u64| {
                let cap = &cap;
                Counted::new(acc.0 + x + cap.0 .0 - 8)
            };
            if transposed {
                Zip::from(strided!(&b; shape = (4, 5)).t())
                    .fold(Counted::new(0), f)
                    .0
            } else {
                Zip::from(strided!(&b; shape = (4, 5)))
                    .fold(Counted::new(0), f)
                    .0
            }
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "transposed {transposed}");
    }
}
