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
 * overlap-division, with N == 2: the loop's D(0), the division (the
 * body's last work op, a parallel loop of k <= 16 times E's trips), runs
 * in E(1)'s loop, k of its points after each of E(1)'s:
 *
 *   G(0); E(0) + L(1); S(0); G'(1); E(1) + D(0); S(1); D(1)
 *
 * (S the sum's levels), so that on a core the units share the
 * exponentials, which keep the compute unit busy, with a division that
 * keeps device memory busy with its stores. E(1), S(1) and D(1) use a
 * copy of each buffer E writes and D reads (the row's exponentials),
 * taken only when the scratchpad holds it beside the program's other
 * buffers with an eighth of it left for the tiles; D(0) moves past G'(1) and joins E(1) when it writes nothing
 * they touch, reads nothing G' writes, and writes no device memory made
 * from a base they read or write. Bit-exact as overlap-rows is.
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

/* The body of row loop `row` split at its first parallel loop L and the
 * next one E of the same trip count: work ops [0, e) are G (L first), [e,
 * n) the rest; false when the body is not of that shape. */
struct rowbody {
    ir_op row;
    struct sched_ops plain, work;
    uint32_t e;
    int64_t trips;
};

static bool row_parts(struct ir_module *m, ir_op row, struct rowbody *b)
{
    b->row = row;
    if (!nest_row_body(m, row, &b->plain, &b->work))
        return false;
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
    struct nest_foot l = {0}, g = {0}, r = {0};
    nest_foot_of(m, b->work.v, 1, &l);
    nest_foot_of(m, b->work.v + 1, b->e - 1, &g);
    nest_foot_of(m, b->work.v + b->e, b->work.n - b->e, &r);
    bool ok = !l.unknown && !g.unknown && !r.unknown && !l.ddr_wr.n && !g.ddr_wr.n &&
              !nest_ops_meet(&l.wr, &r.rd) && !nest_ops_meet(&l.wr, &r.wr) &&
              !nest_ops_meet(&g.wr, &r.wr) && !nest_ops_meet(&r.wr, &l.rd) &&
              !nest_ops_meet(&r.wr, &g.rd) && !nest_bases_meet(&r.ddr_wr, &l.ddr_rd) &&
              !nest_bases_meet(&r.ddr_wr, &g.ddr_rd);
    nest_foot_free(&l);
    nest_foot_free(&g);
    nest_foot_free(&r);
    return ok;
}

/* The bytes of fn's scratchpad buffers (its static allocs outside device
 * memory), those allocs in *allocs when given, *cap the scratchpad's
 * size; -1 when they lie in more than one kind of memory. */
static int64_t scratch_allocs(struct ir_module *m, const struct arch_device *dev, ir_op fn,
                              int64_t *cap, struct sched_ops *allocs)
{
    int64_t bytes = 0;
    *cap = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, fn, 0)), op) {
        if (ir_op_get(m, op)->kind != IR_OP_MEMREF_ALLOC || ir_op_get(m, op)->nopnd)
            continue;
        ir_type t = ir_value_type(m, ir_op_get(m, op)->res);
        const char *sp = nest_memref_space(m, t);
        uint32_t k = sp ? arch_kind_find(dev, sp) : ARCH_NONE;
        if (!sp || !strcmp(sp, "DDR") || k == ARCH_NONE)
            continue;
        int64_t size = dev->res[dev->kinds[k].first].size;
        if (*cap && size != *cap) /* one scratchpad only */
            return -1;
        *cap = size;
        bytes += nest_memref_bytes(m, t);
        if (allocs)
            sched_ops_push(allocs, op);
    }
    return bytes;
}

/* The division D (the body's last work op, a parallel loop of k times
 * E's trips, k <= MAX_DIV_SHARE) may run with the last row's exponentials,
 * D(N - 2) in E(N - 1)'s loop (overlap_division): what E writes and D
 * reads (the row's exponentials) gets a second buffer for row N - 1 when
 * the scratchpad holds it beside the program's other buffers with an
 * eighth of it left for the tiles; D(N - 2)
 * moves past G'(N - 1) and runs with E(N - 1): D writes nothing they
 * touch, reads nothing G' writes, and writes no device memory made from
 * a base they read. Sets *k and the buffers to copy (*row) and returns
 * NULL, or says why not. */
