/* nest_parallel.c - ktc-nest's "corelets" transformation (nest.h): the
 * point loop of a coarsened compute stage, whose units all exist once per
 * corelet, becomes a ktdf.parallel distributed over the corelets of a core,
 * so each corelet's load/compute/store chain streams its share of the tile.
 *
 *   ktdf.stage ... {                       ktdf.stage ... {
 *     scf.for %i = lb to ub step s {   ->    ktdf.parallel (%i, %inst) = (lb) to (ub) step (s)
 *       BODY                                     distribute(num_instances = N) {
 *     }                                        BODY
 *   } {applicable_units = [L1LU, SFU, L1SU]}   ktdf.parallel_yield } }
 *
 * Also "lane-transfers", run last: the bulk DMAs of a split tile move one
 * transfer per instance, so each corelet starts on its rows as they land;
 * and "store-blocks": the last pass of a corelet-blocks row and the row's
 * bulk store go in blocks, each block's DMA after its own compute stage.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* Whether every kind in the stage's applicable_units lies inside a corelet. */
static bool corelet_units(const struct arch_device *dev, const struct ir_module *m, ir_op stage)
{
    ir_attr a = ir_op_attr(m, stage, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY || !ai->n)
        return false;
    for (uint32_t i = 0; i < ai->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        if (e->kind != IR_AT_STRING)
            return false;
        uint32_t k = arch_kind_find(dev, ir_str_get(m, e->s));
        if (k == ARCH_NONE || dev->kinds[k].level != ARCH_LEVEL_CORELET)
            return false;
    }
    return true;
}

/* Whether the stage holds only scf.for loops without results (the point
 * loop, or the loops coarsening split it into, one per inner pipeline). */
static bool only_loops(const struct ir_module *m, ir_op stage)
{
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, stage, 0)));
    if (!b->first)
        return false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, stage, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_SCF_FOR || o->nres)
            return false;
    }
    return true;
}

/* Whether op is a stage of a pipeline directly in a tile loop's body. */
static bool in_tile_loop(const struct ir_module *m, ir_op stage)
{
    ir_op pipe = ir_op_parent(m, stage);
    if (!pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        return false;
    ir_op loop = ir_op_parent(m, pipe);
    const char *t = loop && ir_op_get(m, loop)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, loop) : NULL;
    return t && strcmp(t, "tile_loop") == 0;
}

enum { MAX_BUFS = 16 };

/* Scratchpad buffers the point loop's body writes at every point in the
 * same place (its subscripts do not name the point): each corelet needs its
 * own copy. */
struct temps {
    ir_value v[MAX_BUFS];
    uint32_t n;
    bool bad; /* one also used outside the loop, or too many */
};

static bool uses_of(struct ir_module *m, ir_op op, void *ctx)
{
    struct temps *u = ctx; /* u->v[0]: the value, u->n: count */
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        u->n += o->opnd[i] == u->v[0];
    return true;
}

static uint32_t count_uses(struct ir_module *m, ir_op root, ir_value v)
{
    struct temps u = {.v = {v}, .n = 0};
    ir_walk(m, root, uses_of, &u);
    return u.n;
}

struct temp_walk {
    struct temps *t;
    ir_value iv;
    ir_op loop;
};

/* Whether subscript v names a different place at each point of the loop
 * of IV iv: a linear form with a nonzero coefficient on iv, whose other
 * terms are defined outside the loop. */
static bool moves_with(const struct ir_module *m, ir_value v, ir_value iv, ir_op loop)
{
    struct sched_lin l;
    if (!v)
        return false;
    sched_lin_of(m, v, &l);
    bool on_iv = false;
    for (uint32_t i = 0; i < l.n; i++) {
        if (l.v[i] == iv)
            on_iv |= l.k[i] != 0;
        else if (ir_value_defined_in(m, l.v[i], loop))
            return false;
    }
    return on_iv;
}

static bool find_temps(struct ir_module *m, ir_op op, void *ctx)
{
    struct temp_walk *w = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    /* only what the loop writes: a buffer it only reads (a broadcast row)
     * is shared by the corelets as it is */
    for (int k = 1; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s)) {
            w->t->bad = true;
            continue;
        }
        if (s.fifo || nest_is_ddr(m, s.v))
            continue;
        bool per_point = false;
        for (uint32_t i = 0; i < s.nsub; i++)
            per_point |= moves_with(m, s.sub[i].v, w->iv, w->loop);
        uint32_t j = 0;
        while (j < w->t->n && w->t->v[j] != s.v)
            j++;
        if (per_point || j < w->t->n)
            continue;
        if (w->t->n == MAX_BUFS)
            w->t->bad = true;
        else
            w->t->v[w->t->n++] = s.v;
    }
    return true;
}

struct same_place {
    ir_value buf, iv;
    bool found;
};

static bool is_iv(const struct ir_module *m, ir_value v, void *iv)
{
    (void)m;
    return v == *(ir_value *)iv;
}

static bool writes_same(struct ir_module *m, ir_op op, void *ctx)
{
    struct same_place *w = ctx;
    struct nest_side s;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 1, &s) ||
        s.v != w->buf)
        return true;
    bool per_point = false; /* a subscript computed from the IV */
    for (uint32_t i = 0; i < s.nsub; i++)
        per_point |= s.sub[i].v && sched_value_reaches(m, s.sub[i].v, is_iv, &w->iv);
    w->found |= !per_point;
    return !w->found;
}

bool nest_writes_same_place(struct ir_module *m, ir_op loop, ir_value buf)
{
    struct same_place w = {buf, nest_for_iv(m, loop), false};
    ir_walk(m, loop, writes_same, &w);
    return w.found;
}

/* Replaces loop by a ktdf.parallel over n instances, same bounds and body;
 * returns the instance id. */
