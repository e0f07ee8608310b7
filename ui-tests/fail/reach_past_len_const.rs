use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const LEN: usize = 10 * 5;
    let _ = strided![shape = (ROWS, COLS), strides = (20, 2), offset = 22, len = LEN];
}
