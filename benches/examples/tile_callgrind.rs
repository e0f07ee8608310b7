//! The callgrind harness of static tiles: each kernel over one 8x8 static
//! tile of a run-time 1920x1080 f32 image (row pitch a run-time number),
//! by constrided's tile views and by a hand-written loop over the raw
//! slice with the constant tile size, each in its own `#[inline(never)]`
//! function, called once per tile of a 64x64 region (64 calls).
//! `benches/tools/tile_callgrind.sh` counts the instructions inside each
//! function with `valgrind --tool=callgrind --toggle-collect` and prints
//! the per-call counts and their ratio.
//!
//! `cargo run --release -p constrided-bench --example tile_callgrind -- <case>`
//! where `<case>` is one of the names in `CASES` (`all` runs every one).

use constrided::tile::{Shape, TileLayout};
use constrided::{strided, Layout, Mapping, StridedView, StridedViewMut, Zip};
use std::hint::black_box;

type T8 = strided!(type shape = (8, 8));
// The image's layout: run-time (`Layout<2>`, every number run-time), or
// mixed (`_mixed` cases: run-time sizes and row pitch, a static inner
// stride 1, as `strided!(&img; shape = (dyn h, dyn w), strides = (dyn pitch, 1))`).
type Mixed = strided!(type shape = (_, _), strides = (_, 1));
type Tile<'a, M> = StridedView<'a, f32, 2, TileLayout<M, Shape<T8, 2>, 2>>;
type TileMut<'a, M> = StridedViewMut<'a, f32, 2, TileLayout<M, Shape<T8, 2>, 2>>;

const W: usize = 1920;
const H: usize = 1080;
const T: usize = 8;
// Tiles of the measured region.
const REGION: usize = 8;

#[inline(never)]
fn cs_sum<M: Mapping<2>>(t: &Tile<'_, M>) -> f32 {
    t.sum()
}
#[inline(never)]
fn hand_sum(img: &[f32], base: usize, pitch: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..T {
        let row = &img[base + i * pitch..][..T];
        for &x in row {
            s += x;
        }
    }
    s
}

#[inline(never)]
fn cs_fold<M: Mapping<2>>(t: &Tile<'_, M>) -> f32 {
    t.fold(f32::MIN, |m, &x| m.max(x))
}
#[inline(never)]
fn hand_fold(img: &[f32], base: usize, pitch: usize) -> f32 {
    let mut m = f32::MIN;
    for i in 0..T {
        let row = &img[base + i * pitch..][..T];
        for &x in row {
            m = m.max(x);
        }
    }
    m
}

#[inline(never)]
fn cs_map_inplace<M: Mapping<2>>(t: &mut TileMut<'_, M>) {
    t.map_inplace(|e| *e = *e * 0.5 + 1.0);
}
#[inline(never)]
fn hand_map_inplace(img: &mut [f32], base: usize, pitch: usize) {
    for i in 0..T {
        let row = &mut img[base + i * pitch..][..T];
        for e in row {
            *e = *e * 0.5 + 1.0;
        }
    }
}

#[inline(never)]
fn cs_assign<M: Mapping<2>>(d: &mut TileMut<'_, M>, s: &Tile<'_, M>) {
    d.assign(s).unwrap();
}
#[inline(never)]
fn hand_assign(dst: &mut [f32], src: &[f32], base: usize, pitch: usize) {
    for i in 0..T {
        let d = &mut dst[base + i * pitch..][..T];
        let s = &src[base + i * pitch..][..T];
        d.copy_from_slice(s);
    }
}

#[inline(never)]
fn cs_zip<M: Mapping<2>>(d: &mut TileMut<'_, M>, s: &Tile<'_, M>) {
    Zip::from(d.reborrow())
        .and(*s)
        .unwrap()
        .for_each(|a, &b| *a += 2.0 * b);
}
#[inline(never)]
fn cs_zip_with<M: Mapping<2>>(d: &mut TileMut<'_, M>, s: &Tile<'_, M>) {
    d.zip_with(s, |a, &b| *a += 2.0 * b).unwrap();
}
#[inline(never)]
fn hand_zip(dst: &mut [f32], src: &[f32], base: usize, pitch: usize) {
    for i in 0..T {
        let d = &mut dst[base + i * pitch..][..T];
        let s = &src[base + i * pitch..][..T];
        for (a, &b) in d.iter_mut().zip(s) {
            *a += 2.0 * b;
        }
    }
}

