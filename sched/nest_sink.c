/* nest_sink.c - ktc-nest's `sink` (nest.h): an orchestrator loop around the
 * one call of a program moves into the program; and `fold-grid`, before it:
 * a grid of more tiles than cores becomes such a loop over a core's tiles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/nest_int.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"

#define MAX_PARAMS 64
#define STR_(x)    #x
#define STR(x)     STR_(x)

/* The program side of one sinking. */
struct sink {
    struct ir_module *m;
    ir_op loop;           /* the orchestrator loop */
    struct split_vmap vm; /* orchestrator value -> program value */
    struct split_b top;   /* before the new loop in the program */
    ir_block entry;
    ir_value outer[MAX_PARAMS]; /* the new call's operands */
    uint32_t nouter;
    bool overflow;
};

/* Pure index arithmetic (what a sinkable body may hold beside the call). */
static bool index_arith(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return !o->nreg && o->nres == 1 && ir_value_type(m, o->res) == m->t_index &&
           (ir_op_def(o->kind)->flags & IR_OPF_PURE) &&
           strncmp(ir_str_get(m, o->name), "arith.", 6) == 0;
}

static enum sched_visit on_tile(const struct ir_module *m, ir_value v, void *ctx)
{
    (void)ctx;
    ir_op d = ir_value_def(m, v);
    if (d && ir_op_get(m, d)->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID)
        return SCHED_ACCEPT;
    return d && index_arith(m, d) ? SCHED_DESCEND : SCHED_REJECT;
}

/* Whether v can be computed again inside a program: constants, the tile id
 * and index arithmetic of those. */
static bool recomputable(const struct ir_module *m, ir_value v)
{
    return sched_value_every(m, v, on_tile, NULL);
}

/* The program's value for orchestrator value v defined outside the loop:
 * recomputed before the loop, or a new parameter. */
static ir_value import(struct sink *s, ir_value v)
{
    struct ir_module *m = s->m;
    ir_value p = split_vmap_get(&s->vm, v);
    if (p != v)
        return p;
    if (recomputable(m, v)) {
        ir_op d = ir_value_def(m, v);
        const struct ir_op_info *o = ir_op_get(m, d);
        for (uint32_t i = 0; i < o->nopnd; i++)
            import(s, o->opnd[i]);
        ir_op_insert_before(m, s->top.before, split_clone(m, d, &s->vm));
        return split_vmap_get(&s->vm, v);
    }
    if (s->nouter == MAX_PARAMS) {
        s->overflow = true;
        return v;
    }
    s->outer[s->nouter++] = v;
    p = ir_block_add_arg(m, s->entry, ir_value_type(m, v), ir_value_get(m, v)->name);
    split_vmap_set(&s->vm, v, p);
    return p;
}

/* The callee name of a func.call. */
static const char *callee(const struct ir_module *m, ir_op call)
{
    ir_attr a = ir_op_attr(m, call, "callee");
    return a ? ir_str_get(m, ir_attr_get(m, a)->s) : NULL;
}

static bool count_calls(struct ir_module *m, ir_op op, void *ctx)
{
    void **x = ctx;
    const char *c;
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_CALL && (c = callee(m, op)) &&
        strcmp(c, (const char *)x[0]) == 0)
        (*(uint32_t *)x[1])++;
    return true;
}

/* Gives every declaration and the definition of fn's symbol type ft. */
static bool retype(struct ir_module *m, ir_op op, void *ctx)
{
    void **x = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        return true;
    ir_attr s = ir_op_attr(m, op, "sym_name");
    if (s && strcmp(ir_str_get(m, ir_attr_get(m, s)->s), (const char *)x[0]) == 0)
        ir_op_set_attr(m, op, "function_type", *(ir_attr *)x[1]);
    return true;
}

/* Moves the loop-invariant pure ops and allocations at the top of loop's
 * body before it. */
static void hoist(struct ir_module *m, ir_op loop)
{
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        bool pure = !o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE) && o->nres;
        if ((pure || o->kind == IR_OP_MEMREF_ALLOC) && nest_invariant(m, op, loop)) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, loop, op);
        }
    }
}

