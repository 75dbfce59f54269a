/* split_ring.c - ktc-split's inter-tile phase (split.h), run on the KTIR
 * before compute-group extraction: an inter_tile_produce / inter_tile_reduce
 * pair becomes a chain of ring shifts and combiner copies that fold the
 * partials in ktc-interp's order, and an scf.if on the tile id alone
 * becomes an scf.for of one trip on the tiles where it holds, none
 * elsewhere. Both rewrites keep the kernel's meaning (ktc-interp runs the
 * result to the same bits) and leave only ops the later phases know.
 *
 * The fold. Consumer tile c of group g folds, from the identity, the
 * partials of g's producers in descending linear tile id starting at c,
 * wrapping around (ktc-interp's ring order): acc = id; for q in order(c):
 * acc = combine(acc, partial(q)). With x_0 = partial(c), the pair becomes
 *
 *   x_k = "ktdf.ring_shift"(x_0) {source_tiles = array<i64: order(0)[k], ...>}
 *                                       (k = 1 .. n - 1, groups of n; or, for
 *                                        large partials, x_k = shift of x_{k-1}
 *                                        from order(c)[1]: the same values)
 *   acc = combine(id, x_0)              (x_0 when there is no identity)
 *   acc = combine(acc, x_k) ...
 *
 * every combine a clone of the reduce's region; ktc-split's pipeline phase
 * turns each ring_shift into a scratchpad-to-scratchpad transfer from the
 * tile source_tiles[c]'s buffer, which ktc-path-expand routes over the
 * device's ring. Every tile computes its group's fold: a tile that is no
 * consumer gets a value KTIR leaves undefined.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

#define MAX_TILES 4096 /* tiles a grid may have for these rewrites */

static uint32_t set_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_INTEGER_SET ? ai->map : 0;
}

/* ---- inter-tile reduce -------------------------------------------------- */

/* Whether op, cloned from a combiner, may compute on another shape of the
 * same elements: its meaning is elementwise whatever the rank (no maps,
 * dims or permutations). */
static bool shape_free(const struct ir_module *m, ir_op op)
{
    switch (ir_op_get(m, op)->kind) {
    case IR_OP_TENSOR_EMPTY: case IR_OP_LINALG_ADD: case IR_OP_LINALG_SUB:
    case IR_OP_LINALG_MUL: case IR_OP_LINALG_DIV: case IR_OP_LINALG_MAX: case IR_OP_LINALG_MIN:
    case IR_OP_LINALG_MAP: case IR_OP_LINALG_COPY: case IR_OP_KTDP_YIELD_REDUCED:
        return true;
    default:
        return split_compute_op_ok(m, op);
    }
}

/* Clones the combiner region of reduce before it, with lhs and rhs for its
 * two arguments; returns the value it yields. Results of type `from` get
 * type `to` (from IR_NONE: none retyped). */
static ir_value combine(struct ir_module *m, ir_op reduce, ir_value lhs, ir_value rhs,
                        ir_type from, ir_type to)
{
    ir_block body = split_body(m, reduce, 0);
    const struct ir_block_info *bi = ir_block_get(m, body);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, bi->args[0], lhs);
    split_vmap_set(&vm, bi->args[1], rhs);
    ir_value r = IR_NONE;
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDP_YIELD_REDUCED) {
            r = split_vmap_get(&vm, o->opnd[0]);
            break;
        }
        ir_op cl = split_clone(m, op, &vm);
        for (uint32_t i = 0; from && i < ir_op_get(m, cl)->nres; i++)
            if (ir_value_type(m, ir_op_get(m, cl)->res + i) == from)
                ir_value_get(m, ir_op_get(m, cl)->res + i)->type = to;
        ir_op_insert_before(m, reduce, cl);
    }
    split_vmap_free(&vm);
    return r;
}

/* The identity v (of a flat type) as a tensor of type `to` holding the same
 * elements, made before `at`: v must be one value repeated (a linalg.fill
 * of a tensor.empty, a tensor.splat, a splat constant). IR_NONE otherwise. */
static ir_value reshaped_identity(struct ir_module *m, ir_op at, ir_value v, ir_type to)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    struct split_b b;
    sb_before(&b, m, at, ir_op_get(m, at)->loc);
    struct split_vmap vm = {0};
    ir_op cl = IR_NONE;
    if (o && o->kind == IR_OP_LINALG_FILL && o->nopnd == 2 && o->nres == 1 &&
        ir_value_def(m, o->opnd[1]) &&
        ir_op_get(m, ir_value_def(m, o->opnd[1]))->kind == IR_OP_TENSOR_EMPTY) {
        split_vmap_set(&vm, o->opnd[1], sb_tensor_empty(&b, to));
        cl = split_clone(m, d, &vm);
    } else if (o && o->kind == IR_OP_TENSOR_SPLAT && o->nopnd == 1) {
        cl = split_clone(m, d, &vm);
    } else if (o && o->kind == IR_OP_ARITH_CONSTANT) {
        const struct ir_attr_info *a = ir_attr_get(m, ir_op_attr(m, d, "value"));
        if (a->kind == IR_AT_DENSE && a->n == 1) {
            struct ir_attr_info na = *a;
            na.type = to;
            cl = split_clone(m, d, &vm);
            ir_op_set_attr(m, cl, "value", ir_attr_intern(m, &na));
        }
    }
    split_vmap_free(&vm);
    if (!cl)
        return IR_NONE;
    ir_value_get(m, ir_op_get(m, cl)->res)->type = to;
    ir_op_insert_before(m, at, cl);
    return ir_op_get(m, cl)->res;
}

