// A Zip closure that keeps an item past its call: items live for the call
// only (the closures are higher-ranked over their lifetime, as
// zip_with's), which lets the engine stage a transposed operand.
use constrided::{Layout, StridedViewMut, Zip};

fn main() {
    let mut x = [1, 2, 3];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3])).unwrap();
    let mut kept: Vec<&mut i32> = Vec::new();
    Zip::from(&mut v).for_each(|e| kept.push(e));
}
