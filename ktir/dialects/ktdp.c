/* ktdp.c - the ktdp dialect of KTIR: memory views, access tiles (direct and
 * indirect), load/store, runtime arguments and inter-tile communication.
 * Custom syntax hooks and verifier rules for the rows of ktdp.def, plus the
 * `grid` attribute rule that func.func calls (ktdp.h).
 *
 * Every custom form keeps all it reads in attributes, operands and regions,
 * so the generic form is complete: variadic operand groups are sized by
 * `operandSegmentSizes`, literal sizes and strides live in `static_sizes` /
 * `static_strides` (IR_DYN marks an SSA entry), and subscripts are affine
 * maps whose dims are the subscript operands in order of first appearance.
 */
#include "ktir/dialects/ktdp.h"

#include <stdio.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

#define MAX_LIST 64 /* subscripts, sizes, variables and partials per op */

/* ---- shared helpers ------------------------------------------------------ */

/* `(%a, %b)` after a keyword such as `symbols`. */
static bool paren_operands(struct ir_parser *p, struct irp_operand **v, uint32_t *n)
{
    return irp_expect(p, IR_T_LPAREN) && irp_operand_list(p, v, n) && irp_expect(p, IR_T_RPAREN);
}

/* ---- affine subscripts over SSA values -------------------------------------- */

/* Dims of e in the order a printer meets them (pre-order, left to right):
 * each dim d in [lo, hi) not yet numbered gets pos[d] = (*next)++. */
static void aff_number(const struct ir_module *m, ir_aff e, uint32_t lo, uint32_t hi,
                       uint32_t *pos, uint32_t *next)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    if (x->kind == IR_AFF_DIM) {
        uint32_t d = (uint32_t)x->v;
        if (d >= lo && d < hi && pos[d] == UINT32_MAX)
            pos[d] = (*next)++;
    } else if (x->kind != IR_AFF_CONST && x->kind != IR_AFF_SYM) {
        ir_aff l = x->lhs, r = x->rhs;
        aff_number(m, l, lo, hi, pos, next);
        aff_number(m, r, lo, hi, pos, next);
    }
}

/* e with every dim d replaced by dim pos[d]. */
static ir_aff aff_remap(struct ir_module *m, ir_aff e, const uint32_t *pos)
{
    struct ir_aff_info x = *ir_aff_get(m, e); /* copied: interning may move the table */
    switch (x.kind) {
    case IR_AFF_CONST:
    case IR_AFF_SYM: return e;
    case IR_AFF_DIM: return ir_aff_dim(m, pos[x.v]);
    default: {
        ir_aff l = aff_remap(m, x.lhs, pos);
        ir_aff r = aff_remap(m, x.rhs, pos);
        return ir_aff_bin(m, (enum ir_aff_kind)x.kind, l, r);
    }
    }
}

/* Whether the dims below `limit` appear in e in print order 0, 1, 2, ...
 * continuing from *next (the canonical numbering the parser produces). */
static bool aff_in_order(const struct ir_module *m, ir_aff e, uint32_t limit, uint32_t *next)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    if (x->kind == IR_AFF_DIM) {
        uint32_t d = (uint32_t)x->v;
        if (d >= limit || d < *next)
            return true;
        if (d > *next)
            return false;
        (*next)++;
        return true;
    }
    if (x->kind == IR_AFF_CONST || x->kind == IR_AFF_SYM)
        return true;
    return aff_in_order(m, x->lhs, limit, next) && aff_in_order(m, x->rhs, limit, next);
}

/* Renumbers the captured dims of exprs[0..n) to print order and moves the
 * intermediate variables after them: captured dims come first, as the maps
 * store them. Fills order[k] = index into s->ids of the k-th captured value
 * and returns how many are used. */
static uint32_t canonicalize(struct ir_module *m, struct irp_subscripts *s, ir_aff *exprs,
                             uint32_t n, uint32_t *order)
{
    uint32_t pos[2 * MAX_LIST], next = 0;
    for (uint32_t i = 0; i < s->nvars + s->nids; i++)
        pos[i] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        aff_number(m, exprs[i], s->nvars, s->nvars + s->nids, pos, &next);
    for (uint32_t j = 0; j < s->nids; j++)
        if (pos[s->nvars + j] != UINT32_MAX)
            order[pos[s->nvars + j]] = j;
    for (uint32_t k = 0; k < s->nvars; k++)
        pos[k] = next + k;
    for (uint32_t i = 0; i < n; i++)
        exprs[i] = aff_remap(m, exprs[i], pos);
    return next;
}

/* ---- grid ------------------------------------------------------------------ */

bool ir_ktdp_verify_grid(struct ir_verifier *v, ir_op func)
{
    struct ir_module *m = irv_module(v);
    ir_attr g = ir_op_attr(m, func, "grid");
    if (!g)
        return true;
    const struct ir_attr_info *gi = ir_attr_get(m, g);
    if (gi->kind != IR_AT_ARRAY)
        return irv_error(v, func, "'grid' must be an array of integers");
    if (gi->n == 0)
        return irv_error(v, func, "Grid must have at least one dimension");
    if (gi->n > 3)
        return irv_error(v, func, "Grid must have at most 3 dimensions (got %u)", gi->n);
    for (uint32_t i = 0; i < gi->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, gi->elems[i]);
        if (e->kind != IR_AT_INT || (e->type && !ir_type_is_intlike(m, e->type)))
            return irv_error(v, func, "'grid' must be an array of integers");
        if (e->i <= 0)
            return irv_error(v, func, "Grid size must be positive (got %lld)", (long long)e->i);
    }
    return true;
}

/* ---- get_compute_tile_id ------------------------------------------------------ */

/* [attr-dict] : index[, index ...]; `%t:2 = ... : index` repeats the type. */
bool ir_fmt_ktdp_tile_id_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    uint32_t hint = irp_result_hint(p);
    ir_type *tys = NULL;
    uint32_t n = 0;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type_list(p, &tys, &n))
        return false;
    uint32_t count = n == 1 && hint > 1 ? hint : n;
    for (uint32_t i = 0; i < count; i++)
        ir_state_add_result(m, st, tys[n == 1 ? 0 : i]);
    return true;
}

