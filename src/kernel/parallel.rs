//! Parallel copies (feature `rayon`): the copy plan's outermost axis is cut
//! into chunks, and each chunk — a disjoint part of the destination — is
//! copied on its own thread by the sequential loops.

use super::copy::{copy_plan, copy_planned, copy_planned_sized};
use super::elementwise::{fill_plan, fill_raw};
use super::plan::{Order, Plan};
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

impl<T> SendPtr<T> {
    // Through a method, a closure captures the whole wrapper (Sync), not
    // its raw pointer field.
    fn get(&self) -> *mut T {
        self.0
    }
}

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
    // Every part streams its stores or not as the whole copy would.
    let bytes = plan.numel().saturating_mul(core::mem::size_of::<T>());
    for_each_slab(&plan, |part| {
        let (d, s) = (d, s);
        // SAFETY: part is a slab of the plan's outermost axis, so its
        // positions are a subset of the whole copy's (all in bounds);
        // distinct slabs of a unique dst are disjoint, so no two tasks
        // write the same element, and nobody writes src.
        unsafe { copy_planned_sized(d.0, s.0 as *const T, part, bytes) };
    });
}

/// `fill` on rayon's thread pool (`par_fill`): large fills are split into
/// slabs of the plan's outermost axis, each filled by the sequential
/// run loop of [`fill_raw`], with streaming stores when the whole fill
/// would stream (each task fences its own streamed stores).
///
/// # Safety
/// As [`fill_raw`], and `T: Send + Sync` is what lets the parts (and a
/// shared `value`) cross threads.
pub(crate) unsafe fn par_fill_raw<T: Clone + Send + Sync, const N: usize>(
    dst: *mut T,
    l: &Layout<N>,
    value: T,
) {
    let (shape, strides) = (l.shape(), l.strides());
    let Some(plan) = Plan::<1>::new(&shape, [&strides], [l.offset()], Order::Free) else {
        return;
    };
    if plan.rank == 0 || plan.numel() < PARALLEL_MIN {
        // SAFETY: forwarded from this function's contract.
        unsafe { fill_raw(dst, l, value) };
        return;
    }
    let d = SendPtr(dst);
    let bytes = plan.numel().saturating_mul(core::mem::size_of::<T>());
    let stream = super::simd::stream_for::<T>(bytes);
    for_each_slab(&plan, |part| {
        // SAFETY: part is a slab of the plan's outermost axis, a subset of
        // l's positions (in bounds); distinct slabs of the unique l are
        // disjoint, so no two tasks write the same element. `stream` is
        // stream_for's answer for the whole fill.
        unsafe { fill_plan(d.get(), &part, &value, stream) };
        if stream {
            // This thread's streamed stores are visible before the task
            // counts as done.
            super::simd::stream_fence();
        }
    });
}

/// Runs `part` on rayon's pool for each slab of `plan`: its outermost axis
/// cut into about four slabs per thread (`split`), every operand's start
/// moved to the slab's first index. The slabs reach disjoint positions of
/// each unique operand, and together exactly the plan's.
fn for_each_slab<const K: usize>(plan: &Plan<K>, part: impl Fn(Plan<K>) + Sync) {
    let outer = plan.shape[0];
    let chunks = (rayon::current_num_threads() * 4).clamp(1, outer);
    (0..chunks).into_par_iter().for_each(|c| {
        let (lo, hi) = (split(outer, c, chunks), split(outer, c + 1, chunks));
        if lo == hi {
            return;
        }
        let mut slab = *plan;
        slab.shape[0] = hi - lo;
        for k in 0..K {
            // lo < outer, so this is the offset of a reached position:
            // no overflow.
            slab.start[k] += lo as isize * plan.strides[k][0];
        }
        part(slab);
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
