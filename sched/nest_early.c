/* nest_early.c - ktc-nest's `early-splats` (nest.h): in a program row-jam
 * ran K rows at a time, a jammed row's splat pipeline (splat-hoist's: a
 * scratchpad scalar splatted, forwarded by the compute unit and stored as
 * a vector the row's next pass reads) moves up past the loop right before
 * it when that is another row's pass and nothing orders the two, so that
 * the row's vector is made while the row before it computes. Row-jam runs
 * the rows' stores one row after the other:
 *
 *   row 0's splat, row 0's pass        row 0's splat, row 1's splat,
 *   row 1's splat, row 1's pass   ->   row 0's pass, row 2's splat,
 *   row 2's splat, row 2's pass        row 1's pass, row 2's pass
 *
 * Before, every row's pass began with its units waiting on that chain (the
 * load unit's splat, the compute unit's forward, the store unit's store
 * behind the row before's stores on that unit, then the vector's load):
 * the compute unit idled for it once a row. One step, past a loop: moved
 * as far as nothing orders them, every row's splat would wait for its
 * scalar before the first row's pass could start on those units, which
 * cost small runs more than it saved; moved past a single pipeline (the
 * reduction of the row before, in the passes row-jam runs side by side)
 * a softmax of 2 rows of 1000 took 765 cycles where it took 747.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* The jammed rows (`jam_row`, a bit each, rows 0 to 63) of the pipelines
 * under op. */
static bool rows_of(struct ir_module *m, ir_op op, void *ctx)
{
    ir_attr a = ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE ? ir_op_attr(m, op, "jam_row") : 0;
    int64_t r = a ? ir_attr_get(m, a)->i : -1;
    if (a)
        *(uint64_t *)ctx |= r >= 0 && r < 64 ? UINT64_C(1) << r : UINT64_MAX;
    return true;
}

static uint64_t rows_under(struct ir_module *m, ir_op op)
{
    uint64_t rows = 0;
    ir_walk(m, op, rows_of, &rows);
    return rows;
}

/* Whether pipe is a splat pipeline of a jammed row: its first stage only
 * splats scratchpad scalars, and it touches no device memory. */
static bool splat_pipeline(struct ir_module *m, ir_op pipe)
{
    if (!ir_op_attr(m, pipe, "jam_row"))
        return false;
    ir_op first = ir_block_get(m, ir_region_entry(m, ir_op_region(m, pipe, 0)))->first;
    while (first && ir_op_get(m, first)->kind != IR_OP_KTDF_STAGE)
        first = ir_op_get(m, first)->next;
    if (!first)
        return false;
    bool any = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, first, 0)), op)
    {
        if (!ir_ktdf_transfer_mode_is(m, op, "splat"))
            return false;
        any = true;
    }
    if (!any)
        return false;
    struct nest_foot f = {0};
    nest_foot_of(m, &pipe, 1, &f);
    bool ok = !f.unknown && !f.ddr_rd.n && !f.ddr_wr.n;
    nest_foot_free(&f);
    return ok;
}

static bool reads_none_of(struct ir_module *m, ir_op op, void *def)
{
    return nest_invariant(m, op, *(ir_op *)def);
}

/* Whether an op under `user` reads a value def makes (or an op in it). */
static bool uses_from(struct ir_module *m, ir_op user, ir_op def)
{
    return !ir_walk(m, user, reads_none_of, &def);
}

/* Where splat pipeline p goes: before the op q of effect right before it
 * (index arithmetic p does not read between) when q is a loop (a pass) of
 * jammed rows other than p's, independent of p and making no value p
 * reads; else where it is. */
static ir_op one_up(const struct nest_ctx *c, ir_op p)
{
    struct ir_module *m = c->m;
    ir_op q = ir_op_get(m, p)->prev;
    while (q && nest_plain(m, q) && !uses_from(m, p, q))
        q = ir_op_get(m, q)->prev;
    if (!q || uses_from(m, p, q))
        return p;
    uint64_t rows = ir_op_get(m, q)->kind == IR_OP_SCF_FOR ? rows_under(m, q) : 0;
    bool ok = rows && !(rows & rows_under(m, p)) && nest_independent(m, p, q);
    return ok ? q : p;
}

bool nest_early_splats(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops p = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PIPELINE, &p);
    uint32_t moved = 0, seen = 0;
    for (uint32_t i = 0; i < p.n; i++) {
        if (!splat_pipeline(m, p.v[i]))
            continue;
        seen++;
        ir_op at = one_up(c, p.v[i]);
        if (at == p.v[i])
            continue;
        ir_op_unlink(m, p.v[i]);
        ir_op_insert_before(m, at, p.v[i]);
        moved++;
    }
    free(p.v);
    if (c->o->stats && seen) {
        const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
        fprintf(c->o->stats,
                "ktc-nest: @%s: early-splats: %u of %u splat pipelines of jammed rows "
                "moved before other rows' work\n",
                fname, moved, seen);
    }
    return moved > 0;
}