/* Sinks loop (whose body calls fn once) into fn. */
static bool sink_one(struct nest_ctx *c, ir_op loop, ir_op call, ir_op fn)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *lo = ir_op_get(m, loop);
    struct sink s = {.m = m, .loop = loop};
    s.entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    uint32_t nold = ir_block_get(m, s.entry)->nargs;
    ir_op first = ir_block_get(m, s.entry)->first;
    sb_before(&s.top, m, first, lo->loc);

    ir_value b[3];
    for (uint32_t i = 0; i < 3; i++)
        b[i] = import(&s, lo->opnd[i]);
    ir_op yield;
    ir_value oldiv = nest_for_iv(m, loop);
    const char *type = nest_loop_type(m, loop);
    ir_op nl = nest_make_for(&s.top, b[0], b[1], b[2], type, NULL, &yield);
    ir_value iv = nest_for_iv(m, nl);
    ir_value_get(m, iv)->name = ir_value_get(m, oldiv)->name;
    split_vmap_set(&s.vm, oldiv, iv);
    s.top.before = nl;

    /* the program's ops into the loop */
    ir_block body = nest_for_body(m, nl);
    ir_op ret = ir_block_get(m, s.entry)->last;
    for (ir_op op = first, next; op && op != ret; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, yield, op);
    }
    /* the loop's arithmetic at the top of the new body */
    ir_op body_first = ir_block_get(m, body)->first;
    ir_block lbody = nest_for_body(m, loop);
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (op == call || o->kind == IR_OP_SCF_YIELD)
            continue;
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_op d = ir_value_def(m, o->opnd[i]);
            if (o->opnd[i] != oldiv && (!d || ir_op_get(m, d)->block != lbody))
                import(&s, o->opnd[i]);
        }
        ir_op_insert_before(m, body_first, split_clone(m, op, &s.vm));
    }
    /* the old parameters become what the call passed */
    const struct ir_op_info *co = ir_op_get(m, call);
    for (uint32_t j = 0; j < co->nopnd; j++) {
        ir_value a = co->opnd[j], v = split_vmap_get(&s.vm, a);
        if (v == a)
            v = import(&s, a);
        split_replace_uses(m, fn, ir_block_get(m, s.entry)->args[j], v);
    }
    if (s.overflow) {
        split_vmap_free(&s.vm);
        return nest_error(c, loop, "sink: more than %d parameters", MAX_PARAMS);
    }
    /* parameters: only the new ones */
    /* the old ones, unused now, go to a detached block (every argument
     * value belongs to a block) */
    ir_block gone = ir_block_new(m);
    struct ir_block_info *e = ir_block_get(m, s.entry), *g = ir_block_get(m, gone);
    g->args = e->args;
    g->nargs = nold;
    for (uint32_t i = 0; i < nold; i++)
        ir_value_get(m, g->args[i])->owner = gone;
    e->args += nold;
    e->nargs -= nold;
    ir_type tys[MAX_PARAMS];
    for (uint32_t i = 0; i < e->nargs; i++) {
        ir_value_get(m, e->args[i])->index = i;
        tys[i] = ir_value_type(m, e->args[i]);
    }
    ir_attr ft = ir_attr_type(m, ir_type_func(m, e->nargs, tys, 0, NULL));
    void *ctx[2] = {(void *)callee(m, call), &ft};
    ir_walk(m, m->top, retype, ctx);

    /* the orchestrator calls once */
    struct ir_op_state st;
    ir_state_init(&st, m, "func.call", co->loc);
    ir_state_set_attr(m, &st, "callee", ir_op_attr(m, call, "callee"));
    for (uint32_t i = 0; i < s.nouter; i++)
        ir_state_add_operand(m, &st, s.outer[i]);
    ir_op_insert_before(m, loop, ir_op_create(m, &st));
    ir_op_unlink(m, loop);
    split_vmap_free(&s.vm);
    hoist(m, nl);
    split_dce(m, fn);
    return true;
}

/* The calls of loop (no iter_args) when its body is index arithmetic and
 * calls of programs (at most max, none with results), each called there
 * only; their number (0 when the body is anything else). One: the loop
 * sinks (nest.h); two: the programs merge first. */
