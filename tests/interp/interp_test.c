/* interp_test.c - unit tests of the interpreter library on the small kernels
 * of tests/interp/kernels: every behaviour the corpus goldens do not reach
 * (masking, indirect gathers and scatters, distributed views across memory
 * spaces, inter-tile reduce/consume with groups and dependencies, scf.while,
 * linalg bodies run lifted, f16 numerics, grid linearisation) and every
 * located error (out of bounds, scratchpad capacity, unbound argument,
 * unsupported op, deadlock).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "ktir/asm.h"
#include "ktir/interp/golden.h"
#include "ktir/interp/interp.h"
#include "ktir/interp/npy.h"
#include "ktir/numeric.h"
#include "ktir/verify.h"
#include "tests/lib/irtest.h"

struct run {
    char *path, *src;
    size_t len;
    struct ir_module *m;
    struct ir_diag diag;
    FILE *errf;
    char *errs;
    size_t errlen;
    struct interp *in;
};

/* Parses and verifies kernels/<name>.mlir and makes an interpreter for it
 * (r->in NULL when prepare failed; the diagnostics are in errors(r)). */
static void open_run(struct run *r, const char *name, const struct interp_config *cfg)
{
    memset(r, 0, sizeof *r);
    r->path = irt_fmt("tests/interp/kernels/%s.mlir", name);
    r->src = irt_read_file(r->path, &r->len);
    assert_non_null(r->src);
    r->errf = open_memstream(&r->errs, &r->errlen);
    assert_non_null(r->errf);
    ir_diag_init(&r->diag, r->errf);
    ir_diag_add_source(&r->diag, r->path, r->src, r->len);
    r->m = ir_parse(r->path, r->src, r->len, 0, r->len, &r->diag);
    assert_non_null(r->m);
    assert_true(ir_verify_module(r->m, &r->diag));
    struct interp_config def;
    interp_config_default(&def);
    r->in = interp_new(r->m, NULL, &r->diag, cfg ? cfg : &def);
}

static const char *errors(struct run *r)
{
    fflush(r->errf);
    return r->errs ? r->errs : "";
}

static void close_run(struct run *r)
{
    interp_free(r->in);
    ir_module_free(r->m);
    ir_diag_free(&r->diag);
    fclose(r->errf);
    free(r->errs);
    free(r->src);
    free(r->path);
}

/* An array of dtype t and shape from doubles. */
static struct interp_array array(enum interp_dtype t, uint32_t rank, const int64_t *shape,
                                 const double *v)
{
    struct interp_array a = {.dtype = t, .rank = rank};
    memcpy(a.shape, shape, rank * sizeof *shape);
    int64_t n = interp_array_numel(&a);
    a.data = calloc((size_t)(n ? n : 1), interp_dtype_size(t));
    assert_non_null(a.data);
    for (int64_t i = 0; i < n; i++) {
        uint8_t *d = (uint8_t *)a.data + (size_t)i * interp_dtype_size(t);
        uint16_t h;
        float f;
        int32_t i32;
        int64_t i64;
        switch (t) {
        case INTERP_F16: h = num_f32_to_f16((float)v[i]); memcpy(d, &h, 2); break;
        case INTERP_F32: f = (float)v[i]; memcpy(d, &f, 4); break;
        case INTERP_I32: i32 = (int32_t)v[i]; memcpy(d, &i32, 4); break;
        case INTERP_I64: i64 = (int64_t)v[i]; memcpy(d, &i64, 8); break;
        default: fail_msg("unsupported test dtype");
        }
    }
    return a;
}

static void bind(struct run *r, const char *name, enum interp_dtype t, uint32_t rank,
                 const int64_t *shape, const double *v)
{
    int i = interp_arg_find(r->in, name);
    assert_true(i >= 0);
    struct interp_array a = array(t, rank, shape, v);
    assert_true(interp_bind_array(r->in, (uint32_t)i, &a));
    interp_array_free(&a);
}

static void bind_scalar(struct run *r, const char *name, const char *text)
{
    int i = interp_arg_find(r->in, name);
    assert_true(i >= 0);
    assert_true(interp_bind_scalar(r->in, (uint32_t)i, text));
}

