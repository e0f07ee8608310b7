//! The C interface of constrided: the functions of `include/constrided.h`.
//!
//! Operator libraries written in C (InfiniOP, Ascend's aclnn and ATB,
//! anything that passes PyTorch's `data_ptr()` and `stride()`) describe a
//! tensor by a run-time rank, a shape, strides in elements and a pointer to
//! element `(0, …, 0)`. This crate builds a [`DynLayout`] from that and
//! runs constrided's copy engine on it:
//!
//! - `cstrided_create_desc` / `cstrided_destroy_desc`: descriptors (opaque,
//!   heap-allocated), as InfiniOP's `infiniopCreateTensorDescriptor`;
//! - `cstrided_rearrange`: InfiniOP's `Rearrange`, a copy between any two
//!   layouts of one shape;
//! - `cstrided_as_strided`: Ascend ATB's `AsStrided`;
//! - `cstrided_status_string`;
//! - `cstrided_last_error`: the message of the calling thread's last failed
//!   call, naming the parameter and the numbers.
//!
//! Every function checks what it can (NULL pointers, rank above 8, zero
//! element size, shapes, strides that overflow, an aliasing destination,
//! overlapping operands) and returns a status instead of crashing; every
//! body also runs under `catch_unwind` (no panic is expected: an internal
//! error would be reported as `CSTRIDED_BAD_PARAM`, never unwound into C).
//!
//! The functions are callable from Rust too (this is how the Rust tests
//! use them):
//!
//! ```
//! use constrided_ffi::*;
//! let src: Vec<f32> = (0..6).map(|x| x as f32).collect();
//! let mut dst = [0f32; 6];
//! let (mut s, mut d) = (core::ptr::null_mut(), core::ptr::null_mut());
//! // SAFETY: the pointers are valid for the calls; the data hold every
//! // element the descriptors reach.
//! unsafe {
//!     // The source read as its 3x2 transpose, the destination row-major.
//!     assert_eq!(cstrided_create_desc(&mut s, 2, [3, 2].as_ptr(), [1, 3].as_ptr(), 4), CSTRIDED_SUCCESS);
//!     assert_eq!(cstrided_create_desc(&mut d, 2, [3, 2].as_ptr(), core::ptr::null(), 4), CSTRIDED_SUCCESS);
//!     let st = cstrided_rearrange(d, dst.as_mut_ptr().cast(), s, src.as_ptr().cast());
//!     assert_eq!(st, CSTRIDED_SUCCESS);
//!     cstrided_destroy_desc(s);
//!     cstrided_destroy_desc(d);
//! }
//! assert_eq!(dst, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
//! ```
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int, c_void};
use core::fmt;
use core::ptr::NonNull;
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use constrided::kernel::rearrange_bytes_raw;
use constrided::layout::math::lowest_reach;
use constrided::{Dims, DynLayout, LayoutError, ShapeArg, MAX_RANK};

/// A status, as the C enum `cstrided_status` (an `int`): one of the
/// `CSTRIDED_*` constants. Taken as a plain integer so that any value C
/// passes is valid.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_SUCCESS, 0);
/// ```
pub type cstrided_status = c_int;
/// The call succeeded.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_SUCCESS, 0);
/// ```
pub const CSTRIDED_SUCCESS: cstrided_status = 0;
/// A required pointer is NULL.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_NULL_POINTER, 1);
/// ```
pub const CSTRIDED_NULL_POINTER: cstrided_status = 1;
/// A parameter is out of its domain (element size 0, ATB's AsStrided rules).
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_BAD_PARAM, 2);
/// ```
pub const CSTRIDED_BAD_PARAM: cstrided_status = 2;
/// A shape is unsupported (rank above 8, too many elements) or shapes differ.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_BAD_TENSOR_SHAPE, 3);
/// ```
pub const CSTRIDED_BAD_TENSOR_SHAPE: cstrided_status = 3;
/// The strides reach positions that do not fit the address arithmetic.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_BAD_TENSOR_STRIDES, 4);
/// ```
pub const CSTRIDED_BAD_TENSOR_STRIDES: cstrided_status = 4;
/// A destination layout reaches one element from two indices.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_ALIASING, 5);
/// ```
pub const CSTRIDED_ALIASING: cstrided_status = 5;
/// The destination's bytes and the source's bytes overlap.
///
/// ```
/// assert_eq!(constrided_ffi::CSTRIDED_OVERLAP, 6);
/// ```
pub const CSTRIDED_OVERLAP: cstrided_status = 6;

