/* nest_fuse.c - ktc-nest's `fuse-pipelines` (nest.h): two pipelines in a
 * row on the same three units (loads, compute, stores: a row's reduction,
 * then the scalar math on its result, then the splat of that scalar)
 * become one, and a value the first stores to the scratchpad and the
 * second loads back (exactly the same elements) stays in the compute
 * unit's registers:
 *
 *   pipeline { [L1LU] loads A                  pipeline { [L1LU] loads A ; loads B but T
 *              [SFU]  %a = f(..)                          [SFU]  %a = f(..) ; %b = g(%a, ..)
 *                     write_to_fifo %a, %o                       write_to_fifo %b, %q
 *              [L1SU] %o -> %T[s] }                       [L1SU] stores of B }
 *   pipeline { [L1LU] %T[s] -> %i ; loads B
 *              [SFU]  %b = g(read %i, ..)
 *                     write_to_fifo %b, %q
 *              [L1SU] %q -> .. }
 *
 * A load of a scalar splatted to a vector (transfer_mode "splat") becomes a
 * broadcast linalg.generic on the compute unit. A load of the second that
 * the first makes alike, at constant subscripts or a corelet split's
 * instance (a hoisted splat vector),
 * takes the first's value; a store of the first to another chunk of what
 * the second loads (disjoint) does not stop the fusion. The store of T and its
 * write go when nothing in the program loads T any more; the load unit no longer
 * waits for the store unit between the two. Taken when every scratchpad
 * buffer the second pipeline loads that the first stores is forwarded so
 * (nothing the second loads is then written by the first), the stages'
 * units are the same, neither pipeline is double buffered (modulo) and
 * neither compute stage moves a vector wider than its unit's lanes (a
 * streamed wide reduction: ktc-codegen needs its receive, reduce and send
 * in a row) but the first's receives each reduced to one element, at most
 * half the vector registers' pieces of a power of two (ktc-codegen
 * streams that in one group and keeps the scalar in a register: a row's
 * sum, then its mean), and the fused compute stage holds no more vectors at once
 * than the target's vector registers (options max_vregs, fused_vectors).
 * Repeated along a block, a straight-line chain of such pipelines becomes
 * one.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_FWD = 16 };

static ir_block body_of(const struct ir_module *m, ir_op op)
{
    return ir_region_entry(m, ir_op_region(m, op, 0));
}

bool nest_pipe_parts(const struct ir_module *m, ir_op pipe, ir_op *priv, ir_op st[3])
{
    uint32_t n = 0;
    *priv = IR_NONE;
    if (ir_op_get(m, pipe)->nopnd || ir_op_attr(m, pipe, "modulo"))
        return false;
    IR_FOR_OPS(m, body_of(m, pipe), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_KTDF_PRIVATE && !*priv && !n)
            *priv = op;
        else if (k == IR_OP_KTDF_STAGE && n < 3)
            st[n++] = op;
        else
            return false;
    }
    return n == 3;
}

/* Whether a transfer in a loop of blk reads buffer v. */
static bool loop_reads(const struct ir_module *m, ir_block blk, ir_value v)
{
    IR_FOR_OPS(m, blk, op) {
        if (ir_op_get(m, op)->kind != IR_OP_SCF_FOR)
            continue;
        IR_FOR_OPS(m, body_of(m, op), x) {
            struct nest_side src;
            if (ir_op_get(m, x)->kind == IR_OP_SCF_FOR && loop_reads(m, body_of(m, op), v))
                return true;
            if (ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
                (!nest_read_side(m, x, 0, &src) || src.v == v))
                return true;
        }
    }
    return false;
}

/* The top-level op of blk reading (write: writing) FIFO slot v; IR_NONE
 * when none or several, or when one is nested. */
static ir_op slot_op(const struct ir_module *m, ir_block blk, ir_value v, bool write)
{
    ir_op found = IR_NONE;
    uint32_t kind = write ? IR_OP_KTDF_WRITE_TO_FIFO : IR_OP_KTDF_READ_FROM_FIFO;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == kind && o->opnd[write ? 1 : 0] == v) {
            if (found)
                return IR_NONE;
            found = op;
        }
    }
    return found;
}

