/* nest_forward.c - ktc-nest's `forward-copies` (nest.h): a tile's compute
 * stage that only copies scratchpad elements into the staging buffer its
 * store DMA then writes to device memory (a row's sum a loop carried in
 * the scratchpad, stored as it is: each point loaded, passed through the
 * compute unit unchanged and stored into its place of the tile) goes; the
 * DMA stores the elements from where they are:
 *
 *   pipeline {                                      pipeline {
 *     [L1LU, SFU, L1SU] points %i of the tile {       [MNISU] %a[.., T * %t * n] size [.., T * n]
 *       %a[.., (T * %t + %i) * n] -> %f                       -> %y[..]
 *       write(read %f) -> %g ; %g -> %b[%ph, %i, ..] } }
 *     [MNISU] %b[%ph, 0, ..] -> %y[..] }
 *
 * Runs last, on the program the cost model priced (it prices the copy a
 * little above what is left). */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* The ops of block b other than pure ops without regions (index
 * arithmetic), at most max of them in out[]; their number. */
static uint32_t effects(const struct ir_module *m, ir_block b, ir_op *out, uint32_t max)
{
    uint32_t n = 0;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (!o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE))
            continue;
        if (n < max)
            out[n] = op;
        n++;
    }
    return n;
}

static ir_block body_of(const struct ir_module *m, ir_op op)
{
    return ir_region_entry(m, ir_op_region(m, op, 0));
}

/* The one transfer of stage s (besides pure ops), or IR_NONE. */
static ir_op only_transfer(const struct ir_module *m, ir_op s)
{
    ir_op x;
    return effects(m, body_of(m, s), &x, 1) == 1 &&
                   ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
                   !ir_op_attr(m, x, "transfer_mode") && !ir_op_attr(m, x, "old_lanes") &&
                   !ir_op_attr(m, x, "source_tiles")
               ? x
               : IR_NONE;
}

/* Whether map is the identity of n dims. */
static bool identity(struct ir_module *m, uint32_t map, uint32_t n)
{
    ir_aff r[SPLIT_MAX_LOOPS];
    if (n > SPLIT_MAX_LOOPS)
        return false;
    for (uint32_t i = 0; i < n; i++)
        r[i] = ir_aff_dim(m, i);
    return map == ir_map_intern(m, n, 0, n, r);
}

/* Whether the compute stage s only passes what it reads from slot `in` on
 * to slot `out`: a read, at most an identity linalg.generic of it (one
 * input, of the result's type, its body yielding the input), the write. */
static bool passes_on(struct ir_module *m, ir_op s, ir_value in, ir_value out)
{
    ir_op e[3];
    uint32_t n = effects(m, body_of(m, s), e, 3);
    if (n < 2 || n > 3)
        return false;
    const struct ir_op_info *r = ir_op_get(m, e[0]), *w = ir_op_get(m, e[n - 1]);
    if (r->kind != IR_OP_KTDF_READ_FROM_FIFO || r->opnd[0] != in ||
        w->kind != IR_OP_KTDF_WRITE_TO_FIFO || w->opnd[1] != out)
        return false;
    ir_value v = r->res;
    if (n == 3) {
        struct split_gen g;
        const struct ir_op_info *c = ir_op_get(m, e[1]);
        if (c->kind != IR_OP_LINALG_GENERIC || !split_gen_read(m, e[1], &g) || g.nin != 1 ||
            c->opnd[0] != v || ir_value_type(m, c->res) != ir_value_type(m, v))
            return false;
        ir_block gb = body_of(m, e[1]);
        ir_op y = ir_block_get(m, gb)->first;
        if (!y || y != ir_block_get(m, gb)->last || ir_op_get(m, y)->kind != IR_OP_LINALG_YIELD ||
            ir_op_get(m, y)->nopnd != 1 || ir_op_get(m, y)->opnd[0] != ir_block_get(m, gb)->args[0])
            return false;
        if (!identity(m, g.in_map[0], g.nloops) || !identity(m, g.out_map, g.nloops))
            return false;
        v = c->res;
    }
    return w->opnd[0] == v;
}

