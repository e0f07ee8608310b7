// A const tile coordinate must name a full tile of the static view.
use constrided::{strided, tile::At};

fn main() {
    let buf = [0u8; 80];
    let v = strided!(&buf; shape = (8, 10));
    let _ = v.tile_at_const(strided![shape = (4, 4)], At::<1, 2>);
}
