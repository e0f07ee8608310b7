//! Static index math costs what hand-written index math costs.
//!
//! `v[[i, j]]` on a view made by `strided!` folds the layout into
//! constants: the functions below compile to the same work as indexing
//! the buffer by hand (`buf[22 + 20*i + 2*j]`). Compare them with
//! callgrind (instruction counts are exact and repeatable):
//!
//! ```text
//! cargo build --release --example static_index
//! valgrind --tool=callgrind target/release/examples/static_index static
//! valgrind --tool=callgrind target/release/examples/static_index hand
//! valgrind --tool=callgrind target/release/examples/static_index runtime
//! ```
//!
//! The kernels on static views (issue 8) against the hand-written loops
//! over the same constant positions, one function per kernel, counted per
//! call with callgrind's `--toggle-collect`:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='static_index::k_*' \
//!     target/release/examples/static_index kernels
//! callgrind_annotate callgrind.out.<pid> | grep k_
//! ```

use std::hint::black_box;

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

type Tile = strided!(type shape = (4, 3), strides = (20, 2), offset = 22);

/// One element through the static view (range checks on i and j).
#[inline(never)]
pub fn get_static(v: &StridedView<'_, f32, 2, Tile>, i: usize, j: usize) -> f32 {
    v[[i, j]]
}

/// One element by hand (one bounds check on the position).
#[inline(never)]
pub fn get_hand(buf: &[f32; 100], i: usize, j: usize) -> f32 {
    buf[22 + 20 * i + 2 * j]
}

/// One element through the static view, range checks left to the caller.
#[inline(never)]
pub fn get_static_unchecked(v: &StridedView<'_, f32, 2, Tile>, i: usize, j: usize) -> f32 {
    // SAFETY: main only passes i < 4, j < 3.
    unsafe { *v.get_unchecked([i, j]) }
}

/// One element by hand, without the bounds check.
#[inline(never)]
pub fn get_hand_unchecked(buf: &[f32; 100], i: usize, j: usize) -> f32 {
    // SAFETY: main only passes i < 4, j < 3, so the position is below 87.
    unsafe { *buf.get_unchecked(22 + 20 * i + 2 * j) }
}

/// Every element through the static view: constant trip counts and offsets.
#[inline(never)]
pub fn sum_static(v: &StridedView<'_, f32, 2, Tile>) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..3 {
            s += v[[i, j]];
        }
    }
    s
}

/// Every element by hand.
#[inline(never)]
pub fn sum_hand(buf: &[f32; 100]) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..3 {
            s += buf[22 + 20 * i + 2 * j];
        }
    }
    s
}

/// Every element through a runtime layout, for contrast.
#[inline(never)]
pub fn sum_runtime(v: &StridedView<'_, f32, 2>) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..3 {
            s += v[[i, j]];
        }
    }
    s
}

// ---- Kernels on static views (issue 8) vs hand-written loops ----

/// A seed-sized 3-D static layout: 120 elements, shape (4, 5, 6).
pub type Cube = strided!(type shape = (4, 5, 6), strides = (48, 9, 1), offset = 3);
/// Its element count, for the hand-written loops.
const CUBE: usize = 120;

/// `fold` through the static cube.
#[inline(never)]
pub fn k_fold_static(v: &StridedView<'_, f32, 3, Cube>) -> f32 {
    v.fold(0.0, |s, &e| s + e)
}

/// The same fold by hand.
#[inline(never)]
pub fn k_fold_hand(buf: &[f32; 200]) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..5 {
            for k in 0..6 {
                s += buf[3 + 48 * i + 9 * j + k];
            }
        }
    }
    s
}

/// `sum` through the static cube.
#[inline(never)]
pub fn k_sum_static(v: &StridedView<'_, f32, 3, Cube>) -> f32 {
    v.sum()
}

/// `iter().sum()` through the static cube (the iterator is not static yet).
#[inline(never)]
pub fn k_itersum_static(v: &StridedView<'_, f32, 3, Cube>) -> f32 {
    v.iter().sum()
}

/// `fill` of the 12-element static tile.
#[inline(never)]
pub fn k_fill_static(v: &mut StridedViewMut<'_, f32, 2, Tile>, x: f32) {
    v.fill(x)
}

/// The same fill by hand.
#[inline(never)]
pub fn k_fill_hand(buf: &mut [f32; 100], x: f32) {
    for i in 0..4 {
        for j in 0..3 {
            buf[22 + 20 * i + 2 * j] = x;
        }
    }
}

/// `copy_to_slice` of the static cube.
#[inline(never)]
pub fn k_copy_static(v: &StridedView<'_, f32, 3, Cube>, out: &mut [f32; CUBE]) {
    v.copy_to_slice(out).unwrap()
}

