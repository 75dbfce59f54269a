/* nest_cost_test.c - ktc-nest's cost model (sched/nest_cost.h) on the
 * embedded devices: tiles grow until the latencies are amortized, the
 * scratchpad bounds the choice, two buffer phases beat one when load and
 * compute are comparable, cores share the device memory's aggregate
 * bandwidth, corelets split compute, lanes follow the element type.
 * Expected numbers are derived here from the device model, not copied.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "sched/nest_cost.h"

static struct arch_device *spyre, *sample;

static int setup(void **state)
{
    (void)state;
    struct ir_diag d;
    ir_diag_init(&d, stderr);
    spyre = arch_load_named("spyre", &d);
    sample = arch_load_named("sample", &d);
    ir_diag_free(&d);
    return spyre && sample ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    arch_free(spyre);
    arch_free(sample);
    return 0;
}

/* c = a + b on rows of 64 f16 (128 bytes): two loads, one store. */
static const struct nest_cost_xfer add_xfers[] = {
    {false, 128, 128, 0, 0, 0, false}, {false, 128, 128, 0, 0, 0, false}, {true, 128, 128, 0, 0, 0, false}};

static struct nest_cost_program vector_add(uint64_t points, uint32_t cores)
{
    return (struct nest_cost_program){
        .points = points,
        .cores = cores,
        .nxfers = 3,
        .xfers = add_xfers,
        .l1_load_bytes_per_point = 256,
        .fifo_in_bytes_per_point = 256,
        .vector_ops_per_point = 1,
        .vector_elems = 64,
        .elem_type = "f16",
        .fifo_out_bytes_per_point = 128,
        .l1_store_bytes_per_point = 128,
    };
}

/* A link's bandwidth from the device, by the instance names of its ends. */
static double bw_between(const struct arch_device *d, const char *src, const char *dst)
{
    uint32_t s = arch_res_find(d, src), t = arch_res_find(d, dst);
    assert_int_not_equal(s, ARCH_NONE);
    assert_int_not_equal(t, ARCH_NONE);
    for (uint32_t i = 0; i < d->nlinks; i++)
        if (d->links[i].src == s && d->links[i].dst == t)
            return (double)d->links[i].bandwidth;
    fail_msg("no link %s -> %s", src, dst);
    return 0;
}

/* A link's latency, likewise. */
static double lat_between(const struct arch_device *d, const char *src, const char *dst)
{
    uint32_t s = arch_res_find(d, src), t = arch_res_find(d, dst);
    for (uint32_t i = 0; i < d->nlinks; i++)
        if (d->links[i].src == s && d->links[i].dst == t)
            return (double)d->links[i].latency;
    fail_msg("no link %s -> %s", src, dst);
    return 0;
}

/* Cycles grow ever less per point as tiles grow, until the DMA latency is
 * amortized: then the program runs at its bandwidth bound, and the chosen
 * tile is the smallest close to that bound, far above one point. */
static void test_latency_amortized(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4096, 1);
    double prev = nest_cost_predict(spyre, &p, 1, 2, 1);
    for (uint64_t t = 2; t <= 16; t *= 2) {
        double c = nest_cost_predict(spyre, &p, t, 2, 1);
        assert_true(c < prev);
        prev = c;
    }
    /* One core: the L1LU is the bottleneck: ktc-lower unrolls the point
     * loop by 4 so that 8 vectors of 128 bytes load back to back, the
     * first send waiting for the first load's latency, then 256 bytes a
     * point sent, each over a link of its own bandwidth. */
    double ld = 256 / bw_between(spyre, "C0-L1", "C0-L1LU-CL0");
    double first = (128 / bw_between(spyre, "C0-L1", "C0-L1LU-CL0") +
                    lat_between(spyre, "C0-L1", "C0-L1LU-CL0")) / 4;
    double rate = (first > ld ? first : ld) + 256 / bw_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0");
    double dma = 256 / bw_between(spyre, "DDR", "C0-MNILU");
    double bound = 4096 * (rate > dma ? rate : dma);
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 2, 1, &ch));
    assert_true(ch.tile >= 8);
    assert_int_equal(4096 % ch.tile, 0);
    assert_int_equal(ch.phases, 2);
    assert_true(ch.cycles >= bound);
    assert_true(ch.cycles < 1.1 * bound);
    assert_true(nest_cost_predict(spyre, &p, 1, 2, 1) > 2 * ch.cycles);
    /* the prediction the choice reports is the model's */
    assert_true(ch.cycles == nest_cost_predict(spyre, &p, ch.tile, ch.phases, ch.instances));
}

/* The scratchpad bounds phases x tile x bytes per point, with the other
 * buffers' bytes taken off; not even one point fitting is a refusal. */
static void test_capacity(void **state)
{
    (void)state;
    uint32_t l1 = arch_kind_find(sample, "L1");
    assert_int_not_equal(l1, ARCH_NONE);
    int64_t cap = sample->res[sample->kinds[l1].first].size;
    struct nest_cost_program p = vector_add(1 << 20, 1);
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(sample, &p, 4, 1, &ch));
    assert_true(ch.phases * ch.tile * 384 <= (uint64_t)cap);
    /* big points: at most 3 points' buffers fit beside nothing else */
    p.scratch_per_point = (uint64_t)cap / 3;
    assert_true(nest_cost_choose(sample, &p, 4, 1, &ch));
    assert_true(ch.phases * ch.tile <= 3);
    p.fixed_scratch = (uint64_t)cap - 2 * ((uint64_t)cap / 3) + 1;
    assert_true(nest_cost_choose(sample, &p, 4, 1, &ch));
    assert_true(ch.phases * ch.tile <= 1);
    p.scratch_per_point = (uint64_t)cap;
    assert_false(nest_cost_choose(sample, &p, 4, 1, &ch));
    p = vector_add(0, 1);
    assert_false(nest_cost_choose(sample, &p, 4, 1, &ch));
}

/* Load and compute comparable (2 cores share the device memory: about as
 * many cycles a point for the DMA as for the L1LU): with two phases the DMA
 * of tile t+1 hides under the compute of tile t, with one it cannot. */
