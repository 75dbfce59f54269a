/* split_mask.c - which access tiles are masked (split.h, "Masked tiles"),
 * shared by the pipelines (split_pipeline.c) and the peel phase: the last
 * phase before extraction, which splits a loop whose masked tiles stay in
 * their view's set on every iteration but the last few into the
 * iterations where they all do (every tile unmasked there) and the rest.
 *
 * The peel. An scf.for L (a constant step s > 0) holds access tiles
 * masked along a dim k whose place there is iv + k0 (iv L's induction
 * variable, k0 a constant: Triton's `off + arange(0, BLOCK)` in
 * `for off in range(0, N, BLOCK)`). Such a tile of box [lo, lo + z) along
 * k on a view whose set bounds k by S + c (S a dynamic size of the view)
 * stays in the set when iv + k0 + lo + z - 1 <= S + c, that is
 * iv < S + (c + 2 - k0 - lo - z). L becomes
 *
 *   %u = arith.minsi %ub, S + (c + 2 - k0 - lo - z)   (one term a tile)
 *   scf.for %iv = %lb to %u step s    (L: no tile of it masked)
 *   scf.for %iv = %lb2 to %ub step s  (a clone of L, carrying on from L)
 *
 * with lb2 = lb + s * ceil(max(u - lb, 0) / s), the first iteration L
 * left (all of them when it ran none). split_tile_mask proves L's tiles
 * in the set from the bound (split_int.h): the block loop of a row whose
 * length is known only at launch runs its whole blocks as an unmasked
 * loop (ktc-nest moves them in bulk), and its masked tail alone in the
 * clone. A constant bound c (S absent, a bound the box passes) peels at
 * the constant c + 2 - k0 - lo - z when L's bounds are constants; its
 * tiles are then in the set by their positions' ranges. Nothing else is
 * peeled: tiles masked along a dim placed by more than L's variable, or
 * a loop whose step is not a constant, keep their masks. */
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

enum { MAX_DIMS = 8, MAX_DEPTH = 8 };

/* The least c with S + c a term of u's arith.minsi tree (S itself, S plus
 * or minus a constant), into *best; false when there is none. */
static bool bound_term(const struct ir_module *m, ir_value u, ir_value S, int64_t *best, int depth)
{
    if (u == S) {
        *best = 0;
        return true;
    }
    ir_op d = ir_value_def(m, u);
    if (!d || depth >= MAX_DEPTH)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    int64_t k;
    if (o->nopnd != 2)
        return false;
    switch (o->kind) {
    case IR_OP_ARITH_MINSI: {
        int64_t a, b;
        bool ha = bound_term(m, o->opnd[0], S, &a, depth + 1);
        bool hb = bound_term(m, o->opnd[1], S, &b, depth + 1);
        *best = ha && hb ? (a < b ? a : b) : ha ? a : b;
        return ha || hb;
    }
    case IR_OP_ARITH_ADDI:
        if (o->opnd[0] == S && split_const_int(m, o->opnd[1], &k))
            return *best = k, true;
        if (o->opnd[1] == S && split_const_int(m, o->opnd[0], &k))
            return *best = k, true;
        return false;
    case IR_OP_ARITH_SUBI:
        if (o->opnd[0] == S && split_const_int(m, o->opnd[1], &k))
            return *best = -k, true;
        return false;
    default:
        return false;
    }
}

/* Whether affine expression e over operands is *v + *k0, v one of them. */
static bool value_plus_const(const struct ir_module *m, ir_aff e, uint32_t n,
                             const ir_value *opnd, ir_value *v, int64_t *k0)
{
    int64_t coef[MAX_DIMS] = {0};
    *k0 = 0;
    if (n > MAX_DIMS || !split_aff_linear(m, e, 1, coef, NULL, k0))
        return false;
    int32_t j = -1;
    for (uint32_t i = 0; i < n; i++) {
        if (!coef[i])
            continue;
        if (coef[i] != 1 || j >= 0)
            return false;
        j = (int32_t)i;
    }
    *v = j >= 0 ? opnd[j] : IR_NONE;
    return j >= 0;
}

/* The index of v among the arguments of func.func fn, -1 when it is not
 * one. */
static int32_t arg_index(const struct ir_module *m, ir_op fn, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg || vi->owner != split_body(m, fn, 0))
        return -1;
    return (int32_t)vi->index;
}

