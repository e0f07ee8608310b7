// A bare identifier entry may be a const generic parameter, so it becomes a
// const argument of the layout's type and must have the entry's type
// (`usize` for sizes, offsets and lengths, `isize` for strides). Wrap a
// constant of another integer type in parentheses: `(ROWS)`.
use constrided::strided;

const ROWS: u32 = 4;

fn main() {
    let _ = strided![shape = (ROWS, 3)];
}
