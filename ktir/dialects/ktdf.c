/* ktdf.c - ScheduleIR: custom forms and rules of the ktdf dialect (software
 * pipelines of stages ordered by tokens, FIFO slots, data transfers, tiling
 * placeholders, double-buffering phases) and of ktdf_lowering, the transient
 * form the backend lowers stages into on its way to DataflowIR. Syntax and
 * rules follow the reference scheduler's (see ../shared/ref/scheduler-anatomy.md
 * section 4).
 *
 * Every custom form keeps what it reads in attributes, operands and regions:
 * variadic operand groups are sized by `operandSegmentSizes`, literal sizes
 * live in `static_*_sizes` (IR_DYN marks an SSA entry), and subscripts are
 * affine maps whose dims are the subscript operands in order of first use.
 * The `attrs_type` format here is shared with the DataflowIR dialects.
 */
#include "ktir/dialects/ktdf.h"

#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/diag.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

#define MAX_LIST 64 /* subscripts, pairs and induction variables per op */

/* ---- shared helpers ------------------------------------------------------ */

ir_type ir_ktdf_token_type(struct ir_module *m)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_OPAQUE,
                                                    .name = ir_str_c(m, "ktdf.token")});
}

bool ir_ktdf_is_token(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    return ti->kind == IR_TY_OPAQUE && !ti->body && strcmp(ir_str_get(m, ti->name), "ktdf.token") == 0;
}

bool ir_ktdf_transfer_mode_is(const struct ir_module *m, ir_op op, const char *mode)
{
    ir_attr a = ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER
                    ? ir_op_attr(m, op, "transfer_mode")
                    : IR_NONE;
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_STRING && strcmp(ir_str_get(m, ai->s), mode) == 0;
}

ir_type ir_ktdf_slot_type(struct ir_module *m, ir_attr src, ir_attr dst, int64_t n, ir_type elem)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_FIFO_SLOT, .attr0 = src,
                                                    .attr1 = dst, .rank = 1, .shape = &n,
                                                    .elem = elem});
}

static bool is_slot(const struct ir_module *m, ir_type t)
{
    return ir_type_get(m, t)->kind == IR_TY_FIFO_SLOT;
}

/* The attribute `name` when it is an i64 integer, as the custom forms that
 * show it bare write it (other types print in the attribute dictionary). */
static const struct ir_attr_info *i64_attr(const struct ir_module *m, ir_op op, const char *name)
{
    const struct ir_attr_info *a = ir_attr_of_kind(m, op, name, IR_AT_INT);
    return a && a->type == m->t_i64 ? a : NULL;
}

/* The i64 attribute `name` is present and at least min (MLIR's wording). */
static bool check_min_attr(struct ir_verifier *v, ir_op op, const char *name, int64_t min)
{
    const struct ir_attr_info *a = i64_attr(irv_module(v), op, name);
    if (!a || a->i < min)
        return irv_error(v, op, "attribute '%s' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is %lld",
                         name, (long long)min);
    return true;
}

/* `applicable_units`, when present, lists unit kinds as strings. */
static bool check_units_attr(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, "applicable_units");
    if (!a)
        return true;
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    bool ok = ai->kind == IR_AT_ARRAY;
    for (uint32_t i = 0; ok && i < ai->n; i++)
        ok = ir_attr_get(m, ai->elems[i])->kind == IR_AT_STRING;
    return ok || irv_error(v, op, "'applicable_units' must be an array of unit kind strings");
}

/* A region `{...}` that always gets its one block, even when empty: the
 * bodies of pipelines, stages and execute_on need no terminator, so `{}`
 * and an empty block must read back the same. */
static bool parse_body(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_region r;
    if (!irp_region(p, &r, NULL, 0, NULL))
        return false;
    if (!ir_region_get(m, r)->first)
        ir_region_append_block(m, r, ir_block_new(m));
    ir_state_add_region(m, st, r);
    return true;
}

/* ---- attrs_type: `[{attrs}] : T` (one result, no operands) ------------------ */

bool ir_fmt_attrs_type_parse(struct ir_parser *p, struct ir_op_state *st)
{
    ir_type t;
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_state_add_result(irp_module(p), st, t);
    return true;
}

void ir_fmt_attrs_type_print(struct ir_printer *w, ir_op op)
{
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

/* ---- pipeline, stage, private --------------------------------------------- */

/* ktdf.pipeline [modulo(size: N)] { stages } [{attrs}] */
bool ir_fmt_ktdf_pipeline_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_opt_kw(p, "modulo")) {
        int64_t n;
        if (!irp_expect(p, IR_T_LPAREN) || !irp_expect_kw(p, "size") ||
            !irp_expect(p, IR_T_COLON) || !irp_int(p, &n) || !irp_expect(p, IR_T_RPAREN))
            return false;
        ir_state_set_attr(m, st, "modulo", ir_attr_int(m, n, m->t_i64));
    }
    return parse_body(p, st) && irp_opt_attr_dict(p, st);
}

void ir_fmt_ktdf_pipeline_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"modulo"};
    const struct ir_attr_info *mod = i64_attr(m, op, "modulo");
    if (mod)
        irw_printf(w, " modulo(size : %lld)", (long long)mod->i);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(m, op, 0), false, NULL);
    irw_attr_dict(w, op, elide, mod ? 1 : 0);
}

