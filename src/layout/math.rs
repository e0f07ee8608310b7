//! Layout math: pure `const fn`s over `(shape, strides, offset)` given as
//! slices. This module is the single source of truth for every layout rule;
//! [`Layout`](crate::Layout), the views, the kernels and the `strided!` macro
//! (through const evaluation) all call these functions.
//!
//! Counts are in elements. Positions are computed in `i128`, which holds any
//! `offset + Σ (size-1)·stride` term exactly, so overflow is detected rather
//! than wrapped.
//!
//! ```
//! use constrided::layout::math;
//! // The rules work on plain slices, in const contexts too.
//! const REQUIRED: usize = match math::required_len(&[4, 3], &[20, 2], 22) {
//!     Ok(n) => n,
//!     Err(_) => panic!(),
//! };
//! assert_eq!(REQUIRED, 87);
//! assert!(math::is_unique(&[4, 3], &[20, 2]));
//! ```

use crate::error::{Dims, LayoutError};
use crate::MAX_RANK;

/// The positions a non-empty layout reaches: its lowest and highest position.
///
/// ```
/// use constrided::layout::math::{extent, Extent};
/// assert_eq!(extent(&[4, 3], &[20, 2], 22), Ok(Extent::Span { low: 22, high: 86 }));
/// assert_eq!(extent(&[0, 3], &[-5, 2], 0), Ok(Extent::Empty));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extent {
    /// The layout has no elements (some axis has size 0).
    Empty,
    /// The layout reaches every position it touches within `low..=high`.
    Span {
        /// The lowest position reached (`>= 0` for a valid layout).
        low: usize,
        /// The highest position reached (`<= isize::MAX`).
        high: usize,
    },
}

/// `true` when some axis has size 0.
///
/// ```
/// # use constrided::layout::math::has_zero_axis;
/// assert!(has_zero_axis(&[3, 0]));
/// assert!(!has_zero_axis(&[]));
/// ```
pub const fn has_zero_axis(shape: &[usize]) -> bool {
    let mut i = 0;
    while i < shape.len() {
        if shape[i] == 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// The number of elements, or `ElementCountOverflow`. An empty shape (any
/// zero axis) has 0 elements even when the other sizes would overflow.
///
/// ```
/// # use constrided::layout::math::numel;
/// assert_eq!(numel(&[4, 3]), Ok(12));
/// assert_eq!(numel(&[]), Ok(1));
/// assert!(numel(&[usize::MAX, 2]).is_err());
/// assert_eq!(numel(&[usize::MAX, 0]), Ok(0));
/// ```
pub const fn numel(shape: &[usize]) -> Result<usize, LayoutError> {
    if has_zero_axis(shape) {
        return Ok(0);
    }
    let mut n: usize = 1;
    let mut i = 0;
    while i < shape.len() {
        n = match n.checked_mul(shape[i]) {
            Some(v) => v,
            None => {
                return Err(LayoutError::ElementCountOverflow {
                    shape: Dims::new(shape),
                })
            }
        };
        i += 1;
    }
    Ok(n)
}

/// Validates a layout and returns the positions it reaches.
///
/// Checks, in order: the ranks agree (a shape/strides length mismatch is a
/// `ShapeMismatch`), the rank is at most [`MAX_RANK`], the element count fits
/// `usize`, no position is below 0 (`NegativeReach`) and the highest position
/// fits `isize` (`Overflow`). An empty layout is always valid.
///
/// ```
/// use constrided::layout::math::{extent, Extent};
/// use constrided::LayoutError;
/// assert_eq!(
///     extent(&[4, 3], &[-20, 2], 22),
///     Err(LayoutError::NegativeReach { position: -38 })
/// );
/// assert_eq!(extent(&[3], &[-1], 2), Ok(Extent::Span { low: 0, high: 2 }));
/// ```
pub const fn extent(
    shape: &[usize],
    strides: &[isize],
    offset: usize,
) -> Result<Extent, LayoutError> {
    if shape.len() != strides.len() {
        let mut s = [0usize; MAX_RANK];
        let mut i = 0;
        while i < strides.len() && i < MAX_RANK {
            s[i] = strides[i].unsigned_abs();
            i += 1;
        }
        let n = if strides.len() < MAX_RANK {
            strides.len()
        } else {
            MAX_RANK
        };
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(shape),
            found: Dims::new(s.split_at(n).0),
        });
    }
    if shape.len() > MAX_RANK {
        return Err(LayoutError::AxisOutOfRange {
            axis: shape.len() - 1,
            rank: MAX_RANK,
        });
    }
    if has_zero_axis(shape) {
        return Ok(Extent::Empty);
    }
    if let Err(e) = numel(shape) {
        return Err(e);
    }
    let mut low = offset as i128;
    let mut high = offset as i128;
    let mut i = 0;
    while i < shape.len() {
        // (size-1)·stride: |.| < 2^64 · 2^63 = 2^127, always exact in i128.
        let span = (shape[i] as i128 - 1) * strides[i] as i128;
        if span < 0 {
            low = match low.checked_add(span) {
                Some(v) => v,
                None => {
                    return Err(LayoutError::NegativeReach {
                        position: i128::MIN,
                    })
                }
            };
        } else {
            high = match high.checked_add(span) {
                Some(v) => v,
                None => {
                    return Err(LayoutError::Overflow {
                        position: i128::MAX,
                    })
                }
            };
        }
        i += 1;
    }
    if low < 0 {
        return Err(LayoutError::NegativeReach { position: low });
    }
    if high > isize::MAX as i128 {
        return Err(LayoutError::Overflow { position: high });
    }
    Ok(Extent::Span {
        low: low as usize,
        high: high as usize,
    })
}

