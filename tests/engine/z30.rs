//! z30: the walks whose code changed in this round, against the brute-force
//! model: `for_each_outer` calls its body at one place (an outer plan of
//! rank 0 is one trip of its counted loop: 1-D views above the small-view
//! size, rank-2 reductions and tiles), `zip_with` runs its planned walk
//! through `engine::avx2_apart`, and `fill` runs long runs through
//! `long_run` and small views inline. Layouts with negative and zero
//! strides, empty and size-1 axes, partial buffers (elements before and
//! after the view stay untouched), and closures (or `Clone`s) that panic
//! at a chosen call, with element types that count their drops.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, StridedViewMut};
use proptest::prelude::*;

use super::model;

thread_local! {
    static ALIVE: Cell<isize> = const { Cell::new(0) };
    static CLONES: Cell<usize> = const { Cell::new(0) };
    static CLONE_FAILS_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// An element with drop glue that counts the values alive on this thread,
/// and whose `clone` panics at the armed call.
#[derive(Debug, PartialEq)]
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
        if k == CLONE_FAILS_AT.with(Cell::get) {
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

/// Shapes of rank `N` whose element count is often above the small-view
/// size (64), with empty and size-1 axes.
fn shape<const N: usize>() -> impl Strategy<Value = [usize; N]> {
    let big = if N == 1 {
        200
    } else if N == 2 {
        14
    } else {
        6
    };
    proptest::array::uniform::<_, N>(prop_oneof![
        1 => Just(0usize),
        1 => Just(1usize),
        6 => 2usize..=big,
    ])
}

/// The positions of `l`'s indices in row-major order.
fn reached<const N: usize>(l: &Layout<N>) -> Vec<usize> {
    model::positions(l.shape(), l.strides(), l.offset())
        .into_iter()
        .map(|p| p as usize)
        .collect()
}

// `fill` of a unique layout of `shape` in a buffer with `lead` / `tail`
// elements around its reach; `fail`: the clone that panics (1-based), or
// none. Every reached element is the value or (after a panic) its old
// value, the others keep theirs; nothing leaks or is dropped twice.
fn fill_case<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
    tail: usize,
    fail: Option<usize>,
) {
    let l = Layout::new(shape, strides, offset).unwrap();
    let len = l.required_len() + tail;
    let reach = reached(&l);
    let alive0 = alive();
    {
        let mut buf: Vec<C> = (0..len as u64).map(C::new).collect();
        CLONES.with(|c| c.set(0));
        CLONE_FAILS_AT.with(|f| f.set(fail.unwrap_or(usize::MAX)));
        let value = C::new(1 << 40);
        let r = catch_unwind(AssertUnwindSafe(|| {
            StridedViewMut::new(&mut buf, l)
                .unwrap()
                .fill(value.clone());
        }));
        CLONE_FAILS_AT.with(|f| f.set(usize::MAX));
        let clones = CLONES.with(Cell::get);
        let failed = fail.is_some_and(|k| k <= reach.len() + 1);
        assert_eq!(r.is_err(), failed, "{l:?} fail {fail:?}");
        let mut set = 0;
        for (p, e) in buf.iter().enumerate() {
            if reach.contains(&p) && e.0 == 1 << 40 {
                set += 1;
            } else {
                assert_eq!(e.0, p as u64, "{l:?} at {p}");
            }
        }
        if failed {
            // The element being written when a clone panicked keeps its
            // old value (the last of a run is moved in, never cloned).
            // (An empty layout: the value is cloned once and nothing set.)
            assert!(
                set < reach.len() || reach.is_empty(),
                "{l:?}: {set} set, {clones} clones"
            );
        } else {
            assert_eq!(set, reach.len(), "{l:?}");
        }
        drop(value);
        assert_eq!(alive(), alive0 + len as isize, "{l:?}: one value per slot");
    }
    assert_eq!(alive(), alive0, "{l:?}: every value dropped once");
}

// `zip_with(d, s)` with a unique destination layout and a source of the
// same shape at any strides (negative, zero), in buffers with `tail`
// spare elements; the closure panics at call `stop` (1-based; never if
// past the end). Each reached destination element is updated once or
// not at all, exactly `stop - 1` of them before a panic.
#[allow(clippy::too_many_arguments)]
fn zip_case<const N: usize>(
    shape: [usize; N],
    dstrides: [isize; N],
    doff: usize,
    sstrides: [isize; N],
    soff: usize,
    tail: usize,
    stop: usize,
) {
    let dl = Layout::new(shape, dstrides, doff).unwrap();
    let sl = Layout::new(shape, sstrides, soff).unwrap();
    let n: usize = shape.iter().product();
    let src: Vec<u32> = (0..sl.required_len() + tail)
        .map(|i| (i as u32).wrapping_mul(7) + 3)
        .collect();
    let dlen = dl.required_len() + tail;
    let alive0 = alive();
    {
        let mut d: Vec<C> = (0..dlen as u64).map(C::new).collect();
        let mut calls = 0usize;
        let r = catch_unwind(AssertUnwindSafe(|| {
            let sv = StridedView::new(&src, sl).unwrap();
            let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
            dv.zip_with(&sv, |d, &s| {
                calls += 1;
                if calls == stop {
                    panic!("stop at {stop}");
                }
                d.0 = d.0 * 5 + u64::from(s) + 1;
            })
            .unwrap();
        }));
        assert_eq!(r.is_err(), stop <= n, "{dl:?} {sl:?}");
        let done = if stop <= n { stop - 1 } else { n };
        let (dp, sp) = (reached(&dl), reached(&sl));
        let mut changed = 0;
        for (p, e) in d.iter().enumerate() {
            match dp.iter().position(|&q| q == p) {
                Some(i) if e.0 != p as u64 => {
                    assert_eq!(
                        e.0,
                        p as u64 * 5 + u64::from(src[sp[i]]) + 1,
                        "{dl:?} {sl:?}"
                    );
                    changed += 1;
                }
                Some(_) => {}
                None => assert_eq!(e.0, p as u64, "{dl:?}: unreached {p} written"),
            }
        }
        assert_eq!(changed, done, "{dl:?} {sl:?}: elements updated");
        assert_eq!(alive(), alive0 + dlen as isize, "{dl:?}: nothing dropped");
    }
    assert_eq!(alive(), alive0, "every value dropped once");
}

// The read-only walks of one operand and the axis reductions on a layout
// of any strides (negative, zero), against the model: a 1-D view above
// the small-view size is an outer plan of rank 0 (one trip of
// for_each_outer's counted loop), as is a rank-2 reduction's.
fn reads_case<const N: usize, const R: usize>(shape: [usize; N], strides: [isize; N], offset: usize)
where
    for<'a> StridedView<'a, u64, N>: SumAxis,
{
    let l = Layout::new(shape, strides, offset).unwrap();
    let buf: Vec<u64> = (0..l.required_len() as u64 + 2)
        .map(|i| i * 3 + 1)
        .collect();
    let v = StridedView::new(&buf, l).unwrap();
    let vals: Vec<u64> = reached(&l).into_iter().map(|p| buf[p]).collect();
    assert_eq!(v.sum(), vals.iter().sum::<u64>(), "{l:?}");
    assert_eq!(
        v.fold(0u64, |a, &x| a + x * x),
        vals.iter().map(|x| x * x).sum(),
        "{l:?}"
    );
    assert_eq!(
        v.map(|&x| x + 1).into_vec(),
        vals.iter().map(|x| x + 1).collect::<Vec<_>>()
    );
    if R + 1 == N {
        for axis in 0..N {
            let got = sum_axis(v, axis);
            let rshape: [usize; R] =
                core::array::from_fn(|k| shape[if k < axis { k } else { k + 1 }]);
            let want: Vec<u64> = model::indices(rshape)
                .into_iter()
                .map(|o| {
                    (0..shape[axis])
                        .map(|i| {
                            let idx: [usize; N] = model::insert_index(o, axis, i);
                            buf[model::position(strides, offset, idx) as usize]
                        })
                        .sum()
                })
                .collect();
            assert_eq!(got, want, "{l:?} axis {axis}");
        }
    }
}

// `sum_axis` of a view of rank 1 or 2, as a vector (the rank is a const
// bound of `sum_axis`, so one function per rank).
trait SumAxis {
    fn sum_axis_vec(self, axis: usize) -> Vec<u64>;
}

impl SumAxis for StridedView<'_, u64, 1> {
    fn sum_axis_vec(self, axis: usize) -> Vec<u64> {
        self.sum_axis::<0>(axis).unwrap().into_vec()
    }
}

