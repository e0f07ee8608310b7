//! Review of issue 16 (engine tiles walked in blocks and half-width passes
//! or with a run hinted ahead; transposes in one strip traversal, streamed
//! from 16 MiB): every kernel against a brute-force model, on views that
//! are part of a larger buffer filled with sentinels (the rest must stay
//! untouched), at every SIMD level with streaming forced on and off.
//! Extents straddle block, pass, tile and strip edges; source pitches are
//! multiples of 4 KiB (tiles walked in blocks, strips) or just off them.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use constrided::kernel::{force_level, force_streaming, rearrange_dyn, Level};
use constrided::{DynLayout, Layout, StridedView, StridedViewMut, Zip};

static SWITCHES: Mutex<()> = Mutex::new(());

fn lock() -> std::sync::MutexGuard<'static, ()> {
    SWITCHES.lock().unwrap_or_else(|e| e.into_inner())
}

fn settings() -> Vec<(Level, Option<bool>)> {
    if cfg!(miri) {
        // (No SIMD and no streaming under Miri: one setting.)
        return vec![(Level::Portable, Some(true))];
    }
    if cfg!(debug_assertions) {
        // (Debug builds, `cargo test`: one setting per level; CI runs every
        // setting in release, next to the fuzz tests.)
        return vec![
            (Level::Portable, Some(false)),
            (Level::Sse2, Some(true)),
            (Level::Avx2, None),
        ];
    }
    let mut v = Vec::new();
    for level in [Level::Portable, Level::Sse2, Level::Avx2] {
        for stream in [Some(false), Some(true), None] {
            v.push((level, stream));
        }
    }
    v
}

fn reset() {
    force_level(None);
    force_streaming(None);
}

trait Elem: Copy + PartialEq + core::fmt::Debug {
    // Never equal to `SENTINEL`.
    fn val(i: usize) -> Self;
    const SENTINEL: Self;
}
macro_rules! elem {
    ($($t:ty),*) => {$(impl Elem for $t {
        fn val(i: usize) -> Self { (i % 250 + 1) as $t }
        const SENTINEL: Self = 0;
    })*};
}
elem!(u8, u16, u32, u64);

/// Row-major positions of a layout (shape, strides, offset).
fn positions(shape: &[usize], strides: &[isize], offset: usize) -> Vec<usize> {
    let n: usize = shape.iter().product();
    let mut out = Vec::with_capacity(n);
    for lin in 0..n {
        let mut rem = lin;
        let mut p = offset as isize;
        for k in (0..shape.len()).rev() {
            p += (rem % shape[k]) as isize * strides[k];
            rem /= shape[k];
        }
        out.push(p as usize);
    }
    out
}

/// A layout reaching position 0 at its lowest: the offset that makes the
/// negative strides fit, plus `lead`.
fn fit(shape: &[usize], strides: &[isize], lead: usize) -> DynLayout {
    let neg: isize = shape
        .iter()
        .zip(strides)
        .filter(|(_, s)| **s < 0)
        .map(|(&n, &s)| (n as isize - 1) * -s)
        .sum();
    DynLayout::new(shape, strides, lead + neg as usize).unwrap()
}

// Copies through rearrange_dyn into a destination with sentinels around
// and between its positions; compares the whole buffer with the model.
fn copy_case<T: Elem>(dl: &DynLayout, sl: &DynLayout) {
    let shape = dl.shape().to_vec();
    let sp = positions(&shape, sl.strides(), sl.offset());
    let dp = positions(&shape, dl.strides(), dl.offset());
    let slen = sp.iter().max().map_or(0, |m| m + 1);
    let dlen = dp.iter().max().map_or(0, |m| m + 1) + 67;
    let src: Vec<T> = (0..slen).map(T::val).collect();
    let mut want = vec![T::SENTINEL; dlen];
    for (d, s) in dp.iter().zip(&sp) {
        want[*d] = src[*s];
    }
    let mut dst = vec![T::SENTINEL; dlen];
    for (level, stream) in settings() {
        force_level(Some(level));
        force_streaming(stream);
        dst.fill(T::SENTINEL);
        rearrange_dyn(&mut dst, dl, &src, sl).unwrap();
        if dst != want {
            let bad = (0..dlen).find(|&i| dst[i] != want[i]).unwrap();
            panic!(
                "{level:?} {stream:?} {} bytes: {:?} <- {:?}: first difference at {bad}: {:?} != {:?} (a view position: {})",
                size_of::<T>(),
                dl,
                sl,
                dst[bad],
                want[bad],
                dp.contains(&bad)
            );
        }
    }
}

