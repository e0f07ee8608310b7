//! Property tests of the arithmetic operators against the brute-force
//! model: both operands broadcast (NumPy rules), ranks 0 to 4, random
//! layouts with negative and zero strides, size-1 and empty axes, every
//! operand kind (views, mutable views, arrays by reference and by value,
//! static views), scalars, negation and compound assignment; and the panic
//! message for incompatible shapes.

use super::model;

use constrided::{strided, Layout, MaxRank, Rank, StridedArray, StridedView, StridedViewMut};
use model::*;
use proptest::prelude::*;

fn cases() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 48 })
}

// A shared operand: any valid layout (zero strides allowed) in a fresh
// buffer of non-zero values (so `/` and `%` are defined).
#[derive(Clone, Debug)]
struct Op<const N: usize> {
    buf: Vec<i64>,
    layout: Layout<N>,
}

impl<const N: usize> Op<N> {
    fn view(&self) -> StridedView<'_, i64, N> {
        StridedView::new(&self.buf, self.layout).unwrap()
    }
    // The element at an index of the broadcast shape `out`.
    fn at(&self, out_index: &[usize]) -> i64 {
        let r = out_index.len();
        let shape = self.layout.shape();
        let idx: [usize; N] = core::array::from_fn(|k| {
            if shape[k] == 1 {
                0
            } else {
                out_index[r - N + k]
            }
        });
        self.buf[position(self.layout.strides(), self.layout.offset(), idx) as usize]
    }
}

// An operand of rank N whose shape is the trailing N axes of `out`, some
// set to 1 (broadcast).
fn op<const N: usize>(out: Vec<usize>) -> impl Strategy<Value = Op<N>> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![3 => Just(false), 1 => Just(true)]),
        proptest::array::uniform::<_, N>(-3isize..=3),
        0usize..3,
        0i64..50,
    )
        .prop_map(move |(ones, strides, extra, salt)| {
            let r = out.len();
            let shape: [usize; N] =
                core::array::from_fn(|k| if ones[k] { 1 } else { out[r - N + k] });
            let offset = extra
                + (0..N)
                    .filter(|&k| strides[k] < 0)
                    .map(|k| shape[k].saturating_sub(1) * strides[k].unsigned_abs())
                    .sum::<usize>();
            let layout = Layout::new(shape, strides, offset).unwrap();
            let buf = (0..layout.required_len() as i64 + 2)
                .map(|i| (i * 7 + salt) % 19 + 1)
                .collect();
            Op { buf, layout }
        })
}

fn shape_of(r: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(prop_oneof![1 => Just(0usize), 8 => 1usize..=3], r)
}

fn pair<const A: usize, const B: usize>() -> impl Strategy<Value = (Vec<usize>, Op<A>, Op<B>)> {
    shape_of(A.max(B)).prop_flat_map(|out| (Just(out.clone()), op::<A>(out.clone()), op::<B>(out)))
}

// The model's broadcast shape of two operands (NumPy rules).
fn model_shape(a: &[usize], b: &[usize]) -> Vec<usize> {
    let r = a.len().max(b.len());
    (0..r)
        .map(|k| {
            let da = if k + a.len() >= r {
                a[k + a.len() - r]
            } else {
                1
            };
            let db = if k + b.len() >= r {
                b[k + b.len() - r]
            } else {
                1
            };
            if da == 1 {
                db
            } else {
                da
            }
        })
        .collect()
}

fn model_binary<const A: usize, const B: usize>(
    a: &Op<A>,
    b: &Op<B>,
    f: impl Fn(i64, i64) -> i64,
) -> (Vec<usize>, Vec<i64>) {
    let shape = model_shape(&a.layout.shape(), &b.layout.shape());
    let vals = indices_dyn(&shape)
        .iter()
        .map(|i| f(a.at(i), b.at(i)))
        .collect();
    (shape, vals)
}

