//! `dot`, `general_mat_mul` and `general_mat_vec_mul` against a triple
//! loop over brute-force positions, on random layouts: negative and zero
//! strides for the operands, unique (permuted, gapped, flipped) layouts for
//! the output, empty and size-1 axes, views of part of a buffer; f32 and
//! f64 (matrixmultiply) with small integer values (so every sum is exact),
//! i64 and u8 (the generic loop); β = 0 over a NaN-filled C must overwrite.

use super::model;

use constrided::linalg::{
    general_mat_mul, general_mat_vec_mul, try_general_mat_mul, try_general_mat_vec_mul,
};
use constrided::{Layout, LayoutError, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 3 } else { 96 })
}

// A shared layout of `shape`: strides -5..=5 (zero included), offset
// making the lowest position `extra`.
fn shared_layout<const N: usize>(shape: [usize; N]) -> impl Strategy<Value = Layout<N>> {
    (proptest::array::uniform::<_, N>(-5isize..=5), 0usize..4).prop_map(move |(strides, extra)| {
        let offset = extra
            + (0..N)
                .filter(|&k| strides[k] < 0)
                .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
                .sum::<usize>();
        Layout::new(shape, strides, offset).unwrap()
    })
}

fn unique_layout<const N: usize>(shape: [usize; N]) -> impl Strategy<Value = Layout<N>> {
    unique_strides(shape).prop_map(move |(s, o)| Layout::new(shape, s, o).unwrap())
}

fn dim() -> impl Strategy<Value = usize> {
    prop_oneof![1 => Just(0usize), 2 => Just(1usize), 8 => 2usize..=9, 2 => 10usize..=24]
}

