// A tiler with an empty axis tiles nothing: a compile error naming the
// axis, for the iterator and for one tile by coordinate.
use constrided::{strided, Layout, StridedViewMut};

fn main() {
    let mut x = [0u8; 64];
    let mut v = StridedViewMut::new(&mut x, Layout::contiguous([8, 8])).unwrap();
    let _ = v.tiles_mut(strided![shape = (2, 0)]).count();
}
