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
 *
 * After coarsening (nest_broadcast_outer): a bulk load invariant in a loop
 * around its tile loop fills a buffer of every tile before that loop; a
 * bulk load invariant in its own tile loop (more than one tile) fills its
 * buffer once before it, kept for the whole loop (keep_tile), and a later
 * nest reading the same elements reads the kept buffer (reuse_kept).
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"
#include "sched/path_expand_int.h"

enum { MAX_HOIST = 8 };

bool nest_op_inside(const struct ir_module *m, ir_op op, ir_op anc)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (p == anc)
            return true;
    return false;
}

bool nest_value_inside(const struct ir_module *m, ir_value v, ir_op anc)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) {
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        return owner == anc || nest_op_inside(m, owner, anc);
    }
    return nest_op_inside(m, vi->owner, anc);
}

/* Whether v's value is the same at every iteration of tl: defined outside
 * it, or by region-free ops inside it whose operands are (collected in
 * defining order into h, to move out). */
static bool invariant(const struct ir_module *m, ir_value v, ir_op tl, ir_op *h, uint32_t *nh)
{
    if (!nest_value_inside(m, v, tl))
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

/* Whether transfer x loads from device memory (its side *src), from a
 * source and at subscripts invariant in loop L, into a scratchpad memref
 * (*dst) at constant subscripts; h gets the ops its source needs moved out
 * of L. */
static bool invariant_load(const struct ir_module *m, ir_op x, ir_op L, struct nest_side *src,
                           struct nest_side *dst, ir_op *h, uint32_t *nh)
{
    if (!nest_read_side(m, x, 0, src) || !nest_read_side(m, x, 1, dst) || src->fifo ||
        dst->fifo || !nest_is_ddr(m, src->v) || nest_is_ddr(m, dst->v))
        return false;
    *nh = 0;
    if (!invariant(m, src->v, L, h, nh))
        return false;
    for (uint32_t i = 0; i < src->nsub; i++)
        if (src->sub[i].v && !invariant(m, src->sub[i].v, L, h, nh))
            return false;
    for (uint32_t i = 0; i < dst->nsub; i++)
        if (dst->sub[i].v)
            return false;
    return true;
}

/* The transfers under pipe with a side on buffer v (u, the pipeline's
 * private_yield left out); false when another op uses v. */
static bool transfers_on(struct ir_module *m, ir_op pipe, ir_value v, struct sched_ops *u)
{
    sched_ops_using(m, pipe, v, u);
    uint32_t n = 0;
    for (uint32_t i = 0; i < u->n; i++) {
        uint16_t k = ir_op_get(m, u->v[i])->kind;
        if (k == IR_OP_KTDF_DATA_TRANSFER)
            u->v[n++] = u->v[i];
        else if (k != IR_OP_KTDF_PRIVATE_YIELD)
            return false;
    }
    u->n = n;
    return true;
}

/* Whether map expression e reads dim j. */
static bool reads_dim(const struct ir_module *m, ir_aff e, int64_t j)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_DIM:
        return x->v == j;
    case IR_AFF_CONST:
    case IR_AFF_SYM:
        return false;
    default:
        return reads_dim(m, x->lhs, j) || reads_dim(m, x->rhs, j);
    }
}

/* Whether a result of map mp reads dim j. */
static bool map_reads(const struct ir_module *m, const struct ir_affine_map *mp, int64_t j)
{
    for (uint32_t r = 0; r < mp->nres; r++)
        if (reads_dim(m, mp->res[r], j))
            return true;
    return false;
}

/* The operand of transfer t whose value side k's map takes as the
 * subscript of dim d alone (the result a bare dim no other result reads),
 * or UINT32_MAX. */
static uint32_t dim_operand(const struct ir_module *m, ir_op t, int k, uint32_t d)
{
    struct pe_side s[2];
    pe_transfer_sides(m, t, s);
    if (s[k].fifo || !s[k].map)
        return UINT32_MAX;
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, s[k].map)->map);
    if (d >= mp->nres)
        return UINT32_MAX;
    const struct ir_aff_info *e = ir_aff_get(m, mp->res[d]);
    if (e->kind != IR_AFF_DIM || e->v < 0 || (uint64_t)e->v >= s[k].nsub)
        return UINT32_MAX;
    for (uint32_t i = 0; i < mp->nres; i++)
        if (i != d && reads_dim(m, mp->res[i], e->v))
            return UINT32_MAX;
    return s[k].first + 1 + (uint32_t)e->v;
}

