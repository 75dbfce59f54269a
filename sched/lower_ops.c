/* lower_ops.c - ktc-lower's stages (lower.h "Stages"): transfers become
 * agen address generators, FIFO sends and receives; compute becomes
 * vectorchain operations on whole FIFO slots; loops inside stages and
 * around them are cloned with their bounds.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/common.h"
#include "ktir/numeric.h"
#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/lower_int.h"

/* The program memo's tag for tensors turned into vectors (lower_value.c
 * uses 0..2). */
enum { P_VEC = 3 };

/* ---- small builders ---------------------------------------------------------- */

static ir_type vector_of(struct ir_module *m, int64_t n, ir_type elem)
{
    return ir_type_shaped(m, IR_TY_VECTOR, 1, &n, elem);
}

static ir_attr vc_attr(struct ir_module *m, const char *what, const char *name)
{
    char body[64];
    snprintf(body, sizeof body, "%s %s", what, name);
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                                    .s = ir_str_c(m, "vectorchain"),
                                                    .body = ir_str_c(m, body)});
}

/* The box of sizes n[0..r) from the origin: d == 0 for a size 1, else
 * 0 <= d <= n - 1; the one-point set (d0 == 0) when r == 0. */
static ir_attr box_set(struct ir_module *m, uint32_t r, const int64_t *n)
{
    ir_aff cons[2 * LW_MAX_RANK + 1];
    bool eq[2 * LW_MAX_RANK + 1];
    uint32_t k = 0;
    for (uint32_t i = 0; i < r; i++) {
        ir_aff d = ir_aff_dim(m, i);
        if (n[i] == 1) {
            cons[k] = d;
            eq[k++] = true;
            continue;
        }
        cons[k] = d;
        eq[k++] = false;
        cons[k] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, d, ir_aff_const(m, -1)),
                             ir_aff_const(m, n[i] - 1));
        eq[k++] = false;
    }
    if (!r) {
        cons[k] = ir_aff_dim(m, 0);
        eq[k++] = true;
        r = 1;
    }
    return ir_attr_integer_set(m, ir_set_intern(m, r, 0, k, cons, eq));
}

/* The set of a vector load or store: one dimension per view coordinate, none
 * for a rank-0 view (box_set's one point is for time sets). */
static ir_attr view_set(struct ir_module *m, uint32_t r, const int64_t *n)
{
    return r ? box_set(m, r, n) : ir_attr_integer_set(m, ir_set_intern(m, 0, 0, 0, NULL, NULL));
}

static ir_attr identity_map(struct ir_module *m, uint32_t r)
{
    ir_aff res[LW_MAX_RANK];
    for (uint32_t i = 0; i < r; i++)
        res[i] = ir_aff_dim(m, i);
    return ir_attr_affine_map(m, ir_map_intern(m, r, 0, r, res));
}

static ir_value emit1(struct lw *lw, struct ir_op_state *st)
{
    struct lw_prog *p = &lw->p;
    if (!p->at_start)
        return ir_op_get(lw->m, lw_append(lw, p->cur, st))->res;
    /* at the start of the stage, after what was put there before */
    ir_op op = ir_op_create(lw->m, st);
    ir_op next = p->smark ? ir_op_get(lw->m, p->smark)->next : ir_block_get(lw->m, p->sblock)->first;
    if (next)
        ir_op_insert_before(lw->m, next, op);
    else
        ir_block_append_op(lw->m, p->sblock, op);
    p->smark = op;
    return ir_op_get(lw->m, op)->res;
}

/* ---- loops --------------------------------------------------------------------- */

/* Makes the body of the new loop `opener` current, one level deeper. */
static void open_block(struct lw *lw, ir_block body, ir_op opener)
{
    struct lw_prog *p = &lw->p;
    if (p->nopen && p->open[p->nopen - 1] == p->cur && p->nopen < LW_MAX_DEPTH) {
        p->open[p->nopen] = body;
        p->opener[p->nopen++] = opener;
    }
    p->cur = body;
}

/* A new scf.for from bounds[0] to bounds[1] by bounds[2], with the ninit
 * iter_args init (its results of their types), at the end of the current
 * block; its body (one block, its IV an index argument named ivname; the
 * iter_args' arguments are the caller's to add) made current, one level
 * deeper, after *mark is set to the scope mark of its memo entries. */
static ir_op new_loop(struct lw *lw, struct ir_loc loc, const ir_value *bounds,
                      const ir_value *init, uint32_t ninit, ir_str ivname, ir_block *body,
                      ir_value *niv, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    ir_region r = ir_region_new(m);
    *body = ir_block_new(m);
    ir_region_append_block(m, r, *body);
    *niv = ir_block_add_arg(m, *body, m->t_index, ivname);
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", loc);
    for (int i = 0; i < 3; i++)
        ir_state_add_operand(m, &st, bounds[i]);
    for (uint32_t i = 0; i < ninit; i++) {
        ir_state_add_operand(m, &st, init[i]);
        ir_state_add_result(m, &st, ir_value_type(m, init[i]));
    }
    ir_state_add_region(m, &st, r);
    ir_op nl = lw_append(lw, lw->p.cur, &st);
    *mark = lw_scope_mark(lw);
    open_block(lw, *body, nl);
    return nl;
}

ir_op lw_open_loop_carrying(struct lw *lw, ir_op loop, uint32_t inst, const ir_value *init,
                            uint32_t n, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, loop);
    ir_value b[3];
    for (int i = 0; i < 3; i++)
        if (!(b[i] = lw_value(lw, o->opnd[i], inst, loop)))
            return IR_NONE;
    ir_value iv = ir_block_get(m, lw_body(m, loop, 0))->args[0], niv;
    ir_block body;
    ir_op nl = new_loop(lw, o->loc, b, init, n, ir_value_get(m, iv)->name, &body, &niv, mark);
    for (uint32_t i = 0; i < n; i++)
        ir_block_add_arg(m, body, m->t_index, ir_str_c(m, "count"));
    lw_memo_put(lw, iv, inst, 0, niv, true);
    return nl;
}

ir_op lw_open_loop(struct lw *lw, ir_op loop, uint32_t inst, uint32_t *mark)
{
    return lw_open_loop_carrying(lw, loop, inst, NULL, 0, mark);
}

ir_op lw_open_parallel(struct lw *lw, ir_op par, uint32_t inst, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, par);
    const struct ir_block_info *bi = ir_block_get(m, lw_body(m, par, 0));
    if (o->nopnd != 3) {
        lw_error(lw, par, "a ktdf.parallel of %u dimensions is not supported yet", o->nopnd / 3);
        return IR_NONE;
    }
    int64_t nl = ir_attr_get(m, ir_op_attr(m, par, "num_instances"))->i;
    uint32_t n = lw->p.nunits;
    ir_value *lo = malloc(3 * n * sizeof *lo), *hi = lo + n, *st = hi + n;
    ir_value *lane = malloc(n * sizeof *lane);
    if (!lo || !lane)
        abort();
    bool ok = true;
    for (uint32_t u = 0; u < n && ok; u++) {
        int64_t b[3];
        for (int i = 0; i < 3 && ok; i++)
            ok = lw_eval(lw, o->opnd[i], inst, u % lw->ncores, &b[i]);
        if (!ok)
            break;
        /* block distribution: ceil(T / N) iterations each, the last the rest */
        int64_t l = u / lw->ncores,
                t = b[2] > 0 && b[1] > b[0] ? (b[1] - b[0] + b[2] - 1) / b[2] : 0;
        int64_t chunk = (t + nl - 1) / nl, first = l * chunk < t ? l * chunk : t;
        int64_t last = first + chunk < t ? first + chunk : t;
        lo[u] = lw_const(lw, b[0] + first * b[2]);
        hi[u] = lw_const(lw, b[0] + last * b[2]);
        st[u] = lw_const(lw, b[2]);
        lane[u] = lw_const(lw, l);
    }
    ir_op nl_op = IR_NONE;
    if (!ok) {
        lw_error(lw, par,
                 "a ktdf.parallel whose bounds are known only at launch is not "
                 "supported yet");
    } else {
        ir_value v[3] = {lw_per_unit(lw, lo), lw_per_unit(lw, hi), lw_per_unit(lw, st)};
        ir_value id = lw_per_unit(lw, lane), niv;
        ir_block body;
        nl_op = new_loop(lw, o->loc, v, NULL, 0, ir_value_get(m, bi->args[0])->name, &body, &niv,
                         mark);
        lw_memo_put(lw, bi->args[0], inst, 0, niv, true);
        lw_memo_put(lw, bi->args[1], inst, 0, id, true);
    }
    free(lo);
    free(lane);
    return nl_op;
}

ir_op lw_open_guard(struct lw *lw, ir_op op, uint32_t home, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    uint32_t n = lw->p.nunits;
    ir_value *hi = malloc(n * sizeof *hi);
    if (!hi)
        abort();
    /* units are listed corelet by corelet: corelet 0's come first */
    for (uint32_t u = 0; u < n; u++)
        hi[u] = lw_const(lw, u / lw->ncores == home);
    ir_value b[3] = {lw_const(lw, 0), lw_per_unit(lw, hi), lw_const(lw, 1)}, niv;
    free(hi);
    ir_block body;
    return new_loop(lw, ir_op_get(m, op)->loc, b, NULL, 0, ir_str_c(m, "lane0"), &body, &niv, mark);
}

void lw_close_loop(struct lw *lw, ir_op newloop, ir_block outer)
{
    struct ir_op_state st;
    ir_op last = ir_block_get(lw->m, lw->p.cur)->last;
    ir_state_init(&st, lw->m, "scf.yield", ir_op_get(lw->m, newloop)->loc);
    if (!last || ir_op_get(lw->m, last)->kind != IR_OP_SCF_YIELD)
        lw_append(lw, lw->p.cur, &st);
    if (lw->p.nopen > 1 && lw->p.open[lw->p.nopen - 1] == lw->p.cur)
        lw->p.nopen--;
    lw->p.cur = outer;
}

/* ---- transfers ------------------------------------------------------------------- */

/* One side of a ktdf.data_transfer: the value, its subscripts, its map and
 * static sizes. */
struct side {
    ir_value v;
    const ir_value *subs;
    uint32_t nsub, ndyn;
    bool fifo;
    const struct ir_affine_map *map;
    uint32_t rank;
    const int64_t *sizes;
};

static void sides_of(const struct ir_module *m, ir_op op, struct side s[2])
{
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[6];
    ir_segments(m, op, 6, seg);
    static const char *const maps[] = {"source_map", "dest_map"};
    static const char *const sizes[] = {"static_source_sizes", "static_dest_sizes"};
    uint32_t first = 0;
    for (int i = 0; i < 2; i++) {
        struct side *x = &s[i];
        x->v = o->opnd[first];
        x->subs = o->opnd + first + 1;
        x->nsub = seg[3 * i + 1];
        x->ndyn = seg[3 * i + 2];
        x->fifo = ir_type_get(m, ir_value_type(m, x->v))->kind == IR_TY_FIFO_SLOT;
        ir_attr a = ir_op_attr(m, op, maps[i]);
        x->map = a ? ir_map_get(m, ir_attr_get(m, a)->map) : NULL;
        a = ir_op_attr(m, op, sizes[i]);
        x->rank = a ? ir_attr_get(m, a)->n : 0;
        x->sizes = a ? ir_attr_get(m, a)->ints : NULL;
        first += 1 + x->nsub + x->ndyn;
    }
}

static int64_t numel(uint32_t r, const int64_t *n)
{
    int64_t p = 1;
    for (uint32_t i = 0; i < r; i++)
        p *= n[i];
    return p;
}

