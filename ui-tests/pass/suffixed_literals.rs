use constrided::{strided, Mapping};

fn main() {
    let l = strided![shape = (255u8, 2u16), strides = (-2i8, 1isize), offset = 508usize];
    assert_eq!(l.shape(), [255, 2]);
    assert_eq!(l.strides(), [-2, 1]);
    assert_eq!(l.offset(), 508);
}