/* The copies of a ring: dims of buffer v where load x's destination
 * subscript is not a constant (a modulo pipeline's phase: path-expand's
 * DMA words, a copy an iteration) and x moves one element. When every
 * transfer under pipe on v names, in each such dim, x's value there and
 * nothing else, one copy filled once serves every iteration: true, the
 * dims in *dims (bits) with their values in phase[] (hoist: 0 of 1). */
static bool one_copy(struct ir_module *m, ir_op pipe, ir_op x, ir_value v, uint32_t *dims,
                     ir_value *phase)
{
    struct pe_side s[2];
    pe_transfer_sides(m, x, s);
    const struct ir_attr_info *sz = ir_attr_get(m, s[1].sizes);
    const struct ir_op_info *o = ir_op_get(m, x);
    *dims = 0;
    for (uint32_t j = 0; j < s[1].nsub; j++) {
        ir_value sub = o->opnd[s[1].first + 1 + j];
        if (split_const_int(m, sub, &(int64_t){0}))
            continue;
        uint32_t d = 0;
        while (d < sz->n && d < NEST_MAX_RANK && dim_operand(m, x, 1, d) != s[1].first + 1 + j)
            d++;
        if (d == sz->n || d == NEST_MAX_RANK || sz->ints[d] != 1)
            return false;
        *dims |= 1u << d;
        phase[d] = sub;
    }
    if (!*dims)
        return true;
    struct sched_ops u = {0};
    bool ok = transfers_on(m, pipe, v, &u);
    for (uint32_t i = 0; ok && i < u.n; i++)
        for (int k = 0; ok && k < 2; k++) {
            pe_transfer_sides(m, u.v[i], s);
            if (s[k].fifo || s[k].v != v)
                continue;
            for (uint32_t d = 0; ok && d < NEST_MAX_RANK; d++) {
                uint32_t at = (*dims >> d) & 1 ? dim_operand(m, u.v[i], k, d) : 0;
                ok = at != UINT32_MAX && (!((*dims >> d) & 1) ||
                                          ir_op_get(m, u.v[i])->opnd[at] == phase[d]);
            }
        }
    free(u.v);
    return ok;
}

/* Whether every operand of transfer x's source side (its memref, its
 * subscripts; no dynamic size) is the same at every iteration of L (h
 * gets the ops to move out), and x loads from device memory into a
 * scratchpad buffer. */
static bool invariant_source(const struct ir_module *m, ir_op x, ir_op L, ir_op *h, uint32_t *nh)
{
    struct pe_side s[2];
    if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return false;
    pe_transfer_sides(m, x, s);
    if (s[0].fifo || s[1].fifo || s[0].ndyn || s[1].ndyn || !nest_is_ddr(m, s[0].v) ||
        nest_is_ddr(m, s[1].v))
        return false;
    *nh = 0;
    const struct ir_op_info *o = ir_op_get(m, x);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, s[0].map)->map);
    for (uint32_t i = 0; i <= s[0].nsub; i++) /* the memref; a subscript its map reads */
        if ((!i || map_reads(m, mp, i - 1)) && !invariant(m, o->opnd[s[0].first + i], L, h, nh))
            return false;
    return true;
}

/* How many times the loops from tl down to op run op: their product when
 * every trip count is a constant, else 0. */
static int64_t runs(const struct ir_module *m, ir_op op, ir_op tl)
{
    int64_t n = 1, trips;
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p)) {
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR) {
            if (!nest_for_normal(m, p, &trips))
                return 0;
            n *= trips;
        }
        if (p == tl)
            return n;
    }
    return 0;
}

/* Whether transfer x (in stage s of pipeline pipe, in point loop pl of tile
 * loop tl) can be hoisted: a load from device memory of the same elements
 * at every point (its source map may compute: a DMA word's start) into a
 * buffer of the pipeline's private that nothing else writes (one copy of
 * it, one_copy); a copy of a ring, or a word-aligned source, only when the
 * loops run it a known number of times, at least twice (a launch-time
 * count may be 0 or 1, and the sibling pipeline's DMA would then only add
 * its latency: row_sum16_masked at m = 0, 4 -> 160 cycles); h gets the
 * ops its source needs moved out. Not when tl
 * writes device memory made from the same base (x[r] += x[0] in place:
 * row 0's new values are read after the first point), but for a masked
 * store's old lanes (old_lanes: lanes past the mask, which no store
 * writes but with their own values; ktc-split reads them before any
 * store of the loop goes there). */
