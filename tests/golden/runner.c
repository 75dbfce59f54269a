/* runner.c - the golden test runner: every tests/golden/<group>/<case>.mlir is
 * parsed, verified and printed, and compared with <case>.out (the expected
 * custom form, which must also round-trip in custom and generic form) or with
 * <case>.err (the expected diagnostics, the file named by its bare name).
 *
 * One cmocka case per golden case, one cmocka group per directory, so the
 * JUnit XML lists each. Usage: golden [DIR] (default tests/golden, relative
 * to the working directory: the runfiles root under Bazel). With
 * UPDATE_GOLDEN=1 (`UPDATE_GOLDEN=1 bazel run //tests/golden`) it writes the
 * .out/.err files instead of comparing them, into the source tree
 * ($BUILD_WORKSPACE_DIRECTORY/DIR) or into DIR itself outside `bazel run`.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "ktir/ir.h"
#include "tests/lib/irtest.h"

struct golden_case {
    char *dir;  /* directory holding the case, as found */
    char *dest; /* directory that UPDATE_GOLDEN writes to */
    char *name; /* case name: the .mlir file name without its extension */
};

static bool update_mode;

static char *path_join(const char *dir, const char *name, const char *ext)
{
    return irt_fmt("%s/%s%s", dir, name, ext);
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Writes text to path; NULL or a malloc'd message. */
static char *write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return irt_fmt("cannot write %s", path);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    return ok ? NULL : irt_fmt("cannot write %s", path);
}

/* Compares text with the expected file path (missing = a failure). */
static char *compare_with(const char *path, const char *what, const char *text, size_t len)
{
    size_t want_len;
    char *want = irt_read_file(path, &want_len);
    if (!want)
        return irt_fmt("cannot read %s", path);
    char *diff = irt_text_diff(path, want, want_len, what, text, len);
    free(want);
    if (!diff)
        return NULL;
    char *msg = irt_fmt("%s\n(UPDATE_GOLDEN=1 bazel run //tests/golden rewrites the expected "
                        "files)\n--- %s:\n%s",
                        diff, what, text);
    free(diff);
    return msg;
}

/* Writes the .out or .err of a case and removes the other one. */
static char *update_case(const struct golden_case *c, bool ok, const char *text, size_t len)
{
    char *keep = path_join(c->dest, c->name, ok ? ".out" : ".err");
    char *drop = path_join(c->dest, c->name, ok ? ".err" : ".out");
    char *msg = write_file(keep, text, len);
    if (!msg && file_exists(drop) && remove(drop) != 0)
        msg = irt_fmt("cannot remove %s", drop);
    if (!msg)
        printf("updated %s\n", keep);
    free(keep);
    free(drop);
    return msg;
}

/* Runs one case; NULL when it passes, else a malloc'd message. */
static char *check_case(const struct golden_case *c)
{
    char *src_path = path_join(c->dir, c->name, ".mlir");
    char *out_path = path_join(c->dir, c->name, ".out");
    char *err_path = path_join(c->dir, c->name, ".err");
    char *file = irt_fmt("%s.mlir", c->name);
    char *msg = NULL, *printed = NULL;
    size_t len, plen = 0;
    struct irt_parse r = {0};

    char *src = irt_read_file(src_path, &len);
    bool has_out = file_exists(out_path), has_err = file_exists(err_path);
    if (!src) {
        msg = irt_fmt("cannot read %s", src_path);
        goto out;
    }
    if (!update_mode && has_out == has_err) {
        msg = irt_fmt("%s needs exactly one of %s.out and %s.err (UPDATE_GOLDEN=1 bazel run "
                      "//tests/golden writes it)",
                      src_path, c->name, c->name);
        goto out;
    }
    irt_parse(&r, file, src, len, 0, len);
    if (r.ok) {
        printed = irt_print(r.m, 0, &plen);
        /* The custom form and the generic form must both round-trip. */
        if ((msg = irt_roundtrip(r.m)))
            goto out;
    }
    if (update_mode) {
        msg = r.ok ? update_case(c, true, printed, plen) : update_case(c, false, r.diag, r.diag_len);
    } else if (has_err) {
        msg = r.ok ? irt_fmt("expected diagnostics (%s) but the case parsed and verified",
                             err_path)
                   : compare_with(err_path, "diagnostics", r.diag, r.diag_len);
    } else if (!r.ok) {
        msg = irt_fmt("expected %s but the case failed:\n%s", out_path, r.diag);
    } else if (r.diag_len) {
        msg = irt_fmt("unexpected diagnostics:\n%s", r.diag);
    } else {
        msg = compare_with(out_path, "printed custom form", printed, plen);
    }
out:
    irt_parse_free(&r);
    free(printed);
    free(src);
    free(file);
    free(src_path);
    free(out_path);
    free(err_path);
    return msg;
}

