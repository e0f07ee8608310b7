// The `unsafe` blocks `strided!` expands to (around `static_view` and
// `__prechecked`) must not cover the user's own expressions: an unsafe
// call in the buffer expression still needs the user's `unsafe`.
use constrided::strided;

static BUF: [u8; 12] = [0; 12];

unsafe fn buffer() -> &'static [u8; 12] {
    &BUF
}

fn view<const R: usize>() -> u8 {
    let v = strided!(buffer(); shape = (R, 3));
    v[[0, 0]]
}

fn main() {
    let _ = view::<4>();
}
