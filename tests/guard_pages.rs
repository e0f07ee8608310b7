//! Issue 15: every copy path and the element-wise kernels over buffers
//! placed flush against `PROT_NONE` guard pages: buffers that END at a
//! guard page (a read or write one byte past the last reachable element
//! faults) and buffers that START right after one (for negative strides:
//! one byte below position 0 faults). Under every SIMD level the CPU has
//! (portable, SSE2, AVX2), streaming stores forced on and off, element
//! sizes 1, 2, 4 and 8, transposes, flips, step-2 slices and partial views
//! (split halves, views from raw parts). CI also runs this file under
//! AddressSanitizer.
#![cfg(unix)]

use std::sync::Mutex;

use constrided::kernel::{force_level, force_streaming, rearrange, Level};
use constrided::{s, Layout, StridedView, StridedViewMut, Zip};

static SWITCHES: Mutex<()> = Mutex::new(());

fn page() -> usize {
    // SAFETY: sysconf has no preconditions.
    unsafe { libc::sysconf(libc::_SC_PAGESIZE) as usize }
}

// A mapping of `pages` usable pages between two PROT_NONE pages.
struct Guarded {
    base: *mut u8,
    total: usize,
    usable: usize,
}

impl Guarded {
    fn new(bytes: usize) -> Self {
        let pg = page();
        let pages = bytes.div_ceil(pg).max(1);
        let total = (pages + 2) * pg;
        // SAFETY: an anonymous private mapping; checked for failure.
        let base = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED, "mmap failed");
        let base = base as *mut u8;
        // SAFETY: the first and last pages of our own mapping.
        unsafe {
            assert_eq!(libc::mprotect(base.cast(), pg, libc::PROT_NONE), 0);
            assert_eq!(
                libc::mprotect(base.add(total - pg).cast(), pg, libc::PROT_NONE),
                0
            );
        }
        Guarded {
            base,
            total,
            usable: pages * pg,
        }
    }

    // `len` elements ending exactly at the upper guard page.
    fn at_end<T>(&mut self, len: usize) -> &mut [T] {
        let bytes = len * size_of::<T>();
        assert!(bytes <= self.usable);
        // SAFETY: inside the usable pages; the end is page-aligned, so
        // the start is aligned for T (a power-of-two size <= the page).
        unsafe {
            let p = self.base.add(page() + self.usable - bytes) as *mut T;
            core::slice::from_raw_parts_mut(p, len)
        }
    }

    // `len` elements flush against the upper guard page (`at_end`) or
    // right after the lower one: the two places every test puts a buffer.
    fn at<T>(&mut self, len: usize, at_end: bool) -> &mut [T] {
        if at_end {
            self.at_end(len)
        } else {
            self.at_start(len)
        }
    }

    // `len` elements starting exactly after the lower guard page.
    fn at_start<T>(&mut self, len: usize) -> &mut [T] {
        assert!(len * size_of::<T>() <= self.usable);
        // SAFETY: inside the usable pages, page-aligned.
        unsafe { core::slice::from_raw_parts_mut(self.base.add(page()) as *mut T, len) }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: our own mapping, no slice of it outlives self.
        unsafe { libc::munmap(self.base.cast(), self.total) };
    }
}

fn settings() -> Vec<(Level, Option<bool>)> {
    // A level above the CPU's is lowered to the detected one.
    let mut v = Vec::new();
    for level in [Level::Portable, Level::Sse2, Level::Avx2, Level::Avx512] {
        for stream in [Some(false), Some(true)] {
            v.push((level, stream));
        }
    }
    v
}

// Calls the generic test body `$f` for every element size (1, 2, 4, 8).
macro_rules! every_size {
    ($f:ident) => {{
        $f::<u8>();
        $f::<u16>();
        $f::<u32>();
        $f::<u64>();
    }};
}

// Runs `f` under every setting of `settings()`, then restores the defaults.
fn under_every_setting(mut f: impl FnMut(Level, Option<bool>)) {
    for (level, stream) in settings() {
        force_level(Some(level));
        force_streaming(stream);
        f(level, stream);
    }
    force_level(None);
    force_streaming(None);
}

// Element offsets within a cache line for `size`-byte elements: every one
// in release (where CI runs these tests), three in debug.
fn line_offsets(size: usize) -> Vec<usize> {
    if cfg!(debug_assertions) {
        vec![0, 1, 64 / size - 1]
    } else {
        (0..64 / size).collect()
    }
}

trait Elem: Copy + PartialEq + core::fmt::Debug + Default + core::ops::Add<Output = Self> {
    fn from_index(i: usize) -> Self;
}
macro_rules! elem {
    ($($t:ty),*) => {$(impl Elem for $t { fn from_index(i: usize) -> Self { (i % 61) as $t } })*};
}
elem!(u8, u16, u32, u64);

// The layouts of one rank-2 case: source and destination, both reaching
// their last buffer element (and position 0).
fn cases(r: usize, c: usize) -> Vec<(Layout<2>, Layout<2>)> {
    let row = Layout::contiguous([r, c]);
    let col = Layout::f_contiguous([r, c]);
    let gap = Layout::new([r, c], [c as isize + 3, 1], 0).unwrap();
    let flipped = row.flip(0).unwrap().flip(1).unwrap();
    vec![
        (row, row),
        (col, row), // transpose
        (row, col),
        (flipped, row),
        (row, flipped),
        (gap, col),
        (col, gap),
        // Transposes whose outer strides run backwards (the small
        // direct path's SSE2 blocks with a negative d0 or s1).
        (col.flip(1).unwrap(), row.flip(0).unwrap()),
    ]
}

