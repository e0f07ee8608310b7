//! Property tests of static tiles against the brute-force model: every
//! full and edge tile of random views (ranks 1–4, negative and zero
//! strides, views of part of a buffer, extents that do and do not divide)
//! is visited exactly once and holds the right elements; mutable tiles
//! (all alive at once) write exactly their elements; `tile_at`,
//! `remainder`, the iterator's ends and splits, and the kernels on tiles;
//! tiles as `Zip` operands (every full tile handed out once, in lock-step
//! with the tiles of other views, mutable tiles written exactly once).

use super::model;

use constrided::static_layout::StaticMapping;
use constrided::{strided, Layout, LayoutError, Mapping, StridedView, StridedViewMut, Zip};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

fn shape<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 12 => 1usize..=7])
}

fn unique<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    shape::<N>().prop_flat_map(|s| {
        unique_strides(s).prop_map(move |(st, off)| Layout::new(s, st, off).unwrap())
    })
}

// Any valid layout (zero and negative strides).
fn shared<const N: usize>() -> impl Strategy<Value = Layout<N>> {
    (
        shape::<N>(),
        proptest::array::uniform::<_, N>(-4isize..=4),
        0usize..3,
    )
        .prop_map(|(shape, strides, extra)| {
            let offset = extra
                + (0..N)
                    .filter(|&k| strides[k] < 0)
                    .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
                    .sum::<usize>();
            Layout::new(shape, strides, offset).unwrap()
        })
}

fn buf_for<const N: usize>(l: &Layout<N>) -> Vec<i64> {
    (0..l.required_len() as i64 + 3)
        .map(|i| i * 7 + 1)
        .collect()
}

// The model's tiles: (grid index, parent indices of the tile, row-major).
fn model_tiles<const N: usize>(
    shape: [usize; N],
    tile: [usize; N],
    full: bool,
) -> Vec<([usize; N], [usize; N])> {
    let grid: [usize; N] = core::array::from_fn(|k| shape[k].div_ceil(tile[k]));
    indices(grid)
        .into_iter()
        .filter_map(|g| {
            let ext: [usize; N] = core::array::from_fn(|k| tile[k].min(shape[k] - g[k] * tile[k]));
            let is_full = ext == tile;
            (is_full == full).then_some((g, ext))
        })
        .collect()
}

fn tile_elems<const N: usize>(
    v: &StridedView<'_, i64, N>,
    g: [usize; N],
    ext: [usize; N],
    tile: [usize; N],
) -> Vec<i64> {
    indices(ext)
        .into_iter()
        .map(|i| v[core::array::from_fn(|k| g[k] * tile[k] + i[k])])
        .collect()
}

// Positions a tile reaches (its mapping, from the shared buffer start).
fn reached<const N: usize, M: Mapping<N>>(m: &M) -> Vec<i128> {
    let l = m.to_layout();
    positions(l.shape(), l.strides(), l.offset())
}

