//! Review r-p27: attacks on p27 / l29, native and under Miri.
//! - `map` of a source whose fastest axis has 1..=5 elements (the untiled
//!   whole-row walk for outputs without drop glue, the tiled walk for the
//!   others): a closure panicking at the first, a mid-row and the last
//!   element (every element natively) drops exactly the outputs made,
//!   once; inputs with drop glue do not change the walk's soundness.
//! - the transpose of a mixed layout combined with flip, slice,
//!   index_axis, windows: every element against the run-time layout's.
//! - 2-D `dot` into uninitialised memory: operands transposed, flipped,
//!   broadcast (stride 0), parts of a buffer; empty m, n, k; an m·n that
//!   overflows panics before anything is written.

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{strided, Layout, StridedView};

use crate::shared::{counts, naive_matmul, Counted};

// An HWC buffer (flush: the view reaches its last element) read as CHW,
// optionally flipped along the short (fastest in memory) axis.
fn chw_views(buf: &[u32], h: usize, w: usize, c: usize) -> Vec<StridedView<'_, u32, 3>> {
    let v = StridedView::from_shape([h, w, c], buf).unwrap();
    let chw = v.permute([2, 0, 1]).unwrap();
    vec![chw, chw.flip(0).unwrap(), chw.flip(2).unwrap()]
}

fn panic_points(n: usize, w: usize) -> Vec<usize> {
    if cfg!(miri) {
        let mut p = vec![0, w / 2, w + w / 2, n - 1];
        p.retain(|&i| i < n);
        p
    } else {
        (0..n).collect()
    }
}

#[test]
fn map_of_a_short_fastest_axis_panicking_anywhere() {
    let (h, w) = if cfg!(miri) { (2, 5) } else { (4, 17) };
    for c in 1..=5usize {
        let buf: Vec<u32> = (0..(h * w * c) as u32).collect();
        for v in chw_views(&buf, h, w, c) {
            let n = h * w * c;
            // No panic: the values, for outputs without and with drop glue.
            let a = v.map(|&x| u64::from(x) * 3);
            let b = v.map(|&x| Counted::new(u64::from(x) + 1));
            for k in 0..c {
                for i in 0..h {
                    for j in 0..w {
                        assert_eq!(a[[k, i, j]], u64::from(v[[k, i, j]]) * 3);
                        assert_eq!(b[[k, i, j]].0, u64::from(v[[k, i, j]]) + 1);
                    }
                }
            }
            drop(b);
            let (m, d) = counts();
            assert_eq!(m, d);
            for stop in panic_points(n, w) {
                // Without drop glue (the row walk).
                let mut calls = 0;
                let r = catch_unwind(AssertUnwindSafe(|| {
                    v.map(|&x| {
                        calls += 1;
                        if calls == stop + 1 {
                            panic!("stop");
                        }
                        u64::from(x)
                    })
                }));
                assert!(r.is_err());
                assert_eq!(calls, stop + 1);
                // With drop glue: every made element dropped once.
                let before = counts();
                let mut calls = 0;
                let r = catch_unwind(AssertUnwindSafe(|| {
                    v.map(|&x| {
                        calls += 1;
                        if calls == stop + 1 {
                            panic!("stop");
                        }
                        Counted::new(u64::from(x))
                    })
                }));
                assert!(r.is_err());
                let after = counts();
                assert_eq!(after.0 - before.0, stop);
                assert_eq!(after.1 - before.1, stop);
            }
        }
    }
}

#[test]
fn map_of_a_short_fastest_axis_with_drop_glue_inputs() {
    let (h, w, c) = if cfg!(miri) { (2, 5, 3) } else { (4, 17, 3) };
    let strings: Vec<String> = (0..h * w * c).map(|i| i.to_string()).collect();
    let v = StridedView::from_shape([h, w, c], &strings[..]).unwrap();
    let chw = v.permute([2, 0, 1]).unwrap();
    let lens = chw.map(|s| s.len());
    let copies = chw.map(|s| s.clone());
    for k in 0..c {
        for i in 0..h {
            for j in 0..w {
                assert_eq!(lens[[k, i, j]], chw[[k, i, j]].len());
                assert_eq!(copies[[k, i, j]], chw[[k, i, j]]);
            }
        }
    }
    let mut calls = 0;
    let r = catch_unwind(AssertUnwindSafe(|| {
        chw.map(|s| {
            calls += 1;
            if calls == w + 2 {
                panic!("stop");
            }
            s.len()
        })
    }));
    assert!(r.is_err());
}