static void test_double_buffering(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4096, 2);
    double one = nest_cost_predict(spyre, &p, 256, 1, 1);
    double two = nest_cost_predict(spyre, &p, 256, 2, 1);
    assert_true(two * 1.5 < one);
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 1, 1, &ch));
    assert_int_equal(ch.phases, 1);
    double best_one = ch.cycles;
    assert_true(nest_cost_choose(spyre, &p, 2, 1, &ch));
    assert_int_equal(ch.phases, 2);
    assert_true(ch.cycles * 1.3 < best_one);
}

/* 32 cores streaming share the aggregate: per core the DMA gets a 32nd of
 * it, so the program is DMA-bound at (in + out) * cores / aggregate. The
 * sample device gives no aggregate: cores do not matter there. */
static void test_aggregate_shared(void **state)
{
    (void)state;
    uint32_t ddr = arch_kind_find(spyre, "DDR");
    double agg = (double)spyre->res[spyre->kinds[ddr].first].aggregate_bandwidth;
    assert_true(agg > 0);
    struct nest_cost_program p1 = vector_add(1024, 1), p32 = vector_add(1024, 32);
    struct nest_cost_choice c1, c32;
    assert_true(nest_cost_choose(spyre, &p1, 2, 1, &c1));
    assert_true(nest_cost_choose(spyre, &p32, 2, 1, &c32));
    double bound = 1024.0 * 384 * 32 / agg;
    assert_true(c32.cycles >= bound);
    assert_true(c32.cycles < 1.1 * bound);
    assert_true(c32.cycles > 4 * c1.cycles);
    p1 = vector_add(1024, 1);
    p32 = vector_add(1024, 32);
    assert_true(nest_cost_predict(sample, &p1, 64, 2, 1) ==
                nest_cost_predict(sample, &p32, 64, 2, 1));
    /* a grid of twice the cores: each core runs the program twice in turn */
    p32.runs = 2;
    assert_true(nest_cost_predict(sample, &p32, 64, 2, 1) ==
                2 * nest_cost_predict(sample, &p1, 64, 2, 1));
}

/* remainder-pieces: a core whose trip leaves a remainder of a tile runs
 * it in one nest per binary digit after its whole tiles, each waiting a
 * round of the other cores' tile DMAs while they run: with 31 points left
 * of tiles of 32 (five pieces) the program ends after the full cores do,
 * and tiles of 4 (two pieces, smaller rounds) beat it, although without a
 * remainder tiles of 32 are the better; no remainder: the full program. */
static void test_remainder_pieces(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(128, 32);
    double full32 = nest_cost_predict(spyre, &p, 32, 2, 1);
    double full4 = nest_cost_predict(spyre, &p, 4, 2, 1);
    assert_true(full32 < full4);
    assert_true(nest_cost_pieces(spyre, &p, 32, 2, 1, 128) == full32);
    assert_true(nest_cost_pieces(spyre, &p, 32, 2, 1, 64) == full32);
    double rem32 = nest_cost_pieces(spyre, &p, 32, 2, 1, 95);
    double rem4 = nest_cost_pieces(spyre, &p, 4, 2, 1, 95);
    assert_true(rem32 > full32);
    assert_true(rem4 < rem32);
    /* on one core no other core's DMAs wait ahead of the pieces: less than
     * on 32, each piece paying its latencies */
    struct nest_cost_program one = vector_add(128, 1);
    double one32 = nest_cost_pieces(spyre, &one, 32, 2, 1, 95);
    assert_true(one32 < rem32);
    assert_true(one32 > nest_cost_predict(spyre, &one, 32, 2, 1));
}

/* On 32 cores sharing the device memory, the cores drift apart (a DMA at
 * a time, in the order they ask): while one computes, the others keep the
 * device memory busy, so one buffer phase costs a DMA-bound program little
 * (the simulator agrees: nest_table's no-dbuf column on vadd_1m, bias_add);
 * on one core every load waits for the previous tile's compute. */
static void test_shared_single_phase(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 32);
    p.vector_ops_per_point = 24;
    double one = nest_cost_predict(spyre, &p, 64, 1, 1);
    double two = nest_cost_predict(spyre, &p, 64, 2, 1);
    assert_true(two <= one);
    assert_true(one < 1.05 * two);
    /* one core: each of the 16 tiles' loads waits for the previous
     * tile's compute, then the read latency */
    p.cores = 1;
    one = nest_cost_predict(spyre, &p, 64, 1, 1);
    two = nest_cost_predict(spyre, &p, 64, 2, 1);
    assert_true(one - two > 15 * lat_between(spyre, "DDR", "C0-MNILU"));
}

/* One tile: its load (the core's share of the aggregate), the read
 * latency, a signal, the compute with the chain's latency, a signal, the
 * store and the write latency, end to end. */
static void test_first_tile(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(64, 1);
    p.vector_ops_per_point = 0;
    p.l1_load_bytes_per_point = p.fifo_in_bytes_per_point = 0;
    p.fifo_out_bytes_per_point = p.l1_store_bytes_per_point = 0;
    double rd = bw_between(spyre, "DDR", "C0-MNILU"), wr = bw_between(spyre, "C0-MNISU", "DDR");
    double lat = lat_between(spyre, "DDR", "C0-MNILU") + lat_between(spyre, "C0-MNILU", "C0-L1") +
                 lat_between(spyre, "C0-L1", "C0-MNISU") + lat_between(spyre, "C0-MNISU", "DDR");
    double chain = lat_between(spyre, "C0-L1", "C0-L1LU-CL0") +
                   lat_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0") +
                   lat_between(spyre, "C0-SFU-CL0", "C0-L1SU-CL0") +
                   lat_between(spyre, "C0-L1SU-CL0", "C0-L1");
    /* no compute: the tile's bytes, the latencies and two one-cycle signals */
    double want = 64 * 256 / rd + 64 * 128 / wr + lat + chain + 2;
    double got = nest_cost_predict(spyre, &p, 64, 1, 1);
    assert_true(got > want - 0.5 && got < want + 0.5);
}

/* examples/add.mlir on spyre: 64 rows a core on 2 cores. K tiles are in
 * flight: with tiles of 8 rows, 4 phases leave the DMA waiting a round
 * trip (load latency, compute, credit) after every 4 tiles, 8 cover it;
 * phases beyond the tiles change nothing. While the loads run ahead of
 * the first store the device memory serves reads only: 8 tiles of loads
 * back to back at the core's share, then one tile's latency, compute and
 * store, well under charging every tile the reads and writes together.
 * The simulator measured 654, 504 and 531 cycles (8x4, 8x8, 16x4). */