static ir_value ring_shift(struct ir_module *m, ir_op at, ir_value x, int64_t ntiles,
                           const int64_t *pred)
{
    struct ir_op_state st;
    ir_state_init(&st, m, SPLIT_RING_SHIFT, ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, x);
    ir_state_add_result(m, &st, ir_value_type(m, x));
    ir_state_set_attr(m, &st, "source_tiles",
                      ir_attr_dense_array(m, m->t_i64, (uint32_t)ntiles, pred));
    ir_op op = ir_op_create(m, &st);
    ir_op_insert_before(m, at, op);
    return ir_op_result(m, op, 0);
}

/* Users of a rank-reduced result r that expand it back to acc's type read
 * acc instead. */
struct expand_fix {
    ir_op fn;
    ir_value r, acc;
    uint32_t ndead;
    ir_op dead[64]; /* the expand_shapes, unlinked after the walk */
};

static bool fix_expand(struct ir_module *m, ir_op op, void *ctx)
{
    struct expand_fix *f = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_TENSOR_EXPAND_SHAPE && o->nopnd >= 1 && o->opnd[0] == f->r &&
        ir_value_type(m, o->res) == ir_value_type(m, f->acc)) {
        split_replace_uses(m, f->fn, o->res, f->acc);
        if (f->ndead < 64)
            f->dead[f->ndead] = op;
        f->ndead++;
    }
    return true;
}

/* Whether tile i produces for group g (the unique group of i, ref §2.10). */
static bool produces(const struct ir_module *m, uint32_t gset, uint32_t pset, int64_t i,
                     int64_t g)
{
    return ir_set_contains(m, gset, &g, NULL) && ir_set_contains(m, pset, &i, &g);
}

uint32_t split_ring_unit(const struct split_ctx *c, uint32_t *lat, uint32_t *ring)
{
    const struct arch_device *d = c->dev;
    uint32_t a = c->scratch ? arch_kind_find(d, c->scratch) : ARCH_NONE;
    for (uint32_t u = 0; a != ARCH_NONE && u < d->nkinds; u++) {
        uint32_t in = ARCH_NONE, out = ARCH_NONE, hop = ARCH_NONE;
        for (uint32_t e = 0; e < d->nedges; e++) {
            if (d->edges[e].src == a && d->edges[e].dst == u)
                in = d->edges[e].link;
            if (d->edges[e].src == u && d->edges[e].dst == a)
                out = d->edges[e].link;
            if (d->edges[e].src == u && d->edges[e].dst == u)
                hop = d->edges[e].link;
        }
        if (d->kinds[u].node == ARCH_UNIT && in != ARCH_NONE && out != ARCH_NONE &&
            hop != ARCH_NONE) {
            if (lat)
                *lat = (uint32_t)(d->links[in].latency + d->links[hop].latency +
                                  d->links[out].latency);
            if (ring)
                *ring = hop;
            return u;
        }
    }
    return ARCH_NONE;
}

/* Whether the partials of a group of n are read from their tiles directly
 * rather than passed along the ring, by the device's ring figures (L the
 * latency memory -> ring stop -> ring stop -> memory, h a hop's, T = bytes /
 * bandwidth a partial's time on a link, s a signal's latency): passed on,
 * the n - 1 transfers run one after the other, (n - 1)(L + T + s); read
 * directly they overlap, but the busiest link carries about n^2/4 partials
 * and the farthest is n - 1 hops away: n^2/4 T + L + (n - 2) h. Small
 * partials go direct, large ones hop by hop (less ring traffic). */
static bool read_direct(const struct split_ctx *c, int64_t n, ir_type t)
{
    uint32_t lat = 0, hop = ARCH_NONE;
    const struct ir_module *m = c->m;
    int64_t bytes = ir_type_numel(m, t);
    int64_t es = ir_type_bytes(m, ir_type_elem(m, t));
    if (split_ring_unit(c, &lat, &hop) == ARCH_NONE || bytes < 0 || es <= 0)
        return false;
    const struct arch_link *h = &c->dev->links[hop];
    double tx = (double)(bytes * es) / (h->bandwidth > 0 ? (double)h->bandwidth
                                                         : (double)ARCH_DEFAULT_BANDWIDTH);
    double chain = (double)(n - 1) * ((double)lat + tx + ARCH_DEFAULT_LATENCY);
    double direct = (double)(n * n / 4) * tx + (double)lat + (double)(n - 2) * (double)h->latency;
    return direct <= chain;
}

