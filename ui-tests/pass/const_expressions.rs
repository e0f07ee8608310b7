// Entries may be constant expressions; the same rules apply.
use constrided::strided;

const ROWS: usize = 4;
const COLS: usize = 3;
const ROW_STRIDE: isize = 2 * 10;

fn main() {
    let buf: [i64; 100] = core::array::from_fn(|i| i as i64);
    let v = strided!(&buf; shape = (ROWS, COLS), strides = (ROW_STRIDE, 2 * 1), offset = 2 * 11, len = 10 * 10);
    assert_eq!(v[[ROWS - 1, COLS - 1]], 86);
    let c = strided!(&buf; shape = (ROWS * 2, COLS + 2));
    assert_eq!(c[[7, 4]], 39);
}
