//! Issue 27: `zeros` and `from_elem` of a zero value take zeroed memory
//! from the allocator (`alloc_zeroed`, calloc: fresh pages are not written
//! twice), as `vec![0; n]` does; materialising a view (`to_owned`,
//! `to_vec`, `into_owned`) and `uninit` allocate without zeroing and
//! write every element once.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::mem::MaybeUninit;

use constrided::{s, StridedArray, StridedView};

struct Counting;

thread_local! {
    // (alloc calls, alloc_zeroed calls) of this thread while counting.
    static CALLS: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn count(zeroed: bool) {
    // try_with: the thread-locals may be gone while a thread exits.
    let _ = COUNTING.try_with(|c| {
        if c.get() {
            let _ = CALLS.try_with(|n| {
                let (a, z) = n.get();
                n.set(if zeroed { (a, z + 1) } else { (a + 1, z) });
            });
        }
    });
}

// SAFETY: forwards every call to the system allocator, counting.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        count(false);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        count(true);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// (alloc, alloc_zeroed) calls made by f on this thread.
fn calls<R>(f: impl FnOnce() -> R) -> ((usize, usize), R) {
    CALLS.with(|n| n.set((0, 0)));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (CALLS.with(|n| n.get()), r)
}

#[test]
fn zeros_take_zeroed_memory() {
    let (c, a) = calls(|| StridedArray::<f32, 3>::zeros([8, 64, 64]));
    assert_eq!(c, (0, 1));
    assert!(a.as_slice().iter().all(|&x| x.to_bits() == 0));
    let (c, a) = calls(|| StridedArray::<u8, 2>::zeros([300, 300]));
    assert_eq!(c, (0, 1));
    assert!(a.as_slice().iter().all(|&x| x == 0));
    let (c, _) = calls(|| StridedArray::<i64, 1>::zeros([1000]));
    assert_eq!(c, (0, 1));
    let (c, _) = calls(|| StridedArray::from_elem([10, 10], 0.0f64));
    assert_eq!(c, (0, 1));
    let (c, _) = calls(|| StridedArray::from_elem([10, 10], 0u32));
    assert_eq!(c, (0, 1));
    // Not zero (a negative zero has a bit set): an ordinary allocation,
    // then the fill.
    let (c, a) = calls(|| StridedArray::from_elem([10, 10], -0.0f64));
    assert_eq!(c, (1, 0));
    assert!(a
        .as_slice()
        .iter()
        .all(|&x| x.to_bits() == (-0.0f64).to_bits()));
    let (c, _) = calls(|| StridedArray::from_elem([10, 10], 1u32));
    assert_eq!(c, (1, 0));
}

#[test]
fn materialising_does_not_zero() {
    let x: Vec<f32> = (0..8 * 6 * 5).map(|i| i as f32).collect();
    let v = StridedView::from_shape([8, 6, 5], &x).unwrap();
    let w = v.slice(s![.., ..;2, ..;-1]).unwrap();
    let (c, a) = calls(|| w.to_owned());
    assert_eq!(c, (1, 0));
    assert_eq!(a.as_slice(), w.to_vec());
    let (c, _) = calls(|| w.to_vec());
    assert_eq!(c, (1, 0));
    let (c, _) = calls(|| w.into_owned());
    assert_eq!(c, (1, 0));
    let (c, u) = calls(|| StridedArray::<MaybeUninit<f32>, 2>::uninit([100, 100]));
    assert_eq!(c, (1, 0));
    assert_eq!(u.shape(), [100, 100]);
}
