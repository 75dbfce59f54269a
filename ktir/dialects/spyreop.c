/* spyreop.c - the spyreop dialect: Spyre intrinsics (scalar math used in
 * linalg.generic bodies, layer-norm pieces, integer address arithmetic, a
 * slice reduction). Custom syntax hooks and rules for the rows of
 * spyreop.def; the plain `%a, %b : T` ops use arith's `same_type` format
 * and `spyreop.constant` uses arith's `constant` format.
 *
 * Float operands are f16, !spyreop.df16 or f32 unless an op says otherwise.
 * Fused pair types (!spyreop.fp16_fused, df16_fused, fp32_fused) are opaque
 * types named after the plain type they pair.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* Whether t is one of the float types an op accepts: f16, df16 and, unless
 * half_only, f32. */
static bool spyre_float(const struct ir_module *m, ir_type t, bool half_only)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    return ti->kind == IR_TY_FLOAT &&
           (ti->fkind == IR_F16 || ti->fkind == IR_DF16 || (!half_only && ti->fkind == IR_F32));
}

/* The fused pair type name of a plain float type, or NULL. */
static const char *fused_name(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind != IR_TY_FLOAT)
        return NULL;
    switch (ti->fkind) {
    case IR_F16: return "spyreop.fp16_fused";
    case IR_DF16: return "spyreop.df16_fused";
    case IR_F32: return "spyreop.fp32_fused";
    default: return NULL;
    }
}

static bool is_fused_of(const struct ir_module *m, ir_type fused, ir_type plain)
{
    const struct ir_type_info *fi = ir_type_get(m, fused);
    const char *want = fused_name(m, plain);
    return want && fi->kind == IR_TY_OPAQUE && !fi->body && strcmp(ir_str_get(m, fi->name), want) == 0;
}

/* ---- elementwise float ops ----------------------------------------------------- */

/* Operand count of the ops that share the `spyreop_float` rule. */
static uint32_t float_arity(uint32_t kind)
{
    switch (kind) {
    case IR_OP_SPYREOP_REALDIV:
    case IR_OP_SPYREOP_LAYERNORMSCALE: return 2;
    case IR_OP_SPYREOP_SELECT: return 3;
    case IR_OP_SPYREOP_LAYERNORMNORM: return 5;
    default: return 1;
    }
}

bool ir_verify_spyreop_float(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, (int)float_arity(o->kind), 1, 0))
        return false;
    ir_type t = ir_value_type(m, o->res);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != t)
            return irv_error(v, op, "requires the same type for all operands and results");
    bool half = o->kind == IR_OP_SPYREOP_GELU || o->kind == IR_OP_SPYREOP_SOFTPLUS;
    if (!spyre_float(m, t, half))
        return irv_error(v, op, "requires %s operands, got %s",
                         half ? "f16 or !spyreop.df16" : "f16, !spyreop.df16 or f32", irv_type_str(v, t));
    if (o->kind != IR_OP_SPYREOP_SOFTPLUS)
        return true;
    ir_attr b = ir_op_attr(m, op, "beta"), th = ir_op_attr(m, op, "threshold");
    const struct ir_attr_info *bi = b ? ir_attr_get(m, b) : NULL;
    const struct ir_attr_info *ti = th ? ir_attr_get(m, th) : NULL;
    if (!bi || !ti || bi->kind != IR_AT_FLOAT || ti->kind != IR_AT_FLOAT || bi->type != m->t_f32 ||
        ti->type != m->t_f32)
        return irv_error(v, op, "requires f32 'beta' and 'threshold' attributes");
    if (!isfinite(bi->f) || !isfinite(ti->f))
        return irv_error(v, op, "'beta' and 'threshold' must be finite");
    if (bi->f == 0)
        return irv_error(v, op, "'beta' must not be zero");
    return true;
}

/* A decimal number (integer or float, optionally negative) as a double. */
static bool parse_number(struct ir_parser *p, double *out)
{
    bool neg = irp_opt(p, IR_T_MINUS);
    const struct ir_token *t = irp_tok(p);
    char buf[64];
    if ((t->kind != IR_T_FLOAT && t->kind != IR_T_INT) || t->len >= sizeof buf ||
        (t->len > 1 && t->text[1] == 'x'))
        return irp_error(p, "expected a decimal number");
    memcpy(buf, t->text, t->len);
    buf[t->len] = 0;
    *out = neg ? -strtod(buf, NULL) : strtod(buf, NULL);
    irp_next(p);
    return true;
}

