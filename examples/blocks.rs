//! Static tiles at work: the 8x8 blocks of a generated 1080p f32 image
//! through a separable 8-point Walsh–Hadamard transform, the highest
//! frequency dropped, and back (an image codec's block loop), checked
//! bit-identical against a naive version; and a tiled transpose, where
//! tiling is the point (8x8 tiles keep both the rows read and the columns
//! written in cache), checked against a plain transpose.
//!
//! `cargo run --release --example blocks`

// LayoutError carries its numbers (see the crate root).
#![allow(clippy::result_large_err)]

use constrided::tile::{Shape, TileLayout};
use constrided::{strided, Layout, LayoutError, StridedView, StridedViewMut};
use std::time::Instant;

const H: usize = 1080;
const W: usize = 1920;

// Integer-valued pixels in 0..=255: the transform stays exact in f32.
fn image() -> Vec<f32> {
    let mut s = 0x2545_f491u32;
    (0..H * W)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 256) as f32
        })
        .collect()
}

// The 8-point Walsh–Hadamard butterfly (unnormalized).
fn wht8(v: [f32; 8]) -> [f32; 8] {
    let [a0, a1, a2, a3, a4, a5, a6, a7] = v;
    let (b0, b1, b2, b3) = (a0 + a4, a1 + a5, a2 + a6, a3 + a7);
    let (b4, b5, b6, b7) = (a0 - a4, a1 - a5, a2 - a6, a3 - a7);
    let (c0, c1, c2, c3) = (b0 + b2, b1 + b3, b0 - b2, b1 - b3);
    let (c4, c5, c6, c7) = (b4 + b6, b5 + b7, b4 - b6, b5 - b7);
    [
        c0 + c1,
        c0 - c1,
        c2 + c3,
        c2 - c3,
        c4 + c5,
        c4 - c5,
        c6 + c7,
        c6 - c7,
    ]
}

// Transform (rows, then columns), drop the highest frequency, transform
// back and scale by 1/64: every value is exact in f32.
fn block(b: &mut [f32; 64]) {
    fn pass(b: &mut [f32; 64]) {
        for i in 0..8 {
            let t = wht8(core::array::from_fn(|j| b[8 * i + j]));
            b[8 * i..8 * i + 8].copy_from_slice(&t);
        }
        for j in 0..8 {
            let t = wht8(core::array::from_fn(|i| b[8 * i + j]));
            for i in 0..8 {
                b[8 * i + j] = t[i];
            }
        }
    }
    pass(b);
    b[63] = 0.0;
    pass(b);
    for e in b.iter_mut() {
        *e *= 1.0 / 64.0;
    }
}

type Tile8<'a> =
    StridedViewMut<'a, f32, 2, TileLayout<Layout<2>, Shape<strided!(type shape = (8, 8)), 2>, 2>>;

// One tile: read with the static copy (64 loads at constant offsets from
// the tile's start), written back with the static assign.
fn tile_block(t: &mut Tile8<'_>) -> Result<(), LayoutError> {
    let mut b = [0.0f32; 64];
    t.copy_to_slice(&mut b)?;
    block(&mut b);
    t.assign(&strided!(&b; shape = (8, 8)))
}

fn blocks_tiles(img: &mut [f32]) -> Result<(), LayoutError> {
    let mut v = StridedViewMut::new(img, Layout::contiguous([H, W]))?;
    for mut t in v.tiles_mut(strided![shape = (8, 8)]) {
        tile_block(&mut t)?;
    }
    Ok(())
}

fn blocks_naive(img: &mut [f32]) {
    for bi in 0..H / 8 {
        for bj in 0..W / 8 {
            let mut b = [0.0f32; 64];
            for i in 0..8 {
                for j in 0..8 {
                    b[8 * i + j] = img[(8 * bi + i) * W + 8 * bj + j];
                }
            }
            block(&mut b);
            for i in 0..8 {
                for j in 0..8 {
                    img[(8 * bi + i) * W + 8 * bj + j] = b[8 * i + j];
                }
            }
        }
    }
}

// The tiled transpose: the source's 8x8 tiles paired with those of the
// transposed destination; each pair is a static copy between two run-time
// strides. Edge tiles (none at 1080p) are run-time views.
fn transpose_tiles(src: &[f32], dst: &mut [f32], h: usize, w: usize) -> Result<(), LayoutError> {
    let t = strided![shape = (8, 8)];
    let s = StridedView::new(src, Layout::contiguous([h, w]))?;
    let mut d = StridedViewMut::new(dst, Layout::contiguous([w, h]))?.t();
    let (full, edges) = d.tiles_mut(t).split_edges();
    let st = s.tiles(t);
    let se = st.edges();
    for (mut dt, s) in full.zip(st) {
        dt.assign(&s)?;
    }
    for (mut de, s) in edges.zip(se) {
        de.assign(&s)?;
    }
    Ok(())
}

fn transpose_naive(src: &[f32], dst: &mut [f32], h: usize, w: usize) {
    for i in 0..h {
        for j in 0..w {
            dst[j * h + i] = src[i * w + j];
        }
    }
}

fn main() -> Result<(), LayoutError> {
    let img = image();

    let mut a = img.clone();
    let t0 = Instant::now();
    blocks_tiles(&mut a)?;
    let tiles = t0.elapsed();
    let mut b = img.clone();
    let t0 = Instant::now();
    blocks_naive(&mut b);
    let naive = t0.elapsed();
    assert!(a == b, "the tiled block program differs from the naive one");
    assert!(a != img);
    println!(
        "blocks: {} 8x8 blocks, bit-identical to the naive loop (tiles {:?}, naive {:?})",
        (H / 8) * (W / 8),
        tiles,
        naive
    );

    let (mut ta, mut tb) = (vec![0.0f32; H * W], vec![0.0f32; H * W]);
    let t0 = Instant::now();
    transpose_tiles(&img, &mut ta, H, W)?;
    let tiles = t0.elapsed();
    let t0 = Instant::now();
    transpose_naive(&img, &mut tb, H, W);
    let naive = t0.elapsed();
    assert!(ta == tb, "the tiled transpose differs");
    // A size 8 does not divide: the edge tiles are there too.
    let (mut ea, mut eb) = (vec![0.0f32; 13 * 21], vec![0.0f32; 13 * 21]);
    transpose_tiles(&img[..13 * 21], &mut ea, 13, 21)?;
    transpose_naive(&img[..13 * 21], &mut eb, 13, 21);
    assert!(ea == eb);
    println!("transpose: {W}x{H} -> {H}x{W} equal to the plain transpose (tiles {tiles:?}, plain {naive:?})");
    Ok(())
}
