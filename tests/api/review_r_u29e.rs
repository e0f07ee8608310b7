//! Review of u29e (issue 29: the tiler's rank as the public bound
//! `Rank<R>: TileRank<R, N>`, the sealed `SeventhOperand` and the inherent
//! `and` / `and_broadcast` on a zip of six operands). What must still hold:
//! a tiler of another rank has no `TileRank` impl (not even through the
//! blanket impl), nothing is a seventh operand, a zip of six operands runs
//! in every form (the fifth `and` / `and_broadcast` still builds it), and
//! tiles of rank 0 and rank 8 through the generic two-rank bound.
#![allow(clippy::type_complexity)]
use std::convert::Infallible;

use constrided::static_layout::StaticMapping;
use constrided::tile::TileRank;
use constrided::{
    strided, Layout, Rank, SeventhOperand, StridedArray, StridedView, StridedViewMut, Zip,
};
use static_assertions::{assert_impl_all, assert_not_impl_any};

// R = N only, both ways round, at rank 0 and at the largest rank.
assert_impl_all!(Rank<0>: TileRank<0, 0>);
assert_impl_all!(Rank<2>: TileRank<2, 2>);
assert_impl_all!(Rank<8>: TileRank<8, 8>);
assert_not_impl_any!(Rank<3>: TileRank<3, 2>, TileRank<2, 2>, TileRank<2, 3>);
assert_not_impl_any!(Rank<0>: TileRank<0, 1>, TileRank<1, 0>);
assert_not_impl_any!(Rank<8>: TileRank<8, 7>, TileRank<7, 7>);
// Only `Rank<N>` is of rank N: no other type gets the impl from the blanket.
assert_not_impl_any!((): TileRank<0, 0>);
assert_not_impl_any!([usize; 2]: TileRank<2, 2>);
assert_not_impl_any!(Layout<2>: TileRank<2, 2>);

