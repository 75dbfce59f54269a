/* nest_reuse.c - ktc-nest's `reuse-results` (nest.h): a pass that computes
 * again, element by element, a value an earlier pass computed from the same
 * scratchpad elements (Triton's softmax over column blocks: the sum pass
 * and the division pass both make exp(x - max) of every block) reads what
 * the earlier pass computed instead:
 *
 *   pipeline A {                                 pipeline A {
 *     [L1LU] %X[s] -> %v ; %m -> %k                [L1LU] %X[s] -> %v ; %m -> %k
 *     [SFU]  %r = f(E(read %v, read %k), ..)       [SFU]  %e = E(read %v, read %k)
 *     [L1SU] .. }                                         write %e -> %q
 *   pipeline B {                                          %r = f(%e, ..)
 *     [L1LU] %X[t] -> %w ; %m -> %l                [L1SU] %q -> %R[s] ; .. }
 *     [SFU]  %o = g(E(read %w, read %l), ..)     pipeline B {
 *     .. }                                         [L1LU] %R[t] -> %w
 *                                                  [SFU]  %o = g(read %w, ..) .. }
 *
 * E is the part of a linalg.generic's body computed from the element read
 * from %X and inputs each pass reads once before its loops (a row's max
 * splat, loaded from the same place): B's compute unit saves E's ops a
 * vector, A's sends one vector more and its store unit stores it. %R has
 * %X's shape without its buffer-phase dims: both passes run between two
 * loads of %X's phase, and ktc-lower orders the next run's stores after
 * this run's loads. Runs after the cost model priced the program (it only
 * takes work away). Taken when:
 *  - A and B are passes of one block, A before B (a pipeline, or a nest of
 *    loops around one: a sum carried over the blocks through the
 *    scratchpad, a pipeline a block), and nothing between them, nor A or
 *    B, writes %X or the scratchpad places of the once-read inputs;
 *  - E has two ops or more, of one result each, reads the element and
 *    those inputs alone, computes %X's element type, and only its last op
 *    is used outside it (B's element read is used by E alone);
 *  - A's load of %X sits in loops of constant bounds matching, level by
 *    level, those its compute stage reads the element and computes E in;
 *    its places over those and the pass's loops are dense (a subscript a
 *    loop's IV times the step that moves it by its size), and B reads
 *    none outside them;
 *  - in a corelet split (ktdf.parallel), A's places at two points are
 *    apart (a subscript moves with the point by the places' extent);
 *  - A's store stage has A's compute loops down to some level (at most
 *    the first), and the levels below, whose iterations this adds stores
 *    to, run at most MAX_UNROLL times together (their stores unrolled:
 *    ktc-lower pairs a store stage's loop with its load stage's by the
 *    loop's body, which must not hold a loop moving FIFO data);
 *  - what the store stage's loop body receives a run (its body's, without
 *    a loop) fits its FIFO: else ktc-lower may hold the stores until the
 *    load stage sent the run's loads, while the compute unit's sends fill
 *    the FIFO (softmax_2x8192_blocks on sample deadlocked so);
 *  - %R fits the scratchpad beside the program's buffers.
 * A once-read input may be loaded as a splat: the same transfer, its
 * attributes too, in both passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_E = 16, MAX_INV = 4, MAX_DEPTH = 6, MAX_UNROLL = 16, MAX_CANDS = 16 };

static ir_block body_of(const struct ir_module *m, ir_op op)
{
    return ir_region_entry(m, ir_op_region(m, op, 0));
}

/* ---- the element read and E ------------------------------------------- */

/* A generic of a pipeline's compute stage reading an element of scratchpad
 * buffer X that the pipeline's load stage loads, and the part E of its body
 * computed from that element and inputs read once. */
struct use {
    ir_op pipe, ld, cp;
    ir_op xfer;          /* the load of X into the read's slot */
    struct nest_side x;  /* its source side */
    struct nest_side to; /* its FIFO side */
    ir_op read;          /* the compute stage's read of the slot */
    ir_op gen;
    uint32_t vin;   /* gen's input of the read */
    ir_op e[MAX_E]; /* E's ops, in order; the last is its result */
    uint32_t ne;
    uint32_t inv_in[MAX_INV]; /* gen's inputs E reads besides the element */
    ir_op inv_xfer[MAX_INV];  /* their loads (once, before the loops) */
    ir_op inv_read[MAX_INV];
    uint32_t ninv;
};

/* The stage of pipe holding op, at any depth. */
static ir_op stage_of(const struct ir_module *m, ir_op pipe, ir_op op)
{
    for (ir_op p = ir_op_parent(m, op); p; op = p, p = ir_op_parent(m, p))
        if (p == pipe)
            return ir_op_get(m, op)->kind == IR_OP_KTDF_STAGE ? op : IR_NONE;
    return IR_NONE;
}

/* The one transfer of pipe into FIFO slot `slot` (with plain, one moving
 * elements as they are: no splat, old lanes or tiles), or IR_NONE. */
struct into {
    ir_value slot;
    ir_op x;
    uint32_t n;
};

static bool find_into(struct ir_module *m, ir_op op, void *ctx)
{
    struct into *t = ctx;
    struct nest_side d;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 1, &d) &&
        d.fifo && d.v == t->slot) {
        t->x = op;
        t->n++;
    }
    return true;
}

static ir_op load_into(struct ir_module *m, ir_op pipe, ir_value slot, bool plain)
{
    struct into t = {.slot = slot};
    ir_walk(m, pipe, find_into, &t);
    if (t.n != 1 ||
        (plain && (ir_op_attr(m, t.x, "transfer_mode") || ir_op_attr(m, t.x, "old_lanes") ||
                   ir_op_attr(m, t.x, "source_tiles"))))
        return IR_NONE;
    return t.x;
}

/* Whether scratchpad side s is a plain buffer (not a FIFO, not device
 * memory) a memref.alloc makes. */
static bool scratch_side(const struct ir_module *m, const struct nest_side *s)
{
    ir_op a = s->fifo ? IR_NONE : ir_value_def(m, s->v);
    return a && ir_op_get(m, a)->kind == IR_OP_MEMREF_ALLOC && !nest_is_ddr(m, s->v);
}

