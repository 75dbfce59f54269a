/* ops.h - the op tables: one X-macro table per dialect is the single source of
 * truth for each op's name, custom syntax and verifier (ktir/dialects/ *.def).
 *
 * A table row reads
 *     OP(ENUM, "dialect.name", FORMAT, VERIFY, FLAGS)
 * FORMAT names a pair of hooks ir_fmt_FORMAT_parse / ir_fmt_FORMAT_print (many
 * ops share one format, e.g. `binary`); `generic` means the op has no custom
 * form (it prints and parses only generically). VERIFY names ir_verify_VERIFY (`none` for no op-specific rules).
 * The enum, the name lookup, the printer dispatch and the verifier dispatch
 * are all generated from these rows; ktir/dialects/all.def lists the tables.
 */
#ifndef KTIR_OPS_H
#define KTIR_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/ir.h"

struct ir_parser;
struct ir_printer;
struct ir_verifier;

/* Op properties (the FLAGS column). */
enum ir_op_flag {
    IR_OPF_TERMINATOR = 1u << 0,   /* ends a block */
    IR_OPF_PURE = 1u << 1,         /* no memory effects */
    IR_OPF_ISOLATED = 1u << 2,     /* regions see no outer values */
    IR_OPF_NO_TERMINATOR = 1u << 3,/* its regions' blocks need no terminator */
    IR_OPF_SYMBOL = 1u << 4,       /* defines a symbol (sym_name) */
    IR_OPF_DEFAULT_DIALECT = 1u << 5, /* bare op names in its regions belong to its dialect */
    IR_OPF_IMPLICIT_BODY = 1u << 6,   /* no region in the IR, but upstream's generic form shows
                                         the body its name implies: printed there, dropped when
                                         parsed (linalg's named ops) */
};

enum ir_op_kind {
    IR_OP_UNKNOWN = 0,
#define OP(E, N, F, V, FL) IR_OP_##E,
#include "ktir/dialects/all.def"
#undef OP
    IR_OP_COUNT
};

/* Parses the custom form of an op after its name into st (operands, result
 * types, attributes, regions). st->nres holds the number of results the
 * source bound (or 0); the hook adds the result types. Returns false after
 * reporting a located error through the parser. */
typedef bool (*ir_parse_fn)(struct ir_parser *p, struct ir_op_state *st);
/* Prints the custom form of op after its name (and a leading space). */
typedef void (*ir_print_fn)(struct ir_printer *w, ir_op op);
/* Checks op-specific rules; reports through the verifier and returns false on failure. */
typedef bool (*ir_verify_fn)(struct ir_verifier *v, ir_op op);

struct ir_op_def {
    const char *name;
    ir_parse_fn parse;   /* NULL: generic form only */
    ir_print_fn print;
    ir_verify_fn verify; /* NULL: no op-specific rules */
    unsigned flags;
};

/* The row of kind k (IR_OP_UNKNOWN gives an all-NULL row). */
const struct ir_op_def *ir_op_def(uint32_t kind);
/* Kind of an op name, IR_OP_UNKNOWN when no table has it. */
uint32_t ir_op_kind_lookup(const char *name);
/* Whether some table defines ops of this dialect (prefix before the dot). */
bool ir_dialect_known(const char *dialect, size_t len);

/* The `generic` format and the `none` verifier (ktir/dialects/common.c). */
bool ir_fmt_generic_parse(struct ir_parser *p, struct ir_op_state *st);
void ir_fmt_generic_print(struct ir_printer *w, ir_op op);
bool ir_verify_none(struct ir_verifier *v, ir_op op);
/* The body region upstream's generic form shows for an IR_OPF_IMPLICIT_BODY
 * op (`{ ^bb0(...): ... linalg.yield ... }`, ops in generic form), printed
 * between the region parentheses (ktir/dialects/linalg.c). */
void ir_print_implicit_body(struct ir_printer *w, ir_op op);

/* Rules for a dialect's attributes on any op (MLIR's discardable attributes,
 * `dialect.name = value`): each row ATTRS("dialect", FN) of
 * ktir/dialects/attrs.def names ir_verify_attr_FN, called once per attribute
 * of op whose name starts with "dialect.". */
typedef bool (*ir_verify_attr_fn)(struct ir_verifier *v, ir_op op, const char *name,
                                  ir_attr value);
/* Runs the dialect attribute rules on every attribute of op. */
bool ir_verify_dialect_attrs(struct ir_verifier *v, ir_op op);
#define ATTRS(D, F)                                                           \
    bool ir_verify_attr_##F(struct ir_verifier *v, ir_op op, const char *name, ir_attr value);
#include "ktir/dialects/attrs.def"
#undef ATTRS

/* Prototypes of every hook the tables name. */
#define OP(E, N, F, V, FL)                                                    \
    bool ir_fmt_##F##_parse(struct ir_parser *p, struct ir_op_state *st);     \
    void ir_fmt_##F##_print(struct ir_printer *w, ir_op op);                  \
    bool ir_verify_##V(struct ir_verifier *v, ir_op op);
#include "ktir/dialects/all.def"
#undef OP

#endif