/// The lowest position a shape/strides pair reaches relative to element
/// `(0, …, 0)`: the sum of `(size-1)·stride` over the negative strides, or 0
/// when the layout is empty. This is how far a pointer to element 0 (what C
/// descriptors, NumPy and `data_ptr()` give) sits above the buffer start, so
/// `-lowest_reach` is the offset of the same layout counted from that start.
/// Exact in `i128` (saturating at `i128::MIN`, far below any valid layout).
///
/// ```
/// use constrided::layout::math::lowest_reach;
/// assert_eq!(lowest_reach(&[4, 3], &[-20, 2]), -60);
/// assert_eq!(lowest_reach(&[4, 3], &[20, 2]), 0);
/// assert_eq!(lowest_reach(&[0, 3], &[-20, -2]), 0); // empty
/// assert_eq!(lowest_reach(&[], &[]), 0); // scalar
/// ```
pub const fn lowest_reach(shape: &[usize], strides: &[isize]) -> i128 {
    if has_zero_axis(shape) {
        return 0;
    }
    let mut low: i128 = 0;
    let mut i = 0;
    while i < shape.len() && i < strides.len() {
        if strides[i] < 0 {
            // |(size-1)·stride| < 2^127: exact; the sum saturates.
            low = low.saturating_add((shape[i] as i128 - 1) * strides[i] as i128);
        }
        i += 1;
    }
    low
}

/// The shortest buffer that holds the layout: highest position + 1, or 0 when
/// empty.
///
/// ```
/// # use constrided::layout::math::required_len;
/// assert_eq!(required_len(&[6, 5], &[10, 1], 22), Ok(77));
/// assert_eq!(required_len(&[0], &[1], 100), Ok(0));
/// assert_eq!(required_len(&[], &[], 7), Ok(8));
/// ```
pub const fn required_len(
    shape: &[usize],
    strides: &[isize],
    offset: usize,
) -> Result<usize, LayoutError> {
    match extent(shape, strides, offset) {
        Ok(Extent::Empty) => Ok(0),
        Ok(Extent::Span { high, .. }) => Ok(high + 1),
        Err(e) => Err(e),
    }
}

