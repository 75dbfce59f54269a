/* access.c - ktdp.load and ktdp.store: moving a tensor between memory and an
 * access tile (direct box tiles over plain and distributed views, indirect
 * tiles through index views).
 *
 * Direct tiles copy whole runs: the innermost tile dim is one strided run in
 * memory (one memcpy when the stride is 1). Rules (ref 6.6): an element
 * whose coordinate lies outside the view's coordinate set reads as zero and
 * is not written; an element of a distributed view is served by the first
 * partition whose set holds it, and an element no partition holds is an
 * error. Element addresses outside the memory, and runs of device memory
 * not inside one array of the kernel (its arguments, the regions poked
 * in), are located errors.
 * Indirect tiles are evaluated in chunks of points: variables, affine
 * subscripts and index-view loads are computed over whole int64 vectors,
 * then elements move by runs of consecutive addresses.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"

/* Checks that device memory's bytes [lo, hi) (a run of elements an access
 * moves: only those inside its view's set) lie in one of the kernel's
 * arrays: an argument, or a poked region. A view reaching past its array
 * (a launch-time size larger than the array given) would read or write
 * another array's bytes, or memory no array holds. */
static int check_arrays(struct iv_ct *t, ir_op op, int64_t lo, int64_t hi)
{
    const struct iv_mem *mm = &t->in->mem;
    const struct iv_region *r = iv_mem_region_of(mm, lo);
    if (r && hi <= r->end)
        return IV_OK;
    const struct iv_region *b = r ? r : iv_mem_region_before(mm, lo);
    char what[96] = "a region poked in";
    if (b && b->arg >= 0)
        snprintf(what, sizeof what, "argument '%s'", interp_arg_name(t->in, (uint32_t)b->arg));
    if (!b)
        return iv_error(t, op,
                        "out-of-bounds access: bytes %" PRId64 " to %" PRId64
                        " of device memory lie outside every array of the kernel",
                        lo, hi);
    return iv_error(t, op,
                    "out-of-bounds access: bytes %" PRId64 " to %" PRId64
                    " of device memory run past the end of %s (bytes %" PRId64 " to %" PRId64
                    "): a view reaches past its array",
                    lo, hi, what, b->at, b->end);
}

/* Checks the element run [a, a + (n-1)*st] (element addresses) of view v. */
static int check_run(struct iv_ct *t, ir_op op, const struct iv_view *v, int64_t a, int64_t st,
                     int64_t n)
{
    int64_t es = (int64_t)iv_ek_size(v->ek);
    int64_t lo = st < 0 ? a + st * (n - 1) : a, hi = st < 0 ? a : a + st * (n - 1);
    if (lo >= 0 && hi < INT64_MAX / es &&
        iv_mem_in_range(&t->in->mem, v->space, v->core, lo * es, (hi - lo + 1) * es))
        return v->space == INTERP_DEVMEM && t->in->mem.nregions
                   ? check_arrays(t, op, lo * es, (hi + 1) * es)
                   : IV_OK;
    int64_t bad = lo < 0 ? lo : hi;
    if (v->space == INTERP_DEVMEM)
        return iv_error(t, op,
                        "out-of-bounds access: element address %" PRId64 " (byte %" PRId64
                        ") is outside the %" PRIu64 "-byte device memory",
                        bad, bad * es, t->in->mem.dev_bytes);
    return iv_error(t, op,
                    "out-of-bounds access: element address %" PRId64 " (byte %" PRId64
                    ") is outside the %" PRIu64 "-byte scratchpad of core %u",
                    bad, bad * es, t->in->mem.sp_bytes, v->core);
}

/* ---- direct tiles ------------------------------------------------------------ */

/* The box of view coordinates a direct tile covers. */
static void tile_box(const struct iv_tile *tile, int64_t *lo, int64_t *hi)
{
    for (uint32_t j = 0; j < tile->rank; j++) {
        uint32_t k = tile->perm[j];
        lo[k] = tile->base[k];
        hi[k] = tile->base[k] + tile->shape[j] - 1;
    }
}

static bool intersect(uint32_t r, const int64_t *alo, const int64_t *ahi, const int64_t *blo,
                      const int64_t *bhi, int64_t *lo, int64_t *hi)
{
    for (uint32_t k = 0; k < r; k++) {
        lo[k] = alo[k] > blo[k] ? alo[k] : blo[k];
        hi[k] = ahi[k] < bhi[k] ? ahi[k] : bhi[k];
        if (lo[k] > hi[k])
            return false;
    }
    return true;
}

