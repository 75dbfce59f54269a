/* ktc_interp.c - ktc-interp: runs one KTIR function on the reference
 * interpreter (ktir/interp), with arrays in and out as .npy files, or checks
 * it against a corpus golden. Exit 0 ok, 1 bad input or golden mismatch
 * (diagnosed), 2 usage, 3 I/O error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ktir/interp/golden.h"
#include "ktir/interp/interp.h"
#include "tools/cli.h"
#include "tools/stage.h"

#define MAX_BIND 256

struct opts {
    const char *function, *golden, *grid, *seed;
    const char *args[MAX_BIND], *outs[MAX_BIND];
    size_t nargs, nouts;
    unsigned long long reps, scratch, cores;
    struct interp_config cfg;
};

static bool parse_grid(const char *s, int64_t grid[3])
{
    grid[0] = grid[1] = grid[2] = 1;
    for (int k = 0; k < 3 && *s; k++) {
        char *end;
        grid[k] = strtoll(s, &end, 10);
        if (end == s || grid[k] < 1 || (*end && *end != ','))
            return false;
        s = *end ? end + 1 : end;
    }
    return !*s;
}

static int run_golden(struct ir_module *m, const struct golden *g, const struct opts *o,
                      const char *path, struct ir_diag *diag)
{
    struct golden_timing tm;
    printf("golden %s: %s @%s\n", o->golden, path, o->function ? o->function : g->function);
    int rc = golden_run(m, g, o->function, &o->cfg, diag, stdout, (unsigned)o->reps, &tm);
    printf("%s: %.3f ms, %.3g elements/s", rc ? "FAIL" : "PASS", tm.seconds * 1e3,
           tm.seconds > 0 ? (double)tm.elements / tm.seconds : 0.0);
    if (g->wall_s > 0)
        printf(" (ktir-cpu %.3f ms: %.1fx)", g->wall_s * 1e3,
               g->wall_s / (tm.seconds > 0 ? tm.seconds : 1e-9));
    printf("\n");
    return rc;
}

static int run(struct ir_module *m, const struct opts *o, const int64_t *grid,
               struct ir_diag *diag)
{
    struct interp *in = interp_new(m, o->function, diag, &o->cfg);
    if (!in)
        return CLI_BAD_INPUT;
    if (o->grid)
        interp_set_grid(in, grid);
    uint64_t rng = o->seed ? strtoull(o->seed, NULL, 0) * 2654435761u + 88172645463325252ull : 0;
    int rc = 0;
    for (size_t k = 0; k < o->nargs && !rc; k++)
        rc = interp_bind_text(in, o->args[k], o->seed ? &rng : NULL);
    if (!rc && o->seed)
        rc = interp_bind_guessed(in, &rng);
    if (!rc && !interp_run(in))
        rc = CLI_BAD_INPUT;
    for (size_t k = 0; k < o->nouts && !rc; k++)
        rc = interp_write_text(in, o->outs[k]);
    interp_free(in);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    interp_config_default(&o.cfg);
    o.scratch = o.cfg.scratch_bytes;
    o.cores = o.cfg.ncores;
    const struct cli_flag flags[] = {
        {"function", "the function to run (default: the first)", .value = &o.function,
         .arg = " NAME"},
        {"arg", "NAME=FILE.npy: an array argument (pointer, tensor or memref);" CLI_MORE
                "NAME=VALUE: a scalar argument (index, integer or float);" CLI_MORE
                "NAME=DTYPE:SHAPE: an array argument of that shape (e.g." CLI_MORE
                "f16:4x128), zeros, or random with --random-inputs",
         .values = o.args, .max_values = MAX_BIND, .nvalues = &o.nargs, .named = true,
         .arg = " NAME=..."},
        {"out", "write an array argument after the run (or resultN)", .values = o.outs,
         .max_values = MAX_BIND, .nvalues = &o.nouts, .named = true, .arg = " NAME=FILE.npy"},
        {"random-inputs", "random values for array arguments given no file;" CLI_MORE
                          "pointer arguments not given get the shape of their view",
         .value = &o.seed, .arg = "=SEED"},
        {"golden", "run a corpus golden (DIR/golden.json) and compare;" CLI_MORE
                   "KERNEL defaults to the golden's kernel", .value = &o.golden, .arg = " DIR"},
        {"repeat", "with --golden: run N times, report the fastest", .count = &o.reps,
         .arg = "=N"},
        {"grid", "override the function's grid", .value = &o.grid, .arg = " X[,Y[,Z]]"},
        {"scratchpad", "scratchpad size per core (default 2097152)", .count = &o.scratch,
         .arg = "=BYTES"},
        {"cores", "number of cores (default 32)", .count = &o.cores, .arg = "=N"},
    };
    const char *kernel = NULL;
    struct cli c = {.tool = "ktc-interp",
                    .summary = "Runs a KTIR function on the reference interpreter (SPMD over "
                               "its grid).",
                    .flags = flags, .nflags = sizeof flags / sizeof *flags,
                    .words = &kernel, .max_words = 1,
                    .usage_args = "KERNEL.mlir|KERNEL.ir|-", .no_emit = true};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    if (!kernel && !o.golden)
        return cli_usage_error(&c, "no input kernel%s", "");
    o.cfg.scratch_bytes = o.scratch;
    o.cfg.ncores = (uint32_t)o.cores;
    int64_t grid[3];
    if (o.grid && !parse_grid(o.grid, grid))
        return cli_usage_error(&c, "expected --grid X[,Y[,Z]], got '%s'", o.grid);
    struct golden g = {0};
    char err[512];
    if (o.golden && !golden_load(o.golden, &g, err, sizeof err)) {
        fprintf(stderr, "%s: error: %s\n", o.golden, err);
        return CLI_IO;
    }
    /* The kernel: MLIR text or a ktc IR file of stage ktir (ktc-parse's output). */
    c.input = kernel ? kernel : g.kernel;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in;
    rc = stage_read(&c, "ktir", &diag, &in);
    if (!rc)
        rc = o.golden ? run_golden(in.m, &g, &o, c.input, &diag) : run(in.m, &o, grid, &diag);
    stage_input_free(&in);
    ir_diag_free(&diag);
    golden_free(&g);
    return rc;
}
