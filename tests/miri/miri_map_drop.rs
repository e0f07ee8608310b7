//! Issue 15, finding 2: `map` / `to_vec` must never drop a value they did
//! not make. A panic in the closure drops exactly the elements written; a
//! view whose row-major output has no layout (a broadcast of a zero-sized
//! type with more than 2^63 elements) panics before calling the closure
//! or allocating, and drops nothing. Runs natively and under Miri.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use constrided::{Layout, StridedView};

// One counter pair per test (tests run on parallel threads).
struct Counts {
    made: AtomicUsize,
    dropped: AtomicUsize,
}

impl Counts {
    const fn new() -> Self {
        Counts {
            made: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
        }
    }
    fn get(&self) -> (usize, usize) {
        (self.made.load(SeqCst), self.dropped.load(SeqCst))
    }
}

// A value that counts how many were made and dropped, and aborts when
// more are dropped than were made (a drop of a never-constructed value).
struct Token<const Z: usize>(&'static Counts, [u8; Z]);

impl<const Z: usize> Token<Z> {
    fn new(c: &'static Counts) -> Self {
        c.made.fetch_add(1, SeqCst);
        Token(c, [0; Z])
    }
}

impl<const Z: usize> Clone for Token<Z> {
    fn clone(&self) -> Self {
        Token::new(self.0)
    }
}

impl<const Z: usize> Drop for Token<Z> {
    fn drop(&mut self) {
        let d = self.0.dropped.fetch_add(1, SeqCst) + 1;
        if d > self.0.made.load(SeqCst) {
            eprintln!("dropping a Token that was never constructed");
            std::process::abort();
        }
    }
}

#[test]
fn a_panic_in_map_drops_exactly_the_elements_written() {
    static C: Counts = Counts::new();
    let x: Vec<i32> = (0..24).collect();
    let v = StridedView::new(&x, Layout::contiguous([4, 6]))
        .unwrap()
        .t();
    let mut calls = 0;
    let r = catch_unwind(AssertUnwindSafe(|| {
        v.map(|_| {
            calls += 1;
            if calls == 10 {
                panic!("boom");
            }
            Token::<1>::new(&C)
        })
    }));
    assert!(r.is_err());
    assert_eq!(C.get(), (9, 9));
}

#[test]
fn a_panic_in_to_vec_clone_drops_exactly_the_clones_made() {
    static C: Counts = Counts::new();
    struct Bomb(Token<0>, bool);
    impl Clone for Bomb {
        fn clone(&self) -> Self {
            assert!(!self.1, "boom");
            Bomb(self.0.clone(), false)
        }
    }
    let x: Vec<Bomb> = (0..6).map(|i| Bomb(Token::new(&C), i == 4)).collect();
    let v = StridedView::new(&x, Layout::contiguous([2, 3]))
        .unwrap()
        .t();
    let r = catch_unwind(AssertUnwindSafe(|| v.to_vec()));
    assert!(r.is_err());
    let (made, dropped) = C.get();
    // The 6 originals live on; every clone made was dropped once.
    assert_eq!(made - dropped, 6);
    drop(x);
    assert_eq!(C.get().0, C.get().1);
}

// A zero-sized value with its own counters (only one test uses it).
static ZC: Counts = Counts::new();
struct Zst;
impl Zst {
    fn new() -> Self {
        ZC.made.fetch_add(1, SeqCst);
        Zst
    }
}
impl Clone for Zst {
    fn clone(&self) -> Self {
        Zst::new()
    }
}
impl Drop for Zst {
    fn drop(&mut self) {
        let d = ZC.dropped.fetch_add(1, SeqCst) + 1;
        if d > ZC.made.load(SeqCst) {
            eprintln!("dropping a Zst that was never constructed");
            std::process::abort();
        }
    }
}

#[test]
fn map_of_a_zst_broadcast_past_isize_max_drops_nothing_it_did_not_make() {
    assert_eq!(core::mem::size_of::<Zst>(), 0);
    let one = [Zst::new()];
    let shape = [1usize << 32, (1 << 31) + 1]; // 2^63 + 2^32 elements
    let v = StridedView::new(&one, Layout::contiguous([1]))
        .unwrap()
        .broadcast_to(shape)
        .unwrap();
    assert!(v.numel() > isize::MAX as usize);
    let mut calls = 0usize;
    let r = catch_unwind(AssertUnwindSafe(|| {
        v.map(|t| {
            calls += 1;
            t.clone()
        })
    }));
    // No row-major layout holds more than isize::MAX elements: map panics
    // before it calls the closure, and drops nothing.
    assert!(r.is_err());
    assert_eq!(calls, 0);
    assert_eq!(ZC.get(), (1, 0));
    let r = catch_unwind(AssertUnwindSafe(|| v.to_vec()));
    assert!(r.is_err());
    assert_eq!(ZC.get(), (1, 0));
}

#[test]
fn map_and_to_vec_make_what_they_return() {
    static C: Counts = Counts::new();
    let x: Vec<Token<2>> = (0..6).map(|_| Token::new(&C)).collect();
    let v = StridedView::new(&x, Layout::contiguous([2, 3]))
        .unwrap()
        .t();
    let a = v.map(|t| t.clone());
    let b = v.to_vec();
    assert_eq!((a.numel(), b.len()), (6, 6));
    drop((a, b, x));
    assert_eq!(C.get(), (18, 18));
}
