//! Whole programs, each written once with constrided and once with
//! ndarray the way ndarray's documentation writes it, for the programs
//! report (`examples/programs_report.rs`). Every step is a case of its
//! own (a row of the table), so a slow step is not hidden by a fast one;
//! each case checks, once when built, that both sides give equal results
//! (integer-valued data: sums are exact whatever order they take).
//!
//! Programs:
//! (a) an image HWC u8 -> CHW f32, normalised per channel with
//!     broadcasting, and back to HWC u8 (a 2-operand `Zip`, (g));
//! (b) a Sobel stencil from shifted slices and operators;
//! (c) a box-filter stencil from `windows`;
//! (d) NCHW -> NHWC and strided slices materialised (`to_owned`, `to_vec`,
//!     `zeros` + `assign`);
//! (e) per-column statistics with broadcasting (`&a - &row`, `min_axis`)
//!     and a 3-operand `Zip`;
//! (f) 8x8 blocks processed through static views (`strided!` with a `dyn`
//!     offset per block).
//!
//! ```
//! let defs = constrided_bench::programs::all(true);
//! assert!(defs.len() >= 6);
//! ```

use std::hint::black_box;

use constrided::{s, strided, StridedArray, StridedView, StridedViewMut, Zip};
use ndarray::{Array1, Array2, Array3, Array4, ArrayView2, ArrayView3, ArrayView4, Axis};

use crate::report::{Bench, CaseDef, Peer};

/// Sizes of the programs: the report's (`quick == false`) or tiny ones
/// that only check the results (`--quick`).
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Image height and width (programs a, b, c).
    pub hw: usize,
    /// NCHW tensor (program d).
    pub nchw: [usize; 4],
    /// Rows and columns of the statistics table (program e).
    pub table: [usize; 2],
}

impl Sizes {
    /// The report's sizes, or tiny ones.
    ///
    /// ```
    /// assert_eq!(constrided_bench::programs::Sizes::new(false).hw, 512);
    /// ```
    pub fn new(quick: bool) -> Sizes {
        if quick {
            Sizes {
                hw: 12,
                nchw: [2, 3, 6, 5],
                table: [7, 5],
            }
        } else {
            Sizes {
                hw: 512,
                nchw: [8, 64, 56, 56],
                table: [2000, 300],
            }
        }
    }
}

/// A case whose two sides produce a value each run (kept alive by
/// `black_box`); `check` asserts once, before timing, that both sides
/// agree.
fn case<A: 'static, B: 'static>(
    name: &str,
    bytes: f64,
    mut ours: impl FnMut() -> A + 'static,
    mut theirs: impl FnMut() -> B + 'static,
    check: impl FnOnce(&A, &B),
) -> Bench {
    check(&ours(), &theirs());
    Bench {
        name: name.into(),
        bytes,
        cold: false,
        ours: Box::new(move || {
            black_box(ours());
        }),
        peers: vec![Peer::one(
            "ndarray",
            Box::new(move || {
                black_box(theirs());
            }),
        )],
    }
}

fn def(name: &str, build: impl Fn() -> Bench + 'static) -> CaseDef {
    CaseDef {
        name: name.into(),
        build: Box::new(build),
    }
}

// Integer-valued test data (exact sums in f32/f64).
fn image_u8(n: usize) -> Vec<u8> {
    (0..n).map(|i| ((i * 7 + i / 13) % 256) as u8).collect()
}
fn data_f32(n: usize) -> Vec<f32> {
    (0..n).map(|i| ((i * 31 + i / 7) % 251) as f32).collect()
}
fn data_f64(n: usize) -> Vec<f64> {
    (0..n).map(|i| ((i * 17 + i / 11) % 1009) as f64).collect()
}

/// Channel means and scales of program (a) (powers of two: exact).
const MEAN: [f32; 3] = [0.5, 0.25, 0.75];
const SCALE: [f32; 3] = [2.0, 4.0, 0.5];

// ---- (a) HWC u8 -> CHW f32 normalised, (g) and back ----

