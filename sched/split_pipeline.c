/* split_pipeline.c - from a program's chain of linalg.generic ops to
 * ScheduleIR: access tiles become casts of their views into device memory,
 * intermediates get scratchpad buffers, and each generic is tiled to the
 * compute unit's SIMD width and wrapped in a three-stage ktdf.pipeline
 * (split.h shows the shapes). The KTIR tensor ops are then removed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

#define MAX_IN SPLIT_MAX_IN
#define MAX_LOOPS SPLIT_MAX_LOOPS
#define MAX_OUT 16 /* destinations of one result */
/* rows in flight (schedule): at most this many rows a pipeline, and
 * transfers (slots) of all its rows */
#define SPLIT_ROWS_IN_FLIGHT 16
#define SPLIT_ROW_SLOTS 32
#define SPLIT_ROW_PHASES     4 /* copies of a pipeline's staging buffers (modulo) */

/* A memref a pipeline reads or writes: a tile cast or a scratchpad buffer,
 * with the memory kind it lives in. */
struct place {
    ir_value mem;
    const char *kind;
    ir_value mext; /* a masked access tile's in-set extent (split.h) */
    bool mconst;   /* its mask from a constant bound its box passes */
    uint32_t mdim; /* along this dim of it */
    /* that extent before its clamp, mS - mat + mc, when the tile's place
     * along mdim is a value plus a constant (mat; IR_NONE when not) */
    ir_value mS, mat;
    int64_t mc;
    /* A tile of a view with strides known only at launch (mem IR_NONE):
     * each transfer reads a cast of `view` (the view in device memory) at
     * off + its subscripts times the strides (row_cast), one element along
     * each dim of such a stride. */
    ir_value view, off;
    uint32_t rank;
    int64_t shape[MAX_LOOPS], st[MAX_LOOPS]; /* st[k] IR_DYN: dst[k] */
    ir_value dst[MAX_LOOPS];
    /* An indirect tile of the rows form (split_indirect.c): the view at off
     * plus, per transfer, what its index reads add; how[k] SPLIT_IND_*. */
    ir_op ind;
    uint8_t how[MAX_LOOPS];
    int64_t page[MAX_LOOPS]; /* rows of a page along a SPLIT_IND_ONE dim (0: none) */
};

struct pair {
    ir_value key;
    struct place val;
};

/* Where a block's schedule goes: before `at` (the program's return, or
 * a loop body's yield), reusing the ops of cse. */
struct scope {
    ir_op at;
    struct split_cse cse;
};

struct prog {
    struct split_ctx *c;
    struct ir_module *m;
    ir_op fn, ret;
    struct pair *memo; /* views → casts, tiles → casts, results and carried
                          tensors → buffers */
    uint32_t nmemo, cap;
    struct scope top;  /* the program's block */
    struct scope *sc;  /* the block being scheduled */
    bool views_only;   /* placing a nested block's generics from the top:
                          cast views, leave its tiles for its own scope */
    /* Pages (split_indirect.c) of the pipeline being made: the tile loop
     * of IV ivs[L] runs as a loop over pages of pg_P[L] rows (0: it does
     * not), IV ivs[pg_hi[L]], around one over a page's rows, ivs[pg_lo[L]] */
    int64_t pg_P[MAX_LOOPS];
    uint32_t pg_hi[MAX_LOOPS], pg_lo[MAX_LOOPS];
};

/* A builder inserting at the current scope, with reuse. */
static void at_ret(struct prog *p, struct split_b *b, struct ir_loc loc)
{
    sb_before(b, p->m, p->sc->at, loc);
    b->cse = &p->sc->cse;
}

static struct place *memo_get(struct prog *p, ir_value key)
{
    for (uint32_t i = 0; i < p->nmemo; i++)
        if (p->memo[i].key == key)
            return &p->memo[i].val;
    return NULL;
}

static void memo_put(struct prog *p, ir_value key, struct place val)
{
    if (p->nmemo == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 16;
        p->memo = realloc(p->memo, p->cap * sizeof *p->memo);
        if (!p->memo)
            abort();
    }
    p->memo[p->nmemo++] = (struct pair){key, val};
}

static ir_attr str(struct ir_module *m, const char *s) { return ir_attr_string(m, s); }

/* ---- views and access tiles -------------------------------------------- */

/* The view cast into its device memory (memoized), before p->ret. */
static bool view_cast(struct prog *p, ir_value view, ir_op user, struct place *out)
{
    struct ir_module *m = p->m;
    struct place *known = memo_get(p, view);
    if (known) {
        *out = *known;
        return true;
    }
    ir_op vop = ir_value_def(m, view);
    if (!vop || ir_op_get(m, vop)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
        return split_error(p->c, user, "an access tile of a memref that is not a "
                                       "ktdp.construct_memory_view is not supported yet");
    ir_attr space = ir_op_attr(m, vop, "memory_space");
    const char *kind = space ? arch_space_attr_kind(p->c->dev, m, space) : NULL;
    if (!kind)
        return split_error(p->c, vop, "the view's memory space maps to no memory of device @%s",
                           p->c->dev->name);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, view));
    ir_type ct = split_memref(m, t->rank, t->shape, t->elem, t->attr0, str(m, kind));
    struct split_b b;
    sb_before(&b, m, p->ret, ir_op_get(m, vop)->loc);
    b.cse = &p->top.cse;
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.memory_space_cast", b.loc);
    ir_state_add_operand(m, &st, view);
    ir_state_add_result(m, &st, ct);
    ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
    const char *vn = ir_value_get(m, view)->name ? ir_str_get(m, ir_value_get(m, view)->name) : "view";
    char name[128];
    snprintf(name, sizeof name, "%s_%s", vn, kind);
    split_set_name(m, r, name);
    *out = (struct place){.mem = r, .kind = kind};
    memo_put(p, view, *out);
    return true;
}

/* Adds e = sum of coef[i] * operand i + c0 when e is linear in its dims. */
static bool linear(const struct ir_module *m, ir_aff e, int64_t scale, int64_t *coef, int64_t *c0)
{
    return split_aff_linear(m, e, scale, coef, NULL, c0);
}

/* The mask of access tile op top (split_tile_mask) into out: out->mext =
 * clamp(S + c + 1 - base_k, 0, size_k) (S 0 for a constant bound), made
 * at b, out->mdim = k. */
static bool tile_mask(struct prog *p, struct split_b *b, ir_op top, const int64_t *lo,
                      const int64_t *shape, struct place *out)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, top);
    struct split_mask mk;
    if (!split_tile_mask(p->c, true, top, lo, shape, &mk))
        return false;
    if (mk.dim < 0)
        return true;
    const struct ir_attr_info *base = split_attr(m, top, "base_map", IR_AT_AFFINE_MAP);
    ir_aff at = ir_aff_bin(m, IR_AFF_ADD, ir_map_get(m, base->map)->res[mk.dim],
                           ir_aff_const(m, lo[mk.dim]));
    ir_value bk = sb_aff_value(b, at, o->nopnd - 1, o->opnd + 1);
    /* S + c + 1 - base_k, c = lim + lo + z - 2 */
    int64_t c1 = mk.lim + lo[mk.dim] + shape[mk.dim] - 1, k;
    out->mdim = (uint32_t)mk.dim;
    out->mconst = !mk.S;
    out->mS = mk.S;
    out->mat = mk.at;
    out->mc = c1 - mk.k0 - lo[mk.dim];
    if (!mk.S && split_const_int(m, bk, &k)) { /* a constant bound at a known place */
        int64_t e = c1 - k < 0 ? 0 : c1 - k < shape[mk.dim] ? c1 - k : shape[mk.dim];
        out->mext = sb_index(b, e);
        return true;
    }
    ir_value e = sb_arith(b, "arith.subi", sb_addi(b, mk.S ? mk.S : sb_index(b, 0), sb_index(b, c1)), bk);
    e = sb_arith(b, "arith.minsi", e, sb_index(b, shape[mk.dim]));
    out->mext = sb_arith(b, "arith.maxsi", e, sb_index(b, 0));
    return true;
}

/* An indirect tile of the rows form (split_indirect.c; the block form is
 * a direct tile by now): no cast of its own, each transfer makes one at
 * the tile's offset plus its index reads (row_cast). */
static bool indirect_cast(struct prog *p, ir_value tile, ir_op top, struct place *out)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, top);
    struct place view;
    if (!view_cast(p, o->opnd[0], top, &view))
        return false;
    if (p->views_only && o->block != ir_op_get(m, p->sc->at)->block) {
        *out = (struct place){.kind = view.kind};
        return true;
    }
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, tile));
    if (tt->rank > MAX_LOOPS)
        return split_error(p->c, top, "access tiles of more than %d dims are not supported yet",
                           MAX_LOOPS);
    struct split_b b;
    at_ret(p, &b, o->loc);
    *out = (struct place){.kind = view.kind, .view = view.mem, .rank = tt->rank, .ind = top};
    if (!split_indirect_place(p->c, &b, top, out->how, out->st, out->page, &out->off))
        return false;
    for (uint32_t k = 0; k < tt->rank; k++)
        out->shape[k] = tt->shape[k];
    memo_put(p, tile, *out);
    return true;
}

/* The memref of access tile `tile` (memoized): its view's cast,
 * reinterpreted at the tile's base with the tile's shape. */
static bool tile_cast(struct prog *p, ir_value tile, ir_op user, struct place *out)
{
    struct ir_module *m = p->m;
    struct place *known = memo_get(p, tile);
    if (known) {
        *out = *known;
        return true;
    }
    ir_op top = ir_value_def(m, tile);
    if (top && ir_op_get(m, top)->kind == IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE)
        return indirect_cast(p, tile, top, out);
    if (!top || ir_op_get(m, top)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return split_error(p->c, user, "an access tile that is not a ktdp.construct_access_tile "
                                       "is not supported yet");
    const struct ir_op_info *o = ir_op_get(m, top);
    struct place view;
    if (!view_cast(p, o->opnd[0], top, &view))
        return false;
    if (p->views_only && o->block != ir_op_get(m, p->sc->at)->block) {
        /* A tile of a nested block: cast in that block's scope. Tiles of
         * the current block are cast here, before any of its loops. */
        *out = (struct place){.kind = view.kind};
        return true;
    }
    const struct ir_attr_info *order = split_attr(m, top, "access_tile_order", IR_AT_AFFINE_MAP);
    const struct ir_attr_info *set = split_attr(m, top, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *base = split_attr(m, top, "base_map", IR_AT_AFFINE_MAP);
    ir_op vop = ir_value_def(m, o->opnd[0]);
    const struct ir_attr_info *strides = split_attr(m, vop, "static_strides", IR_AT_DENSE_ARRAY);
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, tile));
    uint32_t rank = tt->rank;
    /* tile dim i moves view dim perm[i] (a permuting order: the tile's
     * dims are the set's in the order's; ref 6.3) */
    uint32_t perm[MAX_LOOPS];
    if (order && !split_permutation(m, order->map, rank, perm))
        return split_error(p->c, top, "access tiles whose access_tile_order is not a "
                                      "permutation of their dims are not supported yet");
    bool permuted = false;
    for (uint32_t i = 0; i < rank && i < MAX_LOOPS; i++) {
        perm[i] = order ? perm[i] : i;
        permuted |= perm[i] != i;
    }
    if (!set || !base || rank > MAX_LOOPS || ir_set_get(m, set->map)->nsyms ||
        ir_set_get(m, set->map)->ndims != rank)
        return split_error(p->c, top, "access tiles whose set is not a constant box are not "
                                      "supported yet");
    int64_t lo[MAX_LOOPS], hi[MAX_LOOPS];
    if (!ir_set_box(m, set->map, NULL, lo, hi))
        return split_error(p->c, top, "access tiles whose set is not a constant box are not "
                                      "supported yet");
    int64_t vshape[MAX_LOOPS]; /* the box's extents, in the view's dims */
    for (uint32_t i = 0; i < rank; i++) {
        uint32_t k = perm[i];
        if (lo[k] == INT64_MIN || hi[k] == INT64_MAX || tt->shape[i] != hi[k] - lo[k] + 1)
            return split_error(p->c, top, "access tiles whose set is not a constant box of "
                                          "the tile's shape are not supported yet");
        vshape[k] = tt->shape[i];
    }
    if (!strides || strides->n != rank)
        return split_error(p->c, top, "access tiles of a view of another rank are not supported yet");
    /* offset = sum over dims of (base_k + lo_k) * stride_k (a launch-time
     * stride: its operand of the view, after the offset and dynamic sizes) */
    const struct ir_affine_map *bm = ir_map_get(m, base->map);
    const struct ir_attr_info *vsizes = split_attr(m, vop, "static_sizes", IR_AT_DENSE_ARRAY);
    uint32_t nextop = 1, ndyn = 0;
    for (uint32_t k = 0; vsizes && k < vsizes->n; k++)
        nextop += vsizes->ints[k] == IR_DYN;
    ir_value dst[MAX_LOOPS];
    ir_aff off = ir_aff_const(m, 0);
    struct split_b b;
    at_ret(p, &b, o->loc);
    ir_value doff = IR_NONE;
    for (uint32_t k = 0; k < rank; k++) {
        ir_aff at = ir_aff_bin(m, IR_AFF_ADD, bm->res[k], ir_aff_const(m, lo[k]));
        dst[k] = IR_NONE;
        if (strides->ints[k] != IR_DYN) {
            off = ir_aff_bin(m, IR_AFF_ADD, off,
                             ir_aff_bin(m, IR_AFF_MUL, at, ir_aff_const(m, strides->ints[k])));
            continue;
        }
        if (nextop >= ir_op_get(m, vop)->nopnd)
            return split_error(p->c, vop, "a view whose dynamic strides have no operands");
        dst[k] = ir_op_get(m, vop)->opnd[nextop++];
        ndyn++;
        ir_value x = sb_arith(&b, "arith.muli", sb_aff_value(&b, at, o->nopnd - 1, o->opnd + 1),
                              dst[k]);
        doff = doff ? sb_addi(&b, doff, x) : x;
    }
    ir_value offv = sb_aff_value(&b, off, o->nopnd - 1, o->opnd + 1);
    /* A tile whose offset may fall inside a word (rows of launch-time
     * strides, a tile split_dist.c moved by a launch-time amount) is marked
     * `unaligned`, so ktc-path-expand reads and writes the words around it
     * (path_expand_word.c); when its view is at an argument plus an index
     * known only at launch (a distributed view's part), it is read through
     * a copy of the view at the argument, the index added to the tile's
     * offset: ktc-path-expand then knows the base aligned. */
    ir_value vmem = view.mem, extra = IR_NONE;
    ir_op bd = ir_value_def(m, ir_op_get(m, vop)->opnd[0]);
    const struct ir_op_info *bo = bd ? ir_op_get(m, bd) : NULL;
    int64_t bc;
    bool unaligned = ndyn || ir_op_attr(m, top, "unaligned"); /* split_dist.c's moved tiles */
    if (unaligned && bo && bo->kind == IR_OP_ARITH_ADDI &&
        ir_value_get(m, bo->opnd[0])->is_arg && !split_const_int(m, bo->opnd[1], &bc)) {
        struct split_vmap vm = {0};
        ir_op vc = split_clone(m, vop, &vm);
        split_vmap_free(&vm);
        ir_op_get(m, vc)->opnd[0] = bo->opnd[0];
        ir_op_insert_before(m, ir_op_get(m, vop)->next, vc);
        struct place at_arg;
        if (!view_cast(p, ir_op_get(m, vc)->res, top, &at_arg))
            return false;
        vmem = at_arg.mem;
        extra = bo->opnd[1];
        offv = sb_addi(&b, extra, offv);
    }
    if (permuted && ndyn)
        return split_error(p->c, top, "access tiles with a permuting access_tile_order over a "
                                      "view of launch-time strides are not supported yet");
    if (ndyn) {
        /* No cast of the tile: each transfer makes its own (row_cast). */
        ir_value toff = sb_addi(&b, doff, offv);
        *out = (struct place){.kind = view.kind, .view = vmem, .off = toff, .rank = rank};
        for (uint32_t k = 0; k < rank; k++) {
            out->shape[k] = tt->shape[k];
            out->st[k] = strides->ints[k];
            out->dst[k] = dst[k];
        }
        if (!tile_mask(p, &b, top, lo, vshape, out))
            return false;
        memo_put(p, tile, *out);
        return true;
    }
    int64_t coff, pst[MAX_LOOPS];
    for (uint32_t i = 0; i < rank; i++)
        pst[i] = strides->ints[perm[i]];
    bool is_static = split_const_int(m, offv, &coff);
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, vmem));
    ir_attr layout = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRIDED,
                                                              .n = rank, .ints = pst,
                                                              .i = is_static ? coff : IR_DYN});
    ir_type rt = split_memref(m, rank, tt->shape, vt->elem, layout, vt->attr1);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.reinterpret_cast", o->loc);
    ir_state_add_operand(m, &st, vmem);
    if (!is_static)
        ir_state_add_operand(m, &st, offv);
    int64_t so = is_static ? coff : IR_DYN, seg[4] = {1, !is_static, 0, 0};
    ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
    ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, rank, tt->shape));
    ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, rank, pst));
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, seg));
    if (unaligned) /* its offset may fall inside a word (path_expand_word.c) */
        ir_state_set_attr(m, &st, "unaligned", ir_attr_unit(m));
    ir_state_add_result(m, &st, rt);
    ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
    ir_value_get(m, r)->name = ir_value_get(m, tile)->name;
    *out = (struct place){.mem = r, .kind = view.kind};
    if (!tile_mask(p, &b, top, lo, vshape, out))
        return false;
    if (permuted && out->mext)
        return split_error(p->c, top, ir_op_attr(m, top, SPLIT_STORAGE_ORDER)
                                          ? "masked access tiles of a view whose innermost dim "
                                            "is not contiguous (a column-major view, moved in "
                                            "storage order) are not supported yet"
                                          : "masked access tiles with a permuting "
                                            "access_tile_order are not supported yet");
    memo_put(p, tile, *out);
    return true;
}