// Buffer values: small integers from a seed.
fn values(len: usize, seed: u64) -> Vec<i64> {
    (0..len as u64)
        .map(|i| ((i.wrapping_add(seed)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 59) as i64 - 16)
        .collect()
}

fn at<const N: usize>(buf: &[i64], l: &Layout<N>, idx: [usize; N]) -> i64 {
    buf[position(l.strides(), l.offset(), idx) as usize]
}

#[derive(Debug, Clone)]
struct Case {
    la: Layout<2>,
    lb: Layout<2>,
    lc: Layout<2>,
    alpha: i64,
    beta: i64,
    seed: u64,
}

fn gemm_case() -> impl Strategy<Value = Case> {
    (dim(), dim(), dim())
        .prop_flat_map(|(m, k, n)| {
            (
                shared_layout([m, k]),
                shared_layout([k, n]),
                unique_layout([m, n]),
                -2i64..=2,
                prop_oneof![Just(0i64), Just(1), -2i64..=2],
                any::<u64>(),
            )
        })
        .prop_map(|(la, lb, lc, alpha, beta, seed)| Case {
            la,
            lb,
            lc,
            alpha,
            beta,
            seed,
        })
}

// The triple loop: the expected C buffer (positions C does not reach keep
// their value), with `nan` marking "was NaN, overwritten when β = 0".
fn model_gemm(c: &Case, a: &[i64], b: &[i64], c0: &[i64]) -> Vec<i64> {
    let ([m, k], [_, n]) = (c.la.shape(), c.lb.shape());
    let mut out = c0.to_vec();
    for i in 0..m {
        for j in 0..n {
            let mut s = 0;
            for p in 0..k {
                s += at(a, &c.la, [i, p]) * at(b, &c.lb, [p, j]);
            }
            let pos = position(c.lc.strides(), c.lc.offset(), [i, j]) as usize;
            out[pos] = c.alpha * s + c.beta * c0[pos];
        }
    }
    out
}

macro_rules! float_gemm {
    ($name:ident, $t:ty) => {
        fn $name(c: Case) {
            let a = values(c.la.required_len() + 1, c.seed);
            let b = values(c.lb.required_len() + 2, c.seed ^ 0x55);
            let c0 = values(c.lc.required_len() + 1, c.seed ^ 0xAA);
            let want = model_gemm(&c, &a, &b, &c0);
            let af: Vec<$t> = a.iter().map(|&x| x as $t).collect();
            let bf: Vec<$t> = b.iter().map(|&x| x as $t).collect();
            let mut cf: Vec<$t> = c0.iter().map(|&x| x as $t).collect();
            if c.beta == 0 {
                // β = 0: C is not read, as in BLAS.
                for idx in indices(c.lc.shape()) {
                    cf[position(c.lc.strides(), c.lc.offset(), idx) as usize] = <$t>::NAN;
                }
            }
            let va = StridedView::new(&af, c.la).unwrap();
            let vb = StridedView::new(&bf, c.lb).unwrap();
            let mut vc = StridedViewMut::new(&mut cf, c.lc).unwrap();
            general_mat_mul(c.alpha as $t, &va, &vb, c.beta as $t, &mut vc);
            let got: Vec<i64> = cf
                .iter()
                .map(|&x| {
                    assert!(!x.is_nan(), "NaN survived: {:?}", c);
                    x as i64
                })
                .collect();
            // Positions outside C were not NaN-filled; compare all.
            assert_eq!(got, want, "{:?}", c);
            // dot = general_mat_mul(1, a, b, 0, fresh).
            let d = va.dot(&vb);
            let ([m, k], [_, n]) = (c.la.shape(), c.lb.shape());
            assert_eq!(d.shape(), [m, n]);
            // Row-major, holding exactly the m·n products (the GEMM writes
            // the fresh buffer, its length set after).
            assert!(d.view().is_contiguous());
            assert_eq!(d.as_slice().len(), m * n);
            for i in 0..m {
                for j in 0..n {
                    let s: i64 = (0..k)
                        .map(|p| at(&a, &c.la, [i, p]) * at(&b, &c.lb, [p, j]))
                        .sum();
                    assert_eq!(d[[i, j]] as i64, s);
                }
            }
        }
    };
}
float_gemm!(check_f64, f64);
float_gemm!(check_f32, f32);

fn check_i64(c: Case) {
    let a = values(c.la.required_len() + 1, c.seed);
    let b = values(c.lb.required_len() + 2, c.seed ^ 0x55);
    let c0 = values(c.lc.required_len() + 1, c.seed ^ 0xAA);
    let want = model_gemm(&c, &a, &b, &c0);
    let mut cv = c0.clone();
    let va = StridedView::new(&a, c.la).unwrap();
    let vb = StridedView::new(&b, c.lb).unwrap();
    let mut vc = StridedViewMut::new(&mut cv, c.lc).unwrap();
    general_mat_mul(c.alpha, &va, &vb, c.beta, &mut vc);
    assert_eq!(cv, want, "{:?}", c);
}

// Matrix·vector, vector·matrix, vector·vector and general_mat_vec_mul.
#[derive(Debug, Clone)]
struct VCase {
    la: Layout<2>,
    lx: Layout<1>,
    ly: Layout<1>,
    lz: Layout<1>,
    alpha: i64,
    beta: i64,
    seed: u64,
}

fn vec_case() -> impl Strategy<Value = VCase> {
    (dim(), dim())
        .prop_flat_map(|(m, k)| {
            (
                shared_layout([m, k]),
                shared_layout([k]),
                unique_layout([m]),
                shared_layout([m]),
                -2i64..=2,
                prop_oneof![Just(0i64), -2i64..=2],
                any::<u64>(),
            )
        })
        .prop_map(|(la, lx, ly, lz, alpha, beta, seed)| VCase {
            la,
            lx,
            ly,
            lz,
            alpha,
            beta,
            seed,
        })
}

fn check_vec(c: VCase) {
    let a = values(c.la.required_len() + 1, c.seed);
    let x = values(c.lx.required_len() + 1, c.seed ^ 1);
    let z = values(c.lz.required_len() + 1, c.seed ^ 3);
    let y0 = values(c.ly.required_len() + 1, c.seed ^ 2);
    let [m, k] = c.la.shape();
    let ax: Vec<i64> = (0..m)
        .map(|i| {
            (0..k)
                .map(|p| at(&a, &c.la, [i, p]) * at(&x, &c.lx, [p]))
                .sum()
        })
        .collect();
    let za: Vec<i64> = (0..k)
        .map(|p| {
            (0..m)
                .map(|i| at(&z, &c.lz, [i]) * at(&a, &c.la, [i, p]))
                .sum()
        })
        .collect();
    let xx: i64 = (0..k).map(|p| at(&x, &c.lx, [p]).pow(2)).sum();
    // f64 through dot.
    let (af, xf, zf): (Vec<f64>, Vec<f64>, Vec<f64>) = (
        a.iter().map(|&v| v as f64).collect(),
        x.iter().map(|&v| v as f64).collect(),
        z.iter().map(|&v| v as f64).collect(),
    );
    let (va, vx, vz) = (
        StridedView::new(&af, c.la).unwrap(),
        StridedView::new(&xf, c.lx).unwrap(),
        StridedView::new(&zf, c.lz).unwrap(),
    );
    assert_eq!(
        va.dot(&vx).to_vec(),
        ax.iter().map(|&v| v as f64).collect::<Vec<_>>()
    );
    assert_eq!(
        vz.dot(&va).to_vec(),
        za.iter().map(|&v| v as f64).collect::<Vec<_>>()
    );
    assert_eq!(vx.dot(&vx), xx as f64);
    // i64 through the same entry points.
    let (ia, ix, iz) = (
        StridedView::new(&a, c.la).unwrap(),
        StridedView::new(&x, c.lx).unwrap(),
        StridedView::new(&z, c.lz).unwrap(),
    );
    assert_eq!(ia.dot(&ix).to_vec(), ax);
    assert_eq!(iz.dot(&ia).to_vec(), za);
    assert_eq!(ix.dot(&ix), xx);
    // general_mat_vec_mul into a unique y, β = 0 overwriting NaN.
    let mut yf: Vec<f64> = y0.iter().map(|&v| v as f64).collect();
    if c.beta == 0 {
        for i in 0..m {
            yf[position(c.ly.strides(), c.ly.offset(), [i]) as usize] = f64::NAN;
        }
    }
    let mut want: Vec<f64> = yf.clone();
    for (i, axi) in ax.iter().enumerate() {
        let p = position(c.ly.strides(), c.ly.offset(), [i]) as usize;
        want[p] = (c.alpha * axi + c.beta * y0[p]) as f64;
    }
    general_mat_vec_mul(
        c.alpha as f64,
        &va,
        &vx,
        c.beta as f64,
        &mut StridedViewMut::new(&mut yf, c.ly).unwrap(),
    );
    assert_eq!(yf, want, "{:?}", c);
}

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn gemm_f64(c in gemm_case()) { check_f64(c) }
    #[test]
    fn gemm_f32(c in gemm_case()) { check_f32(c) }
    #[test]
    fn gemm_i64(c in gemm_case()) { check_i64(c) }
    #[test]
    fn gemv_and_vector_dots(c in vec_case()) { check_vec(c) }
}

