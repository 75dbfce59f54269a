/* linalg.c - custom forms and rules of the linalg dialect: structured ops
 * over `ins(...) outs(...)` operands.
 *
 * Operand layout: ins first, then outs (the inits). Named ops and
 * linalg.generic record the split as operandSegmentSizes = array<i32: #ins,
 * #outs>; map (one init), reduce (as many inits as inputs), broadcast and
 * transpose (one each) need no attribute, as in MLIR. Results are the outs
 * that are tensors. linalg.generic keeps iterator_types as MLIR's
 * #linalg.iterator_type<parallel> attributes (its custom form, and MLIR 14's
 * generic form, spell them as strings; both are read). Named ops have no body region. linalg.map and
 * linalg.reduce always have one; their short form `{ arith.addf }` builds it
 * (payload op on the block arguments, then linalg.yield) and the printer
 * goes back to the short form whenever the body has that shape.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* ---- shared syntax ------------------------------------------------------ */

/* `kw(%a, ... : T, ...)` when kw is next; operands are resolved into st. */
static bool parse_group(struct ir_parser *p, struct ir_op_state *st, const char *kw, uint32_t *n,
                        ir_type **tys)
{
    struct irp_operand *ops;
    uint32_t nt = 0;
    *n = 0;
    *tys = NULL;
    if (!irp_opt_kw(p, kw))
        return true;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, n))
        return false;
    if (*n && (!irp_expect(p, IR_T_COLON) || !irp_type_list(p, tys, &nt)))
        return false;
    if (nt != *n)
        return irp_error(p, "%u operands present, but %u types", *n, nt);
    return irp_expect(p, IR_T_RPAREN) && irp_add_operands(p, st, ops, *n, *tys, nt);
}

/* ins(...) outs(...), each optional. */
static bool parse_ins_outs(struct ir_parser *p, struct ir_op_state *st, uint32_t *nin,
                           ir_type **ins, uint32_t *nout, ir_type **outs)
{
    return parse_group(p, st, "ins", nin, ins) && parse_group(p, st, "outs", nout, outs);
}

static bool is_tensor(const struct ir_module *m, ir_type t)
{
    return ir_type_get(m, t)->kind == IR_TY_TENSOR;
}

/* `-> T, ...` when present, else one result per tensor in outs. */
static bool parse_results(struct ir_parser *p, struct ir_op_state *st, uint32_t nout,
                          const ir_type *outs)
{
    struct ir_module *m = irp_module(p);
    ir_type *tys = NULL;
    uint32_t nt = 0;
    if (irp_opt(p, IR_T_ARROW)) {
        if (!irp_result_types(p, &tys, &nt))
            return false;
        for (uint32_t i = 0; i < nt; i++)
            ir_state_add_result(m, st, tys[i]);
        return true;
    }
    for (uint32_t i = 0; i < nout; i++)
        if (is_tensor(m, outs[i]))
            ir_state_add_result(m, st, outs[i]);
    return true;
}

/* ` kw(%a, ... : T, ...)` of operands [from, from + n); nothing when n == 0. */
static void print_group(struct ir_printer *w, ir_op op, const char *kw, uint32_t from, uint32_t n)
{
    if (!n)
        return;
    irw_printf(w, " %s(", kw);
    irw_operands(w, op, from, n);
    irw_puts(w, " : ");
    irw_operand_types(w, op, from, n);
    irw_puts(w, ")");
}

/* ` -> T` or ` -> (T, U)`; nothing without results. */
static void print_arrow(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nres;
    if (!n)
        return;
    irw_puts(w, n > 1 ? " -> (" : " -> ");
    irw_result_types(w, op);
    if (n > 1)
        irw_puts(w, ")");
}

/* How op's operands split into ins [0, *nin) and outs [*nin, *nin + *nout);
 * false when the op does not say consistently. */
static bool split_operands(const struct ir_module *m, ir_op op, uint32_t *nin, uint32_t *nout)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    switch (o->kind) {
    case IR_OP_LINALG_REDUCE:
        *nin = *nout = o->nopnd / 2;
        return o->nopnd && o->nopnd % 2 == 0;
    case IR_OP_LINALG_MAP:
        *nin = o->nopnd - 1;
        *nout = 1;
        return o->nopnd > 0;
    case IR_OP_LINALG_BROADCAST:
    case IR_OP_LINALG_TRANSPOSE:
        *nin = *nout = 1;
        return o->nopnd == 2;
    default: {
        uint32_t seg[2];
        if (!ir_segments(m, op, 2, seg))
            return false;
        *nin = seg[0];
        *nout = seg[1];
        return true;
    }
    }
}

/* ---- shapes ------------------------------------------------------------- */

static uint32_t rank_of(const struct ir_module *m, ir_type t)
{
    return ir_type_is_shaped(m, t) ? ir_type_get(m, t)->rank : 0;
}

static int64_t dim_of(const struct ir_module *m, ir_type t, uint32_t i)
{
    return ir_type_get(m, t)->shape[i];
}

static ir_type opnd_type(const struct ir_module *m, ir_op op, uint32_t i)
{
    return ir_value_type(m, ir_op_get(m, op)->opnd[i]);
}

/* The `array<i64: ...>` attribute `name` of op, or NULL after reporting. */
static const struct ir_attr_info *dense_i64(struct ir_verifier *v, ir_op op, const char *name)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_DENSE_ARRAY || ai->type != m->t_i64) {
        irv_error(v, op, "requires a '%s' attribute of type array<i64: ...>", name);
        return NULL;
    }
    return ai;
}

