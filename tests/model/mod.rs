//! The brute-force model every property test compares against: enumerate
//! all indices in row-major order and compute positions with i128.
#![allow(dead_code)]

use proptest::prelude::*;

pub mod live;

/// The index of rank `N = R + 1` that has `i` at `axis` and the
/// components of `o` (an index of the shape without `axis`) around it:
/// the lane of an axis reduction.
pub fn insert_index<const R: usize, const N: usize>(
    o: [usize; R],
    axis: usize,
    i: usize,
) -> [usize; N] {
    core::array::from_fn(|k| match k.cmp(&axis) {
        core::cmp::Ordering::Less => o[k],
        core::cmp::Ordering::Equal => i,
        core::cmp::Ordering::Greater => o[k - 1],
    })
}

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

/// TH's `THTensor_isContiguous`, line for line (seed 001), with NumPy's
/// extra rule that an empty array is contiguous.
pub fn th_is_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let mut z: i128 = 1;
    for d in (0..shape.len()).rev() {
        if shape[d] != 1 {
            if strides[d] as i128 == z {
                z *= shape[d] as i128;
            } else {
                return false;
            }
        }
    }
    true
}

/// The strides NumPy's `reshape(new, copy=False)` gives (`PyArray_Newshape`
/// in C order: same shape → same view; C-contiguous (or empty) → C strides;
/// otherwise `_attempt_nocopy_reshape`, ported line by line), or `None` when
/// NumPy refuses ("Unable to avoid creating a copy"). Assumes equal element
/// counts.
pub fn numpy_reshape(shape: &[usize], strides: &[isize], new: &[usize]) -> Option<Vec<isize>> {
    if shape == new {
        return Some(strides.to_vec());
    }
    if th_is_contiguous(shape, strides) {
        let mut out = vec![0isize; new.len()];
        let mut z: i128 = 1;
        for d in (0..new.len()).rev() {
            out[d] = z as isize;
            if new[d] != 0 {
                z *= new[d] as i128;
            }
        }
        return Some(out);
    }
    // _attempt_nocopy_reshape, is_f_order = false.
    let (olddims, oldstrides): (Vec<i128>, Vec<i128>) = shape
        .iter()
        .zip(strides)
        .filter(|&(&d, _)| d != 1)
        .map(|(&d, &s)| (d as i128, s as i128))
        .unzip();
    let oldnd = olddims.len();
    let newdims: Vec<i128> = new.iter().map(|&d| d as i128).collect();
    let newnd = newdims.len();
    let mut newstrides = vec![0i128; newnd];
    let (mut oi, mut oj, mut ni, mut nj) = (0usize, 1usize, 0usize, 1usize);
    while ni < newnd && oi < oldnd {
        let mut np = newdims[ni];
        let mut op = olddims[oi];
        while np != op {
            if np < op {
                np *= newdims[nj];
                nj += 1;
            } else {
                op *= olddims[oj];
                oj += 1;
            }
        }
        for ok in oi..oj - 1 {
            if oldstrides[ok] != olddims[ok + 1] * oldstrides[ok + 1] {
                return None;
            }
        }
        newstrides[nj - 1] = oldstrides[oj - 1];
        let mut nk = nj - 1;
        while nk > ni {
            newstrides[nk - 1] = newstrides[nk] * newdims[nk];
            nk -= 1;
        }
        ni = nj;
        nj += 1;
        oi = oj;
        oj += 1;
    }
    let last_stride = if ni >= 1 { newstrides[ni - 1] } else { 1 };
    for s in newstrides.iter_mut().skip(ni) {
        *s = last_stride;
    }
    Some(newstrides.into_iter().map(|s| s as isize).collect())
}

/// Brute force: can some strides give shape `new` the positions `pos`
/// (row-major) of the old layout, in the same order?
pub fn viewable_as(pos: &[i128], new: &[usize]) -> bool {
    if pos.is_empty() {
        return true;
    }
    let m = new.len();
    // Row-major linear index of each unit step.
    let mut unit = vec![1usize; m];
    for k in (0..m.saturating_sub(1)).rev() {
        unit[k] = unit[k + 1] * new[k + 1];
    }
    let strides: Vec<i128> = (0..m)
        .map(|k| if new[k] > 1 { pos[unit[k]] - pos[0] } else { 0 })
        .collect();
    (0..pos.len()).all(|lin| {
        let mut rem = lin;
        let mut p = pos[0];
        for k in (0..m).rev() {
            p += (rem % new[k]) as i128 * strides[k];
            rem /= new[k];
        }
        p == pos[lin]
    })
}

/// A random shape with the element count of `shape`, driven by `seed`:
/// the prime factors of the sizes (in order, or shuffled), with 1s thrown
/// in, cut into `m` consecutive groups. Empty shapes give shapes with a 0.
pub fn regroup(shape: &[usize], m: usize, seed: &[usize]) -> Vec<usize> {
    let mut r = seed.iter().copied().cycle();
    let mut next = move || r.next().unwrap_or(0);
    if m == 0 {
        return Vec::new();
    }
    if shape.contains(&0) {
        let mut out: Vec<usize> = (0..m).map(|_| next() % 4).collect();
        let z = next() % m;
        out[z] = 0;
        return out;
    }
    let mut factors = Vec::new();
    for &d in shape {
        let mut d = d;
        let mut p = 2;
        while d > 1 {
            while d % p == 0 {
                factors.push(p);
                d /= p;
            }
            p += 1;
        }
    }
    if next() % 4 == 0 {
        // Shuffle: mostly not viewable.
        for i in (1..factors.len()).rev() {
            let j = next() % (i + 1);
            factors.swap(i, j);
        }
    }
    let mut cuts: Vec<usize> = (0..m - 1).map(|_| next() % (factors.len() + 1)).collect();
    cuts.sort_unstable();
    let mut out = Vec::with_capacity(m);
    let mut start = 0;
    for &c in cuts.iter().chain(core::iter::once(&factors.len())) {
        out.push(factors[start..c].iter().product());
        start = c;
    }
    out
}

/// The kernel settings a copy test runs under, as `(level, streaming)`
/// for `constrided::kernel::force_level` / `force_streaming`: the portable
/// path, then every SIMD level (a level above the CPU's is lowered to the
/// detected one) with streaming stores forced off and on, and SSE2 with
/// the size-based choice (`None`). Under Miri the portable path only.
/// (One list for tests/engine/avx512_blocks.rs and tests/api/copy_paths.rs.)
pub fn kernel_settings() -> Vec<(constrided::kernel::Level, Option<bool>)> {
    use constrided::kernel::Level;
    let mut v = vec![(Level::Portable, Some(false))];
    if !cfg!(miri) {
        for level in [Level::Avx512, Level::Avx2, Level::Sse2] {
            for stream in [Some(false), Some(true)] {
                v.push((level, stream));
            }
        }
        v.push((Level::Sse2, None));
    }
    v
}
