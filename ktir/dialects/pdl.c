/* pdl.c - custom forms and rules of the pdl dialect (MLIR's pattern
 * description language), which device descriptions use in `patterns`
 * blocks to say how an op maps onto the device.
 *
 * Values are of the opaque types !pdl.type, !pdl.attribute, !pdl.value and
 * !pdl.operation. Variadic operand groups are sized by `operandSegmentSizes`
 * so that the generic form is complete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

static ir_type pdl_type(struct ir_module *m, const char *name)
{
    char full[32];
    snprintf(full, sizeof full, "pdl.%s", name);
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_OPAQUE, .name = ir_str_c(m, full)});
}

static ir_attr string_attr(struct ir_module *m, ir_str s)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = s});
}

/* `(%a, ... : T, ...)`, appended to st's operands; *n gets the count. */
static bool parse_paren_operands(struct ir_parser *p, struct ir_op_state *st, uint32_t *n)
{
    struct irp_operand *ops;
    ir_type *tys;
    uint32_t nt;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, n) || !irp_expect(p, IR_T_COLON) ||
        !irp_type_list(p, &tys, &nt) || !irp_expect(p, IR_T_RPAREN))
        return false;
    if (nt != *n)
        return irp_error(p, "%u operands present, but %u types", *n, nt);
    return irp_add_operands(p, st, ops, *n, tys, nt);
}

static void print_paren_operands(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n)
{
    irw_puts(w, " (");
    irw_operands(w, op, from, n);
    irw_puts(w, " : ");
    irw_operand_types(w, op, from, n);
    irw_puts(w, ")");
}

/* An optional `%x` operand of type t; *n gets 0 or 1. */
static bool parse_opt_operand(struct ir_parser *p, struct ir_op_state *st, ir_type t, uint32_t *n)
{
    struct irp_operand o;
    *n = 0;
    if (!irp_peek_operand(p))
        return true;
    *n = 1;
    return irp_operand(p, &o) && irp_add_operand(p, st, &o, t);
}

/* Entry i of op's operandSegmentSizes (0 when absent or malformed). */
static uint32_t segment(const struct ir_module *m, ir_op op, uint32_t i)
{
    ir_attr a = ir_op_attr(m, op, "operandSegmentSizes");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_DENSE_ARRAY || i >= ai->n || ai->ints[i] < 0)
        return 0;
    return (uint32_t)ai->ints[i];
}

/* pattern [@name] : benefit(N) [attributes {...}] { ... } */
bool ir_fmt_pdl_pattern_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_AT)) {
        ir_str name;
        if (!irp_symbol(p, &name))
            return false;
        ir_state_set_attr(m, st, "sym_name", string_attr(m, name));
    }
    int64_t benefit;
    struct ir_loc loc;
    if (!irp_expect(p, IR_T_COLON) || !irp_expect_kw(p, "benefit") || !irp_expect(p, IR_T_LPAREN))
        return false;
    loc = irp_loc(p);
    if (!irp_int(p, &benefit) || !irp_expect(p, IR_T_RPAREN))
        return false;
    if (benefit < 0 || benefit > 65535)
        return irp_error_at(p, loc, "benefit must be in [0, 65535]");
    ir_state_set_attr(m, st, "benefit", ir_attr_int(m, benefit, ir_type_int(m, 16)));
    ir_region r;
    if (!irp_opt_attr_dict_kw(p, st) || !irp_region(p, &r, NULL, 0, NULL))
        return false;
    ir_state_add_region(m, st, r);
    return true;
}

void ir_fmt_pdl_pattern_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"benefit", "sym_name"};
    ir_attr name = ir_op_attr(m, op, "sym_name");
    bool named = name && ir_attr_get(m, name)->kind == IR_AT_STRING;
    if (named) {
        irw_puts(w, " ");
        irw_symbol(w, ir_str_get(m, ir_attr_get(m, name)->s));
    }
    irw_printf(w, " : benefit(%lld)",
               (long long)ir_attr_get(m, ir_op_attr(m, op, "benefit"))->i);
    irw_attr_dict_kw(w, op, elide, named ? 2 : 1);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(m, op, 0), false, NULL);
}

/* type [{attrs}] [: T] */
bool ir_fmt_pdl_type_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (!irp_opt_attr_dict(p, st))
        return false;
    if (irp_opt(p, IR_T_COLON)) {
        ir_type t;
        if (!irp_type(p, &t))
            return false;
        ir_state_set_attr(m, st, "constantType", ir_attr_type(m, t));
    }
    ir_state_add_result(m, st, pdl_type(m, "type"));
    return true;
}