/* linalg.copy of tensor v into a tensor.empty, made at b. */
static ir_value copy_of(struct split_b *b, ir_value v)
{
    struct ir_module *m = b->m;
    ir_type t = ir_value_type(m, v);
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.copy", b->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_add_operand(m, &st, sb_tensor_empty(b, t));
    int64_t seg[2] = {1, 1};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, seg));
    ir_state_add_result(m, &st, t);
    return ir_op_result(m, sb_emit(b, &st), 0);
}

/* Rewrites one inter_tile_reduce and the produce feeding it. */
static bool rewrite_reduce(struct split_ctx *c, ir_op fn, ir_op red)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *ro = ir_op_get(m, red);
    ir_op prod = ir_value_def(m, ro->opnd[0]);
    if (!prod || ir_op_get(m, prod)->kind != IR_OP_KTDP_INTER_TILE_PRODUCE)
        return split_error(c, red, "an inter_tile_reduce of a future no inter_tile_produce "
                                   "made is not supported yet");
    uint32_t *uses = split_use_counts(m, fn);
    uint32_t nuse = uses[ro->opnd[0]];
    free(uses);
    if (nuse != 1)
        return split_error(c, prod, "a tile future delivered more than once is not supported "
                                    "yet");
    /* Inside a loop (or an scf.if), the ring shifts go before the op of
     * the function's block holding the reduce: the partial must come from
     * that block, so the shifts are loop-invariant and run once. */
    ir_op top = red;
    while (ir_op_parent(m, top) != fn)
        top = ir_op_parent(m, top);
    const struct ir_op_info *po = ir_op_get(m, prod);
    const struct ir_type_info *ft = ir_type_get(m, ir_value_type(m, po->res));
    if (ft->ntys != 1 || ro->nres != 1)
        return split_error(c, red, "an inter-tile exchange of %u partials (only one is "
                                   "supported yet)", ft->ntys);
    if (ir_op_attr(m, red, "producer_dependency_per_consumer"))
        return split_error(c, red, "inter_tile_reduce with producer_dependency_per_consumer is "
                                   "not supported yet");
    const struct ir_attr_info *ga = ft->attr0 ? ir_attr_get(m, ft->attr0) : NULL;
    uint32_t gset = ga && ga->kind == IR_AT_INTEGER_SET ? ga->map : 0;
    uint32_t pset = set_attr(m, prod, "producer_tiles_per_group");
    uint32_t cset = set_attr(m, red, "consumer_tiles_per_group");
    int64_t glo, ghi;
    if (!gset || !pset || !cset || !ir_set_box(m, gset, NULL, &glo, &ghi) || glo == INT64_MIN ||
        ghi == INT64_MAX || ghi - glo > MAX_TILES)
        return split_error(c, prod, "inter-tile groups that are not a bounded range are not "
                                    "supported yet");
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES);
    if (!ntiles)
        return split_error(c, prod, "inter-tile ops on a grid of more than %d tiles are not "
                                    "supported yet", MAX_TILES);
    /* Each tile's group, the groups' members in ascending id (one list
     * after the other), each tile's position in its group's list. */
    int64_t *grp = malloc((size_t)ntiles * sizeof *grp), *pos = malloc((size_t)ntiles * sizeof *pos);
    int64_t *members = malloc((size_t)ntiles * sizeof *members);
    int64_t *first = calloc((size_t)(ghi - glo + 2), sizeof *first); /* group -> list start */
    if (!grp || !pos || !members || !first)
        abort();
    int64_t size = -1;
    bool ok = true;
    for (int64_t t = 0; t < ntiles && ok; t++) {
        int64_t g = glo;
        while (g <= ghi && !produces(m, gset, pset, t, g))
            g++;
        if (g > ghi)
            ok = split_error(c, prod, "tile %lld is in no producer group", (long long)t);
        else
            first[g - glo + 1]++;
        grp[t] = g;
    }
    for (int64_t g = glo; g <= ghi && ok; g++) {
        int64_t n = first[g - glo + 1];
        if (n && size >= 0 && n != size)
            ok = split_error(c, prod, "inter-tile groups of different sizes (%lld and %lld "
                                      "tiles) are not supported yet", (long long)size,
                             (long long)n);
        if (n)
            size = n;
        first[g - glo + 1] += first[g - glo];
    }
    for (int64_t t = 0, *fill = first; t < ntiles && ok; t++) {
        int64_t at = fill[grp[t] - glo]++;
        members[at] = t;
        pos[t] = at;
    }
    for (int64_t t = 0; t < ntiles && ok; t++) /* positions from the lists' starts */
        pos[t] -= first[grp[t] - glo] - size;
    /* A consumer outside its group's producers would fold from another
     * start than any tile of the ring. */
    for (int64_t t = 0; t < ntiles && ok; t++)
        for (int64_t g = glo; g <= ghi && ok; g++) {
            int64_t syms[1] = {g};
            if (ir_set_contains(m, gset, &g, NULL) && ir_set_contains(m, cset, &t, syms) &&
                grp[t] != g)
                ok = split_error(c, red, "tile %lld consumes group %lld's reduction without "
                                         "producing for it; not supported yet", (long long)t,
                                 (long long)g);
        }
    if (!ok) {
        free(grp), free(pos), free(members), free(first);
        return false;
    }
    /* The partial: the produce region's yield, its other ops cloned before
     * the produce when they do not use the group id. */
    ir_block pbody = split_body(m, prod, 0);
    ir_value gid = ir_block_get(m, pbody)->nargs ? ir_block_get(m, pbody)->args[0] : IR_NONE;
    struct split_vmap vm = {0};
    ir_value x = IR_NONE;
    IR_FOR_OPS(m, pbody, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDP_YIELD_PARTIAL) {
            x = split_vmap_get(&vm, o->opnd[0]);
            break;
        }
        for (uint32_t k = 0; k < o->nopnd && ok; k++)
            if (gid && o->opnd[k] == gid)
                ok = split_error(c, op, "an inter_tile_produce region using its group id is "
                                        "not supported yet");
        if (!ok)
            break;
        ir_op_insert_before(m, prod, split_clone(m, op, &vm));
    }
    split_vmap_free(&vm);
    if (ok && (!x || x == gid))
        ok = split_error(c, prod, "malformed inter_tile_produce");
    /* A partial collapsed into a flat tensor (tensor.collapse_shape keeps
     * the elements' row-major order) is exchanged and folded in its own
     * shape; the reduction must then only be expanded back to it. */
    ir_type flat = IR_NONE, shaped = IR_NONE;
    ir_op cop = ok ? ir_value_def(m, x) : IR_NONE;
    if (cop && ir_op_get(m, cop)->kind != IR_OP_TENSOR_COLLAPSE_SHAPE)
        cop = IR_NONE;
    if (cop) {
        flat = ir_value_type(m, x);
        shaped = ir_value_type(m, ir_op_get(m, cop)->opnd[0]);
        ir_block rb = split_body(m, red, 0);
        IR_FOR_OPS(m, rb, op)
            if (ok && !shape_free(m, op))
                ok = split_error(c, op, "an inter_tile_reduce of a tensor.collapse_shape whose "
                                        "combiner is not elementwise (%s) is not supported yet",
                                 ir_str_get(m, ir_op_get(m, op)->name));
        if (ok && ir_op_get(m, red)->nopnd > 1) {
            ir_value id = reshaped_identity(m, red, ir_op_get(m, red)->opnd[1], shaped);
            if (!id)
                ok = split_error(c, red, "an inter_tile_reduce of a tensor.collapse_shape whose "
                                         "identity is not one value repeated (a fill, splat or "
                                         "splat constant) is not supported yet");
            else
                ir_op_get(m, red)->opnd[1] = id;
        }
        if (ok)
            x = ir_op_get(m, cop)->opnd[0];
    }
    /* A partial an scf.for made (its carried buffer) is exchanged from a
     * copy made after the loop, a generic's buffer as the ring reads. */
    ir_op xd = ok ? ir_value_def(m, x) : IR_NONE;
    if (xd && ir_op_get(m, xd)->kind == IR_OP_SCF_FOR) {
        struct split_b cb;
        sb_before(&cb, m, ir_op_get(m, xd)->next, ir_op_get(m, prod)->loc);
        x = copy_of(&cb, x);
    }
    /* A partial computed in the loop is exchanged where it is made. */
    if (ok && top != red &&
        (!ir_value_def(m, x) || ir_op_get(m, ir_value_def(m, x))->block != ir_op_get(m, top)->block))
        top = red;
    if (!ok) {
        free(grp), free(pos), free(members), free(first);
        return false;
    }
    /* The fold, in ring order: the k-th partial tile t folds is that of
     * src_k[t] = its group's member k places below it, cyclically. Small
     * partials are read there directly (the n - 1 transfers of a tile run
     * at once, k hops each); large ones pass from neighbour to neighbour
     * (a chain of n - 1 one-hop transfers: less ring traffic). */
    bool direct = read_direct(c, size, ir_value_type(m, x));
    int64_t *src = malloc((size_t)ntiles * sizeof *src);
    if (!src)
        abort();
    /* The shifts first, so that every combine (and anything after them
     * reading a loaded partial) finds it staged in its buffer. */
    ir_value *xs = malloc((size_t)size * sizeof *xs);
    if (!xs)
        abort();
    xs[0] = x;
    for (int64_t k = 1; k < size; k++) {
        for (int64_t t = 0; t < ntiles; t++) {
            int64_t base = first[grp[t] - glo] - size, d = direct ? k : 1;
            src[t] = members[base + ((pos[t] - d) % size + size) % size];
        }
        xs[k] = ring_shift(m, top, direct ? xs[0] : xs[k - 1], ntiles, src);
    }
    ro = ir_op_get(m, red);
    ir_value acc = ro->nopnd > 1 ? combine(m, red, ro->opnd[1], x, flat, shaped) : x;
    for (int64_t k = 1; k < size && acc; k++)
        acc = combine(m, red, acc, xs[k], flat, shaped);
    free(xs);
    free(src);
    free(grp), free(pos), free(members), free(first);
    if (!acc)
        return split_error(c, red, "malformed inter_tile_reduce");
    /* The result: the fold, or (rank-reduced, ref C3) the fold where an
     * expand_shape gives the partial's shape back. */
    ir_value r = ir_op_get(m, red)->res;
    if (ir_value_type(m, r) != ir_value_type(m, acc)) {
        uint32_t *u = split_use_counts(m, fn);
        uint32_t left = u[r];
        free(u);
        struct expand_fix f = {.fn = fn, .r = r, .acc = acc};
        ir_walk(m, fn, fix_expand, &f);
        for (uint32_t i = 0; i < f.ndead && i < 64; i++)
            ir_op_unlink(m, f.dead[i]);
        if (f.ndead != left || f.ndead > 64)
            return split_error(c, red, "a rank-reduced inter_tile_reduce result used other "
                                       "than by tensor.expand_shape back to the partial's shape "
                                       "is not supported yet");
    } else {
        split_replace_uses(m, fn, r, acc);
    }
    ir_op_unlink(m, red);
    ir_op_unlink(m, prod);
    if (cop) { /* the collapse, unless something else reads it */
        uint32_t *u = split_use_counts(m, fn);
        if (!u[ir_op_get(m, cop)->res])
            ir_op_unlink(m, cop);
        free(u);
    }
    return true;
}