static uint32_t loop_calls(struct ir_module *m, ir_op loop, ir_op *calls, ir_op *fns, uint32_t max)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    if (o->kind != IR_OP_SCF_FOR || o->nopnd != 3 || o->nres)
        return 0;
    uint32_t n = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_SCF_YIELD || index_arith(m, op))
            continue;
        if (k != IR_OP_FUNC_CALL || ir_op_get(m, op)->nres || n == max)
            return 0;
        const char *name = callee(m, op);
        uint32_t times = 0;
        void *ctx[2] = {(void *)name, &times};
        if (!name || !(fns[n] = nest_func_named(m, name)) || ir_op_get(m, fns[n])->nres)
            return 0;
        ir_walk(m, m->top, count_calls, ctx);
        if (times != 1)
            return 0;
        calls[n++] = op;
    }
    return n;
}

/* Removes fn's definition (with the module around it, when it holds
 * nothing else) and its declarations. */
static void remove_func(struct ir_module *m, ir_op fn)
{
    ir_str name = ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s;
    struct sched_ops fns = {0};
    sched_ops_of_kind(m, m->top, IR_OP_FUNC_FUNC, &fns);
    for (uint32_t i = 0; i < fns.n; i++) {
        ir_attr s = ir_op_attr(m, fns.v[i], "sym_name");
        if (fns.v[i] != fn && s && ir_attr_get(m, s)->s == name)
            ir_op_unlink(m, fns.v[i]);
    }
    free(fns.v);
    ir_op mod = ir_op_parent(m, fn);
    const struct ir_op_info *mo = mod ? ir_op_get(m, mod) : NULL;
    ir_block mb = mo && mo->kind == IR_OP_BUILTIN_MODULE ? ir_region_entry(m, mo->regs[0]) : IR_NONE;
    if (mb && ir_block_get(m, mb)->first == fn && ir_block_get(m, mb)->last == fn)
        ir_op_unlink(m, mod);
    else
        ir_op_unlink(m, fn);
}

/* Program fb, called by cb after fa's call ca in one loop body, joins fa:
 * its ops after fa's, its parameters fa's (one for each operand both
 * calls pass), one call where cb was. False past MAX_PARAMS. */
static bool merge_into(struct ir_module *m, ir_op ca, ir_op fa, ir_op cb, ir_op fb)
{
    ir_block ea = ir_region_entry(m, ir_op_region(m, fa, 0));
    ir_block eb = ir_region_entry(m, ir_op_region(m, fb, 0));
    ir_value ops[MAX_PARAMS];
    uint32_t n = ir_op_get(m, ca)->nopnd, nb = ir_op_get(m, cb)->nopnd;
    if (n > MAX_PARAMS)
        return false;
    for (uint32_t i = 0; i < n; i++)
        ops[i] = ir_op_get(m, ca)->opnd[i];
    for (uint32_t j = 0; j < nb; j++) {
        ir_value v = ir_op_get(m, cb)->opnd[j];
        uint32_t i = 0;
        while (i < n && ops[i] != v)
            i++;
        if (i == n) {
            if (n == MAX_PARAMS)
                return false;
            ops[n++] = v;
            ir_value bj = ir_block_get(m, eb)->args[j];
            ir_block_add_arg(m, ea, ir_value_type(m, bj), ir_value_get(m, bj)->name);
        }
        split_replace_uses(m, fb, ir_block_get(m, eb)->args[j], ir_block_get(m, ea)->args[i]);
    }
    ir_op ret = ir_block_get(m, ea)->last, bret = ir_block_get(m, eb)->last;
    for (ir_op op = ir_block_get(m, eb)->first, next; op && op != bret; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, ret, op);
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "func.call", ir_op_get(m, ca)->loc);
    ir_state_set_attr(m, &st, "callee", ir_op_attr(m, ca, "callee"));
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_operand(m, &st, ops[i]);
    ir_op_insert_before(m, cb, ir_op_create(m, &st));
    ir_op_unlink(m, ca);
    ir_op_unlink(m, cb);
    ir_type tys[MAX_PARAMS];
    for (uint32_t i = 0; i < n; i++)
        tys[i] = ir_value_type(m, ir_block_get(m, ea)->args[i]);
    ir_attr ft = ir_attr_type(m, ir_type_func(m, n, tys, 0, NULL));
    void *ctx[2] = {(void *)callee(m, ca), &ft};
    ir_walk(m, m->top, retype, ctx);
    remove_func(m, fb);
    return true;
}

