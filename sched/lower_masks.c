/* lower_masks.c - ktc-lower's step on a compute unit's program before its
 * pieces (lower.h, "Masks"): a loop whose lane mask is all-true on a
 * prefix or a suffix of its iterations splits there, and the selects on
 * the mask go from the all-true half.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/numeric.h"
#include "ktir/ops.h"
#include "sched/lin.h"
#include "sched/lower_int.h"
#include "sched/split_int.h"

/* A mask the split can remove: compare op, all-true exactly where
 * e >= t (up) or e <= t (!up), e affine in loop's IV with coefficient a. */
struct mask {
    ir_op cmp;
    ir_op loop;
    struct sched_lin e;
    int64_t t, a;
    bool up;
};

struct mk {
    struct ir_module *m;
    uint32_t *mark; /* per value: MK_DONE, or the round it was in a loop split */
    uint32_t nmark;
    uint32_t round;
    ir_op *cmps;
    uint32_t ncmps, cap;
};

/* A compare result whose loop was split on it (its all-true half has none). */
#define MK_DONE UINT32_MAX

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct mk *k = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_VECTORCHAIN_COMPARE) {
        k->cmps = lw_grow(k->cmps, &k->cap, k->ncmps + 1, sizeof *k->cmps);
        k->cmps[k->ncmps++] = op;
    }
    return true;
}

static uint32_t mark_of(const struct mk *k, ir_value v)
{
    return v < k->nmark ? k->mark[v] : 0;
}

static void set_mark(struct mk *k, ir_value v, uint32_t x)
{
    if (v >= k->nmark) {
        uint32_t n = v + 1 > 2 * k->nmark ? v + 1 : 2 * k->nmark;
        k->mark = realloc(k->mark, n * sizeof *k->mark);
        if (!k->mark)
            abort();
        memset(k->mark + k->nmark, 0, (n - k->nmark) * sizeof *k->mark);
        k->nmark = n;
    }
    if (k->mark[v] != MK_DONE)
        k->mark[v] = x;
}

/* The smallest and largest lane of constant vector v, each an integer of
 * magnitude at most 2^10 that its lane type holds exactly with its
 * neighbours; false for anything else. */
static bool const_range(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM)
        return false;
    const struct ir_attr_info *va = ir_attr_get(m, ir_op_attr(m, d, "value"));
    const struct ir_type_info *et =
        ir_type_get(m, ir_type_elem(m, ir_value_type(m, ir_op_get(m, d)->res)));
    if (va->kind != IR_AT_ARRAY || !va->n)
        return false;
    for (uint32_t i = 0; i < va->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, va->elems[i]);
        double x;
        if (e->kind == IR_AT_FLOAT && !(e->flags & IR_ATF_HEX))
            x = e->f;
        else if (e->kind == IR_AT_INT && et->kind == IR_TY_FLOAT)
            x = num_bits_to_double(et->fkind, (uint64_t)e->i);
        else if (e->kind == IR_AT_INT && et->kind == IR_TY_INT)
            x = (double)e->i;
        else
            return false;
        if (!(x >= -1024 && x <= 1024) || x != (double)(int64_t)x)
            return false;
        int64_t xi = (int64_t)x;
        if (i == 0 || xi < *lo)
            *lo = xi;
        if (i == 0 || xi > *hi)
            *hi = xi;
    }
    if (et->kind == IR_TY_FLOAT) /* the splat's rounding keeps the order near them */
        for (int64_t x = *lo - 2; x <= *hi + 2; x++)
            if (num_bits_to_double(et->fkind, num_double_to_bits(et->fkind, (double)x)) !=
                (double)x)
                return false;
    return true;
}

/* The predicate of compare op, by name ("olt", "slt", ...), or NULL. */
static const char *pred_of(const struct ir_module *m, ir_op op)
{
    ir_attr ca = ir_op_attr(m, op, "compare_op");
    const char *body =
        ca && ir_attr_get(m, ca)->body ? ir_str_get(m, ir_attr_get(m, ca)->body) : NULL;
    const char *sp = body ? strchr(body, ' ') : NULL;
    return sp ? sp + 1 : NULL;
}

/* Mask all-true (every lane c of [lo, hi] c P s) as s >= t or s <= t. */
static bool threshold(const char *p, bool splat_first, int64_t lo, int64_t hi, int64_t *t, bool *up)
{
    static const char *const lt[] = {"olt", "ult", "slt"}, *const le[] = {"ole", "ule", "sle"},
                             *const gt[] = {"ogt", "ugt", "sgt"},
                             *const ge[] = {"oge", "uge", "sge"};
    int rel = -1; /* c < s, c <= s, c > s, c >= s */
    for (int i = 0; i < 3; i++) {
        if (!strcmp(p, lt[i]))
            rel = 0;
        else if (!strcmp(p, le[i]))
            rel = 1;
        else if (!strcmp(p, gt[i]))
            rel = 2;
        else if (!strcmp(p, ge[i]))
            rel = 3;
    }
    if (rel < 0)
        return false;
    if (splat_first) /* s P c: c P' s */
        rel = (rel + 2) % 4;
    switch (rel) {
    case 0:
        *t = hi + 1, *up = true;
        break; /* every c < s: s > hi */
    case 1:
        *t = hi, *up = true;
        break;
    case 2:
        *t = lo - 1, *up = false;
        break; /* every c > s: s < lo */
    default:
        *t = lo, *up = false;
        break;
    }
    return true;
}