/// Validates a layout against a buffer of `len` elements.
///
/// ```
/// # use constrided::layout::math::check_in_buffer;
/// # use constrided::LayoutError;
/// assert_eq!(check_in_buffer(&[4, 3], &[20, 2], 22, 100), Ok(87));
/// assert_eq!(
///     check_in_buffer(&[4, 3], &[20, 2], 22, 50),
///     Err(LayoutError::OutOfBounds { required: 87, len: 50 })
/// );
/// ```
pub const fn check_in_buffer(
    shape: &[usize],
    strides: &[isize],
    offset: usize,
    len: usize,
) -> Result<usize, LayoutError> {
    match required_len(shape, strides, offset) {
        Ok(required) if required <= len => Ok(required),
        Ok(required) => Err(LayoutError::OutOfBounds { required, len }),
        Err(e) => Err(e),
    }
}

/// Row-major (C) contiguity, the seeds' `isContiguous`: axes of size 1 are
/// ignored, an empty layout is contiguous. The offset does not matter.
///
/// ```
/// # use constrided::layout::math::is_c_contiguous;
/// assert!(is_c_contiguous(&[3, 4], &[4, 1]));
/// assert!(is_c_contiguous(&[3, 1, 4], &[4, 99, 1]));
/// assert!(!is_c_contiguous(&[2, 2], &[4, 1])); // a[1:3, 1:3] of a 3x4 array
/// assert!(is_c_contiguous(&[0, 5], &[7, 7]));
/// ```
pub const fn is_c_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    if has_zero_axis(shape) {
        return true;
    }
    let mut z: isize = 1;
    let mut d = shape.len();
    while d > 0 {
        d -= 1;
        if shape[d] != 1 {
            if strides[d] != z {
                return false;
            }
            z = z.wrapping_mul(shape[d] as isize);
        }
    }
    true
}

/// Column-major (Fortran) contiguity: the mirror of [`is_c_contiguous`].
///
/// ```
/// # use constrided::layout::math::is_f_contiguous;
/// assert!(is_f_contiguous(&[3, 4], &[1, 3]));
/// assert!(!is_f_contiguous(&[3, 4], &[4, 1]));
/// ```
pub const fn is_f_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    if has_zero_axis(shape) {
        return true;
    }
    let mut z: isize = 1;
    let mut d = 0;
    while d < shape.len() {
        if shape[d] != 1 {
            if strides[d] != z {
                return false;
            }
            z = z.wrapping_mul(shape[d] as isize);
        }
        d += 1;
    }
    true
}

/// How many search steps [`find_alias`] may take before it gives up (then
/// [`is_unique`] answers `false`, which is always sound).
///
/// ```
/// use constrided::layout::math::{find_alias, Uniqueness, ALIAS_SEARCH_BUDGET};
/// // Unique but not nested: found unique well within the budget.
/// assert_eq!(find_alias(&[2, 3], &[4, 3], ALIAS_SEARCH_BUDGET), Uniqueness::Unique);
/// assert_eq!(find_alias(&[2, 3], &[4, 3], 1), Uniqueness::Unknown);
/// ```
pub const ALIAS_SEARCH_BUDGET: u64 = 1 << 20;

/// What [`find_alias`] concluded.
///
/// ```
/// use constrided::layout::math::{find_alias, Uniqueness};
/// assert_eq!(find_alias(&[2, 3], &[4, 3], 1000), Uniqueness::Unique);
/// assert!(matches!(find_alias(&[3, 3], &[1, 1], 1000), Uniqueness::Aliases { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// No two indices reach the same position.
    Unique,
    /// These two distinct indices reach the same position.
    Aliases {
        /// One index.
        first: Dims,
        /// Another index reaching the same position.
        second: Dims,
    },
    /// The search ran out of budget without finding a collision.
    Unknown,
}