/// The cases: `cs_*` (constrided) and its `hand_*` twin.
const CASES: &[&str] = &[
    "sum",
    "fold",
    "map_inplace",
    "assign",
    "zip",
    "zip_with",
    "sum_mixed",
    "fold_mixed",
    "map_inplace_mixed",
    "assign_mixed",
    "zip_mixed",
    "zip_with_mixed",
];

fn run(case: &str, pitch: usize) {
    match case.strip_suffix("_mixed") {
        Some(c) => run_with::<Mixed>(
            c,
            pitch,
            |v| strided!(v; shape = (dyn H, dyn W), strides = (dyn pitch as isize, 1)).unwrap(),
            |v| strided!(v; shape = (dyn H, dyn W), strides = (dyn pitch as isize, 1)).unwrap(),
        ),
        None => run_with::<Layout<2>>(
            case,
            pitch,
            |v| StridedView::new(v, Layout::new([H, W], [pitch as isize, 1], 0).unwrap()).unwrap(),
            |v| {
                StridedViewMut::new(v, Layout::new([H, W], [pitch as isize, 1], 0).unwrap())
                    .unwrap()
            },
        ),
    }
}

fn run_with<M: Mapping<2>>(
    case: &str,
    pitch: usize,
    view: impl for<'a> Fn(&'a [f32]) -> StridedView<'a, f32, 2, M>,
    view_mut: impl for<'a> Fn(&'a mut [f32]) -> StridedViewMut<'a, f32, 2, M>,
) {
    let src: Vec<f32> = (0..pitch * H).map(|i| (i % 251) as f32 * 0.25).collect();
    let mut dst: Vec<f32> = (0..pitch * H).map(|i| (i % 13) as f32).collect();
    let tiler = strided![shape = (8, 8)];
    let mut check = 0.0f32;
    // constrided: the tiles of the region, one call per tile.
    {
        let sv = view(&src);
        let mut dv = view_mut(&mut dst);
        for ti in 0..REGION {
            for tj in 0..REGION {
                let s = black_box(sv.tile_at(tiler, [ti, tj]).unwrap());
                match case {
                    "sum" => check += cs_sum(&s),
                    "fold" => check += cs_fold(&s),
                    "map_inplace" => cs_map_inplace(&mut dv.tile_at_mut(tiler, [ti, tj]).unwrap()),
                    "assign" => cs_assign(&mut dv.tile_at_mut(tiler, [ti, tj]).unwrap(), &s),
                    "zip" => cs_zip(&mut dv.tile_at_mut(tiler, [ti, tj]).unwrap(), &s),
                    "zip_with" => cs_zip_with(&mut dv.tile_at_mut(tiler, [ti, tj]).unwrap(), &s),
                    _ => panic!("unknown case {case}"),
                }
            }
        }
    }
    let cs_out = dst.clone();
    let mut dst2: Vec<f32> = (0..pitch * H).map(|i| (i % 13) as f32).collect();
    let mut check2 = 0.0f32;
    // The hand-written twin.
    for ti in 0..REGION {
        for tj in 0..REGION {
            let base = black_box(ti * T * pitch + tj * T);
            match case {
                "sum" => check2 += hand_sum(&src, base, pitch),
                "fold" => check2 += hand_fold(&src, base, pitch),
                "map_inplace" => hand_map_inplace(&mut dst2, base, pitch),
                "assign" => hand_assign(&mut dst2, &src, base, pitch),
                "zip" | "zip_with" => hand_zip(&mut dst2, &src, base, pitch),
                _ => unreachable!(),
            }
        }
    }
    assert_eq!(check, check2, "{case}: results differ");
    assert!(cs_out == dst2, "{case}: outputs differ");
    println!("{case}: ok ({check})");
}

fn main() {
    let case = std::env::args().nth(1).unwrap_or_else(|| "all".into());
    // The row pitch is a run-time number (padded rows).
    let pitch = black_box(W + 16);
    if case == "all" {
        for c in CASES {
            run(c, pitch);
        }
    } else {
        run(&case, pitch);
    }
}
