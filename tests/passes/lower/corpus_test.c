/* corpus_test.c - the whole chain down to DataflowIR over the real files of
 * ../shared/corpus (issue 5): every KTIR file (INDEX kinds `ktir` and
 * `upstream` that parse and verify) runs as ktc-parse --device=sample |
 * ktc-split | ktc-path-expand | ktc-allocate | ktc-lower would, in process,
 * and either reaches DataflowIR that verifies or is refused by some stage
 * with located "... not supported yet" errors only (or a buffer too big for
 * the sample device's scratchpad, or no kernel in a chunk); the slowest file of each stage is
 * printed (times are not checked here: a loaded CI machine, ASan, would
 * make the test flaky; //tests/bench:stage_times measures them). The reference's sanity kernel gives 5 program units
 * (MNILU, L1LU, SFU, L1SU, MNISU) over 2 cores and 2 signals (MNILU ->
 * L1LU, L1SU -> MNISU); its three-group kernel lowers with its three
 * programs inlined; the softmax kernels reach DataflowIR. The corpus is not
 * ours and not in the repo: when it is absent the test says so and passes.
 * Usage: corpus_test [CORPUS_DIR] (default: $KTC_CORPUS, else
 * ../shared/corpus next to the workspace this source file lives in).
 */
#define _XOPEN_SOURCE 700 /* open_memstream, clock_gettime */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "codegen/spyrecode.h"
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"
#include "sched/allocate.h"
#include "sched/grid.h"
#include "sched/lower.h"
#include "sched/path_expand.h"
#include "sched/split.h"
#include "tests/lib/irtest.h"



enum { ST_SPLIT, ST_ROUTE, ST_ALLOC, ST_LOWER, NSTAGES };
static const char *const stage_names[NSTAGES] = {"split", "path-expand", "allocate", "lower"};

static const char *corpus_dir;
static unsigned nlowered, nrefused[NSTAGES], nprograms;
static double worst_ms[NSTAGES];
static char worst_file[NSTAGES][512];

/* One run of the chain on a chunk. */
struct run {
    bool parsed;        /* parsed, verified and got its device */
    int refused;        /* the stage that refused it, or -1 */
    bool ok;            /* lowered, and the result verifies */
    char *diag;         /* what the stages reported */
    double ms[NSTAGES]; /* each stage alone, best of a few runs */
    struct ir_module *m;
};

