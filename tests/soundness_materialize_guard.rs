//! Issue 27 (part A): every kernel that writes a view's elements into a
//! fresh, uninitialised allocation — `to_owned` / `to_vec` / `into_owned`
//! on the copy engine, the operators' binary kernel, `mapv`, the axis
//! folds' results — with that allocation placed flush against a
//! `PROT_NONE` guard page by a test allocator: ending at one (a write one
//! byte past the last element faults) and starting right after one (a
//! write one byte below the first faults). Sources are flush against
//! guard pages too. Under every SIMD level the CPU has, streaming stores
//! forced on and off, element sizes 1, 2, 4, 8 and 16, transposes, flips,
//! step-2 slices and broadcasts. CI also runs this file under
//! AddressSanitizer.
#![cfg(unix)]

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::sync::Mutex;

use constrided::kernel::{force_level, force_streaming, Level};
use constrided::{s, Layout, StridedArray, StridedView};

fn page() -> usize {
    // SAFETY: sysconf has no preconditions.
    unsafe { libc::sysconf(libc::_SC_PAGESIZE) as usize }
}

// 0: the system allocator; 1: allocations end at a guard page; 2: they
// start right after one. Per thread: the harness's threads allocate too.
thread_local! {
    static GUARD: Cell<u8> = const { Cell::new(0) };
}

// The guarded allocations' mappings: (user pointer, mapping base, length),
// in a fixed table (growing a Vec here would free its old buffer through
// `dealloc`, which takes this lock again). A user pointer of 0: free slot.
const SLOTS: usize = 1024;
static MAPS: Mutex<[(usize, usize, usize); SLOTS]> = Mutex::new([(0, 0, 0); SLOTS]);

fn mode() -> u8 {
    GUARD.try_with(|g| g.get()).unwrap_or(0)
}

struct GuardAlloc;

// SAFETY: guarded allocations are fresh anonymous mappings, aligned as
// asked (page-aligned starts; ends at a page boundary only for sizes that
// are multiples of the alignment, else the start is rounded down), and
// freed by munmap; everything else is the system allocator's.
unsafe impl GlobalAlloc for GuardAlloc {
    unsafe fn alloc(&self, l: AllocLayout) -> *mut u8 {
        let m = mode();
        if m == 0 || l.size() == 0 || l.align() > page() {
            // SAFETY: same contract as the caller's.
            return unsafe { System.alloc(l) };
        }
        let pg = page();
        let pages = l.size().div_ceil(pg);
        let total = (pages + 2) * pg;
        // SAFETY: an anonymous private mapping; checked for failure.
        let base = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED, "mmap failed");
        let base = base as *mut u8;
        // SAFETY: the first and last pages of our own mapping; the user
        // pointer stays inside the usable pages.
        let user = unsafe {
            assert_eq!(libc::mprotect(base.cast(), pg, libc::PROT_NONE), 0);
            assert_eq!(
                libc::mprotect(base.add(total - pg).cast(), pg, libc::PROT_NONE),
                0
            );
            if m == 1 {
                let end = base.add(pg + pages * pg) as usize;
                ((end - l.size()) & !(l.align() - 1)) as *mut u8
            } else {
                base.add(pg)
            }
        };
        let mut maps = MAPS.lock().unwrap_or_else(|e| e.into_inner());
        // (No panic while the lock is held: it would allocate.)
        let Some(free) = maps.iter().position(|m| m.0 == 0) else {
            std::process::abort()
        };
        maps[free] = (user as usize, base as usize, total);
        user
    }
    unsafe fn dealloc(&self, p: *mut u8, l: AllocLayout) {
        let found = {
            let mut maps = MAPS.lock().unwrap_or_else(|e| e.into_inner());
            let k = maps.iter().position(|m| m.0 == p as usize);
            k.map(|k| core::mem::take(&mut maps[k]))
        };
        match found {
            // SAFETY: our own mapping, freed once.
            Some((_, base, total)) => unsafe {
                libc::munmap(base as *mut libc::c_void, total);
            },
            // SAFETY: same contract as the caller's.
            None => unsafe { System.dealloc(p, l) },
        }
    }
}

#[global_allocator]
static GLOBAL: GuardAlloc = GuardAlloc;

static SWITCHES: Mutex<()> = Mutex::new(());

// Runs `f` with fresh allocations of this thread guarded at their end,
// then at their start.
fn guarded<R>(mut f: impl FnMut() -> R) -> [R; 2] {
    [1, 2].map(|m| {
        GUARD.with(|g| g.set(m));
        let r = f();
        GUARD.with(|g| g.set(0));
        r
    })
}

fn under_every_setting(mut f: impl FnMut(Level, Option<bool>)) {
    for level in [Level::Portable, Level::Sse2, Level::Avx2] {
        for stream in [Some(false), Some(true)] {
            force_level(Some(level));
            force_streaming(stream);
            f(level, stream);
        }
    }
    force_level(None);
    force_streaming(None);
}

// A source buffer of `n` elements flush against a guard page (end or
// start, by `at_end`), filled with `make(i)`.
fn source<T: Copy>(n: usize, at_end: bool, make: impl Fn(usize) -> T) -> Vec<T> {
    GUARD.with(|g| g.set(if at_end { 1 } else { 2 }));
    let v: Vec<T> = (0..n).map(make).collect();
    GUARD.with(|g| g.set(0));
    v
}

