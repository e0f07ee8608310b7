//! Small cases of the sub-view iterators and double-ended iterators, for
//! Miri (stacked and tree borrows): mutable sub-views alive at once, each
//! writing while siblings hold references; iterators from both ends.

use constrided::{s, Layout, StridedArray, StridedView, StridedViewMut};

#[test]
fn double_ended_iter_mut_meets_in_the_middle() {
    let mut x: Vec<i32> = (0..12).collect();
    let mut v = StridedViewMut::new(&mut x, Layout::new([3, 2], [-4, 2], 9).unwrap()).unwrap();
    let mut it = v.iter_mut();
    let a = it.next().unwrap();
    let b = it.next_back().unwrap();
    let rest: Vec<&mut i32> = it.collect();
    *a = -1;
    *b = -2;
    for r in rest {
        *r += 100;
    }
    // Positions 9, 11, 5, 7, 1, 3 in row-major order.
    assert_eq!(x, [0, 101, 2, -2, 4, 105, 6, 107, 8, -1, 10, 111]);
}

#[test]
fn axis_and_lanes_mut_all_alive() {
    let mut x = [0i32; 24];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3, 4])).unwrap();
    {
        let mut subs: Vec<_> = v.axis_iter_mut(1).unwrap().collect();
        let refs: Vec<&mut i32> = subs
            .iter_mut()
            .map(|s| s.get_mut([1, 1]).unwrap())
            .collect();
        for (k, r) in refs.into_iter().enumerate() {
            *r = k as i32 + 1;
        }
    }
    {
        let mut lanes: Vec<_> = v.lanes_mut(0).unwrap().rev().collect();
        for (k, l) in lanes.iter_mut().enumerate() {
            l[[0]] += 10 * k as i32;
        }
    }
    v.reborrow()
        .slice(s![.., -1, ..])
        .unwrap()
        .diagonal()
        .fill(7);
    let outer: Vec<_> = v.outer_iter_mut().collect();
    for mut o in outer {
        o[[0, 0]] += 1000;
    }
    assert_eq!((x[13], x[17]), (1, 2));
    assert_eq!((x[0], x[12]), (110 + 1000, 1000));
    assert_eq!(x[11], 0);
    assert_eq!((x[8], x[21]), (7, 7));
}

#[test]
fn windows_and_shared_sub_views() {
    let x: Vec<u8> = (0..16).collect();
    let v = StridedView::new(&x, Layout::contiguous([4, 4]))
        .unwrap()
        .flip(1)
        .unwrap();
    let sums: Vec<u32> = v
        .windows([2, 3])
        .unwrap()
        .rev()
        .map(|w| w.iter().map(|&e| e as u32).sum())
        .collect();
    assert_eq!(sums.len(), 6);
    assert_eq!(sums[5], (3 + 2 + 1 + 7 + 6 + 5) as u32);
    let cols: Vec<Vec<u8>> = v.axis_iter(1).unwrap().map(|c| c.to_vec()).collect();
    assert_eq!(cols[0], [3, 7, 11, 15]);
    assert_eq!(v.diagonal().to_vec(), [3, 6, 9, 12]);
    let a: StridedArray<u8, 2> = v.to_owned();
    assert!(a == v);
    assert_eq!(
        a.to_string(),
        "[[ 3,  2,  1,  0],\n [ 7,  6,  5,  4],\n [11, 10,  9,  8],\n [15, 14, 13, 12]]"
    );
}

#[test]
fn zero_sized_and_empty() {
    let z = vec![(); 5];
    let v = StridedView::new(&z, Layout::new([usize::MAX, 0], [0, 1], 0).unwrap()).unwrap();
    assert_eq!(v.iter().rev().count(), 0);
    assert_eq!(v.outer_iter().len(), usize::MAX);
    assert_eq!(v.outer_iter().next_back().unwrap().shape(), [0]);
    assert_eq!(v.lanes(0).unwrap().len(), 0);
    assert_eq!(v.lanes(1).unwrap().len(), usize::MAX);
    let w = StridedView::new(&z, Layout::new([usize::MAX], [0], 0).unwrap()).unwrap();
    assert_eq!(w.iter().rev().len(), usize::MAX);
    assert_eq!(w.windows([3]).unwrap().next_back().unwrap().shape(), [3]);
}