/* Whether the read of a compute stage is one of its once-read inputs: in the
 * stage's body itself (outside its loops), of a slot the load stage loads
 * in its body itself from a scratchpad buffer. */
static bool once_read(struct ir_module *m, const struct use *u, ir_value v, ir_op *read,
                      ir_op *xfer)
{
    ir_op r = ir_value_def(m, v);
    if (!r || ir_op_get(m, r)->kind != IR_OP_KTDF_READ_FROM_FIFO || ir_op_parent(m, r) != u->cp)
        return false;
    ir_op x = load_into(m, u->pipe, ir_op_get(m, r)->opnd[0], false);
    struct nest_side s;
    if (!x || ir_op_parent(m, x) != u->ld || !nest_read_side(m, x, 0, &s) || !scratch_side(m, &s))
        return false;
    *read = r;
    *xfer = x;
    return true;
}

/* Whether body value v is an argument of gen's body: its input index. */
static bool arg_index(const struct ir_module *m, ir_block body, ir_value v, uint32_t *k)
{
    const struct ir_block_info *bi = ir_block_get(m, body);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (bi->args[i] == v) {
            *k = i;
            return true;
        }
    return false;
}

static bool in_e(const struct use *u, ir_op op)
{
    for (uint32_t i = 0; i < u->ne; i++)
        if (u->e[i] == op)
            return true;
    return false;
}

/* The ops of blk using value v, other than those of E. */
static uint32_t uses_outside(const struct ir_module *m, const struct use *u, ir_block blk,
                             ir_value v)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, blk, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++)
            n += o->opnd[i] == v && !in_e(u, op);
    }
    return n;
}

/* Fills u's E from gen's body: the ops, in order, every operand of which is
 * the element's argument, a once-read input's or an E op's result, and
 * which read the element (through E). Whether E is one: two ops or more,
 * only its last used outside it, the element's argument used by E alone
 * (strict: B's side, whose element goes) and the result of the element's
 * type. */
static bool find_e(struct ir_module *m, struct use *u, bool strict)
{
    ir_block body = split_body(m, u->gen, 0);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_value varg = bi->args[u->vin];
    u->ne = u->ninv = 0;
    IR_FOR_OPS(m, body, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->nres != 1 || o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) ||
            o->kind == IR_OP_LINALG_YIELD)
            continue;
        bool ok = o->nopnd > 0, reads = false;
        uint32_t inv[MAX_INV], ninv = 0;
        for (uint32_t i = 0; i < o->nopnd && ok; i++) {
            ir_value v = o->opnd[i];
            ir_op d = ir_value_def(m, v);
            uint32_t k;
            if (v == varg || (d && in_e(u, d))) {
                reads = true;
            } else if (arg_index(m, body, v, &k) && k < bi->nargs - 1) {
                ir_op r, x;
                bool seen = false;
                for (uint32_t j = 0; j < u->ninv; j++)
                    seen |= u->inv_in[j] == k;
                for (uint32_t j = 0; j < ninv; j++)
                    seen |= inv[j] == k;
                if (!seen) {
                    if (!once_read(m, u, ir_op_get(m, u->gen)->opnd[k], &r, &x) ||
                        u->ninv + ninv == MAX_INV)
                        ok = false;
                    else
                        inv[ninv++] = k;
                }
            } else {
                ok = false;
            }
        }
        if (!ok || !reads || u->ne == MAX_E)
            continue;
        for (uint32_t j = 0; j < ninv; j++) {
            uint32_t k = inv[j];
            once_read(m, u, ir_op_get(m, u->gen)->opnd[k], &u->inv_read[u->ninv],
                      &u->inv_xfer[u->ninv]);
            u->inv_in[u->ninv++] = k;
        }
        u->e[u->ne++] = op;
    }
    if (u->ne < 2)
        return false;
    /* only the last op is used outside E */
    for (uint32_t i = 0; i + 1 < u->ne; i++)
        if (uses_outside(m, u, body, ir_op_result(m, u->e[i], 0)))
            return false;
    ir_value root = ir_op_result(m, u->e[u->ne - 1], 0);
    return (!strict || !uses_outside(m, u, body, varg)) &&
           ir_value_type(m, root) == ir_type_elem(m, ir_value_type(m, u->x.v));
}

/* Whether pipeline pipe's generic gen reads element read (of slot `slot`,
 * loaded from a scratchpad buffer): fills u but E. */
static bool element_use(struct ir_module *m, ir_op pipe, ir_op read, struct use *u)
{
    *u = (struct use){.pipe = pipe, .read = read};
    ir_value slot = ir_op_get(m, read)->opnd[0];
    u->xfer = load_into(m, pipe, slot, true);
    u->cp = stage_of(m, pipe, read);
    u->ld = u->xfer ? stage_of(m, pipe, u->xfer) : IR_NONE;
    if (!u->xfer || !u->cp || !u->ld || u->ld == u->cp || !nest_read_side(m, u->xfer, 0, &u->x) ||
        !nest_read_side(m, u->xfer, 1, &u->to) || !scratch_side(m, &u->x))
        return false;
    /* one use, by a generic beside the read */
    ir_value v = ir_op_result(m, read, 0);
    ir_op g;
    if (nest_users_under(m, u->cp, v, &g) != 1)
        return false;
    const struct ir_op_info *go = ir_op_get(m, g);
    uint32_t uses = 0;
    for (uint32_t i = 0; i < go->nopnd; i++)
        if (go->opnd[i] == v) {
            u->vin = i;
            uses++;
        }
    struct split_gen sg;
    if (uses != 1 || go->kind != IR_OP_LINALG_GENERIC ||
        ir_op_get(m, g)->block != ir_op_get(m, read)->block || !split_gen_read(m, g, &sg) ||
        u->vin >= sg.nin || ir_type_elem(m, sg.res) != ir_type_elem(m, ir_value_type(m, u->x.v)))
        return false;
    for (uint32_t l = 0; l < sg.nloops; l++)
        if (sg.red[l])
            return false;
    u->gen = g;
    return true;
}

