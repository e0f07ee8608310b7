//! The layout algebra against a brute-force enumeration of positions:
//! the `const fn`s (`*_layout`) on random run-time layouts, and the
//! type-level functions (`zipped_divide`, …) on many literal cases.
#![allow(clippy::needless_range_loop)]

use super::model;

use constrided::tile::{
    blocked_product, blocked_product_layout, composition, composition_layout, logical_divide,
    logical_divide_layout, zipped_divide, zipped_divide_layout,
};
use constrided::{strided, Layout, Mapping};
use model::*;
use proptest::prelude::*;

fn pos<const N: usize>(l: &Layout<N>, i: [usize; N]) -> i128 {
    position(l.strides(), l.offset(), i)
}

// A valid layout of the given shape with strides in -5..=5.
fn layout_of<const N: usize>(shape: [usize; N], strides: [isize; N], extra: usize) -> Layout<N> {
    let offset = extra
        + (0..N)
            .filter(|&k| strides[k] < 0)
            .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
            .sum::<usize>();
    Layout::new(shape, strides, offset).unwrap()
}

// The model of division: element i of tile g is l(g·t + i).
fn check_divide<const N: usize, const R: usize>(l: Layout<N>, tile: [usize; N]) {
    let shape = l.shape();
    let divides = (0..N).all(|k| tile[k] > 0 && shape[k] % tile[k] == 0);
    let z = zipped_divide_layout::<N, R>(l, tile);
    let lg = logical_divide_layout::<N, R>(l, tile);
    if !divides {
        let k = (0..N)
            .find(|&k| tile[k] == 0 || shape[k] % tile[k] != 0)
            .unwrap();
        let want = format!(
            "the tile does not divide axis {k}: extent {}, tile {}",
            shape[k], tile[k]
        );
        assert!(z.err().unwrap().as_str().ends_with(&want));
        assert!(lg.err().unwrap().as_str().ends_with(&want));
        return;
    }
    let (z, lg) = (z.ok().unwrap(), lg.ok().unwrap());
    let count: [usize; N] = core::array::from_fn(|k| shape[k] / tile[k]);
    for g in indices(count) {
        for i in indices(tile) {
            let want = pos(&l, core::array::from_fn(|k| g[k] * tile[k] + i[k]));
            let zi: [usize; R] = core::array::from_fn(|a| if a < N { i[a] } else { g[a - N] });
            let li: [usize; R] =
                core::array::from_fn(|a| if a % 2 == 0 { i[a / 2] } else { g[a / 2] });
            assert_eq!(pos(&z, zi), want);
            assert_eq!(pos(&lg, li), want);
        }
    }
    assert_eq!(
        z.shape(),
        core::array::from_fn(|a| if a < N { tile[a] } else { count[a - N] })
    );
}

// The model of the blocked product: tile(i) + span·grid(j).
fn check_blocked<const N: usize, const R: usize>(t: Layout<N>, g: Layout<N>) {
    let r = blocked_product_layout::<N, R>(t, g);
    if g.offset() != 0 {
        assert!(r.err().unwrap().as_str().contains("offset"));
        return;
    }
    let r = r.ok().unwrap();
    let tp = positions(t.shape(), t.strides(), t.offset());
    let span = if tp.is_empty() {
        0
    } else {
        tp.iter().max().unwrap() - tp.iter().min().unwrap() + 1
    };
    for j in indices(g.shape()) {
        for i in indices(t.shape()) {
            let ri: [usize; R] =
                core::array::from_fn(|a| if a % 2 == 0 { i[a / 2] } else { j[a / 2] });
            assert_eq!(pos(&r, ri), pos(&t, i) + span * pos(&g, j));
        }
    }
}

// The model of composition: a(unravel(b(i))), accepted exactly when it
// is affine over b's indices and b stays inside a.
fn check_composition<const N: usize, const M: usize>(a: Layout<N>, b: Layout<M>) {
    let r = composition_layout::<N, M>(a, b);
    let size_a: usize = a.shape().iter().product();
    let bi = indices(b.shape());
    let unravel = |mut p: usize| -> [usize; N] {
        let mut idx = [0; N];
        for k in (0..N).rev() {
            idx[k] = p % a.shape()[k];
            p /= a.shape()[k];
        }
        idx
    };
    if b.offset() != 0 {
        assert!(r.err().unwrap().as_str().contains("offset"));
        return;
    }
    if bi.is_empty() {
        assert_eq!(r.ok().unwrap().shape(), b.shape());
        return;
    }
    let inside = bi.iter().all(|&i| (pos(&b, i) as usize) < size_a);
    if !inside {
        assert!(r.err().unwrap().as_str().contains("reaches position"));
        return;
    }
    let f = |i: [usize; M]| pos(&a, unravel(pos(&b, i) as usize));
    let base = f([0; M]);
    let steps: [i128; M] = core::array::from_fn(|k| {
        if b.shape()[k] < 2 {
            0
        } else {
            let mut e = [0; M];
            e[k] = 1;
            f(e) - base
        }
    });
    let affine = bi
        .iter()
        .all(|&i| f(i) == base + (0..M).map(|k| i[k] as i128 * steps[k]).sum::<i128>());
    match r {
        Ok(r) => {
            assert!(affine);
            for &i in &bi {
                assert_eq!(pos(&r, i), f(i));
            }
        }
        Err(m) => {
            assert!(!affine, "{}", m.as_str());
            assert!(m.as_str().contains("not a strided layout"));
        }
    }
}

