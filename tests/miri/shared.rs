//! Helpers several modules of this binary share: a value that counts how
//! many were made and dropped, and the triple-loop matrix product that
//! `dot` / `general_mat_mul` are checked against.

use std::cell::Cell;
use std::iter::Sum;
use std::ops::Mul;

use constrided::StridedView;

thread_local! {
    static MADE: Cell<usize> = const { Cell::new(0) };
    static DROPPED: Cell<usize> = const { Cell::new(0) };
}

/// Counts, per thread (each test runs on its own), how many were made and
/// how many dropped.
pub struct Counted(pub u64);

impl Counted {
    pub fn new(v: u64) -> Self {
        MADE.with(|c| c.set(c.get() + 1));
        Counted(v)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        DROPPED.with(|c| c.set(c.get() + 1));
    }
}

/// (made, dropped) on this thread so far.
pub fn counts() -> (usize, usize) {
    (MADE.with(Cell::get), DROPPED.with(Cell::get))
}

/// How many dropped on this thread so far.
pub fn dropped() -> usize {
    DROPPED.with(Cell::get)
}

/// Made and not yet dropped on this thread.
pub fn live() -> isize {
    let (m, d) = counts();
    m as isize - d as isize
}

/// `a · b` by the definition: `c[i, j] = sum over p of a[i, p] · b[p, j]`,
/// row-major.
pub fn naive_matmul<T: Copy + Mul<Output = T> + Sum>(
    a: &StridedView<'_, T, 2>,
    b: &StridedView<'_, T, 2>,
) -> Vec<T> {
    let ([m, k], [_, n]) = (a.shape(), b.shape());
    let mut out = Vec::new();
    for i in 0..m {
        for j in 0..n {
            out.push((0..k).map(|p| a[[i, p]] * b[[p, j]]).sum());
        }
    }
    out
}
