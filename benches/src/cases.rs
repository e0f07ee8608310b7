//! The rearrange benchmark cases, shared by `benches/rearrange.rs`
//! (criterion) and `examples/bench_report.rs` (the ratio table). Each case
//! copies about 64 MiB of f32 (16 Mi elements) from a strided source into
//! a row-major destination, with constrided and with its peers (ndarray's
//! `assign`, strided-rs, HPTT) on the same layouts; the reference is the
//! best copy (`copy_from_slice` or a streaming-store loop) of the same
//! number of bytes. Every contender of a case reads the same source buffer
//! and writes the same destination ([`Operands`]).

use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;

use crate::report::{Bench, Peer};
use constrided::{kernel::rearrange, s, Layout, StridedView, StridedViewMut};
use ndarray::{ArrayView1, ArrayView2, ArrayView3, ArrayView4, ArrayViewD, IxDyn};

/// Elements per operand: 64 MiB of f32.
pub const ELEMS: usize = 1 << 24;

/// constrided's `rearrange`, strided-rs's `strided_perm::copy_into`
/// (single thread, `Exec::serial()`) and HPTT (single thread) on the same
/// layouts, and the best copy of the destination's bytes.
pub struct Contenders {
    pub constrided: Box<dyn FnMut()>,
    /// `None` where the case has no strided-rs counterpart.
    pub strided: Option<Box<dyn FnMut()>>,
    /// `None` without the `hptt` feature and where HPTT has no counterpart
    /// (it permutes dense f32/f64 tensors only: no flips, slices,
    /// broadcasts, u8/u16/f16).
    pub hptt: Option<Box<dyn FnMut()>>,
    /// The reference copies (`copy_from_slice` and a streaming-store loop)
    /// of as many bytes as the destination holds; a round keeps the faster.
    pub best_copy: Vec<Box<dyn FnMut()>>,
}

/// The buffers of a case, shared by all its contenders: the source and the
/// row-major destination. Two equal 64 MiB buffers can read up to 15%
/// apart on the README's machine (their pages sit on different memory),
/// which decided ties when each contender had buffers of its own; the
/// report evicts the cache between contenders instead.
///
/// ```
/// use constrided_bench::cases::Operands;
///
/// let ops = Operands::new(vec![1.0f32; 6], 6);
/// assert_eq!(ops.dst.borrow().len(), 6);
/// ```
pub struct Operands<T> {
    /// The source every contender reads.
    pub src: Vec<T>,
    /// The destination every contender writes.
    pub dst: RefCell<Vec<T>>,
}

impl<T: Elem> Operands<T> {
    /// `src` and a destination of `n` default elements, shared.
    pub fn new(src: Vec<T>, n: usize) -> Rc<Operands<T>> {
        Rc::new(Operands {
            src,
            dst: RefCell::new(vec![T::default(); n]),
        })
    }
}

/// HPTT's permutation of a dense row-major tensor of `shape` into a dense
/// row-major destination whose axis `j` is the source's axis `perm[j]`
/// (`alpha = 1`, `beta = 0`, one thread).
pub type HpttCopy<T> = fn(perm: &[usize], src: &[T], shape: &[usize], dst: &mut [T]);

/// Element types of the cases.
///
/// ```
/// use constrided_bench::cases::Elem;
///
/// assert!(<u8 as Elem>::HPTT.is_none());
/// assert_eq!(<f32 as Elem>::HPTT.is_some(), cfg!(feature = "hptt"));
/// ```
///
/// # Safety
///
/// Implementors are plain data: no padding, and every bit pattern is a
/// valid value (the best copy moves them as bytes).
pub unsafe trait Elem:
    Copy + Default + PartialEq + core::fmt::Debug + Send + Sync + 'static
{
    /// HPTT's copy for this type: `Some` for f32 and f64 when the `hptt`
    /// feature is on, `None` otherwise.
    const HPTT: Option<HpttCopy<Self>> = None;
}
// SAFETY: u8, u16, f16, f32 and f64 have no padding and no invalid bit
// patterns.
unsafe impl Elem for u8 {}
// SAFETY: as above.
unsafe impl Elem for u16 {}
// SAFETY: as above (an f16 is a u16 inside).
unsafe impl Elem for half::f16 {}
// SAFETY: as above.
#[cfg(not(feature = "hptt"))]
unsafe impl Elem for f32 {}
// SAFETY: as above.
#[cfg(not(feature = "hptt"))]
unsafe impl Elem for f64 {}

