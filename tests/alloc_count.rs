//! The kernels allocate nothing: a counting global allocator watches
//! rearrange, fill, map_inplace, zip_with, fold, sum, fold_axis_into, Zip
//! (for_each, fold, broadcast), copy_to_slice and copy_from_slice on
//! layouts that take every path (memcpy, tiled transpose, reversed,
//! broadcast, strided). Only the documented results allocate: map,
//! fold_axis, sum_axis (one Vec each).

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use constrided::{kernel::rearrange, Layout, StridedView, StridedViewMut, Zip};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// Only the measuring thread counts: the test harness's own threads may
// allocate at any time.
thread_local! {
    static COUNTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

// SAFETY: forwards to the system allocator, counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        }
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

// A row-major destination over part of a buffer.
fn vec_free_dst(out: &mut [f32]) -> StridedViewMut<'_, f32, 1> {
    let n = out.len();
    StridedViewMut::new(out, Layout::contiguous([n])).unwrap()
}

#[test]
#[cfg_attr(miri, ignore = "counts real allocations")]
fn kernels_do_not_allocate() {
    let src: Vec<f32> = (0..256 * 256).map(|i| i as f32).collect();
    let mut dst = vec![0.0f32; 256 * 256];
    let mut out = vec![0.0f32; 256 * 256];
    let row: Vec<f32> = (0..256).map(|i| i as f32).collect();
    let cases: [(Layout<2>, Layout<2>); 5] = [
        (
            Layout::contiguous([256, 256]),
            Layout::contiguous([256, 256]),
        ),
        (
            Layout::contiguous([256, 256]).t(),
            Layout::contiguous([256, 256]),
        ),
        (
            Layout::contiguous([256, 256]).flip(1).unwrap(),
            Layout::contiguous([256, 256]),
        ),
        (
            Layout::new([128, 128], [512, 2], 1).unwrap(),
            Layout::f_contiguous([128, 128]),
        ),
        (
            Layout::new([256, 256], [0, 1], 0).unwrap(),
            Layout::contiguous([256, 256]),
        ),
    ];
    for (sl, dl) in cases {
        let sv = StridedView::new(&src, sl).unwrap();
        let mut dv = StridedViewMut::new(&mut dst, dl).unwrap();
        let n = allocations_during(|| {
            rearrange(&mut dv, &sv).unwrap();
            dv.fill(1.0);
            dv.map_inplace(|e| *e *= 2.0);
            dv.zip_with(&sv, |a, b| *a += b).unwrap();
            let _ = dv.fold(0.0f32, |s, e| s + e);
            let _ = sv.sum();
            let _ = sv.fold(0.0f64, |s, &e| s + e as f64);
            let (r, c) = (sv.shape()[0], sv.shape()[1]);
            let mut acc = vec_free_dst(&mut out[..r]);
            sv.fold_axis_into(1, &mut acc, |a, &e| *a += e).unwrap();
            let mut acc = vec_free_dst(&mut out[r..r + c]);
            sv.fold_axis_into(0, &mut acc, |a, &e| *a += e).unwrap();
            let rv = StridedView::new(&row[..c], Layout::contiguous([c])).unwrap();
            Zip::from(&mut dv)
                .and(&sv)
                .unwrap()
                .and_broadcast(rv)
                .unwrap()
                .for_each(|d, s, r| *d = s + r);
            let _ = Zip::from(&sv)
                .and(&dv)
                .unwrap()
                .fold(0.0, |a, s, d| a + s * d);
            sv.copy_to_slice(&mut out[..sv.numel()]).unwrap();
            dv.copy_from_slice(&out[..sv.numel()]).unwrap();
        });
        assert_eq!(n, 0, "dst {dl} src {sl}");
    }
    let rv = StridedView::new(&row, Layout::contiguous([256])).unwrap();
    let mut dv = StridedViewMut::new(&mut dst, Layout::contiguous([256, 256])).unwrap();
    assert_eq!(
        allocations_during(|| dv.zip_with(&rv, |a, b| *a = *b).unwrap()),
        0
    );
    // The documented results: one allocation each.
    let sv = StridedView::new(&src, Layout::contiguous([256, 256]).t()).unwrap();
    assert_eq!(allocations_during(|| drop(sv.map(|&e| e + 1.0))), 1);
    assert_eq!(allocations_during(|| drop(sv.sum_axis(0).unwrap())), 1);
    assert_eq!(allocations_during(|| drop(sv.sum_axis(1).unwrap())), 1);
    assert_eq!(
        allocations_during(|| drop(sv.fold_axis(1, 0.0f32, |&a, &e| a + e).unwrap())),
        1
    );
    // The counter works: a Vec allocates.
    assert_eq!(
        allocations_during(|| drop(std::hint::black_box(vec![1u8; 3]))),
        1
    );
}
