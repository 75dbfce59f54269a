/* agen.c - DataflowIR: custom forms and rules of the agen dialect, the
 * address generators of the load/store units. A vector load or store moves
 * one vector between a memory view and a unit: `*_set` (an integer set over
 * the view's coordinates, relative to the start index) says which elements,
 * `*_order` (an affine map) how they pack into the vector. A composite
 * load-and-store repeats a load and a store once per point of `time_set`,
 * displaced by `*_time_addr_map`.
 */
#include <stdio.h>
#include <string.h>

#include "ktir/dialects/agen.h"
#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* `%view[%i, ...]`: the view and its start indices. */
static bool parse_indexed(struct ir_parser *p, struct irp_operand *view, struct irp_operand **idx,
                          uint32_t *n)
{
    return irp_operand(p, view) && irp_expect(p, IR_T_LSQUARE) && irp_operand_list(p, idx, n) &&
           irp_expect(p, IR_T_RSQUARE);
}

static void print_indexed(struct ir_printer *w, ir_op op, uint32_t view, uint32_t n)
{
    irw_operands(w, op, view, 1);
    irw_puts(w, "[");
    irw_operands(w, op, view + 1, n);
    irw_puts(w, "]");
}

/* %v = agen.vector_load %view[%i, ...] [zero_pad(%n)] {load_order = map, load_set = set}
 *     : memref<...>, vector<...>
 * zero_pad(%n): only the set's first %n elements (clamped to [0, its
 * size]) are loaded, the vector's others are zero (ktc-lower's zero-padded
 * loads; ktc-codegen's vldz). In the generic form %n is the operand after
 * the indices (one operand more than the view's rank). */
bool ir_fmt_agen_vector_load_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand view, *idx, pad;
    uint32_t n;
    ir_type tm, tv;
    if (!parse_indexed(p, &view, &idx, &n))
        return false;
    bool padded = irp_opt_kw(p, "zero_pad");
    if (padded &&
        (!irp_expect(p, IR_T_LPAREN) || !irp_operand(p, &pad) || !irp_expect(p, IR_T_RPAREN)))
        return false;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &tm) ||
        !irp_expect(p, IR_T_COMMA) || !irp_type(p, &tv) || !irp_add_operand(p, st, &view, tm) ||
        !irp_add_operands(p, st, idx, n, &m->t_index, 1) ||
        (padded && !irp_add_operand(p, st, &pad, m->t_index)))
        return false;
    ir_state_add_result(m, st, tv);
    return true;
}

/* Whether a vector_load has a zero_pad count (its last operand). */
bool ir_agen_load_padded(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, o->opnd[0]));
    return ti->kind == IR_TY_MEMREF && !ti->spelling && o->nopnd == ti->rank + 2;
}

void ir_fmt_agen_vector_load_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    bool padded = ir_agen_load_padded(m, op);
    irw_puts(w, " ");
    print_indexed(w, op, 0, ir_op_get(m, op)->nopnd - 1 - padded);
    if (padded) {
        irw_puts(w, " zero_pad(");
        irw_operands(w, op, ir_op_get(m, op)->nopnd - 1, 1);
        irw_puts(w, ")");
    }
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, ", ");
    irw_result_types(w, op);
}

/* agen.vector_store %vec, %view[%i, ...] {store_order = map, store_set = set} : memref<...>, vector<...> */
bool ir_fmt_agen_vector_store_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand vec, view, *idx;
    uint32_t n;
    ir_type tm, tv;
    return irp_operand(p, &vec) && irp_expect(p, IR_T_COMMA) && parse_indexed(p, &view, &idx, &n) &&
           irp_opt_attr_dict(p, st) && irp_expect(p, IR_T_COLON) && irp_type(p, &tm) &&
           irp_expect(p, IR_T_COMMA) && irp_type(p, &tv) && irp_add_operand(p, st, &vec, tv) &&
           irp_add_operand(p, st, &view, tm) && irp_add_operands(p, st, idx, n, &m->t_index, 1);
}

void ir_fmt_agen_vector_store_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ", ");
    print_indexed(w, op, 1, ir_op_get(irw_module(w), op)->nopnd - 2);
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 1, 1);
    irw_puts(w, ", ");
    irw_operand_types(w, op, 0, 1);
}

