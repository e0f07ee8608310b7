//! Adversarial review r27 of issue 27 (h27a + h27b): the fast layout
//! checks against brute force and the general rules, and the
//! materialisation / operator / fold paths against element types that
//! count (or refuse) their clones and drops. Small sizes: Miri-fast.

// (Results of views hold a LayoutError by value, as the API returns them.)
#![allow(clippy::result_large_err)]

use constrided::layout::math;
use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
use constrided::{s, Layout, LayoutError, Mapping, StridedArray, StridedView, StridedViewMut};
use core::cell::Cell;

use super::model::live::{arm, live, Live};
use std::panic::{catch_unwind, AssertUnwindSafe};

// Brute force: do two in-range indices reach the same position?
fn brute_unique(shape: &[usize], strides: &[isize]) -> bool {
    let n: usize = shape.iter().product();
    let mut seen = Vec::with_capacity(n);
    for mut t in 0..n {
        let mut p: i128 = 0;
        for k in (0..shape.len()).rev() {
            p += (t % shape[k]) as i128 * strides[k] as i128;
            t /= shape[k];
        }
        seen.push(p);
    }
    seen.sort_unstable();
    seen.windows(2).all(|w| w[0] != w[1])
}

// A tiny deterministic generator (no dependency, reproducible).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn check_unique_case<const N: usize>(shape: [usize; N], strides: [isize; N]) {
    let lowest = math::lowest_reach(&shape, &strides);
    let offset = (-lowest) as usize;
    let l = Layout::new(shape, strides, offset).unwrap();
    let brute = brute_unique(&shape, &strides);
    let fast = l.check_unique().is_ok();
    assert!(
        !fast || brute,
        "check_unique accepted an aliasing layout {shape:?} {strides:?}"
    );
    // The mutable view's constructor (through Mapping::check_unique).
    let mut buf = vec![0u8; l.required_len()];
    let v = StridedViewMut::new(&mut buf, l);
    assert!(
        v.is_err() || brute,
        "StridedViewMut::new accepted {shape:?} {strides:?}"
    );
    // Small layouts are decided exactly.
    assert_eq!(fast, brute, "{shape:?} {strides:?}");
}

#[test]
fn check_unique_exhaustive_rank3() {
    let sizes = if cfg!(miri) { 0..3 } else { 0..4 };
    let strides: Vec<isize> = if cfg!(miri) {
        vec![-3, -1, 0, 1, 2, 3]
    } else {
        (-6..=6).collect()
    };
    for a in sizes.clone() {
        for b in sizes.clone() {
            for c in sizes.clone() {
                for &x in &strides {
                    for &y in &strides {
                        for &z in &strides {
                            check_unique_case([a, b, c], [x, y, z]);
                        }
                    }
                }
            }
        }
    }
}

// Nearly nested layouts: each stride the span of some earlier axes, give
// or take one, in random orders and signs (the fast path's boundary).
#[test]
fn check_unique_near_nested_random() {
    let mut g = Lcg(27);
    let rounds = if cfg!(miri) { 200 } else { 200_000 };
    for _ in 0..rounds {
        let r = 1 + g.below(5) as usize;
        let mut shape = [1usize; 5];
        let mut strides = [0isize; 5];
        let mut span: isize = 1;
        let order: Vec<usize> = {
            let mut o: Vec<usize> = (0..r).collect();
            for i in (1..r).rev() {
                o.swap(i, g.below(i as u64 + 1) as usize);
            }
            o
        };
        for &k in &order {
            let n = 1 + g.below(3) as usize;
            let s = (span + g.below(3) as isize - 1).max(0);
            let s = if g.below(2) == 0 { -s } else { s };
            shape[k] = n;
            strides[k] = s;
            span += (n as isize - 1) * s.abs();
        }
        match r {
            1 => check_unique_case([shape[0]], [strides[0]]),
            2 => check_unique_case([shape[0], shape[1]], [strides[0], strides[1]]),
            3 => check_unique_case(
                [shape[0], shape[1], shape[2]],
                [strides[0], strides[1], strides[2]],
            ),
            4 => check_unique_case(
                [shape[0], shape[1], shape[2], shape[3]],
                [strides[0], strides[1], strides[2], strides[3]],
            ),
            _ => check_unique_case(shape, strides),
        }
    }
}

