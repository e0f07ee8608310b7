// Audit round 3, hole 2: `__prechecked` skips the constructor's check, so
// it is `unsafe`: safe code cannot call it.
use constrided::static_layout::{Axis, StaticLayout};

fn main() {
    let _ = StaticLayout::<(Axis<4, -1>,), 0>::__prechecked();
}