static ir_value distribute(struct ir_module *m, ir_op loop, int64_t n)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    struct split_b b;
    sb_before(&b, m, loop, o->loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.parallel", o->loc);
    for (uint32_t i = 0; i < 3; i++)
        ir_state_add_operand(m, &st, o->opnd[i]);
    static const int64_t seg[3] = {1, 1, 1};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 3, seg));
    ir_state_set_attr(m, &st, "num_instances", ir_attr_int(m, n, m->t_i64));
    ir_block body = sb_region(m, &st);
    ir_value iv = ir_block_add_arg(m, body, m->t_index, ir_str_c(m, "i"));
    ir_value inst = ir_block_add_arg(m, body, m->t_index, ir_str_c(m, "inst"));
    ir_op par = sb_emit(&b, &st);
    ir_value old = nest_for_iv(m, loop);
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_block_append_op(m, body, op);
    }
    struct ir_op_state y;
    ir_state_init(&y, m, "ktdf.parallel_yield", o->loc);
    ir_block_append_op(m, body, ir_op_create(m, &y));
    split_replace_uses(m, par, old, iv);
    ir_op_unlink(m, loop);
    return inst;
}

/* Loop (0 to trips by 1, n dividing trips) becomes a loop over n blocks
 * holding a parallel_loop over a block's trips / n points, the IV rebuilt
 * (block * trips / n + j): split over n instances, each instance's block is
 * then a loop of its own, which stream-loops and splat-hoist take (ktc-lower
 * gives an instance the same block of points either way). */
static void strip(struct ir_module *m, ir_op loop, int64_t n, int64_t trips)
{
    struct ir_loc loc = ir_op_get(m, loop)->loc;
    ir_block body = nest_for_body(m, loop);
    ir_op ops[256], y = IR_NONE;
    uint32_t nops = 0;
    IR_FOR_OPS(m, body, op) {
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            y = op;
        else if (nops < 256)
            ops[nops++] = op;
        else
            return;
    }
    if (!y || !nops)
        return;
    struct split_b b;
    sb_before(&b, m, y, loc);
    ir_op iy;
    ir_op in = nest_make_for(&b, sb_index(&b, 0), sb_index(&b, trips / n), sb_index(&b, 1),
                             "parallel_loop", "j", &iy);
    for (uint32_t i = 0; i < nops; i++) {
        ir_op_unlink(m, ops[i]);
        ir_op_insert_before(m, iy, ops[i]);
    }
    ir_value old = nest_for_iv(m, loop);
    struct split_b ib;
    sb_before(&ib, m, ops[0], loc);
    ir_value at = sb_addi(&ib, sb_muli(&ib, old, trips / n), nest_for_iv(m, in));
    for (uint32_t i = 0; i < nops; i++)
        split_replace_uses(m, ops[i], old, at);
    ir_op_get(m, loop)->opnd[1] = sb_index(&b, n);
    /* the bound's constant before the loop */
    ir_op c = ir_value_def(m, ir_op_get(m, loop)->opnd[1]);
    ir_op_unlink(m, c);
    ir_op_insert_before(m, loop, c);
}

/* The stages at or under root (a program can hold hundreds: a copy of a
 * row's passes per peeled row, each with its levels' pipelines). */
static void collect_stages(struct ir_module *m, ir_op root, struct sched_ops *s)
{
    sched_ops_of_kind(m, root, IR_OP_KTDF_STAGE, s);
}

/* The instances tile-size-selection chose for the tile loop around stage
 * (the cost model's split); 1 for a loop it did not size in this run (an
 * earlier ktc-nest's output stays as it is). */
static int64_t instances(const struct nest_ctx *c, ir_op stage)
{
    return nest_tile_instances(c, ir_op_parent(c->m, ir_op_parent(c->m, stage)));
}

/* One loop to split: over n instances (no split when n < 2), with its
 * per-point temporaries, in program fn (kinds: its corelet-level unit
 * kinds, one byte per device kind). */
struct split {
    ir_op fn;
    ir_op loop;
    int64_t n;
    struct temps t;
    uint8_t *kinds;
    bool block; /* an instance's block as a loop of its own (strip) */
};

/* Notes in kinds[] the corelet-level unit kinds of the stages of s. */
static void corelet_kinds(const struct nest_ctx *c, const struct sched_ops *s, uint8_t *kinds)
{
    const struct ir_module *m = c->m;
    for (uint32_t i = 0; i < s->n; i++) {
        ir_attr a = ir_op_attr(m, s->v[i], "applicable_units");
        const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
        for (uint32_t j = 0; ai && ai->kind == IR_AT_ARRAY && j < ai->n; j++) {
            const struct ir_attr_info *e = ir_attr_get(m, ai->elems[j]);
            uint32_t k = e->kind == IR_AT_STRING ? arch_kind_find(c->dev, ir_str_get(m, e->s))
                                                 : ARCH_NONE;
            if (k != ARCH_NONE && c->dev->kinds[k].level == ARCH_LEVEL_CORELET)
                kinds[k] = 1;
        }
    }
}

/* Whether loop can be split over up to *n instances (lowered to its trip
 * count): at least 2 trips, and its per-point temporaries (*t) allocated
 * buffers only it uses. */
static bool splittable(struct nest_ctx *c, ir_op fn, ir_op loop, int64_t *n, struct temps *t)
{
    struct ir_module *m = c->m;
    int64_t trips = *n;
    if (nest_for_normal(m, loop, &trips) && trips < 2)
        return false;
    if (trips < *n)
        *n = trips;
    *t = (struct temps){.n = 0};
    struct temp_walk w = {t, nest_for_iv(m, loop), loop};
    ir_walk(m, loop, find_temps, &w);
    for (uint32_t j = 0; j < t->n && !t->bad; j++) {
        ir_op d = ir_value_def(m, t->v[j]);
        t->bad = !d || ir_op_get(m, d)->kind != IR_OP_MEMREF_ALLOC ||
                 count_uses(m, fn, t->v[j]) != count_uses(m, loop, t->v[j]);
    }
    return !t->bad;
}

