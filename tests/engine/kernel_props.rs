//! Property tests: views and every kernel against the brute-force model, on
//! random layout pairs of rank 0 to 8 (negative strides, zero strides on the
//! shared side, empty and size-1 axes, offsets).

use super::model;

use constrided::{kernel, Layout, LayoutError, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 64 })
}

fn buffer(len: usize, salt: i64) -> Vec<i64> {
    (0..len as i64).map(|i| i * 7 + salt).collect()
}

// The model's elements of a layout over a buffer, row-major.
fn model_elems<const N: usize>(
    buf: &[i64],
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Vec<i64> {
    positions(shape, strides, offset)
        .into_iter()
        .map(|p| buf[p as usize])
        .collect()
}

fn check_views<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
    slack: usize,
) {
    let Ok(l) = Layout::new(shape, strides, offset) else {
        return;
    };
    let need = l.required_len();
    // Too short a buffer is refused with the numbers.
    if need > 0 {
        let short = buffer(need - 1, 0);
        assert_eq!(
            StridedView::new(&short, l).unwrap_err(),
            LayoutError::OutOfBounds {
                required: need,
                len: need - 1
            }
        );
    }
    let buf = buffer(need + slack, 3);
    let v = StridedView::new(&buf, l).unwrap();
    let want = model_elems(&buf, shape, strides, offset);
    assert_eq!(v.to_vec(), want);
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), want);
    assert_eq!(v.iter().len(), want.len());
    let idx = indices(shape);
    assert_eq!(
        v.indexed_iter().map(|(i, e)| (i, *e)).collect::<Vec<_>>(),
        idx.iter()
            .copied()
            .zip(want.iter().copied())
            .collect::<Vec<_>>()
    );
    for (i, w) in idx.iter().zip(&want) {
        assert_eq!(v[*i], *w);
        assert_eq!(v.get(*i), Some(w));
    }
    let mut out = vec![0; want.len()];
    v.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
    assert!(matches!(
        v.copy_to_slice(&mut vec![0; want.len() + 1]),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    // fold visits in an unspecified order: compare the multisets.
    let mut folded = v.fold(Vec::new(), |mut acc, &e| {
        acc.push(e);
        acc
    });
    folded.sort_unstable();
    let mut sorted = want.clone();
    sorted.sort_unstable();
    assert_eq!(folded, sorted);
    assert_eq!(
        v.map(|&e| e * 2).into_vec(),
        want.iter().map(|e| e * 2).collect::<Vec<_>>()
    );
    if let Some(s) = v.as_slice() {
        assert_eq!(s, &want[..]);
    } else {
        assert!(!l.is_contiguous());
    }
    // A mutable view exists exactly for unique layouts.
    let mut mbuf = buf.clone();
    let unique = distinct(&positions(shape, strides, offset));
    match StridedViewMut::new(&mut mbuf, l) {
        Ok(mut m) => {
            assert!(unique);
            m.map_inplace(|e| *e = -*e);
            let mut expect = buf.clone();
            for p in positions(shape, strides, offset) {
                expect[p as usize] = -buf[p as usize];
            }
            assert_eq!(mbuf, expect);
        }
        Err(e) => {
            assert!(!unique);
            assert!(
                matches!(e, LayoutError::Aliasing { indices: Some(_) }),
                "{e}"
            );
        }
    }
}

fn check_rearrange<const N: usize>(
    (shape, src_strides, src_offset): ([usize; N], [isize; N], usize),
    (dst_strides, dst_offset): ([isize; N], usize),
    fill_value: i64,
) {
    let Ok(sl) = Layout::new(shape, src_strides, src_offset) else {
        return;
    };
    let dl = Layout::new(shape, dst_strides, dst_offset).unwrap();
    let src = buffer(sl.required_len(), 1000);
    let before = buffer(dl.required_len() + 2, -5000);
    let sv = StridedView::new(&src, sl).unwrap();
    let dpos = positions(shape, dst_strides, dst_offset);
    let spos = positions(shape, src_strides, src_offset);

    // rearrange / assign / copy_from_slice
    let mut dbuf = before.clone();
    kernel::rearrange(&mut StridedViewMut::new(&mut dbuf, dl).unwrap(), &sv).unwrap();
    let mut expect = before.clone();
    for (d, s) in dpos.iter().zip(&spos) {
        expect[*d as usize] = src[*s as usize];
    }
    assert_eq!(dbuf, expect, "dst {dl} src {sl}");
    let mut dbuf2 = before.clone();
    StridedViewMut::new(&mut dbuf2, dl)
        .unwrap()
        .assign(&sv)
        .unwrap();
    assert_eq!(dbuf2, expect);
    let mut dbuf3 = before.clone();
    StridedViewMut::new(&mut dbuf3, dl)
        .unwrap()
        .copy_from_slice(&sv.to_vec())
        .unwrap();
    assert_eq!(dbuf3, expect);

    // fill
    let mut fbuf = before.clone();
    StridedViewMut::new(&mut fbuf, dl).unwrap().fill(fill_value);
    let mut fexp = before.clone();
    for d in &dpos {
        fexp[*d as usize] = fill_value;
    }
    assert_eq!(fbuf, fexp);

    // zip_with, same shape
    let mut zbuf = before.clone();
    StridedViewMut::new(&mut zbuf, dl)
        .unwrap()
        .zip_with(&sv, |a, b| *a = *a * 3 + b)
        .unwrap();
    let mut zexp = before.clone();
    for (d, s) in dpos.iter().zip(&spos) {
        zexp[*d as usize] = before[*d as usize] * 3 + src[*s as usize];
    }
    assert_eq!(zbuf, zexp);

    // zip_with, broadcasting the source's last axis (as a row)
    if N >= 1 {
        let row = buffer(shape[N - 1], 77);
        let rv = StridedView::new(&row, Layout::contiguous([shape[N - 1]])).unwrap();
        let mut bbuf = before.clone();
        StridedViewMut::new(&mut bbuf, dl)
            .unwrap()
            .zip_with(&rv, |a, b| *a = *b)
            .unwrap();
        let mut bexp = before.clone();
        for (i, d) in indices(shape).iter().zip(&dpos) {
            bexp[*d as usize] = row[i[N - 1]];
        }
        assert_eq!(bbuf, bexp);
    }

    // shape mismatch
    if N >= 1 && shape[0] > 0 {
        let mut other = shape;
        other[0] += 1;
        let big = Layout::contiguous(other);
        let mut obuf = vec![0; big.required_len()];
        let err =
            kernel::rearrange(&mut StridedViewMut::new(&mut obuf, big).unwrap(), &sv).unwrap_err();
        assert!(matches!(err, LayoutError::ShapeMismatch { .. }));
    }
}

macro_rules! rank_props {
    ($($name:ident: $n:literal),*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn views((shape, strides, offset) in raw_layout::<$n>(), slack in 0usize..3) {
                    check_views(shape, strides, offset, slack);
                }

                #[test]
                fn kernels(
                    (src, dst) in raw_layout::<$n>().prop_flat_map(|src| (Just(src), unique_strides(src.0))),
                    v in any::<i64>(),
                ) {
                    check_rearrange(src, dst, v);
                }
            }
        }
    )*};
}

