/* nest_assume.c - ktc-nest's launch-time values (nest.h): index arithmetic
 * evaluated for a tile id of the grid, through the parameters of a program
 * called once to its caller's values, and the kernel arguments the user
 * assumes (--assume NAME=VALUE). Normalize folds with the tile id alone (a
 * fact of every launch); only the cost model takes the assumptions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* The func.func whose entry block argument v is, or IR_NONE. */
static ir_op param_of(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg)
        return IR_NONE;
    ir_op fn = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    if (!fn || ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC || !ir_op_attr(m, fn, "sym_name") ||
        ir_region_entry(m, ir_op_region(m, fn, 0)) != vi->owner)
        return IR_NONE;
    return fn;
}

/* The calls of fn: how many, and the last one (sched_calls_of: the value
 * of a kernel argument, asked for again and again by the cost model, once
 * looked through every program: layernorm_triton_256x8000's ktc-nest 520
 * -> 280 ms). */
static uint32_t calls_of(const struct ir_module *m, ir_op fn, ir_op *call)
{
    struct sched_ops calls = {0};
    sched_calls_of(m, fn, &calls);
    *call = calls.n ? calls.v[calls.n - 1] : IR_NONE;
    free(calls.v);
    return calls.n;
}

/* The operand passed for v when v is a parameter of a program called once
 * (what sink made of the orchestrator's values), else IR_NONE. */
static ir_value call_operand(const struct ir_module *m, ir_value v)
{
    ir_op fn = param_of(m, v), call;
    if (!fn || calls_of(m, fn, &call) != 1 ||
        ir_value_get(m, v)->index >= ir_op_get(m, call)->nopnd)
        return IR_NONE;
    return ir_op_get(m, call)->opnd[ir_value_get(m, v)->index];
}

/* The name of v when it is an argument of a kernel (a function nothing
 * calls), else NULL. */
static const char *kernel_arg(const struct ir_module *m, ir_value v)
{
    ir_op fn = param_of(m, v), call;
    if (!fn || calls_of(m, fn, &call) != 0)
        return NULL;
    uint32_t s = ir_value_get(m, v)->name;
    return s ? ir_str_get(m, s) : NULL;
}

static bool eval_op(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                    int64_t tile, struct sched_memo *mm, uint32_t *used, int64_t *out);

static bool eval(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                 int64_t tile, struct sched_memo *mm, uint32_t *used, int64_t *out)
{
    if (split_const_int(m, v, out))
        return true;
    bool found;
    int32_t s = sched_memo_slot(mm, v, &found);
    if (s < 0)
        return false;
    if (!found)
        mm->ok[s] = eval_op(m, o, v, tile, mm, used, &mm->x[s]);
    if (mm->ok[s])
        *out = mm->x[s];
    return mm->ok[s];
}

/* The variable v of an scf.for that runs once at these values (a row's
 * masked block: the pieces of its last vector inside it count their trips
 * from it): its lower bound. */
static bool loop_once(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                      int64_t tile, struct sched_memo *mm, uint32_t *used, int64_t *out)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg || vi->index != 0)
        return false;
    ir_op l = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    const struct ir_op_info *lo = l ? ir_op_get(m, l) : NULL;
    int64_t lb, ub, st;
    if (!lo || lo->kind != IR_OP_SCF_FOR || lo->nopnd < 3 ||
        ir_region_entry(m, lo->regs[0]) != vi->owner ||
        !eval(m, o, lo->opnd[0], tile, mm, used, &lb) ||
        !eval(m, o, lo->opnd[1], tile, mm, used, &ub) ||
        !eval(m, o, lo->opnd[2], tile, mm, used, &st) || st <= 0 || ub <= lb || ub - lb > st)
        return false;
    *out = lb;
    return true;
}