/* Moves the part of the tile inside the view-coordinate box [lo, hi] between
 * the tensor data and partition view pv, whose coordinate `origin` is its
 * local zero. mask (distributed views): one byte per tile element, set once
 * an element has been served; served elements are skipped. */
static int copy_box(struct iv_ct *t, ir_op op, const struct iv_tile *tile,
                    const struct iv_view *pv, const int64_t *origin, const int64_t *lo,
                    const int64_t *hi, uint8_t *data, uint8_t *mask, bool store)
{
    uint32_t r = tile->rank;
    size_t es = iv_ek_size(pv->ek);
    int64_t tlo[IV_MAXR], tn[IV_MAXR], tstr[IV_MAXR], mstr[IV_MAXR], idx[IV_MAXR];
    int64_t a0 = pv->offset, p0 = 0, s = 1;
    for (int j = (int)r - 1; j >= 0; j--) {
        uint32_t k = tile->perm[j];
        tlo[j] = lo[k] - tile->base[k];
        tn[j] = hi[k] - lo[k] + 1;
        tstr[j] = s;
        s *= tile->shape[j];
        mstr[j] = pv->strides[k];
        a0 += (lo[k] - origin[k]) * pv->strides[k];
        p0 += tlo[j] * tstr[j];
    }
    int64_t inner = r ? tn[r - 1] : 1, ist = r ? mstr[r - 1] : 0;
    int64_t outer = 1;
    for (uint32_t j = 0; j + 1 < r; j++) {
        outer *= tn[j];
        idx[j] = 0;
    }
    struct iv_mem *mm = &t->in->mem;
    int64_t a = a0, pos = p0;
    for (int64_t o = 0; o < outer; o++) {
        if (check_run(t, op, pv, a, ist, inner))
            return IV_ERR;
        uint8_t *d = data + (size_t)pos * es;
        uint8_t *mk = mask ? mask + pos : NULL;
        if (mk && memchr(mk, 1, (size_t)inner)) { /* partly served: element by element */
            for (int64_t i = 0; i < inner; i++) {
                if (mk[i])
                    continue;
                int64_t ea = (a + i * ist) * (int64_t)es;
                if (store)
                    iv_mem_write(mm, pv->space, pv->core, ea, d + (size_t)i * es, (int64_t)es);
                else
                    iv_mem_read(mm, pv->space, pv->core, ea, d + (size_t)i * es, (int64_t)es);
                mk[i] = 1;
            }
        } else {
            if (store)
                iv_mem_scatter(mm, pv->space, pv->core, a * (int64_t)es, ist * (int64_t)es, es,
                               inner, d);
            else
                iv_mem_gather(mm, pv->space, pv->core, a * (int64_t)es, ist * (int64_t)es, es,
                              inner, d);
            if (mk)
                memset(mk, 1, (size_t)inner);
        }
        /* Next outer position (odometer over tile dims 0..r-2). */
        for (int j = (int)r - 2; j >= 0; j--) {
            a += mstr[j];
            pos += tstr[j];
            if (++idx[j] < tn[j])
                break;
            a -= mstr[j] * tn[j];
            pos -= tstr[j] * tn[j];
            idx[j] = 0;
        }
    }
    return IV_OK;
}

/* Whether view coordinate c is in v's coordinate set. */
static bool in_view_set(const struct ir_module *m, const struct iv_view *v, const int64_t *c)
{
    if (!v->box)
        return ir_set_contains(m, v->set, c, v->syms);
    for (uint32_t k = 0; k < v->rank; k++)
        if (c[k] < v->lo[k] || c[k] > v->hi[k])
            return false;
    return true;
}

/* Element by element, for what the box paths cannot do: a view whose set is
 * not a box, an access tile whose set is not a box (its bounding box, with
 * the points outside the set masked), or both over a distributed view. */
