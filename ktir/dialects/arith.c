/* arith.c - custom forms and rules of the arith and math dialects. */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* %a[, %b ...] [{attrs}] : T  (operands and result share T) */
bool ir_fmt_same_type_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n;
    ir_type t;
    if (!irp_operand_list(p, &ops, &n))
        return false;
    if (!n)
        return irp_error(p, "expected an operand");
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operands(p, st, ops, n, &t, 1))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_same_type_print(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(irw_module(w), op);
    irw_puts(w, " ");
    irw_operands(w, op, 0, o->nopnd);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

static bool elem_kind_check(struct ir_verifier *v, ir_op op, bool want_float)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nres != 1)
        return irv_error(v, op, "requires one result");
    ir_type t = ir_value_type(m, o->res);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != t)
            return irv_error(v, op, "requires the same type for all operands and results");
    ir_type e = ir_type_elem(m, t);
    if (want_float ? !ir_type_is_float(m, e) : !ir_type_is_intlike(m, e))
        return irv_error(v, op, "requires %s operands, got %s",
                         want_float ? "floating-point" : "integer or index", irv_type_str(v, t));
    return true;
}

bool ir_verify_float_op(struct ir_verifier *v, ir_op op) { return elem_kind_check(v, op, true); }
bool ir_verify_int_op(struct ir_verifier *v, ir_op op) { return elem_kind_check(v, op, false); }

/* Predicates stored as MLIR's i64 enum values. */
static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge",
                                         "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                         "one",   "ord", "ueq", "ugt", "uge", "ult",
                                         "ule",   "une", "uno", "true"};

/* The name of predicate k of arith.cmpi (is_i) or arith.cmpf, or NULL. */
const char *ir_cmp_pred_name(bool is_i, int64_t k)
{
    if (k < 0 || k >= (is_i ? 10 : 16))
        return NULL;
    return (is_i ? cmpi_preds : cmpf_preds)[k];
}

int ir_cmp_pred_find(bool is_i, const char *name)
{
    for (int k = 0; k < (is_i ? 10 : 16); k++)
        if (strcmp((is_i ? cmpi_preds : cmpf_preds)[k], name) == 0)
            return k;
    return -1;
}

/* The i1 type shaped like t. */
static ir_type bool_like(struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind == IR_TY_TENSOR || ti->kind == IR_TY_VECTOR)
        return ir_type_shaped(m, (enum ir_type_kind)ti->kind, ti->rank, ti->shape, m->t_i1);
    return m->t_i1;
}

/* <pred>, %a, %b : T */
bool ir_fmt_cmp_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool is_i = strcmp(ir_str_get(m, st->name), "arith.cmpi") == 0;
    const char *const *preds = is_i ? cmpi_preds : cmpf_preds;
    size_t np = is_i ? 10 : 16;
    struct ir_loc loc = irp_loc(p);
    ir_str pred;
    if (!irp_ident(p, &pred))
        return false;
    size_t k = 0;
    while (k < np && strcmp(preds[k], ir_str_get(m, pred)) != 0)
        k++;
    if (k == np)
        return irp_error_at(p, loc, "unknown comparison predicate '%s'", ir_str_get(m, pred));
    struct irp_operand *ops;
    uint32_t n;
    ir_type t;
    if (!irp_expect(p, IR_T_COMMA) || !irp_operand_list(p, &ops, &n))
        return false;
    if (n != 2)
        return irp_error(p, "expected two operands");
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operands(p, st, ops, n, &t, 1))
        return false;
    ir_state_set_attr(m, st, "predicate", ir_attr_int(m, (int64_t)k, m->t_i64));
    ir_state_add_result(m, st, bool_like(m, t));
    return true;
}

void ir_fmt_cmp_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    bool is_i = ir_op_get(m, op)->kind == IR_OP_ARITH_CMPI;
    static const char *const elide[] = {"predicate"};
    int64_t k = ir_attr_get(m, ir_op_attr(m, op, "predicate"))->i;
    irw_printf(w, " %s, ", (is_i ? cmpi_preds : cmpf_preds)[k]);
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
}

