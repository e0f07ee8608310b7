use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const S0: isize = 20;
    let _ = strided![shape = (ROWS, COLS), strides = (S0,)];
}
