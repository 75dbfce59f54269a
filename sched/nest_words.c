/* nest_words.c - ktc-nest's "shared-words" transformation (nest.h): a row
 * of device memory that starts inside a word (a vocabulary row of 50257
 * f16 at row x 50257, against 64-element words), which a first pass loads
 * whole and later passes load again block by block.
 *
 * ktc-path-expand widens each of those loads to the words around it: the
 * first pass's DMA reads F[.., A] (A = -(o mod w), o the row's offset) into
 * a staging buffer of the row's words, read at B = o mod w; a later pass's
 * block DMA reads F[.., A'] (A' = x - (o + x) mod w, x the block's start)
 * into a staging buffer of its own (in buffer phases), read at B' = (o +
 * x) mod w. Coarsening cannot read those `mod` subscripts, so each pass
 * reads the row from device memory again (1.85x the compulsory traffic
 * for 64 rows of 50257 f16 on 32 cores).
 *
 * The first pass's staging buffer becomes a buffer of the program,
 * %row_words, and each later block reads its elements there, at A' + B' -
 * A (element x + o mod w of the row's words, the sum's equal terms
 * cancelled): the block's DMA stage and staging buffer go.
 *
 * Rewrites, in a program: a pipeline P, not in buffer phases nor under a
 * ktdf.parallel, whose first stage is one DMA of a device-memory view F of
 * one row (leading extents 1), at subscripts defined outside P, into a
 * staging buffer of P, whole (at subscripts 0), which P's other transfers
 * read whole rows of (F's last extent); and every later pipeline Q (after
 * P in its block, or in loops there, none under a ktdf.parallel) whose
 * first stage is one DMA of F into a staging buffer of Q that Q's other
 * transfers only read (rows of one element's height). F's memory is not
 * written by the program. Aligned rows that the other transformations
 * left to load per pass take the same rewrite (A = B = 0). Runs after
 * resident-rows, on what the others left alone (they do not read `mod`
 * subscripts). A second copy of %row_words for the next row (in a loop of
 * rows) measured no faster: 64 x 50257 f16 on 32 cores 77907 cycles
 * either way.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"
#include "sched/path_expand_int.h"

enum { MAX_DIMS = 16, MAX_TERMS = 32 };

/* The one transfer of stage s, or IR_NONE. */
static ir_op only_transfer(const struct ir_module *m, ir_op s)
{
    ir_op x = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
        if (x || ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
            return IR_NONE;
        x = op;
    }
    return x;
}

/* A pipeline's DMA of a device-memory view into a staging buffer: its
 * stage, the transfer and the buffer (the private result). */
struct dma {
    ir_op stage, x;
    ir_value buf;
    struct pe_side s[2];
};

/* pipe's first stage when it is one DMA of F (any F when F is IR_NONE)
 * into a staging buffer of pipe that pipe's other transfers only read. */
static bool dma_of(const struct ir_module *m, ir_op pipe, ir_value F, struct dma *d)
{
    ir_op first = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s)
        if (ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE) {
            first = s;
            break;
        }
    if (!first || !(d->x = only_transfer(m, first)))
        return false;
    d->stage = first;
    pe_transfer_sides(m, d->x, d->s);
    if (d->s[0].fifo || d->s[1].fifo || d->s[0].ndyn || d->s[1].ndyn || !d->s[0].map ||
        !nest_is_ddr(m, d->s[0].v) || (F && d->s[0].v != F))
        return false;
    d->buf = d->s[1].v;
    if (!pe_staging_alloc(m, pipe, d->buf))
        return false;
    /* the buffer's other uses: sources of transfers of pipe */
    bool ok = true;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
        if (s == first || ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            struct pe_side t[2];
            if (o->kind != IR_OP_KTDF_DATA_TRANSFER) {
                for (uint32_t i = 0; i < o->nopnd; i++)
                    ok = ok && o->opnd[i] != d->buf;
                continue;
            }
            pe_transfer_sides(m, op, t);
            ok = ok && t[1].v != d->buf && (t[0].v != d->buf || (!t[0].ndyn && t[0].map));
        }
    }
    return ok;
}

/* ---- expressions ---------------------------------------------------------- */

