//! Every unsafe path of the views at tiny sizes, for Miri
//! (`cargo +nightly miri test --test miri_views`).

use constrided::{strided, Layout, StridedArray, StridedView, StridedViewMut};

#[test]
fn get_index_and_iterators() {
    let buf: Vec<u32> = (0..12).collect();
    let v = StridedView::new(&buf, Layout::new([3, 2], [-4, 3], 8).unwrap()).unwrap();
    assert_eq!(v[[0, 1]], 11);
    assert_eq!(v.get([2, 0]), Some(&0));
    // SAFETY: (1, 1) is in range.
    assert_eq!(unsafe { *v.get_unchecked([1, 1]) }, 7);
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), [8, 11, 4, 7, 0, 3]);
    assert_eq!(v.indexed_iter().next_back(), Some(([2, 1], &3)));
    assert_eq!(v.into_iter().count(), 6);
    let s = StridedView::new(&buf, Layout::new([2, 3], [3, 1], 4).unwrap()).unwrap();
    assert_eq!(s.as_slice(), Some(&buf[4..10]));
}

#[test]
fn mutable_paths() {
    let mut buf = [0i32; 12];
    {
        let mut m = StridedViewMut::new(&mut buf, Layout::contiguous([3, 4])).unwrap();
        m[[1, 1]] = 5;
        *m.get_mut([2, 3]).unwrap() = 6;
        for (k, e) in m.reborrow().t().iter_mut().enumerate() {
            *e += k as i32;
        }
        for ([i, j], e) in m.indexed_iter_mut() {
            *e += (10 * i + j) as i32 * 100;
        }
        m.as_mut_slice().unwrap()[0] = -1;
        let (mut top, mut bottom) = m.split_at(0, 1).unwrap();
        top.fill(7);
        for e in bottom.iter_mut() {
            *e *= 2;
        }
        let (mut l, r) = bottom.split_at(1, 2).unwrap();
        l.map_inplace(|e| *e += 1);
        r.into_iter().for_each(|e| *e -= 1);
    }
    assert_eq!(&buf[..4], &[7, 7, 7, 7]);
    assert_eq!(buf[4], (100 * 10 + 1) * 2 + 1);
}

#[test]
fn raw_parts_and_as_strided() {
    let mut buf = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    // SAFETY: buf holds the 9 elements and only the view uses it meanwhile.
    let m = unsafe { StridedViewMut::from_raw_parts(buf.as_mut_ptr(), Layout::contiguous([3, 3])) };
    let mut d = m.as_strided([3], [4], 0).unwrap();
    d.fill(0);
    assert_eq!(buf, [0, 2, 3, 4, 0, 6, 7, 8, 0]);
    // SAFETY: as above, read only.
    let v = unsafe { StridedView::from_raw_parts(buf.as_ptr(), Layout::contiguous([9])) };
    assert_eq!(
        v.as_strided([2, 2], [2, 3], 2).unwrap().to_vec(),
        [3, 6, 0, 8]
    );
    assert_eq!(v.flip(0).unwrap().to_vec()[0], 0);
}

#[test]
fn array_and_static_views() {
    let mut a = StridedArray::from_shape_fn([2, 3], |[i, j]| (i * 3 + j) as i16);
    a.view_mut().t().map_inplace(|e| *e *= 2);
    assert_eq!(a.view().to_vec(), [0, 2, 4, 6, 8, 10]);
    a[[1, 2]] = 1;
    assert_eq!(a.into_vec()[5], 1);
    let mut arr = [0u8; 12];
    let mut m = strided!(&mut arr; shape = (2, 3), strides = (4, 3));
    m.fill(9);
    let v = strided!(&arr; shape = (2, 2), strides = (3, 1), offset = 3);
    assert_eq!(v.to_array().as_slice(), &[9, 9, 9, 9]);
}

#[test]
fn split_halves_stay_apart() {
    let mut buf = [0u8; 6];
    let m = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3])).unwrap();
    let (mut a, mut b) = m.split_at(1, 1).unwrap();
    let av = a.view();
    // A shared view of one half cannot reach the other (which is written
    // below while `av` is alive).
    assert!(av.as_strided([6], [1], 0).is_err());
    b.fill(2);
    assert_eq!(av.to_vec(), [0, 0]);
    a.fill(1);
    assert_eq!(buf, [1, 2, 2, 1, 2, 2]);
}
