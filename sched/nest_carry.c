/* nest_carry.c - ktc-nest's `register-carry` (nest.h): a vector a loop
 * carries through the scratchpad (a row's running sum of squares: one
 * pipeline per block loads it, adds the block, stores it back, and the next
 * iteration's load waits for that store) is carried in the compute unit's
 * registers instead, by one pipeline whose stages hold the loop:
 *
 *   pipeline { [SFU] write_to_fifo %init, %f     pipeline {
 *              [L1SU] %f -> %acc[..] }             [L1LU] scf.for %col { ... %x[.., %col] -> %b }
 *   scf.for %col {                                 [SFU]  %i = %init
 *     pipeline {                                          %r = scf.for %col iter_args(%a = %i) {
 *       [L1LU] %acc[..] -> %a ; %x[.., %col] -> %b          %v = read_from_fifo %b ; %n = f(%a, %v)
 *       [SFU]  %n = f(read %a, read %b)                     scf.yield %n }
 *              write_to_fifo %n, %c                       write_to_fifo %r, %c
 *       [L1SU] %c -> %acc[..] } }                  [L1SU] %c -> %acc[..] }
 *
 * The load unit streams the loop's blocks without waiting for a store, the
 * compute unit folds them as they come, and the accumulator is written
 * once, after the loop (what the loop left in it before). A loop holding
 * several such pipelines (a row's sum and sum of squares) becomes one such
 * pipeline per accumulator, in order. Taken when the loop (no iter_args)
 * holds only pure ops and pipelines of three stages (loads, compute,
 * store), each reading and writing one accumulator at subscripts fixed in
 * the loop that nothing else in the loop touches, every scratchpad write
 * of the loop being such a store. An accumulator set just before the loop
 * by a pipeline of two stages (compute with no input, store) on the same
 * compute unit kind starts from that value in registers (the pipeline
 * goes); any other is loaded once, before the loop (the point loop of a
 * tile, the accumulator carried across tiles in the scratchpad).
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_ACC = 8, MAX_STAGES = 8 };

/* The stages of pipeline p in order; their number, 0 when more than max. */
static uint32_t stages_of(const struct ir_module *m, ir_op p, ir_op *out, uint32_t max)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, p, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (n == max)
            return 0;
        out[n++] = s;
    }
    return n;
}

static ir_block stage_body(const struct ir_module *m, ir_op s)
{
    return ir_region_entry(m, ir_op_region(m, s, 0));
}

/* Pure and without regions: index arithmetic, constants, tensor.empty. */
static bool plain(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return !o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE);
}

static bool same_units(const struct ir_module *m, ir_op a, ir_op b)
{
    return ir_op_attr(m, a, "applicable_units") == ir_op_attr(m, b, "applicable_units");
}

/* An accumulator of the loop: its pipeline, stages, transfers and values. */
struct acc {
    ir_op pipe, ld, cp, st; /* the loop's pipeline and its three stages */
    struct nest_side side;  /* the accumulator: buffer, subscripts, sizes */
    ir_op load;             /* ld's transfer of the accumulator to slot a */
    ir_op read, write;      /* cp's read of slot a and write of the new value */
    ir_op init;             /* the pipeline before the loop setting it */
    ir_op init_cp;          /* its compute stage */
    ir_op init_write;       /* and that stage's write of the initial value */
};

/* Whether the loop's pipeline p is a load-compute-store round trip of one
 * accumulator; fills a. */
