// A rank-0 view has no axis to index.
use constrided::{Layout, StridedView};

fn main() {
    let x = [0u8; 1];
    let v = StridedView::new(&x, Layout::<0>::contiguous([])).unwrap();
    let _ = v.index_axis(0, 0);
}
