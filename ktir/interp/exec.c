/* exec.c - the interpreter's driver: prepare (resolve every op of the
 * function to a handler and decode its attributes once), argument binding,
 * the control stack of each compute tile, structured control flow, and the
 * SPMD scheduler.
 *
 * SPMD. The grid (func attribute `grid`, 1 to 3 dims, missing dims 1) has
 * one compute tile per point; tile (x, y, z) has linear id
 * x + nx*(y + ny*z) (dim 0 fastest, as ktir-cpu; ref C4), and runs on core
 * `linear id` (its scratchpad). Tiles run one after the other; a tile runs
 * until it finishes or waits on an inter-tile exchange whose partials are
 * not all posted yet, then the next tile runs. Passes repeat until every
 * tile is done; a pass where no tile moves is a deadlock (located error).
 * Nothing else is shared between tiles but memory, so this order gives the
 * same results as any parallel schedule of a race-free kernel.
 *
 * Control stack. Each tile interprets with an explicit stack of frames (no
 * C recursion for scf regions), so a waiting tile is just a stack to resume.
 * Straight-line bodies that belong to an op (linalg bodies, inter-tile
 * regions) run nested (iv_run_nested) and may not wait.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/arena.h"
#include "ktir/interp/interp_int.h"
#include "ktir/ops.h"

void interp_config_default(struct interp_config *c)
{
    c->devmem_bytes = (uint64_t)128 << 30;
    c->scratch_bytes = (uint64_t)2 << 20;
    c->ncores = 32;
}

/* ---- errors and ownership -------------------------------------------------- */

static void vreport(struct interp *in, ir_op op, const char *prefix, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    struct ir_loc loc = {0};
    if (op)
        loc = ir_op_get(in->m, op)->loc;
    ir_diag_at(in->diag, in->m, loc, IR_SEV_ERROR, "%s%s", prefix, msg);
}

int iv_error(struct iv_ct *t, ir_op op, const char *fmt, ...)
{
    char prefix[96] = "";
    if (t->in->ncts > 1)
        snprintf(prefix, sizeof prefix, "tile %u (%" PRId64 ", %" PRId64 ", %" PRId64 "): ",
                 t->lin, t->id[0], t->id[1], t->id[2]);
    va_list ap;
    va_start(ap, fmt);
    vreport(t->in, op, prefix, fmt, ap);
    va_end(ap);
    return IV_ERR;
}

bool iv_prep_error(struct interp *in, ir_op op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(in, op, "", fmt, ap);
    va_end(ap);
    return false;
}

void iv_own(struct interp *in, struct iv_obj *o)
{
    if (in->nowned == in->capowned) {
        in->capowned = in->capowned ? 2 * in->capowned : 16;
        in->owned = realloc(in->owned, in->capowned * sizeof *in->owned);
        if (!in->owned)
            abort();
    }
    iv_obj_retain(o);
    in->owned[in->nowned++] = o;
}

void *iv_alloc(struct interp *in, size_t size) { return arena_alloc(in->arena, size); }

/* ---- slots -------------------------------------------------------------------- */

int iv_check_tensor(struct iv_ct *t, ir_op op, unsigned ek, uint32_t rank, const int64_t *shape)
{
    uint64_t bytes = iv_tensor_bytes(ek, rank, shape), cap = t->in->cfg.scratch_bytes;
    if (bytes <= cap)
        return IV_OK;
    if (bytes == UINT64_MAX)
        return iv_error(t, op, "scratchpad overflow: a tensor too large to count");
    return iv_error(t, op,
                    "scratchpad overflow: a tensor of %" PRIu64 " bytes does not fit the "
                    "%" PRIu64 "-byte scratchpad of core %u",
                    bytes, cap, t->lin);
}

int iv_set_result(struct iv_ct *t, ir_op op, uint32_t i, struct iv_val *v)
{
    struct interp *in = t->in;
    if (v->kind == IV_TENSOR) {
        const struct iv_tensor *x = iv_tensor_of(v);
        uint64_t bytes = (uint64_t)x->n * iv_ek_size(x->ek);
        if (bytes > in->cfg.scratch_bytes) {
            iv_val_clear(v);
            return iv_error(t, op,
                            "scratchpad overflow: a tensor of %" PRIu64 " bytes does not fit the "
                            "%" PRIu64 "-byte scratchpad of core %u",
                            bytes, in->cfg.scratch_bytes, t->lin);
        }
        in->elements += (uint64_t)x->n;
    }
    struct iv_val *dst = &t->vals[ir_op_get(in->m, op)->res + i];
    iv_obj_release(dst->obj);
    *dst = *v;
    memset(v, 0, sizeof *v);
    return IV_OK;
}