static bool round_trip(struct ir_module *m, const struct arch_device *dev, ir_op loop, ir_op p,
                       struct acc *a)
{
    ir_op s[MAX_STAGES];
    if (stages_of(m, p, s, MAX_STAGES) != 3 || nest_stage_wide(m, dev, s[1]))
        return false;
    *a = (struct acc){.pipe = p, .ld = s[0], .cp = s[1], .st = s[2]};
    /* the store stage: one transfer of a slot to the accumulator */
    ir_op x = IR_NONE;
    IR_FOR_OPS(m, stage_body(m, a->st), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && !x)
            x = op;
        else if (!plain(m, op))
            return false;
    }
    struct nest_side from, to;
    if (!x || !nest_read_side(m, x, 0, &from) || !nest_read_side(m, x, 1, &to) || !from.fifo ||
        to.fifo)
        return false;
    a->side = to;
    for (uint32_t k = 0; k < to.nsub; k++)
        if (to.sub[k].v && ir_value_defined_in(m, to.sub[k].v, loop))
            return false;
    /* the load stage: transfers into slots, one of them of the accumulator */
    IR_FOR_OPS(m, stage_body(m, a->ld), op) {
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER) {
            if (!plain(m, op))
                return false;
            continue;
        }
        struct nest_side f, t;
        if (!nest_read_side(m, op, 0, &f) || !nest_read_side(m, op, 1, &t) || !t.fifo ||
            f.fifo)
            return false;
        if (nest_same_side(&f, &to)) {
            if (a->load)
                return false;
            a->load = op;
        }
    }
    if (!a->load)
        return false;
    struct nest_side slot;
    nest_read_side(m, a->load, 1, &slot);
    /* the compute stage: reads that slot once, writes the store's slot once */
    IR_FOR_OPS(m, stage_body(m, a->cp), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_READ_FROM_FIFO && o->opnd[0] == slot.v) {
            if (a->read)
                return false;
            a->read = op;
        } else if (o->kind == IR_OP_KTDF_WRITE_TO_FIFO && o->opnd[1] == from.v) {
            if (a->write)
                return false;
            a->write = op;
        } else if (o->kind == IR_OP_KTDF_DATA_TRANSFER || o->kind == IR_OP_SCF_FOR) {
            return false;
        }
    }
    return a->read && a->write && a->write == ir_block_get(m, stage_body(m, a->cp))->last &&
           ir_value_type(m, ir_op_get(m, a->read)->res) ==
               ir_value_type(m, ir_op_get(m, a->write)->opnd[0]);
}

/* Whether pipeline p sets accumulator a: a compute stage with no input on
 * a's compute units writing one value of a's type, stored to a's side. */
static bool sets(const struct ir_module *m, ir_op p, struct acc *a)
{
    ir_op s[MAX_STAGES];
    if (stages_of(m, p, s, MAX_STAGES) != 2 || !same_units(m, s[0], a->cp))
        return false;
    ir_op w = IR_NONE;
    IR_FOR_OPS(m, stage_body(m, s[0]), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_WRITE_TO_FIFO && !w)
            w = op;
        else if (o->kind == IR_OP_KTDF_READ_FROM_FIFO || o->kind == IR_OP_KTDF_WRITE_TO_FIFO ||
                 o->kind == IR_OP_KTDF_DATA_TRANSFER || o->kind == IR_OP_SCF_FOR)
            return false;
    }
    ir_op x = IR_NONE;
    IR_FOR_OPS(m, stage_body(m, s[1]), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && !x)
            x = op;
        else if (!plain(m, op))
            return false;
    }
    struct nest_side from, to;
    if (!w || !x || !nest_read_side(m, x, 0, &from) || !nest_read_side(m, x, 1, &to) ||
        !from.fifo || from.v != ir_op_get(m, w)->opnd[1] || !nest_same_side(&to, &a->side) ||
        ir_value_type(m, ir_op_get(m, w)->opnd[0]) !=
            ir_value_type(m, ir_op_get(m, a->read)->res))
        return false;
    a->init = p;
    a->init_cp = s[0];
    a->init_write = w;
    return true;
}

/* Whether every transfer under root touching a scratchpad buffer other
 * than through a FIFO is one of the accumulators' own load or store, and
 * no other op uses an accumulator's buffer. */
struct touch {
    const struct acc *accs;
    uint32_t n;
    bool ok;
};

