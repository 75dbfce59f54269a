/* split_lindex.c - linalg.index in a generic's body (split.h, "Iteration
 * indices"): whether its index arithmetic fits the i32 lanes it runs in
 * (interval bounds; a launch-time index clamped), and a tile's generic's
 * index made the chunk's origin plus its own (split_pipeline.c calls both).
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/split_int.h"

/* Index arithmetic runs in i32 lanes (ktc-lower). A launch-time index the
 * body captures is clamped to [-SAT, SAT] (split_index_chunk); sat + k (|k| <
 * NEAR) compared with v (|v| < NEAR) then compares as the unclamped value
 * does (beyond SAT both are past v on the same side). */
#define IX_SAT ((int64_t)1 << 30)
#define IX_NEAR ((int64_t)1 << 28)

struct ix_rng {
    ir_value v;
    int64_t lo, hi; /* the value's bounds; for a clamped one, k's */
    bool sat;       /* clamped launch-time index + k */
};

/* Whether x comes from outside body (a scalar it captures). */
static bool ix_captured(const struct ir_module *m, ir_block body, ir_value x)
{
    ir_op d = ir_value_def(m, x);
    if (d)
        return ir_op_get(m, d)->block != body;
    const struct ir_block_info *bi = ir_block_get(m, body);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (bi->args[i] == x)
            return false;
    return true;
}

/* The bounds of a program's parameter k over every call of the program
 * (ix_call_walk): the range of what they pass, or its lower bound alone
 * (split_index_lower) with `lower`. */
struct ix_call {
    const char *name;
    uint32_t k;
    bool lower;
    int64_t lo, hi;
    bool any, ok;
};

static bool ix_call_walk(struct ir_module *m, ir_op op, void *ctx)
{
    struct ix_call *c = ctx;
    ir_attr a = ir_op_get(m, op)->kind == IR_OP_FUNC_CALL ? ir_op_attr(m, op, "callee") : IR_NONE;
    int64_t lo, hi = 0;
    if (!a || strcmp(ir_str_get(m, ir_attr_get(m, a)->s), c->name) != 0)
        return true;
    ir_value v = c->k < ir_op_get(m, op)->nopnd ? ir_op_get(m, op)->opnd[c->k] : IR_NONE;
    if (!v || !(c->lower ? split_index_lower(m, v, &lo) : split_index_range(m, v, &lo, &hi)))
        c->ok = false;
    else if (!c->any)
        c->lo = lo, c->hi = hi;
    else
        c->lo = lo < c->lo ? lo : c->lo, c->hi = hi > c->hi ? hi : c->hi;
    c->any = true;
    return true;
}

/* The program (a func.func with a name) whose parameter x is, or IR_NONE. */
static ir_op ix_program(const struct ir_module *m, ir_value x)
{
    const struct ir_value_info *vi = ir_value_get(m, x);
    ir_region r = vi->is_arg ? ir_block_get(m, vi->owner)->region : IR_NONE;
    ir_op fn = r ? ir_region_get(m, r)->op : IR_NONE;
    return fn && ir_op_get(m, fn)->kind == IR_OP_FUNC_FUNC && ir_op_attr(m, fn, "sym_name")
               ? fn
               : IR_NONE;
}

/* Whether every call of program fn passes its parameter x a value of
 * known bounds (c: as ix_call_walk leaves it). */
static bool ix_calls(struct ir_module *m, ir_op fn, ir_value x, bool lower, struct ix_call *c)
{
    *c = (struct ix_call){ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s),
                          ir_value_get(m, x)->index, lower, 0, 0, false, true};
    ir_walk(m, m->top, ix_call_walk, c);
    return c->any && c->ok;
}

/* Whether captured index x is known to lie in [*lo, *hi] within [-IX_SAT,
 * IX_SAT] (a tile id, an IV; a program's parameter by what its calls pass,
 * a row loop's IV: not clamped). */
