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
