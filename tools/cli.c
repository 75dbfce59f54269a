/* cli.c - the shared command line of the ktc binaries (see cli.h). */
#include "tools/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ktir/irfile.h"

static void usage(const struct cli *c, FILE *f)
{
    fprintf(f, "usage: %s [options] %s\n%s\n\noptions:\n", c->tool,
            c->usage_args ? c->usage_args : "[INPUT|-]", c->summary);
    if (!c->no_emit || c->output_help)
        fprintf(f, "  -o FILE            %s\n",
                c->output_help ? c->output_help : "write to FILE (default: stdout)");
    if (!c->no_emit) {
        fprintf(f, "  --emit=pb|text     output an IR file (pb) or MLIR text\n");
        fprintf(f, "  --generic          with text output: the generic op form\n");
        fprintf(f, "  --print-locs       with text output: a loc(...) on every op\n");
    }
    for (size_t i = 0; i < c->nflags; i++) {
        char left[64];
        const struct cli_flag *fl = &c->flags[i];
        snprintf(left, sizeof left, "--%s%s", fl->name,
                 fl->is_bool ? "" : fl->arg ? fl->arg : "=VALUE");
        fprintf(f, "  %-18s%s%s\n", left, strlen(left) > 18 ? CLI_MORE : " ", fl->help);
    }
    fprintf(f, "  --help             this text\n  --version          the version\n");
}

int cli_usage_error(const struct cli *c, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: error: ", c->tool);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see %s --help)\n", c->tool);
    return CLI_USAGE;
}

/* Stores v, a value of f, where f says. Returns 0 or a usage error. */
static int store_value(const struct cli *c, const struct cli_flag *f, const char *v)
{
    if (f->named && !strchr(v, '='))
        return cli_usage_error(c, "expected NAME=..., got '%s'", v);
    if (f->count) {
        char *end;
        unsigned long long n = strtoull(v, &end, 0);
        if (end == v || *end || !n)
            return cli_usage_error(c, "expected a positive number, got '%s'", v);
        *f->count = n;
    } else if (f->values) {
        if (*f->nvalues == f->max_values)
            return cli_usage_error(c, "option '--%s' given too many times", f->name);
        f->values[(*f->nvalues)++] = v;
    } else {
        *f->value = v;
    }
    return 0;
}

/* Matches argv[*i] against --name / --name=V / --name V. */
static int take_value(const struct cli *c, int argc, char **argv, int *i, const char *name,
                      const char **value)
{
    const char *a = argv[*i] + 2;
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        return 1;
    }
    if (a[n] != 0)
        return 0;
    if (*i + 1 >= argc) {
        cli_usage_error(c, "missing value for option '--%s'", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int cli_parse(struct cli *c, int argc, char **argv)
{
    c->input = NULL;
    bool inputs_done = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (inputs_done || a[0] != '-' || strcmp(a, "-") == 0) {
            if (c->words) {
                if (c->nwords == c->max_words)
                    return cli_usage_error(c, "unexpected argument '%s'", a);
                c->words[c->nwords++] = a;
                continue;
            }
            if (c->input)
                return cli_usage_error(c, "more than one input ('%s')", a);
            c->input = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            inputs_done = true;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(c, stdout);
            return CLI_OK;
        }
        if (strcmp(a, "--version") == 0) {
            printf("%s (ktc) %s\n", c->tool, KTC_VERSION);
            return CLI_OK;
        }
        if (c->no_emit && !c->output_help && strncmp(a, "-o", 2) == 0)
            return cli_usage_error(c, "unknown option '%s'", a);
        if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                return cli_usage_error(c, "option '%s' needs a file name", a);
            c->output = argv[++i];
            continue;
        }
        if (strncmp(a, "-o", 2) == 0 && a[2]) {
            c->output = a + 2;
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            return cli_usage_error(c, "unknown option '%s'", a);
        const char *v;
        int r = c->no_emit ? 0 : take_value(c, argc, argv, &i, "emit", &v);
        if (r < 0)
            return CLI_USAGE;
        if (r) {
            if (strcmp(v, "pb") == 0)
                c->emit_text = false;
            else if (strcmp(v, "text") == 0)
                c->emit_text = true;
            else
                return cli_usage_error(c, "--emit takes 'pb' or 'text', not '%s'", v);
            continue;
        }
        if (!c->no_emit && strcmp(a, "--generic") == 0) {
            c->generic = true;
            continue;
        }
        if (!c->no_emit && strcmp(a, "--print-locs") == 0) {
            c->locs = true;
            continue;
        }
        bool matched = false;
        for (size_t k = 0; k < c->nflags && !matched; k++) {
            const struct cli_flag *f = &c->flags[k];
            if (f->is_bool) {
                if (strcmp(a + 2, f->name) == 0) {
                    *f->set = true;
                    matched = true;
                }
                continue;
            }
            r = take_value(c, argc, argv, &i, f->name, &v);
            if (r < 0 || (r > 0 && store_value(c, f, v)))
                return CLI_USAGE;
            matched = r > 0;
        }
        if (!matched)
            return cli_usage_error(c, "unknown option '%s'", a);
    }
    if (!c->input)
        c->input = "-";
    return -1;
}

const char *cli_input_name(const struct cli *c)
{
    return strcmp(c->input, "-") == 0 ? "<stdin>" : c->input;
}

int cli_read(const struct cli *c, const char *path, char **buf, size_t *len)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: error: cannot open '%s': %s\n", c->tool, path, strerror(errno));
        return CLI_IO;
    }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    if (!b)
        abort();
    for (;;) {
        if (n + 1 >= cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                abort();
            b = nb;
        }
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    bool err = ferror(f);
    if (!is_stdin)
        fclose(f);
    if (err) {
        fprintf(stderr, "%s: error: cannot read '%s'\n", c->tool, is_stdin ? "<stdin>" : path);
        free(b);
        return CLI_IO;
    }
    b[n] = 0;
    *buf = b;
    *len = n;
    return 0;
}

/* The live mappings cli_map handed out (a binary maps one or two inputs),
 * so that cli_unmap knows a mapping from a cli_read buffer. */
static char *mapped[8];

int cli_map(const struct cli *c, const char *path, char **buf, size_t *len)
{
    long page = sysconf(_SC_PAGESIZE);
    int fd = strcmp(path, "-") == 0 ? -1 : open(path, O_RDONLY);
    struct stat st;
    size_t slot = 0;
    while (slot < sizeof mapped / sizeof *mapped && mapped[slot])
        slot++;
    /* The byte after a file whose size is not a multiple of the page size
     * is a zero in its last page: the buffer stays NUL-terminated. */
    if (fd >= 0 && slot < sizeof mapped / sizeof *mapped && page > 0 && fstat(fd, &st) == 0 &&
        S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size % page != 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            close(fd);
            mapped[slot] = p;
            *buf = p;
            *len = (size_t)st.st_size;
            return 0;
        }
    }
    if (fd >= 0)
        close(fd);
    return cli_read(c, path, buf, len);
}

void cli_unmap(char *buf, size_t len)
{
    for (size_t i = 0; buf && i < sizeof mapped / sizeof *mapped; i++) {
        if (mapped[i] == buf) {
            munmap(buf, len);
            mapped[i] = NULL;
            return;
        }
    }
    free(buf);
}

int cli_write(const struct cli *c, const char *buf, size_t len)
{
    char err[256];
    if (ir_file_put_bytes(c->output, buf, len, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "%s: error: %s: %s\n", c->tool, c->output ? c->output : "<stdout>", err);
    return CLI_IO;
}
