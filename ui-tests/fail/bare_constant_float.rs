// A bare float or bool constant is an error naming its type.
use constrided::strided;

const HALF: f64 = 0.5;
const YES: bool = true;

fn main() {
    let _ = strided![shape = (HALF, 3)];
    let _ = strided![shape = (3,), strides = (YES,)];
}
