// A literal in parentheses, maybe negated, is read at its own width, as
// the same literal without them: `-(3000000000)` is -3000000000, also
// where `overflowing_literals` is allowed (an `i32` would wrap it to
// 1294967296).
#![allow(overflowing_literals)]
use constrided::{strided, Mapping};

fn main() {
    let l = strided![shape = (2, (3)), strides = (-(3000000000), (1)), offset = (3000000000)];
    assert_eq!(l.shape(), [2, 3]);
    assert_eq!(l.strides(), [-3000000000, 1]);
    assert_eq!(l.offset(), 3000000000);
    let l = strided![shape = (2,), strides = (-(-(4)),), offset = -(-(0))];
    assert_eq!(l.strides(), [4]);
    assert_eq!(l.offset(), 0);
    let l = strided![shape = (2, 2), strides = ((-(5i64)), 1), offset = (5u8)];
    assert_eq!(l.strides(), [-5, 1]);
    assert_eq!(l.offset(), 5);
}
