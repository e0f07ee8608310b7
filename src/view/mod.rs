//! Views: [`StridedView`] and [`StridedViewMut`], safe strided access to a
//! slice through a [`Mapping`].
//!
//! Invariants every view upholds (what the `unsafe` in this crate relies on):
//! - `ptr` is valid for reads (and writes, for `StridedViewMut`) of `len`
//!   elements for the lifetime `'a`;
//! - the mapping is valid and `mapping.required_len() <= len`, so every
//!   in-range index reaches a position inside the buffer;
//! - for `StridedViewMut`, the mapping is unique (no two indices reach the
//!   same position) and the view has exclusive access to every position its
//!   mapping reaches, and to all of `0..len` when `exclusive` is set;
//! - for `StridedView`, every position of `0..len` may be read for `'a`
//!   when `whole` is set (otherwise only the positions its mapping reaches:
//!   the view came from part of a buffer, e.g. a `split_at` half or an
//!   ndarray view, and other positions may be written by someone else).

mod arith;
mod array;
mod array_api;
mod axis;
mod chunks;
mod conv;
mod copy;
mod eq;
mod fmt;
mod iter;
pub mod linalg;
mod mut_forms;
pub(crate) mod ops;
mod reduce;
mod shape;
mod stats;
mod transform;

#[cfg(feature = "alloc")]
pub use array::StridedArray;
pub use axis::{AxisIter, AxisIterMut, Lanes, LanesMut, Windows};
pub(crate) use chunks::ChunkGrid;
pub use chunks::{Chunks, ChunksMut};
#[cfg(feature = "rayon")]
pub use copy::par_rearrange;
pub use copy::rearrange;
pub use iter::{IndexedIter, IndexedIterMut, Iter, IterMut};
pub use reduce::Mean;
#[cfg(feature = "alloc")]
pub use shape::CowView;
pub use stats::Var;

use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::error::LayoutError;
use crate::layout::{Layout, Mapping};

/// A shared strided view of `T`s: a slice read through a [`Mapping`]
/// (a runtime [`Layout`] by default, or a static layout from `strided!`).
///
/// ```
/// use constrided::{Layout, StridedView};
/// let buf: Vec<i32> = (0..100).collect();
/// // The seeds' first example: shape (6, 5), strides (10, 1), offset 22.
/// let v = StridedView::new(&buf, Layout::new([6, 5], [10, 1], 22)?)?;
/// assert_eq!(v[[0, 0]], 22);
/// assert_eq!(v[[5, 4]], 76);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct StridedView<'a, T, const N: usize, M: Mapping<N> = Layout<N>> {
    ptr: NonNull<T>,
    len: usize,
    mapping: M,
    // Whether this view may read every position of 0..len (false for views
    // of part of a buffer: as_strided must not reach beyond the mapping).
    whole: bool,
    _marker: PhantomData<&'a [T]>,
}

/// An exclusive strided view of `T`s. Its layout never aliases: no two
/// indices reach the same element.
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut buf = vec![0; 12];
/// let mut v = StridedViewMut::new(&mut buf, Layout::f_contiguous([3, 4]))?;
/// v[[1, 2]] = 7;
/// assert_eq!(buf[1 + 2 * 3], 7);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub struct StridedViewMut<'a, T, const N: usize, M: Mapping<N> = Layout<N>> {
    ptr: NonNull<T>,
    len: usize,
    mapping: M,
    // Whether this view may touch every position of 0..len (false for the
    // halves made by split_at, which share a buffer with a sibling).
    exclusive: bool,
    _marker: PhantomData<&'a mut [T]>,
}

// SAFETY: a StridedView is a shared borrow of `T`s; it is Send/Sync exactly
// when `&[T]` is.
unsafe impl<T: Sync, const N: usize, M: Mapping<N> + Send> Send for StridedView<'_, T, N, M> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize, M: Mapping<N> + Sync> Sync for StridedView<'_, T, N, M> {}
// SAFETY: a StridedViewMut is an exclusive borrow of the `T`s it reaches; it
// is Send/Sync exactly when `&mut [T]` is.
unsafe impl<T: Send, const N: usize, M: Mapping<N> + Send> Send for StridedViewMut<'_, T, N, M> {}
// SAFETY: as above.
unsafe impl<T: Sync, const N: usize, M: Mapping<N> + Sync> Sync for StridedViewMut<'_, T, N, M> {}