/* The dim of side s whose subscript moves with iv, *coef its step there
 * (the coefficient of iv's one term); -1 when none or several do. */
static int moving_dim(const struct ir_module *m, const struct nest_side *s, ir_value iv,
                      int64_t *coef)
{
    int d = -1;
    for (uint32_t k = 0; k < s->nsub; k++) {
        struct sched_lin l;
        nest_sub_lin(m, s->sub[k], &l);
        for (uint32_t t = 0; t < l.n; t++) {
            if (l.v[t] != iv)
                continue;
            if (d >= 0)
                return -1;
            d = (int)k;
            *coef = l.k[t];
        }
    }
    return d;
}

/* Whether the dims of side s after d are whole (at 0, the buffer's extent)
 * and those before it of size 1: consecutive places along d are adjacent
 * runs of the buffer. */
static bool runs_along(const struct ir_module *m, const struct nest_side *s, uint32_t d)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    if (t->rank != s->nsub || s->nsize != s->nsub)
        return false;
    for (uint32_t k = 0; k < s->nsub; k++)
        if (k < d ? s->size[k] != 1
                  : k > d && (s->sub[k].v || s->sub[k].c || s->size[k] != t->shape[k]))
            return false;
    return true;
}

/* The sizes of side s other than 1, in order; their number. */
static uint32_t wide_sizes(const struct nest_side *s, int64_t *out)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->nsize; k++)
        if (s->size[k] != 1)
            out[n++] = s->size[k];
    return n;
}

/* Whether the element offset of side s in its buffer (row-major, static
 * shape) is a multiple of `align` elements wherever its subscripts go. */
static bool aligned(const struct ir_module *m, const struct nest_side *s, int64_t align)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    int64_t stride = 1;
    for (uint32_t k = t->rank; k-- > 0;) {
        struct sched_lin l;
        nest_sub_lin(m, s->sub[k], &l);
        if (l.c * stride % align)
            return false;
        for (uint32_t i = 0; i < l.n; i++)
            if (l.k[i] * stride % align)
                return false;
        if (t->shape[k] < 1)
            return false;
        stride *= t->shape[k];
    }
    return true;
}

/* Whether the destination d of a store DMA is a run of a view of N
 * contiguous elements (a cast; the transfer's dims after its first wide
 * one whole): *strides gets the view's. */
static bool flat_run(const struct ir_module *m, const struct nest_side *d, int64_t *strides)
{
    ir_op cast = ir_value_def(m, d->v);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, d->v));
    if (!cast || ir_op_get(m, cast)->kind != IR_OP_MEMREF_REINTERPRET_CAST || t->rank != d->nsub ||
        d->nsize != d->nsub || t->rank < 1 ||
        !split_memref_strides(m, ir_value_type(m, d->v), strides))
        return false;
    ir_attr seg = ir_op_attr(m, cast, "operandSegmentSizes");
    const struct ir_attr_info *si = seg ? ir_attr_get(m, seg) : NULL;
    if (!si || si->n != 4 || si->ints[2] || si->ints[3])
        return false; /* sizes or strides known at launch only */
    int64_t n = 1;
    for (uint32_t k = t->rank; k-- > 0;) {
        if (strides[k] != n)
            return false;
        n *= t->shape[k];
    }
    uint32_t f = 0;
    while (f < d->nsize && d->size[f] == 1)
        f++;
    for (uint32_t k = f + 1; k < d->nsize; k++)
        if (d->sub[k].v || d->sub[k].c || d->size[k] != t->shape[k])
            return false;
    return true;
}

/* The view [1, N] of flat_run's destination d (made after its cast, once
 * a cast: *flat), and d as one run of it at the subscripts' offset, made at
 * b. */
