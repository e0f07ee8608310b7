//! Iterators over views in logical row-major order.
use core::marker::PhantomData;

/// Placeholder, replaced by the view work.
pub struct Iter<'a, T>(PhantomData<&'a T>);
/// Placeholder, replaced by the view work.
pub struct IterMut<'a, T>(PhantomData<&'a mut T>);
/// Placeholder, replaced by the view work.
pub struct IndexedIter<'a, T>(PhantomData<&'a T>);

impl<'a, T, const N: usize, M: crate::Mapping<N>> super::StridedView<'a, T, N, M> {
    /// Placeholder.
    pub fn iter(&self) -> core::iter::Empty<&'a T> {
        core::iter::empty()
    }
    /// Placeholder.
    pub fn t(self) -> Self {
        self
    }
}
