//! Mixed layouts whose sizes and strides are all static (only the offset
//! is a run-time entry) take a fast path in `MixedLayout::new` and in the
//! view constructors (reach and uniqueness from compile-time constants).
//! These tests check it against the general rules: `Layout::new`'s result
//! (the same layout or the same error) for every offset, including those
//! near the ends of `isize`, and the same view errors (`OutOfBounds`,
//! `Aliasing`) as a view of the runtime layout.

// (Results of views hold a LayoutError by value, as the API returns them.)
#![allow(clippy::result_large_err)]

use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
use constrided::{strided, Layout, LayoutError, Mapping, StridedView, StridedViewMut};
use proptest::prelude::*;

type Pos = MixedLayout<(MAxis<Fix<3>, FixS<64>>, MAxis<Fix<3>, FixS<1>>), Dyn, 2>;
type Neg = MixedLayout<(MAxis<Fix<4>, FixS<-20>>, MAxis<Fix<3>, FixS<2>>), Dyn, 2>;
type Alias = MixedLayout<(MAxis<Fix<3>, FixS<1>>, MAxis<Fix<3>, FixS<1>>), Dyn, 2>;
type Bcast = MixedLayout<(MAxis<Fix<4>, FixS<0>>,), Dyn, 1>;
type Empty = MixedLayout<(MAxis<Fix<0>, FixS<-5>>, MAxis<Fix<3>, FixS<1>>), Dyn, 2>;
type Huge = MixedLayout<(MAxis<Fix<2>, FixS<{ isize::MAX / 2 }>>,), Dyn, 1>;
type Rank0 = MixedLayout<(), Dyn, 0>;

fn same<A, const N: usize>(
    m: Result<MixedLayout<A, Dyn, N>, LayoutError>,
    l: Result<Layout<N>, LayoutError>,
) where
    A: constrided::mixed_layout::MixedAxes<N>,
{
    match (m, l) {
        (Ok(m), Ok(l)) => {
            assert_eq!(m.to_layout(), l);
            assert_eq!(Mapping::required_len(&m), l.required_len());
            assert_eq!(Mapping::check_unique(&m), l.check_unique());
        }
        (Err(a), Err(b)) => assert_eq!(a, b),
        (a, b) => panic!("{a:?} against {b:?}"),
    }
}

fn check_offset(o: usize) {
    same(
        Pos::new([3, 3], [64, 1], o),
        Layout::new([3, 3], [64, 1], o),
    );
    same(
        Neg::new([4, 3], [-20, 2], o),
        Layout::new([4, 3], [-20, 2], o),
    );
    same(
        Alias::new([3, 3], [1, 1], o),
        Layout::new([3, 3], [1, 1], o),
    );
    same(Bcast::new([4], [0], o), Layout::new([4], [0], o));
    same(
        Empty::new([0, 3], [-5, 1], o),
        Layout::new([0, 3], [-5, 1], o),
    );
    same(
        Huge::new([2], [isize::MAX / 2], o),
        Layout::new([2], [isize::MAX / 2], o),
    );
    same(Rank0::new([], [], o), Layout::new([], [], o));
}

#[test]
fn fixed_offsets_at_the_edges() {
    let m = isize::MAX as usize;
    for o in [
        0,
        1,
        2,
        59,
        60,
        61,
        100,
        m / 2,
        m / 2 + 1,
        m - 130,
        m - 129,
        m - 128,
        m - 1,
        m,
        m + 1,
        usize::MAX,
    ] {
        check_offset(o);
    }
}

#[test]
fn wrong_static_entries_are_errors() {
    assert!(Pos::new([3, 4], [64, 1], 0).is_err());
    assert!(Pos::new([3, 3], [65, 1], 0).is_err());
    assert_eq!(
        Pos::new([3, 4], [64, 1], 0).unwrap_err(),
        Pos::new([3, 4], [64, 1], 5).unwrap_err()
    );
}

#[test]
fn fixed_views_check_bounds_and_uniqueness() {
    let buf: Vec<f32> = (0..200).map(|x| x as f32).collect();
    let mut b2 = buf.clone();
    for o in 0..200 {
        let l = Layout::new([3, 3], [64, 1], o);
        let ours = strided!(&buf; shape = (3, 3), strides = (64, 1), offset = dyn o);
        match (ours, l.and_then(|l| StridedView::new(&buf, l))) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b);
                assert_eq!(a[[2, 2]], buf[o + 130]);
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("offset {o}: {a:?} against {b:?}"),
        }
        let ours =
            strided!(&mut b2; shape = (3, 3), strides = (64, 1), offset = dyn o).map(|v| v.numel());
        let theirs = Layout::new([3, 3], [64, 1], o)
            .and_then(|l| StridedViewMut::new(&mut buf.clone(), l).map(|v| v.numel()));
        assert_eq!(ours, theirs, "offset {o}");
        // An aliasing mixed layout: refused for a mutable view at every
        // offset (out of bounds first when it reaches past the buffer).
        let a = Alias::new([3, 3], [1, 1], o).unwrap();
        let rl = Layout::new([3, 3], [1, 1], o).unwrap();
        let e = StridedViewMut::new(&mut b2, a).map(|v| v.numel());
        assert_eq!(e, StridedViewMut::new(&mut b2, rl).map(|v| v.numel()));
        if o + 5 <= 200 {
            assert!(matches!(e, Err(LayoutError::Aliasing { .. })));
        }
        assert!(StridedView::new(&buf, a).is_ok() == (o + 5 <= 200));
        let n = Neg::new([4, 3], [-20, 2], o);
        let rn = Layout::new([4, 3], [-20, 2], o);
        match (n, rn) {
            (Ok(n), Ok(rn)) => {
                assert_eq!(
                    StridedViewMut::new(&mut b2, n).map(|v| v.numel()),
                    StridedViewMut::new(&mut b2, rn).map(|v| v.numel())
                );
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("offset {o}: {a:?} against {b:?}"),
        }
    }
}

proptest! {
    #[test]
    fn fixed_matches_layout_new(o in any::<usize>(), small in 0usize..400) {
        check_offset(o);
        check_offset(small);
        check_offset(isize::MAX as usize - small);
    }
}