/* Whether compute stage st reads or writes through a FIFO a vector wider
 * than its unit's lanes: ktc-codegen streams such a reduction only as its
 * stage's receive, reduce and send in a row, which fusing would split. */
struct wide_ctx {
    const struct arch_device *dev;
    uint32_t res; /* the unit's first instance */
    bool wide;
};

static bool find_wide(struct ir_module *m, ir_op op, void *ctx)
{
    struct wide_ctx *w = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDF_READ_FROM_FIFO && o->kind != IR_OP_KTDF_WRITE_TO_FIFO)
        return true;
    ir_type t = o->kind == IR_OP_KTDF_READ_FROM_FIFO ? ir_value_type(m, o->res)
                                                     : ir_value_type(m, o->opnd[0]);
    char name[16];
    int64_t lanes = arch_lanes(w->dev, w->res, split_type_name(m, ir_type_elem(m, t), name,
                                                                sizeof name));
    w->wide |= lanes <= 0 || ir_type_numel(m, t) > lanes;
    return !w->wide;
}

bool nest_stage_wide(struct ir_module *m, const struct arch_device *dev, ir_op st)
{
    uint32_t k = nest_stage_kind(dev, m, st);
    if (k == ARCH_NONE)
        return true;
    struct wide_ctx w = {dev, dev->kinds[k].first, false};
    ir_walk(m, st, find_wide, &w);
    return w.wide;
}

/* Whether the only traffic of compute stage st wider than its unit's
 * lanes is receives each reduced, alone, to one element by an op after
 * them (a row's sum from its 256-wide accumulator), a power of two times
 * the lanes and at most half of vregs of them: ktc-codegen streams such a
 * reduction in one group and keeps its result in a register for the ops
 * after it, so a pipeline may join the stage (nest_stage_wide is true of
 * it). */
static bool wide_reduced(struct ir_module *m, const struct arch_device *dev, ir_op st,
                         uint32_t vregs)
{
    uint32_t kind = nest_stage_kind(dev, m, st);
    if (kind == ARCH_NONE)
        return false;
    uint32_t res = dev->kinds[kind].first;
    bool any = false;
    IR_FOR_OPS(m, body_of(m, st), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_WRITE_TO_FIFO || o->nreg) {
            struct wide_ctx w = {dev, res, false};
            ir_walk(m, op, find_wide, &w);
            if (w.wide)
                return false; /* a wide send, or wide traffic in a loop */
            continue;
        }
        if (o->kind != IR_OP_KTDF_READ_FROM_FIFO)
            continue;
        ir_type t = ir_value_type(m, o->res);
        char name[16];
        int64_t lanes = arch_lanes(dev, res, split_type_name(m, ir_type_elem(m, t), name,
                                                             sizeof name));
        int64_t n = ir_type_numel(m, t);
        if (lanes > 0 && n <= lanes)
            continue;
        ir_op r;
        uint32_t users = nest_users_under(m, st, o->res, &r);
        const struct ir_op_info *ri = r ? ir_op_get(m, r) : NULL;
        if (lanes <= 0 || n % lanes || ((n / lanes) & (n / lanes - 1)) ||
            (uint64_t)(n / lanes) > vregs / 2 || users != 1 || ri->block != o->block ||
            ri->kind != IR_OP_LINALG_GENERIC || ri->nres != 1 ||
            ir_type_numel(m, ir_value_type(m, ri->res)) != 1 ||
            !nest_reduce_combiner(m, r, &(ir_op){IR_NONE}))
            return false;
        any = true;
    }
    return any;
}

/* A value the second pipeline loads that the first computes, or loads
 * too (store and write IR_NONE, same: the first's read of it). */
struct fwd {
    ir_op load;  /* the second's transfer of T to slot i */
    ir_op read;  /* the second's read of slot i */
    ir_op store; /* the first's transfer of slot o to T */
    ir_op write; /* the first's write of the value to slot o */
    ir_op same;  /* the first's read of the same elements, loaded alike */
    bool splat;
};

/* The first pipeline's value B's read of f takes. */
static ir_value fwd_value(const struct ir_module *m, const struct fwd *f)
{
    return f->same ? ir_op_get(m, f->same)->res : ir_op_get(m, f->write)->opnd[0];
}

