/* corpus_test.c - conformance over the real files of ../shared/corpus (issue 2
 * item 8), driven by its INDEX.tsv: every `ok` file parses, verifies and
 * round-trips chunk by chunk in custom and generic form; every chunk of a
 * `reject` file that names an expected-error is rejected with an error on
 * that line (the others parse); a `reject` file without any, and a `pseudo`
 * file, are rejected with a located error. Never a crash.
 *
 * Kinds ktir, upstream, device, schedule and dfir are expected to pass;
 * other belongs to a later issue: it runs as well, but a failure there is a
 * skip, counted apart. One cmocka case per file. The corpus is not ours and
 * not in the repo: when it is absent the test says so and passes.
 * Usage: corpus [CORPUS_DIR] (default: $KTC_CORPUS, else ../shared/corpus
 * next to the workspace this source file lives in).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ktir/asm.h"
#include "tests/lib/irtest.h"

enum corpus_rule { RULE_OK, RULE_REJECT, RULE_PSEUDO, RULE_XFAIL };

struct corpus_file {
    char *path; /* relative to the corpus directory, as INDEX.tsv writes it */
    enum corpus_rule rule;
    bool later; /* a kind for a later issue: failures are skips */
    bool pass_error; /* note `pass-error`: valid IR whose expected-error comes from a pass */
    char *cause; /* why it failed, for the summary (NULL when it passed) */
};

/* Chunk-level tallies for the summary line (expected kinds only). */
static struct {
    unsigned ok_chunks, ok_chunks_pass;
    unsigned rej_chunks, rej_chunks_pass;
    unsigned clean_chunks, clean_chunks_pass; /* chunks of reject files with no expected-error */
} tally;

static const char *corpus_dir;

/* ---- expected-error designators ---------------------------------------- */

/* Lines (1-based, in the whole file) on which the chunk buf[begin, end)
 * expects an error, from `expected-error[@+N|@-N|@above|@below]` comments;
 * returns their count (at most max). Any `expected-*` comment makes its line
 * a designator line; @above/@below refer to the nearest other line. */
static size_t expected_lines(const char *buf, size_t begin, size_t end, unsigned *lines,
                             size_t max)
{
    unsigned line = 1, last_plain = 0;
    for (size_t i = 0; i < begin; i++)
        line += buf[i] == '\n';
    size_t n = 0, nbelow = 0;
    for (size_t i = begin; i < end; line++) {
        size_t e = i;
        while (e < end && buf[e] != '\n')
            e++;
        char text[4096];
        snprintf(text, sizeof text, "%.*s", (int)(e - i), buf + i);
        i = e + 1;
        const char *d = strstr(text, "expected-");
        if (!d) {
            for (; nbelow && n < max; nbelow--)
                lines[n++] = line;
            last_plain = line;
            continue;
        }
        if (strncmp(d, "expected-error", 14) != 0)
            continue;
        const char *p = d + 14;
        while (*p == ' ')
            p++;
        unsigned target = line;
        if (*p == '@') {
            p++;
            if (*p == '+' || *p == '-')
                target = (unsigned)((long)line + strtol(p, NULL, 10));
            else if (strncmp(p, "above", 5) == 0)
                target = last_plain;
            else if (strncmp(p, "below", 5) == 0) {
                nbelow++;
                continue;
            }
        }
        if (n < max)
            lines[n++] = target;
    }
    return n;
}

/* ---- checks ---------------------------------------------------------------- */

/* The text after "error: " on the first error line of a diagnostics text. */
static char *first_message(const char *diag)
{
    const char *p = strstr(diag, "error: ");
    if (!p)
        return irt_fmt("(no error message)");
    p += 7;
    return irt_fmt("%.*s", (int)strcspn(p, "\n"), p);
}

/* A short cause for the summary from a round-trip message: its first line
 * without the line number. */
