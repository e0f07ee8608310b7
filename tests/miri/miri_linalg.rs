//! The one `unsafe` of `dot` / `general_mat_mul` (the call into
//! matrixmultiply) under Miri: small f32/f64 products whose operands are
//! flipped, broadcast, transposed, parts of a buffer another view writes
//! (split_at halves) and raw-parts views, checked against a triple loop.

use constrided::linalg::general_mat_mul;
use constrided::{Layout, StridedView, StridedViewMut};

use crate::shared::naive_matmul;

#[test]
fn flipped_broadcast_transposed_operands() {
    let x: Vec<f64> = (0..12).map(f64::from).collect();
    let a = StridedView::new(&x, Layout::new([3, 4], [-4, 1], 8).unwrap()).unwrap();
    let ones = [2.0f64];
    let b = StridedView::new(&ones, Layout::new([4, 2], [0, 0], 0).unwrap()).unwrap();
    let want = naive_matmul(&a, &b);
    assert_eq!(a.dot(&b).into_vec(), want);
    let at = a.t();
    assert_eq!(at.t().dot(&b).into_vec(), want);
    let y: Vec<f32> = (0..12).map(|v| v as f32).collect();
    let ay = StridedView::from_shape([3, 4], &y).unwrap();
    let d = ay.dot(&ay.t());
    assert_eq!(
        d[[2, 1]],
        (0..4).map(|p| ((8 + p) * (4 + p)) as f32).sum::<f32>()
    );
}

#[test]
fn into_a_split_half_while_the_sibling_is_written() {
    let x: Vec<f64> = (0..6).map(f64::from).collect();
    let a = StridedView::from_shape([2, 3], &x).unwrap();
    let mut buf = vec![f64::NAN; 8];
    let c = StridedViewMut::new(&mut buf, Layout::new([2, 4], [1, 2], 0).unwrap()).unwrap();
    let (mut left, mut right) = c.split_at(1, 2).unwrap();
    right.fill(-1.0);
    general_mat_mul(1.0, &a, &a.t(), 0.0, &mut left);
    right.fill(-2.0);
    assert_eq!(buf, [5.0, 14.0, 14.0, 50.0, -2.0, -2.0, -2.0, -2.0]);
}

#[test]
fn raw_parts_operands_and_beta() {
    let mut x: Vec<f64> = (0..9).map(f64::from).collect();
    // SAFETY: every element reached lies in x, which outlives the view.
    let a = unsafe { StridedView::from_raw_parts_at(x.as_ptr().add(8), [3, 3], [-3, -1]).unwrap() };
    let a_owned = a.to_owned();
    let mut c = vec![1.0f64; 9];
    let mut cv = StridedViewMut::from_shape([3, 3], &mut c).unwrap();
    general_mat_mul(2.0, &a_owned, &a_owned.t(), 0.5, &mut cv);
    let want: Vec<f64> = naive_matmul(&a_owned.view(), &a_owned.view().t())
        .iter()
        .map(|v| 2.0 * v + 0.5)
        .collect();
    assert_eq!(c, want);
    // SAFETY: as above; nothing else touches x meanwhile.
    let mut cm = unsafe {
        StridedViewMut::from_raw_parts_at(x.as_mut_ptr().add(8), [3, 3], [-1, -3]).unwrap()
    };
    let src: Vec<f64> = vec![1.0; 9];
    let s = StridedView::from_shape([3, 3], &src).unwrap();
    general_mat_mul(1.0, &s, &s, 0.0, &mut cm);
    assert_eq!(x, [3.0; 9]);
}

