//! [`DynLayout`]: a layout whose rank (0..=[`MAX_RANK`]) is chosen at run
//! time, as C descriptors (InfiniOP's `ndim`, ATB's `SVector` sizes,
//! PyTorch's `dim()`) give it; and [`with_rank!`](crate::with_rank), which
//! turns one into a [`Layout<N>`] for generic code.
//!
//! Queries run the slice rules of [`math`] directly; transforms dispatch
//! to [`Layout<N>`]'s own (through `with_rank!`), so a runtime-rank layout
//! obeys exactly the rules of the fixed-rank one.

use core::fmt;

use super::{math, Layout, Slice};
use crate::error::{Dims, LayoutError};
use crate::MAX_RANK;

/// A validated strided layout whose rank (0..=8) is known only at run time.
/// `Copy`, no allocation: fixed arrays of [`MAX_RANK`] entries and a rank.
///
/// Every query and view transform of [`Layout`] exists here too, taking
/// slices where `Layout` takes arrays, with axis counts checked at run time.
///
/// ```
/// use constrided::{DynLayout, Layout};
/// // InfiniOP-style descriptor: ndim, shape and strides from C.
/// let ndim = 2;
/// let (shape, strides) = ([4usize, 3, 0, 0], [20isize, 2, 0, 0]);
/// let l = DynLayout::new(&shape[..ndim], &strides[..ndim], 22)?;
/// assert_eq!((l.rank(), l.numel(), l.required_len()), (2, 12, 87));
/// assert_eq!(l.offset_of(&[3, 2]), Some(86));
/// let t = l.t();
/// assert_eq!(t.strides(), &[2, 20]);
/// // Both ways with fixed ranks.
/// let fixed: Layout<2> = t.try_into()?;
/// assert_eq!(DynLayout::from(fixed), t);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DynLayout {
    // Entries at and beyond `rank` are always 0 (so the derived Eq and Hash
    // see only the layout).
    rank: usize,
    shape: [usize; MAX_RANK],
    strides: [isize; MAX_RANK],
    offset: usize,
}

// Runs `$body` with `$a: [$t; M]` holding the slice `$s`, for M = its
// length; a length above MAX_RANK is `RankTooHigh`.
macro_rules! with_array {
    ($s:expr, |$a:ident| $body:expr) => {{
        let s = $s;
        match s.len() {
            0 => {
                let $a: [_; 0] = core::array::from_fn(|k| s[k]);
                $body
            }
            1 => {
                let $a: [_; 1] = core::array::from_fn(|k| s[k]);
                $body
            }
            2 => {
                let $a: [_; 2] = core::array::from_fn(|k| s[k]);
                $body
            }
            3 => {
                let $a: [_; 3] = core::array::from_fn(|k| s[k]);
                $body
            }
            4 => {
                let $a: [_; 4] = core::array::from_fn(|k| s[k]);
                $body
            }
            5 => {
                let $a: [_; 5] = core::array::from_fn(|k| s[k]);
                $body
            }
            6 => {
                let $a: [_; 6] = core::array::from_fn(|k| s[k]);
                $body
            }
            7 => {
                let $a: [_; 7] = core::array::from_fn(|k| s[k]);
                $body
            }
            8 => {
                let $a: [_; 8] = core::array::from_fn(|k| s[k]);
                $body
            }
            rank => Err(LayoutError::RankTooHigh { rank }),
        }
    }};
}

// `s` as an array of N entries, or `err` when its length is not N.
fn exact<T: Copy, const N: usize>(s: &[T], err: LayoutError) -> Result<[T; N], LayoutError> {
    <[T; N]>::try_from(s).map_err(|_| err)
}