enum { MAX_DIV_SHARE = 16, DIV_ROOM = 8 };

static const char *division_moves(struct ir_module *m, const struct arch_device *dev, ir_op fn,
                                  const struct rowbody *b, int64_t *k, struct sched_ops *row)
{
    ir_op d = b->work.v[b->work.n - 1];
    int64_t md = parallel_trips(m, d);
    if (b->work.n < b->e + 2 || md < b->trips || md % b->trips || md / b->trips > MAX_DIV_SHARE)
        return "the last pass is no loop of 1 to 16 times the exponentials' points";
    *k = md / b->trips;
    struct nest_foot fd = {0}, fg = {0}, fe = {0};
    nest_foot_of(m, &d, 1, &fd);
    nest_foot_of(m, b->work.v + 1, b->e - 1, &fg);
    nest_foot_of(m, b->work.v + b->e, 1, &fe);
    bool ok = !fd.unknown && !fg.unknown && !fe.unknown && !nest_ops_meet(&fd.wr, &fg.rd) &&
              !nest_ops_meet(&fd.wr, &fg.wr) && !nest_ops_meet(&fd.wr, &fe.rd) &&
              !nest_ops_meet(&fd.wr, &fe.wr) && !nest_ops_meet(&fd.rd, &fg.wr) &&
              !nest_bases_meet(&fd.ddr_wr, &fg.ddr_rd) &&
              !nest_bases_meet(&fd.ddr_wr, &fe.ddr_rd) &&
              !nest_bases_meet(&fd.ddr_wr, &fg.ddr_wr) && !nest_bases_meet(&fd.ddr_wr, &fe.ddr_wr);
    const char *why = ok ? NULL
                         : "the last pass touches what the row after writes, or writes what "
                           "it reads";
    /* the buffers E writes and D reads: used in the row loop only */
    uint32_t *in = ok ? split_use_counts(m, b->row) : NULL,
             *all = ok ? split_use_counts(m, fn) : NULL;
    int64_t more = 0;
    for (uint32_t i = 0; ok && i < fe.wr.n; i++) {
        ir_op a = fe.wr.v[i];
        ir_value v = ir_op_get(m, a)->res;
        if (!nest_ops_has(&fd.rd, a))
            continue;
        if (in[v] != all[v] || ir_op_get(m, a)->nopnd) {
            ok = false;
            why = "the row buffers it reads are used past the row loop";
        }
        more += nest_memref_bytes(m, ir_value_type(m, v));
        sched_ops_push(row, a);
    }
    free(in);
    free(all);
    /* room: the scratchpad's allocs with the copies, an eighth of it left
     * to the nests' tiles (which tile-size selection sizes later: a row
     * of 896 KiB, its copy leaving 184 KiB, found no tile for its sum's
     * first level) */
    int64_t cap, bytes = ok && row->n ? scratch_allocs(m, dev, fn, &cap, NULL) : 0;
    if (ok && !row->n)
        why = "it reads nothing the exponentials write";
    else if (ok && (bytes < 0 || !cap || bytes + more > cap - cap / DIV_ROOM))
        why = "a second buffer of the row would leave less than an eighth of the scratchpad";
    nest_foot_free(&fd);
    nest_foot_free(&fg);
    nest_foot_free(&fe);
    return why;
}

/* Clones of ops (in order) before `before`, their operands through vm. */
static void clone_before(struct ir_module *m, const ir_op *ops, uint32_t n, ir_op before,
                         struct split_vmap *vm)
{
    for (uint32_t i = 0; i < n; i++)
        ir_op_insert_before(m, before, split_clone(m, ops[i], vm));
}

/* overlap-rows' division (N == 2): the loop's row 0 division D(0), its
 * body k times an iteration (IV c k + j, its row's values cloned for row
 * 0 before e1), joins E(1)'s loop e1; E(1) and what follows it in the
 * epilogue (first..last) use copies of the row buffers `row`. */
