/* nest_points.c - ktc-nest's "fuse-points" transformation (nest.h): two
 * ktdf.parallel in a row over the same points on the same instances (the
 * loops coarsening's fission gave each pass of a row, split by corelets)
 * become one, the second's body after the first's, when every scratchpad
 * buffer one of them writes and the other touches is accessed by both in
 * the point's own slice (along one dim, at a subscript that moves with the
 * point by the access's size or more and is the same in every access; the
 * other dims anything, an inner loop's chunks of an accumulator):
 *
 *   ktdf.parallel (%i, %inst) ... { A(%i) }      ktdf.parallel (%i, %inst) ... {
 *   ktdf.parallel (%j, %k) ... { B(%j, %k) }  ->   A(%i)
 *                                                  B(%i, %inst) }
 *
 * Each point runs on the same corelet before and after (the same bounds and
 * instances give the same blocks of points), and no point reads or writes
 * what another point's other pass writes, so the order of A(i) and B(j) for
 * i != j does not matter. fuse-pipelines then makes each point's pipelines
 * one, the values between the passes (a row's max, its sum) in registers.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_ACC = 64 };

/* A scratchpad access of a transfer under a parallel: the buffer, whether
 * it writes, and its subscripts as linear forms. */
struct acc {
    ir_value buf;
    bool write;
    int dim; /* the dim along which it is in the point's own slice, or -1 */
    uint32_t nsub;
    struct sched_lin sub[NEST_MAX_RANK];
};

struct accs {
    const struct ir_module *m;
    ir_op par;
    ir_value iv;
    struct acc v[MAX_ACC];
    uint32_t n;
    bool bad;
};

/* Whether every term of l other than iv is defined outside par, and iv's
 * coefficient is k (returned; 0 when it does not appear). */
static bool outside_terms(const struct ir_module *m, const struct sched_lin *l, ir_value iv,
                          ir_op par, int64_t *k)
{
    *k = 0;
    for (uint32_t i = 0; i < l->n; i++) {
        if (l->v[i] == iv) {
            *k += l->k[i];
            continue;
        }
        if (ir_value_defined_in(m, l->v[i], par))
            return false;
    }
    return true;
}

static bool gather(struct ir_module *m, ir_op op, void *ctx)
{
    struct accs *a = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s)) {
            a->bad = true;
            return false;
        }
        if (s.fifo)
            continue;
        if (nest_is_ddr(m, s.v) || a->n == MAX_ACC) {
            a->bad = true;
            return false;
        }
        struct acc *x = &a->v[a->n++];
        *x = (struct acc){.buf = s.v, .write = k == 1, .nsub = s.nsub};
        x->dim = -1;
        for (uint32_t i = 0; i < s.nsub; i++) {
            struct sched_lin *l = &x->sub[i];
            int64_t kiv;
            nest_sub_lin(m, s.sub[i], l);
            /* the first dim of no inner loop's IV that moves with the point
             * by the size or more: the access is in the point's own slice
             * along it, whatever its other dims (an accumulator's chunks) */
            if (x->dim < 0 && outside_terms(m, l, a->iv, a->par, &kiv) && kiv && i < s.nsize &&
                s.size[i] <= (kiv < 0 ? -kiv : kiv))
                x->dim = (int)i;
        }
    }
    return true;
}

/* Whether two linear forms are the same, a's iv standing for b's. */
static bool same_lin(const struct sched_lin *a, ir_value iva, const struct sched_lin *b,
                     ir_value ivb)
{
    struct sched_lin d = *a;
    struct sched_lin nb = *b;
    for (uint32_t i = 0; i < nb.n; i++)
        if (nb.v[i] == ivb)
            nb.v[i] = iva;
    if (!sched_lin_add(&d, &nb, -1))
        return false;
    if (d.c)
        return false;
    for (uint32_t i = 0; i < d.n; i++)
        if (d.k[i])
            return false;
    return true;
}

/* Whether x and y are in the same point's slice (the same dim, moving
 * alike with the point): accesses of different points are then apart. */
static bool same_slice(const struct acc *x, ir_value ivx, const struct acc *y, ir_value ivy)
{
    return x->dim >= 0 && x->dim == y->dim && x->nsub == y->nsub &&
           same_lin(&x->sub[x->dim], ivx, &y->sub[y->dim], ivy);
}

static int64_t num_instances(const struct ir_module *m, ir_op par)
{
    ir_attr a = ir_op_attr(m, par, "num_instances");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_INT ? ai->i : -1;
}

static ir_value arg_of(const struct ir_module *m, ir_op par, uint32_t k)
{
    const struct ir_block_info *b = ir_block_get(m, nest_for_body(m, par));
    return b->nargs > k ? b->args[k] : IR_NONE;
}

