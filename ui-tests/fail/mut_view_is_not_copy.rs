use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    let mut buf = [0u8; 6];
    let v = strided!(&mut buf; shape = (2, 3));
    let w = v;
    let _ = v[[0, 0]];
    drop(w);
}
