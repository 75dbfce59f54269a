/* lin.c - linear forms of index values (lin.h). */
#include "sched/lin.h"

#include "ktir/ops.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

bool sched_lin_add(struct sched_lin *a, const struct sched_lin *b, int64_t k)
{
    for (uint32_t i = 0; i < b->n; i++) {
        uint32_t j = 0;
        while (j < a->n && a->v[j] != b->v[i])
            j++;
        if (j == a->n) {
            if (a->n == SCHED_LIN_TERMS)
                return false;
            a->v[a->n] = b->v[i];
            a->k[a->n++] = 0;
        }
        a->k[j] += k * b->k[i];
    }
    a->c += k * b->c;
    uint32_t n = 0; /* drop the terms that cancelled */
    for (uint32_t i = 0; i < a->n; i++)
        if (a->k[i]) {
            a->v[n] = a->v[i];
            a->k[n++] = a->k[i];
        }
    a->n = n;
    return true;
}

/* The forms found in one query, by value (the slots of mm): each op is
 * expanded once. */
struct memo {
    struct sched_memo mm;
    struct sched_lin form[SCHED_MEMO_VALUES];
};

static void lin_of(const struct ir_module *m, ir_value v, struct sched_lin *out, struct memo *mm)
{
    *out = (struct sched_lin){.n = 1, .v = {v}, .k = {1}};
    int64_t k;
    if (split_const_int(m, v, &k)) {
        *out = (struct sched_lin){.c = k};
        return;
    }
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->nopnd != 2 || ir_value_type(m, v) != m->t_index ||
        (o->kind != IR_OP_ARITH_ADDI && o->kind != IR_OP_ARITH_SUBI &&
         o->kind != IR_OP_ARITH_MULI))
        return;
    bool found;
    int32_t slot = sched_memo_slot(&mm->mm, v, &found);
    if (slot >= 0 && found)
        *out = mm->form[slot];
    if (slot < 0 || found)
        return;
    mm->form[slot] = *out; /* itself, should a cycle lead back (graph regions) */
    struct sched_lin x, y, sum = {0};
    if (o->kind == IR_OP_ARITH_MULI) {
        for (uint32_t s = 0; s < 2; s++)
            if (split_const_int(m, o->opnd[1 - s], &k)) {
                lin_of(m, o->opnd[s], &x, mm);
                if (sched_lin_add(&sum, &x, k))
                    *out = sum;
                break;
            }
    } else {
        lin_of(m, o->opnd[0], &x, mm);
        lin_of(m, o->opnd[1], &y, mm);
        if (sched_lin_add(&sum, &x, 1) &&
            sched_lin_add(&sum, &y, o->kind == IR_OP_ARITH_ADDI ? 1 : -1))
            *out = sum;
    }
    mm->form[slot] = *out;
}

void sched_lin_of(const struct ir_module *m, ir_value v, struct sched_lin *out)
{
    struct memo mm;
    mm.mm.n = 0;
    lin_of(m, v, out, &mm);
}

/* sched_value_every's visit for sched_lin_trips_alike: v is the same in
 * every run of the loop's body when made outside it, or by pure ops
 * without regions from such values. */
static enum sched_visit alike_visit(const struct ir_module *m, ir_value v, void *ctx)
{
    ir_op loop = *(const ir_op *)ctx;
    if (!ir_value_defined_in(m, v, loop))
        return SCHED_ACCEPT;
    ir_op d = ir_value_def(m, v);
    if (!d) /* an IV or a block argument inside it */
        return SCHED_REJECT;
    const struct ir_op_info *o = ir_op_get(m, d);
    return o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) ? SCHED_REJECT : SCHED_DESCEND;
}

static bool alike_in(const struct ir_module *m, ir_value v, ir_op loop)
{
    return sched_value_every(m, v, alike_visit, &loop);
}

bool sched_lin_trips_alike(const struct ir_module *m, ir_op x, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, x);
    if (!alike_in(m, o->opnd[2], loop))
        return false;
    if (alike_in(m, o->opnd[0], loop) && alike_in(m, o->opnd[1], loop))
        return true;
    struct sched_lin d, lb;
    sched_lin_of(m, o->opnd[1], &d);
    sched_lin_of(m, o->opnd[0], &lb);
    if (!sched_lin_add(&d, &lb, -1))
        return false;
    for (uint32_t i = 0; i < d.n; i++)
        if (!alike_in(m, d.v[i], loop))
            return false;
    return true;
}

bool sched_lin_nest_alike(const struct ir_module *m, const ir_op *loops, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = 0; j < i; j++)
            if (!sched_lin_trips_alike(m, loops[i], loops[j]))
                return false;
    return true;
}

/* The IV of scf.for loop. */
static ir_value iv_of(const struct ir_module *m, ir_op loop)
{
    return ir_block_get(m, ir_region_get(m, ir_op_get(m, loop)->regs[0])->first)->args[0];
}

/* Whether index values a (under loops la) and b (under lb) are made alike:
 * the same value, the IVs of la[i] and lb[i] (i < n), or the results of
 * alike pure ops (name, attributes) of alike operands. */
static bool same_value(const struct ir_module *m, ir_value a, ir_value b, const ir_op *la,
                       const ir_op *lb, uint32_t n, int depth)
{
    if (a == b)
        return true;
    for (uint32_t i = 0; i < n; i++)
        if (a == iv_of(m, la[i]) && b == iv_of(m, lb[i]))
            return true;
    ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
    if (!da || !db || depth == 0)
        return false;
    const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
    if (oa->name != ob->name || oa->attrs != ob->attrs || oa->nopnd != ob->nopnd || oa->nreg ||
        ob->nreg || a - oa->res != b - ob->res || !(ir_op_def(oa->kind)->flags & IR_OPF_PURE))
        return false;
    for (uint32_t i = 0; i < oa->nopnd; i++)
        if (!same_value(m, oa->opnd[i], ob->opnd[i], la, lb, n, depth - 1))
            return false;
    return true;
}

bool sched_lin_loops_same(const struct ir_module *m, const ir_op *la, const ir_op *lb, uint32_t n)
{
    if (!n || la[0] != lb[0])
        return false;
    for (uint32_t i = 1; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (!same_value(m, ir_op_get(m, la[i])->opnd[k], ir_op_get(m, lb[i])->opnd[k], la, lb,
                            i, 16))
                return false;
    return true;
}
