/* nest_jam.c - ktc-nest's "row-jam" transformation (nest.h): a row loop
 * whose passes stay nests of their own (tiling does not take the row as a
 * tile's point: a pass loops to a count known only at launch, or the row
 * does not fit) runs K rows at a time, pass by pass:
 *
 *   for r < N { P1(r); ..; Pm(r); S(r) }
 *     ->  for j < N / K {
 *           P1(jK) .. P1(jK + K - 1); ..; Pm(jK) .. Pm(jK + K - 1)
 *           S(jK); ..; S(jK + K - 1)
 *         }
 *         for i < N mod K { P1(r); ..; Pm(r); S(r) }    r = N - N mod K + i
 *
 * P1..Pm are the passes (loops and pipelines) before the first one that
 * writes device memory; S, the rest of the body from that one on, runs row
 * by row as before, so the rows' stores keep their order. A pass that is a
 * loop with the same bounds for every row (made outside the row loop)
 * runs once for the K rows: its iteration t runs P(jK)'s body at t, then
 * P(jK + 1)'s, and so on (the K loops fused). On a core's in-order units a
 * row's passes wait on one another (a pass's accumulator read back tile
 * after tile, its sum reduced before the next pass reads the mean): the
 * other rows' work of the same pass fills those waits.
 *
 * Every scratchpad buffer the rows write gets K copies (row jK + k in copy
 * k); what they only read (a kept weight) stays one. Index arithmetic of the
 * body that does not depend on the row moves before the loop first, so
 * that the passes' bounds are the same values for every row. Every op
 * computes what it did, on the same values: the result is bit-exact.
 *
 * Taken when the loop counts 0 to a constant N >= 2 (after normalize),
 * carries nothing (no results, not `carried`), its body holds index
 * arithmetic, loops and pipelines, two passes or more, the first not
 * writing device memory; tiling would not take it as a point loop
 * (nest_is_point_loop: a tile's rows stream already); every buffer the
 * rows write is used in the loop only and written in a row before it is
 * read (nothing carried from row to row); the passes P read no device
 * memory made from a base S writes (the next rows' P run before this
 * row's S); the copies take at most 1/JAM_ROOM of the scratchpad. K is
 * the options' jam_rows (NEST_JAM_ROWS when 0), or N when smaller, or
 * SCHED_MAX_COUNTED_PHASES / (4 P) when P passes are loops that run a
 * different number of iterations from row to row (a row of r blocks in
 * row r: each such pass of each row a run becomes tile loops whose phases
 * ktc-lower counts in registers across the rows, sched/lin.h; passes over
 * the same blocks, whose counts are one, count once; not taken when that
 * leaves fewer than 2). In a fuzz of ragged rows (150 kernels,
 * 600 launches on both devices), jamming 8 such rows a run left the
 * phases past the cap numbered by row (no DMA ahead across the rows), and
 * with 16 / (2 P) rows a run the scalar registers of 2 programs' DMA unit
 * ran out (64); this bound compiles them all.
 * `--stats` says whether it is taken, and why not. Whether it stays, and
 * K, are the cost model's choice (sched_nest in nest.c): the stage runs
 * again with twice the rows a run and without row-jam, and the program
 * modeled fastest wins; the model issues the pipelines of different rows
 * of a point back to back (each marked `jam_row`, its row in the run:
 * nest_tile.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/lin.h"
#include "sched/nest_int.h"

enum { JAM_ROOM = 16 };

/* A row loop's body: its index arithmetic, its passes (work), the first
 * of which that writes device memory (s; work.n when none) and the
 * scratchpad buffers the rows write (their memref.alloc ops). */
struct jam {
    ir_op row;
    struct sched_ops plain, work, bufs;
    uint32_t s;
};

static void jam_free(struct jam *j)
{
    free(j->plain.v);
    free(j->work.v);
    free(j->bufs.v);
}

static bool jam_parts(struct ir_module *m, ir_op row, struct jam *j)
{
    j->row = row;
    if (!nest_row_body(m, row, &j->plain, &j->work))
        return false;
    j->s = j->work.n;
    for (uint32_t i = 0; i < j->work.n && j->s == j->work.n; i++) {
        struct nest_foot f = {0};
        nest_foot_of(m, &j->work.v[i], 1, &f);
        if (f.ddr_wr.n || f.unknown)
            j->s = i;
        nest_foot_free(&f);
    }
    return j->work.n >= 2;
}

