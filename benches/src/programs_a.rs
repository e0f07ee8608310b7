//! Issue 27, part A: the user steps of the issue's table that materialise
//! views, broadcast operands and fold axes, each as a constrided function
//! and its ndarray twin written the way ndarray's docs write it
//! (`fn name_constrided(..)` / `fn name_ndarray(..)`), with
//! [`check_all`] asserting that every pair gives the same result. The
//! programs report (`programs.rs`) times them; [`pairs`] hands each pair
//! over as two closures over prepared inputs.
//!
//! ```
//! constrided_bench::programs_a::check_small();
//! ```

// `s![1..-1]` is NumPy's negative bound (counted from the end), not an
// empty range.
#![allow(clippy::reversed_empty_ranges)]

use constrided::{s, StridedArray, StridedView};
use ndarray::{Array2, Array4, ArrayView2, ArrayView4, Axis};

/// The NCHW activations of the materialisation steps: (8, 64, 56, 56).
pub const NCHW: [usize; 4] = [8, 64, 56, 56];
/// The image edge of the Sobel step (512²).
pub const IMG: usize = 512;
/// The matrix of the broadcast and axis-fold steps: (2000, 300).
pub const MAT: [usize; 2] = [2000, 300];

fn data_f32(n: usize) -> Vec<f32> {
    // Small integers and halves: exact in f32, so that both libraries'
    // different evaluation orders give bit-equal results.
    (0..n).map(|i| ((i * 7919) % 1013) as f32 * 0.5).collect()
}

fn data_f64(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 7919) % 1013) as f64 * 0.25 - 100.0)
        .collect()
}

// ---- materialisation: `v.slice(s![.., ..;2, ..;-1, ..])?.to_owned()` ----

/// `to_owned` of the sliced NCHW view (`..;2` on C, `..;-1` on H).
pub fn slice_to_owned_constrided(x: &[f32], shape: [usize; 4]) -> StridedArray<f32, 4> {
    let v = StridedView::from_shape(shape, x).unwrap();
    v.slice(s![.., ..;2, ..;-1, ..]).unwrap().to_owned()
}

/// ndarray's twin: `.as_standard_layout().into_owned()`.
pub fn slice_to_owned_ndarray(x: &[f32], shape: [usize; 4]) -> Array4<f32> {
    let v = ArrayView4::from_shape(shape, x).unwrap();
    v.slice(ndarray::s![.., ..;2, ..;-1, ..])
        .as_standard_layout()
        .into_owned()
}

/// `to_vec` of the same view.
pub fn slice_to_vec_constrided(x: &[f32], shape: [usize; 4]) -> Vec<f32> {
    let v = StridedView::from_shape(shape, x).unwrap();
    v.slice(s![.., ..;2, ..;-1, ..]).unwrap().to_vec()
}

/// ndarray's twin: the standard-layout copy's buffer.
pub fn slice_to_vec_ndarray(x: &[f32], shape: [usize; 4]) -> Vec<f32> {
    slice_to_owned_ndarray(x, shape).into_raw_vec_and_offset().0
}

/// `StridedArray::zeros(shape)` + `assign` of the same view.
pub fn zeros_assign_constrided(x: &[f32], shape: [usize; 4]) -> StridedArray<f32, 4> {
    let v = StridedView::from_shape(shape, x).unwrap();
    let w = v.slice(s![.., ..;2, ..;-1, ..]).unwrap();
    let mut out = StridedArray::zeros(w.shape());
    out.assign(&w).unwrap();
    out
}

/// ndarray's twin: `Array::zeros(dim)` + `assign`.
pub fn zeros_assign_ndarray(x: &[f32], shape: [usize; 4]) -> Array4<f32> {
    let v = ArrayView4::from_shape(shape, x).unwrap();
    let w = v.slice(ndarray::s![.., ..;2, ..;-1, ..]);
    let mut out = Array4::zeros(w.raw_dim());
    out.assign(&w);
    out
}

// ---- Sobel from shifted slices and operators ----

/// The horizontal Sobel gradient of an `n`² image from shifted slices:
/// `(p[r, 2..] - p[r, ..-2])` for the rows above, at and below, weighted
/// 1, 2, 1.
pub fn sobel_constrided(x: &[f32], n: usize) -> StridedArray<f32, 2> {
    let p = StridedView::from_shape([n, n], x).unwrap();
    let d = |r: core::ops::Range<isize>| {
        let (a, b) = (r.start, r.end);
        &p.slice(s![a..b, 2..]).unwrap() - &p.slice(s![a..b, ..-2]).unwrap()
    };
    let n = n as isize;
    let (d0, d1, d2) = (d(0..n - 2), d(1..n - 1), d(2..n));
    &(&d0 + &(d1 * 2.0)) + &d2
}

