/* nest_cost.c - ktc-nest's device cost model (nest_cost.h): the modeled
 * cycles of a coarsened program and the choice of tile size, buffer phases
 * and corelet split. Every number comes from the device model (arch.h),
 * charged the way the simulator charges it (codegen/README.md, "Timing").
 *
 * Per tile of T points on one core, with I instances and K phases:
 *
 *   L  = in  / min(read path bw, share)     DMA-in: the DMA unit's occupancy
 *   S  = out / min(write path bw, share)    DMA-out
 *   D  = (in + out) / share                 the core's slice of the device
 *                                           memory's aggregate bandwidth
 *   C  = ceil(T / I) * rate + rounds        compute: the slowest unit of the
 *                                           load -> compute -> store chain, and
 *                                           the waits between the loops of the
 *                                           point's inner pipelines (with
 *                                           point_rounds and I = 1, each point's:
 *                                           T * (rate + rounds)), and, when the
 *                                           points carry an accumulator through
 *                                           the scratchpad and a tile is one of
 *                                           them, the wait for the tile before's
 *                                           store of it (chain + 2 signals)
 *   share = aggregate / cores (unlimited when the memory has none)
 *
 * The program is then scheduled tile by tile on every core sharing the
 * device memory (schedule()), as ktc-lower synchronizes the outer pipeline
 * and the simulator grants device memory: the load of tile i waits for the
 * compute of tile i - K to have drained its phase (a credit signal), its
 * data is ready L + read latency + signal later (ktc-lower signals after
 * each DMA: the pipelines of a point before the first reading a load, its
 * loads_before and ops_before, run while that load lands when the tile
 * is a point per corelet instance); the compute of
 * tile i waits for it, for tile i - 1's compute and for the store of tile i - K
 * (its output phase: write latency + signal); the store starts chain +
 * signal after the compute. Each DMA starts when its unit and the
 * aggregate are free, in the order the DMAs ask, across cores: the cores
 * drift apart, the last one served waiting behind a DMA of every other
 * core for each of its own. The program ends when the last store of the
 * last core has landed. So the first tile's latency, the fill and drain,
 * the phases it takes to cover the load latency (K tiles in flight: while
 * ntiles <= K the loads stream back to back) and the loads running ahead
 * of the first store (the device memory not yet shared with stores) all
 * come out of the schedule rather than of a formula. With ktc-nest's
 * lane-transfers (lane_xfers, one phase, I > 1) each DMA moves as I
 * parts, one per lane in lane order: lane l computes once its parts have
 * landed, and its store parts wait for its compute only.
 *
 * The steady state (nest_cost_steady) keeps the closed form: a buffer
 * phase is reused K tiles later, once its round trip is over: in = L +
 * read latency + signal + C + signal; out = C + chain latency + signal + S
 * + write latency + signal (no latency for a side with no transfer); a
 * tile every
 *
 *   P = max(L, S, C, D, in / K, out / K)
 *
 * Checked against the simulator by //tests/bench:nest_table (predicted vs
 * simulated cycles per kernel) and the cases of tests/passes/nest_cost.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/nest_cost.h"

/* fmax and fmin as the model uses them, inline: the choice prices
 * thousands of schedules, and libm's are calls (NaN as they treat it). */
static inline double dmax(double a, double b)
{
    return a > b || isnan(b) ? a : b;
}

static inline double dmin(double a, double b)
{
    return a < b || isnan(b) ? a : b;
}

/* What the model reads off the device once per query. */
struct dev_timing {
    double rd_bw, wr_bw;    /* device memory <-> scratchpad paths, bytes/cycle */
    double rd_lat, wr_lat;  /* their latencies, cycles */
    double aggregate;       /* device memory's aggregate bandwidth, 0 = unlimited */
    double ld_l1_bw, ld_fifo_bw, st_fifo_bw, st_l1_bw; /* the on-core chain's links */
    double ld_l1_lat;       /* scratchpad -> load unit */
    double fifo_in_lat, fifo_out_lat; /* load unit -> compute unit -> store unit */
    double chain_lat;       /* scratchpad -> ... -> scratchpad, one vector */
    double lanes;           /* of the compute unit for the element type */
    double sig_lat;         /* a signal between units */
    int64_t capacity;       /* scratchpad bytes, 0 = not given */
};

/* Bandwidth a link sustains: its own, or less when its queue cannot hold
 * what is in flight over its latency (depth slots of its widest granule). */
static double link_bw(const struct arch_link *x)
{
    double bw = (double)x->bandwidth;
    if (x->queue && x->depth > 0) {
        int64_t slot = 0;
        for (uint32_t g = 0; g < x->ngranularity; g++)
            if (x->granularity[g] > slot)
                slot = x->granularity[g];
        if (x->queue_size > 0)
            slot = x->queue_size / x->depth;
        if (slot > 0) {
            double q = (double)(x->depth * slot) / ((double)slot / bw + (double)x->latency);
            if (q < bw)
                bw = q;
        }
    }
    return bw;
}

/* The route's least bandwidth and total latency; false when there is none. */
static bool route_timing(const struct arch_device *dev, const char *from, const char *to,
                         double *bw, double *lat, struct arch_route *keep)
{
    struct ir_diag quiet;
    ir_diag_init(&quiet, NULL);
    struct arch_route r;
    bool ok = from && to && arch_route(dev, from, to, &r, &quiet);
    ir_diag_free(&quiet);
    if (!ok)
        return false;
    bool hops = r.n >= 2;
    *bw = INFINITY;
    *lat = 0;
    for (uint32_t i = 0; i + 1 < r.n; i++) {
        const struct arch_link *x = &dev->links[r.links[i]];
        if (link_bw(x) < *bw)
            *bw = link_bw(x);
        *lat += (double)x->latency;
    }
    if (keep)
        *keep = r;
    else
        arch_route_free(&r);
    return hops;
}

