/* codegen_test.c - ktc-codegen's library (codegen/codegen.h) called
 * directly: the binary it builds for hand-written DataflowIR (programs,
 * units, channels, init registers, symbols), located errors, and
 * examples/add.mlir compiled in-process by the whole chain, prepared once
 * and launched twice with tensors at other addresses (symbols resolved at
 * launch), the results computed here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "codegen/codegen.h"
#include "codegen/spyrecode.h"
#include "ktir/asm.h"
#include "ktir/numeric.h"
#include "ktir/verify.h"
#include "runtime/runtime.h"
#include "sched/allocate.h"
#include "sched/grid.h"
#include "sched/lower.h"
#include "sched/path_expand.h"
#include "sched/split.h"
#include "tests/lib/irtest.h"

#define DIR "tests/passes/codegen/"

/* The file at path, NUL-terminated (the test fails when it cannot be read). */
static char *slurp(const char *path, size_t *n)
{
    char *b = irt_read_file(path, n);
    if (!b)
        fail_msg("cannot read %s", path);
    return b;
}

/* A compiled case: the module (with its device), the device, the binary,
 * diagnostics as text. */
struct compiled {
    char *src, *diag_text;
    size_t len, diag_len;
    FILE *diag_f;
    struct ir_diag diag;
    struct ir_module *m;
    struct arch_device *dev;
    struct sc_binary *b;
};

/* Parses path, attaches device, runs the scheduler passes when `chain`,
 * then codegen (the KTIR given when chain). */
static void compile(struct compiled *c, const char *path, const char *device, bool chain)
{
    memset(c, 0, sizeof *c);
    c->src = slurp(path, &c->len);
    c->diag_f = open_memstream(&c->diag_text, &c->diag_len);
    ir_diag_init(&c->diag, c->diag_f);
    c->m = ir_parse(path, c->src, c->len, 0, c->len, &c->diag);
    assert_non_null(c->m);
    assert_true(ir_verify_module(c->m, &c->diag));
    assert_true(arch_attach_device(c->m, device, &c->diag));
    c->dev = arch_load_module(c->m, &c->diag);
    assert_non_null(c->dev);
    if (chain) {
        assert_true(sched_split(
            c->m, c->dev, &(struct sched_split_options){.max_vregs = SC_MAX_VREGS}, &c->diag));
        assert_true(sched_path_expand(c->m, c->dev, &c->diag));
        assert_true(sched_allocate(c->m, c->dev, true, &c->diag));
        assert_true(sched_grid_flatten(c->m, &c->diag));
        assert_true(sched_lower(c->m, c->dev, NULL, &c->diag));
        assert_true(ir_verify_module(c->m, &c->diag));
    }
    struct cg_options o = {path, chain ? c->src : NULL, chain ? c->len : 0};
    c->b = cg_codegen(c->m, c->dev, &o, &c->diag);
    fflush(c->diag_f);
}

static void release(struct compiled *c)
{
    sc_binary_free(c->b);
    arch_free(c->dev);
    ir_module_free(c->m);
    ir_diag_free(&c->diag);
    fclose(c->diag_f);
    free(c->diag_text);
    free(c->src);
}

static const struct sc_unit *unit(const struct sc_binary *b, const char *name)
{
    uint32_t u = sc_find_unit(b, name);
    assert_int_not_equal(u, SC_NONE);
    return &b->units[u];
}

/* The FIFO pipeline of one core: three programs, three units, two FIFOs
 * along the device's datapaths, each port bound. */
static void test_fifo(void **state)
{
    (void)state;
    struct compiled c;
    compile(&c, DIR "fifo.mlir", "sample", false);
    assert_non_null(c.b);
    assert_int_equal(c.b->nprogs, 3);
    assert_int_equal(c.b->nunits, 3);
    assert_int_equal(c.b->nchans, 2);
    assert_string_equal(c.b->chans[0].src, "C0-L1LU-CL0");
    assert_string_equal(c.b->chans[0].dst, "C0-SFU-CL0");
    assert_int_equal(c.b->chans[0].kind, SC_CHAN_FIFO);
    const struct sc_unit *sfu = unit(c.b, "C0-SFU-CL0");
    const struct sc_program *p = &c.b->progs[sfu->program];
    assert_string_equal(p->name, "sfu");
    assert_int_equal(p->nports, 2);
    assert_int_equal(sfu->bind_ch[0], 0);
    assert_int_equal(sfu->bind_ch[1], 1);
    /* recv, recv, vbin.add, vun.exp.send (the send fused into the op) */
    assert_int_equal(p->ninsns, 4);
    assert_int_equal(p->insns[2].op, SC_VBIN);
    assert_int_equal(p->insns[2].fn, SC_FN_ADD);
    assert_int_equal(p->insns[2].dtype, INTERP_F16);
    assert_int_equal(p->insns[3].fn, SC_FN_EXP);
    assert_int_equal(p->insns[3].flags, SC_F_SEND);
    assert_int_equal(p->insns[3].port, 1);
    release(&c);
}

