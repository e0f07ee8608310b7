//! Linear algebra as ndarray names it: [`dot`](crate::StridedView::dot)
//! (1-D·1-D, 2-D·1-D, 1-D·2-D, 2-D·2-D, through the [`Dot`] trait),
//! [`general_mat_mul`] (`C ← α·A·B + β·C` into an existing view) and
//! [`general_mat_vec_mul`] (`y ← α·A·x + β·y`), on views, mutable views and
//! arrays of any layouts: transposed, negative and zero strides, empty axes.
//!
//! `f32` and `f64` matrix products run on the `matrixmultiply` crate
//! (ndarray's own GEMM, feature `alloc`), which takes arbitrary row and
//! column strides for `A` and `B` (negative and zero included) and any
//! non-aliasing strides for `C`: views are passed as they are, never
//! copied (its AVX-512 kernels, where the CPU has them, are picked at run
//! time with feature `std`; `f64` runs the same product transposed,
//! `Cᵀ = Bᵀ·Aᵀ`, which touches the same elements). Every other
//! numeric type ([`LinalgScalar`]) runs on a loop over rows of the
//! element-wise engine. As in BLAS, `β = 0` overwrites `C` without
//! reading it (a NaN there does not survive).
//!
//! Shapes that do not fit panic in `dot` and `general_mat_mul`, naming both
//! shapes (as ndarray does); `try_dot`, [`try_general_mat_mul`] and
//! [`try_general_mat_vec_mul`] return [`LayoutError::ShapeMismatch`]
//! instead.
//!
//! ```
//! use constrided::{linalg::general_mat_mul, StridedArray, StridedView};
//! let x: Vec<f64> = (0..6).map(f64::from).collect();
//! let a = StridedView::from_shape([2, 3], &x)?;
//! let b = a.t(); // (3, 2), column-major: no copy
//! let mut c = StridedArray::from_elem([2, 2], f64::NAN);
//! general_mat_mul(1.0, &a, &b, 0.0, &mut c);
//! assert_eq!(c.into_vec(), [5.0, 14.0, 14.0, 50.0]);
//! assert_eq!(a.dot(&b).into_vec(), [5.0, 14.0, 14.0, 50.0]);
//! # Ok::<(), constrided::LayoutError>(())
//! ```

use core::ops::{Add, Mul};

#[cfg(feature = "alloc")]
use super::StridedArray;
use super::{StridedView, StridedViewMut};
use crate::error::{Dims, LayoutError, ShapeArg};
use crate::layout::Mapping;

mod sealed {
    pub trait Sealed {}
}

/// The element types of [`dot`](crate::StridedView::dot) and
/// [`general_mat_mul`]: the primitive integers, `f32` and `f64` (through
/// `matrixmultiply` under feature `alloc`), and under feature `half`
/// `f16` / `bf16`. Sealed: the method that picks the GEMM per type is
/// the crate's.
///
/// ```
/// use constrided::{linalg::LinalgScalar, StridedView};
/// fn norm2<T: LinalgScalar>(x: &[T]) -> T {
///     let v = StridedView::from(x);
///     v.dot(&v)
/// }
/// assert_eq!(norm2(&[3, 4]), 25);
/// assert_eq!(norm2(&[0.5f32, 1.5]), 2.5);
/// ```
pub trait LinalgScalar:
    Copy + PartialEq + Add<Output = Self> + Mul<Output = Self> + sealed::Sealed
{
    #[doc(hidden)]
    const ZERO: Self;
    #[doc(hidden)]
    const ONE: Self;
    // `c ← alpha·a·b + beta·c`; the shapes are checked here again (release
    // builds too), so no call can reach out of place.
    #[doc(hidden)]
    fn gemm(
        alpha: Self,
        a: StridedView<'_, Self, 2>,
        b: StridedView<'_, Self, 2>,
        beta: Self,
        c: StridedViewMut<'_, Self, 2>,
    ) {
        generic_gemm(alpha, a, b, beta, c)
    }

    // `a·b` into a new row-major array (the 2-D·2-D `dot`, which calls it
    // directly); panics naming both shapes when the inner sizes differ.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[track_caller]
    fn product(a: StridedView<'_, Self, 2>, b: StridedView<'_, Self, 2>) -> StridedArray<Self, 2> {
        if a.shape()[1] != b.shape()[0] {
            dot_panic(&a.shape(), &b.shape());
        }
        let mut out = StridedArray::from_elem([a.shape()[0], b.shape()[1]], Self::ZERO);
        Self::gemm(Self::ONE, a, b, Self::ZERO, out.view_mut());
        out
    }
}

