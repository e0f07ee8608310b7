//! Review r-z28: the staged walk shared by `Zip` and `zip_with`
//! (`zip_stage::walk`) against the brute-force model, on sizes around the
//! staging strip's edges (rows per strip 8 to 64, columns per strip 256,
//! row tiles of 256), rank 2 to 8: destination and sources permuted,
//! flipped, padded (views of part of a buffer), sources broadcast;
//! `zip_with` with destination and source element sizes that differ.

use super::model;

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 32 })
}

trait E: Copy + PartialEq + core::fmt::Debug + 'static {
    fn of(i: u64) -> Self;
    fn bits(self) -> u64;
}
macro_rules! int {
    ($($t:ty),*) => {$(impl E for $t {
        fn of(i: u64) -> Self { i as $t }
        fn bits(self) -> u64 { self as u64 }
    })*};
}
int!(u8, u16, u32, u64);
impl E for f32 {
    fn of(i: u64) -> Self {
        (i % 4093) as f32
    }
    fn bits(self) -> u64 {
        self as u64
    }
}
impl E for f64 {
    fn of(i: u64) -> Self {
        (i % 65521) as f64
    }
    fn bits(self) -> u64 {
        self as u64
    }
}

// The operand layouts of zip_props (permuted, padded, flipped, offset or
// broadcast).
use super::zip_props::{spec, Spec};

// A buffer of `T` (values from `salt`) and a layout of `shape` (size-1
// axes where broadcast), permuted, padded, flipped, at an offset; the
// buffer ends at the layout's last position + `tail`.
fn operand<T: E, const N: usize>(
    shape: [usize; N],
    s: &Spec,
    salt: u64,
    broadcast: bool,
) -> (Vec<T>, Layout<N>) {
    let own: [usize; N] =
        core::array::from_fn(|k| if broadcast && s.bcast[k] { 1 } else { shape[k] });
    let mut strides = [0isize; N];
    let mut step = 1isize;
    for &k in s.perm.iter().rev() {
        strides[k] = step;
        step *= (own[k] + s.pad[k]).max(1) as isize;
    }
    let mut l = Layout::new(own, strides, s.offset).unwrap();
    for k in 0..N {
        if s.flips[k] {
            l = l.flip(k).unwrap();
        }
    }
    let buf = (0..l.required_len() as u64)
        .map(|i| T::of(i.wrapping_mul(7).wrapping_add(salt)))
        .collect();
    (buf, l)
}

fn at<T: E, const N: usize>(buf: &[T], l: &Layout<N>, idx: [usize; N]) -> T {
    let i: [usize; N] = core::array::from_fn(|k| if l.shape()[k] == 1 { 0 } else { idx[k] });
    buf[position(l.strides(), l.offset(), i) as usize]
}

fn mix<T: E>(d: T, a: u64, s: u64) -> T {
    T::of(d.bits().wrapping_mul(3).wrapping_add(a).wrapping_add(s))
}

// zip_with(d: T, s: U) and Zip (d: T, a: T contiguous, s: U) against
// the model.
fn check<T: E, U: E, const N: usize>(shape: [usize; N], ds: &Spec, ss: &Spec) {
    let (sbuf, sl) = operand::<U, N>(shape, ss, 3, true);
    let (mut dbuf, dl) = operand::<T, N>(shape, ds, 5, false);
    let abuf: Vec<T> = (0..shape.iter().product::<usize>() as u64)
        .map(|i| T::of(i * 11 + 1))
        .collect();
    let al = Layout::contiguous(shape);
    let idxs = indices(shape);
    let what = format!("{shape:?}");
    zip_with_then_zip(&mut dbuf, dl, (&sbuf, sl), (&abuf, al), &idxs, true, &what);
}

