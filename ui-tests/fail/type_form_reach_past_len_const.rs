use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

type Tile = strided!(type shape = ((ROWS), (COLS)), strides = (20, 2), offset = 22, len = 10 * 5);

fn main() {
    let _: Option<Tile> = None;
}
