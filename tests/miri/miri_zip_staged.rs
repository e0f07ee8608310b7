//! Issue 28: `Zip`'s staged path under Miri (stacked and tree borrows) —
//! a transposed read-only operand of a plain type copied through the copy
//! engine's blocks into a buffer, its items pointing into the buffer —
//! and panics in the closure mid-way (staged and not, `for_each` and
//! `map_collect`): nothing is dropped twice or leaked, and nothing is
//! accessed after the panic. Small sizes: under Miri the strips are
//! `64 / size` rows by twice that, so these cross strip edges.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};

use crate::shared::{live, Counted};

// d = a + b^T (+ the staged value read twice) for `size`-byte elements,
// rows and columns past two strips, the transposed operand a view of part
// of a larger buffer.
fn staged<T>(of: impl Fn(usize) -> T, add: impl Fn(T, T) -> T)
where
    T: Copy + PartialEq + core::fmt::Debug,
{
    let b = 64 / size_of::<T>();
    // (Under Miri a strip is b rows by 2·b columns.)
    let (r, c) = if cfg!(miri) {
        (b + 3, 2 * b + 1)
    } else {
        (2 * b + 3, 4 * b + 1)
    };
    let pitch = r + 2;
    let src: Vec<T> = (0..c * pitch + 1).map(&of).collect();
    let a: Vec<T> = (0..r * c).map(|i| of(3 * i)).collect();
    // b^T: element (i, j) at 1 + j·pitch + i.
    let bt = StridedView::new(&src, Layout::new([c, r], [pitch as isize, 1], 1).unwrap())
        .unwrap()
        .t();
    let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
    let mut d = vec![of(0); r * c];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    Zip::from(&mut dv)
        .and(av)
        .unwrap()
        .and(bt)
        .unwrap()
        .for_each(|d, &a, b| {
            let first = *b;
            *d = add(a, first);
            assert_eq!(*b, first);
        });
    for i in 0..r {
        for j in 0..c {
            assert_eq!(d[i * c + j], add(a[i * c + j], src[1 + j * pitch + i]));
        }
    }
    // fold and map_collect over the same staged operand.
    let m = Zip::from(bt)
        .and(av)
        .unwrap()
        .map_collect(|&x, &y| add(x, y));
    assert_eq!(m.into_vec(), d);
}

#[test]
fn staged_zip_8_and_4_bytes() {
    staged::<u64>(|i| i as u64, |x, y| x.wrapping_add(y));
    staged::<f32>(|i| i as f32, |x, y| x + y);
}

#[test]
#[cfg_attr(miri, ignore = "strips of 32 and 64 rows: slow under Miri")]
fn staged_zip_2_and_1_bytes() {
    staged::<u16>(|i| i as u16, |x, y| x.wrapping_add(y));
    staged::<u8>(|i| i as u8, |x, y| x.wrapping_add(y));
}

// Tenth round: a transposed operand flipped along its rows (stride -1
// there, a 90-degree rotation) is staged backwards: each strip from its
// lowest position, its rows in the buffer in reverse. Several starts in
// the buffer (each a different grid shift: under Miri and in debug builds
// the strips start on lines at every size), `Zip` of 3, `zip_with` and
// `map_collect`, every item staged and equal to the element.
fn staged_backwards<T>(of: impl Fn(usize) -> T, add: impl Fn(T, T) -> T)
where
    T: Copy + PartialEq + core::fmt::Debug + 'static,
{
    let b = 64 / size_of::<T>();
    let (r, c) = if cfg!(miri) {
        (b + 3, 2 * b + 1)
    } else {
        (3 * b + 5, 4 * b + 3)
    };
    let pitch = r + 2;
    let starts: &[usize] = if cfg!(miri) {
        &[0, 5]
    } else {
        &[0, 1, 5, b - 1]
    };
    for &start in starts {
        let src: Vec<T> = (0..start + c * pitch + 1).map(&of).collect();
        let range = src.as_ptr_range();
        // (i, j) at start + (r - 1 - i) + j·pitch: rows backwards.
        let l = Layout::new([r, c], [-1, pitch as isize], start + r - 1).unwrap();
        let sv = StridedView::new(&src, l).unwrap();
        let at = |i: usize, j: usize| src[start + (r - 1 - i) + j * pitch];
        let a: Vec<T> = (0..r * c).map(|i| of(3 * i + 1)).collect();
        let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
        let mut d = vec![of(0); r * c];
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        let mut staged = 0usize;
        Zip::from(&mut dv)
            .and(av)
            .unwrap()
            .and(sv)
            .unwrap()
            .for_each(|d, &a, s| {
                staged += usize::from(!range.contains(&(s as *const T)));
                *d = add(a, *s);
            });
        assert_eq!(staged, r * c, "start {start}: every item staged");
        for i in 0..r {
            for j in 0..c {
                assert_eq!(d[i * c + j], add(a[i * c + j], at(i, j)), "({i}, {j})");
            }
        }
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        dv.zip_with(&sv, |d, &s| *d = s).unwrap();
        for i in 0..r {
            for j in 0..c {
                assert_eq!(d[i * c + j], at(i, j), "zip_with ({i}, {j})");
            }
        }
        let m = Zip::from(av)
            .and(sv)
            .unwrap()
            .map_collect(|&x, &y| add(x, y));
        let want: Vec<T> = (0..r * c).map(|n| add(a[n], at(n / c, n % c))).collect();
        assert_eq!(m.into_vec(), want, "start {start}: map_collect");
    }
}