static void expect_values(const struct interp_array *a, const double *want, int64_t n)
{
    assert_int_equal(interp_array_numel(a), n);
    double got[64];
    assert_true(n <= 64);
    interp_array_get(a, 0, n, got);
    for (int64_t i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("element %lld: got %g, want %g", (long long)i, got[i], want[i]);
}

static void expect_close(const struct interp_array *a, const double *want, int64_t n)
{
    double got[64];
    assert_true(n <= 64 && interp_array_numel(a) == n);
    interp_array_get(a, 0, n, got);
    for (int64_t i = 0; i < n; i++)
        if (!(fabs(got[i] - want[i]) <= 2e-3 * fabs(want[i])))
            fail_msg("element %lld: got %g, want %g", (long long)i, got[i], want[i]);
}

static void expect_arg(struct run *r, const char *name, const double *want, int64_t n)
{
    struct interp_array a;
    assert_true(interp_arg_array(r->in, (uint32_t)interp_arg_find(r->in, name), &a));
    expect_values(&a, want, n);
    interp_array_free(&a);
}

static void expect_result(struct run *r, uint32_t i, const double *want, int64_t n)
{
    struct interp_array a;
    assert_true(interp_result_array(r->in, i, &a));
    expect_values(&a, want, n);
    interp_array_free(&a);
}

static void expect_error(struct run *r, const char *located)
{
    const char *e = errors(r);
    if (!strstr(e, located))
        fail_msg("expected '%s' in:\n%s", located, e);
}

/* ---- behaviours -------------------------------------------------------------- */

static void vector_add_on_a_grid(void **state)
{
    (void)state;
    struct run r;
    double x[32], y[32], want[32];
    for (int i = 0; i < 32; i++) {
        x[i] = i;
        y[i] = 2 * i;
        want[i] = 3 * i;
    }
    open_run(&r, "vadd", NULL);
    int64_t grid[3];
    interp_grid(r.in, grid);
    assert_int_equal(grid[0], 4);
    bind(&r, "x", INTERP_F16, 1, (int64_t[]){32}, x);
    bind(&r, "y", INTERP_F16, 1, (int64_t[]){32}, y);
    bind(&r, "out", INTERP_F16, 1, (int64_t[]){32}, (double[32]){0});
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", want, 32);
    expect_arg(&r, "x", x, 32);
    assert_true(interp_has_float_math(r.in));
    close_run(&r);
}

static void masked_by_the_coordinate_set(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "mask", NULL);
    bind(&r, "x", INTERP_F32, 1, (int64_t[]){8}, (double[]){0, 1, 2, 3, 4, 5, 6, 7});
    bind_scalar(&r, "n", "5");
    assert_true(interp_run(r.in));
    expect_arg(&r, "x", (double[]){1, 2, 3, 4, 5, 5, 6, 7}, 8);
    close_run(&r);
}

static void indirect_gather_and_scatter(void **state)
{
    (void)state;
    struct run r;
    double x[16];
    for (int i = 0; i < 16; i++)
        x[i] = i;
    open_run(&r, "gather", NULL);
    bind(&r, "x", INTERP_F16, 2, (int64_t[]){4, 4}, x);
    bind(&r, "i1", INTERP_I32, 2, (int64_t[]){2, 3}, (double[]){3, 0, 1, 2, 2, 0});
    bind(&r, "i2", INTERP_I64, 2, (int64_t[]){2, 3}, (double[]){0, 3, 1, 1, 2, 2});
    bind(&r, "y", INTERP_F16, 2, (int64_t[]){3, 2}, (double[6]){0});
    assert_true(interp_run(r.in));
    expect_arg(&r, "y", (double[]){12, 9, 3, 10, 5, 2}, 6);
    expect_arg(&r, "x", (double[]){0, 1, 4, 6, 4, 10, 6, 7, 8, 18, 20, 11, 24, 13, 14, 15}, 16);
    close_run(&r);
}

