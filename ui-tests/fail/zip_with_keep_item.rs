// A zip_with closure that keeps its source item past the call: the items
// live for the call only (the closure is higher-ranked over their
// lifetime), which lets the staged walk hand references into its staging
// buffer for a transposed source.
use constrided::{Layout, StridedView, StridedViewMut};

fn main() {
    let s = [1u32, 2, 3, 4];
    let sv = StridedView::new(&s, Layout::contiguous([2, 2])).unwrap().t();
    let mut x = [0u32; 4];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2])).unwrap();
    let mut kept: Vec<&u32> = Vec::new();
    v.zip_with(&sv, |_, e| kept.push(e)).unwrap();
}