/* The first execution unit with the compute feature, or ARCH_NONE. */
static uint32_t compute_unit(const struct arch_device *dev)
{
    for (uint32_t i = 0; i < dev->nres; i++)
        if (dev->res[i].node == ARCH_UNIT && (dev->res[i].features & ARCH_F_COMPUTE))
            return i;
    return ARCH_NONE;
}

static void dev_timing(const struct arch_device *dev, const char *elem_type,
                       struct dev_timing *t)
{
    const double dflt_bw = ARCH_DEFAULT_BANDWIDTH, dflt_lat = ARCH_DEFAULT_LATENCY;
    memset(t, 0, sizeof *t);
    t->sig_lat = dflt_lat; /* signals carry no data: the simulator's default latency */
    const char *ddr = arch_space_kind(dev, IR_MS_GLOBAL);
    const char *l1 = arch_space_kind(dev, IR_MS_CT_LOCAL);
    if (!route_timing(dev, ddr, l1, &t->rd_bw, &t->rd_lat, NULL))
        t->rd_bw = dflt_bw, t->rd_lat = dflt_lat;
    if (!route_timing(dev, l1, ddr, &t->wr_bw, &t->wr_lat, NULL))
        t->wr_bw = dflt_bw, t->wr_lat = dflt_lat;
    uint32_t k = ddr ? arch_kind_find(dev, ddr) : ARCH_NONE;
    if (k != ARCH_NONE)
        t->aggregate = (double)dev->res[dev->kinds[k].first].aggregate_bandwidth;
    k = l1 ? arch_kind_find(dev, l1) : ARCH_NONE;
    if (k != ARCH_NONE)
        t->capacity = dev->res[dev->kinds[k].first].size;

    /* The on-core chain: scratchpad -> load unit -> compute unit, and back. */
    t->ld_l1_bw = t->ld_fifo_bw = t->st_fifo_bw = t->st_l1_bw = dflt_bw;
    t->chain_lat = 4 * dflt_lat;
    t->ld_l1_lat = t->fifo_in_lat = t->fifo_out_lat = dflt_lat;
    t->lanes = 1;
    uint32_t cu = compute_unit(dev);
    if (cu == ARCH_NONE)
        return;
    const char *ck = dev->res[cu].kind;
    struct arch_route in, out;
    double bw, lat_in = 2 * dflt_lat, lat_out = 2 * dflt_lat;
    if (route_timing(dev, l1, ck, &bw, &lat_in, &in)) {
        t->ld_l1_bw = link_bw(&dev->links[in.links[0]]);
        t->ld_l1_lat = (double)dev->links[in.links[0]].latency;
        t->fifo_in_lat = (double)dev->links[in.links[in.n - 2]].latency;
        t->ld_fifo_bw = link_bw(&dev->links[in.links[in.n - 2]]);
        arch_route_free(&in);
    }
    if (route_timing(dev, ck, l1, &bw, &lat_out, &out)) {
        t->st_fifo_bw = link_bw(&dev->links[out.links[0]]);
        t->st_l1_bw = link_bw(&dev->links[out.links[out.n - 2]]);
        t->fifo_out_lat = (double)dev->links[out.links[0]].latency;
        arch_route_free(&out);
    }
    t->chain_lat = lat_in + lat_out;
    int64_t lanes = 0;
    if (elem_type)
        lanes = arch_lanes(dev, cu, elem_type);
    for (uint32_t i = 0; !lanes && i < dev->res[cu].nlanes; i++)
        if (dev->res[cu].lanes[i].count > lanes)
            lanes = dev->res[cu].lanes[i].count;
    t->lanes = lanes > 0 ? (double)lanes : 1;
}

/* Bits of an element type named like "f16", "i32", "bf16"; 0 when the
 * name ends in no number. */
static int type_bits(const char *type)
{
    size_t n = strlen(type), i = n;
    while (i > 0 && type[i - 1] >= '0' && type[i - 1] <= '9')
        i--;
    return i < n ? atoi(type + i) : 0;
}

/* ktc-lower's load groups (lower.h): up to this many scratchpad -> FIFO
 * loads of a stage issue before their sends, so their latencies overlap;
 * a point loop of load stages only is unrolled by 4 or 2 (as the group and
 * its trip count allow) so that a group spans points. A property of our
 * lowering, not of the device. */
enum { LOWER_LOAD_GROUP = NEST_COST_LOAD_GROUP };

/* Cycles the chain's slowest unit spends on one point, the point loop
 * running trips points on each instance. */
uint64_t nest_cost_splat_block(uint64_t per, uint64_t splats)
{
    if (per == 2 * NEST_COST_SPLAT_SHARE)
        return per;
    if (splats == 1 && per % (4 * NEST_COST_SPLAT_SHARE) == 0)
        return 4 * NEST_COST_SPLAT_SHARE;
    return NEST_COST_SPLAT_SHARE;
}

