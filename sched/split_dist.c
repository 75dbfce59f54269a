/* split_dist.c - ktc-split's distributed-view phase (split.h), run first:
 * every access tile on a ktdp.construct_distributed_memory_view becomes an
 * access tile, at the same subscripts, on a plain view that addresses, on
 * each tile of the grid, the partition (or the parts of one matrix) the
 * tile's box lies in.
 *
 * Ref §6.5: the element at global coordinate g of partition i (origin p_i,
 * the per-dim minimum of its set; offset o_i; strides s) is at o_i +
 * sum_k (g_k - p_i,k) s_k = E_i + g.s, E_i = o_i - p_i.s. An access tile
 * whose box lies in partition q thus reads the view of offset E_q and
 * strides s at its global coordinates. On tile t the box meets first (as
 * ktc-interp's first match) partition q(t), which holds it whole, or the
 * box straddles partitions with q(t)'s root, strides and E that cover it
 * (parts of one matrix: whichever serves an element, its address is the
 * same). With o_i = root + c_i (one SSA root and constants), E_q(t) = root
 * + a t + b must hold for one a and b on every tile (a = 0 when one
 * partition, or one matrix, serves every tile): the view is then
 *
 *   %pid = ktdp.get_compute_tile_id : index          (when a != 0)
 *   %off = root + a * %pid + b
 *   %v = ktdp.construct_memory_view %off, sizes: <the distributed view's
 *          shape>, strides: s {coordinate_set = <the partitions' bounding box>}
 *
 * placed after the distributed view, which goes away with its last use. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

#define MAX_TILES 4096 /* tiles a grid may have for this rewrite */
#define MAX_RANK 8
#define MAX_PARTS 64

/* A partition of a distributed view. */
struct part {
    ir_op op;                          /* its ktdp.construct_memory_view */
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* its set: a constant box */
    ir_value root;                     /* offset = root + c (root IR_NONE: constant) */
    int64_t c;
    const struct ir_attr_info *strides, *space;
};

struct dview {
    ir_op op;
    uint32_t rank, nparts;
    struct part p[MAX_PARTS];
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* the partitions' bounding box */
};

/* v as root + *c: arith.addi / subi with constants peeled off. */
static ir_value split_offset(const struct ir_module *m, ir_value v, int64_t *c)
{
    *c = 0;
    for (int depth = 0; depth < 64; depth++) {
        int64_t k;
        if (split_const_int(m, v, &k)) {
            *c += k;
            return IR_NONE;
        }
        ir_op d = ir_value_def(m, v);
        const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
        if (!o || o->nopnd != 2 || (o->kind != IR_OP_ARITH_ADDI && o->kind != IR_OP_ARITH_SUBI))
            return v;
        if (split_const_int(m, o->opnd[1], &k)) {
            *c += o->kind == IR_OP_ARITH_ADDI ? k : -k;
            v = o->opnd[0];
        } else if (o->kind == IR_OP_ARITH_ADDI && split_const_int(m, o->opnd[0], &k)) {
            *c += k;
            v = o->opnd[1];
        } else {
            return v;
        }
    }
    return v;
}

static const struct ir_attr_info *attr_of(const struct ir_module *m, ir_op op, const char *name,
                                          uint8_t kind)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == kind ? ai : NULL;
}

