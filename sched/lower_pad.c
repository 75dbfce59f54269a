/* lower_pad.c - zero-padded loads (lower.h, "Zero-padded loads"): a compute
 * stage's zero fill of the lanes past a count, done by the load unit that
 * feeds it instead.
 *
 * ktc-split reads a row past a view's coordinate set as zeros (ref 6.6)
 * with a generic `select(lane < count, x, 0)` on the compute unit: a splat
 * of the count, a compare and a select a vector. A load unit with the
 * device's zero_pad feature loads only the first count elements and zeroes
 * the rest itself (SpyreCode's vldz). Before the stages are lowered, each
 * such generic leaves its stage, and the transfer that fills the FIFO it
 * reads computes the count where it loads (the count's index arithmetic
 * cloned into the load stage, its loops' variables for the compute
 * stage's); lower_load then emits `agen.vector_load ... zero_pad(%count)`.
 */
#include <stdlib.h>

#include "ktir/ops.h"
#include "sched/lower_int.h"
#include "sched/nest_int.h"
#include "sched/split_int.h"
#include "sched/zero_fill.h"

/* The innermost stage around op, or IR_NONE. */
static ir_op stage_of(const struct ir_module *m, ir_op op)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_KTDF_STAGE)
            return p;
    return IR_NONE;
}

/* The loops around op inside stage st, innermost first; their number, or
 * -1 past LW_MAX_DEPTH or through anything but scf.for. */
static int loops_in(const struct ir_module *m, ir_op op, ir_op st, ir_op *out)
{
    int n = 0;
    for (ir_op p = ir_op_parent(m, op); p != st; p = ir_op_parent(m, p)) {
        if (!p || ir_op_get(m, p)->kind != IR_OP_SCF_FOR || n == LW_MAX_DEPTH)
            return -1;
        out[n++] = p;
    }
    return n;
}

/* Clones into `before`'s block the ops of stage st that index value v needs
 * (vm maps the compute loops' variables to the load's); false when v needs
 * anything but pure ops without regions inside st. */
static bool clone_count(struct ir_module *m, ir_value v, ir_op st, ir_op before,
                        struct split_vmap *vm, ir_value *out)
{
    ir_value got = split_vmap_get(vm, v);
    if (got != v || !ir_value_defined_in(m, v, st)) {
        *out = got;
        return true;
    }
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) || o->nreg)
        return false; /* a block argument: an iter_arg, or a loop not paired */
    for (uint32_t k = 0; k < o->nopnd; k++) {
        ir_value x;
        if (!clone_count(m, ir_op_get(m, d)->opnd[k], st, before, vm, &x))
            return false;
    }
    ir_op_insert_before(m, before, split_clone(m, d, vm));
    *out = split_vmap_get(vm, v);
    return true;
}

static void erase_dead(struct ir_module *m, ir_op root, ir_value v);

/* Unlinks op, then whatever made its operands that is left dead. Its
 * values stay valid after the unlink (ir.h), so the operands are read
 * after. */
static void erase(struct ir_module *m, ir_op root, ir_op op)
{
    ir_op_unlink(m, op);
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t k = 0; k < o->nopnd; k++)
        erase_dead(m, root, o->opnd[k]);
}

/* Erases the maker of v when it is a pure op without regions inside root
 * whose results nothing under root uses any more. */
static void erase_dead(struct ir_module *m, ir_op root, ir_value v)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || !o->block || !(ir_op_def(o->kind)->flags & IR_OPF_PURE) || o->nreg ||
        !ir_value_defined_in(m, v, root))
        return;
    for (uint32_t r = 0; r < o->nres; r++)
        if (nest_users_under(m, root, o->res + r, NULL))
            return;
    erase(m, root, d);
}

static bool has_zero_pad(const struct lw *lw, ir_op stage)
{
    const struct ir_module *m = lw->m;
    ir_attr a = ir_op_attr(m, stage, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY || ai->n != 1 ||
        ir_attr_get(m, ai->elems[0])->kind != IR_AT_STRING)
        return false;
    return sched_kind_zero_pads(lw->dev, ir_str_get(m, ir_attr_get(m, ai->elems[0])->s));
}

struct pad_ctx {
    struct lw *lw;
    ir_op *reads;
    uint32_t nreads, cap;
};

static bool collect_read(struct ir_module *m, ir_op op, void *ctx)
{
    struct pad_ctx *pc = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_READ_FROM_FIFO) {
        pc->reads = lw_grow(pc->reads, &pc->cap, pc->nreads + 1, sizeof *pc->reads);
        pc->reads[pc->nreads++] = op;
    }
    return true;
}

struct fill_ctx {
    ir_value slot;
    ir_op xfer;
    uint32_t n;
};

