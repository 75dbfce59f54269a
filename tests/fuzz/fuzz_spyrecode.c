/* fuzz_spyrecode.c - libFuzzer target for SpyreCode text, which ktc-launch
 * accepts as a kernel (tools/fuzz.sh builds and runs it; not a Bazel
 * test): the assembler either reports located errors or gives a linked
 * binary; the device it names is opened, the binary prepared (the device
 * checks) and, with zero-filled tensors of its arguments' shapes, launched
 * and run for at most 200000 cycles. Every refusal must be a diagnostic or
 * a report; any crash, hang, leak or sanitizer report is a finding. Seeds:
 * the .sc files of tests/sim and the SpyreCode text goldens of
 * tests/passes/codegen. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "runtime/runtime.h"

enum { MAX_ELEMENTS = 1 << 20, CYCLE_LIMIT = 200000 };

/* Zero-filled tensors for b's tensor arguments and 1 for its scalars;
 * false when one is not static or too big to bother with. */
static bool make_args(struct rt_device *dev, const struct sc_binary *b, struct rt_tensor **t,
                      struct rt_arg *args)
{
    for (uint32_t i = 0; i < b->nargs; i++) {
        args[i] = (struct rt_arg){NULL, 1};
        if (b->args[i].kind != SC_ARG_TENSOR)
            continue;
        int64_t n = 1;
        for (uint32_t k = 0; k < b->args[i].rank; k++) {
            int64_t d = b->args[i].shape[k];
            if (d <= 0 || d > MAX_ELEMENTS || n * d > MAX_ELEMENTS)
                return false;
            n *= d;
        }
        char err[256];
        t[i] = rt_tensor_new(dev, b->args[i].space, (enum interp_dtype)b->args[i].dtype,
                             b->args[i].rank, b->args[i].shape, err, sizeof err);
        if (!t[i])
            return false;
        args[i].tensor = t[i];
    }
    return true;
}

/* The device to open for b: its description text, an embedded device, or
 * for a plain name (the seeds' "two_core") the file NAME.mlir in
 * $KTC_FUZZ_DEVICES (tools/fuzz.sh: tests/sim). Never another path: a
 * binary naming /dev/zero would only hang the run. */
static struct rt_device *open_device(const struct sc_binary *b, struct ir_diag *d)
{
    if (b->device_text || !b->device)
        return rt_device_for(b, NULL, d);
    if (!strcmp(b->device, "spyre") || !strcmp(b->device, "sample"))
        return rt_device_for(b, NULL, d);
    const char *dir = getenv("KTC_FUZZ_DEVICES");
    if (!dir || strspn(b->device, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(b->device))
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.mlir", dir, b->device);
    return rt_device_for(b, path, d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1); /* exact size: overreads are reports */
    if (!text)
        abort();
    memcpy(text, data, size);
    struct ir_diag d;
    ir_diag_init(&d, NULL);
    struct sc_binary *b = sc_parse("fuzz.sc", text, size, &d);
    struct rt_device *dev = b ? open_device(b, &d) : NULL;
    struct rt_kernel *k = dev ? rt_kernel_new(dev, b, &d) : NULL;
    if (k) {
        struct rt_tensor **t = calloc(b->nargs + 1, sizeof *t);
        struct rt_arg *args = calloc(b->nargs + 1, sizeof *args);
        char err[256];
        if (!t || !args)
            abort();
        if (make_args(dev, b, t, args) && rt_launch(k, args, b->nargs, err, sizeof err)) {
            struct sim_options o = {CYCLE_LIMIT, false};
            struct sim_report r;
            enum sim_status st = rt_wait(k, &o, &r);
            if (st != SIM_OK && !r.message) {
                fprintf(stderr, "a failed run without a message\n");
                abort();
            }
            sim_report_free(&r);
        }
        for (uint32_t i = 0; i < b->nargs; i++)
            if (t[i])
                rt_tensor_free(t[i]);
        free(t);
        free(args);
        rt_kernel_free(k);
    }
    bool skipped = b && !dev && !d.nerrors; /* a device open_device does not open */
    if ((!b || !dev || !k) && !d.nerrors && !skipped) {
        fprintf(stderr, "refused without a diagnostic\n");
        abort();
    }
    if (dev)
        rt_device_free(dev);
    sc_binary_free(b);
    ir_diag_free(&d);
    free(text);
    return 0;
}
