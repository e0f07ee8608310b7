//! Property tests: `Layout` and every transform against the brute-force
//! model, on random layouts of rank 0 to 8 with negative and zero strides,
//! empty and size-1 axes.

use super::model;

use constrided::{Layout, LayoutError};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 96 })
}

// Checks that `new` agrees with the model and returns the layout.
fn built<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Option<Layout<N>> {
    let model_ok = valid(shape, strides, offset);
    let got = Layout::new(shape, strides, offset);
    assert_eq!(
        got.is_ok(),
        model_ok,
        "{shape:?} {strides:?} {offset}: {got:?}"
    );
    if let Err(e) = got {
        let low = positions(shape, strides, offset).into_iter().min().unwrap();
        assert_eq!(e, LayoutError::NegativeReach { position: low });
    }
    got.ok()
}

// Positions of a layout, row-major, via offset_of.
fn layout_positions<const N: usize>(l: &Layout<N>) -> Vec<i128> {
    indices(l.shape())
        .into_iter()
        .map(|i| l.offset_of(i).unwrap() as i128)
        .collect()
}

fn check_queries<const N: usize>(l: Layout<N>) {
    let (shape, strides, offset) = (l.shape(), l.strides(), l.offset());
    let pos = positions(shape, strides, offset);
    assert_eq!(l.numel(), pos.len());
    assert_eq!(l.is_empty(), pos.is_empty());
    let req = pos.iter().max().map_or(0, |&m| m as usize + 1);
    assert_eq!(l.required_len(), req);
    assert_eq!(layout_positions(&l), pos);
    // Out-of-range components give None.
    for k in 0..N {
        let mut idx = [0usize; N];
        idx[k] = shape[k];
        assert_eq!(l.offset_of(idx), None);
    }
    // C contiguity: row-major positions are consecutive.
    let c = pos.windows(2).all(|w| w[1] == w[0] + 1);
    assert_eq!(l.is_contiguous(), c, "{l}");
    assert_eq!(l.is_contiguous(), th_is_contiguous(&shape, &strides), "{l}");
    // F contiguity: column-major positions are consecutive.
    let t = l.t();
    let f = layout_positions(&t).windows(2).all(|w| w[1] == w[0] + 1);
    assert_eq!(l.is_f_contiguous(), f, "{l}");
    // Exact uniqueness for these small layouts.
    assert_eq!(l.is_unique(), distinct(&pos), "{l}");
}

fn check_permute<const N: usize>(l: Layout<N>, perm: Vec<usize>) {
    let axes: [usize; N] = core::array::from_fn(|k| perm[k]);
    let p = l.permute(axes).unwrap();
    for idx in indices(p.shape()) {
        let mut orig = [0usize; N];
        for k in 0..N {
            orig[axes[k]] = idx[k];
        }
        assert_eq!(p.offset_of(idx), l.offset_of(orig));
    }
    if N >= 2 {
        let mut bad = axes;
        bad[0] = bad[1];
        assert!(matches!(
            l.permute(bad),
            Err(LayoutError::InvalidPermutation { .. })
        ));
    }
    let t = l.t();
    for idx in indices(t.shape()) {
        let mut rev = idx;
        rev.reverse();
        assert_eq!(t.offset_of(idx), l.offset_of(rev));
    }
}

fn check_flip_transpose<const N: usize>(l: Layout<N>, a: usize, b: usize) {
    if a >= N {
        assert_eq!(
            l.flip(a),
            Err(LayoutError::AxisOutOfRange { axis: a, rank: N })
        );
        assert!(l.transpose(a, 0).is_err());
        return;
    }
    let f = l.flip(a).unwrap();
    for idx in indices(f.shape()) {
        let mut o = idx;
        o[a] = l.shape()[a] - 1 - idx[a];
        assert_eq!(f.offset_of(idx), l.offset_of(o));
    }
    let b = b % N;
    let t = l.transpose(a, b).unwrap();
    for idx in indices(t.shape()) {
        let mut o = idx;
        o.swap(a, b);
        assert_eq!(t.offset_of(idx), l.offset_of(o));
    }
}

fn check_slice<const N: usize>(l: Layout<N>, s: Vec<constrided::Slice>) {
    let sl: [constrided::Slice; N] = core::array::from_fn(|k| s[k]);
    let r = l.slice(sl).unwrap();
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
    assert_eq!(
        r.shape().to_vec(),
        picks.iter().map(|p| p.len()).collect::<Vec<_>>()
    );
    for idx in indices(r.shape()) {
        let o: [usize; N] = core::array::from_fn(|k| picks[k][idx[k]]);
        assert_eq!(r.offset_of(idx), l.offset_of(o));
    }
    if N > 0 {
        let mut z = sl;
        z[N - 1] = z[N - 1].step_by(0);
        assert_eq!(l.slice(z), Err(LayoutError::ZeroStep { axis: N - 1 }));
    }
}