/* The scratchpad buffer of intermediate result v (memoized). */
static bool buffer(struct prog *p, ir_value v, ir_op user, struct place *out)
{
    struct ir_module *m = p->m;
    struct place *known = memo_get(p, v);
    if (known) {
        *out = *known;
        return true;
    }
    if (!p->c->scratch)
        return split_error(p->c, user, "device @%s maps no memory to ct_local, where "
                                        "intermediate results are kept", p->c->dev->name);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
    for (uint32_t k = 0; k < t->rank; k++)
        if (t->shape[k] == IR_DYN)
            return split_error(p->c, user, "intermediate results of dynamic shape are not "
                                           "supported yet");
    struct split_b b;
    sb_before(&b, m, p->ret, ir_op_get(m, user)->loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.alloc", b.loc);
    int64_t seg[2] = {0, 0};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, seg));
    ir_state_add_result(m, &st, split_memref(m, t->rank, t->shape, t->elem, IR_NONE,
                                             str(m, p->c->scratch)));
    ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
    char name[128];
    ir_str vn = ir_value_get(m, v)->name;
    snprintf(name, sizeof name, "%s%sbuf", vn ? ir_str_get(m, vn) : "", vn ? "_" : "");
    split_set_name(m, r, name);
    *out = (struct place){.mem = r, .kind = p->c->scratch};
    memo_put(p, v, *out);
    return true;
}

/* ---- tiling ------------------------------------------------------------- */

/* The lane-wide pieces ktc-lower runs a vector in at most (lower.h). */
enum { SPLIT_MAX_PIECES = 8 };

bool split_gen_extents(const struct ir_module *m, const struct split_gen *g, int64_t *ext)
{
    for (uint32_t d = 0; d < g->nloops; d++)
        ext[d] = IR_DYN;
    for (uint32_t i = 0; i <= g->nin; i++) {
        ir_value v = i < g->nin ? g->in[i] : g->out;
        const struct ir_affine_map *mp = ir_map_get(m, i < g->nin ? g->in_map[i] : g->out_map);
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
        for (uint32_t k = 0; k < mp->nres && k < t->rank; k++) {
            const struct ir_aff_info *a = ir_aff_get(m, mp->res[k]);
            if (a->kind == IR_AFF_DIM && t->shape[k] != IR_DYN)
                ext[a->v] = t->shape[k];
        }
    }
    for (uint32_t d = 0; d < g->nloops; d++)
        if (ext[d] == IR_DYN)
            return false;
    return true;
}

/* Whether ktc-lower runs a vector of x elements of g in k pieces of
 * `lanes` at most, k dividing x, at most SPLIT_MAX_PIECES, the inputs'
 * pieces within regs (lower.h, "Pieces"). */
static bool in_pieces(const struct split_gen *g, int64_t x, int64_t lanes, int64_t regs)
{
    int64_t k = (x + lanes - 1) / lanes;
    return k <= SPLIT_MAX_PIECES && x % k == 0 && (int64_t)g->nin * k <= regs;
}

/* Tile sizes: reduction loops stay whole; over the parallel loops from
 * the innermost out, as much of each extent as still fits in `lanes`,
 * with room for the reduction loops' elements when they fit in the lanes
 * (wider reduction rows are ktc-nest's to stream in lane-wide chunks,
 * several rows to a tile); the loops outside that get 1. An extent wider
 * than what is left of the lanes and no multiple of it, the first such one
 * when `tails`, is one tile when all the lanes are left and ktc-lower can
 * run it in k pieces of clanes (compute lanes) at most, k dividing it, k
 * at most SPLIT_MAX_PIECES and the inputs' pieces within `regs` (96 f16:
 * two of 48); else takes all that is left (its tiles then end in a tail
 * of ext mod ts: that loop is returned, else -1); a divisor of it
 * otherwise. */
static int32_t tile_sizes(const struct split_gen *g, const int64_t *ext, int64_t lanes,
                          int64_t regs, int64_t clanes, bool tails, int64_t *ts)
{
    int64_t left = lanes, red = 1;
    int32_t td = -1;
    for (uint32_t i = 0; i < g->nloops; i++)
        red *= g->red[i] ? ext[i] : 1;
    if (red <= lanes) /* rows of a reduction fill the lanes together */
        left /= red;
    for (uint32_t i = g->nloops; i-- > 0;) {
        if (g->red[i]) {
            ts[i] = ext[i];
        } else if (tails && td < 0 && left > 1 && ext[i] > left && ext[i] % left) {
            /* whole, in k pieces of ext / k lanes when they fit (lower.h) */
            bool whole = left == lanes && in_pieces(g, ext[i], clanes, regs);
            ts[i] = whole ? ext[i] : left;
            td = whole ? -1 : (int32_t)i;
            tails = !whole;
            left = 1;
        } else {
            ts[i] = sched_gcd(ext[i], left);
            left /= ts[i];
        }
    }
    return td;
}

/* ---- the pipeline ------------------------------------------------------- */

/* One side of a transfer in the tile loops: per memref dim, the subscript
 * (tile loop `loop` plus `off`, or just `off` when loop is -1) and the
 * size. */
struct access {
    uint32_t rank;
    int32_t loop[MAX_LOOPS];
    int64_t off[MAX_LOOPS];
    int64_t size[MAX_LOOPS];
    uint32_t tile_map; /* the map inside the tile: constants become 0 */
    int64_t n;         /* elements per tile */
};

static bool access_of(struct prog *p, ir_op gop, uint32_t map, const int64_t *ts,
                      const int32_t *loop_of, struct access *a)
{
    struct ir_module *m = p->m;
    const struct ir_affine_map *mp = ir_map_get(m, map);
    ir_aff tres[MAX_LOOPS];
    a->rank = mp->nres;
    a->n = 1;
    for (uint32_t k = 0; k < mp->nres; k++) {
        /* A result is c or d + c: loop d's tile at offset c, or element c. */
        int64_t coef[MAX_LOOPS] = {0}, c0 = 0;
        int dim = -1;
        bool ok = mp->ndims <= MAX_LOOPS && linear(m, mp->res[k], 1, coef, &c0);
        for (uint32_t d = 0; ok && d < mp->ndims; d++) {
            if (coef[d] && (coef[d] != 1 || dim >= 0))
                ok = false;
            else if (coef[d])
                dim = (int)d;
        }
        if (!ok)
            return split_error(p->c, gop, "indexing maps with results other than a loop dim "
                                          "plus a constant are not supported yet");
        a->off[k] = c0;
        if (dim >= 0) {
            a->loop[k] = loop_of[dim];
            a->size[k] = ts[dim];
            tres[k] = ir_aff_dim(m, (uint32_t)dim);
        } else {
            a->loop[k] = -1;
            a->size[k] = 1;
            tres[k] = ir_aff_const(m, 0);
        }
        a->n *= a->size[k];
    }
    a->tile_map = ir_map_intern(m, mp->ndims, 0, mp->nres, tres);
    return true;
}

static ir_type slot_type(struct ir_module *m, const char *src, const char *dst, int64_t n,
                         ir_type elem)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_FIFO_SLOT, .attr0 = str(m, src),
                                                    .attr1 = str(m, dst), .rank = 1, .shape = &n,
                                                    .elem = elem});
}

/* Whether map reads its dims in order (no transpose): then a transfer of
 * the operand is the ktdp.load's or ktdp.store's own, located there. */
static bool dims_in_order(const struct ir_module *m, uint32_t map)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    int64_t last = -1;
    for (uint32_t k = 0; k < mp->nres; k++) {
        const struct ir_aff_info *a = ir_aff_get(m, mp->res[k]);
        if (a->kind != IR_AFF_DIM || a->v <= last)
            return false;
        last = a->v;
    }
    return true;
}

/* ktdf.data_transfer from (mem at acc | slot) to (slot | mem at acc). */
static ir_op transfer(struct split_b *b, ir_value from, ir_value to, bool mem_is_src,
                      const struct access *acc, const ir_value *ivs, ir_op pipe)
{
    struct ir_module *m = b->m;
    /* A loop variable plus a constant (a reduction level reading rows
     * R/K apart) is an index value made before the pipeline: ktc-nest
     * reads subscripts that are values or constants. */
    ir_value at[MAX_LOOPS];
    int64_t cv[MAX_LOOPS];
    for (uint32_t k = 0; k < acc->rank; k++) {
        at[k] = acc->loop[k] < 0 ? IR_NONE : ivs[acc->loop[k]];
        if (at[k] && split_const_int(m, at[k], &cv[k]))
            at[k] = IR_NONE; /* a loop of one trip's (tile_iv): a constant */
        else
            cv[k] = 0;
        if (at[k] && acc->off[k]) {
            struct split_b ob;
            sb_before(&ob, m, pipe, b->loc);
            at[k] = sb_arith(&ob, "arith.addi", at[k], sb_index(&ob, acc->off[k]));
        }
    }
    /* The subscript operands: the loop variables the subscripts use, as
     * dims in order of first use. */
    ir_value ops[MAX_LOOPS];
    uint32_t nops = 0;
    ir_aff sub[MAX_LOOPS] = {0};
    for (uint32_t k = 0; k < acc->rank; k++) {
        sub[k] = ir_aff_const(m, acc->off[k] + cv[k]);
        if (!at[k])
            continue;
        uint32_t j = 0;
        while (j < nops && ops[j] != at[k])
            j++;
        if (j == nops)
            ops[nops++] = at[k];
        sub[k] = at[k] != ivs[acc->loop[k]] ? ir_aff_dim(m, j)
                                            : ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, j), sub[k]);
    }
    ir_attr map = ir_attr_affine_map(m, ir_map_intern(m, nops, 0, acc->rank, sub));
    ir_attr sizes = ir_attr_dense_array(m, m->t_i64, acc->rank, acc->size);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.data_transfer", b->loc);
    ir_state_add_operand(m, &st, from);
    for (uint32_t j = 0; mem_is_src && j < nops; j++)
        ir_state_add_operand(m, &st, ops[j]);
    ir_state_add_operand(m, &st, to);
    for (uint32_t j = 0; !mem_is_src && j < nops; j++)
        ir_state_add_operand(m, &st, ops[j]);
    int64_t seg[6] = {1, mem_is_src ? nops : 0, 0, 1, mem_is_src ? 0 : nops, 0};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 6, seg));
    ir_state_set_attr(m, &st, mem_is_src ? "source_map" : "dest_map", map);
    ir_state_set_attr(m, &st, "static_source_sizes", sizes);
    ir_state_set_attr(m, &st, "static_dest_sizes", sizes);
    return sb_emit(b, &st);
}

/* The scalar values a generic's body captures from outside: constants
 * are cloned at b (memoized in vm), others stay captured. */
static void clone_captured_constants(struct split_b *b, ir_op gop, ir_block blk,
                                     struct split_vmap *vm)
{
    struct ir_module *m = b->m;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_op d = ir_value_def(m, o->opnd[i]);
            if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_CONSTANT || ir_op_parent(m, d) == gop ||
                split_vmap_get(vm, o->opnd[i]) != o->opnd[i])
                continue;
            bool nested = false;
            for (ir_op q = ir_op_parent(m, d); q && !nested; q = ir_op_parent(m, q))
                nested = q == gop;
            if (nested)
                continue;
            ir_op copy = split_clone(m, d, vm);
            if (b->before)
                ir_op_insert_before(m, b->before, copy);
            else
                ir_block_append_op(m, b->block, copy);
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block c = ir_region_get(m, o->regs[r])->first; c; c = ir_block_get(m, c)->next)
                clone_captured_constants(b, gop, c, vm);
    }
}

/* The output tile's initial value in the compute stage: empty, or the
 * splat of the scalar the output was filled with (reductions need it). */
static ir_value init_value(struct split_b *b, ir_value out, ir_type tt, struct split_vmap *vm)
{
    struct ir_module *m = b->m;
    ir_op d = ir_value_def(m, out);
    uint32_t k = d ? ir_op_get(m, d)->kind : 0;
    if (k != IR_OP_TENSOR_SPLAT && k != IR_OP_LINALG_FILL)
        return sb_tensor_empty(b, tt);
    ir_value s = ir_op_get(m, d)->opnd[0];
    ir_op sd = ir_value_def(m, s);
    if (sd && ir_op_get(m, sd)->kind == IR_OP_ARITH_CONSTANT) {
        if (split_vmap_get(vm, s) == s) {
            ir_op copy = split_clone(m, sd, vm);
            if (b->before)
                ir_op_insert_before(m, b->before, copy);
            else
                ir_block_append_op(m, b->block, copy);
        }
        s = split_vmap_get(vm, s);
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "tensor.splat", b->loc);
    ir_state_add_operand(m, &st, s);
    ir_state_add_result(m, &st, tt);
    ir_value r = ir_op_result(m, sb_emit(b, &st), 0);
    split_set_name(m, r, "init");
    return r;
}

/* Where a generic's result goes: up to MAX_OUT places. */
struct dests {
    uint32_t n;
    struct place to[MAX_OUT];
    ir_op by[MAX_OUT]; /* the ktdp.store writing it, or IR_NONE */
};

/* Whether memref v is a view at an offset known only at launch whose
 * rows (its last dim) are not contiguous. */
static bool rows_apart(const struct ir_module *m, ir_value v)
{
    ir_op d = v ? ir_value_def(m, v) : IR_NONE;
    if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
        return false;
    const struct ir_attr_info *so = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    return so && so->n == 1 && so->ints[0] == IR_DYN && t->rank >= 2 && lay &&
           lay->kind == IR_AT_STRIDED && lay->n == t->rank &&
           lay->ints[t->rank - 2] != t->shape[t->rank - 1];
}

/* Whether v is a cast marked `unaligned` (a tile moved by a launch-time
 * amount: ktc-path-expand moves its words). */
