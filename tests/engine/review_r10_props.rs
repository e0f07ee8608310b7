//! Review r10: the staged walk of a transposed operand whose fastest axis
//! has stride -1 (`zip_stage::staged_runs` with `flip`), against the
//! brute-force model: random rank-2..4 layouts of the read-only operand
//! with a stride of +-1 on a random axis (often not the last), random
//! signs, sizes (1, empty and long axes), broadcast axes, offsets inside a
//! larger buffer; `Zip` of 2..5 operands with the operand at several
//! places (and read twice), `Zip::indexed` (every item checked against the
//! element at its index), `zip_with`, `map_collect` and `par_for_each`.

use std::sync::atomic::{AtomicUsize, Ordering};

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use proptest::prelude::*;

trait E: Copy + PartialEq + core::fmt::Debug + Send + Sync + 'static {
    fn of(i: usize) -> Self;
    fn add(self, o: Self) -> Self;
}
macro_rules! e {
    ($($t:ty),*) => {$(impl E for $t {
        fn of(i: usize) -> Self { (i.wrapping_mul(2654435761) >> 3) as $t }
        fn add(self, o: Self) -> Self { self.wrapping_add(o) }
    })*};
}
e!(u8, u16, u32, u64);

// How many calls saw a staged item (outside the source buffer): the test
// reports it, so that a run that never staged is visible.
static STAGED: AtomicUsize = AtomicUsize::new(0);
static CALLS: AtomicUsize = AtomicUsize::new(0);

fn idx_of<const N: usize>(shape: [usize; N], mut lin: usize) -> [usize; N] {
    let mut i = [0; N];
    for a in (0..N).rev() {
        i[a] = lin % shape[a];
        lin /= shape[a];
    }
    i
}

