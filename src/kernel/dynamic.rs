//! Copies between runtime-rank layouts ([`DynLayout`]): the typed
//! [`rearrange_dyn`] and the type-erased [`rearrange_bytes`] (InfiniOP's
//! `Rearrange`: elements of `elem_size` bytes). Both check what the typed
//! views check (bounds, a unique destination, equal shapes), then run the
//! engine of [`rearrange`](super::rearrange) on a rank-erased plan: one
//! instance per element type, whatever the rank.

use super::copy::copy_planned;
use super::plan::{Order, Plan};
use crate::error::LayoutError;
use crate::layout::{math, DynLayout};
use crate::MAX_RANK;

// The checks of StridedViewMut::new, StridedView::new and rearrange, in
// that order, with buffer lengths in elements.
fn check(dl: &DynLayout, dlen: usize, sl: &DynLayout, slen: usize) -> Result<(), LayoutError> {
    math::check_in_buffer(dl.shape(), dl.strides(), dl.offset(), dlen)?;
    dl.check_unique()?;
    math::check_in_buffer(sl.shape(), sl.strides(), sl.offset(), slen)?;
    super::check_same_shape(dl.shape(), sl.shape())
}

// Runs the copy engine on dl and sl (same shapes). The plan is rank-erased
// (its axes are a run-time count), so this is one function per element
// type, not one per rank: no `with_rank!` here.
//
// SAFETY (for callers): copy_raw's contract for dl, sl (same shapes).
unsafe fn copy_dyn<T: Copy>(dst: *mut T, dl: &DynLayout, src: *const T, sl: &DynLayout) {
    let Some(plan) = Plan::<2>::new(
        dl.shape(),
        [dl.strides(), sl.strides()],
        [dl.offset(), sl.offset()],
        Order::Free,
    ) else {
        return;
    };
    // SAFETY: forwarded from this function's contract; the plan reaches
    // exactly the positions of dl and sl.
    unsafe { copy_planned(dst, src, plan) }
}

/// Copies `src` (read through `sl`) into `dst` (written through `dl`),
/// element by element, for any two runtime-rank layouts of the same shape:
/// what [`rearrange`](super::rearrange) does for views, with the same checks
/// (`OutOfBounds` for a layout that does not fit its slice, `Aliasing` for
/// a destination layout that repeats an element, `ShapeMismatch`) and the
/// same engine.
///
/// ```
/// use constrided::{kernel::rearrange_dyn, DynLayout};
/// let src: Vec<i32> = (0..6).collect();
/// let mut dst = [0; 6];
/// let sl = DynLayout::contiguous(&[2, 3])?.t(); // 3x2 transpose
/// let dl = DynLayout::contiguous(&[3, 2])?;
/// rearrange_dyn(&mut dst, &dl, &src, &sl)?;
/// assert_eq!(dst, [0, 3, 1, 4, 2, 5]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub fn rearrange_dyn<T: Copy>(
    dst: &mut [T],
    dl: &DynLayout,
    src: &[T],
    sl: &DynLayout,
) -> Result<(), LayoutError> {
    check(dl, dst.len(), sl, src.len())?;
    // SAFETY: both layouts fit their slices, their shapes agree, dl is
    // unique, and dst (exclusive) and src (shared) are distinct borrows;
    // the whole of src may be read (a shared slice nobody writes).
    unsafe { copy_dyn(dst.as_mut_ptr(), dl, src.as_ptr(), sl) };
    Ok(())
}

