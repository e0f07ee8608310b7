//! A transform type named directly with arguments that break a rule (the
//! methods refuse them at compile time, see ui-tests/fail/static_transform_*)
//! is the empty layout: it reaches no element, so a view through it reads
//! nothing and every index is out of bounds.
use constrided::static_layout::StaticMapping;
use constrided::static_transform::{FlipAxis, RemoveAxisAt, SliceAxis};
use constrided::{strided, Mapping, Rank, StridedView};

type L = strided!(type shape = (3, 4));

#[test]
fn bad_arguments_give_the_empty_layout() {
    let flip = FlipAxis::<L, 2, 5>::default();
    assert_eq!(
        (flip.shape(), flip.strides(), flip.offset()),
        ([0, 0], [1, 1], 0)
    );
    assert_eq!(<FlipAxis<L, 2, 5> as StaticMapping<2>>::REQUIRED_LEN, 0);
    let slice = SliceAxis::<L, 2, 1, 2, 9, 1>::default();
    assert_eq!(slice.shape(), [0, 0]);
    let removed = RemoveAxisAt::<L, Rank<2>, Rank<1>, 0>::default();
    assert_eq!(removed.shape(), [0]);

    let buf: [u8; 0] = [];
    let v = StridedView::new(&buf, flip).unwrap();
    assert_eq!(v.iter().count(), 0);
    assert_eq!(v.get([0, 0]), None);
    // A valid transform of the same layout is not affected.
    assert_eq!(FlipAxis::<L, 2, 1>::default().offset(), 3);
}
