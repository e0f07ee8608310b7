//! Review of p27b (`engine::long_run`: runs of 16+ elements of `Zip` and
//! `map_inplace` compiled with AVX2; views of at most 64 elements walked
//! directly). Views above 64 elements (so that the long runs are taken),
//! rows of 15, 16, 17 and 40 elements, at every kernel level:
//! - float closures whose vectorised AVX2 lowering could differ from the
//!   scalar one (`min`/`max`/`clamp` on signed zeros, `mul_add`, `sqrt`,
//!   saturating `as` casts, `round` on 2^23 + 0.5 neighbours) compared bit
//!   for bit with the scalar model (NaN as NaN);
//! - 1 to 6 operands with a transposed read-only f32/u8 operand (staged)
//!   and broadcast rows/columns, against the model;
//! - `map_collect` whose closure panics at element 0, 15, 16, 17 or the
//!   last: every item written is dropped exactly once; `fold` whose closure
//!   panics drops the accumulator once.

use super::model;

use constrided::kernel::{force_level, Level};
use constrided::{Layout, StridedView, StridedViewMut, Zip};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn levels() -> [Level; 4] {
    [Level::Portable, Level::Sse2, Level::Avx2, Level::Avx512]
}

fn same32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

// Signed zeros, ties, 2^23 + 0.5 neighbours, infinities, NaN, u8 edges.
fn value(i: usize) -> f32 {
    const V: [f32; 16] = [
        -0.0,
        0.0,
        0.5,
        -0.5,
        2.5,
        8_388_608.5,
        8_388_607.5,
        -8_388_607.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        255.5,
        256.0,
        -1.0,
        1e-45,
        -1e-45,
    ];
    V[(i * 7) % 16]
}

// The row lengths around 16 and a long one; all views above 64 elements.
const SHAPES: [(usize, usize); 5] = [(5, 15), (5, 16), (5, 17), (3, 40), (1, 100)];

type Op = fn(f32, f32) -> f32;

#[test]
fn float_closures_are_bit_identical_at_every_level() {
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let ops: [(&str, Op); 10] = [
        ("max", |x, y| x.max(y)),
        ("min", |x, y| x.min(y)),
        ("max0", |x, _| x.max(0.0)),
        ("min-0", |x, _| x.min(-0.0)),
        ("clamp", |x, _| x.clamp(-0.0, 255.0)),
        ("mul_add", |x, y| x.mul_add(y, -0.0)),
        ("sqrt", |x, _| x.abs().sqrt()),
        ("round", |x, y| (x + y).round()),
        ("copysign", |x, y| x.copysign(y)),
        ("cast", |x, y| f32::from((x * y) as u8) + (x as i32) as f32),
    ];
    for (r, c) in SHAPES {
        let n = r * c;
        let a: Vec<f32> = (0..n).map(value).collect();
        let b: Vec<f32> = (0..n).map(|i| value(i * 3 + 1)).collect();
        // b transposed (a staged, read-only operand when r, c >= 2).
        let av = StridedView::from_shape([r, c], &a[..]).unwrap();
        let bv = StridedView::new(&b, Layout::new([r, c], [1, r as isize], 0).unwrap()).unwrap();
        for (name, op) in ops {
            let want: Vec<f32> = model::indices([r, c])
                .into_iter()
                .map(|[i, j]| op(a[i * c + j], b[j * r + i]))
                .collect();
            for level in levels() {
                force_level(Some(level));
                let mut out = vec![7.0f32; n];
                let mut ov = StridedViewMut::from_shape([r, c], &mut out[..]).unwrap();
                Zip::from(&mut ov)
                    .and(&av)
                    .unwrap()
                    .and(&bv)
                    .unwrap()
                    .for_each(|o, &x, &y| *o = op(x, y));
                for k in 0..n {
                    assert!(
                        same32(out[k], want[k]),
                        "{name} {level:?} ({r}, {c}) at {k}: {:?} != {:?} ({:?}, {:?})",
                        out[k],
                        want[k],
                        a[k],
                        b[(k % c) * r + k / c]
                    );
                }
                // map_inplace's runs (long_run as well).
                let mut ov = StridedViewMut::from_shape([r, c], &mut out[..]).unwrap();
                ov.map_inplace(|o| *o = op(*o, -0.0));
                for k in 0..n {
                    let w = op(want[k], -0.0);
                    assert!(
                        same32(out[k], w),
                        "{name} map_inplace {level:?} ({r}, {c}) at {k}"
                    );
                }
            }
        }
    }
    force_level(None);
}