/* The program's indices of a memref side: its map's results. */
static bool side_indices(struct lw *lw, ir_op op, uint32_t inst, const struct side *s,
                         ir_value *idx)
{
    for (uint32_t i = 0; i < s->map->nres; i++) {
        ir_value src = lw_index_of(lw, op, s->map->res[i], s->subs);
        if (!(idx[i] = lw_value(lw, src, inst, op)))
            return false;
    }
    return true;
}

/* The unit kind node a FIFO end names, checked against the device. */
static uint32_t fifo_end(struct lw *lw, ir_op op, ir_attr a)
{
    const struct ir_attr_info *ai = a ? ir_attr_get(lw->m, a) : NULL;
    uint32_t k = ai && ai->kind == IR_AT_STRING ? arch_kind_find(lw->dev, ir_str_get(lw->m, ai->s))
                                                : ARCH_NONE;
    if (k == ARCH_NONE || lw->dev->kinds[k].node != ARCH_UNIT) {
        lw_error(lw, op,
                 "a FIFO end must name an execution unit of device @%s (ktc-path-expand "
                 "routes FIFOs)",
                 lw->dev->name);
        return ARCH_NONE;
    }
    return k;
}

/* The FIFO of slot type t as seen by the current program: the peer at its
 * other end and the datapath's depth. send: the program is its source. */
static bool fifo_peer(struct lw *lw, ir_op op, ir_type t, bool send, ir_value *peer, int64_t *depth)
{
    const struct ir_type_info *ti = ir_type_get(lw->m, t);
    uint32_t src = fifo_end(lw, op, ti->attr0), dst;
    if (src == ARCH_NONE || (dst = fifo_end(lw, op, ti->attr1)) == ARCH_NONE)
        return false;
    uint32_t self = lw->kinds[lw->p.kind].kind, mine = send ? src : dst;
    if (mine != self)
        return lw_error(lw, op, "this FIFO %s %s, but the stage runs on %s",
                        send ? "comes from" : "goes to", lw->dev->kinds[mine].name,
                        lw->dev->kinds[self].name);
    uint32_t link = arch_edge_link(lw->dev, src, dst);
    *depth = link != ARCH_NONE ? lw->dev->links[link].depth : 0;
    if (link == ARCH_NONE)
        return lw_error(lw, op, "no datapath from %s to %s in device @%s", lw->dev->kinds[src].name,
                        lw->dev->kinds[dst].name, lw->dev->name);
    uint32_t other = lw_kind_of(lw, send ? dst : src);
    if (other < lw->nkinds && lw->kinds[other].ncl != lw->kinds[lw->p.kind].ncl)
        return lw_error(lw, op,
                        "a FIFO between a unit on every corelet and one on a single "
                        "corelet is not supported yet");
    *peer = lw_peer(lw, send ? dst : src, 0);
    return true;
}

static bool send(struct lw *lw, ir_op op, ir_type slot, ir_value vec)
{
    struct ir_module *m = lw->m;
    ir_value peer;
    int64_t depth;
    if (!fifo_peer(lw, op, slot, true, &peer, &depth))
        return false;
    struct ir_op_state st;
    ir_state_init(&st, m, "dataflow.send", ir_op_get(m, op)->loc);
    ir_state_add_operand(m, &st, peer);
    ir_state_add_operand(m, &st, vec);
    ir_state_set_attr(m, &st, "fifo_depth", ir_attr_int(m, depth, m->t_i64));
    lw_append(lw, lw->p.cur, &st);
    return true;
}

static ir_value receive(struct lw *lw, ir_op op, ir_type slot)
{
    struct ir_module *m = lw->m;
    ir_value peer;
    int64_t depth;
    if (!fifo_peer(lw, op, slot, false, &peer, &depth))
        return IR_NONE;
    const struct ir_type_info *ti = ir_type_get(m, slot);
    struct ir_op_state st;
    ir_state_init(&st, m, "dataflow.receive", ir_op_get(m, op)->loc);
    ir_state_add_operand(m, &st, peer);
    ir_state_set_attr(m, &st, "fifo_depth", ir_attr_int(m, depth, m->t_i64));
    ir_state_add_result(m, &st, vector_of(m, ti->shape[0], ti->elem));
    return emit1(lw, &st);
}

/* A memory-to-memory transfer: one composite load-and-store. */
static bool lower_dma(struct lw *lw, ir_op op, uint32_t inst, const struct side s[2])
{
    struct ir_module *m = lw->m;
    /* W contiguous elements per step (the innermost size but for trailing
     * unit dims, e[i], on both sides: a column of 64 staged as 64 x 1);
     * every outer dim of size > 1 is a time dim, the same sizes in the same
     * order on both sides (unit dims may differ: an expanded buffer) */
    int64_t tsz[2][LW_MAX_RANK], one[LW_MAX_RANK];
    uint32_t e[2] = {0, 0};
    for (int i = 0; i < 2; i++)
        for (e[i] = s[i].rank ? s[i].rank - 1 : 0; e[i] > 0 && s[i].sizes[e[i]] == 1; e[i]--)
            ;
    int64_t w = s[0].rank ? s[0].sizes[e[0]] : 0;
    ir_aff taddr[2][LW_MAX_RANK];
    uint32_t nt[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        uint32_t r = s[i].rank;
        if (!r || s[i].sizes[e[i]] != w)
            return lw_error(lw, op,
                            "a transfer between memrefs of different shapes is not "
                            "supported yet");
        for (uint32_t k = 0; k < r; k++) {
            taddr[i][k] = ir_aff_const(m, 0);
            if (k < e[i] && s[i].sizes[k] > 1) {
                taddr[i][k] = ir_aff_dim(m, nt[i]);
                tsz[i][nt[i]++] = s[i].sizes[k];
            }
        }
    }
    if (nt[0] != nt[1] || memcmp(tsz[0], tsz[1], nt[0] * sizeof *tsz[0]))
        return lw_error(lw, op,
                        "a transfer between memrefs of different shapes is not "
                        "supported yet");
    struct lw_view vi[2];
    ir_value view[2], idx[2][LW_MAX_RANK];
    ir_attr ring = ir_op_attr(m, op, "source_tiles");
    const struct ir_attr_info *ra = ring ? ir_attr_get(m, ring) : NULL;
    if (ra && (ra->kind != IR_AT_DENSE_ARRAY || ra->n != lw->ncores))
        return lw_error(lw, op, "a ring transfer whose source_tiles do not name one tile per "
                                "core of the grid");
    for (int i = 0; i < 2; i++) {
        lw->ring_src = ra && i == 0 ? ra->ints : NULL; /* the source: another core's memory */
        view[i] = lw_view(lw, s[i].v, inst, op, &vi[i]);
        lw->ring_src = NULL;
        if (!view[i])
            return false;
        if (vi[i].strides[e[i]] != 1 && w > 1)
            return lw_error(lw, op,
                            "a transfer whose innermost dimension is not contiguous is "
                            "not supported yet");
        if (!side_indices(lw, op, inst, &s[i], idx[i]))
            return false;
    }
    uint32_t tdims = nt[0] ? nt[0] : 1;
    struct ir_op_state st;
    ir_state_init(&st, m, "agen.composite_load_and_store", ir_op_get(m, op)->loc);
    for (int i = 0; i < 2; i++) {
        ir_state_add_operand(m, &st, view[i]);
        for (uint32_t k = 0; k < s[i].rank; k++)
            ir_state_add_operand(m, &st, idx[i][k]);
    }
    static const char *const names[2][4] = {{"load_order", "load_set", "load_time_addr_map"},
                                            {"store_order", "store_set", "store_time_addr_map"}};
    for (int i = 0; i < 2; i++) {
        uint32_t r = s[i].rank;
        for (uint32_t k = 0; k < r; k++)
            one[k] = k == e[i] ? w : 1;
        ir_state_set_attr(m, &st, names[i][0], identity_map(m, r));
        ir_state_set_attr(m, &st, names[i][1], box_set(m, r, one));
        ir_state_set_attr(m, &st, names[i][2],
                          ir_attr_affine_map(m, ir_map_intern(m, tdims, 0, r, taddr[i])));
    }
    int64_t seg[5] = {1, s[0].rank, 1, s[1].rank, 0};
    ir_state_set_attr(m, &st, "time_order", identity_map(m, tdims));
    ir_state_set_attr(m, &st, "time_set", box_set(m, nt[0], tsz[0]));
    ir_set_segments(m, &st, 5, seg);
    ir_region reg = ir_region_new(m);
    ir_block body = ir_block_new(m);
    ir_region_append_block(m, reg, body);
    ir_block_add_arg(m, body, vector_of(m, w, vi[0].elem), IR_NONE);
    struct ir_op_state y;
    ir_state_init(&y, m, "agen.yield", st.loc);
    lw_append(lw, body, &y);
    ir_state_add_region(m, &st, reg);
    lw_append(lw, lw->p.cur, &st);
    return true;
}

/* memory -> FIFO: a vector load (splatted when asked) sent to the peer. */
static bool lower_load(struct lw *lw, ir_op op, uint32_t inst, const struct side s[2])
{
    struct ir_module *m = lw->m;
    ir_type slot = ir_value_type(m, s[1].v);
    int64_t n = ir_type_get(m, slot)->shape[0], t = numel(s[0].rank, s[0].sizes);
    bool splat = ir_ktdf_transfer_mode_is(m, op, "splat");
    if (n == IR_DYN || (splat ? t < 1 || n % t : t != n))
        return lw_error(lw, op,
                        "a transfer of %lld elements into a FIFO slot of %lld is not "
                        "supported yet",
                        (long long)t, (long long)n);
    struct lw_view vi;
    ir_value view = lw_view(lw, s[0].v, inst, op, &vi), idx[LW_MAX_RANK];
    ir_value pad = lw_pad_count(lw, op);
    if (!view || !side_indices(lw, op, inst, &s[0], idx) ||
        (pad && !(pad = lw_value(lw, pad, inst, op))))
        return false;
    struct ir_op_state st;
    ir_state_init(&st, m, "agen.vector_load", ir_op_get(m, op)->loc);
    ir_state_add_operand(m, &st, view);
    for (uint32_t k = 0; k < s[0].rank; k++)
        ir_state_add_operand(m, &st, idx[k]);
    if (pad)
        ir_state_add_operand(m, &st, pad); /* zero_pad(%count) */
    ir_state_set_attr(m, &st, "load_order", identity_map(m, s[0].rank));
    ir_state_set_attr(m, &st, "load_set", view_set(m, s[0].rank, s[0].sizes));
    ir_state_add_result(m, &st, vector_of(m, t, vi.elem));
    ir_value v = emit1(lw, &st);
    if (splat && t != n) {
        ir_attr *ix = malloc((size_t)t * sizeof *ix);
        if (!ix)
            abort();
        for (int64_t i = 0; i < t; i++)
            ix[i] = ir_attr_int(m, i, m->t_i32);
        ir_state_init(&st, m, "vectorchain.shuffle", ir_op_get(m, op)->loc);
        ir_state_add_operand(m, &st, v);
        ir_state_set_attr(m, &st, "indices", ir_attr_array(m, (uint32_t)t, ix));
        ir_state_set_attr(m, &st, "repetition", ir_attr_int(m, n / t, m->t_i32));
        ir_state_add_result(m, &st, vector_of(m, n, vi.elem));
        v = emit1(lw, &st);
        free(ix);
    }
    return send(lw, op, slot, v);
}

