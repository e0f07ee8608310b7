//! The C functions called from Rust at small sizes (no compiler spawned),
//! so that Miri can check them: `cargo +nightly miri test -p
//! constrided-ffi --test rust_api` (stacked and tree borrows).

use constrided_ffi::*;
use core::ptr::{null, null_mut};

fn desc(shape: &[usize], strides: Option<&[isize]>, elem: usize) -> *mut cstrided_desc {
    let mut d = null_mut();
    // SAFETY: valid pointers of `shape.len()` entries.
    let st = unsafe {
        cstrided_create_desc(
            &mut d,
            shape.len(),
            shape.as_ptr(),
            strides.map_or(null(), |s| s.as_ptr()),
            elem,
        )
    };
    assert_eq!(st, CSTRIDED_SUCCESS);
    d
}

#[test]
fn rearrange_negative_and_zero_strides() {
    let buf: Vec<u32> = (0..12).collect();
    let mut out = [0u32; 12];
    let s = desc(&[3, 4], Some(&[-4, -1]), 4);
    let d = desc(&[3, 4], None, 4);
    // SAFETY: element 0 at buf[11]; the layout reaches buf[0..12].
    let st =
        unsafe { cstrided_rearrange(d, out.as_mut_ptr().cast(), s, buf.as_ptr().add(11).cast()) };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(out.to_vec(), (0..12).rev().collect::<Vec<u32>>());
    let b = desc(&[3, 4], Some(&[0, 1]), 4);
    // SAFETY: the broadcast reaches buf[0..4].
    let st = unsafe { cstrided_rearrange(d, out.as_mut_ptr().cast(), b, buf.as_ptr().cast()) };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(out, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    // SAFETY: refused before any access.
    let st = unsafe { cstrided_rearrange(b, out.as_mut_ptr().cast(), d, buf.as_ptr().cast()) };
    assert_eq!(st, CSTRIDED_ALIASING);
    // Odd element size (3 bytes), reversed.
    let bytes: Vec<u8> = (0..12).collect();
    let mut o = [0u8; 12];
    let s3 = desc(&[4], Some(&[-1]), 3);
    let d3 = desc(&[4], None, 3);
    // SAFETY: element 0 at byte 9; 4 elements of 3 bytes inside `bytes`.
    let st =
        unsafe { cstrided_rearrange(d3, o.as_mut_ptr().cast(), s3, bytes.as_ptr().add(9).cast()) };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(o, [9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2]);
    for x in [s, d, b, s3, d3] {
        // SAFETY: live descriptors, freed once.
        assert_eq!(unsafe { cstrided_destroy_desc(x) }, CSTRIDED_SUCCESS);
    }
}

#[test]
fn as_strided_seed_and_overlap() {
    let input = [1u16, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut out = [0u16; 4];
    let o = desc(&[2, 2], None, 2);
    // SAFETY: input holds every element read; out the 4 written.
    let st = unsafe {
        cstrided_as_strided(
            o,
            out.as_mut_ptr().cast(),
            input.as_ptr().cast(),
            2,
            [2i64, 2].as_ptr(),
            [2i64, 3].as_ptr(),
            2,
        )
    };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(out, [3, 6, 5, 8]);
    let mut same = input;
    let p = same.as_mut_ptr();
    // SAFETY: refused before any access (the output lies in the input).
    let st = unsafe {
        cstrided_as_strided(
            o,
            p.add(4).cast(),
            p.cast(),
            2,
            [2i64, 2].as_ptr(),
            [2i64, 3].as_ptr(),
            0,
        )
    };
    assert_eq!(st, CSTRIDED_OVERLAP);
    assert_eq!(same, input);
    // SAFETY: a live descriptor.
    unsafe { cstrided_destroy_desc(o) };
}

// Issue 15, finding 5: the input's bytes are those the copy reads,
// from `in + offset·elem_size`; an output among them is an overlap.
#[test]
fn as_strided_detects_an_output_inside_the_elements_read() {
    let mut buf: Vec<i32> = (0..64).collect();
    let d = desc(&[4], None, 4);
    let p = buf.as_mut_ptr();
    // SAFETY: out = buf[20..24], in = buf; reads buf[16], [18], [20], [22].
    let st = unsafe {
        cstrided_as_strided(
            d,
            p.add(20).cast(),
            p.cast_const().cast(),
            1,
            [4].as_ptr(),
            [2].as_ptr(),
            16,
        )
    };
    assert_eq!(st, CSTRIDED_OVERLAP);
    // Just past the elements read: no overlap, and the copy is right.
    // SAFETY: out = buf[23..27], in = buf; reads buf[16..=22].
    let st = unsafe {
        cstrided_as_strided(
            d,
            p.add(23).cast(),
            p.cast_const().cast(),
            1,
            [4].as_ptr(),
            [2].as_ptr(),
            16,
        )
    };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(&buf[23..27], &[16, 18, 20, 22]);
    // An output below the elements read does not overlap either.
    let mut buf: Vec<i32> = (0..64).collect();
    let p = buf.as_mut_ptr();
    // SAFETY: out = buf[0..4], in = buf; reads buf[16..=22].
    let st = unsafe {
        cstrided_as_strided(
            d,
            p.cast(),
            p.cast_const().cast(),
            1,
            [4].as_ptr(),
            [2].as_ptr(),
            16,
        )
    };
    assert_eq!(st, CSTRIDED_SUCCESS);
    assert_eq!(&buf[0..4], &[16, 18, 20, 22]);
    // SAFETY: made by desc.
    unsafe { cstrided_destroy_desc(d) };
}

// Issue 15, finding 6: strides whose lowest reach saturates answer
// BAD_TENSOR_STRIDES (not the panic guard's BAD_PARAM).
#[test]
fn create_desc_with_saturating_negative_reach_is_bad_strides() {
    let mut d = null_mut();
    let shape = [usize::MAX, usize::MAX];
    let strides = [isize::MIN, isize::MIN];
    // SAFETY: valid pointers of 2 entries.
    let st = unsafe { cstrided_create_desc(&mut d, 2, shape.as_ptr(), strides.as_ptr(), 1) };
    assert!(
        st == CSTRIDED_BAD_TENSOR_STRIDES || st == CSTRIDED_BAD_TENSOR_SHAPE,
        "status {st}"
    );
    assert!(d.is_null());
}

// The calling thread's last error, as a Rust string.
fn last_error() -> String {
    // SAFETY: cstrided_last_error returns a valid C string until the next
    // call on this thread; it is copied at once.
    unsafe { std::ffi::CStr::from_ptr(cstrided_last_error()) }
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn last_error_names_the_parameter_per_thread() {
    // A fresh thread (each test runs on its own): nothing failed yet.
    assert_eq!(last_error(), "");
    let (c4, c8) = (desc(&[2, 3], None, 4), desc(&[2, 3], None, 8));
    let t = desc(&[3, 2], None, 4);
    let (a, mut b) = ([1i32; 6], [0i64; 6]);
    // SAFETY: valid descriptors and buffers; the failing calls touch nothing.
    unsafe {
        let st = cstrided_rearrange(c8, b.as_mut_ptr().cast(), c4, a.as_ptr().cast());
        assert_eq!(st, CSTRIDED_BAD_PARAM);
        assert_eq!(
            last_error(),
            "cstrided_rearrange: the element sizes differ: dst_desc has 8 bytes per element, \
             src_desc has 4"
        );
        let st = cstrided_rearrange(t, b.as_mut_ptr().cast(), c4, a.as_ptr().cast());
        assert_eq!(st, CSTRIDED_BAD_TENSOR_SHAPE);
        assert_eq!(
            last_error(),
            "cstrided_rearrange: the source has shape (2, 3), but the destination has shape (3, 2)"
        );
        let mut d = null_mut();
        let st = cstrided_create_desc(&mut d, 1, [3].as_ptr(), [-1].as_ptr(), 0);
        assert_eq!(st, CSTRIDED_BAD_PARAM);
        assert_eq!(last_error(), "cstrided_create_desc: elem_size is 0");
        let st = cstrided_as_strided(
            c4,
            b.as_mut_ptr().cast(),
            a.as_ptr().cast(),
            2,
            [2, 3].as_ptr(),
            [3, -1].as_ptr(),
            0,
        );
        assert_eq!(st, CSTRIDED_BAD_PARAM);
        assert_eq!(
            last_error(),
            "cstrided_as_strided: stride[1] is -1; AsStrided needs strides of at least 0"
        );
        // A successful call leaves the message as it was.
        let mut out = [0i32; 6];
        let st = cstrided_rearrange(c4, out.as_mut_ptr().cast(), c4, a.as_ptr().cast());
        assert_eq!(st, CSTRIDED_SUCCESS);
        assert!(last_error().starts_with("cstrided_as_strided: stride[1] is -1"));
    }
    // Another thread has its own (empty) last error, and its failures do
    // not show here.
    let other = std::thread::spawn(|| {
        let before = last_error();
        // SAFETY: NULL is checked.
        let st = unsafe { cstrided_destroy_desc(null_mut()) };
        (before, st, last_error())
    })
    .join()
    .unwrap();
    assert_eq!(
        other,
        (
            String::new(),
            CSTRIDED_NULL_POINTER,
            "cstrided_destroy_desc: desc is NULL".to_owned()
        )
    );
    assert!(last_error().starts_with("cstrided_as_strided: stride[1] is -1"));
    // SAFETY: made by desc().
    unsafe {
        cstrided_destroy_desc(c4);
        cstrided_destroy_desc(c8);
        cstrided_destroy_desc(t);
    }
}

// Audit round 3, hole 3: the string of `cstrided_last_error` lived in a
// thread-local that the thread's exit freed, so a worker that passed it to
// the joining thread passed a dangling pointer. It now outlives the thread
// (one leaked buffer per thread that failed), as the header says.
#[test]
fn soundness_last_error_outlives_its_thread() {
    struct Sent(*const core::ffi::c_char);
    // SAFETY: only the address crosses; the header makes it valid forever.
    unsafe impl Send for Sent {}
    let workers: Vec<_> = (0..3)
        .map(|_| {
            std::thread::spawn(|| {
                let mut d = null_mut();
                let shape = [2usize, 3];
                // SAFETY: valid pointers; element size 0 is refused.
                let st = unsafe { cstrided_create_desc(&mut d, 2, shape.as_ptr(), null(), 0) };
                assert_ne!(st, CSTRIDED_SUCCESS);
                Sent(cstrided_last_error())
            })
        })
        .collect();
    for w in workers {
        let p = w.join().unwrap().0;
        // SAFETY: the setting thread has exited: the string is valid and
        // no longer written.
        let text = unsafe { std::ffi::CStr::from_ptr(p) }.to_str().unwrap();
        assert!(text.starts_with("cstrided_create_desc: "), "{text}");
        assert!(text.contains("elem_size"), "{text}");
    }
}

// One buffer per thread: the pointer stays the same across failures (the
// contents are rewritten), and each thread has its own.
#[test]
fn soundness_last_error_one_buffer_per_thread() {
    // SAFETY: NULL is checked.
    assert_eq!(
        unsafe { cstrided_destroy_desc(null_mut()) },
        CSTRIDED_NULL_POINTER
    );
    let first = cstrided_last_error();
    let mut d = null_mut();
    // SAFETY: NULL shape with rank 1 is checked.
    let st = unsafe { cstrided_create_desc(&mut d, 1, null(), null(), 4) };
    assert_ne!(st, CSTRIDED_SUCCESS);
    assert_eq!(cstrided_last_error(), first);
    // SAFETY: a valid C string, this thread is not calling the library.
    let text = unsafe { std::ffi::CStr::from_ptr(first) }.to_str().unwrap();
    assert!(text.starts_with("cstrided_create_desc: "), "{text}");
    let other = std::thread::spawn(|| {
        // SAFETY: NULL is checked.
        unsafe { cstrided_destroy_desc(null_mut()) };
        cstrided_last_error() as usize
    })
    .join()
    .unwrap();
    assert_ne!(other, first as usize);
}
