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
 * same). The box is evaluated on every tile t (a tile id's result k is
 * t's coordinate along grid dimension k, grid.h) and every iteration of
 * the scf.for loops the subscripts depend on; all iterations on a tile
 * must read at one E. With o_i = root + c_i (one SSA root and constants),
 * E_q(t) = root + b + sum_k a_k c_k(t) must hold for constants a_k, b on
 * every tile of coordinates c_k(t) (all a_k = 0 when one partition, or
 * one matrix, serves every tile): the view is then
 *
 *   %c:K = ktdp.get_compute_tile_id : index, ...     (K: the last a_k != 0)
 *   %off = root + b + a_0 * %c#0 + ...
 *   %v = ktdp.construct_memory_view %off, sizes: <the distributed view's
 *          shape>, strides: s {coordinate_set = <the partitions' bounding box>}
 *
 * placed after the distributed view, which goes away with its last use;
 * access tiles reading at the same offset form share one such view. */
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
#define MAX_GRID 3 /* grid dimensions */

/* A partition of a distributed view. */
struct part {
    ir_op op;                          /* its ktdp.construct_memory_view */
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* its set: a constant box */
    ir_value root;                     /* offset = root + c (root IR_NONE: constant) */
    int64_t c;
    const struct ir_attr_info *strides, *space;
};

/* A plain view made for access tiles of a distributed view: partition q's
 * clone at offset root + b + sum_k a_k coord_k. */
struct made_view {
    uint32_t q;
    int64_t b, a[MAX_GRID];
    ir_value v;
};

struct dview {
    ir_op op;
    uint32_t rank, nparts;
    struct part p[MAX_PARTS];
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* the partitions' bounding box */
    /* the views made so far: access tiles that read at the same E share one
     * (the same memory seen through one SSA value, so ktc-nest's coarsening
     * merges two passes' loads of the same elements) */
    struct made_view made[MAX_PARTS];
    uint32_t nmade;
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
    d->nmade = 0;
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

static const char *fmt_box(char *buf, size_t n, uint32_t r, const int64_t *lo, const int64_t *hi)
{
    int len = snprintf(buf, n, "[");
    for (uint32_t k = 0; k < r && len >= 0 && (size_t)len < n; k++)
        len += snprintf(buf + len, n - (size_t)len, "%s%" PRId64 "..%" PRId64, k ? ", " : "",
                        lo[k], hi[k]);
    if (len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "]");
    return buf;
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

#define MAX_LOOPS 8
#define MAX_POINTS (1 << 16) /* (tile, iteration) points checked per access tile */

/* The scf.for loops around an access tile whose variables its subscripts
 * (or the bounds of such loops) reach, outermost first. */
struct loops {
    uint32_t n;
    ir_op op[MAX_LOOPS];
    ir_value iv[MAX_LOOPS];
    int64_t x[MAX_LOOPS]; /* the variables' values at the point evaluated */
};

/* Marks in l->use[] the loops (of l->all) whose variables v reaches. */
struct reach {
    uint32_t n;
    ir_op op[MAX_LOOPS];
    bool use[MAX_LOOPS];
};

static void reach_value(const struct ir_module *m, ir_value v, struct reach *r, int depth)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) {
        for (uint32_t i = 0; i < r->n; i++)
            if (ir_block_get(m, split_body(m, r->op[i], 0))->args[0] == v)
                r->use[i] = true;
        return;
    }
    const struct ir_op_info *o = ir_op_get(m, vi->owner);
    for (uint32_t i = 0; i < o->nopnd && depth < 64; i++)
        reach_value(m, o->opnd[i], r, depth + 1);
}

/* The loops access tile at depends on; false when more than MAX_LOOPS. */
static bool find_loops(const struct ir_module *m, ir_op fn, ir_op at, struct loops *l)
{
    struct reach r = {0};
    for (ir_op p = ir_op_parent(m, at); p && p != fn; p = ir_op_parent(m, p)) {
        const struct ir_op_info *po = ir_op_get(m, p);
        if (po->kind != IR_OP_SCF_FOR || po->nopnd < 3 || !split_body(m, p, 0) ||
            !ir_block_get(m, split_body(m, p, 0))->nargs)
            continue;
        if (r.n == MAX_LOOPS)
            return false;
        r.op[r.n++] = p; /* innermost first */
    }
    const struct ir_op_info *o = ir_op_get(m, at);
    for (uint32_t i = 1; i < o->nopnd; i++)
        reach_value(m, o->opnd[i], &r, 0);
    for (uint32_t i = 0; i < r.n; i++) /* a loop's bounds reach outer loops only */
        if (r.use[i])
            for (uint32_t k = 0; k < 3; k++)
                reach_value(m, ir_op_get(m, r.op[i])->opnd[k], &r, 0);
    l->n = 0;
    for (uint32_t i = r.n; i-- > 0;)
        if (r.use[i]) {
            l->op[l->n] = r.op[i];
            l->iv[l->n++] = ir_block_get(m, split_body(m, r.op[i], 0))->args[0];
        }
    return true;
}

/* Where an access tile reads on tile t: the partition of its first point
 * (-1: none, its loops run no iteration there) and E_q - root. */
struct tile_read {
    int64_t q, e;
};

struct walk {
    struct split_ctx *c;
    const struct dview *d;
    ir_op at;
    const struct ir_attr_info *bm;
    int64_t alo[MAX_RANK], ahi[MAX_RANK];
    struct loops l;
    int64_t t, points;
    struct tile_read *rd;
};

static bool not_affine(struct walk *w)
{
    return split_error(w->c, w->at, "an access tile on a distributed view whose subscripts are "
                                    "not functions of the tile id and of enclosing loop "
                                    "variables (loops with such bounds and a positive step) "
                                    "is not supported yet");
}

/* Checks the access tile's box at the current point (tile w->t, loop
 * variables w->l.x): the partition q serving it, recorded in w->rd[t]. */
static bool check_point(struct walk *w)
{
    struct split_ctx *c = w->c;
    struct ir_module *m = c->m;
    const struct dview *d = w->d;
    const struct ir_op_info *o = ir_op_get(m, w->at);
    int64_t sub[16], t = w->t;
    for (uint32_t i = 1; i < o->nopnd; i++)
        if (!split_eval_bound(m, o->opnd[i], t, w->l.n, w->l.iv, w->l.x, &sub[i - 1]))
            return not_affine(w);
    int64_t lo[MAX_RANK], hi[MAX_RANK];
    bool ok = true;
    for (uint32_t k = 0; k < d->rank; k++) {
        int64_t x = ir_aff_eval(m, ir_map_get(m, w->bm->map)->res[k], sub, NULL, &ok);
        lo[k] = x + w->alo[k];
        hi[k] = x + w->ahi[k];
    }
    if (!ok)
        return split_error(c, w->at, "malformed access tile subscripts");
    uint32_t i = 0;
    while (i < d->nparts && !meets(d->rank, lo, hi, d->p[i].lo, d->p[i].hi))
        i++;
    char box[256]; /* the box, written for an error */
    if (i == d->nparts) {
        fmt_box(box, sizeof box, d->rank, lo, hi);
        return split_error(c, w->at, "on tile %" PRId64 ", this access tile's box %s is in no "
                                     "partition of the distributed view", t, box);
    }
    if (!inside(d->rank, lo, hi, d->p[i].lo, d->p[i].hi)) {
        /* Straddling parts of one matrix: one view reads them all. */
        uint32_t met[MAX_PARTS], n = 0;
        for (uint32_t j = i; j < d->nparts; j++) {
            if (!meets(d->rank, lo, hi, d->p[j].lo, d->p[j].hi))
                continue;
            if (!one_matrix(d, i, j)) {
                fmt_box(box, sizeof box, d->rank, lo, hi);
                return split_error(c, w->at, "on tile %" PRId64 ", this access tile's box %s "
                                             "straddles partitions #%u and #%u of the "
                                             "distributed view, which are not parts of one "
                                             "matrix (other strides, buffers or layout); "
                                             "not supported yet", t, box, i, j);
            }
            met[n++] = j;
        }
        int64_t pt[MAX_RANK];
        int cov = covered(d, met, n, lo, hi, pt);
        if (cov != 1)
            fmt_box(box, sizeof box, d->rank, lo, hi);
        if (cov < 0)
            return split_error(c, w->at, "on tile %" PRId64 ", this access tile's box %s "
                                         "straddles too many partitions to check; not "
                                         "supported yet", t, box);
        if (!cov) {
            char at_pt[128];
            int len = snprintf(at_pt, sizeof at_pt, "(");
            for (uint32_t k = 0; k < d->rank && len > 0 && (size_t)len < sizeof at_pt; k++)
                len += snprintf(at_pt + len, sizeof at_pt - (size_t)len, "%s%" PRId64 "%s",
                                k ? ", " : "", pt[k], k + 1 == d->rank ? ")" : "");
            return split_error(c, w->at, "on tile %" PRId64 ", this access tile's box %s "
                                         "reaches outside the partitions of the distributed "
                                         "view (at %s)", t, box, at_pt);
        }
        for (uint32_t j = 1; j < n; j++) { /* met[0] = q: rewrite_tile checks it */
            const struct ir_attr_info *sp = d->p[met[j]].space;
            if (!sp || (sp->i != IR_MS_GLOBAL && sp->i != IR_MS_UNSPECIFIED) ||
                (sp->flags & IR_ATF_HAS_ID))
                return split_error(c, w->at, "on tile %" PRId64 ", this access tile reads "
                                             "partition #%u of the distributed view, which is "
                                             "not in global memory (a scratchpad); not "
                                             "supported yet", t, met[j]);
        }
    }
    /* One view per tile: every point of a tile reads at the same E. */
    struct tile_read *r = &w->rd[t];
    int64_t e = global_offset(&d->p[i], d->rank);
    if (r->q < 0) {
        r->q = i;
        r->e = e;
    } else if (e != r->e || d->p[i].root != d->p[r->q].root ||
               memcmp(d->p[i].strides->ints, d->p[r->q].strides->ints,
                      d->rank * sizeof(int64_t)) != 0) {
        return split_error(c, w->at, "on tile %" PRId64 ", this access tile reads partitions "
                                     "#%" PRId64 " and #%u of the distributed view, which are "
                                     "not parts of one matrix, in different iterations of its "
                                     "loops; not supported yet", t, r->q, i);
    }
    return true;
}

/* Enumerates the iterations of loops k.. of w->l on tile w->t. */
static bool walk_loops(struct walk *w, uint32_t k)
{
    if (k == w->l.n) {
        if (++w->points > MAX_POINTS)
            return split_error(w->c, w->at, "an access tile on a distributed view evaluated on "
                                            "more than %d (tile, loop iteration) points is not "
                                            "supported yet", MAX_POINTS);
        return check_point(w);
    }
    const struct ir_module *m = w->c->m;
    const struct ir_op_info *lo = ir_op_get(m, w->l.op[k]);
    int64_t b[3];
    for (uint32_t i = 0; i < 3; i++)
        if (!split_eval_bound(m, lo->opnd[i], w->t, k, w->l.iv, w->l.x, &b[i]))
            return not_affine(w);
    if (b[2] <= 0)
        return not_affine(w);
    for (int64_t x = b[0]; x < b[1]; x += b[2]) {
        w->l.x[k] = x;
        if (!walk_loops(w, k + 1))
            return false;
    }
    return true;
}

/* Where access tile at reads on each tile of the grid (rd[t]), over the
 * iterations of the loops its subscripts depend on; false after a located
 * error. */
static bool tile_parts(struct split_ctx *c, ir_op fn, const struct dview *d, ir_op at,
                       int64_t ntiles, struct tile_read *rd)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, at);
    const struct ir_attr_info *set = attr_of(m, at, "access_tile_set", IR_AT_INTEGER_SET);
    struct walk w = {.c = c, .d = d, .at = at, .rd = rd};
    w.bm = attr_of(m, at, "base_map", IR_AT_AFFINE_MAP);
    if (!set || !w.bm || ir_set_get(m, set->map)->nsyms ||
        ir_set_get(m, set->map)->ndims != d->rank ||
        ir_map_get(m, w.bm->map)->nres != d->rank || !ir_set_box(m, set->map, NULL, w.alo, w.ahi))
        return split_error(c, at, "an access tile on a distributed view whose set is not a "
                                  "constant box is not supported yet");
    for (uint32_t k = 0; k < d->rank; k++)
        if (w.alo[k] == INT64_MIN || w.ahi[k] == INT64_MAX)
            return split_error(c, at, "an access tile on a distributed view whose set is not a "
                                      "constant box is not supported yet");
    if (o->nopnd - 1 > 16)
        return split_error(c, at, "an access tile with %u subscripts is not supported yet",
                           o->nopnd - 1);
    if (!find_loops(m, fn, at, &w.l))
        return split_error(c, at, "an access tile on a distributed view in more than %d loops "
                                  "is not supported yet", MAX_LOOPS);
    for (w.t = 0; w.t < ntiles; w.t++) {
        rd[w.t].q = -1;
        if (!walk_loops(&w, 0))
            return false;
    }
    return true;
}

