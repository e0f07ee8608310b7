//! Review r-t30 (tiles as `Zip` operands, the static row paths): the holes
//! found, pinned. Small: CI runs every `tests/miri_*.rs` under Miri (both
//! aliasing models) and ASan.
//!
//! - A used iterator is an "empty operand" by its all-zero shape, but rank
//!   0 has no empty shape: `[0; 0]` is the scalar shape, one index, always
//!   visited. A rank-0 `TilesMut` (or `ChunksMut`, `Windows`, `Chunks`)
//!   that already handed out its one item then handed it out again, built
//!   at position 0 of the buffer instead of the view's element: a second
//!   `&mut` to the tile, or a write outside the view (into a sibling
//!   view's element). Now a panic.
//! - The static row paths (`sum`, `copy_to_slice` / `to_array`, `assign`)
//!   moved the buffer pointer to every row start even when the rows have
//!   length 0, whose starts (indices `(i, 0)` out of range) may lie past
//!   the buffer: out-of-bounds pointer arithmetic (Miri: "in-bounds
//!   pointer arithmetic failed"). Now rows of length 0 are skipped.
//!
//! Held (pinned below): the static nest's rows and `static_rows2`'s
//! 64-byte staged copies against a naive model, rows shorter and longer
//! than a piece, operands of three element sizes staged together.

use constrided::static_layout::{Axis, StaticLayout};
use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

// Two sibling rank-0 views of buf[0] and buf[2] (disjoint, both mutable):
// the one of buf[2] tiled, its tile taken, the iterator zipped while a
// `&mut` into the sibling lives.
#[test]
#[should_panic(expected = "rank-0 tile iterator")]
fn rank0_used_tiles_mut_is_no_operand() {
    let mut buf = [1u32, 2, 3];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([3])).unwrap();
    let mut rows = v.outer_iter_mut::<0>();
    let mut e0 = rows.next().unwrap();
    let mut e2 = rows.nth(1).unwrap();
    let r: &mut u32 = &mut e0[[]];
    let mut tm = e2.tiles_mut(strided![shape = ()]);
    let mut first = tm.next().unwrap();
    // Before the fix: one item, the tile at buffer position 0 (buf[0],
    // which `r` holds), written while `r` and `first` live.
    Zip::from(tm).for_each(|mut t| t[[]] = 7);
    first[[]] = 9;
    *r += 1;
    panic!("unreachable: the zip must refuse the used rank-0 iterator");
}

#[test]
#[should_panic(expected = "rank-0 tile iterator")]
fn rank0_split_part_of_tiles_is_no_operand() {
    let mut buf = [1u32, 2, 3];
    let mut v = StridedViewMut::new(&mut buf, Layout::new([], [], 2).unwrap()).unwrap();
    let (a, b) = v.tiles_mut(strided![shape = ()]).split_at(0);
    // `b` holds the one tile; `a` is a proper part, empty as an iterator.
    let mut kept: Vec<_> = b.collect();
    Zip::from(a).for_each(|mut t| t[[]] = 7);
    kept[0][[]] = 8;
}

#[test]
fn rank0_whole_tiles_are_one_operand() {
    let mut buf = [1u32, 2, 3];
    let src = [10u32, 20, 30];
    let mut v = StridedViewMut::new(&mut buf, Layout::new([], [], 2).unwrap()).unwrap();
    let s = StridedView::new(&src, Layout::new([], [], 1).unwrap()).unwrap();
    let mut n = 0;
    Zip::from(v.tiles_mut(strided![shape = ()]))
        .and(s.tiles(strided![shape = ()]))
        .unwrap()
        .for_each(|mut t, u| {
            t[[]] += u[[]];
            n += 1;
        });
    assert_eq!((n, buf), (1, [1, 2, 23]));
}

#[test]
#[should_panic(expected = "rank-0 chunks iterator")]
fn rank0_used_chunks_mut_is_no_operand() {
    let mut buf = [1u32, 2, 3];
    let mut v = StridedViewMut::new(&mut buf, Layout::new([], [], 2).unwrap()).unwrap();
    let mut cm = v.exact_chunks_mut([]).unwrap();
    let mut first = cm.next().unwrap();
    // Before the fix: one item, a block at buffer position 0 (outside
    // the view of buf[2]).
    Zip::from(cm).for_each(|mut t| t[[]] = 7);
    first[[]] = 9;
}

#[test]
#[should_panic(expected = "rank-0 chunks iterator")]
fn rank0_used_chunks_is_no_operand() {
    let buf = [1u32, 2, 3];
    let v = StridedView::new(&buf, Layout::new([], [], 2).unwrap()).unwrap();
    let mut c = v.exact_chunks([]).unwrap();
    let _ = c.next();
    Zip::from(c).for_each(|t| assert_eq!(t[[]], 3));
}