// Layout::new, try_contiguous, required_len and check_unique at the ends
// of usize / isize, against the general rules of layout::math.
#[test]
fn layout_fast_paths_at_the_extremes() {
    let m = isize::MAX as usize;
    let sizes = [0, 1, 2, 3, m / 2, m / 2 + 1, m, m + 1, m + 2, usize::MAX];
    let strides = [
        0,
        1,
        -1,
        2,
        -2,
        isize::MAX,
        isize::MIN,
        isize::MIN + 1,
        isize::MAX / 2,
        -(isize::MAX / 2),
        isize::MAX / 2 + 1,
    ];
    let offsets = [0, 1, m / 2, m - 1, m, m + 1, usize::MAX];
    let step = if cfg!(miri) { 7 } else { 1 };
    for &a in sizes.iter().step_by(step) {
        for &b in &sizes {
            let c = Layout::try_contiguous([a, b]);
            let mut st = [0isize; 2];
            match math::c_strides(&[a, b], &mut st) {
                Ok(()) => assert_eq!(c.map(|l| l.strides()), Ok(st), "{a} {b}"),
                Err(e) => assert_eq!(c, Err(e)),
            }
            for &x in strides.iter().step_by(step) {
                for &y in &strides {
                    for &o in &offsets {
                        let (sh, sd) = ([a, b], [x, y]);
                        let l = Layout::new(sh, sd, o);
                        match math::extent(&sh, &sd, o) {
                            Ok(_) => {
                                let l = l.unwrap_or_else(|e| panic!("{sh:?} {sd:?} {o}: {e}"));
                                assert_eq!(l.required_len(), math::reach_len(&sh, &sd, o));
                                assert_eq!(Ok(l.required_len()), math::required_len(&sh, &sd, o));
                                if l.check_unique().is_ok() {
                                    // Never Ok where the search finds a collision.
                                    assert!(
                                        !matches!(
                                            math::check_unique(&sh, &sd),
                                            Err(LayoutError::Aliasing { indices: Some(_) })
                                        ),
                                        "{sh:?} {sd:?}"
                                    );
                                }
                                // Two axes: aliasing is decidable by hand.
                                if a > 1 && b > 1 {
                                    let (p, q) = (x.unsigned_abs(), y.unsigned_abs());
                                    let alias = p == 0
                                        || q == 0
                                        || (p <= q
                                            && (a as u128 - 1) * p as u128 >= q as u128
                                            && q % p == 0)
                                        || (q <= p
                                            && (b as u128 - 1) * q as u128 >= p as u128
                                            && p % q == 0);
                                    if alias {
                                        assert!(l.check_unique().is_err(), "{sh:?} {sd:?}");
                                    }
                                }
                            }
                            Err(e) => assert_eq!(l, Err(e), "{sh:?} {sd:?} {o}"),
                        }
                    }
                }
            }
        }
    }
}

// A mixed layout with static sizes and strides: the compile-time reach
// and uniqueness against the runtime layout, offsets at the ends.
type Rev = MixedLayout<(MAxis<Fix<3>, FixS<-4>>, MAxis<Fix<4>, FixS<-1>>), Dyn, 2>;
type Overlap = MixedLayout<(MAxis<Fix<2>, FixS<3>>, MAxis<Fix<4>, FixS<1>>), Dyn, 2>;
type Big = MixedLayout<(MAxis<Fix<2>, FixS<{ isize::MIN + 1 }>>,), Dyn, 1>;