/* Whether v < S + top on every iteration there is: v the variable of a
 * loop whose upper bound has a term S + u, u <= top; or, v and S
 * arguments of a program ktc-split cut out (the orchestrator loop's
 * variable passed in), so at every call of it. */
static bool below(struct ir_module *m, ir_value v, ir_value S, int64_t top, int depth)
{
    ir_op l = sched_iv_loop(m, v);
    int64_t u;
    if (l)
        return bound_term(m, ir_op_get(m, l)->opnd[1], S, &u, 0) && u <= top;
    ir_op fn = ir_value_scope(m, v);
    if (!fn || ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC || depth >= MAX_DEPTH)
        return false;
    int32_t iv = arg_index(m, fn, v), is = arg_index(m, fn, S);
    ir_attr name = ir_op_attr(m, fn, "sym_name");
    if (iv < 0 || is < 0 || !name)
        return false;
    struct sched_ops calls = {0};
    sched_ops_of_kind(m, m->top, IR_OP_FUNC_CALL, &calls);
    bool any = false, all = true;
    for (uint32_t k = 0; k < calls.n && all; k++) {
        const struct ir_op_info *co = ir_op_get(m, calls.v[k]);
        ir_attr callee = ir_op_attr(m, calls.v[k], "callee");
        if (!callee || ir_attr_get(m, callee)->s != ir_attr_get(m, name)->s)
            continue;
        any = true;
        all = (uint32_t)iv < co->nopnd && (uint32_t)is < co->nopnd &&
              below(m, co->opnd[iv], co->opnd[is], top, depth + 1);
    }
    free(calls.v);
    return any && all;
}

bool split_tile_mask(struct split_ctx *c, bool report, ir_op top, const int64_t *lo,
                     const int64_t *shape, struct split_mask *out)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, top);
    ir_op vop = ir_value_def(m, o->opnd[0]);
    *out = (struct split_mask){.dim = -1};
    const struct ir_attr_info *cs = split_attr(m, vop, "coordinate_set", IR_AT_INTEGER_SET);
    const struct ir_integer_set *set = cs ? ir_set_get(m, cs->map) : NULL;
    const struct ir_attr_info *base = split_attr(m, top, "base_map", IR_AT_AFFINE_MAP);
    if (!set || !base)
        return true;
    const struct ir_attr_info *sizes = split_attr(m, vop, "static_sizes", IR_AT_DENSE_ARRAY);
    uint32_t rank = ir_type_get(m, ir_value_type(m, o->opnd[0]))->rank, ndyn = 0;
    for (uint32_t k = 0; sizes && k < sizes->n; k++)
        ndyn += sizes->ints[k] == IR_DYN;
    const struct ir_affine_map *bm = ir_map_get(m, base->map);
    int32_t dim = -1, sym = -1;
    int64_t cst = 0;
    bool fixed = false; /* the bound is the constant cst, no symbol */
    for (uint32_t i = 0; i < set->ncons; i++) {
        int64_t coef[MAX_DIMS] = {0}, scoef[MAX_DIMS] = {0}, c0 = 0;
        uint32_t nd = 0, ns = 0;
        int32_t k = -1, j = -1;
        bool ok = set->ndims == rank && rank <= MAX_DIMS && set->nsyms <= MAX_DIMS &&
                  split_aff_linear(m, set->cons[i], 1, coef, scoef, &c0);
        for (uint32_t d = 0; ok && d < set->ndims; d++)
            if (coef[d])
                nd++, k = (int32_t)d;
        for (uint32_t d = 0; ok && d < set->nsyms; d++)
            if (scoef[d])
                ns++, j = (int32_t)d;
        if (ok && !ns) { /* a constant bound: above, and passed by the box? */
            int64_t blo, bhi;
            if (nd == 1 && coef[k] == -1 && !set->eq[i] && (uint32_t)k < bm->nres &&
                sched_aff_range(m, bm->res[k], o->opnd + 1, &blo, &bhi) &&
                bhi + lo[k] + shape[k] - 1 > c0) {
                if (dim >= 0)
                    return report && split_error(c, vop, "an access tile masked along two dims "
                                                         "of its view's coordinate_set is not "
                                                         "supported yet");
                dim = k, cst = c0, fixed = true;
            }
            continue;
        }
        if (!ok || set->eq[i] || nd != 1 || ns != 1 || coef[k] != -1 || scoef[j] != 1 ||
            dim >= 0 || (uint32_t)j >= ndyn)
            /* (a constant bound found before: masked along two dims) */
            return report && split_error(c, vop, "a view whose coordinate_set bounds a dim "
                                                 "other than above by one of its dynamic "
                                                 "sizes is not supported yet");
        dim = k, sym = j, cst = c0;
    }
    if (dim < 0)
        return true;
    out->dim = dim;
    out->S = fixed ? IR_NONE : ir_op_get(m, vop)->opnd[1 + sym];
    /* in the set while iv + k0 + lo + z - 1 <= S + cst */
    out->lim = cst + 2 - lo[dim] - shape[dim];
    ir_value v;
    int64_t k0;
    if (!value_plus_const(m, bm->res[dim], o->nopnd - 1, o->opnd + 1, &v, &k0))
        return true;
    out->loop = sched_iv_loop(m, v);
    out->at = v;
    out->k0 = k0;
    if (!fixed && below(m, v, out->S, out->lim - k0, 0))
        *out = (struct split_mask){.dim = -1}; /* the loop's bound keeps it in */
    return true;
}

