/* irtest.c - parse/verify/print helpers, the round-trip check and the corpus
 * shared by the golden, corpus and robustness tests (see irtest.h).
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "tests/lib/irtest.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/diag.h"
#include "ktir/verify.h"

char *irt_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    if (!buf)
        abort();
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            if (!buf)
                abort();
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

char *irt_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (!s)
        abort();
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

void irt_parse(struct irt_parse *r, const char *file, const char *buf, size_t len, size_t begin,
               size_t end)
{
    memset(r, 0, sizeof *r);
    FILE *out = open_memstream(&r->diag, &r->diag_len);
    if (!out)
        abort();
    struct ir_diag d;
    ir_diag_init(&d, out);
    ir_diag_add_source(&d, file, buf, len);
    r->m = ir_parse(file, buf, len, begin, end, &d);
    r->ok = r->m && ir_verify_module(r->m, &d);
    r->nerrors = d.nerrors;
    ir_diag_free(&d);
    fclose(out);
}

void irt_parse_free(struct irt_parse *r)
{
    if (r->m)
        ir_module_free(r->m);
    free(r->diag);
    memset(r, 0, sizeof *r);
}

char *irt_print(const struct ir_module *m, unsigned flags, size_t *len)
{
    char *s = NULL;
    *len = 0;
    ir_print_module(m, flags, &s, len);
    return s;
}

/* Length of the line starting at s (up to end, without the newline). */
static size_t line_len(const char *s, const char *end)
{
    const char *e = memchr(s, '\n', (size_t)(end - s));
    return (size_t)((e ? e : end) - s);
}

char *irt_text_diff(const char *want_name, const char *want, size_t want_len,
                    const char *got_name, const char *got, size_t got_len)
{
    if (want_len == got_len && memcmp(want, got, want_len) == 0)
        return NULL;
    const char *a = want, *ae = want + want_len, *b = got, *be = got + got_len;
    unsigned line = 1;
    for (;;) {
        size_t la = line_len(a, ae), lb = line_len(b, be);
        bool a_end = a >= ae, b_end = b >= be;
        if (a_end || b_end || la != lb || memcmp(a, b, la) != 0) {
            return irt_fmt("%s and %s differ at line %u:\n  %s: %.*s\n  %s: %.*s", want_name,
                           got_name, line, want_name, a_end ? 13 : (int)la,
                           a_end ? "<end of text>" : a, got_name, b_end ? 13 : (int)lb,
                           b_end ? "<end of text>" : b);
        }
        a += la + 1;
        b += lb + 1;
        line++;
    }
}

/* Parses text printed from a module (named `what` in messages) and requires
 * it to verify; on failure returns a message and leaves r freed. */
static char *reparse(struct irt_parse *r, const char *what, const char *text, size_t len)
{
    irt_parse(r, what, text, len, 0, len);
    if (r->ok)
        return NULL;
    char *msg = irt_fmt("the %s does not %s:\n%s", what, r->m ? "verify" : "parse", r->diag);
    irt_parse_free(r);
    return msg;
}

char *irt_roundtrip(const struct ir_module *m)
{
    size_t clen, glen, len2;
    char *custom = irt_print(m, 0, &clen);
    char *generic = irt_print(m, IR_PRINT_GENERIC, &glen);
    char *msg = NULL, *text2 = NULL;
    struct irt_parse r = {0};

    if ((msg = reparse(&r, "printed custom form", custom, clen)))
        goto out;
    text2 = irt_print(r.m, 0, &len2);
    msg = irt_text_diff("printed custom form", custom, clen, "its reprint", text2, len2);
    irt_parse_free(&r);
    free(text2);
    text2 = NULL;
    if (msg)
        goto out;

    if ((msg = reparse(&r, "printed generic form", generic, glen)))
        goto out;
    text2 = irt_print(r.m, IR_PRINT_GENERIC, &len2);
    msg = irt_text_diff("printed generic form", generic, glen, "its reprint", text2, len2);
    free(text2);
    text2 = NULL;
    if (msg)
        goto out;
    /* The generic form must carry everything the custom form shows. */
    text2 = irt_print(r.m, 0, &len2);
    msg = irt_text_diff("printed custom form", custom, clen,
                        "custom form of the module read from the generic form", text2, len2);
out:
    irt_parse_free(&r);
    free(text2);
    free(custom);
    free(generic);
    return msg;
}

bool irt_first_error(const char *diag, const char *file, unsigned *line, unsigned *col)
{
    size_t flen = strlen(file);
    for (const char *p = diag; *p;) {
        int used = 0;
        if (strncmp(p, file, flen) == 0 &&
            sscanf(p + flen, ":%u:%u: error:%n", line, col, &used) == 2 && used > 0)
            return true;
        const char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return false;
}

bool irt_has_file(const char *dir, const char *name)
{
    char *p = irt_fmt("%s/%s", dir, name);
    FILE *f = fopen(p, "r");
    free(p);
    if (f)
        fclose(f);
    return f != NULL;
}

/* Whether dir has an INDEX.tsv, noting dir in *tried (when tried). */
static bool has_index(const char *dir, char **tried)
{
    if (tried) {
        char *t = irt_fmt("%s %s", *tried, dir);
        free(*tried);
        *tried = t;
    }
    return irt_has_file(dir, "INDEX.tsv");
}

char *irt_find_corpus(int argc, char **argv, const char *self, char **tried)
{
    if (tried)
        *tried = irt_fmt("%s", "");
    const char *env = getenv("KTC_CORPUS");
    if (argc > 1 || (env && *env)) {
        const char *dir = argc > 1 ? argv[1] : env;
        return has_index(dir, tried) ? irt_fmt("%s", dir) : NULL;
    }
    /* Under Bazel the source is a runfile whose symlink leads back to the
     * workspace; the corpus sits beside the workspace. */
    char real[PATH_MAX];
    size_t rn, sn = strlen(self);
    if (realpath(self, real) && (rn = strlen(real)) > sn && real[rn - sn - 1] == '/' &&
        strcmp(real + rn - sn, self) == 0) {
        real[rn - sn - 1] = 0;
        char *dir = irt_fmt("%s/../shared/corpus", real);
        if (has_index(dir, tried))
            return dir;
        free(dir);
    }
    return has_index("../shared/corpus", tried) ? irt_fmt("../shared/corpus") : NULL;
}

void irt_corpus_index_read(struct irt_corpus_index *ix, const char *dir)
{
    char *path = irt_fmt("%s/INDEX.tsv", dir);
    size_t len, cap = 0;
    *ix = (struct irt_corpus_index){irt_read_file(path, &len), NULL, 0};
    free(path);
    for (char *line = ix->text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        char *f[4] = {line, NULL, NULL, NULL};
        for (int i = 1; i < 4 && f[i - 1]; i++) {
            f[i] = strchr(f[i - 1], '\t');
            if (f[i])
                *f[i]++ = 0;
        }
        if (!f[2] || strcmp(f[0], "path") == 0)
            continue;
        if (ix->n == cap) {
            cap = cap ? 2 * cap : 64;
            ix->rows = realloc(ix->rows, cap * sizeof *ix->rows);
            if (!ix->rows)
                abort();
        }
        ix->rows[ix->n++] = (struct irt_corpus_row){f[0], f[1], f[2], f[3] ? f[3] : ""};
    }
}

void irt_corpus_index_free(struct irt_corpus_index *ix)
{
    free(ix->rows);
    free(ix->text);
}
