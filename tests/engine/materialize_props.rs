//! Issue 27 (part A) against the brute-force model, on random layouts
//! (permuted, flipped, gapped, broadcast with zero strides, empty and
//! size-1 axes, views of part of a buffer, large enough for the copy
//! engine's transpose tiles and streaming paths): `to_owned`, `to_vec`,
//! `into_owned` for plain element types of every size (the copy engine)
//! and for other types (element-wise `Clone`); the binary operators'
//! kernel (contiguous, broadcast and transposed operands, an element type
//! with drop glue); `min_axis`, `max_axis` and `fold_axis` with short and
//! long rows (the whole-row and four-row paths).

use super::model;

use constrided::{Layout, StridedArray, StridedView};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 64 })
}

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![1 => Just(0usize), 2 => Just(1usize), 6 => 2usize..=9, 4 => 10usize..=40]
}

// A layout of a random shape over part of a buffer: axes in a random
// order with gaps and flips (unique), some axes broadcast (stride 0);
// plus the buffer length (a tail beyond the last position).
fn layout<const N: usize>() -> impl Strategy<Value = (Layout<N>, usize)> {
    proptest::array::uniform::<_, N>(size())
        .prop_flat_map(|shape| {
            (
                Just(shape),
                unique_strides(shape),
                proptest::array::uniform::<_, N>(prop_oneof![5 => Just(false), 1 => Just(true)]),
                0usize..4,
            )
        })
        .prop_map(|(shape, (mut strides, mut offset), zero, tail)| {
            for k in 0..N {
                if zero[k] {
                    if strides[k] < 0 {
                        offset -= (shape[k].saturating_sub(1)) * strides[k].unsigned_abs();
                    }
                    strides[k] = 0;
                }
            }
            let l = Layout::new(shape, strides, offset).unwrap();
            (l, l.required_len() + tail)
        })
}

// The model: the elements at the layout's positions in row-major order.
fn model<T: Clone, const N: usize>(buf: &[T], l: &Layout<N>) -> Vec<T> {
    positions(l.shape(), l.strides(), l.offset())
        .into_iter()
        .map(|p| buf[p as usize].clone())
        .collect()
}

fn check_materialize<T: Clone + PartialEq + core::fmt::Debug, const N: usize>(
    l: Layout<N>,
    len: usize,
    make: impl Fn(usize) -> T,
) {
    let buf: Vec<T> = (0..len).map(make).collect();
    let v = StridedView::new(&buf, l).unwrap();
    let want = model(&buf, &l);
    let a = v.to_owned();
    assert_eq!(a.layout(), Layout::contiguous(l.shape()));
    assert_eq!(a.as_slice(), &want[..]);
    assert_eq!(v.to_vec(), want);
    assert_eq!(v.into_owned().into_vec(), want);
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn materialize_plain_and_clone_types_rank3((l, len) in layout::<3>()) {
        check_materialize(l, len, |i| i as u8);
        check_materialize(l, len, |i| i as u16);
        check_materialize(l, len, |i| i as f32 * 0.5);
        check_materialize(l, len, |i| i as f64 - 3.0);
        check_materialize(l, len, |i| i as u128 * 0x1_0000_0001);
        // Not plain: a Copy tuple with padding, and a type with drop glue.
        check_materialize(l, len, |i| (i as u8, i as u32));
        check_materialize(l, len, |i| i.to_string());
    }

    #[test]
    fn materialize_rank2_and_rank1((l2, len2) in layout::<2>(), (l1, len1) in layout::<1>()) {
        check_materialize(l2, len2, |i| i as i32);
        check_materialize(l1, len1, |i| i as i64);
        check_materialize(l2, len2, |i| vec![i]);
    }
}

// An element with drop glue and arithmetic: the operators' kernel counts
// its writes one by one.
#[derive(Clone, Debug, PartialEq)]
struct Boxed(Box<i64>);

impl core::ops::Sub for Boxed {
    type Output = Boxed;
    fn sub(self, o: Boxed) -> Boxed {
        Boxed(Box::new(*self.0 - *o.0))
    }
}

// Two operands of out's shape, some axes broadcast (size 1 in the
// operand), each over its own buffer with a random unique layout.
fn operand<const N: usize>(out: [usize; N]) -> impl Strategy<Value = (Layout<N>, usize)> {
    proptest::array::uniform::<_, N>(prop_oneof![4 => Just(false), 1 => Just(true)])
        .prop_flat_map(move |ones| {
            let shape: [usize; N] = core::array::from_fn(|k| if ones[k] { 1 } else { out[k] });
            (Just(shape), unique_strides(shape), 0usize..3)
        })
        .prop_map(|(shape, (strides, offset), tail)| {
            let l = Layout::new(shape, strides, offset).unwrap();
            (l, l.required_len() + tail)
        })
}