#[test]
fn one_to_six_operands_with_staged_and_broadcast_operands() {
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(16, 17), (17, 16), (20, 40), (5, 16)] {
        let n = r * c;
        let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 7.0).collect();
        let bt: Vec<u8> = (0..n).map(|i| (i * 37 % 256) as u8).collect();
        let ct: Vec<f32> = (0..n + 2).map(|i| (i % 13) as f32 - 6.5).collect();
        let row: Vec<f32> = (0..c).map(|j| j as f32 * 0.25).collect();
        let col: Vec<u8> = (0..r).map(|i| (250 + i % 10) as u8).collect();
        let av = StridedView::from_shape([r, c], &a[..])
            .unwrap()
            .flip(1)
            .unwrap();
        // transposed (column-major) u8 and f32, the f32 one padded and flipped
        let bv = StridedView::new(&bt, Layout::new([r, c], [1, r as isize], 0).unwrap()).unwrap();
        let cl = Layout::new([r, c], [1, r as isize], 2)
            .unwrap()
            .flip(0)
            .unwrap();
        let cv = StridedView::new(&ct, cl).unwrap();
        let rv = StridedView::from_shape([c], &row[..]).unwrap();
        let colv = StridedView::new(&col, Layout::new([r, c], [1, 0], 0).unwrap()).unwrap();
        let at = |i: usize, j: usize| a[i * c + (c - 1 - j)];
        let bt_at = |i: usize, j: usize| bt[j * r + i];
        let ct_at =
            |i: usize, j: usize| ct[model::position(cl.strides(), cl.offset(), [i, j]) as usize];
        for level in levels() {
            force_level(Some(level));
            for k in 1..=6usize {
                let mut out = vec![0.0f32; n];
                let mut ov = StridedViewMut::from_shape([r, c], &mut out[..]).unwrap();
                let z = Zip::from(&mut ov);
                match k {
                    1 => z.for_each(|o| *o = 1.5),
                    2 => z.and(&bv).unwrap().for_each(|o, &b| *o = f32::from(b)),
                    3 => z
                        .and(&bv)
                        .unwrap()
                        .and(&cv)
                        .unwrap()
                        .for_each(|o, &b, &c| *o = f32::from(b) * c),
                    4 => z
                        .and(&bv)
                        .unwrap()
                        .and(&cv)
                        .unwrap()
                        .and_broadcast(&rv)
                        .unwrap()
                        .for_each(|o, &b, &c, &m| *o = f32::from(b) * c - m),
                    5 => z
                        .and(&bv)
                        .unwrap()
                        .and(&cv)
                        .unwrap()
                        .and_broadcast(&rv)
                        .unwrap()
                        .and(&colv)
                        .unwrap()
                        .for_each(|o, &b, &c, &m, &s| *o = f32::from(b.saturating_add(s)) * c - m),
                    _ => z
                        .and(&bv)
                        .unwrap()
                        .and(&cv)
                        .unwrap()
                        .and_broadcast(&rv)
                        .unwrap()
                        .and(&colv)
                        .unwrap()
                        .and(&av)
                        .unwrap()
                        .for_each(|o, &b, &c, &m, &s, &x| {
                            *o = (f32::from(b.saturating_add(s)) * c - m + x).round()
                        }),
                }
                for [i, j] in model::indices([r, c]) {
                    let (b, cc, m, s, x) = (bt_at(i, j), ct_at(i, j), row[j], col[i], at(i, j));
                    let w = match k {
                        1 => 1.5,
                        2 => f32::from(b),
                        3 => f32::from(b) * cc,
                        4 => f32::from(b) * cc - m,
                        5 => f32::from(b.saturating_add(s)) * cc - m,
                        _ => (f32::from(b.saturating_add(s)) * cc - m + x).round(),
                    };
                    assert!(
                        same32(out[i * c + j], w),
                        "{k} operands {level:?} ({r}, {c}) [{i}, {j}]"
                    );
                }
                // The same as a fold (read-only operands only, staged too).
                let s = Zip::from(&bv)
                    .and(&cv)
                    .unwrap()
                    .fold(0.0f64, |t, &b, &c| t + f64::from(b) * f64::from(c));
                let mut w = 0.0f64;
                let mut visits = Vec::new();
                for [i, j] in model::indices([r, c]) {
                    visits.push(f64::from(bt_at(i, j)) * f64::from(ct_at(i, j)));
                }
                for v in visits {
                    w += v;
                }
                // Integers times halves: exact in any order.
                assert_eq!(s, w, "fold {level:?} ({r}, {c})");
            }
        }
    }
    force_level(None);
}

