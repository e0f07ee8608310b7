//! Issue 15, finding 6: calls that return `Result` never panic and never
//! answer wrongly on extreme input: `windows` of a window of 0 on an axis
//! of `usize::MAX` elements, `lanes` of an empty view with huge other
//! axes, `from_element0` / `from_raw_parts_at` with a lowest reach that
//! saturates, and `sum_axis` / `fold_axis` / `arrayd_from_layout` whose
//! output bytes exceed `isize::MAX`.

#![allow(clippy::result_large_err)] // closures returning the crate's Result

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{DynLayout, Layout, LayoutError, StridedView, StridedViewMut};

fn no_panic<R>(f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("a fallible call panicked: {msg:?}")
        }
    }
}

#[test]
fn windows_of_zero_on_a_usize_max_axis() {
    let x = [1u8];
    let v = StridedView::new(&x, Layout::contiguous([1]))
        .unwrap()
        .broadcast_to([usize::MAX])
        .unwrap();
    // usize::MAX + 1 windows do not fit usize: an error, not a wrapped count.
    match no_panic(|| v.windows([0]).map(|w| w.len())) {
        Err(_) => {}
        Ok(n) => panic!("windows([0]) over usize::MAX elements gave Ok({n})"),
    }
    // A window of 1 gives usize::MAX windows.
    assert_eq!(no_panic(|| v.windows([1]).map(|w| w.len())), Ok(usize::MAX));
}

#[test]
fn lanes_of_an_empty_view_with_huge_axes() {
    let buf: [u8; 0] = [];
    let l = Layout::new([0, 3, 1 << 63], [1, 1, 1], 0).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    // 3 · 2^63 lanes along axis 0 do not fit usize.
    match no_panic(|| v.lanes(0).map(|it| it.len())) {
        Err(_) => {}
        Ok(n) => panic!("lanes(0) of [0, 3, 2^63] gave Ok({n})"),
    }
    // Along axis 2 there are 0 · 3 lanes.
    assert_eq!(no_panic(|| v.lanes(2).map(|it| it.len())), Ok(0));
    let mut b: [u8; 0] = [];
    let mut m = StridedViewMut::new(&mut b, l).unwrap();
    assert!(no_panic(|| m.lanes_mut(0).map(|it| it.len())).is_err());
}

#[test]
fn from_element0_with_saturated_lowest_reach() {
    let shape = [usize::MAX, usize::MAX];
    let strides = [isize::MIN, isize::MIN];
    let r = no_panic(|| DynLayout::from_element0(&shape, &strides));
    assert!(r.is_err(), "{r:?}");
}

#[test]
fn from_raw_parts_at_with_saturated_lowest_reach() {
    let x = [0u8; 4];
    // SAFETY: the call must fail before using the pointer.
    let r = no_panic(|| unsafe {
        StridedView::from_raw_parts_at(
            x.as_ptr(),
            [usize::MAX, usize::MAX],
            [isize::MIN, isize::MIN],
        )
    });
    assert!(r.is_err());
    let mut y = [0u8; 4];
    // SAFETY: as above.
    let r = no_panic(|| unsafe {
        StridedViewMut::from_raw_parts_at(
            y.as_mut_ptr(),
            [usize::MAX, usize::MAX],
            [isize::MIN, isize::MIN],
        )
    });
    assert!(r.is_err());
}

#[test]
fn axis_reductions_whose_output_bytes_exceed_isize_max() {
    // An empty input of u64 whose output would hold 2^62 elements (2^65 bytes).
    let buf: [u64; 0] = [];
    let l = Layout::new([0, 1 << 62], [1, 0], 0).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    let r = no_panic(|| v.sum_axis::<1>(0).map(|a| a.numel()));
    assert!(
        matches!(r, Err(LayoutError::ElementCountOverflow { .. })),
        "{r:?}"
    );
    let r = no_panic(|| v.fold_axis::<u64, 1>(0, 0, |a, b| a + b).map(|a| a.numel()));
    assert!(
        matches!(r, Err(LayoutError::ElementCountOverflow { .. })),
        "{r:?}"
    );
    // A zero-sized output needs no bytes: a small one is fine.
    let z: [(); 0] = [];
    let lz = Layout::new([0, 1000], [1, 0], 0).unwrap();
    let vz = StridedView::new(&z, lz).unwrap();
    let r = no_panic(|| vz.fold_axis::<(), 1>(0, (), |_, _| ()).map(|a| a.numel()));
    assert_eq!(r, Ok(1000));
}

#[cfg(feature = "ndarray")]
#[test]
fn arrayd_from_layout_whose_bytes_exceed_isize_max() {
    let buf: [u64; 0] = [];
    let l = DynLayout::new(&[0, 1 << 62], &[1, 1], 0).unwrap();
    let r = no_panic(|| constrided::convert::arrayd_from_layout(&buf, &l).map(|a| a.len()));
    // Empty: no allocation is needed.
    assert_eq!(r, Ok(0));
    let l = DynLayout::new(&[1 << 62], &[0], 0).unwrap();
    let one = [7u64];
    let r = no_panic(|| constrided::convert::arrayd_from_layout(&one, &l).map(|a| a.len()));
    assert!(r.is_err());
}