/* ---- scf.if on the tile id ------------------------------------------------ */

/* Loop variables bound to values while evaluating (split_eval_bound). */
struct bound {
    uint32_t n;
    const ir_value *v;
    const int64_t *x;
};

static bool eval_on_tile(const struct ir_module *m, ir_value v, int64_t t, const struct bound *bd,
                         int64_t *out, struct sched_memo *mm);

bool split_eval_on_tile(const struct ir_module *m, ir_value v, int64_t t, int64_t *out)
{
    struct sched_memo mm;
    mm.n = 0;
    return eval_on_tile(m, v, t, NULL, out, &mm);
}

bool split_eval_bound(const struct ir_module *m, ir_value v, int64_t t, uint32_t n,
                      const ir_value *vals, const int64_t *xs, int64_t *out)
{
    struct bound bd = {n, vals, xs};
    struct sched_memo mm;
    mm.n = 0;
    return eval_on_tile(m, v, t, &bd, out, &mm);
}

static bool eval_op(const struct ir_module *m, ir_value v, int64_t t, const struct bound *bd,
                    int64_t *out, struct sched_memo *mm);

/* Evaluates index/i1 value v on tile t (the linear id): constants, the
 * tile id (result k: the tile's coordinate along grid dimension k; one
 * result on an N-D grid: dimension 0, grid.h), the values bd binds and
 * integer arithmetic over them. False when v depends on anything else.
 * Each value is evaluated once (mm). */
