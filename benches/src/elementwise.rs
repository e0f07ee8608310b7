//! The element-wise benchmark cases, shared by `benches/elementwise.rs`
//! (criterion) and `examples/elementwise_report.rs` (the ratio table).
//! Each case runs one operation on 64 MiB f32 operands (in-cache cases:
//! a small operation repeated) by constrided on the strided layout and by
//! its peers: ndarray's equivalent on the same layout, strided-rs
//! (`strided-kernel`, single thread) on the same layout, and constrided on
//! contiguous memory ("contiguous", the reference the issue measures the
//! engine against).
//!
//! Layouts: `T2` is a transposed 4096² view, `P3` the (2, 0, 1)
//! permutation of a 256³ array; `B` a row of 4096 broadcast to 4096².
//!
//! ```
//! let defs = constrided_bench::elementwise::all();
//! assert!(defs.iter().any(|d| d.name == "T2 fill"));
//! ```

use std::cell::{RefCell, RefMut};
use std::hint::black_box;
use std::rc::Rc;

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use ndarray::{ArrayView, ArrayViewMut, IxDyn, ShapeBuilder};
use strided_kernel as sk;
use threadteam::Exec;

use crate::report::{Bench, CaseDef, Peer};

/// Elements per operand: 64 MiB of f32.
pub const ELEMS: usize = 1 << 24;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 1000) as f32).collect()
}

/// An operand allocated and filled on first use (the warm-up round), so
/// that a case holds memory only while it runs. Clones share the buffer:
/// every contender of a case reads and writes the same memory (two equal
/// 64 MiB buffers can run up to 15% apart on the README's machine, which
/// decided ties), and the report evicts the cache between contenders.
#[derive(Clone)]
struct Buf(Rc<RefCell<Vec<f32>>>, usize);

impl Buf {
    fn new(n: usize) -> Buf {
        Buf(Rc::new(RefCell::new(Vec::new())), n)
    }
    fn get(&self) -> RefMut<'_, Vec<f32>> {
        let mut v = self.0.borrow_mut();
        if v.is_empty() {
            *v = data(self.1);
        }
        v
    }
}

fn nd<'a>(buf: &'a [f32], shape: &[usize], strides: &[isize]) -> ArrayView<'a, f32, IxDyn> {
    // ndarray takes strides as usize (negative ones wrap) for a view whose
    // offset 0 is the first element: the layouts here have none.
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

fn sk_view<'a>(buf: &'a [f32], shape: &[usize], strides: &[isize]) -> sk::StridedView<'a, f32> {
    sk::StridedView::new(buf, shape, strides, 0).unwrap()
}

fn sk_mut<'a>(
    buf: &'a mut [f32],
    shape: &[usize],
    strides: &[isize],
) -> sk::StridedViewMut<'a, f32> {
    sk::StridedViewMut::new(buf, shape, strides, 0).unwrap()
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

/// A strided operand: shape, strides, the position of its first element
/// and the length of the buffer under it.
#[derive(Clone)]
struct Operand {
    shape: Vec<usize>,
    strides: Vec<isize>,
    offset: usize,
    len: usize,
}

impl Operand {
    fn dense(shape: &[usize], strides: &[isize]) -> Operand {
        Operand {
            shape: shape.to_vec(),
            strides: strides.to_vec(),
            offset: 0,
            len: shape.iter().product(),
        }
    }
    fn row_major(shape: &[usize]) -> Operand {
        Operand::dense(shape, &row_major(shape))
    }
    /// This operand with `axis` walked backwards (its first element
    /// moved to the axis' last).
    fn flipped(mut self, axis: usize) -> Operand {
        self.offset += (self.shape[axis] - 1) * self.strides[axis] as usize;
        self.strides[axis] = -self.strides[axis];
        self
    }
    fn layout<const N: usize>(&self) -> Layout<N> {
        let (shape, strides) = (self.shape[..].try_into(), self.strides[..].try_into());
        Layout::new(shape.unwrap(), strides.unwrap(), self.offset).unwrap()
    }
    /// ndarray's view: the positive-stride view from the lowest position,
    /// its backward axes inverted (as a user of ndarray writes them).
    fn nd<'a>(&self, buf: &'a [f32]) -> ArrayView<'a, f32, IxDyn> {
        let low = self.offset as isize
            + (self.shape.iter().zip(&self.strides))
                .filter(|(_, &s)| s < 0)
                .map(|(&n, &s)| (n as isize - 1) * s)
                .sum::<isize>();
        let abs: Vec<isize> = self.strides.iter().map(|s| s.abs()).collect();
        let mut v = nd(&buf[low as usize..], &self.shape, &abs);
        for (a, &s) in self.strides.iter().enumerate() {
            if s < 0 {
                v.invert_axis(ndarray::Axis(a));
            }
        }
        v
    }
    fn sk<'a>(&'a self, buf: &'a [f32]) -> sk::StridedView<'a, f32> {
        sk::StridedView::new(buf, &self.shape, &self.strides, self.offset as isize).unwrap()
    }
}