/* ---- matching A's E with B's --------------------------------------------- */

/* Whether once-read inputs a (of ua) and b (of ub) are the same vector:
 * loaded alike from the same place, read through the same map. */
static bool same_inv(struct ir_module *m, const struct use *ua, uint32_t a, const struct use *ub,
                     uint32_t b)
{
    struct nest_side sa, sb;
    struct split_gen ga, gb;
    split_gen_read(m, ua->gen, &ga);
    split_gen_read(m, ub->gen, &gb);
    return nest_read_side(m, ua->inv_xfer[a], 0, &sa) &&
           nest_read_side(m, ub->inv_xfer[b], 0, &sb) && nest_same_side_lin(m, &sa, &sb) &&
           ir_op_get(m, ua->inv_xfer[a])->attrs == ir_op_get(m, ub->inv_xfer[b])->attrs &&
           ga.in_map[ua->inv_in[a]] == gb.in_map[ub->inv_in[b]] &&
           ir_value_type(m, ga.in[ua->inv_in[a]]) == ir_value_type(m, gb.in[ub->inv_in[b]]);
}

/* Whether A's E computes what B's does (op for op, operand for operand):
 * E's ops alike in order, the element with the element, a once-read input
 * with the same vector. */
static bool same_e(struct ir_module *m, const struct use *a, const struct use *b)
{
    if (a->ne != b->ne)
        return false;
    ir_block ba = split_body(m, a->gen, 0), bb = split_body(m, b->gen, 0);
    struct split_gen ga, gb;
    split_gen_read(m, a->gen, &ga);
    split_gen_read(m, b->gen, &gb);
    if (ga.in_map[a->vin] != gb.in_map[b->vin] || ga.nloops != gb.nloops ||
        ir_value_type(m, ga.in[a->vin]) != ir_value_type(m, gb.in[b->vin]))
        return false;
    for (uint32_t i = 0; i < a->ne; i++) {
        const struct ir_op_info *oa = ir_op_get(m, a->e[i]), *ob = ir_op_get(m, b->e[i]);
        if (oa->kind != ob->kind || oa->name != ob->name || oa->attrs != ob->attrs ||
            oa->nopnd != ob->nopnd || ir_value_type(m, oa->res) != ir_value_type(m, ob->res))
            return false;
        for (uint32_t k = 0; k < oa->nopnd; k++) {
            ir_value va = oa->opnd[k], vb = ob->opnd[k];
            ir_op da = ir_value_def(m, va), db = ir_value_def(m, vb);
            uint32_t ka, kb;
            if (da || db) { /* E's own results, at the same place */
                uint32_t ia = a->ne, ib = b->ne;
                for (uint32_t j = 0; j < i; j++) {
                    ia = a->e[j] == da ? j : ia;
                    ib = b->e[j] == db ? j : ib;
                }
                if (ia == a->ne || ia != ib)
                    return false;
            } else if (!arg_index(m, ba, va, &ka) || !arg_index(m, bb, vb, &kb)) {
                return false;
            } else if ((ka == a->vin) != (kb == b->vin)) {
                return false;
            } else if (ka != a->vin) {
                uint32_t ja = a->ninv, jb = b->ninv;
                for (uint32_t j = 0; j < a->ninv; j++)
                    ja = a->inv_in[j] == ka ? j : ja;
                for (uint32_t j = 0; j < b->ninv; j++)
                    jb = b->inv_in[j] == kb ? j : jb;
                if (ja == a->ninv || jb == b->ninv || !same_inv(m, a, ja, b, jb))
                    return false;
            }
        }
    }
    return true;
}

/* ---- the loops around ------------------------------------------------------ */

/* The scf.for ops from stage st's body down to op, outermost first; their
 * number, or -1 when more than MAX_DEPTH or something else (a ktdf.parallel,
 * a pipeline) is between. */
static int loops_to(const struct ir_module *m, ir_op st, ir_op op, ir_op *out)
{
    ir_op l[MAX_DEPTH];
    int n = 0;
    for (ir_op p = ir_op_parent(m, op); p != st; p = ir_op_parent(m, p)) {
        if (!p || ir_op_get(m, p)->kind != IR_OP_SCF_FOR || n == MAX_DEPTH)
            return -1;
        l[n++] = p;
    }
    for (int i = 0; i < n; i++)
        out[i] = l[n - 1 - i];
    return n;
}

/* A loop's constant bounds. */
struct range {
    int64_t lb, ub, step;
};

static bool range_of(const struct ir_module *m, ir_op loop, struct range *r)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    return split_const_int(m, o->opnd[0], &r->lb) && split_const_int(m, o->opnd[1], &r->ub) &&
           split_const_int(m, o->opnd[2], &r->step) && r->step > 0;
}

static bool same_range(const struct ir_module *m, ir_op a, ir_op b)
{
    struct range ra, rb;
    return range_of(m, a, &ra) && range_of(m, b, &rb) && ra.lb == rb.lb && ra.ub == rb.ub &&
           ra.step == rb.step;
}

static int64_t trips(const struct range *r)
{
    return r->ub > r->lb ? (r->ub - r->lb + r->step - 1) / r->step : 0;
}

/* A side's places: per dim the lowest and highest first place over the
 * loops `l` (their IVs; every other term a value made outside the pass
 * op, kept as it is in `sym`), and whether they are dense. */
struct box {
    uint32_t rank;
    int64_t lo[NEST_MAX_RANK], hi[NEST_MAX_RANK], size[NEST_MAX_RANK];
    struct sched_lin sym[NEST_MAX_RANK]; /* the terms of values made outside */
    struct sched_lin lin[NEST_MAX_RANK]; /* the whole form */
    bool dense;
};

