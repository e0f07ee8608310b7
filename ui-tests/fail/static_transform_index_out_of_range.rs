use constrided::{strided, Mapping};

fn main() {
    let l = strided![shape = (3, 4)].index_axis_at::<1, 4>();
    let _ = l.shape();
}
