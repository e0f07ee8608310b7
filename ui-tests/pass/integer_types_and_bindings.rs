// Constant expressions of any integer type, suffixed literals, large
// literals, and buffers behind bindings (shared: any layout; mutable: a
// unique one, proved while type-checking).
use constrided::{strided, Mapping, StridedView};

// A bare identifier entry may be a const generic parameter, so it is a
// const argument of the layout's type and must have the entry's type
// (usize, isize for strides); a parenthesized one is a constant
// expression, of any integer type.
const ROWS: u32 = 4;
const BACK: i8 = -1;

type T1 = strided!(type shape = ((ROWS), 3), strides = (20, 2 * 1), offset = 22, len = 100);
type T2 = strided!(type shape = (3,), strides = ((BACK),), offset = 2);

fn main() {
    let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
    let v: StridedView<'_, i32, 2, T1> =
        strided!(&buf; shape = ((ROWS), 3), strides = (20, 2), offset = 22);
    assert_eq!(v[[3, 2]], 86);
    let w: StridedView<'_, i32, 1, T2> = strided!(&buf; shape = (3,), strides = ((BACK),), offset = 2);
    assert_eq!(w.iter().copied().collect::<Vec<_>>(), [2, 1, 0]);

    // A shared buffer behind a binding may alias.
    let r = &buf;
    let x = strided!(r; shape = (3, 3), strides = (1, 1));
    assert_eq!(x[[2, 2]], 4);

    // A mutable buffer behind a binding with a unique (non-nested) layout.
    let mut m = [0u8; 11];
    let mr = &mut m;
    strided!(mr; shape = (2, 3), strides = (4, 3)).fill(1);
    assert_eq!(m, [1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1]);

    // ... and a mutable Vec behind a binding: checked at run time, a Result.
    let mut data = vec![0u8; 6];
    let dr = &mut data;
    strided!(dr; shape = (3, 2), strides = (1, 3)).unwrap().fill(7);
    assert_eq!(data, [7; 6]);

    // Suffixed literals of any integer type, and a literal beyond i32.
    let l = strided![shape = (4u8, 3u64), strides = (20i64, 2), offset = 22u16];
    assert_eq!((l.shape(), l.strides(), l.offset()), ([4, 3], [20, 2], 22));
    let big = strided![shape = (3_000_000_000,), strides = (0,)];
    assert_eq!(big.shape(), [3_000_000_000]);
}
