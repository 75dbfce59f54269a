/* split_index.c - ktc-split's first phase (split_int.h), on the KTIR: an
 * index division or remainder (divui, divsi, floordivsi, remui, remsi: the
 * same on a non-negative dividend) by a constant K whose dividend is q * K + r,
 * with r provably in [0, K) and the whole provably non-negative, becomes q
 * (or r) as plain index arithmetic. A row's position recovered from a
 * flattened row id (`(h * 4096 + s) remui 4096` with s < 4096, `(s * 40)
 * divui 40`) is then affine in the loop IVs again, so the views it
 * subscripts move with them and ktc-nest can move their tiles in bulk
 * (without it, every row of such a tile was its own DMA).
 *
 * The bounds come from the values' definitions: constants, tile ids
 * (0 .. grid dimension - 1), scf.for IVs (lb .. ub - 1, a positive constant
 * step; ub may be a minsi one side of which is bounded above), and addi,
 * subi, muli by a constant, minsi, maxsi, divisions and remainders by a
 * positive constant of those. Anything else is unbounded and the op is
 * left as it is. A view's sizes and strides that are such constants become
 * static first (fold_view), and before that each arith.select of a constant
 * condition becomes the value it picks, one on masks combined by andi, ori
 * or xori nested selects on the masks, a mask's uitofp / extui a select of
 * 1 and 0 (fold_selects). */
#include <stdint.h>
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

enum { MAX_DEPTH = 12, MAX_RANK_FOLD = 8 };

static bool const_of(const struct ir_module *m, ir_value v, int64_t *c)
{
    return split_const_int(m, v, c);
}

static int64_t grid_dim(const struct ir_module *m, ir_op op, uint32_t k, uint32_t nres)
{
    while (op && ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        op = ir_op_parent(m, op);
    ir_attr a = op ? ir_op_attr(m, op, "grid") : IR_NONE;
    const struct ir_attr_info *gi = a ? ir_attr_get(m, a) : NULL;
    if (!gi || gi->kind != IR_AT_ARRAY)
        return gi ? -1 : 1;
    if (nres == 1) { /* one result: dimension 0's coordinate; bound by every tile */
        int64_t t = 1;
        for (uint32_t i = 0; i < gi->n; i++)
            t *= ir_attr_get(m, gi->elems[i])->i;
        return t;
    }
    return k < gi->n ? ir_attr_get(m, gi->elems[k])->i : 1;
}

static bool range_of(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi, int depth);

/* Every value v takes is at most *hi: its range's, or an arith.minsi's
 * bounded side (the peel's loop up to min(256, n - 63): split_mask.c). */
static bool upper_of(const struct ir_module *m, ir_value v, int64_t *hi, int depth)
{
    int64_t lo, a, b;
    if (range_of(m, v, &lo, hi, depth))
        return true;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->kind != IR_OP_ARITH_MINSI || depth >= MAX_DEPTH)
        return false;
    bool ha = upper_of(m, o->opnd[0], &a, depth + 1), hb = upper_of(m, o->opnd[1], &b, depth + 1);
    *hi = ha && hb ? (a < b ? a : b) : ha ? a : b;
    return ha || hb;
}