/// The type-erased [`rearrange_dyn`] (InfiniOP's `Rearrange`): the
/// buffers hold elements of `elem_size` bytes, and the layouts count in
/// elements. The checks are those of [`rearrange_dyn`] with buffer lengths
/// of `len / elem_size` elements. The slices need no alignment.
///
/// Elements of 1 to 16 bytes move as `[u8; K]` on the typed engine (1, 2,
/// 4, 8 and 16 bytes on its fast paths); larger elements move as runs of
/// `[u8; K]` for the largest `K` in 16, 8, 4, 2, 1 dividing `elem_size`.
/// An `elem_size` of 0 moves nothing (after the checks of the destination's
/// uniqueness and of the shapes).
///
/// ```
/// use constrided::{kernel::rearrange_bytes, DynLayout};
/// // Three 3-byte elements (RGB pixels), reversed.
/// let src = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
/// let mut dst = [0u8; 9];
/// let sl = DynLayout::new(&[3], &[-1], 2)?;
/// let dl = DynLayout::contiguous(&[3])?;
/// rearrange_bytes(&mut dst, &dl, &src, &sl, 3)?;
/// assert_eq!(dst, [7, 8, 9, 4, 5, 6, 1, 2, 3]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
// `#[inline]` here and on rearrange_bytes_raw, bytes_impl and copy_chunks:
// not for speed, but so that the copy engine's 17 instances behind them
// (elements of 1 to 16 bytes and the chunked rest) are compiled in the
// crates that call them, not in every dependent's build of constrided
// (more than half of the library's machine code; docs/build-cost.md).
#[inline]
pub fn rearrange_bytes(
    dst: &mut [u8],
    dl: &DynLayout,
    src: &[u8],
    sl: &DynLayout,
    elem_size: usize,
) -> Result<(), LayoutError> {
    if let (Some(dlen), Some(slen)) = (
        dst.len().checked_div(elem_size),
        src.len().checked_div(elem_size),
    ) {
        math::check_in_buffer(dl.shape(), dl.strides(), dl.offset(), dlen)?;
        dl.check_unique()?;
        math::check_in_buffer(sl.shape(), sl.strides(), sl.offset(), slen)?;
    }
    // SAFETY: both layouts fit their slices (in elements of elem_size
    // bytes), dst (exclusive) and src (shared) are distinct borrows, and
    // the whole of src may be read (a shared slice nobody writes).
    unsafe { bytes_impl(dst.as_mut_ptr(), dl, src.as_ptr(), sl, elem_size) }
}

/// [`rearrange_bytes`] over raw memory, for FFI: `dst` and `src` are the
/// starts of the buffers (the layouts' offsets count from them, in elements
/// of `elem_size` bytes). Checks the shapes (`ShapeMismatch`) and the
/// destination's uniqueness (`Aliasing`); touches only the bytes of the
/// elements the layouts reach, never the gaps between them.
///
/// # Safety
/// Unless the layouts are empty or `elem_size` is 0: the `elem_size` bytes
/// of every element `sl` reaches from `src` must be readable and those of
/// every element `dl` reaches from `dst` writable; `src` and every element
/// `sl` reaches lie in one allocation, and so do `dst` and every element
/// `dl` reaches (the engine steps between them by pointer offsets); nothing
/// else may access the destination's bytes during the call, and no byte is
/// both read and written.
///
/// ```
/// use constrided::{kernel::rearrange_bytes_raw, DynLayout};
/// let src = [1u16, 2, 3, 4];
/// let mut dst = [0u16; 4];
/// let (sl, dl) = (DynLayout::contiguous(&[2, 2])?.t(), DynLayout::contiguous(&[2, 2])?);
/// // SAFETY: both layouts reach 4 elements of 2 bytes inside their arrays.
/// unsafe { rearrange_bytes_raw(dst.as_mut_ptr().cast(), &dl, src.as_ptr().cast(), &sl, 2)? };
/// assert_eq!(dst, [1, 3, 2, 4]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[inline]
pub unsafe fn rearrange_bytes_raw(
    dst: *mut u8,
    dl: &DynLayout,
    src: *const u8,
    sl: &DynLayout,
    elem_size: usize,
) -> Result<(), LayoutError> {
    // SAFETY: the caller's contract; only reached source bytes are read.
    unsafe { bytes_impl(dst, dl, src, sl, elem_size) }
}

