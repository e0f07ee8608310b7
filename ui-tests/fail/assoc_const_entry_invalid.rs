// Valid for one type (N = 4), invalid for another (N = usize::MAX: the
// element count overflows); the error names the numbers and the line.
use constrided::{strided, Mapping};

trait Dims {
    const N: usize;
}
struct Four;
impl Dims for Four {
    const N: usize = 4;
}
struct Huge;
impl Dims for Huge {
    const N: usize = usize::MAX;
}

fn layout<T: Dims>() -> [usize; 2] {
    strided![shape = (T::N, 3)].shape()
}

fn main() {
    assert_eq!(layout::<Four>(), [4, 3]);
    let _ = layout::<Huge>();
}
