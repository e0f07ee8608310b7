use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const STEP: isize = 1;
    let mut buf = vec![0u8; 9];
    let _v = strided!(&mut buf; shape = (3, 3), strides = (STEP, STEP));
}