// Every element of `v` against the run-time layout `l` over `buf`.
fn same<M: constrided::Mapping<N>, const N: usize>(
    v: &StridedView<'_, u32, N, M>,
    l: Layout<N>,
    buf: &[u32],
) {
    assert_eq!(v.shape(), l.shape());
    assert_eq!(v.strides(), l.strides());
    assert_eq!(v.offset(), l.offset());
    let r = StridedView::new(buf, l).unwrap();
    assert_eq!(v.to_vec(), r.to_vec());
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), r.to_vec());
    assert_eq!(v.sum(), r.sum());
    assert_eq!(v.map(|&x| x + 1).into_vec(), r.map(|&x| x + 1).into_vec());
}

#[test]
fn transposed_mixed_layouts_under_other_transforms() {
    let buf: Vec<u32> = (0..64).collect();
    for off in [3usize, 9, 20] {
        // Static sizes and strides, a negative static stride, a size-1
        // axis, a dyn offset; the block ends near the buffer's end.
        let m =
            strided!(&buf; shape = (3, 1, 4), strides = (-3, 7, 11), offset = dyn off + 6).unwrap();
        let l = Layout::new([3, 1, 4], [-3, 7, 11], off + 6).unwrap();
        let t = m.t();
        same(&t, l.t(), &buf);
        same(&t.t(), l, &buf);
        same(&t.flip(0).unwrap(), l.t().flip(0).unwrap(), &buf);
        let f = t.flip(2).unwrap();
        same(&f, l.t().flip(2).unwrap(), &buf);
        let ia = t.index_axis::<2>(0, 2).unwrap();
        let ib = StridedView::new(&buf, l.t())
            .unwrap()
            .index_axis::<2>(0, 2)
            .unwrap();
        same(&ia, *ib.mapping(), &buf);
        for wv in t.windows([2, 1, 2]).unwrap() {
            assert_eq!(wv.to_vec().len(), 4);
            assert!(wv.iter().all(|&x| (x as usize) < buf.len()));
        }
        // Partly dynamic: a dyn size, a dyn stride, static others.
        let (h, s) = (2usize + off % 3, 5isize);
        let p = strided!(&buf; shape = (dyn h, 3), strides = (dyn s, -1), offset = dyn off + 2)
            .unwrap();
        let lp = Layout::new([h, 3], [s, -1], off + 2).unwrap();
        same(&p.t(), lp.t(), &buf);
        same(&p.t().t(), lp, &buf);
    }
    // Mutable: the transposed view writes each position once.
    let mut out = vec![0u32; 40];
    {
        let mut mv = strided!(&mut out; shape = (4, 5), strides = (1, 8), offset = dyn 0).unwrap();
        let mut tv = mv.t_mut();
        let mut k = 0;
        tv.map_inplace(|e| {
            k += 1;
            *e += k;
        });
    }
    let mut hit: Vec<u32> = out.iter().copied().filter(|&x| x != 0).collect();
    hit.sort();
    assert_eq!(hit, (1..=20).collect::<Vec<_>>());
}

// Layouts of an r×c operand over a buffer of `len`: row-major, transposed,
// flipped, broadcast rows, a part at the buffer's end.
fn operand_layouts(r: usize, c: usize) -> Vec<(Layout<2>, usize)> {
    let (ri, ci) = (r as isize, c as isize);
    vec![
        (Layout::new([r, c], [ci, 1], 0).unwrap(), r * c),
        (Layout::new([r, c], [1, ri], 0).unwrap(), r * c),
        (Layout::new([r, c], [-ci, -1], r * c - 1).unwrap(), r * c),
        (Layout::new([r, c], [0, 1], 0).unwrap(), c),
        (
            Layout::new([r, c], [ci + 2, 0], 1).unwrap(),
            1 + (r - 1) * (c + 2) + 1,
        ),
    ]
}

#[test]
fn dot_into_uninit_every_stride_combination() {
    let dims: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(1, 1, 1), (2, 3, 2)]
    } else {
        &[(1, 1, 1), (2, 3, 2), (5, 7, 9), (9, 1, 13), (1, 17, 3)]
    };
    for &(m, k, n) in dims {
        for (la, lena) in operand_layouts(m, k) {
            for (lb, lenb) in operand_layouts(k, n) {
                let xa: Vec<f64> = (0..lena).map(|i| i as f64 - 1.5).collect();
                let xb: Vec<f64> = (0..lenb).map(|i| 2.0 * i as f64 + 0.25).collect();
                let a = StridedView::new(&xa, la).unwrap();
                let b = StridedView::new(&xb, lb).unwrap();
                let got = a.dot(&b);
                assert_eq!(got.shape(), [m, n]);
                assert_eq!(got.into_vec(), naive_matmul(&a, &b));
                let ya: Vec<f32> = xa.iter().map(|&v| v as f32).collect();
                let yb: Vec<f32> = xb.iter().map(|&v| v as f32).collect();
                let a32 = StridedView::new(&ya, la).unwrap();
                let b32 = StridedView::new(&yb, lb).unwrap();
                let want: Vec<f32> = naive_matmul(&a, &b).iter().map(|&v| v as f32).collect();
                assert_eq!(a32.dot(&b32).into_vec(), want);
            }
        }
    }
}