static const char *const softplus_keys[] = {"beta", "threshold"};

/* %x beta B threshold T [attr-dict] : type */
bool ir_fmt_spyreop_softplus_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand x;
    if (!irp_operand(p, &x))
        return false;
    for (int i = 0; i < 2; i++) {
        double d = 0; /* set when parse_number succeeds; gcc -O2 cannot tell */
        if (!irp_expect_kw(p, softplus_keys[i]) || !parse_number(p, &d))
            return false;
        ir_state_set_attr(m, st, softplus_keys[i], ir_attr_float(m, d, m->t_f32));
    }
    ir_type t;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operand(p, st, &x, t))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_spyreop_softplus_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    for (int i = 0; i < 2; i++) {
        ir_attr a = ir_op_attr(m, op, softplus_keys[i]);
        irw_printf(w, " %s ", softplus_keys[i]);
        irw_float(w, a ? ir_attr_get(m, a)->f : 0);
    }
    irw_attr_dict(w, op, softplus_keys, 2);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* The keywords that introduce the operands after the first. */
static const char *const *op_keywords(uint32_t kind, uint32_t *n)
{
    static const char *const scale[] = {"squares"};
    static const char *const norm[] = {"squares", "scale", "weight", "bias"};
    *n = kind == IR_OP_SPYREOP_LAYERNORMNORM ? 4 : 1;
    return kind == IR_OP_SPYREOP_LAYERNORMNORM ? norm : scale;
}

/* %x kw1 %a kw2 %b ... [attr-dict] : type */
bool ir_fmt_spyreop_keywords_parse(struct ir_parser *p, struct ir_op_state *st)
{
    uint32_t nk;
    const char *const *kws = op_keywords(st->kind, &nk);
    struct irp_operand ops[5];
    if (!irp_operand(p, &ops[0]))
        return false;
    for (uint32_t i = 0; i < nk; i++)
        if (!irp_expect_kw(p, kws[i]) || !irp_operand(p, &ops[i + 1]))
            return false;
    ir_type t;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operands(p, st, ops, nk + 1, &t, 1))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_spyreop_keywords_print(struct ir_printer *w, ir_op op)
{
    uint32_t nk;
    const char *const *kws = op_keywords(ir_op_get(irw_module(w), op)->kind, &nk);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    for (uint32_t i = 0; i < nk; i++) {
        irw_printf(w, " %s ", kws[i]);
        irw_operands(w, op, i + 1, 1);
    }
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* ---- exx2 and the fused pair ops ------------------------------------------------ */

/* %x [attr-dict] : T   (two results of type T: mean, mean of squares) */
bool ir_fmt_spyreop_exx2_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand x;
    ir_type t;
    if (!irp_operand(p, &x) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t) || !irp_add_operand(p, st, &x, t))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_spyreop_exx2_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
}

bool ir_verify_spyreop_exx2(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 2, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->opnd[0]);
    if (ir_value_type(m, o->res) != t || ir_value_type(m, o->res + 1) != t)
        return irv_error(v, op, "requires both results to have the operand type");
    if (!spyre_float(m, t, false))
        return irv_error(v, op, "requires an f16, !spyreop.df16 or f32 operand, got %s", irv_type_str(v, t));
    return true;
}

/* %x [attr-dict] : A -> B */
bool ir_fmt_spyreop_convert_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand x;
    ir_type a, b;
    if (!irp_operand(p, &x) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &a) || !irp_expect(p, IR_T_ARROW) || !irp_type(p, &b) ||
        !irp_add_operand(p, st, &x, a))
        return false;
    ir_state_add_result(irp_module(p), st, b);
    return true;
}

void ir_fmt_spyreop_convert_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " -> ");
    irw_result_types(w, op);
}

