#!/usr/bin/env python3
"""constrided's C interface from Python, as a NumPy user would call it.

Loads the cdylib (libconstrided_ffi.so / .dylib / constrided_ffi.dll) with
ctypes and copies random NumPy views -- negative strides, broadcasts,
transposes, slices, scalars, empty arrays, every dtype of 1 to 8 bytes
(bool, int8..int64, uint8..uint64, float16/32/64, complex64) and 16-byte
complex128 -- through cstrided_rearrange, comparing with NumPy; then the
bad arguments the interface must refuse; then times cstrided_rearrange on a
4096x4096 float32 transpose against np.copyto.

    python3 test_rearrange.py [path/to/libconstrided_ffi.so]

(or set CSTRIDED_LIB). Prints "N passed, N failed" and exits non-zero on
any failure.
"""
import ctypes
import os
import sys
import time

import numpy as np

SUCCESS, NULL_POINTER, BAD_PARAM, BAD_TENSOR_SHAPE, BAD_TENSOR_STRIDES, ALIASING, OVERLAP = range(7)


def find_lib():
    if len(sys.argv) > 1:
        return sys.argv[1]
    if os.environ.get("CSTRIDED_LIB"):
        return os.environ["CSTRIDED_LIB"]
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "..", "..", "..", "target")
    names = {"darwin": "libconstrided_ffi.dylib", "win32": "constrided_ffi.dll"}
    name = names.get(sys.platform, "libconstrided_ffi.so")
    for profile in ("release", "debug"):
        path = os.path.join(target, profile, name)
        if os.path.exists(path):
            return path
    sys.exit("libconstrided_ffi not found: build it with cargo build --release -p constrided-ffi")


lib = ctypes.CDLL(find_lib())
desc_p = ctypes.c_void_p
lib.cstrided_create_desc.argtypes = [ctypes.POINTER(desc_p), ctypes.c_size_t,
                                     ctypes.POINTER(ctypes.c_size_t),
                                     ctypes.POINTER(ctypes.c_ssize_t), ctypes.c_size_t]
lib.cstrided_create_desc.restype = ctypes.c_int
lib.cstrided_destroy_desc.argtypes = [desc_p]
lib.cstrided_destroy_desc.restype = ctypes.c_int
lib.cstrided_rearrange.argtypes = [desc_p, ctypes.c_void_p, desc_p, ctypes.c_void_p]
lib.cstrided_rearrange.restype = ctypes.c_int
lib.cstrided_status_string.argtypes = [ctypes.c_int]
lib.cstrided_status_string.restype = ctypes.c_char_p

passed = 0
failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what, file=sys.stderr)


def create(shape, strides, elem_size):
    """A descriptor; strides in elements (None: contiguous)."""
    d = desc_p()
    n = len(shape)
    sh = (ctypes.c_size_t * max(n, 1))(*shape)
    st = None if strides is None else (ctypes.c_ssize_t * max(n, 1))(*strides)
    status = lib.cstrided_create_desc(ctypes.byref(d), n, sh, st, elem_size)
    return status, d