/* v's value, not a constant, not evaluated before. */
static bool eval_op(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                    int64_t tile, struct sched_memo *mm, uint32_t *used, int64_t *out)
{
    ir_value arg = call_operand(m, v);
    if (arg)
        return eval(m, o, arg, tile, mm, used, out);
    const char *name = o ? kernel_arg(m, v) : NULL;
    for (uint32_t i = 0; name && i < o->nassume && i < 32; i++)
        if (strcmp(o->assume[i].name, name) == 0) {
            *used |= 1u << i;
            *out = o->assume[i].value;
            return true;
        }
    ir_op d = ir_value_def(m, v);
    if (!d)
        return loop_once(m, o, v, tile, mm, used, out);
    const struct ir_op_info *oi = ir_op_get(m, d);
    if (oi->kind == IR_OP_KTDP_GET_COMPUTE_TILE_ID) {
        *out = tile;
        return true;
    }
    int64_t x, y;
    if ((oi->kind == IR_OP_ARITH_INDEX_CAST || oi->kind == IR_OP_ARITH_INDEX_CASTUI) &&
        oi->nopnd == 1) {
        /* an i32 argument used as an index (or back): the value when i32
         * holds it, as the cast keeps it then */
        if (!eval(m, o, oi->opnd[0], tile, mm, used, &x) || x < INT32_MIN || x > INT32_MAX ||
            (oi->kind == IR_OP_ARITH_INDEX_CASTUI && x < 0))
            return false;
        *out = x;
        return true;
    }
    if (oi->kind == IR_OP_ARITH_SELECT && oi->nopnd == 3) {
        /* min(start + chunk, n) spelled as a compare and a select */
        if (!eval(m, o, oi->opnd[0], tile, mm, used, &x))
            return false;
        return eval(m, o, oi->opnd[x ? 1 : 2], tile, mm, used, out);
    }
    if (oi->nopnd != 2 || !eval(m, o, oi->opnd[0], tile, mm, used, &x) ||
        !eval(m, o, oi->opnd[1], tile, mm, used, &y))
        return false;
    switch (oi->kind) {
    case IR_OP_ARITH_ADDI: *out = x + y; return true;
    case IR_OP_ARITH_SUBI: *out = x - y; return true;
    case IR_OP_ARITH_MULI: *out = x * y; return true;
    case IR_OP_ARITH_CEILDIVSI:
        if (y <= 0)
            return false;
        *out = x >= 0 ? (x + y - 1) / y : -(-x / y);
        return true;
    case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_DIVUI:
        if (y <= 0 || x < 0)
            return false;
        *out = x / y;
        return true;
    case IR_OP_ARITH_REMSI: case IR_OP_ARITH_REMUI:
        if (y <= 0 || x < 0)
            return false;
        *out = x % y;
        return true;
    case IR_OP_ARITH_MINSI: *out = x < y ? x : y; return true;
    case IR_OP_ARITH_MAXSI: *out = x > y ? x : y; return true;
    case IR_OP_ARITH_CMPI: {
        /* eq ne slt sle sgt sge ult ule ugt uge (arith's order); the
         * unsigned ones on the non-negative values index arithmetic has */
        ir_attr pa = ir_op_attr(m, d, "predicate");
        int64_t p = pa ? ir_attr_get(m, pa)->i : -1;
        if (p >= 6 && (x < 0 || y < 0))
            return false;
        switch (p) {
        case 0: *out = x == y; return true;
        case 1: *out = x != y; return true;
        case 2: case 6: *out = x < y; return true;
        case 3: case 7: *out = x <= y; return true;
        case 4: case 8: *out = x > y; return true;
        case 5: case 9: *out = x >= y; return true;
        default: return false;
        }
    }
    default:
        return false;
    }
}

bool nest_eval_at(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                  int64_t tile, uint32_t *used, int64_t *out)
{
    uint32_t u = 0;
    struct sched_memo mm;
    mm.n = 0;
    if (!eval(m, o && o->nassume ? o : NULL, v, tile, &mm, &u, out))
        return false;
    if (used)
        *used |= u;
    return true;
}

