use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const DOWN: isize = -20;
    let _ = strided![shape = (ROWS, COLS), strides = (DOWN, 2), offset = 22];
}