static bool unaligned_cast(const struct ir_module *m, ir_value v)
{
    ir_op d = v ? ir_value_def(m, v) : IR_NONE;
    return d && ir_op_get(m, d)->kind == IR_OP_MEMREF_REINTERPRET_CAST &&
           ir_op_attr(m, d, "unaligned");
}

/* scf.for bnd[0] to bnd[1] step bnd[2] (a parallel tile loop, IV
 * <prefix><d>) at b, which then points into its body; returns the IV. */
static ir_value open_named_loop(struct split_b *b, const ir_value *bnd, const char *prefix,
                                uint32_t d)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", b->loc);
    for (uint32_t k = 0; k < 3; k++)
        ir_state_add_operand(m, &st, bnd[k]);
    ir_state_set_attr(m, &st, "loop_type", split_loop_type(m, "parallel_loop"));
    ir_block body = sb_region(m, &st);
    char name[16];
    snprintf(name, sizeof name, "%s%u", prefix, d);
    ir_value iv = ir_block_add_arg(m, body, m->t_index, ir_str_c(m, name));
    struct ir_op_state y;
    ir_state_init(&y, m, "scf.yield", b->loc);
    ir_op yield = ir_op_create(m, &y);
    ir_block_append_op(m, body, yield);
    sb_emit(b, &st);
    sb_before(b, m, yield, b->loc);
    return iv;
}

static ir_value open_loop(struct split_b *b, const ir_value *bnd, uint32_t d)
{
    return open_named_loop(b, bnd, "i", d);
}

/* The variable of tile loop d (bounds bnd) at b: a loop opened there, or,
 * for a loop of constant bounds running once (a row's tail of one tile
 * from ext - r), its lower bound: no loop of one trip is emitted (split.h),
 * so the tail's pipeline sits directly in the rows' loop, whose iterations
 * ktc-path-expand then overlaps (a ring of words astride two) as it does
 * the wide tiles'. */
static ir_value tile_iv(struct split_b *b, const ir_value *bnd, uint32_t d)
{
    int64_t lb, ub, st;
    if (split_const_int(b->m, bnd[0], &lb) && split_const_int(b->m, bnd[1], &ub) &&
        split_const_int(b->m, bnd[2], &st) && st > 0 && lb < ub && ub - lb <= st)
        return bnd[0];
    return open_loop(b, bnd, d);
}

/* A one-operand op `name x : t` at b. */
static ir_value cast1(struct split_b *b, const char *name, ir_value x, ir_type t)
{
    struct ir_op_state st;
    ir_state_init(&st, b->m, name, b->loc);
    ir_state_add_operand(b->m, &st, x);
    ir_state_add_result(b->m, &st, t);
    return ir_op_result(b->m, sb_emit(b, &st), 0);
}

/* An arith.constant named name of tensor type tt holding the n elements
 * e (n == 1: a splat). */
static ir_value dense_constant(struct split_b *b, ir_type tt, uint32_t n, const ir_attr *e,
                               const char *name)
{
    struct ir_module *m = b->m;
    ir_attr v = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_DENSE, .type = tt,
                                                         .n = n, .elems = e});
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", b->loc);
    ir_state_set_attr(m, &st, "value", v);
    ir_state_add_result(m, &st, tt);
    ir_value r = ir_op_result(m, sb_emit(b, &st), 0);
    split_set_name(m, r, name);
    return r;
}

/* arith.constant dense<[c(0), c(1), ..., c(n - 1)]> : tt (a float
 * type's), c(l) = (l / per) mod size: lane l's place along a dim of the
 * tile of that size whose every element takes per lanes (per 1, size n:
 * the lane numbers). */
static ir_value lane_numbers(struct split_b *b, ir_type tt, int64_t n, int64_t per, int64_t size)
{
    struct ir_module *m = b->m;
    ir_type et = ir_type_elem(m, tt);
    ir_attr *e = malloc((size_t)n * sizeof *e);
    if (!e)
        abort();
    for (int64_t i = 0; i < n; i++)
        e[i] = ir_attr_float(m, (double)(i / per % size), et);
    ir_value r = dense_constant(b, tt, (uint32_t)n, e, "lane");
    free(e);
    return r;
}

/* An arith.constant splat of tensor type tt, every element 0. */
static ir_value zeros(struct split_b *b, ir_type tt)
{
    ir_attr z = ir_attr_float(b->m, 0.0, ir_type_elem(b->m, tt));
    return dense_constant(b, tt, 1, &z, "zero");
}

/* linalg.generic ins(v, old, lane) outs(tensor.empty) at b, all of one
 * tensor type, yielding select(lane < rf, v, old) lane by lane. */
static ir_value select_generic(struct split_b *b, ir_value v, ir_value old, ir_value lane,
                               ir_value rf)
{
    struct ir_module *m = b->m;
    ir_type tt = ir_value_type(m, v), et = ir_type_elem(m, tt);
    uint32_t rank = ir_type_get(m, tt)->rank;
    ir_aff id[MAX_LOOPS];
    ir_attr its[MAX_LOOPS];
    for (uint32_t k = 0; k < rank; k++) {
        id[k] = ir_aff_dim(m, k);
        its[k] = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                                          .s = ir_str_c(m, "linalg.iterator_type"),
                                                          .body = ir_str_c(m, "parallel")});
    }
    ir_attr map = ir_attr_affine_map(m, ir_map_intern(m, rank, 0, rank, id));
    ir_attr maps[4] = {map, map, map, map};
    struct ir_op_state gst, st;
    ir_state_init(&gst, m, "linalg.generic", b->loc);
    ir_state_add_operand(m, &gst, v);
    ir_state_add_operand(m, &gst, old);
    ir_state_add_operand(m, &gst, lane);
    ir_state_add_operand(m, &gst, sb_tensor_empty(b, tt));
    ir_state_set_attr(m, &gst, "indexing_maps", ir_attr_array(m, 4, maps));
    ir_state_set_attr(m, &gst, "iterator_types", ir_attr_array(m, rank, its));
    int64_t seg[2] = {3, 1};
    ir_state_set_attr(m, &gst, "operandSegmentSizes", split_segments(m, 2, seg));
    ir_state_add_result(m, &gst, tt);
    ir_block body = sb_region(m, &gst);
    ir_value a[4];
    static const char *const names[4] = {"in", "old", "lane", "out"};
    for (int i = 0; i < 4; i++)
        a[i] = ir_block_add_arg(m, body, et, ir_str_c(m, names[i]));
    struct split_b bb;
    sb_at_end(&bb, m, body, b->loc);
    ir_state_init(&st, m, "arith.cmpf", b->loc);
    ir_state_add_operand(m, &st, a[2]);
    ir_state_add_operand(m, &st, rf);
    ir_state_set_attr(m, &st, "predicate", ir_attr_int(m, 4, m->t_i64)); /* olt */
    ir_state_add_result(m, &st, m->t_i1);
    ir_value in = ir_op_result(m, sb_emit(&bb, &st), 0);
    ir_state_init(&st, m, "arith.select", b->loc);
    ir_state_add_operand(m, &st, in);
    ir_state_add_operand(m, &st, a[0]);
    ir_state_add_operand(m, &st, a[1]);
    ir_state_add_result(m, &st, et);
    ir_value sel = ir_op_result(m, sb_emit(&bb, &st), 0);
    ir_state_init(&st, m, "linalg.yield", b->loc);
    ir_state_add_operand(m, &st, sel);
    sb_emit(&bb, &st);
    ir_value r = ir_op_result(m, sb_emit(b, &gst), 0);
    split_set_name(m, r, "masked");
    return r;
}

/* Rows in flight (split.h): a tile loop of one row a tile of a place no
 * cast serves whole runs `n` rows an iteration, each its own copy of the
 * transfers and the computation in one pipeline. */
struct rows {
    int32_t loop; /* the tile loop (index into ivs), or -1 */
    int64_t n;    /* rows an iteration */
    bool inner;   /* that loop opened innermost (more than one iteration) */
};

static bool pipeline(struct prog *p, ir_op gop, const struct split_gen *gp,
                     const struct place *src, const struct dests *dst, const int64_t *ts,
                     const int32_t *loop_of, const ir_value *ivs, struct split_b *bp,
                     ir_value rf, const ir_value *old_ivs, struct rows rw, const ir_value *zf);

/* The memref a transfer `acc` (at loop variables ivs) of place pl reads or
 * writes, at b: pl's own, or for a tile of launch-time strides a cast of
 * its view at the transfer's offset along those dims (acc then 0 there),
 * one element long along each; IR_NONE after a located error at gop. */
static ir_value row_cast(struct prog *p, ir_op gop, struct split_b *b, const struct place *pl,
                         struct access *acc, const ir_value *ivs)
{
    struct ir_module *m = p->m;
    if (!pl->view)
        return pl->mem;
    ir_value off = pl->off, pos[MAX_LOOPS] = {IR_NONE};
    int64_t sizes[MAX_LOOPS], st[MAX_LOOPS];
    struct split_b ib;
    /* a page's rows (p->pg_P) from one cast, made in the loop over pages */
    bool paged[MAX_LOOPS] = {false};
    int32_t at[MAX_LOOPS];
    for (uint32_t k = 0; k < pl->rank; k++) {
        int32_t L = acc->loop[k];
        paged[k] = pl->ind && pl->how[k] == SPLIT_IND_ONE && pl->page[k] && L >= 0 &&
                   p->pg_P[L] == pl->page[k] && !acc->off[k] && acc->size[k] == 1;
        at[k] = paged[k] ? (int32_t)p->pg_hi[L] : L;
    }
    if (pl->ind) /* at the top of the innermost loop its positions use */
        b = split_indirect_at(m, b, pl->rank, pl->how, at, ivs, &ib);
    for (uint32_t k = 0; k < pl->rank; k++) {
        sizes[k] = pl->shape[k];
        if (paged[k]) { /* the page's first row; the transfer moves row lo */
            int32_t L = acc->loop[k];
            pos[k] = ivs[p->pg_hi[L]];
            acc->loop[k] = (int32_t)p->pg_lo[L];
            sizes[k] = p->pg_P[L];
            continue;
        }
        if (pl->ind && pl->how[k] != SPLIT_IND_DIRECT) {
            if (acc->size[k] != 1)
                return split_error(p->c, gop, "a transfer of %lld elements at a time along dim "
                                              "%u of an indirect access tile, where each "
                                              "element has its own index, is not supported yet",
                                   (long long)acc->size[k], k),
                       IR_NONE;
            ir_value x = sb_index(b, acc->off[k]);
            if (acc->loop[k] >= 0)
                x = sb_addi(b, ivs[acc->loop[k]], x);
            pos[k] = x; /* split_indirect_offset adds what it moves */
            acc->loop[k] = -1;
            acc->off[k] = 0;
            sizes[k] = 1;
            continue;
        }
        if (!pl->dst[k])
            continue;
        if (acc->size[k] != 1)
            return split_error(p->c, gop, "a transfer of %lld elements at a time along dim %u "
                                          "of a view whose stride there is known only at "
                                          "launch is not supported yet", (long long)acc->size[k],
                               k),
                   IR_NONE;
        /* iv * stride + c * stride: the rows of one pipeline (struct rows)
         * share the first, and the second is known at launch */
        if (acc->loop[k] >= 0)
            off = sb_addi(b, off, sb_arith(b, "arith.muli", ivs[acc->loop[k]], pl->dst[k]));
        if (acc->off[k])
            off = sb_addi(b, off, sb_arith(b, "arith.muli", sb_index(b, acc->off[k]), pl->dst[k]));
        acc->loop[k] = -1;
        acc->off[k] = 0;
        sizes[k] = 1;
    }
    if (pl->ind) { /* what the indices read add */
        ir_value x = split_indirect_offset(p->c, b, pl->ind, pos, paged);
        if (!x)
            return IR_NONE;
        off = sb_addi(b, off, x);
    }
    /* the strides of the cast: the static ones, 1 along the others (one
     * element: never stepped) */
    for (uint32_t k = 0; k < pl->rank; k++)
        st[k] = pl->dst[k] || (pl->ind && pl->how[k] != SPLIT_IND_DIRECT && !paged[k])
                    ? 1
                    : pl->st[k];
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, pl->view));
    ir_attr layout = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRIDED,
                                                              .n = pl->rank, .ints = st,
                                                              .i = IR_DYN});
    struct ir_op_state cs;
    ir_state_init(&cs, m, "memref.reinterpret_cast", b->loc);
    ir_state_add_operand(m, &cs, pl->view);
    ir_state_add_operand(m, &cs, off);
    int64_t so = IR_DYN, seg[4] = {1, 1, 0, 0};
    ir_state_set_attr(m, &cs, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
    ir_state_set_attr(m, &cs, "static_sizes", ir_attr_dense_array(m, m->t_i64, pl->rank, sizes));
    ir_state_set_attr(m, &cs, "static_strides", ir_attr_dense_array(m, m->t_i64, pl->rank, st));
    ir_state_set_attr(m, &cs, "operandSegmentSizes", split_segments(m, 4, seg));
    ir_state_add_result(m, &cs, split_memref(m, pl->rank, sizes, vt->elem, layout, vt->attr1));
    if (!pl->ind) /* split_indirect.c proved an indirect tile's words whole */
        ir_state_set_attr(m, &cs, "unaligned", ir_attr_unit(m)); /* path_expand_word.c */
    ir_value r = ir_op_result(m, sb_emit(b, &cs), 0);
    split_set_name(m, r, "row");
    return r;
}

/* The least access (bytes) of a unit of dev storing memory kind mem under
 * a byte mask (as path_expand_word.c takes it), 0 when any size goes. */
static int64_t masked_store_word(const struct arch_device *dev, const char *mem)
{
    int64_t least = 0;
    for (uint32_t r = 0; mem && r < dev->nres; r++) {
        const struct arch_access *a = arch_access(dev, r, true, mem);
        if (!(dev->res[r].features & ARCH_F_MASKED_WRITES) || !a)
            continue;
        int64_t x = arch_access_least(a, NULL);
        if (x && (!least || x < least))
            least = x;
    }
    return least;
}

/* Whether some unit of dev stores memory kind mem under a byte mask. */
static bool masked_store(const struct arch_device *dev, const char *mem)
{
    for (uint32_t r = 0; mem && r < dev->nres; r++)
        if ((dev->res[r].features & ARCH_F_MASKED_WRITES) && arch_access(dev, r, true, mem))
            return true;
    return false;
}

/* One nest of the tile loops (those of d with loop_of[d] >= 0, bounds
 * bnd[d]) around a pipeline of tile sizes ts, at b; with w, md's loop runs
 * from 0 to mb[1] (0 or 1) and the pipeline's tile along md starts at
 * me - r mod 2w (made inside the nest: no value for it outlives it). */
static bool piece(struct prog *p, ir_op gop, const struct split_gen *g,
                  const struct place *src, const struct dests *dst, const int64_t *ts,
                  const int32_t *loop_of, ir_value (*bnd)[3], int32_t md, const ir_value *mb,
                  ir_value me, ir_value r, int64_t w, const struct split_b *b, struct rows rw)
{
    struct split_b lb = *b;
    ir_value ivs[MAX_LOOPS];
    for (int last = 0; last < 2; last++) /* rows in flight innermost */
        for (uint32_t d = 0; d < g->nloops; d++)
            if (loop_of[d] >= 0 && (rw.inner && loop_of[d] == rw.loop) == last)
                ivs[loop_of[d]] =
                    (int32_t)d == md ? open_loop(&lb, mb, d) : tile_iv(&lb, bnd[d], d);
    if (w)
        ivs[loop_of[md]] = sb_arith(&lb, "arith.subi", me,
                                    sb_arith(&lb, "arith.remsi", r, sb_index(&lb, 2 * w)));
    return pipeline(p, gop, g, src, dst, ts, loop_of, ivs, &lb, IR_NONE, ivs, rw, NULL);
}

