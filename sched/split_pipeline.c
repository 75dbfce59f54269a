/* split_pipeline.c - from a program's chain of linalg.generic ops to
 * ScheduleIR: access tiles become casts of their views into device memory,
 * intermediates get scratchpad buffers, and each generic is tiled to the
 * compute unit's SIMD width and wrapped in a three-stage ktdf.pipeline
 * (split.h shows the shapes). The KTIR tensor ops are then removed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/split_int.h"

#define MAX_IN SPLIT_MAX_IN
#define MAX_LOOPS SPLIT_MAX_LOOPS
#define MAX_OUT 16 /* destinations of one result */

/* A memref a pipeline reads or writes: a tile cast or a scratchpad buffer,
 * with the memory kind it lives in. */
struct place {
    ir_value mem;
    const char *kind;
};

struct pair {
    ir_value key;
    struct place val;
};

struct prog {
    struct split_ctx *c;
    struct ir_module *m;
    ir_op fn, ret;
    struct pair *memo; /* views → casts, tiles → casts, results → buffers */
    uint32_t nmemo, cap;
    struct split_cse cse; /* for the ops made before ret */
};

/* A builder inserting before the program's return, with reuse. */
static void at_ret(struct prog *p, struct split_b *b, struct ir_loc loc)
{
    sb_before(b, p->m, p->ret, loc);
    b->cse = &p->cse;
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

static const struct ir_attr_info *op_attr(const struct ir_module *m, ir_op op, const char *name,
                                          enum ir_attr_kind kind)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == kind ? ai : NULL;
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
    at_ret(p, &b, ir_op_get(m, vop)->loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.memory_space_cast", b.loc);
    ir_state_add_operand(m, &st, view);
    ir_state_add_result(m, &st, ct);
    ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
    const char *vn = ir_value_get(m, view)->name ? ir_str_get(m, ir_value_get(m, view)->name) : "view";
    char name[128];
    snprintf(name, sizeof name, "%s_%s", vn, kind);
    split_set_name(m, r, name);
    *out = (struct place){r, kind};
    memo_put(p, view, *out);
    return true;
}

/* Adds e = sum of coef[i] * operand i + c0 when e is linear in its dims. */
static bool linear(const struct ir_module *m, ir_aff e, int64_t scale, int64_t *coef, int64_t *c0)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_CONST:
        *c0 += scale * a->v;
        return true;
    case IR_AFF_DIM:
        coef[a->v] += scale;
        return true;
    case IR_AFF_ADD:
        return linear(m, a->lhs, scale, coef, c0) && linear(m, a->rhs, scale, coef, c0);
    case IR_AFF_MUL: {
        const struct ir_aff_info *r = ir_aff_get(m, a->rhs);
        return r->kind == IR_AFF_CONST && linear(m, a->lhs, scale * r->v, coef, c0);
    }
    default:
        return false;
    }
}

/* The index value of affine expression e over operands (its dims) at b:
 * arith ops when e is linear, else one affine.apply. */
static ir_value materialize(struct split_b *b, ir_aff e, uint32_t n, const ir_value *operands)
{
    struct ir_module *m = b->m;
    int64_t coef[64] = {0}, c0 = 0;
    if (n <= 64 && linear(m, e, 1, coef, &c0)) {
        ir_value v = sb_index(b, c0);
        for (uint32_t i = 0; i < n; i++)
            if (coef[i])
                v = sb_addi(b, sb_muli(b, operands[i], coef[i]), v);
        return v;
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "affine.apply", b->loc);
    ir_state_set_attr(m, &st, "map", ir_attr_affine_map(m, ir_map_intern(m, n, 0, 1, &e)));
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_operand(m, &st, operands[i]);
    ir_state_add_result(m, &st, m->t_index);
    return ir_op_result(m, sb_emit(b, &st), 0);
}

