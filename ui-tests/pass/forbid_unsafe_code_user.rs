// A crate that forbids `unsafe` still uses every form of `strided!`: the
// `unsafe` blocks of the expansion (calls of the macro's `unsafe` helpers)
// come from the macro, which `unsafe_code` does not report.
#![forbid(unsafe_code)]
use constrided::{strided, Mapping};

fn rows<const R: usize>() -> [usize; 2] {
    strided![shape = (R, 3)].shape()
}

fn pick<const R: usize>(buf: &[u8; 12]) -> u8 {
    strided!(buf; shape = (R, 3))[[R - 1, 2]]
}

fn main() {
    assert_eq!(rows::<4>(), [4, 3]);
    let buf: [u8; 12] = core::array::from_fn(|i| i as u8);
    assert_eq!(pick::<4>(&buf), 11);
    let v = strided!(&buf; shape = (4, 3));
    assert_eq!(v[[1, 1]], 4);
    let mut out = [0u8; 6];
    strided!(&mut out; shape = (2, 3)).fill(1);
    assert_eq!(out, [1; 6]);
}
