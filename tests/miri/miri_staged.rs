//! The element-wise engine's staged path under Miri: `zip_with` with a
//! transposed source of a plain type copies tiles of the source through
//! the copy engine's blocks into a buffer and runs the closure over it.
//! Source and destination are halves of `split_at` whose siblings other
//! threads write meanwhile: the staged path must read only the positions
//! the source half reaches (Miri reports a data race otherwise) and write
//! only the destination's. Sizes cross whole blocks (8 f64, 16 u32 under
//! Miri), their edges and the staging strips.
//!
//! `cargo +nightly miri test --test miri_staged` (and with
//! `MIRIFLAGS=-Zmiri-tree-borrows`).

use constrided::{Layout, StridedViewMut};

fn staged_halves<T: Copy + Send + Sync + PartialEq + core::fmt::Debug>(
    n: usize,
    val: fn(usize) -> T,
    other: T,
) {
    // Source: the left n x n half of an n x 2n array; destination: the top
    // n x n half of a 2n x n array.
    let mut src: Vec<T> = (0..2 * n * n).map(val).collect();
    let mut dst: Vec<T> = vec![other; 2 * n * n];
    let s = StridedViewMut::new(&mut src, Layout::contiguous([n, 2 * n])).unwrap();
    let (left, mut right) = s.split_at(1, n).unwrap();
    let d = StridedViewMut::new(&mut dst, Layout::contiguous([2 * n, n])).unwrap();
    let (mut top, mut bottom) = d.split_at(0, n).unwrap();
    std::thread::scope(|sc| {
        sc.spawn(move || {
            right.fill(other);
            bottom.fill(other);
        });
        // top[i, j] = left[j, i]: the source is transposed (unit stride
        // along the destination's rows).
        let lt = left.view().t();
        top.zip_with(&lt, |d, s| *d = *s).unwrap();
    });
    for i in 0..n {
        for j in 0..n {
            assert_eq!(dst[i * n + j], val(j * 2 * n + i), "({i}, {j})");
        }
    }
    assert!(dst[n * n..].iter().all(|e| *e == other));
    assert!((0..n).all(|i| src[i * 2 * n + n..(i + 1) * 2 * n]
        .iter()
        .all(|e| *e == other)));
}

#[test]
fn staged_source_and_destination_halves() {
    staged_halves(19, |i| i as f64, -1.0);
    staged_halves(18, |i| i as u32, u32::MAX);
    staged_halves(5, |i| i as u8, 255);
}

#[test]
fn staged_panic_midway_leaves_destination_valid() {
    let n = 17usize;
    let src: Vec<u16> = (0..n * n).map(|i| i as u16).collect();
    let mut dst = vec![0u16; n * n];
    let sv = constrided::StridedView::new(&src, Layout::contiguous([n, n]))
        .unwrap()
        .t();
    let mut calls = 0;
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        StridedViewMut::new(&mut dst, Layout::contiguous([n, n]))
            .unwrap()
            .zip_with(&sv, |d, s| {
                calls += 1;
                if calls == 100 {
                    panic!("midway");
                }
                *d = *s + 1;
            })
            .unwrap();
    }));
    assert!(r.is_err());
    // Every element is either untouched or its final value.
    for i in 0..n {
        for j in 0..n {
            let e = dst[i * n + j];
            assert!(e == 0 || e == (j * n + i) as u16 + 1);
        }
    }
    assert_eq!(dst.iter().filter(|&&e| e != 0).count(), 99);
}