bool iv_int(struct iv_ct *t, ir_op op, const struct iv_val *v, int64_t *out)
{
    if (v->kind != IV_SCALAR || iv_ek_is_float(v->ek)) {
        iv_error(t, op, "expected an integer scalar operand");
        return false;
    }
    *out = v->s.i;
    return true;
}

static void bind(struct iv_ct *t, ir_value v, const struct iv_val *src)
{
    iv_val_copy(&t->vals[v], src);
}

/* ---- the control stack ---------------------------------------------------- */

static struct iv_frame *push(struct iv_ct *t, uint8_t kind, ir_op owner, ir_block b)
{
    if (t->nfr == t->capfr) {
        t->capfr = t->capfr ? 2 * t->capfr : 16;
        t->fr = realloc(t->fr, t->capfr * sizeof *t->fr);
        if (!t->fr)
            abort();
    }
    struct iv_frame *f = &t->fr[t->nfr++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->owner = owner;
    f->block = b;
    f->cur = ir_block_get(t->in->m, b)->first;
    return f;
}

/* Binds the args of block b to vals (copies). */
static void bind_block(struct iv_ct *t, ir_block b, const struct iv_val *vals, uint32_t n)
{
    const struct ir_block_info *bi = ir_block_get(t->in->m, b);
    for (uint32_t i = 0; i < n && i < bi->nargs; i++)
        bind(t, bi->args[i], &vals[i]);
}

/* Copies of n operand slots of op (they may alias the slots written next). */
static struct iv_val *take_operands(struct iv_ct *t, const struct ir_op_info *o, uint32_t from,
                                    uint32_t n, struct iv_val *small)
{
    struct iv_val *v = n <= 8 ? small : calloc(n, sizeof *v);
    if (!v)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        memset(&v[i], 0, sizeof v[i]);
        iv_val_copy(&v[i], &t->vals[o->opnd[from + i]]);
    }
    return v;
}

static void drop_vals(struct iv_val *v, uint32_t n, struct iv_val *small)
{
    for (uint32_t i = 0; i < n; i++)
        iv_val_clear(&v[i]);
    if (v != small)
        free(v);
}

/* Ends the top frame with values vals[0..n): the terminator of its block ran
 * (or the block ended without one, n = 0). */
static int yield(struct iv_ct *t, ir_op term, struct iv_val *vals, uint32_t n)
{
    struct interp *in = t->in;
    struct ir_module *m = in->m;
    struct iv_frame *f = &t->fr[t->nfr - 1];
    const struct ir_op_info *owner = ir_op_get(m, f->owner);
    switch (f->kind) {
    case FR_FOR:
        f->iv += f->step;
        if (f->iv < f->ub) {
            const struct ir_block_info *bi = ir_block_get(m, f->block);
            struct iv_val ivv = t->vals[bi->args[0]];
            ivv.s.i = iv_wrap(ivv.ek, f->iv);
            t->vals[bi->args[0]] = ivv;
            for (uint32_t i = 0; i < n && i + 1 < bi->nargs; i++)
                bind(t, bi->args[i + 1], &vals[i]);
            f->cur = bi->first;
            return IV_OK;
        }
        break;
    case FR_WHILE: {
        /* The after region yielded: back to the before region. */
        ir_block before = ir_region_entry(m, owner->regs[0]);
        bind_block(t, before, vals, n);
        f->block = before;
        f->cur = ir_block_get(m, before)->first;
        return IV_OK;
    }
    case FR_NESTED:
        for (uint32_t i = 0; i < n && i < f->nouts; i++)
            iv_val_copy(&f->outs[i], &vals[i]);
        t->nfr--;
        return IV_OK;
    case FR_FUNC:
        if (t->lin == 0) {
            in->results = calloc(n ? n : 1, sizeof *in->results);
            if (!in->results)
                abort();
            in->nresults = n;
            for (uint32_t i = 0; i < n; i++)
                iv_val_copy(&in->results[i], &vals[i]);
        }
        t->nfr--;
        return IV_OK;
    default:
        break;
    }
    /* FR_FOR done, FR_IF, FR_CALL: the values become the owner's results. */
    if (n != owner->nres)
        return iv_error(t, term ? term : f->owner, "yields %u values, %u expected", n, owner->nres);
    t->nfr--;
    for (uint32_t i = 0; i < n; i++) {
        struct iv_val v = {0};
        iv_val_copy(&v, &vals[i]);
        if (iv_set_result(t, f->owner, i, &v))
            return IV_ERR;
    }
    return IV_OK;
}

/* scf.yield, linalg.yield, ktdp.yield_partial/_reduced, func.return. */
static int exec_yield(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val small[8];
    struct iv_val *v = take_operands(t, o, 0, o->nopnd, small);
    int r = yield(t, op, v, o->nopnd);
    drop_vals(v, o->nopnd, small);
    return r;
}