def desc_of(a):
    """The descriptor of a NumPy view (strides in elements)."""
    item = a.dtype.itemsize
    assert all(s % item == 0 for s in a.strides)
    status, d = create(a.shape, [s // item for s in a.strides], item)
    assert status == SUCCESS, lib.cstrided_status_string(status)
    return d


def rearrange(dst, src):
    dd, sd = desc_of(dst), desc_of(src)
    try:
        return lib.cstrided_rearrange(dd, dst.ctypes.data or None, sd, src.ctypes.data or None)
    finally:
        lib.cstrided_destroy_desc(dd)
        lib.cstrided_destroy_desc(sd)


DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
          np.int64, np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]


def random_data(rng, shape, dtype):
    n = int(np.prod(shape))
    raw = rng.integers(0, 256, size=n * np.dtype(dtype).itemsize, dtype=np.uint8)
    if dtype == np.bool_:
        raw = raw % 2
    return raw.view(dtype).reshape(shape)


def random_view(rng, dtype, allow_broadcast):
    """A random view of a random base array, with the view's shape."""
    rank = int(rng.integers(0, 5))
    shape = tuple(int(rng.integers(0, 6)) if rng.random() < 0.05 else int(rng.integers(1, 6))
                  for _ in range(rank))
    base = random_data(rng, tuple(s * 2 + 1 for s in shape), dtype)
    # Slice each axis: random start, random (possibly negative) step.
    idx = []
    for k, s in enumerate(shape):
        n = base.shape[k]
        step = int(rng.choice([1, 1, 2, -1, -2]))
        start = int(rng.integers(0, n - (s - 1) * abs(step))) if s > 0 else 0
        if step < 0:
            start = n - 1 - start
        stop = start + s * step
        idx.append(slice(start, stop if stop >= 0 else None, step))
    v = base[tuple(idx)] if idx else base[...]
    assert v.shape == shape, (v.shape, shape)
    if rank > 1 and rng.random() < 0.5:
        v = v.transpose(rng.permutation(rank))
    if allow_broadcast and rank > 0 and rng.random() < 0.3:
        k = int(rng.integers(0, rank))
        sub = [slice(None)] * rank
        sub[k] = slice(0, 1)
        w = v[tuple(sub)]
        v = np.broadcast_to(w, v.shape)
    return v


def random_dst(rng, shape, dtype):
    """A writable, unique destination of `shape`: contiguous, Fortran, or a
    strided window of a bigger array (negative steps included)."""
    choice = rng.random()
    if choice < 0.4 or not shape:
        return np.zeros(shape, dtype)
    if choice < 0.6:
        return np.zeros(shape, dtype, order="F")
    big = np.zeros(tuple(s * 2 + 1 for s in shape), dtype)
    idx = tuple(slice(None, None, -2) if rng.random() < 0.5 else slice(0, 2 * s, 2) for s in shape)
    w = big[idx][tuple(slice(0, s) for s in shape)]
    assert w.shape == shape
    return w


def random_copies(rng, count):
    for i in range(count):
        dtype = DTYPES[i % len(DTYPES)]
        src = random_view(rng, dtype, allow_broadcast=True)
        dst = random_dst(rng, src.shape, dtype)
        want = dst.copy()
        np.copyto(want, src)
        status = rearrange(dst, src)
        ok = status == SUCCESS and dst.tobytes() == want.tobytes()
        check(ok, "copy %d: %s shape %s src strides %s dst strides %s status %s"
              % (i, np.dtype(dtype).name, src.shape, src.strides, dst.strides,
                 lib.cstrided_status_string(status)))


def bad_arguments():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = np.zeros((3, 2), np.int32)
    check(rearrange(b, a) == BAD_TENSOR_SHAPE, "mismatched shapes")
    check(rearrange(a, a) == OVERLAP, "dst == src")
    check(rearrange(a[:, 1:], a[:, :2]) == OVERLAP, "overlapping windows")
    bcast = np.broadcast_to(np.zeros(3, np.int32), (2, 3))
    check(rearrange(bcast, a) == ALIASING, "broadcast destination")
    check(lib.cstrided_rearrange(None, None, None, None) == NULL_POINTER, "NULL descriptors")
    status, d = create((2, 3), None, 0)
    check(status == BAD_PARAM and not d.value, "element size 0")
    status, d = create((1,) * 9, None, 4)
    check(status == BAD_TENSOR_SHAPE and not d.value, "rank 9")
    status, d = create((2, 3), (2 ** 62, 1), 4)
    check(status == BAD_TENSOR_STRIDES and not d.value, "strides beyond ptrdiff_t")
    check(lib.cstrided_create_desc(None, 0, None, None, 4) == NULL_POINTER, "NULL desc out")
    c64 = np.zeros((2, 3), np.int64)
    check(rearrange(c64, a) == BAD_PARAM, "element sizes differ")
    check(not b.any() and not c64.any() and (a.ravel() == np.arange(6)).all(), "nothing written on refusal")
    e = np.zeros((0, 3), np.float32)
    check(rearrange(e, np.ones((0, 3), np.float32)) == SUCCESS, "empty copy")


def timing():
    n = 4096
    src = np.arange(n * n, dtype=np.float32).reshape(n, n).T
    dst = np.empty((n, n), np.float32)
    dd, sd = desc_of(dst), desc_of(src)
    dp, sp = dst.ctypes.data, src.ctypes.data

    def ours():
        lib.cstrided_rearrange(dd, dp, sd, sp)

    def numpy():
        np.copyto(dst, src)

    def best(f, reps=7):
        f()
        times = []
        for _ in range(reps):
            t = time.perf_counter()
            f()
            times.append(time.perf_counter() - t)
        times.sort()
        return times[len(times) // 2]

    # Interleaved, median of 7 each.
    t_np = best(numpy)
    t_ours = best(ours)
    np.copyto(dst, 0)
    ours()
    check(np.array_equal(dst, src), "4096^2 transpose result")
    lib.cstrided_destroy_desc(dd)
    lib.cstrided_destroy_desc(sd)
    print("4096x4096 f32 transpose: cstrided_rearrange via ctypes %.2f ms, np.copyto %.2f ms, "
          "speedup %.1fx (median of 7, loaded machine)" % (t_ours * 1e3, t_np * 1e3, t_np / t_ours))


def main():
    rng = np.random.default_rng(11)
    random_copies(rng, 600)
    bad_arguments()
    if os.environ.get("CSTRIDED_SKIP_TIMING") != "1":
        timing()
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
