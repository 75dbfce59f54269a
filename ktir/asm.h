/* asm.h - MLIR text: the parser and printer entry points, and the small API
 * that dialect hooks (ktir/dialects/ *.c) use to read and write the custom
 * form of their ops.
 *
 * The parser reads a whole file (or one `// -----` chunk of it) into a
 * module; every op gets the location of its first token. It stops at the
 * first error, which it reports as `file:line:col: error: message` with the
 * source line and a caret. The printer writes the custom form by default and
 * the generic form on request; parse(print(m)) gives m back.
 */
#ifndef KTIR_ASM_H
#define KTIR_ASM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ktir/diag.h"
#include "ktir/ir.h"

/* ---- entry points ------------------------------------------------------ */

/* Parses buf[begin, end) of the file named `file` (positions are reported
 * against the whole buffer, so a chunk keeps its real line numbers) into a
 * new module. Returns NULL after reporting an error to diag. */
struct ir_module *ir_parse(const char *file, const char *buf, size_t len, size_t begin,
                           size_t end, struct ir_diag *diag);

/* Splits buf at lines that hold only `// -----`: fills begin/end offsets of
 * up to max chunks and returns the chunk count. */
size_t ir_split_chunks(const char *buf, size_t len, size_t *begin, size_t *end, size_t max);

enum ir_print_flags {
    IR_PRINT_GENERIC = 1, /* generic form for every op */
    IR_PRINT_LOCS = 2,    /* trailing loc("file":line:col) on every op */
};

/* Appends the module's text to *out (a malloc'd buffer, *len bytes used). */
void ir_print_module(const struct ir_module *m, unsigned flags, char **out, size_t *len);
/* The same text handed to sink in consecutive pieces of about 64 KiB (cut
 * between ops), each as soon as it is printed, so that a big module's text
 * never sits whole in memory. Returns 0, or the first nonzero value sink
 * returned (sink is not called again after it). */
typedef int (*ir_print_sink)(void *ctx, const char *text, size_t n);
int ir_print_module_to(const struct ir_module *m, unsigned flags, ir_print_sink sink, void *ctx);
/* A type's text into a malloc'd string (*out, *len), for messages. */
void ir_print_type_to(const struct ir_module *m, ir_type t, char **out, size_t *len);
/* Prints one op (and what it holds) to a stream; for debugging and tests. */
void ir_print_op_to(FILE *f, const struct ir_module *m, ir_op op, unsigned flags);

/* ---- tokens --------------------------------------------------------------- */

enum ir_tok {
    IR_T_EOF,
    IR_T_BARE,    /* identifier or keyword: foo, arith.addf, d0, x */
    IR_T_PERCENT, /* %name, %0 */
    IR_T_CARET,   /* ^bb0 */
    IR_T_HASH,    /* #alias, #dialect.attr */
    IR_T_BANG,    /* !dialect.type */
    IR_T_AT,      /* @symbol */
    IR_T_INT,     /* 42, 0x2A */
    IR_T_FLOAT,   /* 1.5, 2.0e-3 */
    IR_T_STRING,  /* "text" */
    IR_T_LPAREN, IR_T_RPAREN, IR_T_LBRACE, IR_T_RBRACE, IR_T_LSQUARE, IR_T_RSQUARE,
    IR_T_LESS, IR_T_GREATER, IR_T_COLON, IR_T_COMMA, IR_T_EQUAL, IR_T_ARROW,
    IR_T_QUESTION, IR_T_PLUS, IR_T_MINUS, IR_T_STAR, IR_T_GE, IR_T_LE, IR_T_EQEQ,
    IR_T_DCOLON, IR_T_ERROR,
};

struct ir_token {
    enum ir_tok kind;
    const char *text; /* spelling, including sigils and quotes */
    uint32_t len;
    uint32_t line, col;
};

/* ---- the parser API for hooks --------------------------------------------- */

struct ir_parser;

struct ir_module *irp_module(struct ir_parser *p);
/* The current token (not consumed) and its location. */
const struct ir_token *irp_tok(struct ir_parser *p);
struct ir_loc irp_loc(struct ir_parser *p);
void irp_next(struct ir_parser *p);
/* Reports at the current token / at loc; always returns false. */
bool irp_error(struct ir_parser *p, const char *fmt, ...);
bool irp_error_at(struct ir_parser *p, struct ir_loc loc, const char *fmt, ...);

/* How many results the source binds for the op being parsed (`%a, %b =`
 * gives 2); hooks of ops with a variable result count read it. */
uint32_t irp_result_hint(struct ir_parser *p);

