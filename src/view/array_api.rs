//! [`StridedArray`] has every read method of [`StridedView`] and every
//! write method of [`StridedViewMut`]: each forwards to `view()` or
//! `view_mut()` (the views borrow the array), so there is one body per
//! method, the view's.
#![cfg(feature = "alloc")]

use super::{
    AxisIter, AxisIterMut, Chunks, ChunksMut, IndexedIter, IndexedIterMut, Iter, IterMut, Lanes,
    LanesMut, StridedArray, StridedView, StridedViewMut, Windows,
};
use crate::error::LayoutError;
use crate::layout::{Higher, Lower, Mapping, Rank, SliceArg};

// One forwarding method: `$doc` (the first line), the example body after
// `let mut a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);`
// (0 1 2 / 10 11 12), the signature, and the call.
macro_rules! forward {
    ($($doc:literal, $ex:literal, fn $name:ident $([$($g:tt)*])? ($($sig:tt)*) -> $ret:ty $(where [$($w:tt)*])? => $body:expr;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("```\nuse constrided::*;\n#[allow(unused_mut)]\nlet mut a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);\n", $ex, "\n# Ok::<(), LayoutError>(())\n```")]
        #[inline]
        pub fn $name $(<$($g)*>)? ($($sig)*) -> $ret $(where $($w)*)? {
            $body
        }
    )*};
}

