//! Review r26: the static type layer at its extremes, from a user crate,
//! in safe code: static layouts named by hand with a size of `usize::MAX`
//! (stride 0), `isize::MIN` / `isize::MAX` strides on size-0 and size-1
//! axes, offsets far past an empty buffer; chains of every static
//! transform on them (including `slice_axis` with a huge `STEP`); mixed
//! layouts with run-time entries at the same extremes. Each mapping's
//! `shape()` / `strides()` / `offset()` equal its `to_layout()`, the views
//! read only what they reach, and `to_array` copies exactly its count
//! (held: these pin it). Small: run under Miri (both models) and ASan.
use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
use constrided::static_layout::{Axis, NegAxis, StaticLayout};
use constrided::{Layout, Mapping, StridedView, StridedViewMut};

fn agrees<const N: usize, M: Mapping<N>>(m: &M) -> Layout<N> {
    let l = m.to_layout();
    assert_eq!(
        (m.shape(), m.strides(), m.offset()),
        (l.shape(), l.strides(), l.offset())
    );
    l
}

#[test]
fn huge_broadcast_axis_and_its_transforms() {
    let buf = [7u8];
    let m = StaticLayout::<(Axis<{ usize::MAX }, 0>,), 0>::new();
    agrees(&m);
    let v = StridedView::new(&buf, m).unwrap();
    assert_eq!(v[[usize::MAX - 1]], 7);
    assert!(v.get([usize::MAX]).is_none());
    let f = v.flip_axis::<0>();
    assert_eq!(agrees(f.mapping()).required_len(), 1);
    assert_eq!(f[[3]], 7);
    let s = v.slice_axis::<0, 5, { usize::MAX }, { usize::MAX / 2 }>();
    assert_eq!(agrees(s.mapping()).shape(), [2]);
    let w = s
        .insert_axis_at::<1>()
        .transpose_axes::<0, 1>()
        .index_axis_at::<1, 1>();
    assert_eq!(agrees(w.mapping()).shape(), [1]);
    assert_eq!(w.iter().copied().collect::<Vec<_>>(), [7]);
}

#[test]
fn extreme_strides_on_empty_and_unit_axes() {
    let none: [u64; 0] = [];
    let e = StaticLayout::<(Axis<0, { isize::MIN }>, Axis<3, { isize::MAX }>), 1000>::new();
    let ev = StridedView::new(&none, e).unwrap();
    let chained = ev
        .flip_axis::<0>()
        .flip_axis::<1>()
        .t()
        .insert_axis_at::<0>();
    assert_eq!(agrees(chained.mapping()).required_len(), 0);
    assert!(chained.get([0, 0, 0]).is_none());
    assert_eq!(chained.iter().count(), 0);
    assert_eq!(chained.to_array().len(), 0);
    assert_eq!(ev.slice_axis::<1, 1, 3, 1>().to_array().len(), 0);
    // Size-1 axes may carry any stride: they never move.
    let buf = [1u64, 2, 3];
    let u = StaticLayout::<
        (
            Axis<1, { isize::MIN }>,
            Axis<3, 1>,
            NegAxis<1, { isize::MIN }>,
        ),
        0,
    >::new();
    let uv = StridedView::new(&buf, u).unwrap();
    agrees(uv.mapping());
    let r = uv
        .flip_axis::<0>()
        .flip_axis::<2>()
        .remove_axis_at::<2>()
        .remove_axis_at::<0>();
    assert_eq!(agrees(r.mapping()).required_len(), 3);
    assert_eq!(r.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
    let i = uv.insert_axis_at::<3>().flip_axis::<1>().t();
    assert_eq!(i.iter().copied().collect::<Vec<_>>(), [3, 2, 1]);
    let mut mbuf = [0u64; 3];
    let mv = StridedViewMut::new(&mut mbuf, u).unwrap();
    let mut mr = mv
        .flip_axis::<1>()
        .index_axis_at::<0, 0>()
        .index_axis_at::<1, 0>();
    mr[[0]] = 9;
    assert_eq!(mbuf, [0, 0, 9]);
}

#[test]
fn mixed_layouts_at_the_extremes() {
    type Big = MixedLayout<(MAxis<Fix<{ usize::MAX }>, FixS<0>>, MAxis<Dyn, Dyn>), Dyn, 2>;
    let m = Big::new([usize::MAX, 1], [0, isize::MIN], 1).unwrap();
    agrees(&m);
    let buf = [4u8, 5];
    let v = StridedView::new(&buf, m).unwrap();
    assert_eq!(v[[usize::MAX - 1, 0]], 5);
    assert!(v.get([0, 1]).is_none());
    // A static size or stride that differs from the given one, and a
    // run-time entry that breaks a rule, are refused.
    assert!(Big::new([usize::MAX - 1, 1], [0, 1], 1).is_err());
    assert!(Big::new([usize::MAX, 1], [1, 1], 1).is_err());
    assert!(Big::new([usize::MAX, 2], [0, 1], 0).is_err()); // count overflows
    assert!(Big::new([usize::MAX, 0], [0, isize::MIN], usize::MAX).is_ok());
    let mut mbuf = [0u8; 2];
    // A mutable view of a broadcast mixed layout is refused.
    let b = Big::new([usize::MAX, 1], [0, 1], 0).unwrap();
    assert!(StridedViewMut::new(&mut mbuf, b).is_err());
    type Unit = MixedLayout<(MAxis<Dyn, FixS<{ isize::MIN }>>,), Fix<0>, 1>;
    assert!(Unit::new([1], [isize::MIN], 0).is_ok());
    assert!(Unit::new([2], [isize::MIN], 0).is_err());
    let z = Unit::new([0], [isize::MIN], 0).unwrap();
    assert_eq!(agrees(&z).required_len(), 0);
}