static void test_phases_cover_latency(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(64, 2);
    double k4 = nest_cost_predict(spyre, &p, 8, 4, 2), k8 = nest_cost_predict(spyre, &p, 8, 8, 2);
    assert_true(k8 * 1.2 < k4);
    assert_true(nest_cost_predict(spyre, &p, 8, 16, 2) == k8);
    assert_true(nest_cost_predict(spyre, &p, 64, 4, 2) == nest_cost_predict(spyre, &p, 64, 1, 2));
    uint32_t ddr = arch_kind_find(spyre, "DDR");
    double agg = (double)spyre->res[spyre->kinds[ddr].first].aggregate_bandwidth;
    double lat = lat_between(spyre, "DDR", "C0-MNILU") + lat_between(spyre, "C0-MNILU", "C0-L1");
    double reads = 64 * 256 / (agg / 2), both = 64 * 384 / (agg / 2);
    assert_true(k8 > reads + 2 * lat);
    assert_true(k8 < both + 2 * lat);
    /* within 5% of the simulator's cycles */
    assert_true(k4 > 0.95 * 654 && k4 < 1.05 * 654);
    assert_true(k8 > 0.95 * 504 && k8 < 1.05 * 504);
    double t16 = nest_cost_predict(spyre, &p, 16, 4, 2);
    assert_true(t16 > 0.95 * 531 && t16 < 1.05 * 531);
    /* the choice: tiles of at most 8 rows, phases enough to keep 8 tiles of loads streaming */
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 16, 2, &ch));
    assert_true(ch.tile <= 8);
    assert_true(ch.phases * ch.tile >= 64);
    assert_true(ch.cycles <= k8);
}

/* A load of the same elements at every point (a weight row every row
 * reads) moves once a tile: bigger tiles amortize it, and its bytes count
 * once a tile against the scratchpad. */
static void test_per_tile_load(void **state)
{
    (void)state;
    static const struct nest_cost_xfer xs[] = {
        {false, 2048, 2048, 0, 0, 0, false}, {false, 0, 2048, 2048, 0, 0, false}, {true, 2048, 2048, 0, 0, 0, false}};
    struct nest_cost_program p = vector_add(128, 32);
    p.xfers = xs;
    double t1 = nest_cost_predict(spyre, &p, 1, 2, 1);
    double t16 = nest_cost_predict(spyre, &p, 16, 2, 1);
    assert_true(t16 * 1.3 < t1);
    /* per point that load would cost as much at every tile size */
    static const struct nest_cost_xfer pp[] = {
        {false, 2048, 2048, 0, 0, 0, false}, {false, 2048, 2048, 0, 0, 0, false}, {true, 2048, 2048, 0, 0, 0, false}};
    struct nest_cost_program q = p;
    q.xfers = pp;
    assert_true(nest_cost_predict(spyre, &q, 16, 2, 1) > 1.3 * t16);
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 2, 1, &ch));
    assert_true(ch.tile >= 8);
}

/* A once-a-tile load that broadcast keeps (nest_cost_xfer.kept) moves once
 * before the tiles: it costs its bytes once, not once a tile, so small
 * tiles pay nothing more for it; one tile loads it as before; and its
 * buffer takes the scratchpad once, not once a phase. */
static void test_kept_load(void **state)
{
    (void)state;
    static const struct nest_cost_xfer xs[] = {
        {false, 2048, 2048, 0, 0, 0, false}, {false, 0, 2048, 2048, 0, 0, false}, {true, 2048, 2048, 0, 0, 0, false}};
    static const struct nest_cost_xfer ks[] = {
        {false, 2048, 2048, 0, 0, 0, false}, {false, 0, 2048, 2048, 0, 0, true}, {true, 2048, 2048, 0, 0, 0, false}};
    struct nest_cost_program p = vector_add(128, 32), k = p;
    p.xfers = xs;
    k.xfers = ks;
    double per_tile = nest_cost_predict(spyre, &p, 1, 2, 1);
    double once = nest_cost_predict(spyre, &k, 1, 2, 1);
    /* 127 of the 128 tiles' loads of it saved: at least their bytes at
     * the device memory's read bandwidth */
    uint32_t ddr = arch_kind_find(spyre, "DDR");
    double agg = (double)spyre->res[spyre->kinds[ddr].first].aggregate_bandwidth;
    assert_true(once + 127.0 * 2048 / (agg / 32) * 0.5 < per_tile);
    assert_true(nest_cost_predict(spyre, &k, 128, 1, 1) == nest_cost_predict(spyre, &p, 128, 1, 1));
    /* the scratchpad: room for 2 phases of a point and the buffer once, not
     * for 2 phases of both; the choices fit it so counted */
    uint32_t l1 = arch_kind_find(spyre, "L1");
    int64_t cap = spyre->res[spyre->kinds[l1].first].size;
    uint64_t room = 2 * 4096 + 2048;
    k.scratch_per_point = p.scratch_per_point = 4096;
    k.fixed_scratch = p.fixed_scratch = (uint64_t)cap - room;
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &k, 2, 1, &ch));
    assert_true(ch.phases * ch.tile * 4096 + 2048 <= room);
    assert_true(nest_cost_choose(spyre, &p, 2, 1, &ch));
    assert_true(ch.phases * (ch.tile * 4096 + 2048) <= room);
    assert_int_equal(ch.phases, 1);
}

/* A splatted scalar's shuffle waits for its load: on a load-bound point
 * each splat adds the scratchpad latency; and a pipeline in an inner loop
 * streams its iterations: one round trip a pipeline, not an iteration. */
static void test_splats_and_pipeline_ops(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 1);
    double base = nest_cost_predict(spyre, &p, 64, 2, 1);
    p.splats_per_point = 1;
    double sp = nest_cost_predict(spyre, &p, 64, 2, 1);
    double lat = lat_between(spyre, "C0-L1", "C0-L1LU-CL0");
    assert_true(sp >= base + 1024 * lat * 0.9);
    struct nest_cost_program q = vector_add(64, 1);
    q.pipelines_per_point = 16;
    double each = nest_cost_predict(spyre, &q, 64, 2, 1);
    q.pipeline_ops_per_point = 2;
    double streamed = nest_cost_predict(spyre, &q, 64, 2, 1);
    assert_true(each - streamed >= 14 * lat); /* 14 round trips fewer, each past a load */
}