fn binary_case() -> impl Strategy<Value = ([usize; 3], (Layout<3>, usize), (Layout<3>, usize))> {
    proptest::array::uniform::<_, 3>(size())
        .prop_flat_map(|out| (Just(out), operand(out), operand(out)))
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn binary_operators_against_model((out_full, (la, na), (lb, nb)) in binary_case()) {
        let a: Vec<f64> = (0..na).map(|i| i as f64 * 1.5).collect();
        let b: Vec<f64> = (0..nb).map(|i| 1000.0 - i as f64).collect();
        let (va, vb) = (StridedView::new(&a, la).unwrap(), StridedView::new(&b, lb).unwrap());
        // Each operand axis is out's or 1: the result takes the larger.
        let out: [usize; 3] = core::array::from_fn(|k| {
            if la.shape()[k] == 1 { lb.shape()[k] } else { la.shape()[k] }
        });
        let _ = out_full;
        let (wa, wb) = (va.broadcast_to(out).unwrap(), vb.broadcast_to(out).unwrap());
        let ma = model(&a, &wa.layout());
        let mb = model(&b, &wb.layout());
        let want: Vec<f64> = ma.iter().zip(&mb).map(|(x, y)| x - y).collect();
        let got = &va - &vb;
        prop_assert_eq!(got.shape(), out);
        prop_assert_eq!(got.as_slice(), &want[..]);
        let want: Vec<f64> = ma.iter().zip(&mb).map(|(x, y)| x * y).collect();
        let p = &va * &vb;
        prop_assert_eq!(p.as_slice(), &want[..]);
        // By value (reuses the left buffer when it has the result's shape).
        let owned = va.to_owned();
        let want: Vec<f64> = ma.iter().zip(&mb).map(|(x, y)| x + y).collect();
        let p = owned + &vb;
        prop_assert_eq!(p.as_slice(), &want[..]);
        // Compound assignment into a row-major copy of the broadcast left.
        let mut c = wa.to_owned();
        c -= &vb;
        let want: Vec<f64> = ma.iter().zip(&mb).map(|(x, y)| x - y).collect();
        prop_assert_eq!(c.as_slice(), &want[..]);
        // Drop glue: counted element by element.
        let ba: Vec<Boxed> = a.iter().map(|&x| Boxed(Box::new(x as i64))).collect();
        let bb: Vec<Boxed> = b.iter().map(|&x| Boxed(Box::new(x as i64))).collect();
        let got = &StridedView::new(&ba, la).unwrap() - &StridedView::new(&bb, lb).unwrap();
        let want: Vec<Boxed> = ma
            .iter()
            .zip(&mb)
            .map(|(&x, &y)| Boxed(Box::new(x as i64 - y as i64)))
            .collect();
        prop_assert_eq!(got.as_slice(), &want[..]);
        // mapv (the one-operand kernel).
        let want: Vec<f64> = ma.iter().map(|x| x * 0.5 + 1.0).collect();
        let p = wa.mapv(|x| x * 0.5 + 1.0);
        prop_assert_eq!(p.as_slice(), &want[..]);
    }
}

fn rows_cols() -> impl Strategy<Value = [usize; 2]> {
    (
        prop_oneof![1 => Just(0usize), 1 => Just(1usize), 6 => 2usize..=11],
        prop_oneof![1 => Just(0usize), 6 => 1usize..=40, 2 => 513usize..=700],
    )
        .prop_map(|(r, c)| [r, c])
}