#[cfg(feature = "hptt")]
mod hptt_copy {
    // The hptt crate (0.4.1) exposes HPTT's one-shot C interface only: each
    // call makes an ESTIMATE plan (no measuring) and executes it, so the
    // plan cannot be kept out of the timed closure. `RowMajor` makes HPTT
    // read `shape` and `perm` in the row-major (C, NumPy) convention.
    use hptt::MemoryOrder::RowMajor;

    pub fn f32(perm: &[usize], src: &[f32], shape: &[usize], dst: &mut [f32]) {
        hptt::transpose_f32(perm, 1.0, src, shape, 0.0, dst, 1, RowMajor).unwrap()
    }

    pub fn f64(perm: &[usize], src: &[f64], shape: &[usize], dst: &mut [f64]) {
        hptt::transpose_f64(perm, 1.0, src, shape, 0.0, dst, 1, RowMajor).unwrap()
    }
}
// SAFETY: as for the other element types.
#[cfg(feature = "hptt")]
unsafe impl Elem for f32 {
    const HPTT: Option<HpttCopy<Self>> = Some(hptt_copy::f32);
}
// SAFETY: as for the other element types.
#[cfg(feature = "hptt")]
unsafe impl Elem for f64 {
    const HPTT: Option<HpttCopy<Self>> = Some(hptt_copy::f64);
}

/// When `sl` is a permutation of a dense row-major layout (offset 0, every
/// stride the product of the extents of the axes with smaller strides):
/// that layout's shape and the permutation, `sl`'s axis `j` being the
/// dense layout's axis `perm[j]` (`Layout::contiguous(shape).permute(perm)
/// == sl`).
///
/// ```
/// use constrided::Layout;
/// use constrided_bench::cases::dense_permutation;
///
/// let sl = Layout::contiguous([2, 3, 4]).permute([2, 0, 1]).unwrap();
/// assert_eq!(dense_permutation(&sl), Some(([2, 3, 4], [2, 0, 1])));
/// // Flips, slices and broadcasts are no permutations of a dense layout.
/// assert_eq!(dense_permutation(&sl.flip(0).unwrap()), None);
/// ```
pub fn dense_permutation<const N: usize>(sl: &Layout<N>) -> Option<([usize; N], [usize; N])> {
    if sl.offset() != 0 {
        return None;
    }
    let (shape, strides) = (sl.shape(), sl.strides());
    // Axes by decreasing stride (stable: equal strides keep their order).
    let mut order: [usize; N] = core::array::from_fn(|j| j);
    order.sort_by_key(|&j| core::cmp::Reverse(strides[j]));
    let (mut base, mut perm) = ([0usize; N], [0usize; N]);
    let mut expect = 1isize;
    for k in (0..N).rev() {
        let j = order[k];
        if strides[j] != expect {
            return None;
        }
        expect = expect.checked_mul(isize::try_from(shape[j]).ok()?)?;
        base[k] = shape[j];
        perm[j] = k;
    }
    Some((base, perm))
}

// HPTT's side of a case: `None` where the element type or the layout has
// no HPTT counterpart. Checked once against constrided's result.
fn hptt_side<T: Elem, const N: usize>(
    ops: &Rc<Operands<T>>,
    sl: Layout<N>,
    reps: usize,
) -> Option<Box<dyn FnMut()>> {
    let f = T::HPTT?;
    let (shape, perm) = dense_permutation(&sl)?;
    if ops.src.len() != sl.numel() {
        return None;
    }
    let dl = Layout::contiguous(sl.shape());
    let mut b = vec![T::default(); dl.numel()];
    f(&perm, &ops.src, &shape, &mut b);
    let mut expected = vec![T::default(); dl.numel()];
    let sv = StridedView::new(&ops.src, sl).unwrap();
    rearrange(&mut StridedViewMut::new(&mut expected, dl).unwrap(), &sv).unwrap();
    assert!(
        b == expected,
        "HPTT's permutation {perm:?} of shape {shape:?} differs from constrided's rearrange"
    );
    let ops = ops.clone();
    Some(Box::new(move || {
        let mut d = ops.dst.borrow_mut();
        for _ in 0..reps {
            f(&perm, black_box(&ops.src), &shape, &mut d);
            black_box(&mut *d);
        }
    }))
}