/// The sorted-by-|stride| nesting test: every axis (of size > 1) has a
/// |stride| at least the span of all the axes with smaller |strides|. Sound
/// (never `true` for an aliasing layout) but conservative.
///
/// ```
/// # use constrided::layout::math::is_nested;
/// assert!(is_nested(&[4, 3], &[20, 2]));
/// assert!(!is_nested(&[2, 3], &[4, 3])); // unique, but not nested
/// assert!(!is_nested(&[3], &[0]));
/// ```
pub const fn is_nested(shape: &[usize], strides: &[isize]) -> bool {
    if has_zero_axis(shape) {
        return true;
    }
    let (n, sizes, abs) = nontrivial_axes(shape, strides);
    let order = sort_by_stride(&abs, n);
    // `span` is the number of positions covered by the axes seen so far.
    let mut span: u128 = 1;
    let mut k = 0;
    while k < n {
        let a = order[k];
        if abs[a] == 0 || (abs[a] as u128) < span {
            return false;
        }
        span += (sizes[a] as u128 - 1) * abs[a] as u128;
        k += 1;
    }
    true
}

/// Exact uniqueness test: searches for two distinct indices reaching the same
/// position, i.e. a non-zero `d` with `|d_k| < shape_k` and `Σ d_k·stride_k = 0`.
/// Nested layouts answer at once; others are searched depth-first, largest
/// stride first, with pruning, for at most `budget` steps.
///
/// ```
/// use constrided::layout::math::{find_alias, Uniqueness};
/// use constrided::Dims;
/// assert_eq!(
///     find_alias(&[3, 3], &[1, 1], 1000),
///     Uniqueness::Aliases { first: Dims::new(&[0, 1]), second: Dims::new(&[1, 0]) }
/// );
/// assert_eq!(find_alias(&[4], &[0], 1000),
///     Uniqueness::Aliases { first: Dims::new(&[1]), second: Dims::new(&[0]) });
/// ```
pub const fn find_alias(shape: &[usize], strides: &[isize], budget: u64) -> Uniqueness {
    if is_nested(shape, strides) {
        return Uniqueness::Unique;
    }
    let (n, sizes, abs) = nontrivial_axes(shape, strides);
    let map = nontrivial_map(shape);
    // A zero stride on an axis of size > 1 aliases at once.
    let mut k = 0;
    while k < n {
        if abs[k] == 0 {
            let mut d = [0i128; MAX_RANK];
            d[k] = 1;
            return witness(shape, strides, &map, n, &d);
        }
        k += 1;
    }
    // Order axes by decreasing |stride|; rest[k] = Σ_{j>k} (size_j-1)·|stride_j|.
    let asc = sort_by_stride(&abs, n);
    let mut order = [0usize; MAX_RANK];
    let mut k = 0;
    while k < n {
        order[k] = asc[n - 1 - k];
        k += 1;
    }
    let mut rest = [0i128; MAX_RANK + 1];
    let mut k = n;
    while k > 0 {
        k -= 1;
        let a = order[k];
        rest[k] = rest[k + 1] + (sizes[a] as i128 - 1) * abs[a] as i128;
    }
    // Depth-first search over d[order[0]], d[order[1]], ... with partial sums.
    // The first non-zero d is taken positive (d and -d are the same pair).
    let mut d = [0i128; MAX_RANK];
    let mut sum = [0i128; MAX_RANK + 1];
    let mut started = [false; MAX_RANK + 1];
    let mut depth = 0usize;
    let mut steps = 0u64;
    // Start each level at its lowest feasible value.
    let mut fresh = true;
    loop {
        steps += 1;
        if steps > budget {
            return Uniqueness::Unknown;
        }
        if depth == n {
            // Complete assignment: a collision if the sum is 0 and d != 0.
            if sum[n] == 0 && started[n] {
                let mut dd = [0i128; MAX_RANK];
                let mut j = 0;
                while j < n {
                    dd[order[j]] = d[j];
                    j += 1;
                }
                return witness(shape, strides, &map, n, &dd);
            }
            if depth == 0 {
                return Uniqueness::Unique;
            }
            depth -= 1;
            fresh = false;
            continue;
        }
        let a = order[depth];
        let s = abs[a] as i128;
        let m = sizes[a] as i128 - 1;
        // Feasible d: |sum + d·s| <= rest[depth+1]; lowest is 0 until started.
        let lo_bound = if started[depth] { -m } else { 0 };
        let need_lo = -(sum[depth] + rest[depth + 1]);
        let need_hi = rest[depth + 1] - sum[depth];
        let lo = max_i128(lo_bound, ceil_div(need_lo, s));
        let hi = min_i128(m, floor_div(need_hi, s));
        let next = if fresh { lo } else { d[depth] + 1 };
        if next > hi {
            if depth == 0 {
                return Uniqueness::Unique;
            }
            depth -= 1;
            fresh = false;
            continue;
        }
        d[depth] = next;
        sum[depth + 1] = sum[depth] + next * s;
        started[depth + 1] = started[depth] || next != 0;
        depth += 1;
        fresh = true;
    }
}

