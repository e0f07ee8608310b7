//! Review r-z28d: the staged walk whose strips start on the staged
//! operand's cache lines and whose column chunks start on operand 0's
//! (`zip_stage::staged_runs`, `grid_end`, `line_shift`). The walk order now
//! depends on where the buffers start in a line: the strip starts the walk
//! takes are checked against the buffers' addresses at every line shift
//! (in the default debug run, whose thresholds are 1 byte and 1 line, and
//! at the release thresholds of 1 MiB and 64 lines per axis in a release
//! run); `map_collect`'s undo walk (which replays the order when the
//! closure panics) drops every element made exactly once at every shift;
//! `Zip::for_each` and `zip_with` that panic leave each element either
//! untouched or written once.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use constrided::{Layout, StridedView, StridedViewMut, Zip};

// Elements from a buffer's start to its first 64-byte line.
fn line0<T>(v: &[T]) -> usize {
    (64 - v.as_ptr() as usize % 64) % 64 / size_of::<T>()
}

// zip_with(d: T, s: U) over a `rows x cols` destination `d0` elements past
// a line (rows padded by `pad`) and a transposed source `so` past one:
// the strips' first rows must lie on the source's lines and the column
// chunks' first columns on the destination's (when their axes reach the
// thresholds), at the grid of 256 columns. A strip start is the call whose
// staged item is the buffer's first element (the first item of the walk).
fn strip_starts<T: Copy + Default, U: Copy + Default>(
    rows: usize,
    cols: usize,
    so: usize,
    d0: usize,
    pad: usize,
    lines_min: usize,
) {
    let (st, su) = (size_of::<T>(), size_of::<U>());
    let rp = rows + pad;
    let mut sbuf = vec![U::default(); cols * rp + 128];
    let s_off = line0(&sbuf) + so;
    sbuf.truncate(s_off + cols * rp);
    let sl = Layout::new([rows, cols], [1, rp as isize], s_off).unwrap();
    let cp = cols + pad;
    let mut dbuf = vec![T::default(); rows * cp + 128];
    let d_off = line0(&dbuf) + d0;
    dbuf.truncate(d_off + rows * cp);
    let dl = Layout::new([rows, cols], [cp as isize, 1], d_off).unwrap();
    let (sbase, dbase) = (sbuf.as_ptr() as usize, dbuf.as_ptr() as usize);
    let sv = StridedView::new(&sbuf, sl).unwrap();
    let mut first = None;
    let mut starts = Vec::new();
    StridedViewMut::new(&mut dbuf, dl)
        .unwrap()
        .zip_with(&sv, |d, s| {
            let (d, s) = (d as *mut T as usize, s as *const U as usize);
            if *first.get_or_insert(s) == s {
                let p = (d - dbase) / st - d_off;
                starts.push((p / cp, p % cp));
            }
        })
        .unwrap();
    let what = format!(
        "{rows}x{cols} sizes {st} <- {su} so {so} d0 {d0} pad {pad}: {} starts",
        starts.len()
    );
    // The source's lines along the rows (at column 0), the destination's
    // along the columns (at row 0).
    let s_line = |i: usize| (sbase + (s_off + i) * su).is_multiple_of(64);
    let d_line = |j: usize| (dbase + (d_off + j) * st).is_multiple_of(64);
    let b_on = rows >= lines_min * (64 / su);
    let a_on = cols >= lines_min * (64 / st);
    // Strips: one per source line of the rows (or per 64 / su rows).
    let mut want_b: Vec<usize> = if b_on {
        core::iter::once(0)
            .chain((1..rows).filter(|&i| s_line(i)))
            .collect()
    } else {
        (0..rows).step_by(64 / su).collect()
    };
    // Chunks: every 256 columns, on the grid that puts them on the
    // destination's lines (the first chunk is the short one).
    let shift = if a_on {
        (dbase + d_off * st) % 64 / st
    } else {
        0
    };
    assert!(!a_on || d_line(256 - shift));
    let want_a: Vec<usize> = core::iter::once(0)
        .chain((1..=cols / 256 + 1).map(|m| 256 * m - shift))
        .filter(|&j| j < cols)
        .collect();
    let mut want_a = want_a;
    let mut got_b: Vec<usize> = starts.iter().map(|s| s.0).collect();
    let mut got_a: Vec<usize> = starts.iter().map(|s| s.1).collect();
    for v in [&mut want_b, &mut want_a, &mut got_b, &mut got_a] {
        v.sort_unstable();
        v.dedup();
    }
    assert_eq!(got_b, want_b, "strip rows, {what}");
    assert_eq!(got_a, want_a, "chunk columns, {what}");
    assert_eq!(starts.len(), want_a.len() * want_b.len(), "{what}");
}