impl DynLayout {
    /// Validates and builds a layout of rank `shape.len()`.
    ///
    /// Errors: `LengthMismatch` when `strides` has another length,
    /// `RankTooHigh` above rank 8, then exactly [`Layout::new`]'s rules
    /// (`NegativeReach`, `Overflow`, `ElementCountOverflow`).
    ///
    /// ```
    /// use constrided::{DynLayout, LayoutError};
    /// assert!(DynLayout::new(&[3], &[-1], 2).is_ok());
    /// assert_eq!(
    ///     DynLayout::new(&[3, 4], &[4], 0),
    ///     Err(LayoutError::LengthMismatch { expected: 2, found: 1 })
    /// );
    /// assert_eq!(
    ///     DynLayout::new(&[1; 9], &[1; 9], 0),
    ///     Err(LayoutError::RankTooHigh { rank: 9 })
    /// );
    /// assert_eq!(
    ///     DynLayout::new(&[4, 3], &[-20, 2], 22),
    ///     Err(LayoutError::NegativeReach { position: -38 })
    /// );
    /// ```
    pub const fn new(
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<Self, LayoutError> {
        if shape.len() != strides.len() {
            return Err(LayoutError::LengthMismatch {
                expected: shape.len(),
                found: strides.len(),
            });
        }
        if shape.len() > MAX_RANK {
            return Err(LayoutError::RankTooHigh { rank: shape.len() });
        }
        if let Err(e) = math::extent(shape, strides, offset) {
            return Err(e);
        }
        let mut l = DynLayout {
            rank: shape.len(),
            shape: [0; MAX_RANK],
            strides: [0; MAX_RANK],
            offset,
        };
        let mut k = 0;
        while k < shape.len() {
            l.shape[k] = shape[k];
            l.strides[k] = strides[k];
            k += 1;
        }
        Ok(l)
    }

    /// A row-major (C) contiguous layout at offset 0; `RankTooHigh` above
    /// rank 8, `Overflow` / `ElementCountOverflow` when the element count
    /// does not fit `isize`.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[2, 3, 4])?;
    /// assert_eq!(l.strides(), &[12, 4, 1]);
    /// assert!(DynLayout::contiguous(&[usize::MAX, 2]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn contiguous(shape: &[usize]) -> Result<Self, LayoutError> {
        if shape.len() > MAX_RANK {
            return Err(LayoutError::RankTooHigh { rank: shape.len() });
        }
        let mut strides = [0isize; MAX_RANK];
        if let Err(e) = math::c_strides(shape, strides.split_at_mut(shape.len()).0) {
            return Err(e);
        }
        Self::new(shape, strides.split_at(shape.len()).0, 0)
    }

