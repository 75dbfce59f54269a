/* nest_normalize.c - ktc-nest's `normalize` (nest.h): every loop above a
 * pipeline counts from 0 by 1; the original IV is rebuilt where used
 * (a step known at launch only included: its trip count as arithmetic). */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

struct find_call {
    const char *name;
    ir_op call;
    uint32_t n;
};

static bool find_call(struct ir_module *m, ir_op op, void *ctx)
{
    struct find_call *f = ctx;
    ir_attr a;
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_CALL && (a = ir_op_attr(m, op, "callee")) &&
        strcmp(ir_str_get(m, ir_attr_get(m, a)->s), f->name) == 0) {
        f->call = op;
        f->n++;
    }
    return true;
}

/* The operand passed for v when v is a parameter of a program called once
 * (what sink made of the orchestrator's values), else IR_NONE. */
static ir_value call_operand(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg)
        return IR_NONE;
    ir_op fn = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    ir_attr sym = fn ? ir_op_attr(m, fn, "sym_name") : 0;
    if (!fn || ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC || !sym ||
        ir_region_entry(m, ir_op_region(m, fn, 0)) != vi->owner)
        return IR_NONE;
    struct find_call f = {.name = ir_str_get(m, ir_attr_get(m, sym)->s)};
    ir_walk((struct ir_module *)m, m->top, find_call, &f);
    if (f.n != 1 || vi->index >= ir_op_get(m, f.call)->nopnd)
        return IR_NONE;
    return ir_op_get(m, f.call)->opnd[vi->index];
}

/* v for the tile id `tile`: constants, the tile id and integer arithmetic
 * of those (compares and selects too: a clamped end of a block of rows),
 * through the parameters of a program called once to the caller's values;
 * false when v depends on anything else. */
static bool eval_tile(const struct ir_module *m, ir_value v, int64_t tile, int depth, int64_t *out)
{
    if (split_const_int(m, v, out))
        return true;
    if (depth > 32)
        return false;
    ir_value arg = call_operand(m, v);
    if (arg)
        return eval_tile(m, arg, tile, depth + 1, out);
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID) {
        *out = tile;
        return true;
    }
    int64_t x, y;
    if (o->kind == IR_OP_ARITH_SELECT && o->nopnd == 3) {
        /* min(start + chunk, n) spelled as a compare and a select */
        if (!eval_tile(m, o->opnd[0], tile, depth + 1, &x))
            return false;
        return eval_tile(m, o->opnd[x ? 1 : 2], tile, depth + 1, out);
    }
    if (o->nopnd != 2 || !eval_tile(m, o->opnd[0], tile, depth + 1, &x) ||
        !eval_tile(m, o->opnd[1], tile, depth + 1, &y))
        return false;
    switch (o->kind) {
    case IR_OP_ARITH_ADDI: *out = x + y; return true;
    case IR_OP_ARITH_SUBI: *out = x - y; return true;
    case IR_OP_ARITH_MULI: *out = x * y; return true;
    case IR_OP_ARITH_CEILDIVSI:
        if (y <= 0)
            return false;
        *out = x >= 0 ? (x + y - 1) / y : -(-x / y);
        return true;
    case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_DIVUI:
        if (y <= 0 || x < 0)
            return false;
        *out = x / y;
        return true;
    case IR_OP_ARITH_MINSI: *out = x < y ? x : y; return true;
    case IR_OP_ARITH_MAXSI: *out = x > y ? x : y; return true;
    case IR_OP_ARITH_CMPI: {
        /* eq ne slt sle sgt sge ult ule ugt uge (arith's order); the
         * unsigned ones on the non-negative values index arithmetic has */
        ir_attr pa = ir_op_attr(m, d, "predicate");
        int64_t p = pa ? ir_attr_get(m, pa)->i : -1;
        if (p >= 6 && (x < 0 || y < 0))
            return false;
        switch (p) {
        case 0: *out = x == y; return true;
        case 1: *out = x != y; return true;
        case 2: case 6: *out = x < y; return true;
        case 3: case 7: *out = x <= y; return true;
        case 4: case 8: *out = x > y; return true;
        case 5: case 9: *out = x >= y; return true;
        default: return false;
        }
    }
    default:
        return false;
    }
}