/* Two cores sharing programs: per-core values are init registers (numbers
 * or symbols), peers and memories port bindings; the argument added into a
 * device-memory view's start is a tensor. */
static void test_per_core(void **state)
{
    (void)state;
    struct compiled c;
    compile(&c, DIR "per_core.mlir", "spyre", false);
    assert_non_null(c.b);
    assert_int_equal(c.b->nprogs, 3);
    assert_int_equal(c.b->nunits, 6);
    assert_int_equal(c.b->nargs, 1);
    assert_int_equal(c.b->args[0].kind, SC_ARG_TENSOR);
    assert_int_equal(c.b->args[0].dtype, INTERP_F16);
    const struct sc_unit *m0 = unit(c.b, "C0-MNILU"), *m1 = unit(c.b, "C1-MNILU");
    assert_int_equal(m0->program, m1->program);
    assert_int_equal(m0->ninit, 3);
    assert_int_equal(m0->init[0].val.kind, SC_IMM);
    assert_int_equal(m1->init[0].val.v, 4);
    assert_int_equal(m1->init[2].val.kind, SC_SYM);
    assert_string_equal(m0->bind_mem[1], "C0-L1");
    assert_string_equal(m1->bind_mem[1], "C1-L1");
    /* the signal ports reach the same core's L1LU */
    assert_string_equal(c.b->chans[m1->bind_ch[2]].dst, "C1-L1LU-CL0");
    release(&c);
}

/* A codegen error is located in the case and gives no binary. */
static void test_located_error(void **state)
{
    (void)state;
    struct compiled c;
    compile(&c, DIR "err_fifo_depth.mlir", "sample", false);
    assert_null(c.b);
    assert_non_null(strstr(c.diag_text, DIR "err_fifo_depth.mlir:16:7: error: a FIFO of depth "
                                           "32"));
    release(&c);
}

/* examples/add.mlir through the whole chain on two devices, prepared once
 * and launched twice with fresh tensors (other addresses): C = A + B. */
static void launch_add(const char *device)
{
    struct compiled c;
    compile(&c, "examples/add.mlir", device, true);
    assert_non_null(c.b);
    assert_int_equal(c.b->nargs, 3);
    assert_int_equal(c.b->args[0].shape[0], 128);
    struct rt_device *dev = rt_device_for(c.b, NULL, &c.diag);
    assert_non_null(dev);
    struct rt_kernel *k = rt_kernel_new(dev, c.b, &c.diag);
    assert_non_null(k);
    int64_t shape[2] = {128, 64};
    uint16_t *h[3];
    char err[256];
    struct rt_tensor *t[2][3]; /* the first launch's stay allocated: the second's lie elsewhere */
    for (int launch = 0; launch < 2; launch++) {
        struct rt_arg args[3];
        for (int i = 0; i < 3; i++) {
            t[launch][i] = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
            assert_non_null(t[launch][i]);
            args[i] = (struct rt_arg){t[launch][i], 0};
            h[i] = malloc(128 * 64 * sizeof *h[i]);
            for (int j = 0; j < 128 * 64; j++)
                h[i][j] = num_f32_to_f16((float)((j * (i + 3) + launch * 7) % 29 - 14) / 8.0f);
            if (i < 2)
                rt_tensor_write(t[launch][i], h[i]);
        }
        assert_true(rt_launch(k, args, 3, err, sizeof err));
        struct sim_options o = {0};
        struct sim_report r;
        assert_int_equal(rt_wait(k, &o, &r), SIM_OK);
        sim_report_free(&r);
        rt_tensor_read(t[launch][2], h[2]);
        for (int j = 0; j < 128 * 64; j++) {
            float want = num_f16_to_f32(h[0][j]) + num_f16_to_f32(h[1][j]);
            assert_int_equal(h[2][j], num_f32_to_f16(want));
        }
        for (int i = 0; i < 3; i++)
            free(h[i]);
    }
    assert_int_not_equal(rt_tensor_addr(t[0][0]), rt_tensor_addr(t[1][0]));
    for (int launch = 0; launch < 2; launch++)
        for (int i = 0; i < 3; i++)
            rt_tensor_free(t[launch][i]);
    rt_kernel_free(k);
    rt_device_free(dev);
    release(&c);
}

static void test_launch_add_sample(void **state)
{
    (void)state;
    launch_add("sample");
}

static void test_launch_add_spyre(void **state)
{
    (void)state;
    launch_add("spyre");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo),
        cmocka_unit_test(test_per_core),
        cmocka_unit_test(test_located_error),
        cmocka_unit_test(test_launch_add_sample),
        cmocka_unit_test(test_launch_add_spyre),
    };
    return cmocka_run_group_tests_name("codegen", tests, NULL, NULL);
}
