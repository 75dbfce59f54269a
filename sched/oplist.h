/* oplist.h - a growable list of ops, as the scheduler passes collect them
 * (the ops of a kind under a root, the users of a value) before rewriting
 * any: a walk must not see the ops it is changing. */
#ifndef SCHED_OPLIST_H
#define SCHED_OPLIST_H

#include <stdbool.h>
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

/* Appends the func.call ops of function fn, in program order. Calls are
 * the orchestrator's (split.h: a program calls nothing), so the walk goes
 * into no pipeline, no program's module (`module @local_schedule_N`) and
 * not fn's own body, which hold most of the module: it is asked for again
 * and again (the value of a kernel argument or a program's parameter). */
void sched_calls_of(const struct ir_module *m, ir_op fn, struct sched_ops *calls);

/* The scf.for whose induction variable v is, or IR_NONE. */
ir_op sched_iv_loop(const struct ir_module *m, ir_value v);

/* Whether pred holds for v or for a value v is computed from through ops
 * without regions (index arithmetic, scalar math, views): each op is looked
 * at once, the first SCHED_REACH_OPS of them, so a chain of ops reading
 * the one before twice (i + i, again and again) takes n steps, not 2^n. */
enum { SCHED_REACH_OPS = 64 };
bool sched_value_reaches(const struct ir_module *m, ir_value v,
                         bool (*pred)(const struct ir_module *m, ir_value v, void *ctx),
                         void *ctx);

/* The op before which values vals[0..n) are all defined, farthest out
 * from op across the ops around it inside its function: op itself when
 * its parent defines one. *loops (when given) gets whether that leaves an
 * scf.for or a ktdf.parallel. */
ir_op sched_hoist_point(const struct ir_module *m, ir_op op, const ir_value *vals, uint32_t n,
                        bool *loops);

/* What sched_value_every's visit says of a value: it is fine as it is,
 * it is not, or it is as fine as the operands of the op defining it. */
enum sched_visit { SCHED_ACCEPT, SCHED_REJECT, SCHED_DESCEND };
/* Whether visit accepts v or, where it descends, every value v is computed
 * from (an op with regions, or no defining op, is accepted where visit
 * descends: visit decides on those itself). Each op is looked at once,
 * the first SCHED_REACH_OPS of them: false when there are more. */
bool sched_value_every(const struct ir_module *m, ir_value v,
                       enum sched_visit (*visit)(const struct ir_module *m, ir_value v, void *ctx),
                       void *ctx);

/* The values one query of an evaluator has evaluated (or is evaluating),
 * and what it found: each op is evaluated once, the first SCHED_MEMO_VALUES
 * values, so a chain of ops reading the one before twice (a = (a + a) - a,
 * again and again) takes n steps, not 3^n. Start with n = 0. */
enum { SCHED_MEMO_VALUES = 128 };
struct sched_memo {
    uint32_t n;
    ir_value v[SCHED_MEMO_VALUES];
    int64_t x[SCHED_MEMO_VALUES];
    bool ok[SCHED_MEMO_VALUES];
};
/* v's slot: *found when v has one, else a new one (ok false, should a
 * cycle lead back to v while it is evaluated); -1 when the memo is full. */
int32_t sched_memo_slot(struct sched_memo *mm, ir_value v, bool *found);

#endif
