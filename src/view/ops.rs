//! View methods backed by the kernels: `to_vec`, `copy_to_slice`, `fold`,
//! `sum`, `map` and the axis reductions on both views; `fill`, `assign`,
//! `map_inplace`, `zip_with`, `copy_from_slice` on `StridedViewMut`.
//!
//! Every kernel but `to_vec`/`copy_to_slice` (logical order by nature)
//! visits elements in an unspecified, memory-friendly order; on static
//! views (`M::STATIC`) they run plain nested loops over the constant shape.

use core::mem::MaybeUninit;

use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError, ShapeArg};
use crate::kernel::{self, engine, zip_stage};
use crate::layout::{Layout, Lower, Mapping, Rank};

#[inline]
fn check_len(numel: usize, len: usize) -> Result<(), LayoutError> {
    if numel == len {
        Ok(())
    } else {
        Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&[numel]),
            found: Dims::new(&[len]),
            arg: ShapeArg::SliceLen,
        })
    }
}

impl<'a, T, const N: usize, M: Mapping<N>> StridedView<'a, T, N, M> {
    /// The elements in logical row-major order, cloned into a new `Vec`.
    /// For primitive number elements this runs on the copy engine (tiled
    /// transposes, streaming stores) straight into the new allocation;
    /// other types are cloned element by element.
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
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn to_vec(&self) -> alloc::vec::Vec<T>
    where
        T: Clone,
    {
        if !M::STATIC {
            let l = self.layout();
            // SAFETY: l is this view's layout, valid for its buffer, which
            // the shared borrow of self keeps readable.
            if let Some(v) = unsafe { kernel::copy::materialize_plain(self.as_ptr(), &l) } {
                return v;
            }
        }
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
    #[inline]
    pub fn copy_to_slice(&self, out: &mut [T]) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        if M::STATIC {
            // A constant for static mappings.
            check_len(self.mapping().shape().iter().product(), out.len())?;
            // SAFETY: out holds numel elements.
            unsafe { self.copy_to_ptr(out.as_mut_ptr()) };
            return Ok(());
        }
        let sl = self.layout();
        check_len(sl.numel(), out.len())?;
        if out.is_empty() {
            return Ok(());
        }
        let dl = Layout::try_contiguous(sl.shape())?;
        // SAFETY: out holds numel elements, exactly what dl reaches; it is
        // exclusively borrowed and cannot overlap the shared source.
        unsafe { kernel::copy_raw(out.as_mut_ptr(), &dl, self.as_ptr(), &sl) };
        Ok(())
    }

    // Writes the elements in row-major order to out[0..numel], as nested
    // loops over the shape (the static-view path of copy_to_slice/to_array).
    // SAFETY (for callers): out is valid for numel writes of T and
    // overlaps no element of the view.
    #[inline(always)]
    pub(crate) unsafe fn copy_to_ptr(&self, out: *mut T)
    where
        T: Copy,
    {
        let (m, p) = (*self.mapping(), self.as_ptr());
        // Folds to a constant for static mappings (no call to numel).
        let n = m.shape().iter().product();
        // SAFETY: out is valid for n writes (caller); MaybeUninit<T> has
        // T's layout and only initialised values are written.
        let out = unsafe { core::slice::from_raw_parts_mut(out.cast::<MaybeUninit<T>>(), n) };
        let shape = m.shape();
        if let (Some(&1), Some(&row)) = (m.strides().last(), shape.last()) {
            // Last stride 1 (a constant, or checked once): whole rows, as
            // slice copies of the constant row length.
            if row == 0 {
                // No element: the rows' starts (indices (i.., 0), not in
                // range) may lie anywhere, even past the buffer.
                return;
            }
            let mut outer = shape;
            if let Some(o) = outer.last_mut() {
                *o = 1;
            }
            // SAFETY: the row of outer index i is the `row` consecutive
            // positions of in-range indices (i.., 0..row), inside the
            // buffer, read only; the rows fill out[j..j + row] in
            // row-major order, j + row <= n; out does not overlap the
            // view (caller: a fresh or exclusive buffer).
            engine::static_fold(outer, 0usize, |j, i| unsafe {
                let src = core::slice::from_raw_parts(
                    p.add(m.offset_of_unchecked(i)).cast::<MaybeUninit<T>>(),
                    row,
                );
                out.get_unchecked_mut(j..j + row).copy_from_slice(src);
                j + row
            });
            return;
        }
        if self.whole {
            // SAFETY: the view may read all of 0..len; slices as separate
            // arguments tell the compiler src and out do not alias.
            copy_nest(m, unsafe { core::slice::from_raw_parts(p, self.len) }, out);
            return;
        }
        // SAFETY: in-range indices reach positions inside the buffer.
        engine::static_fold(m.shape(), 0usize, |j, i| unsafe {
            out.get_unchecked_mut(j)
                .write(*p.add(m.offset_of_unchecked(i)));
            j + 1
        });
    }