uint32_t nest_body_passes(const struct ir_module *m, ir_op loop, ir_op *out, uint32_t max)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        const char *t = o->kind == IR_OP_SCF_FOR && !o->nres ? nest_loop_type(m, op) : NULL;
        if (t && strcmp(t, "parallel_loop") == 0) {
            if (n < max)
                out[n] = op;
            n++;
        } else if (o->kind != IR_OP_SCF_YIELD &&
                   (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE))) {
            return 0;
        }
    }
    return n;
}

ir_op nest_inner_parallel(const struct ir_module *m, ir_op loop)
{
    ir_op first;
    return nest_body_passes(m, loop, &first, 1) == 1 ? first : IR_NONE;
}

/* Whether loop's body is index arithmetic and two or more parallel_loops
 * (a point's passes over its vectors). */
static bool passes_only(const struct ir_module *m, ir_op loop)
{
    return nest_body_passes(m, loop, NULL, 0) >= 2;
}

/* Point loops of pipelines left in a tile loop (no DMA to coarsen: a
 * level of a reduction tree, an accumulator's zeroing): a parallel_loop
 * directly in a tile loop's body whose stages are all of corelet-level
 * units. */
struct points {
    const struct arch_device *dev;
    struct sched_ops l;
};

static bool collect_points(struct ir_module *m, ir_op op, void *ctx)
{
    struct points *p = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op up = ir_op_parent(m, op);
    const char *t = o->kind == IR_OP_SCF_FOR ? nest_loop_type(m, op) : NULL;
    const char *ut = up && ir_op_get(m, up)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, up) : NULL;
    if (!t || !ut || strcmp(t, "parallel_loop") || strcmp(ut, "tile_loop") || o->nres ||
        !nest_has_pipeline(m, op))
        return true;
    struct sched_ops s = {0};
    collect_stages(m, op, &s);
    bool ok = s.n > 0;
    for (uint32_t i = 0; i < s.n && ok; i++)
        ok = nest_has_pipeline(m, s.v[i]) || corelet_units(p->dev, m, s.v[i]);
    free(s.v);
    if (ok)
        sched_ops_push(&p->l, op);
    return true;
}

/* Adds x (a loop split over up to x->n instances) to *sp. */
static void add_split(struct nest_ctx *c, struct split *x, struct split **sp, uint32_t *nsp,
                      uint32_t *cap)
{
    struct sched_ops ls = {0};
    collect_stages(c->m, x->loop, &ls);
    x->kinds = calloc(c->dev->nkinds ? c->dev->nkinds : 1, 1);
    if (!x->kinds)
        abort();
    corelet_kinds(c, &ls, x->kinds);
    free(ls.v);
    if (*nsp == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        *sp = realloc(*sp, *cap * sizeof **sp);
        if (!*sp)
            abort();
    }
    (*sp)[(*nsp)++] = *x;
}

int64_t nest_tile_instances(const struct nest_ctx *c, ir_op tl)
{
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (c->chosen[i].loop == tl)
            return c->chosen[i].instances;
    return 1;
}

/* Whether loop has one iteration (a tile of one point). */
static bool one_point(const struct ir_module *m, ir_op loop)
{
    int64_t trips;
    return ir_op_get(m, loop)->kind == IR_OP_SCF_FOR && nest_for_normal(m, loop, &trips) &&
           trips == 1;
}

/* corelet-blocks: point loop `loop` of one iteration, whose tile the cost
 * model split over n instances (nest_cost.h, point_split), or of several
 * points that share a buffer beyond them (plan): each parallel
 * loop of its body (a pass over the row, a level of its reduction), or the
 * one parallel loop in the body of a kernel's own loop there (a pass over
 * a row's blocks; swapped outside that loop first when its iterations
 * each carry an accumulator over the blocks, nest_carry_swap_out), is
 * split over the n instances instead, in blocks (strip); the rest of the
 * body (a reduction's last vector, a splat) stays whole, on corelet 0. */
static void corelet_blocks(struct nest_ctx *c, ir_op fn, ir_op loop, int64_t n, struct split **sp,
                           uint32_t *nsp, uint32_t *cap)
{
    struct ir_module *m = c->m;
    bool swap = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_REGISTER_CARRY));
    for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first, next; op; op = next) {
        next = ir_op_get(m, op)->next;
        /* a kernel's own loop (over a row's blocks): its inner parallel
         * loop, or the parallel loops swapped out of it */
        const struct ir_op_info *o = ir_op_get(m, op);
        bool own = o->kind == IR_OP_SCF_FOR && !nest_loop_type(m, op) && !o->nres;
        ir_op in[NEST_JAM_ROWS_MAX] = {own ? nest_inner_parallel(m, op) : op};
        uint32_t nin = in[0] ? 1 : 0, k;
        if (own && swap && (k = nest_carry_swap_out(c, op, in, NEST_JAM_ROWS_MAX)))
            nin = k;
        for (uint32_t i = 0; i < nin; i++) {
            const char *t =
                ir_op_get(m, in[i])->kind == IR_OP_SCF_FOR ? nest_loop_type(m, in[i]) : NULL;
            struct split x = {.fn = fn, .loop = in[i], .n = n, .block = true};
            if (t && strcmp(t, "parallel_loop") == 0 && !ir_op_get(m, in[i])->nres &&
                nest_whole_level(m, c->dev, in[i]) == 1 && splittable(c, fn, in[i], &x.n, &x.t) &&
                x.n >= 2)
                add_split(c, &x, sp, nsp, cap);
        }
    }
}

/* Whether the compute stage holds a loop of one point (a tile of one
 * row): its core-level pipelines need no splitting out to leave the
 * corelet-level loops beside them to corelet-blocks. */
static bool whole_points(const struct ir_module *m, ir_op stage)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, stage, 0)), op)
    {
        if (one_point(m, op))
            return true;
    }
    return false;
}

