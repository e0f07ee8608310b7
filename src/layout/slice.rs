//! [`Slice`]: Python's `slice(start, stop, step)` for one axis, and the
//! [`s!`](crate::s) macro that builds one per axis.

use core::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// Python's `slice(start, stop, step)` for one axis: negative bounds count
/// from the end, out-of-range bounds clamp, a negative step walks backwards,
/// and a step of 0 is an error (`LayoutError::ZeroStep`).
///
/// ```
/// use constrided::Slice;
/// // x[::-2] over 5 elements visits 4, 2, 0.
/// assert_eq!(Slice::new(None, None, -2).indices(5), Some((4, -2, 3)));
/// // x[-3:] over 5 elements visits 2, 3, 4.
/// assert_eq!(Slice::new(Some(-3), None, 1).indices(5), Some((2, 1, 3)));
/// // Ranges convert: 1..3 is x[1:3].
/// assert_eq!(Slice::from(1..3), Slice::new(Some(1), Some(3), 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    /// First index (negative counts from the end); `None` is the natural start.
    pub start: Option<isize>,
    /// One past the last index (negative counts from the end); `None` is the natural end.
    pub stop: Option<isize>,
    /// Step; negative walks backwards; 0 is an error.
    pub step: isize,
}

impl Slice {
    /// `slice(start, stop, step)`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// let s = Slice::new(Some(1), None, 2);
    /// assert_eq!(s.indices(6), Some((1, 2, 3)));
    /// ```
    pub const fn new(start: Option<isize>, stop: Option<isize>, step: isize) -> Self {
        Slice { start, stop, step }
    }

    /// The whole axis, `x[:]`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::full().indices(4), Some((0, 1, 4)));
    /// ```
    pub const fn full() -> Self {
        Slice::new(None, None, 1)
    }

    /// The same slice with another step, `x[start:stop:step]`.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::from(..).step_by(-1).indices(3), Some((2, -1, 3)));
    /// ```
    pub const fn step_by(self, step: isize) -> Self {
        Slice { step, ..self }
    }

    /// Python's `slice.indices(len)`, as `(first index, step, count)`:
    /// the selected indices are `first + k·step` for `k in 0..count`.
    /// `None` when the step is 0. When `count` is 0, `first` is meaningless.
    ///
    /// ```
    /// # use constrided::Slice;
    /// assert_eq!(Slice::new(Some(10), Some(20), 1).indices(5), Some((0, 1, 0)));
    /// assert_eq!(Slice::new(Some(-100), Some(2), 1).indices(5), Some((0, 1, 2)));
    /// assert_eq!(Slice::new(None, None, 0).indices(5), None);
    /// ```
    pub const fn indices(&self, len: usize) -> Option<(usize, isize, usize)> {
        if self.step == 0 {
            return None;
        }
        let len = len as i128;
        let step = self.step as i128;
        let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
        let start = match self.start {
            None => {
                if step < 0 {
                    upper
                } else {
                    lower
                }
            }
            Some(s) => clamp_bound(s as i128, len, lower, upper),
        };
        let stop = match self.stop {
            None => {
                if step < 0 {
                    lower
                } else {
                    upper
                }
            }
            Some(s) => clamp_bound(s as i128, len, lower, upper),
        };
        let count = if step < 0 {
            if stop < start {
                (start - stop - 1) / (-step) + 1
            } else {
                0
            }
        } else if start < stop {
            (stop - start - 1) / step + 1
        } else {
            0
        };
        let first = if count > 0 { start as usize } else { 0 };
        Some((first, self.step, count as usize))
    }
}

// Python's PySlice_AdjustIndices for one bound.
const fn clamp_bound(s: i128, len: i128, lower: i128, upper: i128) -> i128 {
    if s < 0 {
        let s = s + len;
        if s < lower {
            lower
        } else {
            s
        }
    } else if s > upper {
        upper
    } else {
        s
    }
}

impl Default for Slice {
    fn default() -> Self {
        Slice::full()
    }
}

fn to_isize(v: usize) -> isize {
    // Indices beyond isize::MAX clamp like any out-of-range bound.
    isize::try_from(v).unwrap_or(isize::MAX)
}

impl From<Range<usize>> for Slice {
    fn from(r: Range<usize>) -> Self {
        Slice::new(Some(to_isize(r.start)), Some(to_isize(r.end)), 1)
    }
}

impl From<RangeInclusive<usize>> for Slice {
    fn from(r: RangeInclusive<usize>) -> Self {
        let stop = to_isize(*r.end()).saturating_add(1);
        Slice::new(Some(to_isize(*r.start())), Some(stop), 1)
    }
}

impl From<RangeFrom<usize>> for Slice {
    fn from(r: RangeFrom<usize>) -> Self {
        Slice::new(Some(to_isize(r.start)), None, 1)
    }
}

impl From<RangeTo<usize>> for Slice {
    fn from(r: RangeTo<usize>) -> Self {
        Slice::new(None, Some(to_isize(r.end)), 1)
    }
}

impl From<RangeToInclusive<usize>> for Slice {
    fn from(r: RangeToInclusive<usize>) -> Self {
        Slice::new(None, Some(to_isize(r.end).saturating_add(1)), 1)
    }
}

impl From<RangeFull> for Slice {
    fn from(_: RangeFull) -> Self {
        Slice::full()
    }
}

/// Builds a `[Slice; N]`, one entry per axis, NumPy style: each entry is a
/// range (`a..b`, `a..`, `..b`, `..`, `a..=b`) with an optional `;step`.
/// Negative bounds need [`Slice::new`] (ranges of `usize` cannot hold them).
///
/// ```
/// use constrided::{s, Layout, Slice};
/// let l = Layout::contiguous([3, 4]);
/// // a[1:3, ::-1]
/// let v = l.slice(s![1..3, ..;-1])?;
/// assert_eq!(v.shape(), [2, 4]);
/// assert_eq!(v.strides(), [4, -1]);
/// assert_eq!(v.offset(), 7);
/// assert_eq!(s![..;2], [Slice::new(None, None, 2)]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[macro_export]
macro_rules! s {
    (@one $r:expr) => { $crate::Slice::from($r) };
    (@one $r:expr ; $step:expr) => { $crate::Slice::from($r).step_by($step) };
    ($($r:expr $(; $step:expr)?),* $(,)?) => {
        [$($crate::s!(@one $r $(; $step)?)),*]
    };
}
