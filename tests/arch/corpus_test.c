/* corpus_test.c - the device model over the real files of ../shared/corpus
 * (issue 3): every `ok` file that declares a `ktdf_arch.device` builds a
 * model for each device with a body, and each import declaration either
 * builds (following the real relative paths) or is refused with a located
 * error; the expectations real files write on resources (`expected_id`,
 * `expect_incoming`, `expect_outgoing`, `expect_to`) hold; every chunk of a
 * `reject` device file is refused. One cmocka case per file. The corpus is
 * not ours and not in the repo: when it is absent the test says so and
 * passes. Usage: corpus_test [CORPUS_DIR] (default: $KTC_CORPUS, else
 * ../shared/corpus next to the workspace this source file lives in).
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
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"
#include "tests/lib/irtest.h"

struct corpus_file {
    char *path;  /* relative to the corpus directory */
    bool device; /* INDEX kind `device` (else a file declaring one) */
    bool reject; /* a negative test: every chunk must be refused */
};

static const char *corpus_dir;
static unsigned nbodies, nimports, nrefused, nexpect;

/* The id the model gave op (a resource, link or group), or NULL. */
static const char *model_id(const struct arch_device *d, ir_op op)
{
    for (uint32_t i = 0; i < d->nres; i++)
        if (d->res[i].op == op && d->res[i].node != ARCH_PORT)
            return d->res[i].id;
    for (uint32_t i = 0; i < d->nlinks; i++)
        if (d->links[i].op == op)
            return d->links[i].id;
    for (uint32_t i = 0; i < d->ngroups; i++)
        if (d->groups[i].op == op)
            return d->groups[i].id;
    return NULL;
}

static uint32_t res_of_op(const struct arch_device *d, ir_op op)
{
    for (uint32_t i = 0; i < d->nres; i++)
        if (d->res[i].op == op)
            return i;
    return ARCH_NONE;
}

static uint32_t res_of_id(const struct arch_device *d, const char *id)
{
    for (uint32_t i = 0; i < d->nres; i++)
        if (strcmp(d->res[i].id, id) == 0)
            return i;
    return ARCH_NONE;
}

/* Compares the link ids of `want` (an array of @symbols) with the links
 * from/to resource r (to: ARCH_NONE = any); NULL or a message. */
static char *check_links(const struct arch_device *d, const char *what, uint32_t r, bool out,
                         uint32_t to, ir_attr want)
{
    const struct ir_module *m = d->m;
    const struct ir_attr_info *wi = ir_attr_get(m, want);
    uint32_t got = 0;
    for (uint32_t i = 0; i < d->nlinks; i++) {
        const struct arch_link *l = &d->links[i];
        if ((out ? l->src : l->dst) != r || (to != ARCH_NONE && l->dst != to) || !l->id)
            continue;
        got++;
        bool listed = false;
        for (uint32_t k = 0; k < wi->n && !listed; k++)
            listed = strcmp(ir_str_get(m, ir_attr_get(m, wi->elems[k])->s), l->id) == 0;
        if (!listed)
            return irt_fmt("%s of '%s': link '%s' is not expected", what, d->res[r].id, l->id);
    }
    if (got != wi->n)
        return irt_fmt("%s of '%s': %u links, expected %u", what, d->res[r].id, got, wi->n);
    nexpect++;
    return NULL;
}

/* The expectations written on the resource ops of a device. */
static char *check_expectations(const struct arch_device *d, ir_block body)
{
    const struct ir_module *m = d->m;
    char *msg = NULL;
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        ir_attr id = ir_op_attr(m, op, "expected_id");
        if (id) {
            const char *got = model_id(d, op);
            const char *want = ir_str_get(m, ir_attr_get(m, id)->s);
            if (!got || strcmp(got, want) != 0)
                return irt_fmt("id '%s', expected '%s'", got ? got : "(none)", want);
            nexpect++;
        }
        uint32_t r = res_of_op(d, op);
        ir_attr in = ir_op_attr(m, op, "expect_incoming");
        ir_attr out = ir_op_attr(m, op, "expect_outgoing");
        ir_attr to = ir_op_attr(m, op, "expect_to");
        if (in && (msg = check_links(d, "incoming", r, false, ARCH_NONE, in)))
            return msg;
        if (out && (msg = check_links(d, "outgoing", r, true, ARCH_NONE, out)))
            return msg;
        const struct ir_attr_info *ti = to ? ir_attr_get(m, to) : NULL;
        for (uint32_t k = 0; ti && k < ti->n; k++) {
            const char *target = ir_str_get(m, ir_attr_get(m, ti->elems[2 * k])->s);
            if ((msg = check_links(d, "links to", r, true, res_of_id(d, target),
                                   ti->elems[2 * k + 1])))
                return msg;
        }
        if (o->kind == IR_OP_KTDF_ARCH_GROUP &&
            (msg = check_expectations(d, ir_region_entry(m, o->regs[0]))))
            return msg;
    }
    return NULL;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return irt_fmt("%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
}