/* Adds to *sp the splits of program fn: each loop of each candidate stage
 * (a compute stage of corelet-level units, only loops, in a tile loop's
 * pipeline); a loop whose points share a buffer beyond it (an accumulator
 * carried from point to point) gives its inner parallel_loop instead, or,
 * when its body is two or more of them, each (corelet_blocks); and each
 * point loop of pipelines in a tile loop (struct points). Stages and
 * loops not split stay whole (ktc-lower runs them on corelet 0). */
static void plan(struct nest_ctx *c, ir_op fn, struct split **sp, uint32_t *nsp, uint32_t *cap)
{
    struct ir_module *m = c->m;
    bool blocks = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_CORELET_BLOCKS));
    bool swap = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_REGISTER_CARRY));
    struct sched_ops s = {0};
    collect_stages(m, fn, &s);
    for (uint32_t i = 0; i < s.n; i++) {
        ir_op cand = s.v[i];
        if (!only_loops(m, cand) || !in_tile_loop(m, cand))
            continue;
        int64_t n0 = instances(c, cand);
        /* core-level pipelines (a ring exchange) stay whole: the loops
         * holding them are split around them (nest_whole.c) */
        bool whole = !corelet_units(c->dev, m, cand);
        if (whole && (n0 < 2 || !(nest_whole_split(c, fn, cand) || whole_points(m, cand))))
            continue;
        for (ir_op loop = ir_block_get(m, ir_region_entry(m, ir_op_region(m, cand, 0)))->first,
                   next;
             loop; loop = next) {
            next = ir_op_get(m, loop)->next;
            struct split x = {.fn = fn, .loop = loop, .n = n0};
            ir_op in;
            if (n0 < 2)
                break;
            /* a tile of one point runs its parts in order as they are:
             * its corelet-level loops are split in blocks (below) */
            if (whole && nest_whole_level(m, c->dev, loop) != 1 && !one_point(m, loop))
                continue;
            /* a tile of one point of several passes: they are split
             * instead (corelet-blocks; one inner loop is split below) */
            if (blocks && one_point(m, loop) && !nest_inner_parallel(m, loop)) {
                corelet_blocks(c, fn, loop, n0, sp, nsp, cap);
                continue;
            }
            if (!splittable(c, fn, loop, &x.n, &x.t)) {
                x = (struct split){.fn = fn, .loop = in = nest_inner_parallel(m, loop), .n = n0};
                /* its points (two or more) carrying the inner loop's
                 * accumulators (a tile of a row's blocks summed chunk by
                 * chunk): the inner loop swapped outside it first, so that
                 * register-carry carries each chunk over the tile's points
                 * (over one, the swap would only run each chunk apart);
                 * several inner loops (row-jam's rows side by side) each
                 * out of a copy of the point loop, each then split */
                int64_t points;
                ir_op outs[NEST_JAM_ROWS_MAX];
                uint32_t nout = 0;
                if (!whole && swap && nest_for_normal(m, loop, &points) && points >= 2 &&
                    (nout = nest_carry_swap_out(c, loop, outs, NEST_JAM_ROWS_MAX)) > 1) {
                    for (uint32_t k = 0; k < nout; k++) {
                        struct split y = {.fn = fn, .loop = outs[k], .n = n0};
                        if (splittable(c, fn, outs[k], &y.n, &y.t) && y.n >= 2)
                            add_split(c, &y, sp, nsp, cap);
                    }
                    continue;
                }
                if (nout == 1)
                    x.loop = in = outs[0];
                /* points sharing a buffer beyond them, of several passes:
                 * each pass is split instead, point by point */
                if (!in && blocks && passes_only(m, loop)) {
                    corelet_blocks(c, fn, loop, n0, sp, nsp, cap);
                    continue;
                }
                if (!in || !splittable(c, fn, in, &x.n, &x.t))
                    continue;
            }
            if (x.n >= 2)
                add_split(c, &x, sp, nsp, cap);
        }
    }
    free(s.v);
    struct points p = {.dev = c->dev};
    ir_walk(m, fn, collect_points, &p);
    for (uint32_t i = 0; i < p.l.n; i++) {
        struct split x = {
            .fn = fn, .loop = p.l.v[i], .n = nest_tile_instances(c, ir_op_parent(m, p.l.v[i]))};
        if (x.n >= 2 && splittable(c, fn, x.loop, &x.n, &x.t) && x.n >= 2)
            add_split(c, &x, sp, nsp, cap);
    }
    free(p.l.v);
}

/* A FIFO of program fn whose one end is a kind split (kinds[k] set) and
 * whose other is not: *k is the split one. */
struct mixed {
    const struct arch_device *dev;
    const uint8_t *split;
    uint32_t k;
    bool found;
};

static bool find_mixed(struct ir_module *m, ir_op op, void *ctx)
{
    struct mixed *x = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDF_FIFO_ALLOCATE)
        return true;
    for (uint32_t r = 0; r < o->nres && !x->found; r++) {
        const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, o->res + r));
        if (ti->kind != IR_TY_FIFO_SLOT)
            continue;
        uint32_t a = arch_slot_end(x->dev, m, ti->attr0), b = arch_slot_end(x->dev, m, ti->attr1);
        bool sa = a != ARCH_NONE && x->split[a], sb = b != ARCH_NONE && x->split[b];
        if (sa != sb) {
            x->k = sa ? a : b;
            x->found = true;
        }
    }
    return !x->found;
}

/* ktc-lower runs a kind on every corelet when some stage of it is split,
 * and cannot place a FIFO between such a kind and one on corelet 0 only
 * (sched/lower.h): while program fn has such a FIFO, its splits using the
 * split end's kind are dropped (n = 0), which may in turn leave others. */
