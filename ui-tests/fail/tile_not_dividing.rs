// zipped_divide needs a tile that divides every static extent.
use constrided::{strided, tile::zipped_divide};

fn main() {
    let _ = zipped_divide(strided![shape = (8, 12)], strided![shape = (4, 5)]);
}
