use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

// The type-position form checks the layout where the type is written.
struct Tiles {
    _layout: strided!(type shape = (4, 3), strides = (-20, 2), offset = 22),
}

fn main() {
    let _: Option<Tiles> = None;
}