static bool check_touch(struct ir_module *m, ir_op op, void *ctx)
{
    struct touch *t = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER) {
        struct nest_side to;
        bool own = false;
        for (uint32_t i = 0; i < t->n; i++)
            own |= op == t->accs[i].load ||
                   op == ir_block_get(m, stage_body(m, t->accs[i].st))->first;
        if (own)
            return true;
        if (!nest_read_side(m, op, 1, &to)) {
            t->ok = false;
            return false;
        }
        if (!to.fifo && !nest_is_ddr(m, to.v))
            t->ok = false; /* a scratchpad write other than an accumulator's */
        for (uint32_t i = 0; i < t->n; i++)
            for (uint32_t k = 0; k < o->nopnd; k++)
                t->ok &= o->opnd[k] != t->accs[i].side.v;
        return t->ok;
    }
    for (uint32_t i = 0; i < t->n; i++)
        for (uint32_t k = 0; k < o->nopnd; k++)
            t->ok &= o->opnd[k] != t->accs[i].side.v;
    return t->ok;
}

/* The store stage's transfer must be its first op for check_touch. */
static bool store_first(const struct ir_module *m, const struct acc *a)
{
    ir_op f = ir_block_get(m, stage_body(m, a->st))->first;
    return f && ir_op_get(m, f)->kind == IR_OP_KTDF_DATA_TRANSFER;
}

/* A copy of loop (bounds, no body) at the start of block blk, its body
 * holding clones of the loop body's plain ops; vm maps the old IV and
 * those ops' results to the copies. With init, the loop carries one value
 * (init) and *arg gets its block argument. */
static ir_op copy_loop(struct ir_module *m, ir_op loop, ir_block blk, ir_op before, ir_value init,
                       ir_value *arg, struct split_vmap *vm)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", o->loc);
    for (int i = 0; i < 3; i++)
        ir_state_add_operand(m, &st, o->opnd[i]);
    if (init) {
        ir_state_add_operand(m, &st, init);
        ir_state_add_result(m, &st, ir_value_type(m, init));
    }
    ir_block body = sb_region(m, &st);
    ir_value iv = nest_for_iv(m, loop);
    split_vmap_set(vm, iv, ir_block_add_arg(m, body, m->t_index, ir_value_get(m, iv)->name));
    if (init)
        *arg = ir_block_add_arg(m, body, ir_value_type(m, init), IR_NONE);
    ir_op nl = ir_op_create(m, &st);
    if (before)
        ir_op_insert_before(m, before, nl);
    else
        ir_block_append_op(m, blk, nl);
    IR_FOR_OPS(m, nest_for_body(m, loop), op)
        if (plain(m, op) && ir_op_get(m, op)->kind != IR_OP_SCF_YIELD)
            ir_block_append_op(m, body, split_clone(m, op, vm));
    return nl;
}

/* Moves the ops of blk from `first` to the end (but `skip` ops) into the
 * end of `to`, their uses of vm's keys replaced by the values. */
static void move_ops(struct ir_module *m, ir_op first, ir_block to, const ir_op *skip,
                     uint32_t nskip, ir_value iv, ir_value niv, ir_block loop_body,
                     struct split_vmap *vm)
{
    ir_op next;
    for (ir_op op = first; op; op = next) {
        next = ir_op_get(m, op)->next;
        bool s = false;
        for (uint32_t i = 0; i < nskip; i++)
            s |= skip[i] == op;
        if (s)
            continue;
        ir_op_unlink(m, op);
        ir_block_append_op(m, to, op);
        split_replace_uses(m, op, iv, niv);
        /* the loop body's plain ops the op used: their clones */
        IR_FOR_OPS(m, loop_body, q) {
            const struct ir_op_info *qi = ir_op_get(m, q);
            for (uint32_t r = 0; r < qi->nres; r++)
                if (split_vmap_get(vm, qi->res + r) != qi->res + r)
                    split_replace_uses(m, op, qi->res + r, split_vmap_get(vm, qi->res + r));
        }
    }
}

