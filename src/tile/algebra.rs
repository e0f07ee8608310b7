//! CuTe's layout algebra on static layouts, computed at compile time:
//! [`zipped_divide`], [`logical_divide`], [`blocked_product`] and
//! [`composition`]. Each result is an ordinary [`StaticLayout`] whose axes
//! ([`AlgebraAxis`]) take their numbers from associated constants computed
//! by the `const fn`s here (the `*_layout` functions, usable at run time
//! too), so every view, transform and kernel takes it. A broken rule (a
//! tile that does not divide an extent, …) is a compile error naming the
//! numbers, raised when the call is instantiated.
//!
//! Index order is constrided's: row-major (the last axis fastest), where
//! CuTe's is column-major; the mode order within a divided or blocked axis
//! is CuTe's (the inside-tile axis first).

use core::marker::PhantomData;

use crate::layout::message::{describe_after, Message};
use crate::layout::{Layout, Rank};
use crate::static_layout::{AxisSpec, StaticLayout, StaticMapping};
use crate::MAX_RANK;

// A layout of up to 8 axes with its rank as a number (the const fns below
// work on these, so that the result's rank need not be a const parameter).
#[derive(Clone, Copy, Debug)]
struct Raw {
    rank: usize,
    shape: [usize; MAX_RANK],
    strides: [isize; MAX_RANK],
    offset: usize,
}

impl Raw {
    const fn of<const N: usize>(l: &Layout<N>) -> Raw {
        let (s, d) = (l.shape(), l.strides());
        let mut shape = [0usize; MAX_RANK];
        let mut strides = [0isize; MAX_RANK];
        let mut k = 0;
        while k < N && k < MAX_RANK {
            shape[k] = s[k];
            strides[k] = d[k];
            k += 1;
        }
        Raw {
            rank: N,
            shape,
            strides,
            offset: l.offset(),
        }
    }

    // The layout of rank R, checked by the crate's rules.
    #[allow(clippy::wrong_self_convention)]
    const fn to_layout<const R: usize>(&self, what: &str) -> Result<Layout<R>, Message> {
        if self.rank != R {
            return Err(Message::from_text(what)
                .push("the result has rank ")
                .push_int(self.rank as i128)
                .push(", not ")
                .push_int(R as i128));
        }
        let mut shape = [0usize; R];
        let mut strides = [0isize; R];
        let mut k = 0;
        while k < R && k < MAX_RANK {
            shape[k] = self.shape[k];
            strides[k] = self.strides[k];
            k += 1;
        }
        match Layout::new(shape, strides, self.offset) {
            Ok(l) => Ok(l),
            Err(e) => Err(describe_after(what, &e)),
        }
    }
}

const fn rank_problem(what: &str, a: &str, n: usize, b: &str, m: usize) -> Message {
    Message::from_text(what)
        .push(a)
        .push(" has rank ")
        .push_int(n as i128)
        .push(" but ")
        .push(b)
        .push(" has rank ")
        .push_int(m as i128)
        .push(": they need one entry per axis")
}

// The stride of the tile-index axis: tile·stride (a distance between
// reachable positions when there are two tiles or more; 0 otherwise).
const fn outer_stride(stride: isize, tile: usize, count: usize) -> isize {
    if count < 2 {
        return 0;
    }
    match stride.checked_mul(tile as isize) {
        Some(s) => s,
        None => 0,
    }
}

// zipped (inside-tile axes, then tile-index axes) or logical (per axis:
// inside, then index) division of `l` by a tile of shape `tile`.
const fn divide(what: &str, l: Raw, tile: &[usize], zipped: bool) -> Result<Raw, Message> {
    let n = l.rank;
    if tile.len() != n {
        return Err(rank_problem(what, "the tiler", tile.len(), "the layout", n));
    }
    if 2 * n > MAX_RANK {
        return Err(Message::from_text(what)
            .push("a layout of rank ")
            .push_int(n as i128)
            .push(" divides into rank ")
            .push_int(2 * n as i128)
            .push(", above the maximum rank 8"));
    }
    let mut out = Raw {
        rank: 2 * n,
        shape: [0; MAX_RANK],
        strides: [0; MAX_RANK],
        offset: l.offset,
    };
    let mut k = 0;
    while k < n {
        let (e, t) = (l.shape[k], tile[k]);
        if t == 0 || e % t != 0 {
            return Err(Message::from_text(what)
                .push("the tile does not divide axis ")
                .push_int(k as i128)
                .push(": extent ")
                .push_int(e as i128)
                .push(", tile ")
                .push_int(t as i128));
        }
        let count = e / t;
        let (inner, outer) = if zipped {
            (k, n + k)
        } else {
            (2 * k, 2 * k + 1)
        };
        out.shape[inner] = t;
        out.strides[inner] = l.strides[k];
        out.shape[outer] = count;
        out.strides[outer] = outer_stride(l.strides[k], t, count);
        k += 1;
    }
    Ok(out)
}

