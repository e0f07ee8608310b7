//! Static transforms and mixed layouts cost what hand-written index math
//! costs.
//!
//! Each `sum_*` function adds every element of a static view after one
//! static transform (`t_static`, `transpose_axes`, `flip_axis`,
//! `index_axis_at`, `insert_axis_at`, `remove_axis_at`, `slice_axis`) or of
//! a mixed layout with static inner axes (`shape = (dyn h, dyn w, 3)`,
//! `strides = (dyn pitch, 3, 1)`); each `hand_*` twin indexes the buffer
//! with the same positions written out. Compare them with callgrind
//! (instruction counts are exact and repeatable):
//!
//! ```text
//! cargo build --release --example static_transforms
//! valgrind --tool=callgrind --callgrind-out-file=cg.st target/release/examples/static_transforms
//! callgrind_annotate cg.st | grep -E 'sum_|hand_'
//! ```

use std::hint::black_box;

use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
use constrided::static_layout::Axis;
use constrided::static_layout::StaticLayout;
use constrided::static_transform::{
    FlipAxis, IndexAxisAt, InsertAxisAt, RemoveAxisAt, SliceAxis, TransposeAxes, Transposed,
};
use constrided::{strided, Rank, StridedView};

type Base = StaticLayout<(Axis<4, 6>, Axis<6, 1>), 0>;
type V<'a, const N: usize, L> = StridedView<'a, f32, N, L>;

macro_rules! sum_fn {
    ($name:ident, $n:literal, $ty:ty, [$($dim:literal),*]) => {
        #[inline(never)]
        pub fn $name(v: &V<'_, $n, $ty>) -> f32 {
            let mut s = 0.0;
            sum_fn!(@loops v s [] [$($dim),*]);
            s
        }
    };
    (@loops $v:ident $s:ident [$($i:ident)*] []) => { $s += $v[[$($i),*]]; };
    (@loops $v:ident $s:ident [$($i:ident)*] [$d:literal $(, $rest:literal)*]) => {
        for k in 0..$d {
            let _ = k;
            sum_fn!(@bind $v $s [$($i)*] k [$($rest),*]);
        }
    };
    (@bind $v:ident $s:ident [$($i:ident)*] $k:ident [$($rest:literal),*]) => {
        sum_fn!(@loops $v $s [$($i)* $k] [$($rest),*]);
    };
}

sum_fn!(sum_t, 2, Transposed<Base, 2>, [6, 4]);
sum_fn!(sum_transpose_axes, 2, TransposeAxes<Base, 2, 1, 0>, [6, 4]);
sum_fn!(sum_flip_axis, 2, FlipAxis<Base, 2, 1>, [4, 6]);
sum_fn!(sum_index_axis_at, 1, IndexAxisAt<Base, Rank<2>, Rank<1>, 0, 2>, [6]);
sum_fn!(sum_insert_axis_at, 3, InsertAxisAt<Base, Rank<2>, Rank<3>, 1>, [4, 1, 6]);
sum_fn!(
    sum_remove_axis_at,
    2,
    RemoveAxisAt<InsertAxisAt<Base, Rank<2>, Rank<3>, 1>, Rank<3>, Rank<2>, 1>,
    [4, 6]
);
sum_fn!(sum_slice_axis, 2, SliceAxis<Base, 2, 1, 1, 6, 2>, [4, 3]);

/// The hand-written twins: the same positions, written out.
#[inline(never)]
pub fn hand_t(buf: &[f32; 24]) -> f32 {
    let mut s = 0.0;
    for i in 0..6 {
        for j in 0..4 {
            s += buf[j * 6 + i];
        }
    }
    s
}

/// See [`hand_t`].
#[inline(never)]
pub fn hand_flip_axis(buf: &[f32; 24]) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..6 {
            s += buf[i * 6 + 5 - j];
        }
    }
    s
}

/// See [`hand_t`].
#[inline(never)]
pub fn hand_index_axis_at(buf: &[f32; 24]) -> f32 {
    let mut s = 0.0;
    for j in 0..6 {
        s += buf[12 + j];
    }
    s
}