static bool hoistable(struct ir_module *m, ir_op x, ir_op s, ir_op pipe, ir_op tl, ir_op *h,
                      uint32_t *nh, uint32_t *dims, ir_value *phase)
{
    struct pe_side sd[2];
    if (!invariant_source(m, x, tl, h, nh))
        return false;
    pe_transfer_sides(m, x, sd);
    if (!ir_op_attr(m, x, "old_lanes") && nest_writes_ddr(m, tl, nest_view_root(m, sd[0].v)))
        return false;
    ir_value dv = sd[1].v;
    ir_op priv = ir_value_def(m, dv);
    if (!priv || ir_op_get(m, priv)->kind != IR_OP_KTDF_PRIVATE || ir_op_parent(m, priv) != pipe ||
        !one_copy(m, pipe, x, dv, dims, phase))
        return false;
    struct nest_side src;
    if ((*dims || !nest_read_side(m, x, 0, &src)) && runs(m, pipe, tl) < 2)
        return false;
    struct writes w = {.v = dv, .n = 0};
    ir_walk(m, pipe, count_writes, &w);
    /* the stage keeps another transfer, or goes (promote) and another
     * stage is left */
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)));
    bool other = b->first != b->last;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), o)
        other |= o != s && ir_op_get(m, o)->kind == IR_OP_KTDF_STAGE;
    return w.n == 1 && other;
}

/* The sibling pipeline before tl: one stage on the units of s moving x. */
static ir_block sibling(struct ir_module *m, ir_op tl, ir_op s, ir_op x)
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
    ir_block body = sb_stage(&pb, IR_NONE, t, ir_op_attr(m, s, "applicable_units"));
    ir_op_unlink(m, x);
    ir_block_append_op(m, body, x);
    return body;
}

/* The hoisted buffer bc (its sibling pipeline sib and tile loop tl inside
 * a row loop R, the loops between running at most once a run of R: a
 * row's masked block) in copies by R's runs (nest_copies_by_runs), so the
 * next row's fill does not wait for this row's last read of it: a masked
 * row's old lanes, one word a row, loaded a row ahead (rmsnorm_masked at
 * n = 200, 2 rows a core: 606 -> 560 cycles). ktc-lower passes over the
 * loops of at most one trip for the copies of R's runs (lower.h). */
static void phase_hoisted(struct nest_ctx *c, ir_op tl, ir_op sib, ir_value bc)
{
    struct ir_module *m = c->m;
    bool through;
    ir_op R = nest_row_loop(m, tl, &through);
    /* bc, allocated in R, is used there only; the tiles' buffers are not
     * made yet: copies small beside them */
    if (!R || !nest_copyable(m, R, bc))
        return;
    uint32_t k = nest_copies_small(c, bc);
    ir_value ph = IR_NONE;
    if (k >= 2) {
        nest_copies_by_runs(m, R, sib, R, bc, k, &ph);
        ir_op_unlink(m, ir_value_def(m, bc));
    }
}

static void hoist(struct nest_ctx *c, ir_op tl, ir_op pipe, ir_op s, ir_op x, const ir_op *h,
                  uint32_t nh, uint32_t dims)
{
    struct ir_module *m = c->m;
    for (uint32_t i = 0; i < nh; i++) {
        ir_op_unlink(m, h[i]);
        ir_op_insert_before(m, tl, h[i]);
    }
    struct pe_side sd[2];
    pe_transfer_sides(m, x, sd);
    ir_value old = sd[1].v;
    /* one copy of a ring (one_copy): its dims 1 long, at 0 */
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, old));
    int64_t shape[NEST_MAX_RANK];
    for (uint32_t d = 0; d < ti->rank && d < NEST_MAX_RANK; d++)
        shape[d] = (dims >> d) & 1 ? 1 : ti->shape[d];
    struct split_b b;
    sb_before(&b, m, tl, ir_op_get(m, x)->loc);
    ir_type bt = dims ? split_memref(m, ti->rank, shape, ti->elem, ti->attr0, ti->attr1)
                      : ir_value_type(m, old);
    if (dims) {
        ir_value zero = sb_index(&b, 0);
        struct sched_ops u = {0};
        transfers_on(m, pipe, old, &u); /* one_copy checked them */
        for (uint32_t i = 0; i < u.n; i++)
            for (int k = 0; k < 2; k++) {
                pe_transfer_sides(m, u.v[i], sd);
                for (uint32_t d = 0; !sd[k].fifo && sd[k].v == old && d < NEST_MAX_RANK; d++)
                    if ((dims >> d) & 1)
                        ir_op_get(m, u.v[i])->opnd[dim_operand(m, u.v[i], k, d)] = zero;
            }
        free(u.v);
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.alloc", b.loc);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 0}));
    ir_state_add_result(m, &st, bt);
    ir_value bc = ir_op_result(m, sb_emit(&b, &st), 0);
    split_set_name(m, bc, "bcast");
    /* subscripts its maps do not read (a DMA word's start path-expand
     * fixed) may be loop variables of tl: 0 in their place */
    pe_transfer_sides(m, x, sd);
    for (int k = 0; k < 2; k++) {
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, sd[k].map)->map);
        for (uint32_t i = 0; !sd[k].fifo && i < sd[k].nsub; i++)
            if (!map_reads(m, mp, i))
                ir_op_get(m, x)->opnd[sd[k].first + 1 + i] = sb_index(&b, 0);
    }
    ir_op sib = ir_op_parent(m, ir_op_parent(m, ir_block_get(m, sibling(m, tl, s, x))->first));
    split_replace_uses(m, x, old, bc);
    split_replace_uses(m, pipe, old, bc);
    phase_hoisted(c, tl, sib, bc);
}