void ir_fmt_ktdp_tile_id_print(struct ir_printer *w, ir_op op)
{
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_ktdp_tile_id(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, 0, -1, 0))
        return false;
    if (o->nres < 1 || o->nres > 3)
        return irv_error(v, op, "requires 1 to 3 results (one per grid dimension), got %u", o->nres);
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_value_type(m, o->res + i) != m->t_index)
            return irv_error(v, op, "result #%u must be of type 'index'", i);
    return true;
}

/* ---- construct_memory_view --------------------------------------------------------- */

static const char *const memory_view_hidden[] = {"operandSegmentSizes", "static_sizes",
                                                  "static_strides"};

/* %offset, sizes: [s, ...], strides: [t, ...] [attr-dict] : memref<...> */
bool ir_fmt_ktdp_memory_view_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand off;
    struct irp_mixed sz, sd;
    ir_type t;
    if (!irp_operand(p, &off) || !irp_expect(p, IR_T_COMMA) || !irp_expect_kw(p, "sizes") ||
        !irp_expect(p, IR_T_COLON) || !irp_mixed_list(p, &sz) || !irp_expect(p, IR_T_COMMA) ||
        !irp_expect_kw(p, "strides") || !irp_expect(p, IR_T_COLON) || !irp_mixed_list(p, &sd) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    if (!irp_add_operand(p, st, &off, m->t_index) ||
        !irp_add_operands(p, st, sz.dyn, sz.ndyn, &m->t_index, 1) ||
        !irp_add_operands(p, st, sd.dyn, sd.ndyn, &m->t_index, 1))
        return false;
    ir_set_segments(m, st, 3, (int64_t[]){1, sz.ndyn, sd.ndyn});
    ir_state_set_attr(m, st, "static_sizes", ir_attr_dense_array(m, m->t_i64, sz.n, sz.stat));
    ir_state_set_attr(m, st, "static_strides", ir_attr_dense_array(m, m->t_i64, sd.n, sd.stat));
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_ktdp_memory_view_print(struct ir_printer *w, ir_op op)
{
    uint32_t next = 1;
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ", sizes: ");
    irw_mixed_list(w, op, "static_sizes", &next);
    irw_puts(w, ", strides: ");
    irw_mixed_list(w, op, "static_strides", &next);
    irw_attr_dict(w, op, memory_view_hidden, 3);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* memory_space must be one of the two ktdp spellings. */
static bool check_memory_space(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, "memory_space");
    if (!a)
        return irv_error(v, op, "requires a 'memory_space' attribute");
    if (ir_attr_get(m, a)->kind != IR_AT_MEMSPACE)
        return irv_error(v, op, "'memory_space' must be a #ktdp.memory_space or #ktdp.spyre_memory_space attribute");
    return true;
}

/* One static list: as long as the rank, with as many IR_DYN as SSA entries. */
static bool check_static_list(struct ir_verifier *v, ir_op op, const char *name, uint32_t rank,
                              uint32_t ndyn)
{
    const struct ir_attr_info *s = ir_attr_of_kind(irv_module(v), op, name, IR_AT_DENSE_ARRAY);
    if (!s)
        return irv_error(v, op, "requires a '%s' dense array attribute", name);
    if (s->n != rank)
        return irv_error(v, op, "result memref rank does not match sizes/strides length");
    uint32_t nd = 0;
    for (uint32_t i = 0; i < s->n; i++)
        nd += s->ints[i] == IR_DYN;
    if (nd != ndyn)
        return irv_error(v, op, "'%s' has %u dynamic entries, but %u SSA values are given", name,
                         nd, ndyn);
    return true;
}

bool ir_verify_ktdp_memory_view(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    uint32_t seg[3];
    if (!irv_counts(v, op, -1, 1, 0) || !irv_segments(v, op, 3, seg))
        return false;
    if (seg[0] != 1)
        return irv_error(v, op, "requires exactly one offset operand");
    if (!irv_index_operands(v, op, 0, ir_op_get(m, op)->nopnd, "offset, sizes and strides"))
        return false;
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, ir_op_get(m, op)->res));
    if (rt->kind != IR_TY_MEMREF)
        return irv_error(v, op, "result must be a memref");
    if (!check_static_list(v, op, "static_sizes", rt->rank, seg[1]) ||
        !check_static_list(v, op, "static_strides", rt->rank, seg[2]))
        return false;
    const struct ir_attr_info *sizes = ir_attr_of_kind(m, op, "static_sizes", IR_AT_DENSE_ARRAY);
    for (uint32_t i = 0; i < sizes->n; i++)
        if (sizes->ints[i] != IR_DYN && sizes->ints[i] < 0)
            return irv_error(v, op, "size #%u must be non-negative", i);
    ir_attr cs = ir_op_attr(m, op, "coordinate_set");
    if (cs) {
        if (ir_attr_get(m, cs)->kind != IR_AT_INTEGER_SET)
            return irv_error(v, op, "'coordinate_set' must be an integer set");
        const struct ir_integer_set *s = ir_set_get(m, ir_attr_get(m, cs)->map);
        if (s->ndims != rt->rank)
            return irv_error(v, op, "coordinate_set has %u dimensions, but the view has rank %u",
                             s->ndims, rt->rank);
        if (s->nsyms > seg[1])
            return irv_error(v, op, "coordinate_set has %u symbols, but only %u sizes are SSA values",
                             s->nsyms, seg[1]);
    }
    return check_memory_space(v, op);
}

/* ---- construct_distributed_memory_view ------------------------------------------- */

/* (%p0, ... : T0, ...) [attr-dict] : memref<...> */
bool ir_fmt_ktdp_distributed_view_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    ir_type *tys, t;
    uint32_t n, nt;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n))
        return false;
    if (!n)
        return irp_error(p, "expected at least one memory view");
    if (!irp_expect(p, IR_T_COLON) || !irp_type_list(p, &tys, &nt) || !irp_expect(p, IR_T_RPAREN))
        return false;
    if (nt != n)
        return irp_error(p, "%u operands present, but %u types", n, nt);
    if (!irp_add_operands(p, st, ops, n, tys, nt) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_ktdp_distributed_view_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    irw_puts(w, " (");
    irw_operands(w, op, 0, n);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, n);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_ktdp_distributed_view(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    if (!o->nopnd)
        return irv_error(v, op, "requires at least one memory view");
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, o->res));
    if (rt->kind != IR_TY_MEMREF)
        return irv_error(v, op, "result must be a memref");
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const struct ir_type_info *pt = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        if (pt->kind != IR_TY_MEMREF)
            return irv_error(v, op, "operand #%u must be a memref", i);
        if (pt->elem != rt->elem)
            return irv_error(v, op, "all input memrefs must have the same element type as the result");
        if (pt->rank != rt->rank)
            return irv_error(v, op, "all input memrefs must have the same rank as the result");
    }
    return true;
}

