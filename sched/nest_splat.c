/* nest_splat.c - ktc-nest's `splat-hoist` (nest.h): a scalar splatted to a
 * vector by every iteration of a loop (the row's rstd or max, read by each
 * vector of the next pass) is splatted once, before the loop, into a
 * scratchpad vector that the loop then reads as a plain vector load: the
 * load unit no longer waits for the scalar's load before its shuffle on
 * every vector.
 *
 *   scf.for ... {                              ktdf.pipeline {  (before the loop)
 *     ... transfer %s[0] size [1] -> %slot       [L1LU] transfer %s[0] size [1] -> %a size [N] {splat}
 *         size [N] {transfer_mode = "splat"}     [SFU]  write_to_fifo (read_from_fifo %a), %b
 *   }                                            [L1SU] transfer %b -> %vec[0, 0] size [1, N] }
 *                                              scf.for ... { ... transfer %vec[0, 0] size [1, N] -> %slot }
 *
 * Inside a corelet split (ktdf.parallel, nest_parallel.c) the pipeline
 * goes in the split's body, before a loop there, and %vec has a row per
 * instance (%vec[%inst, 0]); a splat directly in the split's body (no loop
 * in it around the splat: a split pass reading the max a whole stage
 * computed) whose scalar's subscripts are known before a loop outside the
 * split is splatted before that loop, once for all instances
 * (hoist_point).
 * A part of the reading generic's body computed from the splat and
 * constants alone moves into the [SFU] stage (fold_invariant).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

struct hoisted {
    struct nest_side src; /* the scalar: buffer, subscripts, sizes */
    ir_value vec;         /* its splat (a row per corelet instance under a split) */
    ir_value inst;        /* the instance id of the ktdf.parallel around, or IR_NONE */
    ir_op pipe;           /* the pipeline filling vec */
    ir_op fwd;            /* its compute stage's write of the splat */
    bool folded;          /* a consumer's invariant ops moved into it: its own */
};

/* The vectors a program hoists: past them, splats stay in their loops (a
 * one-row matmul's A[0, k], a vector for each k, loads each in the loop
 * that reads it: hoisting them all cost its loop more than it saved). */
enum { MAX_HOISTED = 16 };

/* Inside a corelet split, where every instance makes the vector of its
 * own in a pipeline before its loop, only for a splat the loops would load
 * at least MIN_HOIST_TRIPS times (sdpa_2d: 16 splats, one per k of a
 * one-row matmul, in loops of 2 trips on each corelet: 12624 -> 13416
 * cycles hoisted). Outside one the vector is made once, and takes the
 * splat's latency out of the loop even for a trip (matmul_row2: 940 ->
 * 790). */
enum { MIN_HOIST_TRIPS = 4 };

/* The trips of the loops around x up to and with `at` (a loop whose trip
 * count is not constant counts as many). */
static int64_t splat_trips(const struct ir_module *m, ir_op x, ir_op at)
{
    int64_t trips = 1, n;
    for (ir_op q = ir_op_parent(m, x); q; q = ir_op_parent(m, q)) {
        if (ir_op_get(m, q)->kind == IR_OP_SCF_FOR) {
            if (!nest_for_normal(m, q, &n))
                return INT64_MAX;
            trips *= n;
        }
        if (q == at)
            break;
    }
    return trips;
}

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_ktdf_transfer_mode_is(m, op, "splat"))
        sched_ops_push(ctx, op);
    return true;
}

/* Where a pipeline may go before loop p: the program's body or loops in
 * it, or the body of a corelet split (ktdf.parallel) and loops in it, not
 * inside a pipeline otherwise. *par gets that split (IR_NONE: none). */
static bool pipeline_level(const struct ir_module *m, ir_op p, ir_op fn, ir_op *par)
{
    *par = IR_NONE;
    for (ir_op q = ir_op_parent(m, p); q && q != fn; q = ir_op_parent(m, q)) {
        uint32_t k = ir_op_get(m, q)->kind;
        if (k == IR_OP_KTDF_PARALLEL) {
            *par = q;
            return true;
        }
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE)
            return false;
    }
    return true;
}

/* The outermost scf.for around x where a pipeline may go that does not
 * write the scalar v (IR_NONE: none); *par its corelet split. Past a
 * ktdf.parallel only when no loop inside it qualifies. */