void nest_own_alloc(struct ir_module *m, ir_value slot)
{
    ir_op priv = ir_value_def(m, slot);
    if (!priv || ir_op_get(m, priv)->kind != IR_OP_KTDF_PRIVATE)
        return;
    const struct ir_op_info *po = ir_op_get(m, priv);
    ir_op yield = ir_block_get(m, ir_region_entry(m, po->regs[0]))->last;
    ir_value inner = ir_op_get(m, yield)->opnd[ir_value_get(m, slot)->index];
    ir_op a = ir_value_def(m, inner);
    if (!a || ir_op_get(m, a)->kind != IR_OP_KTDF_FIFO_ALLOCATE || ir_op_get(m, a)->nres < 2)
        return;
    const struct ir_op_info *ao = ir_op_get(m, a);
    struct ir_op_state one, rest;
    ir_state_init(&one, m, "ktdf.fifo.allocate", ao->loc);
    ir_state_init(&rest, m, "ktdf.fifo.allocate", ao->loc);
    for (uint32_t r = 0; r < ao->nres; r++)
        ir_state_add_result(m, ao->res + r == inner ? &one : &rest, ir_value_type(m, ao->res + r));
    ir_op o1 = ir_op_create(m, &one), o2 = ir_op_create(m, &rest);
    ir_op_insert_before(m, a, o1);
    ir_op_insert_before(m, a, o2);
    uint32_t k = 0;
    for (uint32_t r = 0; r < ao->nres; r++)
        split_replace_uses(m, priv, ao->res + r,
                           ao->res + r == inner ? ir_op_result(m, o1, 0)
                                                : ir_op_result(m, o2, k++));
    ir_op_unlink(m, a);
}

/* Rewrites loop's pipeline of accumulator a into one pipeline before the
 * loop whose load and compute stages hold the loop. */
static void carry(struct nest_ctx *c, ir_op loop, struct acc *a)
{
    struct ir_module *m = c->m;
    ir_value iv = nest_for_iv(m, loop);
    ir_block lbody = nest_for_body(m, loop);
    ir_op_unlink(m, a->pipe);
    ir_op_insert_before(m, loop, a->pipe);

    /* loads: the loop around them, the accumulator's load gone */
    {
        struct split_vmap vm = {0};
        ir_block b = stage_body(m, a->ld);
        ir_op first = ir_block_get(m, b)->first;
        ir_op nl = copy_loop(m, loop, b, IR_NONE, IR_NONE, NULL, &vm);
        ir_block nb = nest_for_body(m, nl);
        ir_op skip[2] = {a->load, nl};
        move_ops(m, first, nb, skip, 2, iv, split_vmap_get(&vm, iv), lbody, &vm);
        if (a->init)
            ir_op_unlink(m, a->load); /* else loaded once, before the loop */
        struct ir_op_state y;
        ir_state_init(&y, m, "scf.yield", ir_op_get(m, loop)->loc);
        ir_block_append_op(m, nb, ir_op_create(m, &y));
        split_vmap_free(&vm);
    }
    /* compute: the initial value, the loop carrying it, the one write */
    {
        struct split_vmap vm = {0}, im = {0};
        ir_block b = stage_body(m, a->cp);
        ir_op first = ir_block_get(m, b)->first;
        ir_value init = IR_NONE, old = ir_op_get(m, a->read)->res;
        if (a->init) {
            IR_FOR_OPS(m, stage_body(m, a->init_cp), op) {
                if (op == a->init_write) {
                    init = split_vmap_get(&im, ir_op_get(m, op)->opnd[0]);
                    break;
                }
                ir_op cl = split_clone(m, op, &im);
                ir_op_insert_before(m, first, cl);
            }
        } else { /* the accumulator as loaded, read once before the loop */
            if (first == a->read)
                first = ir_op_get(m, first)->next;
            ir_op_unlink(m, a->read);
            ir_op_insert_before(m, first, a->read);
            init = old;
        }
        ir_value arg;
        ir_op nl = copy_loop(m, loop, b, first, init, &arg, &vm);
        ir_block nb = nest_for_body(m, nl);
        ir_value n = ir_op_get(m, a->write)->opnd[0];
        ir_op skip[2] = {a->read, a->write};
        move_ops(m, first, nb, skip, 2, iv, split_vmap_get(&vm, iv), lbody, &vm);
        IR_FOR_OPS(m, nb, op)
            split_replace_uses(m, op, old, arg);
        ir_value_get(m, arg)->name = ir_value_get(m, old)->name;
        if (a->init)
            ir_op_unlink(m, a->read);
        struct ir_op_state y;
        ir_state_init(&y, m, "scf.yield", ir_op_get(m, loop)->loc);
        ir_state_add_operand(m, &y, n);
        ir_block_append_op(m, nb, ir_op_create(m, &y));
        /* the write after the loop, of what it carried out */
        ir_op_unlink(m, a->write);
        ir_block_append_op(m, b, a->write);
        ir_op_get(m, a->write)->opnd[0] = ir_op_result(m, nl, 0);
        split_vmap_free(&vm);
        split_vmap_free(&im);
    }
    if (a->init) {
        nest_prune_private(m, a->pipe);
        nest_shrink_allocs(m, a->pipe);
    } else {
        struct nest_side slot;
        nest_read_side(m, a->load, 1, &slot);
        nest_own_alloc(m, slot.v);
    }
}

