//! Every worked example of the seed documents (`../shared/seeds/`).

use constrided::{s, strided, Layout, LayoutError, Slice, StridedView, StridedViewMut};

fn hundred() -> Vec<i32> {
    (0..100).collect()
}

// Seed 000 (Ascend, non-contiguous tensors), example 1: shape (6, 5),
// strides (10, 1), offset 22 covers a[2..8][2..7] of a 10x10 buffer.
#[test]
fn ascend_example_1_block() {
    let buf = hundred();
    let l = Layout::new([6, 5], [10, 1], 22).unwrap();
    let v = StridedView::new(&buf, l).unwrap();
    let expected: Vec<i32> = (2..8)
        .flat_map(|r| (2..7).map(move |c| 10 * r + c))
        .collect();
    assert_eq!(v.to_vec(), expected);
    assert!(!v.is_contiguous());
    assert_eq!(l.required_len(), 77);
    // The memory map marks exactly the bold cells of the figure.
    let map = l.memory_map(100).to_string();
    for (r, line) in map.lines().skip(2).enumerate() {
        let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
        for (c, cell) in cells.iter().enumerate() {
            let covered = (2..8).contains(&r) && (2..7).contains(&c);
            assert_eq!(*cell != "·", covered, "row {r} col {c}");
        }
    }
    // The same through strided!.
    let s = strided!(&buf; shape = (6, 5), strides = (10, 1), offset = 22).unwrap();
    assert_eq!(s.to_vec(), expected);
}

// Example 2: shape (4, 3), strides (20, 2), offset 22.
#[test]
fn ascend_example_2_every_other() {
    let buf = hundred();
    let v = StridedView::new(&buf, Layout::new([4, 3], [20, 2], 22).unwrap()).unwrap();
    assert_eq!(v.to_vec(), [22, 24, 26, 42, 44, 46, 62, 64, 66, 82, 84, 86]);
    assert_eq!(v.layout().required_len(), 87);
    let arr: [i32; 100] = core::array::from_fn(|i| i as i32);
    let s = strided!(&arr; shape = (4, 3), strides = (20, 2), offset = 22);
    assert_eq!(s[[2, 1]], 64);
    // The figure: rows 2, 4, 6, 8, columns 2, 4, 6 are marked.
    let map = v.layout().memory_map(100).to_string();
    for (r, line) in map.lines().skip(2).enumerate() {
        let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(cells.len(), 10);
        for (c, cell) in cells.iter().enumerate() {
            let covered = [2, 4, 6, 8].contains(&r) && [2, 4, 6].contains(&c);
            assert_eq!(*cell != "·", covered, "row {r} col {c}");
        }
    }
    // Neither example is contiguous, and both are unique.
    assert!(!v.is_contiguous() && v.layout().is_unique());
}

// Seed 001 (strided indexing scheme, NumPy/TH).
#[test]
fn numpy_reshape_views_share_data() {
    let a: Vec<i32> = (0..24).collect();
    let b = StridedView::new(&a, Layout::contiguous([24]))
        .unwrap()
        .reshape([2, 3, 4])
        .unwrap();
    assert_eq!(b.strides(), [12, 4, 1]);
    assert_eq!(b[[1, 2, 2]], 22);
    assert_eq!(b.layout().offset_of([1, 2, 2]), Some(22));
    let c = b.reshape([2, 4, 3]).unwrap();
    assert_eq!(c.strides(), [12, 3, 1]);
    assert_eq!(c[[1, 2, 2]], 20);
    assert_eq!(c.as_ptr(), a.as_ptr());
}

#[test]
fn numpy_slices_are_not_contiguous() {
    let a: Vec<i32> = (0..12).collect();
    let x = StridedView::new(&a, Layout::contiguous([3, 4])).unwrap();
    let b = x.slice(s![1..3, 1..3]).unwrap();
    assert_eq!(b.to_vec(), [5, 6, 9, 10]);
    assert_eq!((b.strides(), b.offset()), ([4, 1], 5));
    assert!(!b.is_contiguous());
    let c = x.slice(s![..2, ..2]).unwrap();
    assert_eq!(c.to_vec(), [0, 1, 4, 5]);
    assert_eq!((c.strides(), c.offset()), ([4, 1], 0));
    assert!(!c.is_contiguous());
    // Were they contiguous, their strides would be (2, 1).
    assert_eq!(Layout::contiguous([2, 2]).strides(), [2, 1]);
}

