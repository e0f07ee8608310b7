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

/// A section's title, then a line saying what it shows.
fn heading(title: &str, what: &str) {
    println!();
    if color() {
        println!("\x1b[1m== {title}\x1b[0m");
    } else {
        println!("== {title}");
    }
    println!("   {what}");
}

/// How to read the memory maps, printed before the first one.
fn legend() {
    println!("How to read a memory map: the buffer drawn as a grid. The label left of a row");
    println!("is the position of its first cell, the label above a column is added to it");
    println!("(row 20, column 2 is position 22). In a cell:");
    println!("  3   the 4th element in row-major order lives here (0 is element (0, 0),");
    println!("      1 the next one along the last axis, and so on);");
    println!("  ·   no element of the view reaches this position;");
    println!("  0+  several elements live at this one position (a zero stride); the number");
    println!("      is the first of them in row-major order.");
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
    heading(
        "Non-contiguous tensors over a 10x10 buffer (Ascend operator docs)",
        "Two views of buffer = 0..100: which positions they read, and in what order.",
    );
    legend();
    let buf: Vec<i64> = (0..100).collect();
    // Example 1: shape (6, 5), strides (10, 1), offset 22 — a block.
    let v1 = strided!(&buf; shape = (6, 5), strides = (10, 1), offset = 22)?;
    show("example 1", &v1, 10);
    // Example 2: shape (4, 3), strides (20, 2), offset 22 — every other row and column.
    let v2 = strided!(&buf; shape = (4, 3), strides = (20, 2), offset = 22)?;
    show("example 2", &v2, 10);

    // ---------------------------------------------------------------- seed 1
    heading(
        "NumPy: one buffer, many views (strided indexing scheme)",
        "reshape and slicing only change (shape, strides, offset); writes show through.",
    );
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
    heading(
        "AsStrided over a 3x3 input (Ascend AsStridedOperation)",
        "out[i, j] = in[offset + 2i + 3j] for in = 1..=9: the seed's two outputs.",
    );
    let input: Vec<i64> = (1..=9).collect();
    let inp = StridedView::new(&input, Layout::contiguous([3, 3]))?;
    let out0 = inp.as_strided([2, 2], [2, 3], 0)?;
    show("size [2,2] stride [2,3] offset 0", &out0, 3);
    let out2 = inp.as_strided([2, 2], [2, 3], 2)?;
    show("size [2,2] stride [2,3] offset 2", &out2, 3);

    // ---------------------------------------------------------------- seed 3
    heading(
        "PyTorch: transpose swaps strides, moves no data",
        "x and x.T read the same 12 positions; only the order (the cell numbers) changes.",
    );
    let storage: Vec<i64> = (0..12).collect();
    let x = StridedView::new(&storage, Layout::contiguous([3, 4]))?;
    show("x = arange(12).reshape(3, 4)", &x, 4);
    let y = x.t();
    show("y = x.T", &y, 4);
    println!("  y contiguous? {}", y.is_contiguous());

    // ---------------------------------------------------------------- seed 4
    heading(
        "InfiniOP tensor descriptors: negative, zero strides and scalars",
        "A reversed axis, a broadcast row (one position, several elements) and a scalar.",
    );
    let data: Vec<i64> = (0..6).collect();
    let rev = StridedView::new(&data, Layout::contiguous([2, 3]))?.flip(1)?;
    show("negative stride (axis 1 reversed)", &rev, 6);
    let row = StridedView::new(&data, Layout::new([3], [1], 0)?)?;
    let bc = row.broadcast_to([4, 3])?;
    show("zero stride (a row broadcast to 4 rows)", &bc, 6);
    let scalar = strided!(&data; shape = (), offset = 4)?;
    show("rank 0: a scalar at offset 4", &scalar, 6);

    heading(
        "Kernels: copy between any two layouts (rearrange / assign)",
        "x.T copied into row-major memory, then a broadcast, map_inplace and fold.",
    );
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

    heading(
        "The element-wise engine and NumPy printing",
        "Zip over three operands of different layouts; results printed as NumPy prints them.",
    );
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
    // Floats print as NumPy does too: 8 digits at most, points aligned.
    let f: Vec<f64> = (0..6)
        .map(|i| f64::from(i) / 4.0 + 100.0 * f64::from(i % 2))
        .collect();
    let fv = StridedView::new(&f, Layout::contiguous([2, 3]))?;
    println!("i / 4 + 100 * (i % 2) for i in 0..6, as a 2x3 f64 view:\n{fv}");
    let thirds: Vec<f32> = (1..4).map(|i| i as f32 / 3.0).collect();
    println!(
        "f32 thirds: {}",
        StridedView::new(&thirds, Layout::contiguous([3]))?
    );

    heading(
        "Refused layouts say why",
        "Each error names the numbers: the position, the lengths, the two indices.",
    );
    let refused: [(&str, LayoutError); 4] = [
        (
            "Layout::new([4, 3], [-20, 2], 22)",
            Layout::new([4, 3], [-20, 2], 22).unwrap_err(),
        ),
        (
            "example 2's layout over 50 elements",
            StridedView::new(&buf[..50], Layout::new([4, 3], [20, 2], 22)?).unwrap_err(),
        ),
        (
            "a mutable view with strides (1, 1)",
            StridedViewMut::new(&mut [0i64; 9], Layout::new([3, 3], [1, 1], 0)?).unwrap_err(),
        ),
        (
            "windows([4, 1]) of a 3x4 view",
            xt.t()
                .windows([4, 1])
                .err()
                .ok_or("windows of 4 rows fit 3 rows")?,
        ),
    ];
    for (call, err) in refused {
        println!("  {call}:\n    {err}");
    }

    heading(
        "Runtime rank: a C-style descriptor",
        "A rank known only at run time, and a type-erased copy of f32 elements.",
    );
    // What InfiniOP's infiniopCreateTensorDescriptor gets: ndim, shape and
    // strides known only at run time, the data pointer at element (0, 0).
    // Here: the seeds' 4x3 tensor read with its rows reversed.
    let ndim = 2;
    let (shape, strides) = ([4usize, 3], [-20isize, 2]);
    let desc = constrided::DynLayout::from_element0(&shape[..ndim], &strides[..ndim])?;
    println!("descriptor {desc}, rank {}", desc.rank());
    // with_rank! compiles the body once per rank; here it runs Layout<2>.
    let corner = constrided::with_rank!(desc, |l| l.offset_of(core::array::from_fn(|_| 0)));
    if let Some(corner) = corner {
        println!(
            "element (0, 0) sits at position {corner}: 3 rows of 20 above the lowest reached one"
        );
    }
    // A buffer of f32 whose value is its position (0., 1., 2., ...), handed
    // over as bytes and copied type-erased (InfiniOP's Rearrange, 4 bytes
    // per element) into a row-major 4x3 tensor.
    let src: Vec<u8> = (0..desc.required_len())
        .flat_map(|p| (p as f32).to_ne_bytes())
        .collect();
    let dst_desc = constrided::DynLayout::contiguous(desc.shape())?;
    let mut dst = vec![0u8; dst_desc.numel() * 4];
    constrided::kernel::rearrange_bytes(&mut dst, &dst_desc, &src, &desc, 4)?;
    let values: Vec<f32> = dst
        .chunks_exact(4)
        .map(|b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let copied = StridedView::new(&values, Layout::contiguous([4, 3]))?;
    println!("the copy, read back as f32 (each value is the source position it came from):");
    println!("{copied}");
    println!("row 0 is positions 60, 62, 64; each row below starts 20 positions lower.");
    Ok(())
}
