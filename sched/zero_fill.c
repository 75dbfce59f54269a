/* zero_fill.c - ktc-split's zero fill recognized (zero_fill.h). */
#include "sched/zero_fill.h"

#include <math.h>
#include <stdint.h>

#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "sched/split_int.h"

/* The count predicates: lane < count (arith.cmpf olt, and ult: a count
 * converted from an integer is never NaN). */
enum { CMPF_OLT = 4, CMPF_ULT = 11 };

/* The constant tensor v is made of: a dense arith.constant, or NULL. */
static const struct ir_attr_info *dense_of(const struct ir_module *m, ir_value v)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_CONSTANT)
        return NULL;
    ir_attr a = ir_op_attr(m, d, "value");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_DENSE ? ai : NULL;
}

static bool float_is(const struct ir_module *m, uint32_t e, double x)
{
    const struct ir_attr_info *ai = ir_attr_get(m, e);
    if (ai->kind != IR_AT_FLOAT)
        return false;
    if (ai->flags & IR_ATF_HEX)
        return x == 0 && ai->i == 0; /* only +0 by its bits */
    return ai->f == x && !(x == 0 && signbit(ai->f));
}

/* Whether v is +0.0 splat over a tensor. */
static bool zeros(const struct ir_module *m, ir_value v)
{
    const struct ir_attr_info *d = dense_of(m, v);
    return d && d->n == 1 && float_is(m, d->elems[0], 0);
}

/* Whether v is the lanes' index along a 1 x L (or L) tensor: 0, 1, ... L-1. */
static bool lanes(const struct ir_module *m, ir_value v, int64_t len)
{
    const struct ir_attr_info *d = dense_of(m, v);
    if (!d || d->n != len)
        return false;
    for (int64_t j = 0; j < len; j++)
        if (!float_is(m, d->elems[j], (double)j))
            return false;
    return true;
}

/* Whether attribute a (an array of affine maps) holds identities only. */
static bool identities(const struct ir_module *m, ir_attr a)
{
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY)
        return false;
    for (uint32_t i = 0; i < ai->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        if (e->kind != IR_AT_AFFINE_MAP)
            return false;
        const struct ir_affine_map *mp = ir_map_get(m, e->map);
        if (mp->nres != mp->ndims)
            return false;
        for (uint32_t r = 0; r < mp->nres; r++) {
            const struct ir_aff_info *x = ir_aff_get(m, mp->res[r]);
            if (x->kind != IR_AFF_DIM || x->v != r)
                return false;
        }
    }
    return true;
}

/* Whether index k is clamped into [lo, hi] within i32 by minsi/maxsi with
 * constants (so converting it to i32 changes nothing), lo and hi the
 * tightest bounds found. */
static bool clamped(const struct ir_module *m, ir_value k, int64_t *lo, int64_t *hi)
{
    ir_op d = ir_value_def(m, k);
    uint16_t kind = d ? ir_op_get(m, d)->kind : IR_OP_UNKNOWN;
    int64_t c;
    if (kind != IR_OP_ARITH_MINSI && kind != IR_OP_ARITH_MAXSI)
        return *lo >= INT32_MIN && *hi <= INT32_MAX;
    const struct ir_op_info *o = ir_op_get(m, d);
    uint32_t other = split_const_int(m, o->opnd[1], &c)   ? 0
                     : split_const_int(m, o->opnd[0], &c) ? 1
                                                          : 2;
    if (other == 2)
        return false;
    if (kind == IR_OP_ARITH_MINSI && c < *hi)
        *hi = c;
    if (kind == IR_OP_ARITH_MAXSI && c > *lo)
        *lo = c;
    return clamped(m, o->opnd[other], lo, hi);
}

/* The index count c is compared with: c = sitofp(index_cast(k)), k an index
 * clamped into i32; IR_NONE otherwise. */
static ir_value count_of(const struct ir_module *m, ir_value c)
{
    ir_op d = ir_value_def(m, c);
    if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_SITOFP)
        return IR_NONE;
    ir_op cast = ir_value_def(m, ir_op_get(m, d)->opnd[0]);
    if (!cast || ir_op_get(m, cast)->kind != IR_OP_ARITH_INDEX_CAST)
        return IR_NONE;
    ir_value k = ir_op_get(m, cast)->opnd[0];
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    return ir_type_get(m, ir_value_type(m, k))->kind == IR_TY_INDEX && clamped(m, k, &lo, &hi)
               ? k
               : IR_NONE;
}