/* ---- construct_access_tile --------------------------------------------------- */

static const char *const access_tile_hidden[] = {"operandSegmentSizes", "base_map"};

/* %base[e, ...] [symbols(%s, ...)] [attr-dict] : base-type -> tile-type */
bool ir_fmt_ktdp_access_tile_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_subscripts s = {.nvars = 0};
    struct irp_operand base, *syms = NULL;
    ir_aff exprs[MAX_LIST];
    uint32_t n = 0, nsyms = 0, order[MAX_LIST];
    ir_type bt, tt;
    if (!irp_operand(p, &base) || !irp_expect(p, IR_T_LSQUARE) ||
        !irp_subscripts(p, &s, exprs, &n, MAX_LIST) || !irp_expect(p, IR_T_RSQUARE))
        return false;
    if (irp_opt_kw(p, "symbols") && !paren_operands(p, &syms, &nsyms))
        return false;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &bt) ||
        !irp_expect(p, IR_T_ARROW) || !irp_elided_type(p, IR_TY_ACCESS_TILE, &tt))
        return false;
    uint32_t nidx = canonicalize(m, &s, exprs, n, order);
    if (!irp_add_operand(p, st, &base, bt))
        return false;
    for (uint32_t k = 0; k < nidx; k++)
        if (!irp_add_operand(p, st, &s.ids[order[k]], m->t_index))
            return false;
    if (!irp_add_operands(p, st, syms, nsyms, &m->t_index, 1))
        return false;
    int64_t seg[3] = {1, nidx, nsyms};
    ir_state_set_attr(m, st, "base_map", ir_attr_affine_map(m, ir_map_intern(m, nidx, 0, n, exprs)));
    ir_set_segments(m, st, 3, seg);
    ir_state_add_result(m, st, tt);
    return true;
}

static void print_symbols(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n)
{
    if (!n)
        return;
    irw_puts(w, " symbols(");
    irw_operands(w, op, from, n);
    irw_puts(w, ")");
}

void ir_fmt_ktdp_access_tile_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    uint32_t seg[3];
    ir_segments(m, op, 3, seg);
    const struct ir_attr_info *bm = ir_attr_of_kind(m, op, "base_map", IR_AT_AFFINE_MAP);
    struct irw_subscript_names ln = {op, 1, seg[1], IR_NONE};
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, "[");
    const struct ir_affine_map *map = bm ? ir_map_get(m, bm->map) : NULL;
    for (uint32_t i = 0; map && i < map->nres; i++) {
        if (i)
            irw_puts(w, ", ");
        irw_affine_expr(w, map->res[i], irw_subscript_leaf, &ln);
    }
    irw_puts(w, "]");
    print_symbols(w, op, 1 + seg[1], seg[2]);
    irw_attr_dict(w, op, access_tile_hidden, 2);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " -> ");
    irw_result_types(w, op);
}

/* The set attribute `name` over `dims` dimensions with `nsyms` symbols. */
static const struct ir_integer_set *check_set(struct ir_verifier *v, ir_op op, const char *name,
                                              uint32_t dims, const char *dims_what, uint32_t nsyms)
{
    struct ir_module *m = irv_module(v);
    const struct ir_attr_info *a = ir_attr_of_kind(m, op, name, IR_AT_INTEGER_SET);
    if (!a) {
        irv_error(v, op, "requires an integer set attribute '%s'", name);
        return NULL;
    }
    const struct ir_integer_set *s = ir_set_get(m, a->map);
    if (s->ndims != dims) {
        irv_error(v, op, "%s has %u dimensions, but %s %u", name, s->ndims, dims_what, dims);
        return NULL;
    }
    if (s->nsyms != nsyms) {
        irv_error(v, op, "%s has %u symbols, but %u symbol operands are given", name, s->nsyms, nsyms);
        return NULL;
    }
    return s;
}

/* The order map `name`: square over `dims`. */
static bool check_order(struct ir_verifier *v, ir_op op, const char *name, uint32_t dims)
{
    struct ir_module *m = irv_module(v);
    const struct ir_attr_info *a = ir_attr_of_kind(m, op, name, IR_AT_AFFINE_MAP);
    if (!a)
        return irv_error(v, op, "requires an affine map attribute '%s'", name);
    const struct ir_affine_map *mp = ir_map_get(m, a->map);
    if (mp->ndims != dims || mp->nres != dims || mp->nsyms)
        return irv_error(v, op, "%s must map the %u set dimensions to %u results, got (%u dims)[%u symbols] -> %u results",
                         name, dims, dims, mp->ndims, mp->nsyms, mp->nres);
    return true;
}

static bool check_tile_result(struct ir_verifier *v, ir_op op, uint32_t rank)
{
    struct ir_module *m = irv_module(v);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, ir_op_get(m, op)->res));
    if (t->kind != IR_TY_ACCESS_TILE)
        return irv_error(v, op, "result must be an access tile");
    if (t->rank != rank)
        return irv_error(v, op, "result tile rank %u does not match the %u dimensions of its set",
                         t->rank, rank);
    return true;
}

/* The rank of a memory view or tensor base, or -1. */
static int base_rank(const struct ir_module *m, ir_value v)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
    return t->kind == IR_TY_MEMREF || t->kind == IR_TY_TENSOR ? (int)t->rank : -1;
}

