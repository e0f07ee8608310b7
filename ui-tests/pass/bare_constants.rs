// Bare identifiers and paths naming constants of any integer type are
// entries as they are: no parentheses needed. Const generic parameters
// (declared in this file) stay const arguments of the layout's type.
use constrided::{strided, Mapping};

const PITCH: usize = 5;
const ROWS: u32 = 3;
const COLS: i64 = 2;
const OFF: u8 = 1;
const BACK: i16 = -1;

mod consts {
    pub const W: u16 = 4;
}

struct Grid;
impl Grid {
    const ROWS: u64 = 2;
    fn layout() -> [usize; 2] {
        strided![shape = (Self::ROWS, consts::W)].shape()
    }
}

trait HasN {
    const N: i32;
}
struct Four;
impl HasN for Four {
    const N: i32 = 4;
}
fn of<T: HasN>() -> [usize; 1] {
    strided![shape = (T::N,)].shape()
}

fn generic<const R: usize, const S: isize>() -> ([usize; 2], [isize; 2]) {
    let l = strided![shape = (const R, COLS), strides = (const S, 1)];
    (l.shape(), l.strides())
}

type Field = strided!(type shape = (ROWS, COLS), strides = (PITCH, 1), offset = OFF);

fn main() {
    let l = strided![shape = (ROWS, COLS), strides = (PITCH, 1), offset = OFF];
    assert_eq!((l.shape(), l.strides(), l.offset()), ([3, 2], [5, 1], 1));
    let f = Field::default();
    assert_eq!(f.strides(), [5, 1]);
    let buf: [i32; 20] = core::array::from_fn(|i| i as i32);
    let v = strided!(&buf; shape = (ROWS, COLS), strides = (PITCH, BACK), offset = OFF);
    assert_eq!(v[[2, 0]], 11);
    assert_eq!(v[[2, 1]], 10);
    assert_eq!(Grid::layout(), [2, 4]);
    assert_eq!(of::<Four>(), [4]);
    assert_eq!(generic::<4, 7>(), ([4, 2], [7, 1]));
}