/* Calls f on every data_transfer in the stages of the pipelines of loop
 * body `body`, in order; f may move the transfer out of its stage. */
static void each_transfer(struct ir_module *m, ir_block body,
                          void (*f)(struct ir_module *m, ir_op pipe, ir_op s, ir_op x, void *ctx),
                          void *ctx)
{
    IR_FOR_OPS(m, body, pipe) {
        if (ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
            if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
                continue;
            ir_op next;
            for (ir_op x = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first; x;
                 x = next) {
                next = ir_op_get(m, x)->next;
                if (ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER)
                    f(m, pipe, s, x, ctx);
            }
        }
    }
}

/* promote's walk: its tile loop, the stages it left empty and their
 * pipelines. */
struct promo {
    struct nest_ctx *c;
    ir_op tl;
    struct sched_ops emptied, pipes;
};

static void promote_one(struct ir_module *m, ir_op pipe, ir_op s, ir_op x, void *ctx)
{
    struct promo *pr = ctx;
    ir_op h[MAX_HOIST];
    ir_value phase[NEST_MAX_RANK];
    uint32_t nh, dims;
    if (!hoistable(m, x, s, pipe, pr->tl, h, &nh, &dims, phase))
        return;
    hoist(pr->c, pr->tl, pipe, s, x, h, nh, dims);
    if (!ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first) {
        sched_ops_push(&pr->emptied, s);
        sched_ops_push(&pr->pipes, pipe);
    }
}

/* The transfers of the pipelines of the point loop of tile loop tl; a
 * stage left empty goes (the point's compute then waits for what that
 * stage waited for). */
static void promote(struct nest_ctx *c, ir_op tl)
{
    struct ir_module *m = c->m;
    ir_op pl = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, tl), op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && !pl)
            pl = op;
    struct promo pr = {.c = c, .tl = tl};
    if (pl)
        each_transfer(m, nest_for_body(m, pl), promote_one, &pr);
    for (uint32_t i = 0; i < pr.emptied.n; i++)
        nest_remove_stage(m, pr.emptied.v[i]);
    for (uint32_t i = 0; i < pr.pipes.n; i++) {
        bool seen = false;
        for (uint32_t j = 0; j < i; j++)
            seen = seen || pr.pipes.v[j] == pr.pipes.v[i];
        if (!seen)
            nest_prune_private(m, pr.pipes.v[i]);
    }
    free(pr.emptied.v);
    free(pr.pipes.v);
}

bool nest_broadcast(struct nest_ctx *c, ir_op fn)
{
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (nest_op_inside(c->m, c->chosen[i].loop, fn))
            promote(c, c->chosen[i].loop);
    return true;
}

/* ---- after coarsening: bulk loads invariant in an enclosing loop -------- */

enum { MAX_OUTER_TILES = 16 }; /* transfers of one hoisted fill */

/* Ops under a root with operand v, and the last of them. */
struct users {
    ir_value v;
    uint32_t n;
    ir_op last;
};

static bool count_users(struct ir_module *m, ir_op op, void *ctx)
{
    struct users *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == u->v) {
            u->n++;
            u->last = op;
            break;
        }
    return true;
}

uint32_t nest_users_under(struct ir_module *m, ir_op root, ir_value v, ir_op *last)
{
    struct users u = {.v = v, .n = 0, .last = IR_NONE};
    ir_walk(m, root, count_users, &u);
    if (last)
        *last = u.last;
    return u.n;
}

/* A bulk load x (in stage s of tile loop tl's outer pipeline) that reads
 * the tile loop's rows of the same device-memory view at every iteration
 * of the loop L around tl: its source is invariant in L, its leading
 * subscript T * %t + c (T the transfer's leading size), the others
 * invariant, and its buffer (allocated outside tl, nothing else writing
 * it, used only in tl) can take the tile id in front. */