// 2-D transposes: source columns `pitch` apart (column-major), destination
// rows `dpitch` apart from `lead`, either side flipped.
fn transposes<T: Elem>(rows: &[usize], cols: &[usize], pitches: &[usize]) {
    let b = 64 / size_of::<T>();
    for &r in rows {
        for &c in cols {
            for &p in pitches {
                let p = p.max(r);
                let dsets = [(c + 3, 1), (c.next_multiple_of(b) + b, b - 1), (c, 0)];
                let flips = [(1, 1), (-1, -1), (-1, 1), (1, -1)];
                // (Under Miri and in debug builds, the first two of each;
                // CI runs them all in release.)
                let k = if cfg!(miri) || cfg!(debug_assertions) {
                    2
                } else {
                    4
                };
                for &(dpitch, lead) in &dsets[..k.min(3)] {
                    for &flip in &flips[..k] {
                        let sl = fit(&[r, c], &[flip.0, flip.1 * p as isize], 5);
                        let dl = fit(&[r, c], &[flip.1 * dpitch as isize, flip.0], lead);
                        copy_case::<T>(&dl, &sl);
                    }
                }
            }
        }
    }
}

fn edges(e: usize) -> Vec<usize> {
    vec![e - 1, e + 1]
}

#[test]
fn transposes_straddling_strips_and_tiles() {
    let _g = lock();
    fn one<T: Elem>() {
        let b = 64 / size_of::<T>();
        // The copy engine's tile edge (see copy.rs: tile_for).
        let tile = if cfg!(miri) {
            16usize.clamp(b, 256) / b * b
        } else {
            (1024 / size_of::<T>()).min(256)
        };
        let page = if cfg!(miri) { 64 } else { 4096 } / size_of::<T>();
        let mut rows = edges(tile);
        rows.push(2 * tile + b + 1);
        let mut cols = edges(2 * b);
        cols.push(b - 1);
        cols.push(3 * b + 5);
        if cfg!(miri) {
            // Rows longer than a tile (strips walked down them) only.
            rows.remove(0);
            rows.truncate(1);
            cols.truncate(if b > 16 { 1 } else { 2 });
        }
        let pitches = [page, 2 * page + 1, page - 1];
        transposes::<T>(&rows, &cols, &pitches[..if cfg!(miri) { 2 } else { 3 }]);
    }
    if !cfg!(miri) {
        one::<u8>();
        one::<u16>();
    }
    one::<u32>();
    one::<u64>();
    reset();
}

#[test]
fn permutations_with_outer_axes() {
    // 3-D: the outer axis nearer in the source than the columns (strips),
    // or farther (square tiles unless the rows are longer than a tile).
    let _g = lock();
    fn one<T: Elem>(o: usize, r: usize, c: usize) {
        // Source (c, o, r) contiguous seen as (o, r, c); and (o, c, r).
        let near = [r as isize, 1, (o * r) as isize];
        let far = [(c * r) as isize, 1, r as isize];
        for ss in [near, far] {
            for flip in [1isize, -1] {
                let sl = fit(&[o, r, c], &[ss[0] * flip, ss[1], ss[2] * flip], 3);
                let d = [(r * (c + 1)) as isize, (c + 1) as isize, 1];
                let dl = fit(&[o, r, c], &[d[0], d[1] * flip, d[2]], 2);
                copy_case::<T>(&dl, &sl);
            }
        }
    }
    if cfg!(miri) {
        one::<u8>(2, 65, 3);
        one::<u32>(3, 17, 17);
    } else {
        one::<u8>(3, 257, 130);
        one::<u16>(2, 300, 65);
        one::<u32>(3, 257, 40);
        one::<u64>(2, 129, 17);
        one::<u32>(2, 1000, 1025);
    }
    reset();
}

// ---- the element-wise engine ----

/// A view of `shape` with `strides` inside a buffer of sentinels.
struct Sub<T> {
    buf: Vec<T>,
    layout: Layout<2>,
}