// Copies sl -> dl with both buffers flush against a guard page (at the
// end, then at the start), checks every element, under every setting.
fn copy_case<T: Elem>(sl: Layout<2>, dl: Layout<2>) {
    let (sn, dn) = (sl.required_len(), dl.required_len());
    let mut gs = Guarded::new(sn * size_of::<T>());
    let mut gd = Guarded::new(dn * size_of::<T>());
    for at_end in [true, false] {
        let src: &mut [T] = gs.at(sn, at_end);
        for (i, e) in src.iter_mut().enumerate() {
            *e = T::from_index(i);
        }
        let src: &[T] = src;
        for (level, stream) in settings() {
            force_level(Some(level));
            force_streaming(stream);
            let dst: &mut [T] = gd.at(dn, at_end);
            dst.fill(T::default());
            let sv = StridedView::new(src, sl).unwrap();
            let mut dv = StridedViewMut::new(dst, dl).unwrap();
            rearrange(&mut dv, &sv).unwrap();
            let [r, c] = sl.shape();
            for i in 0..r {
                for j in 0..c {
                    assert_eq!(
                        dv[[i, j]],
                        sv[[i, j]],
                        "{level:?} {stream:?} {sl:?} -> {dl:?}"
                    );
                }
            }
            // Step-2 slices (and flipped ones) into split halves: partial
            // views, which may not touch the gaps or their siblings.
            let half = r.div_ceil(2);
            let (_, mut hi) = dv.split_at(0, r - half).unwrap();
            let ss = sv.slice(s![..;2, ..]).unwrap();
            hi.assign(&ss).unwrap();
            assert_eq!(hi.to_vec(), ss.to_vec());
            let sf = sv.slice(s![..;-2, ..;-1]).unwrap();
            hi.assign(&sf).unwrap();
            assert_eq!(hi.to_vec(), sf.to_vec());
            let st = sv.slice(s![.., 1..;2]).unwrap().t();
            let mut hc = hi.reborrow().slice(s![.., ..st.shape()[1]]).unwrap();
            if hc.shape() == st.shape() {
                hc.assign(&st).unwrap();
                assert_eq!(hc.to_vec(), st.to_vec());
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

fn all_sizes(r: usize, c: usize) {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (sl, dl) in cases(r, c) {
        copy_case::<u8>(sl, dl);
        copy_case::<u16>(sl, dl);
        copy_case::<u32>(sl, dl);
        copy_case::<u64>(sl, dl);
    }
}

#[test]
fn copies_small_and_odd() {
    all_sizes(1, 1);
    all_sizes(3, 5);
    all_sizes(7, 33);
    all_sizes(31, 17);
}

// Rank-2 copies of at most 128 elements run without a plan (the SSE2
// blocks of `sse2_small` for transposes, plain loops otherwise): every
// shape around the block edges of 1-, 2-, 4- and 8-byte elements.
#[test]
fn copies_small_rank2_direct() {
    for (r, c) in [
        (2, 2),
        (3, 3),
        (4, 4),
        (8, 8),
        (4, 16),
        (16, 4),
        (5, 9),
        (2, 64),
        (11, 11),
        (8, 16),
    ] {
        all_sizes(r, c);
    }
}

#[test]
fn copies_tiled_transposes() {
    all_sizes(64, 64);
    all_sizes(67, 129);
    all_sizes(2, 300);
}

#[test]
fn copies_transposes_of_far_apart_columns() {
    // Source columns 64 KiB or more apart and rows longer than a tile: the
    // transpose engine's column strips that run down the rows tile by tile
    // (35 columns: whole strips and a ragged one).
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn far<T: Elem>() {
        let r = (64 << 10) / size_of::<T>() + 70;
        let col = Layout::f_contiguous([r, 35]);
        copy_case::<T>(col, Layout::contiguous([r, 35]));
    }
    // (u8 and u16 need 64K-row columns: in release only, which CI runs.)
    if !cfg!(debug_assertions) {
        far::<u8>();
        far::<u16>();
    }
    far::<u32>();
    far::<u64>();
}

// The element-wise kernels over guarded buffers, both placements.
fn elementwise<T: Elem>(l: Layout<2>) {
    let n = l.required_len();
    let mut g = Guarded::new(n * size_of::<T>());
    let mut h = Guarded::new(n * size_of::<T>());
    for at_end in [true, false] {
        let a: &mut [T] = g.at(n, at_end);
        let b: &mut [T] = h.at(n, at_end);
        b.iter_mut()
            .enumerate()
            .for_each(|(i, e)| *e = T::from_index(i));
        for (level, stream) in settings() {
            force_level(Some(level));
            force_streaming(stream);
            let bv = StridedView::new(&*b, l).unwrap();
            let mut av = StridedViewMut::new(&mut *a, l).unwrap();
            av.fill(T::from_index(1));
            av.map_inplace(|e| *e = *e + T::from_index(1));
            av.zip_with(&bv, |d, s| *d = *d + *s).unwrap();
            Zip::from(&mut av)
                .and(&bv)
                .unwrap()
                .for_each(|d, s| *d = *d + *s);
            let want: Vec<T> = bv.iter().map(|&s| T::from_index(2) + s + s).collect();
            assert_eq!(av.to_vec(), want, "{level:?} {stream:?} {l:?}");
            let _ = av.view().fold(0usize, |k, _| k + 1);
            // map_reduce: every reached element once (count and a
            // position-free checksum against fold), forward, transposed,
            // flipped, and on the mutable view.
            let numel = l.shape().iter().product::<usize>();
            for w in [bv, bv.t(), bv.flip(0).unwrap(), bv.flip(1).unwrap()] {
                assert_eq!(w.map_reduce(0usize, |_| 1, |x, y| x + y), numel);
                let h = |x: &T| format!("{x:?}").len() as u64 + 1;
                assert_eq!(
                    w.map_reduce(0u64, |x| h(x), |x, y| x + y),
                    w.fold(0u64, |s, x| s + h(x)),
                    "{level:?} {l:?}"
                );
            }
            assert_eq!(av.map_reduce(0usize, |_| 1, |x, y| x + y), numel);
            let _ = bv.map(|&x| x);
            if size_of::<T>() >= 4 {
                // (Smaller sums could overflow.)
                let _ = bv.sum();
                let _ = bv.sum_axis::<1>(0).unwrap();
                let _ = bv.sum_axis::<1>(1).unwrap();
            }
            let _ = bv.t().to_vec();
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn elementwise_kernels() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(1, 1), (5, 7), (33, 65), (64, 3)] {
        for (l, _) in cases(r, c) {
            elementwise::<u8>(l);
            elementwise::<u16>(l);
            elementwise::<u32>(l);
            elementwise::<u64>(l);
        }
    }
}

#[test]
fn views_from_raw_parts_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // A reversed 9x13 view whose element (0, 0) is the last byte before the
    // upper guard, and whose lowest element is the first after the lower.
    let (r, c) = (9usize, 13usize);
    let mut g = Guarded::new(r * c);
    let buf: &mut [u8] = g.at_end(r * c);
    buf.iter_mut().enumerate().for_each(|(i, e)| *e = i as u8);
    let last = buf.as_ptr().wrapping_add(r * c - 1);
    // SAFETY: every element reached is in buf.
    let v = unsafe { StridedView::<u8, 2>::from_raw_parts_at(last, [r, c], [-(c as isize), -1]) }
        .unwrap();
    let mut out = vec![0u8; r * c];
    for (level, stream) in settings() {
        force_level(Some(level));
        force_streaming(stream);
        let mut ov = StridedViewMut::new(&mut out, Layout::contiguous([r, c]).t()).unwrap();
        rearrange(&mut ov, &v.t()).unwrap();
        let want: Vec<u8> = (0..r * c).rev().map(|i| i as u8).collect();
        assert_eq!(out, want);
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn copies_transposes_of_columns_4_kib_apart() {
    // Columns exactly 4 KiB apart in the source (the strip threshold) and
    // just under it, rows just above a tile (256 elements, 128 for u64):
    // one strip traversal, ragged strips (2·B + 1 columns), streamed or not.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn near<T: Elem>() {
        let b = 64 / size_of::<T>();
        for r in [4096 / size_of::<T>(), 4096 / size_of::<T>() - 1] {
            let col = Layout::f_contiguous([r, 2 * b + 1]);
            copy_case::<T>(col, Layout::contiguous([r, 2 * b + 1]));
        }
    }
    near::<u8>();
    near::<u16>();
    near::<u32>();
    near::<u64>();
}

#[test]
fn zips_of_operands_4_kib_apart() {
    // The element-wise engine's tiles: a transposed operand whose rows lie
    // 4 KiB apart (walked in blocks of rows and half-width passes) or 4 KiB
    // + 4 bytes apart (whole rows, a run hinted ahead), flush against the
    // guards, as the destination or the source.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(257usize, 33usize), (40, 70)] {
        for pitch in [1024usize, 1025] {
            let t = Layout::new([r, c], [1, pitch as isize], 0).unwrap();
            let row = Layout::contiguous([r, c]);
            for (dl, sl) in [(row, t), (t, row)] {
                let (dn, sn) = (dl.required_len(), sl.required_len());
                let mut gd = Guarded::new(dn * 4);
                let mut gs = Guarded::new(sn * 4);
                for at_end in [true, false] {
                    let src: &mut [u32] = gs.at(sn, at_end);
                    src.iter_mut().enumerate().for_each(|(i, e)| *e = i as u32);
                    let sv = StridedView::new(&*src, sl).unwrap();
                    for (level, stream) in settings() {
                        force_level(Some(level));
                        force_streaming(stream);
                        let dst: &mut [u32] = gd.at(dn, at_end);
                        let mut dv = StridedViewMut::new(dst, dl).unwrap();
                        dv.fill(1);
                        Zip::from(&mut dv)
                            .and(&sv)
                            .unwrap()
                            .and(&sv)
                            .unwrap()
                            .for_each(|d, &x, &y| *d += x + y);
                        let want: Vec<u32> = sv.iter().map(|&x| 1 + 2 * x).collect();
                        assert_eq!(dv.to_vec(), want, "{level:?} {dl:?} <- {sl:?}");
                        let m = Zip::from(&dv).and(&sv).unwrap().map_collect(|&d, &x| d - x);
                        let w2: Vec<u32> = sv.iter().map(|&x| 1 + x).collect();
                        assert_eq!(m.into_vec(), w2);
                    }
                }
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn staged_zip_with_of_columns_4_kib_apart() {
    // `zip_with` with a transposed source (the staged path) whose columns
    // lie just under, exactly at and just over 4 KiB apart (the page and
    // L1-set period): ragged blocks and staging strips, the source flush
    // against the guards, at every SIMD level.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn strips<T: Elem>() {
        let (size, b) = (size_of::<T>(), 64 / size_of::<T>());
        let (r, c) = (3 * b + 5, 4 * b + 3);
        for pitch in [4096 / size - 1, 4096 / size, 4096 / size + 1] {
            // Source element (i, j) of the destination's index at i + j·pitch.
            let sl = Layout::new([r, c], [1, pitch as isize], 0).unwrap();
            let dl = Layout::contiguous([r, c]);
            let sn = sl.required_len();
            let mut gs = Guarded::new(sn * size);
            for at_end in [true, false] {
                let src: &mut [T] = gs.at(sn, at_end);
                src.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(i));
                let sv = StridedView::new(&*src, sl).unwrap();
                under_every_setting(|level, _| {
                    let mut dst = vec![T::from_index(1); r * c];
                    let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
                    dv.zip_with(&sv, |d, s| *d = *d + *s).unwrap();
                    let want: Vec<T> = sv.iter().map(|&s| T::from_index(1) + s).collect();
                    assert_eq!(dst, want, "{level:?} pitch {pitch} size {size}");
                });
            }
        }
    }
    every_size!(strips);
}

#[test]
fn staged_strips_outer_ranks_at_guards() {
    // z29e: zip_with's strips run inlined into zip_mut (an outer plan of
    // rank 0 walked as its unit axis), `Zip` of 3's out of line: rank 2
    // and rank 3 (outer rank 1), the transposed source flush against
    // either guard page, at every SIMD level.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let (r, c) = (37usize, 45usize);
    for o in [1usize, 3] {
        // Source element (q, i, j) at q·r·c + j·r + i.
        let sl = Layout::new([o, r, c], [(r * c) as isize, 1, r as isize], 0).unwrap();
        let dl = Layout::contiguous([o, r, c]);
        let n = o * r * c;
        let mut gs = Guarded::new(n * 4);
        for at_end in [true, false] {
            let src: &mut [f32] = gs.at(n, at_end);
            src.iter_mut().enumerate().for_each(|(i, e)| *e = i as f32);
            let sv = StridedView::new(&*src, sl).unwrap();
            let a: Vec<f32> = (0..n).map(|i| (3 * i) as f32).collect();
            let av = StridedView::new(&a, dl).unwrap();
            let want1: Vec<f32> = sv.iter().map(|&s| 1.0 + s).collect();
            under_every_setting(|level, _| {
                let mut d = vec![1.0f32; n];
                let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
                // (o = 1: the plan drops the unit axis, its outer plan has
                // rank 0.)
                dv.zip_with(&sv, |d, s| *d += s).unwrap();
                assert_eq!(d, want1, "{level:?} zip_with outer {o} at_end {at_end}");
                let mut dv = StridedViewMut::new(&mut d, dl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(sv)
                    .unwrap()
                    .for_each(|d, &a, &s| *d = a + s);
                let want3: Vec<f32> = a.iter().zip(sv.iter()).map(|(&a, &s)| a + s).collect();
                assert_eq!(d, want3, "{level:?} Zip outer {o} at_end {at_end}");
            });
        }
    }
}

#[test]
fn staged_zip_of_columns_4_kib_apart() {
    // Issue 28: `Zip` with a transposed read-only operand (staged through
    // the copy engine's blocks, as `zip_with`'s source) whose columns lie
    // just under, exactly at and just over 4 KiB apart: ragged strips, the
    // transposed operand and a contiguous one flush against the guards,
    // the transposed one also flipped (negative strides), at every SIMD
    // level; for_each with 3 operands, fold and map_collect.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn strips<T: Elem>() {
        let (size, b) = (size_of::<T>(), 64 / size_of::<T>());
        let (r, c) = (3 * b + 5, 4 * b + 3);
        for pitch in [4096 / size - 1, 4096 / size, 4096 / size + 1] {
            let sl = Layout::new([r, c], [1, pitch as isize], 0).unwrap();
            let dl = Layout::contiguous([r, c]);
            let sn = sl.required_len();
            let mut gs = Guarded::new(sn * size);
            let mut ga = Guarded::new(r * c * size);
            for at_end in [true, false] {
                let src: &mut [T] = gs.at(sn, at_end);
                src.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(i));
                let a: &mut [T] = ga.at(r * c, at_end);
                a.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(3 * i));
                let sv = StridedView::new(&*src, sl).unwrap();
                let av = StridedView::new(&*a, dl).unwrap();
                under_every_setting(|level, _| {
                    for s in [sv, sv.flip(0).unwrap().flip(1).unwrap()] {
                        let mut dst = vec![T::from_index(1); r * c];
                        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
                        Zip::from(&mut dv)
                            .and(av)
                            .unwrap()
                            .and(s)
                            .unwrap()
                            .for_each(|d, &a, &s| *d = *d + a + s);
                        let want: Vec<T> = av
                            .iter()
                            .zip(s.iter())
                            .map(|(&a, &s)| T::from_index(1) + a + s)
                            .collect();
                        assert_eq!(dst, want, "{level:?} pitch {pitch} size {size}");
                        let m = Zip::from(av).and(s).unwrap().map_collect(|&a, &s| a + s);
                        let w2: Vec<T> = av.iter().zip(s.iter()).map(|(&a, &s)| a + s).collect();
                        assert_eq!(m.into_vec(), w2);
                        let n = Zip::from(s).and(av).unwrap().fold(0usize, |n, _, _| n + 1);
                        assert_eq!(n, r * c);
                    }
                });
            }
        }
    }
    every_size!(strips);
}

#[test]
fn staged_zip_line_shifts_at_guards() {
    // z28d: the staged walk starts strips on the staged operand's cache
    // lines and column chunks on the destination's, so the first and last
    // strip and chunk of each axis are short by where the operands start
    // in a line. The transposed source and the destination both flush
    // against a guard page at their ends (so their starts lie at every
    // element of a line as the row count varies), at every SIMD level;
    // `Zip` of 3 operands and `zip_with`.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn shifts<T: Elem>() {
        let b = 64 / size_of::<T>();
        let c = 2 * b + 3;
        let pitch = 4096 / size_of::<T>();
        for r in [2 * b + 1, 2 * b + b / 2 + 1, 3 * b - 1, 3 * b] {
            let sl = Layout::new([r, c], [1, pitch as isize], 0).unwrap();
            let dl = Layout::contiguous([r, c]);
            let sn = sl.required_len();
            let mut gs = Guarded::new(sn * size_of::<T>());
            let mut gd = Guarded::new(r * c * size_of::<T>());
            let src: &mut [T] = gs.at_end(sn);
            src.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = T::from_index(i));
            let sv = StridedView::new(&*src, sl).unwrap();
            let a: Vec<T> = (0..r * c).map(|i| T::from_index(3 * i)).collect();
            let av = StridedView::new(&a, dl).unwrap();
            under_every_setting(|level, _| {
                let dst: &mut [T] = gd.at_end(r * c);
                dst.fill(T::from_index(1));
                let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(sv)
                    .unwrap()
                    .for_each(|d, &a, &s| *d = *d + a + s);
                dv.zip_with(&sv, |d, &s| *d = *d + s).unwrap();
                let want: Vec<T> = av
                    .iter()
                    .zip(sv.iter())
                    .map(|(&a, &s)| T::from_index(1) + a + s + s)
                    .collect();
                assert_eq!(
                    &*dst,
                    &want[..],
                    "{level:?} rows {r} size {}",
                    size_of::<T>()
                );
            });
        }
    }
    every_size!(shifts);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the release thresholds (1 MiB, 64 lines per axis): release only"
)]
fn staged_zip_line_shifts_at_guards_release_sizes() {
    // Review r-z28d: in release builds the staged walk starts strips on
    // the staged operand's lines only from 1 MiB of operand 0 and axes of
    // 64 lines; `staged_zip_line_shifts_at_guards`' small views do not
    // reach that path there. Views over both thresholds, the transposed
    // source flush against the upper guard (its pitch not a multiple of a
    // line, so its columns start at several shifts) and, flipped along its
    // columns, against the lower one (its first column at the lowest
    // address), and flipped along its rows (stride -1 there: staged
    // backwards, its strips on lines from their last row) against either;
    // the destination flush against the upper guard. Every
    // setting, `Zip` of 3 operands and `zip_with`, staged (items outside
    // the source) and against the elements.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn big<T: Elem>() {
        let b = 64 / size_of::<T>();
        // 64 lines on both axes and at least 1 MiB of the destination.
        let (r, c) = (
            64 * b + 3,
            (64 * b).max((1 << 20) / (64 * b) / size_of::<T>()) + 5,
        );
        let pitch = r + 1;
        let sn = (c - 1) * pitch + r;
        let mut gs = Guarded::new(sn * size_of::<T>());
        let mut gd = Guarded::new(r * c * size_of::<T>());
        let dl = Layout::contiguous([r, c]);
        let a: Vec<T> = (0..r * c).map(|i| T::from_index(3 * i)).collect();
        let av = StridedView::new(&a, dl).unwrap();
        let p = pitch as isize;
        for (at_end, rows_back) in [(true, false), (false, false), (true, true), (false, true)] {
            let (src, sl): (&mut [T], _) = match (at_end, rows_back) {
                (true, false) => (gs.at_end(sn), Layout::new([r, c], [1, p], 0)),
                (false, false) => (
                    gs.at_start(sn),
                    Layout::new([r, c], [1, -p], (c - 1) * pitch),
                ),
                (true, true) => (gs.at_end(sn), Layout::new([r, c], [-1, p], r - 1)),
                (false, true) => (gs.at_start(sn), Layout::new([r, c], [-1, -p], sn - 1)),
            };
            let sl = sl.unwrap();
            src.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = T::from_index(i));
            let range = src.as_ptr_range();
            let sv = StridedView::new(&*src, sl).unwrap();
            let want: Vec<T> = av
                .iter()
                .zip(sv.iter())
                .map(|(&a, &s)| T::from_index(1) + a + s + s)
                .collect();
            under_every_setting(|level, _| {
                let dst: &mut [T] = gd.at_end(r * c);
                dst.fill(T::from_index(1));
                let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
                let mut staged = 0usize;
                Zip::from(&mut dv)
                    .and(av)
                    .unwrap()
                    .and(sv)
                    .unwrap()
                    .for_each(|d, &a, s| {
                        staged += usize::from(!range.contains(&(s as *const T)));
                        *d = *d + a + *s
                    });
                dv.zip_with(&sv, |d, &s| *d = *d + s).unwrap();
                let what = format!(
                    "{level:?} size {} at_end {at_end} rows_back {rows_back}",
                    size_of::<T>()
                );
                assert_eq!(staged, r * c, "{what}: staged");
                assert!(*dst == want[..], "{what}");
            });
        }
    }
    every_size!(big);
}

#[test]
fn staged_zip_with_negative_strides_at_guards() {
    // Review r28: the staged path with a negative column stride (the
    // transposed operand flipped along its columns only: still unit
    // stride along its rows, so staged), and with the destination flipped
    // as well (the plan flips the axis for both: the operand's row stride
    // becomes +1 again); the operand flush against either guard, at every
    // SIMD level. Tenth round: flipped along its rows alone (stride -1
    // there, a 90-degree rotation), staged backwards, with and without its
    // columns and the destination's columns flipped too. Each case asserts
    // it was staged (items outside the operand's buffer) and matches the
    // elements.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn strips<T: Elem>() {
        let (size, b) = (size_of::<T>(), 64 / size_of::<T>());
        let (r, c) = (2 * b + 3, 3 * b + 1);
        let pitch = r + 1;
        let sl = Layout::new([r, c], [1, pitch as isize], 0).unwrap();
        let dl = Layout::contiguous([r, c]);
        let sn = sl.required_len();
        let mut gs = Guarded::new(sn * size);
        for at_end in [true, false] {
            let src: &mut [T] = gs.at(sn, at_end);
            src.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = T::from_index(i));
            let range = src.as_ptr_range();
            let sv = StridedView::new(&*src, sl).unwrap();
            under_every_setting(|level, _| {
                for (flip_s, flip_d) in [
                    (&[1][..], &[][..]),
                    (&[0], &[0]),
                    (&[0, 1], &[0, 1]),
                    (&[0], &[]),
                    (&[0, 1], &[]),
                    (&[0], &[1]),
                ] {
                    let mut s = sv;
                    for &a in flip_s {
                        s = s.flip(a).unwrap();
                    }
                    let mut dst = vec![T::from_index(0); r * c];
                    let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
                    let mut d = dv.reborrow();
                    for &a in flip_d {
                        d = d.flip(a).unwrap();
                    }
                    let mut staged = 0usize;
                    Zip::from(&mut d).and(s).unwrap().for_each(|d, s| {
                        staged += usize::from(!range.contains(&(s as *const T)));
                        *d = *s;
                    });
                    assert_eq!(staged, r * c, "{level:?} {flip_s:?} staged");
                    let mut want = StridedViewMut::new(&mut dst, dl).unwrap();
                    for &a in flip_d {
                        want = want.flip(a).unwrap();
                    }
                    assert_eq!(
                        want.to_vec(),
                        s.to_vec(),
                        "{level:?} size {size} {flip_s:?}"
                    );
                }
            });
        }
    }
    every_size!(strips);
}