static bool identity(const struct ir_module *m, uint32_t map)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    for (uint32_t i = 0; i < mp->nres; i++) {
        const struct ir_aff_info *a = ir_aff_get(m, mp->res[i]);
        if (a->kind != IR_AFF_DIM || a->v != (int64_t)i)
            return false;
    }
    return mp->nres == mp->ndims;
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
    if (!top || ir_op_get(m, top)->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE)
        return split_error(p->c, user, "an access tile that is not a ktdp.construct_access_tile "
                                       "is not supported yet");
    const struct ir_op_info *o = ir_op_get(m, top);
    struct place view;
    if (!view_cast(p, o->opnd[0], top, &view))
        return false;
    const struct ir_attr_info *order = op_attr(m, top, "access_tile_order", IR_AT_AFFINE_MAP);
    const struct ir_attr_info *set = op_attr(m, top, "access_tile_set", IR_AT_INTEGER_SET);
    const struct ir_attr_info *base = op_attr(m, top, "base_map", IR_AT_AFFINE_MAP);
    ir_op vop = ir_value_def(m, o->opnd[0]);
    const struct ir_attr_info *strides = op_attr(m, vop, "static_strides", IR_AT_DENSE_ARRAY);
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, tile));
    uint32_t rank = tt->rank;
    if (order && !identity(m, order->map))
        return split_error(p->c, top, "access tiles with a non-identity access_tile_order are "
                                      "not supported yet");
    if (!set || !base || rank > MAX_LOOPS || ir_set_get(m, set->map)->nsyms ||
        ir_set_get(m, set->map)->ndims != rank)
        return split_error(p->c, top, "access tiles whose set is not a constant box are not "
                                      "supported yet");
    int64_t lo[MAX_LOOPS], hi[MAX_LOOPS];
    if (!ir_set_box(m, set->map, NULL, lo, hi))
        return split_error(p->c, top, "access tiles whose set is not a constant box are not "
                                      "supported yet");
    for (uint32_t k = 0; k < rank; k++)
        if (lo[k] == INT64_MIN || hi[k] == INT64_MAX || tt->shape[k] != hi[k] - lo[k] + 1)
            return split_error(p->c, top, "access tiles whose set is not a constant box of "
                                          "the tile's shape are not supported yet");
    if (!strides || strides->n != rank)
        return split_error(p->c, top, "access tiles of a view of another rank are not supported yet");
    for (uint32_t k = 0; k < rank; k++)
        if (strides->ints[k] == IR_DYN)
            return split_error(p->c, vop, "views with dynamic strides are not supported yet");
    /* offset = sum over dims of (base_k + lo_k) * stride_k */
    const struct ir_affine_map *bm = ir_map_get(m, base->map);
    ir_aff off = ir_aff_const(m, 0);
    for (uint32_t k = 0; k < rank; k++) {
        ir_aff at = ir_aff_bin(m, IR_AFF_ADD, bm->res[k], ir_aff_const(m, lo[k]));
        off = ir_aff_bin(m, IR_AFF_ADD, off,
                         ir_aff_bin(m, IR_AFF_MUL, at, ir_aff_const(m, strides->ints[k])));
    }
    struct split_b b;
    at_ret(p, &b, o->loc);
    ir_value offv = materialize(&b, off, o->nopnd - 1, o->opnd + 1);
    int64_t coff;
    bool is_static = split_const_int(m, offv, &coff);
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, view.mem));
    ir_attr layout = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRIDED,
                                                              .n = rank, .ints = strides->ints,
                                                              .i = is_static ? coff : IR_DYN});
    ir_type rt = split_memref(m, rank, tt->shape, vt->elem, layout, vt->attr1);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.reinterpret_cast", o->loc);
    ir_state_add_operand(m, &st, view.mem);
    if (!is_static)
        ir_state_add_operand(m, &st, offv);
    int64_t so = is_static ? coff : IR_DYN, seg[4] = {1, !is_static, 0, 0};
    ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
    ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, rank, tt->shape));
    ir_state_set_attr(m, &st, "static_strides",
                      ir_attr_dense_array(m, m->t_i64, rank, strides->ints));
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, seg));
    ir_state_add_result(m, &st, rt);
    ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
    ir_value_get(m, r)->name = ir_value_get(m, tile)->name;
    *out = (struct place){r, view.kind};
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
    *out = (struct place){r, p->c->scratch};
    memo_put(p, v, *out);
    return true;
}

/* ---- tiling ------------------------------------------------------------- */

static int64_t gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Loop extents of g from its operands' shapes; false when one is unknown. */
static bool extents(const struct ir_module *m, const struct split_gen *g, int64_t *ext)
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

/* Tile sizes: over the parallel loops from the innermost out, as much of
 * each extent as still fits in `lanes` (a divisor of it); the loops
 * outside that get 1; reduction loops stay whole. */
