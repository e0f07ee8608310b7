use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

fn main() {
    const HUGE: isize = isize::MAX;
    let _ = strided![shape = (ROWS, COLS), strides = (HUGE, 1)];
}
