/* common.c - hooks shared by op tables of several dialects: the `generic`
 * format (ops with no custom form), the `none` verifier (no op-specific
 * rules) and the `results_region` format; and the helpers of common.h. */
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

/* ---- results_region: `[-> (T, ...)] { ... } [{attrs}]` ----------------------- */

/* scf.execute_region and ktdf.private: results, one region, attributes. */
bool ir_fmt_results_region_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_type *tys = NULL;
    uint32_t n = 0;
    if (irp_opt(p, IR_T_ARROW) && !irp_result_types(p, &tys, &n))
        return false;
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_result(m, st, tys[i]);
    ir_region r;
    if (!irp_region(p, &r, NULL, 0, NULL))
        return false;
    ir_state_add_region(m, st, r);
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_results_region_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    if (ir_op_get(m, op)->nres) {
        irw_puts(w, " -> (");
        irw_result_types(w, op);
        irw_puts(w, ")");
    }
    irw_puts(w, " ");
    irw_region(w, ir_op_region(m, op, 0), false, NULL);
    irw_attr_dict(w, op, NULL, 0);
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

bool ir_dims_agree(int64_t a, int64_t b)
{
    return a == IR_DYN || b == IR_DYN || a == b;
}

bool ir_shapes_agree(const struct ir_module *m, ir_type a, ir_type b)
{
    const struct ir_type_info *x = ir_type_get(m, a), *y = ir_type_get(m, b);
    uint32_t r = ir_type_is_shaped(m, a) ? x->rank : 0;
    if (r != (ir_type_is_shaped(m, b) ? y->rank : 0))
        return false;
    for (uint32_t i = 0; i < r; i++)
        if (!ir_dims_agree(x->shape[i], y->shape[i]))
            return false;
    return true;
}

bool ir_same_shape(const struct ir_module *m, ir_type a, ir_type b)
{
    const struct ir_type_info *x = ir_type_get(m, a), *y = ir_type_get(m, b);
    return x->rank == y->rank &&
           (!x->rank || !memcmp(x->shape, y->shape, x->rank * sizeof *x->shape));
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

/* ---- affine subscripts over SSA values ------------------------------------------ */

bool irp_subscript_leaf(struct ir_parser *p, const struct ir_token *tok, void *ctx, ir_aff *out)
{
    struct irp_subscripts *s = ctx;
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = {irp_loc(p).file, tok->line, tok->col};
    if (tok->kind != IR_T_PERCENT)
        return irp_error_at(p, loc,
                            "expected an SSA value or an integer in a subscript, got '%.*s'",
                            (int)tok->len, tok->text);
    struct irp_operand o = {ir_str_intern(m, tok->text + 1, tok->len - 1), 0, loc};
    if (irp_peek(p, IR_T_HASH)) {
        /* Token text is not NUL-terminated: read only its len bytes. */
        const struct ir_token *h = irp_tok(p);
        bool digits = h->len >= 2 && h->len <= 10;
        for (uint32_t i = 1; digits && i < h->len; i++) {
            digits = h->text[i] >= '0' && h->text[i] <= '9';
            o.index = o.index * 10 + (uint32_t)(h->text[i] - '0');
        }
        if (!digits)
            return irp_error(p, "expected result number after '#'");
        irp_next(p);
    }
    for (uint32_t i = 0; i < s->nvars && !o.index; i++)
        if (s->vars[i].name == o.name) {
            *out = ir_aff_dim(m, i);
            return true;
        }
    uint32_t j = 0;
    while (j < s->nids && (s->ids[j].name != o.name || s->ids[j].index != o.index))
        j++;
    if (j == s->nids) {
        if (j == IR_MAX_SUBSCRIPT_VALUES)
            return irp_error_at(p, loc, "too many SSA values in subscripts");
        s->ids[s->nids++] = o;
    }
    *out = ir_aff_dim(m, s->nvars + j);
    return true;
}

bool irp_subscripts(struct ir_parser *p, struct irp_subscripts *s, ir_aff *exprs, uint32_t *n,
                    uint32_t max)
{
    if (irp_peek(p, IR_T_RSQUARE))
        return true;
    do {
        if (*n == max)
            return irp_error(p, "too many subscripts");
        if (!irp_affine_expr(p, irp_subscript_leaf, s, &exprs[(*n)++]))
            return false;
    } while (irp_opt(p, IR_T_COMMA));
    return true;
}

void irw_subscript_leaf(struct ir_printer *w, bool is_sym, uint32_t pos, void *ctx)
{
    const struct irw_subscript_names *ln = ctx;
    const struct ir_module *m = irw_module(w);
    if (is_sym)
        irw_printf(w, "s%u", pos); /* never verified IR: maps have no symbols */
    else if (pos < ln->ncap)
        irw_value(w, ir_op_get(m, ln->op)->opnd[ln->first + pos]);
    else
        irw_value(w, ir_block_get(m, ln->block)->args[pos - ln->ncap]);
}

bool irp_elided_get(struct ir_parser *p, struct ir_op_state *st, enum ir_type_kind kind)
{
    struct irp_operand src;
    ir_type ts, t;
    if (!irp_operand(p, &src) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_elided_type(p, kind, &ts) || !irp_expect(p, IR_T_ARROW) || !irp_type(p, &t) ||
        !irp_add_operand(p, st, &src, ts))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void irw_elided_get(struct ir_printer *w, ir_op op, enum ir_type_kind kind)
{
    const struct ir_module *m = irw_module(w);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_elided_type(w, kind, ir_value_type(m, ir_op_get(m, op)->opnd[0]));
    irw_puts(w, " -> ");
    irw_result_types(w, op);
}

bool irp_elided_put(struct ir_parser *p, struct ir_op_state *st, enum ir_type_kind kind)
{
    struct irp_operand data, dst;
    ir_type t, td;
    return irp_operand(p, &data) && irp_expect(p, IR_T_COMMA) && irp_operand(p, &dst) &&
           irp_opt_attr_dict(p, st) && irp_expect(p, IR_T_COLON) && irp_type(p, &t) &&
           irp_expect(p, IR_T_COMMA) && irp_elided_type(p, kind, &td) &&
           irp_add_operand(p, st, &data, t) && irp_add_operand(p, st, &dst, td);
}

void irw_elided_put(struct ir_printer *w, ir_op op, enum ir_type_kind kind)
{
    const struct ir_module *m = irw_module(w);
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, ", ");
    irw_elided_type(w, kind, ir_value_type(m, ir_op_get(m, op)->opnd[1]));
}