static bool box_of(const struct ir_module *m, const struct nest_side *s, ir_op pass, const ir_op *l,
                   int nl, struct box *b)
{
    if (s->nsub != s->nsize)
        return false;
    b->rank = s->nsub;
    b->dense = true;
    bool used[MAX_DEPTH] = {false};
    for (uint32_t d = 0; d < s->nsub; d++) {
        struct sched_lin f;
        nest_sub_lin(m, s->sub[d], &f);
        b->lin[d] = f;
        b->sym[d] = (struct sched_lin){.c = 0};
        b->lo[d] = b->hi[d] = f.c;
        b->size[d] = s->size[d];
        uint32_t moved = 0;
        for (uint32_t t = 0; t < f.n; t++) {
            int j = -1;
            for (int i = 0; i < nl; i++)
                if (f.v[t] == nest_for_iv(m, l[i]))
                    j = i;
            if (j < 0) {
                if (ir_value_defined_in(m, f.v[t], pass))
                    return false;
                b->sym[d].v[b->sym[d].n] = f.v[t];
                b->sym[d].k[b->sym[d].n++] = f.k[t];
                continue;
            }
            struct range r;
            if (!range_of(m, l[j], &r) || trips(&r) < 1)
                return false;
            int64_t first = f.k[t] * r.lb, last = f.k[t] * (r.lb + (trips(&r) - 1) * r.step);
            b->lo[d] += first < last ? first : last;
            b->hi[d] += first < last ? last : first;
            /* dense: one IV, moving the place by the size per step */
            b->dense &= !used[j] && f.k[t] * r.step == s->size[d] && !moved;
            used[j] = true;
            moved++;
        }
    }
    return true;
}

static bool same_lin(const struct sched_lin *a, const struct sched_lin *b)
{
    struct sched_lin d = *a;
    return sched_lin_add(&d, b, -1) && d.n == 0 && d.c == 0;
}

/* Whether dim d of a side is a buffer-phase dim: its subscript a
 * ktdf.buffer_phase value. */
static bool phase_dim(const struct ir_module *m, const struct nest_side *s, uint32_t d)
{
    ir_op p = s->sub[d].v ? ir_value_def(m, s->sub[d].v) : IR_NONE;
    return p && ir_op_get(m, p)->kind == IR_OP_KTDF_BUFFER_PHASE;
}

/* ---- the rewrite ------------------------------------------------------------ */

/* A detached ktdf.private of one FIFO slot of type t, in pipeline pipe after
 * its private, merged into that one: the new slot. */
static ir_value new_slot(struct ir_module *m, ir_op pipe, ir_type t, struct ir_loc loc)
{
    ir_op pa = nest_pipe_private(m, pipe);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.private", loc);
    ir_state_add_result(m, &st, t);
    ir_block priv = sb_region(m, &st);
    struct split_b ib;
    sb_at_end(&ib, m, priv, loc);
    ir_value made = nest_make_op(&ib, "ktdf.fifo.allocate", t);
    struct ir_op_state y;
    ir_state_init(&y, m, "ktdf.private_yield", loc);
    ir_state_add_operand(m, &y, made);
    sb_emit(&ib, &y);
    ir_op pb = ir_op_create(m, &st);
    ir_op_insert_before(m, ir_op_get(m, pa)->next, pb);
    nest_merge_private(m, pipe, pa, pb);
    pa = nest_pipe_private(m, pipe);
    return ir_op_get(m, pa)->res + ir_op_get(m, pa)->nres - 1;
}

/* gen without the inputs its body no longer reads (the element and the
 * once-read inputs E read alone). */
static ir_op drop_unread_inputs(struct ir_module *m, ir_op gen)
{
    struct split_gen g, ng;
    split_gen_read(m, gen, &g);
    ir_block ob = split_body(m, gen, 0);
    const struct ir_block_info *obi = ir_block_get(m, ob);
    ng = g;
    ng.nin = 0;
    for (uint32_t i = 0; i < g.nin; i++)
        if (split_block_uses(m, ob, obi->args[i])) {
            ng.in[ng.nin] = g.in[i];
            ng.in_map[ng.nin++] = g.in_map[i];
        }
    if (ng.nin == g.nin)
        return gen;
    struct split_b b;
    sb_before(&b, m, gen, ir_op_get(m, gen)->loc);
    ir_block nb;
    ir_op n = split_gen_create(&b, &ng, &nb);
    obi = ir_block_get(m, ob);
    const struct ir_block_info *nbi = ir_block_get(m, nb);
    uint32_t k = 0;
    for (uint32_t i = 0; i < g.nin; i++)
        if (split_block_uses(m, ob, obi->args[i])) {
            ir_value_get(m, nbi->args[k])->name = ir_value_get(m, obi->args[i])->name;
            split_replace_uses(m, gen, obi->args[i], nbi->args[k++]);
        }
    split_replace_uses(m, gen, obi->args[g.nin], nbi->args[ng.nin]);
    for (ir_op x = obi->first, next; x; x = next) {
        next = ir_op_get(m, x)->next;
        ir_op_unlink(m, x);
        ir_block_append_op(m, nb, x);
    }
    ir_value_get(m, ir_op_result(m, n, 0))->name = ir_value_get(m, ir_op_result(m, gen, 0))->name;
    split_replace_uses(m, ir_op_parent(m, gen), ir_op_result(m, gen, 0), ir_op_result(m, n, 0));
    ir_op_unlink(m, gen);
    return n;
}

/* B's use reads the kept value: its load from R at its places (phase dims
 * dropped), E gone from its generic (its result now the element), the
 * once-read inputs nothing reads any more gone with their loads. */
static void read_kept(struct ir_module *m, const struct use *u, ir_value R)
{
    struct nest_side src = {.v = R};
    for (uint32_t d = 0; d < u->x.nsub; d++) {
        if (phase_dim(m, &u->x, d))
            continue;
        src.sub[src.nsub++] = u->x.sub[d];
        src.size[src.nsize++] = u->x.size[d];
    }
    struct split_b b;
    sb_before(&b, m, u->xfer, ir_op_get(m, u->xfer)->loc);
    nest_make_transfer(&b, &src, &u->to, u->xfer);
    ir_op_unlink(m, u->xfer);
    ir_block body = split_body(m, u->gen, 0);
    ir_value varg = ir_block_get(m, body)->args[u->vin];
    split_replace_uses(m, u->gen, ir_op_result(m, u->e[u->ne - 1], 0), varg);
    for (uint32_t i = u->ne; i-- > 0;)
        ir_op_unlink(m, u->e[i]);
    drop_unread_inputs(m, u->gen);
    for (uint32_t j = 0; j < u->ninv; j++)
        if (!split_block_uses(m, body_of(m, u->cp), ir_op_result(m, u->inv_read[j], 0))) {
            ir_op_unlink(m, u->inv_read[j]);
            ir_op_unlink(m, u->inv_xfer[j]);
        }
}

