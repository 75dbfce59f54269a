/* nest_whole.c - part of ktc-nest's "corelets" transformation (nest.h):
 * a point loop of a coarsened compute stage whose body holds, among
 * pipelines of corelet-level units, a pipeline of core-level units only
 * (a per-row ring exchange between tiles) is split at it, so the corelet
 * parts can be distributed over the corelets while the core-level part
 * stays whole (ktc-lower runs it on the core's one unit):
 *
 *   scf.for %i = 0 to T {          scf.for %i = 0 to T { A }   (corelets)
 *     A                      ->    scf.for %i = 0 to T { R }   (whole)
 *     R  (core-level pipeline)     scf.for %i = 0 to T { B }   (corelets)
 *     B
 *   }
 *
 * Scratchpad buffers of the program that two parts use (a row's partial
 * sum the exchange sends, the sum it receives) get a leading dim of T,
 * indexed by %i: each point keeps its own until the later part reads it.
 * Left as it is when such a buffer is also used outside the loop (unless
 * every transfer of the loop on it already names the point), when a
 * transfer of the loop touches device memory, or when the body holds
 * anything but pure ops, loops and pipelines.
 *
 * A core-level part whose pipeline's stages hold only transfers between
 * memories, each side naming the point as its subscript in the same dim
 * (size 1 there; the point used nowhere else: %part_buf[%i, 0] ->
 * %buf[%i, 0]), moves the T points at once: the pipeline, its transfers
 * taking [0 .. T) in that dim, replaces the loop (one ring transfer of a
 * tile's partial sums, not one per row).
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

enum { MAX_PARTS = 8, MAX_BUFS = 16 };

/* The levels of the unit kinds of the stages under an op (stages holding
 * pipelines aside): corelet level, another, or a kind not found. */
struct levels {
    const struct arch_device *dev;
    bool corelet, other, bad;
};

static bool level_of(struct ir_module *m, ir_op op, void *ctx)
{
    struct levels *l = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_STAGE || nest_has_pipeline(m, op))
        return true;
    ir_attr a = ir_op_attr(m, op, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY || !ai->n) {
        l->bad = true;
        return true;
    }
    for (uint32_t i = 0; i < ai->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        uint32_t k = e->kind == IR_AT_STRING ? arch_kind_find(l->dev, ir_str_get(m, e->s)) : ARCH_NONE;
        if (k == ARCH_NONE)
            l->bad = true;
        else if (l->dev->kinds[k].level == ARCH_LEVEL_CORELET)
            l->corelet = true;
        else
            l->other = true;
    }
    return true;
}

/* 1: every leaf stage under op is of corelet-level units; 2: every one is
 * of other units; 0: mixed, none, or unknown. */
int nest_whole_level(const struct ir_module *m, const struct arch_device *dev, ir_op op)
{
    struct levels l = {dev, false, false, false};
    ir_walk((struct ir_module *)m, op, level_of, &l);
    if (l.bad || l.corelet == l.other)
        return 0;
    return l.corelet ? 1 : 2;
}

/* A device-memory side under root. */
static bool ddr_side(struct ir_module *m, ir_op op, void *ctx)
{
    bool *found = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s) || (!s.fifo && nest_is_ddr(m, s.v)))
            *found = true;
    }
    return !*found;
}

/* Whether every transfer under root on buffer v names the point (a
 * subscript whose linear form has a coefficient on iv at least the
 * transfer's size in that dim: points touch different elements). */
struct per_point {
    ir_value v, iv;
    bool ok;
};

static bool point_side(struct ir_module *m, ir_op op, void *ctx)
{
    struct per_point *p = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s)) {
            p->ok = false;
            continue;
        }
        if (s.fifo || s.v != p->v)
            continue;
        bool on = false;
        for (uint32_t i = 0; i < s.nsub && !on; i++) {
            struct sched_lin l;
            if (!s.sub[i].v)
                continue;
            sched_lin_of(m, s.sub[i].v, &l);
            int64_t sz = i < s.nsize ? s.size[i] : 1;
            for (uint32_t j = 0; j < l.n; j++)
                on |= l.v[j] == p->iv && (l.k[j] >= sz || -l.k[j] >= sz);
        }
        p->ok &= on;
    }
    return true;
}

static bool uses_in(const struct ir_module *m, ir_op op, ir_value v)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == v)
            return true;
    for (uint32_t r = 0; r < o->nreg; r++)
        if (split_block_uses(m, ir_region_entry(m, ir_op_region(m, op, r)), v))
            return true;
    return false;
}