/// ndarray's twin.
pub fn sobel_ndarray(x: &[f32], n: usize) -> Array2<f32> {
    let p = ArrayView2::from_shape([n, n], x).unwrap();
    let d =
        |a: isize, b: isize| &p.slice(ndarray::s![a..b, 2..]) - &p.slice(ndarray::s![a..b, ..-2]);
    let n = n as isize;
    let (d0, d1, d2) = (d(0, n - 2), d(1, n - 1), d(2, n));
    &(&d0 + &(d1 * 2.0)) + &d2
}

// ---- broadcast row ----

/// `&a - &row`: a (1, cols) row broadcast against (rows, cols).
pub fn sub_row_constrided(a: &[f64], row: &[f64], shape: [usize; 2]) -> StridedArray<f64, 2> {
    let a = StridedView::from_shape(shape, a).unwrap();
    let r = StridedView::from_shape([1, shape[1]], row).unwrap();
    &a - &r
}

/// ndarray's twin.
pub fn sub_row_ndarray(a: &[f64], row: &[f64], shape: [usize; 2]) -> Array2<f64> {
    let a = ArrayView2::from_shape(shape, a).unwrap();
    let r = ArrayView2::from_shape([1, shape[1]], row).unwrap();
    &a - &r
}

/// `a -= &row` on an owned copy (compound assignment with a broadcast
/// row); the copy is part of both programs.
pub fn sub_assign_row_constrided(
    a: &[f64],
    row: &[f64],
    shape: [usize; 2],
) -> StridedArray<f64, 2> {
    let mut a = StridedArray::from_vec(shape, a.to_vec()).unwrap();
    let r = StridedView::from_shape([shape[1]], row).unwrap();
    a -= &r;
    a
}

/// ndarray's twin.
pub fn sub_assign_row_ndarray(a: &[f64], row: &[f64], shape: [usize; 2]) -> Array2<f64> {
    let mut a = Array2::from_shape_vec(shape, a.to_vec()).unwrap();
    let r = ndarray::ArrayView1::from_shape(shape[1], row).unwrap();
    a -= &r;
    a
}

/// `mapv` over a shifted slice (the interior of the matrix).
pub fn mapv_slice_constrided(a: &[f64], shape: [usize; 2]) -> StridedArray<f64, 2> {
    let a = StridedView::from_shape(shape, a).unwrap();
    a.slice(s![1..-1, 1..-1]).unwrap().mapv(|x| x * 0.5 + 1.0)
}

/// ndarray's twin.
pub fn mapv_slice_ndarray(a: &[f64], shape: [usize; 2]) -> Array2<f64> {
    let a = ArrayView2::from_shape(shape, a).unwrap();
    a.slice(ndarray::s![1..-1, 1..-1]).mapv(|x| x * 0.5 + 1.0)
}

// ---- axis folds ----

/// `min_axis(0)`.
pub fn min_axis_constrided(a: &[f64], shape: [usize; 2]) -> StridedArray<f64, 1> {
    StridedView::from_shape(shape, a)
        .unwrap()
        .min_axis(0)
        .unwrap()
}

/// ndarray's twin: `fold_axis(Axis(0), +inf, min)`.
pub fn min_axis_ndarray(a: &[f64], shape: [usize; 2]) -> ndarray::Array1<f64> {
    ArrayView2::from_shape(shape, a)
        .unwrap()
        .fold_axis(Axis(0), f64::INFINITY, |&m, &x| m.min(x))
}

/// `fold_axis(0, -inf, max)`.
pub fn fold_axis_constrided(a: &[f64], shape: [usize; 2]) -> StridedArray<f64, 1> {
    StridedView::from_shape(shape, a)
        .unwrap()
        .fold_axis(0, f64::NEG_INFINITY, |&m, &x| m.max(x))
        .unwrap()
}

/// ndarray's twin.
pub fn fold_axis_ndarray(a: &[f64], shape: [usize; 2]) -> ndarray::Array1<f64> {
    ArrayView2::from_shape(shape, a)
        .unwrap()
        .fold_axis(Axis(0), f64::NEG_INFINITY, |&m, &x| m.max(x))
}

/// The inputs of every step, at the given sizes.
pub struct Inputs {
    /// NCHW activations.
    pub nchw: Vec<f32>,
    /// Their shape.
    pub nchw_shape: [usize; 4],
    /// The Sobel image.
    pub img: Vec<f32>,
    /// Its edge.
    pub img_n: usize,
    /// The matrix.
    pub mat: Vec<f64>,
    /// Its shape.
    pub mat_shape: [usize; 2],
    /// The broadcast row.
    pub row: Vec<f64>,
}

impl Inputs {
    /// Inputs of the given sizes.
    pub fn new(nchw_shape: [usize; 4], img_n: usize, mat_shape: [usize; 2]) -> Inputs {
        Inputs {
            nchw: data_f32(nchw_shape.iter().product()),
            nchw_shape,
            img: data_f32(img_n * img_n),
            img_n,
            mat: data_f64(mat_shape[0] * mat_shape[1]),
            mat_shape,
            row: data_f64(mat_shape[1]).iter().map(|x| x * 0.5).collect(),
        }
    }

    /// The issue's sizes.
    pub fn full() -> Inputs {
        Inputs::new(NCHW, IMG, MAT)
    }
}

