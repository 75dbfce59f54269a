/* lower_value.c - ktc-lower's index values (lower.h "Values known only at
 * launch", "Addresses"): each source value is classed by what it depends on
 * (nothing, the core, the kernel's arguments, something that changes in
 * the program) and becomes a constant, a per-core map, one symbol or one
 * per core, or index arithmetic in the program; memrefs become logical
 * memory views.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/lin.h"
#include "sched/lower_int.h"
#include "sched/oplist.h"

/* What a value depends on. */
enum { LF_CORE = 1, LF_INPUT = 2, LF_DYN = 4, LF_BAD = 8 };

/* Tags in the kernel-level memo (lower.c's units: 0x10000000 + corelet) and in
 * the program's memo (lower_ops.c's vectors: 3). */
enum { TAG_CONST = 2, TAG_SYMID = 3, TAG_ISCONST = 4, TAG_CLONE = 0x100, TAG_CSE = 0x20000000 };
enum { P_VAL = 0, P_VIEW = 1, P_SYM = 2 };

/* ---- sources -------------------------------------------------------------- */

/* Follows a callee's parameter to the operand of the call inlined. */
static void resolve(const struct lw *lw, ir_value *v, uint32_t *inst)
{
    const struct ir_module *m = lw->m;
    while (*inst) {
        const struct ir_value_info *vi = ir_value_get(m, *v);
        if (!vi->is_arg)
            return;
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (owner != lw->insts[*inst].callee)
            return;
        *v = ir_op_get(m, lw->insts[*inst].call)->opnd[vi->index];
        *inst = lw->insts[*inst].parent;
    }
}

/* Whether v is an argument of the kernel (instance 0). */
static bool is_kernel_arg(const struct lw *lw, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(lw->m, v);
    return vi->is_arg &&
           ir_region_get(lw->m, ir_block_get(lw->m, vi->owner)->region)->op == lw->kernel;
}

static bool is_int_arith(uint16_t k)
{
    switch (k) {
    case IR_OP_ARITH_ADDI:
    case IR_OP_ARITH_SUBI:
    case IR_OP_ARITH_MULI:
    case IR_OP_ARITH_DIVSI:
    case IR_OP_ARITH_DIVUI:
    case IR_OP_ARITH_CEILDIVSI:
    case IR_OP_ARITH_CEILDIVUI:
    case IR_OP_ARITH_FLOORDIVSI:
    case IR_OP_ARITH_REMSI:
    case IR_OP_ARITH_REMUI:
    case IR_OP_ARITH_MAXSI:
    case IR_OP_ARITH_MINSI:
    case IR_OP_ARITH_MAXUI:
    case IR_OP_ARITH_MINUI:
    case IR_OP_ARITH_ANDI:
    case IR_OP_ARITH_ORI:
    case IR_OP_ARITH_XORI:
    case IR_OP_ARITH_SHLI:
    case IR_OP_ARITH_SHRSI:
    case IR_OP_ARITH_SHRUI:
    case IR_OP_ARITH_INDEX_CAST:
    case IR_OP_ARITH_INDEX_CASTUI:
        return true;
    default:
        return false;
    }
}

/* An affine expression over source values, as detached arith ops. */
static ir_value aff_src(struct lw *lw, ir_op at, ir_aff e, const ir_value *dims,
                        const ir_value *syms)
{
    const struct ir_aff_info *x = ir_aff_get(lw->m, e);
    static const char *const names[] = {[IR_AFF_ADD] = "arith.addi",
                                        [IR_AFF_MUL] = "arith.muli",
                                        [IR_AFF_FLOORDIV] = "arith.floordivsi",
                                        [IR_AFF_CEILDIV] = "arith.ceildivsi"};
    switch (x->kind) {
    case IR_AFF_CONST:
        return lw_src_const(lw, at, x->v);
    case IR_AFF_DIM:
        return dims[x->v];
    case IR_AFF_SYM:
        return syms[x->v];
    case IR_AFF_MOD: { /* floor mod, as affine has it: a - (a floordiv b) * b */
        ir_value a = aff_src(lw, at, x->lhs, dims, syms), b = aff_src(lw, at, x->rhs, dims, syms);
        ir_value q = lw_src_op(lw, "arith.floordivsi", at, a, b);
        return lw_src_op(lw, "arith.subi", at, a, lw_src_op(lw, "arith.muli", at, q, b));
    }
    default:
        return lw_src_op(lw, names[x->kind], at, aff_src(lw, at, x->lhs, dims, syms),
                         aff_src(lw, at, x->rhs, dims, syms));
    }
}

/* The min or max an index `arith.select` of an `arith.cmpi` between its own
 * two operands stands for ("arith.minsi", ...), or NULL. */
static const char *select_minmax(const struct ir_module *m, ir_op sel)
{
    const struct ir_op_info *s = ir_op_get(m, sel);
    ir_op c = ir_value_def(m, s->opnd[0]);
    if (!c || ir_op_get(m, c)->kind != IR_OP_ARITH_CMPI)
        return NULL;
    const struct ir_op_info *ci = ir_op_get(m, c);
    bool same = ci->opnd[0] == s->opnd[1] && ci->opnd[1] == s->opnd[2];
    if (!same && !(ci->opnd[0] == s->opnd[2] && ci->opnd[1] == s->opnd[1]))
        return NULL;
    /* MLIR's order: eq ne slt sle sgt sge ult ule ugt uge */
    static const char *const pick[10][2] = {{NULL, NULL},
                                            {NULL, NULL},
                                            {"arith.minsi", "arith.maxsi"},
                                            {"arith.minsi", "arith.maxsi"},
                                            {"arith.maxsi", "arith.minsi"},
                                            {"arith.maxsi", "arith.minsi"},
                                            {"arith.minui", "arith.maxui"},
                                            {"arith.minui", "arith.maxui"},
                                            {"arith.maxui", "arith.minui"},
                                            {"arith.maxui", "arith.minui"}};
    int64_t p = ir_attr_get(m, ir_op_attr(m, c, "predicate"))->i;
    return p >= 0 && p < 10 ? pick[p][same ? 0 : 1] : NULL;
}

/* Whether every operand of a ktdf.buffer_phase is the IV of an scf.for. */
static bool phase_of_loops(const struct ir_module *m, ir_op d)
{
    const struct ir_op_info *o = ir_op_get(m, d);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!sched_iv_loop(m, o->opnd[i]))
            return false;
    return true;
}

