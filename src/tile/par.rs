//! The tiles on rayon's thread pool (feature `rayon`): `par_for_each`
//! splits the tiles still to come into halves until each part is small.

use super::{TileLayout, TileShape, Tiles, TilesMut};
use crate::layout::Mapping;
use crate::view::{StridedView, StridedViewMut};

// Tiles per rayon task: enough parts to balance (8 per thread), at least 1.
fn grain(len: usize) -> usize {
    (len / (8 * rayon::current_num_threads())).max(1)
}

// A tile iterator rayon may split: `split_at` parts reach disjoint tiles.
trait Split: ExactSizeIterator + Send + Sized {
    fn split(self, at: usize) -> (Self, Self);
}

impl<'a, T: Sync, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>> Split
    for Tiles<'a, T, N, M, S>
{
    fn split(self, at: usize) -> (Self, Self) {
        self.split_at(at)
    }
}

impl<'a, T: Send, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>> Split
    for TilesMut<'a, T, N, M, S>
{
    fn split(self, at: usize) -> (Self, Self) {
        self.split_at(at)
    }
}

// `f` on every tile of `it`: halves on rayon's pool down to `grain` tiles,
// then the sequential iterator.
fn run<I: Split, F: Fn(I::Item) + Sync>(it: I, f: &F) {
    fn go<I: Split, F: Fn(I::Item) + Sync>(it: I, g: usize, f: &F) {
        if it.len() <= g {
            it.for_each(f);
            return;
        }
        let half = it.len() / 2;
        let (a, b) = it.split(half);
        rayon::join(|| go(a, g, f), || go(b, g, f));
    }
    let g = grain(it.len());
    go(it, g, f);
}

impl<'a, T: Sync, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>>
    Tiles<'a, T, N, M, S>
{
    /// Calls `f` on every tile still to come, on rayon's thread pool (in
    /// an unspecified order, from several threads).
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedView};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// let x: Vec<u64> = (0..64 * 64).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([64, 64]))?;
    /// let total = AtomicU64::new(0);
    /// v.tiles(strided![shape = (8, 8)]).par_for_each(|t| {
    ///     total.fetch_add(t.sum(), Ordering::Relaxed);
    /// });
    /// assert_eq!(total.into_inner(), x.iter().sum::<u64>());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn par_for_each<F>(self, f: F)
    where
        F: Fn(StridedView<'a, T, N, TileLayout<M, S, N>>) + Sync + Send,
    {
        run(self, &f);
    }
}

impl<'a, T: Send, const N: usize, M: Mapping<N> + Send + Sync, S: TileShape<N>>
    TilesMut<'a, T, N, M, S>
{
    /// Calls `f` on every mutable tile still to come, on rayon's thread
    /// pool (the tiles are disjoint; unspecified order, several threads).
    ///
    /// ```
    /// use constrided::{strided, Layout, StridedViewMut};
    /// let mut x = vec![0u32; 32 * 32];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([32, 32]))?;
    /// v.tiles_mut(strided![shape = (8, 8)]).par_for_each(|mut t| t.fill(1));
    /// assert!(x.iter().all(|&e| e == 1));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn par_for_each<F>(self, f: F)
    where
        F: Fn(StridedViewMut<'a, T, N, TileLayout<M, S, N>>) + Sync + Send,
    {
        run(self, &f);
    }
}
