/* sim_test.c - SpyreCode, the runtime and the simulated device on
 * hand-written SpyreCode (tests/sim/NAME.sc) and a 2-core device
 * (two_core.mlir): the vector add against numbers computed here, launches
 * with tensors at other addresses, double-buffering overlap, a deadlock
 * report, the cycle limit, files and their corruption, located errors,
 * comparisons and selects; the roofline and sig.wait timing on a device
 * with given latencies (timing_core.mlir).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "arch/arch.h"
#include "ktir/numeric.h"
#include "runtime/runtime.h"
#include "tests/lib/irtest.h"

#define DEVICE "tests/sim/two_core.mlir"
#define GATHER_LD_CYCLES 586 /* gather_with_scalar_loads */

/* The file at path, NUL-terminated (the test fails when it cannot be read). */
static char *slurp(const char *path, size_t *n)
{
    char *b = irt_read_file(path, n);
    if (!b)
        fail_msg("cannot read %s", path);
    return b;
}

/* Diagnostics captured as text. */
struct diagbuf {
    struct ir_diag d;
    char *text;
    size_t len;
    FILE *f;
};

static void diag_open(struct diagbuf *g)
{
    g->f = open_memstream(&g->text, &g->len);
    ir_diag_init(&g->d, g->f);
}

static const char *diag_text(struct diagbuf *g)
{
    fflush(g->f);
    return g->text;
}

static void diag_close(struct diagbuf *g)
{
    ir_diag_free(&g->d);
    fclose(g->f);
    free(g->text);
}

/* The binary of a text, NULL with diagnostics in g. */
static struct sc_binary *assemble(struct diagbuf *g, const char *file, const char *text)
{
    return sc_parse(file, text, strlen(text), &g->d);
}

static struct sc_binary *assemble_file(struct diagbuf *g, const char *path)
{
    size_t n;
    char *t = slurp(path, &n);
    struct sc_binary *b = sc_parse(path, t, n, &g->d);
    free(t);
    return b;
}

static struct rt_device *device(struct diagbuf *g)
{
    struct rt_device *d = rt_device_new(DEVICE, NULL, &g->d);
    if (!d)
        fail_msg("%s", diag_text(g));
    return d;
}

/* A kernel loaded on a device: SpyreCode text named path (or, when text
 * is NULL, the file at path) assembled and loaded on the device file
 * dev_path (NULL: DEVICE); a step that fails fails the test with its
 * diagnostics. release() frees it all. */
struct prepared {
    struct diagbuf g;
    struct sc_binary *b;
    struct rt_device *dev;
    struct rt_kernel *k;
};

static void prepare(struct prepared *p, const char *path, const char *text, const char *dev_path)
{
    diag_open(&p->g);
    p->b = text ? assemble(&p->g, path, text) : assemble_file(&p->g, path);
    if (!p->b)
        fail_msg("%s", diag_text(&p->g));
    p->dev = rt_device_new(dev_path ? dev_path : DEVICE, NULL, &p->g.d);
    if (!p->dev)
        fail_msg("%s", diag_text(&p->g));
    p->k = rt_kernel_new(p->dev, p->b, &p->g.d);
    if (!p->k)
        fail_msg("%s", diag_text(&p->g));
}

static void release(struct prepared *p)
{
    rt_kernel_free(p->k);
    rt_device_free(p->dev);
    sc_binary_free(p->b);
    diag_close(&p->g);
}

/* f16 test data: small multiples of 1/4 and 1/3 (sums round). */
static void fill(uint16_t *h, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        h[i] = num_f32_to_f16((float)((i * 7 + seed * 13) % 29) / 3.0f - 4.0f);
}

/* a + b as ktir-cpu rounds it: in f32, then to f16. */
static uint16_t add_f16(uint16_t a, uint16_t b)
{
    return num_f32_to_f16(num_f16_to_f32(a) + num_f16_to_f32(b));
}

struct vadd {
    struct rt_tensor *t[3];
    uint16_t *host[3];
};

/* Runs vadd.sc's prepared kernel k with fresh tensors and i; checks c. */
static void run_vadd(struct rt_device *dev, struct rt_kernel *k, int64_t i, unsigned seed,
                     uint64_t *addr_a, struct sim_report *r)
{
    char err[256];
    int64_t shape[2] = {96, 64};
    struct vadd v;
    struct rt_arg args[4];
    for (int j = 0; j < 3; j++) {
        v.t[j] = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
        assert_non_null(v.t[j]);
        v.host[j] = calloc(96 * 64, 2);
        if (j < 2) {
            fill(v.host[j], 96 * 64, seed + (unsigned)j);
            rt_tensor_write(v.t[j], v.host[j]);
        }
        args[j] = (struct rt_arg){v.t[j], 0};
    }
    args[3] = (struct rt_arg){NULL, i};
    *addr_a = rt_tensor_addr(v.t[0]);
    assert_true(rt_launch(k, args, 4, err, sizeof err));
    struct sim_options o = {0, true};
    assert_int_equal(rt_wait(k, &o, r), SIM_OK);
    rt_tensor_read(v.t[2], v.host[2]);
    for (int row = 0; row < 96; row++) {
        bool ours = row == i || row == 3 + i; /* row = 3 * core + i */
        for (int c = 0; c < 64; c++) {
            uint16_t want = ours ? add_f16(v.host[0][row * 64 + c], v.host[1][row * 64 + c]) : 0;
            if (v.host[2][row * 64 + c] != want)
                fail_msg("c[%d][%d] = 0x%04x, want 0x%04x", row, c, v.host[2][row * 64 + c],
                         want);
        }
    }
    for (int j = 0; j < 3; j++) {
        rt_tensor_free(v.t[j]);
        free(v.host[j]);
    }
}

static uint64_t path_bytes(const struct sim_report *r, const char *name)
{
    for (uint32_t i = 0; i < r->npaths; i++)
        if (strcmp(r->paths[i].name, name) == 0)
            return r->paths[i].bytes;
    return 0;
}

static void vadd_two_cores(void **state)
{
    (void)state;
    struct prepared pk;
    prepare(&pk, "tests/sim/vadd.sc", NULL, NULL);
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    struct sim_report r;
    uint64_t a;
    run_vadd(dev, k, 1, 0, &a, &r);
    /* two rows of a and b in per core, one row of c out */
    assert_int_equal(path_bytes(&r, "DDR -> C0-MNILU"), 256);
    assert_int_equal(path_bytes(&r, "DDR -> C1-MNILU"), 256);
    assert_int_equal(path_bytes(&r, "C1-MNISU -> DDR"), 128);
    assert_int_equal(path_bytes(&r, "C0-L1LU-CL0 -> C0-SFU-CL0"), 256);
    assert_int_equal(r.lane_ops, 128);
    assert_true(r.cycles > 0 && r.roofline_cycles <= r.cycles);
    for (uint32_t u = 0; u < r.nunits; u++)
        assert_int_equal(r.units[u].busy + r.units[u].stall + r.units[u].idle, r.cycles);
    assert_non_null(r.trace);
    char *json;
    size_t jlen;
    FILE *f = open_memstream(&json, &jlen);
    sim_write_trace(&r, f);
    fclose(f);
    assert_non_null(strstr(json, "\"name\": \"C1-SFU-CL0\""));
    assert_non_null(strstr(json, "{\"ph\": \"X\", \"name\": \"vbin\""));
    free(json);
    sim_report_free(&r);
    release(&pk);
}

