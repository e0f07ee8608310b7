//! u30: the f32 GEMM's operand copies (`gemm_a` / `gemm_b` in
//! src/view/linalg.rs: an A whose row stride is not 1 and a B whose column
//! stride is not 1 go to matrixmultiply as contiguous copies; under Miri
//! always, on x86 with AVX-512 up to 2^16 elements) under Miri: flipped,
//! broadcast and transposed operands of `dot` and `general_mat_mul`,
//! against a triple loop.

use constrided::linalg::general_mat_mul;
use constrided::{Layout, StridedView, StridedViewMut};

use crate::shared::naive_matmul;

#[test]
fn f32_operands_copied_into_the_gemm() {
    let x: Vec<f32> = (0..12).map(|v| v as f32).collect();
    // A (3, 4) flipped rows (row stride -4); B (4, 2) column stride 4,
    // flipped columns, and B (4, 2) broadcast (strides (0, 0)).
    let a = StridedView::new(&x, Layout::new([3, 4], [-4, 1], 8).unwrap()).unwrap();
    let b = StridedView::new(&x, Layout::new([4, 2], [1, -4], 4).unwrap()).unwrap();
    let two = [2.0f32];
    let z = StridedView::new(&two, Layout::new([4, 2], [0, 0], 0).unwrap()).unwrap();
    for b in [b, z] {
        let want = naive_matmul(&a, &b);
        assert_eq!(a.dot(&b).into_vec(), want);
        let mut c = vec![1.0f32; 6];
        let mut cv = StridedViewMut::new(&mut c, Layout::new([3, 2], [1, 3], 0).unwrap()).unwrap();
        general_mat_mul(1.0, &a, &b, 0.5, &mut cv);
        let got: Vec<f32> = (0..3)
            .flat_map(|i| (0..2).map(move |j| (i, j)))
            .map(|(i, j)| c[i + 3 * j])
            .collect();
        let want: Vec<f32> = want.iter().map(|v| v + 0.5).collect();
        assert_eq!(got, want);
    }
}
