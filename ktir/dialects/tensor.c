/* tensor.c - custom forms and rules of the tensor dialect, and of the shaped
 * formats it shares with memref (memref.def names them): element access
 * (`extract`, `store`), slices (`slice`: extract_slice, insert_slice,
 * subview, reinterpret_cast), reshapes (`reshape`), casts and `dim`.
 *
 * Mixed static/dynamic lists such as `[0, %o, 4]` are stored MLIR style:
 * static_offsets / static_sizes / static_strides / static_output_shape =
 * array<i64: ...> with IR_DYN where an SSA operand stands, and those
 * operands in order; operandSegmentSizes records the operand groups.
 */
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

enum { MAX_LIST = 64 };

/* ---- helpers ---------------------------------------------------------------- */

static uint32_t rank_of(const struct ir_module *m, ir_type t)
{
    return ir_type_is_shaped(m, t) ? ir_type_get(m, t)->rank : 0;
}

static int64_t dim_of(const struct ir_module *m, ir_type t, uint32_t i)
{
    return ir_type_get(m, t)->shape[i];
}

static uint32_t count_dyn(const int64_t *v, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += v[i] == IR_DYN;
    return k;
}

static bool is_kind(const struct ir_module *m, ir_type t, enum ir_type_kind k)
{
    return ir_type_get(m, t)->kind == k;
}

static ir_type opnd_type(const struct ir_module *m, ir_op op, uint32_t i)
{
    return ir_value_type(m, ir_op_get(m, op)->opnd[i]);
}

/* Whether op belongs to the memref dialect (else tensor). */
static bool is_memref_op(const struct ir_module *m, ir_op op)
{
    return strncmp(ir_str_get(m, ir_op_get(m, op)->name), "memref.", 7) == 0;
}

/* Operands [from, from + n) of op are index values. */
static bool indices_ok(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n)
{
    struct ir_module *m = irv_module(v);
    for (uint32_t i = from; i < from + n; i++)
        if (opnd_type(m, op, i) != m->t_index)
            return irv_error(v, op, "operand #%u must be index, got %s", i,
                             irv_type_str(v, opnd_type(m, op, i)));
    return true;
}

/* The `array<iN: ...>` attribute `name` of op with n entries (any n when
 * n < 0), or NULL after reporting. */
static const struct ir_attr_info *dense_attr(struct ir_verifier *v, ir_op op, const char *name,
                                             ir_type elem, int n)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_DENSE_ARRAY || ai->type != elem || (n >= 0 && ai->n != (uint32_t)n)) {
        if (n >= 0)
            irv_error(v, op, "requires a '%s' attribute of %d %s values", name, n,
                      irv_type_str(v, elem));
        else
            irv_error(v, op, "requires a '%s' attribute of %s values", name, irv_type_str(v, elem));
        return NULL;
    }
    return ai;
}

/* operandSegmentSizes of n groups adding up to op's operand count; seg gets them. */
static bool segments_ok(struct ir_verifier *v, ir_op op, uint32_t n, int64_t *seg)
{
    struct ir_module *m = irv_module(v);
    const struct ir_attr_info *a = dense_attr(v, op, "operandSegmentSizes", m->t_i32, (int)n);
    if (!a)
        return false;
    int64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (a->ints[i] < 0)
            return irv_error(v, op, "operandSegmentSizes must not be negative");
        seg[i] = a->ints[i];
        sum += a->ints[i];
    }
    if (sum != ir_op_get(m, op)->nopnd)
        return irv_error(v, op, "operandSegmentSizes adds up to %lld, but the op has %u operands",
                         (long long)sum, ir_op_get(m, op)->nopnd);
    return true;
}

/* ---- mixed static / dynamic lists -------------------------------------------- */

/* Adds x's dynamic entries as index operands and stores its static entries as `name`. */
static bool add_mixed(struct ir_parser *p, struct ir_op_state *st, const struct irp_mixed *x,
                      const char *name)
{
    struct ir_module *m = irp_module(p);
    if (!irp_add_operands(p, st, x->dyn, x->ndyn, &m->t_index, 1))
        return false;
    ir_state_set_attr(m, st, name, ir_attr_dense_array(m, m->t_i64, x->n, x->stat));
    return true;
}