// `zip_with(d += s)`, then `Zip` d = mix(d, a, s) (`s` through
// `and_broadcast` when `broadcast`), each against the model.
fn zip_with_then_zip<T: E, U: E, const N: usize>(
    dbuf: &mut [T],
    dl: Layout<N>,
    (sbuf, sl): (&[U], Layout<N>),
    (abuf, al): (&[T], Layout<N>),
    idxs: &[[usize; N]],
    broadcast: bool,
    what: &str,
) {
    let mut want = dbuf.to_vec();
    for &idx in idxs {
        let p = position(dl.strides(), dl.offset(), idx) as usize;
        want[p] = mix(want[p], 0, at(sbuf, &sl, idx).bits());
    }
    let sv = StridedView::new(sbuf, sl).unwrap();
    StridedViewMut::new(&mut *dbuf, dl)
        .unwrap()
        .zip_with(&sv, |d, s| *d = mix(*d, 0, s.bits()))
        .unwrap();
    assert_eq!(dbuf, &want[..], "zip_with {what}");
    for &idx in idxs {
        let p = position(dl.strides(), dl.offset(), idx) as usize;
        want[p] = mix(
            want[p],
            at(abuf, &al, idx).bits(),
            at(sbuf, &sl, idx).bits(),
        );
    }
    let av = StridedView::new(abuf, al).unwrap();
    let mut dv = StridedViewMut::new(&mut *dbuf, dl).unwrap();
    let zip = Zip::from(&mut dv).and(av).unwrap();
    let zip = if broadcast {
        zip.and_broadcast(sv)
    } else {
        zip.and(sv)
    };
    zip.unwrap()
        .for_each(|d, a, s| *d = mix(*d, a.bits(), s.bits()));
    assert_eq!(dbuf, &want[..], "Zip {what}");
}

fn pair<const N: usize>(t: u8, shape: [usize; N], ds: &Spec, ss: &Spec) {
    match t {
        0 => check::<f64, f32, N>(shape, ds, ss),
        1 => check::<f32, f64, N>(shape, ds, ss),
        2 => check::<u8, u64, N>(shape, ds, ss),
        3 => check::<u64, u8, N>(shape, ds, ss),
        4 => check::<u16, u16, N>(shape, ds, ss),
        5 => check::<u32, u8, N>(shape, ds, ss),
        _ => check::<u8, u16, N>(shape, ds, ss),
    }
}

fn edge() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(1usize),
        Just(2),
        7usize..10,
        15usize..18,
        31usize..34,
        63usize..66,
        255usize..258,
    ]
}

fn small() -> impl Strategy<Value = usize> {
    prop_oneof![Just(1usize), 2usize..4, 7usize..10, 15usize..18]
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn staged_walk_rank2_edges(
        s in proptest::array::uniform2(edge()),
        ds in spec(2), ss in spec(2), t in 0u8..7,
    ) {
        pair(t, s, &ds, &ss);
    }

    #[test]
    fn staged_walk_rank3_edges(
        s in (edge(), small(), edge()),
        ds in spec(3), ss in spec(3), t in 0u8..7,
    ) {
        prop_assume!(s.0 * s.1 * s.2 <= 1 << 18);
        pair(t, [s.0, s.1, s.2], &ds, &ss);
    }

    #[test]
    fn staged_walk_rank4_to_8(
        s in proptest::array::uniform8(prop_oneof![3 => Just(1usize), 2 => 2usize..4, 1 => 5usize..18]),
        rank in 4usize..=8,
        ds in spec(8), ss in spec(8), t in 0u8..7,
    ) {
        let n: usize = s.iter().product();
        prop_assume!(n <= 1 << 16);
        // (Higher ranks: the first `rank` axes of each, the rest size 1.)
        let mut s = s;
        for d in s.iter_mut().skip(rank) {
            *d = 1;
        }
        pair(t, s, &ds, &ss);
    }
}