/* The most vectors the compute stages ca then cb would hold at once as
 * one stage, B's forwarded reads (f, nf) taking A's written values: each
 * tensor value of a top-level op counts from its op to its last use (a use
 * nested in an op counting at that op), as ktc-codegen keeps a vector in a
 * register; plus one for the op's working register. An estimate from
 * above: ktc-codegen's own scratch registers (a wide reduction's tree) are
 * not in it, and stages that move such vectors are not fused. */
struct span {
    int32_t *last;
    int32_t pos;
    const struct fwd *f;
    uint32_t nf;
};

static ir_value forwarded(const struct ir_module *m, const struct span *sp, ir_value v)
{
    for (uint32_t i = 0; i < sp->nf; i++)
        if (!sp->f[i].splat && v == ir_op_get(m, sp->f[i].read)->res)
            return fwd_value(m, &sp->f[i]);
    return v;
}

static bool note_last(struct ir_module *m, ir_op op, void *ctx)
{
    struct span *sp = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        sp->last[forwarded(m, sp, o->opnd[i])] = sp->pos;
    return true;
}

static bool is_vector(const struct ir_module *m, ir_value v)
{
    return ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_TENSOR;
}

static uint32_t fused_vectors(struct ir_module *m, ir_op ca, ir_op cb, const struct fwd *f,
                              uint32_t nf)
{
    struct span sp = {calloc(m->values.len + 1, sizeof(int32_t)), 0, f, nf};
    if (!sp.last)
        abort();
    for (int pass = 0; pass < 2; pass++) {
        IR_FOR_OPS(m, body_of(m, pass ? cb : ca), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            for (uint32_t r = 0; r < o->nres; r++)
                sp.last[o->res + r] = sp.pos;
            sp.pos++;
        }
    }
    sp.pos = 0;
    for (int pass = 0; pass < 2; pass++)
        IR_FOR_OPS(m, body_of(m, pass ? cb : ca), op) {
            ir_walk(m, op, note_last, &sp);
            sp.pos++;
        }
    /* live[pos]: vectors held at op pos (defined by then, used at or after it) */
    int32_t n = sp.pos, pos = 0;
    uint32_t *live = calloc((size_t)n + 1, sizeof *live), peak = 0;
    if (!live)
        abort();
    for (int pass = 0; pass < 2; pass++)
        IR_FOR_OPS(m, body_of(m, pass ? cb : ca), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            bool gone = false; /* a forwarded read: B's uses take A's value */
            for (uint32_t i = 0; i < nf; i++)
                gone |= op == f[i].read && !f[i].splat;
            for (uint32_t r = 0; r < o->nres && !gone; r++)
                if (is_vector(m, o->res + r))
                    for (int32_t q = pos; q <= sp.last[o->res + r] && q < n; q++)
                        live[q]++;
            pos++;
        }
    for (int32_t q = 0; q < n; q++)
        peak = live[q] > peak ? live[q] : peak;
    free(live);
    free(sp.last);
    return peak + 1;
}

/* Whether sides a and b of one buffer name elements no element of the
 * other is: in some dim their subscripts are values a constant apart, at
 * least the lower one's size there (a point's chunks of a row, c + i * C/K
 * apart). Constant subscripts are not taken (elements of one small buffer,
 * a row's max beside its sum: the load waits for the store). */
static bool disjoint(const struct ir_module *m, const struct nest_side *a,
                     const struct nest_side *b)
{
    if (a->v != b->v || a->nsub != b->nsub || a->nsize != a->nsub || b->nsize != b->nsub)
        return false;
    for (uint32_t k = 0; k < a->nsub; k++) {
        int64_t d; /* b's subscript - a's */
        if (!a->sub[k].v || !b->sub[k].v || !nest_const_diff(m, b->sub[k].v, a->sub[k].v, &d))
            continue;
        if (d >= a->size[k] || -d >= b->size[k])
            return true;
    }
    return false;
}

/* Whether v is the instance of a corelet split (ktdf.parallel's second
 * argument): the same all through a corelet's run, like a constant (a
 * hoisted splat vector has a row per instance, [%inst, 0]). */
