//! Soundness of tiles as `Zip` operands under Miri (both aliasing models):
//! the mutable tiles a zip hands out are disjoint (each written in turn
//! with the shared tiles of another buffer read in lock-step, over a
//! flipped, transposed parent), an edge tile kept while the zip writes the
//! full tiles, a split part's tiles zipped while its sibling's are kept,
//! a used iterator (an empty operand), and `par_for_each`. Small sizes:
//! CI runs every `tests/miri_*.rs` under Miri and ASan.

use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};

#[test]
fn zipped_mutable_tiles_are_disjoint() {
    let mut buf: Vec<i32> = (0..7 * 9).collect();
    let src: Vec<i32> = (0..7 * 9).map(|i| 100 * i).collect();
    // A transposed, flipped parent: tile starts step backwards.
    let l = Layout::new([7, 9], [9, 1], 0).unwrap().t();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap().flip(0).unwrap();
    let s = StridedView::new(&src, l).unwrap().flip(0).unwrap();
    let t = strided![shape = (2, 3)];
    let (full, mut edges) = v.tiles_mut(t).split_edges();
    // An edge tile kept (and written) across the zip over the full ones.
    let mut e0 = edges.next().unwrap();
    e0.fill(-1);
    let mut visits = 0;
    Zip::from(full)
        .and(s.tiles(t))
        .unwrap()
        .for_each(|mut d, s| {
            d.zip_with(&s, |a, &b| *a = b + 1).unwrap();
            // Every element of the tile written, then read back.
            assert_eq!(d.sum(), s.sum() + 6);
            visits += 1;
        });
    e0[[0, 0]] = -2;
    assert_eq!(visits, 8);
    let _ = (e0, edges);
    let w = StridedView::new(&buf, l).unwrap().flip(0).unwrap();
    let sv = StridedView::new(&src, l).unwrap().flip(0).unwrap();
    for i in 0..8 {
        for j in 0..6 {
            assert_eq!(w[[i, j]], sv[[i, j]] + 1);
        }
    }
}

#[test]
fn split_part_zipped_while_the_sibling_tiles_are_kept() {
    let mut buf = [0u8; 8 * 8];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 8])).unwrap();
    let (a, b) = v.tiles_mut(strided![shape = (2, 2)]).split_at(6);
    let mut kept: Vec<_> = a.collect();
    // A proper part of a split is an empty operand: nothing is handed out.
    let z = Zip::from(b);
    assert_eq!(z.shape(), [0, 0]);
    z.for_each(|mut t| t.fill(9));
    for t in kept.iter_mut() {
        t.fill(1);
    }
    drop(kept);
    assert_eq!(buf.iter().filter(|&&e| e == 1).count(), 24);
    assert!(!buf.contains(&9));
    // A whole grid, two mutable tilings of two buffers in lock-step.
    let mut other = [0u8; 8 * 8];
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([8, 8])).unwrap();
    let mut o = StridedViewMut::new(&mut other, Layout::contiguous([8, 8]))
        .unwrap()
        .t();
    Zip::from(v.tiles_mut(strided![shape = (4, 2)]))
        .and(o.tiles_mut(strided![shape = (4, 2)]))
        .unwrap()
        .for_each(|mut x, mut y| {
            x.fill(3);
            y.assign(&x.view()).unwrap();
        });
    assert!(buf.iter().chain(&other).all(|&e| e == 3));
}

#[cfg(feature = "rayon")]
#[test]
fn par_for_each_over_zipped_tiles() {
    let mut buf: Vec<u32> = vec![0; 16 * 12];
    let src: Vec<u32> = (0..16 * 12).collect();
    let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([16, 12])).unwrap();
    let s = StridedView::new(&src, Layout::contiguous([16, 12])).unwrap();
    Zip::from(v.tiles_mut(strided![shape = (2, 3)]))
        .and(s.tiles(strided![shape = (2, 3)]))
        .unwrap()
        .par_for_each(|mut d, s| d.assign(&s).unwrap());
    assert_eq!(buf, src);
}

// The static nest's rows (Zip over static views, last stride 1): a mutable
// row slice, read-only plain operands staged in 64-byte pieces (a row of
// 20 u32 is two pieces), a non-plain read-only operand read in place.
#[test]
fn static_zip_rows_staged_and_in_place() {
    use constrided::strided;
    let mut a = [0u32; 40];
    let b: [u32; 40] = core::array::from_fn(|i| i as u32);
    let names: Vec<String> = (0..40).map(|i| i.to_string()).collect();
    let mut av = strided!(&mut a; shape = (2, 20));
    let bv = strided!(&b; shape = (2, 20));
    let nv = strided!(&names[..]; shape = (2, 20)).unwrap();
    Zip::from(&mut av)
        .and(&bv)
        .unwrap()
        .and(&bv)
        .unwrap()
        .and(&nv)
        .unwrap()
        .for_each(|x, y, z, n| *x = y + z + n.len() as u32);
    let mut tv = strided!(&mut a; shape = (2, 20));
    tv.zip_with(&bv, |x, y| *x -= y).unwrap();
    tv.assign(&bv).unwrap();
    assert_eq!(a, b);
}
