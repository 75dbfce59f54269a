/* ktc_allocate.c - ktc-allocate: `sched.routed` or `sched.nested` →
 * `sched.allocated`: an address for every buffer (sched/allocate.h), grids
 * flattened to 1-D (sched/grid.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "sched/allocate.h"
#include "sched/grid.h"
#include "tools/cli.h"
#include "tools/stage.h"

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
        if (!dev || !sched_allocate(in.m, dev, !no_reuse, &diag) ||
            !sched_grid_flatten(in.m, &diag))
            rc = CLI_BAD_INPUT;
        else if (!(rc = stage_emit(&c, in.m, "sched.allocated", &out, &len)))
            rc = cli_write(&c, out, len);
        arch_free(dev);
    }
    free(out);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