// The error of a product whose inner sizes differ, naming both shapes
// (out of line: the callers' paths stay short).
#[cold]
#[inline(never)]
fn dot_mismatch(a: &[usize], b: &[usize]) -> LayoutError {
    LayoutError::ShapeMismatch {
        expected: Dims::new(a),
        found: Dims::new(b),
        arg: ShapeArg::Dot,
    }
}

// `dot`'s panic on inner sizes that differ (out of line).
#[cold]
#[inline(never)]
#[track_caller]
fn dot_panic(a: &[usize], b: &[usize]) -> ! {
    panic!("{}", dot_mismatch(a, b))
}

// The shapes of a GEMM: `(m, k, n)`, or the error naming the wrong one.
fn gemm_shapes(
    a: [usize; 2],
    b: [usize; 2],
    c: [usize; 2],
) -> Result<(usize, usize, usize), LayoutError> {
    if a[1] != b[0] {
        return Err(dot_mismatch(&a, &b));
    }
    if c != [a[0], b[1]] {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&[a[0], b[1]]),
            found: Dims::new(&c),
            arg: ShapeArg::Destination,
        });
    }
    Ok((a[0], a[1], b[1]))
}

#[track_caller]
fn checked_shapes(a: [usize; 2], b: [usize; 2], c: [usize; 2]) -> (usize, usize, usize) {
    match gemm_shapes(a, b, c) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

// `c ← beta·c`, BLAS's way: `beta = 0` writes zeros without reading.
fn scale<T: LinalgScalar>(beta: T, c: &mut StridedViewMut<'_, T, 2>) {
    if beta == T::ZERO {
        c.fill(T::ZERO);
    } else if beta != T::ONE {
        c.map_inplace(|x| *x = beta * *x);
    }
}

// The generic GEMM: for every row i of C and every p, C[i, :] += (α·A[i, p])·B[p, :],
// each row update one pass of the element-wise engine.
fn generic_gemm<T: LinalgScalar>(
    alpha: T,
    a: StridedView<'_, T, 2>,
    b: StridedView<'_, T, 2>,
    beta: T,
    mut c: StridedViewMut<'_, T, 2>,
) {
    let (m, k, n) = checked_shapes(a.shape(), b.shape(), c.shape());
    scale(beta, &mut c);
    if m == 0 || n == 0 || k == 0 {
        return;
    }
    for i in 0..m {
        // In range: i < m, p < k (shapes checked above).
        let (Ok(arow), Ok(mut crow)) = (a.index_axis::<1>(0, i), c.index_axis_mut::<1>(0, i))
        else {
            unreachable!("row {i} of a GEMM operand")
        };
        for p in 0..k {
            let x = alpha * arow[[p]];
            let Ok(brow) = b.index_axis::<1>(0, p) else {
                unreachable!("row {p} of a GEMM operand")
            };
            if crow.zip_with(&brow, |c, &y| *c = *c + x * y).is_err() {
                unreachable!("rows of equal length {n}");
            }
        }
    }
}

macro_rules! int_scalar {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
        }
    )*};
}
int_scalar!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

#[cfg(feature = "half")]
macro_rules! half_scalar {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            const ZERO: $t = <$t>::ZERO;
            const ONE: $t = <$t>::ONE;
        }
    )*};
}
#[cfg(feature = "half")]
half_scalar!(half::f16, half::bf16);

// An operand of matrixmultiply's GEMM as the view gives it: the pointer at
// its element (0, 0) and its row and column strides. Never a copy: the
// GEMM accepts every stride a view has (API.md: no copy of operands whose
// strides matrixmultiply accepts). r-u30/u30 measured copying an f32
// operand that matrixmultiply gathers element by element at 1.03-1.16x
// ndarray's 64² time on AVX-512 kernels; the contract rules it out
// (docs/performance.md, "u30").
#[cfg(feature = "alloc")]
struct GemmOperand<T> {
    ptr: *const T,
    rs: isize,
    cs: isize,
}

#[cfg(feature = "alloc")]
#[inline]
fn gemm_operand<T>(v: StridedView<'_, T, 2>) -> GemmOperand<T> {
    let [rs, cs] = v.strides();
    GemmOperand {
        ptr: v.as_ptr().wrapping_add(v.offset()),
        rs,
        cs,
    }
}

// matrixmultiply's `sgemm` / `dgemm`.
#[cfg(feature = "alloc")]
type GemmFn<T> = unsafe fn(
    usize,
    usize,
    usize,
    T,
    *const T,
    isize,
    isize,
    *const T,
    isize,
    isize,
    T,
    *mut T,
    isize,
    isize,
);

