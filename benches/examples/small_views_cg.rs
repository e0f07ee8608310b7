//! Small views under callgrind: instructions per call for constrided and
//! ndarray, **counting the construction of the views from the buffer** as a
//! caller pays it (constrided: `Layout::new` + `StridedView::new`, or
//! `strided!` with a `dyn` offset; ndarray: `ArrayView::from_shape` with
//! the window's strides), then the same call.
//!
//! Every case is an `#[inline(never)]` function `cg_<case>_<lib>` taking
//! the image and the window's position; `benches/tools/small_views.sh`
//! builds this example, runs it under callgrind and prints the
//! instructions per call of each pair:
//!
//! ```text
//! benches/tools/small_views.sh
//! ```
//!
//! Cases (a 3x3 window of a 64-wide f32 image unless named otherwise):
//! `sum`, `fold` (max), `mapinplace`, `assign` (the transposed window into
//! a contiguous 3x3 tile), `zip` (2 operands, `t += 2 * w`), `pixel` (a
//! `strided!` view with a `dyn` offset built per pixel and read by index,
//! against ndarray indexing the image), `block8` (an 8x8 f32 block of a
//! 64-wide image transposed into a contiguous tile), `t8` (the same between
//! views built once, as `bench_report`'s in-cache 8x8 transpose).

use std::hint::black_box;

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};
use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder};

/// Calls per function (callgrind counts divide by this).
pub const CALLS: usize = 1000;
/// Width of the image.
const W: usize = 64;

// ---- sum ----

/// `sum` of a 3x3 window, the view built from the buffer.
#[inline(never)]
pub fn cg_sum_constrided(img: &[f32], o: usize) -> f32 {
    let l = Layout::new([3, 3], [W as isize, 1], o).unwrap();
    StridedView::new(img, l).unwrap().sum()
}
/// ndarray: `from_shape` with the window's strides, then `sum`.
#[inline(never)]
pub fn cg_sum_ndarray(img: &[f32], o: usize) -> f32 {
    ArrayView2::from_shape((3, 3).strides((W, 1)), &img[o..])
        .unwrap()
        .sum()
}

// ---- fold ----

/// `fold` (max) of a 3x3 window.
#[inline(never)]
pub fn cg_fold_constrided(img: &[f32], o: usize) -> f32 {
    let l = Layout::new([3, 3], [W as isize, 1], o).unwrap();
    StridedView::new(img, l)
        .unwrap()
        .fold(f32::MIN, |a, &e| a.max(e))
}
/// ndarray's `fold`.
#[inline(never)]
pub fn cg_fold_ndarray(img: &[f32], o: usize) -> f32 {
    ArrayView2::from_shape((3, 3).strides((W, 1)), &img[o..])
        .unwrap()
        .fold(f32::MIN, |a, &e| a.max(e))
}

// ---- map_inplace ----

/// `map_inplace` on a 3x3 window.
#[inline(never)]
pub fn cg_mapinplace_constrided(img: &mut [f32], o: usize) {
    let l = Layout::new([3, 3], [W as isize, 1], o).unwrap();
    StridedViewMut::new(img, l)
        .unwrap()
        .map_inplace(|e| *e = *e * 0.5 + 1.0)
}
/// ndarray's `map_inplace`.
#[inline(never)]
pub fn cg_mapinplace_ndarray(img: &mut [f32], o: usize) {
    ArrayViewMut2::from_shape((3, 3).strides((W, 1)), &mut img[o..])
        .unwrap()
        .map_inplace(|e| *e = *e * 0.5 + 1.0)
}

// ---- assign of the transposed window into a 3x3 tile ----

/// `assign` of the transposed window into a contiguous 3x3 tile.
#[inline(never)]
pub fn cg_assign_constrided(tile: &mut [f32; 9], img: &[f32], o: usize) {
    let l = Layout::new([3, 3], [W as isize, 1], o).unwrap();
    let v = StridedView::new(img, l).unwrap();
    let mut d = StridedViewMut::new(tile, Layout::contiguous([3, 3])).unwrap();
    d.assign(&v.t()).unwrap()
}
/// ndarray's `assign`.
#[inline(never)]
pub fn cg_assign_ndarray(tile: &mut [f32; 9], img: &[f32], o: usize) {
    let v = ArrayView2::from_shape((3, 3).strides((W, 1)), &img[o..]).unwrap();
    let mut d = ArrayViewMut2::from_shape((3, 3), tile).unwrap();
    d.assign(&v.t())
}

// ---- a 2-operand Zip ----

/// `Zip` of a 3x3 tile and the window: `t += 2 * w`.
#[inline(never)]
pub fn cg_zip_constrided(tile: &mut [f32; 9], img: &[f32], o: usize) {
    let l = Layout::new([3, 3], [W as isize, 1], o).unwrap();
    let v = StridedView::new(img, l).unwrap();
    let mut d = StridedViewMut::new(tile, Layout::contiguous([3, 3])).unwrap();
    Zip::from(&mut d)
        .and(&v)
        .unwrap()
        .for_each(|t, &w| *t += 2.0 * w)
}
/// ndarray's `Zip`.
#[inline(never)]
pub fn cg_zip_ndarray(tile: &mut [f32; 9], img: &[f32], o: usize) {
    let v = ArrayView2::from_shape((3, 3).strides((W, 1)), &img[o..]).unwrap();
    let mut d = ArrayViewMut2::from_shape((3, 3), tile).unwrap();
    ndarray::Zip::from(&mut d)
        .and(&v)
        .for_each(|t, &w| *t += 2.0 * w)
}

// ---- a static view with a dyn offset, built per pixel ----