rank_props!(rank0: 0, rank1: 1, rank2: 2, rank3: 3, rank4: 4, rank5: 5, rank6: 6, rank7: 7, rank8: 8);

// Larger deterministic cases: the tiled transpose path and long runs.
#[test]
fn big_transposes_and_permutations() {
    let n = 67usize;
    let m = 131usize;
    let src: Vec<u32> = (0..(n * m) as u32).collect();
    let sv = StridedView::new(&src, Layout::contiguous([n, m]))
        .unwrap()
        .t();
    let mut out = vec![0u32; n * m];
    kernel::rearrange(
        &mut StridedViewMut::new(&mut out, Layout::contiguous([m, n])).unwrap(),
        &sv,
    )
    .unwrap();
    for i in 0..m {
        for j in 0..n {
            assert_eq!(out[i * n + j], (j * m + i) as u32);
        }
    }
    // 3-D permutations of a 9x10x11 array, with one axis flipped.
    let shape = [9usize, 10, 11];
    let data: Vec<u16> = (0..990).collect();
    let base = StridedView::new(&data, Layout::contiguous(shape)).unwrap();
    for perm in [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let p = base.permute(perm).unwrap().flip(1).unwrap();
        let pshape = p.shape();
        let mut dst = vec![0u16; 990];
        kernel::rearrange(
            &mut StridedViewMut::new(&mut dst, Layout::contiguous(pshape)).unwrap(),
            &p,
        )
        .unwrap();
        assert_eq!(dst, p.iter().copied().collect::<Vec<_>>());
    }
}

