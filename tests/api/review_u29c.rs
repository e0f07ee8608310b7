//! Review of u29c (run-time entries written as `Entry { value: e }.value`).
//! Each `dyn` entry's temporaries are dropped before the next entry is
//! evaluated, as they were with the former `let` statement: with the field
//! alone a `RefMut` (or `MutexGuard`) lived to the end of the caller's
//! statement, so two entries borrowing one cell panicked and two locking
//! one `Mutex` deadlocked. And a local named `value` is an entry clippy
//! does not read as the user's redundant `value: value` field
//! (`cargo clippy --all-targets -- -D warnings` builds this file), nor
//! the macro's `as u128` of a signed constant entry as the user's cast
//! (the pedantic `cast_sign_loss`, denied here).
#![deny(clippy::cast_sign_loss)]
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

const STEP: i64 = -3;

#[test]
fn a_signed_constant_entry_is_no_cast_of_the_users() {
    let l = strided![
        shape = (2, 3),
        strides = ((STEP * -2 - 3), 1),
        len = (STEP + 9)
    ];
    assert_eq!(l.strides(), [3, 1]);
}
