//! Review r-z28d: the staged walk starts its strips on the staged
//! operand's cache lines and its column chunks on operand 0's, so which
//! strip is short depends on where the buffers start in a line. Under Miri
//! (stacked and tree borrows, and its data-race detector): a transposed
//! column half of a buffer (`split_at` along the columns: its rows end
//! and start mid-line, next to the sibling's) staged while another thread
//! writes the sibling half, at several line shifts, as the left and as the
//! right half, the destination a column half too; and `map_collect` whose
//! closure panics, at several line shifts: every element made is dropped
//! once (the undo walk replays the shifted order).

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::shared::{counts, Counted};
use constrided::{Layout, StridedView, StridedViewMut, Zip};

fn line0<T>(v: &[T]) -> usize {
    (64 - v.as_ptr() as usize % 64) % 64 / size_of::<T>()
}

// s: an n x (w + x) u32 matrix `skew` elements past a line, split before
// column w; d: a rows x (n + 1) one (rows: the half's columns), split before column n. d's left half =
// 3 + (the source half's transpose), while another thread fills the
// sibling halves of both.
fn halves(n: usize, w: usize, x: usize, skew: usize, left: bool) {
    let pitch = w + x;
    let mut sbuf: Vec<u32> = (0..(n * pitch + 32) as u32).collect();
    let s0 = line0(&sbuf) + skew;
    let range = sbuf.as_ptr_range();
    let mut staged = 0;
    let rows = if left { w } else { x };
    let mut dbuf = vec![0u32; rows * (n + 1) + 32];
    let d0 = line0(&dbuf) + (skew * 5) % 16;
    let s = StridedViewMut::new(
        &mut sbuf[s0..s0 + n * pitch],
        Layout::contiguous([n, pitch]),
    )
    .unwrap();
    let (sl, sr) = s.split_at(1, w).unwrap();
    let (read, mut write) = if left { (sl, sr) } else { (sr, sl) };
    let d = StridedViewMut::new(
        &mut dbuf[d0..d0 + rows * (n + 1)],
        Layout::contiguous([rows, n + 1]),
    )
    .unwrap();
    let (mut dl, mut dr) = d.split_at(1, n).unwrap();
    let rt = read.view().t();
    std::thread::scope(|sc| {
        sc.spawn(move || {
            write.fill(u32::MAX);
            dr.fill(u32::MAX);
        });
        Zip::from(&mut dl).and(rt).unwrap().for_each(|d, s| {
            staged += usize::from(!range.contains(&(s as *const u32)));
            *d = *s + 3
        });
    });
    assert_eq!(staged, rows * n, "staged, skew {skew}");
    let c0 = if left { 0 } else { w };
    for i in 0..rows {
        for j in 0..n {
            let want = (s0 + j * pitch + c0 + i) as u32 + 3;
            assert_eq!(dbuf[d0 + i * (n + 1) + j], want, "({i}, {j}) skew {skew}");
        }
    }
}

#[test]
fn staged_column_halves_at_line_shifts() {
    // Rows per strip 16 and columns 32 under Miri (u32): 35 or 37 rows
    // cross a short, whole and short strips; 17 columns hold a whole block.
    for (skew, left) in [(0, true), (5, true), (11, false), (15, false)] {
        halves(17, 35, 37, skew, left);
    }
}

// Zip::from(a).and(s^T).map_collect(f), `f` panicking on its `stop`-th
// call, a and s `so` / `a0` elements past a line.
#[test]
fn map_collect_panics_at_line_shifts() {
    let (rows, cols) = (19usize, 21usize);
    for (so, a0, stop) in [(0usize, 3usize, 40usize), (7, 0, 300), (13, 9, 399)] {
        let mut sbuf: Vec<u32> = (0..(cols * rows + 32) as u32).collect();
        let s_off = line0(&sbuf) + so;
        sbuf.truncate(s_off + cols * rows);
        let sv = StridedView::new(
            &sbuf,
            Layout::new([rows, cols], [1, rows as isize], s_off).unwrap(),
        )
        .unwrap();
        let mut abuf: Vec<u32> = (0..(rows * cols + 32) as u32).collect();
        let a_off = line0(&abuf) + a0;
        abuf.truncate(a_off + rows * cols);
        let av = StridedView::new(
            &abuf,
            Layout::new([rows, cols], [cols as isize, 1], a_off).unwrap(),
        )
        .unwrap();
        let before = counts();
        let mut calls = 0;
        let res = catch_unwind(AssertUnwindSafe(|| {
            Zip::from(av).and(sv).unwrap().map_collect(|&a, &s| {
                calls += 1;
                if calls == stop {
                    panic!("stop");
                }
                Counted::new(u64::from(a ^ s))
            })
        }));
        assert!(res.is_err());
        let after = counts();
        assert_eq!(after.0 - before.0, stop - 1, "made, so {so}");
        assert_eq!(after.1 - before.1, stop - 1, "dropped, so {so}");
    }
}
