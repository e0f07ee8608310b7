//! `to_array()` after every static transform (issue 29 point 6): the
//! array's length is the type-level element count, which each transform
//! rewrites; the elements are those `iter()` visits (row-major), checked
//! against the brute-force offsets of the naive model.
use constrided::{strided, Mapping, StridedView};

// The elements of a view by brute force over all indices, row-major.
fn model<const N: usize, M: Mapping<N>>(buf: &[i32], m: M) -> Vec<i32> {
    let shape = m.shape();
    let total: usize = shape.iter().product();
    let mut out = Vec::new();
    for flat in 0..total {
        let mut idx = [0usize; N];
        let mut r = flat;
        for k in (0..N).rev() {
            idx[k] = r % shape[k];
            r /= shape[k];
        }
        out.push(buf[m.offset_of_unchecked(idx)]);
    }
    out
}

fn check<const N: usize, M>(v: StridedView<'_, i32, N, M>, buf: &[i32])
where
    M: constrided::static_layout::Materialize<N>,
{
    let a = v.to_array();
    assert_eq!(a.len(), v.shape().iter().product::<usize>());
    assert_eq!(a.to_vec(), model(buf, *v.mapping()));
    assert_eq!(a.to_vec(), v.iter().copied().collect::<Vec<_>>());
}

#[test]
fn to_array_after_every_static_transform() {
    let buf: [i32; 100] = core::array::from_fn(|i| i as i32);
    let v = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22);
    check(v, &buf);
    check(v.t(), &buf);
    check(v.transpose_axes::<1, 0>(), &buf);
    check(v.flip_axis::<0>(), &buf);
    check(v.insert_axis_at::<1>(), &buf);
    check(v.slice_axis::<0, 1, 4, 2>(), &buf);
    check(v.slice_axis::<1, 0, 3, 5>(), &buf);
    check(v.slice_axis::<1, 2, 2, 1>(), &buf); // empty
    check(v.index_axis_at::<0, 3>(), &buf);
    check(v.index_axis_at::<1, 0>(), &buf);
    check(v.insert_axis_at::<0>().remove_axis_at::<0>(), &buf);
    // Chains: slice, then transpose and index; flip and index a slice.
    check(
        v.slice_axis::<0, 0, 4, 3>().t().index_axis_at::<0, 1>(),
        &buf,
    );
    check(
        v.flip_axis::<1>()
            .slice_axis::<1, 1, 3, 1>()
            .transpose_axes::<0, 1>()
            .index_axis_at::<1, 2>(),
        &buf,
    );
    // Negative strides, rank 3.
    let w = strided!(&buf; shape = (2, 3, 4), strides = (-40, 10, -1), offset = 43);
    check(w, &buf);
    check(w.slice_axis::<2, 1, 4, 2>().index_axis_at::<0, 1>(), &buf);
    check(w.index_axis_at::<2, 3>().t(), &buf);
    check(
        w.insert_axis_at::<3>()
            .slice_axis::<3, 0, 1, 1>()
            .index_axis_at::<1, 2>(),
        &buf,
    );
    let s = w.slice_axis::<1, 1, 3, 1>().index_axis_at::<2, 0>();
    assert_eq!(s.to_array().len(), 4);
}