fn check_split<const N: usize>(l: Layout<N>, axis: usize, at: usize) {
    if axis >= N {
        assert!(matches!(
            l.split_at(axis, 0),
            Err(LayoutError::AxisOutOfRange { .. })
        ));
        return;
    }
    let size = l.shape()[axis];
    if at > size {
        assert_eq!(
            l.split_at(axis, at),
            Err(LayoutError::IndexOutOfRange {
                axis,
                index: at,
                size
            })
        );
        return;
    }
    let (a, b) = l.split_at(axis, at).unwrap();
    assert_eq!(a.shape()[axis] + b.shape()[axis], size);
    for idx in indices(a.shape()) {
        assert_eq!(a.offset_of(idx), l.offset_of(idx));
    }
    for idx in indices(b.shape()) {
        let mut o = idx;
        o[axis] += at;
        assert_eq!(b.offset_of(idx), l.offset_of(o));
    }
}

fn check_reshape_flat<const N: usize>(l: Layout<N>) {
    let pos = layout_positions(&l);
    let n = pos.len();
    let ap = n <= 1 || pos.windows(2).all(|w| w[1] - w[0] == pos[1] - pos[0]);
    match l.reshape([n]) {
        Ok(r) => {
            assert!(ap, "{l} reshaped though not viewable");
            assert_eq!(layout_positions(&r), pos);
        }
        Err(e) => {
            assert!(!ap, "{l}: {e}");
            assert!(matches!(e, LayoutError::NotViewable { .. }));
        }
    }
    if l.is_contiguous() {
        assert!(l.reshape([n]).is_ok());
    }
    assert!(matches!(
        l.reshape([n + 1]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
}

// reshape to a random shape of rank M with the same element count:
// succeeds exactly when NumPy's reshape(copy=False) does, with NumPy's
// strides, and exactly when some strides give the same elements in the same
// order (brute force).
fn check_reshape<const N: usize, const M: usize>(l: Layout<N>, seed: &[usize]) {
    let new: [usize; M] = regroup(&l.shape(), M, seed).try_into().unwrap();
    let pos = layout_positions(&l);
    let numpy = numpy_reshape(&l.shape(), &l.strides(), &new);
    assert_eq!(numpy.is_some(), viewable_as(&pos, &new), "{l} -> {new:?}");
    match l.reshape(new) {
        Ok(r) => {
            assert_eq!(Some(r.strides().to_vec()), numpy, "{l} -> {new:?}");
            assert_eq!(r.shape(), new);
            assert_eq!(r.offset(), l.offset());
            assert_eq!(layout_positions(&r), pos);
        }
        Err(e) => {
            assert!(numpy.is_none(), "{l} -> {new:?}: {e}");
            assert_eq!(
                e,
                LayoutError::NotViewable {
                    from: constrided::Dims::new(&l.shape()),
                    to: constrided::Dims::new(&new)
                }
            );
        }
    }
}

fn check_broadcast<const N: usize>(l: Layout<N>, grow: [usize; N], lead: usize) {
    // Size-1 axes may stretch to any size; others keep theirs.
    let target: [usize; N] = core::array::from_fn(|k| {
        if l.shape()[k] == 1 {
            grow[k]
        } else {
            l.shape()[k]
        }
    });
    let b = l.broadcast_to(target).unwrap();
    for idx in indices(target) {
        let o: [usize; N] = core::array::from_fn(|k| if l.shape()[k] == 1 { 0 } else { idx[k] });
        assert_eq!(b.offset_of(idx), l.offset_of(o));
    }
    // A new leading axis.
    let mut t1 = [lead; 9];
    t1[9 - N..].copy_from_slice(&target);
    if N < 8 {
        let tt: Vec<usize> = t1[8 - N..].to_vec();
        check_lead::<N>(l, &tt);
    }
    // A wrong size on a non-1 axis is refused, naming the axis.
    for k in 0..N {
        if l.shape()[k] > 1 {
            let mut bad = l.shape();
            bad[k] += 1;
            assert_eq!(
                l.broadcast_to(bad).unwrap_err(),
                LayoutError::NotBroadcastable {
                    from: constrided::Dims::new(&l.shape()),
                    to: constrided::Dims::new(&bad),
                    axis: k
                }
            );
        }
    }
}

fn check_lead<const N: usize>(l: Layout<N>, target: &[usize]) {
    // target has N + 1 entries; broadcast at rank N + 1 through a fixed rank-8 array.
    let mut t8 = [1usize; 8];
    let start = 8 - target.len();
    t8[start..].copy_from_slice(target);
    let b8 = l.broadcast_to(t8).unwrap();
    for idx in indices(b8.shape()) {
        let o: [usize; N] = core::array::from_fn(|k| {
            let j = 8 - N + k;
            if l.shape()[k] == 1 {
                0
            } else {
                idx[j]
            }
        });
        assert_eq!(b8.offset_of(idx), l.offset_of(o));
    }
}

macro_rules! rank_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn queries_and_transforms(
                    (shape, strides, offset) in raw_layout::<$n>(),
                    perm in Just((0..$n).collect::<Vec<usize>>()).prop_shuffle(),
                    slices in proptest::collection::vec(slice_strategy(), $n),
                    a in 0usize..=$n, b in 0usize..8, at in 0usize..6,
                    grow in proptest::array::uniform::<_, $n>(0usize..=3), lead in 0usize..=2,
                    seed in proptest::collection::vec(0usize..1000, 24),
                ) {
                    if let Some(l) = built(shape, strides, offset) {
                        check_queries(l);
                        check_permute(l, perm);
                        check_flip_transpose(l, a, b);
                        check_slice(l, slices);
                        check_split(l, a, at);
                        check_reshape_flat(l);
                        check_broadcast(l, grow, lead);
                        check_reshape::<$n, 1>(l, &seed);
                        check_reshape::<$n, 2>(l, &seed);
                        check_reshape::<$n, 3>(l, &seed[1..]);
                        check_reshape::<$n, 4>(l, &seed[2..]);
                        check_reshape::<$n, $n>(l, &seed[3..]);
                        check_reshape::<$n, 8>(l, &seed[4..]);
                    }
                }
            }
        }
    )*};
}

rank_props!(rank0: 0, rank1: 1, rank2: 2, rank3: 3, rank4: 4, rank5: 5, rank6: 6, rank7: 7, rank8: 8);

macro_rules! axis_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn index_and_remove((shape, strides, offset) in raw_layout::<$n>(), axis in 0usize..=$n, i in 0usize..5) {
                    let Some(l) = built(shape, strides, offset) else { return Ok(()) };
                    // index_axis (output rank inferred)
                    match l.index_axis(axis, i) {
                        Ok(r) => {
                            prop_assert_eq!(r.shape().len(), $n - 1);
                            for idx in indices(r.shape()) {
                                let mut o = [0usize; $n];
                                let mut j = 0;
                                for k in 0..$n {
                                    if k == axis { o[k] = i } else { o[k] = idx[j]; j += 1; }
                                }
                                prop_assert_eq!(r.offset_of(idx), l.offset_of(o));
                            }
                        }
                        Err(LayoutError::AxisOutOfRange { axis: a, rank }) => {
                            prop_assert!(axis >= $n);
                            prop_assert_eq!((a, rank), (axis, $n));
                        }
                        Err(LayoutError::IndexOutOfRange { axis: a, index, size }) => {
                            prop_assert_eq!((a, index, size), (axis, i, l.shape()[axis]));
                            prop_assert!(i >= size);
                        }
                        Err(e) => prop_assert!(false, "{e}"),
                    }
                    // remove_axis (output rank inferred)
                    match l.remove_axis(axis) {
                        Ok(r) => {
                            prop_assert_eq!(r.shape().len(), $n - 1);
                            prop_assert_eq!(l.shape()[axis], 1);
                            prop_assert_eq!(layout_positions(&r), layout_positions(&l));
                        }
                        Err(LayoutError::AxisOutOfRange { .. }) => prop_assert!(axis >= $n),
                        Err(LayoutError::ShapeMismatch { .. }) => prop_assert!(l.shape()[axis] != 1),
                        Err(e) => prop_assert!(false, "{e}"),
                    }
                }
            }
        }
    )*};
}

axis_props!(axis1: 1, axis2: 2, axis3: 3, axis4: 4, axis5: 5, axis6: 6, axis7: 7, axis8: 8);

macro_rules! insert_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn insert((shape, strides, offset) in raw_layout::<$n>(), axis in 0usize..($n + 2)) {
                    let Some(l) = built(shape, strides, offset) else { return Ok(()) };
                    // Output rank inferred.
                    match l.insert_axis(axis) {
                        Ok(h) => {
                            prop_assert!(axis <= $n);
                            prop_assert_eq!(h.shape().len(), $n + 1);
                            prop_assert_eq!(h.shape()[axis], 1);
                            for k in 0..l.shape().len() {
                                let j = if k < axis { k } else { k + 1 };
                                prop_assert_eq!(h.shape()[j], l.shape()[k]);
                                prop_assert_eq!(h.strides()[j], l.strides()[k]);
                            }
                            prop_assert_eq!(layout_positions(&h), layout_positions(&l));
                            prop_assert_eq!(h.is_contiguous(), l.is_contiguous());
                            prop_assert_eq!(h.is_unique(), l.is_unique());
                        }
                        Err(e) => {
                            prop_assert_eq!(axis, $n + 1);
                            prop_assert!(matches!(e, LayoutError::AxisOutOfRange { .. }), "{}", e);
                        }
                    }
                }
            }
        }
    )*};
}

insert_props!(ins0: 0, ins1: 1, ins2: 2, ins3: 3, ins4: 4, ins5: 5, ins6: 6, ins7: 7);
