//! `Display` and `Debug` for views and arrays: NumPy's
//! `np.array2string(a, separator=', ')` layout (nested brackets, right-aligned
//! padding to the widest printed element, blank lines between blocks, lines
//! wrapped at 75 columns, `...` past 1000 elements with 3 edge items per
//! axis). No allocation: each element is formatted once to measure the
//! width and again to print it.
//!
//! `f32` and `f64` elements print as NumPy's default `FloatingFormat`
//! (`floatmode='maxprec'`, precision 8): the shortest repr that round-trips
//! (Rust's `{}`), cut to 8 fraction digits with correct rounding (Rust's
//! `{:.8}`, exact like NumPy's dragon4), trailing zeros trimmed, decimal
//! points aligned with right padding, `1.` for an integral value, and
//! scientific notation when the largest magnitude is at least 1e8, or the
//! smallest nonzero one is below 1e-4, or their ratio is above 1000.

use core::fmt::{self, Write};

use super::{StridedView, StridedViewMut};
use crate::layout::Mapping;

mod float;

// NumPy's print options (defaults).
const LINE_WIDTH: usize = 75;
const THRESHOLD: usize = 1000;
const EDGE_ITEMS: usize = 3;

// Counts the characters written (NumPy pads by `len(str)`: code points).
struct Count(usize);

impl Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

// How one element is written.
type Elem<'f, T> = &'f dyn Fn(&T, &mut dyn Write) -> fmt::Result;

fn width_of<T>(x: &T, elem: Elem<'_, T>) -> usize {
    let mut c = Count(0);
    // Formatting into a counter cannot fail unless the element's own
    // formatting does; then it prints as it can.
    let _ = elem(x, &mut c);
    c.0
}

fn spaces(f: &mut dyn Write, n: usize) -> fmt::Result {
    for _ in 0..n {
        f.write_char(' ')?;
    }
    Ok(())
}

// The indices shown along an axis of size `n`: all of them, or the first
// and last EDGE_ITEMS with `None` (the `...`) between.
fn shown(n: usize, summarize: bool) -> impl Iterator<Item = Option<usize>> {
    let cut = summarize && n > 2 * EDGE_ITEMS;
    let head = if cut { EDGE_ITEMS } else { n };
    (0..head)
        .map(Some)
        .chain(cut.then_some(None))
        .chain((if cut { n - EDGE_ITEMS } else { n }..n).map(Some))
}

struct Printer<'v, 'f, T, const N: usize, M: Mapping<N>> {
    view: StridedView<'v, T, N, M>,
    elem: Elem<'f, T>,
    summarize: bool,
    width: usize,
}

impl<T, const N: usize, M: Mapping<N>> Printer<'_, '_, T, N, M> {
    fn max_width(&self) -> usize {
        let mut w = 0;
        visit(self.view, self.summarize, &mut |x| {
            w = w.max(width_of(x, self.elem));
        });
        w
    }

    fn word(&self, f: &mut dyn Write, index: &[usize; N]) -> fmt::Result {
        match self.view.get(*index) {
            Some(x) => {
                spaces(f, self.width.saturating_sub(width_of(x, self.elem)))?;
                (self.elem)(x, f)
            }
            None => Ok(()),
        }
    }

    // NumPy's `_formatArray.recurser` for the axis `depth`, written at
    // column `depth` (the caller wrote the hanging indent).
    fn array(&self, f: &mut dyn Write, index: &mut [usize; N], depth: usize) -> fmt::Result {
        let axes_left = N - depth;
        let hang = depth + 1;
        let n = self.view.shape()[depth];
        f.write_char('[')?;
        if axes_left == 1 {
            // Rows: wrap so that each line, with its separator or bracket,
            // fits the width left at this depth.
            let limit = LINE_WIDTH - depth - 1;
            let mut col = hang;
            let mut first = true;
            for i in shown(n, self.summarize) {
                if !first {
                    f.write_char(',')?;
                    col += 2;
                }
                let w = if i.is_some() { self.width } else { 3 };
                if !first {
                    if col + w > limit && col > hang {
                        f.write_char('\n')?;
                        spaces(f, hang)?;
                        col = hang;
                    } else {
                        f.write_char(' ')?;
                    }
                }
                first = false;
                match i {
                    Some(i) => {
                        index[depth] = i;
                        self.word(f, index)?;
                    }
                    None => f.write_str("...")?,
                }
                col += w;
            }
        } else {
            let mut first = true;
            for i in shown(n, self.summarize) {
                if !first {
                    f.write_char(',')?;
                    for _ in 0..axes_left - 1 {
                        f.write_char('\n')?;
                    }
                    spaces(f, hang)?;
                }
                first = false;
                match i {
                    Some(i) => {
                        index[depth] = i;
                        self.array(f, index, depth + 1)?;
                    }
                    None => f.write_str("...")?,
                }
            }
        }
        f.write_char(']')
    }
}