/* ---- rules every structured op obeys ------------------------------------------ */

/* Operand split (nin / nout when not -1), shaped outs, and results equal to
 * the tensor outs. */
static bool verify_structured(struct ir_verifier *v, ir_op op, int nin, int nout)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t in, out;
    if (!split_operands(m, op, &in, &out)) {
        if (o->kind == IR_OP_LINALG_REDUCE)
            return irv_error(v, op, "requires as many inits as inputs");
        if (o->kind == IR_OP_LINALG_MAP || o->kind == IR_OP_LINALG_BROADCAST ||
            o->kind == IR_OP_LINALG_TRANSPOSE)
            return irv_error(v, op, "requires %s", o->kind == IR_OP_LINALG_MAP
                                                       ? "an init operand"
                                                       : "one input and one init");
        return irv_error(v, op, "requires an 'operandSegmentSizes' attribute array<i32: #ins, "
                                "#outs> that adds up to its %u operands", o->nopnd);
    }
    if ((nin >= 0 && in != (uint32_t)nin) || (nout >= 0 && out != (uint32_t)nout))
        return irv_error(v, op, "requires %d inputs and %d inits, got %u and %u", nin, nout, in, out);
    uint32_t ntensor = 0;
    for (uint32_t i = in; i < in + out; i++) {
        ir_type t = opnd_type(m, op, i);
        uint8_t k = ir_type_get(m, t)->kind;
        if (k != IR_TY_TENSOR && k != IR_TY_MEMREF)
            return irv_error(v, op, "init #%u must be a tensor or a memref, got %s", i - in,
                             irv_type_str(v, t));
        ntensor += k == IR_TY_TENSOR;
    }
    if (o->nres != ntensor)
        return irv_error(v, op, "has %u results, but %u tensor inits", o->nres, ntensor);
    for (uint32_t i = in, r = 0; i < in + out; i++) {
        ir_type t = opnd_type(m, op, i);
        if (is_tensor(m, t) && ir_value_type(m, o->res + r++) != t)
            return irv_error(v, op, "result #%u must have the type of tensor init #%u (%s)", r - 1,
                             i - in, irv_type_str(v, t));
    }
    return true;
}

/* The body's single block takes the element types of operands [from, from + n). */
static bool verify_body_args(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nreg != 1)
        return irv_error(v, op, "requires a body region");
    ir_block b = ir_region_entry(m, o->regs[0]);
    if (!b || ir_block_get(m, b)->next)
        return irv_error(v, op, "requires a body region with a single block");
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (bi->nargs != n)
        return irv_error(v, op, "body block has %u arguments, expected %u", bi->nargs, n);
    for (uint32_t i = 0; i < n; i++) {
        ir_type want = ir_type_elem(m, opnd_type(m, op, from + i));
        if (ir_value_type(m, bi->args[i]) != want)
            return irv_error(v, op, "body argument #%u must have type %s, the element type of "
                                    "operand #%u", i, irv_type_str(v, want), from + i);
    }
    return true;
}

/* ---- named ops ------------------------------------------------------------- */

/* [{attrs}] ins(...) outs(...) [{attrs}] [-> T, ...] */
bool ir_fmt_linalg_named_parse(struct ir_parser *p, struct ir_op_state *st)
{
    uint32_t nin, nout;
    ir_type *ins, *outs;
    if (!irp_opt_attr_dict(p, st) || !parse_ins_outs(p, st, &nin, &ins, &nout, &outs) ||
        !irp_opt_attr_dict(p, st) || !parse_results(p, st, nout, outs))
        return false;
    ir_set_segments(irp_module(p), st, 2, (int64_t[]){nin, nout});
    return true;
}

void ir_fmt_linalg_named_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"operandSegmentSizes"};
    uint32_t nin = 0, nout = 0;
    split_operands(irw_module(w), op, &nin, &nout);
    irw_attr_dict(w, op, elide, 1);
    print_group(w, op, "ins", 0, nin);
    print_group(w, op, "outs", nin, nout);
    print_arrow(w, op);
}

/* Elementwise: every input has the shape of the single init. */
static bool verify_elementwise(struct ir_verifier *v, ir_op op, int nin)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, nin, 1))
        return false;
    ir_type out = opnd_type(m, op, (uint32_t)nin);
    for (int i = 0; i < nin; i++) {
        ir_type t = opnd_type(m, op, (uint32_t)i);
        if (!ir_type_is_shaped(m, t) || !ir_shapes_agree(m, t, out))
            return irv_error(v, op, "input #%d (%s) must have the shape of the init (%s)", i,
                             irv_type_str(v, t), irv_type_str(v, out));
    }
    return true;
}

bool ir_verify_linalg_unary(struct ir_verifier *v, ir_op op) { return verify_elementwise(v, op, 1); }
bool ir_verify_linalg_binary(struct ir_verifier *v, ir_op op) { return verify_elementwise(v, op, 2); }

bool ir_verify_linalg_fill(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, 1, 1))
        return false;
    if (ir_type_is_shaped(m, opnd_type(m, op, 0)))
        return irv_error(v, op, "requires a scalar input, got %s", irv_type_str(v, opnd_type(m, op, 0)));
    return true;
}

/* Operand dims of each contraction, one letter per dim: equal letters must
 * have equal extents. */
