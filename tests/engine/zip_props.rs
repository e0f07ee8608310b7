//! Issue 28: `Zip` against the brute-force model, on layouts large enough
//! for the planned and **staged** paths (a transposed read-only operand of
//! a plain type is copied through the SIMD blocks into a buffer): 1 to 6
//! operands, each permuted (transposed), flipped (negative strides),
//! broadcast, or a view of part of a buffer, element sizes 1, 2, 4 and 8;
//! `fold`, `map_collect`, `indexed`, `all`/`any` and (under `rayon`)
//! `par_for_each` on the same layouts; windows and chunks as operands.

use super::model;

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

trait Elem: Copy + PartialEq + core::fmt::Debug + Send + Sync + 'static {
    fn of(i: i64) -> Self;
    fn add(self, o: Self) -> Self;
}
macro_rules! elem {
    ($($t:ty),*) => {$(impl Elem for $t {
        fn of(i: i64) -> Self { i as $t }
        fn add(self, o: Self) -> Self { self.wrapping_add(o) }
    })*};
}
elem!(u8, u16, u32, u64);

// How one source operand of shape `shape` is laid out: a permutation of a
// row-major layout (with padding per axis), flips, and the offset of a
// view of part of a larger buffer; or a broadcast of a row-major operand
// whose `bcast` axes have size 1.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub(crate) perm: Vec<usize>,
    pub(crate) flips: Vec<bool>,
    pub(crate) pad: Vec<usize>,
    pub(crate) offset: usize,
    pub(crate) bcast: Vec<bool>,
}

pub(crate) fn spec(rank: usize) -> impl Strategy<Value = Spec> {
    (
        Just((0..rank).collect::<Vec<usize>>()).prop_shuffle(),
        proptest::collection::vec(prop_oneof![3 => Just(false), 1 => Just(true)], rank),
        proptest::collection::vec(prop_oneof![3 => Just(0usize), 1 => 1usize..3], rank),
        0usize..4,
        proptest::collection::vec(prop_oneof![5 => Just(false), 1 => Just(true)], rank),
    )
        .prop_map(|(perm, flips, pad, offset, bcast)| Spec {
            perm,
            flips,
            pad,
            offset,
            bcast,
        })
}

// A buffer and a (unique, or broadcast) layout of `shape` following `s`;
// `bcast` is honoured only when `broadcast` is allowed.
fn operand<T: Elem, const N: usize>(
    shape: [usize; N],
    s: &Spec,
    salt: i64,
    broadcast: bool,
) -> (Vec<T>, Layout<N>, bool) {
    let b = broadcast && s.bcast.iter().any(|&x| x);
    let own: [usize; N] = core::array::from_fn(|k| if b && s.bcast[k] { 1 } else { shape[k] });
    // Strides: axes in the order `perm` (first = outermost), padded.
    let mut strides = [0isize; N];
    let mut step = 1isize;
    for &k in s.perm.iter().rev() {
        strides[k] = step;
        step *= (own[k] + s.pad[k]).max(1) as isize;
    }
    let mut l = Layout::new(own, strides, s.offset).unwrap();
    for k in 0..N {
        if s.flips[k] {
            l = l.flip(k).unwrap();
        }
    }
    let buf = (0..l.required_len() as i64 + 2)
        .map(|i| T::of(i * 7 + salt))
        .collect();
    (buf, l, b)
}

// The model: the value of operand (buf, l) at `idx` of the zip's shape
// (broadcast axes of size 1 read index 0).
fn at<T: Elem, const N: usize>(buf: &[T], l: &Layout<N>, idx: [usize; N]) -> T {
    let i: [usize; N] = core::array::from_fn(|k| if l.shape()[k] == 1 { 0 } else { idx[k] });
    buf[position(l.strides(), l.offset(), i) as usize]
}