static void flatten(struct ir_module *m, struct nest_side *d, const int64_t *strides,
                    ir_value *flat, struct split_b *b)
{
    ir_op cast = ir_value_def(m, d->v);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, d->v));
    int64_t n = ir_type_numel(m, ir_value_type(m, d->v));
    if (!*flat) {
        const struct ir_op_info *co = ir_op_get(m, cast);
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.reinterpret_cast", co->loc);
        for (uint32_t k = 0; k < co->nopnd; k++)
            ir_state_add_operand(m, &st, co->opnd[k]);
        int64_t sizes[2] = {1, n}, st2[2] = {n, 1};
        ir_state_set_attr(m, &st, "operandSegmentSizes",
                          ir_op_attr(m, cast, "operandSegmentSizes"));
        ir_state_set_attr(m, &st, "static_offsets", ir_op_attr(m, cast, "static_offsets"));
        ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, 2, sizes));
        ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, 2, st2));
        const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
        ir_attr layout = ir_attr_intern(
            m, &(struct ir_attr_info){.kind = IR_AT_STRIDED,
                                      .n = 2,
                                      .ints = st2,
                                      .i = lay && lay->kind == IR_AT_STRIDED ? lay->i : 0});
        ir_state_add_result(m, &st, split_memref(m, 2, sizes, t->elem, layout, t->attr1));
        ir_op nc = ir_op_create(m, &st);
        ir_op_insert_before(m, ir_op_get(m, cast)->next, nc);
        *flat = ir_op_result(m, nc, 0);
        ir_value_get(m, *flat)->name = ir_value_get(m, d->v)->name;
    }
    ir_value at = IR_NONE;
    int64_t c = 0, moved = 1;
    for (uint32_t k = 0; k < d->nsub; k++) {
        moved *= d->size[k];
        c += d->sub[k].c * strides[k];
        if (d->sub[k].v) {
            ir_value term = strides[k] == 1 ? d->sub[k].v : sb_muli(b, d->sub[k].v, strides[k]);
            at = at ? sb_addi(b, at, term) : term;
        }
    }
    if (at && c)
        at = sb_addi(b, at, sb_index(b, c));
    *d = (struct nest_side){.v = *flat, .nsub = 2, .nsize = 2, .size = {1, moved}};
    d->sub[1] = at ? (struct nest_sub){.v = at} : (struct nest_sub){.c = c};
}

/* Whether index value v is computed, inside `within`, from `target`. */
static bool reaches(const struct ir_module *m, ir_value v, ir_value target, ir_op within)
{
    if (v == target)
        return true;
    ir_op d = ir_value_def(m, v);
    if (!d || !nest_op_inside(m, d, within))
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    for (uint32_t k = 0; k < o->nopnd; k++)
        if (reaches(m, o->opnd[k], target, within))
            return true;
    return false;
}

/* Index value v as computed inside `within`, its ops cloned before
 * `before` (vm: the values replaced, the IV by its first value). */
static ir_value clone_index(struct ir_module *m, ir_value v, ir_op within, ir_op before,
                            struct split_vmap *vm)
{
    ir_value got = split_vmap_get(vm, v);
    ir_op d = ir_value_def(m, v);
    if (got != v || !d || !nest_op_inside(m, d, within))
        return got;
    for (uint32_t k = 0; k < ir_op_get(m, d)->nopnd; k++)
        clone_index(m, ir_op_get(m, d)->opnd[k], within, before, vm);
    ir_op_insert_before(m, before, split_clone(m, d, vm));
    return split_vmap_get(vm, v);
}

/* Whether loop op runs more than once, or may. */
static bool repeats(const struct ir_module *m, ir_op op)
{
    int64_t trips;
    uint32_t k = ir_op_get(m, op)->kind;
    return (k == IR_OP_SCF_FOR && !(nest_for_normal(m, op, &trips) && trips <= 1)) ||
           k == IR_OP_SCF_WHILE;
}