bool ir_verify_ktdp_access_tile(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    uint32_t seg[3];
    if (!irv_counts(v, op, -1, 1, 0) || !irv_segments(v, op, 3, seg))
        return false;
    if (seg[0] != 1)
        return irv_error(v, op, "requires exactly one base operand");
    int rank = base_rank(m, ir_op_get(m, op)->opnd[0]);
    if (rank < 0)
        return irv_error(v, op, "base must be a memref or a ranked tensor");
    if (!irv_index_operands(v, op, 1, seg[1] + seg[2], "subscript and symbol operands"))
        return false;
    const struct ir_attr_info *bm = ir_attr_of_kind(m, op, "base_map", IR_AT_AFFINE_MAP);
    if (!bm)
        return irv_error(v, op, "requires an affine map attribute 'base_map'");
    const struct ir_affine_map *map = ir_map_get(m, bm->map);
    if (map->ndims != seg[1] || map->nsyms)
        return irv_error(v, op, "base_map must have one dimension per subscript operand (%u) and no symbols",
                         seg[1]);
    if (map->nres != (uint32_t)rank)
        return irv_error(v, op, "expects %d subscripts (the base rank), got %u", rank, map->nres);
    uint32_t next = 0;
    for (uint32_t i = 0; i < map->nres; i++)
        if (!aff_in_order(m, map->res[i], map->ndims, &next))
            break;
    if (next != map->ndims)
        return irv_error(v, op, "base_map must use every subscript operand, in order of first appearance");
    const struct ir_integer_set *set =
        check_set(v, op, "access_tile_set", (uint32_t)rank, "the base has rank", seg[2]);
    return set && check_order(v, op, "access_tile_order", set->ndims) &&
           check_tile_result(v, op, set->ndims);
}

/* ---- construct_indirect_access_tile ------------------------------------------------ */

static const char *const indirect_hidden[] = {"operandSegmentSizes", "per_dim_subscript_kinds",
                                              "per_dim_subscript_maps"};

/* intermediate_variables(%v, ...) %base[sub, ...] [symbols(%s, ...)] [attr-dict]
 *     : base-type, index-view-types... -> tile-type
 * where sub is an affine expression or ind(%view[e, ...]). The variables
 * become the arguments of a hidden one-block region ended by
 * ktdp.region_terminator; every subscript is stored as an affine map over
 * (captured values ++ variables). */
bool ir_fmt_ktdp_indirect_tile_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_subscripts s = {.nvars = 0};
    struct irp_operand base, views[MAX_LIST], *syms = NULL;
    ir_aff exprs[4 * MAX_LIST];
    uint32_t first[MAX_LIST], count[MAX_LIST], order[MAX_LIST];
    bool ind[MAX_LIST];
    uint32_t nsub = 0, nexpr = 0, nviews = 0, nsyms = 0;
    struct ir_loc loc = irp_loc(p);
    if (!irp_expect_kw(p, "intermediate_variables") || !irp_expect(p, IR_T_LPAREN))
        return false;
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            if (s.nvars == MAX_LIST)
                return irp_error(p, "too many intermediate variables");
            struct irp_operand *var = &s.vars[s.nvars];
            if (!irp_operand(p, var))
                return false;
            if (var->index)
                return irp_error_at(p, var->loc, "an intermediate variable cannot use '#'");
            for (uint32_t i = 0; i < s.nvars; i++)
                if (s.vars[i].name == var->name)
                    return irp_error_at(p, var->loc, "duplicate intermediate variable '%%%s'",
                                        ir_str_get(m, var->name));
            s.nvars++;
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RPAREN) || !irp_operand(p, &base) || !irp_expect(p, IR_T_LSQUARE))
        return false;
    if (!irp_peek(p, IR_T_RSQUARE))
        do {
            if (nsub == MAX_LIST)
                return irp_error(p, "too many subscripts");
            first[nsub] = nexpr;
            ind[nsub] = irp_opt_kw(p, "ind");
            if (ind[nsub]) {
                uint32_t n = 0;
                if (!irp_expect(p, IR_T_LPAREN) || !irp_operand(p, &views[nviews++]) ||
                    !irp_expect(p, IR_T_LSQUARE) ||
                    !irp_subscripts(p, &s, exprs + nexpr, &n, MAX_LIST) ||
                    !irp_expect(p, IR_T_RSQUARE) || !irp_expect(p, IR_T_RPAREN))
                    return false;
                count[nsub] = n;
            } else {
                if (!irp_affine_expr(p, irp_subscript_leaf, &s, &exprs[nexpr]))
                    return false;
                count[nsub] = 1;
            }
            nexpr += count[nsub++];
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RSQUARE))
        return false;
    if (irp_opt_kw(p, "symbols") && !paren_operands(p, &syms, &nsyms))
        return false;
    ir_type bt, tt, *vts = NULL;
    uint32_t nvt = 0;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &bt))
        return false;
    struct ir_loc tloc = irp_loc(p);
    if (irp_opt(p, IR_T_COMMA) && !irp_type_list(p, &vts, &nvt))
        return false;
    if (nvt != nviews)
        return irp_error_at(p, tloc, "expected %u index view types after the base type, got %u",
                            nviews, nvt);
    if (!irp_expect(p, IR_T_ARROW) || !irp_elided_type(p, IR_TY_ACCESS_TILE, &tt))
        return false;

    uint32_t ncap = canonicalize(m, &s, exprs, nexpr, order);
    if (!irp_add_operand(p, st, &base, bt) || !irp_add_operands(p, st, views, nviews, vts, nvt))
        return false;
    for (uint32_t k = 0; k < ncap; k++)
        if (!irp_add_operand(p, st, &s.ids[order[k]], m->t_index))
            return false;
    if (!irp_add_operands(p, st, syms, nsyms, &m->t_index, 1))
        return false;

    ir_attr kinds[MAX_LIST], maps[MAX_LIST];
    for (uint32_t i = 0; i < nsub; i++) {
        kinds[i] = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_BOOL, .i = ind[i]});
        maps[i] = ir_attr_affine_map(m, ir_map_intern(m, ncap + s.nvars, 0, count[i], exprs + first[i]));
    }
    int64_t seg[4] = {1, nviews, ncap, nsyms};
    ir_set_segments(m, st, 4, seg);
    ir_state_set_attr(m, st, "per_dim_subscript_kinds", ir_attr_array(m, nsub, kinds));
    ir_state_set_attr(m, st, "per_dim_subscript_maps", ir_attr_array(m, nsub, maps));

    ir_region r = ir_region_new(m);
    ir_block b = ir_block_new(m);
    ir_region_append_block(m, r, b);
    for (uint32_t k = 0; k < s.nvars; k++)
        ir_block_add_arg(m, b, m->t_index, s.vars[k].name);
    struct ir_op_state term;
    ir_state_init(&term, m, "ktdp.region_terminator", loc);
    ir_block_append_op(m, b, ir_op_create(m, &term));
    ir_state_add_region(m, st, r);
    ir_state_add_result(m, st, tt);
    return true;
}