// d = 1 + Σ srcs over 0..=5 sources, with for_each, fold, map_collect,
// indexed, all/any, par_for_each; the destination row-major, or permuted.
fn check<T: Elem, const N: usize>(shape: [usize; N], dspec: &Spec, specs: &[Spec]) {
    let ops: Vec<(Vec<T>, Layout<N>, bool)> = specs
        .iter()
        .enumerate()
        .map(|(k, s)| operand::<T, N>(shape, s, 11 * k as i64 + 1, true))
        .collect();
    let (mut dbuf, dl, _) = operand::<T, N>(shape, dspec, 5, false);
    let idxs = indices(shape);
    let want = |idx: [usize; N]| {
        ops.iter()
            .fold(T::of(1), |acc, (b, l, _)| acc.add(at(b, l, idx)))
    };
    let mut expect = dbuf.clone();
    for &idx in &idxs {
        expect[position(dl.strides(), dl.offset(), idx) as usize] = want(idx);
    }
    let views: Vec<StridedView<'_, T, N>> = ops
        .iter()
        .map(|(b, l, _)| StridedView::new(b, *l).unwrap())
        .collect();
    let one = T::of(1);
    let mut dv = StridedViewMut::new(&mut dbuf, dl).unwrap();
    macro_rules! go {
        ($($k:literal $a:ident),*) => {{
            // for_each (broadcast operands through and_broadcast).
            let z = Zip::from(&mut dv) $(.and_broadcast(views[$k]).unwrap())*;
            z.for_each(|d, $($a),*| *d = one $(.add(*$a))*);
            // fold, map_collect, indexed, all/any over the shared views.
            let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
            let n = z.fold(0usize, |n, d, $($a),*| n + usize::from(*d == one $(.add(*$a))*));
            assert_eq!(n, idxs.len());
            let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
            let m = z.map_collect(|&d, $($a),*| (d, one $(.add(*$a))*));
            assert_eq!(m.shape(), shape);
            let m = m.into_vec();
            for (i, &idx) in idxs.iter().enumerate() {
                assert_eq!(m[i], (want(idx), want(idx)), "map_collect at {idx:?}");
            }
            let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
            let mut seen = 0usize;
            z.indexed().for_each(|idx, &d, $($a),*| {
                assert_eq!(d, want(idx));
                assert_eq!(one $(.add(*$a))*, want(idx));
                seen += 1;
            });
            assert_eq!(seen, idxs.len());
            let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
            assert!(z.all(|&d, $($a),*| d == one $(.add(*$a))*));
            let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
            assert!(!z.any(|&d, $($a),*| d != one $(.add(*$a))*));
            #[cfg(feature = "rayon")]
            {
                let z = Zip::from(&mut dv) $(.and_broadcast(views[$k]).unwrap())*;
                z.par_for_each(|d, $($a),*| *d = one.add(one) $(.add(*$a))*);
                let z = Zip::from(&dv) $(.and_broadcast(views[$k]).unwrap())*;
                assert!(z.all(|&d, $($a),*| d == one.add(one) $(.add(*$a))*));
                let z = Zip::from(&mut dv) $(.and_broadcast(views[$k]).unwrap())*;
                z.for_each(|d, $($a),*| *d = one $(.add(*$a))*);
            }
        }};
    }
    match specs.len() {
        0 => go!(),
        1 => go!(0 a),
        2 => go!(0 a, 1 b),
        3 => go!(0 a, 1 b, 2 c),
        4 => go!(0 a, 1 b, 2 c, 3 e),
        _ => go!(0 a, 1 b, 2 c, 3 e, 4 f),
    }
    assert_eq!(dbuf, expect, "shape {shape:?}");
}

fn shape3() -> impl Strategy<Value = [usize; 3]> {
    proptest::array::uniform3(prop_oneof![1 => Just(1usize), 1 => 2usize..5, 4 => 5usize..40])
}