static void drop_mixed(struct nest_ctx *c, ir_op fn, struct split *sp, uint32_t nsp, uint8_t *split)
{
    uint32_t nk = c->dev->nkinds;
    for (;;) {
        memset(split, 0, nk ? nk : 1);
        for (uint32_t i = 0; i < nsp; i++)
            for (uint32_t k = 0; k < nk && sp[i].fn == fn && sp[i].n >= 2; k++)
                split[k] |= sp[i].kinds[k];
        struct mixed x = {c->dev, split, ARCH_NONE, false};
        ir_walk(c->m, fn, find_mixed, &x);
        if (!x.found)
            return;
        for (uint32_t i = 0; i < nsp; i++)
            if (sp[i].fn == fn && sp[i].kinds[x.k])
                sp[i].n = 0;
    }
}

bool nest_corelets(struct nest_ctx *c)
{
    struct ir_module *m = c->m;
    uint32_t nk = c->dev->nkinds, nsp = 0, cap = 0;
    struct split *sp = NULL;
    for (uint32_t i = 0; i < c->nprogs; i++)
        plan(c, c->progs[i], &sp, &nsp, &cap);
    uint8_t *split = calloc(nk ? nk : 1, 1);
    if (!split)
        abort();
    for (uint32_t i = 0; i < c->nprogs; i++)
        drop_mixed(c, c->progs[i], sp, nsp, split);
    free(split);
    /* ktc-lower runs a unit kind's split stages on the same corelets
     * (sched/lower.h): the splits using a kind take the fewest instances
     * any of them takes */
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t k = 0; k < nk; k++) {
            int64_t lo = INT64_MAX;
            for (uint32_t i = 0; i < nsp; i++)
                if (sp[i].kinds[k] && sp[i].n >= 2 && sp[i].n < lo)
                    lo = sp[i].n;
            for (uint32_t i = 0; i < nsp; i++)
                if (sp[i].kinds[k] && sp[i].n >= 2 && sp[i].n != lo) {
                    sp[i].n = lo;
                    changed = true;
                }
        }
    }
    for (uint32_t i = 0; i < nsp; i++) {
        if (sp[i].n >= 2) {
            ir_op root = ir_op_parent(m, sp[i].loop);
            int64_t trips;
            if (sp[i].block && nest_for_normal(m, sp[i].loop, &trips) &&
                trips % sp[i].n == 0 && trips / sp[i].n >= 2)
                strip(m, sp[i].loop, sp[i].n, trips);
            ir_value inst = distribute(m, sp[i].loop, sp[i].n);
            for (uint32_t j = 0; j < sp[i].t.n; j++) {
                ir_value v = sp[i].t.v[j];
                struct ir_value_info *vi = ir_value_get(m, v);
                vi->type = nest_memref_prefixed(m, vi->type, sp[i].n);
                nest_prefix_buffer(m, root, v, v, (struct nest_sub){.v = inst});
            }
        }
        free(sp[i].kinds);
    }
    free(sp);
    return true;
}

/* ---- lane-transfers --------------------------------------------------------- */

/* A ktdf.parallel's block distribution, as ktc-lower runs it (sched/lower.h):
 * T iterations from 0 by 1 over n instances, blocks of ceil(T / n). */
struct lanes {
    int64_t trips, n;
};

static bool par_lanes(const struct ir_module *m, ir_op par, struct lanes *out)
{
    const struct ir_op_info *o = ir_op_get(m, par);
    ir_attr a = ir_op_attr(m, par, "num_instances");
    int64_t lb, step;
    if (o->kind != IR_OP_KTDF_PARALLEL || o->nopnd != 3 || !a ||
        ir_attr_get(m, a)->kind != IR_AT_INT || !split_const_int(m, o->opnd[0], &lb) || lb ||
        !split_const_int(m, o->opnd[2], &step) || step != 1 ||
        !split_const_int(m, o->opnd[1], &out->trips))
        return false;
    out->n = ir_attr_get(m, a)->i;
    return out->n >= 2 && out->trips >= out->n;
}

/* Every transfer under a stage touching buffer buf does so inside a
 * ktdf.parallel of the distribution ln, at its own point: subscript d the
 * parallel's IV, size 1 there. */
struct lane_use {
    ir_value buf;
    uint32_t d;
    struct lanes ln;
    uint32_t n;
    bool bad;
};

static bool lane_use_op(struct ir_module *m, ir_op op, void *ctx)
{
    struct lane_use *u = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return !u->bad;
    for (int k = 0; k < 2 && !u->bad; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s)) {
            u->bad |= nest_touches(m, op, u->buf, k);
            continue;
        }
        if (s.v != u->buf)
            continue;
        ir_op par = ir_op_parent(m, op);
        while (par && ir_op_get(m, par)->kind != IR_OP_KTDF_PARALLEL)
            par = ir_op_parent(m, par);
        struct lanes ln;
        ir_value iv = par ? ir_block_get(m, ir_region_entry(m, ir_op_region(m, par, 0)))->args[0]
                          : IR_NONE;
        if (!par || !par_lanes(m, par, &ln) || ln.trips != u->ln.trips || ln.n != u->ln.n ||
            u->d >= s.nsub || u->d >= s.nsize || s.sub[u->d].v != iv || s.size[u->d] != 1)
            u->bad = true;
        u->n++;
    }
    return !u->bad;
}

/* The dim of the other side of a transfer that matches dim d of side s:
 * the sides list the same sizes in the same order but for dims of 1. */
static bool matching_dim(const struct nest_side *s, uint32_t d, const struct nest_side *o,
                         uint32_t *e)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < d; i++)
        k += s->size[i] != 1;
    for (uint32_t i = 0; i < o->nsize; i++)
        if (o->size[i] != 1 && k-- == 0) {
            *e = i;
            return i < o->nsub && o->size[i] == s->size[d];
        }
    return false;
}

/* Splits transfer x (a DMA between device memory and buffer side `b` of
 * the tile's points, dim d) into one transfer per lane of ln, in lane order;
 * the index values it adds are shared through cse (the stage's). */
