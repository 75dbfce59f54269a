/* nest_cost.h - ktc-nest's cost model of the device: the modeled time of a
 * coarsened program for a tile size, buffering depth and corelet split, and
 * the choice of the best one that fits. Everything it knows comes from the
 * device description (datapath bandwidth and latency, lanes per element
 * type, FIFO depths, memory capacities, cores and corelets), never from
 * constants.
 *
 * The shape it models (nest.h, "coarsening"): per core, a loop of `points`
 * iterations cut into tiles of T points; per tile a bulk DMA into
 * scratchpad (every load transfer), a compute stage streaming the tile's T
 * points through the on-core units at vector granularity, and a bulk DMA
 * out (every store transfer); with K buffer phases the DMA of tile t+1..t+K-1
 * overlaps the compute of tile t; `cores` cores share the device memory's
 * aggregate bandwidth, a DMA at a time in the order they ask. Time is
 * charged as the simulator charges it (codegen/README.md) for the code
 * ktc-lower makes of that shape (its load groups, lower.h, and its credit
 * signals between the K phases); the schedule and formulas are in
 * nest_cost.c.
 */
#ifndef SCHED_NEST_COST_H
#define SCHED_NEST_COST_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"

/* ktc-lower's load group (lower.h): up to this many scratchpad -> FIFO
 * loads of a stage issue before their sends. A property of our lowering,
 * not of the device. */
enum { NEST_COST_LOAD_GROUP = 8 };

/* How many points ktc-lower's load unit unrolls a loop of them by (lower.c,
 * unroll_of), so that their loads group (at most 4; 1 for none): doubling
 * while 2u points' loads (`loads` a point) fit a group and 2u divides a
 * lane's trips and the last lane's; with `stream` (points whose load stage
 * already groups a loop of loads) only while the unrolled loop still runs
 * twice. The cost model prices the same groups. */
static inline uint32_t nest_cost_point_unroll(int64_t loads, int64_t trips, int64_t last,
                                              bool stream)
{
    uint32_t u = 1;
    while (u < 4 && loads > 0 && 2 * u * loads <= NEST_COST_LOAD_GROUP && trips % (2 * u) == 0 &&
           last % (2 * u) == 0 && (!stream || trips >= 4 * u))
        u *= 2;
    return u;
}

/* How many points (iterations) of an elementwise pass share one load of a
 * hoisted splat vector (ktc-nest's splat-hoist unrolls the loop by it). */
enum { NEST_COST_SPLAT_SHARE = 4 };

/* The points of a corelet instance (per, a multiple of
 * NEST_COST_SPLAT_SHARE) that splat-hoist loads a splat vector once for,
 * the instance's compute unit keeping it for a block of them: all of them
 * when they are 2 NEST_COST_SPLAT_SHARE; 4 NEST_COST_SPLAT_SHARE when that
 * divides them and the pass reads one splat vector (its block of inputs,
 * their results and the splat within the unit's registers); else
 * NEST_COST_SPLAT_SHARE. A point loop left whole (no instances) shares
 * over NEST_COST_SPLAT_SHARE. */
uint64_t nest_cost_splat_block(uint64_t per, uint64_t splats);

/* One bulk transfer per tile between device memory and scratchpad. */
struct nest_cost_xfer {
    bool store;             /* scratchpad -> device memory (else a load) */
    uint64_t bytes_per_point; /* bytes it moves per point of the tile */
    uint64_t row_bytes;     /* contiguous bytes per DMA row (informational: the
                               simulator charges a bulk transfer by its bytes) */
    uint64_t bytes_per_tile;  /* bytes it moves once a tile, whatever its size (a
                                 load of the same elements at every point) */
    uint64_t loads_before, ops_before; /* a load: of the point's scratchpad loads and
                                          vector ops, those of the pipelines before
                                          the first one reading it (ktc-lower signals
                                          after each DMA of a stage: with a point per
                                          corelet instance, that compute runs while
                                          it lands) */
    bool kept;              /* with more than one tile, bytes_per_tile move once
                               before the tiles instead (ktc-nest's broadcast
                               keeps the buffer for the whole loop): charged
                               once a run, its buffer not phased */
};

