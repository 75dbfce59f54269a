/* split_legal.c - ktc-split's legality check: rejects, with a located
 * "... is not supported yet" error, the constructs no later stage handles
 * yet (split.h lists them), and, as "scratchpad overflow", a tensor larger
 * than a core's scratchpad. It walks the whole module (the device aside)
 * and reports every offending op, not just the first. */
#include <stdint.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/offset_gcd.h"
#include "sched/split_int.h"

bool split_compute_op_ok(const struct ir_module *m, ir_op op)
{
    switch (ir_op_get(m, op)->kind) {
    case IR_OP_ARITH_CONSTANT:
    case IR_OP_ARITH_ADDF: case IR_OP_ARITH_SUBF: case IR_OP_ARITH_MULF:
    case IR_OP_ARITH_DIVF: case IR_OP_ARITH_NEGF:
    case IR_OP_ARITH_MAXIMUMF: case IR_OP_ARITH_MINIMUMF: case IR_OP_ARITH_MAXNUMF:
    case IR_OP_ARITH_MINNUMF: case IR_OP_ARITH_MAXF: case IR_OP_ARITH_MINF:
    case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI:
    case IR_OP_ARITH_MAXSI: case IR_OP_ARITH_MINSI:
    case IR_OP_ARITH_CMPF: case IR_OP_ARITH_CMPI: case IR_OP_ARITH_SELECT:
    case IR_OP_ARITH_EXTF: case IR_OP_ARITH_TRUNCF:
    case IR_OP_ARITH_SITOFP: case IR_OP_ARITH_FPTOSI:
    case IR_OP_MATH_EXP: case IR_OP_MATH_EXP2: case IR_OP_MATH_LOG: case IR_OP_MATH_LOG2:
    case IR_OP_MATH_SQRT: case IR_OP_MATH_RSQRT: case IR_OP_MATH_TANH: case IR_OP_MATH_ERF:
    case IR_OP_MATH_ABSF: case IR_OP_MATH_POWF: case IR_OP_MATH_FLOOR: case IR_OP_MATH_CEIL:
    case IR_OP_MATH_FMA:
    case IR_OP_SPYREOP_EXP: case IR_OP_SPYREOP_SQRT: case IR_OP_SPYREOP_RSQRT:
    case IR_OP_SPYREOP_RECIPROCAL: case IR_OP_SPYREOP_SIGMOID: case IR_OP_SPYREOP_SILU:
    case IR_OP_SPYREOP_GELU: case IR_OP_SPYREOP_REALDIV: case IR_OP_SPYREOP_SELECT:
    case IR_OP_SPYREOP_SOFTPLUS:
    case IR_OP_SPYREOP_COMPARE:
    case IR_OP_SPYREOP_CONSTANT:
        return true;
    default:
        return false;
    }
}

static bool is_linalg_body_op(const struct ir_module *m, ir_op op)
{
    ir_op parent = ir_op_parent(m, op);
    if (!parent)
        return false;
    uint32_t k = ir_op_get(m, parent)->kind;
    return k == IR_OP_LINALG_GENERIC || k == IR_OP_LINALG_MAP || k == IR_OP_LINALG_REDUCE;
}

/* The linalg.matmul forms split_linalg.c computes as ktc-interp does:
 * ins(MxK, KxN) outs(MxN), static shapes, the default maps, one element
 * type of f16, bf16 or f32 (accumulated in f32). */
