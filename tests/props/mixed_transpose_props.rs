//! Property tests: the transpose of a mixed layout (`t()` of a view made by
//! `strided!` with `dyn` entries, `Mapping::transposed`) is a mixed layout
//! again whose static entries are the reversed ones, as static as the
//! original, and it maps every index where the reversed runtime layout and
//! the brute-force model do, on random run-time entries (negative and zero
//! strides, empty and size-1 axes, offsets near the reach).

use super::model;

use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedAxes, MixedLayout};
use constrided::{Layout, Mapping, StridedView};
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 48 })
}

fn is_static<M: Mapping<N>, const N: usize>(_: &M) -> bool {
    M::STATIC
}

// Every static axis entry of the transpose is the original's at the
// mirrored axis.
fn reversed_entries<A: MixedAxes<N>, const N: usize>() {
    let (s, t) = (A::SIZES, A::STRIDES);
    let (rs, rt) = (
        <A::Reversed as MixedAxes<N>>::SIZES,
        <A::Reversed as MixedAxes<N>>::STRIDES,
    );
    for k in 0..N {
        assert_eq!(rs[k], s[N - 1 - k]);
        assert_eq!(rt[k], t[N - 1 - k]);
    }
}

fn check<A: MixedAxes<N>, O: constrided::mixed_layout::CountEntry, const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Result<(), TestCaseError> {
    reversed_entries::<A, N>();
    let m = MixedLayout::<A, O, N>::new(shape, strides, offset);
    let l = Layout::new(shape, strides, offset);
    let m = match (m, l) {
        (Ok(m), Ok(l)) => {
            prop_assert_eq!(m.to_layout(), l);
            m
        }
        // The entries differ from the static ones, or the layout is
        // invalid: nothing to transpose.
        (Err(_), _) => return Ok(()),
        (Ok(m), Err(e)) => return Err(TestCaseError::fail(format!("{m:?} against {e:?}"))),
    };
    let t = m.transposed();
    let lt = m.to_layout().t();
    prop_assert_eq!(t.to_layout(), lt);
    prop_assert_eq!(Mapping::shape(&t), lt.shape());
    prop_assert_eq!(Mapping::strides(&t), lt.strides());
    prop_assert_eq!(Mapping::offset(&t), lt.offset());
    prop_assert_eq!(Mapping::required_len(&t), lt.required_len());
    prop_assert_eq!(Mapping::check_unique(&t), lt.check_unique());
    prop_assert_eq!(is_static(&t), is_static(&m));
    prop_assert_eq!(t.transposed().to_layout(), m.to_layout());
    prop_assert_eq!(is_static(&t.transposed()), is_static(&m));
    // Every index against the model.
    let len = lt.required_len();
    let buf: Vec<i64> = (0..len as i64).collect();
    let v = StridedView::new(&buf, m).unwrap().t();
    let mut want = Vec::new();
    for idx in model::indices(lt.shape()) {
        let p = model::position(lt.strides(), lt.offset(), idx);
        if !lt.is_empty() {
            prop_assert_eq!(Mapping::offset_of_unchecked(&t, idx) as i128, p);
            prop_assert_eq!(v[idx] as i128, p);
        }
        want.push(p as i64);
    }
    prop_assert_eq!(v.iter().copied().collect::<Vec<_>>(), want.clone());
    prop_assert_eq!(v.to_vec(), want.clone());
    prop_assert_eq!(v.sum(), want.iter().sum::<i64>());
    Ok(())
}

type Fixed2 = (MAxis<Fix<3>, FixS<7>>, MAxis<Fix<4>, FixS<-2>>);
type Part2 = (MAxis<Dyn, Dyn>, MAxis<Fix<3>, FixS<1>>);
type Part3 = (
    MAxis<Fix<2>, FixS<0>>,
    MAxis<Dyn, FixS<5>>,
    MAxis<Fix<1>, Dyn>,
);
type Fixed4 = (
    MAxis<Fix<2>, FixS<-30>>,
    MAxis<Fix<1>, FixS<9>>,
    MAxis<Fix<3>, FixS<4>>,
    MAxis<Fix<2>, FixS<1>>,
);

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn fixed_rank2_dyn_offset(offset in 0usize..40) {
        check::<Fixed2, Dyn, 2>([3, 4], [7, -2], offset)?;
    }

    #[test]
    fn fixed_rank4_dyn_offset(offset in 0usize..60) {
        check::<Fixed4, Dyn, 4>([2, 1, 3, 2], [-30, 9, 4, 1], offset)?;
    }

    #[test]
    fn fixed_rank2_static_offset(offset in 0usize..20) {
        // Only offset 6 matches the static one; the others are errors.
        check::<Fixed2, Fix<6>, 2>([3, 4], [7, -2], offset)?;
    }

    #[test]
    fn partly_dynamic_rank2(rows in 0usize..5, rs in -8isize..8, offset in 0usize..40) {
        check::<Part2, Dyn, 2>([rows, 3], [rs, 1], offset)?;
    }

    #[test]
    fn partly_dynamic_rank3(
        mid in 0usize..4,
        last in -3isize..4,
        offset in 0usize..30,
        wrong in proptest::bool::ANY,
    ) {
        // `wrong` breaks a static entry: the constructor refuses it.
        let s0 = if wrong { 1 } else { 0 };
        check::<Part3, Dyn, 3>([2, mid, 1], [s0, 5, last], offset)?;
    }
}
