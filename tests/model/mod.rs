//! The brute-force model every property test compares against: enumerate
//! all indices in row-major order and compute positions with i128.
#![allow(dead_code)]

use proptest::prelude::*;

/// All indices of `shape` in row-major order.
pub fn indices<const N: usize>(shape: [usize; N]) -> Vec<[usize; N]> {
    let total: usize = shape.iter().product();
    let mut out = Vec::with_capacity(total);
    for lin in 0..total {
        let mut rem = lin;
        let mut idx = [0usize; N];
        for k in (0..N).rev() {
            idx[k] = rem % shape[k];
            rem /= shape[k];
        }
        out.push(idx);
    }
    out
}

/// Position of `idx`.
pub fn position<const N: usize>(strides: [isize; N], offset: usize, idx: [usize; N]) -> i128 {
    offset as i128
        + idx
            .iter()
            .zip(strides)
            .map(|(&i, s)| i as i128 * s as i128)
            .sum::<i128>()
}

/// All positions in row-major order.
pub fn positions<const N: usize>(
    shape: [usize; N],
    strides: [isize; N],
    offset: usize,
) -> Vec<i128> {
    indices(shape)
        .into_iter()
        .map(|i| position(strides, offset, i))
        .collect()
}

/// Whether the model accepts the layout (every position >= 0 and fits isize).
pub fn valid<const N: usize>(shape: [usize; N], strides: [isize; N], offset: usize) -> bool {
    positions(shape, strides, offset)
        .iter()
        .all(|&p| p >= 0 && p <= isize::MAX as i128)
}

pub fn distinct(p: &[i128]) -> bool {
    let mut s = p.to_vec();
    s.sort_unstable();
    s.windows(2).all(|w| w[0] != w[1])
}

/// A random raw layout: sizes 0..=4 (mostly non-empty), strides -6..=6,
/// offsets 0..=40.
pub fn raw_layout<const N: usize>() -> impl Strategy<Value = ([usize; N], [isize; N], usize)> {
    (
        proptest::array::uniform::<_, N>(prop_oneof![1 => Just(0usize), 12 => 1usize..=4]),
        proptest::array::uniform::<_, N>(-6isize..=6),
        0usize..=40,
    )
}

/// A random unique (nested) layout of `shape`: axes in a random order,
/// random gaps, random flips; returns strides and offset.
pub fn unique_strides<const N: usize>(
    shape: [usize; N],
) -> impl Strategy<Value = ([isize; N], usize)> {
    (
        Just((0..N).collect::<Vec<usize>>()).prop_shuffle(),
        proptest::array::uniform::<_, N>(0usize..=1),
        proptest::array::uniform::<_, N>(any::<bool>()),
        1usize..=2,
        0usize..=5,
    )
        .prop_map(move |(order, gaps, flips, base, extra)| {
            let mut strides = [0isize; N];
            let mut running = base;
            for &a in &order {
                strides[a] = running as isize;
                running *= shape[a].max(1) + gaps[a];
            }
            let mut offset = extra;
            for a in 0..N {
                if flips[a] {
                    strides[a] = -strides[a];
                    offset += (shape[a].saturating_sub(1)) * strides[a].unsigned_abs();
                }
            }
            (strides, offset)
        })
}

/// A random Python slice for an axis.
pub fn slice_strategy() -> impl Strategy<Value = constrided::Slice> {
    (
        proptest::option::of(-6isize..=6),
        proptest::option::of(-6isize..=6),
        prop_oneof![-3isize..=-1, 1isize..=3],
    )
        .prop_map(|(a, b, c)| constrided::Slice::new(a, b, c))
}

/// Python's selected indices for `slice(start, stop, step)` over `len`.
pub fn python_slice(
    start: Option<isize>,
    stop: Option<isize>,
    step: isize,
    len: usize,
) -> Vec<usize> {
    let n = len as i64;
    let step = step as i64;
    let norm = |v: i64| if v < 0 { v + n } else { v };
    let (start, stop) = if step > 0 {
        (
            start.map_or(0, |s| norm(s as i64).clamp(0, n)),
            stop.map_or(n, |s| norm(s as i64).clamp(0, n)),
        )
    } else {
        (
            start.map_or(n - 1, |s| norm(s as i64).clamp(-1, n - 1)),
            stop.map_or(-1, |s| norm(s as i64).clamp(-1, n - 1)),
        )
    };
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        out.push(i as usize);
        i += step;
    }
    out
}
