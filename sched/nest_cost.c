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
 *                                           point's inner pipelines
 *   share = aggregate / cores (unlimited when the memory has none)
 *
 * A buffer phase is reused K tiles later, once its whole round trip is
 * over: in  = L + read latency + signal + C + signal (filled, then drained
 * by the load unit); out = C + chain latency + signal + S + write latency +
 * signal. The steady state moves a tile every
 *
 *   P = max(L, S, C, D, in / K, out / K)
 *
 * (K = 1: the round trips run back to back; K >= 2: bandwidth-bound once
 * the tile amortizes the latencies), and the whole program takes the first
 * tile's chain plus P for each other tile:
 *
 *   cycles = (L + lat_rd + sig + chain + C + sig + S + lat_wr + (ntiles - 1) * P) * runs
 *
 * Checked against the simulator by //tests/bench:nest_table (predicted vs
 * simulated cycles per kernel) and the cases of tests/passes/nest_cost.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/nest_cost.h"

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
enum { LOWER_LOAD_GROUP = 8 };

/* Cycles the chain's slowest unit spends on one point, the point loop
 * running trips points on each instance. */
static double point_rate(const struct dev_timing *t, const struct nest_cost_program *p,
                         uint64_t trips, double *op_cycles)
{
    double elems = p->vector_elems ? (double)p->vector_elems : t->lanes;
    *op_cycles = ceil(elems / t->lanes);
    double ops = (double)p->vector_ops_per_point * *op_cycles +
                 (double)p->reductions_per_point * (ceil(log2(fmax(t->lanes, 2))) + 1);
    double cu = ops + (double)p->fifo_out_bytes_per_point / t->st_fifo_bw;
    /* Coarsening gives each inner pipeline of the point loop a loop of its
     * own over the tile's points (fission), in order. In each, the load
     * unit issues a group of loads before their sends (ktc-lower's, across
     * unrolled points), so the scratchpad latency shows once a group; each
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
    double chain = l1 > 0 ? npipes * (vec / t->ld_l1_bw + t->ld_l1_lat) / unroll : 0;
    double ld = fmax(l1 / t->ld_l1_bw, chain) +
                (double)p->fifo_in_bytes_per_point / t->ld_fifo_bw +
                (double)p->splats_per_point * t->ld_l1_lat;
    double st = (double)p->l1_store_bytes_per_point / t->st_l1_bw;
    return fmax(ld, fmax(cu, st));
}

/* What a tile's compute waits between its inner pipelines' loops: each
 * after the first starts once the previous one's last point has gone
 * around the chain (FIFO hops, its compute, the store, a signal back). */
static double round_trips(const struct dev_timing *t, const struct nest_cost_program *p,
                          double op_cycles)
{
    double npipes = p->pipelines_per_point ? p->pipelines_per_point : 1;
    double ops = (double)p->vector_ops_per_point * op_cycles +
                 (double)p->reductions_per_point * (ceil(log2(fmax(t->lanes, 2))) + 1);
    double out = (double)p->l1_store_bytes_per_point / npipes;
    double round = t->ld_l1_lat + t->fifo_in_lat + ops / npipes + out / t->st_fifo_bw +
                   t->fifo_out_lat + out / t->st_l1_bw + 2 * t->sig_lat;
    double nops = p->pipeline_ops_per_point ? p->pipeline_ops_per_point : npipes;
    return (nops - 1) * round;
}

static double predict(const struct dev_timing *t, const struct nest_cost_program *p,
                      uint64_t tile, uint32_t phases, uint32_t instances, double *steady)
{
    if (!p->points || !tile)
        return 0;
    if (!phases)
        phases = 1;
    if (!instances)
        instances = 1;
    double in = 0, out = 0;
    for (uint32_t i = 0; i < p->nxfers; i++)
        *(p->xfers[i].store ? &out : &in) +=
            (double)(p->xfers[i].bytes_per_point * tile + p->xfers[i].bytes_per_tile);
    double share = t->aggregate > 0 ? t->aggregate / (double)(p->cores ? p->cores : 1) : INFINITY;
    double L = in / fmin(t->rd_bw, share), S = out / fmin(t->wr_bw, share);
    double D = isinf(share) ? 0 : (in + out) / share;
    uint64_t lane = tile % instances ? 1 : tile / instances; /* unrolled when it divides */
    double op_cycles, rate = point_rate(t, p, lane, &op_cycles);
    double C = ceil((double)tile / instances) * rate + round_trips(t, p, op_cycles);
    double chain = t->chain_lat + (p->vector_ops_per_point ? op_cycles : 0);
    /* a tile's load and the previous tile's store overlap, sharing the
     * device memory: together they take D when it is the longer */
    double round_in = fmax(L, D) + t->rd_lat + t->sig_lat + C + t->sig_lat;
    double round_out = C + chain + t->sig_lat + fmax(S, D) + t->wr_lat + t->sig_lat;
    double P = fmax(fmax(fmax(L, S), fmax(C, D)), fmax(round_in, round_out) / phases);
    double ntiles = ceil((double)p->points / (double)tile);
    /* no device-memory latency for a side with no transfer (a chain of
     * on-core pipelines between nests, nest_program_stats) */
    double first = L + (in > 0 ? t->rd_lat : 0) + t->sig_lat + chain + C + t->sig_lat + S +
                   (out > 0 ? t->wr_lat : 0);
    if (steady)
        *steady = ntiles * P * (p->runs ? p->runs : 1);
    return (first + (ntiles - 1) * P) * (p->runs ? p->runs : 1);
}

double nest_cost_predict(const struct arch_device *dev, const struct nest_cost_program *p,
                         uint64_t tile, uint32_t phases, uint32_t instances)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    return predict(&t, p, tile, phases, instances, NULL);
}

