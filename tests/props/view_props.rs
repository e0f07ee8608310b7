//! Property tests for the views: every view transform and every accessor of
//! `StridedView` and `StridedViewMut` against the brute-force model, on
//! random layouts of rank 0 to 8 (negative and zero strides, empty and
//! size-1 axes). Two safety properties run through every constructor and
//! transform: no view accepts a layout reaching outside its buffer, and no
//! mutable view is ever created over an aliasing layout.

use super::model;

use constrided::{Layout, LayoutError, Slice, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 64 })
}

fn buffer(len: usize) -> Vec<i64> {
    (0..len as i64).map(|i| 1000 + i).collect()
}

fn model_positions<const N: usize>(l: &Layout<N>) -> Vec<i128> {
    positions(l.shape(), l.strides(), l.offset())
}

fn elems(buf: &[i64], pos: &[i128]) -> Vec<i64> {
    pos.iter().map(|&p| buf[p as usize]).collect()
}

// Every mutable view that exists must be unique and inside its buffer.
fn assert_sound_mut<const N: usize>(m: &StridedViewMut<'_, i64, N>) {
    let pos = model_positions(&m.layout());
    assert!(distinct(&pos), "mutable view over aliasing {}", m.layout());
    assert!(
        pos.iter().all(|&p| p >= 0 && (p as usize) < m.buffer_len()),
        "{} outside {}",
        m.layout(),
        m.buffer_len()
    );
}

fn assert_sound<const N: usize>(v: &StridedView<'_, i64, N>) {
    let pos = model_positions(&v.layout());
    assert!(pos.iter().all(|&p| p >= 0 && (p as usize) < v.buffer_len()));
}

// Writes distinct marks through the mutable view with three accessors and
// checks the buffer: exactly the model positions change, each once.
fn check_writes<const N: usize>(mut m: StridedViewMut<'_, i64, N>, buf_before: &[i64]) -> Vec<i64> {
    assert_sound_mut(&m);
    let pos = model_positions(&m.layout());
    let idx = indices(m.shape());
    for (k, e) in m.iter_mut().enumerate() {
        *e = -(k as i64) - 1;
    }
    assert_eq!(
        m.iter().copied().collect::<Vec<_>>(),
        (0..pos.len() as i64).map(|k| -k - 1).collect::<Vec<_>>()
    );
    for (k, i) in idx.iter().enumerate() {
        *m.get_mut(*i).unwrap() -= 10_000;
        m[*i] -= 10_000;
        assert_eq!(m[*i], -(k as i64) - 1 - 20_000);
    }
    for k in 0..N {
        let mut out = [0usize; N];
        out[k] = m.shape()[k];
        assert!(m.get_mut(out).is_none());
        assert!(m.get(out).is_none());
    }
    assert_eq!(
        m.to_vec(),
        (0..pos.len() as i64)
            .map(|k| -k - 1 - 20_000)
            .collect::<Vec<_>>()
    );
    // The buffer the caller checks: exactly the model positions changed.
    let mut expect = buf_before.to_vec();
    for (k, &p) in pos.iter().enumerate() {
        expect[p as usize] = -(k as i64) - 1 - 20_000;
    }
    expect
}