/* A single region holding at most one block. */
static bool check_single_block(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, -1, -1, 1))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    if (b && ir_block_get(m, b)->next)
        return irv_error(v, op, "expects a region with a single block");
    return true;
}

bool ir_verify_ktdf_pipeline(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 0, 1) || !check_single_block(v, op))
        return false;
    if (ir_op_attr(m, op, "modulo") && !check_min_attr(v, op, "modulo", 1))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    ir_op private = IR_NONE;
    for (ir_op c = b ? ir_block_get(m, b)->first : IR_NONE; c; c = ir_op_get(m, c)->next) {
        uint32_t k = ir_op_get(m, c)->kind;
        if (k != IR_OP_KTDF_STAGE && k != IR_OP_KTDF_PRIVATE) {
            irv_error(v, op, "immediate children must be 'ktdf.stage' or 'ktdf.private' ops");
            ir_diag_at(v->diag, m, ir_op_get(m, c)->loc, IR_SEV_NOTE, "found '%s'",
                       ir_str_get(m, ir_op_get(m, c)->name));
            return false;
        }
        if (k == IR_OP_KTDF_PRIVATE && private) {
            irv_error(v, op, "at most one immediate 'ktdf.private' child is allowed");
            ir_diag_at(v->diag, m, ir_op_get(m, private)->loc, IR_SEV_NOTE,
                       "previous 'ktdf.private' is here");
            return false;
        }
        if (k == IR_OP_KTDF_PRIVATE)
            private = c;
    }
    return true;
}

/* `none` or a token list, inside the parentheses of depends_in/out. */
static bool parse_depends(struct ir_parser *p, const char *kw, struct irp_operand **v, uint32_t *n)
{
    if (!irp_expect_kw(p, kw) || !irp_expect(p, IR_T_LPAREN))
        return false;
    if (irp_opt_kw(p, "none")) {
        *v = NULL;
        *n = 0;
    } else if (!irp_operand_list(p, v, n)) {
        return false;
    } else if (!*n) {
        return irp_error(p, "expected 'none' or tokens");
    }
    return irp_expect(p, IR_T_RPAREN);
}

/* ktdf.stage depends_in(none | %t, ...) depends_out(none | %t, ...) { ... } [{attrs}] */
bool ir_fmt_ktdf_stage_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *in, *out;
    uint32_t nin, nout;
    ir_type tok = ir_ktdf_token_type(m);
    if (!parse_depends(p, "depends_in", &in, &nin) || !parse_depends(p, "depends_out", &out, &nout) ||
        !irp_add_operands(p, st, in, nin, &tok, 1) || !irp_add_operands(p, st, out, nout, &tok, 1) ||
        !parse_body(p, st))
        return false;
    int64_t seg[2] = {nin, nout};
    ir_set_segments(m, st, 2, seg);
    return irp_opt_attr_dict(p, st);
}

static void print_depends(struct ir_printer *w, const char *kw, ir_op op, uint32_t from, uint32_t n)
{
    irw_printf(w, " %s(", kw);
    if (n)
        irw_operands(w, op, from, n);
    else
        irw_puts(w, "none");
    irw_puts(w, ")");
}

void ir_fmt_ktdf_stage_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"operandSegmentSizes"};
    uint32_t seg[2];
    ir_segments(m, op, 2, seg);
    print_depends(w, "depends_in", op, 0, seg[0]);
    print_depends(w, "depends_out", op, seg[0], seg[1]);
    irw_puts(w, " ");
    irw_region(w, ir_op_region(m, op, 0), false, NULL);
    irw_attr_dict(w, op, elide, 1);
}

/* Whether token v is a create_token result, directly or yielded by a private. */
static bool token_from_create(const struct ir_module *m, ir_value v)
{
    ir_op def = ir_value_def(m, v);
    if (!def)
        return false;
    const struct ir_op_info *d = ir_op_get(m, def);
    if (d->kind == IR_OP_KTDF_CREATE_TOKEN)
        return true;
    if (d->kind != IR_OP_KTDF_PRIVATE)
        return false;
    ir_block b = ir_region_entry(m, d->regs[0]);
    ir_op y = b ? ir_block_get(m, b)->last : IR_NONE;
    uint32_t i = v - d->res;
    if (!y || ir_op_get(m, y)->kind != IR_OP_KTDF_PRIVATE_YIELD || i >= ir_op_get(m, y)->nopnd)
        return false;
    ir_op src = ir_value_def(m, ir_op_get(m, y)->opnd[i]);
    return src && ir_op_get(m, src)->kind == IR_OP_KTDF_CREATE_TOKEN;
}

bool ir_verify_ktdf_stage(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    uint32_t seg[2];
    if (!irv_counts(v, op, -1, 0, 1) || !check_single_block(v, op) ||
        !irv_segments(v, op, 2, seg) || !irv_parent(v, op, IR_OP_KTDF_PIPELINE) ||
        !check_units_attr(v, op))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const char *dir = i < seg[0] ? "depends_in" : "depends_out";
        if (!ir_ktdf_is_token(m, ir_value_type(m, o->opnd[i])))
            return irv_error(v, op, "%s operands must be '!ktdf.token', got %s", dir,
                             irv_type_str(v, ir_value_type(m, o->opnd[i])));
        if (!token_from_create(m, o->opnd[i]))
            return irv_error(v, op, "%s token #%u must come from 'ktdf.create_token', directly or through a 'ktdf.private' result",
                             dir, i < seg[0] ? i : i - seg[0]);
    }
    return true;
}