int64_t nest_grid_tiles(const struct ir_module *m, ir_op fn)
{
    ir_attr g = ir_op_attr(m, fn, "grid");
    const struct ir_attr_info *gi = g ? ir_attr_get(m, g) : NULL;
    int64_t n = 1;
    if (!gi)
        return 1; /* no grid: one tile, id 0 */
    if (gi->kind == IR_AT_DENSE_ARRAY) {
        for (uint32_t i = 0; i < gi->n; i++)
            if (gi->ints[i] < 1 || (n *= gi->ints[i]) > 4096)
                return 0;
        return n;
    }
    for (uint32_t i = 0; gi->kind == IR_AT_ARRAY && i < gi->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, gi->elems[i]);
        if (e->kind != IR_AT_INT || e->i < 1 || (n *= e->i) > 4096)
            return 0;
    }
    return gi->kind == IR_AT_ARRAY ? n : 0;
}

/* The largest (most) or smallest v over the tile ids of fn's grid, with
 * o's assumptions. */
static bool eval_extreme(const struct ir_module *m, const struct sched_nest_options *o, ir_op fn,
                         ir_value v, bool most, uint32_t *used, int64_t *out)
{
    int64_t n = nest_grid_tiles(m, fn), best = 0;
    for (int64_t t = 0; t < n; t++) {
        int64_t x;
        if (!nest_eval_at(m, o, v, t, used, &x))
            return false;
        if (!t || (most ? x > best : x < best))
            best = x;
    }
    if (!n)
        return false;
    *out = best;
    return true;
}

static bool eval_most(const struct ir_module *m, const struct sched_nest_options *o, ir_op fn,
                      ir_value v, uint32_t *used, int64_t *out)
{
    return eval_extreme(m, o, fn, v, true, used, out);
}

bool nest_eval_least(const struct ir_module *m, ir_op fn, ir_value v, int64_t *out)
{
    return eval_extreme(m, NULL, fn, v, false, NULL, out);
}

bool nest_eval_most(const struct nest_ctx *c, ir_op fn, ir_value v, uint32_t *used,
                    int64_t *out)
{
    return eval_most(c->m, c->o, fn, v, used, out);
}

void nest_note_nominal(struct nest_ctx *c, ir_op fn, ir_value v, int64_t points)
{
    const struct sched_nest_options *o = c->o;
    char name[64];
    nest_launch_names(c->m, v, name, sizeof name);
    if (!name[0] || strchr(name, ',') || strlen(name) >= sizeof c->nominal[0].name ||
        c->nnominal >= NEST_NOMINALS || o->nassume >= 32)
        return;
    for (uint32_t i = 0; i < c->nnominal; i++)
        if (strcmp(c->nominal[i].name, name) == 0)
            return;
    /* the assumptions, and the argument at x */
    struct sched_nest_assume a[33];
    for (uint32_t i = 0; i < o->nassume; i++)
        a[i] = o->assume[i];
    a[o->nassume] = (struct sched_nest_assume){.name = name};
    struct sched_nest_options at = *o;
    at.assume = a;
    at.nassume = o->nassume + 1;
    /* trip counts grow with the argument: the largest x in [0, 2^31) that
     * makes v at most `points`, by bisection */
    int64_t lo = 0, hi = INT64_C(1) << 31, x;
    a[o->nassume].value = lo;
    if (!eval_most(c->m, &at, fn, v, NULL, &x) || x > points)
        return;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        a[o->nassume].value = mid;
        if (!eval_most(c->m, &at, fn, v, NULL, &x))
            return;
        *(x <= points ? &lo : &hi) = mid;
    }
    a[o->nassume].value = lo;
    if (!eval_most(c->m, &at, fn, v, NULL, &x) || x != points)
        return;
    struct nest_nominal *n = &c->nominal[c->nnominal++];
    snprintf(n->name, sizeof n->name, "%s", name);
    n->value = lo;
}

/* Appends to buf the kernel arguments v depends on (through index
 * arithmetic and the parameters of programs called once), each once;
 * each value is looked at once (the values in mm). */