fn reduce_case() -> impl Strategy<Value = (Layout<2>, usize, usize)> {
    rows_cols()
        .prop_flat_map(|shape| (Just(shape), unique_strides(shape), 0usize..3, 0usize..2))
        .prop_map(|(shape, (strides, offset), tail, axis)| {
            let l = Layout::new(shape, strides, offset).unwrap();
            (l, l.required_len() + tail, axis)
        })
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn axis_folds_against_model((l, len, axis) in reduce_case(), nan in 0usize..40) {
        let buf: Vec<f64> = (0..len)
            .map(|i| if i == nan { f64::NAN } else { ((i * 37) % 101) as f64 - 50.0 })
            .collect();
        let v = StridedView::new(&buf, l).unwrap();
        let shape = l.shape();
        let (n_out, n_axis) = (shape[1 - axis], shape[axis]);
        let lane = |j: usize| -> Vec<f64> {
            (0..n_axis)
                .map(|i| {
                    let idx = if axis == 0 { [i, j] } else { [j, i] };
                    buf[position(l.strides(), l.offset(), idx) as usize]
                })
                .collect()
        };
        let pick = |xs: &[f64], min: bool| -> f64 {
            if xs.iter().any(|x| x.is_nan()) {
                f64::NAN
            } else if min {
                xs.iter().cloned().fold(f64::INFINITY, f64::min)
            } else {
                xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
            }
        };
        let same = |got: &[f64], want: &[f64]| {
            got.len() == want.len()
                && got.iter().zip(want).all(|(a, b)| a == b || (a.is_nan() && b.is_nan()))
        };
        let fold: StridedArray<f64, 1> = v.fold_axis(axis, 0.0, |&a, &x| a + x).unwrap();
        let want: Vec<f64> = (0..n_out).map(|j| lane(j).iter().sum()).collect();
        prop_assert!(same(fold.as_slice(), &want), "{:?} {:?}", fold.as_slice(), want);
        let count: StridedArray<usize, 1> = v.fold_axis(axis, 0usize, |&a, _| a + 1).unwrap();
        prop_assert!(count.as_slice().iter().all(|&c| c == n_axis));
        if n_axis == 0 {
            prop_assert!(v.min_axis::<1>(axis).is_err());
            prop_assert!(v.max_axis::<1>(axis).is_err());
        } else {
            let want: Vec<f64> = (0..n_out).map(|j| pick(&lane(j), true)).collect();
            let got: StridedArray<f64, 1> = v.min_axis(axis).unwrap();
            prop_assert!(same(got.as_slice(), &want), "{:?} {:?}", got.as_slice(), want);
            let want: Vec<f64> = (0..n_out).map(|j| pick(&lane(j), false)).collect();
            let got: StridedArray<f64, 1> = v.max_axis(axis).unwrap();
            prop_assert!(same(got.as_slice(), &want), "{:?} {:?}", got.as_slice(), want);
            // Integers (no NaN).
            let ib: Vec<i32> = buf.iter().map(|&x| if x.is_nan() { 7 } else { x as i32 }).collect();
            let iv = StridedView::new(&ib, l).unwrap();
            let got: StridedArray<i32, 1> = iv.min_axis(axis).unwrap();
            let want: Vec<i32> = (0..n_out)
                .map(|j| lane(j).iter().map(|&x| if x.is_nan() { 7 } else { x as i32 }).min().unwrap())
                .collect();
            prop_assert_eq!(got.as_slice(), &want[..]);
        }
    }
}

// Rank-3 layouts whose inner axis is contiguous and 1..=130 elements long
// (runs of 16..=512 bytes take the copy engine's short-run chunks), rows
// `c + gap` apart, outer axes flipped or swapped at random: `to_vec` and
// `rearrange` into a padded destination against the model.
fn short_runs_case() -> impl Strategy<Value = (Layout<3>, usize)> {
    (
        1usize..=4,
        1usize..=4,
        1usize..=130,
        0usize..3,
        any::<[bool; 3]>(),
    )
        .prop_map(|(a, b, c, gap, [f0, f1, swap])| {
            let pitch = (c + gap) as isize;
            let mut l = Layout::new([a, b, c], [b as isize * pitch, pitch, 1], 0).unwrap();
            if f0 {
                l = l.flip(0).unwrap();
            }
            if f1 {
                l = l.flip(1).unwrap();
            }
            if swap {
                l = l.permute([1, 0, 2]).unwrap();
            }
            (l, l.required_len())
        })
}

fn check_short_runs<T: Copy + PartialEq + core::fmt::Debug + Default>(
    l: Layout<3>,
    len: usize,
    make: impl Fn(usize) -> T,
) {
    let buf: Vec<T> = (0..len).map(make).collect();
    let v = StridedView::new(&buf, l).unwrap();
    let want = model(&buf, &l);
    assert_eq!(v.to_vec(), want);
    // Into rows one element apart, the gaps untouched.
    let [a, b, c] = l.shape();
    let dl = Layout::new([a, b, c], [(b * (c + 1)) as isize, (c + 1) as isize, 1], 0).unwrap();
    let mut out = vec![T::default(); dl.required_len() + 1];
    let mut d = constrided::StridedViewMut::new(&mut out, dl).unwrap();
    constrided::kernel::rearrange(&mut d, &v).unwrap();
    assert_eq!(d.to_vec(), want);
    for (p, e) in out.iter().enumerate() {
        if p % (c + 1) == c {
            assert_eq!(*e, T::default(), "gap {p} written");
        }
    }
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn short_runs_against_model((l, len) in short_runs_case()) {
        check_short_runs(l, len, |i| (i % 251) as u8 + 1);
        check_short_runs(l, len, |i| i as u16 + 1);
        check_short_runs(l, len, |i| i as f32 + 1.0);
        check_short_runs(l, len, |i| i as f64 + 1.0);
    }
}
