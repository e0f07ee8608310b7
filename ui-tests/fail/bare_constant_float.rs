// A bare float constant is an error naming its type (bare_constant_bool.rs:
// the same for a `bool`).
use constrided::strided;

const HALF: f64 = 0.5;

fn main() {
    let _ = strided![shape = (HALF, 3)];
}