/// A benchmark case: runnable copies of the same layouts.
pub struct Case {
    pub name: &'static str,
    /// Elements written per run.
    pub elems: usize,
    /// Bytes per element.
    pub size: usize,
    /// Copies per run (in-cache cases repeat a small copy; the reference
    /// copies then repeat `elems * size / reps` bytes as often).
    pub reps: usize,
    pub ours: Contenders,
    pub ndarray: Box<dyn FnMut()>,
}

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32).collect()
}

// Our side: src through `sl` into a contiguous destination.
fn ours<T: Elem, const N: usize>(src: Vec<T>, sl: Layout<N>) -> (Contenders, Rc<Operands<T>>) {
    ours_reps(src, sl, 1)
}

// `reps` copies per run (in-cache cases), by constrided, by strided-rs and,
// for dense permutations of f32/f64 with the `hptt` feature, by HPTT, all
// on the same operands (returned for ndarray's side).
fn ours_reps<T: Elem, const N: usize>(
    src: Vec<T>,
    sl: Layout<N>,
    reps: usize,
) -> (Contenders, Rc<Operands<T>>) {
    let dl = Layout::contiguous(sl.shape());
    let ops = Operands::new(src, dl.numel());
    let hptt = hptt_side(&ops, sl, reps);
    let o = ops.clone();
    let constrided = Box::new(move || {
        // Views made once per run, as ndarray's are.
        let mut d = o.dst.borrow_mut();
        let sv = StridedView::new(black_box(&o.src), sl).unwrap();
        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
        for _ in 0..reps {
            rearrange(&mut dv, black_box(&sv)).unwrap();
            black_box(&mut dv);
        }
    });
    // strided-rs reads through its own view type: same shape, strides and
    // offset over the same values.
    let (shape, sst, dst_strides) = (sl.shape(), sl.strides(), dl.strides());
    let off = sl.offset() as isize;
    let o = ops.clone();
    let strided = Box::new(move || {
        let mut d = o.dst.borrow_mut();
        let sv = strided_view::StridedView::<T>::new(black_box(&o.src), &shape, &sst, off).unwrap();
        let mut dv = strided_view::StridedViewMut::new(&mut d, &shape, &dst_strides, 0).unwrap();
        for _ in 0..reps {
            strided_perm::copy_into(&mut dv, black_box(&sv), threadteam::Exec::serial()).unwrap();
            black_box(&mut dv);
        }
    });
    let best_copy = best_copy(&ops, reps, None);
    (
        Contenders {
            constrided,
            strided: Some(strided),
            hptt,
            best_copy,
        },
        ops,
    )
}

fn bytes_of<T: Elem>(v: &[T]) -> &[u8] {
    // SAFETY: `T: Elem` is plain data without padding, so each of the
    // slice's `size_of_val(v)` bytes is initialized and may be read as u8.
    unsafe { core::slice::from_raw_parts(v.as_ptr().cast(), core::mem::size_of_val(v)) }
}

fn bytes_of_mut<T: Elem>(v: &mut [T]) -> &mut [u8] {
    // SAFETY: as in `bytes_of`; and every bit pattern is a valid `T`
    // (`Elem`'s contract), so any bytes written leave valid values.
    unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast(), core::mem::size_of_val(v)) }
}

