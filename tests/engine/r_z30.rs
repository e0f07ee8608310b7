//! r-z30 (review of z30): the walks z30 changed, attacked at every kernel
//! setting (`model::kernel_settings`: portable, SSE2, AVX2, AVX-512, with
//! streaming stores off and on) against the brute-force model.
//!
//! - `for_each_outer` (one call site of the body; `outer == 0` is one trip
//!   with step 0, the carry starts at `outer.saturating_sub(1)`): every
//!   kernel that reaches it (assign/copy, fill, map_inplace, zip_with,
//!   `Zip` for_each and fold, map, fold, sum, sum_axis) on layouts of rank
//!   1 to 8 with empty and size-1 axes, negative and zero strides, in
//!   partial buffers (the elements around the reach stay untouched).
//! - `fill` with a `Clone` that panics at a chosen call, on long runs
//!   (AVX2 `long_run`) at every level: every slot holds exactly one live
//!   value, none dropped twice; `par_fill` likewise (atomic counts).
//! - The halves of `split_at_mut` filled and assigned on two threads at
//!   once: neither kernel writes a position of its sibling (a wider store
//!   would lose the other thread's writes).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::kernel::{force_level, force_streaming};
use constrided::{Layout, StridedView, StridedViewMut, Zip};
use proptest::prelude::*;

use super::{model, SWITCHES};

/// Runs `f` under every kernel setting (holding the switches' lock).
fn every_setting(mut f: impl FnMut(&str)) {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        f(&format!("{level:?} {stream:?}"));
    }
    force_level(None);
    force_streaming(None);
}

/// A shape of rank `N` (empty and size-1 axes; long enough per rank that
/// many views are above the small-view size).
fn shape<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    let big = [0, 300, 24, 8, 5, 4, 3, 3, 3][N];
    proptest::array::uniform::<_, N>(prop_oneof![
        1 => Just(0usize),
        2 => Just(1usize),
        7 => 2usize..=big,
    ])
}

/// Strides of -3..=3 (zero included) with the smallest offset that keeps
/// every position non-negative, plus `extra`.
fn any_strides<const N: usize>(shape: [usize; N]) -> impl Strategy<Value = ([isize; N], usize)> {
    (proptest::array::uniform::<_, N>(-3isize..=3), 0usize..3).prop_map(move |(st, extra)| {
        let low: usize = (0..N)
            .map(|a| shape[a].saturating_sub(1) * if st[a] < 0 { st[a].unsigned_abs() } else { 0 })
            .sum();
        (st, low + extra)
    })
}

/// A shape with a unique destination layout and two source layouts.
#[allow(clippy::type_complexity)]
fn case<const N: usize>() -> impl Strategy<
    Value = (
        [usize; N],
        ([isize; N], usize),
        ([isize; N], usize),
        ([isize; N], usize),
    ),
> {
    shape::<N>().prop_flat_map(|s| {
        (
            Just(s),
            model::unique_strides(s),
            any_strides(s),
            any_strides(s),
        )
    })
}

fn pos<const N: usize>(st: [isize; N], off: usize, idx: [usize; N]) -> usize {
    model::position(st, off, idx) as usize
}

