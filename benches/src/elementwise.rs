//! The element-wise benchmark cases (issue 8), shared by
//! `benches/elementwise.rs` (criterion) and `examples/elementwise_report.rs`
//! (the ratio table). Each case runs one operation three ways on 64 MiB f32
//! operands: constrided on the strided layout, ndarray's equivalent on the
//! same layout, and constrided on contiguous memory (the reference).
//!
//! Layouts: `T2` is a transposed 4096² view, `P3` the (2, 0, 1)
//! permutation of a 256³ array.

use std::hint::black_box;

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use ndarray::{ArrayView, ArrayViewMut, IxDyn, ShapeBuilder};

/// Elements per operand: 64 MiB of f32.
pub const ELEMS: usize = 1 << 24;

/// One operation, three contenders.
pub struct Case {
    pub name: String,
    /// Bytes each run reads plus writes.
    pub bytes: usize,
    pub constrided: Box<dyn FnMut()>,
    pub ndarray: Box<dyn FnMut()>,
    /// The same operation on contiguous memory (None when not meaningful).
    pub contiguous: Option<Box<dyn FnMut()>>,
}

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 1000) as f32).collect()
}

/// A 64 MiB operand allocated and filled on first use (the warm-up round),
/// so that a case holds memory only while it runs.
#[derive(Clone, Default)]
struct Buf(Vec<f32>);

impl Buf {
    fn get(&mut self) -> &mut Vec<f32> {
        if self.0.is_empty() {
            self.0 = data(ELEMS);
        }
        &mut self.0
    }
}

/// The strided layouts: name, shape, strides (over a contiguous buffer of
/// ELEMS elements).
fn layouts() -> Vec<(&'static str, Vec<usize>, Vec<isize>)> {
    vec![
        ("T2", vec![4096, 4096], vec![1, 4096]),
        ("P3", vec![256, 256, 256], vec![1, 65536, 256]),
    ]
}

fn l<const N: usize>(shape: &[usize], strides: &[isize]) -> Layout<N> {
    Layout::new(shape.try_into().unwrap(), strides.try_into().unwrap(), 0).unwrap()
}

fn nd<'a>(buf: &'a [f32], shape: &[usize], strides: &[isize]) -> ArrayView<'a, f32, IxDyn> {
    let st: Vec<usize> = strides.iter().map(|&s| s as usize).collect();
    ArrayView::from_shape(IxDyn(shape).strides(IxDyn(&st)), buf).unwrap()
}

fn nd_mut<'a>(
    buf: &'a mut [f32],
    shape: &[usize],
    strides: &[isize],
) -> ArrayViewMut<'a, f32, IxDyn> {
    let st: Vec<usize> = strides.iter().map(|&s| s as usize).collect();
    ArrayViewMut::from_shape(IxDyn(shape).strides(IxDyn(&st)), buf).unwrap()
}

fn row_major(shape: &[usize]) -> Vec<isize> {
    let mut s = vec![1isize; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * shape[k + 1] as isize;
    }
    s
}

macro_rules! with_rank {
    ($shape:expr, |$n:ident| $body:expr) => {
        match $shape.len() {
            2 => {
                const $n: usize = 2;
                $body
            }
            3 => {
                const $n: usize = 3;
                $body
            }
            _ => unreachable!(),
        }
    };
}