#[test]
fn numpy_writing_through_a_view_changes_the_base() {
    // x = [[1,2,3],[4,5,6]]; y = x[:, 1]; y[0] = 9
    let mut x = vec![1, 2, 3, 4, 5, 6];
    let xm = StridedViewMut::new(&mut x, Layout::contiguous([2, 3])).unwrap();
    let mut y = xm.index_axis(1, 1).unwrap();
    y[[0]] = 9;
    assert_eq!(y.to_vec(), [9, 5]);
    assert_eq!(x, [1, 9, 3, 4, 5, 6]);
}

// One block of 20 doubles may hold a 4x5 matrix or a 2x5x2 tensor: only the
// shape and strides differ.
#[test]
fn one_block_many_views() {
    let block: Vec<f64> = (0..20).map(f64::from).collect();
    let m = StridedView::new(&block, Layout::contiguous([4, 5])).unwrap();
    let t = StridedView::new(&block, Layout::contiguous([2, 5, 2])).unwrap();
    assert_eq!((m.strides(), t.strides()), ([5, 1], [10, 2, 1]));
    assert_eq!(m[[3, 4]], 19.0);
    assert_eq!(t[[1, 4, 1]], 19.0);
    assert_eq!(m.reshape([2, 5, 2]).unwrap().layout(), t.layout());
    assert_eq!(m.as_ptr(), t.as_ptr());
    // Column-major (Fortran, Matlab) strides of (2, 3, 4): [1, 0, 0] and
    // [0, 0, 0] are one item apart; row-major (C): 12 items apart.
    let f = Layout::f_contiguous([2, 3, 4]);
    let c = Layout::contiguous([2, 3, 4]);
    assert_eq!(
        f.offset_of([1, 0, 0]).unwrap() - f.offset_of([0, 0, 0]).unwrap(),
        1
    );
    assert_eq!(
        c.offset_of([1, 0, 0]).unwrap() - c.offset_of([0, 0, 0]).unwrap(),
        12
    );
    // A size-1 axis may have any stride; an empty array needs none.
    let a = Layout::new([4, 1, 5], [5, 12345, 1], 0).unwrap();
    assert_eq!(a.offset_of([3, 0, 4]), Some(19));
    assert!(a.is_contiguous());
    assert!(Layout::new([0, 5], [-7, 99], 3).unwrap().is_contiguous());
}

#[test]
fn row_and_column_major_strides() {
    assert_eq!(Layout::contiguous([2, 3, 4]).strides(), [12, 4, 1]);
    assert_eq!(Layout::f_contiguous([2, 3, 4]).strides(), [1, 2, 6]);
    let m = [1, 2, 3, 4, 5, 6];
    let v = StridedView::new(&m, Layout::contiguous([2, 3])).unwrap();
    assert_eq!(v.to_vec(), [1, 2, 3, 4, 5, 6]);
    // Column-major order of [[1,2,3],[4,5,6]].
    assert_eq!(v.t().to_vec(), [1, 4, 2, 5, 3, 6]);
    // The general formula: offset + i*s0 + j*s1 + k*s2.
    let l = Layout::new([2, 3, 4], [12, 4, 1], 7).unwrap();
    assert_eq!(l.offset_of([1, 2, 3]), Some(7 + 12 + 8 + 3));
}

#[test]
fn th_is_contiguous_rule() {
    // Size-1 axes may have any stride.
    assert!(Layout::new([3, 1, 4], [4, 1000, 1], 0)
        .unwrap()
        .is_contiguous());
    assert!(Layout::new([1, 1], [0, 5], 3).unwrap().is_contiguous());
    // An empty layout is contiguous: no valid index, no strides needed.
    assert!(Layout::new([0, 4], [7, 7], 0).unwrap().is_contiguous());
    assert!(!Layout::new([3, 4], [1, 3], 0).unwrap().is_contiguous());
    // The boolean-mask example (a[a > 0]) cannot be a view: it is not
    // expressible with strides, so the crate has no operation for it.
}

