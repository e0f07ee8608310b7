//! Review r10: the staged walk of an operand whose fastest axis has
//! stride -1 (staged backwards), under Miri, each source buffer exactly as
//! long as the view's reach (a read one element outside it is an error):
//! rank 3 with the staged axis not axis 0, columns flipped too, the
//! operand as operand 3 of a `Zip` of 4, a broadcast (stride 0) axis, and
//! short axes (fewer rows than a strip, one row). Every item is checked
//! against the element at its index (`Zip::indexed`).

use constrided::{Layout, StridedView, StridedViewMut, Zip};

fn of<T: TryFrom<u64>>(i: usize) -> T {
    T::try_from((i as u64 * 7 + 3) % 251).ok().unwrap()
}

// A rank-3 view [p, r, c] with strides [sp, -1, sc] (sc may be negative)
// over a buffer exactly its reach; checked against the model through
// `Zip::indexed` (dst, operand), a `Zip` of 4 with the operand last, and
// `zip_with`.
fn rank3<T>(p: usize, r: usize, c: usize, pad: usize, neg_c: bool)
where
    T: Copy + PartialEq + core::fmt::Debug + TryFrom<u64> + Default,
{
    let pitch = r + pad;
    let sc = if neg_c {
        -(pitch as isize)
    } else {
        pitch as isize
    };
    let plane = c * pitch;
    let sp = plane as isize;
    // Reach: offset = (r - 1) + (neg_c ? (c - 1)·pitch : 0); highest
    // position offset + (p - 1)·plane + (neg_c ? 0 : (c - 1)·pitch).
    let offset = (r - 1) + if neg_c { (c - 1) * pitch } else { 0 };
    let len = (p - 1) * plane + (c - 1) * pitch + r;
    let src: Vec<T> = (0..len).map(of).collect();
    let l = Layout::new([p, r, c], [sp, -1, sc], offset).unwrap();
    let sv = StridedView::new(&src, l).unwrap();
    let range = src.as_ptr_range();
    let at = |[i, j, k]: [usize; 3]| -> T {
        let q = offset as isize + i as isize * sp - j as isize + k as isize * sc;
        src[q as usize]
    };
    let n = p * r * c;
    let mut d = vec![T::default(); n];
    let mut staged = 0usize;
    {
        let dv = StridedViewMut::new(&mut d, Layout::contiguous([p, r, c])).unwrap();
        Zip::from(dv)
            .and(sv)
            .unwrap()
            .indexed()
            .for_each(|i, o, s| {
                staged += usize::from(!range.contains(&(s as *const T)));
                assert_eq!(*s, at(i), "{i:?}");
                *o = *s;
            });
    }
    let what = format!("{p}x{r}x{c} pad {pad} neg_c {neg_c}");
    if r > 1 && c > 1 {
        assert_eq!(staged, n, "{what}: staged");
    }
    let ix: Vec<u32> = (0..n as u32).collect();
    let ixv = StridedView::new(&ix, Layout::contiguous([p, r, c])).unwrap();
    let a: Vec<T> = (0..n).map(|i| of(i + 11)).collect();
    let av = StridedView::new(&a, Layout::contiguous([p, r, c])).unwrap();
    let mut d = vec![T::default(); n];
    {
        let dv = StridedViewMut::new(&mut d, Layout::contiguous([p, r, c])).unwrap();
        Zip::from(dv)
            .and(ixv)
            .unwrap()
            .and(av)
            .unwrap()
            .and(sv)
            .unwrap()
            .for_each(|o, &x, _, s| {
                let x = x as usize;
                assert_eq!(*s, at([x / (r * c), x / c % r, x % c]), "{what} zip4 {x}");
                *o = *s;
            });
    }
    let mut e = vec![T::default(); n];
    StridedViewMut::new(&mut e, Layout::contiguous([p, r, c]))
        .unwrap()
        .zip_with(&sv, |o, s| *o = *s)
        .unwrap();
    assert_eq!(d, e, "{what}: zip_with");
}

#[test]
fn r10_rank3_backwards_u64() {
    // Under Miri a strip is 8 rows by 16 columns.
    rank3::<u64>(2, 11, 19, 1, false);
    rank3::<u64>(2, 11, 19, 0, true);
    rank3::<u64>(3, 3, 17, 2, false);
    rank3::<u64>(3, 8, 16, 0, true);
}

#[test]
fn r10_rank3_backwards_u32() {
    rank3::<u32>(2, 17, 33, 0, false);
    rank3::<u32>(2, 5, 35, 3, true);
}

#[test]
fn r10_rank3_backwards_one_row() {
    // One row along the unit-stride axis (the plan may drop it): not
    // staged there, still the elements.
    rank3::<u64>(2, 1, 20, 0, true);
}

// A rotated rank-2 operand broadcast along a new leading axis (stride 0),
// its buffer exactly its reach.
#[test]
fn r10_broadcast_rotation() {
    let (r, c) = (10usize, 19usize);
    let src: Vec<u64> = (0..r * c).map(of).collect();
    // (i, j) at (r - 1 - i) + j·r: a rotation of a c x r matrix.
    let sv = StridedView::new(&src, Layout::new([r, c], [-1, r as isize], r - 1).unwrap()).unwrap();
    let range = src.as_ptr_range();
    let mut d = vec![0u64; 3 * r * c];
    let dv = StridedViewMut::new(&mut d, Layout::contiguous([3, r, c])).unwrap();
    let mut staged = 0usize;
    Zip::from(dv)
        .and_broadcast(sv)
        .unwrap()
        .indexed()
        .for_each(|[_, i, j], o, s| {
            staged += usize::from(!range.contains(&(s as *const u64)));
            assert_eq!(*s, src[(r - 1 - i) + j * r], "({i}, {j})");
            *o = *s;
        });
    assert_eq!(staged, 3 * r * c, "staged");
}
