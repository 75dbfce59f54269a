/* nest_buffer.c - ktc-nest's `double-buffering` (nest.h): the buffers an
 * outer pipeline's DMA stages fill or drain get a leading phase dim of K,
 * indexed by ktdf.buffer_phase of the tile loop, and the pipeline becomes
 * modulo(size: K): the DMA of tile t+1 overlaps the compute of tile t. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/lin.h"
#include "sched/nest_int.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"

enum { MAX_BUFS = 32 };

/* Whether stage s is a DMA stage of an outer pipeline: transfers only, one
 * side in device memory. */
static bool dma_stage(const struct ir_module *m, ir_op s)
{
    bool any = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
        struct nest_side a, b;
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER ||
            !nest_read_side(m, op, 0, &a) || !nest_read_side(m, op, 1, &b) ||
            nest_is_ddr(m, a.v) == nest_is_ddr(m, b.v))
            return false;
        any = true;
    }
    return any;
}

static uint32_t phases_of(const struct nest_ctx *c, ir_op tl)
{
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (c->chosen[i].loop == tl)
            return c->chosen[i].phases;
    return 2;
}

enum { MAX_OUTER = 6 };

/* The IVs of the scf.for loops around tile loop tl in its program,
 * outermost first (none past a pipeline or stage); their number. */
static uint32_t outer_ivs(const struct ir_module *m, ir_op tl, ir_value *ivs, ir_op *outermost)
{
    ir_op loops[MAX_OUTER];
    uint32_t n = 0;
    for (ir_op p = ir_op_parent(m, tl); p; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE || k == IR_OP_KTDF_PARALLEL)
            return 0;
        if (k == IR_OP_FUNC_FUNC)
            break;
        if (k == IR_OP_SCF_FOR) {
            if (n == MAX_OUTER || ir_op_get(m, p)->nres)
                return 0;
            loops[n++] = p;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        ivs[i] = nest_for_iv(m, loops[n - 1 - i]);
    *outermost = n ? loops[n - 1] : IR_NONE;
    return n;
}

static bool count_scratch(struct ir_module *m, ir_op op, void *ctx)
{
    struct nest_scratch *b = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_MEMREF_ALLOC) {
        const char *sp = nest_memref_space(m, ir_value_type(m, o->res));
        if (sp && strcmp(sp, "DDR") != 0) {
            b->bytes += nest_memref_bytes(m, ir_value_type(m, o->res));
            b->allocs++;
            b->space = sp;
        }
    }
    return true;
}

struct nest_scratch nest_scratch_of(struct ir_module *m, ir_op root)
{
    struct nest_scratch b = {0, 0, NULL};
    ir_walk(m, root, count_scratch, &b);
    return b;
}

/* The most copies of bufs (one now) that fit `share` of fn's scratchpad
 * beside the rest (0: none, nor a scratchpad). */
static uint32_t phases_room(struct nest_ctx *c, ir_op fn, const ir_value *bufs, uint32_t n,
                            double share)
{
    struct ir_module *m = c->m;
    struct nest_scratch b = nest_scratch_of(m, fn);
    uint32_t kind = b.space ? arch_kind_find(c->dev, b.space) : ARCH_NONE;
    if (kind == ARCH_NONE)
        return 0;
    double room = share * (double)c->dev->res[c->dev->kinds[kind].first].size - (double)b.bytes -
                  (double)c->pending_scratch;
    int64_t copy = 0;
    for (uint32_t k = 0; k < n; k++)
        copy += nest_memref_bytes(m, ir_value_type(m, bufs[k]));
    if (room < 0)
        return 0;
    return copy > 0 ? (uint32_t)fmin(room / (double)copy + 1, UINT32_MAX) : UINT32_MAX;
}

/* The loops around tile loop x up to `outermost` (itself included), or -1
 * when outermost is not around it. */
static int loops_to(const struct ir_module *m, ir_op x, ir_op outermost)
{
    int n = 0;
    for (ir_op p = ir_op_parent(m, x); p; p = ir_op_parent(m, p)) {
        n += ir_op_get(m, p)->kind == IR_OP_SCF_FOR;
        if (p == outermost)
            return n;
    }
    return -1;
}