/* [*lo, *hi] holds every value v takes; false when unknown. */
static bool range_of(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi, int depth)
{
    int64_t c;
    if (const_of(m, v, &c)) {
        *lo = *hi = c;
        return true;
    }
    if (depth >= MAX_DEPTH || ir_value_type(m, v) != m->t_index)
        return false;
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) { /* an scf.for IV */
        ir_block b = vi->owner;
        ir_op loop = ir_region_get(m, ir_block_get(m, b)->region)->op;
        const struct ir_op_info *o = loop ? ir_op_get(m, loop) : NULL;
        int64_t l0, l1, u1, st;
        if (!o || o->kind != IR_OP_SCF_FOR || ir_block_get(m, b)->args[0] != v || o->nopnd < 3 ||
            !const_of(m, o->opnd[2], &st) || st < 1 ||
            !range_of(m, o->opnd[0], &l0, &l1, depth + 1) ||
            !upper_of(m, o->opnd[1], &u1, depth + 1))
            return false;
        *lo = l0;
        *hi = u1 - 1;
        /* a lower bound known mod the step (the peel's second loop from
         * 64 q to 256 step 64): the last value it reaches below u1 */
        int64_t r = 0, g = st > 1 ? sched_value_gcd(m, o->opnd[0], &r, MAX_DEPTH) : 1;
        if (st > 1 && (g == 0 || g % st == 0)) {
            int64_t off = (*hi - r) % st;
            *hi -= off < 0 ? off + st : off;
        }
        return *hi >= *lo;
    }
    ir_op d = vi->owner;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID) {
        int64_t n = grid_dim(m, d, vi->index, o->nres);
        *lo = 0;
        *hi = n - 1;
        return n >= 1;
    }
    int64_t a0, a1, b0, b1;
    if (o->kind == IR_OP_ARITH_MAXSI && o->nopnd == 2) {
        /* at least a side's lower bound, at most the larger upper bound
         * (max(x, 0) of the peel's first iteration left, split_mask.c) */
        int64_t x;
        bool la = range_of(m, o->opnd[0], &a0, &x, depth + 1);
        bool lb = range_of(m, o->opnd[1], &b0, &x, depth + 1);
        if ((!la && !lb) || !upper_of(m, o->opnd[0], &a1, depth + 1) ||
            !upper_of(m, o->opnd[1], &b1, depth + 1))
            return false;
        *lo = !lb || (la && a0 > b0) ? a0 : b0;
        *hi = a1 > b1 ? a1 : b1;
        return true;
    }
    if (o->nopnd != 2 || !range_of(m, o->opnd[0], &a0, &a1, depth + 1) ||
        !range_of(m, o->opnd[1], &b0, &b1, depth + 1))
        return false;
    switch (o->kind) {
    case IR_OP_ARITH_ADDI:
        *lo = a0 + b0, *hi = a1 + b1;
        return true;
    case IR_OP_ARITH_SUBI:
        *lo = a0 - b1, *hi = a1 - b0;
        return true;
    case IR_OP_ARITH_MINSI:
        *lo = a0 < b0 ? a0 : b0, *hi = a1 < b1 ? a1 : b1;
        return true;
    case IR_OP_ARITH_MULI: {
        if (b0 != b1 && a0 != a1)
            return false;
        int64_t k = b0 == b1 ? b0 : a0, x0 = b0 == b1 ? a0 : b0, x1 = b0 == b1 ? a1 : b1;
        *lo = k >= 0 ? k * x0 : k * x1;
        *hi = k >= 0 ? k * x1 : k * x0;
        return true;
    }
    case IR_OP_ARITH_DIVUI:
    case IR_OP_ARITH_DIVSI:
    case IR_OP_ARITH_FLOORDIVSI:
    case IR_OP_ARITH_REMUI:
    case IR_OP_ARITH_REMSI: {
        if (b0 != b1 || b0 < 1 || a0 < 0)
            return false;
        bool quo = o->kind != IR_OP_ARITH_REMUI && o->kind != IR_OP_ARITH_REMSI;
        *lo = quo ? a0 / b0 : 0;
        *hi = quo ? a1 / b0 : b0 - 1;
        return true;
    }
    default:
        return false;
    }
}

bool split_index_range(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi)
{
    return range_of(m, v, lo, hi, 0);
}

/* Every value v takes is at least *lo: its range's, or, where no upper
 * bound is known (an IV of a loop to a launch-time n), the IV's start, a
 * sum of such values, a multiple of one by a constant >= 0, and a min or
 * max of them. */