ir_op nest_stream_pipeline(struct ir_module *m, ir_op loop)
{
    const struct ir_op_info *lo = ir_op_get(m, loop);
    if (lo->kind != IR_OP_SCF_FOR || lo->nres)
        return IR_NONE;
    ir_op pipe = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD || plain(m, op))
            continue;
        if (pipe || ir_op_get(m, op)->kind != IR_OP_KTDF_PIPELINE)
            return IR_NONE;
        pipe = op;
    }
    return pipe;
}

/* Whether every transfer of load stage ld reading buffer to.v reads
 * exactly to's elements, which move with loop's IV by at least their size
 * in some dim (each iteration loads back only what it stores itself: a
 * per-vector accumulator). */
static bool own_round_trip(const struct ir_module *m, ir_op ld, const struct nest_side *to,
                           ir_op loop)
{
    ir_value iv = nest_for_iv(m, loop);
    bool moves = false;
    for (uint32_t j = 0; j < to->nsub && j < to->nsize && !moves; j++) {
        struct nest_lin l;
        if (!to->sub[j].v || !nest_lin_of(m, to->sub[j].v, &l))
            continue;
        for (uint32_t t = 0; t < l.n; t++)
            moves |= l.v[t] == iv && (l.k[t] >= to->size[j] || -l.k[t] >= to->size[j]);
    }
    if (!moves)
        return false;
    IR_FOR_OPS(m, stage_body(m, ld), op) {
        struct nest_side from;
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, op, 0, &from))
            return false;
        if (!from.fifo && from.v == to->v && !nest_same_side(&from, to))
            return false;
    }
    return true;
}

