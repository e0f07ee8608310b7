//! [`StridedArray`]: an owned buffer with a layout.
#![cfg(feature = "alloc")]

/// Placeholder, replaced by the view work.
pub struct StridedArray<T, const N: usize>(core::marker::PhantomData<T>);