/// `zipped_divide` on run-time numbers: the layout `l` of rank `N` split
/// by a tile of shape `tile` into rank `R = 2N`: the inside-tile axes
/// (sizes `tile`, `l`'s strides), then the tile-index axes (sizes
/// `extent / tile`, strides `tile · stride`). The error names the axis,
/// the extent and the tile when a tile does not divide an extent.
///
/// ```
/// use constrided::{tile::zipped_divide_layout, Layout};
/// let l = zipped_divide_layout::<2, 4>(Layout::contiguous([4, 6]), [2, 3]).ok().unwrap();
/// assert_eq!((l.shape(), l.strides()), ([2, 3, 2, 2], [6, 1, 12, 3]));
/// let e = zipped_divide_layout::<2, 4>(Layout::contiguous([4, 6]), [2, 4]).unwrap_err();
/// assert_eq!(e.as_str(), "zipped_divide: the tile does not divide axis 1: extent 6, tile 4");
/// ```
pub const fn zipped_divide_layout<const N: usize, const R: usize>(
    l: Layout<N>,
    tile: [usize; N],
) -> Result<Layout<R>, Message> {
    const W: &str = "zipped_divide: ";
    match divide(W, Raw::of(&l), &tile, true) {
        Ok(r) => r.to_layout(W),
        Err(m) => Err(m),
    }
}

/// `logical_divide` on run-time numbers: as [`zipped_divide_layout`], with
/// each axis `k` split in place into (inside-tile, tile-index) axes `2k`,
/// `2k + 1` (CuTe's `logical_divide`, flattened).
///
/// ```
/// use constrided::{tile::logical_divide_layout, Layout};
/// let l = logical_divide_layout::<2, 4>(Layout::contiguous([4, 6]), [2, 3]).ok().unwrap();
/// assert_eq!((l.shape(), l.strides()), ([2, 2, 3, 2], [6, 12, 1, 3]));
/// ```
pub const fn logical_divide_layout<const N: usize, const R: usize>(
    l: Layout<N>,
    tile: [usize; N],
) -> Result<Layout<R>, Message> {
    const W: &str = "logical_divide: ";
    match divide(W, Raw::of(&l), &tile, false) {
        Ok(r) => r.to_layout(W),
        Err(m) => Err(m),
    }
}

const fn blocked(what: &str, tile: Raw, grid: Raw) -> Result<Raw, Message> {
    let n = tile.rank;
    if grid.rank != n {
        return Err(rank_problem(what, "the tile", n, "the grid", grid.rank));
    }
    if 2 * n > MAX_RANK {
        return Err(Message::from_text(what)
            .push("a tile of rank ")
            .push_int(n as i128)
            .push(" blocks into rank ")
            .push_int(2 * n as i128)
            .push(", above the maximum rank 8"));
    }
    if grid.offset != 0 {
        return Err(Message::from_text(what)
            .push("the grid's offset is ")
            .push_int(grid.offset as i128)
            .push(": a grid must start at 0 (the result's offset is the tile's)"));
    }
    // The tile's span: the distance from its lowest to one past its
    // highest position, the step between blocks.
    let span = {
        let (s, d) = (tile.shape, tile.strides);
        let mut low = 0isize;
        let mut high = 0isize;
        let mut empty = false;
        let mut k = 0;
        while k < n {
            if s[k] == 0 {
                empty = true;
            } else {
                // Fits: the tile is a valid layout.
                let reach = (s[k] as isize - 1) * d[k];
                if reach < 0 {
                    low += reach;
                } else {
                    high += reach;
                }
            }
            k += 1;
        }
        if empty {
            0
        } else {
            (high - low + 1) as usize
        }
    };
    let mut out = Raw {
        rank: 2 * n,
        shape: [0; MAX_RANK],
        strides: [0; MAX_RANK],
        offset: tile.offset,
    };
    let mut k = 0;
    while k < n {
        out.shape[2 * k] = tile.shape[k];
        out.strides[2 * k] = tile.strides[k];
        out.shape[2 * k + 1] = grid.shape[k];
        out.strides[2 * k + 1] = if grid.shape[k] < 2 {
            0
        } else {
            match grid.strides[k].checked_mul(span as isize) {
                Some(s) => s,
                None => {
                    return Err(Message::from_text(what)
                        .push("the grid's stride ")
                        .push_int(grid.strides[k] as i128)
                        .push(" on axis ")
                        .push_int(k as i128)
                        .push(" times the tile's span ")
                        .push_int(span as i128)
                        .push(" overflows"))
                }
            }
        };
        k += 1;
    }
    Ok(out)
}

