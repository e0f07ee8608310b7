//! Issue 15, finding 1: a user-implemented `SliceArg` that yields more
//! slices than the output rank made `Layout::slice` drop the size-0 axis
//! of an empty layout and keep its unchecked offset; the views accepted it
//! behind a `debug_assert!`, so `fill` wrote far past the buffer in
//! release. `SliceArg` is now sealed (`ui-tests/fail/slice_arg_sealed.rs`),
//! `Layout::slice` checks that the number of slices is the output rank,
//! and the views check `required_len <= len` in release.
//! This file keeps what still compiles: the layouts through `s!` and
//! `[Slice; N]` over empty layouts with huge offsets stay empty, and
//! every view they give stays inside its buffer.

use constrided::{s, Layout, Slice, StridedView, StridedViewMut};

#[test]
fn empty_layout_with_huge_offset_stays_empty_through_every_slice() {
    let l = Layout::new([1, 0], [1, 1 << 24], 1 << 25).unwrap();
    assert!(l.is_empty());
    let a = l.slice(s![.., ..]).unwrap();
    assert!(a.is_empty());
    let b = l.slice([Slice::full(), Slice::full()]).unwrap();
    assert!(b.is_empty());
    let c = l.slice(s![0, ..]).unwrap();
    assert!(c.is_empty());
    let mut buf = [0i32; 4];
    let v = StridedViewMut::new(&mut buf, l).unwrap();
    let mut w = v.slice(s![0, ..]).unwrap();
    w.fill(7);
    assert_eq!(buf, [0; 4]);
}

#[test]
fn every_view_of_an_empty_layout_stays_in_its_buffer() {
    let buf = [0u8; 16];
    let l = Layout::new([0, 1], [1, 1 << 24], 1 << 25).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    for r in [
        v.slice(s![.., 0..1]).map(|x| x.layout().required_len()),
        v.slice(s![..;-1, ..]).map(|x| x.layout().required_len()),
    ] {
        assert!(r.unwrap() <= buf.len());
    }
    assert!(v.slice(s![.., 0]).unwrap().layout().required_len() <= buf.len());
}