#[allow(clippy::too_many_arguments)]
fn check<T: E, const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    lo: usize,
    hi: usize,
    dperm: [usize; N],
    dflip: [bool; N],
) -> Result<(), TestCaseError> {
    let numel: usize = shape.iter().product();
    // The source's reach: lowest and highest positions relative to the
    // offset.
    let (mut min, mut max) = (0isize, 0isize);
    if numel > 0 {
        for a in 0..N {
            let e = (shape[a] as isize - 1) * strides[a];
            if e < 0 {
                min += e;
            } else {
                max += e;
            }
        }
    }
    let offset = (lo as isize - min) as usize;
    let len = (offset as isize + max) as usize + 1 + hi;
    let sbuf: Vec<T> = (0..len).map(T::of).collect();
    let Ok(sl) = Layout::new(shape, strides, offset) else {
        return Err(TestCaseError::reject("layout"));
    };
    let Ok(sv) = StridedView::new(&sbuf, sl) else {
        return Err(TestCaseError::reject("view"));
    };
    let range = sbuf.as_ptr_range();
    // The model: the element at each row-major index.
    let want: Vec<T> = (0..numel)
        .map(|n| {
            let i = idx_of(shape, n);
            let p = offset as isize + (0..N).map(|a| i[a] as isize * strides[a]).sum::<isize>();
            sbuf[p as usize]
        })
        .collect();
    // The destination: contiguous in a permuted order, some axes flipped.
    let dshape_p: [usize; N] = core::array::from_fn(|a| shape[dperm[a]]);
    // The destination view's axis a is the buffer's axis inv[a].
    let mut inv = [0; N];
    for a in 0..N {
        inv[dperm[a]] = a;
    }
    fn mk<T, const N: usize>(
        d: &mut [T],
        dshape_p: [usize; N],
        inv: [usize; N],
        dflip: [bool; N],
    ) -> StridedViewMut<'_, T, N> {
        let mut dv = StridedViewMut::new(d, Layout::contiguous(dshape_p))
            .unwrap()
            .permute(inv)
            .unwrap();
        for (a, &f) in dflip.iter().enumerate() {
            if f {
                dv = dv.flip(a).unwrap();
            }
        }
        dv
    }
    macro_rules! mk_dst {
        ($d:expr) => {
            mk($d, dshape_p, inv, dflip)
        };
    }
    let zero = T::of(0);
    let ix: Vec<u64> = (0..numel as u64).collect();
    let ixv = StridedView::new(&ix, Layout::contiguous(shape)).unwrap();
    let count = |s: *const T| {
        CALLS.fetch_add(1, Ordering::Relaxed);
        if !range.contains(&s) {
            STAGED.fetch_add(1, Ordering::Relaxed);
        }
    };

    // Zip::indexed of 2: every item against the model.
    let mut d = vec![zero; numel];
    let mut bad = Vec::new();
    Zip::from(mk_dst!(&mut d))
        .and(sv)
        .unwrap()
        .indexed()
        .for_each(|i, o, s| {
            count(s);
            let n = (0..N).fold(0, |acc, a| acc * shape[a] + i[a]);
            if *s != want[n] {
                bad.push((i, *s, want[n]));
            }
            *o = *s;
        });
    prop_assert!(bad.is_empty(), "indexed: {:?}", &bad[..bad.len().min(5)]);
    prop_assert_eq!(mk_dst!(&mut d).to_vec(), want.clone(), "indexed dst");

    // Zip of 3: dst, index, source.
    let mut d = vec![zero; numel];
    let mut bad = 0usize;
    Zip::from(mk_dst!(&mut d))
        .and(ixv)
        .unwrap()
        .and(sv)
        .unwrap()
        .for_each(|o, &n, s| {
            count(s);
            bad += usize::from(*s != want[n as usize]);
            *o = *s;
        });
    prop_assert_eq!(bad, 0, "zip3 items");
    prop_assert_eq!(mk_dst!(&mut d).to_vec(), want.clone(), "zip3");

    // Zip of 5: the source twice (the first one is staged), an index and a
    // flipped copy of the source too.
    let svf = sv.flip(0).unwrap();
    let mut d = vec![zero; numel];
    let mut bad = 0usize;
    Zip::from(mk_dst!(&mut d))
        .and(sv)
        .unwrap()
        .and(ixv)
        .unwrap()
        .and(svf)
        .unwrap()
        .and(sv)
        .unwrap()
        .for_each(|o, s, &n, f, s2| {
            count(s);
            let i = idx_of(shape, n as usize);
            let mut j = i;
            j[0] = shape[0] - 1 - i[0];
            let m = (0..N).fold(0, |acc, a| acc * shape[a] + j[a]);
            bad += usize::from(*s != want[n as usize] || *s2 != want[n as usize] || *f != want[m]);
            *o = s.add(*s2);
        });
    prop_assert_eq!(bad, 0, "zip5 items");
    let w2: Vec<T> = want.iter().map(|&x| x.add(x)).collect();
    prop_assert_eq!(mk_dst!(&mut d).to_vec(), w2, "zip5");

    // zip_with.
    let mut d = vec![zero; numel];
    mk_dst!(&mut d)
        .zip_with(&sv, |o, s| {
            count(s);
            *o = *s
        })
        .unwrap();
    prop_assert_eq!(mk_dst!(&mut d).to_vec(), want.clone(), "zip_with");

    // map_collect (operand 0 the index: the source is operand 1).
    let m = Zip::from(ixv).and(sv).unwrap().map_collect(|&n, s| {
        count(s);
        (n, *s)
    });
    let got = m.into_vec();
    let w: Vec<(u64, T)> = want
        .iter()
        .enumerate()
        .map(|(n, &x)| (n as u64, x))
        .collect();
    prop_assert_eq!(got, w, "map_collect");

    // par_for_each.
    #[cfg(feature = "rayon")]
    {
        let mut d = vec![zero; numel];
        let bad = AtomicUsize::new(0);
        Zip::from(mk_dst!(&mut d))
            .and(ixv)
            .unwrap()
            .and(sv)
            .unwrap()
            .par_for_each(|o, &n, s| {
                if *s != want[n as usize] {
                    bad.fetch_add(1, Ordering::Relaxed);
                }
                *o = *s;
            });
        prop_assert_eq!(bad.load(Ordering::Relaxed), 0, "par items");
        prop_assert_eq!(mk_dst!(&mut d).to_vec(), want.clone(), "par");
    }
    Ok(())
}

fn dim() -> impl Strategy<Value = usize> {
    prop_oneof![
        2 => 0usize..=3,
        5 => 1usize..=40,
        2 => 60usize..=140,
        1 => 250usize..=300,
    ]
}

// A stride of +-1 on axis `fast`, the others of random magnitude and
// sign (0 sometimes: broadcast).
fn layout<const N: usize>() -> impl Strategy<Value = ([usize; N], [isize; N], usize, usize)> {
    (
        proptest::array::uniform::<_, N>(dim()),
        0..N,
        any::<bool>(),
        proptest::array::uniform::<_, N>(prop_oneof![
            1 => Just(0isize),
            6 => 2isize..=400,
            1 => 1isize..=1,
        ]),
        proptest::array::uniform::<_, N>(any::<bool>()),
        0usize..70,
        0usize..70,
    )
        .prop_map(|(mut shape, fast, neg, mut mags, signs, lo, hi)| {
            mags[fast] = 1;
            let strides: [isize; N] =
                core::array::from_fn(|a| if signs[a] { -mags[a] } else { mags[a] });
            let mut strides = strides;
            strides[fast] = if neg { -1 } else { 1 };
            // Keep the element count moderate.
            while shape.iter().product::<usize>() > 40_000 {
                let a = (0..N).max_by_key(|&a| shape[a]).unwrap();
                shape[a] /= 2;
            }
            (shape, strides, lo, hi)
        })
}

