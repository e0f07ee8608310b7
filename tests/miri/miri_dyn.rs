//! The unsafe code behind runtime ranks at small sizes, for Miri
//! (`cargo +nightly miri test --test miri_dyn`, with and without
//! `-Zmiri-tree-borrows`): `from_raw_parts_at` (negative strides, null for
//! empty shapes), `rearrange_dyn`, `rearrange_bytes` (direct `[u8; K]`
//! sizes and the chunked path for larger elements, unaligned buffers)
//! and `rearrange_bytes_raw`.

use constrided::kernel::{rearrange_bytes, rearrange_bytes_raw, rearrange_dyn};
use constrided::{DynLayout, StridedView, StridedViewMut};

#[test]
fn raw_parts_at_element_zero() {
    let buf: Vec<u16> = (0..24).collect();
    // Element 0 at 23, both axes backwards.
    // SAFETY: every element reached (23 - 6i - j) is in buf.
    let v =
        unsafe { StridedView::from_raw_parts_at(buf.as_ptr().add(23), [4, 6], [-6, -1]) }.unwrap();
    assert_eq!(v.to_vec(), (0..24).rev().collect::<Vec<u16>>());
    let mut out = vec![0u16; 24];
    // SAFETY: element 0 at 3; the layout reaches 3 - i + 4j for i < 4, j < 6.
    let mut m =
        unsafe { StridedViewMut::from_raw_parts_at(out.as_mut_ptr().add(3), [4, 6], [-1, 4]) }
            .unwrap();
    m.assign(&v).unwrap();
    assert_eq!(out[3], 23);
    assert_eq!(out[0], 5);
    // Null is fine for an empty shape.
    // SAFETY: nothing is reached.
    let e = unsafe {
        StridedViewMut::<u64, 2>::from_raw_parts_at(core::ptr::null_mut(), [0, 4], [-4, 1])
    }
    .unwrap();
    assert_eq!(e.numel(), 0);
}

#[test]
fn dyn_and_byte_copies() {
    let src: Vec<u32> = (0..35).collect();
    let sl = DynLayout::new(&[5, 7], &[7, 1], 0)
        .unwrap()
        .t()
        .flip(0)
        .unwrap();
    let dl = DynLayout::contiguous(&[7, 5]).unwrap();
    let mut dst = vec![0u32; 35];
    rearrange_dyn(&mut dst, &dl, &src, &sl).unwrap();
    assert_eq!(dst[0], 6);
    for k in [1usize, 3, 4, 16, 24, 36] {
        // Unaligned byte buffers: start one byte in.
        let src: Vec<u8> = (0..35 * k + 1).map(|i| i as u8).collect();
        let mut dst = vec![0u8; 35 * k + 1];
        rearrange_bytes(&mut dst[1..], &dl, &src[1..], &sl, k).unwrap();
        for i in 0..7 {
            for j in 0..5 {
                let from = sl.offset_of(&[i, j]).unwrap() * k + 1;
                let to = dl.offset_of(&[i, j]).unwrap() * k + 1;
                assert_eq!(dst[to..to + k], src[from..from + k], "k={k}");
            }
        }
    }
}

#[test]
fn rank8_chunked_and_raw() {
    let l = DynLayout::contiguous(&[2; 8]).unwrap();
    let t = l.t();
    let src: Vec<u8> = (0..256 * 20).map(|i| (i % 251) as u8).collect();
    let mut dst = vec![0u8; 256 * 20];
    rearrange_bytes(&mut dst, &l, &src, &t, 20).unwrap();
    let idx = [1, 0, 1, 1, 0, 0, 1, 0];
    let (to, from) = (
        l.offset_of(&idx).unwrap() * 20,
        t.offset_of(&idx).unwrap() * 20,
    );
    assert_eq!(dst[to..to + 20], src[from..from + 20]);
    let mut out = [0u8; 6];
    let row = DynLayout::new(&[3], &[-1], 2).unwrap();
    let fwd = DynLayout::contiguous(&[3]).unwrap();
    // SAFETY: both layouts reach 3 elements of 2 bytes inside the arrays.
    unsafe {
        rearrange_bytes_raw(
            out.as_mut_ptr(),
            &fwd,
            [1u8, 2, 3, 4, 5, 6].as_ptr(),
            &row,
            2,
        )
    }
    .unwrap();
    assert_eq!(out, [5, 6, 3, 4, 1, 2]);
}
