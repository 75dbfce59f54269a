/* nest_prologue.c - ktc-nest's `late-prologue` (nest.h): a pipeline that
 * only loads device memory into the scratchpad before a tile loop (a
 * weight that broadcast hoisted there) becomes a
 * stage of the loop's first pipeline, right after that pipeline's first
 * stage of loads, run in the loop's first iteration alone. The DMA unit
 * then issues the first tile's loads before the weight's, so the first
 * pass starts one DDR latency (and every core's weight) earlier, and only
 * the pass that reads the weight waits for it (ktc-lower: first_only). */
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* The one ktdf.stage of pipeline pipe (its private aside), or IR_NONE. */
static ir_op only_stage(const struct ir_module *m, ir_op pipe)
{
    ir_op stage = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, pipe), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_KTDF_STAGE) {
            if (stage)
                return IR_NONE;
            stage = op;
        } else if (k != IR_OP_KTDF_PRIVATE) {
            return IR_NONE;
        }
    }
    return stage;
}

/* Whether stage's body is data transfers from device memory into another
 * memory (at least one), and its terminator. */
static bool loads_only(const struct ir_module *m, ir_op stage)
{
    bool any = false;
    IR_FOR_OPS(m, nest_for_body(m, stage), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        struct nest_side src, dst;
        if (ir_op_def(o->kind)->flags & IR_OPF_TERMINATOR)
            continue;
        if (o->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &src) ||
            !nest_read_side(m, op, 1, &dst) || src.fifo || dst.fifo || !nest_is_ddr(m, src.v) ||
            nest_is_ddr(m, dst.v))
            return false;
        any = true;
    }
    return any;
}

/* The first op from op on (op included) in its block that has an effect
 * or regions, or IR_NONE. */
static ir_op next_effect(const struct ir_module *m, ir_op op)
{
    for (; op; op = ir_op_get(m, op)->next) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->nreg || !(ir_op_def(o->kind)->flags & (IR_OPF_PURE | IR_OPF_TERMINATOR)))
            return op;
    }
    return IR_NONE;
}

/* The most trips of the tile loop a prologue moves into: the first tile's
 * latency is worth more than the loop's steady state only on few tiles.
 * On many (rmsnorm_1024x1024, 64 a core on spyre) the moved prologue cost
 * 0.8% (20830 -> 20999 cycles). ktc-lower then gives the tile loads one
 * credit up front and a wait at the end of each iteration, not two and a
 * wait at the start, which issues them in the same order; the cause (the
 * device memory's order of the cores' first loads, perhaps) is not pinned
 * down. */
enum { LATE_MAX_TRIPS = 8 };

/* Whether loop runs at most LATE_MAX_TRIPS trips on every tile id, its
 * bounds known before launch (ktc-lower evaluates the guard's bound
 * against its lower bound core by core). */
static bool few_trips(const struct ir_module *m, ir_op fn, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t tiles = nest_grid_tiles(m, fn);
    if (!tiles)
        return false;
    for (int64_t t = 0; t < tiles; t++) {
        int64_t b[3];
        for (int k = 0; k < 3; k++)
            if (!nest_eval_at(m, NULL, o->opnd[k], t, NULL, &b[k]))
                return false;
        if (b[2] <= 0 || (b[1] > b[0] && (b[1] - b[0] + b[2] - 1) / b[2] > LATE_MAX_TRIPS))
            return false;
    }
    return true;
}

/* Whether every op of fn using a destination buffer of stage's transfers,
 * but those transfers, lies inside loop, and first (the stage it goes
 * after) touches none of them. */
static bool read_in_loop(struct ir_module *m, ir_op fn, ir_op stage, ir_op loop, ir_op first)
{
    IR_FOR_OPS(m, nest_for_body(m, stage), x) {
        struct nest_side dst;
        if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, x, 1, &dst) || nest_touches(m, first, dst.v, 0) ||
            nest_touches(m, first, dst.v, 1))
            return false;
        struct sched_ops uses = {0};
        sched_ops_using(m, fn, dst.v, &uses);
        bool ok = true;
        for (uint32_t i = 0; i < uses.n && ok; i++)
            ok = nest_op_inside(m, uses.v[i], stage) || nest_op_inside(m, uses.v[i], loop);
        free(uses.v);
        if (!ok)
            return false;
    }
    return true;
}