// `C ← α·A·B + β·C` through `gemm`, for (m, k, n) = the shapes, either as
// it stands or (`swap`) as the same product transposed,
// `Cᵀ ← α·Bᵀ·Aᵀ + β·Cᵀ`: (n, k, m), Bᵀ with B's strides exchanged, Aᵀ
// with A's, Cᵀ with C's. Both forms touch the same elements; they differ
// in which operand matrixmultiply's kernel broadcasts and in the
// orientation of C's tiles (f64 uses the transposed form: faster on every
// layout of the 64² AVX-512 probe, docs/performance.md "u30").
//
// # Safety
//
// As for matrixmultiply's `gemm(m, k, n, α, a.ptr, a.rs, a.cs, b.ptr, b.rs,
// b.cs, β, c, rsc, csc)`: every position `p + i·rs + j·cs` for in-range
// (i, j) of A (m × k), B (k × n) and C (m × n) valid for reads (A, B) and
// writes (C), C's positions distinct and overlapping neither A nor B.
#[cfg(feature = "alloc")]
#[inline]
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_call<T: Copy>(
    gemm: GemmFn<T>,
    swap: bool,
    (m, k, n): (usize, usize, usize),
    alpha: T,
    a: &GemmOperand<T>,
    b: &GemmOperand<T>,
    beta: T,
    c: *mut T,
    (rsc, csc): (isize, isize),
) {
    // SAFETY: the caller's contract; the transposed form reaches exactly
    // the positions of the plain one (Bᵀ's element (j, p) is B's (p, j) at
    // `b.ptr + p·b.rs + j·b.cs`, likewise Aᵀ and Cᵀ).
    unsafe {
        if swap {
            gemm(
                n, k, m, alpha, b.ptr, b.cs, b.rs, a.ptr, a.cs, a.rs, beta, c, csc, rsc,
            )
        } else {
            gemm(
                m, k, n, alpha, a.ptr, a.rs, a.cs, b.ptr, b.rs, b.cs, beta, c, rsc, csc,
            )
        }
    }
}

macro_rules! float_scalar {
    ($t:ty, $gemm:path, $swap:expr) => {
        impl sealed::Sealed for $t {}
        impl LinalgScalar for $t {
            const ZERO: $t = 0.0;
            const ONE: $t = 1.0;
            // `#[inline]` (here and on `product`): compiled in the crates
            // that multiply matrices of this type, not in every
            // dependent's build of constrided (docs/build-cost.md).
            #[cfg(feature = "alloc")]
            #[inline]
            fn gemm(
                alpha: $t,
                a: StridedView<'_, $t, 2>,
                b: StridedView<'_, $t, 2>,
                beta: $t,
                mut c: StridedViewMut<'_, $t, 2>,
            ) {
                let (m, k, n) = checked_shapes(a.shape(), b.shape(), c.shape());
                if m == 0 || n == 0 || k == 0 {
                    // Nothing to multiply: C ← βC (no operand pointer is formed).
                    scale(beta, &mut c);
                    return;
                }
                let (ga, gb) = (gemm_operand(a), gemm_operand(b));
                let sc = c.strides();
                let cp = c.as_mut_ptr().wrapping_add(c.offset());
                // SAFETY: the shapes were checked (release builds too) and no
                // operand is empty, so `ga.ptr`, `gb.ptr`, `cp` point at
                // element (0, 0) of their views and every `p + i·rs + j·cs` that
                // matrixmultiply forms for in-range (i, j) is a position the
                // view reaches: inside its buffer, valid for reads (A, B) for
                // the borrow, and for writes (C) — matrixmultiply accepts any
                // strides for A and B, negative and zero included. C's
                // layout is unique (a StridedViewMut's invariant), as
                // matrixmultiply requires ("strides for C must not result in
                // elements that alias"), and `c` is an exclusive borrow of
                // its elements, so it overlaps neither `a` nor `b` (shared
                // borrows alive at the same time). With β = 0 C is not read.
                unsafe {
                    gemm_call(
                        $gemm,
                        $swap,
                        (m, k, n),
                        alpha,
                        &ga,
                        &gb,
                        beta,
                        cp,
                        (sc[0], sc[1]),
                    )
                }
            }

            // matrixmultiply writes every element of C without reading it
            // when β = 0 ("C does not need to be initialized"), as ndarray's
            // `dot` relies on: no zeroing pass before the product. The
            // output is a plain `Vec` given its length after the GEMM, and
            // the shapes are compared once here (not again through
            // `gemm`): nothing but the GEMM runs per element, and the
            // call costs what ndarray's does around it (callgrind, 64²:
            // docs/performance.md, "d29b").
            #[cfg(feature = "alloc")]
            #[inline]
            #[track_caller]
            fn product(
                a: StridedView<'_, $t, 2>,
                b: StridedView<'_, $t, 2>,
            ) -> StridedArray<$t, 2> {
                let ([m, k], [k2, n]) = (a.shape(), b.shape());
                // Release builds too: the GEMM below relies on it.
                if k != k2 {
                    dot_panic(&[m, k], &[k2, n]);
                }
                if m == 0 || n == 0 || k == 0 {
                    return StridedArray::from_elem([m, n], 0.0);
                }
                // Panics (naming the count) when m·n exceeds isize::MAX + 1
                // (the layout accepts exactly 2^63), and `with_capacity`
                // ("capacity overflow") when m·n elements of $t exceed
                // isize::MAX bytes: both before the GEMM.
                let layout = crate::Layout::contiguous([m, n]);
                let len = m * n;
                let mut data: alloc::vec::Vec<$t> = alloc::vec::Vec::with_capacity(len);
                let (ga, gb) = (gemm_operand(a), gemm_operand(b));
                // SAFETY: as in `gemm` for A and B (k == k2 checked above,
                // no operand empty, every position matrixmultiply forms for
                // in-range (i, j) is one the view reaches). C is `data`'s
                // fresh allocation of capacity m·n, row-major (strides
                // (n, 1), unique), owned here and overlapping neither
                // operand; β = 0, so matrixmultiply writes each of its m·n
                // elements in its first k-block without reading it (later
                // k-blocks, k > kc, add to what it wrote); the row stride
                // n fits an isize, as n ≤ m·n = the capacity ≤ isize::MAX /
                // size_of ($t) (`with_capacity` returned; `layout` alone
                // allows m·n = 2^63).
                unsafe {
                    gemm_call(
                        $gemm,
                        $swap,
                        (m, k, n),
                        1.0,
                        &ga,
                        &gb,
                        0.0,
                        data.as_mut_ptr(),
                        (n as isize, 1),
                    )
                };
                // SAFETY: len is the capacity, and the GEMM above wrote all
                // m·n elements (β = 0 overwrites every element of C; m, n,
                // k > 0).
                unsafe { data.set_len(len) };
                StridedArray { data, layout }
            }
        }
    };
}
// f32 runs the product as it stands; f64 the transposed product
// (`gemm_call`: faster on every layout of u30's 64² AVX-512 probe,
// docs/performance.md, "u30").
float_scalar!(f32, matrixmultiply::sgemm, false);
float_scalar!(f64, matrixmultiply::dgemm, true);

