/* ktc_nest.c - ktc-nest: `sched.routed` → `sched.nested`, every program's
 * schedule restructured into tiles moved in bulk ahead of the compute
 * (sched/nest.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "sched/nest.h"
#include "tools/pass.h"

/* The --disable names, from the one list (sched/nest.h), for the usage error. */
#define X(e, name) " " name
static const char *const transform_names = SCHED_NEST_TRANSFORMS(X) + 1;
#undef X

enum { MAX_DISABLE = 32, MAX_TILES = 64, MAX_ASSUME = 32 };

/* A positive decimal number at *s, *s moved past it; -1 when there is none. */
static long long number(const char **s)
{
    char *end;
    errno = 0;
    long long v = strtoll(*s, &end, 10);
    if (end == *s || errno || v < 0)
        return -1;
    *s = end;
    return v;
}

/* "T[:K[:N]],..." (a tile, its phases, its instances) into tiles; returns the
 * count, or -1 on a malformed list. */
static int parse_sizes(const char *s, struct sched_nest_tile *tiles)
{
    int n = 0;
    for (;;) {
        if (n == MAX_TILES)
            return -1;
        struct sched_nest_tile t = {0};
        long long v = number(&s);
        if (v < 0)
            return -1;
        t.size = v;
        uint32_t *more[] = {&t.phases, &t.instances};
        for (size_t i = 0; i < 2 && *s == ':'; i++) {
            s++;
            if ((v = number(&s)) < 1 || v > 64)
                return -1;
            *more[i] = (uint32_t)v;
        }
        tiles[n++] = t;
        if (!*s)
            return n;
        if (*s != ',')
            return -1;
        s++;
    }
}

enum { MAX_NAME = 64 };

/* "NAME=VALUE" (VALUE a decimal integer) into a, its name copied to name;
 * false when malformed. */
static bool parse_assume(const char *s, struct sched_nest_assume *a, char name[MAX_NAME])
{
    const char *eq = strchr(s, '=');
    if (!eq || eq == s || !eq[1] || eq - s >= MAX_NAME)
        return false;
    for (const char *p = s; p < eq; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (p > s && *p >= '0' && *p <= '9')))
            return false;
    char *end;
    errno = 0;
    long long v = strtoll(eq + 1, &end, 10);
    if (*end || errno)
        return false;
    memcpy(name, s, (size_t)(eq - s));
    name[eq - s] = 0;
    *a = (struct sched_nest_assume){.name = name, .value = v};
    return true;
}

static bool nest(struct ir_module *m, const struct arch_device *dev, const void *arg,
                 struct ir_diag *diag)
{
    return sched_nest(m, dev, arg, diag);
}

int main(int argc, char **argv)
{
    const char *disable[MAX_DISABLE], *tiles = NULL, *assume[MAX_ASSUME];
    size_t ndisable = 0, nassume = 0;
    bool stats = false;
    const struct cli_flag flags[] = {
        {"disable",
         "turn a transformation off (repeatable): sink, reductions," CLI_MORE
         "reduction-producer, normalize, tiling, shared-loads," CLI_MORE
         "tile-size-selection, remainder-nests, remainder-pieces, coarsening," CLI_MORE
         "double-buffering, row-phases, corelets, splat-hoist, broadcast," CLI_MORE
         "register-carry, fuse-points, fuse-pipelines, stream-loops," CLI_MORE
         "lane-transfers, corelet-blocks, resident-rows, chunk-loads," CLI_MORE
         "unit-loops, store-blocks, overlap-rows, wide-first-level," CLI_MORE
         "balance-rows, rest-tiles, overlap-division, single-row," CLI_MORE
         "shared-words, misaligned-rows, invariant-sends," CLI_MORE
         "carry-merge, peel-carries, register-folds," CLI_MORE
         "re-tiling, row-jam, fold-grid, word-spans," CLI_MORE
         "forward-copies, row-corelets, reuse-results," CLI_MORE "late-prologue, early-splats",
         .values = disable, .max_values = MAX_DISABLE, .nvalues = &ndisable, .arg = "=NAME"},
        {"tile-sizes",
         "tile sizes, one per reserve_size (program order), each" CLI_MORE
         "T[:PHASES[:INSTANCES]] (the buffering phases and" CLI_MORE
         "corelet instances the model chooses for T unless given)",
         .value = &tiles, .arg = "=T,..."},
        {"assume",
         "price a launch-time trip count for kernel argument" CLI_MORE
         "NAME (index or i32) = VALUE (repeatable): the cost" CLI_MORE
         "model's choices only; the code stays correct for" CLI_MORE "every value",
         .values = assume, .max_values = MAX_ASSUME, .nvalues = &nassume, .named = true,
         .arg = " NAME=VALUE"},
        {"stats", "print each program's tile choice and modeled cycles on stderr", .is_bool = true,
         .set = &stats},
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
        if (t == SCHED_NEST_NTRANSFORMS) {
            char msg[1024];
            snprintf(msg, sizeof msg, "no transformation named '%s' (there are: %s)", disable[i],
                     transform_names);
            return cli_usage_error(&c, "--disable: %s", msg);
        }
        o.disabled |= UINT64_C(1) << t;
    }
    struct sched_nest_tile sizes[MAX_TILES];
    if (tiles) {
        int n = parse_sizes(tiles, sizes);
        if (n < 0)
            return cli_usage_error(&c,
                                   "--tile-sizes takes T[:PHASES[:INSTANCES]] separated by "
                                   "commas, not '%s'",
                                   tiles);
        o.tile_sizes = sizes;
        o.ntile_sizes = (uint32_t)n;
    }
    struct sched_nest_assume assumed[MAX_ASSUME];
    char names[MAX_ASSUME][MAX_NAME];
    for (size_t i = 0; i < nassume; i++)
        if (!parse_assume(assume[i], &assumed[i], names[i]))
            return cli_usage_error(&c, "--assume takes NAME=VALUE, VALUE an integer, not '%s'",
                                   assume[i]);
    o.assume = nassume ? assumed : NULL;
    o.nassume = (uint32_t)nassume;
    return pass_main(&c, (const char *const[]){"sched.routed", "sched.nested", NULL},
                     "sched.nested", nest, &o);
}