static bool ix_range(struct ir_module *m, ir_value x, int64_t *lo, int64_t *hi, int depth)
{
    const struct ir_value_info *vi = ir_value_get(m, x);
    const struct ir_op_info *o = vi->is_arg ? NULL : ir_op_get(m, vi->owner);
    int64_t a0, a1, b0, b1;
    if (o && depth < 8 && o->nopnd == 2 &&
        (o->kind == IR_OP_ARITH_ADDI || o->kind == IR_OP_ARITH_SUBI ||
         o->kind == IR_OP_ARITH_MULI)) {
        if (!ix_range(m, o->opnd[0], &a0, &a1, depth + 1) ||
            !ix_range(m, o->opnd[1], &b0, &b1, depth + 1) || a0 < -IX_SAT || a1 > IX_SAT ||
            b0 < -IX_SAT || b1 > IX_SAT)
            return false;
        if (o->kind == IR_OP_ARITH_ADDI)
            *lo = a0 + b0, *hi = a1 + b1;
        else if (o->kind == IR_OP_ARITH_SUBI)
            *lo = a0 - b1, *hi = a1 - b0;
        else {
            int64_t x4[4] = {a0 * b0, a0 * b1, a1 * b0, a1 * b1};
            *lo = *hi = x4[0];
            for (int i = 1; i < 4; i++)
                *lo = x4[i] < *lo ? x4[i] : *lo, *hi = x4[i] > *hi ? x4[i] : *hi;
        }
        return true;
    }
    ir_op fn = ix_program(m, x);
    struct ix_call c;
    if (fn) {
        bool known = ix_calls(m, fn, x, false, &c);
        *lo = c.lo, *hi = c.hi;
        return known;
    }
    return split_index_range(m, x, lo, hi);
}

static bool ix_bounded(struct ir_module *m, ir_value x, int64_t *lo, int64_t *hi)
{
    return ix_range(m, x, lo, hi, 0) && *lo >= -IX_SAT && *hi <= IX_SAT;
}

static bool ix_get(struct ir_module *m, ir_block body, const struct ix_rng *r, uint32_t n,
                   ir_value x, struct ix_rng *out)
{
    int64_t c;
    for (uint32_t i = 0; i < n; i++)
        if (r[i].v == x)
            return *out = r[i], true;
    *out = (struct ix_rng){x, 0, 0, false};
    if (split_const_int(m, x, &c))
        return out->lo = out->hi = c, true;
    if (ir_value_type(m, x) == m->t_i32) /* exact as i32 */
        return out->lo = INT32_MIN, out->hi = INT32_MAX, true;
    if (ir_value_type(m, x) != m->t_index || !ix_captured(m, body, x))
        return false; /* an index element, or a value made by an op not taken */
    if (ix_bounded(m, x, &out->lo, &out->hi)) /* a tile id, an IV */
        return true;
    return out->sat = true; /* launch-time: clamped, k = 0 */
}

static bool ix_near(const struct ix_rng *a)
{
    return !a->sat && a->lo > -IX_NEAR && a->hi < IX_NEAR;
}

/* Whether captured index x is never negative (split_index_lower; a
 * program's parameter by what its calls pass). */
static bool ix_nonneg(struct ir_module *m, ir_value x)
{
    int64_t lo;
    ir_op fn = ix_program(m, x);
    struct ix_call c;
    if (split_index_lower(m, x, &lo))
        return lo >= 0;
    return fn && ix_calls(m, fn, x, true, &c) && c.lo >= 0;
}

/* The linalg.index of body that v is, with *x IR_NONE, or the one it adds
 * to a captured *x (x + j); IR_NONE when neither. */
static ir_value lane_index(const struct ir_module *m, ir_block body, ir_value v, ir_value *x)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    *x = IR_NONE;
    if (o && o->block == body && o->kind == IR_OP_LINALG_INDEX)
        return v;
    if (!o || o->block != body || o->kind != IR_OP_ARITH_ADDI)
        return IR_NONE;
    for (uint32_t k = 0; k < 2; k++) {
        ir_op j = ir_value_def(m, o->opnd[k]);
        if (ix_captured(m, body, o->opnd[1 - k]) && j &&
            ir_op_get(m, j)->kind == IR_OP_LINALG_INDEX && ir_op_get(m, j)->block == body) {
            *x = o->opnd[1 - k];
            return o->opnd[k];
        }
    }
    return IR_NONE;
}