static const char *const contraction_dims[][3] = {
    [0] = {"mk", "kn", "mn"},    /* matmul */
    [1] = {"bmk", "bkn", "bmn"}, /* batch_matmul */
    [2] = {"mn", "n", "m"},      /* matvec */
    [3] = {"m", "mn", "n"},      /* vecmat */
    [4] = {"n", "n", ""},        /* dot */
};

bool ir_verify_linalg_contraction(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, 2, 1))
        return false;
    int k;
    switch (ir_op_get(m, op)->kind) {
    case IR_OP_LINALG_MATMUL: k = 0; break;
    case IR_OP_LINALG_BATCH_MATMUL: k = 1; break;
    case IR_OP_LINALG_MATVEC: k = 2; break;
    case IR_OP_LINALG_VECMAT: k = 3; break;
    default: k = 4; break;
    }
    int64_t ext[26];
    for (int i = 0; i < 26; i++)
        ext[i] = IR_DYN;
    for (uint32_t i = 0; i < 3; i++) {
        ir_type t = opnd_type(m, op, i);
        const char *dims = contraction_dims[k][i];
        if (!ir_type_is_shaped(m, t) || rank_of(m, t) != strlen(dims))
            return irv_error(v, op, "operand #%u must be shaped of rank %u, got %s", i,
                             (unsigned)strlen(dims), irv_type_str(v, t));
        for (uint32_t d = 0; dims[d]; d++) {
            int64_t *e = &ext[dims[d] - 'a'], x = dim_of(m, t, d);
            if (!ir_dims_agree(*e, x))
                return irv_error(v, op, "operand #%u: dimension %u is %lld, expected %lld", i, d,
                                 (long long)x, (long long)*e);
            if (x != IR_DYN)
                *e = x;
        }
    }
    return true;
}

/* ---- linalg.generic ------------------------------------------------------ */

static bool is_trait_attr(const char *name)
{
    static const char *const traits[] = {"doc", "indexing_maps", "iterator_types", "library_call"};
    for (size_t i = 0; i < sizeof traits / sizeof *traits; i++)
        if (strcmp(name, traits[i]) == 0)
            return true;
    return false;
}

static const char *const iterator_kinds[] = {"parallel", "reduction", "window"};

/* The iterator kind an element of iterator_types names: MLIR's
 * #linalg.iterator_type<parallel>, as the op stores it, or the plain string
 * "parallel" of MLIR 14's generic form; NULL for anything else. */
static const char *iterator_kind(const struct ir_module *m, ir_attr a)
{
    const struct ir_attr_info *e = ir_attr_get(m, a);
    const char *s = NULL;
    if (e->kind == IR_AT_STRING)
        s = ir_str_get(m, e->s);
    else if (e->kind == IR_AT_OPAQUE && e->body &&
             strcmp(ir_str_get(m, e->s), "linalg.iterator_type") == 0)
        s = ir_str_get(m, e->body);
    for (size_t i = 0; s && i < sizeof iterator_kinds / sizeof *iterator_kinds; i++)
        if (strcmp(s, iterator_kinds[i]) == 0)
            return iterator_kinds[i];
    return NULL;
}

/* The custom form writes iterator_types as strings; the op keeps MLIR's
 * enum attributes, so that its generic form is what MLIR prints. */
static void iterators_to_enums(struct ir_module *m, struct ir_op_state *st)
{
    ir_attr a = ir_state_get_attr(m, st, "iterator_types");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY)
        return;
    ir_attr *e = malloc((ai->n + 1) * sizeof *e);
    if (!e)
        abort();
    bool ok = true;
    for (uint32_t i = 0; ok && i < ai->n; i++) {
        const char *k = iterator_kind(m, ai->elems[i]);
        ok = k != NULL;
        if (ok)
            e[i] = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                                             .s = ir_str_c(m, "linalg.iterator_type"),
                                                             .body = ir_str_c(m, k)});
    }
    if (ok) /* else the verifier reports the element it cannot read */
        ir_state_set_attr(m, st, "iterator_types", ir_attr_array(m, ai->n, e));
    free(e);
}

/* {traits} ins(...) outs(...) [attrs = {...}] { ^bb0(...): ... } [-> T, ...] */
bool ir_fmt_linalg_generic_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    uint32_t nin, nout;
    ir_type *ins, *outs;
    if (!irp_peek(p, IR_T_LBRACE))
        return irp_error(p, "expected '{' holding indexing_maps and iterator_types");
    if (!irp_opt_attr_dict(p, st))
        return false;
    iterators_to_enums(m, st);
    if (!parse_ins_outs(p, st, &nin, &ins, &nout, &outs))
        return false;
    if (irp_opt_kw(p, "attrs") && (!irp_expect(p, IR_T_EQUAL) || !irp_opt_attr_dict(p, st)))
        return false;
    ir_region r;
    if (!irp_region(p, &r, NULL, 0, NULL) || !parse_results(p, st, nout, outs))
        return false;
    ir_state_add_region(m, st, r);
    ir_set_segments(m, st, 2, (int64_t[]){nin, nout});
    return true;
}

/* ` {...}` of the trait attributes, iterator_types as strings. */
static void print_traits(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    ir_attr d = ir_op_get(m, op)->attrs;
    const struct ir_attr_info *di = d ? ir_attr_get(m, d) : NULL;
    bool first = true;
    irw_puts(w, " {");
    for (uint32_t i = 0; di && i < di->n; i++) {
        const char *name = ir_str_get(m, di->elems[2 * i]);
        ir_attr a = di->elems[2 * i + 1];
        if (!is_trait_attr(name))
            continue;
        irw_printf(w, "%s%s = ", first ? "" : ", ", name);
        first = false;
        if (strcmp(name, "iterator_types") == 0) {
            const struct ir_attr_info *ai = ir_attr_get(m, a);
            irw_puts(w, "[");
            for (uint32_t k = 0; k < ai->n; k++)
                irw_printf(w, "%s\"%s\"", k ? ", " : "", iterator_kind(m, ai->elems[k]));
            irw_puts(w, "]");
        } else {
            irw_attr(w, a);
        }
    }
    irw_puts(w, "}");
}