/* A float scalar argument (vscale.sc: c[row] = a[row] * s, s an f16 given
 * as its bits): the text form declares it, the runtime passes it to the
 * symbol the SFU splats. */
static void float_scalar_argument(void **state)
{
    (void)state;
    struct prepared pk;
    prepare(&pk, "tests/sim/vscale.sc", NULL, NULL);
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    char err[256];
    int64_t shape[2] = {96, 64};
    struct rt_tensor *a = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    struct rt_tensor *c = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    assert_true(a && c);
    uint16_t *ha = calloc(96 * 64, 2), *hc = calloc(96 * 64, 2);
    fill(ha, 96 * 64, 7);
    rt_tensor_write(a, ha);
    const uint16_t half = 0x3800; /* 0.5 */
    struct rt_arg args[4] = {{a, 0}, {c, 0}, {NULL, 2}, {NULL, half}};
    assert_true(rt_launch(k, args, 4, err, sizeof err));
    struct sim_options o = {0, false};
    struct sim_report r;
    assert_int_equal(rt_wait(k, &o, &r), SIM_OK);
    rt_tensor_read(c, hc);
    for (int row = 0; row < 96; row++) {
        bool ours = row == 2 || row == 5; /* row = 3 * core + i */
        for (int col = 0; col < 64; col++) {
            uint16_t x = ha[row * 64 + col];
            uint16_t want = ours ? num_f32_to_f16(num_f16_to_f32(x) * 0.5f) : 0;
            if (hc[row * 64 + col] != want)
                fail_msg("c[%d][%d] = 0x%04x, want 0x%04x", row, col, hc[row * 64 + col], want);
        }
    }
    free(ha);
    free(hc);
    rt_tensor_free(a);
    rt_tensor_free(c);
    sim_report_free(&r);
    release(&pk);
}

/* One prepared kernel, launched with tensors at other addresses and another
 * i: right answers each time, so symbols are resolved at launch. */
static void relaunch_elsewhere(void **state)
{
    (void)state;
    struct prepared pk;
    prepare(&pk, "tests/sim/vadd.sc", NULL, NULL);
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    struct sim_report r;
    uint64_t a0, a1, a2;
    run_vadd(dev, k, 0, 1, &a0, &r);
    sim_report_free(&r);
    char err[256];
    int64_t pad[1] = {100000};
    struct rt_tensor *hole = rt_tensor_new(dev, NULL, INTERP_F16, 1, pad, err, sizeof err);
    run_vadd(dev, k, 2, 2, &a1, &r);
    sim_report_free(&r);
    struct rt_tensor *hole2 = rt_tensor_new(dev, NULL, INTERP_F16, 1, pad, err, sizeof err);
    run_vadd(dev, k, 1, 3, &a2, &r);
    sim_report_free(&r);
    assert_true(a0 != a1 && a1 != a2 && a0 != a2);
    rt_tensor_free(hole);
    rt_tensor_free(hole2);
    release(&pk);
}

/* dbuf.sc with r9 = nbuf buffers: its cycles, after checking y = 2x; with
 * stream, its L1LU's vld and send of each vector one vlds. */
static uint64_t run_dbuf(int nbuf, bool stream, struct sim_report *keep)
{
    size_t n;
    char *text = slurp("tests/sim/dbuf.sc", &n);
    for (char *p = strstr(text, "{r9 = 2}"); p; p = strstr(p + 1, "{r9 = 2}"))
        p[6] = (char)('0' + nbuf);
    const char *pair = "vld.f16 v0, l1[r3 + r4 * 128], 64\n            send out, v0";
    char *at = strstr(text, pair);
    assert_non_null(at);
    if (stream) {
        const char *one = "vlds.f16 out, l1[r3 + r4 * 128], 64";
        size_t k = strlen(one), m = strlen(pair);
        memcpy(at, one, k);
        memmove(at + k, at + m, strlen(at + m) + 1);
    }
    struct prepared pk;
    prepare(&pk, "dbuf.sc", text, NULL);
    free(text);
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    char err[256];
    int64_t shape[2] = {16, 2048};
    struct rt_tensor *x = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    struct rt_tensor *y = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    uint16_t *hx = malloc(16 * 2048 * 2), *hy = malloc(16 * 2048 * 2);
    fill(hx, 16 * 2048, 5);
    rt_tensor_write(x, hx);
    struct rt_arg args[2] = {{x, 0}, {y, 0}};
    assert_true(rt_launch(k, args, 2, err, sizeof err));
    struct sim_report r;
    struct sim_options o = {0, false};
    assert_int_equal(rt_wait(k, &o, &r), SIM_OK);
    rt_tensor_read(y, hy);
    for (int i = 0; i < 16 * 2048; i++)
        if (hy[i] != add_f16(hx[i], hx[i]))
            fail_msg("y[%d] = 0x%04x", i, hy[i]);
    uint64_t cycles = r.cycles;
    if (keep)
        *keep = r;
    else
        sim_report_free(&r);
    free(hx);
    free(hy);
    rt_tensor_free(x);
    rt_tensor_free(y);
    release(&pk);
    return cycles;
}

static void double_buffering_overlaps(void **state)
{
    (void)state;
    struct sim_report r;
    uint64_t one = run_dbuf(1, false, NULL), two = run_dbuf(2, false, &r);
    print_message("single buffer: %llu cycles, double: %llu (roofline %llu, bottleneck %s)\n",
                  (unsigned long long)one, (unsigned long long)two,
                  (unsigned long long)r.roofline_cycles, r.bottleneck);
    /* a tile's DMA (64 cycles) hides under the streaming of the last one */
    assert_true(two * 5 < one * 4);
    /* 32 KiB in and out over 64 B/cycle links keep each link busy 1024
     * cycles; the L1LU loads and sends every vector, one after the other,
     * so it works 2048, after the read route's latency (2 cycles of the
     * defaults, DDR -> MNILU -> L1) and before the route back (5: on to
     * the SFU, the L1SU, L1, the MNISU and DDR) */
    assert_int_equal(r.bandwidth_cycles, 2048);
    assert_int_equal(r.roofline_latency, 7);
    assert_int_equal(r.roofline_cycles, 2055);
    assert_string_equal(r.roofline_by, "C0-L1LU-CL0 transfers");
    assert_true(two >= r.roofline_cycles);
    sim_report_free(&r);
}

/* The same kernel with the L1LU streaming each vector into its FIFO (one
 * vlds over the scratchpad's link and the FIFO's at once, not a vld then a
 * send): the L1LU works 1024 cycles (512 vectors of 128 bytes over 64-byte
 * links), no longer 2048, and the SFU (an add and a send a vector: 1536)
 * bounds the kernel, which runs within a tenth of that. */
