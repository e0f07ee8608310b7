// s![] may give fewer entries than the rank (the rest are `..`), never more.
use constrided::{s, Layout};

fn main() {
    let l = Layout::contiguous([3, 4]);
    let _ = l.slice(s![1, .., 2]);
}