#[test]
fn mixed_static_views_at_the_ends() {
    let m = isize::MAX as usize;
    for o in [0, 1, 10, 11, 12, m - 1, m, m + 1, usize::MAX] {
        let r = Rev::new([3, 4], [-4, -1], o);
        assert_eq!(r.is_ok(), Layout::new([3, 4], [-4, -1], o).is_ok(), "{o}");
        if let Ok(r) = r {
            assert_eq!(Mapping::required_len(&r), r.to_layout().required_len());
            assert!(Mapping::check_unique(&r).is_ok());
        }
        let v = Overlap::new([2, 4], [3, 1], o);
        assert_eq!(v.is_ok(), Layout::new([2, 4], [3, 1], o).is_ok(), "{o}");
        if let Ok(v) = v {
            assert!(Mapping::check_unique(&v).is_err());
            let mut buf = [0u8; 16];
            assert!(StridedViewMut::new(&mut buf, v).is_err());
        }
        let b = Big::new([2], [isize::MIN + 1], o);
        assert_eq!(
            b.is_ok(),
            Layout::new([2], [isize::MIN + 1], o).is_ok(),
            "{o}"
        );
    }
    // A static-shape mixed view, materialised (the static paths with a
    // run-time offset): the elements of the reversed window.
    let buf: Vec<u32> = (0..40).collect();
    for o in [11, 20, 39] {
        let v = StridedView::new(&buf, Rev::new([3, 4], [-4, -1], o).unwrap()).unwrap();
        let want: Vec<u32> = (0..3)
            .flat_map(|i| (0..4).map(move |j| (o - 4 * i - j) as u32))
            .collect();
        assert_eq!(v.to_vec(), want);
        assert_eq!(v.to_owned().into_vec(), want);
        let mut out = [0u32; 12];
        v.copy_to_slice(&mut out).unwrap();
        assert_eq!(out, *want);
    }
    assert!(StridedView::new(&buf[..11], Rev::new([3, 4], [-4, -1], 11).unwrap()).is_err());
    assert!(StridedView::new(&buf[..12], Rev::new([3, 4], [-4, -1], 11).unwrap()).is_ok());
}

thread_local! {
    static CLONES: Cell<usize> = const { Cell::new(0) };
}

// A Copy type whose Clone is not the bitwise copy (allowed, if unusual):
// the materialising paths must call it once per element.
#[derive(Copy, Debug, PartialEq)]
struct Odd(u32);
#[allow(clippy::non_canonical_clone_impl)]
impl Clone for Odd {
    fn clone(&self) -> Self {
        CLONES.with(|c| c.set(c.get() + 1));
        Odd(self.0 + 1000)
    }
}

// A Copy type with the size and alignment of a plain one, with padding.
#[derive(Copy, Clone, Debug, PartialEq)]
#[repr(C, align(4))]
struct Padded(u8, u16);

#[test]
fn copy_types_with_custom_clone_are_cloned() {
    let buf: Vec<Odd> = (0..24).map(Odd).collect();
    let a = StridedView::from_shape([4, 6], &buf).unwrap();
    for v in [
        a.slice(s![.., ..;-2]).unwrap(),
        a.t().slice(s![1..;2, ..]).unwrap().t(),
        a.slice(s![.., ..]).unwrap(),
    ] {
        let n = v.numel();
        let want: Vec<Odd> = v.iter().map(|x| Odd(x.0 + 1000)).collect();
        CLONES.with(|c| c.set(0));
        assert_eq!(v.to_vec(), want);
        assert_eq!(CLONES.with(|c| c.get()), n);
        CLONES.with(|c| c.set(0));
        assert_eq!(v.to_owned().into_vec(), want);
        assert_eq!(CLONES.with(|c| c.get()), n);
        CLONES.with(|c| c.set(0));
        assert_eq!(v.into_owned().into_vec(), want);
        assert_eq!(CLONES.with(|c| c.get()), n);
    }
    // Padded Copy elements (no byte path may read the padding).
    let p: Vec<Padded> = (0..30).map(|i| Padded(i as u8, 7 * i as u16)).collect();
    let v = StridedView::from_shape([5, 6], &p).unwrap();
    let t = v.t();
    let want: Vec<Padded> = t.iter().copied().collect();
    assert_eq!(t.to_vec(), want);
    assert_eq!(t.to_owned().into_vec(), want);
    let mut out = vec![Padded(0, 0); 30];
    t.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
}