/* The phases chosen nest i, its phases counted over the loops around it
 * up to `outermost`, needs for its DMAs to run ahead of its compute by
 * their latencies (nest_cost_run_ahead_phases). The period between its
 * runs is taken as the on-core cycles (nest_cost_oncore) of the nests in
 * those loops no deeper than it, once each (a row's passes; for a nest of
 * a remainder loop in the row, the row's passes and the remainder's: the
 * loop may run once a row); nests deeper than it are left out (a
 * remainder's, which may not run): a shorter period asks more phases, not
 * fewer. When one of them has a trip count known only at launch (priced
 * at a nominal count or a bound), the period is taken as the least it can
 * be, its own tiles' compute alone. 0 when the model priced no points or
 * --tile-sizes gave the phases. */
static uint32_t run_ahead(struct nest_ctx *c, uint32_t i, ir_op outermost, double *run,
                          int64_t *tiles)
{
    struct ir_module *m = c->m;
    int depth = loops_to(m, c->chosen[i].loop, outermost), d;
    int64_t pts = c->chosen[i].points, T = c->chosen[i].tile;
    if (pts <= 0 || T <= 0 || c->chosen[i].solo < 0 || c->chosen[i].phases_given)
        return 0;
    *tiles = (pts + T - 1) / T;
    double period = 0, own = 0;
    bool launch = false;
    for (uint32_t j = 0; j < c->nchosen; j++) {
        if (c->chosen[j].solo < 0 || (d = loops_to(m, c->chosen[j].loop, outermost)) < 0 ||
            d > depth)
            continue;
        double oc = nest_cost_oncore(c->dev, &c->chosen[j].p, (uint64_t)c->chosen[j].tile,
                                     c->chosen[j].phases, c->chosen[j].instances);
        period += oc;
        own = j == i ? oc : own;
        launch |= c->chosen[j].p.launch_points;
    }
    *run = launch ? own : period;
    return nest_cost_run_ahead_phases(c->dev, &c->chosen[i].p, (double)*tiles, *run);
}

/* The scf.for loops of a ktdf.buffer_phase's operands (IVs), outermost
 * first; false when one is not an IV or there are more than max. */
static bool phase_loops(const struct ir_module *m, ir_op ph, ir_op *loops, uint32_t max)
{
    const struct ir_op_info *o = ir_op_get(m, ph);
    if (o->nopnd > max)
        return false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!(loops[i] = sched_iv_loop(m, o->opnd[i])))
            return false;
    return true;
}

/* Whether tile loop tl may count its phases across the loops around it
 * up to `outermost`: yes when each of them runs alike in every run of
 * those around it (sched_lin_nest_alike), else when its loops are the same
 * as a phase's counted across `outermost` already (sched_lin_loops_same),
 * or fewer than SCHED_MAX_COUNTED_PHASES counts are (ktc-lower carries
 * each count across the loops in a register). */
static bool counted_room(struct nest_ctx *c, ir_op tl, ir_op outermost)
{
    struct ir_module *m = c->m;
    ir_op loops[MAX_OUTER + 1];
    uint32_t n = 0;
    for (ir_op p = tl; p && n <= MAX_OUTER; p = ir_op_parent(m, p)) {
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR)
            loops[n++] = p;
        if (p == outermost)
            break;
    }
    for (uint32_t i = 0; i < n / 2; i++) { /* outermost first */
        ir_op t = loops[i];
        loops[i] = loops[n - 1 - i];
        loops[n - 1 - i] = t;
    }
    if (sched_lin_nest_alike(m, loops, n))
        return true;
    /* the counts: one for each class of phases whose loops are the same */
    struct sched_ops phs = {0};
    sched_ops_of_kind(m, outermost, IR_OP_KTDF_BUFFER_PHASE, &phs);
    ir_op cls[SCHED_MAX_COUNTED_PHASES][MAX_OUTER + 1];
    uint32_t ncls[SCHED_MAX_COUNTED_PHASES], counted = 0;
    bool same = false;
    for (uint32_t i = 0; i < phs.n && !same; i++) {
        ir_op pl[MAX_OUTER + 1];
        uint32_t k = ir_op_get(m, phs.v[i])->nopnd, j = 0;
        if (k < 2 || !phase_loops(m, phs.v[i], pl, MAX_OUTER + 1) || pl[0] != outermost ||
            sched_lin_nest_alike(m, pl, k))
            continue;
        same = k == n && sched_lin_loops_same(m, pl, loops, n);
        while (j < counted && !(ncls[j] == k && sched_lin_loops_same(m, cls[j], pl, k)))
            j++;
        if (j == counted && counted < SCHED_MAX_COUNTED_PHASES) {
            memcpy(cls[counted], pl, k * sizeof *pl);
            ncls[counted++] = k;
        }
    }
    free(phs.v);
    if (same || counted < SCHED_MAX_COUNTED_PHASES)
        return true;
    ir_op fn = tl;
    while (ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    if (c->o->stats)
        fprintf(c->o->stats,
                "ktc-nest: @%s: row-phases: a nest whose loops run different numbers of "
                "iterations from row to row: its phases not counted across the rows (%u "
                "counts of such nests are)\n",
                ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s), counted);
    return false;
}