#[test]
fn copies_of_reversed_runs_streamed() {
    // A flipped source read into a forward destination streams its runs
    // (of 16 KiB and more) reversed in registers: runs just over the
    // threshold with ragged ends, the destination starting at every
    // offset within a cache line, the source flush against the guards,
    // one flipped axis (whole 1-D runs) and two (the inner one reversed
    // under a reversed outer one).
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn reversed<T: Elem>() {
        let size = size_of::<T>();
        let n = (16 << 10) / size + 64 / size + 3;
        for (shape, flips) in [([1usize, n], 1usize), ([3, n + 5], 2)] {
            let row = Layout::contiguous(shape);
            let sl = if flips == 1 {
                row.flip(1).unwrap()
            } else {
                row.flip(0).unwrap().flip(1).unwrap()
            };
            // The destination: rows `pitch` apart (not coalesced with the
            // flipped source's), at every offset within a line.
            let pitch = shape[1] + 64 / size;
            let sn = sl.required_len();
            let mut gs = Guarded::new(sn * size);
            for at_end in [true, false] {
                let src: &mut [T] = gs.at(sn, at_end);
                src.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(i));
                let sv = StridedView::new(&*src, sl).unwrap();
                under_every_setting(|level, stream| {
                    for shift in line_offsets(size) {
                        let dl = Layout::new(shape, [pitch as isize, 1], shift).unwrap();
                        let mut dst = vec![T::default(); dl.required_len() + 64 / size];
                        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
                        rearrange(&mut dv, &sv).unwrap();
                        assert_eq!(
                            dv.to_vec(),
                            sv.to_vec(),
                            "{level:?} {stream:?} shift {shift} size {size}"
                        );
                        // Nothing outside the destination's reach written.
                        let reached = |p: usize| {
                            p >= shift
                                && (p - shift) / pitch < shape[0]
                                && (p - shift) % pitch < shape[1]
                        };
                        assert!(dst
                            .iter()
                            .enumerate()
                            .all(|(p, e)| reached(p) || *e == T::default()));
                    }
                });
            }
        }
    }
    every_size!(reversed);
}

#[test]
fn fills_of_long_runs_streamed() {
    // `fill` streams runs of 16 KiB and more: runs just over the threshold
    // with ragged ends, starting at every offset within a cache line (all
    // in release, three in debug), flush against a guard page at both
    // ends; the gaps between rows must stay untouched.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn long<T: Elem>() {
        long_rows::<T>(3, |v, x| v.fill(x));
    }
    every_size!(long);
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_fills_of_long_runs_streamed() {
    // `par_fill` cuts the rows into slabs, one task each, every task
    // streaming its runs: enough rows for the parallel path (65536
    // elements and more), a row count the 2-4 slabs per thread do not
    // divide evenly.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn long<T: Elem + Send + Sync>() {
        let n = (16 << 10) / size_of::<T>() + 64 / size_of::<T>() + 3;
        long_rows::<T>((1 << 16) / n + 5, |v, x| v.par_fill(x));
    }
    every_size!(long);
}

// `rows` rows of runs just over the streaming threshold (a pitch one line
// and one element longer), filled by `fill` at every line offset, against
// a guard page at either end; only the rows' elements may change.
fn long_rows<T: Elem>(rows: usize, fill: impl Fn(&mut StridedViewMut<'_, T, 2>, T)) {
    let size = size_of::<T>();
    let n = (16 << 10) / size + 64 / size + 3;
    let pitch = n + 64 / size + 1;
    for shift in line_offsets(size) {
        let l = Layout::new([rows, n], [pitch as isize, 1], shift).unwrap();
        let len = l.required_len();
        let mut g = Guarded::new(len * size);
        for at_end in [true, false] {
            let buf: &mut [T] = g.at(len, at_end);
            under_every_setting(|level, stream| {
                buf.fill(T::default());
                let mut v = StridedViewMut::new(&mut *buf, l).unwrap();
                fill(&mut v, T::from_index(7));
                let reached =
                    |p: usize| p >= shift && (p - shift) / pitch < rows && (p - shift) % pitch < n;
                for (p, e) in buf.iter().enumerate() {
                    let want = if reached(p) {
                        T::from_index(7)
                    } else {
                        T::default()
                    };
                    assert_eq!(*e, want, "{level:?} {stream:?} shift {shift} at {p}");
                }
            });
        }
    }
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_fills_of_one_run_cut_mid_line() {
    // A contiguous view is one axis, which `par_fill` cuts into slabs at
    // element (not line) boundaries: neighbouring tasks share the line at
    // each cut, each streaming only the whole lines inside its own slab.
    // Lengths whose slabs (2-4 per thread) fall just below, at and above
    // the 16 KiB streaming threshold, at every line offset, flush against
    // a guard page at either end, flipped too; the element before and
    // after the view must stay untouched.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn one_run<T: Elem + Send + Sync>() {
        let size = size_of::<T>();
        let slabs = (std::thread::available_parallelism().map_or(1, |n| n.get()) * 4).max(1);
        let at = slabs * (16 << 10) / size;
        for n in [at - slabs - 1, at, at + 3 * slabs + 5] {
            let n = n.max(1 << 16);
            for shift in line_offsets(size) {
                for stride in [1isize, -1] {
                    let off = if stride < 0 { shift + n } else { shift + 1 };
                    let l = Layout::new([n], [stride], off).unwrap();
                    let len = shift + n + 2;
                    let mut g = Guarded::new(len * size);
                    for at_end in [true, false] {
                        let buf: &mut [T] = g.at(len, at_end);
                        under_every_setting(|level, stream| {
                            buf.fill(T::default());
                            StridedViewMut::new(&mut *buf, l)
                                .unwrap()
                                .par_fill(T::from_index(7));
                            for (p, e) in buf.iter().enumerate() {
                                let want = if (shift + 1..=shift + n).contains(&p) {
                                    T::from_index(7)
                                } else {
                                    T::default()
                                };
                                assert_eq!(*e, want, "{level:?} {stream:?} n {n} shift {shift} stride {stride} at {p}");
                            }
                        });
                    }
                }
            }
        }
    }
    every_size!(one_run);
}

// Review of the long-row column sums (`sum_axis` across rows of more than
// 4 KiB: four rows per pass, inside `with_avx2`, then the remaining rows
// one at a time). The element-wise cases above have rows of at most 260
// bytes and never reach that path. Here rows of 1025 and 1100 f32 (and
// 520 f64), 0 to 9 of them (around the group of four), forwards and
// reversed, the whole layout flush against the upper guard (its last
// element) and the lower one (its first), under every level; sums checked
// against the model (small integers: exact).
#[test]
fn long_row_column_sums_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn case<T>(rows: usize, n: usize, gap: usize, flip: bool)
    where
        T: Copy + Default + PartialEq + core::fmt::Debug + core::ops::Add<Output = T> + From<i16>,
    {
        let a = 2usize;
        let rs = (n + gap) as isize;
        let bs = rows.max(1) as isize * rs + 1;
        let (strides, offset) = if flip {
            ([bs, -rs, 1], rows.saturating_sub(1) * rs as usize)
        } else {
            ([bs, rs, 1], 0)
        };
        let l = Layout::new([a, rows, n], strides, offset).unwrap();
        let len = l.required_len();
        let mut g = Guarded::new(len.max(1) * size_of::<T>());
        for at_end in [true, false] {
            let buf: &mut [T] = g.at(len, at_end);
            buf.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = T::from((i % 29) as i16 - 14));
            let buf = &*buf;
            let mut want = vec![T::default(); a * n];
            for b in 0..a {
                for r in 0..rows {
                    let p = offset as isize + b as isize * strides[0] + r as isize * strides[1];
                    for j in 0..n {
                        want[b * n + j] = want[b * n + j] + buf[(p + j as isize) as usize];
                    }
                }
            }
            let v = StridedView::new(buf, l).unwrap();
            for level in [Level::Portable, Level::Sse2, Level::Avx2] {
                force_level(Some(level));
                let got = v.sum_axis::<2>(1).unwrap().into_vec();
                assert_eq!(got, want, "{level:?} at_end {at_end} {l:?}");
            }
        }
        force_level(None);
    }
    for rows in 0..=9 {
        for flip in [false, true] {
            case::<f32>(rows, 1025, 0, flip);
            case::<f32>(rows, 1100, 3, flip);
            case::<f64>(rows, 520, 0, flip);
            case::<i32>(rows, 1031, 1, flip);
        }
    }
}

// r30: the per-tile kernels (the static loop nests and row slices of
// `static_rows2`) and the edge tiles over buffers flush against the
// guards, forwards and with both axes flipped (the first tile then ends at
// the buffer's last element, the last at position 0).
// A destination and a source `rows`x`cols` view, both over buffers flush
// against a guard (at the end, then at the start), forwards and with both
// axes flipped: `f(dst, src)` for each of the four.
fn at_the_guards<T: Elem>(
    rows: usize,
    cols: usize,
    mut f: impl FnMut(StridedViewMut<'_, T, 2>, StridedView<'_, T, 2>),
) {
    let n = rows * cols;
    let l = Layout::contiguous([rows, cols]);
    let mut g = Guarded::new(n * size_of::<T>());
    let mut h = Guarded::new(n * size_of::<T>());
    for at_end in [true, false] {
        let a: &mut [T] = g.at(n, at_end);
        let b: &mut [T] = h.at(n, at_end);
        b.iter_mut()
            .enumerate()
            .for_each(|(i, e)| *e = T::from_index(i % 7));
        for flip in [false, true] {
            let mut bv = StridedView::new(&*b, l).unwrap();
            let mut av = StridedViewMut::new(&mut *a, l).unwrap();
            if flip {
                bv = bv.flip(0).unwrap().flip(1).unwrap();
                av = av.flip(0).unwrap().flip(1).unwrap();
            }
            f(av, bv);
        }
    }
}

fn tile_kernels<T: Elem>(rows: usize, cols: usize) {
    use constrided::strided;
    at_the_guards::<T>(rows, cols, |mut av, bv| {
        let st: Vec<_> = bv.tiles(strided![shape = (2, 4)]).collect();
        let (full, edges) = av.tiles_mut(strided![shape = (2, 4)]).split_edges();
        let mut dt: Vec<_> = full.collect();
        for (d, s) in dt.iter_mut().zip(&st) {
            d.fill(T::from_index(1));
            d.map_inplace(|e| *e = *e + T::from_index(1));
            d.assign(s).unwrap();
            d.zip_with(s, |x, y| *x = *x + *y).unwrap();
            Zip::from(&mut *d)
                .and(*s)
                .unwrap()
                .for_each(|x, _| *x = core::hint::black_box(*x));
            let _ = d.view().fold(0usize, |k, _| k + 1);
            let _ = s.to_vec();
            if size_of::<T>() >= 4 {
                let _ = s.sum();
            }
        }
        for mut e in edges {
            e.fill(T::from_index(3));
            e.map_inplace(|e| *e = *e + T::from_index(1));
        }
        drop(dt);
        let tb = bv.tiles(strided![shape = (2, 4)]);
        for e in tb.edges() {
            let _ = e.to_vec();
        }
        for axis in 0..2 {
            let _ = tb.remainder(axis).unwrap().to_vec();
        }
        for (t, u) in bv.tiles(strided![shape = (1, 1)]).zip(bv.iter()) {
            assert_eq!(t[[0, 0]], *u);
        }
    });
}

#[test]
fn tile_kernels_at_the_guards() {
    for (r, c) in [(2, 4), (4, 8), (5, 7), (1, 3), (6, 4)] {
        tile_kernels::<u8>(r, c);
        tile_kernels::<u32>(r, c);
        tile_kernels::<u64>(r, c);
    }
}

#[test]
fn copies_of_short_runs_at_the_guards() {
    // Contiguous runs of 16..=512 bytes under a flipped or stepped outer
    // axis take the short-run copy (32- or 16-byte chunks, the last one
    // ending at the run's end, overlapping the one before): run lengths
    // at and around every chunk boundary, the source flush against the
    // guards at both ends (the first run of a flipped source starts at
    // its last row), the destination's rows `pitch` apart at every offset
    // within a line, whose gaps must stay untouched.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn short<T: Elem>() {
        let size = size_of::<T>();
        let lens: Vec<usize> = [16usize, 17, 31, 32, 33, 48, 63, 64, 65, 224, 511, 512]
            .iter()
            .filter(|&&b| b % size == 0)
            .map(|&b| b / size)
            .collect();
        for &c in &lens {
            let r = 5;
            let row = Layout::contiguous([2 * r, c]);
            // A flipped outer axis, and a step-2 one flipped.
            let sources = [
                Layout::contiguous([r, c]).flip(0).unwrap(),
                row.flip(0).unwrap(),
            ];
            for (k, base) in sources.into_iter().enumerate() {
                let sn = base.required_len();
                let mut gs = Guarded::new(sn * size);
                for at_end in [true, false] {
                    let src: &mut [T] = gs.at(sn, at_end);
                    src.iter_mut()
                        .enumerate()
                        .for_each(|(i, e)| *e = T::from_index(i));
                    let full = StridedView::new(&*src, base).unwrap();
                    let sv = if k == 0 {
                        full
                    } else {
                        full.slice(s![..;2, ..]).unwrap()
                    };
                    let pitch = c + 64 / size;
                    for shift in line_offsets(size) {
                        let dl = Layout::new([r, c], [pitch as isize, 1], shift).unwrap();
                        let mut dst = vec![T::default(); dl.required_len() + 64 / size];
                        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
                        rearrange(&mut dv, &sv).unwrap();
                        assert_eq!(
                            dv.to_vec(),
                            sv.to_vec(),
                            "size {size} run {c} shift {shift}"
                        );
                        let reached = |p: usize| {
                            p >= shift && (p - shift) / pitch < r && (p - shift) % pitch < c
                        };
                        assert!(dst
                            .iter()
                            .enumerate()
                            .all(|(p, e)| reached(p) || *e == T::default()));
                    }
                    // Materialised into a fresh allocation (to_vec).
                    let want: Vec<T> = (0..r)
                        .flat_map(|i| (0..c).map(move |j| (i, j)))
                        .map(|(i, j)| sv[[i, j]])
                        .collect();
                    assert_eq!(sv.to_vec(), want, "size {size} run {c}");
                }
            }
        }
    }
    every_size!(short);
}

