/* offset_gcd.c - sched_gcd, sched_value_gcd and sched_value_range (offset_gcd.h). */
#include <stdbool.h>
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/lin.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"

int64_t sched_gcd(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool const_of(const struct ir_module *m, ir_value v, int64_t *x)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_CONSTANT)
        return false;
    *x = ir_attr_get(m, ir_op_attr(m, d, "value"))->i;
    return true;
}

/* Whether scf.for lo (of step `step`) runs once at most: its upper bound
 * its lower bound plus a constant no more than the step. */
static bool one_trip(const struct ir_module *m, const struct ir_op_info *lo, int64_t step)
{
    ir_op u = ir_value_def(m, lo->opnd[1]);
    const struct ir_op_info *uo = u ? ir_op_get(m, u) : NULL;
    int64_t k;
    if (!uo || uo->kind != IR_OP_ARITH_ADDI || uo->nopnd != 2)
        return false;
    for (int i = 0; i < 2; i++)
        if (uo->opnd[i] == lo->opnd[0] && const_of(m, uo->opnd[1 - i], &k) && k <= step)
            return true;
    return false;
}

/* Argument i of func.func fn (a program ktc-split made) as value_gcd
 * takes it: what every call of fn passes there is *c plus a multiple of
 * the result (the constant parts must agree); 1 when unknown. */
static int64_t arg_gcd(const struct ir_module *m, ir_op fn, uint32_t i, int64_t *c, int depth)
{
    struct sched_ops calls = {0};
    sched_calls_of(m, fn, &calls);
    int64_t g = 0, c0 = 0;
    bool any = false;
    for (uint32_t k = 0; k < calls.n && g != 1; k++) {
        const struct ir_op_info *co = ir_op_get(m, calls.v[k]);
        int64_t ck = 0, gk = i < co->nopnd ? sched_value_gcd(m, co->opnd[i], &ck, depth) : 1;
        if (any && ck != c0)
            gk = sched_gcd(gk, ck - c0);
        if (!any)
            c0 = ck;
        any = true;
        g = sched_gcd(g, gk);
    }
    free(calls.v);
    if (!any)
        return 1;
    *c += c0;
    return g;
}

int64_t sched_value_gcd(const struct ir_module *m, ir_value v, int64_t *c, int depth)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    int64_t lb, step, k;
    if (vi->is_arg) {
        ir_op loop = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        const struct ir_op_info *lo = loop ? ir_op_get(m, loop) : NULL;
        if (lo && lo->kind == IR_OP_SCF_FOR && vi->index == 0 && const_of(m, lo->opnd[2], &step) &&
            step > 0) {
            if (const_of(m, lo->opnd[0], &lb)) {
                *c += lb;
                return step;
            }
            /* a lower bound computed (a tile id times a block): its
             * multiples and the steps' */
            int64_t c2 = 0, g = depth ? sched_value_gcd(m, lo->opnd[0], &c2, depth - 1) : 1;
            *c += c2;
            return one_trip(m, lo, step) ? g : sched_gcd(g, step);
        }
        if (lo && lo->kind == IR_OP_FUNC_FUNC && depth)
            return arg_gcd(m, loop, vi->index, c, depth - 1);
        return 1;
    }
    if (const_of(m, v, &k)) {
        *c += k;
        return 0;
    }
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (o && o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID && sched_grid_tiles(m, d, 2) == 1)
        return 0; /* the one tile's coordinates: 0 */
    if (!o || depth == 0 || o->nopnd != 2)
        return 1;
    if (o->kind == IR_OP_ARITH_ADDI)
        return sched_gcd(sched_value_gcd(m, o->opnd[0], c, depth - 1),
                   sched_value_gcd(m, o->opnd[1], c, depth - 1));
    if (o->kind == IR_OP_ARITH_MULI) {
        for (int i = 0; i < 2; i++)
            if (const_of(m, o->opnd[i], &k)) {
                int64_t c2 = 0, g = sched_value_gcd(m, o->opnd[1 - i], &c2, depth - 1);
                *c += k * c2;
                return g * (k < 0 ? -k : k);
            }
    }
    return 1;
}