fn check_shared<const N: usize, TL: StaticMapping<N> + Copy>(
    v: StridedView<'_, i64, N>,
    tiler: TL,
) {
    let tile = tiler.shape();
    let l = v.layout();
    let shape = l.shape();
    let full = model_tiles(shape, tile, true);
    let edge = model_tiles(shape, tile, false);
    let tiles = v.tiles(tiler);
    assert_eq!(tiles.len(), full.len());
    assert_eq!(
        tiles.grid(),
        core::array::from_fn::<usize, N, _>(|k| shape[k] / tile[k])
    );
    let mut seen: Vec<i128> = Vec::new();
    let got: Vec<Vec<i64>> = tiles
        .clone()
        .map(|t| {
            assert_eq!(t.shape(), tile);
            assert_eq!(t.strides(), l.strides());
            seen.extend(reached(t.mapping()));
            // The kernels' static path against the logical-order copy.
            let e = t.to_vec();
            assert_eq!(t.sum(), e.iter().sum::<i64>());
            assert_eq!(t.fold(0i64, |a, &x| a.wrapping_mul(3) ^ x), {
                // fold on a tile is row-major (static path)
                e.iter().fold(0i64, |a, &x| a.wrapping_mul(3) ^ x)
            });
            e
        })
        .collect();
    let want: Vec<Vec<i64>> = full
        .iter()
        .map(|&(g, ext)| tile_elems(&v, g, ext, tile))
        .collect();
    assert_eq!(got, want);
    // From the back, and by nth / split_at.
    let back: Vec<Vec<i64>> = tiles.clone().rev().map(|t| t.to_vec()).collect();
    assert_eq!(back, want.iter().rev().cloned().collect::<Vec<_>>());
    for n in 0..=want.len() {
        assert_eq!(
            tiles.clone().nth(n).map(|t| t.to_vec()),
            want.get(n).cloned()
        );
        let (a, b) = tiles.clone().split_at(n);
        assert_eq!(a.len() + b.len(), want.len());
        let mut joined: Vec<Vec<i64>> = a.map(|t| t.to_vec()).collect();
        joined.extend(b.map(|t| t.to_vec()));
        assert_eq!(joined, want);
    }
    let mut it = tiles.clone();
    if it.next().is_some() {
        let mid: Vec<Vec<i64>> = it.clone().map(|t| t.to_vec()).collect();
        assert_eq!(mid, want[1..].to_vec());
    }
    // Edges.
    let edges = tiles.edges();
    assert_eq!(edges.len(), edge.len());
    let got_e: Vec<Vec<i64>> = edges
        .map(|t| {
            seen.extend(reached(t.mapping()));
            t.to_vec()
        })
        .collect();
    let want_e: Vec<Vec<i64>> = edge
        .iter()
        .map(|&(g, ext)| tile_elems(&v, g, ext, tile))
        .collect();
    assert_eq!(got_e, want_e);
    // Full and edge tiles together reach each of the view's positions
    // exactly as often as the view does.
    let mut all = positions(shape, l.strides(), l.offset());
    all.sort_unstable();
    seen.sort_unstable();
    assert_eq!(seen, all);
    // tile_at: Ok exactly for the full tiles.
    let grid_ceil: [usize; N] = core::array::from_fn(|k| shape[k].div_ceil(tile[k]) + 1);
    for g in indices(grid_ceil) {
        let r = v.tile_at(tiler, g);
        match full.iter().find(|(fg, _)| *fg == g) {
            Some(&(_, ext)) => assert_eq!(r.unwrap().to_vec(), tile_elems(&v, g, ext, tile)),
            None => assert!(matches!(r, Err(LayoutError::IndexOutOfRange { .. }))),
        }
    }
    // remainder per axis.
    for axis in 0..N {
        let r = tiles.remainder(axis).unwrap();
        let from = (shape[axis] / tile[axis]) * tile[axis];
        let mut rs = shape;
        rs[axis] -= from;
        assert_eq!(r.shape(), rs);
        let want: Vec<i64> = indices(rs)
            .into_iter()
            .map(|i| {
                let mut j = i;
                j[axis] += from;
                v[j]
            })
            .collect();
        assert_eq!(r.to_vec(), want);
    }
    assert!(matches!(
        tiles.remainder(N),
        Err(LayoutError::AxisOutOfRange { .. })
    ));
}