impl<T, const N: usize> StridedArray<T, N> {
    forward! {
        "The strides (row-major); see [`StridedView::strides`].",
        "assert_eq!(a.strides(), [3, 1]);",
        fn strides(&self) -> [isize; N] => self.layout.strides();

        "The offset of element `(0, …, 0)` (always 0); see [`StridedView::offset`].",
        "assert_eq!(a.offset(), 0);",
        fn offset(&self) -> usize => self.layout.offset();

        "The rank `N`.",
        "assert_eq!(a.ndim(), 2);",
        fn ndim(&self) -> usize => N;

        "Whether the array has no element.",
        "assert!(!a.is_empty());\nassert!(StridedArray::<u8, 2>::zeros([0, 3]).is_empty());",
        fn is_empty(&self) -> bool => self.layout.is_empty();

        "Whether the layout is row-major contiguous (always: arrays are made so).",
        "assert!(a.is_contiguous());",
        fn is_contiguous(&self) -> bool => self.layout.is_contiguous();

        "Whether the layout is column-major contiguous.",
        "assert!(!a.is_f_contiguous());",
        fn is_f_contiguous(&self) -> bool => self.layout.is_f_contiguous();

        "A reference to the element at `index`, or `None` when out of range.",
        "assert_eq!(a.get([1, 2]), Some(&12));\nassert_eq!(a.get([2, 0]), None);",
        fn get(&self, index: [usize; N]) -> Option<&T> => self.view().get(index);

        "A mutable reference to the element at `index`, or `None` when out of range.",
        "*a.get_mut([0, 1]).unwrap() = 7;\nassert_eq!(a[[0, 1]], 7);",
        fn get_mut(&mut self, index: [usize; N]) -> Option<&mut T> => {
            let p = self.layout.offset_of(index)?;
            self.data.get_mut(p)
        };

        "The elements in logical row-major order; see [`StridedView::iter`].",
        "assert_eq!(a.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 10, 11, 12]);",
        fn iter(&self) -> Iter<'_, T, N> => self.view().iter();

        "`(index, &element)` in row-major order; see [`StridedView::indexed_iter`].",
        "assert_eq!(a.indexed_iter().last(), Some(([1, 2], &12)));",
        fn indexed_iter(&self) -> IndexedIter<'_, T, N> => self.view().indexed_iter();

        "Mutable references in row-major order; see [`StridedViewMut::iter_mut`].",
        "a.iter_mut().for_each(|e| *e += 1);\nassert_eq!(a[[1, 2]], 13);",
        fn iter_mut(&mut self) -> IterMut<'_, T, N> => self.view_mut().into_iter_mut();

        "`(index, &mut element)` in row-major order; see [`StridedViewMut::indexed_iter_mut`].",
        "for ([i, j], e) in a.indexed_iter_mut() { *e = i + j; }\nassert_eq!(a.into_vec(), [0, 1, 2, 1, 2, 3]);",
        fn indexed_iter_mut(&mut self) -> IndexedIterMut<'_, T, N> => self.view_mut().into_indexed_iter_mut();

        "The elements in row-major order, cloned into a `Vec`.",
        "assert_eq!(a.to_vec(), [0, 1, 2, 10, 11, 12]);",
        fn to_vec(&self) -> alloc::vec::Vec<T> where [T: Clone] => self.data.clone();

        "Copies the elements in row-major order into `out` (length `numel()`).",
        "let mut out = [0; 6];\na.copy_to_slice(&mut out)?;\nassert_eq!(out[3], 10);",
        fn copy_to_slice(&self, out: &mut [T]) -> Result<(), LayoutError> where [T: Copy] => self.view().copy_to_slice(out);

        "A new array of `f(&element)`; see [`StridedView::map`].",
        "assert_eq!(a.map(|&e| e * 2).into_vec(), [0, 2, 4, 20, 22, 24]);",
        fn map [U] (&self, f: impl FnMut(&T) -> U) -> StridedArray<U, N> => self.view().map(f);

        "A view with the axes permuted; see [`StridedView::permute`].",
        "assert_eq!(a.permute([1, 0])?[[2, 1]], 12);",
        fn permute(&self, axes: [usize; N]) -> Result<StridedView<'_, T, N>, LayoutError> => self.view().permute(axes);

        "A view with all axes reversed; see [`StridedView::t`].",
        "assert_eq!(a.t().shape(), [3, 2]);\nassert_eq!(a.t()[[2, 1]], 12);",
        fn t(&self) -> StridedView<'_, T, N> => self.view().t();

        "A view with two axes swapped; see [`StridedView::transpose`].",
        "assert_eq!(a.transpose(0, 1)?.to_vec(), [0, 10, 1, 11, 2, 12]);",
        fn transpose(&self, x: usize, y: usize) -> Result<StridedView<'_, T, N>, LayoutError> => self.view().transpose(x, y);

        "A view with `axis` walked backwards; see [`StridedView::flip`].",
        "assert_eq!(a.flip(1)?.to_vec(), [2, 1, 0, 12, 11, 10]);",
        fn flip(&self, axis: usize) -> Result<StridedView<'_, T, N>, LayoutError> => self.view().flip(axis);

        "A sliced view (`s![..]`, fewer entries allowed); see [`StridedView::slice`].",
        "assert_eq!(a.slice(s![.., 1..])?.to_vec(), [1, 2, 11, 12]);\nassert_eq!(a.slice(s![1])?.to_vec(), [10, 11, 12]);",
        fn slice[const R: usize] (&self, s: impl SliceArg<N, R>) -> Result<StridedView<'_, T, R>, LayoutError> => self.view().slice(s);

        "A sliced exclusive view; see [`StridedViewMut::slice`].",
        "a.slice_mut(s![.., ..;2])?.fill(0);\nassert_eq!(a.into_vec(), [0, 1, 0, 0, 11, 0]);",
        fn slice_mut[const R: usize] (&mut self, s: impl SliceArg<N, R>) -> Result<StridedViewMut<'_, T, R>, LayoutError> => self.view_mut().slice(s);

        "The view with `axis` fixed at `index` (rank inferred); see [`StridedView::index_axis`].",
        "assert_eq!(a.index_axis(1, 2)?.to_vec(), [2, 12]);",
        fn index_axis[const R: usize] (&self, axis: usize, index: usize) -> Result<StridedView<'_, T, R>, LayoutError>
            where [Rank<N>: Lower<Out = Rank<R>>] => self.view().index_axis(axis, index);

        "The exclusive view with `axis` fixed at `index`; see [`StridedViewMut::index_axis`].",
        "a.index_axis_mut(0, 1)?.fill(5);\nassert_eq!(a.into_vec(), [0, 1, 2, 5, 5, 5]);",
        fn index_axis_mut[const R: usize] (&mut self, axis: usize, index: usize) -> Result<StridedViewMut<'_, T, R>, LayoutError>
            where [Rank<N>: Lower<Out = Rank<R>>] => self.view_mut().index_axis(axis, index);

        "The view without its size-1 `axis`; see [`StridedView::remove_axis`].",
        "let b = StridedArray::from_elem([1, 3], 0);\nassert_eq!(b.remove_axis(0)?.shape(), [3]);",
        fn remove_axis[const R: usize] (&self, axis: usize) -> Result<StridedView<'_, T, R>, LayoutError>
            where [Rank<N>: Lower<Out = Rank<R>>] => self.view().remove_axis(axis);

        "The view with a new axis of size 1; see [`StridedView::insert_axis`].",
        "assert_eq!(a.insert_axis(1)?.shape(), [2, 1, 3]);",
        fn insert_axis[const R: usize] (&self, axis: usize) -> Result<StridedView<'_, T, R>, LayoutError>
            where [Rank<N>: Higher<Out = Rank<R>>] => self.view().insert_axis(axis);

        "The view reshaped (never a copy: arrays are contiguous); see [`StridedView::reshape`].",
        "assert_eq!(a.reshape([3, 2])?[[1, 0]], 2);",
        fn reshape[const R: usize] (&self, shape: [usize; R]) -> Result<StridedView<'_, T, R>, LayoutError> => self.view().reshape(shape);

        "The view broadcast to `shape`; see [`StridedView::broadcast_to`].",
        "assert_eq!(a.broadcast_to([2, 2, 3])?.shape(), [2, 2, 3]);",
        fn broadcast_to[const R: usize] (&self, shape: [usize; R]) -> Result<StridedView<'_, T, R>, LayoutError> => self.view().broadcast_to(shape);

        "Two views split before `index` on `axis`; see [`StridedView::split_at`].",
        "let (l, r) = a.split_at(1, 1)?;\nassert_eq!((l.to_vec(), r.to_vec()), (vec![0, 10], vec![1, 2, 11, 12]));",
        fn split_at(&self, axis: usize, index: usize) -> Result<(StridedView<'_, T, N>, StridedView<'_, T, N>), LayoutError> => self.view().split_at(axis, index);

        "Sub-views at each index of axis 0; see [`StridedView::outer_iter`].",
        "assert_eq!(a.outer_iter().map(|r| r.sum()).collect::<Vec<_>>(), [3, 33]);",
        fn outer_iter[const R: usize] (&self) -> AxisIter<'_, T, R> where [Rank<N>: Lower<Out = Rank<R>>] => self.view().outer_iter();

        "Sub-views at each index of `axis`; see [`StridedView::axis_iter`].",
        "assert_eq!(a.axis_iter(1)?.map(|c| c.sum()).collect::<Vec<_>>(), [10, 12, 14]);",
        fn axis_iter[const R: usize] (&self, axis: usize) -> Result<AxisIter<'_, T, R>, LayoutError>
            where [Rank<N>: Lower<Out = Rank<R>>] => self.view().axis_iter(axis);

        "Mutable sub-views at each index of axis 0; see [`StridedViewMut::outer_iter_mut`].",
        "for (i, mut r) in a.outer_iter_mut().enumerate() { r.fill(i); }\nassert_eq!(a.into_vec(), [0, 0, 0, 1, 1, 1]);",
        fn outer_iter_mut[const R: usize] (&mut self) -> AxisIterMut<'_, T, R> where [Rank<N>: Lower<Out = Rank<R>>] => {
            match self.view_mut().into_axis_iter_mut(0) {
                Ok(it) => it,
                Err(e) => panic!("{e}"),
            }
        };

