// map_collect of the items themselves: an array of references into the
// operands (or into a staging buffer) would outlive the call.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3, 4];
    let v = StridedView::new(&x, Layout::contiguous([2, 2])).unwrap().t();
    let refs = Zip::from(v).map_collect(|e| e);
    let _ = refs;
}