/* ` attrs = {...}` of the attributes that are neither traits nor operandSegmentSizes. */
static void print_other_attrs(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    ir_attr d = ir_op_get(m, op)->attrs;
    if (!d)
        return;
    const struct ir_attr_info *di = ir_attr_get(m, d);
    const char **elide = malloc((di->n + 1) * sizeof *elide);
    if (!elide)
        abort();
    size_t ne = 0;
    for (uint32_t i = 0; i < di->n; i++) {
        const char *name = ir_str_get(m, di->elems[2 * i]);
        if (is_trait_attr(name) || strcmp(name, "operandSegmentSizes") == 0)
            elide[ne++] = name;
    }
    if (ne < di->n) {
        irw_puts(w, " attrs =");
        irw_attr_dict(w, op, elide, ne);
    }
    free(elide);
}

void ir_fmt_linalg_generic_print(struct ir_printer *w, ir_op op)
{
    uint32_t nin = 0, nout = 0;
    split_operands(irw_module(w), op, &nin, &nout);
    print_traits(w, op);
    print_group(w, op, "ins", 0, nin);
    print_group(w, op, "outs", nin, nout);
    print_other_attrs(w, op);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(irw_module(w), op, 0), true, NULL);
    print_arrow(w, op);
}

bool ir_verify_linalg_generic(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!verify_structured(v, op, -1, -1))
        return false;
    ir_attr it = ir_op_attr(m, op, "iterator_types");
    const struct ir_attr_info *ii = it ? ir_attr_get(m, it) : NULL;
    if (!ii || ii->kind != IR_AT_ARRAY)
        return irv_error(v, op, "requires an 'iterator_types' array attribute");
    for (uint32_t i = 0; i < ii->n; i++)
        if (!iterator_kind(m, ii->elems[i]))
            return irv_error(v, op, "iterator type #%u must be \"parallel\", \"reduction\" or "
                                    "\"window\"", i);
    ir_attr im = ir_op_attr(m, op, "indexing_maps");
    const struct ir_attr_info *mi = im ? ir_attr_get(m, im) : NULL;
    if (!mi || mi->kind != IR_AT_ARRAY)
        return irv_error(v, op, "requires an 'indexing_maps' array attribute");
    if (mi->n != o->nopnd)
        return irv_error(v, op, "has %u indexing maps for %u operands", mi->n, o->nopnd);
    for (uint32_t i = 0; i < mi->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, mi->elems[i]);
        if (e->kind != IR_AT_AFFINE_MAP)
            return irv_error(v, op, "indexing map #%u is not an affine map", i);
        const struct ir_affine_map *am = ir_map_get(m, e->map);
        if (am->ndims != ii->n || am->nsyms)
            return irv_error(v, op, "indexing map #%u must have %u dimensions (one per iterator) "
                                    "and no symbols", i, ii->n);
        if (am->nres != rank_of(m, opnd_type(m, op, i)))
            return irv_error(v, op, "indexing map #%u has %u results, but operand #%u has rank %u",
                             i, am->nres, i, rank_of(m, opnd_type(m, op, i)));
    }
    return verify_body_args(v, op, 0, o->nopnd);
}

/* ---- linalg.map / linalg.reduce: short or long form ------------------------------ */

/* `{ dialect.op [{attrs}] }` into a state for the payload op. */
static bool parse_short_form(struct ir_parser *p, struct ir_op_state *payload)
{
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = irp_loc(p);
    ir_str name;
    if (!irp_expect(p, IR_T_LBRACE) || !irp_ident(p, &name))
        return false;
    const char *s = ir_str_get(m, name);
    if (!strchr(s, '.'))
        return irp_error_at(p, loc, "expected a dialect-qualified op name like 'arith.addf'");
    ir_state_init(payload, m, s, loc);
    return irp_opt_attr_dict(p, payload) && irp_expect(p, IR_T_RBRACE);
}

/* The body a short form stands for: one block with an argument per element
 * type of operands [0, nargs), `%r = payload(args)` (for reduce the
 * accumulator, the last argument, first, as MLIR builds it) and
 * `linalg.yield %r`. */
static ir_region short_form_body(struct ir_module *m, struct ir_op_state *payload,
                                 const struct ir_op_state *st, uint32_t nargs, bool init_first)
{
    ir_region r = ir_region_new(m);
    ir_block b = ir_block_new(m);
    ir_region_append_block(m, r, b);
    ir_str in = ir_str_c(m, "in"), init = ir_str_c(m, "init");
    uint32_t nin = init_first ? nargs / 2 : nargs;
    for (uint32_t i = 0; i < nargs; i++)
        ir_block_add_arg(m, b, ir_type_elem(m, ir_value_type(m, st->opnd[i])), i < nin ? in : init);
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (init_first)
        ir_state_add_operand(m, payload, bi->args[nargs - 1]);
    for (uint32_t i = 0; i < nargs - init_first; i++)
        ir_state_add_operand(m, payload, bi->args[i]);
    ir_state_add_result(m, payload, ir_type_elem(m, ir_value_type(m, st->opnd[st->nopnd - 1])));
    ir_op pop = ir_op_create(m, payload);
    ir_block_append_op(m, b, pop);
    struct ir_op_state y;
    ir_state_init(&y, m, "linalg.yield", payload->loc);
    ir_state_add_operand(m, &y, ir_op_result(m, pop, 0));
    ir_block_append_op(m, b, ir_op_create(m, &y));
    return r;
}

