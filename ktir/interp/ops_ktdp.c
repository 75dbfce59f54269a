/* ops_ktdp.c - the ktdp ops in the interpreter: tile ids, memory views
 * (plain and distributed), access tiles (direct and indirect), load/store,
 * runtime args, and inter-tile produce/reduce/consume.
 *
 * Inter-tile exchanges. The k-th execution of an inter_tile_produce by a
 * tile pairs with the k-th execution by every other tile. A producer posts
 * its partials under (op, k, group) and goes on; a delivery op waits
 * (IV_BLOCK) until every producer it depends on has posted. Reductions fold
 * in a fixed order: the identity, then the producers by ascending linear
 * tile id, so results do not depend on the schedule.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"

/* An op's attribute as an integer set / affine map index, 0 when absent. */
static uint32_t set_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_INTEGER_SET ? ai->map : 0;
}

static uint32_t map_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_AFFINE_MAP ? ai->map : 0;
}

static bool segments(const struct ir_module *m, ir_op op, uint32_t n, uint32_t *seg)
{
    ir_attr a = ir_op_attr(m, op, "operandSegmentSizes");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_DENSE_ARRAY || ai->n != n)
        return false;
    for (uint32_t i = 0; i < n; i++)
        seg[i] = (uint32_t)ai->ints[i];
    return true;
}

/* An order map as a permutation: result j is dim perm[j]. */
static bool order_perm(struct interp *in, ir_op op, uint32_t map, uint32_t rank, uint8_t *perm)
{
    if (!map) {
        for (uint32_t j = 0; j < rank; j++)
            perm[j] = (uint8_t)j;
        return true;
    }
    const struct ir_affine_map *mp = ir_map_get(in->m, map);
    bool seen[IV_MAXR] = {false};
    if (mp->nres != rank || mp->ndims != rank)
        return iv_prep_error(in, op, "the order map must have as many results as dims (%u)", rank);
    for (uint32_t j = 0; j < rank; j++) {
        const struct ir_aff_info *x = ir_aff_get(in->m, mp->res[j]);
        if (x->kind != IR_AFF_DIM || seen[x->v])
            return iv_prep_error(in, op, "ktc-interp supports only permutation orders");
        seen[x->v] = true;
        perm[j] = (uint8_t)x->v;
    }
    return true;
}

/* The element kind of a shaped type's element, with a located error. */
static bool elem_ek(struct interp *in, ir_op op, ir_type t, unsigned *ek)
{
    const struct ir_type_info *ti = ir_type_get(in->m, t);
    if (!iv_ek_of_type(in->m, ti->elem, ek))
        return iv_prep_error(in, op, "unsupported element type");
    if (ti->rank > IV_MAXR)
        return iv_prep_error(in, op, "rank %u is above the supported %d", ti->rank, IV_MAXR);
    return true;
}

/* ---- tile id, runtime args ---------------------------------------------------- */

static int exec_tile_id(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    for (uint32_t k = 0; k < o->nres; k++) {
        struct iv_val v = iv_scalar_i(INTERP_INDEX, k < 3 ? t->id[k] : 0);
        iv_set_result(t, op, k, &v);
    }
    return IV_OK;
}

static int exec_runtime_arg_extract(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_attr k = ir_op_attr(m, op, "kind");
    const char *ks = k ? ir_str_get(m, ir_attr_get(m, k)->s) : "value";
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, o->opnd[0]));
    struct iv_val v = {0};
    if (strcmp(ks, "value") == 0) {
        iv_val_copy(&v, iv_opnd(t, o, 0));
    } else {
        int64_t x = strcmp(ks, "granularity") == 0 ? ti->granularity : ti->upperbound;
        if (!x)
            return iv_error(t, op, "the runtime_arg type has no %s", ks);
        v = iv_scalar_i(INTERP_INDEX, x);
    }
    return iv_set_result(t, op, 0, &v);
}

/* ---- memory views ------------------------------------------------------------- */

struct mv_pre {
    unsigned ek, rank, space;
    bool has_id;
    int64_t ct_id;
    int64_t ssz[IV_MAXR], sst[IV_MAXR];
    uint32_t nsz, nst; /* dynamic entries */
    uint32_t set;
};

