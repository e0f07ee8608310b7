// Entries naming const generic parameters, in the value, buffer and type
// forms: checked when the generic code is instantiated.
use constrided::static_layout::StaticMapping;
use constrided::{strided, Mapping};

fn rows<const R: usize>() -> ([usize; 2], [isize; 2]) {
    let l = strided![shape = (const R, 3)];
    (l.shape(), l.strides())
}

fn cols<const C: usize>() -> [isize; 2] {
    strided![shape = (3, const C)].strides()
}

struct Tiles<const R: usize> {
    layout: strided!(type shape = (const R, 3)),
}

fn pick<const R: usize, const S: isize, const OFF: usize>(buf: &[u8; 64]) -> u8 {
    let v = strided!(buf; shape = (const R, 2), strides = (const S, 1), offset = const OFF);
    v[[R - 1, 1]]
}

fn backwards<const S: isize>(buf: &mut [u8; 8]) {
    let mut v = strided!(&mut *buf; shape = (4,), strides = (-const S,), offset = 6);
    v[[3]] = 9;
}

fn main() {
    assert_eq!(rows::<4>(), ([4, 3], [3, 1]));
    assert_eq!(cols::<5>(), [5, 1]);
    let t = Tiles::<7> { layout: Default::default() };
    assert_eq!(t.layout.shape(), [7, 3]);
    assert_eq!(<strided!(type shape = (7, 3))>::REQUIRED_LEN, 21);
    let buf: [u8; 64] = core::array::from_fn(|i| i as u8);
    assert_eq!(pick::<3, 10, 1>(&buf), 22);
    let mut small = [0u8; 8];
    backwards::<2>(&mut small);
    assert_eq!(small[0], 9);
    // A type form nested in an entry: no clash of internal names.
    let l = strided![shape = (<strided!(type shape = (4,)) as StaticMapping<1>>::REQUIRED_LEN, 3)];
    assert_eq!(l.shape(), [4, 3]);
    // A shared view through a binding never pays the full uniqueness proof.
    let r = &buf;
    let z = strided!(r; shape = (8, 8), strides = (0, 0));
    assert_eq!(z[[7, 7]], 0);
}