static void tile_sizes(const struct split_gen *g, const int64_t *ext, int64_t lanes, int64_t *ts)
{
    int64_t left = lanes;
    for (uint32_t i = g->nloops; i-- > 0;) {
        if (g->red[i]) {
            ts[i] = ext[i];
        } else {
            ts[i] = gcd(ext[i], left);
            left /= ts[i];
        }
    }
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

/* ktdf.data_transfer from (mem at acc | slot) to (slot | mem at acc). */
static void transfer(struct split_b *b, ir_value from, ir_value to, bool mem_is_src,
                     const struct access *acc, const ir_value *ivs)
{
    struct ir_module *m = b->m;
    /* The subscript operands: the loop variables the subscripts use, as
     * dims in order of first use. */
    ir_value ops[MAX_LOOPS];
    uint32_t nops = 0;
    ir_aff sub[MAX_LOOPS] = {0};
    for (uint32_t k = 0; k < acc->rank; k++) {
        sub[k] = ir_aff_const(m, acc->off[k]);
        if (acc->loop[k] < 0)
            continue;
        uint32_t j = 0;
        while (j < nops && ops[j] != ivs[acc->loop[k]])
            j++;
        if (j == nops)
            ops[nops++] = ivs[acc->loop[k]];
        sub[k] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, j), sub[k]);
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
    sb_emit(b, &st);
}

/* A stage at b: depends_in(in) depends_out(out) { } [applicable_units]. */
static ir_block stage(struct split_b *b, ir_value in, ir_value out, const char *unit)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.stage", b->loc);
    if (in)
        ir_state_add_operand(m, &st, in);
    ir_state_add_operand(m, &st, out);
    int64_t seg[2] = {in ? 1 : 0, 1};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, seg));
    if (unit)
        ir_state_set_attr(m, &st, "applicable_units", split_str_array(m, 1, &unit));
    ir_block blk = sb_region(m, &st);
    sb_emit(b, &st);
    return blk;
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
};

