/* oplist.c - growable op lists (oplist.h). */
#include "sched/oplist.h"

#include <stdlib.h>

void sched_ops_push(struct sched_ops *l, ir_op op)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v)
            abort();
    }
    l->v[l->n++] = op;
}

struct of_kind {
    uint16_t kind;
    struct sched_ops *l;
};

static bool note(struct ir_module *m, ir_op op, void *ctx)
{
    struct of_kind *k = ctx;
    if (ir_op_get(m, op)->kind == k->kind)
        sched_ops_push(k->l, op);
    return true;
}

void sched_ops_of_kind(struct ir_module *m, ir_op root, uint16_t kind, struct sched_ops *l)
{
    struct of_kind k = {kind, l};
    ir_walk(m, root, note, &k);
}

struct using {
    ir_value v;
    struct sched_ops *l;
};

static bool note_user(struct ir_module *m, ir_op op, void *ctx)
{
    struct using *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == u->v) {
            sched_ops_push(u->l, op);
            break;
        }
    return true;
}

void sched_ops_using(struct ir_module *m, ir_op root, ir_value v, struct sched_ops *l)
{
    struct using u = {v, l};
    ir_walk(m, root, note_user, &u);
}

bool sched_value_reaches(const struct ir_module *m, ir_value v,
                         bool (*pred)(const struct ir_module *m, ir_value v, void *ctx),
                         void *ctx)
{
    ir_op todo[SCHED_REACH_OPS];
    uint32_t n = 0, at = 0;
    if (pred(m, v, ctx))
        return true;
    if (ir_value_def(m, v))
        todo[n++] = ir_value_def(m, v);
    while (at < n) {
        const struct ir_op_info *o = ir_op_get(m, todo[at++]);
        for (uint32_t i = 0; i < o->nopnd && !o->nreg; i++) {
            if (pred(m, o->opnd[i], ctx))
                return true;
            ir_op d = ir_value_def(m, o->opnd[i]);
            bool seen = !d;
            for (uint32_t j = 0; j < n && !seen; j++)
                seen = todo[j] == d;
            if (!seen && n < SCHED_REACH_OPS)
                todo[n++] = d;
        }
    }
    return false;
}
