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

use std::hint::black_box;

use constrided::{strided, Layout, StridedView};

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

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "static".into());
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
