//! Issue 7, item 3 (feature `rayon`; this target has `required-features =
//! ["rayon"]`): `par_rearrange` split the outer axis with
//! `outer * c / chunks`, which overflowed (a panic under overflow checks,
//! inside a fallible call) for axes longer than `usize::MAX / chunks`.

use constrided::{kernel::par_rearrange, Layout, StridedView, StridedViewMut};

#[test]
fn par_rearrange_of_zero_sized_elements_on_a_huge_axis() {
    let n = usize::MAX / 2;
    let src = vec![(); n];
    let mut dst = vec![(); n];
    let s = StridedView::new(&src, Layout::contiguous([n])).unwrap();
    let mut d = StridedViewMut::new(&mut dst, Layout::contiguous([n])).unwrap();
    par_rearrange(&mut d, &s).unwrap();
    // A broadcast source and a two-axis destination.
    let one = [()];
    let m = n / 2;
    let b = StridedView::new(&one, Layout::new([m, 2], [0, 0], 0).unwrap()).unwrap();
    let mut dst2 = vec![(); 2 * m];
    let mut d2 = StridedViewMut::new(&mut dst2, Layout::contiguous([m, 2])).unwrap();
    par_rearrange(&mut d2, &b).unwrap();
    assert_eq!(d2.layout().numel(), 2 * m);
}

#[test]
fn par_rearrange_still_copies_everything() {
    let src: Vec<u32> = (0..300 * 301).collect();
    let mut dst = vec![0u32; 300 * 301];
    let s = StridedView::new(&src, Layout::contiguous([300, 301]))
        .unwrap()
        .t();
    par_rearrange(
        &mut StridedViewMut::new(&mut dst, Layout::contiguous([301, 300])).unwrap(),
        &s,
    )
    .unwrap();
    for i in 0..301 {
        for j in 0..300 {
            assert_eq!(dst[i * 300 + j], src[j * 301 + i]);
        }
    }
}
