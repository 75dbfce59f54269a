/* ktc_arch.c - ktc-arch: reports on a device description (arch/arch.h): a
 * summary, the route between two kinds, memory spaces or instances, or the
 * graph as Graphviz DOT. The device is an embedded one or a file. */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "tools/cli.h"

int main(int argc, char **argv)
{
    const char *device = "spyre", *words[3];
    bool dot = false;
    const struct cli_flag flags[] = {
        {"device", "NAME|FILE: an embedded device (sample, spyre; default spyre) or a "
                   "description file", .value = &device},
        {"dot", "the graph as Graphviz DOT (the command `dot`)", .is_bool = true, .set = &dot},
    };
    struct cli c = {.tool = "ktc-arch",
                    .summary = "Reports on a device description. Commands: summary (default), "
                               "route SRC DST, dot.",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags,
                    .words = words,
                    .max_words = 3,
                    .usage_args = "[summary | route SRC DST | dot]"};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    if (dot && c.nwords == 0)
        words[c.nwords++] = "dot";
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct arch_device *d = arch_load_named(device, &diag);
    if (!d) {
        ir_diag_free(&diag);
        return CLI_BAD_INPUT;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        abort();
    rc = arch_command(d, (int)c.nwords, words, out, &diag);
    fclose(out);
    if (!rc)
        rc = cli_write(&c, buf, len);
    free(buf);
    arch_free(d);
    ir_diag_free(&diag);
    return rc;
}