/* Reads distributed view op into d; false after a located error. */
static bool read_dview(struct split_ctx *c, ir_op op, struct dview *d)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, o->res));
    d->op = op;
    d->rank = rt->rank;
    d->nparts = o->nopnd;
    if (rt->kind != IR_TY_MEMREF || rt->rank > MAX_RANK || !o->nopnd || o->nopnd > MAX_PARTS)
        return split_error(c, op, "a distributed view of rank %u with %u partitions is not "
                                  "supported yet", rt->rank, o->nopnd);
    for (uint32_t k = 0; k < rt->rank; k++)
        if (rt->shape[k] == IR_DYN)
            return split_error(c, op, "a distributed view of dynamic shape is not supported yet");
    for (uint32_t i = 0; i < o->nopnd; i++) {
        struct part *p = &d->p[i];
        p->op = ir_value_def(m, o->opnd[i]);
        if (!p->op || ir_op_get(m, p->op)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
            return split_error(c, op, "partition #%u of this distributed view is not a "
                                      "ktdp.construct_memory_view; not supported yet", i);
        const struct ir_op_info *po = ir_op_get(m, p->op);
        const struct ir_attr_info *set = attr_of(m, p->op, "coordinate_set", IR_AT_INTEGER_SET);
        if (!set || ir_set_get(m, set->map)->nsyms)
            return split_error(c, p->op, "a partition of a distributed view whose coordinate set "
                                         "%s is not supported yet",
                               set ? "has symbols (sizes known at launch)" : "is missing");
        if (ir_set_get(m, set->map)->ndims != d->rank ||
            !ir_set_box(m, set->map, NULL, p->lo, p->hi))
            return split_error(c, p->op, "a partition of a distributed view whose coordinate set "
                                         "is not a box is not supported yet");
        for (uint32_t k = 0; k < d->rank; k++) {
            if (p->lo[k] == INT64_MIN || p->hi[k] == INT64_MAX)
                return split_error(c, p->op, "a partition of a distributed view with an "
                                             "unbounded coordinate set is not supported yet");
            d->lo[k] = i && d->lo[k] < p->lo[k] ? d->lo[k] : p->lo[k];
            d->hi[k] = i && d->hi[k] > p->hi[k] ? d->hi[k] : p->hi[k];
        }
        p->strides = attr_of(m, p->op, "static_strides", IR_AT_DENSE_ARRAY);
        p->space = attr_of(m, p->op, "memory_space", IR_AT_MEMSPACE);
        if (po->nopnd != 1 || !p->strides || p->strides->n != d->rank)
            return split_error(c, p->op, "a partition of a distributed view with dynamic sizes "
                                         "or strides is not supported yet");
        p->root = split_offset(m, po->opnd[0], &p->c);
    }
    return true;
}

static void fmt_box(char *buf, size_t n, uint32_t r, const int64_t *lo, const int64_t *hi)
{
    int len = snprintf(buf, n, "[");
    for (uint32_t k = 0; k < r && len >= 0 && (size_t)len < n; k++)
        len += snprintf(buf + len, n - (size_t)len, "%s%" PRId64 "..%" PRId64, k ? ", " : "",
                        lo[k], hi[k]);
    if (len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "]");
}

static bool meets(uint32_t r, const int64_t *alo, const int64_t *ahi, const int64_t *blo,
                  const int64_t *bhi)
{
    for (uint32_t k = 0; k < r; k++)
        if (ahi[k] < blo[k] || bhi[k] < alo[k])
            return false;
    return true;
}

static bool inside(uint32_t r, const int64_t *alo, const int64_t *ahi, const int64_t *blo,
                   const int64_t *bhi)
{
    for (uint32_t k = 0; k < r; k++)
        if (alo[k] < blo[k] || ahi[k] > bhi[k])
            return false;
    return true;
}

/* E_i - root: the offset at which partition i's view reads global
 * coordinates (o_i - sum_k p_i,k s_k), less its root. */
static int64_t global_offset(const struct part *p, uint32_t rank)
{
    int64_t e = p->c;
    for (uint32_t k = 0; k < rank; k++)
        e -= p->lo[k] * p->strides->ints[k];
    return e;
}

/* Whether partitions i and j are parts of one matrix: their views read
 * global coordinates at the same offsets (same root, strides and E). */
static bool one_matrix(const struct dview *d, uint32_t i, uint32_t j)
{
    const struct part *a = &d->p[i], *b = &d->p[j];
    return a->root == b->root &&
           memcmp(a->strides->ints, b->strides->ints, d->rank * sizeof(int64_t)) == 0 &&
           global_offset(a, d->rank) == global_offset(b, d->rank);
}

#define MAX_CELLS (1 << 20) /* cells of a straddling box checked for coverage */

/* Whether the partitions in met[0..n) cover box [lo, hi]: every cell of
 * the grid their bounds cut the box into has its corner in one of them.
 * *point gets an uncovered corner. -1 when there are too many cells. */
