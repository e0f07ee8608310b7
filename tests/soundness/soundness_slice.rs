//! Issue 7 reproducers for slicing: no panic on extreme but valid input,
//! and exact `usize` bounds on axes longer than `isize::MAX`.

use constrided::{s, Layout, LayoutError, Slice, StridedView};

#[test]
fn negative_steps_on_empty_huge_layout_do_not_panic() {
    let l = Layout::new([usize::MAX, usize::MAX, 0], [isize::MAX, isize::MAX, 1], 0).unwrap();
    let r = l.slice([
        Slice::new(None, None, -1),
        Slice::new(None, None, -1),
        Slice::new(None, None, -1),
    ]);
    let r = r.unwrap();
    assert_eq!(r.shape(), [usize::MAX, usize::MAX, 0]);
    assert!(r.is_empty());
    // The same through a view over an empty buffer.
    let buf: [u8; 0] = [];
    let v = StridedView::new(&buf, l).unwrap();
    let w = v
        .slice([
            Slice::new(None, None, -1),
            Slice::new(None, None, -2),
            Slice::new(None, None, -1),
        ])
        .unwrap();
    assert_eq!(w.shape(), [usize::MAX, usize::MAX / 2 + 1, 0]);
}

#[test]
fn range_from_above_isize_max_is_exact_on_broadcast_axis() {
    let l = Layout::new([usize::MAX], [0], 0).unwrap();
    let start = (1usize << 63) + 10;
    let r = l.slice(s![start..]).unwrap();
    assert_eq!(r.shape(), [usize::MAX - start]);
}

#[test]
fn range_and_range_to_above_isize_max_are_exact() {
    let l = Layout::new([usize::MAX], [0], 0).unwrap();
    let a = (1usize << 63) + 10;
    let b = (1usize << 63) + 25;
    assert_eq!(l.slice(s![a..b]).unwrap().shape(), [15]);
    assert_eq!(l.slice(s![..b]).unwrap().shape(), [b]);
    assert_eq!(l.slice(s![a..=b]).unwrap().shape(), [16]);
    assert_eq!(l.slice(s![..=b]).unwrap().shape(), [b + 1]);
    assert_eq!(
        l.slice(s![usize::MAX - 1..=usize::MAX]).unwrap().shape(),
        [1]
    );
    assert_eq!(l.slice(s![..=usize::MAX]).unwrap().shape(), [usize::MAX]);
}

#[test]
fn zero_step_is_an_error_not_a_panic() {
    let l = Layout::new([usize::MAX, 0], [isize::MAX, isize::MIN + 1], 0).unwrap();
    assert_eq!(
        l.slice([Slice::new(None, None, 0), Slice::full()]),
        Err(LayoutError::ZeroStep { axis: 0 })
    );
}

// Property tests with extreme values over every slicing entry point, in
// whatever profile the tests run (debug: overflow checks on).
mod extreme {
    use super::*;
    use constrided::{SliceElem, SliceInfo, StridedViewMut};
    use proptest::prelude::*;

    fn size() -> impl Strategy<Value = usize> {
        prop_oneof![
            4 => 0usize..=4,
            1 => prop::sample::select(vec![usize::MAX, usize::MAX - 1, 1 << 63, (1 << 63) + 1, isize::MAX as usize]),
        ]
    }
    fn stride() -> impl Strategy<Value = isize> {
        prop_oneof![
            3 => -3isize..=3,
            1 => prop::sample::select(vec![isize::MAX, isize::MIN, isize::MIN + 1, isize::MAX - 1, 1 << 40]),
        ]
    }
    fn offset() -> impl Strategy<Value = usize> {
        prop_oneof![
            3 => 0usize..=20,
            1 => prop::sample::select(vec![isize::MAX as usize, isize::MAX as usize - 1, usize::MAX, 1 << 62]),
        ]
    }
    fn bound() -> impl Strategy<Value = Option<i128>> {
        prop_oneof![
            2 => Just(None),
            3 => (-5i128..=5).prop_map(Some),
            2 => prop::sample::select(vec![
                isize::MIN as i128,
                isize::MAX as i128,
                usize::MAX as i128,
                usize::MAX as i128 + 1,
                1i128 << 63,
                (1i128 << 63) + 10,
                -(1i128 << 63) + 1,
            ])
            .prop_map(Some),
        ]
    }
    fn step() -> impl Strategy<Value = isize> {
        prop_oneof![
            4 => prop::sample::select(vec![1isize, -1, 2, -2, 3, -3]),
            1 => prop::sample::select(vec![0isize, isize::MAX, isize::MIN, isize::MIN + 1, 1 << 62]),
        ]
    }
    fn elem() -> impl Strategy<Value = SliceElem> {
        prop_oneof![
            3 => (bound(), bound(), step()).prop_map(|(a, b, c)| SliceElem::Slice(Slice::from_bounds(a, b, c))),
            1 => prop_oneof![
                (-5i128..=5),
                prop::sample::select(vec![usize::MAX as i128, isize::MIN as i128, (1i128 << 63) + 3, -(1i128 << 63)])
            ]
            .prop_map(SliceElem::Index),
        ]
    }

    // Python's selection over a small axis, by stepping.
    fn python(e: &Slice, len: usize) -> Option<Vec<usize>> {
        let step = e.step() as i128;
        if step == 0 {
            return None;
        }
        let n = len as i128;
        let norm = |v: i128| if v < 0 { v + n } else { v };
        let (lo, hi) = if step > 0 { (0, n) } else { (-1, n - 1) };
        let start = e
            .start()
            .map_or(if step > 0 { lo } else { hi }, |s| norm(s).clamp(lo, hi));
        let stop = e
            .stop()
            .map_or(if step > 0 { hi } else { lo }, |s| norm(s).clamp(lo, hi));
        let mut out = vec![];
        let mut i = start;
        while (step > 0 && i < stop) || (step < 0 && i > stop) {
            out.push(i as usize);
            i += step;
        }
        Some(out)
    }