/* FIFO -> memory: a receive stored by a vector store. */
static bool lower_store(struct lw *lw, ir_op op, uint32_t inst, const struct side s[2])
{
    struct ir_module *m = lw->m;
    ir_type slot = ir_value_type(m, s[0].v);
    int64_t n = ir_type_get(m, slot)->shape[0], t = numel(s[1].rank, s[1].sizes);
    if (t != n)
        return lw_error(lw, op,
                        "a transfer of %lld elements out of a FIFO slot of %lld is not "
                        "supported yet",
                        (long long)t, (long long)n);
    struct lw_view vi;
    ir_value v = receive(lw, op, slot);
    ir_value view = v ? lw_view(lw, s[1].v, inst, op, &vi) : IR_NONE, idx[LW_MAX_RANK];
    if (!view || !side_indices(lw, op, inst, &s[1], idx))
        return false;
    struct ir_op_state st;
    ir_state_init(&st, m, "agen.vector_store", ir_op_get(m, op)->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_add_operand(m, &st, view);
    for (uint32_t k = 0; k < s[1].rank; k++)
        ir_state_add_operand(m, &st, idx[k]);
    ir_state_set_attr(m, &st, "store_order", identity_map(m, s[1].rank));
    ir_state_set_attr(m, &st, "store_set", view_set(m, s[1].rank, s[1].sizes));
    lw_append(lw, lw->p.cur, &st);
    return true;
}

static bool lower_transfer(struct lw *lw, ir_op op, uint32_t inst)
{
    struct side s[2];
    sides_of(lw->m, op, s);
    if (s[0].ndyn || s[1].ndyn)
        return lw_error(lw, op, "a transfer with dynamic sizes is not supported yet");
    if (s[0].fifo && s[1].fifo)
        return lw_error(lw, op, "a transfer from a FIFO to a FIFO is not supported yet");
    for (int i = 0; i < 2; i++)
        if (!s[i].fifo && (!s[i].map || s[i].map->nres != s[i].rank || s[i].rank > LW_MAX_RANK))
            return lw_error(lw, op,
                            "a memref side needs one subscript and one size per "
                            "dimension");
    if (!s[0].fifo && !s[1].fifo)
        return lower_dma(lw, op, inst, s);
    return s[1].fifo ? lower_load(lw, op, inst, s) : lower_store(lw, op, inst, s);
}

/* ---- compute ------------------------------------------------------------------ */

/* The most invariant vectors a stage makes at its start (each holds a
 * vector register all stage long). */
#define LW_MAX_INVARIANT 4

/* Emits the ops of make() into the program's prologue when the vector
 * keyed (a, b, c) is not there yet and there is room, else at the current
 * point; returns the vector. */
static ir_value invariant(struct lw *lw, uint32_t a, uint32_t b, uint32_t c, ir_value *made)
{
    ir_value v = (ir_value)lw_map_get(&lw->p.inv, a, b, c);
    *made = v;
    return v;
}

static ir_value splat_const_at(struct lw *lw, ir_op at, ir_attr value, ir_type elem, int64_t n);

/* Whether v is made in the program's body (not its prologue, not at
 * kernel level). */
static bool in_body(const struct lw *lw, ir_value v)
{
    const struct ir_module *m = lw->m;
    ir_op d = ir_value_def(m, v);
    if (!d)
        return true; /* a block argument: a loop's */
    for (ir_block b = ir_op_get(m, d)->block; b;) {
        if (b == lw->p.open[0])
            return true;
        if (!ir_block_get(m, b)->region)
            return false; /* the prologue, or a kernel-level section */
        ir_op owner = ir_region_get(m, ir_block_get(m, b)->region)->op;
        if (!owner)
            return false;
        b = ir_op_get(m, owner)->block;
    }
    return false;
}

/* A scalar constant's bits as a vector of n lanes, made once a program. */
static ir_value splat_const(struct lw *lw, ir_op at, ir_attr value, ir_type elem, int64_t n)
{
    ir_value v;
    if (invariant(lw, value, elem, (uint32_t)n << 1, &v))
        return v;
    if (lw->p.ninv == LW_MAX_INVARIANT || !lw->p.sblock)
        return splat_const_at(lw, at, value, elem, n);
    lw->p.at_start = true;
    v = splat_const_at(lw, at, value, elem, n);
    lw->p.at_start = false;
    lw_map_put(&lw->p.inv, value, elem, (uint32_t)n << 1, v);
    lw->p.ninv++;
    return v;
}

/* A scalar constant's bits as a vector of n lanes: constant_bitstream of
 * one element, splatted by a shuffle. */
static ir_value splat_const_at(struct lw *lw, ir_op at, ir_attr value, ir_type elem, int64_t n)
{
    struct ir_module *m = lw->m;
    const struct ir_attr_info *ai = ir_attr_get(m, value);
    const struct ir_type_info *et = ir_type_get(m, elem);
    uint64_t bits = (uint64_t)ai->i;
    if (ai->kind == IR_AT_FLOAT && !(ai->flags & IR_ATF_HEX))
        bits = num_double_to_bits(et->fkind, ai->f);
    uint32_t w = et->kind == IR_TY_INDEX ? 64 : et->width;
    if (w < 64)
        bits &= (UINT64_C(1) << w) - 1;
    ir_attr one = ir_attr_int(m, (int64_t)bits, IR_NONE);
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.constant_bitstream", ir_op_get(m, at)->loc);
    ir_state_set_attr(m, &st, "value", ir_attr_array(m, 1, &one));
    ir_state_add_result(m, &st, vector_of(m, 1, elem));
    ir_value c = emit1(lw, &st);
    if (n == 1)
        return c;
    ir_attr zero = ir_attr_int(m, 0, m->t_i32);
    ir_state_init(&st, m, "vectorchain.shuffle", ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, c);
    ir_state_set_attr(m, &st, "indices", ir_attr_array(m, 1, &zero));
    ir_state_set_attr(m, &st, "repetition", ir_attr_int(m, n, m->t_i32));
    ir_state_add_result(m, &st, vector_of(m, n, elem));
    return emit1(lw, &st);
}

/* A dense constant of n values (n lanes): one constant_bitstream, made
 * once a program (like splat_const). */
static ir_value lanes_const(struct lw *lw, ir_op at, ir_attr value, ir_type elem, int64_t n)
{
    struct ir_module *m = lw->m;
    ir_value v;
    if (invariant(lw, value, elem, (uint32_t)n << 1, &v))
        return v;
    const struct ir_attr_info *ai = ir_attr_get(m, value);
    const struct ir_type_info *et = ir_type_get(m, elem);
    uint32_t w = et->kind == IR_TY_INDEX ? 64 : et->width;
    ir_attr *bits = malloc((size_t)n * sizeof *bits);
    if (!bits)
        abort();
    for (int64_t i = 0; i < n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        uint64_t b = (uint64_t)e->i;
        if (e->kind == IR_AT_FLOAT && !(e->flags & IR_ATF_HEX))
            b = num_double_to_bits(et->fkind, e->f);
        if (w < 64)
            b &= (UINT64_C(1) << w) - 1;
        bits[i] = ir_attr_int(m, (int64_t)b, IR_NONE);
    }
    bool hoist = lw->p.ninv < LW_MAX_INVARIANT && lw->p.sblock;
    lw->p.at_start = hoist;
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.constant_bitstream", ir_op_get(m, at)->loc);
    ir_state_set_attr(m, &st, "value", ir_attr_array(m, (uint32_t)n, bits));
    ir_state_add_result(m, &st, vector_of(m, n, elem));
    free(bits);
    v = emit1(lw, &st);
    lw->p.at_start = false;
    if (hoist) {
        lw_map_put(&lw->p.inv, value, elem, (uint32_t)n << 1, v);
        lw->p.ninv++;
    }
    return v;
}

/* The vector a tensor of the stage holds (one lane per element, row-major). */
static ir_value vec_of(struct lw *lw, ir_value t, uint32_t inst, ir_op at)
{
    struct ir_module *m = lw->m;
    ir_value r = (ir_value)lw_map_get(&lw->p.memo, t, inst, P_VEC);
    if (r)
        return r;
    ir_op d = ir_value_def(m, t);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    ir_type ty = ir_value_type(m, t);
    int64_t n = ir_type_numel(m, ty);
    if (o && o->kind == IR_OP_TENSOR_SPLAT) {
        ir_op c = ir_value_def(m, o->opnd[0]);
        if (c && ir_op_get(m, c)->kind == IR_OP_ARITH_CONSTANT)
            r = splat_const(lw, at, ir_op_attr(m, c, "value"), ir_type_elem(m, ty), n);
    } else if (o && o->kind == IR_OP_ARITH_CONSTANT) {
        const struct ir_attr_info *ai = ir_attr_get(m, ir_op_attr(m, d, "value"));
        if (ai->kind == IR_AT_DENSE && ai->n == 1)
            r = splat_const(lw, at, ai->elems[0], ir_type_elem(m, ty), n);
        else if (ai->kind == IR_AT_DENSE && ai->n == n) /* one value per lane */
            r = lanes_const(lw, at, ir_op_attr(m, d, "value"), ir_type_elem(m, ty), n);
    }
    if (!r) {
        lw_error(lw, at, "a tensor made by '%s' in a compute stage is not supported yet",
                 o ? ir_str_get(m, o->name) : "a block argument");
        return IR_NONE;
    }
    lw_memo_put(lw, t, inst, P_VEC, r, true);
    return r;
}

/* vectorchain names of the scalar ops of a linalg.generic body. */
static const char *binary_name(uint16_t k)
{
    switch (k) {
    case IR_OP_ARITH_ADDF:
    case IR_OP_ARITH_ADDI:
        return "add";
    case IR_OP_ARITH_SUBF:
    case IR_OP_ARITH_SUBI:
        return "sub";
    case IR_OP_ARITH_MULF:
    case IR_OP_ARITH_MULI:
        return "mul";
    case IR_OP_ARITH_DIVF:
    case IR_OP_ARITH_DIVSI:
    case IR_OP_SPYREOP_REALDIV:
        return "div";
    case IR_OP_ARITH_REMF:
    case IR_OP_ARITH_REMSI:
        return "rem";
    case IR_OP_ARITH_MAXIMUMF:
    case IR_OP_ARITH_MAXF:
    case IR_OP_ARITH_MAXSI:
        return "max";
    case IR_OP_ARITH_MINIMUMF:
    case IR_OP_ARITH_MINF:
    case IR_OP_ARITH_MINSI:
        return "min";
    case IR_OP_ARITH_MAXNUMF:
        return "maxnum";
    case IR_OP_ARITH_MINNUMF:
        return "minnum";
    case IR_OP_MATH_POWF:
        return "pow";
    case IR_OP_ARITH_ANDI:
        return "and";
    case IR_OP_ARITH_ORI:
        return "or";
    case IR_OP_ARITH_XORI:
        return "xor";
    default:
        return NULL;
    }
}

static const char *unary_name(uint16_t k)
{
    switch (k) {
    case IR_OP_ARITH_NEGF:
        return "neg";
    case IR_OP_MATH_ABSF:
        return "abs";
    case IR_OP_MATH_EXP:
    case IR_OP_SPYREOP_EXP:
        return "exp";
    case IR_OP_MATH_EXP2:
        return "exp2";
    case IR_OP_MATH_LOG:
        return "log";
    case IR_OP_MATH_LOG2:
        return "log2";
    case IR_OP_MATH_SQRT:
    case IR_OP_SPYREOP_SQRT:
        return "sqrt";
    case IR_OP_MATH_RSQRT:
    case IR_OP_SPYREOP_RSQRT:
        return "rsqrt";
    case IR_OP_MATH_TANH:
        return "tanh";
    case IR_OP_MATH_ERF:
        return "erf";
    case IR_OP_MATH_SIN:
        return "sin";
    case IR_OP_MATH_COS:
        return "cos";
    case IR_OP_MATH_FLOOR:
        return "floor";
    case IR_OP_MATH_CEIL:
        return "ceil";
    case IR_OP_SPYREOP_SIGMOID:
        return "sigmoid";
    case IR_OP_SPYREOP_SILU:
        return "silu";
    case IR_OP_SPYREOP_GELU:
        return "gelu";
    case IR_OP_SPYREOP_RECIPROCAL:
        return "recip";
    default:
        return NULL;
    }
}

static bool is_reduction(const struct ir_module *m, ir_attr it)
{
    const struct ir_attr_info *ai = ir_attr_get(m, it);
    const char *s = ai->kind == IR_AT_STRING ? ir_str_get(m, ai->s)
                    : ai->body               ? ir_str_get(m, ai->body)
                                             : "";
    return strcmp(s, "reduction") == 0;
}

/* Whether an op of kind k from vector type s to vector type t is a
 * vectorchain.convert: extf, truncf, sitofp from an integer wider than i1
 * (i1 is -1 as sitofp reads it, 1 as the device's vcvt does), fptosi to one. */
static bool converts(struct ir_module *m, uint32_t k, ir_type s, ir_type t)
{
    if (k == IR_OP_ARITH_EXTF || k == IR_OP_ARITH_TRUNCF)
        return true;
    if (k != IR_OP_ARITH_SITOFP && k != IR_OP_ARITH_FPTOSI)
        return false;
    const struct ir_type_info *e = ir_type_get(m, ir_type_elem(m, k == IR_OP_ARITH_SITOFP ? s : t));
    return e->kind == IR_TY_INT && e->width > 1;
}

/* The shuffle that reads an input through indexing map `map` (its shape
 * `in`) at every point of the iteration space `it` (row-major); none when
 * the map is the identity. */
static ir_value shuffle_in(struct lw *lw, ir_op at, ir_value v, const struct ir_affine_map *map,
                           const struct ir_type_info *in, uint32_t nit, const int64_t *it)
{
    struct ir_module *m = lw->m;
    int64_t total = numel(nit, it), nin = numel(in->rank, in->shape);
    int64_t *ix = malloc((size_t)total * sizeof *ix);
    if (!ix)
        abort();
    int64_t pt[LW_MAX_RANK] = {0};
    bool ident = total == nin;
    for (int64_t p = 0; p < total; p++) {
        int64_t q = p, lin = 0;
        for (uint32_t d = nit; d-- > 0;) {
            pt[d] = q % it[d];
            q /= it[d];
        }
        bool ok = true;
        for (uint32_t r = 0; r < map->nres; r++)
            lin = lin * in->shape[r] + ir_aff_eval(m, map->res[r], pt, NULL, &ok);
        ix[p] = lin;
        ident = ident && lin == p;
    }
    if (ident) {
        free(ix);
        return v;
    }
    /* the shortest period that repeats */
    int64_t per = total;
    for (int64_t c = 1; c < total; c++) {
        if (total % c)
            continue;
        bool rep = true;
        for (int64_t p = c; p < total && rep; p++)
            rep = ix[p] == ix[p - c];
        if (rep) {
            per = c;
            break;
        }
    }
    ir_attr *e = malloc((size_t)per * sizeof *e);
    if (!e)
        abort();
    for (int64_t p = 0; p < per; p++)
        e[p] = ir_attr_int(m, ix[p], m->t_i32);
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.shuffle", ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_set_attr(m, &st, "indices", ir_attr_array(m, (uint32_t)per, e));
    ir_state_set_attr(m, &st, "repetition", ir_attr_int(m, total / per, m->t_i32));
    ir_state_add_result(m, &st, vector_of(m, total, in->elem));
    free(e);
    free(ix);
    return emit1(lw, &st);
}

/* The lanes' element type for a body value of type t: an index is an i32
 * (ktc-split proved its values fit, split.h). */
static ir_type lane_type(const struct ir_module *m, ir_type t)
{
    return t == m->t_index ? m->t_i32 : t;
}

/* linalg.index d over the iteration space it (nd dims, row-major, one
 * lane a point) of the generic at: each lane's coordinate along d, an i32
 * constant. */
static ir_value index_lanes(struct lw *lw, ir_op at, uint32_t d, uint32_t nd, const int64_t *it)
{
    struct ir_module *m = lw->m;
    int64_t n = numel(nd, it), inner = numel(nd - d - 1, it + d + 1);
    ir_attr *e = malloc((size_t)n * sizeof *e);
    if (!e)
        abort();
    for (int64_t p = 0; p < n; p++)
        e[p] = ir_attr_int(m, p / inner % it[d], m->t_i32);
    ir_type vt = vector_of(m, n, m->t_i32);
    ir_attr v = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_DENSE, .type = vt,
                                                         .n = (uint32_t)n, .elems = e});
    free(e);
    return lanes_const(lw, at, v, m->t_i32, n);
}