    /// Folds the elements in an **unspecified order** (memory order, blocked
    /// for the cache, as ndarray's `fold`): use it when `f` is associative
    /// and commutative; [`iter`](Self::iter) gives logical row-major order.
    /// On a static view (`strided!`) it is a plain nest of loops over the
    /// constant shape, in row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.fold(0, |acc, &e| acc + e), 21);
    /// assert_eq!(v.t().fold(0, |acc, &e| acc.max(e)), 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn fold<B>(&self, init: B, mut f: impl FnMut(B, &T) -> B) -> B {
        let p = self.as_ptr();
        if M::STATIC {
            let m = *self.mapping();
            // SAFETY: an in-range index of the (valid) mapping reaches a
            // position inside the buffer, which is only read.
            return engine::static_fold(m.shape(), init, |acc, i| unsafe {
                f(acc, &*p.add(m.offset_of_unchecked(i)))
            });
        }
        let l = self.layout();
        // SAFETY: l is valid for this view's buffer, which is only read.
        unsafe { kernel::fold_ref(p, &l, init, f) }
    }

    /// Maps every element with `map` and combines the results with
    /// `combine`, which must be **associative and commutative** with
    /// `identity` as its identity (`combine(identity, x) == x`), as
    /// strided-rs's `reduce` assumes: elements are visited in an unspecified
    /// (memory) order and combined in an unspecified order and grouping —
    /// long runs keep several independent partial results, so that the
    /// dependency chains of `combine` overlap and floating-point reductions
    /// vectorize. With a `combine` that is not (floating-point `+` is
    /// associative only up to rounding) the result may differ from
    /// [`fold`](Self::fold)'s by reassociation, as [`sum`](Self::sum)'s does. `identity` for an
    /// empty view. `identity` is cloned often (a placeholder for each partial
    /// result it combines): keep it cheap to clone, as identities usually
    /// are (`0`, an empty collection). On a static view it is a plain nest
    /// of loops.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x: Vec<f32> = (0..1000).map(|e| e as f32).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([40, 25]))?.t();
    /// // The sum of squares, accumulated in f64.
    /// let ss = v.map_reduce(0.0f64, |&e| (e as f64) * (e as f64), |a, b| a + b);
    /// assert_eq!(ss, 332_833_500.0);
    /// // Any associative combination: the largest element and its count.
    /// let (m, c) = v.map_reduce((f32::MIN, 0), |&e| (e, 1), |(a, n), (b, k)| {
    ///     if a > b { (a, n) } else if b > a { (b, k) } else { (a, n + k) }
    /// });
    /// assert_eq!((m, c), (999.0, 1));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn map_reduce<B: Clone>(
        &self,
        identity: B,
        mut map: impl FnMut(&T) -> B,
        mut combine: impl FnMut(B, B) -> B,
    ) -> B {
        let p = self.as_ptr();
        if M::STATIC {
            let m = *self.mapping();
            // SAFETY: as in fold.
            return engine::static_fold(m.shape(), identity, |acc, i| unsafe {
                combine(acc, map(&*p.add(m.offset_of_unchecked(i))))
            });
        }
        let l = self.layout();
        // SAFETY: l is valid for this view's buffer, which is only read.
        unsafe { kernel::map_reduce_raw(p, &l, identity, map, combine) }
    }

    /// The sum of the elements, added in an unspecified order (it may
    /// reassociate: several partial sums are kept so that floating-point
    /// sums vectorize). `T::default()` for an empty view.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x: Vec<f32> = (1..=6).map(|e| e as f32).collect();
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?.t();
    /// assert_eq!(v.sum(), 21.0);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    // Always inlined, as the small-view kernel it calls: a view made per
    // call in a loop (`windows`, blocks) is summed in the caller's loop.
    #[inline(always)]
    pub fn sum(&self) -> T
    where
        T: Copy + Default + core::ops::Add<Output = T>,
    {
        let p = self.as_ptr();
        if M::STATIC {
            let m = *self.mapping();
            let shape = m.shape();
            // A constant for static shapes.
            let n: usize = shape.iter().product();
            if n <= 1024 {
                // Eight partial sums (by the last index mod 8, a constant
                // in the unrolled inner loop): independent chains of adds
                // that overlap, and vectorize over rows of stride 1.
                let mut lanes = [T::default(); 8];
                if n == 0 {
                    // No element (and no row start in range: a row of
                    // length 0 may start past the buffer).
                    return T::default();
                }
                if let (Some(&1), Some(&row)) = (m.strides().last(), shape.last()) {
                    // Last stride 1 (a constant, or checked once): rows at
                    // unit steps, whose loads the compiler merges.
                    let mut outer = shape;
                    if let Some(o) = outer.last_mut() {
                        *o = 1;
                    }
                    // SAFETY: the row of outer index i is the `row`
                    // consecutive positions of in-range indices (i.., j),
                    // inside the buffer, only read.
                    engine::static_for_each(outer, |i| unsafe {
                        let b = p.add(m.offset_of_unchecked(i));
                        for j in 0..row {
                            lanes[j % 8] = lanes[j % 8] + *b.add(j);
                        }
                    });
                } else {
                    // SAFETY: as in fold.
                    engine::static_for_each(shape, |i| unsafe {
                        let l = i.last().map_or(0, |&x| x % 8);
                        lanes[l] = lanes[l] + *p.add(m.offset_of_unchecked(i));
                    });
                }
                let [a, b, c, d, e, f, g, h] = lanes;
                return ((a + e) + (b + f)) + ((c + g) + (d + h));
            }
            // SAFETY: as in fold.
            return engine::static_fold(shape, T::default(), |acc, i| unsafe {
                acc + *p.add(m.offset_of_unchecked(i))
            });
        }
        let l = self.layout();
        // SAFETY: l is valid for this view's buffer, which is only read.
        unsafe { kernel::sum_raw(p, &l) }
    }

    /// A new row-major array of `f(element)`, in logical order; `f` is
    /// called in an **unspecified order** (memory order, tiled for the
    /// cache). If `f` panics, the elements made so far are dropped (once).
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
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> super::StridedArray<U, N> {
        let l = self.layout();
        let n = l.numel();
        // The output's layout first: when the shape has none (more than
        // isize::MAX elements, a broadcast of a zero-sized type), this
        // panics before anything is allocated or made.
        let layout = Layout::contiguous(l.shape());
        let mut data = alloc::vec::Vec::with_capacity(n);
        let p = self.as_ptr();
        if M::STATIC {
            let m = *self.mapping();
            // SAFETY: as in fold.
            engine::static_for_each(m.shape(), |i| unsafe {
                data.push(f(&*p.add(m.offset_of_unchecked(i))))
            });
        } else {
            // SAFETY: data has room for n elements, the row-major output;
            // l is valid for this view's buffer, which is only read. A panic
            // in f drops what was written and leaves data's length 0.
            let written = unsafe { kernel::map_uninit(data.as_mut_ptr(), p, &l, f) };
            // Only a complete output is initialised (the written slots are
            // in traversal order, not a prefix).
            assert!(
                written == n,
                "constrided: map wrote {written} of {n} elements"
            );
            // SAFETY: all n slots were written (checked above).
            unsafe { data.set_len(n) };
        }
        super::StridedArray { data, layout }
    }

    /// Folds along `axis` into `dst` (the input's shape without `axis`,
    /// holding the initial values): `f(&mut dst[j], &self[i])` for every
    /// index `i`, where `j` is `i` without `axis`, in an **unspecified
    /// order**. No allocation. `AxisOutOfRange`, or `ShapeMismatch` when
    /// `dst` has the wrong shape.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView, StridedViewMut};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// let mut out = [0; 3];
    /// v.fold_axis_into(0, &mut StridedViewMut::new(&mut out, Layout::contiguous([3]))?, |a, &e| *a += e)?;
    /// assert_eq!(out, [5, 7, 9]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold_axis_into<B, const R: usize, MD: Mapping<R>>(
        &self,
        axis: usize,
        dst: &mut StridedViewMut<'_, B, R, MD>,
        f: impl FnMut(&mut B, &T),
    ) -> Result<(), LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let (sl, dl) = (self.layout(), dst.layout());
        kernel::check_shape(
            &without_axis::<N, R>(&sl.shape(), axis)?,
            &dl.shape(),
            ShapeArg::Destination,
        )?;
        // SAFETY: dl has sl's shape without axis; dl is valid, unique and
        // exclusively ours, sl valid and only read; a &mut and a & borrow
        // never share elements.
        unsafe { kernel::reduce_into(dst.as_mut_ptr(), &dl, self.as_ptr(), &sl, axis, f) };
        Ok(())
    }

    /// Folds along `axis`: a new row-major array of rank `N - 1` whose
    /// element `j` is `f(..f(f(init, x0), x1).., xn)` over the lane of
    /// `axis` through `j`, with the elements of each lane taken in an
    /// **unspecified order**. `AxisOutOfRange` when `axis >= N`.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// let m = v.fold_axis(1, 0, |&acc, &e| acc.max(e))?;
    /// assert_eq!(m.into_vec(), [3, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn fold_axis<B: Clone, const R: usize>(
        &self,
        axis: usize,
        init: B,
        mut f: impl FnMut(&B, &T) -> B,
    ) -> Result<super::StridedArray<B, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let mut out = new_array(without_axis::<N, R>(&self.shape(), axis)?, init)?;
        self.fold_axis_into(axis, &mut out.view_mut(), |acc, e| *acc = f(acc, e))?;
        Ok(out)
    }

    /// Sums along `axis`: a new row-major array of rank `N - 1` (the sums
    /// may reassociate). `AxisOutOfRange` when `axis >= N`. When the result
    /// would run across the view's contiguous axis (a permuted view) and
    /// has at least 4096 elements, the sums are taken in the view's memory
    /// order into a temporary of the result's size, then added into the
    /// result: one more allocation, every element read in memory order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedView};
    /// let x = [1, 2, 3, 4, 5, 6];
    /// let v = StridedView::new(&x, Layout::contiguous([2, 3]))?;
    /// assert_eq!(v.sum_axis(0)?.into_vec(), [5, 7, 9]);
    /// assert_eq!(v.t().sum_axis(0)?.into_vec(), [6, 15]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn sum_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Copy + Default + core::ops::Add<Output = T>,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        let mut out = new_array(without_axis::<N, R>(&self.shape(), axis)?, T::default())?;
        let (sl, dl) = (self.layout(), out.layout());
        // SAFETY: out has sl's shape without axis, row-major over its own
        // buffer; sl is valid and only read.
        unsafe { kernel::sum_axis_into(out.data.as_mut_ptr(), &dl, self.as_ptr(), &sl, axis) };
        Ok(out)
    }
}

