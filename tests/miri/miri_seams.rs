//! k28: transposed copies whose destination rows continue one another
//! (NCHW -> NHWC) into a buffer off a cache line copy the line shared by
//! one pixel's last channels and the next pixel's first as a *seam* block
//! (transpose.rs `seam_pass`; natively only when the copy streams, under
//! Miri whenever the layouts allow, through the portable block). Several
//! skews of the destination within a line, the destination flush with the
//! end of its buffer, against a brute-force copy.

use constrided::kernel::rearrange;
use constrided::{Layout, StridedView, StridedViewMut};

fn check<T: Copy + PartialEq + core::fmt::Debug + Default>(
    shape: [usize; 4],
    make: impl Fn(usize) -> T,
    skews: &[usize],
) {
    let sl = Layout::contiguous(shape).permute([0, 2, 3, 1]).unwrap();
    let dl = Layout::contiguous(sl.shape());
    let src: Vec<T> = (0..sl.numel()).map(make).collect();
    let sv = StridedView::new(&src, sl).unwrap();
    let want = sv.to_vec();
    for &skew in skews {
        let mut buf = vec![T::default(); skew + dl.numel()];
        let mut dv = StridedViewMut::new(&mut buf[skew..], dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        assert_eq!(dv.to_vec(), want, "skew {skew}");
        assert!(buf[..skew].iter().all(|e| *e == T::default()));
    }
}

#[test]
fn seams_between_pixels() {
    check([1, 16, 5, 5], |i| i as f32 + 1.0, &[0, 1, 5, 15]);
    check([2, 8, 3, 4], |i| i as u64 + 1, &[1, 3]);
}