/* The vector of body value x: an op's result lowered before, or the vector
 * of the block argument it is (args[i]); none when neither. */
static ir_value body_vec(struct lw *lw, const struct ir_block_info *bi, const ir_value *args,
                         ir_value x)
{
    ir_value v = (ir_value)lw_map_get(&lw->p.memo, x, 0, P_VEC);
    for (uint32_t i = 0; !v && i < bi->nargs; i++)
        if (bi->args[i] == x)
            v = args[i];
    return v;
}

/* vectorchain.compare of a and b (n lanes) by predicate pred (cmpi_ or
 * cmpf_predicate, by name): an i1 mask. */
static ir_value compare_mask(struct lw *lw, struct ir_loc loc, ir_value a, ir_value b, bool is_i,
                             const char *pred, int64_t n)
{
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.compare", loc);
    ir_state_add_operand(m, &st, a);
    ir_state_add_operand(m, &st, b);
    ir_state_set_attr(m, &st, "compare_op",
                      vc_attr(m, is_i ? "cmpi_predicate" : "cmpf_predicate", pred));
    ir_state_add_result(m, &st, vector_of(m, n, m->t_i1));
    return emit1(lw, &st);
}

/* spyreop.compare <P> a, b (1.0 where a P b, else 0.0, in a's float type)
 * and spyreop.select c, t, f (t where c != 0.0, NaN included: une) as
 * ktc-interp runs them: a vectorchain.compare mask, then a
 * vectorchain.select of t and f (of splats of 1.0 and 0.0). */
static ir_value spyre_compare_select(struct lw *lw, ir_op o, const ir_value *ops, ir_type vt,
                                     int64_t n)
{
    struct ir_module *m = lw->m;
    static const char *const preds[] = {"equal",        "notequal",   "greaterthan",
                                        "greaterequal", "lesserthan", "lesserequal"};
    static const char *const cmpf[] = {"oeq", "une", "ogt", "oge", "olt", "ole"};
    bool sel = ir_op_get(m, o)->kind == IR_OP_SPYREOP_SELECT;
    ir_type ft = ir_type_elem(m, ir_value_type(m, ops[0]));
    const char *pred = "une";
    if (!sel) {
        ir_attr a = ir_op_attr(m, o, "predicate");
        const char *s =
            a && ir_attr_get(m, a)->kind == IR_AT_STRING ? ir_str_get(m, ir_attr_get(m, a)->s) : "";
        pred = NULL;
        for (int k = 0; k < 6 && !pred; k++)
            if (strcmp(s, preds[k]) == 0)
                pred = cmpf[k];
        if (!pred)
            return IR_NONE;
    }
    ir_value zero = splat_const(lw, o, ir_attr_float(m, 0.0, ft), ft, n);
    ir_value one = sel ? IR_NONE : splat_const(lw, o, ir_attr_float(m, 1.0, ft), ft, n);
    ir_value mask =
        compare_mask(lw, ir_op_get(m, o)->loc, ops[0], sel ? zero : ops[1], false, pred, n);
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.select", ir_op_get(m, o)->loc);
    ir_state_add_operand(m, &st, mask);
    ir_state_add_operand(m, &st, sel ? ops[1] : one);
    ir_state_add_operand(m, &st, sel ? ops[2] : zero);
    ir_state_add_result(m, &st, sel ? ir_value_type(m, ops[1]) : vt);
    return emit1(lw, &st);
}

/* A scalar a generic's body captures from outside it, as a vector of n
 * lanes: a constant; a float argument of the kernel (its bits, known at
 * launch: `vectorchain.splat {bits}` of its symbol), or one extf/truncf of
 * it (that splat, vectorchain.convert-ed); an index value known
 * when the program runs, or an integer argument of the kernel (its symbol
 * its value as an index), converted by sitofp/uitofp (through an
 * index_cast: `vectorchain.splat`); an index or i32 value (a loop's IV,
 * index math on such scalars in the body: scalar_op) as i32 lanes. None
 * when it is none of those. */
static ir_value captured_vec(struct lw *lw, ir_value x, uint32_t inst, ir_op at, int64_t n)
{
    struct ir_module *m = lw->m;
    ir_type t = ir_value_type(m, x);
    ir_op d = ir_value_def(m, x);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (o && o->kind == IR_OP_ARITH_CONSTANT)
        return splat_const(lw, at, ir_op_attr(m, d, "value"), lane_type(m, t), n);
    if (o && (o->kind == IR_OP_ARITH_CMPI || o->kind == IR_OP_ARITH_CMPF) && o->nopnd == 2) {
        /* a condition computed outside (`tl.where(a < b, x, y)` of
         * scalars): the compare of its operands' lanes */
        ir_value a = captured_vec(lw, o->opnd[0], inst, at, n);
        ir_value b = a ? captured_vec(lw, o->opnd[1], inst, at, n) : IR_NONE;
        if (!b)
            return IR_NONE;
        bool is_i = o->kind == IR_OP_ARITH_CMPI;
        return compare_mask(
            lw, o->loc, a, b, is_i,
            ir_cmp_pred_name(is_i, ir_attr_get(m, ir_op_attr(m, d, "predicate"))->i), n);
    }
    if (o && (o->kind == IR_OP_ARITH_EXTF || o->kind == IR_OP_ARITH_TRUNCF) &&
        !ir_value_def(m, o->opnd[0])) { /* a float argument converted: its splat, converted */
        ir_value s = captured_vec(lw, o->opnd[0], inst, at, n);
        if (!s)
            return IR_NONE;
        struct ir_op_state st;
        ir_state_init(&st, m, "vectorchain.convert", o->loc);
        ir_state_add_operand(m, &st, s);
        ir_state_add_result(m, &st, vector_of(m, n, lane_type(m, t)));
        return emit1(lw, &st);
    }
    ir_value src = x;
    bool bits = !o;
    if (t == m->t_index || t == m->t_i32) { /* its value in i32 lanes (split.h) */
        bits = false;
        t = m->t_i32;
        if (o && o->kind == IR_OP_ARITH_INDEX_CAST) /* an i32 of an index: the index */
            src = o->opnd[0];
    } else if (!ir_type_is_float(m, t)) {
        return IR_NONE;
    } else if (o && (o->kind == IR_OP_ARITH_SITOFP || o->kind == IR_OP_ARITH_UITOFP)) {
        src = o->opnd[0];
        ir_op c = ir_value_def(m, src);
        if (c && (ir_op_get(m, c)->kind == IR_OP_ARITH_INDEX_CAST ||
                  ir_op_get(m, c)->kind == IR_OP_ARITH_INDEX_CASTUI))
            src = ir_op_get(m, c)->opnd[0];
        if (ir_value_type(m, src) != m->t_index &&
            (ir_value_def(m, src) || ir_type_get(m, ir_value_type(m, src))->kind != IR_TY_INT))
            return IR_NONE; /* an index, or an integer argument (its value an index) */
    } else if (o) {
        return IR_NONE;
    }
    ir_value iv = lw_value(lw, src, inst, at);
    if (!iv)
        return IR_NONE;
    /* a launch-time scalar (not changing in the program): splatted once */
    ir_value v;
    uint32_t key = (uint32_t)n << 1 | 1u << 31 | (bits ? 1 : 0);
    if (invariant(lw, iv, t, key, &v))
        return v;
    bool hoist = lw->p.ninv < LW_MAX_INVARIANT && lw->p.sblock &&
                 !lw_is_dynamic(lw, src, inst) && !in_body(lw, iv);
    lw->p.at_start = hoist;
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.splat", ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, iv);
    if (bits)
        ir_state_set_attr(m, &st, "bits", ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_UNIT}));
    ir_state_add_result(m, &st, vector_of(m, n, t));
    /* a scalar of an outer loop (a row's bound): splatted there, once an
     * iteration of that loop (lw_hoist), not at every inner one */
    v = hoist ? emit1(lw, &st) : ir_op_get(m, lw_hoist(lw, &st))->res;
    lw->p.at_start = false;
    if (hoist) {
        lw_map_put(&lw->p.inv, iv, t, key, v);
        lw->p.ninv++;
    }
    return v;
}