static void check_matmul(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (ir_op_attr(m, op, "indexing_maps")) {
        split_error(c, op, "linalg.matmul with indexing_maps (transposed or broadcast operands) "
                           "is not supported yet");
        return;
    }
    if (o->nopnd != 3 || o->nres != 1) {
        split_error(c, op, "linalg.matmul on memrefs or with %u operands is not supported yet",
                    o->nopnd);
        return;
    }
    const struct ir_type_info *t[3];
    for (uint32_t i = 0; i < 3; i++) {
        t[i] = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        if (t[i]->kind != IR_TY_TENSOR || t[i]->rank != 2 || t[i]->shape[0] == IR_DYN ||
            t[i]->shape[1] == IR_DYN) {
            split_error(c, op, "linalg.matmul of dynamic shape is not supported yet");
            return;
        }
    }
    if (t[0]->elem != t[1]->elem || t[0]->elem != t[2]->elem) {
        char a[32], b[32], r[32];
        split_error(c, op, "linalg.matmul mixing element types (%s, %s into %s) is not "
                           "supported yet", split_type_name(m, t[0]->elem, a, sizeof a),
                    split_type_name(m, t[1]->elem, b, sizeof b),
                    split_type_name(m, t[2]->elem, r, sizeof r));
        return;
    }
    const struct ir_type_info *e = ir_type_get(m, t[0]->elem);
    if (e->kind != IR_TY_FLOAT || (e->fkind != IR_F16 && e->fkind != IR_BF16 && e->fkind != IR_F32)) {
        char a[32];
        split_error(c, op, "linalg.matmul on %s (only f16, bf16 and f32, accumulated in f32) is "
                           "not supported yet", split_type_name(m, t[0]->elem, a, sizeof a));
    }
}

/* linalg.index: in the body of an all-parallel linalg.generic, or of a
 * linalg.map (generalized alike, split_linalg.c), only (split_pipeline.c
 * makes a chunk's index its origin plus its own). */
static void check_index(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    ir_op parent = ir_op_parent(m, op);
    uint32_t k = parent ? ir_op_get(m, parent)->kind : 0;
    if (k == IR_OP_LINALG_MAP)
        return;
    if (k != IR_OP_LINALG_GENERIC) {
        split_error(c, op, "linalg.index in a %s body is not supported yet",
                    parent ? ir_str_get(m, ir_op_get(m, parent)->name) : "non-linalg");
        return;
    }
    const struct ir_attr_info *its = ir_attr_get(m, ir_op_attr(m, parent, "iterator_types"));
    for (uint32_t i = 0; i < its->n; i++) {
        const struct ir_attr_info *a = ir_attr_get(m, its->elems[i]);
        const char *s = a->kind == IR_AT_STRING ? ir_str_get(m, a->s)
                        : a->body               ? ir_str_get(m, a->body)
                                                : "";
        if (strcmp(s, "parallel") != 0) {
            split_error(c, op, "linalg.index in a reduction linalg.generic is not supported "
                               "yet (only in all-parallel ones)");
            return;
        }
    }
}

/* Every tensor value is a data tile in a core's scratchpad (KTIR; ktc-interp
 * refuses one that does not fit, as ktir-cpu does): a result of op too
 * large for it is an error at op, even where ktc would stream it. */
static void check_fits(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t cap = c->scratch_bytes;
    for (uint32_t r = 0; cap > 0 && r < o->nres; r++) {
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res + r));
        if (t->kind != IR_TY_TENSOR)
            continue;
        int64_t n = ir_type_bytes(m, t->elem);
        for (uint32_t d = 0; d < t->rank && n > 0; d++)
            n = t->shape[d] < 0 || t->shape[d] > INT64_MAX / n ? -1 : n * t->shape[d];
        if (n > cap) {
            split_error(c, op, "scratchpad overflow: a tensor of %lld bytes does not fit in the "
                               "%lld-byte scratchpad (%s) of a core",
                        (long long)n, (long long)cap, c->scratch);
            return;
        }
    }
}

/* ---- in-place updates ------------------------------------------------------ */

enum { MAX_FEED = 64, MAX_TDIMS = 8 };

/* The direct access tile t's view (construct_memory_view) and that view's
 * base; false for another kind of tile or view. */