// t30: tiles as Zip operands over buffers flush against the guards,
// forwards and with both axes flipped (the tile starts then step
// backwards to position 0): the zip makes each tile from its start
// position, which must stay inside the buffer for every tile it hands out.
fn zipped_tiles<T: Elem + Send + Sync>(rows: usize, cols: usize) {
    use constrided::strided;
    at_the_guards::<T>(rows, cols, |mut av, bv| {
        let t = strided![shape = (2, 3)];
        let mut visits = 0;
        Zip::from(av.tiles_mut(t))
            .and(bv.tiles(t))
            .unwrap()
            .for_each(|mut d, s| {
                d.assign(&s).unwrap();
                d.map_inplace(|e| *e = *e + T::from_index(1));
                // The static row copy of a tile.
                let mut o = [T::from_index(0); 6];
                s.copy_to_slice(&mut o).unwrap();
                visits += 1;
            });
        assert_eq!(visits, (rows / 2) * (cols / 3));
        // A transposed tiling of the source against the destination's.
        let tt = strided![shape = (3, 2)];
        let _ = Zip::from(av.view().t().tiles(tt))
            .and(bv.t().tiles(tt))
            .unwrap()
            .fold(0usize, |k, x, y| k + x.to_vec().len() + y.to_vec().len());
        #[cfg(feature = "rayon")]
        Zip::from(av.tiles_mut(t))
            .and(bv.tiles(t))
            .unwrap()
            .par_for_each(|mut d, s| d.assign(&s).unwrap());
    });
}

#[test]
fn zipped_tiles_at_the_guards() {
    for (r, c) in [(2, 3), (4, 9), (5, 7), (1, 3), (6, 4)] {
        zipped_tiles::<u8>(r, c);
        zipped_tiles::<u64>(r, c);
    }
}

// Review of k27's short-run copy (runs contiguous on both sides, 16..=512
// bytes, moved as 32- and 16-byte chunks whose last one overlaps): rank 3
// (no rank-2 small path takes these), every element size the chunks can
// see (1, 2, 4, 8, 16 bytes, plain or a byte array) and two non-plain
// ones (3 bytes, and 4 bytes with a padding byte), runs of and around 16,
// 17, 31, 32, 33, 63, 64, 65, 511, 512 and 513 bytes. Sources: an outer
// axis flipped, one stepped by 2 and the other flipped, a zero outer
// stride (a broadcast row block), rows with gaps and the outer axes
// swapped; each flush against a guard page at its end, then its start
// (the reached positions include the buffer's first and last element).
// Destinations: contiguous, and flipped rows with gaps, flush against the
// other end; every element is checked against the index model, and every
// destination position the layout does not reach keeps its sentinel.
// Under every SIMD level (AVX2 forced off as well as on) and streaming
// setting.
#[test]
fn short_runs_rank3_every_size_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn pos<const N: usize>(l: &Layout<N>, idx: [usize; N]) -> usize {
        let p = l.offset() as isize
            + (0..N)
                .map(|k| idx[k] as isize * l.strides()[k])
                .sum::<isize>();
        p as usize
    }
    fn go<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T, sentinel: T) {
        let size = size_of::<T>();
        let mut lens: Vec<usize> = [16usize, 17, 31, 32, 33, 63, 64, 65, 511, 512, 513]
            .iter()
            .flat_map(|&b| [b / size, b.div_ceil(size)])
            .filter(|&c| c >= 1)
            .collect();
        lens.dedup();
        let (a, b) = (3usize, 6usize);
        for &c in &lens {
            let ci = c as isize;
            let bi = b as isize;
            let sources = [
                // Axis 1 flipped.
                Layout::new([a, b, c], [bi * ci, -ci, 1], (b - 1) * c).unwrap(),
                // Axis 1 stepped by 2 (of 2b - 1 rows), axis 0 flipped.
                Layout::new(
                    [a, b, c],
                    [-(2 * bi - 1) * ci, 2 * ci, 1],
                    (a - 1) * (2 * b - 1) * c,
                )
                .unwrap(),
                // Broadcast along axis 0 (stride 0), axis 1 flipped.
                Layout::new([a, b, c], [0, -ci, 1], (b - 1) * c).unwrap(),
                // Rows c + 1 apart, axes 0 and 1 swapped.
                Layout::new([b, a, c], [ci + 1, bi * (ci + 1), 1], 0).unwrap(),
            ];
            let dests = [
                Layout::contiguous([a, b, c]),
                Layout::new(
                    [a, b, c],
                    [-(bi * (ci + 2)), ci + 2, 1],
                    (a - 1) * b * (c + 2),
                )
                .unwrap(),
            ];
            for sl in sources {
                let sl = if sl.shape() == [a, b, c] {
                    sl
                } else {
                    sl.permute([1, 0, 2]).unwrap()
                };
                let sn = sl.required_len();
                let mut gs = Guarded::new(sn * size);
                for dl in dests {
                    let dn = dl.required_len();
                    let mut gd = Guarded::new(dn * size);
                    for src_at_end in [true, false] {
                        let src: &mut [T] = gs.at(sn, src_at_end);
                        for (i, e) in src.iter_mut().enumerate() {
                            *e = make(i);
                        }
                        let src: &[T] = src;
                        let sv = StridedView::new(src, sl).unwrap();
                        for (level, stream) in settings() {
                            force_level(Some(level));
                            force_streaming(stream);
                            let dst: &mut [T] = gd.at(dn, !src_at_end);
                            dst.fill(sentinel);
                            let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
                            rearrange(&mut dv, &sv).unwrap();
                            let mut reached = vec![false; dn];
                            for i in 0..a {
                                for j in 0..b {
                                    for k in 0..c {
                                        let (p, q) = (pos(&dl, [i, j, k]), pos(&sl, [i, j, k]));
                                        reached[p] = true;
                                        assert_eq!(
                                            dst[p], src[q],
                                            "{level:?} {stream:?} size {size} run {c} {sl:?} -> {dl:?}"
                                        );
                                    }
                                }
                            }
                            for (p, e) in dst.iter().enumerate() {
                                assert!(reached[p] || *e == sentinel, "gap {p} written");
                            }
                            // Into a fresh allocation (to_vec).
                            let want: Vec<T> = (0..a * b * c)
                                .map(|n| src[pos(&sl, [n / (b * c), n / c % b, n % c])])
                                .collect();
                            assert_eq!(sv.to_vec(), want, "{level:?} to_vec size {size} run {c}");
                        }
                    }
                }
            }
        }
        force_level(None);
        force_streaming(None);
    }
    go(|i| (i % 251) as u8 + 1, 0u8);
    go(|i| i as u16 + 1, 0u16);
    go(|i| i as u32 + 1, 0u32);
    go(|i| i as u64 + 1, 0u64);
    go(|i| (i as u128) << 64 | (i as u128 + 1), 0u128);
    go(
        |i| core::array::from_fn::<u8, 16, _>(|k| (i + k) as u8 | 1),
        [0u8; 16],
    );
    go(|i| [i as u8 | 1, (i >> 8) as u8, 7], [0u8; 3]);
    go(|i| (i as u16 + 1, i as u8), (0u16, 0u8));
}

#[test]
fn staged_zip_hinted_strips_at_guards() {
    // Issue 28 (z28): above 1 MiB the staged walk hints the next strip's
    // rows of every contiguous operand (not only the destination) and is
    // shared by `zip_with`: the destination, a contiguous operand and the
    // transposed one flush against the guards (the hints of the last strip
    // name lines past them: hints access nothing), rows and columns not a
    // multiple of the strip, the transposed operand also flipped.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let (r, c) = (16 * 50 + 7, 256 + 97);
    let dl = Layout::contiguous([r, c]);
    let sl = Layout::new([r, c], [1, r as isize], 0).unwrap();
    let n = r * c;
    assert!(n * 4 >= 1 << 20);
    let (mut gs, mut ga, mut gd) = (
        Guarded::new(n * 4),
        Guarded::new(n * 4),
        Guarded::new(n * 4),
    );
    let src: &mut [u32] = gs.at_end(n);
    src.iter_mut().enumerate().for_each(|(i, e)| *e = i as u32);
    let a: &mut [u32] = ga.at_end(n);
    a.iter_mut()
        .enumerate()
        .for_each(|(i, e)| *e = 3 * i as u32);
    let sv = StridedView::new(&*src, sl).unwrap();
    let av = StridedView::new(&*a, dl).unwrap();
    let dst: &mut [u32] = gd.at_end(n);
    under_every_setting(|level, _| {
        for s in [sv, sv.flip(0).unwrap().flip(1).unwrap()] {
            dst.fill(1);
            let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
            Zip::from(&mut dv)
                .and(av)
                .unwrap()
                .and(s)
                .unwrap()
                .for_each(|d, &a, &s| *d = d.wrapping_add(a).wrapping_add(s));
            let want: Vec<u32> = av
                .iter()
                .zip(s.iter())
                .map(|(&a, &s)| 1u32.wrapping_add(a).wrapping_add(s))
                .collect();
            assert!(dst.iter().eq(want.iter()), "{level:?} Zip");
            let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
            dv.zip_with(&s, |d, &s| *d = d.wrapping_sub(s)).unwrap();
            let back: Vec<u32> = av.iter().map(|&a| 1u32.wrapping_add(a)).collect();
            assert!(dst.iter().eq(back.iter()), "{level:?} zip_with");
        }
    });
}

// The AVX-512 blocks of 1- and 2-byte elements (one 64-byte register load
// per source line, one store per destination line) with the last block's
// lines flush against the guard pages: shapes that are whole multiples of
// the block edges (64 u8, 32 u16) and one past them, flipped and gapped
// layouts (`cases`), under every level (the AVX-512 one and forced below).
#[test]
fn copies_whole_line_blocks_at_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(64, 128), (128, 64), (65, 64), (64, 65), (96, 32), (32, 97)] {
        for (sl, dl) in cases(r, c) {
            copy_case::<u8>(sl, dl);
            copy_case::<u16>(sl, dl);
        }
    }
}

// p27: a `strided!` block with a `dyn` offset, transposed (`t()` keeps it a
// static mapping, so the static kernels run on it), read and written at
// the guards: the first block at position 0, the last ending at the
// buffer's last element.
#[test]
fn transposed_mixed_blocks_at_the_guards() {
    use constrided::strided;
    const W: isize = 16;
    let n = 16 * 8;
    let mut g = Guarded::new(n * size_of::<f32>());
    let mut h = Guarded::new(n * size_of::<f32>());
    for at_end in [true, false] {
        let a: &mut [f32] = g.at(n, at_end);
        let b: &mut [f32] = h.at(n, at_end);
        b.iter_mut().enumerate().for_each(|(i, e)| *e = i as f32);
        for o in [0usize, 8] {
            let blk = strided!(&*b; shape = (8, 8), strides = (W, 1), offset = dyn o).unwrap();
            let mut ob =
                strided!(&mut *a; shape = (8, 8), strides = (W, 1), offset = dyn o).unwrap();
            Zip::from(&mut ob)
                .and(&blk.t())
                .unwrap()
                .for_each(|d, &s| *d = 0.5 * s);
            for i in 0..8 {
                for j in 0..8 {
                    assert_eq!(ob[[i, j]], 0.5 * blk[[j, i]]);
                }
            }
            ob.assign(&blk.t()).unwrap();
            ob.zip_with(&blk.t(), |d, &s| *d += s).unwrap();
            let t = blk.t();
            assert_eq!(t.sum(), blk.sum());
            assert_eq!(t.to_vec().len(), 64);
            let mut ot = ob.t_mut();
            ot.fill(1.0);
            ot.map_inplace(|e| *e += 1.0);
        }
    }
}

// p27: `mapv` of an HWC image read as CHW (the untiled whole-row walk of a
// short fastest source axis) and `-=` of a (c, 1, 1) broadcast operand,
// over buffers flush against the guards (flipped: the
// first element read is the buffer's last).
#[test]
fn short_axis_maps_and_broadcast_assign_at_the_guards() {
    use constrided::StridedArray;
    let (h, w, c) = (16usize, 24usize, 3usize);
    let n = h * w * c;
    let mut g = Guarded::new(n);
    let mut gm = Guarded::new(c * size_of::<f32>());
    for at_end in [true, false] {
        let img: &mut [u8] = g.at(n, at_end);
        img.iter_mut()
            .enumerate()
            .for_each(|(i, e)| *e = (i % 251) as u8);
        let m: &mut [f32] = gm.at(c, at_end);
        m.copy_from_slice(&[0.5, 0.25, 0.75]);
        let v = StridedView::from_shape([h, w, c], &*img).unwrap();
        for flip in [false, true] {
            let mut chw = v.permute([2, 0, 1]).unwrap();
            let mut mv = StridedView::from_shape([c, 1, 1], &*m).unwrap();
            if flip {
                chw = chw.flip(0).unwrap().flip(2).unwrap();
                mv = mv.flip(0).unwrap();
            }
            let mut a: StridedArray<f32, 3> = chw.mapv(|x| x as f32);
            a -= &mv;
            for k in 0..c {
                for i in 0..h {
                    for j in 0..w {
                        assert_eq!(a[[k, i, j]], chw[[k, i, j]] as f32 - mv[[k, 0, 0]]);
                    }
                }
            }
        }
    }
}

