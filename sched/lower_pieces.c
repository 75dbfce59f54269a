/* lower_pieces.c - ktc-lower's last step on a compute unit's program
 * (lower.h, "Pieces"): a vector wider than the unit's lanes for its element
 * type (f16 data computed in f32: 64 elements, 32 f32 lanes) runs in
 * lane-wide pieces. Receives and sends split (a FIFO carries bytes: the
 * stream is the same), elementwise ops run piece by piece, splats make one
 * piece for all, a reduction folds its pieces first (a sum or product in a
 * number of pieces not a power of two stays whole with the ops making its
 * input: ktc-codegen streams it, misaligned); anything else wide is
 * refused, located.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/lower_int.h"
#include "sched/split_int.h"

/* The most pieces a vector runs in (ktc-split's widened tiles need 2). */
enum { LW_MAX_PIECES = 8 };

struct pc {
    struct lw *lw;
    struct ir_module *m;
    uint32_t res;      /* an instance of the unit kind, for its lanes */
    uint32_t nvals;    /* values of the module before the rewrite */
    uint32_t *up;      /* union-find over values: parent, 0 = itself */
    uint32_t *k;       /* per root: the pieces its vectors run in */
    uint32_t *at;      /* per value: index + 1 of its first piece in pool */
    ir_value *pool;
    uint32_t npool, cap;
    ir_op *ops;
    uint32_t nops, capops;
};

static void *grow(void *p, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return p;
    uint32_t c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    p = realloc(p, (size_t)c * size);
    if (!p)
        abort();
    *cap = c;
    return p;
}

static uint32_t find(struct pc *p, ir_value v)
{
    while (p->up[v])
        v = p->up[v];
    return v;
}

static void join(struct pc *p, ir_value a, ir_value b)
{
    a = find(p, a);
    b = find(p, b);
    if (a != b)
        p->up[a > b ? a : b] = a < b ? a : b;
}

/* A vector's element count, 0 for anything else. */
static int64_t vlen(const struct ir_module *m, ir_value v)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
    return t->kind == IR_TY_VECTOR && t->rank == 1 ? t->shape[0] : 0;
}

/* The pieces vector v needs on the unit: ceil(n / lanes), 1 for a mask or a
 * type without lanes (the lanes check at codegen speaks for those). */
static uint32_t need(struct pc *p, ir_value v)
{
    struct ir_module *m = p->m;
    int64_t n = vlen(m, v);
    ir_type e = ir_type_elem(m, ir_value_type(m, v));
    if (n <= 0)
        return 1;
    char buf[16];
    int64_t l = arch_lanes(p->lw->dev, p->res, split_type_name(m, e, buf, sizeof buf));
    return l > 0 && n > l ? (uint32_t)((n + l - 1) / l) : 1;
}

static uint32_t pieces(struct pc *p, ir_value v)
{
    uint32_t k = v < p->nvals && vlen(p->m, v) > 0 ? p->k[find(p, v)] : 1;
    return k ? k : 1;
}

static bool exact_reduce(const struct ir_module *m, ir_op op)
{
    ir_attr ra = ir_op_attr(m, op, "reduce_op");
    const char *rb = ra && ir_attr_get(m, ra)->kind == IR_AT_OPAQUE
                         ? ir_str_get(m, ir_attr_get(m, ra)->body)
                         : "";
    return strstr(rb, "max") || strstr(rb, "min");
}

static uint32_t need(struct pc *p, ir_value v);

/* Whether reduction op sums or multiplies one group in a number of pieces
 * not a power of two, whose pairs in ktc-interp's order straddle pieces:
 * its input (with the elementwise ops making it from a receive) stays
 * whole, for ktc-codegen to stream through them piece by piece into its
 * tree in registers (codegen/README.md, wide reductions). */
static bool misaligned(struct pc *p, ir_op op)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t k = need(p, o->opnd[0]);
    return vlen(m, o->res) == 1 && k > 1 && (k & (k - 1)) && !exact_reduce(m, op);
}

static bool elementwise(uint32_t kind)
{
    return kind == IR_OP_VECTORCHAIN_BINARY || kind == IR_OP_VECTORCHAIN_UNARY ||
           kind == IR_OP_VECTORCHAIN_CONVERT || kind == IR_OP_VECTORCHAIN_COMPARE ||
           kind == IR_OP_VECTORCHAIN_SELECT;
}

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct pc *p = ctx;
    (void)m;
    p->ops = grow(p->ops, &p->capops, p->nops + 1, sizeof *p->ops);
    p->ops[p->nops++] = op;
    return true;
}

