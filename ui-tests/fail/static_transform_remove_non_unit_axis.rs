use constrided::{strided, Mapping};

fn main() {
    let l = strided![shape = (3, 4)].remove_axis_at::<0>();
    let _ = l.shape();
}