/* ---- tensor.empty, tensor.splat, tensor.from_elements ---------------------------- */

/* (%d, ...) [{attrs}] : tensor<...> */
bool ir_fmt_tensor_empty_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ops;
    uint32_t n;
    ir_type t;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n) ||
        !irp_expect(p, IR_T_RPAREN) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t) || !irp_add_operands(p, st, ops, n, &m->t_index, 1))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_tensor_empty_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, "(");
    irw_operands(w, op, 0, ir_op_get(irw_module(w), op)->nopnd);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* The result is a tensor whose `?` extents come from operands [from, nopnd). */
static bool dynamic_result(struct ir_verifier *v, ir_op op, uint32_t from)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    ir_type t = ir_value_type(m, o->res);
    if (!is_kind(m, t, IR_TY_TENSOR))
        return irv_error(v, op, "result must be a tensor, got %s", irv_type_str(v, t));
    const struct ir_type_info *ti = ir_type_get(m, t);
    uint32_t nd = count_dyn(ti->shape, ti->rank);
    if (o->nopnd < from || o->nopnd - from != nd)
        return irv_error(v, op, "has %u dynamic size operands, but the result has %u dynamic "
                                "dimensions", o->nopnd < from ? 0 : o->nopnd - from, nd);
    return indices_ok(v, op, from, nd);
}

bool ir_verify_tensor_empty(struct ir_verifier *v, ir_op op) { return dynamic_result(v, op, 0); }

/* %s [[%d, ...]] [{attrs}] : tensor<...> */
bool ir_fmt_tensor_splat_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand s, *dyn = NULL;
    uint32_t nd = 0;
    ir_type t;
    if (!irp_operand(p, &s))
        return false;
    if (irp_opt(p, IR_T_LSQUARE) &&
        (!irp_operand_list(p, &dyn, &nd) || !irp_expect(p, IR_T_RSQUARE)))
        return false;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operand(p, st, &s, ir_type_elem(m, t)) ||
        !irp_add_operands(p, st, dyn, nd, &m->t_index, 1))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_tensor_splat_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    if (n > 1) {
        irw_puts(w, "[");
        irw_operands(w, op, 1, n - 1);
        irw_puts(w, "]");
    }
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_tensor_splat(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (ir_op_get(m, op)->nopnd < 1)
        return irv_error(v, op, "requires a value to splat");
    if (!dynamic_result(v, op, 1))
        return false;
    ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
    if (opnd_type(m, op, 0) != ir_type_elem(m, t))
        return irv_error(v, op, "value type %s must be the element type of %s",
                         irv_type_str(v, opnd_type(m, op, 0)), irv_type_str(v, t));
    return true;
}

/* %a, ... [{attrs}] : tensor<...> */
bool ir_fmt_tensor_from_elements_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ops;
    uint32_t n;
    ir_type t;
    if (!irp_operand_list(p, &ops, &n) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_type e = ir_type_elem(m, t);
    if (!irp_add_operands(p, st, ops, n, &e, 1))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_tensor_from_elements_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, ir_op_get(irw_module(w), op)->nopnd);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_tensor_from_elements(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    ir_type t = ir_value_type(m, o->res);
    int64_t n = is_kind(m, t, IR_TY_TENSOR) ? ir_type_numel(m, t) : -1;
    if (n < 0)
        return irv_error(v, op, "result must be a statically shaped tensor");
    if ((int64_t)o->nopnd != n)
        return irv_error(v, op, "has %u elements, but %s holds %lld", o->nopnd, irv_type_str(v, t),
                         (long long)n);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (opnd_type(m, op, i) != ir_type_elem(m, t))
            return irv_error(v, op, "element #%u must have the element type of the result", i);
    return true;
}

/* ---- element access: tensor.extract / memref.load, tensor.insert / memref.store ---- */

/* `[%i, ...]` */
static bool parse_indices(struct ir_parser *p, struct irp_operand **idx, uint32_t *n)
{
    return irp_expect(p, IR_T_LSQUARE) && irp_operand_list(p, idx, n) &&
           irp_expect(p, IR_T_RSQUARE);
}