static ir_op hoist_point(struct ir_module *m, ir_op x, ir_value v, ir_op fn, ir_op *par)
{
    ir_op best = IR_NONE, bpar = IR_NONE;
    for (ir_op p = ir_op_parent(m, x); p && p != fn; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        /* not out of a corelet split with a loop inside it: its instances
         * splat their own; out of one whose body is the pipeline itself (a
         * tile's points), to a loop around the pipeline holding the split */
        if (k == IR_OP_KTDF_PARALLEL && best)
            break;
        ir_op pp;
        if (k != IR_OP_SCF_FOR || !pipeline_level(m, p, fn, &pp) || ir_op_get(m, p)->nres)
            continue;
        if (nest_touches(m, p, v, 1))
            break;
        best = p;
        bpar = pp;
    }
    *par = bpar;
    return best;
}

/* The stage of pipe holding a ktdf.read_from_fifo of slot (want_read) or a
 * transfer out of a slot whose source unit is src_unit; *slot gets it. */
static ir_op stage_with(const struct ir_module *m, ir_op pipe, ir_value slot, ir_attr src_unit,
                        ir_value *out)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            if (slot && o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->nopnd && o->opnd[0] == slot)
                return s;
            struct nest_side a;
            if (!slot && o->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &a) &&
                a.fifo && ir_type_get(m, ir_value_type(m, a.v))->attr0 == src_unit) {
                *out = a.v;
                return s;
            }
        }
    }
    return IR_NONE;
}

/* The row of h's vector its instance reads and writes: [inst, 0] size [1, n]. */
static struct nest_side vec_side(const struct hoisted *h, int64_t n)
{
    struct nest_side s = {.v = h->vec, .nsub = 2, .nsize = 2, .size = {1, n}};
    s.sub[0] = h->inst ? (struct nest_sub){.v = h->inst} : (struct nest_sub){.c = 0};
    s.sub[1] = (struct nest_sub){.c = 0};
    return s;
}

/* The splat of x's scalar into a new program-level vector, by a pipeline
 * before `at` with the units of x's pipeline; false when that pipeline has
 * no compute stage reading x's slot or no store stage after it. */