#[test]
fn staged_zip_with_mixed_sizes_hinted_at_guards() {
    // Review r-z28: `zip_with` through the shared staged walk with
    // destination and source element sizes that differ (f64 <- f32 and
    // u8 <- u64), both flush against the guards, above 1 MiB (the
    // destination's next strip hinted), the destination also flipped
    // (rows then step backwards) and the source flipped.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn go<T: Copy + PartialEq + core::fmt::Debug, U: Copy>(
        r: usize,
        c: usize,
        u: impl Fn(usize) -> U,
        f: impl Fn(T, U) -> T + Copy,
        zero: T,
    ) {
        let n = r * c;
        // Over 1 MiB the next strip is hinted (every build). The default
        // `cargo test` (debug) runs fewer rows: the mixed sizes through the
        // line-aligned strips, which debug builds take from 1 byte, in a
        // fifth of the time; CI's release step runs the hinted sizes.
        assert!(n * size_of::<T>() >= if cfg!(debug_assertions) { 1 } else { 1 << 20 });
        let (mut gs, mut gd) = (
            Guarded::new(n * size_of::<U>()),
            Guarded::new(n * size_of::<T>()),
        );
        let src: &mut [U] = gs.at_end(n);
        src.iter_mut().enumerate().for_each(|(i, e)| *e = u(i));
        let sl = Layout::new([r, c], [1, r as isize], 0).unwrap();
        let sv = StridedView::new(&*src, sl).unwrap();
        let dst: &mut [T] = gd.at_end(n);
        under_every_setting(|level, _| {
            for dl in [
                Layout::contiguous([r, c]),
                Layout::contiguous([r, c]).flip(0).unwrap(),
            ] {
                for s in [sv, sv.flip(0).unwrap().flip(1).unwrap()] {
                    dst.fill(zero);
                    let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
                    dv.zip_with(&s, |d, &s| *d = f(*d, s)).unwrap();
                    let want: Vec<T> = s.iter().map(|&s| f(zero, s)).collect();
                    let got: Vec<T> = StridedView::new(&*dst, dl)
                        .unwrap()
                        .iter()
                        .copied()
                        .collect();
                    assert!(got == want, "{level:?} {r}x{c}");
                }
            }
        });
    }
    // Rows: 16 * 14 + 5 and 8 * 70 + 3 in release (over 1 MiB: hinted),
    // 16 * 2 + 5 and 8 * 4 + 3 in debug; the columns (strips of 256 and a
    // ragged one) are the same in both.
    let release = !cfg!(debug_assertions);
    go::<f64, f32>(
        16 * if release { 14 } else { 2 } + 5,
        256 + 97 + 256,
        |i| i as f32,
        |d, s| d + s as f64,
        1.0,
    );
    go::<u8, u64>(
        8 * if release { 70 } else { 4 } + 3,
        256 * 8 + 1,
        |i| i as u64 * 7,
        |d, s| d ^ s as u8,
        3,
    );
}

// l29 (review r-p27): the 2-D `dot` of f64 / f32 writes matrixmultiply's C
// into uninitialised memory; its operands, flush against the guards
// (row-major, transposed, flipped: the first or last element at a guard),
// are read only where they reach, and every element of C is the product.
#[test]
fn dot_into_uninit_operands_at_the_guards() {
    fn go<T: Copy + PartialEq + core::fmt::Debug + constrided::linalg::LinalgScalar>(
        to: impl Fn(u32) -> T,
        sum: impl Fn(&[T], &[T]) -> T,
    ) {
        for (m, k, n) in [(1usize, 1usize, 1usize), (3, 5, 7), (9, 16, 5), (17, 3, 33)] {
            let mut ga = Guarded::new(m * k * size_of::<T>());
            let mut gb = Guarded::new(k * n * size_of::<T>());
            for at_end in [true, false] {
                let xa: &mut [T] = ga.at(m * k, at_end);
                let xb: &mut [T] = gb.at(k * n, at_end);
                xa.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = to(i as u32 % 7));
                xb.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = to(i as u32 % 5));
                let (xa, xb) = (&*xa, &*xb);
                let las = [
                    Layout::new([m, k], [k as isize, 1], 0).unwrap(),
                    Layout::new([m, k], [1, m as isize], 0).unwrap(),
                    Layout::new([m, k], [-(k as isize), -1], m * k - 1).unwrap(),
                ];
                let lbs = [
                    Layout::new([k, n], [n as isize, 1], 0).unwrap(),
                    Layout::new([k, n], [1, k as isize], 0).unwrap(),
                    Layout::new([k, n], [-1, -(k as isize)], k * n - 1).unwrap(),
                ];
                for la in las {
                    for lb in lbs {
                        let a = StridedView::new(xa, la).unwrap();
                        let b = StridedView::new(xb, lb).unwrap();
                        let c = a.dot(&b);
                        for i in 0..m {
                            for j in 0..n {
                                let ra: Vec<T> = (0..k).map(|p| a[[i, p]]).collect();
                                let rb: Vec<T> = (0..k).map(|p| b[[p, j]]).collect();
                                assert_eq!(c[[i, j]], sum(&ra, &rb));
                            }
                        }
                    }
                }
            }
        }
    }
    // Small integers: every partial sum exact in either type.
    go(
        |v| v as f64,
        |a, b| a.iter().zip(b).map(|(x, y)| x * y).sum(),
    );
    go(
        |v| v as f32,
        |a, b| a.iter().zip(b).map(|(x, y)| x * y).sum(),
    );
}

// A rearrange of `sv` into a destination of layout `dl` (`n` elements)
// that ends `g` elements before the upper guard page (`at_end`) or starts
// `g` elements after the lower one; the `g` elements beside it hold a
// value no source element has and must keep it (a seam block that ran on
// past the last pixel would land there: the destination's span is whole
// lines and cannot be flush with a guard page while off a line). `what`
// names the case in a failure.
fn rearrange_beside_slack<T: Elem, const N: usize>(
    gd: &mut Guarded,
    sv: &StridedView<'_, T, N>,
    dl: Layout<N>,
    (g, at_end): (usize, bool),
    what: &str,
) {
    let n = dl.numel();
    let fill = T::from_index(60) + T::from_index(60);
    let whole: &mut [T] = gd.at(n + g, at_end);
    whole.fill(fill);
    let (buf, slack) = if at_end {
        whole.split_at_mut(n)
    } else {
        let (slack, buf) = whole.split_at_mut(g);
        (buf, slack)
    };
    let mut dv = StridedViewMut::new(buf, dl).unwrap();
    rearrange(&mut dv, sv).unwrap();
    assert_eq!(dv.to_vec(), sv.to_vec(), "{what}");
    assert!(slack.iter().all(|e| *e == fill), "{what}: slack written");
}