/* Whether parallels a and b (b right after a) can be one (see above). */
static bool fusable(struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_op_info *oa = ir_op_get(m, a), *ob = ir_op_get(m, b);
    if (oa->nopnd != 3 || ob->nopnd != 3 || oa->nres || ob->nres || num_instances(m, a) < 2 ||
        num_instances(m, a) != num_instances(m, b) || !arg_of(m, a, 1) || !arg_of(m, b, 1))
        return false;
    for (uint32_t i = 0; i < 3; i++)
        if (!split_same_int(m, oa->opnd[i], ob->opnd[i]))
            return false;
    static struct accs x, y; /* large; the pass is not reentrant */
    x = (struct accs){.m = m, .par = a, .iv = arg_of(m, a, 0)};
    y = (struct accs){.m = m, .par = b, .iv = arg_of(m, b, 0)};
    ir_walk(m, a, gather, &x);
    ir_walk(m, b, gather, &y);
    if (x.bad || y.bad)
        return false;
    /* a buffer one writes and the other touches: every access of it in
     * either at the point's own place, all the same place */
    for (uint32_t i = 0; i < x.n; i++)
        for (uint32_t j = 0; j < y.n; j++) {
            if (x.v[i].buf != y.v[j].buf)
                continue;
            bool written = false;
            for (uint32_t k = 0; k < x.n; k++)
                written |= x.v[k].buf == x.v[i].buf && x.v[k].write;
            for (uint32_t k = 0; k < y.n; k++)
                written |= y.v[k].buf == x.v[i].buf && y.v[k].write;
            if (!written)
                continue;
            for (uint32_t k = 0; k < x.n; k++)
                if (x.v[k].buf == x.v[i].buf && !same_slice(&x.v[k], x.iv, &y.v[j], y.iv))
                    return false;
            for (uint32_t k = 0; k < y.n; k++)
                if (y.v[k].buf == x.v[i].buf && !same_slice(&x.v[i], x.iv, &y.v[k], y.iv))
                    return false;
        }
    return true;
}

/* b's body into a's (before its parallel_yield), b's IV and instance a's;
 * b's first pass noted as a join. */
static void merge(struct nest_ctx *c, ir_op a, ir_op b)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, nest_for_body(m, b), op)
        if (nest_is_pass(m, op)) {
            c->joins[c->njoins++] = op; /* nest_fuse_points leaves room */
            break;
        }
    ir_value iva = arg_of(m, a, 0), insta = arg_of(m, a, 1);
    ir_value ivb = arg_of(m, b, 0), instb = arg_of(m, b, 1);
    ir_op yield = ir_block_get(m, nest_for_body(m, a))->last;
    ir_op next;
    for (ir_op op = ir_block_get(m, nest_for_body(m, b))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PARALLEL_YIELD)
            continue;
        ir_op_unlink(m, op);
        ir_op_insert_before(m, yield, op);
        split_replace_uses(m, op, ivb, iva);
        split_replace_uses(m, op, instb, insta);
    }
    ir_op_unlink(m, b);
}

void nest_move_join(struct nest_ctx *c, ir_op from, ir_op to)
{
    for (uint32_t i = 0; i < c->njoins; i++)
        if (c->joins[i] == from)
            c->joins[i] = to;
}

bool nest_join_points(struct nest_ctx *c, ir_op a, ir_op b)
{
    if (c->njoins == sizeof c->joins / sizeof *c->joins || !fusable(c->m, a, b))
        return false;
    merge(c, a, b);
    return true;
}

bool nest_fuse_points(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    struct sched_ops p = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDF_PARALLEL, &p);
    for (uint32_t i = 0; i < p.n; i++) {
        ir_op a = p.v[i];
        if (!ir_op_get(m, a)->block)
            continue; /* merged into an earlier one */
        for (ir_op b = ir_op_get(m, a)->next;
             b && ir_op_get(m, b)->kind == IR_OP_KTDF_PARALLEL && fusable(m, a, b) &&
             c->njoins < sizeof c->joins / sizeof *c->joins;
             b = ir_op_get(m, a)->next)
            merge(c, a, b);
    }
    free(p.v);
    return true;
}

/* par as two ktdf.parallel over the same points, its passes before j in
 * the first, j and those after in the second (each keeps the index ops;
 * the ones it does not use go with the program's tidying). */
static void split_at(struct ir_module *m, ir_op par, ir_op j)
{
    uint32_t k = 0;
    IR_FOR_OPS(m, nest_for_body(m, par), op) {
        if (op == j)
            break;
        k += nest_is_pass(m, op);
    }
    struct split_vmap vm = {0};
    ir_op q = split_clone(m, par, &vm);
    split_vmap_free(&vm);
    if (ir_op_get(m, par)->next)
        ir_op_insert_before(m, ir_op_get(m, par)->next, q);
    else
        ir_block_append_op(m, ir_op_get(m, par)->block, q);
    for (int half = 0; half < 2; half++) {
        uint32_t n = 0;
        ir_op next;
        for (ir_op op = ir_block_get(m, nest_for_body(m, half ? q : par))->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            if (nest_is_pass(m, op) && (n++ < k) == (half == 1))
                ir_op_unlink(m, op);
        }
    }
}

/* A join of fuse-points helps only where fuse-pipelines then makes its
 * passes one pipeline (a row's max and sum in registers). Where they stay
 * apart (a pass moving vectors wider than the lanes, a loop of chunks),
 * each point would pay the round trip between them: split again, each
 * pass streams its points and pays it once (a 256-f16 row softmax over 4
 * cores: 11511 -> 6834 cycles). The split keeps fission's order, every
 * point's first pass before any point's second. */
void nest_split_points(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    for (uint32_t i = c->njoins; i-- > 0;) {
        ir_op j = c->joins[i], par = ir_op_get(m, j)->block ? ir_op_parent(m, j) : IR_NONE;
        if (!par || ir_op_get(m, par)->kind != IR_OP_KTDF_PARALLEL)
            continue;
        ir_op up = par;
        while (up && up != fn)
            up = ir_op_parent(m, up);
        bool before = false;
        for (ir_op op = ir_op_get(m, j)->prev; op && !before; op = ir_op_get(m, op)->prev)
            before = nest_is_pass(m, op);
        if (up && before)
            split_at(m, par, j);
    }
}