/* The `prefix_set` integer set and `prefix_order` map over a view of rank dims. */
static bool check_set_order(struct ir_verifier *v, ir_op op, const char *prefix, uint32_t rank)
{
    struct ir_module *m = irv_module(v);
    char name[32];
    snprintf(name, sizeof name, "%s_set", prefix);
    ir_attr s = ir_op_attr(m, op, name);
    if (!s || ir_attr_get(m, s)->kind != IR_AT_INTEGER_SET)
        return irv_error(v, op, "requires an integer set attribute '%s'", name);
    if (ir_set_get(m, ir_attr_get(m, s)->map)->ndims != rank)
        return irv_error(v, op, "'%s' must have %u dimensions, one per view coordinate", name, rank);
    snprintf(name, sizeof name, "%s_order", prefix);
    ir_attr o = ir_op_attr(m, op, name);
    if (!o || ir_attr_get(m, o)->kind != IR_AT_AFFINE_MAP)
        return irv_error(v, op, "requires an affine map attribute '%s'", name);
    return true;
}

/* The view operand is a ranked memref indexed by one index per dimension. */
static bool check_view(struct ir_verifier *v, ir_op op, uint32_t view, uint32_t nidx, uint32_t *rank)
{
    struct ir_module *m = irv_module(v);
    ir_type t = ir_value_type(m, ir_op_get(m, op)->opnd[view]);
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind != IR_TY_MEMREF || ti->spelling)
        return irv_error(v, op, "requires a ranked memref view, got %s", irv_type_str(v, t));
    if (ti->rank != nidx)
        return irv_error(v, op, "%s has rank %u but %u indices are given", irv_type_str(v, t),
                         ti->rank, nidx);
    *rank = ti->rank;
    return irv_index_operands(v, op, view + 1, nidx, "indices");
}

/* vector_load and vector_store: a vector moved to or from a view. */
bool ir_verify_agen_vector_access(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    bool load = o->kind == IR_OP_AGEN_VECTOR_LOAD;
    uint32_t rank;
    if (!irv_counts(v, op, -1, load ? 1 : 0, 0))
        return false;
    if (o->nopnd < (load ? 1u : 2u))
        return irv_error(v, op, "requires %s", load ? "a view" : "a vector and a view");
    ir_type vec = load ? ir_value_type(m, o->res) : ir_value_type(m, o->opnd[0]);
    if (ir_type_get(m, vec)->kind != IR_TY_VECTOR)
        return irv_error(v, op, "requires a vector, got %s", irv_type_str(v, vec));
    bool padded = load && ir_agen_load_padded(m, op);
    if (padded && !irv_index_operands(v, op, o->nopnd - 1, 1, "zero_pad count"))
        return false;
    return check_view(v, op, load ? 0 : 1, o->nopnd - (load ? 1 : 2) - padded, &rank) &&
           check_set_order(v, op, load ? "load" : "store", rank);
}

/* agen.composite_load_and_store src:%s[%i, ...] dst:%d[%j, ...]
 *  time_symbols(%t, ...), load_iv(%iv:vector<...>)
 *  {load_order, load_set, load_time_addr_map, store_order, store_set,
 *   store_time_addr_map, time_order, time_set}
 * { ...; agen.yield } : SrcType, DstType
 * The body sees each loaded vector as %iv before it is stored. */
bool ir_fmt_agen_composite_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand src, dst, *si, *di, *ts;
    uint32_t nsi, ndi, nts;
    struct irp_arg iv;
    ir_type tsrc, tdst;
    ir_region r;
    if (!irp_expect_kw(p, "src") || !irp_expect(p, IR_T_COLON) || !parse_indexed(p, &src, &si, &nsi) ||
        !irp_expect_kw(p, "dst") || !irp_expect(p, IR_T_COLON) || !parse_indexed(p, &dst, &di, &ndi) ||
        !irp_expect_kw(p, "time_symbols") || !irp_expect(p, IR_T_LPAREN) ||
        !irp_operand_list(p, &ts, &nts) || !irp_expect(p, IR_T_RPAREN) ||
        !irp_expect(p, IR_T_COMMA) || !irp_expect_kw(p, "load_iv") || !irp_expect(p, IR_T_LPAREN) ||
        !irp_operand(p, &iv.name) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &iv.type) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    if (!irp_peek(p, IR_T_LBRACE))
        return irp_error(p, "expected the attribute dictionary '{load_order = ..., ...}'");
    if (!irp_opt_attr_dict(p, st))
        return false;
    if (!irp_peek(p, IR_T_LBRACE))
        return irp_error(p, "expected the body '{ ... }' after the attribute dictionary");
    if (!irp_region(p, &r, &iv, 1, NULL) ||
        !irp_expect(p, IR_T_COLON) || !irp_type(p, &tsrc) || !irp_expect(p, IR_T_COMMA) ||
        !irp_type(p, &tdst) || !irp_add_operand(p, st, &src, tsrc) ||
        !irp_add_operands(p, st, si, nsi, &m->t_index, 1) || !irp_add_operand(p, st, &dst, tdst) ||
        !irp_add_operands(p, st, di, ndi, &m->t_index, 1) ||
        !irp_add_operands(p, st, ts, nts, &m->t_index, 1))
        return false;
    int64_t seg[5] = {1, nsi, 1, ndi, nts};
    ir_set_segments(m, st, 5, seg);
    ir_state_add_region(m, st, r);
    return true;
}