static bool eval_on_tile(const struct ir_module *m, ir_value v, int64_t t, const struct bound *bd,
                         int64_t *out, struct sched_memo *mm)
{
    for (uint32_t i = 0; bd && i < bd->n; i++)
        if (bd->v[i] == v) {
            *out = bd->x[i];
            return true;
        }
    bool found;
    int32_t s = ir_value_def(m, v) ? sched_memo_slot(mm, v, &found) : -1;
    if (s < 0)
        return false;
    if (!found)
        mm->ok[s] = eval_op(m, v, t, bd, &mm->x[s], mm);
    if (mm->ok[s])
        *out = mm->x[s];
    return mm->ok[s];
}

/* eval_on_tile of a value defined by an op, not evaluated before. */
static bool eval_op(const struct ir_module *m, ir_value v, int64_t t, const struct bound *bd,
                    int64_t *out, struct sched_memo *mm)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID) {
        *out = sched_grid_coord(m, d, t, ir_value_get(m, v)->index);
        return true;
    }
    if (o->kind == IR_OP_ARITH_CONSTANT)
        return split_const_int(m, v, out) ||
               (ir_attr_get(m, ir_op_attr(m, d, "value"))->kind == IR_AT_BOOL &&
                (*out = ir_attr_get(m, ir_op_attr(m, d, "value"))->i, true));
    if (o->kind == IR_OP_ARITH_INDEX_CAST || o->kind == IR_OP_ARITH_INDEX_CASTUI)
        return eval_on_tile(m, o->opnd[0], t, bd, out, mm);
    int64_t a, b;
    if (o->nopnd != 2 || !eval_on_tile(m, o->opnd[0], t, bd, &a, mm) ||
        !eval_on_tile(m, o->opnd[1], t, bd, &b, mm))
        return false;
    switch (o->kind) {
    case IR_OP_ARITH_ADDI: *out = a + b; return true;
    case IR_OP_ARITH_SUBI: *out = a - b; return true;
    case IR_OP_ARITH_MULI: *out = a * b; return true;
    case IR_OP_ARITH_ANDI: *out = a & b; return true;
    case IR_OP_ARITH_ORI: *out = a | b; return true;
    case IR_OP_ARITH_XORI: *out = a ^ b; return true;
    case IR_OP_ARITH_MINSI: *out = a < b ? a : b; return true;
    case IR_OP_ARITH_MAXSI: *out = a > b ? a : b; return true;
    case IR_OP_ARITH_DIVSI:
    case IR_OP_ARITH_REMSI:
        if (b == 0)
            return false;
        *out = o->kind == IR_OP_ARITH_DIVSI ? a / b : a % b;
        return true;
    case IR_OP_ARITH_CMPI: {
        /* MLIR's order: eq ne slt sle sgt sge ult ule ugt uge */
        uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
        switch (ir_attr_get(m, ir_op_attr(m, d, "predicate"))->i) {
        case 0: *out = a == b; return true;
        case 1: *out = a != b; return true;
        case 2: *out = a < b; return true;
        case 3: *out = a <= b; return true;
        case 4: *out = a > b; return true;
        case 5: *out = a >= b; return true;
        case 6: *out = ua < ub; return true;
        case 7: *out = ua <= ub; return true;
        case 8: *out = ua > ub; return true;
        case 9: *out = ua >= ub; return true;
        default: return false;
        }
    }
    default:
        return false;
    }
}

