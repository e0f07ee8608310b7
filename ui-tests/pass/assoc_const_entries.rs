// Entries naming associated constants (`Self::ROWS`, `T::N`): held in the
// layout value, computed and checked when the code is instantiated.
use constrided::{strided, Mapping};
trait Dims { const N: usize; const W: u32 = 2; }
struct Four;
impl Dims for Four { const N: usize = 4; }
struct Grid;
impl Grid {
    const ROWS: usize = 3;
    const STEP: i64 = -2;
    fn layout(&self) -> [usize; 2] { strided![shape = (Self::ROWS, 2)].shape() }
    // A cast of an associated constant is still read as one (not as a
    // constant expression of a `const` item, where `Self` is not in scope).
    fn cast(&self) -> [isize; 2] {
        strided![shape = (Self::ROWS as usize, 2), strides = (Self::STEP as isize, 1), offset = 4].strides()
    }
}
fn f<T: Dims>(buf: &[u8; 32]) -> u8 {
    let v = strided!(buf; shape = (T::N, 2), strides = (4, 1)).unwrap();
    let w = strided!(buf; shape = (T::N as u8 as usize, T::W as usize)).unwrap();
    v[[T::N - 1, 1]] + w[[1, 1]]
}
fn main() {
    assert_eq!(Grid.layout(), [3, 2]);
    let buf: [u8; 32] = core::array::from_fn(|i| i as u8);
    assert_eq!(f::<Four>(&buf), 13 + 3);
    assert_eq!(Grid.cast(), [-2, 1]);
    let l = strided![shape = (2, Four::N)];
    assert_eq!(l.strides(), [4, 1]);
}
