// A bare short constant (`S`) is a const argument as itself (as a const
// generic parameter would be): a layout it breaks is an error with the
// numbers, reported by `cargo build` (write `(S)` to have `cargo check`
// report it too).
use constrided::strided;

const S: isize = -3;

fn main() {
    let buf = [0u8; 16];
    let v = strided!(&buf; shape = (4,), strides = (S,), offset = 2);
    let _ = v[[0]];
}