static void streamed_loads(void **state)
{
    (void)state;
    struct sim_report r;
    uint64_t pairs = run_dbuf(2, false, NULL), streamed = run_dbuf(2, true, &r);
    print_message("vld + send: %llu cycles, vlds: %llu (roofline %llu, by %s)\n",
                  (unsigned long long)pairs, (unsigned long long)streamed,
                  (unsigned long long)r.roofline_cycles, r.roofline_by);
    uint64_t l1lu = 0;
    for (uint32_t u = 0; u < r.nunits; u++)
        if (!strcmp(r.units[u].name, "C0-L1LU-CL0"))
            l1lu = r.units[u].busy;
    assert_true(l1lu >= 1024 && l1lu < 1024 + 64); /* and its signals */
    assert_int_equal(r.bandwidth_cycles, 1536);
    assert_string_equal(r.roofline_by, "C0-SFU-CL0 lanes and transfers");
    assert_true(streamed >= r.roofline_cycles);
    assert_true(streamed < r.roofline_cycles * 11 / 10);
    assert_true(streamed * 10 < pairs * 7);
    sim_report_free(&r);
}

static struct sim_report run_text(const char *path, uint64_t limit, enum sim_status want)
{
    struct prepared pk;
    prepare(&pk, path, NULL, NULL);
    struct rt_kernel *k = pk.k;
    char err[256];
    assert_true(rt_launch(k, NULL, 0, err, sizeof err));
    struct sim_report r;
    struct sim_options o = {limit, false};
    assert_int_equal(rt_wait(k, &o, &r), want);
    release(&pk);
    return r;
}

static void deadlock_reported(void **state)
{
    (void)state;
    struct sim_report r = run_text("tests/sim/deadlock.sc", 0, SIM_DEADLOCK);
    assert_non_null(r.message);
    print_message("%s\n", r.message);
    assert_non_null(strstr(r.message, "deadlock at cycle"));
    assert_non_null(strstr(r.message, "C0-L1LU-CL0 waits at left #1 (wait, tests/sim/deadlock.sc:"
                                      "11:5) for C0-SFU-CL0 to signal on 'pong'"));
    assert_non_null(strstr(r.message, "C0-SFU-CL0 waits at right #0"));
    assert_non_null(strstr(r.message, "cycle: C0-L1LU-CL0 -> C0-SFU-CL0 -> C0-L1LU-CL0"));
    sim_report_free(&r);
}

/* A signal channel's credits are there at the launch's start: the wait
 * deadlock.sc deadlocks on goes through. */
static void credits_at_launch(void **state)
{
    (void)state;
    struct sim_report r = run_text("tests/sim/credits.sc", 0, SIM_OK);
    assert_true(r.cycles > 5 && r.cycles < 40);
    sim_report_free(&r);
}

static void cycle_limit(void **state)
{
    (void)state;
    struct sim_report r = run_text("tests/sim/spin.sc", 100000, SIM_CYCLE_LIMIT);
    assert_non_null(strstr(r.message, "cycle limit of 100000 cycles reached"));
    assert_non_null(strstr(r.message, "C0-SFU-CL0 at spin"));
    assert_true(r.cycles >= 100000);
    sim_report_free(&r);
}

/* text -> binary file -> text is the identity; a flipped byte, a truncation
 * and another stage are refused with a reason. */
/* b's text form (sc_print), malloc'd. */
static char *printed(const struct sc_binary *b)
{
    char *t;
    size_t n;
    FILE *f = open_memstream(&t, &n);
    sc_print(b, f, false);
    fclose(f);
    return t;
}

static void files_round_trip(void **state)
{
    (void)state;
    struct diagbuf g;
    diag_open(&g);
    const char *paths[] = {"tests/sim/vadd.sc", "tests/sim/dbuf.sc", "tests/sim/deadlock.sc",
                           "tests/sim/credits.sc", "tests/sim/vscale.sc"};
    for (int i = 0; i < 5; i++) {
        struct sc_binary *b = assemble_file(&g, paths[i]);
        assert_non_null(b);
        char *t1 = printed(b), *t2;
        unsigned char *bin;
        size_t blen;
        char err[256];
        assert_int_equal(sc_write_mem(b, "sim_test", &bin, &blen, err, sizeof err), 0);
        struct sc_binary *b2;
        assert_int_equal(sc_read_mem(bin, blen, &b2, err, sizeof err), 0);
        t2 = printed(b2);
        assert_string_equal(t1, t2);
        struct sc_binary *b3 = assemble(&g, "again.sc", t1);
        assert_non_null(b3);
        free(t2);
        t2 = printed(b3);
        assert_string_equal(t1, t2);
        sc_binary_free(b3);
        bin[blen / 2] ^= 0x40;
        assert_int_equal(sc_read_mem(bin, blen, &b3, err, sizeof err), 1);
        assert_non_null(strstr(err, "checksum"));
        bin[blen / 2] ^= 0x40;
        assert_int_equal(sc_read_mem(bin, blen - 3, &b3, err, sizeof err), 1);
        assert_non_null(strstr(err, "truncated"));
        free(t1);
        free(t2);
        free(bin);
        sc_binary_free(b);
        sc_binary_free(b2);
    }
    diag_close(&g);
}

static void check_error(const char *text, const char *want, bool on_device)
{
    struct diagbuf g;
    diag_open(&g);
    struct sc_binary *b = assemble(&g, "t.sc", text);
    if (on_device && b) {
        struct rt_device *dev = device(&g);
        struct rt_kernel *k = rt_kernel_new(dev, b, &g.d);
        assert_null(k);
        rt_device_free(dev);
    } else {
        assert_null(b);
    }
    if (!strstr(diag_text(&g), want))
        fail_msg("expected '%s' in:\n%s", want, diag_text(&g));
    sc_binary_free(b);
    diag_close(&g);
}

#define HEAD "spyrecode 1\n"