void ir_fmt_pdl_type_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"constantType"};
    ir_attr t = ir_op_attr(irw_module(w), op, "constantType");
    bool typed = t && ir_attr_get(irw_module(w), t)->kind == IR_AT_TYPE;
    irw_attr_dict(w, op, elide, typed ? 1 : 0);
    if (typed) {
        irw_puts(w, " : ");
        irw_type(w, ir_attr_get(irw_module(w), t)->type);
    }
}

/* attribute [: %type] [= value] [attributes {...}] */
bool ir_fmt_pdl_attribute_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    uint32_t n = 0;
    if (irp_opt(p, IR_T_COLON) && !parse_opt_operand(p, st, pdl_type(m, "type"), &n))
        return false;
    if (irp_opt(p, IR_T_EQUAL)) {
        ir_attr a;
        if (!irp_attr(p, &a))
            return false;
        ir_state_set_attr(m, st, "value", a);
    }
    if (!irp_opt_attr_dict_kw(p, st))
        return false;
    ir_state_add_result(m, st, pdl_type(m, "attribute"));
    return true;
}

void ir_fmt_pdl_attribute_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"value"};
    const struct ir_module *m = irw_module(w);
    if (ir_op_get(m, op)->nopnd) {
        irw_puts(w, " : ");
        irw_operands(w, op, 0, 1);
    }
    ir_attr v = ir_op_attr(m, op, "value");
    if (v) {
        irw_puts(w, " = ");
        irw_attr(w, v);
    }
    irw_attr_dict_kw(w, op, elide, 1);
}

/* operand [: %type] [{attrs}] */
bool ir_fmt_pdl_operand_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    uint32_t n = 0;
    if (irp_opt(p, IR_T_COLON) && !parse_opt_operand(p, st, pdl_type(m, "type"), &n))
        return false;
    if (!irp_opt_attr_dict(p, st))
        return false;
    ir_state_add_result(m, st, pdl_type(m, "value"));
    return true;
}

void ir_fmt_pdl_operand_print(struct ir_printer *w, ir_op op)
{
    if (ir_op_get(irw_module(w), op)->nopnd) {
        irw_puts(w, " : ");
        irw_operands(w, op, 0, 1);
    }
    irw_attr_dict(w, op, NULL, 0);
}

/* operation ["name"] [(%operands : T...)] [{"attr" = %value, ...}]
 *           [-> (%types : T...)] [attributes {...}] */
bool ir_fmt_pdl_operation_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_STRING)) {
        ir_str name;
        if (!irp_string(p, &name))
            return false;
        ir_state_set_attr(m, st, "opName", string_attr(m, name));
    }
    uint32_t nops = 0, nattrs = 0, ntypes = 0;
    if (irp_peek(p, IR_T_LPAREN) && !parse_paren_operands(p, st, &nops))
        return false;
    ir_attr names[256];
    if (irp_opt(p, IR_T_LBRACE)) {
        do {
            ir_str key;
            struct irp_operand o;
            if (nattrs == 256)
                return irp_error(p, "too many attributes");
            if (!irp_string(p, &key) || !irp_expect(p, IR_T_EQUAL) || !irp_operand(p, &o) ||
                !irp_add_operand(p, st, &o, pdl_type(m, "attribute")))
                return false;
            names[nattrs++] = string_attr(m, key);
        } while (irp_opt(p, IR_T_COMMA));
        if (!irp_expect(p, IR_T_RBRACE))
            return false;
    }
    ir_state_set_attr(m, st, "attributeValueNames", ir_attr_array(m, nattrs, names));
    if (irp_opt(p, IR_T_ARROW) && !parse_paren_operands(p, st, &ntypes))
        return false;
    if (!irp_opt_attr_dict_kw(p, st))
        return false;
    ir_set_segments(m, st, 3, (int64_t[]){nops, nattrs, ntypes});
    ir_state_add_result(m, st, pdl_type(m, "operation"));
    return true;
}

void ir_fmt_pdl_operation_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"opName", "attributeValueNames", "operandSegmentSizes"};
    ir_attr name = ir_op_attr(m, op, "opName");
    if (name) {
        irw_puts(w, " ");
        irw_attr(w, name);
    }
    uint32_t nops = segment(m, op, 0), nattrs = segment(m, op, 1), ntypes = segment(m, op, 2);
    if (nops)
        print_paren_operands(w, op, 0, nops);
    if (nattrs) {
        const struct ir_attr_info *ni = ir_attr_get(m, ir_op_attr(m, op, "attributeValueNames"));
        irw_puts(w, " {");
        for (uint32_t i = 0; i < nattrs; i++) {
            irw_puts(w, i ? ", " : "");
            irw_attr(w, ni->elems[i]);
            irw_puts(w, " = ");
            irw_value(w, ir_op_get(m, op)->opnd[nops + i]);
        }
        irw_puts(w, "}");
    }
    if (ntypes) {
        irw_puts(w, " ->");
        print_paren_operands(w, op, nops + nattrs, ntypes);
    }
    irw_attr_dict_kw(w, op, elide, 3);
}

