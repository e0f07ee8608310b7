//! Copies between two static views (`strided!`): `assign` and `rearrange`
//! run the constant loop nest (no plan); checked against the brute-force
//! model (every index, by its offsets), on the seed layouts, transposes,
//! flips, slices, negative strides, rank 0 and rank 3, and a shape
//! mismatch between two static shapes is still a `ShapeMismatch` error.
//! Also the small-view copy walk (runtime layouts of at most 16 elements).

use super::model;

use constrided::kernel::rearrange;
use constrided::{strided, Layout, LayoutError, Mapping, StridedView, StridedViewMut};

// dst[i] == src[i] for every index, by the layouts' offsets.
fn check<const N: usize>(out: &[i32], dl: Layout<N>, src: &[i32], sl: Layout<N>) {
    assert_eq!(dl.shape(), sl.shape());
    for idx in model::indices(dl.shape()) {
        let d = model::position(dl.strides(), dl.offset(), idx) as usize;
        let s = model::position(sl.strides(), sl.offset(), idx) as usize;
        assert_eq!(out[d], src[s], "index {idx:?}");
    }
}

#[test]
fn seed_transpose_into_a_tile() {
    let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
    let mut out = [-1i32; 12];
    let s = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    let sl = s.t().mapping().to_layout();
    let mut d = strided!(&mut out; shape = (3, 4));
    d.assign(&s.t()).unwrap();
    check(&out, Layout::contiguous([3, 4]), &buf, sl);
    let mut again = [-1i32; 12];
    let mut d = strided!(&mut again; shape = (3, 4));
    rearrange(&mut d, &s.t()).unwrap();
    assert_eq!(again, out);
}

#[test]
fn flips_slices_and_negative_strides() {
    let buf: [i32; 60] = core::array::from_fn(|i| 3 * i as i32 + 1);
    let mut out = [-1i32; 40];
    let s = strided!(&buf; shape = (3, 4, 5))
        .flip_axis::<2>()
        .slice_axis::<1, 1, 4, 2>();
    let sl = s.mapping().to_layout();
    // A destination with a negative stride and an offset, over part of out.
    let mut d = strided!(&mut out; shape = (3, 2, 5), strides = (12, -5, 1), offset = 6);
    let dl = d.mapping().to_layout();
    d.assign(&s).unwrap();
    check(&out, dl, &buf, sl);
    // Positions the destination does not reach are untouched.
    let reached: Vec<usize> = model::positions(dl.shape(), dl.strides(), dl.offset())
        .into_iter()
        .map(|p| p as usize)
        .collect();
    for (p, &x) in out.iter().enumerate() {
        if !reached.contains(&p) {
            assert_eq!(x, -1, "position {p}");
        }
    }
}

#[test]
fn rank0_and_shape_mismatch() {
    let buf = [5i32, 6, 7];
    let mut out = [0i32; 2];
    let s = strided!(&buf; shape = (), offset = 2);
    let mut d = strided!(&mut out; shape = (), offset = 1);
    d.assign(&s).unwrap();
    assert_eq!(out, [0, 7]);

    let a = [0i32; 12];
    let mut b = [0i32; 12];
    let s = strided!(&a; shape = (4, 3));
    let mut d = strided!(&mut b; shape = (3, 4));
    assert_eq!(
        d.assign(&s),
        Err(LayoutError::ShapeMismatch {
            expected: constrided::Dims::new(&[3, 4]),
            found: constrided::Dims::new(&[4, 3]),
            arg: constrided::ShapeArg::Source,
        })
    );
}

// The small-copy walk (runtime layouts of at most 16 elements) on every
// rank-2 and rank-3 layout pair of sizes 0..=2 and small strides, against
// the model.
#[test]
fn small_runtime_copies_match_the_model() {
    let src: Vec<i32> = (0..64).collect();
    for shape in [[0, 2, 2], [1, 1, 1], [2, 2, 2], [2, 1, 2], [1, 2, 2]] {
        for sst in [[4, 2, 1], [1, 4, 16], [-4, -2, -1], [0, 1, 0], [9, -3, 1]] {
            let soff = if shape.contains(&0) { 0 } else { 20 };
            let Ok(sl) = Layout::new(shape, sst, soff) else {
                continue;
            };
            for dst_strides in [[4, 2, 1], [1, 2, 4], [-1, -2, -4]] {
                let Ok(dl) = Layout::new(shape, dst_strides, 7) else {
                    continue;
                };
                let mut out = vec![-1i32; 16];
                let s = StridedView::new(&src, sl).unwrap();
                let mut d = StridedViewMut::new(&mut out, dl).unwrap();
                d.assign(&s).unwrap();
                check(&out, dl, &src, sl);
            }
        }
    }
}