static void distributed_view_across_memories(void **state)
{
    (void)state;
    struct run r;
    double a[20];
    for (int i = 0; i < 20; i++)
        a[i] = i;
    open_run(&r, "dist", NULL);
    bind(&r, "a", INTERP_F32, 2, (int64_t[]){5, 4}, a);
    bind(&r, "out", INTERP_F32, 2, (int64_t[]){4, 4}, (double[16]){0});
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", (double[]){12, 13, 14, 15, 16, 17, 18, 19, 7, 7, 7, 7, 7, 7, 7, 7}, 16);
    /* The scratchpad part is column-major at element 64 of core 1. */
    struct interp_array lx = {.dtype = INTERP_F32, .rank = 1, .shape = {12}};
    assert_true(interp_peek(r.in, INTERP_SCRATCH, 1, 64, &lx));
    expect_values(&lx, (double[12]){7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, 12);
    interp_array_free(&lx);
    close_run(&r);
}

static void inter_tile_groups(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "itile", NULL);
    bind(&r, "out", INTERP_F32, 2, (int64_t[]){4, 2}, (double[8]){0});
    bind(&r, "out2", INTERP_F32, 1, (int64_t[]){4}, (double[4]){0});
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", (double[]){3, 2, 3, 2, 7, 12, 7, 12}, 8);
    expect_arg(&r, "out2", (double[]){2, 1, 4, 3}, 4);
    close_run(&r);
}

static void control_flow_and_linalg_bodies(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "misc", NULL);
    bind(&r, "out", INTERP_F32, 1, (int64_t[]){8}, (double[8]){0});
    bind_scalar(&r, "n", "5");
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", (double[]){10, 4, 2.125, 12.125, 1.25, 11.25, 2.125, 12.125}, 8);
    assert_int_equal(interp_nresults(r.in), 2);
    expect_result(&r, 0, (double[]){0.5, 1.25, 2.125, 10.5, 11.25, 12.125}, 6);
    expect_result(&r, 1, (double[]){10}, 1);
    close_run(&r);
}

static void f16_matmul_and_reduce_numerics(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "numerics", NULL);
    bind(&r, "a", INTERP_F16, 2, (int64_t[]){1, 3}, (double[]){2048, 1, 1});
    bind(&r, "b", INTERP_F16, 2, (int64_t[]){3, 1}, (double[]){1, 1, 1});
    bind(&r, "x", INTERP_F16, 2, (int64_t[]){1, 4}, (double[]){2048, 1, 1, 1});
    assert_true(interp_run(r.in));
    /* matmul: 2050 in f32, then + 1 rounds to 2052 (per-MAC f16 gives 2048);
     * reduce: (2048+1 -> 2048) + (1+1) = 2050 (a sequential f16 fold gives 2048). */
    expect_result(&r, 0, (double[]){2052, 2050, 2050}, 3);
    close_run(&r);
}

static void grid_linearisation_and_memref_args(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "grid", NULL);
    bind(&r, "out", INTERP_I32, 1, (int64_t[]){6}, (double[6]){0});
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", (double[]){0, 10, 1, 11, 2, 12}, 6);
    assert_false(interp_has_float_math(r.in));
    close_run(&r);
}

static void spyreop_intrinsics(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "spyreop", NULL);
    bind(&r, "a", INTERP_F16, 1, (int64_t[]){4}, (double[]){1, -1, 0.5, 2});
    bind(&r, "b", INTERP_F16, 1, (int64_t[]){4}, (double[]){0.5, 2, 1, 4});
    assert_true(interp_run(r.in));
    struct interp_array a;
    double want[5][4];
    static const double av[] = {1, -1, 0.5, 2}, bv[] = {0.5, 2, 1, 4};
    for (int i = 0; i < 4; i++) {
        want[0][i] = exp(av[i] > bv[i] ? av[i] : bv[i]) / bv[i];
        want[1][i] = log1p(exp(av[i]));
        want[4][i] = 1 / (1 + exp(-av[i]));
    }
    for (uint32_t k = 0; k < 5; k++) {
        assert_true(interp_result_array(r.in, k, &a));
        if (k == 2)
            expect_values(&a, (double[]){124}, 1); /* 100 + 8 * 3 */
        else if (k == 3)
            expect_values(&a, (double[]){2.5}, 1);
        else
            expect_close(&a, want[k], 4);
        interp_array_free(&a);
    }
    close_run(&r);
}

