/* nest_tile.c - ktc-nest's `tiling` and `tile-size-selection` (nest.h):
 * the point loop above a sequence of pipelines split into tile and point
 * loops around a reserve_size placeholder, then every placeholder made a
 * constant chosen by the cost model (or --tile-sizes). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"
#include "sched/offset_gcd.h"
#include "sched/zero_fill.h"

static bool is_value(const struct ir_module *m, ir_value v, void *iv)
{
    (void)m;
    return v == *(ir_value *)iv;
}

/* Whether v is computed from iv (through index arithmetic and views). */
static bool uses_iv(const struct ir_module *m, ir_value v, ir_value iv)
{
    return sched_value_reaches(m, v, is_value, &iv);
}

/* The points a launch-time trip count the views give no bound for (and
 * no --assume reaches) is priced at. */
enum { NOMINAL_POINTS = 16 };

struct moves {
    ir_value iv;
    bool bcast; /* shared-loads on: loads of the same elements at every point are let in */
    bool ok;
    bool unread; /* a DDR transfer whose sides nest_read_side cannot read */
};

/* Clears mv->ok at a DDR transfer none of whose operands uses mv->iv
 * (unless it is a load and shared-loads is on: coarsening loads it once a
 * tile, every point reading that copy); sets mv->unread at one coarsening
 * cannot read (ktc-path-expand's widened DMAs of rows starting inside a
 * word, at `mod` subscripts). */
static bool ddr_moves(struct ir_module *m, ir_op op, void *ctx)
{
    struct moves *mv = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    bool ddr = false, uses = false;
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ddr |= nest_is_ddr(m, o->opnd[i]);
        uses |= uses_iv(m, o->opnd[i], mv->iv);
    }
    if (ddr && !uses && !(mv->bcast && nest_is_ddr(m, o->opnd[0])))
        mv->ok = false;
    struct nest_side s;
    if (ddr && (!nest_read_side(m, op, 0, &s) || !nest_read_side(m, op, 1, &s)))
        mv->unread = true;
    return true;
}

struct room {
    ir_op loop;
    int64_t per_point; /* scratchpad bytes the nest's DDR transfers stage per point */
    int64_t capacity;  /* of that scratchpad (0: unknown) */
    const struct arch_device *dev;
    bool any_trips;    /* inner loops not normalized yet count their trips too */
};

/* The trip count of scf.for loop when its bounds and step are constants
 * (normalized or not: reduction-producer asks before normalize). */
static bool const_trips(const struct ir_module *m, ir_op loop, int64_t *n)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, ub, step;
    if (o->nopnd != 3 || !split_const_int(m, o->opnd[0], &lb) ||
        !split_const_int(m, o->opnd[1], &ub) || !split_const_int(m, o->opnd[2], &step) ||
        step < 1)
        return false;
    *n = ub > lb ? (ub - lb + step - 1) / step : 0;
    return true;
}

/* Adds the scratchpad side of a DDR transfer, times the inner trip counts
 * around it (coarsening expands its staging buffer by them). */
static bool stage_bytes(struct ir_module *m, ir_op op, void *ctx)
{
    struct room *r = ctx;
    struct nest_side s0, s1;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &s0) ||
        !nest_read_side(m, op, 1, &s1) || s0.fifo || s1.fifo ||
        nest_is_ddr(m, s0.v) == nest_is_ddr(m, s1.v))
        return true;
    const struct nest_side *l = nest_is_ddr(m, s0.v) ? &s1 : &s0;
    ir_type t = ir_value_type(m, l->v);
    int64_t n = ir_type_bytes(m, ir_type_elem(m, t)), k;
    for (uint32_t i = 0; i < l->nsize; i++)
        n *= l->size[i];
    for (ir_op p = ir_op_parent(m, op); p && p != r->loop; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR &&
            (r->any_trips ? const_trips(m, p, &k) : nest_for_normal(m, p, &k)))
            n *= k;
    r->per_point += n;
    const char *sp = nest_memref_space(m, t);
    uint32_t kind = sp && r->dev ? arch_kind_find(r->dev, sp) : ARCH_NONE;
    if (kind != ARCH_NONE)
        r->capacity = r->dev->res[r->dev->kinds[kind].first].size;
    return true;
}

/* Whether a nest's point (its staging, double-buffered, beside the
 * program's own scratchpad buffers) fits the scratchpad: when it does not,
 * its inner loops are the point loops. */
static bool fits(const struct ir_module *m, ir_op loop, const struct arch_device *dev,
                 bool any_trips);

static bool nest_fits(const struct ir_module *m, ir_op loop, const struct arch_device *dev)
{
    return fits(m, loop, dev, false);
}

bool nest_point_fits(const struct ir_module *m, ir_op loop, const struct arch_device *dev)
{
    return fits(m, loop, dev, true);
}

static bool fits(const struct ir_module *m, ir_op loop, const struct arch_device *dev,
                 bool any_trips)
{
    struct room r = {.loop = loop, .dev = dev, .any_trips = any_trips};
    ir_walk((struct ir_module *)m, loop, stage_bytes, &r);
    if (!r.capacity)
        return true;
    ir_op fn = loop;
    while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    int64_t fixed = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, fn, 0)), op)
        if (ir_op_get(m, op)->kind == IR_OP_MEMREF_ALLOC) {
            const char *sp = nest_memref_space(m, ir_value_type(m, ir_op_get(m, op)->res));
            if (sp && strcmp(sp, "DDR") != 0)
                fixed += nest_memref_bytes(m, ir_value_type(m, ir_op_get(m, op)->res));
        }
    return 2 * r.per_point + fixed <= r.capacity;
}

static double modeled_alone(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                            uint64_t disabled);
static uint32_t passes(const struct ir_module *m, ir_op pl);
static double point_whole(const struct ir_module *m, ir_op pl, double *blocks);
static bool pipe_ddr(struct ir_module *m, ir_op op, void *ctx);
static double fifo_loads(const struct ir_module *m, ir_op op, int depth);
static double modeled_passes(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                             uint64_t disabled);

/* Whether loop holds one pass: one inner loop of pipelines (no loop in
 * it), no pipeline of its own. */
static bool one_pass(const struct ir_module *m, ir_op loop, ir_op *inner)
{
    uint32_t loops = 0, pipes = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        loops += k == IR_OP_SCF_FOR;
        pipes += k == IR_OP_KTDF_PIPELINE;
        if (k == IR_OP_SCF_FOR)
            *inner = op;
    }
    if (loops != 1 || pipes)
        return false;
    IR_FOR_OPS(m, nest_for_body(m, *inner), op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR)
            return false;
    return true;
}

/* Whether loop's body holds several passes (inner loops and pipelines),
 * one of them an inner loop of more than one iteration. */
static bool passes_with_points(const struct ir_module *m, ir_op loop)
{
    int64_t n;
    uint32_t passes = 0;
    bool points = false;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        passes += k == IR_OP_SCF_FOR || k == IR_OP_KTDF_PIPELINE;
        points |= nest_inner_loop(m, op, &n) && n > 1;
    }
    return passes > 1 && points;
}

/* Whether the passes in loop's body (inner loops) all have the same trip
 * count, or there are fewer than two with more than one point. */
static bool lockstep_passes(const struct ir_module *m, ir_op loop)
{
    int64_t n, first = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && nest_inner_loop(m, op, &n) && n > 1) {
            if (first && n != first)
                return false;
            first = n;
        }
    return true;
}

/* Whether a pipeline in pl's body streams its iterations in buffer phases
 * (modulo). */
static bool streams_points(const struct ir_module *m, ir_op pl)
{
    IR_FOR_OPS(m, nest_for_body(m, pl), op)
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE && ir_op_attr(m, op, "modulo"))
            return true;
    return false;
}

/* Whether loop is a point loop to tile: normalized with a constant trip
 * count above 1 (or a dynamic one), parallel, its body pure ops, pipelines
 * and inner loops of constant trip counts around pipelines (nest_inner_loop),
 * the outermost such loop of a nest whose point's staging fits the
 * scratchpad, not already under a tile loop nor in a pipeline. */
static bool point_loop(const struct ir_module *m, ir_op loop, int64_t *n,
                       const struct arch_device *dev, bool bcast, uint64_t disabled)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, step;
    bool pipes = false;
    if (o->kind != IR_OP_SCF_FOR || o->nopnd != 3 || o->nres ||
        !split_const_int(m, o->opnd[0], &lb) || lb != 0 || !split_const_int(m, o->opnd[2], &step) ||
        step != 1 || !nest_loop_body_ok(m, loop, &pipes) || !pipes)
        return false;
    if (!split_const_int(m, o->opnd[1], n))
        *n = -1; /* dynamic: tiled into whole tiles and a remainder loop */
    else if (*n < 1 || (*n == 1 && (disabled & (UINT64_C(1) << SCHED_NEST_SINGLE_ROW))))
        return false;
    const char *t = nest_loop_type(m, loop);
    if (t && strcmp(t, "parallel_loop") != 0)
        return false;
    /* around inner loops, only when every DDR transfer moves with the IV
     * (else the inner loop is the point loop) */
    bool inner = false;
    IR_FOR_OPS(m, nest_for_body(m, loop), op)
        inner |= ir_op_get(m, op)->kind == IR_OP_SCF_FOR;
    if (*n == 1 && !inner)
        return false; /* nothing to gain: its pipelines run once */
    /* a loop carrying values (iter_args, ktc-split) around passes of
     * points of different counts (a matmul's K blocks: 8 rows of A, 32 of
     * B, then 8 of their products): its passes are tiled, each streaming
     * its points; as points of the loop, each pass would wait for the whole
     * pass before (matmul_kloop 3762 cycles, 28431 as the point loop) */
    if (inner && ir_op_attr(m, loop, "carried") && !lockstep_passes(m, loop))
        return false;
    if (inner) {
        struct moves mv = {.iv = nest_for_iv(m, loop), .bcast = bcast, .ok = true};
        ir_walk((struct ir_module *)m, loop, ddr_moves, &mv);
        if (!mv.ok || !nest_fits(m, loop, dev))
            return false;
        /* misaligned-rows: a row loop around passes whose DMAs coarsening
         * cannot read is no point loop when a pass has points of its own
         * to tile (as a point loop, its rows would run one after the
         * other, each pass uncoarsened and on one corelet) */
        if (mv.unread && !(disabled & (UINT64_C(1) << SCHED_NEST_MISALIGNED_ROWS)) &&
            passes_with_points(m, loop))
            return false;
        /* single-row: a row loop of one trip is the point loop (the row
         * loaded once, its passes in one compute stage) when the cost
         * model finds it faster than its passes each a nest */
        if (*n == 1 && modeled_alone((struct ir_module *)m, loop, dev, disabled) >=
                           modeled_passes((struct ir_module *)m, loop, dev, disabled))
            return false;
        /* one pass over a row (exp of a wide row): the row's loop tiled
         * alone, each row streamed, when the cost model finds it faster
         * than whole rows a point (no DMA overlapping the compute) */
        ir_op in = IR_NONE;
        if (*n > 1 && one_pass(m, loop, &in)) {
            double whole = modeled_alone((struct ir_module *)m, loop, dev, disabled);
            double each = modeled_alone((struct ir_module *)m, in, dev, disabled);
            if ((double)*n * each < whole)
                return false;
        }
    }
    /* the outermost such loop of a nest is the point loop (any loop
     * around: a point loop's inner loops hold inner loops in turn) */
    int64_t pn;
    ir_op parent = ir_op_parent(m, loop);
    for (ir_op p = parent; p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR && point_loop(m, p, &pn, dev, bcast, disabled))
            return false;
    for (ir_op p = parent; p; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE)
            return false;
        if (k == IR_OP_SCF_FOR && (t = nest_loop_type(m, p)) && strcmp(t, "tile_loop") == 0)
            return false;
    }
    return true;
}

bool nest_is_point_loop(const struct nest_ctx *c, ir_op loop)
{
    int64_t n;
    uint64_t off = c->o->disabled;
    return point_loop(c->m, loop, &n, c->dev, !(off & (UINT64_C(1) << SCHED_NEST_SHARED_LOADS)),
                      off);
}

static void tile_one(struct ir_module *m, ir_op loop)
{
    struct ir_op_info *o = ir_op_get(m, loop);
    struct ir_loc loc = o->loc;
    ir_value n = o->opnd[1];
    struct split_b b;
    sb_before(&b, m, loop, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.tiling.reserve_size", loc);
    ir_state_set_attr(m, &st, "divisibility", ir_attr_int(m, 1, m->t_index));
    ir_state_set_attr(m, &st, "min_value", ir_attr_int(m, 1, m->t_index));
    ir_state_add_result(m, &st, m->t_index);
    ir_value T = ir_op_result(m, sb_emit(&b, &st), 0);
    split_set_name(m, T, "T");
    ir_value nt = sb_arith(&b, "arith.ceildivui", n, T);
    ir_op yield;
    ir_op tl = nest_make_for(&b, sb_index(&b, 0), nt, sb_index(&b, 1), "tile_loop", "t", &yield);
    ir_value t = nest_for_iv(m, tl);

    sb_before(&b, m, yield, loc);
    ir_state_init(&st, m, "ktdf.tiling.derive_size", loc);
    ir_state_add_operand(m, &st, t);
    ir_state_add_operand(m, &st, T);
    ir_state_add_operand(m, &st, n);
    ir_state_set_attr(m, &st, "operandSegmentSizes",
                      split_segments(m, 3, (const int64_t[]){1, 1, 1}));
    ir_state_add_result(m, &st, m->t_index);
    ir_value x = ir_op_result(m, sb_emit(&b, &st), 0);
    ir_op_unlink(m, loop);
    ir_op_insert_before(m, yield, loop);
    ir_op_get(m, loop)->opnd[1] = x;

    /* the original IV: t * T + i */
    ir_value iv = nest_for_iv(m, loop);
    ir_op first = ir_block_get(m, nest_for_body(m, loop))->first;
    sb_before(&b, m, first, loc);
    ir_value orig = sb_arith(&b, "arith.addi", sb_arith(&b, "arith.muli", t, T), iv);
    ir_value_get(m, orig)->name = ir_value_get(m, iv)->name;
    split_set_name(m, iv, "i");
    nest_replace_from(m, first, iv, orig);
}

struct loops {
    ir_op v[64];
    uint32_t n;
    const struct arch_device *dev;
    bool bcast;
    uint64_t disabled;
    bool remainders; /* only loops inside a remainder loop */
};

static bool in_remainder(const struct ir_module *m, ir_op op)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p)) {
        const char *t = ir_op_get(m, p)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, p) : NULL;
        if (t && strcmp(t, "remainder_loop") == 0)
            return true;
    }
    return false;
}

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct loops *l = ctx;
    int64_t n;
    if (l->n < 64 && (!l->remainders || in_remainder(m, op)) &&
        point_loop(m, op, &n, l->dev, l->bcast, l->disabled))
        l->v[l->n++] = op;
    return true;
}

bool nest_tiling(struct nest_ctx *c, ir_op fn)
{
    struct loops l = {.n = 0,
                      .dev = c->dev,
                      .bcast = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_SHARED_LOADS)),
                      .disabled = c->o->disabled};
    ir_walk(c->m, fn, collect, &l);
    for (uint32_t i = 0; i < l.n; i++)
        tile_one(c->m, l.v[i]);
    return true;
}

bool nest_tiling_remainders(struct nest_ctx *c, ir_op fn)
{
    struct loops l = {.n = 0,
                      .dev = c->dev,
                      .bcast = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_SHARED_LOADS)),
                      .disabled = c->o->disabled,
                      .remainders = true};
    ir_walk(c->m, fn, collect, &l);
    for (uint32_t i = 0; i < l.n; i++)
        tile_one(c->m, l.v[i]);
    return l.n > 0;
}

/* steps_overlap's steps: a program's tiled nests and the pipelines
 * outside them (chain_walk's), in program order, each with the trips of
 * its loops, its drain (nest_cost_drain) and the scratchpad buffers its
 * transfers read and write (device memory left out: its DMAs run apart
 * from the on-core chain, and ktc-lower orders them where their bytes
 * meet). measure notes so what each pipeline of a point touches. */
enum { STEP_BUFS = 12 };

struct step {
    ir_op op;
    double trips, drain, per;
    uint32_t nrd, nwr;
    ir_value rd[STEP_BUFS], wr[STEP_BUFS];
    bool all; /* touches more than it notes, or what it cannot tell */
};

static void note_buf(struct step *st, ir_value v, bool write)
{
    ir_value *set = write ? st->wr : st->rd;
    uint32_t *n = write ? &st->nwr : &st->nrd;
    for (uint32_t i = 0; i < *n; i++)
        if (set[i] == v)
            return;
    if (*n == STEP_BUFS)
        st->all = true;
    else
        set[(*n)++] = v;
}

static bool step_touch(struct ir_module *m, ir_op op, void *ctx)
{
    struct step *st = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side sd;
        nest_read_side(m, op, k, &sd); /* its value even when a subscript is not read */
        if (!sd.v)
            st->all = true;
        else if (!sd.fifo && !nest_is_ddr(m, sd.v))
            note_buf(st, nest_view_root(m, sd.v), k == 1);
    }
    return true;
}

static bool step_conflict(const struct step *a, const struct step *b)
{
    if (a->all || b->all)
        return true;
    for (uint32_t i = 0; i < a->nwr; i++) {
        for (uint32_t j = 0; j < b->nrd; j++)
            if (a->wr[i] == b->rd[j])
                return true;
        for (uint32_t j = 0; j < b->nwr; j++)
            if (a->wr[i] == b->wr[j])
                return true;
    }
    for (uint32_t i = 0; i < a->nrd; i++)
        for (uint32_t j = 0; j < b->nwr; j++)
            if (a->rd[i] == b->wr[j])
                return true;
    return false;
}

/* Whether a and b touch no buffer in common, read or written. */
static bool steps_apart(const struct step *a, const struct step *b)
{
    if (a->all || b->all || step_conflict(a, b))
        return false;
    for (uint32_t i = 0; i < a->nrd; i++)
        for (uint32_t j = 0; j < b->nrd; j++)
            if (a->rd[i] == b->rd[j])
                return false;
    return true;
}

/* ---- tile-size selection ------------------------------------------------------- */

/* Whether a loop (root) writes buffer v. */
struct write_memo {
    ir_op root;
    ir_value v;
    bool written;
};

/* A load remembered past the 16 transfers a point keeps (struct tiled). */
#define NO_XFER UINT32_MAX

