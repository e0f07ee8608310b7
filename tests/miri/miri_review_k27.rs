//! Review of k27 for Miri and ASan: the short-run copy (32- and 16-byte
//! chunks, the last one overlapping) at rank 3 for element sizes 1, 8
//! and 16 with runs of and around 16, 32 and 64 bytes, from flipped and
//! broadcast (stride 0) sources into destinations with gaps
//! (which must stay untouched); min_axis / max_axis through the whole-row
//! loop (rows back to back, four per pass) with NaNs of different bits
//! (the first stays); operators with a scalar on owned and borrowed
//! operands; the raw byte copy with source and destination rows
//! interleaved in one allocation.

use constrided::{kernel::rearrange, Layout, StridedArray, StridedView, StridedViewMut};

fn pos<const N: usize>(l: &Layout<N>, idx: [usize; N]) -> usize {
    (l.offset() as isize
        + (0..N)
            .map(|k| idx[k] as isize * l.strides()[k])
            .sum::<isize>()) as usize
}

fn short_runs<T: Copy + PartialEq + core::fmt::Debug>(make: impl Fn(usize) -> T, sentinel: T) {
    let size = size_of::<T>();
    for bytes in [16usize, 17, 31, 32, 33, 63, 64, 65] {
        let c = bytes.div_ceil(size);
        let (a, b) = (2usize, 3usize);
        let (ci, bi) = (c as isize, b as isize);
        let sources = [
            Layout::new([a, b, c], [bi * ci, -ci, 1], (b - 1) * c).unwrap(),
            Layout::new([a, b, c], [0, -ci, 1], (b - 1) * c).unwrap(),
        ];
        let dl = Layout::new(
            [a, b, c],
            [-(bi * (ci + 1)), ci + 1, 1],
            (a - 1) * b * (c + 1),
        )
        .unwrap();
        for sl in sources {
            let src: Vec<T> = (0..sl.required_len()).map(&make).collect();
            let sv = StridedView::new(&src, sl).unwrap();
            let mut dst = vec![sentinel; dl.required_len() + 1];
            rearrange(&mut StridedViewMut::new(&mut dst, dl).unwrap(), &sv).unwrap();
            let mut reached = vec![false; dst.len()];
            for i in 0..a {
                for j in 0..b {
                    for k in 0..c {
                        let p = pos(&dl, [i, j, k]);
                        reached[p] = true;
                        assert_eq!(dst[p], src[pos(&sl, [i, j, k])], "{bytes} {sl:?}");
                    }
                }
            }
            for (p, e) in dst.iter().enumerate() {
                assert!(reached[p] || *e == sentinel, "gap {p} written");
            }
            let want: Vec<T> = (0..a * b * c)
                .map(|n| src[pos(&sl, [n / (b * c), n / c % b, n % c])])
                .collect();
            assert_eq!(sv.to_vec(), want);
        }
    }
}

#[test]
fn short_runs_every_size() {
    short_runs(|i| (i % 251) as u8 + 1, 0u8);
    short_runs(|i| i as u64 + 1, 0u64);
    short_runs(|i| i as u128 + 1, 0u128);
    short_runs(|i| [i as u8 | 1; 16], [0u8; 16]);
}