/// See [`hand_t`] (also the twin of `insert_axis_at` and `remove_axis_at`,
/// which keep the row-major positions).
#[inline(never)]
pub fn hand_rows(buf: &[f32; 24]) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..6 {
            s += buf[i * 6 + j];
        }
    }
    s
}

/// See [`hand_t`].
#[inline(never)]
pub fn hand_slice_axis(buf: &[f32; 24]) -> f32 {
    let mut s = 0.0;
    for i in 0..4 {
        for j in 0..3 {
            s += buf[i * 6 + 1 + 2 * j];
        }
    }
    s
}

/// An image with a run-time height, width and row pitch, and 3 static
/// interleaved channels.
pub type Image =
    MixedLayout<(MAxis<Dyn, Dyn>, MAxis<Dyn, FixS<3>>, MAxis<Fix<3>, FixS<1>>), Fix<0>, 3>;

/// Sum through the mixed view (indices checked against the shape).
#[inline(never)]
pub fn sum_mixed(v: &StridedView<'_, f32, 3, Image>, h: usize, w: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..h {
        for j in 0..w {
            for c in 0..3 {
                s += v[[i, j, c]];
            }
        }
    }
    s
}

/// The same positions by hand (`buf[i*pitch + 3*j + c]`, bounds-checked).
#[inline(never)]
pub fn hand_mixed(buf: &[f32], h: usize, w: usize, pitch: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..h {
        for j in 0..w {
            for c in 0..3 {
                s += buf[i * pitch + 3 * j + c];
            }
        }
    }
    s
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "both".into());
    let buf: [f32; 24] = core::array::from_fn(|i| i as f32);
    let v = strided!(&buf; shape = (4, 6));
    let (t, ta, f) = (v.t_static(), v.transpose_axes::<1, 0>(), v.flip_axis::<1>());
    let (ix, ins) = (v.index_axis_at::<0, 2>(), v.insert_axis_at::<1>());
    let (rm, sl) = (ins.remove_axis_at::<1>(), v.slice_axis::<1, 1, 6, 2>());
    let (h, w, pitch) = (black_box(6usize), black_box(5usize), black_box(16usize));
    let img_buf: Vec<f32> = (0..h * pitch).map(|i| i as f32).collect();
    let img = strided!(&img_buf; shape = (dyn h, dyn w, 3), strides = (dyn pitch as isize, 3, 1))
        .unwrap();
    let rounds = 100_000;
    let mut acc = 0.0f32;
    for _ in 0..rounds {
        if mode != "hand" {
            acc += sum_t(black_box(&t)) + sum_transpose_axes(black_box(&ta));
            acc += sum_flip_axis(black_box(&f)) + sum_index_axis_at(black_box(&ix));
            acc += sum_insert_axis_at(black_box(&ins)) + sum_remove_axis_at(black_box(&rm));
            acc += sum_slice_axis(black_box(&sl));
            acc += sum_mixed(black_box(&img), h, w);
        }
        if mode != "static" {
            acc += hand_t(black_box(&buf)) * 2.0 + hand_flip_axis(black_box(&buf));
            acc += hand_index_axis_at(black_box(&buf)) + hand_rows(black_box(&buf)) * 2.0;
            acc += hand_slice_axis(black_box(&buf));
            acc += hand_mixed(black_box(&img_buf), h, w, pitch);
        }
    }
    println!("{mode}: {acc}");
    assert_eq!(sum_t(&t), hand_t(&buf));
    assert_eq!(sum_transpose_axes(&ta), hand_t(&buf));
    assert_eq!(sum_flip_axis(&f), hand_flip_axis(&buf));
    assert_eq!(sum_index_axis_at(&ix), hand_index_axis_at(&buf));
    assert_eq!(sum_insert_axis_at(&ins), hand_rows(&buf));
    assert_eq!(sum_remove_axis_at(&rm), hand_rows(&buf));
    assert_eq!(sum_slice_axis(&sl), hand_slice_axis(&buf));
    assert_eq!(sum_mixed(&img, h, w), hand_mixed(&img_buf, h, w, pitch));
}