/* The first access of each buffer of j->bufs in a row, in program order:
 * 1 read, 2 written. */
struct first {
    const struct sched_ops *bufs;
    uint8_t *how;
};

static bool first_access(struct ir_module *m, ir_op op, void *ctx)
{
    struct first *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s) || s.fifo)
            continue;
        ir_op a = ir_value_def(m, s.v);
        for (uint32_t i = 0; i < f->bufs->n; i++)
            if (f->bufs->v[i] == a && !f->how[i])
                f->how[i] = (uint8_t)(k + 1);
    }
    return true;
}

/* Why the rows of j cannot run K at a time, or NULL (the file's comment);
 * fills j->bufs. */
static const char *jam_legal(struct nest_ctx *c, ir_op fn, struct jam *j, int64_t k)
{
    struct ir_module *m = c->m;
    struct nest_foot p = {0}, s = {0};
    nest_foot_of(m, j->work.v, j->s, &p);
    nest_foot_of(m, j->work.v + j->s, j->work.n - j->s, &s);
    const char *why = p.unknown || s.unknown ? "a transfer's memory it cannot name"
                      : j->s == 0            ? "its first pass writes device memory"
                      : nest_bases_meet(&s.ddr_wr, &p.ddr_rd)
                          ? "its stores write device memory its first passes read"
                          : NULL;
    for (int w = 0; w < 2; w++) {
        const struct sched_ops *l = w ? &s.wr : &p.wr;
        for (uint32_t i = 0; i < l->n; i++)
            if (!nest_ops_has(&j->bufs, l->v[i]))
                sched_ops_push(&j->bufs, l->v[i]);
    }
    nest_foot_free(&p);
    nest_foot_free(&s);
    if (why)
        return why;
    int64_t extra = 0, cap = 0;
    for (uint32_t i = 0; i < j->bufs.n; i++) {
        ir_value v = ir_op_get(m, j->bufs.v[i])->res;
        if (nest_users_under(m, fn, v, NULL) != nest_users_under(m, j->row, v, NULL))
            return "a buffer its rows write is used outside it";
        ir_type t = ir_value_type(m, v);
        const char *sp = nest_memref_space(m, t);
        uint32_t kind = sp ? arch_kind_find(c->dev, sp) : ARCH_NONE;
        if (kind == ARCH_NONE || ir_op_get(m, j->bufs.v[i])->nopnd)
            return "a buffer its rows write of no known memory or size";
        cap = c->dev->res[c->dev->kinds[kind].first].size;
        extra += (k - 1) * nest_memref_bytes(m, t);
    }
    if (extra > cap / JAM_ROOM)
        return "the copies of its rows' buffers do not fit";
    struct first f = {.bufs = &j->bufs, .how = calloc(j->bufs.n + 1, 1)};
    if (!f.how)
        abort();
    ir_walk(m, j->row, first_access, &f);
    for (uint32_t i = 0; i < j->bufs.n && !why; i++)
        if (f.how[i] != 2)
            why = "a row reads a buffer before writing it (a value carried from the row before)";
    free(f.how);
    return why;
}

/* Moves the index arithmetic of the row loop's body that does not depend
 * on the row before the loop (in order: what it uses moved first). */
static void hoist_invariants(struct ir_module *m, struct jam *j)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < j->plain.n; i++) {
        ir_op op = j->plain.v[i];
        const struct ir_op_info *o = ir_op_get(m, op);
        bool inv = true;
        for (uint32_t k = 0; k < o->nopnd && inv; k++)
            inv = !nest_value_inside(m, o->opnd[k], j->row);
        if (inv) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, j->row, op);
        } else {
            j->plain.v[kept++] = op;
        }
    }
    j->plain.n = kept;
}

/* Whether pass w is a loop whose K copies can run as one: no results, its
 * bounds made outside the row loop (the same for every row). */
static bool fusable(const struct ir_module *m, ir_op w, ir_op row)
{
    const struct ir_op_info *o = ir_op_get(m, w);
    if (o->kind != IR_OP_SCF_FOR || o->nres || o->nopnd != 3)
        return false;
    for (uint32_t i = 0; i < 3; i++)
        if (nest_value_inside(m, o->opnd[i], row))
            return false;
    return true;
}

/* Marks every pipeline under op (itself included) as row r of a run
 * (`jam_row`): the cost model issues the pipelines of different rows of a
 * point back to back, no round trip between them (nest_tile.c). */