static bool prep_memory_view(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct ir_module *m = in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct mv_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    uint32_t seg[3];
    if (!segments(m, op, 3, seg) || seg[0] != 1)
        return iv_prep_error(in, op, "malformed memory view (operand segments)");
    if (!elem_ek(in, op, ir_value_type(m, o->res), &d->ek))
        return false;
    ir_attr ss = ir_op_attr(m, op, "static_sizes"), st = ir_op_attr(m, op, "static_strides");
    if (!ss || !st)
        return iv_prep_error(in, op, "malformed memory view (static sizes)");
    const struct ir_attr_info *a = ir_attr_get(m, ss), *b = ir_attr_get(m, st);
    if (a->n != b->n || a->n > IV_MAXR)
        return iv_prep_error(in, op, "malformed memory view (rank)");
    d->rank = a->n;
    memcpy(d->ssz, a->ints, a->n * sizeof *a->ints);
    memcpy(d->sst, b->ints, b->n * sizeof *b->ints);
    d->nsz = seg[1];
    d->nst = seg[2];
    d->set = set_attr(m, op, "coordinate_set");
    if (d->set && ir_set_get(m, d->set)->nsyms > d->nsz)
        return iv_prep_error(in, op, "the coordinate set has more symbols than dynamic sizes");
    d->space = INTERP_DEVMEM;
    ir_attr ms = ir_op_attr(m, op, "memory_space");
    if (ms && ir_attr_get(m, ms)->kind == IR_AT_MEMSPACE) {
        const struct ir_attr_info *mi = ir_attr_get(m, ms);
        d->space = mi->i == IR_MS_GLOBAL || mi->i == IR_MS_UNSPECIFIED ? INTERP_DEVMEM
                                                                       : INTERP_SCRATCH;
        d->has_id = (mi->flags & IR_ATF_HAS_ID) != 0;
        d->ct_id = mi->id;
        if (d->has_id && (d->ct_id < 0 || d->ct_id >= in->cfg.ncores))
            return iv_prep_error(in, op, "ct_id %" PRId64 " names no core (the device has %u)",
                                 d->ct_id, in->cfg.ncores);
    }
    return true;
}

static int exec_memory_view(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct mv_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_view *v = iv_view_new();
    struct iv_val r = {.kind = IV_VIEW, .obj = &v->h};
    v->ek = (uint8_t)d->ek;
    v->rank = (uint8_t)d->rank;
    v->space = (uint8_t)d->space;
    v->core = d->has_id ? (uint32_t)d->ct_id : t->lin;
    uint32_t next = 1, nsyms = 0;
    bool ok = iv_int(t, op, iv_opnd(t, o, 0), &v->offset);
    for (uint32_t k = 0; ok && k < d->rank; k++) {
        v->sizes[k] = d->ssz[k];
        if (d->ssz[k] == IR_DYN) {
            ok = iv_int(t, op, iv_opnd(t, o, next++), &v->sizes[k]);
            if (ok && nsyms < IV_MAXSYMS)
                v->syms[nsyms++] = v->sizes[k];
        }
    }
    for (uint32_t k = 0; ok && k < d->rank; k++) {
        v->strides[k] = d->sst[k];
        if (d->sst[k] == IR_DYN)
            ok = iv_int(t, op, iv_opnd(t, o, next++), &v->strides[k]);
    }
    if (!ok) {
        iv_val_clear(&r);
        return IV_ERR;
    }
    v->nsyms = nsyms;
    v->box = true;
    if (!d->set) {
        for (uint32_t k = 0; k < d->rank; k++) {
            v->lo[k] = 0;
            v->hi[k] = v->sizes[k] - 1;
        }
    } else if (!ir_set_box(t->in->m, d->set, v->syms, v->lo, v->hi)) {
        v->box = false;
        v->set = d->set;
    }
    return iv_set_result(t, op, 0, &r);
}