void ir_fmt_ktdp_indirect_tile_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[4];
    ir_segments(m, op, 4, seg);
    ir_block b = o->nreg ? ir_region_entry(m, o->regs[0]) : IR_NONE;
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    /* The variables' names live only as long as the op's text. */
    irw_scope_push(w);
    irw_puts(w, " intermediate_variables(");
    for (uint32_t k = 0; bi && k < bi->nargs; k++) {
        if (k)
            irw_puts(w, ", ");
        irw_value(w, bi->args[k]);
    }
    irw_puts(w, ") ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, "[");
    const struct ir_attr_info *kinds =
        ir_attr_of_kind(m, op, "per_dim_subscript_kinds", IR_AT_ARRAY);
    const struct ir_attr_info *maps = ir_attr_of_kind(m, op, "per_dim_subscript_maps", IR_AT_ARRAY);
    struct irw_subscript_names ln = {op, 1 + seg[1], seg[2], b};
    uint32_t view = 1;
    for (uint32_t i = 0; kinds && maps && i < kinds->n && i < maps->n; i++) {
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[i])->map);
        bool is_ind = ir_attr_get(m, kinds->elems[i])->i != 0;
        irw_puts(w, i ? ", " : "");
        if (is_ind) {
            irw_puts(w, "ind(");
            irw_operands(w, op, view++, 1);
            irw_puts(w, "[");
        } else {
            irw_puts(w, "(");
        }
        for (uint32_t k = 0; k < mp->nres; k++) {
            if (k)
                irw_puts(w, ", ");
            irw_affine_expr(w, mp->res[k], irw_subscript_leaf, &ln);
        }
        irw_puts(w, is_ind ? "])" : ")");
    }
    irw_puts(w, "]");
    print_symbols(w, op, 1 + seg[1] + seg[2], seg[3]);
    irw_attr_dict(w, op, indirect_hidden, 3);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1 + seg[1]);
    irw_puts(w, " -> ");
    irw_result_types(w, op);
    irw_scope_pop(w);
}

bool ir_verify_ktdp_indirect_tile(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[4];
    if (!irv_counts(v, op, -1, 1, 1) || !irv_segments(v, op, 4, seg))
        return false;
    if (seg[0] != 1)
        return irv_error(v, op, "requires exactly one base operand");
    int rank = base_rank(m, o->opnd[0]);
    if (rank < 0)
        return irv_error(v, op, "base must be a memref or a ranked tensor");
    for (uint32_t i = 1; i <= seg[1]; i++) {
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        if (t->kind != IR_TY_MEMREF || !ir_type_is_intlike(m, t->elem))
            return irv_error(v, op, "index view #%u must be a memref of integers, got %s", i - 1,
                             irv_type_str(v, ir_value_type(m, o->opnd[i])));
    }
    if (!irv_index_operands(v, op, 1 + seg[1], seg[2] + seg[3], "captured values and symbols"))
        return false;
    ir_block b = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->next)
        return irv_error(v, op, "requires a region of one block");
    for (uint32_t k = 0; k < bi->nargs; k++)
        if (ir_value_type(m, bi->args[k]) != m->t_index)
            return irv_error(v, op, "intermediate variable #%u must be of type 'index'", k);
    if (!bi->last || ir_op_get(m, bi->last)->kind != IR_OP_KTDP_REGION_TERMINATOR || bi->first != bi->last)
        return irv_error(v, op, "region must hold only 'ktdp.region_terminator'");
    const struct ir_attr_info *kinds =
        ir_attr_of_kind(m, op, "per_dim_subscript_kinds", IR_AT_ARRAY);
    const struct ir_attr_info *maps = ir_attr_of_kind(m, op, "per_dim_subscript_maps", IR_AT_ARRAY);
    if (!kinds || !maps || kinds->n != maps->n)
        return irv_error(v, op, "requires 'per_dim_subscript_kinds' and 'per_dim_subscript_maps' arrays of one entry per subscript");
    if (kinds->n != (uint32_t)rank)
        return irv_error(v, op, "expects %d subscripts (the base rank), got %u", rank, kinds->n);
    uint32_t nind = 0, next = 0;
    for (uint32_t i = 0; i < kinds->n; i++) {
        const struct ir_attr_info *k = ir_attr_get(m, kinds->elems[i]);
        const struct ir_attr_info *ma = ir_attr_get(m, maps->elems[i]);
        if (k->kind != IR_AT_BOOL || ma->kind != IR_AT_AFFINE_MAP)
            return irv_error(v, op, "subscript #%u needs a bool kind and an affine map", i);
        const struct ir_affine_map *mp = ir_map_get(m, ma->map);
        if (mp->ndims != seg[2] + bi->nargs || mp->nsyms)
            return irv_error(v, op, "subscript #%u map must have %u dims (captured values, then intermediate variables) and no symbols",
                             i, seg[2] + bi->nargs);
        if (!k->i && mp->nres != 1)
            return irv_error(v, op, "direct subscript #%u must have one expression, got %u", i, mp->nres);
        if (k->i) {
            if (nind == seg[1])
                return irv_error(v, op, "has more ind(...) subscripts than index views (%u)", seg[1]);
            const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, o->opnd[1 + nind]));
            if (mp->nres != vt->rank)
                return irv_error(v, op, "indirect subscript #%u has %u expressions, but its index view has rank %u",
                                 i, mp->nres, vt->rank);
            nind++;
        }
        for (uint32_t r = 0; r < mp->nres; r++)
            if (!aff_in_order(m, mp->res[r], seg[2], &next))
                return irv_error(v, op, "captured values must be used in order of first appearance");
    }
    if (nind != seg[1])
        return irv_error(v, op, "has %u ind(...) subscripts, but %u index views", nind, seg[1]);
    if (next != seg[2])
        return irv_error(v, op, "every captured value must be used by a subscript");
    const struct ir_integer_set *set = check_set(v, op, "variables_space_set", bi->nargs,
                                                 "the intermediate variables number", seg[3]);
    return set && check_order(v, op, "variables_space_order", bi->nargs) &&
           check_tile_result(v, op, bi->nargs);
}

bool ir_fmt_ktdp_bare_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_ktdp_bare_print(struct ir_printer *w, ir_op op) { irw_attr_dict(w, op, NULL, 0); }