/* %r:N = ktdf.private [-> (T, ...)] { ...; ktdf.private_yield ... } [{attrs}]
 * (format results_region, common.c) */
bool ir_verify_ktdf_private(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, -1, 1) || !check_single_block(v, op) ||
        !irv_parent(v, op, IR_OP_KTDF_PIPELINE))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_block b = ir_region_entry(m, o->regs[0]);
    if (!b) {
        if (o->nres)
            return irv_error(v, op, "has %u results but an empty region yields none", o->nres);
        return true;
    }
    ir_op y = ir_block_get(m, b)->last;
    if (!y || ir_op_get(m, y)->kind != IR_OP_KTDF_PRIVATE_YIELD)
        return irv_error(v, op, "region must end with 'ktdf.private_yield'");
    const struct ir_op_info *yi = ir_op_get(m, y);
    if (yi->nopnd != o->nres)
        return irv_error(v, op, "yields %u values but has %u results", yi->nopnd, o->nres);
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_value_type(m, yi->opnd[i]) != ir_value_type(m, o->res + i))
            return irv_error(v, op, "yielded value #%u has type %s, but the result has type %s", i,
                             irv_type_str(v, ir_value_type(m, yi->opnd[i])),
                             irv_type_str(v, ir_value_type(m, o->res + i)));
    return true;
}

bool ir_verify_ktdf_private_yield(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, -1, 0, 0) && irv_parent(v, op, IR_OP_KTDF_PRIVATE);
}

/* ---- tokens and FIFOs ------------------------------------------------------ */

bool ir_verify_ktdf_create_token(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    if (!ir_ktdf_is_token(m, ir_value_type(m, ir_op_get(m, op)->res)))
        return irv_error(v, op, "result must be '!ktdf.token'");
    return true;
}

/* %s0, %s1 = ktdf.fifo.allocate(%n, ...) [{attrs}] -> !ktdf.fifo.slot<...>, ... */
bool ir_fmt_ktdf_fifo_allocate_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ops;
    uint32_t n, nt;
    ir_type *tys;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n) ||
        !irp_expect(p, IR_T_RPAREN) || !irp_add_operands(p, st, ops, n, &m->t_index, 1) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_ARROW) || !irp_type_list(p, &tys, &nt))
        return false;
    for (uint32_t i = 0; i < nt; i++)
        ir_state_add_result(m, st, tys[i]);
    return true;
}

void ir_fmt_ktdf_fifo_allocate_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, "(");
    irw_operands(w, op, 0, ir_op_get(irw_module(w), op)->nopnd);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " -> ");
    irw_result_types(w, op);
}

bool ir_verify_ktdf_fifo_allocate(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, -1, 0) ||
        !irv_index_operands(v, op, 0, o->nopnd, "dynamic slot sizes"))
        return false;
    if (!o->nres)
        return irv_error(v, op, "requires at least one result");
    uint32_t ndyn = 0;
    for (uint32_t i = 0; i < o->nres; i++) {
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res + i));
        if (t->kind != IR_TY_FIFO_SLOT)
            return irv_error(v, op, "result #%u must be a '!ktdf.fifo.slot', got %s", i,
                             irv_type_str(v, ir_value_type(m, o->res + i)));
        for (uint32_t k = 0; k < t->rank; k++)
            ndyn += t->shape[k] == IR_DYN;
    }
    if (ndyn != o->nopnd)
        return irv_error(v, op, "the slots have %u dynamic sizes but %u size operands are given",
                         ndyn, o->nopnd);
    return true;
}

/* ---- data_transfer ------------------------------------------------------------ */

/* One side of a transfer: `%v[subscripts] size [sizes]`, both parts optional. */
struct side {
    struct irp_operand value;
    bool has_map, has_sizes;
    struct irp_subscripts subs;
    ir_aff exprs[MAX_LIST];
    uint32_t nexprs;
    struct irp_mixed sizes;
};

static bool parse_side(struct ir_parser *p, struct side *s)
{
    s->subs.nvars = s->subs.nids = s->nexprs = 0;
    s->sizes = (struct irp_mixed){0};
    if (!irp_operand(p, &s->value))
        return false;
    s->has_map = irp_opt(p, IR_T_LSQUARE);
    if (s->has_map && (!irp_subscripts(p, &s->subs, s->exprs, &s->nexprs, MAX_LIST) ||
                       !irp_expect(p, IR_T_RSQUARE)))
        return false;
    s->has_sizes = irp_opt_kw(p, "size");
    return !s->has_sizes || irp_mixed_list(p, &s->sizes);
}

/* Adds a side's operands (value, subscript operands, size operands) and
 * attributes; seg gets the three segment sizes. */
static bool add_side(struct ir_parser *p, struct ir_op_state *st, struct side *s, ir_type t,
                     const char *map_name, const char *sizes_name, int64_t *seg)
{
    struct ir_module *m = irp_module(p);
    if (!irp_add_operand(p, st, &s->value, t) ||
        !irp_add_operands(p, st, s->subs.ids, s->subs.nids, &m->t_index, 1) ||
        !irp_add_operands(p, st, s->sizes.dyn, s->sizes.ndyn, &m->t_index, 1))
        return false;
    if (s->has_map)
        ir_state_set_attr(m, st, map_name,
                          ir_attr_affine_map(m, ir_map_intern(m, s->subs.nids, 0, s->nexprs, s->exprs)));
    if (s->has_sizes)
        ir_state_set_attr(m, st, sizes_name, ir_attr_dense_array(m, m->t_i64, s->sizes.n, s->sizes.stat));
    seg[0] = 1;
    seg[1] = s->subs.nids;
    seg[2] = s->sizes.ndyn;
    return true;
}

