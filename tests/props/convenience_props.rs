//! Property tests of ndarray's conveniences against the brute-force model:
//! `mapv`, `mapv_inplace`, `Zip::map_collect` / `indexed` / `all` / `any`,
//! `exact_chunks`, `axis_chunks_iter` (and `_mut`), `windows_with_stride`,
//! `s![]` with fewer entries than the rank, tuple indexing, `from_shape`,
//! the `From` impls, `into_runtime`, and `StridedArray`'s forwarded methods.

use super::model;

use constrided::{
    s, strided, Layout, LayoutError, Slice, StridedArray, StridedView, StridedViewMut, Zip,
};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 32 })
}

fn shape<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 10 => 1usize..=4])
}

// A unique layout of a random shape, and a buffer for it.
fn unique<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    shape::<N>().prop_flat_map(|s| {
        unique_strides(s).prop_map(move |(st, off)| Layout::new(s, st, off).unwrap())
    })
}

// Any valid layout (zero strides allowed).
fn shared<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    (
        shape::<N>(),
        proptest::array::uniform::<_, N>(-3isize..=3),
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

fn buf_for<const N: usize>(l: &Layout<N>, salt: i64) -> Vec<i64> {
    (0..l.required_len() as i64 + 2)
        .map(|i| i * 11 + salt)
        .collect()
}

fn elems<const N: usize>(buf: &[i64], l: &Layout<N>) -> Vec<i64> {
    positions(l.shape(), l.strides(), l.offset())
        .iter()
        .map(|&p| buf[p as usize])
        .collect()
}

fn check_maps<const N: usize>(a: Layout<N>, b: Layout<N>, d: Layout<N>) {
    let (ab, bb) = (buf_for(&a, 1), buf_for(&b, 5));
    let av = StridedView::new(&ab, a).unwrap();
    let ae = elems(&ab, &a);
    // mapv on views and arrays.
    assert_eq!(
        av.mapv(|x| x * 2 + 1).into_vec(),
        ae.iter().map(|x| x * 2 + 1).collect::<Vec<_>>()
    );
    assert_eq!(
        av.to_owned().mapv(|x| x - 1).into_vec(),
        ae.iter().map(|x| x - 1).collect::<Vec<_>>()
    );
    // mapv_inplace on a unique view.
    let mut db = buf_for(&d, 3);
    let before = db.clone();
    StridedViewMut::new(&mut db, d)
        .unwrap()
        .mapv_inplace(|x| 3 * x - 2);
    let mut want = before.clone();
    for p in positions(d.shape(), d.strides(), d.offset()) {
        want[p as usize] = 3 * before[p as usize] - 2;
    }
    assert_eq!(db, want);
    // map_collect / indexed / all / any over operands of one shape.
    if a.shape() == b.shape() {
        let bv = StridedView::new(&bb, b).unwrap();
        let be = elems(&bb, &b);
        let c = Zip::from(av)
            .and(bv)
            .unwrap()
            .map_collect(|x, y| x * 100 + y);
        assert_eq!(c.shape(), a.shape());
        let want: Vec<i64> = ae.iter().zip(&be).map(|(x, y)| x * 100 + y).collect();
        assert_eq!(c.into_vec(), want);
        // Strings: a non-Copy output.
        let c = Zip::from(&av).map_collect(|x| x.to_string());
        assert_eq!(
            c.into_vec(),
            ae.iter().map(|x| x.to_string()).collect::<Vec<_>>()
        );
        // indexed: the index handed over is the element's.
        let mut seen = Vec::new();
        Zip::from(av)
            .and(&bv)
            .unwrap()
            .indexed()
            .for_each(|i, x, y| seen.push((i, *x, *y)));
        seen.sort();
        let mut want: Vec<_> = indices(a.shape())
            .into_iter()
            .map(|i| (i, av[i], bv[i]))
            .collect();
        want.sort();
        assert_eq!(seen, want);
        let n = Zip::from(av)
            .indexed()
            .fold(0usize, |n, i, x| n + usize::from(av[i] == *x));
        assert_eq!(n, a.numel());
        // all / any, and that all stops calling f after a false.
        let t = ae.iter().zip(&be).all(|(x, y)| x < y);
        assert_eq!(Zip::from(av).and(bv).unwrap().all(|x, y| x < y), t);
        let t = ae.iter().zip(&be).any(|(x, y)| x % 7 == y % 5);
        assert_eq!(Zip::from(av).and(bv).unwrap().any(|x, y| x % 7 == y % 5), t);
        let mut calls = 0;
        assert_eq!(
            Zip::from(av).all(|_| {
                calls += 1;
                false
            }),
            a.numel() == 0
        );
        assert_eq!(calls, usize::from(a.numel() > 0));
        // Into a mutable operand too.
        let mut db = buf_for(&d, 3);
        if d.shape() == a.shape() {
            let mut dv = StridedViewMut::new(&mut db, d).unwrap();
            let c = Zip::from(&mut dv).and(av).unwrap().map_collect(|o, x| {
                *o = -*x;
                *x
            });
            assert_eq!(c.into_vec(), ae);
            assert_eq!(dv.to_vec(), ae.iter().map(|x| -x).collect::<Vec<_>>());
        }
    }
}

fn check_chunks<const N: usize>(l: Layout<N>, chunk: [usize; N], axis: usize, size: usize) {
    let buf = buf_for(&l, 2);
    let v = StridedView::new(&buf, l).unwrap();
    let shape = l.shape();
    // exact_chunks: the model's blocks, row-major by block index.
    let grid: [usize; N] = core::array::from_fn(|k| shape[k] / chunk[k]);
    let want: Vec<Vec<i64>> = indices(grid)
        .into_iter()
        .map(|g| {
            indices(chunk)
                .into_iter()
                .map(|i| v[core::array::from_fn(|k| g[k] * chunk[k] + i[k])])
                .collect()
        })
        .collect();
    let got: Vec<Vec<i64>> = v.exact_chunks(chunk).unwrap().map(|c| c.to_vec()).collect();
    assert_eq!(got, want);
    assert_eq!(
        v.exact_chunks(chunk)
            .unwrap()
            .rev()
            .map(|c| c.to_vec())
            .collect::<Vec<_>>(),
        want.iter().rev().cloned().collect::<Vec<_>>()
    );
    // axis_chunks_iter: blocks of `size` along `axis`, the last shorter.
    if N > 0 {
        let axis = axis % N;
        let n = shape[axis];
        let mut want = Vec::new();
        let mut start = 0;
        while start < n {
            let len = size.min(n - start);
            let mut cs = shape;
            cs[axis] = len;
            want.push(
                indices(cs)
                    .into_iter()
                    .map(|i| {
                        let mut j = i;
                        j[axis] += start;
                        v[j]
                    })
                    .collect::<Vec<_>>(),
            );
            start += len;
        }
        let got: Vec<Vec<i64>> = v
            .axis_chunks_iter(axis, size)
            .unwrap()
            .map(|c| c.to_vec())
            .collect();
        assert_eq!(got, want);
        // The mutable twins: all alive, written together, each position once.
        let mut b2 = buf.clone();
        let mut m = StridedViewMut::new(&mut b2, l).unwrap();
        let mut parts: Vec<_> = m.axis_chunks_iter_mut(axis, size).unwrap().collect();
        for (k, p) in parts.iter_mut().enumerate() {
            p.map_inplace(|e| *e = -(k as i64) - 1);
        }
        drop(parts);
        let mut want_buf = buf.clone();
        for i in indices(shape) {
            let p = position(l.strides(), l.offset(), i) as usize;
            want_buf[p] = -((i[axis] / size) as i64) - 1;
        }
        assert_eq!(b2, want_buf);
        assert!(matches!(
            v.axis_chunks_iter(N, 1),
            Err(LayoutError::AxisOutOfRange { .. })
        ));
        assert!(matches!(
            v.axis_chunks_iter(axis, 0),
            Err(LayoutError::ZeroStep { .. })
        ));
    }
    let mut b3 = buf.clone();
    let mut m = StridedViewMut::new(&mut b3, l).unwrap();
    let mut parts: Vec<_> = m.exact_chunks_mut(chunk).unwrap().collect();
    for p in parts.iter_mut() {
        p.fill(0);
    }
    drop(parts);
    let mut want_buf = buf.clone();
    for i in indices(shape) {
        if (0..N).all(|k| i[k] < grid[k] * chunk[k]) {
            want_buf[position(l.strides(), l.offset(), i) as usize] = 0;
        }
    }
    assert_eq!(b3, want_buf);
}

fn check_windows<const N: usize>(l: Layout<N>, window: [usize; N], stride: [usize; N]) {
    let buf = buf_for(&l, 4);
    let v = StridedView::new(&buf, l).unwrap();
    let shape = l.shape();
    let got = v.windows_with_stride(window, stride);
    if (0..N).any(|k| window[k] > shape[k]) {
        assert!(got.is_err());
        return;
    }
    // NumPy: sliding_window_view(a, window)[::s0, ::s1, ..]
    let starts: [usize; N] = core::array::from_fn(|k| (shape[k] - window[k]) / stride[k] + 1);
    let want: Vec<Vec<i64>> = indices(starts)
        .into_iter()
        .map(|g| {
            indices(window)
                .into_iter()
                .map(|i| v[core::array::from_fn(|k| g[k] * stride[k] + i[k])])
                .collect()
        })
        .collect();
    let got: Vec<Vec<i64>> = got.unwrap().map(|w| w.to_vec()).collect();
    assert_eq!(got, want);
}

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn maps_0(a in shared::<0>(), b in shared::<0>(), d in unique::<0>()) { check_maps(a, b, d) }
    #[test]
    fn maps_1(a in shared::<1>(), b in shared::<1>(), d in unique::<1>()) { check_maps(a, b, d) }
    #[test]
    fn maps_2(a in shared::<2>(), b in shared::<2>(), d in unique::<2>()) { check_maps(a, b, d) }
    #[test]
    fn maps_3(a in shared::<3>(), b in shared::<3>(), d in unique::<3>()) { check_maps(a, b, d) }
    #[test]
    fn maps_2_same(a in shared::<2>(), st in proptest::array::uniform::<_, 2>(-3isize..=3)) {
        // Same shapes, so map_collect / indexed / all / any always run.
        let (s, off) = (a.shape(), 12);
        let b = Layout::new(s, st, off).unwrap_or(Layout::contiguous(s));
        let d = Layout::f_contiguous(s);
        check_maps(a, b, d)
    }
    #[test]
    fn chunks_1(l in unique::<1>(), c in proptest::array::uniform::<_, 1>(1usize..=3), ax in 0usize..8, sz in 1usize..=3) { check_chunks(l, c, ax, sz) }
    #[test]
    fn chunks_2(l in unique::<2>(), c in proptest::array::uniform::<_, 2>(1usize..=3), ax in 0usize..8, sz in 1usize..=3) { check_chunks(l, c, ax, sz) }
    #[test]
    fn chunks_3(l in unique::<3>(), c in proptest::array::uniform::<_, 3>(1usize..=3), ax in 0usize..8, sz in 1usize..=3) { check_chunks(l, c, ax, sz) }
    #[test]
    fn chunks_4(l in unique::<4>(), c in proptest::array::uniform::<_, 4>(1usize..=3), ax in 0usize..8, sz in 1usize..=5) { check_chunks(l, c, ax, sz) }
    #[test]
    fn windows_1(l in shared::<1>(), w in proptest::array::uniform::<_, 1>(0usize..=3), s in proptest::array::uniform::<_, 1>(1usize..=3)) { check_windows(l, w, s) }
    #[test]
    fn windows_2(l in shared::<2>(), w in proptest::array::uniform::<_, 2>(0usize..=3), s in proptest::array::uniform::<_, 2>(1usize..=3)) { check_windows(l, w, s) }
    #[test]
    fn windows_3(l in shared::<3>(), w in proptest::array::uniform::<_, 3>(0usize..=3), s in proptest::array::uniform::<_, 3>(1usize..=3)) { check_windows(l, w, s) }

    // s![] with fewer entries is the same as with `..` for the rest.
    #[test]
    fn slice_fewer_entries(l in shared::<3>(), i in -3isize..3, a in proptest::option::of(-4isize..4), st in prop_oneof![Just(1isize), Just(-1), Just(2)]) {
        let sl = Slice::new(a, None, st);
        prop_assert_eq!(l.slice(s![i]), l.slice(s![i, .., ..]));
        prop_assert_eq!(l.slice(s![sl]), l.slice(s![sl, .., ..]));
        prop_assert_eq!(l.slice(s![sl, i]), l.slice(s![sl, i, ..]));
        prop_assert_eq!(l.slice(s![]), Ok(l));
    }
}