static double point_rate(const struct dev_timing *t, const struct nest_cost_program *p,
                         uint64_t trips, uint32_t instances, double *op_cycles, double *ld_out,
                         double *cu_out)
{
    double elems = p->vector_elems ? (double)p->vector_elems : t->lanes;
    *op_cycles = ceil(elems / t->lanes);
    double ops = (double)p->vector_ops_per_point * *op_cycles +
                 (double)p->reductions_per_point * (ceil(log2(dmax(t->lanes, 2))) + 1);
    /* The compute unit sends each result as it writes it (OP.send,
     * ktc-codegen's send fusion): its ops, or the FIFO's bytes when that
     * link is slower. */
    double cu = dmax(ops, (double)p->fifo_out_bytes_per_point / t->st_fifo_bw);
    /* The load unit's time is charged as a load and then a send of each
     * vector, though ktc-codegen streams such a pair into the FIFO as one
     * vlds over both links (codegen_sched.c). Charged as the code runs
     * (the slower link's time alone), the choices got worse over
     * tests/kernels (tests/bench/sweep.sh: geomean 1.013; ragged_small_l1
     * on small_l1 732 -> 4210 cycles, row-jam taken on a prediction it
     * then missed by 5x; cols_masked 352 -> 491, one corelet instead of
     * two on a prediction 3 cycles better): the latency terms this
     * overcharge offsets (a short tile's trip around the chain) need
     * refitting first. A program priced whole (streamed_loads: ktc-nest's
     * "program modeled", which row-jam and resident-rows choose by) is
     * charged as the code runs: its nests' trips overlap, as a lone
     * nest's short tiles do not (layernorm_triton_4096x1000, 8 rows a
     * jammed run, W and B kept: modeled 210691 cycles, simulated 158932;
     * now 139511).
     *
     * Coarsening gives each inner pipeline of the point loop a loop of its
     * own over the tile's points (fission), in order. In each, the load
     * unit issues a group of loads before their sends (ktc-lower's, across
     * unrolled points; or as measured: load_groups_per_point), so the
     * scratchpad latency shows once a group, each load taking a cycle at
     * least (l1_loads_per_point); each
     * loop after the first starts once the previous one's last point has
     * gone around the chain (round_trips). */
    double npipes = p->pipelines_per_point ? p->pipelines_per_point : 1;
    double l1 = (double)p->l1_load_bytes_per_point;
    double vec = p->elem_type ? elems * (double)type_bits(p->elem_type) / 8 : 0;
    if (vec <= 0 || vec > l1 / npipes)
        vec = l1 / npipes;
    double unroll = 1;
    double nvld = vec > 0 ? ceil(l1 / npipes / vec) : 0; /* a pipeline's loads a point */
    for (int u = 4; nvld > 0 && u >= 2 && unroll == 1; u /= 2)
        if (u * nvld <= LOWER_LOAD_GROUP && trips % (uint64_t)u == 0)
            unroll = u;
    double groups = p->load_groups_per_point ? (double)p->load_groups_per_point
                                             : npipes / unroll;
    /* splat-hoist's sharing of a splat vector over NEST_COST_SPLAT_SHARE
     * points: those loads once, the pass's loads in groups of its unrolled
     * pipeline; a point loop split over corelets too when each instance's
     * points are a multiple of it (nest_splat.c, share_splat: trips is an
     * instance's points, 1 when the split is unbalanced) */
    double nld = (double)p->l1_loads_per_point, fin = (double)p->fifo_in_bytes_per_point;
    double sh = (double)p->shared_loads_per_point, k = NEST_COST_SPLAT_SHARE;
    if (sh > 0 && trips % NEST_COST_SPLAT_SHARE == 0) {
        /* a corelet split: the instance's block (nest_cost_splat_block) */
        if (instances > 1)
            k = (double)nest_cost_splat_block(trips, p->shared_loads_per_point);
        double saved = sh * (k - 1) / k, per = fin / dmax(nld, 1);
        l1 -= saved * (l1 / dmax(nld, 1));
        fin -= saved * per;
        nld -= saved;
        groups = npipes / k * ceil((k * nvld - (k - 1) * sh / npipes) / LOWER_LOAD_GROUP);
    }
    double chain = l1 > 0 ? groups * (vec / t->ld_l1_bw + t->ld_l1_lat) : 0;
    double rd = dmax(dmax(l1 / t->ld_l1_bw, nld), chain), fifo = fin / t->ld_fifo_bw;
    double ld = (p->streamed_loads ? dmax(rd, fifo) : rd + fifo) +
                (double)p->splats_per_point * t->ld_l1_lat;
    double st = (double)p->l1_store_bytes_per_point / t->st_l1_bw;
    *ld_out = ld;
    *cu_out = cu;
    return dmax(ld, dmax(cu, st));
}

/* What a tile's compute waits between its inner pipelines' loops: each
 * after the first starts once the previous one's last point has gone
 * around the chain (FIFO hops, its compute, the store, a signal back);
 * of a pipeline streaming a loop, its last iteration. */
static double round_trips(const struct dev_timing *t, const struct nest_cost_program *p,
                          double op_cycles)
{
    double npipes = p->pipelines_per_point ? p->pipelines_per_point : 1;
    double iters = dmax(npipes, (double)p->pipeline_iters_per_point);
    double ops = (double)p->vector_ops_per_point * op_cycles +
                 (double)p->reductions_per_point * (ceil(log2(dmax(t->lanes, 2))) + 1);
    double out = (double)p->l1_store_bytes_per_point / iters;
    double round = t->ld_l1_lat + t->fifo_in_lat + ops / iters + out / t->st_fifo_bw +
                   t->fifo_out_lat + out / t->st_l1_bw + 2 * t->sig_lat;
    double nops = p->pipeline_ops_per_point ? p->pipeline_ops_per_point : npipes;
    return (nops - 1) * round;
}