static void located_errors(void **state)
{
    (void)state;
    check_error(HEAD "program p () {\n    vbin.add v0, v1, v2\n}\n",
                "t.sc:3:5: error: 'vbin' needs an element type suffix", false);
    check_error(HEAD "program p () {\n    frob r1\n}\n", "t.sc:3:5: error: unknown instruction 'frob'",
                false);
    check_error(HEAD "program p () {\n    for r1 = 0 to 4\n}\n", "t.sc:3:5: error: program 'p': for without end",
                false);
    check_error(HEAD "program p (o : out) {\n    recv.f16 v0, o, 64\n}\n",
                "t.sc:3:5: error: recv: port 'o' is a 'out' port, expected 'in'", false);
    check_error(HEAD "program p () {\n    mov r1, $nope\n}\n", "t.sc:3:13: error: unknown symbol '$nope'",
                false);
    check_error(HEAD "program p () {\n    mov r1, 1\n}\nunit \"C9-SFU\" : \"SFU\" = p()\n",
                "error: unit 'C9-SFU': the device 'two_core' has no such execution unit", true);
    check_error(HEAD "program p (i : in, o : out) {\n    recv.f16 v0, i, 64\n"
                "    vbin.add.f16 v1, v0, v0\n    send o, v1\n}\n"
                "channel a : fifo \"C0-L1LU-CL0\" -> \"C0-SFU-CL0\"\n"
                "channel b : fifo \"C0-SFU-CL0\" -> \"C0-L1SU-CL0\"\n"
                "program q (o : out) {\n    nop\n}\nprogram s (i : in) {\n    nop\n}\n"
                "unit \"C0-L1LU-CL0\" : \"L1LU\" = p(i = a, o = b)\n",
                "port 'i' receives from channel 'a', whose destination is 'C0-SFU-CL0'", false);
    check_error(HEAD "channel a : fifo \"C0-L1LU-CL0\" -> \"C0-SFU-CL0\"\n"
                "program p (o : out) {\n    vconst.f16 v0, [1.5]\n    vbin.exp.f16 v1, v0, v0\n}\n",
                "t.sc:5:5: error: vbin: needs a two-operand function suffix", false);
    check_error(HEAD "channel a : fifo \"C0-L1LU-CL0\" -> \"C0-SFU-CL0\"\n"
                "program p (o : out) {\n    vconst.f16 v0, [1.5]\n    vun.exp.f16 v1, v0\n"
                "    send o, v1\n}\nprogram q (i : in) {\n    recv.f16 v0, i, 1\n}\n"
                "unit \"C0-L1LU-CL0\" : \"L1LU\" = p(o = a)\nunit \"C0-SFU-CL0\" : \"SFU\" = q(i = a)\n",
                "t.sc:5:5: error: unit 'C0-L1LU-CL0' (L1LU) does not compute (vun)", true);
    check_error(HEAD "program p (l1 : mem, ddr : mem) {\n    dma ddr[0], l1[0], 100\n}\n"
                "unit \"C0-MNISU\" : \"MNISU\" = p(l1 = \"C0-L1\", ddr = \"DDR\")\n",
                "t.sc:3:5: error: unit 'C0-MNISU': dma of 100 bytes at 0 does not match the access "
                "granularity of DDR", true);
    check_error(HEAD "program p () {\n    vsplat.f32 v0, 1, 8\n    vbin.add.f32 v1, v0, v0\n}\n"
                "unit \"C0-SFU-CL0\" : \"SFU\" = p()\n",
                "t.sc:4:5: error: unit 'C0-SFU-CL0' (SFU) has no SIMD lanes for f32", true);
}

/* An address known only at launch is checked when it is used. */
static void runtime_error_located(void **state)
{
    (void)state;
    struct diagbuf g;
    diag_open(&g);
    struct sc_binary *b = assemble(&g, "oob.sc", HEAD
                                   "arg n : scalar index\nsym at = n * 64\n"
                                   "program p (l1 : mem, ddr : mem) {\n"
                                   "    dma ddr[$at], l1[0], 64\n}\n"
                                   "unit \"C0-MNISU\" : \"MNISU\" = p(l1 = \"C0-L1\", ddr = \"DDR\")\n");
    assert_non_null(b);
    struct rt_device *dev = device(&g);
    struct rt_kernel *k = rt_kernel_new(dev, b, &g.d);
    assert_non_null(k);
    char err[256];
    struct rt_arg arg = {NULL, (int64_t)1 << 40};
    assert_true(rt_launch(k, &arg, 1, err, sizeof err));
    struct sim_report r;
    struct sim_options o = {0, false};
    assert_int_equal(rt_wait(k, &o, &r), SIM_ERROR);
    assert_non_null(strstr(r.message, "oob.sc:5:5: error: unit 'C0-MNISU'"));
    assert_non_null(strstr(r.message, "is outside DDR"));
    sim_report_free(&r);
    arg.value = 2;
    assert_true(rt_launch(k, &arg, 1, err, sizeof err));
    assert_int_equal(rt_wait(k, &o, &r), SIM_OK);
    sim_report_free(&r);
    rt_kernel_free(k);
    sc_binary_free(b);
    /* whole words at a launch-time address inside a word: the error says
     * where in the word, and why ktc compiled it so */
    b = assemble(&g, "word.sc", HEAD
                 "arg n : scalar index\nsym at = n * 2\n"
                 "program p (l1 : mem, ddr : mem) {\n"
                 "    dma ddr[$at], l1[0], 128\n}\n"
                 "unit \"C0-MNISU\" : \"MNISU\" = p(l1 = \"C0-L1\", ddr = \"DDR\")\n");
    assert_non_null(b);
    k = rt_kernel_new(dev, b, &g.d);
    assert_non_null(k);
    arg.value = 5;
    assert_true(rt_launch(k, &arg, 1, err, sizeof err));
    assert_int_equal(rt_wait(k, &o, &r), SIM_ERROR);
    assert_non_null(strstr(r.message, "word.sc:5:5: error: unit 'C0-MNISU'"));
    assert_non_null(strstr(r.message, "it starts 10 bytes into a"));
    assert_non_null(strstr(r.message, "known only at launch as aligned"));
    sim_report_free(&r);
    rt_kernel_free(k);
    rt_device_free(dev);
    sc_binary_free(b);
    diag_close(&g);
}

/* Vector ALU results are the interpreter's numerics: f16 computed in f32
 * and rounded (exp through expf, as numpy), reductions rounding each step. */
/* Runs program p's body on C0-SFU-CL0 of the 2-core device: it sends `rows`
 * vectors of 64 f16, which C0-L1SU-CL0 stores and C0-MNISU writes to the
 * tensor read back into got. Returns the lane operations counted. */
static uint64_t run_rows(const char *file, const char *body, int rows, uint16_t (*got)[64])
{
    char text[4096];
    snprintf(text, sizeof text, HEAD
        "arg out : tensor f16 [%d, 64] in \"DDR\"\nsym o = addr(out)\n"
        "channel a : fifo \"C0-SFU-CL0\" -> \"C0-L1SU-CL0\"\n"
        "channel done : signal \"C0-L1SU-CL0\" -> \"C0-MNISU\"\n"
        "program p (o : out) {\n%s}\n"
        "program s (i : in, l1 : mem, done : sigout) {\n"
        "    for r1 = 0 to %d\n"
        "        recv.f16 v0, i, 64\n        vst.f16 v0, l1[r1 * 128]\n"
        "    end\n"
        "    sig done\n"
        "}\n"
        "program d (l1 : mem, ddr : mem, done : sigin) {\n"
        "    wait done\n    dma ddr[$o], l1[0], %d\n    fence\n"
        "}\n"
        "unit \"C0-SFU-CL0\" : \"SFU\" = p(o = a)\n"
        "unit \"C0-L1SU-CL0\" : \"L1SU\" = s(i = a, l1 = \"C0-L1\", done = done)\n"
        "unit \"C0-MNISU\" : \"MNISU\" = d(l1 = \"C0-L1\", ddr = \"DDR\", done = done)\n",
        rows, body, rows, rows * 128);
    struct prepared pk;
    prepare(&pk, file, text, NULL);
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    char err[256];
    int64_t shape[2] = {rows, 64};
    struct rt_tensor *t = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    struct rt_arg arg = {t, 0};
    assert_true(rt_launch(k, &arg, 1, err, sizeof err));
    struct sim_report r;
    struct sim_options o = {0, false};
    if (rt_wait(k, &o, &r) != SIM_OK)
        fail_msg("%s", r.message);
    rt_tensor_read(t, got);
    uint64_t lane_ops = r.lane_ops;
    sim_report_free(&r);
    rt_tensor_free(t);
    release(&pk);
    return lane_ops;
}

