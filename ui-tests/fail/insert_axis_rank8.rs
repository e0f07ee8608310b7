// A rank-8 view cannot gain an axis: the maximum rank is 8.
use constrided::{Layout, StridedView};

fn main() {
    let x = [0u8; 1];
    let v = StridedView::new(&x, Layout::contiguous([1; 8])).unwrap();
    let _ = v.insert_axis(0);
}
