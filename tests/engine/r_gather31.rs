//! Review of `simd::stream_gather` and its dispatch in `copy_planned_sized`
//! (runs of 256 B .. 16 KiB whose destinations continue one another,
//! written as one streamed destination): cases the author's `gather31`
//! does not cover, each checked against the brute-force model at every
//! kernel level, streaming forced on and off, on whole buffers (nothing
//! outside the destination view may change):
//!
//! - source runs that overlap one another (a sliding window: chain stride
//!   1, half a run, a negative stride smaller than the run) and broadcast
//!   chains at byte granularity;
//! - chain axes that are not the layout's next-to-last axis before the
//!   plan reorders, flips or coalesces them (column-major destinations, a
//!   flipped destination axis around the chain, a chain made of two
//!   coalesced axes, four-axis views with gaps);
//! - every byte skew of a `u8` destination within a line, runs around
//!   whole lines (256, 257, 319, 320, 383 bytes) and totals just above the
//!   16 KiB the path needs;
//! - type-erased copies (`rearrange_bytes`) of 2- to 16-byte elements at
//!   every byte offset, where `d` cannot reach a line boundary at an
//!   element boundary and the kernel falls back (the only way into that
//!   fallback: every typed primitive is aligned to its size), and of
//!   larger elements cut into 16-, 8- or 4-byte chunks;
//! - source and destination in one allocation (`rearrange_bytes_raw`): the
//!   destination in the gap between two source runs, flush against both;
//! - two threads writing the two halves of one buffer, split inside a
//!   cache line, and `par_rearrange` slabs.

use super::avx512_blocks::check;
use super::model::{self, positions};
use super::SWITCHES;
use constrided::kernel::{
    force_level, force_streaming, rearrange, rearrange_bytes, rearrange_bytes_raw,
};
use constrided::{DynLayout, Layout, StridedView, StridedViewMut};

#[test]
fn overlapping_and_broadcast_source_runs() {
    // [count, n] read with chain stride `cs` (runs overlapping when
    // |cs| < n), into a contiguous destination: runs of n u8.
    for (n, cs, count) in [
        (300usize, 1isize, 60usize),
        (300, 150, 60),
        (257, -3, 70),
        (256, 0, 64),
        (383, -383, 43),
    ] {
        let off = if cs < 0 {
            (count - 1) * cs.unsigned_abs()
        } else {
            0
        };
        let sl = Layout::new([count, n], [cs, 1], off).unwrap();
        let dl = Layout::contiguous([count, n]);
        check(|i| (i.wrapping_mul(7) ^ (i >> 8)) as u8, sl, dl, 1, 3, 5);
    }
    // 4-byte elements: runs of 100 (400 B), chains stepping one element.
    let sl = Layout::new([50, 100], [1, 1], 2).unwrap();
    check(|i| i as u32, sl, Layout::contiguous([50, 100]), 0, 1, 3);
    let sl = Layout::new([50, 100], [-1, 1], 49).unwrap();
    check(|i| i as u32, sl, Layout::contiguous([50, 100]), 3, 2, 0);
}

