use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let buf = [0u8; ROWS * COLS - 1];
    let _v = strided!(&buf; shape = (ROWS, COLS));
}
