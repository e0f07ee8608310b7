//! `Zip` items live for one call of the closure (issue 28: the closures are
//! higher-ranked over the items' lifetime, as `zip_with`'s), so a closure
//! can no longer keep them: `ui-tests/fail/zip_keep_item.rs` shows the
//! compile error. (Issue 15, finding 3, tested keeping items of a static
//! zip, which derived each item from a fresh reborrow of the whole region
//! and so invalidated the items kept before.)
//!
//! What remains to check under Miri (stacked and tree borrows): inside one
//! call every item is valid, items of consecutive calls do not invalidate
//! each other's sources, and what a closure writes lands, for static,
//! runtime, broadcast and staged zips.

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

#[test]
fn static_zip_items_are_valid_in_the_call() {
    let mut buf = [0i32; 6];
    let src = [1i32, 2, 3, 4, 5, 6];
    let mut m = strided!(&mut buf; shape = (2, 3));
    let s = strided!(&src; shape = (2, 3), strides = (1, 2));
    let mut copied = Vec::new();
    Zip::from(&mut m).and(&s).unwrap().for_each(|d, a| {
        *d = *a * 10;
        // Both items are usable throughout the call.
        copied.push((*d, *a));
    });
    assert_eq!(copied.len(), 6);
    assert!(copied.iter().all(|&(d, a)| d == 10 * a));
    assert_eq!(buf, [10, 30, 50, 20, 40, 60]);
}

#[test]
fn static_zip_by_value_items_are_valid_in_the_call() {
    let mut buf = [0u8; 4];
    let m = strided!(&mut buf; shape = (2, 2), strides = (1, 2));
    let mut n = 0;
    Zip::from(m).for_each(|d| {
        n += 1;
        *d = n;
        *d += 1;
    });
    let mut sorted = buf;
    sorted.sort();
    assert_eq!(sorted, [2, 3, 4, 5]);
}

#[test]
fn runtime_zip_items_are_valid_in_the_call() {
    let mut buf = [0i32; 6];
    let mut m = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3])).unwrap();
    let x = [1, 2, 3];
    let b = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    Zip::from(&mut m)
        .and_broadcast(b)
        .unwrap()
        .for_each(|d, a| *d += *a);
    assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
}

// A transposed f32 operand above the small-view size is staged: its items
// point into the staging buffer; they are valid (and equal the elements)
// during the call.
#[test]
fn staged_zip_items_are_valid_in_the_call() {
    let (r, c) = (9, 11);
    let src: Vec<f32> = (0..r * c).map(|i| i as f32).collect();
    let mut out = vec![0f32; r * c];
    let a = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut o = StridedViewMut::new(&mut out, Layout::contiguous([r, c])).unwrap();
    Zip::from(&mut o).and(&a).unwrap().for_each(|o, a| {
        let v = *a;
        *o = v + 0.5;
        assert_eq!(*a, v);
    });
    for i in 0..r {
        for j in 0..c {
            assert_eq!(out[i * c + j], src[j * r + i] + 0.5);
        }
    }
}
