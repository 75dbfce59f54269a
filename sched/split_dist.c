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
 * access tiles reading at the same offset form share one such view.
 *
 * Before: a loop whose iterations read different buffers is unrolled
 * (unroll_loop), a copy whose box straddles partitions in different
 * buffers is sliced into one per part (slice_copy). Partitions bounded by
 * launch-time sizes along a dim they share alike route nothing there (the
 * view made is masked there); along the one dim where they differ, each
 * copy is sliced at launch (runtime_slice, split.h). */
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

/* A dim's upper bound in a partition's set known only at launch, S + c (S
 * a dynamic size of the partition's view); s = IR_NONE: a constant. */
struct sym_hi {
    ir_value s;
    int64_t c;
};

/* A bound of a partition's set along a dim: a S + c (s = IR_NONE: c). */
struct bound {
    ir_value s;
    int64_t a, c;
};

/* hi[k] of a dim bounded above by a launch-time size (its elements up to
 * there are masked by the view, split.h "Masked tiles"): above any tile. */
#define SYM_HI (INT64_MAX / 4)

/* A partition of a distributed view. */
struct part {
    ir_op op;                          /* its ktdp.construct_memory_view */
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* its set: a box (hi SYM_HI: symbolic) */
    struct sym_hi shi[MAX_RANK];       /* the symbolic upper bounds */
    struct bound blo[MAX_RANK], bhi[MAX_RANK]; /* all bounds, as written */
    uint32_t dyn_strides;              /* strides known at launch: dstride[k] */
    ir_value dstride[MAX_RANK];
    ir_value root;                     /* offset = root + c (root IR_NONE: constant) */
    int64_t c;
    const struct ir_attr_info *strides, *space;
};

/* A plain view made for access tiles of a distributed view: partition q's
 * clone at offset root + b + sum_k a_k coord_k. */
struct made_view {
    uint32_t q;
    int64_t b, a[MAX_GRID];
    bool own; /* in each tile's own scratchpad (own_core) */
    ir_value v;
};

struct dview {
    ir_op op;
    uint32_t rank, nparts;
    struct part p[MAX_PARTS];
    int64_t lo[MAX_RANK], hi[MAX_RANK]; /* the partitions' bounding box */
    /* The dim along which partitions are bounded by launch-time sizes (and
     * differ), -1 when none: its access tiles are sliced at launch
     * (runtime_slice). */
    int32_t symdim;
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

/* Partition i's set with symbols (p->op's dynamic sizes, in order) into
 * p->lo/hi/shi: constant lower bounds, upper bounds constant or S + c; false
 * after a located error. */
static bool sym_box(struct split_ctx *c, const struct dview *d, struct part *p,
                    const struct ir_integer_set *set)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *po = ir_op_get(m, p->op);
    const struct ir_attr_info *sizes = split_attr(m, p->op, "static_sizes", IR_AT_DENSE_ARRAY);
    uint32_t ndyn = 0;
    for (uint32_t k = 0; sizes && k < sizes->n; k++)
        ndyn += sizes->ints[k] == IR_DYN;
    if (set->nsyms > ndyn || set->nsyms > MAX_RANK || 1 + ndyn > po->nopnd)
        return split_error(c, p->op, "a partition of a distributed view whose coordinate set "
                                     "has more symbols than the view has dynamic sizes is not "
                                     "supported yet");
    for (uint32_t k = 0; k < d->rank; k++) {
        p->lo[k] = INT64_MIN;
        p->hi[k] = INT64_MAX;
        p->shi[k] = (struct sym_hi){IR_NONE, 0};
        p->blo[k] = p->bhi[k] = (struct bound){IR_NONE, 0, 0};
    }
    for (uint32_t n = 0; n < set->ncons; n++) {
        int64_t coef[MAX_RANK] = {0}, scoef[MAX_RANK] = {0}, c0 = 0;
        int32_t k = -1, j = -1;
        uint32_t nd = 0, ns = 0;
        bool ok = split_aff_linear(m, set->cons[n], 1, coef, scoef, &c0);
        for (uint32_t x = 0; ok && x < d->rank; x++)
            if (coef[x])
                nd++, k = (int32_t)x;
        for (uint32_t x = 0; ok && x < set->nsyms; x++)
            if (scoef[x])
                ns++, j = (int32_t)x;
        if (!ok || set->eq[n] || nd != 1 || (coef[k] != 1 && coef[k] != -1) || ns > 1)
            return split_error(c, p->op, "a partition of a distributed view whose coordinate "
                                         "set is not a box (each constraint one dim, bounded "
                                         "by a constant or a multiple of one dynamic size "
                                         "plus a constant) is not supported yet");
        if (ns) { /* a launch-time bound: one of each side */
            bool low = coef[k] == 1;
            struct bound *bd = low ? &p->blo[k] : &p->bhi[k];
            if (bd->s || (low ? p->lo[k] != INT64_MIN : p->hi[k] != INT64_MAX))
                return split_error(c, p->op, "a partition of a distributed view whose "
                                             "coordinate set bounds dim %d %s twice, once by a "
                                             "launch-time size, is not supported yet", k,
                                   low ? "below" : "above");
            *bd = (struct bound){po->opnd[1 + j], low ? -scoef[j] : scoef[j], low ? -c0 : c0};
            if (low) {
                p->lo[k] = -SYM_HI; /* routed at launch (symdim) */
            } else {
                p->hi[k] = SYM_HI;
                if (scoef[j] == 1)
                    p->shi[k] = (struct sym_hi){po->opnd[1 + j], c0};
            }
            continue;
        }
        if (coef[k] == 1 ? p->blo[k].s != IR_NONE : p->bhi[k].s != IR_NONE)
            return split_error(c, p->op, "a partition of a distributed view whose coordinate "
                                         "set bounds dim %d twice on one side, once by a "
                                         "launch-time size, is not supported yet", k);
        if (coef[k] == 1) {
            p->lo[k] = p->lo[k] > -c0 ? p->lo[k] : -c0;
        } else {
            p->hi[k] = p->hi[k] < c0 ? p->hi[k] : c0;
        }
    }
    for (uint32_t k = 0; k < d->rank; k++) {
        if (!p->blo[k].s)
            p->blo[k].c = p->lo[k];
        if (!p->bhi[k].s)
            p->bhi[k].c = p->hi[k];
    }
    return true;
}

static bool same_bound(const struct bound *x, const struct bound *y)
{
    return x->s == y->s && x->a == y->a && x->c == y->c;
}