/* The scratchpad buffers of the DMA stages of tile loop tl's one
 * pipeline (in *pipe), which its phases copy: each allocated right
 * outside the loop and used in it alone, the pipeline's compute nested;
 * their number, 0 when the loop has none such. *fn: its function. */
static uint32_t dma_buffers(struct nest_ctx *c, ir_op tl, ir_op *pipe, ir_op *fn, ir_value *bufs)
{
    struct ir_module *m = c->m;
    *pipe = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, tl), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE)
            *pipe = *pipe ? (ir_op)-1 : op; /* exactly one */
    }
    if (!*pipe || *pipe == (ir_op)-1 || ir_op_attr(m, *pipe, "modulo"))
        return 0;
    uint32_t n = 0;
    bool nested = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, *pipe, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (!dma_stage(m, s)) {
            nested |= nest_has_pipeline(m, s) || nest_has_loop_nest(m, s);
            continue;
        }
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
            struct nest_side a, b;
            nest_read_side(m, op, 0, &a);
            nest_read_side(m, op, 1, &b);
            ir_value v = nest_is_ddr(m, a.v) ? b.v : a.v;
            ir_op d = ir_value_def(m, v);
            if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_ALLOC ||
                ir_op_parent(m, d) != ir_op_parent(m, tl))
                return 0;
            uint32_t k = 0;
            while (k < n && bufs[k] != v)
                k++;
            if (k == n) {
                if (n == MAX_BUFS)
                    return 0;
                bufs[n++] = v;
            }
        }
    }
    if (!nested || !n)
        return 0;
    /* every use in the tile loop (it retypes the buffer) */
    *fn = tl;
    while (ir_op_get(m, *fn)->kind != IR_OP_FUNC_FUNC)
        *fn = ir_op_parent(m, *fn);
    uint32_t *all = split_use_counts(m, *fn), *in = split_use_counts(m, tl);
    bool ok = true;
    for (uint32_t k = 0; k < n && ok; k++)
        ok = all[bufs[k]] == in[bufs[k]] && nest_prefixable(m, tl, bufs[k]);
    free(all);
    free(in);
    return ok ? n : 0;
}

/* The bytes tile loop tl's chosen phases add to its DMA buffers when
 * buffer_one gives them (a second copy when row-phases may give it two),
 * for the room of the loops phased before it (phases_room). */
static int64_t pending_copies(struct nest_ctx *c, ir_op tl)
{
    ir_value bufs[MAX_BUFS];
    ir_op pipe, fn;
    uint32_t n = dma_buffers(c, tl, &pipe, &fn, bufs);
    int64_t bytes = 0;
    for (uint32_t k = 0; k < n; k++)
        bytes += nest_memref_bytes(c->m, ir_value_type(c->m, bufs[k]));
    uint32_t K = phases_of(c, tl);
    return (int64_t)(K > 2 ? K - 1 : 1) * bytes;
}