#[test]
fn tuples_from_shape_from_and_into_runtime() {
    let x: Vec<i32> = (0..24).collect();
    let v = StridedView::from_shape([2, 3, 4], &x).unwrap();
    assert_eq!(v[(1, 2, 3)], 23);
    assert_eq!(v[(1, 2, 3)], v[[1, 2, 3]]);
    assert_eq!(
        StridedView::from_shape([5], &x).unwrap_err(),
        LayoutError::ShapeMismatch {
            expected: constrided::Dims::new(&[5]),
            found: constrided::Dims::new(&[24]),
            arg: constrided::ShapeArg::SliceForShape,
        }
    );
    assert_eq!(
        StridedView::from_shape([5], &x).unwrap_err().to_string(),
        "the slice has 24 elements, but shape (5,) has 5"
    );
    let mut y = x.clone();
    let mut m = StridedViewMut::from_shape([4, 6], &mut y).unwrap();
    m[(3, 5)] = -1;
    assert_eq!(m[(3, 5)], -1);
    assert!(StridedViewMut::from_shape([4, 5], &mut y).is_err());
    let mut a = StridedArray::from(x.clone());
    a[(0,)] = 9;
    assert_eq!(a[(0,)], 9);
    let e8 = StridedArray::from_elem([1, 1, 1, 1, 1, 1, 1, 2], 3u8);
    assert_eq!(e8[(0, 0, 0, 0, 0, 0, 0, 1)], 3);
    let s = StridedView::from(&x[..]);
    assert_eq!(s.shape(), [24]);
    let mut z = [1, 2, 3];
    StridedViewMut::from(&mut z[..]).mapv_inplace(|e| e * 2);
    assert_eq!(z, [2, 4, 6]);
    // into_runtime: a static view passed as a runtime one.
    fn runtime(v: StridedView<'_, i32, 2>) -> Vec<i32> {
        v.to_vec()
    }
    let buf: [i32; 6] = [0, 1, 2, 3, 4, 5];
    let st = strided!(&buf; shape = (2, 3));
    assert_eq!(runtime(st.into_runtime()), [0, 1, 2, 3, 4, 5]);
    assert_eq!(runtime(st.t().into_runtime()), [0, 3, 1, 4, 2, 5]);
    assert_eq!(st.t().to_array().as_slice(), [0, 3, 1, 4, 2, 5]);
    assert_eq!(st.t()[(2, 1)], 5);
}