/* Whether body op o is index arithmetic on scalars the body captures
 * (a loop's IV plus the tile id): ktc-lower computes it as a scalar, then
 * splats it (captured_vec), not lane by lane. */
static bool scalar_op(const struct ir_module *m, ir_block body, ir_op o, int depth)
{
    const struct ir_op_info *oi = ir_op_get(m, o);
    switch (oi->kind) {
    case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI:
    case IR_OP_ARITH_MINSI: case IR_OP_ARITH_MAXSI: case IR_OP_ARITH_INDEX_CAST:
        break;
    case IR_OP_ARITH_SITOFP: { /* of an index_cast: splatted converted */
        ir_op c = ir_value_def(m, oi->opnd[0]);
        if (!c || ir_op_get(m, c)->kind != IR_OP_ARITH_INDEX_CAST ||
            ir_value_type(m, ir_op_get(m, c)->opnd[0]) != m->t_index)
            return false;
        return depth <= 8 && scalar_op(m, body, c, depth + 1);
    }
    default:
        return false;
    }
    if (depth > 8 || oi->nres != 1 ||
        (ir_value_type(m, oi->res) != m->t_index && ir_value_type(m, oi->res) != m->t_i32))
        return false;
    const struct ir_block_info *bi = ir_block_get(m, body);
    for (uint32_t i = 0; i < oi->nopnd; i++) {
        ir_op d = ir_value_def(m, oi->opnd[i]);
        for (uint32_t a = 0; !d && a < bi->nargs; a++)
            if (bi->args[a] == oi->opnd[i])
                return false;
        if (d && ir_op_get(m, d)->block == body && !scalar_op(m, body, d, depth + 1))
            return false;
    }
    return true;
}

/* The body of a generic over vectors of n lanes: block argument i is
 * args[i] (0 = not available: the output's initial value in a reduction);
 * *yielded gets the value the body yields. For a reduction the yield must
 * combine the output argument with a value computed from the inputs: that
 * value is returned in *yielded and the combiner's name in *comb. */
static bool lower_body(struct lw *lw, ir_op gen, uint32_t inst, ir_block body, ir_value *args,
                       int64_t n, ir_type elem, bool reduction, ir_value *yielded,
                       const char **comb, uint32_t nd, const int64_t *it)
{
    struct ir_module *m = lw->m;
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_value outarg = bi->args[bi->nargs - 1];
    IR_FOR_OPS(m, body, o)
    {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (oi->kind == IR_OP_LINALG_YIELD) {
            ir_value y = oi->opnd[0];
            if (!reduction) {
                /* or a scalar it captures, in every lane (a fill) */
                *yielded = body_vec(lw, bi, args, y);
                ir_op yd = ir_value_def(m, y);
                if (!*yielded && (!yd || ir_op_get(m, yd)->block != body) &&
                    (*yielded = captured_vec(lw, y, inst, o, n)))
                    lw_memo_put(lw, y, 0, P_VEC, *yielded, true);
                return *yielded || lw_error(lw, o,
                                            "a linalg.generic yielding a value it does "
                                            "not compute is not supported yet");
            }
            ir_op c = ir_value_def(m, y);
            const struct ir_op_info *ci = c ? ir_op_get(m, c) : NULL;
            *comb = ci ? binary_name(ci->kind) : NULL;
            if (!*comb || ci->nopnd != 2 || (ci->opnd[0] != outarg) == (ci->opnd[1] != outarg)) {
                *comb = NULL; /* not one op: the caller folds with the whole body */
                *yielded = IR_NONE;
                return true;
            }
            *yielded = body_vec(lw, bi, args, ci->opnd[ci->opnd[0] == outarg ? 1 : 0]);
            return *yielded || lw_error(lw, o,
                                        "a reduction of a value it does not compute is "
                                        "not supported yet");
        }
        if (scalar_op(m, body, o, 0))
            continue; /* splatted where a lane op reads it */
        ir_value ops[3] = {0, 0, 0};
        bool uses_out = false;
        for (uint32_t i = 0; i < oi->nopnd && i < 3; i++) {
            uses_out = uses_out || oi->opnd[i] == outarg;
            ops[i] = body_vec(lw, bi, args, oi->opnd[i]);
            ir_op d = ir_value_def(m, oi->opnd[i]);
            if (!ops[i] && oi->opnd[i] != outarg &&
                (!d || ir_op_get(m, d)->block != body || scalar_op(m, body, d, 0)) &&
                (ops[i] = captured_vec(lw, oi->opnd[i], inst, o, n)))
                lw_memo_put(lw, oi->opnd[i], 0, P_VEC, ops[i], true);
        }
        if (reduction && uses_out)
            continue; /* the combiner, read at the yield */
        struct ir_op_state st;
        const char *bn = binary_name(oi->kind), *un = unary_name(oi->kind);
        /* lanes of the op's own scalar type: a body may mix f16 and f32
         * (a contraction accumulating in f32, split_linalg.c) */
        ir_type vt = vector_of(m, n, oi->nres == 1 ? lane_type(m, ir_value_type(m, oi->res)) : elem);
        ir_value r;
        if (oi->kind == IR_OP_ARITH_CONSTANT || oi->kind == IR_OP_SPYREOP_CONSTANT) {
            r = splat_const(lw, o, ir_op_attr(m, o, "value"),
                            lane_type(m, ir_value_type(m, oi->res)), n);
        } else if ((oi->kind == IR_OP_SPYREOP_COMPARE || oi->kind == IR_OP_SPYREOP_SELECT) &&
                   ops[0] && ops[1] && (oi->kind == IR_OP_SPYREOP_COMPARE || ops[2])) {
            if (!(r = spyre_compare_select(lw, o, ops, vt, n)))
                return lw_error(lw, o,
                                "a spyreop.compare predicate other than equal, notequal, "
                                "greaterthan, greaterequal, lesserthan and lesserequal is "
                                "not supported");
        } else if (oi->kind == IR_OP_LINALG_INDEX && it) {
            r = index_lanes(lw, o, (uint32_t)ir_attr_get(m, ir_op_attr(m, o, "dim"))->i, nd, it);
        } else if (oi->kind == IR_OP_ARITH_INDEX_CAST && ops[0] &&
                   ir_value_type(m, ops[0]) == vt) { /* index <-> i32: the same lanes */
            r = ops[0];
        } else if (bn && oi->nopnd == 2 && ops[0] && ops[1]) {
            ir_state_init(&st, m, "vectorchain.binary", oi->loc);
            ir_state_add_operand(m, &st, ops[0]);
            ir_state_add_operand(m, &st, ops[1]);
            ir_state_set_attr(m, &st, "binary_op", vc_attr(m, "binary_operator", bn));
            ir_state_add_result(m, &st, vt);
            r = emit1(lw, &st);
        } else if ((oi->kind == IR_OP_ARITH_CMPF || oi->kind == IR_OP_ARITH_CMPI) && ops[0] &&
                   ops[1]) {
            bool is_i = oi->kind == IR_OP_ARITH_CMPI;
            int64_t pred = ir_attr_get(m, ir_op_attr(m, o, "predicate"))->i;
            r = compare_mask(lw, oi->loc, ops[0], ops[1], is_i, ir_cmp_pred_name(is_i, pred), n);
        } else if (oi->kind == IR_OP_ARITH_SELECT && ops[0] && ops[1] && ops[2] &&
                   ir_type_elem(m, ir_value_type(m, ops[0])) == m->t_i1) {
            ir_state_init(&st, m, "vectorchain.select", oi->loc);
            for (int i = 0; i < 3; i++)
                ir_state_add_operand(m, &st, ops[i]);
            ir_state_add_result(m, &st, ir_value_type(m, ops[1]));
            r = emit1(lw, &st);
        } else if (ops[0] && converts(m, oi->kind, ir_value_type(m, ops[0]), vt)) {
            ir_state_init(&st, m, "vectorchain.convert", oi->loc);
            ir_state_add_operand(m, &st, ops[0]);
            ir_state_add_result(m, &st, vt);
            r = emit1(lw, &st);
        } else if (un && oi->nopnd == 1 && ops[0]) {
            ir_state_init(&st, m, "vectorchain.unary", oi->loc);
            ir_state_add_operand(m, &st, ops[0]);
            ir_state_set_attr(m, &st, "unary_op", vc_attr(m, "unary_operator", un));
            ir_state_add_result(m, &st, vt);
            r = emit1(lw, &st);
        } else {
            /* an operand the body captures that captured_vec cannot splat
             * (a float computed outside by other than sitofp) */
            for (uint32_t i = 0; i < oi->nopnd && i < 3; i++) {
                ir_op d = ir_value_def(m, oi->opnd[i]);
                if (!ops[i] && oi->opnd[i] != outarg && d && ir_op_get(m, d)->block != body &&
                    ir_type_is_float(m, ir_value_type(m, oi->opnd[i])))
                    return lw_error(lw, o,
                                    "a linalg.generic body capturing a float scalar computed "
                                    "by '%s' outside it is not supported yet (constants, "
                                    "float kernel arguments, their extf/truncf and sitofp "
                                    "of integers are)",
                                    ir_str_get(m, ir_op_get(m, d)->name));
            }
            return lw_error(lw, o,
                            "'%s' in a linalg.generic body is not supported yet (no "
                            "vectorchain form)",
                            ir_str_get(m, oi->name));
        }
        lw_memo_put(lw, oi->res, 0, P_VEC, r, true);
    }
    return lw_error(lw, gen, "a linalg.generic body must end in linalg.yield");
}

