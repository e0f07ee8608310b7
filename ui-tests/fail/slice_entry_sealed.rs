// Issue 15, finding 1: a user type may not implement `SliceEntry`
// (sealed): an entry that keeps an axis while converting to an index
// would miscount the output rank of `s![]`.
use constrided::{s, Layout, Rank, SliceElem, SliceEntry};

struct Keep;

impl From<Keep> for SliceElem {
    fn from(_: Keep) -> SliceElem {
        SliceElem::Index(0)
    }
}

impl SliceEntry<Rank<1>> for Keep {
    type Out = Rank<2>;
}

fn main() {
    let l = Layout::new([1, 0], [1, 1 << 24], 1 << 25).unwrap();
    let _ = l.slice(s![.., Keep]);
}