static bool build(struct nest_ctx *c, ir_op fn, ir_op x, ir_op at, ir_op par, struct hoisted *h)
{
    struct ir_module *m = c->m;
    struct nest_side src, dst;
    if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) || src.fifo ||
        !dst.fifo)
        return false;
    ir_op ld = ir_op_parent(m, x), pipe = ir_op_parent(m, ld);
    if (ir_op_get(m, ld)->kind != IR_OP_KTDF_STAGE ||
        ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        return false;
    ir_type at_ty = ir_value_type(m, dst.v);
    const struct ir_type_info *ati = ir_type_get(m, at_ty);
    ir_value out_slot = IR_NONE;
    ir_op cs = stage_with(m, pipe, dst.v, 0, NULL);
    ir_op ss = stage_with(m, pipe, IR_NONE, ati->attr1, &out_slot);
    if (!cs || !ss || ati->rank != 1 || ati->shape[0] < 1)
        return false;
    ir_attr sfu = ati->attr1, l1su = ir_type_get(m, ir_value_type(m, out_slot))->attr1;
    int64_t n = ati->shape[0];
    ir_type bt = ir_ktdf_slot_type(m, sfu, l1su, n, ati->elem);
    const struct ir_type_info *sti = ir_type_get(m, ir_value_type(m, src.v));
    /* under a corelet split, a row per instance */
    int64_t shape[2] = {1, n};
    if (par) {
        ir_attr ni = ir_op_attr(m, par, "num_instances");
        shape[0] = ni ? ir_attr_get(m, ni)->i : 0;
        if (shape[0] < 1)
            return false;
        h->inst = ir_block_get(m, ir_region_entry(m, ir_op_region(m, par, 0)))->args[1];
    } else {
        h->inst = IR_NONE;
    }
    ir_type vt = split_memref(m, 2, shape, ati->elem, IR_NONE, sti->attr1);
    struct ir_loc loc = ir_op_get(m, x)->loc;

    /* the vector, at program level */
    struct split_b fb;
    sb_before(&fb, m, ir_block_get(m, ir_region_entry(m, ir_op_region(m, fn, 0)))->first, loc);
    h->vec = nest_make_op(&fb, "memref.alloc", vt);
    split_set_name(m, h->vec, "splat");
    h->src = src;

    /* the pipeline */
    struct split_b b;
    sb_before(&b, m, at, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block body = sb_region(m, &st);
    h->pipe = sb_emit(&b, &st);
    nest_copy_jam_row(m, h->pipe, pipe);
    ir_type tok = ir_ktdf_token_type(m);
    ir_type ts[5] = {at_ty, bt, tok, tok, tok};
    ir_state_init(&st, m, "ktdf.private", loc);
    for (uint32_t i = 0; i < 5; i++)
        ir_state_add_result(m, &st, ts[i]);
    ir_block priv = sb_region(m, &st);
    struct split_b pb, ib;
    sb_at_end(&pb, m, body, loc);
    ir_op pop = sb_emit(&pb, &st);
    sb_at_end(&ib, m, priv, loc);
    ir_value made[5];
    for (uint32_t i = 0; i < 5; i++)
        made[i] = nest_make_op(&ib, i < 2 ? "ktdf.fifo.allocate" : "ktdf.create_token", ts[i]);
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    for (uint32_t i = 0; i < 5; i++)
        ir_state_add_operand(m, &st, made[i]);
    sb_emit(&ib, &st);
    ir_value a = ir_op_result(m, pop, 0), bs = ir_op_result(m, pop, 1);
    split_set_name(m, a, "sp");
    ir_value t0 = ir_op_result(m, pop, 2), t1 = ir_op_result(m, pop, 3),
             t2 = ir_op_result(m, pop, 4);

    struct split_b sb;
    sb_at_end(&sb, m, sb_stage(&pb, IR_NONE, t0, ir_op_attr(m, ld, "applicable_units")), loc);
    struct nest_side ad = dst;
    ad.v = a;
    nest_make_transfer(&sb, &src, &ad, x); /* still the splat */
    sb_at_end(&sb, m, sb_stage(&pb, t0, t1, ir_op_attr(m, cs, "applicable_units")), loc);
    ir_state_init(&st, m, "ktdf.read_from_fifo", loc);
    ir_state_add_operand(m, &st, a);
    ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_TENSOR, 1, &n, ati->elem));
    ir_value v = ir_op_result(m, sb_emit(&sb, &st), 0);
    ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
    ir_state_add_operand(m, &st, v);
    ir_state_add_operand(m, &st, bs);
    h->fwd = sb_emit(&sb, &st);
    h->folded = false;
    sb_at_end(&sb, m, sb_stage(&pb, t1, t2, ir_op_attr(m, ss, "applicable_units")), loc);
    struct nest_side from = {.v = bs, .fifo = true, .nsize = 1, .size = {n}};
    struct nest_side to = vec_side(h, n);
    nest_make_transfer(&sb, &from, &to, IR_NONE);
    return true;
}

/* Whether h's vector holds what the splat of src to slot dst would: the
 * same scalar element, the same element type, lanes enough. */
static bool serves(const struct ir_module *m, const struct hoisted *h,
                   const struct nest_side *src, const struct nest_side *dst)
{
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, h->vec));
    const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, dst->v));
    return nest_same_side(&h->src, src) && vt->rank == 2 && vt->elem == st->elem &&
           dst->nsize && dst->size[dst->nsize - 1] <= vt->shape[1];
}

enum { MAX_INV = 64 };

/* The part of generic g's body computed from its input k and constants
 * alone: inv[0..*n) in order, *f the one value of it (depending on the
 * input) that the rest of the body uses, the input's argument in *arg;
 * returns the vector instructions that part leaves out of the body (its
 * ops no other op uses: two per constant), 0 when there is no such part
 * (the input used directly by the rest, or more than one such value). */