/* What the cost model needs of one tiled loop nest. */
struct tiled {
    ir_op reserve, tile_loop, point_loop, fn;
    ir_value total;  /* the point loop's trip count before tiling */
    int64_t points;  /* its value, or a bound on it when dynamic (0: none) */
    struct nest_cost_program p;
    struct nest_cost_xfer xfers[16];
    ir_op loads[16]; /* the DDR loads counted (coarsening merges identical ones) */
    uint32_t load_xfer[16]; /* each one's entry in xfers, NO_XFER past 16 transfers */
    bool hoisted;    /* broadcast on: loads invariant in the tile loop move out of it */
    bool splats_out; /* splat-hoist on: a splat in a loop not writing its scalar leaves it */
    bool spans;      /* word-spans on: overlapping windows move as one run a tile */
    uint32_t nloads;
    int64_t scratch_per_point; /* scratchpad bytes a point's buffers take */
    uint64_t inner_groups, direct_groups; /* load groups of pipelines in inner loops, and
                                             of those directly in the point loop */
    bool inner;                /* a pipeline sits in an inner loop */
    ir_op pipe;                /* the pipeline measured last, */
    struct step pipe_touch;    /* the buffers it touches */
    int64_t pipe_row;          /* its row of row-jam's run (jam_row), -1: none */
    int64_t pipe_times, pipe_runs, pipe_iters; /* how many times a point runs it, as
                                                  many pipelines (its shared splats'
                                                  unroll accounted), and the iterations
                                                  of its loops counted so far */
    uint64_t loads_before, ops_before; /* the point's loads and ops before this pipeline */
    const struct arch_device *dev;
    int64_t capacity;          /* of the scratchpad, bytes */
    const char *space;         /* its memory kind */
    /* measuring the point as fuse-pipelines will leave it (its pipelines
     * one, a load of what it stored or loaded before taking that value):
     * the scratchpad sides seen so far */
    bool merged;
    uint32_t nseen;
    struct nest_side seen[32];
    bool seen_splat[32];
    /* whether a loop writes a buffer (nest_touches), asked for every splat
     * of every pipeline under it: remembered for the walk (the IR does not
     * change under measure) */
    uint32_t nwrites;
    struct write_memo writes[64];
};

/* Whether anything under root writes buffer v (nest_touches, side 1). */
static bool writes(struct ir_module *m, struct tiled *t, ir_op root, ir_value v)
{
    for (uint32_t i = 0; i < t->nwrites; i++)
        if (t->writes[i].root == root && t->writes[i].v == v)
            return t->writes[i].written;
    bool w = nest_touches(m, root, v, 1);
    if (t->nwrites < sizeof t->writes / sizeof t->writes[0])
        t->writes[t->nwrites++] = (struct write_memo){root, v, w};
    return w;
}

/* In merged mode: whether the point loaded (as a splat or not) or stored
 * side s before; else notes it. */
static bool seen_before(struct tiled *t, const struct nest_side *s, bool splat, bool store)
{
    for (uint32_t i = 0; i < t->nseen; i++)
        if (nest_same_side(&t->seen[i], s) && (t->seen_splat[i] == splat || store))
            return true;
    if (t->nseen < 32) {
        t->seen[t->nseen] = *s;
        t->seen_splat[t->nseen++] = splat;
    }
    return false;
}

/* The tile loop using reserve_size r, and its point loop. */
static bool find_loops(const struct ir_module *m, ir_op r, struct tiled *t)
{
    ir_value T = ir_op_result(m, r, 0);
    for (ir_op op = ir_op_get(m, r)->next; op; op = ir_op_get(m, op)->next)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && nest_loop_type(m, op) &&
            strcmp(nest_loop_type(m, op), "tile_loop") == 0) {
            t->tile_loop = op;
            IR_FOR_OPS(m, nest_for_body(m, op), c) {
                const struct ir_op_info *ci = ir_op_get(m, c);
                if (ci->kind == IR_OP_KTDF_TILING_DERIVE_SIZE && ci->nopnd == 3 &&
                    ci->opnd[1] == T) {
                    t->total = ci->opnd[2];
                    if (!split_const_int(m, t->total, &t->points))
                        t->points = -1;
                    IR_FOR_OPS(m, nest_for_body(m, op), d)
                        if (ir_op_get(m, d)->kind == IR_OP_SCF_FOR) {
                            t->point_loop = d;
                            return true;
                        }
                }
            }
        }
    return false;
}

static int64_t slot_bytes(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    int64_t n = 1;
    for (uint32_t i = 0; i < ti->rank; i++)
        n *= ti->shape[i] > 0 ? ti->shape[i] : 1;
    return n * ir_type_bytes(m, ti->elem);
}

/* Whether a linalg.generic has a reduction iterator. */
static bool reduces(const struct ir_module *m, ir_op op)
{
    ir_attr a = ir_op_attr(m, op, "iterator_types");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    for (uint32_t i = 0; ai && ai->kind == IR_AT_ARRAY && i < ai->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        ir_str s = e->kind == IR_AT_OPAQUE ? e->body : e->s;
        if (s && strstr(ir_str_get(m, s), "reduction"))
            return true;
    }
    return false;
}

static bool same_view(const struct ir_module *m, ir_value a, ir_value b, ir_op pl);
static bool same_index(const struct ir_module *m, ir_value a, ir_value b, ir_op pl);

/* Whether transfers a and b (under point loop pl) read the same elements
 * (source, subscripts, sizes; inner loops matched by depth). */
static bool same_source(const struct ir_module *m, ir_op a, ir_op b, ir_op pl)
{
    struct nest_side x, y;
    if (!nest_read_side(m, a, 0, &x) || !nest_read_side(m, b, 0, &y) ||
        !same_view(m, x.v, y.v, pl) || x.nsub != y.nsub || x.nsize != y.nsize)
        return false;
    for (uint32_t i = 0; i < x.nsub; i++)
        if (!x.sub[i].v != !y.sub[i].v || x.sub[i].c != y.sub[i].c ||
            (x.sub[i].v && !same_index(m, x.sub[i].v, y.sub[i].v, pl)))
            return false;
    for (uint32_t i = 0; i < x.nsize; i++)
        if (x.size[i] != y.size[i])
            return false;
    return true;
}

/* The depth of the scf.for whose IV v is, counted from the point loop pl
 * (1: its direct inner loop), with its trip count; 0 when v is no such IV. */
static int iv_depth(const struct ir_module *m, ir_value v, ir_op pl, int64_t *trips)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg)
        return 0;
    ir_op loop = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    if (ir_op_get(m, loop)->kind != IR_OP_SCF_FOR || !nest_for_normal(m, loop, trips))
        return 0;
    int d = 0;
    for (ir_op p = loop; p && p != pl; p = ir_op_parent(m, p))
        d += ir_op_get(m, p)->kind == IR_OP_SCF_FOR;
    return d;
}

/* Whether index values a and b are equal once the IVs of inner loops of pl
 * are matched by depth and trip count (the same row read by two passes,
 * each in loops of its own: coarsening merges such loads, same_load). */
static bool same_index(const struct ir_module *m, ir_value a, ir_value b, ir_op pl)
{
    struct sched_lin x, y;
    if (a == b)
        return true;
    sched_lin_of(m, a, &x);
    sched_lin_of(m, b, &y);
    if (x.c != y.c || x.n != y.n)
        return false;
    for (uint32_t i = 0; i < x.n; i++) {
        int64_t ti, tj;
        int di = iv_depth(m, x.v[i], pl, &ti);
        uint32_t j = 0;
        while (j < y.n && !(y.k[j] == x.k[i] &&
                            (y.v[j] == x.v[i] ||
                             (di && iv_depth(m, y.v[j], pl, &tj) == di && tj == ti))))
            j++;
        if (j == y.n)
            return false;
    }
    return true;
}

/* Whether side x's box, over the inner loops of pl in its subscripts,
 * lies within side y's (sizes of their own; y in no inner loop; their
 * other terms the same): chunks of a row an inner loop reads and the row
 * read whole, which coarsening loads once (nest_coarsen.c, same_bytes). */
static bool within_box(const struct ir_module *m, const struct nest_side *x,
                       const struct nest_side *y, ir_op pl)
{
    for (uint32_t s = 0; s < x->nsub; s++) {
        struct sched_lin p, q;
        nest_sub_lin(m, x->sub[s], &p);
        nest_sub_lin(m, y->sub[s], &q);
        int64_t ext = 0, t;
        uint32_t n = 0;
        for (uint32_t i = 0; i < p.n; i++) {
            if (iv_depth(m, p.v[i], pl, &t)) {
                if (p.k[i] < 0)
                    return false;
                ext += p.k[i] * (t - 1);
                continue;
            }
            uint32_t j = 0;
            while (j < q.n && (q.v[j] != p.v[i] || q.k[j] != p.k[i]))
                j++;
            if (j == q.n)
                return false;
            n++;
        }
        if (n != q.n || p.c < q.c || p.c + ext + x->size[s] > q.c + y->size[s])
            return false;
    }
    return true;
}

/* Whether transfer a (under point loop pl) reads elements transfer b
 * reads at the same point: the same view and sizes, each subscript's terms
 * the same (inner IVs matched by depth, a's trips at most b's), a constant
 * apart by a whole window of an inner loop's iterations that fits in b's
 * (coarsening then reads b's buffer for a). */
static bool within_source(const struct ir_module *m, ir_op a, ir_op b, ir_op pl)
{
    struct nest_side x, y;
    if (!nest_read_side(m, a, 0, &x) || !nest_read_side(m, b, 0, &y) ||
        !same_view(m, x.v, y.v, pl) || x.nsub != y.nsub || x.nsize != y.nsize)
        return false;
    for (uint32_t i = 0; i < x.nsize; i++)
        if (x.size[i] != y.size[i])
            return within_box(m, &x, &y, pl);
    for (uint32_t s = 0; s < x.nsub; s++) {
        struct sched_lin p, q;
        nest_sub_lin(m, x.sub[s], &p);
        nest_sub_lin(m, y.sub[s], &q);
        if (p.n != q.n)
            return false;
        int64_t step = 0, ta = 0, tb = 0;
        for (uint32_t i = 0; i < p.n; i++) {
            int64_t ti, tj;
            int di = iv_depth(m, p.v[i], pl, &ti);
            uint32_t j = 0;
            while (j < q.n && !(q.k[j] == p.k[i] &&
                                (q.v[j] == p.v[i] ||
                                 (di && iv_depth(m, q.v[j], pl, &tj) == di && ti <= tj))))
                j++;
            if (j == q.n)
                return false;
            if (di && q.v[j] != p.v[i] && p.k[i] > 0 && !step)
                step = p.k[i], ta = ti, tb = tj;
        }
        int64_t d = p.c - q.c;
        if (d && (!step || d % step || d < 0 || d / step + ta > tb))
            return false;
    }
    return true;
}

/* Whether device-memory views a and b are the same view of the same
 * buffer (nest_same_memory) at the same offset (same_index). */
static bool same_view(const struct ir_module *m, ir_value a, ir_value b, ir_op pl)
{
    if (a == b)
        return true;
    ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
    if (!da || !db || ir_value_type(m, a) != ir_value_type(m, b))
        return false;
    const struct ir_op_info *x = ir_op_get(m, da), *y = ir_op_get(m, db);
    if (x->kind != IR_OP_MEMREF_REINTERPRET_CAST || y->kind != x->kind || x->nopnd != y->nopnd ||
        !nest_same_memory(m, x->opnd[0], y->opnd[0]))
        return false;
    static const char *const attrs[] = {"static_offsets", "static_sizes", "static_strides"};
    for (uint32_t i = 0; i < 3; i++)
        if (ir_op_attr(m, da, attrs[i]) != ir_op_attr(m, db, attrs[i]))
            return false;
    for (uint32_t i = 1; i < x->nopnd; i++)
        if (!same_index(m, x->opnd[i], y->opnd[i], pl))
            return false;
    return true;
}

/* How many times op runs per point: the trip counts of the inner loops
 * around it under the point loop pl. */
static int64_t per_point(const struct ir_module *m, ir_op op, ir_op pl)
{
    int64_t k = 1, n;
    for (ir_op p = ir_op_parent(m, op); p && p != pl; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR && nest_for_normal(m, p, &n))
            k *= n;
    return k;
}

/* Bytes transfer x moves on its side k (its sizes, not its buffer's: a
 * point may read one vector of a whole row's buffer). */
static int64_t moved_bytes(const struct ir_module *m, ir_op x, int k, ir_type t)
{
    struct nest_side s;
    if (!nest_read_side(m, x, k, &s))
        return nest_memref_bytes(m, t);
    int64_t n = 1;
    for (uint32_t i = 0; i < s.nsize; i++)
        n *= s.size[i];
    return n * ir_type_bytes(m, ir_type_elem(m, t));
}

/* loop's induction variable; none for the function chain_walk measures a
 * pipeline outside every loop in. */
static ir_value loop_iv(const struct ir_module *m, ir_op loop)
{
    uint32_t k = ir_op_get(m, loop)->kind;
    return k == IR_OP_SCF_FOR || k == IR_OP_KTDF_PARALLEL ? nest_for_iv(m, loop) : IR_NONE;
}

/* Whether an operand of op is computed from iv. */
static bool moves_with(const struct ir_module *m, ir_op op, ir_value iv)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (uses_iv(m, o->opnd[i], iv))
            return true;
    return false;
}

/* Whether splat-hoist takes splat x of scalar v out of its innermost loop
 * under t's point loop (one that does not write v): it then splats once a
 * point, not once a vector. */
static bool splat_leaves(struct ir_module *m, ir_op x, ir_value v, struct tiled *t)
{
    for (ir_op p = ir_op_parent(m, x); p && p != t->point_loop; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR) {
            return !writes(m, t, p, v);
        }
    return false;
}

static bool count_fifo_load(struct ir_module *m, ir_op op, void *ctx)
{
    struct nest_side a, b;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &a) &&
        nest_read_side(m, op, 1, &b) && !a.fifo && !nest_is_ddr(m, a.v) && b.fifo)
        ++*(int64_t *)ctx;
    return true;
}

/* The load groups `times` runs of pipeline pipe (under point loop pl)
 * issue, and whether it sits in an inner loop: its scratchpad -> FIFO
 * loads, in groups of NEST_COST_LOAD_GROUP; a loop of pl holding only that
 * pipeline, of constant trip count, is unrolled by 2 or 4 as ktc-lower
 * does (lower.c, unroll_of) so that a group spans iterations. */
/* ktc-lower's load groups (lower_ops.c) of a load stage's block b that
 * holds loops (register-carry's and fuse-pipelines' streamed passes): its
 * scratchpad -> FIFO loads in order, *pending of them not yet sent; a loop
 * of loads of at most LOWER_UNROLL_LOADS trips runs unrolled (its loads
 * join the groups around it), a longer one sends the pending loads, then
 * issues a group a step of u copies (u as many as a group holds, at most
 * 4, dividing its trips), and a loop of other ops a group per load block
 * of each iteration. */
enum { LOWER_UNROLL_LOADS = 16 };

static void block_groups(struct ir_module *m, ir_block b, int64_t *pending, int64_t *groups)
{
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_DATA_TRANSFER) {
            int64_t n = 0;
            count_fifo_load(m, op, &n);
            if (n && ++*pending == NEST_COST_LOAD_GROUP)
                ++*groups, *pending = 0;
            continue;
        }
        int64_t trips, n = 0;
        if (o->kind != IR_OP_SCF_FOR || !nest_for_normal(m, op, &trips) || trips < 1)
            continue;
        bool only = true;
        IR_FOR_OPS(m, nest_for_body(m, op), x) {
            const struct ir_op_info *xi = ir_op_get(m, x);
            if (xi->kind == IR_OP_KTDF_DATA_TRANSFER)
                count_fifo_load(m, x, &n);
            else if (xi->kind != IR_OP_SCF_YIELD &&
                     (xi->nreg || !(ir_op_def(xi->kind)->flags & IR_OPF_PURE)))
                only = false;
        }
        int64_t u = 1;
        while (only && u < 4 && n && 2 * u * n <= NEST_COST_LOAD_GROUP && trips % (2 * u) == 0)
            u *= 2;
        if (only && trips <= LOWER_UNROLL_LOADS) {
            for (int64_t i = 0; i < trips; i++)
                block_groups(m, nest_for_body(m, op), pending, groups);
            continue;
        }
        *groups += *pending > 0;
        *pending = 0;
        if (only && u > 1) {
            *groups += trips / u * ((u * n + NEST_COST_LOAD_GROUP - 1) / NEST_COST_LOAD_GROUP);
            continue;
        }
        int64_t g = 0, p = 0;
        block_groups(m, nest_for_body(m, op), &p, &g);
        *groups += trips * (g + (p > 0));
    }
}

/* The load groups of one run of pipe when a stage of it holds a loop
 * (block_groups), else -1. */
static int64_t stage_loop_groups(struct ir_module *m, ir_op pipe)
{
    int64_t groups = 0;
    bool loops = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), st) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), x)
            loops |= ir_op_get(m, x)->kind == IR_OP_SCF_FOR;
        int64_t pending = 0;
        block_groups(m, ir_region_entry(m, ir_op_region(m, st, 0)), &pending, &groups);
        groups += pending > 0;
    }
    return loops ? groups : -1;
}

/* Whether loop op's body holds no loop, ktdf.parallel or pipeline but
 * child. */
static bool only_child(const struct ir_module *m, ir_op op, ir_op child)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, op, 0)), o)
    {
        uint32_t k = ir_op_get(m, o)->kind;
        if (o != child &&
            (k == IR_OP_SCF_FOR || k == IR_OP_KTDF_PARALLEL || k == IR_OP_KTDF_PIPELINE))
            return false;
    }
    return true;
}

/* A lane's share of loop op's trips (ktc-lower's split of a ktdf.parallel
 * over its instances: blocks of ceil(T / N), the last the rest), in
 * *trips and *last; false when not constant. */
static bool lane_trips(const struct ir_module *m, ir_op op, int64_t *trips, int64_t *last)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_SCF_FOR)
        return nest_for_normal(m, op, trips) && (*last = *trips, true);
    int64_t lb, ub, st;
    ir_attr na = ir_op_attr(m, op, "num_instances");
    if (o->kind != IR_OP_KTDF_PARALLEL || o->nopnd != 3 || !na ||
        !split_const_int(m, o->opnd[0], &lb) || !split_const_int(m, o->opnd[1], &ub) ||
        !split_const_int(m, o->opnd[2], &st) || st < 1 || ub <= lb)
        return false;
    int64_t t = (ub - lb + st - 1) / st, nl = ir_attr_get(m, na)->i;
    *trips = (t + nl - 1) / nl;
    *last = t - (nl - 1) * *trips;
    return *last >= 0;
}