static bool is_instance(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg || vi->index != 1)
        return false;
    ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    return ir_op_get(m, owner)->kind == IR_OP_KTDF_PARALLEL;
}

/* The read, in A's compute stage (sa: A's stages), of a load of A's from
 * the elements src names (B's load x's source, B's IV as A's) into a slot,
 * with x's transfer mode; IR_NONE when none. Only for constant subscripts
 * (a vector every run loads: a hoisted splat); a point's own vector
 * loaded by two passes (layernorm's x) is left to each: forwarding it
 * lets their loops fuse, which the simulator finds slower. */
static ir_op same_load(const struct ir_module *m, const ir_op sa[3], ir_op x,
                       const struct nest_side *src)
{
    for (uint32_t k = 0; k < src->nsub; k++)
        if (src->sub[k].v && !is_instance(m, src->sub[k].v))
            return IR_NONE;
    IR_FOR_OPS(m, body_of(m, sa[0]), y) {
        struct nest_side from, to;
        if (ir_op_get(m, y)->kind != IR_OP_KTDF_DATA_TRANSFER ||
            !nest_read_side(m, y, 0, &from) || !nest_read_side(m, y, 1, &to) || from.fifo ||
            !to.fifo || !nest_same_side_lin(m, &from, src) ||
            ir_ktdf_transfer_mode_is(m, y, "splat") != ir_ktdf_transfer_mode_is(m, x, "splat"))
            continue;
        return slot_op(m, body_of(m, sa[1]), to.v, false);
    }
    return IR_NONE;
}

/* Whether B may join A: fills f (nf) with the loads of B to forward. */
static bool fusable(const struct nest_ctx *c, ir_op a, ir_op b, ir_value biv, ir_value aiv,
                    struct fwd *f, uint32_t *nf)
{
    struct ir_module *m = c->m;
    const struct arch_device *dev = c->dev;
    uint32_t vregs = c->o->max_vregs;
    ir_op pa, pb, sa[3], sb[3];
    if (nest_rows_apart(c, a, b))
        return false;
    if (!nest_pipe_parts(m, a, &pa, sa) || !nest_pipe_parts(m, b, &pb, sb) ||
        (nest_stage_wide(m, dev, sa[1]) && !wide_reduced(m, dev, sa[1], vregs)) ||
        nest_stage_wide(m, dev, sb[1]))
        return false;
    if (!nest_same_units(m, sa, sb, 3))
        return false;
    for (int i = 0; i < 3; i += 2)
        if (!nest_transfers_only(m, body_of(m, sa[i])) ||
            !nest_transfers_only(m, body_of(m, sb[i])))
            return false;
    for (int i = 0; i < 2; i++)
        IR_FOR_OPS(m, body_of(m, i ? sb[1] : sa[1]), op)
            if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER)
                return false;
    *nf = 0;
    IR_FOR_OPS(m, body_of(m, sb[0]), x) {
        struct nest_side src, dst;
        if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, x, 0, &src) || !nest_read_side(m, x, 1, &dst))
            return false;
        if (src.fifo)
            continue;
        for (uint32_t k = 0; biv && k < src.nsub; k++) /* B's loop IV as A's */
            if (src.sub[k].v == biv)
                src.sub[k].v = aiv;
        /* a store of A to what x loads: it must be exactly x's elements */
        ir_op y = IR_NONE;
        IR_FOR_OPS(m, body_of(m, sa[2]), s) {
            struct nest_side from, to;
            if (ir_op_get(m, s)->kind == IR_OP_SCF_FOR)
                return false; /* stores in a loop: not matched */
            if (ir_op_get(m, s)->kind != IR_OP_KTDF_DATA_TRANSFER)
                continue;
            if (!nest_read_side(m, s, 0, &from) || !nest_read_side(m, s, 1, &to))
                return false;
            if (to.fifo || to.v != src.v || disjoint(m, &to, &src))
                continue;
            if (y || !from.fifo || !nest_same_side_lin(m, &to, &src))
                return false;
            y = s;
        }
        if (!y) { /* A loads the same elements alike: B takes A's value */
            ir_op same = dst.fifo ? same_load(m, sa, x, &src) : IR_NONE;
            ir_op r = same ? slot_op(m, body_of(m, sb[1]), dst.v, false) : IR_NONE;
            if (r && *nf < MAX_FWD &&
                ir_value_type(m, ir_op_get(m, r)->res) == ir_value_type(m, ir_op_get(m, same)->res))
                f[(*nf)++] = (struct fwd){x, r, IR_NONE, IR_NONE, same, false};
            continue;
        }
        struct nest_side from;
        nest_read_side(m, y, 0, &from);
        ir_op w = slot_op(m, body_of(m, sa[1]), from.v, true);
        ir_op r = dst.fifo ? slot_op(m, body_of(m, sb[1]), dst.v, false) : IR_NONE;
        if (!w || !r || *nf == MAX_FWD)
            return false;
        ir_type vt = ir_value_type(m, ir_op_get(m, w)->opnd[0]);
        ir_type rt = ir_value_type(m, ir_op_get(m, r)->res);
        bool splat = ir_ktdf_transfer_mode_is(m, x, "splat");
        if (splat ? ir_type_numel(m, vt) != 1 || ir_type_get(m, rt)->rank != 1 ||
                        ir_type_elem(m, vt) != ir_type_elem(m, rt)
                  : vt != rt)
            return false;
        f[(*nf)++] = (struct fwd){x, r, y, w, IR_NONE, splat};
    }
    /* nothing B loads in a loop is stored by A, in a loop of its own too
     * (a pass's chunk loop storing a row that B's chunk loop loads back:
     * joined, B's load stage would run ahead of A's stores) */
    struct sched_ops xs = {0};
    sched_ops_of_kind(m, sa[2], IR_OP_KTDF_DATA_TRANSFER, &xs);
    bool stored = false;
    for (uint32_t i = 0; i < xs.n && !stored; i++) {
        struct nest_side to;
        stored = !nest_read_side(m, xs.v[i], 1, &to) || loop_reads(m, body_of(m, sb[0]), to.v);
    }
    free(xs.v);
    if (stored)
        return false;
    /* the fused compute stage must fit the unit's vector registers */
    return !vregs || fused_vectors(m, sa[1], sb[1], f, *nf) <= vregs;
}