/* Whether an op name reads back as one identifier token (`arith.addf`, not a
 * generic name like "a-b.c" that only the quoted form can spell). */
static bool bare_op_name(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("_$.", *s))
            return false;
    return true;
}

/* The payload op when op's body has the shape a short form spells, else IR_NONE. */
static ir_op short_form_payload(const struct ir_module *m, ir_op op, bool init_first)
{
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    if (!b || ir_block_get(m, b)->next)
        return IR_NONE;
    const struct ir_block_info *bi = ir_block_get(m, b);
    ir_op pay = bi->first;
    if (!pay || !ir_op_get(m, pay)->next || ir_op_get(m, ir_op_get(m, pay)->next)->next)
        return IR_NONE;
    const struct ir_op_info *po = ir_op_get(m, pay);
    const struct ir_op_info *yo = ir_op_get(m, po->next);
    if (!bare_op_name(ir_str_get(m, po->name)) || po->nres != 1 || po->nreg || po->nsucc || !bi->nargs || po->nopnd != bi->nargs ||
        yo->kind != IR_OP_LINALG_YIELD || yo->nopnd != 1 || yo->opnd[0] != po->res || yo->attrs)
        return IR_NONE;
    for (uint32_t i = 0; i < po->nopnd; i++) {
        uint32_t want = init_first ? (i ? i - 1 : bi->nargs - 1) : i;
        if (po->opnd[i] != bi->args[want])
            return IR_NONE;
    }
    return pay;
}

/* The short form ` { name {attrs} }`, or false when the body needs the long form. */
static bool print_short_form(struct ir_printer *w, ir_op op, bool init_first)
{
    const struct ir_module *m = irw_module(w);
    ir_op pay = short_form_payload(m, op, init_first);
    if (!pay)
        return false;
    irw_printf(w, " { %s", ir_str_get(m, ir_op_get(m, pay)->name));
    irw_attr_dict(w, pay, NULL, 0);
    irw_puts(w, " }");
    return true;
}

/* ` (%a: T, ...) { ... }`: the long form's body. */
static void print_long_form(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    ir_region r = ir_op_region(m, op, 0);
    irw_scope_push(w);
    irw_puts(w, " ");
    irw_block_args(w, ir_region_entry(m, r));
    irw_puts(w, " ");
    irw_region(w, r, false, NULL);
    irw_scope_pop(w);
}

/* Shared by map and reduce: [{ payload }] ins(...) outs(...) [dimensions = [...]]
 * [{attrs}] [(%a: T, ...) { ... } | { ^bb0(%a: T, ...): ... }] */
static bool parse_map_reduce(struct ir_parser *p, struct ir_op_state *st, bool reduce)
{
    struct ir_module *m = irp_module(p);
    struct ir_op_state payload;
    bool short_form = irp_peek(p, IR_T_LBRACE);
    uint32_t nin, nout;
    ir_type *ins, *outs;
    if (short_form && !parse_short_form(p, &payload))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!parse_ins_outs(p, st, &nin, &ins, &nout, &outs))
        return false;
    if (reduce) {
        int64_t *d;
        uint32_t nd;
        if (!irp_expect_kw(p, "dimensions") || !irp_expect(p, IR_T_EQUAL) ||
            !irp_int_array(p, &d, &nd))
            return false;
        ir_state_set_attr(m, st, "dimensions", ir_attr_dense_array(m, m->t_i64, nd, d));
    }
    /* a body whose entry block names its arguments: `{ ^bb0(...): ...}` */
    bool labelled = !short_form && irp_peek(p, IR_T_LBRACE) && irp_peek_next(p, IR_T_CARET);
    if ((!labelled && !irp_opt_attr_dict(p, st)) || !parse_results(p, st, nout, outs))
        return false;
    if (reduce ? nin != nout || !nout : nout != 1)
        return irp_error_at(p, loc, reduce ? "expected as many inits as inputs" : "expected one init");
    ir_region r;
    if (short_form) {
        r = short_form_body(m, &payload, st, reduce ? nin + nout : nin, reduce);
    } else {
        struct irp_arg *args = NULL;
        uint32_t na = 0;
        if ((!labelled && !irp_arg_list(p, &args, &na)) || !irp_region(p, &r, args, na, NULL))
            return false;
    }
    ir_state_add_region(m, st, r);
    return true;
}

bool ir_fmt_linalg_map_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return parse_map_reduce(p, st, false);
}

void ir_fmt_linalg_map_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    bool short_form = print_short_form(w, op, false);
    print_group(w, op, "ins", 0, n - 1);
    print_group(w, op, "outs", n - 1, 1);
    irw_attr_dict(w, op, NULL, 0);
    if (!short_form)
        print_long_form(w, op);
}

bool ir_verify_linalg_map(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, -1, 1))
        return false;
    uint32_t n = ir_op_get(m, op)->nopnd;
    ir_type out = opnd_type(m, op, n - 1);
    for (uint32_t i = 0; i + 1 < n; i++) {
        ir_type t = opnd_type(m, op, i);
        if (!ir_type_is_shaped(m, t) || !ir_shapes_agree(m, t, out))
            return irv_error(v, op, "input #%u (%s) must have the shape of the init (%s)", i,
                             irv_type_str(v, t), irv_type_str(v, out));
    }
    return verify_body_args(v, op, 0, n - 1);
}

