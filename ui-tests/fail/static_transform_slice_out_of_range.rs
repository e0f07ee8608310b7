use constrided::{strided, Mapping};

fn main() {
    let l = strided![shape = (3, 4)].slice_axis::<1, 2, 5, 1>();
    let _ = l.shape();
    let z = strided![shape = (3, 4)].slice_axis::<0, 0, 3, 0>();
    let _ = z.shape();
}