/* Every scratchpad load takes a cycle of the load unit at least, however
 * few bytes (a splat's scalar): 64 loads of 2 bytes a point cost the load
 * unit 64 cycles, not 1; and measured load groups replace the point
 * loop's unrolling (the inner loops ktc-lower unrolls): a point of 32
 * groups, each paying the scratchpad latency, costs that latency 32 times.
 * One point a tile, one tile: the compute is the tile's. */
static void test_loads_and_groups(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1, 1);
    p.nxfers = 0;
    p.l1_load_bytes_per_point = 128;
    p.fifo_in_bytes_per_point = 64 * 128;
    p.vector_ops_per_point = 0;
    p.fifo_out_bytes_per_point = p.l1_store_bytes_per_point = 0;
    double few = nest_cost_predict(spyre, &p, 1, 1, 1);
    p.l1_loads_per_point = 64;
    double many = nest_cost_predict(spyre, &p, 1, 1, 1);
    double vld = 128 / bw_between(spyre, "C0-L1", "C0-L1LU-CL0");
    double lat = lat_between(spyre, "C0-L1", "C0-L1LU-CL0");
    /* one load: its cycle and the latency its send waits for; 64: a cycle each */
    assert_true(many - few > 64 - (vld + lat) - 0.5 && many - few < 64 - (vld + lat) + 0.5);
    p.l1_loads_per_point = 0;
    p.l1_load_bytes_per_point = 64 * 128;
    p.load_groups_per_point = 8; /* 8 loads a group: the loads hide the latency */
    double grouped = nest_cost_predict(spyre, &p, 1, 1, 1);
    p.load_groups_per_point = 64; /* one load a group: each pays it */
    double each = nest_cost_predict(spyre, &p, 1, 1, 1);
    assert_true(each - grouped > 64 * (vld + lat) - 64 * vld - 0.5);
    assert_true(each - grouped < 64 * (vld + lat) - 64 * vld + 0.5);
}

/* The compute unit sends each result as it writes it (OP.send): a point
 * of 4 ops sending 128 bytes costs it 4 cycles, not 5; sending 8 times as
 * many bytes, the FIFO's link bounds it instead (8 cycles). No DMA, no
 * loads: the difference is the compute's. */
static void test_sends_overlap_ops(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(64, 1);
    p.nxfers = 0;
    p.l1_load_bytes_per_point = p.fifo_in_bytes_per_point = 0;
    p.l1_store_bytes_per_point = 0;
    p.vector_ops_per_point = 4;
    p.fifo_out_bytes_per_point = 128;
    double four = nest_cost_predict(spyre, &p, 64, 1, 1);
    p.vector_ops_per_point = 5;
    double five = nest_cost_predict(spyre, &p, 64, 1, 1);
    double out = 128 / bw_between(spyre, "C0-SFU-CL0", "C0-L1SU-CL0");
    assert_true(out <= 1);
    assert_true(five - four > 64 - 0.5 && five - four < 64 + 0.5); /* an op a point more */
    p.vector_ops_per_point = 4;
    p.fifo_out_bytes_per_point = 8 * 128;
    double wide = nest_cost_predict(spyre, &p, 64, 1, 1);
    double link = 8 * out;
    assert_true(wide - four > 64 * (link - 4) - 0.5 && wide - four < 64 * (link - 4) + 0.5);
}

/* Streamed loads (the program model's: ktc-codegen's vlds moves a vector
 * from the scratchpad into the FIFO as one transfer over both links): the
 * load unit is charged the slower link's time, not the scratchpad's and
 * then the FIFO's. 8 vectors a point: 8 cycles a point less over 64. */
static void test_streamed_loads(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(64, 1);
    p.nxfers = 0;
    p.l1_load_bytes_per_point = p.fifo_in_bytes_per_point = 8 * 128;
    p.l1_loads_per_point = 8;
    p.fifo_out_bytes_per_point = p.l1_store_bytes_per_point = 0;
    double both = nest_cost_predict(spyre, &p, 64, 1, 1);
    p.streamed_loads = true;
    double streamed = nest_cost_predict(spyre, &p, 64, 1, 1);
    double fifo = 8 * 128 / bw_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0");
    assert_true(both - streamed > 64 * fifo - 0.5 && both - streamed < 64 * fifo + 0.5);
    assert_true(streamed >= 64 * 8); /* a load a cycle at least */
}

/* A load read only by later pipelines of the point lets the earlier ones
 * run while it lands (ktc-lower signals after each DMA of the load
 * stage), when the tile is a point per corelet instance (the receive then
 * sinks below the split): a row read whole by the second pass, after a
 * first pass that read it in chunks (a reduction), starts computing that
 * first pass once the chunks are in: the prediction drops by that pass's
 * compute, here half the loads and half the ops of the point, less what
 * the second load's own DMA time leaves exposed. Two points on one
 * instance: the compute waits for both loads. */