/* ---- the peel ------------------------------------------------------------ */

struct cand {
    ir_op loop;
    uint32_t nterm;
    ir_value S[MAX_DIMS]; /* IR_NONE: the constant bound */
    int64_t c[MAX_DIMS];
    int64_t reach[MAX_DIMS]; /* iterations from S + reach on are past every tile's set */
    bool once;               /* the clone runs at most one iteration */
};

struct peel {
    struct split_ctx *c;
    ir_op loop; /* the loop whose tiles are being looked at */
    struct cand *cands;
    uint32_t n, cap;
    bool none;   /* a masked tile the loop cannot take out */
    bool stored; /* a masked tile stored to */
};

/* The box [lo, lo + shape) of access tile op top; false when its set is
 * not a constant box (the pipelines refuse it). */
static bool tile_box(const struct ir_module *m, ir_op top, int64_t *lo, int64_t *shape)
{
    const struct ir_attr_info *set = split_attr(m, top, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, ir_op_get(m, top)->res));
    int64_t hi[MAX_DIMS];
    if (!set || tt->rank > MAX_DIMS || ir_set_get(m, set->map)->ndims != tt->rank ||
        !ir_set_box(m, set->map, NULL, lo, hi))
        return false;
    for (uint32_t k = 0; k < tt->rank; k++) {
        if (lo[k] == INT64_MIN || hi[k] == INT64_MAX)
            return false;
        shape[k] = hi[k] - lo[k] + 1;
    }
    return true;
}

static bool add_term(struct cand *cd, ir_value S, int64_t c, int64_t reach)
{
    for (uint32_t i = 0; i < cd->nterm; i++)
        if (cd->S[i] == S) {
            cd->c[i] = c < cd->c[i] ? c : cd->c[i];
            cd->reach[i] = reach > cd->reach[i] ? reach : cd->reach[i];
            return true;
        }
    if (cd->nterm == MAX_DIMS)
        return false;
    cd->S[cd->nterm] = S;
    cd->reach[cd->nterm] = reach;
    cd->c[cd->nterm++] = c;
    return true;
}

/* Whether a ktdp.store stores through access tile op top. */
static bool stored_to(const struct ir_module *m, ir_op top)
{
    ir_value t = ir_op_get(m, top)->res;
    for (ir_op u = ir_op_get(m, top)->next; u; u = ir_op_get(m, u)->next)
        if (ir_op_get(m, u)->kind == IR_OP_KTDP_STORE && ir_op_get(m, u)->opnd[1] == t)
            return true;
    return false;
}

/* A masked tile under pl->loop: its term when the loop's variable alone
 * places it along the masked dim. */
static bool look_tile(struct ir_module *m, ir_op op, void *ctx)
{
    struct peel *pl = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return true;
    int64_t lo[MAX_DIMS], shape[MAX_DIMS];
    struct split_mask mk;
    if (!tile_box(m, op, lo, shape) || !split_tile_mask(pl->c, false, op, lo, shape, &mk) ||
        mk.dim < 0 || mk.loop != pl->loop)
        return true;
    struct cand *cd = &pl->cands[pl->n];
    /* its iterations from S + lim - k0 + z - 1 on are past the set */
    if (!add_term(cd, mk.S, mk.lim - mk.k0, mk.lim - mk.k0 + shape[mk.dim] - 1))
        pl->none = true;
    pl->stored = pl->stored || stored_to(m, op);
    return true;
}

