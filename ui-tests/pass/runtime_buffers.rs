// With a slice or Vec the bounds check runs at run time and gives a Result.
use constrided::{strided, LayoutError};

fn main() {
    let short = vec![0u8; 50];
    let err = strided!(&short; shape = (4, 3), strides = (20, 2), offset = 22).unwrap_err();
    assert_eq!(err, LayoutError::OutOfBounds { required: 87, len: 50 });
    let mut long = vec![0u8; 100];
    let mut v = strided!(&mut long[..]; shape = (4, 3), strides = (20, 2), offset = 22).unwrap();
    v[[3, 2]] = 7;
    assert_eq!(long[86], 7);
}
