//! Views of part of a buffer fed to every kernel, for Miri
//! (`cargo +nightly miri test --test miri_partial_views`, with stacked
//! borrows and with `MIRIFLAGS=-Zmiri-tree-borrows`). A `split_at` half
//! (along an axis, or the even/odd halves of a step-2 split) shares its
//! buffer with a sibling `&mut` half: a kernel reading or writing a
//! position the half does not reach invalidates a live reference into the
//! sibling (one thread) or races with a write to it (two threads). Padded
//! element types go through the copy paths too (their padding bytes are
//! uninitialised and must never be read as numbers).

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};

const R: usize = 12;
const C: usize = 20;

fn buffer() -> Vec<u32> {
    (0..(R * C) as u32).collect()
}

// Every copy and read kernel on a shared view `v` of part of a buffer;
// returns the elements row-major, checked against the iterator.
fn read_all<const N: usize>(v: StridedView<'_, u32, N>) -> Vec<u32> {
    let want: Vec<u32> = v.iter().copied().collect();
    let mut out = vec![0u32; v.numel()];
    v.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
    assert_eq!(v.to_vec(), want);
    assert_eq!(
        v.fold(0u64, |a, &e| a + e as u64),
        want.iter().map(|&e| e as u64).sum::<u64>()
    );
    let shape = v.layout().shape();
    for dl in [Layout::contiguous(shape), Layout::f_contiguous(shape)] {
        let mut buf = vec![0u32; dl.required_len()];
        let mut d = StridedViewMut::new(&mut buf, dl).unwrap();
        rearrange(&mut d, &v).unwrap();
        d.assign(&v).unwrap();
        assert_eq!(d.view().iter().copied().collect::<Vec<_>>(), want);
    }
    want
}

// Every writing kernel on a mutable view of part of a buffer.
fn write_all<const N: usize>(mut v: StridedViewMut<'_, u32, N>, src: &[u32]) {
    v.fill(1);
    v.map_inplace(|e| *e += 1);
    let shape = v.layout().shape();
    let s = StridedView::new(src, Layout::contiguous(shape)).unwrap();
    v.zip_with(&s, |a, &b| *a += b).unwrap();
    v.assign(&s).unwrap();
    v.copy_from_slice(&src[..v.layout().numel()]).unwrap();
    let t: Vec<u32> = s.t().iter().copied().collect();
    let st = StridedView::new(&t, Layout::f_contiguous(shape)).unwrap();
    rearrange(&mut v, &st).unwrap();
}

#[test]
fn split_halves_with_a_live_sibling_reference() {
    let src: Vec<u32> = (1000..1000 + (R * C) as u32).collect();
    // Along the inner axis (each half's rows are runs with holes between),
    // along the outer axis, and the even/odd halves of a step-2 split.
    for (shape, strides, axis, at) in [
        ([R, C], [C as isize, 1], 1, 7),
        ([R, C], [C as isize, 1], 0, 5),
        ([2, R * C / 2], [1, 2], 0, 1),
    ] {
        let mut buf = buffer();
        let v = StridedViewMut::new(&mut buf, Layout::new(shape, strides, 0).unwrap()).unwrap();
        let (a, mut b) = v.split_at(axis, at).unwrap();
        let r = b.get_mut([0, 0]).unwrap();
        let got = read_all(a.view());
        let got_t = read_all(a.view().t());
        assert_eq!(got_t.len(), got.len());
        write_all(a, &src);
        *r = 7;

        let mut buf = buffer();
        let v = StridedViewMut::new(&mut buf, Layout::new(shape, strides, 0).unwrap()).unwrap();
        let (mut a, b) = v.split_at(axis, at).unwrap();
        let r = a.get_mut([0, 0]).unwrap();
        read_all(b.view());
        write_all(b, &src);
        *r = 7;
    }
}

