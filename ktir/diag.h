/* diag.h - diagnostics: `file:line:col: error: message`, then the source line
 * and a caret under the column.
 *
 * The engine knows the text of the files it was given; for a location in a
 * file it was not given (an IR file read by a late stage) it tries to read
 * the file from disk, and prints no snippet when that fails.
 */
#ifndef KTIR_DIAG_H
#define KTIR_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ktir/ir.h"

enum ir_severity { IR_SEV_ERROR, IR_SEV_WARNING, IR_SEV_NOTE };

struct ir_diag {
    FILE *out;          /* where messages go (stderr in the binaries) */
    unsigned nerrors;
    unsigned nwarnings;
    struct ir_diag_src *srcs;
    unsigned nsrcs;
};

/* An engine printing to out (NULL = no output, counting only). */
void ir_diag_init(struct ir_diag *d, FILE *out);
void ir_diag_free(struct ir_diag *d);
/* Makes buf[0..len) the text of `file` for snippets (not copied: it must
 * outlive the engine's use). */
void ir_diag_add_source(struct ir_diag *d, const char *file, const char *buf, size_t len);

/* Reports at file:line:col (line 0 = no position). */
void ir_diag_report(struct ir_diag *d, enum ir_severity sev, const char *file, uint32_t line,
                    uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
void ir_diag_vreport(struct ir_diag *d, enum ir_severity sev, const char *file, uint32_t line,
                     uint32_t col, const char *fmt, va_list ap);
/* Reports at an op location of module m. */
void ir_diag_at(struct ir_diag *d, const struct ir_module *m, struct ir_loc loc,
                enum ir_severity sev, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif
