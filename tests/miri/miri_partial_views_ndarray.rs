//! ndarray sub-views (feature `ndarray`; this target has
//! `required-features = ["ndarray"]`) fed to every kernel, for Miri
//! (`cargo +nightly miri test --features ndarray --test
//! miri_partial_views_ndarray`, stacked and tree borrows): the halves of
//! `multi_slice_move` share one buffer, so a kernel on one half must touch
//! only that half's elements while the other is referenced or written.

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};
use ndarray::{s, Array2};

fn run(slices: usize) {
    let mut a = Array2::from_shape_fn((10, 18), |(i, j)| (i * 18 + j) as u32);
    let (x, mut y) = match slices {
        0 => a.view_mut().multi_slice_move((s![.., ..;2], s![.., 1..;2])),
        _ => a.view_mut().multi_slice_move((s![.., ..7], s![.., 7..])),
    };
    let r = &mut y[[0, 0]];
    let v = StridedView::try_from(x.view()).unwrap();
    let want: Vec<u32> = v.iter().copied().collect();
    assert_eq!(v.to_vec(), want);
    let mut out = vec![0; want.len()];
    v.copy_to_slice(&mut out).unwrap();
    assert_eq!(out, want);
    for t in [false, true] {
        let sv = if t { v.t() } else { v };
        let shape = sv.layout().shape();
        let mut buf = vec![0; want.len()];
        let mut d = StridedViewMut::new(&mut buf, Layout::contiguous(shape)).unwrap();
        rearrange(&mut d, &sv).unwrap();
        d.assign(&sv).unwrap();
    }
    let mut m = StridedViewMut::try_from(x).unwrap();
    m.fill(3);
    m.map_inplace(|e| *e += 1);
    let src = vec![5u32; want.len()];
    let shape = m.layout().shape();
    m.assign(
        &StridedView::new(&src, Layout::contiguous(shape))
            .unwrap()
            .t()
            .t(),
    )
    .unwrap();
    *r = 1;
}

#[test]
fn ndarray_halves_with_a_live_sibling_reference() {
    run(0);
    run(1);
}

#[test]
fn ndarray_halves_with_another_thread_writing_the_sibling() {
    let mut a = Array2::from_shape_fn((10, 18), |(i, j)| (i * 18 + j) as u32);
    let (x, y) = a.view_mut().multi_slice_move((s![.., ..;2], s![.., 1..;2]));
    std::thread::scope(|s| {
        s.spawn(move || StridedViewMut::try_from(y).unwrap().fill(9));
        s.spawn(|| {
            let v = StridedView::try_from(x.view()).unwrap();
            let mut buf = vec![0; v.numel()];
            let shape = v.layout().shape();
            rearrange(
                &mut StridedViewMut::new(&mut buf, Layout::contiguous(shape)).unwrap(),
                &v,
            )
            .unwrap();
            assert_eq!(v.to_vec(), buf);
        });
    });
}