/* Moves prologue pipeline pro into the first pipeline of the tile loop
 * after it when the pattern holds (nest.h). */
static void late(struct nest_ctx *c, ir_op fn, ir_op pro)
{
    struct ir_module *m = c->m;
    ir_op w = only_stage(m, pro);
    /* at the program's top: once a launch (one inside a row loop fills a
     * copy a row, which the loop's credits order) */
    if (!w || ir_op_parent(m, pro) != fn || ir_op_get(m, pro)->nopnd ||
        ir_op_attr(m, pro, "modulo") || !loads_only(m, w))
        return;
    ir_op loop = next_effect(m, ir_op_get(m, pro)->next);
    if (!loop || ir_op_get(m, loop)->kind != IR_OP_SCF_FOR || ir_op_get(m, loop)->nres ||
        !few_trips(m, fn, loop))
        return;
    ir_op pipe = next_effect(m, ir_block_get(m, nest_for_body(m, loop))->first);
    if (!pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        return;
    ir_op first = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, pipe), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_STAGE) {
            first = op;
            break;
        }
    }
    if (!first || !nest_same_units(m, &first, &w, 1) || !loads_only(m, first) ||
        !read_in_loop(m, fn, w, loop, first))
        return;
    /* the guard: scf.for %first = %iv to lb + 1, one trip at the first
     * iteration, none after (the loop's step is at least 1) */
    struct ir_loc loc = ir_op_get(m, w)->loc;
    struct split_b b;
    sb_before(&b, m, loop, loc);
    ir_value one = sb_index(&b, 1), ub = sb_addi(&b, ir_op_get(m, loop)->opnd[0], one);
    ir_value iv = ir_block_get(m, nest_for_body(m, loop))->args[0];
    ir_op pa = nest_pipe_private(m, pipe), pb = nest_pipe_private(m, pro);
    ir_op_unlink(m, w);
    ir_op after = ir_op_get(m, first)->next;
    if (after)
        ir_op_insert_before(m, after, w);
    else
        ir_block_append_op(m, nest_for_body(m, pipe), w);
    nest_merge_private(m, pipe, pa, pb);
    ir_op_unlink(m, pro);
    ir_block body = nest_for_body(m, w);
    ir_op yield;
    sb_before(&b, m, ir_block_get(m, body)->first, loc);
    ir_op guard = nest_make_for(&b, iv, ub, one, NULL, "first", &yield);
    ir_op next;
    for (ir_op x = ir_op_get(m, guard)->next; x; x = next) {
        next = ir_op_get(m, x)->next;
        if (ir_op_def(ir_op_get(m, x)->kind)->flags & IR_OPF_TERMINATOR)
            continue;
        ir_op_unlink(m, x);
        ir_op_insert_before(m, yield, x);
    }
    if (c->o->stats) {
        /* the bytes it loads: each transfer's sizes times its element */
        int64_t bytes = 0;
        IR_FOR_OPS(m, nest_for_body(m, guard), x) {
            struct nest_side dst;
            if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, x, 1, &dst))
                continue;
            int64_t n = ir_type_bytes(m, ir_type_get(m, ir_value_type(m, dst.v))->elem);
            for (uint32_t d = 0; d < dst.nsize; d++)
                n *= dst.size[d];
            bytes += n;
        }
        const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
        fprintf(c->o->stats,
                "ktc-nest: @%s: late-prologue: %lld bytes of a prologue's loads go after the first "
                "tile's, in its pipeline\n",
                fname, (long long)bytes);
    }
}

void nest_late_prologue(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops pipes = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PIPELINE, &pipes);
    /* last first: a prologue before another one reaches the loop once
     * that one moved (a weight and a bias) */
    for (uint32_t i = pipes.n; i-- > 0;)
        late(c, fn, pipes.v[i]);
    free(pipes.v);
}
