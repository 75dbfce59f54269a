/* bench.c - ktc-interp's speed on the largest corpus kernels: tensor
 * elements produced per second (fastest of N runs: prepare, bind, run) and
 * the ratio to ktir-cpu's recorded wall time. Not a test.
 *   bazel run -c opt //tests/interp:bench [-- CORPUS_DIR [STEM...]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/interp/golden.h"
#include "ktir/verify.h"
#include "tests/lib/irtest.h"

static const char *const largest[] = {"softmax_wide", "rmsnorm_4core_4x1", "ffn_swiglu_4core",
                                      "softmax_small", "ring_reduce_inner_loop"};

static int bench(const char *corpus, const char *stem)
{
    char *dir = irt_fmt("%s/ktir-cpu/golden/%s", corpus, stem);
    struct golden g;
    char err[512];
    if (!golden_load(dir, &g, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", dir, err);
        free(dir);
        return 1;
    }
    size_t len;
    char *buf = irt_read_file(g.kernel, &len);
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct ir_module *m = buf ? ir_parse(g.kernel, buf, len, 0, len, &diag) : NULL;
    int rc = 1;
    if (m && ir_verify_module(m, &diag)) {
        struct interp_config cfg;
        interp_config_default(&cfg);
        struct golden_timing tm;
        FILE *devnull = fopen("/dev/null", "w");
        rc = golden_run(m, &g, NULL, &cfg, &diag, devnull ? devnull : stderr, 10, &tm);
        if (devnull)
            fclose(devnull);
        printf("%-24s %10.3f ms %12.3g elements/s   ktir-cpu %9.3f ms   %6.1fx  %s\n", stem,
               tm.seconds * 1e3, tm.seconds > 0 ? (double)tm.elements / tm.seconds : 0.0,
               g.wall_s * 1e3, tm.seconds > 0 ? g.wall_s / tm.seconds : 0.0,
               rc ? "MISMATCH" : "ok");
    }
    if (m)
        ir_module_free(m);
    ir_diag_free(&diag);
    free(buf);
    golden_free(&g);
    free(dir);
    return rc;
}

int main(int argc, char **argv)
{
    /* `bazel run` sets BUILD_WORKSPACE_DIRECTORY; the corpus sits beside it. */
    const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
    char *beside = ws ? irt_fmt("%s/../shared/corpus", ws) : NULL;
    const char *corpus = argc > 1 ? argv[1] : getenv("KTC_CORPUS");
    if (!corpus)
        corpus = beside ? beside : "../shared/corpus";
    int rc = 0;
    if (argc > 2)
        for (int i = 2; i < argc; i++)
            rc |= bench(corpus, argv[i]);
    else
        for (size_t i = 0; i < sizeof largest / sizeof *largest; i++)
            rc |= bench(corpus, largest[i]);
    free(beside);
    return rc;
}