/* exx2_fused: plain -> its fused pair; layernormscale_fused: pair -> plain. */
bool ir_verify_spyreop_fused(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool to_pair = o->kind == IR_OP_SPYREOP_EXX2_FUSED;
    ir_type a = ir_value_type(m, o->opnd[0]), b = ir_value_type(m, o->res);
    ir_type plain = to_pair ? a : b, pair = to_pair ? b : a;
    if (!spyre_float(m, plain, false))
        return irv_error(v, op, "requires an f16, !spyreop.df16 or f32 %s, got %s",
                         to_pair ? "operand" : "result", irv_type_str(v, plain));
    if (!is_fused_of(m, pair, plain))
        return irv_error(v, op, "%s must be !%s to pair with %s", to_pair ? "result" : "operand",
                         fused_name(m, plain), irv_type_str(v, plain));
    return true;
}

/* ---- compare -------------------------------------------------------------------- */

static const char *const compare_preds[] = {"equal",       "notequal",    "greaterthan",
                                            "greaterequal", "lesserthan", "lesserequal"};

static bool known_pred(const char *s)
{
    for (size_t i = 0; i < 6; i++)
        if (strcmp(s, compare_preds[i]) == 0)
            return true;
    return false;
}

/* <pred> %a, %b [attr-dict] : T  (also accepted: the predicate without <>) */
bool ir_fmt_spyreop_compare_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool angle = irp_opt(p, IR_T_LESS);
    struct ir_loc loc = irp_loc(p);
    ir_str pred;
    if (!irp_ident(p, &pred) || (angle && !irp_expect(p, IR_T_GREATER)))
        return false;
    if (!known_pred(ir_str_get(m, pred)))
        return irp_error_at(p, loc, "unknown comparison predicate '%s'", ir_str_get(m, pred));
    struct irp_operand *ops;
    uint32_t n;
    ir_type t;
    if (!irp_operand_list(p, &ops, &n))
        return false;
    if (n != 2)
        return irp_error(p, "expected two operands");
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operands(p, st, ops, n, &t, 1))
        return false;
    ir_state_set_attr(m, st, "predicate", ir_attr_string(m, ir_str_get(m, pred)));
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_spyreop_compare_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const hidden[] = {"predicate"};
    ir_attr a = ir_op_attr(m, op, "predicate");
    irw_printf(w, " <%s> ", a ? ir_str_get(m, ir_attr_get(m, a)->s) : "");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, hidden, 1);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_spyreop_compare(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    ir_attr a = ir_op_attr(m, op, "predicate");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_STRING || !known_pred(ir_str_get(m, ai->s)))
        return irv_error(v, op, "requires a 'predicate' attribute: one of \"equal\", \"notequal\", "
                                "\"greaterthan\", \"greaterequal\", \"lesserthan\", \"lesserequal\"");
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->res);
    if (ir_value_type(m, o->opnd[0]) != t || ir_value_type(m, o->opnd[1]) != t)
        return irv_error(v, op, "requires the same type for all operands and results");
    if (!spyre_float(m, t, false))
        return irv_error(v, op, "requires f16, !spyreop.df16 or f32 operands, got %s", irv_type_str(v, t));
    return true;
}

bool ir_verify_spyreop_constant(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
    ir_attr a = ir_op_attr(m, op, "value");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_FLOAT || ai->type != t)
        return irv_error(v, op, "requires a float 'value' attribute of the result type");
    if (t != m->t_f16 && t != m->t_f32)
        return irv_error(v, op, "result must be f16 or f32, got %s", irv_type_str(v, t));
    return true;
}

/* ---- integer address arithmetic ------------------------------------------------ */

/* The integer width an op's name fixes (i32 unless it says i64). */
static ir_type int_type(struct ir_module *m, uint32_t kind)
{
    return kind == IR_OP_SPYREOP_ADDI64TOI64 ? m->t_i64 : m->t_i32;
}

/* %a, %b [attr-dict]   (the type follows from the op name) */
bool ir_fmt_spyreop_int_binary_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_type t = int_type(m, st->kind);
    struct irp_operand a, b;
    if (!irp_operand(p, &a) || !irp_expect(p, IR_T_COMMA) || !irp_operand(p, &b) ||
        !irp_opt_attr_dict(p, st) || !irp_add_operand(p, st, &a, t) || !irp_add_operand(p, st, &b, t))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_spyreop_int_binary_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, NULL, 0);
}

