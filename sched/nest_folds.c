/* nest_folds.c - ktc-nest's `register-folds` (nest.h): a pipeline reducing
 * a row of C lane-wide chunks that it loads whole from a scratchpad buffer
 * which the pipeline just before stores chunk by chunk from its compute
 * stage (a row's sums, carried chunk by chunk in registers by
 * register-carry) joins that pipeline. The chunks are folded where they
 * are made, in registers, as ktc-interp folds the row (chunk c with chunk
 * c + C/2 first, lane by lane, then the lane-wide vector reduced as
 * before), and the row no longer goes through the scratchpad:
 *
 *   pipeline A {                               pipeline A {
 *     [SFU]  scf.for %k = 0 to C {               [SFU]  p0 = ..; write p0, %o  (unrolled)
 *              p = ..; write p, %o }                    ..; t0 = comb(p0, p2) ..
 *     [L1SU] scf.for %k = 0 to C {                      t = comb(t0, t1)
 *              %o -> %T[.., %k * W] } }                 r = reduce(t, init); write r, %q
 *   pipeline B {                                 [L1SU] %o -> %T[.., k W] (unrolled)
 *     [L1LU] %T[.., 0] (C W) -> %i                      %q -> %R }
 *     [SFU]  r = reduce(read %i, init)
 *            write r, %q
 *     [L1SU] %q -> %R }
 *
 * A's stores of the row go when nothing else reads %T. Each combine is one
 * op of an elementwise generic, in the tree's order, so the result is bit
 * for bit ktc-codegen's fold of the row received whole (the same tree).
 * Runs after fuse-points, before fuse-pipelines: the passes of a point are
 * then side by side, and fuse-pipelines can go on joining the pipeline
 * after (the row's mean and rstd, now stored by A).
 */
#include <stdlib.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_CHUNKS = 8 };

/* The reduction pipeline B. */
struct fold {
    ir_op priv, st[3]; /* its private and stages: load, compute, store */
    ir_op load;        /* the load of the row into a slot */
    ir_op read;        /* the compute stage's read of it */
    ir_op gen;         /* the reduction */
    const char *combiner;
    ir_op comb;
    struct nest_side row; /* the row in the scratchpad */
    int64_t w, c;         /* lanes, chunks */
    ir_type chunk;        /* a chunk's tensor type */
};

/* A's stores of the row's chunks, chunk by chunk, and the compute stage's
 * writes of them. */
struct chunks {
    ir_op store[MAX_CHUNKS], write[MAX_CHUNKS];
};

static ir_block body_of(const struct ir_module *m, ir_op op)
{
    return ir_region_entry(m, ir_op_region(m, op, 0));
}

/* Whether the reduction generic g reduces its one input, row, along its
 * last dim (the others of extent 1), through its combiner alone (no
 * producer). */
static bool reduces_last(struct ir_module *m, ir_op g, ir_value row, struct fold *f)
{
    struct split_gen sg;
    if (!split_gen_read(m, g, &sg) || sg.nin != 1 || sg.in[0] != row || !sg.nloops ||
        !sg.red[sg.nloops - 1])
        return false;
    for (uint32_t k = 0; k + 1 < sg.nloops; k++)
        if (sg.red[k])
            return false;
    ir_type in = ir_value_type(m, sg.in[0]);
    const struct ir_type_info *ti = ir_type_get(m, in);
    for (uint32_t k = 0; k + 1 < ti->rank; k++)
        if (ti->shape[k] != 1)
            return false;
    uint32_t perm[SPLIT_MAX_LOOPS];
    if (ti->rank != sg.nloops || !split_permutation(m, sg.in_map[0], sg.nloops, perm))
        return false;
    for (uint32_t k = 0; k < sg.nloops; k++)
        if (perm[k] != k)
            return false;
    f->combiner = nest_reduce_combiner(m, g, &f->comb);
    if (!f->combiner)
        return false;
    ir_block gb = split_body(m, g, 0);
    const struct ir_op_info *co = ir_op_get(m, f->comb);
    ir_value gin = ir_block_get(m, gb)->args[0];
    return (co->opnd[0] == gin || co->opnd[1] == gin) &&
           ir_type_elem(m, in) == ir_value_type(m, co->res) &&
           ir_type_elem(m, sg.res) == ir_value_type(m, co->res);
}