static void names(const struct ir_module *m, ir_value v, struct sched_memo *mm, char *buf,
                  size_t cap)
{
    bool found;
    if (split_const_int(m, v, &(int64_t){0}) || sched_memo_slot(mm, v, &found) < 0 || found)
        return;
    ir_value arg = call_operand(m, v);
    if (arg) {
        names(m, arg, mm, buf, cap);
        return;
    }
    const char *name = kernel_arg(m, v);
    if (name) {
        size_t n = strlen(name), len = strlen(buf);
        for (const char *p = buf; (p = strstr(p, name)); p += n)
            if ((p == buf || p[-1] == ' ') && (p[n] == ',' || !p[n]))
                return;
        if (len + n + 3 < cap)
            snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", name);
        return;
    }
    ir_op d = ir_value_def(m, v);
    if (!d)
        return;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->nreg)
        return;
    for (uint32_t i = 0; i < o->nopnd; i++)
        names(m, o->opnd[i], mm, buf, cap);
}

void nest_launch_names(const struct ir_module *m, ir_value v, char *buf, size_t cap)
{
    struct sched_memo mm;
    mm.n = 0;
    buf[0] = 0;
    names(m, v, &mm, buf, cap);
}

static bool kernel_walk(struct ir_module *m, ir_op op, void *ctx)
{
    ir_op call;
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_FUNC && ir_op_get(m, op)->nreg &&
        ir_region_get(m, ir_op_region(m, op, 0))->first && ir_op_attr(m, op, "sym_name") &&
        calls_of(m, op, &call) == 0)
        sched_ops_push(ctx, op);
    return true;
}

void nest_kernels(struct ir_module *m, struct sched_ops *out)
{
    ir_walk(m, m->top, kernel_walk, out);
}

bool nest_assume_check(struct nest_ctx *c)
{
    struct ir_module *m = c->m;
    const struct sched_nest_options *o = c->o;
    if (!o->nassume)
        return true;
    struct sched_ops ks = {0};
    nest_kernels(m, &ks);
    /* a diagnostic's place: the first kernel */
    ir_op at = ks.n ? ks.v[0] : m->top;
    bool ok = true;
    for (uint32_t i = 0; i < o->nassume; i++) {
        const struct sched_nest_assume *a = &o->assume[i];
        ir_value found = IR_NONE;
        char list[256] = "";
        for (uint32_t j = 0; j < ks.n; j++) {
            ir_block e = ir_region_entry(m, ir_op_region(m, ks.v[j], 0));
            const struct ir_block_info *b = ir_block_get(m, e);
            for (uint32_t x = 0; x < b->nargs; x++) {
                ir_value v = b->args[x];
                ir_type t = ir_value_type(m, v);
                uint32_t s = ir_value_get(m, v)->name;
                if (!s || (t != m->t_index && t != m->t_i32))
                    continue;
                if (strcmp(ir_str_get(m, s), a->name) == 0)
                    found = v;
                size_t len = strlen(list);
                if (len + strlen(ir_str_get(m, s)) + 3 < sizeof list)
                    snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
                             ir_str_get(m, s));
            }
        }
        if (i >= 32)
            ok = nest_error(c, at, "--assume: at most 32 assumptions");
        else if (!found)
            ok = nest_error(c, at,
                            "--assume %s=%lld: the kernel has no index or i32 argument "
                            "named '%s' (it has: %s)",
                            a->name, (long long)a->value, a->name, list[0] ? list : "none");
        else if (ir_value_type(m, found) == m->t_i32 &&
                 (a->value < INT32_MIN || a->value > INT32_MAX))
            ok = nest_error(c, at, "--assume %s=%lld: '%s' is an i32, the value does not fit",
                            a->name, (long long)a->value, a->name);
        for (uint32_t j = 0; j < i && ok; j++)
            if (strcmp(o->assume[j].name, a->name) == 0)
                ok = nest_error(c, at, "--assume %s given twice", a->name);
        if (!ok)
            break;
    }
    free(ks.v);
    return ok;
}

void nest_assume_stats(const struct nest_ctx *c)
{
    const struct sched_nest_options *o = c->o;
    for (uint32_t i = 0; o->stats && i < o->nassume && i < 32; i++)
        fprintf(o->stats, "ktc-nest: --assume %s=%lld: %s\n", o->assume[i].name,
                (long long)o->assume[i].value,
                c->assume_used & (1u << i) ? "used by the cost model"
                                           : "not used (no trip count priced depends on it)");
}
