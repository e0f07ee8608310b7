//! Issue 15: every fallible call, fuzzed with extreme values (`usize::MAX`
//! sizes on empty layouts, `isize::MIN`/`MAX` strides, offsets near
//! `isize::MAX`, zero-sized types): no call panics, and every `Ok` view
//! or layout stays inside its buffer (its layout re-validates, and its
//! `required_len` is at most the buffer length). Runs in plain `cargo
//! test` (a few seconds) and in `cargo test --release` with
//! `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true`. The C functions are
//! fuzzed the same way in `ffi/tests/fuzz_c.rs`.

#![allow(clippy::result_large_err)] // closures returning the crate's Result

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::kernel::{rearrange_bytes, rearrange_dyn};
use constrided::{DynLayout, Layout, LayoutError, Slice, StridedView, StridedViewMut};
use proptest::prelude::*;

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![
        3 => 0usize..5,
        1 => Just(usize::MAX),
        1 => Just(usize::MAX - 1),
        1 => Just(isize::MAX as usize),
        1 => Just(isize::MAX as usize + 1),
        1 => Just(1usize << 32),
        1 => Just(1usize << 62),
        1 => any::<usize>(),
    ]
}

fn stride() -> impl Strategy<Value = isize> {
    prop_oneof![
        3 => -4isize..5,
        1 => Just(isize::MIN),
        1 => Just(isize::MIN + 1),
        1 => Just(isize::MAX),
        1 => Just(1isize << 40),
        1 => Just(-(1isize << 40)),
        1 => any::<isize>(),
    ]
}

fn offset() -> impl Strategy<Value = usize> {
    prop_oneof![
        3 => 0usize..70,
        1 => Just(isize::MAX as usize),
        1 => Just(isize::MAX as usize - 1),
        1 => Just(usize::MAX),
        1 => Just(1usize << 40),
        1 => any::<usize>(),
    ]
}

fn bound() -> impl Strategy<Value = Option<i128>> {
    prop_oneof![
        1 => Just(None),
        3 => (-6i128..6).prop_map(Some),
        1 => Just(Some(isize::MIN as i128)),
        1 => Just(Some(usize::MAX as i128 + 1)),
        1 => any::<isize>().prop_map(|b| Some(b as i128)),
    ]
}

fn slice() -> impl Strategy<Value = Slice> {
    (bound(), bound(), stride()).prop_map(|(a, b, s)| Slice::from_bounds(a, b, s))
}

fn small() -> impl Strategy<Value = usize> {
    prop_oneof![3 => 0usize..4, 1 => Just(usize::MAX), 1 => any::<usize>()]
}

// Runs a fallible call; a panic fails the test with the call's name.
fn call<R>(what: &str, f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{what} panicked: {msg:?}")
        }
    }
}

// A layout some call returned: valid, and inside `len` when given.
fn valid<const N: usize>(l: &Layout<N>, len: Option<usize>) {
    let again = Layout::new(l.shape(), l.strides(), l.offset());
    assert_eq!(again, Ok(*l), "an Ok layout does not re-validate");
    if let Some(len) = len {
        assert!(l.required_len() <= len, "{l:?} reaches past {len}");
    }
}

fn valid_dyn(l: &DynLayout, len: Option<usize>) {
    let again = DynLayout::new(l.shape(), l.strides(), l.offset());
    assert_eq!(again, Ok(*l), "an Ok DynLayout does not re-validate");
    if let Some(len) = len {
        assert!(l.required_len() <= len, "{l:?} reaches past {len}");
    }
}

// Small enough to walk (or empty).
fn walkable(n: usize) -> bool {
    n <= 1 << 12
}