// Σ x·y over two slices of one length, eight partial sums (as ndarray's
// unrolled `dot`).
fn dot_slices<T: LinalgScalar>(x: &[T], y: &[T]) -> T {
    let mut acc = [T::ZERO; 8];
    let (cx, cy) = (x.chunks_exact(8), y.chunks_exact(8));
    let (rx, ry) = (cx.remainder(), cy.remainder());
    for (a, b) in cx.zip(cy) {
        for l in 0..8 {
            acc[l] = acc[l] + a[l] * b[l];
        }
    }
    let mut s = (acc[0] + acc[4]) + (acc[1] + acc[5]) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
    for (&a, &b) in rx.iter().zip(ry) {
        s = s + a * b;
    }
    s
}

fn dot_vv<T: LinalgScalar>(
    a: StridedView<'_, T, 1>,
    b: StridedView<'_, T, 1>,
) -> Result<T, LayoutError> {
    if a.shape() != b.shape() {
        return Err(dot_mismatch(&a.shape(), &b.shape()));
    }
    if let (Some(x), Some(y)) = (a.as_slice(), b.as_slice()) {
        return Ok(dot_slices(x, y));
    }
    Ok(a.iter()
        .zip(b.iter())
        .fold(T::ZERO, |s, (&x, &y)| s + x * y))
}

// y ← α·A·x + β·y, one dot product per row of A (ndarray's loop when no
// BLAS is linked); `shapes` checked by the caller.
fn gemv<T: LinalgScalar>(
    alpha: T,
    a: StridedView<'_, T, 2>,
    x: StridedView<'_, T, 1>,
    beta: T,
    y: &mut StridedViewMut<'_, T, 1>,
) {
    let overwrite = beta == T::ZERO;
    for (i, yi) in y.iter_mut().enumerate() {
        let Ok(row) = a.index_axis::<1>(0, i) else {
            unreachable!("row {i} of a GEMV operand")
        };
        let Ok(d) = dot_vv(row, x) else {
            unreachable!("rows of the vector's length")
        };
        *yi = if overwrite {
            alpha * d
        } else {
            alpha * d + beta * *yi
        };
    }
}

fn gemv_shapes(a: [usize; 2], x: [usize; 1], y: [usize; 1]) -> Result<(), LayoutError> {
    if a[1] != x[0] {
        return Err(dot_mismatch(&a, &x));
    }
    if y[0] != a[0] {
        return Err(LayoutError::ShapeMismatch {
            expected: Dims::new(&[a[0]]),
            found: Dims::new(&y),
            arg: ShapeArg::Destination,
        });
    }
    Ok(())
}