static bool find_sinkable(struct ir_module *m, ir_op op, void *ctx)
{
    void **x = ctx;
    ir_op calls[2], fns[2];
    uint32_t n = loop_calls(m, op, calls, fns, 2);
    if (n == 2 && merge_into(m, calls[0], fns[0], calls[1], fns[1])) {
        *(bool *)x[3] = true; /* the walk starts again */
        return false;
    }
    if (n != 1)
        return true;
    *(ir_op *)x[0] = op;
    *(ir_op *)x[1] = calls[0];
    *(ir_op *)x[2] = fns[0];
    return false;
}

bool nest_sink(struct nest_ctx *c)
{
    for (;;) {
        ir_op loop = IR_NONE, call = IR_NONE, fn = IR_NONE;
        bool merged = false;
        void *ctx[4] = {&loop, &call, &fn, &merged};
        ir_walk(c->m, c->m->top, find_sinkable, ctx);
        if (merged)
            continue;
        if (!loop)
            return true;
        if (!sink_one(c, loop, call, fn))
            return false;
    }
}

/* ---- fold-grid ------------------------------------------------------------ */

/* What one kernel's folding needs: its calls and their programs. */
struct fold {
    ir_op kernel;
    ir_op calls[MAX_PARAMS], fns[MAX_PARAMS];
    uint32_t n;
    bool ok;
    bool many; /* a call of more than MAX_PARAMS operands: sink could not
                  take the loop into its program */
};

static bool note_call(struct ir_module *m, ir_op op, void *ctx)
{
    struct fold *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_FUNC_CALL)
        return true;
    if (ir_op_get(m, op)->nopnd > MAX_PARAMS) {
        f->many = true;
        f->ok = false;
        return false;
    }
    const char *name = callee(m, op);
    ir_op fn = name ? nest_func_named(m, name) : IR_NONE;
    uint32_t times = 0;
    void *x[2] = {(void *)name, &times};
    if (fn)
        ir_walk(m, m->top, count_calls, x);
    /* a program with a body, called here only, of no results */
    if (!fn || times != 1 || f->n == MAX_PARAMS || ir_op_get(m, op)->nres ||
        !ir_region_get(m, ir_op_region(m, fn, 0))->first) {
        f->ok = false;
        return false;
    }
    f->calls[f->n] = op;
    f->fns[f->n++] = fn;
    return true;
}

/* Whether op moves another tile's data (ktc-split's ring transfers). */
static bool cross_tile(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_attr(m, op, "source_tiles"))
        *(bool *)ctx = true;
    return !*(bool *)ctx;
}

/* Whether v depends on the tile id: a ktdp.get_compute_tile_id, index
 * arithmetic of one, the IV of a loop whose bounds do, a parameter
 * of a program fold-grid folds whose call passes such a value (dep[i] for
 * parameter i of fn; NULL: none), any other block argument; past `depth`
 * ops, taken as dependent. */
static bool on_tile_id(const struct ir_module *m, ir_value v, ir_op fn, const bool *dep,
                       uint32_t depth, struct sched_memo *mm);

/* Whether a bound or the step of loop depends on the tile id
 * (on_tile_id). */
static bool bounds_on_tile_id(const struct ir_module *m, ir_op loop, ir_op fn, const bool *dep,
                              uint32_t depth, struct sched_memo *mm)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    for (uint32_t i = 0; i < o->nopnd && i < 3; i++)
        if (on_tile_id(m, o->opnd[i], fn, dep, depth, mm))
            return true;
    return o->nopnd < 3;
}

