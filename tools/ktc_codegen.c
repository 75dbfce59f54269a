/* ktc_codegen.c - ktc-codegen: `dfir` → SpyreCode, the programs of every
 * unit checked against the device (codegen/codegen.h); --emit=text writes
 * the SpyreCode text form instead of the file. */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "codegen/codegen.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    const char *ktir = NULL;
    const struct cli_flag flags[] = {
        {"ktir",
         "FILE: the kernel's KTIR source, kept in the SpyreCode for `ktc-launch "
         "--check` and read for the arguments' tensor types",
         .value = &ktir},
    };
    struct cli c = {.tool = "ktc-codegen",
                    .summary = "Translates a `dfir` file to SpyreCode: a program per unit, "
                               "symbols, channels and the job plan, checked against the device "
                               "(--emit=text: its text form).",
                    .flags = flags,
                    .nflags = 1};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    struct cg_options opt = {0};
    char *src = NULL, *out = NULL;
    size_t len = 0;
    if (ktir && (rc = cli_read(&c, ktir, &src, &opt.ktir_len)))
        goto done;
    opt.ktir_file = ktir;
    opt.ktir_text = src;
    if (src)
        ir_diag_add_source(&diag, ktir, src, opt.ktir_len);
    if (!(rc = stage_read(&c, "dfir", &diag, &in))) {
        struct arch_device *dev = arch_load_module(in.m, &diag);
        struct sc_binary *b = dev ? cg_codegen(in.m, dev, &opt, &diag) : NULL;
        char err[256];
        if (!b) {
            rc = CLI_BAD_INPUT;
        } else if (c.emit_text) {
            FILE *f = open_memstream(&out, &len);
            if (!f)
                abort();
            sc_print(b, f, c.locs);
            fclose(f);
        } else if ((rc = sc_write_mem(b, c.tool, (unsigned char **)&out, &len, err, sizeof err))) {
            fprintf(stderr, "%s: error: %s\n", c.tool, err);
        }
        if (b && !rc)
            rc = cli_write(&c, out, len);
        sc_binary_free(b);
        arch_free(dev);
    }
    stage_input_free(&in);
done:
    free(out);
    free(src);
    ir_diag_free(&diag);
    return rc;
}