/* Whether v's op stands for other arithmetic (expansion). */
static bool expands(const struct ir_module *m, ir_op d)
{
    uint16_t k = ir_op_get(m, d)->kind;
    return k == IR_OP_AFFINE_APPLY || (k == IR_OP_ARITH_SELECT && select_minmax(m, d)) ||
           (k == IR_OP_KTDF_BUFFER_PHASE && phase_of_loops(m, d));
}

static bool is_const(const struct ir_module *m, ir_value v, int64_t c)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_CONSTANT)
        return false;
    const struct ir_attr_info *a = ir_attr_get(m, ir_op_attr(m, d, "value"));
    return a->kind == IR_AT_INT && a->i == c;
}

/* ktdf.buffer_phase(%iv_0, ..., %iv_k) {num_phases = K} (nest.h): the
 * row-major linear iteration number of those loops, mod K. Iteration j of
 * a loop is (iv - lb) / step, its trip count ceildiv(ub - lb, step); a
 * loop from 0 by 1 needs neither. That is the number of the last loop's
 * iterations run before, as the phase means, only when each loop runs as
 * many iterations in every run of those around it; a phase whose loops do
 * not (`counted`) is that number counted as they run instead (lw.counts:
 * the program's value memoized where the loops carry it), and this form
 * only classifies it. */
static ir_value phase_src(struct lw *lw, ir_op d)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, d);
    ir_value lin = IR_NONE;
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const struct ir_op_info *f = ir_op_get(m, sched_iv_loop(m, o->opnd[i]));
        ir_value lb = f->opnd[0], ub = f->opnd[1], step = f->opnd[2];
        bool zero = is_const(m, lb, 0), unit = is_const(m, step, 1);
        ir_value it = o->opnd[i], trip = ub;
        if (!zero) {
            it = lw_src_op(lw, "arith.subi", d, it, lb);
            trip = lw_src_op(lw, "arith.subi", d, trip, lb);
        }
        if (!unit) { /* a positive step: floor and ceil, signed */
            it = lw_src_op(lw, "arith.floordivsi", d, it, step);
            trip = lw_src_op(lw, "arith.ceildivsi", d, trip, step);
        }
        lin = lin ? lw_src_op(lw, "arith.addi", d, lw_src_op(lw, "arith.muli", d, lin, trip), it)
                  : it;
    }
    int64_t k = ir_attr_get(m, ir_op_attr(m, d, "num_phases"))->i;
    return lw_src_op(lw, "arith.remui", d, lin, lw_src_const(lw, d, k));
}

/* ---- buffer phases counted as they run ------------------------------------- */

/* The program's memo of a count: its value where the loops are now (a
 * member's, or its class's at the first loop, from the start of that
 * loop's iteration), and its class's value after the iteration (the first
 * loop's yield). */
enum { P_COUNT = 4, P_NEXT = 5 };

/* Whether phase d's loops, each inside the one before, leave one running a
 * different number of iterations from one run of a loop around it (in
 * the phase) to the next: a row's blocks up to the row. */
static bool counted(const struct ir_module *m, ir_op d)
{
    const struct ir_op_info *o = ir_op_get(m, d);
    ir_op loops[LW_MAX_DEPTH];
    if (o->nopnd > LW_MAX_DEPTH)
        return true;
    for (uint32_t i = 0; i < o->nopnd; i++)
        loops[i] = sched_iv_loop(m, o->opnd[i]);
    return !sched_lin_nest_alike(m, loops, o->nopnd);
}

/* Whether counts a and b (of one first loop) count alike: their loops
 * run the same iterations (sched_lin_loops_same), so each starts its loop
 * at the same count in every run of the first; then the first loop
 * carries one count for both. */
static bool same_counts(const struct lw *lw, const struct lw_count *a, const struct lw_count *b)
{
    const struct ir_module *m = lw->m;
    const struct ir_op_info *pa = ir_op_get(m, a->phase), *pb = ir_op_get(m, b->phase);
    if (a->inst != b->inst || a->top != b->top || pa->nopnd != pb->nopnd ||
        pa->nopnd > LW_MAX_DEPTH)
        return false;
    ir_op la[LW_MAX_DEPTH], lb[LW_MAX_DEPTH];
    for (uint32_t i = 0; i < pa->nopnd; i++) {
        la[i] = sched_iv_loop(m, pa->opnd[i]);
        lb[i] = sched_iv_loop(m, pb->opnd[i]);
    }
    return sched_lin_loops_same(m, la, lb, pa->nopnd);
}

bool lw_find_counts(struct lw *lw)
{
    struct ir_module *m = lw->m;
    lw->ncounts = 0;
    for (uint32_t n = 1; n < lw->nnodes; n++) {
        const struct lw_node *nd = &lw->nodes[n];
        if (nd->kind != LN_LOOP)
            continue;
        IR_FOR_OPS(m, lw_body(m, nd->op, 0), d)
        {
            const struct ir_op_info *o = ir_op_get(m, d);
            if (o->kind != IR_OP_KTDF_BUFFER_PHASE || o->nopnd < 2 || !phase_of_loops(m, d) ||
                sched_iv_loop(m, o->opnd[o->nopnd - 1]) != nd->op || !counted(m, d))
                continue;
            /* the count starts at its first operand's loop, carried
             * through the loops between (and blocks, calls) */
            ir_op first = sched_iv_loop(m, o->opnd[0]);
            uint32_t top = lw->nodes[n].parent;
            while (top && !(lw->nodes[top].kind == LN_LOOP && lw->nodes[top].op == first)) {
                uint8_t k = lw->nodes[top].kind;
                top = k == LN_LOOP || k == LN_BLOCK || k == LN_CALL ? lw->nodes[top].parent : 0;
            }
            if (!top)
                return lw_error(lw, d,
                                "a ktdf.buffer_phase whose loops run different numbers of "
                                "iterations, across a pipeline or a ktdf.parallel, is not "
                                "supported yet");
            lw->counts = lw_grow(lw->counts, &lw->capcounts, lw->ncounts + 1, sizeof *lw->counts);
            struct lw_count *c = &lw->counts[lw->ncounts];
            *c = (struct lw_count){d, nd->inst, n, top, lw->ncounts};
            for (uint32_t j = 0; j < lw->ncounts && c->rep == lw->ncounts; j++)
                if (lw->counts[j].rep == j && same_counts(lw, &lw->counts[j], c))
                    c->rep = j;
            lw->ncounts++;
        }
    }
    return true;
}

