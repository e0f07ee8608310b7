// `COLS as usize` is a cast, not a path: the layout stays static, so an
// array too short for it is a compile error naming the numbers.
use constrided::strided;

const COLS: u32 = 4;

fn main() {
    let buf = [0u8; 10];
    let _ = strided!(&buf; shape = (3, COLS as usize));
}