#[test]
fn step_two_runs_of_every_length() {
    let src: Vec<u64> = (0..200).collect();
    for n in 0..60 {
        for start in 0..3 {
            let sl = Layout::new([n], [2], start).unwrap();
            let sv = StridedView::new(&src, sl).unwrap();
            let mut out = vec![0u64; n];
            sv.copy_to_slice(&mut out).unwrap();
            let want: Vec<u64> = (0..n as u64).map(|j| start as u64 + 2 * j).collect();
            assert_eq!(out, want, "n {n} start {start}");
        }
    }
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_matches_sequential() {
    let src: Vec<u32> = (0..300 * 400).collect();
    let sv = StridedView::new(&src, Layout::contiguous([300, 400]))
        .unwrap()
        .t();
    let mut a = vec![0u32; 300 * 400];
    let mut b = vec![0u32; 300 * 400];
    kernel::rearrange(
        &mut StridedViewMut::new(&mut a, Layout::contiguous([400, 300])).unwrap(),
        &sv,
    )
    .unwrap();
    kernel::par_rearrange(
        &mut StridedViewMut::new(&mut b, Layout::contiguous([400, 300])).unwrap(),
        &sv,
    )
    .unwrap();
    assert_eq!(a, b);
}

// The transposed-copy engine (chains of axes, whole-line blocks, edges) for
// every element size class: random permutations and flips of shapes whose
// axes are large (blocks and ragged edges) or small (chains of 2-9 wide
// axes, as in an 8^8 permutation), into row-major or permuted destinations.
fn check_permuted_copy<T, const N: usize>(
    shape: [usize; N],
    src_perm: [usize; N],
    dst_perm: [usize; N],
    flips: [bool; N],
    make: impl Fn(usize) -> T,
) where
    T: Copy + PartialEq + core::fmt::Debug,
{
    let numel: usize = shape.iter().product();
    let data: Vec<T> = (0..numel).map(&make).collect();
    // A row-major array of the permuted shape, viewed back through the
    // inverse permutation, then flipped: a source of `shape` whose strides
    // are a permutation of contiguous ones.
    let stored: [usize; N] = core::array::from_fn(|a| shape[src_perm[a]]);
    let mut sv = StridedView::new(&data, Layout::contiguous(stored))
        .unwrap()
        .permute(inverse(src_perm))
        .unwrap();
    for (a, &f) in flips.iter().enumerate() {
        if f {
            sv = sv.flip(a).unwrap();
        }
    }
    assert_eq!(sv.shape(), shape);
    let want: Vec<T> = sv.iter().copied().collect();
    let dstored: [usize; N] = core::array::from_fn(|a| shape[dst_perm[a]]);
    let dl = Layout::contiguous(dstored)
        .permute(inverse(dst_perm))
        .unwrap();
    let mut out = vec![make(usize::MAX / 2); numel];
    kernel::rearrange(&mut StridedViewMut::new(&mut out, dl).unwrap(), &sv).unwrap();
    let got: Vec<T> = StridedView::new(&out, dl)
        .unwrap()
        .iter()
        .copied()
        .collect();
    assert_eq!(
        got, want,
        "shape {shape:?} src perm {src_perm:?} dst perm {dst_perm:?} flips {flips:?}"
    );
}

fn inverse<const N: usize>(perm: [usize; N]) -> [usize; N] {
    let mut inv = [0usize; N];
    for (a, &p) in perm.iter().enumerate() {
        inv[p] = a;
    }
    inv
}

fn check_every_size<const N: usize>(
    shape: [usize; N],
    src_perm: [usize; N],
    dst_perm: [usize; N],
    flips: [bool; N],
) {
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| i as u8);
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| i as u16);
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| i as f32);
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| i as u64);
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| {
        [i as u8, (i >> 8) as u8, 7]
    });
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| (i as u64, i as u32));
    check_permuted_copy(shape, src_perm, dst_perm, flips, |i| [i as u64; 5]);
}

