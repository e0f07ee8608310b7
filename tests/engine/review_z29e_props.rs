//! Review r-z29e: the staged walk with two operands stages the constant
//! operand 1 and walks an outer plan of rank 0 as a unit axis
//! (`zip_stage::staged_runs`). Attacked here against the brute-force
//! model: the destination transposed instead of the source, both
//! transposed (alike and differently), flipped axes, stride-0
//! (broadcast) source axes, partial buffers, ranks 2, 3 and 8, through
//! `zip_with`, `Zip` of 2, `Zip` of 3 with the transposed operand
//! second or third, and (with `rayon`) `par_for_each`, whose parts are
//! run_plan'd plans of their own (a rank-2 part has an outer plan of
//! rank 0).

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use proptest::prelude::*;

// Strides of a row-major buffer of `shape` with its axes ordered (slowest
// first) by `order`, and zero where `zero` says (a broadcast axis).
fn strides_of<const N: usize>(shape: [usize; N], order: &[usize], zero: [bool; N]) -> [isize; N] {
    let mut s = [0isize; N];
    let mut step = 1isize;
    for &a in order.iter().rev() {
        if !zero[a] {
            s[a] = step;
            step *= shape[a].max(1) as isize;
        }
    }
    s
}

// An order (a permutation of 0..N) from a seed: keys sorted.
fn order_of<const N: usize>(keys: [u8; N]) -> Vec<usize> {
    let mut o: Vec<usize> = (0..N).collect();
    o.sort_by_key(|&a| (keys[a], a));
    o
}

fn position<const N: usize>(l: &Layout<N>, idx: [usize; N]) -> usize {
    let p = l.offset() as isize
        + idx
            .iter()
            .zip(l.strides())
            .map(|(&x, s)| x as isize * s)
            .sum::<isize>();
    p as usize
}

fn indices<const N: usize>(shape: [usize; N]) -> Vec<[usize; N]> {
    let n: usize = shape.iter().product();
    (0..n)
        .map(|mut i| {
            let mut idx = [0; N];
            for a in (0..N).rev() {
                idx[a] = i % shape[a];
                i /= shape[a];
            }
            idx
        })
        .collect()
}

#[derive(Debug, Clone)]
struct Case<const N: usize> {
    shape: [usize; N],
    dkeys: [u8; N],
    skeys: [u8; N],
    akeys: [u8; N],
    dflip: [bool; N],
    sflip: [bool; N],
    szero: [bool; N],
    lead: usize,
    mode: u8,
}

fn layout<const N: usize>(
    shape: [usize; N],
    keys: [u8; N],
    flip: [bool; N],
    zero: [bool; N],
    lead: usize,
) -> Layout<N> {
    let mut l = Layout::new(shape, strides_of(shape, &order_of(keys), zero), lead).unwrap();
    for (a, &f) in flip.iter().enumerate() {
        if f {
            l = l.flip(a).unwrap();
        }
    }
    l
}

// mode 0: zip_with(d, s); 1: Zip (d, s); 2: Zip (d, a, s); 3: Zip (d, s,
// a); 4: par_for_each (d, s); 5: par_for_each (d, a, s) (with rayon).
fn check<const N: usize, U: Copy + Sync + Into<u64> + TryFrom<u64>>(c: &Case<N>) {
    let shape = c.shape;
    let dl = layout(shape, c.dkeys, c.dflip, [false; N], c.lead);
    let sl = layout(shape, c.skeys, c.sflip, c.szero, c.lead + 1);
    let al = layout(shape, c.akeys, [false; N], [false; N], 0);
    let dlen = dl.required_len() + 1;
    let slen = sl.required_len() + 2;
    let mut d: Vec<u64> = (0..dlen as u64).map(|i| 1000 + i).collect();
    let s: Vec<U> = (0..slen as u64)
        .map(|i| U::try_from(i.wrapping_mul(7) % 200 + 1).ok().unwrap())
        .collect();
    let a: Vec<u64> = (0..al.required_len() as u64).map(|i| 3 * i + 2).collect();
    let d0 = d.clone();
    let f = |d: &mut u64, a: u64, s: u64| *d = *d * 5 + a + s + 1;
    {
        let sv = StridedView::new(&s, sl).unwrap();
        let av = StridedView::new(&a, al).unwrap();
        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
        match c.mode {
            0 => dv.zip_with(&sv, |d, &s| f(d, 0, s.into())).unwrap(),
            1 => Zip::from(&mut dv)
                .and(sv)
                .unwrap()
                .for_each(|d, &s| f(d, 0, s.into())),
            2 => Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(sv)
                .unwrap()
                .for_each(|d, &a, &s| f(d, a, s.into())),
            3 => Zip::from(&mut dv)
                .and(sv)
                .unwrap()
                .and(av)
                .unwrap()
                .for_each(|d, &s, &a| f(d, a, s.into())),
            #[cfg(feature = "rayon")]
            4 => Zip::from(&mut dv)
                .and(sv)
                .unwrap()
                .par_for_each(|d, &s| f(d, 0, s.into())),
            #[cfg(feature = "rayon")]
            _ => Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(sv)
                .unwrap()
                .par_for_each(|d, &a, &s| f(d, a, s.into())),
            // (Without rayon: mode 4 as 1, mode 5 as 2.)
            #[cfg(not(feature = "rayon"))]
            4 => Zip::from(&mut dv)
                .and(sv)
                .unwrap()
                .for_each(|d, &s| f(d, 0, s.into())),
            #[cfg(not(feature = "rayon"))]
            _ => Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(sv)
                .unwrap()
                .for_each(|d, &a, &s| f(d, a, s.into())),
        }
    }
    let mut want = d0;
    let three = matches!(c.mode, 2 | 3 | 5);
    for idx in indices(shape) {
        let dp = position(&dl, idx);
        let aa = if three { a[position(&al, idx)] } else { 0 };
        f(&mut want[dp], aa, s[position(&sl, idx)].into());
    }
    assert_eq!(d, want, "{c:?}");
}

fn case<const N: usize>(extent: impl Strategy<Value = usize>) -> impl Strategy<Value = Case<N>> {
    (
        proptest::array::uniform(extent),
        proptest::array::uniform(0u8..8),
        proptest::array::uniform(0u8..8),
        proptest::array::uniform(0u8..8),
        proptest::array::uniform(any::<bool>()),
        proptest::array::uniform(any::<bool>()),
        proptest::array::uniform(prop_oneof![6 => Just(false), 1 => Just(true)]),
        0usize..3,
        0u8..6,
    )
        .prop_map(
            |(shape, dkeys, skeys, akeys, dflip, sflip, szero, lead, mode)| Case {
                shape,
                dkeys,
                skeys,
                akeys,
                dflip,
                sflip,
                szero,
                lead,
                mode,
            },
        )
}

fn extent() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(0usize),
        Just(1),
        2usize..4,
        7usize..10,
        15usize..18,
        31usize..35
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn staged_pair_any_transposition_rank2(c in case::<2>(extent())) {
        check::<2, u32>(&c);
    }

    #[test]
    fn staged_pair_any_transposition_rank3(c in case::<3>(prop_oneof![Just(0usize), Just(1), 2usize..4, 9usize..12, 17usize..19])) {
        check::<3, u8>(&c);
    }

    #[test]
    fn staged_pair_any_transposition_rank8(c in case::<8>(prop_oneof![3 => Just(1usize), 3 => Just(2), 1 => Just(3), 1 => 5usize..9])) {
        prop_assume!(c.shape.iter().product::<usize>() <= 4096);
        check::<8, u16>(&c);
    }
}