fn def(name: String, build: impl Fn() -> Bench + 'static) -> CaseDef {
    CaseDef {
        name,
        build: Box::new(build),
    }
}

fn bench(
    name: &str,
    bytes: usize,
    cold: bool,
    ours: Box<dyn FnMut()>,
    ndarray: Box<dyn FnMut()>,
    strided: Option<Box<dyn FnMut()>>,
    contiguous: Option<Box<dyn FnMut()>>,
) -> Bench {
    let mut peers = vec![Peer::one("ndarray", ndarray)];
    peers.extend(strided.map(|f| Peer::one("strided-rs", f)));
    peers.extend(contiguous.map(|f| Peer::one("contiguous", f)));
    Bench {
        name: name.into(),
        bytes: bytes as f64,
        cold,
        ours,
        peers,
    }
}

// One-operand in-place cases (fill, map_inplace) on `op`; `contig` the
// same shape row-major (None: no contiguous reference).
fn inplace_case(name: String, op: Operand, contig: bool, map: bool) -> CaseDef {
    def(name.clone(), move || {
        let op = op.clone();
        with_rank!(op.shape, |N| {
            let sl: Layout<N> = op.layout();
            let cl: Layout<N> = Layout::contiguous(sl.shape());
            let a = Buf::new(op.len);
            let (b, c) = (a.clone(), a.clone());
            let d = if op.len == sl.numel() {
                a.clone()
            } else {
                Buf::new(sl.numel())
            };
            let bytes = if map { 2 } else { 1 } * sl.numel() * 4;
            let (o2, o3) = (op.clone(), op.clone());
            let f = move |x: &mut f32| *x = *x * 0.5 + 1.0;
            bench(
                &name,
                bytes,
                true,
                Box::new(move || {
                    let mut g_a = a.get();
                    let mut v = StridedViewMut::new(&mut g_a, sl).unwrap();
                    if map {
                        v.map_inplace(f);
                    } else {
                        v.fill(2.0);
                    }
                    black_box(&mut *g_a);
                }),
                Box::new(move || {
                    let mut g_b = b.get();
                    let mut v = nd_mut(&mut g_b, &o2.shape, &o2.strides);
                    if map {
                        v.map_inplace(f);
                    } else {
                        v.fill(2.0);
                    }
                    black_box(&mut *g_b);
                }),
                Some(Box::new(move || {
                    let mut g_c = c.get();
                    let mut v = sk_mut(&mut g_c, &o3.shape, &o3.strides);
                    if map {
                        sk::map_update_into::<f32, sk::Identity>(
                            &mut v,
                            |x: f32| x * 0.5 + 1.0,
                            Exec::serial(),
                        )
                        .unwrap();
                    } else {
                        sk::map_update_into::<f32, sk::Identity>(
                            &mut v,
                            |_: f32| 2.0,
                            Exec::serial(),
                        )
                        .unwrap();
                    }
                    black_box(&mut *g_c);
                })),
                contig.then(|| {
                    Box::new(move || {
                        let mut g_d = d.get();
                        let mut v = StridedViewMut::new(&mut g_d, cl).unwrap();
                        if map {
                            v.map_inplace(f);
                        } else {
                            v.fill(2.0);
                        }
                        black_box(&mut *g_d);
                    }) as Box<dyn FnMut()>
                }),
            )
        })
    })
}

// Reductions: `sum`; `fold` with an f64 accumulator (one chain, as
// ndarray's `fold`); `map_reduce` to f64 with an associative `+` (several
// chains, as strided-rs's `reduce(map, combine, init)`). ndarray has no
// associative reduction: its contender in the `map_reduce` case is its
// `fold`, what an ndarray user writes.
#[derive(Clone, Copy, PartialEq)]
enum Reduction {
    Sum,
    Fold,
    MapReduce,
}

