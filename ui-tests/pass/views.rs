// Views through `strided!`, one block each: static buffers checked at
// compile time, run-time buffers with a Result.
use constrided::{strided, LayoutError};

fn main() {
    // A zero stride repeats an element: fine for a shared view.
    {
        let row = [1, 2, 3];
        let b = strided!(&row; shape = (4, 3), strides = (0, 1));
        assert_eq!(b.to_vec(), [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
        assert!(!constrided::Mapping::to_layout(b.mapping()).is_unique());
    }
    // Shape (2, 3) strides (4, 3) reaches 0, 3, 6, 4, 7, 10: unique though
    // not nested, so a mutable view is allowed (the check is exact).
    {
        let mut buf = [0u8; 11];
        let mut v = strided!(&mut buf; shape = (2, 3), strides = (4, 3));
        v.fill(1);
        assert_eq!(buf, [1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1]);
    }
    // A static view materializes into a stack array whose length is
    // computed by the type system.
    {
        let buf: [u8; 100] = core::array::from_fn(|i| i as u8);
        let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
        let a = v.to_array();
        assert_eq!(a.len(), 12);
        assert_eq!(a.as_slice(), &[22, 24, 26, 42, 44, 46, 62, 64, 66, 82, 84, 86]);
    }
    // Rank 0 is a scalar: one element, at the offset.
    {
        let buf = [10, 20, 30];
        let s = strided!(&buf; shape = (), offset = 2);
        assert_eq!(s[[]], 30);
        assert_eq!(s.numel(), 1);
        let l = strided![shape = ()];
        assert_eq!(constrided::Mapping::offset(&l), 0);
    }
    // Negative strides walk backwards; the offset must leave room for them.
    {
        let buf = [0, 1, 2, 3, 4, 5];
        let rev = strided!(&buf; shape = (2, 3), strides = (-3, -1), offset = 5);
        assert_eq!(rev.to_vec(), [5, 4, 3, 2, 1, 0]);
        let mut out = [0; 6];
        let mut m = strided!(&mut out; shape = (6,), strides = (-1,), offset = 5);
        m.copy_from_slice(&buf).unwrap();
        assert_eq!(out, [5, 4, 3, 2, 1, 0]);
    }
    // With a slice or Vec the bounds check runs at run time and gives a
    // Result.
    {
        let short = vec![0u8; 50];
        let err = strided!(&short; shape = (4, 3), strides = (20, 2), offset = 22).unwrap_err();
        assert_eq!(err, LayoutError::OutOfBounds { required: 87, len: 50 });
        let mut long = vec![0u8; 100];
        let mut v = strided!(&mut long[..]; shape = (4, 3), strides = (20, 2), offset = 22).unwrap();
        v[[3, 2]] = 7;
        assert_eq!(long[86], 7);
    }
}
