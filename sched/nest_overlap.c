/* nest_overlap.c - ktc-nest's "overlap-rows" transformation (nest.h): a
 * row loop whose passes are nests of their own (the row does not fit the
 * scratchpad) runs the next row's first pass together with this row's
 * second one, software-pipelined:
 *
 *   for r < N { G(r); E(r); rest(r) }
 *     ->  G(0)
 *         for r < N - 1 { E(r) + L(r + 1); rest(r); G'(r + 1) }
 *         E(N - 1); rest(N - 1)
 *
 * G is the body's first parallel loop L (a reduction's first level over
 * the row: a softmax's max) and the loops and pipelines after it up to E,
 * the next parallel loop of the same trip count (the exponentials and
 * their sum's first level); G' is G without L. E + L is one loop whose
 * iteration runs E's body, then L's for the next row: on one core the
 * units then share out two passes that each leave some idle (the max pass
 * loads two vectors for one max, the exponentials compute four for two
 * loads). Every op is computed as before, on the same values, so the
 * result is bit-exact.
 *
 * Taken when moving G(r + 1) before rest(r) cannot be seen: no buffer L
 * writes is touched by E or rest, nor written by them one G' writes (a
 * row's max, which E reads: G'(r + 1) writes it after rest(r)); G writes
 * no device memory and reads none made from a base E or rest writes; G
 * touches no buffer they write. The row loop counts 0 to a constant
 * N >= 2 (after normalize); its body holds index arithmetic, loops and
 * pipelines only. Only when the loop's row does not fit the scratchpad
 * (nest_point_fits): a row that fits is a point of a tile loop, its passes
 * in one compute stage, already streaming row after row.
 *
 * The prologue, the loop and the epilogue then hold nests of their own;
 * the scratchpad allocator would let their buffers share bytes, so that a
 * nest's first DMA waits for the one before to be done with them (a bubble
 * of a tile's transfer between the three): once every transformation has
 * run, the program's scratchpad buffers are allocated at its start when
 * they all fit there together (nest_overlap_allocs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* Whether op is index arithmetic or a view: no region, no effect. */
static bool plain(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return !o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE);
}

/* A normalized parallel_loop (0 to a constant by 1, no results): its trip
 * count, else -1. */
static int64_t parallel_trips(const struct ir_module *m, ir_op op)
{
    const char *t = ir_op_get(m, op)->kind == IR_OP_SCF_FOR ? nest_loop_type(m, op) : NULL;
    int64_t n;
    if (!t || strcmp(t, "parallel_loop") || ir_op_get(m, op)->nres ||
        !nest_for_normal(m, op, &n))
        return -1;
    return n;
}

/* A set of values (device-memory bases). */
struct vals {
    ir_value *v;
    uint32_t n, cap;
};

static void vals_add(struct vals *l, ir_value v)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i] == v)
            return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v)
            abort();
    }
    l->v[l->n++] = v;
}

static bool vals_meet(const struct vals *a, const struct vals *b)
{
    for (uint32_t i = 0; i < a->n; i++)
        for (uint32_t j = 0; j < b->n; j++)
            if (a->v[i] == b->v[j])
                return true;
    return false;
}

/* What the transfers under some ops touch: scratchpad buffers allocated in
 * the program (read, written) and device memory (by base). */
struct foot {
    struct sched_ops rd, wr;   /* memref.alloc ops */
    struct vals ddr_rd, ddr_wr; /* the bases (nest_view_root) */
    bool unknown;              /* a side it cannot name */
};

static void foot_free(struct foot *f)
{
    free(f->rd.v);
    free(f->wr.v);
    free(f->ddr_rd.v);
    free(f->ddr_wr.v);
}

static bool has(const struct sched_ops *l, ir_op op)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i] == op)
            return true;
    return false;
}

/* A side's buffer: the alloc it is (not a pipeline's private one, which no
 * other pipeline sees), or the base of device memory (*root); false when
 * it is neither (an alias this cannot follow). */
static bool side_of(const struct ir_module *m, ir_value v, bool *ddr, ir_op *def, ir_value *root,
                    bool *priv)
{
    *priv = false;
    *ddr = nest_is_ddr(m, v);
    if (*ddr) {
        *root = nest_view_root(m, v);
        return *root != IR_NONE;
    }
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    ir_op p = ir_op_parent(m, d);
    if (ir_op_get(m, d)->kind == IR_OP_KTDF_PRIVATE ||
        (p && ir_op_get(m, p)->kind == IR_OP_KTDF_PRIVATE)) {
        *priv = true;
        return true;
    }
    *def = d;
    return ir_op_get(m, d)->kind == IR_OP_MEMREF_ALLOC;
}