#[test]
fn staged_backwards_4_and_8_bytes() {
    staged_backwards::<f32>(|i| i as f32, |x, y| x + y);
    staged_backwards::<u64>(|i| i as u64, |x, y| x.wrapping_add(y));
}

#[test]
#[cfg_attr(miri, ignore = "strips of 32 and 64 rows: slow under Miri")]
fn staged_backwards_2_and_1_bytes() {
    staged_backwards::<u16>(|i| i as u16, |x, y| x.wrapping_add(y));
    staged_backwards::<u8>(|i| i as u8, |x, y| x.wrapping_add(y));
}

// A closure that panics after `n` calls, on a staged zip and on an
// unstaged one (a transposed mutable operand): the panic leaves the views
// usable, and the values written before it are in place.
#[test]
fn panic_in_for_each_mid_way() {
    for staged in [true, false] {
        let (r, c) = (19usize, 21usize);
        let src: Vec<u64> = (0..(r * c) as u64).collect();
        let mut d = vec![0u64; r * c];
        let calls = Cell::new(0usize);
        let res = catch_unwind(AssertUnwindSafe(|| {
            let sv = StridedView::new(&src, Layout::contiguous([c, r]))
                .unwrap()
                .t();
            let dl = if staged {
                Layout::contiguous([r, c])
            } else {
                Layout::contiguous([c, r]).t()
            };
            let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
            Zip::from(&mut dv).and(sv).unwrap().for_each(|d, &s| {
                if calls.get() == 150 {
                    panic!("mid-way");
                }
                *d = s + 1;
                calls.set(calls.get() + 1);
            });
        }));
        assert!(res.is_err());
        assert_eq!(calls.get(), 150);
        // Exactly the 150 completed calls wrote.
        assert_eq!(d.iter().filter(|&&x| x != 0).count(), 150);
        // The buffer is usable again.
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        dv.fill(7);
        assert!(d.iter().all(|&x| x == 7));
    }
}

// map_collect whose closure panics mid-way (staged operand, several
// strips done): every value made so far is dropped exactly once.
#[test]
fn panic_in_map_collect_mid_way() {
    for stop in [0usize, 1, 77, 398] {
        let (r, c) = (19usize, 21usize);
        let src: Vec<u64> = (0..(r * c) as u64).collect();
        let sv = StridedView::new(&src, Layout::contiguous([c, r]))
            .unwrap()
            .t();
        let other: Vec<u64> = vec![5; r * c];
        let ov = StridedView::new(&other, Layout::contiguous([r, c])).unwrap();
        let made = Cell::new(0usize);
        let res = catch_unwind(AssertUnwindSafe(|| {
            Zip::from(ov).and(sv).unwrap().map_collect(|&o, &s| {
                if made.get() == stop {
                    panic!("mid-way");
                }
                made.set(made.get() + 1);
                Counted::new(o + s)
            })
        }));
        assert!(res.is_err());
        assert_eq!(made.get(), stop);
        assert_eq!(live(), 0, "stop {stop}");
    }
    // And without a panic every value lives in the array, then is dropped.
    let x: Vec<u64> = (0..30).collect();
    let xv = StridedView::new(&x, Layout::contiguous([5, 6]))
        .unwrap()
        .t();
    let m = Zip::from(xv).map_collect(|&v| Counted::new(v));
    assert_eq!(live(), 30);
    assert_eq!(m.into_vec().iter().map(|c| c.0).sum::<u64>(), 435);
    assert_eq!(live(), 0);
}