static void alu_numerics(void **state)
{
    (void)state;
    uint16_t got[6][64];
    uint64_t lane_ops = run_rows("alu.sc",
        "    vconst.f16 v0, [1.0, -2.5, 4.0, 0.25]\n"
        "    vshuf.f16 v0, v0, [0, 1, 2, 3], 16\n"   /* 64 lanes */
        "    vun.exp.f16 v1, v0\n"
        "    vbin.max.f16 v2, v0, v1\n"
        "    vfma.f16 v3, v0, v1, v0\n"
        "    vsplat.f16 v4, 3, 64\n"
        "    vbin.div.f16 v5, v0, v4\n"
        "    vred.add.f16 v6, v0, 4\n"     /* 16 sums of 4 */
        "    vshuf.f16 v6, v6, [0, 1, 2, 3], 16\n"
        "    send o, v1\n    send o, v2\n    send o, v3\n    send o, v4\n    send o, v5\n"
        "    send o, v6\n", 6, got);
    static const float x[4] = {1.0f, -2.5f, 4.0f, 0.25f};
    for (int l = 0; l < 64; l++) {
        float v = x[l % 4];
        uint16_t e = num_f32_to_f16(expf(v));
        float ev = num_f16_to_f32(e);
        assert_int_equal(got[0][l], e);
        assert_int_equal(got[1][l], num_f32_to_f16(v > ev ? v : ev));
        assert_int_equal(got[2][l], num_f32_to_f16((float)fma(v, ev, v)));
        assert_int_equal(got[3][l], num_f32_to_f16(3.0f));
        assert_int_equal(got[4][l], num_f32_to_f16(v / 3.0f));
        /* sequential sums of 1, -2.5, 4, 0.25 rounded each step */
        float acc = 1.0f;
        for (int j = 1; j < 4; j++)
            acc = num_f16_to_f32(num_f32_to_f16(acc + x[j]));
        assert_int_equal(got[5][l], num_f32_to_f16(acc));
    }
    assert_int_equal(lane_ops, 64 * 5);
}

/* The scalar integer instructions and symbol operations: division and
 * modulo floor (div rem), toward zero (tdiv trem: arith's divsi remsi),
 * unsigned (udiv urem umin umax) on -7 and -1 (2^64 - 1 unsigned); the
 * symbols print and parse back as they were. */
static void scalar_int_ops(void **state)
{
    (void)state;
    static const struct {
        const char *op;
        int64_t a, b, want;
    } c[] = {
        {"div", -7, 2, -4},  {"rem", -7, 4, 1},   {"tdiv", -7, 2, -3},
        {"trem", -7, 4, -3}, {"udiv", -1, INT64_C(4611686018427387904), 3},
        {"urem", -1, 3, 0},  {"umin", -1, 4, 4},  {"umax", -1, 1, -1},
        {"min", -1, 4, -1},  {"max", -1, 1, 1},
    };
    enum { N = sizeof c / sizeof *c };
    char body[2048], syms[1024];
    size_t at = 0, sat = 0;
    for (int i = 0; i < N; i++) {
        at += (size_t)snprintf(body + at, sizeof body - at,
                               "    mov r1, %lld\n    %s r2, r1, %lld\n    vsplat.f16 v0, r2, 64\n"
                               "    send o, v0\n",
                               (long long)c[i].a, c[i].op, (long long)c[i].b);
        if (!strcmp(c[i].op, "div") || !strcmp(c[i].op, "rem")) /* infix */
            sat += (size_t)snprintf(syms + sat, sizeof syms - sat, "sym s%d = (%lld %s %lld)\n", i,
                                    (long long)c[i].a, c[i].op[0] == 'd' ? "/" : "%",
                                    (long long)c[i].b);
        else
            sat += (size_t)snprintf(syms + sat, sizeof syms - sat, "sym s%d = %s(%lld, %lld)\n", i,
                                    c[i].op, (long long)c[i].a, (long long)c[i].b);
    }
    uint16_t got[N][64];
    run_rows("int.sc", body, N, got);
    for (int i = 0; i < N; i++)
        assert_int_equal(got[i][0], num_f32_to_f16((float)c[i].want));
    char text[2048];
    snprintf(text, sizeof text, HEAD "%sprogram p () {\n}\n", syms);
    struct diagbuf g;
    diag_open(&g);
    struct sc_binary *b = assemble(&g, "syms.sc", text);
    if (!b)
        fail_msg("%s", diag_text(&g));
    int64_t vals[N], v;
    char err[128];
    for (int i = 0; i < N; i++) {
        assert_true(sc_sym_eval(b, (uint32_t)i, NULL, NULL, NULL, vals, &v, err, sizeof err));
        assert_int_equal(v, c[i].want);
        vals[i] = v;
    }
    char *t1 = printed(b);
    struct sc_binary *b2 = assemble(&g, "again.sc", t1);
    assert_non_null(b2);
    char *t2 = printed(b2);
    assert_string_equal(t1, t2);
    free(t1);
    free(t2);
    sc_binary_free(b2);
    sc_binary_free(b);
    diag_close(&g);
}

/* tests/sim/NAME.sc on tests/sim/DEVICE.mlir with zeroed tensors: the
 * report (SIM_OK checked). */
static struct sim_report run_timed_on(const char *name, const char *device)
{
    char path[256], dev_path[256];
    snprintf(path, sizeof path, "tests/sim/%s.sc", name);
    snprintf(dev_path, sizeof dev_path, "tests/sim/%s.mlir", device);
    struct prepared pk;
    prepare(&pk, path, NULL, dev_path);
    struct sc_binary *b = pk.b;
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    char err[256];
    struct rt_tensor *t[4] = {NULL, NULL, NULL, NULL};
    struct rt_arg args[4];
    assert_true(b->nargs <= 4);
    for (uint32_t i = 0; i < b->nargs; i++) {
        t[i] = rt_tensor_new(dev, NULL, (enum interp_dtype)b->args[i].dtype, b->args[i].rank,
                             b->args[i].shape, err, sizeof err);
        assert_non_null(t[i]);
        args[i] = (struct rt_arg){t[i], 0};
    }
    assert_true(rt_launch(k, args, b->nargs, err, sizeof err));
    struct sim_report r;
    struct sim_options o = {0, false};
    if (rt_wait(k, &o, &r) != SIM_OK)
        fail_msg("%s", r.message);
    for (uint32_t i = 0; i < b->nargs; i++)
        rt_tensor_free(t[i]);
    release(&pk);
    return r;
}