static bool lower_of(const struct ir_module *m, ir_value v, int64_t *lo, int depth)
{
    int64_t hi, a, b;
    if (range_of(m, v, lo, &hi, depth))
        return true;
    if (depth >= MAX_DEPTH || ir_value_type(m, v) != m->t_index)
        return false;
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) {
        ir_op loop = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        const struct ir_op_info *o = loop ? ir_op_get(m, loop) : NULL;
        int64_t st;
        return o && o->kind == IR_OP_SCF_FOR && vi->index == 0 && o->nopnd >= 3 &&
               const_of(m, o->opnd[2], &st) && st >= 1 && lower_of(m, o->opnd[0], lo, depth + 1);
    }
    const struct ir_op_info *o = ir_op_get(m, vi->owner);
    if (o->nopnd != 2)
        return false;
    a = b = 0;
    bool la = lower_of(m, o->opnd[0], &a, depth + 1), lb = lower_of(m, o->opnd[1], &b, depth + 1);
    switch (o->kind) {
    case IR_OP_ARITH_ADDI:
        return la && lb && !__builtin_add_overflow(a, b, lo);
    case IR_OP_ARITH_MULI: {
        int64_t k;
        bool kb = const_of(m, o->opnd[1], &k);
        if (!kb && !const_of(m, o->opnd[0], &k))
            return false;
        return k >= 0 && (kb ? la : lb) && !__builtin_mul_overflow(k, kb ? a : b, lo);
    }
    case IR_OP_ARITH_MAXSI:
        *lo = la && lb ? (a > b ? a : b) : la ? a : b;
        return la || lb;
    case IR_OP_ARITH_MINSI:
        *lo = a < b ? a : b;
        return la && lb;
    default:
        return false;
    }
}

bool split_index_lower(const struct ir_module *m, ir_value v, int64_t *lo)
{
    return lower_of(m, v, lo, 0);
}

/* The range of the terms i of l with (k[i] % K != 0) == rest, plus c. */
static bool part_range(const struct ir_module *m, const struct sched_lin *l, int64_t K, bool rest,
                       int64_t c, int64_t *lo, int64_t *hi)
{
    *lo = *hi = c;
    for (uint32_t i = 0; i < l->n; i++) {
        if ((l->k[i] % K != 0) != rest || !l->k[i])
            continue;
        int64_t x0, x1;
        if (!range_of(m, l->v[i], &x0, &x1, 0))
            return false;
        int64_t k = l->k[i];
        *lo += k >= 0 ? k * x0 : k * x1;
        *hi += k >= 0 ? k * x1 : k * x0;
    }
    return true;
}

static bool simplify(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t K;
    /* signed or not, the same on a non-negative dividend */
    bool div = o->kind == IR_OP_ARITH_DIVUI || o->kind == IR_OP_ARITH_DIVSI ||
               o->kind == IR_OP_ARITH_FLOORDIVSI;
    if ((!div && o->kind != IR_OP_ARITH_REMUI && o->kind != IR_OP_ARITH_REMSI) || o->nopnd != 2 ||
        ir_value_type(m, o->res) != m->t_index || !const_of(m, o->opnd[1], &K) || K < 1)
        return true;
    struct sched_lin l;
    sched_lin_of(m, o->opnd[0], &l);
    /* a = q K + r: the constant's floor quotient joins q, its residue r */
    int64_t cr = ((l.c % K) + K) % K, cq = (l.c - cr) / K;
    int64_t q0, q1, r0, r1;
    if (!part_range(m, &l, K, false, cq * K, &q0, &q1) ||
        !part_range(m, &l, K, true, cr, &r0, &r1) || r0 < 0 || r1 >= K || q0 < 0)
        return true;
    struct split_b b;
    sb_before(&b, m, op, o->loc);
    ir_value x = sb_index(&b, div ? cq : cr);
    for (uint32_t i = 0; i < l.n; i++)
        if (l.k[i] && (l.k[i] % K != 0) != div)
            x = sb_addi(&b, x, sb_muli(&b, l.v[i], div ? l.k[i] / K : l.k[i]));
    split_replace_uses(m, ir_op_parent(m, op), o->res, x);
    return true;
}

/* A view's launch-time-looking sizes and strides that index arithmetic
 * makes constants (`strides: [65536, 8192, %Ndkv, 1]` with %Ndkv = 128,
 * `%Ntkv divui %Ptkv`) become static, as if written so: ktc-split reads
 * views by their static sizes and strides. A size stays an operand where
 * the memref type's extent is dynamic. */
