// Seed: shape (6, 5), strides (10, 1), offset 22 over a 10x10 buffer.
use constrided::strided;

fn main() {
    let buf: [u32; 100] = core::array::from_fn(|i| i as u32);
    let v = strided!(&buf; shape = (6, 5), strides = (10, 1), offset = 22);
    assert_eq!(v[[0, 0]], 22);
    assert_eq!(v[[5, 4]], 76);
    let expected: Vec<u32> = (2..8).flat_map(|r| (2..7).map(move |c| 10 * r + c)).collect();
    assert_eq!(v.to_vec(), expected);
    assert!(!v.is_contiguous());
}
