/* ktc_interp.c - ktc-interp: runs one KTIR function on the reference
 * interpreter (ktir/interp), with arrays in and out as .npy files, or checks
 * it against a corpus golden. Exit 0 ok, 1 bad input or golden mismatch
 * (diagnosed), 2 usage, 3 I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/golden.h"
#include "ktir/interp/interp.h"
#include "tools/cli.h"
#include "tools/stage.h"

#define MAX_BIND 256

static const char usage_text[] =
    "usage: ktc-interp [options] KERNEL.mlir|KERNEL.ir|-\n"
    "Runs a KTIR function on the reference interpreter (SPMD over its grid).\n\n"
    "options:\n"
    "  --function NAME        the function to run (default: the first)\n"
    "  --arg NAME=FILE.npy    an array argument (pointer, tensor or memref)\n"
    "  --arg NAME=VALUE       a scalar argument (index, integer or float)\n"
    "  --arg NAME=DTYPE:SHAPE an array argument of that shape (e.g. f16:4x128),\n"
    "                         zeros, or random with --random-inputs\n"
    "  --out NAME=FILE.npy    write an array argument after the run (or resultN)\n"
    "  --random-inputs=SEED   random values for array arguments given no file;\n"
    "                         pointer arguments not given get the shape of their view\n"
    "  --golden DIR           run a corpus golden (DIR/golden.json) and compare;\n"
    "                         KERNEL defaults to the golden's kernel\n"
    "  --repeat=N             with --golden: run N times, report the fastest\n"
    "  --grid X[,Y[,Z]]       override the function's grid\n"
    "  --scratchpad=BYTES     scratchpad size per core (default 2097152)\n"
    "  --cores=N              number of cores (default 32)\n"
    "  --help, --version\n";

struct opts {
    const char *input, *function, *golden, *grid, *seed;
    const char *args[MAX_BIND], *outs[MAX_BIND];
    int nargs, nouts;
    unsigned reps;
    struct interp_config cfg;
};

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "ktc-interp: error: %s%s%s\n(see ktc-interp --help)\n", msg, arg ? " " : "",
            arg ? arg : "");
    return CLI_USAGE;
}

/* --name=V or --name V; returns 1 matched, 0 not, -1 missing value. */
static int value_of(int argc, char **argv, int *i, const char *name, const char **v)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return 0;
    if (argv[*i][n] == '=') {
        *v = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] || *i + 1 >= argc)
        return argv[*i][n] ? 0 : -1;
    *v = argv[++*i];
    return 1;
}

/* Returns -1 to go on, else the exit code (after --help, --version, an error). */
static int parse_opts(int argc, char **argv, struct opts *o)
{
    static const char *const names[] = {"--function", "--arg",   "--out",        "--golden",
                                        "--grid",     "--random-inputs",  "--scratchpad",
                                        "--cores",    "--repeat"};
    enum { NNAMES = sizeof names / sizeof *names };
    interp_config_default(&o->cfg);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return CLI_OK;
        }
        if (strcmp(a, "--version") == 0) {
            printf("ktc-interp (ktc) %s\n", KTC_VERSION);
            return CLI_OK;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (o->input)
                return usage_error("more than one input:", a);
            o->input = a;
            continue;
        }
        int k, r = 0;
        for (k = 0; k < NNAMES && !(r = value_of(argc, argv, &i, names[k], &v)); k++)
            ;
        if (r < 0)
            return usage_error("missing value for", a);
        if (k == NNAMES)
            return usage_error("unknown option", a);
        if ((k == 1 || k == 2) && !strchr(v, '='))
            return usage_error("expected NAME=..., got", v);
        if ((k == 1 && o->nargs == MAX_BIND) || (k == 2 && o->nouts == MAX_BIND))
            return usage_error("too many", names[k]);
        char *end;
        unsigned long long n = k >= 6 ? strtoull(v, &end, 0) : 0;
        if (k >= 6 && (*end || !n))
            return usage_error("expected a positive number, got", v);
        switch (k) {
        case 0: o->function = v; break;
        case 1: o->args[o->nargs++] = v; break;
        case 2: o->outs[o->nouts++] = v; break;
        case 3: o->golden = v; break;
        case 4: o->grid = v; break;
        case 5: o->seed = v; break;
        case 6: o->cfg.scratch_bytes = n; break;
        case 7: o->cfg.ncores = (uint32_t)n; break;
        default: o->reps = (unsigned)n; break;
        }
    }
    if (!o->input && !o->golden)
        return usage_error("no input kernel", NULL);
    return -1;
}

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
    int rc = golden_run(m, g, o->function, &o->cfg, diag, stdout, o->reps, &tm);
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
    for (int k = 0; k < o->nargs && !rc; k++)
        rc = interp_bind_text(in, o->args[k], o->seed ? &rng : NULL);
    if (!rc && o->seed)
        rc = interp_bind_guessed(in, &rng);
    if (!rc && !interp_run(in))
        rc = CLI_BAD_INPUT;
    for (int k = 0; k < o->nouts && !rc; k++)
        rc = interp_write_text(in, o->outs[k]);
    interp_free(in);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse_opts(argc, argv, &o);
    if (rc >= 0)
        return rc;
    int64_t grid[3];
    if (o.grid && !parse_grid(o.grid, grid))
        return usage_error("expected --grid X[,Y[,Z]], got", o.grid);
    struct golden g = {0};
    char err[512];
    if (o.golden && !golden_load(o.golden, &g, err, sizeof err)) {
        fprintf(stderr, "%s: error: %s\n", o.golden, err);
        return CLI_IO;
    }
    /* The kernel: MLIR text or a ktc IR file of stage ktir (ktc-parse's output). */
    const char *path = o.input ? o.input : g.kernel;
    struct cli c = {.tool = "ktc-interp", .input = path};
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input kernel;
    rc = stage_read(&c, "ktir", &diag, &kernel);
    if (!rc)
        rc = o.golden ? run_golden(kernel.m, &g, &o, path, &diag)
                      : run(kernel.m, &o, grid, &diag);
    stage_input_free(&kernel);
    ir_diag_free(&diag);
    golden_free(&g);
    return rc;
}