static void run_free(struct run *r)
{
    free(r->diag);
    ir_module_free(r->m);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* One stage of the chain on m, timed. */
static bool stage(int s, struct ir_module *m, const struct arch_device *dev, struct ir_diag *d,
                  double *ms)
{
    double t0 = now_ms();
    bool ok;
    switch (s) {
    case ST_SPLIT:
        ok = sched_split(m, dev, &(struct sched_split_options){.max_vregs = SC_MAX_VREGS}, d);
        break;
    case ST_ROUTE:
        ok = sched_path_expand(m, dev, d);
        break;
    case ST_ALLOC:
        ok = sched_allocate(m, dev, true, d) && sched_grid_flatten(m, d);
        break;
    default:
        ok = sched_lower(m, dev, NULL, d);
        break;
    }
    double t = now_ms() - t0;
    if (t < *ms)
        *ms = t;
    /* every binary verifies what it writes */
    return ok && ir_verify_module(m, d);
}

/* Parses buf[begin, end), attaches its device (its own, else `sample`),
 * runs the chain; keeps the last of three runs, the best times. */
static void lower_chunk(const char *file, const char *buf, size_t len, size_t begin, size_t end,
                        struct run *r)
{
    memset(r, 0, sizeof *r);
    for (int s = 0; s < NSTAGES; s++)
        r->ms[s] = 1e9;
    for (int k = 0; k < 3; k++) {
        run_free(r);
        r->diag = NULL;
        r->m = NULL;
        r->refused = -1;
        char *scratch = NULL;
        size_t slen, dlen;
        FILE *f = open_memstream(&scratch, &slen), *g = open_memstream(&r->diag, &dlen);
        struct ir_diag d;
        ir_diag_init(&d, f);
        ir_diag_add_source(&d, file, buf, len);
        r->m = ir_parse(file, buf, len, begin, end, &d);
        r->parsed = r->m && ir_verify_module(r->m, &d) && arch_attach_device(r->m, "sample", &d);
        struct arch_device *dev = r->parsed ? arch_load_module(r->m, &d) : NULL;
        r->parsed = dev != NULL;
        if (r->parsed) {
            d.out = g;
            for (int s = 0; s < NSTAGES && r->refused < 0; s++)
                if (!stage(s, r->m, dev, &d, &r->ms[s]))
                    r->refused = s;
            r->ok = r->refused < 0;
        }
        arch_free(dev);
        ir_diag_free(&d);
        fclose(f);
        fclose(g);
        free(scratch);
        if (!r->parsed)
            return;
    }
}

/* Whether every line of a diagnostics text that says `error:` is located
 * in file and says "not supported yet", or "does not fit in" (a buffer over
 * a memory's capacity on the sample device), or "no kernel" (a chunk of
 * declarations or comments only); warnings are let through. */
static bool only_refusals(const char *diag, const char *file)
{
    size_t fl = strlen(file);
    unsigned n = 0;
    for (const char *l = diag; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        const char *e = strstr(l, ": error: ");
        const char *nl = strchr(l, '\n');
        if (!e || (nl && e > nl))
            continue;
        n++;
        const char *ns = strstr(e, "not supported yet");
        if (!ns || (nl && ns > nl))
            ns = strstr(e, "does not fit in");
        if (!ns || (nl && ns > nl))
            ns = strstr(e, "no kernel: this module defines no func.func with a body");
        if (strncmp(l, file, fl) != 0 || l[fl] != ':' || !ns || (nl && ns > nl))
            return false;
    }
    return n > 0;
}

static uint32_t count_ops(struct ir_module *m, ir_op op, const char *name)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t n = strcmp(ir_str_get(m, o->name), name) == 0;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c)
    n += count_ops(m, c, name);
    return n;
}

/* The string attribute `name` of the op defining v. */
static const char *def_attr(struct ir_module *m, ir_value v, const char *name)
{
    ir_attr a = ir_op_attr(m, ir_value_def(m, v), name);
    return a ? ir_str_get(m, ir_attr_get(m, a)->s) : "";
}

/* ---- every KTIR file ----------------------------------------------------- */

static void corpus_case(void **state)
{
    const struct irt_corpus_row *cf = *state; /* path relative to corpus_dir */
    char *full = irt_fmt("%s/%s", corpus_dir, cf->path);
    size_t len;
    char *buf = irt_read_file(full, &len);
    assert_non_null(buf);
    size_t n = ir_split_chunks(buf, len, NULL, NULL, 0);
    size_t *begin = calloc(n, sizeof *begin), *end = calloc(n, sizeof *end);
    ir_split_chunks(buf, len, begin, end, n);
    for (size_t i = 0; i < n; i++) {
        struct run r;
        lower_chunk(full, buf, len, begin[i], end[i], &r);
        if (r.parsed) {
            if (r.ok) {
                nlowered++;
                nprograms += count_ops(r.m, r.m->top, "dataflow.program_unit");
            } else if (only_refusals(r.diag, full)) {
                nrefused[r.refused]++;
            } else {
                fail_msg("%s (chunk %zu): %s failed with\n%s", cf->path, i + 1,
                         stage_names[r.refused], r.diag);
            }
            for (int s = 0; s < NSTAGES; s++) {
                if (r.ms[s] > 1e8)
                    continue;
                if (r.ms[s] > worst_ms[s]) {
                    worst_ms[s] = r.ms[s];
                    snprintf(worst_file[s], sizeof worst_file[s], "%s", cf->path);
                }
            }
        }
        run_free(&r);
    }
    free(begin);
    free(end);
    free(buf);
    free(full);
}