// Windows and mutable chunks as operands (items are views) under Miri.
#[test]
fn window_and_chunk_items() {
    let x: Vec<i32> = (0..30).collect();
    let v = StridedView::new(&x, Layout::contiguous([5, 6]))
        .unwrap()
        .t();
    let mut out = [0i32; 4 * 3];
    let mut o = StridedViewMut::new(&mut out, Layout::contiguous([4, 3])).unwrap();
    Zip::from(&mut o)
        .and(v.windows([3, 3]).unwrap())
        .unwrap()
        .for_each(|o, w| *o = w.sum());
    // Window (i, j) of v = x^T: rows j..j+3 of x, columns i..i+3.
    for i in 0..4 {
        for j in 0..3 {
            let mut s = 0;
            for a in 0..3 {
                for b in 0..3 {
                    s += x[(j + b) * 6 + i + a];
                }
            }
            assert_eq!(out[i * 3 + j], s);
        }
    }
    let mut y = x.clone();
    let mut m = StridedViewMut::new(&mut y, Layout::contiguous([5, 6])).unwrap();
    Zip::from(m.exact_chunks_mut([2, 3]).unwrap())
        .indexed()
        .for_each(|[i, j], mut c| c.map_inplace(|e| *e = -(10 * i as i32 + j as i32) - 1));
    assert_eq!(&y[..6], &[-1, -1, -1, -2, -2, -2]);
    assert_eq!(&y[18..24], &[-11, -11, -11, -12, -12, -12]);
    assert_eq!(&y[24..], &[24, 25, 26, 27, 28, 29]);
}

// z28d: the staged walk's strips start on the staged operand's cache
// lines and its column chunks on the destination's, so where the first
// element lies in a line changes which strip and chunk are short. A
// transposed f32 operand and an f32 destination at several element
// offsets past a 64-byte line (found by address), against plain loops.
#[test]
fn staged_zip_at_line_shifts() {
    let (r, c) = (19usize, 37usize);
    let line0 = |p: *const f32| (64 - p as usize % 64) % 64 / 4;
    for (so, d0) in [(0usize, 0usize), (1, 15), (7, 3), (15, 9)] {
        let pitch = r + 1;
        let mut src: Vec<f32> = (0..c * pitch + 32).map(|i| i as f32).collect();
        let s0 = line0(src.as_ptr()) + so;
        src.truncate(s0 + c * pitch);
        let bt = StridedView::new(&src, Layout::new([c, r], [pitch as isize, 1], s0).unwrap())
            .unwrap()
            .t();
        let a: Vec<f32> = (0..r * c).map(|i| (3 * i) as f32).collect();
        let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
        let mut d = vec![0f32; r * c + 32];
        let o = line0(d.as_ptr()) + d0;
        d.truncate(o + r * c);
        let dl = Layout::new([r, c], [c as isize, 1], o).unwrap();
        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
        Zip::from(&mut dv)
            .and(av)
            .unwrap()
            .and(bt)
            .unwrap()
            .for_each(|d, &a, &b| *d = a + b);
        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
        dv.zip_with(&bt, |d, &b| *d += b).unwrap();
        for i in 0..r {
            for j in 0..c {
                let s = src[s0 + j * pitch + i];
                assert_eq!(
                    d[o + i * c + j],
                    a[i * c + j] + s + s,
                    "{so} {d0} ({i}, {j})"
                );
            }
        }
    }
}

// `d op= (a, src)` through a `Zip` of 3, or `d op= src` through
// `zip_with` (0 in place of `a`): `src` transposed from position 1, `d` and
// `a` contiguous.
fn zip_or_zip_with<const N: usize>(
    d: &mut [Counted],
    a: &[u64],
    src: &[u64],
    shape: [usize; N],
    src_strides: [isize; N],
    three: bool,
    f: &impl Fn(&mut Counted, u64, u64),
) {
    let sv = StridedView::new(src, Layout::new(shape, src_strides, 1).unwrap()).unwrap();
    let av = StridedView::new(a, Layout::contiguous(shape)).unwrap();
    let mut dv = StridedViewMut::new(d, Layout::contiguous(shape)).unwrap();
    if three {
        Zip::from(&mut dv)
            .and(av)
            .unwrap()
            .and(sv)
            .unwrap()
            .for_each(|d, &a, &s| f(d, a, s));
    } else {
        dv.zip_with(&sv, |d, &s| f(d, 0, s)).unwrap();
    }
}