/* The broadcast of scalar tensor v to type t before `before`. */
static ir_value broadcast(struct ir_module *m, ir_op before, ir_value v, ir_type t)
{
    struct split_b b;
    sb_before(&b, m, before, ir_op_get(m, before)->loc);
    ir_value e = sb_tensor_empty(&b, t);
    uint32_t rv = ir_type_get(m, ir_value_type(m, v))->rank;
    ir_aff zero = ir_aff_const(m, 0), d0 = ir_aff_dim(m, 0);
    ir_aff zs[NEST_MAX_RANK];
    for (uint32_t k = 0; k < rv && k < NEST_MAX_RANK; k++)
        zs[k] = zero;
    ir_attr maps[2] = {ir_attr_affine_map(m, ir_map_intern(m, 1, 0, rv, zs)),
                       ir_attr_affine_map(m, ir_map_intern(m, 1, 0, 1, &d0))};
    ir_attr par = ir_attr_intern(m, &(struct ir_attr_info){
                                        .kind = IR_AT_OPAQUE,
                                        .s = ir_str_c(m, "linalg.iterator_type"),
                                        .body = ir_str_c(m, "parallel")});
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.generic", b.loc);
    ir_state_add_operand(m, &st, v);
    ir_state_add_operand(m, &st, e);
    ir_state_add_result(m, &st, t);
    ir_state_set_attr(m, &st, "indexing_maps", ir_attr_array(m, 2, maps));
    ir_state_set_attr(m, &st, "iterator_types", ir_attr_array(m, 1, &par));
    ir_state_set_attr(m, &st, "operandSegmentSizes",
                      split_segments(m, 2, (const int64_t[]){1, 1}));
    ir_block body = sb_region(m, &st);
    ir_type et = ir_type_elem(m, t);
    ir_value in = ir_block_add_arg(m, body, et, ir_str_c(m, "in"));
    ir_block_add_arg(m, body, et, ir_str_c(m, "out"));
    struct ir_op_state y;
    ir_state_init(&y, m, "linalg.yield", b.loc);
    ir_state_add_operand(m, &y, in);
    ir_block_append_op(m, body, ir_op_create(m, &y));
    return ir_op_result(m, sb_emit(&b, &st), 0);
}

