use constrided::strided;

fn main() {
    let buf = [0u8; 12];
    let v = strided!(&buf; shape = (3, 4));
    let f = v.flip_axis::<2>();
    let _ = f[[0, 0]];
}
