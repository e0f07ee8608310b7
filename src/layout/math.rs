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
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(shape),
            found: Dims::new(&[strides.len()]),
            arg: crate::error::ShapeArg::Strides,
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

/// The shortest buffer that holds a layout (highest position + 1, or 0
/// when empty) without building an error: `usize::MAX` when the ranks
/// disagree, the rank is above [`MAX_RANK`], a position falls below 0 or
/// the highest one does not fit `isize`. Equal to [`required_len`]'s value
/// whenever that is `Ok`. This is the check every view transform makes in
/// every build, so it is a few instructions per axis (constants fold).
///
/// ```
/// # use constrided::layout::math::reach_len;
/// assert_eq!(reach_len(&[6, 5], &[10, 1], 22), 77);
/// assert_eq!(reach_len(&[4, 3], &[-20, 2], 22), usize::MAX); // reaches -38
/// assert_eq!(reach_len(&[0, 3], &[-20, 2], 0), 0);
/// ```
#[inline]
pub const fn reach_len(shape: &[usize], strides: &[isize], offset: usize) -> usize {
    if shape.len() != strides.len() || shape.len() > MAX_RANK {
        return usize::MAX;
    }
    if has_zero_axis(shape) {
        return 0;
    }
    let (mut low, mut high) = (offset as i128, offset as i128);
    let mut i = 0;
    while i < shape.len() {
        // |(size-1)·stride| < 2^127: exact; the sums saturate (far outside
        // any valid layout).
        let span = (shape[i] as i128 - 1) * strides[i] as i128;
        if span < 0 {
            low = low.saturating_add(span);
        } else {
            high = high.saturating_add(span);
        }
        i += 1;
    }
    if low < 0 || high > isize::MAX as i128 {
        usize::MAX
    } else {
        high as usize + 1
    }
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
/// [`is_unique`] answers `false`, which is always sound). Enough to decide
/// every layout of up to 2^16 elements, of any rank (the worst case, rank 8
/// with sizes 4, takes about 50 000 steps).
///
/// ```
/// use constrided::layout::math::{find_alias, Uniqueness, ALIAS_SEARCH_BUDGET};
/// // Unique but neither nested nor simplifiable: 4^8 elements, the
/// // worst case of the search (about half a second of const evaluation).
/// let shape = [4; 8];
/// let strides = [
///     1095513149, 3280387013, 3387541015, 4698091149,
///     6225516708, 7093537820, 7884551091, 9167024630,
/// ];
/// assert_eq!(find_alias(&shape, &strides, ALIAS_SEARCH_BUDGET), Uniqueness::Unique);
/// assert_eq!(find_alias(&shape, &strides, 1), Uniqueness::Unknown);
/// ```
pub const ALIAS_SEARCH_BUDGET: u64 = 1 << 17;

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
    /// The search would take more than its budget of steps: undecided.
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

// The largest half-set the meet-in-the-middle search keeps (its sorted
// side): enough for every layout of up to 2^16 elements (at most 2572).
const HALF_CAP: usize = 4096;

// The reduced problem: is there a non-zero `e` with `|e_k| <= bound[k]`
// and `Σ e_k·stride[k] = 0`? Axis `k` stands for compacted axis
// `axis[k]`, whose difference is `d = mult[k]·e_k`.
#[derive(Clone, Copy)]
struct Reduced {
    n: usize,
    bound: [i128; MAX_RANK],
    stride: [i128; MAX_RANK],
    mult: [i128; MAX_RANK],
    axis: [usize; MAX_RANK],
}

const fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Reduced {
    const fn remove(mut self, k: usize) -> Self {
        let mut j = k;
        while j + 1 < self.n {
            self.bound[j] = self.bound[j + 1];
            self.stride[j] = self.stride[j + 1];
            self.mult[j] = self.mult[j + 1];
            self.axis[j] = self.axis[j + 1];
            j += 1;
        }
        self.n -= 1;
        self
    }

    // Exact simplifications, repeated until none applies:
    // - an axis whose |stride| exceeds the reach of all the others
    //   (`Σ bound·stride`) must have e = 0 (the nesting rule at the top);
    // - with g the gcd of the other strides, e_k·stride_k ≡ 0 (mod g)
    //   forces e_k to be a multiple of q = g / gcd(stride_k, g): substitute
    //   e_k = q·e'_k (bound / q, stride · q), and drop the axis when its
    //   bound becomes 0 (the nesting rule at the bottom, and more).
    const fn simplify(mut self) -> Self {
        let mut changed = true;
        while changed && self.n > 0 {
            changed = false;
            // Top: the largest stride against the reach of the rest.
            let mut total: i128 = 0;
            let mut k = 0;
            while k < self.n {
                total += self.bound[k] * self.stride[k];
                k += 1;
            }
            let mut k = 0;
            while k < self.n {
                if self.stride[k] > total - self.bound[k] * self.stride[k] {
                    self = self.remove(k);
                    changed = true;
                    break;
                }
                k += 1;
            }
            if changed {
                continue;
            }
            // Congruences.
            let mut k = 0;
            while k < self.n {
                let mut g: i128 = 0;
                let mut j = 0;
                while j < self.n {
                    if j != k {
                        g = gcd(g, self.stride[j]);
                    }
                    j += 1;
                }
                let q = if g == 0 {
                    // A lone axis with a non-zero stride never aliases.
                    self.bound[k] + 1
                } else {
                    g / gcd(self.stride[k], g)
                };
                if q > self.bound[k] {
                    self = self.remove(k);
                    changed = true;
                    break;
                }
                if q > 1 {
                    self.bound[k] /= q;
                    self.stride[k] *= q;
                    self.mult[k] *= q;
                    changed = true;
                }
                k += 1;
            }
        }
        self
    }
}

// A set of axes of a `Reduced` problem, whose canonical difference
// vectors (first non-zero entry, from the last axis of the set, positive)
// are enumerated in balanced mixed radix: index t = Σ e_k·w_k.
#[derive(Clone, Copy)]
struct Side {
    n: usize,
    axes: [usize; MAX_RANK],
}

impl Side {
    // How many canonical vectors: (Π (2·bound+1) - 1) / 2, saturated.
    const fn count(&self, r: &Reduced) -> u128 {
        let mut p: u128 = 1;
        let mut i = 0;
        while i < self.n {
            p = p.saturating_mul(2 * r.bound[self.axes[i]] as u128 + 1);
            i += 1;
        }
        (p - 1) / 2
    }

    // The digits of canonical vector number t (1-based), into `e`.
    const fn decode(&self, r: &Reduced, t: u128, e: &mut [i128; MAX_RANK]) {
        let mut t = t as i128;
        let mut i = 0;
        while i < self.n {
            let a = self.axes[i];
            let w = 2 * r.bound[a] + 1;
            let mut digit = t % w;
            if digit > r.bound[a] {
                digit -= w;
            }
            e[a] = digit;
            t = (t - digit) / w;
            i += 1;
        }
    }
}

// Walks the canonical vectors of a side in order, keeping their sums.
struct Walk {
    digits: [i128; MAX_RANK],
    sum: i128,
}

impl Walk {
    const fn start(side: &Side, r: &Reduced) -> Self {
        // t = 1: the first axis at 1, the rest at 0.
        let mut digits = [0i128; MAX_RANK];
        digits[0] = 1;
        Walk {
            digits,
            sum: r.stride[side.axes[0]],
        }
    }

    const fn next(&mut self, side: &Side, r: &Reduced) {
        let mut i = 0;
        while i < side.n {
            let a = side.axes[i];
            if self.digits[i] < r.bound[a] {
                self.digits[i] += 1;
                self.sum += r.stride[a];
                return;
            }
            // Wrap from +bound to -bound and carry.
            self.digits[i] = -r.bound[a];
            self.sum -= 2 * r.bound[a] * r.stride[a];
            i += 1;
        }
    }
}

// Sifts `keys[root]` down a max-heap of `n` entries (with `tags` alongside).
const fn sift_down(
    keys: &mut [u128; HALF_CAP],
    tags: &mut [u32; HALF_CAP],
    mut root: usize,
    n: usize,
) {
    loop {
        let mut child = 2 * root + 1;
        if child >= n {
            return;
        }
        if child + 1 < n && keys[child + 1] > keys[child] {
            child += 1;
        }
        if keys[root] >= keys[child] {
            return;
        }
        let k = keys[root];
        keys[root] = keys[child];
        keys[child] = k;
        let t = tags[root];
        tags[root] = tags[child];
        tags[child] = t;
        root = child;
    }
}

// The result for a non-zero solution `e` of the reduced problem.
const fn solution(
    shape: &[usize],
    strides: &[isize],
    map: &[usize; MAX_RANK],
    compact: usize,
    r: &Reduced,
    e: &[i128; MAX_RANK],
) -> Uniqueness {
    let mut d = [0i128; MAX_RANK];
    let mut k = 0;
    while k < r.n {
        d[r.axis[k]] = r.mult[k] * e[k];
        k += 1;
    }
    witness(shape, strides, map, compact, &d)
}

/// Exact uniqueness test: searches for two distinct indices reaching the same
/// position, i.e. a non-zero `d` with `|d_k| < shape_k` and `Σ d_k·stride_k = 0`.
///
/// Nested layouts answer at once. Otherwise the problem is first simplified
/// exactly (an axis whose stride outreaches the others, or whose difference
/// must be a multiple of what the gcd of the other strides allows, is
/// dropped or scaled), then decided by a meet-in-the-middle search: the
/// difference sums of one half of the axes are sorted and those of the
/// other half looked up in them (or, when one axis dominates, each sum of
/// the others is tested against its multiples). The search costs at most
/// about 50 000 steps for any layout of up to 2^16 elements; when it would
/// cost more than `budget` steps the answer is [`Uniqueness::Unknown`].
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
    let mut r = Reduced {
        n,
        bound: [0; MAX_RANK],
        stride: [0; MAX_RANK],
        mult: [1; MAX_RANK],
        axis: [0; MAX_RANK],
    };
    let mut k = 0;
    while k < n {
        r.bound[k] = sizes[k] as i128 - 1;
        r.stride[k] = abs[k] as i128;
        r.axis[k] = k;
        k += 1;
    }
    let r = r.simplify();
    if r.n == 0 {
        return Uniqueness::Unique;
    }
    // Two strategies; take the cheaper one within the budget.
    // (a) One axis `big` (the largest bound) against all the others: each
    //     canonical vector of the others, of sum x, collides iff x = 0 or
    //     x is a multiple of stride[big] within ±bound[big]·stride[big].
    let mut big = 0;
    let mut k = 1;
    while k < r.n {
        if r.bound[k] > r.bound[big] {
            big = k;
        }
        k += 1;
    }
    let mut rest = Side {
        n: 0,
        axes: [0; MAX_RANK],
    };
    let mut k = 0;
    while k < r.n {
        if k != big {
            rest.axes[rest.n] = k;
            rest.n += 1;
        }
        k += 1;
    }
    let cost_a = rest.count(&r);
    // (b) Meet in the middle: the axes split in two sides of balanced
    //     counts; the smaller side's sums sorted, the other's looked up.
    let mut order = [0usize; MAX_RANK];
    let mut k = 0;
    while k < r.n {
        order[k] = k;
        k += 1;
    }
    // Largest bound first (insertion sort).
    let mut i = 1;
    while i < r.n {
        let mut j = i;
        while j > 0 && r.bound[order[j - 1]] < r.bound[order[j]] {
            let t = order[j - 1];
            order[j - 1] = order[j];
            order[j] = t;
            j -= 1;
        }
        i += 1;
    }
    let mut small = Side {
        n: 0,
        axes: [0; MAX_RANK],
    };
    let mut large = small;
    let (mut ps, mut pl) = (1u128, 1u128);
    let mut k = 0;
    while k < r.n {
        let a = order[k];
        let w = 2 * r.bound[a] as u128 + 1;
        if ps <= pl {
            small.axes[small.n] = a;
            small.n += 1;
            ps = ps.saturating_mul(w);
        } else {
            large.axes[large.n] = a;
            large.n += 1;
            pl = pl.saturating_mul(w);
        }
        k += 1;
    }
    if ps > pl {
        let t = small;
        small = large;
        large = t;
    }
    let (ns, nl) = (small.count(&r), large.count(&r));
    let log = (128 - ns.leading_zeros()) as u128;
    let cost_b = if ns as usize > HALF_CAP || large.n == 0 {
        u128::MAX
    } else {
        (3 * ns + nl) * log + ns + nl
    };
    let mut e = [0i128; MAX_RANK];
    if cost_a <= cost_b {
        if cost_a > budget as u128 {
            return Uniqueness::Unknown;
        }
        if rest.n == 0 {
            // A lone axis with a non-zero stride.
            return Uniqueness::Unique;
        }
        let s = r.stride[big];
        let reach = r.bound[big] * s;
        let mut walk = Walk::start(&rest, &r);
        let mut t: u128 = 1;
        while t <= cost_a {
            let x = walk.sum;
            if x == 0 || (x % s == 0 && x.abs() <= reach) {
                rest.decode(&r, t, &mut e);
                e[big] = -x / s;
                return solution(shape, strides, &map, n, &r, &e);
            }
            walk.next(&rest, &r);
            t += 1;
        }
        return Uniqueness::Unique;
    }
    if cost_b > budget as u128 {
        return Uniqueness::Unknown;
    }
    // Sorted |sums| of the small side, tagged with their index and sign.
    let mut keys = [0u128; HALF_CAP];
    let mut tags = [0u32; HALF_CAP];
    let count = ns as usize;
    let mut walk = Walk::start(&small, &r);
    let mut i = 0;
    while i < count {
        let x = walk.sum;
        if x == 0 {
            small.decode(&r, i as u128 + 1, &mut e);
            return solution(shape, strides, &map, n, &r, &e);
        }
        keys[i] = x.unsigned_abs();
        tags[i] = ((i as u32 + 1) << 1) | (x < 0) as u32;
        walk.next(&small, &r);
        i += 1;
    }
    let mut i = count / 2;
    while i > 0 {
        i -= 1;
        sift_down(&mut keys, &mut tags, i, count);
    }
    let mut end = count;
    while end > 1 {
        end -= 1;
        let k = keys[0];
        keys[0] = keys[end];
        keys[end] = k;
        let t = tags[0];
        tags[0] = tags[end];
        tags[end] = t;
        sift_down(&mut keys, &mut tags, 0, end);
    }
    // Each sum of the large side, looked up by binary search.
    let mut walk = Walk::start(&large, &r);
    let mut t: u128 = 1;
    while t <= nl {
        let x = walk.sum;
        let found = if x == 0 {
            Some(usize::MAX)
        } else {
            let want = x.unsigned_abs();
            let (mut lo, mut hi) = (0usize, count);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if keys[mid] < want {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if lo < count && keys[lo] == want {
                Some(lo)
            } else {
                None
            }
        };
        if let Some(at) = found {
            large.decode(&r, t, &mut e);
            if at != usize::MAX {
                // Small side's vector, with the sign that cancels x.
                let tag = tags[at];
                let mut es = [0i128; MAX_RANK];
                small.decode(&r, (tag >> 1) as u128, &mut es);
                let small_negative = tag & 1 == 1;
                let flip = small_negative == (x < 0);
                let mut i = 0;
                while i < small.n {
                    let a = small.axes[i];
                    e[a] = if flip { -es[a] } else { es[a] };
                    i += 1;
                }
            }
            return solution(shape, strides, &map, n, &r, &e);
        }
        walk.next(&large, &r);
        t += 1;
    }
    Uniqueness::Unique
}

/// `true` when no two indices reach the same position (exact for every
/// layout of up to 2^16 elements, and beyond while the search stays within
/// [`ALIAS_SEARCH_BUDGET`] steps; `false` when undecided).
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
/// or `ElementCountOverflow` (the count does not fit `usize`) / `Overflow`
/// (the last position, count - 1, does not fit `isize`: at most
/// `isize::MAX + 1` = 2^63 elements) when they do not fit. As in NumPy,
/// a size-0 axis counts as size 1 for the strides outside it; an empty shape
/// never fails (strides that would not fit saturate at `isize::MAX`, as do
/// those of size-1 axes outside exactly 2^63 elements: no index moves them).
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
/// // Exactly 2^63 elements: the last position is isize::MAX.
/// let mut one = [0isize; 1];
/// c_strides(&[1 << 63], &mut one).unwrap();
/// assert!(c_strides(&[(1 << 63) + 1], &mut one).is_err());
/// ```
pub const fn c_strides(shape: &[usize], out: &mut [isize]) -> Result<(), LayoutError> {
    if let Err(e) = contiguous_count(shape) {
        return Err(e);
    }
    let mut z: usize = 1;
    let mut d = shape.len();
    while d > 0 {
        d -= 1;
        out[d] = saturate_stride(z);
        // As NumPy: a size-0 axis counts as size 1 for the axes outside it.
        if shape[d] != 0 {
            z = z.saturating_mul(shape[d]);
        }
    }
    Ok(())
}

// The rule shared by the default (contiguous) strides: the element count
// fits `usize` and, unless the shape is empty, the last position
// `count - 1` fits `isize`, so exactly `isize::MAX + 1` = 2^63 elements
// are accepted. Once this holds, every partial product that is used as
// the stride of an axis of size > 1 fits `isize`.
const fn contiguous_count(shape: &[usize]) -> Result<usize, LayoutError> {
    let count = match numel(shape) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if count > isize::MAX as usize + 1 {
        return Err(LayoutError::Overflow {
            position: count as i128 - 1,
        });
    }
    Ok(count)
}

// A partial product as a stride. It exceeds `isize::MAX` only on the axes
// of an empty shape or on size-1 axes outside exactly 2^63 elements, where
// no index ever moves along it, so saturating keeps the layout exact.
const fn saturate_stride(z: usize) -> isize {
    if z > isize::MAX as usize {
        isize::MAX
    } else {
        z as isize
    }
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
    if let Err(e) = contiguous_count(shape) {
        return Err(e);
    }
    let mut z: usize = 1;
    let mut d = 0;
    while d < shape.len() {
        out[d] = saturate_stride(z);
        if shape[d] != 0 {
            z = z.saturating_mul(shape[d]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

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
    fn reach_len_is_required_len_without_the_error() {
        let sizes = [0usize, 1, 2, 3, usize::MAX / 2, usize::MAX];
        let strides = [isize::MIN, -7, -1, 0, 1, 5, isize::MAX];
        let offsets = [0usize, 1, 22, isize::MAX as usize, usize::MAX];
        for &a in &sizes {
            for &b in &sizes {
                for &sa in &strides {
                    for &sb in &strides {
                        for &o in &offsets {
                            let (sh, st) = ([a, b], [sa, sb]);
                            let got = reach_len(&sh, &st, o);
                            match required_len(&sh, &st, o) {
                                Ok(n) => assert_eq!(got, n, "{sh:?} {st:?} {o}"),
                                // Only a too-large element count may still
                                // have a reach (it is no position).
                                Err(LayoutError::ElementCountOverflow { .. }) => {}
                                Err(e) => assert_eq!(got, usize::MAX, "{sh:?} {st:?} {o}: {e:?}"),
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(reach_len(&[2], &[1, 1], 0), usize::MAX);
        assert_eq!(reach_len(&[1; 9], &[1; 9], 0), usize::MAX);
        assert_eq!(reach_len(&[], &[], 7), 8);
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

    // Random layouts of rank up to 8, sizes up to 5 and strides built to be
    // often unique without nesting: the search agrees with brute force.
    #[test]
    fn exact_uniqueness_matches_brute_force_on_random_layouts() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..3000 {
            let rank = 1 + next(8) as usize;
            let shape: Vec<usize> = (0..rank).map(|_| 1 + next(5) as usize).collect();
            let strides: Vec<isize> = (0..rank)
                .map(|_| {
                    let base = [1isize, 2, 3, 4, 5, 6, 7, 9, 12, 28, 35, 60][next(12) as usize];
                    let scale = [1isize, 1, 7, 49, 343][next(5) as usize];
                    if next(4) == 0 {
                        -base * scale
                    } else {
                        base * scale
                    }
                })
                .collect();
            let want = brute_unique(&shape, &strides);
            match find_alias(&shape, &strides, ALIAS_SEARCH_BUDGET) {
                Uniqueness::Unique => assert!(want, "{shape:?} {strides:?}"),
                Uniqueness::Aliases { first, second } => {
                    assert!(!want, "{shape:?} {strides:?}");
                    assert_ne!(first, second);
                    let p = |d: &Dims| -> i128 {
                        d.as_slice()
                            .iter()
                            .zip(&strides)
                            .map(|(&i, &s)| i as i128 * s as i128)
                            .sum()
                    };
                    assert_eq!(p(&first), p(&second), "{shape:?} {strides:?}");
                    for (k, &n) in shape.iter().enumerate() {
                        assert!(first.as_slice()[k] < n && second.as_slice()[k] < n);
                    }
                }
                Uniqueness::Unknown => panic!("undecided: {shape:?} {strides:?}"),
            }
        }
    }

    // Every layout of up to 2^16 elements is decided within the budget,
    // whatever its sizes: the worst shapes for the search, with strides
    // that defeat the simplifications.
    #[test]
    fn every_layout_up_to_2_pow_16_elements_is_decided() {
        let shapes: [&[usize]; 6] = [
            &[4, 4, 4, 4, 4, 4, 4, 4],
            &[3, 3, 3, 3, 4, 4, 7, 7],
            &[2, 2, 5, 5, 5, 5, 5, 5],
            &[40, 40, 40],
            &[9, 9, 9, 9, 9],
            &[16384, 2, 2],
        ];
        for shape in shapes {
            // Pairs of coprime strides scaled apart: unique, not nested.
            let mut strides = vec![0isize; shape.len()];
            let mut scale = 1isize;
            for k in (0..shape.len()).rev() {
                strides[k] = scale * (shape[k] as isize + 1 + (k as isize % 2));
                scale *= 3;
            }
            let got = find_alias(shape, &strides, ALIAS_SEARCH_BUDGET);
            assert_ne!(got, Uniqueness::Unknown, "{shape:?} {strides:?}");
            let total: usize = shape.iter().product();
            if total <= 1 << 16 {
                assert_eq!(
                    got == Uniqueness::Unique,
                    brute_unique(shape, &strides),
                    "{shape:?}"
                );
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
