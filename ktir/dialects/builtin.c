/* builtin.c - custom forms and rules of builtin.module and the func dialect. */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/dialects/ktdp.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* module [@name] [attributes {...}] { ... } */
bool ir_fmt_module_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_AT)) {
        ir_str name;
        if (!irp_symbol(p, &name))
            return false;
        ir_state_set_attr(m, st, "sym_name",
                          ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = name}));
    }
    ir_region r;
    if (!irp_opt_attr_dict_kw(p, st) || !irp_region(p, &r, NULL, 0, NULL))
        return false;
    /* A module body always has its block, even when empty. */
    if (!ir_region_get(m, r)->first)
        ir_region_append_block(m, r, ir_block_new(m));
    ir_state_add_region(m, st, r);
    return true;
}

static void print_sym_name(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    ir_attr n = ir_op_attr(m, op, "sym_name");
    if (n && ir_attr_get(m, n)->kind == IR_AT_STRING) {
        irw_puts(w, " ");
        irw_symbol(w, ir_str_get(m, ir_attr_get(m, n)->s));
    }
}

void ir_fmt_module_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"sym_name"};
    print_sym_name(w, op);
    irw_attr_dict_kw(w, op, elide, 1);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(irw_module(w), op, 0), false, NULL);
}

bool ir_verify_module_op(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, 0, 0, 1);
}

/* func.func [private|public|nested] @name(%a: T, ...) [-> results] [attributes {...}] [{...}] */
bool ir_fmt_func_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    static const char *const vis[] = {"private", "public", "nested"};
    for (size_t i = 0; i < 3; i++)
        if (irp_opt_kw(p, vis[i]))
            ir_state_set_attr(m, st, "sym_visibility", ir_attr_string(m, vis[i]));
    ir_str name;
    if (!irp_symbol(p, &name))
        return false;
    ir_state_set_attr(m, st, "sym_name",
                      ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = name}));
    /* `(%a: T, ...)`, or `(T, ...)` in a declaration: it has no body to name
     * arguments in, and prints that way. Argument attributes are dropped. */
    struct irp_arg args[256];
    ir_type in[256];
    uint32_t nargs = 0;
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    bool named = irp_peek_operand(p);
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            if (nargs == 256)
                return irp_error(p, "too many function arguments");
            struct ir_op_state arg_attrs;
            ir_state_init(&arg_attrs, m, "", irp_loc(p));
            if ((named && (!irp_operand(p, &args[nargs].name) || !irp_expect(p, IR_T_COLON))) ||
                !irp_type(p, &args[nargs].type) || !irp_opt_attr_dict(p, &arg_attrs))
                return false;
            in[nargs] = args[nargs].type;
            nargs++;
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RPAREN))
        return false;
    ir_type *res = NULL;
    uint32_t nres = 0;
    if (irp_opt(p, IR_T_ARROW) && !irp_result_types(p, &res, &nres))
        return false;
    ir_state_set_attr(m, st, "function_type", ir_attr_type(m, ir_type_func(m, nargs, in, nres, res)));
    if (!irp_opt_attr_dict_kw(p, st))
        return false;
    ir_region r;
    if (irp_peek(p, IR_T_LBRACE)) {
        if (!named && nargs)
            return irp_error(p, "a function body needs named arguments");
        if (!irp_region(p, &r, args, nargs, NULL))
            return false;
    } else {
        r = ir_region_new(m); /* a declaration */
    }
    ir_state_add_region(m, st, r);
    return true;
}

void ir_fmt_func_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"sym_name", "function_type", "sym_visibility"};
    ir_attr vis = ir_op_attr(m, op, "sym_visibility");
    if (vis && ir_attr_get(m, vis)->kind == IR_AT_STRING)
        irw_printf(w, " %s", ir_str_get(m, ir_attr_get(m, vis)->s));
    print_sym_name(w, op);
    ir_attr ft = ir_op_attr(m, op, "function_type");
    const struct ir_type_info *fi = ir_type_get(m, ir_attr_get(m, ft)->type);
    ir_region r = ir_op_region(m, op, 0);
    ir_block entry = ir_region_entry(m, r);
    irw_scope_push(w); /* the arguments' names end with the function */
    irw_puts(w, "(");
    for (uint32_t i = 0; i < fi->nin; i++) {
        if (i)
            irw_puts(w, ", ");
        if (entry) {
            irw_value(w, ir_block_get(m, entry)->args[i]);
            irw_puts(w, ": ");
        }
        irw_type(w, fi->tys[i]);
    }
    irw_puts(w, ")");
    uint32_t nres = fi->ntys - fi->nin;
    if (nres) {
        irw_puts(w, " -> ");
        bool paren = nres > 1 || ir_type_get(m, fi->tys[fi->nin])->kind == IR_TY_FUNC;
        if (paren)
            irw_puts(w, "(");
        irw_types(w, fi->tys + fi->nin, nres);
        if (paren)
            irw_puts(w, ")");
    }
    irw_attr_dict_kw(w, op, elide, 3);
    if (entry) {
        irw_puts(w, " ");
        irw_region(w, r, false, NULL);
    }
    irw_scope_pop(w);
}