static uint64_t load_groups(struct ir_module *m, ir_op pipe, ir_op pl, int64_t times,
                            int64_t share, int64_t shared, bool *inner)
{
    int64_t n = 0, trips, u = 1, streamed = stage_loop_groups(m, pipe);
    ir_op loop = ir_op_parent(m, pipe);
    if (streamed >= 0) { /* its stages hold loops: ktc-lower unrolls none around it */
        *inner = true;
        return (uint64_t)(times * streamed);
    }
    ir_walk(m, pipe, count_fifo_load, &n);
    /* splat-hoist's unrolling: share runs in one, the splats loaded once */
    n = share * (n - shared) + shared;
    times /= share;
    *inner = loop && loop != pl && ir_op_get(m, loop)->kind == IR_OP_SCF_FOR;
    if (!n)
        return 0;
    if (*inner && share == 1 && nest_for_normal(m, loop, &trips)) {
        bool alone = only_child(m, loop, pipe);
        if (alone)
            u = nest_cost_point_unroll(n, trips, trips, false);
        /* coarsened, a loop of at most LOWER_UNROLL_LOADS trips is its load
         * stage's, emitted whole: the loop around it (a row's vectors' loop
         * in a loop of rows) unrolls instead, where that still repeats
         * (lower.c, unroll_of) */
        ir_op outer = ir_op_parent(m, loop);
        int64_t n2 = n * trips, t2, last2, u2;
        if (alone && trips <= LOWER_UNROLL_LOADS && outer && outer != pl &&
            only_child(m, outer, loop) && lane_trips(m, outer, &t2, &last2)) {
            u2 = nest_cost_point_unroll(n2, t2, last2, true);
            if (u2 > 1)
                return (uint64_t)(times / (trips * u2) *
                                  ((u2 * n2 + NEST_COST_LOAD_GROUP - 1) / NEST_COST_LOAD_GROUP));
        }
    }
    return (uint64_t)(times / u * ((u * n + NEST_COST_LOAD_GROUP - 1) / NEST_COST_LOAD_GROUP));
}

/* The vector instructions ktc-lower makes of an elementwise generic's body
 * (lower.h): one per op, two per scalar constant (its bitstream and the
 * shuffle splatting it); at least one. */
static int64_t body_ops(const struct ir_module *m, ir_op generic)
{
    int64_t n = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, generic, 0)), o) {
        uint32_t k = ir_op_get(m, o)->kind;
        n += k == IR_OP_ARITH_CONSTANT ? 2 : k != IR_OP_LINALG_YIELD;
    }
    return n > 0 ? n : 1;
}

/* The vector instructions splat-hoist takes out of a run of generic g
 * (under the point loop): the part of its body computed from a splat input
 * alone, when the splat leaves its loop (nest_splat_foldable). */
static int64_t hoisted_ops(struct ir_module *m, ir_op g, struct tiled *t)
{
    struct split_gen sg;
    ir_op pipe = ir_op_parent(m, ir_op_parent(m, g));
    if (!split_gen_read(m, g, &sg) || !pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        return 0;
    for (uint32_t k = 0; k < sg.nin; k++) {
        ir_op d = ir_value_def(m, sg.in[k]);
        if (!d || ir_op_get(m, d)->kind != IR_OP_KTDF_READ_FROM_FIFO)
            continue;
        ir_value slot = ir_op_get(m, d)->opnd[0];
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), st)
            IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), x) {
                struct nest_side a, b;
                if (ir_ktdf_transfer_mode_is(m, x, "splat") && nest_read_side(m, x, 0, &a) &&
                    nest_read_side(m, x, 1, &b) && b.fifo && b.v == slot &&
                    splat_leaves(m, x, a.v, t))
                    return nest_splat_foldable(m, g, k);
            }
    }
    return 0;
}

/* Whether splat x's scalar v is written nowhere in the point loop. */
static bool unwritten(struct ir_module *m, ir_op x, ir_value v, struct tiled *t)
{
    (void)x;
    return !writes(m, t, t->point_loop, v);
}

/* The splats of pipeline pipe when it is an elementwise pass over them
 * (one vector read besides the splats, one generic, at most 4 splats) and
 * keep(m, splat, its scalar, t) holds for each; 0 otherwise. */
static int64_t pass_splats(struct ir_module *m, ir_op pipe, struct tiled *t,
                           bool (*keep)(struct ir_module *, ir_op, ir_value, struct tiled *))
{
    int64_t n = 0, reads = 0, gens = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), st) {
        if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), x) {
            struct nest_side a;
            reads += ir_op_get(m, x)->kind == IR_OP_KTDF_READ_FROM_FIFO;
            gens += ir_op_get(m, x)->kind == IR_OP_LINALG_GENERIC;
            if (!ir_ktdf_transfer_mode_is(m, x, "splat"))
                continue;
            if (!nest_read_side(m, x, 0, &a) || !keep(m, x, a.v, t))
                return 0;
            n++;
        }
    }
    return n && n <= 4 && reads - n == 1 && gens == 1 ? n : 0;
}

/* The splats of pipeline pipe, directly in the point loop, that
 * splat-hoist takes out of the tile loop (their scalar not written in the
 * point loop) and shares over the tile's points (an elementwise pass: one
 * other vector read, one generic), 0 when it does not. */
static int64_t point_splats(struct ir_module *m, ir_op pipe, struct tiled *t)
{
    if (ir_op_parent(m, pipe) != t->point_loop || ir_op_attr(m, pipe, "modulo"))
        return 0;
    return pass_splats(m, pipe, t, unwritten);
}

/* How many runs of pipeline pipe (under the point loop) splat-hoist makes
 * one (nest_splat.c, share_splat: a loop of index arithmetic and that
 * pipeline, its trips a multiple of NEST_SPLAT_SHARE, whose splats, at
 * most 4, all leave it, an elementwise pass), and how many of its loads
 * are those splats; 1 when none. */
static int64_t shared_iters(struct ir_module *m, ir_op pipe, struct tiled *t, int64_t *splats)
{
    ir_op loop = ir_op_parent(m, pipe);
    int64_t trips;
    *splats = 0;
    if (!loop || loop == t->point_loop || ir_op_get(m, loop)->kind != IR_OP_SCF_FOR ||
        ir_op_get(m, loop)->nres || !nest_for_normal(m, loop, &trips) || trips % NEST_SPLAT_SHARE ||
        ir_op_attr(m, pipe, "modulo"))
        return 1;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (op != pipe && o->kind != IR_OP_SCF_YIELD &&
            (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE)))
            return 1;
    }
    *splats = pass_splats(m, pipe, t, splat_leaves);
    return *splats ? NEST_SPLAT_SHARE : 1;
}

/* A vector op run `times` a point: when it sits in a loop of the
 * pipeline measured last, that pipeline's iterations are at least its. */
static void stream_iters(const struct ir_module *m, ir_op op, int64_t times, struct tiled *t)
{
    ir_op pipe = ir_op_parent(m, op);
    while (pipe && ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        pipe = ir_op_parent(m, pipe);
    if (!pipe || pipe != t->pipe || t->pipe_times < 1)
        return;
    int64_t iters = times / t->pipe_times * t->pipe_runs;
    if (iters > t->pipe_iters) {
        t->p.pipeline_iters_per_point += (uint64_t)(iters - t->pipe_iters);
        t->pipe_iters = iters;
    }
}

/* The pipelines' staging buffers, transfers and vector work, per point. */
static bool measure(struct ir_module *m, ir_op op, void *ctx)
{
    struct tiled *t = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t times = per_point(m, op, t->point_loop);
    if (o->kind == IR_OP_MEMREF_ALLOC) {
        ir_type ty = ir_value_type(m, o->res);
        const char *sp = nest_memref_space(m, ty);
        /* coarsening leaves a pipeline in buffer phases (modulo) as it is:
         * its staging buffers serve every iteration of the loops around it
         * (a vocabulary row of 50257 f16 in 98 blocks astride words took
         * 98 times its 6 phases' room: no tile fit the sample device) */
        ir_op pipe = ir_op_parent(m, op);
        while (pipe && ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
            pipe = ir_op_parent(m, pipe);
        if (pipe && ir_op_attr(m, pipe, "modulo"))
            times = 1;
        if (sp && strcmp(sp, "DDR") != 0) {
            t->scratch_per_point += nest_memref_bytes(m, ty) * times;
            t->space = sp;
        }
    } else if (o->kind == IR_OP_KTDF_PIPELINE) {
        /* merged, the point is one pipeline: every load's receive is
         * before it, nothing computes while a later load lands */
        if (t->merged && t->p.pipelines_per_point)
            return true;
        t->loads_before = t->p.l1_loads_per_point;
        t->ops_before = t->p.vector_ops_per_point;
        int64_t splats = 0, u = t->splats_out ? shared_iters(m, op, t, &splats) : 1;
        t->p.pipelines_per_point += (uint32_t)(times / u);
        /* a round trip between it and the pipeline before, unless the two
         * are different rows of row-jam's run (`jam_row`) sharing no
         * buffer: the next row's pass issues its loads as soon as the one
         * before has */
        struct step touch = {.op = op};
        ir_walk(m, op, step_touch, &touch);
        ir_attr ja = ir_op_attr(m, op, "jam_row");
        int64_t row = ja ? ir_attr_get(m, ja)->i : -1;
        if (!t->p.pipeline_ops_per_point || row < 0 || t->pipe_row < 0 || row == t->pipe_row ||
            !steps_apart(&t->pipe_touch, &touch))
            t->p.pipeline_ops_per_point++;
        t->pipe_touch = touch;
        t->pipe_row = row;
        t->p.pipeline_iters_per_point += (uint64_t)(times / u);
        t->pipe = op;
        t->pipe_times = times;
        t->pipe_runs = t->pipe_iters = times / u;
        bool inner;
        uint64_t g = load_groups(m, op, t->point_loop, times, u, splats, &inner);
        *(inner ? &t->inner_groups : &t->direct_groups) += g;
        t->inner |= inner;
    } else if (o->kind == IR_OP_LINALG_GENERIC) {
        stream_iters(m, op, times, t);
        if (reduces(m, op))
            t->p.reductions_per_point += (uint64_t)times;
        else if (!sched_padded_fill(m, t->dev, op)) { /* ktc-lower's zero-padded loads */
            int64_t n = body_ops(m, op) - (t->splats_out ? hoisted_ops(m, op, t) : 0);
            t->p.vector_ops_per_point += (uint64_t)((n > 0 ? n : 1) * times);
        }
    } else if (o->kind == IR_OP_KTDF_DATA_TRANSFER && o->nopnd >= 2) {
        /* the sides' memrefs (opnd[1] is a source subscript when one is a value) */
        struct nest_side sa, sb;
        if (!nest_read_side(m, op, 0, &sa) || !nest_read_side(m, op, 1, &sb))
            return true;
        ir_type st = ir_value_type(m, sa.v), dt = ir_value_type(m, sb.v);
        const char *src = nest_memref_space(m, st), *dst = nest_memref_space(m, dt);
        bool sfifo = ir_type_get(m, st)->kind == IR_TY_FIFO_SLOT;
        bool dfifo = ir_type_get(m, dt)->kind == IR_TY_FIFO_SLOT;
        bool load = src && strcmp(src, "DDR") == 0, store = dst && strcmp(dst, "DDR") == 0;
        if (load && t->hoisted && nest_broadcast_load(m, op, t->tile_loop)) {
            /* a load broadcast hoists before the point loop: once a tile,
             * or once before the tiles when it is kept */
            t->p.fixed_scratch += (uint64_t)nest_memref_bytes(m, dt);
            if (t->p.nxfers < 16)
                t->xfers[t->p.nxfers++] = (struct nest_cost_xfer){
                    .bytes_per_tile = (uint64_t)nest_memref_bytes(m, dt),
                    .row_bytes = (uint64_t)nest_memref_bytes(m, dt),
                    .kept = nest_broadcast_kept(m, op, t->tile_loop)};
            return true;
        }
        for (uint32_t i = 0; load && i < t->nloads; i++)
            if (same_source(m, t->loads[i], op, t->point_loop) ||
                within_source(m, op, t->loads[i], t->point_loop))
                return true;
        /* a load containing one counted before (a row read by chunks, then
         * whole): coarsening reads it once, where the first reader needs it */
        bool counted = false;
        for (uint32_t i = 0; load && i < t->nloads; i++) {
            if (!within_source(m, t->loads[i], op, t->point_loop))
                continue;
            uint32_t k = t->load_xfer[i];
            if (!counted) { /* the first: now this load */
                if (k != NO_XFER && t->xfers[k].bytes_per_point)
                    t->xfers[k].bytes_per_point = (uint64_t)(nest_memref_bytes(m, dt) * times);
                t->loads[i] = op;
                counted = true;
                continue;
            }
            /* the others go */
            if (k != NO_XFER) {
                memmove(&t->xfers[k], &t->xfers[k + 1], (t->p.nxfers - k - 1) * sizeof *t->xfers);
                t->p.nxfers--;
                for (uint32_t j = 0; j < t->nloads; j++)
                    t->load_xfer[j] -= t->load_xfer[j] != NO_XFER && t->load_xfer[j] > k;
            }
            memmove(&t->loads[i], &t->loads[i + 1], (t->nloads - i - 1) * sizeof *t->loads);
            memmove(&t->load_xfer[i], &t->load_xfer[i + 1],
                    (t->nloads - i - 1) * sizeof *t->load_xfer);
            t->nloads--;
            i--;
        }
        if (counted)
            return true;
        /* (past 16 transfers a load is remembered without one: NO_XFER) */
        if (load && t->nloads < 16) {
            t->load_xfer[t->nloads] = t->p.nxfers < 16 ? t->p.nxfers : NO_XFER;
            t->loads[t->nloads++] = op;
        }
        if ((load || store) && t->p.nxfers < 16) {
            ir_type ty = load ? dt : st;
            const struct ir_type_info *ti = ir_type_get(m, ty);
            int64_t bytes = nest_memref_bytes(m, ty) * times;
            int64_t row = ti->rank && ti->shape[0] > 0 ? bytes / times / ti->shape[0] : bytes / times;
            /* a load moving with neither the point nor the tile: once a tile
             * (coarsening gives it one copy the tile's points share) */
            bool once = load && !moves_with(m, op, loop_iv(m, t->point_loop)) &&
                        !moves_with(m, op, loop_iv(m, t->tile_loop));
            /* windows one run a tile (word-spans): a point's step, and the
             * run's end once a tile */
            int64_t per_tile = once ? bytes : 0;
            if (!once && t->spans && nest_span_bytes(m, op, t->point_loop, &bytes, &per_tile))
                row = bytes;
            t->xfers[t->p.nxfers++] = (struct nest_cost_xfer){
                .store = store,
                .bytes_per_point = once ? 0 : (uint64_t)bytes,
                .bytes_per_tile = (uint64_t)per_tile,
                .row_bytes = (uint64_t)row,
                .kept = once && t->hoisted && nest_broadcast_kept(m, op, t->tile_loop),
                .loads_before = load ? t->loads_before : 0,
                .ops_before = load ? t->ops_before : 0};
        } else if (src && dfifo) {
            bool splat = ir_ktdf_transfer_mode_is(m, op, "splat");
            if (t->merged && seen_before(t, &sa, splat, false))
                return true;
            ir_op pipe = ir_op_parent(m, ir_op_parent(m, op));
            bool at_point = splat && t->splats_out && point_splats(m, pipe, t);
            if (splat && !at_point && !(t->splats_out && splat_leaves(m, op, sa.v, t)))
                t->p.splats_per_point += (uint64_t)times;
            int64_t splats;
            if (at_point) /* shared over the tile's points: the model knows the tile */
                t->p.shared_loads_per_point += (uint64_t)times;
            else if (splat && t->splats_out && shared_iters(m, pipe, t, &splats) > 1)
                times /= NEST_SPLAT_SHARE; /* loaded once for that many runs */
            t->p.l1_load_bytes_per_point += (uint64_t)(moved_bytes(m, op, 0, st) * times);
            t->p.l1_loads_per_point += (uint64_t)times;
            t->p.fifo_in_bytes_per_point += (uint64_t)(slot_bytes(m, dt) * times);
        } else if (sfifo && dst) {
            if (t->merged && t->nseen < 32) { /* later loads of it take the value */
                t->seen[t->nseen] = sb;
                t->seen_splat[t->nseen++] = false;
            }
            t->p.fifo_out_bytes_per_point += (uint64_t)(slot_bytes(m, st) * times);
            t->p.l1_store_bytes_per_point += (uint64_t)(moved_bytes(m, op, 1, dt) * times);
        }
    }
    return true;
}

/* A bound on the points of a loop whose trip count is dynamic: every DDR
 * transfer of the point loop stays inside its buffer, the other terms of
 * its offset being non-negative (0 when no transfer tells). */
struct bound {
    ir_value i; /* the point loop's IV */
    int64_t n;
};

static bool bound_walk(struct ir_module *m, ir_op op, void *ctx)
{
    struct bound *b = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s) || !nest_is_ddr(m, s.v))
            continue;
        ir_op d = ir_value_def(m, s.v);
        if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
            continue;
        const struct ir_op_info *o = ir_op_get(m, d);
        const struct ir_attr_info *off = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
        const struct ir_attr_info *st = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
        int64_t numel = ir_type_numel(m, ir_value_type(m, o->opnd[0]));
        struct sched_lin a = {0}, l;
        if (numel < 1) /* a view of launch-time size: inside the cast (split.h) */
            numel = ir_type_numel(m, ir_value_type(m, s.v));
        else if (off->ints[0] != IR_DYN)
            a.c = off->ints[0];
        else if (o->nopnd < 2)
            continue;
        else
            sched_lin_of(m, o->opnd[1], &a);
        if (numel < 1 || st->n != s.nsub || st->n != s.nsize)
            continue;
        int64_t span = 1;
        bool ok = true;
        for (uint32_t j = 0; j < s.nsub && ok; j++) {
            span += (s.size[j] - 1) * st->ints[j];
            nest_sub_lin(m, s.sub[j], &l);
            ok = sched_lin_add(&a, &l, st->ints[j]);
        }
        int64_t d_i = 0;
        for (uint32_t j = 0; j < a.n; j++)
            if (a.v[j] == b->i)
                d_i = a.k[j];
            else if (a.k[j] < 0)
                ok = false;
        if (!ok || d_i < 1 || a.c < 0 || numel - span - a.c < 0)
            continue;
        int64_t n = (numel - span - a.c) / d_i + 1;
        if (!b->n || n < b->n)
            b->n = n;
    }
    return true;
}

/* A loop stepping by a launch-time value s (normalize made its trip count
 * ceildiv(D, s) = (D + s - 1) / s) over views of a static width w in the direction it steps
 * (the reinterpret_cast's dim whose stride is the step's coefficient in the
 * offset): taking s >= w (the views do not overlap, a row walked block by
 * block), at most ceil(D / w) points. */
struct step_bound {
    ir_value i, s; /* the point loop's IV, its launch-time step */
    int64_t d, n;
};

/* Whether v is i plus terms not of i (the IV rebuilt as t * T + i). */
static bool moves_by_one(const struct ir_module *m, ir_value v, ir_value i)
{
    struct sched_lin l;
    sched_lin_of(m, v, &l);
    for (uint32_t j = 0; j < l.n; j++)
        if (l.v[j] == i)
            return l.k[j] == 1;
    return false;
}