// rearrange_bytes_raw's checks and copy.
//
// SAFETY (for callers): rearrange_bytes_raw's contract.
#[inline]
unsafe fn bytes_impl(
    dst: *mut u8,
    dl: &DynLayout,
    src: *const u8,
    sl: &DynLayout,
    elem_size: usize,
) -> Result<(), LayoutError> {
    dl.check_unique()?;
    super::check_same_shape(dl.shape(), sl.shape())?;
    if elem_size == 0 || dl.is_empty() {
        return Ok(());
    }
    let (d, s) = (dst, src);
    macro_rules! direct {
        ($($k:literal)*) => {
            match elem_size {
                $(
                    // SAFETY: the caller's contract, in elements of K bytes
                    // ([u8; K] has alignment 1, so any address is aligned).
                    $k => unsafe { copy_dyn(d.cast::<[u8; $k]>(), dl, s.cast::<[u8; $k]>(), sl) },
                )*
                _ => {
                    // SAFETY: the caller's contract; dl is not empty.
                    unsafe { copy_chunks(d, dl, s, sl, elem_size) }
                }
            }
        };
    }
    direct!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    Ok(())
}

// Elements of `size` > 16 bytes, as `m` chunks of K bytes: a new innermost
// axis of m chunks (stride 1) and every stride times m. A rank-8 layout
// without a size-1 axis to drop is first cut along its outermost axis.
//
// SAFETY (for callers): rearrange_bytes_raw's contract, same shapes, dl
// unique and non-empty.
#[inline]
unsafe fn copy_chunks(dst: *mut u8, dl: &DynLayout, src: *const u8, sl: &DynLayout, size: usize) {
    // Drop size-1 axes (never reached twice, so any stride is fine).
    let (mut sh, mut ds, mut ss, mut r) = ([0; MAX_RANK], [0; MAX_RANK], [0; MAX_RANK], 0);
    for k in 0..dl.rank() {
        if dl.shape()[k] != 1 {
            sh[r] = dl.shape()[k];
            ds[r] = dl.strides()[k];
            ss[r] = sl.strides()[k];
            r += 1;
        }
    }
    if r == MAX_RANK {
        // Cut the outermost axis: rank 7 pieces.
        for i in 0..sh[0] {
            let (Ok(d), Ok(s)) = (dl.index_axis(0, i), sl.index_axis(0, i)) else {
                return;
            };
            // SAFETY: each piece is part of the checked layouts.
            unsafe { copy_chunks(dst, &d, src, &s, size) };
        }
        return;
    }
    let k = [16, 8, 4, 2, 1]
        .into_iter()
        .find(|k| size.is_multiple_of(*k))
        .unwrap_or(1);
    let m = (size / k) as isize;
    // Every product below is a distance between reached bytes (in chunks of
    // K), which fits isize because the buffers do.
    let mut shape = [1usize; MAX_RANK];
    let (mut dst_s, mut src_s) = ([0isize; MAX_RANK], [0isize; MAX_RANK]);
    for a in 0..r {
        shape[a] = sh[a];
        dst_s[a] = ds[a].wrapping_mul(m);
        src_s[a] = ss[a].wrapping_mul(m);
    }
    shape[r] = m as usize;
    dst_s[r] = 1;
    src_s[r] = 1;
    let doff = dl.offset().wrapping_mul(m as usize);
    let soff = sl.offset().wrapping_mul(m as usize);
    let (Ok(dc), Ok(sc)) = (
        DynLayout::new(&shape[..=r], &dst_s[..=r], doff),
        DynLayout::new(&shape[..=r], &src_s[..=r], soff),
    ) else {
        return;
    };
    macro_rules! chunks {
        ($($k:literal)*) => {
            match k {
                $(
                    // SAFETY: the chunk layouts reach exactly the bytes of
                    // the element layouts, in pieces of K bytes.
                    $k => unsafe { copy_dyn(dst.cast::<[u8; $k]>(), &dc, src.cast::<[u8; $k]>(), &sc) },
                )*
                // SAFETY: as above, K = 1.
                _ => unsafe { copy_dyn(dst, &dc, src, &sc) },
            }
        };
    }
    chunks!(16 8 4 2);
}
