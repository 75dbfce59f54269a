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
 * pipeline per accumulator, in order, which carry-merge (merge_carried)
 * joins into one. Taken when the loop (no iter_args)
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
        else if (!nest_plain(m, op))
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
            if (!nest_plain(m, op))
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
    if (stages_of(m, p, s, MAX_STAGES) != 2 || !nest_same_units(m, &s[0], &a->cp, 1))
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
        else if (!nest_plain(m, op))
            return false;
    }
    struct nest_side from, to;
    if (!w || !x || !nest_read_side(m, x, 0, &from) || !nest_read_side(m, x, 1, &to) ||
        !from.fifo || from.v != ir_op_get(m, w)->opnd[1] || !nest_same_side_lin(m, &to, &a->side) ||
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
        if (nest_plain(m, op))
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

/* The one scf.for directly in stage st's body carrying values (carrying)
 * or none: carry's copy of the loop; IR_NONE when none or several. */
static ir_op stage_loop(const struct ir_module *m, ir_op st, bool carrying)
{
    ir_op l = IR_NONE;
    IR_FOR_OPS(m, stage_body(m, st), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_SCF_FOR || (o->nres > 0) != carrying)
            continue;
        if (l)
            return IR_NONE;
        l = op;
    }
    return l;
}

/* The one read_from_fifo of slot directly in block blk, or IR_NONE. */
static ir_op top_read(const struct ir_module *m, ir_block blk, ir_value slot)
{
    ir_op r = IR_NONE;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_KTDF_READ_FROM_FIFO || o->opnd[0] != slot)
            continue;
        if (r)
            return IR_NONE;
        r = op;
    }
    return r;
}

/* The vectors compute loop l holds at most: what it carries and every
 * vector its body makes (tensor.empty aside). */
static uint32_t loop_vectors(const struct ir_module *m, ir_op l)
{
    uint32_t n = ir_op_get(m, l)->nres;
    IR_FOR_OPS(m, nest_for_body(m, l), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nres && o->kind != IR_OP_TENSOR_EMPTY; r++)
            n += ir_type_get(m, ir_value_type(m, o->res + r))->kind == IR_TY_TENSOR;
    }
    return n;
}

static bool same_bounds(const struct ir_module *m, ir_op a, ir_op b)
{
    for (int k = 0; k < 3; k++)
        if (ir_op_get(m, a)->opnd[k] != ir_op_get(m, b)->opnd[k])
            return false;
    return true;
}

/* A load of pipeline b's load loop that one of a's makes alike (the same
 * elements, b's IV as a's, the same mode, into a slot of the same type),
 * and the compute loops' one read of each slot. */
struct twin {
    ir_op load, read, like_read;
};

enum { MAX_TWINS = 16 };

/* Finds b's loads that a's load loop la makes alike (lb: b's, ca and cb:
 * the compute loops); false when a slot's read is not found once. */
static bool twins(const struct ir_module *m, ir_op la, ir_op lb, ir_op ca, ir_op cb,
                  struct twin *t, uint32_t *nt)
{
    ir_value iva = nest_for_iv(m, la), ivb = nest_for_iv(m, lb);
    *nt = 0;
    IR_FOR_OPS(m, nest_for_body(m, lb), x) {
        struct nest_side src, dst;
        if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst) || src.fifo ||
            !dst.fifo)
            return false;
        for (uint32_t k = 0; k < src.nsub; k++)
            if (src.sub[k].v == ivb)
                src.sub[k].v = iva;
        IR_FOR_OPS(m, nest_for_body(m, la), y) {
            struct nest_side from, to;
            if (ir_op_get(m, y)->kind != IR_OP_KTDF_DATA_TRANSFER ||
                !nest_read_side(m, y, 0, &from) || !nest_read_side(m, y, 1, &to) ||
                !to.fifo || !nest_same_side(&from, &src) ||
                ir_value_type(m, to.v) != ir_value_type(m, dst.v) ||
                ir_op_attr(m, y, "transfer_mode") != ir_op_attr(m, x, "transfer_mode"))
                continue;
            ir_op r = top_read(m, nest_for_body(m, cb), dst.v);
            ir_op lr = top_read(m, nest_for_body(m, ca), to.v);
            if (!r || !lr || *nt == MAX_TWINS)
                return false;
            t[(*nt)++] = (struct twin){x, r, lr};
            break;
        }
    }
    return true;
}