/* Whether op runs more than once, or may: in a loop that repeats. */
static bool in_repeat(const struct ir_module *m, ir_op op)
{
    for (ir_op p = ir_op_parent(m, op); p; p = ir_op_parent(m, p))
        if (repeats(m, p))
            return true;
    return false;
}

/* Whether buffer a may be written again after pipeline pipe of program
 * fn has read it: by an op after it (or after a loop around it), by a later
 * iteration of a loop around it, or by a later call of fn. A store DMA
 * reading a then holds that writer back until its data has landed in
 * device memory, where the copy let it go once the data was copied. */
static bool written_after(struct ir_module *m, ir_op fn, ir_op pipe, ir_value a)
{
    for (ir_op x = pipe; x && x != fn; x = ir_op_parent(m, x)) {
        if (x != pipe && repeats(m, x) && nest_touches(m, x, a, 1))
            return true;
        for (ir_op n = ir_op_get(m, x)->next; n; n = ir_op_get(m, n)->next)
            if (nest_touches(m, n, a, 1))
                return true;
    }
    struct sched_ops calls = {0};
    sched_calls_of(m, fn, &calls);
    bool again = false;
    for (uint32_t i = 0; i < calls.n && !again; i++)
        again = in_repeat(m, calls.v[i]);
    free(calls.v);
    return again;
}

/* The copy stage's points and their one copy (the head comment). */
struct copy {
    ir_op pts;          /* the points: a ktdf.parallel or an scf.for */
    ir_value iv, inst;  /* its IV, its instance (or IR_NONE) */
    int64_t T;          /* points */
    struct nest_side a; /* a point's load of A */
    struct nest_side b; /* its store into B */
    uint32_t da, db;    /* the dims the points move along in A and B */
};

/* Whether compute stage cs is a copy stage whose elements DMA stage ds can
 * read where they are; fills cp. */
static bool copy_stage(struct nest_ctx *c, ir_op cs, ir_op ds, struct copy *cp)
{
    struct ir_module *m = c->m;
    ir_op pts, e[2];
    if (effects(m, body_of(m, cs), &pts, 1) != 1)
        return false;
    /* the points: from 0 by 1, T of them, each one pipeline (the copy)
     * besides index arithmetic */
    const struct ir_op_info *po = ir_op_get(m, pts);
    int64_t lb = -1, st = 0;
    *cp = (struct copy){.pts = pts};
    if (po->kind == IR_OP_KTDF_PARALLEL && po->nopnd == 3) {
        cp->iv = ir_block_get(m, body_of(m, pts))->args[0];
        cp->inst = ir_block_get(m, body_of(m, pts))->args[1];
    } else if (po->kind == IR_OP_SCF_FOR && !po->nres) {
        cp->iv = nest_for_iv(m, pts);
    } else {
        return false;
    }
    ir_op q, s[4];
    if (!split_const_int(m, po->opnd[0], &lb) || !split_const_int(m, po->opnd[1], &cp->T) ||
        !split_const_int(m, po->opnd[2], &st) || lb || st != 1 || cp->T < 1 ||
        effects(m, body_of(m, pts), e, 2) != 1 ||
        ir_op_get(m, q = e[0])->kind != IR_OP_KTDF_PIPELINE)
        return false;
    uint32_t ns = 0;
    IR_FOR_OPS(m, body_of(m, q), op) {
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (ns == 3)
            return false;
        s[ns++] = op;
    }
    ir_op lx, sx;
    struct nest_side f1, f2;
    if (ns != 3 || !(lx = only_transfer(m, s[0])) || !(sx = only_transfer(m, s[2])) ||
        !nest_read_side(m, lx, 0, &cp->a) || !nest_read_side(m, lx, 1, &f1) || cp->a.fifo ||
        !f1.fifo || !nest_read_side(m, sx, 0, &f2) || !nest_read_side(m, sx, 1, &cp->b) ||
        !f2.fifo || cp->b.fifo || nest_is_ddr(m, cp->a.v) || !passes_on(m, s[1], f1.v, f2.v))
        return false;
    ir_type at = ir_value_type(m, cp->a.v), bt = ir_value_type(m, cp->b.v);
    ir_op balloc = ir_value_def(m, cp->b.v);
    int64_t kb = 0, ka = 0;
    int db = moving_dim(m, &cp->b, cp->iv, &kb), da = moving_dim(m, &cp->a, cp->iv, &ka);
    if (ir_type_get(m, at)->elem != ir_type_get(m, bt)->elem || !balloc ||
        ir_op_get(m, balloc)->kind != IR_OP_MEMREF_ALLOC || db < 0 || kb != 1 ||
        cp->b.size[db] != 1 || !runs_along(m, &cp->b, (uint32_t)db) || da < 0 ||
        ka != cp->a.size[da] || !runs_along(m, &cp->a, (uint32_t)da))
        return false;
    cp->da = (uint32_t)da;
    cp->db = (uint32_t)db;
    /* A's subscripts not made from the points' instance */
    for (uint32_t k = 0; k < cp->a.nsub; k++)
        if (cp->a.sub[k].v && cp->inst && reaches(m, cp->a.sub[k].v, cp->inst, pts))
            return false;
    /* the DMA unit reads A where B started: aligned alike */
    int64_t align = 1, esz = ir_type_bytes(m, ir_type_get(m, at)->elem);
    uint32_t kind = nest_stage_kind(c->dev, m, ds);
    if (kind == ARCH_NONE)
        return false;
    arch_access_least(
        arch_access(c->dev, c->dev->kinds[kind].first, true, nest_memref_space(m, at)), &align);
    return esz >= 1 && align % esz == 0 && aligned(m, &cp->a, align / esz);
}

