//! p27 against the brute-force model: `map` / `mapv` of a view whose
//! fastest source axis is short (an HWC image read as CHW: the untiled
//! whole-row walk of `map_uninit`), for plain outputs and an output with
//! drop glue (the tiled walk); and compound assignment with a broadcast
//! operand (`x -= &m`, `m` of shape (c, 1, 1), stride 0 along each run)
//! of a plain type and of a type with drop glue.

use super::model;

use constrided::{Layout, StridedArray, StridedView};
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

// (h, w, c) with c short, large enough to be planned (above 64 elements).
fn hwc() -> impl Strategy<Value = (usize, usize, usize)> {
    (1usize..=6, 3usize..=30, 9usize..=30)
}

fn perm() -> impl Strategy<Value = [usize; 3]> {
    prop_oneof![
        Just([2, 0, 1]),
        Just([2, 1, 0]),
        Just([0, 2, 1]),
        Just([1, 2, 0]),
        Just([0, 1, 2])
    ]
}

// The model's values of `v` (any layout over `buf`), in row-major order.
fn model_values<T: Clone, const N: usize>(buf: &[T], l: &Layout<N>) -> Vec<T> {
    model::positions(l.shape(), l.strides(), l.offset())
        .into_iter()
        .map(|p| buf[p as usize].clone())
        .collect()
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn map_of_a_short_fastest_axis(
        (c, h, w) in hwc(),
        p in perm(),
        flip in 0usize..4,
    ) {
        let n = h * w * c;
        let buf: Vec<u8> = (0..n).map(|i| (i * 37 % 251) as u8).collect();
        let v = StridedView::from_shape([h, w, c], &buf[..]).unwrap();
        let mut v = v.permute(p).unwrap();
        if flip < 3 {
            v = v.flip(flip).unwrap();
        }
        let l = v.layout();
        let want = model_values(&buf, &l);
        let got = v.mapv(|x| x as f32 / 255.0);
        prop_assert_eq!(got.shape(), l.shape());
        let want_f: Vec<f32> = want.iter().map(|&x| x as f32 / 255.0).collect();
        prop_assert_eq!(got.as_slice(), &want_f[..]);
        let got64 = v.map(|&x| x as u64 * 3);
        let want64: Vec<u64> = want.iter().map(|&x| x as u64 * 3).collect();
        prop_assert_eq!(got64.as_slice(), &want64[..]);
        // Drop glue: the tiled walk, the same values.
        let gots = v.map(|x| x.to_string());
        let wants: Vec<String> = want.iter().map(|x| x.to_string()).collect();
        prop_assert_eq!(gots.as_slice(), &wants[..]);
    }

    #[test]
    fn compound_assign_of_a_broadcast_operand(
        (c, h, w) in hwc(),
        flip in proptest::bool::ANY,
    ) {
        let n = c * h * w;
        let x: Vec<f32> = (0..n).map(|i| (i % 97) as f32 * 0.5).collect();
        let m: Vec<f32> = (0..c).map(|i| i as f32 + 0.25).collect();
        let mut a = StridedArray::from_vec([c, h, w], x.clone()).unwrap();
        let mut mv = StridedView::from_shape([c, 1, 1], &m[..]).unwrap();
        if flip {
            mv = mv.flip(0).unwrap();
        }
        a -= &mv;
        let want: Vec<f32> = (0..n)
            .map(|i| {
                let k = i / (h * w);
                x[i] - mv[[k, 0, 0]]
            })
            .collect();
        prop_assert_eq!(a.as_slice(), &want[..]);
        // A non-plain element type (drop glue): the general path.
        let mut s = StridedArray::from_vec([c, h, w], x.iter().map(|e| e.to_string()).collect::<Vec<_>>()).unwrap();
        let ms: Vec<String> = m.iter().map(|e| format!("-{e}")).collect();
        let msv = StridedView::from_shape([c, 1, 1], &ms[..]).unwrap();
        s.view_mut().zip_with(&msv, |d, e| d.push_str(e)).unwrap();
        for (i, (got, e)) in s.as_slice().iter().zip(&x).enumerate() {
            let k = i / (h * w);
            prop_assert_eq!(got, &format!("{}{}", e, ms[k]));
        }
    }
}
