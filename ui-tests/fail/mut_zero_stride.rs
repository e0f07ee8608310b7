use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let mut buf = [0u8; 3];
    let _v = strided!(&mut buf; shape = (4, 3), strides = (0, 1));
}