static int copy_general(struct iv_ct *t, ir_op op, const struct iv_tile *tile, uint8_t *data,
                        bool store)
{
    const struct ir_module *m = t->in->m;
    const struct iv_view *v = tile->view;
    uint32_t r = tile->rank;
    size_t es = iv_ek_size(v->ek);
    int64_t n = 1, tpos[IV_MAXR] = {0}, c[IV_MAXR], rel[IV_MAXR], local[IV_MAXR];
    for (uint32_t j = 0; j < r; j++)
        n *= tile->shape[j];
    for (int64_t p = 0; p < n; p++) {
        for (uint32_t j = 0; j < r; j++)
            c[tile->perm[j]] = tile->base[tile->perm[j]] + tpos[j];
        for (uint32_t k = 0; k < r; k++)
            rel[k] = c[k] - tile->x[k];
        bool in_tile = !tile->set || ir_set_contains(m, tile->set, rel, tile->syms);
        const struct iv_view *pv = NULL;
        for (uint32_t i = 0; in_tile && i < (v->nparts ? v->nparts : 1) && !pv; i++) {
            const struct iv_view *cand = v->nparts ? v->parts[i] : v;
            if (in_view_set(m, cand, c))
                pv = cand;
        }
        if (in_tile && !pv && v->nparts) {
            char buf[256];
            int len = 0;
            for (uint32_t k = 0; k < r; k++)
                len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%" PRId64, k ? ", " : "",
                                c[k]);
            return iv_error(t, op, "coordinate (%s) of the access tile is in no partition of "
                                   "the distributed view", buf);
        }
        if (pv) {
            for (uint32_t k = 0; k < r; k++)
                local[k] = c[k] - (v->nparts ? pv->lo[k] : 0);
            int64_t a = pv->offset;
            for (uint32_t k = 0; k < r; k++)
                a += local[k] * pv->strides[k];
            if (check_run(t, op, pv, a, 1, 1))
                return IV_ERR;
            if (store)
                iv_mem_write(&t->in->mem, pv->space, pv->core, a * (int64_t)es,
                             data + (size_t)p * es, (int64_t)es);
            else
                iv_mem_read(&t->in->mem, pv->space, pv->core, a * (int64_t)es,
                            data + (size_t)p * es, (int64_t)es);
        }
        for (int j = (int)r - 1; j >= 0; j--) {
            if (++tpos[j] < tile->shape[j])
                break;
            tpos[j] = 0;
        }
    }
    return IV_OK;
}

static int move_direct(struct iv_ct *t, ir_op op, const struct iv_tile *tile, uint8_t *data,
                       int64_t n, bool store)
{
    const struct iv_view *v = tile->view;
    uint32_t r = tile->rank;
    int64_t lo[IV_MAXR], hi[IV_MAXR], sl[IV_MAXR], sh[IV_MAXR];
    if (n == 0)
        return IV_OK;
    tile_box(tile, lo, hi);
    bool general = tile->set != 0;
    for (uint32_t i = 0; i < v->nparts; i++)
        general = general || !v->parts[i]->box;
    if (general || (!v->nparts && !v->box))
        return copy_general(t, op, tile, data, store);
    if (!v->nparts) {
        int64_t zero[IV_MAXR] = {0};
        if (!intersect(r, lo, hi, v->lo, v->hi, sl, sh))
            return IV_OK; /* wholly outside the set: masked */
        return copy_box(t, op, tile, v, zero, sl, sh, data, NULL, store);
    }
    uint8_t *mask = calloc((size_t)n, 1);
    if (!mask)
        abort();
    int rc = IV_OK;
    for (uint32_t i = 0; i < v->nparts && rc == IV_OK; i++) {
        const struct iv_view *pv = v->parts[i];
        if (intersect(r, lo, hi, pv->lo, pv->hi, sl, sh))
            rc = copy_box(t, op, tile, pv, pv->lo, sl, sh, data, mask, store);
    }
    const uint8_t *gap = rc == IV_OK ? memchr(mask, 0, (size_t)n) : NULL;
    if (gap) {
        int64_t p = gap - mask, c[IV_MAXR];
        for (int j = (int)r - 1; j >= 0; j--) {
            c[tile->perm[j]] = tile->base[tile->perm[j]] + p % tile->shape[j];
            p /= tile->shape[j];
        }
        char buf[256];
        int len = 0;
        for (uint32_t k = 0; k < r; k++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%" PRId64, k ? ", " : "", c[k]);
        rc = iv_error(t, op, "coordinate (%s) of the access tile is in no partition of the "
                             "distributed view", buf);
    }
    free(mask);
    return rc;
}

/* ---- indirect tiles --------------------------------------------------------- */

#define PCHUNK 4096

/* Evaluates e over n points: dims[d] is a vector of n values, or NULL for a
 * dim fixed at fixed[d]. */
static void aff_vec(const struct ir_module *m, ir_aff e, int64_t *const *dims,
                    const int64_t *fixed, int64_t n, int64_t *out, bool *ok)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_CONST:
        for (int64_t i = 0; i < n; i++)
            out[i] = x->v;
        return;
    case IR_AFF_DIM:
        if (dims[x->v])
            memcpy(out, dims[x->v], (size_t)n * sizeof *out);
        else
            for (int64_t i = 0; i < n; i++)
                out[i] = fixed[x->v];
        return;
    case IR_AFF_SYM:
        *ok = false;
        return;
    default: break;
    }
    int64_t *b = malloc((size_t)n * sizeof *b);
    if (!b)
        abort();
    aff_vec(m, x->lhs, dims, fixed, n, out, ok);
    aff_vec(m, x->rhs, dims, fixed, n, b, ok);
    switch (x->kind) {
    case IR_AFF_ADD:
        for (int64_t i = 0; i < n; i++)
            out[i] += b[i];
        break;
    case IR_AFF_MUL:
        for (int64_t i = 0; i < n; i++)
            out[i] *= b[i];
        break;
    default:
        for (int64_t i = 0; i < n; i++) {
            int64_t p = out[i], q = b[i];
            if (q == 0) {
                *ok = false;
                out[i] = 0;
                continue;
            }
            int64_t fl = p / q - ((p % q != 0) && ((p < 0) != (q < 0)));
            if (x->kind == IR_AFF_FLOORDIV)
                out[i] = fl;
            else if (x->kind == IR_AFF_MOD)
                out[i] = p - fl * q;
            else
                out[i] = p / q + ((p % q != 0) && ((p < 0) == (q < 0)));
        }
    }
    free(b);
}

