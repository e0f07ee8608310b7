use constrided::strided;

fn main() {
    let h = 4usize;
    let buf = vec![0u8; 64];
    let _ = strided!(&buf; shape = (dyn h, -3));
}