static bool stream_loop(struct ir_module *m, ir_op loop, bool more)
{
    ir_op pipe = nest_stream_pipeline(m, loop), s[MAX_STAGES];
    if (!pipe || ir_op_get(m, pipe)->nopnd || ir_op_attr(m, pipe, "modulo"))
        return false;
    uint32_t ns = stages_of(m, pipe, s, MAX_STAGES);
    if (ns == 2 && more) { /* no loads: a compute stage (constants) and stores */
        s[2] = s[1];
        s[1] = s[0];
        s[0] = IR_NONE;
    } else if (ns != 3) {
        return false;
    }
    /* loads and stores only (no loops) around a compute stage of no
     * transfer, and nothing an iteration stores read by another */
    for (int i = 0; i < 3; i++)
        for (ir_op op = s[i] ? ir_block_get(m, stage_body(m, s[i]))->first : IR_NONE; op;
             op = ir_op_get(m, op)->next) {
            uint32_t k = ir_op_get(m, op)->kind;
            if (i == 1 ? k == IR_OP_KTDF_DATA_TRANSFER
                       : k != IR_OP_KTDF_DATA_TRANSFER && !plain(m, op))
                return false;
        }
    IR_FOR_OPS(m, stage_body(m, s[2]), op) {
        struct nest_side to;
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, op, 1, &to) || to.fifo)
            return false;
        if (nest_touches(m, s[1], to.v, 0) ||
            (s[0] && nest_touches(m, s[0], to.v, 0) &&
             !(more && own_round_trip(m, s[0], &to, loop))))
            return false;
    }
    ir_value iv = nest_for_iv(m, loop);
    ir_block lbody = nest_for_body(m, loop);
    ir_op_unlink(m, pipe);
    ir_op_insert_before(m, loop, pipe);
    for (int i = 0; i < 3; i++) {
        if (!s[i])
            continue;
        struct split_vmap vm = {0};
        ir_block b = stage_body(m, s[i]);
        ir_op first = ir_block_get(m, b)->first;
        ir_op nl = copy_loop(m, loop, b, IR_NONE, IR_NONE, NULL, &vm);
        ir_op skip[1] = {nl};
        move_ops(m, first, nest_for_body(m, nl), skip, 1, iv, split_vmap_get(&vm, iv), lbody,
                 &vm);
        struct ir_op_state y;
        ir_state_init(&y, m, "scf.yield", ir_op_get(m, loop)->loc);
        ir_block_append_op(m, nest_for_body(m, nl), ir_op_create(m, &y));
        split_vmap_free(&vm);
    }
    ir_op_unlink(m, loop);
    return true;
}

bool nest_stream_loop(struct ir_module *m, ir_op loop)
{
    return stream_loop(m, loop, false);
}

bool nest_stream_loop_more(struct ir_module *m, ir_op loop)
{
    return stream_loop(m, loop, true);
}

/* The loop's accumulators when it is a loop this transformation takes
 * (all of its pipelines round trips, every accumulator set before it). */
static uint32_t match(struct nest_ctx *c, ir_op loop, struct acc *accs)
{
    struct ir_module *m = c->m;
    if (ir_op_get(m, loop)->nres)
        return 0;
    uint32_t n = 0;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_SCF_YIELD || plain(m, op))
            continue;
        if (k != IR_OP_KTDF_PIPELINE || n == MAX_ACC || !round_trip(m, c->dev, loop, op, &accs[n]) ||
            !store_first(m, &accs[n]))
            return 0;
        n++;
    }
    if (!n)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < i; j++)
            if (accs[i].side.v == accs[j].side.v)
                return 0;
    struct touch t = {accs, n, true};
    ir_walk(m, loop, check_touch, &t);
    if (!t.ok)
        return 0;
    /* the pipelines setting them, just before the loop */
    for (ir_op p = ir_op_get(m, loop)->prev; p; p = ir_op_get(m, p)->prev) {
        if (plain(m, p))
            continue;
        if (ir_op_get(m, p)->kind != IR_OP_KTDF_PIPELINE)
            break;
        bool any = false;
        for (uint32_t i = 0; i < n && !any; i++)
            any = !accs[i].init && sets(m, p, &accs[i]);
        if (!any)
            break;
    }
    return n; /* an accumulator no pipeline sets is loaded before the loop */
}

/* Swaps the IVs of o and i under o (every operand naming one names the
 * other). */
struct ivs {
    ir_value a, b;
};

static bool swap_ivs(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ivs *s = ctx;
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t k = 0; k < o->nopnd; k++)
        if (o->opnd[k] == s->a)
            o->opnd[k] = s->b;
        else if (o->opnd[k] == s->b)
            o->opnd[k] = s->a;
    return true;
}

