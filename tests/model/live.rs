//! `Live`: an element with drop glue that counts the values alive on this
//! thread, and whose operators (`+`, `-`) can be armed to panic at a
//! chosen call. Panic-safety tests compare `live()` before and after: a
//! leak leaves it higher, a double drop lower (and the `Box` makes a
//! double drop or a use after drop visible to Miri and ASan).

use std::cell::Cell;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static CALLS: Cell<usize> = const { Cell::new(0) };
    static FAIL_AT: Cell<usize> = const { Cell::new(usize::MAX) };
}

#[derive(Debug)]
pub struct Live(pub Box<i64>);

impl Live {
    pub fn new(v: i64) -> Self {
        LIVE.with(|l| l.set(l.get() + 1));
        Live(Box::new(v))
    }
}

impl Clone for Live {
    fn clone(&self) -> Self {
        Live::new(*self.0)
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        LIVE.with(|l| l.set(l.get() - 1));
    }
}

/// The `Live` values alive on this thread.
pub fn live() -> isize {
    LIVE.with(|l| l.get())
}

/// Counts one call of an operator (or of a test's closure) and panics
/// with "call {k} fails" if it is the armed one.
pub fn call() {
    let k = CALLS.with(|c| {
        c.set(c.get() + 1);
        c.get() - 1
    });
    if k == FAIL_AT.with(|f| f.get()) {
        panic!("call {k} fails");
    }
}

/// The `k`-th call from now (0-based) panics; `usize::MAX`: none does.
pub fn arm(k: usize) {
    CALLS.with(|c| c.set(0));
    FAIL_AT.with(|f| f.set(k));
}

impl core::ops::Add for Live {
    type Output = Live;
    fn add(self, o: Live) -> Live {
        call();
        Live::new(self.0.wrapping_add(*o.0))
    }
}

impl core::ops::Sub for Live {
    type Output = Live;
    fn sub(self, o: Live) -> Live {
        call();
        Live::new(self.0.wrapping_sub(*o.0))
    }
}