/* The tiles the schedule of predict() follows one by one; past them each
 * core goes on at the period of its last SCHED_WINDOW tiles (a schedule of
 * K phases repeats every K tiles once the fill is over), and no faster
 * than the aggregate lets all cores move a tile. */
enum { SCHED_TILES = 128, SCHED_WINDOW = 64, SCHED_XFERS = 16 };

/* nest_cost_choose's margin on a tile's compute: the schedule leaves the
 * last tile's compute exposed, and the chain's stalls between dependent
 * pipelines (a reduction's levels, an accumulator read back) can make it
 * take up to twice what point_rate says: among choices the model finds
 * about as fast, the one with less compute a tile risks less. */
#define CHOOSE_COMPUTE_RISK 0.5
/* How much faster a larger tile must be modeled, for a trip count known only
 * at launch, to be taken over a smaller one (choose()). */
#define LAUNCH_TILE_MARGIN 0.005

/* What one tile costs each unit of the outer pipeline. */
struct tile_cost {
    uint32_t nld, nst;             /* its DMAs, in the order the units issue them */
    double ld[SCHED_XFERS], st[SCHED_XFERS]; /* their bytes */
    double rd_bw, wr_bw;           /* the DMA routes' bandwidth */
    double aggregate;              /* device memory's, shared by all cores; INFINITY = none */
    uint32_t cores;                /* running the program at the same time */
    double C;                      /* the on-core chain's busy time */
    double pre[SCHED_XFERS];       /* of it, what may run before load i has landed */
    double chain;                  /* the last vector's trip from load to store */
    double rd_lat, wr_lat, sig;
    uint32_t lanes;                /* each DMA moves as this many parts, lane by lane
                                      (ktc-nest's lane-transfers): lane l's compute
                                      waits for its parts, its store parts for its
                                      compute; 1: whole */
};

/* One core's outer pipeline: its next load, compute and store tile, the
 * DMA of that tile its units issue next (lx, sx: the part, lane by lane
 * within a transfer), when they are free, and per tile when its compute
 * ends (every lane's), its store ends and lands; per lane of a tile
 * (tile * lanes + lane) when its data is ready and its compute ends. */
struct core_sched {
    uint32_t li, lx, ci, si, sx;
    double ld_free, st_free;
    double *comp_free, *rdy; /* per lane */
    double *ready, *cel, *ce, *se, *sd;
};

/* When core k's next DMA asks for device memory (INFINITY: it cannot yet:
 * its credit or its data comes from a compute not scheduled), and whether
 * it is a store. Loads of tile i wait for the compute of tile i - K to have
 * drained its phase (a credit signal); a store for the tile's last vector
 * in the scratchpad and its signal. */
static double next_ask(const struct tile_cost *c, const struct core_sched *k, uint32_t n,
                       uint32_t K, bool *store)
{
    double t_ld = INFINITY, t_st = INFINITY;
    if (k->li < n && (k->lx || k->li < K || k->ci > k->li - K))
        t_ld = k->lx || k->li < K ? k->ld_free : dmax(k->ld_free, k->ce[k->li - K] + c->sig);
    if (k->si < k->ci) /* a lane's first part waits for that lane's compute */
        t_st = k->sx >= c->lanes
                   ? k->st_free
                   : dmax(k->st_free, k->cel[k->si * c->lanes + k->sx] + c->chain + c->sig);
    *store = t_st < t_ld;
    return dmin(t_ld, t_st);
}

/* Every compute of core k whose inputs are known: it waits for the tile's
 * data, the previous tile's compute and the store of tile i - K to have
 * left its output phase (the write latency and a credit signal). */
static void computes(const struct tile_cost *c, struct core_sched *k, uint32_t K)
{
    while (k->ci < k->li && (k->ci < K || k->si > k->ci - K)) {
        k->ce[k->ci] = 0;
        for (uint32_t l = 0; l < c->lanes; l++) {
            double start = dmax(k->ready[k->ci * c->lanes + l], k->comp_free[l]);
            if (k->ci >= K)
                start = dmax(start, k->sd[k->ci - K] + c->sig);
            k->cel[k->ci * c->lanes + l] = k->comp_free[l] = start + c->C;
            k->ce[k->ci] = dmax(k->ce[k->ci], start + c->C);
        }
        if (!c->nst) /* nothing to store: done when the chain is */
            k->se[k->si] = k->sd[k->si] = k->ce[k->ci] + c->chain + c->sig, k->si++;
        k->ci++;
    }
}

/* The outer pipeline of n tiles with K phases on every core, DMA by DMA,
 * as ktc-lower synchronizes it and the simulator grants device memory: a
 * DMA starts when its unit, its route and the aggregate are free, in the
 * order the DMAs ask (the cores drift apart: the one served last waits
 * behind a DMA of every other core for each of its own). The program ends
 * when the last core's last store has landed. */
