// The seeds' worked examples through `strided!`, one block each.
use constrided::strided;

fn main() {
    // Seed: shape (6, 5), strides (10, 1), offset 22 over a 10x10 buffer.
    {
        let buf: [u32; 100] = core::array::from_fn(|i| i as u32);
        let v = strided!(&buf; shape = (6, 5), strides = (10, 1), offset = 22);
        assert_eq!(v[[0, 0]], 22);
        assert_eq!(v[[5, 4]], 76);
        let expected: Vec<u32> = (2..8).flat_map(|r| (2..7).map(move |c| 10 * r + c)).collect();
        assert_eq!(v.to_vec(), expected);
        assert!(!v.is_contiguous());
    }
    // Seed: shape (4, 3), strides (20, 2), offset 22 over a 10x10 buffer.
    {
        let buf: Vec<u32> = (0..100).collect();
        let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22).unwrap();
        assert_eq!(v.to_vec(), [22, 24, 26, 42, 44, 46, 62, 64, 66, 82, 84, 86]);
        let l = strided![shape = (4, 3), strides = (20, 2), offset = 22, len = 100];
        assert_eq!(constrided::Mapping::to_layout(&l).required_len(), 87);
    }
    // Ascend AsStrided: 3x3 input, size [2, 2], stride [2, 3], offset 0 and 2.
    {
        let input = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let a = strided!(&input; shape = (2, 2), strides = (2, 3), offset = 0);
        assert_eq!(a.to_vec(), [1, 4, 3, 6]);
        let b = strided!(&input; shape = (2, 2), strides = (2, 3), offset = 2);
        assert_eq!(b.to_vec(), [3, 6, 5, 8]);
    }
}
