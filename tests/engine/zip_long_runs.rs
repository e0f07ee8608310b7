//! Issue 27: `Zip`'s long runs (at least 16 elements) run their element
//! loop compiled with AVX2 where the CPU has it (`engine::long_run`: the
//! closure inlined there, `f32::round` lowered without a libm call), short
//! runs and small views inline. Against the brute-force model, at every
//! kernel level (Portable and SSE2 take the plain loop): a CHW f32 -> HWC
//! u8 conversion as in program (g) (destination stride 3, rounding ties,
//! negatives, huge values, infinities and NaN), a 3-operand `Zip` with a
//! broadcast row (program (e)), `fold`, `map_collect` and `map_inplace`
//! (whose runs take the same loops), on layouts with
//! runs both sides of 16 elements, flipped, transposed and padded. Results
//! are bit-identical across levels (NaN compared as NaN: Rust leaves its
//! sign and payload unspecified).

use super::model;

use constrided::kernel::{force_level, Level};
use constrided::{Layout, StridedView, StridedViewMut, Zip};
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(32)
}

// Values that round differently under every wrong rounding: ties (k/2),
// just below and above ties, negatives, values beyond 2^23 (already
// integers), infinities, NaN and signed zeros.
fn value(i: usize) -> f32 {
    match i % 11 {
        0 => (i as f32) * 0.5 - 40.0,
        1 => -((i % 97) as f32) - 0.5,
        2 => 0.5 - f32::EPSILON / 4.0,
        3 => (i % 300) as f32 + 0.49999997,
        4 => 8_388_609.0 + (i % 5) as f32,
        5 => f32::INFINITY,
        6 => f32::NEG_INFINITY,
        7 => f32::NAN,
        8 => -0.0,
        9 => 2.5,
        _ => (i % 251) as f32 / 3.0,
    }
}

fn to_u8(x: f32, c: usize) -> u8 {
    ((x / [2.0, 4.0, 0.5][c % 3] + 0.25) * 255.0)
        .round()
        .clamp(0.0, 255.0) as u8
}

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

// A source layout of shape [r, c]: row-major with `pad` extra per row, or
// transposed (column-major), then optionally flipped along either axis.
fn src_layout(r: usize, c: usize, pad: usize, t: bool, flips: [bool; 2]) -> Layout<2> {
    let mut l = if t {
        Layout::new([r, c], [1, (r + pad) as isize], 0).unwrap()
    } else {
        Layout::new([r, c], [(c + pad) as isize, 1], 0).unwrap()
    };
    for (k, &f) in flips.iter().enumerate() {
        if f {
            l = l.flip(k).unwrap();
        }
    }
    l
}

fn levels() -> [Level; 3] {
    [Level::Portable, Level::Sse2, Level::Avx2]
}

proptest! {
    #![proptest_config(cases())]

    // Program (g): the destination is an HWC u8 image seen as CHW (stride
    // 3 along the run), the source a CHW f32 plane of any layout.
    #[test]
    fn chw_to_hwc_rounds_as_the_model(
        r in 1usize..6,
        c in prop_oneof![0usize..16, 16usize..70],
        pad in 0usize..3,
        t in any::<bool>(),
        flips in proptest::array::uniform2(any::<bool>()),
        ch in 0usize..3,
    ) {
        let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
        let sl = src_layout(r, c, pad, t, flips);
        let src: Vec<f32> = (0..sl.required_len()).map(value).collect();
        let sv = StridedView::new(&src, sl).unwrap();
        let dl = Layout::new([r, c], [3 * c as isize, 3], ch).unwrap();
        let mut want = vec![7u8; 3 * r * c + 3];
        for idx in model::indices([r, c]) {
            let s = model::position(sl.strides(), sl.offset(), idx) as usize;
            let d = model::position(dl.strides(), dl.offset(), idx) as usize;
            want[d] = to_u8(src[s], ch);
        }
        for level in levels() {
            force_level(Some(level));
            let mut out = vec![7u8; 3 * r * c + 3];
            let mut dv = StridedViewMut::new(&mut out, dl).unwrap();
            Zip::from(&mut dv).and(&sv).unwrap().for_each(|o, &x| *o = to_u8(x, ch));
            prop_assert_eq!(&out, &want, "{:?}", level);
            // fold over the same items, and map_collect of the rounding.
            let n = Zip::from(&sv).fold(0usize, |n, &x| n + usize::from(to_u8(x, ch) == 255));
            let m = want.iter().enumerate()
                .filter(|&(i, &w)| i % 3 == ch && i < 3 * r * c && w == 255).count();
            prop_assert_eq!(n, m, "{:?} fold", level);
            let rounded = Zip::from(&sv).map_collect(|&x| x.round());
            for idx in model::indices([r, c]) {
                let s = model::position(sl.strides(), sl.offset(), idx) as usize;
                prop_assert!(same(rounded[idx], src[s].round()), "{:?} at {:?}", level, idx);
            }
        }
        force_level(None);
    }

    // Program (e): out = (x - m)², m a broadcast row, x of any layout.
    #[test]
    fn zip3_with_a_broadcast_row_as_the_model(
        r in 1usize..6,
        c in prop_oneof![0usize..16, 16usize..70],
        pad in 0usize..3,
        t in any::<bool>(),
        flips in proptest::array::uniform2(any::<bool>()),
        out_flip in any::<bool>(),
    ) {
        let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
        let sl = src_layout(r, c, pad, t, flips);
        let src: Vec<f64> = (0..sl.required_len()).map(|i| f64::from(value(i))).collect();
        let sv = StridedView::new(&src, sl).unwrap();
        let row: Vec<f64> = (0..c).map(|j| j as f64 * 0.75 - 3.0).collect();
        let rv = StridedView::new(&row, Layout::contiguous([c])).unwrap();
        let mut dl = Layout::contiguous([r, c]);
        if out_flip {
            dl = dl.flip(1).unwrap();
        }
        let mut want = vec![0.0f64; r * c];
        for idx in model::indices([r, c]) {
            let s = model::position(sl.strides(), sl.offset(), idx) as usize;
            let d = model::position(dl.strides(), dl.offset(), idx) as usize;
            let x = src[s] - row[idx[1]];
            want[d] = x * x;
        }
        for level in levels() {
            force_level(Some(level));
            let mut out = vec![0.0f64; r * c];
            let mut dv = StridedViewMut::new(&mut out, dl).unwrap();
            Zip::from(&mut dv)
                .and(&sv)
                .unwrap()
                .and_broadcast(&rv)
                .unwrap()
                .for_each(|o, &x, &m| *o = (x - m) * (x - m));
            for (k, (a, b)) in out.iter().zip(&want).enumerate() {
                prop_assert!(
                    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                    "{:?} at {}: {} != {}", level, k, a, b
                );
            }
            // map_inplace's runs take the same loops (engine::long_run).
            let mut dv = StridedViewMut::new(&mut out, dl).unwrap();
            dv.map_inplace(|o| *o = (*o * 0.3).round());
            for (k, (a, b)) in out.iter().zip(&want).enumerate() {
                let b = (b * 0.3).round();
                prop_assert!(
                    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                    "{:?} map_inplace at {}: {} != {}", level, k, a, b
                );
            }
        }
        force_level(None);
    }
}