/// Copies whole 64-byte lines of `src` into `dst` from its first 64-byte
/// boundary on, with non-temporal (streaming) stores: as many lines as fit
/// in both. `copy_from_slice` of the same bytes off x86_64.
///
/// ```
/// let src = vec![7u8; 300];
/// let mut dst = vec![0u8; 300];
/// constrided_bench::cases::stream_lines(&src, &mut dst);
/// assert!(dst.iter().filter(|&&b| b == 7).count() >= 300 - 2 * 64);
/// ```
pub fn stream_lines(src: &[u8], dst: &mut [u8]) {
    let peel = dst.as_ptr().align_offset(64).min(dst.len());
    let dst = &mut dst[peel..];
    let lines = dst.len().min(src.len()) / 64;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `lines` 64-byte lines fit in both `src` and `dst`, and
    // `dst` starts at a 64-byte boundary (16-byte aligned stores).
    unsafe {
        use std::arch::x86_64::*;
        let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
        for l in 0..lines {
            for k in 0..4 {
                let v = _mm_loadu_si128(s.add(64 * l + 16 * k) as *const __m128i);
                _mm_stream_si128(d.add(64 * l + 16 * k) as *mut __m128i, v);
            }
        }
        _mm_sfence();
    }
    #[cfg(not(target_arch = "x86_64"))]
    dst[..64 * lines].copy_from_slice(&src[..64 * lines]);
}

/// The best-copy reference of a case: `copy_from_slice` and a
/// streaming-store loop (a round keeps the faster), each copying as many
/// bytes as the destination of `ops` holds into it, `reps` times per run.
/// The source is the case's own when it holds as many bytes (a broadcast's
/// is smaller: it gets a buffer of its own). With a `pool`, each copy runs
/// in two halves on its two threads.
///
/// ```
/// use constrided_bench::cases::{best_copy, Operands};
///
/// let ops = Operands::new(vec![3u8; 1000], 1000);
/// for mut run in best_copy(&ops, 1, None) {
///     run();
/// }
/// assert_eq!(ops.dst.borrow()[..640], [3u8; 640]);
/// ```
pub fn best_copy<T: Elem>(
    ops: &Rc<Operands<T>>,
    reps: usize,
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
) -> Vec<Box<dyn FnMut()>> {
    let bytes = core::mem::size_of_val(&ops.dst.borrow()[..]);
    let own = Rc::new((core::mem::size_of_val(&ops.src[..]) < bytes).then(|| vec![1u8; bytes]));
    let copy = |stream: bool| -> Box<dyn FnMut()> {
        let (ops, own, pool) = (ops.clone(), own.clone(), pool.clone());
        Box::new(move || {
            let src = match &*own {
                Some(v) => &v[..],
                None => &bytes_of(&ops.src)[..bytes],
            };
            let mut d = ops.dst.borrow_mut();
            let dst = bytes_of_mut(&mut d);
            let one = |s: &[u8], d: &mut [u8]| {
                if stream {
                    stream_lines(s, d)
                } else {
                    d.copy_from_slice(s)
                }
            };
            for _ in 0..reps {
                match &pool {
                    None => one(black_box(src), dst),
                    Some(pool) => {
                        // Halves split at a line boundary of the destination.
                        let mid = (dst.len() / 2 + dst.as_ptr().align_offset(64)) & !63;
                        let mid = mid.min(dst.len());
                        let (s0, s1) = src.split_at(mid);
                        let (d0, d1) = dst.split_at_mut(mid);
                        pool.join(|| one(s0, d0), || one(s1, d1));
                    }
                }
                black_box(&mut *dst);
            }
        })
    };
    vec![copy(false), copy(true)]
}

/// The memcpy reference: `copy_from_slice` of `ELEMS` f32.
pub fn memcpy() -> Box<dyn FnMut()> {
    let src = data(ELEMS);
    let mut dst = vec![0.0f32; ELEMS];
    Box::new(move || {
        dst.copy_from_slice(black_box(&src));
        black_box(&mut dst);
    })
}

// ndarray's side: `assign` of the view `$make` (of `$v`, the source
// slice) into the shared destination seen as a row-major array of
// `$shape`.
macro_rules! nd_case {
    ($ops:expr, $shape:expr, |$v:ident| $make:expr) => {
        nd_case!($ops, $shape, 1, |$v| $make)
    };
    ($ops:expr, $shape:expr, $reps:expr, |$v:ident| $make:expr) => {{
        let ops = $ops.clone();
        Box::new(move || {
            let mut d = ops.dst.borrow_mut();
            let mut dv = ndarray::ArrayViewMut::from_shape($shape, &mut d[..]).unwrap();
            for _ in 0..$reps {
                let $v = black_box(&ops.src[..]);
                dv.assign(&$make);
                black_box(&mut dv);
            }
        }) as Box<dyn FnMut()>
    }};
}

