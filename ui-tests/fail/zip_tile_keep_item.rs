// A tile handed out by a Zip of tiles is lent for one call of the closure
// (the closures are higher-ranked over the items' lifetime): it cannot be
// kept past the call.
use constrided::{strided, Layout, StridedViewMut, Zip};

fn main() {
    let mut x = [0u8; 64];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([8, 8])).unwrap();
    let mut kept = None;
    Zip::from(v.tiles_mut(strided![shape = (4, 4)])).for_each(|t| kept = Some(t));
    drop(kept);
}
