/* affine.c - custom forms and rules of the affine ops the scheduler's IR
 * uses: apply, min, max (an affine map applied to index operands) and for
 * (bounds given by affine maps) with its yield.
 */
#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* `map(%d, ...)[%s, ...]`: the map (an attribute or #alias) and its index
 * operands, dims then symbols, appended to st. */
static bool parse_map_operands(struct ir_parser *p, struct ir_op_state *st, ir_attr *map)
{
    struct ir_module *m = irp_module(p);
    struct ir_loc loc = irp_loc(p);
    struct irp_operand *dims, *syms = NULL;
    uint32_t nd, ns = 0;
    if (!irp_attr(p, map))
        return false;
    if (ir_attr_get(m, *map)->kind != IR_AT_AFFINE_MAP)
        return irp_error_at(p, loc, "expected an affine map");
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &dims, &nd) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    if (irp_opt(p, IR_T_LSQUARE) && (!irp_operand_list(p, &syms, &ns) || !irp_expect(p, IR_T_RSQUARE)))
        return false;
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, *map)->map);
    if (nd != mp->ndims || ns != mp->nsyms)
        return irp_error_at(p, loc, "the map takes %u dimensions and %u symbols, got %u and %u",
                            mp->ndims, mp->nsyms, nd, ns);
    return irp_add_operands(p, st, dims, nd, &m->t_index, 1) &&
           irp_add_operands(p, st, syms, ns, &m->t_index, 1);
}

/* `map(%d, ...)[%s, ...]` with operands [from, ...) of op. */
static void print_map_operands(struct ir_printer *w, ir_op op, ir_attr map, uint32_t from)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, map)->map);
    irw_attr(w, map);
    irw_puts(w, "(");
    irw_operands(w, op, from, mp->ndims);
    irw_puts(w, ")");
    if (mp->nsyms) {
        irw_puts(w, "[");
        irw_operands(w, op, from + mp->ndims, mp->nsyms);
        irw_puts(w, "]");
    }
}

/* The affine map attribute `name` of op, or NULL after reporting. */
static const struct ir_affine_map *map_attr(struct ir_verifier *v, ir_op op, const char *name)
{
    struct ir_module *m = irv_module(v);
    ir_attr a = ir_op_attr(m, op, name);
    if (!a || ir_attr_get(m, a)->kind != IR_AT_AFFINE_MAP) {
        irv_error(v, op, "requires an affine map attribute '%s'", name);
        return NULL;
    }
    return ir_map_get(m, ir_attr_get(m, a)->map);
}

static bool index_operands(struct ir_verifier *v, ir_op op, uint32_t from, uint32_t n)
{
    struct ir_module *m = irv_module(v);
    for (uint32_t i = from; i < from + n; i++)
        if (ir_value_type(m, ir_op_get(m, op)->opnd[i]) != m->t_index)
            return irv_error(v, op, "operand #%u must be index", i);
    return true;
}

/* affine.apply / min / max:  map(%d, ...)[%s, ...] [{attrs}] */
bool ir_fmt_affine_apply_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_attr map;
    if (!parse_map_operands(p, st, &map) || !irp_opt_attr_dict(p, st))
        return false;
    ir_state_set_attr(m, st, "map", map);
    ir_state_add_result(m, st, m->t_index);
    return true;
}

void ir_fmt_affine_apply_print(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"map"};
    irw_puts(w, " ");
    print_map_operands(w, op, ir_op_attr(irw_module(w), op, "map"), 0);
    irw_attr_dict(w, op, elide, 1);
}

