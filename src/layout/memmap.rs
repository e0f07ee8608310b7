//! [`MemoryMap`]: a text picture of which buffer positions a layout covers,
//! drawn like the seeds' figures (the buffer as a grid, covered cells marked).

use core::fmt;

use super::Layout;

/// What a covered cell of a [`MemoryMap`] shows.
///
/// ```
/// use constrided::{layout::CellLabel, Layout};
/// let m = Layout::contiguous([2]).memory_map(4).label(CellLabel::Mark);
/// assert!(m.to_string().contains('#'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellLabel {
    /// The element's number in logical row-major order (0, 1, 2, …); a `+`
    /// follows when more than one element reaches the position (broadcast).
    Order,
    /// A `#` for every covered position.
    Mark,
}

/// A text picture of the buffer positions a layout covers, made by
/// [`Layout::memory_map`]. `Display` draws the buffer as a grid, `width`
/// positions per row, each covered cell labelled with the number of the
/// element that lives there (logical row-major order) and uncovered cells
/// shown as `·`.
///
/// The renderer needs no allocation; it is meant for small buffers (the
/// demo's 10x10), costing O(buffer length × elements).
///
/// ```
/// use constrided::Layout;
/// // The seeds' second example: shape (4, 3), strides (20, 2), offset 22.
/// let l = Layout::new([4, 3], [20, 2], 22)?;
/// let text = l.memory_map(100).width(10).to_string();
/// let row_20 = text.lines().find(|r| r.trim_start().starts_with("20 ")).unwrap();
/// assert_eq!(row_20.split_whitespace().collect::<Vec<_>>(),
///            ["20", "·", "·", "0", "·", "1", "·", "2", "·", "·", "·"]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemoryMap<const N: usize> {
    layout: Layout<N>,
    buffer_len: usize,
    width: usize,
    color: bool,
    label: CellLabel,
}

impl<const N: usize> Layout<N> {
    /// A [`MemoryMap`] of this layout over a buffer of `buffer_len` elements
    /// (10 positions per row, no colour, cells labelled with element order).
    ///
    /// ```
    /// use constrided::Layout;
    /// let l = Layout::new([2, 2], [1, 2], 0)?; // a transpose
    /// let text = l.memory_map(4).width(4).to_string();
    /// assert!(text.lines().any(|r| r.split_whitespace().eq(["0", "0", "2", "1", "3"])));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn memory_map(&self, buffer_len: usize) -> MemoryMap<N> {
        MemoryMap {
            layout: *self,
            buffer_len,
            width: 10,
            color: false,
            label: CellLabel::Order,
        }
    }
}

impl<const N: usize> MemoryMap<N> {
    /// Positions per row (at least 1).
    ///
    /// ```
    /// # use constrided::Layout;
    /// let text = Layout::contiguous([6]).memory_map(6).width(3).to_string();
    /// assert!(text.lines().any(|r| r.split_whitespace().eq(["3", "3", "4", "5"])));
    /// ```
    pub fn width(mut self, width: usize) -> Self {
        self.width = width.max(1);
        self
    }

    /// Draw covered cells in colour (ANSI escape codes); for terminals.
    ///
    /// ```
    /// # use constrided::Layout;
    /// let text = Layout::contiguous([2]).memory_map(2).color(true).to_string();
    /// assert!(text.contains("\x1b["));
    /// ```
    pub fn color(mut self, color: bool) -> Self {
        self.color = color;
        self
    }

    /// What covered cells show.
    ///
    /// ```
    /// # use constrided::{layout::CellLabel, Layout};
    /// let text = Layout::contiguous([2]).memory_map(3).label(CellLabel::Mark).to_string();
    /// assert_eq!(text.matches('#').count(), 2);
    /// ```
    pub fn label(mut self, label: CellLabel) -> Self {
        self.label = label;
        self
    }