static ir_type piece_type(struct pc *p, ir_value v, uint32_t k)
{
    struct ir_module *m = p->m;
    int64_t s = vlen(m, v) / k;
    return ir_type_shaped(m, IR_TY_VECTOR, 1, &s, ir_type_elem(m, ir_value_type(m, v)));
}

/* A copy of op before it, with operand i replaced by opnd[i] and result
 * type t (when op has one); its attributes are op's. */
static ir_op clone_before(struct pc *p, ir_op op, const ir_value *opnd, ir_type t)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct ir_op_state st;
    ir_state_init_str(&st, m, o->name, o->loc);
    for (uint32_t i = 0; i < o->nopnd; i++)
        ir_state_add_operand(m, &st, opnd[i]);
    if (o->nres)
        ir_state_add_result(m, &st, t);
    ir_op c = ir_op_create(m, &st);
    ir_op_get(m, c)->attrs = ir_op_get(m, op)->attrs;
    ir_op_insert_before(m, op, c);
    return c;
}

/* Records the pieces of v: n values from vals (all the same one when
 * same). */
static void set_pieces(struct pc *p, ir_value v, const ir_value *vals, uint32_t n)
{
    p->pool = grow(p->pool, &p->cap, p->npool + n, sizeof *p->pool);
    p->at[v] = p->npool + 1;
    for (uint32_t j = 0; j < n; j++)
        p->pool[p->npool++] = vals[j];
}

/* Piece j of v (v itself when it is not in pieces). */
static ir_value piece(const struct pc *p, ir_value v, uint32_t j)
{
    return v < p->nvals && p->at[v] ? p->pool[p->at[v] - 1 + j] : v;
}

static bool refuse(struct pc *p, ir_op op, ir_value v)
{
    struct ir_module *m = p->m;
    char buf[16];
    ir_type e = ir_type_elem(m, ir_value_type(m, v));
    const char *tn = split_type_name(m, e, buf, sizeof buf);
    return lw_error(p->lw, op,
                    "a vector of %lld %s is wider than the %lld %s lanes of %s and %s does not "
                    "run in lane-wide pieces (not supported yet)",
                    (long long)vlen(m, v), tn, (long long)arch_lanes(p->lw->dev, p->res, tn), tn,
                    p->lw->dev->res[p->res].kind, ir_str_get(m, ir_op_get(m, op)->name));
}

/* A shuffle that picks each element of its result (no repetition) from an
 * input in one piece: piece j picks that piece's indices. */
static bool shuffle_slices(struct pc *p, ir_op op, uint32_t k)
{
    struct ir_module *m = p->m;
    const struct ir_attr_info *ix = ir_attr_get(m, ir_op_attr(m, op, "indices"));
    uint32_t s = ix->n / k;
    ir_value made[64], in = ir_op_get(m, op)->opnd[0];
    ir_attr *el = malloc(s * sizeof *el);
    if (!el)
        abort();
    for (uint32_t j = 0; j < k; j++) {
        ix = ir_attr_get(m, ir_op_attr(m, op, "indices"));
        memcpy(el, ix->elems + (size_t)j * s, s * sizeof *el);
        ir_op c = clone_before(p, op, &in, piece_type(p, ir_op_get(m, op)->res, k));
        ir_op_set_attr(m, c, "indices", ir_attr_array(m, s, el));
        made[j] = ir_op_result(m, c, 0);
    }
    free(el);
    set_pieces(p, ir_op_get(m, op)->res, made, k);
    ir_op_unlink(m, op);
    return true;
}

/* A shuffle (no repetition) of an input in pieces, each piece of its
 * result picking from at most two of them (ktc-nest's window levels: W
 * lanes astride two chunks): per result piece, a shuffle of each of its
 * input pieces and, for two, a select between them on a constant mask. */
