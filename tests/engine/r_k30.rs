//! Review of k30 (seams across the outer walk: transpose.rs `seam_pass`
//! with `next` / `prev`, `mixed_seam_block`), adversarial layouts the
//! branch's own tests leave out: seam digits joined over two axes with a
//! delta above 1, the seam axis followed by an outer axis that is itself a
//! rows axis left out of the chain, column extents of exactly one block,
//! 16-byte elements (blocks of 4 rows), sub-view sources and destinations
//! with gaps, flips of either operand, broadcast (zero-stride) sources
//! along the outer axis, row tiles that start at the source's line
//! (`rpeel`) and column strips, and two halves of one destination written
//! by two threads at once. Every kernel level, streaming forced on and
//! off, against the brute-force model over the whole destination buffer.

use super::model;

use super::SWITCHES;
use constrided::kernel::{force_level, force_streaming, rearrange};
use constrided::{Layout, StridedView, StridedViewMut};
use proptest::prelude::*;

use super::avx512_blocks::check;

/// What one case of the family is made of (see `family`).
#[derive(Clone, Copy, Debug)]
struct Fam {
    /// Sizes of [e, a, o, k2, k1, c] (destination order, outer first).
    shape: [usize; 6],
    /// Source order of c, o, e above the rows axes a, k1, k2.
    order: [usize; 3],
    /// Extra source step (elements) on one source axis (a sub-view):
    /// (axis of [e, a, o, k2, k1, c], gap).
    sgap: (usize, usize),
    /// Extra destination step on one destination axis (a window).
    dgap: (usize, usize),
    /// Source axes walked backwards.
    sflip: [bool; 6],
    /// Destination axes walked backwards.
    dflip: [bool; 6],
    /// The source's step along o is 0 (a broadcast).
    broadcast_o: bool,
}

// Destination axes [e, a, o, k2, k1, c] (row-major, gaps allowed):
// columns c, the seam axis k1 (destination step C) joined by k2, then o;
// the source runs along a (step 1), then k1, k2, then c, o, e in `order`.
// With A = 1 the seam has delta 1 (NCHW -> NHWC); a rows chain longer
// than four blocks leaves k2 (or k1) outside it, an outer axis.
fn family(f: Fam) -> (Layout<6>, Layout<6>) {
    let [_, a, _, _, _, _] = f.shape;
    let mut st = [0isize; 6];
    st[1] = 1;
    let mut next = a as isize;
    for ax in [4, 3] {
        if f.sgap.0 == ax {
            next += f.sgap.1 as isize;
        }
        st[ax] = next;
        next *= f.shape[ax] as isize;
    }
    for &w in &f.order {
        let ax = [5, 2, 0][w];
        if f.sgap.0 == ax {
            next += f.sgap.1 as isize;
        }
        st[ax] = next;
        next *= f.shape[ax] as isize;
    }
    if f.broadcast_o {
        st[2] = 0;
    }
    let mut sl = Layout::new(f.shape, st, 0).unwrap();
    let mut dt = [0isize; 6];
    let mut next = 1isize;
    for ax in (0..6).rev() {
        if f.dgap.0 == ax {
            next += f.dgap.1 as isize;
        }
        dt[ax] = next;
        next *= f.shape[ax] as isize;
    }
    let mut dl = Layout::new(f.shape, dt, 0).unwrap();
    for x in 0..6 {
        if f.sflip[x] {
            sl = sl.flip(x).unwrap();
        }
        if f.dflip[x] {
            dl = dl.flip(x).unwrap();
        }
    }
    (sl, dl)
}