/// Element values from their index (test data of every element type).
pub trait FromIndex {
    /// The value at index `i`.
    fn from_index(i: usize) -> Self;
}
macro_rules! from_index {
    ($($t:ty),*) => {$(impl FromIndex for $t {
        fn from_index(i: usize) -> Self { i as $t }
    })*};
}
from_index!(u8, u16, f32, f64);
impl FromIndex for half::f16 {
    fn from_index(i: usize) -> Self {
        half::f16::from_f32((i % 2048) as f32)
    }
}

fn data_of<T: Copy>(n: usize, f: impl Fn(usize) -> T) -> Vec<T> {
    (0..n).map(f).collect()
}

/// A case to build: its name (to filter without building) and how to
/// make it (the operands, up to a few hundred MiB, exist only while it runs).
pub struct CaseDef {
    pub name: &'static str,
    pub build: Box<dyn Fn() -> Case>,
}

fn def(name: &'static str, build: impl Fn() -> Case + 'static) -> CaseDef {
    CaseDef {
        name,
        build: Box::new(build),
    }
}

impl Case {
    /// The case as a report row: constrided against ndarray, strided-rs,
    /// HPTT (where it has a counterpart) and the best copy of the same
    /// bytes (per round the faster of `copy_from_slice` and a
    /// streaming-store loop).
    pub fn into_bench(self) -> Bench {
        let bytes = self.elems * self.size;
        let mut peers = vec![Peer::one("ndarray", self.ndarray)];
        if let Some(s) = self.ours.strided {
            peers.push(Peer::one("strided-rs", s));
        }
        if let Some(h) = self.ours.hptt {
            peers.push(Peer::one("hptt", h));
        }
        peers.push(Peer {
            label: "best copy",
            runs: self.ours.best_copy,
        });
        Bench {
            name: self.name.into(),
            bytes: (2 * bytes) as f64,
            // One pass over large operands runs cold; in-cache cases
            // repeat a small copy and stay warm.
            cold: self.reps == 1,
            ours: self.ours.constrided,
            peers,
        }
    }
}

