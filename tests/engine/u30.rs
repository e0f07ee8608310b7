//! u30: the f32 `dot` / `general_mat_mul` through the operand copies
//! (src/view/linalg.rs `gemm_a` / `gemm_b`, taken on x86 with AVX-512 for
//! operands of up to 2^16 elements whose packing matrixmultiply would
//! gather element by element) against a triple loop: random layouts with
//! negative and zero strides, empty and size-1 axes, part of a buffer; and
//! the two sides of the size limit.

use constrided::linalg::general_mat_mul;
use constrided::{Layout, StridedArray, StridedView, StridedViewMut};
use proptest::prelude::*;

fn naive(a: &StridedView<'_, f32, 2>, b: &StridedView<'_, f32, 2>) -> Vec<f32> {
    let ([m, k], [_, n]) = (a.shape(), b.shape());
    let mut out = Vec::with_capacity(m * n);
    for i in 0..m {
        for j in 0..n {
            out.push((0..k).map(|p| a[[i, p]] * b[[p, j]]).sum());
        }
    }
    out
}

// A layout of `shape` over a buffer: strides in -3..=3 (0 included), the
// offset that makes the lowest position 0, plus `extra` unused elements.
fn layout(shape: [usize; 2], strides: [isize; 2], extra: usize) -> (Layout<2>, usize) {
    let mut off = 0usize;
    let mut hi = 0usize;
    for d in 0..2 {
        let reach = shape[d].saturating_sub(1) as isize * strides[d];
        if reach < 0 {
            off += (-reach) as usize;
        } else {
            hi += reach as usize;
        }
    }
    let len = if shape.contains(&0) {
        extra
    } else {
        off + hi + 1 + extra
    };
    (Layout::new(shape, strides, off).unwrap(), len)
}

fn values(len: usize, seed: u32) -> Vec<f32> {
    (0..len as u32)
        .map(|i| ((i * 7 + seed) % 11) as f32 - 5.0)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn f32_products_on_random_layouts(
        (m, k, n) in (0usize..7, 0usize..7, 0usize..7),
        sa in proptest::array::uniform2(-3isize..=3),
        sb in proptest::array::uniform2(-3isize..=3),
        extra in 0usize..3,
        seed in 0u32..100,
    ) {
        let (la, lena) = layout([m, k], sa, extra);
        let (lb, lenb) = layout([k, n], sb, extra);
        let (xa, xb) = (values(lena, seed), values(lenb, seed + 3));
        let a = StridedView::new(&xa, la).unwrap();
        let b = StridedView::new(&xb, lb).unwrap();
        let want = naive(&a, &b);
        prop_assert_eq!(a.dot(&b).into_vec(), want.clone());
        // general_mat_mul into a column-major C, beta = 1.
        let mut c = vec![1.0f32; m * n];
        let lc = Layout::new([m, n], [1, m.max(1) as isize], 0).unwrap();
        general_mat_mul(2.0, &a, &b, 1.0, &mut StridedViewMut::new(&mut c, lc).unwrap());
        for i in 0..m {
            for j in 0..n {
                prop_assert_eq!(c[i + m * j], 2.0 * want[i * n + j] + 1.0);
            }
        }
    }
}

// A row-major A of 2^16 elements (copied first) and of one row more (not
// copied): both equal the triple loop.
#[test]
fn f32_products_at_the_copy_limit() {
    for m in [256usize, 257] {
        let a = StridedArray::from_shape_fn([m, 256], |[i, p]| ((i + 3 * p) % 5) as f32);
        let b = StridedArray::from_shape_fn([2, 256], |[j, p]| ((2 * j + p) % 3) as f32);
        let (av, bv) = (a.view().into_runtime(), b.view().t().into_runtime());
        assert_eq!(av.dot(&bv).into_vec(), naive(&av, &bv));
    }
}
