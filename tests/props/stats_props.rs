//! `var` / `std` / `var_axis` / `std_axis` with `ddof`: NumPy's answers
//! written out literally (numpy 2.4.6, `np.var(x, axis=…, ddof=…)`), NaN,
//! empty and `ddof >= n` as NumPy answers; and property tests against a
//! two-pass model over brute-force positions on random layouts (negative
//! and zero strides, empty and size-1 axes), views, mutable views, arrays.

use super::model;

use constrided::{Layout, LayoutError, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn close(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
}

fn all_close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| close(x, y))
}

// x = np.arange(12.0).reshape(3, 4) ** 1.5
fn x34() -> Vec<f64> {
    (0..12).map(|i| (i as f64).powf(1.5)).collect()
}

#[test]
fn numpy_answers() {
    let x = x34();
    let v = StridedView::from_shape([3, 4], &x).unwrap();
    // np.var(x, axis=0, ddof=1)
    let want0 = [
        131.66022133874796,
        171.65016105000979,
        209.41001999115508,
        246.50769508032636,
    ];
    assert!(all_close(v.var_axis(0, 1.0).unwrap().as_slice(), &want0));
    // np.var(x, axis=1)
    let want1 = [3.909810249481014, 15.406128854204027, 26.682818819722968];
    assert!(all_close(v.var_axis(1, 0.0).unwrap().as_slice(), &want1));
    // np.std(x, axis=1, ddof=1)
    let want2 = [2.283217101512984, 4.5322737272740605, 5.964653532237277];
    assert!(all_close(v.std_axis(1, 1.0).unwrap().as_slice(), &want2));
    // np.std(x, axis=0)
    let want3 = [
        9.368750231087317,
        10.697356715563267,
        11.815527072208983,
        12.819456438823147,
    ];
    assert!(all_close(v.std_axis(0, 0.0).unwrap().as_slice(), &want3));
    // np.var(x), np.std(x, ddof=1)
    assert!(close(v.var(0.0), 140.1070852381225));
    assert!(close(v.std(1.0), 12.363013103084649));
    // np.var(x.T[::-1], axis=1, ddof=2)
    let t = v.t().flip(0).unwrap();
    let want4 = [
        493.0153901606527,
        418.82003998231016,
        343.30032210001957,
        263.3204426774959,
    ];
    assert!(all_close(t.var_axis(1, 2.0).unwrap().as_slice(), &want4));
    // float32: np.var(y), np.std(y, ddof=1)
    let y = [0.1f32, 0.2, 0.3, 1e3, -7.25];
    let yv = StridedView::from(&y[..]);
    assert!((f64::from(yv.var(0.0)) - 160540.78125).abs() <= 160540.78125 * 1e-6);
    assert!((f64::from(yv.std(1.0)) - 447.9687194824219).abs() <= 447.97 * 1e-6);
}

#[test]
fn numpy_degenerate_answers() {
    let v = |x: &[f64]| StridedView::from(x).to_owned();
    // np.var([1, 2], ddof=2) -> inf, np.var([1, 2], ddof=3) -> inf
    assert_eq!(v(&[1.0, 2.0]).var(2.0), f64::INFINITY);
    assert_eq!(v(&[1.0, 2.0]).var(3.0), f64::INFINITY);
    assert_eq!(v(&[1.0, 2.0]).std(2.0), f64::INFINITY);
    // np.var([5], ddof=1) -> nan; np.var([]) -> nan
    assert!(v(&[5.0]).var(1.0).is_nan());
    assert!(v(&[]).var(0.0).is_nan());
    assert!(v(&[]).std(0.0).is_nan());
    // np.var([1, 2, 3, 4], ddof=-1) -> 1.0
    assert_eq!(v(&[1.0, 2.0, 3.0, 4.0]).var(-1.0), 1.0);
    // np.var([1, nan]) -> nan
    assert!(v(&[1.0, f64::NAN]).var(0.0).is_nan());
    // np.var(np.zeros((2, 0)), axis=1) -> [nan, nan]; axis=0 -> []
    let e = StridedArray::<f64, 2>::zeros([2, 0]);
    let r = e.var_axis(1, 0.0).unwrap();
    assert_eq!(r.shape(), [2]);
    assert!(r.iter().all(|x| x.is_nan()));
    assert_eq!(e.var_axis(0, 0.0).unwrap().shape(), [0]);
    assert_eq!(
        e.var_axis(2, 0.0).unwrap_err(),
        LayoutError::AxisOutOfRange { axis: 2, rank: 2 }
    );
    assert_eq!(
        e.std_axis(5, 0.0).unwrap_err().to_string(),
        LayoutError::AxisOutOfRange { axis: 5, rank: 2 }.to_string()
    );
}

