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
#include "ktir/interp/npy.h"
#include "ktir/numeric.h"
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
    return 2;
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

static int parse_opts(int argc, char **argv, struct opts *o)
{
    interp_config_default(&o->cfg);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("ktc-interp (ktc) %s\n", KTC_VERSION);
            return 0;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (o->input)
                return usage_error("more than one input:", a);
            o->input = a;
            continue;
        }
        static const char *const names[] = {"--function",      "--arg",        "--out",
                                            "--golden",        "--grid",       "--random-inputs",
                                            "--scratchpad",    "--cores",      "--repeat"};
        int k, r = 0;
        for (k = 0; k < 9 && !(r = value_of(argc, argv, &i, names[k], &v)); k++)
            ;
        if (r < 0)
            return usage_error("missing value for", a);
        if (k == 9)
            return usage_error("unknown option", a);
        switch (k) {
        case 0: o->function = v; break;
        case 1:
        case 2:
            if (!strchr(v, '='))
                return usage_error("expected NAME=..., got", v);
            if ((k == 1 ? o->nargs : o->nouts) == MAX_BIND)
                return usage_error("too many", names[k]);
            if (k == 1)
                o->args[o->nargs++] = v;
            else
                o->outs[o->nouts++] = v;
            break;
        case 3: o->golden = v; break;
        case 4: o->grid = v; break;
        case 5: o->seed = v; break;
        default: {
            char *end;
            unsigned long long n = strtoull(v, &end, 0);
            if (*end || !n)
                return usage_error("expected a positive number, got", v);
            if (k == 6)
                o->cfg.scratch_bytes = n;
            else if (k == 7)
                o->cfg.ncores = (uint32_t)n;
            else
                o->reps = (unsigned)n;
        }
        }
    }
    if (!o->input && !o->golden)
        return usage_error("no input kernel", NULL);
    return -1;
}

static uint64_t rng_state;

static double rng_unit(void) /* xorshift64*, in [0, 1) */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

/* Fills a (dtype and shape set) with zeros, or random values when seeded:
 * floats uniform in [-1, 1), integers in [0, 16). */
static void make_array(struct interp_array *a, bool random)
{
    int64_t n = interp_array_numel(a);
    size_t es = interp_dtype_size(a->dtype);
    a->data = calloc((size_t)(n ? n : 1), es);
    if (!a->data)
        abort();
    if (!random)
        return;
    for (int64_t i = 0; i < n; i++) {
        /* Through a one-element f64/i64 array converted by the copy below. */
        double v = a->dtype >= INTERP_F16 ? 2 * rng_unit() - 1 : (double)(int)(16 * rng_unit());
        uint8_t *d = (uint8_t *)a->data + (size_t)i * es;
        switch (a->dtype) {
        case INTERP_F16: {
            uint16_t h = num_f32_to_f16((float)v);
            memcpy(d, &h, 2);
            break;
        }
        case INTERP_F32: {
            float f = (float)v;
            memcpy(d, &f, 4);
            break;
        }
        case INTERP_F64: memcpy(d, &v, 8); break;
        case INTERP_I1: *d = v >= 8; break;
        case INTERP_I8: *d = (uint8_t)v; break;
        case INTERP_I16: {
            int16_t x = (int16_t)v;
            memcpy(d, &x, 2);
            break;
        }
        case INTERP_I32: {
            int32_t x = (int32_t)v;
            memcpy(d, &x, 4);
            break;
        }
        case INTERP_I64:
        case INTERP_INDEX: {
            int64_t x = (int64_t)v;
            memcpy(d, &x, 8);
            break;
        }
        default: { /* bf16, df16: the bits of a small value */
            uint16_t x = (uint16_t)(0x3C00 + (int)(v * 255));
            memcpy(d, &x, 2);
        }
        }
    }
}

/* "f16:4x128" into a's dtype and shape. */
static bool parse_dtype_shape(const char *s, struct interp_array *a)
{
    char dt[16];
    const char *colon = strchr(s, ':');
    if (!colon || (size_t)(colon - s) >= sizeof dt)
        return false;
    memcpy(dt, s, (size_t)(colon - s));
    dt[colon - s] = 0;
    memset(a, 0, sizeof *a);
    if (!interp_dtype_parse(dt, &a->dtype))
        return false;
    for (const char *p = colon + 1; *p;) {
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end == p || v < 0 || a->rank == INTERP_MAX_RANK)
            return false;
        a->shape[a->rank++] = v;
        p = *end == 'x' ? end + 1 : end;
        if (*end && *end != 'x')
            return false;
    }
    return true;
}