bool sched_value_misaligned(const struct ir_module *m, ir_value v, int64_t k, int64_t align,
                            int64_t *c, int depth)
{
    int64_t x;
    if (const_of(m, v, &x)) {
        *c += k * x;
        return false;
    }
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (o && depth && o->nopnd == 2 && o->kind == IR_OP_ARITH_ADDI) {
        bool a = sched_value_misaligned(m, o->opnd[0], k, align, c, depth - 1);
        return sched_value_misaligned(m, o->opnd[1], k, align, c, depth - 1) || a;
    }
    if (o && depth && o->nopnd == 2 && o->kind == IR_OP_ARITH_MULI)
        for (int i = 0; i < 2; i++)
            if (const_of(m, o->opnd[i], &x))
                return sched_value_misaligned(m, o->opnd[1 - i], k * x, align, c, depth - 1);
    int64_t c2 = 0, g = sched_value_gcd(m, v, &c2, depth) * k;
    *c += k * c2;
    g = g < 0 ? -g : g;
    return g > 1 && g % align;
}

/* Argument i of func.func fn (a program ktc-split made) as
 * sched_value_range takes it: the hull of what every call of fn passes
 * there; false when unknown (no call, or an unknown operand). */
static bool arg_range(const struct ir_module *m, ir_op fn, uint32_t i, int64_t t, int64_t *lo,
                      int64_t *hi, int depth)
{
    struct sched_ops calls = {0};
    sched_calls_of(m, fn, &calls);
    bool any = false, ok = true;
    for (uint32_t k = 0; k < calls.n && ok; k++) {
        const struct ir_op_info *co = ir_op_get(m, calls.v[k]);
        int64_t l, h;
        ok = i < co->nopnd && sched_value_range_on_tile(m, co->opnd[i], t, &l, &h, depth);
        if (ok) {
            *lo = any && *lo < l ? *lo : l;
            *hi = any && *hi > h ? *hi : h;
            any = true;
        }
    }
    free(calls.v);
    return ok && any;
}

bool sched_value_range(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi, int depth)
{
    return sched_value_range_on_tile(m, v, -1, lo, hi, depth);
}

bool sched_value_range_on_tile(const struct ir_module *m, ir_value v, int64_t t, int64_t *lo,
                               int64_t *hi, int depth)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    int64_t k, lb, ub, step;
    if (const_of(m, v, &k)) {
        *lo = *hi = k;
        return true;
    }
    if (vi->is_arg) {
        ir_op loop = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        const struct ir_op_info *lo_ = loop ? ir_op_get(m, loop) : NULL;
        if (lo_ && lo_->kind == IR_OP_FUNC_FUNC)
            return depth && arg_range(m, loop, vi->index, t, lo, hi, depth - 1);
        if (!lo_ || lo_->kind != IR_OP_SCF_FOR || vi->index != 0 ||
            !const_of(m, lo_->opnd[2], &step) || step <= 0)
            return false;
        if (const_of(m, lo_->opnd[0], &lb) && const_of(m, lo_->opnd[1], &ub)) {
            if (ub <= lb)
                return false;
            *lo = lb;
            *hi = lb + (ub - lb - 1) / step * step;
            return true;
        }
        /* on a tile, bounds of the tile id: from the least lower bound to
         * below the greatest upper one */
        int64_t x;
        if (t < 0 || !depth ||
            !sched_value_range_on_tile(m, lo_->opnd[0], t, &lb, &x, depth - 1) ||
            !sched_value_range_on_tile(m, lo_->opnd[1], t, &x, &ub, depth - 1) || ub <= lb)
            return false;
        *lo = lb;
        *hi = ub - 1;
        return true;
    }
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (o && o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID &&
        (t >= 0 || sched_grid_tiles(m, d, 2) == 1)) {
        *lo = *hi = t >= 0 ? sched_grid_coord(m, d, t, vi->index) : 0;
        return true;
    }
    int64_t a0, a1, b0, b1;
    if (!o || depth == 0 || o->nopnd != 2 ||
        !sched_value_range_on_tile(m, o->opnd[0], t, &a0, &a1, depth - 1) ||
        !sched_value_range_on_tile(m, o->opnd[1], t, &b0, &b1, depth - 1))
        return false;
    switch (o->kind) {
    case IR_OP_ARITH_ADDI:
        *lo = a0 + b0, *hi = a1 + b1;
        return true;
    case IR_OP_ARITH_SUBI:
        *lo = a0 - b1, *hi = a1 - b0;
        return true;
    case IR_OP_ARITH_MINSI: /* a row loop's end, min(start + rows, n) */
        *lo = a0 < b0 ? a0 : b0, *hi = a1 < b1 ? a1 : b1;
        return true;
    case IR_OP_ARITH_MAXSI:
        *lo = a0 > b0 ? a0 : b0, *hi = a1 > b1 ? a1 : b1;
        return true;
    default:
        break;
    }
    if (o->kind == IR_OP_ARITH_MULI && (a0 == a1 || b0 == b1)) {
        int64_t x = a0 == a1 ? a0 : b0, l = a0 == a1 ? b0 : a0, h = a0 == a1 ? b1 : a1;
        *lo = x >= 0 ? x * l : x * h;
        *hi = x >= 0 ? x * h : x * l;
        return true;
    }
    return false;
}

