//! Tiles as [`Zip`](crate::Zip) operands: [`Tiles`] and [`TilesMut`] are
//! producers (see `crate::zip::producer`) whose positions are the start
//! positions of the full tiles in the parent's buffer, laid out over the
//! tile grid, and whose items are the tile views, lent for one call of the
//! zip's closure.
//!
//! Why the items are sound (what [`Yield::item`]'s contract asks):
//! - a position handed to `item` is one of the operand's position mapping
//!   (`Range::whole_starts`): the start of a full tile of the grid, whose
//!   indices (g·tile + i, i < tile, on each axis) are in-range parent
//!   indices, so [`TileLayout::new_unchecked`]'s contract holds and the
//!   tile reaches only positions of the parent view, inside the buffer of
//!   `len` elements the producer borrows for `'a` (`'a: 'x`);
//! - mutable tiles: the parent's layout is unique, the tiles of distinct
//!   grid indices are disjoint boxes of parent indices, so distinct
//!   positions make tiles of disjoint elements; the engine makes the item
//!   of each position of a (non-broadcast) mutable operand once per walk,
//!   and the iterator that was consumed hands none out itself: an iterator
//!   that already yielded a tile, or a proper part of a `split_at`, is an
//!   empty operand (rank 0, which has no empty shape, panics instead),
//!   so no tile reaches the zip twice;
//! - the edge tiles (`split_edges`) are disjoint from every full tile;
//! - the closure is higher-ranked over `'x`, so no tile outlives its call.

use core::ptr::NonNull;

use super::{TileLayout, TileShape, Tiles, TilesMut};
use crate::layout::{Layout, Mapping};
use crate::view::{StridedView, StridedViewMut};
use crate::zip::{sealed, Lend, Producer, Shared, Yield};

/// The `Extra` of a tile operand: the parent's mapping (the tile's
/// strides), the parent's buffer length, and whether the whole buffer may
/// be read.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct TileParts<M> {
    pub(super) parent: M,
    pub(super) len: usize,
    pub(super) whole: bool,
}

// The number of elements of a tile of shape `s`: its weight as one item of
// a zip (the parallel split's part size).
const fn tile_len<const N: usize>(s: [usize; N]) -> usize {
    let mut n = 1usize;
    let mut k = 0;
    while k < N {
        n = n.saturating_mul(s[k]);
        k += 1;
    }
    n
}

// The producer traits of one tile iterator; `$view` its item type.
macro_rules! tile_producer {
    ($iter:ident, $view:ident) => {
        impl<T, const N: usize, M, S> sealed::Sealed for $iter<'_, T, N, M, S> {}
        impl<'x, T, const N: usize, M: Mapping<N>, S: TileShape<N>> Lend<'x>
            for $iter<'_, T, N, M, S>
        {
            type Item = $view<'x, T, N, TileLayout<M, S, N>>;
        }
        // Not listed in errors: the trait's message names the operands.
        #[diagnostic::do_not_recommend]
        impl<T, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>> Yield
            for $iter<'_, T, N, M, S>
        {
            type Elem = T;
            type Extra = TileParts<M>;
            const ELEMENT: bool = false;
            const SHARED_ELEMENT: bool = false;
            const ITEM_LEN: usize = tile_len(S::SHAPE);
            crate::zip::raw_runs!();
            #[inline(always)]
            unsafe fn item<'x>(
                ptr: *mut T,
                extra: &TileParts<M>,
                pos: isize,
            ) -> $view<'x, T, N, TileLayout<M, S, N>> {
                // SAFETY: pos is a tile start of the operand's mapping
                // (caller), so the tile's indices are in-range parent
                // indices (module docs).
                let m = unsafe { TileLayout::new_unchecked(extra.parent, pos as usize) };
                // SAFETY: ptr is the parent's (non-null) buffer of
                // extra.len elements, borrowed for 'a: 'x; the tile reaches
                // only parent positions; a mutable tile's elements are no
                // other live item's (module docs), and `whole` is the
                // parent's for shared tiles, false for mutable ones.
                unsafe { $view::from_parts(NonNull::new_unchecked(ptr), extra.len, m, extra.whole) }
            }
        }
        // Not listed in errors: the trait's message names the operands.
        #[diagnostic::do_not_recommend]
        impl<T, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>> Producer<N>
            for $iter<'_, T, N, M, S>
        {
            type Map = Layout<N>;
            #[inline]
            fn into_raw(self) -> (*mut T, Layout<N>, TileParts<M>) {
                let (ptr, starts, parts) = self.zip_parts();
                (ptr.as_ptr(), starts, parts)
            }
        }
    };
}

tile_producer!(Tiles, StridedView);
tile_producer!(TilesMut, StridedViewMut);

impl<T, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>> Shared
    for Tiles<'_, T, N, M, S>
{
}