fn fuzz_view<T: Copy + Default + core::ops::Add<Output = T> + PartialEq + core::fmt::Debug>(
    buf: &[T],
    l: Layout<3>,
    a: usize,
    i: usize,
    w: [usize; 3],
    s: [Slice; 3],
) {
    let len = buf.len();
    let Ok(v) = call("StridedView::new", || StridedView::new(buf, l)) else {
        return;
    };
    valid(&v.layout(), Some(len));
    let chk3 = |r: Result<StridedView<'_, T, 3>, LayoutError>| {
        if let Ok(x) = r {
            valid(&x.layout(), Some(len));
        }
    };
    chk3(call("view.slice", || v.slice(s)));
    chk3(call("view.flip", || v.flip(a)));
    chk3(call("view.permute", || v.permute([a, i % 4, 2])));
    chk3(call("view.as_strided", || {
        v.as_strided(w, [i as isize, -1, 2], a)
    }));
    if let Ok(x) = call("view.index_axis", || v.index_axis::<2>(a, i)) {
        valid(&x.layout(), Some(len));
    }
    if let Ok(x) = call("view.insert_axis", || v.insert_axis::<4>(a)) {
        valid(&x.layout(), Some(len));
    }
    if let Ok(x) = call("view.remove_axis", || v.remove_axis::<2>(a)) {
        valid(&x.layout(), Some(len));
    }
    if let Ok(x) = call("view.broadcast_to", || {
        v.broadcast_to([i, w[0], w[1], w[2]])
    }) {
        valid(&x.layout(), Some(len));
    }
    if let Ok(x) = call("view.reshape", || v.reshape([w[0], w[1]])) {
        valid(&x.layout(), Some(len));
    }
    if let Ok((x, y)) = call("view.split_at", || v.split_at(a, i)) {
        valid(&x.layout(), Some(len));
        valid(&y.layout(), Some(len));
    }
    if let Ok(it) = call("view.windows", || v.windows(w)) {
        let _ = it.len();
        for x in it.take(3) {
            valid(&x.layout(), Some(len));
        }
    }
    if let Ok(it) = call("view.lanes", || v.lanes(a)) {
        let _ = it.len();
        for x in it.take(3) {
            valid(&x.layout(), Some(len));
        }
    }
    if let Ok(it) = call("view.axis_iter", || v.axis_iter::<2>(a)) {
        for x in it.take(3) {
            valid(&x.layout(), Some(len));
        }
    }
    // Reductions: walk only small inputs, and allocate only small outputs
    // (or outputs whose bytes cannot exist, which must be errors).
    let n = v.numel();
    let out: Option<usize> = (a < 3).then(|| {
        (0..3)
            .filter(|&k| k != a)
            .try_fold(1usize, |p, k| p.checked_mul(v.shape()[k]))
            .unwrap_or(usize::MAX)
    });
    let out_ok = match out {
        None => true,
        Some(o) => {
            walkable(o) || o.saturating_mul(core::mem::size_of::<T>().max(1)) > isize::MAX as usize
        }
    };
    if walkable(n) && out_ok && (core::mem::size_of::<T>() > 0 || out.is_none_or(walkable)) {
        let _ = call("view.sum_axis", || v.sum_axis::<2>(a));
        let _ = call("view.fold_axis", || v.fold_axis::<u8, 2>(a, 0, |x, _| *x));
    }
    #[cfg(feature = "ndarray")]
    {
        let nonzero = v
            .shape()
            .iter()
            .filter(|&&d| d != 0)
            .try_fold(1usize, |p, &d| p.checked_mul(d));
        if matches!(nonzero, Some(p) if p <= isize::MAX as usize) {
            let nd = call("to_ndarray", || v.to_ndarray());
            assert_eq!(nd.shape(), &v.shape()[..]);
            let back = call("TryFrom<ArrayView>", || StridedView::<T, 3>::try_from(nd));
            let back = back.expect("a view ndarray made converts back");
            valid(&back.layout(), None);
            let nd = call("to_ndarray_dyn", || v.to_ndarray_dyn());
            assert_eq!(nd.shape(), &v.shape()[..]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn layouts_never_panic(
        shape in [size(), size(), size()],
        strides in [stride(), stride(), stride()],
        off in offset(),
        s in [slice(), slice(), slice()],
        a in small(), i in small(),
        w in [size(), size(), size()],
        ws in [stride(), stride(), stride()],
        idx in any::<isize>(),
    ) {
        let Ok(l) = call("Layout::new", || Layout::new(shape, strides, off)) else { return Ok(()) };
        valid(&l, None);
        if let Ok(x) = call("slice", || l.slice(s)) { valid(&x, None) }
        if let Ok(x) = call("slice s![i, .., ..]", || l.slice(constrided::s![idx, .., ..])) { valid(&x, None) }
        if let Ok(x) = call("permute", || l.permute([a, i, 1])) { valid(&x, None) }
        if let Ok(x) = call("flip", || l.flip(a)) { valid(&x, None) }
        if let Ok(x) = call("transpose", || l.transpose(a, i)) { valid(&x, None) }
        if let Ok(x) = call("broadcast_to", || l.broadcast_to([i, w[0], w[1], w[2]])) { valid(&x, None) }
        if let Ok(x) = call("reshape", || l.reshape([w[0], w[1]])) { valid(&x, None) }
        if let Ok(x) = call("reshape", || l.reshape([w[0], w[1], w[2], i])) { valid(&x, None) }
        if let Ok(x) = call("as_strided", || l.as_strided(w, ws, off)) { valid(&x, None) }
        if let Ok(x) = call("index_axis", || l.index_axis::<2>(a, i)) { valid(&x, None) }
        if let Ok(x) = call("insert_axis", || l.insert_axis::<4>(a)) { valid(&x, None) }
        if let Ok(x) = call("remove_axis", || l.remove_axis::<2>(a)) { valid(&x, None) }
        if let Ok((x, y)) = call("split_at", || l.split_at(a, i)) { valid(&x, None); valid(&y, None) }
        let _ = call("is_unique", || l.is_unique());
        let _ = call("check_unique", || l.check_unique());
    }

    #[test]
    fn views_never_panic(
        shape in [size(), size(), size()],
        strides in [stride(), stride(), stride()],
        off in offset(),
        s in [slice(), slice(), slice()],
        a in 0usize..4, i in small(),
        w in [small(), small(), small()],
        len in 0usize..70,
    ) {
        let Ok(l) = Layout::new(shape, strides, off) else { return Ok(()) };
        let b8 = vec![0u8; len];
        fuzz_view(&b8, l, a, i, w, s);
        let b64 = vec![0u64; len];
        fuzz_view(&b64, l, a, i, w, s);
        // Zero-sized elements: a buffer as long as any layout needs.
        let z = vec![(); usize::MAX];
        if let Ok(v) = call("StridedView::new (ZST)", || StridedView::new(&z, l)) {
            valid(&v.layout(), Some(usize::MAX));
            if let Ok(it) = call("windows (ZST)", || v.windows(w)) { let _ = it.len(); }
            if let Ok(it) = call("lanes (ZST)", || v.lanes(a)) { let _ = it.len(); }
            if let Ok(x) = call("slice (ZST)", || v.slice(s)) { valid(&x.layout(), Some(usize::MAX)) }
        }
        // Mutable views and their fallible calls.
        let mut m8 = vec![0u8; len];
        if let Ok(mut m) = call("StridedViewMut::new", || StridedViewMut::new(&mut m8, l)) {
            valid(&m.layout(), Some(len));
            if let Ok(it) = call("lanes_mut", || m.lanes_mut(a)) { for x in it.take(2) { valid(&x.layout(), Some(len)) } }
            if let Ok(x) = call("view_mut.slice", || m.slice(s)) { valid(&x.layout(), Some(len)) }
        }
        // From raw parts: ptr at element 0 in the middle of the buffer.
        let raw = vec![0u8; 4096];
        let p = raw.as_ptr().wrapping_add(2048);
        // SAFETY: only called when the layout reached from p stays in raw
        // (checked below through the result's required_len), else must fail
        // before touching memory; the result is only inspected, never read.
        let r = call("from_raw_parts_at", || unsafe { StridedView::<u8, 3>::from_raw_parts_at(p, shape, strides) });
        if let Ok(v) = r { valid(&v.layout(), None) }
        let mut rawm = vec![0u8; 16];
        let pm = rawm.as_mut_ptr();
        // SAFETY: as above; nothing is written.
        let r = call("from_raw_parts_at (mut)", || unsafe { StridedViewMut::<u8, 3>::from_raw_parts_at(pm, shape, strides) });
        if let Ok(v) = r { valid(&v.layout(), None) }
    }

    #[test]
    fn dyn_layouts_and_byte_copies_never_panic(
        rank in 0usize..5,
        shape in proptest::collection::vec(size(), 0..10),
        strides in proptest::collection::vec(stride(), 0..10),
        off in offset(),
        s in proptest::collection::vec(slice(), 0..5),
        a in small(), i in small(),
        w in proptest::collection::vec(size(), 0..6),
        es in prop_oneof![Just(0usize), Just(1usize), Just(3), Just(8), Just(usize::MAX)],
        len in 0usize..70,
    ) {
        let shape = &shape[..rank.min(shape.len())];
        let strides = &strides[..rank.min(strides.len())];
        let _ = call("DynLayout::from_element0", || DynLayout::from_element0(shape, strides));
        let _ = call("DynLayout::contiguous", || DynLayout::contiguous(shape));
        let Ok(l) = call("DynLayout::new", || DynLayout::new(shape, strides, off)) else { return Ok(()) };
        valid_dyn(&l, None);
        if let Ok(x) = call("dyn slice", || l.slice(&s)) { valid_dyn(&x, None) }
        let axes: Vec<usize> = (0..l.rank()).rev().map(|k| if k == 0 { a } else { k }).collect();
        if let Ok(x) = call("dyn permute", || l.permute(&axes)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn flip", || l.flip(a)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn transpose", || l.transpose(a, i)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn broadcast_to", || l.broadcast_to(&w)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn reshape", || l.reshape(&w)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn as_strided", || l.as_strided(&w, strides, off)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn index_axis", || l.index_axis(a, i)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn insert_axis", || l.insert_axis(a)) { valid_dyn(&x, None) }
        if let Ok(x) = call("dyn remove_axis", || l.remove_axis(a)) { valid_dyn(&x, None) }
        if let Ok((x, y)) = call("dyn split_at", || l.split_at(a, i)) { valid_dyn(&x, None); valid_dyn(&y, None) }
        // Copies: walk only small layouts (a huge broadcast would take
        // forever; its checks are the same).
        if walkable(l.numel()) {
            let d = DynLayout::contiguous(l.shape()).unwrap_or(l);
            let src = vec![1u8; len];
            let mut dst = vec![0u8; len];
            let _ = call("rearrange_bytes", || rearrange_bytes(&mut dst, &d, &src, &l, es));
            let _ = call("rearrange_bytes (swapped)", || rearrange_bytes(&mut dst, &l, &src, &d, es));
            let src = vec![1u32; len];
            let mut dst = vec![0u32; len];
            let _ = call("rearrange_dyn", || rearrange_dyn(&mut dst, &d, &src, &l));
            let _ = call("rearrange_dyn (swapped)", || rearrange_dyn(&mut dst, &l, &src, &d));
            #[cfg(feature = "ndarray")]
            {
                let data = vec![1u16; len];
                if let Ok(x) = call("arrayd_from_layout", || constrided::convert::arrayd_from_layout(&data, &l)) {
                    assert_eq!(x.shape(), l.shape());
                }
            }
        } else {
            // Empty or huge: the bounds checks answer without walking when
            // the buffers are too short.
            #[cfg(feature = "ndarray")]
            if l.is_empty() {
                let data: Vec<u64> = Vec::new();
                let _ = call("arrayd_from_layout (empty)", || constrided::convert::arrayd_from_layout(&data, &l));
            }
        }
    }
}
