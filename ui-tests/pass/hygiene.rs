// `strided!`'s generated names neither capture nor are captured by the
// user's: a wrapper `macro_rules!` that forwards its tokens compiles and
// views the buffer it is given through the layout it is given, whatever
// the user's locals are called; and user constants that share the
// generated constants' base names are read as the user's.
use constrided::__private::{Axis, StaticLayout, Unique};
use constrided::{strided, Mapping};

// Forwards every token: its own tokens (`strided!`, the call site) have
// the wrapper's hygiene, the forwarded ones (the buffer) the user's.
macro_rules! view {
    ($($t:tt)*) => {
        strided!($($t)*)
    };
}

// The names the macro gives its locals. If a use of one inside the
// macro resolved here, the `unsafe` block would view `target` through
// an aliasing layout with a forged `Unique` proof.
#[allow(unused_variables)]
fn forwarded() {
    let mut buf = [0u8; 4];
    let mut target = [1u8, 2, 3, 4];
    let __constrided_buffer = &mut target;
    let __constrided_layout = (StaticLayout::<(Axis<2, 0>,), 0>::new(), Unique);
    let __constrided_check = ();
    let mut w = view!(&mut buf; shape = (2, 2));
    assert_eq!((w.shape(), w.strides()), ([2, 2], [2, 1]));
    w[[1, 1]] = 9;
    assert_eq!(buf, [0, 0, 0, 9]);
    let r = [5u8; 6];
    let v = view!(&r; shape = (3,), strides = (2,));
    assert_eq!((v.shape(), v[[2]]), ([3], 5));
    let b = &r;
    let v = view!(b; shape = (2, 3));
    assert_eq!(v.shape(), [2, 3]);
    let v = view!(&r[..]; shape = (6,)).unwrap();
    assert_eq!(v.shape(), [6]);
}

// Constants that share the generated constants' base names.
const STRIDED_SHAPE: [usize; 2] = [3, 8];
const STRIDED_STRIDES: isize = 2;
const STRIDED_OFFSET: usize = 1;

type Padded = strided!(type shape = (3, 4), strides = (STRIDED_SHAPE[1], STRIDED_STRIDES / 2), offset = STRIDED_OFFSET);

fn user_constants() {
    let buf = [0u8; 24];
    let v = strided!(&buf; shape = (3, 4), strides = (STRIDED_SHAPE[1], 1), offset = STRIDED_OFFSET);
    assert_eq!((v.strides(), v.offset()), ([8, 1], 1));
    let l = strided![shape = (3, STRIDED_SHAPE[0]), strides = (STRIDED_SHAPE[1], STRIDED_STRIDES)];
    assert_eq!((l.shape(), l.strides()), ([3, 3], [8, 2]));
    let t = Padded::default();
    assert_eq!((t.shape(), t.strides(), t.offset()), ([3, 4], [8, 1], 1));
}

fn main() {
    forwarded();
    user_constants();
}
