//! View transforms on [`Layout`]: each returns a new layout over the same
//! buffer positions (no data moves). The view types forward to these.

use super::{math, Higher, Layout, Lower, Rank, SliceArg, SliceElem};
use crate::error::{Dims, LayoutError};

fn check_axis(axis: usize, rank: usize) -> Result<(), LayoutError> {
    if axis < rank {
        Ok(())
    } else {
        Err(LayoutError::AxisOutOfRange { axis, rank })
    }
}

impl<const N: usize> Layout<N> {
    /// Reorders the axes: axis `k` of the result is axis `axes[k]` of `self`.
    /// `InvalidPermutation` unless `axes` is a permutation of `0..N`.
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([2, 3, 4]).permute([2, 0, 1])?;
    /// assert_eq!(l.shape(), [4, 2, 3]);
    /// assert_eq!(l.strides(), [1, 12, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn permute(&self, axes: [usize; N]) -> Result<Self, LayoutError> {
        let mut seen = [false; N];
        for &a in &axes {
            if a >= N || seen[a] {
                return Err(LayoutError::InvalidPermutation {
                    axes: Dims::new(&axes),
                });
            }
            seen[a] = true;
        }
        let shape = axes.map(|a| self.shape[a]);
        let strides = axes.map(|a| self.strides[a]);
        Ok(Layout {
            shape,
            strides,
            offset: self.offset,
        })
    }

    /// Reverses the order of all axes (the matrix transpose for rank 2).
    ///
    /// ```
    /// use constrided::Layout;
    /// // PyTorch: x = arange(12).reshape(3, 4); x.T has strides (1, 4).
    /// let t = Layout::contiguous([3, 4]).t();
    /// assert_eq!((t.shape(), t.strides()), ([4, 3], [1, 4]));
    /// ```
    pub fn t(&self) -> Self {
        let mut shape = self.shape;
        let mut strides = self.strides;
        shape.reverse();
        strides.reverse();
        Layout {
            shape,
            strides,
            offset: self.offset,
        }
    }

    /// Swaps axes `a` and `b`.
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([2, 3, 4]).transpose(0, 2)?;
    /// assert_eq!(l.strides(), [1, 4, 12]);
    /// assert!(Layout::contiguous([2, 3]).transpose(0, 2).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn transpose(&self, a: usize, b: usize) -> Result<Self, LayoutError> {
        check_axis(a, N)?;
        check_axis(b, N)?;
        let mut l = *self;
        l.shape.swap(a, b);
        l.strides.swap(a, b);
        Ok(l)
    }

    /// Reverses one axis: its stride is negated and the offset moves to what
    /// was its last element.
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([2, 3]).flip(1)?;
    /// assert_eq!((l.strides(), l.offset()), ([3, -1], 2));
    /// assert_eq!(l.offset_of([1, 0]), Some(5));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn flip(&self, axis: usize) -> Result<Self, LayoutError> {
        check_axis(axis, N)?;
        let mut l = *self;
        if !l.is_empty() {
            // The last element of the axis is reachable, so this stays in range.
            let last = (l.shape[axis] - 1) as isize * l.strides[axis];
            l.offset = (l.offset as isize + last) as usize;
        }
        l.strides[axis] = l.strides[axis].wrapping_neg();
        Layout::new(l.shape, l.strides, l.offset)
    }

    /// Slices every axis with Python's `slice` semantics (see [`Slice`](super::Slice)),
    /// or, given what [`s!`](crate::s) builds, also fixes the axes that
    /// have an integer index (NumPy's `a[1, ::2]`): rank `M` is the number
    /// of slices, inferred. `ZeroStep` when a step is 0, `IndexOutOfRange`
    /// when an index is not in `-size..size` (for a negative index `-k`,
    /// the error's `index` is `k`). A step times a stride that overflows
    /// can only happen in an empty result, whose strides saturate.
    ///
    /// ```
    /// use constrided::{s, Layout, Slice};
    /// // NumPy: a = arange(12).reshape(3, 4); b = a[1:3, 1:3]
    /// let b = Layout::contiguous([3, 4]).slice(s![1..3, 1..3])?;
    /// assert_eq!((b.shape(), b.strides(), b.offset()), ([2, 2], [4, 1], 5));
    /// // a[::-1, ::2]
    /// let r = Layout::contiguous([3, 4]).slice([Slice::new(None, None, -1), Slice::new(None, None, 2)])?;
    /// assert_eq!((r.shape(), r.strides(), r.offset()), ([3, 2], [-4, 2], 8));
    /// // a[-1, 1:]: the row index drops axis 0
    /// let c = Layout::contiguous([3, 4]).slice(s![-1, 1..])?;
    /// assert_eq!((c.shape(), c.strides(), c.offset()), ([3], [1], 9));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn slice<const M: usize>(&self, s: impl SliceArg<N, M>) -> Result<Layout<M>, LayoutError> {
        let elems = s.slice_elems();
        let mut shape = [0usize; M];
        let mut strides = [0isize; M];
        // The first selected index of each input axis.
        let mut firsts = [0usize; N];
        let mut empty = false;
        let mut overflow = None;
        let mut j = 0;
        for (axis, e) in elems.iter().enumerate() {
            let size = self.shape[axis];
            let stride = self.strides[axis];
            match e {
                SliceElem::Index(i) => {
                    let Some(k) = e.resolve_index(size) else {
                        let index = if *i < 0 { i.unsigned_abs() } else { *i as u128 };
                        return Err(LayoutError::IndexOutOfRange {
                            axis,
                            index: usize::try_from(index).unwrap_or(usize::MAX),
                            size,
                        });
                    };
                    firsts[axis] = k;
                }
                SliceElem::Slice(sl) => {
                    let Some((first, step, count)) = sl.indices(size) else {
                        return Err(LayoutError::ZeroStep { axis });
                    };
                    firsts[axis] = first;
                    empty |= count == 0;
                    if j < M {
                        shape[j] = count;
                        // With count <= 1 the stride is never applied; keep
                        // it finite. With count >= 2 in a non-empty result,
                        // the product is the distance between two reachable
                        // positions, so it fits.
                        // In an empty result no stride is ever applied:
                        // saturate (NumPy keeps the product, which C
                        // cannot hold either).
                        strides[j] = match stride.checked_mul(step) {
                            Some(v) => v,
                            None if count <= 1 => stride,
                            None => {
                                overflow = Some(stride as i128 * step as i128);
                                stride.saturating_mul(step)
                            }
                        };
                    }
                    j += 1;
                }
            }
        }
        if j != M {
            // The argument traits are sealed and `SliceInfo::new` counts,
            // but the count decides which axes survive (dropping the size-0
            // axis of an empty layout would make it non-empty over an
            // unchecked offset): check it here, where it matters.
            return Err(LayoutError::RankMismatch {
                expected: M,
                found: j,
            });
        }
        if empty || self.is_empty() {
            // An empty layout's offset need not be reachable: keep it.
            return Layout::new(shape, strides, self.offset);
        }
        if let Some(position) = overflow {
            // Unreachable for a valid layout (see above); an error, not a panic.
            return Err(LayoutError::Overflow { position });
        }
        // Every selected element was reachable before, so each term, and the
        // offset, fits isize (and the i128 sum of at most 8 cannot overflow).
        let mut offset = self.offset as i128;
        for (&first, &stride) in firsts.iter().zip(&self.strides) {
            offset += first as i128 * stride as i128;
        }
        Layout::new(shape, strides, offset as usize)
    }

    /// Fixes `axis` at `index`, dropping it: rank `N - 1` (inferred).
    ///
    /// ```
    /// use constrided::Layout;
    /// // NumPy: y = x[:, 1] of a 2x3 array.
    /// let y = Layout::contiguous([2, 3]).index_axis(1, 1)?;
    /// assert_eq!((y.shape(), y.strides(), y.offset()), ([2], [3], 1));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn index_axis<const M: usize>(
        &self,
        axis: usize,
        index: usize,
    ) -> Result<Layout<M>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<M>>,
    {
        check_axis(axis, N)?;
        let size = self.shape[axis];
        if index >= size {
            return Err(LayoutError::IndexOutOfRange { axis, index, size });
        }
        // An empty layout's offset need not be reachable: leave it alone.
        let offset = if self.is_empty() {
            self.offset
        } else {
            (self.offset as isize + index as isize * self.strides[axis]) as usize
        };
        let (shape, strides) = self.without_axis(axis);
        Layout::new(shape, strides, offset)
    }

    /// Drops `axis`, which must have size 1 (otherwise `ShapeMismatch`):
    /// rank `N - 1` (inferred).
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([4, 1, 3]).remove_axis(1)?;
    /// assert_eq!(l.shape(), [4, 3]);
    /// assert!(Layout::contiguous([4, 2]).remove_axis::<1>(1).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn remove_axis<const M: usize>(&self, axis: usize) -> Result<Layout<M>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<M>>,
    {
        check_axis(axis, N)?;
        if self.shape[axis] != 1 {
            return Err(LayoutError::ShapeMismatch {
                expected: Dims::new(&[1]),
                found: Dims::new(&[self.shape[axis]]),
            });
        }
        let (shape, strides) = self.without_axis(axis);
        Layout::new(shape, strides, self.offset)
    }

    /// Inserts a new axis of size 1 before `axis` (`axis == N` appends):
    /// rank `N + 1` (inferred).
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([4, 3]).insert_axis(0)?;
    /// assert_eq!(l.shape(), [1, 4, 3]);
    /// assert!(l.is_contiguous());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn insert_axis<const M: usize>(&self, axis: usize) -> Result<Layout<M>, LayoutError>
    where
        Rank<N>: Higher<Out = Rank<M>>,
    {
        if axis > N {
            return Err(LayoutError::AxisOutOfRange { axis, rank: M });
        }
        // NumPy's choice: the stride that would make the new axis "outer" to
        // the one it precedes (any stride is valid for a size-1 axis).
        let stride = if axis < N {
            self.strides[axis]
                .checked_mul(self.shape[axis] as isize)
                .unwrap_or(0)
        } else {
            1
        };
        let shape = core::array::from_fn(|k| match k.cmp(&axis) {
            core::cmp::Ordering::Less => self.shape[k],
            core::cmp::Ordering::Equal => 1,
            core::cmp::Ordering::Greater => self.shape[k - 1],
        });
        let strides = core::array::from_fn(|k| match k.cmp(&axis) {
            core::cmp::Ordering::Less => self.strides[k],
            core::cmp::Ordering::Equal => stride,
            core::cmp::Ordering::Greater => self.strides[k - 1],
        });
        Layout::new(shape, strides, self.offset)
    }

    /// Broadcasts to `shape` under NumPy's rules: shapes align on the right,
    /// axes of size 1 stretch (stride 0), new leading axes have stride 0.
    /// `NotBroadcastable` names the first target axis that disagrees.
    ///
    /// ```
    /// use constrided::Layout;
    /// let row = Layout::contiguous([3]);
    /// let b = row.broadcast_to([4, 3])?;
    /// assert_eq!((b.shape(), b.strides()), ([4, 3], [0, 1]));
    /// assert!(row.broadcast_to([4, 2]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn broadcast_to<const M: usize>(
        &self,
        shape: [usize; M],
    ) -> Result<Layout<M>, LayoutError> {
        let fail = |axis| LayoutError::NotBroadcastable {
            from: Dims::new(&self.shape),
            to: Dims::new(&shape),
            axis,
        };
        if M < N {
            return Err(fail(0));
        }
        let lead = M - N;
        let mut strides = [0isize; M];
        for j in 0..M {
            if j < lead {
                continue;
            }
            let k = j - lead;
            if self.shape[k] == shape[j] {
                strides[j] = self.strides[k];
            } else if self.shape[k] == 1 {
                strides[j] = 0;
            } else {
                return Err(fail(j));
            }
        }
        let _ = math::numel(&shape)?;
        Layout::new(shape, strides, self.offset)
    }

    /// Gives the same elements, in the same row-major order, a new shape —
    /// exactly when NumPy's `reshape(..., copy=False)` can (no data moves),
    /// with the strides NumPy gives: the same layout for the same shape, C
    /// strides for an empty layout, otherwise those of NumPy's
    /// `_attempt_nocopy_reshape` (C order), which also works through size-1
    /// axes, zero strides (broadcasts) and negative strides.
    /// `ShapeMismatch` when the element counts differ, `NotViewable` when the
    /// strides do not allow it.
    ///
    /// ```
    /// use constrided::{Layout, LayoutError};
    /// // NumPy: reshape arange(24) to (2,3,4), then to (2,4,3).
    /// let b = Layout::contiguous([24]).reshape([2, 3, 4])?;
    /// assert_eq!(b.strides(), [12, 4, 1]);
    /// assert_eq!(b.reshape([2, 4, 3])?.strides(), [12, 3, 1]);
    /// // A transpose cannot be flattened without a copy.
    /// let t = Layout::contiguous([3, 4]).t();
    /// assert!(matches!(t.reshape([12]), Err(LayoutError::NotViewable { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn reshape<const M: usize>(&self, shape: [usize; M]) -> Result<Layout<M>, LayoutError> {
        let old_n = self.numel();
        let new_n = math::numel(&shape)?;
        if old_n != new_n {
            return Err(LayoutError::ShapeMismatch {
                expected: Dims::new(&self.shape),
                found: Dims::new(&shape),
            });
        }
        let not_viewable = || LayoutError::NotViewable {
            from: Dims::new(&self.shape),
            to: Dims::new(&shape),
        };
        if M == N && shape[..] == self.shape[..] {
            // NumPy's quick path: the same shape is the same view (strides of
            // size-1 axes, and of empty layouts, are kept as they are).
            let strides = core::array::from_fn(|k| self.strides[k]);
            return Layout::new(shape, strides, self.offset);
        }
        if new_n == 0 {
            // NumPy: an empty array reshapes freely (C strides).
            let mut strides = [0isize; M];
            math::c_strides(&shape, &mut strides)?;
            return Layout::new(shape, strides, self.offset);
        }
        // NumPy's _attempt_nocopy_reshape (C order).
        let mut old_dims = [0usize; N];
        let mut old_strides = [0isize; N];
        let mut old_nd = 0;
        for k in 0..N {
            if self.shape[k] != 1 {
                old_dims[old_nd] = self.shape[k];
                old_strides[old_nd] = self.strides[k];
                old_nd += 1;
            }
        }
        let mut new_strides = [0isize; M];
        let (mut oi, mut oj, mut ni, mut nj) = (0usize, 1usize, 0usize, 1usize);
        while ni < M && oi < old_nd {
            let mut np = shape[ni];
            let mut op = old_dims[oi];
            while np != op {
                if np < op {
                    if nj >= M {
                        return Err(not_viewable());
                    }
                    np *= shape[nj];
                    nj += 1;
                } else {
                    if oj >= old_nd {
                        return Err(not_viewable());
                    }
                    op *= old_dims[oj];
                    oj += 1;
                }
            }
            // The old axes oi..oj must be mergeable into one.
            for ok in oi..oj - 1 {
                if old_strides[ok] != (old_dims[ok + 1] as isize).wrapping_mul(old_strides[ok + 1])
                {
                    return Err(not_viewable());
                }
            }
            new_strides[nj - 1] = old_strides[oj - 1];
            let mut nk = nj - 1;
            while nk > ni {
                new_strides[nk - 1] = new_strides[nk].wrapping_mul(shape[nk] as isize);
                nk -= 1;
            }
            ni = nj;
            nj += 1;
            oi = oj;
            oj += 1;
        }
        let last = if ni >= 1 { new_strides[ni - 1] } else { 1 };
        for s in new_strides.iter_mut().skip(ni) {
            *s = last;
        }
        Layout::new(shape, new_strides, self.offset).map_err(|_| not_viewable())
    }

    /// A new layout with the given shape, strides and (absolute) offset, as
    /// PyTorch's `as_strided`; checked like [`Layout::new`]. The view types
    /// also check it against their buffer.
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([3, 3]).as_strided([2, 2], [2, 3], 2)?;
    /// assert_eq!(l.offset_of([1, 1]), Some(7));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_strided<const M: usize>(
        &self,
        shape: [usize; M],
        strides: [isize; M],
        offset: usize,
    ) -> Result<Layout<M>, LayoutError> {
        Layout::new(shape, strides, offset)
    }

    /// Splits `axis` before `index`: the first part holds indices
    /// `0..index`, the second `index..size`. The parts reach disjoint
    /// positions when `self` is unique. `IndexOutOfRange` when `index > size`.
    ///
    /// ```
    /// use constrided::Layout;
    /// let (a, b) = Layout::contiguous([4, 3]).split_at(0, 1)?;
    /// assert_eq!((a.shape(), a.offset()), ([1, 3], 0));
    /// assert_eq!((b.shape(), b.offset()), ([3, 3], 3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn split_at(&self, axis: usize, index: usize) -> Result<(Self, Self), LayoutError> {
        check_axis(axis, N)?;
        let size = self.shape[axis];
        if index > size {
            return Err(LayoutError::IndexOutOfRange { axis, index, size });
        }
        let mut first = *self;
        first.shape[axis] = index;
        let mut second = *self;
        second.shape[axis] = size - index;
        if index < size && !self.is_empty() {
            second.offset = (self.offset as isize + index as isize * self.strides[axis]) as usize;
        }
        Ok((first, second))
    }

    /// The main diagonal of a rank-2 layout: `(i, i)` for
    /// `i < min(rows, cols)`, stride `strides[0] + strides[1]`.
    ///
    /// ```
    /// use constrided::Layout;
    /// let d = Layout::contiguous([3, 4]).diagonal();
    /// assert_eq!((d.shape(), d.strides(), d.offset()), ([3], [5], 0));
    /// let e = Layout::contiguous([2, 3]).flip(0)?.diagonal();
    /// assert_eq!((e.shape(), e.strides(), e.offset()), ([2], [-2], 3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn diagonal(&self) -> Layout<1>
    where
        Rank<N>: Lower<Out = Rank<1>>,
    {
        let n = self.shape[0].min(self.shape[N - 1]);
        // With n >= 2 the sum is the distance between (0, 0) and (1, 1),
        // both reachable, so it fits; otherwise it is never applied.
        let stride = self.strides[0]
            .checked_add(self.strides[N - 1])
            .unwrap_or(0);
        Layout {
            shape: [n],
            strides: [stride],
            offset: self.offset,
        }
    }

    // Shape and strides without `axis`.
    fn without_axis<const M: usize>(&self, axis: usize) -> ([usize; M], [isize; M]) {
        // Proven by the callers' `Lower` bounds; checked when compiled.
        const { assert!(M + 1 == N) };
        let skip = |k: usize| if k < axis { k } else { k + 1 };
        (
            core::array::from_fn(|k| self.shape[skip(k)]),
            core::array::from_fn(|k| self.strides[skip(k)]),
        )
    }
}
