/* nest_normalize.c - ktc-nest's `normalize` (nest.h): every loop above a
 * pipeline counts from 0 by 1; the original IV is rebuilt where used
 * (a step known at launch only included: its trip count as arithmetic);
 * and a transfer's subscript that is an affine expression of values a loop
 * around it does not change becomes an index value made outside it. */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"
#include "sched/path_expand_int.h"

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

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    uint32_t k = ir_op_get(m, op)->kind;
    if (k == IR_OP_KTDF_PIPELINE)
        return true; /* loops inside pipelines are the compute's own */
    if (k == IR_OP_SCF_FOR && ir_op_get(m, op)->nopnd == 3 && nest_has_pipeline(m, op))
        sched_ops_push(ctx, op);
    return true;
}

/* ---- invariant subscripts ---------------------------------------------------- */

/* Reads side k of transfer x into out, each subscript that is an
 * expression other than a dim or a constant made an index value before
 * its hoist point; false (x left) when a side has dynamic sizes, reads a
 * symbol, or an expression is not invariant in a loop around x. Sets
 * *hoisted when a subscript was made. */
static bool hoisted_side(struct ir_module *m, ir_op x, int k, struct nest_side *out,
                         bool *hoisted)
{
    ir_aff exprs[NEST_MAX_RANK];
    struct pe_side s[2];
    pe_transfer_sides(m, x, s);
    if (!nest_read_side_exprs(m, x, k, out, exprs) || s[k].nsub > SPLIT_AFF_MAX_DIMS)
        return false;
    const ir_value *opnd = ir_op_get(m, x)->opnd + s[k].first + 1;
    for (uint32_t i = 0; i < out->nsub; i++) {
        if (!exprs[i])
            continue;
        bool used[SPLIT_AFF_MAX_DIMS] = {false};
        ir_value vals[SPLIT_AFF_MAX_DIMS];
        uint32_t n = 0;
        split_aff_dims(m, exprs[i], used);
        for (uint32_t d = 0; d < s[k].nsub; d++)
            if (used[d])
                vals[n++] = opnd[d];
        bool loops;
        ir_op at = sched_hoist_point(m, x, vals, n, &loops);
        if (!loops)
            return false;
        struct split_b b;
        sb_before(&b, m, at, ir_op_get(m, x)->loc);
        out->sub[i] = (struct nest_sub){.v = sb_aff_value(&b, exprs[i], s[k].nsub, opnd)};
        *hoisted = true;
    }
    return true;
}

/* Path-expand's word offsets `-(o mod w)` and `o mod w` over a row offset o
 * a point loop does not move (a block at a column known at launch: its
 * rows' offsets differ by whole words) as subscripts coarsening can read. */
static void hoist_subscripts(struct ir_module *m, ir_op fn)
{
    struct sched_ops l = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_DATA_TRANSFER, &l);
    for (uint32_t i = 0; i < l.n; i++) {
        ir_op x = l.v[i];
        struct nest_side s[2];
        bool hoisted = false;
        if (!hoisted_side(m, x, 0, &s[0], &hoisted) ||
            !hoisted_side(m, x, 1, &s[1], &hoisted) || !hoisted)
            continue;
        struct split_b b;
        sb_before(&b, m, x, ir_op_get(m, x)->loc);
        nest_make_transfer(&b, &s[0], &s[1], x);
        ir_op_unlink(m, x);
    }
    free(l.v);
}

bool nest_normalize(struct nest_ctx *c, ir_op fn)
{
    struct sched_ops l = {0};
    ir_walk(c->m, fn, collect, &l);
    for (uint32_t i = 0; i < l.n; i++)
        if (!ir_op_parent(c->m, l.v[i]) || ir_op_get(c->m, ir_op_parent(c->m, l.v[i]))->kind !=
                                               IR_OP_KTDF_STAGE)
            normalize_one(c->m, fn, l.v[i]);
    free(l.v);
    hoist_subscripts(c->m, fn);
    return true;
}
