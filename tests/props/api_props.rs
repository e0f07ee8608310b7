//! The ndarray/NumPy-style API against the naive model (tests/model):
//! double-ended iterators, outer_iter/axis_iter/lanes/windows/diagonal (and
//! their mutable twins), s![] with integer indices, PartialEq, to_owned,
//! zeros, from_shape_fn, and as_strided on converted ndarray views.

use super::model;

use constrided::{s, Layout, LayoutError, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

fn buffer(len: usize) -> Vec<i64> {
    (0..len as i64).map(|i| 1000 + i).collect()
}

fn elems<const N: usize>(buf: &[i64], l: &Layout<N>) -> Vec<i64> {
    positions(l.shape(), l.strides(), l.offset())
        .iter()
        .map(|&p| buf[p as usize])
        .collect()
}

// Indices of `shape` with `axis` fixed at 0 (the lanes' starts), row-major.
fn starts<const N: usize>(shape: [usize; N], axis: usize) -> Vec<[usize; N]> {
    let mut s = shape;
    s[axis] = 1;
    indices(s)
}

fn pos_of<const N: usize>(l: &Layout<N>, i: [usize; N]) -> usize {
    position(l.strides(), l.offset(), i) as usize
}

fn check_iters<const N: usize>(l: Layout<N>, buf: &[i64], cut: usize) {
    let v = StridedView::new(buf, l).unwrap();
    let want = elems(buf, &l);
    let rev: Vec<i64> = v.iter().rev().copied().collect();
    let mut w = want.clone();
    w.reverse();
    assert_eq!(rev, w);
    // Front and back meet in the middle, with exact lengths throughout.
    let mut it = v.indexed_iter();
    let idx = indices(l.shape());
    let cut = cut.min(want.len());
    for (k, i) in idx.iter().enumerate().take(cut) {
        assert_eq!(it.len(), want.len() - k);
        assert_eq!(it.next(), Some((*i, &want[k])));
    }
    let mut back = want.len();
    while let Some((i, e)) = it.next_back() {
        back -= 1;
        assert_eq!((i, *e), (idx[back], want[back]));
        assert_eq!(it.len(), back - cut);
    }
    assert_eq!(back, cut);
    assert_eq!(it.next(), None);
    // IterMut backwards writes each element once, in reverse order.
    let mut mbuf = buf.to_vec();
    if let Ok(mut m) = StridedViewMut::new(&mut mbuf, l) {
        for (k, e) in m.iter_mut().rev().enumerate() {
            *e = -(k as i64);
        }
        let mut expect = buf.to_vec();
        for (k, i) in idx.iter().rev().enumerate() {
            expect[pos_of(&l, *i)] = -(k as i64);
        }
        assert_eq!(mbuf, expect);
        let mut mbuf2 = buf.to_vec();
        let mut m2 = StridedViewMut::new(&mut mbuf2, l).unwrap();
        for (k, (i, e)) in m2.indexed_iter_mut().rev().enumerate() {
            assert_eq!(i, idx[idx.len() - 1 - k]);
            *e = -(k as i64);
        }
        assert_eq!(mbuf2, expect);
    }
}

fn check_eq_owned<const N: usize>(l: Layout<N>, buf: &[i64]) {
    let v = StridedView::new(buf, l).unwrap();
    let a = v.to_owned();
    assert_eq!(a.layout(), Layout::contiguous(l.shape()));
    assert_eq!(a.as_slice(), &elems(buf, &l)[..]);
    assert!(a == v);
    assert!(v == a);
    assert!(v == a.view());
    assert!(a.view() == v);
    // Another layout with the same elements is equal; any change is not.
    let t = a.view();
    let f = StridedArray::from_shape_fn(l.shape(), |i| v[i]);
    assert_eq!(f, a);
    assert_eq!(f, t);
    if !a.as_slice().is_empty() {
        let mut b = a.clone();
        b.as_mut_slice()[0] += 1;
        assert!(b != a);
        assert!(b != v);
        assert!(v != b.view());
    }
    let mut mbuf = buf.to_vec();
    if let Ok(m) = StridedViewMut::new(&mut mbuf, l) {
        assert!(m == v);
        assert!(v == m);
        assert!(m == a);
        assert!(a == m);
        assert_eq!(m.to_owned(), a);
    }
    let z = StridedArray::<i64, N>::zeros(l.shape());
    assert!(z.as_slice().iter().all(|&x| x == 0));
    assert_eq!(z.layout(), Layout::contiguous(l.shape()));
}

macro_rules! api_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn iterators_and_equality(
                    (shape, strides, offset) in raw_layout::<$n>(),
                    cut in 0usize..20,
                ) {
                    let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
                    let buf = buffer(l.required_len());
                    check_iters(l, &buf, cut);
                    check_eq_owned(l, &buf);
                }

                #[test]
                fn sub_views(
                    (shape, strides, offset) in raw_layout::<$n>(),
                    axis in 0usize..=$n,
                    grow in proptest::array::uniform::<_, $n>(0usize..=2),
                    extra in 0usize..=1,
                ) {
                    let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
                    let buf = buffer(l.required_len());
                    let v = StridedView::new(&buf, l).unwrap();
                    if axis == $n {
                        prop_assert_eq!(v.axis_iter::<{ $n - 1 }>(axis).unwrap_err(), LayoutError::AxisOutOfRange { axis, rank: $n });
                        prop_assert!(v.lanes(axis).is_err());
                        return Ok(());
                    }
                    // axis_iter: the model's index_axis at every index.
                    let subs: Vec<Vec<i64>> = v.axis_iter(axis).unwrap().map(|s| s.to_vec()).collect();
                    prop_assert_eq!(subs.len(), shape[axis]);
                    for (i, s) in subs.iter().enumerate() {
                        let li: Layout<{ $n - 1 }> = l.index_axis(axis, i).unwrap();
                        prop_assert_eq!(s, &elems(&buf, &li));
                    }
                    let mut rev: Vec<Vec<i64>> = v.axis_iter(axis).unwrap().rev().map(|s| s.to_vec()).collect();
                    rev.reverse();
                    prop_assert_eq!(&rev, &subs);
                    if axis == 0 {
                        let outer: Vec<Vec<i64>> = v.outer_iter().map(|s| s.to_vec()).collect();
                        prop_assert_eq!(&outer, &subs);
                    }
                    // lanes: one per index of the other axes, row-major.
                    let lanes: Vec<Vec<i64>> = v.lanes(axis).unwrap().map(|s| s.to_vec()).collect();
                    let st = if l.is_empty() && shape[axis] != 0 { vec![] } else { starts(shape, axis) };
                    let st: Vec<_> = if st.iter().any(|_| shape.iter().enumerate().any(|(k, &n)| k != axis && n == 0)) { vec![] } else { st };
                    prop_assert_eq!(lanes.len(), st.len());
                    for (lane, s0) in lanes.iter().zip(&st) {
                        let want: Vec<i64> = (0..shape[axis]).map(|j| { let mut i = *s0; i[axis] = j; buf[pos_of(&l, i)] }).collect();
                        prop_assert_eq!(lane, &want);
                    }
                    let mut lrev: Vec<Vec<i64>> = v.lanes(axis).unwrap().rev().map(|s| s.to_vec()).collect();
                    lrev.reverse();
                    prop_assert_eq!(&lrev, &lanes);
                    // windows: every start, row-major; too large is an error.
                    let window: [usize; $n] = core::array::from_fn(|k| (shape[k] + extra).saturating_sub(grow[k]));
                    match v.windows(window) {
                        Err(e) => {
                            prop_assert!((0..$n).any(|k| window[k] > shape[k]));
                            let ok = matches!(e, LayoutError::ShapeMismatch { .. });
                            prop_assert!(ok);
                        }
                        Ok(ws) => {
                            let wshape: [usize; $n] = core::array::from_fn(|k| shape[k] - window[k] + 1);
                            let starts = indices(wshape);
                            prop_assert_eq!(ws.len(), starts.len());
                            let got: Vec<Vec<i64>> = ws.map(|w| { assert_eq!(w.shape(), window); w.to_vec() }).collect();
                            for (g, s0) in got.iter().zip(&starts) {
                                let want: Vec<i64> = indices(window).into_iter().map(|wi| {
                                    let i: [usize; $n] = core::array::from_fn(|k| s0[k] + wi[k]);
                                    buf[pos_of(&l, i)]
                                }).collect();
                                prop_assert_eq!(g, &want);
                            }
                            let mut wr: Vec<Vec<i64>> = v.windows(window).unwrap().rev().map(|w| w.to_vec()).collect();
                            wr.reverse();
                            prop_assert_eq!(&wr, &got);
                        }
                    }
                    // Mutable twins: all sub-views alive at once, each
                    // writes its number; the result is the model's.
                    let mut mbuf = buf.clone();
                    if let Ok(mut m) = StridedViewMut::new(&mut mbuf, l) {
                        let mut expect = buf.clone();
                        {
                            let mut all: Vec<_> = m.axis_iter_mut(axis).unwrap().collect();
                            for (i, s) in all.iter_mut().enumerate() {
                                s.fill(-(i as i64) - 1);
                            }
                        }
                        for i in indices(shape) {
                            expect[pos_of(&l, i)] = -(i[axis] as i64) - 1;
                        }
                        prop_assert_eq!(&mbuf, &expect);
                        let mut m = StridedViewMut::new(&mut mbuf, l).unwrap();
                        {
                            let mut all: Vec<_> = m.lanes_mut(axis).unwrap().rev().collect();
                            all.reverse();
                            for (k, s) in all.iter_mut().enumerate() {
                                s.fill(k as i64 + 5000);
                            }
                        }
                        for (k, s0) in st.iter().enumerate() {
                            for j in 0..shape[axis] {
                                let mut i = *s0;
                                i[axis] = j;
                                expect[pos_of(&l, i)] = k as i64 + 5000;
                            }
                        }
                        prop_assert_eq!(&mbuf, &expect);
                    }
                }
            }
        }
    )*};
}