/* %t[%i, ...] [{attrs}] : T   (result: T's element type) */
bool ir_fmt_extract_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand src, *idx;
    uint32_t n;
    ir_type t;
    if (!irp_operand(p, &src) || !parse_indices(p, &idx, &n) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) || !irp_add_operand(p, st, &src, t) ||
        !irp_add_operands(p, st, idx, n, &m->t_index, 1))
        return false;
    ir_state_add_result(m, st, ir_type_elem(m, t));
    return true;
}

void ir_fmt_extract_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, "[");
    irw_operands(w, op, 1, n - 1);
    irw_puts(w, "]");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
}

/* Operand `at` is a tensor (memref for memref ops) indexed by operands
 * [at + 1, nopnd), one per dimension. */
static bool indexed_ok(struct ir_verifier *v, ir_op op, uint32_t at)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nopnd <= at)
        return irv_error(v, op, "requires %u operands before the indices", at + 1);
    ir_type t = opnd_type(m, op, at);
    enum ir_type_kind k = is_memref_op(m, op) ? IR_TY_MEMREF : IR_TY_TENSOR;
    if (!is_kind(m, t, k))
        return irv_error(v, op, "operand #%u must be a %s, got %s", at,
                         k == IR_TY_MEMREF ? "memref" : "tensor", irv_type_str(v, t));
    if (o->nopnd - at - 1 != rank_of(m, t))
        return irv_error(v, op, "has %u indices for a rank-%u %s", o->nopnd - at - 1,
                         rank_of(m, t), k == IR_TY_MEMREF ? "memref" : "tensor");
    return indices_ok(v, op, at + 1, o->nopnd - at - 1);
}

bool ir_verify_extract(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, -1, 1, 0) || !indexed_ok(v, op, 0))
        return false;
    ir_type e = ir_type_elem(m, opnd_type(m, op, 0));
    if (ir_value_type(m, ir_op_get(m, op)->res) != e)
        return irv_error(v, op, "result must have the element type %s", irv_type_str(v, e));
    return true;
}

/* %s into %t[%i, ...] [{attrs}] : T   (result: T) */
bool ir_fmt_tensor_insert_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand s, dst, *idx;
    uint32_t n;
    ir_type t;
    if (!irp_operand(p, &s) || !irp_expect_kw(p, "into") || !irp_operand(p, &dst) ||
        !parse_indices(p, &idx, &n) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t) || !irp_add_operand(p, st, &s, ir_type_elem(m, t)) ||
        !irp_add_operand(p, st, &dst, t) || !irp_add_operands(p, st, idx, n, &m->t_index, 1))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_tensor_insert_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, " into ");
    irw_operands(w, op, 1, 1);
    irw_puts(w, "[");
    irw_operands(w, op, 2, n - 2);
    irw_puts(w, "]");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 1, 1);
}

/* tensor.insert and memref.store: value, container, indices. */
bool ir_verify_store(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    bool mem = is_memref_op(m, op);
    if (!irv_counts(v, op, -1, mem ? 0 : 1, 0) || !indexed_ok(v, op, 1))
        return false;
    ir_type t = opnd_type(m, op, 1);
    if (opnd_type(m, op, 0) != ir_type_elem(m, t))
        return irv_error(v, op, "value type %s must be the element type of %s",
                         irv_type_str(v, opnd_type(m, op, 0)), irv_type_str(v, t));
    if (!mem && ir_value_type(m, ir_op_get(m, op)->res) != t)
        return irv_error(v, op, "result must have the destination type %s", irv_type_str(v, t));
    return true;
}

/* ---- slices ------------------------------------------------------------------ */

static const char *const slice_attrs[] = {"operandSegmentSizes", "static_offsets", "static_sizes",
                                          "static_strides"};

/* extract_slice / subview:  %src[offsets] [sizes] [strides] [{attrs}] : A to B
 * insert_slice:             %src into %dst[offsets] [sizes] [strides] [{attrs}] : A into B
 * reinterpret_cast:         %src to offset: [o], sizes: [...], strides: [...] [{attrs}] : A to B */
