//! r-u30 (review of u30): `general_mat_mul` / `dot` through u30's
//! `gemm_call` (f64: the transposed product `Cᵀ = Bᵀ·Aᵀ`, strides and
//! dimensions exchanged) and `gemm_a` / `gemm_b` (f32: operand copies),
//! on matrixmultiply's AVX-512 kernels where the CPU has them. A sweep
//! (not random) over sizes around the kernels' tiles (f32 16 x 16, f64
//! 8 x 8, mc = 64), every operand orientation (row-major, column-major,
//! both flipped, gapped on both axes, broadcast rows, size-1 axes with
//! extreme strides), outputs row-major, column-major, flipped and gapped
//! (the gaps must keep their value), β = 0 over NaN, β ≠ 0 with a NaN in
//! C; against a triple loop (small integers: every sum exact). Also i32
//! (the generic loop) exactly, and a C that is one half of `split_at_mut`
//! while another thread writes the other half.

use core::fmt::Debug;

use constrided::linalg::{general_mat_mul, LinalgScalar};
use constrided::{Layout, StridedView, StridedViewMut};

// Sentinel of the positions no operand reaches.
const GAP: i8 = 99;

trait Elem: LinalgScalar + From<i8> + Debug + Send {
    fn nan() -> Option<Self>;
    fn is_nan(self) -> bool;
}
impl Elem for f32 {
    fn nan() -> Option<Self> {
        Some(f32::NAN)
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
}
impl Elem for f64 {
    fn nan() -> Option<Self> {
        Some(f64::NAN)
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
}
impl Elem for i32 {
    fn nan() -> Option<Self> {
        None
    }
    fn is_nan(self) -> bool {
        false
    }
}

// A layout of `shape` with per-axis `strides` placed `pad` elements into
// a buffer with `pad` more after its highest position: (layout, buffer
// length). A size-1 axis may carry any stride (isize::MIN / MAX too).
fn place(shape: [usize; 2], strides: [isize; 2], pad: usize) -> (Layout<2>, usize) {
    let mut lo = 0usize;
    let mut hi = 0usize;
    for d in 0..2 {
        let span = shape[d].saturating_sub(1);
        if span == 0 {
            continue;
        }
        let reach = span * strides[d].unsigned_abs();
        if strides[d] < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    let layout = Layout::new(shape, strides, pad + lo)
        .unwrap_or_else(|e| panic!("{shape:?} {strides:?}: {e}"));
    (layout, pad + lo + hi + 1 + pad)
}

// The operand orientations, as strides of an (r, c) operand.
fn operand_strides(r: usize, c: usize) -> Vec<[isize; 2]> {
    let (ri, ci) = (r.max(1) as isize, c.max(1) as isize);
    let mut v = vec![
        [ci, 1],             // row-major
        [1, ri],             // column-major
        [-ci, -1],           // row-major, both axes flipped
        [-1, -ri],           // column-major, both axes flipped
        [2, 2 * ri + 1],     // gapped, no unit stride (gathered)
        [0, 1],              // one row broadcast
        [-(2 * ci + 3), -2], // flipped and gapped, row-major order
    ];
    // Extreme strides on size-1 axes (never multiplied by more than 0).
    if r == 1 {
        v.push([isize::MIN, 1]);
        v.push([isize::MAX, -1]);
    }
    if c == 1 {
        v.push([1, isize::MIN]);
        v.push([-1, isize::MAX]);
    }
    v
}

// The output orientations (unique layouts) of an (m, n) C.
fn output_strides(m: usize, n: usize) -> Vec<[isize; 2]> {
    let (mi, ni) = (m.max(1) as isize, n.max(1) as isize);
    let mut v = vec![
        [ni, 1],
        [1, mi],
        [-ni, -1],
        [1, -(2 * mi + 1)], // gapped columns, flipped
        [-(2 * ni), 1],     // gapped rows, flipped
    ];
    if m == 1 {
        v.push([isize::MAX, 1]);
        v.push([isize::MIN, -1]);
    }
    if n == 1 {
        v.push([1, isize::MIN]);
    }
    v
}

fn val<T: Elem>(i: usize, seed: usize) -> T {
    T::from(((i * 7 + seed * 3) % 9) as i8 - 4)
}

fn pos(l: &Layout<2>, [i, j]: [usize; 2]) -> usize {
    let s = l.strides();
    (l.offset() as isize + i as isize * s[0] + j as isize * s[1]) as usize
}

#[allow(clippy::too_many_arguments)]
fn one_case<T: Elem>(
    (m, k, n): (usize, usize, usize),
    sa: [isize; 2],
    sb: [isize; 2],
    sc: [isize; 2],
    mode: usize,
) {
    let (la, lena) = place([m, k], sa, 2);
    let (lb, lenb) = place([k, n], sb, 1);
    let (lc, lenc) = place([m, n], sc, 3);
    let xa: Vec<T> = (0..lena).map(|i| val(i, 1)).collect();
    let xb: Vec<T> = (0..lenb).map(|i| val(i, 2)).collect();
    // (α, β, a NaN over all of C / at one element of C)
    let (alpha, beta, nan_all, nan_one) = match mode % 3 {
        0 => (T::from(1), T::from(0), true, false),
        1 => (T::from(2), T::from(1), false, false),
        _ => (T::from(-1), T::from(3), false, true),
    };
    let mut xc: Vec<T> = vec![T::from(GAP); lenc];
    let mut c0 = vec![T::ZERO; m * n];
    for i in 0..m {
        for j in 0..n {
            let v = match T::nan() {
                Some(nan) if nan_all || (nan_one && i == m / 2 && j == n / 2) => nan,
                _ => val(i * n + j, 5),
            };
            xc[pos(&lc, [i, j])] = v;
            c0[i * n + j] = v;
        }
    }
    let a = StridedView::new(&xa, la).unwrap();
    let b = StridedView::new(&xb, lb).unwrap();
    {
        let mut c = StridedViewMut::new(&mut xc, lc).unwrap();
        general_mat_mul(alpha, &a, &b, beta, &mut c);
    }
    let what = || {
        format!(
            "{:?} ({m}, {k}, {n}) A {sa:?} B {sb:?} C {sc:?} mode {mode}",
            core::any::type_name::<T>()
        )
    };
    let mut reached = vec![false; lenc];
    for i in 0..m {
        for j in 0..n {
            let mut s = T::ZERO;
            for p in 0..k {
                s = s + xa[pos(&la, [i, p])] * xb[pos(&lb, [p, j])];
            }
            let c = c0[i * n + j];
            let want = if beta == T::ZERO {
                alpha * s
            } else {
                alpha * s + beta * c
            };
            let q = pos(&lc, [i, j]);
            reached[q] = true;
            let got = xc[q];
            assert!(
                got == want || (got.is_nan() && want.is_nan()),
                "{}: C[{i}, {j}] = {got:?}, want {want:?}",
                what()
            );
        }
    }
    for (q, r) in reached.iter().enumerate() {
        if !r {
            assert!(
                xc[q] == T::from(GAP),
                "{}: position {q} outside C written: {:?}",
                what(),
                xc[q]
            );
        }
    }
    // dot (the product path) of the same operands.
    if m * n > 0 {
        let d = a.dot(&b);
        for i in 0..m {
            for j in 0..n {
                let mut s = T::ZERO;
                for p in 0..k {
                    s = s + xa[pos(&la, [i, p])] * xb[pos(&lb, [p, j])];
                }
                assert!(
                    d[[i, j]] == s,
                    "{}: dot[{i}, {j}] = {:?}, want {s:?}",
                    what(),
                    d[[i, j]]
                );
            }
        }
    }
}

fn sweep<T: Elem>(sizes: &[(usize, usize, usize)]) {
    for &(m, k, n) in sizes {
        let mut mode = 0;
        for sa in operand_strides(m, k) {
            for sb in operand_strides(k, n) {
                for sc in output_strides(m, n) {
                    one_case::<T>((m, k, n), sa, sb, sc, mode);
                    mode += 1;
                }
            }
        }
    }
}

// Around the tiles: 1, 7..9 (f64's 8), 15..17 (f32's 16), m = 1 / n = 1,
// empty m, k or n.
const SMALL: [(usize, usize, usize); 13] = [
    (1, 1, 1),
    (1, 9, 1),
    (1, 4, 17),
    (17, 4, 1),
    (8, 8, 8),
    (9, 3, 7),
    (16, 16, 16),
    (17, 2, 15),
    (15, 17, 16),
    (0, 3, 4),
    (3, 0, 4),
    (3, 4, 0),
    (2, 1, 3),
];
// Around mc = 64 and the tiles, thin k.
const LARGE: [(usize, usize, usize); 3] = [(63, 2, 65), (65, 3, 64), (64, 1, 33)];

#[test]
fn f64_gemm_swapped_every_orientation_around_the_tiles() {
    sweep::<f64>(&SMALL);
    sweep::<f64>(&LARGE);
}

#[test]
fn f32_gemm_copies_every_orientation_around_the_tiles() {
    sweep::<f32>(&SMALL);
    sweep::<f32>(&LARGE);
}

#[test]
fn i32_gemm_every_orientation_exactly() {
    sweep::<i32>(&SMALL[..9]);
}

// C is the left half of a row-major (m, 2n) buffer (`split_at_mut` on
// axis 1: rows of n contiguous elements with n foreign ones between);
// another thread keeps writing the right half during the product. A full
// 16-wide (f32) / 8-wide (f64) store past a row of C would be lost or
// clobber the sibling: both halves are checked after the join.
#[test]
fn product_into_one_half_while_the_sibling_is_written() {
    fn go<T: Elem + Sync>(m: usize, k: usize, n: usize) {
        let xa: Vec<T> = (0..m * k).map(|i| val(i, 1)).collect();
        let xb: Vec<T> = (0..k * n).map(|i| val(i, 2)).collect();
        // A column-major (f32: copied), B row-major flipped.
        let a = StridedView::new(&xa, Layout::new([m, k], [1, m as isize], 0).unwrap()).unwrap();
        let b = StridedView::new(
            &xb,
            Layout::new([k, n], [-(n as isize), 1], (k - 1) * n).unwrap(),
        )
        .unwrap();
        let mut buf: Vec<T> = vec![T::from(GAP); m * 2 * n];
        let mut whole = StridedViewMut::new(&mut buf, Layout::contiguous([m, 2 * n])).unwrap();
        let (mut left, mut right) = whole.split_at_mut(1, n).unwrap();
        std::thread::scope(|s| {
            s.spawn(move || {
                for round in 0..120i8 {
                    right.fill(T::from(round % 50));
                }
                right.fill(T::from(-7));
            });
            for _ in 0..20 {
                general_mat_mul(T::ONE, &a, &b, T::ZERO, &mut left);
            }
        });
        for i in 0..m {
            for j in 0..n {
                let mut s = T::ZERO;
                for p in 0..k {
                    s = s + a[[i, p]] * b[[p, j]];
                }
                assert_eq!(buf[i * 2 * n + j], s, "C[{i}, {j}]");
                assert_eq!(buf[i * 2 * n + n + j], T::from(-7), "sibling [{i}, {j}]");
            }
        }
    }
    go::<f32>(33, 5, 16);
    go::<f64>(17, 5, 8);
    go::<f64>(16, 3, 24);
}

// Fractional values (not small integers: rounding shows), random layouts
// from the orientations above, k past kc = 256 now and then: `dot` within
// a tolerance of a triple loop in f64 (`k·ε·Σ|a·b|`), and bit for bit
// ndarray's `dot` of the same elements (the same matrixmultiply kernels,
// features unified, each element summed in the same order: the f32 copy
// and the f64 transposed product change neither).
mod fractional {
    use super::*;
    use proptest::prelude::*;

    fn frac(i: usize, seed: u64) -> f64 {
        let h = (i as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }

    fn go<T>(m: usize, k: usize, n: usize, oa: usize, ob: usize, seed: u64, eps: f64)
    where
        T: Elem + Into<f64> + ndarray::LinalgScalar + num_from::FromF64,
    {
        let sa = operand_strides(m, k)[oa % operand_strides(m, k).len()];
        let sb = operand_strides(k, n)[ob % operand_strides(k, n).len()];
        let (la, lena) = place([m, k], sa, 1);
        let (lb, lenb) = place([k, n], sb, 2);
        let xa: Vec<T> = (0..lena).map(|i| T::from_f64(frac(i, seed))).collect();
        let xb: Vec<T> = (0..lenb).map(|i| T::from_f64(frac(i, !seed))).collect();
        let a = StridedView::new(&xa, la).unwrap();
        let b = StridedView::new(&xb, lb).unwrap();
        let got = a.dot(&b);
        let na = ndarray::Array2::from_shape_fn((m, k), |(i, p)| xa[pos(&la, [i, p])]);
        let nb = ndarray::Array2::from_shape_fn((k, n), |(p, j)| xb[pos(&lb, [p, j])]);
        // ndarray's operands in the same orders (its dot takes views of
        // any strides; a transposed or flipped view of a standard array).
        let na = match oa % 4 {
            1 => na.t().as_standard_layout().into_owned().reversed_axes(),
            _ => na,
        };
        let want_nd = na.dot(&nb);
        for i in 0..m {
            for j in 0..n {
                let (mut s, mut mag) = (0.0f64, 0.0f64);
                for p in 0..k {
                    let x: f64 = xa[pos(&la, [i, p])].into();
                    let y: f64 = xb[pos(&lb, [p, j])].into();
                    s += x * y;
                    mag += (x * y).abs();
                }
                let g: f64 = got[[i, j]].into();
                assert!(
                    (g - s).abs() <= (k as f64) * eps * mag + f64::MIN_POSITIVE,
                    "({m}, {k}, {n}) {sa:?} {sb:?}: [{i}, {j}] = {g}, want {s}"
                );
                let w: f64 = want_nd[(i, j)].into();
                assert!(
                    g.to_bits() == w.to_bits(),
                    "({m}, {k}, {n}) {sa:?} {sb:?}: [{i}, {j}] = {g}, ndarray {w}"
                );
            }
        }
    }

    mod num_from {
        pub trait FromF64 {
            fn from_f64(v: f64) -> Self;
        }
        impl FromF64 for f32 {
            fn from_f64(v: f64) -> Self {
                v as f32
            }
        }
        impl FromF64 for f64 {
            fn from_f64(v: f64) -> Self {
                v
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn dot_of_fractions_within_tolerance_and_as_ndarray(
            m in prop_oneof![1usize..=18, 60usize..=66],
            k in prop_oneof![4 => 1usize..=20, 1 => 255usize..=260],
            n in prop_oneof![1usize..=18, 60usize..=66],
            oa in 0usize..11,
            ob in 0usize..11,
            seed in any::<u64>(),
        ) {
            go::<f32>(m, k, n, oa, ob, seed, f32::EPSILON as f64);
            go::<f64>(m, k, n, oa, ob, seed, f64::EPSILON);
        }
    }
}