// Row-major indices of a shape given as a slice.
fn indices_dyn(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &n in shape {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

fn check<const A: usize, const B: usize, const R: usize>(_out: Vec<usize>, a: Op<A>, b: Op<B>)
where
    Rank<A>: MaxRank<Rank<B>, Out = Rank<R>>,
{
    let (av, bv) = (a.view(), b.view());
    let got = |c: StridedArray<i64, R>| (c.shape().to_vec(), c.into_vec());
    assert_eq!(got(&av + &bv), model_binary(&a, &b, |x, y| x + y));
    assert_eq!(got(&av - &bv), model_binary(&a, &b, |x, y| x - y));
    assert_eq!(got(&av * &bv), model_binary(&a, &b, |x, y| x * y));
    assert_eq!(got(&av / &bv), model_binary(&a, &b, |x, y| x / y));
    assert_eq!(got(&av % &bv), model_binary(&a, &b, |x, y| x % y));
    // Arrays by reference and by value (the by-value one reuses its buffer
    // when its shape is the result's), mutable views.
    let (ao, bo) = (av.to_owned(), bv.to_owned());
    let want = model_binary(&a, &b, |x, y| 2 * x - y);
    assert_eq!(got(&(&ao + &ao) - &bo), want);
    assert_eq!(got(&ao * 2 - bo.clone()), want);
    assert_eq!(got((ao.clone() + &av) - &bv), want);
    assert_eq!(got(ao.clone() * 2 - bo.clone()), want);
    let mut bbuf = b.buf.clone();
    let bm = StridedViewMut::new(&mut bbuf, b.layout).ok();
    if let Some(bm) = &bm {
        assert_eq!(got(&(&av + &av) - bm), want);
    }
    // Transposes of both (same rank: reversed shapes still broadcast).
    if A == B {
        let (s, w) = model_binary(&a, &b, |x, y| x - y);
        let c = &av.t() - &bv.t();
        let mut rev = s.clone();
        rev.reverse();
        assert_eq!(c.shape().to_vec(), rev);
        // The transposed result, read back in the original order, is a - b.
        assert_eq!(c.view().t().to_vec(), w);
    }
    // Scalars and negation.
    assert_eq!(
        (&av * 3).into_vec(),
        av.to_vec().iter().map(|x| x * 3).collect::<Vec<_>>()
    );
    assert_eq!(
        (-&av).into_vec(),
        av.to_vec().iter().map(|x| -x).collect::<Vec<_>>()
    );
    assert_eq!((-ao.clone()).into_vec(), (&av * -1).into_vec());
    assert_eq!(
        (ao.clone() % 4).into_vec(),
        av.to_vec().iter().map(|x| x % 4).collect::<Vec<_>>()
    );
}

// Compound assignment: a unique destination of the full shape, the other
// operand broadcast to it.
fn check_assign<const R: usize, const B: usize>(
    shape: [usize; R],
    b: Op<B>,
    dst: ([isize; R], usize),
) {
    let l = Layout::new(shape, dst.0, dst.1).unwrap();
    let mut buf: Vec<i64> = (0..l.required_len() as i64 + 1)
        .map(|i| i % 5 + 1)
        .collect();
    let before = buf.clone();
    let mut v = StridedViewMut::new(&mut buf, l).unwrap();
    let bv = b.view();
    v += &bv;
    v *= 3;
    v -= &bv.to_owned();
    let pos = positions(shape, l.strides(), l.offset());
    let mut want = before.clone();
    for (i, idx) in indices(shape).iter().enumerate() {
        let p = pos[i] as usize;
        let y = b.at(idx);
        want[p] = (before[p] + y) * 3 - y;
    }
    assert_eq!(buf, want);
    // On an array.
    let mut arr = StridedView::new(&before, l).unwrap().to_owned();
    arr += &bv;
    arr %= 7;
    let want: Vec<i64> = indices(shape)
        .iter()
        .enumerate()
        .map(|(i, idx)| (before[pos[i] as usize] + b.at(idx)) % 7)
        .collect();
    assert_eq!(arr.into_vec(), want);
}

macro_rules! pairs {
    ($($name:ident $a:literal $b:literal $r:literal),*) => {
        proptest! {
            #![proptest_config(cases())]
            $(
                #[test]
                fn $name((out, a, b) in pair::<$a, $b>()) {
                    check::<$a, $b, $r>(out, a, b);
                }
            )*
        }
    };
}

pairs!(
    r0_0 0 0 0, r0_2 0 2 2, r2_0 2 0 2, r1_1 1 1 1, r1_2 1 2 2, r2_1 2 1 2, r2_2 2 2 2,
    r3_1 3 1 3, r1_3 1 3 3, r3_3 3 3 3, r2_4 2 4 4, r4_3 4 3 4, r4_4 4 4 4
);

#[allow(clippy::type_complexity)]
fn assign_case<const R: usize, const B: usize>(
) -> impl Strategy<Value = ([usize; R], Op<B>, ([isize; R], usize))> {
    shape_of(R).prop_flat_map(|out| {
        let shape: [usize; R] = out.clone().try_into().unwrap();
        (Just(shape), op::<B>(out), unique_strides(shape))
    })
}

proptest! {
    #![proptest_config(cases())]
    #[test]
    fn assign_2_1((d, b, s) in assign_case::<2, 1>()) { check_assign(d, b, s) }
    #[test]
    fn assign_3_3((d, b, s) in assign_case::<3, 3>()) { check_assign(d, b, s) }
    #[test]
    fn assign_4_2((d, b, s) in assign_case::<4, 2>()) { check_assign(d, b, s) }
    #[test]
    fn assign_1_0((d, b, s) in assign_case::<1, 0>()) { check_assign(d, b, s) }
    #[test]
    fn assign_0_0((d, b, s) in assign_case::<0, 0>()) { check_assign(d, b, s) }
}

#[test]
fn static_views_and_mixed_kinds() {
    let buf: [i32; 6] = [1, 2, 3, 4, 5, 6];
    let s = strided!(&buf; shape = (2, 3));
    let row = [10, 20, 30];
    let r = StridedView::from(&row[..]);
    // NumPy: np.arange(1, 7).reshape(2, 3) + [10, 20, 30]
    assert_eq!((&s + &r).into_vec(), [11, 22, 33, 14, 25, 36]);
    // The static transpose (3, 2) with a column (3, 1).
    let col = StridedView::from_shape([3, 1], &row).unwrap();
    assert_eq!((&s.t() * &col).into_vec(), [10, 40, 40, 100, 90, 180]);
    // &a.t() * &b + &c in one line.
    let c = StridedArray::from_elem([3, 2], 1);
    assert_eq!((&s.t() * &col + &c).into_vec(), [11, 41, 41, 101, 91, 181]);
    // NumPy: np.array(2.) + np.ones((2, 1)) -> [[3.], [3.]]
    let two = [2.0f64];
    let z = StridedView::from_shape([], &two).unwrap();
    let ones = StridedArray::from_elem([2, 1], 1.0f64);
    assert_eq!((&z + &ones).into_vec(), [3.0, 3.0]);
    assert_eq!((&z + &ones).shape(), [2, 1]);
    // Floats, scalars, a static result of rank 0 + rank 0.
    let f = StridedArray::from(vec![1.0f32, 2.0]);
    assert_eq!(((&f * 2.0 - 1.0) / 2.0).into_vec(), [0.5, 1.5]);
    let mut mbuf = [0i32; 4];
    let mut m = strided!(&mut mbuf; shape = (2, 2));
    m += &r.slice(constrided::s![..2]).unwrap();
    m *= 3;
    assert_eq!(m.to_vec(), [30, 60, 30, 60]);
}

#[test]
fn by_value_reuses_the_buffer() {
    let a = StridedArray::from_elem([2, 3], 1u64);
    let p = a.as_slice().as_ptr();
    let b = StridedArray::from(vec![1u64, 2, 3]);
    let c = a + &b;
    assert_eq!(c.as_slice().as_ptr(), p);
    assert_eq!(c.into_vec(), [2, 3, 4, 2, 3, 4]);
    // Not reused when the result is larger.
    let d = b + &StridedArray::from_elem([2, 1], 10u64);
    assert_eq!(d.shape(), [2, 3]);
    assert_eq!(d.into_vec(), [11, 12, 13, 11, 12, 13]);
}

#[test]
#[should_panic(expected = "shapes (2, 3) and (4,)")]
fn incompatible_shapes_panic_with_both() {
    // NumPy: ValueError: operands could not be broadcast together with
    // shapes (2,3) (4,)
    let a = StridedArray::<f64, 2>::zeros([2, 3]);
    let b = StridedArray::<f64, 1>::zeros([4]);
    let _ = &a + &b;
}

#[test]
#[should_panic(expected = "shapes (2, 3) and (3, 3)")]
fn compound_assign_does_not_grow_the_destination() {
    let mut a = StridedArray::<i32, 2>::zeros([2, 3]);
    let b = StridedArray::<i32, 2>::zeros([3, 3]);
    a += &b;
}