static void paged_copy_floordiv_mod_and_order(void **state)
{
    (void)state;
    struct run r;
    double x[144], want[96];
    static const double idx[4] = {4, 1, 0, 5}; /* pages of (b, page) */
    for (int i = 0; i < 144; i++)
        x[i] = i;
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < 8; t++)
            for (int h = 0; h < 2; h++)
                for (int d = 0; d < 3; d++)
                    want[((b * 8 + t) * 2 + h) * 3 + d] =
                        x[(int)idx[b * 2 + t / 4] * 24 + h * 12 + (t % 4) * 3 + d];
    open_run(&r, "paged_copy", NULL);
    bind(&r, "x", INTERP_F16, 4, (int64_t[]){6, 2, 4, 3}, x);
    bind(&r, "idx", INTERP_I32, 2, (int64_t[]){2, 2}, idx);
    bind(&r, "y", INTERP_F16, 4, (int64_t[]){2, 8, 2, 3}, (double[96]){0});
    assert_true(interp_run(r.in));
    struct interp_array y;
    assert_true(interp_arg_array(r.in, (uint32_t)interp_arg_find(r.in, "y"), &y));
    double got[96];
    interp_array_get(&y, 0, 96, got);
    for (int i = 0; i < 96; i++)
        if (got[i] != want[i])
            fail_msg("element %d: got %g, want %g", i, got[i], want[i]);
    interp_array_free(&y);
    close_run(&r);
}

static void sets_that_are_not_boxes(void **state)
{
    (void)state;
    struct run r;
    double x[16], out[16], want_out[16], want_x[16];
    for (int i = 0; i < 16; i++) {
        int row = i / 4, col = i % 4;
        x[i] = i + 1;
        out[i] = -1;
        want_out[i] = col > row ? 100 : col == row ? x[i] + 100 : -1;
        want_x[i] = col <= row ? 2 * x[i] : x[i];
    }
    open_run(&r, "triangle", NULL);
    bind(&r, "x", INTERP_F32, 2, (int64_t[]){4, 4}, x);
    bind(&r, "out", INTERP_F32, 2, (int64_t[]){4, 4}, out);
    assert_true(interp_run(r.in));
    expect_arg(&r, "out", want_out, 16);
    expect_arg(&r, "x", want_x, 16);
    close_run(&r);
}

static void slices_and_affine(void **state)
{
    (void)state;
    struct run r;
    double a[24];
    for (int i = 0; i < 24; i++)
        a[i] = i;
    open_run(&r, "slices", NULL);
    bind(&r, "a", INTERP_F32, 2, (int64_t[]){4, 6}, a);
    bind_scalar(&r, "o", "1");
    assert_true(interp_run(r.in));
    expect_result(&r, 0, (double[]){7, 8, 9, 19, 20, 21}, 6);
    expect_result(&r, 1, (double[]){0, 0, 0, 0, 0, 0, 0, 0, 7, 8, 9, 0,
                                    0, 0, 19, 20, 21, 0, 0, 0, 0, 0, 0, 0}, 24);
    close_run(&r);
    open_run(&r, "affine", NULL);
    bind_scalar(&r, "a", "5");
    bind_scalar(&r, "b", "9");
    assert_true(interp_run(r.in));
    expect_result(&r, 0, (double[]){24}, 1);
    expect_result(&r, 1, (double[]){5}, 1);
    expect_result(&r, 2, (double[]){2}, 1);
    close_run(&r);
}

static void generic_with_reductions(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "generic_reduce", NULL);
    int ia = interp_arg_find(r.in, "a"), ib = interp_arg_find(r.in, "b");
    struct interp_array a = array(INTERP_F32, 2, (int64_t[]){2, 3}, (double[]){1, 2, 3, 4, 5, 6});
    struct interp_array b = array(INTERP_F32, 2, (int64_t[]){3, 2}, (double[]){1, 0, 0, 1, 2, 3});
    assert_true(interp_bind_array(r.in, (uint32_t)ia, &a) && interp_bind_array(r.in, (uint32_t)ib, &b));
    interp_array_free(&a);
    interp_array_free(&b);
    assert_true(interp_run(r.in));
    expect_result(&r, 0, (double[]){7, 11, 16, 23}, 4);
    expect_result(&r, 1, (double[]){5, 8}, 2);
    close_run(&r);
}

/* Inputs in [-1, 1) from a formula, rounded to f16 as the kernel sees them. */
static void f16_wave(double *v, int n, double freq)
{
    for (int i = 0; i < n; i++)
        v[i] = num_f16_to_f32(num_f32_to_f16((float)sin(i * freq + 0.5)));
}