static struct sim_report run_timed(const char *name)
{
    return run_timed_on(name, "timing_core");
}

static void expect_roofline_on(const char *device, const char *name, uint64_t cycles,
                               uint64_t roofline, uint64_t latency, uint64_t bandwidth,
                               const char *by)
{
    struct sim_report r = run_timed_on(name, device);
    print_message("%s: %llu cycles, roofline %llu = latency %llu + busy of %s, bandwidth %llu\n",
                  name, (unsigned long long)r.cycles, (unsigned long long)r.roofline_cycles,
                  (unsigned long long)r.roofline_latency, r.roofline_by,
                  (unsigned long long)r.bandwidth_cycles);
    assert_int_equal(r.roofline_cycles, roofline);
    assert_int_equal(r.roofline_latency, latency);
    assert_int_equal(r.bandwidth_cycles, bandwidth);
    assert_string_equal(r.roofline_by, by);
    assert_int_equal(r.cycles, cycles);
    assert_true(r.cycles >= r.roofline_cycles);
    sim_report_free(&r);
}

static void expect_roofline(const char *name, uint64_t cycles, uint64_t roofline,
                            uint64_t latency, uint64_t bandwidth, const char *by)
{
    expect_roofline_on("timing_core", name, cycles, roofline, latency, bandwidth, by);
}

/* The roofline (sim/report.c) of hand-written programs on timing_core.mlir
 * (reads: 128 B/cycle after 100 cycles; writes: 64 B/cycle after 50; the
 * scratchpad's links 10 cycles, FIFOs 2 or 1). The latencies are those of
 * the routes the data took. */
static void roofline_read_only(void **state)
{
    (void)state;
    /* DDR -> C0-MNILU: 8 KiB = 64 busy cycles, then the read latency and
     * the rest of the route (MNILU -> L1, 10); nothing is written. The
     * run: 64 + 100 + 10 + the issue ticks. */
    expect_roofline("roof_read", 175, 174, 110, 64, "DDR -> C0-MNILU");
}

static void roofline_read_write(void **state)
{
    (void)state;
    /* the write path: the route to it before (100 + 10 + 10), 8 KiB at 64
     * B/cycle = 128, write latency 50 after (the read path is only 64 +
     * 170). The run: the read lands at 174, the write takes 128 + 10 + 50. */
    expect_roofline("roof_rw", 364, 298, 170, 128, "C0-MNISU -> DDR");
}

static void roofline_compute_bound(void **state)
{
    (void)state;
    /* 1000 vector ops of 64 lanes and one send: the SFU's work, 1001
     * cycles, after the route to it (100 + 10 + 10 + 2) and before the
     * route back (2 + 10 + 10 + 50) */
    expect_roofline("roof_compute", 1191, 1177, 176, 1001, "C0-SFU-CL0 lanes and transfers");
}

static void roofline_aggregate_reads(void **state)
{
    (void)state;
    /* two cores read 8 KiB each over links of their own (64 busy cycles
     * each) but through one aggregate of 128 B/cycle: the reads alone keep
     * it busy 128 cycles, then the round trip's latency, 100 + 10 + 10 +
     * 50 (the links' bounds are 64 + 170 and 120 + 2 + 50, the whole
     * aggregate's 130 + 50). The run: the second core's read ends at 128,
     * lands at 238, its 128 bytes are written at 64 B/cycle (+ 10 + 50). */
    expect_roofline_on("timing_two", "roof_agg", 302, 298, 170, 130,
                       "DDR (aggregate) reads");
}

/* The compulsory-traffic roofline counts each stick (timing_core's DDR word:
 * 64 bytes) once: roof_twice reads 8 KiB of x twice, overlapping by 4 KiB,
 * and writes the same 8 KiB of y twice. The roofline pays for 16 KiB each
 * way (the write path: 120 + 256 + 50); the compulsory bound for 12 KiB read
 * and 8 KiB written (120 + 128 + 50). Where nothing is moved twice the two
 * agree (roof_rw), and two cores' reads share the aggregate (roof_agg: 16
 * KiB over two read links of 128 B/cycle would take 64 cycles, over the
 * aggregate 128). */
static void compulsory_counts_sticks_once(void **state)
{
    (void)state;
    struct sim_report r = run_timed("roof_twice");
    print_message("roof_twice: %llu cycles, roofline %llu, compulsory %llu = latency %llu + busy "
                  "of %s (%llu + %llu bytes)\n", (unsigned long long)r.cycles,
                  (unsigned long long)r.roofline_cycles, (unsigned long long)r.compulsory_cycles,
                  (unsigned long long)r.compulsory_latency, r.compulsory_by,
                  (unsigned long long)r.compulsory_read, (unsigned long long)r.compulsory_written);
    assert_int_equal(r.stick, 64);
    assert_int_equal(r.compulsory_read, 12288);
    assert_int_equal(r.compulsory_written, 8192);
    assert_int_equal(r.roofline_cycles, 426);
    assert_int_equal(r.compulsory_cycles, 298);
    assert_int_equal(r.compulsory_latency, 170);
    assert_string_equal(r.compulsory_by, "C0-MNISU -> DDR");
    assert_true(r.cycles >= r.roofline_cycles);
    sim_report_free(&r);
    r = run_timed("roof_rw");
    assert_int_equal(r.compulsory_read, 8192);
    assert_int_equal(r.compulsory_written, 8192);
    assert_int_equal(r.compulsory_cycles, r.roofline_cycles);
    sim_report_free(&r);
    r = run_timed_on("roof_agg", "timing_two");
    assert_int_equal(r.compulsory_read, 16384);
    assert_int_equal(r.compulsory_written, 256);
    assert_int_equal(r.compulsory_cycles, 298);
    assert_string_equal(r.compulsory_by, "DDR (aggregate) reads");
    sim_report_free(&r);
}

/* A second launch of a prepared kernel on other tensors counts its own
 * sticks, not the first launch's too. */
static void compulsory_per_launch(void **state)
{
    (void)state;
    struct prepared pk;
    prepare(&pk, "tests/sim/roof_twice.sc", NULL, "tests/sim/timing_core.mlir");
    struct sc_binary *b = pk.b;
    struct rt_device *dev = pk.dev;
    struct rt_kernel *k = pk.k;
    char err[256];
    struct rt_tensor *t[4];
    for (uint32_t i = 0; i < 4; i++) { /* x, y, then another x and y */
        t[i] = rt_tensor_new(dev, NULL, (enum interp_dtype)b->args[i % 2].dtype,
                             b->args[i % 2].rank, b->args[i % 2].shape, err, sizeof err);
        assert_non_null(t[i]);
    }
    for (uint32_t l = 0; l < 2; l++) {
        struct rt_arg args[2] = {{t[2 * l], 0}, {t[2 * l + 1], 0}};
        assert_true(rt_launch(k, args, 2, err, sizeof err));
        struct sim_report r;
        struct sim_options o = {0, false};
        assert_int_equal(rt_wait(k, &o, &r), SIM_OK);
        assert_int_equal(r.compulsory_read, 12288);
        assert_int_equal(r.compulsory_written, 8192);
        sim_report_free(&r);
    }
    for (uint32_t i = 0; i < 4; i++)
        rt_tensor_free(t[i]);
    release(&pk);
}