static void split_by_lane(struct ir_module *m, ir_op x, struct nest_side s[2], int b, uint32_t d,
                          uint32_t e, const struct lanes *ln, struct split_cse *cse)
{
    int64_t chunk = (ln->trips + ln->n - 1) / ln->n;
    struct split_b sb;
    sb_before(&sb, m, x, ir_op_get(m, x)->loc);
    sb.cse = cse;
    for (int64_t l = 0; l < ln->n; l++) {
        int64_t start = l * chunk, cnt = ln->trips - start < chunk ? ln->trips - start : chunk;
        if (cnt <= 0)
            break;
        struct nest_side t[2] = {s[0], s[1]};
        t[b].sub[d] = (struct nest_sub){.c = s[b].sub[d].c + start};
        t[b].size[d] = cnt;
        struct nest_sub *o = &t[1 - b].sub[e];
        if (o->v)
            o->v = sb_addi(&sb, o->v, sb_index(&sb, start));
        else
            o->c += start;
        t[1 - b].size[e] = cnt;
        nest_make_transfer(&sb, &t[0], &t[1], x);
    }
    ir_op_unlink(m, x);
}

struct lane_dmas {
    ir_op v[64];
    uint32_t n;
};

static bool collect_dmas(struct ir_module *m, ir_op op, void *ctx)
{
    struct lane_dmas *s = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && s->n < 64)
        s->v[s->n++] = op;
    return true;
}

/* Whether stage st holds only transfers and pure values (a DMA stage). */
static bool dma_stage(const struct ir_module *m, ir_op st)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_KTDF_DATA_TRANSFER &&
            (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE)))
            return false;
    }
    return true;
}

/* The DMA stages of the pipeline around the stage holding ktdf.parallel
 * par: each bulk transfer of the tile's points to or from a buffer that
 * the stage touches only inside such parallels, each point at its own
 * place, becomes one transfer per lane. */
static void lane_split(struct nest_ctx *c, ir_op par)
{
    struct ir_module *m = c->m;
    struct lanes ln;
    ir_op st = ir_op_parent(m, par);
    while (st && ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
        st = ir_op_parent(m, st);
    ir_op pipe = st ? ir_op_parent(m, st) : IR_NONE;
    /* a double-buffered pipeline's DMAs already overlap the previous
     * tile's compute: split, they would only cost a DMA and a signal more
     * per lane and tile */
    if (!par_lanes(m, par, &ln) || !pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE ||
        ir_op_attr(m, pipe, "modulo"))
        return;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), sib) {
        if (sib == st || ir_op_get(m, sib)->kind != IR_OP_KTDF_STAGE || !dma_stage(m, sib))
            continue;
        struct lane_dmas xs = {.n = 0};
        struct split_cse cse = {0};
        ir_walk(m, sib, collect_dmas, &xs);
        for (uint32_t i = 0; i < xs.n; i++) {
            struct nest_side s[2];
            ir_op x = xs.v[i];
            if (ir_op_attr(m, x, "source_tiles") || !nest_read_side(m, x, 0, &s[0]) ||
                !nest_read_side(m, x, 1, &s[1]) || s[0].fifo || s[1].fifo ||
                nest_is_ddr(m, s[0].v) == nest_is_ddr(m, s[1].v))
                continue;
            int b = nest_is_ddr(m, s[0].v) ? 1 : 0;
            for (uint32_t d = 0; d < s[b].nsub && d < s[b].nsize; d++) {
                uint32_t e;
                if (s[b].sub[d].v || s[b].sub[d].c || s[b].size[d] != ln.trips ||
                    !matching_dim(&s[b], d, &s[1 - b], &e))
                    continue;
                struct lane_use u = {.buf = s[b].v, .d = d, .ln = ln};
                ir_walk(m, st, lane_use_op, &u);
                if (u.bad || !u.n)
                    continue;
                split_by_lane(m, x, s, b, d, e, &ln, &cse);
                break;
            }
        }
        free(cse.ops);
    }
}

bool nest_lane_transfers(struct nest_ctx *c, ir_op fn)
{
    struct sched_ops p = {0};
    sched_ops_of_kind(c->m, fn, IR_OP_KTDF_PARALLEL, &p);
    for (uint32_t i = 0; i < p.n; i++)
        lane_split(c, p.v[i]);
    free(p.v);
    return true;
}

/* ---- store-blocks ------------------------------------------------------------ */

/* Whether op is arith.muli of v by a constant; *k the constant, *kc its
 * operand. */
static bool muli_by(const struct ir_module *m, ir_op op, ir_value v, int64_t *k, uint32_t *kc)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_ARITH_MULI || o->nopnd != 2)
        return false;
    for (uint32_t i = 0; i < 2; i++)
        if (o->opnd[1 - i] == v && split_const_int(m, o->opnd[i], k)) {
            *kc = i;
            return true;
        }
    return false;
}

/* A constant-bound scf.for from 0 by 1: its trip count, else -1. */
static int64_t unit_trips(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t lb, ub, st;
    if (o->kind != IR_OP_SCF_FOR || o->nopnd != 3 || !split_const_int(m, o->opnd[0], &lb) ||
        lb || !split_const_int(m, o->opnd[1], &ub) || !split_const_int(m, o->opnd[2], &st) ||
        st != 1)
        return -1;
    return ub;
}

/* The one scf.for directly in stage st's body, or IR_NONE. */
static ir_op stage_loop(const struct ir_module *m, ir_op st)
{
    ir_op f = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op)
    if (ir_op_get(m, op)->nreg) {
        if (f || ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
            return IR_NONE;
        f = op;
    }
    return f;
}

/* A block split of the corelet-blocks pass par (sched/nest.h store-blocks):
 * N instances, trips N, its IV used only scaled by pc (the points of a
 * block), one pipeline whose stages each stream one loop of J iterations
 * of u points (every use of its IV scaled by u, u * J = pc). */
struct pass_blocks {
    int64_t n, pc, j;
    ir_op pipe;
};

