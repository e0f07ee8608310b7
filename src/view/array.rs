//! [`StridedArray`]: an owned buffer with a layout (feature `alloc`).
#![cfg(feature = "alloc")]

use alloc::vec::Vec;

use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError};
use crate::layout::Layout;

/// An owned array: a `Vec<T>` read through a [`Layout`]. Made row-major by
/// its constructors; transforms happen on its views.
///
/// ```
/// use constrided::StridedArray;
/// let mut a = StridedArray::from_vec([2, 3], vec![1, 2, 3, 4, 5, 6])?;
/// a[[1, 2]] = 60;
/// assert_eq!(a.view().t().to_vec(), [1, 4, 2, 5, 3, 60]);
/// assert_eq!(a.into_vec(), [1, 2, 3, 4, 5, 60]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
///
/// Arrays have every read method of [`StridedView`] and every write method
/// of [`StridedViewMut`] (`iter`, `t`, `slice`, `index_axis`, `fill`, …;
/// the views borrow the array), and the arithmetic operators `+ - * / %`
/// with NumPy broadcasting work between views and arrays (by reference,
/// or by value, reusing the buffer when the result has its shape), with a
/// scalar on the right, unary `-`, and compound assignment. The result has
/// the larger rank; shapes that do not broadcast panic, naming both.
///
/// ```
/// use constrided::{s, StridedArray, StridedView};
/// let x: Vec<f32> = (0..6).map(|i| i as f32).collect();
/// let a = StridedView::from_shape([2, 3], &x)?;
/// let mean = a.mean_axis(0)?; // [1.5, 2.5, 3.5]
/// let centred = &a - &mean; // (2, 3) - (3,)
/// assert_eq!(centred.as_slice(), [-1.5, -1.5, -1.5, 1.5, 1.5, 1.5]);
/// // &a.t() * &b + &c, as in ndarray.
/// let b = StridedArray::from_elem([3, 2], 2.0f32);
/// let c = StridedArray::from(vec![10.0f32, 20.0]);
/// let d = &a.t() * &b + &c;
/// assert_eq!(d[(2, 1)], 5.0 * 2.0 + 20.0);
/// // Scalars, negation, by-value reuse, compound assignment.
/// let mut e = -(d * 0.5) + 1.0;
/// e += &c;
/// e /= 2.0;
/// assert_eq!(e.shape(), [3, 2]);
/// assert_eq!(e.slice(s![0])?.to_vec(), [(-5.0 + 1.0 + 10.0) / 2.0, (-13.0 + 1.0 + 20.0) / 2.0]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[derive(Clone)]
pub struct StridedArray<T, const N: usize> {
    pub(crate) data: Vec<T>,
    pub(crate) layout: Layout<N>,
}

impl<T, const N: usize> StridedArray<T, N> {
    /// A row-major array of `shape` holding `data`; `ShapeMismatch` when
    /// `data.len()` is not the element count of `shape`.
    ///
    /// ```
    /// use constrided::{LayoutError, StridedArray};
    /// assert!(StridedArray::from_vec([2, 2], vec![1, 2, 3]).is_err());
    /// ```
    pub fn from_vec(shape: [usize; N], data: Vec<T>) -> Result<Self, LayoutError> {
        let layout = Layout::try_contiguous(shape)?;
        if layout.numel() != data.len() {
            return Err(LayoutError::ShapeMismatch {
                expected: Dims::new(&shape),
                found: Dims::new(&[data.len()]),
                arg: crate::ShapeArg::Vector,
            });
        }
        Ok(StridedArray { data, layout })
    }

