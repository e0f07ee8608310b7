//! Property tests of the element-wise engine against the brute-force model,
//! rank 0 to 8: map_inplace, fill, fold, sum, map_reduce, map, zip_with, `Zip` with 1 to
//! 6 operands (different layouts, negative strides, broadcast operands),
//! every axis of fold_axis / sum_axis / fold_axis_into, and the
//! `ShapeMismatch` / `NotBroadcastable` errors.

use super::model;

use constrided::{Layout, LayoutError, Lower, Rank, StridedView, StridedViewMut, Zip};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 })
}

// Sizes 0..=3 (mostly non-empty) so rank 8 stays small.
fn shape_strategy<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 10 => 1usize..=3])
}

// A unique layout of `shape` in a fresh buffer (with salted values).
struct Operand<const N: usize> {
    buf: Vec<i64>,
    layout: Layout<N>,
}

impl<const N: usize> Operand<N> {
    fn new(shape: [usize; N], (strides, offset): ([isize; N], usize), salt: i64) -> Self {
        let layout = Layout::new(shape, strides, offset).unwrap();
        let buf = (0..layout.required_len() as i64 + 3)
            .map(|i| i * 7 + salt)
            .collect();
        Operand { buf, layout }
    }
    fn view(&self) -> StridedView<'_, i64, N> {
        StridedView::new(&self.buf, self.layout).unwrap()
    }
    fn view_mut(&mut self) -> StridedViewMut<'_, i64, N> {
        StridedViewMut::new(&mut self.buf, self.layout).unwrap()
    }
    // The model's elements, row-major.
    fn elems(&self) -> Vec<i64> {
        let l = self.layout;
        positions(l.shape(), l.strides(), l.offset())
            .into_iter()
            .map(|p| self.buf[p as usize])
            .collect()
    }
}

fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
}

fn check_unary<const N: usize>(mut d: Operand<N>) {
    let want = d.elems();
    let v = d.view();
    assert_eq!(v.sum(), want.iter().sum::<i64>());
    assert_eq!(
        sorted(v.fold(Vec::new(), |mut a, &e| {
            a.push(e);
            a
        })),
        sorted(want.clone())
    );
    // map_reduce: every element once (a multiset), and an integer sum.
    assert_eq!(
        sorted(v.map_reduce(
            Vec::new(),
            |&e| vec![e],
            |mut a, b| {
                a.extend(b);
                a
            }
        )),
        sorted(want.clone())
    );
    assert_eq!(
        v.map_reduce(0i64, |&e| e * 3, |a, b| a + b),
        want.iter().map(|e| e * 3).sum::<i64>()
    );
    assert_eq!(
        v.map(|&e| e * 2 - 1).into_vec(),
        want.iter().map(|e| e * 2 - 1).collect::<Vec<_>>()
    );
    // Strings: map and fold with a non-Copy type.
    assert_eq!(
        v.map(|e| e.to_string()).into_vec(),
        want.iter().map(|e| e.to_string()).collect::<Vec<_>>()
    );
    let before = d.buf.clone();
    d.view_mut().map_inplace(|e| *e = *e * 3 + 1);
    let mut expect = before.clone();
    let l = d.layout;
    for p in positions(l.shape(), l.strides(), l.offset()) {
        expect[p as usize] = before[p as usize] * 3 + 1;
    }
    assert_eq!(d.buf, expect);
    d.view_mut().fill(-5);
    for p in positions(l.shape(), l.strides(), l.offset()) {
        expect[p as usize] = -5;
    }
    assert_eq!(d.buf, expect);
}