/* Whether the DMA x reads a range of cp's points, [.., p0, ..] size
 * [.., n, ..] of B along its points' dim at B's place in the other dims, and
 * writes device memory; *n gets how many. */
static bool reads_points(const struct ir_module *m, const struct copy *cp, ir_op x, int64_t *n)
{
    struct nest_side bs, ys;
    if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER || ir_op_attr(m, x, "transfer_mode") ||
        !nest_read_side(m, x, 0, &bs) || !nest_read_side(m, x, 1, &ys) || bs.fifo || ys.fifo ||
        bs.v != cp->b.v || !nest_is_ddr(m, ys.v) || !runs_along(m, &bs, cp->db))
        return false;
    for (uint32_t k = 0; k < cp->db; k++) {
        struct sched_lin x1, y1;
        nest_sub_lin(m, cp->b.sub[k], &x1);
        nest_sub_lin(m, bs.sub[k], &y1);
        if (!sched_lin_add(&x1, &y1, -1) || x1.n || x1.c)
            return false;
    }
    *n = bs.size[cp->db];
    return *n >= 1 && (bs.sub[cp->db].v || bs.sub[cp->db].c + *n <= cp->T);
}

/* Forwards the copy stage `cs` of pipeline pipe to its store DMA stage ds
 * when it is one (the head comment); whether it did. */
