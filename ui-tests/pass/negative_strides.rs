// Negative strides walk backwards; the offset must leave room for them.
use constrided::strided;

fn main() {
    let buf = [0, 1, 2, 3, 4, 5];
    let rev = strided!(&buf; shape = (2, 3), strides = (-3, -1), offset = 5);
    assert_eq!(rev.to_vec(), [5, 4, 3, 2, 1, 0]);
    let mut out = [0; 6];
    let mut m = strided!(&mut out; shape = (6,), strides = (-1,), offset = 5);
    m.copy_from_slice(&buf).unwrap();
    assert_eq!(out, [5, 4, 3, 2, 1, 0]);
}