bool ir_fmt_linalg_reduce_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return parse_map_reduce(p, st, true);
}

void ir_fmt_linalg_reduce_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"dimensions"};
    const struct ir_module *m = irw_module(w);
    uint32_t n = ir_op_get(m, op)->nopnd / 2;
    const struct ir_attr_info *d = ir_attr_get(m, ir_op_attr(m, op, "dimensions"));
    bool short_form = print_short_form(w, op, true);
    print_group(w, op, "ins", 0, n);
    print_group(w, op, "outs", n, n);
    irw_puts(w, " dimensions = ");
    irw_int_array(w, d->ints, d->n);
    irw_attr_dict(w, op, elide, 1);
    if (!short_form)
        print_long_form(w, op);
}

/* dims must be strictly increasing within [0, rank). */
static bool dims_ok(const struct ir_attr_info *d, uint32_t rank)
{
    for (uint32_t i = 0; i < d->n; i++)
        if (d->ints[i] < 0 || d->ints[i] >= (int64_t)rank || (i && d->ints[i] <= d->ints[i - 1]))
            return false;
    return true;
}

/* big without the dims listed in d has the shape of small. */
static bool shape_without(const struct ir_module *m, ir_type big, const struct ir_attr_info *d,
                          ir_type small)
{
    uint32_t k = 0, j = 0;
    for (uint32_t i = 0; i < rank_of(m, big); i++) {
        if (k < d->n && d->ints[k] == (int64_t)i) {
            k++;
            continue;
        }
        if (j >= rank_of(m, small) || !ir_dims_agree(dim_of(m, big, i), dim_of(m, small, j)))
            return false;
        j++;
    }
    return j == rank_of(m, small);
}

bool ir_verify_linalg_reduce(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, -1, -1))
        return false;
    const struct ir_attr_info *d = dense_i64(v, op, "dimensions");
    if (!d)
        return false;
    uint32_t n = ir_op_get(m, op)->nopnd / 2;
    ir_type in0 = opnd_type(m, op, 0);
    for (uint32_t i = 0; i < n; i++) {
        ir_type in = opnd_type(m, op, i), init = opnd_type(m, op, n + i);
        if (!ir_type_is_shaped(m, in) || !ir_shapes_agree(m, in, in0))
            return irv_error(v, op, "input #%u must be shaped like input #0", i);
        if (i == 0 && !dims_ok(d, rank_of(m, in)))
            return irv_error(v, op, "dimensions must be increasing and below the input rank %u",
                             rank_of(m, in));
        /* a whole reduction may also have a one-element init of any rank
         * (tensor<1xf16> for a 1-D row: ktir-cpu reads it, Triton-style
         * kernels write it; ktc-split makes it rank 0) */
        if (!shape_without(m, in, d, init) &&
            !(d->n == rank_of(m, in) && ir_type_numel(m, init) == 1))
            return irv_error(v, op, "init #%u (%s) must have the input shape (%s) without the "
                                    "reduced dimensions", i, irv_type_str(v, init),
                             irv_type_str(v, in));
    }
    return verify_body_args(v, op, 0, 2 * n);
}

/* ---- linalg.broadcast / linalg.transpose --------------------------------------- */

/* ins(%x : T) outs(%y : U) dimensions|permutation = [...] [{attrs}] */
bool ir_fmt_linalg_dims_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    const char *kw = st->kind == IR_OP_LINALG_TRANSPOSE ? "permutation" : "dimensions";
    uint32_t nin, nout, nd;
    ir_type *ins, *outs;
    int64_t *d;
    struct ir_loc loc = irp_loc(p);
    if (!parse_ins_outs(p, st, &nin, &ins, &nout, &outs))
        return false;
    if (nin != 1 || nout != 1)
        return irp_error_at(p, loc, "expected one input and one init");
    if (!irp_expect_kw(p, kw) || !irp_expect(p, IR_T_EQUAL) || !irp_int_array(p, &d, &nd))
        return false;
    ir_state_set_attr(m, st, kw, ir_attr_dense_array(m, m->t_i64, nd, d));
    return irp_opt_attr_dict(p, st) && parse_results(p, st, nout, outs);
}

void ir_fmt_linalg_dims_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const char *kw = ir_op_get(m, op)->kind == IR_OP_LINALG_TRANSPOSE ? "permutation" : "dimensions";
    const struct ir_attr_info *d = ir_attr_get(m, ir_op_attr(m, op, kw));
    print_group(w, op, "ins", 0, 1);
    print_group(w, op, "outs", 1, 1);
    irw_printf(w, " %s = ", kw);
    irw_int_array(w, d->ints, d->n);
    irw_attr_dict(w, op, &kw, 1);
}

bool ir_verify_linalg_broadcast(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, 1, 1))
        return false;
    const struct ir_attr_info *d = dense_i64(v, op, "dimensions");
    if (!d)
        return false;
    ir_type in = opnd_type(m, op, 0), out = opnd_type(m, op, 1);
    if (!ir_type_is_shaped(m, in))
        return irv_error(v, op, "requires a shaped input");
    if (rank_of(m, out) != rank_of(m, in) + d->n || !dims_ok(d, rank_of(m, out)))
        return irv_error(v, op, "dimensions must list, in increasing order, the %u init "
                                "dimensions the input lacks", rank_of(m, out) - rank_of(m, in));
    if (!shape_without(m, out, d, in))
        return irv_error(v, op, "init (%s) without the added dimensions must have the input "
                                "shape (%s)", irv_type_str(v, out), irv_type_str(v, in));
    return true;
}

