//! Miri: the mutable chunk iterators hand out disjoint views that may all
//! be alive and written together (stacked and tree borrows); the same for
//! an array's blocks, map_collect's output, and the operators.

use constrided::{Layout, StridedArray, StridedView, StridedViewMut, Zip};

#[test]
fn exact_chunks_mut_alive_together() {
    let mut buf: Vec<u32> = (0..30).collect();
    // A transposed, reversed 5x6 view over part of the buffer.
    let l = Layout::new([6, 5], [1, -6], 24).unwrap();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap();
    let mut blocks: Vec<StridedViewMut<'_, u32, 2>> = v.exact_chunks_mut([2, 2]).unwrap().collect();
    assert_eq!(blocks.len(), 6);
    // Write through every block, interleaved, while all are alive.
    for round in 0..2 {
        for (k, b) in blocks.iter_mut().enumerate() {
            b.map_inplace(|e| *e += k as u32 + round);
            b[[1, 1]] += 100;
        }
    }
    let sums: Vec<u32> = blocks.iter().map(|b| b.sum()).collect();
    drop(blocks);
    assert_eq!(sums.len(), 6);
    // The last row of the 5 (index 4 of axis 1) was the remainder: untouched.
    for i in 0..6 {
        assert_eq!(v[[i, 4]], i as u32);
    }
}

#[test]
fn axis_chunks_iter_mut_alive_together() {
    let mut buf = vec![0i64; 14];
    let mut v = StridedViewMut::new(&mut buf, Layout::new([7, 2], [2, 1], 0).unwrap()).unwrap();
    let mut it = v.axis_chunks_iter_mut(0, 3).unwrap();
    let mut last = it.next_back().unwrap();
    let mut first = it.next().unwrap();
    let mut mid = it.next().unwrap();
    assert!(it.next().is_none());
    last.fill(3);
    first.fill(1);
    mid.fill(2);
    first[[0, 0]] = -1;
    last[[0, 1]] = -3;
    assert_eq!(buf, [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, -3]);
}

#[test]
fn array_blocks_and_collect() {
    let mut a = StridedArray::from_shape_fn([4, 3], |[i, j]| (i * 3 + j) as u8);
    let mut parts: Vec<_> = a.axis_chunks_iter_mut(1, 2).unwrap().collect();
    let (x, y) = parts.split_at_mut(1);
    x[0].fill(1);
    y[0].fill(2);
    x[0][[3, 1]] = 7;
    drop(parts);
    assert_eq!(a.as_slice(), [1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 7, 2]);
    let t = a.t();
    let s = Zip::from(t)
        .and(t)
        .unwrap()
        .map_collect(|p, q| u32::from(*p) * u32::from(*q));
    assert_eq!(s[[1, 3]], 49);
    let row = StridedView::from(&[1u8, 2, 3][..]);
    let b = &a.t().t() + &row;
    let c = b + &a;
    assert_eq!(c[[3, 1]], 7 + 2 + 7);
    let strings = Zip::from(&a.view()).map_collect(|e| e.to_string());
    assert_eq!(strings[[0, 2]], "2");
}

#[test]
fn map_collect_panicking_midway_drops_what_it_made() {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let x: Vec<u32> = (0..35).collect();
    let v = StridedView::new(&x, Layout::contiguous([7, 5]))
        .unwrap()
        .t();
    let mut calls = 0;
    let r = catch_unwind(AssertUnwindSafe(|| {
        Zip::from(v).and(v).unwrap().map_collect(|a, _| {
            calls += 1;
            if calls == 20 {
                panic!("stop");
            }
            a.to_string()
        })
    }));
    assert!(r.is_err());
    assert_eq!(calls, 20);
}