bool ir_fmt_slice_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool insert = st->kind == IR_OP_TENSOR_INSERT_SLICE;
    bool reinterpret = st->kind == IR_OP_MEMREF_REINTERPRET_CAST;
    static const char *const kws[] = {"offset", "sizes", "strides"};
    struct irp_mixed lists[3];
    struct irp_operand src, dst;
    ir_type a, b;
    if (!irp_operand(p, &src))
        return false;
    if (insert && (!irp_expect_kw(p, "into") || !irp_operand(p, &dst)))
        return false;
    if (reinterpret && !irp_expect_kw(p, "to"))
        return false;
    for (int k = 0; k < 3; k++) {
        if (reinterpret && ((k && !irp_expect(p, IR_T_COMMA)) || !irp_expect_kw(p, kws[k]) ||
                            !irp_expect(p, IR_T_COLON)))
            return false;
        if (!irp_mixed_list(p, &lists[k]))
            return false;
    }
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &a) ||
        !irp_expect_kw(p, insert ? "into" : "to") || !irp_type(p, &b) ||
        !irp_add_operand(p, st, &src, a) || (insert && !irp_add_operand(p, st, &dst, b)))
        return false;
    int64_t seg[5];
    uint32_t ns = 0;
    seg[ns++] = 1;
    if (insert)
        seg[ns++] = 1;
    for (int k = 0; k < 3; k++) {
        if (!add_mixed(p, st, &lists[k], slice_attrs[1 + k]))
            return false;
        seg[ns++] = lists[k].ndyn;
    }
    ir_set_segments(m, st, ns, seg);
    ir_state_add_result(m, st, b);
    return true;
}

void ir_fmt_slice_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    uint16_t kind = ir_op_get(m, op)->kind;
    bool insert = kind == IR_OP_TENSOR_INSERT_SLICE;
    bool reinterpret = kind == IR_OP_MEMREF_REINTERPRET_CAST;
    uint32_t next = insert ? 2 : 1;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    if (insert) {
        irw_puts(w, " into ");
        irw_operands(w, op, 1, 1);
    }
    if (reinterpret) {
        irw_puts(w, " to offset: ");
        irw_mixed_list(w, op, "static_offsets", &next);
        irw_puts(w, ", sizes: ");
        irw_mixed_list(w, op, "static_sizes", &next);
        irw_puts(w, ", strides: ");
        irw_mixed_list(w, op, "static_strides", &next);
    } else {
        irw_mixed_list(w, op, "static_offsets", &next);
        irw_puts(w, " ");
        irw_mixed_list(w, op, "static_sizes", &next);
        irw_puts(w, " ");
        irw_mixed_list(w, op, "static_strides", &next);
    }
    irw_attr_dict(w, op, slice_attrs, 4);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, insert ? " into " : " to ");
    irw_result_types(w, op);
}

/* Whether shape t is the sizes list, possibly with some unit sizes dropped
 * (a rank-reduced slice); a dynamic size needs a dynamic extent. */
static bool slice_shape_ok(const struct ir_module *m, ir_type t, const int64_t *sizes, uint32_t n)
{
    uint32_t j = 0, r = rank_of(m, t);
    for (uint32_t i = 0; i < n; i++) {
        if (j < r && dim_of(m, t, j) == sizes[i])
            j++;
        else if (sizes[i] != 1)
            return false;
    }
    return j == r;
}

