//! The short-run copy (contiguous runs of 16..=512 bytes under a flipped
//! or stepped outer axis: 32- and 16-byte chunk moves, the last chunk
//! overlapping) at tiny sizes, for Miri and ASan: rank 3 (so that no
//! rank-2 small path takes it), runs of 16, 20, 36 and 68 bytes, into a
//! padded destination whose gaps must stay untouched, and `to_vec`.

use constrided::{kernel::rearrange, s, Layout, StridedView, StridedViewMut};

#[test]
fn short_runs_copy_exactly_their_bytes() {
    for c in [4usize, 5, 9, 17] {
        let src: Vec<u32> = (0..(2 * 3 * c) as u32).collect();
        let sv = StridedView::new(&src, Layout::contiguous([2, 3, c]))
            .unwrap()
            .slice(s![.., ..;-1, ..])
            .unwrap();
        let want: Vec<u32> = sv.iter().copied().collect();
        assert_eq!(sv.to_vec(), want);
        // Rows `c + 1` apart: one gap element after each run.
        let pitch = c + 1;
        let dl = Layout::new([2, 3, c], [(3 * pitch) as isize, pitch as isize, 1], 0).unwrap();
        let mut dst = vec![u32::MAX; dl.required_len() + 1];
        rearrange(&mut StridedViewMut::new(&mut dst, dl).unwrap(), &sv).unwrap();
        for (p, &e) in dst.iter().enumerate() {
            if p % pitch == c || p >= 6 * pitch {
                assert_eq!(e, u32::MAX, "gap at {p} written");
            }
        }
        assert_eq!(StridedView::new(&dst, dl).unwrap().to_vec(), want);
    }
}