/// Every element-wise kernel on (dst, a, b) of one shape against the model.
fn kernels<const N: usize>(
    shape: [usize; N],
    (ds, doff): ([isize; N], usize),
    (a_s, aoff): ([isize; N], usize),
    (b_s, boff): ([isize; N], usize),
) {
    let dl = Layout::new(shape, ds, doff).unwrap();
    let al = Layout::new(shape, a_s, aoff).unwrap();
    let bl = Layout::new(shape, b_s, boff).unwrap();
    let a: Vec<u32> = (0..al.required_len() as u32 + 3)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let b: Vec<u32> = (0..bl.required_len() as u32 + 3)
        .map(|i| i.wrapping_mul(40_503) ^ 0x55)
        .collect();
    let dlen = dl.required_len() + 3;
    let init: Vec<u32> = (0..dlen as u32).map(|i| i * 7 + 1).collect();
    let idx = model::indices(shape);
    let av = StridedView::new(&a, al).unwrap();
    let bv = StridedView::new(&b, bl).unwrap();
    let a64: Vec<u64> = a.iter().map(|&x| u64::from(x)).collect();
    let a64v = StridedView::new(&a64, al).unwrap();
    let at = |i: [usize; N]| a[pos(a_s, aoff, i)];
    let bt = |i: [usize; N]| b[pos(b_s, boff, i)];
    // The model: `f(old, index)` at every reached position, the rest kept.
    let model_of = |f: &dyn Fn(u32, [usize; N]) -> u32| {
        let mut m = init.clone();
        for &i in &idx {
            let p = pos(ds, doff, i);
            m[p] = f(init[p], i);
        }
        m
    };
    every_setting(|set| {
        let msg = format!("{set} {dl:?} {al:?} {bl:?}");
        let mut d = init.clone();
        StridedViewMut::new(&mut d, dl)
            .unwrap()
            .assign(&av)
            .unwrap();
        assert_eq!(d, model_of(&|_, i| at(i)), "assign {msg}");

        let mut d = init.clone();
        StridedViewMut::new(&mut d, dl).unwrap().fill(0xdead_beef);
        assert_eq!(d, model_of(&|_, _| 0xdead_beef), "fill {msg}");

        let mut d = init.clone();
        StridedViewMut::new(&mut d, dl)
            .unwrap()
            .map_inplace(|x| *x = x.wrapping_mul(3) ^ 9);
        assert_eq!(
            d,
            model_of(&|x, _| x.wrapping_mul(3) ^ 9),
            "map_inplace {msg}"
        );

        let mut d = init.clone();
        StridedViewMut::new(&mut d, dl)
            .unwrap()
            .zip_with(&av, |x, &y| *x = x.wrapping_sub(y).rotate_left(3))
            .unwrap();
        assert_eq!(
            d,
            model_of(&|x, i| x.wrapping_sub(at(i)).rotate_left(3)),
            "zip_with {msg}"
        );

        let mut d = init.clone();
        {
            let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
            Zip::from(&mut dv)
                .and(&av)
                .unwrap()
                .and(&bv)
                .unwrap()
                .for_each(|x, &y, &z| *x = x.wrapping_add(y.wrapping_mul(z)));
        }
        assert_eq!(
            d,
            model_of(&|x, i| x.wrapping_add(at(i).wrapping_mul(bt(i)))),
            "Zip {msg}"
        );
        let got = Zip::from(&av)
            .and(&bv)
            .unwrap()
            .fold(0u64, |s, &y, &z| s + u64::from(y ^ z));
        let want: u64 = idx.iter().map(|&i| u64::from(at(i) ^ bt(i))).sum();
        assert_eq!(got, want, "Zip fold {msg}");

        let vals: Vec<u32> = idx.iter().map(|&i| at(i)).collect();
        assert_eq!(
            av.map(|&x| x ^ 0x0f0f).into_vec(),
            vals.iter().map(|x| x ^ 0x0f0f).collect::<Vec<_>>(),
            "map {msg}"
        );
        assert_eq!(
            av.fold(0u64, |s, &x| s + u64::from(x)),
            vals.iter().map(|&x| u64::from(x)).sum::<u64>(),
            "fold {msg}"
        );
        assert_eq!(
            a64v.sum(),
            vals.iter().map(|&x| u64::from(x)).sum::<u64>(),
            "sum {msg}"
        );
    });
}

/// `sum_axis` (rank N -> R) at every axis, against the model.
macro_rules! axis_sums {
    ($name:ident, $n:literal, $r:literal) => {
        fn $name(shape: [usize; $n], (st, off): ([isize; $n], usize)) {
            let l = Layout::new(shape, st, off).unwrap();
            let buf: Vec<u64> = (0..l.required_len() as u64 + 2)
                .map(|i| i.wrapping_mul(0x9e37_79b9) >> 20)
                .collect();
            let v = StridedView::new(&buf, l).unwrap();
            every_setting(|set| {
                for axis in 0..$n {
                    let got = v.sum_axis::<$r>(axis).unwrap().into_vec();
                    let rshape: [usize; $r] =
                        core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
                    let want: Vec<u64> = model::indices(rshape)
                        .into_iter()
                        .map(|o| {
                            (0..shape[axis]).fold(0u64, |s, i| {
                                let idx: [usize; $n] = model::insert_index(o, axis, i);
                                s + buf[pos(st, off, idx)]
                            })
                        })
                        .collect();
                    assert_eq!(got, want, "{set} {l:?} axis {axis}");
                }
            });
        }
    };
}

