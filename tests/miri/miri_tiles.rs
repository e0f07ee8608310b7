//! Soundness of the mutable tiles under Miri (both aliasing models): all
//! tiles of `tiles_mut` (and the edge tiles) alive at once and written,
//! two kept `&mut` tiles written in turn, tiles of a split half while the
//! sibling half is written, and `par_for_each` over disjoint tiles. Small
//! sizes: CI runs every `tests/miri_*.rs` under Miri and ASan.

use constrided::{strided, tile::At, Layout, StridedView, StridedViewMut};

#[test]
fn all_tiles_alive_and_written() {
    let mut buf: Vec<i32> = (0..7 * 9).collect();
    // A transposed, flipped view: tiles step backwards in memory.
    let l = Layout::new([7, 9], [9, 1], 0).unwrap().t();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap().flip(0).unwrap();
    let (full, edges) = v.tiles_mut(strided![shape = (2, 3)]).split_edges();
    let mut full: Vec<_> = full.collect();
    let mut edges: Vec<_> = edges.collect();
    assert_eq!((full.len(), edges.len()), (8, 4 + 2 + 1));
    for (n, t) in full.iter_mut().enumerate() {
        t.map_inplace(|e| *e = 1000 + n as i32);
    }
    for (n, e) in edges.iter_mut().enumerate() {
        e.fill(2000 + n as i32);
    }
    // Read back through the kept tiles after every write.
    for (n, t) in full.iter().enumerate() {
        assert_eq!(t.sum(), 6 * (1000 + n as i32));
    }
    drop((full, edges));
    assert!(buf.iter().all(|&e| e >= 1000));
}

#[test]
fn two_kept_tiles_written_in_turn() {
    let mut buf = [0u8; 64];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 8])).unwrap();
    let mut tiles = v.tiles_mut(strided![shape = (4, 4)]);
    let mut a = tiles.next().unwrap();
    let mut d = tiles.next_back().unwrap();
    for k in 0..3 {
        a[[k, k]] = 1 + k as u8;
        d.fill(9);
        a.map_inplace(|e| *e += 1);
        d[[3, 3]] = 7;
    }
    assert_eq!(a[[0, 0]], 4);
    assert_eq!(d[[3, 3]], 7);
    let _ = (a, d);
    assert_eq!(buf[0], 4);
    assert_eq!(buf[63], 7);
    assert_eq!(buf[36], 9);
}

#[test]
fn tiles_of_a_split_half_while_the_sibling_is_written() {
    let mut buf: Vec<u16> = vec![0; 6 * 8];
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([6, 8])).unwrap();
    let (mut top, bottom) = v.split_at(0, 2).unwrap();
    let mut tiles: Vec<_> = bottom.into_tiles_mut(strided![shape = (2, 4)]).collect();
    top.fill(5);
    for t in tiles.iter_mut() {
        t.fill(6);
        top.map_inplace(|e| *e += 1);
    }
    drop(tiles);
    let _ = top;
    assert_eq!(buf[..16], [9; 16]);
    assert_eq!(buf[16..], [6; 32]);
}

#[test]
fn tile_at_mut_and_const_tiles() {
    let mut buf = [0i64; 36];
    let mut v = strided!(&mut buf; shape = (6, 6));
    v.tile_at_const_mut(strided![shape = (3, 2)], At::<1, 2>)
        .fill(3);
    {
        let mut t = v.tile_at_mut(strided![shape = (3, 2)], [0, 0]).unwrap();
        t.fill(1);
    }
    let s = v.view().tile_at_const(strided![shape = (3, 2)], At::<1, 2>);
    assert_eq!(s.sum(), 18);
    assert_eq!(buf[35], 3);
    assert_eq!(buf[0], 1);
    let r = StridedView::new(&buf[..], Layout::contiguous([6, 6])).unwrap();
    let sums: Vec<i64> = r.tiles(strided![shape = (3, 2)]).map(|t| t.sum()).collect();
    assert_eq!(sums, [6, 0, 0, 0, 0, 18]);
}

#[cfg(feature = "rayon")]
#[test]
fn par_for_each_over_disjoint_tiles() {
    let mut buf = vec![0u32; 8 * 12];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 12])).unwrap();
    v.tiles_mut(strided![shape = (2, 3)])
        .par_for_each(|mut t| t.map_inplace(|e| *e += 1));
    assert!(buf.iter().all(|&e| e == 1));
}

#[test]
fn edges_are_handed_out_once_across_splits() {
    let mut buf = [0u8; 5 * 6];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([5, 6])).unwrap();
    let (a, b) = v.tiles_mut(strided![shape = (2, 4)]).split_at(1);
    let (b, eb) = b.split_edges();
    let (a, ea) = a.split_edges();
    let (_, ea2) = a.split_edges();
    assert_eq!((eb.len(), ea.len(), ea2.len()), (0, 4, 0));
    let mut all: Vec<_> = ea.collect();
    let mut full: Vec<_> = b.collect();
    for e in all.iter_mut() {
        e.fill(1);
    }
    for t in full.iter_mut() {
        t.fill(2);
    }
    drop((all, full));
    assert_eq!(buf[4..6], [1, 1]);
    assert_eq!(buf[6..10], [0; 4]);
    assert_eq!(buf[12..16], [2; 4]);
}
