// A tiler has one size per axis of the view it tiles.
use constrided::{strided, Layout, StridedView};

fn main() {
    let x = [0u8; 64];
    let v = StridedView::new(&x, Layout::contiguous([8, 8])).unwrap();
    let _ = v.tiles(strided![shape = (2, 2, 2)]);
}