static int bind_args(struct interp *in, const struct opts *o)
{
    bool bound[MAX_BIND] = {false};
    for (int k = 0; k < o->nargs; k++) {
        const char *eq = strchr(o->args[k], '=');
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - o->args[k]), o->args[k]);
        const char *v = eq + 1;
        int i = interp_arg_find(in, name);
        if (i < 0) {
            fprintf(stderr, "ktc-interp: error: the function has no argument '%s'\n", name);
            return 1;
        }
        size_t vl = strlen(v);
        struct interp_array a;
        bool ok;
        if (vl > 4 && strcmp(v + vl - 4, ".npy") == 0) {
            char err[256];
            if (!npy_read(v, &a, err, sizeof err)) {
                fprintf(stderr, "%s: error: %s\n", v, err);
                return 3;
            }
            ok = interp_bind_array(in, (uint32_t)i, &a);
            interp_array_free(&a);
        } else if (strchr(v, ':')) {
            if (!parse_dtype_shape(v, &a))
                return usage_error("expected DTYPE:SHAPE like f16:4x128, got", v);
            make_array(&a, o->seed != NULL);
            ok = interp_bind_array(in, (uint32_t)i, &a);
            interp_array_free(&a);
        } else {
            ok = interp_bind_scalar(in, (uint32_t)i, v);
        }
        if (!ok)
            return 1;
        if (i < MAX_BIND)
            bound[i] = true;
    }
    for (uint32_t i = 0; o->seed && i < interp_nargs(in) && i < MAX_BIND; i++) {
        struct interp_array a;
        if (bound[i] || !interp_arg_guess(in, i, &a))
            continue;
        make_array(&a, true);
        bool ok = interp_bind_array(in, i, &a);
        interp_array_free(&a);
        if (!ok)
            return 1;
    }
    return 0;
}

static int write_outs(struct interp *in, const struct opts *o)
{
    for (int k = 0; k < o->nouts; k++) {
        const char *eq = strchr(o->outs[k], '=');
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - o->outs[k]), o->outs[k]);
        struct interp_array a;
        int i = interp_arg_find(in, name);
        unsigned r;
        bool ok;
        if (i >= 0)
            ok = interp_arg_array(in, (uint32_t)i, &a);
        else if (sscanf(name, "result%u", &r) == 1)
            ok = interp_result_array(in, r, &a);
        else
            ok = false;
        if (!ok) {
            fprintf(stderr, "ktc-interp: error: '%s' is no array argument or result\n", name);
            return 1;
        }
        char err[256];
        ok = npy_write(eq + 1, &a, err, sizeof err);
        interp_array_free(&a);
        if (!ok) {
            fprintf(stderr, "%s: error: %s\n", eq + 1, err);
            return 3;
        }
    }
    return 0;
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

int main(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse_opts(argc, argv, &o);
    if (rc >= 0)
        return rc;
    int64_t grid[3];
    if (o.grid && !parse_grid(o.grid, grid))
        return usage_error("expected --grid X[,Y[,Z]], got", o.grid);
    if (o.seed)
        rng_state = strtoull(o.seed, NULL, 0) * 2654435761u + 88172645463325252ull;
    struct golden g = {0};
    char err[512];
    if (o.golden && !golden_load(o.golden, &g, err, sizeof err)) {
        fprintf(stderr, "%s: error: %s\n", o.golden, err);
        return 3;
    }
    /* The kernel: MLIR text or a ktc IR file of stage ktir (ktc-parse's output). */
    const char *path = o.input ? o.input : g.kernel;
    struct cli c = {.tool = "ktc-interp", .input = path};
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input kernel;
    rc = stage_read(&c, "ktir", &diag, &kernel);
    struct ir_module *m = kernel.m;
    if (!rc && o.golden) {
        struct golden_timing tm;
        printf("golden %s: %s @%s\n", o.golden, path, o.function ? o.function : g.function);
        rc = golden_run(m, &g, o.function, &o.cfg, &diag, stdout, o.reps, &tm);
        printf("%s: %.3f ms, %.3g elements/s", rc ? "FAIL" : "PASS", tm.seconds * 1e3,
               tm.seconds > 0 ? (double)tm.elements / tm.seconds : 0.0);
        if (g.wall_s > 0)
            printf(" (ktir-cpu %.3f ms: %.1fx)", g.wall_s * 1e3,
                   g.wall_s / (tm.seconds > 0 ? tm.seconds : 1e-9));
        printf("\n");
    } else if (!rc) {
        struct interp *in = interp_new(m, o.function, &diag, &o.cfg);
        if (!in)
            rc = 1;
        if (in && o.grid)
            interp_set_grid(in, grid);
        if (in && !(rc = bind_args(in, &o)))
            rc = interp_run(in) ? write_outs(in, &o) : 1;
        interp_free(in);
    }
    stage_input_free(&kernel);
    ir_diag_free(&diag);
    golden_free(&g);
    return rc;
}
