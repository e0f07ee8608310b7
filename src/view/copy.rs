//! The typed copy entry points on views: [`rearrange`] and, under
//! `rayon`, `par_rearrange` (both also at `constrided::kernel::`). They
//! check the shapes and hand the views' raw parts to the copy engine.

use crate::error::{Dims, LayoutError, ShapeArg};
use crate::kernel::copy::copy_raw;
use crate::kernel::engine;
use crate::layout::Mapping;
use crate::view::{StridedView, StridedViewMut};

/// Copies `src` into `dst` element by element (`dst[i] = src[i]` for every
/// index `i`), for any two layouts of the same shape: transposes, flips,
/// slices, broadcasts. `ShapeMismatch` when the shapes differ.
///
/// Between two static views (`strided!`) both shapes are constants: the
/// shape check folds away (the `Result` is always `Ok` and the optimizer
/// drops it), and the copy is the loop nest over the constant positions,
/// as a hand-written loop. Views of a few elements are copied without
/// planning.
///
/// ```
/// use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut};
/// let src: Vec<f32> = (0..6).map(|x| x as f32).collect();
/// let mut out = vec![0.0f32; 6];
/// let s = StridedView::new(&src, Layout::contiguous([2, 3]))?.t(); // 3x2
/// let mut d = StridedViewMut::new(&mut out, Layout::contiguous([3, 2]))?;
/// rearrange(&mut d, &s)?;
/// assert_eq!(out, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub fn rearrange<T: Copy, const N: usize, MD: Mapping<N>, MS: Mapping<N>>(
    dst: &mut StridedViewMut<'_, T, N, MD>,
    src: &StridedView<'_, T, N, MS>,
) -> Result<(), LayoutError> {
    if MD::STATIC && MS::STATIC {
        // Both layouts are constants: the shape test folds away, and the
        // copy is the loop nest over the constant positions.
        let (md, ms) = (*dst.mapping(), *src.mapping());
        if md.shape() != ms.shape() {
            return Err(shape_mismatch(&md.shape(), &ms.shape()));
        }
        // SAFETY: as below; in-range indices of the valid mappings reach
        // positions inside the buffers, distinct for the unique dst.
        unsafe { static_copy(dst, src) };
        return Ok(());
    }
    let dl = dst.mapping().to_layout();
    let sl = src.mapping().to_layout();
    if dl.shape() != sl.shape() {
        return Err(shape_mismatch(&dl.shape(), &sl.shape()));
    }
    // SAFETY: both layouts are valid for their buffers (view invariants),
    // the shapes agree, dst is unique and exclusively borrowed, and src is
    // a shared borrow, so no source element is a destination element.
    unsafe { copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl) };
    Ok(())
}

// The copy between two static views: plain loops over the constant shape
// (the shapes are equal).
// SAFETY (for callers): dst and src have the same shape.
#[inline(always)]
unsafe fn static_copy<T: Copy, const N: usize, MD: Mapping<N>, MS: Mapping<N>>(
    dst: &mut StridedViewMut<'_, T, N, MD>,
    src: &StridedView<'_, T, N, MS>,
) {
    let (md, ms) = (*dst.mapping(), *src.mapping());
    let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
    // SAFETY: an in-range index reaches a position inside each buffer;
    // dst's are distinct (unique mapping) and exclusively borrowed, and
    // src is a shared borrow, so no element is both.
    engine::static_for_each(md.shape(), |i| unsafe {
        *d.add(md.offset_of_unchecked(i)) = *s.add(ms.offset_of_unchecked(i))
    });
}

#[cold]
fn shape_mismatch(expected: &[usize], found: &[usize]) -> LayoutError {
    LayoutError::ShapeMismatch {
        expected: Dims::new(expected),
        found: Dims::new(found),
        arg: ShapeArg::Source,
    }
}

/// [`rearrange`] on rayon's thread pool: large copies are split over
/// disjoint parts of `dst`. Same result, same errors.
///
/// ```
/// use constrided::{kernel::par_rearrange, Layout, StridedView, StridedViewMut};
/// let src: Vec<u32> = (0..512 * 512).collect();
/// let mut out = vec![0u32; 512 * 512];
/// let s = StridedView::new(&src, Layout::contiguous([512, 512]))?.t();
/// par_rearrange(&mut StridedViewMut::new(&mut out, Layout::contiguous([512, 512]))?, &s)?;
/// assert_eq!(out[1], 512);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub fn par_rearrange<T: Copy + Send + Sync, const N: usize, MD: Mapping<N>, MS: Mapping<N>>(
    dst: &mut StridedViewMut<'_, T, N, MD>,
    src: &StridedView<'_, T, N, MS>,
) -> Result<(), LayoutError> {
    let dl = dst.mapping().to_layout();
    let sl = src.mapping().to_layout();
    if dl.shape() != sl.shape() {
        return Err(shape_mismatch(&dl.shape(), &sl.shape()));
    }
    // SAFETY: as in rearrange: valid layouts, equal shapes, dst unique and
    // exclusively borrowed, src a shared borrow; T: Send + Sync.
    unsafe { crate::kernel::parallel::par_copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl) };
    Ok(())
}