static bool tile_view(const struct ir_module *m, ir_value t, ir_op *top, ir_op *vop)
{
    *top = ir_value_def(m, t);
    if (!*top || ir_op_get(m, *top)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return false;
    *vop = ir_value_def(m, ir_op_get(m, *top)->opnd[0]);
    return *vop && ir_op_get(m, *vop)->kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW;
}

/* The bytes of an element of view vop. */
static int64_t elem_bytes(const struct ir_module *m, ir_op vop)
{
    ir_type t = ir_type_elem(m, ir_value_type(m, ir_op_get(m, vop)->res));
    return ir_type_bytes(m, t);
}

/* Whether tiles a and b (ops) name the same elements in the same order:
 * one view, subscripts alike, the same set, order and map. */
static bool alike(const struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_op_info *x = ir_op_get(m, a), *y = ir_op_get(m, b);
    if (x->opnd[0] != y->opnd[0] || x->nopnd != y->nopnd ||
        ir_value_type(m, x->res) != ir_value_type(m, y->res))
        return false;
    for (uint32_t k = 1; k < x->nopnd; k++)
        if (!split_same_int(m, x->opnd[k], y->opnd[k]))
            return false;
    static const char *const attrs[] = {"access_tile_set", "access_tile_order", "base_map"};
    for (int i = 0; i < 3; i++)
        if (ir_op_attr(m, a, attrs[i]) != ir_op_attr(m, b, attrs[i]))
            return false;
    return true;
}

/* The bytes [*lo, *hi] tile top (of view vop) may touch, from the view's
 * base: its subscripts' ranges (split_index_range) through its base_map,
 * its set's box and the view's static strides; false when unknown. */
static bool tile_bytes(const struct ir_module *m, ir_op top, ir_op vop, int64_t *lo, int64_t *hi)
{
    const struct ir_op_info *o = ir_op_get(m, top);
    ir_attr ba = ir_op_attr(m, top, "base_map"), sa = ir_op_attr(m, top, "access_tile_set");
    ir_attr st = ir_op_attr(m, vop, "static_strides");
    if (!ba || !sa || !st)
        return false;
    const struct ir_affine_map *bm = ir_map_get(m, ir_attr_get(m, ba)->map);
    const struct ir_attr_info *sd = ir_attr_get(m, st);
    int64_t blo[MAX_TDIMS], bhi[MAX_TDIMS];
    if (bm->nres != sd->n || bm->nres > MAX_TDIMS || bm->ndims + 1 != o->nopnd ||
        bm->ndims > MAX_TDIMS || !ir_set_box(m, ir_attr_get(m, sa)->map, NULL, blo, bhi))
        return false;
    int64_t esize = elem_bytes(m, vop);
    *lo = *hi = 0;
    for (uint32_t k = 0; k < bm->nres; k++) {
        int64_t coef[MAX_TDIMS] = {0}, c0 = 0, l, h;
        if (sd->ints[k] == IR_DYN || blo[k] == INT64_MIN || bhi[k] == INT64_MAX ||
            !split_aff_linear(m, bm->res[k], 1, coef, NULL, &c0))
            return false;
        l = c0 + blo[k];
        h = c0 + bhi[k];
        for (uint32_t d = 0; d < bm->ndims; d++) {
            int64_t vl, vh;
            if (!coef[d])
                continue;
            if (!split_index_range(m, o->opnd[1 + d], &vl, &vh))
                return false;
            l += coef[d] > 0 ? coef[d] * vl : coef[d] * vh;
            h += coef[d] > 0 ? coef[d] * vh : coef[d] * vl;
        }
        int64_t s = sd->ints[k];
        *lo += (s >= 0 ? l * s : h * s) * esize;
        *hi += (s >= 0 ? h * s : l * s) * esize + (s >= 0 ? esize - 1 : 0);
    }
    return true;
}

/* The bytes [0, *hi] view vop spans from its base (static sizes and
 * non-negative strides); false when unknown. */
static bool view_bytes(const struct ir_module *m, ir_op vop, int64_t *hi)
{
    ir_attr za = ir_op_attr(m, vop, "static_sizes"), sa = ir_op_attr(m, vop, "static_strides");
    if (!za || !sa)
        return false;
    const struct ir_attr_info *sz = ir_attr_get(m, za), *sd = ir_attr_get(m, sa);
    int64_t e = elem_bytes(m, vop);
    *hi = e - 1;
    for (uint32_t k = 0; k < sz->n && k < sd->n; k++) {
        if (sz->ints[k] == IR_DYN || sd->ints[k] == IR_DYN || sd->ints[k] < 0 || sz->ints[k] < 1)
            return false;
        *hi += (sz->ints[k] - 1) * sd->ints[k] * e;
    }
    return sz->n == sd->n;
}

/* The bytes [*lo, *hi] tile top of view vop may touch from the view's
 * base: tile_bytes, else anywhere in its view; false when unknown. */
static bool reach(const struct ir_module *m, ir_op top, ir_op vop, int64_t *lo, int64_t *hi)
{
    if (tile_bytes(m, top, vop, lo, hi))
        return true;
    *lo = 0;
    return view_bytes(m, vop, hi);
}

/* *f += k times value v's linear form. */
static bool add_value(const struct ir_module *m, struct sched_lin *f, ir_value v, int64_t k)
{
    struct sched_lin l;
    sched_lin_of(m, v, &l);
    return sched_lin_add(f, &l, k);
}

/* a - b into *d when it is a constant. */
static bool const_diff(struct sched_lin a, const struct sched_lin *b, int64_t *d)
{
    if (!sched_lin_add(&a, b, -1))
        return false;
    for (uint32_t i = 0; i < a.n; i++)
        if (a.k[i])
            return false;
    *d = a.c;
    return true;
}

/* Coordinate dim k of tile top at its set's origin, as a linear form of
 * its subscripts (base_map result k). */
static bool tile_lin(const struct ir_module *m, ir_op top, uint32_t k, struct sched_lin *f)
{
    const struct ir_op_info *o = ir_op_get(m, top);
    ir_attr ba = ir_op_attr(m, top, "base_map");
    const struct ir_affine_map *bm = ba ? ir_map_get(m, ir_attr_get(m, ba)->map) : NULL;
    int64_t coef[MAX_TDIMS] = {0}, c0 = 0;
    if (!bm || k >= bm->nres || bm->ndims > MAX_TDIMS || bm->ndims + 1 != o->nopnd ||
        !split_aff_linear(m, bm->res[k], 1, coef, NULL, &c0))
        return false;
    *f = (struct sched_lin){.c = c0};
    for (uint32_t d = 0; d < bm->ndims; d++)
        if (coef[d] && !add_value(m, f, o->opnd[1 + d], coef[d]))
            return false;
    return true;
}

/* Whether tiles a and b of one view never name one element at different
 * positions, whatever their subscripts' values: along some dim their
 * coordinates differ by a constant that puts their boxes apart (x[r - 1]
 * and x[r]), or, alike but for their subscripts, they differ along every
 * dim by multiples of the box's extent there (x[0] and x[r], rows of one:
 * the same tile or another). */
static bool never_moved(const struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_op_info *x = ir_op_get(m, a), *y = ir_op_get(m, b);
    ir_attr sa = ir_op_attr(m, a, "access_tile_set"), sb = ir_op_attr(m, b, "access_tile_set");
    int64_t alo[MAX_TDIMS], ahi[MAX_TDIMS], blo[MAX_TDIMS], bhi[MAX_TDIMS];
    if (x->opnd[0] != y->opnd[0] || !sa || !sb ||
        ir_set_get(m, ir_attr_get(m, sa)->map)->ndims > MAX_TDIMS ||
        ir_set_get(m, ir_attr_get(m, sb)->map)->ndims > MAX_TDIMS ||
        !ir_set_box(m, ir_attr_get(m, sa)->map, NULL, alo, ahi) ||
        !ir_set_box(m, ir_attr_get(m, sb)->map, NULL, blo, bhi))
        return false;
    uint32_t n = ir_set_get(m, ir_attr_get(m, sa)->map)->ndims;
    bool grid = ir_value_type(m, x->res) == ir_value_type(m, y->res) && sa == sb &&
                ir_op_attr(m, a, "access_tile_order") == ir_op_attr(m, b, "access_tile_order");
    for (uint32_t k = 0; k < n; k++) {
        struct sched_lin d, fb; /* d: a's coordinate minus b's */
        bool bounded = alo[k] != INT64_MIN && ahi[k] != INT64_MAX && blo[k] != INT64_MIN &&
                       bhi[k] != INT64_MAX;
        if (!bounded || !tile_lin(m, a, k, &d) || !tile_lin(m, b, k, &fb) ||
            !sched_lin_add(&d, &fb, -1)) {
            grid = false;
            continue;
        }
        int64_t g = 0, cc = d.c;
        for (uint32_t i = 0; i < d.n; i++) {
            if (!d.k[i])
                continue;
            int64_t ci = 0, gi = sched_value_gcd(m, d.v[i], &ci, 4);
            g = sched_gcd(g, d.k[i] * gi);
            cc += d.k[i] * ci;
        }
        if (!g && (d.c + ahi[k] < blo[k] || d.c + alo[k] > bhi[k]))
            return true; /* apart along k */
        int64_t e = ahi[k] - alo[k] + 1;
        grid = grid && g % e == 0 && cc % e == 0;
    }
    return grid;
}

/* Whether load tile l and store tile s of one view, alike but for their
 * subscripts, sit on the same rows with l starting at or after s along
 * them (x[r, 0..192) = f(x[r, 128..320))): a row's vectors stream in
 * order, so each element is read at a position of the row no later than
 * the one its store writes it from. */
static bool reads_ahead(const struct ir_module *m, ir_op l, ir_op s)
{
    const struct ir_op_info *x = ir_op_get(m, l), *y = ir_op_get(m, s);
    ir_attr set = ir_op_attr(m, l, "access_tile_set");
    if (x->opnd[0] != y->opnd[0] || !set || set != ir_op_attr(m, s, "access_tile_set") ||
        ir_op_attr(m, l, "access_tile_order") != ir_op_attr(m, s, "access_tile_order") ||
        ir_value_type(m, x->res) != ir_value_type(m, y->res))
        return false;
    uint32_t n = ir_set_get(m, ir_attr_get(m, set)->map)->ndims;
    for (uint32_t k = 0; k < n; k++) {
        struct sched_lin fl, fs;
        int64_t d; /* l's coordinate minus s's */
        if (!tile_lin(m, l, k, &fl) || !tile_lin(m, s, k, &fs) || !const_diff(fl, &fs, &d) ||
            (k + 1 < n ? d != 0 : d < 0))
            return false;
    }
    return n > 0;
}

/* The byte address of tile top's set origin in view vop as a linear form
 * of index values (the view's base among them, a constant one folded in:
 * addresses are elements of the view's type), and the bytes [*lo, *hi]
 * its box spans from there; false when unknown (a launch-time stride). */
static bool byte_lin(const struct ir_module *m, ir_op top, ir_op vop, struct sched_lin *f,
                     int64_t *lo, int64_t *hi)
{
    ir_attr sa = ir_op_attr(m, vop, "static_strides"), ta = ir_op_attr(m, top, "access_tile_set");
    int64_t blo[MAX_TDIMS], bhi[MAX_TDIMS], e = elem_bytes(m, vop);
    if (!sa || !ta || ir_set_get(m, ir_attr_get(m, ta)->map)->ndims > MAX_TDIMS ||
        !ir_set_box(m, ir_attr_get(m, ta)->map, NULL, blo, bhi))
        return false;
    const struct ir_attr_info *sd = ir_attr_get(m, sa);
    *f = (struct sched_lin){0};
    if (!add_value(m, f, ir_op_get(m, vop)->opnd[0], e))
        return false;
    *lo = 0;
    *hi = e - 1;
    for (uint32_t k = 0; k < sd->n; k++) {
        struct sched_lin c;
        int64_t st = sd->ints[k];
        if (st == IR_DYN || blo[k] == INT64_MIN || bhi[k] == INT64_MAX ||
            !tile_lin(m, top, k, &c) || !sched_lin_add(f, &c, st * e))
            return false;
        *lo += (st >= 0 ? blo[k] : bhi[k]) * st * e;
        *hi += (st >= 0 ? bhi[k] : blo[k]) * st * e;
    }
    return true;
}

/* Whether tiles a (of view va) and b (of vb) are a constant number of
 * bytes apart that puts their spans apart, whatever their subscripts'
 * values (two views of one argument, or at constant addresses, a block
 * apart). */
static bool bytes_apart(const struct ir_module *m, ir_op a, ir_op va, ir_op b, ir_op vb)
{
    struct sched_lin fa, fb;
    int64_t alo, ahi, blo, bhi, d;
    return byte_lin(m, a, va, &fa, &alo, &ahi) && byte_lin(m, b, vb, &fb, &blo, &bhi) &&
           const_diff(fa, &fb, &d) && (d + ahi < blo || d + alo > bhi);
}

/* The ktdp.loads whose values flow into v through the ops of its function
 * (not through a loop's results: a loop ends before what follows it). */
static void feeding_loads(const struct ir_module *m, ir_value v, ir_op *out, uint32_t *n,
                          ir_op *seen, uint32_t *nseen)
{
    ir_op d = ir_value_def(m, v);
    if (!d || *nseen == MAX_FEED)
        return;
    for (uint32_t i = 0; i < *nseen; i++)
        if (seen[i] == d)
            return;
    seen[(*nseen)++] = d;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_KTDP_LOAD) {
        if (*n < MAX_FEED)
            out[(*n)++] = d;
        return;
    }
    if (o->kind == IR_OP_SCF_FOR)
        return;
    for (uint32_t k = 0; k < o->nopnd; k++)
        if (ir_type_get(m, ir_value_type(m, o->opnd[k]))->kind == IR_TY_TENSOR)
            feeding_loads(m, o->opnd[k], out, n, seen, nseen);
}