/* ktdf.data_transfer from SIDE to SIDE [{attrs}] : SrcType, DstType, a SIDE
 * being `%v[subscripts] size [sizes]` (a FIFO side has no subscripts, and
 * may omit its size). */
bool ir_fmt_ktdf_data_transfer_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct side src, dst;
    ir_type ts, td;
    int64_t seg[6];
    if (!irp_expect_kw(p, "from") || !parse_side(p, &src) || !irp_expect_kw(p, "to") ||
        !parse_side(p, &dst) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &ts) || !irp_expect(p, IR_T_COMMA) || !irp_type(p, &td) ||
        !add_side(p, st, &src, ts, "source_map", "static_source_sizes", seg) ||
        !add_side(p, st, &dst, td, "dest_map", "static_dest_sizes", seg + 3))
        return false;
    ir_set_segments(m, st, 6, seg);
    return true;
}

/* Prints a side whose operands start at `first` (seg: its three sizes). */
static void print_side(struct ir_printer *w, ir_op op, uint32_t first, const uint32_t *seg,
                       const char *map_name, const char *sizes_name)
{
    const struct ir_module *m = irw_module(w);
    irw_puts(w, " ");
    irw_operands(w, op, first, 1);
    const struct ir_attr_info *map = ir_attr_of_kind(m, op, map_name, IR_AT_AFFINE_MAP);
    if (map) {
        const struct ir_affine_map *mp = ir_map_get(m, map->map);
        struct irw_subscript_names ln = {op, first + 1, UINT32_MAX, IR_NONE};
        irw_puts(w, "[");
        for (uint32_t i = 0; i < mp->nres; i++) {
            if (i)
                irw_puts(w, ", ");
            irw_affine_expr(w, mp->res[i], irw_subscript_leaf, &ln);
        }
        irw_puts(w, "]");
    }
    if (ir_attr_of_kind(m, op, sizes_name, IR_AT_DENSE_ARRAY)) {
        uint32_t k = first + 1 + seg[1];
        irw_puts(w, " size ");
        irw_mixed_list(w, op, sizes_name, &k);
    }
}

static const char *const transfer_hidden[] = {"operandSegmentSizes", "source_map", "dest_map",
                                              "static_source_sizes", "static_dest_sizes"};

void ir_fmt_ktdf_data_transfer_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    uint32_t seg[6];
    ir_segments(m, op, 6, seg);
    irw_puts(w, " from");
    print_side(w, op, 0, seg, "source_map", "static_source_sizes");
    irw_puts(w, " to");
    print_side(w, op, seg[0] + seg[1] + seg[2], seg + 3, "dest_map", "static_dest_sizes");
    irw_attr_dict(w, op, transfer_hidden, 5);
    irw_puts(w, " : ");
    irw_operand_types(w, op, 0, 1);
    irw_puts(w, ", ");
    irw_operand_types(w, op, seg[0] + seg[1] + seg[2], 1);
}

/* The rules of one side ("source" or "dest") whose operands start at first. */
static bool check_side(struct ir_verifier *v, ir_op op, const char *side, uint32_t first,
                       const uint32_t *seg, const char *map_name, const char *sizes_name)
{
    struct ir_module *m = irv_module(v);
    ir_type t = ir_value_type(m, ir_op_get(m, op)->opnd[first]);
    const struct ir_type_info *ti = ir_type_get(m, t);
    ir_attr ma = ir_op_attr(m, op, map_name), sa = ir_op_attr(m, op, sizes_name);
    if (seg[0] != 1)
        return irv_error(v, op, "requires exactly one %s operand", side);
    if (!irv_index_operands(v, op, first + 1, seg[1] + seg[2], "subscripts and sizes"))
        return false;
    if (sa && ir_attr_get(m, sa)->kind != IR_AT_DENSE_ARRAY)
        return irv_error(v, op, "'%s' must be an array<i64: ...>", sizes_name);
    if (ma && ir_attr_get(m, ma)->kind != IR_AT_AFFINE_MAP)
        return irv_error(v, op, "'%s' must be an affine map", map_name);
    if (sa) {
        const struct ir_attr_info *si = ir_attr_get(m, sa);
        uint32_t ndyn = 0;
        for (uint32_t i = 0; i < si->n; i++) {
            if (si->ints[i] != IR_DYN && si->ints[i] < 0)
                return irv_error(v, op, "%s sizes must not be negative", side);
            ndyn += si->ints[i] == IR_DYN;
        }
        if (ndyn != seg[2])
            return irv_error(v, op, "%s has %u dynamic sizes but %u size operands", side, ndyn, seg[2]);
    } else if (seg[2]) {
        return irv_error(v, op, "%s size operands given without '%s'", side, sizes_name);
    }
    if (ti->kind == IR_TY_FIFO_SLOT) {
        if (ma)
            return irv_error(v, op, "%s_map must be absent for fifo %s", side, side);
        if (seg[1])
            return irv_error(v, op, "a fifo %s takes no subscripts", side);
        return true;
    }
    if (ti->kind != IR_TY_MEMREF)
        return irv_error(v, op, "%s must be a memref or a '!ktdf.fifo.slot', got %s", side,
                         irv_type_str(v, t));
    if (!ma)
        return irv_error(v, op, "requires '%s' for a memref %s", map_name, side);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, ma)->map);
    if (mp->ndims + mp->nsyms != seg[1])
        return irv_error(v, op, "%s has %u inputs but %u subscript operands are given", map_name,
                         mp->ndims + mp->nsyms, seg[1]);
    if (mp->nsyms)
        return irv_error(v, op, "%s must have 0 symbols (dims-only); got %u", map_name, mp->nsyms);
    if (mp->nres != ti->rank)
        return irv_error(v, op, "%s memref has rank %u but %s has %u results", side, ti->rank,
                         map_name, mp->nres);
    if (!sa)
        return irv_error(v, op, "requires '%s' for a memref %s", sizes_name, side);
    if (ir_attr_get(m, sa)->n != ti->rank)
        return irv_error(v, op, "%s size count (%u) must match memref rank (%u)", side,
                         ir_attr_get(m, sa)->n, ti->rank);
    return true;
}

