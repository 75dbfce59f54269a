/* sim_bench.c - the simulator's speed: `bazel run -c opt //tests/bench:sim_bench`
 * runs a generated SpyreCode kernel on every corelet of a device (by default
 * tests/sim/two_core.mlir: 2 cores x 2 corelets) and reports simulated
 * vector-lane operations per second of host time (the target is at least
 * 200 M/s), with simulated cycles and instructions per second.
 *
 * Per corelet, L1LU streams a 32 KiB block of the core's L1 (loaded once by
 * the DMA unit) as 256-element f16 vectors, REPS times; SFU computes
 * y = (x * x + x) * x - x (four vector ops) on each; L1SU stores the
 * results. Every cycle of every unit is simulated, values included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arch/arch.h"
#include "ktir/numeric.h"
#include "runtime/runtime.h"

#define VEC 256         /* elements per vector */
#define BLOCK 16384     /* f16 elements per corelet block (32 KiB) */
#define REPS 64         /* passes over the block */

struct text {
    char *s;
    size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>

static void put(struct text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n) * 2 + 256;
        t->s = realloc(t->s, t->cap);
        if (!t->s)
            abort();
    }
}

/* The kernel for ncores x ncorelets. */
static char *kernel(uint32_t ncores, uint32_t ncorelets)
{
    struct text t = {0};
    uint32_t nvec = BLOCK / VEC;
    put(&t, "spyrecode 1\nkernel \"bench\"\narg x : tensor f16 [%u, %u] in \"DDR\"\n"
         "sym x = addr(x)\n", ncores * ncorelets, BLOCK);
    put(&t, "program dma (ddr : mem, l1 : mem");
    for (uint32_t l = 0; l < ncorelets; l++)
        put(&t, ", go%u : sigout", l);
    put(&t, ") {\n    dma l1[0], ddr[$x + r0 * 1], %u\n", BLOCK * 2 * ncorelets);
    for (uint32_t l = 0; l < ncorelets; l++)
        put(&t, "    sig.wait go%u\n", l);
    put(&t, "}\n");
    put(&t, "program lu (l1 : mem, go : sigin, out : out) {\n    wait go\n"
         "    for r1 = 0 to %u\n        for r2 = 0 to %u\n"
         "            vld.f16 v0, l1[r0 + r2 * %u], %u\n            send out, v0\n"
         "        end\n    end\n}\n", REPS, nvec, VEC * 2, VEC);
    put(&t, "program sfu (in : in, out : out) {\n    for r1 = 0 to %u\n"
         "        recv.f16 v0, in, %u\n        vbin.mul.f16 v1, v0, v0\n"
         "        vbin.add.f16 v1, v1, v0\n        vbin.mul.f16 v1, v1, v0\n"
         "        vbin.sub.f16 v1, v1, v0\n        send out, v1\n    end\n}\n",
        REPS * nvec, VEC);
    put(&t, "program su (in : in, l1 : mem) {\n    for r1 = 0 to %u\n        for r2 = 0 to %u\n"
         "            recv.f16 v0, in, %u\n            vst.f16 v0, l1[r0 + r2 * %u]\n"
         "        end\n    end\n}\n", REPS, nvec, VEC, VEC * 2);
    for (uint32_t c = 0; c < ncores; c++) {
        for (uint32_t l = 0; l < ncorelets; l++) {
            put(&t, "channel go%u_%u : signal \"C%u-MNILU\" -> \"C%u-L1LU-CL%u\"\n", c, l, c, c, l);
            put(&t, "channel a%u_%u : fifo \"C%u-L1LU-CL%u\" -> \"C%u-SFU-CL%u\"\n", c, l, c, l, c, l);
            put(&t, "channel b%u_%u : fifo \"C%u-SFU-CL%u\" -> \"C%u-L1SU-CL%u\"\n", c, l, c, l, c, l);
        }
        put(&t, "unit \"C%u-MNILU\" : \"MNILU\" = dma(ddr = \"DDR\", l1 = \"C%u-L1\"", c, c);
        for (uint32_t l = 0; l < ncorelets; l++)
            put(&t, ", go%u = go%u_%u", l, c, l);
        put(&t, ") {r0 = %u}\n", c * ncorelets * BLOCK * 2);
        for (uint32_t l = 0; l < ncorelets; l++) {
            uint32_t base = l * BLOCK * 2;
            put(&t, "unit \"C%u-L1LU-CL%u\" : \"L1LU\" = lu(l1 = \"C%u-L1\", go = go%u_%u, "
                 "out = a%u_%u) {r0 = %u}\n", c, l, c, c, l, c, l, base);
            put(&t, "unit \"C%u-SFU-CL%u\" : \"SFU\" = sfu(in = a%u_%u, out = b%u_%u)\n", c, l, c,
                l, c, l);
            put(&t, "unit \"C%u-L1SU-CL%u\" : \"L1SU\" = su(in = b%u_%u, l1 = \"C%u-L1\") "
                 "{r0 = %u}\n", c, l, c, l, c, base + ncorelets * BLOCK * 2);
        }
    }
    return t.s;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *device = argc > 1 ? argv[1] : "tests/sim/two_core.mlir";
    struct ir_diag d;
    ir_diag_init(&d, stderr);
    struct rt_device *dev = rt_device_new(device, NULL, &d);
    if (!dev)
        return 1;
    const struct arch_device *a = rt_device_arch(dev);
    uint32_t ncores = a->ncores ? a->ncores : 1, ncorelets = a->ncorelets ? a->ncorelets : 1;
    char *text = kernel(ncores, ncorelets);
    struct sc_binary *b = sc_parse("bench.sc", text, strlen(text), &d);
    struct rt_kernel *k = b ? rt_kernel_new(dev, b, &d) : NULL;
    if (!k)
        return 1;
    char err[256];
    int64_t shape[2] = {ncores * ncorelets, BLOCK};
    struct rt_tensor *x = rt_tensor_new(dev, NULL, INTERP_F16, 2, shape, err, sizeof err);
    size_t n = rt_tensor_bytes(x) / 2;
    uint16_t *h = malloc(n * 2);
    for (size_t i = 0; i < n; i++)
        h[i] = num_f32_to_f16((float)(i % 17) / 16.0f);
    rt_tensor_write(x, h);
    struct rt_arg arg = {x, 0};
    struct sim_options o = {0, false};
    double best = 1e30;
    struct sim_report r = {0};
    for (int rep = 0; rep < 3; rep++) {
        sim_report_free(&r);
        if (!rt_launch(k, &arg, 1, err, sizeof err))
            return 1;
        double t0 = now_s();
        if (rt_wait(k, &o, &r) != SIM_OK) {
            fprintf(stderr, "%s\n", r.message);
            return 1;
        }
        double dt = now_s() - t0;
        if (dt < best)
            best = dt;
    }
    printf("sim_bench: %s, %u cores x %u corelets, %llu simulated cycles\n", a->name, ncores,
           ncorelets, (unsigned long long)r.cycles);
    printf("  %.1f M vector-lane ops/s (%llu lane ops in %.3f s; target >= 200 M/s)\n",
           (double)r.lane_ops / best / 1e6, (unsigned long long)r.lane_ops, best);
    printf("  %.1f M instructions/s, %.1f M simulated cycles/s\n",
           (double)r.insns / best / 1e6, (double)r.cycles / best / 1e6);
    sim_report_free(&r);
    free(h);
    free(text);
    rt_tensor_free(x);
    rt_kernel_free(k);
    sc_binary_free(b);
    rt_device_free(dev);
    ir_diag_free(&d);
    return 0;
}