#[test]
fn operands_of_every_kind_and_rank() {
    let a = StridedArray::from_vec([2, 3], vec![1u8, 2, 3, 4, 5, 6]).unwrap();
    let mut bbuf = vec![1u8, 0, 2, 1, 0, 1];
    let b = StridedViewMut::from_shape([3, 2], &mut bbuf).unwrap();
    let want = [5u8, 5, 14, 11];
    assert_eq!(a.dot(&b).into_vec(), want);
    assert_eq!(a.view().dot(&b).into_vec(), want);
    assert_eq!(b.view().t().dot(&a.t()).t().to_vec(), want);
    let x = StridedArray::from(vec![1u8, 1, 1]);
    assert_eq!(a.dot(&x).into_vec(), [6, 15]);
    assert_eq!(x.dot(&b).into_vec(), [3, 2]);
    assert_eq!(x.dot(&x), 3);
    // Static views too.
    let s = constrided::strided!(&[1.0f32, 2.0, 3.0, 4.0]; shape = (2, 2));
    assert_eq!(s.dot(&s.t()).into_vec(), [5.0, 11.0, 11.0, 25.0]);
    // A broadcast (zero-stride) operand and a flipped one.
    let ones = [1.0f64];
    let bc = StridedView::new(&ones, Layout::new([3, 4], [0, 0], 0).unwrap()).unwrap();
    let m: Vec<f64> = (0..6).map(f64::from).collect();
    let mv = StridedView::from_shape([2, 3], &m)
        .unwrap()
        .flip(1)
        .unwrap();
    assert_eq!(
        mv.dot(&bc).into_vec(),
        [3.0, 3.0, 3.0, 3.0, 12.0, 12.0, 12.0, 12.0]
    );
}