bool ir_verify_affine_apply(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, 1, 0))
        return false;
    const struct ir_affine_map *mp = map_attr(v, op, "map");
    if (!mp)
        return false;
    if (o->kind == IR_OP_AFFINE_APPLY ? mp->nres != 1 : mp->nres < 1)
        return irv_error(v, op, "requires a map with %s result, got %u",
                         o->kind == IR_OP_AFFINE_APPLY ? "one" : "at least one", mp->nres);
    if (o->nopnd != mp->ndims + mp->nsyms)
        return irv_error(v, op, "has %u operands, but the map takes %u dimensions and %u symbols",
                         o->nopnd, mp->ndims, mp->nsyms);
    if (ir_value_type(m, o->res) != m->t_index)
        return irv_error(v, op, "result must be index");
    return index_operands(v, op, 0, o->nopnd);
}

/* A loop bound: an integer, an SSA value (a symbol), or
 * [max|min] map(%d, ...)[%s, ...]. */
static bool parse_bound(struct ir_parser *p, struct ir_op_state *st, bool lower, ir_attr *map)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_INT) || irp_peek(p, IR_T_MINUS)) {
        int64_t c;
        if (!irp_int(p, &c))
            return false;
        ir_aff e = ir_aff_const(m, c);
        *map = ir_attr_affine_map(m, ir_map_intern(m, 0, 0, 1, &e));
        return true;
    }
    if (irp_peek_operand(p)) {
        struct irp_operand x;
        ir_aff e = ir_aff_sym(m, 0);
        if (!irp_operand(p, &x) || !irp_add_operand(p, st, &x, m->t_index))
            return false;
        *map = ir_attr_affine_map(m, ir_map_intern(m, 0, 1, 1, &e));
        return true;
    }
    irp_opt_kw(p, lower ? "max" : "min");
    return parse_map_operands(p, st, map);
}

static void print_bound(struct ir_printer *w, ir_op op, ir_attr map, uint32_t from, bool lower)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, map)->map);
    const struct ir_aff_info *e = mp->nres == 1 ? ir_aff_get(m, mp->res[0]) : NULL;
    if (e && !mp->ndims && !mp->nsyms && e->kind == IR_AFF_CONST) {
        irw_printf(w, "%lld", (long long)e->v);
    } else if (e && !mp->ndims && mp->nsyms == 1 && e->kind == IR_AFF_SYM) {
        irw_operands(w, op, from, 1);
    } else {
        if (mp->nres > 1)
            irw_puts(w, lower ? "max " : "min ");
        print_map_operands(w, op, map, from);
    }
}

static const char *const for_attrs[] = {"lowerBoundMap", "upperBoundMap", "step",
                                        "operandSegmentSizes"};

/* %iv = lb to ub [step N] { ... } [{attrs}] */
bool ir_fmt_affine_for_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_arg iv = {.type = m->t_index};
    ir_attr lb, ub;
    int64_t step = 1;
    if (!irp_operand(p, &iv.name) || !irp_expect(p, IR_T_EQUAL) || !parse_bound(p, st, true, &lb))
        return false;
    uint32_t nlb = st->nopnd;
    if (!irp_expect_kw(p, "to") || !parse_bound(p, st, false, &ub))
        return false;
    struct ir_loc sloc = irp_loc(p);
    if (irp_opt_kw(p, "step")) {
        sloc = irp_loc(p);
        if (!irp_int(p, &step))
            return false;
        if (step <= 0)
            return irp_error_at(p, sloc, "step must be positive");
    }
    int64_t seg[3] = {nlb, st->nopnd - nlb, 0};
    ir_state_set_attr(m, st, for_attrs[0], lb);
    ir_state_set_attr(m, st, for_attrs[1], ub);
    ir_state_set_attr(m, st, for_attrs[2], ir_attr_int(m, step, m->t_index));
    ir_set_segments(m, st, 3, seg);
    ir_region r;
    if (!irp_region(p, &r, &iv, 1, "affine.yield"))
        return false;
    ir_state_add_region(m, st, r);
    return irp_opt_attr_dict(p, st);
}