void nest_merge_private(struct ir_module *m, ir_op a, ir_op pa, ir_op pb)
{
    if (!pb)
        return;
    if (!pa) {
        ir_op_unlink(m, pb);
        ir_op_insert_before(m, ir_block_get(m, body_of(m, a))->first, pb);
        return;
    }
    const struct ir_op_info *ao = ir_op_get(m, pa), *bo = ir_op_get(m, pb);
    ir_block ra = body_of(m, pa), rb = body_of(m, pb);
    ir_op ya = ir_block_get(m, ra)->last, yb = ir_block_get(m, rb)->last;
    ir_op next;
    for (ir_op op = ir_block_get(m, rb)->first; op && op != yb; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, ya, op);
    }
    struct ir_op_state st, y;
    ir_state_init(&st, m, "ktdf.private", ao->loc);
    ir_state_init(&y, m, "ktdf.private_yield", ir_op_get(m, ya)->loc);
    for (uint32_t k = 0; k < ao->nres; k++) {
        ir_state_add_result(m, &st, ir_value_type(m, ao->res + k));
        ir_state_add_operand(m, &y, ir_op_get(m, ya)->opnd[k]);
    }
    for (uint32_t k = 0; k < bo->nres; k++) {
        ir_state_add_result(m, &st, ir_value_type(m, bo->res + k));
        ir_state_add_operand(m, &y, ir_op_get(m, yb)->opnd[k]);
    }
    ir_op_unlink(m, ya);
    ir_block_append_op(m, ra, ir_op_create(m, &y));
    ir_state_add_region(m, &st, ao->regs[0]);
    ir_op np = ir_op_create(m, &st);
    ir_op_insert_before(m, pa, np);
    ir_op_get(m, pa)->nreg = 0;
    ir_op_unlink(m, pa);
    ir_op_unlink(m, pb);
    for (uint32_t k = 0; k < ao->nres; k++) {
        ir_value_get(m, ir_op_result(m, np, k))->name = ir_value_get(m, ao->res + k)->name;
        split_replace_uses(m, a, ao->res + k, ir_op_result(m, np, k));
    }
    for (uint32_t k = 0; k < bo->nres; k++)
        split_replace_uses(m, a, bo->res + k, ir_op_result(m, np, ao->nres + k));
}

/* Moves the ops of stage from's body to the end of stage to's. */
static void append_body(struct ir_module *m, ir_op to, ir_op from)
{
    ir_block tb = body_of(m, to);
    ir_op next;
    for (ir_op op = ir_block_get(m, body_of(m, from))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_block_append_op(m, tb, op);
    }
}

/* B into A (fusable: f, nf), B's plain ops before it moved before A. */
static void fuse(struct ir_module *m, ir_op fn, ir_op a, ir_op b, const struct fwd *f,
                 uint32_t nf)
{
    ir_op pa, pb, sa[3], sb[3];
    nest_pipe_parts(m, a, &pa, sa);
    nest_pipe_parts(m, b, &pb, sb);
    ir_op next;
    for (ir_op op = ir_op_get(m, a)->next; op && op != b; op = next) {
        next = ir_op_get(m, op)->next;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, a, op);
    }
    for (uint32_t i = 0; i < nf; i++) {
        ir_value v = fwd_value(m, &f[i]), r = ir_op_get(m, f[i].read)->res;
        if (f[i].splat) /* once, before B's compute (its read may be in a loop) */
            v = broadcast(m, ir_block_get(m, body_of(m, sb[1]))->first, v, ir_value_type(m, r));
        split_replace_uses(m, b, r, v);
        ir_op_unlink(m, f[i].read);
        ir_op_unlink(m, f[i].load);
    }
    /* T no longer read (every load of it forwarded): A's stores to it go,
     * with their writes */
    for (uint32_t i = 0; i < nf; i++) {
        struct nest_side to;
        if (!f[i].same && ir_op_get(m, f[i].store)->block &&
            nest_read_side(m, f[i].store, 1, &to) && nest_write_only(m, fn, to.v)) {
            ir_op_unlink(m, f[i].store);
            ir_op_unlink(m, f[i].write);
        }
    }
    for (int i = 0; i < 3; i++)
        append_body(m, sa[i], sb[i]);
    nest_merge_private(m, a, pa, pb);
    ir_op_unlink(m, b);
    nest_prune_private(m, a);
    nest_shrink_allocs(m, a);
}