static int exec_distributed_view(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    unsigned ek = (unsigned)p->aux;
    struct iv_view *v = iv_view_new();
    struct iv_val r = {.kind = IV_VIEW, .obj = &v->h};
    v->ek = (uint8_t)ek;
    v->box = true;
    v->parts = calloc(o->nopnd ? o->nopnd : 1, sizeof *v->parts);
    if (!v->parts)
        abort();
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const struct iv_val *pv = iv_opnd(t, o, i);
        struct iv_view *part = (struct iv_view *)pv->obj;
        if (pv->kind != IV_VIEW || part->nparts) {
            iv_val_clear(&r);
            return iv_error(t, op, "partition #%u is not a memory view", i);
        }
        if (!part->box) {
            iv_val_clear(&r);
            return iv_error(t, op, "partition #%u: only box coordinate sets are supported", i);
        }
        if (part->ek != ek || (i && part->rank != v->rank)) {
            iv_val_clear(&r);
            return iv_error(t, op, "partition #%u has another element type or rank", i);
        }
        for (uint32_t k = 0; k < part->rank; k++) {
            if (part->lo[k] == INT64_MIN || part->hi[k] == INT64_MAX) {
                iv_val_clear(&r);
                return iv_error(t, op, "partition #%u has an unbounded coordinate set", i);
            }
            v->lo[k] = i && v->lo[k] < part->lo[k] ? v->lo[k] : part->lo[k];
            v->hi[k] = i && v->hi[k] > part->hi[k] ? v->hi[k] : part->hi[k];
        }
        v->rank = part->rank;
        iv_obj_retain(&part->h);
        v->parts[v->nparts++] = part;
    }
    return iv_set_result(t, op, 0, &r);
}

static bool prep_distributed_view(struct interp *in, ir_op op, struct iv_pre *p)
{
    unsigned ek;
    if (!elem_ek(in, op, ir_value_type(in->m, ir_op_get(in->m, op)->res), &ek))
        return false;
    p->aux = (int32_t)ek;
    return true;
}

/* ---- access tiles --------------------------------------------------------------- */

struct at_pre {
    uint32_t nidx, nsyms, map, set, rank;
    uint8_t perm[IV_MAXR];
};

static bool prep_access_tile(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct ir_module *m = in->m;
    struct at_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    uint32_t seg[3];
    if (!segments(m, op, 3, seg) || seg[0] != 1)
        return iv_prep_error(in, op, "malformed access tile (operand segments)");
    d->nidx = seg[1];
    d->nsyms = seg[2];
    d->map = map_attr(m, op, "base_map");
    d->set = set_attr(m, op, "access_tile_set");
    if (!d->map || !d->set)
        return iv_prep_error(in, op, "access tile needs a base map and an access_tile_set");
    d->rank = ir_set_get(m, d->set)->ndims;
    if (d->rank > IV_MAXR || ir_map_get(m, d->map)->nres != d->rank)
        return iv_prep_error(in, op, "access tile rank does not match its base");
    if (ir_set_get(m, d->set)->nsyms != d->nsyms)
        return iv_prep_error(in, op, "access_tile_set needs %u symbols, got %u",
                             ir_set_get(m, d->set)->nsyms, d->nsyms);
    return order_perm(in, op, map_attr(m, op, "access_tile_order"), d->rank, d->perm);
}