bool ir_verify_ktdf_data_transfer(struct ir_verifier *v, ir_op op)
{
    uint32_t seg[6];
    return irv_counts(v, op, -1, 0, 0) && irv_segments(v, op, 6, seg) &&
           check_side(v, op, "source", 0, seg, "source_map", "static_source_sizes") &&
           check_side(v, op, "dest", seg[0] + seg[1] + seg[2], seg + 3, "dest_map",
                      "static_dest_sizes");
}

/* %v = ktdf.read_from_fifo %slot [{attrs}] : <slot> -> T */
bool ir_fmt_ktdf_read_from_fifo_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return irp_elided_get(p, st, IR_TY_FIFO_SLOT);
}

void ir_fmt_ktdf_read_from_fifo_print(struct ir_printer *w, ir_op op)
{
    irw_elided_get(w, op, IR_TY_FIFO_SLOT);
}

/* ktdf.write_to_fifo %data, %slot [{attrs}] : T, <slot> */
bool ir_fmt_ktdf_write_to_fifo_parse(struct ir_parser *p, struct ir_op_state *st)
{
    return irp_elided_put(p, st, IR_TY_FIFO_SLOT);
}

void ir_fmt_ktdf_write_to_fifo_print(struct ir_printer *w, ir_op op)
{
    irw_elided_put(w, op, IR_TY_FIFO_SLOT);
}

/* read_from_fifo and write_to_fifo: the data (a tensor, or a memref standing
 * for a buffer scoped to its region) holds as many elements as the slot. */
bool ir_verify_ktdf_fifo_access(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    bool read = ir_op_get(m, op)->kind == IR_OP_KTDF_READ_FROM_FIFO;
    if (!irv_counts(v, op, read ? 1 : 2, read ? 1 : 0, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_type slot = ir_value_type(m, o->opnd[read ? 0 : 1]);
    ir_type data = read ? ir_value_type(m, o->res) : ir_value_type(m, o->opnd[0]);
    if (!is_slot(m, slot))
        return irv_error(v, op, "requires a '!ktdf.fifo.slot' operand, got %s", irv_type_str(v, slot));
    uint8_t dk = ir_type_get(m, data)->kind;
    if (dk != IR_TY_TENSOR && dk != IR_TY_MEMREF)
        return irv_error(v, op, "data must be a tensor or a memref, got %s", irv_type_str(v, data));
    int64_t ns = ir_type_numel(m, slot), nd = ir_type_numel(m, data);
    if ((ns < 0) != (nd < 0))
        return irv_error(v, op, "the slot and the data must be both static or both dynamic in size");
    if (ns != nd)
        return irv_error(v, op, "data holds %lld elements but the slot %lld", (long long)nd,
                         (long long)ns);
    return true;
}

/* ---- parallel --------------------------------------------------------------- */

static bool paren_operands(struct ir_parser *p, struct irp_operand **v, uint32_t *n)
{
    return irp_expect(p, IR_T_LPAREN) && irp_operand_list(p, v, n) && irp_expect(p, IR_T_RPAREN);
}

/* ktdf.parallel (%iv, ..., %inst) = (lb, ...) to (ub, ...) step (st, ...)
 *     distribute(num_instances = N) { ...; ktdf.parallel_yield } [{attrs}] */
bool ir_fmt_ktdf_parallel_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *names, *lb, *ub, *step;
    uint32_t nn, nlb, nub, nstep;
    int64_t ninst;
    if (!paren_operands(p, &names, &nn) || !irp_expect(p, IR_T_EQUAL))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!paren_operands(p, &lb, &nlb) || !irp_expect_kw(p, "to") || !paren_operands(p, &ub, &nub) ||
        !irp_expect_kw(p, "step") || !paren_operands(p, &step, &nstep) ||
        !irp_expect_kw(p, "distribute") || !irp_expect(p, IR_T_LPAREN) ||
        !irp_expect_kw(p, "num_instances") || !irp_expect(p, IR_T_EQUAL) || !irp_int(p, &ninst) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    if (nlb != nub || nlb != nstep)
        return irp_error_at(p, loc, "%u lower bounds, %u upper bounds and %u steps", nlb, nub, nstep);
    if (nn != nlb + 1)
        return irp_error_at(p, loc, "expected %u names (an induction variable per dimension, then the instance id), got %u",
                            nlb + 1, nn);
    if (!irp_add_operands(p, st, lb, nlb, &m->t_index, 1) ||
        !irp_add_operands(p, st, ub, nub, &m->t_index, 1) ||
        !irp_add_operands(p, st, step, nstep, &m->t_index, 1))
        return false;
    struct irp_arg args[MAX_LIST + 1];
    if (nn > MAX_LIST + 1)
        return irp_error_at(p, loc, "too many induction variables");
    for (uint32_t i = 0; i < nn; i++)
        args[i] = (struct irp_arg){names[i], m->t_index};
    ir_region r;
    if (!irp_region(p, &r, args, nn, NULL))
        return false;
    ir_state_add_region(m, st, r);
    int64_t seg[3] = {nlb, nlb, nlb};
    ir_set_segments(m, st, 3, seg);
    ir_state_set_attr(m, st, "num_instances", ir_attr_int(m, ninst, m->t_i64));
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_ktdf_parallel_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"operandSegmentSizes", "num_instances"};
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, o->regs[0]));
    uint32_t n = o->nopnd / 3;
    irw_scope_push(w);
    irw_puts(w, " (");
    for (uint32_t i = 0; i < b->nargs; i++) {
        if (i)
            irw_puts(w, ", ");
        irw_value(w, b->args[i]);
    }
    irw_puts(w, ") = (");
    irw_operands(w, op, 0, n);
    irw_puts(w, ") to (");
    irw_operands(w, op, n, n);
    irw_puts(w, ") step (");
    irw_operands(w, op, 2 * n, n);
    const struct ir_attr_info *ni = i64_attr(m, op, "num_instances");
    irw_printf(w, ") distribute(num_instances = %lld) ", ni ? (long long)ni->i : 0LL);
    irw_region(w, o->regs[0], false, NULL);
    irw_scope_pop(w);
    irw_attr_dict(w, op, elide, 2);
}

