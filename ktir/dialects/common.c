/* common.c - hooks shared by many op tables: the `generic` format (ops with
 * no custom form) and the `none` verifier (no op-specific rules). */
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

bool ir_fmt_generic_parse(struct ir_parser *p, struct ir_op_state *st)
{
    (void)st;
    return irp_error(p, "this op has no custom form; write it in the generic form");
}

void ir_fmt_generic_print(struct ir_printer *w, ir_op op)
{
    (void)w;
    (void)op; /* never called: the printer prints such ops generically */
}

bool ir_verify_none(struct ir_verifier *v, ir_op op)
{
    (void)v;
    (void)op;
    return true;
}