    /// A row-major array of `shape` whose element at each index is `f(index)`.
    ///
    /// # Panics
    /// When the element count of `shape` does not fit `isize`.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_shape_fn([2, 3], |[i, j]| 10 * i + j);
    /// assert_eq!(a.into_vec(), [0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn from_shape_fn(shape: [usize; N], mut f: impl FnMut([usize; N]) -> T) -> Self {
        let layout = Layout::contiguous(shape);
        let mut data = Vec::with_capacity(layout.numel());
        if !layout.is_empty() {
            let mut index = [0usize; N];
            'outer: loop {
                data.push(f(index));
                let mut k = N;
                loop {
                    if k == 0 {
                        break 'outer;
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
        StridedArray { data, layout }
    }

    /// The layout (row-major, offset 0).
    ///
    /// ```
    /// # use constrided::{Layout, StridedArray};
    /// let a = StridedArray::from_elem([2, 3], 0u8);
    /// assert_eq!(a.layout(), Layout::contiguous([2, 3]));
    /// ```
    pub fn layout(&self) -> Layout<N> {
        self.layout
    }

    /// The size of each axis.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// assert_eq!(StridedArray::from_elem([2, 3], 0u8).shape(), [2, 3]);
    /// ```
    pub fn shape(&self) -> [usize; N] {
        self.layout.shape()
    }

    /// The number of elements.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// assert_eq!(StridedArray::from_elem([2, 3], 0u8).numel(), 6);
    /// ```
    pub fn numel(&self) -> usize {
        self.layout.numel()
    }

    /// A shared view of the whole array.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.view()[[1, 0]], 3);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn view(&self) -> StridedView<'_, T, N> {
        // SAFETY: data holds exactly numel elements and the row-major
        // layout reaches 0..numel; the borrow of self covers the view.
        unsafe {
            StridedView::from_parts(
                core::ptr::NonNull::from(self.data.as_slice()).cast(),
                self.data.len(),
                self.layout,
                true,
            )
        }
    }

    /// An exclusive view of the whole array.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let mut a = StridedArray::from_elem([2, 2], 0);
    /// a.view_mut().fill(7);
    /// assert_eq!(a.into_vec(), [7, 7, 7, 7]);
    /// ```
    pub fn view_mut(&mut self) -> StridedViewMut<'_, T, N> {
        let len = self.data.len();
        // SAFETY: as in view(); a contiguous layout is unique, and &mut self
        // makes the access exclusive for the view's lifetime.
        unsafe {
            StridedViewMut::from_parts(
                core::ptr::NonNull::from(self.data.as_mut_slice()).cast(),
                len,
                self.layout,
                true,
            )
        }
    }

    /// The elements in row-major order.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// assert_eq!(StridedArray::from_elem([3], 'x').into_vec(), ['x', 'x', 'x']);
    /// ```
    pub fn into_vec(self) -> Vec<T> {
        self.data
    }

    /// The elements as a row-major slice.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// assert_eq!(StridedArray::from_vec([2], vec![1, 2])?.as_slice(), &[1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    /// The elements as a mutable row-major slice.
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let mut a = StridedArray::from_vec([2], vec![1, 2])?;
    /// a.as_mut_slice()[0] = 5;
    /// assert_eq!(a[[0]], 5);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }
}

impl<T: Clone, const N: usize> StridedArray<T, N> {
    /// A row-major array of `shape` with every element `value`.
    ///
    /// # Panics
    /// When the element count of `shape` is above `isize::MAX + 1` (as
    /// [`Layout::contiguous`], the message names the numbers), or when the
    /// allocation fails. [`StridedArray::from_vec`] returns the layout
    /// error instead.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_elem([2, 2], 1.5f32);
    /// assert_eq!(a.view().iter().sum::<f32>(), 6.0);
    /// ```
    pub fn from_elem(shape: [usize; N], value: T) -> Self {
        let layout = Layout::contiguous(shape);
        StridedArray {
            data: alloc::vec![value; layout.numel()],
            layout,
        }
    }
}