static bool mark_pipe(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE)
        ir_op_set_attr(m, op, "jam_row", ir_attr_int(m, *(int64_t *)ctx, m->t_i64));
    return true;
}

static void mark_row(struct ir_module *m, ir_op op, int64_t r)
{
    ir_walk(m, op, mark_pipe, &r);
}

bool nest_rows_apart(const struct nest_ctx *c, ir_op a, ir_op b)
{
    ir_attr ra = ir_op_attr(c->m, a, "jam_row"), rb = ir_op_attr(c->m, b, "jam_row");
    int64_t cl = c->dev->ncorelets;
    return ra && rb && cl > 1 && !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_CORELETS)) &&
           ir_attr_get(c->m, ra)->i % cl != ir_attr_get(c->m, rb)->i % cl;
}

void nest_copy_jam_row(struct ir_module *m, ir_op to, ir_op from)
{
    ir_attr a = ir_op_attr(m, from, "jam_row");
    if (a)
        ir_op_set_attr(m, to, "jam_row", a);
}

/* The rows from n - rem on: a copy of the row loop (as it was) of rem
 * trips after it, its IV i standing for row n - rem + i. */
static void remainder_rows(struct ir_module *m, ir_op row, int64_t n, int64_t rem)
{
    struct ir_loc loc = ir_op_get(m, row)->loc;
    struct split_vmap vm = {0};
    ir_op r2 = split_clone(m, row, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, ir_op_get(m, row)->next, r2);
    struct split_b b;
    sb_before(&b, m, r2, loc);
    ir_op_get(m, r2)->opnd[1] = sb_index(&b, rem);
    ir_value iv = nest_for_iv(m, r2);
    ir_op first = ir_block_get(m, nest_for_body(m, r2))->first;
    sb_before(&b, m, first, loc);
    ir_value at = sb_addi(&b, iv, sb_index(&b, n - rem));
    for (ir_op x = first; x; x = ir_op_get(m, x)->next)
        split_replace_uses(m, x, iv, at);
}

/* Rewrites row loop j->row (N = n rows) as the file's comment says, K = k. */
static void jam_rows(struct ir_module *m, struct jam *j, int64_t n, int64_t k)
{
    ir_op row = j->row;
    struct ir_loc loc = ir_op_get(m, row)->loc;
    if (n % k)
        remainder_rows(m, row, n, n % k);
    struct split_vmap *vm = calloc((size_t)k, sizeof *vm);
    if (!vm)
        abort();
    /* copies 1..k-1 of each buffer the rows write */
    for (uint32_t i = 0; i < j->bufs.n; i++) {
        ir_op a = j->bufs.v[i];
        for (int64_t r = k - 1; r >= 1; r--) {
            struct split_vmap none = {0};
            ir_op copy = split_clone(m, a, &none);
            split_vmap_free(&none);
            ir_op_insert_before(m, ir_op_get(m, a)->next, copy);
            split_vmap_set(&vm[r], ir_op_get(m, a)->res, ir_op_get(m, copy)->res);
        }
    }
    struct split_b b;
    sb_before(&b, m, row, loc);
    ir_op_get(m, row)->opnd[1] = sb_index(&b, n / k);
    /* each row's number and index arithmetic, then the passes */
    ir_value iv = nest_for_iv(m, row);
    ir_op first = ir_block_get(m, nest_for_body(m, row))->first;
    sb_before(&b, m, first, loc);
    ir_value base = sb_muli(&b, iv, k);
    for (int64_t r = 0; r < k; r++) {
        split_vmap_set(&vm[r], iv, r ? sb_addi(&b, base, sb_index(&b, r)) : base);
        for (uint32_t i = 0; i < j->plain.n; i++)
            ir_op_insert_before(m, first, split_clone(m, j->plain.v[i], &vm[r]));
    }
    for (uint32_t i = 0; i < j->s; i++) {
        ir_op w = j->work.v[i];
        if (!fusable(m, w, row)) {
            for (int64_t r = 0; r < k; r++) {
                ir_op x = split_clone(m, w, &vm[r]);
                ir_op_insert_before(m, first, x);
                mark_row(m, x, r);
            }
            continue;
        }
        ir_op w0 = split_clone(m, w, &vm[0]);
        ir_op_insert_before(m, first, w0);
        mark_row(m, w0, 0);
        ir_op yield = ir_block_get(m, nest_for_body(m, w0))->last;
        for (int64_t r = 1; r < k; r++) {
            ir_op last = ir_op_get(m, yield)->prev; /* row r's body goes after it */
            split_vmap_set(&vm[r], nest_for_iv(m, w), nest_for_iv(m, w0));
            split_clone_body(m, w, &vm[r], yield);
            ir_op x =
                last ? ir_op_get(m, last)->next : ir_block_get(m, nest_for_body(m, w0))->first;
            for (; x != yield; x = ir_op_get(m, x)->next)
                mark_row(m, x, r);
        }
    }
    for (int64_t r = 0; r < k; r++)
        for (uint32_t i = j->s; i < j->work.n; i++) {
            ir_op x = split_clone(m, j->work.v[i], &vm[r]);
            ir_op_insert_before(m, first, x);
            mark_row(m, x, r);
        }
    for (uint32_t i = 0; i < j->plain.n; i++)
        ir_op_unlink(m, j->plain.v[i]);
    for (uint32_t i = 0; i < j->work.n; i++)
        ir_op_unlink(m, j->work.v[i]);
    for (int64_t r = 0; r < k; r++)
        split_vmap_free(&vm[r]);
    free(vm);
}

