use constrided::strided;

fn main() {
    let _ = strided![shape = (4,), strides = (-5u32,), offset = 20];
}
