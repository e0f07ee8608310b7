use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let buf = [0.0f32; 50];
    let _v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
}
