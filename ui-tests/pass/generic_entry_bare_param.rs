// A const generic parameter written bare (API.md's `shape = (R, 3)`): the
// macro finds `<const R:` in this file and takes the generic path; the
// `const R` marker says the same without that look-up.
use constrided::{strided, Mapping};

fn rows<const R: usize>() -> [usize; 2] {
    strided![shape = (R, 3)].shape()
}

fn marked<const R: usize>() -> [usize; 2] {
    strided![shape = (const R, 3)].shape()
}

fn main() {
    assert_eq!(rows::<4>(), [4, 3]);
    assert_eq!(marked::<4>(), [4, 3]);
}
