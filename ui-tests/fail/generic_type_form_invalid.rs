use constrided::{strided, Mapping};

struct Tiles<const R: usize, const S: isize> {
    layout: strided!(type shape = (const R, 3), strides = (const S, 1), offset = 1),
}

fn main() {
    let ok = Tiles::<2, 3> { layout: Default::default() };
    assert_eq!(ok.layout.strides(), [3, 1]);
    let bad = Tiles::<2, -3> { layout: Default::default() };
    let _ = bad.layout.strides();
}
