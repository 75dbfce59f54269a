/* ktc_allocate.c - ktc-allocate: `sched.routed` or `sched.nested` →
 * `sched.allocated`: an address for every buffer (sched/allocate.h), grids
 * flattened to 1-D (sched/grid.h). */
#include "sched/allocate.h"
#include "sched/grid.h"
#include "tools/pass.h"

static bool allocate(struct ir_module *m, const struct arch_device *dev, const void *arg,
                     struct ir_diag *diag)
{
    const bool *no_reuse = arg;
    return sched_allocate(m, dev, !*no_reuse, diag) && sched_grid_flatten(m, diag);
}

int main(int argc, char **argv)
{
    bool no_reuse = false;
    const struct cli_flag flags[] = {
        {"no-reuse", "never let scratchpad buffers share bytes (the reference's allocation)",
         .is_bool = true, .set = &no_reuse},
    };
    struct cli c = {.tool = "ktc-allocate",
                    .summary = "Gives every buffer of a `sched.routed` or `sched.nested` file an "
                               "address and flattens grids to 1-D (`sched.allocated`).",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    return pass_main(&c, (const char *const[]){"sched.routed", "sched.nested", NULL},
                     "sched.allocated", allocate, &no_reuse);
}