static int covered(const struct dview *d, const uint32_t *met, uint32_t n, const int64_t *lo,
                   const int64_t *hi, int64_t *point)
{
    uint32_t r = d->rank, nb[MAX_RANK], idx[MAX_RANK] = {0};
    int64_t *bk[MAX_RANK], cells = 1;
    for (uint32_t k = 0; k < r; k++) {
        bk[k] = malloc((2 * (size_t)n + 1) * sizeof **bk);
        if (!bk[k])
            abort();
        nb[k] = 0;
        bk[k][nb[k]++] = lo[k];
        for (uint32_t j = 0; j < n; j++) {
            int64_t e[2] = {d->p[met[j]].lo[k], d->p[met[j]].hi[k] + 1};
            for (int h = 0; h < 2; h++) {
                bool dup = e[h] <= lo[k] || e[h] > hi[k];
                for (uint32_t x = 0; x < nb[k] && !dup; x++)
                    dup = bk[k][x] == e[h];
                if (!dup)
                    bk[k][nb[k]++] = e[h];
            }
        }
        cells = cells > MAX_CELLS / nb[k] ? MAX_CELLS + 1 : cells * nb[k];
    }
    int rc = cells > MAX_CELLS ? -1 : 1;
    for (int64_t cell = 0; rc == 1 && cell < cells; cell++) {
        for (uint32_t k = 0; k < r; k++)
            point[k] = bk[k][idx[k]];
        bool in = false;
        for (uint32_t j = 0; j < n && !in; j++)
            in = inside(r, point, point, d->p[met[j]].lo, d->p[met[j]].hi);
        if (!in)
            rc = 0;
        for (uint32_t k = r; k-- > 0;) { /* next cell */
            if (++idx[k] < nb[k])
                break;
            idx[k] = 0;
        }
    }
    for (uint32_t k = 0; k < r; k++)
        free(bk[k]);
    return rc;
}

/* The partition serving access tile at on each tile of the grid (q[t]);
 * false after a located error. */
static bool tile_parts(struct split_ctx *c, const struct dview *d, ir_op at,
                       int64_t ntiles, uint32_t *q)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, at);
    const struct ir_attr_info *set = attr_of(m, at, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *bm = attr_of(m, at, "base_map", IR_AT_AFFINE_MAP);
    int64_t alo[MAX_RANK], ahi[MAX_RANK];
    if (!set || !bm || ir_set_get(m, set->map)->nsyms ||
        ir_set_get(m, set->map)->ndims != d->rank ||
        ir_map_get(m, bm->map)->nres != d->rank || !ir_set_box(m, set->map, NULL, alo, ahi))
        return split_error(c, at, "an access tile on a distributed view whose set is not a "
                                  "constant box is not supported yet");
    for (uint32_t k = 0; k < d->rank; k++)
        if (alo[k] == INT64_MIN || ahi[k] == INT64_MAX)
            return split_error(c, at, "an access tile on a distributed view whose set is not a "
                                      "constant box is not supported yet");
    int64_t sub[16];
    if (o->nopnd - 1 > 16)
        return split_error(c, at, "an access tile with %u subscripts is not supported yet",
                           o->nopnd - 1);
    for (int64_t t = 0; t < ntiles; t++) {
        for (uint32_t i = 1; i < o->nopnd; i++)
            if (!split_eval_on_tile(m, o->opnd[i], t, &sub[i - 1]))
                return split_error(c, at, "an access tile on a distributed view whose subscripts "
                                          "are not functions of the tile id alone is not "
                                          "supported yet");
        int64_t lo[MAX_RANK], hi[MAX_RANK];
        bool ok = true;
        for (uint32_t k = 0; k < d->rank; k++) {
            int64_t x = ir_aff_eval(m, ir_map_get(m, bm->map)->res[k], sub, NULL, &ok);
            lo[k] = x + alo[k];
            hi[k] = x + ahi[k];
        }
        if (!ok)
            return split_error(c, at, "malformed access tile subscripts");
        uint32_t i = 0;
        while (i < d->nparts && !meets(d->rank, lo, hi, d->p[i].lo, d->p[i].hi))
            i++;
        char box[256];
        fmt_box(box, sizeof box, d->rank, lo, hi);
        if (i == d->nparts)
            return split_error(c, at, "on tile %" PRId64 ", this access tile's box %s is in no "
                                      "partition of the distributed view", t, box);
        if (!inside(d->rank, lo, hi, d->p[i].lo, d->p[i].hi)) {
            /* Straddling parts of one matrix: one view reads them all. */
            uint32_t met[MAX_PARTS], n = 0;
            for (uint32_t j = i; j < d->nparts; j++) {
                if (!meets(d->rank, lo, hi, d->p[j].lo, d->p[j].hi))
                    continue;
                if (!one_matrix(d, i, j))
                    return split_error(c, at, "on tile %" PRId64 ", this access tile's box %s "
                                              "straddles partitions #%u and #%u of the "
                                              "distributed view, which are not parts of one "
                                              "matrix (other strides, buffers or layout); "
                                              "not supported yet", t, box, i, j);
                met[n++] = j;
            }
            int64_t pt[MAX_RANK];
            int cov = covered(d, met, n, lo, hi, pt);
            if (cov < 0)
                return split_error(c, at, "on tile %" PRId64 ", this access tile's box %s "
                                          "straddles too many partitions to check; not "
                                          "supported yet", t, box);
            if (!cov) {
                char at_pt[128];
                int len = snprintf(at_pt, sizeof at_pt, "(");
                for (uint32_t k = 0; k < d->rank && len > 0 && (size_t)len < sizeof at_pt; k++)
                    len += snprintf(at_pt + len, sizeof at_pt - (size_t)len, "%s%" PRId64 "%s",
                                    k ? ", " : "", pt[k], k + 1 == d->rank ? ")" : "");
                return split_error(c, at, "on tile %" PRId64 ", this access tile's box %s "
                                          "reaches outside the partitions of the distributed "
                                          "view (at %s)", t, box, at_pt);
            }
            for (uint32_t j = 1; j < n; j++) { /* met[0] = q[t]: rewrite_tile checks it */
                const struct ir_attr_info *sp = d->p[met[j]].space;
                if (!sp || (sp->i != IR_MS_GLOBAL && sp->i != IR_MS_UNSPECIFIED) ||
                    (sp->flags & IR_ATF_HAS_ID))
                    return split_error(c, at, "on tile %" PRId64 ", this access tile reads "
                                              "partition #%u of the distributed view, which is "
                                              "not in global memory (a scratchpad); not "
                                              "supported yet", t, met[j]);
            }
        }
        q[t] = i;
    }
    return true;
}

