/* nest_broadcast.c - ktc-nest's "broadcast" transformation (nest.h): a
 * device memory -> scratchpad transfer of a tiled point loop's pipeline that
 * reads the same elements at every point (a row broadcast to every row, a
 * bias) moves into a one-stage sibling pipeline before the tile loop, which
 * fills a program-level buffer once; the point loop's stages read that
 * buffer. It runs after tile-size-selection and before coarsening, so that
 * coarsening finds only per-point transfers to turn into bulk ones.
 *
 *   scf.for %t {                              %bc = memref.alloc() : <row, "L1">
 *     scf.for %i {                            ktdf.pipeline { stage {
 *       ktdf.pipeline {                  ->       data_transfer from %b[0, 0] to %bc[0, 0] } }
 *         stage { from %x[..%i..] to %p#6       scf.for %t { scf.for %i { ktdf.pipeline {
 *                 from %b[0, 0] to %p#7 }         stage { from %x[..%i..] to %p#6 }
 *         stage { from %p#7 to fifo } ...         stage { from %bc to fifo } ... }}}
 */
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"

enum { MAX_HOIST = 8 };

/* Whether op lies (at any depth) inside the body of anc. */
static bool op_inside(const struct ir_module *m, ir_op op, ir_op anc)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (p == anc)
            return true;
    return false;
}

static bool value_inside(const struct ir_module *m, ir_value v, ir_op anc)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) {
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        return owner == anc || op_inside(m, owner, anc);
    }
    return op_inside(m, vi->owner, anc);
}

/* Whether v's value is the same at every iteration of tl: defined outside
 * it, or by region-free ops inside it whose operands are (collected in
 * defining order into h, to move out). */
static bool invariant(const struct ir_module *m, ir_value v, ir_op tl, ir_op *h, uint32_t *nh)
{
    if (!value_inside(m, v, tl))
        return true;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->nreg || *nh == MAX_HOIST)
        return false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!invariant(m, o->opnd[i], tl, h, nh))
            return false;
    for (uint32_t i = 0; i < *nh; i++)
        if (h[i] == d)
            return true;
    h[(*nh)++] = d;
    return true;
}

bool nest_broadcast_load(const struct ir_module *m, ir_op x, ir_op loop)
{
    struct nest_side src, dst;
    ir_op h[MAX_HOIST];
    uint32_t nh = 0;
    if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, x, 0, &src) ||
        !nest_read_side(m, x, 1, &dst) || src.fifo || dst.fifo || !nest_is_ddr(m, src.v) ||
        nest_is_ddr(m, dst.v) || !invariant(m, src.v, loop, h, &nh))
        return false;
    for (uint32_t i = 0; i < src.nsub; i++)
        if (src.sub[i].v && !invariant(m, src.sub[i].v, loop, h, &nh))
            return false;
    return true;
}

/* Transfers under a pipeline writing into buffer v. */
struct writes {
    ir_value v;
    uint32_t n;
};

static bool count_writes(struct ir_module *m, ir_op op, void *ctx)
{
    struct writes *w = ctx;
    struct nest_side d;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 1, &d) &&
        d.v == w->v)
        w->n++;
    return true;
}

/* Whether transfer x (in stage s of pipeline pipe, in point loop pl of tile
 * loop tl) can be hoisted: a load from device memory of the same elements
 * at every point into a buffer of the pipeline's private that nothing else
 * writes; h gets the ops its source needs moved out. */
