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

// Rank 8 (the largest rank) has the static transforms as methods since
// u29 (all but `insert_axis_at`): each one, and a chain of them, maps every
// index where the brute-force model says the transformed index lands, on a
// layout with negative strides, a size-1 axis and an offset.
#[test]
fn rank8_static_methods_against_model() {
    use constrided::{strided, Mapping};
    const SH: [usize; 8] = [2, 1, 2, 3, 2, 2, 2, 3];
    const ST: [isize; 8] = [-144, 7, 72, -24, 12, 6, -3, 1];
    const OFF: usize = 144 + 48 + 3;
    let l = strided![
        shape = (2, 1, 2, 3, 2, 2, 2, 3),
        strides = (-144, 7, 72, -24, 12, 6, -3, 1),
        offset = 195
    ];
    assert_eq!((l.shape(), l.strides(), l.offset()), (SH, ST, OFF));
    let at = |i: [usize; 8]| position(ST, OFF, i);
    let check = |m: &dyn Fn([usize; 8]) -> usize,
                 shape: [usize; 8],
                 to: &dyn Fn([usize; 8]) -> [usize; 8]| {
        for i in indices(shape) {
            assert_eq!(m(i) as i128, at(to(i)), "index {i:?}");
        }
    };
    let t = l.t();
    let mut rev = SH;
    rev.reverse();
    assert_eq!(t.shape(), rev);
    check(&|i| t.offset_of_unchecked(i), rev, &|mut i| {
        i.reverse();
        i
    });
    let s = l.transpose_axes::<0, 6>();
    let mut sw = SH;
    sw.swap(0, 6);
    assert_eq!(s.shape(), sw);
    check(&|i| s.offset_of_unchecked(i), sw, &|mut i| {
        i.swap(0, 6);
        i
    });
    let f = l.flip_axis::<3>();
    assert_eq!(f.shape(), SH);
    check(&|i| f.offset_of_unchecked(i), SH, &|mut i| {
        i[3] = SH[3] - 1 - i[3];
        i
    });
    let sl = l.slice_axis::<7, 2, 2, 1>();
    assert_eq!(sl.shape()[7], 0);
    let sl = l.slice_axis::<3, 0, 3, 2>();
    let mut ssh = SH;
    ssh[3] = 2;
    assert_eq!(sl.shape(), ssh);
    check(&|i| sl.offset_of_unchecked(i), ssh, &|mut i| {
        i[3] *= 2;
        i
    });
    // Index and remove (rank 7): the model's index with the axis put back.
    let x = l.index_axis_at::<3, 2>();
    for j in indices(x.shape()) {
        let mut i = [0; 8];
        i[..3].copy_from_slice(&j[..3]);
        i[3] = 2;
        i[4..].copy_from_slice(&j[3..]);
        assert_eq!(x.offset_of_unchecked(j) as i128, at(i), "index {j:?}");
    }
    let r = l.remove_axis_at::<1>();
    for j in indices(r.shape()) {
        let mut i = [0; 8];
        i[0] = j[0];
        i[2..].copy_from_slice(&j[1..]);
        assert_eq!(r.offset_of_unchecked(j) as i128, at(i), "index {j:?}");
    }
    // A chain: t, flip, swap, on the rank-8 results.
    let c = l.t().flip_axis::<0>().transpose_axes::<1, 7>();
    check(&|i| c.offset_of_unchecked(i), c.shape(), &|i| {
        let mut k = i;
        k.swap(1, 7);
        k[0] = rev[0] - 1 - k[0];
        k.reverse();
        k
    });
    // Every transform agrees with the runtime `Layout` one.
    let d = Layout::new(SH, ST, OFF).unwrap();
    assert_eq!((t.strides(), t.offset()), (d.t().strides(), d.t().offset()));
    let df = d.flip(3).unwrap();
    assert_eq!((f.strides(), f.offset()), (df.strides(), df.offset()));
}
