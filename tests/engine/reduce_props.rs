//! Property tests of the reductions against the brute-force model, ranks
//! 0 to 8, random layouts (negative and zero strides, size-1 and empty
//! axes): product, min, max, mean and their per-axis forms, on views,
//! mutable views and arrays; and NumPy's answers for NaN and empty inputs,
//! written down literally.

use super::model;

use core::num::Wrapping;

use constrided::{Layout, LayoutError, Lower, Rank, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 })
}

// Any valid layout (zero strides allowed: the views are shared).
fn layout<const N: usize>() -> impl Strategy<Value = (Layout<N>, u64)> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 10 => 1usize..=3]),
        proptest::array::uniform::<_, N>(-3isize..=3),
        0usize..3,
        any::<u64>(),
    )
        .prop_map(|(shape, strides, extra, seed)| {
            let offset = extra
                + (0..N)
                    .filter(|&k| strides[k] < 0)
                    .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
                    .sum::<usize>();
            (Layout::new(shape, strides, offset).unwrap(), seed)
        })
}

// Buffer values from a seed: small integers as f64 (sums exact), a NaN
// now and then when `nan`.
fn values(len: usize, seed: u64, nan: bool) -> Vec<f64> {
    (0..len as u64)
        .map(|i| {
            let h = (i.wrapping_add(seed)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            if nan && h % 23 == 0 {
                f64::NAN
            } else {
                (h % 13) as f64 - 6.0
            }
        })
        .collect()
}

fn nan_min(v: &[f64], min: bool) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    if v.iter().any(|x| x.is_nan()) {
        return Some(f64::NAN);
    }
    Some(
        v.iter()
            .copied()
            .fold(v[0], |a, b| if min { a.min(b) } else { a.max(b) }),
    )
}

fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x == y || (x.is_nan() && y.is_nan()),
        (None, None) => true,
        _ => false,
    }
}

fn check_whole<const N: usize>((l, seed): (Layout<N>, u64)) {
    let buf = values(l.required_len() + 1, seed, seed % 3 == 0);
    let v = StridedView::new(&buf, l).unwrap();
    let elems: Vec<f64> = positions(l.shape(), l.strides(), l.offset())
        .iter()
        .map(|&p| buf[p as usize])
        .collect();
    assert!(same(v.min(), nan_min(&elems, true)));
    assert!(same(v.max(), nan_min(&elems, false)));
    let mean = (!elems.is_empty()).then(|| elems.iter().sum::<f64>() / elems.len() as f64);
    assert!(same(v.mean(), mean));
    // Integers: min/max, and a wrapping product (exact in any order).
    let ints: Vec<i64> = buf
        .iter()
        .map(|x| if x.is_nan() { 7 } else { *x as i64 })
        .collect();
    let iv = StridedView::new(&ints, l).unwrap();
    let ie: Vec<i64> = elems
        .iter()
        .map(|x| if x.is_nan() { 7 } else { *x as i64 })
        .collect();
    assert_eq!(iv.min(), ie.iter().copied().min());
    assert_eq!(iv.max(), ie.iter().copied().max());
    let w: Vec<Wrapping<i64>> = ints.iter().map(|&x| Wrapping(x * 3 + 1)).collect();
    let wv = StridedView::new(&w, l).unwrap();
    let want: Wrapping<i64> = ie.iter().map(|&x| Wrapping(x * 3 + 1)).product();
    assert_eq!(wv.product(), want);
    // The same through an array and a mutable view.
    let a = v.to_owned();
    assert!(same(a.min(), v.min()) && same(a.max(), v.max()) && same(a.mean(), v.mean()));
    let mut copy = ints.clone();
    if l.is_unique() {
        let m = StridedViewMut::new(&mut copy, l).unwrap();
        assert_eq!((m.min(), m.max()), (iv.min(), iv.max()));
    }
}