/* Whether op (no regions, no effect, no tensor) may move out of a body
 * whose values it does not use. */
static bool hoistable(const struct ir_module *m, ir_op op, ir_block body)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) ||
        (ir_op_def(o->kind)->flags & IR_OPF_TERMINATOR))
        return false;
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_type_get(m, ir_value_type(m, o->res + i))->kind == IR_TY_TENSOR)
            return false;
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const struct ir_value_info *vi = ir_value_get(m, o->opnd[i]);
        ir_op d = vi->is_arg ? IR_NONE : vi->owner;
        if (vi->is_arg ? vi->owner == body : ir_op_get(m, d)->block == body)
            return false;
    }
    return true;
}

/* The linear tile id at b: the one-result tile id on a 1-D grid (dims
 * after the first 1), else c0 + n0 (c1 + n1 c2) from the tile's
 * coordinates (grid.h). */
static ir_value linear_tile_id(struct split_b *b, ir_op fn)
{
    struct ir_module *m = b->m;
    int64_t g[3];
    uint32_t n = sched_grid_dims(m, fn, g); /* results: up to the last dim over 1 */
    while (n > 1 && g[n - 1] == 1)
        n--;
    n = n ? n : 1;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdp.get_compute_tile_id", b->loc);
    for (uint32_t k = 0; k < n; k++)
        ir_state_add_result(m, &st, m->t_index);
    ir_op id = sb_emit(b, &st);
    ir_value lin = ir_op_result(m, id, n - 1);
    for (uint32_t k = n - 1; k-- > 0;)
        lin = sb_addi(b, sb_muli(b, lin, g[k]), ir_op_result(m, id, k));
    return lin;
}

/* Rewrites `scf.if %cond { body }` (no results, no else) whose condition
 * depends on the tile id alone into `scf.for %i = 0 to %n step 1 { body }`,
 * %n 1 on the tiles where it holds (a contiguous range lo..hi: min(pid - lo
 * + 1, hi - pid + 1, 1) clamped at 0), 0 elsewhere; the body's pure
 * non-tensor ops that only read outside values (views, access tiles, index
 * math) move before the loop, where the compute group can reach them. */