bool ir_verify_linalg_transpose(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!verify_structured(v, op, 1, 1))
        return false;
    const struct ir_attr_info *d = dense_i64(v, op, "permutation");
    if (!d)
        return false;
    ir_type in = opnd_type(m, op, 0), out = opnd_type(m, op, 1);
    uint32_t r = rank_of(m, in);
    if (!ir_type_is_shaped(m, in) || rank_of(m, out) != r || d->n != r)
        return irv_error(v, op, "requires input, init and permutation of one rank");
    uint64_t seen = 0;
    for (uint32_t i = 0; i < r; i++) {
        int64_t k = d->ints[i];
        if (k < 0 || k >= (int64_t)r || k >= 64 || (seen >> k & 1))
            return irv_error(v, op, "permutation is not a permutation of [0, %u)", r);
        seen |= 1ull << k;
        if (!ir_dims_agree(dim_of(m, out, i), dim_of(m, in, (uint32_t)k)))
            return irv_error(v, op, "init dimension %u must equal input dimension %lld", i,
                             (long long)k);
    }
    return true;
}

/* ---- linalg.yield, linalg.index ---------------------------------------------- */

bool ir_verify_linalg_yield(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op parent = ir_op_parent(m, op);
    uint32_t nin, nout;
    if (!parent)
        return irv_error(v, op, "expects a parent op");
    const struct ir_op_info *pi = ir_op_get(m, parent);
    if (!pi->kind)
        return true; /* an unregistered parent decides for itself */
    if (strncmp(ir_str_get(m, pi->name), "linalg.", 7) != 0 || !split_operands(m, parent, &nin, &nout))
        return irv_error(v, op, "expects a linalg structured op as parent, not '%s'",
                         ir_str_get(m, pi->name));
    if (o->nopnd != nout)
        return irv_error(v, op, "has %u operands, but the parent op has %u inits", o->nopnd, nout);
    for (uint32_t i = 0; i < nout; i++) {
        ir_type want = ir_type_elem(m, ir_value_type(m, pi->opnd[nin + i]));
        if (ir_value_type(m, o->opnd[i]) != want)
            return irv_error(v, op, "type of operand #%u (%s) must be the element type of init "
                                    "#%u (%s)", i, irv_type_str(v, ir_value_type(m, o->opnd[i])),
                             i, irv_type_str(v, want));
    }
    return true;
}

/* N [{attrs}] : index */
bool ir_fmt_linalg_index_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    int64_t d;
    ir_type t;
    if (!irp_int(p, &d) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t))
        return false;
    ir_state_set_attr(m, st, "dim", ir_attr_int(m, d, m->t_i64));
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_linalg_index_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"dim"};
    const struct ir_module *m = irw_module(w);
    irw_printf(w, " %lld", (long long)ir_attr_get(m, ir_op_attr(m, op, "dim"))->i);
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_linalg_index(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    ir_attr a = ir_op_attr(m, op, "dim");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_INT || ai->i < 0)
        return irv_error(v, op, "requires a non-negative integer 'dim' attribute");
    if (ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "result must be index");
    ir_op parent = ir_op_parent(m, op);
    if (parent && ir_op_get(m, parent)->kind == IR_OP_LINALG_GENERIC) {
        ir_attr it = ir_op_attr(m, parent, "iterator_types");
        uint32_t nloops = it ? ir_attr_get(m, it)->n : 0;
        if (ai->i >= (int64_t)nloops)
            return irv_error(v, op, "dim %lld is not below the enclosing op's %u loops",
                             (long long)ai->i, nloops);
    }
    return true;
}

/* ---- implicit bodies ---------------------------------------------------------------
 *
 * A named op's computation is fixed by its name, so the IR keeps no region;
 * upstream MLIR's generic form shows one all the same (and its parser wants
 * it). These print that body: block arguments %lb.in<i> (element types of
 * the ins) and %lb.out, the scalar ops of the name, casts where an input's
 * element type is not the output's, and linalg.yield. Names are prefixed so
 * they cannot clash with the enclosing scope's (MLIR forbids shadowing). */

static ir_type scalar_of(const struct ir_module *m, ir_type t)
{
    return ir_type_is_shaped(m, t) ? ir_type_elem(m, t) : t;
}

/* Prints `%lb.<n> = "op"(%a[, %b]) : (A[, B]) -> R` on a new line. */
static void body_op(struct ir_printer *w, unsigned *n, const char *name, const char *a,
                    const char *b, ir_type ta, ir_type r, char *res)
{
    char nm[24];
    snprintf(nm, sizeof nm, "%%lb.%u", (*n)++);
    irw_newline(w, 1);
    irw_printf(w, "%s = \"%s\"(%s%s%s) : (", nm, name, a, b ? ", " : "", b ? b : "");
    irw_type(w, ta);
    if (b) {
        irw_puts(w, ", ");
        irw_type(w, ta);
    }
    irw_puts(w, ") -> ");
    irw_type(w, r);
    memcpy(res, nm, sizeof nm);
}