/// Every single-threaded case.
pub fn all() -> Vec<Case> {
    let mut out = Vec::new();
    for (lname, shape, strides) in layouts() {
        let rm = row_major(&shape);
        with_rank!(shape, |N| {
            let sl: Layout<N> = l(&shape, &strides);
            let cl: Layout<N> = l(&shape, &rm);
            // map_inplace
            {
                let (mut a, mut b, mut c) = (Buf::default(), Buf::default(), Buf::default());
                let (s1, s2) = (shape.clone(), strides.clone());
                out.push(Case {
                    name: format!("{lname} map_inplace(x*0.5+1)"),
                    bytes: 2 * ELEMS * 4,
                    constrided: Box::new(move || {
                        StridedViewMut::new(a.get(), sl)
                            .unwrap()
                            .map_inplace(|x| *x = *x * 0.5 + 1.0);
                        black_box(a.get());
                    }),
                    ndarray: Box::new(move || {
                        nd_mut(b.get(), &s1, &s2).map_inplace(|x| *x = *x * 0.5 + 1.0);
                        black_box(b.get());
                    }),
                    contiguous: Some(Box::new(move || {
                        StridedViewMut::new(c.get(), cl)
                            .unwrap()
                            .map_inplace(|x| *x = *x * 0.5 + 1.0);
                        black_box(c.get());
                    })),
                });
            }
            // fold with an f64 accumulator, and sum
            for op in ["fold(f64)", "sum"] {
                let mut a = Buf::default();
                let (s1, s2) = (shape.clone(), strides.clone());
                let is_sum = op == "sum";
                let mut a2 = a.clone();
                let mut a3 = a.clone();
                out.push(Case {
                    name: format!("{lname} {op}"),
                    bytes: ELEMS * 4,
                    constrided: Box::new(move || {
                        let v = StridedView::new(a.get(), sl).unwrap();
                        if is_sum {
                            black_box(v.sum());
                        } else {
                            black_box(v.fold(0.0f64, |s, &x| s + x as f64));
                        }
                    }),
                    ndarray: Box::new(move || {
                        let v = nd(a2.get(), &s1, &s2);
                        if is_sum {
                            black_box(v.sum());
                        } else {
                            black_box(v.fold(0.0f64, |s, &x| s + x as f64));
                        }
                    }),
                    contiguous: Some(Box::new(move || {
                        let v = StridedView::new(a3.get(), cl).unwrap();
                        if is_sum {
                            black_box(v.sum());
                        } else {
                            black_box(v.fold(0.0f64, |s, &x| s + x as f64));
                        }
                    })),
                });
            }
            // zip_with: dst (row-major) += src (strided)
            {
                let mut src = Buf::default();
                let (mut d1, mut d2, mut d3) = (Buf::default(), Buf::default(), Buf::default());
                let (s1, s2, r1) = (shape.clone(), strides.clone(), rm.clone());
                let (mut src2, mut src3) = (src.clone(), src.clone());
                out.push(Case {
                    name: format!("{lname} zip_with(d += s)"),
                    bytes: 3 * ELEMS * 4,
                    constrided: Box::new(move || {
                        let sv = StridedView::new(src.get(), sl).unwrap();
                        StridedViewMut::new(d1.get(), cl)
                            .unwrap()
                            .zip_with(&sv, |d, s| *d += s)
                            .unwrap();
                        black_box(d1.get());
                    }),
                    ndarray: Box::new(move || {
                        let sv = nd(src2.get(), &s1, &s2);
                        let mut dv = nd_mut(d2.get(), &s1, &r1);
                        ndarray::Zip::from(&mut dv)
                            .and(&sv)
                            .for_each(|d, s| *d += s);
                        black_box(d2.get());
                    }),
                    contiguous: Some(Box::new(move || {
                        let sv = StridedView::new(src3.get(), cl).unwrap();
                        StridedViewMut::new(d3.get(), cl)
                            .unwrap()
                            .zip_with(&sv, |d, s| *d += s)
                            .unwrap();
                        black_box(d3.get());
                    })),
                });
            }
            // 3-operand Zip: d = a + b^T
            {
                let (mut a, mut b) = (Buf::default(), Buf::default());
                let (mut d1, mut d2, mut d3) = (Buf::default(), Buf::default(), Buf::default());
                let (s1, s2, r1) = (shape.clone(), strides.clone(), rm.clone());
                let (mut a2, mut b2, mut a3, mut b3) = (a.clone(), b.clone(), a.clone(), b.clone());
                out.push(Case {
                    name: format!("{lname} Zip d = a + b^T"),
                    bytes: 4 * ELEMS * 4,
                    constrided: Box::new(move || {
                        let av = StridedView::new(a.get(), cl).unwrap();
                        let bv = StridedView::new(b.get(), sl).unwrap();
                        let mut dv = StridedViewMut::new(d1.get(), cl).unwrap();
                        Zip::from(&mut dv)
                            .and(av)
                            .unwrap()
                            .and(bv)
                            .unwrap()
                            .for_each(|d, a, b| *d = a + b);
                        black_box(d1.get());
                    }),
                    ndarray: Box::new(move || {
                        let av = nd(a2.get(), &s1, &r1);
                        let bv = nd(b2.get(), &s1, &s2);
                        let mut dv = nd_mut(d2.get(), &s1, &r1);
                        ndarray::Zip::from(&mut dv)
                            .and(&av)
                            .and(&bv)
                            .for_each(|d, a, b| *d = a + b);
                        black_box(d2.get());
                    }),
                    contiguous: Some(Box::new(move || {
                        let av = StridedView::new(a3.get(), cl).unwrap();
                        let bv = StridedView::new(b3.get(), cl).unwrap();
                        let mut dv = StridedViewMut::new(d3.get(), cl).unwrap();
                        Zip::from(&mut dv)
                            .and(av)
                            .unwrap()
                            .and(bv)
                            .unwrap()
                            .for_each(|d, a, b| *d = a + b);
                        black_box(d3.get());
                    })),
                });
            }
        });
    }
    // sum_axis on each axis of 4096² and of its transpose.
    for (lname, strides) in [("4096²", [4096isize, 1]), ("4096² ^T", [1, 4096])] {
        for axis in 0..2 {
            let mut a = Buf::default();
            let mut a2 = a.clone();
            let sl: Layout<2> = Layout::new([4096, 4096], strides, 0).unwrap();
            out.push(Case {
                name: format!("{lname} sum_axis({axis})"),
                bytes: ELEMS * 4,
                constrided: Box::new(move || {
                    black_box(
                        StridedView::new(a.get(), sl)
                            .unwrap()
                            .sum_axis(axis)
                            .unwrap(),
                    );
                }),
                ndarray: Box::new(move || {
                    let v = nd(a2.get(), &[4096, 4096], &strides);
                    black_box(v.sum_axis(ndarray::Axis(axis)));
                }),
                contiguous: None,
            });
        }
    }
    out.push(operator_case());
    out
}

