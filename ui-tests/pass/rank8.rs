// Rank 8, the maximum.
use constrided::strided;

fn main() {
    let buf: Vec<u16> = (0..256).collect();
    let v = strided!(&buf; shape = (2, 2, 2, 2, 2, 2, 2, 2)).unwrap();
    assert_eq!(v[[1, 0, 0, 0, 0, 0, 0, 1]], 129);
    let t = v.t();
    assert_eq!(t[[1, 0, 0, 0, 0, 0, 0, 1]], 129);
    assert_eq!(t[[1, 0, 0, 0, 0, 0, 0, 0]], 1);
    static_rank8();
}

// A rank-8 static layout has the transforms that keep or lower its rank
// (no `insert_axis_at`: rank 9 does not exist).
fn static_rank8() {
    use constrided::Mapping;
    let l = strided![shape = (2, 1, 2, 2, 2, 2, 2, 3)];
    assert_eq!(l.t().shape(), [3, 2, 2, 2, 2, 2, 1, 2]);
    assert_eq!(l.transpose_axes::<0, 7>().strides()[0], 1);
    assert_eq!(l.flip_axis::<7>().offset(), 2);
    assert_eq!(l.index_axis_at::<7, 2>().offset(), 2);
    assert_eq!(l.remove_axis_at::<1>().shape(), [2, 2, 2, 2, 2, 2, 3]);
    assert_eq!(l.slice_axis::<7, 1, 3, 1>().shape()[7], 2);
}
