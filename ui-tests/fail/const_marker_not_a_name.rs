use constrided::strided;

fn rows<const R: usize>() -> [usize; 2] {
    strided![shape = (const R + 1, 3)].shape()
}

fn main() {
    let _ = rows::<4>();
}