// Seed 002 (Ascend AsStridedOperation).
#[test]
fn as_strided_offset_0_and_2() {
    let input = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let v = StridedView::new(&input, Layout::contiguous([3, 3])).unwrap();
    let out0 = v.as_strided([2, 2], [2, 3], 0).unwrap();
    assert_eq!(out0.to_vec(), [1, 4, 3, 6]);
    let out2 = v.as_strided([2, 2], [2, 3], 2).unwrap();
    assert_eq!(out2.to_vec(), [3, 6, 5, 8]);
    // outTensor[i][j] = flat[i*stride[0] + j*stride[1] + offset]
    for i in 0..2 {
        for j in 0..2 {
            assert_eq!(out2[[i, j]], input[i * 2 + j * 3 + 2]);
        }
    }
    assert_eq!(
        v.as_strided([2, 2], [2, 3], 6).unwrap_err(),
        LayoutError::OutOfBounds {
            required: 12,
            len: 9
        }
    );
}

// Seed 003 (PyTorch tensor strides).
#[test]
fn pytorch_transpose_swaps_strides() {
    let storage: Vec<i64> = (0..12).collect();
    let x = StridedView::new(&storage, Layout::contiguous([12]))
        .unwrap()
        .reshape([3, 4])
        .unwrap();
    assert_eq!(x.strides(), [4, 1]);
    assert_eq!(x[[1, 0]] - x[[0, 0]], 4);
    let y = x.t();
    assert_eq!((y.shape(), y.strides()), ([4, 3], [1, 4]));
    assert_eq!(y.to_vec(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(y.as_ptr(), x.as_ptr());
    assert!(x.is_contiguous());
    assert!(!y.is_contiguous());
    assert_eq!(x.transpose(0, 1).unwrap().layout(), y.layout());
}

// Seed 004 (InfiniOP tensor descriptors).
#[test]
fn infiniop_address_formula() {
    // Row 3, column 2 (1-based) of a (d1, d2) tensor with strides (s1, s2)
    // lives at ((3-1)·s1 + (2-1)·s2).
    let l = Layout::new([4, 5], [7, 2], 0).unwrap();
    assert_eq!(l.offset_of([3 - 1, 2 - 1]), Some(2 * 7 + 2));
}

#[test]
fn infiniop_negative_stride_reverses() {
    let data = [0, 1, 2, 3, 4, 5];
    let v = StridedView::new(&data, Layout::new([2, 3], [3, -1], 2).unwrap()).unwrap();
    assert_eq!(v.to_vec(), [2, 1, 0, 5, 4, 3]);
    let f = StridedView::new(&data, Layout::contiguous([2, 3]))
        .unwrap()
        .flip(1)
        .unwrap();
    assert_eq!(f.layout(), v.layout());
}

#[test]
fn infiniop_zero_stride_broadcasts() {
    let data = [7, 8, 9];
    let l = Layout::new([4, 3], [0, 1], 0).unwrap();
    let v = StridedView::new(&data, l).unwrap();
    assert_eq!(v.to_vec(), [7, 8, 9, 7, 8, 9, 7, 8, 9, 7, 8, 9]);
    assert!(!l.is_unique());
    let mut d = [0; 3];
    assert!(matches!(
        StridedViewMut::new(&mut d, l),
        Err(LayoutError::Aliasing { .. })
    ));
    // A zero stride on a size-1 axis is no broadcast.
    assert!(Layout::new([1, 3], [0, 1], 0).unwrap().is_unique());
}

#[test]
fn infiniop_rank_0_is_a_scalar() {
    let data = [5, 6, 7];
    let l = Layout::<0>::new([], [], 1).unwrap();
    assert_eq!((l.numel(), l.required_len()), (1, 2));
    let v = StridedView::new(&data, l).unwrap();
    assert_eq!(v[[]], 6);
    assert_eq!(v.to_vec(), [6]);
    assert!(l.is_contiguous() && l.is_unique());
}

#[test]
fn slice_semantics_match_python() {
    // a[::-1], a[-3:], a[1:100:2] over 6 elements.
    let l = Layout::contiguous([6]);
    let cases: [(Slice, Vec<usize>); 4] = [
        (Slice::new(None, None, -1), vec![5, 4, 3, 2, 1, 0]),
        (Slice::new(Some(-3), None, 1), vec![3, 4, 5]),
        (Slice::new(Some(1), Some(100), 2), vec![1, 3, 5]),
        (Slice::new(Some(-1), Some(-7), -2), vec![5, 3, 1]),
    ];
    for (s, want) in cases {
        let r = l.slice([s]).unwrap();
        let got: Vec<usize> = (0..r.shape()[0])
            .map(|i| r.offset_of([i]).unwrap())
            .collect();
        assert_eq!(got, want, "{s:?}");
    }
}
