//! Third audit (after issue 15): adversarial call chains on the safe API,
//! for Miri under stacked and tree borrows
//! (`cargo +nightly miri test --test miri_audit`, and again with
//! `MIRIFLAGS=-Zmiri-tree-borrows`). Each test keeps the `&mut` items it is
//! handed, drives iterators from both ends, or panics midway, and checks
//! the answer against a naive model.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

// IterMut driven from both ends with nth / nth_back, the rest by fold;
// every item kept, then all written: each element exactly once.
#[test]
fn iter_mut_both_ends_items_kept() {
    let mut buf: Vec<u32> = (0..40).collect();
    let mut v = StridedViewMut::new(&mut buf, Layout::new([3, 4], [-10, 2], 21).unwrap()).unwrap();
    let want: Vec<usize> = {
        let l = v.layout();
        let mut w = Vec::new();
        for i in 0..3 {
            for j in 0..4 {
                w.push(l.offset_of([i, j]).unwrap());
            }
        }
        w
    };
    let mut it = v.iter_mut();
    let first = it.next().unwrap();
    let last = it.next_back().unwrap();
    let third = it.nth(1).unwrap(); // skips one
    let back = it.nth_back(2).unwrap(); // skips two
    let kept: Vec<&mut u32> = vec![first, last, third, back];
    assert_eq!(it.len(), 12 - 4 - 3);
    let kept = it.fold(kept, |mut k, e| {
        k.push(e);
        k
    });
    assert_eq!(kept.len(), 9);
    for e in kept {
        *e += 1000;
    }
    let touched: Vec<usize> = (0..40).filter(|&p| buf[p] >= 1000).collect();
    let mut sorted = want.clone();
    // positions 2 (nth(1) skipped index 1), and nth_back(2) skipped two
    // from the back: indices 1, 9, 10 are not touched.
    for skip in [1usize, 9, 10] {
        sorted.retain(|&p| p != want[skip]);
    }
    sorted.sort();
    assert_eq!(touched, sorted);
}

// Zip, run-time path, over the two halves of a split with the sibling
// borrowed by the other producer. (Items live for the call since issue 28:
// they are used inside it.)
#[test]
fn zip_split_halves_items_in_the_call() {
    let mut buf: Vec<i64> = (0..24).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([4, 6])).unwrap();
    let (mut a, b) = v.split_at(1, 3).unwrap();
    let bv = b.view();
    Zip::from(&mut a)
        .and(&bv)
        .unwrap()
        .for_each(|x, y| *x += *y * 100);
    for i in 0..4 {
        for j in 0..3 {
            let p = i * 6 + j;
            assert_eq!(buf[p], p as i64 + (p as i64 + 3) * 100);
        }
    }
}

// Static zip fold: items used in the call, the accumulator carried.
#[test]
fn static_zip_fold_items_in_the_call() {
    let mut buf = [0i32; 6];
    let src = [1i32, 2, 3, 4, 5, 6];
    let mut m = strided!(&mut buf; shape = (2, 3));
    let s = strided!(&src; shape = (2, 3), strides = (1, 2));
    let n = Zip::from(&mut m).and(&s).unwrap().fold(0, |k, d, a| {
        *d = *a;
        k + 1
    });
    assert_eq!(n, 6);
    assert_eq!(buf, [1, 3, 5, 2, 4, 6]);
}

// Lanes and axis sub-views kept after their iterator is gone, both ends.
#[test]
fn lanes_and_axis_items_kept() {
    let mut buf: Vec<u16> = (0..30).collect();
    let mut v = StridedViewMut::new(&mut buf, Layout::new([3, 5], [1, 6], 0).unwrap()).unwrap();
    {
        let mut it = v.lanes_mut(0).unwrap();
        let first = it.next().unwrap();
        let last = it.next_back().unwrap();
        let rest: Vec<_> = it.collect();
        let mut all = vec![first, last];
        all.extend(rest);
        for mut lane in all {
            lane.map_inplace(|e| *e += 100);
        }
    }
    {
        let mut rows: Vec<StridedViewMut<'_, u16, 1>> = v.axis_iter_mut(0).unwrap().rev().collect();
        for r in rows.iter_mut() {
            r.fill(7);
        }
    }
    for (p, &e) in buf.iter().enumerate() {
        let reached = p % 6 < 3 && p / 6 < 5;
        assert_eq!(e, if reached { 7 } else { p as u16 }, "position {p}");
    }
}

// A panicking closure in map: the values made so far are dropped once,
// nothing else.
#[test]
fn map_panics_midway_drops_once() {
    thread_local!(static LIVE: Cell<i64> = const { Cell::new(0) });
    struct Tok;
    impl Tok {
        fn new() -> Tok {
            LIVE.with(|l| l.set(l.get() + 1));
            Tok
        }
    }
    impl Drop for Tok {
        fn drop(&mut self) {
            LIVE.with(|l| l.set(l.get() - 1));
        }
    }
    let x: Vec<u8> = (0..12).collect();
    let v = StridedView::new(&x, Layout::new([3, 4], [1, 3], 0).unwrap()).unwrap();
    let r = catch_unwind(AssertUnwindSafe(|| {
        v.map(|&e| {
            if e == 7 {
                panic!("boom");
            }
            Tok::new()
        })
    }));
    assert!(r.is_err());
    assert_eq!(LIVE.with(|l| l.get()), 0);
    let ok = v.map(|_| Tok::new());
    assert_eq!(LIVE.with(|l| l.get()), 12);
    drop(ok);
    assert_eq!(LIVE.with(|l| l.get()), 0);
}

// fill with a Clone that panics midway: every element stays initialized.
#[test]
fn fill_with_panicking_clone() {
    thread_local!(static N: Cell<u32> = const { Cell::new(0) });
    #[derive(Debug, PartialEq)]
    struct P(Box<u32>);
    impl Clone for P {
        fn clone(&self) -> Self {
            let n = N.with(|c| {
                c.set(c.get() + 1);
                c.get()
            });
            if n == 4 {
                panic!("clone");
            }
            P(Box::new(*self.0))
        }
    }
    let mut buf: Vec<P> = (0..10).map(|i| P(Box::new(i))).collect();
    let mut v = StridedViewMut::new(&mut buf, Layout::new([5], [2], 0).unwrap()).unwrap();
    let r = catch_unwind(AssertUnwindSafe(|| v.fill(P(Box::new(99)))));
    assert!(r.is_err());
    // Every element is a valid box (Miri checks the reads).
    let s: u32 = buf.iter().map(|p| *p.0).sum();
    assert!(s > 0);
}

// Another thread writes the sibling half while this one runs every read
// and write kernel over its own half (Miri reports a data race if a
// kernel touches the sibling).
#[test]
fn sibling_written_by_other_thread() {
    let mut buf: Vec<u32> = (0..64).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 8])).unwrap();
    let (mut a, mut b) = v.split_at(1, 4).unwrap();
    std::thread::scope(|s| {
        s.spawn(move || {
            for _ in 0..4 {
                b.map_inplace(|e| *e = e.wrapping_add(1));
            }
        });
        let t: Vec<u32> = a.view().to_vec();
        a.fill(5);
        a.map_inplace(|e| *e += 1);
        let s2: u32 = a.view().fold(0, |acc, &e| acc + e);
        assert_eq!(s2, 6 * 32);
        assert_eq!(t.len(), 32);
        let mut out = vec![0u32; 32];
        a.view().t().copy_to_slice(&mut out).unwrap();
        assert!(out.iter().all(|&e| e == 6));
    });
}