static double schedule(const struct tile_cost *c, double ntiles, uint32_t K)
{
    uint32_t n = ntiles < SCHED_TILES ? (uint32_t)ntiles : SCHED_TILES;
    uint32_t ncores = c->cores ? c->cores : 1, L = c->lanes;
    size_t per = 3 * (size_t)n + 2 * (size_t)n * L + 2 * (size_t)L;
    struct core_sched *cs = calloc(ncores, sizeof *cs);
    double *mem = calloc(per * ncores, sizeof *mem);
    if (!cs || !mem)
        abort();
    for (uint32_t j = 0; j < ncores; j++) {
        cs[j].ce = mem + per * j;
        cs[j].se = cs[j].ce + n;
        cs[j].sd = cs[j].se + n;
        cs[j].ready = cs[j].sd + n;
        cs[j].cel = cs[j].ready + (size_t)n * L;
        cs[j].comp_free = cs[j].cel + (size_t)n * L;
        cs[j].rdy = cs[j].comp_free + L;
        if (!c->nld) /* nothing to load: every tile's data is there */
            for (uint32_t i = 0; i < n * L; i++)
                cs[j].ready[i] = c->sig;
        if (!c->nld)
            cs[j].li = n;
    }
    /* each core's next ask (and whether a store): only the core served
     * changes, so only its ask is made again */
    double *ask = malloc(ncores * sizeof *ask);
    bool *asks_store = malloc(ncores * sizeof *asks_store);
    if (!ask || !asks_store)
        abort();
    for (uint32_t j = 0; j < ncores; j++) {
        computes(c, &cs[j], K);
        ask[j] = next_ask(c, &cs[j], n, K, &asks_store[j]);
    }
    double agg_free = 0;
    for (;;) {
        uint32_t best = ncores;
        double t = INFINITY;
        for (uint32_t j = 0; j < ncores; j++)
            if (ask[j] < t)
                t = ask[j], best = j;
        if (best == ncores)
            break;
        bool store = asks_store[best];
        struct core_sched *k = &cs[best];
        uint32_t x = (store ? k->sx : k->lx) / L, l = (store ? k->sx : k->lx) % L;
        double b = (store ? c->st[x] : c->ld[x]) / L;
        double s = dmax(t, agg_free);
        agg_free = s + (isinf(c->aggregate) ? 0 : b / c->aggregate);
        if (store) {
            k->st_free = s + b / c->wr_bw;
            if (++k->sx == c->nst * L) {
                k->se[k->si] = k->st_free;
                k->sd[k->si] = k->st_free + c->wr_lat;
                k->st_free += c->sig; /* busy issuing the tile's signal */
                k->sx = 0;
                k->si++;
            }
        } else {
            k->ld_free = s + b / c->rd_bw;
            /* the compute may start pre cycles before the load lands */
            k->rdy[l] = dmax(x ? k->rdy[l] : 0, k->ld_free + c->rd_lat + c->sig - c->pre[x]);
            if (x == c->nld - 1) {
                k->ready[k->li * L + l] = k->rdy[l];
                /* busy issuing the tile's signals: a lane's before the
                 * last, issued while the next lane's DMA is still queued
                 * behind it, delays nothing */
                if (l == L - 1)
                    k->ld_free += c->sig;
            }
            if (++k->lx == c->nld * L) {
                k->lx = 0;
                k->li++;
            }
        }
        computes(c, k, K);
        ask[best] = next_ask(c, k, n, K, &asks_store[best]);
    }
    free(ask);
    free(asks_store);
    double end = 0, round = 0; /* the aggregate's time for a tile of every core */
    for (uint32_t i = 0; i < c->nld; i++)
        round += c->ld[i];
    for (uint32_t i = 0; i < c->nst; i++)
        round += c->st[i];
    round = isinf(c->aggregate) ? 0 : round * ncores / c->aggregate;
    for (uint32_t j = 0; j < ncores; j++) {
        double e = cs[j].sd[n - 1];
        if (ntiles > n) {
            uint32_t w = n / 2 < SCHED_WINDOW ? n / 2 : SCHED_WINDOW;
            e += (ntiles - n) * dmax((cs[j].se[n - 1] - cs[j].se[n - 1 - w]) / w, round);
        }
        end = dmax(end, e);
    }
    free(mem);
    free(cs);
    return end;
}

/* Whether p's transfer i moves once before the tiles (nest_cost_xfer.kept). */
static bool is_kept(const struct nest_cost_program *p, uint32_t i, double ntiles)
{
    return p->xfers[i].kept && !p->xfers[i].store && ntiles > 1;
}