// Zip with 1 + srcs.len() operands (up to 6): d = Σ srcs + 1, and a fold.
fn check_zip<const N: usize>(mut d: Operand<N>, srcs: &[Operand<N>]) {
    let l = d.layout;
    let n = l.numel();
    let mut want_d = d.buf.clone();
    let pos = positions(l.shape(), l.strides(), l.offset());
    let elems: Vec<Vec<i64>> = srcs.iter().map(|s| s.elems()).collect();
    for (i, p) in pos.iter().enumerate() {
        want_d[*p as usize] = 1 + elems.iter().map(|e| e[i]).sum::<i64>();
    }
    let fold_want: i64 = (0..n)
        .map(|i| elems.iter().map(|e| e[i]).sum::<i64>())
        .sum();
    let v: Vec<StridedView<'_, i64, N>> = srcs.iter().map(|s| s.view()).collect();
    let mut dv = d.view_mut();
    macro_rules! go {
        ($($k:literal $a:ident),*) => {{
            let z = Zip::from(&mut dv) $(.and(&v[$k]).unwrap())*;
            z.for_each(|d, $($a),*| *d = 1 $(+ *$a)*);
            let f = Zip::from(&dv) $(.and(v[$k]).unwrap())*;
            assert_eq!(f.fold(0i64, |s, _d, $($a),*| s $(+ *$a)*), fold_want);
        }};
    }
    match srcs.len() {
        0 => {
            Zip::from(&mut dv).for_each(|d| *d = 1);
            assert_eq!(Zip::from(&dv).fold(0usize, |s, _| s + 1), n);
        }
        1 => go!(0 a),
        2 => go!(0 a, 1 b),
        3 => go!(0 a, 1 b, 2 c),
        4 => go!(0 a, 1 b, 2 c, 3 e),
        _ => go!(0 a, 1 b, 2 c, 3 e, 4 f),
    }

    assert_eq!(d.buf, want_d);
    // zip_with, the 2-operand kernel.
    if let Some(s) = srcs.first() {
        let before = d.buf.clone();
        d.view_mut()
            .zip_with(&s.view(), |a, b| *a = *a * 2 - b)
            .unwrap();
        let mut expect = before.clone();
        for (i, p) in pos.iter().enumerate() {
            expect[*p as usize] = before[*p as usize] * 2 - elems[0][i];
        }
        assert_eq!(d.buf, expect);
    }
}

// and_broadcast: `b` (a shape with some axes 1, or of a wrong size)
// broadcast against `d`.
fn check_broadcast<const N: usize>(mut d: Operand<N>, b: Operand<N>) {
    let l = d.layout;
    let bl = b.layout;
    let bw = b.elems();
    let mut expect = d.buf.clone();
    for idx in indices(l.shape()) {
        let bi: [usize; N] = core::array::from_fn(|k| if bl.shape()[k] == 1 { 0 } else { idx[k] });
        let lin = bi
            .iter()
            .zip(bl.shape())
            .fold(0usize, |a, (&i, s)| a * s + i);
        expect[position(l.strides(), l.offset(), idx) as usize] = bw[lin] + 100;
    }
    let bv = b.view();
    let fits = (0..N).all(|k| bl.shape()[k] == l.shape()[k] || bl.shape()[k] == 1);
    let mut dv = d.view_mut();
    let r = Zip::from(&mut dv).and_broadcast(bv);
    if fits {
        r.unwrap().for_each(|d, b| *d = *b + 100);

        assert_eq!(d.buf, expect);
    } else {
        assert!(matches!(r, Err(LayoutError::NotBroadcastable { .. })));
    }
}