/* Whether loop node n is right inside count c's first loop (through
 * blocks and calls). */
static bool first_inside(const struct lw *lw, uint32_t n, const struct lw_count *c)
{
    uint32_t x = lw->nodes[n].parent;
    while (x && lw->nodes[x].kind != LN_LOOP)
        x = lw->nodes[x].parent;
    return x == c->top;
}

int lw_counts_at(struct lw *lw, uint32_t n, uint32_t *out)
{
    int k = 0;
    for (uint32_t i = 0; i < lw->ncounts; i++) {
        const struct lw_count *c = &lw->counts[i];
        if (!(lw->nodes[c->loop].mask & 1ull << lw->p.kind))
            continue; /* the program does not run the phase's loop */
        /* the first loop carries a class's count once, each loop inside
         * it the count of each phase it holds */
        uint32_t which = n == c->top ? c->rep : i;
        bool on = false, known = false;
        for (uint32_t x = c->loop; x && !on; x = lw->nodes[x].parent) {
            on = x == n;
            if (x == c->top)
                break;
        }
        for (int j = 0; j < k && !known; j++)
            known = out[j] == which;
        if (!on || known)
            continue;
        if (k == LW_MAX_COUNTS) {
            lw_error(lw, lw->nodes[n].op,
                     "more than %d buffer phases counted across this loop are not supported yet",
                     LW_MAX_COUNTS);
            return -1;
        }
        out[k++] = which;
    }
    return k;
}

/* An index op `name` of a and b, appended to the current block. */
static ir_value emit_index_op(struct lw *lw, const char *name, ir_value a, ir_value b, ir_op at)
{
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_state_init(&st, m, name, ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, a);
    ir_state_add_operand(m, &st, b);
    ir_state_add_result(m, &st, m->t_index);
    return ir_op_get(m, lw_append(lw, lw->p.cur, &st))->res;
}

/* The phase value count i is memoized under: its own, or its class's (the
 * representative's) at its first loop. */
static ir_value count_key(const struct lw *lw, uint32_t i, bool class)
{
    return ir_op_get(lw->m, lw->counts[class ? lw->counts[i].rep : i].phase)->res;
}

ir_op lw_open_counting(struct lw *lw, uint32_t n, const uint32_t *cs, uint32_t nc, uint32_t *mark)
{
    struct ir_module *m = lw->m;
    const struct lw_node *nd = &lw->nodes[n];
    ir_value init[LW_MAX_COUNTS] = {0};
    for (uint32_t i = 0; i < nc; i++) {
        const struct lw_count *c = &lw->counts[cs[i]];
        init[i] = n == c->top ? lw_const(lw, 0)
                              : (ir_value)lw_map_get(&lw->p.memo,
                                                     count_key(lw, cs[i], first_inside(lw, n, c)),
                                                     c->inst, P_COUNT);
        if (!init[i]) {
            lw_error(lw, nd->op, "internal error: a buffer phase's count is lost");
            return IR_NONE;
        }
    }
    ir_op loop = lw_open_loop_carrying(lw, nd->op, nd->inst, init, nc, mark);
    if (!loop)
        return IR_NONE;
    const struct ir_block_info *body = ir_block_get(m, lw->p.cur);
    for (uint32_t i = 0; i < nc; i++) {
        const struct lw_count *c = &lw->counts[cs[i]];
        ir_value count = body->args[1 + i], key = count_key(lw, cs[i], n == c->top);
        lw_memo_put(lw, key, c->inst, P_COUNT, count, true);
        if (n == c->top)
            lw_memo_put(lw, key, c->inst, P_NEXT, count, true);
        if (n == c->loop) {
            int64_t k = ir_attr_get(m, ir_op_attr(m, c->phase, "num_phases"))->i;
            ir_value v = emit_index_op(lw, "arith.remui", count, lw_const(lw, k), c->phase);
            lw_memo_put(lw, key, c->inst, P_VAL, v, true);
        }
    }
    return loop;
}

void lw_close_counting(struct lw *lw, uint32_t n, const uint32_t *cs, uint32_t nc, ir_op loop,
                       ir_block outer, uint32_t mark)
{
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_value y[LW_MAX_COUNTS];
    for (uint32_t i = 0; i < nc; i++) {
        const struct lw_count *c = &lw->counts[cs[i]];
        bool top = n == c->top;
        y[i] = (ir_value)lw_map_get(&lw->p.memo, count_key(lw, cs[i], top), c->inst,
                                    top ? P_NEXT : P_COUNT);
        if (n == c->loop)
            y[i] = emit_index_op(lw, "arith.addi", y[i], lw_const(lw, 1), c->phase);
    }
    ir_state_init(&st, m, "scf.yield", ir_op_get(m, loop)->loc);
    for (uint32_t i = 0; i < nc; i++)
        ir_state_add_operand(m, &st, y[i]);
    lw_append(lw, lw->p.cur, &st);
    lw_close_loop(lw, loop, outer);
    lw_scope_undo(lw, mark);
    /* the count after the loop, in the loop around: right inside the
     * first loop, its class's after this iteration of the first */
    for (uint32_t i = 0; i < nc; i++) {
        const struct lw_count *c = &lw->counts[cs[i]];
        if (n == c->top)
            continue;
        bool first = first_inside(lw, n, c);
        lw_memo_put(lw, count_key(lw, cs[i], first), c->inst, first ? P_NEXT : P_COUNT,
                    ir_op_get(m, loop)->res + i, true);
    }
}

/* The detached arithmetic an affine.apply, or a select that is a min or
 * max, stands for. */
static ir_value expansion(struct lw *lw, ir_value v)
{
    ir_value e = (ir_value)lw_map_get(&lw->expand, v, 0, 0);
    if (e)
        return e;
    struct ir_module *m = lw->m;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_ARITH_SELECT) {
        e = lw_src_op(lw, select_minmax(m, d), d, o->opnd[1], o->opnd[2]);
    } else if (o->kind == IR_OP_KTDF_BUFFER_PHASE) {
        e = phase_src(lw, d);
    } else {
        const struct ir_affine_map *map =
            ir_map_get(m, ir_attr_get(m, ir_op_attr(m, d, "map"))->map);
        e = aff_src(lw, d, map->res[0], o->opnd, o->opnd + map->ndims);
    }
    lw_map_put(&lw->expand, v, 0, 0, e);
    return e;
}

