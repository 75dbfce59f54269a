/* dataflow.c - DataflowIR: custom forms and rules of the dataflow dialect
 * (hardware unit handles, the program each unit runs, logical views of its
 * memories, FIFO sends and receives, synchronization between units), in the
 * reference scheduler's syntax. Units are `index` handles throughout.
 *
 * Two formats here serve the other DataflowIR dialects too: `operands_types`
 * (`%a, ... [{attrs}] : T, ...`, no result) and `operands_result_types`
 * (`%a, ... [{attrs}] : T, ..., R`, one result).
 */
#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* ---- shared formats --------------------------------------------------------- */

/* %a, ... [{attrs}] : T, ...  (no result) */
bool ir_fmt_operands_types_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n, nt;
    ir_type *tys;
    if (!irp_operand_list(p, &ops, &n) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!irp_type_list(p, &tys, &nt))
        return false;
    if (nt != n)
        return irp_error_at(p, loc, "%u operands present, but %u types", n, nt);
    return irp_add_operands(p, st, ops, n, tys, nt);
}

void ir_fmt_operands_types_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, n);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, n);
}

/* %a, ... [{attrs}] : T, ..., R  (the operand types, then the result's) */
bool ir_fmt_operands_result_types_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n, nt;
    ir_type *tys;
    if (!irp_operand_list(p, &ops, &n) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!irp_type_list(p, &tys, &nt))
        return false;
    if (nt != n + 1)
        return irp_error_at(p, loc, "expected %u operand types and the result type, got %u types",
                            n, nt);
    if (!irp_add_operands(p, st, ops, n, tys, n))
        return false;
    ir_state_add_result(irp_module(p), st, tys[n]);
    return true;
}

void ir_fmt_operands_result_types_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, n);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, n);
    irw_puts(w, ", ");
    irw_result_types(w, op);
}

/* ---- helpers ----------------------------------------------------------------- */

static bool result_index(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    return true;
}

/* The attribute `name` is present and of the given kind. */
static bool need_attr(struct ir_verifier *v, ir_op op, const char *name, enum ir_attr_kind kind,
                      const char *what)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    if (!a || ir_attr_get(m, a)->kind != kind)
        return irv_error(v, op, "requires %s attribute '%s'", what, name);
    return true;
}

/* ---- units and programs ---------------------------------------------------- */

/* %u = dataflow.get_unit {[core = C, corelet = L,] name = "C0-MNILU", type = "MNILU"} : index */
bool ir_verify_dataflow_get_unit(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0) || !result_index(v, op) ||
        !need_attr(v, op, "name", IR_AT_STRING, "a string") ||
        !need_attr(v, op, "type", IR_AT_STRING, "a string"))
        return false;
    static const char *const ids[] = {"core", "corelet"};
    for (size_t i = 0; i < 2; i++)
        if (ir_op_attr(m, op, ids[i]) && !need_attr(v, op, ids[i], IR_AT_INT, "an integer"))
            return false;
    return true;
}

/* dataflow.program_unit iter_arg : %self -> (%u0, %u1, ...) : { ... }
 * dataflow.program_unit %u : { ... }
 * The body is one program run by every listed unit; %self is the unit
 * running it. The single-unit form has no such argument. */
bool ir_fmt_dataflow_program_unit_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_arg self = {.type = m->t_index};
    struct irp_operand *units, one;
    uint32_t n = 1, nargs = 0;
    if (irp_opt_kw(p, "iter_arg")) {
        if (!irp_expect(p, IR_T_COLON) || !irp_operand(p, &self.name) || !irp_expect(p, IR_T_ARROW) ||
            !irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &units, &n) ||
            !irp_expect(p, IR_T_RPAREN))
            return false;
        nargs = 1;
    } else if (irp_operand(p, &one)) {
        units = &one;
    } else {
        return false;
    }
    ir_region r;
    if (!irp_add_operands(p, st, units, n, &m->t_index, 1) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_region(p, &r, &self, nargs, "dataflow.return"))
        return false;
    ir_state_add_region(m, st, r);
    return true;
}

void ir_fmt_dataflow_program_unit_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, o->regs[0]));
    irw_scope_push(w);
    if (b->nargs) {
        irw_puts(w, " iter_arg : ");
        irw_value(w, b->args[0]);
        irw_puts(w, " -> (");
        irw_operands(w, op, 0, o->nopnd);
        irw_puts(w, ")");
    } else {
        irw_puts(w, " ");
        irw_operands(w, op, 0, 1);
    }
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_region(w, o->regs[0], false, "dataflow.return");
    irw_scope_pop(w);
}