/* *a = the coefficient of loop's IV in e's linear form (sched/lin.h),
 * when every other term of it is made outside loop. */
static bool coef(const struct ir_module *m, const struct sched_lin *e, ir_op loop, int64_t *a)
{
    ir_value iv = ir_block_get(m, split_body(m, loop, 0))->args[0];
    *a = 0;
    for (uint32_t i = 0; i < e->n; i++) {
        if (e->v[i] == iv)
            *a = e->k[i];
        else if (ir_value_defined_in(m, e->v[i], loop))
            return false;
    }
    return true;
}

/* v with the min/max of constants taken off that leave `v >= t` (up) or
 * `v <= t` as it is. */
static ir_value unclamp(const struct ir_module *m, ir_value v, int64_t t, bool up)
{
    for (;;) {
        ir_op d = ir_value_def(m, v);
        const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
        int64_t c;
        if (!o || o->nopnd != 2 || (o->kind != IR_OP_ARITH_MINSI && o->kind != IR_OP_ARITH_MAXSI))
            return v;
        uint32_t k = split_const_int(m, o->opnd[1], &c)   ? 1
                     : split_const_int(m, o->opnd[0], &c) ? 0
                                                          : 2;
        if (k == 2)
            return v;
        bool min = o->kind == IR_OP_ARITH_MINSI;
        /* up: min(x, c) >= t iff x >= t when c >= t; max(x, c) when c < t */
        bool keeps = up ? (min ? c >= t : c < t) : (min ? c > t : c <= t);
        if (!keeps)
            return v;
        v = o->opnd[1 - k];
    }
}

struct uses {
    ir_value v;
    bool ok;
};

static bool check_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct uses *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == u->v && (o->kind != IR_OP_VECTORCHAIN_SELECT || i != 0))
            u->ok = false;
    return u->ok;
}

/* Whether every use of mask (made in loop) is a select's condition. */
static bool only_conditions(struct ir_module *m, ir_op loop, ir_value mask)
{
    struct uses u = {mask, true};
    ir_walk(m, loop, check_use, &u);
    return u.ok;
}

/* Whether compare op is a mask the split removes, *out filled. */
static bool removable(struct ir_module *m, ir_op op, struct mask *out)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *p = pred_of(m, op);
    if (o->nopnd != 2 || !p)
        return false;
    int64_t lo, hi;
    bool splat_first = !const_range(m, o->opnd[0], &lo, &hi);
    if (splat_first && !const_range(m, o->opnd[1], &lo, &hi))
        return false;
    ir_op sp = ir_value_def(m, o->opnd[splat_first ? 0 : 1]);
    if (!sp || ir_op_get(m, sp)->kind != IR_OP_VECTORCHAIN_SPLAT || ir_op_attr(m, sp, "bits") ||
        ir_value_type(m, ir_op_get(m, sp)->opnd[0]) != m->t_index)
        return false;
    if (!threshold(p, splat_first, lo, hi, &out->t, &out->up))
        return false;
    out->cmp = op;
    sched_lin_of(m, unclamp(m, ir_op_get(m, sp)->opnd[0], out->t, out->up), &out->e);
    /* the innermost loop around whose IV the bound moves with */
    for (ir_op l = ir_op_parent(m, op);; l = ir_op_parent(m, l)) {
        if (!l || ir_op_get(m, l)->kind != IR_OP_SCF_FOR)
            return false;
        int64_t step;
        if (!coef(m, &out->e, l, &out->a))
            return false;
        if (!out->a)
            continue;
        if (!split_const_int(m, ir_op_get(m, l)->opnd[2], &step) || step <= 0 ||
            !only_conditions(m, l, o->res))
            return false;
        out->loop = l;
        out->a *= step; /* per iteration */
        return true;
    }
}

/* Linear form e with loop's IV at value at, made at b (before loop: its
 * other terms are made outside it). */
static ir_value value_at(struct split_b *b, const struct sched_lin *e, ir_value iv, ir_value at)
{
    ir_value r = IR_NONE;
    for (uint32_t i = 0; i < e->n; i++) {
        ir_value t = sb_muli(b, e->v[i] == iv ? at : e->v[i], e->k[i]);
        r = r ? sb_addi(b, r, t) : t;
    }
    return !r ? sb_index(b, e->c) : e->c ? sb_addi(b, r, sb_index(b, e->c)) : r;
}

struct picks {
    ir_value mask;
    ir_op *ops;
    uint32_t n, cap;
};

