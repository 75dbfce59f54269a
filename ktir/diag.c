/* diag.c - diagnostics with source snippets (see diag.h). */
#include "ktir/diag.h"

#include <stdlib.h>
#include <string.h>

struct ir_diag_src {
    char *file;
    const char *buf;
    size_t len;
    char *owned; /* text read from disk by the engine itself */
};

void ir_diag_init(struct ir_diag *d, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->out = out;
}

void ir_diag_free(struct ir_diag *d)
{
    for (unsigned i = 0; i < d->nsrcs; i++) {
        free(d->srcs[i].file);
        free(d->srcs[i].owned);
    }
    free(d->srcs);
    d->srcs = NULL;
    d->nsrcs = 0;
}

static struct ir_diag_src *add_src(struct ir_diag *d, const char *file)
{
    struct ir_diag_src *n = realloc(d->srcs, (d->nsrcs + 1) * sizeof *n);
    if (!n)
        abort();
    d->srcs = n;
    struct ir_diag_src *s = &d->srcs[d->nsrcs++];
    memset(s, 0, sizeof *s);
    s->file = strdup(file);
    if (!s->file)
        abort();
    return s;
}

void ir_diag_add_source(struct ir_diag *d, const char *file, const char *buf, size_t len)
{
    struct ir_diag_src *s = add_src(d, file);
    s->buf = buf;
    s->len = len;
}

static const struct ir_diag_src *find_src(struct ir_diag *d, const char *file)
{
    for (unsigned i = 0; i < d->nsrcs; i++)
        if (strcmp(d->srcs[i].file, file) == 0)
            return &d->srcs[i];
    /* Not given: try the disk once, remember the outcome either way. */
    struct ir_diag_src *s = add_src(d, file);
    FILE *f = *file && strcmp(file, "<stdin>") != 0 ? fopen(file, "rb") : NULL;
    if (f) {
        size_t cap = 1 << 16, len = 0;
        char *buf = malloc(cap);
        size_t got;
        while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
            len += got;
            if (len == cap && cap < (64u << 20)) {
                char *nb = realloc(buf, cap *= 2);
                if (!nb) {
                    free(buf);
                    buf = NULL;
                }
                buf = nb;
            } else if (len == cap) {
                break;
            }
        }
        fclose(f);
        s->owned = buf;
        s->buf = buf;
        s->len = buf ? len : 0;
    }
    return s;
}

static void snippet(struct ir_diag *d, const char *file, uint32_t line, uint32_t col)
{
    const struct ir_diag_src *s = find_src(d, file);
    if (!s->buf)
        return;
    const char *p = s->buf, *end = s->buf + s->len;
    for (uint32_t l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end && line > 1)
        return;
    const char *e = p;
    while (e < end && *e != '\n')
        e++;
    fprintf(d->out, "%.*s\n", (int)(e - p), p);
    for (uint32_t i = 1; i < col && p + i - 1 < e; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', d->out);
    fputs("^\n", d->out);
}

void ir_diag_vreport(struct ir_diag *d, enum ir_severity sev, const char *file, uint32_t line,
                     uint32_t col, const char *fmt, va_list ap)
{
    static const char *const names[] = {"error", "warning", "note"};
    if (sev == IR_SEV_ERROR)
        d->nerrors++;
    else if (sev == IR_SEV_WARNING)
        d->nwarnings++;
    if (!d->out)
        return;
    if (line)
        fprintf(d->out, "%s:%u:%u: %s: ", file, line, col, names[sev]);
    else
        fprintf(d->out, "%s: %s: ", *file ? file : "ktc", names[sev]);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (line)
        snippet(d, file, line, col);
}

void ir_diag_report(struct ir_diag *d, enum ir_severity sev, const char *file, uint32_t line,
                    uint32_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(d, sev, file, line, col, fmt, ap);
    va_end(ap);
}

void ir_diag_at(struct ir_diag *d, const struct ir_module *m, struct ir_loc loc,
                enum ir_severity sev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(d, sev, ir_str_get(m, loc.file), loc.line, loc.col, fmt, ap);
    va_end(ap);
}