fn layout<const N: usize>() -> impl Strategy<Value = (Layout<N>, u64)> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 10 => 1usize..=4]),
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

fn values(len: usize, seed: u64) -> Vec<f64> {
    (0..len as u64)
        .map(|i| {
            ((i.wrapping_add(seed)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as f64 * 0.5 - 7.0
        })
        .collect()
}

fn model_var(x: &[f64], ddof: f64) -> f64 {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let ss: f64 = x.iter().map(|v| (v - mean) * (v - mean)).sum();
    ss / (n - ddof).max(0.0)
}

fn check<const N: usize, const R: usize>((l, seed): (Layout<N>, u64), axis: usize, ddof: f64)
where
    constrided::Rank<N>: constrided::Lower<Out = constrided::Rank<R>>,
{
    let axis = axis % N;
    let buf = values(l.required_len() + 1, seed);
    let v = StridedView::new(&buf, l).unwrap();
    let all: Vec<f64> = positions(l.shape(), l.strides(), l.offset())
        .iter()
        .map(|&p| buf[p as usize])
        .collect();
    assert!(close(v.var(ddof), model_var(&all, ddof)));
    assert!(close(v.std(ddof), model_var(&all, ddof).sqrt()));
    // Per axis: lanes of the model, in row-major order of the other axes.
    let shape = l.shape();
    let mut other = shape;
    other[axis] = 1;
    let want: Vec<f64> = indices(other)
        .into_iter()
        .map(|start| {
            let lane: Vec<f64> = (0..shape[axis])
                .map(|i| {
                    let mut idx = start;
                    idx[axis] = i;
                    buf[position(l.strides(), l.offset(), idx) as usize]
                })
                .collect();
            model_var(&lane, ddof)
        })
        .collect();
    let got = v.var_axis::<R>(axis, ddof).unwrap();
    let out_shape: Vec<usize> = (0..N).filter(|&k| k != axis).map(|k| shape[k]).collect();
    assert_eq!(got.shape().to_vec(), out_shape);
    assert!(
        all_close(got.as_slice(), &want),
        "{:?} vs {:?}",
        got.as_slice(),
        want
    );
    let sd = v.std_axis::<R>(axis, ddof).unwrap();
    assert!(all_close(
        sd.as_slice(),
        &want.iter().map(|x| x.sqrt()).collect::<Vec<_>>()
    ));
    // Arrays and mutable views agree.
    let owned = v.to_owned();
    assert!(all_close(
        owned.var_axis::<R>(axis, ddof).unwrap().as_slice(),
        &want
    ));
    let mut copy = owned.clone();
    let m: StridedViewMut<'_, f64, N> = copy.view_mut();
    assert!(close(m.var(ddof), model_var(&all, ddof)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 }))]
    #[test]
    fn rank1(c in layout::<1>(), a in 0usize..1, d in 0u8..3) { check::<1, 0>(c, a, d as f64) }
    #[test]
    fn rank2(c in layout::<2>(), a in 0usize..2, d in 0u8..3) { check::<2, 1>(c, a, d as f64) }
    #[test]
    fn rank3(c in layout::<3>(), a in 0usize..3, d in 0u8..3) { check::<3, 2>(c, a, d as f64) }
}
