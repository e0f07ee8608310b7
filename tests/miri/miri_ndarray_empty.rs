//! Issue 15, finding 4: converting an empty view to ndarray must not
//! offset the pointer by the empty layout's (meaningless, unchecked)
//! offset, and must hand ndarray only shapes and strides it accepts.
//! Runs natively and under Miri.

use constrided::{Layout, StridedView, StridedViewMut};

#[test]
fn empty_views_with_huge_offsets_convert() {
    let buf = [0u32; 4];
    let l = Layout::new([0, 3], [1, 1], 1000).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    assert_eq!(v.to_ndarray().shape(), &[0, 3]);
    assert_eq!(v.to_ndarray_dyn().shape(), &[0, 3]);
    let mut b = [0u32; 4];
    let m = StridedViewMut::new(&mut b, l).unwrap();
    assert_eq!(m.into_ndarray().shape(), &[0, 3]);
    let m = StridedViewMut::new(&mut b, l).unwrap();
    assert_eq!(m.into_ndarray_dyn().shape(), &[0, 3]);
}

#[test]
fn empty_views_with_huge_strides_convert() {
    let buf = [0u8; 2];
    let l = Layout::new([0, 5, 7], [1, isize::MAX, isize::MIN + 1], usize::MAX / 2).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    let a = v.to_ndarray();
    assert_eq!((a.shape(), a.len()), (&[0, 5, 7][..], 0));
    let a = v.to_ndarray_dyn();
    assert_eq!((a.shape(), a.len()), (&[0, 5, 7][..], 0));
    let mut b = [0u8; 2];
    let m = StridedViewMut::new(&mut b, l).unwrap();
    assert_eq!(m.into_ndarray().len(), 0);
    let m = StridedViewMut::new(&mut b, l).unwrap();
    assert_eq!(m.into_ndarray_dyn().len(), 0);
}

#[test]
fn non_empty_views_still_convert_with_their_offset() {
    let buf: Vec<u32> = (0..12).collect();
    let v = StridedView::new(&buf, Layout::new([2, 3], [-3, 1], 7).unwrap()).unwrap();
    assert_eq!(v.to_ndarray(), ndarray::array![[7, 8, 9], [4, 5, 6]]);
    assert_eq!(v.to_ndarray_dyn()[[1, 2]], 6);
}

#[test]
fn a_size_one_axis_with_stride_isize_min_converts() {
    let buf = [5u16, 6];
    let l = Layout::new([1, 2], [isize::MIN, 1], 0).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    assert_eq!(v.to_ndarray(), ndarray::array![[5, 6]]);
    assert_eq!(v.to_ndarray_dyn().shape(), &[1, 2]);
}