/* operandSegmentSizes of a composite into seg[5]; false (and zeros) when it
 * is malformed or a view group does not hold exactly the view. */
static bool composite_segments(const struct ir_module *m, ir_op op, uint32_t *seg)
{
    if (ir_segments(m, op, 5, seg) && seg[0] == 1 && seg[2] == 1)
        return true;
    memset(seg, 0, 5 * sizeof *seg);
    return false;
}

void ir_fmt_agen_composite_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    static const char *const elide[] = {"operandSegmentSizes"};
    uint32_t seg[5];
    composite_segments(m, op, seg);
    ir_value iv = ir_block_get(m, ir_region_entry(m, o->regs[0]))->args[0];
    irw_scope_push(w);
    irw_puts(w, " src:");
    print_indexed(w, op, 0, seg[1]);
    irw_puts(w, " dst:");
    print_indexed(w, op, 1 + seg[1], seg[3]);
    irw_newline(w, 0);
    irw_puts(w, " time_symbols(");
    irw_operands(w, op, 2 + seg[1] + seg[3], seg[4]);
    irw_puts(w, "), load_iv(");
    irw_value(w, iv);
    irw_puts(w, ":");
    irw_type(w, ir_value_type(m, iv));
    irw_puts(w, ")");
    irw_newline(w, 0);
    /* The dictionary always shows (possibly as `{}`): the region follows it. */
    size_t n = 0;
    ir_attr d = o->attrs;
    for (uint32_t i = 0; d && i < ir_attr_get(m, d)->n; i++)
        n += strcmp(ir_str_get(m, ir_attr_get(m, d)->elems[2 * i]), elide[0]) != 0;
    if (n)
        irw_attr_dict(w, op, elide, 1);
    else
        irw_puts(w, " {}");
    irw_newline(w, 0);
    irw_region(w, o->regs[0], false, NULL);
    irw_scope_pop(w);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, ", ");
    irw_operand_types(w, op, 1 + seg[1], 1);
}

bool ir_verify_agen_composite(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[5], rs, rd;
    if (!irv_counts(v, op, -1, 0, 1))
        return false;
    if (!composite_segments(m, op, seg))
        return irv_error(v, op, "requires an 'operandSegmentSizes' attribute [1, #src indices, 1, #dst indices, #time symbols] that adds up to the operand count");
    if (!check_view(v, op, 0, seg[1], &rs) || !check_view(v, op, 1 + seg[1], seg[3], &rd) ||
        !irv_index_operands(v, op, 2 + seg[1] + seg[3], seg[4], "indices") ||
        !check_set_order(v, op, "load", rs) || !check_set_order(v, op, "store", rd))
        return false;
    static const char *const maps[] = {"load_time_addr_map", "store_time_addr_map", "time_order"};
    for (size_t i = 0; i < 3; i++) {
        ir_attr a = ir_op_attr(m, op, maps[i]);
        if (!a || ir_attr_get(m, a)->kind != IR_AT_AFFINE_MAP)
            return irv_error(v, op, "requires an affine map attribute '%s'", maps[i]);
    }
    ir_attr ts = ir_op_attr(m, op, "time_set");
    if (!ts || ir_attr_get(m, ts)->kind != IR_AT_INTEGER_SET)
        return irv_error(v, op, "requires an integer set attribute 'time_set'");
    ir_block b = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->next || bi->nargs != 1 ||
        ir_type_get(m, ir_value_type(m, bi->args[0]))->kind != IR_TY_VECTOR)
        return irv_error(v, op, "body must be one block taking the loaded vector");
    return true;
}

bool ir_verify_agen_yield(struct ir_verifier *v, ir_op op)
{
    return irv_parent(v, op, IR_OP_AGEN_COMPOSITE_LOAD_AND_STORE) && irv_counts(v, op, 0, 0, 0);
}