static bool step_walk(struct ir_module *m, ir_op op, void *ctx)
{
    struct step_bound *b = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side sd;
        struct sched_lin a;
        if (!nest_read_side(m, op, k, &sd) || !nest_is_ddr(m, sd.v))
            continue;
        ir_op d = ir_value_def(m, sd.v);
        if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
            continue;
        const struct ir_op_info *o = ir_op_get(m, d);
        const struct ir_attr_info *off = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
        const struct ir_attr_info *st = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
        const struct ir_attr_info *sz = ir_attr_get(m, ir_op_attr(m, d, "static_sizes"));
        if (off->ints[0] != IR_DYN || o->nopnd < 2 || st->n != sz->n)
            continue;
        sched_lin_of(m, o->opnd[1], &a);
        for (uint32_t j = 0; j < a.n; j++) {
            ir_op md = ir_value_def(m, a.v[j]);
            const struct ir_op_info *mi = md ? ir_op_get(m, md) : NULL;
            if (!mi || mi->kind != IR_OP_ARITH_MULI || mi->nopnd != 2 || a.k[j] < 1 ||
                (mi->opnd[0] != b->s && mi->opnd[1] != b->s) ||
                !moves_by_one(m, mi->opnd[mi->opnd[0] == b->s], b->i))
                continue;
            for (uint32_t e = 0; e < st->n; e++)
                if (st->ints[e] == a.k[j] && sz->ints[e] > 0) {
                    int64_t n = (b->d + sz->ints[e] - 1) / sz->ints[e];
                    if (!b->n || n < b->n)
                        b->n = n;
                }
        }
    }
    return true;
}

static int64_t bound_points(struct ir_module *m, ir_op point_loop, ir_value total)
{
    struct bound b = {.i = nest_for_iv(m, point_loop)};
    ir_walk(m, point_loop, bound_walk, &b);
    ir_op td = ir_value_def(m, total);
    const struct ir_op_info *t = td ? ir_op_get(m, td) : NULL;
    if (t && t->kind == IR_OP_ARITH_MAXSI && t->nopnd == 2) { /* normalize's max(trips, 0) */
        td = ir_value_def(m, t->opnd[0]);
        t = td ? ir_op_get(m, td) : NULL;
    }
    struct step_bound sb = {.i = b.i};
    struct sched_lin num = {0};
    if (t && t->kind == IR_OP_ARITH_DIVSI && t->nopnd == 2 &&
        !split_const_int(m, t->opnd[1], &(int64_t){0}))
        sched_lin_of(m, t->opnd[0], &num);
    if (num.n == 1 && num.v[0] == t->opnd[1] && num.k[0] == 1 && (sb.d = num.c + 1) > 0) {
        sb.s = t->opnd[1];
        ir_walk(m, point_loop, step_walk, &sb);
        if (sb.n && (!b.n || sb.n < b.n))
            b.n = sb.n;
    }
    int64_t hi; /* the count's own bound (a loop up to min(256, n - 63)) */
    if (sched_value_upper(m, total, &hi, 8) && (hi = hi > 1 ? hi : 1) && (!b.n || hi < b.n))
        b.n = hi;
    /* nothing else bounds it: through remainders (a nominal count else) */
    if (!b.n && sched_value_upper_rem(m, total, &hi, 8))
        b.n = hi > 1 ? hi : 1;
    return b.n;
}

/* A dynamic trip count n with tile T: the tile loop runs n / T whole tiles
 * (its point loop T points) and a remainder loop after it, the point
 * loop as it was, the n mod T points left. */
static ir_op split_remainder(struct ir_module *m, struct tiled *t, ir_value T)
{
    struct ir_loc loc = ir_op_get(m, t->tile_loop)->loc;
    struct split_b b;
    sb_before(&b, m, t->tile_loop, loc);
    ir_value whole = sb_arith(&b, "arith.divui", t->total, T);
    ir_op_get(m, t->tile_loop)->opnd[1] = whole;
    ir_op next = ir_op_get(m, t->tile_loop)->next;
    sb_before(&b, m, next, loc);
    ir_value done = sb_arith(&b, "arith.muli", whole, T);
    ir_value rest = sb_arith(&b, "arith.subi", t->total, done);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, nest_for_iv(m, t->tile_loop), whole);
    ir_op rl = split_clone(m, t->point_loop, &vm);
    split_vmap_free(&vm);
    ir_op_get(m, rl)->opnd[1] = rest;
    ir_op_set_attr(m, rl, "loop_type", split_loop_type(m, "remainder_loop"));
    ir_op_insert_before(m, next, rl);
    ir_op_get(m, t->point_loop)->opnd[1] = T;
    return rl;
}

/* Whether no op of block body touches a scratchpad buffer of the program
 * (not one of its own) that another writes: its pipelines and loops are
 * independent (a distributed view's two halves, not a row's passes). */
static bool parts_independent(struct ir_module *m, ir_block body)
{
    bool ok = true;
    IR_FOR_OPS(m, body, a) {
        struct sched_ops xs = {0};
        sched_ops_of_kind(m, a, IR_OP_KTDF_DATA_TRANSFER, &xs);
        for (uint32_t i = 0; i < xs.n && ok; i++) {
            struct nest_side d;
            if (!nest_read_side(m, xs.v[i], 1, &d)) {
                ok = false;
                break;
            }
            ir_op def = d.fifo ? IR_NONE : ir_value_def(m, d.v);
            if (d.fifo || nest_is_ddr(m, d.v) || (def && nest_op_inside(m, def, a)))
                continue;
            IR_FOR_OPS(m, body, b)
                ok &= b == a || (!nest_touches(m, b, d.v, 0) && !nest_touches(m, b, d.v, 1));
        }
        free(xs.v);
        if (!ok)
            break;
    }
    return ok;
}

/* remainder-pieces (nest.h): remainder loop rl (r < T trips, one
 * pipeline a point and pure ops; or, T = 2, independent pipelines and
 * parallel loops)
 * becomes, for b from the highest with 2^b < T down to 0, a loop of
 * (r mod 2^(b+1)) / 2^b trips around a parallel loop of 2^b points at
 * r - r mod 2^(b+1) (its body rl's, rl's point that plus the new loop's);
 * piece[b] gets each 0-or-1-trip loop. False (rl left) otherwise. */
static bool remainder_pieces(struct ir_module *m, ir_op rl, int64_t T, ir_op *piece)
{
    uint32_t npipes = 0, nloops = 0;
    IR_FOR_OPS(m, nest_for_body(m, rl), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        const char *lt = o->kind == IR_OP_SCF_FOR && !o->nres ? nest_loop_type(m, op) : NULL;
        if (o->kind == IR_OP_KTDF_PIPELINE)
            npipes++;
        else if (lt && !strcmp(lt, "parallel_loop"))
            nloops++;
        else if (o->kind != IR_OP_SCF_YIELD &&
                 (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE)))
            return false;
    }
    bool one = npipes == 1 && !nloops && T >= 3;
    bool parts = T == 2 && npipes + nloops >= 2 && parts_independent(m, nest_for_body(m, rl));
    if (!one && !parts)
        return false;
    int hi = 0;
    while (hi < 7 && ((int64_t)2 << hi) < T)
        hi++;
    struct ir_loc loc = ir_op_get(m, rl)->loc;
    ir_value rest = ir_op_get(m, rl)->opnd[1], iv = nest_for_iv(m, rl);
    for (int b = hi; b >= 0; b--) {
        struct split_b sb;
        sb_before(&sb, m, rl, loc);
        ir_value low = sb_arith(&sb, "arith.remui", rest, sb_index(&sb, (int64_t)2 << b));
        ir_value base = sb_arith(&sb, "arith.subi", rest, low);
        ir_value cnt = sb_arith(&sb, "arith.divui", low, sb_index(&sb, (int64_t)1 << b));
        ir_op y1, y2;
        piece[b] = nest_make_for(&sb, sb_index(&sb, 0), cnt, sb_index(&sb, 1), "remainder_loop",
                                 "bit", &y1);
        struct split_b ib;
        sb_before(&ib, m, y1, loc);
        ir_op in = nest_make_for(&ib, sb_index(&ib, 0), sb_index(&ib, (int64_t)1 << b),
                                 sb_index(&ib, 1), "parallel_loop", "i", &y2);
        struct split_b bb;
        sb_before(&bb, m, y2, loc);
        struct split_vmap vm = {0};
        split_vmap_set(&vm, iv, sb_addi(&bb, base, nest_for_iv(m, in)));
        IR_FOR_OPS(m, nest_for_body(m, rl), op)
            if (ir_op_get(m, op)->kind != IR_OP_SCF_YIELD)
                ir_op_insert_before(m, y2, split_clone(m, op, &vm));
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, rl);
    return true;
}

/* Whether the n uses of v beyond the point loop are all in the remainder
 * loop after tile loop tl (fission's test). */
static bool rest_uses(struct ir_module *m, ir_op tl, ir_value v, uint32_t n)
{
    ir_op after = ir_op_get(m, tl)->next;
    while (after && ir_op_get(m, after)->kind != IR_OP_SCF_FOR)
        after = ir_op_get(m, after)->next;
    const char *ty = after ? nest_loop_type(m, after) : NULL;
    if (!ty || strcmp(ty, "remainder_loop") != 0)
        return false;
    uint32_t *rest = split_use_counts(m, after);
    bool all = rest[v] == n;
    free(rest);
    return all;
}

/* The tile multiple of t (nest_cost.h tile_multiple): a load of device
 * memory whose innermost run a point is shorter than the least access of
 * its stage's DMA unit, and divides it, needs tiles of least / run points,
 * a tile's points one run (a reduction level's lane-wide chunks of a row
 * in f16 computed on 16 f32 lanes: 32 bytes a point, DMAs of 128). */
static uint64_t dma_multiple(const struct nest_ctx *c, const struct tiled *t)
{
    uint64_t mult = 1;
    for (uint32_t i = 0; i < t->nloads; i++) {
        /* moving with the point or the tile (a transfer of bytes a point),
         * as measure counts it, whether it kept the transfer or not */
        bool per_point = t->load_xfer[i] != NO_XFER
                             ? t->xfers[t->load_xfer[i]].bytes_per_point != 0
                             : moves_with(c->m, t->loads[i], loop_iv(c->m, t->point_loop)) ||
                                   moves_with(c->m, t->loads[i], loop_iv(c->m, t->tile_loop));
        struct nest_side s;
        if (!per_point || !nest_read_side(c->m, t->loads[i], 0, &s) || s.fifo || !s.nsize ||
            !nest_is_ddr(c->m, s.v))
            continue;
        uint64_t run = (uint64_t)s.size[s.nsize - 1] *
                       (uint64_t)ir_type_bytes(c->m, ir_type_elem(c->m, ir_value_type(c->m, s.v)));
        ir_op stage = ir_op_parent(c->m, t->loads[i]);
        while (stage && ir_op_get(c->m, stage)->kind != IR_OP_KTDF_STAGE)
            stage = ir_op_parent(c->m, stage);
        int64_t least = stage ? nest_stage_dma_least(c->dev, c->m, stage, NULL) : 0;
        if (!run || least <= 0 || run >= (uint64_t)least || (uint64_t)least % run)
            continue;
        uint64_t need = (uint64_t)least / run;
        mult = mult / (uint64_t)sched_gcd((int64_t)mult, (int64_t)need) * need;
    }
    return mult;
}

/* Program-level scratchpad buffers the point loop uses: expanded by the
 * tile when coarsened (its fission, a point loop of several pipelines), so
 * they count per point; other program-level buffers (with one pipeline, a
 * row the points fill, e.g. a wide row's exponentials; reductions'
 * partials) stay as they are and take their room once. */
static void outer_buffers(struct ir_module *m, struct tiled *t)
{
    uint32_t npipes = 0;
    IR_FOR_OPS(m, nest_for_body(m, t->point_loop), op)
        npipes += ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE;
    /* coarsening's fission expands none when one of them is used past the
     * loop (a wide row's exponentials the first level of its sum fills,
     * read again by the division): the point loop then stays whole */
    uint32_t *in = npipes > 1 ? split_use_counts(m, t->point_loop) : NULL;
    uint32_t *all = in ? split_use_counts(m, t->fn) : NULL;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, t->fn, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (in && o->kind == IR_OP_MEMREF_ALLOC && in[o->res] && all[o->res] != in[o->res] &&
            !rest_uses(m, t->tile_loop, o->res, all[o->res] - in[o->res]))
            npipes = 1;
    }
    free(in);
    free(all);
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, t->fn, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_MEMREF_ALLOC)
            continue;
        ir_type ty = ir_value_type(m, o->res);
        const char *sp = nest_memref_space(m, ty);
        if (!sp || strcmp(sp, "DDR") == 0)
            continue;
        if (npipes > 1 && split_block_uses(m, nest_for_body(m, t->point_loop), o->res)) {
            t->scratch_per_point += nest_memref_bytes(m, ty);
            t->space = sp;
        } else { /* the program's other buffers take their room */
            t->p.fixed_scratch += (uint64_t)nest_memref_bytes(m, ty);
            /* once an instance when the points write it in the same
             * place (f32 rows of 2048 on 32 KiB, tiles of 2 rows on 2
             * corelets: a row's values and partials in 2 copies, 35336
             * bytes for the 25988 priced) */
            if (nest_writes_same_place(m, t->point_loop, o->res))
                t->p.instance_scratch += (uint64_t)nest_memref_bytes(m, ty);
        }
    }
}

/* A derive_size left (the tile does not divide the points): the size of
 * tile t, min(T, n - t * T), as arithmetic. */
static void expand_remainder(struct ir_module *m, ir_op tile_loop)
{
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, tile_loop))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_KTDF_TILING_DERIVE_SIZE || o->nopnd != 3)
            continue;
        struct split_b b;
        sb_before(&b, m, op, o->loc);
        ir_value done = sb_arith(&b, "arith.muli", o->opnd[0], o->opnd[1]);
        ir_value left = sb_arith(&b, "arith.subi", o->opnd[2], done);
        ir_value x = sb_arith(&b, "arith.minsi", o->opnd[1], left);
        split_replace_uses(m, tile_loop, o->res, x);
        ir_op_unlink(m, op);
    }
}

/* Whether point_loop's body holds two passes or more (pipelines, inner
 * loops of them), one of them an inner loop (nest_cost_program.point_rounds:
 * coarsening's fission splits such a body only over corelets). */
static bool passes_with_loops(const struct ir_module *m, ir_op point_loop)
{
    uint32_t n = 0;
    bool loops = false;
    IR_FOR_OPS(m, nest_for_body(m, point_loop), op) {
        n += nest_is_pass(m, op);
        loops |= ir_op_get(m, op)->kind == IR_OP_SCF_FOR;
    }
    return n >= 2 && loops;
}

/* balance-rows: the tile loop runs the whole tiles, (points - r) / T, and
 * a copy of it after, of one tile whose point loop runs the r points left
 * (its tile IV that whole count): a nest of its own that coarsening,
 * double buffering and corelets take like any other. Returns the copy. */
static ir_op peel_tile(struct ir_module *m, struct tiled *t, ir_value T, int64_t r)
{
    int64_t tile = 0;
    if (!split_const_int(m, T, &tile) || tile <= 0 || r <= 0 || t->points <= r)
        return IR_NONE;
    struct ir_loc loc = ir_op_get(m, t->tile_loop)->loc;
    struct split_b b;
    sb_before(&b, m, t->tile_loop, loc);
    int64_t whole = (t->points - r) / tile;
    ir_value nwhole = sb_index(&b, whole), zero = sb_index(&b, 0), one = sb_index(&b, 1),
             done = sb_index(&b, t->points - r), left = sb_index(&b, r);
    struct split_vmap vm = {0};
    ir_op copy = split_clone(m, t->tile_loop, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, ir_op_get(m, t->tile_loop)->next, copy);
    ir_op_get(m, t->tile_loop)->opnd[1] = nwhole;
    ir_op_get(m, copy)->opnd[0] = zero;
    ir_op_get(m, copy)->opnd[1] = one;
    /* its points: whole * T + t * r + i (t = 0: the form coarsening reads,
     * t times the tile's points plus the point) */
    ir_value civ = nest_for_iv(m, copy);
    split_replace_uses(m, copy, civ, nwhole);
    ir_op pl = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, copy), op)
        if (!pl && ir_op_get(m, op)->kind == IR_OP_SCF_FOR)
            pl = op;
    if (pl) {
        ir_value piv = nest_for_iv(m, pl);
        sb_before(&b, m, ir_block_get(m, nest_for_body(m, pl))->first, loc);
        ir_value tr = sb_arith(&b, "arith.muli", civ, left);
        ir_value ni = sb_arith(&b, "arith.addi", tr, piv);
        ir_op ndef = ir_value_def(m, ni);
        split_replace_uses(m, pl, piv, ni);
        ir_op_get(m, ndef)->opnd[1] = piv;
    }
    /* the copy's own scratchpad buffers: each nest's coarsening expands
     * (and phases) those its point loop uses */
    uint32_t *uses = split_use_counts(m, copy), *orig = split_use_counts(m, t->tile_loop),
             *all = split_use_counts(m, t->fn);
    ir_op after;
    for (ir_op op = ir_block_get(m, ir_region_entry(m, ir_op_region(m, t->fn, 0)))->first; op;
         op = after) {
        after = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        /* only a buffer of the nest alone (not a row a nest before fills) */
        if (o->kind != IR_OP_MEMREF_ALLOC || o->nopnd || !uses[o->res] ||
            all[o->res] != uses[o->res] + orig[o->res])
            continue;
        const char *sp = nest_memref_space(m, ir_value_type(m, o->res));
        if (!sp || strcmp(sp, "DDR") == 0)
            continue;
        struct split_vmap av = {0};
        ir_op a = split_clone(m, op, &av);
        split_vmap_free(&av);
        ir_op_insert_before(m, op, a);
        split_replace_uses(m, copy, o->res, ir_op_result(m, a, 0));
    }
    free(uses);
    free(orig);
    free(all);
    /* the tile sizes: T in the whole tiles, r in the copy */
    for (int k = 0; k < 2; k++) {
        ir_op next, loop = k ? copy : t->tile_loop;
        for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            struct ir_op_info *o = ir_op_get(m, op);
            if (o->kind != IR_OP_KTDF_TILING_DERIVE_SIZE || o->nopnd != 3)
                continue;
            if (!k) {
                o->opnd[2] = done;
                continue;
            }
            split_replace_uses(m, loop, o->res, left);
            ir_op_unlink(m, op);
        }
    }
    return copy;
}

/* The distinct trip counts of t's point loop over the tile ids of its
 * grid, with the assumptions of o (NULL: none), those in (0, below); false
 * when one does not evaluate or there are more than 8. */