/* The tile loops (bounds bnd, md's 0 to me step T = ts[md]) of a tile of
 * launch-time strides masked along md and stored by a unit with masked
 * writes, at b: a nest for the whole tiles along md (up to me - r, r = me
 * mod T), then one for each bit k of r, largest first, moving 2^k elements
 * at me - r mod 2^(k+1) (md's loop then runs (r mod 2^(k+1)) / 2^k times:
 * 0 or 1): no store reaches past me and none reads the destination back (a
 * masked tail's read-modify-write makes each row's store wait for the
 * previous one and the next row's load for it), and each nest streams its
 * rows without draining its pipeline between them. */
static bool pieces(struct prog *p, ir_op gop, const struct split_gen *g,
                   const struct place *src, const struct dests *dst, const int64_t *ts,
                   const int32_t *loop_of, ir_value (*bnd)[3], struct split_b *b, int32_t md,
                   ir_value me, struct rows rw)
{
    int64_t t[MAX_LOOPS], T = ts[md];
    memcpy(t, ts, g->nloops * sizeof *t);
    me = sb_arith(b, "arith.maxsi", me, sb_index(b, 0));
    ir_value r = sb_arith(b, "arith.remsi", me, sb_index(b, T));
    ir_value mb[3] = {sb_index(b, 0), sb_arith(b, "arith.subi", me, r), sb_index(b, T)};
    if (!piece(p, gop, g, src, dst, t, loop_of, bnd, md, mb, me, r, 0, b, rw))
        return false;
    int k = 0;
    while (((int64_t)2 << k) < T)
        k++;
    for (; k >= 0; k--) {
        int64_t w = (int64_t)1 << k;
        mb[0] = sb_index(b, 0);
        mb[1] = sb_arith(b, "arith.divsi", sb_arith(b, "arith.remsi", r, sb_index(b, 2 * w)),
                         sb_index(b, w));
        mb[2] = sb_index(b, 1);
        t[md] = w;
        if (!piece(p, gop, g, src, dst, t, loop_of, bnd, md, mb, me, r, w, b, rw))
            return false;
    }
    return true;
}


/* The elements a tile of an elementwise generic moves: when it reads or
 * writes device memory in a float type of more lanes than it computes in
 * (f16 rows computed in f32: 64, a whole stick of f16, not 32), a multiple
 * of those lanes, the most such an operand has; else its lanes.
 * ktc-lower runs the wider vectors in lane-wide pieces (lower.h, "Pieces").
 * Reductions, generics of the scratchpad alone, and those whose inputs'
 * pieces would pass the registers SPLIT_COMPUTED_REGS leaves (the compute unit receives every
 * input before it computes: each piece is a register) keep the lanes. */
static int64_t chunk_of(struct split_ctx *c, const struct split_gen *g, const struct place *src,
                        const struct dests *dst, int64_t lanes)
{
    struct ir_module *m = c->m;
    int64_t w = lanes;
    for (uint32_t i = 0; i < g->nloops; i++)
        if (g->red[i])
            return lanes;
    for (uint32_t i = 0; i < g->nin + dst->n; i++) {
        const struct place *pl = i < g->nin ? &src[i] : &dst->to[i - g->nin];
        if (!pl->kind || (c->scratch && !strcmp(pl->kind, c->scratch)))
            continue;
        char buf[16];
        ir_type t = ir_type_elem(m, ir_value_type(m, i < g->nin ? g->in[i] : g->out));
        int64_t l = ir_type_is_float(m, t)
                        ? arch_lanes(c->dev, c->compute_res, split_type_name(m, t, buf, sizeof buf))
                        : 0;
        if (l > w && l % lanes == 0)
            w = l;
    }
    int64_t regs = (int64_t)c->max_vregs - SPLIT_COMPUTED_REGS;
    return g->nin * (w / lanes) > regs ? lanes : w;
}

/* The least access (bytes) units of dev make to memory kind mem, loading
 * or storing, the largest such; 0 when any size goes. */
static int64_t mem_word(const struct arch_device *dev, const char *mem)
{
    int64_t most = 0;
    for (uint32_t r = 0; mem && r < dev->nres; r++)
        for (int store = 0; store < 2; store++) {
            const struct arch_access *a = arch_access(dev, r, store, mem);
            int64_t x = arch_access_least(a, NULL);
            most = x > most ? x : most;
        }
    return most;
}

/* Whether place pl (of elements eb bytes wide) may start a transfer
 * inside a word of its memory: a tile at launch-time strides, at a
 * computed offset not known to be whole words (sched_value_gcd), or at a
 * constant offset or row stride off the word. */
static bool off_word(struct split_ctx *c, const struct place *pl, int64_t eb)
{
    struct ir_module *m = c->m;
    if (pl->view || !pl->mem || !pl->kind || (c->scratch && !strcmp(pl->kind, c->scratch)))
        return pl->view;
    int64_t w = mem_word(c->dev, pl->kind);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, pl->mem));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    if (w <= eb || !lay || lay->kind != IR_AT_STRIDED)
        return false;
    if (lay->i == IR_DYN) { /* a computed offset: what it is known a multiple of */
        ir_op d = ir_value_def(m, pl->mem);
        const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
        int64_t c0 = 0, g = o && o->nopnd > 1 ? sched_value_gcd(m, o->opnd[1], &c0, 6) : 1;
        if (g == 1 || (c0 * eb) % w || (g * eb) % w)
            return true;
    } else if ((lay->i * eb) % w) {
        return true;
    }
    for (uint32_t k = 0; k + 1 < lay->n && k < t->rank; k++)
        if (t->shape[k] > 1 && (lay->ints[k] == IR_DYN || (lay->ints[k] * eb) % w))
            return true;
    return false;
}

/* The tiles of T elements a tile of tail-split loop d (extent e) of g
 * takes when its transfers may lie astride words (off_word: each then
 * moves one word more than it holds, and ktc-nest does not coarsen it):
 * as many as fit in the pieces ktc-lower runs (SPLIT_MAX_PIECES lane-wide
 * ones) and the registers the inputs' pieces take, the number leaving the
 * fewest tiles: the wide ones, then the rest as one tile when ktc-lower
 * runs it in pieces (in_pieces), else its lane-wide tiles and the tail;
 * else 1. */
static int64_t widen(struct split_ctx *c, const struct split_gen *g, const struct place *src,
                     const struct dests *dst, int64_t lanes, int64_t T, int64_t e)
{
    struct ir_module *m = c->m;
    bool off = false;
    for (uint32_t i = 0; i < g->nin + dst->n; i++) {
        const struct place *pl = i < g->nin ? &src[i] : &dst->to[i - g->nin];
        ir_type t = ir_type_elem(m, ir_value_type(m, i < g->nin ? g->in[i] : g->out));
        off = off || off_word(c, pl, ir_type_bytes(m, t));
    }
    for (uint32_t i = 0; i < g->nloops; i++)
        off = off && !g->red[i];
    if (!off || T % lanes)
        return 1;
    int64_t regs = (int64_t)c->max_vregs - SPLIT_COMPUTED_REGS, n = e / T, best = 1, most = 0;
    for (int64_t k = 1; k <= SPLIT_MAX_PIECES * lanes / T && k <= n; k++) {
        int64_t rest = e % (k * T), tiles = n / k;
        if (rest)
            tiles += k > 1 && in_pieces(g, rest, lanes, regs) ? 1 : n % k + (e % T != 0);
        if (g->nin * k * (T / lanes) <= regs && (!most || tiles <= most))
            best = k, most = tiles; /* the fewest tiles, the widest */
    }
    return best;
}

/* Builds the tile loops and the pipeline of generic gop at p->ret: the
 * tiles of a loop whose extent is no multiple of its tile (tile_sizes) in
 * three parts (split.h, "Tails"), part 0 the wide ones, part 1 the
 * lane-wide ones (or the rest in one tile in pieces), part 2 the tail; all
 * of them when there is no such loop (part 0). */
/* Whether cond, in generic gop's body, is `linalg.index d < S - x` (or
 * `S - x > linalg.index d`), S - x made before gop (split_index_rebase:
 * Triton's `cols < N`, cols = x + arange). */
static bool index_below(const struct ir_module *m, ir_block body, ir_value cond, uint32_t d,
                        ir_value S, ir_value x)
{
    ir_op c = ir_value_def(m, cond);
    const struct ir_op_info *o = c ? ir_op_get(m, c) : NULL;
    if (!o || o->block != body || o->kind != IR_OP_ARITH_CMPI || o->nopnd != 2)
        return false;
    int64_t p = ir_attr_get(m, ir_op_attr(m, c, "predicate"))->i;
    if (p != 2 && p != 4) /* slt, sgt */
        return false;
    ir_value j = o->opnd[p == 2 ? 0 : 1], bound = o->opnd[p == 2 ? 1 : 0];
    ir_op jd = ir_value_def(m, j), bd = ir_value_def(m, bound);
    const struct ir_op_info *bo = bd ? ir_op_get(m, bd) : NULL;
    return jd && ir_op_get(m, jd)->kind == IR_OP_LINALG_INDEX &&
           ir_op_get(m, jd)->block == body &&
           ir_attr_get(m, ir_op_attr(m, jd, "dim"))->i == (int64_t)d && bo &&
           bo->block != body && bo->kind == IR_OP_ARITH_SUBI && bo->opnd[0] == S &&
           bo->opnd[1] == x;
}

/* Zero-fill elision (split.h, "Masked tiles"): whether generic gop's input
 * i, masked along its loop d (pl: its in-set extent S - x before the
 * clamp), reaches the body's yield only through the kept side of selects
 * on `linalg.index d < S - x` (Triton's where(cols < N, x - mean, 0)): on
 * the lanes the fill would zero, the select takes its other side, so what
 * they hold is never used (float ops alone on the way: no trap). */
static bool where_dropped(const struct ir_module *m, ir_op gop, uint32_t i, uint32_t d,
                          const struct place *pl)
{
    enum { MAX_TAINT = 64 };
    ir_block body = split_body(m, gop, 0);
    if (!pl->mS || !pl->mat || pl->mc != 0 || !body)
        return false;
    ir_value taint[MAX_TAINT] = {ir_block_get(m, body)->args[i]};
    uint32_t nt = 1;
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        bool t[3] = {false}, any = false;
        for (uint32_t k = 0; k < o->nopnd; k++)
            for (uint32_t q = 0; q < nt; q++)
                if (o->opnd[k] == taint[q]) {
                    any = true;
                    if (k < 3)
                        t[k] = true;
                }
        if (!any)
            continue;
        if (o->kind == IR_OP_ARITH_SELECT && t[1] && !t[0] && !t[2] &&
            index_below(m, body, o->opnd[0], d, pl->mS, pl->mat))
            continue; /* dropped lanes take the other side */
        if (o->kind == IR_OP_LINALG_YIELD || o->nreg || nt + o->nres > MAX_TAINT)
            return false;
        for (uint32_t r = 0; r < o->nres; r++) {
            ir_type rt = ir_value_type(m, o->res + r);
            if (!ir_type_is_float(m, rt) && rt != m->t_i1)
                return false;
            taint[nt++] = o->res + r;
        }
    }
    return true;
}

/* What loop d is to the indirect tiles of the rows form it places
 * (split_indirect.c): whether it moves one of them a row at a time
 * (`indexed`: its variable picks an index), and the rows of the pages it
 * moves them by (`page`, split.h's pages: every such tile along a page dim
 * of P rows, from a multiple of P, one row a tile; 0 when none, or when two
 * tiles' pages differ), a destination's among them (`stored`: a scatter's,
 * whose writes keep their order, since two pages may be one). */
struct loop_rows {
    bool indexed, stored;
    int64_t page;
};

static struct loop_rows loop_rows(const struct ir_module *m, const struct split_gen *g,
                                  const struct place *src, const struct dests *dst, uint32_t d,
                                  int64_t lo, int64_t ts)
{
    struct loop_rows r = {0};
    bool clash = false;
    for (uint32_t i = 0; i < g->nin + dst->n; i++) {
        const struct place *pl = i < g->nin ? &src[i] : &dst->to[i - g->nin];
        const struct ir_affine_map *mp = ir_map_get(m, i < g->nin ? g->in_map[i] : g->out_map);
        for (uint32_t k = 0; pl->ind && k < pl->rank && k < mp->nres; k++) {
            const struct ir_aff_info *a = ir_aff_get(m, mp->res[k]);
            if (a->kind != IR_AFF_DIM || a->v != (int64_t)d || pl->how[k] == SPLIT_IND_DIRECT)
                continue;
            r.indexed = true;
            if (pl->how[k] != SPLIT_IND_ONE || !pl->page[k])
                continue;
            clash = clash || (r.page && r.page != pl->page[k]);
            r.page = pl->page[k];
            r.stored = r.stored || i >= g->nin;
        }
    }
    if (clash || ts != 1 || (r.page && lo % r.page))
        r.page = 0;
    return r;
}

/* Whether a loop of rows[] (n loops) moves a read tile's pages. */
static bool pages_read(const struct loop_rows *rows, uint32_t n)
{
    for (uint32_t d = 0; d < n; d++)
        if (rows[d].page && !rows[d].stored)
            return true;
    return false;
}

/* Tile loop d (bounds bnd, IV ivs[L]) over pages of P rows runs as a loop
 * over the pages, opened here (outside the other tile loops when only read:
 * the page's indices, read there, do not change along them), and one over
 * a page's rows (page_iv); its IV goes to ivs[*n] (p->pg_hi[L]). */
static void page_loop_open(struct prog *p, struct split_b *b, const ir_value *bnd, uint32_t d,
                           int64_t P, int32_t L, ir_value *ivs, uint32_t *n)
{
    int64_t lb = 0, ub = 0;
    split_const_int(b->m, bnd[0], &lb);
    split_const_int(b->m, bnd[1], &ub);
    ir_value pages[3] = {sb_index(b, lb / P), sb_index(b, (ub + P - 1) / P), sb_index(b, 1)};
    p->pg_P[L] = P;
    p->pg_hi[L] = *n;
    ivs[(*n)++] = open_named_loop(b, pages, "page", d);
}

/* The variable of tile loop d over pages of P rows: the loop over the
 * pages opened here too when stored (a scatter's writes in their order),
 * else before (page_loop_open); then the one over a page's rows, IV
 * ivs[*n] (p->pg_lo[L]); page * P + row. */
static ir_value page_iv(struct prog *p, struct split_b *b, const ir_value *bnd, uint32_t d,
                        int64_t P, bool stored, int32_t L, ir_value *ivs, uint32_t *n)
{
    if (stored)
        page_loop_open(p, b, bnd, d, P, L, ivs, n);
    /* a last page past the tile's end: its rows up to the end */
    int64_t ub = 0;
    split_const_int(b->m, bnd[1], &ub);
    ir_value first = sb_muli(b, ivs[p->pg_hi[L]], P),
             rows[3] = {sb_index(b, 0),
                        ub % P ? sb_arith(b, "arith.minsi", sb_index(b, P),
                                          sb_arith(b, "arith.subi", sb_index(b, ub), first))
                               : sb_index(b, P),
                        sb_index(b, 1)};
    ir_value row = open_loop(b, rows, d);
    p->pg_lo[L] = *n;
    ivs[(*n)++] = row;
    return sb_addi(b, first, row);
}

