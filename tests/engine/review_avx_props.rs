//! Review r-avx: `zip_with` (kernel `zip_mut`), `map` (`map_uninit`) and
//! the binary operators (`map2_uninit`) run the user's closure inside
//! `simd::with_avx2` (a function compiled with AVX2) for planned views,
//! and `zip_with` keeps a direct walk for views of at most 64 elements.
//! - float closures over extreme values (NaN, infinities, signed zeros,
//!   subnormals, `MAX`) give bit-for-bit the naive model's results (NaN
//!   signs and payloads aside, which Rust leaves unspecified) at
//!   every level (portable, SSE2, AVX2, AVX-512 where the CPU has them),
//!   on both sides of the small-view threshold (63, 64, 65 elements) and
//!   for tiled views, contiguous, transposed, flipped and broadcast;
//! - a closure panicking at any call leaves every element valid: in
//!   `zip_with` exactly the elements visited so far were changed (both
//!   sides of the threshold), and `map` / the operators drop exactly the
//!   outputs they made, once, at every level.

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::model::live::{arm, call, live, Live};
use constrided::kernel::{force_level, Level};
use constrided::{s, StridedView, StridedViewMut};

const LEVELS: [Level; 4] = [Level::Portable, Level::Sse2, Level::Avx2, Level::Avx512];

const EXTREMES: [f32; 18] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    -7.25,
    3.5,
    1e30,
    -1e-30,
    f32::MIN_POSITIVE,
    1e-45,
    -1e-45,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    -f32::NAN,
];

fn value(i: usize) -> f32 {
    EXTREMES[(i * 7 + i / EXTREMES.len()) % EXTREMES.len()]
}

// A closure body that rounds, overflows, makes NaNs and signed zeros and
// goes through min / max (whose NaN and zero handling lowers differently
// from plain arithmetic).
#[inline(always)]
fn g(d: f32, s: f32) -> f32 {
    let t = d * s + s;
    let u = (d - s).max(t * 0.5).min(s / (d + 1.0));
    u.mul_add(1.5, -t).abs() * if d < s { -1.0 } else { 1.0 } + (s * 1e-38)
}

#[inline(always)]
fn h(x: f32) -> f32 {
    (x * 3.0 + 1.0).max(-x).sqrt() - x * x
}

// Bit for bit, except that any NaN equals any NaN: Rust leaves NaN signs
// and payloads unspecified, and LLVM commutes `x + y` (an optimised naive
// loop already gives -NaN where the kernel gives NaN for NaN + -NaN, at the
// portable level too).
fn same(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
}

// The 2-D shapes: 63, 64 and 65 elements (the direct walk of `zip_with`
// up to 64, the planned walk inside `with_avx2` above), a size-1 axis,
// and one large enough to be tiled.
const SHAPES: [(usize, usize); 7] = [(7, 9), (8, 8), (5, 13), (13, 5), (1, 65), (64, 1), (40, 37)];

// Source views of shape (r, c) over `buf`: contiguous, transposed,
// flipped both ways, a step-2 slice, and a broadcast row.
fn sources(buf: &[f32], r: usize, c: usize) -> Vec<StridedView<'_, f32, 2>> {
    let a = StridedView::from_shape([r, c], &buf[..r * c]).unwrap();
    let t = StridedView::from_shape([c, r], &buf[..r * c]).unwrap().t();
    let f = a.flip(0).unwrap().flip(1).unwrap();
    let w = StridedView::from_shape([r, 2 * c], &buf[..2 * r * c])
        .unwrap()
        .slice(s![.., ..;2])
        .unwrap();
    let b = StridedView::from_shape([1, c], &buf[..c])
        .unwrap()
        .broadcast_to([r, c])
        .unwrap();
    vec![a, t, f, w, b]
}

fn row_major(v: &StridedView<'_, f32, 2>) -> Vec<f32> {
    let [r, c] = v.shape();
    (0..r)
        .flat_map(|i| (0..c).map(move |j| (i, j)))
        .map(|(i, j)| v[[i, j]])
        .collect()
}