impl<T, const N: usize> StridedArray<core::mem::MaybeUninit<T>, N> {
    /// A row-major array of `shape` whose elements are not initialised
    /// (ndarray's `uninit`): the allocation only, for a caller that writes
    /// every element (through [`view_mut`](Self::view_mut),
    /// [`StridedViewMut::zip_with`], [`Zip`](crate::Zip), …) and then calls
    /// [`assume_init`](Self::assume_init). Reading an element before it is
    /// written is not possible safely (`MaybeUninit::assume_init_read` is
    /// `unsafe`), so this constructor is safe.
    ///
    /// # Panics
    /// When the element count of `shape` does not fit `isize` (the message
    /// names the numbers), or when the allocation fails.
    ///
    /// ```
    /// use core::mem::MaybeUninit;
    /// use constrided::{s, StridedArray, StridedView};
    /// let x: Vec<f32> = (0..12).map(|i| i as f32).collect();
    /// let src = StridedView::from_shape([3, 4], &x)?;
    /// let mut u = StridedArray::<MaybeUninit<f32>, 2>::uninit([4, 3]);
    /// // Write every element once: the transpose, doubled.
    /// u.view_mut().zip_with(&src.t(), |d, &e| {
    ///     d.write(2.0 * e);
    /// })?;
    /// // SAFETY: zip_with visited every index of u's shape.
    /// let a = unsafe { u.assume_init() };
    /// assert_eq!(a.slice(s![1, ..])?.to_vec(), [2.0, 10.0, 18.0]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn uninit(shape: [usize; N]) -> Self {
        let layout = Layout::contiguous(shape);
        let n = layout.numel();
        let mut data = Vec::with_capacity(n);
        // SAFETY: the capacity is n, and MaybeUninit<T> needs no
        // initialisation: every bit pattern (none) is a valid value.
        unsafe { data.set_len(n) };
        StridedArray { data, layout }
    }

    /// The array with its elements taken as initialised (ndarray's
    /// `assume_init`): no copy, the same buffer and layout.
    ///
    /// # Safety
    /// Every element has been written (is an initialised, valid `T`), as
    /// for [`MaybeUninit::assume_init`](core::mem::MaybeUninit::assume_init).
    ///
    /// ```
    /// use core::mem::MaybeUninit;
    /// use constrided::StridedArray;
    /// let mut u = StridedArray::<MaybeUninit<String>, 1>::uninit([3]);
    /// for (i, e) in u.as_mut_slice().iter_mut().enumerate() {
    ///     e.write(i.to_string());
    /// }
    /// // SAFETY: all three elements were written above.
    /// let a = unsafe { u.assume_init() };
    /// assert_eq!(a.into_vec(), ["0", "1", "2"]);
    /// ```
    pub unsafe fn assume_init(self) -> StridedArray<T, N> {
        let StridedArray { data, layout } = self;
        let mut data = core::mem::ManuallyDrop::new(data);
        let (p, len, cap) = (data.as_mut_ptr(), data.len(), data.capacity());
        // SAFETY: the allocation came from a Vec<MaybeUninit<T>>, which has
        // T's size and alignment, with this length and capacity; the
        // ManuallyDrop gives up its ownership; every element is an
        // initialised T (caller).
        let data = unsafe { Vec::from_raw_parts(p.cast::<T>(), len, cap) };
        StridedArray { data, layout }
    }
}

impl<T, const N: usize> core::ops::Index<[usize; N]> for StridedArray<T, N> {
    type Output = T;
    #[track_caller]
    fn index(&self, index: [usize; N]) -> &T {
        match self.layout.offset_of(index) {
            Some(p) => &self.data[p],
            None => super::index_out_of_range(&index, &self.layout.shape()),
        }
    }
}

impl<T, const N: usize> core::ops::IndexMut<[usize; N]> for StridedArray<T, N> {
    #[track_caller]
    fn index_mut(&mut self, index: [usize; N]) -> &mut T {
        match self.layout.offset_of(index) {
            Some(p) => &mut self.data[p],
            None => super::index_out_of_range(&index, &self.layout.shape()),
        }
    }
}

