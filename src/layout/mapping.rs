//! [`Mapping`]: the index → position map a view is generic over.

use super::Layout;

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// An index → position map of rank `N`: a runtime [`Layout`] or a static
/// layout made by `strided!`, whose numbers are constants of its type.
///
/// The trait is sealed: views trust a mapping for memory safety, so only
/// the crate's own (validated) mappings implement it.
///
/// ```
/// use constrided::{Layout, Mapping};
/// fn describe<M: Mapping<2>>(m: M) -> String {
///     format!("{:?} {:?} {}", m.shape(), m.strides(), m.offset())
/// }
/// assert_eq!(describe(Layout::contiguous([2, 3])), "[2, 3] [3, 1] 0");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout of rank {N}",
    label = "not a rank-{N} layout",
    note = "layouts are `Layout<{N}>` and the static layouts `strided!` makes; a view's layout has the view's rank"
)]
pub trait Mapping<const N: usize>: Copy + Sealed {
    /// `true` for static layouts (`strided!`), whose shape, strides and
    /// offset are constants: kernels then run plain nested loops over the
    /// constant shape instead of planning at run time (the branch folds).
    ///
    /// ```
    /// use constrided::{strided, Layout, Mapping};
    /// fn is_static<M: Mapping<2>>(_: M) -> bool { M::STATIC }
    /// assert!(!is_static(Layout::contiguous([2, 3])));
    /// assert!(is_static(strided![shape = (2, 3)]));
    /// ```
    #[doc(hidden)]
    const STATIC: bool = false;

    /// The size of each axis.
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::shape(&Layout::contiguous([2, 3])), [2, 3]);
    /// ```
    fn shape(&self) -> [usize; N];

    /// The stride of each axis, in elements.
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::strides(&Layout::contiguous([2, 3])), [3, 1]);
    /// ```
    fn strides(&self) -> [isize; N];

    /// The position of element `(0, …, 0)`.
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::offset(&Layout::contiguous([2, 3])), 0);
    /// ```
    fn offset(&self) -> usize;

    /// The mapping with all axes reversed, as `t()` returns it: a runtime
    /// [`Layout`] for runtime mappings, a static layout for static ones, so
    /// that `t()` on a static view keeps its numbers in the type and its
    /// index math folds.
    ///
    /// ```
    /// use constrided::{strided, Layout, Mapping};
    /// let l = Layout::new([4, 3], [20, 2], 22)?;
    /// assert_eq!(l.transposed().strides(), [2, 20]);
    /// let s = strided![shape = (4, 3), strides = (20, 2), offset = 22];
    /// fn is_static<M: Mapping<2>>(_: M) -> bool { M::STATIC }
    /// assert!(is_static(s.transposed()));
    /// assert_eq!(s.transposed().to_layout(), l.t());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    type Transposed: Mapping<N>;

    /// All axes reversed (see [`Mapping::Transposed`] and [`Layout::t`]).
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::transposed(&Layout::contiguous([2, 3])).shape(), [3, 2]);
    /// ```
    fn transposed(&self) -> Self::Transposed;

    /// The same map as a runtime [`Layout`].
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// let l = Layout::contiguous([2, 3]);
    /// assert_eq!(l.to_layout(), l);
    /// ```
    fn to_layout(&self) -> Layout<N>;

    /// The shortest buffer that holds the mapping ([`Layout::required_len`]
    /// of [`to_layout`](Mapping::to_layout)): what a view's constructor
    /// checks. Mixed layouts whose shape and strides are all static answer
    /// from constants (an add), so a view built in a loop costs what its
    /// run-time entries cost. Views trust it: it must be exact (the trait
    /// is sealed).
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::required_len(&Layout::new([6, 5], [10, 1], 22)?), 77);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[doc(hidden)]
    #[inline(always)]
    fn required_len(&self) -> usize {
        self.to_layout().required_len()
    }

    /// [`Layout::check_unique`] of [`to_layout`](Mapping::to_layout): what a
    /// mutable view's constructor checks. Mixed layouts whose shape and
    /// strides are all static decide it at compile time. Views trust it:
    /// `Ok` only for a unique mapping (the trait is sealed).
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert!(Mapping::check_unique(&Layout::new([3, 3], [1, 1], 0)?).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[doc(hidden)]
    #[inline(always)]
    fn check_unique(&self) -> Result<(), crate::LayoutError> {
        self.to_layout().check_unique()
    }

    /// The position of an in-range index (no range check; wrapping
    /// arithmetic). Static layouts fold this to constants.
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert_eq!(Mapping::offset_of_unchecked(&Layout::contiguous([2, 3]), [1, 2]), 5);
    /// ```
    #[inline(always)]
    fn offset_of_unchecked(&self, index: [usize; N]) -> usize {
        let strides = self.strides();
        let mut pos = self.offset() as isize;
        let mut k = 0;
        while k < N {
            pos = pos.wrapping_add((index[k] as isize).wrapping_mul(strides[k]));
            k += 1;
        }
        pos as usize
    }

    /// `true` when every component of `index` is below its axis size.
    ///
    /// ```
    /// # use constrided::{Layout, Mapping};
    /// assert!(!Mapping::in_range(&Layout::contiguous([2, 3]), [2, 0]));
    /// ```
    #[inline(always)]
    fn in_range(&self, index: [usize; N]) -> bool {
        let shape = self.shape();
        let mut k = 0;
        while k < N {
            if index[k] >= shape[k] {
                return false;
            }
            k += 1;
        }
        true
    }
}

impl<const N: usize> Sealed for Layout<N> {}

// Not listed in errors: `Mapping`'s message says what a layout is.
#[diagnostic::do_not_recommend]
impl<const N: usize> Mapping<N> for Layout<N> {
    type Transposed = Layout<N>;
    #[inline(always)]
    fn transposed(&self) -> Layout<N> {
        self.t()
    }
    #[inline(always)]
    fn shape(&self) -> [usize; N] {
        Layout::shape(self)
    }
    #[inline(always)]
    fn strides(&self) -> [isize; N] {
        Layout::strides(self)
    }
    #[inline(always)]
    fn offset(&self) -> usize {
        Layout::offset(self)
    }
    #[inline(always)]
    fn to_layout(&self) -> Layout<N> {
        *self
    }
}
