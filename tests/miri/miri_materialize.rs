//! Issue 27 (part A) under Miri (small sizes): `to_owned` / `to_vec` of
//! plain element types through the copy engine into uninitialised memory
//! (transposes, flips, step-2 slices, broadcasts, views of part of a
//! buffer, sizes past the engine's small-copy and tile thresholds as Miri
//! builds them); element-wise materialisation with a `Clone` that panics
//! part-way (every element cloned so far is dropped once, nothing else:
//! no double drop, no leak — Miri reports leaks); the operators' kernel
//! with an `Sub` that panics part-way; `uninit` + `assume_init`; the axis
//! folds' whole-row paths.

use std::cell::Cell;
use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{s, Layout, StridedArray, StridedView};

fn views<T>(buf: &[T], r: usize, c: usize) -> Vec<StridedView<'_, T, 2>> {
    let base = StridedView::new(&buf[1..], Layout::contiguous([r, c])).unwrap();
    vec![
        base,
        StridedView::new(buf, Layout::f_contiguous([r, c])).unwrap(),
        base.flip(0).unwrap().flip(1).unwrap(),
        base.slice(s![..;2, ..;-1]).unwrap(),
        base.slice(s![..1, ..])
            .unwrap()
            .broadcast_to([3, c])
            .unwrap(),
        base.t().t(),
    ]
}

fn check_plain<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T) {
    for (r, c) in [(2, 3), (5, 7), (9, 20)] {
        let buf: Vec<T> = (0..r * c + 3).map(&make).collect();
        for v in views(&buf, r, c) {
            let want: Vec<T> = v.iter().copied().collect();
            assert_eq!(v.to_owned().as_slice(), &want[..]);
            assert_eq!(v.to_vec(), want);
            let t = v.t();
            let want: Vec<T> = t.iter().copied().collect();
            assert_eq!(t.into_owned().into_vec(), want);
        }
    }
}

#[test]
fn plain_types_through_the_copy_engine() {
    check_plain(|i| i as u8);
    check_plain(|i| i as u16);
    check_plain(|i| i as f32);
    check_plain(|i| i as u64);
    check_plain(|i| i as u128);
}

