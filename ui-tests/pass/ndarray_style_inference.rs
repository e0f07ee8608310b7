// Operators, reductions and s![] with fewer entries infer their output
// ranks without annotations.
use constrided::{s, strided, StridedArray, StridedView, Zip};

fn main() {
    let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
    let a = StridedView::from_shape([2, 3, 4], &x).unwrap();
    let row = StridedView::from(&x[..4]);
    let c = &a + &row; // rank 3 + rank 1 -> rank 3
    let d = &row * &c; // rank 1 * rank 3 -> rank 3
    let m = d.mean_axis(0).unwrap(); // rank 2
    let first = a.slice(s![1]).unwrap(); // rank 2
    let e = &first.t() - &m.t() * 2.0;
    assert_eq!(e.shape(), [4, 3]);
    let z = Zip::from(&e).and(&e.t().t()).unwrap().map_collect(|p, q| p + q);
    assert_eq!(z.max(), e.max().map(|v| 2.0 * v));
    let buf: [f32; 6] = [1., 2., 3., 4., 5., 6.];
    let st = strided!(&buf; shape = (2, 3));
    let f: StridedArray<f32, 2> = &st.t() + &st.t();
    assert_eq!(f[(2, 1)], 12.0);
    let g = -&st + 1.0;
    assert_eq!(g.min(), Some(-5.0));
}