void split_index_unsigned(struct ir_module *m, ir_op gop)
{
    ir_block body = split_body(m, gop, 0);
    IR_FOR_OPS(m, body, op) {
        struct ir_op_info *o = ir_op_get(m, op);
        ir_attr pa = o->kind == IR_OP_ARITH_CMPI ? ir_op_attr(m, op, "predicate") : IR_NONE;
        int64_t p = pa ? ir_attr_get(m, pa)->i : -1;
        if (p < 6 || p > 9 /* ult ule ugt uge */ || o->nopnd != 2)
            continue;
        for (uint32_t s = 0; s < 2; s++) {
            ir_value x, n = o->opnd[1 - s];
            if (ir_value_type(m, n) != m->t_index || !ix_captured(m, body, n) ||
                !lane_index(m, body, o->opnd[s], &x) || (x && !ix_nonneg(m, x)))
                continue;
            struct split_b b;
            sb_before(&b, m, gop, o->loc);
            ir_value bound = sb_arith(&b, "arith.minui", n, sb_index(&b, INT64_MAX));
            o = ir_op_get(m, op);
            o->opnd[1 - s] = bound;
            ir_op_set_attr(m, op, "predicate", ir_attr_int(m, p - 4, m->t_i64));
            break;
        }
    }
}

/* A comparison x + j against n, x and n captured (a block's offset, a
 * launch-time bound: Triton's `cols < N` for cols = off + arange), compares
 * j against n - x instead, made before gop in index arithmetic, whose
 * clamped value j then compares with exactly (x + j and n may both be
 * launch-time indices, which the lanes cannot compare). Signed predicates
 * and equality only: an unsigned one is not the same on n - x < 0. */
void split_index_rebase(struct ir_module *m, ir_op gop)
{
    ir_block body = split_body(m, gop, 0);
    IR_FOR_OPS(m, body, op) {
        struct ir_op_info *o = ir_op_get(m, op);
        ir_attr pa = o->kind == IR_OP_ARITH_CMPI ? ir_op_attr(m, op, "predicate") : IR_NONE;
        if (!pa || ir_attr_get(m, pa)->i > 5 /* eq ne slt sle sgt sge */ || o->nopnd != 2)
            continue;
        for (uint32_t s = 0; s < 2; s++) {
            ir_value sum = o->opnd[s], n = o->opnd[1 - s];
            /* Triton's i32 form: index_cast(x + j) to i32 against a
             * captured i32 n, compared as x + j against n sign-extended
             * (x + j fits i32: split_index_fits' bounds) */
            ir_op cast = IR_NONE, d = ir_value_def(m, sum);
            if (d && ir_op_get(m, d)->kind == IR_OP_ARITH_INDEX_CAST &&
                ir_op_get(m, d)->block == body && ir_value_type(m, sum) == m->t_i32 &&
                ir_value_type(m, n) == m->t_i32 && ix_captured(m, body, n)) {
                cast = d;
                sum = ir_op_get(m, d)->opnd[0];
                d = ir_value_def(m, sum);
            }
            const struct ir_op_info *a = d ? ir_op_get(m, d) : NULL;
            if (!a || a->kind != IR_OP_ARITH_ADDI || a->block != body ||
                (!cast && ir_value_type(m, n) != m->t_index) || !ix_captured(m, body, n))
                continue;
            uint32_t k = ix_captured(m, body, a->opnd[0]) ? 0 : 1;
            ir_value x = a->opnd[k], j = a->opnd[1 - k];
            if (!ix_captured(m, body, x) || ix_captured(m, body, j))
                continue;
            struct split_b b;
            sb_before(&b, m, gop, o->loc);
            if (cast) {
                struct ir_op_state st;
                ir_state_init(&st, m, "arith.index_cast", o->loc);
                ir_state_add_operand(m, &st, n);
                ir_state_add_result(m, &st, m->t_index);
                n = ir_op_result(m, sb_emit(&b, &st), 0);
            }
            ir_value r = sb_arith(&b, "arith.subi", n, x);
            o = ir_op_get(m, op);
            o->opnd[s] = j;
            o->opnd[1 - s] = r;
            if (cast && !split_block_uses(m, body, ir_op_get(m, cast)->res))
                ir_op_unlink(m, cast);           /* the cast read by nothing else */
            if (!split_block_uses(m, body, sum)) /* x + j read by nothing else */
                ir_op_unlink(m, d);
            break;
        }
    }
}

