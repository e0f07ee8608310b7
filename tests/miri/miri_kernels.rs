//! Every unsafe path of the kernels at tiny sizes, for Miri
//! (`cargo +nightly miri test --test miri_kernels`). Under Miri the tile
//! edge is 2, so the tiled transpose path runs with several tiles.

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};

fn check<const N: usize>(src_layout: Layout<N>, dst_layout: Layout<N>) {
    let src: Vec<u64> = (0..src_layout.required_len() as u64).collect();
    let sv = StridedView::new(&src, src_layout).unwrap();
    let mut dst = vec![u64::MAX; dst_layout.required_len()];
    rearrange(&mut StridedViewMut::new(&mut dst, dst_layout).unwrap(), &sv).unwrap();
    let got = StridedView::new(&dst, dst_layout).unwrap().to_vec();
    assert_eq!(got, sv.iter().copied().collect::<Vec<_>>());
}

#[test]
fn copies_of_every_shape() {
    check(Layout::contiguous([5, 7]), Layout::contiguous([5, 7])); // memcpy
    check(Layout::contiguous([7, 5]).t(), Layout::contiguous([5, 7])); // tiled transpose
    check(
        Layout::contiguous([37, 21]).t(),
        Layout::contiguous([21, 37]),
    ); // micro blocks + edges
    check(
        Layout::contiguous([19, 35]).t().flip(1).unwrap(),
        Layout::contiguous([35, 19]),
    );
    check(
        Layout::contiguous([5, 7]).flip(1).unwrap(),
        Layout::contiguous([5, 7]),
    ); // reversed run
    check(
        Layout::new([4, 6], [0, 1], 0).unwrap(),
        Layout::contiguous([4, 6]),
    ); // broadcast
    check(
        Layout::new([4, 3], [0, 0], 2).unwrap(),
        Layout::f_contiguous([4, 3]),
    ); // scalar broadcast
    check(
        Layout::new([3, 4], [16, 2], 3).unwrap(),
        Layout::contiguous([3, 4]),
    ); // step slice
    check(
        Layout::contiguous([3, 4]),
        Layout::new([3, 4], [8, 2], 1).unwrap(),
    ); // strided writes
    check(
        Layout::contiguous([2, 3, 4]).permute([2, 0, 1]).unwrap(),
        Layout::contiguous([4, 2, 3]),
    );
    check(
        Layout::contiguous([2, 2, 2, 2, 2, 2, 2, 2]).t(),
        Layout::contiguous([2; 8]),
    );
    check(
        Layout::<0>::new([], [], 3).unwrap(),
        Layout::<0>::new([], [], 1).unwrap(),
    );
    check(Layout::contiguous([0, 3]), Layout::contiguous([0, 3]));
}

// The transposed-copy engine with the block sizes of other element sizes:
// 4-byte elements take the SSE blocks on x86_64, 2-byte ones the generic
// 32-wide blocks; 2-wide axes are joined into chains (as in an 8^8
// permutation).
#[test]
fn transposes_of_other_element_sizes() {
    fn check_t<T: Copy + PartialEq + core::fmt::Debug>(
        src_layout: Layout<3>,
        make: impl Fn(usize) -> T,
    ) {
        let src: Vec<T> = (0..src_layout.required_len()).map(&make).collect();
        let sv = StridedView::new(&src, src_layout).unwrap();
        let dl = Layout::contiguous(src_layout.shape());
        let mut dst = vec![make(0); dl.numel()];
        rearrange(&mut StridedViewMut::new(&mut dst, dl).unwrap(), &sv).unwrap();
        assert_eq!(dst, sv.iter().copied().collect::<Vec<_>>());
    }
    let l = Layout::contiguous([2, 37, 35]).permute([0, 2, 1]).unwrap();
    check_t(l, |i| i as f32);
    check_t(l.flip(2).unwrap(), |i| i as u32);
    check_t(
        Layout::contiguous([3, 40, 33]).permute([1, 2, 0]).unwrap(),
        |i| i as u16,
    );
    // Column strips down rows longer than a tile, at each outer position
    // (NCHW -> NHWC, H·W = 72 rows, channels 72 bytes apart) and without
    // other axes (the (1, 2, 0) permutation above coalesces to 2-D).
    let nchw = Layout::contiguous([2, 3, 9, 8])
        .permute([0, 2, 3, 1])
        .unwrap();
    check(nchw, Layout::contiguous(nchw.shape()));
    let src: Vec<u8> = (0..nchw.required_len()).map(|i| i as u8).collect();
    let sv = StridedView::new(&src, nchw).unwrap();
    let dl = Layout::contiguous(nchw.shape());
    let mut dst = vec![0u8; dl.numel()];
    rearrange(&mut StridedViewMut::new(&mut dst, dl).unwrap(), &sv).unwrap();
    assert_eq!(dst, sv.iter().copied().collect::<Vec<_>>());
    let mut chained = vec![0u64; 1 << 8];
    let c = Layout::contiguous([2usize; 8]).t();
    let v: Vec<u64> = (0..1 << 8).collect();
    let sv = StridedView::new(&v, c).unwrap();
    rearrange(
        &mut StridedViewMut::new(&mut chained, Layout::contiguous([2; 8])).unwrap(),
        &sv,
    )
    .unwrap();
    assert_eq!(chained, sv.iter().copied().collect::<Vec<_>>());
}

#[test]
fn closures_and_slices() {
    let mut buf: Vec<i32> = (0..20).collect();
    let row = [100, 200, 300, 400];
    {
        let mut m =
            StridedViewMut::new(&mut buf, Layout::new([3, 4], [-5, 1], 11).unwrap()).unwrap();
        m.zip_with(
            &StridedView::new(&row, Layout::contiguous([4])).unwrap(),
            |a, b| *a += b,
        )
        .unwrap();
        m.map_inplace(|e| *e = -*e);
        // Positions 1..=14 but 5 and 10 (sum 90), each plus its row value, negated.
        let want = -(row.iter().sum::<i32>() as i64 * 3 + 90);
        assert_eq!(m.fold(0i64, |s, &e| s + e as i64), want);
        let mut out = [0; 12];
        m.copy_to_slice(&mut out).unwrap();
        assert_eq!(out[0], -(11 + 100));
        m.copy_from_slice(&[1; 12]).unwrap();
        m.fill(2);
    }
    assert_eq!(&buf[1..5], &[2, 2, 2, 2]);
    assert_eq!(buf[0], 0);
    let v = StridedView::new(&buf, Layout::contiguous([4, 5])).unwrap();
    assert_eq!(v.map(|e| e * 2).into_vec()[1], 4);
}

#[test]
fn column_strips_of_a_padded_permutation() {
    // The transpose engine's strip order (column strips outermost, the
    // other axis inside): a (2, 1, 0) permutation of a padded 33 x 4 x 10
    // source (rows of 10 in 12: the padding is never read), so the rows
    // chain stops at one axis and the columns (33) lie far apart.
    let src = Layout::new([33, 4, 10], [48, 12, 1], 0).unwrap();
    let sl = src.permute([2, 1, 0]).unwrap();
    check(sl, Layout::contiguous(sl.shape()));
    check(sl.flip(2).unwrap(), Layout::contiguous(sl.shape()));
}
