/* path_expand_splat.c - ktc-path-expand, scalar-broadcast legalization
 * (path_expand.h): one element broadcast along the vector dimension reaches
 * a compute unit that cannot splat as a full vector, splatted by the unit
 * that feeds its FIFO; DMA hops that cannot fetch one element fetch the
 * smallest access they can.
 *
 * A chain is followed backwards from a splat transfer (one this file marks
 * for a `linalg.generic` input, or one ktc-split wrote for a scalar in
 * scratchpad): the transfer that wrote the staging buffer it reads, and so
 * on up to a memref that is not a staging buffer of the pipeline. */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/path_expand_int.h"

/* A chain is at most this many hops long (routes are much shorter). */
#define MAX_HOPS 16

/* The transfer of pipeline `pipe` whose destination is v, or IR_NONE (also
 * when there are several). */
struct writer {
    ir_value v;
    ir_op found;
    uint32_t n;
};

static bool find_writer(struct ir_module *m, ir_op op, void *ctx)
{
    struct writer *w = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    if (s[1].v == w->v) {
        w->found = op;
        w->n++;
    }
    return true;
}

static ir_op writer_of(struct ir_module *m, ir_op pipe, ir_value v)
{
    struct writer w = {v, IR_NONE, 0};
    ir_walk(m, pipe, find_writer, &w);
    return w.n == 1 ? w.found : IR_NONE;
}

/* The unit kind running the stage around op (its first applicable unit). */
static uint32_t unit_of(const struct pe *p, ir_op op)
{
    for (ir_op s = op; s; s = ir_op_parent(p->m, s)) {
        if (ir_op_get(p->m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        ir_attr a = ir_op_attr(p->m, s, "applicable_units");
        const struct ir_attr_info *ai = a ? ir_attr_get(p->m, a) : NULL;
        return ai && ai->n ? pe_attr_kind(p, ai->elems[0]) : ARCH_NONE;
    }
    return ARCH_NONE;
}

/* The smallest access in bytes unit kind k makes in memory kind mem
 * (load or store), or 0 when it has none there; *one tells whether it can
 * move a single element of `elem` bytes: as the device checks an access
 * (sc_access_ok), a whole number of some granule, aligned to it (an
 * element is aligned to its size), so spyre's L1LU, which reads sticks or
 * 2-byte elements, reads a 4-byte one as two. */
static int64_t smallest_access(const struct pe *p, uint32_t k, bool store, uint32_t mem,
                               int64_t elem, bool *one)
{
    const struct arch_access *acc = arch_access(p->dev, p->dev->kinds[k].first, store,
                                                p->dev->kinds[mem].name);
    *one = false;
    if (!acc)
        return 0;
    int64_t w = acc->word_size > 0 ? acc->word_size : 1, least = 0;
    if (!acc->ngranules) {
        *one = elem % w == 0;
        return w;
    }
    for (uint32_t i = 0; i < acc->ngranules; i++) {
        const struct arch_granule *g = &acc->granules[i];
        int64_t size = g->size_in_words * w, align = (g->align_in_words > 0 ? g->align_in_words : 1) * w;
        if (size > 0 && elem % size == 0 && elem % align == 0)
            *one = true;
        if (!least || size < least)
            least = size;
    }
    return least;
}

/* The memory kind of a memref value (ARCH_NONE if it has none). */
static uint32_t mem_of(const struct pe *p, ir_value v)
{
    return pe_attr_kind(p, ir_type_get(p->m, ir_value_type(p->m, v))->attr1);
}

/* Gives staging buffer v (a private result) and its alloc type t. */
static void retype_buffer(struct ir_module *m, ir_op alloc, ir_value v, ir_type t)
{
    ir_value_get(m, ir_op_result(m, alloc, 0))->type = t;
    ir_value_get(m, v)->type = t;
}

/* The extent of loop dim d of generic g, from an operand that indexes by it. */
static int64_t loop_extent(const struct ir_module *m, ir_op g, uint32_t d)
{
    const struct ir_op_info *o = ir_op_get(m, g);
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, g, "indexing_maps"));
    for (uint32_t i = o->nopnd; i-- > 0;) { /* outputs first: they cover every parallel dim */
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[i])->map);
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        for (uint32_t r = 0; r < mp->nres && r < t->rank; r++) {
            const struct ir_aff_info *e = ir_aff_get(m, mp->res[r]);
            if (e->kind == IR_AFF_DIM && e->v == d && t->shape[r] != IR_DYN)
                return t->shape[r];
        }
    }
    return 0;
}

/* Widens the memref hops that lead to splat transfer `last` (through staging
 * buffers of pipe) whose unit cannot move one element of `elem` bytes: each
 * moves its unit's smallest access along the last dimension instead, into a
 * staging buffer widened as much. */
