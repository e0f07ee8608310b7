//! The rearrange benchmark cases, shared by `benches/rearrange.rs`
//! (criterion) and `examples/bench_report.rs` (the ratio table). Each case
//! copies about 64 MiB of f32 (16 Mi elements) from a strided source into
//! a row-major destination, once with constrided and once with ndarray's
//! `assign` on the same layouts; the reference is `copy_from_slice` of the
//! same number of bytes.

use std::hint::black_box;

use constrided::{kernel::rearrange, s, Layout, StridedView, StridedViewMut};
use ndarray::{Array, ArrayView1, ArrayView2, ArrayView3, ArrayViewD, IxDyn};

/// Elements per operand: 64 MiB of f32.
pub const ELEMS: usize = 1 << 24;

/// A benchmark case: two runnable copies of the same layouts.
pub struct Case {
    pub name: &'static str,
    /// Elements written per run.
    pub elems: usize,
    pub constrided: Box<dyn FnMut()>,
    pub ndarray: Box<dyn FnMut()>,
}

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32).collect()
}

// Our side: src through `sl` into a contiguous destination.
fn ours<const N: usize>(src: Vec<f32>, sl: Layout<N>) -> Box<dyn FnMut()> {
    let dl = Layout::contiguous(sl.shape());
    let mut dst = vec![0.0f32; dl.numel()];
    Box::new(move || {
        let sv = StridedView::new(&src, sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        black_box(&mut dst);
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
    ($src:expr, $shape:expr, |$v:ident| $make:expr) => {{
        let src: Vec<f32> = $src;
        let mut dst = Array::<f32, _>::zeros($shape);
        Box::new(move || {
            let $v = &src[..];
            dst.assign(&$make);
            black_box(&mut dst);
        }) as Box<dyn FnMut()>
    }};
}

/// Every case of the performance table.
pub fn all() -> Vec<Case> {
    let mut cases = Vec::new();
    let n2 = 4096usize;
    let n3 = 256usize;

    cases.push(Case {
        name: "contiguous copy",
        elems: ELEMS,
        constrided: ours(data(ELEMS), Layout::contiguous([ELEMS])),
        ndarray: nd_case!(data(ELEMS), ELEMS, |v| ArrayView1::from(v)),
    });
    cases.push(Case {
        name: "1-D flip",
        elems: ELEMS,
        constrided: ours(data(ELEMS), Layout::contiguous([ELEMS]).flip(0).unwrap()),
        ndarray: nd_case!(data(ELEMS), ELEMS, |v| ArrayView1::from(v)
            .slice_move(ndarray::s![..;-1])),
    });
    cases.push(Case {
        name: "2-D transpose 4096x4096",
        elems: ELEMS,
        constrided: ours(data(ELEMS), Layout::contiguous([n2, n2]).t()),
        ndarray: nd_case!(data(ELEMS), (n2, n2), |v| ArrayView2::from_shape(
            (n2, n2),
            v
        )
        .unwrap()
        .reversed_axes()),
    });
    for (name, perm) in [
        ("256^3 permute (0,2,1)", [0usize, 2, 1]),
        ("256^3 permute (1,0,2)", [1, 0, 2]),
        ("256^3 permute (1,2,0)", [1, 2, 0]),
        ("256^3 permute (2,0,1)", [2, 0, 1]),
        ("256^3 permute (2,1,0)", [2, 1, 0]),
    ] {
        cases.push(Case {
            name,
            elems: ELEMS,
            constrided: ours(
                data(ELEMS),
                Layout::contiguous([n3; 3]).permute(perm).unwrap(),
            ),
            ndarray: nd_case!(data(ELEMS), (n3, n3, n3), |v| ArrayView3::from_shape(
                (n3, n3, n3),
                v
            )
            .unwrap()
            .permuted_axes(perm)),
        });
    }
    let perm8 = [3usize, 7, 1, 5, 0, 6, 2, 4];
    cases.push(Case {
        name: "rank-8 permute 8^8",
        elems: ELEMS,
        constrided: ours(
            data(ELEMS),
            Layout::contiguous([8; 8]).permute(perm8).unwrap(),
        ),
        ndarray: nd_case!(data(ELEMS), IxDyn(&[8; 8]), |v| ArrayViewD::from_shape(
            IxDyn(&[8; 8]),
            v
        )
        .unwrap()
        .permuted_axes(IxDyn(&perm8))),
    });
    cases.push(Case {
        name: "transpose + flip 4096x4096",
        elems: ELEMS,
        constrided: ours(
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
    });
    // Every other row and column of an 8192x8192 source, from (1, 1).
    let big = 2 * n2;
    cases.push(Case {
        name: "step-2 slice, offset (1,1)",
        elems: (big / 2 - 1) * (big / 2 - 1),
        constrided: ours(
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
    });
    cases.push(Case {
        name: "broadcast row 4096 -> 4096x4096",
        elems: ELEMS,
        constrided: ours(
            data(n2),
            Layout::contiguous([n2]).broadcast_to([n2, n2]).unwrap(),
        ),
        ndarray: nd_case!(data(n2), (n2, n2), |v| ArrayView1::from(v)
            .broadcast((n2, n2))
            .unwrap()),
    });
    cases
}