/* Operands of one new subscript list, each value once. */
struct operands {
    ir_value v[MAX_DIMS];
    uint32_t n;
};

/* e, over the subscripts subs of a transfer side, with its dims renumbered
 * into ops' (each value added once); IR_NONE when ops is full. */
static ir_aff renumber(struct ir_module *m, ir_aff e, const ir_value *subs, struct operands *ops)
{
    const struct ir_aff_info a = *ir_aff_get(m, e);
    if (a.kind == IR_AFF_DIM) {
        uint32_t k = 0;
        while (k < ops->n && ops->v[k] != subs[a.v])
            k++;
        if (k == ops->n) {
            if (ops->n == MAX_DIMS)
                return IR_NONE;
            ops->v[ops->n++] = subs[a.v];
        }
        return ir_aff_dim(m, k);
    }
    if (a.kind == IR_AFF_CONST || a.kind == IR_AFF_SYM)
        return e;
    ir_aff l = renumber(m, a.lhs, subs, ops), r = l ? renumber(m, a.rhs, subs, ops) : IR_NONE;
    return r ? ir_aff_bin(m, (enum ir_aff_kind)a.kind, l, r) : IR_NONE;
}

/* A sum as terms: coefficient times an expression that is not a sum. */
struct terms {
    ir_aff t[MAX_TERMS];
    int64_t k[MAX_TERMS];
    uint32_t n;
    int64_t c;
};

/* Adds k times e to s (equal terms are the same interned expression, their
 * dims numbered alike); false when s is full. */
static bool add_terms(const struct ir_module *m, ir_aff e, int64_t k, struct terms *s)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    if (a->kind == IR_AFF_CONST) {
        s->c += k * a->v;
        return true;
    }
    if (a->kind == IR_AFF_ADD)
        return add_terms(m, a->lhs, k, s) && add_terms(m, a->rhs, k, s);
    if (a->kind == IR_AFF_MUL && ir_aff_get(m, a->rhs)->kind == IR_AFF_CONST)
        return add_terms(m, a->lhs, k * ir_aff_get(m, a->rhs)->v, s);
    for (uint32_t i = 0; i < s->n; i++)
        if (s->t[i] == e) {
            s->k[i] += k;
            return true;
        }
    if (s->n == MAX_TERMS)
        return false;
    s->t[s->n] = e;
    s->k[s->n++] = k;
    return true;
}

static ir_aff sum_of(struct ir_module *m, const struct terms *s)
{
    ir_aff e = ir_aff_const(m, 0);
    for (uint32_t i = 0; i < s->n; i++)
        if (s->k[i])
            e = ir_aff_bin(m, IR_AFF_ADD, e,
                           s->k[i] == 1
                               ? s->t[i]
                               : ir_aff_bin(m, IR_AFF_MUL, s->t[i], ir_aff_const(m, s->k[i])));
    return ir_aff_bin(m, IR_AFF_ADD, e, ir_aff_const(m, s->c));
}

/* The last subscript of side s of transfer x, its dims renumbered into ops. */
static ir_aff last_sub(struct ir_module *m, ir_op x, const struct pe_side *s, struct operands *ops)
{
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, s->map)->map);
    return renumber(m, mp->res[mp->nres - 1], ir_op_get(m, x)->opnd + s->first + 1, ops);
}

/* ---- the rewrite ---------------------------------------------------------- */

/* Transfer r of Q, which reads Q's staging buffer (filled by q), made to
 * read row buffer R (filled by p, at A = p's last subscript) instead: at
 * A' + B' - A, A' q's last subscript, B' r's. False (r left) when the
 * subscripts do not fit. */