static bool rewrite_if(struct split_ctx *c, ir_op fn, ir_op iff)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, iff);
    if (o->nres)
        return split_error(c, iff, "scf.if with results is not supported yet");
    if (o->nreg > 1 && split_body(m, iff, 1) &&
        ir_block_get(m, split_body(m, iff, 1))->first !=
            ir_block_get(m, split_body(m, iff, 1))->last)
        return split_error(c, iff, "scf.if with an else region is not supported yet");
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES), lo = -1, hi = -1;
    bool contiguous = true;
    for (int64_t t = 0; t < ntiles; t++) {
        int64_t v;
        if (!split_eval_on_tile(m, o->opnd[0], t, &v))
            return split_error(c, iff, "scf.if on a condition that is not a function of the "
                                       "tile id alone is not supported yet");
        if (!v)
            continue;
        if (lo < 0)
            lo = t;
        else if (hi != t - 1)
            contiguous = false;
        hi = t;
    }
    if (!ntiles || !contiguous)
        return split_error(c, iff, "scf.if holding on tiles that are not one contiguous range "
                                   "is not supported yet");
    struct split_b b;
    struct split_cse cse = {0};
    sb_before(&b, m, iff, o->loc);
    b.cse = &cse;
    ir_value n;
    if (lo < 0)
        n = sb_index(&b, 0);
    else if (lo == 0 && hi == ntiles - 1)
        n = sb_index(&b, 1);
    else {
        ir_value pid = linear_tile_id(&b, fn);
        ir_value up = sb_arith(&b, "arith.subi", pid, sb_index(&b, lo - 1));  /* pid - lo + 1 */
        ir_value down = sb_arith(&b, "arith.subi", sb_index(&b, hi + 1), pid); /* hi - pid + 1 */
        n = sb_arith(&b, "arith.minsi", up, down);
        n = sb_arith(&b, "arith.minsi", n, sb_index(&b, 1));
        n = sb_arith(&b, "arith.maxsi", n, sb_index(&b, 0));
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", o->loc);
    ir_state_add_operand(m, &st, sb_index(&b, 0));
    ir_state_add_operand(m, &st, n);
    ir_state_add_operand(m, &st, sb_index(&b, 1));
    ir_block body = sb_region(m, &st);
    ir_block_add_arg(m, body, m->t_index, IR_NONE);
    split_set_name(m, n, "trips");
    ir_op loop = sb_emit(&b, &st);
    free(cse.ops);
    ir_block then = split_body(m, iff, 0);
    ir_op next;
    for (ir_op op = ir_block_get(m, then)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_block_append_op(m, body, op);
    }
    if (!ir_block_get(m, body)->last ||
        ir_op_get(m, ir_block_get(m, body)->last)->kind != IR_OP_SCF_YIELD) {
        struct ir_op_state y;
        ir_state_init(&y, m, "scf.yield", o->loc);
        ir_block_append_op(m, body, ir_op_create(m, &y));
    }
    for (ir_op op = ir_block_get(m, body)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (hoistable(m, op, body)) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, loop, op);
        }
    }
    /* A store in the body of a tensor computed outside it stores a copy
     * made in the body (the loop's own compute group work). */
    for (ir_op op = ir_block_get(m, body)->first; op; op = ir_op_get(m, op)->next) {
        struct ir_op_info *so = ir_op_get(m, op);
        ir_op d = so->kind == IR_OP_KTDP_STORE ? ir_value_def(m, so->opnd[0]) : IR_NONE;
        if (!d || ir_op_get(m, d)->block == body)
            continue;
        struct split_b cb;
        sb_before(&cb, m, op, so->loc);
        ir_value cv = copy_of(&cb, so->opnd[0]);
        ir_op_get(m, op)->opnd[0] = cv;
    }
    ir_op_unlink(m, iff);
    return true;
}

/* Whether op's regions use a tensor defined outside op: then the scf.if
 * belongs to a compute group (it is rewritten); otherwise it stays the
 * orchestrator's control flow around the calls of its groups. */
static bool tensor_enters(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, x) {
                const struct ir_op_info *xo = ir_op_get(m, x);
                for (uint32_t i = 0; i < xo->nopnd; i++) {
                    if (ir_type_get(m, ir_value_type(m, xo->opnd[i]))->kind != IR_TY_TENSOR)
                        continue;
                    if (!ir_value_defined_in(m, xo->opnd[i], op))
                        return true;
                }
                if (xo->nreg && tensor_enters(m, x))
                    return true;
            }
    return false;
}

/* ---- reads of another core's scratchpad ---------------------------------- */

/* The core whose scratchpad view (a construct_memory_view) names by
 * ct_id, or -1: global memory, or the scratchpad of the tile's own core. */
static int64_t named_core(const struct ir_module *m, ir_op view)
{
    ir_attr a = ir_op_attr(m, view, "memory_space");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_MEMSPACE || !(ai->flags & IR_ATF_HAS_ID) ||
        ai->i == IR_MS_GLOBAL || ai->i == IR_MS_UNSPECIFIED)
        return -1;
    return ai->id;
}

/* A load x of an access tile on a view in core k's scratchpad (ct_id = k):
 * every tile loads its own scratchpad at those addresses and a ring shift
 * from tile k delivers k's values, which x's users read. The later phases
 * read a view in ct_local memory as the tile's own scratchpad; the
 * pipeline phase moves the tile over the ring from where it is in k's
 * scratchpad into a buffer (schedule_ring). A grid of one tile reads its
 * own (k = 0). */