fn check_axes<const N: usize, const R: usize>((l, seed): (Layout<N>, u64))
where
    Rank<N>: Lower<Out = Rank<R>>,
{
    let buf = values(l.required_len() + 1, seed, seed % 3 == 0);
    let v = StridedView::new(&buf, l).unwrap();
    let shape = l.shape();
    for axis in 0..N {
        // The model: for each index of the result, the lane along `axis`.
        let out_shape: [usize; R] =
            core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        let lane = |j: [usize; R]| -> Vec<f64> {
            (0..shape[axis])
                .map(|i| {
                    let idx: [usize; N] = core::array::from_fn(|k| match k.cmp(&axis) {
                        core::cmp::Ordering::Less => j[k],
                        core::cmp::Ordering::Equal => i,
                        core::cmp::Ordering::Greater => j[k - 1],
                    });
                    buf[position(l.strides(), l.offset(), idx) as usize]
                })
                .collect()
        };
        let lanes: Vec<Vec<f64>> = indices(out_shape).into_iter().map(lane).collect();
        let empty_axis = shape[axis] == 0;
        for (min, got) in [(true, v.min_axis(axis)), (false, v.max_axis(axis))] {
            if empty_axis {
                assert_eq!(
                    got.unwrap_err(),
                    LayoutError::IndexOutOfRange {
                        axis,
                        index: 0,
                        size: 0
                    }
                );
                continue;
            }
            let got = got.unwrap();
            assert_eq!(got.shape(), out_shape);
            for (g, ln) in got.into_vec().into_iter().zip(&lanes) {
                assert!(same(Some(g), nan_min(ln, min)));
            }
        }
        match v.mean_axis(axis) {
            Err(e) => {
                assert!(empty_axis);
                assert_eq!(
                    e,
                    LayoutError::IndexOutOfRange {
                        axis,
                        index: 0,
                        size: 0
                    }
                );
            }
            Ok(m) => {
                assert_eq!(m.shape(), out_shape);
                for (g, ln) in m.into_vec().into_iter().zip(&lanes) {
                    let want = ln.iter().sum::<f64>() / ln.len() as f64;
                    assert!(same(Some(g), Some(want)));
                }
            }
        }
        let w: Vec<Wrapping<i64>> = buf
            .iter()
            .map(|x| Wrapping(if x.is_nan() { 2 } else { *x as i64 }))
            .collect();
        let p = StridedView::new(&w, l).unwrap().product_axis(axis).unwrap();
        assert_eq!(p.shape(), out_shape);
        for (g, ln) in p.into_vec().into_iter().zip(&lanes) {
            let want: Wrapping<i64> = ln
                .iter()
                .map(|x| Wrapping(if x.is_nan() { 2 } else { *x as i64 }))
                .product();
            assert_eq!(g, want);
        }
    }
    assert!(matches!(
        v.min_axis(N),
        Err(LayoutError::AxisOutOfRange { .. })
    ));
    assert!(matches!(
        v.product_axis(N),
        Err(LayoutError::AxisOutOfRange { .. })
    ));
}

proptest! {
    #![proptest_config(cases())]
    #[test] fn whole_0(l in layout::<0>()) { check_whole(l) }
    #[test] fn whole_1(l in layout::<1>()) { check_whole(l) }
    #[test] fn whole_2(l in layout::<2>()) { check_whole(l) }
    #[test] fn whole_3(l in layout::<3>()) { check_whole(l) }
    #[test] fn whole_4(l in layout::<4>()) { check_whole(l) }
    #[test] fn whole_5(l in layout::<5>()) { check_whole(l) }
    #[test] fn whole_6(l in layout::<6>()) { check_whole(l) }
    #[test] fn whole_7(l in layout::<7>()) { check_whole(l) }
    #[test] fn whole_8(l in layout::<8>()) { check_whole(l) }
    #[test] fn axes_1(l in layout::<1>()) { check_axes::<1, 0>(l) }
    #[test] fn axes_2(l in layout::<2>()) { check_axes::<2, 1>(l) }
    #[test] fn axes_3(l in layout::<3>()) { check_axes::<3, 2>(l) }
    #[test] fn axes_4(l in layout::<4>()) { check_axes::<4, 3>(l) }
    #[test] fn axes_5(l in layout::<5>()) { check_axes::<5, 4>(l) }
    #[test] fn axes_6(l in layout::<6>()) { check_axes::<6, 5>(l) }
    #[test] fn axes_7(l in layout::<7>()) { check_axes::<7, 6>(l) }
    #[test] fn axes_8(l in layout::<8>()) { check_axes::<8, 7>(l) }
}

