// Audit round 3, hole 2: even through `unsafe` (breaking its stated
// precondition), a broken static layout reaches no view: `shape()`,
// `to_layout()` and the view's checks all come from `LAYOUT`, which
// refuses it (reach -3) with a compile error.
use constrided::static_layout::{Axis, StaticLayout};
use constrided::StridedView;

fn main() {
    let buf = [42u8; 1];
    // SAFETY: none: this breaks the precondition on purpose.
    let m = unsafe { StaticLayout::<(Axis<4, -1>,), 0>::__prechecked() };
    let v = StridedView::new(&buf, m).unwrap();
    let _ = v[[3]];
}
