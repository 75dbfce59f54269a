/* ktc_nest.c - ktc-nest: `sched.routed` → `sched.nested`, every program's
 * schedule restructured into tiles moved in bulk ahead of the compute
 * (sched/nest.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "sched/nest.h"
#include "tools/cli.h"
#include "tools/stage.h"

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

int main(int argc, char **argv)
{
    const char *disable[MAX_DISABLE], *tiles = NULL;
    size_t ndisable = 0;
    bool stats = false;
    const struct cli_flag flags[] = {
        {"disable", "turn a transformation off (repeatable): sink, reductions, normalize," CLI_MORE
                    "tiling, shared-loads, tile-size-selection, coarsening," CLI_MORE
                    "double-buffering, row-phases, corelets, splat-hoist, broadcast",
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
    struct sched_nest_options o = {.stats = stats ? stderr : NULL};
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
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    char *out = NULL;
    size_t len = 0;
    if (!(rc = stage_read(&c, NULL, &diag, &in)) && strcmp(in.stage, "sched.routed") != 0 &&
        strcmp(in.stage, "sched.nested") != 0) {
        fprintf(stderr, "%s: error: %s: expected a 'sched.routed' or 'sched.nested' file, got "
                        "'%s'\n", c.tool, cli_input_name(&c), in.stage);
        rc = CLI_BAD_INPUT;
    }
    if (!rc) {
        struct arch_device *dev = arch_load_module(in.m, &diag);
        if (!dev || !sched_nest(in.m, dev, &o, &diag))
            rc = CLI_BAD_INPUT;
        else if (!(rc = stage_emit(&c, in.m, "sched.nested", &out, &len)))
            rc = cli_write(&c, out, len);
        arch_free(dev);
    }
    free(out);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