/* The box of a set with symbol values, or a located error. */
static int set_box(struct iv_ct *t, ir_op op, uint32_t set, const int64_t *syms, int64_t *lo,
                   int64_t *hi, const char *what)
{
    if (!ir_set_box(t->in->m, set, syms, lo, hi))
        return iv_error(t, op, "ktc-interp supports only box-shaped %s sets", what);
    for (uint32_t k = 0; k < ir_set_get(t->in->m, set)->ndims; k++)
        if (lo[k] == INT64_MIN || hi[k] == INT64_MAX)
            return iv_error(t, op, "the %s set is unbounded in dimension %u", what, k);
    return IV_OK;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* Bounds of a set that is not a box, by interval propagation over its
 * linear constraints (sum coef_j d_j + k >= 0, or == 0): each constraint
 * bounds one dim from the bounds of the others, until nothing changes.
 * Coefficients are found by evaluating a constraint at 0 and at unit and
 * double-unit points; a constraint that is not linear only filters points. */
static void bounding_box(const struct ir_module *m, uint32_t set, const int64_t *syms,
                         int64_t *lo, int64_t *hi)
{
    const struct ir_integer_set *st = ir_set_get(m, set);
    uint32_t nd = st->ndims;
    int64_t pt[IV_MAXR] = {0}, coef[64][IV_MAXR], k0[64];
    bool lin[64];
    for (uint32_t d = 0; d < nd; d++) {
        lo[d] = INT64_MIN;
        hi[d] = INT64_MAX;
    }
    uint32_t nc = st->ncons < 64 ? st->ncons : 64;
    for (uint32_t i = 0; i < nc; i++) {
        bool ok = true;
        k0[i] = ir_aff_eval(m, st->cons[i], pt, syms, &ok);
        for (uint32_t d = 0; d < nd && ok; d++) {
            pt[d] = 1;
            coef[i][d] = ir_aff_eval(m, st->cons[i], pt, syms, &ok) - k0[i];
            pt[d] = 2;
            ok = ok && ir_aff_eval(m, st->cons[i], pt, syms, &ok) - k0[i] == 2 * coef[i][d];
            pt[d] = 0;
        }
        lin[i] = ok;
    }
    for (uint32_t pass = 0; pass <= nd; pass++) {
        bool changed = false;
        for (uint32_t i = 0; i < nc; i++)
            for (int sign = 1; lin[i] && sign >= (st->eq[i] ? -1 : 1); sign -= 2)
                for (uint32_t a = 0; a < nd; a++) {
                    int64_t ca = sign * coef[i][a], rest = sign * k0[i];
                    bool bounded = ca != 0;
                    for (uint32_t j = 0; j < nd && bounded; j++) {
                        int64_t cj = sign * coef[i][j];
                        if (j == a || !cj)
                            continue;
                        bounded = lo[j] != INT64_MIN && hi[j] != INT64_MAX;
                        rest += bounded ? (cj * lo[j] > cj * hi[j] ? cj * lo[j] : cj * hi[j]) : 0;
                    }
                    if (!bounded)
                        continue;
                    /* ca * d_a + rest >= 0 for the largest rest */
                    if (ca > 0) {
                        int64_t b = -floor_div(rest, ca);
                        if (b > lo[a])
                            lo[a] = b, changed = true;
                    } else {
                        int64_t b = floor_div(rest, -ca);
                        if (b < hi[a])
                            hi[a] = b, changed = true;
                    }
                }
        if (!changed)
            break;
    }
}

static int exec_access_tile(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct ir_module *m = t->in->m;
    const struct at_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct iv_val *base = iv_opnd(t, o, 0);
    if (base->kind != IV_VIEW)
        return iv_error(t, op, "the base of an access tile must be a memory view");
    struct iv_view *view = (struct iv_view *)base->obj;
    if (view->rank != d->rank)
        return iv_error(t, op, "access tile of rank %u over a view of rank %u", d->rank, view->rank);
    int64_t idx[IV_MAXR + 64], syms[IV_MAXSYMS], lo[IV_MAXR], hi[IV_MAXR];
    if (d->nidx > IV_MAXR + 64 || d->nsyms > IV_MAXSYMS)
        return iv_error(t, op, "too many subscript values");
    for (uint32_t i = 0; i < d->nidx; i++)
        if (!iv_int(t, op, iv_opnd(t, o, 1 + i), &idx[i]))
            return IV_ERR;
    for (uint32_t i = 0; i < d->nsyms; i++)
        if (!iv_int(t, op, iv_opnd(t, o, 1 + d->nidx + i), &syms[i]))
            return IV_ERR;
    bool box = ir_set_box(m, d->set, syms, lo, hi);
    if (!box)
        bounding_box(m, d->set, syms, lo, hi);
    for (uint32_t k = 0; k < d->rank; k++)
        if (lo[k] == INT64_MIN || hi[k] == INT64_MAX)
            return iv_error(t, op, "the access tile set is unbounded in dimension %u (each "
                                   "dimension needs a lower and an upper bound of its own)", k);
    struct iv_tile *tile = iv_tile_new();
    struct iv_val r = {.kind = IV_TILE, .obj = &tile->h};
    iv_obj_retain(&view->h);
    tile->view = view;
    tile->rank = (uint8_t)d->rank;
    const struct ir_affine_map *mp = ir_map_get(m, d->map);
    bool ok = true;
    for (uint32_t k = 0; k < d->rank; k++) {
        tile->x[k] = ir_aff_eval(m, mp->res[k], idx, NULL, &ok);
        tile->base[k] = tile->x[k] + lo[k];
    }
    if (!box) {
        tile->set = d->set;
        memcpy(tile->syms, syms, d->nsyms * sizeof *syms);
    }
    for (uint32_t j = 0; j < d->rank; j++) {
        tile->perm[j] = d->perm[j];
        int64_t e = hi[d->perm[j]] - lo[d->perm[j]] + 1;
        tile->shape[j] = e > 0 ? e : 0;
    }
    if (!ok) {
        iv_val_clear(&r);
        return iv_error(t, op, "division by zero in a subscript");
    }
    return iv_set_result(t, op, 0, &r);
}

struct it_pre {
    uint32_t nviews, ncap, nsyms, nvars, rank, set;
    uint8_t perm[IV_MAXR];
    bool ind[IV_MAXR];
    uint32_t maps[IV_MAXR];
};

static bool prep_indirect_tile(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct ir_module *m = in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct it_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    uint32_t seg[4];
    if (!segments(m, op, 4, seg) || seg[0] != 1 || !o->nreg)
        return iv_prep_error(in, op, "malformed indirect access tile");
    d->nviews = seg[1];
    d->ncap = seg[2];
    d->nsyms = seg[3];
    d->nvars = ir_block_get(m, ir_region_entry(m, o->regs[0]))->nargs;
    d->set = set_attr(m, op, "variables_space_set");
    ir_attr ka = ir_op_attr(m, op, "per_dim_subscript_kinds");
    ir_attr ma = ir_op_attr(m, op, "per_dim_subscript_maps");
    if (!d->set || !ka || !ma || d->nvars > IV_MAXR || d->nsyms > IV_MAXSYMS)
        return iv_prep_error(in, op, "malformed indirect access tile");
    const struct ir_attr_info *ki = ir_attr_get(m, ka), *mi = ir_attr_get(m, ma);
    if (ki->n != mi->n || ki->n > IV_MAXR)
        return iv_prep_error(in, op, "malformed indirect access tile (subscripts)");
    d->rank = ki->n;
    for (uint32_t k = 0; k < d->rank; k++) {
        d->ind[k] = ir_attr_get(m, ki->elems[k])->i != 0;
        d->maps[k] = ir_attr_get(m, mi->elems[k])->map;
    }
    return order_perm(in, op, map_attr(m, op, "variables_space_order"), d->nvars, d->perm);
}

static int exec_indirect_tile(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct ir_module *m = t->in->m;
    const struct it_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct iv_val *base = iv_opnd(t, o, 0);
    if (base->kind != IV_VIEW)
        return iv_error(t, op, "the base of an access tile must be a memory view");
    struct iv_view *view = (struct iv_view *)base->obj;
    if (view->rank != d->rank)
        return iv_error(t, op, "%u subscripts for a view of rank %u", d->rank, view->rank);
    int64_t syms[IV_MAXSYMS];
    for (uint32_t i = 0; i < d->nsyms; i++)
        if (!iv_int(t, op, iv_opnd(t, o, 1 + d->nviews + d->ncap + i), &syms[i]))
            return IV_ERR;
    struct iv_indirect *ind = calloc(1, sizeof *ind);
    if (!ind)
        abort();
    struct iv_tile *tile = iv_tile_new();
    struct iv_val r = {.kind = IV_TILE, .obj = &tile->h};
    iv_obj_retain(&view->h);
    tile->view = view;
    tile->ind = ind;
    tile->rank = (uint8_t)d->nvars;
    ind->nvars = d->nvars;
    ind->ncap = d->ncap;
    ind->cap = calloc(d->ncap + 1, sizeof *ind->cap);
    if (!ind->cap)
        abort();
    for (uint32_t i = 0; i < d->ncap; i++)
        if (!iv_int(t, op, iv_opnd(t, o, 1 + d->nviews + i), &ind->cap[i])) {
            iv_val_clear(&r);
            return IV_ERR;
        }
    uint32_t view_i = 0;
    for (uint32_t k = 0; k < d->rank; k++) {
        const struct ir_affine_map *mp = ir_map_get(m, d->maps[k]);
        struct iv_ind_dim *dk = &ind->dims[k];
        if (!d->ind[k]) {
            dk->expr = mp->res[0];
            continue;
        }
        const struct iv_val *iv = iv_opnd(t, o, 1 + view_i++);
        struct iv_view *idx = (struct iv_view *)iv->obj;
        if (iv->kind != IV_VIEW || idx->nparts || iv_ek_is_float(idx->ek) ||
            idx->rank != mp->nres) {
            iv_val_clear(&r);
            return iv_error(t, op, "index view of subscript %u must be a plain integer view of "
                                   "rank %u", k, mp->nres);
        }
        iv_obj_retain(&idx->h);
        dk->idx = idx;
        dk->nsub = mp->nres;
        dk->sub = mp->res;
    }
    int64_t hi[IV_MAXR];
    if (set_box(t, op, d->set, syms, ind->lo, hi, "variables space")) {
        iv_val_clear(&r);
        return IV_ERR;
    }
    for (uint32_t j = 0; j < d->nvars; j++) {
        tile->perm[j] = d->perm[j];
        int64_t e = hi[d->perm[j]] - ind->lo[d->perm[j]] + 1;
        tile->shape[j] = e > 0 ? e : 0;
    }
    return iv_set_result(t, op, 0, &r);
}

/* ---- load / store ------------------------------------------------------------------ */

static int exec_load(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct interp *in = t->in;
    struct ir_module *m = in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct iv_val *tv = iv_opnd(t, o, 0);
    if (tv->kind != IV_TILE)
        return iv_error(t, op, "operand is not an access tile");
    const struct iv_tile *tile = (const struct iv_tile *)tv->obj;
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, o->res));
    int64_t shape[IV_MAXR];
    uint32_t rank = rt->rank;
    bool stat = rt->kind == IR_TY_TENSOR && rank <= IV_MAXR;
    for (uint32_t k = 0; stat && k < rank; k++) {
        shape[k] = rt->shape[k];
        stat = shape[k] >= 0;
    }
    if (!stat) {
        rank = tile->rank;
        memcpy(shape, tile->shape, sizeof shape);
    }
    uint64_t bytes = iv_tensor_bytes(tile->view->ek, rank, shape);
    if (bytes > in->cfg.scratch_bytes && bytes != UINT64_MAX)
        return iv_error(t, op,
                        "scratchpad overflow: loading %" PRIu64 " bytes into the %" PRIu64
                        "-byte scratchpad of core %u",
                        bytes, in->cfg.scratch_bytes, t->lin);
    if (iv_check_tensor(t, op, tile->view->ek, rank, shape))
        return IV_ERR;
    struct iv_tensor *x = iv_tensor_new(tile->view->ek, rank, shape);
    struct iv_val r = iv_tensor_val(x);
    if (iv_load(t, op, tile, x)) {
        iv_val_clear(&r);
        return IV_ERR;
    }
    return iv_set_result(t, op, 0, &r);
}

