//! Runtime-rank copies against the typed `rearrange` on the rearrange bench
//! cases (64 MiB of f32 per operand): `rearrange` (views of `Layout<N>`),
//! `rearrange_dyn` (slices + `DynLayout`) and `rearrange_bytes` (bytes,
//! element size 4). Interleaved runs, median of 7 each.
//!
//!     cargo run --release --example dyn_report
use std::hint::black_box;
use std::time::Instant;

use constrided::kernel::{rearrange, rearrange_bytes, rearrange_dyn};
use constrided::{s, DynLayout, Layout, StridedView, StridedViewMut};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn case<const N: usize>(name: &str, sl: Layout<N>) {
    let src: Vec<f32> = (0..sl.required_len()).map(|i| i as f32).collect();
    let dl = Layout::contiguous(sl.shape());
    let mut dst = vec![0f32; dl.numel()];
    let mut dst_b = vec![0u8; dl.numel() * 4];
    let src_b: Vec<u8> = src.iter().flat_map(|x| x.to_ne_bytes()).collect();
    let (dd, ds) = (DynLayout::from(dl), DynLayout::from(sl));
    let (mut t, mut d, mut b) = (vec![], vec![], vec![]);
    for _ in 0..7 {
        let now = Instant::now();
        let sv = StridedView::new(&src, sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
        rearrange(&mut dv, &sv).unwrap();
        black_box(&mut dst);
        t.push(now.elapsed().as_secs_f64());
        let now = Instant::now();
        rearrange_dyn(&mut dst, &dd, &src, &ds).unwrap();
        black_box(&mut dst);
        d.push(now.elapsed().as_secs_f64());
        let now = Instant::now();
        rearrange_bytes(&mut dst_b, &dd, &src_b, &ds, 4).unwrap();
        black_box(&mut dst_b);
        b.push(now.elapsed().as_secs_f64());
    }
    let (t, d, b) = (median(t), median(d), median(b));
    println!(
        "{name:<34} rearrange {:7.2} ms  rearrange_dyn {:7.2} ms ({:.2}x)  rearrange_bytes {:7.2} ms ({:.2}x)",
        t * 1e3,
        d * 1e3,
        t / d,
        b * 1e3,
        t / b
    );
}

fn main() {
    const E: usize = 1 << 24;
    let n2 = 4096;
    case("contiguous copy", Layout::contiguous([E]));
    case("1-D flip", Layout::contiguous([E]).flip(0).unwrap());
    case("2-D transpose 4096x4096", Layout::contiguous([n2, n2]).t());
    case(
        "3-D permute (2,0,1) 256^3",
        Layout::contiguous([256; 3]).permute([2, 0, 1]).unwrap(),
    );
    case(
        "rank-8 permute 8^8",
        Layout::contiguous([8; 8])
            .permute([7, 6, 5, 4, 3, 2, 1, 0])
            .unwrap(),
    );
    case(
        "transpose + flip 4096x4096",
        Layout::contiguous([n2, n2]).t().flip(0).unwrap(),
    );
    let big = 2 * n2 + 2;
    case(
        "step-2 slice, offset (1,1)",
        Layout::contiguous([big, big])
            .slice(s![1..big - 1;2, 1..big - 1;2])
            .unwrap(),
    );
    case(
        "broadcast row 4096 -> 4096x4096",
        Layout::contiguous([n2]).broadcast_to([n2, n2]).unwrap(),
    );
}
