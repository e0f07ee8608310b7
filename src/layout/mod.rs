//! Layouts: `(shape, strides, offset)` and everything that can be said about
//! them without touching data.
//!
//! - [`math`]: the rules, as `const fn`s over slices (the single source of truth).
//! - [`Layout`]: a validated runtime layout of rank `N`.
//! - [`DynLayout`]: the same with the rank (0..=8) chosen at run time.
//! - [`Mapping`]: what views are generic over (runtime [`Layout`]s and the
//!   static layouts made by `strided!`).
//! - [`Rank`]: rank tables, so that `index_axis` / `insert_axis` infer the
//!   output rank.
//! - transforms (`permute`, `slice`, `reshape`, ...) live in `transform`,
//!   slicing arguments in [`Slice`], the memory-map renderer in [`MemoryMap`].
//!
//! ```
//! use constrided::{s, Layout};
//! // A 3x4 row-major array; its transpose and a slice are new layouts over
//! // the same positions.
//! let a = Layout::contiguous([3, 4]);
//! assert_eq!(a.t().strides(), [1, 4]);
//! let b = a.slice(s![1..3, 1..3])?;
//! assert_eq!((b.shape(), b.strides(), b.offset()), ([2, 2], [4, 1], 5));
//! # Ok::<(), constrided::LayoutError>(())
//! ```

mod dyn_layout;
pub(crate) mod mapping;
pub mod math;
mod memmap;
pub mod message;
mod rank;
mod slice;
mod transform;

pub use dyn_layout::DynLayout;
pub use mapping::Mapping;
pub use memmap::{CellLabel, MemoryMap};
pub use rank::{CanInsertAxis, HasAxis, Higher, Lower, MaxRank, Rank};
#[doc(hidden)]
pub use slice::__entry as __slice_entry;
pub use slice::{Slice, SliceArg, SliceElem, SliceEntry, SliceInfo, SlicePad};

use crate::error::LayoutError;
use crate::MAX_RANK;

/// A validated strided layout of rank `N`: element `(i0, …, iN-1)` lives at
/// `offset + Σ ik·strides[k]` of a buffer.
///
/// Every `Layout` that exists is valid: all reachable positions are `>= 0`,
/// the largest fits in `isize`, and the element count fits in `usize`.
/// Ranks above [`MAX_RANK`] are refused at compile time.
///
/// ```
/// use constrided::Layout;
/// // The seeds' second example: a 4x3 tensor inside a 10x10 buffer.
/// let l = Layout::new([4, 3], [20, 2], 22)?;
/// assert_eq!(l.numel(), 12);
/// assert_eq!(l.required_len(), 87);
/// assert_eq!(l.offset_of([3, 2]), Some(86));
/// assert!(!l.is_contiguous());
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout<const N: usize> {
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
}

impl<const N: usize> Layout<N> {
    const RANK_OK: () = assert!(N <= MAX_RANK, "constrided: rank above 8 (MAX_RANK)");