static void paged_attention(void **state)
{
    (void)state;
    static double q[128], k[2048], v[2048], want[128];
    static const double bt[8] = {5, 2, 7, 0, 1, 3, 4, 6};
    const int npages = 3, qpos0 = 30;
    f16_wave(q, 128, 0.37);
    f16_wave(k, 2048, 0.11);
    f16_wave(v, 2048, 0.23);
    /* Reference in double: causal attention over the first npages pages. */
    for (int r = 0; r < 8; r++) {
        double sc[48], m = -INFINITY, tot = 0;
        int toks[48], n = 0;
        for (int p = 0; p < npages; p++)
            for (int t = 0; t < 16; t++) {
                if (p * 16 + t > qpos0 + r)
                    continue;
                int pg = (int)bt[p];
                double s = 0;
                for (int d = 0; d < 16; d++)
                    s += q[r * 16 + d] * k[pg * 256 + t * 16 + d];
                sc[n] = s * 0.25;
                toks[n++] = pg * 256 + t * 16;
                m = sc[n - 1] > m ? sc[n - 1] : m;
            }
        for (int i = 0; i < n; i++)
            tot += sc[i] = exp(sc[i] - m);
        for (int d = 0; d < 16; d++) {
            double o = 0;
            for (int i = 0; i < n; i++)
                o += sc[i] * v[toks[i] + d];
            want[r * 16 + d] = o / tot;
        }
    }
    struct run r;
    open_run(&r, "paged_attention", NULL);
    bind(&r, "q_ptr", INTERP_F16, 2, (int64_t[]){8, 16}, q);
    bind(&r, "k_ptr", INTERP_F16, 3, (int64_t[]){8, 16, 16}, k);
    bind(&r, "v_ptr", INTERP_F16, 3, (int64_t[]){8, 16, 16}, v);
    bind(&r, "bt_ptr", INTERP_I32, 2, (int64_t[]){1, 8}, bt);
    bind(&r, "o_ptr", INTERP_F16, 2, (int64_t[]){8, 16}, (double[128]){0});
    bind_scalar(&r, "npages", "3");
    bind_scalar(&r, "qpos0", "30");
    assert_true(interp_run(r.in));
    struct interp_array o;
    assert_true(interp_arg_array(r.in, (uint32_t)interp_arg_find(r.in, "o_ptr"), &o));
    double got[128];
    interp_array_get(&o, 0, 128, got);
    for (int i = 0; i < 128; i++)
        if (!(fabs(got[i] - want[i]) <= 1e-2 + 1e-2 * fabs(want[i])))
            fail_msg("element %d: got %g, want %g", i, got[i], want[i]);
    interp_array_free(&o);
    close_run(&r);
}

/* A golden directory made on the fly: vadd's arrays, out's expected state
 * off by `err` in one element; golden_run passes or reports the mismatch. */