/* The trip count trips as a constant when it is the same for every tile
 * of the grid of fn (ceildiv(8 - tile, 4) on a grid of 4 is 2 on each). */
static bool same_on_every_tile(const struct ir_module *m, ir_op fn, ir_value trips, int64_t *out)
{
    ir_attr g = ir_op_attr(m, fn, "grid");
    const struct ir_attr_info *gi = g ? ir_attr_get(m, g) : NULL;
    int64_t n = 1;
    for (uint32_t i = 0; gi && gi->kind == IR_AT_ARRAY && i < gi->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, gi->elems[i]);
        if (e->kind != IR_AT_INT || e->i < 1)
            return false;
        n *= e->i;
    }
    if (!gi || n > 4096)
        return false;
    for (int64_t t = 0; t < n; t++) {
        int64_t v;
        if (!eval_tile(m, trips, t, 0, &v) || (t && v != *out))
            return false;
        *out = v;
    }
    return true;
}

static void normalize_one(struct ir_module *m, ir_op fn, ir_op loop)
{
    struct ir_op_info *o = ir_op_get(m, loop);
    ir_value lb = o->opnd[0], ub = o->opnd[1], stepv = o->opnd[2];
    int64_t l, s = 0, d;
    bool cstep = split_const_int(m, stepv, &s);
    if ((cstep && s < 1) || (cstep && split_const_int(m, lb, &l) && l == 0 && s == 1))
        return;
    /* a launch-time step (a kernel argument): positive, as scf.for requires */
    struct split_b b;
    sb_before(&b, m, loop, o->loc);
    ir_value trips;
    if (cstep && nest_const_diff(m, ub, lb, &d))
        trips = sb_index(&b, d > 0 ? (d + s - 1) / s : 0);
    else {
        trips = cstep || !nest_const_diff(m, ub, lb, &d) ? sb_arith(&b, "arith.subi", ub, lb)
                                                         : sb_index(&b, d > 0 ? d : 0);
        if (!cstep) /* ceildiv by a launch-time value: (d + s - 1) / s */
            trips = sb_arith(&b, "arith.divsi",
                             sb_arith(&b, "arith.addi", trips,
                                      sb_arith(&b, "arith.subi", stepv, sb_index(&b, 1))),
                             stepv);
        else if (s > 1)
            trips = sb_arith(&b, "arith.ceildivsi", trips, stepv);
        if (same_on_every_tile(m, fn, trips, &d))
            trips = sb_index(&b, d > 0 ? d : 0);
    }
    ir_value zero = sb_index(&b, 0), one = sb_index(&b, 1);
    o = ir_op_get(m, loop);
    o->opnd[0] = zero;
    o->opnd[1] = trips;
    o->opnd[2] = one;
    ir_value iv = nest_for_iv(m, loop);
    ir_op first = ir_block_get(m, nest_for_body(m, loop))->first;
    sb_before(&b, m, first, o->loc);
    ir_value orig = sb_addi(&b, lb, cstep ? sb_muli(&b, iv, s) : sb_arith(&b, "arith.muli", iv, stepv));
    ir_value_get(m, orig)->name = ir_value_get(m, iv)->name;
    nest_replace_from(m, first, iv, orig);
}

struct loops {
    ir_op *v;
    uint32_t n, cap;
};

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct loops *l = ctx;
    uint32_t k = ir_op_get(m, op)->kind;
    if (k == IR_OP_KTDF_PIPELINE)
        return true; /* loops inside pipelines are the compute's own */
    if (k == IR_OP_SCF_FOR && ir_op_get(m, op)->nopnd == 3 && nest_has_pipeline(m, op)) {
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 8;
            if (!(l->v = realloc(l->v, l->cap * sizeof *l->v)))
                abort();
        }
        l->v[l->n++] = op;
    }
    return true;
}

bool nest_normalize(struct nest_ctx *c, ir_op fn)
{
    struct loops l = {0};
    ir_walk(c->m, fn, collect, &l);
    for (uint32_t i = 0; i < l.n; i++)
        if (!ir_op_parent(c->m, l.v[i]) || ir_op_get(c->m, ir_op_parent(c->m, l.v[i]))->kind !=
                                               IR_OP_KTDF_STAGE)
            normalize_one(c->m, fn, l.v[i]);
    free(l.v);
    return true;
}
