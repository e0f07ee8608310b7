// Rank 8, the maximum.
use constrided::strided;

fn main() {
    let buf: Vec<u16> = (0..256).collect();
    let v = strided!(&buf; shape = (2, 2, 2, 2, 2, 2, 2, 2)).unwrap();
    assert_eq!(v[[1, 0, 0, 0, 0, 0, 0, 1]], 129);
    let t = v.t();
    assert_eq!(t[[1, 0, 0, 0, 0, 0, 0, 1]], 129);
    assert_eq!(t[[1, 0, 0, 0, 0, 0, 0, 0]], 1);
}