bool ir_verify_ktdp_region_terminator(struct ir_verifier *v, ir_op op)
{
    return irv_parent(v, op, IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE) &&
           irv_counts(v, op, 0, 0, 0);
}

/* ---- load / store ------------------------------------------------------------ */

/* The element type of the memory a tile addresses, or IR_NONE when the tile
 * does not come from a tile-constructing op (e.g. a function argument). */
static ir_type tile_elem(const struct ir_module *m, ir_value tile)
{
    ir_op def = ir_value_def(m, tile);
    if (!def)
        return IR_NONE;
    const struct ir_op_info *d = ir_op_get(m, def);
    if ((d->kind != IR_OP_KTDP_CONSTRUCT_ACCESS_TILE &&
         d->kind != IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE) || !d->nopnd)
        return IR_NONE;
    ir_type bt = ir_value_type(m, d->opnd[0]);
    return ir_type_is_shaped(m, bt) ? ir_type_get(m, bt)->elem : IR_NONE;
}

/* Shared rules: a tensor moved through a tile has its shape and the
 * element type of the tile's memory. */
static bool check_transfer(struct ir_verifier *v, ir_op op, ir_value data, ir_value tile,
                           const char *shape_msg)
{
    struct ir_module *m = irv_module(v);
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, tile));
    const struct ir_type_info *dt = ir_type_get(m, ir_value_type(m, data));
    if (tt->kind != IR_TY_ACCESS_TILE)
        return irv_error(v, op, "requires an access tile, got %s", irv_type_str(v, ir_value_type(m, tile)));
    if (dt->kind != IR_TY_TENSOR)
        return irv_error(v, op, "requires a ranked tensor, got %s", irv_type_str(v, ir_value_type(m, data)));
    if (!ir_same_shape(m, ir_value_type(m, tile), ir_value_type(m, data)))
        return irv_error(v, op, "%s", shape_msg);
    ir_type e = tile_elem(m, tile);
    if (e && e != dt->elem)
        return irv_error(v, op, "tensor element type %s does not match the element type %s of the tile's memory view",
                         irv_type_str(v, dt->elem), irv_type_str(v, e));
    return true;
}

/* %tile [attr-dict] : <tile-type> -> tensor-type */
bool ir_fmt_ktdp_load_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return irp_elided_get(p, st, IR_TY_ACCESS_TILE);
}

void ir_fmt_ktdp_load_print(struct ir_printer *w, ir_op op)
{
    irw_elided_get(w, op, IR_TY_ACCESS_TILE);
}

bool ir_verify_ktdp_load(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    return irv_counts(v, op, 1, 1, 0) &&
           check_transfer(v, op, o->res, o->opnd[0], "access tile shape must match result tensor shape");
}

/* %data, %tile [attr-dict] : tensor-type, <tile-type> */
bool ir_fmt_ktdp_store_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return irp_elided_put(p, st, IR_TY_ACCESS_TILE);
}

void ir_fmt_ktdp_store_print(struct ir_printer *w, ir_op op)
{
    irw_elided_put(w, op, IR_TY_ACCESS_TILE);
}

bool ir_verify_ktdp_store(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    return irv_counts(v, op, 2, 0, 0) &&
           check_transfer(v, op, o->opnd[0], o->opnd[1], "data tile shape must match access tile shape");
}

/* ---- runtime_arg_extract ------------------------------------------------------ */

static const char *const extract_kinds[] = {"value", "granularity", "upperbound"};

/* value|granularity|upperbound from %arg [attr-dict] : <runtime_arg type> -> T */
bool ir_fmt_ktdp_runtime_arg_extract_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = irp_loc(p);
    ir_str kind;
    if (!irp_ident(p, &kind))
        return false;
    size_t k = 0;
    while (k < 3 && strcmp(extract_kinds[k], ir_str_get(m, kind)) != 0)
        k++;
    if (k == 3)
        return irp_error_at(p, loc, "expected 'value', 'granularity' or 'upperbound'");
    struct irp_operand a;
    ir_type at, rt;
    if (!irp_expect_kw(p, "from") || !irp_operand(p, &a) || !irp_opt_attr_dict(p, st) ||
        !irp_expect(p, IR_T_COLON) || !irp_elided_type(p, IR_TY_RUNTIME_ARG, &at) ||
        !irp_expect(p, IR_T_ARROW) || !irp_type(p, &rt) || !irp_add_operand(p, st, &a, at))
        return false;
    ir_state_set_attr(m, st, "kind", ir_attr_string(m, extract_kinds[k]));
    ir_state_add_result(m, st, rt);
    return true;
}

void ir_fmt_ktdp_runtime_arg_extract_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const hidden[] = {"kind"};
    const struct ir_attr_info *k = ir_attr_of_kind(m, op, "kind", IR_AT_STRING);
    irw_printf(w, " %s from ", k ? ir_str_get(m, k->s) : "value");
    irw_operands(w, op, 0, 1);
    irw_attr_dict(w, op, hidden, 1);
    irw_puts(w, " : ");
    irw_elided_type(w, IR_TY_RUNTIME_ARG, ir_value_type(m, ir_op_get(m, op)->opnd[0]));
    irw_puts(w, " -> ");
    irw_result_types(w, op);
}

bool ir_verify_ktdp_runtime_arg_extract(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_type_info *at = ir_type_get(m, ir_value_type(m, o->opnd[0]));
    ir_type rt = ir_value_type(m, o->res);
    if (at->kind != IR_TY_RUNTIME_ARG)
        return irv_error(v, op, "operand must be a runtime_arg");
    const struct ir_attr_info *k = ir_attr_of_kind(m, op, "kind", IR_AT_STRING);
    const char *ks = k ? ir_str_get(m, k->s) : "";
    if (strcmp(ks, "value") == 0) {
        if (rt != at->elem)
            return irv_error(v, op, "result type (%s) must match the runtime_arg value type (%s)",
                             irv_type_str(v, rt), irv_type_str(v, at->elem));
        return true;
    }
    bool g = strcmp(ks, "granularity") == 0;
    if (!g && strcmp(ks, "upperbound") != 0)
        return irv_error(v, op, "requires a 'kind' attribute: \"value\", \"granularity\" or \"upperbound\"");
    if (!(g ? at->granularity : at->upperbound))
        return irv_error(v, op, "cannot extract %s from runtime_arg that doesn't have one", ks);
    if (rt != m->t_index)
        return irv_error(v, op, "result type must be index when extracting %s", ks);
    return true;
}

