// A static view materializes into a stack array whose length is computed
// by the type system.
use constrided::strided;

fn main() {
    let buf: [u8; 100] = core::array::from_fn(|i| i as u8);
    let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    let a = v.to_array();
    assert_eq!(a.len(), 12);
    assert_eq!(a.as_slice(), &[22, 24, 26, 42, 44, 46, 62, 64, 66, 82, 84, 86]);
}