static void golden_test(void **state)
{
    char *msg = check_case(*state);
    if (msg) {
        print_error("%s\n", msg);
        free(msg);
        fail();
    }
}

/* ---- discovery ------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted entries of dir (without . and ..); *n gets their count. */
static char **list_dir(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    if (!d)
        return NULL;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                abort();
        }
        names[(*n)++] = irt_fmt("%s", e->d_name);
    }
    closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

static void free_list(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Runs the cases of dir (rel: its path below the root) as one cmocka group,
 * then recurses into its subdirectories; returns the number of failures. */
static int run_dir(const char *root, const char *dest_root, const char *rel, int *ncases)
{
    char *dir = *rel ? irt_fmt("%s/%s", root, rel) : irt_fmt("%s", root);
    char *dest = *rel ? irt_fmt("%s/%s", dest_root, rel) : irt_fmt("%s", dest_root);
    size_t n;
    char **names = list_dir(dir, &n);
    struct golden_case *cases = calloc(n ? n : 1, sizeof *cases);
    struct CMUnitTest *tests = calloc(n ? n : 1, sizeof *tests);
    if (!cases || !tests)
        abort();
    size_t ntests = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if (len <= 5 || strcmp(names[i] + len - 5, ".mlir") != 0)
            continue;
        struct golden_case *c = &cases[ntests];
        c->dir = dir;
        c->dest = dest;
        c->name = irt_fmt("%.*s", (int)(len - 5), names[i]);
        tests[ntests] = (struct CMUnitTest){.name = c->name, .test_func = golden_test,
                                            .initial_state = c};
        ntests++;
    }
    int failed = 0;
    if (ntests) {
        /* The group name becomes a file name of cmocka's XML output: no '/'. */
        char *group = irt_fmt("golden%s%s", *rel ? "/" : "", rel);
        for (char *p = group; *p; p++)
            if (*p == '/')
                *p = '.';
        failed += _cmocka_run_group_tests(group, tests, ntests, NULL, NULL);
        *ncases += (int)ntests;
        free(group);
    }
    for (size_t i = 0; i < ntests; i++)
        free(cases[i].name);
    free(cases);
    free(tests);
    for (size_t i = 0; i < n; i++) {
        char *sub = irt_fmt("%s/%s", dir, names[i]);
        if (is_dir(sub)) {
            char *subrel = *rel ? irt_fmt("%s/%s", rel, names[i]) : irt_fmt("%s", names[i]);
            failed += run_dir(root, dest_root, subrel, ncases);
            free(subrel);
        }
        free(sub);
    }
    free_list(names, n);
    free(dir);
    free(dest);
    return failed;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/golden";
    const char *update = getenv("UPDATE_GOLDEN");
    update_mode = update && *update && strcmp(update, "0") != 0;
    if (!is_dir(root)) {
        fprintf(stderr, "golden: no directory %s (run from the workspace or runfiles root)\n",
                root);
        return 1;
    }
    /* `bazel run` runs in the runfiles tree: updates go to the source tree. */
    const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
    char *dest_root = ws && *ws && root[0] != '/' ? irt_fmt("%s/%s", ws, root)
                                                  : irt_fmt("%s", root);
    int ncases = 0;
    int failed = run_dir(root, dest_root, "", &ncases);
    free(dest_root);
    if (ncases == 0) {
        fprintf(stderr, "golden: no .mlir case under %s\n", root);
        return 1;
    }
    return failed ? 1 : 0;
}