/// Every case of the issue's performance table, unbuilt.
pub fn all() -> Vec<CaseDef> {
    let mut cases = Vec::new();
    let n2 = 4096usize;
    let n3 = 256usize;

    cases.push(def("contiguous copy", move || {
        let (ours, ops) = ours(data(ELEMS), Layout::contiguous([ELEMS]));
        Case {
            name: "contiguous copy",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, ELEMS, |v| ArrayView1::from(v)),
        }
    }));
    cases.push(def("1-D flip", move || {
        let (ours, ops) = ours(data(ELEMS), Layout::contiguous([ELEMS]).flip(0).unwrap());
        Case {
            name: "1-D flip",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, ELEMS, |v| ArrayView1::from(v)
                .slice_move(ndarray::s![..;-1])),
        }
    }));
    cases.push(def("2-D transpose 4096x4096", move || {
        let (ours, ops) = ours(data(ELEMS), Layout::contiguous([n2, n2]).t());
        Case {
            name: "2-D transpose 4096x4096",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, (n2, n2), |v| ArrayView2::from_shape((n2, n2), v)
                .unwrap()
                .reversed_axes()),
        }
    }));
    for (name, perm) in [
        ("256^3 permute (0,2,1)", [0usize, 2, 1]),
        ("256^3 permute (1,0,2)", [1, 0, 2]),
        ("256^3 permute (1,2,0)", [1, 2, 0]),
        ("256^3 permute (2,0,1)", [2, 0, 1]),
        ("256^3 permute (2,1,0)", [2, 1, 0]),
    ] {
        cases.push(def(name, move || {
            let (ours, ops) = ours(
                data(ELEMS),
                Layout::contiguous([n3; 3]).permute(perm).unwrap(),
            );
            Case {
                name,
                elems: ELEMS,
                size: 4,
                reps: 1,
                ours,
                ndarray: nd_case!(ops, (n3, n3, n3), |v| ArrayView3::from_shape(
                    (n3, n3, n3),
                    v
                )
                .unwrap()
                .permuted_axes(perm)),
            }
        }));
    }
    let perm8 = [3usize, 7, 1, 5, 0, 6, 2, 4];
    cases.push(def("rank-8 permute 8^8", move || {
        let (ours, ops) = ours(
            data(ELEMS),
            Layout::contiguous([8; 8]).permute(perm8).unwrap(),
        );
        Case {
            name: "rank-8 permute 8^8",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, IxDyn(&[8; 8]), |v| ArrayViewD::from_shape(
                IxDyn(&[8; 8]),
                v
            )
            .unwrap()
            .permuted_axes(IxDyn(&perm8))),
        }
    }));
    cases.push(def("transpose + flip 4096x4096", move || {
        let (ours, ops) = ours(
            data(ELEMS),
            Layout::contiguous([n2, n2]).t().flip(0).unwrap(),
        );
        Case {
            name: "transpose + flip 4096x4096",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, (n2, n2), |v| ArrayView2::from_shape((n2, n2), v)
                .unwrap()
                .reversed_axes()
                .slice_move(ndarray::s![..;-1, ..])),
        }
    }));
    // Every other row and column of an 8192x8192 source, from (1, 1).
    let big = 2 * n2;
    cases.push(def("step-2 slice, offset (1,1)", move || {
        let (ours, ops) = ours(
            data(big * big),
            Layout::contiguous([big, big])
                .slice(s![1..big - 1;2, 1..big - 1;2])
                .unwrap(),
        );
        Case {
            name: "step-2 slice, offset (1,1)",
            elems: (big / 2 - 1) * (big / 2 - 1),
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, (big / 2 - 1, big / 2 - 1), |v| {
                ArrayView2::from_shape((big, big), v)
                    .unwrap()
                    .slice_move(ndarray::s![1..big - 1;2, 1..big - 1;2])
            }),
        }
    }));
    cases.push(def("broadcast row 4096 -> 4096x4096", move || {
        let (ours, ops) = ours(
            data(n2),
            Layout::contiguous([n2]).broadcast_to([n2, n2]).unwrap(),
        );
        Case {
            name: "broadcast row 4096 -> 4096x4096",
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, (n2, n2), |v| ArrayView1::from(v)
                .broadcast((n2, n2))
                .unwrap()),
        }
    }));
    // NCHW -> NHWC: (0, 2, 3, 1) of a row-major NCHW source.
    let nchw = [128usize, 64, 56, 56];
    let nchw_f32 = [32usize, 64, 56, 56];
    let nhwc = |sh: [usize; 4]| (sh[0], sh[2], sh[3], sh[1]);
    cases.push(def("NCHW->NHWC 32x64x56x56 f32", move || {
        let (ours, ops) = ours(
            data(nchw_f32.iter().product()),
            Layout::contiguous(nchw_f32).permute([0, 2, 3, 1]).unwrap(),
        );
        Case {
            name: "NCHW->NHWC 32x64x56x56 f32",
            elems: nchw_f32.iter().product(),
            size: 4,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, nhwc(nchw_f32), |v| {
                ArrayView4::from_shape((nchw_f32[0], nchw_f32[1], nchw_f32[2], nchw_f32[3]), v)
                    .unwrap()
                    .permuted_axes([0, 2, 3, 1])
            }),
        }
    }));
    cases.push(def("NCHW->NHWC 128x64x56x56 u8", move || {
        let (ours, ops) = ours(
            data_of(nchw.iter().product(), |i| i as u8),
            Layout::contiguous(nchw).permute([0, 2, 3, 1]).unwrap(),
        );
        Case {
            name: "NCHW->NHWC 128x64x56x56 u8",
            elems: nchw.iter().product(),
            size: 1,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, nhwc(nchw), |v| {
                ArrayView4::from_shape((nchw[0], nchw[1], nchw[2], nchw[3]), v)
                    .unwrap()
                    .permuted_axes([0, 2, 3, 1])
            }),
        }
    }));
    macro_rules! transpose_case {
        ($name:expr, $t:ty, $r:expr, $c:expr, $reps:expr) => {{
            let (r, c, reps): (usize, usize, usize) = ($r, $c, $reps);
            let (ours, ops) = ours_reps(
                data_of(r * c, <$t as FromIndex>::from_index),
                Layout::contiguous([r, c]).t(),
                reps,
            );
            Case {
                name: $name,
                elems: r * c * reps,
                size: core::mem::size_of::<$t>(),
                reps,
                ours,
                ndarray: nd_case!(ops, (c, r), reps, |v| {
                    ArrayView2::from_shape((r, c), v).unwrap().reversed_axes()
                }),
            }
        }};
    }
    cases.push(def("transpose 8192x8192 u8", move || {
        transpose_case!("transpose 8192x8192 u8", u8, 8192, 8192, 1)
    }));
    cases.push(def("transpose 4096x8192 u16", move || {
        transpose_case!("transpose 4096x8192 u16", u16, 4096, 8192, 1)
    }));
    cases.push(def("transpose 2048x4096 f64", move || {
        transpose_case!("transpose 2048x4096 f64", f64, 2048, 4096, 1)
    }));
    cases.push(def("transpose 8x8 f32 (in cache, x4096)", move || {
        transpose_case!("transpose 8x8 f32 (in cache, x4096)", f32, 8, 8, 4096)
    }));
    cases.push(def("transpose 64x64 f32 (in cache, x256)", move || {
        transpose_case!("transpose 64x64 f32 (in cache, x256)", f32, 64, 64, 256)
    }));
    cases.push(def("transpose 256x256 u8 (in cache, x1024)", move || {
        transpose_case!("transpose 256x256 u8 (in cache, x1024)", u8, 256, 256, 1024)
    }));
    cases.push(def("256^3 permute (2,1,0) f64", move || {
        let (ours, ops) = ours(
            data_of(n3 * n3 * n3, |i| i as f64),
            Layout::contiguous([n3; 3]).permute([2, 1, 0]).unwrap(),
        );
        Case {
            name: "256^3 permute (2,1,0) f64",
            elems: n3 * n3 * n3,
            size: 8,
            reps: 1,
            ours,
            ndarray: nd_case!(ops, (n3, n3, n3), |v| {
                ArrayView3::from_shape((n3, n3, n3), v)
                    .unwrap()
                    .permuted_axes([2, 1, 0])
            }),
        }
    }));
    cases.push(def("transpose 4096x8192 f16", move || {
        transpose_case!("transpose 4096x8192 f16", half::f16, 4096, 8192, 1)
    }));
    // par_rearrange of the 4096² transpose on a pool of 2 threads.
    cases.push(def(
        "par_rearrange transpose 4096x4096 (2 threads)",
        move || {
            let pool = std::sync::Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(2)
                    .build()
                    .unwrap(),
            );
            let sl = Layout::contiguous([n2, n2]).t();
            let dl = Layout::contiguous([n2, n2]);
            let ops = Operands::new(data(ELEMS), ELEMS);
            // Every contender runs on the same two threads: ndarray's
            // `par_for_each` and the best copy in two halves.
            let (o, p) = (ops.clone(), pool.clone());
            let constrided = Box::new(move || {
                let mut d = o.dst.borrow_mut();
                let sv = StridedView::new(&o.src, sl).unwrap();
                let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
                p.install(|| constrided::kernel::par_rearrange(&mut dv, &sv).unwrap());
                black_box(&mut dv);
            });
            let (o, p) = (ops.clone(), pool.clone());
            let ndarray = Box::new(move || {
                let mut d = o.dst.borrow_mut();
                let mut dv = ndarray::ArrayViewMut2::from_shape((n2, n2), &mut d[..]).unwrap();
                let sv = ArrayView2::from_shape((n2, n2), &o.src[..]).unwrap();
                p.install(|| {
                    ndarray::Zip::from(&mut dv)
                        .and(&sv.t())
                        .par_for_each(|d, &s| *d = s)
                });
                black_box(&mut dv);
            });
            Case {
                name: "par_rearrange transpose 4096x4096 (2 threads)",
                elems: ELEMS,
                size: 4,
                reps: 1,
                ours: Contenders {
                    strided: None,
                    hptt: None,
                    constrided,
                    best_copy: best_copy(&ops, 1, Some(pool)),
                },
                ndarray,
            }
        },
    ));
    cases
}