/* sig.wait posts its signal when the unit's DMAs are done but does not hold
 * the unit: the second tile's DMA starts at cycle 65 (64 + the sig's one
 * busy cycle) while the first is in flight. With a blocking sig.wait the
 * second would start at 175 and the run end at 350. */
static void sig_wait_does_not_block(void **state)
{
    (void)state;
    struct sim_report r = run_timed("sig_async");
    assert_int_equal(r.units[0].busy, 64 + 1 + 64 + 1);
    /* the second signal is delivered at 129 + 110 + 1: the consumer ends at 240 */
    assert_int_equal(r.cycles, 241);
    sim_report_free(&r);
}

/* Tensors at fixed addresses (a golden's hard-coded regions) take exactly
 * their bytes, even below where the allocator starts; overlaps and ranges
 * outside the memory are refused; freed, the range is free again. */
static void tensors_at_fixed_addresses(void **state)
{
    (void)state;
    struct diagbuf g;
    diag_open(&g);
    struct rt_device *dev = device(&g);
    char err[256];
    int64_t n[1] = {64};
    struct rt_tensor *a = rt_tensor_at(dev, NULL, -1, 1024, INTERP_F16, 1, n, err, sizeof err);
    assert_non_null(a);
    assert_int_equal(rt_tensor_addr(a), 1024);
    assert_null(rt_tensor_at(dev, NULL, -1, 1100, INTERP_F16, 1, n, err, sizeof err));
    assert_non_null(strstr(err, "bytes 1100 to 1228 are not free"));
    struct rt_tensor *b = rt_tensor_at(dev, NULL, -1, 1152, INTERP_F16, 1, n, err, sizeof err);
    assert_non_null(b); /* right after a */
    struct rt_tensor *c = rt_tensor_new(dev, NULL, INTERP_F16, 1, n, err, sizeof err);
    assert_true(rt_tensor_addr(c) >= 4096);
    struct rt_tensor *l = rt_tensor_at(dev, "L1", 1, 0, INTERP_F16, 1, n, err, sizeof err);
    assert_non_null(l);
    assert_null(rt_tensor_at(dev, "L1", 1, 1048576 - 64, INTERP_F16, 1, n, err, sizeof err));
    assert_null(rt_tensor_at(dev, "L1", 7, 0, INTERP_F16, 1, n, err, sizeof err));
    assert_non_null(strstr(err, "no memory 'L1' in core 7"));
    uint16_t h[64];
    fill(h, 64, 1);
    rt_tensor_write(b, h);
    rt_tensor_free(a);
    a = rt_tensor_at(dev, NULL, -1, 1024, INTERP_F16, 1, n, err, sizeof err);
    assert_non_null(a);
    uint16_t back[64];
    rt_tensor_read(b, back);
    assert_memory_equal(back, h, sizeof h);
    rt_tensor_free(a);
    rt_tensor_free(b);
    rt_tensor_free(c);
    rt_tensor_free(l);
    rt_device_free(dev);
    diag_close(&g);
}

/* Expected lane of vsel(vcmp(a, b, pred), a, b): the cmpf predicates in
 * MLIR's order, written here independently of ktc-interp. */
static uint16_t pick(int pred, uint16_t a, uint16_t b)
{
    float x = num_f16_to_f32(a), y = num_f16_to_f32(b);
    bool uno = isnan(x) || isnan(y), c;
    switch (pred) {
    case 1: c = !uno && x == y; break;   /* oeq */
    case 2: c = !uno && x > y; break;    /* ogt */
    case 11: c = uno || x < y; break;    /* ult */
    case 13: c = uno || x != y; break;   /* une */
    default: c = uno; break;             /* 14: uno */
    }
    return c ? a : b;
}

/* vcmp and vsel: NaNs, signed zeros and ties through five predicates; a
 * mask from an f16 compare picks f16 lanes bit for bit. */
static void compare_select(void **state)
{
    (void)state;
    static const int preds[5] = {2, 14, 1, 13, 11};
    char body[2048];
    int n = snprintf(body, sizeof body,
        /* a = NaN 0 -0 1 2 -3 NaN 5, b = 1 -0 0 1 3 -4 NaN NaN */
        "    vconst.f16 v0, [nan, 0.0, -0.0, 1.0, 2.0, -3.0, nan, 5.0]\n"
        "    vconst.f16 v1, [1.0, -0.0, 0.0, 1.0, 3.0, -4.0, nan, nan]\n"
        "    vshuf.f16 v0, v0, [0, 1, 2, 3, 4, 5, 6, 7], 8\n"
        "    vshuf.f16 v1, v1, [0, 1, 2, 3, 4, 5, 6, 7], 8\n");
    for (int i = 0; i < 5; i++)
        n += snprintf(body + n, sizeof body - (size_t)n,
                      "    vcmp.f16 v2, v0, v1, %d\n    vsel.f16 v3, v2, v0, v1\n    send o, v3\n",
                      preds[i]);
    uint16_t got[5][64];
    run_rows("cmp.sc", body, 5, got);
    static const float af[8] = {NAN, 0.0f, -0.0f, 1.0f, 2.0f, -3.0f, NAN, 5.0f};
    static const float bf[8] = {1.0f, -0.0f, 0.0f, 1.0f, 3.0f, -4.0f, NAN, NAN};
    uint16_t a[8], bb[8];
    for (int l = 0; l < 8; l++) {
        a[l] = num_f32_to_f16(af[l]);
        bb[l] = num_f32_to_f16(bf[l]);
    }
    for (int i = 0; i < 5; i++)
        for (int l = 0; l < 64; l++)
            if (got[i][l] != pick(preds[i], a[l % 8], bb[l % 8]))
                fail_msg("predicate %d lane %d: got %#x, want %#x", preds[i], l, got[i][l],
                         pick(preds[i], a[l % 8], bb[l % 8]));
    /* a predicate arith.cmpf does not have */
    check_error(HEAD "program p () {\n    vconst.f16 v0, [1.0]\n    vcmp.f16 v1, v0, v0, 16\n}\n",
                "t.sc:4:5: error: vcmp: the predicate must be a number of arith.cmpf's", false);
}

