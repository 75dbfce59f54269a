/* common.c - hooks shared by many op tables: the `generic` format (ops with
 * no custom form) and the `none` verifier (no op-specific rules); and the
 * helpers of common.h. */
#include "ktir/dialects/common.h"

#include <string.h>

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

/* ---- operandSegmentSizes ----------------------------------------------------- */

void ir_set_segments(struct ir_module *m, struct ir_op_state *st, uint32_t n, const int64_t *sizes)
{
    ir_state_set_attr(m, st, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, n, sizes));
}

bool ir_segments(const struct ir_module *m, ir_op op, uint32_t n, uint32_t *seg)
{
    memset(seg, 0, n * sizeof *seg);
    const struct ir_attr_info *ai =
        ir_attr_of_kind(m, op, "operandSegmentSizes", IR_AT_DENSE_ARRAY);
    if (!ai || ai->n != n)
        return false;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (ai->ints[i] < 0 || ai->ints[i] > UINT32_MAX)
            return false;
        sum += (uint64_t)ai->ints[i];
    }
    if (sum != ir_op_get(m, op)->nopnd)
        return false;
    for (uint32_t i = 0; i < n; i++)
        seg[i] = (uint32_t)ai->ints[i];
    return true;
}

bool irv_segments(struct ir_verifier *v, ir_op op, uint32_t n, uint32_t *seg)
{
    if (!ir_segments(irv_module(v), op, n, seg))
        return irv_error(v, op, "requires an 'operandSegmentSizes' attribute of %u entries that add up to the operand count", n);
    return true;
}

/* ---- attributes and checks ------------------------------------------------------ */

const struct ir_attr_info *ir_attr_of_kind(const struct ir_module *m, ir_op op, const char *name,
                                           enum ir_attr_kind kind)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == kind ? ai : NULL;
}

bool irv_index_operands(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n,
                        const char *what)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = from; i < from + n; i++)
        if (ir_value_type(m, o->opnd[i]) != m->t_index)
            return irv_error(v, op, "%s must be of type 'index', got %s", what,
                             irv_type_str(v, ir_value_type(m, o->opnd[i])));
    return true;
}

bool irv_parent(struct ir_verifier *v, ir_op op, uint32_t kind)
{
    struct ir_module *m = irv_module(v);
    ir_op parent = ir_op_parent(m, op);
    if (!parent || ir_op_get(m, parent)->kind != kind)
        return irv_error(v, op, "expects parent op '%s'", ir_op_def(kind)->name);
    return true;
}