/* The passes of j that are loops running a different number of
 * iterations from row to row (sched_lin_trips_alike; the loops inside a
 * pass, a block's masked tail up to n - off, run alike in every row when
 * the pass does), those over the same blocks as one before
 * (sched_lin_loops_same) left out. */
static uint32_t ragged_passes(struct ir_module *m, const struct jam *j)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < j->work.n; i++) {
        ir_op a[2] = {j->row, j->work.v[i]};
        bool seen =
            ir_op_get(m, a[1])->kind != IR_OP_SCF_FOR || sched_lin_trips_alike(m, a[1], j->row);
        for (uint32_t k = 0; k < i && !seen; k++) {
            ir_op b[2] = {j->row, j->work.v[k]};
            seen = ir_op_get(m, b[1])->kind == IR_OP_SCF_FOR && sched_lin_loops_same(m, a, b, 2);
        }
        n += !seen;
    }
    return n;
}

bool nest_row_jam(struct nest_ctx *c, ir_op fn, int64_t *rows)
{
    struct ir_module *m = c->m;
    const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
    struct sched_ops loops = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &loops);
    bool changed = false;
    for (uint32_t i = 0; i < loops.n && !changed; i++) {
        ir_op row = loops.v[i];
        int64_t n;
        struct jam j = {0};
        if (!nest_row_loop_of(m, fn, row, &n) || ir_op_attr(m, row, "carried") ||
            !jam_parts(m, row, &j) || nest_is_point_loop(c, row)) {
            jam_free(&j);
            continue;
        }
        /* a pass whose loops run different numbers of iterations from row
         * to row becomes, in each row of a run, tile loops (a whole part
         * and a remainder) whose buffer phases ktc-lower counts as they
         * run, in registers: no more rows a run than those counts allow */
        uint32_t ragged = ragged_passes(m, &j);
        int64_t most = ragged && n > SCHED_MAX_COUNTED_PHASES / (4 * ragged)
                           ? SCHED_MAX_COUNTED_PHASES / (4 * ragged)
                           : n;
        int64_t K = c->o->jam_rows ? c->o->jam_rows : NEST_JAM_ROWS;
        int64_t k = most < K ? most : K;
        const char *why = k < 2 ? "its passes' loops run different numbers of iterations from "
                                  "row to row, too many to count their buffer phases in two rows"
                                : jam_legal(c, fn, &j, k);
        if (c->o->stats && why)
            fprintf(c->o->stats,
                    "ktc-nest: @%s: row-jam: a row loop of %lld rows, %u passes: not taken: %s\n",
                    fname, (long long)n, j.work.n, why);
        else if (c->o->stats)
            fprintf(c->o->stats,
                    "ktc-nest: @%s: row-jam: a row loop of %lld rows, %u passes: taken: %lld "
                    "rows a run, %u of its passes before the stores side by side, %u buffers "
                    "in %lld copies\n",
                    fname, (long long)n, j.work.n, (long long)k, j.s, j.bufs.n, (long long)k);
        if (!why) {
            hoist_invariants(m, &j);
            jam_rows(m, &j, n, k);
            changed = true;
            *rows = most;
        }
        jam_free(&j);
    }
    free(loops.v);
    if (changed) /* one row loop a program: the loops collected are stale */
        split_dce(m, fn);
    return changed;
}