static bool outer_hoistable(struct ir_module *m, ir_op fn, ir_op x, ir_op s, ir_op tl, ir_op L,
                            ir_op *h, uint32_t *nh, int64_t *c0)
{
    struct nest_side src, dst;
    if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) || src.fifo ||
        dst.fifo || !nest_is_ddr(m, src.v) || nest_is_ddr(m, dst.v) || src.nsub == 0 ||
        dst.nsub == NEST_MAX_RANK)
        return false;
    *nh = 0;
    if (!invariant(m, src.v, L, h, nh))
        return false;
    for (uint32_t i = 1; i < src.nsub; i++)
        if (src.sub[i].v && !invariant(m, src.sub[i].v, L, h, nh))
            return false;
    struct sched_lin lin = {.c = src.sub[0].c};
    if (src.sub[0].v) {
        sched_lin_of(m, src.sub[0].v, &lin);
        if (lin.n != 1 || lin.v[0] != nest_for_iv(m, tl) || lin.k[0] != src.size[0])
            return false;
    }
    *c0 = lin.c;
    int64_t nt;
    if (!nest_for_normal(m, tl, &nt) || (!src.sub[0].v && nt != 1))
        return false;
    for (uint32_t i = 0; i < dst.nsub; i++)
        if (dst.sub[i].v)
            return false;
    ir_op a = ir_value_def(m, dst.v);
    if (!a || ir_op_get(m, a)->kind != IR_OP_MEMREF_ALLOC || nest_value_inside(m, dst.v, tl) ||
        ir_op_get(m, a)->nopnd || !nest_memref_bytes(m, ir_value_type(m, dst.v)))
        return false;
    struct writes w = {.v = dst.v, .n = 0};
    ir_walk(m, tl, count_writes, &w);
    if (w.n != 1 || nest_users_under(m, tl, dst.v, NULL) != nest_users_under(m, fn, dst.v, NULL) ||
        !nest_prefixable(m, tl, dst.v))
        return false;
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)));
    return !nest_writes_ddr(m, fn, nest_view_root(m, src.v)) && b->first != b->last;
}

/* The loop the hoist goes before: the outermost scf.for around tl (inside
 * fn) whose iterations x reads the same elements in (IR_NONE: none). */
static ir_op outer_loop(struct ir_module *m, ir_op fn, ir_op x, ir_op s, ir_op tl, ir_op *h,
                        uint32_t *nh, int64_t *c0)
{
    ir_op best = IR_NONE;
    for (ir_op L = ir_op_parent(m, tl); L && L != fn; L = ir_op_parent(m, L)) {
        if (ir_op_get(m, L)->kind != IR_OP_SCF_FOR)
            continue;
        if (nest_for_at_most_once(m, L) || !outer_hoistable(m, fn, x, s, tl, L, h, nh, c0))
            break;
        best = L;
    }
    if (best)
        outer_hoistable(m, fn, x, s, tl, best, h, nh, c0); /* best's ops to move */
    return best;
}