/// A tensor descriptor: a runtime-rank layout whose offset is the distance
/// from the lowest reached element to element `(0, …, 0)`, and the element
/// size in bytes. Opaque to C.
///
/// ```
/// use constrided_ffi::*;
/// let mut d = core::ptr::null_mut();
/// // SAFETY: valid pointers for the call.
/// unsafe {
///     assert_eq!(cstrided_create_desc(&mut d, 1, [4].as_ptr(), [-1].as_ptr(), 2), CSTRIDED_SUCCESS);
///     assert_eq!((*d).layout().offset(), 3);
///     assert_eq!((*d).elem_size(), 2);
///     cstrided_destroy_desc(d);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct cstrided_desc {
    layout: DynLayout,
    elem_size: usize,
}

impl cstrided_desc {
    /// The layout, counted from the lowest reached element.
    ///
    /// ```
    /// # use constrided_ffi::*;
    /// let mut d = core::ptr::null_mut();
    /// // SAFETY: valid pointers for the call.
    /// unsafe { cstrided_create_desc(&mut d, 2, [2, 3].as_ptr(), core::ptr::null(), 8) };
    /// // SAFETY: d was just created.
    /// assert_eq!(unsafe { (*d).layout().strides() }, &[3, 1]);
    /// # unsafe { cstrided_destroy_desc(d) };
    /// ```
    pub fn layout(&self) -> &DynLayout {
        &self.layout
    }

    /// The size of one element in bytes (never 0).
    ///
    /// ```
    /// # use constrided_ffi::*;
    /// let mut d = core::ptr::null_mut();
    /// // SAFETY: valid pointers for the call.
    /// unsafe { cstrided_create_desc(&mut d, 0, core::ptr::null(), core::ptr::null(), 8) };
    /// // SAFETY: d was just created.
    /// assert_eq!(unsafe { (*d).elem_size() }, 8);
    /// # unsafe { cstrided_destroy_desc(d) };
    /// ```
    pub fn elem_size(&self) -> usize {
        self.elem_size
    }

    // The bytes a tensor reaches with element 0 at `data`: (start address,
    // length); `None` when they would wrap around the address space.
    fn region(&self, data: usize) -> Option<(usize, usize)> {
        byte_region(&self.layout, self.elem_size, data)
    }
}

// The bytes `l` reaches when its buffer starts at address `buffer`: from
// its lowest reached position to its highest, as (start address, length
// in bytes); `(buffer, 0)` when empty; `None` when they would wrap around
// the address space. Both C functions compute their operands' regions
// with it, from the buffer start the copy actually uses.
fn reached_bytes(l: &DynLayout, elem_size: usize, buffer: usize) -> Option<(usize, usize)> {
    if l.is_empty() {
        return Some((buffer, 0));
    }
    // The lowest reached position: offset + lowest_reach (>= 0 for a valid
    // layout), and the highest + 1: required_len.
    let low = l.offset() as i128 + lowest_reach(l.shape(), l.strides());
    let low = usize::try_from(low).ok()?;
    let start = buffer.checked_add(low.checked_mul(elem_size)?)?;
    let len = (l.required_len() - low).checked_mul(elem_size)?;
    start.checked_add(len)?;
    Some((start, len))
}

// The bytes a descriptor's layout reaches with element 0 at `data`: its
// buffer starts `offset` elements below.
fn byte_region(l: &DynLayout, elem_size: usize, data: usize) -> Option<(usize, usize)> {
    let buffer = data.checked_sub(l.offset().checked_mul(elem_size)?)?;
    reached_bytes(l, elem_size, buffer)
}

// Do two byte ranges intersect? (Empty ranges never do.)
fn overlap((a, alen): (usize, usize), (b, blen): (usize, usize)) -> bool {
    alen != 0 && blen != 0 && a < b + blen && b < a + alen
}