impl<T: Eq, const N: usize> Eq for StridedArray<T, N> {}

impl<T: Clone + Default, const N: usize> StridedArray<T, N> {
    /// A row-major array of `shape` filled with `T::default()`: zero for
    /// every number type (`0`, `0.0`), `false`, `'\0'`, an empty `String`…
    /// (NumPy's `zeros`; constrided has no numeric trait of its own, and
    /// `Default` is the zero of every primitive number).
    ///
    /// # Panics
    /// When the element count of `shape` does not fit `isize`.
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::<f32, 2>::zeros([2, 3]);
    /// assert_eq!(a.shape(), [2, 3]);
    /// assert!(a.as_slice().iter().all(|&x| x == 0.0));
    /// ```
    pub fn zeros(shape: [usize; N]) -> Self {
        Self::from_elem(shape, T::default())
    }
}

impl<'a, T, const N: usize, M: crate::layout::Mapping<N>> StridedView<'a, T, N, M> {
    /// A row-major owned copy of the elements (ndarray's `to_owned`),
    /// whatever this view's layout.
    ///
    /// ```
    /// use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let t = StridedView::new(&x, Layout::contiguous([2, 3]))?.t();
    /// let a = t.to_owned();
    /// assert_eq!(a.layout(), Layout::contiguous([3, 2]));
    /// assert_eq!(a.as_slice(), [1, 4, 2, 5, 3, 6]);
    /// assert_eq!(a, t);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_owned(&self) -> StridedArray<T, N>
    where
        T: Clone,
    {
        if !M::STATIC {
            let l = self.layout();
            // The output's layout first: a shape without one panics here,
            // naming the numbers, before anything is allocated.
            let layout = Layout::contiguous(l.shape());
            // SAFETY: l is this view's layout, valid for its buffer, which
            // the shared borrow of self keeps readable.
            if let Some(data) = unsafe { crate::kernel::copy::materialize_plain(self.as_ptr(), &l) }
            {
                return StridedArray { data, layout };
            }
        }
        // Static views (a nest over the constant shape), and element types
        // that are not plain: element by element, through `Clone`.
        self.map(T::clone)
    }

    /// A row-major owned copy of the elements, consuming the view
    /// (ndarray's `into_owned`; the same as [`to_owned`](Self::to_owned)).
    ///
    /// ```
    /// use constrided::{s, StridedArray};
    /// let a = StridedArray::from_shape_fn([2, 4], |[i, j]| 10 * i + j);
    /// let b = a.slice(s![.., ..;-2])?.into_owned();
    /// assert_eq!(b.into_vec(), [3, 1, 13, 11]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn into_owned(self) -> StridedArray<T, N>
    where
        T: Clone,
    {
        self.to_owned()
    }
}

impl<'a, T, const N: usize, M: crate::layout::Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// A row-major owned copy of the elements (see [`StridedView::to_owned`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.flip(0)?;
    /// assert_eq!(v.to_owned().into_vec(), [3, 4, 1, 2]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_owned(&self) -> StridedArray<T, N>
    where
        T: Clone,
    {
        self.view().to_owned()
    }

    /// A row-major owned copy of the elements, consuming the view (see
    /// [`StridedView::into_owned`]).
    ///
    /// ```
    /// use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.t();
    /// assert_eq!(v.into_owned().into_vec(), [1, 3, 2, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn into_owned(self) -> StridedArray<T, N>
    where
        T: Clone,
    {
        self.view().to_owned()
    }
}

impl<T, const N: usize> StridedArray<T, N> {
    /// The array itself (ndarray's `into_owned` on an owned array: no copy).
    ///
    /// ```
    /// use constrided::StridedArray;
    /// let a = StridedArray::from_elem([2], 7u8);
    /// assert_eq!(a.into_owned().into_vec(), [7, 7]);
    /// ```
    pub fn into_owned(self) -> StridedArray<T, N> {
        self
    }
}