void ir_fmt_affine_for_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[3];
    ir_segments(m, op, 3, seg);
    int64_t step = ir_attr_get(m, ir_op_attr(m, op, "step"))->i;
    irw_scope_push(w);
    irw_puts(w, " ");
    irw_value(w, ir_block_get(m, ir_region_entry(m, o->regs[0]))->args[0]);
    irw_puts(w, " = ");
    print_bound(w, op, ir_op_attr(m, op, "lowerBoundMap"), 0, true);
    irw_puts(w, " to ");
    print_bound(w, op, ir_op_attr(m, op, "upperBoundMap"), seg[0], false);
    if (step != 1)
        irw_printf(w, " step %lld", (long long)step);
    irw_puts(w, " ");
    irw_region(w, o->regs[0], false, "affine.yield");
    irw_scope_pop(w);
    irw_attr_dict(w, op, for_attrs, 4);
}

bool ir_verify_affine_for(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!irv_counts(v, op, -1, -1, 1))
        return false;
    uint32_t seg[3];
    if (!ir_segments(m, op, 3, seg) ||
        ir_attr_of_kind(m, op, "operandSegmentSizes", IR_AT_DENSE_ARRAY)->type != m->t_i32)
        return irv_error(v, op, "requires 'operandSegmentSizes' = array<i32: #lower, #upper, "
                                "#inits> adding up to its %u operands", o->nopnd);
    const struct ir_affine_map *lb = map_attr(v, op, "lowerBoundMap");
    const struct ir_affine_map *ub = lb ? map_attr(v, op, "upperBoundMap") : NULL;
    if (!ub)
        return false;
    if (!lb->nres || !ub->nres)
        return irv_error(v, op, "bound maps must have at least one result");
    if (lb->ndims + lb->nsyms != seg[0] || ub->ndims + ub->nsyms != seg[1])
        return irv_error(v, op, "bound operands must match the dimensions and symbols of the "
                                "bound maps");
    ir_attr st = ir_op_attr(m, op, "step");
    if (!st || ir_attr_get(m, st)->kind != IR_AT_INT || ir_attr_get(m, st)->i <= 0)
        return irv_error(v, op, "requires a positive integer 'step' attribute");
    uint32_t nb = seg[0] + seg[1], ni = seg[2];
    if (!index_operands(v, op, 0, nb))
        return false;
    if (o->nres != ni)
        return irv_error(v, op, "has %u inits but %u results", ni, o->nres);
    ir_block b = ir_region_entry(m, o->regs[0]);
    if (!b || ir_block_get(m, b)->next)
        return irv_error(v, op, "requires its body region to hold a single block");
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (bi->nargs != ni + 1 || ir_value_type(m, bi->args[0]) != m->t_index)
        return irv_error(v, op, "body must take the index induction variable and one argument "
                                "per init");
    for (uint32_t i = 0; i < ni; i++) {
        ir_type t = ir_value_type(m, o->res + i);
        if (ir_value_type(m, o->opnd[nb + i]) != t || ir_value_type(m, bi->args[1 + i]) != t)
            return irv_error(v, op, "init #%u, its region argument and result #%u must have one "
                                    "type", i, i);
    }
    return true;
}

bool ir_verify_affine_yield(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op parent = ir_op_parent(m, op);
    if (!parent)
        return irv_error(v, op, "expects a parent op");
    const struct ir_op_info *pi = ir_op_get(m, parent);
    if (!pi->kind)
        return true; /* an unregistered parent (affine.if, affine.parallel) decides */
    if (pi->kind != IR_OP_AFFINE_FOR)
        return irv_error(v, op, "expects parent op 'affine.for', not '%s'", ir_str_get(m, pi->name));
    if (o->nopnd != pi->nres)
        return irv_error(v, op, "has %u operands, but the parent op has %u results", o->nopnd,
                         pi->nres);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_type(m, o->opnd[i]) != ir_value_type(m, pi->res + i))
            return irv_error(v, op, "type of operand #%u does not match result #%u of the parent op", i, i);
    return true;
}