/// `blocked_product` on run-time numbers: the tile layout `tile` repeated
/// over the layout `grid` (same rank `N`, offset 0), in rank `R = 2N`:
/// axis `2k` is the tile's axis `k`, axis `2k + 1` the grid's axis `k`,
/// whose stride is the grid's times the tile's span (one past its highest
/// position minus its lowest: its element count when it is compact). So
/// position = `tile(i) + span · grid(j)`: CuTe's `blocked_product` for a
/// compact tile, flattened. Blocked memory formats (NCHW16c, 8x8 blocks
/// stored one after the other) are such layouts.
///
/// ```
/// use constrided::{tile::blocked_product_layout, Layout};
/// // 2x2 blocks stored contiguously, in a 3x2 grid of blocks, row-major.
/// let l = blocked_product_layout::<2, 4>(Layout::contiguous([2, 2]), Layout::contiguous([3, 2])).ok().unwrap();
/// assert_eq!((l.shape(), l.strides()), ([2, 3, 2, 2], [2, 8, 1, 4]));
/// ```
pub const fn blocked_product_layout<const N: usize, const R: usize>(
    tile: Layout<N>,
    grid: Layout<N>,
) -> Result<Layout<R>, Message> {
    const W: &str = "blocked_product: ";
    match blocked(W, Raw::of(&tile), Raw::of(&grid)) {
        Ok(r) => r.to_layout(W),
        Err(m) => Err(m),
    }
}

// The position layout `a` gives to the row-major linear index `p` of its
// shape (`p < numel(a)`).
const fn a_at(a: &Raw, mut p: usize) -> isize {
    let mut pos = a.offset as isize;
    let mut k = a.rank;
    while k > 0 {
        k -= 1;
        let n = a.shape[k];
        pos += (p % n) as isize * a.strides[k];
        p /= n;
    }
    pos
}

/// The largest element count of `b` whose composition is checked index by
/// index (`composition` refuses larger ones with an error saying so).
///
/// ```
/// assert_eq!(constrided::tile::COMPOSITION_BUDGET, 65536);
/// ```
pub const COMPOSITION_BUDGET: usize = 1 << 16;

