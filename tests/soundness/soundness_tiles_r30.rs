//! Adversarial review (r30): tile counts, positions and iterator lengths
//! at the extremes (broadcast views with astronomically many elements,
//! tilers of size `usize::MAX`, strides near `isize::MAX` over zero-sized
//! elements, coordinates at `usize::MAX`). Overflow checks are on in the
//! test profile, so any overflowing count or offset panics here; every
//! answer is also checked against the rules. Miri-fast.

use constrided::{strided, Layout, LayoutError, StridedView, StridedViewMut};

#[test]
fn broadcast_views_with_huge_tile_counts() {
    let one = [7u8];
    let big = 1usize << 31;
    let v = StridedView::new(&one, Layout::new([big, big], [0, 0], 0).unwrap()).unwrap();
    let mut t = v.tiles(strided![shape = (3, 5)]);
    let grid = [big / 3, big / 5];
    assert_eq!(t.grid(), grid);
    assert_eq!(t.len(), grid[0] * grid[1]);
    let last = t.next_back().unwrap();
    assert_eq!(last.offset(), 0);
    let x = t.nth(grid[0] * grid[1] - 3).unwrap();
    assert_eq!(x.sum(), 7 * 15);
    assert_eq!(t.len(), 1);
    let (a, b) = t.split_at(usize::MAX);
    assert_eq!((a.len(), b.len()), (1, 0));
    let t = v.tiles(strided![shape = (3, 5)]);
    assert_eq!(t.edges().len(), grid[0] + 1 + grid[1]);
    let r = t.remainder(0).unwrap();
    assert_eq!(r.shape(), [big % 3, big]);
    assert_eq!(
        v.tile_at(strided![shape = (3, 5)], [usize::MAX, 0])
            .unwrap_err(),
        LayoutError::IndexOutOfRange {
            axis: 0,
            index: usize::MAX,
            size: grid[0]
        }
    );
    let t = v
        .tile_at(strided![shape = (3, 5)], [grid[0] - 1, grid[1] - 1])
        .unwrap();
    assert_eq!(t.to_vec(), [7; 15]);
}

#[test]
fn tiler_of_size_usize_max() {
    let one = [3u16];
    let v = StridedView::new(&one, Layout::new([usize::MAX], [0], 0).unwrap()).unwrap();
    let tiler = strided![shape = (18446744073709551615,), strides = (0,)];
    let mut t = v.tiles(tiler);
    assert_eq!(t.len(), 1);
    let x = t.next().unwrap();
    assert_eq!(x.shape(), [usize::MAX]);
    assert_eq!(x[[usize::MAX - 1]], 3);
    assert!(t.next().is_none());
    assert_eq!(v.tiles(tiler).edges().len(), 0);
    // A shorter view: no full tile, one edge (the whole view).
    let w = StridedView::new(&one, Layout::new([5], [0], 0).unwrap()).unwrap();
    assert_eq!(w.tiles(tiler).len(), 0);
    let e: Vec<_> = w.tiles(tiler).edges().collect();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].shape(), [5]);
    assert!(w.tile_at(tiler, [0]).is_err());
}

#[test]
fn huge_strides_over_zero_sized_elements() {
    let s = 1isize << 61;
    let mut buf = vec![(); (1usize << 62) + 3];
    let l = Layout::new([3, 2], [s, 1], 0).unwrap();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap().flip(0).unwrap();
    let (full, edges) = v.tiles_mut(strided![shape = (2, 2)]).split_edges();
    let full: Vec<_> = full.collect();
    let edges: Vec<_> = edges.collect();
    assert_eq!((full.len(), edges.len()), (1, 1));
    assert_eq!(full[0].offset(), (2 * s) as usize);
    assert_eq!(edges[0].offset(), 0);
    for mut t in full {
        t.fill(());
        t.map_inplace(|_| ());
    }
}
