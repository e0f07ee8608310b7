// A Zip operand of another rank than the first one.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [0u8; 6];
    let a = StridedView::new(&x, Layout::contiguous([2, 3])).unwrap();
    let b = StridedView::new(&x, Layout::contiguous([6])).unwrap();
    let _ = Zip::from(a).and(b);
}
