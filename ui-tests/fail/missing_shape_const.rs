use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let _ = strided![strides = (COLS, 1), offset = ROWS];
}
