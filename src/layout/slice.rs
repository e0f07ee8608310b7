//! [`Slice`]: Python's `slice(start, stop, step)` for one axis.
// Filled in by the view-transform work.

/// Python's `slice(start, stop, step)` for one axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    /// First index (negative counts from the end); `None` is the natural start.
    pub start: Option<isize>,
    /// One past the last index (negative counts from the end); `None` is the natural end.
    pub stop: Option<isize>,
    /// Step; negative walks backwards; 0 is an error.
    pub step: isize,
}
