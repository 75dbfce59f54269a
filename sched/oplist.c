/* oplist.c - growable op lists (oplist.h). */
#include "sched/oplist.h"

#include <stdlib.h>

#include "ktir/ops.h"

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

static void calls_under(const struct ir_module *m, ir_op op, ir_op fn, uint32_t name,
                        struct sched_ops *calls)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_attr ca;
    if (o->kind == IR_OP_FUNC_CALL && (ca = ir_op_attr(m, op, "callee")) &&
        ir_attr_get(m, ca)->s == name)
        sched_ops_push(calls, op);
    if (o->kind == IR_OP_KTDF_PIPELINE || op == fn ||
        (o->kind == IR_OP_BUILTIN_MODULE && op != m->top && ir_op_attr(m, op, "sym_name")))
        return;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (ir_op c = ir_block_get(m, b)->first; c; c = ir_op_get(m, c)->next)
                calls_under(m, c, fn, name, calls);
}

void sched_calls_of(const struct ir_module *m, ir_op fn, struct sched_ops *calls)
{
    ir_attr na = ir_op_attr(m, fn, "sym_name");
    if (na)
        calls_under(m, m->top, fn, ir_attr_get(m, na)->s, calls);
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

/* The walk both serve, breadth first over the ops values are defined by:
 * SCHED_REJECT when visit rejects a value, SCHED_ACCEPT when it accepts
 * every one, SCHED_DESCEND when it would need more than SCHED_REACH_OPS
 * ops. */
static enum sched_visit walk(const struct ir_module *m, ir_value v,
                             enum sched_visit (*visit)(const struct ir_module *m, ir_value v,
                                                       void *ctx),
                             void *ctx)
{
    ir_op todo[SCHED_REACH_OPS];
    uint32_t n = 0, at = 0;
    bool over = false;
    enum sched_visit r = visit(m, v, ctx);
    if (r != SCHED_DESCEND)
        return r;
    if (ir_value_def(m, v))
        todo[n++] = ir_value_def(m, v);
    while (at < n) {
        const struct ir_op_info *o = ir_op_get(m, todo[at++]);
        for (uint32_t i = 0; i < o->nopnd && !o->nreg; i++) {
            if ((r = visit(m, o->opnd[i], ctx)) != SCHED_DESCEND) {
                if (r == SCHED_REJECT)
                    return r;
                continue;
            }
            ir_op d = ir_value_def(m, o->opnd[i]);
            bool seen = !d;
            for (uint32_t j = 0; j < n && !seen; j++)
                seen = todo[j] == d;
            if (!seen && n == SCHED_REACH_OPS)
                over = true;
            else if (!seen)
                todo[n++] = d;
        }
    }
    return over ? SCHED_DESCEND : SCHED_ACCEPT;
}

struct reach {
    bool (*pred)(const struct ir_module *m, ir_value v, void *ctx);
    void *ctx;
};

static enum sched_visit reach_visit(const struct ir_module *m, ir_value v, void *ctx)
{
    const struct reach *r = ctx;
    return r->pred(m, v, r->ctx) ? SCHED_REJECT : SCHED_DESCEND;
}

bool sched_value_reaches(const struct ir_module *m, ir_value v,
                         bool (*pred)(const struct ir_module *m, ir_value v, void *ctx),
                         void *ctx)
{
    struct reach r = {pred, ctx};
    return walk(m, v, reach_visit, &r) == SCHED_REJECT;
}

bool sched_value_every(const struct ir_module *m, ir_value v,
                       enum sched_visit (*visit)(const struct ir_module *m, ir_value v, void *ctx),
                       void *ctx)
{
    return walk(m, v, visit, ctx) == SCHED_ACCEPT;
}

int32_t sched_memo_slot(struct sched_memo *mm, ir_value v, bool *found)
{
    *found = true;
    for (uint32_t i = 0; i < mm->n; i++)
        if (mm->v[i] == v)
            return (int32_t)i;
    *found = false;
    if (mm->n == SCHED_MEMO_VALUES)
        return -1;
    mm->v[mm->n] = v;
    mm->ok[mm->n] = false;
    return (int32_t)mm->n++;
}

ir_op sched_hoist_point(const struct ir_module *m, ir_op op, const ir_value *vals, uint32_t n,
                        bool *loops)
{
    ir_op at = op;
    bool out = false;
    for (ir_op p = ir_op_parent(m, op); p && ir_op_get(m, p)->kind != IR_OP_FUNC_FUNC;
         p = ir_op_parent(m, p)) {
        bool defines = false;
        for (uint32_t k = 0; k < n && !defines; k++)
            defines = ir_value_defined_in(m, vals[k], p);
        if (defines)
            break;
        uint32_t kind = ir_op_get(m, p)->kind;
        out |= kind == IR_OP_SCF_FOR || kind == IR_OP_KTDF_PARALLEL;
        at = p;
    }
    if (loops)
        *loops = out;
    return at;
}

ir_op sched_iv_loop(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg || vi->index != 0)
        return IR_NONE;
    ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    return owner && ir_op_get(m, owner)->kind == IR_OP_SCF_FOR ? owner : IR_NONE;
}
