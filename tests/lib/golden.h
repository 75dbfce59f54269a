/* golden.h - the expected-output files of golden tests, shared by the test
 * drivers that compare what a case prints with files beside it.
 *
 * A case NAME in DIR expects NAME.out (what it prints when it succeeds) or
 * NAME.err (its diagnostics when it fails), never both. With UPDATE_GOLDEN=1
 * in the environment the files are written instead of compared, into the
 * source tree when the test runs under `bazel run` (which sets
 * BUILD_WORKSPACE_DIRECTORY). Test-only code.
 */
#ifndef TESTS_LIB_GOLDEN_H
#define TESTS_LIB_GOLDEN_H

#include <stdbool.h>
#include <stddef.h>

/* Whether UPDATE_GOLDEN asks for the expected files to be rewritten. */
bool irt_update_mode(void);

/* The absolute directory that updates of dir (relative to the working
 * directory, or absolute) are written to, malloc'd. */
char *irt_update_dir(const char *dir);

/* What one case did: whether it succeeded, what it printed, its diagnostics. */
struct irt_outcome {
    bool ok;
    const char *out;
    size_t nout;
    const char *err;
    size_t nerr;
};

/* Checks the outcome of case `name` against dir/name.out or dir/name.err, or
 * in update mode writes the one that applies into dest and removes the
 * other. NULL when the case passes, else a malloc'd message. */
char *irt_golden_expect(const char *dir, const char *dest, const char *name,
                        const struct irt_outcome *o);

/* The sorted names in dir (hidden ones skipped); with a suffix, only the
 * names that end with it, given without it. NULL and *n = 0 when dir cannot
 * be read. Free with irt_list_free. */
char **irt_list_dir(const char *dir, const char *suffix, size_t *n);
void irt_list_free(char **names, size_t n);

/* Whether path is a directory. */
bool irt_is_dir(const char *path);

#endif