// Every line shift of the source and of the destination (one pair per
// source shift), element sizes 1 to 8. In debug builds (the default
// `cargo test`) the walk starts strips on lines from 1 byte and 1 line
// per axis; in release from 1 MiB of operand 0 and 64 lines per axis, so
// a release run checks a shape over those thresholds and shapes just
// under them.
#[test]
#[cfg_attr(miri, ignore = "the engine binary is not a Miri one")]
fn staged_strips_start_on_lines() {
    fn each<T: Copy + Default, U: Copy + Default>() {
        let (pt, pu) = (64 / size_of::<T>(), 64 / size_of::<U>());
        if cfg!(debug_assertions) {
            for so in 0..pu {
                let d0 = (so * 7 + 3) % pt;
                strip_starts::<T, U>(2 * pu + 3, 256 + pt + 5, so, d0, so % 2, 1);
            }
        } else {
            // Over both thresholds (1 MiB of operand 0 and 64 lines on
            // both axes) at a few shifts, then just under the lines.
            let r = 64 * pu + 9;
            let c = (64 * pt).max((1 << 20) / r / size_of::<T>()) + 7;
            for so in [0, 1, pu / 2, pu - 1] {
                strip_starts::<T, U>(r, c, so, (so * 7 + 3) % pt, so % 2, 64);
            }
            strip_starts::<T, U>(64 * pu - 1, c, 1, 3 % pt, 0, 64);
        }
    }
    each::<f32, f32>();
    each::<u8, u8>();
    each::<u16, f64>();
    each::<f64, u16>();
}

// An element that logs its id when dropped.
struct Logged(u32, Rc<RefCell<Vec<u32>>>);

impl Drop for Logged {
    fn drop(&mut self) {
        self.1.borrow_mut().push(self.0);
    }
}

// Zip::from(a).and(s^T).map_collect(f) with operand 0 (`a`, u32, rows
// padded) `a0` elements past a line and the staged source `so` past one,
// `f` panicking on its `stop`-th call (never when `stop` is 0): every
// element made is dropped exactly once (the undo walk replays the
// shifted order), none that was not made; without a panic the array is
// in logical order.
fn collect_at_shift(rows: usize, cols: usize, so: usize, a0: usize, stop: usize) {
    let pad = so % 2;
    let rp = rows + pad;
    let mut sbuf: Vec<u32> = (0..(cols * rp + 64) as u32).collect();
    let s_off = line0(&sbuf) + so;
    sbuf.truncate(s_off + cols * rp);
    let sv = StridedView::new(
        &sbuf,
        Layout::new([rows, cols], [1, rp as isize], s_off).unwrap(),
    )
    .unwrap();
    let cp = cols + pad;
    let mut abuf: Vec<u32> = (0..(rows * cp + 64) as u32).collect();
    let a_off = line0(&abuf) + a0;
    abuf.truncate(a_off + rows * cp);
    let av = StridedView::new(
        &abuf,
        Layout::new([rows, cols], [cp as isize, 1], a_off).unwrap(),
    )
    .unwrap();
    let log = Rc::new(RefCell::new(Vec::new()));
    let mut made = Vec::new();
    let mut calls = 0;
    let res = catch_unwind(AssertUnwindSafe(|| {
        Zip::from(av).and(sv).unwrap().map_collect(|&a, &s| {
            calls += 1;
            if calls == stop {
                panic!("stop");
            }
            // a's value is its buffer position: unique per index.
            made.push(a);
            Logged(a ^ (s << 20), log.clone())
        })
    }));
    let what = format!("{rows}x{cols} so {so} a0 {a0} stop {stop}");
    match res {
        Err(_) => assert!(stop > 0 && calls == stop, "{what}"),
        Ok(arr) => {
            assert!(stop == 0 || stop > rows * cols, "{what}");
            let v = arr.into_vec();
            for (n, e) in v.iter().enumerate() {
                let (i, j) = (n / cols, n % cols);
                let want = abuf[a_off + i * cp + j] ^ (sbuf[s_off + j * rp + i] << 20);
                assert_eq!(e.0, want, "({i}, {j}) {what}");
            }
            drop(v);
        }
    }
    let mut dropped: Vec<u32> = log.borrow().iter().map(|&x| x & 0xfffff).collect();
    dropped.sort_unstable();
    made.sort_unstable();
    assert_eq!(dropped, made, "dropped != made, {what}");
}