/* ---- row-corelets ------------------------------------------------------------ */

/* What row-corelets finds in a program: its ktdf.parallel ops and its
 * pipelines of jammed rows outside every ktdf.parallel. */
struct placed {
    struct sched_ops pars, rows;
};

static bool find_placed(struct ir_module *m, ir_op op, void *ctx)
{
    struct placed *p = ctx;
    uint16_t k = ir_op_get(m, op)->kind;
    if (k == IR_OP_KTDF_PARALLEL)
        sched_ops_push(&p->pars, op);
    if (k != IR_OP_KTDF_PIPELINE || !ir_op_attr(m, op, "jam_row"))
        return true;
    for (ir_op a = ir_op_parent(m, op); a; a = ir_op_parent(m, a))
        if (ir_op_get(m, a)->kind == IR_OP_KTDF_PARALLEL)
            return true;
    sched_ops_push(&p->rows, op);
    return true;
}

/* What nest_row_class finds: the classes (jam_row mod C) of the pipelines
 * of jammed rows under an op, a bit each. */
struct classes {
    int64_t cl;
    uint64_t bits;
};

static bool row_classes(struct ir_module *m, ir_op op, void *ctx)
{
    struct classes *k = ctx;
    ir_attr a = ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE ? ir_op_attr(m, op, "jam_row") : 0;
    if (a)
        k->bits |= UINT64_C(1) << (ir_attr_get(m, a)->i % k->cl);
    return true;
}

/* Why row-corelets places none of p's rows (the program it found them
 * in), or NULL. */
static const char *why_not(const struct nest_ctx *c, const struct placed *p)
{
    int64_t cl = c->dev->ncorelets;
    if (c->o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_CORELETS))
        return "disabled";
    if (cl < 2 || cl > 64)
        return cl < 2 ? "the device's cores have one corelet" : "over 64 corelets a core";
    for (uint32_t i = 0; i < p->pars.n; i++) {
        ir_attr a = ir_op_attr(c->m, p->pars.v[i], "num_instances");
        if (!a || ir_attr_get(c->m, a)->i != cl)
            return "a ktdf.parallel of the program runs on fewer corelets";
    }
    return p->rows.n ? NULL : "no pipeline of a jammed row";
}

bool nest_row_corelets_on(const struct nest_ctx *c, ir_op fn)
{
    struct placed p = {0};
    ir_walk(c->m, fn, find_placed, &p);
    bool on = !why_not(c, &p);
    free(p.pars.v);
    free(p.rows.v);
    return on;
}

int64_t nest_row_class(const struct nest_ctx *c, ir_op op)
{
    struct classes k = {.cl = c->dev->ncorelets};
    if (k.cl < 2 || k.cl > 64)
        return -1;
    ir_walk(c->m, op, row_classes, &k);
    if (!k.bits)
        return -1;
    return k.bits & (k.bits - 1) ? k.cl : __builtin_ctzll(k.bits);
}

bool nest_row_corelets(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
    int64_t cl = c->dev->ncorelets;
    struct placed p = {0};
    ir_walk(m, fn, find_placed, &p);
    const char *why = why_not(c, &p);
    uint32_t placed = 0;
    for (uint32_t i = 0; i < p.rows.n && !why; i++) {
        int64_t r = ir_attr_get(m, ir_op_attr(m, p.rows.v[i], "jam_row"))->i;
        if (r % cl) {
            ir_op_set_attr(m, p.rows.v[i], "corelet", ir_attr_int(m, r % cl, m->t_i64));
            placed++;
        }
    }
    if (c->o->stats && p.rows.n && why)
        fprintf(c->o->stats,
                "ktc-nest: @%s: row-corelets: %u pipelines of jammed rows: not "
                "taken: %s\n",
                fname, p.rows.n, why);
    else if (c->o->stats && p.rows.n)
        fprintf(c->o->stats,
                "ktc-nest: @%s: row-corelets: %u pipelines of jammed rows, %u "
                "placed off corelet 0 (row r on corelet r mod %lld)\n",
                fname, p.rows.n, placed, (long long)cl);
    /* the rows' buffers apart, so that no row waits for another to be done
     * with bytes the allocator would let them share */
    if (placed)
        nest_overlap_allocs(c, fn);
    free(p.pars.v);
    free(p.rows.v);
    return placed > 0;
}
