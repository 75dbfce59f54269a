/* ktc_path_expand.c - ktc-path-expand: `sched.split` → `sched.routed`, every
 * transfer routed over the module's device (sched/path_expand.h). */
#include "sched/path_expand.h"
#include "tools/pass.h"

static bool path_expand(struct ir_module *m, const struct arch_device *dev, const void *arg,
                        struct ir_diag *diag)
{
    (void)arg;
    return sched_path_expand(m, dev, diag);
}

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-path-expand",
                    .summary = "Routes every transfer of a `sched.split` file over its device: "
                               "hop stages, staging buffers, FIFOs (`sched.routed`)."};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    return pass_main(&c, (const char *const[]){"sched.split", NULL}, "sched.routed",
                     path_expand, NULL);
}