/* Rewrites access tile at on distributed view d (see above). */
static bool rewrite_tile(struct split_ctx *c, ir_op fn, struct dview *d, ir_op at)
{
    struct ir_module *m = c->m;
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES);
    if (!ntiles)
        return split_error(c, at, "an access tile on a distributed view in a grid of more "
                                  "than %d tiles is not supported yet", MAX_TILES);
    struct tile_read *rd = malloc((size_t)ntiles * sizeof *rd);
    if (!rd)
        abort();
    bool ok = tile_parts(c, fn, d, at, ntiles, rd);
    /* The partitions it reads: global memory, one stride and buffer. */
    int64_t t0 = 0; /* the first tile that reads */
    while (ok && t0 < ntiles && rd[t0].q < 0)
        t0++;
    const struct part *p0 = !ok ? NULL : t0 < ntiles ? &d->p[rd[t0].q] : &d->p[0];
    for (int64_t t = t0; ok && t < ntiles; t++) {
        if (rd[t].q < 0)
            continue;
        const struct part *p = &d->p[rd[t].q];
        uint32_t q0 = (uint32_t)rd[t0].q, qt = (uint32_t)rd[t].q;
        if (!p->space || (p->space->i != IR_MS_GLOBAL && p->space->i != IR_MS_UNSPECIFIED) ||
            (p->space->flags & IR_ATF_HAS_ID))
            ok = split_error(c, at, "on tile %" PRId64 ", this access tile reads partition #%u "
                                    "of the distributed view, which is not in global memory "
                                    "(a scratchpad); not supported yet", t, qt);
        else if (memcmp(p->strides->ints, p0->strides->ints, d->rank * sizeof(int64_t)) != 0)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, which have different strides; not "
                                    "supported yet", q0, qt);
        else if (p->root != p0->root)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, whose offsets do not differ by a "
                                    "constant (different buffers); not supported yet", q0, qt);
        for (uint32_t k = 0; ok && k < d->rank; k++)
            if (p->strides->ints[k] == IR_DYN)
                ok = split_error(c, p->op, "views with dynamic strides are not supported yet");
    }
    /* E_q(t) = root + b + sum_k a_k coord_k(t), coord_k the tile's
     * coordinate along grid dimension k: a_k from a tile that differs from
     * t0 along k alone. */
    int64_t a[MAX_GRID] = {0}, b = ok && t0 < ntiles ? rd[t0].e : 0;
    for (uint32_t k = 0; ok && t0 < ntiles && k < MAX_GRID; k++)
        for (int64_t t = 0; t < ntiles; t++) {
            int64_t dk = sched_grid_coord(m, fn, t, k) - sched_grid_coord(m, fn, t0, k);
            bool others = rd[t].q >= 0 && dk != 0;
            for (uint32_t j = 0; others && j < MAX_GRID; j++)
                others = j == k || sched_grid_coord(m, fn, t, j) == sched_grid_coord(m, fn, t0, j);
            if (others && (rd[t].e - rd[t0].e) % dk == 0) {
                a[k] = (rd[t].e - rd[t0].e) / dk;
                break;
            }
        }
    for (uint32_t k = 0; ok && t0 < ntiles && k < MAX_GRID; k++)
        b -= a[k] * sched_grid_coord(m, fn, t0, k);
    for (int64_t t = 0; ok && t < ntiles; t++) {
        int64_t e = b;
        for (uint32_t k = 0; k < MAX_GRID; k++)
            e += a[k] * sched_grid_coord(m, fn, t, k);
        if (rd[t].q >= 0 && rd[t].e != e)
            ok = split_error(c, at, "the partitions this access tile reads on each tile are at "
                                    "offsets that are not an affine function of the tile's "
                                    "coordinates (tile %" PRId64 " reads partition #%" PRId64
                                    "); not supported yet", t, rd[t].q);
    }
    free(rd);
    if (!ok)
        return false;
    /* The view an earlier access tile reading at the same E got, if any. */
    uint32_t q0 = (uint32_t)(p0 - d->p);
    for (uint32_t i = 0; i < d->nmade; i++)
        if (d->made[i].q == q0 && d->made[i].b == b &&
            memcmp(d->made[i].a, a, sizeof a) == 0) {
            ir_op_get(m, at)->opnd[0] = d->made[i].v;
            return true;
        }
    /* The view, after the distributed view. */
    struct split_b sb;
    sb_before(&sb, m, ir_op_get(m, d->op)->next, ir_op_get(m, at)->loc);
    ir_value off = sb_index(&sb, b);
    uint32_t nres = MAX_GRID; /* the tile id's results: up to the last a_k != 0 */
    while (nres && !a[nres - 1])
        nres--;
    if (nres) {
        struct ir_op_state st;
        ir_state_init(&st, m, "ktdp.get_compute_tile_id", sb.loc);
        for (uint32_t k = 0; k < nres; k++)
            ir_state_add_result(m, &st, m->t_index);
        ir_op pid = sb_emit(&sb, &st);
        for (uint32_t k = 0; k < nres; k++)
            if (a[k])
                off = sb_addi(&sb, sb_muli(&sb, ir_op_result(m, pid, k), a[k]), off);
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
    if (d->nmade < MAX_PARTS) {
        struct made_view *mv = &d->made[d->nmade++];
        *mv = (struct made_view){.q = q0, .b = b, .v = ir_op_get(m, v)->res};
        memcpy(mv->a, a, sizeof a);
    }
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