/* Unlinks from loop's body every pipeline or loop (the n-th of them) whose
 * part[n] is not j. */
static void keep_part(struct ir_module *m, ir_op loop, const int *part, int j)
{
    uint32_t n = 0;
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        uint32_t kind = ir_op_get(m, op)->kind;
        if ((kind == IR_OP_KTDF_PIPELINE || kind == IR_OP_SCF_FOR) && part[n++] != j)
            ir_op_unlink(m, op);
    }
}

/* The dim of side s subscripted by iv (size 1 there, no other subscript
 * using a value of loop), or -1. */
static int point_dim(const struct ir_module *m, const struct nest_side *s, ir_value iv, ir_op loop)
{
    int k = -1;
    if (s->fifo || s->nsub != s->nsize)
        return -1;
    for (uint32_t i = 0; i < s->nsub; i++) {
        if (s->sub[i].v == iv && k < 0 && s->size[i] == 1)
            k = (int)i;
        else if (s->sub[i].v && ir_value_defined_in(m, s->sub[i].v, loop))
            return -1;
    }
    return k;
}

/* A core-level part `loop` moving one element of a buffer per point ->
 * its pipeline moving all T at once (see above); returns the last op put
 * in the loop's place, IR_NONE when it is left. */
static ir_op merge_points(struct ir_module *m, ir_op loop)
{
    int64_t T;
    ir_op pipe = IR_NONE;
    if (!nest_for_normal(m, loop, &T) || ir_op_get(m, loop)->nres)
        return IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_PIPELINE && !pipe)
            pipe = op;
        else if (o->kind != IR_OP_SCF_YIELD &&
                 (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE)))
            return IR_NONE;
    }
    if (!pipe || ir_op_attr(m, pipe, "modulo"))
        return IR_NONE;
    ir_value iv = nest_for_iv(m, loop);
    ir_op xs[16];
    uint32_t nx = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), st) {
        uint32_t k = ir_op_get(m, st)->kind;
        if (k == IR_OP_KTDF_PRIVATE)
            continue;
        if (k != IR_OP_KTDF_STAGE)
            return IR_NONE;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, st, 0)), x) {
            struct nest_side s[2];
            const struct ir_op_info *xo = ir_op_get(m, x);
            if (xo->kind != IR_OP_KTDF_DATA_TRANSFER || nx == 16 ||
                !nest_read_side(m, x, 0, &s[0]) || !nest_read_side(m, x, 1, &s[1]))
                return IR_NONE;
            int d0 = point_dim(m, &s[0], iv, loop), d1 = point_dim(m, &s[1], iv, loop);
            uint32_t uses = 0;
            for (uint32_t i = 0; i < xo->nopnd; i++)
                uses += xo->opnd[i] == iv;
            if (d0 < 0 || d0 != d1 || uses != 2 || s[0].nsize != s[1].nsize ||
                memcmp(s[0].size, s[1].size, s[0].nsize * sizeof *s[0].size))
                return IR_NONE;
            xs[nx++] = x;
        }
    }
    /* the point is used by those subscripts only */
    uint32_t *n = split_use_counts(m, loop);
    bool only = n[iv] == 2 * nx;
    free(n);
    if (!nx || !only)
        return IR_NONE;
    for (uint32_t j = 0; j < nx; j++) {
        struct nest_side s[2];
        nest_read_side(m, xs[j], 0, &s[0]);
        nest_read_side(m, xs[j], 1, &s[1]);
        int d = point_dim(m, &s[0], iv, loop);
        for (int k = 0; k < 2; k++) {
            s[k].sub[d] = (struct nest_sub){.v = IR_NONE, .c = 0};
            s[k].size[d] = T;
        }
        struct split_b b;
        sb_before(&b, m, xs[j], ir_op_get(m, xs[j])->loc);
        nest_make_transfer(&b, &s[0], &s[1], xs[j]);
        ir_op_unlink(m, xs[j]);
    }
    /* the body's pure ops (none uses the point) and the pipeline go before
     * the loop, which goes */
    ir_op next, last = pipe;
    for (ir_op op = ir_block_get(m, nest_for_body(m, loop))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, loop, op);
        last = op;
    }
    ir_op_unlink(m, loop);
    return last;
}

/* Splits point loop `loop` (program fn) at its core-level pipelines, as
 * above; false when it is left as it is. */