static bool id_trips(const struct nest_ctx *c, const struct tiled *t,
                     const struct sched_nest_options *o, int64_t below, int64_t trips[8],
                     int64_t *ntrips)
{
    int64_t n = nest_grid_tiles(c->m, t->fn);
    *ntrips = 0;
    for (int64_t id = 0; id < n; id++) {
        int64_t x, k = 0;
        if (!nest_eval_at(c->m, o, t->total, id, NULL, &x))
            return false;
        if (x <= 0 || x >= below)
            continue;
        while (k < *ntrips && trips[k] != x)
            k++;
        if (k == *ntrips && *ntrips == 8)
            return false;
        trips[k] = x;
        *ntrips += k == *ntrips;
    }
    return true;
}

/* remainder-pieces priced (nest_cost_pieces): a loop whose trip count is
 * known at launch (--assume) runs fewer trips on some tile ids, whose
 * remainder the pieces run one after another, their DMAs behind the other
 * cores'. The choice ch, made for the largest trip, becomes the tile (a
 * power-of-two part of it, with the phases that fit) whose slowest tile id
 * is modeled fastest, those pieces counted (its cycles then that model's);
 * true when that changes it. */
static bool price_pieces(const struct nest_ctx *c, const struct tiled *t, uint32_t max_phases,
                         struct nest_cost_choice *ch)
{
    int64_t trips[8], ntrips;
    if (!id_trips(c, t, c->o, t->points, trips, &ntrips) || !ntrips)
        return false;
    struct nest_cost_choice best = *ch;
    best.cycles = -1;
    for (uint64_t T = ch->tile; T >= 1; T /= 2) {
        if (t->p.tile_multiple > 1 && T % t->p.tile_multiple)
            break; /* runs the DMA unit cannot move */
        uint32_t I = T == ch->tile || T % ch->instances == 0 ? ch->instances : 1;
        for (uint32_t K = ch->phases; K <= max_phases; K *= 2) {
            if (t->capacity &&
                (int64_t)(T * (uint64_t)t->scratch_per_point * K + t->p.fixed_scratch +
                          (I - 1) * t->p.instance_scratch) > t->capacity)
                break;
            double cost = 0;
            for (int64_t k = 0; k < ntrips; k++)
                cost = fmax(cost, nest_cost_pieces(c->dev, &t->p, T, K, I, (uint64_t)trips[k]));
            if (best.cycles < 0 || cost < best.cycles)
                best = (struct nest_cost_choice){.tile = T, .phases = K, .instances = I,
                                                 .cycles = cost};
            if (K == 1)
                break;
        }
        if (T % 2)
            break;
    }
    bool changed = best.tile != ch->tile || best.phases != ch->phases ||
                   best.instances != ch->instances;
    if (changed)
        *ch = best;
    return changed;
}

/* A trip count that differs by tile id (known per id, no launch argument)
 * and a choice ch, made for the largest count, whose tile is larger than
 * some id's count: that id would run every point in the remainder loop, as
 * the point was (rows t, t + 2, .. < 21 on 2 cores: 11 and 10 rows, tiles
 * of 11, the second core's 10 rows one by one: 1947 cycles on spyre; tiles
 * of 10: 448). The tile becomes the one, at most the smallest count, whose
 * slowest tile id is modeled fastest: each id's whole tiles priced as a
 * nest of their own, its count mod T points as tiles of one point one after
 * another. A point holding inner loops (a row's passes over its chunks)
 * may keep ch's tile too: its points left over run in the remainder loop,
 * each priced as remainder-nests makes it, its passes nests of their own
 * (17 rows of 192 f16 on 2 spyre cores: tiles of 9, the second core's 8
 * rows left over, 1629 cycles; tiles of 2, 661). True when that changes
 * ch. */
static bool price_rest_rows(const struct nest_ctx *c, const struct tiled *t,
                            uint32_t max_phases, uint32_t max_instances,
                            struct nest_cost_choice *ch)
{
    int64_t trips[8], ntrips;
    if (!id_trips(c, t, NULL, INT64_MAX, trips, &ntrips) || ntrips < 2)
        return false;
    int64_t most = 0, least = INT64_MAX;
    for (int64_t k = 0; k < ntrips; k++) {
        most = trips[k] > most ? trips[k] : most;
        least = trips[k] < least ? trips[k] : least;
    }
    if (ch->tile <= (uint64_t)least)
        return false; /* every id runs whole tiles */
    /* a point left over: a tile of one point, or, around inner loops, its
     * passes as remainder-nests makes them, each inner loop a nest */
    struct nest_cost_program one = t->p;
    one.points = 1;
    double point = t->inner ? modeled_passes(c->m, t->point_loop, c->dev, c->o->disabled)
                            : nest_cost_predict(c->dev, &one, 1, 1, 1);
    struct nest_cost_choice best = {.cycles = -1};
    /* around inner loops, tiles of at least ch's instances: a tile of one
     * point runs on one corelet (17 rows of 192: tiles of 1, 1341 cycles) */
    uint64_t first = t->inner && ch->instances > 1 ? ch->instances : 1;
    for (uint64_t T = first; T <= (t->inner ? ch->tile : (uint64_t)least); T++) {
        if (t->p.tile_multiple > 1 && T % t->p.tile_multiple)
            continue; /* runs the DMA unit cannot move */
        /* the phases and split the largest count's whole tiles take */
        struct nest_cost_program pt = t->p;
        struct nest_cost_choice at;
        pt.points = (uint64_t)most / T * T;
        if (!nest_cost_choose_at(c->dev, &pt, T, max_phases, max_instances, &at))
            break;
        double cost = 0;
        for (int64_t k = 0; k < ntrips; k++) {
            struct nest_cost_program pk = t->p;
            uint64_t whole = (uint64_t)trips[k] / T * T;
            pk.points = whole;
            double ck = (double)((uint64_t)trips[k] - whole) * point;
            if (whole)
                ck += nest_cost_predict(c->dev, &pk, T, at.phases, at.instances);
            cost = fmax(cost, ck);
        }
        if (best.cycles < 0 || cost < best.cycles)
            best = (struct nest_cost_choice){.tile = T, .phases = at.phases,
                                             .instances = at.instances, .cycles = cost};
    }
    if (best.cycles < 0 || best.tile == ch->tile)
        return false; /* else a tile smaller than ch's */
    *ch = best;
    return true;
}

/* balance-rows (nest.h): the best choice ch for p splits a tile's points
 * unevenly over its instances; whole tiles of points - r points (r < the
 * instances, chosen by the cost model, their points even over the
 * instances) and the r points left as a nest of one tile after them
 * (peel_tile), priced as a program of its own (rest_cycles): ktc-lower's
 * load unit drains the whole tiles' credits before it loads the rest, so
 * its load waits for their last compute. True, with the choice in out (its
 * cycles the whole loop's), when that is modeled faster. */
static bool balance_rows(struct nest_ctx *c, const struct nest_cost_program *p,
                         const struct nest_cost_choice *ch, uint32_t max_phases,
                         uint32_t max_instances, struct nest_cost_choice *out,
                         double *rest_cycles)
{
    bool found = false;
    for (uint64_t r = 1; r < ch->instances && r < p->points; r++) {
        struct nest_cost_program pw = *p, pr = *p;
        pw.points = p->points - r;
        /* the rest's own buffers (one phase) stay beside the whole tiles'
         * (f32 rows of 2048, 3 a core, on 128 KiB: tiles of 2 and a rest
         * of 1 took 152352 bytes) */
        pw.fixed_scratch += r * p->scratch_per_point;
        struct nest_cost_choice cw;
        if (!nest_cost_choose(c->dev, &pw, max_phases, max_instances, &cw) ||
            cw.instances < 2 || cw.tile % cw.instances || p->points % cw.tile != r)
            continue;
        pr.points = r;
        pr.phases_across_runs = false;
        pr.prefetch_window = 0;
        double rc = nest_cost_predict(c->dev, &pr, r, 1, cw.instances);
        if (cw.cycles + rc < (found ? out->cycles : ch->cycles)) {
            *out = cw;
            out->cycles = cw.cycles + rc;
            *rest_cycles = rc;
            found = true;
        }
    }
    return found;
}

static bool collect_reserve(struct ir_module *m, ir_op op, void *ctx)
{
    struct loops *l = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_TILING_RESERVE_SIZE && l->n < 64)
        l->v[l->n++] = op;
    return true;
}

/* Cores running fn: the product of its grid. */
static uint32_t grid_size(const struct ir_module *m, ir_op fn)
{
    ir_attr g = ir_op_attr(m, fn, "grid");
    const struct ir_attr_info *gi = g ? ir_attr_get(m, g) : NULL;
    uint32_t n = 1;
    if (gi && gi->kind == IR_AT_ARRAY)
        for (uint32_t i = 0; i < gi->n; i++) {
            const struct ir_attr_info *e = ir_attr_get(m, gi->elems[i]);
            if (e->kind == IR_AT_INT && e->i > 0)
                n *= (uint32_t)e->i;
        }
    return n;
}

/* The element type the compute works on: that of the first staging
 * buffer ("f16"), NULL when none. */
static bool first_elem(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_MEMREF_ALLOC)
        return true;
    static char buf[16];
    *(const char **)ctx = split_type_name(m, ir_type_elem(m, ir_value_type(m, o->res)), buf,
                                          sizeof buf);
    return false;
}

static const char *elem_name(struct ir_module *m, ir_op loop)
{
    const char *s = NULL;
    ir_walk(m, loop, first_elem, &s);
    return s;
}

static ir_op func_of(const struct ir_module *m, ir_op op)
{
    while (op && ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        op = ir_op_parent(m, op);
    return op;
}

/* Whether row-phases counts tile loop tl's buffer phases over loops
 * around it (nest_buffer.c: an scf.for without results around it in its
 * program, none of them in a pipeline). */
static bool phased_runs(const struct ir_module *m, ir_op tl)
{
    bool loop = false;
    for (ir_op p = ir_op_parent(m, tl); p; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE || k == IR_OP_KTDF_PARALLEL ||
            (k == IR_OP_SCF_FOR && ir_op_get(m, p)->nres))
            return false;
        if (k == IR_OP_FUNC_FUNC)
            break;
        loop |= k == IR_OP_SCF_FOR;
    }
    return loop;
}

/* Whether a transfer under op moves device memory (ctx: a bool). */
static bool pipe_ddr(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER)
        for (uint32_t i = 0; i < o->nopnd; i++)
            *(bool *)ctx |= nest_is_ddr(m, o->opnd[i]);
    return !*(bool *)ctx;
}

/* The cost model's best cycles for loop as the point loop, untiled yet
 * (its nest measured as tile-size selection measures a tiled one; the
 * loops around it not counted); INFINITY when nothing fits. */
static double modeled(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                      uint64_t disabled, bool merged);

double nest_modeled_alone(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                          uint64_t disabled, bool merged)
{
    return modeled(m, loop, dev, disabled, merged);
}

static double modeled_alone(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                            uint64_t disabled)
{
    return modeled(m, loop, dev, disabled, false);
}

/* loop's passes as nests of their own: each inner loop modeled alone,
 * run once, and the pipelines of its body that move device memory (a
 * row's reduction folded in registers as it loads) as one program of a
 * point, a tile, no overlap. */
static double modeled_passes(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                             uint64_t disabled)
{
    double sum = 0;
    struct tiled t = {.point_loop = loop, .tile_loop = loop, .fn = func_of(m, loop), .dev = dev};
    t.splats_out = !(disabled & (UINT64_C(1) << SCHED_NEST_SPLAT_HOIST));
    bool any = false;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        bool ddr = false;
        if (k == IR_OP_SCF_FOR)
            sum += modeled_alone(m, op, dev, disabled);
        else if (k == IR_OP_KTDF_PIPELINE && (ir_walk(m, op, pipe_ddr, &ddr), ddr)) {
            ir_walk(m, op, measure, &t);
            any = true;
        }
    }
    if (any && t.fn) {
        t.p.points = 1;
        t.p.cores = 1;
        t.p.xfers = t.xfers;
        t.p.elem_type = elem_name(m, loop);
        uint32_t grid = grid_size(m, t.fn), ncores = dev->ncores ? dev->ncores : 1;
        t.p.cores = grid < ncores ? grid : ncores;
        sum += nest_cost_predict(dev, &t.p, 1, 1, 1);
    }
    return sum;
}

static double modeled(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                      uint64_t disabled, bool merged)
{
    struct tiled t = {.point_loop = loop,
                      .tile_loop = loop,
                      .fn = func_of(m, loop),
                      .merged = merged,
                      .dev = dev};
    int64_t n;
    if (!t.fn || !nest_for_normal(m, loop, &n) || n < 1)
        return INFINITY;
    t.splats_out = !(disabled & (UINT64_C(1) << SCHED_NEST_SPLAT_HOIST));
    t.spans = !(disabled & (UINT64_C(1) << SCHED_NEST_WORD_SPANS));
    ir_walk(m, loop, measure, &t);
    if (t.inner)
        t.p.load_groups_per_point = t.inner_groups + t.direct_groups;
    outer_buffers(m, &t);
    t.p.points = (uint64_t)n;
    uint32_t grid = grid_size(m, t.fn), ncores = dev->ncores ? dev->ncores : 1;
    t.p.cores = grid < ncores ? grid : ncores;
    t.p.runs = (grid + ncores - 1) / ncores;
    t.p.xfers = t.xfers;
    t.p.elem_type = elem_name(m, loop);
    t.p.scratch_per_point = (uint64_t)t.scratch_per_point;
    t.p.lane_xfers = !(disabled & (UINT64_C(1) << SCHED_NEST_LANE_TRANSFERS));
    struct nest_cost_choice ch;
    uint32_t phases = disabled & (UINT64_C(1) << SCHED_NEST_DOUBLE_BUFFERING) ? 1 : 16;
    uint32_t inst = disabled & (UINT64_C(1) << SCHED_NEST_CORELETS) ? 1 : dev->ncorelets;
    return nest_cost_choose(dev, &t.p, phases, inst, &ch) ? ch.cycles : INFINITY;
}

/* --stats: the end of a nest's line, saying how a launch-time trip count of
 * kernel arguments args was priced: at the bound the views give (no
 * assumption reached it), or at `assumed`, what the assumptions `used`
 * make it (bits of c->o->assume), within the bound. */
static void stats_launch(const struct nest_ctx *c, const char *args, uint32_t used,
                         int64_t assumed, int64_t bound)
{
    FILE *f = c->o->stats;
    if (!args[0]) {
        fputc('\n', f);
        return;
    }
    if (assumed < 0) {
        fprintf(f, " (a launch-time trip count of %s: %s%s)\n", args,
                bound > 0 ? "priced at its bound"
                          : "the views give no bound, priced at a nominal count",
                !c->o->nassume ? "; --assume prices it" : "");
        return;
    }
    fprintf(f, " (a launch-time trip count of %s: priced at", args);
    for (uint32_t i = 0, n = 0; i < c->o->nassume && i < 32; i++)
        if (used & (1u << i))
            fprintf(f, "%s %s=%lld", n++ ? "," : "", c->o->assume[i].name,
                    (long long)c->o->assume[i].value);
    if (bound <= 0)
        fprintf(f, ": %lld; the views give no bound)\n", (long long)assumed);
    else if (assumed > bound)
        fprintf(f, ", making it %lld, beyond the bound %lld the views give: priced at the "
                   "bound)\n", (long long)assumed, (long long)bound);
    else
        fprintf(f, "; at most %lld)\n", (long long)bound);
}

/* ---- loads resident-rows takes away ---------------------------------------- */

/* Whether loads a (under tile loop la) and b (under lb) read the same
 * chunks of a row, the column aside: each from a memref.reinterpret_cast
 * of the same memref, of the same type, sizes and strides, at the same
 * subscripts and sizes, its offset the same linear form but for the terms
 * defined in its own tile loop (the column's IVs). */
static bool same_row_chunks(const struct ir_module *m, ir_op a, ir_op la, ir_op b, ir_op lb)
{
    struct nest_side x, y;
    if (!nest_read_side(m, a, 0, &x) || !nest_read_side(m, b, 0, &y) || x.fifo || y.fifo ||
        x.nsub != y.nsub || x.nsize != y.nsize ||
        ir_value_type(m, x.v) != ir_value_type(m, y.v))
        return false;
    for (uint32_t i = 0; i < x.nsize; i++)
        if (x.size[i] != y.size[i])
            return false;
    for (uint32_t i = 0; i < x.nsub; i++)
        if (!x.sub[i].v != !y.sub[i].v || x.sub[i].c != y.sub[i].c)
            return false;
    ir_op da = ir_value_def(m, x.v), db = ir_value_def(m, y.v);
    if (!da || !db || ir_op_get(m, da)->kind != IR_OP_MEMREF_REINTERPRET_CAST ||
        ir_op_get(m, db)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
        return false;
    const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
    struct sched_lin fa, fb;
    if (oa->nopnd != 2 || ob->nopnd != 2 || oa->opnd[0] != ob->opnd[0] ||
        ir_op_attr(m, da, "static_sizes") != ir_op_attr(m, db, "static_sizes") ||
        ir_op_attr(m, da, "static_strides") != ir_op_attr(m, db, "static_strides"))
        return false;
    sched_lin_of(m, oa->opnd[1], &fa);
    sched_lin_of(m, ob->opnd[1], &fb);
    if (fa.c != fb.c)
        return false;
    /* the terms outside the tile loops: the same, both ways */
    uint32_t na = 0, nb = 0;
    for (uint32_t i = 0; i < fa.n; i++) {
        if (nest_value_inside(m, fa.v[i], la))
            continue;
        na++;
        bool found = false;
        for (uint32_t j = 0; j < fb.n && !found; j++)
            found = fb.v[j] == fa.v[i] && fb.k[j] == fa.k[i];
        if (!found)
            return false;
    }
    for (uint32_t j = 0; j < fb.n; j++)
        nb += !nest_value_inside(m, fb.v[j], lb);
    return na == nb && na < fa.n && nb < fb.n;
}

struct ddr_loads {
    ir_op v[16];
    uint32_t n;
};

static bool collect_ddr_loads(struct ir_module *m, ir_op op, void *ctx)
{
    struct ddr_loads *d = ctx;
    struct nest_side a, b;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && d->n < 16 &&
        nest_read_side(m, op, 0, &a) && nest_read_side(m, op, 1, &b) && !a.fifo && !b.fifo &&
        nest_is_ddr(m, a.v) && !nest_is_ddr(m, b.v))
        d->v[d->n++] = op;
    return true;
}

/* t's program as resident-rows (nest_resident.c) would leave it: without
 * the device-memory loads of the chunks of a row that a pass before it
 * (a tile loop chosen before, in the same block: the row loop's body)
 * loads too. False when it has none. */