bool split_op_indexes(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    bool ix = false;
    for (uint32_t r = 0; r < o->nres && !ix; r++)
        ix = ir_value_type(m, o->res + r) == m->t_index;
    for (uint32_t i = 0; i < o->nopnd && !ix; i++)
        ix = ir_value_type(m, o->opnd[i]) == m->t_index;
    return ix;
}

/* The dim d of the linalg.index of body that v is, or, with sums, of the
 * one a captured value is added to (x + j before split_index_rebase); -1
 * when neither. */
static int64_t lane_dim(const struct ir_module *m, ir_block body, ir_value v, bool sums)
{
    ir_value x, j = lane_index(m, body, v, &x);
    if (!j || (x && !sums))
        return -1;
    return ir_attr_get(m, ir_op_attr(m, ir_value_def(m, j), "dim"))->i;
}

int64_t split_index_compare(const struct ir_module *m, ir_op gop, ir_op cmp, bool *lane_rhs)
{
    ir_block body = split_body(m, gop, 0);
    const struct ir_op_info *o = ir_op_get(m, cmp);
    ir_attr pa = o->kind == IR_OP_ARITH_CMPI ? ir_op_attr(m, cmp, "predicate") : IR_NONE;
    if (!pa || ir_attr_get(m, pa)->i > 5 /* eq ne slt sle sgt sge */ || o->nopnd != 2)
        return -1;
    for (uint32_t s = 0; s < 2; s++) {
        int64_t d = lane_dim(m, body, o->opnd[s], true);
        if (d >= 0 && ir_value_type(m, o->opnd[1 - s]) == m->t_index &&
            ix_captured(m, body, o->opnd[1 - s])) {
            *lane_rhs = s == 1;
            return d;
        }
    }
    return -1;
}

/* Whether value v of body is read by op alone. */
static bool used_only_by(const struct ir_module *m, ir_block body, ir_value v, ir_op by)
{
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd && op != by; i++)
            if (o->opnd[i] == v)
                return false;
    }
    return true;
}

/* Whether every op of body reading v is an arith.cmpi (a window's two
 * bounds compare one column). */
static bool used_only_by_compares(const struct ir_module *m, ir_block body, ir_value v)
{
    IR_FOR_OPS(m, body, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (o->opnd[i] == v && o->kind != IR_OP_ARITH_CMPI)
                return false;
    }
    return true;
}

bool split_index_lane_compares(const struct ir_module *m, ir_op gop)
{
    ir_block body = split_body(m, gop, 0);
    struct split_gen g;
    ir_type ft = split_gen_read(m, gop, &g) ? ir_type_elem(m, g.res) : IR_NONE;
    if (!body || (ft != m->t_f16 && ft != m->t_f32))
        return false;
    const struct ir_type_info *rt = ir_type_get(m, g.res);
    const struct ir_affine_map *om = ir_map_get(m, g.out_map);
    uint32_t n = 0;
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (!split_op_indexes(m, op))
            continue;
        if (o->kind == IR_OP_LINALG_INDEX || o->kind == IR_OP_ARITH_ADDI)
            continue; /* read only by the comparisons below */
        bool rhs;
        int64_t d = o->kind == IR_OP_ARITH_CMPI ? split_index_compare(m, gop, op, &rhs) : -1;
        if (d < 0 || (uint64_t)d >= g.nloops || g.red[d])
            return false;
        /* the lanes' places along d, and the bound clamped to [-1, the
         * extent], exact in f16 and f32: at most 2048 (f16's mantissa) */
        int64_t ext = -1;
        for (uint32_t k = 0; k < om->nres && k < rt->rank; k++) {
            const struct ir_aff_info *a = ir_aff_get(m, om->res[k]);
            if (a->kind == IR_AFF_DIM && a->v == d)
                ext = rt->shape[k];
        }
        if (ext < 1 || ext > 2048)
            return false;
        ir_value lane = o->opnd[rhs ? 1 : 0];
        ir_op ld = ir_value_def(m, lane);
        if (!used_only_by_compares(m, body, lane))
            return false;
        if (ir_op_get(m, ld)->kind == IR_OP_ARITH_ADDI) { /* x + j: j read by the sum alone */
            const struct ir_op_info *a = ir_op_get(m, ld);
            ir_value j = ix_captured(m, body, a->opnd[0]) ? a->opnd[1] : a->opnd[0];
            if (!used_only_by(m, body, j, ld))
                return false;
        }
        n++;
    }
    return n > 0 && n <= SPLIT_LANE_CMPS;
}