/* A binary that carries its device description opens that device. */
static void device_carried(void **state)
{
    (void)state;
    struct diagbuf g;
    diag_open(&g);
    size_t n;
    char *dev = slurp(DEVICE, &n);
    const char *head = HEAD "device \"two_core\"\ndevice_text <<<\n";
    const char *tail = ">>>\nprogram p () {\n    nop 7\n}\nunit \"C1-SFU-CL1\" : \"SFU\" = p()\n";
    char *text = malloc(strlen(head) + n + strlen(tail) + 1);
    sprintf(text, "%s%s%s", head, dev, tail);
    struct sc_binary *b = assemble(&g, "carried.sc", text);
    if (!b)
        fail_msg("%s", diag_text(&g));
    struct rt_device *d = rt_device_for(b, NULL, &g.d);
    if (!d)
        fail_msg("%s", diag_text(&g));
    assert_string_equal(rt_device_arch(d)->name, "two_core");
    struct rt_kernel *k = rt_kernel_new(d, b, &g.d);
    assert_non_null(k);
    char err[64];
    assert_true(rt_launch(k, NULL, 0, err, sizeof err));
    struct sim_report r;
    assert_int_equal(rt_wait(k, NULL, &r), SIM_OK);
    assert_int_equal(r.units[0].busy, 7);
    sim_report_free(&r);
    rt_kernel_free(k);
    rt_device_free(d);
    sc_binary_free(b);
    free(text);
    free(dev);
    diag_close(&g);
}

/* ld (a scalar load) on timing_core: gather_ld.sc reads four indices from
 * device memory and moves the rows they name; out[i] = x[idx[i]]. Each ld
 * holds the DMA unit for the DDR read latency (100 cycles) plus half a
 * cycle (one 64-byte word at 128 B/cycle) before its row's DMA (1 cycle)
 * can go: 4 x 101.5 cycles, then the last row's latency (110), the
 * signal, and the store (8 cycles at 64 B/cycle, 60 of latency). An index
 * outside x is a located launch error, an ld of a float a link error. */
static void gather_with_scalar_loads(void **state)
{
    (void)state;
    struct diagbuf g;
    diag_open(&g);
    struct sc_binary *b = assemble_file(&g, "tests/sim/gather_ld.sc");
    if (!b)
        fail_msg("%s", diag_text(&g));
    struct rt_device *dev = rt_device_new("tests/sim/timing_core.mlir", NULL, &g.d);
    assert_non_null(dev);
    struct rt_kernel *k = rt_kernel_new(dev, b, &g.d);
    if (!k)
        fail_msg("%s", diag_text(&g));
    char err[256];
    int64_t sx[2] = {8, 64}, si[1] = {4}, so[2] = {4, 64};
    struct rt_tensor *x = rt_tensor_new(dev, NULL, INTERP_F16, 2, sx, err, sizeof err);
    struct rt_tensor *ix = rt_tensor_new(dev, NULL, INTERP_I64, 1, si, err, sizeof err);
    struct rt_tensor *o = rt_tensor_new(dev, NULL, INTERP_F16, 2, so, err, sizeof err);
    assert_true(x && ix && o);
    uint16_t hx[8 * 64], ho[4 * 64];
    fill(hx, 8 * 64, 5);
    int64_t hi[4] = {6, 0, 3, 6};
    rt_tensor_write(x, hx);
    rt_tensor_write(ix, hi);
    struct rt_arg args[3] = {{x, 0}, {ix, 0}, {o, 0}};
    assert_true(rt_launch(k, args, 3, err, sizeof err));
    struct sim_report r;
    struct sim_options opt = {0, false};
    if (rt_wait(k, &opt, &r) != SIM_OK)
        fail_msg("%s", r.message);
    rt_tensor_read(o, ho);
    assert_memory_equal(ho, hx + 6 * 64, 128);
    assert_memory_equal(ho + 64, hx, 128);
    assert_memory_equal(ho + 128, hx + 3 * 64, 128);
    assert_memory_equal(ho + 192, hx + 6 * 64, 128);
    print_message("gather_ld: %llu cycles, MNILU busy %llu stall %llu\n",
                  (unsigned long long)r.cycles, (unsigned long long)r.units[0].busy,
                  (unsigned long long)r.units[0].stall);
    assert_true(r.units[0].stall >= 400); /* four reads of 100 cycles each */
    assert_int_equal(r.cycles, GATHER_LD_CYCLES);
    sim_report_free(&r);
    /* an index past x's 8 rows: the DMA's source is outside DDR */
    hi[2] = (int64_t)1 << 40;
    rt_tensor_write(ix, hi);
    assert_true(rt_launch(k, args, 3, err, sizeof err));
    assert_int_equal(rt_wait(k, &opt, &r), SIM_ERROR);
    assert_non_null(strstr(r.message, "tests/sim/gather_ld.sc:22:9: error: unit 'C0-MNILU'"));
    assert_non_null(strstr(r.message, "is outside DDR"));
    sim_report_free(&r);
    rt_tensor_free(x);
    rt_tensor_free(ix);
    rt_tensor_free(o);
    rt_kernel_free(k);
    rt_device_free(dev);
    sc_binary_free(b);
    struct sc_binary *bad = assemble(&g, "bad.sc", HEAD "arg a : tensor f16 [64] in \"DDR\"\n"
                                     "program p (m : mem) {\n    ld.f16 r1, m[0]\n}\n");
    assert_null(bad);
    assert_non_null(strstr(diag_text(&g), "bad.sc:4:5: error: ld: needs an integer element type"));
    diag_close(&g);
}

/* Loads in a row overlap (ld_overlap.sc): the unit waits once, for the
 * later register, when an instruction reads them. */
static void loads_overlap(void **state)
{
    (void)state;
    struct sim_report r = run_timed("ld_overlap");
    print_message("ld_overlap: %llu cycles, stall %llu\n", (unsigned long long)r.cycles,
                  (unsigned long long)r.units[0].stall);
    assert_true(r.units[0].stall >= 100 && r.units[0].stall < 102);
    assert_true(r.cycles >= 101 && r.cycles < 104);
    sim_report_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vadd_two_cores),
        cmocka_unit_test(relaunch_elsewhere),
        cmocka_unit_test(double_buffering_overlaps),
        cmocka_unit_test(streamed_loads),
        cmocka_unit_test(deadlock_reported),
        cmocka_unit_test(credits_at_launch),
        cmocka_unit_test(float_scalar_argument),
        cmocka_unit_test(cycle_limit),
        cmocka_unit_test(files_round_trip),
        cmocka_unit_test(located_errors),
        cmocka_unit_test(runtime_error_located),
        cmocka_unit_test(alu_numerics),
        cmocka_unit_test(device_carried),
        cmocka_unit_test(scalar_int_ops),
        cmocka_unit_test(compare_select),
        cmocka_unit_test(roofline_read_only),
        cmocka_unit_test(roofline_read_write),
        cmocka_unit_test(roofline_compute_bound),
        cmocka_unit_test(roofline_aggregate_reads),
        cmocka_unit_test(compulsory_counts_sticks_once),
        cmocka_unit_test(compulsory_per_launch),
        cmocka_unit_test(sig_wait_does_not_block),
        cmocka_unit_test(tensors_at_fixed_addresses),
        cmocka_unit_test(gather_with_scalar_loads),
        cmocka_unit_test(loads_overlap),
    };
    return cmocka_run_group_tests_name("sim", tests, NULL, NULL);
}