/* What one point (one iteration of the point loop) costs. The compute stage
 * streams points through the device's on-core chain
 *     scratchpad -> load unit -> compute unit -> store unit -> scratchpad
 * (the routes from the ct_local memory to the first unit with the compute
 * feature and back: L1 -> L1LU -> SFU -> L1SU -> L1 on sample and spyre);
 * each unit is busy for what it moves over its datapaths (bytes/bandwidth)
 * or computes (a vector op of n elements: ceil(n / lanes) cycles). */
struct nest_cost_program {
    uint64_t points;        /* point-loop iterations per core */
    uint32_t cores;         /* cores running the program concurrently (>= 1) */
    uint32_t runs;          /* times each core runs it in turn (a grid of more
                               tiles than cores), 0 = 1 */
    uint32_t nxfers;
    const struct nest_cost_xfer *xfers;
    uint32_t pipelines_per_point;      /* inner pipelines of a point (coarsening gives
                                          each a loop over the tile; they run in
                                          turn), 0 = 1 */
    uint32_t pipeline_ops_per_point;   /* of those, the distinct pipelines (a pipeline
                                          in an inner loop streams its iterations: one
                                          round trip a pipeline, not an iteration),
                                          0 = pipelines_per_point */
    uint64_t pipeline_iters_per_point; /* the iterations those pipelines run in all, a
                                          pipeline streaming an inner loop (a pass
                                          over a row's vectors) counting each of its
                                          trips: what goes around the chain at the
                                          end of one is its last iteration's work,
                                          not the whole pipeline's; 0 =
                                          pipelines_per_point */
    uint64_t l1_load_bytes_per_point;  /* scratchpad -> load unit (vld) */
    uint64_t l1_loads_per_point;       /* those loads: each takes at least a cycle of
                                          the load unit (a splat's scalar too), 0 = the
                                          bytes alone tell */
    uint64_t shared_loads_per_point;   /* of those loads, the ones of a vector every
                                          point reads (a splat ktc-nest's splat-hoist
                                          hoists out of the tile loop): loaded once
                                          for NEST_COST_SPLAT_SHARE points when an
                                          instance's points are a multiple of it
                                          (a corelet split too: splat-hoist shares
                                          over one when each instance gets as many
                                          blocks); else once a point */
    uint64_t load_groups_per_point;    /* the groups ktc-lower issues those loads in (its
                                          load groups, inner loops unrolled as it
                                          unrolls them: lower.h), each paying the
                                          scratchpad latency once; 0 = one group per
                                          pipeline run, the point loop unrolled */
    uint64_t fifo_in_bytes_per_point;  /* load unit -> compute unit (send) */
    uint64_t splats_per_point;         /* of those loads, scalars splatted to a vector:
                                          the shuffle waits for its load (its latency
                                          is not overlapped by the load group) */
    uint64_t vector_ops_per_point;     /* compute-unit vector instructions */
    uint64_t reductions_per_point;     /* compute-unit reductions across a vector
                                          (log2(lanes) + 1 cycles: a pairwise tree of
                                          shuffles and adds, or one max/min) */
    uint64_t vector_elems;             /* elements per vector instruction, 0 = the lanes */
    const char *elem_type;             /* "f16": picks the lanes; NULL = the widest */
    uint64_t fifo_out_bytes_per_point; /* compute unit -> store unit (send) */
    uint64_t l1_store_bytes_per_point; /* store unit -> scratchpad (vst) */
    uint64_t scratch_per_point;        /* scratchpad bytes per point per phase
                                          (0 = the sum of the transfers' bytes) */
    uint64_t fixed_scratch;            /* scratchpad bytes used by other buffers */
    uint64_t tile_multiple;            /* tiles of a multiple of this many points (0,
                                          1: any): a load moving a run of device
                                          memory shorter than its DMA unit's least
                                          access a point, the tile's points one run */
    uint64_t instance_scratch;         /* of those, the program-level buffers the
                                          points write in the same place: the
                                          corelets split gives each instance a
                                          copy of them */
    bool streamed_loads;               /* the load unit's vectors priced as the code
                                          streams them (vlds: the slower of its
                                          two links), not a load then a send
                                          (point_rate; ktc-nest's program
                                          model sets it, tile-size selection
                                          does not) */
    bool phases_across_runs;           /* the nest runs once an iteration of loops
                                          around it and its buffer phases count
                                          those runs too (ktc-nest's row-phases):
                                          it may take one phase more than its
                                          tiles, and its load unit, issuing the
                                          loads of what follows it (the next nest,
                                          the next run), is held after its last
                                          tile's DMA (nest_cost_choose) */
    bool launch_points;                /* the points are a count known only at
                                          launch, priced at a bound or a nominal
                                          count (no --assume): at other counts a
                                          tile of T > 1 leaves points to
                                          remainder pieces, nests of their own
                                          (one in T counts divides) */
    bool carried;                      /* the points carry an accumulator through
                                          the scratchpad (ktc-split's `carried`: a
                                          Triton row's block loop summing into a
                                          tensor): a tile of one point computes
                                          once the tile before has stored it, a
                                          round trip through the chain and a
                                          signal each way, on one instance as on
                                          several (a larger tile's other points
                                          hide it) */
    uint32_t point_passes;             /* a tile of one point split over I instances
                                          pass by pass (ktc-nest's corelet-blocks:
                                          each of these parallel loops of the point's
                                          body over the corelets, an instance a block;
                                          one loop alone, corelets' inner split),
                                          0 = not: the point's work takes 1 / I of its
                                          time, and each pass its round trip through
                                          the chain and a signal from and to every
                                          corelet before the next starts */
    double point_whole;                /* of those, the share of the point's scratchpad
                                          loads outside its parallel loops, which
                                          corelet-blocks leaves whole (on corelet 0: a
                                          row's max of one vector, a kernel's loop over
                                          a row's blocks), the rest split over the I
                                          instances */
    double point_blocks;               /* of point_whole, the share in a kernel's loops
                                          over a row's blocks around one parallel
                                          loop, which corelet-blocks splits too
                                          (swapped first when they carry sums): split
                                          for a rest tile of one point (else
                                          counted whole, pessimistic: on whole
                                          tiles of one point the model misses what
                                          the row's passes wait for between them,
                                          and ranks them too well) */
    double prefetch_window;            /* cycles before the nest computes during which
                                          its load unit is idle and its buffers free (the
                                          previous nests' compute after their last load,
                                          ktc-nest's overlap-rows programs): its first
                                          tile's DMA hides in them (nest_cost_choose) */
    bool point_rounds;                 /* a point's passes include inner loops (a row's
                                          chunks), which coarsening's fission splits
                                          into a loop a pass only over corelet
                                          instances: on one instance each point runs
                                          its passes in turn and pays the round trips
                                          between them, not each tile */
    bool rest_tiles;                   /* a tile need not divide the points: the
                                          points left after the whole tiles run as a
                                          tile of their own after them, with one phase
                                          (ktc-nest's rest-tiles), priced as a program
                                          of its own; false: tiles divide the points */
    bool lane_xfers;                   /* with one buffer phase and the point loop
                                          split over instances, each bulk DMA of the
                                          tile's points moves as one transfer per
                                          instance (ktc-nest's lane-transfers): an
                                          instance computes once its part has landed
                                          and its part goes out once it is done */
};