static bool fold_view(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *sz = ir_op_attr(m, op, "static_sizes")
                                        ? ir_attr_get(m, ir_op_attr(m, op, "static_sizes"))
                                        : NULL;
    const struct ir_attr_info *sd = ir_op_attr(m, op, "static_strides")
                                        ? ir_attr_get(m, ir_op_attr(m, op, "static_strides"))
                                        : NULL;
    if (o->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW || !sz || !sd ||
        sz->kind != IR_AT_DENSE_ARRAY || sd->kind != IR_AT_DENSE_ARRAY || sz->n > MAX_RANK_FOLD ||
        sd->n > MAX_RANK_FOLD)
        return true;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res));
    int64_t lists[2][MAX_RANK_FOLD], ndyn[2] = {0, 0};
    uint32_t next = 1, keep = 1;
    bool changed = false;
    for (int l = 0; l < 2; l++) {
        const struct ir_attr_info *a = l ? sd : sz;
        for (uint32_t k = 0; k < a->n; k++) {
            lists[l][k] = a->ints[k];
            if (a->ints[k] != IR_DYN)
                continue;
            ir_value v = o->opnd[next++];
            int64_t lo, hi;
            if (range_of(m, v, &lo, &hi, 0) && lo == hi &&
                (l || (k < t->rank && t->shape[k] == lo))) {
                lists[l][k] = lo;
                changed = true;
            } else {
                o->opnd[keep++] = v;
                ndyn[l]++;
            }
        }
    }
    if (!changed)
        return true;
    o->nopnd = keep;
    ir_op_set_attr(m, op, "static_sizes", ir_attr_dense_array(m, m->t_i64, sz->n, lists[0]));
    ir_op_set_attr(m, op, "static_strides", ir_attr_dense_array(m, m->t_i64, sd->n, lists[1]));
    ir_op_set_attr(m, op, "operandSegmentSizes",
                   split_segments(m, 3, (const int64_t[]){1, ndyn[0], ndyn[1]}));
    return true;
}

/* ---- transposed layouts ------------------------------------------------- */

/* The dim j < rank - 1 of access tile top (a direct tile of identity
 * order on a view of static strides) whose stride is 1 while the last
 * dim's is not, along which the tile has more than one element: the
 * tile's contiguous dim, not its innermost. -1 when none. */
static int contiguous_dim(const struct ir_module *m, ir_op top)
{
    const struct ir_op_info *o = ir_op_get(m, top);
    if (o->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return -1;
    ir_op view = ir_value_def(m, o->opnd[0]);
    const struct ir_attr_info *st = view ? split_attr(m, view, "static_strides",
                                                      IR_AT_DENSE_ARRAY) : NULL;
    const struct ir_attr_info *order = split_attr(m, top, "access_tile_order", IR_AT_AFFINE_MAP);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res));
    uint32_t r = t->rank;
    uint32_t perm[SPLIT_MAX_LOOPS];
    if (!st || st->n != r || r < 2 || r > SPLIT_MAX_LOOPS || st->ints[r - 1] == 1 ||
        st->ints[r - 1] == IR_DYN || (order && !split_permutation(m, order->map, r, perm)))
        return -1;
    for (uint32_t k = 0; order && k < r; k++) /* the identity order only */
        if (perm[k] != k)
            return -1;
    int c = -1;
    for (uint32_t j = 0; j + 1 < r; j++) {
        if (st->ints[j] == IR_DYN)
            return -1;
        if (st->ints[j] == 1 && t->shape[j] > 1 && c < 0)
            c = (int)j;
    }
    return c;
}

/* Dim k of r with dims j and r - 1 swapped. */
static uint32_t swap_dim(uint32_t k, uint32_t j, uint32_t r)
{
    return k == j ? r - 1 : k == r - 1 ? j : k;
}

/* A copy of access tile top before `at` whose order swaps dims j and the
 * last (its shape swapped alike): the tile in its view's storage order. */