#[cfg(feature = "alloc")]
fn dot_mv<T: LinalgScalar>(
    a: StridedView<'_, T, 2>,
    x: StridedView<'_, T, 1>,
) -> Result<StridedArray<T, 1>, LayoutError> {
    let m = a.shape()[0];
    gemv_shapes(a.shape(), x.shape(), [m])?;
    let mut out = StridedArray::from_elem([m], T::ZERO);
    gemv(T::ONE, a, x, T::ZERO, &mut out.view_mut());
    Ok(out)
}

#[cfg(feature = "alloc")]
fn dot_vm<T: LinalgScalar>(
    x: StridedView<'_, T, 1>,
    b: StridedView<'_, T, 2>,
) -> Result<StridedArray<T, 1>, LayoutError> {
    if x.shape()[0] != b.shape()[0] {
        return Err(dot_mismatch(&x.shape(), &b.shape()));
    }
    // xᵀB = (Bᵀx)ᵀ.
    dot_mv(b.t(), x)
}

// Inlined into `Dot::dot` with `product`: one frame around the GEMM, the
// result written in place (callgrind, 64²: docs/performance.md, "d29b").
#[cfg(feature = "alloc")]
#[inline(always)]
fn dot_mm<T: LinalgScalar>(
    a: StridedView<'_, T, 2>,
    b: StridedView<'_, T, 2>,
) -> Result<StridedArray<T, 2>, LayoutError> {
    if a.shape()[1] != b.shape()[0] {
        return Err(dot_mismatch(&a.shape(), &b.shape()));
    }
    Ok(T::product(a, b))
}

/// Views, mutable views and arrays as operands of [`general_mat_mul`] and
/// [`general_mat_vec_mul`] (read-only). Sealed.
///
/// ```
/// use constrided::{linalg::Operand, StridedArray};
/// fn rows<A: Operand<f64, 2>>(a: &A) -> usize { a.operand_view().shape()[0] }
/// assert_eq!(rows(&StridedArray::<f64, 2>::zeros([3, 2])), 3);
/// ```
pub trait Operand<T, const N: usize>: sealed::Sealed {
    /// The operand as a shared view with a runtime layout.
    fn operand_view(&self) -> StridedView<'_, T, N>;
}

/// Mutable views and arrays as the output of [`general_mat_mul`] and
/// [`general_mat_vec_mul`]. Sealed.
///
/// ```
/// use constrided::{linalg::OperandMut, StridedArray};
/// fn zero<A: OperandMut<f64, 2>>(a: &mut A) { a.operand_view_mut().fill(0.0) }
/// let mut a = StridedArray::from_elem([2, 2], 1.0);
/// zero(&mut a);
/// assert_eq!(a.into_vec(), [0.0; 4]);
/// ```
pub trait OperandMut<T, const N: usize>: sealed::Sealed {
    /// The operand as an exclusive view with a runtime layout.
    fn operand_view_mut(&mut self) -> StridedViewMut<'_, T, N>;
}

impl<T, const N: usize, M: Mapping<N>> sealed::Sealed for StridedView<'_, T, N, M> {}
impl<T, const N: usize, M: Mapping<N>> sealed::Sealed for StridedViewMut<'_, T, N, M> {}
#[cfg(feature = "alloc")]
impl<T, const N: usize> sealed::Sealed for StridedArray<T, N> {}

impl<T, const N: usize, M: Mapping<N>> Operand<T, N> for StridedView<'_, T, N, M> {
    fn operand_view(&self) -> StridedView<'_, T, N> {
        self.into_runtime()
    }
}
impl<T, const N: usize, M: Mapping<N>> Operand<T, N> for StridedViewMut<'_, T, N, M> {
    fn operand_view(&self) -> StridedView<'_, T, N> {
        self.view().into_runtime()
    }
}
#[cfg(feature = "alloc")]
impl<T, const N: usize> Operand<T, N> for StridedArray<T, N> {
    fn operand_view(&self) -> StridedView<'_, T, N> {
        self.view()
    }
}
impl<T, const N: usize, M: Mapping<N>> OperandMut<T, N> for StridedViewMut<'_, T, N, M> {
    fn operand_view_mut(&mut self) -> StridedViewMut<'_, T, N> {
        self.reborrow().into_runtime()
    }
}
#[cfg(feature = "alloc")]
impl<T, const N: usize> OperandMut<T, N> for StridedArray<T, N> {
    fn operand_view_mut(&mut self) -> StridedViewMut<'_, T, N> {
        self.view_mut()
    }
}