// Review r-d29b: the 2-D `dot` of f32 / f64 writes matrixmultiply's C into
// a `Vec`'s spare capacity and sets the length after; the hidden
// `LinalgScalar::product` is callable directly. Every element of the
// result must be initialised (Miri reads each one) for k = 0 with m, n > 0,
// m or n = 0, 1×N, N×1, broadcast, flipped and partial operands; inner
// sizes that differ panic naming both shapes (directly too) and `try_dot`
// returns the error; a result of 2^63 elements panics before the GEMM.
#[test]
fn product_called_directly_at_the_edges() {
    use constrided::linalg::LinalgScalar;
    use std::panic::AssertUnwindSafe;
    fn go<T: LinalgScalar + core::fmt::Debug + core::iter::Sum>(to: impl Fn(u8) -> T) {
        let x: Vec<T> = (0..20u8).map(&to).collect();
        for (m, k, n) in [
            (2usize, 0usize, 3usize),
            (0, 2, 3),
            (2, 2, 0),
            (1, 5, 1),
            (1, 3, 4),
            (4, 3, 1),
        ] {
            let (ki, ni) = (k as isize, n as isize);
            let las = [
                Layout::new([m, k], [ki, 1], 2).unwrap(),
                Layout::new([m, k], [0, -1], 19).unwrap(),
                Layout::new([m, k], [0, 0], 19).unwrap(),
            ];
            let lbs = [
                Layout::new([k, n], [-1, -ki], (k * n).saturating_sub(1)).unwrap(),
                Layout::new([k, n], [ni, 0], 1).unwrap(),
            ];
            for la in las {
                for lb in lbs {
                    let a = StridedView::new(&x, la).unwrap();
                    let b = StridedView::new(&x, lb).unwrap();
                    let want = naive_matmul(&a, &b);
                    for c in [T::product(a, b), a.dot(&b), a.try_dot(&b).unwrap()] {
                        assert_eq!(c.shape(), [m, n]);
                        assert_eq!(c.into_vec(), want, "{la:?} {lb:?}");
                    }
                }
            }
        }
        // Inner sizes differ: a panic naming both shapes, directly too.
        let a = StridedView::new(&x, Layout::new([2, 3], [1, 2], 0).unwrap()).unwrap();
        let b = StridedView::new(&x, Layout::new([2, 4], [4, 1], 0).unwrap()).unwrap();
        let msg = "dot: shapes (2, 3) and (2, 4) are not aligned: 3 (axis 1) != 2 (axis 0)";
        assert_eq!(a.try_dot(&b).unwrap_err().to_string(), msg);
        for r in [
            std::panic::catch_unwind(AssertUnwindSafe(|| T::product(a, b))),
            std::panic::catch_unwind(AssertUnwindSafe(|| a.dot(&b))),
        ] {
            let e = r.expect_err("(2, 3)·(2, 4)");
            assert_eq!(e.downcast_ref::<String>().map(String::as_str), Some(msg));
        }
        // (1, 1)·(1, 2^63): m·n = 2^63 is a layout, not an allocation.
        let one = StridedView::new(&x, Layout::new([1, 1], [0, 0], 0).unwrap()).unwrap();
        let wide = StridedView::new(&x, Layout::new([1, 1 << 63], [0, 0], 0).unwrap()).unwrap();
        assert!(std::panic::catch_unwind(AssertUnwindSafe(|| T::product(one, wide))).is_err());
        assert!(std::panic::catch_unwind(AssertUnwindSafe(|| one.dot(&wide))).is_err());
    }
    go(f64::from);
    go(f32::from);
    go(i32::from);
}

// Review r-d29b: the fresh `Vec` of the 2-D `dot` across matrixmultiply's
// blocks (k > kc = 256: the later k-blocks read back C; m > mc = 64):
// every element initialised and the product's (n > nc = 1024 natively in
// tests/guard_pages.rs).
#[test]
fn product_across_the_gemm_blocks() {
    let x: Vec<f64> = (0..8).map(f64::from).collect();
    // A: rows repeated (zero row stride) or columns repeated (zero column
    // stride), flipped; B broadcast from one element or one column.
    let cases = [
        (
            (2usize, 260usize, 3usize),
            ([-1isize, 0isize], 7usize),
            ([0isize, -2isize], 6usize),
        ),
        ((65, 2, 2), ([0, -1], 7), ([1, 0], 0)),
    ];
    for ((m, k, n), (sa, oa), (sb, ob)) in cases {
        let a = StridedView::new(&x, Layout::new([m, k], sa, oa).unwrap()).unwrap();
        let b = StridedView::new(&x, Layout::new([k, n], sb, ob).unwrap()).unwrap();
        let want = naive_matmul(&a, &b);
        assert_eq!(a.dot(&b).into_vec(), want);
        let y: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        let a32 = StridedView::new(&y, a.layout()).unwrap();
        let b32 = StridedView::new(&y, b.layout()).unwrap();
        assert_eq!(a32.dot(&b32).into_vec(), naive_matmul(&a32, &b32));
    }
}
