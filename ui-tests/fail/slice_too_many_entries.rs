// An s![] with more entries than the view has axes: the message says so.
use constrided::{s, Layout, StridedView};

fn main() {
    let x = [0u8; 6];
    let v = StridedView::new(&x, Layout::contiguous([2, 3])).unwrap();
    let _ = v.slice(s![0, 1.., ..2]);
}
