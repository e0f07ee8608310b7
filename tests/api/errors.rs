//! Bad input returns the matching `LayoutError`, whose message names the
//! numbers; nothing panics except out-of-range indexing.

use constrided::{
    s, Dims, Layout, LayoutError, ShapeArg, Slice, StridedArray, StridedView, StridedViewMut, Zip,
};

#[test]
fn negative_reach_names_the_position() {
    let e = Layout::new([4, 3], [-20, 2], 22).unwrap_err();
    assert_eq!(e, LayoutError::NegativeReach { position: -38 });
    assert_eq!(
        e.to_string(),
        "layout reaches position -38, below the start of the buffer"
    );
}

#[test]
fn overflow_and_huge_shapes() {
    assert!(matches!(
        Layout::new([usize::MAX], [1], 0),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Layout::new([usize::MAX, usize::MAX], [1, 1], 0),
        Err(LayoutError::ElementCountOverflow { .. })
    ));
    assert!(matches!(
        Layout::new([3], [isize::MAX], 0),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Layout::new([3], [isize::MIN], usize::MAX),
        Err(LayoutError::NegativeReach { .. })
    ));
    assert!(matches!(
        Layout::<1>::try_contiguous([usize::MAX]),
        Err(LayoutError::Overflow { .. })
    ));
    assert!(matches!(
        Layout::<2>::try_contiguous([usize::MAX, 2]),
        Err(LayoutError::ElementCountOverflow { .. })
    ));
    assert_eq!(
        Layout::new([], [], usize::MAX).unwrap_err(),
        LayoutError::Overflow {
            position: usize::MAX as i128
        }
    );
    // Empty layouts are always valid, whatever the numbers.
    assert!(Layout::new([0, usize::MAX], [isize::MIN, isize::MAX], usize::MAX).is_ok());
    let msg = LayoutError::Overflow { position: 27 }.to_string();
    assert!(
        msg.contains("27") && msg.contains(&isize::MAX.to_string()),
        "{msg}"
    );
    // Transforms of huge broadcast layouts do not panic either.
    let b = Layout::new([usize::MAX / 2, 1], [0, 0], 0).unwrap();
    assert!(b.reshape([usize::MAX / 2]).is_ok());
    assert!(matches!(
        b.reshape([3, 5]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    assert!(matches!(
        b.broadcast_to([usize::MAX, 2, usize::MAX]),
        Err(LayoutError::NotBroadcastable { .. }) | Err(LayoutError::ElementCountOverflow { .. })
    ));
    assert!(b
        .slice([
            Slice::new(Some(isize::MIN), Some(isize::MAX), isize::MAX),
            Slice::full()
        ])
        .is_ok());
    assert!(b
        .slice([Slice::new(None, None, isize::MIN), Slice::full()])
        .is_ok());
}

#[test]
fn short_buffer() {
    let buf = [0u8; 50];
    let l = Layout::new([4, 3], [20, 2], 22).unwrap();
    let e = StridedView::new(&buf, l).unwrap_err();
    assert_eq!(
        e,
        LayoutError::OutOfBounds {
            required: 87,
            len: 50
        }
    );
    assert_eq!(
        e.to_string(),
        "layout needs a buffer of at least 87 elements, but the buffer has 50"
    );
    let mut m = [0u8; 50];
    assert_eq!(StridedViewMut::new(&mut m, l).unwrap_err(), e);
}

#[test]
fn aliasing_names_two_indices() {
    let mut buf = [0u8; 9];
    let e = StridedViewMut::new(&mut buf, Layout::new([3, 3], [1, 1], 0).unwrap()).unwrap_err();
    assert_eq!(
        e,
        LayoutError::Aliasing {
            indices: Some((Dims::new(&[0, 1]), Dims::new(&[1, 0])))
        }
    );
    assert_eq!(
        e.to_string(),
        "layout aliases: indices (0, 1) and (1, 0) reach the same position, so it cannot back a mutable view"
    );
}

#[test]
fn axis_permutation_step_errors() {
    let l = Layout::contiguous([2, 3]);
    assert_eq!(
        l.transpose(0, 2),
        Err(LayoutError::AxisOutOfRange { axis: 2, rank: 2 })
    );
    assert_eq!(
        l.flip(5),
        Err(LayoutError::AxisOutOfRange { axis: 5, rank: 2 })
    );
    assert_eq!(
        l.index_axis::<1>(0, 2),
        Err(LayoutError::IndexOutOfRange {
            axis: 0,
            index: 2,
            size: 2
        })
    );
    assert_eq!(
        l.split_at(1, 4),
        Err(LayoutError::IndexOutOfRange {
            axis: 1,
            index: 4,
            size: 3
        })
    );
    assert_eq!(
        l.permute([1, 1]),
        Err(LayoutError::InvalidPermutation {
            axes: Dims::new(&[1, 1])
        })
    );
    assert_eq!(
        l.permute([0, 7]),
        Err(LayoutError::InvalidPermutation {
            axes: Dims::new(&[0, 7])
        })
    );
    assert_eq!(
        LayoutError::InvalidPermutation {
            axes: Dims::new(&[1, 1])
        }
        .to_string(),
        "axes (1, 1) are not a permutation of 0..2"
    );
    assert_eq!(
        l.slice(s![..;0, ..]),
        Err(LayoutError::ZeroStep { axis: 0 })
    );
    assert_eq!(
        l.insert_axis::<3>(3),
        Err(LayoutError::AxisOutOfRange { axis: 3, rank: 3 })
    );
    assert!(matches!(
        l.remove_axis::<1>(0),
        Err(LayoutError::ShapeMismatch { .. })
    ));
}

#[test]
fn broadcast_and_reshape_errors() {
    let l = Layout::contiguous([3, 1]);
    let e = l.broadcast_to([3, 4, 2]).unwrap_err();
    assert_eq!(
        e,
        LayoutError::NotBroadcastable {
            from: Dims::new(&[3, 1]),
            to: Dims::new(&[3, 4, 2]),
            axis: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "shape (3, 1) cannot be broadcast to (3, 4, 2): sizes disagree at axis 1 of the target"
    );
    assert!(matches!(
        Layout::contiguous([2, 3]).broadcast_to([3]),
        Err(LayoutError::NotBroadcastable { .. })
    ));
    let t = Layout::contiguous([3, 4]).t();
    let e = t.reshape([12]).unwrap_err();
    assert_eq!(
        e,
        LayoutError::NotViewable {
            from: Dims::new(&[4, 3]),
            to: Dims::new(&[12])
        }
    );
    assert!(matches!(
        t.reshape([13]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    // NumPy agrees on these viewable cases.
    assert!(t.reshape([4, 3, 1]).is_ok());
    assert!(t.reshape([2, 2, 3]).is_ok());
    assert!(t.reshape([4, 1, 3]).is_ok());
}

#[test]
fn kernel_shape_mismatch_and_lengths() {
    let a = [1, 2, 3, 4, 5, 6];
    let src = StridedView::new(&a, Layout::contiguous([2, 3])).unwrap();
    let mut b = [0; 6];
    let mut dst = StridedViewMut::new(&mut b, Layout::contiguous([3, 2])).unwrap();
    let e = dst.assign(&src).unwrap_err();
    assert_eq!(
        e,
        LayoutError::ShapeMismatch {
            expected: Dims::new(&[3, 2]),
            found: Dims::new(&[2, 3]),
            arg: ShapeArg::Source,
        }
    );
    assert_eq!(
        e.to_string(),
        "the source has shape (2, 3), but the destination has shape (3, 2)"
    );
    assert!(matches!(
        dst.copy_from_slice(&[1, 2]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    assert!(matches!(
        src.copy_to_slice(&mut [0; 7]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    assert!(matches!(
        StridedArray::from_vec([2, 2], vec![1, 2, 3]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    let row = [1, 2];
    let rv = StridedView::new(&row, Layout::contiguous([2])).unwrap();
    let mut c = [0; 6];
    let mut m = StridedViewMut::new(&mut c, Layout::contiguous([2, 3])).unwrap();
    assert!(matches!(
        m.zip_with(&rv, |x, y| *x = *y),
        Err(LayoutError::NotBroadcastable { .. })
    ));
}

#[test]
fn as_strided_is_checked() {
    let buf = [0u8; 9];
    let v = StridedView::new(&buf, Layout::contiguous([3, 3])).unwrap();
    assert_eq!(
        v.as_strided([2, 2], [2, 3], 6).unwrap_err(),
        LayoutError::OutOfBounds {
            required: 12,
            len: 9
        }
    );
    assert!(matches!(
        v.as_strided([2], [-1], 0),
        Err(LayoutError::NegativeReach { position: -1 })
    ));
    let mut m = [0u8; 9];
    let mv = StridedViewMut::new(&mut m, Layout::contiguous([3, 3])).unwrap();
    assert!(matches!(
        mv.as_strided([3, 3], [1, 1], 0),
        Err(LayoutError::Aliasing { .. })
    ));
    // Halves of a split may not reach the whole buffer again.
    let mut m = [0u8; 9];
    let mv = StridedViewMut::new(&mut m, Layout::contiguous([3, 3])).unwrap();
    let (a, b) = mv.split_at(0, 1).unwrap();
    // Nor may a shared view of one: the sibling could be writing there.
    assert_eq!(
        a.view().as_strided([9], [1], 0).unwrap_err(),
        LayoutError::NotExclusive
    );
    assert_eq!(
        a.view().t().as_strided([1], [1], 0).unwrap_err(),
        LayoutError::NotExclusive
    );
    assert_eq!(
        a.as_strided([9], [1], 0).unwrap_err(),
        LayoutError::NotExclusive
    );
    assert!(b.view().as_strided([1], [1], 0).is_err());
    // A shared view of a whole mutable view may.
    let mut m = [0u8; 9];
    let mv = StridedViewMut::new(&mut m, Layout::contiguous([3, 3])).unwrap();
    let w = mv.slice([Slice::full(), Slice::from(..1)]).unwrap();
    assert!(w.view().as_strided([9], [1], 0).is_ok());
    assert!(LayoutError::NotExclusive.to_string().contains("split_at"));
}

#[test]
#[should_panic(expected = "index (2, 0) is out of range for shape (2, 3)")]
fn indexing_out_of_range_panics_with_index_and_shape() {
    let a = [0; 6];
    let v = StridedView::new(&a, Layout::contiguous([2, 3])).unwrap();
    let _ = v[[2, 0]];
}

#[test]
#[should_panic(expected = "index (0, 3) is out of range for shape (2, 3)")]
fn mutable_indexing_out_of_range_panics() {
    let mut a = [0; 6];
    let mut v = StridedViewMut::new(&mut a, Layout::contiguous([2, 3])).unwrap();
    v[[0, 3]] = 1;
}

// Each shape error says which argument is wrong and gives both numbers.
#[test]
fn shape_errors_name_the_argument() {
    let x: Vec<i32> = (0..12).collect();
    let v = StridedView::new(&x, Layout::contiguous([3, 4])).unwrap();
    let text = |e: LayoutError| e.to_string();
    // A window larger than the view.
    assert_eq!(
        text(v.windows([4, 1]).err().unwrap()),
        "window 4 on axis 0 is larger than the axis' size 3 (window (4, 1), view shape (3, 4))"
    );
    assert_eq!(
        text(v.windows([1, 5]).err().unwrap()),
        "window 5 on axis 1 is larger than the axis' size 4 (window (1, 5), view shape (3, 4))"
    );
    // from_vec with a wrong length.
    assert_eq!(
        text(StridedArray::from_vec([2, 3], vec![0; 5]).unwrap_err()),
        "the vector has 5 elements, but shape (2, 3) has 6"
    );
    // A Zip operand of another shape, numbered in call order.
    let t = v.t();
    assert_eq!(
        text(Zip::from(v).and(t).err().unwrap()),
        "Zip operand 2 has shape (4, 3), but operand 1 has shape (3, 4)"
    );
    assert_eq!(
        text(Zip::from(v).and(v).unwrap().and(t).err().unwrap()),
        "Zip operand 3 has shape (4, 3), but operand 1 has shape (3, 4)"
    );
    // Copies: source against destination.
    let mut y = [0; 12];
    let mut d = StridedViewMut::new(&mut y, Layout::contiguous([4, 3])).unwrap();
    assert_eq!(
        text(d.assign(&v).unwrap_err()),
        "the source has shape (3, 4), but the destination has shape (4, 3)"
    );
    assert_eq!(
        text(constrided::kernel::rearrange(&mut d, &v).unwrap_err()),
        "the source has shape (3, 4), but the destination has shape (4, 3)"
    );
    // Slices against the view's element count.
    assert_eq!(
        text(v.copy_to_slice(&mut [0; 7]).unwrap_err()),
        "the slice has 7 elements, but the view has 12"
    );
    assert_eq!(
        text(d.copy_from_slice(&[1, 2]).unwrap_err()),
        "the slice has 2 elements, but the view has 12"
    );
    // A reduction's destination against the result's shape.
    let mut z = [0; 3];
    let mut r = StridedViewMut::new(&mut z, Layout::contiguous([3])).unwrap();
    assert_eq!(
        text(v.fold_axis_into(0, &mut r, |a, &b| *a += b).unwrap_err()),
        "the destination has shape (3,), but the result has shape (4,)"
    );
    // Reshape: both element counts.
    assert_eq!(
        text(Layout::contiguous([3, 4]).reshape([13]).unwrap_err()),
        "cannot reshape shape (3, 4) of 12 elements into (13,) of 13 elements"
    );
    // Removing an axis that is not of size 1.
    assert_eq!(
        text(Layout::contiguous([3, 4]).remove_axis::<1>(1).unwrap_err()),
        "axis 1 has size 4; only an axis of size 1 can be removed"
    );
    // Strides of another length than the shape (runtime rank).
    assert_eq!(
        text(constrided::layout::math::extent(&[4, 3], &[1], 0).unwrap_err()),
        "shape (4, 3) has 2 axes, but 1 strides were given"
    );
}