fn check_reads<const N: usize>(v: StridedView<'_, i64, N>, buf: &[i64]) {
    assert_sound(&v);
    let l = v.layout();
    let pos = model_positions(&l);
    let want = elems(buf, &pos);
    assert_eq!(v.numel(), want.len());
    assert_eq!(v.is_contiguous(), l.is_contiguous());
    let it = v.iter();
    assert_eq!(it.len(), want.len());
    assert_eq!(it.copied().collect::<Vec<_>>(), want);
    let idx = indices(v.shape());
    assert_eq!(
        v.indexed_iter().map(|(i, &e)| (i, e)).collect::<Vec<_>>(),
        idx.iter()
            .copied()
            .zip(want.iter().copied())
            .collect::<Vec<_>>()
    );
    for (i, w) in idx.iter().zip(&want) {
        assert_eq!(v.get(*i), Some(w));
        assert_eq!(v[*i], *w);
    }
    assert_eq!(v.to_vec(), want);
    let mut out = vec![0; want.len()];
    v.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
    assert!(matches!(
        v.copy_to_slice(&mut vec![0; want.len() + 1]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    match v.as_slice() {
        Some(s) => {
            assert!(l.is_contiguous());
            assert_eq!(s, &want[..]);
        }
        None => assert!(!th_is_contiguous(&l.shape(), &l.strides())),
    }
}

// One of each same-rank transform on a view (shared and mutable): the
// result is the model's selection of the original's elements.
#[allow(clippy::too_many_arguments)]
fn check_transforms<const N: usize>(
    l: Layout<N>,
    slack: usize,
    perm: &[usize],
    slices: &[Slice],
    axis: usize,
    at: usize,
    custom: ([usize; N], [isize; N], usize),
) {
    let len = l.required_len() + slack;
    let buf = buffer(len);
    let v = StridedView::new(&buf, l).unwrap();
    check_reads(v, &buf);
    let orig = |i: [usize; N]| *v.get(i).unwrap();

    let axes: [usize; N] = core::array::from_fn(|k| perm[k]);
    let p = v.permute(axes).unwrap();
    assert_eq!(p.layout(), l.permute(axes).unwrap());
    for i in indices(p.shape()) {
        let mut o = [0; N];
        for k in 0..N {
            o[axes[k]] = i[k];
        }
        assert_eq!(p[i], orig(o));
    }
    check_reads(p, &buf);
    check_reads(v.t(), &buf);
    if axis < N {
        let f = v.flip(axis).unwrap();
        for i in indices(f.shape()) {
            let mut o = i;
            o[axis] = l.shape()[axis] - 1 - i[axis];
            assert_eq!(f[i], orig(o));
        }
        check_reads(f, &buf);
        let t = v.transpose(axis, N - 1 - axis).unwrap();
        check_reads(t, &buf);
    } else {
        assert!(matches!(
            v.flip(axis),
            Err(LayoutError::AxisOutOfRange { .. })
        ));
        assert!(matches!(
            v.transpose(0, axis),
            Err(LayoutError::AxisOutOfRange { .. })
        ));
    }
    let sl: [Slice; N] = core::array::from_fn(|k| slices[k]);
    let s = v.slice(sl).unwrap();
    let picks: Vec<Vec<usize>> = (0..N)
        .map(|k| {
            let b = |v: Option<i128>| v.map(|v| v as isize);
            python_slice(
                b(sl[k].start()),
                b(sl[k].stop()),
                sl[k].step(),
                l.shape()[k],
            )
        })
        .collect();
    for i in indices(s.shape()) {
        let o: [usize; N] = core::array::from_fn(|k| picks[k][i[k]]);
        assert_eq!(s[i], orig(o));
    }
    check_reads(s, &buf);
    if axis < N && at <= l.shape()[axis] {
        let (a, b) = v.split_at(axis, at).unwrap();
        check_reads(a, &buf);
        check_reads(b, &buf);
        let mut both = a.to_vec();
        both.extend(b.to_vec());
        let mut all = v.to_vec();
        both.sort_unstable();
        all.sort_unstable();
        assert_eq!(both, all);
    } else {
        assert!(v.split_at(axis, at).is_err());
    }
    let flat = v.reshape([l.numel()]);
    assert_eq!(flat.map(|f| f.layout()), l.reshape([l.numel()]));
    if let Ok(f) = flat {
        assert_eq!(f.to_vec(), v.to_vec());
    }

    // as_strided: any layout inside the buffer, absolute offset.
    let (cs, cst, co) = custom;
    let model_ok = valid(cs, cst, co) && positions(cs, cst, co).iter().all(|&q| (q as usize) < len);
    match v.as_strided(cs, cst, co) {
        Ok(a) => {
            assert!(model_ok);
            assert_eq!(a.to_vec(), elems(&buf, &positions(cs, cst, co)));
            check_reads(a, &buf);
        }
        Err(_) => assert!(!model_ok, "{cs:?} {cst:?} {co} in {len}"),
    }

    // The same transforms on a mutable view: every result is unique, and
    // writes through it land exactly on the model's positions.
    let mut mbuf = buf.clone();
    let Ok(mut m) = StridedViewMut::new(&mut mbuf, l) else {
        assert!(!distinct(&model_positions(&l)));
        return;
    };
    assert!(distinct(&model_positions(&l)));
    assert_sound_mut(&m);
    assert_eq!(m.view().to_vec(), v.to_vec());
    let results: Vec<Layout<N>> = {
        let mut r = vec![
            m.reborrow().permute(axes).unwrap().layout(),
            m.reborrow().t().layout(),
        ];
        if axis < N {
            r.push(m.reborrow().flip(axis).unwrap().layout());
            r.push(m.reborrow().transpose(axis, 0).unwrap().layout());
        }
        r.push(m.reborrow().slice(sl).unwrap().layout());
        r
    };
    assert_eq!(results[0], l.permute(axes).unwrap());
    for rl in results {
        let mut b2 = buf.clone();
        let base = StridedViewMut::new(&mut b2, l).unwrap();
        let tr = match () {
            _ if rl == l.t() => base.t(),
            _ => {
                // Rebuild the transformed view through as_strided, which
                // checks uniqueness itself.
                base.as_strided(rl.shape(), rl.strides(), rl.offset())
                    .unwrap()
            }
        };
        let expect = check_writes(tr, &buf);
        assert_eq!(b2, expect);
    }
    {
        let mut b2 = buf.clone();
        let base = StridedViewMut::new(&mut b2, l).unwrap();
        let expect = check_writes(base.slice(sl).unwrap(), &buf);
        assert_eq!(b2, expect);
    }
    // Mutable as_strided: refused for aliasing layouts too.
    {
        let mut b2 = buf.clone();
        let base = StridedViewMut::new(&mut b2, l).unwrap();
        let unique = model_ok && distinct(&positions(cs, cst, co));
        match base.as_strided(cs, cst, co) {
            Ok(a) => {
                assert!(unique);
                let expect = check_writes(a, &buf);
                assert_eq!(b2, expect);
            }
            Err(e) => {
                assert!(!unique, "{e}");
                if model_ok {
                    assert!(matches!(e, LayoutError::Aliasing { .. }), "{e}");
                }
            }
        }
    }
    // split_at: the two halves are disjoint and cover the original.
    if axis < N && at <= l.shape()[axis] {
        let mut b2 = buf.clone();
        let base = StridedViewMut::new(&mut b2, l).unwrap();
        let (mut a, mut b) = base.split_at(axis, at).unwrap();
        assert_sound_mut(&a);
        assert_sound_mut(&b);
        a.fill(-1);
        b.fill(-2);
        assert!(a.iter().all(|&e| e == -1));
        assert!(b.iter().all(|&e| e == -2));
        assert_eq!(a.numel() + b.numel(), l.numel());
        // Halves cannot reach beyond themselves again.
        assert_eq!(
            a.reborrow().as_strided([0], [1], 0).unwrap_err(),
            LayoutError::NotExclusive
        );
        assert_eq!(
            b.view().as_strided([0], [1], 0).unwrap_err(),
            LayoutError::NotExclusive
        );
        let mut expect = buf.clone();
        for (i, p) in indices(l.shape()).into_iter().zip(model_positions(&l)) {
            expect[p as usize] = if i[axis] < at { -1 } else { -2 };
        }
        assert_eq!(b2, expect);
    }
    // fill and assign (from a shared view of another buffer).
    {
        let mut b2 = buf.clone();
        let mut base = StridedViewMut::new(&mut b2, l).unwrap();
        base.fill(7);
        assert!(base.iter().all(|&e| e == 7));
        let src_buf: Vec<i64> = (0..l.numel() as i64).map(|x| x * 3).collect();
        let src = StridedView::new(&src_buf, Layout::contiguous(l.shape())).unwrap();
        base.assign(&src.t().t()).unwrap();
        assert_eq!(base.to_vec(), src_buf);
        if let Some(s) = base.as_slice() {
            assert_eq!(s, &src_buf[..]);
        }
    }
    m.fill(0);
}

// Constructors: a buffer shorter than required_len is refused (shared and
// mutable, safe and raw); a mutable view exactly when the layout is unique.
fn check_constructors<const N: usize>(shape: [usize; N], strides: [isize; N], offset: usize) {
    let Ok(l) = Layout::new(shape, strides, offset) else {
        assert!(!valid(shape, strides, offset));
        return;
    };
    let pos = positions(shape, strides, offset);
    let need = pos.iter().max().map_or(0, |&m| m as usize + 1);
    let unique = distinct(&pos);
    for len in need.saturating_sub(2)..=need + 1 {
        let buf = buffer(len);
        match StridedView::new(&buf, l) {
            Ok(v) => {
                assert!(len >= need);
                assert_sound(&v);
            }
            Err(e) => {
                assert!(len < need);
                assert_eq!(
                    e,
                    LayoutError::OutOfBounds {
                        required: need,
                        len
                    }
                );
            }
        }
        let mut mbuf = buffer(len);
        match StridedViewMut::new(&mut mbuf, l) {
            Ok(m) => {
                assert!(len >= need && unique);
                assert_sound_mut(&m);
            }
            Err(LayoutError::OutOfBounds { required, len: got }) => {
                assert_eq!((required, got), (need, len));
                assert!(len < need);
            }
            Err(e) => {
                assert!(len >= need && !unique);
                assert!(matches!(e, LayoutError::Aliasing { .. }), "{e}");
            }
        }
    }
    let mut raw = buffer(need.max(1));
    // SAFETY: raw holds need elements, and nothing else uses it meanwhile.
    let r = unsafe { StridedViewMut::try_from_raw_parts(raw.as_mut_ptr(), l) };
    match r {
        Ok(m) => {
            assert!(unique);
            assert_sound_mut(&m);
        }
        Err(e) => {
            assert!(!unique);
            assert!(matches!(e, LayoutError::Aliasing { .. }));
        }
    }
}

fn check_broadcast<const N: usize, const M: usize>(l: Layout<N>, target: [usize; M]) {
    let buf = buffer(l.required_len());
    let v = StridedView::new(&buf, l).unwrap();
    match v.broadcast_to(target) {
        Ok(b) => {
            assert_eq!(b.layout(), l.broadcast_to(target).unwrap());
            for i in indices(target) {
                let o: [usize; N] = core::array::from_fn(|k| {
                    let j = M - N + k;
                    if l.shape()[k] == 1 {
                        0
                    } else {
                        i[j]
                    }
                });
                assert_eq!(b[i], v[o]);
            }
            check_reads(b, &buf);
        }
        Err(e) => {
            assert_eq!(Err(e), l.broadcast_to(target));
            let ok =
                M >= N && (0..N).all(|k| l.shape()[k] == target[M - N + k] || l.shape()[k] == 1);
            assert!(!ok, "{l} -> {target:?}: {e}");
        }
    }
}

macro_rules! view_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn views(
                    (shape, strides, offset) in raw_layout::<$n>(),
                    slack in 0usize..3,
                    perm in Just((0..$n).collect::<Vec<usize>>()).prop_shuffle(),
                    slices in proptest::collection::vec(slice_strategy(), $n),
                    axis in 0usize..=$n, at in 0usize..6,
                    custom in raw_layout::<$n>(),
                    grow in proptest::array::uniform::<_, $n>(0usize..=3),
                ) {
                    check_constructors(shape, strides, offset);
                    check_constructors(custom.0, custom.1, custom.2);
                    if let Ok(l) = Layout::new(shape, strides, offset) {
                        check_transforms(l, slack, &perm, &slices, axis, at, custom);
                        check_broadcast(l, grow);
                        if $n < 8 {
                            let mut g = [2usize; 8];
                            g[8 - $n..].copy_from_slice(&grow);
                            check_broadcast(l, g);
                        }
                        check_broadcast(l, [3usize; 1]);
                    }
                }
            }
        }
    )*};
}