/// A 3x3 box sum at every pixel of rows `1..63`, each window a
/// `strided!` view with a `dyn` offset, read by index (per call: 62x62
/// windows).
#[inline(never)]
pub fn cg_pixel_constrided(img: &[f32], out: &mut [f32]) {
    for r in 0..W - 2 {
        for c in 0..W - 2 {
            let v =
                strided!(img; shape = (3, 3), strides = (64, 1), offset = dyn r * W + c).unwrap();
            let mut s = 0.0;
            for i in 0..3 {
                for j in 0..3 {
                    s += v[[i, j]];
                }
            }
            out[r * W + c] = s;
        }
    }
}
/// The same with ndarray indexing the image.
#[inline(never)]
pub fn cg_pixel_ndarray(img: &[f32], out: &mut [f32]) {
    let a = ArrayView2::from_shape((W, W), img).unwrap();
    for r in 0..W - 2 {
        for c in 0..W - 2 {
            let mut s = 0.0;
            for i in 0..3 {
                for j in 0..3 {
                    s += a[[r + i, c + j]];
                }
            }
            out[r * W + c] = s;
        }
    }
}

// ---- an 8x8 block transposed into a tile ----

/// The transpose of an 8x8 block of the image into a contiguous tile.
#[inline(never)]
pub fn cg_block8_constrided(tile: &mut [f32; 64], img: &[f32], o: usize) {
    let l = Layout::new([8, 8], [W as isize, 1], o).unwrap();
    let v = StridedView::new(img, l).unwrap();
    let mut d = StridedViewMut::new(tile, Layout::contiguous([8, 8])).unwrap();
    d.assign(&v.t()).unwrap()
}
/// ndarray's `assign` of the same.
#[inline(never)]
pub fn cg_block8_ndarray(tile: &mut [f32; 64], img: &[f32], o: usize) {
    let v = ArrayView2::from_shape((8, 8).strides((W, 1)), &img[o..]).unwrap();
    let mut d = ArrayViewMut2::from_shape((8, 8), tile).unwrap();
    d.assign(&v.t())
}

// ---- the bench_report case: 8x8 transpose between prebuilt views ----

/// `rearrange` of a transposed 8x8 f32 block into a contiguous one, the
/// views built once (as `bench_report`'s in-cache transpose does).
#[inline(never)]
pub fn cg_t8_constrided(d: &mut StridedViewMut<'_, f32, 2>, s: &StridedView<'_, f32, 2>) {
    constrided::kernel::rearrange(d, s).unwrap()
}
/// ndarray's `assign` of the same.
#[inline(never)]
pub fn cg_t8_ndarray(d: &mut ArrayViewMut2<'_, f32>, s: &ArrayView2<'_, f32>) {
    d.assign(s)
}

fn main() {
    let mut img: Vec<f32> = (0..W * W).map(|x| (x % 251) as f32).collect();
    let mut img2 = img.clone();
    let o = 5 * W + 7;
    let mut acc = 0.0f32;
    let (mut t1, mut t2) = ([0.0f32; 9], [0.0f32; 9]);
    let (mut b1, mut b2) = ([0.0f32; 64], [0.0f32; 64]);
    for _ in 0..CALLS {
        let (a, b) = (
            cg_sum_constrided(black_box(&img), black_box(o)),
            cg_sum_ndarray(black_box(&img), black_box(o)),
        );
        // (The sums may associate differently.)
        assert!((a - b).abs() <= 1e-4 * a.abs().max(1.0), "{a} {b}");
        acc += a;
        let (a, b) = (
            cg_fold_constrided(black_box(&img), black_box(o)),
            cg_fold_ndarray(black_box(&img), black_box(o)),
        );
        assert_eq!(a, b);
        acc += a;
        cg_mapinplace_constrided(black_box(&mut img), black_box(o));
        cg_mapinplace_ndarray(black_box(&mut img2), black_box(o));
        cg_assign_constrided(black_box(&mut t1), black_box(&img), black_box(o));
        cg_assign_ndarray(black_box(&mut t2), black_box(&img2), black_box(o));
        cg_zip_constrided(black_box(&mut t1), black_box(&img), black_box(o));
        cg_zip_ndarray(black_box(&mut t2), black_box(&img2), black_box(o));
        cg_block8_constrided(black_box(&mut b1), black_box(&img), black_box(o));
        cg_block8_ndarray(black_box(&mut b2), black_box(&img2), black_box(o));
    }
    {
        let src: Vec<f32> = (0..64).map(|x| x as f32).collect();
        let (mut d1, mut d2) = ([0.0f32; 64], [0.0f32; 64]);
        let sv = StridedView::new(&src, Layout::contiguous([8, 8]).t()).unwrap();
        let nv = ArrayView2::from_shape((8, 8), &src[..])
            .unwrap()
            .reversed_axes();
        {
            let mut dv = StridedViewMut::new(&mut d1, Layout::contiguous([8, 8])).unwrap();
            let mut nd = ArrayViewMut2::from_shape((8, 8), &mut d2).unwrap();
            for _ in 0..CALLS {
                cg_t8_constrided(black_box(&mut dv), black_box(&sv));
                cg_t8_ndarray(black_box(&mut nd), black_box(&nv));
            }
        }
        assert_eq!(d1, d2);
    }
    assert_eq!(img, img2);
    assert_eq!(t1, t2);
    assert_eq!(b1, b2);
    // The per-pixel case: CALLS / 100 calls of 62x62 windows each.
    let (mut o1, mut o2) = (vec![0.0f32; W * W], vec![0.0f32; W * W]);
    for _ in 0..CALLS / 100 {
        cg_pixel_constrided(black_box(&img), black_box(&mut o1));
        cg_pixel_ndarray(black_box(&img), black_box(&mut o2));
    }
    assert_eq!(o1, o2);
    println!("{acc}");
}
