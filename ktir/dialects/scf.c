/* scf.c - custom forms and rules of the scf dialect: structured control flow
 * (for, if, while, execute_region) and its terminators. Loop and branch
 * bodies may omit an empty scf.yield; the parser adds it and the printer
 * leaves it out again.
 */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* `(%a = %x, ...)`: region arguments (types filled in by the caller) after
 * `skip` reserved slots, and the operands that initialize them; scratch arrays. */
static bool parse_assignments(struct ir_parser *p, uint32_t skip, struct irp_arg **args,
                              struct irp_operand **inits, uint32_t *n)
{
    uint32_t cap = 4;
    *n = 0;
    *args = irp_scratch(p, (skip + cap) * sizeof **args);
    *inits = irp_scratch(p, cap * sizeof **inits);
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            if (*n == cap) {
                struct irp_arg *a = irp_scratch(p, (skip + 2 * cap) * sizeof *a);
                struct irp_operand *o = irp_scratch(p, 2 * cap * sizeof *o);
                memcpy(a, *args, (skip + cap) * sizeof *a);
                memcpy(o, *inits, cap * sizeof *o);
                *args = a;
                *inits = o;
                cap *= 2;
            }
            if (!irp_operand(p, &(*args)[skip + *n].name) || !irp_expect(p, IR_T_EQUAL) ||
                !irp_operand(p, &(*inits)[*n]))
                return false;
            (*n)++;
        } while (irp_opt(p, IR_T_COMMA));
    return irp_expect(p, IR_T_RPAREN);
}

/* ` (%a = %x, ...)` from block arguments args[from..] and op operands opnd[from2..]. */
static void print_assignments(struct ir_printer *w, ir_block b, uint32_t from, ir_op op,
                              uint32_t from2, uint32_t n)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_block_info *bi = ir_block_get(m, b);
    irw_puts(w, "(");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            irw_puts(w, ", ");
        irw_value(w, bi->args[from + i]);
        irw_puts(w, " = ");
        irw_operands(w, op, from2 + i, 1);
    }
    irw_puts(w, ")");
}

/* ` -> (T, ...)` of op's results, nothing when it has none. */
static void print_arrow_results(struct ir_printer *w, ir_op op)
{
    if (!ir_op_get(irw_module(w), op)->nres)
        return;
    irw_puts(w, " -> (");
    irw_result_types(w, op);
    irw_puts(w, ")");
}

/* %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T, ...)] [: T] { ... } [{attrs}] */
bool ir_fmt_scf_for_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand iv, bounds[3], *inits = NULL;
    struct irp_arg *args = NULL;
    ir_type *tys = NULL;
    uint32_t n = 0, nt = 0;
    if (!irp_operand(p, &iv) || !irp_expect(p, IR_T_EQUAL) || !irp_operand(p, &bounds[0]) ||
        !irp_expect_kw(p, "to") || !irp_operand(p, &bounds[1]) || !irp_expect_kw(p, "step") ||
        !irp_operand(p, &bounds[2]))
        return false;
    if (irp_opt_kw(p, "iter_args")) {
        struct ir_loc tloc;
        if (!parse_assignments(p, 1, &args, &inits, &n) || !irp_expect(p, IR_T_ARROW))
            return false;
        tloc = irp_loc(p);
        if (!irp_result_types(p, &tys, &nt))
            return false;
        if (nt != n)
            return irp_error_at(p, tloc, "%u iter_args but %u result types", n, nt);
    } else {
        args = irp_scratch(p, sizeof *args);
    }
    ir_type ivt = m->t_index;
    if (irp_opt(p, IR_T_COLON) && !irp_type(p, &ivt))
        return false;
    if (!irp_add_operands(p, st, bounds, 3, &ivt, 1) || !irp_add_operands(p, st, inits, n, tys, n))
        return false;
    args[0] = (struct irp_arg){iv, ivt};
    for (uint32_t i = 0; i < n; i++) {
        args[1 + i].type = tys[i];
        ir_state_add_result(m, st, tys[i]);
    }
    ir_region r;
    if (!irp_region(p, &r, args, n + 1, "scf.yield"))
        return false;
    ir_state_add_region(m, st, r);
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_scf_for_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_block body = ir_region_entry(m, o->regs[0]);
    ir_value iv = ir_block_get(m, body)->args[0];
    irw_scope_push(w);
    irw_puts(w, " ");
    irw_value(w, iv);
    irw_puts(w, " = ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, " to ");
    irw_operands(w, op, 1, 1);
    irw_puts(w, " step ");
    irw_operands(w, op, 2, 1);
    if (o->nopnd > 3) {
        irw_puts(w, " iter_args");
        print_assignments(w, body, 1, op, 3, o->nopnd - 3);
        print_arrow_results(w, op);
    }
    if (ir_value_type(m, iv) != m->t_index) {
        irw_puts(w, " : ");
        irw_type(w, ir_value_type(m, iv));
    }
    irw_puts(w, " ");
    irw_region(w, o->regs[0], false, "scf.yield");
    irw_scope_pop(w);
    irw_attr_dict(w, op, NULL, 0);
}