/* ---- inter-tile communication ------------------------------------------------------ */

/* producer_tiles_per_group = set [: partial-types] -> future-type [attributes {...}] region
 * The future type may be written with its prefix elided and with or
 * without parentheses around the partials (both spellings of KTIR). */
bool ir_fmt_ktdp_produce_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_attr set;
    ir_type ft, *tys = NULL;
    uint32_t nt = 0;
    if (!irp_expect_kw(p, "producer_tiles_per_group") || !irp_expect(p, IR_T_EQUAL) ||
        !irp_attr(p, &set))
        return false;
    struct ir_loc tloc = irp_loc(p);
    if (irp_opt(p, IR_T_COLON) && !irp_type_list(p, &tys, &nt))
        return false;
    if (!irp_expect(p, IR_T_ARROW) || !irp_elided_type(p, IR_TY_TILE_FUTURE, &ft))
        return false;
    const struct ir_type_info *fi = ir_type_get(m, ft);
    if (fi->kind != IR_TY_TILE_FUTURE)
        return irp_error_at(p, tloc, "expected a tile_future result type");
    if (tys && (nt != fi->ntys || memcmp(tys, fi->tys, nt * sizeof *tys)))
        return irp_error_at(p, tloc, "partial types do not match the tile_future's");
    ir_state_set_attr(m, st, "producer_tiles_per_group", set);
    ir_region r;
    if (!irp_opt_attr_dict_kw(p, st) || !irp_region(p, &r, NULL, 0, NULL))
        return false;
    ir_state_add_region(m, st, r);
    ir_state_add_result(m, st, ft);
    return true;
}

void ir_fmt_ktdp_produce_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const hidden[] = {"producer_tiles_per_group"};
    irw_puts(w, " producer_tiles_per_group = ");
    irw_attr(w, ir_op_attr(m, op, "producer_tiles_per_group"));
    irw_puts(w, " -> ");
    irw_result_types(w, op);
    irw_attr_dict_kw(w, op, hidden, 1);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(m, op, 0), true, NULL);
}

static const char *const deliver_keys[] = {"consumer_tiles_per_group",
                                           "producer_dependency_per_consumer"};

/* (%future) consumer_tiles_per_group = set[, producer_dependency_per_consumer = set]
 *     [, identity(%v, ... : T, ...)] : future-type -> T, ... [attributes {...}] [region]
 * for inter_tile_reduce (identity and region) and inter_tile_consume. */
bool ir_fmt_ktdp_deliver_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool reduce = st->kind == IR_OP_KTDP_INTER_TILE_REDUCE;
    struct irp_operand fut, *ids = NULL;
    ir_type *idt = NULL, ft;
    uint32_t nid = 0, nidt = 0;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand(p, &fut) || !irp_expect(p, IR_T_RPAREN))
        return false;
    do {
        if (reduce && irp_opt_kw(p, "identity")) {
            if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ids, &nid) ||
                !irp_expect(p, IR_T_COLON) || !irp_type_list(p, &idt, &nidt) ||
                !irp_expect(p, IR_T_RPAREN))
                return false;
            if (nid != nidt)
                return irp_error(p, "%u identity values, but %u types", nid, nidt);
            break; /* identity(...) comes last */
        }
        struct ir_loc kloc = irp_loc(p);
        ir_str key;
        ir_attr val;
        if (!irp_ident(p, &key))
            return false;
        const char *ks = ir_str_get(m, key);
        if (strcmp(ks, deliver_keys[0]) && strcmp(ks, deliver_keys[1]))
            return irp_error_at(p, kloc, "expected '%s'%s", deliver_keys[0],
                                reduce ? ", 'producer_dependency_per_consumer' or 'identity'"
                                       : " or 'producer_dependency_per_consumer'");
        if (ir_state_get_attr(m, st, ks))
            return irp_error_at(p, kloc, "'%s' given twice", ks);
        if (!irp_expect(p, IR_T_EQUAL) || !irp_attr(p, &val))
            return false;
        ir_state_set_attr(m, st, ks, val);
    } while (irp_opt(p, IR_T_COMMA));
    ir_type *rts;
    uint32_t nr;
    if (!irp_expect(p, IR_T_COLON) || !irp_elided_type(p, IR_TY_TILE_FUTURE, &ft) ||
        !irp_expect(p, IR_T_ARROW) || !irp_result_types(p, &rts, &nr))
        return false;
    for (uint32_t i = 0; i < nr; i++)
        ir_state_add_result(m, st, rts[i]);
    while (irp_opt(p, IR_T_COMMA)) {
        ir_type t;
        if (!irp_type(p, &t))
            return false;
        ir_state_add_result(m, st, t);
    }
    if (!irp_add_operand(p, st, &fut, ft) || !irp_add_operands(p, st, ids, nid, idt, nidt) ||
        !irp_opt_attr_dict_kw(p, st))
        return false;
    if (reduce) {
        ir_region r;
        if (!irp_region(p, &r, NULL, 0, NULL))
            return false;
        ir_state_add_region(m, st, r);
    }
    return true;
}

void ir_fmt_ktdp_deliver_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    irw_puts(w, "(");
    irw_operands(w, op, 0, 1);
    irw_puts(w, ")");
    const char *sep = " ";
    for (size_t i = 0; i < 2; i++) {
        ir_attr a = ir_op_attr(m, op, deliver_keys[i]);
        if (!a)
            continue;
        irw_printf(w, "%s%s = ", sep, deliver_keys[i]);
        irw_attr(w, a);
        sep = ", ";
    }
    if (o->nopnd > 1) {
        irw_printf(w, "%sidentity(", sep);
        irw_operands(w, op, 1, o->nopnd - 1);
        irw_puts(w, " : ");
        irw_operand_types(w, op, 1, o->nopnd - 1);
        irw_puts(w, ")");
    }
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, " -> ");
    irw_result_types(w, op);
    irw_attr_dict_kw(w, op, deliver_keys, 2);
    if (o->nreg) {
        irw_puts(w, " ");
        irw_region(w, o->regs[0], true, NULL);
    }
}