/* v's lanes at[0..n): a shuffle. */
static ir_value pick_lanes(struct lw *lw, ir_op at, ir_value v, const int64_t *lanes, int64_t n,
                           ir_type elem)
{
    struct ir_module *m = lw->m;
    ir_attr *e = malloc((size_t)n * sizeof *e);
    if (!e)
        abort();
    for (int64_t i = 0; i < n; i++)
        e[i] = ir_attr_int(m, lanes[i], m->t_i32);
    struct ir_op_state st;
    ir_state_init(&st, m, "vectorchain.shuffle", ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_set_attr(m, &st, "indices", ir_attr_array(m, (uint32_t)n, e));
    ir_state_set_attr(m, &st, "repetition", ir_attr_int(m, 1, m->t_i32));
    ir_state_add_result(m, &st, vector_of(m, n, elem));
    free(e);
    return emit1(lw, &st);
}

/* The body of a reduction gen run as its combiner on vectors a (its input
 * argument) and b (its output argument) of n lanes. */
static ir_value combine(struct lw *lw, ir_op gen, uint32_t inst, ir_value a, ir_value b, int64_t n,
                        ir_type elem)
{
    ir_value args[2] = {a, b}, y = IR_NONE;
    const char *comb = NULL;
    uint32_t mark = lw_scope_mark(lw);
    bool ok = lower_body(lw, gen, inst, lw_body(lw->m, gen, 0), args, n, elem, false, &y, &comb,
                         0, NULL);
    lw_scope_undo(lw, mark);
    return ok ? y : IR_NONE;
}

/* A reduction whose body is not one op of the output and the input (a
 * combiner of several ops, like cmpf + select): each group of len lanes of
 * x (nr groups) folded as ktc-interp folds a row of linalg.reduce, the
 * whole body applied level by level of the pairwise tree: lanes [0, h) as
 * the input argument with lanes [h, 2h) as the output argument (h = len /
 * 2), an odd last lane kept (a select with a constant mask puts it back),
 * then the tree's result as the input argument with init as the output. */
static ir_value lower_tree(struct lw *lw, ir_op gen, uint32_t inst, ir_value x, ir_value init,
                           int64_t nr, int64_t len, ir_type elem)
{
    struct ir_module *m = lw->m;
    struct ir_loc loc = ir_op_get(m, gen)->loc;
    int64_t *la = malloc((size_t)(2 * nr * len + 1) * sizeof *la), *lb = la + nr * len;
    ir_attr *mk = malloc((size_t)(nr * len + 1) * sizeof *mk);
    if (!la || !mk)
        abort();
    ir_value cur = x;
    for (int64_t l = len; l > 1 && cur;) {
        int64_t h = l / 2, odd = l & 1, nl = h + odd;
        for (int64_t i = 0; i < nr; i++) {
            for (int64_t j = 0; j < h; j++) {
                la[i * nl + j] = i * l + j;
                lb[i * nl + j] = i * l + j + h;
                mk[i * nl + j] = ir_attr_int(m, 1, m->t_i1);
            }
            if (odd) {
                la[i * nl + h] = lb[i * nl + h] = i * l + l - 1;
                mk[i * nl + h] = ir_attr_int(m, 0, m->t_i1);
            }
        }
        ir_value a = pick_lanes(lw, gen, cur, la, nr * nl, elem);
        ir_value b = pick_lanes(lw, gen, cur, lb, nr * nl, elem);
        ir_value r = combine(lw, gen, inst, a, b, nr * nl, elem);
        if (r && odd) {
            struct ir_op_state st;
            ir_state_init(&st, m, "vectorchain.constant_bitstream", loc);
            ir_state_set_attr(m, &st, "value", ir_attr_array(m, (uint32_t)(nr * nl), mk));
            ir_state_add_result(m, &st, vector_of(m, nr * nl, m->t_i1));
            ir_value c = emit1(lw, &st);
            ir_state_init(&st, m, "vectorchain.select", loc);
            ir_state_add_operand(m, &st, c);
            ir_state_add_operand(m, &st, r);
            ir_state_add_operand(m, &st, a);
            ir_state_add_result(m, &st, vector_of(m, nr * nl, elem));
            r = emit1(lw, &st);
        }
        cur = r;
        l = nl;
    }
    free(la);
    free(mk);
    return cur ? combine(lw, gen, inst, cur, init, nr, elem) : IR_NONE;
}

/* A linalg.generic on tensors: its body op by op on whole vectors. */
static bool lower_generic(struct lw *lw, ir_op op, uint32_t inst)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[2];
    ir_segments(m, op, 2, seg);
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, op, "indexing_maps"));
    const struct ir_attr_info *its = ir_attr_get(m, ir_op_attr(m, op, "iterator_types"));
    uint32_t nin = seg[0], nout = seg[1];
    if (nout != 1 || o->nres != 1)
        return lw_error(lw, op, "a linalg.generic with %u outputs is not supported yet", nout);
    /* the iteration space, from the operands' shapes */
    uint32_t nd = its->n, npar = 0;
    int64_t it[LW_MAX_RANK];
    if (nd > LW_MAX_RANK)
        return lw_error(lw, op, "a linalg.generic of %u dimensions is not supported yet", nd);
    for (uint32_t d = 0; d < nd; d++)
        it[d] = 1;
    for (uint32_t i = 0; i < nin + nout; i++) {
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[i])->map);
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        if (t->kind != IR_TY_TENSOR)
            return lw_error(lw, op, "a linalg.generic on memrefs is not supported yet");
        for (uint32_t r = 0; r < mp->nres && r < t->rank; r++)
            if (ir_aff_get(m, mp->res[r])->kind == IR_AFF_DIM)
                it[ir_aff_get(m, mp->res[r])->v] = t->shape[r];
    }
    bool red = false;
    for (uint32_t d = 0; d < nd; d++) {
        if (!is_reduction(m, its->elems[d])) {
            if (red)
                return lw_error(lw, op,
                                "a reduction over dimensions other than the innermost "
                                "ones is not supported yet");
            npar++;
        } else {
            red = true;
        }
    }
    int64_t total = numel(nd, it), nred = numel(nd - npar, it + npar);
    const struct ir_type_info *ot = ir_type_get(m, ir_value_type(m, o->opnd[nin]));
    ir_type elem = ot->elem;
    const struct ir_affine_map *omap = ir_map_get(m, ir_attr_get(m, maps->elems[nin])->map);
    for (uint32_t r = 0; r < omap->nres; r++)
        if (omap->nres != npar || ir_aff_get(m, omap->res[r])->kind != IR_AFF_DIM ||
            ir_aff_get(m, omap->res[r])->v != r)
            return lw_error(lw, op,
                            "a linalg.generic whose output map is not its parallel "
                            "dimensions in order is not supported yet");
    ir_value args[32] = {0};
    if (nin + nout > 32)
        return lw_error(lw, op, "a linalg.generic of more than 31 inputs is not supported yet");
    for (uint32_t i = 0; i < nin; i++) {
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[i])->map);
        ir_value v = vec_of(lw, o->opnd[i], inst, op);
        if (!v || !(args[i] = shuffle_in(lw, op, v, mp,
                                         ir_type_get(m, ir_value_type(m, o->opnd[i])), nd, it)))
            return false;
    }
    /* the output's initial value: needed by a reduction, or when the body reads it */
    ir_value init = IR_NONE, outarg = ir_block_get(m, lw_body(m, op, 0))->args[nin];
    bool reads_out = red;
    IR_FOR_OPS(m, lw_body(m, op, 0), b)
    for (uint32_t i = 0; i < ir_op_get(m, b)->nopnd; i++)
        reads_out = reads_out || ir_op_get(m, b)->opnd[i] == outarg;
    if (reads_out && !(init = vec_of(lw, o->opnd[nin], inst, op)))
        return false;
    args[nin] = red ? IR_NONE : init;
    ir_value y = IR_NONE;
    const char *comb = NULL;
    uint32_t mark = lw_scope_mark(lw);
    bool ok = lower_body(lw, op, inst, lw_body(m, op, 0), args, total, elem, red, &y, &comb,
                         red ? 0 : nd, red ? NULL : it);
    if (ok && red && !comb) {
        const struct ir_block_info *bi = ir_block_get(m, lw_body(m, op, 0));
        if (nin != 1 || bi->nargs != 2 || ir_value_type(m, bi->args[0]) != elem)
            ok = lw_error(lw, op,
                          "a reduction whose body is not one binary op of the output and "
                          "the inputs' value, over other than one input of the output's "
                          "type, is not supported yet");
        else
            ok = (y = lower_tree(lw, op, inst, args[0], init, total / nred, nred, elem)) != IR_NONE;
    } else if (ok && red) {
        struct ir_op_state st;
        ir_state_init(&st, m, "vectorchain.reduce", o->loc);
        ir_state_add_operand(m, &st, y);
        ir_state_add_operand(m, &st, init);
        ir_state_set_attr(m, &st, "reduce_op", vc_attr(m, "binary_operator", comb));
        ir_state_add_result(m, &st, vector_of(m, total / nred, elem));
        y = emit1(lw, &st);
    }
    lw_scope_undo(lw, mark);
    if (!ok)
        return false;
    lw_memo_put(lw, o->res, inst, P_VEC, y, true);
    return true;
}

/* ---- stages ---------------------------------------------------------------------- */

/* Up to this many consecutive memory -> FIFO transfers of a stage issue
 * their vector loads back to back before their sends (in order), so the
 * loads' memory latencies overlap instead of each send waiting for its
 * load; a group holds a vector register per load. */
#define LOAD_GROUP LW_LOAD_GROUP

/* Whether op is a data_transfer from memory into a FIFO. */
static bool is_fifo_load(const struct ir_module *m, ir_op op)
{
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return false;
    struct side s[2];
    sides_of(m, op, s);
    return !s[0].fifo && s[1].fifo;
}

/* Moves the sends emitted in block b after op `after` (the block's start
 * when none) to its end, in order, with the shuffles that splat a loaded
 * scalar: the group's loads go first, so a splat does not wait for its
 * load's latency before the next load issues. */
static void sends_last(struct lw *lw, ir_block b, ir_op after)
{
    struct ir_module *m = lw->m;
    ir_op o = after ? ir_op_get(m, after)->next : ir_block_get(m, b)->first;
    ir_op end = ir_block_get(m, b)->last, sends[2 * LOAD_GROUP];
    uint32_t n = 0;
    for (; o; o = o == end ? IR_NONE : ir_op_get(m, o)->next) {
        enum ir_op_kind k = ir_op_get(m, o)->kind;
        if ((k == IR_OP_DATAFLOW_SEND || k == IR_OP_VECTORCHAIN_SHUFFLE) && n < 2 * LOAD_GROUP)
            sends[n++] = o;
    }
    for (uint32_t i = 0; i < n; i++) {
        ir_op_unlink(m, sends[i]);
        ir_block_append_op(m, b, sends[i]);
    }
}

void lw_flush_loads(struct lw *lw)
{
    if (lw->p.ngroup)
        sends_last(lw, lw->p.cur, lw->p.group);
    lw->p.ngroup = 0;
}

static uint32_t group_cap(struct lw *lw, ir_op o);

/* Emits transfer op (instance inst); a memory -> FIFO load joins the
 * pending group of loads, opening one of at most cap loads (0: as many as
 * group_cap finds) when none is open. */
static bool emit_transfer(struct lw *lw, ir_op op, uint32_t inst, uint32_t cap)
{
    struct lw_prog *p = &lw->p;
    ir_op before = ir_block_get(lw->m, p->cur)->last;
    if (!lower_transfer(lw, op, inst))
        return false;
    if (is_fifo_load(lw->m, op) && !p->ngroup++) {
        p->group = before;
        p->gcap = cap ? cap : group_cap(lw, op);
    }
    return true;
}

/* Whether hoists a and b (leaders of loop node n) load as one group: the
 * same units, and no guard, or the same guard loop (their vectors kept for
 * the same later loops). */