impl SumAxis for StridedView<'_, u64, 2> {
    fn sum_axis_vec(self, axis: usize) -> Vec<u64> {
        self.sum_axis::<1>(axis).unwrap().into_vec()
    }
}

fn sum_axis(v: impl SumAxis, axis: usize) -> Vec<u64> {
    v.sum_axis_vec(axis)
}

// `map_inplace` of a unique layout in a partial buffer, against the model.
fn map_inplace_case<const N: usize>(shape: [usize; N], strides: [isize; N], offset: usize) {
    let l = Layout::new(shape, strides, offset).unwrap();
    let len = l.required_len() + 3;
    let mut buf: Vec<u32> = (0..len as u32).collect();
    StridedViewMut::new(&mut buf, l)
        .unwrap()
        .map_inplace(|x| *x = *x * 2 + 1);
    let reach = reached(&l);
    for (p, &e) in buf.iter().enumerate() {
        let want = if reach.contains(&p) {
            p as u32 * 2 + 1
        } else {
            p as u32
        };
        assert_eq!(e, want, "{l:?} at {p}");
    }
}

fn unique<const N: usize>() -> impl Strategy<Value = ([usize; N], [isize; N], usize)> {
    shape::<N>().prop_flat_map(|s| model::unique_strides(s).prop_map(move |(st, o)| (s, st, o)))
}