/* result N of %op [{attrs}] */
bool ir_fmt_pdl_result_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = irp_loc(p);
    int64_t i;
    struct irp_operand o;
    if (!irp_int(p, &i))
        return false;
    if (i < 0 || i > INT32_MAX)
        return irp_error_at(p, loc, "result index out of range");
    if (!irp_expect_kw(p, "of") || !irp_operand(p, &o) ||
        !irp_add_operand(p, st, &o, pdl_type(m, "operation")) || !irp_opt_attr_dict(p, st))
        return false;
    ir_state_set_attr(m, st, "index", ir_attr_int(m, i, m->t_i32));
    ir_state_add_result(m, st, pdl_type(m, "value"));
    return true;
}

void ir_fmt_pdl_result_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"index"};
    irw_printf(w, " %lld of ", (long long)ir_attr_get(irw_module(w), ir_op_attr(irw_module(w), op, "index"))->i);
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, elide, 1);
}

/* replace %op with (%values : T...) | replace %op with %new_op  [{attrs}] */
bool ir_fmt_pdl_replace_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand o;
    uint32_t nop = 0, nvals = 0;
    if (!irp_operand(p, &o) || !irp_add_operand(p, st, &o, pdl_type(m, "operation")) ||
        !irp_expect_kw(p, "with"))
        return false;
    if (irp_peek(p, IR_T_LPAREN) ? !parse_paren_operands(p, st, &nvals)
                                 : !parse_opt_operand(p, st, pdl_type(m, "operation"), &nop))
        return false;
    if (!irp_opt_attr_dict(p, st))
        return false;
    ir_set_segments(m, st, 3, (int64_t[]){1, nop, nvals});
    return true;
}

void ir_fmt_pdl_replace_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"operandSegmentSizes"};
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, " with");
    if (segment(m, op, 1)) {
        irw_puts(w, " ");
        irw_operands(w, op, 1, 1);
    } else {
        print_paren_operands(w, op, 1, segment(m, op, 2));
    }
    irw_attr_dict(w, op, elide, 1);
}

/* erase %op [{attrs}] */
bool ir_fmt_pdl_erase_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand o;
    return irp_operand(p, &o) && irp_add_operand(p, st, &o, pdl_type(irp_module(p), "operation")) &&
           irp_opt_attr_dict(p, st);
}

void ir_fmt_pdl_erase_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
}

/* apply_native_constraint|apply_native_rewrite "name" [(%args : T...)] [: R...] [{attrs}] */
bool ir_fmt_pdl_native_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_str name;
    uint32_t n = 0;
    if (!irp_string(p, &name))
        return false;
    ir_state_set_attr(m, st, "name", string_attr(m, name));
    if (irp_peek(p, IR_T_LPAREN) && !parse_paren_operands(p, st, &n))
        return false;
    if (irp_opt(p, IR_T_COLON)) {
        ir_type *tys;
        uint32_t nt;
        if (!irp_type_list(p, &tys, &nt))
            return false;
        for (uint32_t i = 0; i < nt; i++)
            ir_state_add_result(m, st, tys[i]);
    }
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_pdl_native_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    static const char *const elide[] = {"name"};
    irw_puts(w, " ");
    irw_attr(w, ir_op_attr(m, op, "name"));
    if (o->nopnd)
        print_paren_operands(w, op, 0, o->nopnd);
    if (o->nres) {
        irw_puts(w, " : ");
        irw_result_types(w, op);
    }
    irw_attr_dict(w, op, elide, 1);
}

/* rewrite [%root] [with "name" [(%args : T...)]] [{ ... }] [attributes {...}] */
bool ir_fmt_pdl_rewrite_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    uint32_t nroot = 0, nargs = 0;
    if (!parse_opt_operand(p, st, pdl_type(m, "operation"), &nroot))
        return false;
    if (irp_opt_kw(p, "with")) {
        ir_str name;
        if (!irp_string(p, &name))
            return false;
        ir_state_set_attr(m, st, "name", string_attr(m, name));
        if (irp_peek(p, IR_T_LPAREN) && !parse_paren_operands(p, st, &nargs))
            return false;
    }
    ir_region r = IR_NONE;
    if (irp_peek(p, IR_T_LBRACE) && !irp_region(p, &r, NULL, 0, NULL))
        return false;
    ir_state_add_region(m, st, r ? r : ir_region_new(m));
    if (!irp_opt_attr_dict_kw(p, st))
        return false;
    ir_set_segments(m, st, 2, (int64_t[]){nroot, nargs});
    return true;
}