/* Whether load's tile is one vector of the compute unit: every element of
 * it is read before anything computed from it is stored. */
static bool one_vector(struct split_ctx *c, ir_op load)
{
    ir_type t = ir_value_type(c->m, ir_op_get(c->m, load)->res);
    char buf[32];
    int64_t n = ir_type_numel(c->m, t);
    int64_t lanes = arch_lanes(c->dev, c->compute_res,
                               split_type_name(c->m, ir_type_elem(c->m, t), buf, sizeof buf));
    return n > 0 && lanes > 0 && n <= lanes;
}

/* Whether the bytes of tiles a (of view va) and b (of vb), views of one
 * memory (split_same_memory), may meet: views of different kernel
 * arguments are taken as different memory; of constant addresses, or of
 * one base, compared as bytes where their reach is known. */
static bool bytes_meet(const struct ir_module *m, ir_op a, ir_op va, ir_op b, ir_op vb)
{
    ir_value ab = ir_op_get(m, va)->opnd[0], bb = ir_op_get(m, vb)->opnd[0];
    int64_t abase = 0, bbase = 0, a0, a1, b0, b1;
    bool aconst = split_const_int(m, ab, &abase), bconst = split_const_int(m, bb, &bbase);
    if (ab != bb && !(aconst && bconst))
        return false; /* different arguments: different memory */
    if (!reach(m, a, va, &a0, &a1) || !reach(m, b, vb, &b0, &b1))
        return true;
    if (ab != bb) { /* addresses are elements of each view's own type */
        int64_t ae = elem_bytes(m, va), be = elem_bytes(m, vb);
        a0 += abase * ae;
        a1 += abase * ae;
        b0 += bbase * be;
        b1 += bbase * be;
    }
    return !(a1 < b0 || b1 < a0);
}