/* Builds the model of every device of one chunk; NULL or a message. */
static char *check_chunk(const char *file, const char *buf, size_t len, size_t b, size_t e,
                         bool *parsed, bool *refused)
{
    char *text = NULL, *msg = NULL;
    size_t tlen = 0;
    FILE *errs = open_memstream(&text, &tlen);
    if (!errs)
        abort();
    struct ir_diag diag;
    ir_diag_init(&diag, errs);
    ir_diag_add_source(&diag, file, buf, len);
    struct ir_module *m = ir_parse(file, buf, len, b, e, &diag);
    *parsed = m && ir_verify_module(m, &diag);
    *refused = !*parsed;
    char *dir = dir_of(file);
    for (ir_op op = m && !*refused ? ir_block_get(m, ir_module_body(m))->first : IR_NONE;
         op && !msg; op = ir_op_get(m, op)->next) {
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            continue;
        bool import = ir_op_attr(m, op, "import_path") != IR_NONE;
        unsigned before = diag.nerrors;
        struct arch_device *d = arch_load(m, op, dir, &diag);
        fflush(errs);
        if (d) {
            import ? nimports++ : nbodies++;
            msg = check_expectations(d, ir_region_entry(d->m, ir_op_region(d->m, d->op, 0)));
        } else if (!import) {
            msg = irt_fmt("a device with a body is refused:\n%s", text);
        } else {
            nrefused++;
            if (diag.nerrors == before || !strstr(text, ": error: "))
                msg = irt_fmt("an import is refused without a located error:\n%s", text);
        }
        *refused = *refused || !d;
        arch_free(d);
    }
    free(dir);
    ir_module_free(m);
    ir_diag_free(&diag);
    fclose(errs);
    free(text);
    return msg;
}

static void corpus_case(void **state)
{
    const struct corpus_file *cf = *state;
    char *path = irt_fmt("%s/%s", corpus_dir, cf->path);
    size_t len;
    char *buf = irt_read_file(path, &len);
    assert_non_null(buf);
    size_t nchunks = ir_split_chunks(buf, len, NULL, NULL, 0);
    size_t *b = calloc(nchunks, sizeof *b), *e = calloc(nchunks, sizeof *e);
    assert_true(b && e);
    ir_split_chunks(buf, len, b, e, nchunks);
    char *msg = NULL;
    bool unparsed = false;
    for (size_t i = 0; i < nchunks && !msg; i++) {
        bool parsed, refused;
        msg = check_chunk(path, buf, len, b[i], e[i], &parsed, &refused);
        if (!msg && cf->reject && !refused)
            msg = irt_fmt("chunk %zu of a reject file builds", i + 1);
        if (!msg && !cf->reject && !parsed && cf->device)
            msg = irt_fmt("chunk %zu of an `ok` device file does not parse", i + 1);
        unparsed = unparsed || (!cf->reject && !parsed);
    }
    free(b);
    free(e);
    free(buf);
    free(path);
    if (msg) {
        print_error("%s\n", msg);
        free(msg);
        fail();
    }
    if (unparsed) /* another dialect's file the parser cannot read yet: not ours */
        skip();
}

/* The INDEX.tsv rows to run: kind `device`, and any `ok` file that
 * declares a device (kernels importing the reference's sample device). */
static size_t read_index(const char *dir, struct corpus_file **out)
{
    struct irt_corpus_index ix;
    irt_corpus_index_read(&ix, dir);
    size_t n = 0;
    struct corpus_file *files = calloc(ix.n ? ix.n : 1, sizeof *files);
    for (size_t i = 0; i < ix.n; i++) {
        const struct irt_corpus_row *r = &ix.rows[i];
        bool device = strcmp(r->kind, "device") == 0, reject = strcmp(r->rule, "reject") == 0;
        if (!(device && reject) && strcmp(r->rule, "ok") != 0)
            continue;
        if (!device) {
            char *full = irt_fmt("%s/%s", dir, r->path);
            size_t flen;
            char *text = irt_read_file(full, &flen);
            bool declares = text && strstr(text, "ktdf_arch.device");
            free(full);
            free(text);
            if (!declares)
                continue;
        }
        files[n++] = (struct corpus_file){irt_fmt("%s", r->path), device, reject};
    }
    irt_corpus_index_free(&ix);
    *out = files;
    return n;
}

int main(int argc, char **argv)
{
    char *dir = irt_find_corpus(argc, argv, "tests/arch/corpus_test.c", NULL);
    if (!dir) {
        printf("corpus not found (../shared/corpus beside the workspace, or $KTC_CORPUS), "
               "skipping\n");
        return 0;
    }
    corpus_dir = dir;
    struct corpus_file *files;
    size_t n = read_index(dir, &files);
    struct CMUnitTest *tests = calloc(n ? n : 1, sizeof *tests);
    if (!tests)
        abort();
    for (size_t i = 0; i < n; i++)
        tests[i] = (struct CMUnitTest){.name = files[i].path, .test_func = corpus_case,
                                       .initial_state = &files[i]};
    int failed = n ? _cmocka_run_group_tests("arch_corpus", tests, n, NULL, NULL) : 1;
    printf("arch corpus: %zu files; %u devices with a body and %u imports built, %u imports "
           "refused with a located error; %u expectations held\n",
           n, nbodies, nimports, nrefused, nexpect);
    for (size_t i = 0; i < n; i++)
        free(files[i].path);
    free(files);
    free(tests);
    free(dir);
    return failed ? 1 : 0;
}