static bool add_foot(struct ir_module *m, ir_op op, void *ctx)
{
    struct foot *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        bool ddr, priv;
        ir_op def = IR_NONE;
        ir_value root = IR_NONE;
        if (!nest_read_side(m, op, k, &s)) {
            f->unknown = true;
            continue;
        }
        if (s.fifo)
            continue;
        if (!side_of(m, s.v, &ddr, &def, &root, &priv)) {
            f->unknown = true;
            continue;
        }
        if (priv)
            continue;
        if (ddr) {
            vals_add(k ? &f->ddr_wr : &f->ddr_rd, root);
            continue;
        }
        struct sched_ops *l = k ? &f->wr : &f->rd;
        if (!has(l, def))
            sched_ops_push(l, def);
    }
    return true;
}

static void foot_of(struct ir_module *m, const ir_op *ops, uint32_t n, struct foot *f)
{
    for (uint32_t i = 0; i < n; i++)
        ir_walk(m, ops[i], add_foot, f);
}

static bool meet(const struct sched_ops *a, const struct sched_ops *b)
{
    for (uint32_t i = 0; i < a->n; i++)
        if (has(b, a->v[i]))
            return true;
    return false;
}

/* The body of row loop `row` split at its first parallel loop L and the
 * next one E of the same trip count: work ops [0, e) are G (L first), [e,
 * n) the rest; false when the body is not of that shape. */
struct rowbody {
    struct sched_ops plain, work;
    uint32_t e;
    int64_t trips;
};

static bool row_parts(struct ir_module *m, ir_op row, struct rowbody *b)
{
    IR_FOR_OPS(m, nest_for_body(m, row), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_SCF_YIELD)
            continue;
        if (plain(m, op))
            sched_ops_push(&b->plain, op);
        else if ((o->kind == IR_OP_SCF_FOR && !o->nres && nest_has_pipeline(m, op)) ||
                 o->kind == IR_OP_KTDF_PIPELINE)
            sched_ops_push(&b->work, op);
        else
            return false;
    }
    if (b->work.n < 2 || (b->trips = parallel_trips(m, b->work.v[0])) < 2)
        return false;
    for (b->e = 1; b->e < b->work.n; b->e++)
        if (parallel_trips(m, b->work.v[b->e]) == b->trips)
            return true;
    return false;
}

/* Whether G(r + 1) may move before rest(r) as overlap_row does (see the
 * file's comment). */
static bool legal(struct ir_module *m, const struct rowbody *b)
{
    struct foot l = {0}, g = {0}, r = {0};
    foot_of(m, b->work.v, 1, &l);
    foot_of(m, b->work.v + 1, b->e - 1, &g);
    foot_of(m, b->work.v + b->e, b->work.n - b->e, &r);
    bool ok = !l.unknown && !g.unknown && !r.unknown && !l.ddr_wr.n && !g.ddr_wr.n &&
              !meet(&l.wr, &r.rd) && !meet(&l.wr, &r.wr) && !meet(&g.wr, &r.wr) &&
              !meet(&r.wr, &l.rd) && !meet(&r.wr, &g.rd) && !vals_meet(&r.ddr_wr, &l.ddr_rd) &&
              !vals_meet(&r.ddr_wr, &g.ddr_rd);
    foot_free(&l);
    foot_free(&g);
    foot_free(&r);
    return ok;
}

/* Clones of ops (in order) before `before`, their operands through vm. */
static void clone_before(struct ir_module *m, const ir_op *ops, uint32_t n, ir_op before,
                         struct split_vmap *vm)
{
    for (uint32_t i = 0; i < n; i++)
        ir_op_insert_before(m, before, split_clone(m, ops[i], vm));
}

