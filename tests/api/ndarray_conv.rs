//! Zero-copy conversions with ndarray (feature `ndarray`), negative and zero
//! strides included: both directions see the same elements at the same
//! addresses.

use constrided::{Layout, StridedView, StridedViewMut};
use ndarray::{s, Array3, ArrayView2, ArrayViewMut2};

#[test]
fn ndarray_views_convert_both_ways() {
    let a = Array3::from_shape_fn((3, 4, 5), |(i, j, k)| (100 * i + 10 * j + k) as i32);
    let views = [
        a.view(),
        a.slice(s![..;-1, .., ..]),
        a.slice(s![.., 1..;2, ..;-2]),
        a.view().permuted_axes([2, 0, 1]),
        a.slice(s![..;-1, ..;-1, ..;-1]).reversed_axes(),
    ];
    for nd in views {
        let v = StridedView::try_from(nd).unwrap();
        assert_eq!(v.shape().to_vec(), nd.shape().to_vec());
        assert_eq!(v.to_vec(), nd.iter().copied().collect::<Vec<_>>());
        for (idx, e) in v.indexed_iter() {
            assert!(std::ptr::eq(e, &nd[idx]));
        }
        let back = v.to_ndarray();
        assert_eq!(back, nd);
        assert_eq!(back.as_ptr(), nd.as_ptr());
        assert_eq!(back.strides(), nd.strides());
    }
}

#[test]
fn broadcast_views_convert_and_mut_views_write_through() {
    let row = [1, 2, 3];
    let r = ndarray::ArrayView1::from(&row);
    let b = r.broadcast((4, 3)).unwrap();
    let v = StridedView::try_from(b).unwrap();
    assert_eq!(v.strides(), [0, 1]);
    assert_eq!(v.to_vec(), [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
    let back: ArrayView2<i32> = v.to_ndarray();
    assert_eq!(back.strides(), &[0, 1]);

    let mut data = [0i32; 12];
    {
        let nd = ArrayViewMut2::from_shape((3, 4), &mut data)
            .unwrap()
            .reversed_axes();
        let mut m = StridedViewMut::try_from(nd.slice_move(s![..;-1, ..])).unwrap();
        m[[0, 0]] = 7; // nd[3, 0] = data[3]
        m.fill(1);
    }
    assert_eq!(data, [1; 12]);
    let mut data = [0i32; 6];
    let m = StridedViewMut::new(&mut data, Layout::contiguous([2, 3]))
        .unwrap()
        .flip(1)
        .unwrap();
    let mut nd = m.into_ndarray();
    nd[[0, 0]] = 5;
    assert_eq!(data[2], 5);
}
