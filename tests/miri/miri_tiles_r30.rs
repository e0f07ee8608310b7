//! Adversarial review (r30) of the mutable tiles, under Miri (both
//! aliasing models) and ASan: every full and edge tile handed out by a mix
//! of `next`, `next_back`, `nth`, `split_at` and `split_edges`, all alive
//! at once and each written, must cover every element the parent reaches
//! exactly once (and nothing else); tiles of tiles; tiles of part of a
//! buffer while the sibling part is written; tilers larger than the view,
//! empty axes, size-1 axes, negative strides and gaps; kernels and `Zip`
//! between tiles of two buffers. Small sizes (Miri).

use constrided::{strided, Layout, Mapping, StridedView, StridedViewMut, Zip};

// Increments every element of every tile of `v` (tiler 2x3), taking the
// tiles in an adversarial order and keeping all of them alive until all
// are written; returns the number of full and edge tiles. (`nth(0)`: the
// seek path of `nth`, which skips nothing, so every tile is still taken.)
#[allow(clippy::iter_nth_zero)]
fn bump_all_2x3<M: Mapping<2>>(v: &mut StridedViewMut<'_, u32, 2, M>) -> (usize, usize) {
    let tiles = v.tiles_mut(strided![shape = (2, 3)]);
    let n = tiles.len();
    let (mut left, right) = tiles.split_at(n * 2 / 3);
    let mut full = Vec::new();
    full.extend(left.next_back());
    full.extend(left.nth(0));
    full.extend(left.by_ref());
    let (mut right, edges) = right.split_edges();
    // The right part's edges were not its own to hand out.
    assert_eq!(edges.len(), 0);
    full.extend(right.nth(0));
    full.extend(right.next_back());
    full.extend(right);
    let (_, edges) = left.split_edges();
    let mut edges: Vec<_> = edges.collect();
    let counts = (full.len(), edges.len());
    for t in full.iter_mut() {
        t.map_inplace(|e| *e += 1);
    }
    for e in edges.iter_mut() {
        e.map_inplace(|e| *e += 1);
    }
    // Read back through every kept tile after all writes.
    for t in &full {
        assert!(t.view().iter().all(|&e| e >= 1));
    }
    counts
}

fn reached<const N: usize>(l: &Layout<N>, len: usize) -> Vec<u32> {
    let mut out = vec![0u32; len];
    let s = l.shape();
    let n: usize = s.iter().product();
    for mut p in 0..n {
        let mut i = [0usize; N];
        for k in (0..N).rev() {
            i[k] = p % s[k];
            p /= s[k];
        }
        out[l.offset_of(i).unwrap()] += 1;
    }
    out
}

#[test]
fn every_element_once_over_adversarial_layouts() {
    let cases: Vec<(Layout<2>, usize)> = vec![
        (Layout::contiguous([5, 7]), 35),
        // Negative strides on both axes.
        (Layout::new([5, 7], [-7, -1], 34).unwrap(), 35),
        // Transposed, with gaps, part of a longer buffer.
        (Layout::new([7, 4], [2, 16], 1).unwrap(), 70),
        // A size-1 axis, a tiler larger than the view, an empty axis.
        (Layout::new([1, 8], [0, 1], 0).unwrap(), 8),
        (Layout::contiguous([1, 2]), 2),
        (Layout::contiguous([0, 5]), 0),
        (Layout::contiguous([4, 0]), 0),
        (Layout::contiguous([4, 6]), 24),
    ];
    for (l, len) in cases {
        let mut buf = vec![0u32; len];
        let mut v = StridedViewMut::new(&mut buf, l).unwrap();
        let (full, edges) = bump_all_2x3(&mut v);
        let s = l.shape();
        assert_eq!(full, (s[0] / 2) * (s[1] / 3), "{l:?}");
        let all = s[0].div_ceil(2) * s[1].div_ceil(3);
        assert_eq!(full + edges, all, "{l:?}");
        assert_eq!(buf, reached(&l, len), "{l:?}");
    }
}

#[test]
fn tiles_of_tiles_all_alive() {
    let mut buf = vec![0u32; 8 * 9];
    let v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 9])).unwrap();
    let mut v = v.flip(1).unwrap();
    let mut outer: Vec<_> = v.tiles_mut(strided![shape = (4, 3)]).collect();
    assert_eq!(outer.len(), 6);
    let mut inner = Vec::new();
    for t in outer.iter_mut() {
        // A static tile of a static tile (shape in the type twice), and
        // its edges: 4x3 by 3x2 gives one full tile and three edges.
        let (full, edges) = t.tiles_mut(strided![shape = (3, 2)]).split_edges();
        let full: Vec<_> = full.collect();
        let edges: Vec<_> = edges.collect();
        assert_eq!((full.len(), edges.len()), (1, 3));
        inner.push((full, edges));
    }
    for (full, edges) in inner.iter_mut() {
        for t in full.iter_mut() {
            t.map_inplace(|e| *e += 1);
        }
        for e in edges.iter_mut() {
            e.map_inplace(|e| *e += 1);
        }
    }
    drop(inner);
    drop(outer);
    assert!(buf.iter().all(|&e| e == 1));
}

