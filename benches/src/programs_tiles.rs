//! Static tiles as a program (the case of the programs report): 8x8
//! blocks of a 1080p f32 image through a separable 8-point Walsh–Hadamard
//! transform, the highest frequency dropped, and back; and a tiled
//! transpose of the image. Each written three ways: constrided's static
//! tiles, a hand-written twin over the raw slice, and ndarray's
//! `exact_chunks`. The results are bit-identical (the transform is exact
//! on these integer-valued pixels: every intermediate is an integer or a
//! multiple of 1/64 below 2^24).
//!
//! ```
//! use constrided_bench::programs_tiles as p;
//! p::check(64, 48);
//! ```

use constrided::tile::{Shape, TileLayout};
use constrided::{strided, Layout, StridedView, StridedViewMut};
use ndarray::{ArrayView2, ArrayViewMut2};

/// The image's height and width (1080p).
pub const H: usize = 1080;
/// See [`H`].
pub const W: usize = 1920;

/// A deterministic `h`×`w` image of integer-valued pixels in 0..=255.
///
/// ```
/// assert_eq!(constrided_bench::programs_tiles::image(2, 3).len(), 6);
/// ```
pub fn image(h: usize, w: usize) -> Vec<f32> {
    let mut s = 0x2545_f491u32;
    (0..h * w)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            (s % 256) as f32
        })
        .collect()
}

// The 8-point Walsh–Hadamard butterfly (unnormalized).
#[inline(always)]
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