/* The single block of op's region i, or IR_NONE after reporting. */
static ir_block single_block(struct ir_verifier *v, ir_op op, uint32_t i, const char *what)
{
    struct ir_module *m = irv_module(v);
    ir_region r = ir_op_region(m, op, i);
    ir_block b = ir_region_entry(m, r);
    if (!b || ir_block_get(m, b)->next) {
        irv_error(v, op, "requires %s region to hold a single block", what);
        return IR_NONE;
    }
    return b;
}

bool ir_verify_scf_for(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, -1, 1))
        return false;
    if (o->nopnd < 3)
        return irv_error(v, op, "requires lower bound, upper bound and step operands");
    uint32_t n = o->nopnd - 3;
    if (o->nres != n)
        return irv_error(v, op, "has %u iter_args operands but %u results", n, o->nres);
    ir_type t = ir_value_type(m, o->opnd[0]);
    if (!ir_type_is_intlike(m, t))
        return irv_error(v, op, "requires index or integer bounds, got %s", irv_type_str(v, t));
    if (ir_value_type(m, o->opnd[1]) != t || ir_value_type(m, o->opnd[2]) != t)
        return irv_error(v, op, "requires lower bound, upper bound and step of one type");
    ir_block b = single_block(v, op, 0, "its body");
    if (!b)
        return false;
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (bi->nargs != n + 1)
        return irv_error(v, op, "body has %u arguments, expected %u (induction variable and "
                                "iter_args)", bi->nargs, n + 1);
    if (ir_value_type(m, bi->args[0]) != t)
        return irv_error(v, op, "induction variable must have the type of the bounds");
    for (uint32_t i = 0; i < n; i++) {
        ir_type r = ir_value_type(m, o->res + i);
        if (ir_value_type(m, o->opnd[3 + i]) != r || ir_value_type(m, bi->args[1 + i]) != r)
            return irv_error(v, op, "iter_args #%u: initial value, region argument and result "
                                    "must have one type", i);
    }
    return true;
}

/* %cond [-> (T, ...)] { ... } [else { ... }] [{attrs}] */
bool ir_fmt_scf_if_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand c;
    ir_type *tys = NULL;
    uint32_t nt = 0;
    if (!irp_operand(p, &c) || !irp_add_operand(p, st, &c, m->t_i1))
        return false;
    if (irp_opt(p, IR_T_ARROW) && !irp_result_types(p, &tys, &nt))
        return false;
    for (uint32_t i = 0; i < nt; i++)
        ir_state_add_result(m, st, tys[i]);
    ir_region then, other;
    if (!irp_region(p, &then, NULL, 0, "scf.yield"))
        return false;
    if (irp_opt_kw(p, "else")) {
        if (!irp_region(p, &other, NULL, 0, "scf.yield"))
            return false;
    } else {
        other = ir_region_new(m);
    }
    ir_state_add_region(m, st, then);
    ir_state_add_region(m, st, other);
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_scf_if_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    print_arrow_results(w, op);
    irw_puts(w, " ");
    irw_region(w, o->regs[0], false, "scf.yield");
    if (ir_region_entry(m, o->regs[1])) {
        irw_puts(w, " else ");
        irw_region(w, o->regs[1], false, "scf.yield");
    }
    irw_attr_dict(w, op, NULL, 0);
}

bool ir_verify_scf_if(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, 1, -1, 2))
        return false;
    if (ir_value_type(m, o->opnd[0]) != m->t_i1)
        return irv_error(v, op, "requires an i1 condition, got %s",
                         irv_type_str(v, ir_value_type(m, o->opnd[0])));
    if (!single_block(v, op, 0, "the 'then'"))
        return false;
    ir_block e = ir_region_entry(m, o->regs[1]);
    if (e && ir_block_get(m, e)->next)
        return irv_error(v, op, "requires the 'else' region to hold at most one block");
    if (o->nres && !e)
        return irv_error(v, op, "must have an else block if defining values");
    for (uint32_t i = 0; i < 2; i++) {
        ir_block b = ir_region_entry(m, o->regs[i]);
        if (b && ir_block_get(m, b)->nargs)
            return irv_error(v, op, "region #%u must have no arguments", i);
    }
    return true;
}