// A product whose m·n elements do not fit panics (naming the count)
// before anything is allocated or the GEMM runs: broadcast operands of
// (2^40, k)·(k, 2^40), k = 1 (the matrixmultiply path) and k = 0.
#[test]
fn product_of_too_many_elements_panics_first() {
    fn go<T: constrided::linalg::LinalgScalar + Default + core::fmt::Debug>() {
        let x = [T::default()];
        let big = 1usize << 40;
        for k in [1usize, 0] {
            let a = StridedView::new(&x, Layout::new([big, k], [0, 0], 0).unwrap()).unwrap();
            let b = StridedView::new(&x, Layout::new([k, big], [0, 0], 0).unwrap()).unwrap();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| a.dot(&b)));
            let e = r.expect_err("2^80 elements");
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            assert!(msg.starts_with("constrided: "), "{msg}");
        }
        // The inner sizes differ: the 2-D `dot` panics naming both shapes.
        let a = StridedView::new(&x, Layout::new([2, 3], [0, 0], 0).unwrap()).unwrap();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| a.dot(&a)));
        let e = r.expect_err("(2, 3)·(2, 3)");
        assert_eq!(
            e.downcast_ref::<String>().map(String::as_str),
            Some("dot: shapes (2, 3) and (2, 3) are not aligned: 3 (axis 1) != 2 (axis 0)")
        );
    }
    go::<f32>();
    go::<f64>();
    go::<i32>();
}

#[test]
fn mismatches_name_both_shapes() {
    let a = StridedArray::<f64, 2>::zeros([2, 3]);
    let b = StridedArray::<f64, 2>::zeros([4, 5]);
    let x = StridedArray::<f64, 1>::zeros([4]);
    let e = a.try_dot(&b).unwrap_err();
    assert_eq!(
        e.to_string(),
        "dot: shapes (2, 3) and (4, 5) are not aligned: 3 (axis 1) != 4 (axis 0)"
    );
    assert!(matches!(e, LayoutError::ShapeMismatch { .. }));
    assert_eq!(
        a.try_dot(&x).unwrap_err().to_string(),
        "dot: shapes (2, 3) and (4,) are not aligned: 3 (axis 1) != 4 (axis 0)"
    );
    assert_eq!(
        x.try_dot(&a).unwrap_err().to_string(),
        "dot: shapes (4,) and (2, 3) are not aligned: 4 (axis 0) != 2 (axis 0)"
    );
    let y = StridedArray::<f64, 1>::zeros([3]);
    assert_eq!(
        x.try_dot(&y).unwrap_err().to_string(),
        "dot: shapes (4,) and (3,) are not aligned: 4 (axis 0) != 3 (axis 0)"
    );
    let mut c = StridedArray::<f64, 2>::from_elem([2, 2], 7.0);
    try_general_mat_mul(1.0, &a, &a.t(), 0.0, &mut c.t_mut()).unwrap();
    assert_eq!(c.into_vec(), [0.0; 4]);
    let mut c3 = StridedArray::<f64, 2>::from_elem([3, 2], 7.0);
    let e = try_general_mat_mul(1.0, &a, &a.t(), 0.0, &mut c3).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the destination has shape (3, 2), but the result has shape (2, 2)"
    );
    assert_eq!(c3.into_vec(), [7.0; 6]);
    let mut yy = StridedArray::<f64, 1>::zeros([5]);
    assert_eq!(
        try_general_mat_vec_mul(1.0, &a, &y, 0.0, &mut yy)
            .unwrap_err()
            .to_string(),
        "the destination has shape (5,), but the result has shape (2,)"
    );
    let r = std::panic::catch_unwind(|| a.dot(&b));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(msg.contains("(2, 3) and (4, 5)"), "{msg}");
}