/// The block program on one row-major 8x8 block: the separable transform
/// (rows, then columns), the highest frequency dropped, the inverse
/// (the same transform, scaled by 1/64).
///
/// ```
/// let mut b = [1.0f32; 64];
/// constrided_bench::programs_tiles::block(&mut b);
/// assert_eq!(b, [1.0; 64]); // a flat block has no high frequency
/// ```
#[inline(always)]
pub fn block(b: &mut [f32; 64]) {
    fn pass(b: &mut [f32; 64]) {
        for i in 0..8 {
            let r: [f32; 8] = core::array::from_fn(|j| b[8 * i + j]);
            let t = wht8(r);
            b[8 * i..8 * i + 8].copy_from_slice(&t);
        }
        for j in 0..8 {
            let c: [f32; 8] = core::array::from_fn(|i| b[8 * i + j]);
            let t = wht8(c);
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

type T8 = strided!(type shape = (8, 8));

// One tile through the block program: read with the static copy, written
// back with the static assign.
#[inline(always)]
fn tile_block(t: &mut StridedViewMut<'_, f32, 2, TileLayout<Layout<2>, Shape<T8, 2>, 2>>) {
    let mut b = [0.0f32; 64];
    t.copy_to_slice(&mut b).unwrap();
    block(&mut b);
    t.assign(&strided!(&b; shape = (8, 8))).unwrap();
}

/// The block program over every full 8x8 block of the `h`×`w` row-major
/// image, with constrided's static tiles.
///
/// ```
/// use constrided_bench::programs_tiles as p;
/// let mut a = p::image(16, 16);
/// let mut b = a.clone();
/// p::blocks_constrided(&mut a, 16, 16);
/// p::blocks_hand(&mut b, 16, 16);
/// assert_eq!(a, b);
/// ```
pub fn blocks_constrided(img: &mut [f32], h: usize, w: usize) {
    let mut v = StridedViewMut::new(img, Layout::contiguous([h, w])).unwrap();
    for mut t in v.tiles_mut(strided![shape = (8, 8)]) {
        tile_block(&mut t);
    }
}

/// The hand-written twin of [`blocks_constrided`]: raw slices, constant
/// block size, run-time row pitch.
///
/// ```
/// let mut a = vec![3.0f32; 64];
/// constrided_bench::programs_tiles::blocks_hand(&mut a, 8, 8);
/// assert_eq!(a, vec![3.0; 64]);
/// ```
pub fn blocks_hand(img: &mut [f32], h: usize, w: usize) {
    for bi in 0..h / 8 {
        for bj in 0..w / 8 {
            let base = bi * 8 * w + bj * 8;
            let mut b = [0.0f32; 64];
            for i in 0..8 {
                b[8 * i..8 * i + 8].copy_from_slice(&img[base + i * w..][..8]);
            }
            block(&mut b);
            for i in 0..8 {
                img[base + i * w..][..8].copy_from_slice(&b[8 * i..8 * i + 8]);
            }
        }
    }
}

/// The ndarray twin of [`blocks_constrided`], with `exact_chunks_mut`.
///
/// ```
/// use constrided_bench::programs_tiles as p;
/// let mut a = p::image(16, 8);
/// let mut b = a.clone();
/// p::blocks_ndarray(&mut a, 16, 8);
/// p::blocks_hand(&mut b, 16, 8);
/// assert_eq!(a, b);
/// ```
pub fn blocks_ndarray(img: &mut [f32], h: usize, w: usize) {
    let mut a = ArrayViewMut2::from_shape((h, w), img).unwrap();
    for mut c in a.exact_chunks_mut((8, 8)) {
        let mut b = [0.0f32; 64];
        for ((i, j), e) in c.indexed_iter() {
            b[8 * i + j] = *e;
        }
        block(&mut b);
        for ((i, j), e) in c.indexed_iter_mut() {
            *e = b[8 * i + j];
        }
    }
}

/// The tiled transpose of the `h`×`w` row-major `src` into the `w`×`h`
/// row-major `dst`, 8x8 tiles at a time, with constrided's static tiles
/// (each tile copy a constant loop nest over two run-time strides); the
/// edge tiles (when 8 does not divide) as run-time views.
///
/// ```
/// use constrided_bench::programs_tiles as p;
/// let src = p::image(12, 20);
/// let (mut a, mut b) = (vec![0.0; 240], vec![0.0; 240]);
/// p::transpose_constrided(&src, &mut a, 12, 20);
/// p::transpose_hand(&src, &mut b, 12, 20);
/// assert_eq!(a, b);
/// assert_eq!(a[1], src[20]);
/// ```
pub fn transpose_constrided(src: &[f32], dst: &mut [f32], h: usize, w: usize) {
    let t = strided![shape = (8, 8)];
    let s = StridedView::new(src, Layout::contiguous([h, w])).unwrap();
    let mut d = StridedViewMut::new(dst, Layout::contiguous([w, h]))
        .unwrap()
        .t();
    let (full, edges) = d.tiles_mut(t).split_edges();
    let st = s.tiles(t);
    let se = st.edges();
    for (mut dt, s) in full.zip(st) {
        dt.assign(&s).unwrap();
    }
    for (mut de, s) in edges.zip(se) {
        de.assign(&s).unwrap();
    }
}

/// The hand-written twin of [`transpose_constrided`].
///
/// ```
/// let src = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
/// let mut dst = [0.0f32; 6];
/// constrided_bench::programs_tiles::transpose_hand(&src, &mut dst, 2, 3);
/// assert_eq!(dst, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
/// ```
pub fn transpose_hand(src: &[f32], dst: &mut [f32], h: usize, w: usize) {
    for bi in (0..h).step_by(8) {
        for bj in (0..w).step_by(8) {
            for i in bi..(bi + 8).min(h) {
                for j in bj..(bj + 8).min(w) {
                    dst[j * h + i] = src[i * w + j];
                }
            }
        }
    }
}

/// The ndarray twin of [`transpose_constrided`]: `exact_chunks` of the
/// source zipped with those of the transposed destination (8 must divide
/// both sides).
///
/// ```
/// use constrided_bench::programs_tiles as p;
/// let src = p::image(16, 24);
/// let (mut a, mut b) = (vec![0.0; 384], vec![0.0; 384]);
/// p::transpose_ndarray(&src, &mut a, 16, 24);
/// p::transpose_hand(&src, &mut b, 16, 24);
/// assert_eq!(a, b);
/// ```
pub fn transpose_ndarray(src: &[f32], dst: &mut [f32], h: usize, w: usize) {
    let s = ArrayView2::from_shape((h, w), src).unwrap();
    let mut d = ArrayViewMut2::from_shape((w, h), dst).unwrap();
    let mut dt = d.view_mut().reversed_axes();
    ndarray::Zip::from(dt.exact_chunks_mut((8, 8)))
        .and(s.exact_chunks((8, 8)))
        .for_each(|mut d, s| d.assign(&s));
}

/// Runs the three versions of both programs on an `h`×`w` image (8 must
/// divide both) and asserts the results are equal.
///
/// ```
/// constrided_bench::programs_tiles::check(16, 24);
/// ```
pub fn check(h: usize, w: usize) {
    let img = image(h, w);
    let (mut a, mut b, mut c) = (img.clone(), img.clone(), img.clone());
    blocks_constrided(&mut a, h, w);
    blocks_hand(&mut b, h, w);
    blocks_ndarray(&mut c, h, w);
    assert!(a == b && b == c, "block programs differ");
    assert!(a != img, "the block program changed nothing");
    let (mut a, mut b, mut c) = (vec![0.0; h * w], vec![0.0; h * w], vec![0.0; h * w]);
    transpose_constrided(&img, &mut a, h, w);
    transpose_hand(&img, &mut b, h, w);
    transpose_ndarray(&img, &mut c, h, w);
    assert!(a == b && b == c, "transposes differ");
}

/// The programs report's steps of this file at 1080p, after [`check`]:
/// (name, constrided, peer) with the peer ndarray's `exact_chunks` twin,
/// then the hand-written raw-slice twin (the "ndarray" column of those
/// rows is the hand-written loop: the issue's 1.1x bound).
pub fn pairs() -> Vec<crate::programs_a::Pair> {
    check(H, W);
    let img = image(H, W);
    let blocks = |f: fn(&mut [f32], usize, usize)| -> Box<dyn FnMut()> {
        let mut buf = img.clone();
        Box::new(move || {
            // The transform and its inverse: the buffer keeps its values.
            f(&mut buf, H, W);
            std::hint::black_box(&buf);
        })
    };
    let transpose = |f: fn(&[f32], &mut [f32], usize, usize)| -> Box<dyn FnMut()> {
        let src = img.clone();
        let mut dst = vec![0.0f32; H * W];
        Box::new(move || {
            f(&src, &mut dst, H, W);
            std::hint::black_box(&dst);
        })
    };
    vec![
        (
            "8x8 blocks 1080p (static tiles) vs ndarray exact_chunks",
            blocks(blocks_constrided),
            blocks(blocks_ndarray),
        ),
        (
            "8x8 blocks 1080p (static tiles) vs hand-written [peer column]",
            blocks(blocks_constrided),
            blocks(blocks_hand),
        ),
        (
            "tiled transpose 1080p vs ndarray",
            transpose(transpose_constrided),
            transpose(transpose_ndarray),
        ),
        (
            "tiled transpose 1080p vs hand-written [peer column]",
            transpose(transpose_constrided),
            transpose(transpose_hand),
        ),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn full_size_programs_agree() {
        super::check(super::H, super::W);
    }
}
