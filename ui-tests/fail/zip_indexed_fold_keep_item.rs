// An indexed fold whose accumulator keeps an item: items live for the
// call only (the index is handed alongside, the items are still
// higher-ranked over their lifetime).
use constrided::{Layout, StridedView, Zip};

fn main() {
    let x = [1, 2, 3];
    let v = StridedView::new(&x, Layout::contiguous([3])).unwrap();
    let max = Zip::from(v)
        .indexed()
        .fold(&0, |m, [_i], e| if e > m { e } else { m });
    assert_eq!(*max, 3);
}