static bool verify_cmp(struct ir_verifier *v, ir_op op, bool is_i)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    ir_attr pa = ir_op_attr(m, op, "predicate");
    const struct ir_attr_info *pi = pa ? ir_attr_get(m, pa) : NULL;
    if (!pi || pi->kind != IR_AT_INT || pi->i < 0 || pi->i >= (is_i ? 10 : 16))
        return irv_error(v, op, "requires a valid 'predicate' attribute");
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->opnd[0]);
    if (ir_value_type(m, o->opnd[1]) != t)
        return irv_error(v, op, "requires both operands to have the same type");
    ir_type e = ir_type_elem(m, t);
    if (is_i ? !ir_type_is_intlike(m, e) : !ir_type_is_float(m, e))
        return irv_error(v, op, "requires %s operands", is_i ? "integer or index" : "floating-point");
    if (ir_value_type(m, o->res) != bool_like(m, t))
        return irv_error(v, op, "result must be i1 shaped like the operands");
    return true;
}

bool ir_verify_cmpi(struct ir_verifier *v, ir_op op) { return verify_cmp(v, op, true); }
bool ir_verify_cmpf(struct ir_verifier *v, ir_op op) { return verify_cmp(v, op, false); }

/* %c, %a, %b : T   or   %c, %a, %b : Tc, T */
bool ir_fmt_select_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ops;
    uint32_t n, nt;
    ir_type *tys;
    if (!irp_operand_list(p, &ops, &n))
        return false;
    if (n != 3)
        return irp_error(p, "expected three operands");
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type_list(p, &tys, &nt))
        return false;
    if (nt > 2)
        return irp_error(p, "expected one or two types");
    ir_type t = tys[nt - 1], ct = nt == 2 ? tys[0] : m->t_i1;
    if (!irp_add_operand(p, st, &ops[0], ct) || !irp_add_operand(p, st, &ops[1], t) ||
        !irp_add_operand(p, st, &ops[2], t))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_select_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 3);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    if (ir_value_type(m, o->opnd[0]) != m->t_i1) {
        irw_operand_types(w, op, 0, 1);
        irw_puts(w, ", ");
    }
    irw_result_types(w, op);
}

bool ir_verify_select(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 3, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type c = ir_value_type(m, o->opnd[0]), t = ir_value_type(m, o->res);
    if (c != m->t_i1 && c != bool_like(m, t))
        return irv_error(v, op, "condition must be i1 or i1 shaped like the result");
    if (ir_value_type(m, o->opnd[1]) != t || ir_value_type(m, o->opnd[2]) != t)
        return irv_error(v, op, "requires the true and false values to have the result type");
    return true;
}

/* %x : A to B */
bool ir_fmt_cast_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand x;
    ir_type a, b;
    if (!irp_operand(p, &x) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &a) || !irp_expect_kw(p, "to") || !irp_type(p, &b) ||
        !irp_add_operand(p, st, &x, a))
        return false;
    ir_state_add_result(irp_module(p), st, b);
    return true;
}

void ir_fmt_cast_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " to ");
    irw_result_types(w, op);
}

bool ir_verify_cast(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    ir_type a = ir_value_type(m, ir_op_get(m, op)->opnd[0]);
    ir_type b = ir_value_type(m, ir_op_get(m, op)->res);
    bool sa = ir_type_is_shaped(m, a), sb = ir_type_is_shaped(m, b);
    if (sa != sb ||
        (sa && (ir_type_get(m, a)->kind != ir_type_get(m, b)->kind || !ir_same_shape(m, a, b))))
        return irv_error(v, op, "operand and result must have the same shape");
    return true;
}

/* arith.constant <typed attribute> */
bool ir_fmt_constant_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = irp_loc(p);
    ir_attr a;
    if (!irp_opt_attr_dict(p, st) || !irp_attr(p, &a))
        return false;
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    ir_type t = ai->type;
    if (ai->kind == IR_AT_BOOL)
        t = m->t_i1;
    if (!t || (ai->kind != IR_AT_INT && ai->kind != IR_AT_FLOAT && ai->kind != IR_AT_DENSE &&
               ai->kind != IR_AT_BOOL))
        return irp_error_at(p, loc, "expected a typed constant, like '0 : index' or 'dense<0.0> : tensor<4xf16>'");
    ir_state_set_attr(m, st, "value", a);
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_constant_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"value"};
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " ");
    irw_attr(w, ir_op_attr(irw_module(w), op, "value"));
}

bool ir_verify_constant(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    ir_attr a = ir_op_attr(m, op, "value");
    if (!a)
        return irv_error(v, op, "requires a 'value' attribute");
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    ir_type t = ai->kind == IR_AT_BOOL ? m->t_i1 : ai->type;
    if (t != ir_value_type(m, ir_op_get(m, op)->res))
        return irv_error(v, op, "value type must match the result type");
    return true;
}