fn check_mut<const N: usize, TL: StaticMapping<N> + Copy>(l: Layout<N>, tiler: TL, split: bool) {
    let tile = tiler.shape();
    let buf = buf_for(&l);
    let mut b = buf.clone();
    let v = StridedViewMut::new(&mut b, l).unwrap();
    // Optionally tile only one half of a split (a view of part of a buffer).
    let (sub, mut other) = if split && N > 0 && l.shape()[0] > 1 {
        let (a, o) = v.split_at(0, 1).unwrap();
        (o, Some(a))
    } else {
        (v, None)
    };
    let sl = sub.layout();
    let shape = sl.shape();
    let full = model_tiles(shape, tile, true);
    let edge = model_tiles(shape, tile, false);
    let mut sub = sub;
    {
        let (tiles, edges) = sub.tiles_mut(tiler).split_edges();
        assert_eq!(tiles.len(), full.len());
        assert_eq!(edges.len(), edge.len());
        // Every tile alive at once, then written.
        let mut ts: Vec<_> = tiles.collect();
        let mut es: Vec<_> = edges.collect();
        if let Some(o) = other.as_mut() {
            o.fill(-7);
        }
        for (n, t) in ts.iter_mut().enumerate() {
            t.map_inplace(|e| *e = -(n as i64) - 100);
        }
        for (n, e) in es.iter_mut().enumerate() {
            e.fill(-(n as i64) - 10_000);
        }
    }
    let _ = (other, sub);
    let mut want = buf.clone();
    if split && N > 0 && l.shape()[0] > 1 {
        let mut s0 = l.shape();
        s0[0] = 1;
        for i in indices(s0) {
            want[position(l.strides(), l.offset(), i) as usize] = -7;
        }
    }
    for (n, &(g, ext)) in full.iter().enumerate() {
        for i in indices(ext) {
            let j: [usize; N] = core::array::from_fn(|k| g[k] * tile[k] + i[k]);
            want[position(sl.strides(), sl.offset(), j) as usize] = -(n as i64) - 100;
        }
    }
    for (n, &(g, ext)) in edge.iter().enumerate() {
        for i in indices(ext) {
            let j: [usize; N] = core::array::from_fn(|k| g[k] * tile[k] + i[k]);
            want[position(sl.strides(), sl.offset(), j) as usize] = -(n as i64) - 10_000;
        }
    }
    assert_eq!(b, want);

    // tile_at_mut, and the kernels that write (fill, assign, zip_with).
    let mut b2 = buf.clone();
    let mut v = StridedViewMut::new(&mut b2, l).unwrap();
    let src = buf.clone();
    let sv = StridedView::new(&src, l).unwrap();
    let mut want = buf.clone();
    for &(g, _) in &full {
        let st = sv.tile_at(tiler, g).unwrap();
        let mut t = v.tile_at_mut(tiler, g).unwrap();
        t.assign(&st).unwrap();
        t.zip_with(&st, |a, &b| *a = a.wrapping_mul(2) + b).unwrap();
        for i in indices(tile) {
            let j: [usize; N] = core::array::from_fn(|k| g[k] * tile[k] + i[k]);
            let p = position(l.strides(), l.offset(), j) as usize;
            want[p] = src[p] * 3;
        }
    }
    let _ = v;
    assert_eq!(b2, want);
}