ir_value lw_index_of(struct lw *lw, ir_op at, ir_aff e, const ir_value *dims)
{
    return aff_src(lw, at, e, dims, NULL);
}

/* ---- classes and evaluation ---------------------------------------------- */

static unsigned classify(struct lw *lw, ir_value v, uint32_t inst)
{
    resolve(lw, &v, &inst);
    uint64_t memo = lw_map_get(&lw->cls, v, inst, 0);
    if (memo)
        return (unsigned)memo - 1;
    struct ir_module *m = lw->m;
    unsigned f = LF_BAD;
    ir_op d = ir_value_def(m, v);
    if (!d) {
        f = is_kernel_arg(lw, v) ? LF_INPUT : LF_DYN;
    } else {
        const struct ir_op_info *o = ir_op_get(m, d);
        if (!ir_type_is_intlike(m, ir_value_type(m, v)))
            f = LF_BAD;
        else if (o->kind == IR_OP_ARITH_CONSTANT)
            f = ir_attr_get(m, ir_op_attr(m, d, "value"))->kind == IR_AT_INT ? 0 : LF_BAD;
        else if (o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID)
            f = o->nres == 1 ? LF_CORE : LF_BAD;
        else if (o->kind == IR_OP_KTDP_RUNTIME_ARG_EXTRACT)
            f = strcmp(ir_str_get(m, ir_attr_get(m, ir_op_attr(m, d, "kind"))->s), "value") == 0
                    ? classify(lw, o->opnd[0], inst)
                    : 0;
        else if (expands(m, d))
            f = classify(lw, expansion(lw, v), inst);
        else if (o->kind == IR_OP_MEMREF_LOAD) { /* an index read from memory (indirect tiles) */
            f = LF_DYN;
            for (uint32_t i = 1; i < o->nopnd; i++)
                f |= classify(lw, o->opnd[i], inst);
        } else if (is_int_arith(o->kind)) {
            f = 0;
            for (uint32_t i = 0; i < o->nopnd; i++)
                f |= classify(lw, o->opnd[i], inst);
        }
    }
    lw_map_put(&lw->cls, v, inst, 0, f + 1);
    return f;
}

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* a <op> b; false on a division by zero. */
static bool arith_eval(uint16_t k, int64_t a, int64_t b, int64_t *r)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (k) {
    case IR_OP_ARITH_ADDI:
        *r = (int64_t)(ua + ub);
        return true;
    case IR_OP_ARITH_SUBI:
        *r = (int64_t)(ua - ub);
        return true;
    case IR_OP_ARITH_MULI:
        *r = (int64_t)(ua * ub);
        return true;
    case IR_OP_ARITH_MAXSI:
        *r = a > b ? a : b;
        return true;
    case IR_OP_ARITH_MINSI:
        *r = a < b ? a : b;
        return true;
    case IR_OP_ARITH_MAXUI:
        *r = (int64_t)(ua > ub ? ua : ub);
        return true;
    case IR_OP_ARITH_MINUI:
        *r = (int64_t)(ua < ub ? ua : ub);
        return true;
    case IR_OP_ARITH_ANDI:
        *r = a & b;
        return true;
    case IR_OP_ARITH_ORI:
        *r = a | b;
        return true;
    case IR_OP_ARITH_XORI:
        *r = a ^ b;
        return true;
    case IR_OP_ARITH_SHLI:
        *r = (int64_t)(ua << (ub & 63));
        return true;
    case IR_OP_ARITH_SHRSI:
        *r = a >> (ub & 63);
        return true;
    case IR_OP_ARITH_SHRUI:
        *r = (int64_t)(ua >> (ub & 63));
        return true;
    case IR_OP_ARITH_INDEX_CAST:
    case IR_OP_ARITH_INDEX_CASTUI:
        *r = a;
        return true;
    default:
        break;
    }
    if (!b)
        return false;
    switch (k) {
    case IR_OP_ARITH_DIVSI:
        *r = a / b;
        return true;
    case IR_OP_ARITH_DIVUI:
        *r = (int64_t)(ua / ub);
        return true;
    case IR_OP_ARITH_REMSI:
        *r = a % b;
        return true;
    case IR_OP_ARITH_REMUI:
        *r = (int64_t)(ua % ub);
        return true;
    case IR_OP_ARITH_FLOORDIVSI:
        *r = floordiv(a, b);
        return true;
    case IR_OP_ARITH_CEILDIVSI:
        *r = -floordiv(-a, b);
        return true;
    case IR_OP_ARITH_CEILDIVUI:
        *r = (int64_t)(ua / ub + (ua % ub != 0));
        return true;
    default:
        return false;
    }
}

static bool eval_op(struct lw *lw, ir_value v, uint32_t inst, uint32_t core, int64_t *out);

/* Each value is evaluated once per instance and core (lw->evals; a value
 * is stored with its sign bit flipped, so that only INT64_MIN, never
 * stored, reads as none), so a chain of ops reading the one before twice
 * (a = (a + a) - a, again and again) takes n steps, not 3^n. */
bool lw_eval(struct lw *lw, ir_value v, uint32_t inst, uint32_t core, int64_t *out)
{
    resolve(lw, &v, &inst);
    if (!ir_value_def(lw->m, v) || classify(lw, v, inst) & ~(unsigned)LF_CORE)
        return false;
    uint64_t memo = lw_map_get(&lw->evals, v, inst, core);
    if (memo) {
        *out = (int64_t)(memo ^ UINT64_C(1) << 63);
        return true;
    }
    if (!eval_op(lw, v, inst, core, out))
        return false;
    lw_map_put(&lw->evals, v, inst, core, (uint64_t)*out ^ UINT64_C(1) << 63);
    return true;
}

