//! Review of k30 (seams across the outer walk: transpose.rs `seam_pass`
//! with `next` / `prev`, `mixed_seam_block`) under Miri, portable path:
//! NCHW -> NHWC with channels of exactly one block and fewer rows than a
//! block (last-digit rows element by element, heads from the next image);
//! 16-byte elements (blocks of 4 rows) whose seam digits are joined over
//! two axes (mixed blocks wrapping through every digit); a source walked
//! backwards along the outer axis, the slice exactly its reach (the last
//! position's "next" would be before its start); and two halves of one
//! destination written by two threads at once (Miri's race detector and
//! the halves' provenance: a write into the sibling is an error).

use constrided::kernel::rearrange;
use constrided::{Layout, StridedView, StridedViewMut};

fn run<T: Copy + PartialEq + core::fmt::Debug, const N: usize>(
    make: impl Fn(usize) -> T,
    sl: Layout<N>,
    dl: Layout<N>,
    off: usize,
) {
    let shape = sl.shape();
    let sp = super::model::positions(shape, sl.strides(), sl.offset());
    let dp = super::model::positions(shape, dl.strides(), dl.offset());
    let src: Vec<T> = (0..sl.required_len()).map(&make).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    let n = dl.required_len();
    let fill = make(usize::MAX / 3);
    let size = core::mem::size_of::<T>();
    let mut buf = vec![fill; 64 + n + 1];
    // The destination starts `off` elements past a line (peel B - off).
    let base = buf.as_ptr() as usize;
    let skew = (0..64)
        .find(|s| (base + s * size) % 64 == off * size)
        .unwrap();
    let mut want = buf.clone();
    for (d, s) in dp.iter().zip(&sp) {
        want[skew + *d as usize] = src[*s as usize];
    }
    let mut dv = StridedViewMut::new(&mut buf[skew..skew + n], dl).unwrap();
    rearrange(&mut dv, &sv).unwrap();
    assert_eq!(buf, want, "{sl:?} -> {dl:?} skew {skew}");
}

#[test]
fn r_k30_outer_seams_short_rows_and_16_byte_elements() {
    // f64 NCHW -> NHWC, C = 8 (one block), H·W = 17 rows (Miri tiles of
    // 16: a last tile of one row, element by element), N = 2.
    let sl = Layout::contiguous([2, 8, 1, 17])
        .permute([0, 2, 3, 1])
        .unwrap();
    run(|i| i as f64, sl, Layout::contiguous(sl.shape()), 3);
    // u128 (B = 4): destination [o, k2, k1, c] with a (delta 3) outermost;
    // source a: 1, k1: 3, k2: 6, c: 12, o: 192. Digits k1·k2 = 4.
    let shape = [3, 2, 2, 2, 16];
    let sl = Layout::new(shape, [1, 192, 6, 3, 12], 0).unwrap();
    run(|i| i as u128 + 1, sl, Layout::contiguous(shape), 1);
    // The same, the source's outer axis walked backwards.
    run(
        |i| i as u128 + 1,
        sl.flip(1).unwrap(),
        Layout::contiguous(shape),
        2,
    );
}

#[test]
fn r_k30_outer_seams_split_halves_on_two_threads() {
    let sl = Layout::contiguous([2, 8, 1, 9])
        .permute([0, 2, 3, 1])
        .unwrap();
    let dl = Layout::contiguous(sl.shape());
    let len = sl.required_len();
    let a: Vec<f64> = (0..len).map(|i| i as f64).collect();
    let b: Vec<f64> = (0..len).map(|i| -(i as f64) - 1.0).collect();
    let sa = StridedView::new(&a[..], sl).unwrap();
    let sb = StridedView::new(&b[..], sl).unwrap();
    let mut buf = vec![0.0f64; 1 + 2 * len];
    let (left, right) = buf[1..].split_at_mut(len);
    std::thread::scope(|s| {
        s.spawn(|| rearrange(&mut StridedViewMut::new(left, dl).unwrap(), &sa).unwrap());
        s.spawn(|| rearrange(&mut StridedViewMut::new(right, dl).unwrap(), &sb).unwrap());
    });
    let got_a = StridedView::new(&buf[1..1 + len], dl).unwrap().to_vec();
    let got_b = StridedView::new(&buf[1 + len..], dl).unwrap().to_vec();
    assert_eq!(got_a, sa.to_vec());
    assert_eq!(got_b, sb.to_vec());
    assert_eq!(buf[0], 0.0);
}