/// (a1) constrided: HWC u8 -> CHW f32 in [0, 1], minus the channel mean,
/// times the channel scale (both broadcast from shape (3, 1, 1)).
pub fn a_to_chw_ours(img: &[u8], h: usize, w: usize) -> StridedArray<f32, 3> {
    let v = StridedView::from_shape([h, w, 3], img).unwrap();
    let mut chw = v.permute([2, 0, 1]).unwrap().mapv(|x| x as f32 / 255.0);
    let mean = StridedArray::from_vec([3, 1, 1], MEAN.to_vec()).unwrap();
    let scale = StridedArray::from_vec([3, 1, 1], SCALE.to_vec()).unwrap();
    chw -= &mean;
    chw *= &scale;
    chw
}
/// (a1) ndarray.
pub fn a_to_chw_nd(img: &[u8], h: usize, w: usize) -> Array3<f32> {
    let v = ArrayView3::from_shape((h, w, 3), img).unwrap();
    let mut chw = v.permuted_axes([2, 0, 1]).mapv(|x| x as f32 / 255.0);
    let mean = Array3::from_shape_vec((3, 1, 1), MEAN.to_vec()).unwrap();
    let scale = Array3::from_shape_vec((3, 1, 1), SCALE.to_vec()).unwrap();
    chw -= &mean;
    chw *= &scale;
    chw
}
fn back(x: f32, c: usize) -> u8 {
    ((x / SCALE[c] + MEAN[c]) * 255.0).round().clamp(0.0, 255.0) as u8
}
/// (g) constrided: CHW f32 -> HWC u8 through a 2-operand `Zip` (the
/// destination seen as CHW), undoing the normalisation of channel `c`.
pub fn g_to_hwc_ours(chw: &StridedArray<f32, 3>, out: &mut [u8]) {
    let [c, h, w] = chw.shape();
    let mut o = StridedViewMut::from_shape([h, w, c], out)
        .unwrap()
        .permute([2, 0, 1])
        .unwrap();
    for (k, (mut oc, xc)) in o
        .axis_iter_mut(0)
        .unwrap()
        .zip(chw.axis_iter(0).unwrap())
        .enumerate()
    {
        Zip::from(&mut oc)
            .and(&xc)
            .unwrap()
            .for_each(|o, &x| *o = back(x, k));
    }
}
/// (g) ndarray.
pub fn g_to_hwc_nd(chw: &Array3<f32>, out: &mut [u8]) {
    let (c, h, w) = chw.dim();
    let mut o = ndarray::ArrayViewMut3::from_shape((h, w, c), out)
        .unwrap()
        .permuted_axes([2, 0, 1]);
    for (k, (mut oc, xc)) in o
        .axis_iter_mut(Axis(0))
        .zip(chw.axis_iter(Axis(0)))
        .enumerate()
    {
        ndarray::Zip::from(&mut oc)
            .and(&xc)
            .for_each(|o, &x| *o = back(x, k));
    }
}

// ---- (b) Sobel from shifted slices and operators ----