    /// Validates and builds a layout.
    ///
    /// Errors: `NegativeReach` when some index reaches below position 0,
    /// `Overflow` when the largest position does not fit `isize`,
    /// `ElementCountOverflow` when the element count does not fit `usize`.
    /// An empty layout (some axis of size 0) is always valid.
    ///
    /// ```
    /// use constrided::{Layout, LayoutError};
    /// assert!(Layout::new([3], [-1], 2).is_ok()); // reversed, ends at 0
    /// assert_eq!(
    ///     Layout::new([3], [-1], 1),
    ///     Err(LayoutError::NegativeReach { position: -1 })
    /// );
    /// ```
    #[inline]
    pub const fn new(
        shape: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, LayoutError> {
        let () = Self::RANK_OK;
        // The common case (a nonempty layout whose reach stays in isize
        // arithmetic) in a few instructions per axis; the general rules
        // decide the rest and build the errors.
        if quick_valid(&shape, &strides, offset) {
            return Ok(Layout {
                shape,
                strides,
                offset,
            });
        }
        Self::new_general(shape, strides, offset)
    }

    // `new` by the general rules (`math::extent`), out of line.
    #[inline(never)]
    const fn new_general(
        shape: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Result<Self, LayoutError> {
        match math::extent(&shape, &strides, offset) {
            Ok(_) => Ok(Layout {
                shape,
                strides,
                offset,
            }),
            Err(e) => Err(e),
        }
    }

    /// Builds a layout without checking it.
    ///
    /// # Safety
    /// The layout must be valid (what [`Layout::new`] checks): code that
    /// trusts a `Layout` relies on it for memory safety.
    ///
    /// ```
    /// use constrided::Layout;
    /// // SAFETY: shape (2, 2), strides (2, 1), offset 0 reaches 0..=3.
    /// let l = unsafe { Layout::new_unchecked([2, 2], [2, 1], 0) };
    /// assert!(l.is_contiguous());
    /// ```
    pub const unsafe fn new_unchecked(
        shape: [usize; N],
        strides: [isize; N],
        offset: usize,
    ) -> Self {
        let () = Self::RANK_OK;
        Layout {
            shape,
            strides,
            offset,
        }
    }

    /// A row-major (C) contiguous layout at offset 0.
    ///
    /// # Panics
    /// When the shape has more than `isize::MAX + 1` (2^63 on 64-bit
    /// targets) elements, so that its last position does not fit `isize`;
    /// the message names the position (use [`Layout::try_contiguous`] to
    /// get the error instead). Exactly 2^63 elements are accepted.
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::contiguous([2, 3, 4]);
    /// assert_eq!(l.strides(), [12, 4, 1]);
    /// ```
    #[inline]
    pub const fn contiguous(shape: [usize; N]) -> Self {
        match Self::try_contiguous(shape) {
            Ok(l) => l,
            Err(e) => panic!("{}", message::describe_after("constrided: ", &e).as_str()),
        }
    }

    /// A row-major (C) contiguous layout at offset 0, or an error when the
    /// element count does not fit: `ElementCountOverflow` beyond `usize`,
    /// `Overflow` (naming the last position) beyond `isize::MAX + 1`.
    ///
    /// ```
    /// use constrided::Layout;
    /// assert!(Layout::try_contiguous([usize::MAX, 2]).is_err());
    /// assert_eq!(Layout::try_contiguous([2, 3])?.strides(), [3, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn try_contiguous(shape: [usize; N]) -> Result<Self, LayoutError> {
        // The common case: no empty axis and at most isize::MAX elements;
        // every suffix product is then a valid stride and the layout
        // reaches 0 ..= count - 1.
        let () = Self::RANK_OK;
        let mut strides = [0isize; N];
        let mut z: usize = 1;
        let mut d = N;
        let mut quick = true;
        while d > 0 {
            d -= 1;
            strides[d] = z as isize;
            z = match z.checked_mul(shape[d]) {
                Some(v) if v != 0 && v <= isize::MAX as usize => v,
                _ => {
                    quick = false;
                    break;
                }
            };
        }
        if quick {
            return Ok(Layout {
                shape,
                strides,
                offset: 0,
            });
        }
        Self::try_contiguous_general(shape)
    }

    // `try_contiguous` by the general rules, out of line.
    #[inline(never)]
    const fn try_contiguous_general(shape: [usize; N]) -> Result<Self, LayoutError> {
        let mut strides = [0isize; N];
        if let Err(e) = math::c_strides(&shape, &mut strides) {
            return Err(e);
        }
        Self::new(shape, strides, 0)
    }

    /// A column-major (Fortran) contiguous layout at offset 0.
    ///
    /// # Panics
    /// When the shape has more than `isize::MAX + 1` elements (use
    /// [`Layout::try_f_contiguous`] to get the error instead).
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::f_contiguous([2, 3, 4]);
    /// assert_eq!(l.strides(), [1, 2, 6]);
    /// assert!(l.is_f_contiguous());
    /// ```
    pub const fn f_contiguous(shape: [usize; N]) -> Self {
        match Self::try_f_contiguous(shape) {
            Ok(l) => l,
            Err(e) => panic!("{}", message::describe_after("constrided: ", &e).as_str()),
        }
    }

    /// A column-major contiguous layout at offset 0, or an error when the
    /// element count does not fit `isize`.
    ///
    /// ```
    /// use constrided::Layout;
    /// assert_eq!(constrided::Layout::try_f_contiguous([2, 3])?.strides(), [1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn try_f_contiguous(shape: [usize; N]) -> Result<Self, LayoutError> {
        let mut strides = [0isize; N];
        if let Err(e) = math::f_strides(&shape, &mut strides) {
            return Err(e);
        }
        Self::new(shape, strides, 0)
    }

    /// The size of each axis.
    ///
    /// ```
    /// assert_eq!(constrided::Layout::contiguous([4, 3]).shape(), [4, 3]);
    /// ```
    #[inline]
    pub const fn shape(&self) -> [usize; N] {
        self.shape
    }