/* lw_eval of a value of LF_CORE class at most, not evaluated before. */
static bool eval_op(struct lw *lw, ir_value v, uint32_t inst, uint32_t core, int64_t *out)
{
    struct ir_module *m = lw->m;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = ir_op_get(m, d);
    switch (o->kind) {
    case IR_OP_ARITH_CONSTANT:
        *out = ir_attr_get(m, ir_op_attr(m, d, "value"))->i;
        return true;
    case IR_OP_KTDP_GET_COMPUTE_TILE_ID:
        *out = core;
        return true;
    case IR_OP_KTDP_RUNTIME_ARG_EXTRACT: {
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->opnd[0]));
        bool gran =
            strcmp(ir_str_get(m, ir_attr_get(m, ir_op_attr(m, d, "kind"))->s), "granularity") == 0;
        *out = gran ? t->granularity : t->upperbound;
        return true;
    }
    default: {
        if (expands(m, d))
            return lw_eval(lw, expansion(lw, v), inst, core, out);
        int64_t a = 0, b = 0;
        if (!lw_eval(lw, o->opnd[0], inst, core, &a) ||
            (o->nopnd > 1 && !lw_eval(lw, o->opnd[1], inst, core, &b)))
            return false;
        return arith_eval(o->kind, a, b, out);
    }
    }
}

/* ---- emitted arithmetic ------------------------------------------------------ */

/* Whether emitted value v is one of lw_const's constants, and which. */
static bool const_value(struct lw *lw, ir_value v, int64_t *c)
{
    if (!lw_map_get(&lw->fmemo, v, 0, TAG_ISCONST))
        return false;
    *c = ir_attr_get(lw->m, ir_op_attr(lw->m, ir_value_def(lw->m, v), "value"))->i;
    return true;
}

/* `a <op> b` (b none for a cast) emitted into block blk, folded when both
 * are constants, simplified when one is a neutral constant, and shared
 * with an equal op already emitted: in the kernel (fn) or in the current
 * program's scope. */
static ir_value arith(struct lw *lw, ir_op src, ir_value a, ir_value b, ir_block blk, bool fn)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, src);
    uint16_t k = o->kind;
    if (k == IR_OP_ARITH_INDEX_CAST || k == IR_OP_ARITH_INDEX_CASTUI) {
        if (ir_value_type(m, a) == ir_value_type(m, o->res))
            return a;
        b = IR_NONE;
    }
    int64_t x, y, r;
    bool ca = const_value(lw, a, &x), cb = b && const_value(lw, b, &y);
    if (ca && cb && arith_eval(k, x, y, &r))
        return lw_const(lw, r);
    if (cb && y == 0 && (k == IR_OP_ARITH_ADDI || k == IR_OP_ARITH_SUBI || k == IR_OP_ARITH_ORI))
        return a;
    if (ca && x == 0 && (k == IR_OP_ARITH_ADDI || k == IR_OP_ARITH_ORI))
        return b;
    if (cb && y == 1 &&
        (k == IR_OP_ARITH_MULI || k == IR_OP_ARITH_DIVSI || k == IR_OP_ARITH_DIVUI ||
         k == IR_OP_ARITH_FLOORDIVSI || k == IR_OP_ARITH_CEILDIVSI))
        return a;
    if (ca && x == 1 && k == IR_OP_ARITH_MULI)
        return b;
    if ((ca && x == 0 && k == IR_OP_ARITH_MULI) || (cb && y == 0 && k == IR_OP_ARITH_MULI))
        return lw_const(lw, 0);
    ir_value e = fn ? (ir_value)lw_map_get(&lw->fmemo, a, b, TAG_CSE + k)
                    : (ir_value)lw_map_get(&lw->p.memo, a, b, TAG_CSE + k);
    if (e)
        return e;
    struct ir_op_state st;
    ir_state_init(&st, m, ir_str_get(m, o->name), o->loc);
    ir_state_add_operand(m, &st, a);
    if (b)
        ir_state_add_operand(m, &st, b);
    ir_state_add_result(m, &st, b ? ir_value_type(m, a) : ir_value_type(m, o->res));
    e = ir_op_get(m, blk == lw->p.cur ? lw_hoist(lw, &st) : lw_append(lw, blk, &st))->res;
    if (fn)
        lw_map_put(&lw->fmemo, a, b, TAG_CSE + k, e);
    else
        lw_memo_put(lw, a, b, TAG_CSE + k, e, true);
    return e;
}

/* ---- kernel level: constants and symbols ------------------------------------ */

ir_value lw_const(struct lw *lw, int64_t v)
{
    uint32_t lo = (uint32_t)v, hi = (uint32_t)((uint64_t)v >> 32);
    ir_value r = (ir_value)lw_map_get(&lw->fmemo, lo, hi, TAG_CONST);
    if (r)
        return r;
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", ir_op_get(m, lw->kernel)->loc);
    ir_state_set_attr(m, &st, "value", ir_attr_int(m, v, m->t_index));
    ir_state_add_result(m, &st, m->t_index);
    r = ir_op_get(m, lw_append(lw, lw->sec_const, &st))->res;
    lw_map_put(&lw->fmemo, lo, hi, TAG_CONST, r);
    lw_map_put(&lw->fmemo, r, 0, TAG_ISCONST, 1);
    return r;
}

static ir_type si64(struct ir_module *m)
{
    struct ir_type_info t = {.kind = IR_TY_INT, .width = 64, .spelling = IR_INT_SIGNED};
    return ir_type_intern(m, &t);
}

static void create_id(struct lw *lw, ir_value v, int64_t id, struct ir_loc loc)
{
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "symbol.create_id", loc);
    ir_state_add_operand(m, &st, v);
    ir_state_set_attr(m, &st, "symbol_id", ir_attr_int(m, id, si64(m)));
    lw_append(lw, lw->sec_sym, &st);
}