fn permutation<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    Just((0..N).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(|v| core::array::from_fn(|a| v[a]))
}

macro_rules! transpose_props {
    ($($name:ident: $n:literal, $sizes:expr;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]
            #[test]
            fn $name(
                shape in proptest::array::uniform::<_, $n>($sizes),
                src_perm in permutation::<$n>(),
                dst_perm in permutation::<$n>(),
                flips in proptest::array::uniform::<_, $n>(any::<bool>()),
            ) {
                check_every_size(shape, src_perm, dst_perm, flips);
            }
        }
    )*};
}

transpose_props! {
    transposes_rank2: 2, 1usize..=150;
    transposes_rank3: 3, 1usize..=40;
    transposes_rank4: 4, 1usize..=14;
    transposes_rank6: 6, 2usize..=6;
    transposes_rank8: 8, 2usize..=4;
}

// `par_fill` against the model: every reached position gets the value,
// every other one keeps its own, on random unique layouts (flipped axes,
// gaps, offsets into a longer buffer) from a few elements to past the
// parallel path's 65536, with streaming forced on and off.
#[cfg(feature = "rayon")]
fn check_par_fill<const N: usize>(
    shape: [usize; N],
    (strides, offset): ([isize; N], usize),
    slack: usize,
    stream: Option<bool>,
) {
    let Ok(l) = Layout::new(shape, strides, offset) else {
        return;
    };
    let buf = buffer(l.required_len() + slack, 5);
    let mut got = buf.clone();
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    kernel::force_streaming(stream);
    StridedViewMut::new(&mut got, l).unwrap().par_fill(-1);
    kernel::force_streaming(None);
    let mut want = buf;
    for p in positions(shape, strides, offset) {
        want[p as usize] = -1;
    }
    assert!(
        got == want,
        "shape {shape:?} strides {strides:?} offset {offset}"
    );
}

#[cfg(feature = "rayon")]
macro_rules! par_fill_props {
    ($($name:ident: $n:literal, $sizes:expr;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]
            #[test]
            fn $name(
                (shape, layout) in proptest::array::uniform::<_, $n>($sizes)
                    .prop_flat_map(|shape| (Just(shape), unique_strides(shape))),
                slack in 0usize..=9,
                stream in prop_oneof![Just(None), Just(Some(true)), Just(Some(false))],
            ) {
                check_par_fill(shape, layout, slack, stream);
            }
        }
    )*};
}

#[cfg(feature = "rayon")]
par_fill_props! {
    par_fill_rank1: 1, 0usize..=140_000;
    par_fill_rank2: 2, 0usize..=400;
    par_fill_rank3: 3, 0usize..=60;
    par_fill_rank4: 4, 1usize..=20;
}

#[cfg(feature = "rayon")]
#[test]
fn par_fill_of_rank_0_and_empty_views() {
    let mut x = [1i64, 2];
    let l = Layout::<0>::new([], [], 1).unwrap();
    StridedViewMut::new(&mut x, l).unwrap().par_fill(9);
    assert_eq!(x, [1, 9]);
    let e = Layout::new([0, 70_000], [70_000, 1], 0).unwrap();
    StridedViewMut::new(&mut x, e).unwrap().par_fill(5);
    assert_eq!(x, [1, 9]);
}