bool ir_verify_ktdf_parallel(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    uint32_t seg[3];
    if (!irv_counts(v, op, -1, 0, 1) || !check_single_block(v, op) || !irv_segments(v, op, 3, seg))
        return false;
    if (seg[0] != seg[1] || seg[0] != seg[2])
        return irv_error(v, op, "requires as many lower bounds, upper bounds and steps");
    if (!seg[0])
        return irv_error(v, op, "requires at least one induction variable");
    if (!irv_index_operands(v, op, 0, 3 * seg[0], "bounds and steps") ||
        !check_min_attr(v, op, "num_instances", 1))
        return false;
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->nargs != seg[0] + 1)
        return irv_error(v, op, "body must take %u induction variables and the instance id", seg[0]);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (ir_value_type(m, bi->args[i]) != m->t_index)
            return irv_error(v, op, "body arguments must be of type 'index'");
    if (!bi->last || ir_op_get(m, bi->last)->kind != IR_OP_KTDF_PARALLEL_YIELD)
        return irv_error(v, op, "body must end with 'ktdf.parallel_yield'");
    return true;
}

bool ir_verify_ktdf_parallel_yield(struct ir_verifier *v, ir_op op)
{
    return irv_counts(v, op, 0, 0, 0) && irv_parent(v, op, IR_OP_KTDF_PARALLEL);
}

/* ---- tiling, buffer phases ------------------------------------------------------ */

