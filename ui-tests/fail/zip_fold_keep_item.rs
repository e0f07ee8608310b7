// A Zip fold whose accumulator keeps an item (the largest element by
// reference): items live for the call only, so the accumulator, whose type
// is fixed outside the call, cannot hold one.
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3];
    let v = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let max = Zip::from(v).fold(&0, |m, e| if e > m { e } else { m });
    assert_eq!(*max, 3);
}