static bool same_guard(const struct lw *lw, uint32_t a, uint32_t b)
{
    const struct lw_hoisted *x = &lw->hoists[a], *y = &lw->hoists[b];
    if (!x->guard != !y->guard || lw->nodes[x->from].unit != lw->nodes[y->from].unit ||
        lw->nodes[x->to].unit != lw->nodes[y->to].unit)
        return false;
    if (!x->guard)
        return true;
    if (x->end != y->end)
        return false;
    uint32_t na = 0, nb = 0;
    for (uint32_t e = 0; e < lw->nhoists; e++) {
        na += lw->hoists[e].share == a;
        nb += lw->hoists[e].share == b;
        if (lw->hoists[e].share == a) {
            bool found = false;
            for (uint32_t f = 0; f < lw->nhoists && !found; f++)
                found = lw->hoists[f].share == b && lw->hoists[f].loop == lw->hoists[e].loop;
            if (!found)
                return false;
        }
    }
    return na == nb;
}

/* The loads of hoists g[0..k) (leaders of loop node n) for the sending
 * unit, or their receives for the receiving one; in a loop of one trip
 * when one of the loops keeping the vectors runs, and none else (guard),
 * whose receives it carries out, zeros when it does not run. */
static bool emit_hoist_group(struct lw *lw, uint32_t n, const uint32_t *g, uint32_t k)
{
    struct ir_module *m = lw->m;
    struct lw_prog *p = &lw->p;
    const struct lw_hoisted *x0 = &lw->hoists[g[0]];
    bool sender = lw->nodes[x0->from].unit == p->kind;
    ir_op at = lw->nodes[n].op;
    uint32_t inst = lw->nodes[n].inst, mark = 0;
    ir_block outer = p->cur, body = IR_NONE;
    ir_op loop = IR_NONE;
    ir_value zero[LW_LOAD_GROUP];
    if (x0->guard) {
        ir_value once = lw_value(
            lw, lw_src_op(lw, "arith.minsi", at, x0->guard, lw_src_const(lw, at, 1)), inst, at);
        if (!once)
            return false;
        /* (what the loop gives when it does not run is never read) */
        for (uint32_t i = 0; i < k && !sender; i++) {
            ir_type t = ir_value_type(m, ir_op_get(m, lw->hoists[g[i]].read)->opnd[0]);
            const struct ir_type_info *ti = ir_type_get(m, t);
            zero[i] =
                i && t == ir_value_type(m, ir_op_get(m, lw->hoists[g[i - 1]].read)->opnd[0])
                    ? zero[i - 1]
                    : splat_const_at(lw, at, ir_attr_int(m, 0, IR_NONE), ti->elem, ti->shape[0]);
        }
        ir_value b[3] = {lw_const(lw, 0), once, lw_const(lw, 1)}, niv;
        loop = new_loop(lw, ir_op_get(m, at)->loc, b, zero, sender ? 0 : k, ir_str_c(m, "hoist"),
                        &body, &niv, &mark);
    }
    ir_value got[LW_LOAD_GROUP];
    for (uint32_t i = 0; i < k; i++) {
        struct lw_hoisted *x = &lw->hoists[g[i]];
        if (sender) {
            if (!emit_transfer(lw, x->xfer, lw->nodes[x->from].inst, LOAD_GROUP))
                return false;
            if (p->ngroup == p->gcap)
                lw_flush_loads(lw);
            continue;
        }
        const struct ir_op_info *r = ir_op_get(m, x->read);
        if (loop)
            ir_block_add_arg(m, body, ir_value_type(m, zero[i]), ir_str_c(m, "kept"));
        if (!(got[i] = receive(lw, x->read, ir_value_type(m, r->opnd[0]))))
            return false;
    }
    lw_flush_loads(lw);
    if (loop) {
        if (!sender) {
            struct ir_op_state st;
            ir_state_init(&st, m, "scf.yield", ir_op_get(m, at)->loc);
            for (uint32_t i = 0; i < k; i++)
                ir_state_add_operand(m, &st, got[i]);
            lw_append(lw, p->cur, &st);
            for (uint32_t i = 0; i < k; i++)
                got[i] = ir_op_result(m, loop, i);
        }
        lw_close_loop(lw, loop, outer);
        lw_scope_undo(lw, mark);
    }
    for (uint32_t i = 0; i < k && !sender; i++) {
        struct lw_hoisted *x = &lw->hoists[g[i]];
        x->got = got[i];
        lw_memo_put(lw, ir_op_get(m, x->read)->res, lw->nodes[x->to].inst, P_VEC, got[i], true);
    }
    return true;
}

bool lw_emit_hoisted(struct lw *lw, uint32_t n)
{
    struct lw_prog *p = &lw->p;
    lw_flush_loads(lw);
    for (uint32_t h = 0; h < lw->nhoists; h++) {
        const struct lw_hoisted *x = &lw->hoists[h];
        if (x->loop != n || x->share != UINT32_MAX ||
            (lw->nodes[x->from].unit != p->kind && lw->nodes[x->to].unit != p->kind))
            continue;
        /* the leaders after it that share its guard loop */
        uint32_t g[LW_LOAD_GROUP], k = 0;
        g[k++] = h;
        for (uint32_t e = h + 1; e < lw->nhoists && k < LW_LOAD_GROUP; e++)
            if (lw->hoists[e].loop == n && lw->hoists[e].share == UINT32_MAX &&
                same_guard(lw, h, e))
                g[k++] = e;
            else if (lw->hoists[e].loop == n && lw->hoists[e].share == UINT32_MAX)
                break;
        if (!emit_hoist_group(lw, n, g, k))
            return false;
        h = g[k - 1];
    }
    /* a later loop's loads the same as an earlier loop's: its vectors */
    for (uint32_t h = 0; h < lw->nhoists; h++) {
        const struct lw_hoisted *x = &lw->hoists[h];
        if (x->loop == n && x->share != UINT32_MAX && lw->nodes[x->to].unit == p->kind)
            lw_memo_put(lw, ir_op_get(lw->m, x->read)->res, lw->nodes[x->to].inst, P_VEC,
                        lw->hoists[x->share].got, true);
    }
    return true;
}

/* The most iterations of a stage's loop of loads emitted unrolled. */
#define UNROLL_LOADS 16

static bool loads_loop(struct lw *lw, ir_op loop, uint32_t inst, int64_t *lb, int64_t *step,
                       int64_t *trips);

bool lw_fifo_loads_only(struct lw *lw, ir_op stage, uint32_t inst, uint32_t *nloads, bool *looped)
{
    struct ir_module *m = lw->m;
    IR_FOR_OPS(m, lw_body(m, stage, 0), o)
    {
        const struct ir_op_info *oi = ir_op_get(m, o);
        int64_t lb, step, trips;
        uint32_t in = 0;
        if (is_fifo_load(m, o))
            ++*nloads;
        else if (oi->kind == IR_OP_SCF_YIELD)
            continue;
        else if (oi->kind == IR_OP_SCF_FOR && !oi->nres &&
                 loads_loop(lw, o, inst, &lb, &step, &trips) && trips <= UNROLL_LOADS &&
                 lw_fifo_loads_only(lw, o, inst, &in, looped)) {
            /* emit_loads_unrolled: its copies, one after the other */
            *nloads += (uint32_t)trips * in;
            *looped = true;
        } else if (!(ir_op_def(oi->kind)->flags & IR_OPF_PURE) || oi->nreg)
            return false;
    }
    return true;
}

static bool emit_ops(struct lw *lw, ir_block b, uint32_t inst);

/* How many loads a group starting at load o (of a stage's block) holds: a
 * run of more loads than a group takes (index arithmetic between them) goes
 * in groups as even as LOAD_GROUP allows (9 as 5 and 4, not 8 and a last
 * one whose send waits for its load's whole latency: a division pass's
 * splat vector loaded with 8 vectors); the copies of an unrolled loop
 * (hold) group across iterations, by LOAD_GROUP. */
static uint32_t group_cap(struct lw *lw, ir_op o)
{
    struct ir_module *m = lw->m;
    uint32_t run = 0;
    if (lw->p.hold)
        return LOAD_GROUP;
    for (; o; o = ir_op_get(m, o)->next) {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (is_fifo_load(m, o))
            run++;
        else if (!(ir_op_def(oi->kind)->flags & IR_OPF_PURE) || oi->nreg)
            break;
    }
    if (run <= LOAD_GROUP)
        return LOAD_GROUP;
    uint32_t groups = (run + LOAD_GROUP - 1) / LOAD_GROUP;
    return (run + groups - 1) / groups;
}

/* Whether loop (in a stage) holds only memory -> FIFO loads and pure ops
 * and runs the same 1..UNROLL_LOADS iterations on every core: its bounds. */
/* For a loop of loads of more than UNROLL_LOADS trips: the copies of its
 * body per iteration of the loop emitted (at most 4, as many loads as a
 * load group holds; the trips % u left after the loop), 1 for none. */
static uint32_t unroll_by(struct lw *lw, ir_op loop, int64_t trips)
{
    uint32_t loads = 0;
    IR_FOR_OPS(lw->m, lw_body(lw->m, loop, 0), op)
        loads += is_fifo_load(lw->m, op);
    uint32_t u = 1;
    while (u < 4 && loads && 2 * u * loads <= LW_LOAD_GROUP && trips >= 2 * u)
        u *= 2;
    return u;
}

static bool loads_loop(struct lw *lw, ir_op loop, uint32_t inst, int64_t *lb, int64_t *step,
                       int64_t *trips)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, loop);
    bool nested = false;
    int64_t inner = 0; /* the loads of an iteration */
    IR_FOR_OPS(m, lw_body(m, loop, 0), op) {
        const struct ir_op_info *oi = ir_op_get(m, op);
        int64_t l, s, t;
        uint32_t n = 0;
        inner += is_fifo_load(m, op);
        /* a loop of loads inside, emitted whole in each copy (a row's
         * vectors in a loop of rows) */
        if (oi->kind == IR_OP_SCF_FOR && !oi->nres && !lw_syncs_at(lw, op) &&
            loads_loop(lw, op, inst, &l, &s, &t) && t <= UNROLL_LOADS) {
            nested = true;
            for (ir_op x = ir_block_get(m, lw_body(m, op, 0))->first; x; x = ir_op_get(m, x)->next)
                n += is_fifo_load(m, x);
            inner += t * n;
            continue;
        }
        if ((!is_fifo_load(m, op) && oi->kind != IR_OP_SCF_YIELD &&
             (!(ir_op_def(oi->kind)->flags & IR_OPF_PURE) || oi->nreg)) ||
            lw_syncs_at(lw, op))
            return false;
    }
    int64_t b[3];
    for (uint32_t c = 0; c < lw->ncores; c++)
        for (int i = 0; i < 3; i++) {
            int64_t x;
            if (!lw_eval(lw, o->opnd[i], inst, c, &x) || (c && x != b[i]))
                return false;
            b[i] = x;
        }
    if (b[2] < 1 || b[1] <= b[0])
        return false;
    *lb = b[0];
    *step = b[2];
    *trips = (b[1] - b[0] + b[2] - 1) / b[2];
    /* with a loop inside, only a stream of two groups at least (a bigger
     * first group only delays the first sends) */
    if (nested)
        return *trips <= UNROLL_LOADS && *trips * inner >= 2 * LW_LOAD_GROUP;
    return *trips <= UNROLL_LOADS || unroll_by(lw, loop, *trips) > 1;
}

/* A loads_loop as its iterations one after the other, the IV a constant in
 * each: the loads group (LW_LOAD_GROUP) across iterations, so the unit
 * issues them back to back instead of waiting for each load before its
 * send. */