fn check_axes<const N: usize, const R: usize>(s: Operand<N>)
where
    Rank<N>: Lower<Out = Rank<R>>,
{
    let l = s.layout;
    let shape = l.shape();
    let want = s.elems();
    let v = s.view();
    for axis in 0..N {
        let out_shape: [usize; R] =
            core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        // The model: per output index, the lane's elements.
        let mut lanes: Vec<Vec<i64>> = vec![Vec::new(); out_shape.iter().product()];
        for (i, idx) in indices(shape).into_iter().enumerate() {
            let o: [usize; R] = core::array::from_fn(|k| idx[if k < axis { k } else { k + 1 }]);
            let lin = o.iter().zip(out_shape).fold(0usize, |a, (&i, s)| a * s + i);
            lanes[lin].push(want[i]);
        }
        let sums: Vec<i64> = lanes.iter().map(|l| l.iter().sum()).collect();
        let sa = v.sum_axis(axis).unwrap();
        assert_eq!(sa.shape(), out_shape);
        assert_eq!(sa.into_vec(), sums);
        let fa = v
            .fold_axis(axis, String::from(":"), |acc, e| format!("{acc}{e},"))
            .unwrap();
        let got: Vec<Vec<i64>> = fa
            .into_vec()
            .into_iter()
            .map(|s| {
                let mut v: Vec<i64> = s[1..]
                    .split(',')
                    .filter(|x| !x.is_empty())
                    .map(|x| x.parse().unwrap())
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        let lanes_sorted: Vec<Vec<i64>> = lanes.iter().cloned().map(sorted).collect();
        assert_eq!(got, lanes_sorted);
        // fold_axis_into a transposed (column-major) destination with initial values.
        let dl = Layout::f_contiguous(out_shape);
        let mut dbuf = vec![1000i64; dl.required_len()];
        let mut dv = StridedViewMut::new(&mut dbuf, dl).unwrap();
        v.fold_axis_into(axis, &mut dv, |a, &e| *a += e).unwrap();
        for (lin, o) in indices(out_shape).into_iter().enumerate() {
            assert_eq!(dv[o], 1000 + sums[lin]);
        }
        // A destination of the wrong shape.
        if R > 0 && out_shape[0] > 0 {
            let mut bad = out_shape;
            bad[0] += 1;
            let bl = Layout::contiguous(bad);
            let mut bb = vec![0i64; bl.required_len()];
            let mut bv = StridedViewMut::new(&mut bb, bl).unwrap();
            assert!(matches!(
                v.fold_axis_into(axis, &mut bv, |a, &e| *a += e),
                Err(LayoutError::ShapeMismatch { .. })
            ));
        }
    }
    assert!(matches!(
        v.sum_axis(N),
        Err(LayoutError::AxisOutOfRange { .. })
    ));
}

// A `Zip` operand of another shape is `ShapeMismatch`.
fn check_mismatch<const N: usize>(mut d: Operand<N>) {
    let mut other = d.layout.shape();
    match other.first_mut() {
        Some(s) if *s > 0 => *s += 1,
        _ => return,
    }
    let o = Operand::new(other, (Layout::contiguous(other).strides(), 0), 0);
    let mut dv = d.view_mut();
    let r = Zip::from(&mut dv).and(o.view());
    assert!(matches!(r, Err(LayoutError::ShapeMismatch { .. })));
}

// A broadcastable variant of `shape`: axes where `ones` is set become 1.
fn ones_shape<const N: usize>(shape: [usize; N], ones: [bool; N]) -> [usize; N] {
    core::array::from_fn(|k| if ones[k] { 1 } else { shape[k] })
}

macro_rules! rank_props {
    ($($m:ident $n:literal $ax:ident;)*) => {$(
        mod $m {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn engine(
                    (shape, ls) in shape_strategy::<$n>().prop_flat_map(|s| (
                        Just(s),
                        proptest::collection::vec(unique_strides(s), 7),
                    )),
                    k in 0usize..=5,
                    ones in proptest::array::uniform::<_, $n>(any::<bool>()),
                    bump in proptest::array::uniform::<_, $n>(0usize..=1),
                ) {
                    check_unary(Operand::new(shape, ls[0], 1));
                    let srcs: Vec<Operand<$n>> =
                        (0..k).map(|i| Operand::new(shape, ls[i + 1], 10 * i as i64)).collect();
                    check_zip(Operand::new(shape, ls[0], 1), &srcs);
                    // Broadcast: some axes of size 1, sometimes a mismatched size.
                    let mut bs = ones_shape(shape, ones);
                    for a in 0..shape.len() { if !ones[a] && bs[a] > 1 { bs[a] += bump[a] } }
                    let bl = Layout::contiguous(bs);
                    let b = Operand::new(bs, (bl.strides(), 0), 3);
                    check_broadcast(Operand::new(shape, ls[0], 1), b);
                    // Mismatched shapes.
                    check_mismatch(Operand::new(shape, ls[0], 1));
                }
            }
            rank_props!(@$ax $n);
        }
    )*};
    (@noaxes $n:literal) => {};
    (@axes $n:literal) => {
        proptest! {
            #![proptest_config(cases())]
            #[test]
            fn axes(
                (shape, s) in shape_strategy::<$n>().prop_flat_map(|s| (Just(s), unique_strides(s))),
                neg in -3isize..=3,
            ) {
                check_axes(Operand::new(shape, s, 2));
                // Zero and arbitrary (possibly aliasing) strides on the read side.
                let mut st = s.0;
                if $n > 0 { st[0] = neg; }
                let lo = Layout::new(shape, st, s.1 + 20);
                if let Ok(l) = lo {
                    let o = Operand { buf: (0..l.required_len() as i64).collect(), layout: l };
                    check_axes(o);
                }
            }
        }
    };
}

rank_props! {
    r0 0 noaxes; r1 1 axes; r2 2 axes; r3 3 axes; r4 4 axes; r5 5 axes; r6 6 axes; r7 7 axes; r8 8 axes;
}

// Broadcasting an operand of lower rank (leading axes added).
#[test]
fn broadcast_lower_rank_and_errors() {
    let mut m = vec![0i64; 24];
    let row: Vec<i64> = (0..4).collect();
    let mut mv = StridedViewMut::new(&mut m, Layout::contiguous([2, 3, 4])).unwrap();
    let rv = StridedView::new(&row, Layout::contiguous([4])).unwrap();
    Zip::from(&mut mv)
        .and_broadcast(&rv)
        .unwrap()
        .and_broadcast(rv.flip(0).unwrap())
        .unwrap()
        .for_each(|m, a, b| *m = a * 10 + b);
    assert_eq!(&m[..4], &[3, 12, 21, 30]);
    assert_eq!(&m[20..], &[3, 12, 21, 30]);
    let col = [1i64, 2, 3];
    let cv = StridedView::new(&col, Layout::contiguous([3])).unwrap();
    let mut mv = StridedViewMut::new(&mut m, Layout::contiguous([2, 3, 4])).unwrap();
    assert!(matches!(
        Zip::from(&mut mv).and_broadcast(cv),
        Err(LayoutError::NotBroadcastable { .. })
    ));
}

// Large transposed and permuted cases: several tiles, ragged edges.
#[test]
#[cfg_attr(miri, ignore = "large")]
fn tiled_transposes() {
    for (r, c) in [(70usize, 45usize), (130, 257), (1, 300), (300, 2)] {
        let a: Vec<i64> = (0..(r * c) as i64).collect();
        let mut d = vec![0i64; r * c];
        let at = StridedView::new(&a, Layout::contiguous([c, r]))
            .unwrap()
            .t();
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        dv.zip_with(&at, |d, a| *d = *a).unwrap();
        Zip::from(&mut dv)
            .and(&at)
            .unwrap()
            .for_each(|d, a| *d += *a);
        for i in 0..r {
            for j in 0..c {
                assert_eq!(d[i * c + j], 2 * (j * r + i) as i64);
            }
        }
        assert_eq!(at.map(|&e| e).into_vec(), at.to_vec());
        let s0 = at.sum_axis(0).unwrap().into_vec();
        let s1 = at.sum_axis(1).unwrap().into_vec();
        for j in 0..c {
            assert_eq!(s0[j], (0..r).map(|i| a[j * r + i]).sum::<i64>());
        }
        for i in 0..r {
            assert_eq!(s1[i], (0..c).map(|j| a[j * r + i]).sum::<i64>());
        }
    }
    // 3-D (2, 0, 1) permutation against a row-major destination.
    let n = 20usize;
    let a: Vec<f64> = (0..n * n * n).map(|x| x as f64).collect();
    let p = StridedView::new(&a, Layout::contiguous([n, n, n]))
        .unwrap()
        .permute([2, 0, 1])
        .unwrap();
    let mut d = vec![0.0f64; n * n * n];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([n, n, n])).unwrap();
    Zip::from(&mut dv).and(p).unwrap().for_each(|d, a| *d = *a);
    assert_eq!(d, p.to_vec());
    assert_eq!(p.sum(), a.iter().sum::<f64>());
}

