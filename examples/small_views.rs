//! Kernels on small views cost what ndarray's cost on the same views, and
//! copies between static views cost what the hand-written loop costs.
//!
//! Each function below runs one kernel on a 3x3 window of a 64-wide f32
//! image (runtime layout), on ndarray's view of the same window, or as a
//! hand-written loop; `static_*` copy between two `strided!` views.
//! Instruction counts per call, with callgrind (exact and repeatable):
//!
//! ```text
//! cargo build --release --example small_views
//! valgrind --tool=callgrind --toggle-collect='small_views::sv_*' \
//!     --callgrind-out-file=cg.out target/release/examples/small_views
//! callgrind_annotate --inclusive=yes cg.out | grep sv_
//! ```
//!
//! (Each function is called `CALLS` times; divide by it. `sv_static_assign`
//! and `sv_static_rearrange` compile to the same code, and the linker may
//! fold them into one symbol, which then counts both: divide by `2 * CALLS`.)

use std::hint::black_box;

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};
use ndarray::{s, Array2, ArrayView2, ArrayViewMut2};

/// Calls per function (callgrind counts divide by this).
const CALLS: usize = 1000;
/// Width of the image.
const W: usize = 64;

// ---- sum ----

/// `sum` of a runtime 3x3 window.
#[inline(never)]
pub fn sv_sum_constrided(v: &StridedView<'_, f32, 2>) -> f32 {
    v.sum()
}
/// ndarray's `sum` of the same window.
#[inline(never)]
pub fn sv_sum_ndarray(v: &ArrayView2<'_, f32>) -> f32 {
    v.sum()
}
/// By hand.
#[inline(never)]
pub fn sv_sum_hand(img: &[f32], r: usize, c: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..3 {
        for j in 0..3 {
            s += img[(r + i) * W + c + j];
        }
    }
    s
}

// ---- fold ----

/// `fold` (max) of a runtime 3x3 window.
#[inline(never)]
pub fn sv_fold_constrided(v: &StridedView<'_, f32, 2>) -> f32 {
    v.fold(f32::MIN, |a, &e| a.max(e))
}
/// ndarray's `fold`.
#[inline(never)]
pub fn sv_fold_ndarray(v: &ArrayView2<'_, f32>) -> f32 {
    v.fold(f32::MIN, |a, &e| a.max(e))
}
/// By hand.
#[inline(never)]
pub fn sv_fold_hand(img: &[f32], r: usize, c: usize) -> f32 {
    let mut a = f32::MIN;
    for i in 0..3 {
        for j in 0..3 {
            a = a.max(img[(r + i) * W + c + j]);
        }
    }
    a
}

// ---- map_inplace ----

/// `map_inplace` on a runtime 3x3 window.
#[inline(never)]
pub fn sv_mapinplace_constrided(v: &mut StridedViewMut<'_, f32, 2>) {
    v.map_inplace(|e| *e = *e * 0.5 + 1.0)
}
/// ndarray's `map_inplace`.
#[inline(never)]
pub fn sv_mapinplace_ndarray(v: &mut ArrayViewMut2<'_, f32>) {
    v.map_inplace(|e| *e = *e * 0.5 + 1.0)
}
/// By hand.
#[inline(never)]
pub fn sv_mapinplace_hand(img: &mut [f32], r: usize, c: usize) {
    for i in 0..3 {
        for j in 0..3 {
            let e = &mut img[(r + i) * W + c + j];
            *e = *e * 0.5 + 1.0;
        }
    }
}

// ---- assign of the transposed window into a 3x3 tile ----

/// `assign` of the transposed window into a contiguous 3x3 tile.
#[inline(never)]
pub fn sv_assign_constrided(d: &mut StridedViewMut<'_, f32, 2>, v: &StridedView<'_, f32, 2>) {
    d.assign(&v.t()).unwrap()
}
/// ndarray's `assign`.
#[inline(never)]
pub fn sv_assign_ndarray(d: &mut ArrayViewMut2<'_, f32>, v: &ArrayView2<'_, f32>) {
    d.assign(&v.t())
}
/// By hand.
#[inline(never)]
pub fn sv_assign_hand(tile: &mut [f32; 9], img: &[f32], r: usize, c: usize) {
    for i in 0..3 {
        for j in 0..3 {
            tile[3 * i + j] = img[(r + j) * W + c + i];
        }
    }
}

// ---- a 2-operand Zip ----

