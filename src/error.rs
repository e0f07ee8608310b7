//! [`LayoutError`]: every way a layout, a view or a kernel call can be refused.
//!
//! Every variant carries the numbers involved, and `Display` names them, so a
//! message such as "layout reaches position -38, below the start of the
//! buffer" can be acted upon without reading the source.

use core::fmt;

use crate::MAX_RANK;

/// A short list of at most [`MAX_RANK`] numbers (a shape, an index or a list of
/// axes) carried inside a [`LayoutError`], printed as a tuple: `(4, 3)`.
///
/// ```
/// use constrided::Dims;
/// let d = Dims::new(&[4, 3]);
/// assert_eq!(d.as_slice(), &[4, 3]);
/// assert_eq!(d.to_string(), "(4, 3)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dims {
    len: u8,
    vals: [usize; MAX_RANK],
}

impl Dims {
    /// Copies up to [`MAX_RANK`] numbers; any beyond that are dropped.
    ///
    /// ```
    /// # use constrided::Dims;
    /// assert_eq!(Dims::new(&[]).len(), 0);
    /// ```
    pub const fn new(vals: &[usize]) -> Self {
        let mut out = [0usize; MAX_RANK];
        let len = if vals.len() < MAX_RANK {
            vals.len()
        } else {
            MAX_RANK
        };
        let mut i = 0;
        while i < len {
            out[i] = vals[i];
            i += 1;
        }
        Dims {
            len: len as u8,
            vals: out,
        }
    }

    /// The numbers.
    ///
    /// ```
    /// # use constrided::Dims;
    /// assert_eq!(Dims::new(&[2, 5]).as_slice()[1], 5);
    /// ```
    pub const fn as_slice(&self) -> &[usize] {
        self.vals.split_at(self.len as usize).0
    }

    /// How many numbers there are.
    ///
    /// ```
    /// # use constrided::Dims;
    /// assert_eq!(Dims::new(&[2, 5]).len(), 2);
    /// ```
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// `true` when there are no numbers (a rank-0 shape).
    ///
    /// ```
    /// # use constrided::Dims;
    /// assert!(Dims::new(&[]).is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, v) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        if self.len == 1 {
            f.write_str(",")?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Which argument a [`LayoutError::ShapeMismatch`] is about, so that its
/// message names it ("Zip operand 2 has shape (3, 2), but operand 1 has
/// shape (2, 3)").
///
/// ```
/// use constrided::{Dims, LayoutError, ShapeArg};
/// let e = LayoutError::ShapeMismatch {
///     expected: Dims::new(&[2, 3]),
///     found: Dims::new(&[5]),
///     arg: ShapeArg::Vector,
/// };
/// assert_eq!(e.to_string(), "the vector has 5 elements, but shape (2, 3) has 6");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeArg {
    /// Two shapes with no more specific role: "shape mismatch: expected
    /// `expected`, found `found`".
    Shape,
    /// The source of a copy has shape `found`; its destination `expected`.
    Source,
    /// The destination of a reduction or of `zip_with` has shape `found`;
    /// the result (or the other operand) has shape `expected`.
    Destination,
    /// The operand of a `Zip` with this 1-based number (in call order) has
    /// shape `found`; the first operand has shape `expected`.
    Operand(usize),
    /// A window shape `found` is larger than the view's shape `expected`
    /// on some axis (or the number of windows does not fit in `usize`).
    Window,
    /// A vector of length `found[0]` for a shape `expected` (`from_vec`).
    /// (Not named `Vec`: rustc would then print `std::vec::Vec` in full
    /// in users' error messages.)
    Vector,
    /// A slice of length `found[0]` for a view of `expected[0]` elements.
    SliceLen,
    /// A slice of length `found[0]` for a view of shape `expected`
    /// (`from_shape`).
    SliceForShape,
    /// A reshape of shape `expected` to shape `found`, whose element
    /// counts differ.
    Reshape,
    /// The axis with this number was to be removed, but its size is
    /// `found[0]`, not 1.
    RemovedAxis(usize),
    /// `found[0]` strides were given for the shape `expected`.
    Strides,
    /// A product (`dot`, `general_mat_mul`) of an operand of shape
    /// `expected` by one of shape `found`, whose inner sizes (the left
    /// operand's last axis, the right one's first) differ.
    Dot,
}