static void test_compute_before_load(void **state)
{
    (void)state;
    struct nest_cost_xfer x[] = {{false, 16384, 128, 0, 0, 0, false},
                                 {false, 16384, 128, 0, 0, 0, false},
                                 {true, 16384, 128, 0, 0, 0, false}};
    struct nest_cost_program p = {
        .points = 2, .cores = 1, .nxfers = 3, .xfers = x,
        .l1_load_bytes_per_point = 2 * 16384, .l1_loads_per_point = 256,
        .fifo_in_bytes_per_point = 2 * 16384, .vector_ops_per_point = 256,
        .vector_elems = 64, .elem_type = "f16",
        .fifo_out_bytes_per_point = 16384, .l1_store_bytes_per_point = 16384,
    };
    double waits = nest_cost_predict(spyre, &p, 2, 1, 2);
    double one = nest_cost_predict(spyre, &p, 2, 1, 1);
    x[1].loads_before = 128;
    x[1].ops_before = 128;
    double early = nest_cost_predict(spyre, &p, 2, 1, 2);
    /* the load unit: a vld and a send per vector, half of them first */
    double half = 128 * (128 / bw_between(spyre, "C0-L1", "C0-L1LU-CL0") +
                         128 / bw_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0"));
    double dma = 2 * 16384 / bw_between(spyre, "DDR", "C0-MNILU");
    double gain = half < dma ? half : dma; /* the pass overlaps the second DMA */
    assert_true(waits - early > gain - 0.5 && waits - early < gain + 0.5);
    assert_true(nest_cost_predict(spyre, &p, 2, 1, 1) == one);
}

/* ktc-nest's lane-transfers: a tile of 2 points on 2 instances in one
 * phase moves per instance, so each instance stores its point once it is
 * done: the last instance's store moves half the tile (its data lands as
 * late as the whole tile did; the first instance's signal, issued while
 * the second part is queued behind the first, delays nothing). Not with 2
 * phases nor on one instance. */
static void test_lane_transfers(void **state)
{
    (void)state;
    struct nest_cost_xfer x[] = {{false, 16384, 128, 0, 0, 0, false}, {true, 16384, 128, 0, 0, 0, false}};
    struct nest_cost_program p = {
        .points = 2, .cores = 1, .nxfers = 2, .xfers = x,
        .l1_load_bytes_per_point = 16384, .l1_loads_per_point = 128,
        .fifo_in_bytes_per_point = 16384, .vector_ops_per_point = 512,
        .vector_elems = 64, .elem_type = "f16",
        .fifo_out_bytes_per_point = 16384, .l1_store_bytes_per_point = 16384,
    };
    double whole = nest_cost_predict(spyre, &p, 2, 1, 2);
    double phased = nest_cost_predict(spyre, &p, 2, 2, 2);
    double one = nest_cost_predict(spyre, &p, 2, 1, 1);
    p.lane_xfers = true;
    double lanes = nest_cost_predict(spyre, &p, 2, 1, 2);
    double half = 16384 / bw_between(spyre, "C0-MNISU", "DDR");
    assert_true(whole - lanes > half - 0.5);
    assert_true(whole - lanes < half + 0.5);
    assert_true(nest_cost_predict(spyre, &p, 2, 2, 2) == phased);
    assert_true(nest_cost_predict(spyre, &p, 2, 1, 1) == one);
}

/* A splat vector every point of an elementwise pass reads (x * rstd),
 * shared by splat-hoist over 4 points when an instance's points are a
 * multiple of 4: the load unit, the bottleneck here, loads and sends 1.25
 * vectors a point instead of 2 (x and the splat); a tile of 6 points
 * shares nothing. No DMA: the difference is the compute's. */
static void test_shared_splat(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(48, 1);
    p.nxfers = 0;
    p.l1_loads_per_point = 2;
    double ld = 128 / bw_between(spyre, "C0-L1", "C0-L1LU-CL0") +
                128 / bw_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0");
    double plain8 = nest_cost_predict(spyre, &p, 8, 1, 1);
    double plain6 = nest_cost_predict(spyre, &p, 6, 1, 1);
    p.shared_loads_per_point = 1;
    double shared8 = nest_cost_predict(spyre, &p, 8, 1, 1);
    double shared6 = nest_cost_predict(spyre, &p, 6, 1, 1);
    /* 8 points a tile, 6 tiles: 3/4 of the splat's load and send saved a point */
    assert_true(plain8 - shared8 > 48 * 0.75 * ld - 0.5);
    assert_true(plain8 - shared8 < 48 * 0.75 * ld + 0.5);
    assert_true(shared6 == plain6);
    /* split over the corelets, splat-hoist shares over the ktdf.parallel
     * when each instance's points are a multiple of 4, in its block
     * (nest_cost_splat_block): 8 each, one block of 8, saves more than
     * blocks of 4 would (3/4 of the splat's load a point); 16 each, blocks
     * of 16, more again; 6 each: nothing shared */
    p.shared_loads_per_point = 0;
    double split16 = nest_cost_predict(spyre, &p, 16, 1, 2);
    double split12 = nest_cost_predict(spyre, &p, 12, 1, 2);
    p.shared_loads_per_point = 1;
    double saved16 = split16 - nest_cost_predict(spyre, &p, 16, 1, 2);
    assert_true(saved16 > 48 * 0.75 * ld / 2 + 0.5);
    assert_true(nest_cost_predict(spyre, &p, 12, 1, 2) == split12);
    p.points = 96;
    p.shared_loads_per_point = 0;
    double s16 = nest_cost_predict(spyre, &p, 16, 1, 2);
    double s32 = nest_cost_predict(spyre, &p, 32, 1, 2);
    p.shared_loads_per_point = 1;
    s16 -= nest_cost_predict(spyre, &p, 16, 1, 2);
    s32 -= nest_cost_predict(spyre, &p, 32, 1, 2);
    assert_true(s32 > s16 + 0.5);
    assert_int_equal(nest_cost_splat_block(8, 1), 8);
    assert_int_equal(nest_cost_splat_block(8, 2), 8);
    assert_int_equal(nest_cost_splat_block(16, 1), 16);
    assert_int_equal(nest_cost_splat_block(48, 1), 16);
    assert_int_equal(nest_cost_splat_block(16, 2), 4);
    assert_int_equal(nest_cost_splat_block(24, 1), 4);
    assert_int_equal(nest_cost_splat_block(4, 1), 4);
}

/* A nest whose loads run ahead while the nests before it compute
 * (prefetch_window): the choice is ranked with its first K tiles' loads
 * hidden in the window, its modeled cycles unchanged. A compute-bound
 * pass (a vector op of 16 cycles a point) whose first tile's load is
 * exposed takes a small tile alone; with a window that hides the loads of
 * larger tiles it takes a larger one, and a window of 0 changes nothing. */
static void test_prefetch_window(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 1);
    p.vector_ops_per_point = 16;
    struct nest_cost_choice alone, zero, ahead;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &alone));
    p.prefetch_window = 0;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &zero));
    assert_true(zero.tile == alone.tile && zero.phases == alone.phases);
    p.prefetch_window = 4000;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &ahead));
    assert_true(ahead.tile * ahead.phases > alone.tile * alone.phases);
    assert_true(ahead.cycles == nest_cost_predict(spyre, &p, ahead.tile, ahead.phases,
                                                  ahead.instances));
    p.prefetch_window = 0;
    assert_true(ahead.cycles == nest_cost_predict(spyre, &p, ahead.tile, ahead.phases,
                                                  ahead.instances));
}