// Seams (transpose.rs `seam_pass`): NCHW -> NHWC with 64 channels into a
// destination `g` elements off a cache line, the line holding one pixel's
// last channels and the next one's first copied as a block of its own.
// The destination ends `g` elements before the upper guard page (a seam
// block written past the last pixel faults) or starts `g` elements after
// the lower one; the source lies flush against either guard. Every level,
// streaming forced on and off.
fn seam_case<T: Elem>(shape: [usize; 4]) {
    let sl = Layout::contiguous(shape).permute([0, 2, 3, 1]).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let n = sl.numel();
    let line = 64 / size_of::<T>();
    let mut gs = Guarded::new(n * size_of::<T>());
    let mut gd = Guarded::new((n + line) * size_of::<T>());
    for g in [1, line / 2 + 1, line - 1] {
        for at_end in [true, false] {
            let src: &mut [T] = gs.at(n, at_end);
            for (i, e) in src.iter_mut().enumerate() {
                *e = T::from_index(i);
            }
            let sv = StridedView::new(&*src, sl).unwrap();
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} {shape:?} g {g} at_end {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

#[test]
fn transposes_with_seams() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    seam_case::<u32>([2, 64, 5, 7]);
    seam_case::<u64>([1, 64, 4, 5]);
    seam_case::<u16>([1, 64, 6, 6]);
    seam_case::<u8>([1, 64, 5, 5]);
}

// k29e: streamed transposes in square tiles hint the next tile's source
// runs into L2, and at the last tile of an outer position the first tile
// of the next one, guessed one step of the innermost outer axis on: past
// the source's end at the last position, into the guard page (a hint
// must not fault), and before its start when that axis runs backwards.
// 3-D permutations whose columns are near (square tiles) and a 2-D f32
// transpose of columns 4 KiB apart (square tiles instead of strips when
// streaming), the source flush against either guard, the destination
// on a line or off one. Every level, streaming forced on and off.
fn hinted_tiles_case<T: Elem, const N: usize>(sl: Layout<N>) {
    let dl = Layout::contiguous(sl.shape());
    let n = sl.required_len();
    let line = 64 / size_of::<T>();
    let mut gs = Guarded::new(n * size_of::<T>());
    let mut gd = Guarded::new((dl.numel() + line) * size_of::<T>());
    for at_end in [true, false] {
        let src: &mut [T] = gs.at(n, at_end);
        for (i, e) in src.iter_mut().enumerate() {
            *e = T::from_index(i);
        }
        let sv = StridedView::new(&*src, sl).unwrap();
        for g in [0, 1] {
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} {sl:?} g {g} at_end {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

#[test]
fn streamed_tiles_hint_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let p021 = Layout::contiguous([3, 40, 96]).permute([0, 2, 1]).unwrap();
    hinted_tiles_case::<u32, 3>(p021);
    hinted_tiles_case::<u32, 3>(p021.flip(0).unwrap());
    hinted_tiles_case::<u8, 3>(Layout::contiguous([2, 70, 200]).permute([0, 2, 1]).unwrap());
    hinted_tiles_case::<u64, 3>(Layout::contiguous([3, 20, 40]).permute([0, 2, 1]).unwrap());
    hinted_tiles_case::<u32, 2>(Layout::contiguous([80, 1024]).t());
}

// Review r-k29e: the cases above stream only the 2-D transpose (the 3-D
// ones' destination rows are not whole lines, so none of them streams),
// whose plan has no other axes: no hint there is a guess. Here the
// first tile at the next outer position is guessed one outer step past
// the source's last slab, exactly at its end (the upper guard page), or
// with the outer axis flipped one step before its first slab (the whole
// lower guard page): destination rows of 16 u32 / 8 u64 (whole lines),
// outer steps of at most a page. (A hint turned into a read faults here.)
#[test]
fn hints_guessed_into_the_guard_pages() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (t, shape) in [(4, [3, 16, 64]), (4, [2, 32, 32]), (8, [2, 8, 64])] {
        let sl = Layout::contiguous(shape).permute([0, 2, 1]).unwrap();
        for sl in [sl, sl.flip(0).unwrap()] {
            if t == 4 {
                hinted_tiles_case::<u32, 3>(sl);
            } else {
                hinted_tiles_case::<u64, 3>(sl);
            }
        }
    }
}

// Row tiles from the source's line boundary (transpose.rs `rpeel`): NCHW ->
// NHWC with rows of at least 32 blocks, the source `k` elements off a line
// and ending flush against the upper guard page (a block that read past
// the last row faults), the destination on a line or `g` off one (seams,
// whose rows then start at the source's line too), flush against either
// guard. Every level, streaming forced on and off.
fn source_line_case<T: Elem>(shape: [usize; 4]) {
    let sl = Layout::contiguous(shape).permute([0, 2, 3, 1]).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let n = sl.numel();
    let line = 64 / size_of::<T>();
    let mut gs = Guarded::new((n + line) * size_of::<T>());
    let mut gd = Guarded::new((n + line) * size_of::<T>());
    for k in [1, line / 2 + 1, line - 1] {
        let src: &mut [T] = gs.at_end(n + k);
        for (i, e) in src.iter_mut().enumerate() {
            *e = T::from_index(i);
        }
        let sv = StridedView::new(&src[k..], sl).unwrap();
        for (g, at_end) in [(0, true), (0, false), (k, true), (line - k, false)] {
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} {shape:?} k {k} g {g} at_end {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

#[test]
fn transposes_from_the_source_line() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    source_line_case::<u32>([1, 16, 24, 24]);
    source_line_case::<u64>([2, 8, 16, 16]);
    source_line_case::<u8>([1, 64, 48, 48]);
    source_pitch_case::<u32>([600, 16, 608]);
    source_pitch_case::<u8>([2115, 64, 2176]);
}

// k28d: as `source_line_case`, for an `r x c` transpose whose source
// columns are `p` elements apart (whole lines, `p > r`), so that `r` need
// not be a whole number of blocks: for bytes the first row tile's blocks
// cover rows 0..B and the ragged last tile's blocks end at the last row
// (both overlapping their neighbour tile; wider elements copy those rows
// element by element), flush against the upper guard.
fn source_pitch_case<T: Elem>([r, c, p]: [usize; 3]) {
    let sl = Layout::new([r, c], [1, p as isize], 0).unwrap();
    let dl = Layout::contiguous([r, c]);
    let len = sl.required_len();
    let line = 64 / size_of::<T>();
    let mut gs = Guarded::new((len + line) * size_of::<T>());
    let mut gd = Guarded::new((r * c + line) * size_of::<T>());
    for k in [1, line / 2 + 1, line - 1] {
        let src: &mut [T] = gs.at_end(len + k);
        for (i, e) in src.iter_mut().enumerate() {
            *e = T::from_index(i);
        }
        let sv = StridedView::new(&src[k..], sl).unwrap();
        for (g, at_end) in [(0, true), (k, false)] {
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} {r}x{c} pitch {p} k {k} g {g}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

// Review r-k28c: seams whose neighbouring rows are `a` apart in the
// source (the channels span four blocks, so the pixel axis P is a rows
// axis after the source's unit axis A) and whose digit joins Q's (the
// destination's Q step P·C), pixel rows long enough that streamed row
// tiles start at the source's line boundary (its channels whole lines
// apart): each P row's last rows fewer than a block are one block over
// the rows before them. The source flush against the lower guard, or
// `k` elements off a line and flush against the upper one; the
// destination on or off a line, flush against either guard, the slack
// beside it kept. Every level, streaming forced on and off.
fn chained_seam_case<T: Elem>([a, q, p]: [usize; 3]) {
    let line = 64 / size_of::<T>();
    let c = 4 * line;
    let sc = (a * p * q).div_ceil(line) * line;
    let (ai, pi) = (a as isize, p as isize);
    let sl = Layout::new([a, q, p, c], [1, ai * pi, ai, sc as isize], 0).unwrap();
    let dl = Layout::contiguous([a, q, p, c]);
    let n = dl.numel();
    let sn = sl.required_len();
    let mut gs = Guarded::new((sn + line) * size_of::<T>());
    let mut gd = Guarded::new((n + line) * size_of::<T>());
    for (k, s_end) in [
        (0, false),
        (1, true),
        (line - 1, true),
        (line / 2 + 1, true),
    ] {
        let whole: &mut [T] = gs.at(sn + k, s_end);
        for (i, e) in whole.iter_mut().enumerate() {
            *e = T::from_index(i);
        }
        let src = if s_end { &whole[k..] } else { &whole[..sn] };
        let sv = StridedView::new(src, sl).unwrap();
        for (g, at_end) in [(0, true), (0, false), (1, true), (line - 1, false)] {
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} a {a} q {q} p {p} k {k} g {g} {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

#[test]
fn transposes_with_chained_seams() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // f32: rows 2·9·30 = 540 (>= 32 blocks of 16), P rows of 9 pixels.
    chained_seam_case::<u32>([2, 30, 9]);
    // u64: 3·5·18 = 270 rows (>= 256), runs of 12 rows before each P row's
    // last pixel (a block of 8 over 4 written again).
    chained_seam_case::<u64>([3, 18, 5]);
    // u16 and u8: shorter rows (no source shift), the overlap only.
    chained_seam_case::<u16>([2, 5, 23]);
    chained_seam_case::<u8>([2, 2, 40]);
}

// Review r-avx: `zip_with`, `map` and the binary operators run the
// closure inside `with_avx2` for planned views (`zip_with` directly up to
// 64 elements): operands flush against the guards at every level (forced
// off included), 64 and 65 elements (both sides of the direct walk) and a
// tiled size, with a broadcast row and the source transposed / flipped.
#[test]
fn operators_and_zips_around_the_small_walk_at_the_guards() {
    use constrided::StridedArray;
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(8, 8), (5, 13), (33, 40)] {
        let mut ga = Guarded::new(r * c * 4);
        let mut gb = Guarded::new(c * 4);
        let mut gd = Guarded::new(r * c * 4);
        for at_end in [true, false] {
            let a: &mut [f32] = ga.at(r * c, at_end);
            a.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as f32 * 0.5);
            let b: &mut [f32] = gb.at(c, at_end);
            b.iter_mut().enumerate().for_each(|(i, e)| *e = -(i as f32));
            let (a, b): (&[f32], &[f32]) = (a, b);
            let av = StridedView::from_shape([r, c], a).unwrap();
            let at = StridedView::from_shape([c, r], a).unwrap().t();
            let af = av.flip(0).unwrap().flip(1).unwrap();
            let row = StridedView::from_shape([1, c], b).unwrap();
            for (level, stream) in settings() {
                force_level(Some(level));
                force_streaming(stream);
                for x in [av, at, af] {
                    let want = |i: usize, j: usize| x[[i, j]] - b[j];
                    let d: StridedArray<f32, 2> = &x - &row;
                    let e: StridedArray<f32, 2> = &row + &x;
                    let m = x.map(|&v| v * 2.0);
                    let dst: &mut [f32] = gd.at(r * c, at_end);
                    let mut dv = StridedViewMut::from_shape([c, r], dst).unwrap();
                    let mut dt = dv.t_mut();
                    dt.fill(1.0);
                    dt.zip_with(&x, |d, &s| *d -= s).unwrap();
                    for i in 0..r {
                        for j in 0..c {
                            let what = format!("{level:?} {stream:?} ({r}, {c}) [{i}, {j}]");
                            assert_eq!(d[[i, j]], want(i, j), "{what}");
                            assert_eq!(e[[i, j]], b[j] + x[[i, j]], "{what}");
                            assert_eq!(m[[i, j]], x[[i, j]] * 2.0, "{what}");
                            assert_eq!(dt[[i, j]], 1.0 - x[[i, j]], "{what}");
                        }
                    }
                }
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn zip_runs_both_sides_of_the_avx2_loop_at_the_guards() {
    // Issue 27 (p27b): `Zip`'s runs of 16 elements or more run their loop
    // compiled with AVX2 (engine::long_run), shorter ones and small views
    // (at most 64 elements, walked directly) inline. A CHW f32 -> HWC u8
    // conversion (program (g): destination stride 3, `f32::round`) and a
    // 3-operand Zip with a broadcast row, every operand flush against a
    // guard (at the end and at the start), rows of 15, 16, 17 and 70
    // elements, the source also flipped, at every level; map_inplace on
    // both destinations (its runs take long_run too).
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let back = |x: f32| (x * 255.0 + 0.5).round().clamp(0.0, 255.0) as u8;
    for (r, c) in [(2, 4), (3, 15), (5, 16), (4, 17), (9, 70)] {
        let n = r * c;
        let (mut gs, mut gd, mut gb, mut go) = (
            Guarded::new(n * 4),
            Guarded::new(n * 3),
            Guarded::new(c * 4),
            Guarded::new(n * 4),
        );
        for at_end in [true, false] {
            let s: &mut [f32] = gs.at(n, at_end);
            s.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = (i % 97) as f32 / 64.0 - 0.25);
            let b: &mut [f32] = gb.at(c, at_end);
            b.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as f32 * 0.5);
            let (s, b): (&[f32], &[f32]) = (s, b);
            let sv = StridedView::from_shape([r, c], s).unwrap();
            let row = StridedView::from_shape([c], b).unwrap();
            for (level, stream) in settings() {
                force_level(Some(level));
                force_streaming(stream);
                for x in [sv, sv.flip(0).unwrap().flip(1).unwrap()] {
                    for ch in 0..3 {
                        let hwc: &mut [u8] = gd.at(n * 3, at_end);
                        hwc.fill(9);
                        let dl = Layout::new([r, c], [3 * c as isize, 3], ch).unwrap();
                        let mut dv = StridedViewMut::new(&mut *hwc, dl).unwrap();
                        Zip::from(&mut dv)
                            .and(&x)
                            .unwrap()
                            .for_each(|o, &v| *o = back(v));
                        // map_inplace's runs (stride 3) take the same loops.
                        dv.map_inplace(|o| *o ^= 1);
                        for (k, &o) in hwc.iter().enumerate() {
                            let (i, j) = (k / 3 / c, k / 3 % c);
                            let want = if k % 3 == ch { back(x[[i, j]]) ^ 1 } else { 9 };
                            assert_eq!(
                                o, want,
                                "{level:?} {stream:?} ({r}, {c}) channel {ch} at {k}"
                            );
                        }
                    }
                    let out: &mut [f32] = go.at(n, at_end);
                    let mut ov = StridedViewMut::from_shape([r, c], out).unwrap();
                    Zip::from(&mut ov)
                        .and(&x)
                        .unwrap()
                        .and_broadcast(&row)
                        .unwrap()
                        .for_each(|o, &v, &m| *o = (v - m) * (v - m));
                    ov.map_inplace(|o| *o = (*o * 4.0).round());
                    for i in 0..r {
                        for j in 0..c {
                            let d = x[[i, j]] - b[j];
                            let d = (d * d * 4.0).round();
                            assert_eq!(ov[[i, j]], d, "{level:?} {stream:?} ({r}, {c}) [{i}, {j}]");
                        }
                    }
                }
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn zip_views_around_the_small_walk_and_long_runs_at_the_guards() {
    // Review of p27b: views of 63, 64 and 65 elements (the direct walk of
    // small views ends at 64), rows of 15, 16, 17, 63, 64 and 65 (long_run
    // from 16), read forwards and backwards (negative strides), with a
    // u8 operand transposed (staged when rows and columns are long), a
    // broadcast column (stride 0, read-only), Indexed and map_collect;
    // every buffer flush against a guard at its end and at its start.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let shapes = [
        (1, 63),
        (1, 64),
        (1, 65),
        (63, 1),
        (65, 1),
        (4, 15),
        (4, 16),
        (4, 17),
        (5, 16),
        (17, 16),
        (2, 63),
        (2, 64),
        (16, 65),
    ];
    for (r, c) in shapes {
        let n = r * c;
        let (mut ga, mut gb, mut gc, mut go) = (
            Guarded::new(n * 4),
            Guarded::new(n),
            Guarded::new(r * 8),
            Guarded::new(n * 4),
        );
        for at_end in [true, false] {
            let a: &mut [f32] = ga.at(n, at_end);
            a.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = i as f32 * 0.5 - 3.0);
            let b: &mut [u8] = gb.at(n, at_end);
            b.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = (i * 29 % 256) as u8);
            let col: &mut [f64] = gc.at(r, at_end);
            col.iter_mut().enumerate().for_each(|(i, e)| *e = i as f64);
            let (a, b, col): (&[f32], &[u8], &[f64]) = (a, b, col);
            let av = StridedView::from_shape([r, c], a).unwrap();
            let bt = StridedView::new(b, Layout::new([r, c], [1, r as isize], 0).unwrap()).unwrap();
            let cv = StridedView::new(col, Layout::new([r, c], [1, 0], 0).unwrap()).unwrap();
            for (level, stream) in settings() {
                force_level(Some(level));
                force_streaming(stream);
                for flip in [false, true] {
                    let (x, y) = if flip {
                        (av.flip(0).unwrap().flip(1).unwrap(), bt.flip(1).unwrap())
                    } else {
                        (av, bt)
                    };
                    let out: &mut [f32] = go.at(n, at_end);
                    out.fill(0.0);
                    let ov = StridedViewMut::from_shape([r, c], out).unwrap();
                    let mut ov = if flip { ov.flip(1).unwrap() } else { ov };
                    Zip::from(&mut ov)
                        .and(&x)
                        .unwrap()
                        .and(&y)
                        .unwrap()
                        .and(&cv)
                        .unwrap()
                        .for_each(|o, &x, &y, &z| *o = (x * f32::from(y)).round() + z as f32);
                    Zip::from(&mut ov)
                        .indexed()
                        .for_each(|[i, j], o| *o += (i * 1000 + j) as f32);
                    ov.map_inplace(|o| *o = -*o);
                    let m = Zip::from(&x)
                        .and(&y)
                        .unwrap()
                        .map_collect(|&x, &y| x - f32::from(y));
                    for i in 0..r {
                        for j in 0..c {
                            let w = (x[[i, j]] * f32::from(y[[i, j]])).round()
                                + cv[[i, j]] as f32
                                + (i * 1000 + j) as f32;
                            assert_eq!(
                                ov[[i, j]],
                                -w,
                                "{level:?} {stream:?} ({r}, {c}) [{i}, {j}]"
                            );
                            assert_eq!(m[[i, j]], x[[i, j]] - f32::from(y[[i, j]]));
                        }
                    }
                    #[cfg(feature = "rayon")]
                    {
                        Zip::from(&mut ov)
                            .and(&x)
                            .unwrap()
                            .and(&y)
                            .unwrap()
                            .par_for_each(|o, &x, &y| *o = x + f32::from(y));
                        for i in 0..r {
                            for j in 0..c {
                                assert_eq!(ov[[i, j]], x[[i, j]] + f32::from(y[[i, j]]));
                            }
                        }
                    }
                }
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

// Review r-d29b: the 2-D `dot` of f64 / f32 (`LinalgScalar::product`, also
// called directly) sets its `Vec`'s length after matrixmultiply writes C.
// Operands flush against the guards at the edges of that path: an inner
// size k = 0 with m, n > 0 (every element of C must be a written 0), m or
// n = 0, 1×N and N×1, broadcast (zero strides: one element, or one row /
// column, at the guard) and views of the last / first part of a longer
// buffer. C is contiguous with exactly m·n products.
#[test]
fn dot_of_empty_thin_broadcast_and_partial_operands_at_the_guards() {
    use constrided::linalg::LinalgScalar;
    fn go<T: Copy + PartialEq + core::fmt::Debug + LinalgScalar + core::iter::Sum>(
        to: impl Fn(u32) -> T,
    ) {
        let shapes = [
            (3usize, 0usize, 4usize),
            (1, 0, 1),
            (0, 3, 4),
            (3, 4, 0),
            (0, 0, 0),
            (1, 7, 1),
            (1, 5, 9),
            (9, 5, 1),
            (17, 3, 33),
            // Past matrixmultiply's blocks: k > kc = 256 (later k-blocks
            // read back what the first wrote), m > mc = 64, n > nc = 1024.
            (65, 257, 3),
            (2, 3, 1025),
        ];
        for (m, k, n) in shapes {
            let pad = 5usize;
            let mut ga = Guarded::new((m * k + pad) * size_of::<T>());
            let mut gb = Guarded::new((k * n + pad) * size_of::<T>());
            for at_end in [true, false] {
                let (la_len, lb_len) = (m * k + pad, k * n + pad);
                let xa: &mut [T] = ga.at(la_len, at_end);
                let xb: &mut [T] = gb.at(lb_len, at_end);
                xa.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = to(i as u32 % 7 + 1));
                xb.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = to(i as u32 % 5 + 1));
                let (xa, xb) = (&*xa, &*xb);
                // The part of each buffer at the guard: its last m·k (k·n)
                // elements when at_end, its first ones otherwise.
                let (oa, ob) = if at_end { (pad, pad) } else { (0, 0) };
                let (mi, ki, ni) = (m as isize, k as isize, n as isize);
                let las = [
                    Layout::new([m, k], [ki, 1], oa).unwrap(),
                    Layout::new([m, k], [1, mi], oa).unwrap(),
                    Layout::new([m, k], [-ki, -1], (oa + m * k).saturating_sub(1)).unwrap(),
                    // Broadcast: the element at the guard (the last or first).
                    Layout::new([m, k], [0, 0], if at_end { la_len - 1 } else { 0 }).unwrap(),
                    // One row repeated: the last (first) k elements.
                    Layout::new([m, k], [0, 1], if at_end { la_len - k } else { 0 }).unwrap(),
                ];
                let lbs = [
                    Layout::new([k, n], [ni, 1], ob).unwrap(),
                    Layout::new([k, n], [1, ki], ob).unwrap(),
                    Layout::new([k, n], [-1, -ki], (ob + k * n).saturating_sub(1)).unwrap(),
                    Layout::new([k, n], [0, 0], if at_end { lb_len - 1 } else { 0 }).unwrap(),
                    Layout::new([k, n], [1, 0], if at_end { lb_len - k } else { 0 }).unwrap(),
                ];
                for la in las {
                    for lb in lbs {
                        let a = StridedView::new(xa, la).unwrap();
                        let b = StridedView::new(xb, lb).unwrap();
                        let want: Vec<T> = (0..m * n)
                            .map(|ij| (0..k).map(|p| a[[ij / n, p]] * b[[p, ij % n]]).sum())
                            .collect();
                        for c in [a.dot(&b), T::product(a, b), a.try_dot(&b).unwrap()] {
                            assert_eq!(c.shape(), [m, n]);
                            assert!(c.view().is_contiguous());
                            assert_eq!(c.as_slice(), &want[..], "{la:?} {lb:?}");
                        }
                    }
                }
            }
        }
    }
    go(|v| v as f64);
    go(|v| v as f32);
}

// k30: seams across the outer walk (transpose.rs `seam_pass` with `next`,
// `mixed_seam_block`): the rank-8 permutation [3, 7, 1, 5, 0, 6, 2, 4]
// (rows [i1, i5], seam axis i5 of delta 8, then the outer axis i4), whose
// last-digit rows' lines take the head columns of the next position of
// i4: at the last position there is none (a block reading past it faults
// at the guard). The destination ends `g` elements before the upper guard
// page or starts `g` after the lower one, the source flush against either
// guard; every level, streaming forced on and off.
fn outer_seam_case<T: Elem>(d: [usize; 8]) {
    let perm = [3, 7, 1, 5, 0, 6, 2, 4];
    let mut s = [0; 8];
    for (j, &p) in perm.iter().enumerate() {
        s[p] = d[j];
    }
    let sl = Layout::contiguous(s).permute(perm).unwrap();
    let dl = Layout::contiguous(d);
    let n = sl.numel();
    let line = 64 / size_of::<T>();
    let mut gs = Guarded::new(n * size_of::<T>());
    let mut gd = Guarded::new((n + line) * size_of::<T>());
    for g in [1, line / 2 + 1, line - 1] {
        for at_end in [true, false] {
            let src: &mut [T] = gs.at(n, at_end);
            for (i, e) in src.iter_mut().enumerate() {
                *e = T::from_index(i);
            }
            let sv = StridedView::new(&*src, sl).unwrap();
            under_every_setting(|level, stream| {
                let what = format!("{level:?} {stream:?} {d:?} g {g} at_end {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
            });
        }
    }
}

#[test]
fn transposes_with_seams_across_the_outer_walk() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    outer_seam_case::<u32>([1, 8, 1, 2, 3, 8, 8, 8]);
    outer_seam_case::<u64>([1, 8, 1, 1, 3, 4, 4, 8]);
    outer_seam_case::<u16>([1, 8, 1, 1, 2, 16, 16, 8]);
    outer_seam_case::<u8>([1, 8, 1, 1, 2, 32, 32, 8]);
}

#[test]
fn z30_one_trip_walks_at_guards() {
    // z30: `for_each_outer` calls its body at one place (an outer plan of
    // rank 0 is one trip of its counted loop: 1-D views above the
    // small-view size, rank-2 axis reductions), `fill` walks long runs
    // through `long_run` and small views inline, `zip_with` runs its walk
    // through `engine::avx2_apart`. 1-D views of 65 to 1000 elements,
    // forward and reversed, small 2-D views and a (3, m) reduction, flush
    // against a guard page at either end, under every setting.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn walks<T: Elem>() {
        for n in [65usize, 200, 1000] {
            let mut g = Guarded::new(n * size_of::<T>());
            let mut h = Guarded::new(n * size_of::<T>());
            for at_end in [true, false] {
                let a: &mut [T] = g.at(n, at_end);
                let b: &mut [T] = h.at(n, at_end);
                b.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(i));
                let fwd = Layout::contiguous([n]);
                let rev = Layout::new([n], [-1], n - 1).unwrap();
                let one = Layout::new([n], [0], if at_end { n - 1 } else { 0 }).unwrap();
                under_every_setting(|level, stream| {
                    for (dl, sl) in [(fwd, fwd), (rev, fwd), (fwd, rev), (rev, one)] {
                        let bv = StridedView::new(&*b, sl).unwrap();
                        let mut av = StridedViewMut::new(&mut *a, dl).unwrap();
                        av.fill(T::from_index(1));
                        av.map_inplace(|e| *e = *e + T::from_index(1));
                        av.zip_with(&bv, |d, s| *d = *d + *s).unwrap();
                        let want: Vec<T> = bv.iter().map(|&s| T::from_index(2) + s).collect();
                        assert_eq!(av.to_vec(), want, "{level:?} {stream:?} {dl:?} {sl:?}");
                        assert_eq!(bv.fold(0usize, |k, _| k + 1), n);
                        assert_eq!(bv.map(|&x| x).to_vec(), bv.to_vec());
                        if size_of::<T>() >= 4 {
                            let _ = bv.sum();
                        }
                    }
                    if size_of::<T>() >= 4 {
                        let m = n / 3;
                        for l in [
                            Layout::contiguous([3, m]),
                            Layout::new([3, m], [-(m as isize), -1], 3 * m - 1).unwrap(),
                        ] {
                            let v = StridedView::new(&b[n - 3 * m..], l).unwrap();
                            let _ = v.sum_axis::<1>(0).unwrap();
                            let _ = v.t().sum_axis::<1>(1).unwrap();
                        }
                    }
                    // Small views (walked inline): 8x8 and 3x5 at the guard.
                    for (r, c) in [(8usize, 8usize), (3, 5)] {
                        let off = if at_end { n - r * c } else { 0 };
                        let l = Layout::new([r, c], [c as isize, 1], off).unwrap();
                        StridedViewMut::new(&mut *a, l)
                            .unwrap()
                            .fill(T::from_index(3));
                        let l = l.flip(1).unwrap();
                        StridedViewMut::new(&mut *a, l)
                            .unwrap()
                            .fill(T::from_index(4));
                    }
                });
            }
        }
    }
    every_size!(walks);
}

// Review r-u30: `general_mat_mul` on f32 (u30's operand copies) and f64
// (u30's transposed product `Cᵀ = Bᵀ·Aᵀ`) on matrixmultiply's AVX-512
// kernels where the CPU has them: A, B and C each flush against a guard
// page (the last or the first element of its buffer at the guard), in
// row-major, column-major and both-flipped orders, sizes around the
// kernels' tiles (8, 16) and mc = 64; β = 0 over a NaN-filled C and β = 1.
#[test]
fn general_mat_mul_every_orientation_at_the_guards() {
    use constrided::linalg::{general_mat_mul, LinalgScalar};
    fn go<T: LinalgScalar + core::fmt::Debug + From<i8>>(nan: T) {
        let sizes = [
            (1usize, 1usize, 1usize),
            (8, 8, 8),
            (9, 3, 7),
            (16, 16, 16),
            (17, 17, 17),
            (15, 2, 16),
            (1, 5, 17),
            (17, 5, 1),
            (65, 3, 63),
        ];
        // The four orders of an (r, c) operand in r·c elements.
        fn orders(r: usize, c: usize) -> [Layout<2>; 4] {
            let (ri, ci, len) = (r as isize, c as isize, r * c);
            [
                Layout::new([r, c], [ci, 1], 0).unwrap(),
                Layout::new([r, c], [1, ri], 0).unwrap(),
                Layout::new([r, c], [-ci, -1], len - 1).unwrap(),
                Layout::new([r, c], [-1, -ri], len - 1).unwrap(),
            ]
        }
        let at = |l: &Layout<2>, i: usize, j: usize| {
            let s = l.strides();
            (l.offset() as isize + i as isize * s[0] + j as isize * s[1]) as usize
        };
        for (m, k, n) in sizes {
            let mut ga = Guarded::new(m * k * size_of::<T>());
            let mut gb = Guarded::new(k * n * size_of::<T>());
            let mut gc = Guarded::new(m * n * size_of::<T>());
            let mut round = 0usize;
            for at_end in [true, false] {
                let xa: &mut [T] = ga.at(m * k, at_end);
                let xb: &mut [T] = gb.at(k * n, !at_end);
                let xc: &mut [T] = gc.at(m * n, at_end);
                xa.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from((i % 7) as i8 - 3));
                xb.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from((i % 5) as i8 - 2));
                let (xa, xb) = (&*xa, &*xb);
                for la in orders(m, k) {
                    for lb in orders(k, n) {
                        for lc in orders(m, n) {
                            round += 1;
                            let beta = if round.is_multiple_of(2) {
                                T::ZERO
                            } else {
                                T::ONE
                            };
                            xc.iter_mut().enumerate().for_each(|(i, e)| {
                                *e = if beta == T::ZERO {
                                    nan
                                } else {
                                    T::from((i % 3) as i8)
                                }
                            });
                            let c0: Vec<T> = xc.to_vec();
                            let a = StridedView::new(xa, la).unwrap();
                            let b = StridedView::new(xb, lb).unwrap();
                            let mut c = StridedViewMut::new(&mut *xc, lc).unwrap();
                            general_mat_mul(T::ONE, &a, &b, beta, &mut c);
                            for i in 0..m {
                                for j in 0..n {
                                    let mut s = T::ZERO;
                                    for p in 0..k {
                                        s = s + xa[at(&la, i, p)] * xb[at(&lb, p, j)];
                                    }
                                    let q = at(&lc, i, j);
                                    let want = if beta == T::ZERO { s } else { s + c0[q] };
                                    assert_eq!(xc[q], want, "({m}, {k}, {n}) {la:?} {lb:?} {lc:?}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    go(f32::NAN);
    go(f64::NAN);
}

#[test]
fn r_z30_copy_long_runs_and_deep_outer_walks_at_guards() {
    // r-z30 (review of z30): the copy walk's contiguous runs go through
    // `engine::long_run` (AVX2 from 16 elements), so runs of 15 to 33
    // elements and long ones, forward, reversed and step 2, flush against
    // a guard page at either end; and views of rank 5 (outer walks of
    // rank 4, the odometer's carry) filled, assigned and zipped there.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn runs<T: Elem>() {
        for n in [15usize, 16, 17, 31, 32, 33, 100, 1000] {
            let rows = 3usize;
            let len = rows * n * 2;
            let mut g = Guarded::new(len * size_of::<T>());
            let mut h = Guarded::new(len * size_of::<T>());
            for at_end in [true, false] {
                let a: &mut [T] = g.at(len, at_end);
                let b: &mut [T] = h.at(len, at_end);
                b.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = T::from_index(i));
                let m = (rows * n) as isize;
                // Layouts of [rows, n] whose reach touches both ends.
                let layouts = [
                    Layout::new([rows, n], [2 * n as isize, 1], n).unwrap(),
                    Layout::new([rows, n], [-(2 * n as isize), -1], len - 1).unwrap(),
                    Layout::new([rows, n], [2 * n as isize, 2], 1).unwrap(),
                    Layout::new([rows, n], [2, 2 * rows as isize], 1).unwrap(),
                    Layout::new([rows, n], [n as isize, 1], 0).unwrap(),
                    Layout::new([rows, n], [-(2 * n as isize), -1], 5 * n - 1).unwrap(),
                    Layout::new([rows, n], [-1, -(rows as isize)], m as usize - 1).unwrap(),
                ];
                under_every_setting(|level, stream| {
                    for dl in layouts {
                        for sl in layouts {
                            if dl.required_len() > len || sl.required_len() > len {
                                continue;
                            }
                            let bv = StridedView::new(&*b, sl).unwrap();
                            let mut av = StridedViewMut::new(&mut *a, dl).unwrap();
                            av.assign(&bv).unwrap();
                            assert_eq!(
                                av.to_vec(),
                                bv.to_vec(),
                                "{level:?} {stream:?} {dl:?} {sl:?}"
                            );
                        }
                    }
                });
            }
        }
    }
    every_size!(runs);
    fn deep<T: Elem>() {
        let shape = [2usize, 3, 1, 2, 17];
        let len: usize = shape.iter().product();
        let mut g = Guarded::new(len * size_of::<T>());
        let mut h = Guarded::new(len * size_of::<T>());
        for at_end in [true, false] {
            let a: &mut [T] = g.at(len, at_end);
            let b: &mut [T] = h.at(len, at_end);
            b.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = T::from_index(i));
            let c = Layout::contiguous(shape);
            let layouts = [
                c,
                c.flip(0).unwrap().flip(4).unwrap(),
                c.flip(1).unwrap().flip(3).unwrap(),
            ];
            under_every_setting(|level, stream| {
                for dl in layouts {
                    for sl in layouts {
                        let bv = StridedView::new(&*b, sl).unwrap();
                        let mut av = StridedViewMut::new(&mut *a, dl).unwrap();
                        av.fill(T::from_index(2));
                        av.zip_with(&bv, |d, s| *d = *d + *s).unwrap();
                        let want: Vec<T> = bv.iter().map(|&s| T::from_index(2) + s).collect();
                        assert_eq!(av.to_vec(), want, "{level:?} {stream:?} {dl:?} {sl:?}");
                        av.assign(&bv).unwrap();
                        assert_eq!(av.to_vec(), bv.to_vec(), "{level:?} {stream:?}");
                        Zip::from(&mut av)
                            .and(&bv)
                            .unwrap()
                            .for_each(|d, s| *d = *s + *s);
                        assert_eq!(bv.fold(0usize, |k, _| k + 1), len);
                    }
                }
            });
        }
    }
    every_size!(deep);
}

// Review of k30 (r-k30): seams across the outer walk with the source
// walked backwards along the outer axis (the walk's last position is the
// source's first: a read of its "next" position would be before the
// buffer, in the lower guard page) or forwards (after it, in the upper
// one), seam digits joined over two axes with delta a (a quarter block
// and one row), and 16-byte elements (blocks of 4 rows). Destination
// [a, o, k2, k1, c] row-major; source a: 1, k1: a, k2: a·K1, c, then o
// outermost.
elem!(u128);
fn r_k30_outer_case<T: Elem>(c: usize) {
    let line = 64 / size_of::<T>();
    // (a · k1 · k2, the columns' source step, more than a line: a transpose.)
    let (a, o, k2, k1) = (line / 4 + 1, 3, 2, 2);
    let shape = [a, o, k2, k1, c];
    let kc = (a * k1 * k2) as isize;
    let st = [1, kc * c as isize, (a * k1) as isize, a as isize, kc];
    let sl = Layout::new(shape, st, 0).unwrap();
    let dl = Layout::contiguous(shape);
    let n = sl.numel();
    let mut gs = Guarded::new(n * size_of::<T>());
    let mut gd = Guarded::new((n + line) * size_of::<T>());
    for flip in [false, true] {
        let sl = if flip { sl.flip(1).unwrap() } else { sl };
        for g in [1, line - 1] {
            for at_end in [true, false] {
                let src: &mut [T] = gs.at(n, at_end);
                for (i, e) in src.iter_mut().enumerate() {
                    *e = T::from_index(i);
                }
                let sv = StridedView::new(&*src, sl).unwrap();
                under_every_setting(|level, stream| {
                    let what = format!("{level:?} {stream:?} c {c} flip {flip} g {g} {at_end}");
                    rearrange_beside_slack(&mut gd, &sv, dl, (g, at_end), &what);
                });
            }
        }
    }
}

#[test]
fn r_k30_outer_seams_flipped_source_and_16_byte_elements() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    r_k30_outer_case::<u128>(16);
    r_k30_outer_case::<u64>(32);
    r_k30_outer_case::<u32>(64);
    r_k30_outer_case::<u8>(256);
}

// The 1-byte transposes' streaming threshold (16 MiB since k30) at the
// guards, by the size rule (streaming not forced): NCHW -> NHWC u8 with
// 64 channels writing exactly 16 MiB (streamed: seams across N) and one
// image less (not streamed). Release only (a 16 MiB model).
#[test]
fn r_k30_u8_transpose_at_the_16_mib_threshold() {
    if cfg!(debug_assertions) {
        return;
    }
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for n_img in [4, 3] {
        let shape = [n_img, 64, 64, 1024]; // 4 MiB an image
        let sl = Layout::contiguous(shape).permute([0, 2, 3, 1]).unwrap();
        let dl = Layout::contiguous(sl.shape());
        let n = sl.numel();
        let mut gs = Guarded::new(n);
        let mut gd = Guarded::new(n + 64);
        for at_end in [true, false] {
            let src: &mut [u8] = gs.at(n, at_end);
            for (i, e) in src.iter_mut().enumerate() {
                *e = (i % 251) as u8;
            }
            let sv = StridedView::new(&*src, sl).unwrap();
            for level in [Level::Avx512, Level::Sse2] {
                force_level(Some(level));
                force_streaming(None);
                let what = format!("{level:?} images {n_img} {at_end}");
                rearrange_beside_slack(&mut gd, &sv, dl, (17, at_end), &what);
            }
            force_level(None);
        }
    }
}

#[test]
fn copies_of_chained_runs_at_the_guards() {
    // Runs that continue one another in the destination while the source
    // jumps (a (1, 0, 2) permutation; `simd::stream_gather` when the copy
    // streams): the source flush against the guards at both ends (a
    // flipped chain axis starts at its last run), the destination ending
    // at the upper guard with its start at every offset within a line (the
    // last run's tail, written with ordinary stores, ends at the guard),
    // and starting right after the lower one.
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn chained<T: Elem>() {
        let size = size_of::<T>();
        for run_bytes in [256usize, 264, 1024, 1032, 4104] {
            if run_bytes % size != 0 {
                continue;
            }
            let c = run_bytes / size;
            let count = (16 << 10) / run_bytes + 3;
            let base = Layout::contiguous([count, 2, c])
                .permute([1, 0, 2])
                .unwrap();
            let dl = Layout::contiguous([2, count, c]);
            let n = dl.required_len();
            for flip in [false, true] {
                let sl = if flip { base.flip(1).unwrap() } else { base };
                let sn = sl.required_len();
                let mut gs = Guarded::new(sn * size);
                for src_at_end in [true, false] {
                    let src: &mut [T] = gs.at(sn, src_at_end);
                    src.iter_mut()
                        .enumerate()
                        .for_each(|(i, e)| *e = T::from_index(i));
                    let sv = StridedView::new(&*src, sl).unwrap();
                    let want = sv.to_vec();
                    for shift in line_offsets(size) {
                        let mut gd = Guarded::new((n + shift) * size);
                        let dst: &mut [T] = gd.at_end(n + shift);
                        under_every_setting(|level, stream| {
                            dst.iter_mut().for_each(|e| *e = T::default());
                            let mut dv = StridedViewMut::new(&mut dst[shift..], dl).unwrap();
                            rearrange(&mut dv, &sv).unwrap();
                            assert_eq!(
                                dv.to_vec(),
                                want,
                                "size {size} run {c} flip {flip} shift {shift} {level:?} {stream:?}"
                            );
                            assert!(dst[..shift].iter().all(|e| *e == T::default()));
                        });
                    }
                    let mut gd = Guarded::new(n * size);
                    let dst: &mut [T] = gd.at_start(n);
                    under_every_setting(|_, _| {
                        let mut dv = StridedViewMut::new(&mut *dst, dl).unwrap();
                        rearrange(&mut dv, &sv).unwrap();
                        assert_eq!(dv.to_vec(), want, "size {size} run {c} at start");
                    });
                }
            }
        }
    }
    every_size!(chained);
}

// Review of `simd::stream_gather` (r-gather): sources whose runs overlap
// one another (chain stride 1 element: a sliding window), broadcast
// chains (every run the same one) and flipped chains with a gap, each
// flush against the upper guard and right after the lower one; the
// destination starting `shift` elements after the lower guard (its first
// lines are the kernel's head), a gap of 3 elements between two chains
// (never written), and the elements before the view and in the gap
// checked untouched.
#[test]
fn r_gather31_overlapping_and_broadcast_sources_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn body<T: Elem>() {
        let size = size_of::<T>();
        for run_bytes in [256usize, 320, 1032] {
            let c = run_bytes / size;
            let count = (16 << 10) / run_bytes + 2;
            let ci = c as isize;
            let sources = [
                Layout::new([2, count, c], [1, 1, 1], 0).unwrap(),
                Layout::new([2, count, c], [0, 0, 1], 0).unwrap(),
                Layout::new([2, count, c], [ci, -ci - 1, 1], (count - 1) * (c + 1)).unwrap(),
            ];
            let block = (count * c + 3) as isize;
            let dl = Layout::new([2, count, c], [block, ci, 1], 0).unwrap();
            let n = dl.required_len();
            for sl in sources {
                let sn = sl.required_len();
                let mut gs = Guarded::new(sn * size);
                for src_at_end in [true, false] {
                    let src: &mut [T] = gs.at(sn, src_at_end);
                    src.iter_mut()
                        .enumerate()
                        .for_each(|(i, e)| *e = T::from_index(i * 7 + i / 59));
                    let sv = StridedView::new(&*src, sl).unwrap();
                    let want = sv.to_vec();
                    for shift in line_offsets(size) {
                        let mut gd = Guarded::new((n + shift + 1) * size);
                        let dst: &mut [T] = gd.at_start(n + shift + 1);
                        under_every_setting(|level, stream| {
                            dst.iter_mut().for_each(|e| *e = T::default());
                            let mut dv =
                                StridedViewMut::new(&mut dst[shift..shift + n], dl).unwrap();
                            rearrange(&mut dv, &sv).unwrap();
                            let what = format!(
                                "size {size} run {c} {sl:?} shift {shift} {level:?} {stream:?}"
                            );
                            assert_eq!(dv.to_vec(), want, "{what}");
                            let gap = shift + count * c..shift + block as usize;
                            assert!(dst[..shift].iter().all(|e| *e == T::default()), "{what}");
                            assert!(dst[gap].iter().all(|e| *e == T::default()), "{what}");
                            assert!(dst[shift + n] == T::default(), "{what}");
                        });
                    }
                }
            }
        }
    }
    every_size!(body);
}

// Type-erased copies (`rearrange_bytes`, elements moved as [u8; K]) whose
// destination starts 1 to K - 1 bytes after the lower guard: `d` cannot
// reach a line boundary at an element boundary, so `stream_gather` falls
// back to one ordinary copy per run (typed primitives never take that
// branch: they are aligned to their size). Sources flush against either
// guard, their chain forwards and flipped; destinations also ending at
// the upper guard (element-aligned: the kernel's own tail there).
#[test]
fn r_gather31_type_erased_misaligned_destinations_at_the_guards() {
    use constrided::kernel::rearrange_bytes;
    use constrided::DynLayout;
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for elem in [2usize, 4, 8, 16] {
        let c = 264 / elem;
        let count = (16 << 10) / (c * elem) + 2;
        let base = Layout::contiguous([count, 2, c])
            .permute([1, 0, 2])
            .unwrap();
        let dl = Layout::contiguous([2, count, c]);
        let (ddl, dn) = (DynLayout::from(dl), dl.required_len() * elem);
        for flip in [false, true] {
            let sl = if flip { base.flip(1).unwrap() } else { base };
            let (dsl, sn) = (DynLayout::from(sl), sl.required_len() * elem);
            let mut gs = Guarded::new(sn + elem);
            for src_at_end in [true, false] {
                let src: &mut [u8] = if src_at_end {
                    gs.at_end(sn)
                } else {
                    &mut gs.at_start(sn + 1)[1..]
                };
                src.iter_mut()
                    .enumerate()
                    .for_each(|(i, e)| *e = (i * 13 + i / 241) as u8);
                let src = &*src;
                let mut want = vec![0u8; dn];
                rearrange_bytes(&mut want, &ddl, src, &dsl, elem).unwrap();
                // The model: element (i, k, j) of the destination is
                // element (k, i, j) of the source's [count, 2, c] buffer.
                for (p, w) in want.chunks(elem).enumerate() {
                    let (i, k, j) = (p / (count * c), p / c % count, p % c);
                    let k = if flip { count - 1 - k } else { k };
                    let q = (k * 2 + i) * c + j;
                    assert_eq!(w, &src[q * elem..(q + 1) * elem]);
                }
                let mut gd = Guarded::new(dn + elem);
                for shift in 0..elem {
                    let dst: &mut [u8] = gd.at_start(dn + shift);
                    under_every_setting(|level, stream| {
                        dst.fill(0);
                        rearrange_bytes(&mut dst[shift..], &ddl, src, &dsl, elem).unwrap();
                        let what =
                            format!("elem {elem} flip {flip} shift {shift} {level:?} {stream:?}");
                        assert!(dst[shift..] == want[..], "{what}");
                        assert!(dst[..shift].iter().all(|e| *e == 0), "{what}");
                    });
                }
                let dst: &mut [u8] = gd.at_end(dn);
                under_every_setting(|level, stream| {
                    dst.fill(0);
                    rearrange_bytes(dst, &ddl, src, &dsl, elem).unwrap();
                    assert!(
                        dst == &want[..],
                        "elem {elem} flip {flip} at end {level:?} {stream:?}"
                    );
                });
            }
        }
    }
}

// r-lines: the AVX2 blocks of 4- and 8-byte elements
// (`simd::avx2_block_staged`: 32-byte loads of two 16-byte pieces of each
// source run, the block staged on the stack, two 32-byte stores per
// destination line) on transposes whose source (forwards or flipped) and
// destination sit flush against either guard, the destination at several
// offsets within a line (every one in release) with its end at the upper
// guard or its start after the lower one. [e, e + 1] (e elements a line)
// is no transpose to the copy engine (the source steps one line along the
// destination's rows): a strided copy at the guards. [2e + 1, e] is a
// column of blocks writing whole destination lines (streamed where the
// setting streams), [16e + 1, e + 3] a tile of blocks with ragged edges.
// (Written against 82d4c1b's register blocks, since reverted.)
#[test]
fn r_lines32_transposes_at_the_guards() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    fn body<T: Elem>() {
        let size = size_of::<T>();
        let e = 64 / size;
        for [r, c] in [[e, e + 1], [2 * e + 1, e], [16 * e + 1, e + 3]] {
            let col = Layout::f_contiguous([r, c]);
            let dl = Layout::contiguous([r, c]);
            let n = r * c;
            for sl in [col, col.flip(0).unwrap().flip(1).unwrap()] {
                let mut gs = Guarded::new(n * size);
                for src_at_end in [true, false] {
                    let src: &mut [T] = gs.at(n, src_at_end);
                    src.iter_mut()
                        .enumerate()
                        .for_each(|(i, x)| *x = T::from_index(i * 7 + i / 61));
                    let sv = StridedView::new(&*src, sl).unwrap();
                    let want = sv.to_vec();
                    for shift in line_offsets(size) {
                        for at_end in [true, false] {
                            let mut gd = Guarded::new((n + shift) * size);
                            let dst: &mut [T] = gd.at(n + shift, at_end);
                            under_every_setting(|level, stream| {
                                dst.iter_mut().for_each(|x| *x = T::default());
                                let mut dv = StridedViewMut::new(&mut dst[shift..], dl).unwrap();
                                rearrange(&mut dv, &sv).unwrap();
                                let what = format!(
                                    "size {size} {sl:?} shift {shift} at end {at_end} \
                                     {level:?} {stream:?}"
                                );
                                assert_eq!(dv.to_vec(), want, "{what}");
                                assert!(dst[..shift].iter().all(|x| *x == T::default()), "{what}");
                            });
                        }
                    }
                }
            }
        }
    }
    body::<u32>();
    body::<u64>();
}