static void buffer_one(struct nest_ctx *c, ir_op tl)
{
    struct ir_module *m = c->m;
    uint32_t K = phases_of(c, tl);
    int64_t nt, lb, step;
    const struct ir_op_info *to = ir_op_get(m, tl);
    /* row-phases: the phases also count the loops around (a row loop), so
     * the DMA fills the next row's first tile while this row computes */
    ir_value ivs[MAX_OUTER + 1];
    uint32_t niv = 0;
    ir_op outermost = IR_NONE;
    if (!(c->o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_PHASES)))
        niv = outer_ivs(m, tl, ivs, &outermost);
    bool single = K < 2 || (split_const_int(m, to->opnd[1], &nt) && nt < 2);
    if ((single && !niv) || !split_const_int(m, to->opnd[0], &lb) || lb ||
        !split_const_int(m, to->opnd[2], &step) || step != 1)
        return;
    if (niv && K < 2)
        K = 2;
    ir_value bufs[MAX_BUFS];
    ir_op pipe, fn;
    uint32_t n = dma_buffers(c, tl, &pipe, &fn, bufs);
    if (!n)
        return;
    /* row-phases: as many phases as the DMAs need to run ahead by their
     * latency, in half the scratchpad (the nests after it phase theirs) */
    uint32_t want = 0, chosen = K;
    int64_t tiles = 0;
    double run = 0;
    for (uint32_t i = 0; niv && i < c->nchosen; i++)
        if (c->chosen[i].loop == tl)
            want = run_ahead(c, i, outermost, &run, &tiles);
    if (want > K)
        want = (uint32_t)fmin(want, phases_room(c, fn, bufs, n, 0.5));
    if (want > K) {
        K = want;
        if (c->o->stats)
            fprintf(c->o->stats,
                    "ktc-nest: @%s: row-phases: a nest of %lld tile%s a run, a run every %.0f "
                    "modeled cycles: %u phases, not %u, for its DMAs to run ahead by their "
                    "latency\n",
                    ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s),
                    (long long)tiles, tiles == 1 ? "" : "s", run, K, chosen);
    }
    if (niv && K > phases_of(c, tl) && K > phases_room(c, fn, bufs, n, 1)) {
        if (single)
            return; /* no room for the copies a row ahead */
        K = phases_of(c, tl);
        niv = 0;
    }
    if (niv && !counted_room(c, tl, outermost))
        niv = 0;
    ivs[niv++] = nest_for_iv(m, tl);
    struct split_b b;
    struct ir_loc loc = ir_op_get(m, pipe)->loc;
    sb_before(&b, m, pipe, loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.buffer_phase", loc);
    for (uint32_t k = 0; k < niv; k++)
        ir_state_add_operand(m, &st, ivs[k]);
    ir_state_set_attr(m, &st, "num_phases", ir_attr_int(m, K, m->t_i64));
    ir_state_add_result(m, &st, m->t_index);
    ir_value ph = ir_op_result(m, sb_emit(&b, &st), 0);
    split_set_name(m, ph, "ph");
    for (uint32_t k = 0; k < n; k++) {
        struct ir_value_info *vi = ir_value_get(m, bufs[k]);
        vi->type = nest_memref_prefixed(m, vi->type, K);
        nest_prefix_buffer(m, tl, bufs[k], bufs[k], (struct nest_sub){.v = ph});
        /* phases across the loops around: allocated before them, the
         * buffer lives across all their iterations (ktc-allocate gives its
         * bytes to nothing else the rows use) */
        if (niv > 1) {
            ir_op d = ir_value_def(m, bufs[k]);
            ir_op_unlink(m, d);
            ir_op_insert_before(m, outermost, d);
        }
    }
    ir_op_set_attr(m, pipe, "modulo", ir_attr_int(m, K, m->t_i64));
}

/* ---- copies by a row loop's runs ---------------------------------------- */

/* Whether normalized loop runs at most once: nest_for_at_most_once, or
 * sched_for_at_most_once (a row's masked block, a tile loop's remainder of
 * n mod 2; not in nest_for_at_most_once, which broadcast's outer hoists
 * also ask). */
static bool once(const struct ir_module *m, ir_op loop)
{
    int64_t lo, step;
    bool runs;
    return nest_for_at_most_once(m, loop) || sched_for_at_most_once(m, loop, &lo, &step, &runs);
}