/* Loops la and lb (in a row, the same bounds, each around one pipeline)
 * as one loop whose body runs la's pipeline then lb's, when lb's iteration
 * i takes what la's iteration i stores (forwarded, fusable with lb's IV as
 * la's) and stores nothing la loads or stores; then fused into one
 * pipeline. False (nothing changed) otherwise. */
static bool fuse_loops(struct nest_ctx *c, ir_op fn, ir_op la, ir_op lb)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *oa = ir_op_get(m, la), *ob = ir_op_get(m, lb);
    ir_op pa = nest_stream_pipeline(m, la), pb = nest_stream_pipeline(m, lb);
    if (!pa || !pb || oa->nopnd != 3 || ob->nopnd != 3)
        return false;
    for (int i = 0; i < 3; i++)
        if (!split_same_int(m, oa->opnd[i], ob->opnd[i]))
            return false;
    ir_value iva = nest_for_iv(m, la), ivb = nest_for_iv(m, lb);
    struct fwd f[MAX_FWD];
    uint32_t nf;
    if (!fusable(c, pa, pb, ivb, iva, f, &nf) || !nf)
        return false;
    ir_op sb[3], pv;
    nest_pipe_parts(m, pb, &pv, sb);
    IR_FOR_OPS(m, body_of(m, sb[2]), x) {
        struct nest_side to;
        if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (!nest_read_side(m, x, 1, &to) || to.fifo || nest_touches(m, pa, to.v, 0) ||
            nest_touches(m, pa, to.v, 1))
            return false;
    }
    /* lb's body into la's, its IV la's */
    ir_op yield = ir_block_get(m, nest_for_body(m, la))->last;
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, lb))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, yield, op);
        split_replace_uses(m, op, ivb, iva);
    }
    ir_op_unlink(m, lb);
    fuse(m, fn, pa, pb, f, nf);
    return true;
}

/* The pipeline after op x in its block, past plain ops; IR_NONE if none. */
static ir_op pipe_after(const struct ir_module *m, ir_op x)
{
    ir_op b = ir_op_get(m, x)->next;
    while (b && nest_plain(m, b))
        b = ir_op_get(m, b)->next;
    return b && ir_op_get(m, b)->kind == IR_OP_KTDF_PIPELINE ? b : IR_NONE;
}

/* unit-loops: an scf.for of one iteration (0 to 1 step 1, no results)
 * whose body is index arithmetic and one pipeline (a reduction level of
 * one output: the last fold of a row's partials) that fuse-pipelines
 * would join with the pipeline after the loop is replaced by its body,
 * the IV 0, so that fuse-pipelines sees the two side by side (the
 * reduction's last vector then taken in registers, not read back). */
bool nest_unit_loops(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops loops = {0};
    sched_ops_of_kind(m, fn, IR_OP_SCF_FOR, &loops);
    for (uint32_t i = 0; i < loops.n; i++) {
        ir_op l = loops.v[i];
        int64_t trips;
        ir_op a = ir_op_get(m, l)->block ? nest_stream_pipeline(m, l) : IR_NONE;
        ir_op after = a ? pipe_after(m, l) : IR_NONE;
        struct fwd f[MAX_FWD];
        uint32_t nf;
        if (!after || ir_op_get(m, l)->nres || !nest_for_normal(m, l, &trips) || trips != 1 ||
            !fusable(c, a, after, IR_NONE, IR_NONE, f, &nf) || !nf)
            continue;
        nest_unwrap_loop(m, l);
    }
    free(loops.v);
    return true;
}