const fn compose(what: &str, a: Raw, b: Raw) -> Result<Raw, Message> {
    if b.offset != 0 {
        return Err(Message::from_text(what)
            .push("b's offset is ")
            .push_int(b.offset as i128)
            .push(": b must start at 0 (the result's offset is a's)"));
    }
    let mut size_a = 1usize;
    let mut numel_b = 1usize;
    let mut k = 0;
    while k < a.rank {
        size_a *= a.shape[k];
        k += 1;
    }
    let mut k = 0;
    while k < b.rank {
        numel_b *= b.shape[k];
        k += 1;
    }
    if numel_b == 0 {
        // Empty: any strides will do; keep b's sizes, a's offset.
        let mut out = b;
        out.offset = a.offset;
        let mut k = 0;
        while k < b.rank {
            out.strides[k] = 0;
            k += 1;
        }
        return Ok(out);
    }
    // b's highest position (offset 0, valid: no negative reach).
    let mut top = 0usize;
    let mut k = 0;
    while k < b.rank {
        if b.shape[k] > 0 {
            top += (b.shape[k] - 1) * b.strides[k] as usize;
        }
        k += 1;
    }
    if top >= size_a {
        return Err(Message::from_text(what)
            .push("b reaches position ")
            .push_int(top as i128)
            .push(" but a has ")
            .push_int(size_a as i128)
            .push(" elements"));
    }
    if numel_b > COMPOSITION_BUDGET {
        return Err(Message::from_text(what)
            .push("b has ")
            .push_int(numel_b as i128)
            .push(" elements, more than the ")
            .push_int(COMPOSITION_BUDGET as i128)
            .push(" whose composition is checked at compile time"));
    }
    let base = a_at(&a, 0);
    let mut out = Raw {
        rank: b.rank,
        shape: b.shape,
        strides: [0; MAX_RANK],
        offset: a.offset,
    };
    let mut k = 0;
    while k < b.rank {
        out.strides[k] = if b.shape[k] < 2 {
            0
        } else {
            a_at(&a, b.strides[k] as usize) - base
        };
        k += 1;
    }
    // Every index of b: a(b(i)) must be what the strides give.
    let mut idx = [0usize; MAX_RANK];
    let mut count = 0;
    while count < numel_b {
        let mut pb = 0usize;
        let mut pr = base;
        let mut k = 0;
        while k < b.rank {
            pb += idx[k] * b.strides[k] as usize;
            pr += idx[k] as isize * out.strides[k];
            k += 1;
        }
        let pa = a_at(&a, pb);
        if pa != pr {
            let mut m = Message::from_text(what).push("a∘b is not a strided layout: b's index (");
            let mut k = 0;
            while k < b.rank {
                if k > 0 {
                    m = m.push(", ");
                }
                m = m.push_int(idx[k] as i128);
                k += 1;
            }
            return Err(m
                .push(") is a's element ")
                .push_int(pb as i128)
                .push(" at position ")
                .push_int(pa as i128)
                .push(", but strides would put it at ")
                .push_int(pr as i128));
        }
        count += 1;
        // Next index, row-major.
        let mut k = b.rank;
        while k > 0 {
            k -= 1;
            idx[k] += 1;
            if idx[k] < b.shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Ok(out)
}

/// `composition` on run-time numbers: the layout `r` of rank `M` with
/// `r(i) = a(b(i))`, where `b`'s position (offset 0) is read as a
/// row-major linear index into `a`'s shape (NumPy's `unravel_index`). An
/// error when `b` reaches past `a`'s element count, or when `a∘b` is not a
/// strided layout (an axis of `b` that steps across an axis boundary of
/// `a`); checked index by index, for `b` of up to [`COMPOSITION_BUDGET`]
/// elements.
///
/// ```
/// use constrided::{tile::composition_layout, Layout};
/// // a: a 4x6 tile of a 10-column image; b: its columns as rows (a transpose).
/// let a = Layout::new([4, 6], [10, 1], 0)?;
/// let b = Layout::new([6, 4], [1, 6], 0)?;
/// let r = composition_layout::<2, 2>(a, b).ok().unwrap();
/// assert_eq!((r.shape(), r.strides()), ([6, 4], [1, 10]));
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub const fn composition_layout<const N: usize, const M: usize>(
    a: Layout<N>,
    b: Layout<M>,
) -> Result<Layout<M>, Message> {
    const W: &str = "composition: ";
    match compose(W, Raw::of(&a), Raw::of(&b)) {
        Ok(r) => r.to_layout(W),
        Err(m) => Err(m),
    }
}

/// A layout computed at compile time from static layouts: its numbers, or
/// the rule it breaks. Implemented by the markers [`ZippedDiv`],
/// [`LogicalDiv`], [`Blocked`] and [`Composed`]. Sealed: its numbers feed
/// [`AlgebraAxis`]'s [`AxisSpec`], which is sealed too.
///
/// ```
/// use constrided::{strided, tile::{Computed, ZippedDiv}};
/// type L = strided!(type shape = (4, 6));
/// type T = strided!(type shape = (2, 3));
/// assert_eq!(<ZippedDiv<L, T, 2, 2> as Computed>::SHAPE[..4], [2, 3, 2, 2]);
/// ```
pub trait Computed: sealed::Sealed {
    /// The rank of the result (0 when the rule is broken).
    const RANK: usize;
    /// The sizes (padded with zeros to 8 entries).
    const SHAPE: [usize; MAX_RANK];
    /// The strides (padded with zeros).
    const STRIDES: [isize; MAX_RANK];
    /// The broken rule, if any.
    const PROBLEM: Option<Message>;
}

// Sealing `Computed`: the markers implement a private `Marker`, and one
// blanket impl makes them `Sealed`, so rustc's sealed-trait note lists one
// implementor (`T`) instead of every static layout type.
mod sealed {
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot implement `Computed`: it is sealed (its numbers feed `AlgebraAxis`'s axes)",
        label = "only constrided's markers implement it",
        note = "the markers are `ZippedDiv`, `LogicalDiv`, `Blocked` and `Composed`"
    )]
    pub trait Sealed {}
    pub trait Marker {}
    #[diagnostic::do_not_recommend]
    impl<T: Marker + ?Sized> Sealed for T {}
}

macro_rules! marker {
    ($(#[$doc:meta])* $name:ident [$($g:tt)*] [$($a:tt)*] => $compute:expr) => {
        $(#[$doc])*
        pub struct $name<L, TL, const N: usize, const T: usize>(PhantomData<fn() -> (L, TL)>);

        impl<L, TL, const N: usize, const T: usize> crate::layout::mapping::Sealed
            for $name<L, TL, N, T>
        {
        }
        impl<L, TL, const N: usize, const T: usize> sealed::Marker for $name<L, TL, N, T> {}

        impl<L: StaticMapping<N>, TL: StaticMapping<T>, const N: usize, const T: usize> Computed
            for $name<L, TL, N, T>
        {
            const RANK: usize = match Self::RAW {
                Ok(r) => r.rank,
                Err(_) => 0,
            };
            const SHAPE: [usize; MAX_RANK] = match Self::RAW {
                Ok(r) => r.shape,
                Err(_) => [0; MAX_RANK],
            };
            const STRIDES: [isize; MAX_RANK] = match Self::RAW {
                Ok(r) => r.strides,
                Err(_) => [0; MAX_RANK],
            };
            const PROBLEM: Option<Message> = match Self::RAW {
                Ok(r) => match r.to_layout_any() {
                    Ok(()) => None,
                    Err(m) => Some(m),
                },
                Err(m) => Some(m),
            };
        }

        impl<L: StaticMapping<N>, TL: StaticMapping<T>, const N: usize, const T: usize>
            $name<L, TL, N, T>
        {
            const RAW: Result<Raw, Message> = {
                let l: Layout<N> = L::LAYOUT;
                let t: Layout<T> = TL::LAYOUT;
                $compute(l, t)
            };
        }
    };
}

impl Raw {
    // The check of `to_layout`, for any rank.
    #[allow(clippy::wrong_self_convention)]
    const fn to_layout_any(&self) -> Result<(), Message> {
        macro_rules! at {
            ($($r:literal)*) => {
                match self.rank {
                    $($r => match self.to_layout::<$r>("") {
                        Ok(_) => Ok(()),
                        Err(m) => Err(m),
                    },)*
                    _ => Ok(()),
                }
            };
        }
        at!(0 1 2 3 4 5 6 7 8)
    }
}

const fn zipped_of<const N: usize, const T: usize>(
    l: Layout<N>,
    t: Layout<T>,
) -> Result<Raw, Message> {
    divide("zipped_divide: ", Raw::of(&l), &t.shape(), true)
}
const fn logical_of<const N: usize, const T: usize>(
    l: Layout<N>,
    t: Layout<T>,
) -> Result<Raw, Message> {
    divide("logical_divide: ", Raw::of(&l), &t.shape(), false)
}
const fn blocked_of<const N: usize, const T: usize>(
    l: Layout<N>,
    t: Layout<T>,
) -> Result<Raw, Message> {
    blocked("blocked_product: ", Raw::of(&l), Raw::of(&t))
}
const fn composed_of<const N: usize, const T: usize>(
    l: Layout<N>,
    t: Layout<T>,
) -> Result<Raw, Message> {
    compose("composition: ", Raw::of(&l), Raw::of(&t))
}

marker!(
    /// The [`Computed`] layout of [`zipped_divide`]: `L` (rank `N`) divided
    /// by the shape of the tiler `TL` (rank `T`).
    ///
    /// ```
    /// use constrided::{strided, tile::{Computed, ZippedDiv}};
    /// type L = strided!(type shape = (4,));
    /// type T = strided!(type shape = (3,));
    /// assert!(<ZippedDiv<L, T, 1, 1> as Computed>::PROBLEM.is_some());
    /// ```
    ZippedDiv [] [] => zipped_of
);
marker!(
    /// The [`Computed`] layout of [`logical_divide`].
    ///
    /// ```
    /// use constrided::{strided, tile::{Computed, LogicalDiv}};
    /// type L = strided!(type shape = (4, 6));
    /// type T = strided!(type shape = (2, 3));
    /// assert_eq!(<LogicalDiv<L, T, 2, 2> as Computed>::STRIDES[..4], [6, 12, 1, 3]);
    /// ```
    LogicalDiv [] [] => logical_of
);
marker!(
    /// The [`Computed`] layout of [`blocked_product`]: the tile `L`
    /// repeated over the grid `TL`.
    ///
    /// ```
    /// use constrided::{strided, tile::{Blocked, Computed}};
    /// type L = strided!(type shape = (2, 2));
    /// type G = strided!(type shape = (3, 2));
    /// assert_eq!(<Blocked<L, G, 2, 2> as Computed>::STRIDES[..4], [2, 8, 1, 4]);
    /// ```
    Blocked [] [] => blocked_of
);
marker!(
    /// The [`Computed`] layout of [`composition`]: `L ∘ TL`.
    ///
    /// ```
    /// use constrided::{strided, tile::{Composed, Computed}};
    /// type A = strided!(type shape = (4, 6), strides = (10, 1));
    /// type B = strided!(type shape = (6, 4), strides = (1, 6));
    /// assert_eq!(<Composed<A, B, 2, 2> as Computed>::STRIDES[..2], [1, 10]);
    /// ```
    Composed [] [] => composed_of
);

/// One axis of a computed static layout: axis `K` of the [`Computed`]
/// layout `F`.
///
/// ```
/// use constrided::{static_layout::AxisSpec, strided, tile::{AlgebraAxis, ZippedDiv}};
/// type F = ZippedDiv<strided!(type shape = (4, 6)), strided!(type shape = (2, 3)), 2, 2>;
/// assert_eq!(<AlgebraAxis<F, 3> as AxisSpec>::SIZE, 2);
/// assert_eq!(<AlgebraAxis<F, 3> as AxisSpec>::STRIDE, Some(3));
/// ```
pub struct AlgebraAxis<F, const K: usize>(PhantomData<fn() -> F>);

impl<F, const K: usize> crate::layout::mapping::Sealed for AlgebraAxis<F, K> {}

impl<F: Computed, const K: usize> AlgebraAxis<F, K> {
    // A broken rule, or an axis past the result's rank, is a compile error
    // naming it, also for a type named by hand (never a silent axis of
    // size 0: issue 26's rule for types whose parameters feed a layout).
    const CHECK: () = {
        if let Some(m) = F::PROBLEM {
            panic!("{}", m.as_str())
        }
        if K >= F::RANK {
            panic!(
                "{}",
                Message::from_text("AlgebraAxis: axis ")
                    .push_int(K as i128)
                    .push(" of a computed layout of rank ")
                    .push_int(F::RANK as i128)
                    .push(": the axis does not exist")
                    .as_str()
            )
        }
    };
}

impl<F: Computed, const K: usize> AxisSpec for AlgebraAxis<F, K> {
    const SIZE: usize = {
        let () = Self::CHECK;
        F::SHAPE[K]
    };
    const STRIDE: Option<isize> = {
        let () = Self::CHECK;
        Some(F::STRIDES[K])
    };
}

/// The axes of a computed static layout of rank `K` (`Rank<K>`) made by
/// `F`, and the rank a division or product doubles to.
///
/// ```
/// use constrided::{layout::Rank, tile::{AlgebraAxis, OutAxes}};
/// type A = <Rank<2> as OutAxes<()>>::Axes;
/// let _: Option<A> = None::<(AlgebraAxis<(), 0>, AlgebraAxis<(), 1>)>;
/// ```
#[diagnostic::on_unimplemented(
    message = "the result would have rank above 8 (`{Self}` has no layout here)",
    label = "a division or product doubles the rank: ranks up to 4 divide"
)]
pub trait OutAxes<F> {
    /// The axis tuple.
    type Axes;
    /// `Rank<2K>`, when it is at most 8.
    type Double;
}

macro_rules! out_axes {
    ($($k:literal => [$($i:literal)*] $d:ty;)*) => {$(
        impl<F> OutAxes<F> for Rank<$k> {
            type Axes = ($(AlgebraAxis<F, $i>,)*);
            type Double = $d;
        }
    )*};
}
/// Rank above 8: no doubled rank.
#[doc(hidden)]
pub enum NoRank {}
out_axes! {
    1 => [0] Rank<2>;
    2 => [0 1] Rank<4>;
    3 => [0 1 2] Rank<6>;
    4 => [0 1 2 3] Rank<8>;
    5 => [0 1 2 3 4] NoRank;
    6 => [0 1 2 3 4 5] NoRank;
    7 => [0 1 2 3 4 5 6] NoRank;
    8 => [0 1 2 3 4 5 6 7] NoRank;
}

// The axes of the doubled-rank result of F over a rank-N input.
type Doubled<F, const N: usize> = <<Rank<N> as OutAxes<F>>::Double as OutAxes<F>>::Axes;

/// `zipped_divide(layout, tiler)`: the static layout `layout` (rank `N`
/// up to 4) split by the tiler's shape into a static layout of rank `2N`:
/// the inside-tile axes, then the tile-index axes. Computed at compile
/// time ([`zipped_divide_layout`]); a tile that does not divide an extent
/// is a compile error naming the axis, the extent and the tile.
///
/// ```
/// use constrided::{strided, tile::zipped_divide, Mapping};
/// let d = zipped_divide(strided![shape = (8, 12), strides = (12, 1)], strided![shape = (4, 4)]);
/// assert_eq!(d.shape(), [4, 4, 2, 3]);
/// assert_eq!(d.strides(), [12, 1, 48, 4]);
/// // Element (i, j) of tile (ti, tj):
/// assert_eq!(d.offset_of_unchecked([1, 2, 1, 2]), (4 + 1) * 12 + 8 + 2);
/// ```
///
/// ```compile_fail
/// # use constrided::{strided, tile::zipped_divide};
/// // error: zipped_divide: the tile does not divide axis 1: extent 12, tile 5
/// let d = zipped_divide(strided![shape = (8, 12)], strided![shape = (4, 5)]);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn zipped_divide<A, const OFF: usize, TL, const N: usize, const T: usize>(
    layout: StaticLayout<A, OFF>,
    tiler: TL,
) -> StaticLayout<Doubled<ZippedDiv<StaticLayout<A, OFF>, TL, N, T>, N>, OFF>
where
    StaticLayout<A, OFF>: StaticMapping<N>,
    TL: StaticMapping<T>,
    Rank<N>: OutAxes<ZippedDiv<StaticLayout<A, OFF>, TL, N, T>>,
    <Rank<N> as OutAxes<ZippedDiv<StaticLayout<A, OFF>, TL, N, T>>>::Double:
        OutAxes<ZippedDiv<StaticLayout<A, OFF>, TL, N, T>>,
    StaticLayout<Doubled<ZippedDiv<StaticLayout<A, OFF>, TL, N, T>, N>, OFF>: Default,
{
    #[rustfmt::skip]
    let () = const { if let Some(m) = <ZippedDiv<StaticLayout<A, OFF>, TL, N, T> as Computed>::PROBLEM { panic!("{}", m.as_str()) } };
    let _ = (layout, tiler);
    Default::default()
}