/* Moves the ops of block from (its terminator aside) before op `before`,
 * uses of the values old[0..n) replaced by new[0..n). */
static void move_body(struct ir_module *m, ir_block from, ir_op before, const ir_value *old,
                      const ir_value *new, uint32_t n)
{
    ir_op next;
    for (ir_op op = ir_block_get(m, from)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, before, op);
        for (uint32_t i = 0; i < n; i++)
            split_replace_uses(m, op, old[i], new[i]);
    }
}

/* Compute loops ca and cb (the same bounds) as one loop before ca carrying
 * both's values, ca's body then cb's; their results' uses under stage
 * roots ra and rb take the new loop's. */
static ir_op join_loops(struct ir_module *m, ir_op ca, ir_op cb, ir_op ra, ir_op rb)
{
    const struct ir_op_info *a = ir_op_get(m, ca), *b = ir_op_get(m, cb);
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", a->loc);
    for (uint32_t k = 0; k < a->nopnd; k++)
        ir_state_add_operand(m, &st, a->opnd[k]);
    for (uint32_t k = 3; k < b->nopnd; k++)
        ir_state_add_operand(m, &st, b->opnd[k]);
    for (uint32_t k = 0; k < a->nres; k++)
        ir_state_add_result(m, &st, ir_value_type(m, a->res + k));
    for (uint32_t k = 0; k < b->nres; k++)
        ir_state_add_result(m, &st, ir_value_type(m, b->res + k));
    ir_block body = sb_region(m, &st);
    const struct ir_block_info *ba = ir_block_get(m, nest_for_body(m, ca));
    const struct ir_block_info *bb = ir_block_get(m, nest_for_body(m, cb));
    ir_value na[1 + MAX_ACC * 2], nb[1 + MAX_ACC * 2];
    for (uint32_t k = 0; k < ba->nargs; k++)
        na[k] = ir_block_add_arg(m, body, ir_value_type(m, ba->args[k]),
                                 ir_value_get(m, ba->args[k])->name);
    nb[0] = na[0];
    for (uint32_t k = 1; k < bb->nargs; k++)
        nb[k] = ir_block_add_arg(m, body, ir_value_type(m, bb->args[k]),
                                 ir_value_get(m, bb->args[k])->name);
    ir_op nl = ir_op_create(m, &st);
    ir_op_insert_before(m, ca, nl);
    ir_op ya = ba->last, yb = bb->last;
    struct ir_op_state y;
    ir_state_init(&y, m, "scf.yield", ir_op_get(m, ya)->loc);
    for (uint32_t k = 0; k < ir_op_get(m, ya)->nopnd; k++)
        ir_state_add_operand(m, &y, ir_op_get(m, ya)->opnd[k]);
    for (uint32_t k = 0; k < ir_op_get(m, yb)->nopnd; k++)
        ir_state_add_operand(m, &y, ir_op_get(m, yb)->opnd[k]);
    ir_op ny = ir_op_create(m, &y);
    ir_block_append_op(m, body, ny);
    move_body(m, nest_for_body(m, ca), ny, ba->args, na, ba->nargs);
    move_body(m, nest_for_body(m, cb), ny, bb->args, nb, bb->nargs);
    for (uint32_t k = 0; k < ir_op_get(m, ny)->nopnd; k++) {
        ir_value v = ir_op_get(m, ny)->opnd[k];
        for (uint32_t i = 0; i < ba->nargs; i++)
            v = v == ba->args[i] ? na[i] : v;
        for (uint32_t i = 0; i < bb->nargs; i++)
            v = v == bb->args[i] ? nb[i] : v;
        ir_op_get(m, ny)->opnd[k] = v;
    }
    uint32_t an = a->nres;
    for (uint32_t k = 0; k < an; k++)
        split_replace_uses(m, ra, a->res + k, ir_op_result(m, nl, k));
    for (uint32_t k = 0; k < b->nres; k++)
        split_replace_uses(m, rb, b->res + k, ir_op_result(m, nl, an + k));
    ir_op_unlink(m, ca);
    ir_op_unlink(m, cb);
    return nl;
}

