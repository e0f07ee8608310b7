/*
 * constrided.h - the C interface of constrided (crate constrided-ffi).
 *
 * Tensor descriptors (rank 0..8, strides in elements, possibly negative or
 * zero), InfiniOP's Rearrange (copy between any two layouts of one shape)
 * and Ascend ATB's AsStrided, for operator libraries written in C or C++.
 *
 * Conventions:
 * - Shapes, strides and offsets count elements, never bytes.
 * - A data pointer points at element (0, ..., 0), as InfiniOP descriptors,
 *   NumPy's `data` and PyTorch's `data_ptr()` give it: negative strides
 *   reach below it. It may be NULL when the tensor has no elements.
 * - Every function returns a status; no call crashes or writes out of
 *   place on a bad argument it can detect (NULL pointers, rank above 8,
 *   zero element size, aliasing destination, overlapping operands,
 *   mismatched shapes, strides that overflow).
 *
 * Link with the static library (libconstrided_ffi.a, plus -lpthread -ldl -lm
 * on Linux) or the shared library (libconstrided_ffi.so / .dylib / .dll).
 */
#ifndef CONSTRIDED_H
#define CONSTRIDED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A tensor descriptor: rank, shape, strides and element size (opaque). */
typedef struct cstrided_desc cstrided_desc;            /* opaque */

/* What every call returns. */
typedef enum { CSTRIDED_SUCCESS = 0, CSTRIDED_NULL_POINTER = 1, CSTRIDED_BAD_PARAM = 2,
               CSTRIDED_BAD_TENSOR_SHAPE = 3, CSTRIDED_BAD_TENSOR_STRIDES = 4,
               CSTRIDED_ALIASING = 5, CSTRIDED_OVERLAP = 6 } cstrided_status;

/*
 * Creates a descriptor of `ndim` axes (0 is a scalar; `shape` may then be
 * NULL). `strides` NULL means row-major contiguous. `elem_size` is the size
 * of one element in bytes. On success stores a new descriptor in *desc
 * (free it with cstrided_destroy_desc); on failure stores NULL there.
 * Returns NULL_POINTER (desc, or shape with ndim > 0, is NULL), BAD_PARAM
 * (elem_size is 0), BAD_TENSOR_SHAPE (ndim > 8, or the element count or
 * byte size does not fit), BAD_TENSOR_STRIDES (the positions reached, in
 * bytes, do not fit ptrdiff_t).
 */
cstrided_status cstrided_create_desc(cstrided_desc **desc, size_t ndim, const size_t *shape,
                                     const ptrdiff_t *strides /* NULL: contiguous */, size_t elem_size);

/* Frees a descriptor. NULL_POINTER (and nothing done) for NULL. */
cstrided_status cstrided_destroy_desc(cstrided_desc *desc);

/*
 * InfiniOP's Rearrange: copies every element of `src` (read through
 * src_desc) to the same index of `dst` (written through dst_desc).
 * Returns NULL_POINTER (a descriptor, or the data pointer of a non-empty
 * tensor, is NULL), BAD_PARAM (element sizes differ, or a tensor's bytes
 * would wrap around the address space), BAD_TENSOR_SHAPE (shapes differ),
 * ALIASING (dst_desc reaches one element from two indices),
 * OVERLAP (the byte ranges the two tensors reach intersect).
 */
cstrided_status cstrided_rearrange(const cstrided_desc *dst_desc, void *dst,
                                   const cstrided_desc *src_desc, const void *src);

/*
 * Ascend ATB's AsStrided: out[i] = in[offset + sum_k i_k * stride[k]] for
 * every index i of out, with `in` the first element of the flattened input
 * (its elements have out_desc's element size). The rules of ATB's
 * AsStridedParam give BAD_PARAM: ndim <= 8, size[k] > 0, stride[k] >= 0,
 * offset >= 0. Also NULL_POINTER (out_desc, out, in, or size/stride with
 * ndim > 0, is NULL), BAD_TENSOR_SHAPE (size differs from out_desc's
 * shape), ALIASING (out_desc aliases), OVERLAP (the input elements read
 * and the output bytes intersect). The input must hold every element read.
 */
cstrided_status cstrided_as_strided(const cstrided_desc *out_desc, void *out, const void *in,
                                    size_t ndim, const int64_t *size, const int64_t *stride, int64_t offset);

/* A static, NUL-terminated English description of a status. */
const char *cstrided_status_string(cstrided_status status);

/*
 * The message of the last call on the calling thread that did not return
 * CSTRIDED_SUCCESS: the function, then which parameter is wrong and the
 * numbers (the text of constrided's LayoutError when a layout was refused),
 * e.g. "cstrided_rearrange: the element sizes differ: dst_desc has 8 bytes
 * per element, src_desc has 4". "" when no call on this thread has failed.
 * Successful calls leave it as it is. The string belongs to the library
 * (do not free it). Lifetime: the pointer stays valid until the process
 * exits, also after the thread that set it has exited (each thread that
 * ever fails gets one buffer of 1024 bytes, longer messages are cut, and
 * the buffer is never freed), so a worker may hand it to the thread that
 * joins it. Its contents are rewritten in place by the next failing call of
 * this library on the same thread: copy the string before calling the
 * library again on that thread, and read it from another thread only when
 * the setting thread cannot be calling the library (e.g. after a join).
 */
const char *cstrided_last_error(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CONSTRIDED_H */
