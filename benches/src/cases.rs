//! The rearrange benchmark cases, shared by `benches/rearrange.rs`
//! (criterion) and `examples/bench_report.rs` (the ratio table). Each case
//! copies about 64 MiB of f32 (16 Mi elements) from a strided source into
//! a row-major destination, once with constrided and once with ndarray's
//! `assign` on the same layouts; the reference is `copy_from_slice` of the
//! same number of bytes.

use std::hint::black_box;

use crate::report::{Bench, Peer};
use constrided::{kernel::rearrange, s, Layout, StridedView, StridedViewMut};
use ndarray::{Array, ArrayView1, ArrayView2, ArrayView3, ArrayView4, ArrayViewD, IxDyn};

/// Elements per operand: 64 MiB of f32.
pub const ELEMS: usize = 1 << 24;

/// constrided's `rearrange`, strided-rs's `strided_perm::copy_into`
/// (single thread, `Exec::serial()`) and HPTT (single thread) on the same
/// layouts.
pub struct Contenders {
    pub constrided: Box<dyn FnMut()>,
    /// `None` where the case has no strided-rs counterpart.
    pub strided: Option<Box<dyn FnMut()>>,
    /// `None` without the `hptt` feature and where HPTT has no counterpart
    /// (it permutes dense f32/f64 tensors only: no flips, slices,
    /// broadcasts, u8/u16/f16).
    pub hptt: Option<Box<dyn FnMut()>>,
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
pub trait Elem: Copy + Default + PartialEq + core::fmt::Debug + Send + Sync + 'static {
    /// HPTT's copy for this type: `Some` for f32 and f64 when the `hptt`
    /// feature is on, `None` otherwise.
    const HPTT: Option<HpttCopy<Self>> = None;
}
impl Elem for u8 {}
impl Elem for u16 {}
impl Elem for half::f16 {}
#[cfg(not(feature = "hptt"))]
impl Elem for f32 {}
#[cfg(not(feature = "hptt"))]
impl Elem for f64 {}

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
#[cfg(feature = "hptt")]
impl Elem for f32 {
    const HPTT: Option<HpttCopy<Self>> = Some(hptt_copy::f32);
}
#[cfg(feature = "hptt")]
impl Elem for f64 {
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
    src: &[T],
    sl: Layout<N>,
    reps: usize,
) -> Option<Box<dyn FnMut()>> {
    let f = T::HPTT?;
    let (shape, perm) = dense_permutation(&sl)?;
    if src.len() != sl.numel() {
        return None;
    }
    let dl = Layout::contiguous(sl.shape());
    let a = src.to_vec();
    let mut b = vec![T::default(); dl.numel()];
    f(&perm, &a, &shape, &mut b);
    let mut expected = vec![T::default(); dl.numel()];
    let sv = StridedView::new(src, sl).unwrap();
    rearrange(&mut StridedViewMut::new(&mut expected, dl).unwrap(), &sv).unwrap();
    assert!(
        b == expected,
        "HPTT's permutation {perm:?} of shape {shape:?} differs from constrided's rearrange"
    );
    Some(Box::new(move || {
        for _ in 0..reps {
            f(&perm, black_box(&a), &shape, &mut b);
            black_box(&mut b);
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
fn ours<T: Elem, const N: usize>(src: Vec<T>, sl: Layout<N>) -> Contenders {
    ours_reps(src, sl, 1)
}

// `reps` copies per run (in-cache cases), by constrided, by strided-rs and,
// for dense permutations of f32/f64 with the `hptt` feature, by HPTT.
fn ours_reps<T: Elem, const N: usize>(src: Vec<T>, sl: Layout<N>, reps: usize) -> Contenders {
    let hptt = hptt_side(&src, sl, reps);
    // strided-rs reads a copy of the same values: a buffer that was only
    // allocated (`vec![0; n]`, never written) would read the kernel's
    // shared zero page, which stays in the cache and costs no memory
    // traffic at all (it made strided-rs look up to 2x faster on the
    // read-heavy cases: the step-2 slice, flips, permutations).
    let src2 = src[..sl.required_len()].to_vec();
    let dl = Layout::contiguous(sl.shape());
    let mut dst = vec![T::default(); dl.numel()];
    let constrided = Box::new(move || {
        // Views made once per run, as ndarray's are.
        let sv = StridedView::new(black_box(&src), sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
        for _ in 0..reps {
            rearrange(&mut dv, black_box(&sv)).unwrap();
            black_box(&mut dv);
        }
    });
    // strided-rs reads through its own view type: same shape, strides and
    // offset over its own copy of the values.
    let mut dst2 = vec![T::default(); dl.numel()];
    let (shape, sst, dst_strides) = (sl.shape(), sl.strides(), dl.strides());
    let off = sl.offset() as isize;
    let strided = Box::new(move || {
        let sv = strided_view::StridedView::<T>::new(black_box(&src2), &shape, &sst, off).unwrap();
        let mut dv = strided_view::StridedViewMut::new(&mut dst2, &shape, &dst_strides, 0).unwrap();
        for _ in 0..reps {
            strided_perm::copy_into(&mut dv, black_box(&sv), threadteam::Exec::serial()).unwrap();
            black_box(&mut dv);
        }
    });
    Contenders {
        constrided,
        strided: Some(strided),
        hptt,
    }
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

/// `copy_from_slice` of `bytes` bytes, `reps` times per run.
pub fn memcpy_bytes(bytes: usize, reps: usize) -> Box<dyn FnMut()> {
    let src = vec![1u8; bytes];
    let mut dst = vec![0u8; bytes];
    Box::new(move || {
        for _ in 0..reps {
            dst.copy_from_slice(black_box(&src));
            black_box(&mut dst);
        }
    })
}

/// A copy loop with non-temporal (streaming) stores of `bytes` bytes
/// (whole 64-byte lines into a line-aligned destination), `reps` times per
/// run: the "best copy" reference for large destinations. Falls back to
/// `copy_from_slice` off x86_64.
pub fn streaming_bytes(bytes: usize, reps: usize) -> Box<dyn FnMut()> {
    let src = vec![1u8; bytes + 64];
    let mut dst = vec![0u8; bytes + 64];
    Box::new(move || {
        for _ in 0..reps {
            let d0 = dst.as_mut_ptr();
            let peel = (64 - d0 as usize % 64) % 64;
            let lines = bytes / 64;
            #[cfg(target_arch = "x86_64")]
            // SAFETY: both buffers hold bytes + 64 bytes; the destination
            // lines start at a 64-byte boundary within them.
            unsafe {
                use std::arch::x86_64::*;
                let (d, s) = (d0.add(peel), src.as_ptr());
                for l in 0..lines {
                    for k in 0..4 {
                        let v = _mm_loadu_si128(s.add(64 * l + 16 * k) as *const __m128i);
                        _mm_stream_si128(d.add(64 * l + 16 * k) as *mut __m128i, v);
                    }
                }
                _mm_sfence();
            }
            #[cfg(not(target_arch = "x86_64"))]
            dst[peel..peel + 64 * lines].copy_from_slice(&src[..64 * lines]);
            black_box(&mut dst);
        }
    })
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

macro_rules! nd_case {
    ($src:expr, $shape:expr, |$v:ident| $make:expr) => {
        nd_case!($src, $shape, 1, |$v| $make)
    };
    ($src:expr, $shape:expr, $reps:expr, |$v:ident| $make:expr) => {{
        let src = $src;
        let mut dst = Array::from_elem($shape, src[0]);
        Box::new(move || {
            for _ in 0..$reps {
                let $v = black_box(&src[..]);
                dst.assign(&$make);
                black_box(&mut dst);
            }
        }) as Box<dyn FnMut()>
    }};
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
        let per_copy = bytes / self.reps;
        let mut peers = vec![Peer::one("ndarray", self.ndarray)];
        if let Some(s) = self.ours.strided {
            peers.push(Peer::one("strided-rs", s));
        }
        if let Some(h) = self.ours.hptt {
            peers.push(Peer::one("hptt", h));
        }
        peers.push(Peer {
            label: "best copy",
            runs: vec![
                memcpy_bytes(per_copy, self.reps),
                streaming_bytes(per_copy, self.reps),
            ],
        });
        Bench {
            name: self.name.into(),
            bytes: (2 * bytes) as f64,
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

    cases.push(def("contiguous copy", move || Case {
        name: "contiguous copy",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(data(ELEMS), Layout::contiguous([ELEMS])),
        ndarray: nd_case!(data(ELEMS), ELEMS, |v| ArrayView1::from(v)),
    }));
    cases.push(def("1-D flip", move || Case {
        name: "1-D flip",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(data(ELEMS), Layout::contiguous([ELEMS]).flip(0).unwrap()),
        ndarray: nd_case!(data(ELEMS), ELEMS, |v| ArrayView1::from(v)
            .slice_move(ndarray::s![..;-1])),
    }));
    cases.push(def("2-D transpose 4096x4096", move || Case {
        name: "2-D transpose 4096x4096",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(data(ELEMS), Layout::contiguous([n2, n2]).t()),
        ndarray: nd_case!(data(ELEMS), (n2, n2), |v| ArrayView2::from_shape(
            (n2, n2),
            v
        )
        .unwrap()
        .reversed_axes()),
    }));
    for (name, perm) in [
        ("256^3 permute (0,2,1)", [0usize, 2, 1]),
        ("256^3 permute (1,0,2)", [1, 0, 2]),
        ("256^3 permute (1,2,0)", [1, 2, 0]),
        ("256^3 permute (2,0,1)", [2, 0, 1]),
        ("256^3 permute (2,1,0)", [2, 1, 0]),
    ] {
        cases.push(def(name, move || Case {
            name,
            elems: ELEMS,
            size: 4,
            reps: 1,
            ours: ours(
                data(ELEMS),
                Layout::contiguous([n3; 3]).permute(perm).unwrap(),
            ),
            ndarray: nd_case!(data(ELEMS), (n3, n3, n3), |v| ArrayView3::from_shape(
                (n3, n3, n3),
                v
            )
            .unwrap()
            .permuted_axes(perm)),
        }));
    }
    let perm8 = [3usize, 7, 1, 5, 0, 6, 2, 4];
    cases.push(def("rank-8 permute 8^8", move || Case {
        name: "rank-8 permute 8^8",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(
            data(ELEMS),
            Layout::contiguous([8; 8]).permute(perm8).unwrap(),
        ),
        ndarray: nd_case!(data(ELEMS), IxDyn(&[8; 8]), |v| ArrayViewD::from_shape(
            IxDyn(&[8; 8]),
            v
        )
        .unwrap()
        .permuted_axes(IxDyn(&perm8))),
    }));
    cases.push(def("transpose + flip 4096x4096", move || Case {
        name: "transpose + flip 4096x4096",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(
            data(ELEMS),
            Layout::contiguous([n2, n2]).t().flip(0).unwrap(),
        ),
        ndarray: nd_case!(data(ELEMS), (n2, n2), |v| ArrayView2::from_shape(
            (n2, n2),
            v
        )
        .unwrap()
        .reversed_axes()
        .slice_move(ndarray::s![..;-1, ..])),
    }));
    // Every other row and column of an 8192x8192 source, from (1, 1).
    let big = 2 * n2;
    cases.push(def("step-2 slice, offset (1,1)", move || Case {
        name: "step-2 slice, offset (1,1)",
        elems: (big / 2 - 1) * (big / 2 - 1),
        size: 4,
        reps: 1,
        ours: ours(
            data(big * big),
            Layout::contiguous([big, big])
                .slice(s![1..big - 1;2, 1..big - 1;2])
                .unwrap(),
        ),
        ndarray: nd_case!(data(big * big), (big / 2 - 1, big / 2 - 1), |v| {
            ArrayView2::from_shape((big, big), v)
                .unwrap()
                .slice_move(ndarray::s![1..big - 1;2, 1..big - 1;2])
        }),
    }));
    cases.push(def("broadcast row 4096 -> 4096x4096", move || Case {
        name: "broadcast row 4096 -> 4096x4096",
        elems: ELEMS,
        size: 4,
        reps: 1,
        ours: ours(
            data(n2),
            Layout::contiguous([n2]).broadcast_to([n2, n2]).unwrap(),
        ),
        ndarray: nd_case!(data(n2), (n2, n2), |v| ArrayView1::from(v)
            .broadcast((n2, n2))
            .unwrap()),
    }));
    // NCHW -> NHWC: (0, 2, 3, 1) of a row-major NCHW source.
    let nchw = [128usize, 64, 56, 56];
    let nchw_f32 = [32usize, 64, 56, 56];
    let nhwc = |sh: [usize; 4]| (sh[0], sh[2], sh[3], sh[1]);
    cases.push(def("NCHW->NHWC 32x64x56x56 f32", move || Case {
        name: "NCHW->NHWC 32x64x56x56 f32",
        elems: nchw_f32.iter().product(),
        size: 4,
        reps: 1,
        ours: ours(
            data(nchw_f32.iter().product()),
            Layout::contiguous(nchw_f32).permute([0, 2, 3, 1]).unwrap(),
        ),
        ndarray: nd_case!(data(nchw_f32.iter().product()), nhwc(nchw_f32), |v| {
            ArrayView4::from_shape((nchw_f32[0], nchw_f32[1], nchw_f32[2], nchw_f32[3]), v)
                .unwrap()
                .permuted_axes([0, 2, 3, 1])
        }),
    }));
    cases.push(def("NCHW->NHWC 128x64x56x56 u8", move || Case {
        name: "NCHW->NHWC 128x64x56x56 u8",
        elems: nchw.iter().product(),
        size: 1,
        reps: 1,
        ours: ours(
            data_of(nchw.iter().product(), |i| i as u8),
            Layout::contiguous(nchw).permute([0, 2, 3, 1]).unwrap(),
        ),
        ndarray: nd_case!(
            data_of(nchw.iter().product(), |i| i as u8),
            nhwc(nchw),
            |v| {
                ArrayView4::from_shape((nchw[0], nchw[1], nchw[2], nchw[3]), v)
                    .unwrap()
                    .permuted_axes([0, 2, 3, 1])
            }
        ),
    }));
    macro_rules! transpose_case {
        ($name:expr, $t:ty, $r:expr, $c:expr, $reps:expr) => {{
            let (r, c, reps): (usize, usize, usize) = ($r, $c, $reps);
            Case {
                name: $name,
                elems: r * c * reps,
                size: core::mem::size_of::<$t>(),
                reps,
                ours: ours_reps(
                    data_of(r * c, <$t as FromIndex>::from_index),
                    Layout::contiguous([r, c]).t(),
                    reps,
                ),
                ndarray: nd_case!(
                    data_of(r * c, <$t as FromIndex>::from_index),
                    (c, r),
                    reps,
                    |v| { ArrayView2::from_shape((r, c), v).unwrap().reversed_axes() }
                ),
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
    cases.push(def("256^3 permute (2,1,0) f64", move || Case {
        name: "256^3 permute (2,1,0) f64",
        elems: n3 * n3 * n3,
        size: 8,
        reps: 1,
        ours: ours(
            data_of(n3 * n3 * n3, |i| i as f64),
            Layout::contiguous([n3; 3]).permute([2, 1, 0]).unwrap(),
        ),
        ndarray: nd_case!(data_of(n3 * n3 * n3, |i| i as f64), (n3, n3, n3), |v| {
            ArrayView3::from_shape((n3, n3, n3), v)
                .unwrap()
                .permuted_axes([2, 1, 0])
        }),
    }));
    cases.push(def("transpose 4096x8192 f16", move || {
        transpose_case!("transpose 4096x8192 f16", half::f16, 4096, 8192, 1)
    }));
    // par_rearrange of the 4096² transpose on a pool of 2 threads.
    cases.push(def(
        "par_rearrange transpose 4096x4096 (2 threads)",
        move || {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .unwrap();
            let sl = Layout::contiguous([n2, n2]).t();
            let src = data(ELEMS);
            let mut dst = vec![0.0f32; ELEMS];
            Case {
                name: "par_rearrange transpose 4096x4096 (2 threads)",
                elems: ELEMS,
                size: 4,
                reps: 1,
                ours: Contenders {
                    strided: None,
                    hptt: None,
                    constrided: Box::new(move || {
                        let sv = StridedView::new(&src, sl).unwrap();
                        let mut dv =
                            StridedViewMut::new(&mut dst, Layout::contiguous([n2, n2])).unwrap();
                        pool.install(|| constrided::kernel::par_rearrange(&mut dv, &sv).unwrap());
                        black_box(&mut dst);
                    }),
                },
                ndarray: nd_case!(data(ELEMS), (n2, n2), |v| ArrayView2::from_shape(
                    (n2, n2),
                    v
                )
                .unwrap()
                .reversed_axes()),
            }
        },
    ));
    cases
}