/* The write of E's value in A: a generic computing E alone before A's
 * generic, its result written to slot q; A's generic reads it instead of
 * computing E. Returns the new write. */
static ir_op write_e(struct ir_module *m, struct use *a, ir_value q)
{
    struct split_gen g, ge;
    split_gen_read(m, a->gen, &g);
    struct ir_loc loc = ir_op_get(m, a->gen)->loc;
    struct split_b b;
    sb_before(&b, m, a->gen, loc);
    ge = g;
    ge.nin = 0;
    ge.in[ge.nin] = g.in[a->vin];
    ge.in_map[ge.nin++] = g.in_map[a->vin];
    for (uint32_t j = 0; j < a->ninv; j++) {
        ge.in[ge.nin] = g.in[a->inv_in[j]];
        ge.in_map[ge.nin++] = g.in_map[a->inv_in[j]];
    }
    ge.out = sb_tensor_empty(&b, g.res);
    ir_block eb;
    ir_op eg = split_gen_create(&b, &ge, &eb);
    ir_block ob = split_body(m, a->gen, 0);
    const struct ir_block_info *obi = ir_block_get(m, ob), *ebi = ir_block_get(m, eb);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, obi->args[a->vin], ebi->args[0]);
    for (uint32_t j = 0; j < a->ninv; j++)
        split_vmap_set(&vm, obi->args[a->inv_in[j]], ebi->args[1 + j]);
    for (uint32_t i = 0; i < a->ne; i++)
        ir_block_append_op(m, eb, split_clone(m, a->e[i], &vm));
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.yield", loc);
    ir_state_add_operand(m, &st, split_vmap_get(&vm, ir_op_result(m, a->e[a->ne - 1], 0)));
    ir_block_append_op(m, eb, ir_op_create(m, &st));
    split_vmap_free(&vm);
    ir_value e = ir_op_result(m, eg, 0);
    split_set_name(m, e, "kept");
    ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
    ir_state_add_operand(m, &st, e);
    ir_state_add_operand(m, &st, q);
    ir_op w = sb_emit(&b, &st);
    /* A's generic: E's value as an input */
    ir_op ng = split_gen_add_input(m, a->gen, e, g.out_map);
    ir_block nb = split_body(m, ng, 0);
    ir_value earg = ir_block_get(m, nb)->args[g.nin];
    split_replace_uses(m, ng, ir_op_result(m, a->e[a->ne - 1], 0), earg);
    for (uint32_t i = a->ne; i-- > 0;)
        ir_op_unlink(m, a->e[i]);
    ir_value old = ir_op_result(m, a->gen, 0), nr = ir_op_result(m, ng, 0);
    split_replace_uses(m, ir_op_parent(m, ng), old, nr);
    a->gen = drop_unread_inputs(m, ng);
    return w;
}

/* The FIFO reads (transfers from a slot) directly in block blk. */
static uint32_t fifo_reads(const struct ir_module *m, ir_block blk)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, blk, op)
    {
        struct nest_side s;
        n += ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &s) &&
             s.fifo;
    }
    return n;
}

/* The FIFO entries the ops of block blk receive (each once). */
static int64_t block_entries(const struct ir_module *m, const struct arch_device *dev, ir_block blk)
{
    int64_t n = 0;
    IR_FOR_OPS(m, blk, op)
    {
        struct nest_side s;
        int64_t e = 0;
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &s) &&
            s.fifo && arch_slot_link(dev, m, ir_value_type(m, s.v), &e, NULL) != ARCH_NONE)
            n += e;
    }
    return n;
}