#[test]
fn chain_axes_reordered_flipped_and_coalesced() {
    // Column-major destination: the chain is logical axis 1, the run
    // logical axis 0 (the plan sorts them); 130 u16 = 260 B runs.
    let (n, count) = (130usize, 70usize);
    let dl = Layout::f_contiguous([n, count]);
    let sl = Layout::new([n, count], [1, n as isize + 7], 4).unwrap();
    check(|i| i as u16, sl, dl, 1, 5, 9);
    check(|i| i as u16, sl.flip(1).unwrap(), dl, 0, 1, 2);
    // A destination axis walked backwards around the chain (not flipped by
    // the plan: the source walks it forwards), with a gap between blocks.
    let (n, count) = (70usize, 60usize);
    let block = (count * n + 5) as isize;
    let dl = Layout::new([3, count, n], [-block, n as isize, 1], 2 * block as usize).unwrap();
    let sl = Layout::contiguous([count, 3, n])
        .permute([1, 0, 2])
        .unwrap();
    check(|i| i as u32, sl, dl, 2, 3, 4);
    // Both operands backwards on that axis (the plan flips it), and the
    // source's chain backwards too.
    let sl2 = sl.flip(0).unwrap().flip(1).unwrap();
    check(|i| i as u32, sl2, dl, 0, 7, 1);
    // Four axes: two outer ones around the chain with gaps in both
    // operands, permuted in the source.
    let (n, count) = (66usize, 64usize);
    let inner = (count * n + 9) as isize;
    let dl = Layout::new([2, 3, count, n], [3 * inner + 4, inner, n as isize, 1], 0).unwrap();
    let sl = Layout::contiguous([3, count, 2, n])
        .permute([2, 0, 1, 3])
        .unwrap();
    check(|i| i as u32, sl, dl, 1, 0, 6);
    // A chain coalesced from two axes in both operands: 4 x 8 runs of 600
    // B (one axis alone is 4.8 KiB, under the 16 KiB the path needs).
    let (a, b, n) = (4usize, 8usize, 150usize);
    let s = (n + 3) as isize;
    let sl = Layout::new([a, b, n], [b as isize * s, s, 1], 0).unwrap();
    check(|i| i as f32, sl, Layout::contiguous([a, b, n]), 0, 1, 2);
    // The source coalesces, the destination does not: chains of b runs,
    // blocks 64 elements apart.
    let (a, b, n) = (3usize, 30usize, 150usize);
    let dl = Layout::new([a, b, n], [(b * n + 64) as isize, n as isize, 1], 3).unwrap();
    let sl = Layout::new([a, b, n], [b as isize * s, s, 1], 1).unwrap();
    check(|i| i as f32, sl, dl, 0, 5, 1);
    // Destination runs that do NOT continue one another (a gap of one and
    // of 16 elements after each; the gaps must stay untouched), and runs
    // read backwards (inner source stride -1): not the path's shape.
    let (n, count) = (100usize, 50usize);
    let sl = Layout::new([count, n], [n as isize + 20, 1], 0).unwrap();
    for g in [1isize, 16] {
        let dl = Layout::new([count, n], [n as isize + g, 1], 2).unwrap();
        check(|i| i as u32, sl, dl, 0, 3, 1);
    }
    let dl = Layout::contiguous([count, n]);
    check(|i| i as u32, sl.flip(1).unwrap(), dl, 1, 0, 2);
    // Runs backwards in both operands (the plan flips the inner axis, so
    // the runs start at their last element), the chain forwards.
    check(
        |i| i as u32,
        sl.flip(1).unwrap(),
        dl.flip(1).unwrap(),
        0,
        1,
        2,
    );
    // 16-byte elements (u128, aligned to 16: the head is a whole number
    // of elements at every skew): runs of 17, the chain flipped.
    let sl = Layout::new([62, 17], [-20, 1], 61 * 20).unwrap();
    for dskew in [0, 1, 2, 3] {
        check(
            |i| i as u128 * 0x1_0000_0001,
            sl,
            Layout::contiguous([62, 17]),
            1,
            dskew,
            1,
        );
    }
}

#[test]
fn u8_runs_around_whole_lines_at_every_destination_skew() {
    for run in [256usize, 257, 319, 320, 383] {
        let count = (16usize << 10).div_ceil(run);
        let sl = Layout::contiguous([count, 2, run])
            .permute([1, 0, 2])
            .unwrap();
        let dl = Layout::contiguous([2, count, run]);
        let skews: Vec<usize> = if run == 257 || run == 320 {
            (0..64).collect()
        } else {
            vec![0, 1, 17, 63]
        };
        for dskew in skews {
            check(|i| (i ^ (i >> 8)) as u8, sl, dl, 5, dskew, 1);
        }
    }
}