// The model: the elements in logical row-major order, one by one.
fn model<T: Copy, const N: usize>(v: &StridedView<'_, T, N>) -> Vec<T> {
    v.iter().copied().collect()
}

fn materialize_case<T: Copy + PartialEq + core::fmt::Debug>(make: fn(usize) -> T) {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(3, 5), (17, 33), (64, 64), (40, 300), (5, 3000)] {
        for at_end in [true, false] {
            let buf = source(r * c, at_end, make);
            let base = StridedView::from_shape([r, c], &buf[..]).unwrap();
            let views: Vec<StridedView<'_, T, 2>> = vec![
                base,
                base.t().t(),
                base.flip(0).unwrap().flip(1).unwrap(),
                base.slice(s![..;2, ..;-1]).unwrap(),
                base.slice(s![.., ..;2]).unwrap(),
                base.slice(s![..1, ..])
                    .unwrap()
                    .broadcast_to([4, c])
                    .unwrap(),
            ];
            let t = base.t();
            let v3: Vec<StridedView<'_, T, 2>> = vec![t, t.flip(1).unwrap()];
            under_every_setting(|level, stream| {
                for v in views.iter().chain(&v3) {
                    let want = model(v);
                    for got in guarded(|| v.to_owned()) {
                        assert_eq!(
                            got.as_slice(),
                            &want[..],
                            "{level:?} {stream:?} {:?}",
                            v.layout()
                        );
                    }
                    for got in guarded(|| v.to_vec()) {
                        assert_eq!(got, want, "{level:?} {stream:?} {:?}", v.layout());
                    }
                }
            });
        }
    }
}

#[test]
fn materialize_into_guarded_allocations() {
    materialize_case(|i| i as u8);
    materialize_case(|i| i as u16);
    materialize_case(|i| i as f32);
    materialize_case(|i| i as f64);
    materialize_case(|i| i as u128);
    // Not plain (element-wise Clone): the map kernel's writes.
    materialize_case(|i| (i as u8, i as u32));
}

#[test]
fn operators_mapv_and_axis_folds_into_guarded_allocations() {
    let _g = SWITCHES.lock().unwrap_or_else(|e| e.into_inner());
    for (r, c) in [(3, 5), (33, 17), (40, 600)] {
        for at_end in [true, false] {
            let a = source(r * c, at_end, |i| i as f64);
            let b = source(c, !at_end, |i| 0.5 * i as f64);
            let av = StridedView::from_shape([r, c], &a[..]).unwrap();
            let row = StridedView::from_shape([1, c], &b[..]).unwrap();
            let col = StridedView::from_shape([c, 1], &b[..]).unwrap();
            under_every_setting(|level, stream| {
                let m = |v: &StridedView<'_, f64, 2>| v.iter().copied().collect::<Vec<_>>();
                let want: Vec<f64> = (0..r * c).map(|k| a[k] - b[k % c]).collect();
                for got in guarded(|| &av - &row) {
                    assert_eq!(got.as_slice(), &want[..], "{level:?} {stream:?}");
                }
                // Transposed left, broadcast column on the right.
                let at = av.t();
                let want: Vec<f64> = (0..c * r)
                    .map(|k| a[(k % r) * c + k / r] * b[k / r])
                    .collect();
                for got in guarded(|| &at * &col) {
                    assert_eq!(got.as_slice(), &want[..], "{level:?} {stream:?}");
                }
                let sl = av.slice(s![1.., ..;-2]).unwrap();
                let want: Vec<f64> = m(&sl).iter().map(|x| x * 0.5 + 1.0).collect();
                for got in guarded(|| sl.mapv(|x| x * 0.5 + 1.0)) {
                    assert_eq!(got.as_slice(), &want[..], "{level:?} {stream:?}");
                }
                for axis in [0, 1] {
                    for got in guarded(|| av.min_axis::<1>(axis).unwrap()) {
                        let want: Vec<f64> = if axis == 0 {
                            (0..c).map(|j| a[j]).collect()
                        } else {
                            (0..r).map(|i| a[i * c]).collect()
                        };
                        assert_eq!(got.as_slice(), &want[..]);
                    }
                    for got in guarded(|| av.fold_axis::<_, 1>(axis, 0.0, |&s, &x| s + x).unwrap())
                    {
                        let want: Vec<f64> = if axis == 0 {
                            (0..c).map(|j| (0..r).map(|i| a[i * c + j]).sum()).collect()
                        } else {
                            (0..r).map(|i| (0..c).map(|j| a[i * c + j]).sum()).collect()
                        };
                        assert_eq!(got.as_slice(), &want[..]);
                    }
                }
            });
        }
    }
}

#[test]
fn uninit_written_through_views_at_the_guards() {
    use std::mem::MaybeUninit;
    let x: Vec<u32> = (0..12 * 7).collect();
    let src = StridedView::from_shape([12, 7], &x).unwrap();
    for a in guarded(|| {
        let mut u = StridedArray::<MaybeUninit<u32>, 2>::uninit([7, 12]);
        u.view_mut()
            .zip_with(&src.t(), |d, &e| {
                d.write(e);
            })
            .unwrap();
        // SAFETY: zip_with visited every index.
        unsafe { u.assume_init() }
    }) {
        assert_eq!(a.view(), src.t());
        assert_eq!(a.layout(), Layout::contiguous([7, 12]));
    }
}