thread_local! {
    static CLONES: Cell<usize> = const { Cell::new(0) };
    static DROPS: Cell<usize> = const { Cell::new(0) };
    static PANIC_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

// A Clone-only element (owns heap memory) whose clone panics on the
// PANIC_AT-th call, counting clones and drops.
#[derive(Debug, PartialEq)]
struct Tracked(Box<u32>);

impl Clone for Tracked {
    fn clone(&self) -> Self {
        let n = CLONES.with(|c| c.get());
        if n == PANIC_AT.with(|p| p.get()) {
            panic!("clone {n} fails");
        }
        CLONES.with(|c| c.set(n + 1));
        Tracked(Box::new(*self.0))
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        DROPS.with(|d| d.set(d.get() + 1));
    }
}

impl core::ops::Sub for Tracked {
    type Output = Tracked;
    fn sub(self, o: Tracked) -> Tracked {
        Tracked(Box::new(self.0.wrapping_sub(*o.0)))
    }
}

fn reset(panic_at: usize) {
    CLONES.with(|c| c.set(0));
    DROPS.with(|d| d.set(0));
    PANIC_AT.with(|p| p.set(panic_at));
}

#[test]
fn panicking_clone_drops_each_clone_once() {
    let (r, c) = (4, 5);
    let buf: Vec<Tracked> = (0..r * c + 3)
        .map(|i| Tracked(Box::new(i as u32)))
        .collect();
    for v in views(&buf, r, c) {
        let n = v.numel();
        for k in [0, 1, n / 2, n - 1] {
            reset(k);
            let got = catch_unwind(AssertUnwindSafe(|| v.to_owned()));
            assert!(got.is_err());
            // k clones succeeded, and each of them was dropped once.
            assert_eq!(CLONES.with(|c| c.get()), k);
            assert_eq!(DROPS.with(|d| d.get()), k);
            reset(k);
            assert!(catch_unwind(AssertUnwindSafe(|| v.to_vec())).is_err());
            assert_eq!(DROPS.with(|d| d.get()), k);
        }
        reset(usize::MAX);
        let a = v.to_owned();
        assert_eq!(a.as_slice(), v.iter().cloned().collect::<Vec<_>>());
    }
}

#[test]
fn panicking_operator_drops_each_result_once() {
    let (r, c) = (4, 5);
    let a: Vec<Tracked> = (0..r * c)
        .map(|i| Tracked(Box::new(100 + i as u32)))
        .collect();
    let b: Vec<Tracked> = (0..c).map(|i| Tracked(Box::new(i as u32))).collect();
    let av = StridedView::from_shape([r, c], &a).unwrap();
    let row = StridedView::from_shape([1, c], &b).unwrap();
    // Each element clones both operands (2 clones), then `-` drops both
    // clones and makes the result.
    for k in [0, 1, 7, 2 * r * c - 1] {
        reset(k);
        assert!(catch_unwind(AssertUnwindSafe(|| &av.t() - &row.t())).is_err());
        // Every clone was dropped once (consumed by `-`, or the pending
        // left clone when the right one panicked), and every result made
        // was dropped once: 2 drops per finished element, plus one for a
        // panic on the right operand's clone.
        let done = k / 2;
        assert_eq!(DROPS.with(|d| d.get()), 2 * done + done + k % 2);
    }
    reset(usize::MAX);
    let d = &av - &row;
    let want: Vec<u32> = (0..r * c)
        .map(|i| 100 + i as u32 - (i % c) as u32)
        .collect();
    assert_eq!(d.as_slice().iter().map(|t| *t.0).collect::<Vec<_>>(), want);
}

#[test]
fn uninit_then_assume_init() {
    let x: Vec<u16> = (0..15).collect();
    let src = StridedView::from_shape([3, 5], &x).unwrap();
    let mut u = StridedArray::<MaybeUninit<u16>, 2>::uninit([5, 3]);
    u.view_mut()
        .zip_with(&src.t(), |d, &e| {
            d.write(e);
        })
        .unwrap();
    // SAFETY: zip_with visited every index.
    let a = unsafe { u.assume_init() };
    assert_eq!(a.view(), src.t());
    let mut u = StridedArray::<MaybeUninit<String>, 1>::uninit([3]);
    for (i, e) in u.as_mut_slice().iter_mut().enumerate() {
        e.write(i.to_string());
    }
    // SAFETY: all written above.
    let s = unsafe { u.assume_init() };
    assert_eq!(s.into_vec(), ["0", "1", "2"]);
    // Dropped without assume_init: MaybeUninit drops nothing (no leak of
    // the buffer itself).
    drop(StridedArray::<MaybeUninit<String>, 2>::uninit([2, 2]));
}

#[test]
fn axis_folds_whole_rows() {
    // Rows of 520 f64 (> 4 KiB): the four-rows-per-pass path; and short rows.
    for (r, c) in [(6, 520), (5, 7)] {
        let x: Vec<f64> = (0..r * c).map(|i| ((i * 37) % 101) as f64).collect();
        let v = StridedView::from_shape([r, c], &x).unwrap();
        let m: StridedArray<f64, 1> = v.min_axis(0).unwrap();
        let want: Vec<f64> = (0..c)
            .map(|j| (0..r).map(|i| x[i * c + j]).fold(f64::INFINITY, f64::min))
            .collect();
        assert_eq!(m.as_slice(), &want[..]);
        let f: StridedArray<f64, 1> = v.fold_axis(0, 0.0, |&s, &e| s + e).unwrap();
        let want: Vec<f64> = (0..c).map(|j| (0..r).map(|i| x[i * c + j]).sum()).collect();
        assert_eq!(f.as_slice(), &want[..]);
    }
}