/* Rewrites access tile at on distributed view d (see above). */
static bool rewrite_tile(struct split_ctx *c, ir_op fn, const struct dview *d, ir_op at)
{
    struct ir_module *m = c->m;
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES);
    if (!ntiles)
        return split_error(c, at, "an access tile on a distributed view in a grid of more "
                                  "than %d tiles is not supported yet", MAX_TILES);
    uint32_t *q = malloc((size_t)ntiles * sizeof *q);
    if (!q)
        abort();
    bool ok = tile_parts(c, d, at, ntiles, q);
    /* The partitions it reads: global memory, one stride and buffer. */
    const struct part *p0 = ok ? &d->p[q[0]] : NULL;
    for (int64_t t = 0; ok && t < ntiles; t++) {
        const struct part *p = &d->p[q[t]];
        if (!p->space || (p->space->i != IR_MS_GLOBAL && p->space->i != IR_MS_UNSPECIFIED) ||
            (p->space->flags & IR_ATF_HAS_ID))
            ok = split_error(c, at, "on tile %" PRId64 ", this access tile reads partition #%u "
                                    "of the distributed view, which is not in global memory "
                                    "(a scratchpad); not supported yet", t, q[t]);
        else if (memcmp(p->strides->ints, p0->strides->ints, d->rank * sizeof(int64_t)) != 0)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, which have different strides; not "
                                    "supported yet", q[0], q[t]);
        else if (p->root != p0->root)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, whose offsets do not differ by a "
                                    "constant (different buffers); not supported yet", q[0], q[t]);
        for (uint32_t k = 0; ok && k < d->rank; k++)
            if (p->strides->ints[k] == IR_DYN)
                ok = split_error(c, p->op, "views with dynamic strides are not supported yet");
    }
    /* E_q(t) = root + a t + b. */
    int64_t b = ok ? global_offset(p0, d->rank) : 0;
    int64_t a = ok && ntiles > 1 ? global_offset(&d->p[q[1]], d->rank) - b : 0;
    for (int64_t t = 0; ok && t < ntiles; t++)
        if (global_offset(&d->p[q[t]], d->rank) != b + a * t)
            ok = split_error(c, at, "the partitions this access tile reads on each tile are at "
                                    "offsets that are not an affine function of the tile id "
                                    "(tile %" PRId64 " reads partition #%u); not supported "
                                    "yet", t, q[t]);
    free(q);
    if (!ok)
        return false;
    /* The view, after the distributed view. */
    struct split_b sb;
    sb_before(&sb, m, ir_op_get(m, d->op)->next, ir_op_get(m, at)->loc);
    ir_value off = sb_index(&sb, b);
    if (a) {
        struct ir_op_state st;
        ir_state_init(&st, m, "ktdp.get_compute_tile_id", sb.loc);
        ir_state_add_result(m, &st, m->t_index);
        ir_value pid = ir_op_result(m, sb_emit(&sb, &st), 0);
        off = sb_addi(&sb, sb_muli(&sb, pid, a), off);
    }
    if (p0->root)
        off = sb_addi(&sb, p0->root, off);
    struct split_vmap vm = {0};
    ir_op v = split_clone(m, p0->op, &vm);
    split_vmap_free(&vm);
    ir_op_get(m, v)->opnd[0] = off;
    const struct ir_type_info *dt = ir_type_get(m, ir_value_type(m, ir_op_get(m, d->op)->res));
    ir_op_set_attr(m, v, "static_sizes", ir_attr_dense_array(m, m->t_i64, d->rank, dt->shape));
    ir_aff cons[2 * MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    for (uint32_t k = 0; k < d->rank; k++) {
        ir_aff dim = ir_aff_dim(m, k);
        cons[2 * k] = ir_aff_bin(m, IR_AFF_ADD, dim, ir_aff_const(m, -d->lo[k]));
        ir_aff neg = ir_aff_bin(m, IR_AFF_MUL, dim, ir_aff_const(m, -1));
        cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, neg, ir_aff_const(m, d->hi[k]));
    }
    ir_op_set_attr(m, v, "coordinate_set",
                   ir_attr_integer_set(m, ir_set_intern(m, d->rank, 0, 2 * d->rank, cons, eq)));
    ir_value_get(m, ir_op_get(m, v)->res)->type = ir_value_type(m, ir_op_get(m, d->op)->res);
    ir_value_get(m, ir_op_get(m, v)->res)->name = ir_value_get(m, ir_op_get(m, d->op)->res)->name;
    if (sb.before)
        ir_op_insert_before(m, sb.before, v);
    else
        ir_block_append_op(m, ir_op_get(m, d->op)->block, v);
    ir_op_get(m, at)->opnd[0] = ir_op_get(m, v)->res;
    return true;
}