// The whole `dst` after a byte copy of `elem`-byte elements from `src`
// through layouts `dl` (element positions from `dst_at` bytes into dst)
// and `sl` (from `src_at` into src).
fn bytes_model<const N: usize>(
    dst: &[u8],
    dl: Layout<N>,
    dst_at: usize,
    src: &[u8],
    sl: Layout<N>,
    src_at: usize,
    elem: usize,
) -> Vec<u8> {
    let mut want = dst.to_vec();
    let dp = positions(dl.shape(), dl.strides(), dl.offset());
    let sp = positions(sl.shape(), sl.strides(), sl.offset());
    for (d, s) in dp.iter().zip(&sp) {
        let (d, s) = (dst_at + *d as usize * elem, src_at + *s as usize * elem);
        want[d..d + elem].copy_from_slice(&src[s..s + elem]);
    }
    want
}

#[test]
fn type_erased_elements_at_every_byte_offset() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for elem in [2usize, 4, 8, 16, 3, 12, 20, 32, 48] {
        // Runs of at least 260 bytes, chains of at least 16 KiB.
        let c = 260usize.div_ceil(elem);
        let count = (16usize << 10).div_ceil(c * elem) + 1;
        let sl = Layout::contiguous([count, 2, c])
            .permute([1, 0, 2])
            .unwrap();
        let dl = Layout::contiguous([2, count, c]);
        let (sn, dn) = (sl.required_len() * elem, dl.required_len() * elem);
        let offsets: Vec<usize> = if elem <= 16 {
            (0..elem.max(4) + 1).chain([31, 63]).collect()
        } else {
            vec![0, 1, 3, 8]
        };
        for at in offsets {
            let src: Vec<u8> = (0..sn + 64).map(|i| (i * 13 + i / 241) as u8).collect();
            let base = vec![0xa5u8; dn + at + 64 + 7];
            let want = bytes_model(&base, dl, at, &src, sl, 64 - at % 64, elem);
            for (level, stream) in model::kernel_settings() {
                force_level(Some(level));
                force_streaming(stream);
                let mut dst = base.clone();
                rearrange_bytes(
                    &mut dst[at..at + dn],
                    &DynLayout::from(dl),
                    &src[64 - at % 64..64 - at % 64 + sn],
                    &DynLayout::from(sl),
                    elem,
                )
                .unwrap();
                assert!(
                    dst == want,
                    "elem {elem} at {at} {level:?} stream {stream:?}"
                );
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn source_and_destination_in_one_allocation() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // Elements of 4 bytes; runs of n, chain of count, source runs `gap`
    // elements apart: the destination block (count·n elements) fits
    // between source runs 0 and 1, flush against both at byte shift 0
    // (and inside a line at the others).
    let (n, count, elem) = (67usize, 64usize, 4usize);
    let block = count * n;
    for flip in [false, true] {
        for shift in [0usize, 1, 2, 3] {
            // Run 0 at 0..n; dst from byte n·4 + shift (one element of
            // slack for the shifts); run 1 right after it.
            let gap = n + block + usize::from(shift > 0);
            let (st, off) = if flip {
                (-(gap as isize), (count - 1) * gap)
            } else {
                (gap as isize, 0)
            };
            let sl = Layout::new([count, n], [st, 1], off).unwrap();
            let dl = Layout::contiguous([count, n]);
            let len = ((count - 1) * gap + n) * elem;
            let init: Vec<u8> = (0..len).map(|i| (i * 31 + i / 253) as u8).collect();
            // With flip, run count-1 is at 0 and the destination sits
            // between it and run count-2.
            let dst_at = n * elem + shift;
            let want = bytes_model(&init, dl, dst_at, &init, sl, 0, elem);
            for (level, stream) in model::kernel_settings() {
                force_level(Some(level));
                force_streaming(stream);
                let mut buf = init.clone();
                let p = buf.as_mut_ptr();
                // SAFETY: the source positions are runs of n elements at
                // multiples of `gap`, inside buf; the destination's
                // count·n elements from dst_at end at most one element
                // past n + block (< gap), before run 1 (or run count-2):
                // no byte is both read and written, nothing else touches
                // buf meanwhile.
                unsafe {
                    rearrange_bytes_raw(
                        p.add(dst_at),
                        &DynLayout::from(dl),
                        p,
                        &DynLayout::from(sl),
                        elem,
                    )
                    .unwrap()
                };
                assert!(
                    buf == want,
                    "flip {flip} shift {shift} {level:?} stream {stream:?}"
                );
            }
        }
    }
    force_level(None);
    force_streaming(None);
}

#[test]
fn two_threads_on_halves_split_inside_a_line() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // Runs of 100 u32 (400 B), 41 of them in the first half (16,400 B: the
    // halves meet 16 bytes into a line), 47 in the second; source runs 130
    // elements apart.
    let (n, ca, cb, gap) = (100usize, 41usize, 47usize, 130usize);
    let src: Vec<u32> = (0..(ca + cb) * gap).map(|i| i as u32 * 3 + 1).collect();
    let mut want = vec![0u32; (ca + cb) * n + 3];
    for k in 0..ca + cb {
        want[1 + k * n..1 + (k + 1) * n].copy_from_slice(&src[k * gap..k * gap + n]);
    }
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        for _ in 0..4 {
            let mut dst = vec![0u32; (ca + cb) * n + 3];
            let (a, b) = dst[1..].split_at_mut(ca * n);
            let src = &src;
            std::thread::scope(|sc| {
                for (part, first, count) in [(a, 0usize, ca), (b, ca, cb)] {
                    sc.spawn(move || {
                        let sl = Layout::new([count, n], [gap as isize, 1], first * gap).unwrap();
                        let sv = StridedView::new(&src[..], sl).unwrap();
                        let dl = Layout::contiguous([count, n]);
                        let len = part.len().min(count * n);
                        let mut dv = StridedViewMut::new(&mut part[..len], dl).unwrap();
                        rearrange(&mut dv, &sv).unwrap();
                    });
                }
            });
            assert!(dst == want, "{level:?} stream {stream:?}");
        }
    }
    force_level(None);
    force_streaming(None);
}