/// Why a layout, a view or a kernel call was refused.
///
/// ```
/// use constrided::{Layout, LayoutError};
/// let err = Layout::new([4, 3], [-20, 2], 22).unwrap_err();
/// assert_eq!(err, LayoutError::NegativeReach { position: -38 });
/// assert_eq!(
///     err.to_string(),
///     "layout reaches position -38, below the start of the buffer"
/// );
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayoutError {
    /// Some index reaches a position below 0: the lowest reachable position.
    NegativeReach {
        /// The lowest position the layout reaches (negative).
        position: i128,
    },
    /// The largest reachable position does not fit in `isize` (saturated at
    /// `i128::MAX` / `i128::MIN` when the arithmetic itself overflows).
    Overflow {
        /// The largest position the layout reaches.
        position: i128,
    },
    /// The number of elements (the product of the shape) does not fit in `usize`.
    ElementCountOverflow {
        /// The shape whose product overflows.
        shape: Dims,
    },
    /// The buffer is shorter than the layout needs.
    OutOfBounds {
        /// The shortest buffer that holds the layout (`required_len()`).
        required: usize,
        /// The length of the buffer given.
        len: usize,
    },
    /// A mutable view was asked for over a layout in which two indices reach
    /// the same position.
    Aliasing {
        /// Two distinct indices that reach the same position, when one was
        /// found; `None` when uniqueness could not be proved either way.
        indices: Option<(Dims, Dims)>,
    },
    /// Two shapes (or a shape and an element count) that must agree do not;
    /// `arg` says which argument is wrong (see [`ShapeArg`] for what
    /// `expected` and `found` hold in each case).
    ShapeMismatch {
        /// The shape that was needed.
        expected: Dims,
        /// The shape that was given.
        found: Dims,
        /// Which argument `found` belongs to.
        arg: ShapeArg,
    },
    /// An axis number is not below the rank.
    AxisOutOfRange {
        /// The axis asked for.
        axis: usize,
        /// The rank of the layout.
        rank: usize,
    },
    /// The axes given are not a permutation of `0..rank`.
    InvalidPermutation {
        /// The axes given.
        axes: Dims,
    },
    /// An index is not below the size of its axis.
    IndexOutOfRange {
        /// The axis indexed.
        axis: usize,
        /// The index asked for.
        index: usize,
        /// The size of that axis.
        size: usize,
    },
    /// A shape cannot be broadcast to another under NumPy's rules.
    NotBroadcastable {
        /// The shape of the layout.
        from: Dims,
        /// The shape asked for.
        to: Dims,
        /// The axis of `to` where the sizes disagree.
        axis: usize,
    },
    /// A reshape would need a copy: the new shape cannot be expressed with
    /// strides over the same elements (NumPy's `copy=False` fails).
    NotViewable {
        /// The shape of the layout.
        from: Dims,
        /// The shape asked for.
        to: Dims,
    },
    /// A slice step of zero.
    ZeroStep {
        /// The axis whose slice has step 0.
        axis: usize,
    },
    /// `as_strided` on a view that covers only part of its buffer (a
    /// `split_at` half of a mutable view, a shared view of one, or a view
    /// converted from an ndarray view with gaps between its elements): a layout over the whole buffer could reach
    /// elements that someone else owns.
    NotExclusive,
    /// Two lists that must have one entry per axis have different lengths
    /// (a runtime-rank shape and its strides, or slices and the rank).
    LengthMismatch {
        /// The length needed (the shape's length, or the rank).
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A runtime rank above [`MAX_RANK`].
    RankTooHigh {
        /// The rank asked for.
        rank: usize,
    },
    /// A runtime-rank layout converted to a fixed rank it does not have.
    RankMismatch {
        /// The rank of the target type.
        expected: usize,
        /// The rank of the layout.
        found: usize,
    },
}

// `Display` is in `layout::message`, which renders every variant (one
// text for run time and compile time).

#[cfg(feature = "std")]
impl std::error::Error for LayoutError {}