static bool find_fill(struct ir_module *m, ir_op op, void *ctx)
{
    struct fill_ctx *f = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER)
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (o->opnd[i] == f->slot) {
                f->xfer = op;
                f->n++;
            }
    return true;
}

/* Read r's zero fill moved to the transfer that fills its FIFO slot, when
 * everything above holds. */
static void try_read(struct lw *lw, ir_op r)
{
    struct ir_module *m = lw->m;
    ir_value slot = ir_op_get(m, r)->opnd[0], v = ir_op_get(m, r)->res;
    ir_op cst = stage_of(m, r), g;
    ir_op pipe = cst ? ir_op_parent(m, cst) : IR_NONE;
    if (!pipe || ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE ||
        nest_users_under(m, cst, v, &g) != 1)
        return;
    const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, slot));
    ir_value cmp = IR_NONE;
    ir_value count =
        st->kind == IR_TY_FIFO_SLOT && st->shape[0] == ir_type_numel(m, ir_value_type(m, v))
            ? sched_zero_fill(m, g, v, &cmp)
            : IR_NONE;
    /* the one transfer into the slot, on a unit that pads, a plain load */
    struct fill_ctx f = {slot, IR_NONE, 0};
    ir_walk(m, pipe, find_fill, &f);
    ir_op lst = f.n == 1 ? stage_of(m, f.xfer) : IR_NONE;
    if (!count || !lst || ir_op_parent(m, lst) != pipe || lst == cst || !has_zero_pad(lw, lst) ||
        nest_users_under(m, pipe, slot, NULL) != 2 || ir_op_attr(m, f.xfer, "transfer_mode") ||
        ir_op_attr(m, f.xfer, "old_lanes") ||
        ir_type_get(m, ir_value_type(m, ir_op_get(m, f.xfer)->opnd[0]))->kind != IR_TY_MEMREF)
        return;
    /* the load's loops and the read's, pairwise the same */
    ir_op la[LW_MAX_DEPTH], lr[LW_MAX_DEPTH];
    int na = loops_in(m, f.xfer, lst, la), nr = loops_in(m, r, cst, lr);
    if (na < 0 || na != nr)
        return;
    struct split_vmap vm = {0};
    for (int i = 0; i < na; i++) {
        const struct ir_op_info *a = ir_op_get(m, la[i]), *b = ir_op_get(m, lr[i]);
        for (uint32_t k = 0; k < 3; k++)
            if (!split_same_int(m, a->opnd[k], b->opnd[k])) {
                split_vmap_free(&vm);
                return;
            }
        split_vmap_set(&vm, ir_block_get(m, lw_body(m, lr[i], 0))->args[0],
                       ir_block_get(m, lw_body(m, la[i], 0))->args[0]);
    }
    /* clone the count first (into a scratch block: nothing changes unless
     * the whole count clones), then move it before the load */
    ir_block scratch = ir_block_new(m);
    struct ir_op_state nop;
    ir_state_init(&nop, m, "scf.yield", ir_op_get(m, f.xfer)->loc);
    ir_op anchor = ir_op_create(m, &nop);
    ir_block_append_op(m, scratch, anchor);
    ir_value k;
    bool ok = clone_count(m, count, cst, anchor, &vm, &k);
    split_vmap_free(&vm);
    ir_op_unlink(m, anchor);
    if (!ok) {
        while (ir_block_get(m, scratch)->first)
            ir_op_unlink(m, ir_block_get(m, scratch)->first);
        return;
    }
    while (ir_block_get(m, scratch)->first) {
        ir_op o = ir_block_get(m, scratch)->first;
        ir_op_unlink(m, o);
        ir_op_insert_before(m, f.xfer, o);
    }
    /* the fill leaves the compute stage, with what only it used */
    split_replace_uses(m, cst, ir_op_get(m, g)->res, v);
    erase(m, cst, g);
    erase_dead(m, cst, cmp);
    lw->pads = lw_grow(lw->pads, &lw->cappads, lw->npads + 1, sizeof *lw->pads);
    lw->pads[lw->npads++] = (struct lw_pad){f.xfer, k};
}

bool lw_zero_pads(struct lw *lw)
{
    struct pad_ctx pc = {.lw = lw};
    ir_walk(lw->m, lw->m->top, collect_read, &pc);
    for (uint32_t i = 0; i < pc.nreads; i++)
        try_read(lw, pc.reads[i]);
    free(pc.reads);
    return !lw->failed;
}

ir_value lw_pad_count(const struct lw *lw, ir_op xfer)
{
    for (uint32_t i = 0; i < lw->npads; i++)
        if (lw->pads[i].xfer == xfer)
            return lw->pads[i].count;
    return IR_NONE;
}