api_props!(rank1: 1, rank2: 2, rank3: 3, rank4: 4, rank5: 5);

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn rank0_iterators((shape, strides, offset) in raw_layout::<0>()) {
        let l = Layout::new(shape, strides, offset).unwrap();
        let buf = buffer(l.required_len());
        check_iters(l, &buf, 0);
        check_iters(l, &buf, 1);
        check_eq_owned(l, &buf);
    }

    #[test]
    fn diagonal_matches_model((shape, strides, offset) in raw_layout::<2>()) {
        let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
        let buf = buffer(l.required_len());
        let v = StridedView::new(&buf, l).unwrap();
        let n = shape[0].min(shape[1]);
        let want: Vec<i64> = (0..n).map(|i| buf[pos_of(&l, [i, i])]).collect();
        prop_assert_eq!(v.diagonal().to_vec(), want.clone());
        let mut mbuf = buf.clone();
        if let Ok(m) = StridedViewMut::new(&mut mbuf, l) {
            m.diagonal().fill(-1);
            let mut expect = buf.clone();
            for i in 0..n {
                expect[pos_of(&l, [i, i])] = -1;
            }
            prop_assert_eq!(mbuf, expect);
        }
    }

    // s! with integer indices on a rank-3 view: the model's selection.
    #[test]
    fn s_macro_indices(
        (shape, strides, offset) in raw_layout::<3>(),
        i in -5isize..5, j in -5i32..5,
        sl in slice_strategy(),
    ) {
        let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
        let buf = buffer(l.required_len());
        let v = StridedView::new(&buf, l).unwrap();
        let norm = |x: i128, n: usize| { let y = if x < 0 { x + n as i128 } else { x }; (0..n as i128).contains(&y).then_some(y as usize) };
        let r = v.slice(s![i, sl, j]);
        match (norm(i as i128, shape[0]), norm(j as i128, shape[2])) {
            (Some(a), Some(c)) => {
                let r = r.unwrap();
                let b = |x: Option<i128>| x.map(|x| x as isize);
                let picks = python_slice(b(sl.start()), b(sl.stop()), sl.step(), shape[1]);
                let want: Vec<i64> = picks.iter().map(|&k| buf[pos_of(&l, [a, k, c])]).collect();
                prop_assert_eq!(r.shape(), [want.len()]);
                prop_assert_eq!(r.to_vec(), want);
            }
            (None, _) => { let ok = matches!(r, Err(LayoutError::IndexOutOfRange { axis: 0, .. })); prop_assert!(ok) }
            (_, None) => { let ok = matches!(r, Err(LayoutError::IndexOutOfRange { axis: 2, .. })); prop_assert!(ok) }
        }
    }
}