    /// A column-major (Fortran) contiguous layout at offset 0.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::f_contiguous(&[2, 3, 4])?;
    /// assert_eq!(l.strides(), &[1, 2, 6]);
    /// assert!(l.is_f_contiguous());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn f_contiguous(shape: &[usize]) -> Result<Self, LayoutError> {
        if shape.len() > MAX_RANK {
            return Err(LayoutError::RankTooHigh { rank: shape.len() });
        }
        let mut strides = [0isize; MAX_RANK];
        if let Err(e) = math::f_strides(shape, strides.split_at_mut(shape.len()).0) {
            return Err(e);
        }
        Self::new(shape, strides.split_at(shape.len()).0, 0)
    }

    /// The layout of a descriptor whose data pointer is element `(0, …, 0)`
    /// (C descriptors, NumPy's `data`, PyTorch's `data_ptr()`): the offset is
    /// how far negative strides reach below element 0, so the buffer starts
    /// at the lowest reached element. Errors as [`DynLayout::new`].
    ///
    /// ```
    /// use constrided::DynLayout;
    /// // A reversed row of 4: element 0 is the last of the buffer.
    /// let l = DynLayout::from_element0(&[4], &[-1])?;
    /// assert_eq!((l.offset(), l.required_len()), (3, 4));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn from_element0(shape: &[usize], strides: &[isize]) -> Result<Self, LayoutError> {
        if shape.len() != strides.len() {
            return Err(LayoutError::LengthMismatch {
                expected: shape.len(),
                found: strides.len(),
            });
        }
        let low = math::lowest_reach(shape, strides);
        // `low` may be i128::MIN (saturated): compare without negating it.
        if low < -(isize::MAX as i128) {
            let position = match low.checked_neg() {
                Some(p) => p,
                None => i128::MAX,
            };
            return Err(LayoutError::Overflow { position });
        }
        Self::new(shape, strides, (-low) as usize)
    }

    /// The rank (number of axes), 0..=8.
    ///
    /// ```
    /// assert_eq!(constrided::DynLayout::contiguous(&[])?.rank(), 0);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn rank(&self) -> usize {
        self.rank
    }

    /// The rank; the same as [`DynLayout::rank`] (ndarray's name).
    ///
    /// ```
    /// assert_eq!(constrided::DynLayout::contiguous(&[2, 2])?.ndim(), 2);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn ndim(&self) -> usize {
        self.rank
    }

    /// The size of each axis.
    ///
    /// ```
    /// assert_eq!(constrided::DynLayout::contiguous(&[4, 3])?.shape(), &[4, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn shape(&self) -> &[usize] {
        self.shape.split_at(self.rank).0
    }

    /// The stride of each axis, in elements.
    ///
    /// ```
    /// assert_eq!(constrided::DynLayout::contiguous(&[4, 3])?.strides(), &[3, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn strides(&self) -> &[isize] {
        self.strides.split_at(self.rank).0
    }

    /// The position of element `(0, …, 0)`.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert_eq!(DynLayout::new(&[6, 5], &[10, 1], 22)?.offset(), 22);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The number of elements (1 for rank 0, 0 when some axis is empty).
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert_eq!(DynLayout::contiguous(&[4, 3])?.numel(), 12);
    /// assert_eq!(DynLayout::contiguous(&[])?.numel(), 1);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn numel(&self) -> usize {
        match math::numel(self.shape()) {
            Ok(n) => n,
            // Unreachable: validated at construction.
            Err(_) => usize::MAX,
        }
    }

    /// `true` when some axis has size 0.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert!(DynLayout::contiguous(&[4, 0])?.is_empty());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        math::has_zero_axis(self.shape())
    }

    /// The shortest buffer that holds the layout: largest position + 1, or
    /// 0 when empty.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert_eq!(DynLayout::new(&[6, 5], &[10, 1], 22)?.required_len(), 77);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn required_len(&self) -> usize {
        // A DynLayout is valid: this is the exact length.
        math::reach_len(self.shape(), self.strides(), self.offset)
    }

    /// The lowest and highest positions reached, or `None` when empty.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert_eq!(DynLayout::new(&[3], &[-1], 2)?.span(), Some((0, 2)));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn span(&self) -> Option<(usize, usize)> {
        match math::extent(self.shape(), self.strides(), self.offset) {
            Ok(math::Extent::Span { low, high }) => Some((low, high)),
            _ => None,
        }
    }

    /// Row-major (C) contiguity, as NumPy's `C_CONTIGUOUS` flag.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert!(DynLayout::contiguous(&[3, 4])?.is_contiguous());
    /// assert!(!DynLayout::new(&[2, 2], &[4, 1], 5)?.is_contiguous());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn is_contiguous(&self) -> bool {
        math::is_c_contiguous(self.shape(), self.strides())
    }

    /// Column-major (Fortran) contiguity, as NumPy's `F_CONTIGUOUS` flag.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert!(DynLayout::f_contiguous(&[3, 4])?.is_f_contiguous());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn is_f_contiguous(&self) -> bool {
        math::is_f_contiguous(self.shape(), self.strides())
    }

    /// `true` when no two indices reach the same position (never `true` for
    /// an overlapping layout).
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// assert!(DynLayout::new(&[2, 3], &[4, 3], 0)?.is_unique());
    /// assert!(!DynLayout::new(&[4], &[0], 0)?.is_unique());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn is_unique(&self) -> bool {
        math::is_unique(self.shape(), self.strides())
    }

    /// `Ok` when the layout may back a mutable view; `Aliasing` otherwise.
    ///
    /// ```
    /// # use constrided::{DynLayout, LayoutError};
    /// let l = DynLayout::new(&[3, 3], &[1, 1], 0)?;
    /// assert!(matches!(l.check_unique(), Err(LayoutError::Aliasing { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn check_unique(&self) -> Result<(), LayoutError> {
        math::check_unique(self.shape(), self.strides())
    }

    /// The position of `index`, or `None` when it has the wrong length or
    /// some component is out of range.
    ///
    /// ```
    /// # use constrided::DynLayout;
    /// let l = DynLayout::new(&[6, 5], &[10, 1], 22)?;
    /// assert_eq!(l.offset_of(&[5, 4]), Some(76));
    /// assert_eq!(l.offset_of(&[6, 0]), None);
    /// assert_eq!(l.offset_of(&[0]), None);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn offset_of(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.rank {
            return None;
        }
        let mut pos = self.offset as isize;
        let mut k = 0;
        while k < self.rank {
            if index[k] >= self.shape[k] {
                return None;
            }
            pos = pos.wrapping_add((index[k] as isize).wrapping_mul(self.strides[k]));
            k += 1;
        }
        Some(pos as usize)
    }

    /// The fixed-rank layout for `with_rank!` (the arm for rank `N` calls it
    /// only when `N == self.rank()`; any other `N` gives an empty layout).
    #[doc(hidden)]
    pub fn __layout<const N: usize>(&self) -> Layout<N> {
        match Layout::try_from(*self) {
            Ok(l) => l,
            Err(_) => Layout::contiguous([0; N]),
        }
    }

    /// Reorders the axes: axis `k` of the result is axis `axes[k]` of
    /// `self`. `InvalidPermutation` unless `axes` is a permutation of
    /// `0..rank` (of the right length).
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[2, 3, 4])?.permute(&[2, 0, 1])?;
    /// assert_eq!((l.shape(), l.strides()), (&[4, 2, 3][..], &[1, 12, 4][..]));
    /// assert!(DynLayout::contiguous(&[2, 3])?.permute(&[0]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    // The methods below that dispatch on the rank (`with_rank!`) are
    // `#[inline]`: not for speed, but so that they are compiled in the
    // crates that call them, not in every dependent's build of constrided.
    // Each holds nine instances (one per rank; `reshape` and
    // `broadcast_to` 81), and non-generic items are compiled where they
    // are defined: a quarter of the library's machine code, for every user
    // (docs/build-cost.md).
    #[inline]
    pub fn permute(&self, axes: &[usize]) -> Result<Self, LayoutError> {
        fn go<const N: usize>(l: Layout<N>, axes: &[usize]) -> Result<DynLayout, LayoutError> {
            let err = LayoutError::InvalidPermutation {
                axes: Dims::new(axes),
            };
            Ok(l.permute(exact(axes, err)?)?.into())
        }
        crate::with_rank!(self, |l| go(l, axes))
    }

    /// Reverses the order of all axes.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let t = DynLayout::contiguous(&[3, 4])?.t();
    /// assert_eq!((t.shape(), t.strides()), (&[4, 3][..], &[1, 4][..]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn t(&self) -> Self {
        let mut l = *self;
        l.shape[..self.rank].reverse();
        l.strides[..self.rank].reverse();
        l
    }

    /// Swaps axes `a` and `b`; `AxisOutOfRange` when either is not below
    /// the rank.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[2, 3, 4])?.transpose(0, 2)?;
    /// assert_eq!(l.strides(), &[1, 4, 12]);
    /// assert!(DynLayout::contiguous(&[2, 3])?.transpose(0, 2).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn transpose(&self, a: usize, b: usize) -> Result<Self, LayoutError> {
        crate::with_rank!(self, |l| Ok(l.transpose(a, b)?.into()))
    }

    /// Reverses one axis (negated stride, offset moved to its last element).
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[2, 3])?.flip(1)?;
    /// assert_eq!((l.strides(), l.offset()), (&[3, -1][..], 2));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn flip(&self, axis: usize) -> Result<Self, LayoutError> {
        crate::with_rank!(self, |l| Ok(l.flip(axis)?.into()))
    }

    /// Slices every axis with Python's `slice` semantics (see [`Slice`]);
    /// `LengthMismatch` when `s` does not have one entry per axis.
    ///
    /// ```
    /// use constrided::{DynLayout, Slice};
    /// let b = DynLayout::contiguous(&[3, 4])?.slice(&[(1..3).into(), (1..3).into()])?;
    /// assert_eq!((b.shape(), b.strides(), b.offset()), (&[2, 2][..], &[4, 1][..], 5));
    /// let r = DynLayout::contiguous(&[3])?.slice(&[Slice::new(None, None, -1)])?;
    /// assert_eq!((r.strides(), r.offset()), (&[-1][..], 2));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn slice(&self, s: &[Slice]) -> Result<Self, LayoutError> {
        fn go<const N: usize>(l: Layout<N>, s: &[Slice]) -> Result<DynLayout, LayoutError> {
            let err = LayoutError::LengthMismatch {
                expected: N,
                found: s.len(),
            };
            Ok(l.slice(exact(s, err)?)?.into())
        }
        crate::with_rank!(self, |l| go(l, s))
    }

    /// Fixes `axis` at `index`, dropping it (rank - 1).
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let y = DynLayout::contiguous(&[2, 3])?.index_axis(1, 1)?;
    /// assert_eq!((y.shape(), y.strides(), y.offset()), (&[2][..], &[3][..], 1));
    /// assert!(DynLayout::contiguous(&[])?.index_axis(0, 0).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn index_axis(&self, axis: usize, index: usize) -> Result<Self, LayoutError> {
        crate::with_rank!(
            self,
            |l| Ok(l.index_axis(axis, index)?.into()),
            0 => |_l| Err(LayoutError::AxisOutOfRange { axis, rank: 0 })
        )
    }

    /// Drops `axis`, which must have size 1 (otherwise `ShapeMismatch`).
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[4, 1, 3])?.remove_axis(1)?;
    /// assert_eq!(l.shape(), &[4, 3]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn remove_axis(&self, axis: usize) -> Result<Self, LayoutError> {
        crate::with_rank!(
            self,
            |l| Ok(l.remove_axis(axis)?.into()),
            0 => |_l| Err(LayoutError::AxisOutOfRange { axis, rank: 0 })
        )
    }

    /// Inserts a new axis of size 1 before `axis` (`axis == rank` appends);
    /// `RankTooHigh` on a rank-8 layout.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[4, 3])?.insert_axis(0)?;
    /// assert_eq!(l.shape(), &[1, 4, 3]);
    /// assert!(DynLayout::contiguous(&[1; 8])?.insert_axis(0).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn insert_axis(&self, axis: usize) -> Result<Self, LayoutError> {
        crate::with_rank!(
            self,
            |l| Ok(l.insert_axis(axis)?.into()),
            8 => |_l| Err(LayoutError::RankTooHigh { rank: MAX_RANK + 1 })
        )
    }

    /// Broadcasts to `shape` under NumPy's rules (see
    /// [`Layout::broadcast_to`]); `RankTooHigh` for a target above rank 8.
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let b = DynLayout::contiguous(&[3])?.broadcast_to(&[4, 3])?;
    /// assert_eq!((b.shape(), b.strides()), (&[4, 3][..], &[0, 1][..]));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Self, LayoutError> {
        fn go<const N: usize>(l: Layout<N>, shape: &[usize]) -> Result<DynLayout, LayoutError> {
            with_array!(shape, |a| Ok(l.broadcast_to(a)?.into()))
        }
        crate::with_rank!(self, |l| go(l, shape))
    }

    /// Reshapes exactly when NumPy's `reshape(..., copy=False)` can (see
    /// [`Layout::reshape`]); `RankTooHigh` for a target above rank 8.
    ///
    /// ```
    /// use constrided::{DynLayout, LayoutError};
    /// let b = DynLayout::contiguous(&[24])?.reshape(&[2, 3, 4])?;
    /// assert_eq!(b.reshape(&[2, 4, 3])?.strides(), &[12, 3, 1]);
    /// let t = DynLayout::contiguous(&[3, 4])?.t();
    /// assert!(matches!(t.reshape(&[12]), Err(LayoutError::NotViewable { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn reshape(&self, shape: &[usize]) -> Result<Self, LayoutError> {
        fn go<const N: usize>(l: Layout<N>, shape: &[usize]) -> Result<DynLayout, LayoutError> {
            with_array!(shape, |a| Ok(l.reshape(a)?.into()))
        }
        crate::with_rank!(self, |l| go(l, shape))
    }

    /// A new layout with the given shape, strides and absolute offset, as
    /// PyTorch's `as_strided`; checked like [`DynLayout::new`].
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let l = DynLayout::contiguous(&[3, 3])?.as_strided(&[2, 2], &[2, 3], 2)?;
    /// assert_eq!(l.offset_of(&[1, 1]), Some(7));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_strided(
        &self,
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<Self, LayoutError> {
        Self::new(shape, strides, offset)
    }

    /// Splits `axis` before `index` into two layouts (disjoint when `self`
    /// is unique).
    ///
    /// ```
    /// use constrided::DynLayout;
    /// let (a, b) = DynLayout::contiguous(&[4, 3])?.split_at(0, 1)?;
    /// assert_eq!((a.shape(), b.shape(), b.offset()), (&[1, 3][..], &[3, 3][..], 3));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn split_at(&self, axis: usize, index: usize) -> Result<(Self, Self), LayoutError> {
        crate::with_rank!(self, |l| {
            let (a, b) = l.split_at(axis, index)?;
            Ok((a.into(), b.into()))
        })
    }
}

