//! Support for the code `strided!` generates. Not public API: names here
//! may change in any release.

use core::ptr::NonNull;

pub use crate::layout::math::{check_in_buffer, check_unique, extent};
pub use crate::layout::message::describe_after;
pub use crate::static_layout::{Axis, StaticLayout};

use crate::error::LayoutError;
use crate::layout::message::Message;
use crate::layout::{math, Layout};
use crate::static_layout::StaticMapping;
use crate::view::{StridedView, StridedViewMut};

/// Row-major strides for `shape` (the default of `strides = ..`).
pub const fn c_strides<const N: usize>(shape: [usize; N]) -> [isize; N] {
    let mut s = [0isize; N];
    match math::c_strides(&shape, &mut s) {
        Ok(()) => s,
        Err(e) => panic!("{}", describe_after("strided!: ", &e).as_str()),
    }
}

/// The message for a failed compile-time check, or `None`.
pub const fn failure<T: Copy>(r: Result<T, LayoutError>) -> Option<Message> {
    match r {
        Ok(_) => None,
        Err(e) => Some(describe_after("strided!: ", &e)),
    }
}

/// What `strided!(&buf; ...)` does with its buffer: fixed-size arrays are
/// checked at compile time and give the view; slices and `Vec`s are
/// checked at run time and give `Result<view, LayoutError>`.
pub trait StaticSource<'a> {
    /// The view (or `Result` of it) for a static layout of rank `N`.
    type Out<const N: usize, M: StaticMapping<N>>;
    /// Makes it.
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M>;
}

impl<'a, T, const L: usize> StaticSource<'a> for &'a [T; L] {
    type Out<const N: usize, M: StaticMapping<N>> = StridedView<'a, T, N, M>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        const {
            if let Some(m) = failure(check_in_buffer(
                &M::LAYOUT.shape(),
                &M::LAYOUT.strides(),
                M::LAYOUT.offset(),
                L,
            )) {
                panic!("{}", m.as_str())
            }
        };
        // SAFETY: the const block above proved required_len <= L, and the
        // array is borrowed for 'a.
        unsafe { StridedView::from_parts(NonNull::from(self).cast(), L, layout, true) }
    }
}

impl<'a, T, const L: usize> StaticSource<'a> for &'a mut [T; L] {
    type Out<const N: usize, M: StaticMapping<N>> = StridedViewMut<'a, T, N, M>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        const {
            let l: Layout<N> = M::LAYOUT;
            if let Some(m) = failure(check_in_buffer(&l.shape(), &l.strides(), l.offset(), L)) {
                panic!("{}", m.as_str())
            }
            if let Some(m) = failure(check_unique(&l.shape(), &l.strides())) {
                panic!("{}", m.as_str())
            }
        };
        // SAFETY: the const block proved required_len <= L and uniqueness;
        // the array is exclusively borrowed for 'a.
        unsafe { StridedViewMut::from_parts(NonNull::from(self).cast(), L, layout, true) }
    }
}

impl<'a, T> StaticSource<'a> for &'a [T] {
    type Out<const N: usize, M: StaticMapping<N>> = Result<StridedView<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedView::new(self, layout)
    }
}

impl<'a, T> StaticSource<'a> for &'a mut [T] {
    type Out<const N: usize, M: StaticMapping<N>> =
        Result<StridedViewMut<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedViewMut::new(self, layout)
    }
}

#[cfg(feature = "alloc")]
impl<'a, T> StaticSource<'a> for &'a alloc::vec::Vec<T> {
    type Out<const N: usize, M: StaticMapping<N>> = Result<StridedView<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedView::new(self, layout)
    }
}

#[cfg(feature = "alloc")]
impl<'a, T> StaticSource<'a> for &'a mut alloc::vec::Vec<T> {
    type Out<const N: usize, M: StaticMapping<N>> =
        Result<StridedViewMut<'a, T, N, M>, LayoutError>;
    #[inline(always)]
    fn static_view<const N: usize, M: StaticMapping<N>>(self, layout: M) -> Self::Out<N, M> {
        StridedViewMut::new(self, layout)
    }
}