#[test]
fn min_max_axis_first_nan_whole_rows() {
    // 5 rows of 3 back to back: one pass of four rows, then one.
    let (na, nb) = (
        f64::from_bits(0xfff8_0000_0000_0000),
        f64::from_bits(0x7ff0_0000_0000_0001),
    );
    #[rustfmt::skip]
    let x = [
        1.0, na, 0.0,
        -0.0, 2.0, 3.0,
        nb, nb, -0.0,
        4.0, 1.0, 0.0,
        -1.0, na, -0.0,
    ];
    let v = StridedView::new(&x, Layout::contiguous([5, 3])).unwrap();
    let bits = |a: StridedArray<f64, 1>| {
        a.into_vec()
            .into_iter()
            .map(f64::to_bits)
            .collect::<Vec<_>>()
    };
    let mn = bits(v.min_axis(0).unwrap());
    let mx = bits(v.max_axis(0).unwrap());
    assert_eq!(mn, [nb.to_bits(), na.to_bits(), 0.0f64.to_bits()]);
    assert_eq!(mx, [nb.to_bits(), na.to_bits(), 3.0f64.to_bits()]);
    let y: Vec<f32> = x.iter().map(|&e| e as f32).collect();
    let w = StridedView::new(&y, Layout::contiguous([5, 3])).unwrap();
    let m = w.min_axis::<1>(0).unwrap().into_vec();
    // (A cast may change a NaN's bits, under Miri at random: compare
    // with the first NaN of the lane as it is in `y`.)
    assert_eq!(m[1].to_bits(), y[1].to_bits());
}

#[test]
fn scalar_operators_owned_and_borrowed() {
    let x: Vec<f32> = (0..12).map(|i| i as f32).collect();
    let v = StridedView::new(&x, Layout::contiguous([3, 4]).flip(0).unwrap()).unwrap();
    let want: Vec<f32> = v.iter().map(|e| e * 2.0).collect();
    assert_eq!((&v * 2.0).into_vec(), want);
    let owned = v.to_owned();
    assert_eq!((owned * 2.0).into_vec(), want);
    let mut a = StridedArray::from_vec([3, 4], x.clone()).unwrap();
    a += 1.0;
    assert_eq!(a.into_vec(), x.iter().map(|e| e + 1.0).collect::<Vec<_>>());
}

// Source and destination interleaved in one allocation (the raw byte
// interface allows it when no byte is both read and written): the source
// is the even rows read backwards, the destination the odd rows, so every
// byte just before or after a run belongs to the other operand. Element
// sizes 1, 4 and 16 bytes, runs of 16 to 65 bytes (the chunk paths);
// every source byte must stay as it was.
#[test]
fn short_runs_interleaved_in_one_allocation() {
    use constrided::{kernel::rearrange_bytes_raw, DynLayout};
    for es in [1usize, 4, 16] {
        for bytes in [16usize, 17, 32, 33, 64, 65] {
            let c = bytes.div_ceil(es);
            let (a, r) = (2usize, 3usize);
            let row = (c * es) as isize;
            // a blocks of 2r rows; source rows 0, 2, .., dst rows 1, 3, ..
            let total = a * 2 * r * c * es;
            let mut buf: Vec<u8> = (0..total).map(|i| (i % 253) as u8).collect();
            let orig = buf.clone();
            let block = 2 * r as isize * row / es as isize;
            let rowe = row / es as isize;
            let sl = DynLayout::new(&[a, r, c], &[block, -2 * rowe, 1], (2 * (r - 1)) * c).unwrap();
            let dl = DynLayout::new(&[a, r, c], &[block, 2 * rowe, 1], c).unwrap();
            let p = buf.as_mut_ptr();
            // SAFETY: both layouts reach whole rows inside buf (in elements
            // of es bytes); the source reads even rows, the destination
            // writes odd rows: no byte is both.
            unsafe { rearrange_bytes_raw(p, &dl, p.cast_const(), &sl, es).unwrap() };
            for blk in 0..a {
                for i in 0..r {
                    let d = (blk * 2 * r + 2 * i + 1) * c * es;
                    let s = (blk * 2 * r + 2 * (r - 1 - i)) * c * es;
                    assert_eq!(
                        buf[d..d + c * es],
                        orig[s..s + c * es],
                        "es {es} run {bytes}"
                    );
                    let s2 = (blk * 2 * r + 2 * i) * c * es;
                    assert_eq!(
                        buf[s2..s2 + c * es],
                        orig[s2..s2 + c * es],
                        "source row written"
                    );
                }
            }
        }
    }
}