static int exec_store(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_val *x = iv_opnd(t, o, 0), *tv = iv_opnd(t, o, 1);
    if (x->kind != IV_TENSOR || tv->kind != IV_TILE)
        return iv_error(t, op, "expects a tensor and an access tile");
    return iv_store(t, op, (const struct iv_tile *)tv->obj, iv_tensor_of(x));
}

/* ---- inter-tile ------------------------------------------------------------------- */

struct produce_pre {
    uint32_t pset, gset, nparts;
    int64_t glo, ghi;
};

static bool prep_produce(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct ir_module *m = in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct produce_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    p->aux = (int32_t)in->nproduce++;
    const struct ir_type_info *ft = ir_type_get(m, ir_value_type(m, o->res));
    const struct ir_attr_info *ga = ft->attr0 ? ir_attr_get(m, ft->attr0) : NULL;
    d->pset = set_attr(m, op, "producer_tiles_per_group");
    d->gset = ga && ga->kind == IR_AT_INTEGER_SET ? ga->map : 0;
    d->nparts = ft->ntys;
    if (!d->pset || !d->gset || !o->nreg)
        return iv_prep_error(in, op, "malformed inter_tile_produce");
    if (!ir_set_box(m, d->gset, NULL, &d->glo, &d->ghi) || d->glo == INT64_MIN ||
        d->ghi == INT64_MAX || d->ghi - d->glo > 1 << 20)
        return iv_prep_error(in, op, "ktc-interp needs a bounded range of groups");
    return true;
}

