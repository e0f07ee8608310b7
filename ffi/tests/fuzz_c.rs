//! Issue 15: the C functions fuzzed with extreme values (called from Rust):
//! no panic reaches the guard (which would answer `CSTRIDED_BAD_PARAM`
//! for a call the header promises another status for), descriptors that
//! are made re-validate, and copies stay inside their buffers.

use constrided::DynLayout;
use constrided_ffi::*;
use core::ptr::{null, null_mut};
use proptest::prelude::*;

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![
        3 => 0usize..5,
        1 => Just(usize::MAX),
        1 => Just(isize::MAX as usize),
        1 => Just(1usize << 62),
        1 => any::<usize>(),
    ]
}

fn stride() -> impl Strategy<Value = isize> {
    prop_oneof![
        3 => -4isize..5,
        1 => Just(isize::MIN),
        1 => Just(isize::MAX),
        1 => any::<isize>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn create_desc_answers_a_documented_status(
        shape in proptest::collection::vec(size(), 0..10),
        strides in proptest::collection::vec(stride(), 10),
        contiguous in any::<bool>(),
        es in prop_oneof![Just(1usize), Just(4), Just(usize::MAX)],
    ) {
        let mut d = null_mut();
        let sp = if contiguous { null() } else { strides.as_ptr() };
        // SAFETY: shape has shape.len() entries, strides 10 >= that.
        let st = unsafe { cstrided_create_desc(&mut d, shape.len(), shape.as_ptr(), sp, es) };
        if st == CSTRIDED_SUCCESS {
            // SAFETY: just made.
            let l = unsafe { (*d).layout() };
            prop_assert_eq!(DynLayout::new(l.shape(), l.strides(), l.offset()), Ok(*l));
            prop_assert!(l.required_len().checked_mul(es).is_some_and(|b| b <= isize::MAX as usize));
            // SAFETY: made above.
            unsafe { cstrided_destroy_desc(d) };
        } else {
            prop_assert!(d.is_null());
            // A bad shape or stride has its own status; BAD_PARAM is only
            // for an element size beyond what any tensor can hold.
            let why = [CSTRIDED_BAD_TENSOR_SHAPE, CSTRIDED_BAD_TENSOR_STRIDES, CSTRIDED_BAD_PARAM];
            prop_assert!(why.contains(&st), "status {}", st);
            if st == CSTRIDED_BAD_PARAM {
                prop_assert!(shape.len() > 8 || es == usize::MAX, "BAD_PARAM for {:?}", shape);
            }
        }
    }

    #[test]
    fn as_strided_and_rearrange_stay_in_their_buffers(
        n in 1usize..5,
        size in prop_oneof![Just(1i64), Just(2), Just(3), Just(i64::MAX), Just(-1)],
        stride in prop_oneof![Just(0i64), Just(1), Just(2), Just(i64::MAX), Just(-1)],
        offset in prop_oneof![Just(0i64), Just(3), Just(i64::MAX), Just(isize::MAX as i64 - 1), Just(-1)],
        at in 0usize..32,
        rs in stride(),
    ) {
        let mut buf = vec![0u32; 64];
        let mut d = null_mut();
        // SAFETY: valid pointers of one entry.
        let st = unsafe { cstrided_create_desc(&mut d, 1, [n].as_ptr(), null(), 4) };
        prop_assert_eq!(st, CSTRIDED_SUCCESS);
        let p = buf.as_mut_ptr();
        // Only offsets and layouts the buffer holds are actually run
        // (otherwise the call is the caller's out-of-bounds); the checks
        // before the copy must answer without panicking either way.
        let reach = |sz: i64, stp: i64, off: i64| -> Option<usize> {
            let last = (sz.checked_sub(1)?).checked_mul(stp)?.checked_add(off)?;
            usize::try_from(last).ok()
        };
        let inside = size == n as i64 && size > 0 && stride >= 0 && offset >= 0
            && reach(size, stride, offset).is_some_and(|r| r < 64)
            && at + n <= 64;
        if inside {
            // SAFETY: out = buf[at..at+n], in = buf; every element read is
            // below 64 (checked above).
            let st = unsafe {
                cstrided_as_strided(d, p.add(at).cast(), p.cast_const().cast(), 1, [size].as_ptr(), [stride].as_ptr(), offset)
            };
            prop_assert!(st == CSTRIDED_SUCCESS || st == CSTRIDED_OVERLAP, "status {}", st);
            let read_lo = offset as usize;
            let read_hi = reach(size, stride, offset).unwrap();
            let overlaps = at <= read_hi && read_lo < at + n;
            prop_assert_eq!(st == CSTRIDED_OVERLAP, overlaps);
        } else if !(size > 0 && stride >= 0 && offset >= 0) || size != n as i64 {
            // Rejected before any memory is touched.
            // SAFETY: the call fails on its parameters.
            let st = unsafe {
                cstrided_as_strided(d, p.add(at).cast(), p.cast_const().cast(), 1, [size].as_ptr(), [stride].as_ptr(), offset)
            };
            prop_assert!(st != CSTRIDED_SUCCESS);
        }
        // rearrange with a source stride from the fuzzer, when it fits.
        let mut sd = null_mut();
        // SAFETY: valid pointers of one entry.
        let st = unsafe { cstrided_create_desc(&mut sd, 1, [n].as_ptr(), [rs].as_ptr(), 4) };
        if st == CSTRIDED_SUCCESS {
            // SAFETY: a live descriptor.
            let req = unsafe { (*sd).layout().required_len() };
            // SAFETY: as above.
            let off = unsafe { (*sd).layout().offset() };
            if req <= 32 {
                let src = [7u32; 32];
                let mut out = vec![0u32; 8];
                // SAFETY: element 0 of src at src[off]; req <= 32; out holds n <= 4.
                let st = unsafe { cstrided_rearrange(d, out.as_mut_ptr().cast(), sd, src.as_ptr().add(off).cast()) };
                prop_assert_eq!(st, CSTRIDED_SUCCESS);
                prop_assert!(out[..n].iter().all(|&x| x == 7));
                prop_assert!(out[n..].iter().all(|&x| x == 0));
            }
            // SAFETY: made above.
            unsafe { cstrided_destroy_desc(sd) };
        }
        // SAFETY: made above.
        unsafe { cstrided_destroy_desc(d) };
    }
}