static bool schedule_part(struct prog *p, ir_op gop, const struct place *src,
                          const struct dests *dst, int part)
{
    struct split_ctx *c = p->c;
    struct ir_module *m = p->m;
    struct ir_loc loc = ir_op_get(m, gop)->loc;
    struct split_gen g;
    split_gen_read(m, gop, &g);
    int64_t ext[MAX_LOOPS], ts[MAX_LOOPS];
    if (!split_gen_extents(m, &g, ext))
        return split_error(c, gop, "computations of dynamic shape are not supported yet");
    ir_type elem = ir_type_elem(m, g.res);
    char tname[16];
    int64_t lanes = split_gen_lanes(c, gop, elem, tname, sizeof tname);
    if (lanes <= 0)
        return split_error(c, gop,
                           "%s computations on device @%s are not supported yet (its %s "
                           "unit has no SIMD lanes for %s)",
                           tname, c->dev->name, c->compute, tname);
    if (!split_index_fits(c, gop, ext))
        return false;
    int64_t chunk = chunk_of(c, &g, src, dst, lanes), lo[MAX_LOOPS] = {0};
    /* lane-wide tiles and a tail (tile_sizes) unless a mask bounds the
     * tiles (a masked vector's own tail: below); masked inputs alone are
     * zero-filled, their tiles whole */
    bool masked = false;
    for (uint32_t j = 0; j < dst->n; j++)
        masked = masked || dst->to[j].mext;
    int32_t td = tile_sizes(&g, ext, chunk, (int64_t)c->max_vregs - SPLIT_COMPUTED_REGS, lanes,
                            !masked, ts);
    if (td >= 0) { /* the parts of loop td (split.h, "Tails") */
        int64_t T = ts[td], W = T * widen(c, &g, src, dst, lanes, T, ext[td]);
        int64_t e = ext[td], e1 = e - e % W, e2 = e - e % T;
        if (W > T && e > e1 &&
            in_pieces(&g, e - e1, lanes, (int64_t)c->max_vregs - SPLIT_COMPUTED_REGS))
            e2 = e; /* the rest of the wide tiles one tile in pieces */
        int64_t a = part == 0 ? 0 : part == 1 ? e1 : e2, z = part == 0 ? e1 : part == 1 ? e2 : e;
        if (a == z)
            return true;
        lo[td] = a;
        ext[td] = z - a;
        ts[td] = part == 0 ? W : part == 1 && e2 < e ? T : z - a;
    } else if (part) {
        return true;
    }
    /* an operand read transposed (linalg.transpose, a matmul's K^T) a
     * column a vector: the loop along its memref's last dim not the
     * vector's innermost takes one element, so the column is evenly
     * strided (ktc-path-expand moves the rows' words, path_expand_word.c) */
    const struct ir_affine_map *omp = ir_map_get(m, g.out_map);
    const struct ir_aff_info *olast = omp->nres ? ir_aff_get(m, omp->res[omp->nres - 1]) : NULL;
    for (uint32_t i = 0; i < g.nin && olast && olast->kind == IR_AFF_DIM; i++) {
        const struct ir_affine_map *mp = ir_map_get(m, g.in_map[i]);
        const struct ir_aff_info *a = mp->nres ? ir_aff_get(m, mp->res[mp->nres - 1]) : NULL;
        if (!dims_in_order(m, g.in_map[i]) && a && a->kind == IR_AFF_DIM && a->v != olast->v &&
            !g.red[a->v])
            ts[a->v] = 1;
    }
    /* Rows of a view placed only at launch (an access tile at a computed
     * offset) whose rows are not contiguous stay one per tile: the device
     * may have to read each row's enclosing words (path_expand_word.c),
     * which rows packed into one vector cannot share. */
    bool apart = false;
    for (uint32_t i = 0; i < g.nin; i++)
        apart = apart || rows_apart(m, src[i].mem) || src[i].view;
    for (uint32_t j = 0; j < dst->n; j++)
        apart = apart || rows_apart(m, dst->to[j].mem) || dst->to[j].view;
    bool views = false; /* a tile of launch-time strides (row casts) */
    for (uint32_t i = 0; i < g.nin; i++)
        views = views || src[i].view;
    for (uint32_t j = 0; j < dst->n; j++)
        views = views || dst->to[j].view;
    bool inner = true; /* the innermost parallel loop keeps its tile */
    for (uint32_t d = g.nloops; apart && d-- > 0;) {
        if (g.red[d] || ext[d] == 1)
            continue;
        if (!inner)
            ts[d] = 1;
        inner = false;
    }
    /* A body reading its output starts from the output's initial value:
     * the compute stage rebuilds empty tensors and constant splats only. */
    ir_block gb = split_body(m, gop, 0);
    ir_op od = ir_value_def(m, g.out);
    uint32_t ok = od ? ir_op_get(m, od)->kind : 0;
    if (split_block_uses(m, gb, ir_block_get(m, gb)->args[g.nin]) && ok != IR_OP_TENSOR_EMPTY &&
        ok != IR_OP_TENSOR_SPLAT && ok != IR_OP_LINALG_FILL)
        return split_error(c, gop, "a computation accumulating into a tensor made by %s is not "
                                   "supported yet", od ? ir_str_get(m, ir_op_get(m, od)->name)
                                                       : "an argument");

    /* Masks (split.h): the one parallel loop the masked operands bound,
     * and its in-set extent. */
    int32_t md = -1;
    ir_value me = IR_NONE;
    /* a refusal of a mask from a constant bound says where it comes from */
    const char *why = "";
    for (uint32_t i = 0; i < g.nin + dst->n; i++) {
        const struct place *pl = i < g.nin ? &src[i] : &dst->to[i - g.nin];
        if (pl->mext && pl->mconst)
            why = " (an access tile here passes a constant bound of its view's coordinate_set, "
                  "which masks what lies past it)";
    }
    for (uint32_t i = 0; i < g.nin + dst->n; i++) {
        const struct place *pl = i < g.nin ? &src[i] : &dst->to[i - g.nin];
        if (!pl->mext)
            continue;
        const struct ir_affine_map *mp = ir_map_get(m, i < g.nin ? g.in_map[i] : g.out_map);
        const struct ir_aff_info *a = pl->mdim < mp->nres ? ir_aff_get(m, mp->res[pl->mdim]) : NULL;
        if (!a || a->kind != IR_AFF_DIM)
            return split_error(c, gop, "a masked access tile read through a constant offset "
                                       "is not supported yet%s", why);
        if (md >= 0 && (md != (int32_t)a->v || me != pl->mext))
            return split_error(c, gop, "masks along two loops of a computation, or of "
                                       "different extents, are not supported yet%s", why);
        md = (int32_t)a->v;
        me = pl->mext;
    }
    /* Zero-fill (split.h): no destination masked (a sum carried across
     * blocks, a reduction over the masked dim), so the computation runs
     * the whole tile and each masked input reads 0 past e, as ref 6.6 has
     * it (its selects: below, once the tile loops are open). */
    int32_t zmd = -1;
    bool zfill = md >= 0;
    for (uint32_t j = 0; j < dst->n; j++)
        zfill = zfill && !dst->to[j].mext;
    for (uint32_t i = 0; zfill && i < g.nin; i++)
        if (src[i].mext && !ir_type_is_float(m, ir_type_elem(m, ir_value_type(m, g.in[i]))))
            return split_error(c, gop, "a masked tile of integer elements read by a computation "
                                       "whose result is not stored through a tile masked alike "
                                       "is not supported yet%s", why);
    if (zfill)
        zmd = md, md = -1;
    /* Rows in flight (split.h), stored under a byte mask, for tiles whose
     * transfers ktc-path-expand moves by their words at launch-time
     * offsets (`moved`: row casts, tiles moved at launch) and masked tiles
     * of rows apart (a view placed at launch). A row of whole words of a
     * moved tile is stored by read-modify-write instead
     * (path_expand_word.c), which rows in flight cannot share: the
     * destination's last dim takes half the tile while a row's bytes are
     * whole words. */
    bool moved = views, indirect = false;
    for (uint32_t i = 0; i < g.nin; i++)
        moved = moved || unaligned_cast(m, src[i].mem);
    for (uint32_t j = 0; j < dst->n; j++)
        moved = moved || unaligned_cast(m, dst->to[j].mem);
    for (uint32_t j = 0; j < dst->n; j++)
        moved = moved && masked_store(c->dev, dst->to[j].kind);
    /* not for indirect rows (split_indirect.c): each transfer's unit reads
     * its own index, which copies of the row would move to other units */
    for (uint32_t i = 0; i < g.nin; i++)
        indirect = indirect || src[i].ind;
    for (uint32_t j = 0; j < dst->n; j++)
        indirect = indirect || dst->to[j].ind;
    bool inflight = (moved || (apart && md >= 0)) && !indirect;
    for (uint32_t j = 0; j < dst->n; j++)
        inflight = inflight && masked_store(c->dev, dst->to[j].kind);
    bool rows = false; /* a loop of one row a tile to run n > 1 rows an iteration */
    for (uint32_t d = 0; inflight && d < g.nloops; d++)
        for (int64_t n = 2; n <= SPLIT_ROWS_IN_FLIGHT && ts[d] == 1 && !g.red[d] &&
                            (int32_t)d != md; n++)
            rows = rows || ext[d] % n == 0;
    if (rows && moved) {
        const struct ir_affine_map *om = ir_map_get(m, g.out_map);
        const struct ir_aff_info *la = om->nres ? ir_aff_get(m, om->res[om->nres - 1]) : NULL;
        int64_t eb = ir_type_bytes(m, ir_type_elem(m, g.res));
        for (uint32_t j = 0; la && la->kind == IR_AFF_DIM && j < dst->n; j++) {
            int64_t w = masked_store_word(c->dev, dst->to[j].kind), *t = &ts[la->v];
            while (w > 0 && *t > 2 && *t % 2 == 0 && *t * eb % w == 0)
                *t /= 2;
        }
    }
    bool tail = false;
    int64_t per = 1; /* lanes an element of the masked loop takes */
    if (md >= 0) {
        if (g.red[md])
            return split_error(c, gop, "a reduction over a masked dim is not supported yet%s",
                               why);
        for (uint32_t j = 0; j < dst->n; j++)
            if (!dst->to[j].mext)
                return split_error(c, gop, "a masked computation whose result is not stored "
                                           "through a tile masked alike is not supported yet%s",
                                   why);
        tail = ts[md] > 1;
        /* the result's vector is row-major: loops after md in it make
         * each element of md `per` lanes; loops before it must not be
         * packed (their elements would interleave with md's) */
        const struct ir_affine_map *om = ir_map_get(m, g.out_map);
        bool after = false;
        for (uint32_t k = 0; tail && k < om->nres; k++) {
            const struct ir_aff_info *a = ir_aff_get(m, om->res[k]);
            if (a->kind != IR_AFF_DIM)
                continue;
            if ((int32_t)a->v == md)
                after = true;
            else if (after)
                per *= ts[a->v];
            else if (ts[a->v] != 1)
                return split_error(c, gop, "a masked vector holding elements of a loop outside "
                                           "the masked one is not supported yet%s",
                                   why);
        }
        if (tail && (!ir_type_is_float(m, elem) || dst->n != 1))
            return split_error(c, gop, "a masked vector of %s elements is not supported yet%s",
                               dst->n != 1 ? "several destinations'" : "integer", why);
    }

    /* Tile loops: the loops of g a tile does not cover (and a masked
     * one), outermost first; their bounds are made before the outermost
     * one. */
    struct split_b b;
    at_ret(p, &b, loc);
    ir_value ivs[3 * MAX_LOOPS], bounds[MAX_LOOPS][3];
    int32_t loop_of[MAX_LOOPS];
    uint32_t nivs = 0;
    struct loop_rows lr[MAX_LOOPS];
    for (uint32_t d = 0; d < g.nloops; d++) {
        lr[d] = loop_rows(m, &g, src, dst, d, lo[d], ts[d]);
        if (tail || (int32_t)d == zmd || (int32_t)d == md)
            lr[d].page = 0;
    }
    memset(p->pg_P, 0, sizeof p->pg_P);
    for (uint32_t d = 0; d < g.nloops; d++) {
        loop_of[d] = -1;
        if (ts[d] == ext[d] && !lo[d] && (int32_t)d != md)
            continue;
        bounds[d][0] = sb_index(&b, lo[d]);
        bounds[d][1] = (int32_t)d == md ? me : sb_index(&b, lo[d] + ext[d]);
        bounds[d][2] = sb_index(&b, ts[d]);
    }
    ir_value last = IR_NONE; /* where the last vector holding set elements starts */
    if (tail) {
        ir_value e1 = sb_arith(&b, "arith.subi", me, sb_index(&b, 1));
        last = sb_arith(&b, "arith.maxsi",
                        sb_arith(&b, "arith.subi", e1,
                                 sb_arith(&b, "arith.remsi", e1, bounds[md][2])),
                        sb_index(&b, 0));
    }
    /* a masked tail of launch-time strides stored under a byte mask: in
     * pieces */
    bool split_tail = tail && views && masked_store(c->dev, dst->to[0].kind);
    /* rows in flight (above): ktc-nest cannot gather such rows into one
     * transfer a tile; the innermost loop of one row a tile (not the
     * masked one) runs n rows an iteration, n the largest divisor of its
     * trips up to SPLIT_ROWS_IN_FLIGHT whose transfers stay within
     * SPLIT_ROW_SLOTS */
    struct rows rw = {.loop = -1, .n = 1};
    int32_t du = -1;
    for (uint32_t d = 0; rows && d < g.nloops; d++)
        if (!g.red[d] && ts[d] == 1 && ext[d] > 1 && (int32_t)d != md)
            du = (int32_t)d;
    if (du >= 0) {
        int64_t xfers = g.nin + (tail && !split_tail) + dst->n;
        for (int64_t n = 2; n <= SPLIT_ROWS_IN_FLIGHT && n * xfers <= SPLIT_ROW_SLOTS; n++)
            if (ext[du] % n == 0)
                rw.n = n;
        if (rw.n > 1)
            bounds[du][2] = sb_index(&b, rw.n);
        /* the pipeline's phases follow its innermost loop (modulo): the
         * rows' loop when it has iterations to overlap */
        rw.inner = ext[du] / rw.n > 1;
    }
    /* a masked loop of one tile at most (its 0 or 1 trips) goes outside
     * the others: ktc-nest tiles the innermost parallel loop (e.g. the
     * rows under a masked row's columns) */
    bool md_out = md >= 0 && ext[md] <= ts[md] && !split_tail;
    for (uint32_t d = 0; d < g.nloops; d++) {
        if (ts[d] != ext[d] || lo[d] || (int32_t)d == md) {
            if ((int32_t)d == du && rw.n > 1)
                rw.loop = (int32_t)nivs;
            loop_of[d] = (int32_t)nivs++;
        }
    }
    uint32_t nextra = nivs; /* the page loops' IVs after the tile loops' */
    if (md_out)
        ivs[loop_of[md]] = open_loop(&b, bounds[md], (uint32_t)md);
    /* a read tile's pages: their loops after those of the dims its indices
     * read a row at a time, before the others (whose rows share the page's
     * indices; the unit moving the tile reads the next page's as it moves
     * this one's, ktc-codegen) */
    bool opened[MAX_LOOPS] = {false};
    for (uint32_t d = 0; d < g.nloops && pages_read(lr, g.nloops); d++)
        if (loop_of[d] >= 0 && !lr[d].page && lr[d].indexed) {
            ivs[loop_of[d]] = tile_iv(&b, bounds[d], d);
            opened[d] = true;
        }
    for (uint32_t d = 0; d < g.nloops; d++)
        if (lr[d].page && !lr[d].stored && loop_of[d] >= 0)
            page_loop_open(p, &b, bounds[d], d, lr[d].page, loop_of[d], ivs, &nextra);
    for (int rl = 0; rl < 2; rl++) /* rows in flight innermost */
        for (uint32_t d = 0; d < g.nloops; d++)
            if (loop_of[d] >= 0 && !(md_out && (int32_t)d == md) && !opened[d] &&
                (rw.inner && loop_of[d] == rw.loop) == rl)
                ivs[loop_of[d]] = split_tail         ? IR_NONE
                                  : (int32_t)d == md ? open_loop(&b, bounds[d], d)
                                  : lr[d].page       ? page_iv(p, &b, bounds[d], d, lr[d].page,
                                                               lr[d].stored, loop_of[d], ivs, &nextra)
                                                     : tile_iv(&b, bounds[d], d);
    if (split_tail)
        return pieces(p, gop, &g, src, dst, ts, loop_of, bounds, &b, md, me, rw);
    /* zero-fill: input i's lanes whose place along the masked loop's dim
     * of it is below min(e - start, ts) (start: where the tile begins along
     * that loop) keep their values */
    ir_value zf[MAX_IN] = {0};
    bool zfilled = false;
    for (uint32_t i = 0; zmd >= 0 && i < g.nin; i++)
        zfilled |= src[i].mext && !where_dropped(m, gop, i, (uint32_t)zmd, &src[i]);
    if (zfilled) {
        ir_value start = loop_of[zmd] >= 0 ? ivs[loop_of[zmd]] : sb_index(&b, lo[zmd]);
        ir_value r = sb_arith(&b, "arith.minsi",
                              sb_arith(&b, "arith.maxsi", sb_arith(&b, "arith.subi", me, start),
                                       sb_index(&b, 0)),
                              sb_index(&b, ts[zmd]));
        ir_value r32 = cast1(&b, "arith.index_cast", r, m->t_i32);
        for (uint32_t i = 0; i < g.nin; i++)
            if (src[i].mext && !where_dropped(m, gop, i, (uint32_t)zmd, &src[i]))
                zf[i] = cast1(&b, "arith.sitofp", r32,
                              ir_type_elem(m, ir_value_type(m, g.in[i])));
    }
    if (!tail)
        return pipeline(p, gop, &g, src, dst, ts, loop_of, ivs, &b, IR_NONE, ivs, rw,
                        zfilled ? zf : NULL);
    /* lanes below min(e - i, ts) take the computed values, the others
     * the destination's, read where the last vector goes */
    ir_value r = sb_arith(&b, "arith.minsi",
                          sb_arith(&b, "arith.subi", me, ivs[loop_of[md]]), bounds[md][2]);
    r = sb_muli(&b, r, per);
    ir_value rf = cast1(&b, "arith.sitofp", cast1(&b, "arith.index_cast", r, m->t_i32), elem);
    ir_value oivs[MAX_LOOPS];
    memcpy(oivs, ivs, nivs * sizeof *oivs);
    oivs[loop_of[md]] = last;
    return pipeline(p, gop, &g, src, dst, ts, loop_of, ivs, &b, rf, oivs, rw, NULL);
}

