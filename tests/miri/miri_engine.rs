//! Small cases of every element-wise kernel for Miri (tiles are 3x3 under
//! Miri, so a 5x7 transpose crosses tile edges): map_inplace, fill, fold,
//! sum, map, zip_with, `Zip` (up to 4 operands, broadcast, static views),
//! axis reductions, views of part of a buffer with a second thread writing
//! the sibling half, and panics midway with `String` elements (no double
//! drop, no uninitialised read).
//!
//! `cargo +nightly miri test --test miri_engine` (and with
//! `MIRIFLAGS=-Zmiri-tree-borrows`).

use super::model;

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{strided, Layout, StridedArray, StridedView, StridedViewMut, Zip};

fn strings(n: usize) -> Vec<String> {
    (0..n).map(|i| i.to_string()).collect()
}

#[test]
fn every_kernel_on_a_transpose() {
    let a: Vec<i32> = (0..35).collect();
    let at = StridedView::new(&a, Layout::contiguous([7, 5]))
        .unwrap()
        .t(); // 5x7
    let mut d = vec![0i32; 35];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([5, 7])).unwrap();
    dv.zip_with(&at, |d, a| *d = *a).unwrap();
    dv.map_inplace(|e| *e += 1);
    assert_eq!(dv.sum(), (1..=35).sum::<i32>());
    assert_eq!(dv.fold(0, |s, e| s.max(*e)), 35);
    assert_eq!(
        dv.map_reduce(0, |&e| e, |a, b| a + b),
        (1..=35).sum::<i32>()
    );
    assert_eq!(
        at.map_reduce(0i64, |&e| e as i64, |a, b| a + b),
        (0..35).sum::<i64>()
    );
    let b = [100i32; 7];
    let bv = StridedView::new(&b, Layout::contiguous([7])).unwrap();
    let c: Vec<i32> = (0..35).rev().collect();
    let cv = StridedView::new(&c, Layout::f_contiguous([5, 7])).unwrap();
    Zip::from(&mut dv)
        .and(&at)
        .unwrap()
        .and_broadcast(bv)
        .unwrap()
        .and(cv.flip(1).unwrap())
        .unwrap()
        .for_each(|d, a, b, c| *d = a + b + c - *d);
    for i in 0..5 {
        for j in 0..7 {
            let cij = c[i + 5 * (6 - j)];
            assert_eq!(d[i * 7 + j], 100 + cij - 1);
        }
    }
    assert_eq!(
        at.map(|e| e * 2).into_vec(),
        at.to_vec().iter().map(|e| e * 2).collect::<Vec<_>>()
    );
    assert_eq!(at.sum_axis(0).unwrap().into_vec()[0], (0..5).sum::<i32>());
    assert_eq!(
        at.sum_axis(1).unwrap().into_vec()[1],
        (0..7).map(|j| j * 5 + 1).sum::<i32>()
    );
    let mut out = [0i32; 5];
    let mut ov = StridedViewMut::new(&mut out, Layout::contiguous([5]))
        .unwrap()
        .flip(0)
        .unwrap();
    at.fold_axis_into(1, &mut ov, |o, &e| *o += e).unwrap();
    assert_eq!(out[4], (0..7).map(|j| j * 5).sum::<i32>());
    let mx = at.fold_axis(0, i32::MIN, |&m, &e| m.max(e)).unwrap();
    assert_eq!(mx.into_vec(), [4, 9, 14, 19, 24, 29, 34]);
    let mut f = vec![0i32; 35];
    StridedViewMut::new(&mut f, Layout::new([5, 7], [1, 5], 0).unwrap())
        .unwrap()
        .fill(3);
    assert!(f.iter().all(|&e| e == 3));
}