static void hoist_outer(struct ir_module *m, ir_op tl, int64_t nt, ir_op L, ir_op s, ir_op x,
                        const ir_op *h, uint32_t nh, int64_t c0)
{
    for (uint32_t i = 0; i < nh; i++) {
        ir_op_unlink(m, h[i]);
        ir_op_insert_before(m, L, h[i]);
    }
    struct nest_side src, dst;
    nest_read_side(m, x, 0, &src);
    nest_read_side(m, x, 1, &dst);
    struct ir_loc loc = ir_op_get(m, x)->loc;
    struct split_b b;
    sb_before(&b, m, L, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.alloc", loc);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 0}));
    ir_state_add_result(m, &st, nest_memref_prefixed(m, ir_value_type(m, dst.v), nt));
    ir_value bc = ir_op_result(m, sb_emit(&b, &st), 0);
    split_set_name(m, bc, "bcast");
    /* one transfer per tile (ktc-lower moves between equal shapes up to
     * unit dims): rows c0 + j * T .. of the view into %bcast[j] */
    struct nest_side s2 = src, d2 = dst;
    memmove(d2.sub + 1, d2.sub, d2.nsub * sizeof *d2.sub);
    memmove(d2.size + 1, d2.size, d2.nsize * sizeof *d2.size);
    d2.size[0] = 1;
    d2.nsub++;
    d2.nsize++;
    d2.v = bc;
    struct split_b xb;
    sb_before(&xb, m, x, loc);
    ir_op one[MAX_OUTER_TILES];
    for (int64_t j = 0; j < nt; j++) {
        s2.sub[0] = (struct nest_sub){.v = IR_NONE, .c = c0 + j * src.size[0]};
        d2.sub[0] = (struct nest_sub){.v = IR_NONE, .c = j};
        one[j] = nest_make_transfer(&xb, &s2, &d2, x);
    }
    ir_op_unlink(m, x);
    ir_block body = sibling(m, L, s, one[0]);
    for (int64_t j = 1; j < nt; j++) {
        ir_op_unlink(m, one[j]);
        ir_block_append_op(m, body, one[j]);
    }
    nest_prefix_buffer(m, tl, dst.v, bc, (struct nest_sub){.v = nest_for_iv(m, tl)});
}

/* ---- after coarsening: bulk loads invariant in their own tile loop ------ */

/* The buffers kept for a whole tile loop (keep_tile), which the outer hoist
 * of a later nest reading the same elements reads instead of its own. */
enum { MAX_KEPT = 16 };

struct kept {
    ir_value buf;  /* the program-level buffer */
    ir_op fill;    /* its one transfer, in the sibling pipeline */
    ir_op pipe;    /* that pipeline */
};

/* The elements of device memory a transfer's source side reads, when they
 * are one contiguous run of a reinterpret_cast view of static offset and
 * strides, every subscript a constant: the view's source, the first element
 * and the count. sub0 replaces the leading subscript when >= 0. */
static bool ddr_run(const struct ir_module *m, const struct nest_side *s, int64_t sub0,
                    ir_value *base, int64_t *first, int64_t *count)
{
    ir_op d = ir_value_def(m, s->v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_REINTERPRET_CAST || s->nsub != s->nsize)
        return false;
    const struct ir_attr_info *off = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
    const struct ir_attr_info *st = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
    if (!off || !st || off->n != 1 || off->ints[0] == IR_DYN || st->n != s->nsub)
        return false;
    int64_t at = off->ints[0], n = 1;
    for (uint32_t k = s->nsub; k-- > 0;) {
        int64_t sub = k == 0 && sub0 >= 0 ? sub0 : s->sub[k].c;
        if ((s->sub[k].v && !(k == 0 && sub0 >= 0)) || st->ints[k] == IR_DYN)
            return false;
        if (s->size[k] > 1 && st->ints[k] != n) /* not one run */
            return false;
        at += sub * st->ints[k];
        n *= s->size[k];
    }
    *base = ir_op_get(m, d)->opnd[0];
    *first = at;
    *count = n;
    return true;
}

/* Whether a transfer's destination side is the whole of its buffer, from
 * its first element (constant subscripts 0). */
static bool whole_buffer(const struct ir_module *m, const struct nest_side *d)
{
    int64_t n = 1;
    for (uint32_t k = 0; k < d->nsub; k++)
        if (d->sub[k].v || d->sub[k].c)
            return false;
    for (uint32_t k = 0; k < d->nsize; k++)
        n *= d->size[k];
    return n == ir_type_numel(m, ir_value_type(m, d->v));
}

/* Whether op comes after `before` in before's block. */
static bool later_in_block(const struct ir_module *m, ir_op before, ir_op op)
{
    for (ir_op o = ir_op_get(m, before)->next; o; o = ir_op_get(m, o)->next)
        if (o == op)
            return true;
    return false;
}

/* A bulk load x (in the DMA stage of tile loop tl's outer pipeline) whose
 * source and subscripts are the same at every iteration of loop L (tl or a
 * loop around it) into the whole of a program-level buffer nothing else
 * writes, used in tl only: the buffer can be filled once before L. */
static bool tile_hoistable(struct ir_module *m, ir_op fn, ir_op x, ir_op tl, ir_op L, ir_op *h,
                           uint32_t *nh)
{
    struct nest_side src, dst;
    if (!invariant_load(m, x, L, &src, &dst, h, nh))
        return false;
    ir_op a = ir_value_def(m, dst.v);
    if (!a || ir_op_get(m, a)->kind != IR_OP_MEMREF_ALLOC || nest_value_inside(m, dst.v, L) ||
        ir_op_get(m, a)->nopnd || !nest_memref_bytes(m, ir_value_type(m, dst.v)))
        return false;
    struct writes w = {.v = dst.v, .n = 0};
    ir_walk(m, fn, count_writes, &w);
    if (w.n != 1 || nest_users_under(m, tl, dst.v, NULL) != nest_users_under(m, fn, dst.v, NULL))
        return false;
    return !nest_writes_ddr(m, fn, nest_view_root(m, src.v));
}

bool nest_broadcast_kept(struct ir_module *m, ir_op x, ir_op tl)
{
    struct nest_side src;
    ir_op fn = tl;
    while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    return fn && nest_read_side(m, x, 0, &src) && !src.fifo && nest_is_ddr(m, src.v) &&
           !nest_writes_ddr(m, fn, nest_view_root(m, src.v));
}

struct keep {
    ir_op fn, tl;
    struct kept *kept;
    uint32_t *nkept;
    ir_op emptied[16][2]; /* stages left empty and their pipelines */
    uint32_t nemptied;
};

static void keep_one(struct ir_module *m, ir_op pipe, ir_op s, ir_op x, void *ctx)
{
    struct keep *k = ctx;
    ir_op h[MAX_HOIST], fn = k->fn, tl = k->tl;
    uint32_t nh = 0;
    if (!tile_hoistable(m, fn, x, tl, tl, h, &nh))
        return;
    ir_op L = tl;
    for (ir_op p = ir_op_parent(m, tl); p && p != fn; p = ir_op_parent(m, p)) {
        if (ir_op_get(m, p)->kind != IR_OP_SCF_FOR)
            continue;
        /* not out of a loop of at most one trip (it may run none: a
         * remainder-pieces digit) */
        if (nest_for_at_most_once(m, p) || !tile_hoistable(m, fn, x, tl, p, h, &nh))
            break;
        L = p;
    }
    tile_hoistable(m, fn, x, tl, L, h, &nh); /* L's ops to move */
    for (uint32_t i = 0; i < nh; i++) {
        ir_op_unlink(m, h[i]);
        ir_op_insert_before(m, L, h[i]);
    }
    struct nest_side dst;
    nest_read_side(m, x, 1, &dst);
    sibling(m, L, s, x);
    if (*k->nkept < MAX_KEPT)
        k->kept[(*k->nkept)++] = (struct kept){.buf = dst.v, .fill = x,
                                               .pipe = ir_op_parent(m, ir_op_parent(m, x))};
    if (!ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first && k->nemptied < 16) {
        k->emptied[k->nemptied][0] = s;
        k->emptied[k->nemptied++][1] = pipe;
    }
}

/* keep_tile: every such load of tile loop tl (whose trip count is not the
 * constant 1: a loop of one tile loads it once already) moves before the
 * outermost loop L around it (tl itself at least) it is invariant in, into
 * a one-stage sibling pipeline; the buffer stays, written once (double
 * buffering, after this, leaves it unphased). A stage left empty goes (the
 * tile's compute then waits for what that stage waited for). Recorded in
 * kept. */
static void keep_tile(struct ir_module *m, ir_op fn, ir_op tl, struct kept *kept, uint32_t *nkept)
{
    int64_t nt;
    if (nest_for_normal(m, tl, &nt) && nt <= 1)
        return;
    struct keep k = {.fn = fn, .tl = tl, .kept = kept, .nkept = nkept};
    each_transfer(m, nest_for_body(m, tl), keep_one, &k);
    for (uint32_t i = 0; i < k.nemptied; i++)
        nest_remove_stage(m, k.emptied[i][0]);
    for (uint32_t i = 0; i < k.nemptied; i++) {
        bool seen = false;
        for (uint32_t j = 0; j < i; j++)
            seen = seen || k.emptied[j][1] == k.emptied[i][1];
        if (!seen)
            nest_prune_private(m, k.emptied[i][1]);
    }
}

/* The outer hoist of bulk load x (tile loop tl of nt tiles, its leading
 * source subscript T * %t + c0, T its leading size, before loop L) reading
 * the elements a kept buffer holds, in its order: x goes and the compute
 * reads the kept buffer instead, its tile's part at leading index T * %t +
 * i of the kept buffer's shape without its leading unit dims ([nt * T,
 * rest..] for x's buffer [T, rest..]). */
static bool reuse_kept(struct ir_module *m, ir_op tl, int64_t nt, ir_op L, ir_op x, int64_t c0,
                       const struct kept *kept, uint32_t nkept)
{
    struct nest_side src, dst;
    ir_value base;
    int64_t first, count;
    int64_t next, n2;
    if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) ||
        !whole_buffer(m, &dst) || !ddr_run(m, &src, c0, &base, &first, &count) ||
        !ddr_run(m, &src, c0 + src.size[0], &base, &next, &n2) || next != first + count)
        return false; /* not one run, the tiles' runs one after the other */
    const struct ir_type_info *xt = ir_type_get(m, ir_value_type(m, dst.v));
    for (uint32_t k = 0; k < nkept; k++) {
        struct nest_side ks, kd;
        ir_value kbase;
        int64_t kfirst, kcount;
        const struct kept *kp = &kept[k];
        if (!nest_read_side(m, kp->fill, 0, &ks) || !nest_read_side(m, kp->fill, 1, &kd) ||
            !whole_buffer(m, &kd) || !ddr_run(m, &ks, -1, &kbase, &kfirst, &kcount) ||
            !nest_same_memory(m, kbase, base) || kfirst != first || kcount != nt * count ||
            ir_op_parent(m, kp->pipe) != ir_op_parent(m, L) || !later_in_block(m, kp->pipe, L))
            continue;
        const struct ir_type_info *kt = ir_type_get(m, ir_value_type(m, kp->buf));
        if (kt->elem != xt->elem || xt->rank == 0)
            continue;
        uint32_t lead = 0;
        while (lead < kt->rank && kt->shape[lead] == 1 && kt->rank - lead > xt->rank)
            lead++;
        bool alike = kt->rank - lead == xt->rank && kt->shape[lead] == nt * xt->shape[0] &&
                     lead + xt->rank < NEST_MAX_RANK;
        for (uint32_t d = 1; alike && d < xt->rank; d++)
            alike = kt->shape[lead + d] == xt->shape[d];
        if (!alike || !nest_prefixable(m, tl, dst.v))
            continue;
        /* every access of x's buffer in tl -> the kept buffer */
        ir_value old = dst.v;
        ir_op_unlink(m, x);
        struct sched_ops u = {0};
        sched_ops_using(m, tl, old, &u);
        for (uint32_t j = 0; j < u.n; j++) {
            ir_op op = u.v[j];
            if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
                continue;
            struct nest_side sd[2];
            nest_read_side(m, op, 0, &sd[0]);
            nest_read_side(m, op, 1, &sd[1]);
            struct split_b b;
            sb_before(&b, m, op, ir_op_get(m, op)->loc);
            for (int e = 0; e < 2; e++) {
                struct nest_side *z = &sd[e];
                if (z->v != old)
                    continue;
                ir_value at = sb_muli(&b, nest_for_iv(m, tl), xt->shape[0]);
                at = sb_addi(&b, at, z->sub[0].v ? z->sub[0].v : sb_index(&b, z->sub[0].c));
                memmove(z->sub + lead, z->sub, z->nsub * sizeof *z->sub);
                memmove(z->size + lead, z->size, z->nsize * sizeof *z->size);
                for (uint32_t d = 0; d < lead; d++) {
                    z->sub[d] = (struct nest_sub){.v = IR_NONE, .c = 0};
                    z->size[d] = 1;
                }
                z->sub[lead] = (struct nest_sub){.v = at};
                z->nsub += lead;
                z->nsize += lead;
                z->v = kp->buf;
            }
            nest_make_transfer(&b, &sd[0], &sd[1], op);
            ir_op_unlink(m, op);
        }
        free(u.v);
        return true;
    }
    return false;
}