static int run_made_golden(double err, char **report)
{
    char root[] = "/tmp/interp_goldenXXXXXX";
    assert_non_null(mkdtemp(root));
    char *dirs[] = {irt_fmt("%s/a", root), irt_fmt("%s/a/b", root), irt_fmt("%s/a/b/c", root),
                    irt_fmt("%s/a/b/c/in", root), irt_fmt("%s/a/b/c/out", root)};
    for (int i = 0; i < 5; i++)
        assert_int_equal(mkdir(dirs[i], 0700), 0);
    size_t len;
    char *src = irt_read_file("tests/interp/kernels/vadd.mlir", &len);
    char *kpath = irt_fmt("%s/k.mlir", root);
    FILE *f = fopen(kpath, "w");
    assert_non_null(f);
    fwrite(src, 1, len, f);
    fclose(f);
    double x[32], y[32], z[32], o[32];
    for (int i = 0; i < 32; i++) {
        x[i] = i;
        y[i] = 1;
        z[i] = 0;
        o[i] = i + 1 + (i == 5 ? err : 0);
    }
    const char *names[] = {"x", "y", "out"};
    double *in[] = {x, y, z}, *out[] = {x, y, o};
    char e[128];
    for (int k = 0; k < 3; k++) {
        struct interp_array a = array(INTERP_F16, 1, (int64_t[]){32}, in[k]);
        char *pi = irt_fmt("%s/in/%s.npy", dirs[2], names[k]), *po = irt_fmt("%s/out/%s.npy", dirs[2], names[k]);
        assert_true(npy_write(pi, &a, e, sizeof e));
        interp_array_free(&a);
        a = array(INTERP_F16, 1, (int64_t[]){32}, out[k]);
        assert_true(npy_write(po, &a, e, sizeof e));
        interp_array_free(&a);
        free(pi);
        free(po);
    }
    char *gpath = irt_fmt("%s/golden.json", dirs[2]);
    f = fopen(gpath, "w");
    assert_non_null(f);
    fprintf(f, "{\"kernel\": \"k.mlir\", \"function\": \"vadd\", \"grid\": [4, 1, 1], \"args\": {");
    for (int k = 0; k < 3; k++)
        fprintf(f, "%s\"%s\": {\"dtype\": \"f16\", \"shape\": [32], \"input\": \"in/%s.npy\", "
                   "\"expected\": \"out/%s.npy\"}", k ? ", " : "", names[k], names[k], names[k]);
    fprintf(f, "}, \"fixed\": {}, \"ktir_cpu\": {\"wall_s\": 0.5}}\n");
    fclose(f);
    struct golden g;
    assert_true(golden_load(dirs[2], &g, e, sizeof e));
    assert_true(g.wall_s == 0.5 && g.n == 3 && g.grid[0] == 4);
    struct irt_parse p;
    irt_parse(&p, g.kernel, src, len, 0, len);
    assert_true(p.ok);
    size_t rlen;
    FILE *rf = open_memstream(report, &rlen);
    struct ir_diag d;
    ir_diag_init(&d, rf);
    struct interp_config cfg;
    interp_config_default(&cfg);
    struct golden_timing tm;
    int rc = golden_run(p.m, &g, NULL, &cfg, &d, rf, 2, &tm);
    fclose(rf);
    ir_diag_free(&d);
    irt_parse_free(&p);
    golden_free(&g);
    for (int k = 0; k < 3; k++) {
        char *pi = irt_fmt("%s/in/%s.npy", dirs[2], names[k]), *po = irt_fmt("%s/out/%s.npy", dirs[2], names[k]);
        remove(pi);
        remove(po);
        free(pi);
        free(po);
    }
    remove(gpath);
    remove(kpath);
    for (int i = 4; i >= 0; i--) {
        rmdir(dirs[i]);
        free(dirs[i]);
    }
    rmdir(root);
    free(gpath);
    free(kpath);
    free(src);
    return rc;
}

static void golden_pass_and_mismatch(void **state)
{
    (void)state;
    char *report;
    assert_int_equal(run_made_golden(0, &report), 0);
    assert_non_null(strstr(report, "out "));
    free(report);
    /* 1e-2 + 1e-2 * 6 = 0.07 is the tolerance at want = 6 */
    assert_int_equal(run_made_golden(0.0625, &report), 0);
    free(report);
    assert_int_equal(run_made_golden(0.125, &report), 1);
    assert_non_null(strstr(report, "MISMATCH (1 of 32 elements)"));
    free(report);
}

/* ---- located errors ----------------------------------------------------------- */

static void out_of_bounds(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "oob", NULL);
    bind(&r, "x", INTERP_F16, 1, (int64_t[]){8}, (double[8]){0});
    assert_false(interp_run(r.in));
    expect_error(&r, "oob.mlir:7:8: error: out-of-bounds access: element address 100000000007");
    close_run(&r);
    /* In a device memory that large, the load reads no array of the kernel:
     * past the end of x (a view reaching past its array). */
    struct interp_config cfg;
    interp_config_default(&cfg);
    cfg.devmem_bytes = (uint64_t)1 << 40;
    open_run(&r, "oob", &cfg);
    bind(&r, "x", INTERP_F16, 1, (int64_t[]){8}, (double[8]){0});
    assert_false(interp_run(r.in));
    expect_error(&r, "oob.mlir:7:8: error: out-of-bounds access: bytes 200000000000 to "
                     "200000000016 of device memory run past the end of argument 'x' (bytes 0 "
                     "to 16): a view reaches past its array");
    close_run(&r);
    /* x loaded in bounds, the scratchpad store is out of bounds. */
    open_run(&r, "oob_sp", NULL);
    bind(&r, "x", INTERP_F16, 1, (int64_t[]){8}, (double[8]){0});
    assert_false(interp_run(r.in));
    expect_error(&r, "oob_sp.mlir:9:3: error: out-of-bounds access: element address 7340032 "
                     "(byte 14680064) is outside the 2097152-byte scratchpad of core 0");
    close_run(&r);
    /* a view of x reaching past it, 8 elements of a 4-element x */
    open_run(&r, "oob_sp", NULL);
    bind(&r, "x", INTERP_F16, 1, (int64_t[]){4}, (double[4]){0});
    assert_false(interp_run(r.in));
    expect_error(&r, "oob_sp.mlir:6:8: error: out-of-bounds access: bytes 0 to 16 of device "
                     "memory run past the end of argument 'x' (bytes 0 to 8): a view reaches "
                     "past its array");
    close_run(&r);
}