/* Lane compares (split_index_lane_compares): each comparison of chunk
 * tg's body of linalg.index d (plus a captured x) with a captured n
 * compares the lane's place along d in the chunk (a float constant, one
 * more input) with n - x - o (o the chunk's origin along d, ivs[loop_of[d]],
 * 0 when d is not looped), clamped to [-1, e] (the places are 0 .. e - 1,
 * e the chunk's extent along d) and converted before tg: exact, and
 * nothing in the lanes is an index. Returns the chunk (a new op when it
 * compared so). */
static ir_op lane_compares(struct ir_module *m, ir_op tg, const int32_t *loop_of,
                           const ir_value *ivs)
{
    if (!split_index_lane_compares(m, tg))
        return tg;
    ir_op cmps[SPLIT_LANE_CMPS];
    int64_t dims[SPLIT_LANE_CMPS];
    bool rhs[SPLIT_LANE_CMPS];
    uint32_t n = 0;
    IR_FOR_OPS(m, split_body(m, tg, 0), op) {
        int64_t d = n < SPLIT_LANE_CMPS ? split_index_compare(m, tg, op, &rhs[n]) : -1;
        if (d >= 0)
            dims[n] = d, cmps[n++] = op;
    }
    struct split_gen g;
    split_gen_read(m, tg, &g);
    const struct ir_type_info *rt = ir_type_get(m, g.res);
    const struct ir_affine_map *om = ir_map_get(m, g.out_map);
    ir_type ft = ir_type_elem(m, g.res);
    ir_type tt = ir_type_shaped(m, IR_TY_TENSOR, rt->rank, rt->shape, ft);
    int64_t elems = 1;
    for (uint32_t k = 0; k < rt->rank; k++)
        elems *= rt->shape[k];
    /* a place input per dim compared along (its argument's position + 1,
     * its extent) */
    uint32_t at[SPLIT_MAX_LOOPS] = {0}, nin = g.nin;
    int64_t ext[SPLIT_MAX_LOOPS];
    for (uint32_t i = 0; i < n; i++) {
        int64_t d = dims[i];
        if (at[d])
            continue;
        int64_t per = 1, size = 1;
        for (uint32_t k = 0; k < om->nres && k < rt->rank; k++) {
            const struct ir_aff_info *a = ir_aff_get(m, om->res[k]);
            if (a->kind == IR_AFF_DIM && a->v == d)
                size = rt->shape[k], per = 1;
            else
                per *= rt->shape[k];
        }
        struct split_b cb;
        sb_before(&cb, m, tg, ir_op_get(m, tg)->loc);
        tg = split_gen_add_input(m, tg, lane_numbers(&cb, tt, elems, per, size), g.out_map);
        at[d] = ++nin;
        ext[d] = size;
    }
    for (uint32_t i = 0; i < n; i++) {
        struct ir_op_info *o = ir_op_get(m, cmps[i]);
        int64_t d = dims[i], p = ir_attr_get(m, ir_op_attr(m, cmps[i], "predicate"))->i;
        ir_value lane = o->opnd[rhs[i] ? 1 : 0], bound = o->opnd[rhs[i] ? 0 : 1];
        const struct ir_op_info *lo = ir_op_get(m, ir_value_def(m, lane));
        struct split_b pb;
        sb_before(&pb, m, tg, ir_op_get(m, tg)->loc);
        if (lo->kind == IR_OP_ARITH_ADDI) { /* x + j < n: j < n - x */
            ir_block body = split_body(m, tg, 0);
            ir_op xd = ir_value_def(m, lo->opnd[0]);
            bool x0 = !xd || ir_op_get(m, xd)->block != body;
            bound = sb_arith(&pb, "arith.subi", bound, lo->opnd[x0 ? 0 : 1]);
        }
        if (loop_of[d] >= 0)
            bound = sb_arith(&pb, "arith.subi", bound, ivs[loop_of[d]]);
        bound = sb_arith(&pb, "arith.minsi", sb_arith(&pb, "arith.maxsi", bound, sb_index(&pb, -1)),
                         sb_index(&pb, ext[d]));
        ir_value bf =
            cast1(&pb, "arith.sitofp", cast1(&pb, "arith.index_cast", bound, m->t_i32), ft);
        /* the lane on the left: eq ne slt sle sgt sge -> oeq one olt ole ogt oge */
        static const int64_t fpred[6] = {1, 6, 4, 5, 2, 3};
        static const int64_t swapped[6] = {0, 1, 4, 5, 2, 3};
        struct ir_op_state st;
        ir_state_init(&st, m, "arith.cmpf", o->loc);
        ir_state_add_operand(m, &st, ir_block_get(m, split_body(m, tg, 0))->args[at[d] - 1]);
        ir_state_add_operand(m, &st, bf);
        ir_state_set_attr(m, &st, "predicate",
                          ir_attr_int(m, fpred[rhs[i] ? swapped[p] : p], m->t_i64));
        ir_state_add_result(m, &st, m->t_i1);
        ir_op fc = ir_op_create(m, &st);
        ir_op_insert_before(m, cmps[i], fc);
        split_replace_uses(m, tg, ir_op_get(m, cmps[i])->res, ir_op_result(m, fc, 0));
        ir_op_unlink(m, cmps[i]);
    }
    /* the index ops the comparisons read, now read by nothing */
    for (bool gone = true; gone;) {
        gone = false;
        IR_FOR_OPS(m, split_body(m, tg, 0), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            if ((o->kind == IR_OP_LINALG_INDEX || o->kind == IR_OP_ARITH_ADDI) &&
                !split_block_uses(m, split_body(m, tg, 0), o->res)) {
                ir_op_unlink(m, op);
                gone = true;
                break;
            }
        }
    }
    return tg;
}

/* Builds the pipeline of generic gop inside its tile loops (at b, the
 * loop variables ivs); with rf, the tail of a masked vector (split.h):
 * the store's destination is read too and only lanes below rf (a scalar
 * of the element type) take the computed values. With rw.n > 1, rows
 * rw.n of loop rw.loop's tiles (one row each) from ivs on: a copy of every
 * transfer, slot and of the computation per row, row r's transfers at r
 * more along the dims that loop indexes. */
static bool pipeline(struct prog *p, ir_op gop, const struct split_gen *gp,
                     const struct place *src, const struct dests *dst, const int64_t *ts,
                     const int32_t *loop_of, const ir_value *ivs, struct split_b *bp,
                     ir_value rf, const ir_value *old_ivs, struct rows rw, const ir_value *zf)
{
    enum { MAX_SLOTS = MAX_IN + MAX_OUT + 1 };
    struct split_ctx *c = p->c;
    struct ir_module *m = p->m;
    struct ir_loc loc = ir_op_get(m, gop)->loc;
    struct split_gen g = *gp;
    ir_type elem = ir_type_elem(m, g.res);
    struct split_b b = *bp;
    /* Accesses and slots: inputs (and old) of each row, then outputs of
     * each row. */
    struct access acc[MAX_IN + 1];
    uint32_t R = rw.n > 1 ? (uint32_t)rw.n : 1;
    uint32_t nld = g.nin + (rf ? 1 : 0), nout = R * nld, nslots = R * (nld + dst->n);
    if (nslots > MAX_SLOTS)
        abort(); /* schedule() bounds the rows by the slots */
    ir_type slots[MAX_SLOTS];
    for (uint32_t i = 0; i <= g.nin; i++)
        if (!access_of(p, gop, i < g.nin ? g.in_map[i] : g.out_map, ts, loop_of, &acc[i]))
            return false;
    for (uint32_t r = 0; r < R; r++) {
        for (uint32_t i = 0; i < g.nin; i++)
            slots[r * nld + i] = slot_type(m, src[i].kind, c->compute, acc[i].n,
                                           ir_type_elem(m, ir_value_type(m, g.in[i])));
        if (rf)
            slots[r * nld + g.nin] = slot_type(m, dst->to[0].kind, c->compute, acc[g.nin].n, elem);
        for (uint32_t j = 0; j < dst->n; j++)
            slots[nout + r * dst->n + j] = slot_type(m, c->compute, dst->to[j].kind,
                                                     acc[g.nin].n, elem);
    }

    /* The memrefs transfers use: row casts of tiles of launch-time strides
     * (before the pipeline, in the tile loops). */
    struct access sacc[MAX_SLOTS], dacc[MAX_SLOTS];
    ir_value smem[MAX_SLOTS], dmem[MAX_SLOTS];
    for (uint32_t r = 0; r < R; r++) {
        for (uint32_t i = 0; i < nld; i++) {
            const struct place *pl = i < g.nin ? &src[i] : &dst->to[0];
            struct access *a = &sacc[r * nld + i];
            *a = acc[i < g.nin ? i : g.nin];
            for (uint32_t k = 0; k < a->rank; k++)
                if (a->loop[k] >= 0 && a->loop[k] == rw.loop)
                    a->off[k] += r;
            if (!(smem[r * nld + i] = row_cast(p, gop, &b, pl, a, i < g.nin ? ivs : old_ivs)))
                return false;
        }
        for (uint32_t j = 0; j < dst->n; j++) {
            struct access *a = &dacc[r * dst->n + j];
            *a = acc[g.nin];
            for (uint32_t k = 0; k < a->rank; k++)
                if (a->loop[k] >= 0 && a->loop[k] == rw.loop)
                    a->off[k] += r;
            if (!(dmem[r * dst->n + j] = row_cast(p, gop, &b, &dst->to[j], a, ivs)))
                return false;
        }
    }

    /* ktdf.pipeline { %p:N = ktdf.private -> (slots, tokens) {...} stages } */
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    if (R > 1) /* the rows of the next iteration in flight too (phases: path_expand_word.c) */
        ir_state_set_attr(m, &st, "modulo", ir_attr_int(m, SPLIT_ROW_PHASES, m->t_i64));
    ir_block pbody = sb_region(m, &st);
    ir_op pipe = sb_emit(&b, &st);
    uint32_t ntok = nld ? 3 : 2;
    ir_type tok = split_token_type(m);
    ir_state_init(&st, m, "ktdf.private", loc);
    for (uint32_t s = 0; s < nslots; s++)
        ir_state_add_result(m, &st, slots[s]);
    for (uint32_t t = 0; t < ntok; t++)
        ir_state_add_result(m, &st, tok);
    ir_block priv = sb_region(m, &st);
    ir_op pop = ir_op_create(m, &st);
    ir_block_append_op(m, pbody, pop);
    split_set_name(m, ir_op_result(m, pop, 0), "p");

    struct split_b pb;
    sb_at_end(&pb, m, priv, loc);
    ir_value yields[MAX_SLOTS + 4];
    bool done[MAX_SLOTS] = {0};
    for (uint32_t s = 0; s < nslots; s++) {
        if (done[s])
            continue;
        /* One fifo.allocate per (source, destination) pair, in slot order. */
        const struct ir_type_info *ts0 = ir_type_get(m, slots[s]);
        uint32_t members[MAX_SLOTS], nmem = 0;
        for (uint32_t t = s; t < nslots; t++) {
            const struct ir_type_info *tt = ir_type_get(m, slots[t]);
            if (!done[t] && tt->attr0 == ts0->attr0 && tt->attr1 == ts0->attr1)
                members[nmem++] = t, done[t] = true;
        }
        ir_state_init(&st, m, "ktdf.fifo.allocate", loc);
        for (uint32_t k = 0; k < nmem; k++)
            ir_state_add_result(m, &st, slots[members[k]]);
        ir_op fa = sb_emit(&pb, &st);
        split_set_name(m, ir_op_result(m, fa, 0), "fifo");
        for (uint32_t k = 0; k < nmem; k++)
            yields[members[k]] = ir_op_result(m, fa, k);
    }
    for (uint32_t t = 0; t < ntok; t++) {
        ir_state_init(&st, m, "ktdf.create_token", loc);
        ir_state_add_result(m, &st, tok);
        yields[nslots + t] = ir_op_result(m, sb_emit(&pb, &st), 0);
        split_set_name(m, yields[nslots + t], "tok");
    }
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    for (uint32_t k = 0; k < nslots + ntok; k++)
        ir_state_add_operand(m, &st, yields[k]);
    sb_emit(&pb, &st);
    ir_value slot[MAX_SLOTS], tokv[3];
    for (uint32_t s = 0; s < nslots; s++)
        slot[s] = ir_op_result(m, pop, s);
    for (uint32_t t = 0; t < ntok; t++)
        tokv[t] = ir_op_result(m, pop, nslots + t);

    struct split_b sb;
    sb_at_end(&sb, m, pbody, loc);
    uint32_t t = 0;
    if (nld) { /* load stage */
        struct split_b lb;
        sb_at_end(&lb, m, sb_stage(&sb, IR_NONE, tokv[0], IR_NONE), loc);
        /* each transfer at its ktdp.load or ktdp.store (a diagnostic on it
         * then points there, not at the computation), unless the
         * computation transposes the operand */
        for (uint32_t r = 0; r < R; r++) {
            for (uint32_t i = 0; i < g.nin; i++) {
                ir_op ld = ir_value_def(m, g.in[i]);
                bool at_ld = ld && ir_op_get(m, ld)->kind == IR_OP_KTDP_LOAD &&
                             dims_in_order(m, g.in_map[i]);
                lb.loc = at_ld ? ir_op_get(m, ld)->loc : loc;
                transfer(&lb, smem[r * nld + i], slot[r * nld + i], true, &sacc[r * nld + i], ivs,
                         pipe);
            }
            if (rf) {
                lb.loc = dst->by[0] ? ir_op_get(m, dst->by[0])->loc : loc;
                ir_op old = transfer(&lb, smem[r * nld + g.nin], slot[r * nld + g.nin], true,
                                     &sacc[r * nld + g.nin], old_ivs, pipe);
                ir_op_set_attr(m, old, "old_lanes", ir_attr_unit(m));
                if (dst->by[0] && ir_op_attr(m, dst->by[0], "unaliased"))
                    ir_op_set_attr(m, old, "unwritten", ir_attr_unit(m));
            }
        }
        t = 1;
    }
    /* compute stage */
    struct split_b cb;
    ir_attr compute = split_str_array(m, 1, &c->compute);
    sb_at_end(&cb, m, sb_stage(&sb, t ? tokv[t - 1] : IR_NONE, tokv[t], compute), loc);
    for (uint32_t r = 0; r < R; r++) {
        struct split_vmap vm = {0};
        ir_attr maps[MAX_IN + 1];
        ir_value reads[MAX_IN];
        for (uint32_t i = 0; i <= g.nin; i++) {
            ir_value v = i < g.nin ? g.in[i] : g.out;
            ir_type tt = ir_type_shaped(m, IR_TY_TENSOR, acc[i].rank, acc[i].size,
                                        ir_type_elem(m, ir_value_type(m, v)));
            maps[i] = ir_attr_affine_map(m, acc[i].tile_map);
            if (i == g.nin) {
                split_vmap_set(&vm, v, init_value(&cb, v, tt, &vm));
                continue;
            }
            ir_state_init(&st, m, "ktdf.read_from_fifo", loc);
            ir_state_add_operand(m, &st, slot[r * nld + i]);
            ir_state_add_result(m, &st, tt);
            ir_value rd = ir_op_result(m, sb_emit(&cb, &st), 0);
            ir_value_get(m, rd)->name = ir_value_get(m, v)->name;
            split_vmap_set(&vm, v, rd);
            reads[i] = rd;
        }
        /* zero-fill: a masked input's lanes past its bound read 0 */
        for (uint32_t i = 0; zf && i < g.nin; i++) {
            if (!zf[i])
                continue;
            ir_type tt = ir_value_type(m, reads[i]);
            int64_t per = 1;
            for (uint32_t k = src[i].mdim + 1; k < acc[i].rank; k++)
                per *= acc[i].size[k];
            ir_value at = lane_numbers(&cb, tt, acc[i].n, per, acc[i].size[src[i].mdim]);
            reads[i] = select_generic(&cb, reads[i], zeros(&cb, tt), at, zf[i]);
        }
        clone_captured_constants(&cb, gop, split_body(m, gop, 0), &vm);
        ir_op tg = split_clone(m, gop, &vm);
        ir_block_append_op(m, cb.block, tg);
        /* input i reads slot i: one tensor read through several maps (a
         * contraction's A at each k) has a slot per map */
        for (uint32_t i = 0; i < g.nin; i++)
            ir_op_get(m, tg)->opnd[i] = reads[i];
        ir_op_set_attr(m, tg, "indexing_maps", ir_attr_array(m, g.nin + 1, maps));
        /* row r's indices: its row loop's variable r more */
        ir_value rivs[MAX_LOOPS];
        for (uint32_t k = 0; k < MAX_LOOPS; k++)
            rivs[k] = ivs[k];
        if (r && rw.loop >= 0) {
            struct split_b ob;
            sb_before(&ob, m, pipe, loc);
            rivs[rw.loop] = sb_arith(&ob, "arith.addi", ivs[rw.loop], sb_index(&ob, r));
        }
        ir_value_get(m, ir_op_result(m, tg, 0))->type =
            ir_value_type(m, split_vmap_get(&vm, g.out));
        split_vmap_free(&vm);
        tg = lane_compares(m, tg, loop_of, rivs);
        split_index_chunk(&b, tg, pipe, loop_of, rivs, ts);
        ir_value res = ir_op_result(m, tg, 0);
        if (rf) { /* old and the lane numbers as two more inputs, a select */
            ir_type tt = ir_type_shaped(m, IR_TY_TENSOR, acc[g.nin].rank, acc[g.nin].size, elem);
            ir_state_init(&st, m, "ktdf.read_from_fifo", loc);
            ir_state_add_operand(m, &st, slot[r * nld + g.nin]);
            ir_state_add_result(m, &st, tt);
            ir_value old = ir_op_result(m, sb_emit(&cb, &st), 0);
            split_set_name(m, old, "old");
            ir_value lane = lane_numbers(&cb, tt, acc[g.nin].n, 1, acc[g.nin].n);
            res = select_generic(&cb, res, old, lane, rf);
        }
        for (uint32_t j = 0; j < dst->n; j++) {
            ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
            ir_state_add_operand(m, &st, res);
            ir_state_add_operand(m, &st, slot[nout + r * dst->n + j]);
            sb_emit(&cb, &st);
        }
    }
    /* store stage */
    struct split_b stb;
    sb_at_end(&stb, m, sb_stage(&sb, tokv[t], tokv[t + 1], IR_NONE), loc);
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t j = 0; j < dst->n; j++) {
            stb.loc = dst->by[j] && dims_in_order(m, g.out_map) ? ir_op_get(m, dst->by[j])->loc
                                                                : loc;
            transfer(&stb, slot[nout + r * dst->n + j], dmem[r * dst->n + j], false,
                     &dacc[r * dst->n + j], ivs, pipe);
        }
    return true;
}

