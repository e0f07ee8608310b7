// Rank 0 is a scalar: one element, at the offset.
use constrided::strided;

fn main() {
    let buf = [10, 20, 30];
    let s = strided!(&buf; shape = (), offset = 2);
    assert_eq!(s[[]], 30);
    assert_eq!(s.numel(), 1);
    let l = strided![shape = ()];
    assert_eq!(constrided::Mapping::offset(&l), 0);
}