static void overlap_row(struct nest_ctx *c, ir_op row, struct rowbody *b, int64_t n)
{
    struct ir_module *m = c->m;
    struct ir_loc loc = ir_op_get(m, row)->loc;
    ir_value iv = nest_for_iv(m, row);
    ir_op after = ir_op_get(m, row)->next;
    struct split_b at;
    /* the prologue: G(0) */
    sb_before(&at, m, row, loc);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, iv, sb_index(&at, 0));
    clone_before(m, b->plain.v, b->plain.n, row, &vm);
    clone_before(m, b->work.v, b->e, row, &vm);
    split_vmap_free(&vm);
    /* the epilogue: E(N - 1) and the rest */
    sb_before(&at, m, after, loc);
    vm = (struct split_vmap){0};
    split_vmap_set(&vm, iv, sb_index(&at, n - 1));
    clone_before(m, b->plain.v, b->plain.n, after, &vm);
    for (uint32_t i = b->e; i < b->work.n; i++) {
        ir_op x = split_clone(m, b->work.v[i], &vm);
        ir_op_insert_before(m, after, x);
        if (nest_is_fused(c, b->work.v[i])) /* E(N - 1): priced as E is */
            nest_note_fused(c, x);
    }
    split_vmap_free(&vm);
    /* the loop: N - 1 rows, each E + L(r + 1), the rest, G'(r + 1) */
    sb_before(&at, m, row, loc);
    ir_op_get(m, row)->opnd[1] = sb_index(&at, n - 1);
    ir_op e = b->work.v[b->e], l = b->work.v[0];
    ir_block body = nest_for_body(m, row);
    ir_op yield = ir_block_get(m, body)->last;
    sb_before(&at, m, e, loc);
    ir_value next = sb_arith(&at, "arith.addi", iv, sb_index(&at, 1));
    vm = (struct split_vmap){0};
    split_vmap_set(&vm, iv, next);
    clone_before(m, b->plain.v, b->plain.n, e, &vm);
    split_vmap_set(&vm, nest_for_iv(m, l), nest_for_iv(m, e));
    ir_block eb = nest_for_body(m, e);
    ir_op eyield = ir_block_get(m, eb)->last;
    IR_FOR_OPS(m, nest_for_body(m, l), op)
    if (ir_op_get(m, op)->kind != IR_OP_SCF_YIELD)
        ir_op_insert_before(m, eyield, split_clone(m, op, &vm));
    clone_before(m, b->work.v + 1, b->e - 1, yield, &vm);
    split_vmap_free(&vm);
    for (uint32_t i = 0; i < b->e; i++)
        ir_op_unlink(m, b->work.v[i]);
}

bool nest_overlap_rows(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
    struct sched_ops loops = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &loops);
    bool changed = false;
    for (uint32_t i = 0; i < loops.n && !changed; i++) {
        ir_op row = loops.v[i];
        int64_t n;
        struct rowbody b = {0};
        bool in_pipe = false;
        for (ir_op p = ir_op_parent(m, row); p && p != fn; p = ir_op_parent(m, p))
            in_pipe |= ir_op_get(m, p)->kind != IR_OP_SCF_FOR;
        if (!in_pipe && !nest_loop_type(m, row) && !ir_op_get(m, row)->nres &&
            nest_for_normal(m, row, &n) && n >= 2 && row_parts(m, row, &b)) {
            const char *why = nest_point_fits(m, row, c->dev)
                                  ? "its row fits the scratchpad (the point of a tile loop)"
                              : !legal(m, &b) ? "a later pass touches what the first writes, or "
                                                "writes what it reads"
                                              : NULL;
            if (c->o->stats)
                fprintf(c->o->stats,
                        "ktc-nest: @%s: overlap-rows: a row loop of %lld rows, a first pass of "
                        "%lld points: %s%s\n",
                        fname, (long long)n, (long long)b.trips,
                        why ? "not taken: "
                            : "taken: the next row's runs in this row's next loop of as many points",
                        why ? why : "");
            if (!why) {
                overlap_row(c, row, &b, n);
                changed = true;
            }
        }
        free(b.plain.v);
        free(b.work.v);
    }
    free(loops.v);
    if (changed) /* one row loop a program: the loops collected are stale */
        split_dce(m, fn);
    return changed;
}

void nest_overlap_allocs(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    struct sched_ops allocs = {0};
    int64_t bytes = 0, cap = 0;
    IR_FOR_OPS(m, entry, op) {
        if (ir_op_get(m, op)->kind != IR_OP_MEMREF_ALLOC || ir_op_get(m, op)->nopnd)
            continue;
        ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
        const char *sp = nest_memref_space(m, t);
        uint32_t k = sp ? arch_kind_find(c->dev, sp) : ARCH_NONE;
        if (!sp || !strcmp(sp, "DDR") || k == ARCH_NONE)
            continue;
        int64_t size = c->dev->res[c->dev->kinds[k].first].size;
        if (cap && size != cap) { /* one scratchpad only */
            free(allocs.v);
            return;
        }
        cap = size;
        bytes += nest_memref_bytes(m, t);
        sched_ops_push(&allocs, op);
    }
    if (cap && bytes <= cap)
        for (uint32_t i = allocs.n; i-- > 0;) {
            ir_op_unlink(m, allocs.v[i]);
            ir_op_insert_before(m, ir_block_get(m, entry)->first, allocs.v[i]);
        }
    free(allocs.v);
}