static bool resident_priced(const struct nest_ctx *c, const struct tiled *t,
                            struct nest_cost_program *p2, struct nest_cost_xfer *x2)
{
    struct ir_module *m = c->m;
    bool gone[16] = {false}, any = false;
    ir_block blk = ir_op_get(m, t->tile_loop)->block;
    for (uint32_t j = 0; j < c->nchosen; j++) {
        ir_op lj = c->chosen[j].loop;
        if (!lj || ir_op_get(m, lj)->block != blk || lj == t->tile_loop)
            continue;
        struct ddr_loads d = {.n = 0};
        ir_walk(m, lj, collect_ddr_loads, &d);
        for (uint32_t i = 0; i < t->nloads; i++)
            for (uint32_t k = 0; k < d.n && t->load_xfer[i] < 16 && !gone[t->load_xfer[i]]; k++)
                if (same_row_chunks(m, t->loads[i], t->tile_loop, d.v[k], lj) &&
                    t->xfers[t->load_xfer[i]].bytes_per_point)
                    gone[t->load_xfer[i]] = any = true;
    }
    if (!any)
        return false;
    *p2 = t->p;
    p2->rest_tiles = false; /* resident-rows keeps the row of whole tiles */
    p2->nxfers = 0;
    for (uint32_t k = 0; k < t->p.nxfers; k++)
        if (!gone[k])
            x2[p2->nxfers++] = t->xfers[k];
    p2->xfers = x2;
    return true;
}

/* In a program overlap-rows took (its buffers allocated at its start,
 * nest_overlap_allocs), the cycles the next nest of fn may load ahead
 * while the nests before it still compute: the last chosen nest of fn
 * that loads computes its last K - 1 tiles after its last DMA, and the
 * nests chosen after it load nothing (a reduction's levels, a division
 * that only stores). 0 for fn's first nest that loads, or another
 * program. */
static double prefetch_window(const struct nest_ctx *c, ir_op fn)
{
    bool ours = false;
    for (uint32_t i = 0; i < c->nprogs; i++)
        ours |= c->progs[i] == fn && c->overlapped && c->overlapped[i];
    double w = 0;
    for (uint32_t j = c->nchosen; ours && j-- > 0;) {
        ir_op p = c->chosen[j].loop;
        while (p && ir_op_get(c->m, p)->kind != IR_OP_FUNC_FUNC)
            p = ir_op_parent(c->m, p);
        if (p != fn || c->chosen[j].solo < 0)
            return 0;
        const struct nest_cost_program *np = &c->chosen[j].p;
        bool loads = false;
        for (uint32_t x = 0; x < np->nxfers; x++)
            loads |= !np->xfers[x].store;
        if (!loads) {
            w += c->chosen[j].solo;
            continue;
        }
        struct nest_cost_program one = *np; /* a tile's compute and drain */
        one.points = (uint64_t)c->chosen[j].tile;
        return w + (double)(c->chosen[j].phases - 1) *
                       nest_cost_oncore(c->dev, &one, (uint64_t)c->chosen[j].tile,
                                        c->chosen[j].phases, c->chosen[j].instances);
    }
    return 0;
}

bool nest_tile_sizes(struct nest_ctx *c)
{
    struct ir_module *m = c->m;
    const struct sched_nest_options *o = c->o;
    struct loops l = {.n = 0};
    ir_walk(m, m->top, collect_reserve, &l);
    if (o->tile_sizes && o->ntile_sizes != l.n) {
        ir_diag_at(c->diag, m, ir_op_get(m, l.n ? l.v[0] : m->top)->loc, IR_SEV_ERROR,
                   "--tile-sizes gives %u size%s for %u reserve_size op%s", o->ntile_sizes,
                   o->ntile_sizes == 1 ? "" : "s", l.n, l.n == 1 ? "" : "s");
        c->failed = true;
        return false;
    }
    /* the phases the cost model may take: enough to cover the device
     * memory's latency with small tiles (it takes no more than pay off) */
    uint32_t max_phases = o->disabled & (UINT64_C(1) << SCHED_NEST_DOUBLE_BUFFERING) ? 1 : 16;
    uint32_t max_instances =
        o->disabled & (UINT64_C(1) << SCHED_NEST_CORELETS) ? 1 : c->dev->ncorelets;
    ir_op used_fn = IR_NONE;
    uint64_t used = 0; /* the tile buffers chosen before in that program */
    for (uint32_t i = 0; i < l.n; i++) {
        ir_op r = l.v[i];
        struct tiled t = {.reserve = r, .fn = func_of(m, r)};
        if (!find_loops(m, r, &t))
            continue; /* a placeholder this pass did not make: left alone */
        /* a loop reduction-producer fused: one pipeline a point once
         * fuse-pipelines has run (reduction-producer priced it so) */
        t.merged = !(o->disabled & (UINT64_C(1) << SCHED_NEST_FUSE_PIPELINES)) &&
                   nest_is_fused(c, t.point_loop);
        if (t.fn != used_fn)
            used_fn = t.fn, used = 0;
        t.p.fixed_scratch = used;
        if (t.points < 0)
            t.points = bound_points(m, t.point_loop, t.total);
        bool dynamic = !split_const_int(m, t.total, &(int64_t){0});
        /* a trip count of kernel arguments: priced at what --assume makes
         * it on the slowest tile id, within the bound the IR keeps */
        int64_t bound = t.points, assumed = -1;
        uint32_t aused = 0;
        char args[128] = "";
        if (dynamic) {
            nest_launch_names(m, t.total, args, sizeof args);
            if (nest_eval_most(c, t.fn, t.total, &aused, &assumed) && aused) {
                assumed = assumed < 0 ? 0 : assumed;
                t.points = bound > 0 && bound < assumed ? bound : assumed;
                c->assume_used |= aused;
            } else
                assumed = -1;
            /* neither a bound nor an assumption: priced at a nominal
             * count, tiles in flight (tile 1 on one corelet before: a sum
             * over blocks to n = 1000, 1080 cycles against 730) */
            if (assumed < 0 && !t.points && !o->tile_sizes) {
                t.points = NOMINAL_POINTS;
                nest_note_nominal(c, t.fn, t.total, t.points);
            }
        }
        t.hoisted = !(o->disabled & (UINT64_C(1) << SCHED_NEST_BROADCAST));
        t.splats_out = !(o->disabled & (UINT64_C(1) << SCHED_NEST_SPLAT_HOIST));
        t.spans = !(o->disabled & (UINT64_C(1) << SCHED_NEST_WORD_SPANS));
        t.dev = c->dev;
        ir_walk(m, t.point_loop, measure, &t);
        t.p.tile_multiple = dma_multiple(c, &t);
        if (t.inner) /* ktc-lower does not unroll a point loop holding loops */
            t.p.load_groups_per_point = t.inner_groups + t.direct_groups;
        outer_buffers(m, &t);
        uint32_t k = t.space ? arch_kind_find(c->dev, t.space) : ARCH_NONE;
        t.capacity = k != ARCH_NONE ? c->dev->res[c->dev->kinds[k].first].size : 0;
        /* a nest with nests after it in its program leaves them half the
         * room it finds: chosen in program order, each one's buffers taken
         * from what the ones before left (rows of 896 KiB, 2 a core: the
         * exponentials took 15 phases of 28 points and left the division
         * tiles of 1 point, 125205 cycles; halved, 62776) */
        uint64_t others = t.p.fixed_scratch; /* the room left aside */
        if (t.capacity && i + 1 < l.n && func_of(m, l.v[i + 1]) == t.fn &&
            t.p.fixed_scratch < (uint64_t)t.capacity)
            t.p.fixed_scratch += ((uint64_t)t.capacity - t.p.fixed_scratch) / 2;
        t.p.points = (uint64_t)t.points;
        uint32_t grid = grid_size(m, t.fn), ncores = c->dev->ncores ? c->dev->ncores : 1;
        t.p.cores = grid < ncores ? grid : ncores;
        t.p.runs = (grid + ncores - 1) / ncores;
        t.p.xfers = t.xfers;
        t.p.elem_type = elem_name(m, t.point_loop);
        t.p.scratch_per_point = (uint64_t)t.scratch_per_point;
        t.p.phases_across_runs = !(o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_PHASES)) &&
                                 !(o->disabled & (UINT64_C(1) << SCHED_NEST_DOUBLE_BUFFERING)) &&
                                 phased_runs(m, t.tile_loop);
        t.p.lane_xfers = !(o->disabled & (UINT64_C(1) << SCHED_NEST_LANE_TRANSFERS));
        /* rest-tiles: a constant trip count */
        t.p.rest_tiles = !dynamic && !(o->disabled & (UINT64_C(1) << SCHED_NEST_REST_TILES));
        t.p.point_rounds = passes_with_loops(m, t.point_loop);
        t.p.carried = ir_op_attr(m, t.point_loop, "carried") != IR_NONE;
        t.p.launch_points = dynamic && assumed < 0;
        t.p.prefetch_window = prefetch_window(c, t.fn);
        t.p.point_passes =
            o->disabled & (UINT64_C(1) << SCHED_NEST_CORELET_BLOCKS) ? 0 : passes(m, t.point_loop);
        if (t.p.point_passes)
            t.p.point_whole = point_whole(m, t.point_loop, &t.p.point_blocks);

        struct nest_cost_choice ch;
        const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, t.fn, "sym_name"))->s);
        if (o->tile_sizes) {
            const struct sched_nest_tile *u = &o->tile_sizes[i];
            int64_t T = u->size;
            if (T < 1)
                return nest_error(c, r, "tile size %lld is not positive", (long long)T);
            /* the user's tile; its phases and corelet split as given, else
             * the model's for that tile (as it would choose them) */
            uint32_t K = u->phases, N = u->instances;
            if (N > (c->dev->ncorelets ? c->dev->ncorelets : 1))
                return nest_error(c, r, "tile size %lld:%u:%u: the device has %u corelet%s",
                                  (long long)T, K, N, c->dev->ncorelets,
                                  c->dev->ncorelets == 1 ? "" : "s");
            struct nest_cost_choice m_ch = {.cycles = -1};
            if (!t.points ||
                !nest_cost_choose_at(c->dev, &t.p, (uint64_t)T, K ? K : max_phases,
                                     N ? N : max_instances, &m_ch))
                m_ch = (struct nest_cost_choice){.phases = 1, .instances = 1, .cycles = -1};
            K = K ? K : m_ch.phases;
            N = N ? N : m_ch.instances;
            ch = (struct nest_cost_choice){.tile = (uint64_t)T, .phases = K, .instances = N,
                                           .cycles = -1};
            if (t.capacity && T * t.scratch_per_point * K > t.capacity)
                return nest_error(c, r,
                                  "tile size %lld: buffers of %lld bytes (%u phase%s of %lld "
                                  "bytes a point) exceed the %lld bytes of %s",
                                  (long long)T, (long long)(T * t.scratch_per_point * K), K,
                                  K == 1 ? "" : "s", (long long)t.scratch_per_point,
                                  (long long)t.capacity, t.space);
            /* the model's price of what it chose (a rest counted), else
             * of the phases and split given */
            if (m_ch.cycles >= 0 && m_ch.phases == K && m_ch.instances == N)
                ch.cycles = m_ch.cycles;
            else if (t.points)
                ch.cycles = nest_cost_predict(c->dev, &t.p, ch.tile, K, N);
        } else if (!t.points) {
            ch = (struct nest_cost_choice){.tile = 1, .phases = max_phases < 2 ? max_phases : 2,
                                           .instances = 1, .cycles = -1};
        } else if (!nest_cost_choose(c->dev, &t.p, max_phases, max_instances, &ch) &&
                   /* in half the room it has no tile: in all of it (a small
                    * scratchpad, many nests a row) */
                   (t.p.fixed_scratch == others ||
                    (t.p.fixed_scratch = others,
                     !nest_cost_choose(c->dev, &t.p, max_phases, max_instances, &ch)))) {
            if (others >= (uint64_t)t.capacity)
                return nest_error(c, r,
                                  "no tile fits: the program's other buffers (%llu bytes) "
                                  "already take the %lld bytes of %s",
                                  (unsigned long long)others, (long long)t.capacity,
                                  t.space ? t.space : "the scratchpad");
            return nest_error(c, r,
                              "no tile fits: one point's buffers (%lld bytes) exceed the "
                              "%lld bytes of %s%s",
                              (long long)t.scratch_per_point,
                              (long long)((uint64_t)t.capacity - others),
                              t.space ? t.space : "the scratchpad",
                              others ? " left beside the program's other buffers" : "");
        }
        /* a pipeline streaming the point loop's iterations in buffer phases
         * (modulo: ktc-path-expand's rows astride words), which coarsening
         * leaves as it is, drains and starts again every tile: its points
         * are one tile when they fit (a 4x64 f16 block at a launch-time
         * column: 818 cycles in tiles of 1, as the model chose, 346 in one) */
        struct nest_cost_choice whole;
        if (!o->tile_sizes && !dynamic && t.points > (int64_t)ch.tile &&
            streams_points(m, t.point_loop) &&
            nest_cost_choose_at(c->dev, &t.p, (uint64_t)t.points, max_phases, max_instances,
                                &whole))
            ch = whole;
        /* a later pass over a row resident-rows keeps: the choice priced
         * without the loads it would take away, taken when it is faster
         * there and no slower with them (resident-rows keeps only the
         * chunks that fit, and only when it pays: the loads may stay) */
        struct nest_cost_program p2;
        struct nest_cost_xfer x2[16];
        struct nest_cost_choice ch2;
        bool resident = false;
        if (!o->tile_sizes && t.points && ch.cycles >= 0 &&
            !(o->disabled & (UINT64_C(1) << SCHED_NEST_RESIDENT_ROWS)) &&
            resident_priced(c, &t, &p2, x2) &&
            nest_cost_choose(c->dev, &p2, max_phases, max_instances, &ch2) &&
            (ch2.tile != ch.tile || ch2.phases != ch.phases || ch2.instances != ch.instances)) {
            /* the phases the loads take (no fewer): resident-rows keeps the
             * pass's DMA stage for the chunks past its row buffer, and the
             * phases at a tile no larger fit as they did */
            if (ch2.tile <= ch.tile && ch2.phases < ch.phases) {
                ch2.phases = ch.phases;
                ch2.cycles = nest_cost_predict(c->dev, &p2, ch2.tile, ch2.phases, ch2.instances);
            }
            double gain = nest_cost_predict(c->dev, &p2, ch.tile, ch.phases, ch.instances) -
                          ch2.cycles,
                   loss = nest_cost_predict(c->dev, &t.p, ch2.tile, ch2.phases, ch2.instances) -
                          ch.cycles;
            if (gain > 0 && loss <= 0) {
                ch2.cycles = nest_cost_predict(c->dev, &t.p, ch2.tile, ch2.phases, ch2.instances);
                ch = ch2;
                resident = true;
            }
        }
        bool pieces_priced = dynamic && assumed > 0 && !o->tile_sizes && ch.cycles >= 0 &&
                             !(o->disabled & (UINT64_C(1) << SCHED_NEST_REMAINDER_PIECES)) &&
                             !(o->disabled & (UINT64_C(1) << SCHED_NEST_REMAINDER_NESTS)) &&
                             price_pieces(c, &t, max_phases, &ch);
        if (pieces_priced && o->stats)
            fprintf(o->stats,
                    "ktc-nest: @%s: remainder-pieces: tile %llu, %u phases: the tile ids "
                    "with fewer trips run their remainder in pieces\n",
                    fname, (unsigned long long)ch.tile, ch.phases);
        if (dynamic && assumed < 0 && !pieces_priced && !o->tile_sizes && ch.cycles >= 0 &&
            price_rest_rows(c, &t, max_phases, max_instances, &ch) && o->stats)
            fprintf(o->stats,
                    "ktc-nest: @%s: tile %llu: the tile ids with fewer trips run whole tiles "
                    "too\n",
                    fname, (unsigned long long)ch.tile);
        /* balance-rows: a split of the tile's points over the corelets
         * that leaves one corelet a point more every tile (25 rows in tiles
         * of 5 on 2 corelets: 15 and 10) against whole tiles of fewer
         * points (24, in tiles the cost model chooses) and the points left
         * as a remainder loop (remainder-nests tiles it) */
        bool peel = false;
        struct nest_cost_choice chb;
        double rest_cycles = 0;
        if (!o->tile_sizes && !dynamic && !resident && ch.cycles >= 0 && t.points > 1 &&
            ir_op_parent(m, t.tile_loop) == t.fn && !t.p.phases_across_runs && ch.instances > 1 &&
            ch.tile % ch.instances && !(o->disabled & (UINT64_C(1) << SCHED_NEST_BALANCE_ROWS)) &&
            balance_rows(c, &t.p, &ch, max_phases, max_instances, &chb, &rest_cycles)) {
            ch = chb;
            peel = true;
        }
        /* rest-tiles: a tile that does not divide a constant trip count
         * (the model's choice, or --tile-sizes'): the whole tiles, then the
         * points left as a tile of their own (peel_tile), not a last tile
         * of min(T, n - t T) points, whose point loop of run-time trips
         * moves a vector a DMA */
        bool rest_tile = !peel && !resident && t.p.rest_tiles && t.points > (int64_t)ch.tile &&
                         t.points % (int64_t)ch.tile;
        peel |= rest_tile;
        if (o->stats) {
            if (peel)
                fprintf(o->stats,
                        rest_tile ? "ktc-nest: @%s: %lld points in whole tiles, %lld left as a "
                                    "tile of their own\n"
                                  : "ktc-nest: @%s: balance-rows: %lld points in whole tiles, "
                                    "%lld left (modeled %.0f cycles)\n",
                        fname, (long long)(t.points - t.points % (int64_t)ch.tile),
                        (long long)(t.points % (int64_t)ch.tile), rest_cycles);
            fprintf(o->stats, "ktc-nest: @%s: tile %llu of %s%lld points, %u phases, %u instance%s",
                    fname, (unsigned long long)ch.tile,
                    dynamic && assumed < 0 && bound > 0 ? "at most " : "",
                    (long long)t.points, ch.phases,
                    ch.instances, ch.instances == 1 ? "" : "s");
            if (ch.cycles >= 0)
                fprintf(o->stats, ", modeled %.0f cycles%s", ch.cycles,
                        resident ? " (chosen as resident-rows leaves it, without its loads of "
                                   "the row)" : "");
            else
                fprintf(o->stats, ", scratchpad %lld of %lld bytes",
                        (long long)(ch.tile * (uint64_t)t.scratch_per_point * ch.phases),
                        (long long)t.capacity);
            stats_launch(c, args, aused, assumed, bound);
        }
        used += ch.tile * (uint64_t)t.scratch_per_point * ch.phases +
                (peel ? (uint64_t)(t.points % (int64_t)ch.tile) * (uint64_t)t.scratch_per_point : 0);
        if (c->nchosen < 64) {
            c->chosen[c->nchosen].loop = t.tile_loop;
            c->chosen[c->nchosen].points = t.points;
            c->chosen[c->nchosen].bound = bound;
            c->chosen[c->nchosen].total = dynamic ? t.total : IR_NONE;
            c->chosen[c->nchosen].at_bound = args[0] && assumed < 0 && bound > 0;
            c->chosen[c->nchosen].tile = (int64_t)ch.tile;
            c->chosen[c->nchosen].rest = IR_NONE;
            for (uint32_t b = 0; b < 8; b++)
                c->chosen[c->nchosen].piece[b] = IR_NONE;
            c->chosen[c->nchosen].instances = ch.instances;
            c->chosen[c->nchosen].phases_given = o->tile_sizes && o->tile_sizes[i].phases;
            struct nest_cost_program solo = t.p;
            solo.cores = 1;
            solo.runs = 1;
            c->chosen[c->nchosen].solo =
                ch.cycles >= 0 ? nest_cost_predict(c->dev, &solo, ch.tile, ch.phases,
                                                   ch.instances)
                               : -1;
            c->chosen[c->nchosen].steady =
                ch.cycles >= 0 ? nest_cost_steady(c->dev, &solo, ch.tile, ch.phases,
                                                  ch.instances)
                               : -1;
            c->chosen[c->nchosen].p = solo;
            c->chosen[c->nchosen].cores = t.p.cores;
            c->chosen[c->nchosen].runs = t.p.runs;
            memcpy(c->chosen[c->nchosen].xfers, t.xfers, sizeof t.xfers);
            c->chosen[c->nchosen].p.xfers = c->chosen[c->nchosen].xfers;
            c->chosen[c->nchosen++].phases = ch.phases;
        }
        struct split_b b;
        sb_before(&b, m, r, ir_op_get(m, r)->loc);
        ir_value T = sb_index(&b, (int64_t)ch.tile);
        split_replace_uses(m, t.fn, ir_op_result(m, r, 0), T);
        ir_op_unlink(m, r);
        ir_op peeled = peel ? peel_tile(m, &t, T, t.points % (int64_t)ch.tile) : IR_NONE;
        for (uint32_t q = 0; peeled && q < c->nprogs; q++) /* its load runs ahead */
            if (c->progs[q] == t.fn)
                c->at_start[q] = true;
        if (peeled && c->nchosen < 64) { /* the points left: a tile of their own */
            struct nest_cost_program *wp = &c->chosen[c->nchosen - 1].p;
            wp->points -= (uint64_t)(t.points % (int64_t)ch.tile); /* the whole tiles' */
            c->chosen[c->nchosen - 1].solo =
                nest_cost_predict(c->dev, wp, ch.tile, ch.phases, ch.instances);
            c->chosen[c->nchosen - 1].steady =
                nest_cost_steady(c->dev, wp, ch.tile, ch.phases, ch.instances);
            c->chosen[c->nchosen] = c->chosen[c->nchosen - 1];
            c->chosen[c->nchosen].loop = peeled;
            c->chosen[c->nchosen].points = c->chosen[c->nchosen].bound =
                t.points % (int64_t)ch.tile;
            c->chosen[c->nchosen].tile = c->chosen[c->nchosen].points;
            c->chosen[c->nchosen].phases = 1;
            c->chosen[c->nchosen].p.points = (uint64_t)c->chosen[c->nchosen].points;
            c->chosen[c->nchosen].p.xfers = c->chosen[c->nchosen].xfers;
            if (c->chosen[c->nchosen].points == 1) /* as rest-tiles priced it */
                c->chosen[c->nchosen].p.point_whole -= c->chosen[c->nchosen].p.point_blocks;
            c->chosen[c->nchosen].solo = nest_cost_predict(
                c->dev, &c->chosen[c->nchosen].p, c->chosen[c->nchosen].p.points, 1, ch.instances);
            c->chosen[c->nchosen].steady = nest_cost_steady(
                c->dev, &c->chosen[c->nchosen].p, c->chosen[c->nchosen].p.points, 1, ch.instances);
            c->nchosen++;
        }
        if (dynamic) {
            ir_op rl = split_remainder(m, &t, T), piece[8];
            for (uint32_t bi = 0; bi < 8; bi++)
                piece[bi] = IR_NONE;
            if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_REMAINDER_PIECES)) &&
                !(o->disabled & (UINT64_C(1) << SCHED_NEST_REMAINDER_NESTS)) &&
                remainder_pieces(m, rl, (int64_t)ch.tile, piece))
                rl = IR_NONE;
            if (c->nchosen && c->chosen[c->nchosen - 1].loop == t.tile_loop) {
                c->chosen[c->nchosen - 1].rest = rl;
                memcpy(c->chosen[c->nchosen - 1].piece, piece, sizeof piece);
            }
        }
        nest_fold(m, t.fn);
        expand_remainder(m, t.tile_loop);
    }
    return true;
}

