//! Issue 7, item 3 (last bullet): the default-stride rule accepts exactly
//! 2^63 elements, `Layout::contiguous` / `StridedArray::from_elem` panic
//! (documented) only when the count does not fit, and their fallible twins
//! return the error instead.

use constrided::{Layout, LayoutError, Mapping, StridedArray};

#[test]
fn contiguous_accepts_exactly_2_pow_63_elements() {
    let l = Layout::contiguous([1usize << 63]);
    assert_eq!(l.strides(), [1]);
    assert_eq!(l.required_len(), 1usize << 63);
    let l = Layout::try_contiguous([256, 256, 256, 256, 256, 256, 256, 128]).unwrap();
    assert_eq!(l.strides()[7], 1);
    assert_eq!(l.strides()[0], 1isize << 55);
    assert_eq!(l.required_len(), 1usize << 63);
    let f = Layout::try_f_contiguous([128, 256, 256, 256, 256, 256, 256, 256]).unwrap();
    assert_eq!(f.required_len(), 1usize << 63);
    // A size-1 axis outside 2^63 elements: its stride never moves.
    let l = Layout::try_contiguous([1, 1usize << 63]).unwrap();
    assert_eq!(l.required_len(), 1usize << 63);
    assert!(l.is_contiguous());
}

#[test]
fn static_layout_with_2_pow_63_elements() {
    let l = constrided::strided![shape = (256, 256, 256, 256, 256, 256, 256, 128)];
    assert_eq!(l.to_layout().required_len(), 1usize << 63);
}

#[test]
fn one_more_element_is_an_error_naming_the_position() {
    let e = Layout::try_contiguous([(1usize << 63) + 1]).unwrap_err();
    assert_eq!(
        e,
        LayoutError::Overflow {
            position: 1i128 << 63
        }
    );
    assert!(e.to_string().contains("9223372036854775808"), "{e}");
    assert!(Layout::try_f_contiguous([2, 1usize << 62, 2]).is_err());
    assert!(matches!(
        Layout::try_contiguous([usize::MAX, 2]),
        Err(LayoutError::ElementCountOverflow { .. })
    ));
}

#[test]
#[should_panic(expected = "9223372036854775808")]
fn contiguous_panics_with_the_numbers() {
    let _ = Layout::contiguous([(1usize << 63) + 1]);
}

#[test]
#[should_panic(expected = "fit")]
fn from_elem_panics_when_the_count_does_not_fit() {
    let _ = StridedArray::from_elem([usize::MAX, 2], ());
}

#[test]
fn from_vec_returns_the_error() {
    assert!(matches!(
        StridedArray::<(), 2>::from_vec([usize::MAX, 2], Vec::new()),
        Err(LayoutError::ElementCountOverflow { .. })
    ));
    assert!(matches!(
        StridedArray::<(), 1>::from_vec([(1usize << 63) + 1], Vec::new()),
        Err(LayoutError::Overflow { .. })
    ));
    // Exactly 2^63 zero-sized elements: valid.
    let v: Vec<()> = vec![(); 1usize << 63];
    let a = StridedArray::from_vec([1usize << 63], v).unwrap();
    assert_eq!(a.view().numel(), 1usize << 63);
}