/* ---- the phase ---------------------------------------------------------- */

struct users {
    ir_value v;
    struct sched_ops l;
};

static bool collect_users(struct ir_module *m, ir_op op, void *ctx)
{
    struct users *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == u->v) {
            sched_ops_push(&u->l, op);
            break;
        }
    return true;
}

/* Whether fn's grid is 1-D (its dims after the first are 1): the tile id
 * this phase evaluates is the linear one. */
static bool one_dim_grid(const struct ir_module *m, ir_op fn)
{
    return sched_grid_tiles(m, fn, INT64_MAX) == sched_grid_dim0(m, fn);
}

bool split_dist(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops dvs = {0};
    IR_FOR_OPS(m, ir_module_body(m), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            sched_ops_of_kind(m, op, IR_OP_KTDP_CONSTRUCT_DISTRIBUTED_MEMORY_VIEW, &dvs);
    struct dview *d = malloc(sizeof *d);
    if (!d)
        abort();
    for (uint32_t i = 0; i < dvs.n; i++) {
        ir_op fn = dvs.v[i];
        while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
            fn = ir_op_parent(m, fn);
        if (!fn) {
            split_error(c, dvs.v[i], "a distributed view outside a function is not supported yet");
            continue;
        }
        if (!one_dim_grid(m, fn)) {
            split_error(c, dvs.v[i], "a distributed view in a function whose grid has several "
                                     "dimensions is not supported yet");
            continue;
        }
        if (!read_dview(c, dvs.v[i], d))
            continue;
        struct users u = {.v = ir_op_get(m, dvs.v[i])->res};
        ir_walk(m, fn, collect_users, &u);
        bool ok = true;
        for (uint32_t j = 0; j < u.l.n; j++) {
            ir_op at = u.l.v[j];
            const struct ir_op_info *ao = ir_op_get(m, at);
            if (ao->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE || ao->opnd[0] != u.v)
                ok = split_error(c, at, "a distributed view used by %s (only "
                                        "ktdp.construct_access_tile) is not supported yet",
                                 ir_str_get(m, ao->name));
            else
                ok &= rewrite_tile(c, fn, d, at);
        }
        free(u.l.v);
        if (ok) /* no use left */
            ir_op_unlink(m, dvs.v[i]);
    }
    free(d);
    free(dvs.v);
    return !c->failed;
}