bool split_index_fits(struct split_ctx *c, ir_op gop, const int64_t *ext)
{
    struct ir_module *m = c->m;
    ir_block body = split_body(m, gop, 0);
    uint32_t n = 0, cap = 0;
    IR_FOR_OPS(m, body, op)
    cap++;
    struct ix_rng *r = malloc((cap + 1) * sizeof *r);
    if (!r)
        abort();
    bool ok = true;
    IR_FOR_OPS(m, body, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        struct ix_rng a[2] = {{0}}, res = {o->nres ? o->res : IR_NONE, 0, 0, false};
        bool idx = o->kind == IR_OP_LINALG_INDEX;
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_type t = ir_value_type(m, o->opnd[i]);
            bool k = ix_get(m, body, r, n, o->opnd[i], &a[i < 2 ? i : 1]);
            if (t == m->t_index && !k) {
                ok = split_error(c, op, "index values a linalg body does not compute from "
                                           "linalg.index, constants and captured scalars are "
                                           "not supported yet");
                break;
            }
            idx = idx || t == m->t_index;
        }
        idx = idx || (o->nres == 1 && ir_value_type(m, o->res) == m->t_index);
        if (!ok || !idx)
            continue;
        const char *bad = NULL;
        bool sat = (o->nopnd > 0 && a[0].sat) || (o->nopnd > 1 && a[1].sat);
        switch (o->kind) {
        case IR_OP_LINALG_INDEX:
            res.hi = ext[ir_attr_get(m, ir_op_attr(m, op, "dim"))->i] - 1;
            break;
        case IR_OP_ARITH_CONSTANT:
            continue;
        case IR_OP_ARITH_ADDI:
        case IR_OP_ARITH_SUBI:
        case IR_OP_ARITH_MULI:
        case IR_OP_ARITH_MINSI:
        case IR_OP_ARITH_MAXSI: {
            int64_t x[4] = {a[0].lo * a[1].lo, a[0].lo * a[1].hi, a[0].hi * a[1].lo,
                            a[0].hi * a[1].hi};
            if (o->kind == IR_OP_ARITH_ADDI)
                res.lo = a[0].lo + a[1].lo, res.hi = a[0].hi + a[1].hi;
            else if (o->kind == IR_OP_ARITH_SUBI)
                res.lo = a[0].lo - a[1].hi, res.hi = a[0].hi - a[1].lo;
            else if (o->kind == IR_OP_ARITH_MINSI)
                res.lo = a[0].lo < a[1].lo ? a[0].lo : a[1].lo,
                res.hi = a[0].hi < a[1].hi ? a[0].hi : a[1].hi;
            else if (o->kind == IR_OP_ARITH_MAXSI)
                res.lo = a[0].lo > a[1].lo ? a[0].lo : a[1].lo,
                res.hi = a[0].hi > a[1].hi ? a[0].hi : a[1].hi;
            else
                for (int i = 0; i < 4; i++) {
                    res.lo = i && res.lo < x[i] ? res.lo : x[i];
                    res.hi = i && res.hi > x[i] ? res.hi : x[i];
                }
            if (sat) { /* clamped + k: k stays near 0 */
                res.sat = true;
                if ((o->kind != IR_OP_ARITH_ADDI && o->kind != IR_OP_ARITH_SUBI) ||
                    (a[0].sat && a[1].sat) || (o->kind == IR_OP_ARITH_SUBI && a[1].sat) ||
                    res.lo <= -IX_NEAR || res.hi >= IX_NEAR)
                    bad = "arithmetic on a launch-time index other than adding or "
                          "subtracting values below 2^28";
            } else if (res.lo < INT32_MIN || res.hi > INT32_MAX) {
                bad = "index arithmetic whose values may not fit in i32";
            }
            break;
        }
        case IR_OP_ARITH_CMPI:
            if (sat && !(a[0].sat ? ix_near(&a[1]) : ix_near(&a[0])))
                bad = "comparing a launch-time index with a value that may be 2^28 or more";
            break;
        case IR_OP_ARITH_SELECT: {
            struct ix_rng t, f;
            ix_get(m, body, r, n, o->opnd[1], &t);
            ix_get(m, body, r, n, o->opnd[2], &f);
            if (t.sat || f.sat)
                bad = "selecting a launch-time index";
            res.lo = t.lo < f.lo ? t.lo : f.lo;
            res.hi = t.hi > f.hi ? t.hi : f.hi;
            break;
        }
        case IR_OP_ARITH_INDEX_CAST:
            if (sat)
                bad = "converting a launch-time index";
            res.lo = a[0].lo, res.hi = a[0].hi;
            break;
        default:
            bad = "an index value read by this op";
            break;
        }
        if (bad) {
            ok = split_error(c, op, "%s in a linalg body is not supported yet (index "
                                       "arithmetic runs in i32 lanes; a launch-time index is "
                                       "clamped to +-2^30)", bad);
            break;
        }
        if (o->nres == 1 && o->kind != IR_OP_ARITH_CMPI)
            r[n++] = res;
    }
    free(r);
    return ok;
}