// Runs the FFI body of `func`; a panic (none is expected) becomes
// BAD_PARAM.
fn guard(func: &str, f: impl FnOnce() -> cstrided_status) -> cstrided_status {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| {
        fail(
            CSTRIDED_BAD_PARAM,
            func,
            format_args!("internal error (a panic was caught)"),
        )
    })
}

/// The capacity of a thread's error buffer, NUL included: a longer message
/// is cut (at a character boundary) to `LAST_ERROR_CAPACITY - 1` bytes.
/// The longest message the library writes is well under half of it.
///
/// ```
/// assert_eq!(constrided_ffi::LAST_ERROR_CAPACITY, 1024);
/// ```
pub const LAST_ERROR_CAPACITY: usize = 1024;

// One heap buffer of LAST_ERROR_CAPACITY bytes per thread that ever
// failed, allocated at its first failure and never freed: the pointer
// `cstrided_last_error` returns stays valid for the rest of the process,
// after the thread exits too (a worker pool passes the message to the
// joining thread). The buffers are listed in `ALL_BUFFERS` so that they
// stay reachable (leak checkers and Miri do not report them).
struct ErrorBuffer(#[allow(dead_code)] NonNull<u8>);
// SAFETY: the pointer is only stored in `ALL_BUFFERS` (never read through
// from there); it is a plain heap address, valid on any thread.
unsafe impl Send for ErrorBuffer {}
static ALL_BUFFERS: Mutex<Vec<ErrorBuffer>> = Mutex::new(Vec::new());

thread_local! {
    // This thread's buffer, once it has failed (`cstrided_last_error`).
    static LAST_ERROR: Cell<Option<NonNull<u8>>> = const { Cell::new(None) };
}

// This thread's buffer, allocated (zeroed: the empty string) and leaked on
// first use; `None` during thread teardown.
fn error_buffer() -> Option<NonNull<u8>> {
    LAST_ERROR
        .try_with(|cell| {
            if let Some(p) = cell.get() {
                return p;
            }
            let leaked: &'static mut [u8] = Vec::leak(vec![0u8; LAST_ERROR_CAPACITY]);
            let p = NonNull::from(leaked).cast::<u8>();
            ALL_BUFFERS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(ErrorBuffer(p));
            cell.set(Some(p));
            p
        })
        .ok()
}

// The longest prefix of `text` of at most `max` bytes that ends at a
// character boundary and holds no NUL.
fn c_prefix(text: &str, max: usize) -> &[u8] {
    let text = text.split('\0').next().unwrap_or("");
    let mut n = text.len().min(max);
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    &text.as_bytes()[..n]
}

// Records "`func`: `msg`" as this thread's last error and returns `status`.
// Every return point of a failing call goes through here (or `fail_layout`).
fn fail(status: cstrided_status, func: &str, msg: fmt::Arguments<'_>) -> cstrided_status {
    let text = format!("{func}: {msg}");
    // During thread teardown the message is dropped.
    if let Some(buf) = error_buffer() {
        // The texts hold no NUL; if one ever did, the message is cut there.
        let bytes = c_prefix(&text, LAST_ERROR_CAPACITY - 1);
        // SAFETY: `buf` is this thread's leaked buffer of
        // LAST_ERROR_CAPACITY bytes, never freed; `bytes.len() + 1 <=
        // LAST_ERROR_CAPACITY`; `text` is a fresh allocation, so the
        // ranges do not overlap. Only this thread writes it (the header
        // says a reader must not read it while the thread calls the
        // library again), through raw pointers, so no reference aliases.
        unsafe {
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.as_ptr(), bytes.len());
            buf.as_ptr().add(bytes.len()).write(0);
        }
    }
    status
}

// `fail` with the text of a `LayoutError` and its status.
fn fail_layout(func: &str, e: LayoutError) -> cstrided_status {
    fail(layout_status(e), func, format_args!("{e}"))
}