static double predict(const struct dev_timing *t, const struct nest_cost_program *p,
                      uint64_t tile, uint32_t phases, uint32_t instances, double *steady,
                      double *compute)
{
    if (!p->points || !tile)
        return 0;
    if (!phases)
        phases = 1;
    if (!instances)
        instances = 1;
    double ntiles = ceil((double)p->points / (double)tile);
    double in = 0, out = 0, kept = 0; /* kept: loaded once before the tiles */
    for (uint32_t i = 0; i < p->nxfers; i++)
        *(p->xfers[i].store ? &out : &in) += (double)(p->xfers[i].bytes_per_point * tile) +
                                             (is_kept(p, i, ntiles) ? 0 : (double)p->xfers[i].bytes_per_tile);
    for (uint32_t i = 0; i < p->nxfers; i++)
        kept += is_kept(p, i, ntiles) ? (double)p->xfers[i].bytes_per_tile : 0;
    double share = t->aggregate > 0 ? t->aggregate / (double)(p->cores ? p->cores : 1) : INFINITY;
    /* the kept loads' DMA goes first: the tiles' loads queue behind it (and
     * land after it); with none, the first tile's compute waits for it */
    double before = kept > 0 ? kept / dmin(t->rd_bw, share) + (in > 0 ? 0 : t->rd_lat + t->sig_lat) : 0;
    double L = in / dmin(t->rd_bw, share), S = out / dmin(t->wr_bw, share);
    double D = isinf(share) ? 0 : (in + out) / share;
    uint64_t lane = tile % instances ? 1 : tile / instances; /* unrolled when it divides */
    double op_cycles, ld, cu, rate = point_rate(t, p, lane, instances, &op_cycles, &ld, &cu);
    double C = ceil((double)tile / instances) * rate + round_trips(t, p, op_cycles);
    if (p->point_rounds && instances == 1) /* passes in turn, point by point */
        C = (double)tile * (rate + round_trips(t, p, op_cycles));
    if (p->point_passes && instances > 1 && tile == 1) /* corelet-blocks */
        C = rate * (p->point_whole + (1 - p->point_whole) / instances) +
            round_trips(t, p, op_cycles) +
            p->point_passes * (t->chain_lat + 2 * t->sig_lat);
    else if (p->carried && tile == 1) /* the accumulator from the point before */
        C += t->chain_lat + 2 * t->sig_lat;
    if (compute)
        *compute = C;
    double chain = t->chain_lat + (p->vector_ops_per_point ? op_cycles : 0);
    double runs = p->runs ? p->runs : 1;
    if (steady) {
        /* a tile's load and the previous tile's store overlap, sharing the
         * device memory: together they take D when it is the longer */
        double round_in = dmax(L, D) + (in > 0 ? t->rd_lat : 0) + t->sig_lat + C + t->sig_lat;
        double round_out =
            C + chain + t->sig_lat + dmax(S, D) + (out > 0 ? t->wr_lat : 0) + t->sig_lat;
        double P = dmax(dmax(dmax(L, S), dmax(C, D)), dmax(round_in, round_out) / phases);
        *steady = ntiles * P * runs;
    }
    struct tile_cost c = {.rd_bw = t->rd_bw, .wr_bw = t->wr_bw, .C = C, .chain = chain,
                          .aggregate = t->aggregate > 0 ? t->aggregate : INFINITY,
                          .cores = isinf(share) ? 1 : (p->cores ? p->cores : 1),
                          .rd_lat = t->rd_lat, .wr_lat = t->wr_lat, .sig = t->sig_lat,
                          .lanes = 1};
    /* ktc-nest's lane-transfers: a tile's bulk DMAs of its points move
     * per corelet instance in a pipeline of one phase */
    bool per_tile = false;
    for (uint32_t i = 0; i < p->nxfers; i++)
        per_tile |= p->xfers[i].bytes_per_tile > 0 && !is_kept(p, i, ntiles);
    if (p->lane_xfers && instances > 1 && phases == 1 && tile >= instances && !per_tile)
        c.lanes = instances;
    for (uint32_t i = 0; i < p->nxfers; i++) {
        if (is_kept(p, i, ntiles))
            continue;
        double b = (double)(p->xfers[i].bytes_per_point * tile + p->xfers[i].bytes_per_tile);
        uint32_t *nx = p->xfers[i].store ? &c.nst : &c.nld;
        double *x = p->xfers[i].store ? c.st : c.ld;
        /* the compute of the pipelines before the first reading a load
         * (their share of the load unit's and the compute unit's work):
         * only when the tile's points are one per instance (ktc-lower's
         * receive of that load then sinks to the pipelines' loops, not
         * before the point loop: lower.h, Signals) */
        double pre = 0, nl = (double)p->l1_loads_per_point, nv = (double)p->vector_ops_per_point;
        if (!p->xfers[i].store && nl > 0 && instances > 1 && tile == instances)
            pre = ceil((double)tile / instances) *
                  dmax(ld * (double)p->xfers[i].loads_before / nl,
                       nv > 0 ? cu * (double)p->xfers[i].ops_before / nv : 0);
        if (*nx < SCHED_XFERS)
            c.pre[*nx] = pre, x[(*nx)++] = b;
        else
            x[SCHED_XFERS - 1] += b, c.pre[SCHED_XFERS - 1] = dmin(pre, c.pre[SCHED_XFERS - 1]);
    }
    return (before + schedule(&c, ntiles, phases)) * runs;
}

double nest_cost_predict(const struct arch_device *dev, const struct nest_cost_program *p,
                         uint64_t tile, uint32_t phases, uint32_t instances)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    return predict(&t, p, tile, phases, instances, NULL, NULL);
}

double nest_cost_pieces(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances, uint64_t points)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    double full = predict(&t, p, tile, phases, instances, NULL, NULL);
    if (!tile || points >= p->points)
        return full;
    struct nest_cost_program q = *p;
    q.points = points - points % tile;
    double end = q.points ? predict(&t, &q, tile, phases, instances, NULL, NULL) : 0;
    /* the bytes of a round of the other cores' tile DMAs, ahead of each of
     * this core's while they run */
    double round = 0, others = p->cores > 1 ? (double)(p->cores - 1) : 0;
    for (uint32_t i = 0; i < p->nxfers; i++)
        round += (double)(p->xfers[i].bytes_per_point * tile + p->xfers[i].bytes_per_tile);
    round = t.aggregate > 0 ? others * round / t.aggregate : 0;
    for (int b = 63; b >= 0; b--) {
        uint64_t n = (uint64_t)1 << b;
        if (n >= tile || !((points % tile) & n))
            continue;
        struct nest_cost_program s = *p;
        s.points = n;
        s.cores = 1;
        s.runs = 1;
        end += predict(&t, &s, n, 1, instances <= n ? instances : 1, NULL, NULL) +
               (end < full ? round : 0);
    }
    return p->cores > 1 ? dmax(full, end) : end;
}

void nest_cost_directions(const struct nest_cost_program *p, bool *in, bool *out)
{
    *in = *out = false;
    for (uint32_t i = 0; i < p->nxfers; i++)
        *(p->xfers[i].store ? out : in) = true;
}