impl<T, const N: usize, M: Mapping<N>> Clone for StridedView<'_, T, N, M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const N: usize, M: Mapping<N>> Copy for StridedView<'_, T, N, M> {}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// A view of `data` through `mapping`; `OutOfBounds` when the mapping
    /// reaches past the end of `data`.
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedView};
    /// let buf = [0u8; 50];
    /// let err = StridedView::new(&buf, Layout::new([4, 3], [20, 2], 22)?).unwrap_err();
    /// assert_eq!(err, LayoutError::OutOfBounds { required: 87, len: 50 });
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn new(data: &'a [T], mapping: M) -> Result<Self, LayoutError> {
        let required = mapping.required_len();
        if required > data.len() {
            return Err(LayoutError::OutOfBounds {
                required,
                len: data.len(),
            });
        }
        Ok(StridedView {
            ptr: NonNull::from(data).cast(),
            len: data.len(),
            mapping,
            whole: true,
            _marker: PhantomData,
        })
    }

    /// A view over raw memory, for FFI. `ptr` is the start of the buffer (the
    /// layout's offset counts from it).
    ///
    /// # Safety
    /// `ptr` must be non-null, aligned, and valid for reads of
    /// `mapping.to_layout().required_len()` initialized `T`s for `'a`, and
    /// nothing may write them during `'a`.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// // SAFETY: buf holds the 6 elements the layout reaches and outlives v.
    /// let v = unsafe { StridedView::from_raw_parts(buf.as_ptr(), Layout::new([3, 2], [1, 3], 0)?) };
    /// assert_eq!(v[[2, 1]], 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub unsafe fn from_raw_parts(ptr: *const T, mapping: M) -> Self {
        StridedView {
            // SAFETY: the caller promises ptr is non-null.
            ptr: unsafe { NonNull::new_unchecked(ptr as *mut T) },
            len: mapping.to_layout().required_len(),
            mapping,
            whole: true,
            _marker: PhantomData,
        }
    }

    // The parts, for the crate's own constructors (transforms, kernels).
    // `whole`: every position of 0..len may be read for 'a (not only those
    // the mapping reaches).
    // SAFETY (for callers): the view invariants in the module docs.
    pub(crate) unsafe fn from_parts(ptr: NonNull<T>, len: usize, mapping: M, whole: bool) -> Self {
        StridedView {
            ptr,
            len,
            mapping,
            whole,
            _marker: PhantomData,
        }
    }

    /// The mapping (a [`Layout`], or a static layout).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let buf = [0; 6];
    /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.mapping().shape(), [2, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn mapping(&self) -> &M {
        &self.mapping
    }

    /// The start of the underlying buffer (not of element `(0, …, 0)`, which
    /// is `offset()` elements further).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let buf = [0; 6];
    /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.as_ptr(), buf.as_ptr());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    // Whether every position of 0..len may be read for 'a and nobody writes
    // any of it meanwhile (see `whole`): the kernels' licence for loads
    // wider than the reached positions.
    #[inline(always)]
    #[allow(dead_code)]
    pub(crate) fn is_whole(&self) -> bool {
        self.whole
    }

    /// The length of the underlying buffer, in elements.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let buf = [0; 10];
    /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.buffer_len(), 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn buffer_len(&self) -> usize {
        self.len
    }

    /// A reference to the element at `index`, or `None` when out of range.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?.t();
    /// assert_eq!(v.get([2, 1]), Some(&6));
    /// assert_eq!(v.get([3, 0]), None);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn get(&self, index: [usize; N]) -> Option<&'a T> {
        if self.mapping.in_range(index) {
            // SAFETY: an in-range index reaches a position < required_len <= len.
            Some(unsafe {
                &*self
                    .ptr
                    .as_ptr()
                    .add(self.mapping.offset_of_unchecked(index))
            })
        } else {
            None
        }
    }

    /// A reference to the element at `index`, without range checks.
    ///
    /// # Safety
    /// Every `index[k]` must be below `shape()[k]`.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?;
    /// // SAFETY: (1, 2) is in range for shape (2, 3).
    /// assert_eq!(unsafe { *v.get_unchecked([1, 2]) }, 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline(always)]
    pub unsafe fn get_unchecked(&self, index: [usize; N]) -> &'a T {
        // SAFETY: the caller keeps index in range, which reaches a position
        // < required_len <= len.
        unsafe {
            &*self
                .ptr
                .as_ptr()
                .add(self.mapping.offset_of_unchecked(index))
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// An exclusive view of `data` through `mapping`: `OutOfBounds` when the
    /// mapping reaches past the end of `data`, `Aliasing` when two indices
    /// reach the same position.
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedViewMut};
    /// let mut buf = [0u8; 9];
    /// let err = StridedViewMut::new(&mut buf, Layout::new([3, 3], [1, 1], 0)?).unwrap_err();
    /// assert!(matches!(err, LayoutError::Aliasing { .. }));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn new(data: &'a mut [T], mapping: M) -> Result<Self, LayoutError> {
        let required = mapping.required_len();
        if required > data.len() {
            return Err(LayoutError::OutOfBounds {
                required,
                len: data.len(),
            });
        }
        mapping.check_unique()?;
        let len = data.len();
        Ok(StridedViewMut {
            ptr: NonNull::from(data).cast(),
            len,
            mapping,
            exclusive: true,
            _marker: PhantomData,
        })
    }

    /// An exclusive view over raw memory, for FFI. `ptr` is the start of the
    /// buffer (the layout's offset counts from it).
    ///
    /// # Safety
    /// `ptr` must be non-null, aligned, and valid for reads and writes of
    /// `mapping.to_layout().required_len()` initialized `T`s for `'a`, and
    /// nothing else may access them during `'a`.
    ///
    /// # Panics
    /// When the layout aliases (two indices reach one position): a mutable
    /// view never aliases. [`StridedViewMut::try_from_raw_parts`] returns the
    /// error instead.
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut buf = [0; 6];
    /// // SAFETY: buf holds the 6 elements the layout reaches, and only v uses it.
    /// let mut v = unsafe { StridedViewMut::from_raw_parts(buf.as_mut_ptr(), Layout::contiguous([2, 3])) };
    /// v[[1, 1]] = 5;
    /// assert_eq!(buf[4], 5);
    /// ```
    #[track_caller]
    pub unsafe fn from_raw_parts(ptr: *mut T, mapping: M) -> Self {
        // SAFETY: forwarded from the caller.
        match unsafe { Self::try_from_raw_parts(ptr, mapping) } {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`StridedViewMut::from_raw_parts`], returning `Aliasing` instead of
    /// panicking when the layout aliases.
    ///
    /// # Safety
    /// As [`StridedViewMut::from_raw_parts`].
    ///
    /// ```
    /// use constrided::{Layout, LayoutError, StridedViewMut};
    /// let mut buf = [0; 3];
    /// let l = Layout::new([3, 3], [0, 1], 0)?;
    /// // SAFETY: buf holds the 3 elements the layout reaches.
    /// let r = unsafe { StridedViewMut::try_from_raw_parts(buf.as_mut_ptr(), l) };
    /// assert!(matches!(r, Err(LayoutError::Aliasing { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub unsafe fn try_from_raw_parts(ptr: *mut T, mapping: M) -> Result<Self, LayoutError> {
        let layout = mapping.to_layout();
        layout.check_unique()?;
        Ok(StridedViewMut {
            // SAFETY: the caller promises ptr is non-null.
            ptr: unsafe { NonNull::new_unchecked(ptr) },
            len: layout.required_len(),
            mapping,
            exclusive: true,
            _marker: PhantomData,
        })
    }

    // SAFETY (for callers): the view invariants in the module docs.
    pub(crate) unsafe fn from_parts(
        ptr: NonNull<T>,
        len: usize,
        mapping: M,
        exclusive: bool,
    ) -> Self {
        StridedViewMut {
            ptr,
            len,
            mapping,
            exclusive,
            _marker: PhantomData,
        }
    }

    /// The mapping (a [`Layout`], or a static layout).
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [0; 6];
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.mapping().strides(), [3, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn mapping(&self) -> &M {
        &self.mapping
    }

    /// The start of the underlying buffer (not of element `(0, …, 0)`).
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [0; 6];
    /// let p = buf.as_ptr();
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.as_ptr(), p);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    /// The start of the underlying buffer, for writing.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [0; 6];
    /// let p = buf.as_mut_ptr();
    /// let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.as_mut_ptr(), p);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr.as_ptr()
    }

    // Whether every position of 0..len is exclusively ours (see `exclusive`).
    #[inline(always)]
    #[allow(dead_code)]
    pub(crate) fn is_exclusive(&self) -> bool {
        self.exclusive
    }

    // Whether every position of 0..len may be read (it is exclusively ours).
    #[inline(always)]
    #[allow(dead_code)]
    pub(crate) fn is_whole(&self) -> bool {
        self.exclusive
    }

    /// The length of the underlying buffer, in elements.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [0; 10];
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.buffer_len(), 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn buffer_len(&self) -> usize {
        self.len
    }

    /// A shared view of the same elements, borrowing this one.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.view()[[1, 0]], 3);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn view(&self) -> StridedView<'_, T, N, M> {
        // SAFETY: the invariants of self hold for a shared view for as long
        // as self is borrowed; it may read all of 0..len only when self may
        // touch all of it (a split_at half may not: its sibling may write).
        unsafe { StridedView::from_parts(self.ptr, self.len, self.mapping, self.exclusive) }
    }

    /// A shorter-lived exclusive view of the same elements, so that a
    /// consuming transform can be applied without giving this one up.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [1, 2, 3, 4];
    /// let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 2]))?;
    /// v.reborrow()[[0, 1]] = 9;
    /// assert_eq!(v[[0, 1]], 9);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn reborrow(&mut self) -> StridedViewMut<'_, T, N, M> {
        // SAFETY: self is mutably borrowed for the new view's lifetime, so
        // the new view's access is exclusive; the invariants carry over.
        unsafe { StridedViewMut::from_parts(self.ptr, self.len, self.mapping, self.exclusive) }
    }

    /// A reference to the element at `index`, or `None` when out of range.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.get([1, 1]), Some(&4));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn get(&self, index: [usize; N]) -> Option<&T> {
        if self.mapping.in_range(index) {
            // SAFETY: an in-range index reaches a position < len.
            Some(unsafe {
                &*self
                    .ptr
                    .as_ptr()
                    .add(self.mapping.offset_of_unchecked(index))
            })
        } else {
            None
        }
    }

    /// A mutable reference to the element at `index`, or `None` when out of range.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut buf = [1, 2, 3, 4];
    /// let mut v = StridedViewMut::new(&mut buf, Layout::contiguous([2, 2]))?;
    /// *v.get_mut([0, 0]).unwrap() = 10;
    /// assert_eq!(buf[0], 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn get_mut(&mut self, index: [usize; N]) -> Option<&mut T> {
        if self.mapping.in_range(index) {
            // SAFETY: an in-range index reaches a position < len that this
            // view accesses exclusively; &mut self prevents a second borrow.
            Some(unsafe {
                &mut *self
                    .ptr
                    .as_ptr()
                    .add(self.mapping.offset_of_unchecked(index))
            })
        } else {
            None
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn index_out_of_range(index: &[usize], shape: &[usize]) -> ! {
    panic!(
        "index {} is out of range for shape {}",
        crate::error::Dims::new(index),
        crate::error::Dims::new(shape)
    )
}

impl<T, const N: usize, M: Mapping<N>> core::ops::Index<[usize; N]> for StridedView<'_, T, N, M> {
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self.get(index) {
            Some(v) => v,
            None => index_out_of_range(&index, &self.mapping.shape()),
        }
    }
}

