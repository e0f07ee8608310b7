/*
 * Every worked example of the seeds (../shared/seeds/), run through the C
 * interface as an operator library would: InfiniOP-style descriptors with a
 * run-time ndim, data pointers at element (0, ..., 0), Rearrange and ATB's
 * AsStrided; then every bad argument the interface can detect.
 *
 * Built by ffi/tests/c_api.rs with the system C compiler
 * (-std=c99 -Wall -Wextra -Werror -pedantic) against libconstrided_ffi.a.
 * Prints "N passed, N failed" and exits non-zero on any failure.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "constrided.h"

static int passed = 0, failed = 0;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (cond) {                                                         \
            passed++;                                                       \
        } else {                                                            \
            failed++;                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                 \
        }                                                                   \
    } while (0)

/* cstrided_last_error() is exactly `want`. */
#define LAST(want)                                                           \
    do {                                                                     \
        const char *le_ = cstrided_last_error();                             \
        if (strcmp(le_, (want)) == 0) {                                      \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            fprintf(stderr, "%s:%d: last error \"%s\", wanted \"%s\"\n",     \
                    __FILE__, __LINE__, le_, (want));                        \
        }                                                                    \
    } while (0)

/* cstrided_last_error() starts with `want` (the rest names addresses). */
#define LAST_PREFIX(want) CHECK(strncmp(cstrided_last_error(), (want), strlen(want)) == 0)

#define STATUS(call, want)                                                   \
    do {                                                                     \
        cstrided_status st_ = (call);                                        \
        if (st_ == (want)) {                                                 \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__,  \
                    __LINE__, #call, cstrided_status_string(st_),            \
                    cstrided_status_string(want));                           \
        }                                                                    \
    } while (0)

static cstrided_desc *desc(size_t ndim, const size_t *shape, const ptrdiff_t *strides,
                           size_t elem_size) {
    cstrided_desc *d = NULL;
    STATUS(cstrided_create_desc(&d, ndim, shape, strides, elem_size), CSTRIDED_SUCCESS);
    return d;
}

/* Copies src (shape, strides, element 0 at src) into a row-major dst. */
static cstrided_status gather_f64(double *dst, const double *src, size_t ndim,
                                  const size_t *shape, const ptrdiff_t *strides) {
    cstrided_desc *s = desc(ndim, shape, strides, sizeof(double));
    cstrided_desc *d = desc(ndim, shape, NULL, sizeof(double));
    cstrided_status st = cstrided_rearrange(d, dst, s, src);
    cstrided_destroy_desc(s);
    cstrided_destroy_desc(d);
    return st;
}

/* Seed 000 (aclnn non-contiguous tensors): 10x10 buffer a[i][j] = 10i + j. */
static void seed_aclnn(void) {
    double buf[100], out[30];
    size_t i, j;
    for (i = 0; i < 100; i++) buf[i] = (double)i;
    {
        /* Example 1: shape (6, 5), strides (10, 1), offset 22. */
        const size_t shape[2] = {6, 5};
        const ptrdiff_t strides[2] = {10, 1};
        STATUS(gather_f64(out, buf + 22, 2, shape, strides), CSTRIDED_SUCCESS);
        for (i = 0; i < 6; i++)
            for (j = 0; j < 5; j++) CHECK(out[i * 5 + j] == (double)(22 + 10 * i + j));
    }
    {
        /* Example 2: shape (4, 3), strides (20, 2), offset 22. */
        const size_t shape[2] = {4, 3};
        const ptrdiff_t strides[2] = {20, 2};
        STATUS(gather_f64(out, buf + 22, 2, shape, strides), CSTRIDED_SUCCESS);
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) CHECK(out[i * 3 + j] == (double)(22 + 20 * i + 2 * j));
        /* Scatter back: write 4x3 values into a zeroed 10x10 buffer. */
        {
            double grid[100], vals[12];
            cstrided_desc *d = desc(2, shape, strides, sizeof(double));
            cstrided_desc *s = desc(2, shape, NULL, sizeof(double));
            memset(grid, 0, sizeof grid);
            for (i = 0; i < 12; i++) vals[i] = (double)(i + 1);
            STATUS(cstrided_rearrange(d, grid + 22, s, vals), CSTRIDED_SUCCESS);
            for (i = 0; i < 100; i++) {
                size_t r = i / 10, c = i % 10;
                int hit = r >= 2 && r <= 8 && r % 2 == 0 && c >= 2 && c <= 6 && c % 2 == 0;
                CHECK(hit ? grid[i] == (double)((r - 2) / 2 * 3 + (c - 2) / 2 + 1)
                          : grid[i] == 0.0);
            }
            cstrided_destroy_desc(d);
            cstrided_destroy_desc(s);
        }
    }
}