// `Zip` with a transposed operand whose rows lie a multiple of 4 KiB apart
// (tiles walked in blocks of one line of rows, two half-width passes) and
// one whose rows do not (whole tile rows, the run a few rows on hinted):
// ragged tiles, views of part of a buffer, three operands, against the
// naive model.
#[test]
#[cfg_attr(miri, ignore = "large")]
fn tiled_zip_geometries() {
    for pitch in [512usize, 520, 1024] {
        for (r, c) in [(70usize, 45usize), (300, 9), (17, 130)] {
            // b^T: element (i, j) at off + j * pitch + i, i < r <= pitch.
            let off = 3;
            if r > pitch {
                continue;
            }
            let b: Vec<i64> = (0..(off + c * pitch) as i64).map(|x| 7 * x).collect();
            let bt = StridedView::new(&b, Layout::new([c, r], [pitch as isize, 1], off).unwrap())
                .unwrap()
                .t();
            let a: Vec<i64> = (0..(r * c) as i64).map(|x| x * x).collect();
            let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
            // The destination: the top r rows of a larger buffer, whose
            // other rows must stay untouched.
            let mut d = vec![-1i64; (r + 2) * c];
            let (mut dv, _) = StridedViewMut::new(&mut d, Layout::contiguous([r + 2, c]))
                .unwrap()
                .split_at(0, r)
                .unwrap();
            Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(bt)
                .unwrap()
                .for_each(|d, a, b| *d = a + b);
            for i in 0..r {
                for j in 0..c {
                    assert_eq!(
                        d[i * c + j],
                        a[i * c + j] + b[off + j * pitch + i],
                        "{pitch} {r}x{c} ({i}, {j})"
                    );
                }
            }
            assert!(d[r * c..].iter().all(|&e| e == -1));
            // The transposed operand as the destination.
            let mut e = b.clone();
            let (mut ev, _) = StridedViewMut::new(
                &mut e,
                Layout::new([c, r], [pitch as isize, 1], off).unwrap(),
            )
            .unwrap()
            .t()
            .split_at(0, r)
            .unwrap();
            Zip::from(&mut ev).and(av).unwrap().for_each(|e, a| *e -= a);
            for (k, (&x, &y)) in e.iter().zip(&b).enumerate() {
                let in_view = k >= off && (k - off) % pitch < r;
                let want = if in_view {
                    y - a[((k - off) % pitch) * c + (k - off) / pitch]
                } else {
                    y
                };
                assert_eq!(x, want, "{pitch} {r}x{c} at {k}");
            }
        }
    }
}