/* v (of type from) as a value of type to: itself, or a new cast. */
static void body_cast(struct ir_printer *w, unsigned *n, char *v, ir_type from, ir_type to)
{
    const struct ir_module *m = irw_module(w);
    if (from == to)
        return;
    const struct ir_type_info *f = ir_type_get(m, from), *t = ir_type_get(m, to);
    bool ff = f->kind == IR_TY_FLOAT, tf = t->kind == IR_TY_FLOAT;
    const char *op = ff && tf   ? (f->width < t->width ? "arith.extf" : "arith.truncf")
                     : tf       ? "arith.sitofp"
                     : ff       ? "arith.fptosi"
                     : f->kind == IR_TY_INDEX || t->kind == IR_TY_INDEX ? "arith.index_cast"
                     : f->width < t->width ? "arith.extsi"
                                           : "arith.trunci";
    body_op(w, n, op, v, NULL, from, to, v);
}

void ir_print_implicit_body(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t nin = 0, nout = 0;
    bool shaped = split_operands(m, op, &nin, &nout) && nout == 1 && nin <= 2;
    assert(shaped && "ir_print_implicit_body: not a named linalg op");
    (void)shaped;
    ir_type out = scalar_of(m, opnd_type(m, op, nin));
    ir_type in[2];
    char v[3][24];
    irw_puts(w, "{");
    irw_newline(w, 0);
    irw_puts(w, "^bb0(");
    for (uint32_t i = 0; i < nin; i++) {
        in[i] = scalar_of(m, opnd_type(m, op, i));
        snprintf(v[i], sizeof v[i], "%%lb.in%u", i);
        irw_printf(w, "%s: ", v[i]);
        irw_type(w, in[i]);
        irw_puts(w, ", ");
    }
    irw_puts(w, "%lb.out: ");
    irw_type(w, out);
    irw_puts(w, "):");
    strcpy(v[2], "%lb.out");
    unsigned n = 0;
    for (uint32_t i = 0; i < nin; i++)
        body_cast(w, &n, v[i], in[i], out);
    bool fl = ir_type_is_float(m, out);
    char r[24];
    const char *un = NULL, *bin = NULL;
    switch (o->kind) {
    case IR_OP_LINALG_ADD: bin = fl ? "arith.addf" : "arith.addi"; break;
    case IR_OP_LINALG_SUB: bin = fl ? "arith.subf" : "arith.subi"; break;
    case IR_OP_LINALG_MUL: bin = fl ? "arith.mulf" : "arith.muli"; break;
    case IR_OP_LINALG_DIV: bin = fl ? "arith.divf" : "arith.divsi"; break;
    case IR_OP_LINALG_DIV_UNSIGNED: bin = "arith.divui"; break;
    case IR_OP_LINALG_MAX: bin = fl ? "arith.maximumf" : "arith.maxsi"; break;
    case IR_OP_LINALG_MIN: bin = fl ? "arith.minimumf" : "arith.minsi"; break;
    case IR_OP_LINALG_POWF: bin = "math.powf"; break;
    case IR_OP_LINALG_EXP: un = "math.exp"; break;
    case IR_OP_LINALG_LOG: un = "math.log"; break;
    case IR_OP_LINALG_SQRT: un = "math.sqrt"; break;
    case IR_OP_LINALG_RSQRT: un = "math.rsqrt"; break;
    case IR_OP_LINALG_ABS: un = fl ? "math.absf" : "math.absi"; break;
    case IR_OP_LINALG_NEGF: un = "arith.negf"; break;
    case IR_OP_LINALG_CEIL: un = "math.ceil"; break;
    case IR_OP_LINALG_FLOOR: un = "math.floor"; break;
    case IR_OP_LINALG_ROUND: un = "math.round"; break;
    case IR_OP_LINALG_TANH: un = "math.tanh"; break;
    case IR_OP_LINALG_ERF: un = "math.erf"; break;
    case IR_OP_LINALG_SQUARE:
        body_op(w, &n, fl ? "arith.mulf" : "arith.muli", v[0], v[0], out, out, r);
        memcpy(v[0], r, sizeof r);
        break;
    case IR_OP_LINALG_RECIPROCAL:
        irw_newline(w, 1);
        snprintf(r, sizeof r, "%%lb.%u", n++);
        irw_printf(w, "%s = \"arith.constant\"() {value = 1.0 : ", r);
        irw_type(w, out);
        irw_puts(w, "} : () -> ");
        irw_type(w, out);
        body_op(w, &n, "arith.divf", r, v[0], out, out, v[0]);
        break;
    case IR_OP_LINALG_MATMUL:
    case IR_OP_LINALG_BATCH_MATMUL:
    case IR_OP_LINALG_MATVEC:
    case IR_OP_LINALG_VECMAT:
    case IR_OP_LINALG_DOT:
        body_op(w, &n, fl ? "arith.mulf" : "arith.muli", v[0], v[1], out, out, r);
        body_op(w, &n, fl ? "arith.addf" : "arith.addi", v[2], r, out, out, v[0]);
        break;
    default: /* fill, copy, broadcast, transpose: the input itself */
        break;
    }
    if (bin) {
        body_op(w, &n, bin, v[0], v[1], out, out, r);
        memcpy(v[0], r, sizeof r);
    } else if (un) {
        body_op(w, &n, un, v[0], NULL, out, out, r);
        memcpy(v[0], r, sizeof r);
    }
    irw_newline(w, 1);
    irw_printf(w, "\"linalg.yield\"(%s) : (", v[0]);
    irw_type(w, out);
    irw_puts(w, ") -> ()");
    irw_newline(w, 0);
    irw_puts(w, "}");
}