#[test]
// `1..-1` is Python's 1:-1, not an empty Rust range.
#[allow(clippy::reversed_empty_ranges)]
fn s_macro_forms_infer_rank() {
    let x: Vec<i32> = (0..24).collect();
    let v = StridedView::new(&x, Layout::contiguous([2, 3, 4])).unwrap();
    // NumPy: a = arange(24).reshape(2, 3, 4)
    let a: StridedView<'_, i32, 2> = v.slice(s![1, .., ..]).unwrap();
    assert_eq!(a.to_vec(), (12..24).collect::<Vec<_>>());
    // a[-1, 1:, ::-2]
    assert_eq!(
        v.slice(s![-1, 1.., ..;-2]).unwrap().to_vec(),
        [19, 17, 23, 21]
    );
    // a[0, -1, -1] (rank 0)
    assert_eq!(v.slice(s![0, -1, -1]).unwrap()[[]], 11);
    // a[:, :-1, -3:]
    assert_eq!(v.slice(s![.., ..-1, -3..]).unwrap().shape(), [2, 2, 3]);
    // a[:, 1:-1, 1]; a range's bounds share one type (a negative bound
    // with a usize variable needs `lo as isize`)
    let (lo, k) = (1usize, 1usize);
    assert_eq!(
        v.slice(s![.., lo as isize..-1, k]).unwrap().to_vec(),
        [5, 17]
    );
    assert_eq!(v.slice(s![.., 1..-1, 1]).unwrap().to_vec(), [5, 17]);
    // a[::-1, 2, :2]
    assert_eq!(v.slice(s![..;-1, 2, ..2]).unwrap().to_vec(), [20, 21, 8, 9]);
    // Out of range, both signs.
    assert_eq!(
        v.slice(s![2, .., ..]).unwrap_err(),
        LayoutError::IndexOutOfRange {
            axis: 0,
            index: 2,
            size: 2
        }
    );
    assert_eq!(
        v.slice(s![.., -4, ..]).unwrap_err(),
        LayoutError::IndexOutOfRange {
            axis: 1,
            index: 4,
            size: 3
        }
    );
    // Rank 0: no entries.
    let r0 = Layout::new([], [], 3).unwrap().slice(s![]).unwrap();
    assert_eq!(r0.offset(), 3);
    // On a mutable view too.
    let mut y = x.clone();
    let m = StridedViewMut::new(&mut y, Layout::contiguous([2, 3, 4])).unwrap();
    m.slice(s![.., 0, -1]).unwrap().fill(-1);
    assert_eq!((y[3], y[15]), (-1, -1));
}