static bool reread(struct ir_module *m, ir_op r, const struct dma *q, const struct dma *p,
                   ir_value R)
{
    struct pe_side t[2];
    pe_transfer_sides(m, r, t);
    const struct ir_attr_info *sz = ir_attr_get(m, t[0].sizes);
    for (uint32_t i = 0; i + 1 < sz->n; i++)
        if (sz->ints[i] != 1)
            return false;
    struct operands ops = {0};
    ir_aff a2 = last_sub(m, q->x, &q->s[0], &ops), b2 = a2 ? last_sub(m, r, &t[0], &ops) : IR_NONE,
           a = b2 ? last_sub(m, p->x, &p->s[0], &ops) : IR_NONE;
    struct terms s = {0};
    if (!a || !add_terms(m, a2, 1, &s) || !add_terms(m, b2, 1, &s) || !add_terms(m, a, -1, &s))
        return false;
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, R));
    ir_aff res[NEST_MAX_RANK];
    int64_t size[NEST_MAX_RANK];
    if (rt->rank > NEST_MAX_RANK)
        return false;
    for (uint32_t i = 0; i < rt->rank; i++) {
        res[i] = ir_aff_const(m, 0);
        size[i] = 1;
    }
    res[rt->rank - 1] = sum_of(m, &s);
    size[rt->rank - 1] = sz->ints[sz->n - 1];
    const struct ir_op_info *ro = ir_op_get(m, r);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.data_transfer", ro->loc);
    const struct ir_attr_info *ai = ro->attrs ? ir_attr_get(m, ro->attrs) : NULL;
    for (uint32_t i = 0; ai && i < ai->n; i++)
        ir_state_set_attr(m, &st, ir_str_get(m, ai->elems[2 * i]), ai->elems[2 * i + 1]);
    ir_state_add_operand(m, &st, R);
    for (uint32_t i = 0; i < ops.n; i++)
        ir_state_add_operand(m, &st, ops.v[i]);
    ro = ir_op_get(m, r);
    for (uint32_t i = 0; i <= t[1].nsub + t[1].ndyn; i++)
        ir_state_add_operand(m, &st, ro->opnd[t[1].first + i]);
    ir_state_set_attr(m, &st, "source_map",
                      ir_attr_affine_map(m, ir_map_intern(m, ops.n, 0, rt->rank, res)));
    ir_state_set_attr(m, &st, "static_source_sizes",
                      ir_attr_dense_array(m, m->t_i64, rt->rank, size));
    int64_t seg[6] = {1, ops.n, 0, 1, t[1].nsub, t[1].ndyn};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 6, seg));
    ir_op n = ir_op_create(m, &st);
    ir_op_insert_before(m, r, n);
    ir_op_unlink(m, r);
    return true;
}

/* Drops stage s, the first of pipe: the stage after it, which waited on
 * its token, waits on none. False (nothing changed) when another stage
 * waits on it. */
static bool drop_first_stage(struct ir_module *m, ir_op pipe, ir_op s)
{
    const struct ir_op_info *so = ir_op_get(m, s);
    ir_value tok = so->opnd[so->nopnd - 1];
    ir_op next = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), t) {
        const struct ir_op_info *to = ir_op_get(m, t);
        if (t == s || to->kind != IR_OP_KTDF_STAGE)
            continue;
        for (uint32_t i = 0; i + 1 < to->nopnd; i++)
            if (to->opnd[i] == tok) {
                if (next || to->nopnd != 2)
                    return false;
                next = t;
            }
    }
    if (!next)
        return false;
    nest_stage_starts(m, next);
    ir_op_unlink(m, s);
    return true;
}

/* Whether pipe's ktdf.private still yields a buffer (in phases, when pipe
 * is modulo). */
static bool has_buffers(const struct ir_module *m, ir_op pipe)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_KTDF_PRIVATE)
            continue;
        for (uint32_t i = 0; i < o->nres; i++)
            if (ir_type_get(m, ir_value_type(m, o->res + i))->kind == IR_TY_MEMREF)
                return true;
    }
    return false;
}

/* Whether op has a ktdf.parallel around it (its instances may run it at
 * once: not under one buffer). */
static bool in_parallel(const struct ir_module *m, ir_op op)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_KTDF_PARALLEL)
            return true;
    return false;
}

/* Appends the pipelines op is or holds (none nested in another) to l, in
 * program order. */
static void pipelines(const struct ir_module *m, ir_op op, struct sched_ops *l)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_PIPELINE) {
        sched_ops_push(l, op);
        return;
    }
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, x)
                pipelines(m, x, l);
}

/* Shares the words pipeline p's DMA d loads with the later pipelines;
 * whether it did. */
