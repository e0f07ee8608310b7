//! r-z30 (review of z30) under Miri: `for_each_outer`'s one call of the
//! body with outer walks of rank 0 (a transposed 2-D pair: both axes
//! tiled), 1 and 4 (the odometer's carry through size-1 and reversed
//! axes), for assign, fill, zip_with and `Zip` on partial buffers of
//! boxed values (a stray or repeated access is a Miri error), with a
//! closure or clone that panics midway.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};

thread_local! {
    static ALIVE: Cell<isize> = const { Cell::new(0) };
    static CLONES: Cell<usize> = const { Cell::new(0) };
    static FAIL_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

#[derive(Debug)]
struct B(Box<u32>);

impl B {
    fn new(v: u32) -> Self {
        ALIVE.with(|a| a.set(a.get() + 1));
        B(Box::new(v))
    }
}

impl Clone for B {
    fn clone(&self) -> Self {
        let k = CLONES.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        assert_ne!(k, FAIL_AT.with(Cell::get), "clone {k} fails");
        B::new(*self.0)
    }
}

impl Drop for B {
    fn drop(&mut self) {
        ALIVE.with(|a| a.set(a.get() - 1));
    }
}

fn alive() -> isize {
    ALIVE.with(Cell::get)
}

// Layouts of 12 elements or more (planned under Miri) whose outer walks
// have rank 1 and 4, with a size-1 axis and reversed axes.
fn layouts() -> [(Layout<5>, usize); 3] {
    let c = Layout::contiguous([2, 1, 2, 3, 2]);
    [
        (c, 24),
        (c.flip(0).unwrap().flip(3).unwrap(), 24),
        (
            Layout::new([2, 1, 2, 3, 2], [-13, 5, 6, -2, 1], 17).unwrap(),
            25,
        ),
    ]
}

#[test]
fn r_z30_deep_outer_walks_fill_and_zip_panicking() {
    let src: Vec<u32> = (0..28).map(|i| i * 3 + 1).collect();
    for (dl, dlen) in layouts() {
        for (sl, _) in layouts() {
            for fail in [3usize, 13, usize::MAX] {
                let alive0 = alive();
                {
                    let mut d: Vec<B> = (0..dlen as u32 + 1).map(B::new).collect();
                    let value = B::new(7);
                    CLONES.with(|c| c.set(0));
                    FAIL_AT.with(|f| f.set(fail));
                    let r = catch_unwind(AssertUnwindSafe(|| {
                        StridedViewMut::new(&mut d, dl).unwrap().fill(value.clone());
                    }));
                    FAIL_AT.with(|f| f.set(usize::MAX));
                    assert_eq!(r.is_err(), fail != usize::MAX);
                    let mut calls = 0;
                    let r = catch_unwind(AssertUnwindSafe(|| {
                        let sv = StridedView::new(&src, sl).unwrap();
                        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
                        dv.zip_with(&sv, |x, &y| {
                            calls += 1;
                            assert_ne!(calls, fail, "closure {calls} fails");
                            *x = B::new(*x.0 + y);
                        })
                        .unwrap();
                    }));
                    assert_eq!(r.is_err(), fail != usize::MAX);
                    assert_eq!(alive(), alive0 + dlen as isize + 2);
                    drop(value);
                }
                assert_eq!(alive(), alive0, "every value dropped once");
            }
        }
    }
}

#[test]
fn r_z30_deep_outer_walks_assign_zip_and_sums() {
    let src: Vec<u32> = (0..28).map(|i| i * 3 + 1).collect();
    for (dl, dlen) in layouts() {
        for (sl, _) in layouts() {
            let sv = StridedView::new(&src, sl).unwrap();
            let mut d = vec![0u32; dlen + 1];
            let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
            dv.assign(&sv).unwrap();
            assert_eq!(dv.to_vec(), sv.to_vec());
            Zip::from(&mut dv)
                .and(&sv)
                .unwrap()
                .for_each(|x, &y| *x = *x * 2 + y);
            let want: Vec<u32> = sv.iter().map(|&y| y * 3).collect();
            assert_eq!(dv.to_vec(), want);
            assert_eq!(sv.sum(), sv.iter().sum::<u32>());
            let s = sv.sum_axis::<4>(3).unwrap().into_vec();
            assert_eq!(s.len(), 8);
            assert_eq!(s.iter().sum::<u32>(), sv.iter().sum::<u32>());
        }
    }
}

#[test]
fn r_z30_tiled_pair_outer_rank_0_with_a_panicking_zip() {
    // A 4x5 destination with a transposed source: both plan axes tiled,
    // the outer walk of rank 0 (one trip); boxed values, the closure
    // panics at the 7th call.
    let src: Vec<u32> = (0..20).collect();
    let sl = Layout::new([4, 5], [1, 4], 0).unwrap();
    let dl = Layout::new([4, 5], [-5, 1], 15).unwrap();
    let alive0 = alive();
    {
        let mut d: Vec<B> = (0..21).map(B::new).collect();
        let mut calls = 0;
        let r = catch_unwind(AssertUnwindSafe(|| {
            let sv = StridedView::new(&src, sl).unwrap();
            let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
            Zip::from(&mut dv).and(&sv).unwrap().for_each(|x, &y| {
                calls += 1;
                assert_ne!(calls, 7, "closure 7 fails");
                *x = B::new(*x.0 * 100 + y);
            });
        }));
        assert!(r.is_err());
        let changed = d
            .iter()
            .enumerate()
            .filter(|(i, b)| *b.0 != *i as u32)
            .count();
        assert_eq!(changed, 6);
        assert_eq!(alive(), alive0 + 21);
    }
    assert_eq!(alive(), alive0);
}

#[test]
fn r_z30_interleaved_halves_on_two_threads() {
    // A 4x12 buffer split along its inner axis: the halves' rows
    // interleave in memory. One thread assigns and zips its half (planned:
    // 20 elements), the other fills and maps its own meanwhile; a walk
    // touching a position of the sibling is a data race under Miri.
    let src: Vec<u32> = (0..48).map(|i| i * 5 + 2).collect();
    let sv = StridedView::new(&src, Layout::contiguous([4, 12]))
        .unwrap()
        .flip(0)
        .unwrap();
    let (s1, _) = sv.split_at(1, 5).unwrap();
    let mut buf = vec![0u32; 48];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([4, 12])).unwrap();
    let (mut h1, mut h2) = v.split_at_mut(1, 5).unwrap();
    std::thread::scope(|sc| {
        sc.spawn(|| {
            h1.assign(&s1).unwrap();
            h1.zip_with(&s1.t().t(), |x, &y| *x += y).unwrap();
        });
        sc.spawn(|| {
            h2.fill(9);
            h2.map_inplace(|x| *x += 1);
        });
    });
    for r in 0..4 {
        for c in 0..12 {
            let want = if c < 5 { 2 * src[(3 - r) * 12 + c] } else { 10 };
            assert_eq!(buf[r * 12 + c], want, "({r}, {c})");
        }
    }
}
