use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let mut buf = [0u8; 9];
    let r = &mut buf;
    let _v = strided!(r; shape = (3, 3), strides = (2, 1));
}