static int exec_condition(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct iv_frame *f = &t->fr[t->nfr - 1];
    int64_t c;
    if (f->kind != FR_WHILE)
        return iv_error(t, op, "scf.condition outside scf.while");
    if (!iv_int(t, op, iv_opnd(t, o, 0), &c))
        return IV_ERR;
    struct iv_val small[8];
    struct iv_val *v = take_operands(t, o, 1, o->nopnd - 1, small);
    int r = IV_OK;
    if (c) {
        ir_block after = ir_region_entry(m, ir_op_get(m, f->owner)->regs[1]);
        bind_block(t, after, v, o->nopnd - 1);
        f->block = after;
        f->cur = ir_block_get(m, after)->first;
    } else {
        ir_op owner = f->owner;
        t->nfr--;
        for (uint32_t i = 0; i + 1 < o->nopnd && r == IV_OK; i++) {
            struct iv_val x = {0};
            iv_val_copy(&x, &v[i]);
            r = iv_set_result(t, owner, i, &x);
        }
    }
    drop_vals(v, o->nopnd - 1, small);
    return r;
}

static int exec_for(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t lb, ub, step;
    if (o->nopnd < 3 || !iv_int(t, op, iv_opnd(t, o, 0), &lb) ||
        !iv_int(t, op, iv_opnd(t, o, 1), &ub) || !iv_int(t, op, iv_opnd(t, o, 2), &step))
        return IV_ERR;
    if (step <= 0)
        return iv_error(t, op, "loop step must be positive, got %" PRId64, step);
    uint32_t ninit = o->nopnd - 3;
    if (lb >= ub) {
        for (uint32_t i = 0; i < ninit && i < o->nres; i++) {
            struct iv_val v = {0};
            iv_val_copy(&v, iv_opnd(t, o, 3 + i));
            if (iv_set_result(t, op, i, &v))
                return IV_ERR;
        }
        return IV_OK;
    }
    ir_block body = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = ir_block_get(m, body);
    struct iv_val small[8];
    struct iv_val *v = take_operands(t, o, 3, ninit, small);
    struct iv_val ivv = iv_scalar_i(iv_opnd(t, o, 0)->ek, lb);
    bind(t, bi->args[0], &ivv);
    for (uint32_t i = 0; i < ninit && i + 1 < bi->nargs; i++)
        bind(t, bi->args[i + 1], &v[i]);
    drop_vals(v, ninit, small);
    struct iv_frame *f = push(t, FR_FOR, op, body);
    f->iv = lb;
    f->ub = ub;
    f->step = step;
    return IV_OK;
}

static int exec_if(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t c;
    if (!iv_int(t, op, iv_opnd(t, o, 0), &c))
        return IV_ERR;
    uint32_t r = c ? 0 : 1;
    if (r >= o->nreg || !ir_region_get(m, o->regs[r])->first) {
        if (o->nres)
            return iv_error(t, op, "scf.if with results needs an else region");
        return IV_OK;
    }
    push(t, FR_IF, op, ir_region_entry(m, o->regs[r]));
    return IV_OK;
}

/* scf.execute_region: its region runs once; its yield gives the results. */
static int exec_execute_region(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!o->nreg || !ir_region_get(m, o->regs[0])->first)
        return iv_error(t, op, "region has no body");
    push(t, FR_IF, op, ir_region_entry(m, o->regs[0]));
    return IV_OK;
}

static int exec_while(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->nreg != 2)
        return iv_error(t, op, "scf.while needs two regions");
    ir_block before = ir_region_entry(m, o->regs[0]);
    struct iv_val small[8];
    struct iv_val *v = take_operands(t, o, 0, o->nopnd, small);
    bind_block(t, before, v, o->nopnd);
    drop_vals(v, o->nopnd, small);
    push(t, FR_WHILE, op, before);
    return IV_OK;
}

/* The func.func op named sym in the module (IR_NONE if none). */
static ir_op find_func(struct ir_module *m, const char *sym)
{
    ir_block body = ir_module_body(m);
    IR_FOR_OPS(m, body, o) {
        ir_attr n = ir_op_attr(m, o, "sym_name");
        if (ir_op_get(m, o)->kind == IR_OP_FUNC_FUNC &&
            (!sym || (n && strcmp(ir_str_get(m, ir_attr_get(m, n)->s), sym) == 0)))
            return o;
    }
    return IR_NONE;
}

static bool prepare_func(struct interp *in, ir_op f);