/* Whether x - y is a constant *d as linear forms (sched_lin_of). */
static bool const_diff(const struct ir_module *m, ir_value x, ir_value y, int64_t *d)
{
    struct sched_lin a, b;
    sched_lin_of(m, x, &a);
    sched_lin_of(m, y, &b);
    if (!sched_lin_add(&a, &b, -1) || a.n)
        return false;
    *d = a.c;
    return true;
}

/* x - y at most *hi where x is arith.minsi(p, q) and p - y or q - y is a
 * constant (a block's end min(n, s + 64) less its start s: at most 64),
 * the least such. */
static bool min_less_upper(const struct ir_module *m, ir_value x, ir_value y, int64_t *hi)
{
    ir_op d = ir_value_def(m, x);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->kind != IR_OP_ARITH_MINSI || o->nopnd != 2)
        return false;
    bool found = false;
    for (uint32_t i = 0; i < 2; i++) {
        int64_t k;
        if (const_diff(m, o->opnd[i], y, &k) && (!found || k < *hi)) {
            *hi = k;
            found = true;
        }
    }
    return found;
}

/* x - y at most k - 1 where y is (x / k) * k (arith.divui, divsi or
 * floordivsi of x's linear form by a constant k > 0, times k): x's
 * remainder by k, whatever x (unsigned, in wrapping arithmetic, too): the
 * points a tile loop leaves to its remainder loop. */
static bool rem_upper(const struct ir_module *m, ir_value x, ir_value y, int64_t *hi)
{
    ir_op d = ir_value_def(m, y);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->kind != IR_OP_ARITH_MULI || o->nopnd != 2)
        return false;
    for (uint32_t i = 0; i < 2; i++) {
        int64_t k, j, z;
        ir_op q = ir_value_def(m, o->opnd[1 - i]);
        const struct ir_op_info *qo = q ? ir_op_get(m, q) : NULL;
        if (!const_of(m, o->opnd[i], &k) || k < 1 || !qo || qo->nopnd != 2 ||
            (qo->kind != IR_OP_ARITH_DIVUI && qo->kind != IR_OP_ARITH_DIVSI &&
             qo->kind != IR_OP_ARITH_FLOORDIVSI) ||
            !const_of(m, qo->opnd[1], &j) || j != k || !const_diff(m, qo->opnd[0], x, &z) || z)
            continue;
        *hi = k - 1;
        return true;
    }
    return false;
}

/* sched_value_upper, through remainders by a positive constant too when
 * rem is set. */
static bool value_upper(const struct ir_module *m, ir_value v, int64_t *hi, int depth, bool rem)
{
    int64_t lo, a, b, k;
    if (sched_value_range(m, v, &lo, hi, depth))
        return true;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || depth == 0 || o->nopnd != 2)
        return false;
    bool ha = value_upper(m, o->opnd[0], &a, depth - 1, rem);
    switch (o->kind) {
    case IR_OP_ARITH_MINSI: {
        bool hb = value_upper(m, o->opnd[1], &b, depth - 1, rem);
        *hi = ha && hb ? (a < b ? a : b) : ha ? a : b;
        return ha || hb;
    }
    case IR_OP_ARITH_MAXSI:
        if (!ha || !value_upper(m, o->opnd[1], &b, depth - 1, rem))
            return false;
        *hi = a > b ? a : b;
        return true;
    case IR_OP_ARITH_ADDI:
        if (!ha || !value_upper(m, o->opnd[1], &b, depth - 1, rem))
            return false;
        *hi = a + b;
        return true;
    case IR_OP_ARITH_SUBI: {
        bool hr = ha && sched_value_range(m, o->opnd[1], &b, &k, depth - 1);
        int64_t c = 0;
        bool hm = min_less_upper(m, o->opnd[0], o->opnd[1], &c) ||
                  rem_upper(m, o->opnd[0], o->opnd[1], &c);
        *hi = hr && hm ? (a - b < c ? a - b : c) : hr ? a - b : c;
        return hr || hm;
    }
    case IR_OP_ARITH_CEILDIVSI:
    case IR_OP_ARITH_DIVSI:
    case IR_OP_ARITH_FLOORDIVSI:
        /* each rounds a / k (k > 0) the same way at a and at anything less */
        if (!ha || !const_of(m, o->opnd[1], &k) || k < 1)
            return false;
        if (o->kind == IR_OP_ARITH_CEILDIVSI && a > 0)
            *hi = (a + k - 1) / k;
        else if (o->kind == IR_OP_ARITH_FLOORDIVSI && a < 0)
            *hi = -((-a + k - 1) / k);
        else
            *hi = a / k;
        return true;
    case IR_OP_ARITH_REMSI:
    case IR_OP_ARITH_REMUI:
        if (!rem || !const_of(m, o->opnd[1], &k) || k < 1)
            return false;
        *hi = ha && o->kind == IR_OP_ARITH_REMSI && a < k - 1 ? (a > 0 ? a : 0) : k - 1;
        return true;
    default:
        return false;
    }
}