/* Whether op does nothing but compute, or store through a tile masked
 * along pl->loop's variable. */
static bool masked_effects(struct ir_module *m, ir_op op, void *ctx)
{
    struct peel *pl = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDP_STORE) {
        ir_op top = ir_value_def(m, o->opnd[1]);
        int64_t lo[MAX_DIMS], shape[MAX_DIMS];
        struct split_mask mk;
        return top && ir_op_get(m, top)->kind == IR_OP_KTDP_CONSTRUCT_ACCESS_TILE &&
               tile_box(m, top, lo, shape) && split_tile_mask(pl->c, false, top, lo, shape, &mk) &&
               mk.dim >= 0 && mk.loop == pl->loop;
    }
    unsigned flags = ir_op_def(o->kind)->flags;
    return o->kind == IR_OP_SCF_FOR || (flags & IR_OPF_TERMINATOR) || split_removable(m, op);
}

static bool look_loop(struct ir_module *m, ir_op op, void *ctx)
{
    struct peel *pl = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t s, x;
    if (o->kind != IR_OP_SCF_FOR || !split_const_int(m, o->opnd[2], &s) || s < 1)
        return true;
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? 2 * pl->cap : 8;
        pl->cands = realloc(pl->cands, pl->cap * sizeof *pl->cands);
        if (!pl->cands)
            abort();
    }
    pl->cands[pl->n] = (struct cand){.loop = op};
    pl->loop = op;
    pl->none = pl->stored = false;
    ir_walk(m, op, look_tile, pl);
    struct cand *cd = &pl->cands[pl->n];
    bool consts = split_const_int(m, o->opnd[0], &x) && split_const_int(m, o->opnd[1], &x);
    for (uint32_t i = 0; i < cd->nterm; i++)
        pl->none = pl->none || (!cd->S[i] && !consts);
    if (!cd->nterm || !pl->stored || pl->none)
        return true;
    /* Past the first iteration the clone runs, every tile is past its set
     * (one bound, steps as long as the tiles): with nothing carried and
     * nothing else stored, the rest would store nothing. */
    cd->once = cd->nterm == 1 && !o->nres && cd->c[0] + s >= cd->reach[0] &&
               ir_walk(m, op, masked_effects, pl);
    pl->n++;
    return true;
}

void split_inline_once(struct ir_module *m, ir_op L, bool run)
{
    struct split_vmap vm = {0};
    ir_op y = run ? split_first_iteration(m, L, &vm) : IR_NONE;
    ir_op parent = ir_op_parent(m, L);
    for (uint32_t i = 0; i < ir_op_get(m, L)->nres; i++) {
        ir_value to = run ? split_vmap_get(&vm, ir_op_get(m, y)->opnd[i])
                          : ir_op_get(m, L)->opnd[3 + i];
        split_replace_uses(m, parent, ir_op_get(m, L)->res + i, to);
    }
    split_vmap_free(&vm);
    ir_op_unlink(m, L);
}