/* Whether pipeline b is a reduction of a scratchpad row of C chunks
 * (2 <= C <= MAX_CHUNKS, a power of two): f filled. */
static bool match_fold(struct nest_ctx *c, ir_op b, struct fold *f)
{
    struct ir_module *m = c->m;
    if (!nest_pipe_parts(m, b, &f->priv, f->st))
        return false;
    f->load = IR_NONE;
    IR_FOR_OPS(m, body_of(m, f->st[0]), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && !f->load)
            f->load = op;
        else if (!nest_plain(m, op))
            return false;
    }
    struct nest_side slot;
    if (!f->load || !nest_read_side(m, f->load, 0, &f->row) ||
        !nest_read_side(m, f->load, 1, &slot) || f->row.fifo || !slot.fifo ||
        nest_is_ddr(m, f->row.v) || ir_ktdf_transfer_mode_is(m, f->load, "splat") ||
        f->row.nsub != f->row.nsize || !f->row.nsub)
        return false;
    uint32_t last = f->row.nsub - 1;
    if (f->row.sub[last].v || f->row.sub[last].c != 0)
        return false;
    f->read = IR_NONE;
    IR_FOR_OPS(m, body_of(m, f->st[1]), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->opnd[0] == slot.v) {
            if (f->read)
                return false;
            f->read = op;
        }
    }
    if (!f->read)
        return false;
    /* the row's one use: the reduction */
    struct sched_ops uses = {0};
    sched_ops_using(m, f->st[1], ir_op_get(m, f->read)->res, &uses);
    f->gen = uses.n == 1 && ir_op_get(m, uses.v[0])->kind == IR_OP_LINALG_GENERIC &&
                     ir_op_get(m, uses.v[0])->block == ir_op_get(m, f->read)->block
                 ? uses.v[0]
                 : IR_NONE;
    free(uses.v);
    if (!f->gen || !reduces_last(m, f->gen, ir_op_get(m, f->read)->res, f))
        return false;
    ir_type rt = ir_value_type(m, ir_op_get(m, f->read)->res);
    const struct ir_type_info *ti = ir_type_get(m, rt);
    char name[16];
    uint32_t k = nest_stage_kind(c->dev, m, f->st[1]);
    if (k == ARCH_NONE)
        return false;
    f->w = arch_lanes(c->dev, c->dev->kinds[k].first,
                      split_type_name(m, ir_type_elem(m, rt), name, sizeof name));
    int64_t n = ti->shape[ti->rank - 1];
    if (f->w <= 0 || n % f->w || f->row.size[last] != n)
        return false;
    f->c = n / f->w;
    if (f->c < 2 || f->c > MAX_CHUNKS || (f->c & (f->c - 1)))
        return false;
    int64_t shape[NEST_MAX_RANK];
    for (uint32_t i = 0; i < ti->rank; i++)
        shape[i] = ti->shape[i];
    shape[ti->rank - 1] = f->w;
    f->chunk = ir_type_shaped(m, IR_TY_TENSOR, ti->rank, shape, ir_type_elem(m, rt));
    return true;
}

/* Which chunk of f's row side s names (*k), when it names one whole. */
static bool chunk_of(const struct ir_module *m, const struct fold *f, const struct nest_side *s,
                     int64_t *k)
{
    uint32_t last = f->row.nsub - 1;
    if (s->fifo || s->v != f->row.v || s->nsub != f->row.nsub || s->nsize != s->nsub ||
        s->size[last] != f->w)
        return false;
    for (uint32_t d = 0; d < last; d++) {
        struct nest_sub a = s->sub[d], b = f->row.sub[d];
        int64_t diff = 0;
        if (s->size[d] != f->row.size[d] || !a.v != !b.v || (!a.v && a.c != b.c) ||
            (a.v && (!nest_const_diff(m, a.v, b.v, &diff) || diff)))
            return false;
    }
    struct sched_lin l;
    nest_sub_lin(m, s->sub[last], &l);
    if (l.n)
        return false;
    if (l.c % f->w || l.c < 0 || l.c / f->w >= f->c)
        return false;
    *k = l.c / f->w;
    return true;
}