impl<T, const N: usize, M: Mapping<N>> core::ops::Index<[usize; N]>
    for StridedViewMut<'_, T, N, M>
{
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self.get(index) {
            Some(v) => v,
            None => index_out_of_range(&index, &self.mapping.shape()),
        }
    }
}

impl<T, const N: usize, M: Mapping<N>> core::ops::IndexMut<[usize; N]>
    for StridedViewMut<'_, T, N, M>
{
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: [usize; N]) -> &mut T {
        let shape = self.mapping.shape();
        match self.get_mut(index) {
            Some(v) => v,
            None => index_out_of_range(&index, &shape),
        }
    }
}

// From a pointer to element (0, …, 0): the layout counted from the lowest
// reached element, and the pointer to that element (dangling when empty).
// `OutOfBounds { len: 0 }` for a null pointer under a non-empty layout.
//
// SAFETY (for callers): when `ptr` is non-null and the layout non-empty,
// the lowest reached element must lie in the allocation of `ptr`.
unsafe fn start_at<T, const N: usize>(
    ptr: *const T,
    shape: [usize; N],
    strides: [isize; N],
) -> Result<(Layout<N>, NonNull<T>), LayoutError> {
    let low = crate::layout::math::lowest_reach(&shape, &strides);
    // `low` may be i128::MIN (saturated): compare without negating it.
    if low < -(isize::MAX as i128) {
        return Err(LayoutError::NegativeReach { position: low });
    }
    let layout = Layout::new(shape, strides, (-low) as usize)?;
    if layout.is_empty() {
        return Ok((layout, NonNull::dangling()));
    }
    let Some(p) = NonNull::new(ptr as *mut T) else {
        return Err(LayoutError::OutOfBounds {
            required: layout.required_len(),
            len: 0,
        });
    };
    // SAFETY: the caller promises the lowest reached element, `offset`
    // elements below element 0, is in the same allocation.
    Ok((layout, unsafe { p.sub(layout.offset()) }))
}

