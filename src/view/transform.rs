//! View transforms on [`StridedView`] (by value: it is `Copy`) and
//! [`StridedViewMut`] (consuming; call `reborrow()` first to keep the
//! original). Each forwards to the [`Layout`] transform of the same name and
//! keeps the buffer; the result carries a runtime [`Layout`].

use super::{StridedView, StridedViewMut};
use crate::error::LayoutError;
use crate::layout::{Higher, Layout, Lower, Mapping, Rank, SliceArg};

// Queries and transforms shared by both view types. `$rewrap` turns
// (self, new layout) into a view of the same kind over the same buffer;
// every layout it receives reaches only positions the old one reached.
// The rank bounds come from the invocation (`$slice`, `$lower`, `$higher`)
// so that rustc's `required by a bound` note of a caller's mistake shows
// the invocation's line, not the macro's expansion (four lines more).
macro_rules! shared_view_api {
    ($View:ident, $lt:lifetime, $rewrap:ident;
     slice: [$($slice:tt)*], lower: [$($lower:tt)*], higher: [$($higher:tt)*]) => {
        impl<$lt, T, const N: usize, M: Mapping<N>> $View<$lt, T, N, M> {
            /// The layout as a runtime [`Layout`].
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// let v = StridedView::new(&buf, Layout::contiguous([3, 4]))?;
            /// assert_eq!(v.layout(), Layout::contiguous([3, 4]));
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn layout(&self) -> Layout<N> {
                self.mapping.to_layout()
            }

            /// The size of each axis.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// assert_eq!(StridedView::new(&buf, Layout::contiguous([3, 4]))?.shape(), [3, 4]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn shape(&self) -> [usize; N] {
                self.mapping.shape()
            }

            /// The stride of each axis, in elements.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// assert_eq!(StridedView::new(&buf, Layout::contiguous([3, 4]))?.strides(), [4, 1]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn strides(&self) -> [isize; N] {
                self.mapping.strides()
            }

            /// The position of element `(0, …, 0)` in the buffer.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 100];
            /// let v = StridedView::new(&buf, Layout::new([6, 5], [10, 1], 22)?)?;
            /// assert_eq!(v.offset(), 22);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn offset(&self) -> usize {
                self.mapping.offset()
            }

            /// The rank `N`.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// assert_eq!(StridedView::new(&buf, Layout::contiguous([3, 4]))?.ndim(), 2);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn ndim(&self) -> usize {
                N
            }

            /// The number of elements.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// assert_eq!(StridedView::new(&buf, Layout::contiguous([3, 4]))?.numel(), 12);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn numel(&self) -> usize {
                self.layout().numel()
            }

            /// `true` when the view has no elements.
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 0];
            /// assert!(StridedView::new(&buf, Layout::contiguous([3, 0]))?.is_empty());
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn is_empty(&self) -> bool {
                self.layout().is_empty()
            }

            /// Row-major contiguity (see [`Layout::is_contiguous`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// let v = StridedView::new(&buf, Layout::contiguous([3, 4]))?;
            /// assert!(v.is_contiguous());
            /// assert!(!v.t().is_contiguous());
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn is_contiguous(&self) -> bool {
                self.layout().is_contiguous()
            }

            /// Column-major contiguity (see [`Layout::is_f_contiguous`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [0; 12];
            /// assert!(StridedView::new(&buf, Layout::contiguous([3, 4]))?.t().is_f_contiguous());
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            #[inline]
            pub fn is_f_contiguous(&self) -> bool {
                self.layout().is_f_contiguous()
            }

            /// Reorders the axes (see [`Layout::permute`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf: Vec<i32> = (0..24).collect();
            /// let v = StridedView::new(&buf, Layout::contiguous([2, 3, 4]))?.permute([2, 0, 1])?;
            /// assert_eq!(v[[3, 1, 2]], 23);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn permute(self, axes: [usize; N]) -> Result<$View<$lt, T, N>, LayoutError> {
                let l = self.layout().permute(axes)?;
                self.$rewrap(l)
            }

            /// Reverses all axes (see [`Layout::t`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf: Vec<i32> = (0..12).collect();
            /// let y = StridedView::new(&buf, Layout::contiguous([3, 4]))?.t();
            /// assert_eq!((y.shape(), y.strides()), ([4, 3], [1, 4]));
            /// assert_eq!(y[[1, 2]], 9);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            ///
            /// On a static view (`strided!`) the result is static too: its
            /// mapping is [`Mapping::Transposed`], a layout whose numbers
            /// are in its type, so index math still folds.
            ///
            /// ```
            /// use constrided::strided;
            /// let buf: [i32; 6] = core::array::from_fn(|i| i as i32);
            /// let v = strided!(&buf; shape = (2, 3)).t();
            /// assert_eq!(v[[2, 1]], 5);
            /// ```
            pub fn t(self) -> $View<$lt, T, N, M::Transposed> {
                let m = self.mapping().transposed();
                self.remap(m)
            }

            /// Swaps two axes (see [`Layout::transpose`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf: Vec<i32> = (0..6).collect();
            /// let v = StridedView::new(&buf, Layout::contiguous([2, 3]))?.transpose(0, 1)?;
            /// assert_eq!(v[[2, 1]], 5);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn transpose(self, a: usize, b: usize) -> Result<$View<$lt, T, N>, LayoutError> {
                let l = self.layout().transpose(a, b)?;
                self.$rewrap(l)
            }

            /// Reverses one axis (see [`Layout::flip`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let buf = [1, 2, 3];
            /// let v = StridedView::new(&buf, Layout::contiguous([3]))?.flip(0)?;
            /// assert_eq!(v.to_vec(), [3, 2, 1]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn flip(self, axis: usize) -> Result<$View<$lt, T, N>, LayoutError> {
                let l = self.layout().flip(axis)?;
                self.$rewrap(l)
            }

            /// Slices every axis with Python semantics, and fixes the axes
            /// given an integer index by [`s!`](crate::s) (rank `M`,
            /// inferred); see [`Layout::slice`].
            ///
            /// ```
            /// # use constrided::{s, Layout, StridedView};
            /// let a: Vec<i32> = (0..12).collect();
            /// let v = StridedView::new(&a, Layout::contiguous([3, 4]))?;
            /// assert_eq!(v.slice(s![1..3, 1..3])?.to_vec(), [5, 6, 9, 10]);
            /// assert_eq!(v.slice(s![-1, ..;-2])?.to_vec(), [11, 9]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn slice<const R: usize>(
                self,
                s: impl $($slice)*,
            ) -> Result<$View<$lt, T, R>, LayoutError> {
                let l = self.layout().slice(s)?;
                self.$rewrap(l)
            }

            /// Fixes one axis at an index: rank `N - 1` (see [`Layout::index_axis`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let x = [1, 2, 3, 4, 5, 6];
            /// let y = StridedView::new(&x, Layout::contiguous([2, 3]))?.index_axis(1, 1)?;
            /// assert_eq!(y.to_vec(), [2, 5]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            ///
            /// On a [`StridedViewMut`] this consumes the view, so a loop
            /// such as `for c in 0..3 { hwc.index_axis(2, c)?.fill(0) }`
            /// fails with E0382 "use of moved value". Borrow instead with
            /// [`index_axis_mut`](StridedViewMut::index_axis_mut) (or
            /// call [`reborrow`](StridedViewMut::reborrow) first), as every
            /// `_mut` form (`slice_mut`, `split_at_mut`, `t_mut`, …) does:
            ///
            /// ```
            /// # use constrided::{Layout, StridedViewMut};
            /// let mut buf = [0u8; 12];
            /// let mut hwc = StridedViewMut::new(&mut buf, Layout::contiguous([2, 2, 3]))?;
            /// for c in 0..3 {
            ///     hwc.index_axis_mut(2, c)?.fill(c as u8); // or hwc.reborrow().index_axis(2, c)?
            /// }
            /// assert_eq!(buf[..3], [0, 1, 2]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn index_axis<const R: usize>(
                self,
                axis: usize,
                index: usize,
            ) -> Result<$View<$lt, T, R>, LayoutError>
            where
                Rank<N>: $($lower)*,
            {
                let l = self.layout().index_axis(axis, index)?;
                self.$rewrap(l)
            }

            /// Drops an axis of size 1: rank `N - 1` (see [`Layout::remove_axis`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let x = [1, 2, 3];
            /// let v = StridedView::new(&x, Layout::contiguous([1, 3]))?.remove_axis(0)?;
            /// assert_eq!(v.shape(), [3]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn remove_axis<const R: usize>(
                self,
                axis: usize,
            ) -> Result<$View<$lt, T, R>, LayoutError>
            where
                Rank<N>: $($lower)*,
            {
                let l = self.layout().remove_axis(axis)?;
                self.$rewrap(l)
            }

            /// Inserts an axis of size 1: rank `N + 1` (see [`Layout::insert_axis`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let x = [1, 2, 3];
            /// let v = StridedView::new(&x, Layout::contiguous([3]))?.insert_axis(1)?;
            /// assert_eq!(v.shape(), [3, 1]);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn insert_axis<const R: usize>(
                self,
                axis: usize,
            ) -> Result<$View<$lt, T, R>, LayoutError>
            where
                Rank<N>: $($higher)*,
            {
                let l = self.layout().insert_axis(axis)?;
                self.$rewrap(l)
            }

            /// New shape, same elements in the same order, no copy — exactly
            /// when NumPy's `reshape(copy=False)` can (see [`Layout::reshape`]).
            ///
            /// ```
            /// # use constrided::{Layout, StridedView};
            /// let a: Vec<i32> = (0..24).collect();
            /// let b = StridedView::new(&a, Layout::contiguous([24]))?.reshape([2, 3, 4])?;
            /// assert_eq!(b[[1, 2, 2]], 22);
            /// # Ok::<(), constrided::LayoutError>(())
            /// ```
            pub fn reshape<const R: usize>(
                self,
                shape: [usize; R],
            ) -> Result<$View<$lt, T, R>, LayoutError> {
                let l = self.layout().reshape(shape)?;
                self.$rewrap(l)
            }
        }
    };
}

