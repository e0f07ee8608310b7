// The `unsafe` blocks of `strided!`'s expansion (around `__prechecked` and
// `static_view`) must not cover the entries either: an unsafe call in an
// entry, here next to a bare parameter `R` (the generic path, whose layout
// value is made in an `unsafe` block), still needs the user's `unsafe`.
use constrided::strided;

const unsafe fn cols() -> usize {
    3
}

fn first<const R: usize>(buf: &[u8; 12]) -> u8 {
    strided!(buf; shape = (R, cols()))[[0, 0]]
}

fn main() {
    let _ = first::<4>(&[0; 12]);
}
