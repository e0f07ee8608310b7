use constrided::{s, strided, with_rank, DynLayout, Layout, StridedView, StridedViewMut, Zip};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Runtime layouts: validated, with errors that name the numbers.
    let buf: Vec<f32> = (0..100).map(|x| x as f32).collect();
    let v = StridedView::new(&buf, Layout::new([4, 3], [20, 2], 22)?)?;
    assert_eq!(v[[1, 2]], 46.0);
    assert_eq!(
        Layout::new([4, 3], [-20, 2], 22).unwrap_err().to_string(),
        "layout reaches position -38, below the start of the buffer"
    );

    // Views without copies: NumPy semantics.
    let a = StridedView::new(&buf[..12], Layout::contiguous([3, 4]))?;
    let b = a.slice(s![1..3, ..;-1])?; // a[1:3, ::-1]
    assert_eq!(b[[0, 0]], 7.0);
    let t = a.t(); // strides (1, 4)
    let r = a.reshape([2, 6])?; // exactly NumPy's copy=False rule
    assert_eq!(r[[1, 0]], 6.0);
    let row = a.index_axis(0, 1)?.broadcast_to([5, 4])?; // rank inferred: 1, then 2

    // Kernels: any layout into any other.
    let mut out = vec![0.0f32; 12];
    StridedViewMut::new(&mut out, Layout::contiguous([4, 3]))?.assign(&t)?;

    // The element-wise engine: any order that suits memory, many operands.
    let mut d = vec![0.0f32; 12];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([4, 3]))?;
    Zip::from(&mut dv)
        .and(&t)?
        .and_broadcast(&row.index_axis(0, 0)?.slice(s![..3])?)?
        .for_each(|d, t, r| *d = *t + *r);
    assert_eq!(t.sum(), 66.0);
    let col_sums = a.sum_axis(0)?; // StridedArray<f32, 1>: [12, 15, 18, 21]
    assert_eq!(col_sums.as_slice(), [12.0, 15.0, 18.0, 21.0]);
    println!("{}", a.slice(s![-1, ..])?); // NumPy printing: [ 8.,  9., 10., 11.]

    // Runtime rank, as C descriptors give it.
    let dl = DynLayout::new(&[3, 4], &[1, 3], 0)?;
    assert_eq!(dl.rank(), 2);
    let numel = with_rank!(dl, |l| l.numel()); // l: Layout<2>, monomorphized
    assert_eq!(numel, 12);

    // Compile-time layouts: checked by the compiler, index math folded.
    let arr: [f32; 100] = core::array::from_fn(|i| i as f32);
    let s = strided!(&arr; shape = (4, 3), strides = (20, 2), offset = 22); // no Result: checked at compile time
    assert_eq!(s[[3, 2]], 86.0);
    let stack = s.to_array(); // GenericArray<f32, U12>, no allocation
    assert_eq!(stack[11], 86.0);
    let st = s.t(); // still static: shape (3, 4) in the type
    assert_eq!(st[[2, 3]], 86.0);
    Ok(())
}