/* The n-th (from 0) top-level write to slot v in block b; IR_NONE when
 * there are fewer, or one is nested. */
static ir_op nth_write(struct ir_module *m, ir_block b, ir_value v, uint32_t n)
{
    ir_op found = IR_NONE;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_WRITE_TO_FIFO && o->opnd[1] == v && !n--)
            found = op;
        if (o->nreg && split_op_reads(m, op, v))
            return IR_NONE;
    }
    return found;
}

/* A's stores of f's row, each chunk once, and the writes of their values
 * (the n-th store from a slot takes its n-th write). */
static bool match_chunks(struct ir_module *m, const ir_op sa[3], const struct fold *f,
                         struct chunks *ch)
{
    for (int64_t k = 0; k < f->c; k++)
        ch->store[k] = ch->write[k] = IR_NONE;
    IR_FOR_OPS(m, body_of(m, sa[2]), s) {
        const struct ir_op_info *o = ir_op_get(m, s);
        if (o->kind != IR_OP_KTDF_DATA_TRANSFER) {
            if (o->nreg && nest_touches(m, s, f->row.v, 1))
                return false;
            continue;
        }
        struct nest_side from, to;
        int64_t k;
        if (!nest_read_side(m, s, 0, &from) || !nest_read_side(m, s, 1, &to))
            return false;
        if (to.fifo || to.v != f->row.v)
            continue;
        if (!from.fifo || !chunk_of(m, f, &to, &k) || ch->store[k])
            return false;
        uint32_t n = 0;
        for (ir_op p = ir_op_get(m, s)->prev; p; p = ir_op_get(m, p)->prev) {
            struct nest_side pf;
            n += ir_op_get(m, p)->kind == IR_OP_KTDF_DATA_TRANSFER &&
                 nest_read_side(m, p, 0, &pf) && pf.fifo && pf.v == from.v;
        }
        ch->store[k] = s;
        ch->write[k] = nth_write(m, body_of(m, sa[1]), from.v, n);
        if (!ch->write[k] ||
            ir_value_type(m, ir_op_get(m, ch->write[k])->opnd[0]) != f->chunk)
            return false;
    }
    for (int64_t k = 0; k < f->c; k++)
        if (!ch->store[k])
            return false;
    return true;
}

/* Loop (no results, constant bounds, at most MAX_CHUNKS trips) replaced by
 * its iterations, the IV a constant in each. */
static void unroll(struct ir_module *m, ir_op loop)
{
    int64_t lb, ub, step;
    const struct ir_op_info *o = ir_op_get(m, loop);
    split_const_int(m, o->opnd[0], &lb);
    split_const_int(m, o->opnd[1], &ub);
    split_const_int(m, o->opnd[2], &step);
    ir_value iv = nest_for_iv(m, loop);
    struct split_b b;
    sb_before(&b, m, loop, o->loc);
    for (int64_t i = lb; i < ub; i += step) {
        struct split_vmap vm = {0};
        split_vmap_set(&vm, iv, sb_index(&b, i));
        split_clone_body(m, loop, &vm, loop);
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, loop);
}

/* Whether loop can be unrolled (unroll), at most MAX_CHUNKS trips. */
static bool unrollable(const struct ir_module *m, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, ub, step;
    return o->kind == IR_OP_SCF_FOR && !o->nres && split_const_int(m, o->opnd[0], &lb) &&
           split_const_int(m, o->opnd[1], &ub) && split_const_int(m, o->opnd[2], &step) &&
           step > 0 && ub > lb && (ub - lb + step - 1) / step <= MAX_CHUNKS;
}

/* A's store stage stores f's row in a loop (a loop over its chunks), and
 * its compute stage makes them in a loop of the same bounds: both
 * unrolled. False, nothing changed, when they are not so. */
