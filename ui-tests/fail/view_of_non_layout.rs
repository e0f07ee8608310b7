// A view needs a layout of its rank.
use constrided::StridedView;

fn main() {
    let x = [0u8; 6];
    let _ = StridedView::<u8, 2, _>::new(&x, [2usize, 3]);
}