/* Peels candidate cd (the head comment). */
static void peel_loop(struct ir_module *m, const struct cand *cd)
{
    ir_op L = cd->loop;
    const struct ir_op_info *o = ir_op_get(m, L);
    struct split_b b;
    struct split_cse cse = {0};
    sb_before(&b, m, L, o->loc);
    b.cse = &cse;
    ir_value lb = o->opnd[0], u = o->opnd[1];
    int64_t s, cu, x;
    split_const_int(m, o->opnd[2], &s);
    for (uint32_t i = 0; i < cd->nterm; i++) {
        if (!cd->S[i]) { /* a constant bound: L's bounds are constants */
            split_const_int(m, u, &cu);
            u = sb_index(&b, cd->c[i] < cu ? cd->c[i] : cu);
            continue;
        }
        ir_value t = sb_addi(&b, cd->S[i], sb_index(&b, cd->c[i]));
        if (split_const_int(m, u, &cu) && split_const_int(m, t, &x))
            u = sb_index(&b, x < cu ? x : cu);
        else if (u == cd->S[i] && cd->c[i] <= 0) /* a loop up to S */
            u = t;
        else
            u = sb_arith(&b, "arith.minsi", u, t);
    }
    ir_value lb2;
    int64_t cl;
    if (split_const_int(m, u, &cu) && split_const_int(m, lb, &cl)) {
        int64_t d = cu > cl ? cu - cl : 0;
        lb2 = sb_index(&b, cl + s * ((d + s - 1) / s));
    } else if (s == 1) {
        lb2 = sb_arith(&b, "arith.maxsi", u, lb);
    } else {
        ir_value d = split_const_int(m, lb, &cl) && !cl ? u : sb_arith(&b, "arith.subi", u, lb);
        d = sb_arith(&b, "arith.maxsi", d, sb_index(&b, 0));
        ir_value q = sb_arith(&b, "arith.divui", sb_addi(&b, d, sb_index(&b, s - 1)), sb_index(&b, s));
        lb2 = sb_addi(&b, lb, sb_muli(&b, q, s));
    }
    struct split_vmap vm = {0};
    ir_op L2 = split_clone(m, L, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, ir_op_get(m, L)->next, L2);
    ir_op parent = ir_op_parent(m, L);
    for (uint32_t r = 0; r < ir_op_get(m, L)->nres; r++)
        split_replace_uses(m, parent, ir_op_get(m, L)->res + r, ir_op_get(m, L2)->res + r);
    struct ir_op_info *o2 = ir_op_get(m, L2);
    o2->opnd[0] = lb2;
    if (cd->once) {
        ir_value end = sb_addi(&b, lb2, sb_index(&b, s));
        o2->opnd[1] = split_const_int(m, end, &x) && split_const_int(m, o2->opnd[1], &cu)
                          ? sb_index(&b, x < cu ? x : cu)
                          : sb_arith(&b, "arith.minsi", o2->opnd[1], end);
    }
    for (uint32_t r = 0; r < o2->nres; r++) /* the clone carries on from L */
        o2->opnd[3 + r] = ir_op_get(m, L)->res + r;
    ir_op_get(m, L)->opnd[1] = u;
    free(cse.ops);
    int64_t l2, u2;
    if (cd->once && split_const_int(m, o2->opnd[0], &l2) && split_const_int(m, o2->opnd[1], &u2))
        split_inline_once(m, L2, l2 < u2);
}

bool split_peel(struct split_ctx *c)
{
    struct peel pl = {.c = c};
    ir_walk(c->m, c->m->top, look_loop, &pl);
    for (uint32_t i = 0; i < pl.n; i++)
        peel_loop(c->m, &pl.cands[i]);
    free(pl.cands);
    return true;
}

/* ---- loops that run once ------------------------------------------------------ */

bool split_once(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops lf = {0};
    sched_ops_of_kind(m, m->top, IR_OP_SCF_FOR, &lf);
    /* innermost first: an outer loop's body is cloned with its inner ones
     * already inlined */
    for (uint32_t i = lf.n; i-- > 0;) {
        const struct ir_op_info *o = ir_op_get(m, lf.v[i]);
        int64_t lb, ub, step;
        if (!split_tensor_loop(m, lf.v[i]) || !split_const_int(m, o->opnd[0], &lb) ||
            !split_const_int(m, o->opnd[1], &ub) || !split_const_int(m, o->opnd[2], &step) ||
            step <= 0 || (ub > lb && ub - lb > step))
            continue;
        split_inline_once(m, lf.v[i], ub > lb);
    }
    free(lf.v);
    return true;
}

/* ---- stores whose old lanes nothing else writes --------------------------- */

/* A kernel argument's memory as its stores see it: the views made from it
 * (one rank and static strides, every one positive) and, per dim, the
 * highest index any store's tile reaches. */
struct written {
    uint32_t rank;
    struct sched_ops stores; /* the ktdp.stores through them */
    int64_t strides[MAX_DIMS];
    int64_t hi[MAX_DIMS];
    bool unranged; /* an index of no known range (a block's column to n) */
    bool bad;
};

/* Whether the tiles' indices stay apart: for each dim d after the first,
 * (hi_d + 1) s_d <= s_{d-1}, so the address sum of i_d s_d of indices in
 * [0, hi_d] is one-to-one (a mixed radix). */