// NumPy 2.4's answers, written down (python3 -c "import numpy as np; ...").
#[test]
fn numpy_nan_and_empty_answers() {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let v = |x: &[f64]| StridedArray::from(x.to_vec());
    // np.min([1., nan]) -> nan; np.max([nan, 1.]) -> nan; np.min([nan, 1.]) -> nan
    assert!(v(&[1.0, nan]).min().unwrap().is_nan());
    assert!(v(&[nan, 1.0]).max().unwrap().is_nan());
    assert!(v(&[nan, 1.0]).min().unwrap().is_nan());
    // np.max([-inf, nan]) -> nan; np.min([inf, 1.]) -> 1.0
    assert!(v(&[-inf, nan]).max().unwrap().is_nan());
    assert_eq!(v(&[inf, 1.0]).min(), Some(1.0));
    // np.mean([]) -> nan with a RuntimeWarning: here None.
    assert_eq!(v(&[]).mean(), None);
    // np.min([]) -> ValueError (no identity): here None.
    assert_eq!(v(&[]).min(), None);
    assert_eq!(v(&[]).max(), None);
    // np.prod([]) -> 1.0
    assert_eq!(StridedArray::<i32, 1>::from(vec![]).product(), 1);
    assert_eq!(v(&[]).product(), 1.0);
    // np.mean([1., inf]) -> inf; np.mean([inf, -inf]) -> nan
    assert_eq!(v(&[1.0, inf]).mean(), Some(inf));
    assert!(v(&[inf, -inf]).mean().unwrap().is_nan());
    // np.max(np.zeros((2,0)), axis=1) -> ValueError: here an error naming axis 1.
    let z20 = StridedArray::<f64, 2>::zeros([2, 0]);
    let e = z20.max_axis(1).unwrap_err();
    assert_eq!(
        e,
        LayoutError::IndexOutOfRange {
            axis: 1,
            index: 0,
            size: 0
        }
    );
    assert!(e.to_string().contains("axis 1"));
    // np.mean(np.zeros((2,0)), axis=1) -> [nan, nan] with a warning: here an error.
    assert!(z20.mean_axis(1).is_err());
    // np.prod(np.zeros((2,0)), axis=1) -> [1., 1.]
    assert_eq!(z20.product_axis(1).unwrap().into_vec(), [1.0, 1.0]);
    // np.min(np.zeros((0,2)), axis=1) -> array([]); np.mean(..., axis=1) -> array([])
    let z02 = StridedArray::<f64, 2>::zeros([0, 2]);
    assert_eq!(z02.min_axis(1).unwrap().shape(), [0]);
    assert_eq!(z02.mean_axis(1).unwrap().shape(), [0]);
    // np.min([[1., nan], [2., 3.]], axis=0) -> [1., nan]
    let m = StridedArray::from_vec([2, 2], vec![1.0, nan, 2.0, 3.0]).unwrap();
    let r = m.min_axis(0).unwrap();
    assert_eq!(r[[0]], 1.0);
    assert!(r[[1]].is_nan());
    // np.max([[1., nan], [2., 3.]], axis=1) -> [nan, 3.]
    let r = m.max_axis(1).unwrap();
    assert!(r[[0]].is_nan());
    assert_eq!(r[[1]], 3.0);
    // np.mean([[1., 2.], [3., nan]], axis=0) -> [2., nan]
    let r = StridedArray::from_vec([2, 2], vec![1.0, 2.0, 3.0, nan])
        .unwrap()
        .mean_axis(0)
        .unwrap();
    assert_eq!(r[[0]], 2.0);
    assert!(r[[1]].is_nan());
}

#[cfg(feature = "half")]
#[test]
fn half_mean_sums_in_f32() {
    use half::f16;
    // np.mean(np.float16([1, 2, 4])) -> np.float16(2.334)
    let a = StridedArray::from(vec![
        f16::from_f32(1.0),
        f16::from_f32(2.0),
        f16::from_f32(4.0),
    ]);
    assert_eq!(
        a.mean().unwrap().to_f32(),
        f16::from_f32(7.0 / 3.0).to_f32()
    );
    assert_eq!(a.mean().unwrap(), f16::from_f32(2.334));
}

