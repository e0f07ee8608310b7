// A bare const generic parameter: valid for one instantiation (R = 4),
// invalid for another (R = 9); the error names the numbers and points at
// the macro call inside `view`.
use constrided::strided;

fn view<const R: usize>(buf: &[u8; 32]) -> u8 {
    let v = strided!(buf; shape = (R, 4));
    v[[0, 0]]
}

fn main() {
    let buf = [0u8; 32];
    let _ = view::<4>(&buf);
    let _ = view::<9>(&buf);
}
