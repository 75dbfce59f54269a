/* ktc_path_expand.c - ktc-path-expand: `sched.split` → `sched.routed`, every
 * transfer routed over the module's device (sched/path_expand.h). */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "sched/path_expand.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-path-expand",
                    .summary = "Routes every transfer of a `sched.split` file over its device: "
                               "hop stages, staging buffers, FIFOs (`sched.routed`)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    char *out = NULL;
    size_t len = 0;
    if (!(rc = stage_read(&c, "sched.split", &diag, &in))) {
        struct arch_device *dev = arch_load_module(in.m, &diag);
        if (!dev || !sched_path_expand(in.m, dev, &diag))
            rc = CLI_BAD_INPUT;
        else if (!(rc = stage_emit(&c, in.m, "sched.routed", &out, &len)))
            rc = cli_write(&c, out, len);
        arch_free(dev);
    }
    free(out);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
