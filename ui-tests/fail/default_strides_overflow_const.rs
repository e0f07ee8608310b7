use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const BIG: usize = usize::MAX / 2;
    let _ = strided![shape = (BIG, 4)];
}
