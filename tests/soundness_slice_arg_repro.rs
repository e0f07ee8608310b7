// Finding 1 reproducer (compiles only before the trait is sealed).
use constrided::{Layout, Slice, SliceArg, SliceElem, StridedViewMut};

struct TwoSlices;
impl SliceArg<2, 1> for TwoSlices {
    fn slice_elems(&self) -> [SliceElem; 2] {
        [SliceElem::Slice(Slice::full()), SliceElem::Slice(Slice::full())]
    }
}

#[test]
fn user_slice_arg_cannot_write_past_the_buffer() {
    let mut buf = [0i32; 4];
    let l = Layout::new([1, 0], [1, 1 << 24], 1 << 25).unwrap();
    let v = StridedViewMut::new(&mut buf, l).unwrap();
    if let Ok(mut w) = v.slice(TwoSlices) {
        assert!(w.layout().required_len() <= 4, "{:?}", w.layout());
        w.fill(1);
    }
}
