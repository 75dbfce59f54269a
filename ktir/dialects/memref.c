/* memref.c - custom forms and rules of the memref ops that have no tensor
 * twin: alloc/alloca, dealloc, store, copy, view, global and get_global. The
 * others (load, subview, reinterpret_cast, reshapes, casts, dim) share
 * tensor.c's formats.
 */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

static bool is_memref(const struct ir_module *m, ir_type t)
{
    return ir_type_get(m, t)->kind == IR_TY_MEMREF;
}

static ir_type opnd_type(const struct ir_module *m, ir_op op, uint32_t i)
{
    return ir_value_type(m, ir_op_get(m, op)->opnd[i]);
}

static uint32_t count_dyn(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    uint32_t k = 0;
    for (uint32_t i = 0; i < ti->rank; i++)
        k += ti->shape[i] == IR_DYN;
    return k;
}

static bool all_index(struct ir_verifier *v, ir_op op, uint32_t from)
{
    struct ir_module *m = irv_module(v);
    for (uint32_t i = from; i < ir_op_get(m, op)->nopnd; i++)
        if (opnd_type(m, op, i) != m->t_index)
            return irv_error(v, op, "operand #%u must be index", i);
    return true;
}

/* (%d, ...)[%s, ...] [{attrs}] : memref<...> -- dynamic sizes, then layout symbols */
bool ir_fmt_memref_alloc_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *dyn, *sym = NULL;
    uint32_t nd, ns = 0;
    ir_type t;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &dyn, &nd) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    if (irp_opt(p, IR_T_LSQUARE) && (!irp_operand_list(p, &sym, &ns) || !irp_expect(p, IR_T_RSQUARE)))
        return false;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operands(p, st, dyn, nd, &m->t_index, 1) ||
        !irp_add_operands(p, st, sym, ns, &m->t_index, 1))
        return false;
    ir_set_segments(m, st, 2, (int64_t[]){nd, ns});
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_memref_alloc_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"operandSegmentSizes"};
    const struct ir_module *m = irw_module(w);
    uint32_t seg[2];
    ir_segments(m, op, 2, seg);
    irw_puts(w, "(");
    irw_operands(w, op, 0, seg[0]);
    irw_puts(w, ")");
    if (seg[1]) {
        irw_puts(w, "[");
        irw_operands(w, op, seg[0], seg[1]);
        irw_puts(w, "]");
    }
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_memref_alloc(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    ir_type t = ir_value_type(m, o->res);
    if (!is_memref(m, t))
        return irv_error(v, op, "result must be a memref, got %s", irv_type_str(v, t));
    uint32_t seg[2];
    if (!ir_segments(m, op, 2, seg) ||
        ir_attr_of_kind(m, op, "operandSegmentSizes", IR_AT_DENSE_ARRAY)->type != m->t_i32)
        return irv_error(v, op, "requires 'operandSegmentSizes' = array<i32: #sizes, #symbols> "
                                "adding up to its %u operands", o->nopnd);
    if (seg[0] != count_dyn(m, t))
        return irv_error(v, op, "has %u dynamic size operands, but %s has %u dynamic dimensions",
                         seg[0], irv_type_str(v, t), count_dyn(m, t));
    return all_index(v, op, 0);
}

/* %m [{attrs}] : memref<...> */
bool ir_fmt_memref_dealloc_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand x;
    ir_type t;
    return irp_operand(p, &x) && irp_opt_attr_dict(p, st) && irp_expect(p, IR_T_COLON) &&
           irp_type(p, &t) && irp_add_operand(p, st, &x, t);
}

void ir_fmt_memref_dealloc_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
}

bool ir_verify_memref_dealloc(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 0, 0))
        return false;
    if (!is_memref(m, opnd_type(m, op, 0)))
        return irv_error(v, op, "requires a memref operand");
    return true;
}

/* %v, %m[%i, ...] [{attrs}] : memref<...> */
bool ir_fmt_memref_store_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand val, mem, *idx;
    uint32_t n;
    ir_type t;
    if (!irp_operand(p, &val) || !irp_expect(p, IR_T_COMMA) || !irp_operand(p, &mem) ||
        !irp_expect(p, IR_T_LSQUARE) || !irp_operand_list(p, &idx, &n) ||
        !irp_expect(p, IR_T_RSQUARE) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t))
        return false;
    return irp_add_operand(p, st, &val, ir_type_elem(m, t)) && irp_add_operand(p, st, &mem, t) &&
           irp_add_operands(p, st, idx, n, &m->t_index, 1);
}

