// `Shape` named by hand with a rank other than the tile's is a compile
// error naming the ranks, never a silent shape of zeros.
use constrided::strided;
use constrided::tile::{Shape, TileShape};

fn main() {
    let s = <Shape<strided!(type shape = (4, 4, 4)), 3> as TileShape<2>>::SHAPE;
    assert_eq!(s, [0, 0]);
}