#[test]
fn tiles_of_a_partial_buffer_next_to_a_written_sibling() {
    let mut buf = vec![0u32; 6 * 7];
    let l = Layout::new([6, 7], [7, -1], 6).unwrap();
    let v = StridedViewMut::new(&mut buf, l).unwrap();
    let (mut a, mut b) = v.split_at(1, 3).unwrap();
    let mut ta: Vec<_> = a.tiles_mut(strided![shape = (2, 3)]).collect();
    let (tb, eb) = b.tiles_mut(strided![shape = (4, 2)]).split_edges();
    let mut tb: Vec<_> = tb.collect();
    let mut eb: Vec<_> = eb.collect();
    for _ in 0..2 {
        for t in ta.iter_mut() {
            t.map_inplace(|e| *e += 1);
        }
        for t in tb.iter_mut() {
            t.fill(7);
        }
        for e in eb.iter_mut() {
            e.map_inplace(|e| *e = 9);
        }
    }
    drop((ta, tb, eb));
    // Columns 0..3 of the view are buffer columns 6, 5, 4.
    for r in 0..6 {
        assert_eq!(buf[7 * r + 4..7 * r + 7], [2, 2, 2], "row {r}");
    }
    // Columns 3..7 (buffer 3, 2, 1, 0): full 4x2 tiles on rows 0..4.
    assert_eq!(buf[..4], [7, 7, 7, 7]);
    assert_eq!(buf[7 * 4..7 * 4 + 4], [9, 9, 9, 9]);
}

#[test]
fn kernels_and_zip_between_tiles_of_two_buffers() {
    let src: Vec<u32> = (0..6 * 8).collect();
    let s = StridedView::new(&src, Layout::contiguous([6, 8])).unwrap();
    let s = s.flip(0).unwrap();
    let mut dst = vec![0u32; 8 * 6];
    let d = StridedViewMut::new(&mut dst, Layout::contiguous([6, 8])).unwrap();
    let mut d = d.flip(1).unwrap();
    let mut dt: Vec<_> = d.tiles_mut(strided![shape = (2, 4)]).collect();
    let st: Vec<_> = s.tiles(strided![shape = (2, 4)]).collect();
    assert_eq!((dt.len(), st.len()), (6, 6));
    for (a, b) in dt.iter_mut().zip(&st) {
        a.assign(b).unwrap();
    }
    for (a, b) in dt.iter_mut().zip(&st).rev() {
        a.zip_with(b, |x, y| *x += y).unwrap();
    }
    for (a, b) in dt.iter_mut().zip(&st) {
        Zip::from(a)
            .and(*b)
            .unwrap()
            .for_each(|x, y| *x = x.wrapping_sub(*y));
    }
    // Kept tiles read back after all writes: each holds its source tile.
    for (a, b) in dt.iter().zip(&st) {
        assert_eq!(a.view().to_vec(), b.to_vec());
    }
    drop(dt);
    let sv = StridedView::new(&src, Layout::contiguous([6, 8])).unwrap();
    let want = sv.flip(0).unwrap().flip(1).unwrap().to_vec();
    assert_eq!(dst, want);
}

#[test]
fn rank0_and_rank1_tilers() {
    let mut x = [5u8];
    let mut v = StridedViewMut::new(&mut x, Layout::<0>::contiguous([])).unwrap();
    let ts: Vec<_> = v.tiles_mut(strided![shape = ()]).collect();
    assert_eq!(ts.len(), 1);
    drop(ts);
    let mut y = [0u8; 11];
    let mut v = StridedViewMut::new(&mut y, Layout::new([5], [-2], 10).unwrap()).unwrap();
    let (full, edges) = v.tiles_mut(strided![shape = (2,)]).split_edges();
    let mut all: Vec<_> = full.collect();
    let edges: Vec<_> = edges.collect();
    for mut e in edges {
        e.fill(3);
    }
    for t in all.iter_mut().rev() {
        t.fill(1);
    }
    drop(all);
    assert_eq!(y, [0, 0, 3, 0, 1, 0, 1, 0, 1, 0, 1]);
}

#[cfg(feature = "rayon")]
#[test]
fn par_for_each_on_split_parts_while_edges_are_written() {
    let mut buf = vec![0u32; 7 * 10];
    let l = Layout::new([7, 10], [-10, 1], 60).unwrap();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap();
    let tiles = v.tiles_mut(strided![shape = (2, 3)]);
    let n = tiles.len();
    let (a, b) = tiles.split_at(n / 2);
    let (a, edges) = a.split_edges();
    rayon::join(
        || a.par_for_each(|mut t| t.map_inplace(|e| *e += 1)),
        || {
            rayon::join(
                || b.par_for_each(|mut t| t.map_inplace(|e| *e += 1)),
                || {
                    for mut e in edges {
                        e.map_inplace(|e| *e += 1);
                    }
                },
            )
        },
    );
    assert!(buf.iter().all(|&e| e == 1));
}
