// A bare bool constant is an error naming its type (bare_constant_float.rs:
// the same for an `f64`).
use constrided::strided;

const YES: bool = true;

fn main() {
    let _ = strided![shape = (3,), strides = (YES,)];
}