static void widen_before(struct pe *p, ir_op pipe, ir_op last, int64_t elem)
{
    struct ir_module *m = p->m;
    struct pe_side s[2];
    pe_transfer_sides(m, last, s);
    ir_value v = s[0].v;
    for (uint32_t n = 0; n < MAX_HOPS && pe_staging_alloc(m, pipe, v); n++) {
        ir_op h = writer_of(m, pipe, v);
        if (!h)
            return;
        pe_transfer_sides(m, h, s);
        uint32_t u = unit_of(p, h);
        v = s[0].v;
        if (u == ARCH_NONE || s[0].fifo)
            continue;
        bool one_in, one_out;
        int64_t in_b = smallest_access(p, u, false, mem_of(p, s[0].v), elem, &one_in);
        int64_t out_b = smallest_access(p, u, true, mem_of(p, s[1].v), elem, &one_out);
        if (one_in && one_out)
            continue;
        int64_t bytes = in_b > out_b ? in_b : out_b, w = (bytes + elem - 1) / elem;
        const struct ir_attr_info *dsz = ir_attr_get(m, s[1].sizes);
        if (w <= 1 || !dsz->n || dsz->ints[dsz->n - 1] != 1)
            continue;
        ir_op alloc = pe_staging_alloc(m, pipe, s[1].v);
        retype_buffer(m, alloc, s[1].v, pe_widen_last(m, ir_value_type(m, s[1].v), w));
        pe_set_last_size(m, h, 0, w);
        pe_set_last_size(m, h, 1, w);
    }
}

/* Checks a transfer with transfer_mode = "splat" (ours, or ktc-split's for
 * a scalar in scratchpad): its unit splats and reads one element; the hops
 * before it are widened. */
static bool check_splat(struct pe *p, ir_op pipe, ir_op op)
{
    struct ir_module *m = p->m;
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    uint32_t unit = unit_of(p, op), mem = s[0].fifo ? ARCH_NONE : mem_of(p, s[0].v);
    if (unit == ARCH_NONE || mem == ARCH_NONE)
        return true;
    if (!(p->dev->res[p->dev->kinds[unit].first].features & ARCH_F_SPLAT))
        return pe_error(p, op, "this transfer splats, but %s, the unit that runs it, cannot",
                        p->dev->kinds[unit].name);
    int64_t elem = ir_type_bytes(m, ir_type_get(m, ir_value_type(m, s[0].v))->elem);
    bool one;
    int64_t least = smallest_access(p, unit, false, mem, elem, &one);
    if (!one)
        return pe_error(p, op, "%s cannot read one %lld-byte element of %s to splat it (its "
                        "accesses there are whole numbers of granules, the smallest %lld bytes)",
                        p->dev->kinds[unit].name, (long long)elem, p->dev->kinds[mem].name,
                        (long long)least);
    widen_before(p, pipe, op, elem);
    return true;
}