static int64_t invariant_part(const struct ir_module *m, ir_op g, uint32_t k, ir_op *inv,
                              uint32_t *n, ir_value *f, ir_value *arg)
{
    struct split_gen sg;
    *n = 0;
    *f = IR_NONE;
    if (ir_op_get(m, g)->kind != IR_OP_LINALG_GENERIC || !split_gen_read(m, g, &sg) ||
        k >= sg.nin)
        return 0;
    ir_block gb = split_body(m, g, 0);
    if (k >= ir_block_get(m, gb)->nargs)
        return 0;
    ir_value a = *arg = ir_block_get(m, gb)->args[k];
    ir_value vals[MAX_INV + 1];
    bool dep[MAX_INV + 1];
    uint32_t nv = 0;
    vals[nv] = a, dep[nv++] = true;
    /* the ops of inputs in the set only (constants too) */
    IR_FOR_OPS(m, gb, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_LINALG_YIELD || o->nreg || o->nres != 1 ||
            !(ir_op_def(o->kind)->flags & IR_OPF_PURE) || o->kind == IR_OP_LINALG_INDEX)
            continue; /* linalg.index: the chunk's lanes, not the splat's */
        bool all = true, d = false;
        for (uint32_t i = 0; i < o->nopnd && all; i++) {
            uint32_t j = 0;
            while (j < nv && vals[j] != o->opnd[i])
                j++;
            all = j < nv;
            d |= all && dep[j];
        }
        if (!all || nv == MAX_INV + 1 || *n == MAX_INV)
            continue;
        inv[(*n)++] = op;
        vals[nv] = o->res, dep[nv++] = d;
    }
    /* what the rest of the body (the yield too) uses of it */
    IR_FOR_OPS(m, gb, op) {
        uint32_t j = 0;
        while (j < *n && inv[j] != op)
            j++;
        if (j < *n)
            continue;
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++)
            for (uint32_t q = 0; q < nv; q++)
                if (vals[q] == o->opnd[i] && dep[q]) {
                    if (q == 0 || (*f && *f != vals[q]))
                        return 0;
                    *f = vals[q];
                }
    }
    if (!*f || ir_value_type(m, *f) != ir_value_type(m, a))
        return 0;
    /* what leaves the body: the ops whose results only the part uses (f
     * becomes the input) */
    bool kept[MAX_INV] = {false};
    for (uint32_t j = 0; j < *n; j++) {
        ir_value r = ir_op_get(m, inv[j])->res;
        IR_FOR_OPS(m, gb, op) {
            uint32_t q = 0;
            while (q < *n && inv[q] != op)
                q++;
            const struct ir_op_info *o = ir_op_get(m, op);
            for (uint32_t i = 0; i < o->nopnd && r != *f; i++)
                kept[j] |= o->opnd[i] == r && q == *n;
        }
    }
    for (uint32_t j = *n; j-- > 0;) /* and what those use */
        for (uint32_t i = 0; kept[j] && i < ir_op_get(m, inv[j])->nopnd; i++)
            for (uint32_t q = 0; q < j; q++)
                kept[q] |= ir_op_get(m, inv[q])->res == ir_op_get(m, inv[j])->opnd[i];
    int64_t gone = 0;
    for (uint32_t j = 0; j < *n; j++)
        if (!kept[j])
            gone += ir_op_get(m, inv[j])->kind == IR_OP_ARITH_CONSTANT ? 2 : 1;
    return gone;
}

int64_t nest_splat_foldable(const struct ir_module *m, ir_op g, uint32_t k)
{
    ir_op inv[MAX_INV];
    uint32_t n;
    ir_value f, a;
    return invariant_part(m, g, k, inv, &n, &f, &a);
}

/* The vector of h now read into slot by a stage of pipe: when the one
 * generic reading the slot computes something from it and constants alone
 * (rsqrt(sum / n + eps) of the row's sum), that part moves into h's
 * pipeline, computed once on the splat, and the generic reads its result. */