static bool remote_loads(struct split_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops views = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW, &views);
    int64_t ntiles = sched_grid_tiles(m, fn, MAX_TILES), *from = NULL;
    bool ok = true;
    for (uint32_t i = 0; i < views.n && ok; i++) {
        ir_op view = views.v[i];
        int64_t k = named_core(m, view);
        if (k < 0 || (ntiles == 1 && k == 0))
            continue;
        if (!ntiles) {
            ok = split_error(c, view, "a view of another core's scratchpad on a grid of more "
                                      "than %d tiles is not supported yet", MAX_TILES);
            break;
        }
        if (k >= ntiles) {
            ok = split_error(c, view, "this view is in the scratchpad of core %lld (ct_id), "
                                      "where no tile of the grid runs (tiles 0 to %lld); not "
                                      "supported yet", (long long)k, (long long)ntiles - 1);
            break;
        }
        if (split_ring_unit(c, NULL, NULL) == ARCH_NONE) {
            ok = split_error(c, view, "a view of core %lld's scratchpad (ct_id) on device @%s, "
                                      "which has no unit linking the %s of different cores (a "
                                      "ring), is not supported yet", (long long)k, c->dev->name,
                             c->scratch ? c->scratch : "ct_local memory");
            break;
        }
        if (!from && !(from = malloc((size_t)ntiles * sizeof *from)))
            abort();
        for (int64_t t = 0; t < ntiles; t++)
            from[t] = k;
        struct sched_ops tiles = {0};
        sched_ops_using(m, fn, ir_op_result(m, view, 0), &tiles);
        for (uint32_t j = 0; j < tiles.n && ok; j++) {
            ir_op at = tiles.v[j];
            if (ir_op_get(m, at)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE) {
                ok = split_error(c, at, "'%s' of a view of core %lld's scratchpad (ct_id) is "
                                        "not supported yet (a direct access tile is)",
                                 ir_str_get(m, ir_op_get(m, at)->name), (long long)k);
                break;
            }
            struct sched_ops uses = {0};
            sched_ops_using(m, fn, ir_op_result(m, at, 0), &uses);
            for (uint32_t u = 0; u < uses.n && ok; u++) {
                ir_op x = uses.v[u];
                if (ir_op_get(m, x)->kind != IR_OP_KTDP_LOAD) {
                    ok = split_error(c, x, "'%s' into core %lld's scratchpad (ct_id) from "
                                           "every tile of the grid is not supported yet (a "
                                           "tile writes its own scratchpad: ct_local without "
                                           "ct_id)", ir_str_get(m, ir_op_get(m, x)->name),
                                     (long long)k);
                    break;
                }
                ir_value v = ir_op_result(m, x, 0);
                ir_op next = ir_op_get(m, x)->next;
                ir_value r = ring_shift(m, next, v, ntiles, from);
                split_replace_uses(m, fn, v, r);
                ir_op_get(m, ir_value_def(m, r))->opnd[0] = v;
            }
            free(uses.v);
        }
        free(tiles.v);
    }
    free(from);
    free(views.v);
    return ok;
}

/* ---- the phase ---------------------------------------------------------- */


bool split_is_ring_shift(const struct ir_module *m, ir_op op)
{
    return op && ir_op_get(m, op)->kind == IR_OP_UNKNOWN &&
           strcmp(ir_str_get(m, ir_op_get(m, op)->name), SPLIT_RING_SHIFT) == 0;
}

bool split_ring(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    bool ok = true;
    struct sched_ops fns = {0};
    IR_FOR_OPS(m, ir_module_body(m), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            sched_ops_of_kind(m, op, IR_OP_FUNC_FUNC, &fns);
    for (uint32_t f = 0; f < fns.n; f++) {
        ir_op fn = fns.v[f];
        ok &= remote_loads(c, fn);
        struct sched_ops l = {0};
        sched_ops_of_kind(m, fn, IR_OP_KTDP_INTER_TILE_REDUCE, &l);
        for (uint32_t i = 0; i < l.n; i++)
            ok &= rewrite_reduce(c, fn, l.v[i]);
        if (ok && l.n && split_ring_unit(c, NULL, NULL) == ARCH_NONE)
            ok = split_error(c, l.v[0], "inter-tile exchanges on device @%s, which has no unit "
                                        "linking the %s of different cores (a ring), are not "
                                        "supported yet", c->dev->name,
                             c->scratch ? c->scratch : "ct_local memory");
        l.n = 0;
        sched_ops_of_kind(m, fn, IR_OP_KTDP_INTER_TILE_PRODUCE, &l);
        for (uint32_t i = 0; i < l.n && ok; i++)
            ok = split_error(c, l.v[i], "an inter_tile_produce no inter_tile_reduce delivers is "
                                        "not supported yet");
        l.n = 0;
        sched_ops_of_kind(m, fn, IR_OP_SCF_IF, &l);
        for (uint32_t i = 0; i < l.n && ok; i++)
            if (tensor_enters(m, l.v[i]))
                ok = rewrite_if(c, fn, l.v[i]);
        free(l.v);
    }
    free(fns.v);
    return ok;
}