bool nest_broadcast_outer(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    int64_t used = 0;
    struct kept kept[MAX_KEPT];
    uint32_t nkept = 0;
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (nest_op_inside(m, c->chosen[i].loop, fn))
            keep_tile(m, fn, c->chosen[i].loop, kept, &nkept);
    for (uint32_t i = 0; i < c->nchosen; i++) {
        ir_op tl = c->chosen[i].loop;
        int64_t nt;
        if (!nest_op_inside(m, tl, fn) || !nest_for_normal(m, tl, &nt) || nt < 1 ||
            nt > MAX_OUTER_TILES)
            continue;
        IR_FOR_OPS(m, nest_for_body(m, tl), pipe) {
            if (ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
                continue;
            IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
                if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
                    continue;
                ir_op next;
                for (ir_op x = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first;
                     x; x = next) {
                    next = ir_op_get(m, x)->next;
                    ir_op h[MAX_HOIST];
                    uint32_t nh = 0;
                    int64_t c0 = 0;
                    if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
                        continue;
                    ir_op L = outer_loop(m, fn, x, s, tl, h, &nh, &c0);
                    if (!L || reuse_kept(m, tl, nt, L, x, c0, kept, nkept))
                        continue;
                    struct nest_side d;
                    nest_read_side(m, x, 1, &d);
                    ir_type ty = ir_value_type(m, d.v);
                    const char *space = nest_memref_space(m, ty);
                    uint32_t k = space ? arch_kind_find(c->dev, space) : ARCH_NONE;
                    int64_t bytes = nt * nest_memref_bytes(m, ty);
                    if (k == ARCH_NONE ||
                        used + bytes > c->dev->res[c->dev->kinds[k].first].size / 4)
                        continue;
                    used += bytes;
                    hoist_outer(m, tl, nt, L, s, x, h, nh, c0);
                }
            }
        }
    }
    return true;
}
