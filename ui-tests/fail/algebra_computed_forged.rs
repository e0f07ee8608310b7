// `Computed` feeds `AxisSpec` (sealed) through `AlgebraAxis`: it is sealed
// too, so a user type cannot supply axis numbers of its own.
use constrided::layout::message::Message;
use constrided::static_layout::StaticLayout;
use constrided::tile::{AlgebraAxis, Computed};

struct Forged;
impl Computed for Forged {
    const RANK: usize = 1;
    const SHAPE: [usize; 8] = [3, 0, 0, 0, 0, 0, 0, 0];
    const STRIDES: [isize; 8] = [5, 0, 0, 0, 0, 0, 0, 0];
    const PROBLEM: Option<Message> = None;
}

fn main() {
    let _ = StaticLayout::<(AlgebraAxis<Forged, 0>,), 0>::default();
}
