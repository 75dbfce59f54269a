/* vectorchain.c - DataflowIR: custom forms and rules of the vectorchain
 * dialect, the vector operations a compute unit (SFU) chains: elementwise
 * binary and unary operators, comparisons and selects, reductions, shuffles
 * (splat and permute) and constants.
 */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

static bool is_vector(const struct ir_module *m, ir_type t)
{
    return ir_type_get(m, t)->kind == IR_TY_VECTOR;
}

/* %r = vectorchain.binary %a, %b {binary_op = #vectorchain<binary_operator add>
 *     [, op_specific_map = map]} : vector<...>, vector<...>, vector<...> */
bool ir_verify_vectorchain_binary(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->res);
    if (!is_vector(m, t) || ir_value_type(m, o->opnd[0]) != t || ir_value_type(m, o->opnd[1]) != t)
        return irv_error(v, op, "requires two vector operands and a result of one type");
    ir_attr b = ir_op_attr(m, op, "binary_op");
    const struct ir_attr_info *bi = b ? ir_attr_get(m, b) : NULL;
    if (!bi || bi->kind != IR_AT_OPAQUE || strcmp(ir_str_get(m, bi->s), "vectorchain") != 0 ||
        !bi->body || strncmp(ir_str_get(m, bi->body), "binary_operator ", 16) != 0)
        return irv_error(v, op, "requires 'binary_op = #vectorchain<binary_operator NAME>'");
    ir_attr map = ir_op_attr(m, op, "op_specific_map");
    if (map && ir_attr_get(m, map)->kind != IR_AT_AFFINE_MAP)
        return irv_error(v, op, "'op_specific_map' must be an affine map");
    return true;
}

/* The operator attribute `name` = #vectorchain<KIND NAME>. */
static bool check_operator(struct ir_verifier *v, ir_op op, const char *name, const char *kind)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    size_t n = strlen(kind);
    if (!ai || ai->kind != IR_AT_OPAQUE || strcmp(ir_str_get(m, ai->s), "vectorchain") != 0 ||
        !ai->body || strncmp(ir_str_get(m, ai->body), kind, n) != 0 ||
        ir_str_get(m, ai->body)[n] != ' ')
        return irv_error(v, op, "requires '%s = #vectorchain<%s NAME>'", name, kind);
    return true;
}

/* %r = vectorchain.unary %a {unary_op = #vectorchain<unary_operator exp>} : vector<...>, vector<...>:
 * the operator on every element (ktc's addition: exp, neg, abs, sqrt, ...). */
bool ir_verify_vectorchain_unary(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->res);
    if (!is_vector(m, t) || ir_value_type(m, o->opnd[0]) != t)
        return irv_error(v, op, "requires a vector operand and a result of its type");
    return check_operator(v, op, "unary_op", "unary_operator");
}

/* %r = vectorchain.reduce %x, %init {reduce_op = #vectorchain<binary_operator add>}
 *     : vector<N x T>, vector<M x T>, vector<M x T>
 * (ktc's addition) folds each group of g = N / M consecutive elements as
 * ktc-interp folds a row of a linalg reduction: a pairwise tree (element j
 * with element j + g/2, every combine rounded to the element type), then
 * r[i] = tree(x[i*g .. i*g+g)) op init[i]. */
bool ir_verify_vectorchain_reduce(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type x = ir_value_type(m, o->opnd[0]), t = ir_value_type(m, o->res);
    if (!is_vector(m, x) || !is_vector(m, t) || ir_value_type(m, o->opnd[1]) != t ||
        ir_type_elem(m, x) != ir_type_elem(m, t))
        return irv_error(v, op, "requires an input vector, and an initial value and a result "
                                "of one vector type with its element type");
    int64_t n = ir_type_numel(m, x), r = ir_type_numel(m, t);
    if (n >= 0 && r > 0 && n % r)
        return irv_error(v, op, "%lld elements do not fall into %lld equal groups",
                         (long long)n, (long long)r);
    return check_operator(v, op, "reduce_op", "binary_operator");
}

/* %c = vectorchain.compare %a, %b {compare_op = #vectorchain<cmpf_predicate ogt>}
 *     : vector<N x T>, vector<N x T>, vector<N x i1>
 * (ktc's addition) compares element by element as arith.cmpf (floats,
 * `cmpf_predicate`) or arith.cmpi (integers, `cmpi_predicate`) with the
 * predicate NAME of that op; the result is a mask. */
bool ir_verify_vectorchain_compare(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type t = ir_value_type(m, o->opnd[0]), r = ir_value_type(m, o->res);
    if (!is_vector(m, t) || ir_value_type(m, o->opnd[1]) != t || !is_vector(m, r) ||
        ir_type_numel(m, r) != ir_type_numel(m, t) || ir_type_elem(m, r) != m->t_i1)
        return irv_error(v, op, "requires two vector operands of one type and an i1 vector "
                                "result of their length");
    bool flt = ir_type_is_float(m, ir_type_elem(m, t));
    const char *kind = flt ? "cmpf_predicate" : "cmpi_predicate";
    if (!check_operator(v, op, "compare_op", kind))
        return false;
    const char *body = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, op, "compare_op"))->body);
    if (ir_cmp_pred_find(!flt, body + strlen(kind) + 1) < 0)
        return irv_error(v, op, "unknown %s '%s'", kind, body + strlen(kind) + 1);
    return true;
}

/* %r = vectorchain.select %c, %a, %b
 *     : vector<N x i1>, vector<N x T>, vector<N x T>, vector<N x T>
 * (ktc's addition) r[i] = c[i] ? a[i] : b[i], as arith.select. */