static void overlap_division(struct ir_module *m, const struct rowbody *b, int64_t k,
                             const struct sched_ops *row, ir_op e1, ir_op last)
{
    struct ir_loc loc = ir_op_get(m, e1)->loc;
    for (uint32_t i = 0; i < row->n; i++) {
        struct split_vmap av = {0};
        ir_op a = split_clone(m, row->v[i], &av);
        split_vmap_free(&av);
        ir_op_insert_before(m, row->v[i], a);
        for (ir_op x = e1;; x = ir_op_get(m, x)->next) {
            split_replace_uses(m, x, ir_op_get(m, row->v[i])->res, ir_op_get(m, a)->res);
            if (x == last)
                break;
        }
    }
    ir_op d = b->work.v[b->work.n - 1];
    struct split_b at;
    sb_before(&at, m, e1, loc);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, nest_for_iv(m, b->row), sb_index(&at, 0));
    clone_before(m, b->plain.v, b->plain.n, e1, &vm);
    ir_block eb = nest_for_body(m, e1);
    ir_op eyield = ir_block_get(m, eb)->last;
    sb_before(&at, m, eyield, loc);
    ir_value base = sb_arith(&at, "arith.muli", nest_for_iv(m, e1), sb_index(&at, k));
    for (int64_t j = 0; j < k; j++) {
        split_vmap_set(&vm, nest_for_iv(m, d), j ? sb_arith(&at, "arith.addi", base,
                                                            sb_index(&at, j))
                                                 : base);
        IR_FOR_OPS(m, nest_for_body(m, d), op)
        if (ir_op_get(m, op)->kind != IR_OP_SCF_YIELD)
            ir_op_insert_before(m, eyield, split_clone(m, op, &vm));
    }
    split_vmap_free(&vm);
    ir_op_unlink(m, d);
}

static void overlap_row(struct nest_ctx *c, ir_op row, struct rowbody *b, int64_t n, int64_t k,
                        const struct sched_ops *rowbufs)
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
    ir_op e1 = IR_NONE, last = IR_NONE;
    for (uint32_t i = b->e; i < b->work.n; i++) {
        ir_op x = split_clone(m, b->work.v[i], &vm);
        ir_op_insert_before(m, after, x);
        if (nest_is_fused(c, b->work.v[i])) /* E(N - 1): priced as E is */
            nest_note_fused(c, x);
        e1 = e1 ? e1 : x;
        last = x;
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
    if (k)
        overlap_division(m, b, k, rowbufs, e1, last);
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
        if (nest_row_loop_of(m, fn, row, &n) && row_parts(m, row, &b)) {
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
            /* two rows: the second's exponentials run with the first's
             * division too */
            int64_t k = 0;
            struct sched_ops rowbufs = {0};
            const char *dwhy = NULL;
            if (!why && n == 2 &&
                !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_OVERLAP_DIVISION)) &&
                (dwhy = division_moves(m, c->dev, fn, &b, &k, &rowbufs)) != NULL)
                k = 0;
            if (!why && c->o->stats && k)
                fprintf(c->o->stats,
                        "ktc-nest: @%s: overlap-division: the last row's exponentials run "
                        "with the row before's division, %lld of its points a point\n",
                        fname, (long long)k);
            else if (!why && c->o->stats && dwhy)
                fprintf(c->o->stats, "ktc-nest: @%s: overlap-division: not taken: %s\n", fname,
                        dwhy);
            if (!why) {
                overlap_row(c, row, &b, n, k, &rowbufs);
                changed = true;
            }
            free(rowbufs.v);
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
    int64_t cap, bytes = scratch_allocs(m, c->dev, fn, &cap, &allocs);
    if (bytes >= 0 && cap && bytes <= cap)
        for (uint32_t i = allocs.n; i-- > 0;) {
            ir_op_unlink(m, allocs.v[i]);
            ir_op_insert_before(m, ir_block_get(m, entry)->first, allocs.v[i]);
        }
    free(allocs.v);
}