// Copy types with lifetimes (references): never the byte path's types,
// but the same size as a usize.
#[test]
fn references_materialise() {
    let xs: Vec<u64> = (0..12).collect();
    let refs: Vec<&u64> = xs.iter().collect();
    let v = StridedView::from_shape([3, 4], &refs).unwrap();
    let t = v.t();
    let got = t.to_vec();
    let want: Vec<&u64> = t.iter().copied().collect();
    assert_eq!(got, want);
    assert_eq!(*got[1], 4);
    assert_eq!(t.to_owned().into_vec(), want);
    let mut out = vec![&xs[0]; 12];
    t.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
}

// Zero-sized elements on every materialising path.
#[test]
fn zero_sized_elements() {
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Z;
    let buf = vec![Z; 1];
    // A broadcast of one element to many (stride 0): shared views may alias.
    let v = StridedView::new(&buf, Layout::new([5, 7], [0, 0], 0).unwrap()).unwrap();
    assert_eq!(v.to_vec().len(), 35);
    assert_eq!(v.to_owned().into_vec().len(), 35);
    let mut out = vec![Z; 35];
    v.copy_to_slice(&mut out).unwrap();
    let u = StridedArray::<core::mem::MaybeUninit<Z>, 2>::uninit([3, 4]);
    // SAFETY: a ZST has no bytes to initialise.
    let a = unsafe { u.assume_init() };
    assert_eq!(a.numel(), 12);
    // Empty shapes, every element type class.
    let e = StridedView::new(&buf, Layout::new([0, 7], [0, 0], 0).unwrap()).unwrap();
    assert!(e.to_vec().is_empty());
    let f: Vec<f32> = vec![];
    let ef = StridedView::new(&f, Layout::new([3, 0], [-5, 1], 0).unwrap()).unwrap();
    assert!(ef.to_vec().is_empty());
    assert_eq!(ef.to_owned().numel(), 0);
    assert_eq!(ef.t().to_owned().shape(), [0, 3]);
}

// Operators with every broadcast and transpose combination, a panic at
// every position: exactly the values made are dropped, once.
#[test]
fn operator_panics_leave_no_leak_and_no_double_drop() {
    let (r, c) = (3, 5);
    let a: Vec<Live> = (0..(r * c) as i64).map(|i| Live::new(100 + i)).collect();
    let row: Vec<Live> = (0..c as i64).map(Live::new).collect();
    let col: Vec<Live> = (0..r as i64).map(|i| Live::new(10 * i)).collect();
    let base = live();
    let av = StridedView::from_shape([r, c], &a).unwrap();
    let rv = StridedView::from_shape([1, c], &row).unwrap();
    let cv = StridedView::from_shape([r, 1], &col).unwrap();
    let at = StridedView::from_shape([c, r], &a).unwrap();
    let at = at.t(); // (r, c), transposed strides
    type Case<'x> = (StridedView<'x, Live, 2>, StridedView<'x, Live, 2>);
    let cases: Vec<Case<'_>> = vec![
        (av, rv),
        (rv, av),
        (av, cv),
        (cv, av),
        (at, rv),
        (rv, at),
        (at, cv),
        (cv, rv),
        (av.slice(s![..;-1, ..;-1]).unwrap(), at),
    ];
    for (x, y) in &cases {
        let n = r * c;
        let want: Vec<i64> = (0..r)
            .flat_map(|i| (0..c).map(move |j| (i, j)))
            .map(|(i, j)| {
                let xi = if x.shape()[0] == 1 { 0 } else { i };
                let xj = if x.shape()[1] == 1 { 0 } else { j };
                let yi = if y.shape()[0] == 1 { 0 } else { i };
                let yj = if y.shape()[1] == 1 { 0 } else { j };
                *x[[xi, xj]].0 - *y[[yi, yj]].0
            })
            .collect();
        for k in 0..n {
            arm(k);
            assert!(catch_unwind(AssertUnwindSafe(|| x - y)).is_err());
            assert_eq!(live(), base, "{k}");
        }
        arm(usize::MAX);
        let d = x - y;
        assert_eq!(d.shape(), [r, c]);
        assert_eq!(d.as_slice().iter().map(|v| *v.0).collect::<Vec<_>>(), want);
        drop(d);
        assert_eq!(live(), base);
    }
}

