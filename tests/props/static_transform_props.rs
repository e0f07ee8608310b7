//! Property tests: the `const fn`s behind the static transforms agree with
//! the runtime `Layout` transforms and with the brute-force model, and the
//! exact uniqueness search agrees with brute force, on random layouts of
//! rank 1 to 8 with negative and zero strides, empty and size-1 axes.

use super::model;

use constrided::layout::math::{find_alias, Uniqueness, ALIAS_SEARCH_BUDGET};
use constrided::static_transform::{
    flipped, indexed, inserted, removed, reversed, sliced, swapped,
};
use constrided::{Layout, Slice};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 64 })
}

fn check<const N: usize, const LO: usize, const HI: usize>(
    (shape, strides, offset): ([usize; N], [isize; N], usize),
    a: usize,
    b: usize,
    i: usize,
    (start, stop, step): (usize, usize, usize),
) -> Result<(), TestCaseError>
where
    constrided::Rank<N>: constrided::Lower<Out = constrided::Rank<LO>>
        + constrided::Higher<Out = constrided::Rank<HI>>,
{
    let Ok(l) = Layout::new(shape, strides, offset) else {
        return Ok(());
    };
    // t, transpose, flip: as the runtime transforms.
    prop_assert_eq!(reversed(l), l.t());
    prop_assert_eq!(swapped(l, a, b).ok(), l.transpose(a, b).ok());
    prop_assert_eq!(flipped(l, a).ok(), l.flip(a).ok());
    // index / insert / remove.
    let idx: Result<Layout<LO>, _> = indexed::<N, LO>(l, a, i);
    prop_assert_eq!(idx.ok(), l.index_axis::<LO>(a, i).ok());
    let ins: Result<Layout<HI>, _> = inserted::<N, HI>(l, a);
    prop_assert_eq!(ins.ok(), l.insert_axis::<HI>(a).ok());
    let rem: Result<Layout<LO>, _> = removed::<N, LO>(l, a);
    prop_assert_eq!(rem.ok(), l.remove_axis::<LO>(a).ok());
    // slice_axis::<A, START, STOP, STEP>: Python's slice when in range.
    let s = sliced(l, a, start, stop, step);
    if a < N && start <= stop && stop <= shape[a] && step >= 1 {
        let mut sl = [Slice::new(None, None, 1); N];
        sl[a] = Slice::new(Some(start as isize), Some(stop as isize), step as isize);
        let want = l.slice(sl).unwrap();
        let got = s.ok().unwrap();
        prop_assert_eq!(got.shape(), want.shape());
        // Same positions (strides of empty or size-1 axes may differ).
        prop_assert_eq!(
            positions(got.shape(), got.strides(), got.offset()),
            positions(want.shape(), want.strides(), want.offset())
        );
    } else {
        prop_assert!(s.is_err());
    }
    // Uniqueness: exact, as brute force.
    let pos = positions(shape, strides, offset);
    let mut sorted = pos.clone();
    sorted.sort_unstable();
    let unique = distinct(&sorted);
    match find_alias(&shape, &strides, ALIAS_SEARCH_BUDGET) {
        Uniqueness::Unique => prop_assert!(unique),
        Uniqueness::Aliases { first, second } => {
            prop_assert!(!unique);
            let f: [usize; N] = first.as_slice().try_into().unwrap();
            let g: [usize; N] = second.as_slice().try_into().unwrap();
            prop_assert_ne!(f, g);
            prop_assert_eq!(position(strides, offset, f), position(strides, offset, g));
        }
        Uniqueness::Unknown => prop_assert!(false, "undecided"),
    }
    Ok(())
}

macro_rules! rank_props {
    ($($name:ident: $n:literal, $lo:literal, $hi:literal;)*) => {$(
        proptest! {
            #![proptest_config(cases())]
            #[test]
            fn $name(
                l in raw_layout::<$n>(),
                a in 0usize..=$n,
                b in 0usize..$n,
                i in 0usize..=4,
                sl in (0usize..=5, 0usize..=5, 0usize..=3),
            ) {
                check::<$n, $lo, $hi>(l, a, b, i, sl)?;
            }
        }
    )*};
}

rank_props! {
    rank1: 1, 0, 2;
    rank2: 2, 1, 3;
    rank3: 3, 2, 4;
    rank5: 5, 4, 6;
    rank7: 7, 6, 8;
}