static bool prep_call(struct interp *in, ir_op op, struct iv_pre *p)
{
    ir_attr c = ir_op_attr(in->m, op, "callee");
    ir_op f = c ? find_func(in->m, ir_str_get(in->m, ir_attr_get(in->m, c)->s)) : IR_NONE;
    if (!f || !ir_op_get(in->m, f)->nreg || !ir_region_get(in->m, ir_op_get(in->m, f)->regs[0])->first)
        return iv_prep_error(in, op, "call to an unknown or external function");
    p->aux = (int32_t)f;
    return in->pre[f].exec || prepare_func(in, f); /* callees run in the same tiles */
}

static int exec_call(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct ir_module *m = t->in->m;
    ir_op f = (ir_op)p->aux;
    bool rec = f == t->in->func;
    for (uint32_t i = 0; i < t->nfr; i++)
        rec = rec || (t->fr[i].kind == FR_CALL && t->in->pre[t->fr[i].owner].aux == (int32_t)f);
    if (rec)
        return iv_error(t, op, "recursive calls are not supported");
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_block entry = ir_region_entry(m, ir_op_get(m, f)->regs[0]);
    struct iv_val small[8];
    struct iv_val *v = take_operands(t, o, 0, o->nopnd, small);
    bind_block(t, entry, v, o->nopnd);
    drop_vals(v, o->nopnd, small);
    push(t, FR_CALL, op, entry);
    return IV_OK;
}

/* Runs the top frames of t until its stack is back to `base` frames. */
static int run(struct iv_ct *t, uint32_t base)
{
    struct interp *in = t->in;
    struct ir_module *m = in->m;
    while (t->nfr > base) {
        uint32_t idx = t->nfr - 1;
        ir_op op = t->fr[idx].cur;
        if (!op) { /* a block without terminator: an implicit empty yield */
            if (yield(t, IR_NONE, NULL, 0))
                return IV_ERR;
            continue;
        }
        const struct iv_pre *p = &in->pre[op];
        t->fr[idx].cur = ir_op_get(m, op)->next;
        int r = p->exec(t, op, p);
        if (r == IV_BLOCK)
            t->fr[idx].cur = op;
        if (r != IV_OK)
            return r;
        t->steps++;
    }
    return IV_OK;
}

int iv_run_nested(struct iv_ct *t, ir_op owner, ir_region r, const struct iv_val *args,
                  uint32_t nargs, struct iv_val *outs, uint32_t nouts)
{
    struct ir_module *m = t->in->m;
    if (!ir_region_get(m, r)->first)
        return iv_error(t, owner, "region has no body");
    ir_block b = ir_region_entry(m, r);
    bind_block(t, b, args, nargs);
    uint32_t base = t->nfr;
    struct iv_frame *f = push(t, FR_NESTED, owner, b);
    f->outs = outs;
    f->nouts = nouts;
    int rc = run(t, base);
    if (rc == IV_BLOCK) {
        t->nfr = base;
        return iv_error(t, owner, "an inter-tile wait inside this op's region is not supported");
    }
    return rc;
}

const struct iv_handler iv_exec_handlers[] = {
    {"scf.for", NULL, exec_for, 0, false},
    {"scf.if", NULL, exec_if, 0, false},
    {"scf.while", NULL, exec_while, 0, false},
    {"scf.execute_region", NULL, exec_execute_region, 0, false},
    {"scf.yield", NULL, exec_yield, 0, false},
    {"scf.condition", NULL, exec_condition, 0, false},
    {"func.return", NULL, exec_yield, 0, false},
    {"func.call", prep_call, exec_call, 0, false},
    {"linalg.yield", NULL, exec_yield, 0, false},
    {"ktdp.yield_partial", NULL, exec_yield, 0, false},
    {"ktdp.yield_reduced", NULL, exec_yield, 0, false},
    {NULL, NULL, NULL, 0, false},
};

/* ---- prepare ------------------------------------------------------------- */

static const struct iv_handler *const handler_tables[] = {
    iv_exec_handlers, iv_arith_handlers, iv_tensor_handlers, iv_ktdp_handlers,
};

/* The handler of an op name; ops the tables know are cached by kind. */
static const struct iv_handler *find_handler(uint32_t kind, const char *name)
{
    static const struct iv_handler *by_kind[IR_OP_COUNT];
    static bool looked[IR_OP_COUNT];
    if (kind && kind < IR_OP_COUNT && looked[kind])
        return by_kind[kind];
    const struct iv_handler *found = NULL;
    for (size_t t = 0; t < sizeof handler_tables / sizeof *handler_tables && !found; t++)
        for (const struct iv_handler *h = handler_tables[t]; h->name && !found; h++)
            if (strcmp(h->name, name) == 0)
                found = h;
    if (kind && kind < IR_OP_COUNT) {
        by_kind[kind] = found;
        looked[kind] = true;
    }
    return found;
}

