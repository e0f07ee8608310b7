//! Property tests for runtime rank: `DynLayout` against `Layout<N>` for
//! every rank 0..=8 (every query and transform agrees, errors included),
//! `with_rank!`, and `rearrange_dyn` / `rearrange_bytes` against the typed
//! `rearrange` for element sizes 1..=16, 17, 24 and 40.

// LayoutError is large by design (it carries the numbers).
#![allow(clippy::result_large_err)]

use super::model;

use constrided::kernel::{rearrange, rearrange_bytes, rearrange_dyn};
use constrided::{with_rank, DynLayout, Layout, LayoutError, Slice, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

fn d<const N: usize>(r: Result<Layout<N>, LayoutError>) -> Result<DynLayout, LayoutError> {
    r.map(DynLayout::from)
}

// Every query and the rank-keeping transforms.
fn check_same<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
    perm: [usize; N],
    axes: (usize, usize),
    slices: [Slice; N],
) {
    let fixed = Layout::new(shape, strides, offset);
    let dynamic = DynLayout::new(&shape, &strides, offset);
    assert_eq!(d(fixed), dynamic);
    let (Ok(l), Ok(dl)) = (fixed, dynamic) else {
        return;
    };
    assert_eq!(dl.rank(), N);
    assert_eq!(dl.shape(), &l.shape());
    assert_eq!(dl.strides(), &l.strides());
    assert_eq!(dl.offset(), l.offset());
    assert_eq!(dl.numel(), l.numel());
    assert_eq!(dl.is_empty(), l.is_empty());
    assert_eq!(dl.required_len(), l.required_len());
    assert_eq!(dl.span(), l.span());
    assert_eq!(dl.is_contiguous(), l.is_contiguous());
    assert_eq!(dl.is_f_contiguous(), l.is_f_contiguous());
    assert_eq!(dl.is_unique(), l.is_unique());
    assert_eq!(dl.check_unique(), l.check_unique());
    for idx in indices(shape) {
        assert_eq!(dl.offset_of(&idx), l.offset_of(idx));
    }
    let mut past = shape;
    if N > 0 {
        past[0] += 1;
        assert_eq!(dl.offset_of(&past), None);
    }
    assert_eq!(Layout::<N>::try_from(dl), Ok(l));
    if N < 8 {
        assert_eq!(
            Layout::<8>::try_from(dl),
            Err(LayoutError::RankMismatch {
                expected: 8,
                found: N
            })
        );
    }
    assert_eq!(with_rank!(dl, |x| DynLayout::from(x)), dl);
    assert_eq!(dl.to_string(), l.to_string());
    // Transforms.
    assert_eq!(dl.permute(&perm), d(l.permute(perm)));
    assert!(
        matches!(
            dl.permute(&perm[..N.saturating_sub(1)]),
            Err(LayoutError::InvalidPermutation { .. })
        ) || N == 0
    );
    assert_eq!(dl.t(), DynLayout::from(l.t()));
    assert_eq!(dl.transpose(axes.0, axes.1), d(l.transpose(axes.0, axes.1)));
    assert_eq!(dl.flip(axes.0), d(l.flip(axes.0)));
    assert_eq!(dl.slice(&slices), d(l.slice(slices)));
    if N > 0 {
        assert_eq!(
            dl.slice(&slices[1..]),
            Err(LayoutError::LengthMismatch {
                expected: N,
                found: N - 1
            })
        );
    }
    let split = dl.split_at(axes.0, axes.1);
    match l.split_at(axes.0, axes.1) {
        Ok((a, b)) => assert_eq!(split, Ok((a.into(), b.into()))),
        Err(e) => assert_eq!(split, Err(e)),
    }
    assert_eq!(dl.as_strided(&shape, &strides, offset), Ok(dl));
    // Broadcast: some axes set to 1 then stretched, one new leading axis.
    let ones: [usize; N] = core::array::from_fn(|k| {
        if perm[k].is_multiple_of(2) {
            1
        } else {
            shape[k]
        }
    });
    if let Ok(small) = Layout::new(ones, strides, offset) {
        let ds = DynLayout::from(small);
        assert_eq!(ds.broadcast_to(&shape), d(small.broadcast_to(shape)));
        if N < 8 {
            // One more leading axis (of 3): stride 0, the rest as before.
            let mut big = vec![3usize];
            big.extend_from_slice(&shape);
            let got = ds.broadcast_to(&big);
            match small.broadcast_to(shape) {
                Ok(w) => {
                    let g = got.unwrap();
                    assert_eq!(g.shape(), &big[..]);
                    assert_eq!(g.strides()[0], 0);
                    assert_eq!(&g.strides()[1..], &w.strides());
                    assert_eq!(g.offset(), w.offset());
                }
                Err(_) => assert!(got.is_err()),
            }
        }
    }
    // Reshape: to the flattened shape, to a regrouped shape, and back.
    let flat = [l.numel()];
    assert_eq!(dl.reshape(&flat), d(l.reshape(flat)));
    assert_eq!(dl.reshape(&shape), d(l.reshape(shape)));
    assert_eq!(
        dl.reshape(&[1; 9]),
        Err(LayoutError::RankTooHigh { rank: 9 })
    );
}