bool split_tiles_may_meet(const struct ir_module *m, ir_value a, ir_value b)
{
    ir_op at, av, bt, bv;
    if (!tile_view(m, a, &at, &av) || !tile_view(m, b, &bt, &bv))
        return true;
    return split_same_memory(m, av, bv) && !bytes_apart(m, at, av, bt, bv) &&
           bytes_meet(m, at, av, bt, bv);
}

/* A store whose value a load of the same memory feeds, at other elements
 * that may overlap its own (an in-place shift or transpose): KTIR loads the
 * whole tile before the store writes, ktc streams them, so an element
 * would be overwritten before it is read. Refused at the store; taken: a
 * load of one vector (read whole before anything made of it is stored),
 * the same elements in the same order (an in-place elementwise update),
 * tiles never naming one element at different positions, a load on the
 * store's rows starting at or after it (reads_ahead), and provably
 * disjoint bytes. Views of different kernel arguments, or in different
 * memories (global, a scratchpad), are taken as different memory; of
 * constant addresses, compared as bytes. */
static void check_in_place(struct split_ctx *c, ir_op store)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *so = ir_op_get(m, store);
    ir_op st, sv;
    if (so->nopnd < 2 || !tile_view(m, so->opnd[1], &st, &sv))
        return;
    ir_op loads[MAX_FEED], seen[MAX_FEED];
    uint32_t nl = 0, ns = 0;
    feeding_loads(m, so->opnd[0], loads, &nl, seen, &ns);
    for (uint32_t i = 0; i < nl; i++) {
        ir_op lt, lv;
        if (!tile_view(m, ir_op_get(m, loads[i])->opnd[0], &lt, &lv) || one_vector(c, loads[i]) ||
            !split_same_memory(m, lv, sv) || alike(m, lt, st) ||
            never_moved(m, lt, st) || reads_ahead(m, lt, st) || bytes_apart(m, lt, lv, st, sv))
            continue;
        if (!bytes_meet(m, lt, lv, st, sv))
            continue;
        split_error(c, store, "a store to memory that a load of its value reads at other "
                              "elements (an in-place shift or reordering) is not supported "
                              "yet: KTIR reads the whole tile first, and streamed, some "
                              "elements would be overwritten before they are read");
        return;
    }
}