void nest_unwrap_loop(struct ir_module *m, ir_op l)
{
    struct split_b b;
    sb_before(&b, m, l, ir_op_get(m, l)->loc);
    ir_value zero = sb_index(&b, 0);
    ir_value iv = nest_for_iv(m, l);
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, l))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, l, op);
        split_replace_uses(m, op, iv, zero);
    }
    ir_op_unlink(m, l);
}

static bool no_parallel(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    return ir_op_get(m, op)->kind != IR_OP_KTDF_PARALLEL;
}

/* The op A may join after it: the next one that is not index arithmetic,
 * past the work of jammed rows row-corelets places apart from A's
 * (row-jam runs the rows' passes side by side: row 0's sum, row 1's, row
 * 0's rstd, ...; and the rows' stores one row after the other: row 0's,
 * then row 1's splat and stores), pipelines and loops each of one other
 * row and on its corelet only (no ktdf.parallel: split over the corelets,
 * they would hold up A's), independent of A and of the op found, which
 * fuse then moves before A. */
static ir_op next_of_row(const struct nest_ctx *c, ir_op a)
{
    struct ir_module *m = c->m;
    bool on = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_CORELETS));
    int64_t row = on ? nest_row_class(c, a) : -1;
    ir_op b = ir_op_get(m, a)->next, first = IR_NONE;
    for (;;) {
        while (b && nest_plain(m, b))
            b = ir_op_get(m, b)->next;
        uint16_t k = b ? ir_op_get(m, b)->kind : 0;
        int64_t other = b && row >= 0 ? nest_row_class(c, b) : -1;
        if ((k != IR_OP_KTDF_PIPELINE && k != IR_OP_SCF_FOR) || row < 0 || other < 0 ||
            other == row || other == (int64_t)c->dev->ncorelets ||
            !ir_walk(m, b, no_parallel, NULL) ||
            (k == IR_OP_KTDF_PIPELINE && !nest_rows_apart(c, a, b)) || !nest_independent(m, a, b))
            break;
        first = first ? first : b;
        b = ir_op_get(m, b)->next;
    }
    for (ir_op s = first; b && s && s != b; s = ir_op_get(m, s)->next)
        if (!nest_plain(m, s) && !nest_independent(m, s, b))
            return first;
    return b;
}

bool nest_fuse(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops p = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PIPELINE, &p);
    bool changed = false;
    /* loops of one pipeline in a row, iteration by iteration */
    for (uint32_t i = 0; i < p.n; i++) {
        ir_op la = ir_op_get(m, p.v[i])->block ? ir_op_parent(m, p.v[i]) : IR_NONE;
        if (!la || ir_op_get(m, la)->kind != IR_OP_SCF_FOR || nest_stream_pipeline(m, la) != p.v[i])
            continue;
        for (;;) {
            ir_op lb = ir_op_get(m, la)->next;
            while (lb && nest_plain(m, lb))
                lb = ir_op_get(m, lb)->next;
            if (!lb || ir_op_get(m, lb)->kind != IR_OP_SCF_FOR || !fuse_loops(c, fn, la, lb))
                break;
            changed = true;
        }
    }
    for (uint32_t i = 0; i < p.n; i++) {
        ir_op a = p.v[i];
        if (!ir_op_get(m, a)->block)
            continue; /* fused into an earlier one */
        for (;;) {
            ir_op b = next_of_row(c, a);
            struct fwd f[MAX_FWD];
            uint32_t nf;
            if (!b)
                break;
            if (ir_op_get(m, b)->kind == IR_OP_SCF_FOR) {
                /* a loop (nest) of one pipeline taking A's values: streamed,
                 * then fused */
                ir_op p2 = nest_stream_nest_pipeline(m, b);
                if (!p2 || !fusable(c, a, p2, IR_NONE, IR_NONE, f, &nf) || !nf ||
                    !nest_stream_nest(m, b))
                    break;
                b = p2;
            } else if (ir_op_get(m, b)->kind != IR_OP_KTDF_PIPELINE ||
                       !fusable(c, a, b, IR_NONE, IR_NONE, f, &nf)) {
                break;
            }
            fuse(m, fn, a, b, f, nf);
            changed = true;
        }
    }
    free(p.v);
    if (changed)
        split_dce(m, fn);
    return true;
}