// Calls `f` on each element that is printed (all of them, or the edges of
// a summarized array), in row-major order.
fn visit<T, const N: usize, M: Mapping<N>>(
    view: StridedView<'_, T, N, M>,
    summarize: bool,
    f: &mut dyn FnMut(&T),
) {
    fn rec<T, const N: usize, M: Mapping<N>>(
        view: StridedView<'_, T, N, M>,
        summarize: bool,
        index: &mut [usize; N],
        depth: usize,
        f: &mut dyn FnMut(&T),
    ) {
        if depth == N {
            if let Some(x) = view.get(*index) {
                f(x);
            }
            return;
        }
        for i in shown(view.shape()[depth], summarize).flatten() {
            index[depth] = i;
            rec(view, summarize, index, depth + 1, f);
        }
    }
    rec(view, summarize, &mut [0; N], 0, f);
}

// NumPy summarizes an array of more than THRESHOLD elements.
fn summarizes<T, const N: usize, M: Mapping<N>>(view: StridedView<'_, T, N, M>) -> bool {
    view.numel() > THRESHOLD
}

// The whole array, as `np.array2string(a, separator=', ')`.
fn write_array<T, const N: usize, M: Mapping<N>>(
    f: &mut dyn Write,
    view: StridedView<'_, T, N, M>,
    elem: Elem<'_, T>,
) -> fmt::Result {
    if N == 0 {
        return match view.get([0; N]) {
            Some(x) => elem(x, f),
            None => Ok(()),
        };
    }
    if view.is_empty() {
        return f.write_str("[]");
    }
    let mut p = Printer {
        view,
        elem,
        summarize: summarizes(view),
        width: 0,
    };
    p.width = p.max_width();
    p.array(f, &mut [0usize; N], 0)
}

fn display<T: fmt::Display, const N: usize, M: Mapping<N>>(
    view: StridedView<'_, T, N, M>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let precision = f.precision();
    if let Some(kind) = float::Kind::of::<T>() {
        let raw = |x: &T, w: &mut dyn Write| write!(w, "{x}");
        return float::write_array(f, view, kind, &raw, precision);
    }
    let elem = move |x: &T, w: &mut dyn Write| match precision {
        Some(p) => write!(w, "{x:.p$}"),
        None => write!(w, "{x}"),
    };
    write_array(f, view, &elem)
}

fn debug<T: fmt::Debug, const N: usize, M: Mapping<N>>(
    view: StridedView<'_, T, N, M>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let precision = f.precision();
    if let Some(kind) = float::Kind::of::<T>() {
        let raw = |x: &T, w: &mut dyn Write| write!(w, "{x:?}");
        float::write_array(f, view, kind, &raw, precision)?;
    } else {
        let elem = move |x: &T, w: &mut dyn Write| match precision {
            Some(p) => write!(w, "{x:.p$?}"),
            None => write!(w, "{x:?}"),
        };
        write_array(f, view, &elem)?;
    }
    let l = view.layout();
    f.write_str(", shape=")?;
    tuple(f, l.shape().iter().map(|&v| v as i128))?;
    f.write_str(", strides=")?;
    tuple(f, l.strides().iter().map(|&v| v as i128))?;
    write!(f, ", offset={}", l.offset())
}