/* ---- --stats: the program as a whole ------------------------------------ */

/* The trips of the scf.for loops around op up to fn (false: one is not
 * constant); a dynamic trip count's tile loop and remainder loop count
 * the points tile-size selection priced (a bound, or what --assume makes
 * them), points / T and points mod T. With tile >= 0, trip counts are
 * evaluated for that tile id (nest_eval_at, with the assumptions): a row
 * loop of rows pid, pid + 32, ... runs its own trips on each core, and a
 * tiled one its own whole tiles and remainder. */
static bool trips_around(const struct nest_ctx *c, ir_op op, ir_op fn, int64_t tile, double *out)
{
    const struct ir_module *m = c->m;
    *out = 1;
    for (ir_op l = ir_op_parent(m, op); l && l != fn; l = ir_op_parent(m, l)) {
        if (ir_op_get(m, l)->kind != IR_OP_SCF_FOR)
            continue;
        const struct ir_op_info *o = ir_op_get(m, l);
        int64_t lb, ub, st;
        if (o->nopnd >= 3 && split_const_int(m, o->opnd[0], &lb) && lb == 0 &&
            split_const_int(m, o->opnd[2], &st) && st == 1 &&
            !split_const_int(m, o->opnd[1], &ub)) {
            uint32_t k = 0, bit = 8;
            for (; k < c->nchosen && c->chosen[k].loop != l && c->chosen[k].rest != l; k++) {
                for (bit = 0; bit < 8 && c->chosen[k].piece[bit] != l; bit++)
                    ;
                if (bit < 8)
                    break;
            }
            if (k < c->nchosen && c->chosen[k].points >= 1 && c->chosen[k].tile >= 1) {
                int64_t p = c->chosen[k].points, T = c->chosen[k].tile, b = c->chosen[k].bound;
                if (tile >= 0 && c->chosen[k].total &&
                    nest_eval_at(m, c->o, c->chosen[k].total, tile, NULL, &p))
                    p = p < 0 ? 0 : b > 0 && p > b ? b : p;
                *out *= (double)(c->chosen[k].loop == l ? p / T
                                 : bit < 8           ? (p % T) >> bit & 1
                                                     : p % T);
                continue;
            }
        }
        if (o->nopnd >= 3 && tile >= 0 && nest_eval_at(m, c->o, o->opnd[0], tile, NULL, &lb) &&
            nest_eval_at(m, c->o, o->opnd[1], tile, NULL, &ub) &&
            nest_eval_at(m, c->o, o->opnd[2], tile, NULL, &st) && st > 0) {
            *out *= ub > lb ? (double)((ub - lb + st - 1) / st) : 0;
            continue;
        }
        if (o->nopnd < 3 || !split_const_int(m, o->opnd[0], &lb) ||
            !split_const_int(m, o->opnd[1], &ub) || !split_const_int(m, o->opnd[2], &st) ||
            st <= 0)
            return false;
        *out *= ub > lb ? (double)((ub - lb + st - 1) / st) : 0;
    }
    return true;
}

struct prog_bytes {
    const struct nest_ctx *c;
    ir_op fn;
    int64_t tile; /* the tile id trip counts are evaluated for (-1: none) */
    double in, out;
    bool unknown;
    bool opaque; /* a transfer no nest priced (its subscripts unread) */
};

/* The bytes a masked store (ktc-path-expand's store of a row that starts
 * inside a word) of b bytes of e-byte elements moves to device memory: the
 * words it touches when it starts at the last element of one (64 rows of
 * 50257 f16 on 32 cores: 226816 bytes a core modeled, 213888 to 226688
 * moved, for 201028 written). b when its unit's words are unknown. */
static double masked_words(const struct nest_ctx *c, ir_op op, double b, int64_t e)
{
    uint32_t k = nest_stage_kind(c->dev, c->m, ir_op_parent(c->m, op));
    if (k == ARCH_NONE)
        return b;
    int64_t w = arch_access_least(arch_access(c->dev, c->dev->kinds[k].first, true, "DDR"), NULL);
    return w > e ? ceil((b + (double)(w - e)) / (double)w) * (double)w : b;
}

static bool count_bytes(struct ir_module *m, ir_op op, void *ctx)
{
    struct prog_bytes *pb = ctx;
    struct nest_side s[2];
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    /* only the device-memory side is counted: the other may be one
     * nest_read_side cannot read (a masked store's scratchpad word at
     * %row mod 64) */
    bool ok0 = nest_read_side(m, op, 0, &s[0]), ok1 = nest_read_side(m, op, 1, &s[1]);
    bool ld = !s[0].fifo && nest_is_ddr(m, s[0].v), st = !s[1].fifo && nest_is_ddr(m, s[1].v);
    if (!ld && !st)
        return true;
    /* a side whose subscripts nest cannot read (ktc-path-expand's words
     * astride two, at offsets mod a word) still has its sizes */
    if ((ld && !ok0 && !s[0].nsize) || (st && !ok1 && !s[1].nsize)) {
        pb->unknown = true;
        return true;
    }
    pb->opaque |= (ld && !ok0) || (st && !ok1);
    /* the box moved (a view of launch-time shape too: its elements' size) */
    const struct nest_side *d = &s[ld ? 0 : 1];
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, d->v));
    int64_t eb = ti->kind == IR_TY_MEMREF ? ir_type_bytes(m, ti->elem) : 0, k = 1;
    double trips;
    if (eb <= 0 || !trips_around(pb->c, op, pb->fn, pb->tile, &trips)) {
        pb->unknown = true;
        return true;
    }
    for (uint32_t i = 0; i < d->nsize; i++)
        k *= d->size[i];
    double b = (double)(k * eb);
    if (st && ir_ktdf_transfer_mode_is(m, op, "masked"))
        b = masked_words(pb->c, op, b, eb);
    *(ld ? &pb->in : &pb->out) += trips * b;
    return true;
}

static bool find_parallel(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_PARALLEL)
        *(bool *)ctx = true;
    return !*(bool *)ctx;
}

/* The parallel loops of the body of point loop pl (passes over a wide
 * row, levels of its reduction: corelet-blocks splits them when the tile
 * is one point; one alone is corelets' inner loop, split over the
 * instances as well: a masked LayerNorm's scaling pass, a block a tile,
 * now takes both corelets, 1231 -> 1185 cycles on spyre). */
static uint32_t passes(const struct ir_module *m, ir_op pl)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, nest_for_body(m, pl), op) {
        const char *t = ir_op_get(m, op)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, op) : NULL;
        n += t && strcmp(t, "parallel_loop") == 0;
    }
    return n;
}

/* Elements op's transfers move from the scratchpad into FIFOs (the load
 * unit's work), inner loops times their trips. */
static double fifo_loads(const struct ir_module *m, ir_op op, int depth)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    struct nest_side src, dst;
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER) {
        if (!nest_read_side(m, op, 0, &src) || !nest_read_side(m, op, 1, &dst) || src.fifo ||
            !dst.fifo || nest_is_ddr(m, src.v))
            return 0;
        double n = 1;
        for (uint32_t k = 0; k < src.nsize; k++)
            n *= (double)src.size[k];
        return n;
    }
    double n = 0, trips = 1;
    int64_t tr;
    if (o->kind == IR_OP_SCF_FOR && nest_for_normal(m, op, &tr))
        trips = (double)tr;
    for (uint32_t r = 0; r < o->nreg && depth < 16; r++)
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, op, r)), x)
            n += fifo_loads(m, x, depth + 1);
    return n * trips;
}

/* The share of point loop pl's scratchpad loads outside its parallel
 * loops: corelet-blocks leaves them whole, on corelet 0 (its pipelines; a
 * kernel's loop over a row's blocks carrying sums). A block loop whose body
 * is a parallel loop it splits counts whole all the same (pessimistic);
 * *blocks: the share in such loops (nest_cost_program.point_blocks). */
static double point_whole(const struct ir_module *m, ir_op pl, double *blocks)
{
    double whole = 0, all = 0, in_blocks = 0;
    IR_FOR_OPS(m, nest_for_body(m, pl), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        const char *t = o->kind == IR_OP_SCF_FOR ? nest_loop_type(m, op) : NULL;
        double n = fifo_loads(m, op, 0);
        all += n;
        if (!t || strcmp(t, "parallel_loop"))
            whole += n;
        if (o->kind == IR_OP_SCF_FOR && !t && !o->nres && nest_inner_parallel(m, op))
            in_blocks += n;
    }
    *blocks = all > 0 ? in_blocks / all : 0;
    return all > 0 ? whole / all : 0;
}

/* Whether a ktdf.parallel (the corelets' split) lies under op. */
static bool has_parallel(const struct ir_module *m, ir_op op)
{
    bool found = false;
    ir_walk((struct ir_module *)m, op, find_parallel, &found);
    return found;
}

static bool find_splat(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_ktdf_transfer_mode_is(m, op, "splat"))
        *(bool *)ctx = true;
    return !*(bool *)ctx;
}

/* Counts the pipelines holding no pipeline under an op. */
static bool count_inner(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE) {
        bool outer = false;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, op, 0)), s)
            outer |= ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE && nest_has_pipeline(m, s);
        *(uint32_t *)ctx += !outer;
    }
    return true;
}

/* Whether the buffer phase of tile loop tl's pipeline counts the loops
 * around it too (row-phases). */
static bool around_phased(const struct ir_module *m, ir_op tl)
{
    IR_FOR_OPS(m, nest_for_body(m, tl), op)
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_BUFFER_PHASE && ir_op_get(m, op)->nopnd > 1)
            return true;
    return false;
}

/* The buffer phases of tile loop tl's outer pipeline (its modulo, else 1). */
static uint32_t modulo_of(const struct ir_module *m, ir_op tl)
{
    ir_attr a;
    IR_FOR_OPS(m, nest_for_body(m, tl), op)
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE && (a = ir_op_attr(m, op, "modulo")))
            return (uint32_t)ir_attr_get(m, a)->i;
    return 1;
}

/* The cycles a trip of each step of a program (a tiled nest, a pipeline
 * outside them) adds to its line (program_at), for steps_overlap; the
 * steps past STEP_MAX overlap nothing (row-jam's 4 rows of a packed
 * LayerNorm, with each row's masked pieces, are more than 64 steps: at 64
 * the jammed run was modeled slower than the plain one it beats) */
enum { STEP_MAX = 256 };

struct step_costs {
    uint32_t n;
    struct {
        ir_op op;
        double per;
    } v[STEP_MAX];
};

static void note_cost(struct step_costs *sc, ir_op op, double per)
{
    if (sc && sc->n < STEP_MAX)
        sc->v[sc->n].op = op, sc->v[sc->n++].per = per;
}

/* The on-core pipelines of fn outside its tiled nests (the scalar work
 * between a row's passes: a reduction of the accumulator, rstd), each a
 * one-point program of the model run once per trip of its loops; false
 * when one moves device memory or sits in loops of unknown trips. */
struct chains {
    struct nest_ctx *c;
    ir_op fn;
    int64_t tile;
    double cycles;
    bool unknown;
    struct step_costs *costs; /* each pipeline's cycles a trip, noted */
    bool rows_apart;          /* row-corelets places the jammed rows (nest_row_corelets_on) */
    double *apart;            /* then: the cycles of the rows on corelets 1 to C - 1 */
};

/* Where the cycles of op (a nest or a chain's pipeline) add up: those of
 * jammed rows row-corelets places on corelet k > 0 run beside corelet 0's
 * (apart[k]), the rest on corelet 0 (*steady). */
static double *row_sum(struct nest_ctx *c, ir_op op, bool rows_apart, double *steady, double *apart)
{
    int64_t k = rows_apart ? nest_row_class(c, op) : -1;
    return k > 0 && k < (int64_t)c->dev->ncorelets ? &apart[k] : steady;
}

static bool ddr_xfer(struct ir_module *m, ir_op op, void *ctx)
{
    struct nest_side a, b;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER &&
        (!nest_read_side(m, op, 0, &a) || !nest_read_side(m, op, 1, &b) ||
         (!a.fifo && nest_is_ddr(m, a.v)) || (!b.fifo && nest_is_ddr(m, b.v))))
        *(bool *)ctx = true;
    return !*(bool *)ctx;
}

/* Whether every device-memory transfer under op is a masked store's old
 * lanes that no store writes (ktc-split's `unwritten`): ktc-lower orders
 * them after nothing, so their loads run ahead of the row, in its fill. */
static bool ddr_unwritten(struct ir_module *m, ir_op op, void *ctx)
{
    bool ddr = false;
    ddr_xfer(m, op, &ddr);
    if (ddr && !ir_op_attr(m, op, "unwritten"))
        *(bool *)ctx = false;
    return *(bool *)ctx;
}

static bool chain_walk(struct ir_module *m, ir_op op, void *ctx)
{
    struct chains *ch = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_PIPELINE || ch->unknown)
        return true;
    for (ir_op p = ir_op_parent(m, op); p && p != ch->fn; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        const char *ty = k == IR_OP_SCF_FOR ? nest_loop_type(m, p) : NULL;
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE || (ty && strcmp(ty, "tile_loop") == 0))
            return true; /* part of a nest (or of an outer pipeline) */
    }
    bool ddr = false;
    ir_walk(m, op, ddr_xfer, &ddr);
    double trips;
    if ((ddr && in_remainder(m, op)) || !trips_around(ch->c, op, ch->fn, ch->tile, &trips)) {
        ch->unknown = ddr ? ch->unknown : true;
        return true; /* a remainder loop's per-point DMA: not modeled here */
    }
    /* one moving device memory (a row's max folded in registers as it
     * loads): its transfers too, the read's latency and the write's */
    struct tiled t = {.point_loop = ir_op_parent(m, op), .tile_loop = ir_op_parent(m, op),
                      .fn = ch->fn};
    ir_walk(m, op, measure, &t);
    t.p.points = 1;
    t.p.cores = 1;
    t.p.elem_type = NULL;
    t.p.streamed_loads = true;
    /* its loads' latency hidden in the fill when nothing orders them */
    bool ahead = true;
    ir_walk(m, op, ddr_unwritten, &ahead);
    t.p.xfers = ddr && !ahead ? t.xfers : NULL;
    t.p.nxfers = ddr && !ahead ? t.p.nxfers : 0;
    double per = nest_cost_predict(ch->c->dev, &t.p, 1, 1, 1);
    note_cost(ch->costs, op, per);
    *row_sum(ch->c, op, ch->rows_apart, &ch->cycles, ch->apart) += trips * per;
    return true;
}