#[test]
fn split_halves_with_another_thread_writing_the_sibling() {
    let src: Vec<u32> = (1000..1000 + (R * C) as u32).collect();
    for (shape, strides, axis, at) in [
        ([R, C], [C as isize, 1], 1, 7),
        ([2, R * C / 2], [1, 2], 0, 1),
    ] {
        let mut buf = buffer();
        let v = StridedViewMut::new(&mut buf, Layout::new(shape, strides, 0).unwrap()).unwrap();
        let (a, mut b) = v.split_at(axis, at).unwrap();
        std::thread::scope(|s| {
            s.spawn(move || {
                b.fill(9);
                b.map_inplace(|e| *e += 1);
            });
            s.spawn(|| read_all(a.view()));
        });
        let mut buf = buffer();
        let v = StridedViewMut::new(&mut buf, Layout::new(shape, strides, 0).unwrap()).unwrap();
        let (a, b) = v.split_at(axis, at).unwrap();
        std::thread::scope(|s| {
            s.spawn(move || read_all(b.view()));
            s.spawn(|| write_all(a, &src));
        });
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Padded(u8, u32, u8);

fn copy_paths<T: Copy + Default + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
    let n = 17;
    let src: Vec<T> = (0..2 * n * n).map(make).collect();
    let cases: [(Layout<2>, Layout<2>); 7] = [
        (Layout::contiguous([n, n]).t(), Layout::contiguous([n, n])),
        (
            Layout::contiguous([n, n]).t().flip(0).unwrap(),
            Layout::contiguous([n, n]),
        ),
        (Layout::contiguous([n, n]), Layout::contiguous([n, n])),
        (
            Layout::contiguous([n, n]).flip(1).unwrap(),
            Layout::contiguous([n, n]),
        ),
        (
            Layout::new([n, n], [2 * n as isize, 2], 1).unwrap(),
            Layout::contiguous([n, n]),
        ),
        (
            Layout::new([n, n], [0, 1], 3).unwrap(),
            Layout::contiguous([n, n]),
        ),
        (
            Layout::contiguous([n, n]),
            Layout::new([n, n], [1, 2 * n as isize], 0).unwrap(),
        ),
    ];
    for (sl, dl) in cases {
        let s = StridedView::new(&src, sl).unwrap();
        let mut out = vec![T::default(); dl.required_len()];
        let mut d = StridedViewMut::new(&mut out, dl).unwrap();
        rearrange(&mut d, &s).unwrap();
        let want: Vec<T> = s.iter().copied().collect();
        assert_eq!(d.view().iter().copied().collect::<Vec<_>>(), want);
        assert_eq!(s.to_vec(), want);
    }
}

#[test]
fn padded_element_types_through_the_copy_paths() {
    copy_paths(|i| (i as u16, i as u8));
    copy_paths(|i| (i as u8, i as u16));
    copy_paths(|i| (i as u32, i as u8));
    copy_paths(|i| Padded(i as u8, i as u32, 3));
}

#[test]
fn small_copies_of_split_halves() {
    // Rank-2 copies small enough for the small-copy loop nest (at most 8
    // elements under Miri, 128 otherwise), from halves with a live sibling.
    for (r, c) in [(2usize, 3usize), (2, 4), (3, 2), (4, 4), (8, 12)] {
        let mut buf: Vec<u32> = (0..(2 * r * c) as u32).collect();
        let v = StridedViewMut::new(
            &mut buf,
            Layout::new([2, r, c], [1, 2 * c as isize, 2], 0).unwrap(),
        )
        .unwrap();
        let (even, mut odd) = v.split_at(0, 1).unwrap();
        let live = odd.get_mut([0, 0, 0]).unwrap();
        let e = even.view().index_axis(0, 0).unwrap();
        for s in [e, e.t()] {
            let shape = s.layout().shape();
            let mut out = vec![0u32; r * c];
            let mut d = StridedViewMut::new(&mut out, Layout::contiguous(shape)).unwrap();
            rearrange(&mut d, &s).unwrap();
            assert_eq!(out, s.iter().copied().collect::<Vec<_>>());
        }
        *live = 1;
    }
}

#[test]
fn long_row_column_sums_of_a_half_while_the_sibling_is_written() {
    // `sum_axis(0)` adds whole rows into one result row, four rows per
    // pass when the rows are over 4 KiB (a separate, AVX2-compiled loop
    // off Miri): half `a`'s rows are 1030 u32 (4120 bytes) with the
    // sibling's 70 between them, written by another thread meanwhile.
    const W: usize = 1100;
    const H: usize = 6;
    let mut buf: Vec<u32> = (0..(H * W) as u32).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([H, W])).unwrap();
    let (a, mut b) = v.split_at(1, 1030).unwrap();
    let sums = std::thread::scope(|s| {
        s.spawn(move || b.fill(9));
        s.spawn(|| a.view().sum_axis::<1>(0).unwrap())
            .join()
            .unwrap()
    });
    let want: Vec<u32> = (0..1030)
        .map(|j| (0..H).map(|i| (i * W + j) as u32).sum())
        .collect();
    assert_eq!(sums.to_vec(), want);
}

#[test]
fn short_runs_and_axis_minima_of_a_half_while_the_sibling_is_written() {
    // The short-run copy (contiguous runs of 16..=512 bytes under a flipped
    // outer axis; rank 3, so no rank-2 small path takes it) and the
    // rows-per-pass `min_axis`, on half `a` (columns 0..5 of 7: runs of 20
    // bytes, the sibling's 2 columns between them) while another thread
    // fills the sibling.
    const D: usize = 3;
    const H: usize = 4;
    const W: usize = 7;
    let mut buf: Vec<u32> = (0..(D * H * W) as u32).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([D, H, W])).unwrap();
    let (a, mut b) = v.split_at(2, 5).unwrap();
    let (copied, mins) = std::thread::scope(|s| {
        s.spawn(move || b.fill(9));
        s.spawn(|| {
            let f = a.view().flip(1).unwrap();
            (f.to_vec(), a.view().min_axis::<2>(0).unwrap())
        })
        .join()
        .unwrap()
    });
    let want: Vec<u32> = (0..D)
        .flat_map(|d| {
            (0..H)
                .rev()
                .flat_map(move |i| (0..5).map(move |j| (d, i, j)))
        })
        .map(|(d, i, j)| (d * H * W + i * W + j) as u32)
        .collect();
    assert_eq!(copied, want);
    let want_mins: Vec<u32> = (0..H)
        .flat_map(|i| (0..5).map(move |j| (i * W + j) as u32))
        .collect();
    assert_eq!(mins.to_vec(), want_mins);
}