void ir_fmt_memref_store_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_puts(w, "[");
    irw_operands(w, op, 2, n - 2);
    irw_puts(w, "]");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 1, 1);
}

/* %a, %b [{attrs}] : A to B */
bool ir_fmt_memref_copy_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand a, b;
    ir_type ta, tb;
    return irp_operand(p, &a) && irp_expect(p, IR_T_COMMA) && irp_operand(p, &b) &&
           irp_opt_attr_dict(p, st) && irp_expect(p, IR_T_COLON) && irp_type(p, &ta) &&
           irp_expect_kw(p, "to") && irp_type(p, &tb) && irp_add_operand(p, st, &a, ta) &&
           irp_add_operand(p, st, &b, tb);
}

void ir_fmt_memref_copy_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " to ");
    irw_operand_types(w, op, 1, 1);
}

bool ir_verify_memref_copy(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 0, 0))
        return false;
    ir_type a = opnd_type(m, op, 0), b = opnd_type(m, op, 1);
    if (!is_memref(m, a) || !is_memref(m, b) || ir_type_elem(m, a) != ir_type_elem(m, b))
        return irv_error(v, op, "requires memrefs of one element type");
    if (!ir_shapes_agree(m, a, b))
        return irv_error(v, op, "requires source %s and target %s of one shape", irv_type_str(v, a),
                         irv_type_str(v, b));
    return true;
}

/* %src[%shift][%size, ...] [{attrs}] : A to B */
bool ir_fmt_memref_view_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand src, shift, *sizes;
    uint32_t n;
    ir_type a, b;
    if (!irp_operand(p, &src) || !irp_expect(p, IR_T_LSQUARE) || !irp_operand(p, &shift) ||
        !irp_expect(p, IR_T_RSQUARE) || !irp_expect(p, IR_T_LSQUARE) ||
        !irp_operand_list(p, &sizes, &n) || !irp_expect(p, IR_T_RSQUARE) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &a) ||
        !irp_expect_kw(p, "to") || !irp_type(p, &b) || !irp_add_operand(p, st, &src, a) ||
        !irp_add_operand(p, st, &shift, m->t_index) ||
        !irp_add_operands(p, st, sizes, n, &m->t_index, 1))
        return false;
    ir_state_add_result(m, st, b);
    return true;
}

void ir_fmt_memref_view_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, "[");
    irw_operands(w, op, 1, 1);
    irw_puts(w, "][");
    irw_operands(w, op, 2, n - 2);
    irw_puts(w, "]");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " to ");
    irw_result_types(w, op);
}

bool ir_verify_memref_view(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    if (o->nopnd < 2)
        return irv_error(v, op, "requires a source and a byte shift");
    ir_type src = opnd_type(m, op, 0), res = ir_value_type(m, o->res);
    const struct ir_type_info *si = ir_type_get(m, src);
    if (!is_memref(m, src) || si->rank != 1 || ir_type_elem(m, src) != ir_type_int(m, 8))
        return irv_error(v, op, "requires a 1-D memref of i8 as source, got %s", irv_type_str(v, src));
    if (!is_memref(m, res) || ir_type_get(m, res)->attr1 != si->attr1)
        return irv_error(v, op, "requires a memref result in the source's memory space");
    if (o->nopnd - 2 != count_dyn(m, res))
        return irv_error(v, op, "has %u size operands, but %s has %u dynamic dimensions",
                         o->nopnd - 2, irv_type_str(v, res), count_dyn(m, res));
    return all_index(v, op, 1);
}

/* ["private"] [constant] @name : memref<...> [= uninitialized | = dense<...>] [{attrs}]
 * (the initializer's tensor type is implied by the memref type) */