static bool check(struct ir_module *m, ir_op op, void *ctx)
{
    struct split_ctx *c = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    check_fits(c, op);
    switch (o->kind) {
    case IR_OP_SCF_WHILE:
        split_error(c, op, "scf.while is not supported yet");
        break;
    case IR_OP_KTDP_STORE:
        check_in_place(c, op);
        break;
    case IR_OP_SCF_FOR:
        for (uint32_t i = 0; i < o->nres; i++) {
            ir_type t = ir_value_type(m, o->res + i);
            if (ir_type_get(m, t)->kind != IR_TY_TENSOR) { /* floats: split_scalar_carries */
                char buf[32];
                split_error(c, op, "scf.for carrying a value of type %s (only tensors and "
                                   "floats may be loop-carried) is not supported yet",
                            split_type_name(m, t, buf, sizeof buf));
                break;
            }
        }
        break;
    case IR_OP_KTDP_CONSTRUCT_DISTRIBUTED_MEMORY_VIEW:
        split_error(c, op, "distributed memory views (%s) are not supported yet", name);
        break;
    case IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE: /* the rows form: split_indirect.c */
        break;
    case IR_OP_KTDP_INTER_TILE_CONSUME: /* produce/reduce: split_ring.c */
        split_error(c, op, "inter-tile ops (%s) are not supported yet", name);
        break;
    case IR_OP_LINALG_MATMUL:
        check_matmul(c, op);
        break;
    case IR_OP_LINALG_BATCH_MATMUL:
    case IR_OP_LINALG_MATVEC:
    case IR_OP_LINALG_VECMAT:
    case IR_OP_LINALG_DOT:
        split_error(c, op, "contractions other than linalg.matmul (%s) are not supported yet",
                    name);
        break;
    case IR_OP_ARITH_CONSTANT: {
        /* one value: a splat (dense_splats); more would have to be sliced
         * per tile or staged in memory */
        const struct ir_attr_info *ai = ir_attr_get(m, ir_op_attr(m, op, "value"));
        if (ir_type_get(m, ir_value_type(m, o->res))->kind == IR_TY_TENSOR &&
            ai->kind == IR_AT_DENSE && ai->n > 1)
            split_error(c, op, "a tensor constant of %u values (not one repeated) is not "
                               "supported yet", ai->n);
        break;
    }
    case IR_OP_LINALG_INDEX:
        check_index(c, op);
        break;
    case IR_OP_ARITH_INDEX_CAST:
        if (is_linalg_body_op(m, op) && ir_value_type(m, o->res) != m->t_i32 &&
            ir_value_type(m, o->opnd[0]) != m->t_i32) {
            char a[32];
            split_error(c, op, "arith.index_cast to %s in a linalg body is not supported yet "
                               "(index arithmetic runs in i32 lanes: index_cast to i32)",
                        split_type_name(m, ir_value_type(m, o->res), a, sizeof a));
        }
        break;
    default:
        if (is_linalg_body_op(m, op) && o->kind != IR_OP_LINALG_YIELD &&
            !split_compute_op_ok(m, op))
            split_error(c, op, "'%s' in a linalg body is not supported yet", name);
        break;
    }
    return true;
}

bool split_legal(struct split_ctx *c)
{
    ir_block body = ir_module_body(c->m);
    bool kernel = false;
    IR_FOR_OPS(c->m, body, op)
    {
        const struct ir_op_info *oi = ir_op_get(c->m, op);
        kernel = kernel || (oi->kind == IR_OP_FUNC_FUNC && oi->nreg && ir_region_entry(c->m, oi->regs[0]));
        if (oi->kind != IR_OP_KTDF_ARCH_DEVICE)
            ir_walk(c->m, op, check, c);
    }
    if (!kernel && !c->failed)
        return split_error(c, c->m->top, "no kernel: this module defines no func.func with a body");
    return !c->failed;
}
