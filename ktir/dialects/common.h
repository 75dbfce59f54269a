/* common.h - helpers that many dialect hooks (ktir/dialects/ *.c) share:
 * variadic operand groups (`operandSegmentSizes`), attribute lookup by kind
 * and the operand and parent checks verifiers repeat. Defined in common.c.
 */
#ifndef KTIR_DIALECTS_COMMON_H
#define KTIR_DIALECTS_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/ir.h"
#include "ktir/verify.h"

/* Sets st's operandSegmentSizes to array<i32: sizes[0..n)>. */
void ir_set_segments(struct ir_module *m, struct ir_op_state *st, uint32_t n, const int64_t *sizes);
/* Reads op's operandSegmentSizes into seg[0..n); false (and zeros) when it
 * is missing, has another length, or does not add up to the operand count. */
bool ir_segments(const struct ir_module *m, ir_op op, uint32_t n, uint32_t *seg);
/* ir_segments, reporting a malformed attribute as an error on op. */
bool irv_segments(struct ir_verifier *v, ir_op op, uint32_t n, uint32_t *seg);

/* The attribute `name` of op when it has the given kind, else NULL. */
const struct ir_attr_info *ir_attr_of_kind(const struct ir_module *m, ir_op op, const char *name,
                                           enum ir_attr_kind kind);

/* Operands [from, from + n) of op are of type index; else reports
 * "<what> must be of type 'index', got T". */
bool irv_index_operands(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n,
                        const char *what);
/* op's parent is an op of the given kind (an IR_OP_* value); else reports
 * "expects parent op '<name>'". */
bool irv_parent(struct ir_verifier *v, ir_op op, uint32_t kind);

#endif
