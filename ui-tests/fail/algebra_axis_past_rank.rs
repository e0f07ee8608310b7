// Axis 5 of a computed layout of rank 2 does not exist: a compile error,
// never a silent axis of size 0.
use constrided::static_layout::StaticLayout;
use constrided::tile::{AlgebraAxis, ZippedDiv};
use constrided::{strided, Mapping};

type Good = ZippedDiv<strided!(type shape = (4,)), strided!(type shape = (2,)), 1, 1>;

fn main() {
    let l = StaticLayout::<(AlgebraAxis<Good, 0>, AlgebraAxis<Good, 5>), 0>::default();
    let _ = l.shape();
}