bool lw_declare_inputs(struct lw *lw)
{
    struct ir_module *m = lw->m;
    ir_block entry = lw_body(m, lw->kernel, 0);
    const struct ir_block_info *bi = ir_block_get(m, entry);
    lw->ninputs = bi->nargs;
    lw->inputs = calloc(bi->nargs + 1, sizeof *lw->inputs);
    if (!lw->inputs)
        abort();
    struct ir_loc loc = ir_op_get(m, lw->kernel)->loc;
    for (uint32_t k = 0; k < bi->nargs; k++) {
        ir_value a = bi->args[k];
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, a));
        ir_value v = IR_NONE;
        if (t->kind == IR_TY_INDEX || t->kind == IR_TY_FLOAT) {
            v = a; /* a float's symbol is its bit pattern */
        } else if (t->kind == IR_TY_INT) { /* its value as an index */
            struct ir_op_state st;
            ir_state_init(&st, m, "arith.index_cast", loc);
            ir_state_add_operand(m, &st, a);
            ir_state_add_result(m, &st, m->t_index);
            v = ir_op_get(m, lw_append(lw, lw->sec_sym, &st))->res;
        } else if (t->kind == IR_TY_RUNTIME_ARG) {
            struct ir_op_state st;
            ir_state_init(&st, m, "ktdp.runtime_arg_extract", loc);
            ir_state_add_operand(m, &st, a);
            ir_state_set_attr(m, &st, "kind", ir_attr_string(m, "value"));
            ir_state_add_result(m, &st, t->elem);
            v = ir_op_get(m, lw_append(lw, lw->sec_sym, &st))->res;
            if (t->elem != m->t_index) {
                ir_state_init(&st, m, "arith.index_cast", loc);
                ir_state_add_operand(m, &st, v);
                ir_state_add_result(m, &st, m->t_index);
                v = ir_op_get(m, lw_append(lw, lw->sec_sym, &st))->res;
            }
        }
        if (v)
            create_id(lw, v, -(int64_t)k - 1, loc);
        lw->inputs[k] = v;
    }
    lw->next_symbol = -(int64_t)bi->nargs - 1;
    return true;
}

/* The kernel-level value of source value v (which depends on the
 * arguments) on core `core`: the arithmetic that computes it, cloned into
 * the symbol section. */
static ir_value fvalue(struct lw *lw, ir_value v, uint32_t inst, uint32_t core, ir_op at)
{
    resolve(lw, &v, &inst);
    struct ir_module *m = lw->m;
    unsigned f = classify(lw, v, inst);
    uint32_t kc = f & LF_CORE ? core : 0;
    ir_value r = (ir_value)lw_map_get(&lw->fmemo, v, inst, TAG_CLONE + kc);
    if (r)
        return r;
    if (!(f & LF_INPUT)) {
        int64_t c = 0;
        lw_eval(lw, v, inst, core, &c);
        r = lw_const(lw, c);
    } else if (!ir_value_def(m, v)) {
        r = lw->inputs[ir_value_get(m, v)->index];
        if (!r) {
            lw_error(lw, at, "argument #%u of the kernel is used as an index but is of type %s",
                     ir_value_get(m, v)->index, "neither index nor runtime_arg");
            return IR_NONE;
        }
    } else {
        ir_op d = ir_value_def(m, v);
        const struct ir_op_info *o = ir_op_get(m, d);
        if (o->kind == IR_OP_KTDP_RUNTIME_ARG_EXTRACT)
            r = fvalue(lw, o->opnd[0], inst, core, at);
        else if (expands(m, d))
            r = fvalue(lw, expansion(lw, v), inst, core, at);
        else {
            ir_value x[2] = {IR_NONE, IR_NONE};
            for (uint32_t i = 0; i < o->nopnd && i < 2; i++)
                if (!(x[i] = fvalue(lw, o->opnd[i], inst, core, at)))
                    return IR_NONE;
            r = arith(lw, d, x[0], x[1], lw->sec_sym, true);
        }
    }
    if (r)
        lw_map_put(&lw->fmemo, v, inst, TAG_CLONE + kc, r);
    return r;
}

/* The symbol id of kernel-level value fv: an argument's own, else a new
 * derived one declared by symbol.create_id. */
static int64_t symbol_of(struct lw *lw, ir_value fv, struct ir_loc loc)
{
    for (uint32_t k = 0; k < lw->ninputs; k++)
        if (lw->inputs[k] == fv)
            return -(int64_t)k - 1;
    uint64_t id = lw_map_get(&lw->fmemo, fv, 0, TAG_SYMID);
    if (id)
        return -(int64_t)id;
    int64_t sid = lw->next_symbol--;
    create_id(lw, fv, sid, loc);
    lw_map_put(&lw->fmemo, fv, 0, TAG_SYMID, (uint64_t)-sid);
    return sid;
}

/* ---- program level ---------------------------------------------------------- */

ir_value lw_per_core(struct lw *lw, const ir_value *vals)
{
    ir_value *all = malloc(lw->p.nunits * sizeof *all);
    if (!all)
        abort();
    for (uint32_t u = 0; u < lw->p.nunits; u++)
        all[u] = vals[u % lw->ncores];
    ir_value r = lw_per_unit(lw, all);
    free(all);
    return r;
}

ir_value lw_per_unit(struct lw *lw, const ir_value *vals)
{
    struct lw_prog *p = &lw->p;
    uint32_t n = p->nunits;
    bool same = true;
    for (uint32_t c = 1; c < n && same; c++)
        same = vals[c] == vals[0];
    if (same)
        return vals[0];
    for (uint32_t g = 0; g < p->ngathers; g++)
        if (!memcmp(p->gathers[g].vals, vals, n * sizeof *vals))
            return p->gathers[g].res;
    struct ir_module *m = lw->m;
    struct ir_loc loc = ir_op_get(m, lw->kernel)->loc;
    struct ir_op_state st;
    ir_state_init(&st, m, "uniform.def_immutable_mapping", loc);
    for (uint32_t c = 0; c < n; c++) {
        ir_state_add_operand(m, &st, lw->kinds[p->kind].units[c]);
        ir_state_add_operand(m, &st, vals[c]);
    }
    ir_state_add_result(m, &st, m->t_index);
    ir_value map = ir_op_get(m, lw_append(lw, p->top, &st))->res;
    ir_state_init(&st, m, "uniform.query_map", loc);
    ir_state_add_operand(m, &st, map);
    ir_state_add_operand(m, &st, p->self);
    ir_state_add_result(m, &st, m->t_index);
    ir_value r = ir_op_get(m, lw_append(lw, p->top, &st))->res;
    if (p->ngathers == p->capgathers) {
        p->capgathers = p->capgathers ? 2 * p->capgathers : 8;
        p->gathers = realloc(p->gathers, p->capgathers * sizeof *p->gathers);
        if (!p->gathers)
            abort();
    }
    ir_value *copy = malloc(n * sizeof *copy);
    if (!copy)
        abort();
    memcpy(copy, vals, n * sizeof *copy);
    p->gathers[p->ngathers++] = (struct lw_gather){copy, r};
    return r;
}

