/* common.h - helpers that many dialect hooks (ktir/dialects/ *.c) share:
 * variadic operand groups (`operandSegmentSizes`), attribute lookup by kind,
 * the operand and parent checks verifiers repeat, and affine subscripts over
 * SSA values (`%v[%i * 2 + %j]`). Defined in common.c.
 */
#ifndef KTIR_DIALECTS_COMMON_H
#define KTIR_DIALECTS_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/asm.h"
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

/* Two extents agree unless both are static and differ. */
bool ir_dims_agree(int64_t a, int64_t b);
/* a and b have one rank (0 for types that are not shaped) and extents that
 * agree (ir_dims_agree). */
bool ir_shapes_agree(const struct ir_module *m, ir_type a, ir_type b);
/* a and b have one rank and the same extents, `?` matching only `?`. */
bool ir_same_shape(const struct ir_module *m, ir_type a, ir_type b);

/* Operands [from, from + n) of op are of type index; else reports
 * "<what> must be of type 'index', got T". */
bool irv_index_operands(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n,
                        const char *what);
/* op's parent is an op of the given kind (an IR_OP_* value); else reports
 * "expects parent op '<name>'". */
bool irv_parent(struct ir_verifier *v, ir_op op, uint32_t kind);

/* The two forms shared by ktdp.load/store and ktdf.read_from/write_to_fifo,
 * whose endpoint type may be written with its prefix elided (`kind`):
 *   `%src [{attrs}] : <src-type> -> T`            (one result)
 *   `%data, %dst [{attrs}] : T, <dst-type>`       (no result) */
bool irp_elided_get(struct ir_parser *p, struct ir_op_state *st, enum ir_type_kind kind);
void irw_elided_get(struct ir_printer *w, ir_op op, enum ir_type_kind kind);
bool irp_elided_put(struct ir_parser *p, struct ir_op_state *st, enum ir_type_kind kind);
void irw_elided_put(struct ir_printer *w, ir_op op, enum ir_type_kind kind);

/* Comparison predicates in MLIR's enum order (arith.cmpi when is_i, else
 * arith.cmpf): the name of value k (NULL when out of range), and the value
 * of a name (-1 when none). Shared by arith and vectorchain.compare. */
const char *ir_cmp_pred_name(bool is_i, int64_t k);
int ir_cmp_pred_find(bool is_i, const char *name);

/* ---- affine subscripts over SSA values ------------------------------------------ */

#define IR_MAX_SUBSCRIPT_VALUES 64

/* The SSA values subscripts name while they are read: the intermediate
 * variables vars (indirect tiles) are dims [0, nvars), every other value is
 * a dim after them, numbered in order of first use (ids). */
struct irp_subscripts {
    struct irp_operand vars[IR_MAX_SUBSCRIPT_VALUES];
    uint32_t nvars;
    struct irp_operand ids[IR_MAX_SUBSCRIPT_VALUES];
    uint32_t nids;
};
/* The irp_affine_expr leaf of subscripts (ctx: struct irp_subscripts):
 * `%x` or `%x#N` becomes its dim; anything else is an error. */
bool irp_subscript_leaf(struct ir_parser *p, const struct ir_token *tok, void *ctx, ir_aff *out);
/* Comma-separated subscripts up to (not including) `]`, stored from
 * exprs[*n] on, at most max in all. */
bool irp_subscripts(struct ir_parser *p, struct irp_subscripts *s, ir_aff *exprs, uint32_t *n,
                    uint32_t max);

/* What subscript dims print as: dims below ncap are op's operands from
 * `first` on, the others the entry-block arguments of block. */
struct irw_subscript_names {
    ir_op op;
    uint32_t first, ncap;
    ir_block block;
};
/* The irw_affine_expr leaf of subscripts (ctx: struct irw_subscript_names). */
void irw_subscript_leaf(struct ir_printer *w, bool is_sym, uint32_t pos, void *ctx);

#endif
