/* nest_stream.c - ktc-nest's "stream-loops" transformation (nest.h): a
 * parallel_loop left inside a compute stage (a point's pass over its
 * vectors, in a corelet split or not) whose body is one three-stage
 * pipeline (loads, compute, stores) becomes that pipeline with the loop in
 * each stage (nest_stream_loop): the vectors stream through the load,
 * compute and store units instead of filling and draining a pipeline each.
 * Innermost loops first. Runs after fuse-pipelines, which streams the
 * loops it can join to the pipeline before them itself.
 */
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

/* A loop of one iteration has nothing to stream. (8 until a sweep showed
 * loops of 2 to 7 vectors gaining too: causal_mask_f16 1914 -> 1529
 * cycles, layernorm 1024x1024 on 4 cores 41992 -> 41025, none slower.) */
enum { MIN_TRIPS = 2 };

struct loops {
    ir_op v[256];
    uint32_t n;
};

/* Whether two transfers under pipe read the same buffer (chunks of one
 * row per iteration: a level of a reduction tree, whose time the cost
 * model accounts for as the reductions transformation left it). */
struct srcs {
    ir_value v[16];
    uint32_t n;
    bool dup;
};

static bool find_dup(struct ir_module *m, ir_op op, void *ctx)
{
    struct srcs *s = ctx;
    struct nest_side from;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &from) ||
        from.fifo)
        return true;
    for (uint32_t i = 0; i < s->n; i++)
        s->dup |= s->v[i] == from.v;
    if (s->n < 16)
        s->v[s->n++] = from.v;
    return true;
}

static bool chunked(struct ir_module *m, ir_op loop)
{
    ir_op pipe = nest_stream_pipeline(m, loop);
    struct srcs s = {.n = 0, .dup = false};
    if (pipe)
        ir_walk(m, pipe, find_dup, &s);
    return s.dup;
}

/* Loops typed parallel_loop inside a ktdf.stage (in a corelet split or
 * not: a tile of one point has none), innermost last in walk order
 * (post-order below). */
static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct loops *l = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *t = o->kind == IR_OP_SCF_FOR ? nest_loop_type(m, op) : NULL;
    int64_t trips;
    if (!t || strcmp(t, "parallel_loop") || l->n == 256 || !nest_for_normal(m, op, &trips) ||
        trips < MIN_TRIPS || chunked(m, op))
        return true;
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_KTDF_STAGE) {
            l->v[l->n++] = op;
            break;
        }
    return true;
}

bool nest_stream(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct loops l = {.n = 0};
    ir_walk(m, fn, collect, &l);
    bool changed = false;
    /* the walk visits a loop before the loops inside it */
    for (uint32_t i = l.n; i-- > 0;)
        changed |= nest_stream_loop_more(m, l.v[i]);
    if (changed)
        split_dce(m, fn);
    return true;
}