#[test]
fn static_views() {
    let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
    let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    let want: Vec<i32> = (0..4)
        .flat_map(|i| (0..3).map(move |j| 22 + 20 * i + 2 * j))
        .collect();
    assert_eq!(v.sum(), want.iter().sum::<i32>());
    assert_eq!(v.fold(0, |s, &e| s + e), want.iter().sum::<i32>());
    assert_eq!(v.map(|&e| e).into_vec(), want);
    let mut out = [0; 12];
    v.copy_to_slice(&mut out).unwrap();
    assert_eq!(out[..], want[..]);
    let mut o = [0i32; 12];
    let mut ov = strided!(&mut o; shape = (4, 3));
    Zip::from(&mut ov).and(v).unwrap().for_each(|o, &e| *o = e);
    assert_eq!(
        Zip::from(&ov).and(&v).unwrap().fold(0, |s, a, b| s + a - b),
        0
    );
    assert_eq!(ov.to_vec(), want);
    ov.fill(1);
    ov.map_inplace(|e| *e += 1);
    assert_eq!(o, [2; 12]);
}

#[test]
fn halves_with_a_writer_on_the_sibling() {
    let mut buf: Vec<u32> = (0..48).collect();
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([6, 8])).unwrap();
    let (mut top, mut bottom) = v.t().split_at(1, 3).unwrap(); // 8x3 and 8x3 of the transpose
    std::thread::scope(|s| {
        s.spawn(move || {
            bottom.map_inplace(|e| *e += 1000);
            bottom.fill(7);
        });
        top.map_inplace(|e| *e *= 2);
        let src: Vec<u32> = (0..24).collect();
        let sv = StridedView::new(&src, Layout::contiguous([3, 8]))
            .unwrap()
            .t();
        Zip::from(&mut top)
            .and(&sv)
            .unwrap()
            .for_each(|t, s| *t += *s);
        assert_eq!(top.view().sum_axis(0).unwrap().shape(), [3]);
        let _ = top.sum();
        let _ = top.view().map_reduce(0u64, |&e| e as u64, |a, b| a + b);
    });
    assert!(buf[24..].iter().all(|&e| e == 7));
    // top[i, j] = buf[8j + i], doubled, plus src[8j + i].
    assert!((0..24).all(|k| buf[k] == 3 * k as u32));
}

// `Zip` with a transposed operand, in both tile geometries (rows a
// multiple of the tile period apart: pitch 8 under Miri; or not: pitch 7),
// into the top half of a buffer whose bottom half another thread writes.
#[test]
fn tiled_zip_halves_with_a_writer_on_the_sibling() {
    for pitch in [7usize, 8] {
        let (r, c) = (7usize, 10usize);
        let mut buf: Vec<u32> = (0..(2 * r * c) as u32).collect();
        let v = StridedViewMut::new(&mut buf, Layout::contiguous([2 * r, c])).unwrap();
        let (mut top, mut bottom) = v.split_at(0, r).unwrap();
        let b: Vec<u32> = (0..(c * pitch) as u32).map(|x| 3 * x).collect();
        let bt = StridedView::new(&b, Layout::new([c, r], [pitch as isize, 1], 0).unwrap())
            .unwrap()
            .t();
        let a: Vec<u32> = (0..(r * c) as u32).map(|x| x + 100).collect();
        let av = StridedView::new(&a, Layout::contiguous([r, c])).unwrap();
        std::thread::scope(|s| {
            s.spawn(move || bottom.fill(7));
            Zip::from(&mut top)
                .and(av)
                .unwrap()
                .and(bt)
                .unwrap()
                .for_each(|t, a, b| *t += a + b);
        });
        for i in 0..r {
            for j in 0..c {
                let k = i * c + j;
                assert_eq!(buf[k], k as u32 + a[k] + b[j * pitch + i], "pitch {pitch}");
            }
        }
        assert!(buf[r * c..].iter().all(|&e| e == 7));
    }
}

fn panics_after(n: usize) -> impl FnMut() {
    let mut count = 0;
    move || {
        count += 1;
        if count > n {
            panic!("midway");
        }
    }
}