        "Mutable sub-views at each index of `axis`; see [`StridedViewMut::axis_iter_mut`].",
        "for (j, mut c) in a.axis_iter_mut(1)?.enumerate() { c.fill(j); }\nassert_eq!(a.into_vec(), [0, 1, 2, 0, 1, 2]);",
        fn axis_iter_mut[const R: usize] (&mut self, axis: usize) -> Result<AxisIterMut<'_, T, R>, LayoutError>
            where [Rank<N>: Lower<Out = Rank<R>>] => self.view_mut().into_axis_iter_mut(axis);

        "Rank-1 views along `axis`; see [`StridedView::lanes`].",
        "assert_eq!(a.lanes(0)?.count(), 3);",
        fn lanes(&self, axis: usize) -> Result<Lanes<'_, T, N>, LayoutError> => self.view().lanes(axis);

        "Mutable rank-1 views along `axis`; see [`StridedViewMut::lanes_mut`].",
        "for mut l in a.lanes_mut(1)? { l[[0]] = 9; }\nassert_eq!(a.into_vec(), [9, 1, 2, 9, 11, 12]);",
        fn lanes_mut(&mut self, axis: usize) -> Result<LanesMut<'_, T, N>, LayoutError> => self.view_mut().into_lanes_mut(axis);

        "Overlapping windows; see [`StridedView::windows`].",
        "assert_eq!(a.windows([2, 2])?.count(), 2);",
        fn windows(&self, window: [usize; N]) -> Result<Windows<'_, T, N>, LayoutError> => self.view().windows(window);

        "Windows whose starts are `stride` apart; see [`StridedView::windows_with_stride`].",
        "assert_eq!(a.windows_with_stride([1, 2], [1, 1])?.count(), 4);",
        fn windows_with_stride(&self, window: [usize; N], stride: [usize; N]) -> Result<Windows<'_, T, N>, LayoutError> => self.view().windows_with_stride(window, stride);

        "Non-overlapping blocks, the remainder dropped; see [`StridedView::exact_chunks`].",
        "assert_eq!(a.exact_chunks([2, 2])?.count(), 1);",
        fn exact_chunks(&self, chunk: [usize; N]) -> Result<Chunks<'_, T, N>, LayoutError> => self.view().exact_chunks(chunk);