/// `C ← α·A·B + β·C` (ndarray's `general_mat_mul`) for `A` of shape
/// `(m, k)`, `B` of `(k, n)` and `C` of `(m, n)`, any layouts; `β = 0`
/// overwrites `C` without reading it, as BLAS does.
///
/// # Panics
/// When the shapes do not fit, naming them ([`try_general_mat_mul`]
/// returns the error instead).
///
/// ```
/// use constrided::{linalg::general_mat_mul, StridedArray};
/// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
/// let mut c = StridedArray::from_elem([2, 2], 1);
/// general_mat_mul(2, &a, &a.t(), 10, &mut c); // 2·A·Aᵀ + 10·C
/// assert_eq!(c.into_vec(), [20, 32, 32, 60]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[track_caller]
pub fn general_mat_mul<T: LinalgScalar>(
    alpha: T,
    a: &impl Operand<T, 2>,
    b: &impl Operand<T, 2>,
    beta: T,
    c: &mut impl OperandMut<T, 2>,
) {
    if let Err(e) = try_general_mat_mul(alpha, a, b, beta, c) {
        panic!("{e}");
    }
}

/// [`general_mat_mul`] returning `ShapeMismatch` (naming both shapes)
/// instead of panicking; `C` is untouched then.
///
/// ```
/// use constrided::{linalg::try_general_mat_mul, StridedArray};
/// let a = StridedArray::<f32, 2>::zeros([2, 3]);
/// let mut c = StridedArray::<f32, 2>::zeros([2, 2]);
/// let e = try_general_mat_mul(1.0, &a, &a, 0.0, &mut c).unwrap_err();
/// assert_eq!(e.to_string(), "dot: shapes (2, 3) and (2, 3) are not aligned: 3 (axis 1) != 2 (axis 0)");
/// let e = try_general_mat_mul(1.0, &a, &a.t(), 0.0, &mut StridedArray::zeros([3, 3])).unwrap_err();
/// assert_eq!(e.to_string(), "the destination has shape (3, 3), but the result has shape (2, 2)");
/// ```
pub fn try_general_mat_mul<T: LinalgScalar>(
    alpha: T,
    a: &impl Operand<T, 2>,
    b: &impl Operand<T, 2>,
    beta: T,
    c: &mut impl OperandMut<T, 2>,
) -> Result<(), LayoutError> {
    let (a, b, c) = (a.operand_view(), b.operand_view(), c.operand_view_mut());
    gemm_shapes(a.shape(), b.shape(), c.shape())?;
    T::gemm(alpha, a, b, beta, c);
    Ok(())
}

/// `y ← α·A·x + β·y` (ndarray's `general_mat_vec_mul`) for `A` of shape
/// `(m, k)`, `x` of `(k,)` and `y` of `(m,)`, any layouts; `β = 0`
/// overwrites `y`.
///
/// # Panics
/// When the shapes do not fit, naming them ([`try_general_mat_vec_mul`]
/// returns the error instead).
///
/// ```
/// use constrided::{linalg::general_mat_vec_mul, StridedArray};
/// let a = StridedArray::from_vec([2, 3], vec![1, 2, 3, 4, 5, 6])?;
/// let x = StridedArray::from(vec![1, 0, -1]);
/// let mut y = StridedArray::from(vec![100, 100]);
/// general_mat_vec_mul(1, &a, &x, 1, &mut y);
/// assert_eq!(y.into_vec(), [98, 98]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
#[track_caller]
pub fn general_mat_vec_mul<T: LinalgScalar>(
    alpha: T,
    a: &impl Operand<T, 2>,
    x: &impl Operand<T, 1>,
    beta: T,
    y: &mut impl OperandMut<T, 1>,
) {
    if let Err(e) = try_general_mat_vec_mul(alpha, a, x, beta, y) {
        panic!("{e}");
    }
}

/// [`general_mat_vec_mul`] returning `ShapeMismatch` instead of
/// panicking; `y` is untouched then.
///
/// ```
/// use constrided::{linalg::try_general_mat_vec_mul, StridedArray};
/// let a = StridedArray::<i32, 2>::zeros([2, 3]);
/// let mut y = StridedArray::<i32, 1>::zeros([2]);
/// let e = try_general_mat_vec_mul(1, &a, &y.clone(), 0, &mut y).unwrap_err();
/// assert_eq!(e.to_string(), "dot: shapes (2, 3) and (2,) are not aligned: 3 (axis 1) != 2 (axis 0)");
/// ```
pub fn try_general_mat_vec_mul<T: LinalgScalar>(
    alpha: T,
    a: &impl Operand<T, 2>,
    x: &impl Operand<T, 1>,
    beta: T,
    y: &mut impl OperandMut<T, 1>,
) -> Result<(), LayoutError> {
    let (a, x, mut y) = (a.operand_view(), x.operand_view(), y.operand_view_mut());
    gemv_shapes(a.shape(), x.shape(), y.shape())?;
    gemv(alpha, a, x, beta, &mut y);
    Ok(())
}

