/* ktc_launch.c - ktc-launch: the runtime's command line. Prepares a
 * SpyreCode kernel once (a .spyrecode file, or its text form) on the
 * simulated device and launches it N times with tensors from .npy files,
 * random inputs or a corpus golden; writes outputs, stats, a trace, and
 * optionally checks the results against ktc-interp run in-process.
 * Exit 0 ok, 1 bad input, a failed run or a mismatch, 2 usage, 3 I/O.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arch/arch.h"
#include "ktir/asm.h"
#include "ktir/interp/golden.h"
#include "ktir/interp/npy.h"
#include "ktir/irfile.h"
#include "ktir/numeric.h"
#include "ktir/verify.h"
#include "runtime/runtime.h"
#include "tools/cli.h"

#define MAX_BIND 256

struct opts {
    const char *golden, *seed, *stats_json, *trace, *device;
    const char *args[MAX_BIND], *outs[MAX_BIND];
    size_t nargs, nouts;
    unsigned long long repeat, cycle_limit;
    bool stats, check, print;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The kernel: a SpyreCode file or its text. 0, 1 (diagnosed) or 3. */
static int load_kernel(const char *path, struct ir_diag *diag, struct sc_binary **out,
                       char **text)
{
    unsigned char *buf;
    size_t len;
    char err[256];
    *text = NULL;
    int rc = ir_file_get_bytes(path, &buf, &len, err, sizeof err);
    if (rc) {
        fprintf(stderr, "%s: error: %s\n", path, err);
        return rc;
    }
    if (len >= 5 && memcmp(buf, "KTCIR", 5) == 0) {
        rc = sc_read_mem(buf, len, out, err, sizeof err);
        if (rc)
            fprintf(stderr, "%s: error: %s\n", path, err);
        free(buf);
        return rc;
    }
    *text = realloc(buf, len + 1);
    (*text)[len] = 0;
    ir_diag_add_source(diag, path, *text, len);
    *out = sc_parse(path, *text, len, diag);
    return *out ? 0 : 1;
}

/* The value text of name in list (NAME=TEXT), or NULL. */
static const char *lookup(const char *const *list, size_t n, const char *name)
{
    size_t len = strlen(name);
    for (size_t i = 0; i < n; i++)
        if (strncmp(list[i], name, len) == 0 && list[i][len] == '=')
            return list[i] + len + 1;
    return NULL;
}

struct inputs {
    uint32_t n;
    struct interp_array *arr; /* tensors: the input arrays */
    int64_t *val;             /* scalars */
    char **text;              /* scalars: as given (for ktc-interp) */
    /* a golden's fixed regions (hard-coded addresses), per golden entry */
    uint32_t nfixed;
    struct interp_array *farr;  /* their inputs (dtype set, no data when none) */
    struct rt_tensor **ft;      /* their places in device memory */
};

static void inputs_free(struct inputs *in)
{
    for (uint32_t i = 0; i < in->n; i++) {
        interp_array_free(&in->arr[i]);
        free(in->text[i]);
    }
    free(in->arr);
    free(in->val);
    free(in->text);
    for (uint32_t k = 0; k < in->nfixed; k++) {
        interp_array_free(&in->farr[k]);
        rt_tensor_free(in->ft[k]);
    }
    free(in->farr);
    free(in->ft);
}

/* Places every fixed region of golden g at its address (element index) in
 * device memory or a core's scratchpad, with its input. 0, 1 or 3. */