static void fold_invariant(struct ir_module *m, struct hoisted *h, ir_op pipe, ir_value slot)
{
    ir_op cs = stage_with(m, pipe, slot, 0, NULL);
    if (!cs || !h->fwd)
        return;
    ir_block cb = ir_region_entry(m, ir_op_region(m, cs, 0));
    ir_value v = IR_NONE;
    IR_FOR_OPS(m, cb, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->nopnd && o->opnd[0] == slot)
            v = o->res;
    }
    ir_op g = IR_NONE;
    uint32_t uses = 0, k = 0;
    IR_FOR_OPS(m, cb, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; v && i < o->nopnd; i++)
            if (o->opnd[i] == v)
                uses++, g = op, k = i;
    }
    ir_op inv[MAX_INV];
    uint32_t n;
    ir_value f, a;
    if (uses != 1 || !invariant_part(m, g, k, inv, &n, &f, &a))
        return;
    /* in h's compute stage: one generic over the splat, the part's ops */
    struct ir_loc loc = ir_op_get(m, h->fwd)->loc;
    struct split_b b;
    sb_before(&b, m, h->fwd, loc);
    ir_value in = ir_op_get(m, h->fwd)->opnd[0];
    ir_type tt = ir_value_type(m, in);
    ir_type elem = ir_value_type(m, a);
    ir_value out = sb_tensor_empty(&b, tt);
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.generic", loc);
    ir_state_add_operand(m, &st, in);
    ir_state_add_operand(m, &st, out);
    ir_aff d0 = ir_aff_dim(m, 0);
    ir_attr map = ir_attr_affine_map(m, ir_map_intern(m, 1, 0, 1, &d0));
    ir_attr it = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                                          .s = ir_str_c(m, "linalg.iterator_type"),
                                                          .body = ir_str_c(m, "parallel")});
    ir_state_set_attr(m, &st, "indexing_maps", ir_attr_array(m, 2, (ir_attr[]){map, map}));
    ir_state_set_attr(m, &st, "iterator_types", ir_attr_array(m, 1, &it));
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){1, 1}));
    ir_state_add_result(m, &st, tt);
    ir_block body = sb_region(m, &st);
    ir_value ain = ir_block_add_arg(m, body, elem, ir_str_c(m, "in"));
    ir_block_add_arg(m, body, elem, ir_str_c(m, "out"));
    ir_value res = ir_op_result(m, sb_emit(&b, &st), 0);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, a, ain);
    for (uint32_t j = 0; j < n; j++)
        ir_block_append_op(m, body, split_clone(m, inv[j], &vm));
    ir_state_init(&st, m, "linalg.yield", loc);
    ir_state_add_operand(m, &st, split_vmap_get(&vm, f));
    ir_block_append_op(m, body, ir_op_create(m, &st));
    split_vmap_free(&vm);
    ir_op_get(m, h->fwd)->opnd[0] = res;
    /* the consumer reads it: the part's ops nothing else uses go */
    split_replace_uses(m, g, f, a);
    ir_block gb = split_body(m, g, 0);
    for (uint32_t j = n; j-- > 0;)
        if (!split_block_uses(m, gb, ir_op_get(m, inv[j])->res))
            ir_op_unlink(m, inv[j]);
    h->folded = true;
}

enum { SHARE = NEST_SPLAT_SHARE, SHARE_MAX = 4 * NEST_SPLAT_SHARE };

static bool in_set(const ir_value *v, uint32_t n, ir_value x)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == x)
            return true;
    return false;
}

/* The loop around pipe (an scf.for, or a corelet split whose points
 * SHARE divides into as many blocks on every instance) reads vectors vecs
 * into slots of pipe at every iteration: unrolled by SHARE, its pipeline moves SHARE
 * iterations (their loads, compute and stores each, in the stages they
 * had) and loads the vector once, which the SHARE computes read. Only a
 * loop of constant trip count SHARE divides, holding index arithmetic and
 * that pipeline (no modulo), that does not write the vectors, whose
 * pipeline writes no buffer it reads (its iterations independent). */