/// `logical_divide(layout, tiler)`: as [`zipped_divide`], with axis `k`
/// split in place into axes `2k` (inside the tile) and `2k + 1` (the tile
/// index), CuTe's `logical_divide` flattened.
///
/// ```
/// use constrided::{strided, tile::logical_divide, Mapping};
/// let d = logical_divide(strided![shape = (8, 12)], strided![shape = (4, 4)]);
/// assert_eq!((d.shape(), d.strides()), ([4, 2, 4, 3], [12, 48, 1, 4]));
/// ```
///
/// ```compile_fail
/// # use constrided::{strided, tile::logical_divide};
/// // error: logical_divide: the tile does not divide axis 0: extent 8, tile 3
/// let d = logical_divide(strided![shape = (8, 12)], strided![shape = (3, 4)]);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn logical_divide<A, const OFF: usize, TL, const N: usize, const T: usize>(
    layout: StaticLayout<A, OFF>,
    tiler: TL,
) -> StaticLayout<Doubled<LogicalDiv<StaticLayout<A, OFF>, TL, N, T>, N>, OFF>
where
    StaticLayout<A, OFF>: StaticMapping<N>,
    TL: StaticMapping<T>,
    Rank<N>: OutAxes<LogicalDiv<StaticLayout<A, OFF>, TL, N, T>>,
    <Rank<N> as OutAxes<LogicalDiv<StaticLayout<A, OFF>, TL, N, T>>>::Double:
        OutAxes<LogicalDiv<StaticLayout<A, OFF>, TL, N, T>>,
    StaticLayout<Doubled<LogicalDiv<StaticLayout<A, OFF>, TL, N, T>, N>, OFF>: Default,
{
    #[rustfmt::skip]
    let () = const { if let Some(m) = <LogicalDiv<StaticLayout<A, OFF>, TL, N, T> as Computed>::PROBLEM { panic!("{}", m.as_str()) } };
    let _ = (layout, tiler);
    Default::default()
}