double nest_cost_dma_latency(const struct arch_device *dev, const struct nest_cost_program *p)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    bool in, out;
    nest_cost_directions(p, &in, &out);
    return (in ? t.rd_lat : 0) + (out ? t.wr_lat : 0);
}

uint32_t nest_cost_run_ahead_phases(const struct arch_device *dev,
                                    const struct nest_cost_program *p, double tiles,
                                    double period)
{
    struct dev_timing t;
    if (!(tiles >= 1) || !(period > 0))
        return 0;
    dev_timing(dev, p->elem_type, &t);
    bool in, out;
    nest_cost_directions(p, &in, &out);
    double tau = period / tiles, k = 0;
    if (in)
        k = 1 + ceil((t.rd_lat + t.sig_lat) / tau);
    if (out)
        k = dmax(k, ceil((t.chain_lat + t.wr_lat + t.sig_lat) / tau));
    return (uint32_t)dmin(dmin(k, 2 * tiles + 2), 16);
}

double nest_cost_drain(const struct arch_device *dev, const struct nest_cost_program *p)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    double elems = p->vector_elems ? (double)p->vector_elems : t.lanes;
    return t.chain_lat + (p->vector_ops_per_point ? ceil(elems / t.lanes) : 0) + t.sig_lat;
}

double nest_cost_oncore(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances)
{
    struct dev_timing t;
    double C = 0;
    if (!p->points || !tile)
        return 0;
    dev_timing(dev, p->elem_type, &t);
    predict(&t, p, tile, phases, instances, NULL, &C);
    /* a tile of one point split pass by pass over the corelets (corelet-
     * blocks) waits for each pass around the chain and a signal from every
     * corelet; in buffer phases, the next tile's first pass does not wait
     * for this tile's last (it reads another phase, and folds into nothing
     * this one left unless carried): the load unit streams from one tile
     * to the next (layernorm_triton_4096x1000, a phased row's scaling
     * pass, 36 modeled a 256-block with that wait, 21 simulated) */
    if (p->point_passes && instances > 1 && tile == 1 && phases > 1 && !p->carried)
        C -= t.chain_lat + 2 * t.sig_lat;
    double ntiles = ceil((double)p->points / (double)tile);
    return (ntiles * C + nest_cost_drain(dev, p)) * (p->runs ? p->runs : 1);
}

double nest_cost_store_blocks(const struct arch_device *dev, const char *elem_type,
                              double bytes, double runs, uint32_t nb)
{
    struct dev_timing t;
    if (nb < 2)
        return 0;
    dev_timing(dev, elem_type, &t);
    double hidden = bytes / t.wr_bw * (double)(nb - 1) / (double)nb;
    double refill = t.chain_lat + 2 * t.sig_lat;
    return hidden - runs * (double)(nb - 1) * refill;
}

double nest_cost_steady(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances)
{
    struct dev_timing t;
    double steady = 0;
    dev_timing(dev, p->elem_type, &t);
    predict(&t, p, tile, phases, instances, &steady, NULL);
    return steady;
}

/* The loads of the first k tiles (the K phases a nest fills before it
 * waits for its compute) as predict() schedules them: their DMAs over the
 * read path (the core's share of the aggregate), then the read latency
 * and a signal. */
static double first_loads(const struct dev_timing *t, const struct nest_cost_program *p,
                          uint64_t tile, uint32_t k)
{
    double in = 0, ntiles = ceil((double)p->points / (double)tile);
    for (uint32_t i = 0; i < p->nxfers; i++)
        if (!p->xfers[i].store && !is_kept(p, i, ntiles))
            in += (double)(p->xfers[i].bytes_per_point * tile + p->xfers[i].bytes_per_tile);
    double share = t->aggregate > 0 ? t->aggregate / (double)(p->cores ? p->cores : 1) : INFINITY;
    double n = dmin((double)k, ntiles);
    return n * in / dmin(t->rd_bw, share) + t->rd_lat + t->sig_lat;
}

enum { REST_TILE_ANY = 64 };

/* The r points left after a program's whole tiles (rest_tiles), run as a
 * program of one tile of their own after them: one phase, nothing across
 * runs, no window to prefetch in (ktc-lower's load unit drains the whole
 * tiles' credits before it loads the rest). */
static double rest_cycles(const struct dev_timing *t, const struct nest_cost_program *p,
                          uint64_t r, uint32_t instances)
{
    struct nest_cost_program pr = *p;
    pr.points = r;
    if (r == 1)
        pr.point_whole -= p->point_blocks;
    pr.phases_across_runs = false;
    pr.prefetch_window = 0;
    return predict(t, &pr, r, 1, instances, NULL, NULL);
}

/* nest_cost_choose over the tiles lo..hi (those dividing the points when
 * lo < hi, or any with rest_tiles; the one tile lo, dividing or not, when
 * lo == hi). */