static void share_splat(struct nest_ctx *c, ir_op pipe, const ir_value *vecs, uint32_t nvec,
                        const ir_value *slots, uint32_t nslot)
{
    struct ir_module *m = c->m;
    ir_op loop = ir_op_parent(m, pipe);
    int64_t n;
    uint32_t kind = loop ? ir_op_get(m, loop)->kind : 0;
    if (!loop || (kind != IR_OP_SCF_FOR && kind != IR_OP_KTDF_PARALLEL) ||
        ir_op_get(m, loop)->nres || !nest_for_normal(m, loop, &n) || n % 2 ||
        ir_op_attr(m, pipe, "modulo"))
        return;
    /* a corelet split keeps every instance busy: as many blocks of
     * SHARE points on each; an instance's 2 SHARE points go in one block
     * (one load of the vector for all of them: a wide row's division pass
     * in tiles of 16 points on 2 corelets), a multiple of 4 SHARE in
     * blocks of 4 SHARE when the pass reads one vector (the cost model's
     * nest_cost_splat_block: tiles of 32 points on 2 corelets). Points
     * that SHARE does not divide so (20 points on 2 corelets: a row of
     * 32000 f16 in tiles of 20 chunks) go in blocks of 2 when those do */
    int share = SHARE;
    int64_t ninst = 1;
    if (kind == IR_OP_KTDF_PARALLEL) {
        ir_attr ni = ir_op_attr(m, loop, "num_instances");
        ninst = ni ? ir_attr_get(m, ni)->i : 0;
        if (ninst < 1)
            return;
    }
    if (n % SHARE == 0 && (n / SHARE) % ninst == 0)
        share = kind == IR_OP_KTDF_PARALLEL
                    ? (int)nest_cost_splat_block((uint64_t)(n / ninst), ninst > 1 ? nslot : 0)
                    : SHARE;
    else if ((n / 2) % ninst == 0)
        share = 2;
    else
        return;
    for (uint32_t i = 0; i < nvec; i++)
        if (nest_touches(m, loop, vecs[i], 1))
            return;
    uint32_t nbody = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (op != pipe && o->kind != IR_OP_SCF_YIELD && o->kind != IR_OP_KTDF_PARALLEL_YIELD &&
            (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) || ++nbody > 64))
            return;
    }
    /* the pipeline: a private, then stages; the slot read once */
    ir_block pb = ir_region_entry(m, ir_op_region(m, pipe, 0));
    ir_op priv = ir_block_get(m, pb)->first;
    if (!priv || ir_op_get(m, priv)->kind != IR_OP_KTDF_PRIVATE)
        return;
    uint32_t reads = 0, others = 0, gens = 0;
    for (ir_op st = ir_op_get(m, priv)->next; st; st = ir_op_get(m, st)->next) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            return;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            bool rd = o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->nopnd;
            reads += rd && in_set(slots, nslot, o->opnd[0]);
            others += rd && !in_set(slots, nslot, o->opnd[0]);
            gens += o->kind == IR_OP_LINALG_GENERIC;
        }
    }
    /* an elementwise pass (one vector read and one computed a run, the
     * compute unit's registers holding SHARE of each and the splats) */
    if (reads != nslot || others != 1 || gens != 1)
        return;
    /* a block's reads, its splats and a result in the compute unit's
     * vector registers: fewer points a block when a read takes several
     * (64 f32 on 32 f32 lanes: 16 points and the splat took 34 of 32) */
    uint32_t per_regs = 0, splat_regs = 0;
    for (ir_op st = ir_op_get(m, priv)->next; c->o->max_vregs && st; st = ir_op_get(m, st)->next) {
        uint32_t k = nest_stage_kind(c->dev, m, st);
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op)
        {
            const struct ir_op_info *o = ir_op_get(m, op);
            if (o->kind != IR_OP_KTDF_READ_FROM_FIFO || !o->nopnd || k == ARCH_NONE)
                continue;
            ir_type t = ir_value_type(m, o->res);
            char name[16];
            int64_t lanes = arch_lanes(c->dev, c->dev->kinds[k].first,
                                       split_type_name(m, ir_type_elem(m, t), name, sizeof name));
            int64_t elems = ir_type_numel(m, t);
            uint32_t regs = lanes > 0 && elems > 0 ? (uint32_t)((elems + lanes - 1) / lanes) : 1;
            *(in_set(slots, nslot, o->opnd[0]) ? &splat_regs : &per_regs) += regs;
        }
    }
    while (c->o->max_vregs && share > 2 &&
           (uint32_t)(share + 1) * per_regs + splat_regs > c->o->max_vregs &&
           n % (share / 2) == 0 && (n / (share / 2)) % ninst == 0)
        share /= 2;
    /* its iterations independent: no buffer it reads is one it writes */
    ir_value rd[16], wr[16];
    uint32_t nrd = 0, nwr = 0;
    for (ir_op st = ir_op_get(m, priv)->next; st; st = ir_op_get(m, st)->next)
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op) {
            struct nest_side a, d;
            if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
                continue;
            if (!nest_read_side(m, op, 0, &a) || !nest_read_side(m, op, 1, &d) || nrd == 16 ||
                nwr == 16)
                return;
            if (!a.fifo)
                rd[nrd++] = a.v;
            if (!d.fifo)
                wr[nwr++] = d.v;
        }
    for (uint32_t i = 0; i < nwr; i++)
        if (in_set(rd, nrd, wr[i]))
            return;
    struct ir_loc loc = ir_op_get(m, loop)->loc;
    ir_value iv = nest_for_iv(m, loop);
    struct split_b b;
    sb_before(&b, m, loop, loc);
    ir_op_get(m, loop)->opnd[1] = sb_index(&b, n / share);
    /* iteration j of share: iv * share + j; the index arithmetic per j */
    struct split_vmap vm[SHARE_MAX];
    memset(vm, 0, sizeof vm);
    ir_op first = ir_block_get(m, nest_for_body(m, loop))->first;
    sb_before(&b, m, first, loc);
    ir_value base = sb_arith(&b, "arith.muli", iv, sb_index(&b, share));
    for (int j = 0; j < share; j++)
        split_vmap_set(&vm[j], iv, j ? sb_arith(&b, "arith.addi", base, sb_index(&b, j)) : base);
    ir_op ops[64];
    uint32_t nops = 0;
    for (ir_op op = first; op != pipe && nops < 64; op = ir_op_get(m, op)->next)
        ops[nops++] = op;
    for (uint32_t k = 0; k < nops; k++) {
        for (int j = 0; j < share; j++)
            ir_op_insert_before(m, pipe, split_clone(m, ops[k], &vm[j]));
        ir_op_unlink(m, ops[k]);
    }
    /* the new private: share of each slot but the shared one, the tokens once */
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block body = sb_region(m, &st);
    sb_before(&b, m, pipe, loc);
    nest_copy_jam_row(m, sb_emit(&b, &st), pipe);
    const struct ir_op_info *po = ir_op_get(m, priv);
    ir_type tok = ir_ktdf_token_type(m);
    ir_state_init(&st, m, "ktdf.private", loc);
    uint32_t nres = 0;
    for (uint32_t k = 0; k < po->nres; k++) {
        ir_value v = ir_op_get(m, priv)->res + k;
        bool once = in_set(slots, nslot, v) || ir_value_type(m, v) == tok;
        for (int j = 0; j < (once ? 1 : share); j++, nres++)
            ir_state_add_result(m, &st, ir_value_type(m, v));
    }
    ir_block pr = sb_region(m, &st);
    struct split_b ob, ib;
    sb_at_end(&ob, m, body, loc);
    ir_op npr = sb_emit(&ob, &st);
    sb_at_end(&ib, m, pr, loc);
    ir_value made[SHARE_MAX * 64];
    if (nres > SHARE_MAX * 64)
        abort();
    uint32_t q = 0;
    for (uint32_t k = 0; k < ir_op_get(m, priv)->nres; k++) {
        ir_value v = ir_op_get(m, priv)->res + k;
        bool slotted = in_set(slots, nslot, v), once = slotted || ir_value_type(m, v) == tok;
        for (int j = 0; j < (once ? 1 : share); j++, q++) {
            made[q] = nest_make_op(&ib, once && !slotted ? "ktdf.create_token"
                                                         : "ktdf.fifo.allocate",
                                   ir_value_type(m, v));
            ir_value_get(m, ir_op_result(m, npr, q))->name = ir_value_get(m, v)->name;
            for (int i = 0; i < share; i++)
                if (once || i == j)
                    split_vmap_set(&vm[i], v, ir_op_result(m, npr, q));
        }
    }
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    for (uint32_t k = 0; k < q; k++)
        ir_state_add_operand(m, &st, made[k]);
    sb_emit(&ib, &st);
    /* the stages: iteration 0's copy, then each op of the other iterations
     * after the last copy of it; the shared load and its read once */
    for (ir_op so = ir_op_get(m, priv)->next; so; so = ir_op_get(m, so)->next) {
        ir_op ns = split_clone(m, so, &vm[0]);
        ir_block_append_op(m, body, ns);
        ir_op cur = ir_block_get(m, ir_region_entry(m, ir_op_region(m, ns, 0)))->first;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, so, 0)), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            struct nest_side d;
            bool shared = (o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->nopnd &&
                           in_set(slots, nslot, o->opnd[0])) ||
                          (o->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 1, &d) &&
                           d.fifo && in_set(slots, nslot, d.v));
            ir_op next = ir_op_get(m, cur)->next;
            if (shared) {
                for (int j = 1; j < share; j++)
                    for (uint32_t i = 0; i < o->nres; i++)
                        split_vmap_set(&vm[j], o->res + i, split_vmap_get(&vm[0], o->res + i));
            } else {
                ir_op after = cur;
                for (int j = 1; j < share; j++) {
                    ir_op cj = split_clone(m, op, &vm[j]);
                    if (ir_op_get(m, after)->next)
                        ir_op_insert_before(m, ir_op_get(m, after)->next, cj);
                    else
                        ir_block_append_op(m, ir_op_get(m, after)->block, cj);
                    after = cj;
                }
            }
            cur = next;
        }
    }
    for (int j = 0; j < share; j++)
        split_vmap_free(&vm[j]);
    ir_op_unlink(m, pipe);
}