static bool emit_loads_unrolled(struct lw *lw, ir_op loop, uint32_t inst, int64_t lb,
                                int64_t step, int64_t trips)
{
    struct ir_module *m = lw->m;
    ir_value iv = ir_block_get(m, lw_body(m, loop, 0))->args[0];
    bool hold = lw->p.hold;
    bool ok = true;
    int64_t first = 0; /* the iterations left after a loop, one after the other */
    if (trips > UNROLL_LOADS) { /* a loop of u copies a step */
        uint32_t u = unroll_by(lw, loop, trips), mark;
        lw_flush_loads(lw); /* the loads before the loop send before it */
        ir_block outer = lw->p.cur;
        ir_op nl = lw_open_loop(lw, loop, inst, &mark);
        if (!nl)
            return false;
        ir_value niv = ir_block_get(m, lw_body(m, nl, 0))->args[0];
        ir_op_get(m, nl)->opnd[2] = lw_const(lw, step * u);
        first = trips - trips % u;
        if (first < trips)
            ir_op_get(m, nl)->opnd[1] = lw_const(lw, lb + first * step);
        lw->p.hold = true;
        for (uint32_t j = 0; j < u && ok; j++) {
            uint32_t inner = lw_scope_mark(lw);
            if (j) {
                struct ir_op_state st;
                ir_state_init(&st, m, "arith.addi", ir_op_get(m, loop)->loc);
                ir_state_add_operand(m, &st, niv);
                ir_state_add_operand(m, &st, lw_const(lw, step * j));
                ir_state_add_result(m, &st, m->t_index);
                lw_memo_put(lw, iv, inst, 0, ir_op_get(m, lw_append(lw, lw->p.cur, &st))->res,
                            true);
            }
            ok = emit_ops(lw, lw_body(m, loop, 0), inst);
            lw_scope_undo(lw, inner);
        }
        lw_flush_loads(lw);
        lw->p.hold = hold;
        lw_close_loop(lw, nl, outer);
        lw_scope_undo(lw, mark);
        if (!ok || first == trips)
            return ok;
    }
    lw->p.hold = true;
    for (int64_t j = first; j < trips && ok; j++) {
        uint32_t mark = lw_scope_mark(lw);
        lw_memo_put(lw, iv, inst, 0, lw_const(lw, lb + j * step), true);
        ok = emit_ops(lw, lw_body(m, loop, 0), inst);
        lw_scope_undo(lw, mark);
    }
    lw->p.hold = hold;
    return ok;
}

/* A loop of a compute stage carrying tensors (ktc-nest's register-carry):
 * an scf.for carrying their vectors, the body's block arguments memoized
 * as the new loop's. */
static ir_op open_carry_loop(struct lw *lw, ir_op loop, uint32_t inst, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, loop);
    if (o->nopnd != 3 + o->nres || o->nres > 8) {
        lw_error(lw, loop, "a loop of this shape in a stage is not supported yet");
        return IR_NONE;
    }
    ir_value b[3], init[8];
    for (int i = 0; i < 3; i++)
        if (!(b[i] = lw_value(lw, o->opnd[i], inst, loop)))
            return IR_NONE;
    for (uint32_t i = 0; i < o->nres; i++)
        if (!(init[i] = vec_of(lw, o->opnd[3 + i], inst, loop)))
            return IR_NONE;
    const struct ir_block_info *bi = ir_block_get(m, lw_body(m, loop, 0));
    ir_block body;
    ir_value niv;
    ir_op nl = new_loop(lw, o->loc, b, init, o->nres, ir_value_get(m, bi->args[0])->name, &body,
                        &niv, mark);
    lw_memo_put(lw, bi->args[0], inst, 0, niv, true);
    for (uint32_t i = 0; i < o->nres; i++) {
        ir_value a = ir_block_add_arg(m, body, ir_value_type(m, init[i]),
                                      ir_value_get(m, bi->args[1 + i])->name);
        lw_memo_put(lw, bi->args[1 + i], inst, P_VEC, a, true);
    }
    return nl;
}

/* The yield of a loop open_carry_loop opened: the vectors of the values
 * its body yields (lw_close_loop then closes it). */
static bool close_carry_loop(struct lw *lw, ir_op loop, ir_op nl, uint32_t inst)
{
    struct ir_module *m = lw->m;
    ir_op y = ir_block_get(m, lw_body(m, loop, 0))->last;
    const struct ir_op_info *yo = ir_op_get(m, y);
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.yield", yo->loc);
    for (uint32_t i = 0; i < yo->nopnd; i++) {
        ir_value v = vec_of(lw, yo->opnd[i], inst, y);
        if (!v)
            return false;
        if (ir_value_type(m, v) != ir_value_type(m, ir_op_result(m, nl, i)))
            return lw_error(lw, y, "a loop carrying a vector of another shape than its "
                            "initial value is not supported yet");
        ir_state_add_operand(m, &st, v);
    }
    lw_append(lw, lw->p.cur, &st);
    return true;
}

static bool emit_ops(struct lw *lw, ir_block b, uint32_t inst)
{
    struct ir_module *m = lw->m;
    struct lw_prog *p = &lw->p;
    IR_FOR_OPS(m, b, o)
    {
        const struct ir_op_info *oi = ir_op_get(m, o);
        lw_emit_waits_at(lw, o);
        bool value = (ir_op_def(oi->kind)->flags & IR_OPF_PURE) && !oi->nreg;
        int64_t lb = 0, step = 1, trips = 0;
        bool unroll = oi->kind == IR_OP_SCF_FOR && !oi->nres &&
                      loads_loop(lw, o, inst, &lb, &step, &trips);
        if (p->ngroup && (p->ngroup >= (p->gcap ? p->gcap : LOAD_GROUP) ||
                          (!is_fifo_load(m, o) && !value && !unroll)))
            lw_flush_loads(lw);
        switch (oi->kind) {
        case IR_OP_KTDF_DATA_TRANSFER:
            if (lw_hoisted(lw, p->stage, o))
                break; /* loaded before a loop around (lw_emit_hoisted) */
            if (!emit_transfer(lw, o, inst, 0))
                return false;
            break;
        case IR_OP_KTDF_READ_FROM_FIFO: {
            if (lw_hoisted(lw, p->stage, o))
                break; /* received before a loop around: its vector memoized */
            ir_type slot = ir_value_type(m, oi->opnd[0]);
            if (ir_type_numel(m, ir_value_type(m, oi->res)) != ir_type_get(m, slot)->shape[0])
                return lw_error(lw, o, "a FIFO read of other than one slot is not supported yet");
            ir_value v = receive(lw, o, slot);
            if (!v)
                return false;
            lw_memo_put(lw, oi->res, inst, P_VEC, v, true);
            break;
        }
        case IR_OP_KTDF_WRITE_TO_FIFO: {
            ir_value v = vec_of(lw, oi->opnd[0], inst, o);
            if (!v || !send(lw, o, ir_value_type(m, oi->opnd[1]), v))
                return false;
            break;
        }
        case IR_OP_LINALG_GENERIC:
            if (!lower_generic(lw, o, inst))
                return false;
            break;
        case IR_OP_SCF_FOR: {
            ir_block outer = lw->p.cur;
            uint32_t mark;
            if (unroll) {
                if (!emit_loads_unrolled(lw, o, inst, lb, step, trips))
                    return false;
                break;
            }
            ir_op nl = oi->nres ? open_carry_loop(lw, o, inst, &mark)
                                : lw_open_loop(lw, o, inst, &mark);
            if (!nl || !emit_ops(lw, lw_body(m, o, 0), inst))
                return false;
            if (oi->nres && !close_carry_loop(lw, o, nl, inst))
                return false;
            lw_close_loop(lw, nl, outer);
            lw_scope_undo(lw, mark);
            for (uint32_t r = 0; r < oi->nres; r++)
                lw_memo_put(lw, oi->res + r, inst, P_VEC, ir_op_result(m, nl, r), true);
            break;
        }
        case IR_OP_SCF_YIELD:
        case IR_OP_KTDF_PARALLEL_YIELD:
            break;
        default:
            if (!(ir_op_def(oi->kind)->flags & IR_OPF_PURE) || oi->nreg)
                return lw_error(lw, o, "'%s' in a stage is not supported yet",
                                ir_str_get(m, oi->name));
            break; /* values: lowered where used */
        }
        lw_emit_sends_after(lw, o);
    }
    if (!p->hold)
        lw_flush_loads(lw);
    return true;
}

/* A FIFO carries its slots in order, round and round: a stage must use the
 * slots of one ktdf.fifo.allocate in that order, as the vectors go. */
struct slot_use {
    ir_op alloc;
    uint32_t next; /* the slot due next */
};

struct slot_ctx {
    struct lw *lw;
    struct slot_use use[16];
    uint32_t n;
    bool ok;
};

static bool check_slot(struct slot_ctx *sc, ir_op at, ir_value v)
{
    struct ir_module *m = sc->lw->m;
    v = lw_through_private(m, v);
    ir_op a = ir_value_def(m, v);
    if (!a || ir_op_get(m, a)->kind != IR_OP_KTDF_FIFO_ALLOCATE)
        return true;
    uint32_t k = ir_value_get(m, v)->index, n = ir_op_get(m, a)->nres, i = 0;
    while (i < sc->n && sc->use[i].alloc != a)
        i++;
    if (i == sc->n) {
        if (sc->n == 16)
            return true;
        sc->use[sc->n++] = (struct slot_use){a, 0};
    }
    if (sc->use[i].next != k)
        return sc->ok = lw_error(sc->lw, at,
                                 "a stage using FIFO slot #%u where slot #%u is due "
                                 "is not supported yet",
                                 k, sc->use[i].next);
    sc->use[i].next = (k + 1) % n;
    return true;
}

static bool slot_op(struct ir_module *m, ir_op op, void *ctx)
{
    struct slot_ctx *sc = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_READ_FROM_FIFO || o->kind == IR_OP_KTDF_WRITE_TO_FIFO) {
        check_slot(sc, op, o->opnd[o->kind == IR_OP_KTDF_READ_FROM_FIFO ? 0 : 1]);
    } else if (o->kind == IR_OP_KTDF_DATA_TRANSFER) {
        struct side s[2];
        sides_of(m, op, s);
        for (int i = 0; i < 2 && sc->ok; i++)
            if (s[i].fifo)
                check_slot(sc, op, s[i].v);
    }
    return sc->ok;
}

uint32_t lw_dma_transfers(struct lw *lw, ir_op stage)
{
    struct ir_module *m = lw->m;
    uint32_t n = 0;
    IR_FOR_OPS(m, lw_body(m, stage, 0), o)
    {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (oi->kind == IR_OP_KTDF_DATA_TRANSFER) {
            struct side s[2];
            sides_of(m, o, s);
            if (s[0].fifo || s[1].fifo)
                return 0;
            n++;
        } else if (!(ir_op_def(oi->kind)->flags & IR_OPF_PURE) || oi->nreg) {
            return 0;
        }
    }
    return n;
}

bool lw_emit_transfer(struct lw *lw, ir_op xfer, uint32_t inst)
{
    return lower_transfer(lw, xfer, inst);
}

bool lw_emit_stage(struct lw *lw, ir_op stage, uint32_t inst)
{
    struct slot_ctx sc = {.lw = lw, .ok = true};
    ir_walk(lw->m, stage, slot_op, &sc);
    struct lw_prog *p = &lw->p;
    lw_map_free(&p->inv);
    p->ninv = 0;
    p->sblock = p->cur;
    p->smark = ir_block_get(lw->m, p->cur)->last;
    bool ok = sc.ok && emit_ops(lw, lw_body(lw->m, stage, 0), inst);
    lw_map_free(&p->inv);
    p->ninv = 0;
    p->sblock = IR_NONE;
    return ok;
}
