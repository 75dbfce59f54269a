/* pass.c - the whole of a pass binary after its flags (see pass.h). */
#include "tools/pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/stage.h"

/* Whether stage is one of from; else reports what was expected. */
static bool stage_ok(const struct cli *c, const char *const *from, const char *stage)
{
    for (const char *const *f = from; *f; f++)
        if (strcmp(*f, stage) == 0)
            return true;
    fprintf(stderr, "%s: error: %s: expected a ", c->tool, cli_input_name(c));
    for (const char *const *f = from; *f; f++)
        fprintf(stderr, "%s'%s'", f == from ? "" : f[1] ? ", " : " or ", *f);
    fprintf(stderr, " file, got '%s'\n", stage);
    return false;
}

int pass_main(const struct cli *c, const char *const *from, const char *to, pass_fn *pass,
              const void *arg)
{
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    char *out = NULL;
    size_t len = 0;
    /* one stage: stage_read checks it (and says so for a non-IR file) */
    int rc = stage_read(c, from[1] ? NULL : from[0], &diag, &in);
    if (!rc && from[1] && !stage_ok(c, from, in.stage))
        rc = CLI_BAD_INPUT;
    if (!rc) {
        struct arch_device *dev = arch_load_module(in.m, &diag);
        if (!dev || !pass(in.m, dev, arg, &diag))
            rc = CLI_BAD_INPUT;
        else if (!(rc = stage_emit(c, in.m, to, &out, &len)))
            rc = cli_write(c, out, len);
        arch_free(dev);
    }
    free(out);
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