#[test]
fn panics_midway_leave_strings_valid() {
    let mut buf = strings(35);
    let l = Layout::contiguous([7, 5]).t();
    // map_inplace
    let mut tick = panics_after(10);
    let r = catch_unwind(AssertUnwindSafe(|| {
        StridedViewMut::new(&mut buf, l).unwrap().map_inplace(|e| {
            tick();
            e.push('!');
        })
    }));
    assert!(r.is_err());
    assert_eq!(buf.iter().filter(|s| s.ends_with('!')).count(), 10);
    // map: the output is built from uninitialised memory.
    let mut tick = panics_after(17);
    let r = catch_unwind(AssertUnwindSafe(|| {
        StridedView::new(&buf, l).unwrap().map(|e| {
            tick();
            e.clone() + "?"
        })
    }));
    assert!(r.is_err());
    // fold with a String accumulator
    let mut tick = panics_after(5);
    let r = catch_unwind(AssertUnwindSafe(|| {
        StridedView::new(&buf, l)
            .unwrap()
            .fold(String::new(), |acc, e| {
                tick();
                acc + e
            })
    }));
    assert!(r.is_err());
    // map_reduce with String partial results (sixteen kept at once)
    let long = strings(40);
    let mut tick = panics_after(21);
    let r = catch_unwind(AssertUnwindSafe(|| {
        StridedView::new(&long, Layout::contiguous([40]))
            .unwrap()
            .map_reduce(
                String::new(),
                |e| {
                    tick();
                    e.clone()
                },
                |a, b| a + &b,
            )
    }));
    assert!(r.is_err());
    let all = StridedView::new(&long, Layout::contiguous([40]))
        .unwrap()
        .map_reduce(String::new(), |e| e.clone(), |a, b| a + &b);
    assert_eq!(all.len(), long.iter().map(|s| s.len()).sum::<usize>());
    // zip_with and Zip
    let src = strings(35);
    let sv = StridedView::new(&src, Layout::contiguous([5, 7])).unwrap();
    let mut tick = panics_after(20);
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut dv = StridedViewMut::new(&mut buf, l).unwrap();
        Zip::from(&mut dv).and(&sv).unwrap().for_each(|d, s| {
            tick();
            *d = s.clone();
        })
    }));
    assert!(r.is_err());
    // fold_axis with String accumulators (an allocated result in progress)
    let mut tick = panics_after(12);
    let r = catch_unwind(AssertUnwindSafe(|| {
        StridedView::new(&buf, l)
            .unwrap()
            .fold_axis(1, String::new(), |acc, e| {
                tick();
                acc.clone() + e
            })
            .is_ok()
    }));
    assert!(r.is_err());
    // fold_axis_into: the destination stays valid and is dropped once.
    let mut dst = strings(5);
    let mut tick = panics_after(12);
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut dv = StridedViewMut::new(&mut dst, Layout::contiguous([5])).unwrap();
        StridedView::new(&buf, l)
            .unwrap()
            .fold_axis_into(1, &mut dv, |acc, e| {
                tick();
                acc.push_str(e);
            })
            .is_ok()
    }));
    assert!(r.is_err());
    // Everything is still readable.
    let total: usize = buf.iter().chain(&dst).map(|s| s.len()).sum();
    assert!(total > 0);
    let a = StridedArray::from_vec([5, 7], buf).unwrap();
    assert_eq!(
        a.fold(0, |n, s| n + s.len()),
        total - dst.iter().map(|s| s.len()).sum::<usize>()
    );
}

/// `sum_axis` of a permuted view whose result runs across the view's
/// contiguous axis: summed through a temporary in the source's order,
/// then added into the result by the element-wise engine. A view of part
/// of the buffer (the positions around it are never read).
#[test]
fn permuted_sum_axis_through_the_source_ordered_temporary() {
    let buf: Vec<i64> = (0..2 + 3 * 4 * 5 + 2).map(|x| x as i64).collect();
    // (2, 0, 1) of a row-major 3x4x5 block starting at 2: shape (5, 3, 4).
    let l = Layout::new([3, 4, 5], [20, 5, 1], 2)
        .unwrap()
        .permute([2, 0, 1])
        .unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    for axis in 0..3 {
        let got = v.sum_axis::<2>(axis).unwrap();
        let shape = l.shape();
        let out: [usize; 2] = core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
        let mut want = Vec::new();
        for o0 in 0..out[0] {
            for o1 in 0..out[1] {
                let o = [o0, o1];
                want.push(
                    (0..shape[axis])
                        .map(|i| v[model::insert_index::<2, 3>(o, axis, i)])
                        .sum::<i64>(),
                );
            }
        }
        assert_eq!(got.into_vec(), want, "axis {axis}");
    }
}