/* Moves the ops of block from to the end of block to. */
static void append_ops(struct ir_module *m, ir_block from, ir_block to)
{
    ir_op next;
    for (ir_op op = ir_block_get(m, from)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_block_append_op(m, to, op);
    }
}

/* carry-merge: pipeline b (an accumulator carry() moved before its loop,
 * right after a, another of the loop's) joins a: b's loads stream in a's
 * load loop (a load a makes alike goes, its read taking a's value), its
 * fold in a's compute loop (which carries both accumulators) and its store
 * after a's: a row's sum and sum of squares read each block once (a
 * 1024x1024 layernorm on 4 cores, 33092 -> 30148 cycles). Taken when the
 * stages run on the same units, the loops have the same bounds and the
 * compute loop's vectors fit the unit's registers; false (nothing changed)
 * otherwise. */
static bool merge_carried(struct nest_ctx *c, ir_op a, ir_op b)
{
    struct ir_module *m = c->m;
    ir_op sa[MAX_STAGES], sb[MAX_STAGES];
    if (stages_of(m, a, sa, MAX_STAGES) != 3 || stages_of(m, b, sb, MAX_STAGES) != 3)
        return false;
    if (nest_rows_apart(c, a, b))
        return false;
    if (!nest_same_units(m, sa, sb, 3))
        return false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, b, 0)), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_STAGE &&
            ir_op_get(m, op)->kind != IR_OP_KTDF_PRIVATE)
            return false;
    ir_op la = stage_loop(m, sa[0], false), lb = stage_loop(m, sb[0], false);
    ir_op ca = stage_loop(m, sa[1], true), cb = stage_loop(m, sb[1], true);
    if (!la || !lb || !ca || !cb || !same_bounds(m, la, lb) || !same_bounds(m, ca, cb) ||
        ir_op_get(m, ca)->nres + ir_op_get(m, cb)->nres > 2 * MAX_ACC ||
        (c->o->max_vregs && loop_vectors(m, ca) + loop_vectors(m, cb) > c->o->max_vregs))
        return false;
    struct twin t[MAX_TWINS];
    uint32_t nt;
    if (!twins(m, la, lb, ca, cb, t, &nt))
        return false;
    /* loads: b's before its loop before a's loop, its loop's in a's */
    ir_op next;
    for (ir_op op = ir_block_get(m, stage_body(m, sb[0]))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (op == lb)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, la, op);
    }
    for (uint32_t i = 0; i < nt; i++)
        ir_op_unlink(m, t[i].load);
    ir_value iva = nest_for_iv(m, la), ivb = nest_for_iv(m, lb);
    move_body(m, nest_for_body(m, lb), ir_block_get(m, nest_for_body(m, la))->last, &ivb, &iva,
              1);
    ir_op_unlink(m, lb);
    /* compute: b's ops before its loop before a's, one loop, b's write after */
    for (ir_op op = ir_block_get(m, stage_body(m, sb[1]))->first; op && op != cb; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, ca, op);
    }
    ir_op nl = join_loops(m, ca, cb, sa[1], sb[1]);
    for (uint32_t i = 0; i < nt; i++) {
        split_replace_uses(m, nl, ir_op_get(m, t[i].read)->res,
                           ir_op_get(m, t[i].like_read)->res);
        ir_op_unlink(m, t[i].read);
    }
    append_ops(m, stage_body(m, sb[1]), stage_body(m, sa[1]));
    append_ops(m, stage_body(m, sb[2]), stage_body(m, sa[2]));
    nest_merge_private(m, a, nest_pipe_private(m, a), nest_pipe_private(m, b));
    ir_op_unlink(m, b);
    nest_prune_private(m, a);
    nest_shrink_allocs(m, a);
    return true;
}