impl<T: Elem> Sub<T> {
    fn new(shape: [usize; 2], strides: [isize; 2], lead: usize, fill: impl Fn(usize) -> T) -> Self {
        let l = fit(&shape, &strides, lead);
        let layout = Layout::new(shape, strides, l.offset()).unwrap();
        let pos = positions(&shape, &strides, l.offset());
        let len = pos.iter().max().map_or(0, |m| m + 1) + 33;
        let mut buf = vec![T::SENTINEL; len];
        for (k, &p) in pos.iter().enumerate() {
            buf[p] = fill(k);
        }
        Sub { buf, layout }
    }
    fn view(&self) -> StridedView<'_, T, 2> {
        StridedView::new(&self.buf, self.layout).unwrap()
    }
    fn view_mut(&mut self) -> StridedViewMut<'_, T, 2> {
        StridedViewMut::new(&mut self.buf, self.layout).unwrap()
    }
    fn pos(&self) -> Vec<usize> {
        positions(
            &self.layout.shape(),
            &self.layout.strides(),
            self.layout.offset(),
        )
    }
    /// Checks the view holds `want` (row-major) and the rest is sentinels.
    fn check(&self, want: &[T], what: &str) {
        let mut full = vec![T::SENTINEL; self.buf.len()];
        for (&p, &w) in self.pos().iter().zip(want) {
            full[p] = w;
        }
        if full != self.buf {
            let bad = (0..full.len()).find(|&i| full[i] != self.buf[i]).unwrap();
            panic!(
                "{what} {:?}: first difference at {bad}: {:?} != {:?}",
                self.layout, self.buf[bad], full[bad]
            );
        }
    }
}

// Strides of one operand over [r, c]: row-major or transposed (column
// stride `pitch`), optionally flipped.
fn strides(c: usize, r: usize, kind: usize, pitch: usize) -> [isize; 2] {
    match kind {
        0 => [c as isize + 2, 1],
        1 => [1, pitch.max(r) as isize],
        2 => [-1, pitch.max(r) as isize],
        3 => [1, -(pitch.max(r) as isize)],
        _ => [0, pitch.max(r) as isize], // broadcast rows, columns far apart
    }
}

fn zip_case(r: usize, c: usize, pitch: usize, kinds: [usize; 5]) {
    let shape = [r, c];
    let n = r * c;
    let mk = |kind: usize, salt: u32| -> Sub<u32> {
        Sub::new(shape, strides(c, r, kind, pitch), 7, |k| {
            (k as u32).wrapping_mul(2654435761).wrapping_add(salt) | 1
        })
    };
    let a = mk(kinds[1], 1);
    let b = mk(kinds[2], 2);
    let d = mk(kinds[3], 3);
    let e = mk(kinds[4], 4);
    let get = |s: &Sub<u32>| -> Vec<u32> { s.pos().iter().map(|&p| s.buf[p]).collect() };
    let (va, vb, vd, ve) = (get(&a), get(&b), get(&d), get(&e));
    let f = |x: u32, y: u32, z: u32, w: u32| {
        x ^ y.rotate_left(7) ^ z.rotate_left(13) ^ w.rotate_left(19)
    };
    let want: Vec<u32> = (0..n).map(|k| f(va[k], vb[k], vd[k], ve[k])).collect();
    for (level, stream) in settings() {
        force_level(Some(level));
        force_streaming(stream);
        let mut out = mk(kinds[0], 0);
        let mut o = out.view_mut();
        Zip::from(&mut o)
            .and(a.view())
            .unwrap()
            .and(b.view())
            .unwrap()
            .and(d.view())
            .unwrap()
            .and(e.view())
            .unwrap()
            .for_each(|o, &x, &y, &z, &w| *o = f(x, y, z, w));
        out.check(&want, &format!("Zip5 {level:?} {kinds:?} pitch {pitch}"));
        // Six operands: the output read back as one more.
        let mut out2 = mk(kinds[0], 0);
        let mut o2 = out2.view_mut();
        Zip::from(&mut o2)
            .and(a.view())
            .unwrap()
            .and(b.view())
            .unwrap()
            .and(d.view())
            .unwrap()
            .and(e.view())
            .unwrap()
            .and(out.view())
            .unwrap()
            .for_each(|o, &x, &y, &z, &w, &v| {
                assert_eq!(v, f(x, y, z, w));
                *o = v.wrapping_add(1)
            });
        let want2: Vec<u32> = want.iter().map(|v| v.wrapping_add(1)).collect();
        out2.check(&want2, &format!("Zip6 {level:?} {kinds:?} pitch {pitch}"));
        // Every index exactly once, with its own items.
        let mut seen = vec![0u8; n];
        Zip::from(a.view())
            .and(b.view())
            .unwrap()
            .and(d.view())
            .unwrap()
            .indexed()
            .for_each(|[i, j], &x, &y, &z| {
                let k = i * c + j;
                assert_eq!((x, y, z), (va[k], vb[k], vd[k]));
                seen[k] += 1;
            });
        assert!(seen.iter().all(|&s| s == 1), "indexed {kinds:?}");
        let m = Zip::from(a.view())
            .and(e.view())
            .unwrap()
            .map_collect(|&x, &y| x ^ y);
        let wm: Vec<u32> = (0..n).map(|k| va[k] ^ ve[k]).collect();
        assert_eq!(m.into_vec(), wm, "map_collect {kinds:?}");
        let s = Zip::from(a.view())
            .and(b.view())
            .unwrap()
            .fold(0u64, |s, &x, &y| s + (x ^ y) as u64);
        assert_eq!(s, (0..n).map(|k| (va[k] ^ vb[k]) as u64).sum::<u64>());
        // zip_with and a transposed operand (the staged path).
        let mut out3 = mk(kinds[0], 0);
        out3.view_mut()
            .zip_with(&a.view(), |o, &x| *o = x.wrapping_mul(3))
            .unwrap();
        let w3: Vec<u32> = va.iter().map(|x| x.wrapping_mul(3)).collect();
        out3.check(&w3, &format!("zip_with {level:?} {kinds:?}"));
    }
}

