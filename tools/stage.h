/* stage.h - reading and writing a stage's module for the ktc binaries: the
 * IR file (or MLIR text) in, verification on both sides, the output in the
 * form the command line asked for. */
#ifndef KTC_TOOLS_STAGE_H
#define KTC_TOOLS_STAGE_H

#include <stddef.h>

#include "ktir/diag.h"
#include "ktir/ir.h"
#include "tools/cli.h"

/* What a stage read: the module, its stage name, and the input bytes (kept
 * alive because diagnostics may quote the source text). */
struct stage_input {
    struct ir_module *m;
    char stage[64];
    char *bytes;  /* from cli_map: release with cli_unmap */
    size_t nbytes;
};

/* Reads c->input: an IR file of stage `expect` (NULL = any), or MLIR text
 * when the input is not an IR file and expect is NULL or "ktir" (stage
 * "ktir"). Verifies the module. Returns 0, 1 (bad input, reported) or 3
 * (I/O); in->m is NULL unless 0. */
int stage_read(const struct cli *c, const char *expect, struct ir_diag *diag,
               struct stage_input *in);
void stage_input_free(struct stage_input *in);

/* Verifies m and appends it to *out as an IR file of `stage` or, with
 * --emit=text, as MLIR text. Returns 0 or 1 (verification failed: an
 * internal bug in the stage that produced m, reported). */
int stage_emit(const struct cli *c, struct ir_module *m, const char *stage, char **out,
               size_t *len);

/* stage_emit for a module the caller has just verified itself (ktc-parse,
 * ktc-print): no second verification. */
int stage_write(const struct cli *c, const struct ir_module *m, const char *stage, char **out,
                size_t *len);

/* Prints m as MLIR text (--generic, --print-locs as c says) straight to
 * c->output as cli_write would write it, in pieces as it is printed rather
 * than whole (a module's text can be several times its memory). Returns 0,
 * or 3 after printing the reason. */
int stage_print(const struct cli *c, const struct ir_module *m);

/* Appends a C string to a malloc'd buffer. */
void stage_append(char **out, size_t *len, const char *s);

#endif