fn shape2() -> impl Strategy<Value = [usize; 2]> {
    proptest::array::uniform2(prop_oneof![1 => Just(0usize), 1 => 1usize..4, 8 => 4usize..90])
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn zip_rank2_against_model(
        shape in shape2(),
        dspec in spec(2),
        specs in proptest::collection::vec(spec(2), 0..=5),
        size in 0usize..4,
    ) {
        match size {
            0 => check::<u8, 2>(shape, &dspec, &specs),
            1 => check::<u16, 2>(shape, &dspec, &specs),
            2 => check::<u32, 2>(shape, &dspec, &specs),
            _ => check::<u64, 2>(shape, &dspec, &specs),
        }
    }

    #[test]
    fn zip_rank3_against_model(
        shape in shape3(),
        dspec in spec(3),
        specs in proptest::collection::vec(spec(3), 0..=5),
        size in 0usize..4,
    ) {
        match size {
            0 => check::<u8, 3>(shape, &dspec, &specs),
            1 => check::<u16, 3>(shape, &dspec, &specs),
            2 => check::<u32, 3>(shape, &dspec, &specs),
            _ => check::<u64, 3>(shape, &dspec, &specs),
        }
    }

    // Windows, strided windows and chunks (exact, and along an axis with
    // a shorter last block, read-only and mutable) as operands, over a
    // parent that is permuted, flipped or part of a buffer.
    #[test]
    fn zip_windows_and_chunks_against_model(
        shape in proptest::array::uniform2(1usize..12),
        ps in spec(2),
        win in proptest::array::uniform2(0usize..4),
        step in proptest::array::uniform2(1usize..4),
        axis in 0usize..2,
    ) {
        let (buf, l, _) = operand::<u32, 2>(shape, &ps, 3, false);
        let p = StridedView::new(&buf, l).unwrap();
        let val = |i: usize, j: usize| at(&buf, &l, [i, j]);
        // A window or block's sum, from the model.
        let sum = |r0: usize, c0: usize, h: usize, w: usize| -> u32 {
            let mut s = 0u32;
            for i in r0..r0 + h {
                for j in c0..c0 + w {
                    s = s.wrapping_add(val(i, j));
                }
            }
            s
        };
        let wsum = |w: StridedView<'_, u32, 2>| w.iter().fold(0u32, |s, &x| s.wrapping_add(x));
        // windows / windows_with_stride
        if win[0] <= shape[0] && win[1] <= shape[1] {
            let grid = [
                (shape[0] - win[0]) / step[0] + 1,
                (shape[1] - win[1]) / step[1] + 1,
            ];
            let mut out = vec![0u32; grid[0] * grid[1]];
            let mut ov = StridedViewMut::new(&mut out, Layout::contiguous(grid)).unwrap();
            Zip::from(&mut ov)
                .and(p.windows_with_stride(win, step).unwrap())
                .unwrap()
                .for_each(|o, w| *o = wsum(w));
            for i in 0..grid[0] {
                for j in 0..grid[1] {
                    prop_assert_eq!(out[i * grid[1] + j], sum(i * step[0], j * step[1], win[0], win[1]));
                }
            }
            let g1 = [shape[0] - win[0] + 1, shape[1] - win[1] + 1];
            let m = Zip::from(p.windows(win).unwrap())
                .indexed()
                .fold(Vec::new(), |mut v, [i, j], w| {
                    v.push((i, j, w.shape(), wsum(w)));
                    v
                });
            prop_assert_eq!(m.len(), g1[0] * g1[1]);
            for (i, j, s, x) in m {
                prop_assert_eq!(s, win);
                prop_assert_eq!(x, sum(i, j, win[0], win[1]));
            }
        }
        // exact_chunks, then axis_chunks_iter (last block shorter).
        let chunk = [step[0], step[1] + 1];
        let grid = [shape[0] / chunk[0], shape[1] / chunk[1]];
        let mut out = vec![0u32; grid[0] * grid[1]];
        let mut ov = StridedViewMut::new(&mut out, Layout::contiguous(grid).t().t()).unwrap();
        Zip::from(&mut ov)
            .and(p.exact_chunks(chunk).unwrap())
            .unwrap()
            .for_each(|o, c| *o = wsum(c));
        for i in 0..grid[0] {
            for j in 0..grid[1] {
                prop_assert_eq!(out[i * grid[1] + j], sum(i * chunk[0], j * chunk[1], chunk[0], chunk[1]));
            }
        }
        let size = step[0] + 1;
        let n = shape[axis].div_ceil(size);
        let got = Zip::from(p.axis_chunks_iter(axis, size).unwrap())
            .indexed()
            .fold(Vec::new(), |mut v, idx, c| {
                v.push((idx[axis], c.shape(), wsum(c)));
                v
            });
        prop_assert_eq!(got.len(), n);
        for (k, s, x) in got {
            let len = size.min(shape[axis] - k * size);
            let mut want_shape = shape;
            want_shape[axis] = len;
            prop_assert_eq!(s, want_shape);
            let (r0, c0) = if axis == 0 { (k * size, 0) } else { (0, k * size) };
            prop_assert_eq!(x, sum(r0, c0, want_shape[0], want_shape[1]));
        }
        // Mutable chunks: each block filled with its grid index.
        let mut mb = buf.clone();
        let mut mv = StridedViewMut::new(&mut mb, l).unwrap();
        Zip::from(mv.axis_chunks_iter_mut(axis, size).unwrap())
            .indexed()
            .for_each(|idx, mut c| c.fill(idx[axis] as u32 + 1000));
        for i in 0..shape[0] {
            for j in 0..shape[1] {
                let k = if axis == 0 { i / size } else { j / size };
                prop_assert_eq!(at(&mb, &l, [i, j]), k as u32 + 1000);
            }
        }
    }
}