/* The pipelines reading a splat vector into FIFO slots, and those slots. */
struct reader {
    ir_op pipe;
    ir_value slots[4];
    uint32_t nslots;
    bool many; /* more slots than shared at once */
};

struct pipes {
    struct reader *v;
    uint32_t n, cap;
    const ir_value *vecs;
    uint32_t nvec;
};

static bool reading_pipes(struct ir_module *m, ir_op op, void *ctx)
{
    struct pipes *ps = ctx;
    struct nest_side a, d;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &a) ||
        !nest_read_side(m, op, 1, &d) || a.fifo || !d.fifo || !in_set(ps->vecs, ps->nvec, a.v))
        return true;
    ir_op pipe = ir_op_parent(m, ir_op_parent(m, op));
    if (!pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        return true;
    uint32_t k = 0;
    while (k < ps->n && ps->v[k].pipe != pipe)
        k++;
    if (k == ps->n) {
        if (ps->n == ps->cap) {
            ps->cap = ps->cap ? 2 * ps->cap : 16;
            ps->v = realloc(ps->v, ps->cap * sizeof *ps->v);
            if (!ps->v)
                abort();
        }
        ps->v[ps->n++] = (struct reader){.pipe = pipe};
    }
    struct reader *r = &ps->v[k];
    if (r->nslots < 4)
        r->slots[r->nslots++] = d.v;
    else
        r->many = true;
    return true;
}