static bool hoistable(const struct ir_module *m, ir_op x, ir_op s, ir_op pipe, ir_op tl, ir_op *h,
                      uint32_t *nh)
{
    struct nest_side src, dst;
    if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) || src.fifo ||
        dst.fifo || !nest_is_ddr(m, src.v) || nest_is_ddr(m, dst.v))
        return false;
    *nh = 0;
    if (!invariant(m, src.v, tl, h, nh))
        return false;
    for (uint32_t i = 0; i < src.nsub; i++)
        if (src.sub[i].v && !invariant(m, src.sub[i].v, tl, h, nh))
            return false;
    for (uint32_t i = 0; i < dst.nsub; i++)
        if (dst.sub[i].v)
            return false;
    ir_op priv = ir_value_def(m, dst.v);
    if (!priv || ir_op_get(m, priv)->kind != IR_OP_KTDF_PRIVATE || ir_op_parent(m, priv) != pipe)
        return false;
    struct writes w = {.v = dst.v, .n = 0};
    ir_walk((struct ir_module *)m, pipe, count_writes, &w);
    /* the stage keeps another transfer: it must not end up empty */
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)));
    return w.n == 1 && b->first != b->last;
}

/* The sibling pipeline before tl: one stage on the units of s moving x. */
static void sibling(struct ir_module *m, ir_op tl, ir_op s, ir_op x)
{
    struct ir_loc loc = ir_op_get(m, x)->loc;
    struct split_b b;
    sb_before(&b, m, tl, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block pbody = sb_region(m, &st);
    sb_emit(&b, &st);
    struct split_b pb;
    sb_at_end(&pb, m, pbody, loc);
    ir_type tok = ir_ktdf_token_type(m);
    ir_state_init(&st, m, "ktdf.private", loc);
    ir_block priv = sb_region(m, &st);
    ir_state_add_result(m, &st, tok);
    ir_value t = ir_op_result(m, sb_emit(&pb, &st), 0);
    struct split_b tb;
    sb_at_end(&tb, m, priv, loc);
    ir_state_init(&st, m, "ktdf.create_token", loc);
    ir_state_add_result(m, &st, tok);
    ir_value made = ir_op_result(m, sb_emit(&tb, &st), 0);
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    ir_state_add_operand(m, &st, made);
    sb_emit(&tb, &st);
    ir_state_init(&st, m, "ktdf.stage", loc);
    ir_state_add_operand(m, &st, t);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 1}));
    ir_state_set_attr(m, &st, "applicable_units", ir_op_attr(m, s, "applicable_units"));
    ir_block body = sb_region(m, &st);
    sb_emit(&pb, &st);
    ir_op_unlink(m, x);
    ir_block_append_op(m, body, x);
}

static void hoist(struct ir_module *m, ir_op tl, ir_op pipe, ir_op s, ir_op x, const ir_op *h,
                  uint32_t nh)
{
    for (uint32_t i = 0; i < nh; i++) {
        ir_op_unlink(m, h[i]);
        ir_op_insert_before(m, tl, h[i]);
    }
    struct nest_side dst;
    nest_read_side(m, x, 1, &dst);
    ir_value old = dst.v;
    struct split_b b;
    sb_before(&b, m, tl, ir_op_get(m, x)->loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.alloc", b.loc);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 0}));
    ir_state_add_result(m, &st, ir_value_type(m, old));
    ir_value bc = ir_op_result(m, sb_emit(&b, &st), 0);
    split_set_name(m, bc, "bcast");
    sibling(m, tl, s, x);
    split_replace_uses(m, x, old, bc);
    split_replace_uses(m, pipe, old, bc);
}

/* The pipelines of the point loop of tile loop tl, and their stages. */
static void promote(struct nest_ctx *c, ir_op tl)
{
    struct ir_module *m = c->m;
    ir_op pl = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, tl), op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && !pl)
            pl = op;
    if (!pl)
        return;
    IR_FOR_OPS(m, nest_for_body(m, pl), pipe) {
        if (ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
            if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
                continue;
            ir_op next;
            for (ir_op x = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first; x;
                 x = next) {
                next = ir_op_get(m, x)->next;
                ir_op h[MAX_HOIST];
                uint32_t nh;
                if (ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
                    hoistable(m, x, s, pipe, tl, h, &nh))
                    hoist(m, tl, pipe, s, x, h, nh);
            }
        }
    }
}

bool nest_broadcast(struct nest_ctx *c, ir_op fn)
{
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (op_inside(c->m, c->chosen[i].loop, fn))
            promote(c, c->chosen[i].loop);
    return true;
}
