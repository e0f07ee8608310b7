// Audit round 3, hole 1: `RemoveAxisAt` named directly on an axis of size
// 4 (only a size-1 axis can be removed).
use constrided::static_layout::{Axis, StaticLayout};
use constrided::static_transform::RemoveAxisAt;
use constrided::{Rank, StridedView};

fn main() {
    let buf = [1u64; 12];
    let m = RemoveAxisAt::<StaticLayout<(Axis<4, 3>, Axis<3, 1>), 0>, Rank<2>, Rank<1>, 0>::default();
    let v = StridedView::new(&buf, m).unwrap();
    let _ = v.to_array();
}
