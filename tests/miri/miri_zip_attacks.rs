//! Review r28 of issue 28's `Zip` rewrite (call-lived items, staging of a
//! transposed operand, windows/chunks operands): attacks that must hold.
//! Small sizes, Miri-fast (stacked and tree borrows), also run under ASan.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};

// Rank 0: one index, no axes (plan and small-walk edge).
#[test]
fn rank_zero_zip() {
    let a = [7i32];
    let mut d = [0i32];
    let av = StridedView::new(&a, Layout::contiguous([])).unwrap();
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([])).unwrap();
    Zip::from(&mut dv)
        .and(av)
        .unwrap()
        .for_each(|d, a| *d = a + 1);
    assert_eq!(d, [8]);
    assert_eq!(Zip::from(av).fold(0, |s, a| s + a), 7);
    assert_eq!(Zip::from(av).map_collect(|a| a * 2).into_vec(), [14]);
    let mut n = 0;
    Zip::from(av).indexed().for_each(|i: [usize; 0], a| {
        assert_eq!((i, *a), ([], 7));
        n += 1;
    });
    assert_eq!(n, 1);
}

// A destination half and a transposed (staged) read of the other half of
// one buffer (split_at): only the destination's positions are written,
// the staged values are the other half's.
#[test]
fn staged_read_of_sibling_half() {
    let r = 21usize;
    let mut buf: Vec<u32> = (0..2 * r * r).map(|i| i as u32 * 3 + 1).collect();
    let orig = buf.clone();
    let base = buf.as_ptr();
    let whole = StridedViewMut::new(&mut buf, Layout::contiguous([2 * r, r])).unwrap();
    let (mut top, bottom) = whole.split_at(0, r).unwrap();
    // bottom^T: r x r, strides [1, r] (staged against top's rows).
    let bt = bottom.view().t();
    let range = base..base.wrapping_add(2 * r * r);
    let mut staged = 0usize;
    Zip::from(&mut top).and(bt).unwrap().for_each(|d, s| {
        staged += usize::from(!range.contains(&(s as *const u32)));
        *d = d.wrapping_mul(2).wrapping_add(*s);
    });
    assert_eq!(staged, r * r, "the sibling half is staged");
    for y in 0..2 * r {
        for x in 0..r {
            let want = if y < r {
                orig[y * r + x]
                    .wrapping_mul(2)
                    .wrapping_add(orig[(r + x) * r + y])
            } else {
                orig[y * r + x]
            };
            assert_eq!(buf[y * r + x], want, "({y}, {x})");
        }
    }
}

// An overlapping shared operand (strides [1, 2]: elements reached twice)
// transposed, so staged: every item equals the element at its index.
#[test]
fn staged_overlapping_operand() {
    let (r, c) = (21usize, 30usize);
    let src: Vec<u16> = (0..r + 2 * c).map(|i| (i * 7 + 3) as u16).collect();
    let s = StridedView::new(&src, Layout::new([r, c], [1, 2], 0).unwrap()).unwrap();
    let a: Vec<u16> = (0..r * c).map(|i| i as u16).collect();
    let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
    let range = src.as_ptr_range();
    let m = Zip::from(av).and(s).unwrap().map_collect(|&a, s| {
        assert!(!range.contains(&(s as *const u16)), "staged");
        (a, *s)
    });
    let got = m.into_vec();
    for y in 0..r {
        for x in 0..c {
            assert_eq!(got[y * c + x], (a[y * c + x], src[y + 2 * x]), "({y}, {x})");
        }
    }
}