    fn check<const M: usize>(l: Layout<3>, elems: [SliceElem; 3]) -> Result<(), TestCaseError> {
        let kept = elems
            .iter()
            .filter(|e| matches!(e, SliceElem::Slice(_)))
            .count();
        if kept != M {
            return Ok(());
        }
        let info = SliceInfo::<3, M>::new(elems).unwrap();
        let r = l.slice(info);
        // Same answer through every entry point.
        let zst = vec![(); l.required_len()];
        let v = StridedView::new(&zst, l).unwrap();
        prop_assert_eq!(v.slice(info).map(|w| w.layout()), r);
        let mut zst2 = vec![(); l.required_len()];
        if let Ok(m) = StridedViewMut::new(&mut zst2, l) {
            prop_assert_eq!(m.slice(info).map(|w| w.layout()), r);
        }
        if M == 3 {
            let arr: [Slice; 3] = core::array::from_fn(|k| match elems[k] {
                SliceElem::Slice(s) => s,
                SliceElem::Index(_) => unreachable!(),
            });
            prop_assert_eq!(
                l.slice(arr).map(|x| x.to_layout_dyn()),
                r.map(|x| x.to_layout_dyn())
            );
        }
        // Against the model.
        let mut picks: Vec<Option<Vec<usize>>> = vec![];
        let mut expect_err = None;
        for (axis, e) in elems.iter().enumerate() {
            match e {
                SliceElem::Slice(s) => {
                    if s.step() == 0 {
                        expect_err.get_or_insert(LayoutError::ZeroStep { axis });
                        picks.push(None);
                    } else if l.shape()[axis] <= 8 {
                        picks.push(python(s, l.shape()[axis]));
                    } else {
                        let (_, _, count) = s.indices(l.shape()[axis]).unwrap();
                        prop_assert!(count <= l.shape()[axis]);
                        picks.push(None);
                    }
                }
                SliceElem::Index(i) => {
                    let n = l.shape()[axis] as i128;
                    let k = if *i < 0 { i + n } else { *i };
                    if !(0..n).contains(&k) {
                        expect_err.get_or_insert(LayoutError::IndexOutOfRange {
                            axis,
                            index: usize::try_from(i.unsigned_abs()).unwrap_or(usize::MAX),
                            size: l.shape()[axis],
                        });
                    }
                    picks.push(if (0..n).contains(&k) {
                        Some(vec![k as usize])
                    } else {
                        None
                    });
                }
            }
        }
        match (expect_err, r) {
            (Some(e), r) => prop_assert_eq!(r, Err(e)),
            (None, Err(e)) => prop_assert!(false, "unexpected {:?}", e),
            (None, Ok(out)) => {
                // Check every selected element when the selections are known
                // and small.
                if picks.iter().all(|p| p.is_some()) && !out.is_empty() {
                    let picks: Vec<Vec<usize>> = picks.into_iter().map(|p| p.unwrap()).collect();
                    let mut j = 0;
                    let mut dims = vec![];
                    for (axis, e) in elems.iter().enumerate() {
                        if matches!(e, SliceElem::Slice(_)) {
                            prop_assert_eq!(out.shape()[j], picks[axis].len());
                            dims.push(axis);
                            j += 1;
                        }
                    }
                    let total: usize = out.shape().iter().product();
                    for lin in 0..total.min(64) {
                        let mut rem = lin;
                        let mut oi = [0usize; M];
                        for k in (0..M).rev() {
                            oi[k] = rem % out.shape()[k];
                            rem /= out.shape()[k];
                        }
                        let mut ii = [0usize; 3];
                        for axis in 0..3 {
                            ii[axis] = picks[axis][0];
                        }
                        for (k, &axis) in dims.iter().enumerate() {
                            ii[axis] = picks[axis][oi[k]];
                        }
                        prop_assert_eq!(out.offset_of(oi), l.offset_of(ii));
                    }
                }
            }
        }
        Ok(())
    }

    trait Dyn {
        fn to_layout_dyn(&self) -> (Vec<usize>, Vec<isize>, usize);
    }
    impl<const N: usize> Dyn for Layout<N> {
        fn to_layout_dyn(&self) -> (Vec<usize>, Vec<isize>, usize) {
            (
                self.shape().to_vec(),
                self.strides().to_vec(),
                self.offset(),
            )
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn slice_never_panics_and_matches_model(
            shape in proptest::array::uniform3(size()),
            strides in proptest::array::uniform3(stride()),
            offset in offset(),
            elems in proptest::array::uniform3(elem()),
        ) {
            let Ok(l) = Layout::new(shape, strides, offset) else { return Ok(()) };
            check::<0>(l, elems)?;
            check::<1>(l, elems)?;
            check::<2>(l, elems)?;
            check::<3>(l, elems)?;
        }

        #[test]
        fn indices_never_panic(b in bound(), e in bound(), st in step(), len in size()) {
            let s = Slice::from_bounds(b, e, st);
            match s.indices(len) {
                None => prop_assert_eq!(st, 0),
                Some((first, step, count)) => {
                    prop_assert_eq!(step, st);
                    prop_assert!(count <= len);
                    if count > 0 {
                        prop_assert!(first < len);
                        let last = first as i128 + (count as i128 - 1) * st as i128;
                        prop_assert!(last >= 0 && last < len as i128);
                    }
                    if len <= 8 {
                        let p = python(&s, len).unwrap();
                        prop_assert_eq!(p.len(), count);
                        if count > 0 { prop_assert_eq!(p[0], first); }
                    }
                }
            }
        }
    }
}