/// (b) constrided: the Sobel gradient magnitude squared (`gx² + gy²`) of
/// the interior, from eight shifted slices, written as ndarray's twin is:
/// each difference of two slices is a new array, the operators on it take
/// it by value (and write into it).
// (`1..-1` counts from the end, as NumPy and ndarray slices do.)
#[allow(clippy::reversed_empty_ranges)]
pub fn b_sobel_ours(a: &StridedView<'_, f32, 2>) -> StridedArray<f32, 2> {
    let gx = (&a.slice(s![..-2, 2..]).unwrap() - &a.slice(s![..-2, ..-2]).unwrap())
        + (&a.slice(s![1..-1, 2..]).unwrap() - &a.slice(s![1..-1, ..-2]).unwrap()) * 2.0
        + (&a.slice(s![2.., 2..]).unwrap() - &a.slice(s![2.., ..-2]).unwrap());
    let gy = (&a.slice(s![2.., ..-2]).unwrap() - &a.slice(s![..-2, ..-2]).unwrap())
        + (&a.slice(s![2.., 1..-1]).unwrap() - &a.slice(s![..-2, 1..-1]).unwrap()) * 2.0
        + (&a.slice(s![2.., 2..]).unwrap() - &a.slice(s![..-2, 2..]).unwrap());
    &gx * &gx + &gy * &gy
}
/// (b) ndarray.
// (`1..-1` counts from the end, as NumPy and ndarray slices do.)
#[allow(clippy::reversed_empty_ranges)]
pub fn b_sobel_nd(a: &ArrayView2<'_, f32>) -> Array2<f32> {
    use ndarray::s;
    let gx = (&a.slice(s![..-2, 2..]) - &a.slice(s![..-2, ..-2]))
        + (&a.slice(s![1..-1, 2..]) - &a.slice(s![1..-1, ..-2])) * 2.0
        + (&a.slice(s![2.., 2..]) - &a.slice(s![2.., ..-2]));
    let gy = (&a.slice(s![2.., ..-2]) - &a.slice(s![..-2, ..-2]))
        + (&a.slice(s![2.., 1..-1]) - &a.slice(s![..-2, 1..-1])) * 2.0
        + (&a.slice(s![2.., 2..]) - &a.slice(s![..-2, 2..]));
    &gx * &gx + &gy * &gy
}
/// (b-ref) constrided: the same Sobel with every intermediate borrowed
/// (`&(&x - &y) + &(..)`): each operator writes a new array, and every
/// temporary of a statement lives to its end (eight arrays of 1 MiB at
/// once), so both twins are bound by the allocator's fresh pages.
#[allow(clippy::reversed_empty_ranges)]
pub fn b_sobel_refs_ours(a: &StridedView<'_, f32, 2>) -> StridedArray<f32, 2> {
    let gx = &(&(&a.slice(s![..-2, 2..]).unwrap() - &a.slice(s![..-2, ..-2]).unwrap())
        + &(&(&a.slice(s![1..-1, 2..]).unwrap() - &a.slice(s![1..-1, ..-2]).unwrap()) * 2.0))
        + &(&a.slice(s![2.., 2..]).unwrap() - &a.slice(s![2.., ..-2]).unwrap());
    let gy = &(&(&a.slice(s![2.., ..-2]).unwrap() - &a.slice(s![..-2, ..-2]).unwrap())
        + &(&(&a.slice(s![2.., 1..-1]).unwrap() - &a.slice(s![..-2, 1..-1]).unwrap()) * 2.0))
        + &(&a.slice(s![2.., 2..]).unwrap() - &a.slice(s![..-2, 2..]).unwrap());
    &(&gx * &gx) + &(&gy * &gy)
}
/// (b-ref) ndarray, borrowed the same way.
#[allow(clippy::reversed_empty_ranges)]
pub fn b_sobel_refs_nd(a: &ArrayView2<'_, f32>) -> Array2<f32> {
    use ndarray::s;
    let gx = &(&(&a.slice(s![..-2, 2..]) - &a.slice(s![..-2, ..-2]))
        + &(&(&a.slice(s![1..-1, 2..]) - &a.slice(s![1..-1, ..-2])) * 2.0))
        + &(&a.slice(s![2.., 2..]) - &a.slice(s![2.., ..-2]));
    let gy = &(&(&a.slice(s![2.., ..-2]) - &a.slice(s![..-2, ..-2]))
        + &(&(&a.slice(s![2.., 1..-1]) - &a.slice(s![..-2, 1..-1])) * 2.0))
        + &(&a.slice(s![2.., 2..]) - &a.slice(s![..-2, 2..]));
    &(&gx * &gx) + &(&gy * &gy)
}

// ---- (c) box filter from windows ----

/// (c) constrided: the 3x3 box filter (mean of each window).
pub fn c_box_ours(a: &StridedView<'_, f32, 2>) -> StridedArray<f32, 2> {
    let [h, w] = a.shape();
    let v: Vec<f32> = a
        .windows([3, 3])
        .unwrap()
        .map(|win| win.sum() / 9.0)
        .collect();
    StridedArray::from_vec([h - 2, w - 2], v).unwrap()
}
/// (c) ndarray.
pub fn c_box_nd(a: &ArrayView2<'_, f32>) -> Array2<f32> {
    let (h, w) = a.dim();
    let v: Vec<f32> = a
        .windows((3, 3))
        .into_iter()
        .map(|win| win.sum() / 9.0)
        .collect();
    Array2::from_shape_vec((h - 2, w - 2), v).unwrap()
}

// ---- (e) per-column statistics ----