// A case for blocks of `b` rows: column extents of 1, 2 or 4 blocks (with
// a > 1 only 4: fewer would let the columns chain take k1), deltas below,
// at and above a block, gaps and flips now and then.
fn fam(b: usize) -> impl Strategy<Value = Fam> {
    (
        (
            1usize..=2,
            0usize..8,
            1usize..=3,
            1usize..=3,
            1usize..=4,
            0usize..3,
        ),
        Just([0usize, 1, 2]).prop_shuffle(),
        (0usize..6, 0usize..3, 0usize..6, 0usize..3),
        (any::<[bool; 6]>(), any::<[bool; 6]>(), 0u8..8, 0u8..4),
    )
        .prop_map(move |(sizes, order, gaps, flips)| {
            let (e, ai, o, k2, k1, cm) = sizes;
            let a = [1, 1, 1, 2, 3, b / 2 + 1, b, b + 3][ai];
            let c = if a == 1 { [b, 2 * b, 4 * b][cm] } else { 4 * b };
            let (sgap_ax, sgap_on, dgap_ax, dgap_on) = gaps;
            let (sf, df, sfp, dfp) = flips;
            // At most 2^13 elements (debug builds run this).
            let mut shape = [e, a, o, k2, k1.max(2), c];
            for x in [3, 0, 2] {
                if shape.iter().product::<usize>() > 1 << 13 {
                    shape[x] = shape[x].min(if x == 2 { 2 } else { 1 });
                }
            }
            Fam {
                shape,
                order: [order[0], order[1], order[2]],
                sgap: (sgap_ax, if sgap_on == 0 { b + 1 } else { 0 }),
                // A destination gap that keeps whole lines (`uniform`).
                dgap: (dgap_ax, if dgap_on == 0 { b } else { 0 }),
                sflip: if sfp < 3 { sf } else { [false; 6] },
                dflip: if dfp == 0 { df } else { [false; 6] },
                broadcast_o: sfp == 7,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    // Every element size with seams (B · size = 64): 1, 2, 4, 8, 16 bytes.
    #[test]
    fn outer_seam_family_every_element_size(
        f1 in fam(64), f2 in fam(32), f4 in fam(16), f8 in fam(8), f16 in fam(4),
        sskew in 0usize..64, dskew in 0usize..64,
    ) {
        let (sl, dl) = family(f1);
        check(|i| (i % 251) as u8, sl, dl, sskew, dskew, 3);
        let (sl, dl) = family(f2);
        check(|i| i as u16, sl, dl, sskew % 32, dskew % 32, 1);
        let (sl, dl) = family(f4);
        check(|i| i as u32, sl, dl, sskew % 16, dskew % 16, 1);
        let (sl, dl) = family(f8);
        check(|i| i as u64, sl, dl, sskew % 8, dskew % 8, 1);
        let (sl, dl) = family(f16);
        check(|i| ((i as u128) << 64) | i as u128, sl, dl, sskew % 4, dskew % 4, 1);
    }

    // Random rank-3..=6 permutations of small 2^k and odd extents (some
    // chains of them make a seam axis followed by an outer axis), random
    // flips of the source, 4- and 16-byte elements.
    #[test]
    fn random_permutations_rank_6(
        shape in proptest::collection::vec(
            prop_oneof![Just(1usize), Just(2), Just(3), Just(4), Just(8), Just(16)], 6),
        perm in Just([0usize, 1, 2, 3, 4, 5]).prop_shuffle(),
        flips in any::<[bool; 6]>(),
        sskew in 0usize..16, dskew in 0usize..16,
    ) {
        let mut s = [0usize; 6];
        s.copy_from_slice(&shape);
        for x in 0..6 {
            if s.iter().product::<usize>() > 1 << 12 {
                s[x] = 1;
            }
        }
        let p = [perm[0], perm[1], perm[2], perm[3], perm[4], perm[5]];
        let mut sl = Layout::contiguous(s).permute(p).unwrap();
        for (x, &f) in flips.iter().enumerate() {
            if f {
                sl = sl.flip(x).unwrap();
            }
        }
        let dl = Layout::contiguous(sl.shape());
        check(|i| i as u32, sl, dl, sskew, dskew, 1);
        check(|i| i as u128 * 3, sl, dl, sskew % 4, dskew % 4, 1);
    }
}

// NCHW -> NHWC with rows (H·W) of at least 32 blocks: the first row tile
// is the rows before the source's line (`rpeel`), the last one ragged,
// and for 1-, 8- and 16-byte elements the strips path (columns 4 KiB or
// more apart in the source); the seam axis (delta 1) followed by N.
#[test]
fn nchw_rows_of_32_blocks_with_row_peel_and_strips() {
    fn go<T: Copy + PartialEq + core::fmt::Debug>(
        make: impl Fn(usize) -> T + Copy,
        [n, c, h, w]: [usize; 4],
    ) {
        let sl = Layout::contiguous([n, c, h, w])
            .permute([0, 2, 3, 1])
            .unwrap();
        let dl = Layout::contiguous(sl.shape());
        for (sskew, dskew) in [(1, 1), (3, 2), (0, 1)] {
            check(make, sl, dl, sskew, dskew, 1);
        }
    }
    // u128: B = 4, 128 rows = 32 blocks; 257 rows: strips (4 KiB apart).
    go(|i| i as u128, [2, 4, 8, 16]);
    go(|i| i as u128, [3, 8, 1, 257]);
    // u64: B = 8, 519 rows (strips, ragged).
    go(|i| i as u64, [2, 8, 3, 173]);
    // f32: B = 16, 512 rows, columns exactly one block.
    go(|i| i as f32, [2, 16, 16, 32]);
    if !cfg!(debug_assertions) {
        // u8: B = 64, 4099 rows (strips).
        go(|i| (i % 253) as u8, [2, 64, 1, 4099]);
    }
}

// Two halves of one destination (split_at_mut, the split inside a seam
// line: the first half's last pixel is followed in memory by the second
// half's first) written by two threads at once, repeatedly, each copying
// N·H·W pixels of NCHW -> NHWC with seams across N; each half must hold
// its own copy and nothing of the other's.
#[test]
fn split_halves_written_by_two_threads() {
    let _guard = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    let (n, c, h, w) = (3, 16, 3, 5);
    let sl = Layout::contiguous([n, c, h, w])
        .permute([0, 2, 3, 1])
        .unwrap();
    let dl = Layout::contiguous(sl.shape());
    let len = sl.required_len();
    let a: Vec<f32> = (0..len).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..len).map(|i| -(i as f32) - 1.0).collect();
    let (sa, sb) = (
        StridedView::new(&a[..], sl).unwrap(),
        StridedView::new(&b[..], sl).unwrap(),
    );
    for (level, stream) in model::kernel_settings() {
        force_level(Some(level));
        force_streaming(stream);
        for skew in [1, 7] {
            let mut buf = vec![0.0f32; skew + 2 * len + 1];
            let (left, right) = buf[skew..skew + 2 * len].split_at_mut(len);
            std::thread::scope(|s| {
                s.spawn(|| {
                    for _ in 0..50 {
                        let mut d = StridedViewMut::new(&mut *left, dl).unwrap();
                        rearrange(&mut d, &sa).unwrap();
                    }
                });
                s.spawn(|| {
                    for _ in 0..50 {
                        let mut d = StridedViewMut::new(&mut *right, dl).unwrap();
                        rearrange(&mut d, &sb).unwrap();
                    }
                });
            });
            let want_a = sa.to_vec();
            let want_b = sb.to_vec();
            let got_a = StridedView::new(&buf[skew..skew + len], dl)
                .unwrap()
                .to_vec();
            let got_b = StridedView::new(&buf[skew + len..skew + 2 * len], dl)
                .unwrap()
                .to_vec();
            assert_eq!(got_a, want_a, "{level:?} {stream:?} skew {skew}");
            assert_eq!(got_b, want_b, "{level:?} {stream:?} skew {skew}");
            assert_eq!(buf[..skew], vec![0.0; skew][..]);
            assert_eq!(buf[skew + 2 * len], 0.0);
        }
    }
    force_level(None);
    force_streaming(None);
}

// 1-byte elements (blocks of 64 rows): deltas below, at and above a block
// with the seam digits joined over two axes; mixed blocks staged.
#[test]
fn outer_seam_family_bytes() {
    for (a, k2, k1) in [(33, 1, 2), (64, 2, 2), (67, 1, 3), (5, 3, 4), (1, 1, 2)] {
        let f = Fam {
            shape: [1, a, 2, k2, k1, if a == 1 { 64 } else { 256 }],
            order: [0, 1, 2],
            sgap: (0, 0),
            dgap: (0, 0),
            sflip: [false; 6],
            dflip: [false; 6],
            broadcast_o: false,
        };
        let (sl, dl) = family(f);
        for dskew in [1, 40] {
            check(|i| (i % 251) as u8, sl, dl, 3, dskew, 2);
        }
    }
}
