// A Zip takes at most six operands.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3];
    let a = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let z = Zip::from(a).and(a).unwrap().and(a).unwrap().and(a).unwrap();
    let _ = z.and(a).unwrap().and(a).unwrap().and(a);
}
