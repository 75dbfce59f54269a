/* ktc_split.c - ktc-split: a `ktir` IR file → `sched.split` (ScheduleIR):
 * compute groups cut into programs of three-stage pipelines, tiled for the
 * device the module carries (sched/split.h). */
#include <stdio.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "sched/split.h"
#include "tools/pass.h"

enum { MAX_DISABLE = 8 };

static bool split(struct ir_module *m, const struct arch_device *dev, const void *arg,
                  struct ir_diag *diag)
{
    return sched_split(m, dev, arg, diag);
}

int main(int argc, char **argv)
{
    const char *disable[MAX_DISABLE];
    size_t ndisable = 0;
    bool stats = false;
    const struct cli_flag flags[] = {
        {"disable", "turn a transformation off (repeatable): spread", .values = disable,
         .max_values = MAX_DISABLE, .nvalues = &ndisable, .arg = "=NAME"},
        {"stats", "print the spread's choice for each kernel of few tiles (stderr)",
         .is_bool = true, .set = &stats},
    };
    struct cli c = {.tool = "ktc-split",
                    .summary = "Cuts a KTIR module into programs of load/compute/store pipelines "
                               "(stage ktir -> sched.split).",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct sched_split_options o = {.max_vregs = SC_MAX_VREGS, .stats = stats ? stderr : NULL};
    for (size_t i = 0; i < ndisable; i++) {
        if (strcmp(disable[i], "spread") != 0) {
            char msg[256];
            snprintf(msg, sizeof msg, "no transformation named '%s' (there is: spread)",
                     disable[i]);
            return cli_usage_error(&c, "--disable: %s", msg);
        }
        o.no_spread = true;
    }
    return pass_main(&c, (const char *const[]){"ktir", NULL}, "sched.split", split, &o);
}
