/* uniform.c - DataflowIR: custom forms and rules of the uniform dialect, the
 * constants that differ between the units sharing one program: a mapping
 * from keys (usually the running unit) to values, and queries of it. The
 * `mapping` and `query_map` formats serve the symbol dialect's twins too
 * (symbol.symbol_immutable_mapping, symbol.query_map), which print with a
 * little more space.
 */
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* %m = uniform.def_immutable_mapping([%k -> %v], ...) [{attrs}] : index
 * (keys and values are indices, stored interleaved: k0, v0, k1, v1, ...) */
bool ir_fmt_mapping_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_type t;
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    do {
        struct irp_operand k, v;
        if (!irp_expect(p, IR_T_LSQUARE) || !irp_operand(p, &k) || !irp_expect(p, IR_T_ARROW) ||
            !irp_operand(p, &v) || !irp_expect(p, IR_T_RSQUARE) ||
            !irp_add_operand(p, st, &k, m->t_index) || !irp_add_operand(p, st, &v, m->t_index))
            return false;
    } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RPAREN) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_mapping_print(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(irw_module(w), op);
    bool sym = o->kind == IR_OP_SYMBOL_SYMBOL_IMMUTABLE_MAPPING;
    irw_puts(w, sym ? " (" : "(");
    for (uint32_t i = 0; i + 1 < o->nopnd; i += 2) {
        irw_puts(w, i ? ", [" : "[");
        irw_operands(w, op, i, 1);
        irw_puts(w, " -> ");
        irw_operands(w, op, i + 1, 1);
        irw_puts(w, "]");
    }
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, sym ? " : " : ":");
    irw_result_types(w, op);
}

bool ir_verify_mapping(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    if (!o->nopnd || o->nopnd % 2)
        return irv_error(v, op, "requires one or more [key -> value] pairs");
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != m->t_index)
            return irv_error(v, op, "keys and values must be of type 'index'");
    if (ir_value_type(m, o->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    return true;
}

/* %r = uniform.query_map(map:%m, key:%k) [{attrs}] : index */
bool ir_fmt_query_map_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand map, key;
    ir_type t;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_expect_kw(p, "map") || !irp_expect(p, IR_T_COLON) ||
        !irp_operand(p, &map) || !irp_expect(p, IR_T_COMMA) || !irp_expect_kw(p, "key") ||
        !irp_expect(p, IR_T_COLON) || !irp_operand(p, &key) || !irp_expect(p, IR_T_RPAREN) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operand(p, st, &map, m->t_index) || !irp_add_operand(p, st, &key, m->t_index))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_query_map_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, "(map:");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ", key:");
    irw_operands(w, op, 1, 1);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* The map comes from the mapping op of the same dialect (or from a block
 * argument standing for one). */
bool ir_verify_query_map(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t want = o->kind == IR_OP_SYMBOL_QUERY_MAP ? IR_OP_SYMBOL_SYMBOL_IMMUTABLE_MAPPING
                                                      : IR_OP_UNIFORM_DEF_IMMUTABLE_MAPPING;
    ir_op def = ir_value_def(m, o->opnd[0]);
    if (def && ir_op_get(m, def)->kind != want)
        return irv_error(v, op, "map must come from '%s'", ir_op_def(want)->name);
    if (ir_value_type(m, o->opnd[1]) != m->t_index || ir_value_type(m, o->res) != m->t_index)
        return irv_error(v, op, "key and result must be of type 'index'");
    return true;
}
