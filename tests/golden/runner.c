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
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ktir/ir.h"
#include "tests/lib/golden.h"
#include "tests/lib/irtest.h"

struct golden_case {
    char *dir;  /* directory holding the case, as found */
    char *dest; /* directory that UPDATE_GOLDEN writes to */
    char *name; /* case name: the .mlir file name without its extension */
};

/* Runs one case; NULL when it passes, else a malloc'd message. */
static char *check_case(const struct golden_case *c)
{
    char *src_path = irt_fmt("%s/%s.mlir", c->dir, c->name);
    char *file = irt_fmt("%s.mlir", c->name);
    char *msg = NULL, *printed = NULL;
    size_t len, plen = 0;
    struct irt_parse r = {0};

    char *src = irt_read_file(src_path, &len);
    if (!src) {
        msg = irt_fmt("cannot read %s", src_path);
        goto out;
    }
    irt_parse(&r, file, src, len, 0, len);
    if (r.ok) {
        printed = irt_print(r.m, 0, &plen);
        /* The custom form and the generic form must both round-trip. */
        if ((msg = irt_roundtrip(r.m)))
            goto out;
    }
    struct irt_outcome o = {r.ok, printed, plen, r.diag, r.diag_len};
    msg = irt_golden_expect(c->dir, c->dest, c->name, &o);
out:
    irt_parse_free(&r);
    free(printed);
    free(src);
    free(file);
    free(src_path);
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

/* Runs the cases of dir (rel: its path below the root) as one cmocka group,
 * then recurses into its subdirectories; returns the number of failures. */
static int run_dir(const char *root, const char *dest_root, const char *rel, int *ncases)
{
    char *dir = *rel ? irt_fmt("%s/%s", root, rel) : irt_fmt("%s", root);
    char *dest = *rel ? irt_fmt("%s/%s", dest_root, rel) : irt_fmt("%s", dest_root);
    size_t n;
    char **names = irt_list_dir(dir, NULL, &n);
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
        if (irt_is_dir(sub)) {
            char *subrel = *rel ? irt_fmt("%s/%s", rel, names[i]) : irt_fmt("%s", names[i]);
            failed += run_dir(root, dest_root, subrel, ncases);
            free(subrel);
        }
        free(sub);
    }
    irt_list_free(names, n);
    free(dir);
    free(dest);
    return failed;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/golden";
    if (!irt_is_dir(root)) {
        fprintf(stderr, "golden: no directory %s (run from the workspace or runfiles root)\n",
                root);
        return 1;
    }
    char *dest_root = irt_update_dir(root);
    int ncases = 0;
    int failed = run_dir(root, dest_root, "", &ncases);
    free(dest_root);
    if (ncases == 0) {
        fprintf(stderr, "golden: no .mlir case under %s\n", root);
        return 1;
    }
    return failed ? 1 : 0;
}
