// A bare short name (`R`) is a const argument as itself, also in the type
// form, where no check can be written at the call (it could name a const
// generic parameter of the surrounding struct): a constant that breaks the
// layout is refused only when the type is used, by the crate's `LAYOUT`,
// and the error does not show this file. `(R)` makes it a constant
// expression, checked at the entry by `cargo check`.
use constrided::strided;

const R: usize = usize::MAX;

type Rows = strided!(type shape = (R, 3));

fn main() {
    let _ = Rows::default();
}