/// Asserts that every constrided function gives its ndarray twin's result.
pub fn check_all(i: &Inputs) {
    let (x, sh) = (&i.nchw[..], i.nchw_shape);
    let want = slice_to_owned_ndarray(x, sh);
    let want = want.as_slice().unwrap();
    assert_eq!(slice_to_owned_constrided(x, sh).as_slice(), want);
    assert_eq!(slice_to_vec_constrided(x, sh), slice_to_vec_ndarray(x, sh));
    assert_eq!(zeros_assign_constrided(x, sh).as_slice(), want);
    assert_eq!(
        zeros_assign_ndarray(x, sh).as_slice().unwrap(),
        slice_to_owned_constrided(x, sh).as_slice()
    );
    assert_eq!(
        sobel_constrided(&i.img, i.img_n).as_slice(),
        sobel_ndarray(&i.img, i.img_n).as_slice().unwrap()
    );
    let (a, r, ms) = (&i.mat[..], &i.row[..], i.mat_shape);
    assert_eq!(
        sub_row_constrided(a, r, ms).as_slice(),
        sub_row_ndarray(a, r, ms).as_slice().unwrap()
    );
    assert_eq!(
        sub_assign_row_constrided(a, r, ms).as_slice(),
        sub_assign_row_ndarray(a, r, ms).as_slice().unwrap()
    );
    assert_eq!(
        mapv_slice_constrided(a, ms).as_slice(),
        mapv_slice_ndarray(a, ms).as_slice().unwrap()
    );
    assert_eq!(
        min_axis_constrided(a, ms).as_slice(),
        min_axis_ndarray(a, ms).as_slice().unwrap()
    );
    assert_eq!(
        fold_axis_constrided(a, ms).as_slice(),
        fold_axis_ndarray(a, ms).as_slice().unwrap()
    );
}

/// [`check_all`] at small sizes (odd edges, a doc test's budget).
pub fn check_small() {
    check_all(&Inputs::new([2, 6, 5, 7], 9, [13, 11]));
}

/// A step as two closures over prepared inputs: (name, constrided,
/// ndarray). Each closure runs the step once and drops its result.
pub type Pair = (&'static str, Box<dyn FnMut()>, Box<dyn FnMut()>);

/// Every step of this file at the issue's sizes, after [`check_all`].
pub fn pairs() -> Vec<Pair> {
    let i = std::rc::Rc::new(Inputs::full());
    check_all(&i);
    macro_rules! pair {
        ($name:literal, |$i:ident| $c:expr, $n:expr) => {{
            let (a, b) = (i.clone(), i.clone());
            (
                $name,
                Box::new(move || {
                    let $i = &*a;
                    std::hint::black_box($c);
                }) as Box<dyn FnMut()>,
                Box::new(move || {
                    let $i = &*b;
                    std::hint::black_box($n);
                }) as Box<dyn FnMut()>,
            )
        }};
    }
    vec![
        pair!(
            "slice to_owned (8,64,56,56) f32",
            |i| slice_to_owned_constrided(&i.nchw, i.nchw_shape),
            slice_to_owned_ndarray(&i.nchw, i.nchw_shape)
        ),
        pair!(
            "slice to_vec (8,64,56,56) f32",
            |i| slice_to_vec_constrided(&i.nchw, i.nchw_shape),
            slice_to_vec_ndarray(&i.nchw, i.nchw_shape)
        ),
        pair!(
            "zeros + assign (8,64,56,56) f32",
            |i| zeros_assign_constrided(&i.nchw, i.nchw_shape),
            zeros_assign_ndarray(&i.nchw, i.nchw_shape)
        ),
        pair!(
            "Sobel shifted slices 512² f32",
            |i| sobel_constrided(&i.img, i.img_n),
            sobel_ndarray(&i.img, i.img_n)
        ),
        pair!(
            "&a - &row (2000,300) f64",
            |i| sub_row_constrided(&i.mat, &i.row, i.mat_shape),
            sub_row_ndarray(&i.mat, &i.row, i.mat_shape)
        ),
        pair!(
            "a -= &row (2000,300) f64",
            |i| sub_assign_row_constrided(&i.mat, &i.row, i.mat_shape),
            sub_assign_row_ndarray(&i.mat, &i.row, i.mat_shape)
        ),
        pair!(
            "mapv of a shifted slice (2000,300) f64",
            |i| mapv_slice_constrided(&i.mat, i.mat_shape),
            mapv_slice_ndarray(&i.mat, i.mat_shape)
        ),
        pair!(
            "min_axis(0) (2000,300) f64",
            |i| min_axis_constrided(&i.mat, i.mat_shape),
            min_axis_ndarray(&i.mat, i.mat_shape)
        ),
        pair!(
            "fold_axis(0) max (2000,300) f64",
            |i| fold_axis_constrided(&i.mat, i.mat_shape),
            fold_axis_ndarray(&i.mat, i.mat_shape)
        ),
    ]
}