fn reduce_case(name: String, op: Operand, kind: Reduction) -> CaseDef {
    def(name.clone(), move || {
        let op = op.clone();
        with_rank!(op.shape, |N| {
            let sl: Layout<N> = op.layout();
            let cl: Layout<N> = Layout::contiguous(sl.shape());
            let a = Buf::new(op.len);
            let (a2, a3) = (a.clone(), a.clone());
            let a4 = if op.len == sl.numel() {
                a.clone()
            } else {
                Buf::new(sl.numel())
            };
            let (o2, o3) = (op.clone(), op.clone());
            let ours = move |v: StridedView<'_, f32, N>| match kind {
                Reduction::Sum => black_box(v.sum() as f64),
                Reduction::Fold => black_box(v.fold(0.0f64, |s, &x| s + x as f64)),
                Reduction::MapReduce => {
                    black_box(v.map_reduce(0.0f64, |&x| x as f64, |s, x| s + x))
                }
            };
            bench(
                &name,
                sl.numel() * 4,
                true,
                Box::new(move || {
                    let g_a = a.get();
                    ours(StridedView::new(&g_a, sl).unwrap());
                }),
                Box::new(move || {
                    let g_a2 = a2.get();
                    let v = o2.nd(&g_a2);
                    if kind == Reduction::Sum {
                        black_box(v.sum());
                    } else {
                        black_box(v.fold(0.0f64, |s, &x| s + x as f64));
                    }
                }),
                // strided-rs has no fold (a sequential chain through a
                // non-associative closure): its `reduce` assumes
                // associativity and is the peer of `map_reduce`.
                (kind != Reduction::Fold).then(|| -> Box<dyn FnMut()> {
                    Box::new(move || {
                        let g_a3 = a3.get();
                        let v = o3.sk(&g_a3);
                        if kind == Reduction::Sum {
                            black_box(sk::sum(&v, Exec::serial()).unwrap());
                        } else {
                            black_box(
                                sk::reduce(
                                    &v,
                                    |x: f32| x as f64,
                                    |s: f64, x: f64| s + x,
                                    0.0f64,
                                    Exec::serial(),
                                )
                                .unwrap(),
                            );
                        }
                    })
                }),
                Some(Box::new(move || {
                    let g_a4 = a4.get();
                    ours(StridedView::new(&g_a4, cl).unwrap());
                })),
            )
        })
    })
}

// zip_with: d (row-major) += s (`src`), `reps` times per run.
fn zip_with_case(name: String, src: Operand, reps: usize) -> CaseDef {
    def(name.clone(), move || {
        let src = src.clone();
        with_rank!(src.shape, |N| {
            let sl: Layout<N> = src.layout();
            let cl: Layout<N> = Layout::contiguous(sl.shape());
            let n = sl.numel();
            let s = Buf::new(src.len);
            let (s2, s3) = (s.clone(), s.clone());
            let s4 = if src.len == n { s.clone() } else { Buf::new(n) };
            let d1 = Buf::new(n);
            let (d2, d3, d4) = (d1.clone(), d1.clone(), d1.clone());
            let (o2, o3) = (src.clone(), src.clone());
            let rm = row_major(&src.shape);
            let rm2 = rm.clone();
            bench(
                &name,
                3 * n * 4 * reps,
                reps == 1,
                Box::new(move || {
                    let g_s = s.get();
                    let mut g_d1 = d1.get();
                    let sv = StridedView::new(&g_s, sl).unwrap();
                    let mut dv = StridedViewMut::new(&mut g_d1, cl).unwrap();
                    for _ in 0..reps {
                        dv.zip_with(black_box(&sv), |d, s| *d += s).unwrap();
                    }
                    black_box(&mut *g_d1);
                }),
                Box::new(move || {
                    let g_s2 = s2.get();
                    let mut g_d2 = d2.get();
                    let sv = o2.nd(&g_s2);
                    let mut dv = nd_mut(&mut g_d2, &o2.shape, &rm);
                    for _ in 0..reps {
                        ndarray::Zip::from(&mut dv)
                            .and(black_box(&sv))
                            .for_each(|d, s| *d += s);
                    }
                    black_box(&mut *g_d2);
                }),
                Some(Box::new(move || {
                    let g_s3 = s3.get();
                    let mut g_d3 = d3.get();
                    let sv = o3.sk(&g_s3);
                    let mut dv = sk_mut(&mut g_d3, &o3.shape, &rm2);
                    for _ in 0..reps {
                        sk::zip_update2_into::<f32, f32, sk::Identity, sk::Identity>(
                            &mut dv,
                            black_box(&sv),
                            |d: f32, s: f32| d + s,
                            Exec::serial(),
                        )
                        .unwrap();
                    }
                    black_box(&mut *g_d3);
                })),
                Some(Box::new(move || {
                    let g_s4 = s4.get();
                    let mut g_d4 = d4.get();
                    let sv = StridedView::new(&g_s4, cl).unwrap();
                    let mut dv = StridedViewMut::new(&mut g_d4, cl).unwrap();
                    for _ in 0..reps {
                        dv.zip_with(black_box(&sv), |d, s| *d += s).unwrap();
                    }
                    black_box(&mut *g_d4);
                })),
            )
        })
    })
}