/// `Zip` of the window and a 3x3 tile: `t += 2 * w`.
#[inline(never)]
pub fn sv_zip_constrided(d: &mut StridedViewMut<'_, f32, 2>, v: &StridedView<'_, f32, 2>) {
    Zip::from(d).and(v).unwrap().for_each(|t, &w| *t += 2.0 * w)
}
/// ndarray's `Zip`.
#[inline(never)]
pub fn sv_zip_ndarray(d: &mut ArrayViewMut2<'_, f32>, v: &ArrayView2<'_, f32>) {
    ndarray::Zip::from(d).and(v).for_each(|t, &w| *t += 2.0 * w)
}
/// By hand.
#[inline(never)]
pub fn sv_zip_hand(tile: &mut [f32; 9], img: &[f32], r: usize, c: usize) {
    for i in 0..3 {
        for j in 0..3 {
            tile[3 * i + j] += 2.0 * img[(r + i) * W + c + j];
        }
    }
}

// ---- copies between two static views (the seed layout, 12 elements) ----

/// The seed's (4, 3) layout over a 10x10 buffer.
pub type Seed = strided!(type shape = (4, 3), strides = (20, 2), offset = 22);
/// A contiguous 3x4 tile.
pub type Tile34 = strided!(type shape = (3, 4));

/// `assign` of the transposed static view into a static tile.
#[inline(never)]
pub fn sv_static_assign(
    d: &mut StridedViewMut<'_, f32, 2, Tile34>,
    s: &StridedView<'_, f32, 2, Seed>,
) {
    d.assign(&s.t()).unwrap()
}
/// `rearrange` of the same pair.
#[inline(never)]
pub fn sv_static_rearrange(
    d: &mut StridedViewMut<'_, f32, 2, Tile34>,
    s: &StridedView<'_, f32, 2, Seed>,
) {
    constrided::kernel::rearrange(d, &s.t()).unwrap()
}
/// The same copy by hand.
#[inline(never)]
pub fn sv_static_hand(out: &mut [f32; 12], buf: &[f32; 100]) {
    for i in 0..3 {
        for j in 0..4 {
            out[4 * i + j] = buf[22 + 20 * j + 2 * i];
        }
    }
}

fn main() {
    let mut img: Vec<f32> = (0..W * W).map(|x| (x % 251) as f32).collect();
    let (r, c) = (5, 7);
    let win = Layout::new([3, 3], [W as isize, 1], r * W + c).unwrap();
    let mut tile = [0.0f32; 9];
    let mut acc = 0.0;
    for _ in 0..CALLS {
        let v = StridedView::new(&img, win).unwrap();
        acc += sv_sum_constrided(black_box(&v));
        acc += sv_fold_constrided(black_box(&v));
        let nd = ArrayView2::from_shape((W, W), &img).unwrap();
        let nv = nd.slice(s![r..r + 3, c..c + 3]);
        acc += sv_sum_ndarray(black_box(&nv));
        acc += sv_fold_ndarray(black_box(&nv));
        acc += sv_sum_hand(black_box(&img), black_box(r), black_box(c));
        acc += sv_fold_hand(black_box(&img), black_box(r), black_box(c));
        {
            let mut d = StridedViewMut::new(&mut tile, Layout::contiguous([3, 3])).unwrap();
            sv_assign_constrided(black_box(&mut d), black_box(&v));
            sv_zip_constrided(black_box(&mut d), black_box(&v));
        }
        {
            let mut d = ArrayViewMut2::from_shape((3, 3), &mut tile).unwrap();
            sv_assign_ndarray(black_box(&mut d), black_box(&nv));
            sv_zip_ndarray(black_box(&mut d), black_box(&nv));
        }
        sv_assign_hand(
            black_box(&mut tile),
            black_box(&img),
            black_box(r),
            black_box(c),
        );
        sv_zip_hand(
            black_box(&mut tile),
            black_box(&img),
            black_box(r),
            black_box(c),
        );
        {
            let mut m = StridedViewMut::new(&mut img, win).unwrap();
            sv_mapinplace_constrided(black_box(&mut m));
        }
        {
            let mut nd = ArrayViewMut2::from_shape((W, W), &mut img).unwrap();
            let mut nm = nd.slice_mut(s![r..r + 3, c..c + 3]);
            sv_mapinplace_ndarray(black_box(&mut nm));
        }
        sv_mapinplace_hand(black_box(&mut img), black_box(r), black_box(c));
    }
    // Static copies.
    let buf: [f32; 100] = core::array::from_fn(|i| i as f32);
    let mut out = [0.0f32; 12];
    for _ in 0..CALLS {
        let s = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
        {
            let mut d = strided!(&mut out; shape = (3, 4));
            sv_static_assign(black_box(&mut d), black_box(&s));
            sv_static_rearrange(black_box(&mut d), black_box(&s));
        }
        sv_static_hand(black_box(&mut out), black_box(&buf));
    }
    let want: Vec<f32> = (0..12)
        .map(|k| buf[22 + 20 * (k % 4) + 2 * (k / 4)])
        .collect();
    assert_eq!(out.to_vec(), want);
    let t = Array2::from_shape_vec((3, 3), tile.to_vec()).unwrap();
    println!("{acc} {}", t.sum());
}