/* Ops that only hold attributes or regions and never run by themselves. */
static int exec_nothing(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)t, (void)op, (void)p;
    return IV_OK;
}

struct prep_ctx {
    struct interp *in;
    bool ok;
};

static bool prep_op(struct ir_module *m, ir_op op, void *vctx)
{
    struct prep_ctx *c = vctx;
    struct interp *in = c->in;
    const char *name = ir_str_get(m, ir_op_get(m, op)->name);
    struct iv_pre *p = &in->pre[op];
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_FUNC || strcmp(name, "ktdp.region_terminator") == 0) {
        p->exec = exec_nothing;
        return true;
    }
    const struct iv_handler *h = find_handler(ir_op_get(m, op)->kind, name);
    if (!h) {
        c->ok = iv_prep_error(in, op, "ktc-interp does not support the op '%s'", name);
        return true;
    }
    p->exec = h->exec;
    p->code = h->code;
    if (h->fmath)
        in->has_float_math = true;
    if (h->prep && !h->prep(in, op, p))
        c->ok = false;
    return true;
}

/* Prepares every op of function f (and, through its calls, of its callees). */
static bool prepare_func(struct interp *in, ir_op f)
{
    struct prep_ctx c = {in, true};
    ir_walk(in->m, f, prep_op, &c);
    return c.ok;
}

static void read_grid(struct interp *in)
{
    struct ir_module *m = in->m;
    in->grid[0] = in->grid[1] = in->grid[2] = 1;
    ir_attr g = ir_op_attr(m, in->func, "grid");
    if (!g)
        return;
    const struct ir_attr_info *gi = ir_attr_get(m, g);
    for (uint32_t k = 0; k < gi->n && k < 3; k++) {
        if (gi->kind == IR_AT_ARRAY)
            in->grid[k] = ir_attr_get(m, gi->elems[k])->i;
        else if (gi->kind == IR_AT_DENSE_ARRAY)
            in->grid[k] = gi->ints[k];
    }
}

struct interp *interp_new(struct ir_module *m, const char *fname, struct ir_diag *diag,
                          const struct interp_config *cfg)
{
    ir_op f = find_func(m, fname);
    if (!f) {
        if (fname)
            ir_diag_report(diag, IR_SEV_ERROR, "", 0, 0, "no function named '%s'", fname);
        else
            ir_diag_report(diag, IR_SEV_ERROR, "", 0, 0, "the module has no function");
        return NULL;
    }
    struct interp *in = calloc(1, sizeof *in);
    if (!in)
        abort();
    in->m = m;
    in->diag = diag;
    in->arena = arena_new();
    in->cfg = *cfg;
    in->func = f;
    in->nops = m->ops.len;
    in->nvalues = m->values.len;
    in->pre = calloc(in->nops + 1, sizeof *in->pre);
    if (!in->pre)
        abort();
    iv_mem_init(&in->mem, cfg);
    read_grid(in);
    const struct ir_op_info *fo = ir_op_get(m, f);
    if (!fo->nreg || !ir_region_get(m, fo->regs[0])->first) {
        iv_prep_error(in, f, "function has no body");
        interp_free(in);
        return NULL;
    }
    in->entry = ir_region_entry(m, fo->regs[0]);
    in->nargs = ir_block_get(m, in->entry)->nargs;
    in->args = calloc(in->nargs + 1, sizeof *in->args);
    if (!in->args)
        abort();
    if (!prepare_func(in, f)) {
        interp_free(in);
        return NULL;
    }
    return in;
}

static void free_tiles(struct interp *in)
{
    for (uint32_t i = 0; i < in->ncts; i++) {
        struct iv_ct *t = &in->cts[i];
        for (uint32_t v = 0; v < in->nvalues; v++)
            iv_obj_release(t->vals[v].obj);
        free(t->vals);
        free(t->fr);
        free(t->seq);
    }
    iv_xchg_free_all(in); /* before ncts goes: it sizes the exchanges */
    free(in->cts);
    in->cts = NULL;
    in->ncts = 0;
}

static void free_results(struct interp *in)
{
    for (uint32_t i = 0; i < in->nresults; i++)
        iv_val_clear(&in->results[i]);
    free(in->results);
    in->results = NULL;
    in->nresults = 0;
}

void interp_free(struct interp *in)
{
    if (!in)
        return;
    free_tiles(in);
    free_results(in);
    for (uint32_t i = 0; i < in->nargs; i++)
        iv_val_clear(&in->args[i].val);
    for (uint32_t i = 0; i < in->nowned; i++)
        iv_obj_release(in->owned[i]);
    free(in->owned);
    free(in->args);
    free(in->pre);
    iv_mem_free(&in->mem);
    arena_free(in->arena);
    free(in);
}