axis_sums!(axis_sums_2, 2, 1);
axis_sums!(axis_sums_3, 3, 2);
axis_sums!(axis_sums_5, 5, 4);
axis_sums!(axis_sums_8, 8, 7);

thread_local! {
    static ALIVE: Cell<isize> = const { Cell::new(0) };
    static CLONES: Cell<usize> = const { Cell::new(0) };
    static FAIL_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Counts the values alive on this thread; its `clone` panics at the armed
/// call (1-based).
#[derive(Debug)]
struct C(u64);

impl C {
    fn new(v: u64) -> Self {
        ALIVE.with(|a| a.set(a.get() + 1));
        C(v)
    }
}

impl Clone for C {
    fn clone(&self) -> Self {
        let k = CLONES.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        if k == FAIL_AT.with(Cell::get) {
            panic!("clone {k} fails");
        }
        C::new(self.0)
    }
}

impl Drop for C {
    fn drop(&mut self) {
        ALIVE.with(|a| a.set(a.get() - 1));
    }
}

fn alive() -> isize {
    ALIVE.with(Cell::get)
}

/// `fill` with a clone that panics at call `fail` under every setting:
/// unreached slots keep their values, reached ones hold the value or
/// their old one, one live value per slot, each dropped once.
fn fill_panics<const N: usize>(shape: [usize; N], (st, off): ([isize; N], usize), fail: usize) {
    let l = Layout::new(shape, st, off).unwrap();
    let reach: std::collections::HashSet<usize> = model::indices(shape)
        .into_iter()
        .map(|i| pos(st, off, i))
        .collect();
    let len = l.required_len() + 2;
    every_setting(|set| {
        let alive0 = alive();
        {
            let mut buf: Vec<C> = (0..len as u64).map(C::new).collect();
            let value = C::new(1 << 50);
            CLONES.with(|c| c.set(0));
            FAIL_AT.with(|f| f.set(fail));
            let r = catch_unwind(AssertUnwindSafe(|| {
                StridedViewMut::new(&mut buf, l)
                    .unwrap()
                    .fill(value.clone());
            }));
            FAIL_AT.with(|f| f.set(usize::MAX));
            let clones = CLONES.with(Cell::get);
            // One clone for the argument, at most one per reached element.
            assert_eq!(r.is_err(), fail <= clones, "{set} {l:?} fail {fail}");
            assert!(clones <= reach.len() + 1, "{set} {l:?}: {clones} clones");
            let mut set_count = 0;
            for (p, e) in buf.iter().enumerate() {
                if reach.contains(&p) && e.0 == 1 << 50 {
                    set_count += 1;
                } else {
                    assert_eq!(e.0, p as u64, "{set} {l:?} at {p}");
                }
            }
            if r.is_ok() {
                assert_eq!(set_count, reach.len(), "{set} {l:?}");
            }
            assert_eq!(
                alive(),
                alive0 + len as isize + 1,
                "{set} {l:?}: live values"
            );
            drop(value);
        }
        assert_eq!(alive(), alive0, "{set} {l:?}: every value dropped once");
    });
}

/// `map` into values with drop glue, the closure panicking at call
/// `stop`, under every setting: the written outputs are dropped exactly
/// once (the unwinding guard replays the walk's order), none twice.
fn map_panics<const N: usize>(shape: [usize; N], (st, off): ([isize; N], usize), stop: usize) {
    let l = Layout::new(shape, st, off).unwrap();
    let buf: Vec<u32> = (0..l.required_len() as u32 + 1).collect();
    let v = StridedView::new(&buf, l).unwrap();
    let n: usize = shape.iter().product();
    every_setting(|set| {
        let alive0 = alive();
        let mut calls = 0;
        let r = catch_unwind(AssertUnwindSafe(|| {
            v.map(|&x| {
                calls += 1;
                assert_ne!(calls, stop, "map closure {stop} fails");
                C::new(u64::from(x))
            })
        }));
        assert_eq!(r.is_err(), stop <= n, "{set} {l:?} stop {stop}");
        if let Ok(a) = r {
            let want: Vec<u64> = model::indices(shape)
                .into_iter()
                .map(|i| u64::from(buf[pos(st, off, i)]))
                .collect();
            assert_eq!(
                a.into_vec().iter().map(|c| c.0).collect::<Vec<_>>(),
                want,
                "{set} {l:?}"
            );
        }
        assert_eq!(
            alive(),
            alive0,
            "{set} {l:?} stop {stop}: outputs dropped once"
        );
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn r_z30_kernels_rank1_2_3((s1, d1, a1, b1) in case::<1>(), (s2, d2, a2, b2) in case::<2>(), (s3, d3, a3, b3) in case::<3>()) {
        kernels(s1, d1, a1, b1);
        kernels(s2, d2, a2, b2);
        kernels(s3, d3, a3, b3);
    }

    #[test]
    fn r_z30_kernels_rank4_5_6((s4, d4, a4, b4) in case::<4>(), (s5, d5, a5, b5) in case::<5>(), (s6, d6, a6, b6) in case::<6>()) {
        kernels(s4, d4, a4, b4);
        kernels(s5, d5, a5, b5);
        kernels(s6, d6, a6, b6);
    }

    #[test]
    fn r_z30_kernels_rank7_8((s7, d7, a7, b7) in case::<7>(), (s8, d8, a8, b8) in case::<8>()) {
        kernels(s7, d7, a7, b7);
        kernels(s8, d8, a8, b8);
    }

    #[test]
    fn r_z30_axis_sums(
        (s2, l2) in shape::<2>().prop_flat_map(|s| (Just(s), any_strides(s))),
        (s3, l3) in shape::<3>().prop_flat_map(|s| (Just(s), any_strides(s))),
        (s5, l5) in shape::<5>().prop_flat_map(|s| (Just(s), any_strides(s))),
        (s8, l8) in shape::<8>().prop_flat_map(|s| (Just(s), any_strides(s))),
    ) {
        axis_sums_2(s2, l2);
        axis_sums_3(s3, l3);
        axis_sums_5(s5, l5);
        axis_sums_8(s8, l8);
    }

    #[test]
    fn r_z30_map_panicking_closure_every_level(
        (s1, l1) in shape::<1>().prop_flat_map(|s| (Just(s), any_strides(s))),
        (s2, l2) in shape::<2>().prop_flat_map(|s| (Just(s), any_strides(s))),
        (s4, l4) in shape::<4>().prop_flat_map(|s| (Just(s), any_strides(s))),
        stop in 1usize..400,
    ) {
        map_panics(s1, l1, stop);
        map_panics(s2, l2, stop);
        map_panics(s4, l4, stop);
        // A transposed source (tiled walk, outer rank 0).
        map_panics(s2, ([1, s2[0].max(1) as isize], 0), stop);
    }

    #[test]
    fn r_z30_fill_panicking_clone_every_level(
        (s1, l1) in (16usize..300).prop_flat_map(|n| (Just([n]), model::unique_strides([n]))),
        (s2, l2) in (proptest::array::uniform2(1usize..40)).prop_flat_map(|s| (Just(s), model::unique_strides(s))),
        fail in 1usize..320,
    ) {
        fill_panics(s1, l1, fail);
        fill_panics(s2, l2, fail);
    }
}

/// Fills and assigns of the two halves of `split_at_mut` on two threads at
/// once, the sibling written meanwhile: a kernel that stored past its own
/// positions (a wide store over a gap, a read-modify-write of a whole
/// vector) would lose the other thread's values.
#[test]
fn r_z30_split_halves_written_on_two_threads() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        for (rows, cols, axis, at) in [
            (64usize, 64usize, 1usize, 17usize),
            (64, 64, 1, 32),
            (33, 100, 1, 50),
            (100, 33, 0, 49),
            (3, 1000, 1, 499),
        ] {
            let mut buf = vec![0u32; rows * cols];
            let src: Vec<u32> = (0..(rows * cols) as u32).collect();
            let sv = StridedView::new(&src, Layout::contiguous([rows, cols])).unwrap();
            let (s1, s2) = sv.split_at(axis, at).unwrap();
            let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([rows, cols])).unwrap();
            let (mut h1, mut h2) = v.split_at_mut(axis, at).unwrap();
            std::thread::scope(|sc| {
                sc.spawn(|| {
                    for k in 0..20u32 {
                        h1.fill(k + 1);
                        h1.map_inplace(|x| *x += 1);
                    }
                    h1.assign(&s1).unwrap();
                });
                sc.spawn(|| {
                    for k in 0..20u32 {
                        h2.fill(1000 + k);
                        h2.zip_with(&s2, |x, &y| *x = x.wrapping_add(y)).unwrap();
                    }
                    h2.assign(&s2.t().t()).unwrap();
                    h2.map_inplace(|x| *x = x.wrapping_mul(3));
                });
            });
            for r in 0..rows {
                for c in 0..cols {
                    let i = r * cols + c;
                    let second = if axis == 0 { r >= at } else { c >= at };
                    let want = if second { src[i] * 3 } else { src[i] };
                    assert_eq!(
                        buf[i], want,
                        "{level:?} {stream:?} {rows}x{cols} split {axis} at {at}: ({r}, {c})"
                    );
                }
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

/// `par_fill` with a `Clone` that panics at a chosen call (on any of
/// rayon's threads): each slot holds one live value, each dropped once.
#[cfg(feature = "rayon")]
#[test]
fn r_z30_par_fill_panicking_clone() {
    use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering::SeqCst};
    static LIVE: AtomicIsize = AtomicIsize::new(0);
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    static FAIL: AtomicUsize = AtomicUsize::new(usize::MAX);
    #[derive(Debug)]
    struct P(u64);
    impl P {
        fn new(v: u64) -> Self {
            LIVE.fetch_add(1, SeqCst);
            P(v)
        }
    }
    impl Clone for P {
        fn clone(&self) -> Self {
            let k = CALLS.fetch_add(1, SeqCst) + 1;
            if k == FAIL.load(SeqCst) {
                panic!("clone {k} fails");
            }
            P::new(self.0)
        }
    }
    impl Drop for P {
        fn drop(&mut self) {
            LIVE.fetch_sub(1, SeqCst);
        }
    }
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (shape, strides, off) in [
        ([300usize, 200usize], [200isize, 1isize], 0usize),
        ([300, 200], [-1, -300], 300 * 200 - 1),
        ([150, 150], [302, 2], 1),
    ] {
        let l = Layout::new(shape, strides, off).unwrap();
        let reach: std::collections::HashSet<usize> = model::indices(shape)
            .into_iter()
            .map(|i| pos(strides, off, i))
            .collect();
        for fail in [1usize, 2, 17, 5000, 29_999, 60_001, usize::MAX] {
            let live0 = LIVE.load(SeqCst);
            let len = l.required_len() + 2;
            {
                let mut buf: Vec<P> = (0..len as u64).map(P::new).collect();
                let value = P::new(1 << 50);
                CALLS.store(0, SeqCst);
                FAIL.store(fail, SeqCst);
                let r = catch_unwind(AssertUnwindSafe(|| {
                    StridedViewMut::new(&mut buf, l)
                        .unwrap()
                        .par_fill(value.clone());
                }));
                FAIL.store(usize::MAX, SeqCst);
                let calls = CALLS.load(SeqCst);
                assert_eq!(r.is_err(), fail <= calls, "{l:?} fail {fail}");
                let mut n = 0;
                for (p, e) in buf.iter().enumerate() {
                    if reach.contains(&p) && e.0 == 1 << 50 {
                        n += 1;
                    } else {
                        assert_eq!(e.0, p as u64, "{l:?} fail {fail} at {p}");
                    }
                }
                if r.is_ok() {
                    assert_eq!(n, reach.len(), "{l:?}");
                }
                assert_eq!(
                    LIVE.load(SeqCst),
                    live0 + len as isize + 1,
                    "{l:?} fail {fail}"
                );
                drop(value);
            }
            assert_eq!(LIVE.load(SeqCst), live0, "{l:?} fail {fail}: dropped once");
        }
    }
}
