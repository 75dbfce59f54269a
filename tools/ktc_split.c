/* ktc_split.c - ktc-split: a `ktir` IR file → `sched.split` (ScheduleIR):
 * compute groups cut into programs of three-stage pipelines, tiled for the
 * device the module carries (sched/split.h). */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "sched/split.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-split",
                    .summary = "Cuts a KTIR module into programs of load/compute/store pipelines "
                               "(stage ktir -> sched.split)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    struct arch_device *dev = NULL;
    char *out = NULL;
    size_t len = 0;
    rc = stage_read(&c, "ktir", &diag, &in);
    if (!rc && (!(dev = arch_load_module(in.m, &diag)) || !sched_split(in.m, dev, &diag)))
        rc = CLI_BAD_INPUT;
    if (!rc)
        rc = stage_emit(&c, in.m, "sched.split", &out, &len);
    if (!rc)
        rc = cli_write(&c, out, len);
    free(out);
    arch_free(dev);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