/* ---- the reference's kernels ---------------------------------------------- */

static void run_file(const char *rel, struct run *r, char **path, char **buf)
{
    *path = irt_fmt("%s/%s", corpus_dir, rel);
    size_t len;
    *buf = irt_read_file(*path, &len);
    assert_non_null(*buf);
    lower_chunk(*path, *buf, len, 0, len, r);
    assert_true(r->parsed);
    if (!r->ok)
        fail_msg("%s: %s", rel, r->diag);
}

/* The sanity kernel: 5 program units, in the order the pipeline uses the
 * units, each over the units of cores 0 and 1; 2 signals, MNILU -> L1LU and
 * L1SU -> MNISU (sends and receives pair up by channel). */
static void sanity_kernel(void **state)
{
    (void)state;
    struct run r;
    char *path, *buf;
    run_file("dataflow-scheduler/dataflow-scheduler-opt/ktir-to-dfir-sanity-check.mlir", &r, &path,
             &buf);
    struct ir_module *m = r.m;
    static const char *const kinds[] = {"MNILU", "L1LU", "SFU", "L1SU", "MNISU"};
    ir_op fn = IR_NONE;
    IR_FOR_OPS(m, ir_module_body(m), op)
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_FUNC)
        fn = op;
    assert_true(fn != IR_NONE);
    unsigned np = 0;
    const char *sender[2] = {NULL, NULL}, *receiver[2] = {NULL, NULL};
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_get(m, fn)->regs[0]), op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_DATAFLOW_PROGRAM_UNIT)
            continue;
        assert_true(np < 5);
        assert_int_equal(o->nopnd, 2);
        for (uint32_t c = 0; c < 2; c++) {
            assert_string_equal(def_attr(m, o->opnd[c], "type"), kinds[np]);
            char want[32];
            snprintf(want, sizeof want, "C%u-%s", c, kinds[np]);
            assert_true(strncmp(def_attr(m, o->opnd[c], "name"), want, strlen(want)) == 0);
        }
        /* the signals this unit sends and receives, by channel */
        ir_block b = ir_region_entry(m, o->regs[0]);
        IR_FOR_OPS(m, b, s)
        {
            uint16_t k = ir_op_get(m, s)->kind;
            if (k != IR_OP_DATAFLOW_SYNC_SEND && k != IR_OP_DATAFLOW_SYNC_RECV)
                continue;
            int64_t ch = ir_attr_get(m, ir_op_attr(m, s, "channel"))->i;
            assert_true(ch >= 0 && ch < 2);
            const char **side = k == IR_OP_DATAFLOW_SYNC_SEND ? sender : receiver;
            assert_null(side[ch]);
            side[ch] = kinds[np];
        }
        np++;
    }
    assert_int_equal(np, 5);
    assert_int_equal(count_ops(m, m->top, "dataflow.sync_send"), 2);
    assert_int_equal(count_ops(m, m->top, "dataflow.sync_recv"), 2);
    for (int ch = 0; ch < 2; ch++) {
        assert_non_null(sender[ch]);
        assert_non_null(receiver[ch]);
    }
    bool first = strcmp(sender[0], "MNILU") == 0;
    assert_string_equal(sender[first ? 0 : 1], "MNILU");
    assert_string_equal(receiver[first ? 0 : 1], "L1LU");
    assert_string_equal(sender[first ? 1 : 0], "L1SU");
    assert_string_equal(receiver[first ? 1 : 0], "MNISU");
    printf("sanity kernel: %u program units over 2 cores, 2 signals (MNILU -> L1LU, "
           "L1SU -> MNISU); stages %.3f / %.3f / %.3f / %.3f ms\n",
           np, r.ms[0], r.ms[1], r.ms[2], r.ms[3]);
    run_free(&r);
    free(buf);
    free(path);
}

