//! `rows()` / `columns()` (+ `_mut`) against the brute-force model on
//! random layouts (negative and zero strides for shared views, unique ones
//! for mutable views, empty and size-1 axes), and the `&mut self` forms of
//! `StridedViewMut` (`index_axis_mut`, `slice_mut`, `split_at_mut`, …)
//! against their consuming twins.

use super::model;

use constrided::{Layout, Slice, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 64 })
}

fn shared<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 8 => 1usize..=4]),
        proptest::array::uniform::<_, N>(-4isize..=4),
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

fn unique<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 8 => 1usize..=4]).prop_flat_map(
        |shape| {
            unique_strides(shape).prop_map(move |(st, off)| Layout::new(shape, st, off).unwrap())
        },
    )
}

// The model's lanes along `axis`: for every index of the other axes in
// row-major order, the positions along `axis`.
fn model_lanes<const N: usize>(l: &Layout<N>, axis: usize) -> Vec<Vec<i128>> {
    let mut shape = l.shape();
    let n = shape[axis];
    shape[axis] = 1;
    indices(shape)
        .into_iter()
        .map(|start| {
            (0..n)
                .map(|i| {
                    let mut idx = start;
                    idx[axis] = i;
                    position(l.strides(), l.offset(), idx)
                })
                .collect()
        })
        .collect()
}

fn check_rows<const N: usize>(l: Layout<N>) {
    let buf: Vec<i64> = (0..l.required_len() as i64 + 1).collect();
    let v = StridedView::new(&buf, l).unwrap();
    let get = |p: &Vec<i128>| p.iter().map(|&p| buf[p as usize]).collect::<Vec<_>>();
    let rows: Vec<Vec<i64>> = v.rows().map(|r| r.to_vec()).collect();
    let cols: Vec<Vec<i64>> = v.columns().map(|r| r.to_vec()).collect();
    assert_eq!(
        rows,
        model_lanes(&l, N - 1).iter().map(get).collect::<Vec<_>>()
    );
    assert_eq!(cols, model_lanes(&l, 0).iter().map(get).collect::<Vec<_>>());
    assert_eq!(v.rows().len(), rows.len());
    assert_eq!(
        v.rows().rev().map(|r| r.to_vec()).collect::<Vec<_>>(),
        rows.iter().rev().cloned().collect::<Vec<_>>()
    );
}

fn check_rows_mut<const N: usize>(l: Layout<N>) {
    let len = l.required_len() + 2;
    let mut buf = vec![0i64; len];
    let mut m = StridedViewMut::new(&mut buf, l).unwrap();
    // Row r, element i gets 1000 * (r + 1) + i: every reached position is
    // written once, others stay 0.
    for (r, mut row) in m.rows_mut().enumerate() {
        for (i, e) in row.iter_mut().enumerate() {
            *e = 1000 * (r as i64 + 1) + i as i64;
        }
    }
    let mut want = vec![0i64; len];
    for (r, lane) in model_lanes(&l, N - 1).iter().enumerate() {
        for (i, &p) in lane.iter().enumerate() {
            want[p as usize] = 1000 * (r as i64 + 1) + i as i64;
        }
    }
    assert_eq!(buf, want);
    let mut m = StridedViewMut::new(&mut buf, l).unwrap();
    for (c, mut col) in m.columns_mut().enumerate() {
        col.fill(-(c as i64) - 1);
    }
    let mut want = want.iter().map(|_| 0).collect::<Vec<i64>>();
    for (r, lane) in model_lanes(&l, N - 1).iter().enumerate() {
        for (i, &p) in lane.iter().enumerate() {
            want[p as usize] = 1000 * (r as i64 + 1) + i as i64;
        }
    }
    for (c, lane) in model_lanes(&l, 0).iter().enumerate() {
        for &p in lane {
            want[p as usize] = -(c as i64) - 1;
        }
    }
    assert_eq!(buf, want);
}

fn rev<const N: usize>() -> [Slice; N] {
    core::array::from_fn(|k| Slice::new(None, None, if k == 0 { -1 } else { 2 }))
}

