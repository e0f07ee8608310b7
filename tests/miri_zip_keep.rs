//! Issue 15, finding 3: a static `Zip` (every operand a `strided!` view)
//! hands the closure items that live as long as the producers' borrows,
//! so the closure may keep them. Each item must be derived from a pointer
//! taken once from the operand's region, not from a fresh reborrow of the
//! whole region per item (which invalidated the items kept before: Miri
//! "tag does not exist in the borrow stack" / "forbidden ... Frozen").
//! Run under Miri with stacked and tree borrows.

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

#[test]
fn static_zip_items_stay_valid_when_kept() {
    let mut buf = [0i32; 6];
    let src = [1i32, 2, 3, 4, 5, 6];
    let mut m = strided!(&mut buf; shape = (2, 3));
    let s = strided!(&src; shape = (2, 3), strides = (1, 2));
    let mut kept: Vec<&mut i32> = Vec::new();
    let mut read: Vec<&i32> = Vec::new();
    Zip::from(&mut m).and(&s).unwrap().for_each(|d, a| {
        kept.push(d);
        read.push(a);
    });
    assert_eq!(kept.len(), 6);
    for (d, a) in kept.iter_mut().zip(&read) {
        **d = **a * 10;
    }
    let total: i32 = kept.iter().map(|d| **d).sum();
    assert_eq!(total, 210);
    drop(kept);
    assert_eq!(buf, [10, 30, 50, 20, 40, 60]);
}

#[test]
fn static_zip_by_value_items_stay_valid_when_kept() {
    let mut buf = [0u8; 4];
    let m = strided!(&mut buf; shape = (2, 2), strides = (1, 2));
    let mut kept: Vec<&mut u8> = Vec::new();
    Zip::from(m).for_each(|d| kept.push(d));
    for (i, d) in kept.iter_mut().enumerate() {
        **d = i as u8 + 1;
    }
    let sum: u32 = kept.iter().map(|d| u32::from(**d)).sum();
    assert_eq!(sum, 10);
    drop(kept);
    assert_eq!(buf, [1, 3, 2, 4]);
}

#[test]
fn runtime_zip_items_stay_valid_when_kept() {
    let mut buf = [0i32; 6];
    let mut m = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3])).unwrap();
    let x = [1, 2, 3];
    let b = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let mut kept: Vec<(&mut i32, &i32)> = Vec::new();
    Zip::from(&mut m)
        .and_broadcast(b)
        .unwrap()
        .for_each(|d, a| kept.push((d, a)));
    for (d, a) in kept.iter_mut() {
        **d += **a;
    }
    drop(kept);
    assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
}