static bool pass_blocks(struct ir_module *m, ir_op par, struct pass_blocks *pb)
{
    struct lanes ln;
    if (!par_lanes(m, par, &ln) || ln.trips != ln.n)
        return false;
    pb->n = ln.n;
    pb->pipe = IR_NONE;
    ir_block body = ir_region_entry(m, ir_op_region(m, par, 0));
    IR_FOR_OPS(m, body, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_PIPELINE && !pb->pipe)
            pb->pipe = op;
        else if (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE))
            return false;
    }
    if (!pb->pipe || ir_op_attr(m, pb->pipe, "modulo"))
        return false;
    struct sched_ops u = {0};
    sched_ops_using(m, par, ir_block_get(m, body)->args[0], &u);
    pb->pc = 0;
    bool ok = true;
    for (uint32_t i = 0; i < u.n && ok; i++) {
        int64_t k;
        uint32_t kc;
        ok = muli_by(m, u.v[i], ir_block_get(m, body)->args[0], &k, &kc) && k > 0 &&
             (!pb->pc || k == pb->pc);
        if (ok)
            pb->pc = k;
    }
    free(u.v);
    u = (struct sched_ops){0};
    if (!ok || !pb->pc)
        return false;
    pb->j = 0;
    uint32_t nloops = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pb->pipe, 0)), st) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            continue;
        ir_op f = stage_loop(m, st);
        int64_t j = f ? unit_trips(m, f) : -1;
        if (j <= 0 || (pb->j && j != pb->j))
            return false;
        pb->j = j;
        nloops++;
        ir_value iv = ir_block_get(m, ir_region_entry(m, ir_op_region(m, f, 0)))->args[0];
        sched_ops_using(m, f, iv, &u);
        int64_t step = 0;
        for (uint32_t i = 0; i < u.n && ok; i++) {
            int64_t k;
            uint32_t kc;
            bool mul = muli_by(m, u.v[i], iv, &k, &kc);
            k = mul ? k : 1;
            ok = (!step || k == step) && k > 0;
            step = k;
        }
        free(u.v);
        u = (struct sched_ops){0};
        if (!ok || (step && step * pb->j != pb->pc))
            return false;
    }
    return nloops > 0;
}

/* Pass par (pass_blocks pb) does block q of M: each stage's loop runs
 * J / M iterations and instance b's points start at q * N * pc / M +
 * b * pc / M (the M blocks of the row in order, each split over the
 * instances). */
static void reblock(struct ir_module *m, ir_op par, const struct pass_blocks *pb, int64_t q,
                    int64_t nb)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pb->pipe, 0)), st) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            continue;
        ir_op f = stage_loop(m, st);
        struct split_b sb;
        sb_before(&sb, m, f, ir_op_get(m, f)->loc);
        ir_op_get(m, f)->opnd[1] = sb_index(&sb, pb->j / nb);
    }
    ir_value iv = ir_block_get(m, ir_region_entry(m, ir_op_region(m, par, 0)))->args[0];
    struct sched_ops u = {0};
    sched_ops_using(m, par, iv, &u);
    for (uint32_t i = 0; i < u.n; i++) {
        ir_op mu = u.v[i];
        int64_t k;
        uint32_t kc;
        muli_by(m, mu, iv, &k, &kc);
        struct split_b sb;
        sb_before(&sb, m, mu, ir_op_get(m, mu)->loc);
        ir_op_get(m, mu)->opnd[kc] = sb_index(&sb, pb->pc / nb);
        if (!q)
            continue;
        ir_value r = ir_op_result(m, mu, 0);
        struct sched_ops ru = {0}; /* before the addi below, which reads r */
        sched_ops_using(m, par, r, &ru);
        sb_before(&sb, m, ir_op_get(m, mu)->next, ir_op_get(m, mu)->loc);
        ir_value s = sb_arith(&sb, "arith.addi", r, sb_index(&sb, q * pb->n * pb->pc / nb));
        for (uint32_t x = 0; x < ru.n; x++) {
            struct ir_op_info *o = ir_op_get(m, ru.v[x]);
            for (uint32_t a = 0; a < o->nopnd; a++)
                if (o->opnd[a] == r)
                    o->opnd[a] = s;
        }
        free(ru.v);
    }
    free(u.v);
}

/* The pass writing buffer buf at the end of compute stage st: the last op
 * of the body of its one-point loop, a corelet-blocks pass; no other op of
 * the loop touches buf. */
static ir_op last_pass(struct ir_module *m, ir_op st, ir_value buf, ir_op *loop)
{
    *loop = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->nreg && (*loop || unit_trips(m, op) != 1))
            return IR_NONE;
        if (o->nreg)
            *loop = op;
        else if (!(ir_op_def(o->kind)->flags & IR_OPF_PURE))
            return IR_NONE;
    }
    if (!*loop)
        return IR_NONE;
    ir_op par = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, *loop, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->nreg)
            par = op;
        else if (!(ir_op_def(o->kind)->flags & IR_OPF_PURE))
            return IR_NONE;
    }
    if (!par || ir_op_get(m, par)->kind != IR_OP_KTDF_PARALLEL)
        return IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, *loop, 0)), op)
    if (op != par && (nest_touches(m, op, buf, 0) || nest_touches(m, op, buf, 1)))
        return IR_NONE;
    return par && nest_touches(m, par, buf, 1) ? par : IR_NONE;
}

/* Whether a stage of pipe other than st and dma touches buf. */
static bool others_touch(struct ir_module *m, ir_op pipe, ir_op st, ir_op dma, ir_value buf)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s)
    if (s != st && s != dma && ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE &&
        (nest_touches(m, s, buf, 0) || nest_touches(m, s, buf, 1)))
        return true;
    return false;
}

/* How many blocks the pass and the store go in at most. */
#define STORE_BLOCKS 4

