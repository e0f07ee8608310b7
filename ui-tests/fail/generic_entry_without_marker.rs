// A const generic parameter written without `const`: a bare name is read
// as a constant, which cannot name a parameter of the enclosing function.
use constrided::strided;

fn rows<const R: usize>() -> [usize; 2] {
    strided![shape = (R, 3)].shape()
}

fn main() {
    let _ = rows::<4>();
}