/* A nest run once per row among other nests (phases counted across the
 * runs): the load unit is held after its last tile's DMA until the compute
 * of tile n - K ends, the next nest's loads landing a read latency later;
 * the choice then takes a phase more than its tiles (the next run's first
 * tile in flight, nothing held) where the nest alone would take at most
 * its tiles. The modeled cycles of a choice do not change. */
static void test_phases_across_runs(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4, 1);
    struct nest_cost_choice alone, rows;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &alone));
    assert_true(alone.phases <= p.points / alone.tile);
    p.phases_across_runs = true;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &rows));
    assert_true(rows.phases == p.points / rows.tile + 1);
    assert_true(nest_cost_predict(spyre, &p, rows.tile, rows.phases, 1) == rows.cycles);
    p.phases_across_runs = false;
    assert_true(nest_cost_predict(spyre, &p, rows.tile, rows.phases, 1) == rows.cycles);
}

/* rest_tiles: a prime trip count (4099 points) whose only divisors are 1
 * and itself takes a tile between, its 4099 mod T points left a tile of
 * their own after the whole tiles, modeled faster; without it, a divisor.
 * nest_cost_choose_at prices a tile given (dividing or not) as the best
 * choice prices it. */
static void test_rest_tiles(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4099, 1);
    struct nest_cost_choice whole, rest, at;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &whole));
    assert_true(whole.tile == 1 || whole.tile == 4099);
    p.rest_tiles = true;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &rest));
    assert_true(rest.tile > 1 && rest.tile < 4099 && 4099 % rest.tile);
    assert_true(rest.cycles < 0.9 * whole.cycles);
    assert_true(nest_cost_choose_at(spyre, &p, rest.tile, 16, 1, &at));
    assert_int_equal(at.tile, rest.tile);
    assert_int_equal(at.phases, rest.phases);
    assert_true(at.cycles == rest.cycles);
    assert_true(nest_cost_choose_at(spyre, &p, 3, 16, 1, &at));
    assert_int_equal(at.tile, 3);
    assert_true(at.cycles >= rest.cycles);
}

/* A compute-bound point (many vector ops) splits across the corelets. */
static void test_instances(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4096, 1);
    p.vector_ops_per_point = 16;
    double i1 = nest_cost_predict(spyre, &p, 512, 2, 1);
    double i2 = nest_cost_predict(spyre, &p, 512, 2, 2);
    assert_true(i2 < 0.6 * i1);
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 2, spyre->ncorelets, &ch));
    assert_int_equal(ch.instances, spyre->ncorelets);
    /* DMA-bound on 32 cores, corelets buy almost nothing (the first
     * tile's compute only) */
    p = vector_add(4096, 32);
    struct nest_cost_choice one;
    assert_true(nest_cost_choose(spyre, &p, 2, 1, &one));
    assert_true(nest_cost_choose(spyre, &p, 2, spyre->ncorelets, &ch));
    assert_true(ch.cycles > 0.99 * one.cycles);
}

/* ktc-nest's corelet-blocks: a tile of one point split pass by pass over
 * the corelets (point_passes, the point's parallel loops): the point's
 * compute takes half its time on 2 instances, less a round trip and
 * signals a pass; without passes a tile of one point gains nothing from a
 * second instance (corelets splits points), and tiles of more points are
 * modeled as before. */
static void test_point_passes(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(2, 1);
    p.vector_ops_per_point = 4096;
    double one = nest_cost_predict(spyre, &p, 1, 2, 1);
    double two = nest_cost_predict(spyre, &p, 2, 1, 2);
    assert_true(nest_cost_predict(spyre, &p, 1, 2, 2) == one);
    p.point_passes = 3;
    double split3 = nest_cost_predict(spyre, &p, 1, 2, 2);
    assert_true(split3 < 0.6 * one);
    assert_true(nest_cost_predict(spyre, &p, 1, 2, 1) == one);
    assert_true(nest_cost_predict(spyre, &p, 2, 1, 2) == two);
    p.point_passes = 30;
    assert_true(nest_cost_predict(spyre, &p, 1, 2, 2) > split3);
    p.point_passes = 3;
    struct nest_cost_choice ch;
    assert_true(nest_cost_choose(spyre, &p, 2, spyre->ncorelets, &ch));
    assert_int_equal(ch.tile, 1);
    assert_int_equal(ch.instances, spyre->ncorelets);
}

/* Points carrying an accumulator through the scratchpad (carried): a tile
 * of one point waits for the tile before's store of it, on one instance as
 * on two (corelet-blocks' split pays that round trip already); a tile of
 * more points is modeled as before (its other points hide the wait). */
static void test_carried(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4, 1);
    p.vector_ops_per_point = 16;
    p.point_passes = 1;
    double one = nest_cost_predict(spyre, &p, 1, 4, 1);
    double split = nest_cost_predict(spyre, &p, 1, 4, 2);
    double two = nest_cost_predict(spyre, &p, 2, 3, 2);
    p.carried = true;
    assert_true(nest_cost_predict(spyre, &p, 1, 4, 1) > one);
    assert_true(nest_cost_predict(spyre, &p, 1, 4, 2) == split);
    assert_true(nest_cost_predict(spyre, &p, 2, 3, 2) == two);
}

/* A trip count known only at launch (launch_points): a larger tile is
 * taken only when modeled faster by more than LAUNCH_TILE_MARGIN; on a
 * DMA-bound vector add at a bound of 1024 points, where larger tiles gain
 * next to nothing (16 against 1: 0.15%), the smaller one is taken. */
static void test_launch_points(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 32);
    struct nest_cost_choice fixed, launch;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &fixed));
    p.launch_points = true;
    assert_true(nest_cost_choose(spyre, &p, 16, 1, &launch));
    assert_true(launch.tile < fixed.tile);
    assert_true(launch.cycles < 1.005 * fixed.cycles);
}

/* Row-phases' run-ahead: phases enough that the loads issue a read
 * latency ahead of the compute at the runs' pace (fewer when the runs come
 * slower: 2 tiles every 400 cycles ask double buffering), at most two
 * runs' tiles and two more, and 16; a nest without DMAs or a period asks
 * none. */