view_props!(rank0: 0, rank1: 1, rank2: 2, rank3: 3, rank4: 4, rank5: 5, rank6: 6, rank7: 7, rank8: 8);

macro_rules! view_axis_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn index_remove_insert((shape, strides, offset) in raw_layout::<$n>(), axis in 0usize..=$n, i in 0usize..5) {
                    let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
                    let buf = buffer(l.required_len());
                    let v = StridedView::new(&buf, l).unwrap();
                    // Output ranks inferred, as on Layout.
                    match v.index_axis(axis, i) {
                        Ok(r) => {
                            prop_assert_eq!(Ok(r.layout()), l.index_axis(axis, i));
                            check_reads(r, &buf);
                        }
                        Err(e) => prop_assert_eq!(Err(e), l.index_axis::<{ $n - 1 }>(axis, i)),
                    }
                    match v.remove_axis(axis) {
                        Ok(r) => {
                            prop_assert_eq!(r.to_vec(), v.to_vec());
                            prop_assert_eq!(r.shape().len(), $n - 1);
                        }
                        Err(e) => prop_assert_eq!(Err(e), l.remove_axis::<{ $n - 1 }>(axis)),
                    }
                    let mut mbuf = buf.clone();
                    if let Ok(m) = StridedViewMut::new(&mut mbuf, l) {
                        if let Ok(r) = m.index_axis(axis, i) {
                            let expect = check_writes(r, &buf);
                            prop_assert_eq!(&mbuf, &expect);
                        }
                    }
                }
            }
        }
    )*};
}

view_axis_props!(vaxis1: 1, vaxis2: 2, vaxis3: 3, vaxis4: 4, vaxis5: 5, vaxis6: 6, vaxis7: 7, vaxis8: 8);

macro_rules! view_insert_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn insert((shape, strides, offset) in raw_layout::<$n>(), axis in 0usize..=$n) {
                    let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
                    let buf = buffer(l.required_len());
                    let v = StridedView::new(&buf, l).unwrap();
                    let h = v.insert_axis(axis).unwrap();
                    prop_assert_eq!(h.shape().len(), $n + 1);
                    prop_assert_eq!(h.to_vec(), v.to_vec());
                    let mut mbuf = buf.clone();
                    if let Ok(m) = StridedViewMut::new(&mut mbuf, l) {
                        let expect = check_writes(m.insert_axis(axis).unwrap(), &buf);
                        prop_assert_eq!(&mbuf, &expect);
                    }
                }
            }
        }
    )*};
}

view_insert_props!(vins0: 0, vins1: 1, vins2: 2, vins3: 3, vins4: 4, vins5: 5, vins6: 6, vins7: 7);