    /// The stride of each axis, in elements.
    ///
    /// ```
    /// assert_eq!(constrided::Layout::contiguous([4, 3]).strides(), [3, 1]);
    /// ```
    #[inline]
    pub const fn strides(&self) -> [isize; N] {
        self.strides
    }

    /// The position of element `(0, …, 0)`.
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert_eq!(Layout::new([6, 5], [10, 1], 22)?.offset(), 22);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The rank `N`.
    ///
    /// ```
    /// assert_eq!(constrided::Layout::contiguous([4, 3]).ndim(), 2);
    /// ```
    #[inline]
    pub const fn ndim(&self) -> usize {
        N
    }

    /// The number of elements (1 for rank 0, 0 when some axis is empty).
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert_eq!(Layout::contiguous([4, 3]).numel(), 12);
    /// assert_eq!(Layout::<0>::contiguous([]).numel(), 1);
    /// ```
    #[inline]
    pub const fn numel(&self) -> usize {
        // Every layout was validated at construction, and the element count
        // rule (`math::numel`) held: the product fits in usize. Computed
        // here inline, so that it folds to a constant for static layouts.
        let mut k = 0;
        while k < N {
            if self.shape[k] == 0 {
                return 0;
            }
            k += 1;
        }
        let mut n = 1usize;
        k = 0;
        while k < N {
            n = n.wrapping_mul(self.shape[k]);
            k += 1;
        }
        n
    }

    /// `true` when the layout has no elements (some axis has size 0).
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert!(Layout::contiguous([4, 0]).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        math::has_zero_axis(&self.shape)
    }

    /// The shortest buffer that holds the layout: largest position + 1, or 0
    /// when empty.
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert_eq!(Layout::new([6, 5], [10, 1], 22)?.required_len(), 77);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn required_len(&self) -> usize {
        // A Layout is valid: its highest position is offset + the positive
        // spans, at most isize::MAX (no overflow), and it is empty exactly
        // when some axis is.
        let mut high = self.offset;
        let mut k = 0;
        while k < N {
            if self.shape[k] == 0 {
                return 0;
            }
            if self.strides[k] > 0 {
                high =
                    high.wrapping_add((self.shape[k] - 1).wrapping_mul(self.strides[k] as usize));
            }
            k += 1;
        }
        high.wrapping_add(1)
    }

    /// The lowest and highest positions reached, or `None` when empty.
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert_eq!(Layout::new([3], [-1], 2)?.span(), Some((0, 2)));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn span(&self) -> Option<(usize, usize)> {
        match math::extent(&self.shape, &self.strides, self.offset) {
            Ok(math::Extent::Span { low, high }) => Some((low, high)),
            _ => None,
        }
    }

    /// Row-major (C) contiguity, as NumPy's `C_CONTIGUOUS` flag: size-1 axes
    /// are ignored, an empty layout is contiguous. The offset does not matter.
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert!(Layout::contiguous([3, 4]).is_contiguous());
    /// assert!(!Layout::new([2, 2], [4, 1], 5)?.is_contiguous());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn is_contiguous(&self) -> bool {
        math::is_c_contiguous(&self.shape, &self.strides)
    }

    /// Column-major (Fortran) contiguity, as NumPy's `F_CONTIGUOUS` flag.
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert!(Layout::f_contiguous([3, 4]).is_f_contiguous());
    /// ```
    #[inline]
    pub const fn is_f_contiguous(&self) -> bool {
        math::is_f_contiguous(&self.shape, &self.strides)
    }

    /// `true` when no two indices reach the same position. Exact for all
    /// practical layouts; `false` when the search is undecided (never `true`
    /// for an overlapping layout).
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert!(Layout::new([2, 3], [4, 3], 0)?.is_unique());
    /// assert!(!Layout::new([3, 3], [1, 1], 0)?.is_unique());
    /// assert!(!Layout::new([4], [0], 0)?.is_unique()); // broadcast
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub const fn is_unique(&self) -> bool {
        math::is_unique(&self.shape, &self.strides)
    }

    /// `Ok` when the layout may back a mutable view; `Aliasing` (with two
    /// colliding indices) otherwise.
    ///
    /// ```
    /// # use constrided::{Dims, Layout, LayoutError};
    /// let l = Layout::new([3, 3], [1, 1], 0)?;
    /// assert!(matches!(l.check_unique(), Err(LayoutError::Aliasing { .. })));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn check_unique(&self) -> Result<(), LayoutError> {
        // Axes nested in their own order or in reverse order (row-major
        // or column-major, with gaps, any signs): unique, in a few
        // instructions per axis; the general search decides the rest.
        if nested_in_order(&self.shape, &self.strides, false)
            || nested_in_order(&self.shape, &self.strides, true)
        {
            return Ok(());
        }
        math::check_unique(&self.shape, &self.strides)
    }

    /// The position of `index`, or `None` when some component is out of range.
    ///
    /// ```
    /// # use constrided::Layout;
    /// let l = Layout::new([6, 5], [10, 1], 22)?;
    /// assert_eq!(l.offset_of([0, 0]), Some(22));
    /// assert_eq!(l.offset_of([5, 4]), Some(76));
    /// assert_eq!(l.offset_of([6, 0]), None);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn offset_of(&self, index: [usize; N]) -> Option<usize> {
        let mut k = 0;
        while k < N {
            if index[k] >= self.shape[k] {
                return None;
            }
            k += 1;
        }
        Some(self.offset_of_unchecked(index))
    }

    /// The position of an in-range `index`, without range checks (a wrong
    /// index gives a meaningless but harmless number; wrapping arithmetic).
    ///
    /// ```
    /// # use constrided::Layout;
    /// assert_eq!(Layout::new([4, 3], [20, 2], 22)?.offset_of_unchecked([1, 1]), 44);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub const fn offset_of_unchecked(&self, index: [usize; N]) -> usize {
        let mut pos = self.offset as isize;
        let mut k = 0;
        while k < N {
            pos = pos.wrapping_add((index[k] as isize).wrapping_mul(self.strides[k]));
            k += 1;
        }
        pos as usize
    }
}

