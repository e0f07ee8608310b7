//! The fast paths of `Layout::new`, `Layout::try_contiguous`,
//! `Layout::required_len` and `Layout::check_unique` (a few instructions
//! per axis for the common layouts, the general rules for the rest) give
//! exactly what the general rules of `layout::math` give, on random
//! layouts (negative and zero strides, empty and size-1 axes, offsets and
//! strides near the ends of `isize`).

// (The general rules return LayoutError by value, as the API does.)
#![allow(clippy::result_large_err)]

use constrided::layout::math;
use constrided::{Layout, LayoutError};
use proptest::prelude::*;

fn general<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Result<(), LayoutError> {
    math::extent(&shape, &strides, offset).map(|_| ())
}

fn check<const N: usize>(shape: [usize; N], strides: [isize; N], offset: usize) {
    let l = Layout::new(shape, strides, offset);
    assert_eq!(
        l.map(|_| ()),
        general(shape, strides, offset),
        "{shape:?} {strides:?} {offset}"
    );
    if let Ok(l) = l {
        assert_eq!(l.required_len(), math::reach_len(&shape, &strides, offset));
        assert_eq!(
            l.check_unique(),
            math::check_unique(&shape, &strides),
            "{shape:?} {strides:?}"
        );
    }
    let c = Layout::try_contiguous(shape);
    let mut st = [0isize; N];
    let want = math::c_strides(&shape, &mut st).and_then(|()| Layout::new(shape, st, 0));
    assert_eq!(c, want, "{shape:?}");
}

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 0usize..5,
        1 => Just(usize::MAX),
        1 => Just(isize::MAX as usize),
        1 => Just(1usize << 32),
        1 => any::<usize>(),
    ]
}
fn stride() -> impl Strategy<Value = isize> {
    prop_oneof![
        4 => -12isize..13,
        1 => Just(isize::MAX),
        1 => Just(isize::MIN),
        1 => Just(1isize << 31),
        1 => any::<isize>(),
    ]
}
fn offset() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 0usize..100,
        1 => Just(isize::MAX as usize),
        1 => Just(usize::MAX),
        1 => any::<usize>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn rank2(sh in [size(), size()], st in [stride(), stride()], o in offset()) {
        check(sh, st, o);
    }
    #[test]
    fn rank3(sh in [size(), size(), size()], st in [stride(), stride(), stride()], o in offset()) {
        check(sh, st, o);
    }
    #[test]
    fn rank3_small(sh in [0usize..4, 0usize..4, 0usize..4], st in [-6isize..7, -6isize..7, -6isize..7], o in 0usize..40) {
        check(sh, st, o);
    }
}

#[test]
fn fixed_cases() {
    check::<0>([], [], 0);
    check::<0>([], [], usize::MAX);
    check([3, 3], [64, 1], 5);
    check([3, 3], [1, 64], 5);
    check([3, 3], [1, 1], 5);
    check([3, 3], [-64, -1], 130);
    check([4, 3], [20, 2], 22);
    check([2, 2, 2], [1, 4, 2], 0);
    check([usize::MAX, 2], [0, 0], 0);
    check([1 << 62, 2], [1, 1 << 62], 0);
    check([2, 1 << 62], [1 << 62, 1], 0);
    check([1 << 63, 1], [1, 1], 0);
}
