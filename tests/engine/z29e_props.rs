//! z29e: the staged walk's strips as zip_with (and `Zip` of 2 operands)
//! run them — inlined into the caller, the outer plan of rank 0 walked as
//! its unit axis — and as `Zip` of 3 runs them (out of line), against the
//! brute-force model: rank 2 and 3, flipped axes, an empty or size-1 axis,
//! the source a view of part of a buffer, and a closure that panics at a
//! chosen call, with a destination type that counts its drops (the staged
//! source is plain, the destination need not be).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use proptest::prelude::*;

thread_local! {
    static DROPS: Cell<usize> = const { Cell::new(0) };
}

/// A destination element that is not plain and counts its drops.
#[derive(Debug, PartialEq)]
struct D(u64);

impl Drop for D {
    fn drop(&mut self) {
        DROPS.with(|c| c.set(c.get() + 1));
    }
}

// `mode` 0: zip_with(d, s); 1: Zip of (d, s); 2: Zip of (d, a, s), a
// contiguous. The source is transposed against the row-major
// destination (stride 1 along axis `N - 2`), axes flipped where `flips`
// says, `lead` elements before it and `tail` after it in its buffer; the
// closure panics at call `stop` (never if past the end).
fn check<const N: usize>(
    shape: [usize; N],
    flips: [bool; N],
    lead: usize,
    tail: usize,
    stop: usize,
    mode: u8,
) {
    let n: usize = shape.iter().product();
    // Source strides: axis N-2 fastest, then N-1, then the outer axes.
    let mut order: Vec<usize> = (0..N).collect();
    order.swap(N - 2, N - 1);
    let mut strides = [0isize; N];
    let mut step = 1isize;
    for &a in order.iter().rev() {
        strides[a] = step;
        step *= shape[a].max(1) as isize;
    }
    let mut sl = Layout::new(shape, strides, lead).unwrap();
    for (a, &f) in flips.iter().enumerate() {
        if f {
            sl = sl.flip(a).unwrap();
        }
    }
    let src: Vec<u32> = (0..sl.required_len() + tail)
        .map(|i| (i as u32).wrapping_mul(7) + 1)
        .collect();
    let dl = Layout::contiguous(shape);
    let a: Vec<u32> = (0..n as u32).map(|i| 3 * i).collect();
    let mut d: Vec<D> = (0..n as u64).map(D).collect();
    let (drops0, mut calls) = (DROPS.with(Cell::get), 0usize);
    let mut f = |d: &mut D, a: u32, s: u32| {
        calls += 1;
        if calls == stop {
            panic!("stop at {stop}");
        }
        d.0 = d.0 * 5 + u64::from(a) + u64::from(s) + 1;
    };
    let sv = StridedView::new(&src, sl).unwrap();
    let av = StridedView::new(&a, dl).unwrap();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
        match mode {
            0 => dv.zip_with(&sv, |d, &s| f(d, 0, s)).unwrap(),
            1 => Zip::from(&mut dv)
                .and(sv)
                .unwrap()
                .for_each(|d, &s| f(d, 0, s)),
            _ => Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(sv)
                .unwrap()
                .for_each(|d, &a, &s| f(d, a, s)),
        }
    }));
    let done = if stop <= n { stop - 1 } else { n };
    assert_eq!(r.is_err(), stop <= n, "{shape:?} mode {mode}: panicked");
    assert_eq!(calls, done.min(n) + usize::from(stop <= n));
    // Every element is either untouched or updated once, as the model says.
    let mut changed = 0;
    let mut idx = [0usize; N];
    for i in 0..n {
        let mut rem = i;
        for ax in (0..N).rev() {
            idx[ax] = rem % shape[ax];
            rem /= shape[ax];
        }
        let sp: isize = sl.offset() as isize
            + idx
                .iter()
                .zip(sl.strides())
                .map(|(&x, s)| x as isize * s)
                .sum::<isize>();
        let aa = if mode == 2 { u64::from(a[i]) } else { 0 };
        let want = i as u64 * 5 + aa + u64::from(src[sp as usize]) + 1;
        if d[i].0 != i as u64 {
            assert_eq!(d[i].0, want, "{shape:?} mode {mode} at {idx:?}");
            changed += 1;
        }
    }
    assert_eq!(changed, done, "{shape:?} mode {mode}: elements updated");
    assert_eq!(DROPS.with(Cell::get), drops0, "nothing dropped by the walk");
    drop(d);
    assert_eq!(
        DROPS.with(Cell::get),
        drops0 + n,
        "each element dropped once"
    );
}

fn extent() -> impl Strategy<Value = usize> {
    prop_oneof![Just(0usize), Just(1), 2usize..5, 15usize..18, 31usize..34]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 }))]

    #[test]
    fn staged_strips_rank2_panics_and_drops(
        s in proptest::array::uniform2(extent()),
        flips in proptest::array::uniform2(any::<bool>()),
        lead in 0usize..3, tail in 0usize..3,
        stop in 1usize..1200, mode in 0u8..3,
    ) {
        check(s, flips, lead, tail, stop, mode);
    }

    #[test]
    fn staged_strips_rank3_panics_and_drops(
        s in (prop_oneof![Just(0usize), Just(1), 2usize..4], extent(), extent()),
        flips in proptest::array::uniform3(any::<bool>()),
        lead in 0usize..3, tail in 0usize..3,
        stop in 1usize..2400, mode in 0u8..3,
    ) {
        check([s.0, s.1, s.2], flips, lead, tail, stop, mode);
    }
}