bool ir_verify_spyreop_int_binary(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = int_type(m, o->kind);
    if (ir_value_type(m, o->opnd[0]) != t || ir_value_type(m, o->opnd[1]) != t ||
        ir_value_type(m, o->res) != t)
        return irv_error(v, op, "requires %s operands and result", irv_type_str(v, t));
    return true;
}

static const char *const addr_keys[] = {"base", "stride"};

/* %i base (%b | N) stride (%s | N) [attr-dict]: all i32. An integer base or
 * stride (the older form) is kept as an attribute; SSA ones are operands
 * after %i, base first. */
bool ir_fmt_spyreop_idx32toaddr_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand ops[3];
    uint32_t n = 1;
    if (!irp_operand(p, &ops[0]))
        return false;
    for (int i = 0; i < 2; i++) {
        if (!irp_expect_kw(p, addr_keys[i]))
            return false;
        if (irp_peek_operand(p)) {
            if (!irp_operand(p, &ops[n++]))
                return false;
        } else {
            int64_t c;
            if (!irp_int(p, &c))
                return false;
            ir_state_set_attr(m, st, addr_keys[i], ir_attr_int(m, c, m->t_i32));
        }
    }
    if (!irp_opt_attr_dict(p, st) || !irp_add_operands(p, st, ops, n, &m->t_i32, 1))
        return false;
    ir_state_add_result(m, st, m->t_i32);
    return true;
}

void ir_fmt_spyreop_idx32toaddr_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    uint32_t next = 1;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    for (int i = 0; i < 2; i++) {
        ir_attr a = ir_op_attr(m, op, addr_keys[i]);
        irw_printf(w, " %s ", addr_keys[i]);
        if (a)
            irw_printf(w, "%lld", (long long)ir_attr_get(m, a)->i);
        else
            irw_operands(w, op, next++, 1);
    }
    irw_attr_dict(w, op, addr_keys, 2);
}

bool ir_verify_spyreop_idx32toaddr(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t want = 1;
    for (int i = 0; i < 2; i++) {
        ir_attr a = ir_op_attr(m, op, addr_keys[i]);
        if (!a)
            want++;
        else if (ir_attr_get(m, a)->kind != IR_AT_INT)
            return irv_error(v, op, "'%s' attribute must be an integer", addr_keys[i]);
    }
    if (!irv_counts(v, op, (int)want, 1, 0))
        return false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != m->t_i32)
            return irv_error(v, op, "requires i32 operands");
    if (ir_value_type(m, o->res) != m->t_i32)
        return irv_error(v, op, "requires an i32 result");
    return true;
}

/* ---- slice_reduction -------------------------------------------------------- */

/* The body of the opaque attribute `#spyreop.<name><body>` on op, or NULL. */
static const char *enum_attr(const struct ir_module *m, ir_op op, const char *key, const char *name)
{
    ir_attr a = ir_op_attr(m, op, key);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_OPAQUE || !ai->body || strcmp(ir_str_get(m, ai->s), name) != 0)
        return NULL;
    return ir_str_get(m, ai->body);
}

bool ir_verify_spyreop_slice_reduction(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    static const char *const kinds[] = {"add", "sub", "max", "min", "mul", "abs_max"};
    const char *k = enum_attr(m, op, "reduction_kind", "spyreop.reduction_kind");
    size_t i = 0;
    while (k && i < 6 && strcmp(k, kinds[i]) != 0)
        i++;
    if (!k || i == 6)
        return irv_error(v, op, "requires 'reduction_kind = #spyreop.reduction_kind<K>' with K one of add, sub, max, min, mul, abs_max");
    if (!enum_attr(m, op, "reduction_scope", "spyreop.reduction_scope"))
        return irv_error(v, op, "requires a 'reduction_scope = #spyreop.reduction_scope<...>' attribute");
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type a = ir_value_type(m, o->opnd[0]), r = ir_value_type(m, o->res);
    if (ir_type_get(m, a)->kind != IR_TY_TENSOR || ir_type_get(m, r)->kind != IR_TY_TENSOR)
        return irv_error(v, op, "requires a tensor operand and result");
    if (!spyre_float(m, ir_type_elem(m, a), false) || ir_type_elem(m, a) != ir_type_elem(m, r))
        return irv_error(v, op, "requires operand and result of one f16, !spyreop.df16 or f32 element type");
    return true;
}
