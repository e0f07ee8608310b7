// Items stay call-lived when the closure moves into the walk: a `move`
// closure owning the vector it pushes shared items into (whose type is
// fixed outside the call) cannot keep one, nor can an indexed fold.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3];
    let v = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let mut kept: Vec<&i32> = Vec::new();
    Zip::from(v).for_each(move |e| kept.push(e));
}