/// The message of the last call on the calling thread that did not return
/// `CSTRIDED_SUCCESS`: the function, then what is wrong with which
/// parameter and the numbers (the `LayoutError` text when a layout was
/// refused), e.g. "cstrided_rearrange: the element sizes differ: dst_desc
/// has 4 bytes per element, src_desc has 8". `""` when no call on this
/// thread has failed.
///
/// Lifetime: the pointer is valid for the rest of the process, also after
/// the calling thread exits (each thread that ever fails gets one buffer
/// of [`LAST_ERROR_CAPACITY`] bytes, never freed). Its contents are
/// rewritten in place by the next failing call on the same thread: copy
/// the string before calling the library again on that thread, and do not
/// read it on another thread while that thread may be calling the library
/// (after a join, reading is fine).
///
/// ```
/// use constrided_ffi::*;
/// use std::ffi::CStr;
/// // SAFETY: the result is a valid C string, not rewritten meanwhile.
/// let last = || unsafe { CStr::from_ptr(cstrided_last_error()) }.to_str().unwrap().to_owned();
/// assert_eq!(last(), "");
/// // SAFETY: NULL is checked.
/// assert_eq!(unsafe { cstrided_destroy_desc(core::ptr::null_mut()) }, CSTRIDED_NULL_POINTER);
/// assert_eq!(last(), "cstrided_destroy_desc: desc is NULL");
/// ```
#[no_mangle]
pub extern "C" fn cstrided_last_error() -> *const c_char {
    const EMPTY: &[u8] = b"\0";
    match LAST_ERROR.try_with(Cell::get) {
        Ok(Some(p)) => p.as_ptr().cast_const().cast(),
        _ => EMPTY.as_ptr().cast(),
    }
}

fn layout_status(e: LayoutError) -> cstrided_status {
    match e {
        LayoutError::Aliasing { .. } => CSTRIDED_ALIASING,
        LayoutError::ShapeMismatch { .. } => CSTRIDED_BAD_TENSOR_SHAPE,
        LayoutError::ElementCountOverflow { .. } | LayoutError::RankTooHigh { .. } => {
            CSTRIDED_BAD_TENSOR_SHAPE
        }
        LayoutError::NegativeReach { .. } | LayoutError::Overflow { .. } => {
            CSTRIDED_BAD_TENSOR_STRIDES
        }
        _ => CSTRIDED_BAD_PARAM,
    }
}