impl<const N: usize> From<Layout<N>> for DynLayout {
    /// The same layout with its rank kept at run time.
    ///
    /// ```
    /// use constrided::{DynLayout, Layout};
    /// let d = DynLayout::from(Layout::contiguous([2, 3]));
    /// assert_eq!((d.rank(), d.strides()), (2, &[3, 1][..]));
    /// ```
    fn from(l: Layout<N>) -> Self {
        let mut d = DynLayout {
            rank: N,
            shape: [0; MAX_RANK],
            strides: [0; MAX_RANK],
            offset: l.offset(),
        };
        d.shape[..N].copy_from_slice(&l.shape());
        d.strides[..N].copy_from_slice(&l.strides());
        d
    }
}

impl<const N: usize> TryFrom<DynLayout> for Layout<N> {
    type Error = LayoutError;

    /// The fixed-rank layout; `RankMismatch { expected: N, found }` when the
    /// ranks differ.
    ///
    /// ```
    /// use constrided::{DynLayout, Layout, LayoutError};
    /// let d = DynLayout::contiguous(&[2, 3])?;
    /// let l: Layout<2> = d.try_into()?;
    /// assert_eq!(l.shape(), [2, 3]);
    /// assert_eq!(
    ///     Layout::<3>::try_from(d),
    ///     Err(LayoutError::RankMismatch { expected: 3, found: 2 })
    /// );
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    fn try_from(d: DynLayout) -> Result<Self, LayoutError> {
        if d.rank != N {
            return Err(LayoutError::RankMismatch {
                expected: N,
                found: d.rank,
            });
        }
        Layout::new(
            core::array::from_fn(|k| d.shape[k]),
            core::array::from_fn(|k| d.strides[k]),
            d.offset,
        )
    }
}