/* The one op of scf.for loop's body besides plain ops when it is of
 * kind k and the loop has no results; IR_NONE otherwise. */
static ir_op only_op(const struct ir_module *m, ir_op loop, uint32_t k)
{
    const struct ir_op_info *lo = ir_op_get(m, loop);
    if (lo->kind != IR_OP_SCF_FOR || lo->nres)
        return IR_NONE;
    ir_op one = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD || nest_plain(m, op))
            continue;
        if (one || ir_op_get(m, op)->kind != k)
            return IR_NONE;
        one = op;
    }
    return one;
}

ir_op nest_stream_pipeline(struct ir_module *m, ir_op loop)
{
    return only_op(m, loop, IR_OP_KTDF_PIPELINE);
}

enum { MAX_XFERS = 64 };

/* The transfers under an op (a stage's loads or stores). */
struct xfers {
    ir_op v[MAX_XFERS];
    uint32_t n; /* may pass MAX_XFERS: too many */
};

static bool gather_transfers(struct ir_module *m, ir_op op, void *ctx)
{
    struct xfers *st = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER && st->n++ < MAX_XFERS)
        st->v[st->n - 1] = op;
    return true;
}

/* Whether every transfer of load stage ld reading buffer to.v reads
 * exactly to's elements, which move with loop's IV by at least their size
 * in some dim (each iteration loads back only what it stores itself: a
 * per-vector accumulator). */
static bool own_round_trip(struct ir_module *m, ir_op ld, const struct nest_side *to, ir_op loop)
{
    ir_value iv = nest_for_iv(m, loop);
    bool moves = false;
    for (uint32_t j = 0; j < to->nsub && j < to->nsize && !moves; j++) {
        struct sched_lin l;
        if (!to->sub[j].v)
            continue;
        sched_lin_of(m, to->sub[j].v, &l);
        for (uint32_t t = 0; t < l.n; t++)
            moves |= l.v[t] == iv && (l.k[t] >= to->size[j] || -l.k[t] >= to->size[j]);
    }
    if (!moves)
        return false;
    struct xfers ls = {.n = 0};
    ir_walk(m, ld, gather_transfers, &ls);
    if (ls.n > MAX_XFERS)
        return false;
    for (uint32_t i = 0; i < ls.n; i++) {
        struct nest_side from;
        if (!nest_read_side(m, ls.v[i], 0, &from))
            return false;
        if (!from.fifo && from.v == to->v &&
            (!nest_same_side(&from, to) || ir_op_parent(m, ls.v[i]) != ld))
            return false;
    }
    return true;
}

bool nest_transfers_only(const struct ir_module *m, ir_block b)
{
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_SCF_FOR) {
            if (o->nres || !nest_transfers_only(m, nest_for_body(m, op)))
                return false;
        } else if (o->kind != IR_OP_KTDF_DATA_TRANSFER && o->kind != IR_OP_SCF_YIELD &&
                   !nest_plain(m, op)) {
            return false;
        }
    }
    return true;
}

/* Whether pipe, the one pipeline of loop, can have the loop in each of
 * its stages (s: its load, compute and store stages, the first IR_NONE for
 * a pipeline of no loads when more). */
static bool streamable(struct ir_module *m, ir_op loop, ir_op pipe, bool more,
                       ir_op s[MAX_STAGES])
{
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
    /* loads and stores (in loops of their own: a block's vectors) around
     * a compute stage of no transfer, and nothing an iteration stores read
     * by another */
    struct xfers st = {.n = 0}, cs = {.n = 0};
    ir_walk(m, s[1], gather_transfers, &cs);
    ir_walk(m, s[2], gather_transfers, &st);
    if (!nest_transfers_only(m, stage_body(m, s[2])) ||
        (s[0] && !nest_transfers_only(m, stage_body(m, s[0]))) || cs.n || st.n > MAX_XFERS)
        return false;
    for (uint32_t i = 0; i < st.n; i++) {
        struct nest_side to;
        if (!nest_read_side(m, st.v[i], 1, &to) || to.fifo)
            return false;
        bool top = ir_op_parent(m, st.v[i]) == s[2];
        if (nest_touches(m, s[1], to.v, 0) ||
            (s[0] && nest_touches(m, s[0], to.v, 0) &&
             !(more && top && own_round_trip(m, s[0], &to, loop))))
            return false;
    }
    return true;
}