/* The partial types of a tile_future operand, or NULL (after reporting). */
static const struct ir_type_info *future_of(struct ir_verifier *v, ir_op op, ir_value f)
{
    struct ir_module *m = irv_module(v);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, f));
    if (t->kind != IR_TY_TILE_FUTURE) {
        irv_error(v, op, "requires a tile_future, got %s", irv_type_str(v, ir_value_type(m, f)));
        return NULL;
    }
    return t;
}

/* A group set (g): one dim, no symbols. Tile sets (i)[g]: one dim and
 * `min_syms` to `max_syms` symbols. */
static bool check_group_set(struct ir_verifier *v, ir_op op, ir_attr a, const char *what,
                            uint32_t min_syms, uint32_t max_syms)
{
    struct ir_module *m = irv_module(v);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_INTEGER_SET)
        return irv_error(v, op, "requires an integer set '%s'", what);
    const struct ir_integer_set *s = ir_set_get(m, ai->map);
    if (s->ndims != 1 || s->nsyms < min_syms || s->nsyms > max_syms) {
        char syms[32];
        if (min_syms == max_syms)
            snprintf(syms, sizeof syms, "%u", min_syms);
        else
            snprintf(syms, sizeof syms, "%u or %u", min_syms, max_syms);
        return irv_error(v, op, "'%s' must be a set over one id with %s symbols, got (%u dims)[%u symbols]",
                         what, syms, s->ndims, s->nsyms);
    }
    return true;
}

/* The region's single block ends in `yield` whose operand types are tys. */
static bool check_yield(struct ir_verifier *v, ir_op op, uint32_t yield_kind, const char *yield_name,
                        const ir_type *tys, uint32_t n)
{
    struct ir_module *m = irv_module(v);
    ir_block b = ir_region_entry(m, ir_op_get(m, op)->regs[0]);
    ir_op last = b ? ir_block_get(m, b)->last : IR_NONE;
    if (!last || ir_op_get(m, last)->kind != yield_kind)
        return irv_error(v, op, "region must end with '%s'", yield_name);
    const struct ir_op_info *y = ir_op_get(m, last);
    if (y->nopnd != n)
        return irv_error(v, op, "'%s' yields %u values, but the tile_future has %u partials",
                         yield_name, y->nopnd, n);
    for (uint32_t i = 0; i < n; i++)
        if (ir_value_type(m, y->opnd[i]) != tys[i])
            return irv_error(v, op, "'%s' value #%u has type %s, but the partial type is %s", yield_name,
                             i, irv_type_str(v, ir_value_type(m, y->opnd[i])), irv_type_str(v, tys[i]));
    return true;
}

bool ir_verify_ktdp_produce(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 1))
        return false;
    const struct ir_type_info *ft = future_of(v, op, ir_op_get(m, op)->res);
    if (!ft || !check_group_set(v, op, ir_op_attr(m, op, "producer_tiles_per_group"),
                                "producer_tiles_per_group", 1, 1) ||
        !check_group_set(v, op, ft->attr0, "groups", 0, 0))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->nargs != 1 || ir_value_type(m, bi->args[0]) != m->t_index)
        return irv_error(v, op, "region must take one 'index' argument (the group id)");
    return check_yield(v, op, IR_OP_KTDP_YIELD_PARTIAL, "ktdp.yield_partial", ft->tys, ft->ntys);
}

/* Results: one per partial, each with the partial's element type and element
 * count (older kernels declare rank-reduced results). */
static bool check_deliver(struct ir_verifier *v, ir_op op, const struct ir_type_info *ft)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!check_group_set(v, op, ir_op_attr(m, op, deliver_keys[0]), deliver_keys[0], 1, 1))
        return false;
    ir_attr dep = ir_op_attr(m, op, deliver_keys[1]);
    if (dep && !check_group_set(v, op, dep, deliver_keys[1], 1, 2))
        return false;
    if (o->nres != ft->ntys)
        return irv_error(v, op, "has %u results, but the tile_future has %u partials", o->nres, ft->ntys);
    for (uint32_t i = 0; i < o->nres; i++) {
        ir_type r = ir_value_type(m, o->res + i), pt = ft->tys[i];
        if (ir_type_elem(m, r) != ir_type_elem(m, pt) || ir_type_numel(m, r) != ir_type_numel(m, pt))
            return irv_error(v, op, "result #%u (%s) must have the element type and count of partial %s",
                             i, irv_type_str(v, r), irv_type_str(v, pt));
    }
    return true;
}

bool ir_verify_ktdp_reduce(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, -1, 1))
        return false;
    if (!o->nopnd)
        return irv_error(v, op, "requires a tile_future operand");
    const struct ir_type_info *ft = future_of(v, op, o->opnd[0]);
    if (!ft || !check_deliver(v, op, ft))
        return false;
    if (o->nopnd - 1 != ft->ntys)
        return irv_error(v, op, "has %u identity values, but the tile_future has %u partials",
                         o->nopnd - 1, ft->ntys);
    for (uint32_t i = 0; i < ft->ntys; i++)
        if (ir_value_type(m, o->opnd[1 + i]) != ft->tys[i])
            return irv_error(v, op, "identity #%u must have the partial type %s", i,
                             irv_type_str(v, ft->tys[i]));
    ir_block b = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->nargs != 2 * ft->ntys)
        return irv_error(v, op, "combiner region must take %u arguments (lhs partials, then rhs partials)",
                         2 * ft->ntys);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (ir_value_type(m, bi->args[i]) != ft->tys[i % ft->ntys])
            return irv_error(v, op, "combiner argument #%u must have the partial type %s", i,
                             irv_type_str(v, ft->tys[i % ft->ntys]));
    return check_yield(v, op, IR_OP_KTDP_YIELD_REDUCED, "ktdp.yield_reduced", ft->tys, ft->ntys);
}

bool ir_verify_ktdp_consume(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 1, -1, 0))
        return false;
    const struct ir_type_info *ft = future_of(v, op, ir_op_get(m, op)->opnd[0]);
    return ft && check_deliver(v, op, ft);
}

bool ir_verify_ktdp_yield(struct ir_verifier *v, ir_op op)
{
    bool partial = ir_op_get(irv_module(v), op)->kind == IR_OP_KTDP_YIELD_PARTIAL;
    return irv_parent(v, op,
                      partial ? IR_OP_KTDP_INTER_TILE_PRODUCE : IR_OP_KTDP_INTER_TILE_REDUCE) &&
           irv_counts(v, op, -1, 0, 0);
}