/// The product of two operands, ndarray's `Dot` trait: implemented for a
/// [`StridedView`] of rank 1 or 2 (any mapping) by a view, mutable view
/// or array of rank 1 or 2. Vector·vector is a scalar, matrix·vector and
/// vector·matrix a rank-1 array, matrix·matrix a rank-2 array (row-major;
/// these need feature `alloc`). The inherent `dot` / `try_dot` of views,
/// mutable views and arrays call it, so no import is needed.
///
/// ```
/// use constrided::{linalg::Dot, StridedArray};
/// let a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;
/// let x = StridedArray::from(vec![1, 1]);
/// assert_eq!(Dot::dot(&a.view(), &x).into_vec(), [3, 7]);
/// assert_eq!(a.view().try_dot(&a)?.into_vec(), [7, 10, 15, 22]);
/// # Ok::<(), constrided::LayoutError>(())
/// ```
pub trait Dot<Rhs> {
    /// The product's type.
    type Output;
    /// The product; `ShapeMismatch` naming both shapes when the inner
    /// sizes differ.
    fn try_dot(&self, rhs: &Rhs) -> Result<Self::Output, LayoutError>;
    /// The product.
    ///
    /// # Panics
    /// When the inner sizes differ, naming both shapes.
    #[track_caller]
    fn dot(&self, rhs: &Rhs) -> Self::Output {
        match self.try_dot(rhs) {
            Ok(out) => out,
            Err(e) => panic!("{e}"),
        }
    }
}

