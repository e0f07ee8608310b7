//! Review r26: the matrixmultiply call of `general_mat_mul` and the hidden
//! `LinalgScalar::gemm` called directly, at their edges: an operand that is
//! the sibling half of the buffer C is a part of (interleaved columns), zero
//! and negative strides together, every empty axis with offsets far past
//! the buffer, and mismatched shapes (refused before any pointer is formed,
//! C untouched). Small sizes: run under Miri (both borrow models) and ASan.
use constrided::linalg::{general_mat_mul, try_general_mat_mul, LinalgScalar};
use constrided::{Layout, StridedView, StridedViewMut};

use crate::shared::naive_matmul;

#[test]
fn operand_is_the_sibling_half_of_the_destination_buffer() {
    // One buffer of 4x4, columns interleaved: C is the even columns, A the
    // odd ones (a shared reborrow of the sibling half), B broadcast with a
    // zero stride on one axis and a negative one on the other.
    let mut buf: Vec<f32> = (0..16).map(|v| v as f32).collect();
    let whole =
        StridedViewMut::new(&mut buf, Layout::new([4, 2, 2], [4, 1, 2], 0).unwrap()).unwrap();
    let (c, a) = whole.split_at(1, 1).unwrap();
    let mut c = c.remove_axis(1).unwrap();
    let a = a.remove_axis(1).unwrap();
    let a = a.view();
    let bdata = [1.0f32, 2.0];
    let b = StridedView::new(&bdata, Layout::new([2, 3], [-1, 0], 1).unwrap()).unwrap();
    // C is (4, 2), the product (4, 3): refused, C untouched.
    assert!(try_general_mat_mul(1.0, &a, &b, 0.0, &mut c).is_err());
    assert_eq!(
        c.iter().copied().collect::<Vec<_>>(),
        [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0]
    );
    let b2 = StridedView::new(&bdata, Layout::new([2, 2], [-1, 0], 1).unwrap()).unwrap();
    let want = naive_matmul(&a, &b2);
    general_mat_mul(1.0, &a, &b2, 0.0, &mut c);
    assert_eq!(c.iter().copied().collect::<Vec<_>>(), want);
    // The sibling (odd columns) is unchanged.
    assert_eq!(
        a.iter().copied().collect::<Vec<_>>(),
        [1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 15.0]
    );
}

#[test]
fn hidden_gemm_refuses_mismatched_shapes_before_any_pointer() {
    let x = [1.0f64; 6];
    let a = StridedView::from_shape([2, 3], &x).unwrap();
    let mut out = [7.0f64; 4];
    for (bshape, cshape) in [([2, 2], [2, 2]), ([3, 2], [2, 1]), ([3, 2], [1, 2])] {
        let b = StridedView::new(&x, Layout::contiguous(bshape)).unwrap();
        let c = StridedViewMut::new(&mut out, Layout::contiguous(cshape)).unwrap();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            <f64 as LinalgScalar>::gemm(1.0, a, b, 0.0, c)
        }));
        assert!(r.is_err(), "{bshape:?} {cshape:?}");
        assert_eq!(out, [7.0; 4]);
    }
}

#[test]
fn empty_axes_with_offsets_past_the_buffer() {
    let none: [f32; 0] = [];
    let one = [3.0f32];
    // k = 0: C <- beta C, no operand pointer read.
    let a = StridedView::new(&none, Layout::new([2, 0], [1_000_000, 1], 5_000).unwrap()).unwrap();
    let b = StridedView::new(
        &none,
        Layout::new([0, 2], [isize::MIN, 0], usize::MAX).unwrap(),
    )
    .unwrap();
    let mut cbuf = [f32::NAN; 4];
    let mut c = StridedViewMut::new(&mut cbuf, Layout::new([2, 2], [-2, -1], 3).unwrap()).unwrap();
    <f32 as LinalgScalar>::gemm(1.0, a, b, 0.0, c.reborrow());
    assert_eq!(cbuf, [0.0; 4]);
    // m = 0 / n = 0: C empty, placed far past its (empty) buffer.
    let mut empty: [f32; 0] = [];
    let c0 =
        StridedViewMut::new(&mut empty, Layout::new([0, 1], [1, 1], usize::MAX).unwrap()).unwrap();
    let a1 = StridedView::new(&one, Layout::new([0, 1], [0, 0], 0).unwrap()).unwrap();
    let b1 = StridedView::new(&one, Layout::new([1, 1], [0, 0], 0).unwrap()).unwrap();
    <f32 as LinalgScalar>::gemm(2.0, a1, b1, 1.0, c0);
    let c1 = StridedViewMut::new(&mut empty, Layout::new([1, 0], [1, 1], 9).unwrap()).unwrap();
    let b2 = StridedView::new(&one, Layout::new([1, 0], [0, 0], 0).unwrap()).unwrap();
    let a2 = StridedView::new(&one, Layout::new([1, 1], [0, 0], 0).unwrap()).unwrap();
    <f32 as LinalgScalar>::gemm(2.0, a2, b2, 0.0, c1);
    // Broadcast operands (zero strides on both axes), negative-stride C.
    let mut cbuf = [1.0f32; 6];
    let c = StridedViewMut::new(&mut cbuf, Layout::new([2, 3], [-3, -1], 5).unwrap()).unwrap();
    let a = StridedView::new(&one, Layout::new([2, 4], [0, 0], 0).unwrap()).unwrap();
    let b = StridedView::new(&one, Layout::new([4, 3], [0, 0], 0).unwrap()).unwrap();
    <f32 as LinalgScalar>::gemm(0.5, a, b, 2.0, c);
    assert_eq!(cbuf, [2.0 + 0.5 * 36.0; 6]);
}
