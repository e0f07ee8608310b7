// Audit round 3, hole 1: a static transform named directly with a bad
// const argument (axis 7 of a rank-2 layout) was the empty layout while
// its `Numel` stayed 12, so `to_array` `assume_init`ed 12 elements it
// never wrote. The type's `LAYOUT` now evaluates its `CHECK`: a compile
// error naming the parameter.
use constrided::static_layout::{Axis, StaticLayout};
use constrided::static_transform::FlipAxis;
use constrided::StridedView;

fn main() {
    let buf = [1u64; 12];
    let m = FlipAxis::<StaticLayout<(Axis<4, 3>, Axis<3, 1>), 0>, 2, 7>::default();
    let v = StridedView::new(&buf, m).unwrap();
    let a = v.to_array();
    assert_eq!(a[11], 1);
}