// Tiles as Zip operands against the model: the indexed zip of the tiles
// hands out every full tile once, at its grid index, with its elements; in
// lock-step with the tiles of a second view of the same shape (a reversed
// copy of the layout); a used iterator is an empty operand; other grids
// are a ShapeMismatch naming both.
fn check_zip_shared<const N: usize, TL: StaticMapping<N> + Copy>(
    v: StridedView<'_, i64, N>,
    tiler: TL,
) {
    let tile = tiler.shape();
    let shape = v.shape();
    let full = model_tiles(shape, tile, true);
    let grid: [usize; N] = core::array::from_fn(|k| shape[k] / tile[k]);
    let z = Zip::from(v.tiles(tiler));
    assert_eq!(z.shape(), grid);
    let mut got: Vec<([usize; N], Vec<i64>)> = Vec::new();
    z.indexed().for_each(|g, t| got.push((g, t.to_vec())));
    got.sort();
    let want: Vec<([usize; N], Vec<i64>)> = full
        .iter()
        .map(|&(g, ext)| (g, tile_elems(&v, g, ext, tile)))
        .collect();
    assert_eq!(got, want);
    // Two views' tiles in lock-step: the flipped copy's tile g holds the
    // elements of v's tile g (a copy of v into a fresh row-major buffer,
    // read through tiles of the same shape).
    let copy = v.to_vec();
    let cv = StridedView::new(&copy, Layout::contiguous(shape)).unwrap();
    let n = Zip::from(v.tiles(tiler))
        .and(cv.tiles(tiler))
        .unwrap()
        .fold(0usize, |n, a, b| {
            assert_eq!(a.to_vec(), b.to_vec());
            n + 1
        });
    assert_eq!(n, full.len());
    // A used iterator is an empty operand.
    let mut used = v.tiles(tiler);
    if used.next().is_some() {
        assert_eq!(Zip::from(used).shape(), [0; N]);
    }
    // Another grid: a ShapeMismatch naming both.
    if N > 0 && shape[0] >= tile[0] {
        let mut s2 = shape;
        s2[0] += tile[0];
        let big = vec![0i64; s2.iter().product()];
        let bv = StridedView::new(&big, Layout::contiguous(s2)).unwrap();
        let e = Zip::from(v.tiles(tiler))
            .and(bv.tiles(tiler))
            .err()
            .unwrap();
        assert!(matches!(e, LayoutError::ShapeMismatch { .. }), "{e}");
        let msg = e.to_string();
        let g2: [usize; N] = core::array::from_fn(|k| s2[k] / tile[k]);
        assert!(
            msg.contains(&dims(&grid)) && msg.contains(&dims(&g2)),
            "{msg}"
        );
    }
}

// A shape as errors print it: `(2, 3)`, `(2,)`.
fn dims(s: &[usize]) -> String {
    let parts: Vec<String> = s.iter().map(|x| x.to_string()).collect();
    if s.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

// Mutable tiles through Zip: every full tile's elements written exactly
// once (an add per visit, so a second visit would show), nothing else;
// the source's tiles in lock-step.
fn check_zip_mut<const N: usize, TL: StaticMapping<N> + Copy>(l: Layout<N>, tiler: TL) {
    let tile = tiler.shape();
    let buf = buf_for(&l);
    let src = buf.clone();
    let sv = StridedView::new(&src, l).unwrap();
    let mut b = buf.clone();
    let mut v = StridedViewMut::new(&mut b, l).unwrap();
    let grid: [usize; N] = core::array::from_fn(|k| l.shape()[k] / tile[k]);
    let lin = |g: [usize; N]| (0..N).fold(0usize, |a, k| a * grid[k] + g[k]) as i64;
    Zip::from(v.tiles_mut(tiler))
        .and(sv.tiles(tiler))
        .unwrap()
        .indexed()
        .for_each(|g, mut t, s| {
            t.zip_with(&s, |a, &b| {
                *a = a.wrapping_add(b).wrapping_add(1000 * (lin(g) + 1))
            })
            .unwrap()
        });
    let _ = v;
    let mut want = buf.clone();
    for &(g, _) in &model_tiles(l.shape(), tile, true) {
        for i in indices(tile) {
            let j: [usize; N] = core::array::from_fn(|k| g[k] * tile[k] + i[k]);
            let p = position(l.strides(), l.offset(), j) as usize;
            want[p] = want[p]
                .wrapping_add(src[p])
                .wrapping_add(1000 * (lin(g) + 1));
        }
    }
    assert_eq!(b, want);
}

macro_rules! props {
    ($($name:ident: $n:literal, [$($tiler:expr),*];)*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(cases())]
                #[test]
                fn shared_views(l in shared::<$n>()) {
                    let buf = buf_for(&l);
                    let v = StridedView::new(&buf, l).unwrap();
                    $(check_shared(v, $tiler);)*
                    $(check_zip_shared(v, $tiler);)*
                }
                #[test]
                fn unique_views(l in unique::<$n>(), split in any::<bool>()) {
                    let buf = buf_for(&l);
                    let v = StridedView::new(&buf, l).unwrap();
                    $(check_shared(v, $tiler);)*
                    $(check_mut(l, $tiler, split);)*
                    $(check_zip_mut(l, $tiler);)*
                }
            }
        }
    )*};
}