thread_local! {
    static MADE: Cell<usize> = const { Cell::new(0) };
    static DROPPED: Cell<usize> = const { Cell::new(0) };
}

struct Counted(#[allow(dead_code)] u64);

impl Counted {
    fn new(v: u64) -> Self {
        MADE.with(|m| m.set(m.get() + 1));
        Counted(v)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        DROPPED.with(|d| d.set(d.get() + 1));
    }
}

#[test]
fn map_collect_and_fold_panics_drop_every_item_once() {
    let _g = super::SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in SHAPES.into_iter().chain([(17, 16), (2, 3)]) {
        let n = r * c;
        let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let views = [
            StridedView::from_shape([r, c], &a[..]).unwrap(),
            StridedView::from_shape([c, r], &a[..]).unwrap().t(),
            StridedView::from_shape([r, c], &a[..])
                .unwrap()
                .flip(1)
                .unwrap(),
        ];
        for level in levels() {
            force_level(Some(level));
            for v in views {
                for at in [0, 15, 16, 17, n - 1, usize::MAX] {
                    MADE.with(|m| m.set(0));
                    DROPPED.with(|d| d.set(0));
                    let mut calls = 0usize;
                    let res = catch_unwind(AssertUnwindSafe(|| {
                        Zip::from(&v).map_collect(|&x| {
                            if calls == at {
                                panic!("at {at}");
                            }
                            calls += 1;
                            Counted::new(x as u64)
                        })
                    }));
                    let made = MADE.with(|m| m.get());
                    match res {
                        Ok(arr) => {
                            assert!(at >= n, "{level:?} ({r}, {c}) no panic at {at}");
                            assert_eq!(made, n);
                            drop(arr);
                        }
                        Err(_) => {
                            assert!(at < n);
                            assert_eq!(made, at, "{level:?} ({r}, {c}) at {at}");
                        }
                    }
                    assert_eq!(
                        DROPPED.with(|d| d.get()),
                        made,
                        "map_collect {level:?} ({r}, {c}) panicking at {at}"
                    );
                    // fold with a counted accumulator panicking at `at`.
                    MADE.with(|m| m.set(0));
                    DROPPED.with(|d| d.set(0));
                    let mut calls = 0usize;
                    let res = catch_unwind(AssertUnwindSafe(|| {
                        Zip::from(&v).fold(Counted::new(0), |acc, &x| {
                            if calls == at {
                                panic!("at {at}");
                            }
                            calls += 1;
                            Counted::new(acc.0 + x as u64)
                        })
                    }));
                    if let Ok(acc) = &res {
                        assert_eq!(acc.0, (0..n as u64).sum::<u64>());
                    }
                    drop(res);
                    assert_eq!(
                        DROPPED.with(|d| d.get()),
                        MADE.with(|m| m.get()),
                        "fold {level:?} ({r}, {c}) panicking at {at}"
                    );
                }
            }
        }
    }
    force_level(None);
}
