/* symbol.c - DataflowIR: rules of the symbol dialect, the values known only
 * at launch (a tensor's address, a runtime_arg's shape) that the runtime
 * writes into the program: symbol.create_id says how symbol N is computed
 * from the kernel's inputs, symbol.create_symbol reads it inside a unit's
 * program. Negative ids are the run's inputs and what derives from them.
 * The custom forms are shared formats (ktdf.c, dataflow.c, uniform.c).
 */
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* The integer attribute `name`, when present (required: must be). */
static bool check_id(struct ir_verifier *v, ir_op op, const char *name, bool required)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    if ((!a && required) || (a && ir_attr_get(m, a)->kind != IR_AT_INT))
        return irv_error(v, op, "requires an integer attribute '%s'", name);
    return true;
}

/* %s = symbol.create_symbol [{SymbolId = N : i64}] : index */
bool ir_verify_symbol_create_symbol(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0) || !check_id(v, op, "SymbolId", false))
        return false;
    if (ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    return true;
}

/* symbol.create_id %value {symbol_id = N : si64} : index (or a float
 * argument of the kernel, whose symbol is its bit pattern) */
bool ir_verify_symbol_create_id(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 0, 0) || !check_id(v, op, "symbol_id", true))
        return false;
    ir_type t = ir_value_type(m, ir_op_get(m, op)->opnd[0]);
    if (t != m->t_index && !ir_type_is_float(m, t))
        return irv_error(v, op, "value must be of type 'index' (or a float argument: its bits)");
    return true;
}
