//! z30 under Miri: the walks whose code changed in this round. Under Miri
//! views of more than 8 elements are planned, so a 1-D view of 12 is an
//! outer plan of rank 0 (one trip of `for_each_outer`'s counted loop, now
//! its only call of the body); `fill` walks planned views through
//! `long_run` and small ones inline; `zip_with` runs its planned walk
//! through `engine::avx2_apart`. Views are halves of `split_at` whose
//! siblings another thread writes meanwhile (a data race if a walk
//! touches a position its view does not reach), reversed, and with
//! element types whose drops are counted and whose clone or closure
//! panics midway.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut};

thread_local! {
    static ALIVE: Cell<isize> = const { Cell::new(0) };
    static CLONES: Cell<usize> = const { Cell::new(0) };
}

/// Counts the values alive; the 5th clone after `CLONES` is reset panics.
#[derive(Debug)]
struct C(Box<u32>);

impl C {
    fn new(v: u32) -> Self {
        ALIVE.with(|a| a.set(a.get() + 1));
        C(Box::new(v))
    }
}

impl Clone for C {
    fn clone(&self) -> Self {
        let k = CLONES.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        assert_ne!(k, 5, "clone 5 fails");
        C::new(*self.0)
    }
}

impl Drop for C {
    fn drop(&mut self) {
        ALIVE.with(|a| a.set(a.get() - 1));
    }
}

#[test]
fn one_trip_walks_of_halves() {
    // A 1-D buffer of 24 split into halves of 12 (planned under Miri):
    // the left reversed and filled, zipped with, mapped; the right
    // written by another thread meanwhile.
    let mut buf: Vec<u32> = (0..24).collect();
    let src: Vec<u32> = (100..112).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([24])).unwrap();
    let (left, mut right) = v.split_at(0, 12).unwrap();
    let mut left = left.flip(0).unwrap();
    std::thread::scope(|sc| {
        sc.spawn(move || right.fill(7));
        left.fill(1);
        let s = StridedView::new(&src, Layout::contiguous([12])).unwrap();
        left.zip_with(&s, |d, &s| *d += s).unwrap();
        left.map_inplace(|d| *d *= 2);
        assert_eq!(
            left.view().sum(),
            (0..12).map(|i| 2 * (101 + i)).sum::<u32>()
        );
    });
    // left[i] is buf[11 - i]; it got 1 + src[i], doubled.
    for i in 0..12 {
        assert_eq!(buf[11 - i], 2 * (1 + src[i]), "{i}");
    }
    assert!(buf[12..].iter().all(|&e| e == 7));
    // A rank-2 reduction of 3 x 5 (an outer plan of rank 0 after both
    // axes are taken), and a broadcast row.
    let m: Vec<u32> = (0..15).collect();
    let mv = StridedView::new(&m, Layout::contiguous([3, 5])).unwrap();
    assert_eq!(
        mv.sum_axis::<1>(0).unwrap().into_vec(),
        [15, 18, 21, 24, 27]
    );
    assert_eq!(
        mv.t().sum_axis::<1>(1).unwrap().into_vec(),
        [15, 18, 21, 24, 27]
    );
    let mut d = vec![0u32; 15];
    let row = StridedView::new(&m[..5], Layout::new([3, 5], [0, 1], 0).unwrap()).unwrap();
    StridedViewMut::new(&mut d, Layout::contiguous([3, 5]))
        .unwrap()
        .zip_with(&row, |d, &r| *d = r + 1)
        .unwrap();
    assert_eq!(d, [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
}

#[test]
fn fills_with_a_panicking_clone_keep_every_value_once() {
    let alive0 = ALIVE.with(Cell::get);
    for (shape, flip) in [([12usize, 1usize], true), ([3, 4], false), ([2, 3], true)] {
        let n = shape[0] * shape[1];
        let mut buf: Vec<C> = (0..n as u32 + 2).map(C::new).collect();
        let l = Layout::new(shape, [shape[1] as isize, 1], 1).unwrap();
        let r = catch_unwind(AssertUnwindSafe(|| {
            let v = StridedViewMut::new(&mut buf, l).unwrap();
            let mut v = if flip { v.flip(0).unwrap() } else { v };
            CLONES.with(|c| c.set(0));
            v.fill(C::new(99));
        }));
        assert!(r.is_err(), "{shape:?}: the 5th clone panics");
        // Untouched ends, every slot one live value.
        assert_eq!(*buf[0].0, 0);
        assert_eq!(*buf[n + 1].0, n as u32 + 1);
        assert!(buf.iter().all(|e| *e.0 == 99 || *e.0 < n as u32 + 2));
        assert_eq!(ALIVE.with(Cell::get), alive0 + n as isize + 2);
        drop(buf);
        assert_eq!(ALIVE.with(Cell::get), alive0, "{shape:?}");
    }
}

#[test]
fn zip_with_panicking_midway_drops_nothing() {
    // 12 elements (planned under Miri), destination reversed, with drop
    // glue; the closure panics at its 7th call.
    let alive0 = ALIVE.with(Cell::get);
    let mut d: Vec<C> = (0..12).map(C::new).collect();
    let s: Vec<u32> = (0..12).map(|i| 10 * i).collect();
    let mut calls = 0;
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([12]))
            .unwrap()
            .flip(0)
            .unwrap();
        let sv = StridedView::new(&s, Layout::contiguous([12])).unwrap();
        dv.zip_with(&sv, |d, &s| {
            calls += 1;
            assert_ne!(calls, 7, "call 7 fails");
            *d.0 += s + 1;
        })
        .unwrap();
    }));
    assert!(r.is_err());
    let changed = (0..12).filter(|&i| *d[i].0 != i as u32).count();
    assert_eq!(changed, 6);
    assert_eq!(ALIVE.with(Cell::get), alive0 + 12);
    drop(d);
    assert_eq!(ALIVE.with(Cell::get), alive0);
}