static bool unroll_chunks(struct ir_module *m, const ir_op sa[3], const struct fold *f)
{
    ir_op ls = IR_NONE, lc = IR_NONE;
    IR_FOR_OPS(m, body_of(m, sa[2]), s)
        if (ir_op_get(m, s)->nreg && nest_touches(m, s, f->row.v, 1)) {
            if (ls || !unrollable(m, s) || !nest_transfers_only(m, nest_for_body(m, s)))
                return false;
            ls = s;
        }
    if (!ls)
        return false;
    IR_FOR_OPS(m, body_of(m, sa[1]), s) {
        const struct ir_op_info *o = ir_op_get(m, s);
        bool same = o->kind == IR_OP_SCF_FOR;
        for (int i = 0; i < 3 && same; i++)
            same = split_same_int(m, o->opnd[i], ir_op_get(m, ls)->opnd[i]);
        if (same) {
            if (lc || !unrollable(m, s))
                return false;
            lc = s;
        }
    }
    if (!lc)
        return false;
    unroll(m, ls);
    unroll(m, lc);
    return true;
}

/* elementwise comb(x, y) of chunk type t, the combiner f's (its attributes
 * too), at b. */
static ir_value combine(struct split_b *b, const struct fold *f, ir_value x, ir_value y)
{
    struct ir_module *m = b->m;
    uint32_t rank = ir_type_get(m, f->chunk)->rank;
    ir_aff id[NEST_MAX_RANK];
    for (uint32_t k = 0; k < rank; k++)
        id[k] = ir_aff_dim(m, k);
    uint32_t map = ir_map_intern(m, rank, 0, rank, id);
    struct split_gen g = {.nloops = rank, .nin = 2, .in = {x, y}, .in_map = {map, map},
                          .out = sb_tensor_empty(b, f->chunk), .out_map = map, .res = f->chunk};
    ir_block body;
    ir_value res = ir_op_result(m, split_gen_create(b, &g, &body), 0);
    const struct ir_block_info *bi = ir_block_get(m, body);
    struct ir_op_state st;
    ir_state_init(&st, m, f->combiner, b->loc);
    ir_state_add_operand(m, &st, bi->args[0]);
    ir_state_add_operand(m, &st, bi->args[1]);
    ir_state_add_result(m, &st, ir_type_elem(m, f->chunk));
    ir_op co = ir_op_create(m, &st);
    ir_op_get(m, co)->attrs = ir_op_get(m, f->comb)->attrs;
    ir_block_append_op(m, body, co);
    ir_state_init(&st, m, "linalg.yield", b->loc);
    ir_state_add_operand(m, &st, ir_op_result(m, co, 0));
    ir_block_append_op(m, body, ir_op_create(m, &st));
    return res;
}

/* The tree over the chunks' values, each combine just after the write of
 * its later operand (so that a chunk is held only until its pair is
 * made); returns the folded vector. */
static ir_value tree(struct ir_module *m, const struct fold *f, const struct chunks *ch)
{
    ir_value v[MAX_CHUNKS];
    ir_op at[MAX_CHUNKS]; /* the op after which v[i] is there */
    for (int64_t k = 0; k < f->c; k++) {
        v[k] = ir_op_get(m, ch->write[k])->opnd[0];
        at[k] = ch->write[k];
    }
    for (int64_t h = f->c / 2; h > 0; h /= 2)
        for (int64_t i = 0; i < h; i++) {
            ir_op after = at[i + h];
            for (ir_op p = after; p; p = ir_op_get(m, p)->next)
                if (p == at[i])
                    after = at[i];
            struct split_b b;
            ir_op next = ir_op_get(m, after)->next;
            if (next)
                sb_before(&b, m, next, ir_op_get(m, f->gen)->loc);
            else
                sb_at_end(&b, m, ir_op_get(m, after)->block, ir_op_get(m, f->gen)->loc);
            v[i] = combine(&b, f, v[i], v[i + h]);
            at[i] = ir_value_def(m, v[i]);
        }
    return v[0];
}

/* B into A: the tree in A's compute stage, then B's compute ops on its
 * result; B's stores after A's; A's stores of the row and their writes
 * gone when nothing else reads the row. */