/* ---- ring shifts (split_ring.c) ------------------------------------------ */

/* A one-stage pipeline at the current scope moving all of memref `from`
 * into `to` (same shape), with ring's source_tiles when ring is given. */
static void whole_copy(struct prog *p, ir_value from, ir_value to, ir_op ring, struct ir_loc loc)
{
    struct ir_module *m = p->m;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, to));
    struct split_b b;
    at_ret(p, &b, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block pbody = sb_region(m, &st);
    sb_emit(&b, &st);
    ir_type tok = split_token_type(m);
    ir_state_init(&st, m, "ktdf.private", loc);
    ir_state_add_result(m, &st, tok);
    ir_block priv = sb_region(m, &st);
    ir_op pop = ir_op_create(m, &st);
    ir_block_append_op(m, pbody, pop);
    split_set_name(m, ir_op_result(m, pop, 0), "p");
    struct split_b pb;
    sb_at_end(&pb, m, priv, loc);
    ir_state_init(&st, m, "ktdf.create_token", loc);
    ir_state_add_result(m, &st, tok);
    ir_value tv = ir_op_result(m, sb_emit(&pb, &st), 0);
    split_set_name(m, tv, "tok");
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    ir_state_add_operand(m, &st, tv);
    sb_emit(&pb, &st);
    struct split_b sb;
    sb_at_end(&sb, m, pbody, loc);
    struct split_b tb;
    sb_at_end(&tb, m, sb_stage(&sb, IR_NONE, ir_op_result(m, pop, 0), IR_NONE), loc);
    ir_aff zero[MAX_LOOPS];
    for (uint32_t k = 0; k < t->rank && k < MAX_LOOPS; k++)
        zero[k] = ir_aff_const(m, 0);
    ir_attr map = ir_attr_affine_map(m, ir_map_intern(m, 0, 0, t->rank, zero));
    ir_attr sizes = ir_attr_dense_array(m, m->t_i64, t->rank, t->shape);
    ir_state_init(&st, m, "ktdf.data_transfer", loc);
    ir_state_add_operand(m, &st, from);
    ir_state_add_operand(m, &st, to);
    int64_t seg[6] = {1, 0, 0, 1, 0, 0};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 6, seg));
    ir_state_set_attr(m, &st, "source_map", map);
    ir_state_set_attr(m, &st, "dest_map", map);
    ir_state_set_attr(m, &st, "static_source_sizes", sizes);
    ir_state_set_attr(m, &st, "static_dest_sizes", sizes);
    if (ring)
        ir_state_set_attr(m, &st, "source_tiles", ir_op_attr(m, ring, "source_tiles"));
    sb_emit(&tb, &st);
}

/* The places of ring shift op: its operand's buffer (a loaded operand is
 * first copied into one) and its result's. */
static bool ring_places(struct prog *p, ir_op op, struct place *src, struct place *dst)
{
    struct ir_module *m = p->m;
    ir_value x = ir_op_get(m, op)->opnd[0];
    ir_op d = ir_value_def(m, x);
    if (!d || (ir_op_get(m, d)->kind != IR_OP_KTDP_LOAD &&
               ir_op_get(m, d)->kind != IR_OP_LINALG_GENERIC && !split_is_ring_shift(m, d)))
        return split_error(p->c, op, "an inter-tile exchange of a tensor made by %s is not "
                                     "supported yet",
                           d ? ir_str_get(m, ir_op_get(m, d)->name) : "a block argument");
    struct place tile; /* a loaded operand's view is cast now, as a reading generic's would be */
    if (ir_op_get(m, d)->kind == IR_OP_KTDP_LOAD && !tile_cast(p, ir_op_get(m, d)->opnd[0], d, &tile))
        return false;
    return buffer(p, x, op, src) && buffer(p, ir_op_result(m, op, 0), op, dst);
}

/* Schedules ring shift op: the copy of a loaded operand into its buffer,
 * then the transfer from the source tile's buffer into the result's. */
static bool schedule_ring(struct prog *p, ir_op op)
{
    struct ir_module *m = p->m;
    struct place src, dst;
    ir_op d = ir_value_def(m, ir_op_get(m, op)->opnd[0]);
    struct ir_loc loc = ir_op_get(m, op)->loc;
    if (d && ir_op_get(m, d)->kind == IR_OP_KTDP_LOAD) {
        /* a tile of a view in the scratchpad (split_ring's loads of another
         * core's) is read over the ring where it is */
        struct place tile;
        if (!tile_cast(p, ir_op_get(m, d)->opnd[0], d, &tile))
            return false;
        if (tile.mem && p->c->scratch && strcmp(tile.kind, p->c->scratch) == 0) {
            if (tile.mext)
                return split_error(p->c, d, "a masked access tile of another core's "
                                            "scratchpad is not supported yet");
            if (!buffer(p, ir_op_result(m, op, 0), op, &dst))
                return false;
            whole_copy(p, tile.mem, dst.mem, op, loc);
            return true;
        }
    }
    if (!ring_places(p, op, &src, &dst))
        return false;
    bool staged = false; /* an earlier ring shift of the same loaded tensor copied it */
    for (ir_op q = ir_op_get(m, op)->prev; q && !staged; q = ir_op_get(m, q)->prev)
        staged = split_is_ring_shift(m, q) && ir_op_get(m, q)->opnd[0] == ir_op_get(m, op)->opnd[0];
    if (ir_op_get(m, d)->kind == IR_OP_KTDP_LOAD && !staged) {
        struct place tile;
        if (!tile_cast(p, ir_op_get(m, d)->opnd[0], d, &tile))
            return false;
        if (!tile.mem)
            return split_error(p->c, d, "an inter-tile exchange of a tile of a view whose "
                                        "strides are known only at launch is not supported "
                                        "yet");
        whole_copy(p, tile.mem, src.mem, IR_NONE, loc);
    }
    whole_copy(p, src.mem, dst.mem, op, loc);
    return true;
}

/* ---- the program ------------------------------------------------------- */

static bool is_kernel_tensor_op(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDP_STORE || o->kind == IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return true;
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_type_get(m, ir_value_type(m, o->res + i))->kind == IR_TY_TENSOR)
            return true;
    return false;
}

/* Reports an op of blk (or nested) that reads a removed op's result. */
static bool reads_removed(struct split_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_op d = ir_value_def(m, o->opnd[i]);
            if (d && !ir_op_get(m, d)->block)
                return split_error(c, op, "%s of a tensor's elements in a compute group is not "
                                          "supported yet", ir_str_get(m, o->name));
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                if (!reads_removed(c, b))
                    return false;
    }
    return true;
}

/* The loops of a program are the loops of its compute group (split.h):
 * their bodies get scheduled, their carried tensors buffers. */
static bool is_loop(const struct ir_module *m, ir_op op)
{
    return ir_op_get(m, op)->kind == IR_OP_SCF_FOR;
}

/* The scratchpad buffer of loop's carried tensor i (memoized on the
 * loop's result and its body's argument). */
static bool carried(struct prog *p, ir_op loop, uint32_t i, struct place *out)
{
    struct ir_module *m = p->m;
    ir_value r = ir_op_result(m, loop, i);
    struct place *known = memo_get(p, r);
    if (known) {
        *out = *known;
        return true;
    }
    if (!buffer(p, r, loop, out))
        return false;
    memo_put(p, ir_block_get(m, split_body(m, loop, 0))->args[i + 1], *out);
    return true;
}

/* Where generic gop's inputs come from and its result goes (casts and
 * buffers made at the current scope; buffers and view casts at the top). */
static bool places(struct prog *p, ir_op gop, struct place *src, struct dests *dst)
{
    struct split_ctx *c = p->c;
    struct ir_module *m = p->m;
    struct split_gen g;
    bool ok = true;
    if (!split_gen_read(m, gop, &g))
        return ir_op_get(m, gop)->nres > 1
                   ? split_error(c, gop,
                                 "a linalg.generic of %u results is supported when every loop "
                                 "is parallel and each result is computed from the inputs and "
                                 "its own output alone, not yet otherwise",
                                 ir_op_get(m, gop)->nres)
                   : split_error(c, gop,
                                 "a linalg.generic of %u inputs or %u loops is not "
                                 "supported yet (at most %d and %d)",
                                 ir_op_get(m, gop)->nopnd - 1,
                                 ir_attr_get(m, ir_op_attr(m, gop, "iterator_types"))->n,
                                 SPLIT_MAX_IN, SPLIT_MAX_LOOPS);
    for (uint32_t k = 0; k < g.nin && ok; k++) {
        ir_op d = ir_value_def(m, g.in[k]);
        uint32_t kind = d ? ir_op_get(m, d)->kind : 0;
        struct place *known = memo_get(p, g.in[k]);
        if (known && (kind == IR_OP_LINALG_GENERIC || !d || kind == IR_OP_SCF_FOR ||
                      split_is_ring_shift(m, d) ||
                      kind == IR_OP_KTDP_LOAD)) /* staged by an earlier ring shift */
            src[k] = *known; /* a buffer: computed, carried, a loop's result */
        else if (kind == IR_OP_KTDP_LOAD)
            ok = tile_cast(p, ir_op_get(m, d)->opnd[0], d, &src[k]);
        else if (kind == IR_OP_LINALG_GENERIC)
            ok = buffer(p, g.in[k], gop, &src[k]);
        else
            ok = split_error(c, gop, "a computation reading a tensor made by %s (not "
                                     "loaded, not computed) is not supported yet",
                             d ? ir_str_get(m, ir_op_get(m, d)->name) : "a block argument");
    }
    ir_value r = ir_op_result(m, gop, 0);
    dst->n = 0;
    for (ir_op u = ir_op_get(m, gop)->next; u && ok; u = ir_op_get(m, u)->next) {
        const struct ir_op_info *uo = ir_op_get(m, u);
        /* Each operand u reads r as, then its loop body's reads. */
        for (uint32_t k = 0; k <= uo->nopnd && ok; k++) {
            struct place to;
            if (k == uo->nopnd) {
                if (!is_loop(m, u) || !split_block_uses(m, split_body(m, u, 0), r))
                    break;
                ok = buffer(p, r, u, &to);
            } else if (uo->opnd[k] != r) {
                continue;
            } else if (uo->kind == IR_OP_KTDP_STORE && k == 0) {
                ok = tile_cast(p, uo->opnd[1], u, &to);
            } else if (uo->kind == IR_OP_LINALG_GENERIC || split_is_ring_shift(m, u)) {
                ok = buffer(p, r, u, &to);
            } else if (is_loop(m, u) && k >= 3) { /* a carried tensor's initial value */
                ok = carried(p, u, k - 3, &to);
            } else if (uo->kind == IR_OP_SCF_YIELD && is_loop(m, ir_op_parent(m, u))) {
                ok = carried(p, ir_op_parent(m, u), k, &to);
            } else {
                return split_error(c, u, "%s of a computed tensor in a compute group is not "
                                         "supported yet", ir_str_get(m, uo->name));
            }
            bool have = false;
            for (uint32_t j = 0; ok && j < dst->n; j++)
                have |= to.mem && dst->to[j].mem == to.mem;
            if (ok && !have && dst->n == MAX_OUT)
                return split_error(c, u, "a result with more than %d destinations is not "
                                         "supported yet", MAX_OUT);
            if (ok && !have) {
                dst->by[dst->n] = uo->kind == IR_OP_KTDP_STORE && k == 0 ? u : IR_NONE;
                dst->to[dst->n++] = to;
            }
        }
    }
    return ok;
}


