//! k28: transposed copies whose destination rows continue one another
//! (NCHW -> NHWC) into a buffer off a cache line copy the line shared by
//! one pixel's last channels and the next pixel's first as a *seam* block
//! (transpose.rs `seam_pass`; natively only when the copy streams, under
//! Miri whenever the layouts allow, through the portable block). Several
//! skews of the destination within a line, the destination flush with the
//! end of its buffer, against a brute-force copy; and (k28c) row tiles that
//! start at the source's line boundary.

use constrided::kernel::rearrange;
use constrided::{Layout, StridedView, StridedViewMut};

fn check<T: Copy + PartialEq + core::fmt::Debug + Default>(
    shape: [usize; 4],
    make: impl Fn(usize) -> T,
    skews: &[usize],
) {
    let sl = Layout::contiguous(shape).permute([0, 2, 3, 1]).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let src: Vec<T> = (0..sl.numel()).map(make).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    let want = sv.to_vec();
    for &skew in skews {
        let mut buf = vec![T::default(); skew + dl.numel()];
        let mut dv = StridedViewMut::new(&mut buf[skew..], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        assert_eq!(dv.to_vec(), want, "skew {skew}");
        assert!(buf[..skew].iter().all(|e| *e == T::default()));
    }
}

#[test]
fn seams_between_pixels() {
    check([1, 16, 5, 5], |i| i as f32 + 1.0, &[0, 1, 5, 15]);
    check([2, 8, 3, 4], |i| i as u64 + 1, &[1, 3]);
}

// r-seam review: a layout pair copied into a destination window of a
// larger buffer `dskew` elements in, every other buffer element a
// sentinel that must survive, from a source that is exactly its view's
// reach (a read outside it is outside the borrowed slice).
fn check_window<T: Copy + PartialEq + core::fmt::Debug>(
    sl: Layout<4>,
    dl: Layout<4>,
    make: impl Fn(usize) -> T,
    fill: T,
    skews: &[usize],
) {
    let sp = super::model::positions(sl.shape(), sl.strides(), sl.offset());
    let dp = super::model::positions(dl.shape(), dl.strides(), dl.offset());
    let src: Vec<T> = (0..sl.required_len()).map(&make).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    for &skew in skews {
        let n = dl.required_len();
        let mut want = vec![fill; skew + n + 3];
        for (d, s) in dp.iter().zip(&sp) {
            want[skew + *d as usize] = src[*s as usize];
        }
        let mut buf = vec![fill; skew + n + 3];
        let mut dv = StridedViewMut::new(&mut buf[skew..skew + n], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        assert_eq!(buf, want, "skew {skew} {sl:?} -> {dl:?}");
    }
}

// NCHW -> NHWC into a window with a pixel of padding after each row (the
// last pixel of a row has no neighbour) and with the image axis flipped
// in the destination; neighbouring rows 2 apart in a source chain
// (delta 2: the destination step of the chain's second axis is the
// columns' extent).
#[test]
fn seams_in_windows_and_chains() {
    // [N, H, W, C] with C = 16 (f32 block edge), dst W padded by one pixel.
    let sl = Layout::new([2, 2, 9, 16], [288, 9, 1, 18], 0).unwrap();
    let dl = Layout::new([2, 2, 9, 16], [320, 160, 16, 1], 0).unwrap();
    check_window(sl, dl.flip(0).unwrap(), |i| i as f32 + 1.0, 0.0, &[3, 13]);
    // u16, C = 32, a broadcast H in the source.
    let sl = Layout::new([1, 2, 5, 32], [0, 0, 1, 40], 0).unwrap();
    let dl = Layout::new([1, 2, 5, 32], [320, 192, 32, 1], 0).unwrap();
    check_window(sl, dl, |i| i as u16 + 1, 0, &[7]);
    // Dst [R0 = 8, R1 = 2, Y = 8, Z = 4] contiguous; source reversed:
    // rows chain (R0, R1), columns (Z, Y) of extent 32 = R1's dst step.
    let sl = Layout::new([8, 2, 8, 4], [1, 8, 16, 128], 0).unwrap();
    let dl = Layout::contiguous([8, 2, 8, 4]);
    check_window(sl, dl, |i| i as f64 + 1.0, 0.0, &[1, 5]);
}

// Seam copies into one `split_at_mut` half of a buffer while another
// thread writes every element of the sibling half: a seam block that
// reached past its view into the sibling is a data race (and a borrow
// violation) under Miri. Both halves, destination off a line by `skew`.
// A rearrange of `sv` into `dl` laid `skew` elements into one
// `split_at_mut` half of a buffer (the left or the right one) while
// another thread writes every element of the sibling half: the copy
// writes nothing outside its own half's positions, and the borrow
// models see no access to the sibling. `what` names the case.
fn rearrange_into_a_half_beside_a_writer<T>(
    sv: &StridedView<'_, T, 4>,
    dl: Layout<4>,
    (skew, copy_left): (usize, bool),
    what: &str,
) where
    T: Copy + PartialEq + core::fmt::Debug + Send + Sync + From<i8>,
{
    let (zero, mark) = (T::from(0), T::from(-1));
    let n = dl.required_len();
    let mut buf = vec![zero; 2 * (skew + n)];
    let (left, right) = buf.split_at_mut(skew + n);
    let (mine, sibling) = if copy_left {
        (left, right)
    } else {
        (right, left)
    };
    std::thread::scope(|s| {
        s.spawn(|| sibling.iter_mut().for_each(|e| *e = mark));
        let mut dv = StridedViewMut::new(&mut mine[skew..], dl).unwrap();
        rearrange(&mut dv, sv).unwrap();
        assert_eq!(dv.to_vec(), sv.to_vec(), "{what}");
    });
    assert!(mine[..skew].iter().all(|e| *e == zero), "{what}");
    assert!(sibling.iter().all(|e| *e == mark), "{what}");
}

#[test]
fn seams_into_split_at_halves_while_the_sibling_is_written() {
    let sl = Layout::contiguous([1, 16, 3, 3])
        .permute([0, 2, 3, 1])
        .unwrap();
    let dl = Layout::contiguous(sl.shape());
    let src: Vec<f32> = (0..sl.numel()).map(|i| i as f32 + 1.0).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    for skew in [1, 5] {
        for copy_left in [true, false] {
            rearrange_into_a_half_beside_a_writer(
                &sv,
                dl,
                (skew, copy_left),
                &format!("skew {skew}"),
            );
        }
    }
}

// k28c: rows of at least 32 blocks (256 u64) start their tiles at the
// source's line boundary (transpose.rs `rpeel`; natively only when the
// copy streams, under Miri whenever the layouts allow): the source a
// slice `k` elements into its buffer that ends with the view's reach (a
// row read past the last one is outside the borrowed slice), the
// destination on and off a line (seams: each pixel row's last block of
// rows overlaps the one before it, the same values written twice).
#[test]
fn rows_from_the_source_line() {
    let sl = Layout::contiguous([1, 8, 16, 16])
        .permute([0, 2, 3, 1])
        .unwrap();
    let dl = Layout::contiguous(sl.shape());
    let n = sl.numel();
    for k in [1, 3] {
        let buf: Vec<u64> = (0..k + n).map(|i| i as u64 + 1).collect();
        let sv = StridedView::new(&buf[k..], sl).unwrap();
        let want = sv.to_vec();
        for skew in [0, 3] {
            let mut out = vec![0u64; skew + n];
            let mut dv = StridedViewMut::new(&mut out[skew..], dl).unwrap();
            rearrange(&mut dv, &sv).unwrap();
            assert_eq!(dv.to_vec(), want, "k {k} skew {skew}");
            assert!(out[..skew].iter().all(|e| *e == 0));
        }
    }
}

// k28d: rows from the source's line boundary, 270 of them (not a whole
// number of 8-row blocks; the source's columns 272 u64 apart, whole
// lines), into one `split_at_mut` half while another thread writes the
// sibling: the head block (rows 0..8) and the ragged last tile's blocks
// (ending at the last row) write rows of the neighbour tiles again, never
// a position outside the half. (Under Miri the row tiles take the
// source's line, and overlap, whenever the layouts allow; natively only
// byte elements overlap. k = 1 and 3 put the line at two different rows,
// at least one of them not the first.)
#[test]
fn rows_from_the_source_line_into_split_at_halves() {
    let sl = Layout::new([1, 1, 270, 8], [1, 1, 1, 272], 0).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let len = sl.required_len();
    for k in [1, 3] {
        let buf: Vec<f64> = (0..k + len).map(|i| i as f64 + 1.0).collect();
        let sv = StridedView::new(&buf[k..], sl).unwrap();
        for (skew, copy_left) in [(0, true), (3, false)] {
            let what = format!("k {k} skew {skew} left {copy_left}");
            rearrange_into_a_half_beside_a_writer(&sv, dl, (skew, copy_left), &what);
        }
    }
}

// Review r-k28d: the case above takes the overlapping head and tail blocks
// only when Miri happens to place its buffers right (the destination on a
// line, or the seams take all 8 columns; `rpeel` rows that leave a ragged
// last tile): one of its four copies did, and with -Zmiri-seed=1 none
// copied a ragged tail. Here the source's and the destination's line
// offsets are picked from the buffers' addresses: `rpeel` 7 and 5 (the
// last tiles 7 and 9 rows: blocks over rows 262..270 and 254..270), the
// destination on a line (tiles over all 16 columns) and 3 elements past
// one (seams at both ends, tiles over columns 5..13 between), into one
// `split_at_mut` half while another thread writes the sibling.
#[test]
fn overlapping_row_blocks_at_chosen_line_offsets() {
    let sl = Layout::new([1, 1, 270, 16], [1, 1, 1, 272], 0).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let (len, n) = (sl.required_len(), dl.required_len());
    let src: Vec<f64> = (0..8 + len).map(|i| i as f64 + 1.0).collect();
    // Line slot (8-byte element within a 64-byte line) of an address.
    let slot = |p: *const f64| p as usize / 8 % 8;
    for (rpeel, dslot, copy_left) in [(7, 0, true), (5, 3, false)] {
        // The source starts `rpeel` elements before a line.
        let k = (16 - rpeel - slot(src.as_ptr())) % 8;
        let sv = StridedView::new(&src[k..k + len], sl).unwrap();
        let mut buf = vec![0.0f64; 2 * (8 + n)];
        let (left, right) = buf.split_at_mut(8 + n);
        let (mine, sibling) = if copy_left {
            (left, right)
        } else {
            (right, left)
        };
        let skew = (8 + dslot - slot(mine.as_ptr())) % 8;
        let what = format!("rpeel {rpeel} dslot {dslot} left {copy_left}");
        std::thread::scope(|s| {
            s.spawn(|| sibling.iter_mut().for_each(|e| *e = -1.0));
            let mut dv = StridedViewMut::new(&mut mine[skew..skew + n], dl).unwrap();
            rearrange(&mut dv, &sv).unwrap();
            assert_eq!(dv.to_vec(), sv.to_vec(), "{what}");
        });
        assert!(
            mine[..skew]
                .iter()
                .chain(&mine[skew + n..])
                .all(|e| *e == 0.0),
            "{what}"
        );
        assert!(sibling.iter().all(|e| *e == -1.0), "{what}");
    }
}

// Review r-k28c: seams whose neighbouring rows are `a` = 3 apart in the
// source (the channels span four blocks: the pixel axis P is a rows axis
// after the source's unit axis), with the destination's Q step P·C (the
// digits of P and Q join) or padded (each P row's last pixel has no
// neighbour, and the run before it ends shorter than a block: one block
// over the rows before it, written twice). Into one `split_at_mut` half
// while another thread writes the sibling, the destination off a line
// (skews 1 and 6 of the left half: at least one of them is off a line,
// wherever Miri puts the buffer), the source exactly its view's reach.
#[test]
fn chained_seams_into_split_at_halves() {
    let (a, q, p, c) = (3usize, 4usize, 6usize, 32usize);
    let sc = (a * p * q).div_ceil(8) * 8;
    let sl = Layout::new(
        [a, q, p, c],
        [1, (a * p) as isize, a as isize, sc as isize],
        0,
    )
    .unwrap();
    let src: Vec<f64> = (0..sl.required_len()).map(|i| i as f64 + 1.0).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    for pad in [0, 8] {
        let dq = (p * c + pad) as isize;
        let dl = Layout::new([a, q, p, c], [q as isize * dq, dq, c as isize, 1], 0).unwrap();
        for (skew, copy_left) in [(1, true), (3, false), (6, true)] {
            let what = format!("pad {pad} skew {skew}");
            rearrange_into_a_half_beside_a_writer(&sv, dl, (skew, copy_left), &what);
        }
    }
}
