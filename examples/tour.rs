//! The constrided tour: every worked example of the seed documents, printed
//! as a layout, its elements, and a memory map of the buffer (like the
//! seeds' figures: the buffer as a grid, each covered cell numbered by the
//! element that lives there).
//!
//! Run with `cargo run --example tour`.

use std::io::IsTerminal;

use constrided::{strided, Layout, LayoutError, Mapping, Slice, StridedView, StridedViewMut};

fn color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn heading(title: &str) {
    println!();
    if color() {
        println!("\x1b[1m== {title}\x1b[0m");
    } else {
        println!("== {title}");
    }
}

/// Prints a view's layout, its elements row by row, and the memory map.
fn show<const N: usize, M: Mapping<N>>(name: &str, v: &StridedView<'_, i64, N, M>, width: usize) {
    let layout = v.layout();
    println!("{name}: {layout}");
    println!("  elements (row-major): {:?}", v.to_vec());
    let map = layout
        .memory_map(v.buffer_len())
        .width(width)
        .color(color());
    for line in map.to_string().lines().skip(1) {
        println!("  {line}");
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("constrided tour: a strided view reads a buffer through (shape, strides, offset);");
    println!("element (i, j, ...) lives at offset + i*s0 + j*s1 + ... of the buffer.");

    // ---------------------------------------------------------------- seed 0
    heading("Non-contiguous tensors over a 10x10 buffer (Ascend operator docs)");
    let buf: Vec<i64> = (0..100).collect();
    // Example 1: shape (6, 5), strides (10, 1), offset 22 — a block.
    let v1 = strided!(&buf; shape = (6, 5), strides = (10, 1), offset = 22)?;
    show("example 1", &v1, 10);
    // Example 2: shape (4, 3), strides (20, 2), offset 22 — every other row and column.
    let v2 = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22)?;
    show("example 2", &v2, 10);

    // ---------------------------------------------------------------- seed 1
    heading("NumPy: one buffer, many views (strided indexing scheme)");
    let a: Vec<i64> = (0..24).collect();
    let b = StridedView::new(&a, Layout::contiguous([24]))?.reshape([2, 3, 4])?;
    println!(
        "b = reshape(arange(24), (2,3,4)): strides {:?}, b[1,2,2] = {}",
        b.strides(),
        b[[1, 2, 2]]
    );
    let c = b.reshape([2, 4, 3])?;
    println!(
        "c = reshape(b, (2,4,3)):          strides {:?}, c[1,2,2] = {}",
        c.strides(),
        c[[1, 2, 2]]
    );
    println!(
        "row-major strides of (2,3,4): {:?}; column-major: {:?}",
        Layout::contiguous([2, 3, 4]).strides(),
        Layout::f_contiguous([2, 3, 4]).strides()
    );
    let x: Vec<i64> = (0..12).collect();
    let x = StridedView::new(&x, Layout::contiguous([3, 4]))?;
    let b = x.slice([Slice::from(1..3), Slice::from(1..3)])?;
    show("a[1:3, 1:3]", &b, 4);
    println!(
        "  contiguous? {} (the elements 6 and 9 are not neighbours)",
        b.is_contiguous()
    );
    let c = x.slice([Slice::from(..2), Slice::from(..2)])?;
    show("a[:2, :2]", &c, 4);
    // Writing through a view changes the buffer it shares.
    let mut xs = vec![1i64, 2, 3, 4, 5, 6];
    {
        let xm = StridedViewMut::new(&mut xs, Layout::contiguous([2, 3]))?;
        let mut y = xm.index_axis(1, 1)?; // y = x[:, 1]
        y[[0]] = 9;
        println!("y = x[:, 1]; y[0] = 9 -> y = {:?}", y.view().to_vec());
    }
    println!("x is now {:?} (row-major)", xs);
    let col = StridedView::new(&xs, Layout::contiguous([2, 3]))?.t();
    println!("x in column-major order: {:?}", col.to_vec());

    // ---------------------------------------------------------------- seed 2
    heading("AsStrided over a 3x3 input (Ascend AsStridedOperation)");
    let input: Vec<i64> = (1..=9).collect();
    let inp = StridedView::new(&input, Layout::contiguous([3, 3]))?;
    let out0 = inp.as_strided([2, 2], [2, 3], 0)?;
    show("size [2,2] stride [2,3] offset 0", &out0, 3);
    let out2 = inp.as_strided([2, 2], [2, 3], 2)?;
    show("size [2,2] stride [2,3] offset 2", &out2, 3);

    // ---------------------------------------------------------------- seed 3
    heading("PyTorch: transpose swaps strides, moves no data");
    let storage: Vec<i64> = (0..12).collect();
    let x = StridedView::new(&storage, Layout::contiguous([3, 4]))?;
    show("x = arange(12).reshape(3, 4)", &x, 4);
    let y = x.t();
    show("y = x.T", &y, 4);
    println!("  y contiguous? {}", y.is_contiguous());

    // ---------------------------------------------------------------- seed 4
    heading("InfiniOP tensor descriptors: negative, zero strides and scalars");
    let data: Vec<i64> = (0..6).collect();
    let rev = StridedView::new(&data, Layout::contiguous([2, 3]))?.flip(1)?;
    show("negative stride (axis 1 reversed)", &rev, 6);
    let row = StridedView::new(&data, Layout::new([3], [1], 0)?)?;
    let bc = row.broadcast_to([4, 3])?;
    show("zero stride (a row broadcast to 4 rows)", &bc, 6);
    let scalar = strided!(&data; shape = (), offset = 4)?;
    show("rank 0: a scalar at offset 4", &scalar, 6);

    heading("Kernels: copy between any two layouts (rearrange / assign)");
    let src: Vec<i64> = (0..12).collect();
    let t = StridedView::new(&src, Layout::contiguous([3, 4]))?.t(); // 4x3, strides (1, 4)
    let mut out = vec![0i64; 12];
    StridedViewMut::new(&mut out, Layout::contiguous([4, 3]))?.assign(&t)?;
    println!("x.T copied into a row-major buffer: {out:?}");
    let out_view = StridedView::new(&out, Layout::contiguous([4, 3]))?;
    show("the copy (contiguous now)", &out_view, 3);
    let mut m = vec![0i64; 12];
    let mut mv = StridedViewMut::new(&mut m, Layout::contiguous([4, 3]))?;
    mv.zip_with(
        &StridedView::new(&[100i64, 200, 300], Layout::contiguous([3]))?,
        |a, b| *a = *b,
    )?;
    mv.map_inplace(|e| *e += 1);
    println!(
        "a row broadcast with zip_with, then map_inplace(+1): {:?}",
        mv.to_vec()
    );
    println!("sum with fold: {}", mv.fold(0, |s, e| s + e));

    heading("The element-wise engine and NumPy printing");
    // x = arange(12).reshape(3, 4), viewed transposed: Zip walks all three
    // operands together (in memory order), sum_axis reduces along an axis.
    let x: Vec<i64> = (0..12).collect();
    let xt = StridedView::new(&x, Layout::contiguous([3, 4]))?.t();
    let mut d = [0i64; 12];
    let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([4, 3]))?;
    let bias = [100i64, 200, 300];
    let bias = StridedView::new(&bias, Layout::contiguous([3]))?;
    constrided::Zip::from(&mut dv)
        .and(&xt)?
        .and_broadcast(&bias)?
        .for_each(|d, x, b| *d = x + b);
    println!("d = x.T + bias (NumPy printing):\n{}", dv.view());
    println!("d.sum_axis(0) = {}", dv.view().sum_axis(0)?);
    println!("s![.., -1] of x.T = {}", xt.slice(constrided::s![.., -1])?);

    heading("Refused layouts say why");
    let refused: [LayoutError; 3] = [
        Layout::new([4, 3], [-20, 2], 22).unwrap_err(),
        StridedView::new(&buf[..50], Layout::new([4, 3], [20, 2], 22)?).unwrap_err(),
        StridedViewMut::new(&mut [0i64; 9], Layout::new([3, 3], [1, 1], 0)?).unwrap_err(),
    ];
    for err in refused {
        println!("  {err}");
    }

    heading("Runtime rank: a C-style descriptor");
    // What InfiniOP's infiniopCreateTensorDescriptor gets: ndim, shape and
    // strides known only at run time, the data pointer at element (0, 0).
    // Here: the seeds' 4x3 tensor read with its rows reversed.
    let ndim = 2;
    let (shape, strides) = ([4usize, 3], [-20isize, 2]);
    let desc = constrided::DynLayout::from_element0(&shape[..ndim], &strides[..ndim])?;
    println!("descriptor {desc}, rank {}", desc.rank());
    // with_rank! compiles the body once per rank; here it runs Layout<2>.
    let corner = constrided::with_rank!(desc, |l| l.offset_of(core::array::from_fn(|_| 0)));
    println!("element (0, 0) sits {corner:?} elements above the lowest reached one");
    // The bytes of 4x3 f32 elements, copied type-erased (InfiniOP's Rearrange).
    let src: Vec<u8> = (0..(desc.required_len() * 4) as u32)
        .map(|b| b as u8)
        .collect();
    let dst_desc = constrided::DynLayout::contiguous(desc.shape())?;
    let mut dst = vec![0u8; dst_desc.numel() * 4];
    constrided::kernel::rearrange_bytes(&mut dst, &dst_desc, &src, &desc, 4)?;
    println!("first row copied: {:?}", &dst[..12]);
    Ok(())
}