#[rustfmt::skip]
shared_view_api!(StridedView, 'a, rewrap; slice: [SliceArg<N, R>], lower: [Lower<Out = Rank<R>>], higher: [Higher<Out = Rank<R>>]);
#[rustfmt::skip]
shared_view_api!(StridedViewMut, 'a, rewrap; slice: [SliceArg<N, R>], lower: [Lower<Out = Rank<R>>], higher: [Higher<Out = Rank<R>>]);

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    // A view of the same buffer through `layout`. The transforms reach only
    // positions of self's layout, but the buffer bound guards memory, so it
    // is checked here in every build (`OutOfBounds` otherwise).
    fn rewrap<const R: usize>(
        self,
        layout: Layout<R>,
    ) -> Result<StridedView<'a, T, R>, LayoutError> {
        check_fits(&layout, self.len)?;
        // SAFETY: same buffer and lifetime; `layout` is valid (a `Layout`
        // value is) and reaches only positions below the buffer length
        // (checked above).
        Ok(unsafe { StridedView::from_parts(self.ptr, self.len, layout, self.whole) })
    }

    // As `rewrap`, for a mapping derived from this view's by `t()` or a
    // static transform (crate::static_transform), which reaches only
    // positions this view's mapping reaches.
    pub(crate) fn remap<const R: usize, M2: Mapping<R>>(
        self,
        mapping: M2,
    ) -> StridedView<'a, T, R, M2> {
        // Proven by construction (`t()` and the static transforms select or
        // reorder positions of self's mapping; static ones are checked at
        // compile time), and checked in every build as well.
        assert!(
            derived_fits(self.mapping(), &mapping, self.len),
            "constrided: a derived mapping reaches past the buffer"
        );
        // SAFETY: as in `rewrap`: same buffer and lifetime, and `t()` and
        // the static transforms select or reorder positions of self's layout.
        unsafe { StridedView::from_parts(self.ptr, self.len, mapping, self.whole) }
    }

    /// Broadcasts to `shape` under NumPy's rules (see [`Layout::broadcast_to`]).
    /// Shared views only: a broadcast repeats elements, so a mutable one would alias.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let row = [1, 2, 3];
    /// let b = StridedView::new(&row, Layout::contiguous([3]))?.broadcast_to([2, 3])?;
    /// assert_eq!(b.to_vec(), [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn broadcast_to<const R: usize>(
        self,
        shape: [usize; R],
    ) -> Result<StridedView<'a, T, R>, LayoutError> {
        let l = self.layout().broadcast_to(shape)?;
        self.rewrap(l)
    }

    /// A new layout over the whole underlying buffer, with an absolute
    /// offset (PyTorch's `as_strided`); `OutOfBounds` when it reaches past
    /// the buffer, `NotExclusive` when this view only covers part of its
    /// buffer (it came from a `split_at` half of a mutable view, or from an
    /// ndarray view with gaps between its elements), whose other elements
    /// someone else may be writing.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// // Ascend AsStrided: 3x3 input, size [2,2], stride [2,3], offset 2.
    /// let input = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    /// let v = StridedView::new(&input, Layout::contiguous([3, 3]))?;
    /// assert_eq!(v.as_strided([2, 2], [2, 3], 2)?.to_vec(), [3, 6, 5, 8]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_strided<const R: usize>(
        self,
        shape: [usize; R],
        strides: [isize; R],
        offset: usize,
    ) -> Result<StridedView<'a, T, R>, LayoutError> {
        if !self.whole {
            return Err(LayoutError::NotExclusive);
        }
        let l = Layout::new(shape, strides, offset)?;
        check_fits(&l, self.len)?;
        self.rewrap(l)
    }

    /// Splits one axis before `index` into two views (see [`Layout::split_at`]).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let (a, b) = StridedView::new(&x, Layout::contiguous([2, 3]))?.split_at(1, 1)?;
    /// assert_eq!((a.to_vec(), b.to_vec()), (vec![1, 4], vec![2, 3, 5, 6]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn split_at(
        self,
        axis: usize,
        index: usize,
    ) -> Result<(StridedView<'a, T, N>, StridedView<'a, T, N>), LayoutError> {
        let (a, b) = self.layout().split_at(axis, index)?;
        // Split one consumed view in two: both halves are checked first.
        check_fits(&a, self.len)?;
        check_fits(&b, self.len)?;
        let (ptr, len, whole) = (self.ptr, self.len, self.whole);
        // SAFETY: same buffer and lifetime; both layouts are valid and
        // reach positions below len (checked); shared views may overlap.
        unsafe {
            Ok((
                StridedView::from_parts(ptr, len, a, whole),
                StridedView::from_parts(ptr, len, b, whole),
            ))
        }
    }

    /// The elements as a slice, when the layout is row-major contiguous:
    /// the `numel()` elements starting at `offset()` (`Some(&[])` when empty).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [0, 1, 2, 3, 4, 5];
    /// let v = StridedView::new(&x, Layout::new([2, 2], [2, 1], 2)?)?;
    /// assert_eq!(v.as_slice(), Some(&[2, 3, 4, 5][..]));
    /// assert_eq!(v.t().as_slice(), None);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_slice(&self) -> Option<&'a [T]> {
        let l = self.layout();
        if !l.is_contiguous() {
            return None;
        }
        if l.is_empty() {
            return Some(&[]);
        }
        // SAFETY: a contiguous non-empty layout reaches exactly
        // offset..offset+numel, all below required_len <= len.
        Some(unsafe { core::slice::from_raw_parts(self.ptr.as_ptr().add(l.offset()), l.numel()) })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    // As StridedView::rewrap; the new view keeps this one's exclusivity
    // (it replaces it: self is consumed).
    // The buffer bound is checked in every build; uniqueness is kept by the
    // transforms (they select or reorder distinct indices of a unique layout).
    fn rewrap<const R: usize>(
        self,
        layout: Layout<R>,
    ) -> Result<StridedViewMut<'a, T, R>, LayoutError> {
        check_fits(&layout, self.len)?;
        // SAFETY: self is consumed, so its exclusive access passes on; the
        // layout is valid and reaches positions below len (checked), a
        // subset of self's (transforms keep uniqueness: they select or
        // reorder distinct indices).
        Ok(unsafe { StridedViewMut::from_parts(self.ptr, self.len, layout, self.exclusive) })
    }

    // As `rewrap`, for a mapping derived by `t()` or a static transform.
    pub(crate) fn remap<const R: usize, M2: Mapping<R>>(
        self,
        mapping: M2,
    ) -> StridedViewMut<'a, T, R, M2> {
        // Proven by construction, and checked in every build as well.
        assert!(
            derived_fits(self.mapping(), &mapping, self.len),
            "constrided: a derived mapping reaches past the buffer"
        );
        // SAFETY: as in `rewrap`: self is consumed, and `t()` and the static
        // transforms select or reorder distinct indices of self's layout,
        // so the result stays unique and within the buffer.
        unsafe { StridedViewMut::from_parts(self.ptr, self.len, mapping, self.exclusive) }
    }

    /// A new unique layout over the whole underlying buffer, with an
    /// absolute offset (PyTorch's `as_strided`). Refused with `OutOfBounds`
    /// past the buffer, `Aliasing` when two indices reach one position, and
    /// `NotExclusive` on a part made by `split_at` (it could reach its
    /// sibling's elements).
    ///
    /// ```
    /// # use constrided::{Layout, LayoutError, StridedViewMut};
    /// let mut buf = [0; 9];
    /// let v = StridedViewMut::new(&mut buf, Layout::contiguous([3, 3]))?;
    /// let mut d = v.as_strided([3], [4], 0)?; // the diagonal
    /// d.fill(1);
    /// assert_eq!(buf, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_strided<const R: usize>(
        self,
        shape: [usize; R],
        strides: [isize; R],
        offset: usize,
    ) -> Result<StridedViewMut<'a, T, R>, LayoutError> {
        if !self.exclusive {
            return Err(LayoutError::NotExclusive);
        }
        let l = Layout::new(shape, strides, offset)?;
        check_fits(&l, self.len)?;
        l.check_unique()?;
        self.rewrap(l)
    }

    /// Splits one axis before `index` into two disjoint mutable views.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// let (mut a, mut b) = v.split_at(0, 1)?;
    /// a.fill(1);
    /// b.fill(2);
    /// assert_eq!(x, [1, 1, 1, 2, 2, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn split_at(
        self,
        axis: usize,
        index: usize,
    ) -> Result<(StridedViewMut<'a, T, N>, StridedViewMut<'a, T, N>), LayoutError> {
        let (a, b) = self.layout().split_at(axis, index)?;
        check_fits(&a, self.len)?;
        check_fits(&b, self.len)?;
        // SAFETY: self is consumed; the halves select disjoint index sets of
        // a unique layout, so they reach disjoint positions. Neither may
        // reach the whole buffer any more (exclusive = false).
        unsafe {
            Ok((
                StridedViewMut::from_parts(self.ptr, self.len, a, false),
                StridedViewMut::from_parts(self.ptr, self.len, b, false),
            ))
        }
    }

    /// The elements as a slice, when the layout is row-major contiguous.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [0, 1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.as_slice(), Some(&[0, 1, 2, 3][..]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_slice(&self) -> Option<&[T]> {
        self.view().as_slice()
    }

    /// The elements as a mutable slice, when the layout is row-major contiguous.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [0, 1, 2, 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// v.as_mut_slice().unwrap()[3] = 9;
    /// assert_eq!(x[3], 9);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        let l = self.layout();
        if !l.is_contiguous() {
            return None;
        }
        if l.is_empty() {
            return Some(&mut []);
        }
        // SAFETY: a contiguous non-empty layout reaches exactly
        // offset..offset+numel, inside the buffer and exclusively ours;
        // &mut self prevents any other borrow meanwhile.
        Some(unsafe {
            core::slice::from_raw_parts_mut(self.ptr.as_ptr().add(l.offset()), l.numel())
        })
    }
}

// Whether `to`, a mapping derived from `from` by `t()` or a static
// transform, stays inside a buffer of `len` elements that `from` fits
// (every view's construction checks its mapping against its length).
// Between two static mappings this compares their constant reaches, so the
// check is made at compile time and costs nothing; otherwise `to`'s reach
// is checked against `len`.
#[inline(always)]
fn derived_fits<const N: usize, const R: usize, M: Mapping<N>, M2: Mapping<R>>(
    from: &M,
    to: &M2,
    len: usize,
) -> bool {
    let reach = to.to_layout().required_len();
    if M::STATIC && M2::STATIC {
        reach <= from.to_layout().required_len()
    } else {
        reach <= len
    }
}

fn check_fits<const R: usize>(l: &Layout<R>, len: usize) -> Result<(), LayoutError> {
    let required = l.required_len();
    if required > len {
        Err(LayoutError::OutOfBounds { required, len })
    } else {
        Ok(())
    }
}
