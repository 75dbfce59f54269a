/* nest_sink.c - ktc-nest's `sink` (nest.h): an orchestrator loop around the
 * one call of a program moves into the program. */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_PARAMS = 64 };

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
