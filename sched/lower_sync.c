/* lower_sync.c - ktc-lower's signals (lower.h "Signals"): what memory each
 * leaf stage reads and writes, which pairs of stages of different units
 * touch the same bytes, and where each pair's signals go in the tree.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "sched/lower_int.h"

/* What one access touches: a byte range of a memory kind (scratchpad
 * buffers, constant-address views), everything a kernel argument points at,
 * or anything in that memory. */
enum { REG_RANGE, REG_INPUT, REG_ANY };

struct access {
    uint32_t mem; /* memory kind node */
    uint8_t reg;
    bool write;
    uint32_t input;
    int64_t lo, hi; /* bytes [lo, hi) */
};

struct foot {
    struct access *a;
    uint32_t n, cap;
};

static void add_access(struct foot *f, struct access a)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 8;
        f->a = realloc(f->a, f->cap * sizeof *f->a);
        if (!f->a)
            abort();
    }
    f->a[f->n++] = a;
}

static int64_t const_of(const struct ir_module *m, ir_value v, bool *ok)
{
    ir_op d = ir_value_def(m, v);
    ir_attr a = d && ir_op_get(m, d)->kind == IR_OP_ARITH_CONSTANT ? ir_op_attr(m, d, "value") : 0;
    if (!a || ir_attr_get(m, a)->kind != IR_AT_INT) {
        *ok = false;
        return 0;
    }
    return ir_attr_get(m, a)->i;
}

/* The kernel argument a value is (through the calls inlined), or -1. */
static int64_t input_of(const struct lw *lw, ir_value v, uint32_t inst)
{
    const struct ir_module *m = lw->m;
    for (;;) {
        ir_op d = ir_value_def(m, v);
        if (d && ir_op_get(m, d)->kind == IR_OP_KTDP_RUNTIME_ARG_EXTRACT) {
            v = ir_op_get(m, d)->opnd[0];
            continue;
        }
        const struct ir_value_info *vi = ir_value_get(m, v);
        if (!vi->is_arg)
            return -1;
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (owner != lw->insts[inst].callee)
            return -1;
        if (!inst)
            return vi->index;
        v = ir_op_get(m, lw->insts[inst].call)->opnd[vi->index];
        inst = lw->insts[inst].parent;
    }
}

/* What a memref operand of a stage touches. */
static struct access region_of(struct lw *lw, ir_value v, uint32_t inst, bool write)
{
    struct ir_module *m = lw->m;
    ir_type t = ir_value_type(m, v);
    struct access a = {
        .mem = lw_space_kind(lw, ir_type_get(m, t)->attr1), .reg = REG_ANY, .write = write};
    for (;;) {
        v = lw_through_private(m, v);
        ir_op d = ir_value_def(m, v);
        if (!d)
            return a;
        const struct ir_op_info *o = ir_op_get(m, d);
        switch (o->kind) {
        case IR_OP_MEMREF_REINTERPRET_CAST:
        case IR_OP_MEMREF_MEMORY_SPACE_CAST:
        case IR_OP_MEMREF_CAST:
            v = o->opnd[0];
            continue;
        case IR_OP_BUILTIN_UNREALIZED_CONVERSION_CAST: {
            bool ok = true;
            int64_t addr = const_of(m, o->opnd[0], &ok);
            int64_t n = ir_type_numel(m, ir_value_type(m, o->res));
            if (ok && n >= 0) {
                a.reg = REG_RANGE;
                a.lo = addr;
                a.hi = addr + n * lw_elem_bytes(m, ir_type_elem(m, ir_value_type(m, o->res)));
            }
            return a;
        }
        case IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW: {
            if (a.mem == ARCH_NONE)
                a.mem = lw_space_kind(lw, ir_op_attr(m, d, "memory_space"));
            int64_t in = input_of(lw, o->opnd[0], inst);
            if (in >= 0) {
                a.reg = REG_INPUT;
                a.input = (uint32_t)in;
                return a;
            }
            bool ok = true;
            int64_t base = const_of(m, o->opnd[0], &ok);
            const struct ir_attr_info *sz = ir_attr_get(m, ir_op_attr(m, d, "static_sizes"));
            const struct ir_attr_info *sd = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
            int64_t last = 0;
            for (uint32_t i = 0; ok && i < sz->n && i < sd->n; i++) {
                if (sz->ints[i] == IR_DYN || sd->ints[i] == IR_DYN)
                    ok = false;
                else if (sz->ints[i] > 0)
                    last += (sz->ints[i] - 1) * sd->ints[i];
            }
            if (ok) {
                int64_t es = lw_elem_bytes(m, ir_type_elem(m, ir_value_type(m, o->res)));
                a.reg = REG_RANGE;
                a.lo = base * es;
                a.hi = (base + last + 1) * es;
            }
            return a;
        }
        default:
            return a;
        }
    }
}