#[test]
#[cfg_attr(miri, ignore = "the engine binary is not a Miri one")]
fn map_collect_panics_at_every_line_shift() {
    let (rows, cols) = (21, 262);
    for so in 0..16 {
        let a0 = (so * 5 + 1) % 16;
        for stop in [1 + so * 331, rows * cols - so] {
            collect_at_shift(rows, cols, so, a0, stop);
        }
    }
    collect_at_shift(rows, cols, 3, 9, 0);
}

// Zip::for_each (d = a + s^T) and zip_with (d += s^T) whose closure
// panics on its `stop`-th call, at every line shift of the staged source
// and the destination: each element of the destination is untouched or
// written once, and as many were written as calls returned.
#[test]
#[cfg_attr(miri, ignore = "the engine binary is not a Miri one")]
fn zip_panics_at_every_line_shift() {
    let (rows, cols) = (19, 261);
    for so in 0..16 {
        let d0 = (so * 7 + 2) % 16;
        let rp = rows + 1;
        let mut sbuf: Vec<u32> = (0..(cols * rp + 64) as u32).collect();
        let s_off = line0(&sbuf) + so;
        sbuf.truncate(s_off + cols * rp);
        let sl = Layout::new([rows, cols], [1, rp as isize], s_off).unwrap();
        let sv = StridedView::new(&sbuf, sl).unwrap();
        let a: Vec<u32> = (0..(rows * cols) as u32).map(|i| i << 16).collect();
        let av = StridedView::new(&a, Layout::contiguous([rows, cols])).unwrap();
        let mut dbuf = vec![0u32; rows * cols + 64];
        let d_off = line0(&dbuf) + d0;
        dbuf.truncate(d_off + rows * cols);
        let dl = Layout::new([rows, cols], [cols as isize, 1], d_off).unwrap();
        let stop = 1 + (so * 613) % (rows * cols);
        for zip in [true, false] {
            dbuf.fill(0);
            let mut calls = 0;
            let res = catch_unwind(AssertUnwindSafe(|| {
                let mut dv = StridedViewMut::new(&mut dbuf, dl).unwrap();
                let mut f = |d: &mut u32, a: u32, s: u32| {
                    calls += 1;
                    if calls == stop {
                        panic!("stop");
                    }
                    *d = (a | s) + 1;
                };
                if zip {
                    Zip::from(&mut dv)
                        .and(av)
                        .unwrap()
                        .and(sv)
                        .unwrap()
                        .for_each(|d, &a, &s| f(d, a, s));
                } else {
                    // zip_with has no `a`: 0 takes its place.
                    dv.zip_with(&sv, |d, &s| f(d, 0, s)).unwrap();
                }
            }));
            assert!(res.is_err());
            let mut written = 0;
            for i in 0..rows {
                for j in 0..cols {
                    let got = dbuf[d_off + i * cols + j];
                    let s = sbuf[s_off + j * rp + i];
                    let want = if zip {
                        (a[i * cols + j] | s) + 1
                    } else {
                        s + 1
                    };
                    assert!(got == 0 || got == want, "({i}, {j}) so {so} zip {zip}");
                    written += usize::from(got != 0);
                }
            }
            assert_eq!(written, stop - 1, "so {so} zip {zip}");
        }
    }
}