struct nest_cost_choice {
    uint64_t tile;          /* points per tile (divides points unless rest_tiles) */
    uint32_t phases;        /* buffer phases K (1 = no double buffering) */
    uint32_t instances;     /* corelets the point loop is split across */
    double cycles;          /* modeled cycles of the whole program */
};

/* Modeled cycles of p on dev with the given tile, phases and instances. */
double nest_cost_predict(const struct arch_device *dev, const struct nest_cost_program *p,
                         uint64_t tile, uint32_t phases, uint32_t instances);

/* The choice with the least modeled cycles whose buffers fit the
 * scratchpad (phases * (tile * scratch_per_point + the transfers'
 * bytes_per_tile) <= capacity - fixed_scratch - (instances - 1) *
 * instance_scratch),
 * tile among the divisors of points (any tile up to the points with
 * rest_tiles, the rest's buffers counted too), phases <= max_phases and at most the
 * tiles (1 < phases; the tiles + 1 with phases_across_runs) and instances
 * <= max_instances; a program that moves device memory is ranked by its
 * modeled cycles plus half a tile's compute (the exposed last tile's, the
 * part of the model the simulator's chain stalls can lengthen:
 * nest_cost.c), and with phases_across_runs, when it loads and has no
 * fewer tiles than phases, plus the load unit's hold: ktc-lower's load
 * unit waits after each tile's DMA for the credit of the tile K - 1 later
 * (the compute of tile i - K + 1 done), so after the last tile it issues
 * the next loads only once the compute of tile n - K has ended; those
 * loads land a read latency and a signal later, of which the K - 1 tiles
 * of compute left cover (K - 1) C; with a prefetch_window, minus the part
 * of the first tile's load (its DMA, the read latency and a signal) that
 * hides in it. Ties: fewer phases, fewer instances,
 * smaller tile. False when not even a tile of one point fits (or points
 * is 0). */