static bool stream_loop(struct ir_module *m, ir_op loop, bool more)
{
    ir_op pipe = nest_stream_pipeline(m, loop), s[MAX_STAGES];
    if (!streamable(m, loop, pipe, more, s))
        return false;
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

ir_op nest_stream_nest_pipeline(struct ir_module *m, ir_op loop)
{
    ir_op pipe = nest_stream_pipeline(m, loop), inner = only_op(m, loop, IR_OP_SCF_FOR);
    return pipe ? pipe : inner ? nest_stream_nest_pipeline(m, inner) : IR_NONE;
}

bool nest_stream_nest(struct ir_module *m, ir_op loop)
{
    ir_op pipe = nest_stream_nest_pipeline(m, loop), s[MAX_STAGES];
    /* a level's check is the pipeline's (what its stages hold and what
     * they load and store), the same at every level */
    if (!streamable(m, loop, pipe, false, s))
        return false;
    while (ir_op_parent(m, pipe) != loop)
        if (!stream_loop(m, ir_op_parent(m, pipe), false))
            return false; /* not reached: checked above */
    return stream_loop(m, loop, false);
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
        if (k == IR_OP_SCF_YIELD || nest_plain(m, op))
            continue;
        if (k != IR_OP_KTDF_PIPELINE || n == MAX_ACC ||
            !round_trip(m, c->dev, loop, op, &accs[n]) || !store_first(m, &accs[n]))
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
        if (nest_plain(m, p))
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
            struct sched_lin l;
            if (!accs[i].side.sub[d].v)
                continue;
            sched_lin_of(m, accs[i].side.sub[d].v, &l);
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
        if (nest_plain(m, op) && nest_invariant(m, op, i)) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, i, op);
        }
    }
}

enum { MAX_SWAPS = 4 };

/* A copy of loop outer, just before it, keeping only the j-th scf.for of
 * its body (*inner), swapped with it: the copy runs that loop's
 * iterations, *inner outer's. */
static ir_op swapped_copy(struct ir_module *m, ir_op outer, uint32_t j, ir_op *inner)
{
    struct split_vmap vm = {0};
    ir_op o = split_clone(m, outer, &vm), next;
    split_vmap_free(&vm);
    ir_op_insert_before(m, outer, o);
    *inner = IR_NONE;
    uint32_t q = 0;
    for (ir_op op = ir_block_get(m, nest_for_body(m, o))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
            continue;
        if (q++ == j)
            *inner = op;
        else
            ir_op_unlink(m, op);
    }
    swap(m, o, *inner);
    return o;
}

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

enum { MAX_INITS = 8 };

/* The pipeline of loop l when l zeroes accumulators: an scf.for (no
 * results) of index arithmetic and one pipeline of two stages, a compute
 * stage of no input and stores (a row's sum set chunk by chunk before its
 * blocks); IR_NONE otherwise. */
static ir_op init_loop(struct ir_module *m, ir_op l)
{
    ir_op p = ir_op_get(m, l)->kind == IR_OP_SCF_FOR ? nest_stream_pipeline(m, l) : IR_NONE;
    ir_op s[MAX_STAGES];
    if (!p || stages_of(m, p, s, MAX_STAGES) != 2)
        return IR_NONE;
    IR_FOR_OPS(m, stage_body(m, s[0]), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_KTDF_READ_FROM_FIFO || k == IR_OP_KTDF_DATA_TRANSFER || k == IR_OP_SCF_FOR)
            return IR_NONE;
    }
    IR_FOR_OPS(m, stage_body(m, s[1]), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER && !nest_plain(m, op))
            return IR_NONE;
    return p;
}

/* Whether parallel q only zeroes buffers parallel par loads (its body
 * index arithmetic and init loops). */