/* How many blocks the pass pb and its store of `bytes` go in over runs
 * runs of the outer pipeline: STORE_BLOCKS, or half as many until they
 * divide the pass's loop and points, when the cost model says that saves
 * (nest_cost_store_blocks: the last run's store hidden against every
 * run's added block pipelines), else 1 (*gain the modeled saving).
 * Measured on spyre: softmax_4x4096 (2 rows of 8 KiB a core) 1227 -> 1237
 * in 4 blocks, 1238 in 2 (modeled -24); softmax_8x16384 (2 rows of
 * 32 KiB) 3737 -> 3639 in 4, 3711 in 2 (modeled +120): the model's saving
 * is not reliable enough to pick among the counts, only to gate the
 * largest. */
static int64_t store_blocks_count(const struct nest_ctx *c, const struct pass_blocks *pb,
                                  double bytes, int64_t runs, double *gain)
{
    int64_t nb = STORE_BLOCKS;
    while (nb > 1 && (pb->j % nb || pb->pc % nb))
        nb /= 2;
    *gain = nest_cost_store_blocks(c->dev, NULL, bytes, (double)runs, (uint32_t)nb);
    return *gain > 0 ? nb : 1;
}

/* How many times pipe runs: the product of the constant trip counts of the
 * loops around it, -1 when one is not constant or it is in a ktdf.parallel. */
static int64_t pipe_runs(const struct ir_module *m, ir_op pipe)
{
    int64_t runs = 1;
    for (ir_op p = ir_op_parent(m, pipe); p; p = ir_op_parent(m, p)) {
        const struct ir_op_info *o = ir_op_get(m, p);
        if (o->kind == IR_OP_KTDF_PARALLEL || o->kind == IR_OP_KTDF_STAGE ||
            o->kind == IR_OP_KTDF_PIPELINE)
            return -1;
        if (o->kind != IR_OP_SCF_FOR)
            continue;
        int64_t t = unit_trips(m, p);
        if (t < 0)
            return -1;
        runs *= t;
    }
    return runs;
}

/* The outer pipeline pipe: its store stage's bulk DMA of a buffer that the
 * compute stage just before it writes in its last pass only (a corelet-
 * blocks pass of a one-point tile) goes out in nb blocks, the pass split
 * into nb passes, each in a compute stage of its own (a copy of the stage
 * holding that block's pass alone), so each block's DMA waits for its
 * pass only. */
static void store_blocks(struct nest_ctx *c, ir_op pipe, int64_t runs, const char *fname)
{
    struct ir_module *m = c->m;
    ir_op prev = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), st) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            continue;
        ir_op cst = prev;
        prev = st;
        if (!cst || dma_stage(m, cst) || !dma_stage(m, st))
            continue;
        struct lane_dmas xs = {.n = 0};
        ir_walk(m, st, collect_dmas, &xs);
        for (uint32_t i = 0; i < xs.n; i++) {
            struct nest_side s[2];
            ir_op x = xs.v[i], loop, par;
            struct pass_blocks pb;
            if (ir_op_attr(m, x, "source_tiles") || !nest_read_side(m, x, 0, &s[0]) ||
                !nest_read_side(m, x, 1, &s[1]) || s[0].fifo || s[1].fifo ||
                nest_is_ddr(m, s[0].v) || !nest_is_ddr(m, s[1].v) ||
                !(par = last_pass(m, cst, s[0].v, &loop)) || !pass_blocks(m, par, &pb) ||
                others_touch(m, pipe, cst, st, s[0].v))
                continue;
            double bytes = (double)ir_type_bytes(m, ir_type_get(m, ir_value_type(m, s[0].v))->elem);
            for (uint32_t d = 0; d < s[0].nsize; d++)
                bytes *= (double)s[0].size[d];
            double gain;
            int64_t nb = store_blocks_count(c, &pb, bytes, runs, &gain);
            if (c->o->stats)
                fprintf(c->o->stats,
                        "ktc-nest: @%s: store-blocks: a store of %.0f bytes, %lld run%s: %lld "
                        "block%s, modeled gain %.0f cycles\n",
                        fname, bytes, (long long)runs, runs == 1 ? "" : "s", (long long)nb,
                        nb == 1 ? "" : "s", gain);
            for (uint32_t d = 0; nb > 1 && d < s[0].nsub && d < s[0].nsize; d++) {
                uint32_t e;
                if (s[0].sub[d].v || s[0].sub[d].c || s[0].size[d] != pb.n * pb.pc ||
                    !matching_dim(&s[0], d, &s[1], &e))
                    continue;
                for (int64_t q = nb - 1; q > 0; q--) {
                    struct split_vmap vm = {0};
                    ir_op cq = split_clone(m, cst, &vm);
                    split_vmap_free(&vm);
                    ir_op_insert_before(m, ir_op_get(m, cst)->next, cq);
                    ir_op lq, pq = last_pass(m, cq, s[0].v, &lq);
                    ir_op drop[64];
                    uint32_t nd = 0;
                    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, lq, 0)), op)
                    if (op != pq && ir_op_get(m, op)->nreg && nd < 64)
                        drop[nd++] = op;
                    for (uint32_t k = 0; k < nd; k++)
                        ir_op_unlink(m, drop[k]);
                    struct pass_blocks pbq;
                    pass_blocks(m, pq, &pbq);
                    reblock(m, pq, &pbq, q, nb);
                }
                reblock(m, par, &pb, 0, nb);
                struct split_cse cse = {0};
                struct lanes ln = {.trips = pb.n * pb.pc, .n = nb};
                split_by_lane(m, x, s, 0, d, e, &ln, &cse);
                free(cse.ops);
                return;
            }
        }
    }
}

bool nest_store_blocks(struct nest_ctx *c, ir_op fn)
{
    const char *fname = ir_str_get(c->m, ir_attr_get(c->m, ir_op_attr(c->m, fn, "sym_name"))->s);
    struct sched_ops p = {0};
    sched_ops_of_kind(c->m, fn, IR_OP_KTDF_PIPELINE, &p);
    for (uint32_t i = 0; i < p.n; i++) {
        int64_t runs = pipe_runs(c->m, p.v[i]);
        if (runs >= 1)
            store_blocks(c, p.v[i], runs, fname);
    }
    free(p.v);
    return true;
}
