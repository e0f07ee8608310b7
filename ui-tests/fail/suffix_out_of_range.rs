use constrided::strided;

fn main() {
    let _ = strided![shape = (300u8, 2)];
}