bool nest_cost_choose(const struct arch_device *dev, const struct nest_cost_program *p,
                      uint32_t max_phases, uint32_t max_instances, struct nest_cost_choice *out);

/* nest_cost_choose for the one tile given (a --tile-sizes override; it
 * need not divide the points): the phases and corelet instances that
 * minimize the modeled time at that tile. False when the tile does not
 * fit with one phase. */
bool nest_cost_choose_at(const struct arch_device *dev, const struct nest_cost_program *p,
                         uint64_t tile, uint32_t max_phases, uint32_t max_instances,
                         struct nest_cost_choice *out);

/* The steady-state part of nest_cost_predict: every tile at the period P
 * (ntiles * P * runs), without the first tile's fill and drain latencies. */
double nest_cost_steady(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances);

/* What ktc-nest's store-blocks (nest.h) saves by splitting the last pass
 * of a corelet-blocks tile and its bulk store of `bytes` to device memory
 * into nb blocks, the outer pipeline run `runs` times: the last run's
 * store of the first nb - 1 blocks overlaps the pass ((nb - 1) / nb of
 * bytes over the write path), while every run each of the nb - 1 added
 * block stages fills and drains the on-core chain (a vector's trip through
 * it, a signal to and from the corelets). Negative when it loses; 0 for
 * nb < 2. */
double nest_cost_store_blocks(const struct arch_device *dev, const char *elem_type,
                              double bytes, double runs, uint32_t nb);

/* The cycles a run of p holds the on-core chain when its DMAs run ahead
 * of it (buffer phases counted across the runs of a nest, row-phases and
 * resident-rows, with ktc-lower's K - 1 credits across the runs): every
 * tile's compute in turn (a tile of one point split pass by pass over the
 * corelets without its last pass's wait for every corelet, when phased
 * and not carried: the next tile's first pass reads another phase.
 * Tile-size selection, nest_cost_predict, still charges that wait:
 * without it there, it took tiles of one point, which reload their
 * splats, layernorm_wide_loop_n on sample 18887 -> 22229 cycles) and the
 * last vector's trip to the scratchpad and
 * its signal (what the next pass, waiting on this one's result, waits
 * for). Its DMAs are not in it: they overlap the computes of the other
 * nests and are priced by nest_cost_program_cycles' bandwidth terms. */
double nest_cost_oncore(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances);

/* The drain of a run of p: its last vector's trip through the on-core
 * chain to the scratchpad and the signal that it is there (the tail of
 * nest_cost_oncore), what a nest after it that needs its results waits
 * for and one that does not overlaps. */
double nest_cost_drain(const struct arch_device *dev, const struct nest_cost_program *p);

/* Modeled cycles of p (every core's trip p->points) when one core's trip
 * is `points` instead, fewer, which ktc-nest's remainder-pieces runs as
 * whole tiles and then a nest of one tile per binary digit of points mod
 * tile, one after another: each piece's DMAs wait behind a round of the
 * other cores' tile DMAs while those still run. The slower of that core
 * and the others (on one core, that core's). */
double nest_cost_pieces(const struct arch_device *dev, const struct nest_cost_program *p,
                        uint64_t tile, uint32_t phases, uint32_t instances, uint64_t points);

/* The buffer phases p needs when they count its runs too (row-phases) for
 * its DMAs to run ahead of its compute by their latencies: a run of
 * `tiles` tiles every `period` cycles (the loop around it, its other
 * nests included) starts a tile every period / tiles cycles on average; a
 * load issued on the credit of tile i - K's compute lands in time for
 * tile i when K - 1 of those cover the read latency and a signal, and tile
 * i's compute finds its output phase drained when K of them cover tile i -
 * K's last vector, the write latency and a signal. At most two runs'
 * tiles and two more, and 16: each phase is a credit ktc-lower primes
 * before the loops and drains after them, every time the program runs (a
 * program its kernel calls in a loop, a tile a run: old_lanes_unwritten,
 * 2317 cycles with 2 phases, 2321 with 4, 2653 with 10). 0 when nothing
 * tells. */