/// `true` when no two indices reach the same position (exact up to
/// [`ALIAS_SEARCH_BUDGET`] search steps; `false` when undecided).
///
/// ```
/// # use constrided::layout::math::is_unique;
/// assert!(is_unique(&[2, 3], &[4, 3]));
/// assert!(!is_unique(&[3, 3], &[1, 1]));
/// assert!(is_unique(&[5, 0], &[0, 0])); // empty
/// ```
pub const fn is_unique(shape: &[usize], strides: &[isize]) -> bool {
    matches!(
        find_alias(shape, strides, ALIAS_SEARCH_BUDGET),
        Uniqueness::Unique
    )
}

/// Checks that a layout may back a mutable view: `Ok` when unique, otherwise
/// `Aliasing` with two colliding indices when one was found.
///
/// ```
/// # use constrided::layout::math::check_unique;
/// # use constrided::{Dims, LayoutError};
/// assert_eq!(check_unique(&[2, 3], &[4, 3]), Ok(()));
/// assert_eq!(
///     check_unique(&[3, 3], &[1, 1]),
///     Err(LayoutError::Aliasing { indices: Some((Dims::new(&[0, 1]), Dims::new(&[1, 0]))) })
/// );
/// ```
pub const fn check_unique(shape: &[usize], strides: &[isize]) -> Result<(), LayoutError> {
    match find_alias(shape, strides, ALIAS_SEARCH_BUDGET) {
        Uniqueness::Unique => Ok(()),
        Uniqueness::Aliases { first, second } => Err(LayoutError::Aliasing {
            indices: Some((first, second)),
        }),
        Uniqueness::Unknown => Err(LayoutError::Aliasing { indices: None }),
    }
}

/// Row-major strides of a contiguous layout of `shape`, written into `out`,
/// or `ElementCountOverflow` / `Overflow` when they do not fit. As in NumPy,
/// a size-0 axis counts as size 1 for the strides outside it; an empty shape
/// never fails (strides that would not fit saturate at `isize::MAX`).
///
/// ```
/// # use constrided::layout::math::c_strides;
/// let mut s = [0isize; 3];
/// c_strides(&[2, 3, 4], &mut s).unwrap();
/// assert_eq!(s, [12, 4, 1]);
/// c_strides(&[2, 0, 4], &mut s).unwrap();
/// assert_eq!(s, [4, 4, 1]);
/// let mut e = [0isize; 2];
/// c_strides(&[0, usize::MAX], &mut e).unwrap();
/// assert_eq!(e, [isize::MAX, 1]);
/// assert!(c_strides(&[2, usize::MAX / 2], &mut e).is_err());
/// ```
pub const fn c_strides(shape: &[usize], out: &mut [isize]) -> Result<(), LayoutError> {
    if let Err(e) = numel(shape) {
        return Err(e);
    }
    let empty = has_zero_axis(shape);
    let mut z: usize = 1;
    let mut d = shape.len();
    while d > 0 {
        d -= 1;
        out[d] = z as isize;
        // As NumPy: a size-0 axis counts as size 1 for the axes outside it.
        if shape[d] != 0 {
            z = z.saturating_mul(shape[d]);
        }
        if z > isize::MAX as usize {
            if empty {
                // No element is ever reached: any stride is valid, so
                // saturate instead of failing.
                z = isize::MAX as usize;
            } else {
                return Err(LayoutError::Overflow {
                    position: z as i128 - 1,
                });
            }
        }
    }
    Ok(())
}

