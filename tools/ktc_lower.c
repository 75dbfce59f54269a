/* ktc_lower.c - ktc-lower: `sched.allocated` → `dfir`, one program per unit
 * kind over every core, with signals and launch-time symbols
 * (sched/lower.h). */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "sched/lower.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-lower",
                    .summary = "Lowers a `sched.allocated` file to DataflowIR: a program per "
                               "unit kind, signals, launch-time symbols (`dfir`)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in;
    char *out = NULL;
    size_t len = 0;
    if (!(rc = stage_read(&c, "sched.allocated", &diag, &in))) {
        struct arch_device *dev = arch_load_module(in.m, &diag);
        if (!dev || !sched_lower(in.m, dev, &diag))
            rc = CLI_BAD_INPUT;
        else if (!(rc = stage_emit(&c, in.m, "dfir", &out, &len)))
            rc = cli_write(&c, out, len);
        arch_free(dev);
    }
    free(out);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
