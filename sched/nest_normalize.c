/* nest_normalize.c - ktc-nest's `normalize` (nest.h): every loop above a
 * pipeline counts from 0 by 1; the original IV is rebuilt where used
 * (a step known at launch only included: its trip count as arithmetic). */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

/* The trip count trips as a constant when it is the same for every tile
 * of the grid of fn (ceildiv(8 - tile, 4) on a grid of 4 is 2 on each). */
static bool same_on_every_tile(const struct ir_module *m, ir_op fn, ir_value trips, int64_t *out)
{
    int64_t n = nest_grid_tiles(m, fn);
    for (int64_t t = 0; t < n; t++) {
        int64_t v;
        if (!nest_eval_at(m, NULL, trips, t, NULL, &v) || (t && v != *out))
            return false;
        *out = v;
    }
    return n > 0;
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
        else /* ub - lb may be a step or more below 0: no trips, not fewer */
            trips = sb_arith(&b, "arith.maxsi", trips, sb_index(&b, 0));
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