/* Whether a loop of block blk receives from a FIFO. */
static bool loop_receives(const struct ir_module *m, ir_block blk)
{
    IR_FOR_OPS(m, blk, op)
    {
        if (ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
            continue;
        if (fifo_reads(m, nest_for_body(m, op)) || loop_receives(m, nest_for_body(m, op)))
            return true;
    }
    return false;
}

/* Where A's store stage takes the kept vectors: its loops matching A's
 * compute loops down to level `lev`, the body there and the number of FIFO
 * reads before which they go; the levels below unrolled. */
struct plan {
    ir_op st;            /* the store stage */
    ir_op sl[MAX_DEPTH]; /* its loops at levels 0..lev-1 */
    int lev;
    uint32_t before;     /* FIFO reads of the body before the new stores */
    ir_op cl[MAX_DEPTH]; /* A's compute loops down to the generic */
    ir_op ll[MAX_DEPTH]; /* A's load loops down to the element's load */
    int depth;
    int64_t unrolled; /* the stores a run of the body gets */
    ir_type qt;       /* the new slot's type */
};

struct writes {
    ir_op skip;
    uint32_t n;
};

static bool count_write(struct ir_module *m, ir_op op, void *ctx)
{
    struct writes *w = ctx;
    w->n += op != w->skip && ir_op_get(m, op)->kind == IR_OP_KTDF_WRITE_TO_FIFO;
    return true;
}

/* FIFO writes under op (itself included). */
static uint32_t writes_under(struct ir_module *m, ir_op op)
{
    struct writes w = {IR_NONE, 0};
    ir_walk(m, op, count_write, &w);
    return w.n;
}

/* Whether every FIFO write of A's compute stage goes to its store stage
 * (the one stage after it reading its slots), and where the kept vectors
 * go there. */
static bool plan_stores(struct ir_module *m, const struct use *a, struct plan *p)
{
    ir_op st = IR_NONE;
    for (ir_op s = ir_op_get(m, a->cp)->next; s; s = ir_op_get(m, s)->next)
        if (ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE) {
            st = s;
            break;
        }
    p->st = st;
    if (!st)
        return false;
    p->depth = loops_to(m, a->cp, a->gen, p->cl);
    int dl = loops_to(m, a->ld, a->xfer, p->ll);
    if (p->depth < 0 || dl != p->depth ||
        ir_op_get(m, a->read)->block != ir_op_get(m, a->gen)->block)
        return false;
    for (int i = 0; i < p->depth; i++)
        if (!same_range(m, p->cl[i], p->ll[i]))
            return false;
    /* the store stage's loops matching A's compute loops */
    ir_block blk = body_of(m, st);
    p->lev = 0;
    while (p->lev < p->depth) {
        ir_op only = IR_NONE;
        uint32_t loops = 0;
        IR_FOR_OPS(m, blk, op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR) {
            only = op;
            loops++;
        }
        if (loops != 1 || !same_range(m, only, p->cl[p->lev]))
            break;
        p->sl[p->lev++] = only;
        blk = nest_for_body(m, only);
    }
    /* the levels below: unrolled, no other write in them */
    int64_t n = 1;
    for (int i = p->lev; i < p->depth; i++) {
        struct range r;
        range_of(m, p->cl[i], &r);
        n *= trips(&r);
        if (n > MAX_UNROLL)
            return false;
    }
    if (p->lev < p->depth && writes_under(m, p->cl[p->lev]))
        return false;
    /* the writes of A's compute body at level lev before the new one */
    ir_block cb = p->lev ? nest_for_body(m, p->cl[p->lev - 1]) : body_of(m, a->cp);
    ir_op at = p->lev < p->depth ? p->cl[p->lev] : a->gen;
    uint32_t before = 0;
    IR_FOR_OPS(m, cb, op)
    {
        if (op == at)
            break;
        before += writes_under(m, op);
    }
    /* the store body holds a FIFO read for each write (none nested) */
    ir_block sb = p->lev ? nest_for_body(m, p->sl[p->lev - 1]) : body_of(m, st);
    uint32_t all = 0;
    IR_FOR_OPS(m, cb, op)
    all += writes_under(m, op);
    if (fifo_reads(m, sb) != all)
        return false;
    p->before = before;
    p->unrolled = n;
    return true;
}

/* The store of the kept vector from slot q into R, at A's places (phase dims
 * dropped), in the store stage as planned: one per iteration of the levels
 * below the plan's, unrolled. */
static void store_kept(struct ir_module *m, const struct use *a, const struct plan *p, ir_value q,
                       ir_value R)
{
    ir_block sb = p->lev ? nest_for_body(m, p->sl[p->lev - 1]) : body_of(m, p->st);
    ir_op at = IR_NONE;
    uint32_t k = 0;
    IR_FOR_OPS(m, sb, op)
    {
        struct nest_side s;
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &s) &&
            s.fifo && k++ == p->before) {
            at = op;
            break;
        }
    }
    struct ir_loc loc = ir_op_get(m, a->xfer)->loc;
    struct split_b b;
    ir_op last = ir_block_get(m, sb)->last;
    if (!at && last && ir_op_get(m, last)->kind == IR_OP_SCF_YIELD)
        at = last;
    if (at)
        sb_before(&b, m, at, loc);
    else
        sb_at_end(&b, m, sb, loc);
    /* the iterations of the unrolled levels, row-major */
    struct range r[MAX_DEPTH];
    int64_t n = 1;
    for (int i = p->lev; i < p->depth; i++) {
        range_of(m, p->cl[i], &r[i]);
        n *= trips(&r[i]);
    }
    for (int64_t it = 0; it < n; it++) {
        int64_t ivs[MAX_DEPTH], rest = it;
        for (int i = p->depth; i-- > p->lev;) {
            ivs[i] = r[i].lb + (rest % trips(&r[i])) * r[i].step;
            rest /= trips(&r[i]);
        }
        struct nest_side dst = {.v = R};
        for (uint32_t d = 0; d < a->x.nsub; d++) {
            if (phase_dim(m, &a->x, d))
                continue;
            struct sched_lin f;
            nest_sub_lin(m, a->x.sub[d], &f);
            int64_t c = f.c;
            ir_value v = IR_NONE;
            for (uint32_t t = 0; t < f.n; t++) {
                int j = -1;
                for (int i = 0; i < p->depth; i++)
                    if (f.v[t] == nest_for_iv(m, p->ll[i]))
                        j = i;
                if (j >= p->lev) {
                    c += f.k[t] * ivs[j];
                    continue;
                }
                ir_value x = j >= 0 ? nest_for_iv(m, p->sl[j]) : f.v[t];
                x = sb_muli(&b, x, f.k[t]);
                v = v ? sb_addi(&b, v, x) : x;
            }
            dst.sub[dst.nsub++] =
                !v ? (struct nest_sub){.c = c}
                   : (struct nest_sub){.v = c ? sb_addi(&b, v, sb_index(&b, c)) : v};
            dst.size[dst.nsize++] = a->x.size[d];
        }
        struct nest_side src = a->to;
        src.v = q;
        nest_make_transfer(&b, &src, &dst, IR_NONE);
    }
}

/* The type of a slot A's compute stage writes and its store stage reads,
 * of vectors like gen's result (t); IR_NONE when none. */
struct slot_find {
    ir_op st;
    ir_type t, found;
};

static bool find_slot(struct ir_module *m, ir_op op, void *ctx)
{
    struct slot_find *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_WRITE_TO_FIFO || f->found)
        return true;
    ir_value s = ir_op_get(m, op)->opnd[1];
    ir_type t = ir_value_type(m, s);
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind == IR_TY_FIFO_SLOT && ti->elem == ir_type_elem(m, f->t) &&
        ir_type_numel(m, t) == ir_type_numel(m, f->t) && split_op_reads(m, f->st, s))
        f->found = t;
    return true;
}

static ir_type slot_type(struct ir_module *m, const struct use *a, const struct plan *p, ir_type t)
{
    struct slot_find f = {p->st, t, IR_NONE};
    ir_walk(m, a->cp, find_slot, &f);
    return f.found;
}

/* ---- legality ---------------------------------------------------------------- */