/* Whether each accumulator moves with the IV of loop `outer` by its own
 * size or more in some dimension: no two iterations touch the same one. */
static bool apart(const struct ir_module *m, ir_op outer, const struct acc *accs, uint32_t n)
{
    ir_value iv = nest_for_iv(m, outer);
    for (uint32_t i = 0; i < n; i++) {
        bool ok = false;
        for (uint32_t d = 0; d < accs[i].side.nsub && !ok; d++) {
            struct nest_lin l;
            if (!accs[i].side.sub[d].v || !nest_lin_of(m, accs[i].side.sub[d].v, &l))
                continue;
            for (uint32_t t = 0; t < l.n; t++)
                if (l.v[t] == iv)
                    ok |= llabs(l.k[t]) >= accs[i].side.size[d];
        }
        if (!ok)
            return false;
    }
    return true;
}

/* Swaps loop o (a copy, in place) with the one loop i in its body: o
 * runs i's iterations and i o's, o's index ops moved into i and those
 * fixed in i back out. */
static void swap(struct ir_module *m, ir_op o, ir_op i)
{
    /* the inner bounds' definitions before the loops, the bounds swapped */
    for (uint32_t k = 0; k < 3; k++) {
        ir_op d = ir_value_def(m, ir_op_get(m, i)->opnd[k]);
        if (d && ir_op_get(m, d)->block == nest_for_body(m, o)) {
            ir_op_unlink(m, d);
            ir_op_insert_before(m, o, d);
        }
        ir_value t = ir_op_get(m, o)->opnd[k];
        ir_op_get(m, o)->opnd[k] = ir_op_get(m, i)->opnd[k];
        ir_op_get(m, i)->opnd[k] = t;
    }
    struct ivs s = {nest_for_iv(m, o), nest_for_iv(m, i)};
    ir_walk(m, o, swap_ivs, &s);
    ir_str name = ir_value_get(m, s.a)->name;
    ir_value_get(m, s.a)->name = ir_value_get(m, s.b)->name;
    ir_value_get(m, s.b)->name = name;
    ir_attr ty = ir_op_attr(m, i, "loop_type");
    if (ty)
        ir_op_set_attr(m, o, "loop_type", ty);
    ir_op first = ir_block_get(m, nest_for_body(m, i))->first, next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, o))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (op == i || ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, first, op);
    }
    for (ir_op op = ir_block_get(m, nest_for_body(m, i))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind != IR_OP_SCF_YIELD && plain(m, op) && nest_invariant(m, op, i)) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, i, op);
        }
    }
}

enum { MAX_SWAPS = 4 };

/* Whether an op uses one of bufs[0..n) outside [lo, hi) (another inner
 * loop's accumulators). */
struct foreign {
    const ir_value *bufs;
    uint32_t n, lo, hi;
    bool found;
};

static bool foreign_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct foreign *f = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t k = 0; k < o->nopnd; k++)
        for (uint32_t b = 0; b < f->n; b++)
            f->found |= (b < f->lo || b >= f->hi) && o->opnd[k] == f->bufs[b];
    return !f->found;
}

/* carry-interchange: a loop whose body is inner loops of accumulator
 * round trips at the inner IV's place (a row's sum of squares in 4 chunks,
 * over the row's 256-wide column blocks: every block loads, folds and
 * stores each chunk, the next block waiting for that store) is split into
 * one loop per inner loop, each swapped with it, so that register-carry
 * carries each chunk over the blocks (rmsnorm 1024x1024 on 4 cores 32608
 * -> 24640 cycles). The order changes only between different accumulators
 * (each inner loop's its own buffers, each chunk's its own elements). Tried
 * on copies, kept when register-carry takes every inner loop. */