// A shape or strides as `Display` and `LayoutError` write them: `(2, 3)`,
// `(5,)`, `()`.
fn tuple(f: &mut dyn Write, vals: impl ExactSizeIterator<Item = i128>) -> fmt::Result {
    let one = vals.len() == 1;
    f.write_char('(')?;
    for (i, v) in vals.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{v}")?;
    }
    if one {
        f.write_char(',')?;
    }
    f.write_char(')')
}

/// NumPy's `np.array2string(a, separator=', ')`: nested brackets in
/// logical order, elements right-aligned to the widest printed one, a
/// blank line between blocks of rank 3 and more, lines wrapped at 75
/// columns, and past 1000 elements only the first and last 3 of each axis
/// with `...` between. A precision (`{:.2}`) applies to every element:
/// floats then print exactly that many fraction digits (Rust's `{:.p}`,
/// as ndarray, and NumPy's `floatmode='fixed'`; scientific notation under
/// the same rule as without it). Rank 0 prints the element; an empty view
/// prints `[]`.
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x: Vec<i32> = (0..6).collect();
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
/// assert_eq!(v.to_string(), "[[0, 1, 2],\n [3, 4, 5]]");
/// assert_eq!(v.t().to_string(), "[[0, 3],\n [1, 4],\n [2, 5]]");
/// let y = [0.5f64, -1.25];
/// let w = StridedView::new(&y, Layout::contiguous([2]))?;
/// assert_eq!(w.to_string(), "[ 0.5 , -1.25]"); // NumPy pads the digits after the point
/// assert_eq!(format!("{w:.1}"), "[ 0.5, -1.2]");
/// // np.array2string(np.array([0.5, -1.25, 10.0]), separator=', ', precision=2, floatmode='fixed')
/// let z = [0.5f64, -1.25, 10.0];
/// assert_eq!(format!("{:.2}", StridedView::from(&z[..])), "[ 0.50, -1.25, 10.00]");
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<T: fmt::Display, const N: usize, M: Mapping<N>> fmt::Display for StridedView<'_, T, N, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display(*self, f)
    }
}

/// As for [`StridedView`].
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = [1, -20, 3];
/// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
/// assert_eq!(v.to_string(), "[  1, -20,   3]");
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<T: fmt::Display, const N: usize, M: Mapping<N>> fmt::Display for StridedViewMut<'_, T, N, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display(self.view(), f)
    }
}

/// The elements as `Display` prints them (each element with `Debug`),
/// then the shape, strides and offset.
///
/// ```
/// use constrided::{Layout, StridedView};
/// let x = [1, 2, 3, 4, 5, 6];
/// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?.flip(1)?;
/// assert_eq!(
///     format!("{v:?}"),
///     "[[3, 2, 1],\n [6, 5, 4]], shape=(2, 3), strides=(3, -1), offset=2"
/// );
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<T: fmt::Debug, const N: usize, M: Mapping<N>> fmt::Debug for StridedView<'_, T, N, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug(*self, f)
    }
}

/// As for [`StridedView`].
///
/// ```
/// use constrided::{Layout, StridedViewMut};
/// let mut x = ['a', 'b'];
/// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
/// assert_eq!(format!("{v:?}"), "['a', 'b'], shape=(2,), strides=(1,), offset=0");
/// # Ok::<(), constrided::LayoutError>(())
/// ```
impl<T: fmt::Debug, const N: usize, M: Mapping<N>> fmt::Debug for StridedViewMut<'_, T, N, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug(self.view(), f)
    }
}

#[cfg(feature = "alloc")]
mod array {
    use super::*;
    use crate::StridedArray;

    /// As for [`StridedView`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_fn([2, 2, 2], |[i, j, k]| 4 * i + 2 * j + k);
    /// assert_eq!(a.to_string(), "[[[0, 1],\n  [2, 3]],\n\n [[4, 5],\n  [6, 7]]]");
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<T: fmt::Display, const N: usize> fmt::Display for StridedArray<T, N> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            display(self.view(), f)
        }
    }

    /// As for [`StridedView`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_elem([1, 2], 0u8);
    /// assert_eq!(format!("{a:?}"), "[[0, 0]], shape=(1, 2), strides=(2, 1), offset=0");
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    impl<T: fmt::Debug, const N: usize> fmt::Debug for StridedArray<T, N> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            debug(self.view(), f)
        }
    }
}