static bool conflict(const struct access *x, const struct access *y)
{
    if (x->mem != y->mem || (!x->write && !y->write))
        return false;
    if (x->reg == REG_ANY || y->reg == REG_ANY)
        return true;
    if (x->reg != y->reg)
        return false;
    if (x->reg == REG_INPUT)
        return x->input == y->input;
    return x->lo < y->hi && y->lo < x->hi;
}

static bool memref_typed(const struct ir_module *m, ir_value v)
{
    return ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_MEMREF;
}

struct foot_ctx {
    struct lw *lw;
    struct foot *f;
    uint32_t inst;
};

/* Every memref an op of the stage reads or writes: a transfer reads its
 * source and writes its destination, a linalg op reads its inputs and
 * writes its outputs, anything else is taken to do both. */
static bool foot_op(struct ir_module *m, ir_op op, void *ctx)
{
    struct foot_ctx *fc = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_STAGE)
        return true;
    uint32_t nin = o->nopnd, first_out = o->nopnd;
    uint32_t seg[6];
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER && ir_segments(m, op, 6, seg)) {
        first_out = seg[0] + seg[1] + seg[2];
        nin = first_out;
    } else if (o->kind == IR_OP_LINALG_GENERIC && ir_segments(m, op, 2, seg)) {
        nin = seg[0];
        first_out = nin;
    }
    for (uint32_t i = 0; i < o->nopnd; i++) {
        if (!memref_typed(m, o->opnd[i]))
            continue;
        bool reads = i < nin || i >= first_out, writes = i >= first_out;
        if (o->kind != IR_OP_KTDF_DATA_TRANSFER && o->kind != IR_OP_LINALG_GENERIC)
            reads = writes = true;
        if (reads)
            add_access(fc->f, region_of(fc->lw, o->opnd[i], fc->inst, false));
        if (writes)
            add_access(fc->f, region_of(fc->lw, o->opnd[i], fc->inst, true));
    }
    return true;
}

static void add_sync(struct lw *lw, uint32_t node, int where, uint32_t unit, uint32_t peer,
                     bool send, uint32_t channel)
{
    if (lw->nsyncs == lw->capsyncs) {
        lw->capsyncs = lw->capsyncs ? 2 * lw->capsyncs : 16;
        lw->syncs = realloc(lw->syncs, lw->capsyncs * sizeof *lw->syncs);
        if (!lw->syncs)
            abort();
    }
    uint32_t s = lw->nsyncs++;
    lw->syncs[s] = (struct lw_sync){0, unit, peer, send, channel};
    uint32_t *at = &lw->nodes[node].sync[where];
    while (*at)
        at = &lw->syncs[*at].next;
    *at = s;
}

/* The innermost node holding both leaves x and y; *a and *b get its
 * children holding x and y (leaves are never each other's ancestors). */
static uint32_t lca(const struct lw *lw, uint32_t x, uint32_t y, uint32_t *a, uint32_t *b)
{
    while (lw->nodes[x].depth > lw->nodes[y].depth)
        x = lw->nodes[x].parent;
    while (lw->nodes[y].depth > lw->nodes[x].depth)
        y = lw->nodes[y].parent;
    while (lw->nodes[x].parent != lw->nodes[y].parent) {
        x = lw->nodes[x].parent;
        y = lw->nodes[y].parent;
    }
    *a = x;
    *b = y;
    return lw->nodes[x].parent;
}

/* A pair of stages that must not overlap: in block (or pipeline) r, child
 * a holds a stage of unit ua, child b (after a) one of unit ub. */
struct pair {
    uint32_t r, a, b, ua, ub;
    bool device; /* they meet in device memory (as well) */
};

static int pair_cmp(const void *x, const void *y)
{
    const struct pair *p = x, *q = y;
    uint32_t k1[5] = {p->r, p->ua, p->ub, p->b, p->a}, k2[5] = {q->r, q->ua, q->ub, q->b, q->a};
    for (int i = 0; i < 5; i++)
        if (k1[i] != k2[i])
            return k1[i] < k2[i] ? -1 : 1;
    return 0;
}

/* The modulo size of node n: K for a `ktdf.pipeline modulo(size: K)`, else 1. */
static int64_t modulo_of(const struct lw *lw, uint32_t n)
{
    const struct lw_node *nd = &lw->nodes[n];
    if (nd->kind != LN_PIPELINE)
        return 1;
    ir_attr a = ir_op_attr(lw->m, nd->op, "modulo");
    return a ? ir_attr_get(lw->m, a)->i : 1;
}

