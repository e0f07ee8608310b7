// A zero stride repeats an element: fine for a shared view.
use constrided::strided;

fn main() {
    let row = [1, 2, 3];
    let b = strided!(&row; shape = (4, 3), strides = (0, 1));
    assert_eq!(b.to_vec(), [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
    assert!(!constrided::Mapping::to_layout(b.mapping()).is_unique());
}
