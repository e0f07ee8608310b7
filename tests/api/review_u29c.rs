//! Review of u29c (run-time entries written as `Entry { value: e }.value`).
//! Each `dyn` entry's temporaries are dropped before the next entry is
//! evaluated, as they were with the former `let` statement: with the field
//! alone a `RefMut` (or `MutexGuard`) lived to the end of the caller's
//! statement, so two entries borrowing one cell panicked and two locking
//! one `Mutex` deadlocked. And a local named `value` is an entry clippy
//! does not read as the user's redundant `value: value` field
//! (`cargo clippy --all-targets -- -D warnings` builds this file).
use constrided::{strided, Mapping};
use std::cell::RefCell;
use std::sync::Mutex;

#[test]
fn run_time_entries_drop_their_temporaries_one_by_one() {
    let c = RefCell::new([4usize, 3]);
    let l = strided![shape = (dyn c.borrow_mut()[0], dyn c.borrow_mut()[1])].unwrap();
    assert_eq!(l.shape(), [4, 3]);
    let m = Mutex::new((4usize, 3isize));
    let buf = [0u8; 12];
    let v = strided!(&buf[..]; shape = (dyn m.lock().unwrap().0, 3),
        strides = (dyn m.lock().unwrap().1, 1), offset = dyn m.lock().unwrap().0 - 4)
    .unwrap();
    assert_eq!(v.strides(), [3, 1]);
    let value = 2usize;
    let l = strided![shape = (dyn value, 2)].unwrap();
    assert_eq!(l.shape(), [2, 2]);
}