/* Whether tile i produces for group g. */
static bool produces(const struct ir_module *m, const struct produce_pre *d, int64_t i, int64_t g)
{
    return ir_set_contains(m, d->gset, &g, NULL) && ir_set_contains(m, d->pset, &i, &g);
}

static struct iv_xchg *find_xchg(struct interp *in, ir_op op, uint32_t seq, int64_t g)
{
    for (struct iv_xchg *x = in->xchg; x; x = x->next)
        if (x->op == op && x->seq == seq && x->group == g)
            return x;
    return NULL;
}

static void free_xchg(struct interp *in, struct iv_xchg *x)
{
    struct iv_xchg **pp = &in->xchg;
    while (*pp != x)
        pp = &(*pp)->next;
    *pp = x->next;
    for (uint32_t i = 0; i < in->ncts * x->nparts; i++)
        iv_val_clear(&x->parts[i]);
    free(x->parts);
    free(x->posted);
    free(x);
}

void iv_xchg_free_all(struct interp *in)
{
    while (in->xchg)
        free_xchg(in, in->xchg);
}

static int exec_produce(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct interp *in = t->in;
    const struct produce_pre *d = p->data;
    int64_t g = d->glo;
    while (g <= d->ghi && !produces(in->m, d, t->lin, g))
        g++;
    if (g > d->ghi)
        return iv_error(t, op, "tile %u is in no producer group", t->lin);
    struct iv_val gv = iv_scalar_i(INTERP_INDEX, g);
    struct iv_val *outs = calloc(d->nparts + 1, sizeof *outs);
    if (!outs)
        abort();
    int rc = iv_run_nested(t, op, ir_op_get(in->m, op)->regs[0], &gv, 1, outs, d->nparts);
    uint32_t seq = t->seq[p->aux]++;
    struct iv_xchg *x = rc == IV_OK ? find_xchg(in, op, seq, g) : NULL;
    if (rc == IV_OK && !x) {
        x = calloc(1, sizeof *x);
        if (!x)
            abort();
        x->op = op;
        x->seq = seq;
        x->group = g;
        x->nparts = d->nparts;
        x->parts = calloc((size_t)in->ncts * d->nparts + 1, sizeof *x->parts);
        x->posted = calloc(in->ncts, 1);
        if (!x->parts || !x->posted)
            abort();
        for (uint32_t q = 0; q < in->ncts; q++)
            x->nholders += produces(in->m, d, q, g);
        x->next = in->xchg;
        in->xchg = x;
    }
    if (rc == IV_OK) {
        for (uint32_t i = 0; i < d->nparts; i++) {
            x->parts[(size_t)t->lin * d->nparts + i] = outs[i];
            memset(&outs[i], 0, sizeof outs[i]);
        }
        x->posted[t->lin] = 1;
    }
    for (uint32_t i = 0; i < d->nparts; i++)
        iv_val_clear(&outs[i]);
    free(outs);
    if (rc != IV_OK)
        return rc;
    struct iv_future *f = calloc(1, sizeof *f);
    if (!f)
        abort();
    f->h.refs = 1;
    f->h.type = IV_FUTURE;
    f->op = op;
    f->seq = seq;
    f->group = g;
    struct iv_val r = {.kind = IV_FUTURE, .obj = &f->h};
    return iv_set_result(t, op, 0, &r);
}