impl<'a, T, const N: usize> StridedView<'a, T, N> {
    /// A view over raw memory given as C descriptors, NumPy and PyTorch's
    /// `data_ptr()` give it: `ptr` points at element `(0, …, 0)`, and
    /// negative strides reach below it. The layout of the view counts from
    /// the lowest reached element. A null `ptr` is accepted when the shape
    /// is empty. Errors: `NegativeReach` / `Overflow` /
    /// `ElementCountOverflow` when the positions do not fit `isize`, and
    /// `OutOfBounds { len: 0, .. }` for a null `ptr` under a non-empty shape.
    ///
    /// The view may read only the elements its layout reaches (the gaps
    /// between them may belong to someone else), so `as_strided` on it is
    /// refused with `NotExclusive`.
    ///
    /// # Safety
    /// Unless the shape is empty, `ptr` must be aligned and every element
    /// the layout reaches (`ptr.offset(Σ ik·strides[k])`) must be valid for
    /// reads of an initialized `T`, within one allocation, for `'a`, and
    /// nothing may write them during `'a`.
    ///
    /// ```
    /// use constrided::StridedView;
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// // A reversed 2x3 view: element (0, 0) is the last element.
    /// // SAFETY: every element reached lies in buf, which outlives v.
    /// let v = unsafe { StridedView::from_raw_parts_at(buf.as_ptr().add(5), [2, 3], [-3, -1])? };
    /// assert_eq!(v.to_vec(), [6, 5, 4, 3, 2, 1]);
    /// assert_eq!(v.offset(), 5);
    /// // Empty: a null pointer is fine.
    /// // SAFETY: nothing is reached.
    /// let e = unsafe { StridedView::<f32, 2>::from_raw_parts_at(core::ptr::null(), [0, 3], [3, 1])? };
    /// assert_eq!(e.numel(), 0);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub unsafe fn from_raw_parts_at(
        ptr: *const T,
        shape: [usize; N],
        strides: [isize; N],
    ) -> Result<Self, LayoutError> {
        // SAFETY: forwarded from the caller.
        let (layout, start) = unsafe { start_at(ptr, shape, strides)? };
        // SAFETY: the caller promises every element the layout reaches is
        // readable for 'a and unwritten; `whole` is false, so nothing reads
        // the positions in between.
        Ok(unsafe { StridedView::from_parts(start, layout.required_len(), layout, false) })
    }
}

