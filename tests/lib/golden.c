/* golden.c - expected-output files of golden tests (see golden.h). */
#include "tests/lib/golden.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/lib/irtest.h"

bool irt_update_mode(void)
{
    const char *u = getenv("UPDATE_GOLDEN");
    return u && *u && strcmp(u, "0") != 0;
}

char *irt_update_dir(const char *dir)
{
    if (dir[0] == '/')
        return irt_fmt("%s", dir);
    const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
    if (ws && *ws)
        return irt_fmt("%s/%s", ws, dir);
    char *cwd = getcwd(NULL, 0);
    if (!cwd)
        abort();
    char *abs = irt_fmt("%s/%s", cwd, dir);
    free(cwd);
    return abs;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool irt_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static char *write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return irt_fmt("cannot write %s", path);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok)
        return irt_fmt("cannot write %s", path);
    printf("updated %s\n", path);
    return NULL;
}

static char *update(const char *dest, const char *name, const struct irt_outcome *o)
{
    char *keep = irt_fmt("%s/%s%s", dest, name, o->ok ? ".out" : ".err");
    char *drop = irt_fmt("%s/%s%s", dest, name, o->ok ? ".err" : ".out");
    char *msg = o->ok ? write_file(keep, o->out, o->nout) : write_file(keep, o->err, o->nerr);
    if (!msg && is_file(drop) && remove(drop) != 0)
        msg = irt_fmt("cannot remove %s", drop);
    free(keep);
    free(drop);
    return msg;
}

static char *compare(const char *path, const char *got, size_t ngot)
{
    size_t nwant;
    char *want = irt_read_file(path, &nwant);
    if (!want)
        return irt_fmt("cannot read %s", path);
    char *diff = irt_text_diff(path, want, nwant, "got", got, ngot);
    free(want);
    if (!diff)
        return NULL;
    char *msg = irt_fmt("%s\n(UPDATE_GOLDEN=1 with `bazel run` rewrites the expected files)\n"
                        "--- got:\n%s",
                        diff, got);
    free(diff);
    return msg;
}

char *irt_golden_expect(const char *dir, const char *dest, const char *name,
                        const struct irt_outcome *o)
{
    if (irt_update_mode())
        return update(dest, name, o);
    char *out = irt_fmt("%s/%s.out", dir, name), *err = irt_fmt("%s/%s.err", dir, name);
    bool has_out = is_file(out), has_err = is_file(err);
    char *msg;
    if (has_out == has_err)
        msg = irt_fmt("%s needs exactly one of %s.out and %s.err (UPDATE_GOLDEN=1 with `bazel "
                      "run` writes it)",
                      name, name, name);
    else if (has_out && !o->ok)
        msg = irt_fmt("expected %s, but the case failed:\n%s", out, o->err);
    else if (has_err && o->ok)
        msg = irt_fmt("expected the diagnostics in %s, but the case succeeded:\n%s", err, o->out);
    else if (has_out && o->nerr)
        msg = irt_fmt("unexpected diagnostics:\n%s", o->err);
    else
        msg = has_out ? compare(out, o->out, o->nout) : compare(err, o->err, o->nerr);
    free(out);
    free(err);
    return msg;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **irt_list_dir(const char *dir, const char *suffix, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t cap = 0, slen = suffix ? strlen(suffix) : 0;
    *n = 0;
    if (!d)
        return NULL;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (suffix && (len <= slen ||
                                               strcmp(e->d_name + len - slen, suffix) != 0)))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                abort();
        }
        names[(*n)++] = irt_fmt("%.*s", (int)(len - slen), e->d_name);
    }
    closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

void irt_list_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}