static bool find_selects(struct ir_module *m, ir_op op, void *ctx)
{
    struct picks *p = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_VECTORCHAIN_SELECT && o->opnd[0] == p->mask) {
        p->ops = lw_grow(p->ops, &p->cap, p->n + 1, sizeof *p->ops);
        p->ops[p->n++] = op;
    }
    return true;
}

/* The selects on mask under root pick their true value. */
static void drop_selects(struct ir_module *m, ir_op root, ir_value mask)
{
    struct picks p = {mask, NULL, 0, 0};
    ir_walk(m, root, find_selects, &p);
    for (uint32_t i = 0; i < p.n; i++)
        split_replace_uses(m, root, ir_op_get(m, p.ops[i])->res, ir_op_get(m, p.ops[i])->opnd[1]);
    free(p.ops);
    split_dce(m, root);
}

/* Splits mk's loop where its mask turns: [lb, mid) then [mid, ub). */
static void split(struct mk *k, const struct mask *mk)
{
    struct ir_module *m = k->m;
    ir_op loop = mk->loop;
    const struct ir_op_info *lo = ir_op_get(m, loop);
    struct split_b b;
    sb_before(&b, m, loop, lo->loc);
    ir_value iv = ir_block_get(m, split_body(m, loop, 0))->args[0];
    ir_value lb = lo->opnd[0], ub = lo->opnd[1], step = lo->opnd[2];
    lo = NULL; /* the builder may move the tables */
    /* the bound's excess over t at lb, in the direction the mask holds:
     * iteration j is all-true iff num + j * d >= 0 */
    ir_value e0 = value_at(&b, &mk->e, iv, lb);
    ir_value num = mk->up ? sb_addi(&b, e0, sb_index(&b, -mk->t))
                          : sb_arith(&b, "arith.subi", sb_index(&b, mk->t), e0);
    int64_t d = mk->up ? mk->a : -mk->a;
    bool prefix = d < 0;
    /* prefix: the first floor(num / -d) + 1 iterations; suffix: from
     * ceil(-num / d) = -floor(num / d) on */
    ir_value q = sb_arith(&b, "arith.floordivsi", num, sb_index(&b, prefix ? -d : d));
    ir_value j =
        prefix ? sb_addi(&b, q, sb_index(&b, 1)) : sb_arith(&b, "arith.subi", sb_index(&b, 0), q);
    int64_t st;
    split_const_int(m, step, &st); /* removable() saw it constant */
    ir_value mid = sb_addi(&b, lb, sb_muli(&b, j, st));
    mid = sb_arith(&b, "arith.maxsi", mid, lb);
    mid = sb_arith(&b, "arith.minsi", mid, ub);
    /* the first half, a clone before the loop; the loop the second */
    struct split_vmap vm = {0};
    ir_op first = split_clone(m, loop, &vm);
    ir_op_insert_before(m, loop, first);
    /* the loop's masks wait for the next round; those split on before
     * are split on in the clone too */
    for (uint32_t i = 0; i < k->ncmps; i++) {
        ir_value r = ir_op_get(m, k->cmps[i])->res;
        if (mark_of(k, r) != k->round && split_inside(m, k->cmps[i], loop)) {
            if (mark_of(k, r) == MK_DONE)
                set_mark(k, split_vmap_get(&vm, r), MK_DONE);
            set_mark(k, r, k->round);
        }
    }
    ir_value cloned = split_vmap_get(&vm, ir_op_get(m, mk->cmp)->res);
    split_vmap_free(&vm);
    ir_op_get(m, first)->opnd[1] = mid;
    struct ir_op_info *second = ir_op_get(m, loop);
    second->opnd[0] = mid;
    for (uint32_t i = 0; i < second->nres; i++)
        second->opnd[3 + i] = ir_op_result(m, first, i);
    set_mark(k, prefix ? ir_op_get(m, mk->cmp)->res : cloned, MK_DONE);
    if (prefix)
        drop_selects(m, first, cloned);
    else
        drop_selects(m, loop, ir_op_get(m, mk->cmp)->res);
}

/* The most loops one program's masks split: each split copies a loop. */
enum { MK_MAX_SPLITS = 64 };

void lw_split_masks(struct lw *lw, ir_block body)
{
    struct ir_module *m = lw->m;
    struct mk k = {m, NULL, 0, 0, NULL, 0, 0};
    uint32_t splits = 0;
    for (bool any = true; any && splits < MK_MAX_SPLITS;) {
        any = false;
        k.round++;
        k.ncmps = 0;
        for (ir_op op = ir_block_get(m, body)->first; op; op = ir_op_get(m, op)->next)
            ir_walk(m, op, collect, &k);
        /* a loop split this round is looked at again the next */
        for (uint32_t i = 0; i < k.ncmps && splits < MK_MAX_SPLITS; i++) {
            struct mask mk;
            uint32_t at = mark_of(&k, ir_op_get(m, k.cmps[i])->res);
            if (at != MK_DONE && at != k.round && removable(m, k.cmps[i], &mk)) {
                split(&k, &mk);
                splits++;
                any = true;
            }
        }
    }
    free(k.cmps);
    free(k.mark);
}
