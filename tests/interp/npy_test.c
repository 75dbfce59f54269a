/* npy_test.c - unit tests of ktir/interp/npy.c: every dtype and rank 0 to 3
 * survive format and parse; the header is what numpy writes (64-byte
 * aligned data, "(5,)" for rank 1); malformed, truncated and unsupported
 * files are refused with a reason; writes go through a file and back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ktir/interp/npy.h"

static struct interp_array make(enum interp_dtype t, uint32_t rank, const int64_t *shape)
{
    struct interp_array a = {.dtype = t, .rank = rank};
    memcpy(a.shape, shape, rank * sizeof *shape);
    size_t bytes = (size_t)interp_array_numel(&a) * interp_dtype_size(t);
    a.data = malloc(bytes ? bytes : 1);
    assert_non_null(a.data);
    for (size_t i = 0; i < bytes; i++)
        ((uint8_t *)a.data)[i] = (uint8_t)(i * 7 + 3);
    if (t == INTERP_I1)
        for (size_t i = 0; i < bytes; i++)
            ((uint8_t *)a.data)[i] &= 1;
    return a;
}

static void round_trip_every_dtype(void **state)
{
    (void)state;
    static const int64_t shapes[][3] = {{0}, {5}, {2, 3}, {2, 1, 4}};
    for (unsigned t = 0; t < INTERP_NDTYPES; t++)
        for (uint32_t r = 0; r < 4; r++) {
            struct interp_array a = make((enum interp_dtype)t, r, shapes[r]), b;
            uint8_t *buf;
            size_t len;
            char err[128];
            npy_format(&a, &buf, &len);
            uint16_t hl = (uint16_t)(buf[8] | buf[9] << 8);
            assert_int_equal((10 + hl) % 64, 0);
            assert_true(npy_parse(buf, len, &b, err, sizeof err));
            assert_int_equal(b.rank, r);
            assert_memory_equal(b.shape, a.shape, r * sizeof *a.shape);
            size_t bytes = (size_t)interp_array_numel(&a) * interp_dtype_size(a.dtype);
            assert_int_equal(interp_dtype_size(b.dtype), interp_dtype_size(a.dtype));
            assert_memory_equal(b.data, a.data, bytes);
            free(buf);
            interp_array_free(&a);
            interp_array_free(&b);
        }
}

static void numpy_header(void **state)
{
    (void)state;
    struct interp_array a = make(INTERP_F16, 1, (int64_t[]){5});
    uint8_t *buf;
    size_t len;
    npy_format(&a, &buf, &len);
    assert_memory_equal(buf, "\x93NUMPY\x01\x00", 8);
    const char *want = "{'descr': '<f2', 'fortran_order': False, 'shape': (5,), }";
    assert_memory_equal(buf + 10, want, strlen(want));
    assert_int_equal(buf[len - 10 - 1], '\n');
    free(buf);
    interp_array_free(&a);
}

static void refuse(const char *bytes, size_t len, const char *why)
{
    struct interp_array a;
    char err[128];
    assert_false(npy_parse((const uint8_t *)bytes, len, &a, err, sizeof err));
    assert_non_null(strstr(err, why));
}

static char *header(const char *dict, size_t extra_data)
{
    static char buf[256];
    size_t n = strlen(dict);
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (char)n;
    buf[9] = 0;
    memcpy(buf + 10, dict, n);
    memset(buf + 10 + n, 0, extra_data);
    return buf;
}

static void malformed(void **state)
{
    (void)state;
    refuse("GIF89a", 6, "bad magic");
    refuse("\x93NUMPY\x01\x00\xff\x00{", 11, "truncated");
    const char *d = "{'descr': '<f2', 'fortran_order': False, 'shape': (4,), }";
    refuse(header(d, 2), 10 + strlen(d) + 2, "truncated .npy data");
    d = "{'descr': '<f2', 'fortran_order': True, 'shape': (2,), }";
    refuse(header(d, 4), 10 + strlen(d) + 4, "Fortran");
    d = "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }";
    refuse(header(d, 4), 10 + strlen(d) + 4, "big-endian");
    d = "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }";
    refuse(header(d, 8), 10 + strlen(d) + 8, "unsupported dtype");
    d = "{'descr': '<f2', 'fortran_order': False, 'shape': (x,), }";
    refuse(header(d, 8), 10 + strlen(d) + 8, "shape");
    d = "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }";
    struct interp_array a;
    char err[64];
    assert_true(npy_parse((const uint8_t *)header(d, 8), 10 + strlen(d) + 8, &a, err, sizeof err));
    assert_int_equal(a.dtype, INTERP_I32);
    interp_array_free(&a);
}

static void file_round_trip(void **state)
{
    (void)state;
    char dir[] = "/tmp/npy_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/a.npy", dir);
    struct interp_array a = make(INTERP_F32, 2, (int64_t[]){3, 4}), b;
    char err[128];
    assert_true(npy_write(path, &a, err, sizeof err));
    assert_true(npy_read(path, &b, err, sizeof err));
    assert_memory_equal(a.data, b.data, 48);
    interp_array_free(&b);
    assert_false(npy_read("/nonexistent/x.npy", &b, err, sizeof err));
    assert_false(npy_write("/nonexistent/x.npy", &a, err, sizeof err));
    interp_array_free(&a);
    remove(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_every_dtype),
        cmocka_unit_test(numpy_header),
        cmocka_unit_test(malformed),
        cmocka_unit_test(file_round_trip),
    };
    return cmocka_run_group_tests_name("npy", tests, NULL, NULL);
}