bool ir_verify_vectorchain_select(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 3, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type c = ir_value_type(m, o->opnd[0]), t = ir_value_type(m, o->res);
    if (!is_vector(m, c) || ir_type_elem(m, c) != m->t_i1 || !is_vector(m, t) ||
        ir_value_type(m, o->opnd[1]) != t || ir_value_type(m, o->opnd[2]) != t ||
        ir_type_numel(m, c) != ir_type_numel(m, t))
        return irv_error(v, op, "requires an i1 vector condition, and two vector operands and "
                                "a result of one type and its length");
    return true;
}

/* %r = vectorchain.convert %x : vector<N x S>, vector<N x T> (ktc's
 * addition): every element converted to T as arith.extf / arith.truncf
 * convert a scalar (one rounding, to nearest even) between floats, as
 * arith.sitofp from a signed integer (not i1) to a float, as arith.fptosi
 * from a float to an integer (not i1: toward zero, NaN to 0, saturating at
 * 64 bits, then the low bits of T). */
/* An integer element type of more than one bit (not index). */
static bool wide_int(struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    return ti->kind == IR_TY_INT && ti->width > 1;
}

bool ir_verify_vectorchain_convert(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type s = ir_value_type(m, o->opnd[0]), t = ir_value_type(m, o->res);
    ir_type se = is_vector(m, s) ? ir_type_elem(m, s) : IR_NONE;
    ir_type te = is_vector(m, t) ? ir_type_elem(m, t) : IR_NONE;
    bool sf = se && ir_type_is_float(m, se), tf = te && ir_type_is_float(m, te);
    if (!se || !te || ir_type_numel(m, s) != ir_type_numel(m, t) || (!sf && !tf) ||
        (!sf && !wide_int(m, se)) || (!tf && !wide_int(m, te)))
        return irv_error(v, op, "requires a vector operand and a vector result of its length, "
                                "a float and a float or an integer wider than i1");
    return true;
}

/* %r = vectorchain.shuffle input(%x) {indices = [i, ...], repetition = N} : vector<...>, vector<...>:
 * the input elements at `indices`, the whole sequence repeated N times. */
bool ir_fmt_vectorchain_shuffle_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand x;
    ir_type a, r;
    if (!irp_expect_kw(p, "input") || !irp_expect(p, IR_T_LPAREN) || !irp_operand(p, &x) ||
        !irp_expect(p, IR_T_RPAREN) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &a) || !irp_expect(p, IR_T_COMMA) || !irp_type(p, &r) ||
        !irp_add_operand(p, st, &x, a))
        return false;
    ir_state_add_result(irp_module(p), st, r);
    return true;
}

void ir_fmt_vectorchain_shuffle_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " input(");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, ", ");
    irw_result_types(w, op);
}

bool ir_verify_vectorchain_shuffle(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type a = ir_value_type(m, o->opnd[0]), r = ir_value_type(m, o->res);
    if (!is_vector(m, a) || !is_vector(m, r) || ir_type_elem(m, a) != ir_type_elem(m, r))
        return irv_error(v, op, "requires input and result vectors of one element type");
    ir_attr ia = ir_op_attr(m, op, "indices"), ra = ir_op_attr(m, op, "repetition");
    const struct ir_attr_info *ii = ia ? ir_attr_get(m, ia) : NULL;
    const struct ir_attr_info *ri = ra ? ir_attr_get(m, ra) : NULL;
    if (!ii || ii->kind != IR_AT_ARRAY || !ii->n)
        return irv_error(v, op, "requires a non-empty array attribute 'indices'");
    if (!ri || ri->kind != IR_AT_INT || ri->i < 1)
        return irv_error(v, op, "requires a positive integer attribute 'repetition'");
    int64_t na = ir_type_numel(m, a);
    for (uint32_t i = 0; i < ii->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ii->elems[i]);
        if (e->kind != IR_AT_INT || e->i < 0 || (na >= 0 && e->i >= na))
            return irv_error(v, op, "index #%u is not an element of the input", i);
    }
    int64_t nr = ir_type_numel(m, r);
    if (nr >= 0 && nr != (int64_t)ii->n * ri->i)
        return irv_error(v, op, "%u indices repeated %lld times give %lld elements, but the result has %lld",
                         ii->n, (long long)ri->i, (long long)ii->n * ri->i, (long long)nr);
    return true;
}

/* %c = vectorchain.constant_bitstream {value = [bits, ...]} : vector<N x T>:
 * the vector's elements as raw bit patterns. */
bool ir_verify_vectorchain_constant_bitstream(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
    if (!is_vector(m, t))
        return irv_error(v, op, "result must be a vector, got %s", irv_type_str(v, t));
    ir_attr va = ir_op_attr(m, op, "value");
    const struct ir_attr_info *vi = va ? ir_attr_get(m, va) : NULL;
    if (!vi || vi->kind != IR_AT_ARRAY)
        return irv_error(v, op, "requires an array attribute 'value'");
    if ((int64_t)vi->n != ir_type_numel(m, t))
        return irv_error(v, op, "'value' holds %u elements but the vector %lld", vi->n,
                         (long long)ir_type_numel(m, t));
    return true;
}

/* %r = vectorchain.splat %x [{bits}] : index, vector<N x T> (ktc's
 * addition): N copies of a scalar known only when the program runs (a
 * launch-time symbol, a loop counter): its value converted to T, or with
 * `bits` its low bits taken as T's bit pattern (a float argument). */
bool ir_verify_vectorchain_splat(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (ir_value_type(m, o->opnd[0]) != m->t_index || !is_vector(m, ir_value_type(m, o->res)))
        return irv_error(v, op, "requires an index operand and a vector result");
    ir_attr b = ir_op_attr(m, op, "bits");
    if (b && ir_attr_get(m, b)->kind != IR_AT_UNIT)
        return irv_error(v, op, "'bits' must be a unit attribute");
    return true;
}