/* Seed 001 (strided indexing): row/column major, reshape, slices, x[:, 1]. */
static void seed_strides(void) {
    int32_t a[24], out[24];
    size_t i;
    for (i = 0; i < 24; i++) a[i] = (int32_t)i;
    {
        /* [[1,2,3],[4,5,6]] row-major read column-major: 1 4 2 5 3 6. */
        const int32_t x[6] = {1, 2, 3, 4, 5, 6};
        const int32_t want[6] = {1, 4, 2, 5, 3, 6};
        const size_t shape[2] = {3, 2};
        const ptrdiff_t strides[2] = {1, 3};
        cstrided_desc *s = desc(2, shape, strides, 4), *d = desc(2, shape, NULL, 4);
        STATUS(cstrided_rearrange(d, out, s, x), CSTRIDED_SUCCESS);
        CHECK(memcmp(out, want, sizeof want) == 0);
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
    {
        /* (2,3,4) strides (12,4,1): [1,2,2] = 22; viewed as (2,4,3) strides
           (12,3,1): [1,2,2] = 20. A whole copy is the identity. */
        const size_t s3[3] = {2, 3, 4}, s4[3] = {2, 4, 3};
        const ptrdiff_t st3[3] = {12, 4, 1}, st4[3] = {12, 3, 1};
        cstrided_desc *b = desc(3, s3, st3, 4), *c = desc(3, s4, st4, 4);
        cstrided_desc *bd = desc(3, s3, NULL, 4), *cd = desc(3, s4, NULL, 4);
        STATUS(cstrided_rearrange(bd, out, b, a), CSTRIDED_SUCCESS);
        CHECK(out[1 * 12 + 2 * 4 + 2] == 22);
        STATUS(cstrided_rearrange(cd, out, c, a), CSTRIDED_SUCCESS);
        CHECK(out[1 * 12 + 2 * 3 + 2] == 20);
        for (i = 0; i < 24; i++) CHECK(out[i] == (int32_t)i);
        cstrided_destroy_desc(b);
        cstrided_destroy_desc(c);
        cstrided_destroy_desc(bd);
        cstrided_destroy_desc(cd);
    }
    {
        /* a = arange(12).reshape(3,4); b = a[1:3,1:3] (strides (4,1),
           offset 5) = [[5,6],[9,10]]; c = a[:2,:2] = [[0,1],[4,5]]. */
        const size_t shape[2] = {2, 2};
        const ptrdiff_t strides[2] = {4, 1};
        const int32_t wb[4] = {5, 6, 9, 10}, wc[4] = {0, 1, 4, 5};
        cstrided_desc *s = desc(2, shape, strides, 4), *d = desc(2, shape, NULL, 4);
        STATUS(cstrided_rearrange(d, out, s, a + 5), CSTRIDED_SUCCESS);
        CHECK(memcmp(out, wb, sizeof wb) == 0);
        STATUS(cstrided_rearrange(d, out, s, a), CSTRIDED_SUCCESS);
        CHECK(memcmp(out, wc, sizeof wc) == 0);
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
    {
        /* x = [[1,2,3],[4,5,6]]; y = x[:,1] (shape (2,), stride 3, element
           0 at x+1); y[0] = 9 through a copy into the view. */
        int32_t x[6] = {1, 2, 3, 4, 5, 6};
        const int32_t nine[1] = {9};
        const int32_t want[6] = {1, 9, 3, 4, 5, 6};
        const size_t one[1] = {1}, two[1] = {2};
        const ptrdiff_t three[1] = {3};
        cstrided_desc *y = desc(1, two, three, 4), *y0 = desc(1, one, three, 4);
        cstrided_desc *v = desc(1, one, NULL, 4), *yd = desc(1, two, NULL, 4);
        STATUS(cstrided_rearrange(y0, x + 1, v, nine), CSTRIDED_SUCCESS);
        CHECK(memcmp(x, want, sizeof want) == 0);
        STATUS(cstrided_rearrange(yd, out, y, x + 1), CSTRIDED_SUCCESS);
        CHECK(out[0] == 9 && out[1] == 5);
        cstrided_destroy_desc(y);
        cstrided_destroy_desc(y0);
        cstrided_destroy_desc(v);
        cstrided_destroy_desc(yd);
    }
    {
        /* Column-major (2,3,4): strides (1,2,6); [1,0,0] is one element
           away from [0,0,0]. Read back as row-major. */
        const size_t shape[3] = {2, 3, 4};
        const ptrdiff_t f[3] = {1, 2, 6};
        cstrided_desc *s = desc(3, shape, f, 4), *d = desc(3, shape, NULL, 4);
        size_t p, q, r;
        STATUS(cstrided_rearrange(d, out, s, a), CSTRIDED_SUCCESS);
        for (p = 0; p < 2; p++)
            for (q = 0; q < 3; q++)
                for (r = 0; r < 4; r++) CHECK(out[p * 12 + q * 4 + r] == (int32_t)(p + 2 * q + 6 * r));
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
}

/* Seed 002 (ATB AsStrided): 3x3 input, size [2,2], stride [2,3]. */
static void seed_as_strided(void) {
    const uint16_t in[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}; /* float16-sized */
    const int64_t in64[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint16_t out[4];
    int64_t out64[4];
    const size_t shape[2] = {2, 2};
    const int64_t size[2] = {2, 2}, stride[2] = {2, 3};
    cstrided_desc *o = desc(2, shape, NULL, 2), *o64 = desc(2, shape, NULL, 8);
    STATUS(cstrided_as_strided(o, out, in, 2, size, stride, 0), CSTRIDED_SUCCESS);
    CHECK(out[0] == 1 && out[1] == 4 && out[2] == 3 && out[3] == 6);
    STATUS(cstrided_as_strided(o, out, in, 2, size, stride, 2), CSTRIDED_SUCCESS);
    CHECK(out[0] == 3 && out[1] == 6 && out[2] == 5 && out[3] == 8);
    STATUS(cstrided_as_strided(o64, out64, in64, 2, size, stride, 2), CSTRIDED_SUCCESS);
    CHECK(out64[0] == 3 && out64[1] == 6 && out64[2] == 5 && out64[3] == 8);
    {
        /* The parameter rules: offset >= 0, size > 0, stride >= 0, rank <= 8. */
        const int64_t zero[2] = {2, 0}, neg[2] = {2, -3}, nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        memset(out, 0, sizeof out);
        STATUS(cstrided_as_strided(o, out, in, 2, size, stride, -1), CSTRIDED_BAD_PARAM);
        LAST("cstrided_as_strided: offset is -1; AsStrided needs an offset of at least 0");
        STATUS(cstrided_as_strided(o, out, in, 2, zero, stride, 0), CSTRIDED_BAD_PARAM);
        LAST("cstrided_as_strided: size[1] is 0; AsStrided needs sizes above 0");
        STATUS(cstrided_as_strided(o, out, in, 2, size, neg, 0), CSTRIDED_BAD_PARAM);
        LAST("cstrided_as_strided: stride[1] is -3; AsStrided needs strides of at least 0");
        STATUS(cstrided_as_strided(o, out, in, 9, nine, nine, 0), CSTRIDED_BAD_PARAM);
        LAST("cstrided_as_strided: ndim 9 is above the largest supported rank 8");
        STATUS(cstrided_as_strided(o, out, in, 1, size, stride, 0), CSTRIDED_BAD_TENSOR_SHAPE);
        LAST("cstrided_as_strided: size does not match out_desc's shape: "
             "shape mismatch: expected (2, 2), found (2,)");
        STATUS(cstrided_as_strided(o, out, in, 2, NULL, stride, 0), CSTRIDED_NULL_POINTER);
        LAST("cstrided_as_strided: size is NULL with ndim 2");
        STATUS(cstrided_as_strided(o, out, NULL, 2, size, stride, 0), CSTRIDED_NULL_POINTER);
        LAST("cstrided_as_strided: in is NULL");
        STATUS(cstrided_as_strided(NULL, out, in, 2, size, stride, 0), CSTRIDED_NULL_POINTER);
        LAST("cstrided_as_strided: out_desc is NULL");
        CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 0);
    }
    {
        /* Output inside the input: OVERLAP, nothing written. */
        uint16_t buf[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        STATUS(cstrided_as_strided(o, buf + 5, buf, 2, size, stride, 0), CSTRIDED_OVERLAP);
        LAST_PREFIX("cstrided_as_strided: out's bytes [");
        CHECK(buf[5] == 6 && buf[8] == 9);
    }
    cstrided_destroy_desc(o);
    cstrided_destroy_desc(o64);
}

/* Seed 003 (PyTorch strides): x = arange(12).reshape(3,4) has strides
   (4,1); y = x.T has shape (4,3), strides (1,4). */
static void seed_torch(void) {
    float x[12], out[12];
    const size_t shape[2] = {4, 3};
    const ptrdiff_t strides[2] = {1, 4};
    const float want[12] = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
    size_t i;
    cstrided_desc *y, *d;
    for (i = 0; i < 12; i++) x[i] = (float)i;
    y = desc(2, shape, strides, sizeof(float));
    d = desc(2, shape, NULL, sizeof(float));
    STATUS(cstrided_rearrange(d, out, y, x), CSTRIDED_SUCCESS);
    CHECK(memcmp(out, want, sizeof want) == 0);
    cstrided_destroy_desc(y);
    cstrided_destroy_desc(d);
}

/* Seed 004 (InfiniOP descriptors): negative stride, zero stride, scalar. */
static void seed_infiniop(void) {
    int16_t v[6] = {1, 2, 3, 4, 5, 6}, out[12];
    {
        /* A negative stride walks backwards: element 0 at v + 5. */
        const size_t shape[1] = {6};
        const ptrdiff_t back[1] = {-1};
        cstrided_desc *s = desc(1, shape, back, 2), *d = desc(1, shape, NULL, 2);
        size_t i;
        STATUS(cstrided_rearrange(d, out, s, v + 5), CSTRIDED_SUCCESS);
        for (i = 0; i < 6; i++) CHECK(out[i] == (int16_t)(6 - i));
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
    {
        /* A zero stride on an axis of size > 1 broadcasts (rows of v[0..3]). */
        const size_t shape[2] = {4, 3};
        const ptrdiff_t bcast[2] = {0, 1};
        cstrided_desc *s = desc(2, shape, bcast, 2), *d = desc(2, shape, NULL, 2);
        size_t i;
        STATUS(cstrided_rearrange(d, out, s, v), CSTRIDED_SUCCESS);
        for (i = 0; i < 12; i++) CHECK(out[i] == (int16_t)(i % 3 + 1));
        /* ... and cannot be a destination. */
        STATUS(cstrided_rearrange(s, v, d, out), CSTRIDED_ALIASING);
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
    {
        /* ndim 0 is a scalar: shape and strides may be NULL. */
        cstrided_desc *s = desc(0, NULL, NULL, 2), *d = NULL;
        const ptrdiff_t none[1] = {0};
        STATUS(cstrided_create_desc(&d, 0, NULL, none, 2), CSTRIDED_SUCCESS);
        out[0] = 0;
        STATUS(cstrided_rearrange(d, out, s, v + 3), CSTRIDED_SUCCESS);
        CHECK(out[0] == 4);
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
    {
        /* (d1, d2) with strides (s1, s2): row 3, column 2 (1-based) at
           addr + (2*s1 + 1*s2) * size(T). A 3x4 view with strides (8, 2). */
        int16_t buf[40], o[12];
        size_t i;
        const size_t shape[2] = {3, 4};
        const ptrdiff_t strides[2] = {8, 2};
        cstrided_desc *s = desc(2, shape, strides, 2), *d = desc(2, shape, NULL, 2);
        for (i = 0; i < 40; i++) buf[i] = (int16_t)i;
        STATUS(cstrided_rearrange(d, o, s, buf), CSTRIDED_SUCCESS);
        CHECK(o[2 * 4 + 1] == buf[2 * 8 + 1 * 2]);
        cstrided_destroy_desc(s);
        cstrided_destroy_desc(d);
    }
}

/* Every bad argument the interface can detect. */
static void bad_arguments(void) {
    const size_t shape[2] = {2, 3}, other[2] = {3, 2}, nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    const ptrdiff_t huge[2] = {PTRDIFF_MAX, 1}, self_alias[2] = {1, 1};
    int32_t a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0, 0, 0, 0, 0, 0};
    cstrided_desc *d = NULL, *c = desc(2, shape, NULL, 4), *t = desc(2, other, NULL, 4);
    cstrided_desc *c8 = desc(2, shape, NULL, 8), *al = desc(2, shape, self_alias, 4);
    size_t i;
    STATUS(cstrided_create_desc(NULL, 2, shape, NULL, 4), CSTRIDED_NULL_POINTER);
    LAST("cstrided_create_desc: desc is NULL");
    STATUS(cstrided_create_desc(&d, 2, NULL, NULL, 4), CSTRIDED_NULL_POINTER);
    LAST("cstrided_create_desc: shape is NULL with ndim 2");
    CHECK(d == NULL);
    STATUS(cstrided_create_desc(&d, 9, nine, NULL, 4), CSTRIDED_BAD_TENSOR_SHAPE);
    LAST("cstrided_create_desc: ndim 9 is above the largest supported rank 8");
    STATUS(cstrided_create_desc(&d, 2, shape, NULL, 0), CSTRIDED_BAD_PARAM);
    LAST("cstrided_create_desc: elem_size is 0");
    STATUS(cstrided_create_desc(&d, 2, shape, huge, 4), CSTRIDED_BAD_TENSOR_STRIDES);
    LAST_PREFIX("cstrided_create_desc: layout reaches position ");
    CHECK(d == NULL);
    /* A successful call leaves the last error as it was. */
    d = desc(2, shape, NULL, 4);
    LAST_PREFIX("cstrided_create_desc: layout reaches position ");
    cstrided_destroy_desc(d);
    d = NULL;
    STATUS(cstrided_destroy_desc(NULL), CSTRIDED_NULL_POINTER);
    LAST("cstrided_destroy_desc: desc is NULL");
    STATUS(cstrided_rearrange(NULL, b, c, a), CSTRIDED_NULL_POINTER);
    LAST("cstrided_rearrange: dst_desc is NULL");
    STATUS(cstrided_rearrange(c, b, NULL, a), CSTRIDED_NULL_POINTER);
    LAST("cstrided_rearrange: src_desc is NULL");
    STATUS(cstrided_rearrange(c, NULL, c, a), CSTRIDED_NULL_POINTER);
    LAST("cstrided_rearrange: dst is NULL for a tensor of 6 elements");
    STATUS(cstrided_rearrange(c, b, c, NULL), CSTRIDED_NULL_POINTER);
    LAST("cstrided_rearrange: src is NULL for a tensor of 6 elements");
    STATUS(cstrided_rearrange(c, b, t, a), CSTRIDED_BAD_TENSOR_SHAPE);
    LAST("cstrided_rearrange: the source has shape (3, 2), but the destination has shape (2, 3)");
    STATUS(cstrided_rearrange(c8, b, c, a), CSTRIDED_BAD_PARAM);
    LAST("cstrided_rearrange: the element sizes differ: dst_desc has 8 bytes per element, "
         "src_desc has 4");
    STATUS(cstrided_rearrange(al, b, c, a), CSTRIDED_ALIASING);
    LAST("cstrided_rearrange: dst_desc: layout aliases: indices (1, 0) and (0, 1) reach the "
         "same position, so it cannot back a mutable view");
    STATUS(cstrided_rearrange(c, a, c, a), CSTRIDED_OVERLAP);
    LAST_PREFIX("cstrided_rearrange: dst's bytes [");
    STATUS(cstrided_rearrange(c, a + 1, c, a), CSTRIDED_OVERLAP);
    LAST_PREFIX("cstrided_rearrange: dst's bytes [");
    for (i = 0; i < 6; i++) CHECK(a[i] == (int32_t)(i + 1) && b[i] == 0);
    {
        /* Empty tensors: NULL data is fine, nothing is touched. */
        const size_t empty[2] = {0, 3};
        cstrided_desc *e = desc(2, empty, NULL, 4);
        STATUS(cstrided_rearrange(e, NULL, e, NULL), CSTRIDED_SUCCESS);
        cstrided_destroy_desc(e);
    }
    for (i = 0; i <= 7; i++) CHECK(strlen(cstrided_status_string((cstrided_status)i)) > 0);
    cstrided_destroy_desc(c);
    cstrided_destroy_desc(t);
    cstrided_destroy_desc(c8);
    cstrided_destroy_desc(al);
}

/* A thread that has made no failing call sees "". */
static void *fresh_thread(void *arg) {
    const char *le = cstrided_last_error();
    *(int *)arg = le != NULL && le[0] == '\0';
    return NULL;
}

/* The last error is per thread: "" before any failure, then the text of
   the last failure; another thread's failures do not show. */
static void last_error_per_thread(void) {
    pthread_t th;
    int empty = 0;
    CHECK(cstrided_destroy_desc(NULL) == CSTRIDED_NULL_POINTER);
    LAST("cstrided_destroy_desc: desc is NULL");
    CHECK(pthread_create(&th, NULL, fresh_thread, &empty) == 0);
    CHECK(pthread_join(th, NULL) == 0);
    CHECK(empty);
    LAST("cstrided_destroy_desc: desc is NULL");
}

int main(void) {
    /* No call has failed on this thread yet. */
    LAST("");
    seed_aclnn();
    seed_strides();
    seed_as_strided();
    seed_torch();
    seed_infiniop();
    bad_arguments();
    last_error_per_thread();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
