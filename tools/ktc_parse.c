/* ktc_parse.c - ktc-parse: KTIR text → verified `ktir` IR file (or MLIR text
 * with --emit=text) carrying its target device. The first stage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/arch.h"
#include "ktir/asm.h"
#include "ktir/irfile.h"
#include "ktir/verify.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    bool split = false;
    const char *stage = "ktir", *device = NULL;
    const struct cli_flag flags[] = {
        {"split-input-file", "parse each `// -----` chunk as its own module (text output)",
         .is_bool = true, .set = &split},
        {"device", "target device: an embedded NAME (spyre, sample) or a description FILE "
                   "(default spyre; a kernel's own declaration wins)", .value = &device},
        /* Hand-written IR of a later stage, for that stage's golden tests. */
        {"stage", "label the output as stage NAME (default ktir), e.g. sched.split for "
                  "hand-written ScheduleIR", .value = &stage},
    };
    struct cli c = {.tool = "ktc-parse",
                    .summary = "Parses KTIR (MLIR text), verifies it and writes a `ktir` IR file.",
                    .flags = flags,
                    .nflags = sizeof flags / sizeof *flags};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    char *buf;
    size_t len;
    if ((rc = cli_map(&c, c.input, &buf, &len)))
        return rc;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    const char *name = cli_input_name(&c);
    ir_diag_add_source(&diag, name, buf, len);

    size_t nchunks = split ? ir_split_chunks(buf, len, NULL, NULL, 0) : 1;
    size_t *begin = malloc(nchunks * sizeof *begin), *end = malloc(nchunks * sizeof *end);
    if (!begin || !end)
        abort();
    if (split)
        ir_split_chunks(buf, len, begin, end, nchunks);
    else
        begin[0] = 0, end[0] = len;
    if (nchunks > 1 && !c.emit_text) {
        fprintf(stderr, "ktc-parse: error: %zu modules with --split-input-file need --emit=text "
                        "(an IR file holds one module)\n", nchunks);
        rc = CLI_USAGE;
    }
    char *out = NULL;
    size_t out_len = 0;
    for (size_t i = 0; !rc && i < nchunks; i++) {
        struct ir_module *m = ir_parse(name, buf, len, begin[i], end[i], &diag);
        /* The user's text is verified first; then the module gets its device
         * (the kernel's own, else --device, else the embedded spyre). */
        if (!m || !ir_verify_module(m, &diag) || !arch_attach_device(m, device, &diag)) {
            rc = CLI_BAD_INPUT;
        } else {
            if (i)
                stage_append(&out, &out_len, "// -----\n");
            rc = stage_write(&c, m, stage, &out, &out_len); /* verified above */
        }
        ir_module_free(m);
    }
    if (!rc)
        rc = cli_write(&c, out, out_len);
    free(out);
    free(begin);
    free(end);
    cli_unmap(buf, len);
    ir_diag_free(&diag);
    return rc;
}
