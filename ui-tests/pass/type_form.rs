// The type-position form names a static layout in a struct field.
use constrided::{strided, StridedView};

type Tile = strided!(type shape = (4, 3), strides = (20, 2), offset = 22);

struct Tiles<'a> {
    view: StridedView<'a, f32, 2, Tile>,
}

fn main() {
    let buf: [f32; 100] = core::array::from_fn(|i| i as f32);
    let t = Tiles { view: strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22) };
    assert_eq!(t.view[[1, 1]], 44.0);
    let l: Tile = strided![shape = (4, 3), strides = (20, 2), offset = 22];
    assert_eq!(core::mem::size_of_val(&l), 0);
}