/// Column-major strides of a contiguous layout of `shape`, written into `out`.
///
/// ```
/// # use constrided::layout::math::f_strides;
/// let mut s = [0isize; 3];
/// f_strides(&[2, 3, 4], &mut s).unwrap();
/// assert_eq!(s, [1, 2, 6]);
/// ```
pub const fn f_strides(shape: &[usize], out: &mut [isize]) -> Result<(), LayoutError> {
    if let Err(e) = numel(shape) {
        return Err(e);
    }
    let empty = has_zero_axis(shape);
    let mut z: usize = 1;
    let mut d = 0;
    while d < shape.len() {
        out[d] = z as isize;
        if shape[d] != 0 {
            z = z.saturating_mul(shape[d]);
        }
        if z > isize::MAX as usize {
            if empty {
                z = isize::MAX as usize;
            } else {
                return Err(LayoutError::Overflow {
                    position: z as i128 - 1,
                });
            }
        }
        d += 1;
    }
    Ok(())
}

// The axes of size > 1, compacted: (count, sizes, |strides|).
const fn nontrivial_axes(
    shape: &[usize],
    strides: &[isize],
) -> (usize, [usize; MAX_RANK], [usize; MAX_RANK]) {
    let mut sizes = [0usize; MAX_RANK];
    let mut abs = [0usize; MAX_RANK];
    let mut n = 0;
    let mut i = 0;
    while i < shape.len() && i < MAX_RANK {
        if shape[i] > 1 {
            sizes[n] = shape[i];
            abs[n] = strides[i].unsigned_abs();
            n += 1;
        }
        i += 1;
    }
    (n, sizes, abs)
}

// For each compacted axis, its original axis number.
const fn nontrivial_map(shape: &[usize]) -> [usize; MAX_RANK] {
    let mut map = [0usize; MAX_RANK];
    let mut n = 0;
    let mut i = 0;
    while i < shape.len() && i < MAX_RANK {
        if shape[i] > 1 {
            map[n] = i;
            n += 1;
        }
        i += 1;
    }
    map
}

// Indices of the first n entries, sorted by ascending value (stable).
const fn sort_by_stride(abs: &[usize; MAX_RANK], n: usize) -> [usize; MAX_RANK] {
    let mut order = [0usize; MAX_RANK];
    let mut i = 0;
    while i < n {
        order[i] = i;
        i += 1;
    }
    let mut i = 1;
    while i < n {
        let mut j = i;
        while j > 0 && abs[order[j - 1]] > abs[order[j]] {
            let t = order[j - 1];
            order[j - 1] = order[j];
            order[j] = t;
            j -= 1;
        }
        i += 1;
    }
    order
}