// `Zip::par_for_each` (and `par_map_inplace`, which is built on it)
// against the model: a mutable operand on a random unique layout, a
// transposed shared operand and a broadcast row, from a few elements to
// past the parallel split's 32768 (parts of up to an eighth per thread).
#[cfg(feature = "rayon")]
fn check_par_zip(shape: [usize; 2], (strides, offset): ([isize; 2], usize), slack: usize) {
    use constrided::Zip;
    let [r, c] = shape;
    let Ok(l) = Layout::new(shape, strides, offset) else {
        return;
    };
    let buf = buffer(l.required_len() + slack, 3);
    let src = buffer(r * c, 11);
    let row = buffer(c, 17);
    let mut got = buf.clone();
    {
        let mut d = StridedViewMut::new(&mut got, l).unwrap();
        let s = StridedView::new(&src, Layout::contiguous([c, r]))
            .unwrap()
            .t();
        let b = StridedView::new(&row, Layout::contiguous([c])).unwrap();
        Zip::from(&mut d)
            .and(s)
            .unwrap()
            .and_broadcast(b)
            .unwrap()
            .par_for_each(|d, &s, &b| *d = *d * 3 + s - b);
        d.par_map_inplace(|e| *e += 1);
    }
    let mut want = buf;
    for (k, p) in positions(shape, strides, offset).into_iter().enumerate() {
        let (i, j) = (k / c, k % c);
        let e = &mut want[p as usize];
        *e = *e * 3 + src[j * r + i] - row[j] + 1;
    }
    assert!(
        got == want,
        "shape {shape:?} strides {strides:?} offset {offset}"
    );
}

#[cfg(feature = "rayon")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]
    #[test]
    fn par_zip_against_the_model(
        (shape, layout) in proptest::array::uniform::<_, 2>(0usize..=700)
            .prop_flat_map(|shape| (Just(shape), unique_strides(shape))),
        slack in 0usize..=9,
    ) {
        check_par_zip(shape, layout, slack);
    }
}

// Every element is written exactly once: slabs that overlapped (two tasks
// writing the same element, a data race even when both write the same
// value) or skipped an element would change the number of clones, which
// the value checks above cannot see. The outer axis is split over
// `threads·4` tasks: also outer axes shorter than that, size-1 axes,
// reversed and column-major layouts, strided runs.
#[cfg(feature = "rayon")]
#[test]
fn par_fill_clones_once_per_element() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CLONES: AtomicUsize = AtomicUsize::new(0);
    #[derive(Debug, PartialEq)]
    struct Counted(u32);
    impl Clone for Counted {
        fn clone(&self) -> Self {
            CLONES.fetch_add(1, Ordering::Relaxed);
            Counted(self.0)
        }
    }
    fn check<const N: usize>(l: Layout<N>) {
        let mut buf: Vec<Counted> = (0..l.required_len() + 3).map(|_| Counted(0)).collect();
        CLONES.store(0, Ordering::Relaxed);
        StridedViewMut::new(&mut buf, l)
            .unwrap()
            .par_fill(Counted(1));
        let (shape, strides, offset) = (l.shape(), l.strides(), l.offset());
        assert_eq!(
            CLONES.load(Ordering::Relaxed),
            l.numel(),
            "{shape:?} {strides:?}"
        );
        let mut want = vec![0; buf.len()];
        for p in positions(shape, strides, offset) {
            want[p as usize] = 1;
        }
        assert!(buf.iter().map(|e| e.0).eq(want), "{shape:?} {strides:?}");
    }
    let n = 1 << 16;
    check(Layout::new([n + 7], [1], 2).unwrap());
    check(Layout::new([n + 7], [-1], n + 8).unwrap());
    check(Layout::new([n / 2 + 3], [-2], n + 4).unwrap());
    for outer in 1..=9 {
        let inner = n / outer + 13;
        check(Layout::new([1, outer, inner], [5, inner as isize + 2, 1], 1).unwrap());
        check(Layout::new([inner, outer], [1, inner as isize + 1], 0).unwrap());
    }
}