bool nest_splat_hoist(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops s = {0};
    ir_walk(m, fn, collect, &s);
    struct hoisted hs[MAX_HOISTED];
    ir_value vecs[MAX_HOISTED];
    uint32_t nh = 0;
    for (uint32_t i = 0; i < s.n; i++) {
        ir_op x = s.v[i];
        struct nest_side src, dst;
        if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) || src.fifo ||
            !dst.fifo)
            continue;
        ir_op par = IR_NONE;
        ir_op at = hoist_point(m, x, src.v, fn, &par);
        /* the scalar's subscripts known before the loop (constants, the
         * corelet instance) */
        for (uint32_t k = 0; at && k < src.nsub; k++)
            if (src.sub[k].v && ir_value_defined_in(m, src.sub[k].v, at))
                at = IR_NONE;
        if (!at)
            continue;
        /* a splat of the same scalar element made before, in the same block,
         * with no write to the scalar's buffer between (a splat of another
         * element of the buffer, A[0, k] of a one-row matmul at another k,
         * is another vector) */
        struct hoisted *h = NULL;
        bool fresh = false;
        for (uint32_t k = 0; k < nh && !h; k++) {
            if (hs[k].folded || !serves(m, &hs[k], &src, &dst) ||
                ir_op_parent(m, hs[k].pipe) != ir_op_parent(m, at))
                continue;
            bool clean = true, reached = false;
            for (ir_op o = ir_op_get(m, hs[k].pipe)->next; o && !reached;
                 o = ir_op_get(m, o)->next) {
                reached = o == at;
                clean &= reached || !nest_touches(m, o, src.v, 1);
            }
            if (reached && clean)
                h = &hs[k];
        }
        if (!h) {
            if (nh == MAX_HOISTED || (par && splat_trips(m, x, at) < MIN_HOIST_TRIPS) ||
                !build(c, fn, x, at, par, &hs[nh]))
                continue;
            h = &hs[nh++];
            fresh = true;
        }
        /* the loop reads the vector */
        struct split_b b;
        sb_before(&b, m, x, ir_op_get(m, x)->loc);
        struct nest_side from = vec_side(h, dst.size[dst.nsize - 1]);
        nest_make_transfer(&b, &from, &dst, IR_NONE);
        ir_op pipe = ir_op_parent(m, ir_op_parent(m, x));
        ir_op_unlink(m, x);
        if (fresh)
            fold_invariant(m, h, pipe, dst.v);
    }
    /* the loops reading the vectors: SHARE iterations a load of each */
    for (uint32_t k = 0; k < nh; k++)
        vecs[k] = hs[k].vec;
    struct pipes ps = {.vecs = vecs, .nvec = nh};
    ir_walk(m, fn, reading_pipes, &ps);
    for (uint32_t k = 0; k < ps.n; k++)
        if (!ps.v[k].many)
            share_splat(c, ps.v[k].pipe, vecs, nh, ps.v[k].slots, ps.v[k].nslots);
    free(ps.v);
    free(s.v);
    return true;
}