/// (e) constrided: per-column mean, the centred table `&a - &row`, the
/// per-column minimum (`min_axis(0)`) and the squared deviations through a
/// 3-operand `Zip` (out, table, broadcast mean row); returns the centred
/// table, the minima and the squared deviations.
pub fn e_stats_ours(
    a: &StridedView<'_, f64, 2>,
) -> (
    StridedArray<f64, 2>,
    StridedArray<f64, 1>,
    StridedArray<f64, 2>,
) {
    let n = a.shape()[0] as f64;
    let mut mean = a.sum_axis::<1>(0).unwrap();
    mean.mapv_inplace(|s| s / n);
    let row = mean.view().insert_axis::<2>(0).unwrap();
    let centred = a - &row;
    let mins = a.min_axis::<1>(0).unwrap();
    let mut sq = StridedArray::<f64, 2>::zeros(a.shape());
    Zip::from(&mut sq)
        .and(a)
        .unwrap()
        .and_broadcast(&row)
        .unwrap()
        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
    (centred, mins, sq)
}
/// (e) ndarray.
pub fn e_stats_nd(a: &ArrayView2<'_, f64>) -> (Array2<f64>, Array1<f64>, Array2<f64>) {
    let n = a.nrows() as f64;
    let mean = a.sum_axis(Axis(0)) / n;
    let row = mean.view().insert_axis(Axis(0));
    let centred = a - &row;
    let mins = a.fold_axis(Axis(0), f64::INFINITY, |&m, &x| m.min(x));
    let mut sq = Array2::<f64>::zeros(a.dim());
    ndarray::Zip::from(&mut sq)
        .and(a)
        .and_broadcast(&row)
        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
    (centred, mins, sq)
}

// ---- (f) 8x8 blocks through static views ----

/// Width of the blocked image of program (f) at the report's size.
pub const F_W: usize = 512;
/// Width of the blocked image of program (f) at the `--quick` size.
pub const F_W_QUICK: usize = 16;

/// (f) constrided: every 8x8 block of a `WS`-wide image, seen through a
/// `strided!` view with a static shape and strides and a `dyn` offset,
/// is written transposed and scaled into the same block of `out`, and its
/// sum is returned per block.
pub fn f_blocks_ours<const WS: isize>(img: &[f32], out: &mut [f32]) -> Vec<f32> {
    let w = WS as usize;
    let nb = w / 8;
    let mut sums = Vec::with_capacity(nb * nb);
    for bi in 0..nb {
        for bj in 0..nb {
            let o = bi * 8 * w + bj * 8;
            let blk = strided!(img; shape = (8, 8), strides = (WS, 1), offset = dyn o).unwrap();
            let mut ob =
                strided!(&mut *out; shape = (8, 8), strides = (WS, 1), offset = dyn o).unwrap();
            Zip::from(&mut ob)
                .and(&blk.t())
                .unwrap()
                .for_each(|d, &s| *d = 0.5 * s);
            sums.push(blk.sum());
        }
    }
    sums
}
/// (f) ndarray: `exact_chunks` of both images zipped.
pub fn f_blocks_nd(img: &ArrayView2<'_, f32>, out: &mut Array2<f32>) -> Vec<f32> {
    let mut sums = Vec::new();
    ndarray::Zip::from(out.exact_chunks_mut((8, 8)))
        .and(img.exact_chunks((8, 8)))
        .for_each(|mut o, b| {
            ndarray::Zip::from(&mut o)
                .and(&b.t())
                .for_each(|d, &s| *d = 0.5 * s);
            sums.push(b.sum());
        });
    sums
}