// Axis folds on whole rows: a fold whose closure panics midway leaves the
// accumulators valid and droppable (no double drop); every element is
// folded exactly once on success.
#[test]
fn fold_axis_whole_rows_with_drop_glue() {
    let (r, c) = (9, 1200); // long rows: the four-rows loop
    let (r, c) = if cfg!(miri) { (9, 40) } else { (r, c) };
    let buf: Vec<u32> = (0..(r * c) as u32).collect();
    let v = StridedView::from_shape([r, c], &buf).unwrap();
    for view in [v, v.slice(s![..;-1, ..]).unwrap()] {
        let got = view
            .fold_axis(0, Vec::<u32>::new(), |acc, &x| {
                let mut a = acc.clone();
                a.push(x);
                a
            })
            .unwrap();
        for j in 0..c {
            let mut col = got[[j]].clone();
            col.sort_unstable();
            let want: Vec<u32> = (0..r).map(|i| (i * c + j) as u32).collect();
            assert_eq!(col, want);
        }
        let mut dst = StridedArray::from_elem([c], String::new());
        let calls = Cell::new(0usize);
        let res = catch_unwind(AssertUnwindSafe(|| {
            view.fold_axis_into(0, &mut dst.view_mut(), |a: &mut String, x| {
                calls.set(calls.get() + 1);
                if calls.get() == r * c / 2 {
                    panic!("stop");
                }
                a.push_str(&x.to_string());
                a.push(',');
            })
        }));
        assert!(res.is_err());
        drop(dst);
    }
}

// (The review's two static-layer reproducers — `__prechecked` of a broken
// layout, `to_array` of a transform type named with a bad axis — are
// compile errors since issue 26: `ui-tests/fail/forge_prechecked_*.rs`,
// `ui-tests/fail/forge_flip_axis_to_array.rs`.)

// The operators' unwinding guard replays the plan's tiled traversal:
// operands large enough to be tiled (a transpose against a row), a panic
// early, in the middle and at the last element.
#[test]
fn operator_panics_in_tiled_traversals() {
    let (r, c) = if cfg!(miri) { (9, 17) } else { (70, 130) };
    let a: Vec<Live> = (0..(r * c) as i64).map(Live::new).collect();
    let row: Vec<Live> = (0..c as i64).map(|i| Live::new(-i)).collect();
    let base = live();
    let at = StridedView::from_shape([c, r], &a).unwrap().t();
    let rv = StridedView::from_shape([1, c], &row).unwrap();
    let n = r * c;
    for (x, y) in [(at, rv), (rv, at)] {
        for k in [0, 1, 31, 33, n / 2, n - 2, n - 1] {
            arm(k);
            assert!(catch_unwind(AssertUnwindSafe(|| &x - &y)).is_err());
            assert_eq!(live(), base, "{k}");
        }
        arm(usize::MAX);
        let d = &x - &y;
        for i in (0..r).step_by(7) {
            for j in (0..c).step_by(5) {
                let xv = if x.shape()[0] == 1 {
                    *x[[0, j]].0
                } else {
                    *x[[i, j]].0
                };
                let yv = if y.shape()[0] == 1 {
                    *y[[0, j]].0
                } else {
                    *y[[i, j]].0
                };
                assert_eq!(*d[[i, j]].0, xv - yv);
            }
        }
        drop(d);
        assert_eq!(live(), base);
    }
}