static void test_run_ahead(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4, 1);
    uint32_t fast = nest_cost_run_ahead_phases(spyre, &p, 2, 80);
    uint32_t slow = nest_cost_run_ahead_phases(spyre, &p, 2, 400);
    assert_true(fast >= 4 && fast <= 6);
    assert_true(slow < fast && slow >= 2);
    assert_int_equal(nest_cost_run_ahead_phases(spyre, &p, 1, 1), 4);
    assert_int_equal(nest_cost_run_ahead_phases(spyre, &p, 16, 1), 16);
    assert_int_equal(nest_cost_run_ahead_phases(spyre, &p, 2, 0), 0);
    p.nxfers = 0;
    assert_int_equal(nest_cost_run_ahead_phases(spyre, &p, 2, 80), 0);
}

/* A point's passes stream the tile's points one loop a pass (fission;
 * fuse-points keeps a join only where the passes fuse into one pipeline):
 * the round trips between 4 pipelines are paid once a tile, so splitting 6
 * points over 2 instances costs less than running them on one.
 * point_whole: corelet-blocks' share of the point left on corelet 0 takes
 * its whole time there. */
static void test_pass_loops(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(6, 1);
    p.vector_ops_per_point = 64;
    p.pipelines_per_point = 4;
    double two = nest_cost_predict(spyre, &p, 6, 1, 2);
    double one = nest_cost_predict(spyre, &p, 6, 1, 1);
    assert_true(two < one);
    /* point_rounds (passes with inner loops, which fission splits only
     * over corelets): on one instance each of the 6 points pays the 3
     * round trips; over 2 the tile does, once */
    p.point_rounds = true;
    double rounds = nest_cost_predict(spyre, &p, 6, 1, 1);
    assert_true(rounds > one);
    assert_true(nest_cost_predict(spyre, &p, 6, 1, 2) == two);

    struct nest_cost_program q = vector_add(2, 1);
    q.vector_ops_per_point = 4096;
    q.point_passes = 3;
    double split = nest_cost_predict(spyre, &q, 1, 2, 2);
    q.point_whole = 0.5;
    double half = nest_cost_predict(spyre, &q, 1, 2, 2);
    q.point_whole = 1;
    double whole = nest_cost_predict(spyre, &q, 1, 2, 2);
    assert_true(split < half && half < whole);
}

/* Vector ops take ceil(elements / lanes) cycles of the compute unit's
 * lanes for the element type (spyre: 64 f16, 32 f32). */
static void test_lanes(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(4096, 1);
    p.vector_ops_per_point = 32;
    p.l1_load_bytes_per_point = p.fifo_in_bytes_per_point = 0;
    p.fifo_out_bytes_per_point = p.l1_store_bytes_per_point = 0;
    double f16 = nest_cost_predict(spyre, &p, 4096, 1, 1);
    p.elem_type = "f32";
    double f32 = nest_cost_predict(spyre, &p, 4096, 1, 1);
    /* compute 4096 * 32 * 1 vs * 2 cycles, plus the same DMA and latency */
    assert_true(f32 - f16 > 0.99 * 4096 * 32);
    assert_true(f32 - f16 < 1.01 * 4096 * 32);
}

/* ktc-lower unrolls a load-only point loop by 4 or 2 when the trips
 * allow, so a group of loads spans points and the scratchpad latency shows
 * once a group: a tile of 15 points (no unroll) costs more a point than
 * one of 16 on the compute-bound single core. */
static void test_load_groups(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(240, 1);
    double four = nest_cost_predict(spyre, &p, 16, 4, 1) / 240;
    double five = nest_cost_predict(spyre, &p, 15, 4, 1) / 240;
    double lat = lat_between(spyre, "C0-L1", "C0-L1LU-CL0");
    assert_true(five > four + lat / 2);
}

/* Inner pipelines of a point run as one loop each over the tile, each
 * waiting for the previous one's last point to go around the chain: four
 * pipelines cost at least three round trips (two FIFO hops and the
 * scratchpad load latency each) a tile more than one moving the same
 * bytes; reductions cost log2(lanes) + 1 cycles of the compute unit. */
static void test_pipelines_and_reductions(void **state)
{
    (void)state;
    struct nest_cost_program one = vector_add(64, 1), four = vector_add(64, 1);
    four.pipelines_per_point = 4;
    double hops = lat_between(spyre, "C0-L1", "C0-L1LU-CL0") +
                  lat_between(spyre, "C0-L1LU-CL0", "C0-SFU-CL0") +
                  lat_between(spyre, "C0-SFU-CL0", "C0-L1SU-CL0");
    double a = nest_cost_predict(spyre, &one, 16, 1, 1), b = nest_cost_predict(spyre, &four, 16, 1, 1);
    assert_true(b - a >= 4 * 3 * hops); /* 4 tiles */
    struct nest_cost_program red = vector_add(64, 1);
    red.l1_load_bytes_per_point = red.fifo_in_bytes_per_point = 0;
    red.fifo_out_bytes_per_point = red.l1_store_bytes_per_point = 0;
    red.vector_ops_per_point = 0;
    red.reductions_per_point = 100;
    double r = nest_cost_predict(spyre, &red, 64, 1, 1);
    red.reductions_per_point = 0;
    double z = nest_cost_predict(spyre, &red, 64, 1, 1);
    assert_true(r - z > 0.99 * 64 * 100 * 7); /* 64 lanes: log2 64 + 1 */
    assert_true(r - z < 1.01 * 64 * 100 * 7);
}

/* The steady state leaves out the first tile's latencies: a nest of many
 * tiles is close to it, a nest of one tile is mostly latency. A program of
 * nests in loops: the nests' figure when the device memory keeps up (one
 * core), the aggregate bound when 32 cores share it, the runs on top. */