// `$direct`: the panicking `dot` calls `T::$direct` (which panics itself on
// a mismatch) instead of unwrapping `try_dot`'s `Result` (the 2-D·2-D
// product: no `Result` around the GEMM's output).
macro_rules! dot_impls {
    ($LN:literal, $RN:literal, $Out:ty, $f:ident $(, $cfg:meta)? $(; $direct:ident)?) => {
        $(#[$cfg])?
        impl<'a, 'b, T: LinalgScalar, ML: Mapping<$LN>, MR: Mapping<$RN>>
            Dot<StridedView<'b, T, $RN, MR>> for StridedView<'a, T, $LN, ML>
        {
            type Output = $Out;
            fn try_dot(&self, rhs: &StridedView<'b, T, $RN, MR>) -> Result<$Out, LayoutError> {
                $f(self.into_runtime(), rhs.into_runtime())
            }
            $(
                #[track_caller]
                fn dot(&self, rhs: &StridedView<'b, T, $RN, MR>) -> $Out {
                    T::$direct(self.into_runtime(), rhs.into_runtime())
                }
            )?
        }
        $(#[$cfg])?
        impl<'a, 'b, T: LinalgScalar, ML: Mapping<$LN>, MR: Mapping<$RN>>
            Dot<StridedViewMut<'b, T, $RN, MR>> for StridedView<'a, T, $LN, ML>
        {
            type Output = $Out;
            fn try_dot(&self, rhs: &StridedViewMut<'b, T, $RN, MR>) -> Result<$Out, LayoutError> {
                $f(self.into_runtime(), rhs.view().into_runtime())
            }
            $(
                #[track_caller]
                fn dot(&self, rhs: &StridedViewMut<'b, T, $RN, MR>) -> $Out {
                    T::$direct(self.into_runtime(), rhs.view().into_runtime())
                }
            )?
        }
        #[cfg(feature = "alloc")]
        impl<'a, T: LinalgScalar, ML: Mapping<$LN>> Dot<StridedArray<T, $RN>>
            for StridedView<'a, T, $LN, ML>
        {
            type Output = $Out;
            fn try_dot(&self, rhs: &StridedArray<T, $RN>) -> Result<$Out, LayoutError> {
                $f(self.into_runtime(), rhs.view())
            }
            $(
                #[track_caller]
                fn dot(&self, rhs: &StridedArray<T, $RN>) -> $Out {
                    T::$direct(self.into_runtime(), rhs.view())
                }
            )?
        }
    };
}
dot_impls!(1, 1, T, dot_vv);
dot_impls!(2, 1, StridedArray<T, 1>, dot_mv, cfg(feature = "alloc"));
dot_impls!(1, 2, StridedArray<T, 1>, dot_vm, cfg(feature = "alloc"));
dot_impls!(2, 2, StridedArray<T, 2>, dot_mm, cfg(feature = "alloc"); product);

// The inherent `dot` / `try_dot` on rank 1 and 2, forwarding to `Dot` on
// the shared view. `$ex` is the doc example's body.
macro_rules! inherent_dot {
    ($N:literal, $ex:literal) => {
        impl<'a, T, M: Mapping<$N>> StridedView<'a, T, $N, M> {
            #[doc = concat!("The product with `rhs` (ndarray's `dot`): a view, mutable view or array of rank 1 or 2 ([`Dot`]). Any layouts; `f32`/`f64` matrix products on `matrixmultiply`.\n\n# Panics\nWhen the inner sizes differ, naming both shapes; [`try_dot`](Self::try_dot) returns the error.\n\n```\nuse constrided::*;\n", $ex, "\nlet v = a.view();\n", "assert_eq!(v.dot(&v.t()), v.try_dot(&v.t())?);\n# Ok::<(), LayoutError>(())\n```")]
            #[track_caller]
            pub fn dot<Rhs>(&self, rhs: &Rhs) -> <Self as Dot<Rhs>>::Output
            where
                Self: Dot<Rhs>,
            {
                Dot::dot(self, rhs)
            }

            #[doc = concat!("The product with `rhs`, `ShapeMismatch` naming both shapes when the inner sizes differ; see [`dot`](Self::dot).\n\n```\nuse constrided::*;\n", $ex, "\nlet bad = StridedArray::<i32, 1>::zeros([7]);\nassert!(a.view().try_dot(&bad).is_err());\n# Ok::<(), LayoutError>(())\n```")]
            pub fn try_dot<Rhs>(&self, rhs: &Rhs) -> Result<<Self as Dot<Rhs>>::Output, LayoutError>
            where
                Self: Dot<Rhs>,
            {
                Dot::try_dot(self, rhs)
            }
        }

        impl<'a, T, M: Mapping<$N>> StridedViewMut<'a, T, $N, M> {
            #[doc = concat!("The product with `rhs`; see [`StridedView::dot`].\n\n```\nuse constrided::*;\n", $ex, "\nlet b = a.clone();\nlet v = a.view_mut();\n", "assert_eq!(v.dot(&b), b.dot(&b));\n# Ok::<(), LayoutError>(())\n```")]
            #[track_caller]
            pub fn dot<'s, Rhs>(&'s self, rhs: &Rhs) -> <StridedView<'s, T, $N, M> as Dot<Rhs>>::Output
            where
                StridedView<'s, T, $N, M>: Dot<Rhs>,
            {
                Dot::dot(&self.view(), rhs)
            }

            #[doc = concat!("The product with `rhs`, or `ShapeMismatch`; see [`StridedView::try_dot`].\n\n```\nuse constrided::*;\n", $ex, "\nlet b = a.clone();\nlet v = a.view_mut();\n", "assert_eq!(v.try_dot(&b)?, b.dot(&b));\n# Ok::<(), LayoutError>(())\n```")]
            pub fn try_dot<'s, Rhs>(
                &'s self,
                rhs: &Rhs,
            ) -> Result<<StridedView<'s, T, $N, M> as Dot<Rhs>>::Output, LayoutError>
            where
                StridedView<'s, T, $N, M>: Dot<Rhs>,
            {
                Dot::try_dot(&self.view(), rhs)
            }
        }

        #[cfg(feature = "alloc")]
        impl<T> StridedArray<T, $N> {
            #[doc = concat!("The product with `rhs`; see [`StridedView::dot`].\n\n```\nuse constrided::*;\n", $ex, "\n", "assert_eq!(a.dot(&a.t()), a.view().dot(&a.t()));\n# Ok::<(), LayoutError>(())\n```")]
            #[track_caller]
            pub fn dot<'s, Rhs>(&'s self, rhs: &Rhs) -> <StridedView<'s, T, $N> as Dot<Rhs>>::Output
            where
                StridedView<'s, T, $N>: Dot<Rhs>,
            {
                Dot::dot(&self.view(), rhs)
            }

            #[doc = concat!("The product with `rhs`, or `ShapeMismatch`; see [`StridedView::try_dot`].\n\n```\nuse constrided::*;\n", $ex, "\n", "assert_eq!(a.try_dot(&a)?, a.dot(&a));\n# Ok::<(), LayoutError>(())\n```")]
            pub fn try_dot<'s, Rhs>(
                &'s self,
                rhs: &Rhs,
            ) -> Result<<StridedView<'s, T, $N> as Dot<Rhs>>::Output, LayoutError>
            where
                StridedView<'s, T, $N>: Dot<Rhs>,
            {
                Dot::try_dot(&self.view(), rhs)
            }
        }
    };
}
inherent_dot!(1, "#[allow(unused_mut)]\nlet mut a = StridedArray::from(vec![1, 2, 3]);\nassert_eq!(a.dot(&a), 14);");
inherent_dot!(
    2,
    "#[allow(unused_mut)]\nlet mut a = StridedArray::from_vec([2, 2], vec![1, 2, 3, 4])?;\nassert_eq!(a.dot(&a.t()).into_vec(), [5, 11, 11, 25]);"
);
