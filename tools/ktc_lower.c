/* ktc_lower.c - ktc-lower: `sched.allocated` → `dfir`, one program per unit
 * kind over every core, with signals and launch-time symbols
 * (sched/lower.h). */
#include "sched/lower.h"
#include "tools/pass.h"

static bool lower(struct ir_module *m, const struct arch_device *dev, const void *arg,
                  struct ir_diag *diag)
{
    (void)arg;
    return sched_lower(m, dev, diag);
}

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-lower",
                    .summary = "Lowers a `sched.allocated` file to DataflowIR: a program per "
                               "unit kind, signals, launch-time symbols (`dfir`)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    return pass_main(&c, (const char *const[]){"sched.allocated", NULL}, "dfir", lower, NULL);
}