impl<const N: usize> core::fmt::Display for Layout<N> {
    /// `shape=(4, 3) strides=(20, 2) offset=22`, the notation of the seeds.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("shape=(")?;
        for (i, s) in self.shape.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str(") strides=(")?;
        for (i, s) in self.strides.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        write!(f, ") offset={}", self.offset)
    }
}

// `Layout::new`'s rules for the common case, in isize arithmetic: no empty
// axis, the element count fits usize (as `math::numel`), and the lowest and
// highest positions lie in 0 ..= isize::MAX (as `math::extent`). `false`
// sends the layout to the general rules (which also accept the cases
// this one leaves out, e.g. empty layouts): never `true` for a layout
// they refuse.
#[inline(always)]
const fn quick_valid<const N: usize>(
    shape: &[usize; N],
    strides: &[isize; N],
    offset: usize,
) -> bool {
    if offset > isize::MAX as usize {
        return false;
    }
    let (mut low, mut high) = (offset as isize, offset as isize);
    let mut count: usize = 1;
    let mut k = 0;
    while k < N {
        let n = shape[k];
        if n == 0 || n - 1 > isize::MAX as usize {
            return false;
        }
        count = match count.checked_mul(n) {
            Some(c) => c,
            None => return false,
        };
        let span = match ((n - 1) as isize).checked_mul(strides[k]) {
            Some(v) => v,
            None => return false,
        };
        if span < 0 {
            low = match low.checked_add(span) {
                Some(v) => v,
                None => return false,
            };
        } else {
            high = match high.checked_add(span) {
                Some(v) => v,
                None => return false,
            };
        }
        k += 1;
    }
    let _ = high;
    low >= 0
}

// Whether the axes of size > 1, taken from the last to the first
// (`reverse == false`) or from the first to the last, each step at least
// as far as the span of the axes before them: then no two indices reach
// the same position (`math::is_nested`'s rule, in one given order). A
// zero stride on an axis of size > 1, or a saturated span, answers `false`
// (the general search decides).
#[inline(always)]
const fn nested_in_order<const N: usize>(
    shape: &[usize; N],
    strides: &[isize; N],
    reverse: bool,
) -> bool {
    let mut span: usize = 1;
    let mut i = 0;
    while i < N {
        let k = if reverse { i } else { N - 1 - i };
        let n = shape[k];
        if n == 0 {
            return true;
        }
        if n > 1 {
            let s = strides[k].unsigned_abs();
            if s < span {
                return false;
            }
            span = span.saturating_add((n - 1).saturating_mul(s));
            if span == usize::MAX {
                return false;
            }
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_uses_seed_notation() {
        let l = Layout::new([4, 3], [20, 2], 22).unwrap();
        assert_eq!(
            std::format!("{l}"),
            "shape=(4, 3) strides=(20, 2) offset=22"
        );
    }
}
