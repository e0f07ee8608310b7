use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const HALF: f64 = 0.5;
    let _ = strided![shape = ((HALF), 3)];
}