static bool tile_id_of(const struct ir_module *m, ir_value v, ir_op fn, const bool *dep,
                       uint32_t depth, struct sched_memo *mm)
{
    ir_op d = ir_value_def(m, v);
    if (!d) {
        const struct ir_value_info *vi = ir_value_get(m, v);
        ir_block owner = vi->is_arg ? vi->owner : IR_NONE;
        ir_op l = owner ? ir_region_get(m, ir_block_get(m, owner)->region)->op : IR_NONE;
        if (l == fn)
            return dep && dep[vi->index];
        if (l && ir_op_get(m, l)->kind == IR_OP_SCF_FOR && vi->index == 0)
            return bounds_on_tile_id(m, l, fn, dep, depth - 1, mm);
        return true;
    }
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID)
        return true;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (on_tile_id(m, o->opnd[i], fn, dep, depth - 1, mm))
            return true;
    return false;
}

static bool on_tile_id(const struct ir_module *m, ir_value v, ir_op fn, const bool *dep,
                       uint32_t depth, struct sched_memo *mm)
{
    bool found;
    int32_t s = depth ? sched_memo_slot(mm, v, &found) : -1;
    if (s < 0)
        return true; /* too deep, or too many values: taken as dependent */
    if (!found) {
        mm->x[s] = tile_id_of(m, v, fn, dep, depth, mm);
        mm->ok[s] = true;
    }
    return !mm->ok[s] || mm->x[s]; /* (a cycle back to v: dependent) */
}

/* Whether loop is a block a tile masks: a constant lower bound and step,
 * and an upper bound that a constant bounds above (Triton's block masked
 * at n - pid * BLOCK: ktc-split's `scf.for %i = 0 to clamp(n - b, 0, 1024)
 * step 64`), not a loop from the tile id (rows t, t + 4, ...). */
static bool masked_block(const struct ir_module *m, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, step, hi;
    return o->nopnd == 3 && split_const_int(m, o->opnd[0], &lb) &&
           split_const_int(m, o->opnd[2], &step) && step > 0 &&
           sched_value_upper(m, o->opnd[1], &hi, 8);
}

/* Whether a loop of fn has bounds that depend on the tile id (a
 * launch-time extent the same on every tile is fine; so is a block a tile
 * masks: the folded loop's empty tiles load the old lanes of the block's
 * last vector a tile ahead, nest_row_loop, and the tiles stream:
 * vadd_grid977 on spyre at n = 5000 3105 -> 1497 cycles, compiled in 24
 * ms, not 900, 100 KB of SpyreCode, not 1.8 MB). */
static bool tile_trips(struct ir_module *m, ir_op fn, const bool *dep, bool *masked)
{
    struct sched_ops loops = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &loops);
    bool any = false;
    for (uint32_t i = 0; i < loops.n && !any; i++)
        if (bounds_on_tile_id(m, loops.v[i], fn, dep, 64, &(struct sched_memo){0})) {
            bool mb = masked_block(m, loops.v[i]);
            *masked |= mb;
            any = !mb;
        }
    free(loops.v);
    return any;
}

/* Whether fn multiplies or divides a value of the tile id by one that is
 * not a constant (a block at pid * BLOCK_SIZE: tiles of one loop then
 * start at launch-time strides, and their DMAs stay one a tile: a vector
 * add of 128 blocks on spyre ran 1125 -> 1585 cycles folded, 1125 -> 652
 * with a constant block). */
struct scaled {
    ir_op fn;
    const bool *dep;
    bool any;
};

static bool scaled_walk(struct ir_module *m, ir_op op, void *ctx)
{
    struct scaled *x = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    switch (o->kind) {
    case IR_OP_ARITH_MULI: case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_DIVUI:
    case IR_OP_ARITH_REMSI: case IR_OP_ARITH_REMUI: case IR_OP_ARITH_FLOORDIVSI:
    case IR_OP_ARITH_CEILDIVSI: {
        int64_t c;
        for (int j = 0; j < 2 && o->nopnd == 2 && !x->any; j++)
            x->any = !split_const_int(m, o->opnd[1 - j], &c) &&
                     on_tile_id(m, o->opnd[j], x->fn, x->dep, 64, &(struct sched_memo){0});
        break;
    }
    default:
        break;
    }
    return !x->any;
}

static bool scaled_tile_id(struct ir_module *m, ir_op fn, const bool *dep)
{
    struct scaled x = {fn, dep, false};
    ir_walk(m, fn, scaled_walk, &x);
    return x.any;
}