/* Reads n integer elements of view v at element addresses addr[] into out. */
static int read_indices(struct iv_ct *t, ir_op op, const struct iv_view *v, const int64_t *addr,
                        int64_t n, int64_t *out)
{
    size_t es = iv_ek_size(v->ek);
    uint8_t buf[8];
    struct iv_tensor one = {.ek = v->ek, .data = buf};
    for (int64_t i = 0; i < n; i++) {
        if (check_run(t, op, v, addr[i], 1, 1))
            return IV_ERR;
        iv_mem_read(&t->in->mem, v->space, v->core, addr[i] * (int64_t)es, buf, (int64_t)es);
        out[i] = iv_get_i(&one, 0);
    }
    return IV_OK;
}

/* Element address of view v (plain) at coordinates c[k][i] for n points;
 * in_set[i] cleared where the coordinate is outside v's set. */
static void view_addrs(const struct ir_module *m, const struct iv_view *v, int64_t *const *c,
                       int64_t n, int64_t *addr, uint8_t *in_set)
{
    for (int64_t i = 0; i < n; i++) {
        addr[i] = v->offset;
        in_set[i] = 1;
    }
    for (uint32_t k = 0; k < v->rank; k++)
        for (int64_t i = 0; i < n; i++) {
            addr[i] += c[k][i] * v->strides[k];
            if (v->box && (c[k][i] < v->lo[k] || c[k][i] > v->hi[k]))
                in_set[i] = 0;
        }
    if (!v->box) {
        int64_t pt[IV_MAXR];
        for (int64_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < v->rank; k++)
                pt[k] = c[k][i];
            in_set[i] = ir_set_contains(m, v->set, pt, v->syms);
        }
    }
}