/// `blocked_product(tile, grid)`: the static tile layout repeated over
/// the static `grid` (same rank `N` up to 4, offset 0), a static layout of
/// rank `2N` (see [`blocked_product_layout`]): axis `2k` is the tile's
/// axis `k`, axis `2k + 1` the grid's, stepping by whole tiles.
///
/// ```
/// use constrided::{strided, tile::blocked_product, Mapping};
/// // NCHW16c-like: 16 channels innermost, blocks of channels outermost.
/// let b = blocked_product(strided![shape = (16,)], strided![shape = (4,)]);
/// assert_eq!((b.shape(), b.strides()), ([16, 4], [1, 16]));
/// // 2x2 blocks stored one after the other in a 2x3 grid.
/// let b = blocked_product(strided![shape = (2, 2)], strided![shape = (2, 3)]);
/// assert_eq!((b.shape(), b.strides()), ([2, 2, 2, 3], [2, 12, 1, 4]));
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn blocked_product<A, const OFF: usize, G, const N: usize, const T: usize>(
    tile: StaticLayout<A, OFF>,
    grid: G,
) -> StaticLayout<Doubled<Blocked<StaticLayout<A, OFF>, G, N, T>, N>, OFF>
where
    StaticLayout<A, OFF>: StaticMapping<N>,
    G: StaticMapping<T>,
    Rank<N>: OutAxes<Blocked<StaticLayout<A, OFF>, G, N, T>>,
    <Rank<N> as OutAxes<Blocked<StaticLayout<A, OFF>, G, N, T>>>::Double:
        OutAxes<Blocked<StaticLayout<A, OFF>, G, N, T>>,
    StaticLayout<Doubled<Blocked<StaticLayout<A, OFF>, G, N, T>, N>, OFF>: Default,
{
    #[rustfmt::skip]
    let () = const { if let Some(m) = <Blocked<StaticLayout<A, OFF>, G, N, T> as Computed>::PROBLEM { panic!("{}", m.as_str()) } };
    let _ = (tile, grid);
    Default::default()
}