// zip_with with a transposed source of a plain type runs the staged path
// (tiles of the source copied by the copy engine's blocks into a buffer):
// every element type size, sources that are part of a larger buffer
// (pitch > rows, an offset), destinations row-major, strided or flipped,
// ragged edges of blocks and strips, rank 3 permutations.
fn check_staged<T: Copy + PartialEq + core::fmt::Debug>(
    (r, c, pitch_extra, off, dst_kind): (usize, usize, usize, usize, u8),
    val: fn(usize) -> T,
) {
    let pitch = r + pitch_extra;
    let src: Vec<T> = (0..off + c * pitch + 2).map(val).collect();
    // src^T: element (i, j) at off + i + j·pitch.
    let sl = Layout::new([r, c], [1, pitch as isize], off).unwrap();
    let sv = StridedView::new(&src, sl).unwrap();
    let dl = match dst_kind {
        0 => Layout::contiguous([r, c]),
        1 => Layout::new([r, c], [2 * c as isize, 2], 1).unwrap(),
        _ => Layout::contiguous([r, c]).flip(1).unwrap(),
    };
    let zero = val(usize::MAX % 251);
    let mut dst = vec![zero; dl.required_len() + 1];
    StridedViewMut::new(&mut dst, dl)
        .unwrap()
        .zip_with(&sv, |d, s| *d = *s)
        .unwrap();
    let sp = positions(sl.shape(), sl.strides(), sl.offset());
    let dp = positions(dl.shape(), dl.strides(), dl.offset());
    let mut want = vec![zero; dst.len()];
    for (d, s) in dp.iter().zip(&sp) {
        want[*d as usize] = src[*s as usize];
    }
    assert_eq!(dst, want);
}

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn staged_transposed_zip_with(
        dims in (1usize..80, 1usize..80, 0usize..5, 0usize..9, 0u8..3),
    ) {
        check_staged(dims, |i| i as u8);
        check_staged(dims, |i| i as u16);
        check_staged(dims, |i| i as f32);
        check_staged(dims, |i| i as i64);
    }

    #[test]
    fn staged_permutation_zip_with(n0 in 1usize..9, n1 in 1usize..40, n2 in 1usize..40) {
        // (2, 0, 1) of a row-major n0 x n1 x n2 array into a row-major one.
        let a: Vec<f32> = (0..n0 * n1 * n2).map(|x| x as f32).collect();
        let p = StridedView::new(&a, Layout::contiguous([n0, n1, n2]))
            .unwrap()
            .permute([2, 0, 1])
            .unwrap();
        let mut d = vec![0.0f32; n0 * n1 * n2];
        StridedViewMut::new(&mut d, Layout::contiguous([n2, n0, n1]))
            .unwrap()
            .zip_with(&p, |d, s| *d += *s)
            .unwrap();
        prop_assert_eq!(d, p.to_vec());
    }
}

