// A const generic parameter with a longer name, written bare, is read as
// a constant (the macro reads the entry's tokens, not the file): rustc says
// the parameter cannot be used there. `const ROWS` marks it.
use constrided::{strided, Mapping};

fn rows<const ROWS: usize>() -> [usize; 2] {
    strided![shape = (ROWS, 3)].shape()
}

fn main() {
    let _ = rows::<2>();
}
