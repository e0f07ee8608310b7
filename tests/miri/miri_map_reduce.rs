//! Adversarial cases for `map_reduce` (review): every element mapped
//! exactly once at a reached position (views of part of a buffer, negative,
//! zero strides, empty and size-1 axes, rank 0..8, static and mixed views),
//! panics of `map`, `combine` and `identity.clone()` at every call (no leak,
//! no double drop: a thread-local count of live partial results), ZSTs.
//!
//! `cargo +nightly miri test --test miri_map_reduce` (both borrow models).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{strided, Layout, StridedArray, StridedView};

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static CLONES: Cell<usize> = const { Cell::new(0) };
    static CLONE_PANIC_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn live() -> isize {
    LIVE.with(|c| c.get())
}

/// A partial result that owns heap memory and counts itself (boxed so that
/// even an empty one owns an allocation Miri would report as leaked).
#[allow(clippy::box_collection)]
#[derive(Debug, PartialEq)]
struct Tracked(Box<Vec<usize>>);

impl Tracked {
    fn new(v: Vec<usize>) -> Self {
        LIVE.with(|c| c.set(c.get() + 1));
        Tracked(Box::new(v))
    }
}
impl Clone for Tracked {
    fn clone(&self) -> Self {
        let k = CLONES.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        if k == CLONE_PANIC_AT.with(|c| c.get()) {
            panic!("clone {k}");
        }
        Tracked::new((*self.0).clone())
    }
}
impl Drop for Tracked {
    fn drop(&mut self) {
        LIVE.with(|c| c.set(c.get() - 1));
    }
}

fn concat(mut a: Tracked, b: Tracked) -> Tracked {
    let mut v = core::mem::take(&mut *a.0);
    v.extend_from_slice(&b.0);
    drop((a, b));
    Tracked::new(v)
}

/// The elements of `v` (positions in the buffer), in map_reduce's order,
/// against fold's (memory) order.
fn check<const N: usize>(v: &StridedView<'_, usize, N>) {
    check_with(v, true);
}

/// As [`check`]; `tracked` also reduces heap-owning partial results
/// (counted: no leak, no double drop). Their moves and drops do not depend
/// on the strides, only on the run lengths, so under Miri the callers
/// track a few layouts per shape and check the rest with plain integers
/// (allocations are most of Miri's time here).
fn check_with<const N: usize>(v: &StridedView<'_, usize, N>, tracked: bool) {
    let want = v.fold(Vec::new(), |mut a, &e| {
        a.push(e);
        a
    });
    if tracked {
        let before = live();
        let got = v.map_reduce(Tracked::new(vec![]), |&e| Tracked::new(vec![e]), concat);
        let mut g = got.0.to_vec();
        g.sort();
        let mut w = want.clone();
        w.sort();
        assert_eq!(g, w, "{:?} {:?}", v.shape(), v.strides());
        drop(got);
        assert_eq!(live(), before);
    }
    // Commutative and associative: the same as fold.
    let s = v.map_reduce(0u64, |&e| e as u64 * 3 + 1, |a, b| a.wrapping_add(b));
    assert_eq!(s, want.iter().map(|&e| e as u64 * 3 + 1).sum::<u64>());
}

/// A buffer of exactly `len` elements (numbered) cut out of a larger one,
/// so that a read outside it is a Miri error even where the big one is
/// readable.
fn window(len: usize) -> (Vec<usize>, core::ops::Range<usize>) {
    let big: Vec<usize> = (0..len + 10).map(|i| i.wrapping_sub(5)).collect();
    (big, 5..5 + len)
}

#[test]
fn one_axis_runs_around_the_thresholds() {
    let ns: &[usize] = if cfg!(miri) {
        // Either side of the lane path (runs of 32 and up) and of its
        // whole groups of 16.
        &[0, 1, 2, 31, 32, 33, 48, 49]
    } else {
        &[0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64, 65]
    };
    for &n in ns {
        for step in [1isize, 2, 3, -1, -2] {
            let len = if n == 0 {
                0
            } else {
                (n - 1) * step.unsigned_abs() + 1
            };
            let (big, r) = window(len);
            let off = if step < 0 && n > 0 { len - 1 } else { 0 };
            let l = Layout::new([n], [step], off).unwrap();
            // (Miri: heap-owning results for the unit and a negative step.)
            let tracked = !cfg!(miri) || step == 1 || step == -2;
            check_with(&StridedView::new(&big[r], l).unwrap(), tracked);
        }
        // zero stride: n reads of the same element
        let (big, r) = window(1);
        let l = Layout::new([n], [0], 0).unwrap();
        let v = StridedView::new(&big[r], l).unwrap();
        check(&v);
        assert_eq!(v.map_reduce(0usize, |_| 1, |a, b| a + b), n);
    }
}

