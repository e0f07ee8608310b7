// A destination that is also read transposed in the same zip: the mutable
// operand's exclusive borrow refuses a shared view of the same elements.
use constrided::{Layout, StridedViewMut, Zip};

fn main() {
    let mut x = [1, 2, 3, 4];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2])).unwrap();
    Zip::from(&mut v).and(v.view().t()).unwrap().for_each(|d, s| *d += s);
}