static void test_program(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 1);
    double full = nest_cost_predict(spyre, &p, 16, 2, 1);
    double steady = nest_cost_steady(spyre, &p, 16, 2, 1);
    assert_true(steady < full);
    assert_true(steady > 0.8 * full);
    double one_full = nest_cost_predict(spyre, &p, 1024, 1, 1);
    double one_steady = nest_cost_steady(spyre, &p, 1024, 1, 1);
    assert_true(one_steady < one_full);
    uint32_t ddr = arch_kind_find(spyre, "DDR");
    double agg = (double)spyre->res[spyre->kinds[ddr].first].aggregate_bandwidth;
    /* 128 rows of a nest moving 1024 * 256 in and 1024 * 128 out a row */
    double in = 128.0 * 1024 * 256, out = 128.0 * 1024 * 128, nests = 128 * steady;
    double solo = nest_cost_program_cycles(spyre, nests, in, out, 1, 1);
    assert_true(solo >= nests);
    assert_true(solo < 1.5 * nests);
    /* at the aggregate's bound, a write latency after its last busy cycle */
    struct nest_cost_program st = p;
    st.xfers = &add_xfers[2];
    st.nxfers = 1;
    double wr_lat = nest_cost_dma_latency(spyre, &st);
    assert_true(wr_lat > 0);
    double shared = nest_cost_program_cycles(spyre, nests, in, out, 32, 1);
    assert_true(shared == 32 * (in + out) / agg + wr_lat);
    /* a program that only loads ends a read latency after it */
    st.xfers = add_xfers;
    double rd_lat = nest_cost_dma_latency(spyre, &st);
    assert_true(nest_cost_program_cycles(spyre, 0, in, 0, 32, 1) == 32 * in / agg + rd_lat);
    assert_true(nest_cost_program_latency(spyre, in, out) == wr_lat);
    assert_true(nest_cost_program_latency(spyre, in, 0) == rd_lat);
    assert_true(nest_cost_program_latency(spyre, 0, 0) == 0);
    assert_true(nest_cost_program_cycles(spyre, nests, in, out, 32, 2) == 2 * shared);
}

/* A nest whose buffer phases count the runs of a row loop (row-phases,
 * resident-rows): a run holds the on-core chain for its tiles' compute and
 * the last vector's drain, not for its DMAs (they run ahead, over the other
 * nests' computes, and the program's bandwidth terms price them). So the
 * DMA-bound vector add takes less of it than its steady state, its DMAs'
 * bytes do not change it, and each tile more adds one tile's compute. The
 * rmsnorm of ../shared/corpus (rmsnorm_4core_4x1: 64 rows a core, two
 * passes over a resident row) was priced 23.7% above the simulator while
 * the per-run nests paid their first load and last store every row. */
static void test_oncore(void **state)
{
    (void)state;
    struct nest_cost_program p = vector_add(1024, 1);
    p.phases_across_runs = true;
    double run = nest_cost_oncore(spyre, &p, 16, 3, 1);
    assert_true(run > 0);
    assert_true(run < nest_cost_steady(spyre, &p, 16, 3, 1));
    struct nest_cost_xfer big[3];
    memcpy(big, add_xfers, sizeof big);
    for (int i = 0; i < 3; i++)
        big[i].bytes_per_point *= 4;
    struct nest_cost_program q = p;
    q.xfers = big;
    assert_true(nest_cost_oncore(spyre, &q, 16, 3, 1) == run);
    q.nxfers = 0;
    assert_true(nest_cost_oncore(spyre, &q, 16, 3, 1) == run);
    /* tiles of 16 points: 1, 2 and 64 of them */
    p.points = 16;
    double one = nest_cost_oncore(spyre, &p, 16, 3, 1);
    p.points = 32;
    double tile = nest_cost_oncore(spyre, &p, 16, 3, 1) - one;
    assert_true(tile > 0);
    assert_true(fabs(run - one - 63 * tile) < 1e-6 * run);
    /* corelets split a tile's compute */
    p.points = 1024;
    assert_true(nest_cost_oncore(spyre, &p, 16, 3, 2) < run);
}

/* store-blocks (nest_cost_store_blocks): the last run's store, (nb - 1) /
 * nb of it hidden, against nb - 1 block pipelines every run. spyre:
 * softmax_4x4096's 8 KiB rows, 2 a core, lose in 4 blocks (simulated 1227
 * -> 1237); softmax_8x16384's 32 KiB rows gain (3737 -> 3639). */
static void test_store_blocks(void **state)
{
    (void)state;
    assert_true(nest_cost_store_blocks(spyre, "f16", 8192, 2, 4) < 0);
    assert_true(nest_cost_store_blocks(spyre, "f16", 32768, 2, 4) > 0);
    assert_true(nest_cost_store_blocks(spyre, "f16", 32768, 2, 1) == 0);
    /* each run more costs the same: the blocks' refills */
    double r2 = nest_cost_store_blocks(spyre, "f16", 32768, 2, 4),
           r3 = nest_cost_store_blocks(spyre, "f16", 32768, 3, 4),
           r4 = nest_cost_store_blocks(spyre, "f16", 32768, 4, 4);
    assert_true(r3 < r2);
    assert_true(fabs((r2 - r3) - (r3 - r4)) < 1e-9);
    /* twice the bytes: the hidden part twice */
    double h = nest_cost_store_blocks(spyre, "f16", 65536, 2, 4) - r2;
    assert_true(fabs(h - (r2 - nest_cost_store_blocks(spyre, "f16", 0, 2, 4))) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_latency_amortized),
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_double_buffering),
        cmocka_unit_test(test_aggregate_shared),
        cmocka_unit_test(test_instances),
        cmocka_unit_test(test_lanes),
        cmocka_unit_test(test_load_groups),
        cmocka_unit_test(test_pipelines_and_reductions),
        cmocka_unit_test(test_program),
        cmocka_unit_test(test_shared_single_phase),
        cmocka_unit_test(test_per_tile_load),
        cmocka_unit_test(test_kept_load),
        cmocka_unit_test(test_splats_and_pipeline_ops),
        cmocka_unit_test(test_first_tile),
        cmocka_unit_test(test_phases_cover_latency),
        cmocka_unit_test(test_loads_and_groups),
        cmocka_unit_test(test_compute_before_load),
        cmocka_unit_test(test_sends_overlap_ops),
        cmocka_unit_test(test_streamed_loads),
        cmocka_unit_test(test_shared_splat),
        cmocka_unit_test(test_phases_across_runs),
        cmocka_unit_test(test_lane_transfers),
        cmocka_unit_test(test_point_passes),
        cmocka_unit_test(test_pass_loops),
        cmocka_unit_test(test_rest_tiles),
        cmocka_unit_test(test_oncore),
        cmocka_unit_test(test_store_blocks),
        cmocka_unit_test(test_carried),
        cmocka_unit_test(test_launch_points),
        cmocka_unit_test(test_run_ahead),
        cmocka_unit_test(test_prefetch_window),
        cmocka_unit_test(test_remainder_pieces),
    };
    return cmocka_run_group_tests_name("nest_cost", tests, setup, teardown);
}