// The rank-changing transforms, where Layout<N> has them.
macro_rules! lower_checks {
    ($l:ident, $dl:ident, $axis:expr, $index:expr) => {{
        assert_eq!(
            $dl.index_axis($axis, $index),
            d($l.index_axis($axis, $index))
        );
        assert_eq!($dl.remove_axis($axis), d($l.remove_axis($axis)));
    }};
}
macro_rules! higher_checks {
    ($l:ident, $dl:ident, $axis:expr) => {{
        assert_eq!($dl.insert_axis($axis), d($l.insert_axis($axis)));
    }};
}

fn permutation<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    Just((0..N).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|v| core::array::from_fn(|k| v[k]))
}

macro_rules! rank_props {
    ($name:ident, $n:literal, lower: $lower:tt, higher: $higher:tt) => {
        proptest! {
            #![proptest_config(cases())]
            #[test]
            fn $name(
                (shape, strides, offset) in raw_layout::<$n>(),
                perm in permutation::<$n>(),
                a in 0usize..=$n,
                b in 0usize..=4,
                slices in proptest::array::uniform::<_, $n>(slice_strategy()),
            ) {
                check_same::<$n>(shape, strides, offset, perm, (a, b), slices);
                if let Ok(l) = Layout::<$n>::new(shape, strides, offset) {
                    let dl = DynLayout::from(l);
                    rank_props!(@lower $lower, l, dl, a, b);
                    rank_props!(@higher $higher, l, dl, a);
                }
            }
        }
    };
    (@lower yes, $l:ident, $dl:ident, $a:expr, $b:expr) => {
        lower_checks!($l, $dl, $a, $b)
    };
    (@lower no, $l:ident, $dl:ident, $a:expr, $b:expr) => {{
        assert_eq!(
            $dl.index_axis($a, $b),
            Err(LayoutError::AxisOutOfRange { axis: $a, rank: 0 })
        );
        assert_eq!(
            $dl.remove_axis($a),
            Err(LayoutError::AxisOutOfRange { axis: $a, rank: 0 })
        );
    }};
    (@higher yes, $l:ident, $dl:ident, $a:expr) => {
        higher_checks!($l, $dl, $a)
    };
    (@higher no, $l:ident, $dl:ident, $a:expr) => {{
        assert_eq!(
            $dl.insert_axis($a),
            Err(LayoutError::RankTooHigh { rank: 9 })
        );
    }};
}

rank_props!(rank0, 0, lower: no, higher: yes);
rank_props!(rank1, 1, lower: yes, higher: yes);
rank_props!(rank2, 2, lower: yes, higher: yes);
rank_props!(rank3, 3, lower: yes, higher: yes);
rank_props!(rank4, 4, lower: yes, higher: yes);
rank_props!(rank5, 5, lower: yes, higher: yes);
rank_props!(rank6, 6, lower: yes, higher: yes);
rank_props!(rank7, 7, lower: yes, higher: yes);
rank_props!(rank8, 8, lower: yes, higher: no);