/// `composition(a, b)`: the static layout `a ∘ b` of `b`'s rank, with
/// `(a ∘ b)(i) = a(b(i))`, `b`'s positions read as row-major linear
/// indices into `a`'s shape (see [`composition_layout`]). A compile error
/// names the numbers when `b` starts past 0, reaches past `a`, or when
/// `a ∘ b` is not strided.
///
/// ```
/// use constrided::{strided, tile::composition, Mapping};
/// // a: a 4x6 tile of a 10-column image; b reads it 2 rows by 3 columns
/// // per step, as a 2x2 grid of 2x3 blocks (zipped order).
/// let a = strided![shape = (4, 6), strides = (10, 1)];
/// let b = strided![shape = (2, 3, 2, 2), strides = (6, 1, 12, 3)];
/// let r = composition(a, b);
/// assert_eq!((r.shape(), r.strides()), ([2, 3, 2, 2], [10, 1, 20, 3]));
/// ```
///
/// ```compile_fail
/// # use constrided::{strided, tile::composition};
/// // error: composition: a∘b is not a strided layout: b's index (2) is a's
/// // element 8 at position 13, but strides would put it at 8
/// let r = composition(strided![shape = (3, 5), strides = (10, 1)], strided![shape = (3,), strides = (4,)]);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn composition<A, const OFF: usize, B, const N: usize, const M: usize>(
    a: StaticLayout<A, OFF>,
    b: B,
) -> StaticLayout<<Rank<M> as OutAxes<Composed<StaticLayout<A, OFF>, B, N, M>>>::Axes, OFF>
where
    StaticLayout<A, OFF>: StaticMapping<N>,
    B: StaticMapping<M>,
    Rank<M>: OutAxes<Composed<StaticLayout<A, OFF>, B, N, M>>,
    StaticLayout<<Rank<M> as OutAxes<Composed<StaticLayout<A, OFF>, B, N, M>>>::Axes, OFF>: Default,
{
    #[rustfmt::skip]
    let () = const { if let Some(m) = <Composed<StaticLayout<A, OFF>, B, N, M> as Computed>::PROBLEM { panic!("{}", m.as_str()) } };
    let _ = (a, b);
    Default::default()
}