static int move_indirect(struct iv_ct *t, ir_op op, const struct iv_tile *tile, uint8_t *data,
                         int64_t n, bool store)
{
    const struct ir_module *m = t->in->m;
    const struct iv_indirect *ind = tile->ind;
    const struct iv_view *v = tile->view;
    uint32_t r = tile->rank, nv = ind->nvars, nd = v->rank;
    size_t es = iv_ek_size(v->ek);
    if (v->nparts)
        return iv_error(t, op, "indirect access tiles over distributed views are not supported");
    /* One block of scratch vectors: variables, coordinates, index subscripts, addresses. */
    int64_t *buf = malloc((size_t)PCHUNK * sizeof *buf * (nv + nd + IV_MAXR + 2));
    uint8_t *in_set = malloc(PCHUNK);
    if (!buf || !in_set)
        abort();
    int64_t *dims[IV_MAXR + 64] = {0}, *coord[IV_MAXR], *sub[IV_MAXR];
    int64_t *addr = buf + (size_t)PCHUNK * (nv + nd + IV_MAXR), *tmp = addr + PCHUNK;
    int64_t fixed[IV_MAXR + 64] = {0};
    if (ind->ncap + nv > IV_MAXR + 64) {
        free(buf);
        free(in_set);
        return iv_error(t, op, "too many captured values");
    }
    for (uint32_t i = 0; i < ind->ncap; i++)
        fixed[i] = ind->cap[i];
    for (uint32_t d = 0; d < nv; d++)
        dims[ind->ncap + d] = buf + (size_t)PCHUNK * d;
    for (uint32_t k = 0; k < nd; k++)
        coord[k] = buf + (size_t)PCHUNK * (nv + k);
    for (uint32_t k = 0; k < IV_MAXR; k++)
        sub[k] = buf + (size_t)PCHUNK * (nv + nd + k);
    int rc = IV_OK;
    int64_t tpos[IV_MAXR] = {0};
    for (int64_t p0 = 0; p0 < n && rc == IV_OK; p0 += PCHUNK) {
        int64_t c = n - p0 < PCHUNK ? n - p0 : PCHUNK;
        /* Variables of tile positions p0.. (row-major over the tile shape). */
        for (int64_t i = 0; i < c; i++) {
            for (uint32_t j = 0; j < r; j++)
                dims[ind->ncap + tile->perm[j]][i] = ind->lo[tile->perm[j]] + tpos[j];
            for (int j = (int)r - 1; j >= 0; j--) {
                if (++tpos[j] < tile->shape[j])
                    break;
                tpos[j] = 0;
            }
        }
        bool ok = true;
        for (uint32_t k = 0; k < nd && rc == IV_OK; k++) {
            const struct iv_ind_dim *dk = &ind->dims[k];
            if (!dk->idx) {
                aff_vec(m, dk->expr, dims, fixed, c, coord[k], &ok);
                continue;
            }
            for (uint32_t s = 0; s < dk->nsub; s++)
                aff_vec(m, dk->sub[s], dims, fixed, c, sub[s], &ok);
            view_addrs(m, dk->idx, sub, c, tmp, in_set);
            for (int64_t i = 0; i < c; i++)
                if (!in_set[i]) {
                    rc = iv_error(t, op, "index view read at a coordinate outside its set");
                    break;
                }
            if (rc == IV_OK)
                rc = read_indices(t, op, dk->idx, tmp, c, coord[k]);
            for (int64_t i = 0; rc == IV_OK && i < c; i++)
                if (coord[k][i] < 0)
                    rc = iv_error(t, op, "negative index %" PRId64 " loaded for dimension %u",
                                  coord[k][i], k);
        }
        if (rc != IV_OK)
            break;
        if (!ok) {
            rc = iv_error(t, op, "division by zero in a subscript");
            break;
        }
        view_addrs(m, v, coord, c, addr, in_set);
        /* Move elements in runs of consecutive in-set addresses. */
        for (int64_t i = 0; i < c && rc == IV_OK;) {
            if (!in_set[i]) {
                i++;
                continue;
            }
            int64_t j = i + 1;
            while (j < c && in_set[j] && addr[j] == addr[j - 1] + 1)
                j++;
            rc = check_run(t, op, v, addr[i], 1, j - i);
            if (rc == IV_OK) {
                uint8_t *d = data + (size_t)(p0 + i) * es;
                int64_t ba = addr[i] * (int64_t)es, nb = (j - i) * (int64_t)es;
                if (store)
                    iv_mem_write(&t->in->mem, v->space, v->core, ba, d, nb);
                else
                    iv_mem_read(&t->in->mem, v->space, v->core, ba, d, nb);
            }
            i = j;
        }
    }
    free(buf);
    free(in_set);
    return rc;
}

/* ---- entry points -------------------------------------------------------------- */

static int check_tensor(struct iv_ct *t, ir_op op, const struct iv_tile *tile,
                        const struct iv_tensor *x)
{
    int64_t n = 1;
    for (uint32_t j = 0; j < tile->rank; j++)
        n *= tile->shape[j];
    if (x->n != n) {
        char shape[128];
        int len = 0;
        for (uint32_t j = 0; j < tile->rank; j++)
            len += snprintf(shape + len, sizeof shape - (size_t)len, "%s%" PRId64, j ? "x" : "",
                            tile->shape[j]);
        return iv_error(t, op,
                        "tensor of %" PRId64 " elements for an access tile of %" PRId64
                        " (its set spans %s)",
                        x->n, n, tile->rank ? shape : "a point");
    }
    if (x->ek != tile->view->ek)
        return iv_error(t, op, "tensor element type %s differs from the memory's %s",
                        interp_dtype_name(x->ek), interp_dtype_name(tile->view->ek));
    return IV_OK;
}

int iv_load(struct iv_ct *t, ir_op op, const struct iv_tile *tile, struct iv_tensor *dst)
{
    if (check_tensor(t, op, tile, dst))
        return IV_ERR;
    if (tile->ind)
        return move_indirect(t, op, tile, dst->data, dst->n, false);
    return move_direct(t, op, tile, dst->data, dst->n, false);
}

int iv_store(struct iv_ct *t, ir_op op, const struct iv_tile *tile, const struct iv_tensor *src)
{
    if (check_tensor(t, op, tile, src))
        return IV_ERR;
    if (tile->ind)
        return move_indirect(t, op, tile, src->data, src->n, true);
    return move_direct(t, op, tile, src->data, src->n, true);
}