bool ir_verify_ktdf_reserve_size(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    if (ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    static const char *const names[] = {"divisibility", "min_value"};
    for (size_t i = 0; i < 2; i++) {
        const struct ir_attr_info *a = ir_attr_of_kind(m, op, names[i], IR_AT_INT);
        if (!a || a->i < 1)
            return irv_error(v, op, "requires a positive integer attribute '%s'", names[i]);
    }
    return true;
}

/* derive_size:     [%iv : %tile], ..., total_size = %n [{attrs}] : index
 * linearize_index: [%iv : %stride], ... [{attrs}] : index */
bool ir_fmt_ktdf_pairs_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    bool derive = strcmp(ir_str_get(m, st->name), "ktdf.tiling.derive_size") == 0;
    struct irp_operand a[MAX_LIST], b[MAX_LIST], total;
    uint32_t n = 0;
    bool has_total = false;
    for (;;) {
        if (derive && irp_opt_kw(p, "total_size")) {
            if (!irp_expect(p, IR_T_EQUAL) || !irp_operand(p, &total))
                return false;
            has_total = true;
            break;
        }
        if (n && !irp_peek(p, IR_T_LSQUARE))
            return irp_error(p, derive ? "expected '[' or 'total_size'" : "expected '['");
        if (!irp_peek(p, IR_T_LSQUARE))
            break;
        if (n == MAX_LIST)
            return irp_error(p, "too many pairs");
        if (!irp_expect(p, IR_T_LSQUARE) || !irp_operand(p, &a[n]) || !irp_expect(p, IR_T_COLON) ||
            !irp_operand(p, &b[n]) || !irp_expect(p, IR_T_RSQUARE))
            return false;
        n++;
        if (!irp_opt(p, IR_T_COMMA))
            break;
    }
    if (derive && !has_total)
        return irp_error(p, "expected ', total_size = ...'");
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON))
        return false;
    ir_type t;
    if (!irp_type(p, &t) || !irp_add_operands(p, st, a, n, &m->t_index, 1) ||
        !irp_add_operands(p, st, b, n, &m->t_index, 1) ||
        (derive && !irp_add_operand(p, st, &total, m->t_index)))
        return false;
    int64_t seg[3] = {n, n, 1};
    ir_set_segments(m, st, derive ? 3 : 2, seg);
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_ktdf_pairs_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"operandSegmentSizes"};
    bool derive = ir_op_get(m, op)->kind == IR_OP_KTDF_TILING_DERIVE_SIZE;
    uint32_t seg[3];
    ir_segments(m, op, derive ? 3 : 2, seg);
    for (uint32_t i = 0; i < seg[0]; i++) {
        irw_puts(w, i ? ", [" : " [");
        irw_operands(w, op, i, 1);
        irw_puts(w, " : ");
        irw_operands(w, op, seg[0] + i, 1);
        irw_puts(w, "]");
    }
    if (derive) {
        irw_puts(w, seg[0] ? ", total_size = " : " total_size = ");
        irw_operands(w, op, 2 * seg[0], 1);
    }
    irw_attr_dict(w, op, elide, 1);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_ktdf_pairs(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    bool derive = ir_op_get(m, op)->kind == IR_OP_KTDF_TILING_DERIVE_SIZE;
    uint32_t seg[3];
    if (!irv_counts(v, op, -1, 1, 0) || !irv_segments(v, op, derive ? 3 : 2, seg))
        return false;
    if (seg[0] != seg[1] || (derive && seg[2] != 1))
        return irv_error(v, op, "requires as many %s as induction variables%s",
                         derive ? "tile sizes" : "strides", derive ? " and one total size" : "");
    if (!seg[0])
        return irv_error(v, op, "must have at least one [iv : %s] pair",
                         derive ? "tile_size" : "stride");
    if (!irv_index_operands(v, op, 0, ir_op_get(m, op)->nopnd, "operands"))
        return false;
    if (ir_value_type(m, ir_op_get(m, op)->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    return true;
}

/* %p = ktdf.buffer_phase(%iv, ...) {num_phases = N : i64} : index */
bool ir_fmt_ktdf_buffer_phase_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ivs;
    uint32_t n;
    ir_type t;
    if (!paren_operands(p, &ivs, &n) || !irp_add_operands(p, st, ivs, n, &m->t_index, 1) ||
        !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) || !irp_type(p, &t))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_ktdf_buffer_phase_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, "(");
    irw_operands(w, op, 0, ir_op_get(irw_module(w), op)->nopnd);
    irw_puts(w, ")");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_ktdf_buffer_phase(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    if (!o->nopnd)
        return irv_error(v, op, "requires at least one induction variable operand");
    if (!irv_index_operands(v, op, 0, o->nopnd, "induction variables") ||
        !check_min_attr(v, op, "num_phases", 2))
        return false;
    if (ir_value_type(m, o->res) != m->t_index)
        return irv_error(v, op, "result must be of type 'index'");
    return true;
}

/* %m = ktdf.select_memref %phase[%a, %b, ...] [{attrs}] : T */
bool ir_fmt_ktdf_select_memref_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand phase, *cands;
    uint32_t n;
    ir_type t;
    if (!irp_operand(p, &phase) || !irp_expect(p, IR_T_LSQUARE) || !irp_operand_list(p, &cands, &n) ||
        !irp_expect(p, IR_T_RSQUARE) || !irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON) ||
        !irp_type(p, &t) || !irp_add_operand(p, st, &phase, m->t_index) ||
        !irp_add_operands(p, st, cands, n, &t, 1))
        return false;
    ir_state_add_result(m, st, t);
    return true;
}

void ir_fmt_ktdf_select_memref_print(struct ir_printer *w, ir_op op)
{
    irw_puts(w, " ");
    irw_operands(w, op, 0, 1);
    irw_puts(w, "[");
    irw_operands(w, op, 1, ir_op_get(irw_module(w), op)->nopnd - 1);
    irw_puts(w, "]");
    irw_attr_dict(w, op, NULL, 0);
    irw_puts(w, " : ");
    irw_result_types(w, op);
}

bool ir_verify_ktdf_select_memref(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nopnd < 3)
        return irv_error(v, op, "requires at least 2 candidate memrefs");
    ir_type t = ir_value_type(m, o->res);
    if (ir_type_get(m, t)->kind != IR_TY_MEMREF)
        return irv_error(v, op, "result must be a memref, got %s", irv_type_str(v, t));
    if (!irv_index_operands(v, op, 0, 1, "the phase"))
        return false;
    for (uint32_t i = 1; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != t)
            return irv_error(v, op, "candidate #%u has type %s, but the result %s", i - 1,
                             irv_type_str(v, ir_value_type(m, o->opnd[i])), irv_type_str(v, t));
    ir_op phase = ir_value_def(m, o->opnd[0]);
    if (phase && ir_op_get(m, phase)->kind == IR_OP_KTDF_BUFFER_PHASE) {
        const struct ir_attr_info *np = ir_attr_of_kind(m, phase, "num_phases", IR_AT_INT);
        if (np && np->i != (int64_t)(o->nopnd - 1))
            return irv_error(v, op, "phase op num_phases (%lld) must equal candidate count (%u)",
                             (long long)np->i, o->nopnd - 1);
    }
    return true;
}

/* ---- opaque ------------------------------------------------------------------ */

