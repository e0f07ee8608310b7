// Issue 15, finding 1: a user type may not implement `SliceArg` (sealed):
// one that yields more slices than the output rank made `slice` drop the
// size-0 axis of an empty layout and write past the buffer.
use constrided::{Layout, Slice, SliceArg, SliceElem, StridedViewMut};

struct TwoSlices;

impl SliceArg<2, 1> for TwoSlices {
    fn slice_elems(&self) -> [SliceElem; 2] {
        [SliceElem::Slice(Slice::full()), SliceElem::Slice(Slice::full())]
    }
}

fn main() {
    let mut buf = [0i32; 4];
    let l = Layout::new([1, 0], [1, 1 << 24], 1 << 25).unwrap();
    let v = StridedViewMut::new(&mut buf, l).unwrap();
    if let Ok(mut w) = v.slice(TwoSlices) {
        w.fill(1);
    }
}
