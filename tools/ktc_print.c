/* ktc_print.c - ktc-print: any IR file (or MLIR text) → MLIR text, custom
 * form by default, --generic for the form upstream mlir-opt reads. */
#include <stdio.h>

#include "ktir/asm.h"
#include "ktir/verify.h"
#include "tools/cli.h"
#include "tools/stage.h"

int main(int argc, char **argv)
{
    struct cli c = {.tool = "ktc-print",
                    .summary = "Prints an IR file of any stage (or MLIR text) as MLIR text.",
                    .emit_text = true};
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0)
        return rc;
    c.emit_text = true;
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    struct stage_input in = {0};
    rc = stage_read(&c, NULL, &diag, &in);
    if (!rc)
        rc = stage_print(&c, in.m); /* stage_read verified it */
    stage_input_free(&in);
    ir_diag_free(&diag);
    return rc;
}