/// Creates a descriptor: see `include/constrided.h`.
///
/// # Safety
/// `desc` is NULL or valid for a write; unless NULL (or `ndim` is 0),
/// `shape` and `strides` point at `ndim` readable entries.
///
/// ```
/// use constrided_ffi::*;
/// let mut d = core::ptr::null_mut();
/// // SAFETY: valid pointers for the calls.
/// unsafe {
///     assert_eq!(cstrided_create_desc(&mut d, 9, [1; 9].as_ptr(), core::ptr::null(), 4), CSTRIDED_BAD_TENSOR_SHAPE);
///     assert!(d.is_null());
///     assert_eq!(cstrided_create_desc(&mut d, 1, [3].as_ptr(), core::ptr::null(), 0), CSTRIDED_BAD_PARAM);
///     assert_eq!(cstrided_create_desc(&mut d, 1, [3].as_ptr(), [-1].as_ptr(), 4), CSTRIDED_SUCCESS);
///     cstrided_destroy_desc(d);
/// }
/// ```
#[no_mangle]
pub unsafe extern "C" fn cstrided_create_desc(
    desc: *mut *mut cstrided_desc,
    ndim: usize,
    shape: *const usize,
    strides: *const isize,
    elem_size: usize,
) -> cstrided_status {
    const F: &str = "cstrided_create_desc";
    guard(F, || {
        if desc.is_null() {
            return fail(CSTRIDED_NULL_POINTER, F, format_args!("desc is NULL"));
        }
        // SAFETY: desc is non-null and the caller promises it is writable.
        unsafe { desc.write(core::ptr::null_mut()) };
        if ndim > MAX_RANK {
            return fail(
                CSTRIDED_BAD_TENSOR_SHAPE,
                F,
                format_args!("ndim {ndim} is above the largest supported rank {MAX_RANK}"),
            );
        }
        if ndim > 0 && shape.is_null() {
            return fail(
                CSTRIDED_NULL_POINTER,
                F,
                format_args!("shape is NULL with ndim {ndim}"),
            );
        }
        if elem_size == 0 {
            return fail(CSTRIDED_BAD_PARAM, F, format_args!("elem_size is 0"));
        }
        let shape = if ndim == 0 {
            &[][..]
        } else {
            // SAFETY: non-null, `ndim` readable entries (caller).
            unsafe { core::slice::from_raw_parts(shape, ndim) }
        };
        let layout = if strides.is_null() {
            DynLayout::contiguous(shape)
                .map_err(|e| fail(CSTRIDED_BAD_TENSOR_SHAPE, F, format_args!("{e}")))
        } else {
            let strides = if ndim == 0 {
                &[][..]
            } else {
                // SAFETY: non-null, `ndim` readable entries (caller).
                unsafe { core::slice::from_raw_parts(strides, ndim) }
            };
            DynLayout::from_element0(shape, strides).map_err(|e| fail_layout(F, e))
        };
        let layout = match layout {
            Ok(l) => l,
            Err(st) => return st,
        };
        // The bytes reached must fit ptrdiff_t too.
        let (len, st) = (layout.required_len(), strides.is_null());
        match len.checked_mul(elem_size) {
            Some(b) if b <= isize::MAX as usize => {}
            _ => {
                let status = if st {
                    CSTRIDED_BAD_TENSOR_SHAPE
                } else {
                    CSTRIDED_BAD_TENSOR_STRIDES
                };
                return fail(
                    status,
                    F,
                    format_args!(
                        "the tensor spans {len} elements of {elem_size} bytes, more bytes \
                         than fit in ptrdiff_t ({})",
                        isize::MAX
                    ),
                );
            }
        }
        let d = Box::new(cstrided_desc { layout, elem_size });
        // SAFETY: as above.
        unsafe { desc.write(Box::into_raw(d)) };
        CSTRIDED_SUCCESS
    })
}

/// Frees a descriptor made by [`cstrided_create_desc`]; `NULL_POINTER`
/// for NULL.
///
/// # Safety
/// `desc` is NULL or a descriptor from `cstrided_create_desc` not freed yet.
///
/// ```
/// use constrided_ffi::*;
/// // SAFETY: NULL is checked.
/// assert_eq!(unsafe { cstrided_destroy_desc(core::ptr::null_mut()) }, CSTRIDED_NULL_POINTER);
/// ```
#[no_mangle]
pub unsafe extern "C" fn cstrided_destroy_desc(desc: *mut cstrided_desc) -> cstrided_status {
    const F: &str = "cstrided_destroy_desc";
    guard(F, || {
        if desc.is_null() {
            return fail(CSTRIDED_NULL_POINTER, F, format_args!("desc is NULL"));
        }
        // SAFETY: made by Box::into_raw in cstrided_create_desc, not freed
        // yet (caller).
        drop(unsafe { Box::from_raw(desc) });
        CSTRIDED_SUCCESS
    })
}