/* Whether the ops of blk from `from` up to (not) `to` write buffer v. */
static bool written_between(struct ir_module *m, ir_op from, ir_op to, ir_value v)
{
    for (ir_op op = from; op && op != to; op = ir_op_get(m, op)->next)
        if (nest_touches(m, op, v, 1))
            return true;
    return false;
}

/* Whether A's places at two points of every corelet split around it are
 * apart: a subscript moves with the point (or instance) by the places'
 * extent or more. */
static bool apart_in_splits(const struct ir_module *m, ir_op fn, ir_op pipe, const struct box *b)
{
    for (ir_op p = ir_op_parent(m, pipe); p && p != fn; p = ir_op_parent(m, p)) {
        if (ir_op_get(m, p)->kind != IR_OP_KTDF_PARALLEL)
            continue;
        const struct ir_block_info *bi = ir_block_get(m, body_of(m, p));
        bool ok = false;
        for (uint32_t d = 0; d < b->rank && !ok; d++)
            for (uint32_t t = 0; t < b->sym[d].n; t++)
                for (uint32_t k = 0; k < bi->nargs && k < 2; k++)
                    if (b->sym[d].v[t] == bi->args[k]) {
                        int64_t s = b->sym[d].k[t] < 0 ? -b->sym[d].k[t] : b->sym[d].k[t];
                        ok |= s >= b->hi[d] - b->lo[d] + b->size[d];
                    }
        if (!ok)
            return false;
    }
    return true;
}

/* Whether B's places lie within A's (the same terms made outside, the
 * constant ranges inside), A's dense, phase dims subscripted alike. */
static bool covered(const struct ir_module *m, const struct use *a, const struct box *ba,
                    const struct use *b, const struct box *bb)
{
    if (!ba->dense || ba->rank != bb->rank || a->x.v != b->x.v)
        return false;
    for (uint32_t d = 0; d < ba->rank; d++) {
        if (!same_lin(&ba->sym[d], &bb->sym[d]) || ba->size[d] != bb->size[d] ||
            bb->lo[d] < ba->lo[d] || bb->hi[d] > ba->hi[d] ||
            phase_dim(m, &a->x, d) != phase_dim(m, &b->x, d))
            return false;
        if (phase_dim(m, &a->x, d) && !same_lin(&ba->lin[d], &bb->lin[d]))
            return false;
    }
    return true;
}

/* ---- driver ------------------------------------------------------------------ */

struct reads {
    ir_op v[64];
    uint32_t n;
};

static bool collect_reads(struct ir_module *m, ir_op op, void *ctx)
{
    struct reads *r = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_READ_FROM_FIFO && r->n < 64)
        r->v[r->n++] = op;
    return true;
}

/* B's uses whose E some use of A computes, all over the same buffer. */
static uint32_t b_uses(struct ir_module *m, ir_op pipe, struct use *out, uint32_t max)
{
    struct reads r = {.n = 0};
    ir_walk(m, pipe, collect_reads, &r);
    uint32_t n = 0;
    for (uint32_t i = 0; i < r.n && n < max; i++)
        if (element_use(m, pipe, r.v[i], &out[n]) && find_e(m, &out[n], true))
            n++;
    return n;
}

/* Whether A's use a (of pass pa), B's uses bs[0..nb) (of pass pb; those
 * it matches kept in keep[]) can take the rewrite; *p where A stores, *why
 * why not once E matched. */
/* A pass of a block: its op there (the pipeline, or the outermost of the
 * loops around it), those loops. */
struct pass {
    ir_op op, pipe;
    ir_op loops[MAX_DEPTH];
    int n;
};

/* Whether op is a pass: a pipeline, or a nest of scf.for loops (no
 * results) whose bodies hold plain ops and the next level, a pipeline at
 * the bottom. */
static bool pass_of(const struct ir_module *m, ir_op op, struct pass *ps)
{
    ps->op = op;
    ps->n = 0;
    while (ir_op_get(m, op)->kind == IR_OP_SCF_FOR) {
        if (ps->n == MAX_DEPTH || ir_op_get(m, op)->nres)
            return false;
        ps->loops[ps->n++] = op;
        ir_op inner = IR_NONE;
        IR_FOR_OPS(m, nest_for_body(m, op), x)
        {
            uint32_t k = ir_op_get(m, x)->kind;
            if (k == IR_OP_SCF_YIELD || nest_plain(m, x))
                continue;
            if (inner || (k != IR_OP_SCF_FOR && k != IR_OP_KTDF_PIPELINE))
                return false;
            inner = x;
        }
        if (!inner)
            return false;
        op = inner;
    }
    ps->pipe = op;
    return ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE;
}

/* The loops of pass ps, then those of its stage down to transfer x
 * (loops_to); their number, or -1. */
static int domain(const struct ir_module *m, const struct pass *ps, ir_op stage, ir_op x,
                  ir_op *out)
{
    ir_op in[MAX_DEPTH];
    int n = loops_to(m, stage, x, in);
    if (n < 0 || n + ps->n > MAX_DEPTH)
        return -1;
    for (int i = 0; i < ps->n; i++)
        out[i] = ps->loops[i];
    for (int i = 0; i < n; i++)
        out[ps->n + i] = in[i];
    return ps->n + n;
}

