// Audit round 3, hole 1: `TransposeAxes` named directly with an axis out
// of range (with `to_array` it is refused earlier, by the type-level
// shape list: `Swap<0, 9>` does not exist).
use constrided::static_layout::{Axis, StaticLayout};
use constrided::static_transform::TransposeAxes;
use constrided::StridedView;

fn main() {
    let buf = [1u64; 12];
    let m = TransposeAxes::<StaticLayout<(Axis<4, 3>, Axis<3, 1>), 0>, 2, 0, 9>::default();
    let v = StridedView::new(&buf, m).unwrap();
    let _ = v.iter().count();
}