        "Blocks along `axis`, the last shorter; see [`StridedView::axis_chunks_iter`].",
        "assert_eq!(a.axis_chunks_iter(1, 2)?.map(|c| c.numel()).collect::<Vec<_>>(), [4, 2]);",
        fn axis_chunks_iter(&self, axis: usize, size: usize) -> Result<Chunks<'_, T, N>, LayoutError> => self.view().axis_chunks_iter(axis, size);

        "Mutable blocks, the remainder dropped; see [`StridedViewMut::exact_chunks_mut`].",
        "for mut b in a.exact_chunks_mut([1, 3])? { b[[0, 0]] = 7; }\nassert_eq!(a.into_vec(), [7, 1, 2, 7, 11, 12]);",
        fn exact_chunks_mut(&mut self, chunk: [usize; N]) -> Result<ChunksMut<'_, T, N>, LayoutError> => self.view_mut().into_exact_chunks_mut(chunk);

        "Mutable blocks along `axis`; see [`StridedViewMut::axis_chunks_iter_mut`].",
        "for (i, mut c) in a.axis_chunks_iter_mut(1, 2)?.enumerate() { c.fill(i); }\nassert_eq!(a.into_vec(), [0, 0, 1, 0, 0, 1]);",
        fn axis_chunks_iter_mut(&mut self, axis: usize, size: usize) -> Result<ChunksMut<'_, T, N>, LayoutError> => self.view_mut().into_axis_chunks_iter_mut(axis, size);

        "Sets every element to `value`; see [`StridedViewMut::fill`].",
        "a.fill(3);\nassert_eq!(a.sum(), 18);",
        fn fill(&mut self, value: T) -> () where [T: Clone] => self.data.fill(value);

        "Copies `src` (same shape) into the array; see [`StridedViewMut::assign`].",
        "let b = StridedArray::from_elem([3, 2], 1);\na.assign(&b.t())?;\nassert_eq!(a.sum(), 6);",
        fn assign [MS: Mapping<N>] (&mut self, src: &StridedView<'_, T, N, MS>) -> Result<(), LayoutError> where [T: Copy] => self.view_mut().assign(src);

        "Copies a row-major slice (length `numel()`) into the array.",
        "a.copy_from_slice(&[6, 5, 4, 3, 2, 1])?;\nassert_eq!(a[[0, 0]], 6);",
        fn copy_from_slice(&mut self, src: &[T]) -> Result<(), LayoutError> where [T: Copy] => self.view_mut().copy_from_slice(src);

        "Calls `f` on every element mutably; see [`StridedViewMut::map_inplace`].",
        "a.map_inplace(|e| *e *= 2);\nassert_eq!(a[[1, 2]], 24);",
        fn map_inplace(&mut self, f: impl FnMut(&mut T)) -> () => self.view_mut().map_inplace(f);

        "`f(&mut self[i], &src[i])` with `src` broadcast; see [`StridedViewMut::zip_with`].",
        "let row = StridedArray::from(vec![100, 200, 300]);\na.zip_with(&row.view(), |x, &r| *x += r)?;\nassert_eq!(a[[1, 2]], 312);",
        fn zip_with [U, const R: usize, MS: Mapping<R>] (&mut self, src: &StridedView<'_, U, R, MS>, f: impl FnMut(&mut T, &U)) -> Result<(), LayoutError>
            => self.view_mut().zip_with(src, f);
    }
}

impl<T> StridedArray<T, 2> {
    /// The main diagonal; see [`StridedView::diagonal`].
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);
    /// assert_eq!(a.diagonal().to_vec(), [0, 11]);
    /// ```
    pub fn diagonal(&self) -> StridedView<'_, T, 1> {
        self.view().diagonal()
    }
}

/// The elements in logical row-major order.
///
/// ```
/// use constrided::StridedArray;
/// let a = StridedArray::from(vec![1, 2, 3]);
/// let mut s = 0;
/// for e in &a { s += e; }
/// assert_eq!(s, 6);
/// ```
impl<'s, T, const N: usize> IntoIterator for &'s StridedArray<T, N> {
    type Item = &'s T;
    type IntoIter = Iter<'s, T, N>;
    fn into_iter(self) -> Iter<'s, T, N> {
        self.iter()
    }
}

/// Mutable references in logical row-major order.
///
/// ```
/// use constrided::StridedArray;
/// let mut a = StridedArray::from(vec![1, 2, 3]);
/// for e in &mut a { *e *= 2; }
/// assert_eq!(a.into_vec(), [2, 4, 6]);
/// ```
impl<'s, T, const N: usize> IntoIterator for &'s mut StridedArray<T, N> {
    type Item = &'s mut T;
    type IntoIter = IterMut<'s, T, N>;
    fn into_iter(self) -> IterMut<'s, T, N> {
        self.iter_mut()
    }
}
