// `const R` marks a const generic parameter; a bare name that is not one is
// a constant of any integer type. A marked entry needs no look-up in the
// source file (a bare `R` is found as a parameter by reading the file for
// `<const R:`, so a constant of the same name elsewhere in the file would be
// read as a parameter: the marker is the form that never guesses).
use constrided::{strided, Mapping};

const ROWS: u32 = 2;
const PITCH: usize = 5;

fn generic<const R: usize, const S: isize>() -> ([usize; 2], [isize; 2], usize) {
    let l = strided![shape = (const R, 3), strides = (const S, 1), offset = const R];
    (l.shape(), l.strides(), l.offset())
}

fn negated<const S: isize>() -> [isize; 1] {
    strided![shape = (4,), strides = (-const S,), offset = 9].strides()
}

struct Rows<const N: usize> {
    layout: strided!(type shape = (const N, ROWS), strides = (PITCH, 1)),
}

// Generated code (a `macro_rules!` passing the name through) reads the same.
macro_rules! rows_of {
    ($n:ident) => {
        strided![shape = (const $n, 2)]
    };
}
fn generated<const N: usize>() -> [usize; 2] {
    rows_of!(N).shape()
}

fn main() {
    assert_eq!(generic::<4, 7>(), ([4, 3], [7, 1], 4));
    assert_eq!(negated::<3>(), [-3]);
    // A constant of another integer type.
    let l = strided![shape = (ROWS, PITCH)];
    assert_eq!(l.shape(), [2, 5]);
    let t = Rows::<6> { layout: Default::default() };
    assert_eq!((t.layout.shape(), t.layout.strides()), ([6, 2], [5, 1]));
    assert_eq!(generated::<3>(), [3, 2]);
}
