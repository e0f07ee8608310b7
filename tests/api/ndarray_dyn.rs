//! Runtime-rank conversions with ndarray (feature `ndarray`): `IxDyn`
//! views of ranks 0..=8 with negative and zero strides become rank-N views
//! through `with_rank!` and come back as the same elements.
// LayoutError is large by design (it carries the numbers).
#![allow(clippy::result_large_err)]

use constrided::convert::{arrayd_from_layout, arrayd_into_parts};
use constrided::{with_rank, DynLayout, Layout, LayoutError, StridedView, StridedViewMut};
use ndarray::{ArrayD, ArrayViewD, Axis, IxDyn, Slice};

fn elems<const N: usize>(_: Layout<N>, a: ArrayViewD<'_, i64>) -> Result<Vec<i64>, LayoutError> {
    let v = StridedView::<i64, N>::try_from(a.clone())?;
    // Round trip: the same elements at the same addresses.
    let back = v.to_ndarray_dyn();
    assert_eq!(back, a);
    assert_eq!(back.as_ptr(), a.as_ptr());
    Ok(v.to_vec())
}

#[test]
fn every_rank_with_flips_and_broadcasts() {
    for rank in 0..=8usize {
        let shape: Vec<usize> = (0..rank).map(|k| 1 + (k % 3)).collect();
        let n: usize = shape.iter().product();
        let a = ArrayD::from_shape_vec(IxDyn(&shape), (0..n as i64).collect()).unwrap();
        let mut v = a.view();
        for k in 0..rank {
            if k % 2 == 0 {
                v.invert_axis(Axis(k));
            }
        }
        if rank > 1 {
            v.swap_axes(0, rank - 1);
        }
        let l = DynLayout::of_ndarray(&v).unwrap();
        let got = with_rank!(l, |fixed| elems(fixed, v.clone())).unwrap();
        assert_eq!(got, v.iter().copied().collect::<Vec<_>>(), "rank {rank}");
        // A broadcast (zero stride) reads fine.
        if rank > 0 && shape[0] == 1 {
            let mut big = shape.clone();
            big[0] = 3;
            let b = a.broadcast(IxDyn(&big)).unwrap();
            let lb = DynLayout::of_ndarray(&b).unwrap();
            let got = with_rank!(lb, |fixed| elems(fixed, b.clone())).unwrap();
            assert_eq!(got, b.iter().copied().collect::<Vec<_>>());
        }
    }
}

#[test]
fn mutable_views_and_owned_arrays() {
    let mut a = ArrayD::<i32>::zeros(IxDyn(&[3, 4]));
    {
        let mut sl = a.slice_axis_mut(Axis(1), Slice::new(0, None, -2));
        sl.swap_axes(0, 1);
        let mut v = StridedViewMut::<i32, 2>::try_from(sl).unwrap();
        v.fill(5);
        let mut back = v.into_ndarray_dyn();
        back[[0, 0]] = 9;
    }
    assert_eq!(a[[0, 3]], 9);
    assert_eq!(a.iter().filter(|&&x| x == 5).count(), 5);
    assert!(matches!(
        StridedView::<i32, 1>::try_from(a.view()),
        Err(LayoutError::RankMismatch {
            expected: 1,
            found: 2
        })
    ));
    let t = a.clone().reversed_axes();
    let (vec, l) = arrayd_into_parts(t.clone()).unwrap();
    assert_eq!(arrayd_from_layout(&vec, &l).unwrap(), t);
}
