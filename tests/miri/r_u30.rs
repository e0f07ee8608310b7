//! r-u30 (review of u30) under Miri: the f64 transposed product (`gemm_call`
//! with B's, A's and C's strides exchanged) into a flipped, gapped C with
//! β ≠ 0 and a NaN in C; the f32 copies (`gemm_a` / `gemm_b`, always taken
//! under Miri when A's row stride / B's column stride is not 1) of
//! operands whose size-1 axes carry isize::MIN / isize::MAX strides, into
//! a C with such strides; and `dot` of a copied A that is a view of part
//! of a buffer.

use constrided::linalg::general_mat_mul;
use constrided::{Layout, StridedView, StridedViewMut};

use crate::shared::naive_matmul;

#[test]
fn f64_transposed_product_into_a_flipped_gapped_c() {
    let x: Vec<f64> = (0..8).map(|v| (v % 5) as f64 - 2.0).collect();
    // A (3, 2) column-major, both axes flipped; B (2, 4) one row broadcast.
    let a = StridedView::new(&x, Layout::new([3, 2], [-1, -3], 5).unwrap()).unwrap();
    let b = StridedView::new(&x[3..], Layout::new([2, 4], [0, 1], 0).unwrap()).unwrap();
    let want = naive_matmul(&a, &b);
    // C (3, 4): rows flipped with a gap between them (stride -5), 20 slots.
    let mut buf = vec![9.0f64; 15];
    let lc = Layout::new([3, 4], [-5, 1], 10).unwrap();
    for i in 0..3 {
        for j in 0..4 {
            buf[10 - 5 * i + j] = if (i, j) == (1, 2) { f64::NAN } else { 1.0 };
        }
    }
    general_mat_mul(
        2.0,
        &a,
        &b,
        3.0,
        &mut StridedViewMut::new(&mut buf, lc).unwrap(),
    );
    for i in 0..3 {
        for j in 0..4 {
            let got = buf[10 - 5 * i + j];
            if (i, j) == (1, 2) {
                assert!(got.is_nan());
            } else {
                assert_eq!(got, 2.0 * want[i * 4 + j] + 3.0);
            }
        }
        // The gap after each row is untouched.
        assert_eq!(buf[10 - 5 * i + 4], 9.0);
    }
}

#[test]
fn f32_copies_of_size_one_axes_with_extreme_strides() {
    let x: Vec<f32> = (0..6).map(|v| v as f32 - 2.0).collect();
    // A (1, 3): row stride isize::MIN (≠ 1: copied); B (3, 1): column
    // stride isize::MAX (≠ 1: copied), flipped rows.
    let a = StridedView::new(&x, Layout::new([1, 3], [isize::MIN, 1], 1).unwrap()).unwrap();
    let b = StridedView::new(&x, Layout::new([3, 1], [-2, isize::MAX], 5).unwrap()).unwrap();
    let want = naive_matmul(&a, &b);
    assert_eq!(a.dot(&b).into_vec(), want);
    let mut c = [7.0f32; 2];
    let lc = Layout::new([1, 1], [isize::MAX, isize::MIN], 1).unwrap();
    general_mat_mul(
        1.0,
        &a,
        &b,
        1.0,
        &mut StridedViewMut::new(&mut c, lc).unwrap(),
    );
    assert_eq!(c, [7.0, want[0] + 7.0]);
    // f64 (transposed product) of the same layouts.
    let y: Vec<f64> = x.iter().map(|&v| v as f64).collect();
    let a = StridedView::new(&y, Layout::new([1, 3], [isize::MIN, 1], 1).unwrap()).unwrap();
    let b = StridedView::new(&y, Layout::new([3, 1], [-2, isize::MAX], 5).unwrap()).unwrap();
    let mut c = [7.0f64; 2];
    general_mat_mul(
        1.0,
        &a,
        &b,
        0.0,
        &mut StridedViewMut::new(&mut c, lc).unwrap(),
    );
    assert_eq!(c, [7.0, want[0] as f64]);
}

#[test]
fn f32_copy_of_part_of_a_buffer() {
    let x: Vec<f32> = (0..40).map(|v| (v % 7) as f32).collect();
    // A (3, 4) from the middle of x, transposed and stepped (row stride 2,
    // column stride 8); B (4, 3) column stride 4 (copied).
    let a = StridedView::new(&x[5..35], Layout::new([3, 4], [2, 8], 1).unwrap()).unwrap();
    let b = StridedView::new(&x[20..], Layout::new([4, 3], [1, 4], 0).unwrap()).unwrap();
    assert_eq!(a.dot(&b).into_vec(), naive_matmul(&a, &b));
}