/* symbol.create_symbol of id in the program's prologue, once. */
static ir_value prog_symbol(struct lw *lw, int64_t id)
{
    ir_value r = (ir_value)lw_map_get(&lw->p.memo, (uint32_t)-id, 0, P_SYM);
    if (r)
        return r;
    struct ir_module *m = lw->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "symbol.create_symbol", ir_op_get(m, lw->kernel)->loc);
    ir_state_set_attr(m, &st, "SymbolId", ir_attr_int(m, id, m->t_i64));
    ir_state_add_result(m, &st, m->t_index);
    r = ir_op_get(m, lw_append(lw, lw->p.top, &st))->res;
    lw_memo_put(lw, (uint32_t)-id, 0, P_SYM, r, false);
    return r;
}

/* The op that makes index v unsupported: v's own, or (through arithmetic
 * and expansions) the first unsupported operand's; IR_NONE for an argument. */
static ir_op bad_root(struct lw *lw, ir_value v, uint32_t inst)
{
    struct ir_module *m = lw->m;
    for (;;) {
        resolve(lw, &v, &inst);
        ir_op d = ir_value_def(m, v);
        if (!d)
            return IR_NONE;
        const struct ir_op_info *o = ir_op_get(m, d);
        ir_value next = IR_NONE;
        if (expands(m, d))
            next = expansion(lw, v);
        else if (is_int_arith(o->kind))
            for (uint32_t i = 0; i < o->nopnd && !next; i++)
                if (classify(lw, o->opnd[i], inst) & LF_BAD)
                    next = o->opnd[i];
        if (!next || !(classify(lw, next, inst) & LF_BAD))
            return d;
        v = next;
    }
}

static ir_value start_of(struct lw *lw, ir_value v, ir_op at, bool base);

/* An integer read from memory (an indirect tile's index, split_indirect.c):
 * a memref.load of the view in the program being lowered, placed as far
 * out as its operands allow (lw_hoist): the unit that moves the tile reads
 * it (ktc-codegen: `ld`). The index views are inputs the kernel only
 * reads, so a read hoisted out of a loop reads the same value. */
static ir_value index_load(struct lw *lw, ir_op d, uint32_t inst, ir_op at)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, d);
    struct lw_view info;
    ir_value view = lw_view(lw, o->opnd[0], inst, at, &info);
    if (!view)
        return IR_NONE;
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.load", o->loc);
    ir_state_add_operand(m, &st, view);
    for (uint32_t i = 1; i < o->nopnd; i++) {
        ir_value x = lw_value(lw, o->opnd[i], inst, at);
        if (!x)
            return IR_NONE;
        ir_state_add_operand(m, &st, x);
    }
    ir_state_add_result(m, &st, ir_value_type(m, o->res));
    /* a scratchpad copy of the index (a scatter's, ktc-split) is read
     * where it is used, after the signal that it is there (lower_sync.c) */
    bool dev = lw->dev->kinds[info.mem].level == ARCH_LEVEL_DEVICE;
    return ir_op_get(m, dev ? lw_hoist(lw, &st) : lw_append(lw, lw->p.cur, &st))->res;
}

bool lw_is_dynamic(struct lw *lw, ir_value v, uint32_t inst)
{
    resolve(lw, &v, &inst);
    return (classify(lw, v, inst) & LF_DYN) != 0;
}

ir_value lw_value(struct lw *lw, ir_value v, uint32_t inst, ir_op at)
{
    resolve(lw, &v, &inst);
    ir_value r = (ir_value)lw_map_get(&lw->p.memo, v, inst, P_VAL);
    if (r)
        return r;
    struct ir_module *m = lw->m;
    unsigned f = classify(lw, v, inst);
    ir_op d = ir_value_def(m, v);
    if (f & LF_BAD) {
        d = bad_root(lw, v, inst);
        if (d && ir_op_get(m, d)->kind == IR_OP_KTDF_TILING_RESERVE_SIZE)
            lw_error(lw, at,
                     "an index computed by 'ktdf.tiling.reserve_size' is not supported: "
                     "ktc-nest's tile-size-selection makes tile sizes constants");
        else if (d && ir_op_get(m, d)->kind == IR_OP_KTDF_BUFFER_PHASE)
            lw_error(lw, at,
                     "a ktdf.buffer_phase of a value that is not the induction variable of "
                     "an scf.for is not supported yet");
        else
            lw_error(lw, at, "an index computed by '%s' is not supported yet",
                     d ? ir_str_get(m, ir_op_get(m, d)->name) : "a block argument");
        return IR_NONE;
    }
    if (!(f & LF_DYN)) {
        ir_value *vals = malloc(lw->ncores * sizeof *vals);
        if (!vals)
            abort();
        for (uint32_t c = 0; c < lw->ncores; c++) {
            if (c && !(f & LF_CORE)) {
                vals[c] = vals[0];
            } else if (!(f & LF_INPUT)) {
                int64_t x = 0;
                lw_eval(lw, v, inst, c, &x);
                vals[c] = lw_const(lw, x);
            } else {
                ir_value fv = fvalue(lw, v, inst, c, at);
                if (!fv) {
                    free(vals);
                    return IR_NONE;
                }
                vals[c] = prog_symbol(lw, symbol_of(lw, fv, ir_op_get(m, at)->loc));
            }
        }
        r = lw_per_core(lw, vals);
        free(vals);
        lw_memo_put(lw, v, inst, P_VAL, r, false);
        return r;
    }
    if (!d) {
        lw_error(lw, at, "an index depends on a loop this unit does not run");
        return IR_NONE;
    }
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_MEMREF_LOAD) {
        r = index_load(lw, d, inst, at);
    } else if (expands(m, d)) {
        r = lw_value(lw, expansion(lw, v), inst, at);
    } else {
        ir_value x[2] = {IR_NONE, IR_NONE};
        for (uint32_t i = 0; i < o->nopnd && i < 2; i++)
            if (!(x[i] = lw_value(lw, o->opnd[i], inst, at)))
                return IR_NONE;
        r = arith(lw, d, x[0], x[1], lw->p.cur, false);
    }
    if (r)
        lw_memo_put(lw, v, inst, P_VAL, r, true);
    return r;
}

/* ---- memory views ----------------------------------------------------------- */

/* The element address where source memref v starts, as a source value (the
 * KTIR view's base plus the access tile's offset; a buffer's byte address
 * over the element size). `base`: the buffer's start, ignoring the offset
 * of a reinterpret_cast (whose offset counts from its source's base). */