/* n zeroed bytes for the op being parsed: valid until the op is made and
 * parsing moves past it (they are reused for the next op), for lists that
 * become the op's operands or attributes; not for anything the module
 * keeps. */
void *irp_scratch(struct ir_parser *p, size_t n);

bool irp_peek(struct ir_parser *p, enum ir_tok t);
/* Whether the token after the current one is t (a second token of lookahead). */
bool irp_peek_next(struct ir_parser *p, enum ir_tok t);
/* Consumes t when it is next. */
bool irp_opt(struct ir_parser *p, enum ir_tok t);
/* Consumes t or reports "expected 'x'". */
bool irp_expect(struct ir_parser *p, enum ir_tok t);
bool irp_peek_kw(struct ir_parser *p, const char *kw);
bool irp_opt_kw(struct ir_parser *p, const char *kw);
bool irp_expect_kw(struct ir_parser *p, const char *kw);
/* Any bare identifier, interned. */
bool irp_ident(struct ir_parser *p, ir_str *out);
/* An integer literal, optionally negative. */
bool irp_int(struct ir_parser *p, int64_t *v);
bool irp_string(struct ir_parser *p, ir_str *out);
bool irp_symbol(struct ir_parser *p, ir_str *out); /* @name */

/* Operands are read first and resolved once their types are known. */
struct irp_operand {
    ir_str name;     /* "%x" without the sigil */
    uint32_t index;  /* the #N of %x#N */
    struct ir_loc loc;
};
bool irp_peek_operand(struct ir_parser *p);
bool irp_operand(struct ir_parser *p, struct irp_operand *o);
/* A comma-separated list of operands (possibly empty when the next token
 * cannot start one); the array lives in the module's arena. */
bool irp_operand_list(struct ir_parser *p, struct irp_operand **v, uint32_t *n);
/* Finds the value o names; checks its type when t != IR_NONE. */
bool irp_resolve(struct ir_parser *p, const struct irp_operand *o, ir_type t, ir_value *out);
/* Resolves and appends to st's operands. */
bool irp_add_operand(struct ir_parser *p, struct ir_op_state *st, const struct irp_operand *o,
                     ir_type t);
/* Resolves n operands against n types (or one type for all when ntypes == 1),
 * checking the counts match. */
bool irp_add_operands(struct ir_parser *p, struct ir_op_state *st, const struct irp_operand *o,
                      uint32_t n, const ir_type *types, uint32_t ntypes);

bool irp_type(struct ir_parser *p, ir_type *t);
/* A comma-separated type list (arena array). */
bool irp_type_list(struct ir_parser *p, ir_type **v, uint32_t *n);
/* `(T, ...)` or a single type T; for result lists after `->`. */
bool irp_result_types(struct ir_parser *p, ir_type **v, uint32_t *n);
/* A type of the given kind that may be written with its `!dialect.name`
 * prefix elided (`<4xindex>` for !ktdp.access_tile<4xindex>). */
bool irp_elided_type(struct ir_parser *p, enum ir_type_kind kind, ir_type *t);
/* An attribute value (with a trailing `: type` where MLIR allows one). */
bool irp_attr(struct ir_parser *p, ir_attr *a);
/* An attribute whose type the op's syntax may imply: `dense<...>` without
 * `: type` gets type t (memref.global's initializer). */
bool irp_attr_implied_type(struct ir_parser *p, ir_type t, ir_attr *a);
/* An optional `{...}` attribute dictionary, merged into st. */
bool irp_opt_attr_dict(struct ir_parser *p, struct ir_op_state *st);
/* An optional `attributes {...}`. */
bool irp_opt_attr_dict_kw(struct ir_parser *p, struct ir_op_state *st);

/* Affine expressions with caller-defined leaves: resolve is called for each
 * bare or %-identifier and returns the expression it stands for (or false
 * after reporting). Used for map bodies and for SSA subscripts. */
typedef bool (*irp_aff_leaf_fn)(struct ir_parser *p, const struct ir_token *tok, void *ctx,
                                ir_aff *out);
bool irp_affine_expr(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out);

/* A region `{ ... }`. With nargs > 0 the entry block gets those arguments
 * (names from args[i].name) and the source must not spell a block header;
 * with nargs == 0 an optional `^bb0(...):` header may give them. An empty
 * region gets no block unless implicit_term is set. When implicit_term is
 * not NULL and the entry block does not end in a terminator, an op of that
 * name with no operands is appended (scf.yield, ktdp.region_terminator). */
struct irp_arg {
    struct irp_operand name;
    ir_type type;
};
bool irp_region(struct ir_parser *p, ir_region *r, const struct irp_arg *args, uint32_t nargs,
                const char *implicit_term);