/// Every case of the programs report, at the report's sizes or (`quick`)
/// tiny ones.
pub fn all(quick: bool) -> Vec<CaseDef> {
    let sz = Sizes::new(quick);
    let mut v = Vec::new();
    let hw = sz.hw;
    // (a) and (g).
    v.push(def("(a) HWC u8 -> CHW f32 normalised", move || {
        let img = image_u8(hw * hw * 3);
        let img2 = img.clone();
        case(
            "(a) HWC u8 -> CHW f32 normalised",
            (hw * hw * 3 * 5) as f64,
            move || a_to_chw_ours(black_box(&img), hw, hw),
            move || a_to_chw_nd(black_box(&img2), hw, hw),
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    v.push(def("(g) CHW f32 -> HWC u8 (2-operand Zip)", move || {
        let img = image_u8(hw * hw * 3);
        let (chw, chw_nd) = (a_to_chw_ours(&img, hw, hw), a_to_chw_nd(&img, hw, hw));
        let (mut o1, mut o2) = (vec![0u8; hw * hw * 3], vec![0u8; hw * hw * 3]);
        g_to_hwc_ours(&chw, &mut o1);
        g_to_hwc_nd(&chw_nd, &mut o2);
        assert_eq!(o1, img, "the round trip gives the image back");
        assert_eq!(o1, o2);
        case(
            "(g) CHW f32 -> HWC u8 (2-operand Zip)",
            (hw * hw * 3 * 5) as f64,
            move || g_to_hwc_ours(black_box(&chw), &mut o1),
            move || g_to_hwc_nd(black_box(&chw_nd), &mut o2),
            |_, _| {},
        )
    }));
    // (b) and (c).
    v.push(def("(b) Sobel from shifted slices", move || {
        let a = data_f32(hw * hw);
        let a2 = a.clone();
        case(
            "(b) Sobel from shifted slices",
            (hw * hw * 4 * 2) as f64,
            move || b_sobel_ours(&StridedView::from_shape([hw, hw], black_box(&a)).unwrap()),
            move || b_sobel_nd(&ArrayView2::from_shape((hw, hw), black_box(&a2)).unwrap()),
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    v.push(def("(b-ref) Sobel, intermediates borrowed", move || {
        let a = data_f32(hw * hw);
        let a2 = a.clone();
        case(
            "(b-ref) Sobel, intermediates borrowed",
            (hw * hw * 4 * 2) as f64,
            move || b_sobel_refs_ours(&StridedView::from_shape([hw, hw], black_box(&a)).unwrap()),
            move || b_sobel_refs_nd(&ArrayView2::from_shape((hw, hw), black_box(&a2)).unwrap()),
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    v.push(def("(c) box filter from windows", move || {
        let a = data_f32(hw * hw);
        let a2 = a.clone();
        case(
            "(c) box filter from windows",
            (hw * hw * 4 * 2) as f64,
            move || c_box_ours(&StridedView::from_shape([hw, hw], black_box(&a)).unwrap()),
            move || c_box_nd(&ArrayView2::from_shape((hw, hw), black_box(&a2)).unwrap()),
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    // (d) NCHW -> NHWC and strided slices materialised.
    let sh = sz.nchw;
    let n = sh.iter().product::<usize>();
    let nd_shape = (sh[0], sh[1], sh[2], sh[3]);
    v.push(def("(d1) NCHW -> NHWC to_owned", move || {
        let a = data_f32(n);
        let a2 = a.clone();
        case(
            "(d1) NCHW -> NHWC to_owned",
            (n * 8) as f64,
            move || {
                StridedView::from_shape(sh, black_box(&a))
                    .unwrap()
                    .permute([0, 2, 3, 1])
                    .unwrap()
                    .to_owned()
            },
            move || {
                ArrayView4::from_shape(nd_shape, black_box(&a2))
                    .unwrap()
                    .permuted_axes([0, 2, 3, 1])
                    .as_standard_layout()
                    .into_owned()
            },
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    v.push(def("(d2) strided slice to_owned", move || {
        let a = data_f32(n);
        let a2 = a.clone();
        case(
            "(d2) strided slice to_owned",
            (n * 4) as f64,
            move || {
                StridedView::from_shape(sh, black_box(&a))
                    .unwrap()
                    .slice(s![.., ..;2, ..;-1, ..])
                    .unwrap()
                    .to_owned()
            },
            move || {
                ArrayView4::from_shape(nd_shape, black_box(&a2))
                    .unwrap()
                    .slice(ndarray::s![.., ..;2, ..;-1, ..])
                    .as_standard_layout()
                    .into_owned()
            },
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    v.push(def("(d3) strided slice to_vec", move || {
        let a = data_f32(n);
        let a2 = a.clone();
        case(
            "(d3) strided slice to_vec",
            (n * 4) as f64,
            move || {
                StridedView::from_shape(sh, black_box(&a))
                    .unwrap()
                    .slice(s![.., ..;2, ..;-1, ..])
                    .unwrap()
                    .to_vec()
            },
            move || {
                ArrayView4::from_shape(nd_shape, black_box(&a2))
                    .unwrap()
                    .slice(ndarray::s![.., ..;2, ..;-1, ..])
                    .as_standard_layout()
                    .into_owned()
                    .into_raw_vec_and_offset()
                    .0
            },
            |x, y| assert_eq!(x, y),
        )
    }));
    v.push(def("(d4) strided slice zeros + assign", move || {
        let a = data_f32(n);
        let a2 = a.clone();
        case(
            "(d4) strided slice zeros + assign",
            (n * 4) as f64,
            move || {
                let s = StridedView::from_shape(sh, black_box(&a))
                    .unwrap()
                    .slice(s![.., ..;2, ..;-1, ..])
                    .unwrap();
                let mut z = StridedArray::<f32, 4>::zeros(s.shape());
                z.assign(&s).unwrap();
                z
            },
            move || {
                let s = ArrayView4::from_shape(nd_shape, black_box(&a2))
                    .unwrap()
                    .slice_move(ndarray::s![.., ..;2, ..;-1, ..]);
                let mut z = Array4::<f32>::zeros(s.dim());
                z.assign(&s);
                z
            },
            |x, y| assert_eq!(x.to_vec(), y.iter().copied().collect::<Vec<_>>()),
        )
    }));
    // (e) per-column statistics.
    let [r, c] = sz.table;
    v.push(def(
        "(e) column statistics (broadcast, min_axis, Zip3)",
        move || {
            let a = data_f64(r * c);
            let a2 = a.clone();
            case(
                "(e) column statistics (broadcast, min_axis, Zip3)",
                (r * c * 8 * 5) as f64,
                move || e_stats_ours(&StridedView::from_shape([r, c], black_box(&a)).unwrap()),
                move || e_stats_nd(&ArrayView2::from_shape((r, c), black_box(&a2)).unwrap()),
                |x, y| {
                    assert_eq!(x.0.to_vec(), y.0.iter().copied().collect::<Vec<_>>());
                    assert_eq!(x.1.to_vec(), y.1.to_vec());
                    assert_eq!(x.2.to_vec(), y.2.iter().copied().collect::<Vec<_>>());
                },
            )
        },
    ));
    // (f) 8x8 blocks through static views.
    v.push(def("(f) 8x8 blocks through static views", move || {
        let w = if quick { F_W_QUICK } else { F_W };
        let a = data_f32(w * w);
        let a2 = a.clone();
        let run_ours = move |a: &[f32], o: &mut [f32]| {
            if quick {
                f_blocks_ours::<{ F_W_QUICK as isize }>(a, o)
            } else {
                f_blocks_ours::<{ F_W as isize }>(a, o)
            }
        };
        // The outputs, compared once.
        let (mut o1, mut o2) = (vec![0.0f32; w * w], Array2::<f32>::zeros((w, w)));
        run_ours(&a, &mut o1);
        f_blocks_nd(&ArrayView2::from_shape((w, w), &a2).unwrap(), &mut o2);
        assert_eq!(o1, o2.iter().copied().collect::<Vec<_>>());
        case(
            "(f) 8x8 blocks through static views",
            (w * w * 4 * 2) as f64,
            move || run_ours(black_box(&a), &mut o1),
            move || {
                let v = ArrayView2::from_shape((w, w), black_box(&a2)).unwrap();
                f_blocks_nd(&v, &mut o2)
            },
            |x, y| assert_eq!(x, y),
        )
    }));
    v
}

/// A step written in another file of programs (issue 27 part A's
/// `programs_a.rs`): its name, constrided's run and ndarray's run, each
/// over inputs prepared (and results checked equal) by whoever made it.
pub type Pair = (&'static str, Box<dyn FnMut()>, Box<dyn FnMut()>);

/// Cases of the report from such steps (bytes unknown: their GB/s columns
/// read 0; the ratio columns are what counts).
///
/// ```
/// use constrided_bench::programs::{from_pairs, Pair};
/// let p: Vec<Pair> = vec![("x", Box::new(|| {}), Box::new(|| {}))];
/// let defs = from_pairs(p);
/// assert_eq!(defs[0].name, "x");
/// let b = (defs[0].build)();
/// assert_eq!(b.peers[0].label, "ndarray");
/// ```
pub fn from_pairs(pairs: Vec<Pair>) -> Vec<CaseDef> {
    use std::cell::RefCell;
    use std::rc::Rc;
    let names: Vec<&'static str> = pairs.iter().map(|p| p.0).collect();
    let slots: Rc<RefCell<Vec<Option<Pair>>>> =
        Rc::new(RefCell::new(pairs.into_iter().map(Some).collect()));
    names
        .into_iter()
        .enumerate()
        .map(|(k, name)| {
            let slots = slots.clone();
            def(name, move || {
                let (name, ours, theirs) = slots.borrow_mut()[k]
                    .take()
                    .expect("each case is built once per run");
                Bench {
                    name: name.into(),
                    bytes: 0.0,
                    cold: false,
                    ours,
                    peers: vec![Peer::one("ndarray", theirs)],
                }
            })
        })
        .collect()
}