/* Three compute groups, two of them in loops: three pipelines inlined in
 * one kernel, no program module left. */
static void three_groups(void **state)
{
    (void)state;
    struct run r;
    char *path, *buf;
    run_file("dataflow-scheduler/Conversion/frontend/KTIRToScheduleIR/ComputeGroupExtraction/"
             "loops.mlir",
             &r, &path, &buf);
    assert_int_equal(count_ops(r.m, r.m->top, "builtin.module"), 1);
    assert_int_equal(count_ops(r.m, r.m->top, "func.call"), 0);
    assert_int_equal(count_ops(r.m, r.m->top, "ktdf.pipeline"), 0);
    assert_true(count_ops(r.m, r.m->top, "dataflow.program_unit") >= 1);
    run_free(&r);
    free(buf);
    free(path);
}

/* The softmax kernels: reductions, the exponential, broadcasts, and the
 * chain's intermediates in scratchpad with signals between the pipelines. */
static void softmax(void **state)
{
    (void)state;
    static const char *const files[] = {"ktir-cpu/kernels/latency/softmax_small.mlir"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        struct run r;
        char *path, *buf;
        run_file(files[i], &r, &path, &buf);
        assert_int_equal(count_ops(r.m, r.m->top, "vectorchain.reduce"), 2);
        assert_int_equal(count_ops(r.m, r.m->top, "vectorchain.unary"), 1);
        assert_true(count_ops(r.m, r.m->top, "dataflow.sync_send") > 0);
        run_free(&r);
        free(buf);
        free(path);
    }
}

/* ---- the corpus ------------------------------------------------------------ */

int main(int argc, char **argv)
{
    char *dir = irt_find_corpus(argc, argv, "tests/passes/lower/corpus_test.c", NULL);
    if (!dir) {
        printf("corpus not found (../shared/corpus beside the workspace, or $KTC_CORPUS), "
               "skipping\n");
        return 0;
    }
    corpus_dir = dir;
    const struct CMUnitTest reference[] = {
        cmocka_unit_test(sanity_kernel),
        cmocka_unit_test(three_groups),
        cmocka_unit_test(softmax),
    };
    int failed = cmocka_run_group_tests_name("lower_reference", reference, NULL, NULL);
    /* The KTIR rows of INDEX.tsv: kinds `ktir` and `upstream`, rule `ok`. */
    struct irt_corpus_index ix;
    irt_corpus_index_read(&ix, dir);
    struct CMUnitTest *tests = calloc(ix.n ? ix.n : 1, sizeof *tests);
    if (!tests)
        abort();
    size_t n = 0;
    for (size_t i = 0; i < ix.n; i++) {
        struct irt_corpus_row *r = &ix.rows[i];
        if (strcmp(r->rule, "ok") == 0 &&
            (strcmp(r->kind, "ktir") == 0 || strcmp(r->kind, "upstream") == 0))
            tests[n++] = (struct CMUnitTest){.name = r->path, .test_func = corpus_case,
                                             .initial_state = r};
    }
    failed |= n ? _cmocka_run_group_tests("lower_corpus", tests, n, NULL, NULL) : 1;
    printf("lower corpus: %zu files; %u modules lowered to DataflowIR (%u program units); "
           "refused with located errors by split %u, path-expand %u, "
           "allocate %u, lower %u\n",
           n, nlowered, nprograms, nrefused[ST_SPLIT], nrefused[ST_ROUTE], nrefused[ST_ALLOC],
           nrefused[ST_LOWER]);
    for (int s = 0; s < NSTAGES; s++)
        printf("  slowest %-11s %.3f ms (%s)\n", stage_names[s], worst_ms[s], worst_file[s]);
    irt_corpus_index_free(&ix);
    free(tests);
    free(dir);
    return failed ? 1 : 0;
}
