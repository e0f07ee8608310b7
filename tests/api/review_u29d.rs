//! Review of u29d (issue 29: `Part<P, M, E>` without a struct bound, `and`
//! / `and_broadcast` written once over the sealed `Append`, `Zip::from` in
//! `impl Zip<(), N>`, the tile methods' `StaticRank<Rank: SameRank<N>>`).
//! What must still hold: a `Part` crosses threads only when its producer
//! may; generic callers over `P: Producer<N>` and `TL: StaticMapping<N>`
//! compile and run; a mismatched operand is a `LayoutError` naming the
//! operand (1-based, up to the 6th) and the shapes, in release too.
#![allow(clippy::result_large_err, clippy::type_complexity)]
use std::cell::Cell;
use std::rc::Rc;

use constrided::static_layout::StaticMapping;
use constrided::tile::TileRank;
use constrided::{
    strided, Layout, LayoutError, Part, Producer, Rank, ShapeArg, Shared, StridedArray,
    StridedView, StridedViewMut, Windows, Zip,
};
use static_assertions::{assert_impl_all, assert_not_impl_any};

type L = Layout<2>;

// A Part may cross threads (`par_for_each`'s bound) exactly when its
// producer may; it is shared (`Sync`) only when the producer is.
assert_impl_all!(Part<StridedViewMut<'static, i32, 2>, L, ()>: Send, Sync);
assert_impl_all!(Part<&'static mut StridedViewMut<'static, Cell<i32>, 2>, L, ()>: Send);
assert_impl_all!(Part<StridedView<'static, i32, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<StridedView<'static, Cell<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<&'static StridedView<'static, Cell<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<&'static StridedViewMut<'static, Cell<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<&'static mut StridedViewMut<'static, Cell<i32>, 2>, L, ()>: Sync);
assert_not_impl_any!(Part<StridedViewMut<'static, Cell<i32>, 2>, L, ()>: Sync);
assert_not_impl_any!(Part<&'static StridedArray<Cell<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<StridedViewMut<'static, Rc<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<StridedView<'static, Rc<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Part<Windows<'static, Cell<i32>, 2>, L, ()>: Send, Sync);
assert_not_impl_any!(Zip<(Part<StridedView<'static, Cell<i32>, 2>, L, ()>,), 2>: Send, Sync);
// Nothing forges a Part or a Zip.
assert_not_impl_any!(Part<StridedView<'static, i32, 2>, L, ()>: Default, Clone);
assert_not_impl_any!(Zip<(Part<StridedView<'static, i32, 2>, L, ()>,), 2>: Default, Clone);
assert_not_impl_any!(Zip<(), 2>: Default, Clone);

// Generic callers over producers and tilers of one rank.
fn count2<P: Producer<2>, Q: Producer<2>>(p: P, q: Q) -> Result<usize, LayoutError> {
    let mut n = 0;
    Zip::from(p).and(q)?.for_each(|_, _| n += 1);
    Ok(n)
}

fn count_broadcast<P: Producer<2>, Q: Producer<1> + Shared>(
    p: P,
    q: Q,
) -> Result<usize, LayoutError> {
    Ok(Zip::from(p).and_broadcast(q)?.fold(0, |n, _, _| n + 1))
}

fn indices<P: Producer<N>, const N: usize>(p: P) -> usize {
    Zip::from(p).indexed().fold(0, |n, _, _| n + 1)
}

fn ones<P: Producer<N>, Q: Producer<N>, const N: usize>(
    p: P,
    q: Q,
) -> Result<StridedArray<u8, N>, LayoutError> {
    Ok(Zip::from(p).and(q)?.map_collect(|_, _| 1u8))
}

fn six<P: Producer<1> + Copy>(p: P) -> Result<bool, LayoutError> {
    Ok(Zip::from(p)
        .and(p)?
        .and(p)?
        .and(p)?
        .and(p)?
        .and(p)?
        .all(|_, _, _, _, _, _| true))
}

fn named<P: Producer<2>>(p: P) -> Zip<(Part<P, P::Map, P::Extra>,), 2> {
    Zip::from(p)
}

fn tile_count<TL: StaticMapping<N>, const N: usize>(v: StridedView<'_, u8, N>, tl: TL) -> usize {
    v.tiles(tl).len()
}

fn tile_count_mut<TL: StaticMapping<N> + Copy, const N: usize>(
    mut v: StridedViewMut<'_, u8, N>,
    tl: TL,
    c: [usize; N],
) -> usize {
    let n = v.tiles_mut(tl).len() + v.tiles(tl).len();
    assert!(v.tile_at_mut(tl, c).is_ok());
    assert!(v.tile_at(tl, c).is_ok());
    n + v.into_tiles_mut(tl).len()
}

fn tile_count_array<TL: StaticMapping<N> + Copy, const N: usize>(
    a: &mut StridedArray<u8, N>,
    tl: TL,
    c: [usize; N],
) -> usize {
    assert!(a.tile_at(tl, c).is_ok());
    assert!(a.tile_at_mut(tl, c).is_ok());
    a.tiles(tl).len() + a.tiles_mut(tl).len()
}

// Generic over a tiler of rank R and a view of rank N (as compiled before
// the rank became a bound): the bound `Rank<R>: TileRank<R, N>` says R = N.
fn tile_count_two_ranks<TL: StaticMapping<R> + Copy, const R: usize, const N: usize>(
    mut v: StridedViewMut<'_, u8, N>,
    a: &mut StridedArray<u8, N>,
    tl: TL,
    c: [usize; N],
) -> usize
where
    Rank<R>: TileRank<R, N>,
{
    assert!(v.tile_at(tl, c).is_ok() && v.tile_at_mut(tl, c).is_ok());
    assert!(a.tile_at(tl, c).is_ok() && a.tile_at_mut(tl, c).is_ok());
    v.tiles(tl).len() + v.tiles_mut(tl).len() + a.tiles(tl).len() + a.tiles_mut(tl).len()
}

#[test]
fn generic_callers_compile_and_run() {
    let x: Vec<u8> = (0..6).collect();
    let a = StridedView::new(&x, Layout::contiguous([2, 3])).unwrap();
    let r = StridedView::new(&x[..3], Layout::contiguous([3])).unwrap();
    assert_eq!(count2(a, a.flip(1).unwrap()).unwrap(), 6);
    assert_eq!(count_broadcast(a, r).unwrap(), 6);
    assert_eq!(indices(a), 6);
    let arr = StridedArray::from_vec([2, 3], x.clone()).unwrap();
    assert_eq!(ones(a, &arr).unwrap().into_vec(), [1; 6]);
    assert!(six(r).unwrap());
    assert_eq!(named(a.windows([1, 2]).unwrap()).shape(), [2, 2]);
    assert_eq!(tile_count(a, strided![shape = (1, 3)]), 2);
    let mut y = [0u8; 8];
    let m = StridedViewMut::new(&mut y, Layout::contiguous([2, 4])).unwrap();
    assert_eq!(tile_count_mut(m, strided![shape = (1, 2)], [1, 1]), 12);
    let mut arr = StridedArray::from_vec([2, 4], vec![0u8; 8]).unwrap();
    assert_eq!(
        tile_count_array(&mut arr, strided![shape = (2, 2)], [0, 1]),
        4
    );
    let m = StridedViewMut::new(&mut y, Layout::contiguous([2, 4])).unwrap();
    let tl = strided![shape = (1, 2)];
    assert_eq!(tile_count_two_ranks(m, &mut arr, tl, [1, 1]), 16);
}

// Operand k (2..=6) of another shape: ShapeMismatch naming k and both
// shapes; the zips before it are untouched.
#[test]
fn mismatched_operand_names_its_number() {
    let x = [0u8; 12];
    let a = StridedView::new(&x, Layout::contiguous([3, 4])).unwrap();
    let b = a.t();
    let want = |k: usize, e: LayoutError| match e {
        LayoutError::ShapeMismatch {
            expected,
            found,
            arg,
        } => {
            assert_eq!(expected.as_slice(), [3, 4]);
            assert_eq!(found.as_slice(), [4, 3]);
            assert_eq!(arg, ShapeArg::Operand(k));
            assert_eq!(
                e.to_string(),
                format!("Zip operand {k} has shape (4, 3), but operand 1 has shape (3, 4)")
            );
        }
        e => panic!("operand {k}: {e:?}"),
    };
    want(2, Zip::from(a).and(b).err().unwrap());
    want(3, Zip::from(a).and(a).unwrap().and(b).err().unwrap());
    let z3 = Zip::from(a).and(a).unwrap().and(a).unwrap();
    want(4, z3.and(b).err().unwrap());
    let z4 = Zip::from(a).and(a).unwrap().and(a).unwrap().and(a).unwrap();
    want(5, z4.and(b).err().unwrap());
    let z5 = Zip::from(a)
        .and(a)
        .unwrap()
        .and(a)
        .unwrap()
        .and(a)
        .unwrap()
        .and(a)
        .unwrap();
    assert_eq!(z5.shape(), [3, 4]);
    want(6, z5.and(b).err().unwrap());
}

// and_broadcast: NumPy's rules, whatever the operand's rank; a higher
// rank or a disagreeing axis is NotBroadcastable naming the shapes, as
// the sixth operand too.
#[test]
fn broadcast_operand_errors_name_the_shapes() {
    let x = [1u8; 24];
    let a = StridedView::new(&x[..12], Layout::contiguous([3, 4])).unwrap();
    let row = StridedView::new(&x[..4], Layout::contiguous([4])).unwrap();
    let col = StridedView::new(&x[..3], Layout::contiguous([3])).unwrap();
    let cube = StridedView::new(&x, Layout::contiguous([2, 3, 4])).unwrap();
    let scalar = StridedView::new(&x[..1], Layout::contiguous([])).unwrap();
    assert_eq!(
        Zip::from(a)
            .and_broadcast(row)
            .unwrap()
            .and_broadcast(scalar)
            .unwrap()
            .fold(0, |s, a, r, c| s + a + r + c),
        36
    );
    match Zip::from(a).and_broadcast(col).err().unwrap() {
        LayoutError::NotBroadcastable { from, to, axis } => {
            assert_eq!(
                (from.as_slice(), to.as_slice(), axis),
                (&[3][..], &[3, 4][..], 1)
            );
        }
        e => panic!("{e:?}"),
    }
    match Zip::from(a).and_broadcast(cube).err().unwrap() {
        LayoutError::NotBroadcastable { from, to, .. } => {
            assert_eq!(
                (from.as_slice(), to.as_slice()),
                (&[2, 3, 4][..], &[3, 4][..])
            );
        }
        e => panic!("{e:?}"),
    }
    let z5 = Zip::from(a)
        .and(a)
        .unwrap()
        .and(a)
        .unwrap()
        .and(a)
        .unwrap()
        .and(a)
        .unwrap();
    assert!(matches!(
        z5.and_broadcast(col),
        Err(LayoutError::NotBroadcastable { axis: 1, .. })
    ));
}