bool ir_fmt_memref_global_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_STRING)) {
        ir_str vis;
        if (!irp_string(p, &vis))
            return false;
        ir_state_set_attr(m, st, "sym_visibility", ir_attr_string(m, ir_str_get(m, vis)));
    }
    if (irp_opt_kw(p, "constant"))
        ir_state_set_attr(m, st, "constant", ir_attr_unit(m));
    ir_str name;
    ir_type t;
    if (!irp_symbol(p, &name) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_state_set_attr(m, st, "sym_name", ir_attr_string(m, ir_str_get(m, name)));
    ir_state_set_attr(m, st, "type", ir_attr_type(m, t));
    if (irp_opt(p, IR_T_EQUAL)) {
        ir_attr init;
        if (irp_opt_kw(p, "uninitialized")) {
            init = ir_attr_unit(m);
        } else {
            const struct ir_type_info *ti = ir_type_get(m, t);
            ir_type tt = is_memref(m, t)
                             ? ir_type_shaped(m, IR_TY_TENSOR, ti->rank, ti->shape, ti->elem)
                             : IR_NONE;
            if (!irp_attr_implied_type(p, tt, &init))
                return false;
        }
        ir_state_set_attr(m, st, "initial_value", init);
    }
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_memref_global_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"sym_visibility", "constant", "sym_name", "type",
                                        "initial_value"};
    const struct ir_module *m = irw_module(w);
    ir_attr vis = ir_op_attr(m, op, "sym_visibility");
    ir_attr init = ir_op_attr(m, op, "initial_value");
    if (vis) {
        irw_puts(w, " ");
        irw_attr(w, vis);
    }
    if (ir_op_attr(m, op, "constant"))
        irw_puts(w, " constant");
    irw_printf(w, " @%s : ", ir_str_get(m, ir_attr_get(m, ir_op_attr(m, op, "sym_name"))->s));
    irw_type(w, ir_attr_get(m, ir_op_attr(m, op, "type"))->type);
    if (init) {
        irw_puts(w, " = ");
        if (ir_attr_get(m, init)->kind == IR_AT_UNIT)
            irw_puts(w, "uninitialized");
        else
            irw_attr_implied_type(w, init);
    }
    irw_attr_dict(w, op, elide, 5);
}

bool ir_verify_memref_global(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 0, 0))
        return false;
    ir_attr n = ir_op_attr(m, op, "sym_name"), t = ir_op_attr(m, op, "type");
    if (!n || ir_attr_get(m, n)->kind != IR_AT_STRING)
        return irv_error(v, op, "requires a 'sym_name' string attribute");
    if (!t || ir_attr_get(m, t)->kind != IR_AT_TYPE || !is_memref(m, ir_attr_get(m, t)->type) ||
        ir_type_numel(m, ir_attr_get(m, t)->type) < 0)
        return irv_error(v, op, "requires a 'type' attribute holding a statically shaped memref");
    ir_attr init = ir_op_attr(m, op, "initial_value");
    const struct ir_attr_info *ii = init ? ir_attr_get(m, init) : NULL;
    if (ii && ii->kind != IR_AT_UNIT) {
        const struct ir_type_info *ti = ir_type_get(m, ir_attr_get(m, t)->type);
        ir_type want = ir_type_shaped(m, IR_TY_TENSOR, ti->rank, ti->shape, ti->elem);
        if (ii->kind != IR_AT_DENSE || ii->type != want)
            return irv_error(v, op, "initial value must be a dense attribute of type %s",
                             irv_type_str(v, want));
    }
    return true;
}

/* @name [{attrs}] : memref<...> */
bool ir_fmt_memref_get_global_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_attr name;
    ir_type t;
    if (!irp_peek(p, IR_T_AT))
        return irp_error(p, "expected a symbol like '@name'");
    if (!irp_attr(p, &name) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t))
        return false;
    ir_state_set_attr(m, st, "name", name);
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_memref_get_global_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"name"};
    irw_puts(w, " ");
    irw_attr(w, ir_op_attr(irw_module(w), op, "name"));
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_memref_get_global(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    ir_attr n = ir_op_attr(m, op, "name");
    if (!n || ir_attr_get(m, n)->kind != IR_AT_SYMREF)
        return irv_error(v, op, "requires a 'name' symbol reference");
    ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
    if (!is_memref(m, t))
        return irv_error(v, op, "result must be a memref");
    /* The global, when it is in this module's top-level symbol table, must match. */
    const char *want = ir_str_get(m, ir_attr_get(m, n)->s);
    IR_FOR_OPS(m, ir_module_body(m), g) {
        if (ir_op_get(m, g)->kind != IR_OP_MEMREF_GLOBAL)
            continue;
        ir_attr gn = ir_op_attr(m, g, "sym_name"), gt = ir_op_attr(m, g, "type");
        if (gn && strcmp(ir_str_get(m, ir_attr_get(m, gn)->s), want) == 0 && gt &&
            ir_attr_get(m, gt)->type != t)
            return irv_error(v, op, "result type %s does not match the type of global @%s", irv_type_str(v, t), want);
    }
    return true;
}