// Each `_mut` form writes exactly where its consuming twin does, and the
// view is usable afterwards.
fn check_mut_forms<const N: usize>(l: Layout<N>, axis: usize, index: usize) {
    let len = l.required_len() + 1;
    let run = |f: &dyn Fn(&mut StridedViewMut<'_, i64, N>)| {
        let mut buf = vec![0i64; len];
        let mut m = StridedViewMut::new(&mut buf, l).unwrap();
        f(&mut m);
        buf
    };
    let axis = axis % N;
    let index = index % (l.shape()[axis] + 1);
    if N >= 1 {
        let a = run(&|m| {
            if let Ok(mut s) = m.split_at_mut(axis, index) {
                s.0.fill(1);
                s.1.fill(2);
            }
            m.fill(m.numel() as i64 + 3); // still usable
            if let Ok((mut x, mut y)) = m.split_at_mut(axis, index) {
                x.map_inplace(|e| *e += 1);
                y.map_inplace(|e| *e += 2);
            }
        });
        let b = run(&|m| {
            m.fill(m.numel() as i64 + 3);
            if let Ok((mut x, mut y)) = m.reborrow().split_at(axis, index) {
                x.map_inplace(|e| *e += 1);
                y.map_inplace(|e| *e += 2);
            }
        });
        assert_eq!(a, b);
        let a = run(&|m| {
            m.flip_mut(axis)
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as i64);
            m.t_mut().iter_mut().for_each(|e| *e *= 3);
            m.transpose_mut(0, axis)
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e += i as i64);
        });
        let b = run(&|m| {
            m.reborrow()
                .flip(axis)
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as i64);
            m.reborrow().t().iter_mut().for_each(|e| *e *= 3);
            m.reborrow()
                .transpose(0, axis)
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e += i as i64);
        });
        assert_eq!(a, b);
        let a = run(&|m| {
            m.slice_mut(rev::<N>())
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as i64 + 1);
        });
        let b = run(&|m| {
            m.reborrow()
                .slice(rev::<N>())
                .unwrap()
                .iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as i64 + 1);
        });
        assert_eq!(a, b);
    }
}

macro_rules! index_axis_case {
    ($N:literal) => {{
        |l: Layout<$N>, axis: usize, index: usize| {
            let axis = axis % $N;
            let len = l.required_len() + 1;
            let mut buf = vec![0i64; len];
            let mut m = StridedViewMut::new(&mut buf, l).unwrap();
            // One sub-view per index, each borrowing m in turn.
            for i in 0..l.shape()[axis] {
                let mut sub = m.index_axis_mut(axis, i).unwrap();
                sub.fill(i as i64 + 1);
            }
            assert!(m.index_axis_mut(axis, l.shape()[axis] + index).is_err());
            let mut want = vec![0i64; len];
            for idx in indices(l.shape()) {
                want[position(l.strides(), l.offset(), idx) as usize] = idx[axis] as i64 + 1;
            }
            assert_eq!(buf, want);
        }
    }};
}

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn rows_rank1(l in shared::<1>()) { check_rows(l) }
    #[test]
    fn rows_rank2(l in shared::<2>()) { check_rows(l) }
    #[test]
    fn rows_rank3(l in shared::<3>()) { check_rows(l) }
    #[test]
    fn rows_mut_rank2(l in unique::<2>()) { check_rows_mut(l) }
    #[test]
    fn rows_mut_rank3(l in unique::<3>()) { check_rows_mut(l) }
    #[test]
    fn mut_forms_rank2(l in unique::<2>(), a in 0usize..4, i in 0usize..6) { check_mut_forms(l, a, i) }
    #[test]
    fn mut_forms_rank3(l in unique::<3>(), a in 0usize..4, i in 0usize..6) { check_mut_forms(l, a, i) }
    #[test]
    fn index_axis_mut_rank2(l in unique::<2>(), a in 0usize..4, i in 0usize..6) { index_axis_case!(2)(l, a, i) }
    #[test]
    fn index_axis_mut_rank3(l in unique::<3>(), a in 0usize..4, i in 0usize..6) { index_axis_case!(3)(l, a, i) }
}

#[test]
fn rows_of_rank0_is_one_element() {
    let x = [1, 2, 3];
    let v = StridedView::new(&x, Layout::<0>::new([], [], 2).unwrap()).unwrap();
    let rows: Vec<Vec<i32>> = v.rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows, [[3]]);
    assert_eq!(v.columns().count(), 1);
}

#[test]
fn channel_loop_compiles_and_writes() {
    let mut buf = vec![0u8; 2 * 2 * 3];
    let mut hwc = StridedViewMut::from_shape([2, 2, 3], &mut buf).unwrap();
    for c in 0..3 {
        let mut ch = hwc.index_axis_mut(2, c).unwrap();
        ch.fill(c as u8 + 1);
    }
    hwc.diagonal_mut_check();
    assert_eq!(buf, [1, 2, 3].repeat(4));
    let mut a = StridedArray::<i32, 2>::zeros([2, 3]);
    {
        let (mut x, mut y) = a.split_at_mut(1, 2).unwrap();
        x.fill(1);
        y.fill(2);
    }
    a.t_mut()[[2, 1]] = 5;
    assert_eq!(a.into_vec(), [1, 1, 2, 1, 1, 5]);
}

trait DiagCheck {
    fn diagonal_mut_check(&mut self);
}
impl DiagCheck for StridedViewMut<'_, u8, 3> {
    fn diagonal_mut_check(&mut self) {
        let mut m = self.index_axis_mut(2, 0).unwrap();
        let d = m.diagonal_mut();
        assert_eq!(d.shape(), [2]);
        assert_eq!(m.shape(), [2, 2]);
    }
}