static bool zeroes_for(struct ir_module *m, ir_op q, ir_op par)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, nest_for_body(m, q), op) {
        if (nest_plain(m, op) || ir_op_get(m, op)->kind == IR_OP_KTDF_PARALLEL_YIELD)
            continue;
        ir_op p = init_loop(m, op), s[MAX_STAGES];
        if (!p)
            return false;
        stages_of(m, p, s, MAX_STAGES);
        IR_FOR_OPS(m, stage_body(m, s[1]), x) {
            struct nest_side to;
            if (ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
                (!nest_read_side(m, x, 1, &to) || !nest_touches(m, par, to.v, 0)))
                return false;
        }
        n++;
    }
    return n > 0;
}

/* The parallels right before par (coarsening's fission gave each pass of
 * a point its own) that only zero what par loads (a row's sums, chunk by
 * chunk) joined with it, as fuse-points joins them, so that register-carry
 * finds the zeroing before the loop it carries (absorb_inits). A join it
 * does not use is split again after fuse-pipelines. */
static void join_inits(struct nest_ctx *c, ir_op par)
{
    struct ir_module *m = c->m;
    ir_op run[MAX_INITS];
    uint32_t n = 0;
    for (ir_op q = ir_op_get(m, par)->prev;
         q && n < MAX_INITS && ir_op_get(m, q)->kind == IR_OP_KTDF_PARALLEL &&
         zeroes_for(m, q, par);
         q = ir_op_get(m, q)->prev)
        run[n++] = q;
    if (!n)
        return;
    ir_op a = run[n - 1];
    for (uint32_t i = n - 1; i-- > 0;)
        if (!nest_join_points(c, a, run[i]))
            return;
    nest_join_points(c, a, par);
}

/* Init loops absorbed into a swapped loop: each loop and its copy. */
struct inits {
    ir_op loop[MAX_INITS], copy[MAX_INITS];
    uint32_t n;
};

/* carry-interchange's zeroing: the init loops right before o (the outer
 * loop's copy, swapped; join_inits put them there) over the chunks o now
 * runs run their iteration in o's body, before first, in their order,
 * where register-carry takes each pipeline as its accumulator's initial
 * value (in registers: not stored, loaded back and sent). */
static void absorb_inits(struct ir_module *m, ir_op o, ir_op first, struct inits *in)
{
    in->n = 0;
    ir_op at = first; /* the earlier loop's copy goes before the later's */
    for (ir_op l = ir_op_get(m, o)->prev; l && in->n < MAX_INITS; l = ir_op_get(m, l)->prev) {
        if (nest_plain(m, l))
            continue;
        bool same = init_loop(m, l) != IR_NONE;
        for (int k = 0; k < 3 && same; k++)
            same = split_same_int(m, ir_op_get(m, l)->opnd[k], ir_op_get(m, o)->opnd[k]);
        if (!same)
            break;
        struct split_vmap vm = {0};
        split_vmap_set(&vm, nest_for_iv(m, l), nest_for_iv(m, o));
        ir_op group = IR_NONE;
        IR_FOR_OPS(m, nest_for_body(m, l), op) {
            if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
                continue;
            ir_op x = split_clone(m, op, &vm);
            ir_op_insert_before(m, at, x);
            group = group ? group : x;
            if (ir_op_get(m, x)->kind == IR_OP_KTDF_PIPELINE)
                in->copy[in->n] = x;
        }
        split_vmap_free(&vm);
        at = group;
        in->loop[in->n++] = l;
    }
}

/* Once register-carry takes the swapped loop (accs its accumulators): a
 * copy that sets none of them goes (its loop stays), then (loops) an init
 * loop whose copy sets one. */
static void settle_inits(struct ir_module *m, const struct inits *in, const struct acc *accs,
                         uint32_t na, bool loops)
{
    for (uint32_t i = 0; i < in->n; i++) {
        bool taken = false;
        for (uint32_t k = 0; k < na; k++)
            taken |= accs[k].init == in->copy[i];
        if (taken == loops)
            ir_op_unlink(m, taken ? in->loop[i] : in->copy[i]);
    }
}

