// Mixed static / run-time entries: `dyn expr` in the value form, `_` in the
// type form; static entries stay in the type, the rest is checked at run time.
use constrided::{strided, Mapping};
fn main() {
    let (h, w, pitch) = (2usize, 3usize, 10isize);
    let buf: Vec<u8> = (0..20).collect();
    let img = strided!(&buf; shape = (dyn h, dyn w, 3), strides = (dyn pitch, 3, 1)).unwrap();
    assert_eq!(img.shape(), [2, 3, 3]);
    assert_eq!(img[[1, 2, 1]], 17);
    type Image = strided!(type shape = (_, _, 3), strides = (_, 3, 1));
    let l: Image = *img.mapping();
    assert_eq!(l.strides(), [10, 3, 1]);
    let d = strided![shape = (dyn h, 4)].unwrap();
    assert_eq!(d.strides(), [4, 1]);
    let mut arr = [0u8; 12];
    let mut m = strided!(&mut arr; shape = (dyn 3usize, 4)).unwrap();
    m[[2, 3]] = 5;
    assert_eq!(arr[11], 5);
    assert!(strided!(&buf; shape = (dyn 30usize, 3)).is_err());
    // Each run-time entry's temporaries are dropped before the next entry
    // is evaluated (a `let` statement's scope): two `borrow_mut`s of one
    // cell do not overlap.
    let c = std::cell::RefCell::new([2usize, 3, 10]);
    let t = strided!(&buf; shape = (dyn c.borrow_mut()[0], dyn c.borrow_mut()[1]),
        strides = (dyn c.borrow_mut()[2] as isize, 1), offset = dyn c.borrow_mut()[0])
    .unwrap();
    assert_eq!(t[[1, 2]], 14);
}