#[test]
fn two_axes_transposed_flipped_gapped_broadcast() {
    for (r, c) in [
        (1usize, 1usize),
        (0, 40),
        (40, 0),
        (3, 33),
        (33, 3),
        (2, 48),
        (5, 7),
        (1, 47),
    ] {
        let len = r * (c + 2);
        let (big, rg) = window(len.max(1));
        let buf = &big[rg];
        let gap = Layout::new([r, c], [c as isize + 2, 1], 0).unwrap();
        let ls = [
            Layout::contiguous([r, c]),
            Layout::f_contiguous([r, c]),
            gap,
            gap.t(),
            Layout::new([r, c], [0, 1], 0).unwrap(),
            Layout::new([r, c], [1, 0], 0).unwrap(),
            Layout::new([r, c], [0, 0], 0).unwrap(),
        ];
        for (k, l) in ls.into_iter().enumerate() {
            // (Miri: heap-owning results for the contiguous and the gapped
            // transposed layouts only.)
            let tracked = !cfg!(miri) || k == 0 || k == 3;
            let v = StridedView::new(buf, l).unwrap();
            check_with(&v, tracked);
            if r > 0
                && c > 0
                && let (Ok(a), Ok(b)) = (l.flip(0), l.flip(1))
            {
                check_with(&StridedView::new(buf, a).unwrap(), !cfg!(miri));
                check_with(&StridedView::new(buf, b).unwrap(), !cfg!(miri));
            }
        }
    }
}

#[test]
fn ranks_zero_to_eight() {
    let (big, r) = window(1);
    let v = StridedView::new(&big[r.clone()], Layout::<0>::new([], [], 0).unwrap()).unwrap();
    assert_eq!(v.map_reduce(10usize, |&e| e, |a, b| a + b), 10);
    check(&v);
    // rank 8: 2x1x3x2x1x2x2x2 with a negative, a zero and a large stride
    let shape = [2usize, 1, 3, 2, 1, 2, 2, 2];
    let strides = [-100isize, 7, 1, 0, 5, 3, -6, 50];
    let l = Layout::new(shape, strides, 112).unwrap();
    let (big, rg) = window(l.required_len());
    check(&StridedView::new(&big[rg], l).unwrap());
    // rank 4 with an inner run of 40 and a reversed outer axis
    let l = Layout::new([3, 2, 1, 40], [-80, 40, 9, 1], 160).unwrap();
    let (big, rg) = window(l.required_len());
    check(&StridedView::new(&big[rg], l).unwrap());
}

#[test]
fn huge_empty_and_broadcast_shapes() {
    let (big, r) = window(1);
    for shape in [[usize::MAX, 0], [0, usize::MAX], [isize::MAX as usize, 0]] {
        if let Ok(l) = Layout::new(shape, [0, 0], 0) {
            let v = StridedView::new(&big[r.clone()], l).unwrap();
            assert_eq!(v.map_reduce(7u8, |_| 1, |a, b| a + b), 7);
        }
    }
}

#[test]
fn static_and_mixed_views() {
    let buf: [usize; 24] = core::array::from_fn(|i| i);
    let v = strided!(&buf; shape = (4, 6));
    let s = v.map_reduce(0usize, |&e| e, |a, b| a + b);
    assert_eq!(s, (0..24).sum());
    let t = v.flip_axis::<1>().slice_axis::<0, 1, 4, 2>().t();
    let s = t.map_reduce(0usize, |&e| e, |a, b| a + b);
    assert_eq!(s, t.fold(0, |a, &e| a + e));
    let r: [usize; 2] = [5, 9];
    let z = strided!(&r; shape = (40, 2), strides = (0, 1));
    assert_eq!(z.map_reduce(0usize, |&e| e, |a, b| a + b), 40 * 14);
    let (h, pitch) = (3usize, 8isize);
    let m = strided!(&buf[..]; shape = (dyn h, 2), strides = (dyn pitch, 2)).unwrap();
    assert_eq!(
        m.map_reduce(0usize, |&e| e, |a, b| a + b),
        m.fold(0, |a, &e| a + e)
    );
    let before = live();
    let g = m.map_reduce(Tracked::new(vec![]), |&e| Tracked::new(vec![e]), concat);
    assert_eq!(g.0.len(), 6);
    drop(g);
    assert_eq!(live(), before);
}

fn panicking_run(l: Layout<2>, map_at: usize, combine_at: usize, clone_at: usize) -> bool {
    let (big, rg) = window(l.required_len());
    let v = StridedView::new(&big[rg], l).unwrap();
    let before = live();
    CLONES.with(|c| c.set(0));
    CLONE_PANIC_AT.with(|c| c.set(clone_at));
    let (mut m, mut k) = (0usize, 0usize);
    let r = catch_unwind(AssertUnwindSafe(|| {
        v.map_reduce(
            Tracked::new(vec![]),
            |&e| {
                m += 1;
                if m == map_at {
                    panic!("map {m}");
                }
                Tracked::new(vec![e])
            },
            |a, b| {
                k += 1;
                if k == combine_at {
                    panic!("combine {k}");
                }
                concat(a, b)
            },
        )
    }));
    CLONE_PANIC_AT.with(|c| c.set(usize::MAX));
    let panicked = r.is_err();
    drop(r);
    assert_eq!(
        live(),
        before,
        "leak or double drop: {map_at} {combine_at} {clone_at}"
    );
    panicked
}