static void interchange(struct nest_ctx *c, ir_op outer)
{
    struct ir_module *m = c->m;
    ir_op inner[MAX_SWAPS];
    uint32_t n = 0;
    if (ir_op_get(m, outer)->nres)
        return;
    IR_FOR_OPS(m, nest_for_body(m, outer), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_SCF_FOR) {
            if (n == MAX_SWAPS || ir_op_get(m, op)->nres || !nest_has_pipeline(m, op))
                return;
            inner[n++] = op;
        } else if (k != IR_OP_SCF_YIELD && !plain(m, op)) {
            return;
        }
    }
    /* swapped, each inner iteration runs a pipeline of its own: only when
     * the blocks carried are at least as many (a long inner loop streams
     * in one pipeline, its round trip paid once a block: rmsnorm_2x2's 2
     * blocks of 16 chunks 31483 -> 37365 cycles swapped) */
    int64_t outer_trips, inner_trips;
    if (!nest_for_normal(m, outer, &outer_trips))
        return;
    for (uint32_t j = 0; j < n; j++)
        if (!nest_for_normal(m, inner[j], &inner_trips) || inner_trips > outer_trips)
            return;
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t k = 0; k < 3; k++) { /* inner bounds fixed in the outer loop */
            ir_op d = ir_value_def(m, ir_op_get(m, inner[j])->opnd[k]);
            if (d && ir_op_get(m, d)->block == nest_for_body(m, outer) &&
                (!plain(m, d) || !nest_invariant(m, d, outer)))
                return;
        }
    ir_op copies[MAX_SWAPS];
    ir_value bufs[MAX_SWAPS * MAX_ACC];
    uint32_t nbufs = 0, from[MAX_SWAPS + 1] = {0};
    bool ok = n > 0;
    for (uint32_t j = 0; j < n; j++) {
        struct split_vmap vm = {0};
        ir_op o = split_clone(m, outer, &vm), i = IR_NONE, next;
        split_vmap_free(&vm);
        ir_op_insert_before(m, outer, o);
        copies[j] = o;
        uint32_t q = 0;
        for (ir_op op = ir_block_get(m, nest_for_body(m, o))->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            if (ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
                continue;
            if (q++ == j)
                i = op;
            else
                ir_op_unlink(m, op);
        }
        swap(m, o, i);
        struct acc accs[MAX_ACC];
        uint32_t na = ok ? match(c, i, accs) : 0;
        ok = na && apart(m, o, accs, na);
        for (uint32_t a = 0; a < na && ok; a++) {
            for (uint32_t b = 0; b < nbufs; b++)
                ok &= bufs[b] != accs[a].side.v;
            bufs[nbufs++] = accs[a].side.v;
        }
        from[j + 1] = nbufs;
    }
    /* split apart, no inner loop may use another's accumulators (the
     * original order ran them block by block) */
    for (uint32_t j = 0; j < n && ok; j++) {
        struct foreign f = {bufs, nbufs, from[j], from[j + 1], false};
        ir_walk(m, copies[j], foreign_use, &f);
        ok = !f.found;
    }
    for (uint32_t j = 0; j < n; j++)
        if (!ok)
            ir_op_unlink(m, copies[j]);
    if (ok)
        ir_op_unlink(m, outer);
}

bool nest_carry(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops l = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &l);
    for (uint32_t i = 0; i < l.n; i++) {
        ir_op up = l.v[i];
        while (up && up != fn)
            up = ir_op_parent(m, up);
        if (up) /* not in a loop an interchange replaced */
            interchange(c, l.v[i]);
    }
    l.n = 0;
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &l);
    bool changed = false;
    for (uint32_t i = 0; i < l.n; i++) {
        struct acc accs[MAX_ACC];
        uint32_t n = match(c, l.v[i], accs);
        if (!n)
            continue;
        for (uint32_t k = 0; k < n; k++)
            carry(c, l.v[i], &accs[k]);
        for (uint32_t k = 0; k < n; k++)
            if (accs[k].init)
                ir_op_unlink(m, accs[k].init);
        ir_op_unlink(m, l.v[i]);
        changed = true;
    }
    free(l.v);
    if (changed)
        split_dce(m, fn);
    return true;
}