static bool choose(const struct arch_device *dev, const struct nest_cost_program *p,
                   uint64_t lo, uint64_t hi, uint32_t max_phases, uint32_t max_instances,
                   struct nest_cost_choice *out)
{
    *out = (struct nest_cost_choice){.tile = 0, .phases = 1, .instances = 1, .cycles = 0};
    if (!p->points || !lo)
        return false;
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    uint64_t per_point = p->scratch_per_point, per_tile = 0, kept = 0;
    if (!per_point)
        for (uint32_t i = 0; i < p->nxfers; i++)
            per_point += p->xfers[i].bytes_per_point;
    for (uint32_t i = 0; i < p->nxfers; i++)
        *(p->xfers[i].kept && !p->xfers[i].store ? &kept : &per_tile) += p->xfers[i].bytes_per_tile;
    double room = t.capacity > 0 ? (double)t.capacity - (double)p->fixed_scratch : INFINITY;
    /* the least cycles plus CHOOSE_COMPUTE_RISK of a tile's compute (when
     * the program moves device memory); ties: fewer phases, fewer
     * instances, smaller tile. For a tile and split, phases are added until
     * one more gains nothing (nor past the tiles): K tiles in flight cover
     * the load latency, more only take scratchpad. */
    double risk = p->nxfers ? CHOOSE_COMPUTE_RISK : 0, least = INFINITY;
    bool found = false, loads = false;
    for (uint32_t i = 0; i < p->nxfers; i++)
        loads |= !p->xfers[i].store;
    for (uint32_t n = 1; n <= (max_instances ? max_instances : 1); n++)
        for (uint64_t tile = lo; tile <= hi; tile++) {
            /* r points left after the whole tiles: a tile of their own;
             * such tiles are tried up to REST_TILE_ANY and at powers of 2
             * past it (the choice stays quick on long loops) */
            uint64_t r = p->rest_tiles && tile < p->points ? p->points % tile : 0;
            if (lo < hi && p->points % tile &&
                (!r || (tile > REST_TILE_ANY && (tile & (tile - 1)))))
                continue;
            /* runs the DMA unit moves: whole multiples (or every point) */
            uint64_t mult = p->tile_multiple > 1 ? p->tile_multiple : 1;
            if (lo < hi && tile < p->points && (tile % mult || r % mult))
                continue;
            struct nest_cost_program pw = *p;
            pw.points -= r;
            double rest = r ? rest_cycles(&t, p, r, n) : 0,
                   rest_room = r ? (double)r * (double)per_point + (double)per_tile : 0;
            double prev = INFINITY;
            uint64_t ntiles = (pw.points + tile - 1) / tile;
            for (uint32_t k = 1; k <= (max_phases ? max_phases : 1); k++) {
                /* a kept buffer: one copy for the loop (phased with the tile's
                 * buffers when the loop is one tile) */
                double fill = ntiles > 1 ? (double)kept : (double)k * (double)kept;
                if ((double)k * ((double)tile * (double)per_point + (double)per_tile) + fill +
                            rest_room + (double)(n - 1) * (double)p->instance_scratch >
                        room ||
                    (k > 1 && k > ntiles + p->phases_across_runs))
                    break;
                double comp, c = predict(&t, &pw, tile, k, n, NULL, &comp) + rest;
                double score = c + risk * comp;
                if (p->phases_across_runs && loads && ntiles >= k) /* the load unit's hold */
                    score += dmax(0, t.rd_lat + t.sig_lat - (double)(k - 1) * comp);
                if (p->prefetch_window > 0 && loads) /* its first tiles' loads, hidden */
                    score -= dmin(p->prefetch_window, first_loads(&t, p, tile, k));
                if (score > prev - 0.5)
                    break;
                prev = score;
                /* a count known at launch only: a larger tile has to be
                 * faster by LAUNCH_TILE_MARGIN (at other counts it leaves
                 * more points to remainder nests), a smaller one slower by
                 * no more */
                bool better = score < least ||
                              (score == least &&
                               (k < out->phases || (k == out->phases && n < out->instances)));
                if (found && p->launch_points && tile != out->tile)
                    better = tile > out->tile ? score < least * (1 - LAUNCH_TILE_MARGIN)
                                              : score < least * (1 + LAUNCH_TILE_MARGIN);
                if (!found || better) {
                    *out = (struct nest_cost_choice){tile, k, n, c};
                    least = score;
                    found = true;
                }
            }
        }
    return found;
}

bool nest_cost_choose(const struct arch_device *dev, const struct nest_cost_program *p,
                      uint32_t max_phases, uint32_t max_instances, struct nest_cost_choice *out)
{
    return choose(dev, p, 1, p->points, max_phases, max_instances, out);
}

bool nest_cost_choose_at(const struct arch_device *dev, const struct nest_cost_program *p,
                         uint64_t tile, uint32_t max_phases, uint32_t max_instances,
                         struct nest_cost_choice *out)
{
    return choose(dev, p, tile, tile, max_phases, max_instances, out);
}

double nest_cost_program_latency(const struct arch_device *dev, double in_bytes, double out_bytes)
{
    struct dev_timing t;
    dev_timing(dev, NULL, &t);
    return out_bytes > 0 ? t.wr_lat : in_bytes > 0 ? t.rd_lat : 0;
}

double nest_cost_program_cycles(const struct arch_device *dev, double nests, double in_bytes,
                                double out_bytes, uint32_t cores, uint32_t runs)
{
    struct dev_timing t;
    dev_timing(dev, NULL, &t);
    double lat = nest_cost_program_latency(dev, in_bytes, out_bytes);
    double bw = dmax(in_bytes / t.rd_bw, out_bytes / t.wr_bw);
    if (t.aggregate > 0)
        bw = dmax(bw, (double)(cores ? cores : 1) * (in_bytes + out_bytes) / t.aggregate);
    return dmax(nests, bw > 0 ? bw + lat : 0) * (runs ? runs : 1);
}

double nest_cost_device_bytes(const struct arch_device *dev, double in_bytes, double out_bytes)
{
    struct dev_timing t;
    dev_timing(dev, NULL, &t);
    if (t.aggregate <= 0 || in_bytes + out_bytes <= 0)
        return 0;
    return (in_bytes + out_bytes) / t.aggregate +
           nest_cost_program_latency(dev, in_bytes, out_bytes);
}