/* `(%a: T, %b: T)`: a parenthesized argument list (arena array). */
bool irp_arg_list(struct ir_parser *p, struct irp_arg **v, uint32_t *n);

/* Typed element lists shared by many formats. */
/* `[a, b, ...]` of integers. */
bool irp_int_array(struct ir_parser *p, int64_t **v, uint32_t *n);
/* A mixed static/dynamic list `[4, %n, 8]` as MLIR stores it: stat holds
 * every entry, IR_DYN where an SSA value stands, and dyn those values in
 * order (arena arrays). */
struct irp_mixed {
    int64_t *stat;
    uint32_t n;
    struct irp_operand *dyn;
    uint32_t ndyn;
};
bool irp_mixed_list(struct ir_parser *p, struct irp_mixed *x);

/* ---- the printer API for hooks ------------------------------------------------ */

struct ir_printer;

const struct ir_module *irw_module(struct ir_printer *w);
/* Appends the n bytes at s to the output. */
void irw_write(struct ir_printer *w, const char *s, size_t n);
/* Appends the string s; inline so that a literal's length is a constant
 * (most hook output is literals: no strlen each time). */
static inline void irw_puts(struct ir_printer *w, const char *s)
{
    irw_write(w, s, strlen(s));
}
/* Ends the line; the next starts at the op's indentation plus `extra`
 * levels (ops whose custom form spans several lines). */
void irw_newline(struct ir_printer *w, int extra);
void irw_printf(struct ir_printer *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The shortest spelling of v that reads back exactly and lexes as a float
 * ("5.0", "2.0e+01"); NaN and infinities as their f64 bit pattern. */
void irw_float(struct ir_printer *w, double v);
void irw_value(struct ir_printer *w, ir_value v);
/* Makes v print under the name `like` prints as: a region argument that
 * stands for an operand of an isolated op (ktdf_arch.group's share list). */
void irw_name_like(struct ir_printer *w, ir_value v, ir_value like);
/* n operands of op from position `from`, comma-separated. */
void irw_operands(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n);
void irw_type(struct ir_printer *w, ir_type t);
/* t without its `!dialect.name` prefix (`<4xindex>`) when it is of the given
 * kind, else in full: the counterpart of irp_elided_type. */
void irw_elided_type(struct ir_printer *w, enum ir_type_kind kind, ir_type t);
/* Comma-separated types of the given values / of op's operands or results. */
void irw_types(struct ir_printer *w, const ir_type *t, uint32_t n);
void irw_operand_types(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n);
void irw_result_types(struct ir_printer *w, ir_op op);
void irw_attr(struct ir_printer *w, ir_attr a);
/* `@name`, quoted (`@"a b"`) when name is not a bare identifier. */
void irw_symbol(struct ir_printer *w, const char *name);
/* Like irw_attr, but a dense attribute goes without its `: type` (the
 * counterpart of irp_attr_implied_type). */
void irw_attr_implied_type(struct ir_printer *w, ir_attr a);
/* ` {k = v, ...}` of op's attributes except the elided names; nothing when empty. */
void irw_attr_dict(struct ir_printer *w, ir_op op, const char *const *elide, size_t nelide);
/* ` attributes {k = v, ...}` likewise. */
void irw_attr_dict_kw(struct ir_printer *w, ir_op op, const char *const *elide, size_t nelide);
/* Prints an affine expression; leaf names come from the callback. */
typedef void (*irw_aff_leaf_fn)(struct ir_printer *w, bool is_sym, uint32_t pos, void *ctx);
void irw_affine_expr(struct ir_printer *w, ir_aff e, irw_aff_leaf_fn leaf, void *ctx);
/* ` { ... }`: a region, its entry block header printed only when
 * print_entry_args (or when it has arguments the op syntax does not show),
 * and a trailing terminator with no operands omitted when elide_term names it. */
void irw_region(struct ir_printer *w, ir_region r, bool print_entry_args, const char *elide_term);
/* Opens / closes a naming scope: a hook that names a region's entry
 * arguments before the region itself (`scf.for %iv = ...`) brackets both, so
 * the names end with the region. */
void irw_scope_push(struct ir_printer *w);
void irw_scope_pop(struct ir_printer *w);
/* `(%a: T, %b: T)` of a block's arguments, naming them. */
void irw_block_args(struct ir_printer *w, ir_block b);
void irw_int_array(struct ir_printer *w, const int64_t *v, uint32_t n);
/* `[4, %n, 8]` from op's array<i64: ...> attribute `name` (`[]` without
 * one): each IR_DYN entry prints operand *next, and *next advances. */
void irw_mixed_list(struct ir_printer *w, ir_op op, const char *name, uint32_t *next);

#endif
