// Ascend AsStrided: 3x3 input, size [2, 2], stride [2, 3], offset 0 and 2.
use constrided::strided;

fn main() {
    let input = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let a = strided!(&input; shape = (2, 2), strides = (2, 3), offset = 0);
    assert_eq!(a.to_vec(), [1, 4, 3, 6]);
    let b = strided!(&input; shape = (2, 2), strides = (2, 3), offset = 2);
    assert_eq!(b.to_vec(), [3, 6, 5, 8]);
}
