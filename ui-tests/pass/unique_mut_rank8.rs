// A unique but not nested rank-8 layout of 4^8 elements behind `&mut`: the
// exact uniqueness proof decides it in well under a second of `cargo check`
// (pairs of axes of size 4 with strides (5, 4), each pair 28 times apart).
use constrided::strided;

fn main() {
    let mut buf = vec![0u32; 28 * 28 * 28 * 28];
    let mut v = strided!(&mut buf; shape = (4, 4, 4, 4, 4, 4, 4, 4),
        strides = (109760, 87808, 3920, 3136, 140, 112, 5, 4))
    .unwrap();
    v[[1, 2, 3, 0, 1, 2, 3, 0]] = 7;
    assert_eq!(buf[109760 + 2 * 87808 + 3 * 3920 + 140 + 2 * 112 + 3 * 5], 7);
    // Worst case for the search: no simplification applies.
    let mut big = vec![0u8; 4];
    let r = strided!(&mut big; shape = (4, 4, 4, 4, 4, 4, 4, 4),
        strides = (1095513149, 3280387013, 3387541015, 4698091149, 6225516708, 7093537820, 7884551091, 9167024630));
    assert!(r.is_err()); // the buffer is short; the layout itself was proved unique
}