static bool shuffle_pieces(struct pc *p, ir_op op)
{
    struct ir_module *m = p->m;
    struct ir_loc loc = ir_op_get(m, op)->loc;
    ir_value in = ir_op_get(m, op)->opnd[0], res = ir_op_get(m, op)->res;
    uint32_t kin = pieces(p, in), k = pieces(p, res);
    int64_t n = vlen(m, res), s = n / k, l = vlen(m, in) / kin;
    ir_attr ia = ir_op_attr(m, op, "indices"), ra = ir_op_attr(m, op, "repetition");
    if (!ia || ir_attr_get(m, ia)->n != n || (ra && ir_attr_get(m, ra)->i != 1) || k > 64)
        return refuse(p, op, in);
    ir_type elem = ir_type_elem(m, ir_value_type(m, res));
    ir_attr *la = malloc(3 * (size_t)s * sizeof *la), *lb = la + s, *mk = lb + s;
    if (!la)
        abort();
    ir_value made[64];
    bool ok = true;
    for (uint32_t j = 0; j < k && ok; j++) {
        const struct ir_attr_info *ix = ir_attr_get(m, ir_op_attr(m, op, "indices"));
        int64_t a = -1, b = -1;
        for (int64_t t = 0; t < s && ok; t++) {
            int64_t x = ir_attr_get(m, ix->elems[(size_t)j * s + t])->i, q = x / l;
            a = a < 0 ? q : a;
            b = q != a && b < 0 ? q : b;
            ok = q == a || q == b;
            la[t] = ir_attr_int(m, q == a ? x % l : 0, m->t_i32);
            lb[t] = ir_attr_int(m, q == b ? x % l : 0, m->t_i32);
            mk[t] = ir_attr_int(m, q == a, m->t_i1);
        }
        if (!ok)
            break;
        ir_value sh[2];
        for (int h = 0; h < (b < 0 ? 1 : 2); h++) {
            ir_value src = piece(p, in, (uint32_t)(h ? b : a));
            ir_op c = clone_before(p, op, &src, ir_type_shaped(m, IR_TY_VECTOR, 1, &s, elem));
            ir_op_set_attr(m, c, "indices", ir_attr_array(m, (uint32_t)s, h ? lb : la));
            sh[h] = made[j] = ir_op_result(m, c, 0);
        }
        if (b >= 0) {
            struct ir_op_state st;
            ir_state_init(&st, m, "vectorchain.constant_bitstream", loc);
            ir_state_set_attr(m, &st, "value", ir_attr_array(m, (uint32_t)s, mk));
            ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_VECTOR, 1, &s, m->t_i1));
            ir_op c = ir_op_create(m, &st);
            ir_op_insert_before(m, op, c);
            ir_state_init(&st, m, "vectorchain.select", loc);
            ir_state_add_operand(m, &st, ir_op_result(m, c, 0));
            ir_state_add_operand(m, &st, sh[0]);
            ir_state_add_operand(m, &st, sh[1]);
            ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_VECTOR, 1, &s, elem));
            c = ir_op_create(m, &st);
            ir_op_insert_before(m, op, c);
            made[j] = ir_op_result(m, c, 0);
        }
    }
    free(la);
    if (!ok)
        return refuse(p, op, in);
    if (k > 1) {
        set_pieces(p, res, made, k);
    } else { /* one piece: its users, which run whole, read it */
        for (uint32_t q = 0; q < p->nops; q++) {
            struct ir_op_info *u = ir_op_get(m, p->ops[q]);
            for (uint32_t i = 0; i < u->nopnd; i++)
                if (u->opnd[i] == res)
                    u->opnd[i] = made[0];
        }
    }
    ir_op_unlink(m, op);
    return true;
}

/* Splits op, whose vectors run in k pieces, into k ops (or one, for a
 * splat); false after an error. */