// Permuted 3-D sources large enough (result of at least 4096 elements)
// that `sum_axis` sums in the source's memory order through a temporary:
// every permutation and flip of the axes, every reduced axis, against the
// brute-force model (integer values: the sums are exact).
fn check_permuted_sum_axis(dims: [usize; 3], perm: [usize; 3], flips: [bool; 3], seed: u64) {
    // A row-major buffer of `dims`, read through permuted (and flipped) axes.
    let base = Layout::contiguous(dims);
    let mut l = base.permute(perm).unwrap();
    for (k, &f) in flips.iter().enumerate() {
        if f {
            l = l.flip(k).unwrap();
        }
    }
    let buf: Vec<f64> = (0..base.required_len() as u64)
        .map(|i| ((i.wrapping_mul(seed | 1) >> 7) % 17) as f64)
        .collect();
    let v = StridedView::new(&buf, l).unwrap();
    let shape = l.shape();
    for axis in 0..3 {
        let got = v.sum_axis::<2>(axis).unwrap();
        let out_shape: [usize; 2] =
            core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        assert_eq!(got.shape(), out_shape);
        let want: Vec<f64> = indices(out_shape)
            .into_iter()
            .map(|o| {
                (0..shape[axis])
                    .map(|i| {
                        let idx: [usize; 3] = insert_index(o, axis, i);
                        buf[position(l.strides(), l.offset(), idx) as usize]
                    })
                    .sum()
            })
            .collect();
        assert_eq!(got.into_vec(), want, "{l} axis {axis}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 1 } else { 12 }))]
    #[test]
    fn permuted_sum_axis_in_source_order(
        dims in proptest::array::uniform3(prop_oneof![Just(1usize), Just(3), 16usize..=72]),
        perm in Just([0usize, 1, 2]).prop_shuffle(),
        flips in proptest::array::uniform3(any::<bool>()),
        seed in any::<u64>(),
    ) {
        check_permuted_sum_axis(dims, perm, flips, seed)
    }
}

#[test]
fn p3_sum_axis_matches_the_model() {
    // The bench's P3 layout, scaled: (2, 0, 1) of 64 x 72 x 80, whose
    // middle and last axes give results running across the source's
    // contiguous axis.
    check_permuted_sum_axis([72, 80, 64], [2, 0, 1], [false; 3], 7);
    check_permuted_sum_axis([72, 80, 64], [2, 0, 1], [true, false, true], 11);
}

// Short contiguous rows, each summed into one result (`sum_axis` sums them
// a few at a time): `a` blocks of `rows` rows of `n` contiguous elements,
// gaps between rows and blocks, negative row and block strides, a view of
// part of a buffer (`lead` elements before it, `tail` after), summed along
// the contiguous axis both as the last axis and, permuted, as the first,
// and across the rows. Integer values: the sums are exact in every type.
#[allow(clippy::too_many_arguments)]
fn check_short_rows<T>(
    a: usize,
    rows: usize,
    n: usize,
    row_gap: usize,
    block_gap: usize,
    flips: [bool; 2],
    lead: usize,
    seed: u64,
) where
    T: Copy + Default + core::ops::Add<Output = T> + From<i16> + PartialEq + core::fmt::Debug,
{
    let rs = n + row_gap;
    let bs = rows.max(1) * rs + block_gap;
    let mut strides = [bs as isize, rs as isize, 1];
    let shape = [a, rows, n];
    let mut offset = lead;
    for k in 0..2 {
        if flips[k] {
            strides[k] = -strides[k];
            offset += shape[k].saturating_sub(1) * strides[k].unsigned_abs();
        }
    }
    let l = Layout::new(shape, strides, offset).unwrap();
    let len = l.required_len() + 5;
    let buf: Vec<T> = (0..len as u64)
        .map(|i| T::from(((i.wrapping_mul(seed | 1) >> 5) % 23) as i16 - 11))
        .collect();
    let model = |l: &Layout<3>, axis: usize| -> Vec<T> {
        let shape = l.shape();
        let out_shape: [usize; 2] =
            core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        indices(out_shape)
            .into_iter()
            .map(|o| {
                (0..shape[axis]).fold(T::default(), |s, i| {
                    let idx: [usize; 3] = insert_index(o, axis, i);
                    s + buf[position(l.strides(), l.offset(), idx) as usize]
                })
            })
            .collect()
    };
    let v = StridedView::new(&buf, l).unwrap();
    assert_eq!(v.sum_axis::<2>(2).unwrap().into_vec(), model(&l, 2), "{l}");
    // Across the rows: whole rows added into a contiguous result row
    // (four at a time when a row is longer than 4 KiB).
    assert_eq!(v.sum_axis::<2>(1).unwrap().into_vec(), model(&l, 1), "{l}");
    // The contiguous axis first, the rows last (P3's sum_axis(0)).
    let p = l.permute([2, 0, 1]).unwrap();
    let v = StridedView::new(&buf, p).unwrap();
    assert_eq!(v.sum_axis::<2>(0).unwrap().into_vec(), model(&p, 0), "{p}");
    // Rows as the outer axis of the result.
    let q = l.permute([1, 2, 0]).unwrap();
    let v = StridedView::new(&buf, q).unwrap();
    assert_eq!(v.sum_axis::<2>(1).unwrap().into_vec(), model(&q, 1), "{q}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 64 }))]
    #[test]
    fn short_rows_sum_axis_matches_the_model(
        a in 0usize..=3,
        rows in 0usize..=11,
        n in prop_oneof![1 => 0usize..=15, 4 => 16usize..=80, 1 => 1000usize..=1030],
        row_gap in prop_oneof![2 => Just(0usize), 1 => 1usize..=9],
        block_gap in 0usize..=5,
        flips in proptest::array::uniform2(any::<bool>()),
        lead in 0usize..=3,
        seed in any::<u64>(),
    ) {
        check_short_rows::<f64>(a, rows, n, row_gap, block_gap, flips, lead, seed);
        check_short_rows::<f32>(a, rows, n, row_gap, block_gap, flips, lead, seed);
        check_short_rows::<i32>(a, rows, n, row_gap, block_gap, flips, lead, seed);
    }
}

#[test]
fn short_rows_sum_axis_edges() {
    // Row counts around the group of four, rows back to back and apart,
    // lengths around 8 and 16 accumulators and the 4 KiB limit of f32.
    for rows in [0, 1, 3, 4, 5, 8, 9] {
        for n in [15, 16, 17, 24, 31, 33, 1024, 1025] {
            for (row_gap, flips) in [(0, [false; 2]), (3, [true, false]), (0, [false, true])] {
                check_short_rows::<f32>(2, rows, n, row_gap, 1, flips, 2, 5);
                check_short_rows::<f64>(1, rows, n, row_gap, 0, flips, 0, 9);
                check_short_rows::<i32>(3, rows, n, row_gap, 2, flips, 1, 3);
            }
        }
    }
}

// Review of the long-row column sums (rows over 4 KiB, four rows per pass
// inside `with_avx2`): non-integer values, so that a different grouping of
// the adds would show, summed at every instruction-set level the CPU has.
// The contract is that results never depend on the level: the bits must
// be the same at Portable, SSE2 and AVX2; and within rounding of the
// model. Row counts around the group of four (0..=9), row lengths just
// over 4 KiB, negative row strides, overlapping rows (a row stride shorter
// than a row: shared views may overlap) and a view of part of a buffer.
fn check_long_rows_at_every_level<T>(rows: usize, n: usize, rs: isize, flip: bool, lead: usize)
where
    T: Copy
        + Default
        + core::ops::Add<Output = T>
        + PartialEq
        + core::fmt::Debug
        + Into<f64>
        + From<f32>,
{
    use constrided::kernel::{force_level, Level};
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let a = 2usize;
    let span = rows.saturating_sub(1) * rs.unsigned_abs() + n;
    let bs = span + 3;
    let mut strides = [bs as isize, rs, 1];
    let mut offset = lead;
    if flip {
        strides[1] = -rs;
        offset += rows.saturating_sub(1) * rs.unsigned_abs();
    }
    let l = Layout::new([a, rows, n], strides, offset).unwrap();
    let len = l.required_len() + 7;
    let buf: Vec<T> = (0..len)
        .map(|i| T::from(((i * 7919) % 1013) as f32 / 37.0 - 13.3))
        .collect();
    let v = StridedView::new(&buf, l).unwrap();
    let mut per_level = Vec::new();
    for level in [Level::Portable, Level::Sse2, Level::Avx2] {
        force_level(Some(level));
        per_level.push(v.sum_axis::<2>(1).unwrap().into_vec());
    }
    force_level(None);
    let got = &per_level[0];
    for (k, other) in per_level.iter().enumerate() {
        let same = got.len() == other.len()
            && got
                .iter()
                .zip(other)
                .all(|(x, y)| (*x).into().to_bits() == (*y).into().to_bits());
        assert!(same, "level {k} differs: {l}");
    }
    assert_eq!(got.len(), a * n);
    for b in 0..a {
        for j in 0..n {
            let want: f64 = (0..rows)
                .map(|r| {
                    let p = offset as isize + b as isize * strides[0] + r as isize * strides[1];
                    buf[(p + j as isize) as usize].into()
                })
                .sum();
            let x: f64 = got[b * n + j].into();
            assert!(
                (x - want).abs() <= 1e-3 * (1.0 + want.abs()),
                "{l} [{b}, {j}]: {x} vs {want}"
            );
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "thousands of 4 KiB rows: too slow under Miri")]
fn long_rows_sum_axis_same_bits_at_every_level() {
    let n32 = 4096 / 4;
    let n64 = 4096 / 8;
    for rows in 0..=9 {
        for flip in [false, true] {
            // Rows back to back, just at and over the 4 KiB limit.
            for n in [n32, n32 + 1, n32 + 13] {
                check_long_rows_at_every_level::<f32>(rows, n, n as isize, flip, 1);
            }
            for n in [n64, n64 + 1, n64 + 7] {
                check_long_rows_at_every_level::<f64>(rows, n, n as isize + 2, flip, 0);
            }
            // Overlapping rows: each starts 3 elements after the last.
            check_long_rows_at_every_level::<f32>(rows, n32 + 5, 3, flip, 2);
            check_long_rows_at_every_level::<f64>(rows, n64 + 5, 3, flip, 0);
        }
    }
}

// Review of k27 (the floats' `pick` without its NaN test): min and max,
// whole and per axis, return the first NaN of a lane bit for bit (its sign
// and payload, as NumPy does), not a later one; among equal values (-0.0
// and 0.0) the first; at every instruction-set level the CPU has. Rows
// back to back (the whole-row loop, four rows per pass), 1..=9 rows of
// 1..=300 elements; lanes without NaN, with one, with two or three NaNs of
// different bits in the first, middle and last rows.
fn check_first_nan<T: Copy + PartialOrd + core::fmt::Debug>(
    vals: &[T],
    nans: &[T],
    bits: impl Fn(T) -> u64,
) {
    use constrided::kernel::{force_level, Level};
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for rows in [1usize, 2, 3, 4, 5, 8, 9] {
        for n in [1usize, 3, 8, 17, 300] {
            let mut buf: Vec<T> = (0..rows * n).map(|i| vals[(i * 7) % vals.len()]).collect();
            for j in 0..n {
                let at: &[usize] = match j % 5 {
                    0 => &[],
                    1 => &[0, rows - 1],
                    2 => &[rows / 2, rows - 1],
                    3 => &[0, rows / 2, rows - 1],
                    _ => &[rows - 1],
                };
                for (k, &r) in at.iter().enumerate().filter(|_| !nans.is_empty()) {
                    buf[r * n + j] = nans[(j + k) % nans.len()];
                }
            }
            // The model: the first NaN of the lane, else the first of the
            // smallest (largest) values.
            let model = |j: usize, min: bool| -> u64 {
                let lane: Vec<T> = (0..rows).map(|r| buf[r * n + j]).collect();
                #[allow(clippy::eq_op)]
                if let Some(&x) = lane.iter().find(|x| x.partial_cmp(x).is_none()) {
                    return bits(x);
                }
                let mut a = lane[0];
                for &x in &lane {
                    if (min && x < a) || (!min && x > a) {
                        a = x;
                    }
                }
                bits(a)
            };
            let v = StridedView::new(&buf, Layout::contiguous([rows, n])).unwrap();
            for level in [Level::Portable, Level::Sse2, Level::Avx2] {
                force_level(Some(level));
                for min in [true, false] {
                    let got = if min {
                        v.min_axis::<1>(0)
                    } else {
                        v.max_axis::<1>(0)
                    };
                    let got: Vec<u64> = got.unwrap().into_vec().into_iter().map(&bits).collect();
                    let want: Vec<u64> = (0..n).map(|j| model(j, min)).collect();
                    assert_eq!(got, want, "{level:?} min {min} rows {rows} n {n}");
                }
            }
            force_level(None);
        }
    }
    // Whole: a contiguous run with NaNs of different bits.
    if nans.len() < 2 {
        return;
    }
    let mut xs: Vec<T> = vals.to_vec();
    xs.insert(1, nans[0]);
    xs.push(nans[1]);
    let v = StridedView::from(&xs[..]);
    assert_eq!(v.min().map(&bits), Some(bits(nans[0])));
    assert_eq!(v.max().map(&bits), Some(bits(nans[0])));
}

#[test]
fn first_nan_and_first_zero_stay_bit_for_bit() {
    let v32 = [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        2.0,
    ];
    let n32 = [
        f32::from_bits(0x7fc0_0001),
        f32::from_bits(0xffc0_0000),
        f32::from_bits(0x7f80_0001),
        f32::from_bits(0xff80_0123),
    ];
    check_first_nan(&v32, &n32, |x| x.to_bits() as u64);
    let v64 = v32.map(f64::from);
    let n64 = [
        f64::from_bits(0x7ff8_0000_0000_0001),
        f64::from_bits(0xfff8_0000_0000_0000),
        f64::from_bits(0x7ff0_0000_0000_0001),
        f64::from_bits(0xfff0_0000_0000_0123),
    ];
    check_first_nan(&v64, &n64, f64::to_bits);
    #[cfg(feature = "half")]
    {
        use half::{bf16, f16};
        let v16 = v32.map(f16::from_f32);
        let n16 = [0x7e01, 0xfe00, 0x7c01, 0xfc23].map(f16::from_bits);
        check_first_nan(&v16, &n16, |x| x.to_bits() as u64);
        let vb = v32.map(bf16::from_f32);
        let nb = [0x7fc1, 0xffc0, 0x7f81, 0xff93].map(bf16::from_bits);
        check_first_nan(&vb, &nb, |x| x.to_bits() as u64);
    }
    // Integers: the same lanes without NaN.
    check_first_nan(&[0i32, -3, 7, 2, -3, 7], &[], |x| x as u32 as u64);
}

// A user type named `f64` (another module) whose `>=` and `<=` are always
// false (inconsistent with its `partial_cmp`, which safe code may write):
// min and max must not take the floats' rule (`!(x >= a)`) for it, which
// would return the last element of each lane.
mod user {
    #[allow(non_camel_case_types)]
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct f64(pub core::primitive::f64);
    impl PartialOrd for f64 {
        fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
            self.0.partial_cmp(&o.0)
        }
        fn ge(&self, _: &Self) -> bool {
            false
        }
        fn le(&self, _: &Self) -> bool {
            false
        }
    }
}

#[test]
fn a_user_type_named_f64_is_not_a_float() {
    let x: Vec<user::f64> = [3.0, 1.0, 2.0, 5.0, 0.0, 4.0]
        .into_iter()
        .map(user::f64)
        .collect();
    let v = StridedView::new(&x, Layout::contiguous([2, 3])).unwrap();
    let mn: Vec<f64> = v
        .min_axis::<1>(1)
        .unwrap()
        .into_vec()
        .iter()
        .map(|e| e.0)
        .collect();
    let mx: Vec<f64> = v
        .max_axis::<1>(0)
        .unwrap()
        .into_vec()
        .iter()
        .map(|e| e.0)
        .collect();
    assert_eq!((mn, mx), (vec![1.0, 0.0], vec![5.0, 1.0, 4.0]));
    assert_eq!(v.min().map(|e| e.0), Some(0.0));
}