/// InfiniOP's Rearrange: see `include/constrided.h`.
///
/// # Safety
/// The descriptors are NULL or live descriptors; unless NULL, `dst` and
/// `src` point at element `(0, …, 0)` of tensors holding every element
/// their descriptors reach (writable for `dst`, which nothing else may
/// access during the call).
///
/// ```
/// use constrided_ffi::*;
/// let mut buf = [1u8, 2, 3, 4];
/// let mut d = core::ptr::null_mut();
/// // SAFETY: valid pointers; buf holds the 4 bytes reached.
/// unsafe {
///     cstrided_create_desc(&mut d, 1, [4].as_ptr(), core::ptr::null(), 1);
///     let p = buf.as_mut_ptr();
///     // Copying a tensor onto itself: the bytes overlap.
///     assert_eq!(cstrided_rearrange(d, p.cast(), d, p.cast()), CSTRIDED_OVERLAP);
///     cstrided_destroy_desc(d);
/// }
/// ```
#[no_mangle]
pub unsafe extern "C" fn cstrided_rearrange(
    dst_desc: *const cstrided_desc,
    dst: *mut c_void,
    src_desc: *const cstrided_desc,
    src: *const c_void,
) -> cstrided_status {
    const F: &str = "cstrided_rearrange";
    guard(F, || {
        if dst_desc.is_null() || src_desc.is_null() {
            let which = if dst_desc.is_null() {
                "dst_desc"
            } else {
                "src_desc"
            };
            return fail(CSTRIDED_NULL_POINTER, F, format_args!("{which} is NULL"));
        }
        // SAFETY: live descriptors (caller).
        let (dd, sd) = unsafe { (&*dst_desc, &*src_desc) };
        if dd.elem_size != sd.elem_size {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!(
                    "the element sizes differ: dst_desc has {} bytes per element, src_desc has {}",
                    dd.elem_size, sd.elem_size
                ),
            );
        }
        if dd.layout.shape() != sd.layout.shape() {
            let e = LayoutError::ShapeMismatch {
                expected: Dims::new(dd.layout.shape()),
                found: Dims::new(sd.layout.shape()),
                arg: ShapeArg::Source,
            };
            return fail_layout(F, e);
        }
        if let Err(e) = dd.layout.check_unique() {
            return fail(CSTRIDED_ALIASING, F, format_args!("dst_desc: {e}"));
        }
        if dd.layout.is_empty() {
            return CSTRIDED_SUCCESS;
        }
        if dst.is_null() || src.is_null() {
            let which = if dst.is_null() { "dst" } else { "src" };
            return fail(
                CSTRIDED_NULL_POINTER,
                F,
                format_args!(
                    "{which} is NULL for a tensor of {} elements",
                    dd.layout.numel()
                ),
            );
        }
        let (Some(dr), Some(sr)) = (dd.region(dst.addr()), sd.region(src.addr())) else {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("the bytes a tensor reaches from its data pointer wrap around the address space"),
            );
        };
        if overlap(dr, sr) {
            return fail(
                CSTRIDED_OVERLAP,
                F,
                format_args!(
                    "dst's bytes [{:#x}, {:#x}) overlap src's bytes [{:#x}, {:#x})",
                    dr.0,
                    dr.0 + dr.1,
                    sr.0,
                    sr.0 + sr.1
                ),
            );
        }
        let es = dd.elem_size;
        // SAFETY: the buffer starts are `offset` elements below element 0,
        // inside the tensors (caller); every element reached is readable /
        // writable (caller), dst is exclusively ours, and the byte ranges
        // are disjoint (checked).
        let r = unsafe {
            let d = (dst as *mut u8).sub(dd.layout.offset() * es);
            let s = (src as *const u8).sub(sd.layout.offset() * es);
            rearrange_bytes_raw(d, &dd.layout, s, &sd.layout, es)
        };
        match r {
            Ok(()) => CSTRIDED_SUCCESS,
            Err(e) => fail_layout(F, e),
        }
    })
}