static ir_value storage_tile(struct ir_module *m, ir_op top, ir_op at, uint32_t j)
{
    struct split_vmap vm = {0};
    ir_op n = split_clone(m, top, &vm);
    split_vmap_free(&vm);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, ir_op_get(m, top)->res));
    uint32_t r = t->rank;
    int64_t shape[MAX_RANK_FOLD];
    ir_aff res[MAX_RANK_FOLD];
    for (uint32_t k = 0; k < r; k++) {
        shape[k] = t->shape[swap_dim(k, j, r)];
        res[k] = ir_aff_dim(m, swap_dim(k, j, r));
    }
    ir_op_set_attr(m, n, "access_tile_order",
                   ir_attr_affine_map(m, ir_map_intern(m, r, 0, r, res)));
    ir_op_set_attr(m, n, SPLIT_STORAGE_ORDER, ir_attr_unit(m));
    ir_value v = ir_op_get(m, n)->res;
    ir_value_get(m, v)->type = ir_type_shaped(m, IR_TY_ACCESS_TILE, r, shape, t->elem);
    ir_op_insert_before(m, at, n);
    return v;
}

/* x with dims j and the last swapped, as a linalg.generic at b. */
static ir_value swapped(struct split_b *b, ir_value x, uint32_t j)
{
    struct ir_module *m = b->m;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, x));
    uint32_t r = t->rank;
    int64_t shape[MAX_RANK_FOLD];
    ir_aff res[MAX_RANK_FOLD], id[MAX_RANK_FOLD];
    for (uint32_t k = 0; k < r; k++) {
        shape[k] = t->shape[swap_dim(k, j, r)];
        res[k] = ir_aff_dim(m, swap_dim(k, j, r));
        id[k] = ir_aff_dim(m, k);
    }
    ir_type rt = ir_type_shaped(m, IR_TY_TENSOR, r, shape, t->elem);
    struct split_gen g = {.nloops = r, .nin = 1, .in = {x}, .res = rt};
    g.in_map[0] = ir_map_intern(m, r, 0, r, res);
    g.out_map = ir_map_intern(m, r, 0, r, id);
    g.out = sb_tensor_empty(b, rt);
    ir_block body;
    ir_op gen = split_gen_create(b, &g, &body);
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.yield", b->loc);
    ir_state_add_operand(m, &st, ir_block_get(m, body)->args[0]);
    ir_block_append_op(m, body, ir_op_create(m, &st));
    return ir_op_result(m, gen, 0);
}

bool split_layouts(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops l = {0}, dead = {0};
    sched_ops_of_kind(m, m->top, IR_OP_KTDP_LOAD, &l);
    sched_ops_of_kind(m, m->top, IR_OP_KTDP_STORE, &l);
    for (uint32_t i = 0; i < l.n; i++) {
        ir_op x = l.v[i];
        const struct ir_op_info *o = ir_op_get(m, x);
        bool load = o->kind == IR_OP_KTDP_LOAD;
        ir_value tile = o->opnd[load ? 0 : 1];
        ir_op top = ir_value_def(m, tile);
        int j = top ? contiguous_dim(m, top) : -1;
        if (j < 0)
            continue;
        struct split_b b;
        sb_before(&b, m, x, o->loc);
        ir_value t2 = storage_tile(m, top, x, (uint32_t)j);
        sched_ops_push(&dead, top);
        if (load) {
            /* x' = load t' (storage order); users read x' transposed */
            const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, t2));
            ir_type xt = ir_type_shaped(m, IR_TY_TENSOR, tt->rank, tt->shape,
                                        ir_type_elem(m, ir_value_type(m, o->res)));
            struct split_vmap vm = {0};
            split_vmap_set(&vm, tile, t2);
            ir_op ld = split_clone(m, x, &vm);
            split_vmap_free(&vm);
            ir_value_get(m, ir_op_get(m, ld)->res)->type = xt;
            ir_op_insert_before(m, x, ld);
            sb_before(&b, m, x, o->loc);
            ir_value v = swapped(&b, ir_op_get(m, ld)->res, (uint32_t)j);
            ir_value_get(m, v)->name = ir_value_get(m, o->res)->name;
            split_replace_uses(m, m->top, o->res, v);
            ir_op_unlink(m, x);
        } else {
            /* store the value transposed into storage order through t' */
            ir_value v = swapped(&b, o->opnd[0], (uint32_t)j);
            ir_op_get(m, x)->opnd[0] = v;
            ir_op_get(m, x)->opnd[1] = t2;
        }
    }
    for (uint32_t i = 0; i < dead.n; i++) { /* the tiles no transfer uses now */
        struct sched_ops u = {0};
        ir_op top = dead.v[i];
        if (ir_op_parent(m, top))
            sched_ops_using(m, m->top, ir_op_get(m, top)->res, &u);
        if (ir_op_parent(m, top) && !u.n)
            ir_op_unlink(m, top);
        free(u.v);
    }
    free(l.v);
    free(dead.v);
    return true;
}