/* grid = [n], its element of the type grid's first one has. */
static void set_grid(struct ir_module *m, ir_op fn, int64_t n)
{
    const struct ir_attr_info *gi = ir_attr_get(m, ir_op_attr(m, fn, "grid"));
    ir_attr e = ir_attr_int(m, n, ir_attr_get(m, gi->elems[0])->type);
    ir_op_set_attr(m, fn, "grid", ir_attr_array(m, 1, &e));
}

/* Whether fn has a grid (an array) of `tiles` tiles. */
static bool grid_of(const struct ir_module *m, ir_op fn, int64_t tiles)
{
    ir_attr a = ir_op_attr(m, fn, "grid");
    const struct ir_attr_info *gi = a ? ir_attr_get(m, a) : NULL;
    return gi && gi->kind == IR_AT_ARRAY && sched_grid_tiles(m, fn, tiles) == tiles;
}

/* Replaces every tile id of fn (not keep) with v. */
static void tile_ids_to(struct ir_module *m, ir_op fn, ir_value v, ir_op keep)
{
    struct sched_ops ids = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDP_GET_COMPUTE_TILE_ID, &ids);
    for (uint32_t i = 0; i < ids.n; i++) {
        if (ids.v[i] == keep)
            continue;
        split_replace_uses(m, fn, ir_op_result(m, ids.v[i], 0), v);
        ir_op_unlink(m, ids.v[i]);
    }
    free(ids.v);
}

/* Folds kernel f->kernel, a grid of g tiles on c cores (nest.h fold-grid). */
static void fold_one(struct nest_ctx *c, struct fold *f, int64_t g, int64_t cores)
{
    struct ir_module *m = c->m;
    ir_op k = f->kernel;
    ir_block entry = ir_region_entry(m, ir_op_region(m, k, 0));
    ir_op first = ir_block_get(m, entry)->first, ret = ir_block_get(m, entry)->last;
    struct ir_loc loc = ir_op_get(m, k)->loc;
    /* for %t = %pid to g step cores { the body }, the tile id %t in it */
    struct split_b b;
    sb_before(&b, m, first, loc);
    ir_value pid = nest_make_op(&b, "ktdp.get_compute_tile_id", m->t_index);
    ir_op yield;
    ir_op loop = nest_make_for(&b, pid, sb_index(&b, g), sb_index(&b, cores), NULL, "tile", &yield);
    ir_value t = nest_for_iv(m, loop);
    for (ir_op op = first, next; op && op != ret; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, yield, op);
    }
    tile_ids_to(m, k, t, ir_value_def(m, pid));
    /* each program taking the tile id: a parameter, the call's %t */
    for (uint32_t i = 0; i < f->n; i++) {
        ir_op fn = f->fns[i], call = f->calls[i];
        struct sched_ops ids = {0};
        sched_ops_of_kind(m, fn, IR_OP_KTDP_GET_COMPUTE_TILE_ID, &ids);
        uint32_t uses = ids.n;
        free(ids.v);
        set_grid(m, fn, cores);
        if (!uses)
            continue;
        ir_block e = ir_region_entry(m, ir_op_region(m, fn, 0));
        ir_value p = ir_block_add_arg(m, e, m->t_index, ir_str_c(m, "tile"));
        tile_ids_to(m, fn, p, IR_NONE);
        ir_type tys[MAX_PARAMS + 1];
        const struct ir_block_info *eb = ir_block_get(m, e);
        for (uint32_t j = 0; j < eb->nargs; j++)
            tys[j] = ir_value_type(m, eb->args[j]);
        ir_attr ft = ir_attr_type(m, ir_type_func(m, eb->nargs, tys, 0, NULL));
        void *ctx[2] = {(void *)callee(m, call), &ft};
        ir_walk(m, m->top, retype, ctx);
        const struct ir_op_info *co = ir_op_get(m, call);
        struct ir_op_state st;
        ir_state_init(&st, m, "func.call", co->loc);
        ir_state_set_attr(m, &st, "callee", ir_op_attr(m, call, "callee"));
        for (uint32_t j = 0; j < co->nopnd; j++)
            ir_state_add_operand(m, &st, co->opnd[j]);
        ir_state_add_operand(m, &st, t);
        ir_op_insert_before(m, call, ir_op_create(m, &st));
        ir_op_unlink(m, call);
    }
    set_grid(m, k, cores);
}