// Interior mutability is never staged (a staged copy would lose writes):
// a transposed view of Cells is written through its items.
#[test]
fn cells_are_not_staged() {
    let (r, c) = (17usize, 19usize);
    let cells: Vec<Cell<u32>> = (0..r * c).map(|i| Cell::new(i as u32)).collect();
    let cv = StridedView::new(&cells, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let a: Vec<u32> = (0..r * c).map(|i| 1000 + i as u32).collect();
    let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
    Zip::from(av).and(cv).unwrap().for_each(|&a, cell| {
        cell.set(cell.get() + a);
        // read again through the same item: the write is visible
        assert!(cell.get() >= a);
    });
    for y in 0..r {
        for x in 0..c {
            assert_eq!(cells[x * r + y].get(), (x * r + y) as u32 + a[y * c + x]);
        }
    }
}

// Windows and chunks at their edges: window equal to the view, windows of
// a zero axis, a window larger than the view (an error), chunks larger
// than the view, chunks of a flipped view, chunks broadcast.
#[test]
fn windows_and_chunks_edges() {
    let x: Vec<i64> = (0..12).collect();
    let v = StridedView::new(&x, Layout::contiguous([3, 4])).unwrap();
    // Window equal to the view: one item, the whole view.
    let n = Zip::from(v.windows([3, 4]).unwrap()).fold(0, |n, w| {
        assert_eq!(w.to_vec(), x);
        n + 1
    });
    assert_eq!(n, 1);
    assert!(v.windows([4, 1]).is_err());
    // Empty windows: 4 x 5 of them, each empty.
    let n = Zip::from(v.windows([0, 0]).unwrap()).fold(0, |n, w| {
        assert_eq!(w.to_vec(), Vec::<i64>::new());
        n + 1
    });
    assert_eq!(n, 20);
    // Windows of an empty view.
    let e = StridedView::new(&x[..0], Layout::contiguous([0, 4])).unwrap();
    assert_eq!(
        Zip::from(e.windows([0, 2]).unwrap()).fold(0, |n, _| n + 1),
        3
    );
    // Chunks larger than the view along an axis (axis_chunks_iter).
    let ch = v.axis_chunks_iter(1, 10).unwrap();
    let n = Zip::from(ch).fold(0, |n, c| {
        assert_eq!(c.to_vec(), x);
        n + 1
    });
    assert_eq!(n, 1);
    // Chunks of a flipped view, ragged last block, against the iterator.
    let f = v.flip(0).unwrap().flip(1).unwrap();
    let want: Vec<Vec<i64>> = f
        .axis_chunks_iter(1, 3)
        .unwrap()
        .map(|c| c.to_vec())
        .collect();
    let got = Zip::from(f.axis_chunks_iter(1, 3).unwrap()).map_collect(|c| c.to_vec());
    assert_eq!(got.into_vec(), want);
    // Chunks broadcast along a new axis (and_broadcast of a rank-1 grid).
    let row: Vec<i64> = (0..7).collect();
    let rv = StridedView::new(&row, Layout::contiguous([7])).unwrap();
    let idx = [0u8; 6];
    let iv = StridedView::new(&idx, Layout::contiguous([2, 3])).unwrap();
    let got = Zip::from(iv)
        .and_broadcast(rv.axis_chunks_iter(0, 3).unwrap())
        .unwrap()
        .indexed()
        .fold(Vec::new(), |mut acc, [i, j], _, c| {
            acc.push((i, j, c.to_vec()));
            acc
        });
    let mut got = got;
    got.sort();

    let want: Vec<_> = (0..2)
        .flat_map(|i| {
            (0..3).map(move |j| (i, j, [vec![0, 1, 2], vec![3, 4, 5], vec![6]][j].clone()))
        })
        .collect();
    assert_eq!(got, want);
    // Mutable chunks of a flipped, transposed view: each element written
    // once, by its block's index.
    let mut y = vec![0i64; 12];
    let mut m = StridedViewMut::new(&mut y, Layout::contiguous([3, 4]))
        .unwrap()
        .t()
        .flip(0)
        .unwrap();
    Zip::from(m.axis_chunks_iter_mut(0, 3).unwrap())
        .indexed()
        .for_each(|[i, j], mut c| c.map_inplace(|e| *e += 10 * i as i64 + j as i64 + 1));
    // m is 4 x 3 (m[a][b] = y[b][3 - a]); blocks of 3 rows along axis 0:
    // block 0 = rows 0..3 (y columns 3, 2, 1), block 1 = row 3 (column 0).
    for b in 0..3 {
        assert_eq!(&y[b * 4..b * 4 + 4], &[11, 1, 1, 1]);
    }
}

// A panic in the closure over a staged operand while writing a
// destination: the destination holds exactly the writes made before the
// panic (nothing stale is written back), and the zip can run again.
#[test]
fn panic_mid_staged_leaves_no_stale_writes() {
    let (r, c) = (20usize, 33usize);
    let src: Vec<u8> = (0..r * c).map(|i| (i % 251) as u8).collect();
    let s = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut d = vec![0u8; r * c];
    let mut calls = 0usize;
    let res = catch_unwind(AssertUnwindSafe(|| {
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        Zip::from(&mut dv).and(s).unwrap().for_each(|d, &s| {
            calls += 1;
            if calls == 150 {
                panic!("mid-way");
            }
            *d = s.wrapping_add(1);
        });
    }));
    assert!(res.is_err());
    let written = d.iter().filter(|&&e| e != 0).count();
    // Every written element is its source value + 1 (never a stale or
    // misplaced one); 149 calls completed (values + 1 are never 0 here
    // except for source 255, which does not occur below 251).
    assert_eq!(written, 149);
    for y in 0..r {
        for x in 0..c {
            let e = d[y * c + x];
            assert!(e == 0 || e == src[x * r + y].wrapping_add(1), "({y}, {x})");
        }
    }
}

// Six operands, broadcast, zero, negative and transposed strides (the
// staged operand is the 4th), against brute force.
#[test]
fn six_operands_mixed() {
    let (r, c) = (9usize, 35usize);
    let p: Vec<i32> = (0..r * c).map(|i| i as i32).collect();
    let q: Vec<i32> = (0..r * c).map(|i| 3 * i as i32).collect();
    let col: Vec<i32> = (0..r).map(|i| 100 * i as i32).collect();
    let one = [5i32];
    let mut d = vec![0i32; r * c];
    let pv = StridedView::new(&p, Layout::contiguous([r, c])).unwrap();
    let pf = pv.flip(1).unwrap();
    let qt = StridedView::new(&q, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let cv = StridedView::new(&col, Layout::contiguous([r, 1])).unwrap();
    let ov = StridedView::new(&one, Layout::new([r, c], [0, 0], 0).unwrap()).unwrap();
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    Zip::from(&mut dv)
        .and(pf)
        .unwrap()
        .and_broadcast(cv)
        .unwrap()
        .and(qt)
        .unwrap()
        .and(ov)
        .unwrap()
        .and(pv)
        .unwrap()
        .for_each(|d, &a, &b, &t, &o, &e| *d = a + b + 7 * t + o * e);
    for y in 0..r {
        for x in 0..c {
            let want = p[y * c + (c - 1 - x)] + col[y] + 7 * q[x * r + y] + 5 * p[y * c + x];
            assert_eq!(d[y * c + x], want, "({y}, {x})");
        }
    }
}

// par_for_each over disjoint parts, each staged, with a mutable
// destination and mutable chunks (not under Miri: parts need 2^15 indices).
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(miri, ignore)]
fn par_staged_and_chunks() {
    let (r, c) = (301usize, 397usize);
    let src: Vec<u8> = (0..r * c).map(|i| (i * 13 % 251) as u8).collect();
    let s = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut d = vec![0u8; r * c];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    Zip::from(&mut dv)
        .and(s)
        .unwrap()
        .par_for_each(|d, &s| *d = s.wrapping_add(1));
    for y in 0..r {
        for x in 0..c {
            assert_eq!(d[y * c + x], src[x * r + y].wrapping_add(1));
        }
    }
    // Mutable 1x1 chunks (one per element) zipped with the staged operand.
    let mut e = vec![0u8; r * c];
    let mut ev = StridedViewMut::new(&mut e, Layout::contiguous([r, c])).unwrap();
    Zip::from(ev.exact_chunks_mut([1, 1]).unwrap())
        .and(s)
        .unwrap()
        .par_for_each(|mut ch, &s| ch.map_inplace(|x| *x = s ^ 0x5a));
    for y in 0..r {
        for x in 0..c {
            assert_eq!(e[y * c + x], src[x * r + y] ^ 0x5a);
        }
    }
}

// Chunks of a broadcast view whose grid has more blocks than isize::MAX + 1
// (the row-major index of a block does not fit a position): the operand
// keeps its grid's shape, as the windows of the same view do (it was an
// empty operand of shape [0, 0], so a zip over it silently visited
// nothing). Only the shapes are checked: visiting 2^63 blocks takes ages.
#[test]
#[cfg(target_pointer_width = "64")]
fn chunks_of_a_huge_broadcast_keep_their_grid() {
    let x = [1u8];
    let one = StridedView::new(&x, Layout::contiguous([1, 1])).unwrap();
    let shape = [1usize << 32, (1usize << 31) + 1];
    let big = one.broadcast_to(shape).unwrap();
    assert_eq!(Zip::from(big.windows([1, 1]).unwrap()).shape(), shape);
    assert_eq!(Zip::from(big.exact_chunks([1, 1]).unwrap()).shape(), shape);
    let z = Zip::from(big.windows([1, 1]).unwrap()).and(big.exact_chunks([1, 1]).unwrap());
    assert!(z.is_ok());
    // Blocks of 2 on axis 0: 2^31 x (2^31 + 1) blocks, within isize::MAX.
    let half = [1usize << 31, (1usize << 31) + 1];
    assert_eq!(Zip::from(big.exact_chunks([2, 1]).unwrap()).shape(), half);
}
