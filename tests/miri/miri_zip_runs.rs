//! Issue 27 (p27b): `Zip`'s element loop of a run, reached three ways —
//! the direct walk of a small view inline in the planned zip (at most 8
//! elements under Miri), a run shorter than 16 elements, and a run of 16
//! or more (`engine::long_run`: under Miri the plain loop; natively the
//! loop compiled with AVX2) — with an HWC u8 destination seen as CHW
//! (stride 3, a channel offset) and a flipped f32 source, a fold, and
//! map_inplace (whose runs take the same loops).

use constrided::{Layout, StridedView, StridedViewMut, Zip};

#[test]
fn zip_runs_small_short_and_long() {
    let back = |x: f32| (x * 10.0).round().clamp(0.0, 255.0) as u8;
    for (r, c) in [(2, 3), (2, 5), (1, 17)] {
        let n = r * c;
        let src: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 0.5).collect();
        let sv = StridedView::from_shape([r, c], &src[..])
            .unwrap()
            .flip(1)
            .unwrap();
        let mut hwc = vec![7u8; 3 * n];
        let dl = Layout::new([r, c], [3 * c as isize, 3], 2).unwrap();
        let mut dv = StridedViewMut::new(&mut hwc, dl).unwrap();
        Zip::from(&mut dv)
            .and(&sv)
            .unwrap()
            .for_each(|o, &x| *o = back(x));
        // map_inplace's runs take the same three ways.
        dv.map_inplace(|o| *o = o.wrapping_add(1));
        for (k, &o) in hwc.iter().enumerate() {
            let (i, j) = (k / 3 / c, k / 3 % c);
            let want = if k % 3 == 2 { back(sv[[i, j]]) + 1 } else { 7 };
            assert_eq!(o, want, "({r}, {c}) map_inplace at {k}");
        }
        let total = Zip::from(&sv).fold(0.0f32, |t, &x| t + x);
        assert_eq!(total, src.iter().rev().fold(0.0, |t, &x| t + x));
    }
}