#[test]
fn zips_of_transposed_operands() {
    let _g = lock();
    // u32 elements: tile edge 16 (rows 256; period 1024 elements).
    let (dims, pitches): (&[(usize, usize)], &[usize]) = if cfg!(miri) {
        (&[(7, 8)], &[8, 9])
    } else {
        (
            &[(15, 33), (17, 31), (255, 40), (257, 65), (300, 9)],
            &[1024, 1025, 2048, 4096 + 3],
        )
    };
    let kind_sets: &[[usize; 5]] = &[
        [0, 1, 2, 3, 4],
        [1, 0, 1, 2, 0],
        [2, 3, 0, 1, 1],
        [0, 4, 1, 0, 3],
    ];
    // (Under Miri and in debug builds, the first two; CI runs all four in
    // release.)
    let kind_sets = &kind_sets[..if cfg!(miri) || cfg!(debug_assertions) {
        2
    } else {
        4
    }];
    for &(r, c) in dims {
        for &p in pitches {
            for &k in kind_sets {
                zip_case(r, c, p, k);
            }
        }
    }
    reset();
}

// ---- panics midway: no double drop, no leak ----

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

struct Counted(String);
impl Counted {
    fn new(s: String) -> Self {
        LIVE.with(|l| l.set(l.get() + 1));
        Counted(s)
    }
}
impl Drop for Counted {
    fn drop(&mut self) {
        LIVE.with(|l| {
            assert!(l.get() > 0, "double drop of {:?}", self.0);
            l.set(l.get() - 1)
        });
    }
}

#[test]
fn collecting_closures_that_panic_midway() {
    let _g = lock();
    let (r, c, pitch) = if cfg!(miri) {
        (7, 9, 16)
    } else {
        (70, 45, 1024)
    };
    let a: Sub<u32> = Sub::new([r, c], [1, pitch], 1, |k| k as u32 + 1);
    let b: Sub<u32> = Sub::new([r, c], [c as isize, 1], 1, |k| k as u32 + 1);
    let stops: Vec<usize> = if cfg!(miri) {
        vec![0, 1, 5, 30, 62]
    } else {
        vec![0, 1, 17, 250, 1000, r * c - 1]
    };
    for stop in stops {
        for which in 0..3 {
            let mut calls = 0;
            let res = catch_unwind(AssertUnwindSafe(|| match which {
                0 => Zip::from(a.view())
                    .and(b.view())
                    .unwrap()
                    .map_collect(|&x, &y| {
                        calls += 1;
                        assert!(calls <= stop, "stop");
                        Counted::new(format!("{x}-{y}"))
                    })
                    .into_vec()
                    .len(),
                1 => a
                    .view()
                    .map(|&x| {
                        calls += 1;
                        assert!(calls <= stop, "stop");
                        Counted::new(format!("{x}"))
                    })
                    .into_vec()
                    .len(),
                _ => Zip::from(a.view())
                    .and(b.view())
                    .unwrap()
                    .and(a.view())
                    .unwrap()
                    .map_collect(|&x, &y, &z| {
                        calls += 1;
                        assert!(calls <= stop, "stop");
                        Counted::new(format!("{x}{y}{z}"))
                    })
                    .into_vec()
                    .len(),
            }));
            assert!(res.is_err());
            assert_eq!(LIVE.with(|l| l.get()), 0, "leak: stop {stop}, {which}");
        }
    }
    reset();
}

// ---- axis reductions of permuted sources ----