// Review r-d29b: the panicking 2-D `dot` calls `LinalgScalar::product`
// directly (its own shape check). On random shapes whose inner sizes may
// differ and random layouts (negative / zero strides, offsets): `try_dot`
// returns the error naming both shapes and never panics, `dot` (with every
// right operand kind) and `product` panic with that message, and when the
// sizes agree all of them equal the triple loop, for f64, f32 (matrixmultiply)
// and i32 (the generic loop).
fn check_dot_kinds<T>(la: Layout<2>, lb: Layout<2>, seed: u64, to: fn(i64) -> T)
where
    T: constrided::linalg::LinalgScalar + core::fmt::Debug + std::panic::RefUnwindSafe,
{
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let a = values(la.required_len() + 1, seed);
    let b = values(lb.required_len() + 1, seed ^ 0x33);
    let at_: Vec<T> = a.iter().map(|&v| to(v)).collect();
    let mut bt: Vec<T> = b.iter().map(|&v| to(v)).collect();
    let ([m, k], [k2, n]) = (la.shape(), lb.shape());
    let va = StridedView::new(&at_, la).unwrap();
    let vb = StridedView::new(&bt, lb).unwrap();
    let barr = vb.to_owned();
    let got = [
        catch_unwind(AssertUnwindSafe(|| va.dot(&vb))),
        catch_unwind(AssertUnwindSafe(|| va.dot(&barr))),
        catch_unwind(AssertUnwindSafe(|| T::product(va, vb))),
    ];
    let tried = va.try_dot(&vb);
    let tried_arr = va.try_dot(&barr);
    let mut vbm = StridedViewMut::new(&mut bt, lb);
    let mut_got = vbm
        .as_mut()
        .ok()
        .map(|v| (va.try_dot(v), catch_unwind(AssertUnwindSafe(|| va.dot(v)))));
    if k != k2 {
        let msg = format!(
            "dot: shapes ({m}, {k}) and ({k2}, {n}) are not aligned: {k} (axis 1) != {k2} (axis 0)"
        );
        assert_eq!(tried.unwrap_err().to_string(), msg);
        assert_eq!(tried_arr.unwrap_err().to_string(), msg);
        for r in got {
            let e = r.expect_err("mismatch");
            assert_eq!(e.downcast_ref::<String>(), Some(&msg));
        }
        if let Some((t, r)) = mut_got {
            assert_eq!(t.unwrap_err().to_string(), msg);
            assert_eq!(
                r.expect_err("mismatch").downcast_ref::<String>(),
                Some(&msg)
            );
        }
        return;
    }
    let want: Vec<T> = (0..m * n)
        .map(|ij| {
            let s: i64 = (0..k)
                .map(|p| at(&a, &la, [ij / n, p]) * at(&b, &lb, [p, ij % n]))
                .sum();
            to(s)
        })
        .collect();
    let mut all: Vec<StridedArray<T, 2>> = got.into_iter().map(|r| r.unwrap()).collect();
    all.push(tried.unwrap());
    all.push(tried_arr.unwrap());
    if let Some((t, r)) = mut_got {
        all.push(t.unwrap());
        all.push(r.unwrap());
    }
    for d in all {
        assert_eq!(d.shape(), [m, n]);
        assert!(d.view().is_contiguous());
        assert_eq!(d.into_vec(), want, "{la:?} {lb:?}");
    }
}

fn dot_shapes_case() -> impl Strategy<Value = (Layout<2>, Layout<2>, u64)> {
    (
        dim(),
        dim(),
        prop_oneof![Just(None), dim().prop_map(Some)],
        dim(),
    )
        .prop_flat_map(|(m, k, k2, n)| {
            (
                shared_layout([m, k]),
                shared_layout([k2.unwrap_or(k), n]),
                any::<u64>(),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 3 } else { 48 }))]
    #[test]
    fn dot_and_try_dot_agree_on_every_kind((la, lb, seed) in dot_shapes_case()) {
        check_dot_kinds(la, lb, seed, |v| v as f64);
        check_dot_kinds(la, lb, seed, |v| v as f32);
        check_dot_kinds(la, lb, seed, |v| v as i32);
    }
}