static char *roundtrip_cause(const char *msg)
{
    size_t n = strcspn(msg, "\n");
    const char *at = strstr(msg, " at line ");
    if (at && (size_t)(at - msg) < n)
        n = (size_t)(at - msg);
    else if (n && msg[n - 1] == ':')
        n--;
    return irt_fmt("round-trip: %.*s", (int)n, msg);
}

/* Checks that one chunk parses, verifies and round-trips. */
static bool check_ok_chunk(const char *file, const char *buf, size_t len, size_t begin,
                           size_t end, FILE *log, char **cause)
{
    struct irt_parse r;
    irt_parse(&r, file, buf, len, begin, end);
    char *msg = NULL;
    if (!r.ok) {
        char *m = first_message(r.diag);
        *cause = irt_fmt("%s: %s", r.m ? "verify" : "parse", m);
        free(m);
        fprintf(log, "%s", r.diag);
    } else if ((msg = irt_roundtrip(r.m))) {
        *cause = roundtrip_cause(msg);
        fprintf(log, "%s: %s\n", file, msg);
        free(msg);
    }
    bool ok = !*cause;
    irt_parse_free(&r);
    return ok;
}

/* Checks that buf[begin, end) is rejected with an error located on one of the
 * n lines (any line within the chunk when n == 0). */
static bool check_reject_chunk(const char *file, const char *buf, size_t len, size_t begin,
                               size_t end, const unsigned *lines, size_t n, FILE *log,
                               char **cause)
{
    unsigned first_line = 1, last_line;
    for (size_t i = 0; i < begin; i++)
        first_line += buf[i] == '\n';
    last_line = first_line;
    for (size_t i = begin; i < end; i++)
        last_line += buf[i] == '\n';

    struct irt_parse r;
    irt_parse(&r, file, buf, len, begin, end);
    unsigned line, col;
    if (r.ok) {
        *cause = irt_fmt("accepted invalid input");
        if (n)
            fprintf(log, "%s:%u: accepted, expected an error at line %u\n", file, first_line,
                    lines[0]);
        else
            fprintf(log, "%s: accepted, expected a located error\n", file);
    } else if (!irt_first_error(r.diag, file, &line, &col) || line < first_line ||
               line > last_line) {
        *cause = irt_fmt("error without a location in the input");
        fprintf(log, "%s", r.diag);
    } else if (n) {
        bool hit = false;
        for (size_t i = 0; i < n; i++)
            hit |= lines[i] == line;
        if (!hit) {
            *cause = irt_fmt("rejected on another line than expected");
            fprintf(log, "expected an error at %s:%u, got:\n%s", file, lines[0], r.diag);
        }
    }
    bool ok = !*cause;
    irt_parse_free(&r);
    return ok;
}