/* Whether x < y for every value of the sizes (sizes are not negative). */
static bool below(const struct bound *x, const struct bound *y)
{
    if (x->s && y->s && x->s != y->s)
        return false;
    return x->a <= y->a && x->c < y->c;
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
    for (uint32_t i = 0; i < o->nopnd; i++) {
        struct part *p = &d->p[i];
        p->op = ir_value_def(m, o->opnd[i]);
        if (!p->op || ir_op_get(m, p->op)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
            return split_error(c, op, "partition #%u of this distributed view is not a "
                                      "ktdp.construct_memory_view; not supported yet", i);
        const struct ir_op_info *po = ir_op_get(m, p->op);
        const struct ir_attr_info *set = split_attr(m, p->op, "coordinate_set", IR_AT_INTEGER_SET);
        const struct ir_attr_info *sizes = split_attr(m, p->op, "static_sizes", IR_AT_DENSE_ARRAY);
        if (!set)
            return split_error(c, p->op, "a partition of a distributed view whose coordinate "
                                         "set is missing is not supported yet");
        const struct ir_integer_set *is = ir_set_get(m, set->map);
        p->strides = split_attr(m, p->op, "static_strides", IR_AT_DENSE_ARRAY);
        p->space = split_attr(m, p->op, "memory_space", IR_AT_MEMSPACE);
        uint32_t ndyn = 0;
        for (uint32_t k = 0; sizes && k < sizes->n; k++)
            ndyn += sizes->ints[k] == IR_DYN;
        p->dyn_strides = false;
        for (uint32_t k = 0; p->strides && k < p->strides->n; k++)
            if (p->strides->ints[k] == IR_DYN)
                p->dstride[k] = po->opnd[1 + ndyn + p->dyn_strides++];
        if (!p->strides || p->strides->n != d->rank || !sizes || sizes->n != d->rank ||
            po->nopnd != 1 + ndyn + p->dyn_strides)
            return split_error(c, p->op, "a partition of a distributed view whose sizes or "
                                         "strides do not match its rank is not supported yet");
        if (is->ndims != d->rank)
            return split_error(c, p->op, "a partition of a distributed view whose coordinate set "
                                         "is not a box is not supported yet");
        if (is->nsyms) {
            if (!sym_box(c, d, p, is))
                return false;
        } else {
            if (!ir_set_box(m, set->map, NULL, p->lo, p->hi))
                return split_error(c, p->op, "a partition of a distributed view whose "
                                             "coordinate set is not a box is not supported yet");
            for (uint32_t k = 0; k < d->rank; k++) {
                p->shi[k] = (struct sym_hi){IR_NONE, 0};
                p->blo[k] = (struct bound){IR_NONE, 0, p->lo[k]};
                p->bhi[k] = (struct bound){IR_NONE, 0, p->hi[k]};
            }
        }
        for (uint32_t k = 0; k < d->rank; k++) {
            if (p->lo[k] == INT64_MIN || p->hi[k] == INT64_MAX)
                return split_error(c, p->op, "a partition of a distributed view with an "
                                             "unbounded coordinate set is not supported yet");
            d->lo[k] = i && d->lo[k] < p->lo[k] ? d->lo[k] : p->lo[k];
            d->hi[k] = i && d->hi[k] > p->hi[k] ? d->hi[k] : p->hi[k];
        }
        p->root = split_offset(m, po->opnd[0], &p->c);
    }
    /* A dim bounded by a launch-time size: the same bounds in every
     * partition (it does not route), and that size is the view's (its
     * plain view, made from partition #0, masks it); or the one dim along
     * which partitions differ (symdim: routed at launch). */
    const struct part *p0 = &d->p[0];
    const struct ir_attr_info *sz0 = split_attr(m, p0->op, "static_sizes", IR_AT_DENSE_ARRAY);
    d->symdim = -1;
    for (uint32_t k = 0; k < d->rank; k++) {
        bool sym = false, shared = true;
        for (uint32_t i = 0; i < d->nparts; i++) {
            const struct part *p = &d->p[i];
            sym = sym || p->blo[k].s || p->bhi[k].s;
            shared = shared && same_bound(&p->blo[k], &p0->blo[k]) &&
                     same_bound(&p->bhi[k], &p0->bhi[k]) && !p->blo[k].s && p->shi[k].s;
        }
        if (sym && !shared) {
            if (d->symdim >= 0)
                return split_error(c, op, "the partitions of this distributed view differ along "
                                          "dims %d and %u, both bounded by launch-time sizes; "
                                          "not supported yet", d->symdim, k);
            d->symdim = (int32_t)k;
            continue;
        }
        if ((rt->shape[k] == IR_DYN) != (sz0->ints[k] == IR_DYN) ||
            (rt->shape[k] == IR_DYN && !sym))
            return split_error(c, op, "a distributed view whose dim %u is dynamic (in it or in "
                                      "partition #0) but not bounded in every partition's set "
                                      "by the same launch-time size is not supported yet", k);
        if (sym && rt->shape[k] != IR_DYN)
            return split_error(c, op, "a distributed view of static shape whose partitions' "
                                      "sets bound dim %u by a launch-time size is not "
                                      "supported yet", k);
    }
    if (d->symdim < 0)
        return true;
    /* Routed at launch: the partitions alike along the other dims, apart
     * along symdim, in global memory. */
    uint32_t k0 = (uint32_t)d->symdim;
    for (uint32_t i = 1; i < d->nparts; i++)
        for (uint32_t k = 0; k < d->rank; k++)
            if (k != k0 && (!same_bound(&d->p[i].blo[k], &p0->blo[k]) ||
                            !same_bound(&d->p[i].bhi[k], &p0->bhi[k])))
                return split_error(c, op, "partitions #0 and #%u of this distributed view differ "
                                          "along dim %u as well as along dim %u, where "
                                          "launch-time sizes bound them; not supported yet",
                                   i, k, k0);
    for (uint32_t i = 0; i < d->nparts; i++) {
        const struct part *p = &d->p[i];
        if (!p->space || (p->space->i != IR_MS_GLOBAL && p->space->i != IR_MS_UNSPECIFIED) ||
            (p->space->flags & IR_ATF_HAS_ID))
            return split_error(c, p->op, "a partition not in global memory (a scratchpad) of a "
                                         "distributed view whose partitions are bounded by "
                                         "launch-time sizes is not supported yet");
        for (uint32_t j = 0; j < i; j++)
            if (!below(&d->p[j].bhi[k0], &p->blo[k0]) && !below(&p->bhi[k0], &d->p[j].blo[k0]))
                return split_error(c, op, "partitions #%u and #%u of this distributed view may "
                                          "overlap along dim %u (bounds known only at launch); "
                                          "not supported yet", j, i, k0);
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
        if (p->strides->ints[k] != IR_DYN) /* the others: dyn_offset */
            e -= p->lo[k] * p->strides->ints[k];
    return e;
}

/* The rest of E_i - root for strides known at launch: -sum lo_k S_k, at sb. */
static ir_value dyn_offset(struct split_b *sb, const struct part *p, uint32_t rank, ir_value off)
{
    for (uint32_t k = 0; k < rank; k++)
        if (p->strides->ints[k] == IR_DYN && p->lo[k])
            off = sb_arith(sb, "arith.subi", off,
                           sb_arith(sb, "arith.muli", p->dstride[k], sb_index(sb, p->lo[k])));
    return off;
}

/* Whether partition p is in tile t's own scratchpad by name: ct_id = t
 * (or by its memory space alone: ct_local without ct_id). */
static bool own_core(const struct part *p, int64_t t)
{
    const struct ir_attr_info *s = p->space;
    return s && s->i != IR_MS_GLOBAL && s->i != IR_MS_UNSPECIFIED &&
           (!(s->flags & IR_ATF_HAS_ID) || s->id == t);
}

/* Whether partitions i and j are parts of one matrix: their views read
 * global coordinates at the same offsets (same root, memory, strides and
 * E). */
static bool one_matrix(const struct ir_module *m, const struct dview *d, uint32_t i, uint32_t j)
{
    const struct part *a = &d->p[i], *b = &d->p[j];
    if (i != j && (a->dyn_strides || b->dyn_strides))
        return false; /* not known to be */
    return a->root == b->root && split_same_memory(m, a->op, b->op) &&
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

/* The loops access tile at depends on through its subscripts used[]
 * (those of the dims that route); false when more than MAX_LOOPS. */
static bool find_loops(const struct ir_module *m, ir_op fn, ir_op at, const bool *used,
                       struct loops *l)
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
        if (used[i - 1])
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

/* What to do before an access tile can be rewritten: unroll a loop whose
 * iterations read different buffers (each copy of its body then reads one),
 * or slice a copy whose box straddles partitions in different buffers into
 * one copy per part (each then in one partition). */
struct redo {
    ir_op unroll;
    uint32_t nslice;                  /* the parts, relative to the box */
    int64_t off[MAX_PARTS][MAX_RANK], size[MAX_PARTS][MAX_RANK];
};

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
    bool used[16]; /* the subscripts the routing dims' coordinates use */
    struct redo *redo;
};

#define MAX_UNROLL 64 /* iterations of a loop unrolled */

/* The innermost loop of l with constant bounds, no results and at most
 * MAX_UNROLL iterations (its index in l), or -1. */
static int unrollable(const struct ir_module *m, const struct loops *l)
{
    for (uint32_t i = l->n; i-- > 0;) {
        const struct ir_op_info *o = ir_op_get(m, l->op[i]);
        int64_t b[3];
        bool ok = o->nres == 0 && o->nopnd == 3;
        for (uint32_t k = 0; ok && k < 3; k++)
            ok = split_const_int(m, o->opnd[k], &b[k]);
        if (ok && b[2] > 0 && (b[1] - b[0] + b[2] - 1) / b[2] <= MAX_UNROLL)
            return (int)i;
    }
    return -1;
}

/* Replaces scf.for loop (unrollable) by a copy of its body per iteration,
 * its variable a constant in each. */
static void unroll_loop(struct ir_module *m, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t b[3];
    for (uint32_t k = 0; k < 3; k++)
        split_const_int(m, o->opnd[k], &b[k]);
    ir_block body = split_body(m, loop, 0);
    ir_value iv = ir_block_get(m, body)->args[0];
    struct split_b sb;
    sb_before(&sb, m, loop, o->loc);
    for (int64_t x = b[0]; x < b[1]; x += b[2]) {
        struct split_vmap vm = {0};
        split_vmap_set(&vm, iv, sb_index(&sb, x));
        for (ir_op c = ir_block_get(m, body)->first; c; c = ir_op_get(m, c)->next)
            if (ir_op_get(m, c)->kind != IR_OP_SCF_YIELD)
                ir_op_insert_before(m, loop, split_clone(m, c, &vm));
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, loop);
}

static bool not_affine(struct walk *w)
{
    return split_error(w->c, w->at, "an access tile on a distributed view whose subscripts are "
                                    "not functions of the tile id and of enclosing loop "
                                    "variables (loops with such bounds and a positive step) "
                                    "is not supported yet");
}

/* Elements from view op's first to its last (its static sizes and
 * strides); false when one is dynamic. */
static bool view_span(const struct ir_module *m, ir_op view, int64_t *span)
{
    const struct ir_attr_info *sz = split_attr(m, view, "static_sizes", IR_AT_DENSE_ARRAY);
    const struct ir_attr_info *st = split_attr(m, view, "static_strides", IR_AT_DENSE_ARRAY);
    *span = 1;
    for (uint32_t k = 0; sz && st && k < sz->n && k < st->n; k++) {
        if (sz->ints[k] == IR_DYN || st->ints[k] == IR_DYN)
            return false;
        *span += (sz->ints[k] - 1) * (st->ints[k] < 0 ? -st->ints[k] : st->ints[k]);
    }
    return sz && st && sz->n == st->n;
}

/* The ktdp.store of the copy `ktdp.store (ktdp.load at), U` that at's
 * only use starts (the load's only use; U, the store's access tile, used
 * by it alone, of at's shape, on a plain view in none of d's partitions'
 * buffers), or NULL with *why saying which part is missing. */
static ir_op copy_of(struct ir_module *m, const struct dview *d, ir_op at, const char **why)
{
    ir_op fn = at;
    while (ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    struct sched_ops u = {0};
    sched_ops_using(m, fn, ir_op_get(m, at)->res, &u);
    ir_op ld = u.n == 1 ? u.v[0] : IR_NONE, st = IR_NONE, ut = IR_NONE;
    free(u.v);
    *why = "it is not read by one ktdp.load whose tensor one ktdp.store stores as it is";
    if (!ld || ir_op_get(m, ld)->kind != IR_OP_KTDP_LOAD)
        return IR_NONE;
    u = (struct sched_ops){0};
    sched_ops_using(m, fn, ir_op_get(m, ld)->res, &u);
    st = u.n == 1 ? u.v[0] : IR_NONE;
    free(u.v);
    if (!st || ir_op_get(m, st)->kind != IR_OP_KTDP_STORE ||
        ir_op_get(m, st)->opnd[0] != ir_op_get(m, ld)->res ||
        ir_op_get(m, st)->block != ir_op_get(m, ld)->block)
        return IR_NONE;
    ut = ir_value_def(m, ir_op_get(m, st)->opnd[1]);
    *why = "the access tile the copy stores to is not one of its shape, used by that store "
           "alone, on a plain view outside the partitions' buffers";
    if (!ut || ir_op_get(m, ut)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE ||
        ir_value_type(m, ir_op_get(m, ut)->res) != ir_value_type(m, ir_op_get(m, at)->res))
        return IR_NONE;
    u = (struct sched_ops){0};
    sched_ops_using(m, fn, ir_op_get(m, ut)->res, &u);
    uint32_t nuse = u.n;
    free(u.v);
    ir_op view = ir_value_def(m, ir_op_get(m, ut)->opnd[0]);
    if (nuse != 1 || !view || ir_op_get(m, view)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
        return IR_NONE;
    int64_t k, span;
    ir_value root = split_offset(m, ir_op_get(m, view)->opnd[0], &k);
    for (uint32_t i = 0; i < d->nparts; i++) {
        const struct part *p = &d->p[i];
        int64_t pspan;
        /* constant addresses: apart when their elements are, or in other
         * memories */
        bool apart = !root && !p->root &&
                     (!p->space || !split_attr(m, view, "memory_space", IR_AT_MEMSPACE) ||
                      p->space->i != split_attr(m, view, "memory_space", IR_AT_MEMSPACE)->i ||
                      (view_span(m, view, &span) && view_span(m, p->op, &pspan) &&
                       (k + span <= p->c || p->c + pspan <= k)));
        if (p->root == root && !apart)
            return IR_NONE;
    }
    int64_t alo[MAX_RANK], ahi[MAX_RANK], blo[MAX_RANK], bhi[MAX_RANK];
    const struct ir_attr_info *as = split_attr(m, at, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *bs = split_attr(m, ut, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *bm = split_attr(m, ut, "base_map", IR_AT_AFFINE_MAP);
    if (!as || !bs || !bm || ir_set_get(m, bs->map)->nsyms ||
        ir_set_get(m, bs->map)->ndims != d->rank || ir_map_get(m, bm->map)->nres != d->rank ||
        !ir_set_box(m, as->map, NULL, alo, ahi) || !ir_set_box(m, bs->map, NULL, blo, bhi))
        return IR_NONE;
    for (uint32_t x = 0; x < d->rank; x++)
        if (ahi[x] - alo[x] != bhi[x] - blo[x] || blo[x] == INT64_MIN || bhi[x] == INT64_MAX)
            return IR_NONE;
    *why = NULL;
    return st;
}

/* The parts of box [lo, hi] (covered by partitions met[0..n)) in each
 * partition, into w->redo, when the access tile starts a copy (copy_of)
 * and the parts do not overlap; else why not. */
static const char *slice_parts(struct walk *w, const uint32_t *met, uint32_t n,
                               const int64_t *lo, const int64_t *hi)
{
    const struct dview *d = w->d;
    const char *why;
    if (!copy_of(w->c->m, d, w->at, &why))
        return why;
    struct redo *r = w->redo;
    for (uint32_t j = 0; j < n; j++) {
        const struct part *p = &d->p[met[j]];
        for (uint32_t k = 0; k < d->rank; k++) {
            bool shared = d->p[0].shi[k].s != IR_NONE; /* whole: it does not route */
            int64_t a = shared || p->lo[k] < lo[k] ? lo[k] : p->lo[k];
            int64_t b = shared || p->hi[k] > hi[k] ? hi[k] : p->hi[k];
            r->off[j][k] = shared ? 0 : a - lo[k];
            r->size[j][k] = shared ? w->ahi[k] - w->alo[k] + 1 : b - a + 1;
        }
        for (uint32_t i = 0; i < j; i++) {
            bool apart = false;
            for (uint32_t k = 0; k < d->rank && !apart; k++)
                apart = r->off[i][k] + r->size[i][k] <= r->off[j][k] ||
                        r->off[j][k] + r->size[j][k] <= r->off[i][k];
            if (!apart)
                return "the partitions overlap there";
        }
    }
    r->nslice = n;
    return NULL;
}

/* An access tile like `at` (a clone before `before`), moved by off and
 * of shape size. */
static ir_value sub_tile(struct ir_module *m, ir_op at, ir_op before, uint32_t rank,
                         const int64_t *off, const int64_t *size)
{
    struct split_vmap vm = {0};
    ir_op n = split_clone(m, at, &vm);
    split_vmap_free(&vm);
    const struct ir_attr_info *as = split_attr(m, at, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_affine_map *bm = ir_map_get(m, split_attr(m, at, "base_map",
                                                            IR_AT_AFFINE_MAP)->map);
    int64_t lo[MAX_RANK], hi[MAX_RANK];
    ir_set_box(m, as->map, NULL, lo, hi);
    ir_aff res[MAX_RANK], cons[2 * MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    for (uint32_t k = 0; k < rank; k++) {
        res[k] = ir_aff_bin(m, IR_AFF_ADD, bm->res[k], ir_aff_const(m, lo[k] + off[k]));
        ir_aff dim = ir_aff_dim(m, k);
        cons[2 * k] = dim;
        cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, dim,
                                                               ir_aff_const(m, -1)),
                                     ir_aff_const(m, size[k] - 1));
    }
    uint32_t nd = bm->ndims, ns = bm->nsyms;
    ir_op_set_attr(m, n, "base_map", ir_attr_affine_map(m, ir_map_intern(m, nd, ns, rank, res)));
    ir_op_set_attr(m, n, "access_tile_set",
                   ir_attr_integer_set(m, ir_set_intern(m, rank, 0, 2 * rank, cons, eq)));
    ir_value r = ir_op_get(m, n)->res;
    ir_value_get(m, r)->type = ir_type_shaped(m, IR_TY_ACCESS_TILE, rank, size, m->t_index);
    ir_op_insert_before(m, before, n);
    return r;
}

/* Replaces the copy access tile at starts (copy_of) by one per part of
 * redo, in order, before its store: each loads its part and stores it. */
static void slice_copy(struct ir_module *m, const struct dview *d, ir_op at,
                       const struct redo *redo)
{
    const char *why;
    ir_op st = copy_of(m, d, at, &why);
    ir_op ut = ir_value_def(m, ir_op_get(m, st)->opnd[1]);
    ir_op ld = ir_value_def(m, ir_op_get(m, st)->opnd[0]);
    ir_type elem = ir_type_elem(m, ir_value_type(m, ir_op_get(m, ld)->res));
    for (uint32_t j = 0; j < redo->nslice; j++) {
        ir_value a = sub_tile(m, at, st, d->rank, redo->off[j], redo->size[j]);
        ir_value b = sub_tile(m, ut, st, d->rank, redo->off[j], redo->size[j]);
        struct split_vmap vm = {0};
        split_vmap_set(&vm, ir_op_get(m, at)->res, a);
        ir_op nl = split_clone(m, ld, &vm);
        ir_value_get(m, ir_op_get(m, nl)->res)->type =
            ir_type_shaped(m, IR_TY_TENSOR, d->rank, redo->size[j], elem);
        ir_op_insert_before(m, st, nl);
        split_vmap_set(&vm, ir_op_get(m, ut)->res, b);
        ir_op_insert_before(m, st, split_clone(m, st, &vm));
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, st);
    ir_op_unlink(m, ld);
    ir_op_unlink(m, ut);
    ir_op_unlink(m, at);
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
        if (!w->used[i - 1])
            sub[i - 1] = 0;
        else if (!split_eval_bound(m, o->opnd[i], t, w->l.n, w->l.iv, w->l.x, &sub[i - 1]))
            return not_affine(w);
    int64_t lo[MAX_RANK], hi[MAX_RANK];
    bool ok = true;
    for (uint32_t k = 0; k < d->rank; k++) {
        int64_t x = ir_aff_eval(m, ir_map_get(m, w->bm->map)->res[k], sub, NULL, &ok);
        lo[k] = x + w->alo[k];
        hi[k] = x + w->ahi[k];
        if (d->p[0].shi[k].s != IR_NONE) /* every partition's, masked: no routing */
            lo[k] = hi[k] = d->p[0].lo[k];
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
        uint32_t met[MAX_PARTS], n = 0, other = 0;
        for (uint32_t j = i; j < d->nparts; j++) {
            if (!meets(d->rank, lo, hi, d->p[j].lo, d->p[j].hi))
                continue;
            if (!other && !one_matrix(m, d, i, j))
                other = j;
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
        if (other) {
            /* Not one matrix: a copy is sliced into one per part. */
            const char *why = slice_parts(w, met, n, lo, hi);
            if (!why)
                return false;
            fmt_box(box, sizeof box, d->rank, lo, hi);
            return split_error(c, w->at, "on tile %" PRId64 ", this access tile's box %s "
                                         "straddles partitions #%u and #%u of the "
                                         "distributed view, which are not parts of one "
                                         "matrix (other strides, buffers or layout), and %s; "
                                         "not supported yet", t, box, i, other, why);
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
        int u = unrollable(m, &w->l);
        if (u >= 0) {
            w->redo->unroll = w->l.op[u];
            return false;
        }
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

/* Marks in used[] the dims e uses. */
static void aff_uses(const struct ir_module *m, ir_aff e, bool *used)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    if (a->kind == IR_AFF_DIM && a->v < 16)
        used[a->v] = true;
    else if (a->kind != IR_AFF_CONST && a->kind != IR_AFF_SYM && a->kind != IR_AFF_DIM) {
        aff_uses(m, a->lhs, used);
        aff_uses(m, a->rhs, used);
    }
}

/* Where access tile at reads on each tile of the grid (rd[t]), over the
 * iterations of the loops its subscripts depend on; false after a located
 * error, or with *redo set (no error). */
static bool tile_parts(struct split_ctx *c, ir_op fn, const struct dview *d, ir_op at,
                       int64_t ntiles, struct tile_read *rd, struct redo *redo)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, at);
    const struct ir_attr_info *set = split_attr(m, at, "access_tile_set", IR_AT_INTEGER_SET);
    struct walk w = {.c = c, .d = d, .at = at, .rd = rd, .redo = redo};
    w.bm = split_attr(m, at, "base_map", IR_AT_AFFINE_MAP);
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
    for (uint32_t k = 0; k < d->rank; k++)
        if (d->p[0].shi[k].s == IR_NONE)
            aff_uses(m, ir_map_get(m, w.bm->map)->res[k], w.used);
    if (!find_loops(m, fn, at, w.used, &w.l))
        return split_error(c, at, "an access tile on a distributed view in more than %d loops "
                                  "is not supported yet", MAX_LOOPS);
    for (w.t = 0; w.t < ntiles; w.t++) {
        rd[w.t].q = -1;
        if (!walk_loops(&w, 0))
            return false;
    }
    return true;
}

/* Rewrites access tile at on distributed view d (see above); false after a
 * located error, or with *redo set (what to do first). */
static bool rewrite_tile(struct split_ctx *c, ir_op fn, struct dview *d, ir_op at,
                         struct redo *redo)
{
    struct ir_module *m = c->m;
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES);
    if (!ntiles)
        return split_error(c, at, "an access tile on a distributed view in a grid of more "
                                  "than %d tiles is not supported yet", MAX_TILES);
    struct tile_read *rd = malloc((size_t)ntiles * sizeof *rd);
    if (!rd)
        abort();
    bool ok = tile_parts(c, fn, d, at, ntiles, rd, redo);
    /* The partitions it reads: global memory, one stride and buffer. */
    int64_t t0 = 0; /* the first tile that reads */
    while (ok && t0 < ntiles && rd[t0].q < 0)
        t0++;
    const struct part *p0 = !ok ? NULL : t0 < ntiles ? &d->p[rd[t0].q] : &d->p[0];
    /* every tile reading a partition in its own core's scratchpad (core
     * t's for tile t, by ct_id): one view in each tile's own (ct_local) */
    bool own = ok && t0 < ntiles && p0->space && (p0->space->flags & IR_ATF_HAS_ID);
    for (int64_t t = t0; own && t < ntiles; t++)
        own = rd[t].q < 0 || own_core(&d->p[rd[t].q], t);
    for (int64_t t = t0; ok && t < ntiles; t++) {
        if (rd[t].q < 0)
            continue;
        const struct part *p = &d->p[rd[t].q];
        uint32_t q0 = (uint32_t)rd[t0].q, qt = (uint32_t)rd[t].q;
        if (!own && !split_same_memory(m, p->op, p0->op))
            ok = split_error(c, at, "this access tile reads partition #%u of the distributed "
                                    "view on tile %" PRId64 " and #%u on tile %" PRId64 ", "
                                    "which are in different memories; not supported yet", q0,
                             t0, qt, t);
        else if (memcmp(p->strides->ints, p0->strides->ints, d->rank * sizeof(int64_t)) != 0)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, which have different strides; not "
                                    "supported yet", q0, qt);
        else if (p->root != p0->root)
            ok = split_error(c, at, "this access tile reads partitions #%u and #%u of the "
                                    "distributed view, whose offsets do not differ by a "
                                    "constant (different buffers); not supported yet", q0, qt);
        if (ok && p0->dyn_strides && qt != q0)
            ok = split_error(c, at, "this access tile reads partition #%u on tile %" PRId64
                                    " and #%u on tile %" PRId64 " of the distributed view, "
                                    "whose strides are known only at launch; not supported "
                                    "yet", q0, t0, qt, t);
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
        if (d->made[i].q == q0 && d->made[i].b == b && d->made[i].own == own &&
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
    off = dyn_offset(&sb, p0, d->rank, off);
    if (p0->root)
        off = sb_addi(&sb, p0->root, off);
    struct split_vmap vm = {0};
    ir_op v = split_clone(m, p0->op, &vm);
    split_vmap_free(&vm);
    ir_op_get(m, v)->opnd[0] = off;
    if (own) { /* ct_local, the ct_id dropped */
        struct ir_attr_info sp = *p0->space;
        sp.flags &= ~(uint32_t)IR_ATF_HAS_ID;
        sp.id = 0;
        ir_op_set_attr(m, v, "memory_space", ir_attr_intern(m, &sp));
    }
    const struct ir_type_info *dt = ir_type_get(m, ir_value_type(m, ir_op_get(m, d->op)->res));
    ir_op_set_attr(m, v, "static_sizes", ir_attr_dense_array(m, m->t_i64, d->rank, dt->shape));
    /* Its set: the bounding box, a dim bounded by a launch-time size S + c
     * in every partition bounded so (S one of p0's dynamic sizes, which the
     * clone keeps: symbol j is the j-th). */
    ir_aff cons[2 * MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    const struct ir_op_info *po = ir_op_get(m, p0->op);
    for (uint32_t k = 0; k < d->rank; k++) {
        ir_aff dim = ir_aff_dim(m, k);
        cons[2 * k] = ir_aff_bin(m, IR_AFF_ADD, dim, ir_aff_const(m, -d->lo[k]));
        ir_aff neg = ir_aff_bin(m, IR_AFF_MUL, dim, ir_aff_const(m, -1));
        ir_aff bound = ir_aff_const(m, d->hi[k]);
        if (p0->shi[k].s != IR_NONE) {
            uint32_t j = 0;
            while (1 + j < po->nopnd && po->opnd[1 + j] != p0->shi[k].s)
                j++;
            bound = ir_aff_bin(m, IR_AFF_ADD, ir_aff_sym(m, j), ir_aff_const(m, p0->shi[k].c));
        }
        cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, neg, bound);
    }
    ir_op_set_attr(m, v, "coordinate_set",
                   ir_attr_integer_set(m, ir_set_intern(m, d->rank,
                                                        po->nopnd - 1 - p0->dyn_strides,
                                                        2 * d->rank, cons, eq)));
    ir_value_get(m, ir_op_get(m, v)->res)->type = ir_value_type(m, ir_op_get(m, d->op)->res);
    ir_value_get(m, ir_op_get(m, v)->res)->name = ir_value_get(m, ir_op_get(m, d->op)->res)->name;
    if (sb.before)
        ir_op_insert_before(m, sb.before, v);
    else
        ir_block_append_op(m, ir_op_get(m, d->op)->block, v);
    ir_op_get(m, at)->opnd[0] = ir_op_get(m, v)->res;
    if (d->nmade < MAX_PARTS) {
        struct made_view *mv = &d->made[d->nmade++];
        *mv = (struct made_view){.q = q0, .b = b, .own = own, .v = ir_op_get(m, v)->res};
        memcpy(mv->a, a, sizeof a);
    }
    return true;
}

/* ---- partitions routed at launch (d->symdim) -------------------------- */

/* a S + c at sb. */
static ir_value bound_value(struct split_b *sb, const struct bound *x)
{
    ir_value v = sb_index(sb, x->c);
    return x->s ? sb_addi(sb, sb_muli(sb, x->s, x->a), v) : v;
}

static ir_value clamp0(struct split_b *sb, ir_value x, int64_t z)
{
    return sb_arith(sb, "arith.maxsi", sb_arith(sb, "arith.minsi", x, sb_index(sb, z)),
                    sb_index(sb, 0));
}

/* An index as sum a_i v_i + c over SSA values. */
struct lform {
    uint32_t n;
    ir_value v[16];
    int64_t a[16], c;
};

/* Access tile at's first coordinate along dim k (its base_map result
 * there plus lo) as a linear form; false when it is not linear. */
static bool tile_start(const struct ir_module *m, ir_op at, uint32_t k, int64_t lo,
                       struct lform *f)
{
    const struct ir_affine_map *bm = ir_map_get(m, split_attr(m, at, "base_map",
                                                           IR_AT_AFFINE_MAP)->map);
    int64_t coef[16] = {0}, scoef[MAX_RANK] = {0};
    f->n = 0;
    f->c = lo;
    if (bm->ndims > 16 || bm->nsyms || k >= bm->nres ||
        !split_aff_linear(m, bm->res[k], 1, coef, scoef, &f->c))
        return false;
    for (uint32_t i = 0; i < bm->ndims; i++) {
        if (!coef[i])
            continue;
        ir_value v = ir_op_get(m, at)->opnd[1 + i];
        uint32_t j = 0;
        while (j < f->n && f->v[j] != v)
            j++;
        if (j == f->n) {
            f->v[f->n] = v;
            f->a[f->n++] = 0;
        }
        f->a[j] += coef[i];
    }
    return true;
}

static bool lform_equal(const struct lform *f, const struct lform *g)
{
    if (f->n != g->n || f->c != g->c)
        return false;
    for (uint32_t i = 0; i < f->n; i++) {
        uint32_t j = 0;
        while (j < g->n && g->v[j] != f->v[i])
            j++;
        if (j == g->n || g->a[j] != f->a[i])
            return false;
    }
    return true;
}

static ir_value lform_value(struct split_b *sb, const struct lform *f)
{
    ir_value v = sb_index(sb, f->c);
    for (uint32_t i = 0; i < f->n; i++)
        v = sb_addi(sb, sb_muli(sb, f->v[i], f->a[i]), v);
    return v;
}

/* A ktdp.construct_memory_view at sb: offset off, sizes shape (IR_DYN:
 * the next of dyn), strides st (IR_DYN: the next of dst), coordinate set
 * cs, memory space space; its result. */
static ir_value new_view(struct split_b *sb, uint32_t rank, ir_value off, const int64_t *shape,
                         const ir_value *dyn, const int64_t *st, const ir_value *dst,
                         uint32_t cs, ir_attr space, ir_type elem, ir_value name)
{
    struct ir_module *m = sb->m;
    struct ir_op_state os;
    ir_state_init(&os, m, "ktdp.construct_memory_view", sb->loc);
    ir_state_add_operand(m, &os, off);
    int64_t seg[3] = {1, 0, 0};
    for (uint32_t k = 0; k < rank; k++)
        if (shape[k] == IR_DYN)
            ir_state_add_operand(m, &os, dyn[seg[1]++]);
    for (uint32_t k = 0; k < rank; k++)
        if (st[k] == IR_DYN)
            ir_state_add_operand(m, &os, dst[seg[2]++]);
    ir_state_set_attr(m, &os, "operandSegmentSizes", split_segments(m, 3, seg));
    ir_state_set_attr(m, &os, "static_sizes", ir_attr_dense_array(m, m->t_i64, rank, shape));
    ir_state_set_attr(m, &os, "static_strides", ir_attr_dense_array(m, m->t_i64, rank, st));
    ir_state_set_attr(m, &os, "coordinate_set", ir_attr_integer_set(m, cs));
    if (space)
        ir_state_set_attr(m, &os, "memory_space", space);
    ir_state_add_result(m, &os, ir_type_shaped(m, IR_TY_MEMREF, rank, shape, elem));
    ir_value r = ir_op_result(m, sb_emit(sb, &os), 0);
    ir_value_get(m, r)->name = ir_value_get(m, name)->name;
    return r;
}

/* -d_k + s_j + c >= 0 */
static ir_aff upper_sym(struct ir_module *m, uint32_t k, uint32_t j, int64_t c)
{
    ir_aff neg = ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, k), ir_aff_const(m, -1));
    return ir_aff_bin(m, IR_AFF_ADD, neg,
                      ir_aff_bin(m, IR_AFF_ADD, ir_aff_sym(m, j), ir_aff_const(m, c)));
}

/* Partition p's view in global coordinates (offset E_p) at sb, dim k0
 * bounded above by S - 1 (its other dims as p's set, constants and
 * shared launch-time bounds). */
static ir_value part_view(struct split_b *sb, const struct dview *d, const struct part *p,
                          uint32_t k0, ir_value S)
{
    struct ir_module *m = sb->m;
    const struct ir_type_info *dt = ir_type_get(m, ir_value_type(m, ir_op_get(m, d->op)->res));
    int64_t shape[MAX_RANK];
    ir_value dyn[MAX_RANK], dst[MAX_RANK];
    ir_aff cons[2 * MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    uint32_t nd = 0, ns = 0;
    ir_value off = sb_index(sb, p->c);
    for (uint32_t k = 0; k < d->rank; k++) {
        shape[k] = k == k0 ? IR_DYN : dt->shape[k];
        int64_t lo = k == k0 ? 0 : p->lo[k];
        cons[2 * k] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, k), ir_aff_const(m, -lo));
        if (k == k0 || shape[k] == IR_DYN) {
            cons[2 * k + 1] = upper_sym(m, k, nd, k == k0 ? -1 : p->shi[k].c);
            dyn[nd++] = k == k0 ? S : p->shi[k].s;
        } else {
            cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, k),
                                                                   ir_aff_const(m, -1)),
                                         ir_aff_const(m, p->hi[k]));
        }
        if (p->strides->ints[k] == IR_DYN)
            dst[ns++] = p->dstride[k];
        /* E_p = o_p - sum lo_k s_k */
        ir_value lov = bound_value(sb, &p->blo[k]);
        ir_value term = p->strides->ints[k] == IR_DYN
                            ? sb_arith(sb, "arith.muli", lov, p->dstride[k])
                            : sb_muli(sb, lov, p->strides->ints[k]);
        int64_t t0;
        if (!split_const_int(m, term, &t0) || t0)
            off = sb_arith(sb, "arith.subi", off, term);
    }
    if (p->root)
        off = sb_addi(sb, p->root, off);
    uint32_t cs = ir_set_intern(m, d->rank, nd, 2 * d->rank, cons, eq);
    return new_view(sb, d->rank, off, shape, dyn, p->strides->ints, dst, cs,
                    ir_op_attr(m, p->op, "memory_space"), dt->elem, ir_op_get(m, d->op)->res);
}

/* An access tile like at (before `before`) on view v, moved along k0 by
 * the index `by`. */
static ir_value moved_tile(struct ir_module *m, ir_op at, ir_op before, ir_value v, uint32_t k0,
                           ir_value by)
{
    const struct ir_op_info *o = ir_op_get(m, at);
    const struct ir_affine_map *bm = ir_map_get(m, split_attr(m, at, "base_map",
                                                           IR_AT_AFFINE_MAP)->map);
    struct ir_op_state os;
    ir_state_init(&os, m, "ktdp.construct_access_tile", o->loc);
    ir_state_add_operand(m, &os, v);
    for (uint32_t i = 1; i < o->nopnd; i++)
        ir_state_add_operand(m, &os, ir_op_get(m, at)->opnd[i]);
    ir_state_add_operand(m, &os, by);
    ir_state_add_result(m, &os, ir_value_type(m, ir_op_get(m, at)->res));
    ir_op n = ir_op_create(m, &os);
    ir_op_get(m, n)->attrs = ir_op_get(m, at)->attrs;
    ir_aff res[MAX_RANK];
    for (uint32_t k = 0; k < bm->nres && k < MAX_RANK; k++)
        res[k] = k != k0 ? bm->res[k]
                         : ir_aff_bin(m, IR_AFF_ADD, bm->res[k], ir_aff_dim(m, bm->ndims));
    uint32_t nm = ir_map_intern(m, bm->ndims + 1, bm->nsyms, bm->nres, res);
    ir_op_set_attr(m, n, "base_map", ir_attr_affine_map(m, nm));
    /* moved by a launch-time amount: its cast's offset may fall inside a
     * word (split_pipeline.c, path_expand_word.c) */
    ir_op_set_attr(m, n, "unaligned", ir_attr_unit(m));
    int64_t seg[3] = {1, ir_op_get(m, n)->nopnd - 1, 0};
    ir_op_set_attr(m, n, "operandSegmentSizes", split_segments(m, 3, seg));
    ir_value_get(m, ir_op_get(m, n)->res)->name = ir_value_get(m, ir_op_get(m, at)->res)->name;
    ir_op_insert_before(m, before, n);
    return ir_op_get(m, n)->res;
}

/* Replaces the copy access tile at on d starts (copy_of) by one copy per
 * partition p, each on p's view in global coordinates, from
 * start_p = clamp(lo_p - b, 0, z) to end_p = min(clamp(hi_p + 1 - b, 0,
 * z), the destination's own extent) along d->symdim (b the tile's start
 * there, z its length): a masked tile (split.h) moved by start_p, the
 * views bounding it at b + end_p (the destination's at its own start plus
 * end_p). False after a located error. */
static bool runtime_slice(struct split_ctx *c, const struct dview *d, ir_op at)
{
    struct ir_module *m = c->m;
    uint32_t k0 = (uint32_t)d->symdim, r = d->rank;
    const char *why;
    ir_op st = copy_of(m, d, at, &why);
    if (!st)
        return split_error(c, at, "an access tile on a distributed view whose partitions' "
                                  "bounds along dim %u are known only at launch is sliced at "
                                  "launch when it starts a plain copy, but %s; not supported "
                                  "yet", k0, why);
    ir_op ld = ir_value_def(m, ir_op_get(m, st)->opnd[0]);
    ir_op ut = ir_value_def(m, ir_op_get(m, st)->opnd[1]);
    ir_op vb = ir_value_def(m, ir_op_get(m, ut)->opnd[0]);
    int64_t alo[MAX_RANK], ahi[MAX_RANK], ulo[MAX_RANK], uhi[MAX_RANK];
    ir_set_box(m, split_attr(m, at, "access_tile_set", IR_AT_INTEGER_SET)->map, NULL, alo, ahi);
    ir_set_box(m, split_attr(m, ut, "access_tile_set", IR_AT_INTEGER_SET)->map, NULL, ulo, uhi);
    int64_t z = ahi[k0] - alo[k0] + 1;
    struct lform fa, fu;
    if (!tile_start(m, at, k0, alo[k0], &fa) || !tile_start(m, ut, k0, ulo[k0], &fu))
        return split_error(c, at, "a copy on a distributed view routed at launch whose "
                                  "subscripts along dim %u are not linear is not supported "
                                  "yet", k0);
    /* The destination's set: constant bounds, its upper bound along k0
     * constant or a S + c (kept as the bound of its slices). */
    const struct ir_attr_info *bset = split_attr(m, vb, "coordinate_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *bsz = split_attr(m, vb, "static_sizes", IR_AT_DENSE_ARRAY);
    const struct ir_attr_info *bst = split_attr(m, vb, "static_strides", IR_AT_DENSE_ARRAY);
    const struct ir_integer_set *bs = bset ? ir_set_get(m, bset->map) : NULL;
    const struct ir_op_info *vbo = ir_op_get(m, vb);
    if (!bs || !bsz || !bst || bs->ndims != r || bsz->n != r || bst->n != r ||
        bs->ncons + 1 > 4 * MAX_RANK)
        return split_error(c, vb, "the view a copy from a distributed view routed at launch "
                                  "stores to has no coordinate set of its rank; not supported "
                                  "yet");
    uint32_t nbdyn = 0;
    for (uint32_t k = 0; k < r; k++)
        nbdyn += bsz->ints[k] == IR_DYN;
    ir_aff cons[4 * MAX_RANK];
    bool eq[4 * MAX_RANK] = {false};
    uint32_t ncons = 0;
    struct bound hb[4]; /* its upper bounds along k0 */
    uint32_t nhb = 0;
    for (uint32_t n = 0; n < bs->ncons; n++) {
        int64_t coef[MAX_RANK] = {0}, scoef[MAX_RANK] = {0}, c0 = 0;
        uint32_t ns = 0;
        int32_t j = -1;
        bool ok = bs->nsyms <= MAX_RANK && split_aff_linear(m, bs->cons[n], 1, coef, scoef, &c0);
        for (uint32_t x = 0; ok && x < bs->nsyms; x++)
            if (scoef[x])
                ns++, j = (int32_t)x;
        bool upper = ok && !bs->eq[n] && coef[k0] == -1 && (!ns || (ns == 1 && (uint32_t)j < nbdyn));
        for (uint32_t x = 0; upper && x < r; x++)
            upper = x == k0 || !coef[x];
        if (upper && nhb < 4) {
            hb[nhb++] = (struct bound){ns ? vbo->opnd[1 + j] : IR_NONE, ns ? scoef[j] : 0, c0};
            continue;
        }
        if (!ok || ns)
            return split_error(c, vb, "the view a copy from a distributed view routed at "
                                      "launch stores to bounds its set by launch-time sizes "
                                      "other than above along dim %u; not supported yet", k0);
        eq[ncons] = bs->eq[n];
        cons[ncons++] = bs->cons[n];
    }
    struct split_b sb;
    sb_before(&sb, m, st, ir_op_get(m, at)->loc);
    ir_value b = lform_value(&sb, &fa);
    bool same = lform_equal(&fa, &fu);
    ir_value bu = same ? b : lform_value(&sb, &fu);
    ir_value bend = sb_index(&sb, z);
    for (uint32_t i = 0; i < nhb; i++)
        bend = sb_arith(&sb, "arith.minsi", bend,
                        clamp0(&sb, sb_arith(&sb, "arith.subi",
                                             sb_addi(&sb, bound_value(&sb, &hb[i]),
                                                     sb_index(&sb, 1)), bu), z));
    /* the destination's slices: its sizes with k0 dynamic, its strides */
    int64_t shape[MAX_RANK];
    ir_value dyn[MAX_RANK], dst[MAX_RANK];
    uint32_t nd = 0, jk = 0, x = 1;
    for (uint32_t k = 0; k < r; k++) {
        shape[k] = k == k0 ? IR_DYN : bsz->ints[k];
        if (k == k0)
            jk = nd;
        if (shape[k] == IR_DYN)
            dyn[nd++] = k == k0 ? IR_NONE : vbo->opnd[x];
        x += bsz->ints[k] == IR_DYN;
    }
    for (uint32_t k = 0, ns = 0; k < r; k++)
        if (bst->ints[k] == IR_DYN)
            dst[ns++] = vbo->opnd[x++];
    cons[ncons++] = upper_sym(m, k0, jk, -1);
    uint32_t ucs = ir_set_intern(m, r, nd, ncons, cons, eq);
    ir_type elem = ir_type_elem(m, ir_value_type(m, ir_op_get(m, ld)->res));
    for (uint32_t q = 0; q < d->nparts; q++) {
        const struct part *p = &d->p[q];
        ir_value lo = bound_value(&sb, &p->blo[k0]);
        ir_value hi1 = sb_addi(&sb, bound_value(&sb, &p->bhi[k0]), sb_index(&sb, 1));
        ir_value start = clamp0(&sb, sb_arith(&sb, "arith.subi", lo, b), z);
        ir_value end = sb_arith(&sb, "arith.minsi",
                                clamp0(&sb, sb_arith(&sb, "arith.subi", hi1, b), z), bend);
        ir_value S = sb_addi(&sb, b, end);
        ir_value tq = moved_tile(m, at, st, part_view(&sb, d, p, k0, S), k0, start);
        dyn[jk] = same ? S : sb_addi(&sb, bu, end);
        ir_value vq = new_view(&sb, r, vbo->opnd[0], shape, dyn, bst->ints, dst, ucs,
                               ir_op_attr(m, vb, "memory_space"), elem, vbo->res);
        ir_value uq = moved_tile(m, ut, st, vq, k0, start);
        struct split_vmap vm = {0};
        split_vmap_set(&vm, ir_op_get(m, at)->res, tq);
        split_vmap_set(&vm, ir_op_get(m, ut)->res, uq);
        ir_op_insert_before(m, st, split_clone(m, ld, &vm));
        ir_op_insert_before(m, st, split_clone(m, st, &vm));
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, st);
    ir_op_unlink(m, ld);
    ir_op_unlink(m, ut);
    ir_op_unlink(m, at);
    return true;
}

/* ---- the phase ---------------------------------------------------------- */

#define MAX_ROUNDS 64 /* loops unrolled per distributed view */

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
        bool ok = true, again = d->symdim < 0;
        if (d->symdim >= 0) {
            ir_value uv = ir_op_get(m, dvs.v[i])->res;
            struct sched_ops u = {0};
            sched_ops_using(m, fn, uv, &u);
            for (uint32_t j = 0; j < u.n; j++) {
                ir_op at = u.v[j];
                const struct ir_op_info *ao = ir_op_get(m, at);
                if (ao->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE || ao->opnd[0] != uv)
                    ok = split_error(c, at, "a distributed view used by %s (only "
                                            "ktdp.construct_access_tile) is not supported yet",
                                     ir_str_get(m, ao->name));
                else
                    ok &= runtime_slice(c, d, at);
            }
            free(u.v);
        }
        for (uint32_t round = 0; ok && again; round++) {
            /* a loop unrolled (or a copy sliced): its tiles are new users */
            ir_value uv = ir_op_get(m, dvs.v[i])->res;
            struct sched_ops u = {0};
            sched_ops_using(m, fn, uv, &u);
            again = false;
            for (uint32_t j = 0; j < u.n && !again; j++) {
                ir_op at = u.v[j];
                struct redo redo = {0};
                const struct ir_op_info *ao = ir_op_get(m, at);
                if (ao->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE || ao->opnd[0] != uv) {
                    ok = split_error(c, at, "a distributed view used by %s (only "
                                            "ktdp.construct_access_tile) is not supported yet",
                                     ir_str_get(m, ao->name));
                } else if (!rewrite_tile(c, fn, d, at, &redo)) {
                    bool redo_it = redo.unroll || redo.nslice;
                    ok = redo_it && round < MAX_ROUNDS;
                    if (ok && redo.unroll)
                        unroll_loop(m, redo.unroll);
                    else if (ok)
                        slice_copy(m, d, at, &redo);
                    else if (redo_it)
                        split_error(c, at, "an access tile on a distributed view whose loops "
                                           "or copies were unrolled or sliced %d times is not "
                                           "supported yet", MAX_ROUNDS);
                    again = ok;
                }
            }
            free(u.v);
        }
        if (ok) /* no use left */
            ir_op_unlink(m, dvs.v[i]);
    }
    free(d);
    free(dvs.v);
    return !c->failed;
}