/* inter_tile_reduce (code 1) and inter_tile_consume (code 0). */
struct deliver_pre {
    uint32_t cset, dep;
};

static bool prep_deliver(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct deliver_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    d->cset = set_attr(in->m, op, "consumer_tiles_per_group");
    d->dep = set_attr(in->m, op, "producer_dependency_per_consumer");
    if (p->code && !ir_op_get(in->m, op)->nreg)
        return iv_prep_error(in, op, "inter_tile_reduce needs a combiner region");
    return true;
}

/* Whether consumer c depends on producer q of group g. */
static bool depends(const struct ir_module *m, uint32_t dep, int64_t q, int64_t c, int64_t g)
{
    if (!dep)
        return true;
    int64_t syms[2] = {c, g};
    return ir_set_contains(m, dep, &q, syms);
}

/* Moves v into result i, reshaped to the result type when only the rank
 * differs (ref C3: rank-reduced reduce results). */
static int set_reshaped(struct iv_ct *t, ir_op op, uint32_t i, struct iv_val *v)
{
    struct ir_module *m = t->in->m;
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, ir_op_get(m, op)->res + i));
    if (v->kind == IV_TENSOR && rt->kind == IR_TY_TENSOR && rt->rank <= IV_MAXR) {
        const struct iv_tensor *x = iv_tensor_of(v);
        int64_t n = ir_type_numel(m, ir_value_type(m, ir_op_get(m, op)->res + i));
        if (n >= 0 && n != x->n)
            return iv_error(t, op, "result #%u has %" PRId64 " elements, the partials %" PRId64, i,
                            n, x->n);
        if (n >= 0 && (x->rank != rt->rank || memcmp(x->shape, rt->shape, rt->rank * sizeof *rt->shape))) {
            struct iv_tensor *y = iv_tensor_new(x->ek, rt->rank, rt->shape);
            memcpy(y->data, x->data, (size_t)x->n * iv_ek_size(x->ek));
            iv_val_clear(v);
            *v = iv_tensor_val(y);
        }
    }
    return iv_set_result(t, op, i, v);
}