impl fmt::Debug for DynLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynLayout")
            .field("shape", &self.shape())
            .field("strides", &self.strides())
            .field("offset", &self.offset)
            .finish()
    }
}

impl fmt::Display for DynLayout {
    /// `shape=(4, 3) strides=(20, 2) offset=22`, as [`Layout`] prints.
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::with_rank!(self, |l| fmt::Display::fmt(&l, f))
    }
}

/// Runs a body with the fixed-rank [`Layout<N>`](crate::Layout) of a
/// [`DynLayout`](crate::DynLayout), for `N` = its rank: the body is compiled
/// once per rank 0..=8, so generic code inside it monomorphizes (the
/// kernels run their per-rank loops), and the macro evaluates to what the
/// body returns (every arm must return the same type). The body is inlined
/// in the caller: `?` and `return` act on the enclosing function.
///
/// ```
/// use constrided::{with_rank, DynLayout, Layout};
/// fn last_stride<const N: usize>(l: Layout<N>) -> isize {
///     l.strides().last().copied().unwrap_or(1)
/// }
/// let d = DynLayout::new(&[4, 3], &[20, 2], 22)?;
/// assert_eq!(with_rank!(d, |l| last_stride(l)), 2);
/// // The layout may also be given by reference.
/// assert_eq!(with_rank!(&d, |l| l.ndim()), 2);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// Generic helpers bounded by `Rank<N>: Lower` (those that drop an axis)
/// cannot compile in the rank-0 arm, since `Rank<0>` has no rank below it;
/// likewise `Rank<N>: Higher` has no rank-8 arm. Give those arms their own
/// body with `0 => |l| …` and/or `8 => |l| …` after the main one (in that
/// order); the main body then runs for the other ranks only:
///
/// ```
/// use constrided::{with_rank, DynLayout, Layout, LayoutError, Lower, Rank};
/// fn first_row<const N: usize, const M: usize>(l: Layout<N>) -> Result<DynLayout, LayoutError>
/// where
///     Rank<N>: Lower<Out = Rank<M>>,
/// {
///     Ok(l.index_axis(0, 0)?.into())
/// }
/// let d = DynLayout::contiguous(&[3, 4])?;
/// let r = with_rank!(d, |l| first_row(l), 0 => |_l| Err(LayoutError::AxisOutOfRange { axis: 0, rank: 0 }))?;
/// assert_eq!(r.shape(), &[4]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[macro_export]
macro_rules! with_rank {
    ($dl:expr, |$l:pat_param| $body:expr $(,)?) => {
        $crate::__with_rank_arms!($dl; $l => $body; $l => $body; $l => $body)
    };
    ($dl:expr, |$l:pat_param| $body:expr, 0 => |$l0:pat_param| $b0:expr $(,)?) => {
        $crate::__with_rank_arms!($dl; $l0 => $b0; $l => $body; $l => $body)
    };
    ($dl:expr, |$l:pat_param| $body:expr, 8 => |$l8:pat_param| $b8:expr $(,)?) => {
        $crate::__with_rank_arms!($dl; $l => $body; $l => $body; $l8 => $b8)
    };
    ($dl:expr, |$l:pat_param| $body:expr, 0 => |$l0:pat_param| $b0:expr, 8 => |$l8:pat_param| $b8:expr $(,)?) => {
        $crate::__with_rank_arms!($dl; $l0 => $b0; $l => $body; $l8 => $b8)
    };
}