static void scratchpad_capacity(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "cap", NULL);
    struct interp_array a = {.dtype = INTERP_F16, .rank = 2, .shape = {2048, 1024}};
    a.data = calloc(2048 * 1024, 2);
    assert_true(interp_bind_array(r.in, 0, &a));
    interp_array_free(&a);
    bind_scalar(&r, "k", "1");
    assert_false(interp_run(r.in));
    expect_error(&r, "cap.mlir:6:8: error: scratchpad overflow: loading 4194304 bytes into the "
                     "2097152-byte scratchpad of core 0");
    close_run(&r);
    /* A bigger scratchpad holds it. */
    struct interp_config cfg;
    interp_config_default(&cfg);
    cfg.scratch_bytes = 8 << 20;
    open_run(&r, "cap", &cfg);
    a.data = calloc(2048 * 1024, 2);
    assert_true(interp_bind_array(r.in, 0, &a));
    interp_array_free(&a);
    bind_scalar(&r, "k", "1");
    assert_true(interp_run(r.in));
    close_run(&r);
}

static void huge_tensor_type(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "huge", NULL);
    assert_false(interp_run(r.in));
    expect_error(&r, "huge.mlir:3:8: error: scratchpad overflow: a tensor of 20000000000000 bytes");
    close_run(&r);
}

static void unbound_argument(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "cap", NULL);
    bind_scalar(&r, "k", "1");
    assert_false(interp_run(r.in));
    expect_error(&r, "cap.mlir:2:1: error: argument 'x': is not bound");
    assert_false(interp_bind_scalar(r.in, 1, "one"));
    expect_error(&r, "argument 'k': 'one' is not an integer");
    close_run(&r);
}

static void unsupported_op(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "unsup", NULL);
    assert_null(r.in);
    expect_error(&r, "unsup.mlir:4:8: error: ktc-interp does not support the op 'linalg.round'");
    close_run(&r);
}

static void deadlock(void **state)
{
    (void)state;
    struct run r;
    open_run(&r, "dead", NULL);
    assert_false(interp_run(r.in));
    expect_error(&r, "dead.mlir:13:10: error: tile 0 (0, 0, 0): deadlock");
    close_run(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vector_add_on_a_grid),
        cmocka_unit_test(masked_by_the_coordinate_set),
        cmocka_unit_test(indirect_gather_and_scatter),
        cmocka_unit_test(distributed_view_across_memories),
        cmocka_unit_test(inter_tile_groups),
        cmocka_unit_test(control_flow_and_linalg_bodies),
        cmocka_unit_test(f16_matmul_and_reduce_numerics),
        cmocka_unit_test(grid_linearisation_and_memref_args),
        cmocka_unit_test(spyreop_intrinsics),
        cmocka_unit_test(paged_attention),
        cmocka_unit_test(generic_with_reductions),
        cmocka_unit_test(slices_and_affine),
        cmocka_unit_test(sets_that_are_not_boxes),
        cmocka_unit_test(paged_copy_floordiv_mod_and_order),
        cmocka_unit_test(golden_pass_and_mismatch),
        cmocka_unit_test(out_of_bounds),
        cmocka_unit_test(scratchpad_capacity),
        cmocka_unit_test(huge_tensor_type),
        cmocka_unit_test(unbound_argument),
        cmocka_unit_test(unsupported_op),
        cmocka_unit_test(deadlock),
    };
    return cmocka_run_group_tests_name("interp", tests, NULL, NULL);
}