bool nest_fold_grid(struct nest_ctx *c)
{
    struct ir_module *m = c->m;
    int64_t cores = c->dev->ncores;
    struct sched_ops kernels = {0};
    nest_kernels(m, &kernels);
    bool flat = false, ok = true;
    /* one dimension (an N-D grid's coordinates come back from the linear
     * id by divisions and remainders, which tiling does not see through:
     * grids of [R / 2, 2] rows ran 1.9-3.3x slower), as written (before
     * any flattening) */
    bool *nd = calloc(kernels.n ? kernels.n : 1, sizeof *nd);
    if (!nd)
        abort();
    for (uint32_t i = 0; i < kernels.n; i++) {
        int64_t dims[3];
        sched_grid_dims(m, kernels.v[i], dims);
        nd[i] = dims[1] != 1 || dims[2] != 1;
    }
    for (uint32_t i = 0; i < kernels.n && ok && cores >= 1; i++) {
        int64_t g = sched_grid_tiles(m, kernels.v[i], INT64_C(1) << 31);
        if (g <= cores)
            continue;
        struct fold f = {.kernel = kernels.v[i], .ok = true};
        ir_walk(m, f.kernel, note_call, &f);
        bool cross = false;
        ir_walk(m, f.kernel, cross_tile, &cross);
        bool same = grid_of(m, f.kernel, g);
        /* tiles whose loops have the same bounds on every tile (a row's
         * columns), or a block the tile masks, on 2 tiles a core or more;
         * not a row loop from the tile id (nest.h) */
        bool masked = false, trips = tile_trips(m, f.kernel, NULL, &masked),
             scaled = scaled_tile_id(m, f.kernel, NULL);
        for (uint32_t j = 0; j < f.n && f.ok; j++) {
            ir_walk(m, f.fns[j], cross_tile, &cross);
            same &= grid_of(m, f.fns[j], g);
            const struct ir_op_info *co = ir_op_get(m, f.calls[j]);
            bool dep[MAX_PARAMS] = {false};
            for (uint32_t a = 0; a < co->nopnd && a < MAX_PARAMS; a++)
                dep[a] = on_tile_id(m, co->opnd[a], f.kernel, NULL, 64, &(struct sched_memo){0});
            trips = trips || tile_trips(m, f.fns[j], dep, &masked);
            scaled = scaled || scaled_tile_id(m, f.fns[j], dep);
        }
        const char *why = nd[i]    ? "a grid of more than one dimension"
                          : f.many ? "a program of more than " STR(MAX_PARAMS) " parameters"
                          : !f.ok  ? "a program called elsewhere, or with results"
                          : cross  ? "its tiles move one another's data"
                          : !same  ? "its programs' grids are not its own"
                          : trips  ? "a loop's bounds differ by tile"
                          /* a core hosting one tile streams nothing: its
                             trip of the loop only adds the copies' credits
                             (grids of 33 and 40 blocks on spyre's 32 cores
                             ran 1.02-1.05x the cycles folded, of 64 0.96x,
                             of 100 to 513 0.65-0.81x) */
                          : masked && g < 2 * cores
                              ? "a block masked by tile, on fewer than 2 tiles a core"
                          : scaled ? "a tile id is scaled by a launch-time value"
                                   : NULL;
        if (c->o->stats)
            fprintf(c->o->stats,
                    "ktc-nest: @%s: fold-grid: a grid of %lld tiles on %lld core%s: %s%s\n",
                    ir_str_get(m, ir_attr_get(m, ir_op_attr(m, f.kernel, "sym_name"))->s),
                    (long long)g, (long long)cores, cores == 1 ? "" : "s",
                    why ? "left as it is: " : "a loop over the tiles a core hosts",
                    why ? why : "");
        /* (tile ids of several results made one first, as ktc-allocate
         * would) */
        if (!why && !flat && !(ok = flat = sched_grid_flatten(m, c->diag)))
            break;
        if (!why)
            fold_one(c, &f, g, cores);
    }
    free(kernels.v);
    free(nd);
    return ok;
}
