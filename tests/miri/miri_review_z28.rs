//! Review r-z28: `zip_with` through the staged walk shared with `Zip`
//! (`zip_stage::walk`) under Miri (stacked and tree borrows) and ASan:
//! destination and source element sizes that differ (f64 <- f32,
//! u8 <- u64), a destination of a `Drop` type with a closure that panics
//! mid-strip (every String dropped once, none leaked), a ZST destination,
//! and `Zip` over `split_at` halves whose siblings another thread writes
//! meanwhile (the staged operand and the hinted contiguous ones read only
//! their own halves). Under Miri a strip is `64 / size` rows by twice
//! that: these sizes cross strips and blocks.

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};

// d[i, j] = f(d[i, j], s[j, i]) with d of T and s of U, the source a
// transposed view of part of a larger buffer, the destination flipped.
fn mixed<T: Copy + PartialEq + core::fmt::Debug, U: Copy>(
    r: usize,
    c: usize,
    t: impl Fn(usize) -> T,
    u: impl Fn(usize) -> U,
    f: impl Fn(T, U) -> T,
) {
    let pitch = r + 1;
    let src: Vec<U> = (0..c * pitch + 2).map(&u).collect();
    // s^T: element (i, j) at 2 + j·pitch + i.
    let sv = StridedView::new(&src, Layout::new([c, r], [pitch as isize, 1], 2).unwrap())
        .unwrap()
        .t();
    let mut d: Vec<T> = (0..r * c).map(&t).collect();
    let dl = Layout::contiguous([r, c]).flip(0).unwrap();
    StridedViewMut::new(&mut d, dl)
        .unwrap()
        .zip_with(&sv, |x, &y| *x = f(*x, y))
        .unwrap();
    for i in 0..r {
        for j in 0..c {
            // Row i of the flipped destination is buffer row r - 1 - i.
            let k = (r - 1 - i) * c + j;
            assert_eq!(d[k], f(t(k), src[2 + j * pitch + i]), "({i}, {j})");
        }
    }
}

#[test]
fn zip_with_staged_mixed_sizes() {
    mixed(
        11,
        21,
        |i| i as f64,
        |i| i as f32 * 0.5,
        |x, y| x + y as f64,
    );
    mixed(9, 19, |i| i as u8, |i| i as u64 * 3, |x, y| x ^ y as u8);
    mixed(
        10,
        17,
        |i| i as u64,
        |i| i as u16,
        |x, y| x.wrapping_mul(y as u64 + 1),
    );
}

// A String destination (not staged: only read-only plain operands are),
// a transposed u32 source (staged), the closure panicking mid-strip:
// every String is dropped once (Miri's leak check and its UB checks).
#[test]
fn zip_with_staged_drop_destination_panics() {
    let (r, c) = (13usize, 37usize);
    let src: Vec<u32> = (0..(r * c) as u32).collect();
    let sv = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut d: Vec<String> = (0..r * c).map(|i| i.to_string()).collect();
    let mut calls = 0;
    let res = catch_unwind(AssertUnwindSafe(|| {
        StridedViewMut::new(&mut d, Layout::contiguous([r, c]))
            .unwrap()
            .zip_with(&sv, |x, &y| {
                calls += 1;
                if calls == 150 {
                    panic!("mid-strip");
                }
                *x = format!("{x}+{y}");
            })
            .unwrap();
    }));
    assert!(res.is_err());
    assert_eq!(d.iter().filter(|x| x.contains('+')).count(), 149);
    for i in 0..r {
        for j in 0..c {
            let x = &d[i * c + j];
            assert!(*x == (i * c + j).to_string() || *x == format!("{}+{}", i * c + j, j * r + i));
        }
    }
}

// A zero-sized destination with a staged source: the closure sees every
// source value once.
#[test]
fn zip_with_staged_zst_destination() {
    let (r, c) = (9usize, 18usize);
    let src: Vec<u16> = (0..(r * c) as u16).collect();
    let sv = StridedView::new(&src, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let mut d = vec![(); r * c];
    let mut sum = 0u64;
    StridedViewMut::new(&mut d, Layout::contiguous([r, c]))
        .unwrap()
        .zip_with(&sv, |_, &y| sum += u64::from(y))
        .unwrap();
    assert_eq!(sum, (0..(r * c) as u64).sum::<u64>());
}

// Zip d = a + s^T over the top halves of three buffers (`split_at`),
// another thread writing every bottom half meanwhile: the staged operand
// and the contiguous ones read and write only their own halves.
#[test]
fn zip_staged_halves_sibling_written() {
    let n = 17usize;
    let mut sbuf: Vec<u32> = (0..2 * n * n).map(|i| i as u32).collect();
    let mut abuf: Vec<u32> = (0..2 * n * n).map(|i| 3 * i as u32).collect();
    let mut dbuf = vec![7u32; 2 * n * n];
    let s = StridedViewMut::new(&mut sbuf, Layout::contiguous([n, 2 * n])).unwrap();
    let (left, mut right) = s.split_at(1, n).unwrap();
    let a = StridedViewMut::new(&mut abuf, Layout::contiguous([2 * n, n])).unwrap();
    let (atop, mut abot) = a.split_at(0, n).unwrap();
    let d = StridedViewMut::new(&mut dbuf, Layout::contiguous([2 * n, n])).unwrap();
    let (mut top, mut bottom) = d.split_at(0, n).unwrap();
    std::thread::scope(|sc| {
        sc.spawn(move || {
            right.fill(1);
            abot.fill(1);
            bottom.fill(1);
        });
        let lt = left.view().t();
        Zip::from(&mut top)
            .and(atop.view())
            .unwrap()
            .and(lt)
            .unwrap()
            .for_each(|d, &a, &s| *d = a.wrapping_add(s));
    });
    for i in 0..n {
        for j in 0..n {
            let want = (3 * (i * n + j) as u32).wrapping_add((j * 2 * n + i) as u32);
            assert_eq!(dbuf[i * n + j], want, "({i}, {j})");
        }
    }
    assert!(dbuf[n * n..].iter().all(|&e| e == 1));
}
