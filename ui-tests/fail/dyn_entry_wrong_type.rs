// A run-time entry is typed as the layout's entry (`usize`, `isize` for
// strides): rustc points at the entry and suggests the conversion there.
use constrided::strided;

fn main() {
    let h: i32 = 2;
    let _ = strided![shape = (dyn h, 3)];
}
