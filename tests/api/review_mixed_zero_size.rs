//! Review r26: a mixed or associated-constant layout with default strides
//! and a literal size-0 axis. The macro wrote the static default stride of
//! the axes before it as the plain product of the later sizes (0), while
//! the crate's row-major rule (`layout::math::c_strides`, NumPy's) counts a
//! size-0 axis as 1 for the axes outside it: `MixedLayout::contiguous` then
//! refused the layout (`Err` for `dyn` entries) and `checked_mixed`
//! panicked at run time (associated-constant entries) for a valid layout.
use constrided::{strided, Layout, Mapping};

trait Dims {
    const N: usize;
}
struct Four;
impl Dims for Four {
    const N: usize = 4;
}

#[test]
fn mixed_layout_with_a_literal_zero_size_and_default_strides_is_accepted() {
    let buf = [0u8; 4];
    let v = strided!(&buf; shape = (dyn 2usize, 0, 3)).unwrap();
    let want = Layout::contiguous([2, 0, 3]);
    assert_eq!((v.shape(), v.strides()), (want.shape(), want.strides()));
    assert_eq!(v.iter().count(), 0);
    let l = strided![shape = (dyn 2usize, 0, 0, 5)].unwrap();
    assert_eq!(l.strides(), Layout::contiguous([2, 0, 0, 5]).strides());
    // The type form agrees with the value form.
    type T = strided!(type shape = (_, 0, 3));
    let t: T = *v.mapping();
    assert_eq!(t.to_layout(), want);
    let mut out = [1u8; 3];
    let m = strided!(&mut out; shape = (dyn 0usize, 0, 3)).unwrap();
    assert_eq!(m.shape(), [0, 0, 3]);
}

#[test]
fn associated_constant_layout_with_a_literal_zero_size_does_not_panic() {
    let l = strided![shape = (Four::N, 0, 3)];
    let want = Layout::contiguous([4, 0, 3]);
    assert_eq!((l.shape(), l.strides()), (want.shape(), want.strides()));
    let buf = [0u8; 2];
    let v = strided!(&buf; shape = (2, Four::N, 0)).unwrap();
    assert_eq!(v.strides(), Layout::contiguous([2, 4, 0]).strides());
}
