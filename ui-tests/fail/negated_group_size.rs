// `-(3)` is the integer -3 (not a negated `u128`): a negative size.
use constrided::strided;

fn main() {
    let _ = strided![shape = (4, -(3))];
}