fn perm<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    Just((0..N).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(|v| core::array::from_fn(|a| v[a]))
}

/// One case: the operand's (shape, strides, padding before, padding
/// after), the destination's axis permutation and flips, the element size.
type Case<const N: usize> = (
    ([usize; N], [isize; N], usize, usize),
    [usize; N],
    [bool; N],
    u8,
);

fn run<const N: usize>(
    ((shape, strides, lo, hi), dperm, dflip, size): Case<N>,
    level: u8,
) -> Result<(), TestCaseError> {
    use constrided::kernel::{force_level, Level};
    let _g = crate::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    force_level(Some(
        [Level::Portable, Level::Sse2, Level::Avx2, Level::Avx512][level as usize % 4],
    ));
    let r = match size {
        0 => check::<u8, N>(shape, strides, lo, hi, dperm, dflip),
        1 => check::<u16, N>(shape, strides, lo, hi, dperm, dflip),
        2 => check::<u32, N>(shape, strides, lo, hi, dperm, dflip),
        _ => check::<u64, N>(shape, strides, lo, hi, dperm, dflip),
    };
    force_level(None);
    r
}

// 384 cases per rank in release builds and with CONSTRIDED_FULL_TESTS
// (CI's `--all-features` step); 48 in the default debug `cargo test`
// (tests/README.md, Budget).
fn cases() -> u32 {
    if cfg!(debug_assertions) && std::env::var_os("CONSTRIDED_FULL_TESTS").is_none() {
        48
    } else {
        384
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_global_rejects: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn r10_flipped_fast_axis_rank2(c in (layout::<2>(), perm::<2>(), proptest::array::uniform::<_, 2>(any::<bool>()), 0u8..4), lv in 0u8..4) {
        run::<2>(c, lv)?;
    }

    #[test]
    fn r10_flipped_fast_axis_rank3(c in (layout::<3>(), perm::<3>(), proptest::array::uniform::<_, 3>(any::<bool>()), 0u8..4), lv in 0u8..4) {
        run::<3>(c, lv)?;
    }

    #[test]
    fn r10_flipped_fast_axis_rank4(c in (layout::<4>(), perm::<4>(), proptest::array::uniform::<_, 4>(any::<bool>()), 0u8..4), lv in 0u8..4) {
        run::<4>(c, lv)?;
    }
}

#[test]
fn r10_staged_share() {
    // Runs one rank-2 rotation so the counters are meaningful, and prints
    // them (the props above run in other threads; this is informative).
    let r = run::<2>((([150, 90], [-1, 157], 3, 5), [0, 1], [false, false], 2), 2);
    assert!(r.is_ok(), "{r:?}");
    let (s, c) = (
        STAGED.load(Ordering::Relaxed),
        CALLS.load(Ordering::Relaxed),
    );
    eprintln!("r10: {s} of {c} source items staged so far");
    assert!(s > 0, "the rotation was staged");
}

// Release sizes (1 MiB of operand 0, 64 lines per axis): the backwards
// strips on the source's lines (shift_b's flipped arm) at every line shift
// of the source's start, rows flipped alone and with the columns; every
// item and result against the model. Release only (debug runs align from
// 1 byte and the props above reach that path).
#[test]
#[cfg_attr(debug_assertions, ignore = "release sizes: release only")]
fn r10_release_sizes_every_line_shift() {
    fn each<T: E>(size: u8) {
        let b = 64 / size_of::<T>();
        let r = 64 * b + 3;
        let c = (64 * b).max((1 << 20) / (64 * b) / size_of::<T>()) + 5;
        let p = (r + 1) as isize;
        for lo in 0..b {
            for neg_c in [false, true] {
                let res = run::<2>(
                    (
                        ([r, c], [-1, if neg_c { -p } else { p }], lo, b - lo),
                        [0, 1],
                        [false, false],
                        size,
                    ),
                    2,
                );
                assert!(res.is_ok(), "size {size} lo {lo} neg_c {neg_c}: {res:?}");
            }
        }
    }
    each::<u64>(3);
    each::<u32>(2);
    each::<u16>(1);
}
