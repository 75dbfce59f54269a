/* ktc_lower.c - ktc-lower: `sched.allocated` → `dfir`, one program per unit
 * kind over every core, with signals and launch-time symbols
 * (sched/lower.h). */
#include <stdio.h>

#include "sched/lower.h"
#include "tools/pass.h"

/* The --disable names, from the one list (sched/lower.h), for the usage error. */
#define X(e, name) " " name
static const char *const transform_names = SCHED_LOWER_TRANSFORMS(X) + 1;
#undef X

enum { MAX_DISABLE = 8 };

static bool lower(struct ir_module *m, const struct arch_device *dev, const void *arg,
                  struct ir_diag *diag)
{
    return sched_lower(m, dev, arg, diag);
}

int main(int argc, char **argv)
{
    const char *disable[MAX_DISABLE];
    size_t ndisable = 0;
    const struct cli_flag flags[] = {
        {"disable",
         "turn a transformation off (repeatable): mask-split," CLI_MORE "invariant-loads",
         .values = disable, .max_values = MAX_DISABLE, .nvalues = &ndisable, .arg = "=NAME"},
    };
    struct cli c = {.tool = "ktc-lower",
                    .summary = "Lowers a `sched.allocated` file to DataflowIR: a program per "
                               "unit kind, signals, launch-time symbols (`dfir`).",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct sched_lower_options o = {0};
    for (size_t i = 0; i < ndisable; i++) {
        enum sched_lower_transform t = sched_lower_transform_named(disable[i]);
        if (t == SCHED_LOWER_NTRANSFORMS) {
            char msg[256];
            snprintf(msg, sizeof msg, "no transformation named '%s' (there are: %s)", disable[i],
                     transform_names);
            return cli_usage_error(&c, "--disable: %s", msg);
        }
        o.disabled |= UINT32_C(1) << t;
    }
    return pass_main(&c, (const char *const[]){"sched.allocated", NULL}, "dfir", lower, &o);
}
