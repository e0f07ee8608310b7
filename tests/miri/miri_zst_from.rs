//! Audit round 3, hole 4: `From` conversions of zero-sized elements beyond
//! `isize::MAX + 1` panicked with an undocumented message from
//! `Layout::contiguous`. The panic is now documented under `# Panics` (a
//! layout's positions must fit `isize`), names the conversion, and the
//! fallible constructors return the error instead. Lengths up to
//! `isize::MAX + 1` convert.
use constrided::{StridedArray, StridedView, StridedViewMut};
use core::ptr::NonNull;

const TOO_MANY: usize = isize::MAX as usize + 2;
const MOST: usize = isize::MAX as usize + 1;

fn zsts(len: usize) -> &'static mut [()] {
    // SAFETY: a dangling, aligned pointer is valid for any number of
    // zero-sized elements, for any lifetime.
    unsafe { core::slice::from_raw_parts_mut(NonNull::<()>::dangling().as_ptr(), len) }
}

fn zst_vec(len: usize) -> Vec<()> {
    // SAFETY: for a zero-sized T any aligned non-null pointer is a valid
    // Vec buffer of any capacity; () has no drop glue.
    unsafe { Vec::from_raw_parts(NonNull::<()>::dangling().as_ptr(), len, len) }
}

#[test]
fn soundness_zst_from_up_to_the_limit() {
    assert_eq!(StridedView::from(&*zsts(MOST)).shape(), [MOST]);
    assert_eq!(StridedViewMut::from(zsts(MOST)).shape(), [MOST]);
    assert_eq!(StridedArray::from(zst_vec(MOST)).shape(), [MOST]);
}

#[test]
#[should_panic(
    expected = "StridedView::from(&[T]): 9223372036854775809 elements of a zero-sized type"
)]
fn soundness_zst_from_slice_panics_as_documented() {
    let _ = StridedView::from(&*zsts(TOO_MANY));
}

#[test]
#[should_panic(expected = "StridedViewMut::from(&mut [T]): 9223372036854775809 elements")]
fn soundness_zst_from_mut_slice_panics_as_documented() {
    let _ = StridedViewMut::from(zsts(TOO_MANY));
}

#[test]
#[should_panic(expected = "StridedArray::from(Vec<T>): 9223372036854775809 elements")]
fn soundness_zst_from_vec_panics_as_documented() {
    let _ = StridedArray::from(zst_vec(TOO_MANY));
}

#[test]
fn soundness_zst_fallible_constructors_return_the_error() {
    assert!(StridedView::from_shape([TOO_MANY], &*zsts(TOO_MANY)).is_err());
    assert!(StridedViewMut::from_shape([TOO_MANY], zsts(TOO_MANY)).is_err());
    assert!(StridedArray::from_vec([TOO_MANY], zst_vec(TOO_MANY)).is_err());
}