static void join(struct nest_ctx *c, ir_op fn, ir_op a, ir_op b, const struct fold *f,
                 const struct chunks *ch)
{
    struct ir_module *m = c->m;
    ir_op pa, sa[3];
    nest_pipe_parts(m, a, &pa, sa);
    ir_op next;
    for (ir_op op = ir_op_get(m, a)->next; op && op != b; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, a, op);
    }
    ir_value t = tree(m, f, ch);
    split_replace_uses(m, b, ir_op_get(m, f->read)->res, t);
    ir_op_unlink(m, f->read);
    ir_op_unlink(m, f->load);
    for (int i = 0; i < 3; i++) {
        ir_block tb = body_of(m, sa[i]);
        for (ir_op op = ir_block_get(m, body_of(m, f->st[i]))->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            ir_op_unlink(m, op);
            ir_block_append_op(m, tb, op);
        }
    }
    nest_merge_private(m, a, pa, f->priv);
    ir_op_unlink(m, b);
    if (nest_write_only(m, fn, f->row.v))
        for (int64_t k = 0; k < f->c; k++) {
            ir_op_unlink(m, ch->store[k]);
            ir_op_unlink(m, ch->write[k]);
        }
    nest_prune_private(m, a);
    nest_shrink_allocs(m, a);
}

/* Whether B's store stage (f) writes a buffer pipeline a loads or stores:
 * once one pipeline, B's stores would no longer wait for all of a. */
static bool stores_into(struct ir_module *m, ir_op a, const struct fold *f)
{
    bool touched = false;
    IR_FOR_OPS(m, body_of(m, f->st[2]), x) {
        struct nest_side to;
        if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
            touched |= !nest_plain(m, x);
        else
            touched |= !nest_read_side(m, x, 1, &to) || to.fifo ||
                       nest_touches(m, a, to.v, 0) || nest_touches(m, a, to.v, 1);
    }
    return touched;
}

/* The pass before op x in its block, past plain ops: a pipeline, or a
 * loop nest of one whose store stage stores f's row: a loop of one trip
 * unwrapped (unit-loops' rewrite), else streamed (the chunks of the row
 * then stored by the pipeline's own loop); IR_NONE if none. */
static ir_op pass_before(struct nest_ctx *c, ir_op x, const struct fold *f)
{
    struct ir_module *m = c->m;
    ir_op a = ir_op_get(m, x)->prev, pa, sa[3];
    while (a && nest_plain(m, a))
        a = ir_op_get(m, a)->prev;
    if (!a || ir_op_get(m, a)->kind == IR_OP_KTDF_PIPELINE)
        return a;
    ir_op p = ir_op_get(m, a)->kind == IR_OP_SCF_FOR ? nest_stream_nest_pipeline(m, a) : IR_NONE;
    int64_t trips;
    if (!p || !nest_pipe_parts(m, p, &pa, sa) || !nest_touches(m, sa[2], f->row.v, 1))
        return IR_NONE;
    if (nest_stream_pipeline(m, a) == p && !ir_op_get(m, a)->nres &&
        nest_for_normal(m, a, &trips) && trips == 1)
        nest_unwrap_loop(m, a);
    else if (!nest_stream_nest(m, a))
        return IR_NONE;
    nest_move_join(c, a, p);
    return p;
}

bool nest_register_folds(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops pipes = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PIPELINE, &pipes);
    bool changed = false;
    for (uint32_t i = 0; i < pipes.n; i++) {
        ir_op b = pipes.v[i], a, pa, sa[3];
        struct fold f;
        struct chunks ch;
        if (!ir_op_get(m, b)->block || !match_fold(c, b, &f) || !(a = pass_before(c, b, &f)) ||
            !nest_pipe_parts(m, a, &pa, sa))
            continue;
        if (!nest_same_units(m, sa, f.st, 3) || nest_stage_wide(m, c->dev, sa[1]) ||
            stores_into(m, a, &f))
            continue;
        if (!match_chunks(m, sa, &f, &ch)) {
            if (!unroll_chunks(m, sa, &f) || !match_chunks(m, sa, &f, &ch))
                continue;
        }
        join(c, fn, a, b, &f, &ch);
        changed = true;
    }
    free(pipes.v);
    if (changed)
        split_dce(m, fn);
    return true;
}
