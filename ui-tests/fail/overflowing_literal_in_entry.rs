// A literal in an entry's expression that does not fit its type stays an
// error under the user's `allow`: `5000000000 - 1` as an `i32` would wrap
// to 705032703 and give the layout another stride.
#![allow(overflowing_literals)]
use constrided::strided;

fn main() {
    let _ = strided![shape = (2, 3), strides = (5000000000 - 1, 1)];
}