/// Ascend ATB's AsStrided: see `include/constrided.h`.
///
/// # Safety
/// `out_desc` is NULL or a live descriptor; unless NULL, `out` points at
/// element `(0, …, 0)` of a tensor holding every element `out_desc`
/// reaches (writable, used by nothing else during the call), `in` at the
/// first element of an input holding every element read, and `size` and
/// `stride` at `ndim` readable entries.
///
/// ```
/// use constrided_ffi::*;
/// // The seed: 3x3 input, size [2, 2], stride [2, 3], offset 2.
/// let input = [1i64, 2, 3, 4, 5, 6, 7, 8, 9];
/// let mut out = [0i64; 4];
/// let mut d = core::ptr::null_mut();
/// // SAFETY: valid pointers; input holds every element read.
/// unsafe {
///     cstrided_create_desc(&mut d, 2, [2, 2].as_ptr(), core::ptr::null(), 8);
///     let st = cstrided_as_strided(d, out.as_mut_ptr().cast(), input.as_ptr().cast(),
///                                  2, [2, 2].as_ptr(), [2, 3].as_ptr(), 2);
///     assert_eq!(st, CSTRIDED_SUCCESS);
///     // ATB's rules: a negative stride is BAD_PARAM.
///     let st = cstrided_as_strided(d, out.as_mut_ptr().cast(), input.as_ptr().cast(),
///                                  2, [2, 2].as_ptr(), [-2, 3].as_ptr(), 2);
///     assert_eq!(st, CSTRIDED_BAD_PARAM);
///     cstrided_destroy_desc(d);
/// }
/// assert_eq!(out, [3, 6, 5, 8]);
/// ```
#[no_mangle]
pub unsafe extern "C" fn cstrided_as_strided(
    out_desc: *const cstrided_desc,
    out: *mut c_void,
    input: *const c_void,
    ndim: usize,
    size: *const i64,
    stride: *const i64,
    offset: i64,
) -> cstrided_status {
    const F: &str = "cstrided_as_strided";
    guard(F, || {
        if out_desc.is_null() {
            return fail(CSTRIDED_NULL_POINTER, F, format_args!("out_desc is NULL"));
        }
        if ndim > MAX_RANK {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("ndim {ndim} is above the largest supported rank {MAX_RANK}"),
            );
        }
        if ndim > 0 && (size.is_null() || stride.is_null()) {
            let which = if size.is_null() { "size" } else { "stride" };
            return fail(
                CSTRIDED_NULL_POINTER,
                F,
                format_args!("{which} is NULL with ndim {ndim}"),
            );
        }
        let (size, stride) = if ndim == 0 {
            (&[][..], &[][..])
        } else {
            // SAFETY: non-null, `ndim` readable entries (caller).
            unsafe {
                (
                    core::slice::from_raw_parts(size, ndim),
                    core::slice::from_raw_parts(stride, ndim),
                )
            }
        };
        // ATB's AsStridedParam rules.
        if let Some(k) = size.iter().position(|&s| s <= 0) {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("size[{k}] is {}; AsStrided needs sizes above 0", size[k]),
            );
        }
        if let Some(k) = stride.iter().position(|&s| s < 0) {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!(
                    "stride[{k}] is {}; AsStrided needs strides of at least 0",
                    stride[k]
                ),
            );
        }
        if offset < 0 {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("offset is {offset}; AsStrided needs an offset of at least 0"),
            );
        }
        let mut shape = [0usize; MAX_RANK];
        let mut strides = [0isize; MAX_RANK];
        for k in 0..ndim {
            match (usize::try_from(size[k]), isize::try_from(stride[k])) {
                (Ok(n), Ok(s)) => (shape[k], strides[k]) = (n, s),
                _ => {
                    return fail(
                        CSTRIDED_BAD_PARAM,
                        F,
                        format_args!(
                            "size[{k}] {} or stride[{k}] {} does not fit this platform's size_t / ptrdiff_t",
                            size[k], stride[k]
                        ),
                    )
                }
            }
        }
        let Ok(offset) = usize::try_from(offset) else {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("offset {offset} does not fit this platform's size_t"),
            );
        };
        // SAFETY: a live descriptor (caller).
        let od = unsafe { &*out_desc };
        if od.layout.shape() != &shape[..ndim] {
            let e = LayoutError::ShapeMismatch {
                expected: Dims::new(od.layout.shape()),
                found: Dims::new(&shape[..ndim]),
                arg: ShapeArg::Shape,
            };
            return fail(
                CSTRIDED_BAD_TENSOR_SHAPE,
                F,
                format_args!("size does not match out_desc's shape: {e}"),
            );
        }
        let il = match DynLayout::new(&shape[..ndim], &strides[..ndim], offset) {
            Ok(il) => il,
            Err(e) => {
                return fail(
                    CSTRIDED_BAD_PARAM,
                    F,
                    format_args!("the input layout (size, stride, offset) is refused: {e}"),
                )
            }
        };
        if let Err(e) = od.layout.check_unique() {
            return fail(CSTRIDED_ALIASING, F, format_args!("out_desc: {e}"));
        }
        if out.is_null() || input.is_null() {
            let which = if out.is_null() { "out" } else { "in" };
            return fail(CSTRIDED_NULL_POINTER, F, format_args!("{which} is NULL"));
        }
        let es = od.elem_size;
        // The input's layout counts from `input` itself (the copy reads
        // element i at input + (offset + Σ i_k·stride_k)·es).
        let (Some(or), Some(ir)) = (od.region(out.addr()), reached_bytes(&il, es, input.addr()))
        else {
            return fail(
                CSTRIDED_BAD_PARAM,
                F,
                format_args!("the bytes a tensor reaches from its data pointer wrap around the address space"),
            );
        };
        if overlap(or, ir) {
            return fail(
                CSTRIDED_OVERLAP,
                F,
                format_args!(
                    "out's bytes [{:#x}, {:#x}) overlap in's bytes [{:#x}, {:#x})",
                    or.0,
                    or.0 + or.1,
                    ir.0,
                    ir.0 + ir.1
                ),
            );
        }
        // SAFETY: the output's buffer start is `offset` elements below its
        // element 0, inside the tensor (caller); the input layout counts
        // from `input` (offset >= 0, strides >= 0); every element reached
        // is valid (caller); the byte ranges are disjoint (checked).
        let r = unsafe {
            let o = (out as *mut u8).sub(od.layout.offset() * es);
            rearrange_bytes_raw(o, &od.layout, input as *const u8, &il, es)
        };
        match r {
            Ok(()) => CSTRIDED_SUCCESS,
            Err(e) => fail_layout(F, e),
        }
    })
}