// A used iterator is an empty operand: the zip takes whole grids only.
#[test]
fn used_windows_and_chunks_are_empty_operands() {
    let x: Vec<u32> = (0..12).collect();
    let v = StridedView::new(&x, Layout::contiguous([3, 4])).unwrap();
    let mut w = v.windows([2, 2]).unwrap();
    let _ = w.next();
    assert_eq!(Zip::from(w).shape(), [0, 0]);
    let mut c = v.exact_chunks([1, 2]).unwrap();
    let _ = c.next_back();
    let z = Zip::from(c);
    assert_eq!(z.shape(), [0, 0]);
    assert_eq!(z.fold(0, |n, _| n + 1), 0);
    let mut y = x.clone();
    let mut m = StridedViewMut::new(&mut y, Layout::contiguous([3, 4])).unwrap();
    let mut cm = m.exact_chunks_mut([1, 2]).unwrap();
    let first = cm.next().unwrap();
    let z = Zip::from(cm);
    assert_eq!(z.shape(), [0, 0]);
    z.for_each(|mut b| b.fill(0));
    assert_eq!(first.to_vec(), [0, 1]);
    // A fresh one is the whole grid.
    let c = v.exact_chunks([1, 2]).unwrap();
    assert_eq!(Zip::from(c).shape(), [3, 2]);
}

// The staged path is taken exactly when it should be: the items of a
// transposed read-only operand of a plain type point into the staging
// buffer (outside the operand's buffer), and hold its values; a
// non-plain type, a mutable operand, or a contiguous one is not staged.
#[test]
fn transposed_plain_operand_is_staged() {
    let (r, c) = (40usize, 70usize);
    let src: Vec<u32> = (0..(r * c) as u32).collect();
    let range = src.as_ptr_range();
    let t = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut d = vec![0u32; r * c];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    let mut outside = 0usize;
    Zip::from(&mut dv).and(t).unwrap().for_each(|d, s| {
        outside += usize::from(!range.contains(&(s as *const u32)));
        *d = *s;
    });
    assert_eq!(
        outside,
        r * c,
        "every item of the transposed operand is staged"
    );
    assert_eq!(dv.to_vec(), t.to_vec());
    // Flipped along its rows too (stride -1 there: a 90-degree rotation):
    // staged backwards.
    let tf = t.flip(0).unwrap();
    let mut outside = 0usize;
    Zip::from(&mut dv).and(tf).unwrap().for_each(|d, s| {
        outside += usize::from(!range.contains(&(s as *const u32)));
        *d = *s;
    });
    assert_eq!(outside, r * c, "a rotated operand is staged");
    assert_eq!(dv.to_vec(), tf.to_vec());
    // Contiguous: the items are the elements.
    let u = StridedView::new(&src, Layout::contiguous([r, c])).unwrap();
    let mut inside = 0usize;
    Zip::from(&mut dv).and(u).unwrap().for_each(|_, s| {
        inside += usize::from(range.contains(&(s as *const u32)));
    });
    assert_eq!(inside, r * c);
    // Not plain: not staged.
    let strs: Vec<String> = (0..r * c).map(|i| i.to_string()).collect();
    let sr = strs.as_ptr_range();
    let st = StridedView::new(&strs, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut inside = 0usize;
    Zip::from(&mut dv).and(st).unwrap().for_each(|d, s| {
        inside += usize::from(sr.contains(&(s as *const String)));
        *d = s.parse().unwrap();
    });
    assert_eq!(inside, r * c);
    assert_eq!(dv.to_vec(), t.to_vec());
}