fn tiled_shape<const N: usize>() -> impl Strategy<Value = ([usize; N], [usize; N])> {
    (
        proptest::array::uniform::<_, N>(1usize..=4),
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 8 => 1usize..=3]),
        proptest::array::uniform::<_, N>(prop_oneof![6 => Just(0usize), 1 => 1usize..=2]),
    )
        .prop_map(|(t, c, bump)| (t, core::array::from_fn(|k| t[k] * c[k] + bump[k])))
}

macro_rules! algebra_props {
    ($($name:ident: $n:literal => $r:literal;)*) => {$(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                #[test]
                fn divide((tile, shape) in tiled_shape::<$n>(),
                          strides in proptest::array::uniform::<_, $n>(-5isize..=5),
                          extra in 0usize..4) {
                    check_divide::<$n, $r>(layout_of(shape, strides, extra), tile);
                }
                #[test]
                fn blocked(ts in proptest::array::uniform::<_, $n>(0usize..=3),
                           tst in proptest::array::uniform::<_, $n>(-4isize..=4),
                           gs in proptest::array::uniform::<_, $n>(1usize..=3),
                           gst in proptest::array::uniform::<_, $n>(0isize..=4),
                           extra in 0usize..3, goff in prop_oneof![5 => Just(0usize), 1 => Just(1usize)]) {
                    let g = Layout::new(gs, gst, goff).unwrap();
                    check_blocked::<$n, $r>(layout_of(ts, tst, extra), g);
                }
            }
        }
    )*};
}

algebra_props! {
    r1: 1 => 2;
    r2: 2 => 4;
    r3: 3 => 6;
    r4: 4 => 8;
}

macro_rules! composition_props {
    ($($name:ident: $n:literal, $m:literal;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(128))]
            #[test]
            fn $name(a_shape in proptest::array::uniform::<_, $n>(1usize..=4),
                     a_strides in proptest::array::uniform::<_, $n>(-6isize..=6),
                     extra in 0usize..3,
                     b_shape in proptest::array::uniform::<_, $m>(prop_oneof![1 => Just(0usize), 10 => 1usize..=4]),
                     b_strides in proptest::array::uniform::<_, $m>(0isize..=8),
                     b_off in prop_oneof![8 => Just(0usize), 1 => Just(2usize)]) {
                let a = layout_of(a_shape, a_strides, extra);
                let b = Layout::new(b_shape, b_strides, b_off).unwrap();
                check_composition(a, b);
            }
        }
    )*};
}

composition_props! {
    compose_1_1: 1, 1;
    compose_2_1: 2, 1;
    compose_2_2: 2, 2;
    compose_3_2: 3, 2;
    compose_2_3: 2, 3;
    compose_1_2: 1, 2;
}

// The tile-then-compose identities of CuTe on a few run-time instances:
// composing a layout with its own row-major contiguous layout gives itself.
proptest! {
    #[test]
    fn composition_with_identity(shape in proptest::array::uniform::<_, 3>(1usize..=4),
                                 strides in proptest::array::uniform::<_, 3>(-6isize..=6),
                                 extra in 0usize..3) {
        let a = layout_of(shape, strides, extra);
        let r = composition_layout::<3, 3>(a, Layout::contiguous(shape)).ok().unwrap();
        for k in 0..3 {
            if shape[k] > 1 {
                prop_assert_eq!(r.strides()[k], a.strides()[k]);
            }
        }
        for i in indices(shape) {
            prop_assert_eq!(pos(&r, i), pos(&a, i));
        }
    }
}