// 3-operand Zip: d = a + b, d and a row-major, b = `bop`.
fn zip3_case(name: String, bop: Operand) -> CaseDef {
    def(name.clone(), move || {
        let bop = bop.clone();
        with_rank!(bop.shape, |N| {
            let bl: Layout<N> = bop.layout();
            let cl: Layout<N> = Layout::contiguous(bl.shape());
            let n = bl.numel();
            let (a, b) = (Buf::new(n), Buf::new(bop.len));
            let (a2, b2, a3, b3, a4) = (a.clone(), b.clone(), a.clone(), b.clone(), a.clone());
            let b4 = if bop.len == n { b.clone() } else { Buf::new(n) };
            let d1 = Buf::new(n);
            let (d2, d3, d4) = (d1.clone(), d1.clone(), d1.clone());
            let (o2, o3) = (bop.clone(), bop.clone());
            let rm = row_major(&bop.shape);
            let rm2 = rm.clone();
            bench(
                &name,
                4 * n * 4,
                true,
                Box::new(move || {
                    let g_a = a.get();
                    let g_b = b.get();
                    let mut g_d1 = d1.get();
                    let av = StridedView::new(&g_a, cl).unwrap();
                    let bv = StridedView::new(&g_b, bl).unwrap();
                    let mut dv = StridedViewMut::new(&mut g_d1, cl).unwrap();
                    Zip::from(&mut dv)
                        .and(av)
                        .unwrap()
                        .and(bv)
                        .unwrap()
                        .for_each(|d, a, b| *d = a + b);
                    black_box(&mut *g_d1);
                }),
                Box::new(move || {
                    let g_a2 = a2.get();
                    let g_b2 = b2.get();
                    let mut g_d2 = d2.get();
                    let av = nd(&g_a2, &o2.shape, &rm);
                    let bv = o2.nd(&g_b2);
                    let mut dv = nd_mut(&mut g_d2, &o2.shape, &rm);
                    ndarray::Zip::from(&mut dv)
                        .and(&av)
                        .and(&bv)
                        .for_each(|d, a, b| *d = a + b);
                    black_box(&mut *g_d2);
                }),
                Some(Box::new(move || {
                    let g_a3 = a3.get();
                    let g_b3 = b3.get();
                    let mut g_d3 = d3.get();
                    let av = sk_view(&g_a3, &o3.shape, &rm2);
                    let bv = o3.sk(&g_b3);
                    let mut dv = sk_mut(&mut g_d3, &o3.shape, &rm2);
                    sk::zip_map2_into(&mut dv, &av, &bv, |a: f32, b: f32| a + b, Exec::serial())
                        .unwrap();
                    black_box(&mut *g_d3);
                })),
                Some(Box::new(move || {
                    let g_a4 = a4.get();
                    let g_b4 = b4.get();
                    let mut g_d4 = d4.get();
                    let av = StridedView::new(&g_a4, cl).unwrap();
                    let bv = StridedView::new(&g_b4, cl).unwrap();
                    let mut dv = StridedViewMut::new(&mut g_d4, cl).unwrap();
                    Zip::from(&mut dv)
                        .and(av)
                        .unwrap()
                        .and(bv)
                        .unwrap()
                        .for_each(|d, a, b| *d = a + b);
                    black_box(&mut *g_d4);
                })),
            )
        })
    })
}