bool lw_plan_signals(struct lw *lw)
{
    uint32_t nleaves = 0, npairs = 0, cappairs = 0;
    uint32_t *leaves = malloc(lw->nnodes * sizeof *leaves);
    struct foot *feet = calloc(lw->nnodes, sizeof *feet);
    struct pair *pairs = NULL;
    if (!leaves || !feet)
        abort();
    /* nodes are created in tree order, so leaves come out in program order */
    for (uint32_t n = 1; n < lw->nnodes; n++)
        if (lw->nodes[n].leaf) {
            struct foot_ctx fc = {lw, &feet[nleaves], lw->nodes[n].inst};
            ir_walk(lw->m, lw->nodes[n].op, foot_op, &fc);
            leaves[nleaves++] = n;
        }
    for (uint32_t i = 0; i < nleaves; i++)
        for (uint32_t j = i + 1; j < nleaves; j++) {
            uint32_t x = leaves[i], y = leaves[j];
            if (lw->nodes[x].unit == lw->nodes[y].unit)
                continue;
            bool hit = false, device = false;
            for (uint32_t p = 0; p < feet[i].n; p++)
                for (uint32_t q = 0; q < feet[j].n; q++)
                    if (conflict(&feet[i].a[p], &feet[j].a[q])) {
                        hit = true;
                        uint32_t mem = feet[i].a[p].mem;
                        device |= mem == ARCH_NONE ||
                                  lw->dev->kinds[mem].level == ARCH_LEVEL_DEVICE;
                    }
            if (!hit)
                continue;
            if (npairs == cappairs) {
                cappairs = cappairs ? 2 * cappairs : 32;
                pairs = realloc(pairs, cappairs * sizeof *pairs);
                if (!pairs)
                    abort();
            }
            struct pair *pr = &pairs[npairs++];
            pr->r = lca(lw, x, y, &pr->a, &pr->b);
            pr->ua = lw->nodes[x].unit;
            pr->ub = lw->nodes[y].unit;
            pr->device = device;
        }
    /* Per block and unit pair, in order of b: a signal from the latest a
     * unless an earlier signal already waited for an a as late; and when
     * the block runs more than once, one signal back after the last b,
     * awaited at the block's end. Children are numbered in order. */
    if (npairs)
        qsort(pairs, npairs, sizeof *pairs, pair_cmp);
    for (uint32_t i = 0; i < npairs;) {
        uint32_t j = i, last_a = 0, last_b = 0;
        bool device = false;
        while (j < npairs && pairs[j].r == pairs[i].r && pairs[j].ua == pairs[i].ua &&
               pairs[j].ub == pairs[i].ub)
            device |= pairs[j++].device;
        for (uint32_t k = i; k < j; k++) {
            if (k + 1 < j && pairs[k + 1].b == pairs[k].b)
                continue; /* the latest a of this b comes last */
            last_b = pairs[k].b;
            if (pairs[k].a <= last_a)
                continue;
            last_a = pairs[k].a;
            uint32_t ch = lw->nchannels++;
            add_sync(lw, pairs[k].a, LW_AFTER, pairs[k].ua, pairs[k].ub, true, ch);
            add_sync(lw, pairs[k].b, LW_BEFORE, pairs[k].ub, pairs[k].ua, false, ch);
        }
        if (lw->nodes[pairs[i].r].in_loop) {
            uint32_t ch = lw->nchannels++, r = pairs[i].r;
            add_sync(lw, last_b, LW_AFTER, pairs[i].ub, pairs[i].ua, true, ch);
            add_sync(lw, r, LW_END, pairs[i].ua, pairs[i].ub, false, ch);
            /* modulo(size: K): K - 1 credits before the loop, drained after it
             * (not for device memory, which has no phases) */
            uint32_t loop = lw->nodes[r].parent;
            while (lw->nodes[loop].kind != LN_LOOP && lw->nodes[loop].kind != LN_PARALLEL)
                loop = lw->nodes[loop].parent;
            for (int64_t k = 1; !device && k < modulo_of(lw, r); k++) {
                add_sync(lw, loop, LW_BEFORE, pairs[i].ub, pairs[i].ua, true, ch);
                add_sync(lw, loop, LW_AFTER, pairs[i].ua, pairs[i].ub, false, ch);
            }
        }
        i = j;
    }
    for (uint32_t i = 0; i < nleaves; i++)
        free(feet[i].a);
    free(feet);
    free(leaves);
    free(pairs);
    return true;
}