/* Runs the rule of one file; returns a malloc'd failure report or NULL. */
static char *check_file(struct corpus_file *cf)
{
    char *path = irt_fmt("%s/%s", corpus_dir, cf->path);
    size_t len;
    char *buf = irt_read_file(path, &len);
    free(path);
    if (!buf) {
        cf->cause = irt_fmt("cannot read the file");
        return irt_fmt("cannot read %s/%s", corpus_dir, cf->path);
    }
    char *report = NULL;
    size_t report_len = 0;
    FILE *log = open_memstream(&report, &report_len);
    if (!log)
        abort();

    size_t nchunks = ir_split_chunks(buf, len, NULL, NULL, 0);
    size_t *begin = calloc(nchunks, sizeof *begin), *end = calloc(nchunks, sizeof *end);
    if (!begin || !end)
        abort();
    ir_split_chunks(buf, len, begin, end, nchunks);
    unsigned nexpect_total = 0;
    unsigned lines[64];
    for (size_t c = 0; c < nchunks; c++)
        nexpect_total += (unsigned)expected_lines(buf, begin[c], end[c], lines, 64);

    if (cf->rule == RULE_PSEUDO || (cf->rule == RULE_REJECT && nexpect_total == 0)) {
        /* The whole file is invalid: one located error, no crash. */
        check_reject_chunk(cf->path, buf, len, 0, len, NULL, 0, log, &cf->cause);
    } else {
        for (size_t c = 0; c < nchunks; c++) {
            char *cause = NULL;
            bool ok;
            size_t n = expected_lines(buf, begin[c], end[c], lines, 64);
            if (cf->rule == RULE_OK && cf->pass_error && n > 0) {
                /* The reference diagnoses this chunk in a pass; ktc may do it
                 * earlier, in the verifier, but then on the line named. */
                ok = check_ok_chunk(cf->path, buf, len, begin[c], end[c], log, &cause);
                if (!ok) {
                    free(cause);
                    cause = NULL;
                    ok = check_reject_chunk(cf->path, buf, len, begin[c], end[c], lines, n, log,
                                            &cause);
                }
                tally.ok_chunks++;
                tally.ok_chunks_pass += ok;
            } else if (cf->rule == RULE_OK || n == 0) {
                ok = check_ok_chunk(cf->path, buf, len, begin[c], end[c], log, &cause);
                if (!cf->later && cf->rule == RULE_OK) {
                    tally.ok_chunks++;
                    tally.ok_chunks_pass += ok;
                } else if (!cf->later) {
                    tally.clean_chunks++;
                    tally.clean_chunks_pass += ok;
                }
            } else {
                ok = check_reject_chunk(cf->path, buf, len, begin[c], end[c], lines, n, log,
                                        &cause);
                if (!cf->later) {
                    tally.rej_chunks++;
                    tally.rej_chunks_pass += ok;
                }
            }
            if (!cf->cause)
                cf->cause = cause;
            else
                free(cause);
        }
    }
    fclose(log);
    free(begin);
    free(end);
    free(buf);
    if (!cf->cause) {
        free(report);
        return NULL;
    }
    return report;
}

static void corpus_test(void **state)
{
    struct corpus_file *cf = *state;
    if (cf->rule == RULE_XFAIL) {
        cf->cause = irt_fmt("xfail in the reference");
        skip();
    }
    char *report = check_file(cf);
    if (!report)
        return;
    print_error("%s: %s\n%s", cf->path, cf->cause, report);
    free(report);
    if (cf->later)
        skip();
    fail();
}

/* ---- INDEX.tsv and the summary ------------------------------------------- */

static bool later_kind(const char *kind)
{
    return strcmp(kind, "ktir") != 0 && strcmp(kind, "upstream") != 0 &&
           strcmp(kind, "device") != 0 && strcmp(kind, "schedule") != 0 &&
           strcmp(kind, "dfir") != 0;
}

/* Reads INDEX.tsv (path, kind, parse, note); returns the file count. */
static size_t read_index(const char *dir, struct corpus_file **out)
{
    struct irt_corpus_index ix;
    irt_corpus_index_read(&ix, dir);
    struct corpus_file *files = calloc(ix.n ? ix.n : 1, sizeof *files);
    if (!files)
        abort();
    for (size_t i = 0; i < ix.n; i++) {
        const struct irt_corpus_row *r = &ix.rows[i];
        static const char *const rules[] = {"ok", "reject", "pseudo", "xfail"};
        int rule = -1;
        for (int k = 0; k < 4; k++)
            if (strcmp(r->rule, rules[k]) == 0)
                rule = k;
        if (rule < 0) {
            fprintf(stderr, "corpus: INDEX.tsv: unknown parse rule '%s' for %s\n", r->rule,
                    r->path);
            rule = RULE_OK;
        }
        files[i] = (struct corpus_file){irt_fmt("%s", r->path), (enum corpus_rule)rule,
                                        later_kind(r->kind),
                                        strstr(r->note, "pass-error") != NULL, NULL};
    }
    size_t n = ix.n;
    irt_corpus_index_free(&ix);
    *out = files;
    return n;
}