ir_op nest_row_loop(const struct ir_module *m, ir_op op, bool *through)
{
    *through = false;
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p)) {
        uint32_t k = ir_op_get(m, p)->kind;
        if (k == IR_OP_KTDF_PIPELINE || k == IR_OP_KTDF_STAGE || k == IR_OP_KTDF_PARALLEL ||
            k == IR_OP_FUNC_FUNC)
            return IR_NONE;
        if (k != IR_OP_SCF_FOR)
            continue;
        if (ir_op_get(m, p)->nres)
            return IR_NONE;
        if (once(m, p)) {
            *through = true;
            continue;
        }
        /* runs known to be more than one: a count known only at launch
         * may be 1 (old_lanes_unwritten's masked blocks, a call a row: the
         * copies' credits, primed and drained every call, cost 179 -> 218
         * cycles on sample); one the tile id sets is known on every tile
         * (fold-grid's loop over the tiles a core hosts: a masked block's
         * old lanes a tile ahead, vadd_grid977 at n = 5000 on spyre 5001
         * -> 1497 cycles) */
        int64_t trips, lb, step;
        const struct ir_op_info *o = ir_op_get(m, p);
        if (nest_for_normal(m, p, &trips))
            return trips >= 2 ? p : IR_NONE;
        ir_op fn = p;
        while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
            fn = ir_op_parent(m, fn);
        return split_const_int(m, o->opnd[0], &lb) && lb == 0 &&
                       split_const_int(m, o->opnd[2], &step) && step == 1 && fn &&
                       nest_eval_least(m, fn, o->opnd[1], &trips) && trips >= 2
                   ? p
                   : IR_NONE;
    }
    return IR_NONE;
}

bool nest_copyable(struct ir_module *m, ir_op root, ir_value buf)
{
    return nest_memref_bytes(m, ir_value_type(m, buf)) <= NEST_ROW_COPY_BYTES &&
           nest_prefixable(m, root, buf);
}

uint32_t nest_copies_room(struct nest_ctx *c, ir_op fn, const ir_value *bufs, uint32_t n)
{
    uint32_t k = phases_room(c, fn, bufs, n, 0.5);
    return k < NEST_ROW_COPIES ? k : NEST_ROW_COPIES;
}

uint32_t nest_copies_small(struct nest_ctx *c, ir_value buf)
{
    ir_type t = ir_value_type(c->m, buf);
    const char *sp = nest_memref_space(c->m, t);
    uint32_t kind = sp ? arch_kind_find(c->dev, sp) : ARCH_NONE;
    int64_t bytes = nest_memref_bytes(c->m, t), k = NEST_ROW_COPIES;
    if (kind == ARCH_NONE || bytes <= 0)
        return 0;
    int64_t cap = c->dev->res[c->dev->kinds[kind].first].size / 256;
    while (k > 1 && (k - 1) * bytes > cap)
        k--;
    return (uint32_t)k;
}

ir_value nest_copies_by_runs(struct ir_module *m, ir_op R, ir_op at, ir_op root, ir_value buf,
                             uint32_t k, ir_value *ph)
{
    struct split_b b;
    struct ir_loc loc = ir_op_get(m, at)->loc;
    if (!*ph) {
        sb_before(&b, m, at, loc);
        struct ir_op_state st;
        ir_state_init(&st, m, "ktdf.buffer_phase", loc);
        ir_state_add_operand(m, &st, nest_for_iv(m, R));
        ir_state_set_attr(m, &st, "num_phases", ir_attr_int(m, k, m->t_i64));
        ir_state_add_result(m, &st, m->t_index);
        *ph = ir_op_result(m, sb_emit(&b, &st), 0);
        split_set_name(m, *ph, "rph");
    }
    sb_before(&b, m, R, loc);
    ir_type t2 = nest_memref_prefixed(m, ir_value_type(m, buf), k);
    ir_value nb = nest_make_op(&b, "memref.alloc", t2);
    ir_value_get(m, nb)->name = ir_value_get(m, buf)->name;
    nest_prefix_buffer(m, root, buf, nb, (struct nest_sub){.v = *ph});
    return nb;
}

/* The loop a pipeline of no tile loop runs in whose runs its staging
 * buffers' copies count (buffer_once): a row loop it runs at most once a
 * run of (nest_row_loop, through loops of at most one trip: a tile loop's
 * remainder of at most 1 point, a row's masked block), or the tile loop's
 * remainder loop it is in when that may run more than once (tiles of T >=
 * 3: up to T - 1 points). */