/* Legalizes input `in` of generic g in pipeline pipe (see the file comment). */
static bool legalize_input(struct pe *p, ir_op pipe, ir_op g, uint32_t in)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *go = ir_op_get(m, g);
    ir_attr maps_attr = ir_op_attr(m, g, "indexing_maps");
    const struct ir_attr_info *maps = ir_attr_get(m, maps_attr);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[in])->map);
    if (!mp->nres || ir_aff_get(m, mp->res[mp->nres - 1])->kind != IR_AFF_CONST || !mp->ndims)
        return true;
    ir_op read = ir_value_def(m, go->opnd[in]);
    if (!read || ir_op_get(m, read)->kind != IR_OP_KTDF_READ_FROM_FIFO)
        return true;
    ir_value slot = ir_op_get(m, read)->opnd[0];
    const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, slot));
    uint32_t compute = pe_attr_kind(p, st->attr1);
    if (compute == ARCH_NONE || (p->dev->res[p->dev->kinds[compute].first].features & ARCH_F_SPLAT))
        return true; /* the compute unit splats for itself */
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, go->opnd[in]));
    if (!rt->rank || rt->shape[rt->rank - 1] != 1)
        return true;
    int64_t vec = loop_extent(m, g, mp->ndims - 1);
    if (vec <= 1)
        return true;

    /* The hop into the FIFO splats: its unit must read one element and splat. */
    ir_op last = writer_of(m, pipe, slot);
    if (!last)
        return true;
    int64_t elem = ir_type_bytes(m, rt->elem);
    uint32_t unit = unit_of(p, last);
    struct pe_side s[2];
    pe_transfer_sides(m, last, s);
    bool one;
    if (unit == ARCH_NONE)
        return pe_error(p, last, "this transfer feeds a broadcast element to %s, which cannot "
                        "splat, and no unit before it can", p->dev->kinds[compute].name);
    if (unit == compute)
        return pe_error(p, last, "this transfer feeds a broadcast element to %s, which cannot "
                        "splat and loads it itself", p->dev->kinds[compute].name);
    if (!(p->dev->res[p->dev->kinds[unit].first].features & ARCH_F_SPLAT))
        return pe_error(p, last, "this transfer feeds a broadcast element to %s, which cannot "
                        "splat, and neither can %s, the unit that moves it",
                        p->dev->kinds[compute].name, p->dev->kinds[unit].name);
    int64_t least = smallest_access(p, unit, false, mem_of(p, s[0].v), elem, &one);
    if (!one)
        return pe_error(p, last, "%s cannot read one %lld-byte element of %s to splat it (its "
                        "accesses there are whole numbers of granules, the smallest %lld bytes)",
                        p->dev->kinds[unit].name, (long long)elem,
                        p->dev->kinds[mem_of(p, s[0].v)].name, (long long)least);
    /* The hops before it are widened with every splat (check_splat). */

    /* The FIFO carries the vector; the generic reads it along the last dim. */
    int64_t count = ir_type_numel(m, ir_value_type(m, go->opnd[in])) * vec;
    ir_type slot_t = ir_ktdf_slot_type(m, st->attr0, st->attr1, count, st->elem);
    ir_value_get(m, slot)->type = slot_t;
    ir_op def = ir_value_def(m, slot);
    if (def && ir_op_get(m, def)->kind == IR_OP_KTDF_PRIVATE) {
        ir_op y = ir_block_get(m, pe_body(m, def))->last;
        ir_value src = ir_op_get(m, y)->opnd[slot - ir_op_get(m, def)->res];
        ir_value_get(m, src)->type = slot_t;
    }
    ir_op_set_attr(m, last, "transfer_mode", ir_attr_string(m, "splat"));
    int64_t fsz = count;
    pe_set_sizes(m, last, 1, 1, &fsz);
    ir_value_get(m, go->opnd[in])->type = pe_widen_last(m, ir_value_type(m, go->opnd[in]), vec);
    ir_aff *res = malloc(mp->nres * sizeof *res);
    ir_attr *elems = malloc(maps->n * sizeof *elems);
    if (!res || !elems)
        abort();
    memcpy(res, mp->res, mp->nres * sizeof *res);
    res[mp->nres - 1] = ir_aff_dim(m, mp->ndims - 1);
    memcpy(elems, maps->elems, maps->n * sizeof *elems);
    elems[in] = ir_attr_affine_map(m, ir_map_intern(m, mp->ndims, mp->nsyms, mp->nres, res));
    ir_op_set_attr(m, g, "indexing_maps", ir_attr_array(m, maps->n, elems));
    free(res);
    free(elems);
    return true;
}

/* Generics and transfers, in pre-order. */
struct generics {
    ir_op *v;
    uint32_t n, cap;
};

static bool note_generic(struct ir_module *m, ir_op op, void *ctx)
{
    struct generics *g = ctx;
    uint32_t k = ir_op_get(m, op)->kind;
    if (k == IR_OP_LINALG_GENERIC || k == IR_OP_KTDF_DATA_TRANSFER) {
        if (g->n == g->cap) {
            g->cap = g->cap ? 2 * g->cap : 8;
            g->v = realloc(g->v, g->cap * sizeof *g->v);
            if (!g->v)
                abort();
        }
        g->v[g->n++] = op;
    }
    return true;
}

bool pe_legalize_splats(struct pe *p)
{
    struct ir_module *m = p->m;
    struct generics g = {0};
    ir_walk(m, m->top, note_generic, &g);
    /* Generics first (they mark splats), then every splat transfer. */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < g.n && !p->failed; i++) {
            ir_op op = g.v[i], pipe = IR_NONE;
            for (ir_op q = ir_op_parent(m, op); q && !pipe; q = ir_op_parent(m, q))
                if (ir_op_get(m, q)->kind == IR_OP_KTDF_PIPELINE)
                    pipe = q;
            if (!pipe)
                continue;
            if (pass == 0 && ir_op_get(m, op)->kind == IR_OP_LINALG_GENERIC) {
                const struct ir_attr_info *seg =
                    ir_attr_get(m, ir_op_attr(m, op, "operandSegmentSizes"));
                for (uint32_t in = 0; in < (uint32_t)seg->ints[0] && !p->failed; in++)
                    legalize_input(p, pipe, op, in);
            }
            if (pass == 1 && ir_ktdf_transfer_mode_is(m, op, "splat"))
                check_splat(p, pipe, op);
        }
    free(g.v);
    return !p->failed;
}