/* [(%a = %x, ...)] : (T, ...) -> R { before } do { after } [attributes {...}] */
bool ir_fmt_scf_while_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_arg *args = NULL;
    struct irp_operand *inits = NULL;
    uint32_t n = 0;
    if (irp_peek(p, IR_T_LPAREN) && !parse_assignments(p, 0, &args, &inits, &n))
        return false;
    if (!irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc tloc = irp_loc(p);
    ir_type ft;
    if (!irp_type(p, &ft))
        return false;
    const struct ir_type_info *fi = ir_type_get(m, ft);
    if (fi->kind != IR_TY_FUNC)
        return irp_error_at(p, tloc, "expected a function type like '(i32) -> i32'");
    if (fi->nin != n)
        return irp_error_at(p, tloc, "expected as many input types as operands (expected %u got %u)",
                            n, fi->nin);
    if (!irp_add_operands(p, st, inits, n, fi->tys, n))
        return false;
    for (uint32_t i = 0; i < n; i++)
        args[i].type = fi->tys[i];
    for (uint32_t i = fi->nin; i < fi->ntys; i++)
        ir_state_add_result(m, st, fi->tys[i]);
    ir_region before, after;
    if (!irp_region(p, &before, args, n, NULL) || !irp_expect_kw(p, "do") ||
        !irp_region(p, &after, NULL, 0, NULL))
        return false;
    ir_state_add_region(m, st, before);
    ir_state_add_region(m, st, after);
    return irp_opt_attr_dict_kw(p, st);
}

void ir_fmt_scf_while_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    irw_scope_push(w);
    if (o->nopnd) {
        irw_puts(w, " ");
        print_assignments(w, ir_region_entry(m, o->regs[0]), 0, op, 0, o->nopnd);
    }
    irw_puts(w, " : (");
    irw_operand_types(w, op, 0, o->nopnd);
    irw_puts(w, ") -> ");
    bool paren = o->nres != 1 || ir_type_get(m, ir_value_type(m, o->res))->kind == IR_TY_FUNC;
    irw_puts(w, paren ? "(" : "");
    irw_result_types(w, op);
    irw_puts(w, paren ? ") " : " ");
    irw_region(w, o->regs[0], false, NULL);
    irw_scope_pop(w);
    irw_puts(w, " do ");
    irw_region(w, o->regs[1], true, NULL);
    irw_attr_dict_kw(w, op, NULL, 0);
}

/* The op ending region i's single block, IR_NONE when there is none. */
static ir_op region_terminator(const struct ir_module *m, ir_op op, uint32_t i)
{
    ir_block b = ir_region_entry(m, ir_op_region(m, op, i));
    return b ? ir_block_get(m, b)->last : IR_NONE;
}

bool ir_verify_scf_while(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, -1, 2))
        return false;
    ir_block before = single_block(v, op, 0, "the 'before'");
    if (!before)
        return false;
    const struct ir_block_info *bb = ir_block_get(m, before);
    if (bb->nargs != o->nopnd)
        return irv_error(v, op, "'before' region has %u arguments, expected %u (one per operand)",
                         bb->nargs, o->nopnd);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, bb->args[i]) != ir_value_type(m, o->opnd[i]))
            return irv_error(v, op, "'before' region argument #%u must have the type of operand #%u", i, i);
    ir_op cond = region_terminator(m, op, 0);
    if (!cond || ir_op_get(m, cond)->kind != IR_OP_SCF_CONDITION)
        return irv_error(v, op, "expects the 'before' region to end with 'scf.condition'");
    const struct ir_op_info *ci = ir_op_get(m, cond);
    if (ci->nopnd != o->nres + 1)
        return irv_error(v, op, "'scf.condition' forwards %u values, but the op has %u results",
                         ci->nopnd - 1, o->nres);
    ir_block after = single_block(v, op, 1, "the 'after'");
    if (!after)
        return false;
    const struct ir_block_info *ab = ir_block_get(m, after);
    if (ab->nargs != o->nres)
        return irv_error(v, op, "'after' region has %u arguments, expected %u (one per result)",
                         ab->nargs, o->nres);
    for (uint32_t i = 0; i < o->nres; i++) {
        ir_type t = ir_value_type(m, o->res + i);
        if (ir_value_type(m, ci->opnd[1 + i]) != t || ir_value_type(m, ab->args[i]) != t)
            return irv_error(v, op, "value #%u forwarded by 'scf.condition', 'after' argument #%u "
                                    "and result #%u must have one type", i, i, i);
    }
    return true;
}