static ir_value start_of(struct lw *lw, ir_value v, ir_op at, bool base)
{
    struct ir_module *m = lw->m;
    for (;;) {
        v = lw_through_private(m, v);
        ir_op d = ir_value_def(m, v);
        const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
        switch (o ? o->kind : IR_OP_UNKNOWN) {
        case IR_OP_MEMREF_MEMORY_SPACE_CAST:
        case IR_OP_MEMREF_CAST:
            v = o->opnd[0];
            continue;
        case IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW:
            return o->opnd[0];
        case IR_OP_BUILTIN_UNREALIZED_CONVERSION_CAST: {
            int64_t es = lw_elem_bytes(m, ir_type_elem(m, ir_value_type(m, v)));
            return es == 1 ? o->opnd[0]
                           : lw_src_op(lw, "arith.divui", at, o->opnd[0], lw_src_const(lw, at, es));
        }
        case IR_OP_MEMREF_REINTERPRET_CAST: {
            ir_value b = start_of(lw, o->opnd[0], at, true);
            if (!b || base)
                return b;
            const struct ir_attr_info *so = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
            ir_value off = so->ints[0] == IR_DYN ? o->opnd[1] : lw_src_const(lw, at, so->ints[0]);
            return lw_src_op(lw, "arith.addi", at, b, off);
        }
        default:
            lw_error(lw, at,
                     "a memref made by '%s' is not supported yet (a view or an "
                     "allocated buffer is)",
                     o ? ir_str_get(m, o->name) : "a block argument");
            return IR_NONE;
        }
    }
}

bool lw_strides(const struct ir_module *m, ir_value v, int64_t *strides)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    const int64_t *given = NULL;
    if (lay && lay->kind == IR_AT_STRIDED && lay->n == t->rank)
        given = lay->ints;
    for (ir_value x = lw_through_private(m, v); !given;) {
        ir_op d = ir_value_def(m, x);
        uint16_t k = d ? ir_op_get(m, d)->kind : IR_OP_UNKNOWN;
        if (k == IR_OP_MEMREF_MEMORY_SPACE_CAST || k == IR_OP_MEMREF_CAST) {
            x = lw_through_private(m, ir_op_get(m, d)->opnd[0]);
            continue;
        }
        if (k == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW) {
            const struct ir_attr_info *sd = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
            if (sd->n == t->rank)
                given = sd->ints;
        }
        break;
    }
    int64_t s = 1;
    for (uint32_t i = t->rank; i-- > 0;) {
        strides[i] = given ? given[i] : s;
        if (strides[i] == IR_DYN || (!given && t->shape[i] == IR_DYN))
            return false; /* given strides need no shape (a bulk view of unbounded rows) */
        if (!given)
            s *= t->shape[i];
    }
    return true;
}

/* The memory kind of source memref v: its type's space, else its view's. */
static uint32_t memory_of(struct lw *lw, ir_value v)
{
    struct ir_module *m = lw->m;
    uint32_t k = lw_space_kind(lw, ir_type_get(m, ir_value_type(m, v))->attr1);
    for (ir_value x = lw_through_private(m, v); k == ARCH_NONE;) {
        ir_op d = ir_value_def(m, x);
        uint16_t kind = d ? ir_op_get(m, d)->kind : IR_OP_UNKNOWN;
        if (kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
            return lw_space_kind(lw, ir_op_attr(m, d, "memory_space"));
        if (kind != IR_OP_MEMREF_MEMORY_SPACE_CAST && kind != IR_OP_MEMREF_CAST &&
            kind != IR_OP_MEMREF_REINTERPRET_CAST)
            break;
        x = lw_through_private(m, ir_op_get(m, d)->opnd[0]);
        k = lw_space_kind(lw, ir_type_get(m, ir_value_type(m, x))->attr1);
    }
    return k;
}

ir_value lw_view(struct lw *lw, ir_value v, uint32_t inst, ir_op at, struct lw_view *info)
{
    struct ir_module *m = lw->m;
    v = lw_through_private(m, v);
    ir_type t = ir_value_type(m, v);
    const struct ir_type_info *ti = ir_type_get(m, t);
    memset(info, 0, sizeof *info);
    info->rank = ti->rank;
    info->elem = ti->elem;
    if (ti->rank > LW_MAX_RANK || !lw_strides(m, v, info->strides)) {
        lw_error(lw, at, "a memref of dynamic or too large a shape (%s) is not supported yet",
                 "rank, sizes or strides");
        return IR_NONE;
    }
    info->mem = memory_of(lw, v);
    if (info->mem == ARCH_NONE || lw->dev->kinds[info->mem].node != ARCH_MEMORY) {
        lw_error(lw, at, "this memref lies in no memory of device @%s", lw->dev->name);
        return IR_NONE;
    }
    /* a ring transfer's source (lower_ops.c) is another core's memory */
    uint32_t tag = P_VIEW; /* not memoized for a ring source */
    ir_value r = lw->ring_src ? IR_NONE : (ir_value)lw_map_get(&lw->p.memo, v, inst, tag);
    if (r)
        return r;
    ir_value start_src = start_of(lw, v, at, false);
    if (!start_src)
        return IR_NONE;
    bool dyn = lw_is_dynamic(lw, start_src, inst);
    ir_value start = lw_value(lw, start_src, inst, at);
    if (!start)
        return IR_NONE;
    ir_value mem = lw->ring_src ? lw_peer_ring(lw, info->mem, 0, lw->ring_src, true)
                                : lw_peer(lw, info->mem, 0);
    ir_aff sum = ir_aff_const(m, 0);
    for (uint32_t i = 0; i < ti->rank; i++)
        sum = ir_aff_bin(
            m, IR_AFF_ADD, sum,
            ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, i), ir_aff_const(m, info->strides[i])));
    struct ir_op_state st;
    ir_state_init(&st, m, "dataflow.get_logical_memory_view", ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, mem);
    ir_state_add_operand(m, &st, start);
    ir_state_set_attr(m, &st, "layout_map",
                      ir_attr_affine_map(m, ir_map_intern(m, ti->rank, 0, 1, &sum)));
    ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_MEMREF, ti->rank, ti->shape, ti->elem));
    r = ir_op_get(m, lw_append(lw, dyn ? lw->p.cur : lw->p.top, &st))->res;
    if (!lw->ring_src)
        lw_memo_put(lw, v, inst, tag, r, dyn);
    return r;
}
