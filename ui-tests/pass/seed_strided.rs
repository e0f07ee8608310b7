// Seed: shape (4, 3), strides (20, 2), offset 22 over a 10x10 buffer.
use constrided::strided;

fn main() {
    let buf: Vec<u32> = (0..100).collect();
    let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22).unwrap();
    assert_eq!(v.to_vec(), [22, 24, 26, 42, 44, 46, 62, 64, 66, 82, 84, 86]);
    let l = strided![shape = (4, 3), strides = (20, 2), offset = 22, len = 100];
    assert_eq!(constrided::Mapping::to_layout(&l).required_len(), 87);
}