static bool split_op(struct pc *p, ir_op op, uint32_t k)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t kind = o->kind;
    ir_value opnd[8], made[64];
    if (o->nopnd > 8 || k > 64)
        return refuse(p, op, o->nres ? o->res : o->opnd[0]);
    /* a wide operand no op split (a block argument: a loop-carried vector) */
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (pieces(p, o->opnd[i]) > 1 && !(o->opnd[i] < p->nvals && p->at[o->opnd[i]]))
            return refuse(p, op, o->opnd[i]);
    if (kind == IR_OP_DATAFLOW_RECEIVE || elementwise(kind)) {
        for (uint32_t j = 0; j < k; j++) {
            for (uint32_t i = 0; i < o->nopnd; i++)
                opnd[i] = vlen(m, o->opnd[i]) > 0 ? piece(p, o->opnd[i], j) : o->opnd[i];
            o = ir_op_get(m, op);
            made[j] = ir_op_result(m, clone_before(p, op, opnd, piece_type(p, o->res, k)), 0);
            o = ir_op_get(m, op);
        }
        set_pieces(p, o->res, made, k);
    } else if (kind == IR_OP_DATAFLOW_SEND) {
        for (uint32_t j = 0; j < k; j++) {
            o = ir_op_get(m, op);
            opnd[0] = o->opnd[0];
            for (uint32_t i = 1; i < o->nopnd; i++)
                opnd[i] = piece(p, o->opnd[i], j);
            clone_before(p, op, opnd, IR_NONE);
        }
    } else if (kind == IR_OP_VECTORCHAIN_SPLAT || kind == IR_OP_VECTORCHAIN_SHUFFLE) {
        /* a splat (a shuffle repeating a block that divides a piece): one
         * piece serves them all */
        int64_t n = vlen(m, o->res), s = n / k;
        if (kind == IR_OP_VECTORCHAIN_SHUFFLE) {
            ir_attr ia = ir_op_attr(m, op, "indices");
            uint32_t ni = ia ? ir_attr_get(m, ia)->n : 0;
            if (pieces(p, o->opnd[0]) > 1)
                return shuffle_pieces(p, op);
            if (ni && ni == n && s % ni)
                return shuffle_slices(p, op, k);
            if (!ni || s % ni)
                return refuse(p, op, o->res);
        }
        memcpy(opnd, o->opnd, o->nopnd * sizeof *opnd);
        ir_op c = clone_before(p, op, opnd, piece_type(p, o->res, k));
        if (kind == IR_OP_VECTORCHAIN_SHUFFLE) {
            ir_attr ia = ir_op_attr(m, op, "indices");
            ir_op_set_attr(m, c, "repetition",
                           ir_attr_int(m, s / ir_attr_get(m, ia)->n, m->t_i32));
        }
        for (uint32_t j = 0; j < k; j++)
            made[j] = ir_op_result(m, c, 0);
        set_pieces(p, ir_op_get(m, op)->res, made, k);
    } else if (kind == IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM) {
        /* n values (a lane pattern): piece j holds its slice; one value
         * repeated: one piece serves them all */
        uint32_t vn = ir_attr_get(m, ir_op_attr(m, op, "value"))->n;
        int64_t n = vlen(m, o->res), s = n / k;
        if (vn != 1 && vn != n)
            return refuse(p, op, o->res);
        ir_attr *el = malloc((size_t)s * sizeof *el);
        if (!el)
            abort();
        for (uint32_t j = 0; j < k; j++) {
            if (j && vn == 1) {
                made[j] = made[0];
                continue;
            }
            const struct ir_attr_info *va = ir_attr_get(m, ir_op_attr(m, op, "value"));
            uint32_t cnt = vn == 1 ? 1 : (uint32_t)s;
            memcpy(el, va->elems + (vn == 1 ? 0 : (size_t)j * s), cnt * sizeof *el);
            ir_op c = clone_before(p, op, NULL, piece_type(p, ir_op_get(m, op)->res, k));
            ir_op_set_attr(m, c, "value", ir_attr_array(m, cnt, el));
            made[j] = ir_op_result(m, c, 0);
        }
        free(el);
        set_pieces(p, ir_op_get(m, op)->res, made, k);
    } else if (kind == IR_OP_VECTORCHAIN_REDUCE) {
        /* one group folded: its pieces combined by the reduction's op,
         * then reduced as one piece */
        ir_attr ra = ir_op_attr(m, op, "reduce_op");
        if (vlen(m, o->res) != 1 || pieces(p, o->opnd[1]) > 1 || !ra)
            return refuse(p, op, o->opnd[0]);
        /* ktc-interp folds the row as a pairwise tree (element i with
         * i + n/2): an add or mul pairs piece j with piece j + k/2, k a
         * power of two (others stay whole: misaligned); max and min fold
         * in any order */
        bool exact = exact_reduce(m, op);
        ir_value acc[LW_MAX_PIECES];
        if (k > LW_MAX_PIECES)
            return refuse(p, op, o->opnd[0]);
        for (uint32_t j = 0; j < k; j++)
            acc[j] = piece(p, o->opnd[0], j);
        for (uint32_t n = k; n > 1;) {
            uint32_t h = exact ? n - 1 : n / 2; /* max/min: fold the last in */
            for (uint32_t j = 0; j < n - h; j++) {
                struct ir_op_state st;
                ir_state_init(&st, m, "vectorchain.binary", ir_op_get(m, op)->loc);
                ir_state_add_operand(m, &st, acc[exact ? 0 : j]);
                ir_state_add_operand(m, &st, acc[exact ? n - 1 : j + h]);
                ir_state_add_result(m, &st, ir_value_type(m, acc[0]));
                ir_state_set_attr(m, &st, "binary_op", ra);
                ir_op c = ir_op_create(m, &st);
                ir_op_insert_before(m, op, c);
                acc[exact ? 0 : j] = ir_op_result(m, c, 0);
            }
            n = exact ? n - 1 : h;
        }
        ir_op_get(m, op)->opnd[0] = acc[0]; /* the one-piece reduction, in place */
        return true;
    } else {
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (pieces(p, o->opnd[i]) > 1)
                return refuse(p, op, o->opnd[i]);
        return refuse(p, op, o->res);
    }
    ir_op_unlink(m, op);
    return true;
}