#[test]
fn construction_errors() {
    assert_eq!(
        DynLayout::new(&[2, 3], &[3], 0),
        Err(LayoutError::LengthMismatch {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(
        DynLayout::new(&[1; 9], &[0; 9], 0),
        Err(LayoutError::RankTooHigh { rank: 9 })
    );
    assert_eq!(
        DynLayout::contiguous(&[1; 10]),
        Err(LayoutError::RankTooHigh { rank: 10 })
    );
    assert_eq!(
        DynLayout::new(&[4, 3], &[-20, 2], 22),
        Err(LayoutError::NegativeReach { position: -38 })
    );
    let msg = LayoutError::RankMismatch {
        expected: 3,
        found: 2,
    }
    .to_string();
    assert!(msg.contains('3') && msg.contains('2'), "{msg}");
    assert!(LayoutError::RankTooHigh { rank: 9 }
        .to_string()
        .contains('9'));
    assert!(LayoutError::LengthMismatch {
        expected: 4,
        found: 7
    }
    .to_string()
    .contains("expected 4"));
}

// rearrange_bytes and rearrange_dyn against the typed rearrange on [u8; K].
fn check_bytes<const K: usize, const N: usize>(
    shape: [usize; N],
    (ds, doff): ([isize; N], usize),
    (ss, soff): ([isize; N], usize),
    salt: u8,
) {
    let (Ok(dl), Ok(sl)) = (Layout::new(shape, ds, doff), Layout::new(shape, ss, soff)) else {
        return;
    };
    let src: Vec<[u8; K]> = (0..sl.required_len() + 2)
        .map(|i| core::array::from_fn(|b| (i * 31 + b * 7) as u8 ^ salt))
        .collect();
    let mut want = vec![[0xAAu8; K]; dl.required_len() + 1];
    let mut got_dyn = want.clone();
    let mut got_bytes: Vec<u8> = want.iter().flatten().copied().collect();
    let src_bytes: Vec<u8> = src.iter().flatten().copied().collect();
    {
        let mut dv = StridedViewMut::new(&mut want, dl).unwrap();
        rearrange(&mut dv, &StridedView::new(&src, sl).unwrap()).unwrap();
    }
    let (ddl, dsl) = (DynLayout::from(dl), DynLayout::from(sl));
    rearrange_dyn(&mut got_dyn, &ddl, &src, &dsl).unwrap();
    assert_eq!(got_dyn, want);
    rearrange_bytes(&mut got_bytes, &ddl, &src_bytes, &dsl, K).unwrap();
    let want_bytes: Vec<u8> = want.iter().flatten().copied().collect();
    assert_eq!(
        got_bytes, want_bytes,
        "K={K} shape={shape:?} ds={ds:?} ss={ss:?}"
    );
}

macro_rules! bytes_props {
    ($name:ident, $n:literal, $($k:literal)*) => {
        proptest! {
            #![proptest_config(cases())]
            #[test]
            fn $name(
                ((shape, ss, soff), d) in raw_layout::<$n>()
                    .prop_flat_map(|l| (Just(l), unique_strides(l.0))),
                salt in any::<u8>(),
            ) {
                $( check_bytes::<$k, $n>(shape, d, (ss, soff), salt); )*
            }
        }
    };
}

bytes_props!(bytes_rank0, 0, 1 3 16 24);
bytes_props!(bytes_rank1, 1, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 24 40);
bytes_props!(bytes_rank2, 2, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 24 40);
bytes_props!(bytes_rank3, 3, 1 2 4 5 8 12 16 24);
bytes_props!(bytes_rank8, 8, 1 4 12 16 24);

#[test]
fn rank8_big_elements_cut_along_the_outer_axis() {
    // Rank 8, no size-1 axis, 24-byte elements: the chunk axis would be a
    // ninth axis, so the copy is cut along axis 0.
    let shape = [2usize; 8];
    let sl = Layout::contiguous(shape).t();
    check_bytes::<24, 8>(
        shape,
        (Layout::contiguous(shape).strides(), 0),
        (sl.strides(), 0),
        5,
    );
}

#[test]
fn byte_checks_match_the_views() {
    let src = [0u8; 16];
    let mut dst = [0u8; 16];
    let l = DynLayout::contiguous(&[4]).unwrap();
    // Bounds in elements: 16 bytes hold 4 elements of 4 bytes, not of 5.
    assert_eq!(
        rearrange_bytes(&mut dst, &l, &src, &l, 5),
        Err(LayoutError::OutOfBounds {
            required: 4,
            len: 3
        })
    );
    let bcast = DynLayout::new(&[4], &[0], 0).unwrap();
    assert!(matches!(
        rearrange_bytes(&mut dst, &bcast, &src, &l, 4),
        Err(LayoutError::Aliasing { .. })
    ));
    let other = DynLayout::contiguous(&[2, 2]).unwrap();
    assert!(matches!(
        rearrange_bytes(&mut dst, &other, &src, &l, 4),
        Err(LayoutError::ShapeMismatch { .. })
    ));
    assert_eq!(rearrange_bytes(&mut dst, &l, &src, &l, 0), Ok(()));
    let mut typed = [0u32; 4];
    assert!(matches!(
        rearrange_dyn(&mut typed, &other, &[1u32; 4], &l),
        Err(LayoutError::ShapeMismatch { .. })
    ));
}

#[test]
fn from_raw_parts_at_against_the_model() {
    let buf: Vec<i32> = (0..60).collect();
    // Element 0 at 59: both axes backwards.
    let at = 59;
    // SAFETY: every element reached (59 - 12i - 2j for i < 5, j < 6... ) is in buf.
    let v =
        unsafe { StridedView::from_raw_parts_at(buf.as_ptr().add(at), [5, 6], [-12, -2]) }.unwrap();
    for [i, j] in indices([5, 6]) {
        assert_eq!(v[[i, j]], (at - 12 * i - 2 * j) as i32);
    }
    // Overflow is an error, not a wrap.
    // SAFETY: refused before any access.
    let r = unsafe { StridedView::from_raw_parts_at(buf.as_ptr(), [3], [isize::MAX]) };
    assert!(matches!(r, Err(LayoutError::Overflow { .. })));
    // SAFETY: refused before any access.
    let r = unsafe { StridedView::<i32, 1>::from_raw_parts_at(core::ptr::null(), [3], [1]) };
    assert!(matches!(r, Err(LayoutError::OutOfBounds { len: 0, .. })));
}
