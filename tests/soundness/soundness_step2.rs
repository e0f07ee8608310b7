//! Issue 7, item 1: a step-2 copy from a view of *part* of a buffer (a
//! `split_at` half) must read only the positions that half reaches. The
//! odd positions between them belong to the sibling `&mut` half. Run under
//! Miri (`cargo +nightly miri test --test soundness_step2`, stacked and
//! tree borrows): before the fix the wide step-2 loads read the sibling's
//! positions (a retag violation on one thread, a data race on two).

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};

const N: usize = 40;

fn interleaved() -> Vec<u32> {
    (0..2 * N as u32).collect()
}

fn evens() -> Vec<u32> {
    (0..N as u32).map(|j| 2 * j).collect()
}

#[test]
fn step2_assign_from_split_half_while_sibling_ref_is_live() {
    let mut buf = interleaved();
    let v = StridedViewMut::new(&mut buf, Layout::new([2, N], [1, 2], 0).unwrap()).unwrap();
    let (even, mut odd) = v.split_at(0, 1).unwrap();
    // A live &mut into the odd half, used after the copy.
    let r = odd.get_mut([0, 3]).unwrap();
    let mut out = vec![0u32; N];
    StridedViewMut::new(&mut out, Layout::contiguous([1, N]))
        .unwrap()
        .assign(&even.view())
        .unwrap();
    *r = 1000;
    assert_eq!(out, evens());
    assert_eq!(buf[7], 1000);
}

#[test]
fn step2_rearrange_from_split_half_while_sibling_ref_is_live() {
    let mut buf = interleaved();
    let v = StridedViewMut::new(&mut buf, Layout::new([2, N], [1, 2], 0).unwrap()).unwrap();
    let (even, mut odd) = v.split_at(0, 1).unwrap();
    let r = odd.get_mut([0, 5]).unwrap();
    let mut out = vec![0u32; N];
    let mut d = StridedViewMut::new(&mut out, Layout::contiguous([1, N])).unwrap();
    rearrange(&mut d, &even.view()).unwrap();
    *r += 1;
    assert_eq!(out, evens());
}

#[test]
fn step2_copy_to_slice_and_to_vec_from_split_half() {
    let mut buf = interleaved();
    let v = StridedViewMut::new(&mut buf, Layout::new([2, N], [1, 2], 0).unwrap()).unwrap();
    let (even, mut odd) = v.split_at(0, 1).unwrap();
    let r = odd.get_mut([0, 1]).unwrap();
    let mut out = vec![0u32; N];
    even.view().copy_to_slice(&mut out).unwrap();
    let all = even.view().to_vec();
    *r = 5;
    assert_eq!(out, evens());
    assert_eq!(all, evens());
}

#[test]
fn step2_copy_while_another_thread_fills_the_sibling() {
    let mut buf = interleaved();
    let v = StridedViewMut::new(&mut buf, Layout::new([2, N], [1, 2], 0).unwrap()).unwrap();
    let (even, mut odd) = v.split_at(0, 1).unwrap();
    let mut out = vec![0u32; N];
    std::thread::scope(|s| {
        s.spawn(move || odd.fill(7));
        s.spawn(|| {
            StridedViewMut::new(&mut out, Layout::contiguous([1, N]))
                .unwrap()
                .assign(&even.view())
                .unwrap()
        });
    });
    assert_eq!(out, evens());
    assert!(buf.iter().skip(1).step_by(2).all(|&x| x == 7));
}

#[test]
fn step2_copy_from_a_whole_view_still_correct() {
    // A view of the whole buffer may use the wide loads: same result.
    let buf = interleaved();
    let src = StridedView::new(&buf, Layout::new([N], [2], 0).unwrap()).unwrap();
    let mut out = vec![0u32; N];
    rearrange(
        &mut StridedViewMut::new(&mut out, Layout::contiguous([N])).unwrap(),
        &src,
    )
    .unwrap();
    assert_eq!(out, evens());
}
