//! Issue 7, item 2: element types with padding bytes (uninitialised) must
//! move only as typed values: no SIMD or register path may read them as
//! floats or integers. Miri (`cargo +nightly miri test --test
//! soundness_padding`) reported UB on the 64x64 transpose of `(u16, u8)`
//! before the fix; these run every copy path (transpose blocks and edges,
//! contiguous runs, flips, step-2, broadcast, strided) on padded types.

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct U8U32U8(u8, u32, u8);

fn check<T: Copy + PartialEq + core::fmt::Debug + Default, const N: usize>(
    make: impl Fn(usize) -> T,
    sl: Layout<N>,
    dl: Layout<N>,
) {
    let src: Vec<T> = (0..sl.required_len()).map(&make).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    let mut dst = vec![T::default(); dl.required_len()];
    rearrange(&mut StridedViewMut::new(&mut dst, dl).unwrap(), &sv).unwrap();
    let got = StridedView::new(&dst, dl).unwrap().to_vec();
    let want: Vec<T> = sv.iter().copied().collect();
    assert_eq!(got, want);
    let mut out = vec![T::default(); sv.numel()];
    sv.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
}

fn every_path<T: Copy + PartialEq + core::fmt::Debug + Default>(make: impl Fn(usize) -> T + Copy) {
    let n = 64;
    // Transpose: whole blocks, and ragged edges.
    check(
        make,
        Layout::contiguous([n, n]).t(),
        Layout::contiguous([n, n]),
    );
    check(
        make,
        Layout::contiguous([37, 21]).t(),
        Layout::contiguous([21, 37]),
    );
    // Transpose + flip (element path), chains of small axes.
    check(
        make,
        Layout::contiguous([19, 35]).t().flip(1).unwrap(),
        Layout::contiguous([35, 19]),
    );
    check(
        make,
        Layout::contiguous([4; 4]).t(),
        Layout::contiguous([4; 4]),
    );
    // Contiguous runs, reversed runs, step-2, strided, broadcasts.
    check(
        make,
        Layout::contiguous([3, 33]),
        Layout::contiguous([3, 33]),
    );
    check(
        make,
        Layout::contiguous([3, 33]).flip(1).unwrap(),
        Layout::contiguous([3, 33]),
    );
    check(
        make,
        Layout::new([3, 33], [70, 2], 1).unwrap(),
        Layout::contiguous([3, 33]),
    );
    check(
        make,
        Layout::new([3, 20], [70, 3], 1).unwrap(),
        Layout::contiguous([3, 20]),
    );
    check(
        make,
        Layout::contiguous([3, 20]),
        Layout::new([3, 20], [64, 3], 2).unwrap(),
    );
    check(
        make,
        Layout::new([5, 33], [0, 1], 0).unwrap(),
        Layout::contiguous([5, 33]),
    );
    check(
        make,
        Layout::new([5, 33], [1, 0], 0).unwrap(),
        Layout::contiguous([5, 33]),
    );
    check(
        make,
        Layout::new([5, 33], [0, 0], 3).unwrap(),
        Layout::contiguous([5, 33]),
    );
}

#[test]
fn u16_u8_in_four_bytes() {
    assert_eq!(core::mem::size_of::<(u16, u8)>(), 4);
    every_path(|i| (i as u16, (i % 251) as u8));
}

#[test]
fn u8_u16_in_four_bytes() {
    assert_eq!(core::mem::size_of::<(u8, u16)>(), 4);
    every_path(|i| ((i % 253) as u8, i as u16));
}

#[test]
fn u32_u8_in_eight_bytes() {
    assert_eq!(core::mem::size_of::<(u32, u8)>(), 8);
    every_path(|i| (i as u32, (i % 7) as u8));
}

#[test]
fn u8_u32_u8_in_twelve_bytes() {
    assert_eq!(core::mem::size_of::<U8U32U8>(), 12);
    every_path(|i| U8U32U8(i as u8, i as u32 * 3, (i / 3) as u8));
}

#[test]
fn u8_u8_u16_packed_is_still_fine() {
    // No padding: the fast paths may take it or not; same result.
    every_path(|i| (i as u8, (i / 2) as u8, i as u16));
}