uint32_t nest_cost_run_ahead_phases(const struct arch_device *dev,
                                    const struct nest_cost_program *p, double tiles,
                                    double period);

/* Whether p loads from device memory (*in) and stores to it (*out). */
void nest_cost_directions(const struct nest_cost_program *p, bool *in, bool *out);

/* The device-memory latencies nest_cost_predict charges p's first tile
 * (the read's when p loads, the write's when it stores): what buffer
 * phases counted across the runs of a nest (row-phases) hide of a run. */
double nest_cost_dma_latency(const struct arch_device *dev, const struct nest_cost_program *p);

/* A program whose tiled loop nests sit among other loops (a row loop
 * around several column nests): `nests` is the sum over its tiled nests of
 * each one's steady-state cycles on one core alone (nest_cost_steady with
 * cores = 1, runs = 1) times the trips of the loops around it, plus the
 * largest first-tile latency once (consecutive nests overlap: the next
 * one's DMA fills while the previous drains); in_bytes/out_bytes what one
 * core moves from/to device memory over the whole program (every transfer
 * times the trips of its loops). The cores run their nests out of step, so
 * the device memory's aggregate bandwidth is shared over the whole program
 * rather than nest by nest; at that bound the program ends a latency
 * after the device memory's last busy cycle (lat: the write's when it
 * stores, else the read's):
 *   cycles = max(nests, max(in / read bw, out / write bw,
 *                           cores * (in + out) / aggregate) + lat) * runs
 * (ktc-nest's stats add to `nests` the on-core pipelines between the
 * nests, each a one-point program, one whose device-memory transfers are
 * all a masked store's old lanes that no store writes (ktc-split's
 * `unwritten`) without their latency: ktc-lower orders them after nothing,
 * so they load during the fill (rmsnorm_masked, n = 200 on spyre: 907
 * modeled for 608 simulated, 597 so), and charge a nest whose buffer phases
 * count the runs of its loops its on-core time every run,
 * nest_cost_oncore, its DMAs running ahead over the other nests', and so a
 * nest run once after nests that each issued every load at once (run once,
 * no more tiles than buffer phases: row-jam's rows, a pass a nest) when it
 * too has a phase for each tile and reads no device memory they write:
 * ktc-lower's load unit issues its loads with theirs (rmsnorm_masked
 * jammed, n = 200: 745 modeled -> 581, 523 simulated; an 80-kernel fuzz of
 * row-jam's rows, --assume given: row-jam kept in 151 kernel-device pairs,
 * not 134, the launches 0.808 of the cycles without row-jam, not 0.822); the
 * fill is a nest that only loads and one that only stores both, when the
 * program has them; and the steps, its nests and pipelines in program
 * order, are scheduled one after another, a step that touches no
 * scratchpad buffer of the ones still draining starting under their
 * drains (nest_cost_drain; ktc-lower orders only the stages that touch the
 * same bytes): layernorm_triton_4096x1000, 415093 modeled without, 356709
 * with, 334615 simulated; 322885 and 320095 once fuse-pipelines joined its
 * rows' reductions and means). `ktc-nest
 * --stats` prints it as "program modeled N cycles" for a program with more
 * than one nest or loops around its nest, when every such loop has a trip
 * count it knows on every tile id (constants, the tile id, the kernel
 * arguments --assume gives), for the slowest tile id, where the aggregate
 * term is every tile id's own bytes summed (nest_cost_device_bytes), not
 * cores times the slowest one's: rows pid, pid + 32, ... of 100 rows move
 * 4 rows on 4 cores and 3 on 28. */
double nest_cost_program_cycles(const struct arch_device *dev, double nests, double in_bytes,
                                double out_bytes, uint32_t cores, uint32_t runs);

/* The device memory's aggregate bound on a launch moving in_bytes and
 * out_bytes over all its tiles: (in + out) / aggregate + lat (0 without an
 * aggregate bandwidth). */
double nest_cost_device_bytes(const struct arch_device *dev, double in_bytes, double out_bytes);

/* nest_cost_program_cycles' lat: at the bandwidths' bound the program ends
 * a latency after the device memory's last busy cycle, its last store's
 * (the write latency) when it stores, else its last load's; 0 when it
 * moves nothing. */
double nest_cost_program_latency(const struct arch_device *dev, double in_bytes, double out_bytes);

#endif
