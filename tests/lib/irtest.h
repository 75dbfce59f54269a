/* irtest.h - shared by the golden runner, the corpus conformance test and the
 * robustness test: read a file, parse and verify with diagnostics captured as
 * text, check the round-trip contract (parse(print(m)) == m, in custom and
 * generic form), find ../shared/corpus and read its INDEX.tsv. Test-only
 * code; nothing in the compiler links it.
 */
#ifndef TESTS_LIB_IRTEST_H
#define TESTS_LIB_IRTEST_H

#include <stdbool.h>
#include <stddef.h>

#include "ktir/ir.h"

/* A whole file in a malloc'd NUL-terminated buffer (*len bytes without the
 * NUL); NULL when it cannot be read. */
char *irt_read_file(const char *path, size_t *len);

/* A malloc'd printf-formatted string (never NULL: aborts on out-of-memory). */
char *irt_fmt(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* One parse: the module (NULL when parsing failed), whether it also verified,
 * and every diagnostic exactly as stderr would show it. */
struct irt_parse {
    struct ir_module *m;
    bool ok;   /* parsed and verified */
    char *diag; /* NUL-terminated, "" when nothing was reported */
    size_t diag_len;
    unsigned nerrors;
};

/* Parses buf[begin, end) of the file named `file` (lines count from buf) and
 * verifies the module when it parsed. Free with irt_parse_free. */
void irt_parse(struct irt_parse *r, const char *file, const char *buf, size_t len, size_t begin,
               size_t end);
void irt_parse_free(struct irt_parse *r);

/* The custom (flags 0) or generic (IR_PRINT_GENERIC) text of m, malloc'd. */
char *irt_print(const struct ir_module *m, unsigned flags, size_t *len);

/* Checks the round-trip contract on a verified module: the custom form
 * re-parses, re-verifies and reprints identically; so does the generic form;
 * and the module read back from the generic form prints the same custom form
 * (the generic form is complete). Returns NULL when all hold, else a malloc'd
 * message naming the first check that failed. */
char *irt_roundtrip(const struct ir_module *m);

/* NULL when the texts are equal, else a malloc'd message quoting the first
 * differing line of each, labelled with the names given. */
char *irt_text_diff(const char *want_name, const char *want, size_t want_len,
                    const char *got_name, const char *got, size_t got_len);

/* The 1-based line and column of the first `<file>:L:C: error:` in a
 * diagnostics text; false when there is none. */
bool irt_first_error(const char *diag, const char *file, unsigned *line, unsigned *col);

/* Whether the file dir/name can be opened for reading. */
bool irt_has_file(const char *dir, const char *name);

/* The corpus directory (malloc'd), or NULL when none has an INDEX.tsv:
 * argv[1] when given, else $KTC_CORPUS when set, else ../shared/corpus beside
 * the workspace holding `self` (the test's source as a runfile path, e.g.
 * "tests/arch/corpus_test.c"), else ../shared/corpus. When tried is not
 * NULL, *tried is set to the places looked at, malloc'd, as " DIR...". */
char *irt_find_corpus(int argc, char **argv, const char *self, char **tried);

/* The corpus's INDEX.tsv: its rows with at least three fields (path, kind,
 * parse rule, then the note, "" when absent), header excluded, in order;
 * no rows when it cannot be read. The fields point into text. */
struct irt_corpus_row {
    char *path, *kind, *rule, *note;
};
struct irt_corpus_index {
    char *text;
    struct irt_corpus_row *rows;
    size_t n;
};

/* Reads DIR/INDEX.tsv into ix; free with irt_corpus_index_free. */
void irt_corpus_index_read(struct irt_corpus_index *ix, const char *dir);
void irt_corpus_index_free(struct irt_corpus_index *ix);

#endif