/* Whether v is a constant of i1 (`arith.constant true`, 1 : i1, or a
 * tensor of one such value, dense<true>), its value in *b. */
static bool const_bool(const struct ir_module *m, ir_value v, bool *b)
{
    ir_op d = ir_value_def(m, v);
    ir_attr a =
        d && ir_op_get(m, d)->kind == IR_OP_ARITH_CONSTANT ? ir_op_attr(m, d, "value") : IR_NONE;
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (ai && ai->kind == IR_AT_DENSE && ai->n == 1)
        ai = ir_attr_get(m, ai->elems[0]);
    if (!ai || (ai->kind != IR_AT_BOOL && ai->kind != IR_AT_INT) ||
        ir_type_elem(m, ir_value_type(m, v)) != m->t_i1)
        return false;
    *b = ai->i != 0;
    return true;
}

/* Whether op is an arith.andi, ori or xori of masks (i1 values or
 * tensors). */
static bool mask_logic(const struct ir_module *m, ir_op op)
{
    uint32_t k = op ? ir_op_get(m, op)->kind : 0;
    return (k == IR_OP_ARITH_ANDI || k == IR_OP_ARITH_ORI || k == IR_OP_ARITH_XORI) &&
           ir_type_elem(m, ir_value_type(m, ir_op_get(m, op)->res)) == m->t_i1;
}

/* An arith.select whose condition is a constant or a logic op of masks,
 * into *l. */
static bool find_logic_select(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    bool b;
    if (o->kind == IR_OP_ARITH_SELECT && o->nopnd == 3 &&
        (const_bool(m, o->opnd[0], &b) || mask_logic(m, ir_value_def(m, o->opnd[0]))))
        sched_ops_push(ctx, op);
    return true;
}

/* A logic op of masks, into *l. */
static bool find_logic_op(struct ir_module *m, ir_op op, void *ctx)
{
    if (mask_logic(m, op))
        sched_ops_push(ctx, op);
    return true;
}

/* select(c, a, b) made at sb (of type t): the value it picks when c is a
 * constant. */
static ir_value sb_select(struct split_b *sb, ir_value c, ir_value a, ir_value b, ir_type t)
{
    bool k;
    if (const_bool(sb->m, c, &k))
        return k ? a : b;
    struct ir_op_state st;
    ir_state_init(&st, sb->m, "arith.select", sb->loc);
    ir_state_add_operand(sb->m, &st, c);
    ir_state_add_operand(sb->m, &st, a);
    ir_state_add_operand(sb->m, &st, b);
    ir_state_add_result(sb->m, &st, t);
    return ir_op_result(sb->m, sb_emit(sb, &st), 0);
}

/* An arith.uitofp or extui of a mask (i1: a mask counted, 1.0 where it
 * holds), into *l. */
static bool find_mask_number(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if ((o->kind == IR_OP_ARITH_UITOFP || o->kind == IR_OP_ARITH_EXTUI) && o->nopnd == 1 &&
        ir_type_elem(m, ir_value_type(m, o->opnd[0])) == m->t_i1)
        sched_ops_push(ctx, op);
    return true;
}

/* Constant k of the element type of t at sb: a scalar, or its splat to
 * tensor type t. */
static ir_value sb_const_like(struct split_b *sb, ir_type t, int64_t k)
{
    struct ir_module *m = sb->m;
    ir_type e = ir_type_elem(m, t);
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", sb->loc);
    ir_state_set_attr(m, &st, "value",
                      ir_type_is_float(m, e) ? ir_attr_float(m, (double)k, e)
                                             : ir_attr_int(m, k, e));
    ir_state_add_result(m, &st, e);
    ir_value c = ir_op_result(m, sb_emit(sb, &st), 0);
    if (e == t)
        return c;
    ir_state_init(&st, m, "tensor.splat", sb->loc);
    ir_state_add_operand(m, &st, c);
    ir_state_add_result(m, &st, t);
    return ir_op_result(m, sb_emit(sb, &st), 0);
}