static bool one_to_one(const struct written *w)
{
    if (w->unranged)
        return false;
    for (uint32_t d = 1; d < w->rank; d++)
        if (w->hi[d] < 0 || w->strides[d] <= 0 ||
            (w->hi[d] + 1) > w->strides[d - 1] / w->strides[d])
            return false;
    return !w->bad;
}

/* [*lo, *hi] holds every value affine expression e takes over index
 * values subs (its n dims, split_index_range's ranges); false when e is
 * not a sum of constant multiples or a range is unknown. */
static bool aff_range(const struct ir_module *m, ir_aff e, const ir_value *subs, uint32_t n,
                      int64_t *lo, int64_t *hi)
{
    int64_t coef[MAX_DIMS] = {0}, scoef[MAX_DIMS] = {0}, c0 = 0;
    if (n > MAX_DIMS || !split_aff_linear(m, e, 1, coef, scoef, &c0))
        return false;
    *lo = *hi = c0;
    for (uint32_t i = 0; i < MAX_DIMS; i++) {
        int64_t a, b;
        if (scoef[i])
            return false;
        if (!coef[i])
            continue;
        if (i >= n || !split_index_range(m, subs[i], &a, &b))
            return false;
        *lo += coef[i] * (coef[i] > 0 ? a : b);
        *hi += coef[i] * (coef[i] > 0 ? b : a);
    }
    return true;
}

/* Takes the users of view v into w: access tiles whose users load, or
 * store (their indices' ranges and the tile's box in w->hi). */
static void take_view(struct ir_module *m, ir_op fn, ir_op view, struct written *w)
{
    const struct ir_op_info *vo = ir_op_get(m, view);
    const struct ir_attr_info *sd = ir_attr_get(m, ir_op_attr(m, view, "static_strides"));
    if (!sd || sd->n == 0 || sd->n > MAX_DIMS || (w->rank && w->rank != sd->n)) {
        w->bad = true;
        return;
    }
    for (uint32_t d = 0; d < sd->n; d++) {
        if (sd->ints[d] == IR_DYN || sd->ints[d] <= 0 || (w->rank && w->strides[d] != sd->ints[d]))
            w->bad = true;
        w->strides[d] = sd->ints[d];
    }
    w->rank = sd->n;
    struct sched_ops tiles = {0};
    sched_ops_using(m, fn, vo->res, &tiles);
    for (uint32_t i = 0; i < tiles.n && !w->bad; i++) {
        const struct ir_op_info *to = ir_op_get(m, tiles.v[i]);
        const struct ir_attr_info *bm = split_attr(m, tiles.v[i], "base_map", IR_AT_AFFINE_MAP);
        int64_t lo[MAX_DIMS], shape[MAX_DIMS];
        if (to->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE || to->opnd[0] != vo->res || !bm ||
            ir_map_get(m, bm->map)->nres != w->rank || ir_map_get(m, bm->map)->nsyms ||
            !tile_box(m, tiles.v[i], lo, shape)) {
            w->bad = true;
            break;
        }
        struct sched_ops uses = {0};
        sched_ops_using(m, fn, to->res, &uses);
        bool stored = false;
        for (uint32_t j = 0; j < uses.n; j++) {
            uint16_t k = ir_op_get(m, uses.v[j])->kind;
            if (k == IR_OP_KTDP_STORE) {
                sched_ops_push(&w->stores, uses.v[j]);
                stored = true;
            }
            w->bad |= k != IR_OP_KTDP_STORE && k != IR_OP_KTDP_LOAD;
        }
        free(uses.v);
        const struct ir_affine_map *map = ir_map_get(m, bm->map);
        for (uint32_t d = 1; stored && !w->bad && d < w->rank; d++) {
            int64_t first, last;
            if (!aff_range(m, map->res[d], to->opnd + 1, map->ndims, &first, &last)) {
                w->unranged = true;
                continue;
            }
            if (first + lo[d] < 0) {
                w->bad = true;
                break;
            }
            if (last + lo[d] + shape[d] - 1 > w->hi[d])
                w->hi[d] = last + lo[d] + shape[d] - 1;
        }
    }
    free(tiles.v);
}

