// A transform's `Default` over a static layout that breaks a rule (here
// reaching -3): the source's `LAYOUT` is refused, so no view can be made.
use constrided::static_layout::{Axis, StaticLayout};
use constrided::static_transform::Transposed;
use constrided::StridedView;

fn main() {
    let buf = [1u8; 4];
    let m = Transposed::<StaticLayout<(Axis<4, -1>,), 0>, 1>::default();
    let v = StridedView::new(&buf, m).unwrap();
    let _ = v.to_array();
}