/* carry-merge's interchange: inner loops of the same bounds (a row's sum
 * and sum of squares, each over 4 chunks, in a loop over the row's column
 * blocks) become one inner loop, swapped with the outer loop once, so
 * that register-carry carries each chunk's accumulators in one pipeline
 * (merge_carried) reading every block once. Tried on a copy of outer
 * (inner: its n inner loops), kept when register-carry takes the joined
 * loop; false (nothing changed) otherwise. */
static bool interchange_joined(struct nest_ctx *c, ir_op outer, const ir_op *inner, uint32_t n)
{
    struct ir_module *m = c->m;
    if (n < 2)
        return false;
    for (uint32_t j = 1; j < n; j++)
        for (int k = 0; k < 3; k++)
            if (!split_same_int(m, ir_op_get(m, inner[0])->opnd[k],
                                ir_op_get(m, inner[j])->opnd[k]))
                return false;
    struct split_vmap vm = {0};
    ir_op o = split_clone(m, outer, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, outer, o);
    /* the outer body's index arithmetic first (no inner loop has results) */
    ir_op first = IR_NONE, next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, o))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_SCF_FOR && !first) {
            first = op;
        } else if (k != IR_OP_SCF_FOR && k != IR_OP_SCF_YIELD && first) {
            ir_op_unlink(m, op);
            ir_op_insert_before(m, first, op);
        }
    }
    for (ir_op op = ir_op_get(m, first)->next; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
            continue;
        ir_value iv = nest_for_iv(m, op), ivf = nest_for_iv(m, first);
        move_body(m, nest_for_body(m, op), ir_block_get(m, nest_for_body(m, first))->last, &iv,
                  &ivf, 1);
        ir_op_unlink(m, op);
    }
    swap(m, o, first);
    struct inits in;
    absorb_inits(m, o, first, &in);
    struct acc accs[MAX_ACC];
    uint32_t na = match(c, first, accs);
    if (na && apart(m, o, accs, na)) {
        settle_inits(m, &in, accs, na, false);
        settle_inits(m, &in, accs, na, true);
        nest_move_join(c, outer, o);
        ir_op_unlink(m, outer);
        return true;
    }
    ir_op_unlink(m, o);
    return false;
}

/* Whether the bounds of loop `inner`, in loop outer's body, are fixed in
 * outer (values from outside it, or index arithmetic on them). */
static bool bounds_fixed(const struct ir_module *m, ir_op outer, ir_op inner)
{
    for (uint32_t k = 0; k < 3; k++) {
        ir_op d = ir_value_def(m, ir_op_get(m, inner)->opnd[k]);
        if (d && ir_op_get(m, d)->block == nest_for_body(m, outer) &&
            (!nest_plain(m, d) || !nest_invariant(m, d, outer)))
            return false;
    }
    return true;
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
        } else if (k != IR_OP_SCF_YIELD && !nest_plain(m, op)) {
            return;
        }
    }
    /* swapped, each inner iteration runs a pipeline of its own: only when
     * the blocks carried are at least half as many (a long inner loop
     * streams in one pipeline, its round trip paid once a block:
     * rmsnorm_2x2's 2 blocks of 16 chunks 31483 -> 37365 cycles swapped;
     * a blocked softmax's 8 blocks of 16, 11249 -> 7920, its sums no
     * longer loaded and stored for every block) */
    int64_t outer_trips, inner_trips;
    if (!nest_for_normal(m, outer, &outer_trips))
        return;
    for (uint32_t j = 0; j < n; j++)
        if (!nest_for_normal(m, inner[j], &inner_trips) || inner_trips > 2 * outer_trips)
            return;
    for (uint32_t j = 0; j < n; j++)
        if (!bounds_fixed(m, outer, inner[j]))
            return;
    if (!(c->o->disabled & (UINT64_C(1) << SCHED_NEST_CARRY_MERGE)) &&
        interchange_joined(c, outer, inner, n))
        return;
    ir_op copies[MAX_SWAPS];
    ir_value bufs[MAX_SWAPS * MAX_ACC];
    uint32_t nbufs = 0, from[MAX_SWAPS + 1] = {0};
    bool ok = n > 0;
    struct inits in = {.n = 0}; /* the first copy's, right after them */
    struct acc in_accs[MAX_ACC];
    uint32_t in_na = 0;
    for (uint32_t j = 0; j < n; j++) {
        ir_op i, o = copies[j] = swapped_copy(m, outer, j, &i);
        if (j == 0)
            absorb_inits(m, o, i, &in);
        struct acc accs[MAX_ACC];
        uint32_t na = ok ? match(c, i, accs) : 0;
        ok = na && apart(m, o, accs, na);
        if (j == 0) {
            memcpy(in_accs, accs, na * sizeof *accs);
            in_na = na;
        }
        for (uint32_t a = 0; a < na && ok; a++) {
            for (uint32_t b = 0; b < nbufs; b++)
                ok &= bufs[b] != accs[a].side.v;
            bufs[nbufs++] = accs[a].side.v;
        }
        from[j + 1] = nbufs;
    }
    if (ok)
        settle_inits(m, &in, in_accs, in_na, false);
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
    if (ok) {
        settle_inits(m, &in, in_accs, in_na, true);
        nest_move_join(c, outer, copies[0]);
        ir_op_unlink(m, outer);
    }
}

