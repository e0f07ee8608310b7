// An axis of a computed layout named by hand whose rule is broken (the
// tile 3 does not divide the extent 4) is a compile error, never a silently
// empty layout.
use constrided::static_layout::StaticLayout;
use constrided::tile::{AlgebraAxis, ZippedDiv};
use constrided::{strided, StridedView};

type Bad = ZippedDiv<strided!(type shape = (4,)), strided!(type shape = (3,)), 1, 1>;

fn main() {
    let l = StaticLayout::<(AlgebraAxis<Bad, 0>, AlgebraAxis<Bad, 1>), 0>::default();
    let buf = [1u8; 4];
    let _ = StridedView::new(&buf, l);
}