// Turns a difference vector over compacted axes (in |stride| terms) into two
// indices of the original layout that reach the same position.
const fn witness(
    shape: &[usize],
    strides: &[isize],
    map: &[usize; MAX_RANK],
    n: usize,
    d: &[i128; MAX_RANK],
) -> Uniqueness {
    let mut first = [0usize; MAX_RANK];
    let mut second = [0usize; MAX_RANK];
    let mut k = 0;
    while k < n {
        let axis = map[k];
        // d was found for |stride|; a negative stride flips the direction.
        let dk = if strides[axis] < 0 { -d[k] } else { d[k] };
        if dk >= 0 {
            first[axis] = dk as usize;
        } else {
            second[axis] = (-dk) as usize;
        }
        k += 1;
    }
    let r = shape.len();
    Uniqueness::Aliases {
        first: Dims::new(first.split_at(r).0),
        second: Dims::new(second.split_at(r).0),
    }
}

const fn max_i128(a: i128, b: i128) -> i128 {
    if a > b {
        a
    } else {
        b
    }
}

const fn min_i128(a: i128, b: i128) -> i128 {
    if a < b {
        a
    } else {
        b
    }
}

const fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

const fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Brute force: do two distinct indices reach the same position?
    fn brute_unique(shape: &[usize], strides: &[isize]) -> bool {
        let total: usize = shape.iter().product();
        let mut seen = std::collections::HashSet::new();
        for lin in 0..total {
            let mut rem = lin;
            let mut pos: i128 = 0;
            for k in (0..shape.len()).rev() {
                let i = rem % shape[k];
                rem /= shape[k];
                pos += i as i128 * strides[k] as i128;
            }
            if !seen.insert(pos) {
                return false;
            }
        }
        true
    }

    #[test]
    fn exact_uniqueness_matches_brute_force_on_small_layouts() {
        let sizes = [1usize, 2, 3, 4];
        let strides = [-5isize, -3, -2, -1, 0, 1, 2, 3, 4, 6];
        for &a in &sizes {
            for &b in &sizes {
                for &c in &sizes {
                    for &sa in &strides {
                        for &sb in &strides {
                            for &sc in &[1isize, 7, -4] {
                                let sh = [a, b, c];
                                let st = [sa, sb, sc];
                                let got = find_alias(&sh, &st, u64::MAX);
                                let want = brute_unique(&sh, &st);
                                match got {
                                    Uniqueness::Unique => assert!(want, "{sh:?} {st:?}"),
                                    Uniqueness::Aliases { first, second } => {
                                        assert!(!want, "{sh:?} {st:?}");
                                        assert_ne!(first, second);
                                        let p = |d: &Dims| -> i128 {
                                            d.as_slice()
                                                .iter()
                                                .zip(st)
                                                .map(|(&i, s)| i as i128 * s as i128)
                                                .sum()
                                        };
                                        assert_eq!(p(&first), p(&second), "{sh:?} {st:?}");
                                        for (k, &n) in sh.iter().enumerate() {
                                            assert!(first.as_slice()[k] < n);
                                            assert!(second.as_slice()[k] < n);
                                        }
                                    }
                                    Uniqueness::Unknown => panic!("unbounded search gave up"),
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn nested_is_sound() {
        assert!(is_nested(&[4, 3], &[3, 1]));
        assert!(!is_nested(&[4, 3], &[2, 1]));
        assert!(is_nested(&[1, 3], &[0, 1]));
    }

    #[test]
    fn extent_extremes() {
        assert_eq!(
            extent(&[usize::MAX, 2], &[0, 0], 0),
            Err(LayoutError::ElementCountOverflow {
                shape: Dims::new(&[usize::MAX, 2])
            })
        );
        assert!(matches!(
            extent(&[usize::MAX], &[isize::MAX], 0),
            Err(LayoutError::Overflow { .. })
        ));
        assert!(matches!(
            extent(&[usize::MAX], &[isize::MIN], usize::MAX),
            Err(LayoutError::NegativeReach { .. })
        ));
        assert_eq!(
            extent(&[usize::MAX], &[1], 0),
            Err(LayoutError::Overflow {
                position: usize::MAX as i128 - 1
            })
        );
        assert_eq!(
            required_len(&[], &[], isize::MAX as usize),
            Ok(isize::MAX as usize + 1)
        );
    }
}