    // The first element (in row-major order) reaching `pos`, and whether
    // another one does too.
    fn coverage(&self, pos: usize) -> Option<(usize, bool)> {
        let shape = self.layout.shape();
        if self.layout.is_empty() {
            return None;
        }
        let mut index = [0usize; N];
        let mut order = 0usize;
        let mut first = None;
        loop {
            if self.layout.offset_of_unchecked(index) == pos {
                match first {
                    None => first = Some(order),
                    Some(f) => return Some((f, true)),
                }
            }
            order += 1;
            // Odometer step, last axis fastest.
            let mut k = N;
            loop {
                if k == 0 {
                    return first.map(|f| (f, false));
                }
                k -= 1;
                index[k] += 1;
                if index[k] < shape[k] {
                    break;
                }
                index[k] = 0;
            }
        }
    }
}

fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

impl<const N: usize> fmt::Display for MemoryMap<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let numel = self.layout.numel();
        let cell = match self.label {
            CellLabel::Order => digits(numel.saturating_sub(1)) + 1,
            CellLabel::Mark => 1,
        }
        .max(digits(self.width.saturating_sub(1)) + 1);
        let margin = digits(self.buffer_len.saturating_sub(1));
        writeln!(
            f,
            "{} over a buffer of {} (cells: element number in row-major order, · not reached)",
            self.layout, self.buffer_len
        )?;
        // Column header: +0 +1 ...
        write!(f, "{:>margin$}", "")?;
        for c in 0..self.width.min(self.buffer_len.max(1)) {
            write!(f, " {:>cell$}", c, cell = cell)?;
        }
        writeln!(f)?;
        let mut row = 0;
        while row < self.buffer_len {
            write!(f, "{row:>margin$}")?;
            for pos in row..(row + self.width).min(self.buffer_len) {
                f.write_str(" ")?;
                match (self.coverage(pos), self.label) {
                    (None, _) => write!(f, "{:>cell$}", "·")?,
                    (Some((order, many)), label) => {
                        if self.color {
                            f.write_str(if many { "\x1b[1;33m" } else { "\x1b[1;36m" })?;
                        }
                        match label {
                            CellLabel::Order if many => write!(f, "{:>w$}+", order, w = cell - 1)?,
                            CellLabel::Order => write!(f, "{order:>cell$}")?,
                            CellLabel::Mark => write!(f, "{:>cell$}", "#")?,
                        }
                        if self.color {
                            f.write_str("\x1b[0m")?;
                        }
                    }
                }
            }
            writeln!(f)?;
            row += self.width;
        }
        // Positions the layout reaches beyond the buffer are worth saying.
        let required = self.layout.required_len();
        if required > self.buffer_len {
            writeln!(
                f,
                "(the layout reaches up to position {}, past the buffer's end)",
                required - 1
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn seed_one_covers_the_inner_block() {
        let l = Layout::new([6, 5], [10, 1], 22).unwrap();
        let text = l.memory_map(100).to_string();
        let rows: std::vec::Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(rows.len(), 10);
        for (r, line) in rows.iter().enumerate() {
            let cells: std::vec::Vec<&str> = line.split_whitespace().skip(1).collect();
            for (c, cell) in cells.iter().enumerate() {
                let covered = (2..8).contains(&r) && (2..7).contains(&c);
                if covered {
                    assert_eq!(*cell, ((r - 2) * 5 + (c - 2)).to_string());
                } else {
                    assert_eq!(*cell, "·");
                }
            }
        }
    }

    #[test]
    fn broadcast_marks_shared_cells() {
        let l = Layout::new([3, 2], [0, 1], 1).unwrap();
        let text = l.memory_map(4).to_string();
        assert!(text.contains("0+"), "{text}");
        assert!(text.contains("1+"), "{text}");
    }

    #[test]
    fn scalar_and_empty() {
        let s = Layout::<0>::new([], [], 2).unwrap();
        let text = s.memory_map(3).to_string();
        let row: std::vec::Vec<&str> = text.lines().nth(2).unwrap().split_whitespace().collect();
        assert_eq!(row, ["0", "·", "·", "0"], "{text}");
        let e = Layout::new([0, 4], [4, 1], 0).unwrap();
        let text = e.memory_map(4).to_string();
        let cells = text
            .lines()
            .skip(2)
            .flat_map(|l| l.split_whitespace().skip(1));
        assert!(cells.into_iter().all(|c| c == "·"), "{text}");
    }
}