bool ir_verify_slice(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    bool insert = o->kind == IR_OP_TENSOR_INSERT_SLICE;
    bool reinterpret = o->kind == IR_OP_MEMREF_REINTERPRET_CAST;
    enum ir_type_kind k = is_memref_op(m, op) ? IR_TY_MEMREF : IR_TY_TENSOR;
    uint32_t nfixed = insert ? 2 : 1;
    int64_t seg[5];
    if (!irv_counts(v, op, -1, 1, 0) || !segments_ok(v, op, nfixed + 3, seg))
        return false;
    for (uint32_t i = 0; i < nfixed; i++)
        if (seg[i] != 1)
            return irv_error(v, op, "operand group #%u must hold one operand", i);
    ir_type src = opnd_type(m, op, 0), res = ir_value_type(m, o->res);
    ir_type full = insert ? res : src; /* the operand the offsets index */
    if (!is_kind(m, src, k) || !is_kind(m, res, k))
        return irv_error(v, op, "requires %s source and result", k == IR_TY_MEMREF ? "memref" : "tensor");
    if (ir_type_elem(m, src) != ir_type_elem(m, res))
        return irv_error(v, op, "requires source and result of one element type");
    if (insert && opnd_type(m, op, 1) != res)
        return irv_error(v, op, "result must have the destination type");
    const struct ir_attr_info *lists[3];
    for (uint32_t i = 0; i < 3; i++) {
        int want = reinterpret ? (i ? (int)rank_of(m, res) : 1) : (int)rank_of(m, full);
        static const char *const what[] = {"offset", "size", "stride"};
        lists[i] = dense_attr(v, op, slice_attrs[1 + i], m->t_i64, -1);
        if (!lists[i])
            return false;
        if (lists[i]->n != (uint32_t)want)
            return irv_error(v, op, "expected %d %s values, got %u", want, what[i], lists[i]->n);
        if (count_dyn(lists[i]->ints, lists[i]->n) != seg[nfixed + i])
            return irv_error(v, op, "'%s' has %u dynamic entries, but %lld operands stand for them",
                             slice_attrs[1 + i], count_dyn(lists[i]->ints, lists[i]->n),
                             (long long)seg[nfixed + i]);
    }
    if (!indices_ok(v, op, nfixed, o->nopnd - nfixed))
        return false;
    ir_type sized = insert ? src : res; /* the operand shaped like the sizes */
    if (!slice_shape_ok(m, sized, lists[1]->ints, lists[1]->n))
        return irv_error(v, op, "%s %s does not match the sizes", insert ? "source" : "result",
                         irv_type_str(v, sized));
    return true;
}

/* ---- expand_shape / collapse_shape ------------------------------------------ */

static const char *const reshape_attrs[] = {"reassociation", "static_output_shape"};

/* `[[0, 1], [2]]` (or `[]`) into an array of arrays of integers. */
static bool parse_reassociation(struct ir_parser *p, ir_attr *out)
{
    struct ir_module *m = irp_module(p);
    ir_attr groups[MAX_LIST];
    uint32_t ng = 0;
    if (!irp_expect(p, IR_T_LSQUARE))
        return false;
    if (!irp_peek(p, IR_T_RSQUARE))
        do {
            int64_t *v;
            uint32_t n;
            ir_attr elems[MAX_LIST];
            if (ng == MAX_LIST)
                return irp_error(p, "too many groups");
            if (!irp_int_array(p, &v, &n))
                return false;
            if (n > MAX_LIST)
                return irp_error(p, "group too large");
            for (uint32_t i = 0; i < n; i++)
                elems[i] = ir_attr_int(m, v[i], IR_NONE);
            groups[ng++] = ir_attr_array(m, n, elems);
        } while (irp_opt(p, IR_T_COMMA));
    *out = ir_attr_array(m, ng, groups);
    return irp_expect(p, IR_T_RSQUARE);
}

/* collapse: %src [[0, 1], ...] [{attrs}] : A into B
 * expand:   %src [[0, 1], ...] output_shape [2, %d, ...] [{attrs}] : A into B
 * (without output_shape, the older spelling, the shape comes from B) */
bool ir_fmt_reshape_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool expand = st->kind == IR_OP_TENSOR_EXPAND_SHAPE || st->kind == IR_OP_MEMREF_EXPAND_SHAPE;
    struct irp_operand src;
    struct irp_mixed shape = {0};
    bool has_shape = false;
    ir_attr re = IR_NONE; /* set by parse_reassociation; gcc -O2 cannot tell */
    ir_type a, b;
    if (!irp_operand(p, &src) || !parse_reassociation(p, &re))
        return false;
    if (expand && irp_opt_kw(p, "output_shape")) {
        if (!irp_mixed_list(p, &shape))
            return false;
        has_shape = true;
    }
    struct ir_loc tloc;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &a) ||
        !irp_expect_kw(p, "into"))
        return false;
    tloc = irp_loc(p);
    if (!irp_type(p, &b) || !irp_add_operand(p, st, &src, a))
        return false;
    ir_state_set_attr(m, st, "reassociation", re);
    if (has_shape && !add_mixed(p, st, &shape, "static_output_shape"))
        return false;
    if (expand && !has_shape) {
        const struct ir_type_info *bi = ir_type_get(m, b);
        if (!ir_type_is_shaped(m, b) || count_dyn(bi->shape, bi->rank))
            return irp_error_at(p, tloc, "expected 'output_shape' for a result with dynamic "
                                         "dimensions");
        ir_state_set_attr(m, st, "static_output_shape",
                          ir_attr_dense_array(m, m->t_i64, bi->rank, bi->shape));
    }
    ir_state_add_result(m, st, b);
    return true;
}