// The type-level functions on literal layouts: the result is a static
// layout whose positions match the brute-force model of its inputs.
macro_rules! static_divide_cases {
    ($($n:literal => $r:literal: [$($l:tt)*] / [$($t:tt)*];)*) => {$({
        let l = strided![$($l)*];
        let t = strided![$($t)*];
        let rl = l.to_layout();
        let tile = t.shape();
        let z = zipped_divide(l, t);
        let lg = logical_divide(l, t);
        fn is_static<const R: usize, M: constrided::static_layout::StaticMapping<R>>(_: &M) {}
        is_static::<$r, _>(&z);
        is_static::<$r, _>(&lg);
        let count: [usize; $n] = core::array::from_fn(|k| rl.shape()[k] / tile[k]);
        for g in indices(count) {
            for i in indices(tile) {
                let want = pos(&rl, core::array::from_fn(|k| g[k] * tile[k] + i[k]));
                let zi: [usize; $r] = core::array::from_fn(|a| if a < $n { i[a] } else { g[a - $n] });
                let li: [usize; $r] = core::array::from_fn(|a| if a % 2 == 0 { i[a / 2] } else { g[a / 2] });
                assert_eq!(z.offset_of_unchecked(zi) as i128, want);
                assert_eq!(lg.offset_of_unchecked(li) as i128, want);
            }
        }
    })*};
}

#[test]
fn static_divide_matches_model() {
    static_divide_cases! {
        1 => 2: [shape = (12,)] / [shape = (4,)];
        1 => 2: [shape = (12,), strides = (-3,), offset = 40] / [shape = (3,)];
        1 => 2: [shape = (5,), strides = (0,)] / [shape = (5,)];
        2 => 4: [shape = (8, 12)] / [shape = (4, 4)];
        2 => 4: [shape = (8, 12), strides = (1, 8)] / [shape = (2, 3)];
        2 => 4: [shape = (6, 6), strides = (-10, 2), offset = 55] / [shape = (3, 2)];
        2 => 4: [shape = (4, 4), strides = (0, 1)] / [shape = (1, 4)];
        3 => 6: [shape = (4, 6, 2)] / [shape = (2, 3, 1)];
        3 => 6: [shape = (2, 4, 6), strides = (100, -1, 10), offset = 3] / [shape = (1, 2, 3)];
        4 => 8: [shape = (2, 2, 4, 4)] / [shape = (1, 2, 2, 4)];
        4 => 8: [shape = (4, 2, 2, 6), strides = (1, 4, 8, 16)] / [shape = (2, 2, 1, 3)];
    }
}

macro_rules! static_blocked_cases {
    ($($n:literal => $r:literal: [$($t:tt)*] * [$($g:tt)*];)*) => {$({
        let t = strided![$($t)*];
        let g = strided![$($g)*];
        let (rt, rg) = (t.to_layout(), g.to_layout());
        let b = blocked_product(t, g);
        let tp = positions(rt.shape(), rt.strides(), rt.offset());
        let span = tp.iter().max().unwrap() - tp.iter().min().unwrap() + 1;
        for j in indices(rg.shape()) {
            for i in indices(rt.shape()) {
                let bi: [usize; $r] = core::array::from_fn(|a| if a % 2 == 0 { i[a / 2] } else { j[a / 2] });
                assert_eq!(b.offset_of_unchecked(bi) as i128, pos(&rt, i) + span * pos(&rg, j));
            }
        }
    })*};
}

#[test]
fn static_blocked_matches_model() {
    static_blocked_cases! {
        1 => 2: [shape = (16,)] * [shape = (4,)];
        1 => 2: [shape = (4,), strides = (-2,), offset = 6] * [shape = (3,), strides = (2,)];
        2 => 4: [shape = (2, 2)] * [shape = (2, 3)];
        2 => 4: [shape = (8, 8), strides = (1, 8)] * [shape = (3, 2), strides = (1, 3)];
        3 => 6: [shape = (2, 3, 4)] * [shape = (2, 1, 2)];
        4 => 8: [shape = (1, 2, 2, 2)] * [shape = (2, 2, 1, 2)];
    }
}

macro_rules! static_composition_cases {
    ($($n:literal, $m:literal: [$($a:tt)*] o [$($b:tt)*];)*) => {$({
        let a = strided![$($a)*];
        let b = strided![$($b)*];
        let (ra, rb) = (a.to_layout(), b.to_layout());
        let r = composition(a, b);
        for i in indices(rb.shape()) {
            let mut p = pos(&rb, i) as usize;
            let mut ai = [0usize; $n];
            for k in (0..$n).rev() {
                ai[k] = p % ra.shape()[k];
                p /= ra.shape()[k];
            }
            assert_eq!(r.offset_of_unchecked(i) as i128, pos(&ra, ai));
        }
    })*};
}

#[test]
fn static_composition_matches_model() {
    static_composition_cases! {
        2, 2: [shape = (4, 6), strides = (10, 1)] o [shape = (6, 4), strides = (1, 6)];
        2, 4: [shape = (4, 6), strides = (10, 1)] o [shape = (2, 3, 2, 2), strides = (6, 1, 12, 3)];
        1, 2: [shape = (12,), strides = (-2,), offset = 22] o [shape = (3, 4)];
        2, 1: [shape = (3, 5)] o [shape = (3,), strides = (4,)];
        3, 2: [shape = (2, 3, 4), strides = (1, 2, 6)] o [shape = (2, 4), strides = (12, 1)];
    }
}