static bool forward(struct nest_ctx *c, ir_op fn, ir_op pipe, ir_op cs, ir_op ds)
{
    struct ir_module *m = c->m;
    struct copy cp;
    enum { MAX_DMA = 8 };
    ir_op xs[MAX_DMA];
    int64_t n[MAX_DMA], strides[MAX_DMA][NEST_MAX_RANK];
    bool flat[MAX_DMA];
    uint32_t nx = effects(m, body_of(m, ds), xs, MAX_DMA);
    const struct ir_op_info *co = ir_op_get(m, cs), *dso = ir_op_get(m, ds);
    if (!nx || nx > MAX_DMA || !(co->nopnd == 1 || (co->nopnd == 2 && dso->nopnd == 2)) ||
        !copy_stage(c, cs, ds, &cp) || nest_users_under(m, fn, cp.b.v, NULL) != nx + 1 ||
        written_after(m, fn, pipe, cp.a.v))
        return false;
    /* every transfer of the DMA stage stores points of B, as one run of A
     * the shape of its destination, or of a flat view of it */
    for (uint32_t i = 0; i < nx; i++) {
        struct nest_side ys;
        int64_t ws[NEST_MAX_RANK], wd[NEST_MAX_RANK];
        if (!reads_points(m, &cp, xs[i], &n[i]))
            return false;
        nest_read_side(m, xs[i], 1, &ys);
        struct nest_side src = cp.a;
        src.size[cp.da] *= n[i];
        uint32_t nws = wide_sizes(&src, ws), nwd = wide_sizes(&ys, wd);
        flat[i] = nws != nwd || memcmp(ws, wd, nws * sizeof *ws);
        if (flat[i] && !(nws == 1 && cp.da + 1 == cp.a.nsub && flat_run(m, &ys, strides[i])))
            return false;
    }
    ir_value views[MAX_DMA] = {0}, olds[MAX_DMA] = {0};
    for (uint32_t i = 0; i < nx; i++) {
        struct nest_side bs, ys, src = cp.a;
        nest_read_side(m, xs[i], 0, &bs);
        nest_read_side(m, xs[i], 1, &ys);
        struct split_b b;
        sb_before(&b, m, xs[i], ir_op_get(m, xs[i])->loc);
        /* A's subscripts at the run's first point, made before the DMA */
        struct split_vmap vm = {0};
        struct nest_sub p0 = bs.sub[cp.db];
        split_vmap_set(&vm, cp.iv, p0.v ? p0.v : sb_index(&b, p0.c));
        for (uint32_t k = 0; k < cp.a.nsub; k++)
            if (cp.a.sub[k].v)
                src.sub[k].v = clone_index(m, cp.a.sub[k].v, cp.pts, xs[i], &vm);
        split_vmap_free(&vm);
        src.size[cp.da] *= n[i];
        if (flat[i]) { /* one flat view a destination view */
            ir_value dv = ys.v;
            for (uint32_t j = 0; j < i; j++)
                if (views[j] && olds[j] == dv)
                    views[i] = views[j];
            olds[i] = dv;
            flatten(m, &ys, strides[i], &views[i], &b);
        }
        nest_make_transfer(&b, &src, &ys, xs[i]);
        ir_op_unlink(m, xs[i]);
    }
    /* the DMA stage waits on what the copy stage waited on */
    if (ir_op_get(m, cs)->nopnd == 1)
        nest_stage_starts(m, ds);
    else
        ir_op_get(m, ds)->opnd[0] = ir_op_get(m, cs)->opnd[0];
    ir_op_unlink(m, cs);
    nest_prune_private(m, pipe);
    return true;
}

struct fwd {
    struct nest_ctx *c;
    ir_op fn;
    bool changed;
};

static bool forward_in(struct ir_module *m, ir_op op, void *ctx)
{
    struct fwd *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_PIPELINE)
        return true;
    ir_op prev = IR_NONE;
    for (ir_op s = ir_block_get(m, body_of(m, op))->first, next; s; s = next) {
        next = ir_op_get(m, s)->next;
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (prev && forward(f->c, f->fn, op, prev, s)) {
            f->changed = true;
            return false; /* the pipeline changed: the walk starts again */
        }
        prev = s;
    }
    return true;
}

void nest_forward_copies(struct nest_ctx *c, ir_op fn)
{
    struct fwd f = {c, fn, false};
    while (!ir_walk(c->m, fn, forward_in, &f))
        ;
    if (f.changed)
        split_dce(c->m, fn);
}