/// The arms of [`with_rank!`]: rank 0, ranks 1..=7, rank 8.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_rank_arms {
    ($dl:expr; $l0:pat_param => $b0:expr; $l:pat_param => $body:expr; $l8:pat_param => $b8:expr) => {{
        let __dl: $crate::DynLayout = *::core::borrow::Borrow::<$crate::DynLayout>::borrow(&$dl);
        match __dl.rank() {
            0 => {
                let $l0: $crate::Layout<0> = __dl.__layout::<0>();
                $b0
            }
            1 => {
                let $l: $crate::Layout<1> = __dl.__layout::<1>();
                $body
            }
            2 => {
                let $l: $crate::Layout<2> = __dl.__layout::<2>();
                $body
            }
            3 => {
                let $l: $crate::Layout<3> = __dl.__layout::<3>();
                $body
            }
            4 => {
                let $l: $crate::Layout<4> = __dl.__layout::<4>();
                $body
            }
            5 => {
                let $l: $crate::Layout<5> = __dl.__layout::<5>();
                $body
            }
            6 => {
                let $l: $crate::Layout<6> = __dl.__layout::<6>();
                $body
            }
            7 => {
                let $l: $crate::Layout<7> = __dl.__layout::<7>();
                $body
            }
            // Rank 8 (a DynLayout never has a higher rank).
            _ => {
                let $l8: $crate::Layout<8> = __dl.__layout::<8>();
                $b8
            }
        }
    }};
}