#[test]
fn axis_sums_of_permuted_sources() {
    let _g = lock();
    let (o, r, c) = if cfg!(miri) { (3, 5, 9) } else { (5, 67, 1030) };
    let data: Vec<u64> = (0..o * r * c).map(|i| (i as u64 * 7919) % 1009).collect();
    let base = StridedView::new(&data, Layout::contiguous([o, r, c])).unwrap();
    for perm in [
        [0, 1, 2],
        [2, 1, 0],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [1, 0, 2],
    ] {
        let v = base.permute(perm).unwrap();
        let sh = v.shape();
        for axis in 0..3 {
            let got = v.sum_axis::<2>(axis).unwrap();
            let kept: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
            let mut want = vec![0u64; sh[kept[0]] * sh[kept[1]]];
            for i in 0..sh[0] {
                for j in 0..sh[1] {
                    for k in 0..sh[2] {
                        let idx = [i, j, k];
                        want[idx[kept[0]] * sh[kept[1]] + idx[kept[1]]] += v[[i, j, k]];
                    }
                }
            }
            assert_eq!(got.to_vec(), want, "sum_axis {perm:?} {axis}");
            // fold_axis_into a transposed destination inside sentinels.
            let [d0, d1] = [sh[kept[0]], sh[kept[1]]];
            let mut dst: Sub<u64> = Sub::new([d0, d1], [1, d0 as isize + 1], 3, |_| 1);
            v.fold_axis_into(axis, &mut dst.view_mut(), |d, &x| *d += x)
                .unwrap();
            let w: Vec<u64> = want.iter().map(|x| x + 1).collect();
            dst.check(&w, &format!("fold_axis_into {perm:?} {axis}"));
        }
    }
}

// ---- halves of one buffer written by two threads ----

#[test]
fn split_halves_on_two_threads() {
    let _g = lock();
    let (r, c, pitch) = if cfg!(miri) {
        (8, 9, 8)
    } else {
        (300, 70, 1024)
    };
    let a: Sub<u32> = Sub::new([r, c], [1, pitch], 1, |k| k as u32 + 1);
    let va: Vec<u32> = a.pos().iter().map(|&p| a.buf[p]).collect();
    for axis in 0..2 {
        let mut out: Sub<u32> = Sub::new([r, c], [c as isize + 5, 1], 2, |_| 9);
        let at = [r, c][axis] / 2 + 1;
        {
            let av = a.view();
            let (a0, a1) = av.split_at(axis, at).unwrap();
            let mut o = out.view_mut();
            let (mut o0, mut o1) = o.reborrow().split_at(axis, at).unwrap();
            std::thread::scope(|s| {
                s.spawn(|| {
                    Zip::from(&mut o0)
                        .and(a0)
                        .unwrap()
                        .for_each(|o, &x| *o = x * 2)
                });
                Zip::from(&mut o1)
                    .and(a1)
                    .unwrap()
                    .for_each(|o, &x| *o = x * 2);
            });
        }
        let w: Vec<u32> = va.iter().map(|x| x * 2).collect();
        out.check(&w, &format!("split {axis}"));
    }
}

#[test]
#[cfg_attr(miri, ignore = "16 MiB")]
fn transpose_streamed_by_size_into_part_of_a_buffer() {
    // 16 MiB of u8 (TRANSPOSE_STREAM_MIN_BYTES): streamed without forcing,
    // into rows 4096 + 64 bytes apart starting one byte into a line (a
    // peel), columns 4 KiB apart in the source (strips); the gaps between
    // the rows keep their sentinels.
    let _g = lock();
    let (r, c, dpitch) = (4096usize, 4097usize, 4096 + 128);
    let src: Vec<u8> = (0..r * c).map(|i| (i % 251 + 1) as u8).collect();
    let sl = DynLayout::new(&[r, c], &[1, r as isize], 0).unwrap();
    let dl = DynLayout::new(&[r, c], &[dpitch as isize, 1], 1).unwrap();
    let mut dst = vec![0u8; 1 + (r - 1) * dpitch + c + 70];
    for (level, stream) in [
        (Level::Avx2, None),
        (Level::Sse2, None),
        (Level::Avx2, Some(true)),
    ] {
        force_level(Some(level));
        force_streaming(stream);
        dst.fill(0);
        rearrange_dyn(&mut dst, &dl, &src, &sl).unwrap();
        for (p, &d) in dst.iter().enumerate() {
            let (i, j) = ((p.wrapping_sub(1)) / dpitch, (p.wrapping_sub(1)) % dpitch);
            let want = if p >= 1 && i < r && j < c {
                src[i + j * r]
            } else {
                0
            };
            assert_eq!(d, want, "{level:?} {stream:?} at {p}");
        }
    }
    reset();
}