#[cfg(feature = "rayon")]
#[test]
fn par_rearrange_slabs_of_chains() {
    use constrided::kernel::par_rearrange;
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    // 256 runs of 260 u32 (1,040 B), 66,560 elements: cut into slabs of
    // the chain axis, each still 16 KiB or more; the source's chain
    // forwards and backwards, the destination a window of a wider buffer.
    let (count, n) = (256usize, 260usize);
    let base = Layout::new([count, n], [n as isize + 11, 1], 2).unwrap();
    let dl = Layout::new([count, n], [n as isize, 1], 3).unwrap();
    for sl in [base, base.flip(0).unwrap()] {
        let src: Vec<u32> = (0..sl.required_len() + 1).map(|i| i as u32).collect();
        let dp = positions(dl.shape(), dl.strides(), dl.offset());
        let sp = positions(sl.shape(), sl.strides(), sl.offset());
        let mut want = vec![u32::MAX; dl.required_len() + 5];
        for (d, s) in dp.iter().zip(&sp) {
            want[*d as usize] = src[*s as usize];
        }
        for (level, stream) in model::kernel_settings() {
            force_level(Some(level));
            force_streaming(stream);
            let mut dst = vec![u32::MAX; dl.required_len() + 5];
            let n = dl.required_len();
            let sv = StridedView::new(&src[..], sl).unwrap();
            let mut dv = StridedViewMut::new(&mut dst[..n], dl).unwrap();
            par_rearrange(&mut dv, &sv).unwrap();
            assert!(dst == want, "{level:?} stream {stream:?} {sl:?}");
        }
    }
    force_level(None);
    force_streaming(None);
}