/* ---- arguments ----------------------------------------------------------- */

uint32_t interp_nargs(const struct interp *in) { return in->nargs; }

const char *interp_arg_name(const struct interp *in, uint32_t i)
{
    static char buf[32];
    ir_value v = ir_block_get(in->m, in->entry)->args[i];
    ir_str n = ir_value_get(in->m, v)->name;
    if (n)
        return ir_str_get(in->m, n);
    snprintf(buf, sizeof buf, "arg%u", i);
    return buf;
}

int interp_arg_find(const struct interp *in, const char *name)
{
    if (*name == '%')
        name++;
    for (uint32_t i = 0; i < in->nargs; i++)
        if (strcmp(interp_arg_name(in, i), name) == 0)
            return (int)i;
    return -1;
}

static ir_type arg_type(const struct interp *in, uint32_t i)
{
    return ir_value_type(in->m, ir_block_get(in->m, in->entry)->args[i]);
}

static bool arg_error(struct interp *in, uint32_t i, const char *fmt, const char *detail)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, detail);
    return iv_prep_error(in, in->func, "argument '%s': %s", interp_arg_name(in, i), msg);
}

static int64_t array_bytes(const struct interp_array *a)
{
    return interp_array_numel(a) * (int64_t)interp_dtype_size(a->dtype);
}

/* Places a in device memory at the next free 128-byte boundary. */
static bool place(struct interp *in, uint32_t i, const struct interp_array *a, int64_t *addr)
{
    int64_t bytes = array_bytes(a), at = (in->next_ptr + 127) & ~(int64_t)127;
    if (!iv_mem_in_range(&in->mem, INTERP_DEVMEM, 0, at, bytes))
        return arg_error(in, i, "%s", "does not fit in device memory");
    iv_mem_write(&in->mem, INTERP_DEVMEM, 0, at, a->data, bytes);
    iv_mem_add_region(&in->mem, at, bytes, (int32_t)i);
    in->next_ptr = at + bytes;
    *addr = at;
    return true;
}

bool interp_bind_array(struct interp *in, uint32_t i, const struct interp_array *a)
{
    struct ir_module *m = in->m;
    const struct ir_type_info *ti = ir_type_get(m, arg_type(in, i));
    struct iv_arg *g = &in->args[i];
    iv_val_clear(&g->val);
    g->shape = *a;
    g->shape.data = NULL;
    g->is_ptr = false;
    if (ti->kind == IR_TY_INDEX || ti->kind == IR_TY_INT) {
        int64_t at = 0;
        if (!place(in, i, a, &at))
            return false;
        g->addr = at / (int64_t)interp_dtype_size(a->dtype);
        g->val = iv_scalar_i(ti->kind == IR_TY_INDEX ? INTERP_INDEX : INTERP_I64, g->addr);
        if (ti->kind == IR_TY_INT)
            g->val = iv_scalar_i(ti->width == 32 ? INTERP_I32 : INTERP_I64, g->addr);
        g->is_ptr = true;
        g->bound = true;
        return true;
    }
    if (ti->kind != IR_TY_TENSOR && ti->kind != IR_TY_MEMREF)
        return arg_error(in, i, "%s", "an array binds to an index, tensor or memref argument");
    unsigned ek;
    if (!iv_ek_of_type(m, ti->elem, &ek) || ek != (unsigned)a->dtype)
        return arg_error(in, i, "element type differs from the array's %s",
                         interp_dtype_name(a->dtype));
    if (ti->rank != a->rank)
        return arg_error(in, i, "%s", "rank differs from the array's");
    for (uint32_t k = 0; k < ti->rank; k++)
        if (ti->shape[k] != IR_DYN && ti->shape[k] != a->shape[k])
            return arg_error(in, i, "%s", "shape differs from the array's");
    if (ti->kind == IR_TY_TENSOR) {
        struct iv_tensor *x = iv_tensor_new(ek, a->rank, a->shape);
        memcpy(x->data, a->data, (size_t)array_bytes(a));
        g->val = iv_tensor_val(x);
        g->bound = true;
        return true;
    }
    int64_t at = 0;
    if (!place(in, i, a, &at))
        return false;
    struct iv_view *v = iv_view_new();
    v->ek = (uint8_t)ek;
    v->rank = (uint8_t)a->rank;
    v->space = INTERP_DEVMEM;
    v->offset = at / (int64_t)interp_dtype_size(a->dtype);
    v->box = true;
    int64_t st = 1;
    for (int k = (int)a->rank - 1; k >= 0; k--) {
        v->sizes[k] = a->shape[k];
        v->strides[k] = st;
        v->lo[k] = 0;
        v->hi[k] = a->shape[k] - 1;
        st *= a->shape[k];
    }
    g->addr = v->offset;
    g->is_ptr = true;
    g->val = (struct iv_val){.kind = IV_VIEW, .obj = &v->h};
    g->bound = true;
    return true;
}

