// Shape (2, 3) strides (4, 3) reaches 0, 3, 6, 4, 7, 10: unique though not
// nested, so a mutable view is allowed (the check is exact).
use constrided::strided;

fn main() {
    let mut buf = [0u8; 11];
    let mut v = strided!(&mut buf; shape = (2, 3), strides = (4, 3));
    v.fill(1);
    assert_eq!(buf, [1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1]);
}