static bool split_loop(struct nest_ctx *c, ir_op fn, ir_op loop)
{
    struct ir_module *m = c->m;
    int64_t T;
    if (!nest_for_normal(m, loop, &T) || T < 2 || ir_op_get(m, loop)->nres)
        return false;
    /* the parts: maximal runs of non-pure ops of one level */
    int part[256], plevel[MAX_PARTS];
    ir_op ops[256];
    uint32_t nops = 0, nparts = 0;
    int last = 0;
    bool core = false;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_SCF_YIELD)
            continue;
        if (o->kind != IR_OP_KTDF_PIPELINE && o->kind != IR_OP_SCF_FOR) {
            if (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE))
                return false;
            continue;
        }
        int lv = nest_whole_level(m, c->dev, op);
        if (!lv || nops == 256 || (lv == 2 && o->kind != IR_OP_KTDF_PIPELINE))
            return false;
        core |= lv == 2;
        if (lv != last)
            nparts++;
        if (nparts > MAX_PARTS)
            return false;
        plevel[nparts - 1] = lv;
        last = lv;
        part[nops] = (int)nparts - 1;
        ops[nops++] = op;
    }
    if (!core || nparts < 2)
        return false;
    bool ddr = false;
    ir_walk(m, loop, ddr_side, &ddr);
    if (ddr)
        return false;
    /* buffers two parts use */
    ir_value bufs[MAX_BUFS];
    uint32_t nb = 0;
    uint32_t *in = split_use_counts(m, loop), *all = split_use_counts(m, fn);
    bool ok = true;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, fn, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_MEMREF_ALLOC || !in[o->res])
            continue;
        int first = -1;
        bool shared = false;
        for (uint32_t k = 0; k < nops; k++) {
            if (!uses_in(m, ops[k], o->res))
                continue;
            shared |= first >= 0 && first != part[k];
            if (first < 0)
                first = part[k];
        }
        if (!shared)
            continue;
        struct per_point p = {o->res, nest_for_iv(m, loop), true};
        ir_walk(m, loop, point_side, &p);
        if (p.ok)
            continue; /* every point has its own place already */
        ir_type t = ir_value_type(m, o->res);
        if (all[o->res] != in[o->res] || !nest_prefixable(m, loop, o->res) || nb == MAX_BUFS ||
            !nest_memref_space(m, t) || ir_type_get(m, t)->rank >= NEST_MAX_RANK)
            ok = false;
        else
            bufs[nb++] = o->res;
    }
    free(in);
    free(all);
    if (!ok)
        return false;
    for (uint32_t k = 0; k < nb; k++) {
        ir_op d = ir_value_def(m, bufs[k]);
        struct split_b pre;
        sb_before(&pre, m, d, ir_op_get(m, d)->loc);
        ir_value x = nest_make_op(&pre, "memref.alloc",
                                  nest_memref_prefixed(m, ir_value_type(m, bufs[k]), T));
        ir_value_get(m, x)->name = ir_value_get(m, bufs[k])->name;
        nest_prefix_buffer(m, loop, bufs[k], x, (struct nest_sub){.v = nest_for_iv(m, loop)});
        ir_op_unlink(m, d);
    }
    /* clone j keeps part j's ops only; the loop keeps part 0 */
    ir_op after = loop;
    for (uint32_t j = 1; j < nparts; j++) {
        struct split_vmap vm = {0};
        ir_op l = split_clone(m, loop, &vm);
        split_vmap_free(&vm);
        keep_part(m, l, part, (int)j);
        if (ir_op_get(m, after)->next)
            ir_op_insert_before(m, ir_op_get(m, after)->next, l);
        else
            ir_block_append_op(m, ir_op_get(m, after)->block, l);
        split_dce(m, l);
        after = l;
        ir_op r = plevel[j] == 2 ? merge_points(m, l) : IR_NONE;
        if (r)
            after = r;
    }
    keep_part(m, loop, part, 0);
    split_dce(m, loop);
    if (plevel[0] == 2)
        merge_points(m, loop);
    return true;
}

bool nest_whole_split(struct nest_ctx *c, ir_op fn, ir_op stage)
{
    struct ir_module *m = c->m;
    bool any = false;
    ir_op next;
    for (ir_op op = ir_block_get(m, ir_region_entry(m, ir_op_region(m, stage, 0)))->first; op;
         op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR)
            any |= split_loop(c, fn, op);
    }
    return any;
}
