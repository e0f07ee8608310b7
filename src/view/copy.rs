//! The typed copy entry points on views: [`rearrange`] and, under
//! `rayon`, `par_rearrange` (both also at `constrided::kernel::`). They
//! check the shapes and hand the views' raw parts to the copy engine.

use crate::error::LayoutError;
use crate::kernel::copy::{check_same_shape, copy_raw};
use crate::layout::Mapping;
use crate::view::{StridedView, StridedViewMut};

/// Copies `src` into `dst` element by element (`dst[i] = src[i]` for every
/// index `i`), for any two layouts of the same shape: transposes, flips,
/// slices, broadcasts. `ShapeMismatch` when the shapes differ.
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
    let dl = dst.mapping().to_layout();
    let sl = src.mapping().to_layout();
    check_same_shape(&dl.shape(), &sl.shape())?;
    // SAFETY: both layouts are valid for their buffers (view invariants),
    // the shapes agree, dst is unique and exclusively borrowed, and src is
    // a shared borrow, so no source element is a destination element; src
    // may be read beyond its reached positions only when it says so.
    unsafe { copy_raw(dst.as_mut_ptr(), &dl, src.as_ptr(), &sl, src.is_whole()) };
    Ok(())
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
    check_same_shape(&dl.shape(), &sl.shape())?;
    // SAFETY: as in rearrange: valid layouts, equal shapes, dst unique and
    // exclusively borrowed, src a shared borrow read beyond its reached
    // positions only when it says so; T: Send + Sync.
    unsafe {
        crate::kernel::parallel::par_copy_raw(
            dst.as_mut_ptr(),
            &dl,
            src.as_ptr(),
            &sl,
            src.is_whole(),
        )
    };
    Ok(())
}
