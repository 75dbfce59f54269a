/* nest_sends.c - ktc-nest's `invariant-sends` (nest.h): a vector a load
 * stage's loop sends at every iteration from scratchpad elements the
 * loop does not move (the row's splatted rstd, read by each vector of a
 * scaling pass) is sent once, just before the loop, and the compute
 * stage's loop of the same trips reads it once, just before its own, and
 * keeps it in a register; out of a nest of loops (a block's chunks, then
 * the blocks) as far as its subscripts do not move. */
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* The peak number of vectors held at once by the ops of block b (each
 * value from its op to its last use in b, nested uses included). */
static uint32_t peak_vectors(struct ir_module *m, ir_block b)
{
    uint32_t n = 0, peak = 0;
    IR_FOR_OPS(m, b, op)
        n++;
    uint32_t *live = calloc((size_t)n + 1, sizeof *live);
    if (!live)
        abort();
    uint32_t pos = 0;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nres; r++) {
            ir_type t = ir_value_type(m, o->res + r);
            if (ir_type_get(m, t)->kind != IR_TY_TENSOR)
                continue;
            uint32_t last = pos, q = 0;
            IR_FOR_OPS(m, b, u) {
                if (q > pos && split_op_reads(m, u, o->res + r))
                    last = q;
                q++;
            }
            for (uint32_t k = pos; k <= last; k++)
                live[k]++;
        }
        pos++;
    }
    for (uint32_t k = 0; k < n; k++)
        peak = live[k] > peak ? live[k] : peak;
    free(live);
    return peak;
}

/* The ktdf.read_from_fifo of slot under root, when it is the only one. */
static ir_op only_read(struct ir_module *m, ir_op root, ir_value slot)
{
    struct sched_ops uses = {0};
    sched_ops_using(m, root, slot, &uses);
    ir_op read = IR_NONE;
    uint32_t n = 0;
    for (uint32_t i = 0; i < uses.n; i++) {
        const struct ir_op_info *o = ir_op_get(m, uses.v[i]);
        if (o->kind == IR_OP_KTDF_READ_FROM_FIFO)
            read = uses.v[i];
        n += o->kind == IR_OP_KTDF_READ_FROM_FIFO || o->kind == IR_OP_KTDF_DATA_TRANSFER;
    }
    free(uses.v);
    return n == 2 ? read : IR_NONE;
}

/* The loops around op up to its ktdf.stage, innermost first (at most
 * MAX_DEPTH); 0 when op is not in a nest of scf.for loops directly in a
 * ktdf.stage's body. */
enum { MAX_DEPTH = 4 };

static uint32_t stage_loops(const struct ir_module *m, ir_op op, ir_op loops[MAX_DEPTH])
{
    uint32_t n = 0;
    ir_op p = ir_op_parent(m, op);
    for (; p && ir_op_get(m, p)->kind == IR_OP_SCF_FOR; p = ir_op_parent(m, p)) {
        if (n == MAX_DEPTH)
            return 0;
        loops[n++] = p;
    }
    return p && ir_op_get(m, p)->kind == IR_OP_KTDF_STAGE ? n : 0;
}

static bool same_trips(const struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_op_info *x = ir_op_get(m, a), *y = ir_op_get(m, b);
    for (uint32_t i = 0; i < 3; i++) {
        int64_t u, v;
        if (x->opnd[i] != y->opnd[i] && !(split_const_int(m, x->opnd[i], &u) &&
                                          split_const_int(m, y->opnd[i], &v) && u == v))
            return false;
    }
    return true;
}

/* Whether loop moves the subscripts of side s. */
static bool moves(const struct ir_module *m, const struct nest_side *s, ir_op loop)
{
    for (uint32_t k = 0; k < s->nsub; k++)
        if (s->sub[k].v && ir_value_defined_in(m, s->sub[k].v, loop))
            return true;
    return false;
}

/* Hoists transfer op of pipeline pipe when it is an invariant send (the
 * head comment): out of as many of its loops as its subscripts allow, the
 * read out of as many of the compute stage's, the two nests of the same
 * trips level by level. */
static void hoist(struct nest_ctx *c, ir_op pipe, ir_op op)
{
    struct ir_module *m = c->m;
    struct nest_side src, dst;
    ir_op lp[MAX_DEPTH], lc[MAX_DEPTH];
    uint32_t np = stage_loops(m, op, lp);
    if (!np || !nest_read_side(m, op, 0, &src) || !nest_read_side(m, op, 1, &dst) || src.fifo ||
        !dst.fifo)
        return;
    /* the elements: a buffer the pipeline does not write, at subscripts
     * the loops (d of them) do not move */
    ir_op alloc = ir_value_def(m, src.v);
    if (!alloc || ir_op_get(m, alloc)->kind != IR_OP_MEMREF_ALLOC || nest_touches(m, pipe, src.v, 1))
        return;
    uint32_t d = 0;
    while (d < np && !moves(m, &src, lp[d]))
        d++;
    ir_op read = only_read(m, pipe, dst.v);
    if (!d || !read || stage_loops(m, read, lc) != np)
        return;
    for (uint32_t k = 0; k < np; k++)
        if (!same_trips(m, lp[k], lc[k]))
            return;
    /* the register it takes while the loops run */
    for (uint32_t k = 0; k < d; k++)
        if (c->o->max_vregs && peak_vectors(m, nest_for_body(m, lc[k])) + 2 > c->o->max_vregs)
            return;
    nest_own_alloc(m, dst.v);
    ir_op_unlink(m, op);
    ir_op_insert_before(m, lp[d - 1], op);
    ir_op_unlink(m, read);
    ir_op_insert_before(m, lc[d - 1], read);
}

static bool sends_in(struct ir_module *m, ir_op op, void *ctx)
{
    struct nest_ctx *c = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_PIPELINE)
        return true;
    struct sched_ops xfers = {0};
    sched_ops_of_kind(m, op, IR_OP_KTDF_DATA_TRANSFER, &xfers);
    for (uint32_t i = 0; i < xfers.n; i++)
        hoist(c, op, xfers.v[i]);
    free(xfers.v);
    return true;
}

void nest_invariant_sends(struct nest_ctx *c, ir_op fn)
{
    ir_walk(c->m, fn, sends_in, c);
}
