// A bare entry is read by its tokens alone (no source file is read, so a
// constant `R` elsewhere in the file changes nothing): a short upper-case
// name (`R`, `N`, `WS`, `C2`) is a const argument as itself, which serves
// a const generic parameter and a constant of the entry's type alike
// (`usize`, `isize` for strides); a longer name is a constant of any
// integer type. `const ROWS` marks a parameter with a longer name; `(N)`
// reads a short constant of another type as a constant expression.
use constrided::{strided, Mapping};

// Constants named as the parameters below: the parameters shadow them.
const R: usize = 2;
const S: isize = -1;

fn rows<const R: usize>() -> [usize; 2] {
    strided![shape = (R, 3)].shape()
}

struct Tiles<const R: usize> {
    layout: strided!(type shape = (R, 3)),
}

fn pick<const R: usize, const S: isize>(buf: &[u8; 32]) -> u8 {
    let v = strided!(buf; shape = (R, 2), strides = (S, 1), offset = 1);
    v[[R - 1, 1]]
}

fn backwards<const S: isize>(buf: &mut [u8; 8]) {
    let mut v = strided!(&mut *buf; shape = (4,), strides = (-S,), offset = 6);
    v[[3]] = 9;
}

fn marked<const ROWS: usize>() -> [usize; 2] {
    strided![shape = (const ROWS, 3)].shape()
}

fn pitched<const WS: isize>(buf: &[u8; 32]) -> u8 {
    let v = strided!(buf; shape = (2, 2), strides = (WS, 1), offset = dyn 1).unwrap();
    v[[1, 1]]
}

// Generated code reads the same: a `macro_rules!` forwarding the name.
macro_rules! rows_of {
    ($n:ident) => {
        strided![shape = ($n, 2)]
    };
}
fn generated<const N: usize>() -> [usize; 2] {
    rows_of!(N).shape()
}

fn main() {
    // The constants `R: usize` and `S: isize`, bare.
    let l = strided![shape = (R, 4), strides = (S, 2), offset = 8];
    assert_eq!((l.shape(), l.strides(), l.offset()), ([2, 4], [-1, 2], 8));
    let buf: [u8; 32] = core::array::from_fn(|i| i as u8);
    let v = strided!(&buf; shape = (R, 3), len = 32);
    assert_eq!(v[[1, 2]], 5);
    let f: strided!(type shape = (R, 3)) = Default::default();
    assert_eq!(f.shape(), [2, 3]);
    // The parameters `R` and `S`, bare.
    assert_eq!(rows::<4>(), [4, 3]);
    let t = Tiles::<7> {
        layout: Default::default(),
    };
    assert_eq!(t.layout.shape(), [7, 3]);
    assert_eq!(pick::<3, 10>(&buf), 22);
    let mut small = [0u8; 8];
    backwards::<2>(&mut small);
    assert_eq!(small[0], 9);
    assert_eq!(marked::<5>(), [5, 3]);
    assert_eq!(generated::<6>(), [6, 2]);
    assert_eq!(pitched::<8>(&buf), 10);
    // A one-letter constant of another integer type: `(N)`.
    const N: u32 = 3;
    assert_eq!(strided![shape = ((N), 2)].shape(), [3, 2]);
}