static bool share(struct nest_ctx *c, ir_op fn, ir_op p, const struct dma *d)
{
    struct ir_module *m = c->m;
    const struct ir_type_info *ft = ir_type_get(m, ir_value_type(m, d->s[0].v));
    int64_t n = ft->shape[ft->rank - 1];
    /* every other transfer of p reads the buffer whole, rows of F's
     * length (so the words hold all of F's row), at subscripts p does not
     * define */
    for (uint32_t i = 0; i < d->s[0].nsub; i++) {
        ir_op od = ir_value_def(m, ir_op_get(m, d->x)->opnd[d->s[0].first + 1 + i]);
        if (od && split_inside(m, od, p))
            return false;
    }
    const struct ir_attr_info *ds = ir_attr_get(m, d->s[1].sizes);
    const struct ir_affine_map *dm = ir_map_get(m, ir_attr_get(m, d->s[1].map)->map);
    for (uint32_t i = 0; i < dm->nres; i++)
        if (ir_aff_get(m, dm->res[i])->kind != IR_AFF_CONST || ir_aff_get(m, dm->res[i])->v)
            return false;
    /* F one row (its leading extents 1): every load of F reads that row */
    for (uint32_t i = 0; i + 1 < ft->rank; i++)
        if (ft->shape[i] != 1)
            return false;
    const struct ir_type_info *bt = ir_type_get(m, ir_value_type(m, d->buf));
    if (ft->shape[ft->rank - 1] == IR_DYN || ds->n != bt->rank ||
        memcmp(ds->ints, bt->shape, bt->rank * sizeof *bt->shape))
        return false;
    bool whole = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, p, 0)), s)
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
            struct pe_side t[2];
            if (op == d->x || ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
                continue;
            pe_transfer_sides(m, op, t);
            if (t[0].v != d->buf)
                continue;
            const struct ir_attr_info *sz = ir_attr_get(m, t[0].sizes);
            if (sz->ints[sz->n - 1] != n)
                return false;
            whole = true;
        }
    if (!whole || nest_writes_ddr(m, fn, nest_view_root(m, d->s[0].v)))
        return false;
    /* the later pipelines: after p in its block, in the loops there */
    struct sched_ops later = {0};
    for (ir_op o = ir_op_get(m, p)->next; o; o = ir_op_get(m, o)->next)
        pipelines(m, o, &later);
    ir_value R = IR_NONE;
    for (uint32_t i = 0; i < later.n; i++) {
        ir_op q = later.v[i];
        struct dma e;
        if (in_parallel(m, q) || !dma_of(m, q, d->s[0].v, &e))
            continue;
        if (!R) { /* p's staging buffer, the program's */
            struct split_b top;
            ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
            sb_before(&top, m, ir_block_get(m, entry)->first, ir_op_get(m, p)->loc);
            R = nest_make_op(&top, "memref.alloc", ir_value_type(m, d->buf));
            split_set_name(m, R, "row_words");
        }
        /* q's readers of its buffer read R */
        bool all = true;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, q, 0)), s) {
            ir_op next;
            for (ir_op op = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first; op;
                 op = next) {
                next = ir_op_get(m, op)->next;
                struct pe_side t[2];
                if (op == e.x || ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
                    continue;
                pe_transfer_sides(m, op, t);
                if (t[0].v == e.buf)
                    all = reread(m, op, &e, d, R) && all;
            }
        }
        if (all && drop_first_stage(m, q, e.stage)) {
            nest_prune_private(m, q);
            if (!has_buffers(m, q)) /* no phases: no credits (path_expand_word.c) */
                ir_op_set_attr(m, q, "modulo", IR_NONE);
        }
    }
    free(later.v);
    if (R) {
        split_replace_uses(m, p, d->buf, R);
        nest_prune_private(m, p);
    }
    return R != IR_NONE;
}

bool nest_shared_words(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops l = {0};
    pipelines(m, fn, &l);
    bool any = false;
    for (uint32_t i = 0; i < l.n; i++) {
        struct dma d;
        /* a pipeline an earlier share rewrote reads no device memory now */
        if (!ir_op_attr(m, l.v[i], "modulo") && !in_parallel(m, l.v[i]) &&
            dma_of(m, l.v[i], IR_NONE, &d))
            any = share(c, fn, l.v[i], &d) || any;
    }
    free(l.v);
    if (any)
        split_dce(m, fn);
    return true;
}
