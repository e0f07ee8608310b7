use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const START: i64 = -1;
    let _ = strided![shape = (4, 3), offset = (START)];
}
