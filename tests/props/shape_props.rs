//! `to_shape` (a view exactly when NumPy's `reshape(copy=False)` can make
//! one, else a row-major copy), `into_shape` and `from_shape_vec`, against
//! the model's port of NumPy's rule and brute-force element order, on
//! random layouts (negative and zero strides, empty and size-1 axes).

use super::model;

use constrided::{CowView, Layout, LayoutError, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn layout<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 10 => 1usize..=4]),
        proptest::array::uniform::<_, N>(-6isize..=6),
        0usize..3,
    )
        .prop_map(|(shape, strides, extra)| {
            let offset = extra
                + (0..N)
                    .filter(|&k| strides[k] < 0)
                    .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
                    .sum::<usize>();
            Layout::new(shape, strides, offset).unwrap()
        })
}

// Shapes of the same element count: [n], [n/d, d] for divisors, and
// [a, 1, b] forms.
fn targets2(n: usize) -> Vec<[usize; 2]> {
    let mut out: Vec<[usize; 2]> = (1..=n.max(1))
        .filter(|d| n.is_multiple_of(*d))
        .map(|d| [n / d, d])
        .collect();
    if n == 0 {
        out.extend([[0, 3], [3, 0], [0, 0]]);
    }
    out
}

fn check<const N: usize>(l: Layout<N>) {
    let buf: Vec<i64> = (0..l.required_len() as i64 + 1).collect();
    let v = StridedView::new(&buf, l).unwrap();
    let elems = v.to_vec();
    let n = l.numel();
    for t in targets2(n) {
        let r = v.to_shape(t).unwrap();
        let nocopy = numpy_reshape(&l.shape(), &l.strides(), &t).is_some();
        assert_eq!(r.is_view(), nocopy, "{l:?} -> {t:?}");
        assert_eq!(r.shape(), t);
        assert_eq!(r.view().to_vec(), elems);
        if let CowView::View(w) = &r {
            // A view: the same memory.
            if n > 0 {
                assert!(std::ptr::eq(&w[[0, 0]], v.iter().next().unwrap()));
            }
        }
        match v.into_shape(t) {
            Ok(w) => {
                assert!(nocopy);
                assert_eq!(w.to_vec(), elems);
            }
            Err(e) => {
                assert!(!nocopy);
                assert!(matches!(e, LayoutError::NotViewable { .. }), "{e}");
            }
        }
        assert_eq!(r.into_owned().into_vec(), elems);
    }
    let flat = v.to_shape([n]).unwrap();
    assert_eq!(flat.view().to_vec(), elems);
    assert!(matches!(
        v.to_shape([n + 1]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    // Arrays: always a view; into_shape keeps the buffer.
    let a = v.to_owned();
    assert!(a.to_shape([n]).unwrap().is_view());
    let p = a.as_slice().as_ptr();
    let b = a.into_shape([1, n]).unwrap();
    assert_eq!(b.as_slice().as_ptr(), p);
    assert_eq!(b.into_vec(), elems);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 96 }))]
    #[test]
    fn rank2(l in layout::<2>()) { check(l) }
    #[test]
    fn rank3(l in layout::<3>()) { check(l) }
}

#[test]
fn mutable_views_and_from_shape_vec() {
    let mut x: Vec<i32> = (0..6).collect();
    let m = StridedViewMut::from_shape([2, 3], &mut x).unwrap();
    assert!(m.to_shape([3, 2]).unwrap().is_view());
    let mut m = m.into_shape([3, 2]).unwrap();
    m[[2, 1]] = 50;
    assert!(m.t_mut().to_shape([6]).unwrap().is_owned());
    assert_eq!(x[5], 50);
    let a = StridedArray::from_shape_vec([2, 2], vec![1, 2, 3, 4]).unwrap();
    assert_eq!(a, StridedArray::from_vec([2, 2], vec![1, 2, 3, 4]).unwrap());
    assert_eq!(
        StridedArray::from_shape_vec([2, 2], vec![1])
            .unwrap_err()
            .to_string(),
        "the vector has 1 elements, but shape (2, 2) has 4"
    );
    assert_eq!(
        a.into_shape([3]).unwrap_err().to_string(),
        "cannot reshape shape (2, 2) of 4 elements into (3,) of 3 elements"
    );
}