/// The same copy by hand.
#[inline(never)]
pub fn k_copy_hand(buf: &[f32; 200], out: &mut [f32; CUBE]) {
    let mut n = 0;
    for i in 0..4 {
        for j in 0..5 {
            for k in 0..6 {
                out[n] = buf[3 + 48 * i + 9 * j + k];
                n += 1;
            }
        }
    }
}

/// `to_array` of the static cube (a stack array of 120 elements).
#[inline(never)]
pub fn k_toarray_static(v: &StridedView<'_, f32, 3, Cube>) -> f32 {
    let a = v.to_array();
    black_box(&a);
    a[7]
}

/// The same array by hand.
#[inline(never)]
pub fn k_toarray_hand(buf: &[f32; 200]) -> f32 {
    let mut a = [0.0f32; CUBE];
    let mut n = 0;
    for i in 0..4 {
        for j in 0..5 {
            for k in 0..6 {
                a[n] = buf[3 + 48 * i + 9 * j + k];
                n += 1;
            }
        }
    }
    black_box(&a);
    a[7]
}

/// A 2-operand `Zip` over static views: `d += s` on the cube.
#[inline(never)]
pub fn k_zip_static(d: &mut StridedViewMut<'_, f32, 3, Cube>, s: &StridedView<'_, f32, 3, Cube>) {
    Zip::from(d).and(s).unwrap().for_each(|d, s| *d += *s);
}

/// The same zip by hand.
#[inline(never)]
pub fn k_zip_hand(d: &mut [f32; 200], s: &[f32; 200]) {
    for i in 0..4 {
        for j in 0..5 {
            for k in 0..6 {
                let p = 3 + 48 * i + 9 * j + k;
                d[p] += s[p];
            }
        }
    }
}

fn kernels() {
    let cb: [f32; 200] = core::array::from_fn(|i| i as f32);
    let mut db = [0.0f32; 200];
    let mut hb = [0.0f32; 200];
    let mut tb = [0.0f32; 100];
    let mut th = [0.0f32; 100];
    let mut out = [0.0f32; CUBE];
    let cv = strided!(&cb; shape = (4, 5, 6), strides = (48, 9, 1), offset = 3);
    let mut acc = 0.0f32;
    for r in 0..1000 {
        let cv = black_box(&cv);
        acc += k_fold_static(cv) + k_fold_hand(black_box(&cb));
        acc += k_sum_static(cv) + k_itersum_static(cv);
        let mut tv = strided!(&mut tb; shape = (4, 3), strides = (20, 2), offset = 22);
        k_fill_static(black_box(&mut tv), r as f32);
        k_fill_hand(black_box(&mut th), r as f32);
        k_copy_static(cv, black_box(&mut out));
        k_copy_hand(black_box(&cb), black_box(&mut out));
        acc += k_toarray_static(cv) + k_toarray_hand(black_box(&cb));
        let mut dv = strided!(&mut db; shape = (4, 5, 6), strides = (48, 9, 1), offset = 3);
        k_zip_static(black_box(&mut dv), cv);
        k_zip_hand(black_box(&mut hb), black_box(&cb));
    }
    assert_eq!(k_fold_static(&cv), k_fold_hand(&cb));
    assert_eq!(k_sum_static(&cv), k_fold_hand(&cb));
    assert_eq!(db, hb);
    assert_eq!(tb, th);
    assert_eq!(k_toarray_static(&cv), k_toarray_hand(&cb));
    println!("kernels: {acc}");
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "static".into());
    if mode == "kernels" {
        kernels();
        return;
    }
    let buf: [f32; 100] = core::array::from_fn(|i| i as f32);
    let sv = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    let rv = StridedView::new(&buf, Layout::new([4, 3], [20, 2], 22).unwrap()).unwrap();
    let rounds = 100_000;
    let mut acc = 0.0f32;
    for r in 0..rounds {
        let (i, j) = (black_box(r % 4), black_box(r % 3));
        acc += match mode.as_str() {
            "hand" => {
                sum_hand(black_box(&buf))
                    + get_hand(black_box(&buf), i, j)
                    + get_hand_unchecked(black_box(&buf), i, j)
            }
            "runtime" => sum_runtime(black_box(&rv)) + rv[[i, j]],
            _ => {
                sum_static(black_box(&sv))
                    + get_static(black_box(&sv), i, j)
                    + get_static_unchecked(black_box(&sv), i, j)
            }
        };
    }
    println!("{mode}: {acc}");
    assert_eq!(sum_static(&sv), sum_hand(&buf));
    assert_eq!(get_static(&sv, 3, 2), get_hand(&buf, 3, 2));
}
