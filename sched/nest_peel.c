/* nest_peel.c - ktc-nest's `peel-carries` (nest.h): a compute stage's loop
 * carrying vectors from initial values ktc-codegen cannot keep in the
 * loop's registers (a row's sums starting from zero) runs its first
 * iteration before the loop, on those values themselves; the loop starts
 * at its second iteration, carrying what the first made, which ktc-codegen
 * makes in place instead of copying each initial value in at every entry. */
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* Whether v is a vector of constants: an arith.constant, a tensor.splat, or
 * a linalg.generic with no inputs (a fill). ktc-codegen makes one such
 * register and shares it, so a loop starting from it copies it. */
static bool constant_vector(struct ir_module *m, ir_value v)
{
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    struct split_gen g;
    switch (ir_op_get(m, d)->kind) {
    case IR_OP_ARITH_CONSTANT:
    case IR_OP_TENSOR_SPLAT:
        return true;
    case IR_OP_LINALG_GENERIC:
        return split_gen_read(m, d, &g) && g.nin == 0;
    default:
        return false;
    }
}

/* Whether ktc-codegen keeps loop's i-th initial value in the register the
 * loop carries it in (codegen_prog.c's carry_init): a value computed just
 * before the loop, in its block, that nothing else reads. */
static bool init_kept(struct ir_module *m, ir_op fn, ir_op loop, uint32_t i)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    ir_value init = o->opnd[3 + i];
    ir_op d = ir_value_def(m, init);
    if (!d || ir_op_get(m, d)->block != o->block || constant_vector(m, init))
        return false;
    struct sched_ops uses = {0};
    sched_ops_using(m, fn, init, &uses);
    bool once = uses.n == 1;
    free(uses.v);
    for (uint32_t j = 0; j < o->nres && once; j++)
        once = j == i || o->opnd[3 + j] != init;
    return once;
}

/* Peels loop's first iteration when it carries vectors (ranked tensors
 * only), has constant bounds and at least one trip, and one of its initial
 * values is not kept (init_kept); a loop of one trip goes, its results
 * the peeled iteration's. Returns whether it peeled. */
static bool peel(struct ir_module *m, ir_op fn, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, ub, step;
    if (!o->nres || !split_const_int(m, o->opnd[0], &lb) ||
        !split_const_int(m, o->opnd[1], &ub) || !split_const_int(m, o->opnd[2], &step) ||
        step <= 0 || ub <= lb)
        return false;
    bool copied = false;
    for (uint32_t i = 0; i < o->nres; i++) {
        if (ir_type_get(m, ir_value_type(m, o->res + i))->kind != IR_TY_TENSOR)
            return false;
        copied |= !init_kept(m, fn, loop, i);
    }
    if (!copied)
        return false;
    if (ub - lb <= step) {
        split_inline_once(m, loop, true);
        return true;
    }
    struct split_vmap vm = {0};
    ir_op yield = split_first_iteration(m, loop, &vm);
    struct split_b b;
    sb_before(&b, m, loop, ir_op_get(m, loop)->loc);
    ir_value from = sb_index(&b, lb + step);
    struct ir_op_info *l = ir_op_get(m, loop);
    l->opnd[0] = from;
    for (uint32_t i = 0; i < l->nres; i++)
        l->opnd[3 + i] = split_vmap_get(&vm, ir_op_get(m, yield)->opnd[i]);
    split_vmap_free(&vm);
    return true;
}

void nest_peel_carries(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops loops = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &loops);
    /* inner loops first: an outer loop's peeled iteration copies them
     * peeled */
    for (uint32_t i = loops.n; i-- > 0;)
        peel(m, fn, loops.v[i]);
    free(loops.v);
}