struct steps {
    struct nest_ctx *c;
    ir_op fn;
    int64_t tile;
    uint32_t n;
    struct step s[STEP_MAX];
};

static void collect_steps(struct steps *ss, ir_op op)
{
    struct ir_module *m = ss->c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, q) {
                uint32_t k = ir_op_get(m, q)->kind, i = 0;
                const char *ty = k == IR_OP_SCF_FOR ? nest_loop_type(m, q) : NULL;
                bool tile_loop = ty && strcmp(ty, "tile_loop") == 0;
                while (tile_loop && i < ss->c->nchosen && ss->c->chosen[i].loop != q)
                    i++;
                if (k != IR_OP_KTDF_PIPELINE && !tile_loop) {
                    collect_steps(ss, q);
                    continue;
                }
                if (ss->n == STEP_MAX || (tile_loop && i == ss->c->nchosen))
                    continue; /* a nest the model did not choose: not a step */
                struct step *st = &ss->s[ss->n];
                *st = (struct step){.op = q};
                if (!trips_around(ss->c, q, ss->fn, ss->tile, &st->trips))
                    continue;
                struct nest_cost_program one = {.vector_ops_per_point = 1};
                st->drain = nest_cost_drain(ss->c->dev, tile_loop ? &ss->c->chosen[i].p : &one);
                ir_walk(m, q, step_touch, st);
                ss->n++;
            }
}

/* The cycles fn's steps overlap at tile id `tile` (sc: each one's cycles
 * a trip), what its line counts beyond them: the steps run one after
 * another on the core's units, a step's loads starting once the step
 * before has issued its last vectors (its cycles but its drain), or once
 * every step it touches the buffers of (before it in the loop's trip, or
 * in the trip before) has drained. Three trips of the loop around them
 * are scheduled so, each step's cycles averaged over the trips of the
 * steps that run most (a nest of a remainder loop that runs once in
 * four, a quarter); the third's span is what a trip takes (one trip when
 * no step runs more than once: its span). */
static double steps_overlap(struct nest_ctx *c, ir_op fn, int64_t tile,
                            const struct step_costs *sc)
{
    struct steps *ss = calloc(1, sizeof *ss);
    if (!ss)
        abort();
    *ss = (struct steps){.c = c, .fn = fn, .tile = tile};
    collect_steps(ss, fn);
    /* the steps that run, and the trips of those that run most */
    uint32_t n = 0;
    double most = 0, sum = 0;
    for (uint32_t i = 0; i < ss->n; i++) {
        struct step *st = &ss->s[i];
        if (st->trips <= 0)
            continue;
        st->per = 0;
        for (uint32_t k = 0; k < sc->n; k++)
            if (sc->v[k].op == st->op)
                st->per = sc->v[k].per;
        most = fmax(most, st->trips);
        ss->s[n++] = *st;
    }
    uint32_t trips = most > 1 ? 3 : 1;
    double *fin = calloc((size_t)n * trips + 1, sizeof *fin), issue = 0, span = 0, prev_end = 0;
    if (!fin)
        abort();
    for (uint32_t r = 0; r < trips && most > 0; r++) {
        for (uint32_t i = 0; i < n; i++) {
            const struct step *st = &ss->s[i];
            double d = st->per * st->trips / most, start = issue;
            for (uint32_t k = 0; k < n; k++) /* this trip's steps before it, the trip before's */
                if ((k < i || r > 0) && step_conflict(&ss->s[k], st))
                    start = fmax(start, fin[(k < i ? r : r - 1) * n + k]);
            fin[r * n + i] = start + d;
            issue = start + d - fmin(st->drain, d);
            if (r == 0)
                sum += d;
        }
        double end = 0;
        for (uint32_t i = 0; i < n; i++)
            end = fmax(end, fin[r * n + i]);
        span = end - prev_end;
        prev_end = end;
    }
    free(fin);
    free(ss);
    /* one trip (no loop around): its span from the start */
    double trip = most > 1 ? span : prev_end;
    return most > 0 && sum > trip ? (sum - trip) * most : 0;
}

/* The compute stage's point loop under tile loop tl as the
 * transformations after tile-size selection left it: the scf.for or the
 * corelets' ktdf.parallel directly in a stage, holding pipelines. */
static bool find_point(struct ir_module *m, ir_op op, void *ctx)
{
    ir_op *pl = ctx, parent = ir_op_parent(m, op);
    uint32_t k = ir_op_get(m, op)->kind;
    if (!*pl && (k == IR_OP_SCF_FOR || k == IR_OP_KTDF_PARALLEL) && parent &&
        ir_op_get(m, parent)->kind == IR_OP_KTDF_STAGE && nest_has_pipeline(m, op))
        *pl = op;
    return !*pl;
}

/* The on-core terms of np (its point's pipelines, loads, vector work,
 * stores and load groups) measured again on tile loop tl as register-carry
 * and fuse-pipelines left it: an accumulator carried in a register is
 * neither loaded nor stored a block, a value a fused pipeline keeps in
 * registers moves through no scratchpad, and a pass streamed in a stage's
 * loop issues its loads as ktc-lower groups them (block_groups); the
 * device-memory transfers stay those tile-size selection counted. False
 * when no point loop is found. */
static bool remeasure(struct nest_ctx *c, ir_op tl, struct nest_cost_program *np)
{
    struct ir_module *m = c->m;
    ir_op pl = IR_NONE;
    ir_walk(m, tl, find_point, &pl);
    if (!pl)
        return false;
    /* every point loop of its stage from it on (fission's, a loop a pass),
     * then of the stages after it (store-blocks' later blocks of the last
     * pass): q from pl in pl's stage, from the first op in the others */
    struct tiled t = {.point_loop = pl, .tile_loop = tl};
    for (ir_op s = ir_op_parent(m, pl), q = pl; s; s = ir_op_get(m, s)->next) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (q != pl)
            q = ir_block_get(m, ir_region_entry(m, ir_op_region(m, s, 0)))->first;
        for (; q; q = ir_op_get(m, q)->next) {
            uint32_t k = ir_op_get(m, q)->kind;
            if ((k == IR_OP_SCF_FOR || k == IR_OP_KTDF_PARALLEL) && nest_has_pipeline(m, q)) {
                t.point_loop = q;
                ir_walk(m, q, measure, &t);
            }
        }
    }
    np->pipelines_per_point = t.p.pipelines_per_point;
    np->pipeline_ops_per_point = t.p.pipeline_ops_per_point;
    np->pipeline_iters_per_point = t.p.pipeline_iters_per_point;
    np->l1_load_bytes_per_point = t.p.l1_load_bytes_per_point;
    np->l1_loads_per_point = t.p.l1_loads_per_point;
    np->shared_loads_per_point = t.p.shared_loads_per_point;
    np->load_groups_per_point = t.inner ? t.inner_groups + t.direct_groups : 0;
    np->fifo_in_bytes_per_point = t.p.fifo_in_bytes_per_point;
    np->splats_per_point = t.p.splats_per_point;
    np->vector_ops_per_point = t.p.vector_ops_per_point;
    np->reductions_per_point = t.p.reductions_per_point;
    np->fifo_out_bytes_per_point = t.p.fifo_out_bytes_per_point;
    np->l1_store_bytes_per_point = t.p.l1_store_bytes_per_point;
    return true;
}

/* What --stats says of a program for one tile id (nest_program_stats). */
struct prog_line {
    uint32_t n;           /* its tiled nests */
    double around;        /* the trips of the loops around the last one */
    double merged;        /* one nest's cycles measured again (merged), or < 0 */
    double nests, in, out; /* nest_cost_program_cycles' terms */
    double cycles;
};

/* fn's program line for tile id `tile` (-1: trip counts the tile id
 * changes are not known); false when there is none (a trip count not
 * known, a nest not modeled). */
static bool program_at(struct nest_ctx *c, ir_op fn, int64_t tile, struct prog_line *pl)
{
    struct ir_module *m = c->m;
    double steady = 0, fill = 0, fill_in = 0, fill_out = 0, around = 1, merged = -1;
    struct step_costs costs = {0};
    uint32_t n = 0;
    /* the nests so far issue every load without waiting for a buffer
     * phase (no more tiles than phases, run once), and the device memory
     * they write */
    bool free_run = true;
    struct nest_foot before = {0};
    /* row-corelets: the rows on corelets 1 to C - 1 run beside corelet 0's
     * work; a nest of several rows' pipelines takes the corelets as a
     * corelet split does */
    bool rows_apart = nest_row_corelets_on(c, fn);
    double apart[64] = {0};
    for (uint32_t i = 0; i < c->nchosen; i++) {
        ir_op tl = c->chosen[i].loop;
        double trips;
        bool inside = false;
        for (ir_op p = ir_op_parent(m, tl); p; p = ir_op_parent(m, p))
            inside |= p == fn;
        if (!inside)
            continue;
        /* a nest of no points at the values priced (a piece of a masked
         * vector for a bit of its length the launch leaves clear) runs
         * nothing */
        if (c->chosen[i].solo < 0 && c->chosen[i].points == 0 && c->chosen[i].bound > 0)
            continue;
        if (c->chosen[i].solo < 0 || !trips_around(c, tl, fn, tile, &trips)) {
            nest_foot_free(&before);
            return false;
        }
        around = trips;
        /* as the nest came out: its corelet split (none when corelets left
         * it whole) and buffer phases (row-phases may have added some) */
        uint32_t inst = has_parallel(m, tl) ? c->chosen[i].instances : 1, K = modulo_of(m, tl);
        if (rows_apart && inst == 1 && nest_row_class(c, tl) == (int64_t)c->dev->ncorelets)
            inst = c->dev->ncorelets;
        double solo = c->chosen[i].solo, st = c->chosen[i].steady;
        struct nest_cost_program np = c->chosen[i].p;
        np.streamed_loads = true;
        bool splat = false;
        ir_walk(m, tl, find_splat, &splat);
        if (!splat)
            np.splats_per_point = 0; /* splat-hoist took them all out */
        /* register-carry and fuse-pipelines leave fewer pipelines a point,
         * each streaming its loops, or fewer loads (a block loop's carry
         * kept in registers): the nest is measured again as they left it */
        uint32_t inner = 0, had = np.pipeline_ops_per_point ? np.pipeline_ops_per_point
                                                           : np.pipelines_per_point;
        ir_walk(m, tl, count_inner, &inner);
        struct nest_cost_program all = np;
        if (inner && remeasure(c, tl, &all) &&
            (inner < had || all.l1_loads_per_point < np.l1_loads_per_point)) {
            if (inner < had)
                np = all;
            all.cores = c->chosen[i].cores;
            all.runs = c->chosen[i].runs;
            merged = nest_cost_predict(c->dev, &all, (uint64_t)c->chosen[i].tile, K, inst);
        }
        if (solo >= 0) {
            solo = nest_cost_predict(c->dev, &np, (uint64_t)c->chosen[i].tile, K, inst);
            st = nest_cost_steady(c->dev, &np, (uint64_t)c->chosen[i].tile, K, inst);
        }
        /* a nest of one tile a run, not double-buffered across the runs
         * (row-phases), has no tile to overlap its fill and drain with:
         * every run pays them (the passes of a row wait on one another:
         * the reduction between them) */
        int64_t pts = c->chosen[i].points, T = c->chosen[i].tile;
        bool one_tile = pts > 0 && T > 0 && (pts + T - 1) / T <= 1 && trips > 1 &&
                        modulo_of(m, tl) < 2;
        /* phased across its runs (row-phases, resident-rows), a nest's
         * DMAs run ahead of its compute (ktc-lower's K - 1 credits across
         * the runs), over the other nests' computes: a run holds the
         * on-core chain for its tiles' compute and the drain the next pass
         * waits for (nest_cost_oncore), its DMAs go to the program's
         * bandwidth terms; the first run's loads and the last run's stores
         * hide behind nothing (the fill) */
        bool rows = trips > 1 && K > 1 && around_phased(m, tl);
        /* so does a nest run once, first in its program or after nests
         * that issued every load at once (row-jam's rows, each pass a nest
         * of its own): the load unit issues its loads with theirs, ahead
         * of their compute, when it too has a phase for every tile and
         * reads no device memory they write; its DMAs go to the bandwidth
         * terms, its first loads' latency to the fill (a jammed
         * rmsnorm_masked, 2 rows of 256: modeled 581 cycles, simulated
         * 522; now 543) */
        int64_t tiles = pts > 0 && T > 0 ? (pts + T - 1) / T : 0;
        struct nest_foot mine = {0};
        nest_foot_of(m, &tl, 1, &mine);
        bool ahead = free_run && trips == 1 && tiles >= 1 && tiles <= K && !mine.unknown &&
                     !before.unknown && !nest_bases_meet(&mine.ddr_rd, &before.ddr_wr);
        free_run &= tiles >= 1 && trips * (double)tiles <= K;
        nest_foot_of(m, &tl, 1, &before);
        nest_foot_free(&mine);
        if ((rows || ahead) && solo >= 0)
            st = nest_cost_oncore(c->dev, &np, (uint64_t)c->chosen[i].tile, K, inst);
        *row_sum(c, tl, rows_apart && !has_parallel(m, tl), &steady, apart) +=
            trips * (one_tile ? solo : st);
        note_cost(&costs, tl, one_tile ? solo : st);
        /* the fill: the first loads' latency and the last stores'; a nest
         * that only loads (a row's sum) and one after it that only stores
         * (the sum's store) each expose theirs */
        bool in, out;
        nest_cost_directions(&np, &in, &out);
        double *f = in && !out ? &fill_in : out && !in ? &fill_out : &fill;
        if (!one_tile && trips > 0 && solo - st > *f)
            *f = solo - st;
        n++;
    }
    nest_foot_free(&before);
    fill = fmax(fill, fill_in + fill_out);
    struct chains chs = {
        .c = c, .fn = fn, .tile = tile, .costs = &costs, .rows_apart = rows_apart, .apart = apart};
    ir_walk(m, fn, chain_walk, &chs);
    if (!chs.unknown)
        steady += chs.cycles - steps_overlap(c, fn, tile, &costs);
    for (uint32_t k = 1; k < c->dev->ncorelets && k < 64; k++)
        steady = fmax(steady, apart[k]);
    struct prog_bytes pb = {.c = c, .fn = fn, .tile = tile};
    ir_walk(m, fn, count_bytes, &pb);
    pb.in = fmax(0, pb.in - c->less_in);
    uint32_t grid = grid_size(m, fn), ncores = c->dev->ncores ? c->dev->ncores : 1;
    uint32_t cores = grid < ncores ? grid : ncores, runs = (grid + ncores - 1) / ncores;
    /* at a tile id, the device memory's aggregate term is the sum over
     * the tile ids' bytes (nest_program_stats) */
    *pl = (struct prog_line){.n = n, .around = around, .merged = merged,
                             .nests = (steady + fill) * runs, .in = pb.in, .out = pb.out,
                             .cycles = nest_cost_program_cycles(c->dev, steady + fill, pb.in,
                                                                pb.out, tile >= 0 ? 1 : cores,
                                                                runs)};
    if (n == 1 && around == 1 && merged >= 0)
        return true; /* one nest run once, its pipelines merged: modeled again */
    /* else its own line is the program (unless it left bytes unpriced) */
    return n && !pb.unknown && (!(n == 1 && around == 1) || pb.opaque);
}

/* fn's program line: the slowest tile id's (*at; -1 for the bounds alone),
 * *varies when tile ids differ; false when there is none. */
static bool program_line(struct nest_ctx *c, ir_op fn, struct prog_line *best, int64_t *at,
                         bool *varies)
{
    struct ir_module *m = c->m;
    /* every tile id of the grid (the cores run theirs at once: the
     * program takes the slowest one's time), or the bounds alone */
    int64_t tiles = nest_grid_tiles(m, fn);
    struct prog_line pl;
    double in = 0, out = 0; /* every tile id's */
    *best = (struct prog_line){0};
    *at = -1;
    *varies = false;
    for (int64_t t = tiles ? 0 : -1; t < tiles || t < 0; t++) {
        if (!program_at(c, fn, t, &pl))
            return false;
        in += pl.in;
        out += pl.out;
        *varies |= t > 0 && pl.cycles != best->cycles;
        if (t <= 0 || pl.cycles > best->cycles)
            *best = pl, *at = t;
        if (t < 0)
            break;
    }
    if (tiles > 0) { /* a core's hosted tiles run one after another: each pays the latency */
        uint32_t ncores = c->dev->ncores ? c->dev->ncores : 1;
        double runs = (double)((tiles + ncores - 1) / ncores);
        double lat = nest_cost_program_latency(c->dev, in, out);
        best->cycles = fmax(best->cycles, nest_cost_device_bytes(c->dev, in, out) + (runs - 1) * lat);
    }
    return true;
}

double nest_program_modeled(struct nest_ctx *c, ir_op fn)
{
    struct prog_line best;
    int64_t at;
    bool varies;
    if (!program_line(c, fn, &best, &at, &varies))
        return -1;
    return best.n == 1 && best.around == 1 && best.merged >= 0 ? best.merged : best.cycles;
}

double nest_program_merged(struct nest_ctx *c, ir_op fn)
{
    struct prog_line best;
    int64_t at;
    bool varies;
    if (!program_line(c, fn, &best, &at, &varies) || best.n != 1 || best.around != 1)
        return -1;
    return best.merged;
}

void nest_program_stats(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct prog_line best;
    int64_t at;
    bool varies;
    if (!program_line(c, fn, &best, &at, &varies))
        return;
    const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
    if (best.n == 1 && best.around == 1 && best.merged >= 0) {
        fprintf(c->o->stats, "ktc-nest: @%s: program modeled %.0f cycles (1 nest, its pipelines "
                "merged)\n", fname, best.merged);
        return;
    }
    fprintf(c->o->stats,
            "ktc-nest: @%s: program modeled %.0f cycles (%u nest%s %.0f, device memory %.0f + "
            "%.0f bytes a core",
            fname, best.cycles, best.n, best.n == 1 ? "" : "s", best.nests, best.in, best.out);
    if (varies)
        fprintf(c->o->stats, "; tile id %lld, the slowest", (long long)at);
    bool bounds = false;
    for (uint32_t i = 0; i < c->nchosen; i++)
        for (ir_op p = ir_op_parent(m, c->chosen[i].loop); p && c->chosen[i].at_bound;
             p = ir_op_parent(m, p))
            bounds |= p == fn;
    if (bounds)
        fprintf(c->o->stats, "; launch-time trip counts priced at their bounds");
    fprintf(c->o->stats, ")\n");
}
