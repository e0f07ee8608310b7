// A rule an entry's value breaks underlines the whole entry.
use constrided::strided;

const X: i64 = 3;

fn main() {
    let _ = strided![shape = ((X as i64) * -1, 3)];
}
