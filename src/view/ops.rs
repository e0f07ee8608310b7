//! View methods backed by the kernels: `to_vec`, `copy_to_slice`, `fold`,
//! `map` on both views; `fill`, `assign`, `map_inplace`, `zip_with`,
//! `copy_from_slice` on `StridedViewMut`.

use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError};
use crate::kernel;
use crate::layout::{Layout, Mapping};

fn check_len(numel: usize, len: usize) -> Result<(), LayoutError> {
    if numel == len {
        Ok(())
    } else {
        Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&[numel]),
            found: Dims::new(&[len]),
        })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The elements in logical row-major order, cloned into a new `Vec`.
    /// (For `Copy` elements, [`copy_to_slice`](Self::copy_to_slice) goes
    /// through the tiled copy kernel and is faster on transposed views.)
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x: Vec<i32> = (0..12).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([3, 4]))?.t();
    /// assert_eq!(v.to_vec(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    /// let names = [String::from("a"), String::from("b")];
    /// let n = StridedView::new(&names, Layout::contiguous([2]))?.flip(0)?;
    /// assert_eq!(n.to_vec(), ["b", "a"]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> alloc::vec::Vec<T>
    where
        T: Clone,
    {
        self.map(T::clone).into_vec()
    }

    /// Copies the elements, in logical row-major order, into `out`, whose
    /// length must be `numel()` (`ShapeMismatch` otherwise). No allocation.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 2]))?.t();
    /// let mut out = [0; 4];
    /// v.copy_to_slice(&mut out)?;
    /// assert_eq!(out, [1, 3, 2, 4]);
    /// assert!(v.copy_to_slice(&mut [0; 3]).is_err());
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn copy_to_slice(&self, out: &mut [T]) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        let sl = self.layout();
        check_len(sl.numel(), out.len())?;
        if out.is_empty() {
            return Ok(());
        }
        let dl = Layout::try_contiguous(sl.shape())?;
        // SAFETY: out holds numel elements, exactly what dl reaches; it is
        // exclusively borrowed and cannot overlap the shared source, which
        // is read beyond its reached positions only when `whole`.
        unsafe {
            kernel::copy_raw(
                out.as_mut_ptr(),
                &dl,
                self.as_ptr(),
                &sl,
                self.reads_whole(),
            )
        };
        Ok(())
    }

    /// Folds the elements in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.fold(0, |acc, &e| acc + e), 21);
    /// let order = v.t().fold(String::new(), |s, e| s + &e.to_string());
    /// assert_eq!(order, "142536");
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold<B>(&self, init: B, mut f: impl FnMut(B, &T) -> B) -> B {
        let l = self.layout();
        let mut acc = Some(init);
        // SAFETY: l is valid for this view's buffer, which is only read.
        unsafe {
            kernel::for_each_ref(self.as_ptr(), &l, |e| {
                let a = acc
                    .take()
                    .expect("accumulator is put back after every call");
                acc = Some(f(a, e));
            })
        };
        acc.expect("accumulator is put back after every call")
    }

    /// A new row-major array of `f(element)`, called in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 2]))?.t();
    /// let a = v.map(|&e| e * 10);
    /// assert_eq!(a.shape(), [2, 2]);
    /// assert_eq!(a.into_vec(), [10, 30, 20, 40]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> super::StridedArray<U, N> {
        let l = self.layout();
        let mut data = alloc::vec::Vec::with_capacity(l.numel());
        // SAFETY: l is valid for this view's buffer, which is only read.
        unsafe { kernel::for_each_ref(self.as_ptr(), &l, |e| data.push(f(e))) };
        super::StridedArray {
            data,
            layout: Layout::contiguous(l.shape()),
        }
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedViewMut<'a, T, N, M> {
    /// The elements in logical row-major order, copied into a new `Vec`.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.t();
    /// assert_eq!(v.to_vec(), [1, 3, 2, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> alloc::vec::Vec<T>
    where
        T: Clone,
    {
        self.view().to_vec()
    }

    /// Copies the elements in row-major order into `out` (length `numel()`).
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?.flip(0)?;
    /// let mut out = [0; 3];
    /// v.copy_to_slice(&mut out)?;
    /// assert_eq!(out, [3, 2, 1]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn copy_to_slice(&self, out: &mut [T]) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        self.view().copy_to_slice(out)
    }

    /// Folds the elements in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// assert_eq!(v.fold(1, |a, &e| a * e), 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold<B>(&self, init: B, f: impl FnMut(B, &T) -> B) -> B {
        self.view().fold(init, f)
    }

    /// A new row-major array of `f(element)`.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
    /// assert_eq!(v.map(|e| e.to_string()).into_vec(), ["1", "2"]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> super::StridedArray<U, N> {
        self.view().map(f)
    }

    /// Sets every element to `value`.
    ///
    /// ```
    /// # use constrided::{s, Layout, StridedViewMut};
    /// let mut x = [0; 6];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 3]))?;
    /// v.slice(s![.., ..;2])?.fill(7);
    /// assert_eq!(x, [7, 0, 7, 7, 0, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fill(&mut self, value: T)
    where
        T: Clone,
    {
        let l = self.layout();
        // SAFETY: l is valid, unique and exclusively ours (view invariants).
        unsafe { kernel::fill_raw(self.as_mut_ptr(), &l, value) }
    }

    /// Copies `src` into this view element by element; the same as
    /// [`rearrange`](crate::kernel::rearrange). `ShapeMismatch` when the shapes differ.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView, StridedViewMut};
    /// let a = [1, 2, 3, 4, 5, 6];
    /// let mut b = [0; 6];
    /// let src = StridedView::new(&a, Layout::contiguous([2, 3]))?;
    /// let mut dst = StridedViewMut::new(&mut b, Layout::f_contiguous([2, 3]))?;
    /// dst.assign(&src)?;
    /// assert_eq!(b, [1, 4, 2, 5, 3, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn assign<MS: Mapping<N>>(
        &mut self,
        src: &StridedView<'_, T, N, MS>,
    ) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        kernel::rearrange(self, src)
    }

    /// Copies a row-major slice (length `numel()`) into this view.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [0; 4];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?.t();
    /// v.copy_from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!(x, [1, 3, 2, 4]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn copy_from_slice(&mut self, src: &[T]) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        let dl = self.layout();
        check_len(dl.numel(), src.len())?;
        if src.is_empty() {
            return Ok(());
        }
        let sl = Layout::try_contiguous(dl.shape())?;
        // SAFETY: src holds numel elements, what sl reaches; dl is valid,
        // unique and exclusively ours; a & and a &mut cannot overlap; the
        // source slice is shared whole for the call.
        unsafe { kernel::copy_raw(self.as_mut_ptr(), &dl, src.as_ptr(), &sl, true) };
        Ok(())
    }

    /// Calls `f` on every element, mutably, in logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// v.map_inplace(|e| *e *= 2);
    /// assert_eq!(x, [2, 4, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn map_inplace(&mut self, f: impl FnMut(&mut T)) {
        let l = self.layout();
        // SAFETY: l is valid, unique and exclusively ours (view invariants).
        unsafe { kernel::for_each_mut(self.as_mut_ptr(), &l, f) }
    }

    /// Calls `f(&mut self[i], &src[i])` for every index, in logical
    /// row-major order, with `src` broadcast to this view's shape (NumPy
    /// rules; `NotBroadcastable` when it cannot be).
    ///
    /// ```
    /// # use constrided::{Layout, StridedView, StridedViewMut};
    /// let mut m = [1, 2, 3, 4, 5, 6];
    /// let row = [10, 20, 30];
    /// let mut v = StridedViewMut::new(&mut m, Layout::contiguous([2, 3]))?;
    /// v.zip_with(&StridedView::new(&row, Layout::contiguous([3]))?, |a, &b| *a += b)?;
    /// assert_eq!(m, [11, 22, 33, 14, 25, 36]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn zip_with<U, const R: usize, MS: Mapping<R>>(
        &mut self,
        src: &StridedView<'_, U, R, MS>,
        f: impl FnMut(&mut T, &U),
    ) -> Result<(), LayoutError> {
        let dl = self.layout();
        let sl = src.layout().broadcast_to(dl.shape())?;
        // SAFETY: dl is valid, unique and exclusively ours; sl reaches only
        // positions src's layout reaches (broadcasting repeats, never
        // extends), inside src's buffer, which a & borrow keeps apart.
        unsafe { kernel::zip_mut(self.as_mut_ptr(), &dl, src.as_ptr(), &sl, f) };
        Ok(())
    }
}