impl<'a, T, const N: usize> StridedViewMut<'a, T, N> {
    /// [`StridedView::from_raw_parts_at`] for an exclusive view: `ptr`
    /// points at element `(0, …, 0)`; also `Aliasing` when two indices
    /// reach the same element.
    ///
    /// # Safety
    /// Unless the shape is empty, `ptr` must be aligned and every element
    /// the layout reaches must be valid for reads and writes of an
    /// initialized `T`, within one allocation, for `'a`, and nothing else
    /// may access them during `'a`.
    ///
    /// ```
    /// use constrided::{LayoutError, StridedViewMut};
    /// let mut buf = [0; 6];
    /// // A column-major 2x3 view whose first axis runs backwards.
    /// // SAFETY: every element reached lies in buf, used only through v.
    /// let mut v = unsafe { StridedViewMut::from_raw_parts_at(buf.as_mut_ptr().add(1), [2, 3], [-1, 2])? };
    /// v[[0, 2]] = 7;
    /// assert_eq!(buf, [0, 0, 0, 0, 0, 7]);
    /// // A broadcast cannot be written through.
    /// // SAFETY: as above.
    /// let r = unsafe { StridedViewMut::from_raw_parts_at(buf.as_mut_ptr(), [3], [0]) };
    /// assert!(matches!(r, Err(LayoutError::Aliasing { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub unsafe fn from_raw_parts_at(
        ptr: *mut T,
        shape: [usize; N],
        strides: [isize; N],
    ) -> Result<Self, LayoutError> {
        // SAFETY: forwarded from the caller.
        let (layout, start) = unsafe { start_at(ptr, shape, strides)? };
        layout.check_unique()?;
        // SAFETY: the caller promises exclusive access to every element the
        // layout reaches for 'a; the layout is unique; `exclusive` is false,
        // so nothing touches the positions in between.
        Ok(unsafe { StridedViewMut::from_parts(start, layout.required_len(), layout, false) })
    }
}