static int place_fixed(struct rt_device *dev, const struct golden *g, struct inputs *in)
{
    in->nfixed = g->n;
    in->farr = calloc(g->n + 1, sizeof *in->farr);
    in->ft = calloc(g->n + 1, sizeof *in->ft);
    const struct arch_device *a = rt_device_arch(dev);
    for (uint32_t k = 0; k < g->n; k++) {
        const struct golden_entry *e = &g->e[k];
        if (!e->fixed)
            continue;
        char err[256];
        struct interp_array *x = &in->farr[k];
        if (e->input && !npy_read(e->input, x, err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: %s: %s\n", e->input, err);
            return 3;
        }
        if (!e->input) {
            x->dtype = e->dtype;
            x->rank = e->rank;
            memcpy(x->shape, e->shape, sizeof x->shape);
        }
        bool scratch = e->space == INTERP_SCRATCH;
        const char *kind = arch_space_kind(a, scratch ? IR_MS_CT_LOCAL : IR_MS_GLOBAL);
        uint64_t at = (uint64_t)e->addr * interp_dtype_size(x->dtype);
        in->ft[k] = rt_tensor_at(dev, kind, scratch ? (int32_t)e->core : -1, at, x->dtype, x->rank,
                                 x->shape, err, sizeof err);
        if (!in->ft[k] || (x->data && !rt_tensor_write_array(in->ft[k], x, err, sizeof err))) {
            fprintf(stderr, "ktc-launch: error: fixed region '%s' at element %lld of %s: %s\n",
                    e->name, (long long)e->addr, kind ? kind : "?", err);
            return 1;
        }
        rt_tensor_name(in->ft[k], e->name);
    }
    return 0;
}

/* Writes the inputs back into the argument tensors and fixed regions
 * before a repeated launch (outside the timed part): a kernel may update a
 * tensor in place, and every launch must see the same inputs, so that what
 * --check and --golden compare is one launch's result. */
static int restore_inputs(const struct sc_binary *b, struct rt_tensor **t, const struct inputs *in)
{
    char err[256];
    for (uint32_t i = 0; i < b->nargs; i++)
        if (t[i] && !rt_tensor_write_array(t[i], &in->arr[i], err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: argument '%s': %s\n", b->args[i].name, err);
            return 1;
        }
    for (uint32_t k = 0; k < in->nfixed; k++)
        if (in->ft && in->ft[k] && in->farr[k].data &&
            !rt_tensor_write_array(in->ft[k], &in->farr[k], err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: fixed region %u: %s\n", k, err);
            return 1;
        }
    return 0;
}

/* The ir_float_kind of a float dtype, -1 for the others. */
static int float_kind(uint8_t dtype)
{
    switch (dtype) {
    case INTERP_F16: return IR_F16;
    case INTERP_BF16: return IR_BF16;
    case INTERP_DF16: return IR_DF16;
    case INTERP_F32: return IR_F32;
    case INTERP_F64: return IR_F64;
    default: return -1;
    }
}

/* Is an argument's text DTYPE:SHAPE (f16:4x128) rather than a file? */
static bool is_spec(const char *text)
{
    size_t n = strlen(text);
    return strchr(text, ':') && !(n > 4 && strcmp(text + n - 4, ".npy") == 0);
}

/* The inputs of every argument of b from the command line or the golden: a
 * tensor from FILE.npy, or DTYPE:SHAPE (zeros, or random values with a
 * seed, as ktc-interp makes them), or its own dtype and static shape. */
static int gather_inputs(const struct sc_binary *b, const struct opts *o, const struct golden *g,
                         struct inputs *in)
{
    in->n = b->nargs;
    in->arr = calloc(b->nargs + 1, sizeof *in->arr);
    in->val = calloc(b->nargs + 1, sizeof *in->val);
    in->text = calloc(b->nargs + 1, sizeof *in->text);
    uint64_t rng = o->seed ? strtoull(o->seed, NULL, 0) * 0x9E3779B97F4A7C15ULL + 1 : 0;
    for (uint32_t i = 0; i < b->nargs; i++) {
        const struct sc_arg *a = &b->args[i];
        const char *v = lookup(o->args, o->nargs, a->name);
        const struct golden_entry *ge = NULL;
        for (uint32_t k = 0; g && !v && k < g->n; k++)
            if (!g->e[k].fixed && strcmp(g->e[k].name, a->name) == 0)
                ge = &g->e[k];
        char err[256];
        if (a->kind == SC_ARG_SCALAR) {
            const char *t = v ? v : ge && ge->scalar ? ge->value : "0";
            char *end;
            int fk = float_kind(a->dtype);
            if (fk >= 0) /* a float scalar goes to the device as its bits */
                in->val[i] = (int64_t)num_double_to_bits((unsigned)fk, strtod(t, &end));
            else
                in->val[i] = strtoll(t, &end, 0);
            if (*end || end == t) {
                fprintf(stderr, "ktc-launch: error: argument '%s': '%s' is not %s\n", a->name,
                        t, fk >= 0 ? "a number" : "an integer");
                return 1;
            }
            in->text[i] = strdup(t);
            continue;
        }
        const char *file = v ? v : ge ? ge->input : NULL;
        struct interp_array *x = &in->arr[i];
        if (file && !is_spec(file)) {
            if (!npy_read(file, x, err, sizeof err)) {
                fprintf(stderr, "ktc-launch: error: %s: %s\n", file, err);
                return 3;
            }
            continue;
        }
        if (file && !interp_array_spec(file, x)) {
            fprintf(stderr, "ktc-launch: error: argument '%s': expected DTYPE:SHAPE like "
                    "f16:4x128, got '%s'\n", a->name, file);
            return 1;
        }
        if (!file) {
            x->dtype = (enum interp_dtype)a->dtype;
            x->rank = a->rank;
            for (uint32_t r = 0; r < a->rank; r++) {
                if (a->shape[r] < 0) {
                    fprintf(stderr, "ktc-launch: error: argument '%s' has a dynamic shape: "
                            "give it with --arg %s=FILE.npy or %s=DTYPE:SHAPE\n", a->name,
                            a->name, a->name);
                    return 1;
                }
                x->shape[r] = a->shape[r];
            }
        }
        interp_array_fill(x, o->seed ? &rng : NULL);
    }
    return 0;
}

/* Runs the binary's KTIR on ktc-interp with the same inputs and compares
 * every tensor argument exactly. 0 when all match. */
static int check_against_interp(const struct sc_binary *b, const struct golden *g,
                                const struct inputs *in, struct rt_tensor *const *t,
                                struct ir_diag *diag)
{
    if (!b->ktir) {
        fprintf(stderr, "ktc-launch: error: --check: the kernel carries no KTIR text\n");
        return 1;
    }
    /* the KTIR is the text of the file the instructions' locations name,
     * when they name one */
    const char *name = b->nfiles == 1 ? b->files[0] : "<ktir>";
    struct ir_module *m = ir_parse(name, b->ktir, strlen(b->ktir), 0, strlen(b->ktir), diag);
    if (!m || !ir_verify_module(m, diag)) {
        ir_module_free(m);
        return 1;
    }
    struct interp_config cfg;
    interp_config_default(&cfg);
    struct interp *ip = interp_new(m, b->kernel, diag, &cfg);
    int rc = ip ? 0 : 1;
    for (uint32_t i = 0; !rc && i < b->nargs; i++) {
        int k = interp_arg_find(ip, b->args[i].name);
        if (k < 0) {
            fprintf(stderr, "ktc-launch: error: --check: KTIR function '%s' has no argument '%s'\n",
                    b->kernel, b->args[i].name);
            rc = 1;
        } else if (b->args[i].kind == SC_ARG_SCALAR) {
            rc = interp_bind_scalar(ip, (uint32_t)k, in->text[i]) ? 0 : 1;
        } else {
            rc = interp_bind_array(ip, (uint32_t)k, &in->arr[i]) ? 0 : 1;
        }
    }
    for (uint32_t k = 0; !rc && k < in->nfixed; k++)
        if (in->ft[k] && in->farr[k].data)
            rc = interp_poke(ip, g->e[k].space, g->e[k].core, g->e[k].addr, &in->farr[k]) ? 0 : 1;
    /* The KTIR runs on its own grid: the compiler linearizes it (a [2, 2]
     * kernel's binary says 4, 1, 1) and may fold the tiles a core hosts
     * into a loop (ktc-nest's fold-grid: a grid of 4096 rows on spyre's 32
     * cores says 32), so the binary's grid is the cores it launches, not
     * the kernel's tiles. */
    if (!rc && !interp_run(ip))
        rc = 1;
    for (uint32_t k = 0; !rc && k < in->nfixed; k++) {
        if (!in->ft[k])
            continue;
        struct interp_array want = {0}, got = {0};
        rt_tensor_read_array(in->ft[k], &got);
        want.dtype = got.dtype;
        want.rank = got.rank;
        memcpy(want.shape, got.shape, sizeof want.shape);
        if (!interp_peek(ip, g->e[k].space, g->e[k].core, g->e[k].addr, &want)) {
            interp_array_free(&got);
            rc = 1;
            break;
        }
        size_t n = rt_tensor_bytes(in->ft[k]), es = interp_dtype_size(got.dtype);
        int64_t bad = 0;
        for (size_t e = 0; e < n / es; e++)
            bad += memcmp((char *)got.data + e * es, (char *)want.data + e * es, es) != 0;
        printf("check %s (fixed): %s ktc-interp (%lld of %zu elements differ)\n", g->e[k].name,
               bad ? "DIFFERS from" : "matches", (long long)bad, n / es);
        rc = bad ? 1 : 0;
        interp_array_free(&want);
        interp_array_free(&got);
    }
    for (uint32_t i = 0; !rc && i < b->nargs; i++) {
        if (b->args[i].kind != SC_ARG_TENSOR)
            continue;
        struct interp_array want = {0}, got = {0};
        if (!interp_arg_array(ip, (uint32_t)interp_arg_find(ip, b->args[i].name), &want)) {
            rc = 1;
            break;
        }
        rt_tensor_read_array(t[i], &got);
        size_t n = rt_tensor_bytes(t[i]);
        int64_t bad = 0;
        size_t es = interp_dtype_size(got.dtype);
        for (size_t e = 0; e < n / es; e++)
            bad += memcmp((char *)got.data + e * es, (char *)want.data + e * es, es) != 0;
        printf("check %s: %s ktc-interp (%lld of %zu elements differ)\n", b->args[i].name,
               bad ? "DIFFERS from" : "matches", (long long)bad, n / es);
        if (bad)
            rc = 1;
        interp_array_free(&want);
        interp_array_free(&got);
    }
    interp_free(ip);
    ir_module_free(m);
    return rc;
}

static int compare_golden(const struct sc_binary *b, const struct golden *g,
                          const struct inputs *in, struct rt_tensor *const *t)
{
    int rc = 0;
    for (uint32_t k = 0; k < g->n; k++) {
        const struct golden_entry *e = &g->e[k];
        uint32_t i = e->fixed ? SC_NONE : sc_find_arg(b, e->name);
        struct rt_tensor *x = e->fixed ? in->ft[k] : i == SC_NONE ? NULL : t[i];
        if (e->scalar || !e->expected)
            continue;
        if (!x) {
            fprintf(stderr, "ktc-launch: error: golden '%s': the kernel has no tensor argument "
                    "of that name\n", e->name);
            rc = 1;
            continue;
        }
        struct interp_array want, got;
        char err[256];
        if (!npy_read(e->expected, &want, err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: %s: %s\n", e->expected, err);
            return 3;
        }
        rt_tensor_read_array(x, &got);
        struct golden_diff d;
        bool ok = golden_compare(&got, &want, false, &d);
        printf("golden %s: %s (max abs %g, %lld of %lld out of tolerance)\n", e->name,
               ok ? "ok" : "MISMATCH", d.max_abs, (long long)d.nbad, (long long)d.n);
        rc |= !ok;
        interp_array_free(&want);
        interp_array_free(&got);
    }
    return rc;
}

static int write_report(const char *path, const struct sim_report *r, bool trace)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ktc-launch: error: cannot write '%s': %s\n", path, strerror(errno));
        return 3;
    }
    if (trace)
        sim_write_trace(r, f);
    else
        sim_print_stats_json(r, f);
    return fclose(f) ? 3 : 0;
}

static int launch(const struct opts *o, struct sc_binary *b, struct ir_diag *diag)
{
    struct golden g = {0};
    char err[512];
    if (o->golden && !golden_load(o->golden, &g, err, sizeof err)) {
        fprintf(stderr, "ktc-launch: error: %s\n", err);
        return 3;
    }
    struct inputs in = {0};
    int rc = gather_inputs(b, o, o->golden ? &g : NULL, &in);
    struct rt_device *dev = rc ? NULL : rt_device_for(b, o->device, diag);
    if (!rc && !dev)
        rc = 1;
    struct rt_tensor **t = calloc(b->nargs + 1, sizeof *t);
    struct rt_arg *args = calloc(b->nargs + 1, sizeof *args);
    for (uint32_t i = 0; !rc && i < b->nargs; i++) {
        args[i].value = in.val[i];
        if (b->args[i].kind != SC_ARG_TENSOR)
            continue;
        t[i] = rt_tensor_new(dev, b->args[i].space, in.arr[i].dtype, in.arr[i].rank,
                             in.arr[i].shape, err, sizeof err);
        if (!t[i] || !rt_tensor_write_array(t[i], &in.arr[i], err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: argument '%s': %s\n", b->args[i].name, err);
            rc = 1;
        } else {
            rt_tensor_name(t[i], b->args[i].name);
        }
        args[i].tensor = t[i];
    }
    if (!rc && o->golden)
        rc = place_fixed(dev, &g, &in);
    double t0 = now_s();
    struct rt_kernel *k = rc ? NULL : rt_kernel_new(dev, b, diag);
    double prepare = now_s() - t0, first = 0, total = 0, patch = 0;
    if (!rc && !k)
        rc = 1;
    struct sim_report r = {0};
    struct sim_options so = {o->cycle_limit, o->trace != NULL};
    for (unsigned long long n = 0; !rc && n < o->repeat; n++) {
        sim_report_free(&r);
        if (n && (rc = restore_inputs(b, t, &in)))
            break;
        double t1 = now_s();
        if (!rt_launch(k, args, b->nargs, err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: %s\n", err);
            rc = 1;
            break;
        }
        patch += now_s() - t1;
        enum sim_status st = rt_wait(k, &so, &r);
        double dt = now_s() - t1;
        first = n ? first : dt;
        total += dt;
        if (st != SIM_OK) {
            fprintf(stderr, "%s\n", r.message);
            rc = 1;
        }
    }
    if (!rc && o->repeat > 1)
        printf("host: prepare %.3f ms, first launch %.3f ms, per launch %.3f ms (%llu "
               "launches), of which launch overhead (symbols, patches) %.1f us\n",
               prepare * 1e3, first * 1e3, total / (double)o->repeat * 1e3, o->repeat,
               patch / (double)o->repeat * 1e6);
    if (!rc && o->stats)
        sim_print_stats(&r, stdout);
    if (!rc && o->stats_json)
        rc = write_report(o->stats_json, &r, false);
    if (!rc && o->trace)
        rc = write_report(o->trace, &r, true);
    for (size_t i = 0; !rc && i < o->nouts; i++) {
        const char *eq = strchr(o->outs[i], '=');
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - o->outs[i]), o->outs[i]);
        uint32_t a = sc_find_arg(b, name);
        if (a == SC_NONE || !t[a]) {
            fprintf(stderr, "ktc-launch: error: --out: the kernel has no tensor argument '%s'\n",
                    name);
            rc = 1;
            break;
        }
        struct interp_array x;
        rt_tensor_read_array(t[a], &x);
        if (!npy_write(eq + 1, &x, err, sizeof err)) {
            fprintf(stderr, "ktc-launch: error: %s: %s\n", eq + 1, err);
            rc = 3;
        }
        interp_array_free(&x);
    }
    if (!rc && o->golden)
        rc = compare_golden(b, &g, &in, t);
    if (!rc && o->check)
        rc = check_against_interp(b, &g, &in, t, diag);
    sim_report_free(&r);
    rt_kernel_free(k);
    for (uint32_t i = 0; i < b->nargs; i++)
        rt_tensor_free(t[i]);
    free(t);
    free(args);
    inputs_free(&in);
    rt_device_free(dev);
    if (o->golden)
        golden_free(&g);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {.repeat = 1, .cycle_limit = 1000000000000ULL};
    const struct cli_flag flags[] = {
        {"arg", "NAME=FILE.npy: a tensor argument;" CLI_MORE
                "NAME=DTYPE:SHAPE: a tensor of that shape (e.g." CLI_MORE
                "f16:4x128; for a dynamic shape), zeros, or" CLI_MORE
                "random with --random-inputs;" CLI_MORE "NAME=VALUE: a scalar argument",
         .values = o.args,
         .max_values = MAX_BIND, .nvalues = &o.nargs, .named = true, .arg = " NAME=..."},
        {"random-inputs", "random values for tensors not given (floats in" CLI_MORE
                          "[-1, 1), integers in [0, 16)); scalars not given are 0",
         .value = &o.seed, .arg = "=SEED"},
        {"out", "write a tensor argument after the last launch", .values = o.outs,
         .max_values = MAX_BIND, .nvalues = &o.nouts, .named = true, .arg = " NAME=FILE.npy"},
        {"golden", "inputs from DIR/golden.json (arguments, and fixed regions" CLI_MORE
                   "at their addresses); compare the results", .value = &o.golden,
         .arg = " DIR"},
        {"check", "run ktc-interp on the same inputs and compare exactly",
         .is_bool = true, .set = &o.check},
        {"repeat", "prepare once, launch N times on the same inputs; report host times", .count = &o.repeat,
         .arg = "=N"},
        {"stats", "cycles, utilization, bytes, roofline, compulsory-traffic roofline (on stdout)",
         .is_bool = true, .set = &o.stats},
        {"stats-json", "the same as JSON", .value = &o.stats_json, .arg = " FILE"},
        {"trace", "Chrome/Perfetto trace JSON of the last launch", .value = &o.trace,
         .arg = " FILE"},
        {"cycle-limit", "stop a launch after N cycles (default 10^12)", .count = &o.cycle_limit,
         .arg = "=N"},
        {"device", "run on this device instead of the binary's", .value = &o.device,
         .arg = " NAME|FILE"},
        {"print", "print the kernel's text form and exit",
         .is_bool = true, .set = &o.print},
    };
    const char *kernel = NULL;
    struct cli c = {.tool = "ktc-launch",
                    .summary = "Prepares a SpyreCode kernel once and launches it on the "
                               "simulated device.\nKERNEL may also be SpyreCode text "
                               "(codegen/README.md).",
                    .flags = flags, .nflags = sizeof flags / sizeof *flags,
                    .words = &kernel, .max_words = 1, .usage_args = "KERNEL.spyrecode",
                    .no_emit = true,
                    .output_help = "write the kernel as a SpyreCode file and exit"};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    if (!kernel)
        return cli_usage_error(&c, "no input kernel%s", "");
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct sc_binary *b = NULL;
    char *text = NULL, err[256];
    rc = load_kernel(kernel, &diag, &b, &text);
    if (!rc && o.print)
        sc_print(b, stdout, false);
    else if (!rc && c.output) {
        rc = sc_write(c.output, b, "ktc-launch " KTC_VERSION, err, sizeof err);
        if (rc)
            fprintf(stderr, "ktc-launch: error: %s: %s\n", c.output, err);
    } else if (!rc)
        rc = launch(&o, b, &diag);
    sc_binary_free(b);
    free(text);
    ir_diag_free(&diag);
    return rc;
}