/// The arithmetic operator on a transposed operand (issue 18):
/// `&a.t() + &b` on 4096² f32 into a new row-major array, against
/// ndarray's `&a.t() + &b`; the reference is `&a + &b` on contiguous
/// operands. Each run allocates its result (both libraries do).
fn operator_case() -> Case {
    let (mut a, mut b) = (Buf::default(), Buf::default());
    let (mut a2, mut b2, mut a3, mut b3) = (a.clone(), b.clone(), a.clone(), b.clone());
    let cl: Layout<2> = Layout::contiguous([4096, 4096]);
    Case {
        name: "T2 operator &a.t() + &b".into(),
        bytes: 3 * ELEMS * 4,
        constrided: Box::new(move || {
            let av = StridedView::new(a.get(), cl).unwrap();
            let bv = StridedView::new(b.get(), cl).unwrap();
            black_box(&av.t() + &bv);
        }),
        ndarray: Box::new(move || {
            let av = nd(a2.get(), &[4096, 4096], &[4096, 1]);
            let bv = nd(b2.get(), &[4096, 4096], &[4096, 1]);
            black_box(&av.t() + &bv);
        }),
        contiguous: Some(Box::new(move || {
            let av = StridedView::new(a3.get(), cl).unwrap();
            let bv = StridedView::new(b3.get(), cl).unwrap();
            black_box(&av + &bv);
        })),
    }
}

/// The parallel cases (run them inside a 2-thread rayon pool).
pub fn parallel() -> Vec<Case> {
    let mut out = Vec::new();
    let (shape, strides) = ([4096usize, 4096], [1isize, 4096]);
    let sl: Layout<2> = Layout::new(shape, strides, 0).unwrap();
    let cl: Layout<2> = Layout::contiguous(shape);
    {
        let (mut a, mut b, mut c) = (Buf::default(), Buf::default(), Buf::default());
        out.push(Case {
            name: "T2 par_map_inplace".into(),
            bytes: 2 * ELEMS * 4,
            constrided: Box::new(move || {
                StridedViewMut::new(a.get(), sl)
                    .unwrap()
                    .par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(a.get());
            }),
            ndarray: Box::new(move || {
                nd_mut(b.get(), &shape, &strides).par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(b.get());
            }),
            contiguous: Some(Box::new(move || {
                StridedViewMut::new(c.get(), cl)
                    .unwrap()
                    .par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(c.get());
            })),
        });
    }
    {
        let (mut a, mut b, mut c) = (Buf::default(), Buf::default(), Buf::default());
        out.push(Case {
            name: "T2 par_fill".into(),
            bytes: ELEMS * 4,
            constrided: Box::new(move || {
                StridedViewMut::new(a.get(), sl).unwrap().par_fill(2.0);
                black_box(a.get());
            }),
            ndarray: Box::new(move || {
                nd_mut(b.get(), &shape, &strides).par_map_inplace(|x| *x = 2.0);
                black_box(b.get());
            }),
            contiguous: Some(Box::new(move || {
                StridedViewMut::new(c.get(), cl).unwrap().par_fill(2.0);
                black_box(c.get());
            })),
        });
    }
    {
        let (mut a, mut b) = (Buf::default(), Buf::default());
        let (mut d1, mut d2, mut d3) = (Buf::default(), Buf::default(), Buf::default());
        let (mut a2, mut b2, mut a3, mut b3) = (a.clone(), b.clone(), a.clone(), b.clone());
        let rm = [4096isize, 1];
        out.push(Case {
            name: "T2 Zip d = a + b^T par_for_each".into(),
            bytes: 4 * ELEMS * 4,
            constrided: Box::new(move || {
                let av = StridedView::new(a.get(), cl).unwrap();
                let bv = StridedView::new(b.get(), sl).unwrap();
                let mut dv = StridedViewMut::new(d1.get(), cl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(bv)
                    .unwrap()
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(d1.get());
            }),
            ndarray: Box::new(move || {
                let av = nd(a2.get(), &shape, &rm);
                let bv = nd(b2.get(), &shape, &strides);
                let mut dv = nd_mut(d2.get(), &shape, &rm);
                ndarray::Zip::from(&mut dv)
                    .and(&av)
                    .and(&bv)
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(d2.get());
            }),
            contiguous: Some(Box::new(move || {
                let av = StridedView::new(a3.get(), cl).unwrap();
                let bv = StridedView::new(b3.get(), cl).unwrap();
                let mut dv = StridedViewMut::new(d3.get(), cl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(bv)
                    .unwrap()
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(d3.get());
            })),
        });
    }
    out
}