// map_reduce over runs long enough for its sixteen partial results (and a
// remainder), forward, backward, strided, transposed and broadcast, on part
// of a buffer.
proptest! {
    #![proptest_config(cases())]
    #[test]
    fn map_reduce_long_runs(
        rows in 0usize..=4,
        cols in 0usize..=70,
        s1 in prop_oneof![Just(1isize), Just(-1), Just(2), Just(-3), Just(0)],
        lead in 0usize..=5,
        transpose in any::<bool>(),
    ) {
        let s0 = (cols as isize * s1.abs()).max(1) + 1;
        let off = lead + if s1 < 0 { (cols.max(1) - 1) * s1.unsigned_abs() } else { 0 };
        let l = Layout::new([rows, cols], [s0, s1], off).unwrap();
        let l = if transpose { l.t().t() } else { l };
        let buf: Vec<i64> = (0..l.required_len() as i64 + 4).map(|i| i * 5 - 17).collect();
        let v = StridedView::new(&buf, l).unwrap();
        let want: Vec<i64> = positions(l.shape(), l.strides(), l.offset())
            .into_iter()
            .map(|p| buf[p as usize])
            .collect();
        let got = v.map_reduce(Vec::new(), |&e| vec![e], |mut a, b| {
            a.extend(b);
            a
        });
        prop_assert_eq!(sorted(got), sorted(want.clone()));
        prop_assert_eq!(
            v.map_reduce(7i64, |&e| e, |a, b| a + b - 7),
            7 + want.iter().map(|e| e - 7).sum::<i64>()
        );
        let t = v.t();
        prop_assert_eq!(t.map_reduce(0i64, |&e| e, |a, b| a + b), want.iter().sum::<i64>());
        // Floats: the f64 sum of small integers is exact in any grouping.
        let f: Vec<f32> = buf.iter().map(|&e| e as f32).collect();
        let fv = StridedView::new(&f, l).unwrap();
        prop_assert_eq!(
            fv.map_reduce(0.0f64, |&e| e as f64, |a, b| a + b),
            want.iter().sum::<i64>() as f64
        );
    }
}
