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
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

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
};

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
            per_point |= s.sub[i].v == w->iv;
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

struct stages {
    ir_op v[64];
    uint32_t n;
};

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct stages *s = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_STAGE && s->n < 64)
        s->v[s->n++] = op;
    return true;
}

/* The instances tile-size-selection chose for the tile loop around stage
 * (the cost model's split); 1 for a loop it did not size in this run (an
 * earlier ktc-nest's output stays as it is). */
static int64_t instances(const struct nest_ctx *c, ir_op stage)
{
    ir_op tl = ir_op_parent(c->m, ir_op_parent(c->m, stage));
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (c->chosen[i].loop == tl)
            return c->chosen[i].instances;
    return 1;
}

/* Whether op lies (at any depth) inside the body of anc. */
static bool op_inside(const struct ir_module *m, ir_op op, ir_op anc)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (p == anc)
            return true;
    return false;
}

/* A program's split: the candidate stage, its loops and their per-point
 * temporaries, over n instances (no split when n < 2). */
struct split {
    ir_op cand;
    int64_t n;
    ir_op loops[16];
    uint32_t nl;
    struct temps t[16];
};

/* Notes in kinds[] the corelet-level unit kinds of the stages of fn. */
static void corelet_kinds(const struct nest_ctx *c, const struct stages *s, uint8_t *kinds)
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

/* The split of program fn on its own (sp->n < 2: none). */
static void plan(struct nest_ctx *c, ir_op fn, struct split *sp, uint8_t *kinds)
{
    struct ir_module *m = c->m;
    struct stages s = {.n = 0};
    ir_walk(m, fn, collect, &s);
    corelet_kinds(c, &s, kinds);
    sp->n = 1;
    /* ktc-lower runs a unit's stages on one corelet or on all: the program
     * is split only when its one candidate holds every corelet-level stage */
    ir_op cand = IR_NONE;
    for (uint32_t i = 0; i < s.n; i++) {
        if (only_loops(m, s.v[i]) && in_tile_loop(m, s.v[i]) &&
            corelet_units(c->dev, m, s.v[i])) {
            if (cand)
                return;
            cand = s.v[i];
        }
    }
    for (uint32_t i = 0; cand && i < s.n; i++)
        if (s.v[i] != cand && !op_inside(m, s.v[i], cand) && corelet_units(c->dev, m, s.v[i]))
            return;
    if (!cand)
        return;
    int64_t n = instances(c, cand);
    uint32_t nl = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, cand, 0)), loop) {
        int64_t trips = n;
        if (nl == 16 || (nest_for_normal(m, loop, &trips) && trips < 2))
            return;
        if (trips < n)
            n = trips;
        sp->loops[nl++] = loop;
    }
    if (n < 2)
        return;
    /* per-point temporaries: privatized (a leading dim of n indexed by the
     * instance) when only these loops use them, else no split */
    for (uint32_t k = 0; k < nl; k++) {
        struct temps *t = &sp->t[k];
        *t = (struct temps){.n = 0};
        struct temp_walk w = {t, nest_for_iv(m, sp->loops[k])};
        ir_walk(m, sp->loops[k], find_temps, &w);
        for (uint32_t j = 0; j < t->n && !t->bad; j++) {
            ir_op d = ir_value_def(m, t->v[j]);
            t->bad = !d || ir_op_get(m, d)->kind != IR_OP_MEMREF_ALLOC ||
                     count_uses(m, fn, t->v[j]) != count_uses(m, sp->loops[k], t->v[j]);
        }
        if (t->bad)
            return;
    }
    sp->cand = cand;
    sp->nl = nl;
    sp->n = n;
}

bool nest_corelets(struct nest_ctx *c)
{
    struct ir_module *m = c->m;
    uint32_t np = c->nprogs, nk = c->dev->nkinds;
    struct split *sp = calloc(np ? np : 1, sizeof *sp);
    uint8_t *kinds = calloc((size_t)(np ? np : 1) * (nk ? nk : 1), 1);
    if (!sp || !kinds)
        abort();
    for (uint32_t i = 0; i < np; i++)
        plan(c, c->progs[i], &sp[i], kinds + (size_t)i * nk);
    /* ktc-lower runs every stage of a unit kind on the same corelets
     * (sched/lower.h): a kind's programs split over the fewest instances
     * any of them takes, none when one of them is not split */
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t k = 0; k < nk; k++) {
            int64_t lo = INT64_MAX;
            for (uint32_t i = 0; i < np; i++)
                if (kinds[(size_t)i * nk + k] && sp[i].n < lo)
                    lo = sp[i].n;
            for (uint32_t i = 0; i < np; i++)
                if (kinds[(size_t)i * nk + k] && sp[i].n != lo) {
                    sp[i].n = lo < 2 ? 1 : lo;
                    changed = true;
                }
        }
    }
    for (uint32_t i = 0; i < np; i++) {
        if (sp[i].n < 2)
            continue;
        for (uint32_t k = 0; k < sp[i].nl; k++) {
            ir_value inst = distribute(m, sp[i].loops[k], sp[i].n);
            for (uint32_t j = 0; j < sp[i].t[k].n; j++) {
                ir_value v = sp[i].t[k].v[j];
                struct ir_value_info *vi = ir_value_get(m, v);
                vi->type = nest_memref_prefixed(m, vi->type, sp[i].n);
                nest_prefix_buffer(m, sp[i].cand, v, v, (struct nest_sub){.v = inst});
            }
        }
    }
    free(sp);
    free(kinds);
    return true;
}