bool sched_value_upper(const struct ir_module *m, ir_value v, int64_t *hi, int depth)
{
    return value_upper(m, v, hi, depth, false);
}

bool sched_value_upper_rem(const struct ir_module *m, ir_value v, int64_t *hi, int depth)
{
    return value_upper(m, v, hi, depth, true);
}

bool sched_for_at_most_once(const struct ir_module *m, ir_op loop, int64_t *lo, int64_t *step,
                            bool *runs)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t hi;
    if (o->kind != IR_OP_SCF_FOR || o->nopnd != 3 || !const_of(m, o->opnd[0], lo) ||
        !const_of(m, o->opnd[2], step) || *step <= 0 ||
        !sched_value_upper(m, o->opnd[1], &hi, 8) || hi > *lo + *step)
        return false;
    *runs = hi > *lo;
    return true;
}

bool sched_aff_range_with(const struct ir_module *m, ir_aff e,
                          bool (*dim)(void *ctx, uint32_t k, int64_t *lo, int64_t *hi),
                          void *ctx, int64_t *lo, int64_t *hi)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    int64_t l0, h0, l1, h1;
    switch (a->kind) {
    case IR_AFF_CONST:
        *lo = *hi = a->v;
        return true;
    case IR_AFF_DIM:
        return dim(ctx, (uint32_t)a->v, lo, hi);
    case IR_AFF_ADD:
        if (!sched_aff_range_with(m, a->lhs, dim, ctx, &l0, &h0) ||
            !sched_aff_range_with(m, a->rhs, dim, ctx, &l1, &h1))
            return false;
        *lo = l0 + l1;
        *hi = h0 + h1;
        return true;
    case IR_AFF_MUL:
        if (!sched_aff_range_with(m, a->lhs, dim, ctx, &l0, &h0) ||
            !sched_aff_range_with(m, a->rhs, dim, ctx, &l1, &h1) || (l0 != h0 && l1 != h1))
            return false;
        if (l0 != h0) { /* the constant on the right */
            int64_t t = l0;
            l0 = l1;
            l1 = t;
            t = h0;
            h0 = h1;
            h1 = t;
        }
        *lo = l0 >= 0 ? l0 * l1 : l0 * h1;
        *hi = l0 >= 0 ? l0 * h1 : l0 * l1;
        return true;
    default:
        return false;
    }
}

struct subs_ctx {
    const struct ir_module *m;
    const ir_value *subs;
};

static bool sub_range(void *ctx, uint32_t k, int64_t *lo, int64_t *hi)
{
    const struct subs_ctx *s = ctx;
    return sched_value_range(s->m, s->subs[k], lo, hi, 4);
}

bool sched_aff_range(const struct ir_module *m, ir_aff e, const ir_value *subs, int64_t *lo,
                     int64_t *hi)
{
    struct subs_ctx s = {m, subs};
    return sched_aff_range_with(m, e, sub_range, &s, lo, hi);
}

bool sched_view_bytes(const struct ir_module *m, ir_op view, int64_t *lo, int64_t *hi)
{
    const struct ir_op_info *o = ir_op_get(m, view);
    if (o->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW || !o->nopnd)
        return false;
    ir_op base = ir_value_def(m, o->opnd[0]);
    ir_attr sizes = ir_op_attr(m, view, "static_sizes"), strides = ir_op_attr(m, view, "static_strides");
    if (!base || ir_op_get(m, base)->kind != IR_OP_ARITH_CONSTANT || !sizes || !strides)
        return false;
    const struct ir_attr_info *si = ir_attr_get(m, sizes), *ti = ir_attr_get(m, strides);
    int64_t at = ir_attr_get(m, ir_op_attr(m, base, "value"))->i, first, last;
    if (!ir_strided_extent(si->ints, ti->ints, si->n < ti->n ? si->n : ti->n, &first, &last))
        return false;
    int64_t eb = ir_type_bytes(m, ir_type_get(m, ir_value_type(m, o->res))->elem);
    *lo = (at + first) * eb;
    *hi = (at + last + 1) * eb;
    return true;
}