#[test]
fn dot_empty_and_overflowing_shapes() {
    let x = [1.0f64; 6];
    for (m, k, n) in [(0, 2, 3), (2, 0, 3), (2, 3, 0), (0, 0, 0)] {
        let a = StridedView::new(&x, Layout::new([m, k], [k as isize, 1], 0).unwrap()).unwrap();
        let b = StridedView::new(&x, Layout::new([k, n], [n as isize, 1], 0).unwrap()).unwrap();
        let c = a.dot(&b);
        assert_eq!(c.shape(), [m, n]);
        assert!(c.iter().all(|&v| v == 0.0));
    }
    // m·n overflows usize (broadcast operands over one element): a panic,
    // nothing allocated or written.
    let one = [1.0f64];
    let big = 1usize << 33;
    let a = StridedView::new(&one, Layout::new([big, 1], [0, 0], 0).unwrap()).unwrap();
    let b = StridedView::new(&one, Layout::new([1, big], [0, 0], 0).unwrap()).unwrap();
    assert!(catch_unwind(AssertUnwindSafe(|| a.dot(&b))).is_err());
}

// Ranks 1 and 8, a size-0 run-time axis, a static offset: the transpose
// (and its transpose) against the run-time layout's.
#[test]
fn transposed_mixed_layouts_rank_1_and_8_and_empty() {
    use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
    let buf: Vec<u32> = (0..300).collect();
    type R1 = MixedLayout<(MAxis<Fix<4>, FixS<-3>>,), Dyn, 1>;
    let l1 = Layout::new([4], [-3], 9).unwrap();
    let v1 = StridedView::new(&buf, R1::new([4], [-3], 9).unwrap()).unwrap();
    same(&v1.t(), l1.t(), &buf);
    type A8 = (
        MAxis<Fix<2>, FixS<-64>>,
        MAxis<Dyn, FixS<1>>,
        MAxis<Fix<1>, Dyn>,
        MAxis<Fix<2>, FixS<32>>,
        MAxis<Dyn, Dyn>,
        MAxis<Fix<2>, FixS<-8>>,
        MAxis<Fix<1>, FixS<0>>,
        MAxis<Fix<2>, FixS<2>>,
    );
    for (d1, d4, s4) in [(2usize, 2usize, 4isize), (1, 1, -4), (2, 0, 4), (0, 2, 4)] {
        let shape = [2, d1, 1, 2, d4, 2, 1, 2];
        let strides = [-64, 1, 5, 32, s4, -8, 0, 2];
        let off = 64 + 8 + if s4 < 0 { 4 } else { 0 };
        let l = Layout::new(shape, strides, off).unwrap();
        let m = MixedLayout::<A8, Dyn, 8>::new(shape, strides, off).unwrap();
        let v = StridedView::new(&buf[..l.required_len()], m).unwrap();
        same(&v.t(), l.t(), &buf[..l.required_len()]);
        same(&v.t().t(), l, &buf[..l.required_len()]);
        let ms = MixedLayout::<A8, Fix<76>, 8>::new(shape, strides, 76);
        if let Ok(ms) = ms {
            let lv = Layout::new(shape, strides, 76).unwrap();
            let v = StridedView::new(&buf, ms).unwrap();
            same(&v.t(), lv.t(), &buf);
        }
    }
}

// Every size and stride static (the static kernels run on the transpose),
// negative and zero strides, a size-1 axis, the dyn offset at the lowest
// and highest it may be.
#[test]
fn transposed_fully_static_rank_5_at_both_ends() {
    use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
    type A5 = (
        MAxis<Fix<2>, FixS<-20>>,
        MAxis<Fix<1>, FixS<7>>,
        MAxis<Fix<3>, FixS<0>>,
        MAxis<Fix<2>, FixS<5>>,
        MAxis<Fix<3>, FixS<-1>>,
    );
    let (shape, strides) = ([2, 1, 3, 2, 3], [-20, 7, 0, 5, -1]);
    let buf: Vec<u32> = (0..60).collect();
    // Reach: 22 below element 0, 5 above.
    for off in [22usize, 30, 54] {
        let l = Layout::new(shape, strides, off).unwrap();
        let part = &buf[..l.required_len()];
        let m = MixedLayout::<A5, Dyn, 5>::new(shape, strides, off).unwrap();
        let v = StridedView::new(part, m).unwrap();
        same(&v.t(), l.t(), part);
        same(&v.t().t(), l, part);
        same(&v.t().flip(1).unwrap(), l.t().flip(1).unwrap(), part);
    }
}