/// A static, NUL-terminated description of a status ("unknown status" for
/// a value that is none of them).
///
/// ```
/// use constrided_ffi::*;
/// // SAFETY: the result is a static C string.
/// let s = unsafe { std::ffi::CStr::from_ptr(cstrided_status_string(CSTRIDED_OVERLAP)) };
/// assert_eq!(s.to_str().unwrap(), "CSTRIDED_OVERLAP: the destination and source memory overlap");
/// ```
#[no_mangle]
pub extern "C" fn cstrided_status_string(status: cstrided_status) -> *const c_char {
    let s: &'static [u8] = match status {
        CSTRIDED_SUCCESS => b"CSTRIDED_SUCCESS: success\0",
        CSTRIDED_NULL_POINTER => b"CSTRIDED_NULL_POINTER: a required pointer is NULL\0",
        CSTRIDED_BAD_PARAM => b"CSTRIDED_BAD_PARAM: a parameter is out of its domain\0",
        CSTRIDED_BAD_TENSOR_SHAPE => {
            b"CSTRIDED_BAD_TENSOR_SHAPE: unsupported shape (rank above 8, too many elements) or shapes differ\0"
        }
        CSTRIDED_BAD_TENSOR_STRIDES => {
            b"CSTRIDED_BAD_TENSOR_STRIDES: the strides reach positions that do not fit ptrdiff_t\0"
        }
        CSTRIDED_ALIASING => {
            b"CSTRIDED_ALIASING: the destination layout reaches one element from two indices\0"
        }
        CSTRIDED_OVERLAP => b"CSTRIDED_OVERLAP: the destination and source memory overlap\0",
        _ => b"unknown status\0",
    };
    s.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_prefix_cuts_at_nul_and_at_a_character_boundary() {
        assert_eq!(c_prefix("abc", 10), b"abc");
        assert_eq!(c_prefix("ab\0cd", 10), b"ab");
        assert_eq!(c_prefix("abcdef", 4), b"abcd");
        // "é" is two bytes: a cut inside it backs off.
        assert_eq!(c_prefix("aé", 2), b"a");
        assert_eq!(c_prefix("aé", 3), "aé".as_bytes());
    }

    #[test]
    fn a_long_message_is_cut_to_the_buffer() {
        let long = "x".repeat(3 * LAST_ERROR_CAPACITY);
        let st = fail(CSTRIDED_BAD_PARAM, "f", format_args!("{long}"));
        assert_eq!(st, CSTRIDED_BAD_PARAM);
        // SAFETY: a valid C string; this thread is not calling the library.
        let got = unsafe { std::ffi::CStr::from_ptr(cstrided_last_error()) };
        assert_eq!(got.to_bytes().len(), LAST_ERROR_CAPACITY - 1);
        assert!(got.to_bytes().starts_with(b"f: xxx"));
    }
}