double nest_cost_dma_latency(const struct arch_device *dev, const struct nest_cost_program *p)
{
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    bool in = false, out = false;
    for (uint32_t i = 0; i < p->nxfers; i++)
        *(p->xfers[i].store ? &out : &in) = true;
    return (in ? t.rd_lat : 0) + (out ? t.wr_lat : 0);
}

double nest_cost_steady(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances)
{
    struct dev_timing t;
    double steady = 0;
    dev_timing(dev, p->elem_type, &t);
    predict(&t, p, tile, phases, instances, &steady);
    return steady;
}

bool nest_cost_choose(const struct arch_device *dev, const struct nest_cost_program *p,
                      uint32_t max_phases, uint32_t max_instances, struct nest_cost_choice *out)
{
    *out = (struct nest_cost_choice){.tile = 0, .phases = 1, .instances = 1, .cycles = 0};
    if (!p->points)
        return false;
    struct dev_timing t;
    dev_timing(dev, p->elem_type, &t);
    uint64_t per_point = p->scratch_per_point, per_tile = 0;
    if (!per_point)
        for (uint32_t i = 0; i < p->nxfers; i++)
            per_point += p->xfers[i].bytes_per_point;
    for (uint32_t i = 0; i < p->nxfers; i++)
        per_tile += p->xfers[i].bytes_per_tile;
    double room = t.capacity > 0 ? (double)t.capacity - (double)p->fixed_scratch : INFINITY;
    bool found = false;
    for (uint32_t k = 1; k <= (max_phases ? max_phases : 1); k++)
        for (uint32_t n = 1; n <= (max_instances ? max_instances : 1); n++)
            for (uint64_t tile = 1; tile <= p->points; tile++) {
                if (p->points % tile)
                    continue;
                if ((double)k * ((double)tile * (double)per_point + (double)per_tile) > room)
                    break;
                double c = predict(&t, p, tile, k, n, NULL);
                if (!found || c < out->cycles) {
                    *out = (struct nest_cost_choice){tile, k, n, c};
                    found = true;
                }
            }
    return found;
}

double nest_cost_program_cycles(const struct arch_device *dev, double nests, double in_bytes,
                                double out_bytes, uint32_t cores, uint32_t runs)
{
    struct dev_timing t;
    dev_timing(dev, NULL, &t);
    double c = fmax(nests, fmax(in_bytes / t.rd_bw, out_bytes / t.wr_bw));
    if (t.aggregate > 0)
        c = fmax(c, (double)(cores ? cores : 1) * (in_bytes + out_bytes) / t.aggregate);
    return c * (runs ? runs : 1);
}