props! {
    rank1: 1, [strided![shape = (1,)], strided![shape = (2,)], strided![shape = (3,)]];
    rank2: 2, [strided![shape = (1, 1)], strided![shape = (2, 3)], strided![shape = (3, 2), strides = (1, 3)]];
    rank3: 3, [strided![shape = (2, 1, 2)], strided![shape = (1, 3, 2)]];
    rank4: 4, [strided![shape = (1, 2, 2, 1)], strided![shape = (2, 2, 2, 2)]];
}

// A static parent: the tiles of a `strided!` view keep its strides in the
// type and match the run-time tiles.
#[test]
fn static_parent_tiles_match_runtime() {
    let buf: [i32; 130] = core::array::from_fn(|i| i as i32);
    let s = strided!(&buf; shape = (6, 9), strides = (-20, 2), offset = 110);
    let r = StridedView::new(&buf, Layout::new([6, 9], [-20, 2], 110).unwrap()).unwrap();
    let a: Vec<Vec<i32>> = s
        .tiles(strided![shape = (2, 4)])
        .map(|t| t.to_vec())
        .collect();
    let b: Vec<Vec<i32>> = r
        .tiles(strided![shape = (2, 4)])
        .map(|t| t.to_vec())
        .collect();
    assert_eq!(a, b);
    assert_eq!(a.len(), 6);
    let t = s.tile_at_const(strided![shape = (2, 4)], constrided::tile::At::<2, 1>);
    assert_eq!(
        t.to_vec(),
        r.tile_at(strided![shape = (2, 4)], [2, 1])
            .unwrap()
            .to_vec()
    );
    assert_eq!(t[[0, 0]], 110 - 4 * 20 + 8);
}

// A mixed parent (static inner stride, run-time pitch): tiles keep the
// static entries.
#[test]
fn mixed_parent_tiles() {
    let (h, w, pitch) = (5usize, 7usize, 9isize);
    let buf: Vec<u16> = (0..45).collect();
    let img = strided!(&buf; shape = (dyn h, dyn w), strides = (dyn pitch, 1)).unwrap();
    let got: Vec<u16> = img
        .tiles(strided![shape = (2, 3)])
        .map(|t| t.sum())
        .collect();
    let r = StridedView::new(&buf, Layout::new([5, 7], [9, 1], 0).unwrap()).unwrap();
    let want: Vec<u16> = r.tiles(strided![shape = (2, 3)]).map(|t| t.sum()).collect();
    assert_eq!(got, want);
    assert_eq!(got.len(), 4);
}

// The kernels on a tile of a run-time view (static loop nest) against the
// planned kernels on the same region as a run-time view.
#[test]
fn kernels_on_tiles_match_runtime_kernels() {
    let mut img: Vec<f32> = (0..40 * 30).map(|i| (i % 97) as f32 * 0.5).collect();
    let l = Layout::new([30, 33], [40, 1], 3).unwrap();
    let v = StridedView::new(&img, l).unwrap();
    let sums: Vec<f32> = v.tiles(strided![shape = (8, 8)]).map(|t| t.sum()).collect();
    let want: Vec<f32> = v
        .exact_chunks([8, 8])
        .unwrap()
        .map(|c| c.to_vec().iter().sum())
        .collect();
    assert_eq!(sums.len(), want.len());
    for (a, b) in sums.iter().zip(&want) {
        assert!((a - b).abs() < 1e-3, "{a} {b}");
    }
    let mut m = StridedViewMut::new(&mut img, l).unwrap();
    for mut t in m.tiles_mut(strided![shape = (8, 8)]) {
        t.map_inplace(|e| *e += 1.0);
    }
    let v = StridedView::new(&img, l).unwrap();
    assert_eq!(v[[0, 0]], 3.0 * 0.5 + 1.0);
    assert_eq!(v[[24, 32]], ((3 + 24 * 40 + 32) % 97) as f32 * 0.5);
}