// z29e: zip_with's strips (inlined into zip_mut, the outer plan of rank 0
// walked as its unit axis) and `Zip` of 3's (out of line), at rank 2 and
// 3, with a destination that is not plain (the staged source is) and a
// closure that panics after `stop` calls: the completed calls wrote,
// nothing else did, and every destination element is dropped once.
#[test]
fn staged_strips_panic_with_counted_destination() {
    let (r, c) = (11usize, 19usize);
    for outer in [0usize, 2] {
        for three in [false, true] {
            for stop in [0usize, 40, usize::MAX] {
                let (o, n) = (outer.max(1), outer.max(1) * r * c);
                // Source element (q, i, j) at q·r·c + j·r + i: transposed.
                let src: Vec<u64> = (0..n as u64 + 1).map(|x| 3 * x + 1).collect();
                let a: Vec<u64> = (0..n as u64).collect();
                let live0 = live();
                let mut d: Vec<Counted> = (0..n).map(|_| Counted::new(0)).collect();
                let calls = Cell::new(0usize);
                let f = |d: &mut Counted, a: u64, s: u64| {
                    if calls.get() == stop {
                        panic!("mid-way");
                    }
                    d.0 = a + s + 1;
                    calls.set(calls.get() + 1);
                };
                let res = catch_unwind(AssertUnwindSafe(|| {
                    if outer == 0 {
                        zip_or_zip_with(&mut d, &a, &src, [r, c], [1, r as isize], three, &f);
                    } else {
                        let strides = [(r * c) as isize, 1, r as isize];
                        zip_or_zip_with(&mut d, &a, &src, [o, r, c], strides, three, &f);
                    }
                }));
                let done = stop.min(n);
                assert_eq!(res.is_err(), stop < n);
                assert_eq!(calls.get(), done);
                let mut wrote = 0;
                for q in 0..o {
                    for i in 0..r {
                        for j in 0..c {
                            let x = (q * r + i) * c + j;
                            if d[x].0 != 0 {
                                let aa = if three { a[x] } else { 0 };
                                let s = src[1 + q * r * c + j * r + i];
                                assert_eq!(d[x].0, aa + s + 1, "outer {outer} three {three}");
                                wrote += 1;
                            }
                        }
                    }
                }
                assert_eq!(wrote, done, "outer {outer} three {three} stop {stop}");
                drop(d);
                assert_eq!(live(), live0, "each destination element dropped once");
            }
        }
    }
}

// A rotated operand (transposed, flipped along its unit-stride axis:
// staged backwards) that is one `split_at` half of a buffer while a
// reference into the sibling half stays live (one thread) or another
// thread writes the sibling: staging must read only the half's own
// positions. Split along the outer axis (the half's strips are whole)
// and along the inner one (the half's rows are runs with holes, shorter
// than a strip).
#[test]
fn staged_backwards_from_a_split_half() {
    const R: usize = 40;
    const C: usize = 20;
    for (axis, at) in [(0usize, 21usize), (1, 9)] {
        let (ra, ca) = if axis == 0 { (at, C) } else { (R, at) };
        // rot90 of half a: (i, j) -> a(j, ca - 1 - i) = j·C + ca - 1 - i.
        let want: Vec<u32> = (0..ca * ra)
            .map(|n| ((n % ra) * C + ca - 1 - n / ra) as u32)
            .collect();
        for threads in [false, true] {
            let mut buf: Vec<u32> = (0..(R * C) as u32).collect();
            // (Addresses only, compared: a pointer range is not Sync.)
            let range = buf.as_ptr_range();
            let range = range.start.addr()..range.end.addr();
            let v = StridedViewMut::new(&mut buf, Layout::contiguous([R, C])).unwrap();
            let (a, mut b) = v.split_at(axis, at).unwrap();
            let rot = a.view().t().flip(0).unwrap();
            let run = |staged: &mut usize| {
                let mut d = vec![0u32; ca * ra];
                let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([ca, ra])).unwrap();
                Zip::from(&mut dv).and(rot).unwrap().for_each(|d, s| {
                    *staged += usize::from(!range.contains(&(s as *const u32).addr()));
                    *d = *s;
                });
                assert_eq!(d, want, "Zip, split along {axis}");
                let mut e = vec![0u32; ca * ra];
                let mut ev = StridedViewMut::new(&mut e, Layout::contiguous([ca, ra])).unwrap();
                ev.zip_with(&rot, |d, &s| *d = s).unwrap();
                assert_eq!(e, want, "zip_with, split along {axis}");
            };
            let mut staged = 0usize;
            if threads {
                std::thread::scope(|s| {
                    s.spawn(move || b.fill(7));
                    s.spawn(|| run(&mut staged));
                });
            } else {
                let r = b.get_mut([0, 0]).unwrap();
                run(&mut staged);
                *r = 7;
            }
            if axis == 0 {
                // (The inner split's 9-element rows are shorter than a
                // strip of u32, staged or not as the walk decides.)
                assert_eq!(staged, ca * ra, "every item staged");
            }
        }
    }
}