/* Generic g's block argument for operand i. */
static ir_value arg_of(const struct ir_module *m, ir_op g, uint32_t i)
{
    return ir_block_get(m, ir_region_entry(m, ir_op_region(m, g, 0)))->args[i];
}

/* Whether g is `select(lane < c, v, 0)` over tensors of L lanes; *cnt: c. */
static bool fill_of(const struct ir_module *m, ir_op g, ir_value v, int64_t len, ir_value *cnt)
{
    const struct ir_op_info *o = ir_op_get(m, g);
    uint32_t seg[2];
    if (o->kind != IR_OP_LINALG_GENERIC || o->nres != 1)
        return false;
    ir_segments(m, g, 2, seg);
    if (seg[0] != 3 || seg[1] != 1 || ir_value_type(m, o->res) != ir_value_type(m, v) ||
        !identities(m, ir_op_attr(m, g, "indexing_maps")))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, g, 0));
    ir_op cmp = ir_block_get(m, b)->first;
    ir_op sel = cmp ? ir_op_get(m, cmp)->next : IR_NONE;
    ir_op yield = sel ? ir_op_get(m, sel)->next : IR_NONE;
    if (!yield || ir_op_get(m, cmp)->kind != IR_OP_ARITH_CMPF ||
        ir_op_get(m, sel)->kind != IR_OP_ARITH_SELECT ||
        ir_op_get(m, yield)->kind != IR_OP_LINALG_YIELD ||
        ir_op_get(m, yield)->opnd[0] != ir_op_get(m, sel)->res)
        return false;
    const struct ir_op_info *c = ir_op_get(m, cmp), *s = ir_op_get(m, sel);
    int64_t pred = ir_attr_get(m, ir_op_attr(m, cmp, "predicate"))->i;
    if ((pred != CMPF_OLT && pred != CMPF_ULT) || s->opnd[0] != c->res ||
        ir_value_defined_in(m, c->opnd[1], g))
        return false;
    /* which operands are the lanes, the loaded vector and the zeros */
    int lane = -1, in = -1, zero = -1;
    for (uint32_t i = 0; i < 3; i++) {
        ir_value a = arg_of(m, g, i);
        if (a == c->opnd[0] && lanes(m, o->opnd[i], len))
            lane = (int)i;
        else if (a == s->opnd[1] && o->opnd[i] == v)
            in = (int)i;
        else if (a == s->opnd[2] && zeros(m, o->opnd[i]))
            zero = (int)i;
    }
    if (lane < 0 || in < 0 || zero < 0)
        return false;
    *cnt = c->opnd[1];
    return true;
}

ir_value sched_zero_fill(const struct ir_module *m, ir_op g, ir_value v, ir_value *cmp)
{
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, v));
    ir_value c;
    if (vt->kind != IR_TY_TENSOR || !vt->rank ||
        ir_type_numel(m, ir_value_type(m, v)) != vt->shape[vt->rank - 1] ||
        !fill_of(m, g, v, vt->shape[vt->rank - 1], &c))
        return IR_NONE;
    ir_value k = count_of(m, c);
    if (k && cmp)
        *cmp = c;
    return k;
}

bool sched_kind_zero_pads(const struct arch_device *dev, const char *kind)
{
    uint32_t k = arch_kind_find(dev, kind);
    return k != ARCH_NONE && dev->kinds[k].node == ARCH_UNIT &&
           (dev->res[dev->kinds[k].first].features & ARCH_F_ZERO_PAD);
}

bool sched_padded_fill(const struct ir_module *m, const struct arch_device *dev, ir_op g)
{
    const struct ir_op_info *o = ir_op_get(m, g);
    if (o->kind != IR_OP_LINALG_GENERIC || !dev)
        return false;
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_op r = ir_value_def(m, o->opnd[i]);
        if (!r || ir_op_get(m, r)->kind != IR_OP_KTDF_READ_FROM_FIFO)
            continue;
        const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, ir_op_get(m, r)->opnd[0]));
        const struct ir_attr_info *src =
            st->kind == IR_TY_FIFO_SLOT && st->attr0 ? ir_attr_get(m, st->attr0) : NULL;
        if (src && src->kind == IR_AT_STRING && sched_kind_zero_pads(dev, ir_str_get(m, src->s)) &&
            sched_zero_fill(m, g, o->opnd[i], NULL))
            return true;
    }
    return false;
}
