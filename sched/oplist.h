/* oplist.h - a growable list of ops, as the scheduler passes collect them
 * (the ops of a kind under a root, the users of a value) before rewriting
 * any: a walk must not see the ops it is changing. */
#ifndef SCHED_OPLIST_H
#define SCHED_OPLIST_H

#include <stdint.h>

#include "ktir/ir.h"

struct sched_ops {
    ir_op *v;
    uint32_t n, cap;
};

/* Appends op (aborts when out of memory). */
void sched_ops_push(struct sched_ops *l, ir_op op);
/* Appends every op of kind at or under root, in walk order (pre-order). */
void sched_ops_of_kind(struct ir_module *m, ir_op root, uint16_t kind, struct sched_ops *l);
/* Appends every op at or under root with v among its operands, in walk
 * order (pre-order). */
void sched_ops_using(struct ir_module *m, ir_op root, ir_value v, struct sched_ops *l);

/* Whether pred holds for v or for a value v is computed from through ops
 * without regions (index arithmetic, scalar math, views): each op is looked
 * at once, the first SCHED_REACH_OPS of them, so a chain of ops reading
 * the one before twice (i + i, again and again) takes n steps, not 2^n. */
enum { SCHED_REACH_OPS = 64 };
bool sched_value_reaches(const struct ir_module *m, ir_value v,
                         bool (*pred)(const struct ir_module *m, ir_value v, void *ctx),
                         void *ctx);

#endif