/* A carried tensor is updated in place: the generic computing its next
 * value reads it (if at all) tile for tile, and nothing reads it after. */
static bool check_carried(struct prog *p, ir_op loop)
{
    struct ir_module *m = p->m;
    ir_block body = split_body(m, loop, 0);
    const struct ir_block_info *bi = ir_block_get(m, body);
    const struct ir_op_info *yo = ir_op_get(m, bi->last);
    for (uint32_t i = 0; i < yo->nopnd; i++) {
        ir_value acc = bi->args[i + 1], y = yo->opnd[i];
        if (y == acc)
            continue;
        ir_op yd = ir_value_def(m, y);
        struct split_gen g;
        if (!yd || ir_op_get(m, yd)->kind != IR_OP_LINALG_GENERIC || !split_gen_read(m, yd, &g))
            return split_error(p->c, bi->last, "a loop-carried tensor whose next value is not "
                                               "computed in the loop body is not supported yet");
        for (uint32_t k = 0; k < g.nin; k++) {
            if (g.in[k] != acc)
                continue;
            bool red = false;
            for (uint32_t d = 0; d < g.nloops; d++)
                red |= g.red[d];
            if (red || g.in_map[k] != g.out_map)
                return split_error(p->c, yd, "a loop-carried tensor updated by a computation "
                                             "that reads it at other indices than it writes is "
                                             "not supported yet");
        }
        for (ir_op u = ir_op_get(m, yd)->next; u != bi->last; u = ir_op_get(m, u)->next)
            if (split_op_reads(m, u, acc))
                return split_error(p->c, u, "reading a loop-carried tensor after its next value "
                                            "is computed is not supported yet");
    }
    return true;
}

/* The loop's copy without iter_args, its body moved into it; a loop that
 * had some, which now carries its values through scratchpad buffers from
 * one iteration to the next, is marked `carried` (ktc-nest's tiling takes
 * no such loop as a point loop). */
static ir_op strip_loop(struct prog *p, ir_op loop)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *o = ir_op_get(m, loop);
    if (o->nopnd == 3)
        return loop;
    struct ir_loc loc = o->loc;
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", loc);
    for (uint32_t k = 0; k < 3; k++)
        ir_state_add_operand(m, &st, ir_op_get(m, loop)->opnd[k]);
    ir_block nb = sb_region(m, &st);
    ir_block ob = split_body(m, loop, 0);
    ir_value iv = ir_block_get(m, ob)->args[0];
    ir_value niv = ir_block_add_arg(m, nb, ir_value_type(m, iv), ir_value_get(m, iv)->name);
    ir_op nl = ir_op_create(m, &st);
    ir_op_get(m, nl)->attrs = ir_op_get(m, loop)->attrs;
    ir_op_set_attr(m, nl, "carried", ir_attr_unit(m));
    ir_op next;
    for (ir_op op = ir_block_get(m, ob)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        if (ir_op_get(m, op)->kind != IR_OP_SCF_YIELD)
            ir_block_append_op(m, nb, op);
    }
    struct ir_op_state y;
    ir_state_init(&y, m, "scf.yield", loc);
    ir_block_append_op(m, nb, ir_op_create(m, &y));
    split_replace_uses(m, nl, iv, niv);
    ir_op_insert_before(m, loop, nl);
    ir_op_unlink(m, loop);
    return nl;
}

/* Phase 1 over blk: places of its generics (kept in srcs/dsts, in order)
 * and, from the top, the buffers and view casts of every nested block. */
struct sched_list {
    ir_op *ops; /* generics and loops, in program order */
    struct place (*src)[MAX_IN];
    struct dests *dst;
    uint32_t n;
};

static bool place_block(struct prog *p, ir_block blk, const uint32_t *uses, struct sched_list *l)
{
    struct ir_module *m = p->m;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (is_loop(m, op)) {
            if (!check_carried(p, op))
                return false;
            for (uint32_t i = 0; i < o->nres; i++) {
                struct place pl;
                if (!carried(p, op, i, &pl))
                    return false;
            }
            if (l) {
                l->ops[l->n++] = op;
            }
            bool vo = p->views_only;
            p->views_only = true;
            bool ok = place_block(p, split_body(m, op, 0), uses, NULL);
            p->views_only = vo;
            if (!ok)
                return false;
            continue;
        }
        if (split_is_ring_shift(m, op)) {
            struct place src, dst;
            if (!ring_places(p, op, &src, &dst))
                return false;
            if (l)
                l->ops[l->n++] = op;
            continue;
        }
        if (o->kind != IR_OP_LINALG_GENERIC || !uses[o->res])
            continue;
        struct place src[MAX_IN];
        struct dests dst;
        if (!places(p, op, src, &dst))
            return false;
        if (l) {
            memcpy(l->src[l->n], src, sizeof src);
            l->dst[l->n] = dst;
            l->ops[l->n++] = op;
        }
    }
    return true;
}

static uint32_t count_items(const struct ir_module *m, ir_block blk)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, blk, op)
        n += ir_op_get(m, op)->kind == IR_OP_LINALG_GENERIC || is_loop(m, op) ||
             split_is_ring_shift(m, op);
    return n;
}

/* Schedules blk at scope sc: its generics' pipelines and its loops (moved
 * to sc, their bodies scheduled before their yields), in program order. */
static bool schedule_block(struct prog *p, ir_block blk, struct scope *sc, const uint32_t *uses)
{
    struct ir_module *m = p->m;
    uint32_t cap = count_items(m, blk);
    struct sched_list l = {.ops = calloc(cap + 1, sizeof *l.ops),
                           .src = calloc(cap + 1, sizeof *l.src),
                           .dst = calloc(cap + 1, sizeof *l.dst)};
    if (!l.ops || !l.src || !l.dst)
        abort();
    struct scope *outer = p->sc;
    p->sc = sc;
    bool ok = place_block(p, blk, uses, &l);
    for (uint32_t i = 0; i < l.n && ok; i++) {
        ir_op op = l.ops[i];
        if (split_is_ring_shift(m, op)) {
            ok = schedule_ring(p, op);
            continue;
        }
        if (!is_loop(m, op)) {
            for (int part = 0; ok && part < 3; part++)
                ok = schedule_part(p, op, l.src[i], &l.dst[i], part);
            continue;
        }
        ir_op_unlink(m, op);
        ir_op_insert_before(m, sc->at, op);
        ir_block body = split_body(m, op, 0);
        struct scope inner = {.at = ir_block_get(m, body)->last};
        inner.cse.n = inner.cse.cap = sc->cse.n;
        inner.cse.ops = malloc((sc->cse.n + 1) * sizeof *inner.cse.ops);
        if (!inner.cse.ops)
            abort();
        memcpy(inner.cse.ops, sc->cse.ops, sc->cse.n * sizeof *inner.cse.ops);
        ok = schedule_block(p, body, &inner, uses);
        free(inner.cse.ops);
    }
    p->sc = outer;
    free(l.ops);
    free(l.src);
    free(l.dst);
    return ok;
}

/* Strips the loops of blk (and nested) of their iter_args, then removes
 * the KTIR tensor ops. */
static void finish_block(struct prog *p, ir_block blk)
{
    struct ir_module *m = p->m;
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (is_loop(m, op) && !ir_op_attr(m, op, "loop_type"))
            finish_block(p, split_body(m, strip_loop(p, op), 0));
    }
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (is_kernel_tensor_op(m, op))
            ir_op_unlink(m, op);
    }
}

/* Whether value v (an index read by a memref.load) reaches the address
 * of a transfer's destination in device memory: a store's (a scatter). */
static bool feeds_store(struct prog *p, ir_value v, int depth)
{
    struct ir_module *m = p->m;
    struct sched_ops u = {0};
    sched_ops_using(m, p->fn, v, &u);
    bool found = false;
    for (uint32_t i = 0; i < u.n && !found && depth < 16; i++) {
        const struct ir_op_info *o = ir_op_get(m, u.v[i]);
        uint32_t seg[6];
        if (o->kind == IR_OP_KTDF_DATA_TRANSFER && ir_segments(m, u.v[i], 6, seg))
            found = seg[0] + seg[1] + seg[2] < o->nopnd && o->opnd[seg[0] + seg[1] + seg[2]] == v;
        else if (o->nres == 1 && (o->kind == IR_OP_MEMREF_REINTERPRET_CAST ||
                                  o->kind == IR_OP_AFFINE_APPLY ||
                                  !strncmp(ir_str_get(m, o->name), "arith.", 6)))
            found = feeds_store(p, o->res, depth + 1);
    }
    free(u.v);
    return found;
}

/* A scatter's index (split_indirect.c) is read by the DMA store unit,
 * which on many devices reads only the scratchpad: each index view read
 * for a store address is copied whole into a scratchpad buffer first (a
 * one-stage pipeline before the loop nest that reads it: one bulk DMA),
 * and those reads read the copy (ktc-lower signals the copy's end to the
 * reading unit, lower_sync.c). Views read only for loads stay where they
 * are (the DMA load unit reads device memory). */
static bool stage_indices(struct prog *p, ir_block blk)
{
    struct ir_module *m = p->m;
    struct sched_ops loads = {0};
    sched_ops_of_kind(m, p->fn, IR_OP_MEMREF_LOAD, &loads);
    ir_value views[16], bufs[16];
    uint32_t n = 0;
    bool ok = true;
    for (uint32_t i = 0; i < loads.n && ok; i++) {
        ir_op ld = loads.v[i];
        ir_value view = ir_op_get(m, ld)->opnd[0];
        ir_op vop = ir_value_def(m, view);
        if (!vop || ir_op_get(m, vop)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW ||
            !feeds_store(p, ir_op_get(m, ld)->res, 0))
            continue;
        uint32_t k = 0;
        while (k < n && views[k] != view)
            k++;
        if (k == n) {
            if (n == 16) {
                ok = split_error(p->c, ld, "more than 16 index views of scatters in a "
                                           "program are not supported yet");
                break;
            }
            /* before the op of the program's block holding the first read */
            ir_op at = ld;
            while (ir_op_get(m, at)->block != blk)
                at = ir_op_parent(m, at);
            struct place src;
            if (!view_cast(p, view, ld, &src) || !p->c->scratch) {
                ok = p->c->scratch ? false
                                   : split_error(p->c, ld, "device @%s maps no memory to "
                                                           "ct_local, where a scatter's index "
                                                           "is staged", p->c->dev->name);
                break;
            }
            ir_op cast = ir_value_def(m, src.mem);
            ir_op_unlink(m, cast); /* the cast before the copy */
            ir_op_insert_before(m, at, cast);
            /* the copy: the view's span in whole words of every unit's access
             * (past its end up to the word: device memory is read in words) */
            const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, view));
            ir_attr sa = ir_op_attr(m, vop, "static_strides");
            const struct ir_attr_info *vs = sa ? ir_attr_get(m, sa) : NULL;
            int64_t span = 1, es = ir_type_bytes(m, t->elem);
            for (uint32_t d = 0; vs && d < t->rank; d++)
                span += (t->shape[d] - 1) * (vs->ints[d] == IR_DYN || t->shape[d] == IR_DYN
                                                 ? -INT64_MAX / 4 : vs->ints[d]);
            if (!vs || vs->n != t->rank || span <= 0) {
                ok = split_error(p->c, ld, "a scatter's index view of launch-time shape or "
                                           "strides is not supported yet");
                break;
            }
            int64_t al = split_mem_align(p->c->dev, src.kind);
            int64_t words = (span * es + al - 1) / al * al / es;
            struct split_b b;
            sb_before(&b, m, at, ir_op_get(m, ld)->loc);
            struct ir_op_state st;
            ir_state_init(&st, m, "memref.reinterpret_cast", b.loc);
            ir_state_add_operand(m, &st, src.mem);
            int64_t zero = 0, one = 1, sg4[4] = {1, 0, 0, 0};
            ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &zero));
            ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, 1, &words));
            ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, 1, &one));
            ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, sg4));
            ir_attr lay = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRIDED, .n = 1,
                                                                   .ints = &one, .i = 0});
            const struct ir_type_info *ct = ir_type_get(m, ir_value_type(m, src.mem));
            ir_state_add_result(m, &st, split_memref(m, 1, &words, t->elem, lay, ct->attr1));
            ir_value from = ir_op_result(m, sb_emit(&b, &st), 0);
            ir_state_init(&st, m, "memref.alloc", b.loc);
            int64_t seg[2] = {0, 0};
            ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, seg));
            ir_state_add_result(m, &st, split_memref(m, 1, &words, t->elem, IR_NONE,
                                                     str(m, p->c->scratch)));
            ir_value buf = ir_op_result(m, sb_emit(&b, &st), 0);
            split_set_name(m, buf, "index_buf");
            struct scope sc = {.at = at};
            struct scope *saved = p->sc;
            p->sc = &sc;
            whole_copy(p, from, buf, IR_NONE, ir_op_get(m, ld)->loc);
            p->sc = saved;
            views[n] = view;
            bufs[n++] = buf;
        }
        /* read the copy at the element's offset in the view */
        const struct ir_op_info *lo = ir_op_get(m, ld);
        const struct ir_attr_info *vs = ir_attr_get(m, ir_op_attr(m, vop, "static_strides"));
        struct split_b b;
        sb_before(&b, m, ld, lo->loc);
        ir_value lin = sb_index(&b, 0);
        for (uint32_t d = 1; d < lo->nopnd; d++)
            lin = sb_addi(&b, lin, sb_muli(&b, lo->opnd[d], vs->ints[d - 1]));
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.load", lo->loc);
        ir_state_add_operand(m, &st, bufs[k]);
        ir_state_add_operand(m, &st, lin);
        ir_state_add_result(m, &st, ir_value_type(m, lo->res));
        ir_op nl = sb_emit(&b, &st);
        split_replace_uses(m, p->fn, lo->res, ir_op_get(m, nl)->res);
        ir_value_get(m, ir_op_get(m, nl)->res)->name = ir_value_get(m, lo->res)->name;
        ir_op_unlink(m, ld);
        continue;
    }
    free(loads.v);
    return ok;
}

bool split_pipeline(struct split_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    ir_block blk = split_body(m, fn, 0);
    struct prog p = {.c = c, .m = m, .fn = fn, .ret = ir_block_get(m, blk)->last};
    p.top.at = p.ret;
    /* The program's constants are reused by the ops made before ret. */
    IR_FOR_OPS(m, blk, op)
        if (ir_op_get(m, op)->kind == IR_OP_ARITH_CONSTANT) {
            if (p.top.cse.n == p.top.cse.cap) {
                p.top.cse.cap = p.top.cse.cap ? 2 * p.top.cse.cap : 32;
                p.top.cse.ops = realloc(p.top.cse.ops, p.top.cse.cap * sizeof *p.top.cse.ops);
                if (!p.top.cse.ops)
                    abort();
            }
            p.top.cse.ops[p.top.cse.n++] = op;
        }
    uint32_t *uses = split_use_counts(m, fn);
    /* Casts and buffers first (hoisted before every loop), then one loop
     * nest and pipeline per generic, and the loops in their places. */
    bool ok = schedule_block(&p, blk, &p.top, uses) && stage_indices(&p, blk);
    free(uses);
    free(p.memo);
    free(p.top.cse.ops);
    if (!ok)
        return false;
    /* The KTIR tensor ops are done with: remove them, and make sure no
     * scalar op still reads one. */
    finish_block(&p, blk);
    if (!reads_removed(c, blk))
        return false;
    split_dce(m, fn);
    return true;
}