// `shape` without `axis` (`AxisOutOfRange` when `axis >= N`).
pub(crate) fn without_axis<const N: usize, const R: usize>(
    shape: &[usize; N],
    axis: usize,
) -> Result<[usize; R], LayoutError> {
    if axis >= N || R + 1 != N {
        return Err(LayoutError::AxisOutOfRange { axis, rank: N });
    }
    Ok(core::array::from_fn(|k| {
        shape[if k < axis { k } else { k + 1 }]
    }))
}

// A row-major array of `shape` filled with `value`.
#[cfg(feature = "alloc")]
fn new_array<B: Clone, const R: usize>(
    shape: [usize; R],
    value: B,
) -> Result<super::StridedArray<B, R>, LayoutError> {
    let layout = Layout::try_contiguous(shape)?;
    Ok(super::StridedArray {
        data: filled_vec(layout.numel(), value, &shape)?,
        layout,
    })
}

// `n` copies of `value` in a new Vec, or `ElementCountOverflow { shape }`
// when their bytes exceed `isize::MAX` or the allocation fails (never the
// "capacity overflow" panic of `vec![value; n]`).
#[cfg(feature = "alloc")]
pub(crate) fn filled_vec<B: Clone>(
    n: usize,
    value: B,
    shape: &[usize],
) -> Result<alloc::vec::Vec<B>, LayoutError> {
    let too_big = || LayoutError::ElementCountOverflow {
        shape: crate::error::Dims::new(shape),
    };
    match n.checked_mul(core::mem::size_of::<B>()) {
        Some(bytes) if bytes <= isize::MAX as usize => {}
        _ => return Err(too_big()),
    }
    let mut v = alloc::vec::Vec::new();
    v.try_reserve_exact(n).map_err(|_| too_big())?;
    v.resize(n, value);
    Ok(v)
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
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
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

    /// Folds the elements in an **unspecified order**; see [`StridedView::fold`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// assert_eq!(v.fold(1, |a, &e| a * e), 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn fold<B>(&self, init: B, f: impl FnMut(B, &T) -> B) -> B {
        self.view().fold(init, f)
    }

    /// Maps and combines the elements with an associative and commutative
    /// `combine`, in an unspecified order and grouping; see
    /// [`StridedView::map_reduce`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// assert_eq!(v.map_reduce(0u64, |&e| e as u64 * 2, |a, b| a + b), 12);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn map_reduce<B: Clone>(
        &self,
        identity: B,
        map: impl FnMut(&T) -> B,
        combine: impl FnMut(B, B) -> B,
    ) -> B {
        self.view().map_reduce(identity, map, combine)
    }

    /// The sum of the elements (may reassociate); see [`StridedView::sum`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// assert_eq!(StridedViewMut::new(&mut x, Layout::contiguous([3]))?.sum(), 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[inline]
    pub fn sum(&self) -> T
    where
        T: Copy + Default + core::ops::Add<Output = T>,
    {
        self.view().sum()
    }

    /// A new row-major array of `f(element)`, `f` called in an unspecified
    /// order; see [`StridedView::map`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2]))?;
    /// assert_eq!(v.map(|e| e.to_string()).into_vec(), ["1", "2"]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> super::StridedArray<U, N> {
        self.view().map(f)
    }

    /// Folds along `axis` into `dst`; see [`StridedView::fold_axis_into`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// let mut out = [0; 2];
    /// v.fold_axis_into(1, &mut StridedViewMut::new(&mut out, Layout::contiguous([2]))?, |a, &e| *a += e)?;
    /// assert_eq!(out, [3, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold_axis_into<B, const R: usize, MD: Mapping<R>>(
        &self,
        axis: usize,
        dst: &mut StridedViewMut<'_, B, R, MD>,
        f: impl FnMut(&mut B, &T),
    ) -> Result<(), LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().fold_axis_into(axis, dst, f)
    }

    /// Folds along `axis` into a new array; see [`StridedView::fold_axis`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.fold_axis(0, 1, |&a, &e| a * e)?.into_vec(), [3, 8]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn fold_axis<B: Clone, const R: usize>(
        &self,
        axis: usize,
        init: B,
        f: impl FnMut(&B, &T) -> B,
    ) -> Result<super::StridedArray<B, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().fold_axis(axis, init, f)
    }

    /// Sums along `axis` into a new array; see [`StridedView::sum_axis`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3, 4];
    /// let v = StridedViewMut::new(&mut x, Layout::contiguous([2, 2]))?;
    /// assert_eq!(v.sum_axis(1)?.into_vec(), [3, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn sum_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Copy + Default + core::ops::Add<Output = T>,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().sum_axis(axis)
    }

    /// Sets every element to `value` (in an unspecified order: `value` is
    /// cloned once per element).
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
        let p = self.as_mut_ptr();
        if M::STATIC {
            let m = *self.mapping();
            // SAFETY: in-range indices of the (valid, unique) mapping reach
            // distinct positions inside the buffer, exclusively ours.
            engine::static_for_each(m.shape(), |i| unsafe {
                *p.add(m.offset_of_unchecked(i)) = value.clone()
            });
            return;
        }
        let l = self.layout();
        // SAFETY: l is valid, unique and exclusively ours (view invariants).
        unsafe { kernel::fill_raw(p, &l, value) }
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
    #[inline]
    pub fn assign<MS: Mapping<N>>(
        &mut self,
        src: &StridedView<'_, T, N, MS>,
    ) -> Result<(), LayoutError>
    where
        T: Copy,
    {
        if M::STATIC && MS::STATIC && self.mapping().shape() == src.mapping().shape() {
            // Equal constant shapes (static views, static tiles; no
            // broadcast: other shapes are rearrange's ShapeMismatch).
            let (md, ms) = (*self.mapping(), *src.mapping());
            let shape = md.shape();
            if let (Some(&1), Some(&1), Some(&n)) =
                (md.strides().last(), ms.strides().last(), shape.last())
            {
                // Last strides 1: each row one copy of n elements.
                if n == 0 {
                    // No element: the rows' starts (indices (i.., 0), not
                    // in range) may lie anywhere, even past the buffers.
                    return Ok(());
                }
                let mut outer = shape;
                if let Some(o) = outer.last_mut() {
                    *o = 1;
                }
                let (d, s) = (self.as_mut_ptr(), src.as_ptr());
                // SAFETY: the row of outer index i is the n consecutive
                // positions of in-range indices (i.., 0..n) of each valid
                // mapping, inside each buffer; dst's are exclusively ours,
                // src is a shared borrow, so no element is in both and
                // the copies do not overlap; T: Copy, so a bitwise copy
                // is the assignment.
                engine::static_for_each(outer, |i| unsafe {
                    core::ptr::copy_nonoverlapping(
                        s.add(ms.offset_of_unchecked(i)),
                        d.add(md.offset_of_unchecked(i)),
                        n,
                    )
                });
                return Ok(());
            }
            // Otherwise the static path of zip_with, element by element.
            return self.zip_with(src, |a, &b| *a = b);
        }
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
        // unique and exclusively ours; a & and a &mut cannot overlap.
        unsafe { kernel::copy_raw(self.as_mut_ptr(), &dl, src.as_ptr(), &sl) };
        Ok(())
    }

    /// Calls `f` on every element, mutably, in an **unspecified order**
    /// (memory order, as ndarray's `map_inplace`);
    /// [`iter_mut`](Self::iter_mut) gives logical row-major order.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = [1, 2, 3];
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([3]))?;
    /// v.map_inplace(|e| *e *= 2);
    /// assert_eq!(x, [2, 4, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn map_inplace(&mut self, mut f: impl FnMut(&mut T)) {
        let p = self.as_mut_ptr();
        if M::STATIC {
            let m = *self.mapping();
            // SAFETY: in-range indices of the (valid, unique) mapping reach
            // distinct positions inside the buffer, exclusively ours; the
            // source is a dangling pointer of zero-sized `()`s.
            unsafe {
                static_rows2(
                    p,
                    m,
                    core::ptr::NonNull::<()>::dangling().as_ptr(),
                    Zeros::<N>,
                    |a, _| f(a),
                )
            };
            return;
        }
        let l = self.layout();
        // SAFETY: l is valid, unique and exclusively ours (view invariants).
        unsafe { kernel::for_each_mut(p, &l, f) }
    }

    /// Calls `f(&mut self[i], &src[i])` for every index, in an
    /// **unspecified order** (memory order, tiled for the cache when `src`
    /// is transposed against this view), with `src` broadcast to this
    /// view's shape (NumPy rules; `NotBroadcastable` when it cannot be).
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
    #[inline]
    pub fn zip_with<U, const R: usize, MS: Mapping<R>>(
        &mut self,
        src: &StridedView<'_, U, R, MS>,
        f: impl FnMut(&mut T, &U),
    ) -> Result<(), LayoutError> {
        if M::STATIC && MS::STATIC && R == N {
            // Constant shapes (static views, static tiles): equal shapes
            // need no broadcast, and the loop nest is over the constants.
            let (md, ms) = (*self.mapping(), *src.mapping());
            let (ds, ss) = (md.shape(), ms.shape());
            if (0..N).all(|k| ds[k] == ss[k]) {
                let (d, s) = (self.as_mut_ptr(), src.as_ptr());
                // SAFETY: both mappings are valid for their buffers, the
                // shapes are equal (R == N), dst's mapping is unique and
                // exclusively ours, src is a shared borrow, so no element
                // is both.
                unsafe { static_rows2(d, md, s, ms, f) };
                return Ok(());
            }
        }
        let dl = self.layout();
        let sl = src.layout().broadcast_to(dl.shape())?;
        // SAFETY: dl is valid, unique and exclusively ours; sl reaches only
        // positions src's layout reaches (broadcasting repeats, never
        // extends), inside src's buffer, which a & borrow keeps apart.
        unsafe { kernel::zip_mut(self.as_mut_ptr(), &dl, src.as_ptr(), &sl, f) };
        Ok(())
    }
}

