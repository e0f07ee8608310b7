// Audit round 3, hole 1: `InsertAxisAt` named directly past the end.
use constrided::static_layout::{Axis, StaticLayout};
use constrided::static_transform::InsertAxisAt;
use constrided::{Mapping, Rank};

fn main() {
    let m = InsertAxisAt::<StaticLayout<(Axis<4, 3>, Axis<3, 1>), 0>, Rank<2>, Rank<3>, 5>::default();
    let _ = m.shape();
}
