//! Parallel copies (feature `rayon`): the copy plan's outermost axis is cut
//! into chunks, and each chunk — a disjoint part of the destination — is
//! copied on its own thread by the sequential loops.

use super::copy::{copy_plan, copy_planned, copy_planned_sized};
use crate::layout::Layout;
use rayon::prelude::*;

// Below this many elements a copy runs on the calling thread.
const PARALLEL_MIN: usize = 1 << 16;

// A pointer that may cross threads; the kernels' contract makes the parts
// each thread touches disjoint.
#[derive(Clone, Copy)]
struct SendPtr<T>(*mut T);
// SAFETY: only used to hand disjoint destination parts (and a shared,
// unwritten source) to rayon tasks; T: Send + Sync is required by the caller.
unsafe impl<T> Send for SendPtr<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for SendPtr<T> {}

/// The copy engine on rayon's thread pool (`par_rearrange`): large copies
/// are split over disjoint parts of `dst`, each copied by the sequential
/// engine.
///
/// # Safety
/// As [`copy_raw`](super::copy_raw), and `T: Send + Sync` is what lets
/// the parts cross threads.
pub(crate) unsafe fn par_copy_raw<T: Copy + Send + Sync, const N: usize>(
    dst: *mut T,
    dl: &Layout<N>,
    src: *const T,
    sl: &Layout<N>,
) {
    let Some(plan) = copy_plan(dl, sl) else {
        return;
    };
    let d = SendPtr(dst);
    let s = SendPtr(src as *mut T);
    if plan.rank == 0 || plan.numel() < PARALLEL_MIN {
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_planned(d.0, s.0, plan) };
        return;
    }
    let outer = plan.shape[0];
    // Every part streams its stores or not as the whole copy would.
    let bytes = plan.numel().saturating_mul(core::mem::size_of::<T>());
    let chunks = (rayon::current_num_threads() * 4).clamp(1, outer);
    (0..chunks).into_par_iter().for_each(|c| {
        let (lo, hi) = (split(outer, c, chunks), split(outer, c + 1, chunks));
        if lo == hi {
            return;
        }
        let mut part = plan;
        part.shape[0] = hi - lo;
        for k in 0..2 {
            part.start[k] += lo as isize * plan.strides[k][0];
        }
        let (d, s) = (d, s);
        // SAFETY: part is the slab lo..hi of the plan's outermost axis, so
        // its positions are a subset of the whole copy's (all in bounds);
        // distinct slabs of a unique dst are disjoint, so no two tasks
        // write the same element, and nobody writes src.
        unsafe { copy_planned_sized(d.0, s.0 as *const T, part, bytes) };
    });
}

/// `⌊outer · c / chunks⌋` for `c <= chunks`, without overflow for any
/// `outer` (axes of zero-sized elements or broadcasts reach `usize::MAX`):
/// `outer = q · chunks + r`, so the split is `q · c + ⌊r · c / chunks⌋`,
/// where `q · c <= outer` and `r · c < chunks²` (chunks is a few times the
/// thread count).
fn split(outer: usize, c: usize, chunks: usize) -> usize {
    let (q, r) = (outer / chunks, outer % chunks);
    q * c + r * c / chunks
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn split_is_exact_and_overflow_free() {
        for outer in [0, 1, 7, 100, usize::MAX / 2, usize::MAX - 1, usize::MAX] {
            for chunks in 1..=9usize {
                assert_eq!(split(outer, 0, chunks), 0);
                assert_eq!(split(outer, chunks, chunks), outer);
                for c in 0..=chunks {
                    let exact = (outer as u128 * c as u128 / chunks as u128) as usize;
                    assert_eq!(split(outer, c, chunks), exact);
                }
            }
        }
    }
}