uint32_t nest_carry_swap_out(struct nest_ctx *c, ir_op outer, ir_op *out, uint32_t max)
{
    struct ir_module *m = c->m;
    enum { MAX_PASSES = NEST_JAM_ROWS_MAX }; /* a pass a row of a run, at most */
    ir_op inner[MAX_PASSES];
    uint32_t n = nest_body_passes(m, outer, inner, MAX_PASSES);
    if (!n || n > MAX_PASSES || n > max || ir_op_get(m, outer)->nres || nest_loop_type(m, outer))
        return 0;
    for (uint32_t j = 0; j < n; j++)
        if (!bounds_fixed(m, outer, inner[j]))
            return 0;
    ir_op copies[MAX_PASSES];
    ir_value bufs[MAX_PASSES * MAX_ACC];
    uint32_t nbufs = 0, from[MAX_PASSES + 1] = {0}, made = 0;
    bool ok = true;
    for (uint32_t j = 0; j < n && ok; j++) {
        ir_op i, o = copies[made++] = swapped_copy(m, outer, j, &i);
        /* o is the parallel loop now, i the kernel's */
        ir_attr a = ir_op_get(m, o)->attrs;
        ir_op_get(m, o)->attrs = ir_op_get(m, i)->attrs;
        ir_op_get(m, i)->attrs = a;
        struct acc accs[MAX_ACC];
        uint32_t na = match(c, i, accs);
        ok = na && apart(m, o, accs, na);
        for (uint32_t k = 0; k < na && ok; k++)
            bufs[nbufs++] = accs[k].side.v;
        from[j + 1] = nbufs;
    }
    /* split apart, no pass may touch another's accumulators */
    for (uint32_t j = 0; j < n && ok && n > 1; j++) {
        struct foreign f = {bufs, nbufs, from[j], from[j + 1], false};
        ir_walk(m, copies[j], foreign_use, &f);
        ok = !f.found;
    }
    if (!ok) {
        for (uint32_t j = 0; j < made; j++)
            ir_op_unlink(m, copies[j]);
        return 0;
    }
    nest_move_join(c, outer, copies[0]);
    ir_op_unlink(m, outer);
    memcpy(out, copies, n * sizeof *copies);
    return n;
}

bool nest_carry(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops l = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PARALLEL, &l);
    for (uint32_t i = 0; i < l.n; i++)
        if (ir_op_get(m, l.v[i])->block) /* not joined into an earlier one */
            join_inits(c, l.v[i]);
    l.n = 0;
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
        /* carry-merge: the accumulators' pipelines, in a row, one */
        for (uint32_t k = 1, base = 0;
             k < n && !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_CARRY_MERGE)); k++)
            if (!merge_carried(c, accs[base].pipe, accs[k].pipe))
                base = k;
        ir_op_unlink(m, l.v[i]);
        changed = true;
    }
    free(l.v);
    if (changed)
        split_dce(m, fn);
    return true;
}