/* `ins(%a, ...: T, ...)` after the keyword; n == 0 when the group is absent. */
static bool parse_group(struct ir_parser *p, const char *kw, struct irp_operand **ops, uint32_t *n,
                        ir_type **tys)
{
    *n = 0;
    if (!irp_opt_kw(p, kw))
        return true;
    uint32_t nt = 0;
    struct ir_loc loc;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, ops, n) || !irp_expect(p, IR_T_COLON))
        return false;
    loc = irp_loc(p);
    if (!irp_type_list(p, tys, &nt) || !irp_expect(p, IR_T_RPAREN))
        return false;
    if (nt != *n)
        return irp_error_at(p, loc, "%u operands present, but %u types", *n, nt);
    return true;
}

/* ktdf.opaque "TEMPLATE" [-> T | (T, ...)] [ins(%a, ...: T, ...)] [outs(%b, ...: T, ...)] [{attrs}]:
 * a destination-passing wrapper around a target intrinsic. */
bool ir_fmt_ktdf_opaque_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_str tmpl;
    ir_type *res = NULL, *tin = NULL, *tout = NULL;
    uint32_t nres = 0, nin, nout;
    struct irp_operand *in = NULL, *out = NULL;
    if (!irp_string(p, &tmpl) || (irp_opt(p, IR_T_ARROW) && !irp_result_types(p, &res, &nres)) ||
        !parse_group(p, "ins", &in, &nin, &tin) || !parse_group(p, "outs", &out, &nout, &tout) ||
        !irp_add_operands(p, st, in, nin, tin, nin) || !irp_add_operands(p, st, out, nout, tout, nout) ||
        !irp_opt_attr_dict(p, st))
        return false;
    for (uint32_t i = 0; i < nres; i++)
        ir_state_add_result(m, st, res[i]);
    int64_t seg[2] = {nin, nout};
    ir_state_set_attr(m, st, "template",
                      ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = tmpl}));
    ir_set_segments(m, st, 2, seg);
    return true;
}

static void print_group(struct ir_printer *w, ir_op op, const char *kw, uint32_t from, uint32_t n)
{
    if (!n)
        return;
    irw_newline(w, 1);
    irw_printf(w, "%s(", kw);
    irw_operands(w, op, from, n);
    irw_puts(w, ": ");
    irw_operand_types(w, op, from, n);
    irw_puts(w, ")");
}

void ir_fmt_ktdf_opaque_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"template", "operandSegmentSizes"};
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[2];
    ir_segments(m, op, 2, seg);
    irw_puts(w, " ");
    irw_attr(w, ir_op_attr(m, op, "template"));
    if (o->nres == 1) {
        irw_puts(w, " -> ");
        irw_result_types(w, op);
    } else if (o->nres) {
        irw_puts(w, " -> (");
        irw_result_types(w, op);
        irw_puts(w, ")");
    }
    print_group(w, op, "ins", 0, seg[0]);
    print_group(w, op, "outs", seg[0], seg[1]);
    irw_attr_dict(w, op, elide, 2);
}

bool ir_verify_ktdf_opaque(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    uint32_t seg[2];
    if (!irv_counts(v, op, -1, -1, 0) || !irv_segments(v, op, 2, seg))
        return false;
    if (!ir_attr_of_kind(m, op, "template", IR_AT_STRING))
        return irv_error(v, op, "requires a string attribute 'template'");
    return true;
}

/* ---- ktdf_lowering ------------------------------------------------------------ */

/* ktdf_lowering.execute_on [%unit, ...] { ... } [{attrs}] */
bool ir_fmt_ktdf_execute_on_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *units;
    uint32_t n;
    return irp_operand_list(p, &units, &n) && irp_add_operands(p, st, units, n, &m->t_index, 1) &&
           parse_body(p, st) && irp_opt_attr_dict(p, st);
}

void ir_fmt_ktdf_execute_on_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    irw_puts(w, " ");
    if (o->nopnd) {
        irw_operands(w, op, 0, o->nopnd);
        irw_puts(w, " ");
    }
    irw_region(w, o->regs[0], false, NULL);
    irw_attr_dict(w, op, NULL, 0);
}

/* ktdf_lowering.signal [%unit, ...] [{attrs}] */
bool ir_fmt_ktdf_signal_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *units;
    uint32_t n;
    return irp_operand_list(p, &units, &n) &&
           irp_add_operands(p, st, units, n, &irp_module(p)->t_index, 1) &&
           irp_opt_attr_dict(p, st);
}

void ir_fmt_ktdf_signal_print(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(irw_module(w), op);
    if (o->nopnd) {
        irw_puts(w, " ");
        irw_operands(w, op, 0, o->nopnd);
    }
    irw_attr_dict(w, op, NULL, 0);
}

/* execute_on and signal: unit handles are indices; a signal links two or more. */
bool ir_verify_ktdf_units(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    bool exec = ir_op_get(m, op)->kind == IR_OP_KTDF_LOWERING_EXECUTE_ON;
    if (!irv_counts(v, op, -1, 0, exec ? 1 : 0) || (exec && !check_single_block(v, op)))
        return false;
    uint32_t n = ir_op_get(m, op)->nopnd;
    if (!exec && n == 1)
        return irv_error(v, op, "signals between two or more units, or names unit kinds in 'applicable_units'");
    return irv_index_operands(v, op, 0, n, "unit operands") && check_units_attr(v, op);
}