/* Whether op is a clamp index_chunk made: maxsi(minsi(x, IX_SAT), -IX_SAT). */
static bool ix_clamp(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t c;
    if (o->kind != IR_OP_ARITH_MAXSI || !split_const_int(m, o->opnd[1], &c) || c != -IX_SAT)
        return false;
    ir_op in = ir_value_def(m, o->opnd[0]);
    return in && ir_op_get(m, in)->kind == IR_OP_ARITH_MINSI &&
           split_const_int(m, ir_op_get(m, in)->opnd[1], &c) && c == IX_SAT;
}

void split_index_chunk(struct split_b *b, ir_op tg, ir_op pipe, const int32_t *loop_of,
                        const ir_value *ivs, const int64_t *ts)
{
    struct ir_module *m = b->m;
    ir_block body = split_body(m, tg, 0);
    for (ir_op op = ir_block_get(m, body)->first; op; op = ir_op_get(m, op)->next) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_LINALG_INDEX) {
            int64_t d = ir_attr_get(m, ir_op_attr(m, op, "dim"))->i;
            int32_t l = loop_of[d];
            if (l < 0)
                continue;
            if (ts[d] == 1) { /* one element along d: the origin, a scalar */
                split_replace_uses(m, tg, o->res, ivs[l]);
                continue;
            }
            struct split_b bb;
            sb_before(&bb, m, o->next, o->loc);
            ir_value x = o->res, s = sb_arith(&bb, "arith.addi", ivs[l], x);
            split_replace_uses(m, tg, x, s);
            ir_op_get(m, ir_value_def(m, s))->opnd[1] = x;
            op = ir_value_def(m, s);
            continue;
        }
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_value x = o->opnd[i];
            int64_t lo, hi;
            ir_op d = ir_value_def(m, x);
            if (ir_value_type(m, x) != m->t_index || !ix_captured(m, body, x) ||
                ix_bounded(m, x, &lo, &hi) || (d && ix_clamp(m, d)))
                continue; /* known bounds (index_fits), or clamped: as it is */
            struct split_b ob;
            sb_before(&ob, m, pipe, b->loc);
            ir_value y = sb_arith(&ob, "arith.maxsi",
                                  sb_arith(&ob, "arith.minsi", x, sb_index(&ob, IX_SAT)),
                                  sb_index(&ob, -IX_SAT));
            split_replace_uses(m, tg, x, y);
        }
    }
}