/* [-> (T, ...)] { ... } [{attrs}] (format results_region, common.c) */
bool ir_verify_scf_execute_region(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, -1, 1))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    if (!b)
        return irv_error(v, op, "requires a non-empty region");
    if (ir_block_get(m, b)->nargs)
        return irv_error(v, op, "requires its entry block to have no arguments");
    return true;
}

/* (%cond) [{attrs}] [%a, ... : T, ...] */
bool ir_fmt_scf_condition_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand c, *ops;
    uint32_t n;
    ir_type *tys = NULL;
    uint32_t nt = 0;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand(p, &c) || !irp_expect(p, IR_T_RPAREN) ||
        !irp_add_operand(p, st, &c, m->t_i1) || !irp_opt_attr_dict(p, st) ||
        !irp_operand_list(p, &ops, &n))
        return false;
    if (n && (!irp_expect(p, IR_T_COLON) || !irp_type_list(p, &tys, &nt)))
        return false;
    return irp_add_operands(p, st, ops, n, tys, nt);
}

void ir_fmt_scf_condition_print(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(irw_module(w), op);
    irw_puts(w, "(");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    if (o->nopnd > 1) {
        irw_puts(w, " ");
        irw_operands(w, op, 1, o->nopnd - 1);
        irw_puts(w, " : ");
        irw_operand_types(w, op, 1, o->nopnd - 1);
    }
}

/* Index of the region of `parent` that holds op. */
static uint32_t holding_region(const struct ir_module *m, ir_op parent, ir_op op)
{
    ir_region r = ir_block_get(m, ir_op_get(m, op)->block)->region;
    const struct ir_op_info *pi = ir_op_get(m, parent);
    uint32_t i = 0;
    while (i < pi->nreg && pi->regs[i] != r)
        i++;
    return i;
}

bool ir_verify_scf_condition(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op parent = ir_op_parent(m, op);
    if (!parent || ir_op_get(m, parent)->kind != IR_OP_SCF_WHILE ||
        holding_region(m, parent, op) != 0)
        return irv_error(v, op, "expects to end the 'before' region of 'scf.while'");
    if (o->nopnd < 1 || ir_value_type(m, o->opnd[0]) != m->t_i1)
        return irv_error(v, op, "requires an i1 condition operand");
    return true;
}

bool ir_verify_scf_yield(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op parent = ir_op_parent(m, op);
    if (!parent)
        return irv_error(v, op, "expects a parent op");
    const struct ir_op_info *pi = ir_op_get(m, parent);
    bool in_while = pi->kind == IR_OP_SCF_WHILE;
    uint32_t n = 0;
    switch (pi->kind) {
    case IR_OP_UNKNOWN:
        return true; /* an unregistered op (scf.parallel, ...): its own business */
    case IR_OP_SCF_FOR:
    case IR_OP_SCF_IF:
    case IR_OP_SCF_EXECUTE_REGION:
        n = pi->nres;
        break;
    case IR_OP_SCF_WHILE:
        if (holding_region(m, parent, op) == 0)
            return irv_error(v, op, "cannot end the 'before' region of 'scf.while' (use 'scf.condition')");
        n = pi->nopnd; /* the 'after' region yields the next iteration's operands */
        break;
    default:
        return irv_error(v, op, "expects parent op 'scf.for', 'scf.if', 'scf.while' or "
                                "'scf.execute_region', not '%s'", ir_str_get(m, pi->name));
    }
    if (o->nopnd != n)
        return irv_error(v, op, "has %u operands, but the parent op expects %u", o->nopnd, n);
    for (uint32_t i = 0; i < n; i++) {
        ir_type want = in_while ? ir_value_type(m, pi->opnd[i]) : ir_value_type(m, pi->res + i);
        if (ir_value_type(m, o->opnd[i]) != want)
            return irv_error(v, op, "type of operand #%u (%s) does not match the parent op's (%s)",
                             i, irv_type_str(v, ir_value_type(m, o->opnd[i])),
                             irv_type_str(v, want));
    }
    return true;
}