#[test]
fn panics_at_every_call() {
    let ls = [
        Layout::contiguous([1, 33]),
        Layout::contiguous([2, 20]),
        Layout::new([2, 33], [-40, -1], 72).unwrap(),
        Layout::new([3, 40], [1, 3], 0).unwrap(),
    ];
    // (Miri: the lane path, contiguous and reversed, only.)
    let ls = if cfg!(miri) { &ls[..1] } else { &ls[..] };
    let ls = ls
        .iter()
        .copied()
        .chain(cfg!(miri).then(|| Layout::new([1, 32], [0, -2], 62).unwrap()));
    // (Miri: every third call, so that unwinding stays within CI's time.)
    let step = if cfg!(miri) { 3 } else { 1 };
    for l in ls {
        let mut i = 1;
        while panicking_run(l, i, usize::MAX, usize::MAX) {
            i += step;
        }
        let mut i = 1;
        while panicking_run(l, usize::MAX, i, usize::MAX) {
            i += step;
        }
        let mut i = 1;
        while panicking_run(l, usize::MAX, usize::MAX, i) {
            i += step;
        }
    }
}

#[test]
fn zero_sized_elements_and_results() {
    struct Z;
    impl Clone for Z {
        fn clone(&self) -> Self {
            LIVE.with(|c| c.set(c.get() + 1));
            Z
        }
    }
    impl Drop for Z {
        fn drop(&mut self) {
            LIVE.with(|c| c.set(c.get() - 1));
        }
    }
    let units = vec![(); 100];
    let before = live();
    for l in [
        Layout::contiguous([100]),
        Layout::new([50], [2], 0).unwrap(),
        Layout::new([100], [-1], 99).unwrap(),
    ] {
        let v = StridedView::new(&units, l).unwrap();
        assert_eq!(
            v.map_reduce(0usize, |_| 1, |a, b| a + b),
            l.shape().iter().product()
        );
        LIVE.with(|c| c.set(c.get() + 1));
        let z = v.map_reduce(
            Z,
            |_| {
                LIVE.with(|c| c.set(c.get() + 1));
                Z
            },
            |a, b| {
                drop(b);
                a
            },
        );
        drop(z);
        assert_eq!(live(), before);
    }
    // A broadcast axis (Miri: runs of 33, one past the lane path's edge).
    let b = if cfg!(miri) { 33 } else { 1000 };
    let w = StridedView::new(&units, Layout::new([100, b], [1, 0], 0).unwrap()).unwrap();
    assert_eq!(w.map_reduce(0usize, |_| 1, |a, b| a + b), 100 * b);
    let a = StridedArray::from_vec([2, 50], vec![(); 100]).unwrap();
    assert_eq!(a.map_reduce((), |_| (), |_, _| ()), ());
}

/// `map` may mutate other elements through a `Cell` while the reduction
/// reads them (shared references only).
#[test]
fn interior_mutability_during_the_reduction() {
    let buf: Vec<Cell<u32>> = (0..70).map(Cell::new).collect();
    let v = StridedView::new(&buf, Layout::contiguous([70])).unwrap();
    let s = v.map_reduce(
        0u64,
        |c| {
            let x = c.get();
            buf[69 - (x as usize % 70)].set(0);
            x as u64
        },
        |a, b| a + b,
    );
    let _ = s;
}

/// A combine that is associative but not commutative (concatenation) sees
/// every element once, in an unspecified order (documented: combine must
/// be commutative too): the chains deal elements out round-robin.
#[test]
fn non_commutative_combine_sees_every_element_once() {
    let x: Vec<usize> = (0..40).collect();
    let v = StridedView::new(&x, Layout::contiguous([40])).unwrap();
    let mut got = v.map_reduce(
        Vec::new(),
        |&e| vec![e],
        |mut a, b| {
            a.extend(b);
            a
        },
    );
    got.sort_unstable();
    assert_eq!(got, x);
}

/// Non-empty shapes near the limit with zero strides: the run arithmetic
/// (`n / 16 * 16`, `j as isize * 0`) must not overflow before the first
/// elements are mapped (the map stops the run after 100 calls).
#[test]
fn huge_broadcast_runs_start_normally() {
    let x = [3u8];
    let mut accepted = 0;
    for n in [
        usize::MAX,
        usize::MAX - 1,
        isize::MAX as usize,
        isize::MAX as usize + 1,
        1 << 40,
    ] {
        for shape in [[n, 1], [1, n]] {
            let Ok(l) = Layout::new(shape, [0, 0], 0) else {
                continue;
            };
            accepted += 1;
            let v = StridedView::new(&x, l).unwrap();
            let mut calls = 0usize;
            let r = catch_unwind(AssertUnwindSafe(|| {
                v.map_reduce(
                    0u64,
                    |&e| {
                        calls += 1;
                        if calls == 100 {
                            panic!("enough");
                        }
                        e as u64
                    },
                    |a, b| a + b,
                )
            }));
            assert!(r.is_err());
            assert_eq!(calls, 100);
        }
    }
    assert!(accepted > 0);
}