/* Whether the stores of w (rank 2) each write one row of one view, a
 * row at the variable of one loop of positive step around them all, in no
 * other loop (a row runs once), masked along the columns only: in program
 * order (on a core) every store before one writes its row or a row before
 * it, each inside the view's columns (below n), at addresses below that
 * row's columns from n on (r' S + c' < r S + n for r' <= r, c' < n): no
 * store before a masked store writes its old lanes. One after it (a later
 * row's, where its columns pass the row stride) comes after its own store
 * of them (the store unit stores in program order), which is after the
 * read. */
static bool rows_ascending(struct split_ctx *c, const struct written *w)
{
    struct ir_module *m = c->m;
    if (w->bad || w->rank != 2 || !w->stores.n)
        return false;
    ir_value view = IR_NONE, row = IR_NONE;
    int64_t row_lo = 0;
    for (uint32_t i = 0; i < w->stores.n; i++) {
        ir_op top = ir_value_def(m, ir_op_get(m, w->stores.v[i])->opnd[1]);
        const struct ir_op_info *to = top ? ir_op_get(m, top) : NULL;
        const struct ir_attr_info *bm =
            to ? split_attr(m, top, "base_map", IR_AT_AFFINE_MAP) : NULL;
        int64_t lo[MAX_DIMS], shape[MAX_DIMS];
        struct split_mask mk;
        if (!bm || !tile_box(m, top, lo, shape) || shape[0] != 1 ||
            !split_tile_mask(c, false, top, lo, shape, &mk) || mk.dim == 0)
            return false;
        const struct ir_affine_map *map = ir_map_get(m, bm->map);
        const struct ir_aff_info *r0 = ir_aff_get(m, map->res[0]);
        if (r0->kind != IR_AFF_DIM || (uint32_t)r0->v + 1 >= to->nopnd)
            return false;
        ir_value r = to->opnd[1 + r0->v];
        if (i && (to->opnd[0] != view || r != row || lo[0] != row_lo))
            return false;
        view = to->opnd[0], row = r, row_lo = lo[0];
    }
    ir_op loop = sched_iv_loop(m, row), up = loop ? ir_op_parent(m, loop) : IR_NONE;
    int64_t step;
    if (!loop || !split_const_int(m, ir_op_get(m, loop)->opnd[2], &step) || step <= 0 ||
        !up || ir_op_get(m, up)->kind != IR_OP_FUNC_FUNC)
        return false;
    for (uint32_t i = 0; i < w->stores.n; i++) {
        for (up = w->stores.v[i]; up && up != loop;)
            up = ir_op_parent(m, up);
        if (!up)
            return false;
    }
    return true;
}

/* Marks `unaliased` every ktdp.store through a view of a kernel argument
 * whose memory nothing writes but such stores, all through views of one
 * rank and strides whose tiles' indices (their boxes, over their
 * positions' ranges) map to addresses one to one, or whose rows ascend
 * (rows_ascending): a masked store's lanes outside its view's set are then
 * no address another store of the kernel writes before it, so what
 * ktc-split reads of them (the store's old lanes) needs no order with the
 * stores (split_pipeline marks that read unwritten). */
bool split_unaliased(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops views = {0}, fns = {0};
    sched_ops_of_kind(m, m->top, IR_OP_FUNC_FUNC, &fns);
    for (uint32_t f = 0; f < fns.n; f++) {
        ir_op fn = fns.v[f];
        if (!ir_op_get(m, fn)->nreg)
            continue;
        ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
        const struct ir_block_info *eb = ir_block_get(m, entry);
        for (uint32_t a = 0; a < eb->nargs; a++) {
            struct written w = {0};
            for (uint32_t d = 0; d < MAX_DIMS; d++)
                w.hi[d] = -1;
            views.n = 0;
            sched_ops_using(m, fn, eb->args[a], &views);
            for (uint32_t i = 0; i < views.n && !w.bad; i++) {
                if (ir_op_get(m, views.v[i])->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW ||
                    ir_op_get(m, views.v[i])->opnd[0] != eb->args[a]) {
                    w.bad = true;
                    break;
                }
                take_view(m, fn, views.v[i], &w);
            }
            bool apart = one_to_one(&w) || rows_ascending(c, &w);
            for (uint32_t i = 0; apart && i < w.stores.n; i++)
                ir_op_set_attr(m, w.stores.v[i], "unaliased", ir_attr_unit(m));
            free(w.stores.v);
        }
    }
    free(views.v);
    free(fns.v);
    return true;
}
