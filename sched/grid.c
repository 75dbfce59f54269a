/* grid.c - ktc-allocate's grid flattening (grid.h): N-D grids to 1-D,
 * tile ids rebuilt from the linear id, dimension 0 fastest. */
#include "sched/grid.h"

#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/oplist.h"

#define MAX_TILES ((int64_t)1 << 31)

static ir_value make_op(struct ir_module *m, const char *name, struct ir_loc loc, ir_op before,
                        ir_value a, ir_value b)
{
    struct ir_op_state st;
    ir_state_init(&st, m, name, loc);
    if (a)
        ir_state_add_operand(m, &st, a);
    if (b)
        ir_state_add_operand(m, &st, b);
    ir_state_add_result(m, &st, m->t_index);
    ir_op op = ir_op_create(m, &st);
    ir_op_insert_before(m, before, op);
    return ir_op_result(m, op, 0);
}

static ir_value make_const(struct ir_module *m, int64_t v, struct ir_loc loc, ir_op before)
{
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", loc);
    ir_state_set_attr(m, &st, "value", ir_attr_int(m, v, m->t_index));
    ir_state_add_result(m, &st, m->t_index);
    ir_op op = ir_op_create(m, &st);
    ir_op_insert_before(m, before, op);
    return ir_op_result(m, op, 0);
}

static bool replace_in(struct ir_module *m, ir_op op, void *ctx)
{
    const ir_value *map = ctx; /* map[0] old first result, map[1] count, then new values */
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] >= map[0] && o->opnd[i] < map[0] + map[1])
            o->opnd[i] = map[2 + o->opnd[i] - map[0]];
    return true;
}

/* Rewrites tile id op of a function with grid dims g[0..3) (1 beyond). */
static void flatten_tile_id(struct ir_module *m, ir_op func, ir_op op, const int64_t *g)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    struct ir_loc loc = o->loc;
    uint32_t nres = o->nres;
    ir_value map[2 + 3] = {o->res, nres};
    ir_value id = make_op(m, "ktdp.get_compute_tile_id", loc, op, IR_NONE, IR_NONE);
    int64_t stride = 1;
    for (uint32_t k = 0; k < nres; k++) {
        int64_t n = k < 3 ? g[k] : 1, rest = 1;
        for (uint32_t j = k + 1; j < 3; j++)
            rest *= g[j];
        ir_value c = id;
        if (n == 1) {
            c = make_const(m, 0, loc, op);
        } else {
            if (stride > 1)
                c = make_op(m, "arith.divui", loc, op, c, make_const(m, stride, loc, op));
            if (rest > 1)
                c = make_op(m, "arith.remui", loc, op, c, make_const(m, n, loc, op));
        }
        map[2 + k] = c;
        stride *= n;
    }
    ir_op_unlink(m, op);
    ir_walk(m, func, replace_in, map);
}

static bool note_func(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_FUNC && ir_op_attr(m, op, "grid"))
        sched_ops_push(ctx, op);
    return true;
}

int64_t sched_grid_tiles(const struct ir_module *m, ir_op op, int64_t max)
{
    while (op && ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        op = ir_op_parent(m, op);
    ir_attr a = op ? ir_op_attr(m, op, "grid") : IR_NONE;
    if (!a)
        return 1;
    const struct ir_attr_info *gi = ir_attr_get(m, a);
    if (gi->kind != IR_AT_ARRAY && gi->kind != IR_AT_DENSE_ARRAY)
        return 0;
    int64_t n = 1;
    for (uint32_t k = 0; k < gi->n; k++) {
        int64_t d = gi->kind == IR_AT_DENSE_ARRAY ? gi->ints[k] : ir_attr_get(m, gi->elems[k])->i;
        if (d <= 0 || n > max / d)
            return 0;
        n *= d;
    }
    return n;
}

int64_t sched_grid_coord(const struct ir_module *m, ir_op op, int64_t t, uint32_t k)
{
    while (op && ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        op = ir_op_parent(m, op);
    ir_attr a = op ? ir_op_attr(m, op, "grid") : IR_NONE;
    const struct ir_attr_info *gi = a ? ir_attr_get(m, a) : NULL;
    if (!gi || (gi->kind != IR_AT_ARRAY && gi->kind != IR_AT_DENSE_ARRAY))
        return k ? 0 : t;
    for (uint32_t j = 0; j < gi->n; j++) {
        int64_t d = gi->kind == IR_AT_DENSE_ARRAY ? gi->ints[j] : ir_attr_get(m, gi->elems[j])->i;
        if (d <= 0)
            return 0;
        if (j == k)
            return t % d;
        t /= d;
    }
    return 0;
}

uint32_t sched_grid_dims(const struct ir_module *m, ir_op op, int64_t g[3])
{
    g[0] = g[1] = g[2] = 1;
    while (op && ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        op = ir_op_parent(m, op);
    ir_attr a = op ? ir_op_attr(m, op, "grid") : IR_NONE;
    const struct ir_attr_info *gi = a ? ir_attr_get(m, a) : NULL;
    if (!gi || (gi->kind != IR_AT_ARRAY && gi->kind != IR_AT_DENSE_ARRAY) || gi->n > 3)
        return 0;
    for (uint32_t k = 0; k < gi->n; k++)
        g[k] = gi->kind == IR_AT_DENSE_ARRAY ? gi->ints[k] : ir_attr_get(m, gi->elems[k])->i;
    return gi->n;
}

bool sched_grid_flatten(struct ir_module *m, struct ir_diag *diag)
{
    struct sched_ops funcs = {0}, ids = {0};
    bool ok = true;
    ir_walk(m, m->top, note_func, &funcs);
    for (uint32_t i = 0; ok && i < funcs.n; i++) {
        ir_op f = funcs.v[i];
        const struct ir_attr_info *gi = ir_attr_get(m, ir_op_attr(m, f, "grid"));
        if (gi->kind != IR_AT_ARRAY || gi->n < 1 || gi->n > 3)
            continue; /* the verifier reports it */
        int64_t g[3] = {1, 1, 1}, total = 1;
        for (uint32_t k = 0; ok && k < gi->n; k++) {
            g[k] = ir_attr_get(m, gi->elems[k])->i;
            total *= g[k];
            if (total > MAX_TILES) {
                ir_diag_at(diag, m, ir_op_get(m, f)->loc, IR_SEV_ERROR, "a grid of more than "
                           "%lld tiles cannot be placed on cores", (long long)MAX_TILES);
                ok = false;
            }
        }
        ids.n = 0;
        if (ok)
            sched_ops_of_kind(m, f, IR_OP_KTDP_GET_COMPUTE_TILE_ID, &ids);
        for (uint32_t k = 0; k < ids.n; k++)
            if (gi->n > 1 || ir_op_get(m, ids.v[k])->nres > 1)
                flatten_tile_id(m, f, ids.v[k], g);
        if (ok && gi->n > 1) {
            ir_attr e = ir_attr_int(m, total, ir_attr_get(m, gi->elems[0])->type);
            ir_op_set_attr(m, f, "grid", ir_attr_array(m, 1, &e));
        }
    }
    free(funcs.v);
    free(ids.v);
    return ok;
}
