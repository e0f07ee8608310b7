use constrided::strided;

fn write<const S: isize>(buf: &mut [u8; 16]) {
    let r = &mut *buf;
    let mut v = strided!(r; shape = (4, 4), strides = (const S, 1));
    v[[0, 0]] = 1;
}

fn main() {
    let mut buf = [0u8; 16];
    write::<4>(&mut buf);
    write::<2>(&mut buf);
}