static int exec_deliver(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct interp *in = t->in;
    struct ir_module *m = in->m;
    const struct deliver_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct iv_val *fv = iv_opnd(t, o, 0);
    if (fv->kind != IV_FUTURE)
        return iv_error(t, op, "operand is not a tile future");
    const struct iv_future *f = (const struct iv_future *)fv->obj;
    const struct produce_pre *pd = in->pre[f->op].data;
    struct iv_xchg *x = find_xchg(in, f->op, f->seq, f->group);
    if (!x)
        return iv_error(t, op, "no partials were posted for this future");
    /* Wait until every producer this tile depends on has posted. */
    uint32_t nprod = 0, first = UINT32_MAX;
    for (uint32_t q = 0; q < in->ncts; q++) {
        if (!produces(m, pd, q, f->group) || !depends(m, d->dep, q, t->lin, f->group))
            continue;
        if (!x->posted[q])
            return IV_BLOCK;
        nprod++;
        if (first == UINT32_MAX)
            first = q;
    }
    uint32_t np = x->nparts;
    if (!nprod)
        return iv_error(t, op, "no producer delivers to this tile");
    struct iv_val *acc = calloc(2 * np + 1, sizeof *acc);
    if (!acc)
        abort();
    int rc = IV_OK;
    if (!p->code) { /* consume: the first producer's partials */
        for (uint32_t i = 0; i < np; i++)
            iv_val_copy(&acc[i], &x->parts[(size_t)first * np + i]);
    } else {
        uint32_t nid = o->nopnd - 1;
        if (nid && nid != np)
            rc = iv_error(t, op, "%u identity values for %u partials", nid, np);
        for (uint32_t i = 0; i < nid && i < np; i++)
            iv_val_copy(&acc[i], iv_opnd(t, o, 1 + i));
        /* Ring order: this tile's own partial first, then the producers
         * below it, wrapping around (as ktir-cpu's ring delivers them). */
        uint32_t q = t->lin < in->ncts ? t->lin : in->ncts - 1;
        for (uint32_t k = 0; k < in->ncts && rc == IV_OK; k++, q = q ? q - 1 : in->ncts - 1) {
            if (!produces(m, pd, q, f->group) || !depends(m, d->dep, q, t->lin, f->group))
                continue;
            for (uint32_t i = 0; i < np; i++)
                iv_val_copy(&acc[(nid ? np : 0) + i], &x->parts[(size_t)q * np + i]);
            if (nid)
                rc = iv_run_nested(t, op, o->regs[0], acc, 2 * np, acc, np);
            nid = np; /* without identity the first partial starts the fold */
        }
    }
    for (uint32_t i = 0; i < np && rc == IV_OK; i++)
        rc = set_reshaped(t, op, i, &acc[i]);
    for (uint32_t i = 0; i < 2 * np; i++)
        iv_val_clear(&acc[i]);
    free(acc);
    if (rc == IV_OK && ++x->nconsumed == x->nholders)
        free_xchg(in, x); /* every tile holding the future has taken its result */
    return rc;
}

const struct iv_handler iv_ktdp_handlers[] = {
    {"ktdp.get_compute_tile_id", NULL, exec_tile_id, 0, false},
    {"ktdp.runtime_arg_extract", NULL, exec_runtime_arg_extract, 0, false},
    {"ktdp.construct_memory_view", prep_memory_view, exec_memory_view, 0, false},
    {"ktdp.construct_distributed_memory_view", prep_distributed_view, exec_distributed_view, 0,
     false},
    {"ktdp.construct_access_tile", prep_access_tile, exec_access_tile, 0, false},
    {"ktdp.construct_indirect_access_tile", prep_indirect_tile, exec_indirect_tile, 0, false},
    {"ktdp.load", NULL, exec_load, 0, false},
    {"ktdp.store", NULL, exec_store, 0, false},
    {"ktdp.inter_tile_produce", prep_produce, exec_produce, 0, false},
    {"ktdp.inter_tile_reduce", prep_deliver, exec_deliver, 1, true},
    {"ktdp.inter_tile_consume", prep_deliver, exec_deliver, 0, false},
    {NULL, NULL, NULL, 0, false},
};