/* A select on a constant condition becomes the value it picks (a
 * `tl.where(True, x, 0)`, or a mask a generator folded); one on masks
 * combined (`(rows < M) & (cols < N)`, `~mask`) becomes selects on the
 * masks themselves, nested: and(c1, c2) picks a where c1 and then c2 do,
 * or(c1, c2) where c1 or else c2 does, xor(c1, c2) where c1 differs from
 * c2 (not c: c xor true). The passes after see no logic op on masks, for
 * which the device has no lanes (only compares and selects), and no
 * select of a constant. Until none is left (a mask of masks). */
static void fold_selects(struct ir_module *m)
{
    /* a mask made a number is a select of 1 and 0 */
    struct sched_ops nums = {0};
    ir_walk(m, m->top, find_mask_number, &nums);
    for (uint32_t i = 0; i < nums.n; i++) {
        const struct ir_op_info *o = ir_op_get(m, nums.v[i]);
        ir_type t = ir_value_type(m, o->res);
        ir_value c = o->opnd[0];
        struct split_b sb;
        sb_before(&sb, m, nums.v[i], o->loc);
        ir_value one = sb_const_like(&sb, t, 1), zero = sb_const_like(&sb, t, 0);
        ir_value r = sb_select(&sb, c, one, zero, t);
        split_replace_uses(m, ir_op_parent(m, nums.v[i]), ir_op_get(m, nums.v[i])->res, r);
        ir_op_unlink(m, nums.v[i]);
    }
    free(nums.v);
    for (int round = 0; round < 16; round++) {
        struct sched_ops l = {0};
        ir_walk(m, m->top, find_logic_select, &l);
        for (uint32_t i = 0; i < l.n; i++) {
            const struct ir_op_info *o = ir_op_get(m, l.v[i]);
            ir_value c = o->opnd[0], a = o->opnd[1], b = o->opnd[2], r;
            ir_type t = ir_value_type(m, o->res);
            bool k;
            struct split_b sb;
            sb_before(&sb, m, l.v[i], o->loc);
            if (const_bool(m, c, &k)) {
                r = k ? a : b;
            } else {
                const struct ir_op_info *d = ir_op_get(m, ir_value_def(m, c));
                ir_value c1 = d->opnd[0], c2 = d->opnd[1];
                switch (d->kind) {
                case IR_OP_ARITH_ANDI:
                    r = sb_select(&sb, c1, sb_select(&sb, c2, a, b, t), b, t);
                    break;
                case IR_OP_ARITH_ORI:
                    r = sb_select(&sb, c1, a, sb_select(&sb, c2, a, b, t), t);
                    break;
                default: /* xori */
                    r = sb_select(&sb, c1, sb_select(&sb, c2, b, a, t), sb_select(&sb, c2, a, b, t),
                                  t);
                    break;
                }
            }
            split_replace_uses(m, ir_op_parent(m, l.v[i]), ir_op_get(m, l.v[i])->res, r);
            ir_op_unlink(m, l.v[i]);
        }
        bool any = l.n > 0;
        free(l.v);
        if (!any)
            break;
    }
    /* the logic ops nothing reads now (a mask of masks: outermost first) */
    for (bool removed = true; removed;) {
        struct sched_ops dead = {0};
        ir_walk(m, m->top, find_logic_op, &dead);
        uint32_t *uses = split_use_counts(m, m->top);
        removed = false;
        for (uint32_t i = 0; i < dead.n; i++)
            if (!uses[ir_op_get(m, dead.v[i])->res]) {
                ir_op_unlink(m, dead.v[i]);
                removed = true;
            }
        free(uses);
        free(dead.v);
    }
}

bool split_index(struct split_ctx *c)
{
    fold_selects(c->m);
    ir_walk(c->m, c->m->top, fold_view, NULL);
    ir_walk(c->m, c->m->top, simplify, NULL);
    return true;
}