void ir_fmt_pdl_rewrite_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"name", "operandSegmentSizes"};
    uint32_t nroot = segment(m, op, 0), nargs = segment(m, op, 1);
    if (nroot) {
        irw_puts(w, " ");
        irw_operands(w, op, 0, 1);
    }
    ir_attr name = ir_op_attr(m, op, "name");
    if (name) {
        irw_puts(w, " with ");
        irw_attr(w, name);
        if (nargs)
            print_paren_operands(w, op, nroot, nargs);
    }
    ir_region r = ir_op_region(m, op, 0);
    if (ir_region_entry(m, r)) {
        irw_puts(w, " ");
        irw_region(w, r, false, NULL);
    }
    irw_attr_dict_kw(w, op, elide, 2);
}

/* The rules the custom forms imply, so that generic input obeys them too. */
bool ir_verify_pdl(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nres; i++) {
        const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, o->res + i));
        if (ti->kind != IR_TY_OPAQUE || strncmp(ir_str_get(m, ti->name), "pdl.", 4) != 0)
            return irv_error(v, op, "result #%u must be a !pdl type", i);
    }
    ir_attr seg = ir_op_attr(m, op, "operandSegmentSizes");
    if (seg) {
        const struct ir_attr_info *si = ir_attr_get(m, seg);
        int64_t sum = 0;
        for (uint32_t i = 0; si->kind == IR_AT_DENSE_ARRAY && i < si->n; i++)
            sum += si->ints[i] < 0 ? 1 << 30 : si->ints[i];
        if (si->kind != IR_AT_DENSE_ARRAY || sum != o->nopnd)
            return irv_error(v, op, "'operandSegmentSizes' must sum to the %u operands", o->nopnd);
    }
    switch (o->kind) {
    case IR_OP_PDL_PATTERN: {
        ir_attr b = ir_op_attr(m, op, "benefit");
        if (!b || ir_attr_get(m, b)->kind != IR_AT_INT)
            return irv_error(v, op, "requires an integer 'benefit' attribute");
        ir_block body = o->nreg == 1 ? ir_region_entry(m, o->regs[0]) : IR_NONE;
        ir_op last = body ? ir_block_get(m, body)->last : IR_NONE;
        if (!last || ir_op_get(m, last)->kind != IR_OP_PDL_REWRITE)
            return irv_error(v, op, "expected body to terminate with 'pdl.rewrite'");
        return true;
    }
    case IR_OP_PDL_REWRITE: {
        if (!irv_parent(v, op, IR_OP_PDL_PATTERN))
            return false;
        bool body = o->nreg == 1 && ir_region_entry(m, o->regs[0]);
        if (body == (ir_op_attr(m, op, "name") != IR_NONE))
            return irv_error(v, op, "requires either a body or an external rewrite 'name'");
        return true;
    }
    case IR_OP_PDL_OPERATION: {
        uint32_t groups[3];
        if (!irv_segments(v, op, 3, groups)) /* operands, attribute values, types */
            return false;
        ir_attr names = ir_op_attr(m, op, "attributeValueNames");
        if (!names || ir_attr_get(m, names)->kind != IR_AT_ARRAY ||
            ir_attr_get(m, names)->n != segment(m, op, 1))
            return irv_error(v, op, "'attributeValueNames' must name each attribute value");
        return true;
    }
    case IR_OP_PDL_REPLACE: {
        /* The op replaced, then either one replacement op or values. */
        uint32_t groups[3];
        if (!irv_segments(v, op, 3, groups))
            return false;
        if (groups[0] != 1 || groups[1] > 1 || (groups[1] && groups[2]))
            return irv_error(v, op, "replaces one op with either one op or values");
        return true;
    }
    case IR_OP_PDL_RESULT:
        if (!ir_op_attr(m, op, "index"))
            return irv_error(v, op, "requires an 'index' attribute");
        return true;
    case IR_OP_PDL_APPLY_NATIVE_CONSTRAINT:
    case IR_OP_PDL_APPLY_NATIVE_REWRITE: {
        ir_attr n = ir_op_attr(m, op, "name");
        if (!n || ir_attr_get(m, n)->kind != IR_AT_STRING)
            return irv_error(v, op, "requires a string 'name' attribute");
        return true;
    }
    default:
        return true;
    }
}
