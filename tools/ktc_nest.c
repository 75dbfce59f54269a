/* ktc_nest.c - ktc-nest: `sched.routed` → `sched.nested`, every program's
 * schedule restructured into tiles moved in bulk ahead of the compute
 * (sched/nest.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "sched/nest.h"
#include "tools/pass.h"

enum { MAX_DISABLE = 32, MAX_TILES = 64 };

/* "N,M,..." into sizes; returns the count, or -1 on a malformed list. */
static int parse_sizes(const char *s, int64_t *sizes)
{
    int n = 0;
    for (;;) {
        char *end;
        long long v = strtoll(s, &end, 10);
        if (end == s || n == MAX_TILES)
            return -1;
        sizes[n++] = v;
        if (!*end)
            return n;
        if (*end != ',')
            return -1;
        s = end + 1;
    }
}

static bool nest(struct ir_module *m, const struct arch_device *dev, const void *arg,
                 struct ir_diag *diag)
{
    return sched_nest(m, dev, arg, diag);
}

int main(int argc, char **argv)
{
    const char *disable[MAX_DISABLE], *tiles = NULL;
    size_t ndisable = 0;
    bool stats = false;
    const struct cli_flag flags[] = {
        {"disable", "turn a transformation off (repeatable): sink, reductions," CLI_MORE
                    "reduction-producer, normalize, tiling, shared-loads," CLI_MORE
                    "tile-size-selection, remainder-nests, coarsening," CLI_MORE
                    "double-buffering, row-phases, corelets, splat-hoist, broadcast," CLI_MORE
                    "register-carry, fuse-points, fuse-pipelines, stream-loops," CLI_MORE
                    "lane-transfers, corelet-blocks, resident-rows, chunk-loads," CLI_MORE
                    "unit-loops, store-blocks",
         .values = disable, .max_values = MAX_DISABLE, .nvalues = &ndisable, .arg = "=NAME"},
        {"tile-sizes", "tile sizes, one per reserve_size (program order)", .value = &tiles,
         .arg = "=N,..."},
        {"stats", "print each program's tile choice and modeled cycles on stderr",
         .is_bool = true, .set = &stats},
    };
    struct cli c = {.tool = "ktc-nest",
                    .summary = "Restructures every program of a `sched.routed` file into tiles "
                               "moved in bulk ahead of the compute (`sched.nested`).",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct sched_nest_options o = {.stats = stats ? stderr : NULL, .max_vregs = SC_MAX_VREGS};
    for (size_t i = 0; i < ndisable; i++) {
        enum sched_nest_transform t = sched_nest_transform_named(disable[i]);
        if (t == SCHED_NEST_NTRANSFORMS)
            return cli_usage_error(&c, "--disable: no transformation named '%s'", disable[i]);
        o.disabled |= 1u << t;
    }
    int64_t sizes[MAX_TILES];
    if (tiles) {
        int n = parse_sizes(tiles, sizes);
        if (n < 0)
            return cli_usage_error(&c, "--tile-sizes takes numbers separated by commas, not '%s'",
                                   tiles);
        o.tile_sizes = sizes;
        o.ntile_sizes = (uint32_t)n;
    }
    return pass_main(&c, (const char *const[]){"sched.routed", "sched.nested", NULL},
                     "sched.nested", nest, &o);
}