void ir_fmt_reshape_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_attr_info *re = ir_attr_get(m, ir_op_attr(m, op, "reassociation"));
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, " [");
    for (uint32_t i = 0; i < re->n; i++) {
        if (i)
            irw_puts(w, ", ");
        irw_attr(w, re->elems[i]);
    }
    irw_puts(w, "]");
    if (ir_op_attr(m, op, "static_output_shape")) {
        uint32_t next = 1;
        irw_puts(w, " output_shape ");
        irw_mixed_list(w, op, "static_output_shape", &next);
    }
    irw_attr_dict(w, op, reshape_attrs, 2);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " into ");
    irw_result_types(w, op);
}

bool ir_verify_reshape(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    bool expand = o->kind == IR_OP_TENSOR_EXPAND_SHAPE || o->kind == IR_OP_MEMREF_EXPAND_SHAPE;
    enum ir_type_kind k = is_memref_op(m, op) ? IR_TY_MEMREF : IR_TY_TENSOR;
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    if (o->nopnd < 1 || (!expand && o->nopnd != 1))
        return irv_error(v, op, "requires one source operand%s", expand ? " and the dynamic output sizes" : "");
    ir_type src = opnd_type(m, op, 0), res = ir_value_type(m, o->res);
    if (!is_kind(m, src, k) || !is_kind(m, res, k) || ir_type_elem(m, src) != ir_type_elem(m, res))
        return irv_error(v, op, "requires %s source and result of one element type",
                         k == IR_TY_MEMREF ? "memref" : "tensor");
    ir_type big = expand ? res : src, small = expand ? src : res;
    uint32_t rb = rank_of(m, big), rs = rank_of(m, small);
    ir_attr ra = ir_op_attr(m, op, "reassociation");
    const struct ir_attr_info *re = ra ? ir_attr_get(m, ra) : NULL;
    if (!re || re->kind != IR_AT_ARRAY)
        return irv_error(v, op, "requires a 'reassociation' attribute like [[0, 1], [2]]");
    if (re->n != rs)
        return irv_error(v, op, "has %u reassociation groups for the rank-%u %s type", re->n, rs,
                         expand ? "source" : "result");
    uint32_t next = 0;
    for (uint32_t g = 0; g < re->n; g++) {
        const struct ir_attr_info *gi = ir_attr_get(m, re->elems[g]);
        if (gi->kind != IR_AT_ARRAY || !gi->n)
            return irv_error(v, op, "reassociation group #%u must be a non-empty list of dimensions", g);
        int64_t prod = 1;
        for (uint32_t i = 0; i < gi->n; i++) {
            const struct ir_attr_info *e = ir_attr_get(m, gi->elems[i]);
            if (e->kind != IR_AT_INT || e->i != (int64_t)next)
                return irv_error(v, op, "reassociation groups must list dimensions 0..%u in order",
                                 rb ? rb - 1 : 0);
            int64_t d = next < rb ? dim_of(m, big, next) : 1;
            prod = prod == IR_DYN || d == IR_DYN ? IR_DYN : prod * d;
            next++;
        }
        int64_t sd = dim_of(m, small, g);
        if (prod != IR_DYN && sd != IR_DYN && prod != sd)
            return irv_error(v, op, "group #%u multiplies to %lld, but the %s dimension is %lld", g,
                             (long long)prod, expand ? "source" : "result", (long long)sd);
    }
    if (rs == 0) {
        for (uint32_t i = 0; i < rb; i++)
            if (dim_of(m, big, i) != 1)
                return irv_error(v, op, "only unit dimensions reshape to or from rank 0");
    } else if (next != rb) {
        return irv_error(v, op, "reassociation groups must cover the %u dimensions of %s", rb,
                         irv_type_str(v, big));
    }
    if (expand) {
        const struct ir_attr_info *s = dense_attr(v, op, "static_output_shape", m->t_i64, (int)rb);
        if (!s)
            return false;
        for (uint32_t i = 0; i < rb; i++)
            if (s->ints[i] != dim_of(m, res, i))
                return irv_error(v, op, "output_shape entry #%u does not match the result type", i);
        if (count_dyn(s->ints, s->n) != o->nopnd - 1)
            return irv_error(v, op, "has %u dynamic output sizes for %u dynamic dimensions",
                             o->nopnd - 1, count_dyn(s->ints, s->n));
        return indices_ok(v, op, 1, o->nopnd - 1);
    }
    return true;
}