// No operand is a seventh: the views, references to them, arrays, the
// rest of the producers; the one impl is on an uninhabited type.
assert_impl_all!(Infallible: SeventhOperand);
assert_not_impl_any!(StridedView<'static, u8, 1>: SeventhOperand);
assert_not_impl_any!(&'static StridedView<'static, u8, 1>: SeventhOperand);
assert_not_impl_any!(StridedViewMut<'static, u8, 1>: SeventhOperand);
assert_not_impl_any!(&'static mut StridedViewMut<'static, u8, 1>: SeventhOperand);
assert_not_impl_any!(&'static StridedArray<u8, 1>: SeventhOperand);
assert_not_impl_any!((): SeventhOperand);

// Generic over a tiler of rank R and a view of rank N, with the bound:
// each tile's elements, in the tiles' order, and the edge count.
fn tiles_generic<TL: StaticMapping<R> + Copy, const R: usize, const N: usize>(
    v: StridedView<'_, u16, N>,
    tl: TL,
) -> (Vec<Vec<u16>>, usize)
where
    Rank<R>: TileRank<R, N>,
{
    (
        v.tiles(tl).map(|t| t.to_vec()).collect(),
        v.tiles(tl).edges().count(),
    )
}

fn fill_generic<TL: StaticMapping<R> + Copy, const R: usize, const N: usize>(
    mut m: StridedViewMut<'_, u16, N>,
    tl: TL,
    at: [usize; N],
) -> usize
where
    Rank<R>: TileRank<R, N>,
{
    for (i, mut t) in m.tiles_mut(tl).enumerate() {
        t.fill(i as u16 + 1);
    }
    m.tile_at_mut(tl, at).unwrap().fill(99);
    m.tiles(tl).len()
}

#[test]
fn rank0_tiles_through_the_generic_bound() {
    let x = [5u16, 6, 7];
    // A scalar at offset 2 of a three-element buffer: one tile, no edges.
    let v = StridedView::new(&x, Layout::new([], [], 2).unwrap()).unwrap();
    let (tiles, edges) = tiles_generic(v, strided![shape = ()]);
    assert_eq!((tiles, edges), (vec![vec![7]], 0));
    let mut y = [0u16; 3];
    let m = StridedViewMut::new(&mut y, Layout::new([], [], 1).unwrap()).unwrap();
    assert_eq!(fill_generic(m, strided![shape = ()], []), 1);
    assert_eq!(y, [0, 99, 0]);
}

#[test]
fn rank8_tiles_through_the_generic_bound() {
    // Shape (3, 2, 1, 2, 1, 2, 1, 2), tiles (2, 1, 1, 2, 1, 1, 1, 2): one
    // full tile row on axis 0 (row 2 is an edge), 2 on axes 1 and 5.
    let shape = [3, 2, 1, 2, 1, 2, 1, 2];
    let tile = [2usize, 1, 1, 2, 1, 1, 1, 2];
    let n: usize = shape.iter().product();
    let x: Vec<u16> = (0..n as u16).collect();
    // Reversed on every axis: negative strides, offset at the far end.
    let mut v = StridedView::new(&x, Layout::contiguous(shape)).unwrap();
    for k in 0..8 {
        v = v.flip(k).unwrap();
    }
    let tl = strided![shape = (2, 1, 1, 2, 1, 1, 1, 2)];
    let (tiles, edges) = tiles_generic(v, tl);
    assert_eq!(tiles.len(), 4);
    assert!(edges > 0);
    // The model: tile g (row-major over the grid (1, 2, 1, 1, 1, 2, 1, 1))
    // holds v[g·tile + i] for i over the tile, row-major.
    let grid = [1usize, 2, 1, 1, 1, 2, 1, 1];
    let at = |idx: [usize; 8]| -> u16 {
        let mut lin = 0;
        for k in 0..8 {
            lin = lin * shape[k] + (shape[k] - 1 - idx[k]);
        }
        x[lin]
    };
    let unravel = |mut i: usize, dims: &[usize; 8]| {
        let mut out = [0usize; 8];
        for k in (0..8).rev() {
            out[k] = i % dims[k];
            i /= dims[k];
        }
        out
    };
    for (g, t) in tiles.iter().enumerate() {
        let gi = unravel(g, &grid);
        let want: Vec<u16> = (0..8)
            .map(|i| {
                let ti = unravel(i, &tile);
                at(core::array::from_fn(|k| gi[k] * tile[k] + ti[k]))
            })
            .collect();
        assert_eq!(t, &want, "tile {g}");
    }
    let mut y = vec![0u16; n];
    let m = StridedViewMut::new(&mut y, Layout::contiguous(shape)).unwrap();
    assert_eq!(fill_generic(m, tl, [0, 1, 0, 0, 0, 1, 0, 0]), 4);
    // Row 2 of axis 0 is an edge: untouched.
    assert!(y[n / 3 * 2..].iter().all(|&e| e == 0));
    assert_eq!(y.iter().filter(|&&e| e == 99).count(), 8);
    assert_eq!(y.iter().filter(|&&e| e != 0).count(), 4 * 8);
}

// A zip of six operands (the sixth by `and_broadcast`, a flipped and a
// transposed operand, a zero-stride one) in every form, against the
// model; the fifth `and` still makes a zip of six.
#[test]
fn six_operands_every_form() {
    let (r, c) = (3usize, 5usize);
    let p: Vec<i64> = (0..(r * c) as i64).collect();
    let q: Vec<i64> = (0..(r * c) as i64).map(|i| 10 * i).collect();
    let row: Vec<i64> = (0..c as i64).map(|i| 1000 * i).collect();
    let one = [7i64];
    let pv = StridedView::new(&p, Layout::contiguous([r, c])).unwrap();
    let pf = pv.flip(1).unwrap();
    let qt = StridedView::new(&q, Layout::contiguous([c, r]))
        .unwrap()
        .t();
    let ov = StridedView::new(&one, Layout::new([r, c], [0, 0], 0).unwrap()).unwrap();
    let rv = StridedView::new(&row, Layout::contiguous([c])).unwrap();
    let want = |y: usize, x: usize| {
        p[y * c + x] + 2 * p[y * c + (c - 1 - x)] + 3 * q[x * r + y] + 4 * 7 + 5 * row[x]
    };
    macro_rules! six {
        ($d:expr) => {
            Zip::from($d)
                .and(pv)
                .unwrap()
                .and(pf)
                .unwrap()
                .and(qt)
                .unwrap()
                .and(ov)
                .unwrap()
                .and_broadcast(rv)
                .unwrap()
        };
    }
    let f = |a: i64, b: i64, t: i64, o: i64, w: i64| a + 2 * b + 3 * t + 4 * o + 5 * w;
    let mut d = vec![0i64; r * c];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    six!(&mut dv).for_each(|d, &a, &b, &t, &o, &w| *d = f(a, b, t, o, w));
    let model: Vec<i64> = (0..r * c).map(|i| want(i / c, i % c)).collect();
    assert_eq!(d, model);
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    let total = six!(&mut dv).fold(0, |s, d, &a, &b, &t, &o, &w| {
        *d = -1;
        s + f(a, b, t, o, w)
    });
    assert_eq!(total, model.iter().sum::<i64>());
    assert!(d.iter().all(|&e| e == -1));
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    let out = six!(&mut dv).map_collect(|d, &a, &b, &t, &o, &w| {
        *d = 1;
        f(a, b, t, o, w)
    });
    assert_eq!((out.shape(), out.into_vec()), ([r, c], model.clone()));
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    assert!(six!(&mut dv).all(|_, &a, _, _, &o, _| a >= 0 && o == 7));
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    assert!(!six!(&mut dv).any(|_, _, _, _, _, &w| w < 0));
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    six!(&mut dv)
        .indexed()
        .for_each(|[y, x], d, &a, &b, &t, &o, &w| *d = f(a, b, t, o, w) - want(y, x));
    assert!(d.iter().all(|&e| e == 0));
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
    let n = six!(&mut dv)
        .indexed()
        .fold(0, |n, [y, x], d, &a, &b, &t, &o, &w| {
            *d = f(a, b, t, o, w);
            assert_eq!(*d, want(y, x));
            n + 1
        });
    assert_eq!((n, &d), (r * c, &model));
    #[cfg(feature = "rayon")]
    {
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([r, c])).unwrap();
        six!(&mut dv).par_for_each(|d, &a, &b, &t, &o, &w| *d = 2 * f(a, b, t, o, w));
        assert_eq!(d, model.iter().map(|e| 2 * e).collect::<Vec<_>>());
    }
}
