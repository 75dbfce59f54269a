/* ktc_split.c - ktc-split: a `ktir` IR file → `sched.split` (ScheduleIR):
 * compute groups cut into programs of three-stage pipelines, tiled for the
 * device the module carries (sched/split.h). */
#include "codegen/spyrecode.h"
#include "sched/split.h"
#include "tools/pass.h"

static bool split(struct ir_module *m, const struct arch_device *dev, const void *arg,
                  struct ir_diag *diag)
{
    (void)arg;
    return sched_split(m, dev, SC_MAX_VREGS, diag);
}

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-split",
                    .summary = "Cuts a KTIR module into programs of load/compute/store pipelines "
                               "(stage ktir -> sched.split)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    return pass_main(&c, (const char *const[]){"ktir", NULL}, "sched.split", split, NULL);
}