/* ---- casts and dim -------------------------------------------------------------- */

/* tensor.cast / memref.cast: one element type and rank, extents that agree
 * where both are static, and (memref) one memory space. */
bool ir_verify_shaped_cast(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    enum ir_type_kind k = is_memref_op(m, op) ? IR_TY_MEMREF : IR_TY_TENSOR;
    ir_type a = opnd_type(m, op, 0), b = ir_value_type(m, ir_op_get(m, op)->res);
    /* A memref<*xT> (unranked: spelling 1) takes or gives any rank. */
    bool unranked = k == IR_TY_MEMREF && is_kind(m, a, k) && is_kind(m, b, k) &&
                    (ir_type_get(m, a)->spelling || ir_type_get(m, b)->spelling);
    if (!is_kind(m, a, k) || !is_kind(m, b, k) || ir_type_elem(m, a) != ir_type_elem(m, b) ||
        (!unranked && !ir_shapes_agree(m, a, b)))
        return irv_error(v, op, "operand type %s and result type %s are cast incompatible",
                         irv_type_str(v, a), irv_type_str(v, b));
    if (k == IR_TY_MEMREF && ir_type_get(m, a)->attr1 != ir_type_get(m, b)->attr1)
        return irv_error(v, op, "cannot change the memory space (use memref.memory_space_cast)");
    return true;
}

bool ir_verify_tensor_bitcast(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    ir_type a = opnd_type(m, op, 0), b = ir_value_type(m, ir_op_get(m, op)->res);
    if (!is_kind(m, a, IR_TY_TENSOR) || !is_kind(m, b, IR_TY_TENSOR) || !ir_same_shape(m, a, b))
        return irv_error(v, op, "requires tensors of one shape");
    uint32_t wa = ir_type_get(m, ir_type_elem(m, a))->width, wb = ir_type_get(m, ir_type_elem(m, b))->width;
    if (!wa || wa != wb)
        return irv_error(v, op, "requires element types of one bit width");
    return true;
}

bool ir_verify_memory_space_cast(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    ir_type a = opnd_type(m, op, 0), b = ir_value_type(m, ir_op_get(m, op)->res);
    if (!is_kind(m, a, IR_TY_MEMREF) || !is_kind(m, b, IR_TY_MEMREF) ||
        ir_type_elem(m, a) != ir_type_elem(m, b) || !ir_same_shape(m, a, b) ||
        ir_type_get(m, a)->attr0 != ir_type_get(m, b)->attr0)
        return irv_error(v, op, "requires memrefs that differ only in their memory space");
    return true;
}

/* %t, %i [{attrs}] : T */
bool ir_fmt_dim_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand src, idx;
    ir_type t;
    if (!irp_operand(p, &src) || !irp_expect(p, IR_T_COMMA) || !irp_operand(p, &idx) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t) ||
        !irp_add_operand(p, st, &src, t) || !irp_add_operand(p, st, &idx, m->t_index))
        return false;
    ir_state_add_result(m, st, m->t_index);
    return true;
}

void ir_fmt_dim_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 2);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
}

bool ir_verify_dim(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 1, 0))
        return false;
    enum ir_type_kind k = is_memref_op(m, op) ? IR_TY_MEMREF : IR_TY_TENSOR;
    if (!is_kind(m, opnd_type(m, op, 0), k))
        return irv_error(v, op, "requires a %s operand", k == IR_TY_MEMREF ? "memref" : "tensor");
    if (opnd_type(m, op, 1) != m->t_index || ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "requires an index operand and an index result");
    return true;
}
