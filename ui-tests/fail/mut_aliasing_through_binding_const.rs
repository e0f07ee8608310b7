use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

// The `&mut` is behind a binding, so the macro cannot see it: the layout's
// uniqueness is then a type the buffer's impl must accept, checked by
// `cargo check`.
fn main() {
    const BCAST: isize = 0;
    let mut buf = vec![0u8; 3];
    let r = &mut buf;
    let _v = strided!(r; shape = (ROWS, COLS), strides = (BCAST, 1));
}
