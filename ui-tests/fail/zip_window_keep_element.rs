// An element reached through a window item is borrowed for the call only:
// it cannot be pushed to a vector outside the closure.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3];
    let v = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let mut kept: Vec<&i32> = Vec::new();
    Zip::from(v.windows([2]).unwrap()).for_each(|w| kept.push(w.get([0]).unwrap()));
    let _ = kept;
}