#[test]
#[should_panic(expected = "rank-0 windows iterator")]
fn rank0_used_windows_is_no_operand() {
    let buf = [1u32, 2, 3];
    let v = StridedView::new(&buf, Layout::new([], [], 2).unwrap()).unwrap();
    let mut w = v.windows([]).unwrap();
    let _ = w.next();
    // Before the fix: one item, buf[0], not an element of the view.
    Zip::from(w).for_each(|t| assert_eq!(t[[]], 3));
}

// Shape (3, 0), last stride 1: rows of length 0 whose starts (offset +
// 1000 i) lie far past the one-element buffers.
type Empty = StaticLayout<(Axis<3, 1000>, Axis<0, 1>), 1000>;

#[test]
fn static_rows_of_length_zero_stay_in_bounds() {
    let buf = [5u64];
    let mut out = [6u64];
    let v = StridedView::new(&buf, Empty::new()).unwrap();
    assert_eq!(v.sum(), 0);
    v.copy_to_slice(&mut []).unwrap();
    assert_eq!(v.to_array().len(), 0);
    let mut d = StridedViewMut::new(&mut out, Empty::new()).unwrap();
    d.assign(&v).unwrap();
    d.zip_with(&v, |a, b| *a += b).unwrap();
    Zip::from(&mut d).and(&v).unwrap().for_each(|a, b| *a += b);
    d.map_inplace(|a| *a += 1);
    assert_eq!(out, [6]);
}

// The static nest's rows against a naive model: rows shorter and longer
// than the 64-byte staging pieces (1, 9, 33, 130 elements), operands of
// three element sizes staged together (the piece is the smallest count),
// a mutable row, and a non-plain operand read in place; `zip_with` and
// `assign` (the 64-byte staged copy of `static_rows2`) on the same rows;
// and a static view whose strides are not 1 (the element-wise nest).
macro_rules! rows_model {
    ($($name:ident: $n:literal;)*) => {$(
        #[test]
        fn $name() {
            const N: usize = $n;
            let mut a = [0u64; 2 * N];
            let b: [u8; 2 * N] = core::array::from_fn(|i| (i * 7 % 251) as u8);
            let c: [u16; 2 * N] = core::array::from_fn(|i| (i * 31) as u16);
            let s: Vec<String> = (0..2 * N).map(|i| "x".repeat(i % 3)).collect();
            let mut av = strided!(&mut a; shape = (2, N));
            let bv = strided!(&b; shape = (2, N));
            let cv = strided!(&c; shape = (2, N));
            let sv = strided!(&s[..]; shape = (2, N)).unwrap();
            let mut visits = 0;
            Zip::from(&mut av)
                .and(&bv)
                .unwrap()
                .and(&cv)
                .unwrap()
                .and(&sv)
                .unwrap()
                .for_each(|x, &y, &z, w| {
                    *x = 1000 * y as u64 + z as u64 + w.len() as u64;
                    visits += 1;
                });
            assert_eq!(visits, 2 * N);
            for i in 0..2 * N {
                assert_eq!(a[i], 1000 * b[i] as u64 + c[i] as u64 + s[i].len() as u64, "{i}");
            }
            let mut d = [0u16; 2 * N];
            let mut dv = strided!(&mut d; shape = (2, N));
            dv.zip_with(&bv, |x, &y| *x = y as u16 + 1).unwrap();
            for i in 0..2 * N {
                assert_eq!(d[i], b[i] as u16 + 1);
            }
            let mut dv = strided!(&mut d; shape = (2, N));
            dv.assign(&cv).unwrap();
            assert_eq!(d, c);
            let sum = Zip::from(&bv).and(&cv).unwrap().fold(0u64, |t, &y, &z| t + y as u64 * z as u64);
            assert_eq!(sum, (0..2 * N).map(|i| b[i] as u64 * c[i] as u64).sum::<u64>());
            // Every other column: last stride 2, the element-wise nest.
            let ev = strided!(&c; shape = (N, 2), strides = (2, 1)).t();
            let mut e = [0u16; 2 * N];
            let mut edv = strided!(&mut e; shape = (2, N));
            edv.assign(&ev).unwrap();
            for j in 0..N {
                assert_eq!((e[j], e[N + j]), (c[2 * j], c[2 * j + 1]));
            }
        }
    )*};
}

rows_model! {
    rows_of_1: 1;
    rows_of_9: 9;
    rows_of_33: 33;
    rows_of_130: 130;
}