#[test]
fn float_closures_bitwise_equal_to_the_model_at_every_level() {
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in SHAPES {
        let buf: Vec<f32> = (0..2 * r * c).map(value).collect();
        let other: Vec<f32> = (0..2 * r * c).map(|i| value(i * 5 + 3)).collect();
        for (k, sv) in sources(&buf, r, c).into_iter().enumerate() {
            let ov = StridedView::from_shape([r, c], &other[..r * c]).unwrap();
            let (s0, o0) = (row_major(&sv), row_major(&ov));
            let want_zip: Vec<f32> = o0.iter().zip(&s0).map(|(&d, &s)| g(d, s)).collect();
            let want_map: Vec<f32> = s0.iter().map(|&x| h(x)).collect();
            let want_ops: [Vec<f32>; 4] = [
                o0.iter().zip(&s0).map(|(x, y)| x + y).collect(),
                s0.iter().zip(&o0).map(|(x, y)| x - y).collect(),
                o0.iter().zip(&s0).map(|(x, y)| x * y).collect(),
                s0.iter().zip(&o0).map(|(x, y)| x / y).collect(),
            ];
            for level in LEVELS {
                force_level(Some(level));
                let what = format!("{level:?} ({r}, {c}) source {k}");
                // zip_with into a contiguous and a transposed destination.
                let mut d = o0.clone();
                let mut dv = StridedViewMut::from_shape([r, c], &mut d).unwrap();
                dv.zip_with(&sv, |d, &s| *d = g(*d, s)).unwrap();
                assert!(same(&d, &want_zip), "zip_with {what}");
                let mut dt: Vec<f32> = (0..r * c).map(|q| o0[(q % r) * c + q / r]).collect();
                let mut dtv = StridedViewMut::from_shape([c, r], &mut dt).unwrap();
                let mut dtv = dtv.t_mut();
                dtv.zip_with(&sv, |d, &s| *d = g(*d, s)).unwrap();
                assert!(
                    same(&row_major(&dtv.view()), &want_zip),
                    "zip_with^T {what}"
                );
                // map.
                assert!(same(sv.map(|&x| h(x)).as_slice(), &want_map), "map {what}");
                // The operators, with the source on either side.
                let got = [&ov + &sv, &sv - &ov, &ov * &sv, &sv / &ov];
                for (op, (g, w)) in got.iter().zip(&want_ops).enumerate() {
                    assert!(same(g.as_slice(), w), "operator {op} {what}");
                }
            }
            force_level(None);
        }
    }
}

#[test]
fn closures_panicking_anywhere_at_every_level() {
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(7, 9), (8, 8), (5, 13), (24, 20)] {
        let n = r * c;
        let a: Vec<Live> = (0..n as i64).map(Live::new).collect();
        let b: Vec<Live> = (0..c as i64).map(|i| Live::new(1000 * i)).collect();
        let base = live();
        let av = StridedView::from_shape([r, c], &a).unwrap();
        let at = StridedView::from_shape([c, r], &a).unwrap().t();
        let row = StridedView::from_shape([1, c], &b).unwrap();
        let stops: Vec<usize> = if n <= 65 {
            (0..n).collect()
        } else {
            vec![0, 1, n / 2, n - 1]
        };
        for level in LEVELS {
            force_level(Some(level));
            for &k in &stops {
                // zip_with: exactly k elements changed, all still valid.
                for src in [av, at] {
                    let mut d: Vec<String> = vec![String::new(); n];
                    let mut dv = StridedViewMut::from_shape([r, c], &mut d).unwrap();
                    arm(k);
                    let res = catch_unwind(AssertUnwindSafe(|| {
                        dv.zip_with(&src, |d, s| {
                            call();
                            d.push_str(&s.0.to_string());
                        })
                        .unwrap()
                    }));
                    assert!(res.is_err(), "{level:?} ({r}, {c}) {k}");
                    let changed = d.iter().filter(|s| !s.is_empty()).count();
                    assert_eq!(changed, k, "{level:?} ({r}, {c}) zip_with stop {k}");
                }
                // map: the outputs made are dropped once.
                for src in [av, at] {
                    arm(k);
                    let res = catch_unwind(AssertUnwindSafe(|| {
                        src.map(|x| {
                            call();
                            x.clone()
                        })
                    }));
                    assert!(res.is_err());
                    assert_eq!(live(), base, "{level:?} map stop {k}");
                }
                // The operators (a broadcast row on either side).
                for (x, y) in [(at, row), (row, at), (av, at)] {
                    arm(k);
                    assert!(catch_unwind(AssertUnwindSafe(|| &x + &y)).is_err());
                    assert_eq!(live(), base, "{level:?} op stop {k}");
                }
            }
            arm(usize::MAX);
            let sum = &at + &row;
            for i in 0..r {
                for j in 0..c {
                    assert_eq!(*sum[[i, j]].0, *at[[i, j]].0 + 1000 * j as i64);
                }
            }
            drop(sum);
            assert_eq!(live(), base);
        }
        force_level(None);
    }
}