bool ir_verify_dataflow_program_unit(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 0, 1) || !irv_index_operands(v, op, 0, o->nopnd, "units"))
        return false;
    if (!o->nopnd)
        return irv_error(v, op, "requires at least one unit");
    ir_block b = ir_region_entry(m, o->regs[0]);
    if (!b || ir_block_get(m, b)->next)
        return irv_error(v, op, "expects a region with a single block");
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (bi->nargs > 1 || (bi->nargs == 1 && ir_value_type(m, bi->args[0]) != m->t_index))
        return irv_error(v, op, "body takes at most one argument, the running unit, of type 'index'");
    if (!bi->nargs && o->nopnd != 1)
        return irv_error(v, op, "a program for %u units needs the 'iter_arg' naming the running unit",
                         o->nopnd);
    return true;
}

bool ir_verify_dataflow_return(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, 0, 0, 0) && irv_parent(v, op, IR_OP_DATAFLOW_PROGRAM_UNIT);
}

/* ---- memory views and traffic ------------------------------------------------- */

/* %v = dataflow.get_logical_memory_view %mem_unit, %start {layout_map = map} : index, index, memref<...> */
bool ir_verify_dataflow_memory_view(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0) ||
        !irv_index_operands(v, op, 0, 2, "the memory unit and the start address") ||
        !need_attr(v, op, "layout_map", IR_AT_AFFINE_MAP, "an affine map"))
        return false;
    ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind != IR_TY_MEMREF || ti->spelling)
        return irv_error(v, op, "result must be a ranked memref, got %s", irv_type_str(v, t));
    const struct ir_affine_map *lm = ir_map_get(m, ir_attr_get(m, ir_op_attr(m, op, "layout_map"))->map);
    if (lm->ndims != ti->rank || lm->nsyms || lm->nres != 1)
        return irv_error(v, op, "layout_map must take the %u view coordinates to one linear offset",
                         ti->rank);
    return true;
}

/* dataflow.send %to, %vector [{attrs}] : T */
bool ir_fmt_dataflow_send_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand to, val;
    ir_type t;
    return irp_operand(p, &to) && irp_expect(p, IR_T_COMMA) && irp_operand(p, &val) &&
           irp_opt_attr_dict(p, st) && irp_expect(p, IR_T_COLON) && irp_type(p, &t) &&
           irp_add_operand(p, st, &to, irp_module(p)->t_index) && irp_add_operand(p, st, &val, t);
}

void ir_fmt_dataflow_send_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 1, 1);
}

static bool check_vector(struct ir_verifier *v, ir_op op, ir_type t)
{
    if (ir_type_get(irv_module(v), t)->kind != IR_TY_VECTOR)
        return irv_error(v, op, "data must be a vector, got %s", irv_type_str(v, t));
    return true;
}

bool ir_verify_dataflow_send(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    return irv_counts(v, op, 2, 0, 0) && irv_index_operands(v, op, 0, 1, "the destination unit") &&
           check_vector(v, op, ir_value_type(m, ir_op_get(m, op)->opnd[1]));
}

/* %v = dataflow.receive %from [{attrs}] : T */
bool ir_fmt_dataflow_receive_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand from;
    ir_type t;
    if (!irp_operand(p, &from) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t) || !irp_add_operand(p, st, &from, irp_module(p)->t_index))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_dataflow_receive_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_dataflow_receive(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    return irv_counts(v, op, 1, 1, 0) && irv_index_operands(v, op, 0, 1, "the source unit") &&
           check_vector(v, op, ir_value_type(m, ir_op_get(m, op)->res));
}

/* dataflow.sync_send %to [{wait_immediately_for_async_transfers = true}] : index
 * dataflow.sync_recv %from : index */
bool ir_verify_dataflow_sync(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, 1, 0, 0) && irv_index_operands(v, op, 0, 1, "the peer unit");
}

/* %g = dataflow.create_group(%u, ... : index, ...) [{attrs}] : index */
bool ir_fmt_dataflow_create_group_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n, nt;
    ir_type *tys, t;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n) || !irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!irp_type_list(p, &tys, &nt) || !irp_expect(p, IR_T_RPAREN))
        return false;
    if (nt != n)
        return irp_error_at(p, loc, "%u operands present, but %u types", n, nt);
    if (!irp_add_operands(p, st, ops, n, tys, nt) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_dataflow_create_group_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, "(");
    irw_operands(w, op, 0, n);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, n);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_dataflow_create_group(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0) || !irv_index_operands(v, op, 0, o->nopnd, "units") ||
        !result_index(v, op))
        return false;
    if (!o->nopnd)
        return irv_error(v, op, "requires at least one unit");
    return true;
}