/* Builds the tile loops and the pipeline of generic gop at p->ret. */
static bool schedule(struct prog *p, ir_op gop, const struct place *src, const struct dests *dst)
{
    struct split_ctx *c = p->c;
    struct ir_module *m = p->m;
    struct ir_loc loc = ir_op_get(m, gop)->loc;
    struct split_gen g;
    split_gen_read(m, gop, &g);
    int64_t ext[MAX_LOOPS], ts[MAX_LOOPS];
    if (!extents(m, &g, ext))
        return split_error(c, gop, "computations of dynamic shape are not supported yet");
    ir_type elem = ir_type_elem(m, g.res);
    char tname[16];
    int64_t lanes = arch_lanes(c->dev, c->compute_res, split_type_name(m, elem, tname, sizeof tname));
    if (lanes <= 0)
        return split_error(c, gop, "the %s unit of device @%s has no SIMD lanes for %s", c->compute,
                           c->dev->name, tname);
    tile_sizes(&g, ext, lanes, ts);
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

    /* Tile loops: the loops of g a tile does not cover, outermost first;
     * their bounds are made before the outermost one. */
    struct split_b b;
    at_ret(p, &b, loc);
    ir_value ivs[MAX_LOOPS], bounds[MAX_LOOPS][3];
    int32_t loop_of[MAX_LOOPS];
    uint32_t nivs = 0;
    for (uint32_t d = 0; d < g.nloops; d++) {
        loop_of[d] = -1;
        if (ts[d] == ext[d])
            continue;
        bounds[d][0] = sb_index(&b, 0);
        bounds[d][1] = sb_index(&b, ext[d]);
        bounds[d][2] = sb_index(&b, ts[d]);
    }
    for (uint32_t d = 0; d < g.nloops; d++) {
        if (ts[d] == ext[d])
            continue;
        struct ir_op_state st;
        ir_state_init(&st, m, "scf.for", loc);
        for (uint32_t k = 0; k < 3; k++)
            ir_state_add_operand(m, &st, bounds[d][k]);
        ir_state_set_attr(m, &st, "loop_type",
                          ir_attr_intern(m, &(struct ir_attr_info){
                                                .kind = IR_AT_OPAQUE,
                                                .s = ir_str_c(m, "ktdf.loop_type"),
                                                .body = ir_str_c(m, "parallel_loop")}));
        ir_block body = sb_region(m, &st);
        char name[16];
        snprintf(name, sizeof name, "i%u", d);
        loop_of[d] = (int32_t)nivs;
        ivs[nivs++] = ir_block_add_arg(m, body, m->t_index, ir_str_c(m, name));
        struct ir_op_state y;
        ir_state_init(&y, m, "scf.yield", loc);
        ir_op yield = ir_op_create(m, &y);
        ir_block_append_op(m, body, yield);
        sb_emit(&b, &st);
        sb_before(&b, m, yield, loc);
    }

    /* Accesses and slots: inputs, then outputs. */
    struct access acc[MAX_IN + 1];
    uint32_t nslots = g.nin + dst->n;
    ir_type slots[MAX_IN + MAX_OUT];
    for (uint32_t i = 0; i <= g.nin; i++)
        if (!access_of(p, gop, i < g.nin ? g.in_map[i] : g.out_map, ts, loop_of, &acc[i]))
            return false;
    for (uint32_t i = 0; i < g.nin; i++)
        slots[i] = slot_type(m, src[i].kind, c->compute, acc[i].n, ir_type_elem(m, ir_value_type(m, g.in[i])));
    for (uint32_t j = 0; j < dst->n; j++)
        slots[g.nin + j] = slot_type(m, c->compute, dst->to[j].kind, acc[g.nin].n, elem);

    /* ktdf.pipeline { %p:N = ktdf.private -> (slots, tokens) {...} stages } */
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block pbody = sb_region(m, &st);
    sb_emit(&b, &st);
    uint32_t ntok = g.nin ? 3 : 2;
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
    ir_value yields[MAX_IN + MAX_OUT + 3];
    bool done[MAX_IN + MAX_OUT] = {0};
    for (uint32_t s = 0; s < nslots; s++) {
        if (done[s])
            continue;
        /* One fifo.allocate per (source, destination) pair, in slot order. */
        const struct ir_type_info *ts0 = ir_type_get(m, slots[s]);
        uint32_t members[MAX_IN + MAX_OUT], nmem = 0;
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
    ir_value slot[MAX_IN + MAX_OUT], tokv[3];
    for (uint32_t s = 0; s < nslots; s++)
        slot[s] = ir_op_result(m, pop, s);
    for (uint32_t t = 0; t < ntok; t++)
        tokv[t] = ir_op_result(m, pop, nslots + t);

    struct split_b sb;
    sb_at_end(&sb, m, pbody, loc);
    uint32_t t = 0;
    if (g.nin) { /* load stage */
        struct split_b lb;
        sb_at_end(&lb, m, stage(&sb, IR_NONE, tokv[0], NULL), loc);
        for (uint32_t i = 0; i < g.nin; i++)
            transfer(&lb, src[i].mem, slot[i], true, &acc[i], ivs);
        t = 1;
    }
    /* compute stage */
    struct split_b cb;
    sb_at_end(&cb, m, stage(&sb, t ? tokv[t - 1] : IR_NONE, tokv[t], c->compute), loc);
    struct split_vmap vm = {0};
    ir_attr maps[MAX_IN + 1];
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
        ir_state_add_operand(m, &st, slot[i]);
        ir_state_add_result(m, &st, tt);
        ir_value r = ir_op_result(m, sb_emit(&cb, &st), 0);
        ir_value_get(m, r)->name = ir_value_get(m, v)->name;
        split_vmap_set(&vm, v, r);
    }
    clone_captured_constants(&cb, gop, split_body(m, gop, 0), &vm);
    ir_op tg = split_clone(m, gop, &vm);
    ir_block_append_op(m, cb.block, tg);
    ir_op_set_attr(m, tg, "indexing_maps", ir_attr_array(m, g.nin + 1, maps));
    ir_value res = ir_op_result(m, tg, 0);
    ir_value_get(m, res)->type = ir_value_type(m, split_vmap_get(&vm, g.out));
    split_vmap_free(&vm);
    for (uint32_t j = 0; j < dst->n; j++) {
        ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
        ir_state_add_operand(m, &st, res);
        ir_state_add_operand(m, &st, slot[g.nin + j]);
        sb_emit(&cb, &st);
    }
    /* store stage */
    struct split_b stb;
    sb_at_end(&stb, m, stage(&sb, tokv[t], tokv[t + 1], NULL), loc);
    for (uint32_t j = 0; j < dst->n; j++)
        transfer(&stb, slot[g.nin + j], dst->to[j].mem, false, &acc[g.nin], ivs);
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

bool split_pipeline(struct split_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    ir_block blk = split_body(m, fn, 0);
    struct prog p = {.c = c, .m = m, .fn = fn, .ret = ir_block_get(m, blk)->last};
    /* The program's constants are reused by the ops made before ret. */
    IR_FOR_OPS(m, blk, op)
        if (ir_op_get(m, op)->kind == IR_OP_ARITH_CONSTANT) {
            if (p.cse.n == p.cse.cap) {
                p.cse.cap = p.cse.cap ? 2 * p.cse.cap : 32;
                p.cse.ops = realloc(p.cse.ops, p.cse.cap * sizeof *p.cse.ops);
                if (!p.cse.ops)
                    abort();
            }
            p.cse.ops[p.cse.n++] = op;
        }
    uint32_t *uses = split_use_counts(m, fn);
    /* The chain, in program order; each generic's inputs and outputs. */
    ir_op chain[256];
    uint32_t n = 0;
    struct place (*srcs)[MAX_IN] = NULL;
    struct dests *dsts = NULL;
    bool ok = true;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_LINALG_GENERIC && uses[o->res]) {
            if (n == 256) {
                ok = split_error(c, op, "more than 256 computations in one program are not "
                                        "supported yet");
                break;
            }
            chain[n++] = op;
        }
    }
    srcs = calloc(n + 1, sizeof *srcs);
    dsts = calloc(n + 1, sizeof *dsts);
    if (!srcs || !dsts)
        abort();
    /* Casts and buffers first (hoisted before every loop), ... */
    for (uint32_t i = 0; i < n && ok; i++) {
        struct split_gen g;
        if (!split_gen_read(m, chain[i], &g)) {
            ok = split_error(c, chain[i], "this form of linalg.generic is not supported yet");
            break;
        }
        for (uint32_t k = 0; k < g.nin && ok; k++) {
            ir_op d = ir_value_def(m, g.in[k]);
            uint32_t kind = d ? ir_op_get(m, d)->kind : 0;
            if (kind == IR_OP_KTDP_LOAD)
                ok = tile_cast(&p, ir_op_get(m, d)->opnd[0], d, &srcs[i][k]);
            else if (kind == IR_OP_LINALG_GENERIC)
                ok = buffer(&p, g.in[k], chain[i], &srcs[i][k]);
            else
                ok = split_error(c, chain[i], "a computation reading a tensor made by %s (not "
                                              "loaded, not computed) is not supported yet",
                                 d ? ir_str_get(m, ir_op_get(m, d)->name) : "an argument");
        }
        ir_value r = ir_op_result(m, chain[i], 0);
        for (ir_op u = ir_op_get(m, chain[i])->next; u && ok; u = ir_op_get(m, u)->next) {
            const struct ir_op_info *uo = ir_op_get(m, u);
            bool reads = false;
            for (uint32_t k = 0; k < uo->nopnd; k++)
                reads |= uo->opnd[k] == r;
            if (!reads)
                continue;
            if (dsts[i].n == MAX_OUT) {
                ok = split_error(c, u, "a result with more than %d destinations is not "
                                       "supported yet", MAX_OUT);
            } else if (uo->kind == IR_OP_KTDP_STORE && uo->opnd[0] == r) {
                ok = tile_cast(&p, uo->opnd[1], u, &dsts[i].to[dsts[i].n++]);
            } else if (uo->kind == IR_OP_LINALG_GENERIC) {
                struct place buf;
                ok = buffer(&p, r, u, &buf);
                bool have = false;
                for (uint32_t k = 0; k < dsts[i].n; k++)
                    have |= dsts[i].to[k].mem == buf.mem;
                if (ok && !have)
                    dsts[i].to[dsts[i].n++] = buf;
            } else {
                ok = split_error(c, u, "%s of a computed tensor in a compute group is not "
                                       "supported yet", ir_str_get(m, uo->name));
            }
        }
    }
    /* ... then one loop nest and pipeline per generic. */
    for (uint32_t i = 0; i < n && ok; i++)
        ok = schedule(&p, chain[i], srcs[i], &dsts[i]);
    free(srcs);
    free(dsts);
    free(uses);
    free(p.memo);
    free(p.cse.ops);
    if (!ok)
        return false;
    /* The KTIR tensor ops are done with: remove them, and make sure no
     * scalar op still reads one. */
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (is_kernel_tensor_op(m, op))
            ir_op_unlink(m, op);
    }
    if (!reads_removed(c, blk))
        return false;
    split_dce(m, fn);
    return true;
}