#[cfg(feature = "rayon")]
impl<T, const N: usize, M: Mapping<N> + Send> StridedViewMut<'_, T, N, M> {
    /// [`map_inplace`](Self::map_inplace) on rayon's thread pool, over
    /// disjoint parts of the view; `f` is called in an unspecified order
    /// from several threads.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x: Vec<u32> = (0..1 << 16).collect();
    /// let mut v = StridedViewMut::new(&mut x, Layout::contiguous([256, 256]))?.t();
    /// v.par_map_inplace(|e| *e *= 2);
    /// assert_eq!(x[3], 6);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn par_map_inplace(&mut self, f: impl Fn(&mut T) + Sync)
    where
        T: Send,
    {
        crate::Zip::from(self.reborrow()).par_for_each(f)
    }

    /// [`fill`](Self::fill) on rayon's thread pool, over disjoint parts of
    /// the view.
    ///
    /// ```
    /// # use constrided::{Layout, StridedViewMut};
    /// let mut x = vec![0u8; 1 << 16];
    /// StridedViewMut::new(&mut x, Layout::contiguous([256, 256]))?.par_fill(7);
    /// assert!(x.iter().all(|&e| e == 7));
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn par_fill(&mut self, value: T)
    where
        T: Clone + Send + Sync,
    {
        let p = self.as_mut_ptr();
        let l = self.layout();
        // SAFETY: l is valid, unique and exclusively ours (view invariants);
        // T: Send + Sync lets the disjoint parts and `value` cross threads.
        unsafe { crate::kernel::parallel::par_fill_raw(p, &l, value) }
    }
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl<T, const N: usize> super::StridedArray<T, N> {
    /// The sum of the elements (may reassociate); see [`StridedView::sum`].
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// assert_eq!(StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?.sum(), 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn sum(&self) -> T
    where
        T: Copy + Default + core::ops::Add<Output = T>,
    {
        self.view().sum()
    }

    /// Folds the elements in an unspecified order; see [`StridedView::fold`].
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.fold(0, |m, &e| m.max(e)), 4);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold<B>(&self, init: B, f: impl FnMut(B, &T) -> B) -> B {
        self.view().fold(init, f)
    }

    /// Maps and combines the elements with an associative and commutative
    /// `combine`, in an unspecified order and grouping; see
    /// [`StridedView::map_reduce`].
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1u8, 2, 3, 4])?;
    /// assert_eq!(a.map_reduce(0u32, |&e| e as u32, |x, y| x + y), 10);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn map_reduce<B: Clone>(
        &self,
        identity: B,
        map: impl FnMut(&T) -> B,
        combine: impl FnMut(B, B) -> B,
    ) -> B {
        self.view().map_reduce(identity, map, combine)
    }

    /// Folds along `axis` into a new array; see [`StridedView::fold_axis`].
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.fold_axis(1, 0, |&s, &e| s + e)?.into_vec(), [3, 7]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold_axis<B: Clone, const R: usize>(
        &self,
        axis: usize,
        init: B,
        f: impl FnMut(&B, &T) -> B,
    ) -> Result<super::StridedArray<B, R>, LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().fold_axis(axis, init, f)
    }

    /// Sums along `axis` into a new array; see [`StridedView::sum_axis`].
    ///
    /// ```
    /// # use constrided::StridedArray;
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// assert_eq!(a.sum_axis(0)?.into_vec(), [4, 6]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn sum_axis<const R: usize>(
        &self,
        axis: usize,
    ) -> Result<super::StridedArray<T, R>, LayoutError>
    where
        T: Copy + Default + core::ops::Add<Output = T>,
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().sum_axis(axis)
    }

    /// Folds along `axis` into `dst`, allocation-free; see
    /// [`StridedView::fold_axis_into`].
    ///
    /// ```
    /// # use constrided::{Layout, StridedArray, StridedViewMut};
    /// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
    /// let mut out = [1; 2];
    /// let mut o = StridedViewMut::new(&mut out, Layout::contiguous([2]))?;
    /// a.fold_axis_into(0, &mut o, |p, &e| *p *= e)?;
    /// assert_eq!(out, [3, 8]);
    /// # Ok::<(), constrided::LayoutError>(())
    /// ```
    pub fn fold_axis_into<B, const R: usize, MD: Mapping<R>>(
        &self,
        axis: usize,
        dst: &mut StridedViewMut<'_, B, R, MD>,
        f: impl FnMut(&mut B, &T),
    ) -> Result<(), LayoutError>
    where
        Rank<N>: Lower<Out = Rank<R>>,
    {
        self.view().fold_axis_into(axis, dst, f)
    }
}