#[test]
fn array_has_the_view_methods() {
    let mut a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);
    assert_eq!(a.t().to_vec(), [0, 10, 1, 11, 2, 12]);
    assert_eq!(a.slice(s![1]).unwrap().to_vec(), [10, 11, 12]);
    assert_eq!(a.index_axis(0, 0).unwrap().sum(), 3);
    assert_eq!((&a).into_iter().count(), 6);
    for e in &mut a {
        *e += 1;
    }
    assert_eq!(a.iter().copied().max(), Some(13));
    assert_eq!(a.max(), Some(13));
    assert_eq!(
        a.axis_iter(1).unwrap().map(|c| c.sum()).collect::<Vec<_>>(),
        [12, 14, 16]
    );
    a.slice_mut(s![.., ..;2]).unwrap().fill(0);
    assert_eq!(a.to_vec(), [0, 2, 0, 0, 12, 0]);
    let mut blocks: Vec<_> = a.exact_chunks_mut([1, 3]).unwrap().collect();
    let (b0, b1) = blocks.split_at_mut(1);
    b0[0][[0, 0]] = 5;
    b1[0][[0, 2]] = 6;
    assert_eq!(a.as_slice(), [5, 2, 0, 0, 12, 6]);
    assert_eq!(a.windows_with_stride([1, 2], [1, 2]).unwrap().count(), 2);
    assert_eq!(a.mapv(|x| x as f64 / 2.0).mean(), Some(25.0 / 12.0));
}