static ir_op once_loop(const struct ir_module *m, ir_op pipe)
{
    bool through;
    ir_op R = nest_row_loop(m, pipe, &through), p = ir_op_parent(m, pipe);
    if (R && through)
        return R;
    const char *ty = p && ir_op_get(m, p)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, p) : NULL;
    int64_t hi;
    return ty && strcmp(ty, "remainder_loop") == 0 && !ir_op_get(m, p)->nres && !once(m, p) &&
                   sched_value_upper(m, ir_op_get(m, p)->opnd[1], &hi, 8)
               ? p
               : IR_NONE;
}

/* row-phases for a pipeline of no tile loop that runs at most once a run
 * of a row loop R, or in a tile loop's remainder loop R (once_loop), not
 * modulo: its private scratchpad buffers (DMA staging, at most
 * NEST_ROW_COPY_BYTES each) take NEST_ROW_COPIES copies by R's runs, so
 * the next run fills its copy while this one's drains (ktc-lower passes
 * over the loops of at most one trip for those copies), as many as half
 * the scratchpad holds (nest_copies_room), at least 2: peel_carried's
 * whole blocks below n = 200 in tiles of 4, its 3 a remainder of 3
 * points, 721 -> 409 cycles. */
static void buffer_once(struct nest_ctx *c, ir_op fn, ir_op pipe)
{
    struct ir_module *m = c->m;
    ir_op R = once_loop(m, pipe), priv = nest_pipe_private(m, pipe);
    if (!R || !priv || ir_op_attr(m, pipe, "modulo"))
        return;
    const struct ir_op_info *po = ir_op_get(m, priv);
    ir_op yield = ir_block_get(m, ir_region_entry(m, po->regs[0]))->last;
    ir_value bufs[MAX_BUFS];
    uint32_t res[MAX_BUFS], n = 0;
    for (uint32_t r = 0; r < po->nres && n < MAX_BUFS; r++) {
        ir_value v = po->res + r;
        ir_op a = ir_value_def(m, ir_op_get(m, yield)->opnd[r]);
        const char *sp = nest_memref_space(m, ir_value_type(m, v));
        if (a && ir_op_get(m, a)->kind == IR_OP_MEMREF_ALLOC && sp && !nest_is_ddr(m, v) &&
            nest_copyable(m, pipe, v)) {
            res[n] = r;
            bufs[n++] = v;
        }
    }
    uint32_t k = n ? nest_copies_room(c, fn, bufs, n) : 0;
    if (k < 2)
        return;
    ir_value ph = IR_NONE;
    for (uint32_t i = 0; i < n; i++) {
        ir_value nb = nest_copies_by_runs(m, R, pipe, pipe, bufs[i], k, &ph);
        ir_value_get(m, nb)->name = ir_value_get(m, ir_op_get(m, yield)->opnd[res[i]])->name;
    }
    nest_prune_private(m, pipe);
}

static bool collect_once(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE)
        sched_ops_push(ctx, op);
    return true;
}

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    ir_op *v = ctx;
    const char *ty;
    if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && (ty = nest_loop_type(m, op)) &&
        strcmp(ty, "tile_loop") == 0 && v[0] < 64)
        v[1 + v[0]++] = op;
    return true;
}

bool nest_double_buffer(struct nest_ctx *c, ir_op fn)
{
    ir_op v[65] = {0};
    int64_t pending[64];
    ir_walk(c->m, fn, collect, v);
    /* the copies of the loops phased later are spoken for (a row's nests
     * took more phases than a scratchpad of 128 KiB holds: 146944 bytes) */
    c->pending_scratch = 0;
    for (uint32_t i = 0; i < v[0]; i++)
        c->pending_scratch += pending[i] = pending_copies(c, v[1 + i]);
    for (uint32_t i = 0; i < v[0]; i++) {
        c->pending_scratch -= pending[i];
        buffer_one(c, v[1 + i]);
    }
    c->pending_scratch = 0;
    if (!(c->o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_PHASES))) {
        struct sched_ops p = {0};
        ir_walk(c->m, fn, collect_once, &p);
        for (uint32_t i = 0; i < p.n; i++)
            buffer_once(c, fn, p.v[i]);
        free(p.v);
    }
    return true;
}