/* The pieces op runs in: its result's (a source or elementwise op), or
 * its wide operand's (a send, a reduction); 1 when none is wide. */
static uint32_t op_pieces(struct pc *p, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(p->m, op);
    uint32_t k = 1;
    for (uint32_t i = 0; i < o->nres; i++)
        if (pieces(p, o->res + i) > k)
            k = pieces(p, o->res + i);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (pieces(p, o->opnd[i]) > k)
            k = pieces(p, o->opnd[i]);
    return k;
}

bool lw_pieces(struct lw *lw, ir_block body, uint32_t res)
{
    struct ir_module *m = lw->m;
    const struct arch_res *r = &lw->dev->res[res];
    if (!(r->features & ARCH_F_COMPUTE) || !r->nlanes)
        return true;
    struct pc p = {.lw = lw, .m = m, .res = res, .nvals = m->values.len};
    p.up = calloc(p.nvals, sizeof *p.up);
    p.k = calloc(p.nvals, sizeof *p.k);
    p.at = calloc(p.nvals, sizeof *p.at);
    if (!p.up || !p.k || !p.at)
        abort();
    IR_FOR_OPS(m, body, op)
        ir_walk(m, op, collect, &p);
    /* vectors an elementwise op joins run in the same pieces: the most
     * any of them needs */
    for (uint32_t q = 0; q < p.nops; q++) {
        const struct ir_op_info *o = ir_op_get(m, p.ops[q]);
        if (!elementwise(o->kind) || !o->nres)
            continue;
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (vlen(m, o->opnd[i]) > 0)
                join(&p, o->res, o->opnd[i]);
    }
    /* a wide receive reduced as it is (no elementwise op joins it) stays
     * whole: ktc-codegen streams it into the reduction */
    bool wide = false;
    uint8_t *ew = calloc(p.nvals, 1);
    if (!ew)
        abort();
    for (uint32_t q = 0; q < p.nops; q++) {
        const struct ir_op_info *o = ir_op_get(m, p.ops[q]);
        if (elementwise(o->kind) && o->nres)
            ew[find(&p, o->res)] = 2;
    }
    for (uint32_t q = 0; q < p.nops; q++) {
        const struct ir_op_info *o = ir_op_get(m, p.ops[q]);
        if (o->kind == IR_OP_VECTORCHAIN_REDUCE && o->nopnd && vlen(m, o->opnd[0]) > 0 &&
            (ew[find(&p, o->opnd[0])] != 2 || misaligned(&p, p.ops[q])))
            ew[find(&p, o->opnd[0])] = 1;
    }
    for (uint32_t q = 0; q < p.nops; q++) {
        const struct ir_op_info *o = ir_op_get(m, p.ops[q]);
        for (uint32_t i = 0; i < o->nres; i++) {
            ir_value v = o->res + i;
            uint32_t root = find(&p, v), n = ew[root] != 1 ? need(&p, v) : 1;
            if (n > p.k[root])
                p.k[root] = n;
            wide |= n > 1;
        }
    }
    /* more than LW_MAX_PIECES pieces is a row the schedule should have
     * streamed (ktc-nest's reductions): left whole, for ktc-codegen's
     * lanes check to say so */
    for (uint32_t v = 0; v < p.nvals; v++)
        if (p.k[v] > LW_MAX_PIECES)
            p.k[v] = 1;
    bool ok = true;
    for (uint32_t q = 0; q < p.nops && ok && wide; q++) {
        ir_op op = p.ops[q];
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nres; i++)
            if (!p.k[find(&p, o->res + i)])
                p.k[find(&p, o->res + i)] = 1;
        uint32_t k = op_pieces(&p, op);
        if (k <= 1)
            continue;
        /* every vector the op makes divides into k pieces (a reduction
         * makes one whole) */
        for (uint32_t i = 0; i < o->nres && ok && o->kind != IR_OP_VECTORCHAIN_REDUCE; i++)
            if (vlen(m, o->res + i) % k)
                ok = refuse(&p, op, o->res + i);
        if (ok)
            ok = split_op(&p, op, k);
    }
    free(ew);
    free(p.up);
    free(p.k);
    free(p.at);
    free(p.pool);
    free(p.ops);
    return ok;
}