/// Any strides of -3..=3 (zero included) with an offset that keeps every
/// position in the buffer.
fn any_strides<const N: usize>(shape: [usize; N]) -> impl Strategy<Value = ([isize; N], usize)> {
    proptest::array::uniform::<_, N>(-3isize..=3).prop_map(move |st| {
        let low: usize = (0..N)
            .map(|a| shape[a].saturating_sub(1) * if st[a] < 0 { st[a].unsigned_abs() } else { 0 })
            .sum();
        (st, low)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fill_rank1((s, st, o) in unique::<1>(), tail in 0usize..3, fail in proptest::option::of(1usize..260)) {
        fill_case(s, st, o, tail, fail);
    }

    #[test]
    fn fill_rank2_and_3(
        (s2, st2, o2) in unique::<2>(), (s3, st3, o3) in unique::<3>(),
        tail in 0usize..3, fail in proptest::option::of(1usize..260),
    ) {
        fill_case(s2, st2, o2, tail, fail);
        fill_case(s3, st3, o3, tail, fail);
    }

    #[test]
    fn zip_with_rank1(
        (s, dst, doff) in unique::<1>(), seed in any::<u64>(),
        tail in 0usize..3, stop in 1usize..260,
    ) {
        // The source: a stride from the seed (negative, zero, 1, 2).
        let st = [[-2isize, -1, 0, 1, 2][(seed % 5) as usize]];
        let off = s[0].saturating_sub(1) * st[0].unsigned_abs() * usize::from(st[0] < 0);
        zip_case(s, dst, doff, st, off, tail, stop);
    }

    #[test]
    fn zip_with_rank2_and_3(
        ((s2, d2, o2), (ss2, so2)) in unique::<2>().prop_flat_map(|u| (Just(u), any_strides(u.0))),
        ((s3, d3, o3), (ss3, so3)) in unique::<3>().prop_flat_map(|u| (Just(u), any_strides(u.0))),
        tail in 0usize..3, stop in 1usize..400,
    ) {
        zip_case(s2, d2, o2, ss2, so2, tail, stop);
        zip_case(s3, d3, o3, ss3, so3, tail, stop);
    }

    #[test]
    fn reads_and_map_inplace(
        s1 in shape::<1>(), s2 in shape::<2>(), seed in any::<u64>(),
        (us, ust, uo) in unique::<2>(), (vs, vst, vo) in unique::<1>(),
    ) {
        let st1 = [[-2isize, -1, 0, 1, 3][(seed % 5) as usize]];
        let o1 = s1[0].saturating_sub(1) * 2 * usize::from(st1[0] < 0);
        reads_case::<1, 0>(s1, st1, o1);
        let st2 = [[-1isize, 0, 1, 17][(seed / 5 % 4) as usize], [-17isize, 1, 0, 2][(seed / 20 % 4) as usize]];
        let o2 = (0..2).map(|a| s2[a].saturating_sub(1) * if st2[a] < 0 { st2[a].unsigned_abs() } else { 0 }).sum();
        reads_case::<2, 1>(s2, st2, o2);
        map_inplace_case(us, ust, uo);
        map_inplace_case(vs, vst, vo);
    }
}
