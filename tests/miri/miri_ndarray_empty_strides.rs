//! Third audit: an empty view converted to ndarray must not hand ndarray
//! strides that move its pointer outside the buffer. ndarray's
//! `from_shape_ptr` contract requires that offsetting the pointer along
//! every axis stays valid *even when the array is empty*, and ndarray's
//! safe methods rely on it: `invert_axis` (used by the conversion itself
//! for negative strides) and `slice` move the pointer by
//! `stride · index` along a non-empty axis of an empty array. Keeping an
//! empty layout's strides whenever they fit `isize` is not enough: they
//! must fit the buffer. Runs natively and under Miri (stacked and tree
//! borrows): "in-bounds pointer arithmetic failed" before the fix.

use constrided::{Layout, StridedView, StridedViewMut};
use ndarray::s;

// A 4-element buffer; an empty layout [0, 3] whose second axis has a
// stride of -1000 (it fits isize, but not the buffer).
fn layout() -> Layout<2> {
    Layout::new([0, 3], [1, -1000], 2000).unwrap()
}

#[test]
fn empty_view_with_negative_strides_past_the_buffer_converts() {
    let buf = [1u32, 2, 3, 4];
    let v = StridedView::new(&buf, layout()).unwrap();
    let a = v.to_ndarray();
    assert_eq!((a.shape(), a.len()), (&[0, 3][..], 0));
    let d = v.to_ndarray_dyn();
    assert_eq!((d.shape(), d.len()), (&[0, 3][..], 0));
    let mut b = [0u32; 4];
    let m = StridedViewMut::new(&mut b, layout()).unwrap();
    assert_eq!(m.into_ndarray().len(), 0);
    let m = StridedViewMut::new(&mut b, layout()).unwrap();
    assert_eq!(m.into_ndarray_dyn().len(), 0);
}

#[test]
fn empty_view_with_positive_strides_past_the_buffer_slices_safely() {
    let buf = [1u32, 2, 3, 4];
    let l = Layout::new([0, 3], [1, 1000], 0).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    // ndarray's safe slicing moves the pointer by 2 · stride along axis 1.
    let a = v.to_ndarray();
    let t = a.slice(s![.., 2..]);
    assert_eq!(t.shape(), &[0, 1]);
    let d = v.to_ndarray_dyn();
    let t = d.slice(s![.., 2..]);
    assert_eq!(t.shape(), &[0, 1]);
}

// Strides that fit the buffer are kept (what ndarray would show).
#[test]
fn empty_view_strides_inside_the_buffer_are_kept() {
    let buf = [0u32; 12];
    let v = StridedView::new(&buf, Layout::new([0, 3], [4, 1], 0).unwrap()).unwrap();
    assert_eq!(v.to_ndarray().strides(), &[4, 1]);
}