static bool try_pair(struct nest_ctx *c, ir_op fn, const struct pass *pa, struct use *a,
                     const struct pass *pb, struct use *bs, uint32_t nb, bool *keep, struct plan *p,
                     const char **why)
{
    struct ir_module *m = c->m;
    if (!find_e(m, a, false))
        return false;
    uint32_t matched = 0;
    for (uint32_t i = 0; i < nb; i++) {
        keep[i] = bs[i].x.v == a->x.v && same_e(m, a, &bs[i]);
        matched += keep[i];
    }
    if (!matched)
        return false;
    *why = "its store stage does not take the kept values in its loops";
    if (!plan_stores(m, a, p) || p->lev > 1 ||
        !(p->qt = slot_type(m, a, p, ir_value_type(m, ir_op_result(m, a->gen, 0)))))
        return false;
    /* what the store stage receives a run of its loop (of its body, when
     * it has none) fits its FIFOs: ktc-lower may hold its stores until the
     * load stage has sent that run's loads */
    int64_t depth = 0, eq = 0;
    arch_slot_link(c->dev, m, p->qt, &eq, &depth);
    ir_block rb = p->lev ? nest_for_body(m, p->sl[0]) : body_of(m, p->st);
    *why = "the kept values would overfill its store unit's FIFO";
    if (!eq || block_entries(m, c->dev, rb) + p->unrolled * eq > depth || loop_receives(m, rb))
        return false;
    struct box ba;
    ir_op al[MAX_DEPTH];
    int nal = domain(m, pa, a->ld, a->xfer, al);
    *why = "the earlier pass's places of the element are not dense in constant loops";
    if (nal < 0 || !box_of(m, &a->x, pa->op, al, nal, &ba) || !ba.dense)
        return false;
    *why = "the earlier pass's places meet across the corelet split";
    if (!apart_in_splits(m, fn, a->pipe, &ba))
        return false;
    for (uint32_t i = 0; i < nb; i++) {
        if (!keep[i])
            continue;
        ir_op bl[MAX_DEPTH];
        int nl = domain(m, pb, bs[i].ld, bs[i].xfer, bl);
        struct box bb;
        if (nl < 0 || !box_of(m, &bs[i].x, pb->op, bl, nl, &bb) || !covered(m, a, &ba, &bs[i], &bb))
            keep[i] = false;
    }
    matched = 0;
    for (uint32_t i = 0; i < nb; i++)
        matched += keep[i];
    *why = "the later pass reads places the earlier one does not";
    if (!matched)
        return false;
    /* nothing writes the element or the once-read inputs from A to B */
    ir_op end = ir_op_get(m, pb->op)->next;
    *why = "the element's buffer or an input read once is written between the passes";
    if (written_between(m, pa->op, end, a->x.v))
        return false;
    for (uint32_t j = 0; j < a->ninv; j++) {
        struct nest_side s;
        nest_read_side(m, a->inv_xfer[j], 0, &s);
        if (written_between(m, pa->op, end, s.v))
            return false;
    }
    return true;
}

static bool reuse_pair(struct nest_ctx *c, ir_op fn, const struct pass *pa, const struct pass *pb)
{
    struct ir_module *m = c->m;
    ir_op A = pa->pipe, B = pb->pipe;
    struct use bs[MAX_CANDS];
    uint32_t nb = b_uses(m, B, bs, MAX_CANDS);
    if (!nb)
        return false;
    struct reads r = {.n = 0};
    ir_walk(m, A, collect_reads, &r);
    for (uint32_t i = 0; i < r.n; i++) {
        struct use a;
        bool keep[MAX_CANDS];
        struct plan p;
        const char *why = NULL;
        if (!element_use(m, A, r.v[i], &a))
            continue;
        if (!try_pair(c, fn, pa, &a, pb, bs, nb, keep, &p, &why)) {
            if (why && c->o->stats)
                fprintf(c->o->stats,
                        "ktc-nest: @%s: reuse-results: a pass computing again what one before "
                        "it did: not taken: %s\n",
                        ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s), why);
            continue;
        }
        /* the kept buffer: the element buffer's shape, phase dims dropped */
        const struct ir_type_info *xt = ir_type_get(m, ir_value_type(m, a.x.v));
        int64_t shape[NEST_MAX_RANK];
        uint32_t rank = 0;
        for (uint32_t d = 0; d < xt->rank; d++)
            if (!phase_dim(m, &a.x, d))
                shape[rank++] = xt->shape[d];
        ir_type rt = split_memref(m, rank, shape, xt->elem, IR_NONE, xt->attr1);
        struct nest_scratch sc = nest_scratch_of(m, fn);
        const char *sp = nest_memref_space(m, ir_value_type(m, a.x.v));
        uint32_t kind = sp ? arch_kind_find(c->dev, sp) : ARCH_NONE;
        int64_t cap = kind == ARCH_NONE ? 0 : c->dev->res[c->dev->kinds[kind].first].size;
        if (sc.bytes + nest_memref_bytes(m, rt) > cap) {
            if (c->o->stats)
                fprintf(c->o->stats,
                        "ktc-nest: @%s: reuse-results: a pass computing again what one before "
                        "it did: not taken: the kept values do not fit the scratchpad\n",
                        ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s));
            return false;
        }
        ir_type qt = p.qt;
        struct ir_loc loc = ir_op_get(m, a.gen)->loc;
        struct split_b b;
        ir_block entry = body_of(m, fn);
        sb_before(&b, m, ir_block_get(m, entry)->first, loc);
        ir_value R = nest_make_op(&b, "memref.alloc", rt);
        split_set_name(m, R, "kept");
        ir_value q = new_slot(m, A, qt, loc);
        write_e(m, &a, q);
        store_kept(m, &a, &p, q, R);
        uint32_t took = 0;
        for (uint32_t k = 0; k < nb; k++)
            if (keep[k]) {
                read_kept(m, &bs[k], R);
                took++;
            }
        nest_prune_private(m, B);
        nest_shrink_allocs(m, B);
        if (c->o->stats)
            fprintf(c->o->stats,
                    "ktc-nest: @%s: reuse-results: a pass computing again what one before it "
                    "did (%u ops a vector, %u reads): taken: kept in %lld bytes\n",
                    ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s), a.ne, took,
                    (long long)nest_memref_bytes(m, rt));
        return true;
    }
    return false;
}

static bool reuse_block(struct nest_ctx *c, ir_op fn, ir_block blk)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, blk, B)
    {
        struct pass pb, pa;
        if (!pass_of(m, B, &pb))
            continue;
        for (ir_op A = ir_op_get(m, B)->prev; A; A = ir_op_get(m, A)->prev)
            if (pass_of(m, A, &pa) && reuse_pair(c, fn, &pa, &pb))
                return true;
    }
    IR_FOR_OPS(m, blk, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                if (reuse_block(c, fn, b))
                    return true;
    }
    return false;
}

void nest_reuse_results(struct nest_ctx *c, ir_op fn)
{
    for (int i = 0; i < 16 && reuse_block(c, fn, body_of(c->m, fn)); i++)
        ;
}
