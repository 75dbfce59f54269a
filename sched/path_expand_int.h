/* path_expand_int.h - what the parts of ktc-path-expand share: the routing
 * half (path_expand.c), scalar-broadcast legalization (path_expand_splat.c)
 * and sub-word DMA legalization (path_expand_word.c), plus small IR helpers
 * they use. */
#ifndef SCHED_PATH_EXPAND_INT_H
#define SCHED_PATH_EXPAND_INT_H

#include <stdarg.h>
#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

struct pe {
    struct ir_module *m;
    const struct arch_device *dev;
    struct ir_diag *diag;
    bool failed;
    /* Routes by (from, to) kind, ports left out: kinds * kinds entries. */
    struct pe_route *routes;
    /* What each tile may store where (path_expand_word.c), while words
     * are legalized. */
    struct pe_spans *spans;
};

/* Reports a located error at op (the user's source) and returns false. */
bool pe_error(struct pe *p, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The kind node an attribute names (a string naming a memory or unit kind
 * of the device, or a KTIR memory space), or ARCH_NONE. */
uint32_t pe_attr_kind(const struct pe *p, ir_attr a);

/* One side of a ktdf.data_transfer: its operands start at `first`: the
 * value, nsub subscripts, ndyn dynamic sizes. */
struct pe_side {
    ir_value v;
    uint32_t first, nsub, ndyn;
    bool fifo;
    ir_attr map, sizes; /* source_map / static_source_sizes (or dest_*) */
};

/* Reads both sides of transfer op: s[0] source, s[1] destination. */
void pe_transfer_sides(const struct ir_module *m, ir_op op, struct pe_side s[2]);

/* Sets a static size list attribute of transfer op (side 0 or 1). */
void pe_set_sizes(struct ir_module *m, ir_op op, int side, uint32_t n, const int64_t *sizes);
/* Sets the last static size of transfer op's side (0 or 1) to n. */
void pe_set_last_size(struct ir_module *m, ir_op op, int side, int64_t n);
/* A memref type like t with its last extent n. */
ir_type pe_widen_last(struct ir_module *m, ir_type t, int64_t n);
/* Replaces every operand v in [from, from + n) by to + (v - from) in root
 * and everything nested in it. */
void pe_replace_uses(struct ir_module *m, ir_op root, ir_value from, ir_value to, uint32_t n);
/* Replaces pipe's private priv by one that also yields add[0..nadd) (values
 * defined in its body), after the old results, whose uses in pipe move to
 * the new op's; returns the new private. */
ir_op pe_private_extend(struct ir_module *m, ir_op pipe, ir_op priv, const ir_value *add,
                        uint32_t nadd);

/* The entry block of op's first region. */
ir_block pe_body(const struct ir_module *m, ir_op op);
/* The memref.alloc behind staging buffer v of pipe (a result of its
 * private), or IR_NONE. */
ir_op pe_staging_alloc(const struct ir_module *m, ir_op pipe, ir_value v);

/* Scalar-broadcast legalization over every pipeline of m (path_expand.h). */
bool pe_legalize_splats(struct pe *p);

/* Sub-word DMA legalization over every pipeline of m (path_expand.h). */
bool pe_legalize_words(struct pe *p);

#endif
