/* verify.h - the verifier framework: structural rules every op obeys (SSA
 * dominance, isolation, terminators) plus each op table's own rules.
 *
 * Every binary verifies what it read and what it is about to write.
 */
#ifndef KTIR_VERIFY_H
#define KTIR_VERIFY_H

#include <stdbool.h>

#include "ktir/diag.h"
#include "ktir/ir.h"

struct ir_verifier {
    struct ir_module *m;
    struct ir_diag *diag;
    unsigned nerrors;
    uint32_t *visible; /* per value: isolation epoch + 1 while in scope, 0 outside */
    uint32_t nvisible;
    uint32_t epoch;
};

/* Verifies the whole module; reports every failure to diag. A module
 * without a top op (ir_module_new's, before anything is added) fails. */
bool ir_verify_module(struct ir_module *m, struct ir_diag *diag);

/* Reports a rule broken by op (at its location); returns false. */
bool irv_error(struct ir_verifier *v, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Helpers for op rules. */
struct ir_module *irv_module(struct ir_verifier *v);
/* op has exactly n operands / results / regions, else a located error. */
bool irv_counts(struct ir_verifier *v, ir_op op, int nopnd, int nres, int nreg);
/* A type's spelling for messages (static buffer rotated over 4 calls). */
const char *irv_type_str(struct ir_verifier *v, ir_type t);

#endif