// sum_axis(axis) of `op` (no contiguous reference: the axis is the case).
fn sum_axis_case(name: String, op: Operand, axis: usize) -> CaseDef {
    def(name.clone(), move || {
        let op = op.clone();
        with_rank!(op.shape, |N| {
            let sl: Layout<N> = op.layout();
            let a = Buf::new(op.len);
            let (a2, a3) = (a.clone(), a.clone());
            let (o2, o3) = (op.clone(), op.clone());
            bench(
                &name,
                sl.numel() * 4,
                true,
                Box::new(move || {
                    let g_a = a.get();
                    black_box(StridedView::new(&g_a, sl).unwrap().sum_axis(axis).unwrap());
                }),
                Box::new(move || {
                    let g_a2 = a2.get();
                    let v = o2.nd(&g_a2);
                    black_box(v.sum_axis(ndarray::Axis(axis)));
                }),
                Some(Box::new(move || {
                    let g_a3 = a3.get();
                    let v = o3.sk(&g_a3);
                    black_box(
                        sk::reduce_axis(
                            &v,
                            axis,
                            |x: f32| x,
                            |s: f32, x: f32| s + x,
                            0.0f32,
                            Exec::serial(),
                        )
                        .unwrap(),
                    );
                })),
                None,
            )
        })
    })
}

/// Every single-threaded case, unbuilt.
pub fn all() -> Vec<CaseDef> {
    let mut out = Vec::new();
    let t2 = Operand::dense(&[4096, 4096], &[1, 4096]);
    let p3 = Operand::dense(&[256, 256, 256], &[1, 65536, 256]);
    // A row of 4096 broadcast to 4096x4096.
    let b2 = Operand {
        shape: vec![4096, 4096],
        strides: vec![0, 1],
        offset: 0,
        len: 4096,
    };
    for (lname, op) in [("T2", t2.clone()), ("P3", p3.clone())] {
        out.push(inplace_case(
            format!("{lname} fill"),
            op.clone(),
            true,
            false,
        ));
        out.push(inplace_case(
            format!("{lname} map_inplace(x*0.5+1)"),
            op.clone(),
            true,
            true,
        ));
        out.push(reduce_case(
            format!("{lname} sum"),
            op.clone(),
            Reduction::Sum,
        ));
        out.push(reduce_case(
            format!("{lname} fold(f64)"),
            op.clone(),
            Reduction::Fold,
        ));
        out.push(reduce_case(
            format!("{lname} map_reduce(f64)"),
            op.clone(),
            Reduction::MapReduce,
        ));
        out.push(zip_with_case(
            format!("{lname} zip_with(d += s^T)"),
            op.clone(),
            1,
        ));
        out.push(zip3_case(format!("{lname} Zip d = a + b^T"), op.clone()));
    }
    // T2 flipped along its rows as well (stride -1 there): a 90-degree
    // rotation, staged backwards since the tenth round.
    let r2 = t2.clone().flipped(0);
    out.push(zip_with_case(
        "R2 zip_with(d += rot90(s))".into(),
        r2.clone(),
        1,
    ));
    out.push(zip3_case("R2 Zip d = a + rot90(b)".into(), r2));
    out.push(zip_with_case("B zip_with(d += row)".into(), b2.clone(), 1));
    out.push(zip3_case("B Zip d = a + row".into(), b2));
    for (n, reps) in [(8usize, 4096usize), (64, 256)] {
        out.push(zip_with_case(
            format!("{n}x{n} zip_with(d += s^T) (in cache, x{reps})"),
            Operand::dense(&[n, n], &[1, n as isize]),
            reps,
        ));
    }
    for (lname, op) in [
        ("4096²", Operand::row_major(&[4096, 4096])),
        ("4096² ^T", t2),
        ("256³", Operand::row_major(&[256, 256, 256])),
        ("P3", p3),
    ] {
        for axis in 0..op.shape.len() {
            out.push(sum_axis_case(
                format!("{lname} sum_axis({axis})"),
                op.clone(),
                axis,
            ));
        }
    }
    out.push(operator_case());
    out.extend(dot());
    out
}