bool interp_bind_scalar(struct interp *in, uint32_t i, const char *text)
{
    struct ir_module *m = in->m;
    ir_type t = arg_type(in, i);
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind == IR_TY_RUNTIME_ARG)
        t = ti->elem;
    unsigned ek;
    if (!iv_ek_of_type(m, t, &ek))
        return arg_error(in, i, "%s", "a scalar binds to an index, integer or float argument");
    char *end;
    struct iv_arg *g = &in->args[i];
    iv_val_clear(&g->val);
    if (iv_ek_is_float(ek)) {
        double d = strtod(text, &end);
        if (end == text || *end)
            return arg_error(in, i, "'%s' is not a number", text);
        g->val = iv_scalar_f(ek, d);
    } else {
        long long v = strtoll(text, &end, 0);
        if (end == text || *end)
            return arg_error(in, i, "'%s' is not an integer", text);
        g->val = iv_scalar_i(ek, v);
    }
    g->is_ptr = false;
    g->bound = true;
    return true;
}

/* A static shaped type as an array description; false when it is not one. */
static bool shape_of_type(const struct ir_module *m, ir_type t, struct interp_array *out)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    unsigned ek;
    if ((ti->kind != IR_TY_MEMREF && ti->kind != IR_TY_TENSOR) || ti->rank > IV_MAXR ||
        !iv_ek_of_type(m, ti->elem, &ek))
        return false;
    memset(out, 0, sizeof *out);
    out->dtype = (enum interp_dtype)ek;
    out->rank = ti->rank;
    for (uint32_t k = 0; k < ti->rank; k++) {
        out->shape[k] = ti->shape[k];
        if (ti->shape[k] < 0)
            return false;
    }
    return true;
}

bool interp_arg_guess(const struct interp *in, uint32_t i, struct interp_array *out)
{
    struct ir_module *m = in->m;
    ir_value a = ir_block_get(m, in->entry)->args[i];
    if (shape_of_type(m, ir_value_type(m, a), out))
        return true;
    if (ir_value_type(m, a) != m->t_index)
        return false;
    for (uint32_t op = 1; op < in->nops; op++) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (!o->nopnd || o->opnd[0] != a || !o->nres ||
            strcmp(ir_str_get(m, o->name), "ktdp.construct_memory_view") != 0)
            continue;
        if (shape_of_type(m, ir_value_type(m, o->res), out))
            return true;
    }
    return false;
}

static bool poke_range(struct interp *in, enum interp_space sp, uint32_t core, int64_t addr,
                       const struct interp_array *a, int64_t *at, int64_t *bytes)
{
    *bytes = array_bytes(a);
    *at = addr * (int64_t)interp_dtype_size(a->dtype);
    if (addr < 0 || !iv_mem_in_range(&in->mem, sp, core, *at, *bytes)) {
        ir_diag_report(in->diag, IR_SEV_ERROR, "", 0, 0,
                       "region at element %" PRId64 " (%" PRId64 " bytes) is outside %s", addr,
                       *bytes, sp == INTERP_DEVMEM ? "device memory" : "the scratchpad");
        return false;
    }
    return true;
}

bool interp_poke(struct interp *in, enum interp_space sp, uint32_t core, int64_t addr,
                 const struct interp_array *a)
{
    int64_t at, bytes;
    if (!poke_range(in, sp, core, addr, a, &at, &bytes))
        return false;
    iv_mem_write(&in->mem, sp, core, at, a->data, bytes);
    if (sp == INTERP_DEVMEM)
        iv_mem_add_region(&in->mem, at, bytes, -1);
    if (sp == INTERP_DEVMEM && at + bytes > in->next_ptr)
        in->next_ptr = at + bytes;
    return true;
}

bool interp_peek(struct interp *in, enum interp_space sp, uint32_t core, int64_t addr,
                 struct interp_array *out)
{
    int64_t at, bytes;
    if (!poke_range(in, sp, core, addr, out, &at, &bytes))
        return false;
    out->data = malloc(bytes ? (size_t)bytes : 1);
    if (!out->data)
        abort();
    iv_mem_read(&in->mem, sp, core, at, out->data, bytes);
    return true;
}

