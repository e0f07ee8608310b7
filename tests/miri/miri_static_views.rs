//! Static and mixed views at small sizes, for Miri (stacked and tree
//! borrows): the static transforms re-wrap a view's buffer pointer
//! (`remap`), the fixed-size array views are built from raw parts, and
//! mixed views go through the checked constructors.

use constrided::strided;

#[test]
fn static_transforms_of_mutable_views_write_their_positions() {
    let mut buf = [0u32; 24];
    {
        let mut v = strided!(&mut buf; shape = (4, 6))
            .flip_axis::<1>()
            .slice_axis::<0, 1, 4, 2>()
            .t();
        // shape (6, 2): (j, i) -> row 1 + 2i, column 5 - j.
        for j in 0..6 {
            for i in 0..2 {
                v[[j, i]] = (10 * i + j) as u32 + 1;
            }
        }
    }
    for i in 0..2 {
        for j in 0..6 {
            assert_eq!(buf[(1 + 2 * i) * 6 + 5 - j], (10 * i + j) as u32 + 1);
        }
    }
    let mut row = strided!(&mut buf; shape = (4, 6)).index_axis_at::<0, 3>();
    row[[5]] = 99;
    let mut col = strided!(&mut buf; shape = (4, 6))
        .insert_axis_at::<0>()
        .remove_axis_at::<0>()
        .transpose_axes::<0, 1>();
    col[[0, 2]] = 7;
    assert_eq!(buf[23], 99);
    assert_eq!(buf[12], 7);
}

#[test]
fn shared_static_views_and_transforms_read_their_positions() {
    let buf: [i64; 12] = core::array::from_fn(|i| i as i64);
    let v = strided!(&buf; shape = (3, 4));
    let w = v.flip_axis::<0>().slice_axis::<1, 1, 4, 2>();
    assert_eq!(w.iter().copied().collect::<Vec<_>>(), [9, 11, 5, 7, 1, 3]);
    let r = &buf;
    let z = strided!(r; shape = (2, 2), strides = (0, 1));
    assert_eq!(z.iter().copied().collect::<Vec<_>>(), [0, 1, 0, 1]);
}

#[test]
fn mixed_views_over_vec_and_array() {
    let (h, pitch) = (3usize, 5isize);
    let mut img = vec![0u16; 15];
    {
        let mut v = strided!(&mut img; shape = (dyn h, 2), strides = (dyn pitch, 2)).unwrap();
        v.fill(4);
        v[[2, 1]] = 9;
    }
    assert_eq!(img, [4, 0, 4, 0, 0, 4, 0, 4, 0, 0, 4, 0, 9, 0, 0]);
    let arr = [1u8, 2, 3, 4];
    let v = strided!(&arr; shape = (dyn 2usize, 2)).unwrap();
    assert_eq!(v.shape(), [2, 2]);
    assert_eq!(v[[1, 0]], 3);
    assert!(strided!(&arr; shape = (dyn 3usize, 2)).is_err());
}

#[test]
fn generic_entries_view_arrays() {
    fn sum<const R: usize>(buf: &[u32; 8]) -> u32 {
        strided!(buf; shape = (const R, 2)).iter().sum()
    }
    let buf: [u32; 8] = core::array::from_fn(|i| i as u32);
    assert_eq!(sum::<4>(&buf), 28);
    assert_eq!(sum::<2>(&buf), 6);
}