bool ir_verify_func(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 0, 1))
        return false;
    ir_attr ft = ir_op_attr(m, op, "function_type");
    if (!ft || ir_attr_get(m, ft)->kind != IR_AT_TYPE ||
        ir_type_get(m, ir_attr_get(m, ft)->type)->kind != IR_TY_FUNC)
        return irv_error(v, op, "requires a 'function_type' attribute holding a function type");
    if (!ir_op_attr(m, op, "sym_name"))
        return irv_error(v, op, "requires a 'sym_name' attribute");
    if (!ir_ktdp_verify_grid(v, op))
        return false;
    const struct ir_type_info *fi = ir_type_get(m, ir_attr_get(m, ft)->type);
    ir_block entry = ir_region_entry(m, ir_op_region(m, op, 0));
    if (!entry)
        return true;
    const struct ir_block_info *bi = ir_block_get(m, entry);
    if (bi->nargs != fi->nin)
        return irv_error(v, op, "entry block has %u arguments, the function type %u", bi->nargs,
                         fi->nin);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (ir_value_type(m, bi->args[i]) != fi->tys[i])
            return irv_error(v, op, "type of entry block argument #%u does not match the function type", i);
    return true;
}

/* return [%a, ... : T, ...] */
bool ir_fmt_return_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n;
    if (!irp_operand_list(p, &ops, &n))
        return false;
    if (!n)
        return irp_opt_attr_dict(p, st);
    ir_type *tys;
    uint32_t nt;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type_list(p, &tys, &nt))
        return false;
    if (nt != n)
        return irp_error(p, "%u operands present, but %u types", n, nt);
    return irp_add_operands(p, st, ops, n, tys, nt);
}

void ir_fmt_return_print(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(irw_module(w), op);
    irw_attr_dict(w, op, NULL, 0);
    if (!o->nopnd)
        return;
    irw_puts(w, " ");
    irw_operands(w, op, 0, o->nopnd);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, o->nopnd);
}

bool ir_verify_return(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_parent(v, op, IR_OP_FUNC_FUNC))
        return false;
    ir_op fn = ir_op_parent(m, op);
    ir_attr ft = ir_op_attr(m, fn, "function_type");
    /* The function's own rule runs after its body's: a forged IR file may lack it. */
    if (!ft || ir_attr_get(m, ft)->kind != IR_AT_TYPE ||
        ir_type_get(m, ir_attr_get(m, ft)->type)->kind != IR_TY_FUNC)
        return irv_error(v, op, "enclosing function has no 'function_type' attribute holding a "
                                "function type");
    const struct ir_type_info *fi = ir_type_get(m, ir_attr_get(m, ft)->type);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nopnd != fi->ntys - fi->nin)
        return irv_error(v, op, "has %u operands, but enclosing function returns %u", o->nopnd,
                         fi->ntys - fi->nin);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != fi->tys[fi->nin + i])
            return irv_error(v, op, "type of return operand %u (%s) doesn't match function result type (%s)",
                             i, irv_type_str(v, ir_value_type(m, o->opnd[i])),
                             irv_type_str(v, fi->tys[fi->nin + i]));
    return true;
}

/* func.call @f(%a, ...) : (T, ...) -> R */
bool ir_fmt_call_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_str callee;
    struct irp_operand *ops;
    uint32_t n;
    if (!irp_symbol(p, &callee) || !irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n) ||
        !irp_expect(p, IR_T_RPAREN) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc tloc = irp_loc(p);
    ir_type ft;
    if (!irp_type(p, &ft))
        return false;
    const struct ir_type_info *fi = ir_type_get(m, ft);
    if (fi->kind != IR_TY_FUNC)
        return irp_error_at(p, tloc, "expected a function type");
    if (fi->nin != n)
        return irp_error_at(p, tloc, "%u operands present, but the type lists %u", n, fi->nin);
    for (uint32_t i = 0; i < n; i++)
        if (!irp_add_operand(p, st, &ops[i], fi->tys[i]))
            return false;
    for (uint32_t i = fi->nin; i < fi->ntys; i++)
        ir_state_add_result(m, st, fi->tys[i]);
    ir_state_set_attr(m, st, "callee",
                      ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_SYMREF, .s = callee}));
    return true;
}

void ir_fmt_call_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    static const char *const elide[] = {"callee"};
    irw_puts(w, " ");
    irw_attr(w, ir_op_attr(m, op, "callee"));
    irw_puts(w, "(");
    irw_operands(w, op, 0, o->nopnd);
    irw_puts(w, ")");
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : (");
    irw_operand_types(w, op, 0, o->nopnd);
    irw_puts(w, ") -> ");
    if (o->nres == 1) {
        irw_result_types(w, op);
    } else {
        irw_puts(w, "(");
        irw_result_types(w, op);
        irw_puts(w, ")");
    }
}

/* builtin.unrealized_conversion_cast %x : A to B (arith's `cast` format): a
 * cast between any two types, left by one lowering for a later one. */
bool ir_verify_unrealized_cast(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, 1, 1, 0);
}