// One `dot` case: `a.dot(&b)` on n x n row-major arrays of `$t`, `a` and/or
// `b` transposed (`.t()`, a column-major view of the same buffer), against
// ndarray's `dot` written the same way. Each run allocates its result (both
// do).
macro_rules! dot_case {
    ($t:ty, $tname:literal, $n:expr, $ta:expr, $tb:expr) => {{
        let (n, ta, tb) = ($n, $ta, $tb);
        let name = format!(
            "{n}² {} dot {}{}",
            $tname,
            if ta { "a^T" } else { "a" },
            if tb { " b^T" } else { " b" }
        );
        def(name.clone(), move || {
            // Both sides hold row-major arrays and transpose an operand as
            // a user does (`a.t()`, a free view), inside the timed call.
            let mk = |seed: usize| -> Vec<$t> {
                (0..n * n)
                    .map(|i| ((i * 7 + seed) % 17) as $t - 8.0)
                    .collect()
            };
            let (a, b) = (mk(1), mk(2));
            let ca = constrided::StridedArray::from_vec([n, n], a.clone()).unwrap();
            let cb = constrided::StridedArray::from_vec([n, n], b.clone()).unwrap();
            let na = ndarray::Array2::from_shape_vec((n, n), a).unwrap();
            let nb = ndarray::Array2::from_shape_vec((n, n), b).unwrap();
            bench(
                &name,
                3 * n * n * core::mem::size_of::<$t>(),
                false,
                Box::new(move || {
                    black_box(match (ta, tb) {
                        (false, false) => ca.dot(&cb),
                        (true, false) => ca.t().dot(&cb),
                        (false, true) => ca.dot(&cb.t()),
                        (true, true) => ca.t().dot(&cb.t()),
                    });
                }),
                Box::new(move || {
                    black_box(match (ta, tb) {
                        (false, false) => na.dot(&nb),
                        (true, false) => na.t().dot(&nb),
                        (false, true) => na.dot(&nb.t()),
                        (true, true) => na.t().dot(&nb.t()),
                    });
                }),
                None,
                None,
            )
        })
    }};
}

/// The matrix products (issue 29): `a.dot(&b)` on 64², 256² and 1024²
/// f32 and f64, with either operand (or both) transposed, against
/// ndarray's `dot` on the same layouts (both run matrixmultiply).
///
/// ```
/// let defs = constrided_bench::elementwise::dot();
/// assert!(defs.iter().any(|d| d.name == "1024² f64 dot a^T b"));
/// // Build and run the 64² cases once (both contenders).
/// for d in defs.iter().filter(|d| d.name.starts_with("64²")) {
///     let mut c = (d.build)();
///     (c.ours)();
///     for p in &mut c.peers {
///         (p.runs[0])();
///     }
/// }
/// ```
pub fn dot() -> Vec<CaseDef> {
    let mut out = Vec::new();
    for n in [64usize, 256, 1024] {
        for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
            out.push(dot_case!(f32, "f32", n, ta, tb));
            out.push(dot_case!(f64, "f64", n, ta, tb));
        }
    }
    out
}

/// The arithmetic operator on a transposed operand (issue 18):
/// `&a.t() + &b` on 4096² f32 into a new row-major array, against
/// ndarray's `&a.t() + &b`; the reference is `&a + &b` on contiguous
/// operands. Each run allocates its result (both libraries do).
fn operator_case() -> CaseDef {
    def("T2 operator &a.t() + &b".into(), || {
        let cl: Layout<2> = Layout::contiguous([4096, 4096]);
        let (a, b) = (Buf::new(ELEMS), Buf::new(ELEMS));
        let (a2, b2, a3, b3) = (a.clone(), b.clone(), a.clone(), b.clone());
        bench(
            "T2 operator &a.t() + &b",
            3 * ELEMS * 4,
            true,
            Box::new(move || {
                let g_a = a.get();
                let g_b = b.get();
                let av = StridedView::new(&g_a, cl).unwrap();
                let bv = StridedView::new(&g_b, cl).unwrap();
                black_box(&av.t() + &bv);
            }),
            Box::new(move || {
                let g_a2 = a2.get();
                let g_b2 = b2.get();
                let av = nd(&g_a2, &[4096, 4096], &[4096, 1]);
                let bv = nd(&g_b2, &[4096, 4096], &[4096, 1]);
                black_box(&av.t() + &bv);
            }),
            None,
            Some(Box::new(move || {
                let g_a3 = a3.get();
                let g_b3 = b3.get();
                let av = StridedView::new(&g_a3, cl).unwrap();
                let bv = StridedView::new(&g_b3, cl).unwrap();
                black_box(&av + &bv);
            })),
        )
    })
}

/// The parallel cases (run them inside a 2-thread rayon pool).
pub fn parallel() -> Vec<CaseDef> {
    let mut out = Vec::new();
    let (shape, strides) = ([4096usize, 4096], [1isize, 4096]);
    let sl: Layout<2> = Layout::new(shape, strides, 0).unwrap();
    let cl: Layout<2> = Layout::contiguous(shape);
    out.push(def("T2 par_map_inplace".into(), move || {
        let a = Buf::new(ELEMS);
        let (b, c) = (a.clone(), a.clone());
        bench(
            "T2 par_map_inplace",
            2 * ELEMS * 4,
            true,
            Box::new(move || {
                let mut g_a = a.get();
                StridedViewMut::new(&mut g_a, sl)
                    .unwrap()
                    .par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(&mut *g_a);
            }),
            Box::new(move || {
                let mut g_b = b.get();
                nd_mut(&mut g_b, &shape, &strides).par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(&mut *g_b);
            }),
            None,
            Some(Box::new(move || {
                let mut g_c = c.get();
                StridedViewMut::new(&mut g_c, cl)
                    .unwrap()
                    .par_map_inplace(|x| *x = *x * 0.5 + 1.0);
                black_box(&mut *g_c);
            })),
        )
    }));
    out.push(def("T2 par_fill".into(), move || {
        let a = Buf::new(ELEMS);
        let (b, c) = (a.clone(), a.clone());
        bench(
            "T2 par_fill",
            ELEMS * 4,
            true,
            Box::new(move || {
                let mut g_a = a.get();
                StridedViewMut::new(&mut g_a, sl).unwrap().par_fill(2.0);
                black_box(&mut *g_a);
            }),
            Box::new(move || {
                let mut g_b = b.get();
                nd_mut(&mut g_b, &shape, &strides).par_map_inplace(|x| *x = 2.0);
                black_box(&mut *g_b);
            }),
            None,
            Some(Box::new(move || {
                let mut g_c = c.get();
                StridedViewMut::new(&mut g_c, cl).unwrap().par_fill(2.0);
                black_box(&mut *g_c);
            })),
        )
    }));
    out.push(def("T2 Zip d = a + b^T par_for_each".into(), move || {
        let (a, b) = (Buf::new(ELEMS), Buf::new(ELEMS));
        let d1 = Buf::new(ELEMS);
        let (d2, d3) = (d1.clone(), d1.clone());
        let (a2, b2, a3, b3) = (a.clone(), b.clone(), a.clone(), b.clone());
        let rm = [4096isize, 1];
        bench(
            "T2 Zip d = a + b^T par_for_each",
            4 * ELEMS * 4,
            true,
            Box::new(move || {
                let g_a = a.get();
                let g_b = b.get();
                let mut g_d1 = d1.get();
                let av = StridedView::new(&g_a, cl).unwrap();
                let bv = StridedView::new(&g_b, sl).unwrap();
                let mut dv = StridedViewMut::new(&mut g_d1, cl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(bv)
                    .unwrap()
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(&mut *g_d1);
            }),
            Box::new(move || {
                let g_a2 = a2.get();
                let g_b2 = b2.get();
                let mut g_d2 = d2.get();
                let av = nd(&g_a2, &shape, &rm);
                let bv = nd(&g_b2, &shape, &strides);
                let mut dv = nd_mut(&mut g_d2, &shape, &rm);
                ndarray::Zip::from(&mut dv)
                    .and(&av)
                    .and(&bv)
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(&mut *g_d2);
            }),
            None,
            Some(Box::new(move || {
                let g_a3 = a3.get();
                let g_b3 = b3.get();
                let mut g_d3 = d3.get();
                let av = StridedView::new(&g_a3, cl).unwrap();
                let bv = StridedView::new(&g_b3, cl).unwrap();
                let mut dv = StridedViewMut::new(&mut g_d3, cl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(bv)
                    .unwrap()
                    .par_for_each(|d, a, b| *d = a + b);
                black_box(&mut *g_d3);
            })),
        )
    }));
    out
}