// A mapping of rank N whose every stride is 0 and shape has no meaning:
// the "source" of one-operand kernels run by `static_rows2` (zero-sized
// elements, never read through a real position).
#[derive(Clone, Copy)]
struct Zeros<const N: usize>;
impl<const N: usize> crate::layout::mapping::Sealed for Zeros<N> {}
impl<const N: usize> Mapping<N> for Zeros<N> {
    type Transposed = Layout<N>;
    fn transposed(&self) -> Layout<N> {
        Layout::contiguous([1; N])
    }
    #[inline(always)]
    fn shape(&self) -> [usize; N] {
        [1; N]
    }
    #[inline(always)]
    fn strides(&self) -> [isize; N] {
        [0; N]
    }
    #[inline(always)]
    fn offset(&self) -> usize {
        0
    }
    fn to_layout(&self) -> Layout<N> {
        Layout::contiguous([1; N])
    }
}

// The two-operand static path: the loop nest over `md`'s constant shape,
// row by row as slices when both operands' last strides are 1 (which the
// compiler may vectorize; `Zeros` counts as contiguous), element by
// element otherwise.
// SAFETY (for callers): `md` and `ms` are valid for the buffers at `d` and
// `s`, `ms` reaches every index of `md`'s shape (equal shapes, or `Zeros`
// with a zero-sized `U`), `md` is unique and its elements exclusively the
// caller's, and no element of `s` is one of `d`'s.
#[inline(always)]
unsafe fn static_rows2<T, U, const N: usize, const R: usize, MD: Mapping<N>, MS: Mapping<R>>(
    d: *mut T,
    md: MD,
    s: *const U,
    ms: MS,
    mut f: impl FnMut(&mut T, &U),
) {
    #[inline(always)]
    fn rows<T, U>(dr: &mut [T], sr: &[U], f: &mut impl FnMut(&mut T, &U)) {
        for (a, b) in dr.iter_mut().zip(sr) {
            f(a, b)
        }
    }
    let shape = md.shape();
    let zeros = core::mem::size_of::<U>() == 0 && ms.strides().iter().all(|&x| x == 0);
    if N >= 1 && R == N && md.strides()[N - 1] == 1 && (zeros || ms.strides()[R - 1] == 1) {
        let n = shape[N - 1];
        if n == 0 {
            return;
        }
        let mut outer = shape;
        outer[N - 1] = 1;
        if !zeros && zip_stage::stage_size::<U>() != 0 {
            // A plain source: each row (in pieces of 64 bytes) is first
            // copied to a local buffer, which the compiler knows apart
            // from the destination (slices made from raw pointers inside
            // an inlined function lose their `noalias`), so the row's
            // loop vectorizes as a hand-written slice loop does.
            #[repr(C, align(16))]
            struct Stage([MaybeUninit<u8>; 64]);
            let per = 64 / core::mem::size_of::<U>();
            // SAFETY: as below for the rows of both mappings; U is plain
            // (every byte of every value initialised, no drop glue, no
            // interior mutability: integers, floats, byte arrays of at
            // most 16 bytes, whose alignment Stage's 16 meets), so the
            // bitwise copy holds the source's values, which `f` reads
            // through `&U` for the call only while the source is not
            // written (a shared borrow); m <= per elements fit Stage.
            engine::static_for_each(outer, |i| unsafe {
                let j: [usize; R] = core::array::from_fn(|k| i[k]);
                let dp = d.add(md.offset_of_unchecked(i));
                let sp = s.add(ms.offset_of_unchecked(j));
                let mut k = 0;
                while k < n {
                    let m = per.min(n - k);
                    let mut stage = Stage([MaybeUninit::uninit(); 64]);
                    let bp = stage.0.as_mut_ptr().cast::<U>();
                    core::ptr::copy_nonoverlapping(sp.add(k), bp, m);
                    let dr = core::slice::from_raw_parts_mut(dp.add(k), m);
                    rows(dr, core::slice::from_raw_parts(bp, m), &mut f);
                    k += m;
                }
            });
            return;
        }
        // SAFETY: a row is the n consecutive positions of indices
        // (i.., 0..n) (last stride 1), in range for both mappings, so
        // inside both buffers; dst's are exclusively the caller's and
        // distinct, and none is a source element (caller), so the
        // slices do not alias.
        engine::static_for_each(outer, |i| unsafe {
            let j: [usize; R] = core::array::from_fn(|k| i[k]);
            let dr = core::slice::from_raw_parts_mut(d.add(md.offset_of_unchecked(i)), n);
            let sr = core::slice::from_raw_parts(s.add(ms.offset_of_unchecked(j)), n);
            rows(dr, sr, &mut f);
        });
        return;
    }
    // SAFETY: as above, one element at a time; each &mut lives for one call.
    engine::static_for_each(shape, |i| unsafe {
        let j: [usize; R] = core::array::from_fn(|k| i[k]);
        f(
            &mut *d.add(md.offset_of_unchecked(i)),
            &*s.add(ms.offset_of_unchecked(j)),
        )
    });
}

// The row-major copy of a view's elements into `out` (one per index), as
// nested loops over the shape, between two slices that do not alias.
#[inline(always)]
fn copy_nest<T: Copy, const N: usize, M: Mapping<N>>(m: M, src: &[T], out: &mut [MaybeUninit<T>]) {
    // SAFETY: out has one slot per index (callers' contract); in-range
    // indices of the valid mapping reach positions below src.len().
    engine::static_fold(m.shape(), 0usize, |j, i| unsafe {
        out.get_unchecked_mut(j)
            .write(*src.get_unchecked(m.offset_of_unchecked(i)));
        j + 1
    });
}