#[cfg(feature = "ndarray")]
#[test]
fn as_strided_on_whole_ndarray_conversions() {
    use ndarray::{s as nds, Array2, Array3};
    let a = Array2::from_shape_vec((3, 4), (0..12).collect::<Vec<i64>>()).unwrap();
    // The view of a whole array, and its transpose: whole.
    let v = StridedView::try_from(a.view()).unwrap();
    assert_eq!(v.as_strided([3], [5], 0).unwrap().to_vec(), [0, 5, 10]);
    let t = StridedView::try_from(a.t()).unwrap();
    assert_eq!(t.as_strided([2], [1], 10).unwrap().to_vec(), [10, 11]);
    // A reversed whole array: positions count from the lowest element.
    let r = StridedView::try_from(a.slice(nds![..;-1, ..])).unwrap();
    assert_eq!(r.as_strided([2], [1], 0).unwrap().to_vec(), [0, 1]);
    // Sub-views with gaps: refused.
    let g = StridedView::try_from(a.slice(nds![.., ..;2])).unwrap();
    assert_eq!(
        g.as_strided([1], [1], 1).unwrap_err(),
        LayoutError::NotExclusive
    );
    let g = StridedView::try_from(a.slice(nds![..2, ..])).unwrap();
    // Rows 0..2 of a row-major array are dense: allowed, within their span.
    assert_eq!(g.as_strided([1], [1], 7).unwrap().to_vec(), [7]);
    assert!(g.as_strided([1], [1], 8).is_err());
    // Mutable.
    let mut b = Array3::<i64>::zeros((2, 2, 2));
    let m = StridedViewMut::try_from(b.view_mut()).unwrap();
    m.as_strided([2], [7], 0).unwrap().fill(1);
    assert_eq!(b[[0, 0, 0]] + b[[1, 1, 1]], 2);
    let mut c = Array2::<i64>::zeros((2, 4));
    let half = StridedViewMut::try_from(c.slice_mut(nds![.., ..2])).unwrap();
    assert_eq!(
        half.as_strided([1], [1], 2).unwrap_err(),
        LayoutError::NotExclusive
    );
}