static int cmp_cause(const void *a, const void *b)
{
    const struct corpus_file *x = *(struct corpus_file *const *)a;
    const struct corpus_file *y = *(struct corpus_file *const *)b;
    return strcmp(x->cause, y->cause);
}

/* Prints the failures of the files with later == later grouped by cause. */
static void print_causes(struct corpus_file *files, size_t n, bool later)
{
    struct corpus_file **failed = calloc(n ? n : 1, sizeof *failed);
    if (!failed)
        abort();
    size_t nf = 0;
    for (size_t i = 0; i < n; i++)
        if (files[i].later == later && files[i].cause)
            failed[nf++] = &files[i];
    qsort(failed, nf, sizeof *failed, cmp_cause);
    for (size_t i = 0; i < nf;) {
        size_t j = i;
        while (j < nf && strcmp(failed[j]->cause, failed[i]->cause) == 0)
            j++;
        printf("  %4zu  %s (e.g. %s)\n", j - i, failed[i]->cause, failed[i]->path);
        i = j;
    }
    free(failed);
}

static void print_summary(struct corpus_file *files, size_t n)
{
    unsigned count[4] = {0}, pass[4] = {0}, later = 0, later_pass = 0;
    for (size_t i = 0; i < n; i++) {
        if (files[i].later) {
            later++;
            later_pass += !files[i].cause;
        } else {
            count[files[i].rule]++;
            pass[files[i].rule] += !files[i].cause;
        }
    }
    printf("corpus: %u/%u ok files round-trip (%u/%u chunks), %u/%u reject files (%u/%u "
           "expected-error chunks located, %u/%u other chunks parse), %u/%u pseudo files "
           "rejected with a located error\n",
           pass[RULE_OK], count[RULE_OK], tally.ok_chunks_pass, tally.ok_chunks,
           pass[RULE_REJECT], count[RULE_REJECT], tally.rej_chunks_pass, tally.rej_chunks,
           tally.clean_chunks_pass, tally.clean_chunks, pass[RULE_PSEUDO], count[RULE_PSEUDO]);
    print_causes(files, n, false);
    printf("corpus: not yet expected (other): %u/%u files pass\n", later_pass,
           later);
    print_causes(files, n, true);
}

int main(int argc, char **argv)
{
    char *tried;
    char *dir = irt_find_corpus(argc, argv, "tests/conformance/corpus_test.c", &tried);
    if (!dir) {
        printf("corpus not found at%s, skipping\n", tried);
        free(tried);
        return 0;
    }
    free(tried);
    corpus_dir = dir;

    struct corpus_file *files;
    size_t n = read_index(dir, &files);
    struct CMUnitTest *now = calloc(n ? n : 1, sizeof *now);
    struct CMUnitTest *later = calloc(n ? n : 1, sizeof *later);
    if (!now || !later)
        abort();
    size_t nnow = 0, nlater = 0;
    for (size_t i = 0; i < n; i++) {
        struct CMUnitTest test = {.name = files[i].path, .test_func = corpus_test,
                                  .initial_state = &files[i]};
        if (files[i].later)
            later[nlater++] = test;
        else
            now[nnow++] = test;
    }
    int failed = 0;
    if (nnow)
        failed = _cmocka_run_group_tests("corpus", now, nnow, NULL, NULL);
    if (nlater)
        _cmocka_run_group_tests("corpus_later", later, nlater, NULL, NULL);
    print_summary(files, n);

    for (size_t i = 0; i < n; i++) {
        free(files[i].path);
        free(files[i].cause);
    }
    free(files);
    free(now);
    free(later);
    free(dir);
    if (n == 0) {
        fprintf(stderr, "corpus: %s/INDEX.tsv lists no file\n", corpus_dir);
        return 1;
    }
    return failed ? 1 : 0;
}