// Above 1 MiB the staged walk hints the next strip's rows of every
// contiguous operand (zip_with: the destination). 1 M elements through the
// model: in release builds, and in debug builds when CONSTRIDED_FULL_TESTS
// is set (CI's `--all-features` step; CI's release step does not build this
// binary), so the default `cargo test` skips it.
#[test]
#[cfg_attr(miri, ignore = "1 MiB operands")]
fn staged_walk_hinted_sizes() {
    if cfg!(debug_assertions) && std::env::var_os("CONSTRIDED_FULL_TESTS").is_none() {
        return;
    }
    let flip = Spec {
        perm: vec![1, 0],
        flips: vec![true, true],
        pad: vec![1, 0],
        offset: 2,
        bcast: vec![false, false],
    };
    let t = Spec {
        perm: vec![1, 0],
        flips: vec![false, false],
        pad: vec![0, 0],
        offset: 0,
        bcast: vec![false, false],
    };
    let row = Spec {
        perm: vec![0, 1],
        flips: vec![false, true],
        pad: vec![0, 3],
        offset: 1,
        bcast: vec![false, false],
    };
    // The hint follows the destination's bytes (`HINT_MIN_BYTES`): each
    // destination type at shapes just past 1 MiB of it, square, tall and
    // wide (64 lines or more per axis, so that the strips are staged).
    let pairs = [(&row, &t), (&row, &flip), (&flip, &t), (&t, &row)];
    for shape in [[1025, 1025], [4097, 257], [257, 4097]] {
        for (ds, ss) in pairs {
            check::<u8, u8, 2>(shape, ds, ss);
        }
    }
    for shape in [[513, 513], [2049, 129], [129, 2049], [550, 500]] {
        for (ds, ss) in pairs {
            check::<f32, f64, 2>(shape, ds, ss);
        }
    }
    for shape in [[363, 363], [1025, 129], [129, 1025], [400, 350]] {
        for (ds, ss) in pairs {
            check::<f64, f32, 2>(shape, ds, ss);
        }
    }
}

// z28d: the staged walk starts its strips on the staged operand's cache
// lines and its column chunks on the destination's (a grid shifted by the
// buffers' addresses). Every shift: a transposed source whose first
// element lies `so` elements past a 64-byte line (within a buffer of T's
// alignment), a destination `d0` past one, padded rows, against the model.
fn check_shifted<T: E, U: E>(rows: usize, cols: usize, so: usize, d0: usize, pad: usize) {
    // A buffer's first element at a 64-byte line, found by address (only
    // compared): elements lie on multiples of their size.
    let line0 = |p: *const u8, size: usize| (64 - p as usize % 64) % 64 / size;
    let rp = rows + pad;
    let mut sbuf: Vec<U> = (0..(cols * rp + 128) as u64)
        .map(|i| U::of(i * 5 + 3))
        .collect();
    let s_off = line0(sbuf.as_ptr().cast(), size_of::<U>()) + so;
    sbuf.truncate(s_off + cols * rp);
    let sl = Layout::new([rows, cols], [1, rp as isize], s_off).unwrap();
    let cp = cols + pad;
    let mut dbuf: Vec<T> = (0..(rows * cp + 128) as u64)
        .map(|i| T::of(i * 7 + 1))
        .collect();
    let d_off = line0(dbuf.as_ptr().cast(), size_of::<T>()) + d0;
    dbuf.truncate(d_off + rows * cp);
    let dl = Layout::new([rows, cols], [cp as isize, 1], d_off).unwrap();
    let al = Layout::contiguous([rows, cols]);
    let abuf: Vec<T> = (0..(rows * cols) as u64)
        .map(|i| T::of(i * 11 + 1))
        .collect();
    let idxs = indices([rows, cols]);
    let what = format!("{rows}x{cols} so {so} d0 {d0} pad {pad}");
    zip_with_then_zip(&mut dbuf, dl, (&sbuf, sl), (&abuf, al), &idxs, false, &what);
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn staged_walk_every_line_shift(
        rows in edge(), cols in edge(), so in 0usize..64, d0 in 0usize..64,
        pad in 0usize..3, t in 0u8..4,
    ) {
        prop_assume!(rows * cols > 64);
        match t {
            0 => check_shifted::<f32, f32>(rows, cols, so % 16, d0 % 16, pad),
            1 => check_shifted::<u8, u8>(rows, cols, so, d0, pad),
            2 => check_shifted::<f64, u16>(rows, cols, so % 32, d0 % 8, pad),
            _ => check_shifted::<u16, f64>(rows, cols, so % 8, d0 % 32, pad),
        }
    }
}

// Every shift of an f32 source and destination on a strip-and-chunk grid
// (several strips and column chunks per axis), deterministically.
#[test]
fn staged_walk_line_shifts_f32() {
    let (rows, cols) = if cfg!(miri) { (19, 21) } else { (37, 300) };
    let step = if cfg!(miri) { 5 } else { 1 };
    for so in (0..16).step_by(step) {
        check_shifted::<f32, f32>(rows, cols, so, (so * 7) % 16, so % 2);
    }
}
