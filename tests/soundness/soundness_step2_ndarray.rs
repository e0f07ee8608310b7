//! Issue 7, item 1 through ndarray (feature `ndarray`; this target has
//! `required-features = ["ndarray"]`): the halves of
//! `multi_slice_move((s![..;2], s![1..;2]))` converted to views; a step-2
//! copy from the even half must not read the odd one (Miri: retag
//! violation on one thread, data race on two, before the fix).

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};
use ndarray::{s, Array1};

const N: usize = 40;

#[test]
fn ndarray_even_half_copied_while_odd_ref_is_live() {
    let mut a = Array1::from_iter(0..2 * N as u32);
    let (ev, mut od) = a.view_mut().multi_slice_move((s![..;2], s![1..;2]));
    let r = &mut od[3];
    let src = StridedView::try_from(ev.view()).unwrap();
    let mut out = vec![0u32; N];
    rearrange(
        &mut StridedViewMut::new(&mut out, Layout::contiguous([N])).unwrap(),
        &src,
    )
    .unwrap();
    *r = 1000;
    assert_eq!(out, (0..N as u32).map(|j| 2 * j).collect::<Vec<_>>());
    assert_eq!(a[7], 1000);
}

#[test]
fn ndarray_even_half_copied_while_another_thread_writes_odd() {
    let mut a = Array1::from_iter(0..2 * N as u32);
    let (ev, od) = a.view_mut().multi_slice_move((s![..;2], s![1..;2]));
    let mut out = vec![0u32; N];
    std::thread::scope(|s| {
        s.spawn(move || {
            let mut odd = StridedViewMut::try_from(od).unwrap();
            odd.fill(7);
        });
        s.spawn(|| {
            let src = StridedView::try_from(ev.view()).unwrap();
            StridedViewMut::new(&mut out, Layout::contiguous([N]))
                .unwrap()
                .assign(&src)
                .unwrap();
        });
    });
    assert_eq!(out, (0..N as u32).map(|j| 2 * j).collect::<Vec<_>>());
    assert!(a.iter().skip(1).step_by(2).all(|&x| x == 7));
}