static bool tensor_array(const struct iv_tensor *x, struct interp_array *out)
{
    memset(out, 0, sizeof *out);
    out->dtype = (enum interp_dtype)x->ek;
    out->rank = x->rank;
    memcpy(out->shape, x->shape, sizeof x->shape);
    size_t bytes = (size_t)x->n * iv_ek_size(x->ek);
    out->data = malloc(bytes ? bytes : 1);
    if (!out->data)
        abort();
    memcpy(out->data, x->data, bytes);
    return true;
}

bool interp_arg_array(struct interp *in, uint32_t i, struct interp_array *out)
{
    const struct iv_arg *g = &in->args[i];
    if (!g->bound)
        return false;
    if (g->val.kind == IV_TENSOR)
        return tensor_array(iv_tensor_of(&g->val), out);
    if (!g->is_ptr)
        return false;
    *out = g->shape;
    return interp_peek(in, INTERP_DEVMEM, 0, g->addr, out);
}

uint32_t interp_nresults(const struct interp *in) { return in->nresults; }

bool interp_result_array(struct interp *in, uint32_t r, struct interp_array *out)
{
    if (r >= in->nresults)
        return false;
    const struct iv_val *v = &in->results[r];
    if (v->kind == IV_TENSOR)
        return tensor_array(iv_tensor_of(v), out);
    if (v->kind != IV_SCALAR)
        return false;
    memset(out, 0, sizeof *out);
    out->dtype = (enum interp_dtype)v->ek;
    out->data = calloc(1, 8);
    if (!out->data)
        abort();
    struct iv_tensor one = {.ek = v->ek, .data = out->data};
    if (iv_ek_is_float(v->ek))
        iv_put_f(&one, 0, v->s.f);
    else
        iv_put_i(&one, 0, v->s.i);
    return true;
}

void interp_grid(const struct interp *in, int64_t grid[3])
{
    memcpy(grid, in->grid, sizeof in->grid);
}

void interp_set_grid(struct interp *in, const int64_t grid[3])
{
    memcpy(in->grid, grid, sizeof in->grid);
}

bool interp_has_float_math(const struct interp *in) { return in->has_float_math; }

uint64_t interp_elements(const struct interp *in) { return in->elements; }

/* ---- the SPMD run ------------------------------------------------------------- */

bool interp_run(struct interp *in)
{
    struct ir_module *m = in->m;
    free_tiles(in);
    free_results(in);
    in->elements = 0;
    for (uint32_t i = 0; i < in->nargs; i++)
        if (!in->args[i].bound)
            return arg_error(in, i, "%s", "is not bound (use --arg NAME=...)");
    int64_t n = 1;
    for (int k = 0; k < 3; k++) {
        if (in->grid[k] < 1 || in->grid[k] > 65536)
            return iv_prep_error(in, in->func, "grid dimension %d is %" PRId64, k, in->grid[k]);
        n *= in->grid[k];
    }
    if (n > 65536)
        return iv_prep_error(in, in->func, "grid of %" PRId64 " tiles is too large", n);
    in->ncts = (uint32_t)n;
    in->cts = calloc(in->ncts, sizeof *in->cts);
    if (!in->cts)
        abort();
    const struct ir_block_info *eb = ir_block_get(m, in->entry);
    for (uint32_t i = 0; i < in->ncts; i++) {
        struct iv_ct *t = &in->cts[i];
        t->in = in;
        t->lin = i;
        t->id[0] = i % in->grid[0];
        t->id[1] = (i / in->grid[0]) % in->grid[1];
        t->id[2] = i / (in->grid[0] * in->grid[1]);
        t->vals = calloc(in->nvalues + 1, sizeof *t->vals);
        t->seq = calloc(in->nproduce + 1, sizeof *t->seq);
        if (!t->vals || !t->seq)
            abort();
        for (uint32_t a = 0; a < eb->nargs; a++)
            bind(t, eb->args[a], &in->args[a].val);
        push(t, FR_FUNC, in->func, in->entry);
    }
    uint32_t done = 0;
    while (done < in->ncts) {
        bool moved = false;
        for (uint32_t i = 0; i < in->ncts; i++) {
            struct iv_ct *t = &in->cts[i];
            if (t->state == CT_DONE)
                continue;
            uint64_t steps = t->steps;
            int r = run(t, 0);
            if (r == IV_ERR)
                return false;
            moved = moved || r == IV_OK || t->steps != steps;
            t->state = r == IV_OK ? CT_DONE : CT_BLOCKED;
            done += r == IV_OK;
        }
        if (!moved) {
            for (uint32_t i = 0; i < in->ncts; i++)
                if (in->cts[i].state != CT_DONE) {
                    struct iv_ct *t = &in->cts[i];
                    return iv_error(t, t->fr[t->nfr - 1].cur,
                                    "deadlock: waits for partials that no tile will produce") ==
                           IV_OK;
                }
        }
    }
    return true;
}
