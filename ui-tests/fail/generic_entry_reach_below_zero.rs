use constrided::strided;

fn layout<const S: isize>() -> usize {
    let l = strided![shape = (4, 3), strides = (const S, 1), offset = 2];
    core::mem::size_of_val(&l)
}

fn main() {
    let _ = layout::<3>();
    let _ = layout::<-5>();
}
