/* nest_coarsen.c - ktc-nest's `coarsening` (nest.h): a tile loop around a
 * point loop of pipelines becomes one outer pipeline per tile: a bulk DMA
 * of the tile into expanded scratchpad buffers, a stage holding the point
 * loop (its pipelines without their DMA stages), a bulk DMA out. */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

enum { MAX_XFERS = 32, MAX_BUFS = 32, MAX_STAGES = 64, MAX_INNER = 4, MAX_PIPES = 64 };

/* A DMA transfer of the point loop and the bulk transfer replacing it. */
struct dma {
    ir_op op, stage;
    bool store;
    struct nest_side ddr, buf; /* its two sides */
    ir_value root;             /* the device-memory buffer the DDR side views */
    int64_t strides[NEST_MAX_RANK];
    struct sched_lin addr;      /* element offset of the DDR side in root */
    int64_t d;                 /* addr's step per point */
    /* a loop stepping by a launch-time value s (normalize): addr's term
     * k * ((t * T + i) * s) instead of d, and one transfer per point */
    ir_value dyn_atom, dyn_s;
    int64_t dyn_k;
    int merged;                /* index of an identical earlier load, or of a load
                                  whose elements contain its own, or -1 */
    int64_t shift[MAX_INNER];  /* contained: its inner loops' place in the other's */
    bool linear;               /* merged into a load of the same bytes into a buffer
                                  of another shape (same_bytes) */
    bool box;                  /* a masked store of a box of its staging buffer
                                  (part of a word, at its offset there) */
    int64_t span;              /* word-spans: the elements of one run of device
                                  memory the tile's windows cover, or 0 */
    int b;                     /* its buffer in co.bufs */
    /* the inner loops around it under the point loop, outermost first */
    uint32_t nloops;
    ir_value ivs[MAX_INNER];
    int64_t trips[MAX_INNER], dj[MAX_INNER]; /* trip counts, addr's step per IV */
};

/* A scratchpad buffer a DMA fills or drains, and its expansion by T. */
struct cbuf {
    ir_value old;    /* staging buffer (private result) or program alloc */
    ir_value x;      /* the expanded buffer */
};

struct co {
    struct nest_ctx *c;
    struct ir_module *m;
    ir_op fn, tl, pl, pipe;
    ir_value t, i;
    int64_t T, NT; /* NT 0: the tile loop's trip count known only at launch, unbounded */
    struct dma x[MAX_XFERS];
    uint32_t nx;
    struct cbuf bufs[MAX_BUFS];
    uint32_t nbufs;
    ir_op dma_stages[MAX_STAGES];
    uint32_t nstages;
    bool ro; /* no transfer but its DMA writes a load's staging buffer */
};

/* Whether inner loop j of DMA x moves nothing (a load whose source the
 * loop leaves where it is: a block whose words a transposing read takes a
 * column at a time), so one copy serves its every iteration. */
static bool once(const struct co *co, const struct dma *x, uint32_t j)
{
    return co->ro && !x->store && !x->dj[j];
}

/* Whether v is (t * T + i) * s with s invariant in the tile loop (the IV
 * of a loop stepping by a launch-time value, tiled); sets *s. */
static bool dyn_step(struct co *co, ir_value v, ir_value *s)
{
    struct ir_module *m = co->m;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->kind != IR_OP_ARITH_MULI || o->nopnd != 2)
        return false;
    for (uint32_t k = 0; k < 2; k++) {
        struct sched_lin l;
        ir_value x = o->opnd[k], y = o->opnd[1 - k];
        if (split_const_int(m, y, &(int64_t){0}) || ir_value_defined_in(m, y, co->tl))
            continue;
        sched_lin_of(m, x, &l);
        if (l.c || l.n != 2)
            continue;
        bool ti = (l.v[0] == co->t && l.k[0] == co->T && l.v[1] == co->i && l.k[1] == 1) ||
                  (l.v[1] == co->t && l.k[1] == co->T && l.v[0] == co->i && l.k[0] == 1);
        if (ti) {
            *s = y;
            return true;
        }
    }
    return false;
}

/* The DDR side's root buffer and strides into x, its element offset in
 * the root (as a linear form) into *out. */
static bool ddr_lin(struct ir_module *m, struct dma *x, struct sched_lin *out)
{
    ir_value v = x->ddr.v;
    ir_op d = ir_value_def(m, v);
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, v));
    if (vt->rank != x->ddr.nsub || vt->rank > NEST_MAX_RANK)
        return false;
    struct sched_lin a = {0};
    if (d && ir_op_get(m, d)->kind == IR_OP_MEMREF_REINTERPRET_CAST) {
        const struct ir_op_info *o = ir_op_get(m, d);
        const struct ir_attr_info *off = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
        const struct ir_attr_info *st = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
        const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, d, "operandSegmentSizes"));
        if (seg->ints[2] || seg->ints[3] || st->n != vt->rank)
            return false;
        for (uint32_t k = 0; k < st->n; k++)
            if ((x->strides[k] = st->ints[k]) == IR_DYN)
                return false;
        x->root = o->opnd[0];
        if (off->ints[0] == IR_DYN) {
            sched_lin_of(m, o->opnd[1], &a);
        } else {
            a.c = off->ints[0];
        }
        const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, x->root));
        if (rt->attr0) /* the root must be a plain (identity-layout) buffer */
            return false;
    } else {
        if (vt->attr0)
            return false;
        x->root = v;
        int64_t s = 1;
        for (uint32_t k = vt->rank; k-- > 0;) {
            x->strides[k] = s;
            s *= vt->shape[k];
        }
    }
    for (uint32_t k = 0; k < vt->rank; k++) {
        struct sched_lin l;
        nest_sub_lin(m, x->ddr.sub[k], &l);
        if (!sched_lin_add(&a, &l, x->strides[k]))
            return false;
    }
    *out = a;
    return true;
}

/* The DDR side's root buffer, strides and offset (as a linear form). */
static bool address(struct co *co, struct dma *x)
{
    struct ir_module *m = co->m;
    struct sched_lin a;
    if (!ddr_lin(m, x, &a))
        return false;
    /* affine in the point and tile IVs, the rest invariant in the tile loop */
    int64_t dt = 0;
    x->d = 0;
    for (uint32_t k = 0; k < a.n; k++) {
        uint32_t j = 0;
        while (j < x->nloops && x->ivs[j] != a.v[k])
            j++;
        if (a.v[k] == co->i)
            x->d = a.k[k];
        else if (a.v[k] == co->t)
            dt = a.k[k];
        else if (j < x->nloops)
            x->dj[j] = a.k[k];
        else if (!x->dyn_atom && a.k[k] > 0 && dyn_step(co, a.v[k], &x->dyn_s)) {
            x->dyn_atom = a.v[k];
            x->dyn_k = a.k[k];
        } else if (ir_value_defined_in(m, a.v[k], co->tl))
            return false;
    }
    x->addr = a;
    if (x->dyn_atom) /* at most 16 transfers a tile */
        return !x->d && !dt && co->T <= 16;
    /* a load of the same elements at every point (a weight row tiling let
     * in, shared-loads): one copy a tile, from a view of stride 0 */
    bool shared = !(co->c->o->disabled & (UINT64_C(1) << SCHED_NEST_SHARED_LOADS));
    return (x->d > 0 || (!x->d && !x->store && shared)) && dt == x->d * co->T;
}

/* Whether x loads the same elements at every point of the tile (its
 * offset moves with neither the point nor the tile IV): its buffer holds one
 * copy, read by every point. */
static bool bcast_load(const struct dma *x)
{
    return !x->store && !x->d && !x->dyn_atom;
}

/* The inner loops between the point loop and pipe, outermost first. */
static bool inner_chain(struct co *co, ir_op pipe, struct dma *x)
{
    struct ir_module *m = co->m;
    ir_op loops[MAX_INNER];
    uint32_t n = 0;
    for (ir_op p = ir_op_parent(m, pipe); p != co->pl; p = ir_op_parent(m, p)) {
        if (!p || n == MAX_INNER || ir_op_get(m, p)->kind != IR_OP_SCF_FOR)
            return false;
        loops[n++] = p;
    }
    x->nloops = n;
    for (uint32_t k = 0; k < n; k++) {
        ir_op l = loops[n - 1 - k];
        x->ivs[k] = nest_for_iv(m, l);
        if (!nest_for_normal(m, l, &x->trips[k]))
            return false;
        x->dj[k] = 0;
    }
    return true;
}

/* The pipelines under loop (not inside one another), in order. */
static void pipes_under(const struct ir_module *m, ir_op loop, ir_op *v, uint32_t *n)
{
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_KTDF_PIPELINE && *n < MAX_PIPES)
            v[(*n)++] = op;
        else if (k == IR_OP_SCF_FOR)
            pipes_under(m, op, v, n);
    }
}

/* Buffer v's index in co->bufs (added when new). */
static int buf_of(struct co *co, ir_value v)
{
    for (uint32_t k = 0; k < co->nbufs; k++)
        if (co->bufs[k].old == v)
            return (int)k;
    if (co->nbufs == MAX_BUFS)
        return -1;
    co->bufs[co->nbufs] = (struct cbuf){.old = v};
    return (int)co->nbufs++;
}

/* Whether a's address has b's variable terms (a's loop IVs read as b's,
 * the same coefficients). */
static bool same_terms(const struct dma *a, const struct dma *b)
{
    for (uint32_t i = 0; i < a->addr.n; i++) {
        ir_value v = a->addr.v[i];
        for (uint32_t l = 0; l < a->nloops; l++)
            if (a->ivs[l] == v)
                v = b->ivs[l];
        uint32_t j = 0;
        while (j < b->addr.n && b->addr.v[j] != v)
            j++;
        if (j == b->addr.n || b->addr.k[j] != a->addr.k[i])
            return false;
    }
    return true;
}

/* Whether loads a and b read the same elements at every point: the same
 * view of the same root (nest_same_memory: two views of one base made
 * alike count as one), the same sizes, and addresses equal once the inner
 * loops' IVs are matched by depth (loops of the same trip counts: after
 * fission each pipeline may sit in inner loops of its own). */
static bool same_load(const struct ir_module *m, const struct dma *a, const struct dma *b)
{
    if (a->store || b->store || !nest_same_memory(m, a->root, b->root) || a->d != b->d ||
        a->dyn_s != b->dyn_s || a->dyn_k != b->dyn_k ||
        a->ddr.nsize != b->ddr.nsize || a->nloops != b->nloops || a->addr.c != b->addr.c ||
        a->addr.n != b->addr.n ||
        memcmp(a->trips, b->trips, a->nloops * sizeof *a->trips) ||
        memcmp(a->dj, b->dj, a->nloops * sizeof *a->dj) ||
        memcmp(a->ddr.size, b->ddr.size, a->ddr.nsize * sizeof *a->ddr.size) ||
        ir_value_type(m, a->buf.v) != ir_value_type(m, b->buf.v))
        return false;
    return same_terms(a, b);
}

/* same_load but for the constant part of the address. */
static bool same_load_but_offset(const struct ir_module *m, const struct dma *a,
                                 const struct dma *b)
{
    struct dma t = *b;
    t.addr.c = a->addr.c;
    return same_load(m, a, &t);
}

/* Whether load a reads, at every point, elements that load b reads at
 * the same point (a reduction reading a row by chunks, a later pass reading
 * it whole): the same root, view sizes, buffer type and steps, a's inner
 * loops a window of b's (same depth; shift[l] iterations in, a's trips
 * fitting in b's), the rest of the address the same. */
static bool within_load(const struct ir_module *m, const struct dma *a, const struct dma *b,
                        int64_t *shift)
{
    if (a->store || b->store || !nest_same_memory(m, a->root, b->root) || a->d != b->d || a->dyn_atom ||
        b->dyn_atom || a->ddr.nsize != b->ddr.nsize || a->nloops != b->nloops ||
        a->addr.n != b->addr.n || memcmp(a->dj, b->dj, a->nloops * sizeof *a->dj) ||
        memcmp(a->ddr.size, b->ddr.size, a->ddr.nsize * sizeof *a->ddr.size) ||
        ir_value_type(m, a->buf.v) != ir_value_type(m, b->buf.v))
        return false;
    if (!same_terms(a, b))
        return false;
    /* the constant difference, loop by loop from the largest step */
    int64_t diff = a->addr.c - b->addr.c;
    bool done[MAX_INNER] = {false};
    for (uint32_t n = 0; n < a->nloops; n++) {
        uint32_t l = a->nloops;
        for (uint32_t k = 0; k < a->nloops; k++)
            if (!done[k] && (l == a->nloops || a->dj[k] > a->dj[l]))
                l = k;
        done[l] = true;
        shift[l] = a->dj[l] > 0 ? diff / a->dj[l] : 0;
        diff -= shift[l] * a->dj[l];
        if (shift[l] < 0 || shift[l] + a->trips[l] > b->trips[l])
            return false;
    }
    return diff == 0;
}

/* Whether loads a and b differ only in their constant offset, by a whole
 * number of a's one inner loop's steps (the windows of one row that the
 * chunk loads of a reduction's level read, c + i * C/K); *k gets that
 * number (b's window k steps past a's). */
static bool window_of(const struct ir_module *m, const struct dma *a, const struct dma *b,
                      int64_t *k)
{
    if (a->store || b->store || a->nloops != 1 || b->nloops != 1 || a->dj[0] <= 0 ||
        a->trips[0] != b->trips[0] || a->dj[0] != b->dj[0] || !same_load_but_offset(m, a, b))
        return false;
    int64_t diff = b->addr.c - a->addr.c;
    if (diff % a->dj[0])
        return false;
    *k = diff / a->dj[0];
    return true;
}

/* chunk-loads: loads of the tile, none within another, whose windows of
 * one inner loop lie end to end (chunks c + i * C/K of a row, for i < K: a
 * reduction level with no pass reading the row whole, reduction-producer's
 * fused exponentials) become one: the first's window grows to cover them
 * all (one bulk DMA, one buffer) and the others read it shifted, as loads
 * within another do. Without it each is a DMA of its own, interleaved with
 * other cores' DMAs in device memory, so no chunk of the row lands before
 * the row's last DMA. */
static void merge_windows(struct co *co)
{
    struct ir_module *m = co->m;
    if (co->c->o->disabled & (UINT64_C(1) << SCHED_NEST_CHUNK_LOADS))
        return;
    for (uint32_t a = 0; a < co->nx; a++) {
        struct dma *x = &co->x[a];
        if (x->merged >= 0 || x->store || x->dyn_atom || bcast_load(x))
            continue;
        int64_t at[MAX_XFERS], k;
        uint32_t n = 0;
        bool first = true;
        for (uint32_t b = 0; b < co->nx && first; b++) {
            if (b == a || co->x[b].merged >= 0 || !window_of(m, x, &co->x[b], &k))
                continue;
            first = k > 0;
            at[b] = k;
            n++;
        }
        if (!first || !n)
            continue;
        /* end to end from x's: steps trips, 2 trips, ... n trips */
        int64_t t = x->trips[0];
        bool ok = true;
        for (int64_t want = 1; want <= (int64_t)n && ok; want++) {
            uint32_t hits = 0;
            for (uint32_t b = 0; b < co->nx; b++)
                hits += b != a && co->x[b].merged < 0 && window_of(m, x, &co->x[b], &k) &&
                        k == want * t;
            ok = hits == 1;
        }
        if (!ok)
            continue;
        for (uint32_t b = 0; b < co->nx; b++)
            if (b != a && co->x[b].merged < 0 && window_of(m, x, &co->x[b], &k)) {
                co->x[b].merged = (int)a;
                memset(co->x[b].shift, 0, sizeof co->x[b].shift);
                co->x[b].shift[0] = at[b];
            }
        x->trips[0] = (int64_t)(n + 1) * t;
    }
}

/* Whether the DDR side of x reads one contiguous run of its root (its
 * dims of more than one element strided as a dense array's); *n gets the
 * run's element count. */
static bool contiguous(const struct dma *x, int64_t *n)
{
    int64_t want = 1;
    for (uint32_t k = x->ddr.nsize; k-- > 0;) {
        if (x->ddr.size[k] != 1 && x->strides[k] != want)
            return false;
        want *= x->ddr.size[k];
    }
    *n = want;
    return true;
}

/* Whether load a reads, at every point, bytes that load b reads, into a
 * buffer of another shape (a row loaded whole for a reduction and, chunk
 * by chunk of an inner loop, through a reshaped view for elementwise ops:
 * ktc-split): the same root, element type and offset function of the IVs
 * but a's inner loops' (b in none), each run contiguous, a's runs over
 * its inner loops within b's; b's buffer one row (its outer dims 1), so
 * that a contiguous run of a's buffer is one run of b's innermost dim. */
static bool same_bytes(const struct ir_module *m, const struct dma *a, const struct dma *b)
{
    int64_t na, nb;
    if (a->store || b->store || !nest_same_memory(m, a->root, b->root) || a->d != b->d ||
        a->dyn_atom || b->dyn_atom || b->nloops || a->addr.c != b->addr.c ||
        !contiguous(a, &na) || !contiguous(b, &nb))
        return false;
    int64_t end = na;
    for (uint32_t l = 0; l < a->nloops; l++) {
        if (a->dj[l] < 0)
            return false;
        end += (a->trips[l] - 1) * a->dj[l];
    }
    uint32_t n = 0; /* a's terms not of its inner loops, each one of b's */
    for (uint32_t k = 0; k < a->addr.n; k++) {
        bool inner = false;
        for (uint32_t l = 0; l < a->nloops; l++)
            inner |= a->addr.v[k] == a->ivs[l];
        if (inner)
            continue;
        uint32_t j = 0;
        while (j < b->addr.n && b->addr.v[j] != a->addr.v[k])
            j++;
        if (j == b->addr.n || b->addr.k[j] != a->addr.k[k])
            return false;
        n++;
    }
    if (n != b->addr.n || end > nb)
        return false;
    const struct ir_type_info *ta = ir_type_get(m, ir_value_type(m, a->buf.v));
    const struct ir_type_info *tb = ir_type_get(m, ir_value_type(m, b->buf.v));
    if (ta->elem != tb->elem || ta->attr1 != tb->attr1 || !tb->rank ||
        ir_type_elem(m, ir_value_type(m, a->ddr.v)) != ir_type_elem(m, ir_value_type(m, b->ddr.v)))
        return false;
    for (uint32_t k = 0; k + 1 < tb->rank; k++)
        if (tb->shape[k] != 1)
            return false;
    return true;
}

/* Whether side s of a buffer of type t is one contiguous run (the
 * outermost dim of more than one element has every inner one whole). */
static bool run_of(const struct ir_type_info *t, const struct nest_side *s)
{
    if (s->nsub != t->rank || s->nsize != t->rank)
        return false;
    bool whole = true; /* the dims inside the current one are whole */
    for (uint32_t k = t->rank; k-- > 0;) {
        if (s->size[k] != 1 && !whole)
            return false;
        whole &= s->size[k] == t->shape[k];
    }
    return true;
}

struct buf_uses {
    ir_value v;
    ir_op dma; /* the load that fills v */
    bool bad;
};

/* Whether every transfer of u->v but its load reads it (side 0) by one
 * contiguous run. */
static bool reads_runs(struct ir_module *m, ir_op op, void *ctx)
{
    struct buf_uses *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDF_DATA_TRANSFER || op == u->dma)
        return !u->bad;
    struct nest_side s[2];
    if (!nest_read_side(m, op, 0, &s[0]) || !nest_read_side(m, op, 1, &s[1])) {
        for (uint32_t i = 0; i < o->nopnd; i++)
            u->bad |= o->opnd[i] == u->v;
        return !u->bad;
    }
    u->bad |= s[1].v == u->v ||
              (s[0].v == u->v && !run_of(ir_type_get(m, ir_value_type(m, u->v)), &s[0]));
    return !u->bad;
}

/* Whether transfers other than x's load read buffer x only by contiguous
 * runs and none writes it. */
static bool only_runs(struct ir_module *m, ir_op pl, const struct dma *x)
{
    struct buf_uses u = {x->buf.v, x->op, false};
    ir_walk(m, pl, reads_runs, &u);
    return !u.bad;
}

/* Side s's row-major offset in its buffer of type t, at b: the sum of its
 * value subscripts' terms (IR_NONE: none) plus *c. */
static ir_value row_major(struct split_b *b, const struct nest_side *s,
                          const struct ir_type_info *t, int64_t *c)
{
    int64_t stride = 1;
    ir_value off = IR_NONE;
    *c = 0;
    for (uint32_t d = t->rank; d-- > 0;) {
        if (s->sub[d].v) {
            ir_value v = sb_muli(b, s->sub[d].v, stride);
            off = off ? sb_addi(b, off, v) : v;
        } else {
            *c += s->sub[d].c * stride;
        }
        stride *= t->shape[d];
    }
    return off;
}

/* Rewrites every transfer under pl reading (or, with writes, writing)
 * buffer `from` (a run of it: only_runs, span_runs) to reach the same
 * elements of buffer to at one linear offset in its innermost dim (its
 * outer dims 1): the run's offset in from, plus x's inner loops' place,
 * plus point * x's step per point when point is a value (word-spans'
 * flat buffer). read_linear: a load of the same bytes (same_bytes). */
static void relinearize(struct ir_module *m, ir_op pl, const struct dma *x, ir_value from,
                        ir_value to, ir_value point, bool writes)
{
    const struct ir_type_info *ft = ir_type_get(m, ir_value_type(m, from));
    uint32_t rank = ir_type_get(m, ir_value_type(m, to))->rank;
    struct sched_ops f = {0};
    sched_ops_of_kind(m, pl, IR_OP_KTDF_DATA_TRANSFER, &f);
    for (uint32_t q = 0; q < f.n; q++) {
        ir_op op = f.v[q];
        struct nest_side s[2];
        if (!nest_read_side(m, op, 0, &s[0]) || !nest_read_side(m, op, 1, &s[1]))
            continue;
        int k = !s[0].fifo && s[0].v == from ? 0 : writes && !s[1].fifo && s[1].v == from ? 1 : -1;
        if (k < 0)
            continue;
        struct split_b b;
        sb_before(&b, m, op, ir_op_get(m, op)->loc);
        int64_t c, n = 1;
        ir_value off = row_major(&b, &s[k], ft, &c);
        for (uint32_t d = 0; d < ft->rank; d++)
            n *= s[k].size[d];
        for (uint32_t l = 0; l < x->nloops; l++) {
            ir_value t = sb_muli(&b, x->ivs[l], x->dj[l]);
            off = off ? sb_addi(&b, off, t) : t;
        }
        if (point) {
            ir_value t = sb_muli(&b, point, x->d);
            off = off ? sb_addi(&b, off, t) : t;
        }
        if (off && c)
            off = sb_addi(&b, off, sb_index(&b, c));
        struct nest_side r = {.v = to, .nsub = rank, .nsize = rank};
        for (uint32_t d = 0; d < rank; d++) {
            r.sub[d] = (struct nest_sub){.c = 0};
            r.size[d] = 1;
        }
        r.sub[rank - 1] = off ? (struct nest_sub){.v = off} : (struct nest_sub){.c = c};
        r.size[rank - 1] = n;
        s[k] = r;
        nest_make_transfer(&b, &s[0], &s[1], op);
        ir_op_unlink(m, op);
    }
    free(f.v);
}

static void read_linear(struct ir_module *m, ir_op pl, const struct dma *x, ir_value to)
{
    relinearize(m, pl, x, x->buf.v, to, IR_NONE, false);
}

/* The elements of the one run that windows of w elements cover, placed
 * at every combination of r dims (n[l] steps of st[l] elements each, in
 * any order), when it has no hole: each dim stepping no further than what
 * the ones of smaller step cover. *moved gets the elements the windows
 * move one by one. 0 when there is a hole. */
static int64_t span_ext(int64_t w, const int64_t *n, int64_t *st, uint32_t r, int64_t *moved)
{
    int64_t ext = w;
    *moved = w;
    for (uint32_t done = 0; done < r; done++) { /* by step, smallest first */
        uint32_t l = 0;
        for (uint32_t q = 1; q < r; q++)
            if (st[q] < st[l])
                l = q;
        if (st[l] <= 0 || st[l] > ext)
            return 0;
        ext += (n[l] - 1) * st[l];
        *moved *= n[l];
        st[l] = INT64_MAX;
    }
    return ext;
}

/* The elements of x's one window (its DDR side's one dim of more than one
 * element, of stride 1), or 0. */
static int64_t window_elems(const struct dma *x)
{
    int64_t w = 1;
    uint32_t wide = 0;
    for (uint32_t d = 0; d < x->ddr.nsize; d++)
        if (x->ddr.size[d] != 1) {
            if (x->strides[d] != 1 || wide++)
                return 0;
            w = x->ddr.size[d];
        }
    return w;
}

/* x's inner loops of more than one trip as span_ext's dims, after *r
 * others. */
static void inner_dims(const struct dma *x, int64_t *n, int64_t *st, uint32_t *r)
{
    for (uint32_t j = 0; j < x->nloops; j++)
        if (x->trips[j] > 1) {
            n[*r] = x->trips[j];
            st[(*r)++] = x->dj[j];
        }
}

/* word-spans: the elements of the one run of device memory that DMA k's
 * windows cover over a tile, when they overlap or, for a masked store of
 * part of a word, touch (ktc-path-expand's windows of a row that starts
 * inside a word: two words a vector, one word apart; a store's vector
 * astride two words), or 0. Its window one dim of stride 1, its points and
 * inner loops each stepping no further than what the ones of smaller step
 * cover (span_ext: the run has no hole), its buffer its own. One bulk DMA
 * of the run then moves each word once, not every window's words. */
static int64_t span_of(const struct co *co, uint32_t k)
{
    const struct dma *x = &co->x[k];
    if ((co->c->o->disabled & (UINT64_C(1) << SCHED_NEST_WORD_SPANS)) || x->merged >= 0 ||
        x->linear || x->dyn_atom || bcast_load(x))
        return 0;
    for (uint32_t q = 0; q < co->nx; q++)
        if (q != k && (co->x[q].merged == (int)k || co->x[q].b == x->b))
            return 0;
    int64_t w = window_elems(x), n[1 + MAX_INNER], st[1 + MAX_INNER], moved;
    uint32_t r = 0;
    if (co->T > 1) {
        n[r] = co->T;
        st[r++] = x->d;
    }
    inner_dims(x, n, st, &r);
    int64_t ext = w ? span_ext(w, n, st, r, &moved) : 0;
    return ext && (moved > ext || x->box) ? ext : 0;
}

struct span_uses {
    ir_value v;
    ir_op dma;
    bool bad;
};

/* Whether every transfer but u->dma touching u->v reaches it by one run. */
static bool span_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct span_uses *u = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || op == u->dma)
        return !u->bad;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, u->v));
    for (int k = 0; k < 2 && !u->bad; k++) {
        struct nest_side s;
        if (!nest_read_side(m, op, k, &s))
            u->bad |= nest_touches(m, op, u->v, k);
        else if (!s.fifo && s.v == u->v)
            u->bad |= !run_of(t, &s);
    }
    return !u->bad;
}

static bool span_runs(struct ir_module *m, ir_op pl, const struct dma *x)
{
    struct span_uses u = {x->buf.v, x->op, false};
    ir_walk(m, pl, span_use, &u);
    return !u.bad;
}

/* The load whose buffer x's chain of merges ends in. */
static int merged_root(const struct co *co, int k)
{
    while (co->x[k].merged >= 0)
        k = co->x[k].merged;
    return k;
}

/* Reads the DMA stages of pipe into co; false when the pipeline does not
 * have the shape coarsening handles. */
static bool read_pipeline(struct co *co, ir_op pipe)
{
    struct ir_module *m = co->m;
    if (ir_op_attr(m, pipe, "modulo"))
        return false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        uint32_t ndma = 0, nother = 0;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
            const struct ir_op_info *o = ir_op_get(m, op);
            struct nest_side s0, s1;
            if (o->kind != IR_OP_KTDF_DATA_TRANSFER) {
                nother++;
                continue;
            }
            if (!nest_read_side(m, op, 0, &s0) || !nest_read_side(m, op, 1, &s1))
                return false;
            if (!nest_is_ddr(m, s0.v) && !nest_is_ddr(m, s1.v)) {
                nother++;
                continue;
            }
            if (co->nx == MAX_XFERS)
                return false;
            bool store = nest_is_ddr(m, s1.v);
            struct dma *x = &co->x[co->nx];
            *x = (struct dma){.op = op, .stage = s, .store = store, .ddr = store ? s1 : s0,
                              .buf = store ? s0 : s1, .merged = -1};
            if (!inner_chain(co, pipe, x) || x->ddr.nsize + x->nloops + 1 > NEST_MAX_RANK)
                return false;
            ir_op bd = ir_value_def(m, x->buf.v);
            if (x->buf.fifo || !bd || ir_op_get(m, bd)->kind != IR_OP_KTDF_PRIVATE ||
                ir_op_parent(m, bd) != pipe || !address(co, x))
                return false;
            /* the whole buffer, from its origin; or, for a masked store
             * (path-expand's part of a word, or whole words at a
             * launch-time offset in the word), a box of it at subscripts
             * the tile loop does not move (in inner loops too: a row's
             * chunks, the expanded buffer's box behind their dims) */
            const struct ir_type_info *bt = ir_type_get(m, ir_value_type(m, x->buf.v));
            if (bt->rank != x->buf.nsize || bt->attr0)
                return false;
            int64_t n = 1, nd = 1;
            for (uint32_t k = 0; k < bt->rank; k++) {
                const struct nest_sub *b = &x->buf.sub[k];
                if (b->v || b->c || x->buf.size[k] != bt->shape[k])
                    x->box = true;
                if (b->v && ir_value_defined_in(m, b->v, co->tl))
                    return false;
                n *= x->buf.size[k];
            }
            if (x->box && !(store && !x->dyn_atom &&
                            ir_ktdf_transfer_mode_is(m, op, "masked")))
                return false;
            for (uint32_t k = 0; k < x->ddr.nsize; k++)
                nd *= x->ddr.size[k];
            if (n != nd || (x->b = buf_of(co, x->buf.v)) < 0)
                return false;
            if (!store)
                for (uint32_t k = 0; k < co->nx && x->merged < 0; k++)
                    if (same_load(m, &co->x[k], x))
                        x->merged = (int)k;
            co->nx++;
            ndma++;
        }
        if (ndma && nother)
            return false; /* a DMA stage does nothing else */
        if (ndma) {
            if (co->nstages == MAX_STAGES)
                return false;
            co->dma_stages[co->nstages++] = s;
        }
    }
    return true;
}

struct other_use {
    ir_value v;
    bool found;
};

static bool other_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct other_use *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER || o->kind == IR_OP_KTDF_PRIVATE_YIELD)
        return true;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == u->v)
            u->found = true;
    return !u->found;
}

/* The stage's depends_in and depends_out counts. */
static void deps(const struct ir_module *m, ir_op s, uint32_t *nin, uint32_t *nout)
{
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, s, "operandSegmentSizes"));
    *nin = (uint32_t)seg->ints[0];
    *nout = (uint32_t)seg->ints[1];
}

void nest_remove_stage(struct ir_module *m, ir_op s)
{
    uint32_t nin, nout;
    deps(m, s, &nin, &nout);
    const struct ir_op_info *so = ir_op_get(m, s);
    ir_value in = nin ? so->opnd[0] : IR_NONE;
    for (ir_op o = ir_block_get(m, so->block)->first; o; o = ir_op_get(m, o)->next) {
        if (o == s || ir_op_get(m, o)->kind != IR_OP_KTDF_STAGE)
            continue;
        uint32_t oi, oo;
        deps(m, o, &oi, &oo);
        struct ir_op_info *oo_ = ir_op_get(m, o);
        for (uint32_t k = 0; k < oi; k++) {
            bool waits = false;
            for (uint32_t j = 0; j < nout; j++)
                waits |= oo_->opnd[k] == so->opnd[nin + j];
            if (!waits)
                continue;
            if (in) {
                oo_->opnd[k] = in;
            } else {
                memmove(oo_->opnd + k, oo_->opnd + k + 1, (oo_->nopnd - k - 1) * sizeof *oo_->opnd);
                oo_->nopnd--;
                oi--;
                k--;
                ir_op_set_attr(m, o, "operandSegmentSizes",
                               split_segments(m, 2, (const int64_t[]){oi, oo}));
            }
        }
    }
    ir_op_unlink(m, s);
}

/* Appends the applicable_units of s to units (no duplicates). */
static void add_units(const struct ir_module *m, ir_op s, const char **units, uint32_t *n)
{
    ir_attr a = ir_op_attr(m, s, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    for (uint32_t i = 0; ai && ai->kind == IR_AT_ARRAY && i < ai->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[i]);
        if (e->kind != IR_AT_STRING)
            continue;
        const char *u = ir_str_get(m, e->s);
        uint32_t k = 0;
        while (k < *n && strcmp(units[k], u) != 0)
            k++;
        if (k == *n && *n < 16)
            units[(*n)++] = u;
    }
}

/* The value of x's offset at b with every loop IV (t, i and the inner
 * loops') at 0. */
static ir_value materialize(struct split_b *b, const struct dma *x, ir_value t, ir_value i)
{
    const struct sched_lin *l = &x->addr;
    ir_value v = sb_index(b, l->c);
    for (uint32_t k = 0; k < l->n; k++) {
        bool iv = l->v[k] == t || l->v[k] == i || l->v[k] == x->dyn_atom;
        for (uint32_t j = 0; j < x->nloops; j++)
            iv |= l->v[k] == x->ivs[j];
        if (!iv)
            v = sb_addi(b, v, sb_muli(b, l->v[k], l->k[k]));
    }
    return v;
}

/* The bulk transfer of x at b (inside the DMA stage): the DDR side a view
 * of every row the tile loop visits (built before the tile loop), the
 * scratchpad side the whole expanded buffer. */
static void bulk_dyn(struct co *co, struct dma *x, ir_value row, struct split_b *in_stage);
static void bulk_span(struct co *co, struct dma *x, struct split_b *in_stage);

static void bulk(struct co *co, struct dma *x, ir_value row, struct split_b *in_stage)
{
    struct ir_module *m = co->m;
    if (x->dyn_atom) {
        bulk_dyn(co, x, row, in_stage);
        return;
    }
    if (x->span) {
        bulk_span(co, x, in_stage);
        return;
    }
    struct split_b pre;
    sb_before(&pre, m, co->tl, ir_op_get(m, x->op)->loc);
    /* view: offset addr(t = 0, i = 0), sizes [NT*T, non-unit sizes],
     * strides [d, their strides]; NT*T made before the tile loop from its
     * trip count when that has no bound (a loop to a kernel argument) */
    int64_t shape[NEST_MAX_RANK + 1 + MAX_INNER], strides[NEST_MAX_RANK + 1 + MAX_INNER];
    uint32_t r = 0;
    ir_value dyn = IR_NONE;
    shape[r] = bcast_load(x) ? 1 : co->NT * co->T;
    if (!bcast_load(x) && !co->NT) {
        shape[r] = IR_DYN;
        dyn = sb_muli(&pre, ir_op_get(m, co->tl)->opnd[1], co->T);
    }
    strides[r++] = x->d;
    for (uint32_t j = 0; j < x->nloops; j++) {
        shape[r] = once(co, x, j) ? 1 : x->trips[j];
        strides[r++] = x->dj[j];
    }
    for (uint32_t k = 0; k < x->ddr.nsize; k++)
        if (x->ddr.size[k] != 1) {
            shape[r] = x->ddr.size[k];
            strides[r++] = x->strides[k];
        }
    ir_value off = materialize(&pre, x, co->t, co->i);
    int64_t coff;
    bool is_static = split_const_int(m, off, &coff);
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, x->root));
    ir_attr layout = ir_attr_intern(m, &(struct ir_attr_info){
                                           .kind = IR_AT_STRIDED, .n = r, .ints = strides,
                                           .i = is_static ? coff : IR_DYN});
    ir_type vt = split_memref(m, r, shape, rt->elem, layout, rt->attr1);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.reinterpret_cast", pre.loc);
    ir_state_add_operand(m, &st, x->root);
    if (!is_static)
        ir_state_add_operand(m, &st, off);
    if (dyn)
        ir_state_add_operand(m, &st, dyn);
    int64_t so = is_static ? coff : IR_DYN, seg[4] = {1, !is_static, dyn != IR_NONE, 0};
    ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
    ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, r, shape));
    ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, r, strides));
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, seg));
    ir_state_add_result(m, &st, vt);
    ir_value view = ir_op_result(m, sb_emit(&pre, &st), 0);
    ir_value_get(m, view)->name = ir_value_get(m, x->ddr.v)->name;

    if (r > NEST_MAX_RANK)
        abort(); /* coarsen_one checked the room */
    struct nest_side ddr = {.v = view, .nsub = r, .nsize = r};
    ddr.sub[0] = bcast_load(x) ? (struct nest_sub){.c = 0} : (struct nest_sub){.v = row};
    ddr.size[0] = bcast_load(x) ? 1 : co->T;
    for (uint32_t k = 1; k < r; k++) {
        ddr.sub[k] = (struct nest_sub){.c = 0};
        ddr.size[k] = shape[k];
    }
    const struct ir_type_info *bt = ir_type_get(m, ir_value_type(m, co->bufs[x->b].x));
    struct nest_side buf = {.v = co->bufs[x->b].x, .nsub = bt->rank, .nsize = bt->rank};
    for (uint32_t k = 0; k < bt->rank; k++) {
        buf.sub[k] = (struct nest_sub){.c = 0};
        buf.size[k] = bt->shape[k];
    }
    for (uint32_t k = 0; x->box && k < x->buf.nsub; k++) { /* behind the points' dims */
        buf.sub[k + 1 + x->nloops] = x->buf.sub[k];
        buf.size[k + 1 + x->nloops] = x->buf.size[k];
    }
    nest_make_transfer(in_stage, x->store ? &buf : &ddr, x->store ? &ddr : &buf, x->op);
}

/* The bulk transfer of x at b when its windows make one run (word-spans):
 * the DDR side a view of the tiles' runs ([tiles, span], T * d apart,
 * built before the tile loop), the scratchpad side the run's place in the
 * flat buffer (a masked store's box at its offset in the word there). */
static void bulk_span(struct co *co, struct dma *x, struct split_b *in_stage)
{
    struct ir_module *m = co->m;
    struct split_b pre;
    sb_before(&pre, m, co->tl, ir_op_get(m, x->op)->loc);
    int64_t shape[2] = {co->NT ? co->NT : IR_DYN, x->span}, strides[2] = {co->T * x->d, 1};
    ir_value off = materialize(&pre, x, co->t, co->i);
    int64_t coff;
    bool is_static = split_const_int(m, off, &coff);
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, x->root));
    ir_attr layout = ir_attr_intern(
        m, &(struct ir_attr_info){
               .kind = IR_AT_STRIDED, .n = 2, .ints = strides, .i = is_static ? coff : IR_DYN});
    ir_type vt = split_memref(m, 2, shape, rt->elem, layout, rt->attr1);
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.reinterpret_cast", pre.loc);
    ir_state_add_operand(m, &st, x->root);
    if (!is_static)
        ir_state_add_operand(m, &st, off);
    if (!co->NT)
        ir_state_add_operand(m, &st, ir_op_get(m, co->tl)->opnd[1]);
    int64_t so = is_static ? coff : IR_DYN, seg[4] = {1, !is_static, !co->NT, 0};
    ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
    ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, 2, shape));
    ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, 2, strides));
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, seg));
    ir_state_add_result(m, &st, vt);
    ir_value view = ir_op_result(m, sb_emit(&pre, &st), 0);
    ir_value_get(m, view)->name = ir_value_get(m, x->ddr.v)->name;
    struct nest_side ddr = {.v = view, .nsub = 2, .nsize = 2};
    ddr.sub[0] = (struct nest_sub){.v = co->t};
    ddr.sub[1] = (struct nest_sub){.c = 0};
    ddr.size[0] = 1;
    ddr.size[1] = x->span;
    /* the box's offset in its staging buffer */
    int64_t c;
    ir_value at = row_major(in_stage, &x->buf, ir_type_get(m, ir_value_type(m, x->buf.v)), &c);
    if (at && c)
        at = sb_addi(in_stage, at, sb_index(in_stage, c));
    struct nest_side buf = {.v = co->bufs[x->b].x, .nsub = 1, .nsize = 1};
    buf.sub[0] = at ? (struct nest_sub){.v = at} : (struct nest_sub){.c = c};
    buf.size[0] = x->span;
    nest_make_transfer(in_stage, x->store ? &buf : &ddr, x->store ? &ddr : &buf, x->op);
}

/* The transfers of x at b when its loop steps by a launch-time value s:
 * the points' rows are s apart, not a static stride, so one transfer per
 * point k of the tile, each from a view (built in the tile loop, before the
 * outer pipeline) at offset addr(i = 0) + dyn_k * (t * T + k) * s, into row
 * k of the expanded buffer. */
static void bulk_dyn(struct co *co, struct dma *x, ir_value row, struct split_b *in_stage)
{
    struct ir_module *m = co->m;
    struct split_b pre;
    sb_before(&pre, m, co->pipe, ir_op_get(m, x->op)->loc);
    int64_t shape[NEST_MAX_RANK + MAX_INNER], strides[NEST_MAX_RANK + MAX_INNER];
    uint32_t r = 0;
    for (uint32_t j = 0; j < x->nloops; j++) {
        shape[r] = once(co, x, j) ? 1 : x->trips[j];
        strides[r++] = x->dj[j];
    }
    for (uint32_t k = 0; k < x->ddr.nsize; k++)
        if (x->ddr.size[k] != 1) {
            shape[r] = x->ddr.size[k];
            strides[r++] = x->strides[k];
        }
    if (!r) {
        shape[r] = 1;
        strides[r++] = 1;
    }
    ir_value base = materialize(&pre, x, co->t, co->i);
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, x->root));
    ir_attr layout = ir_attr_intern(m, &(struct ir_attr_info){
                                           .kind = IR_AT_STRIDED, .n = r, .ints = strides,
                                           .i = IR_DYN});
    ir_type vt = split_memref(m, r, shape, rt->elem, layout, rt->attr1);
    const struct ir_type_info *bt = ir_type_get(m, ir_value_type(m, co->bufs[x->b].x));
    for (int64_t p = 0; p < co->T; p++) {
        ir_value pos = sb_addi(&pre, row, sb_index(&pre, p));
        ir_value off = sb_addi(&pre, base,
                               sb_muli(&pre, sb_arith(&pre, "arith.muli", pos, x->dyn_s), x->dyn_k));
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.reinterpret_cast", pre.loc);
        ir_state_add_operand(m, &st, x->root);
        ir_state_add_operand(m, &st, off);
        int64_t so = IR_DYN, seg[4] = {1, 1, 0, 0};
        ir_state_set_attr(m, &st, "static_offsets", ir_attr_dense_array(m, m->t_i64, 1, &so));
        ir_state_set_attr(m, &st, "static_sizes", ir_attr_dense_array(m, m->t_i64, r, shape));
        ir_state_set_attr(m, &st, "static_strides", ir_attr_dense_array(m, m->t_i64, r, strides));
        ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 4, seg));
        ir_state_add_result(m, &st, vt);
        ir_value view = ir_op_result(m, sb_emit(&pre, &st), 0);
        ir_value_get(m, view)->name = ir_value_get(m, x->ddr.v)->name;
        struct nest_side ddr = {.v = view, .nsub = r, .nsize = r};
        for (uint32_t k = 0; k < r; k++) {
            ddr.sub[k] = (struct nest_sub){.c = 0};
            ddr.size[k] = shape[k];
        }
        struct nest_side buf = {.v = co->bufs[x->b].x, .nsub = bt->rank, .nsize = bt->rank};
        for (uint32_t k = 0; k < bt->rank; k++) {
            buf.sub[k] = (struct nest_sub){.c = k ? 0 : p};
            buf.size[k] = k ? bt->shape[k] : 1;
        }
        nest_make_transfer(in_stage, x->store ? &buf : &ddr, x->store ? &ddr : &buf, x->op);
    }
}

/* Drops the results of pipe's ktdf.private that nothing uses any more
 * (the staging buffers the expanded ones replaced). */
static void prune_private(struct ir_module *m, ir_op pipe)
{
    ir_op priv = nest_pipe_private(m, pipe);
    if (!priv)
        return;
    uint32_t *uses = split_use_counts(m, pipe);
    const struct ir_op_info *po = ir_op_get(m, priv);
    ir_op yield = ir_block_get(m, ir_region_entry(m, po->regs[0]))->last;
    struct ir_op_state st, y;
    ir_state_init(&st, m, "ktdf.private", po->loc);
    ir_state_init(&y, m, "ktdf.private_yield", ir_op_get(m, yield)->loc);
    uint32_t keep[256], n = 0;
    for (uint32_t k = 0; k < po->nres && n < 256; k++)
        if (uses[po->res + k]) {
            keep[n++] = k;
            ir_state_add_result(m, &st, ir_value_type(m, po->res + k));
            ir_state_add_operand(m, &y, ir_op_get(m, yield)->opnd[k]);
        }
    free(uses);
    if (n == po->nres)
        return;
    ir_region r = po->regs[0];
    ir_op_unlink(m, yield);
    ir_block_append_op(m, ir_region_entry(m, r), ir_op_create(m, &y));
    ir_state_add_region(m, &st, r);
    ir_op np = ir_op_create(m, &st);
    ir_op_insert_before(m, priv, np);
    for (uint32_t k = 0; k < n; k++) {
        ir_value_get(m, ir_op_result(m, np, k))->name = ir_value_get(m, po->res + keep[k])->name;
        split_replace_uses(m, pipe, po->res + keep[k], ir_op_result(m, np, k));
    }
    ir_op_get(m, priv)->nreg = 0; /* its region moved to np */
    ir_op_unlink(m, priv);
    split_dce(m, np); /* the allocs nothing yields */
    uint32_t *left = split_use_counts(m, np);
    ir_op next;
    for (ir_op op = ir_block_get(m, ir_region_entry(m, r))->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_CREATE_TOKEN && !left[ir_op_get(m, op)->res])
            ir_op_unlink(m, op);
    }
    free(left);
}

/* The compute stage's point loop around several passes (pipelines, inner
 * loops of them) becomes one loop per pass, in order, so each pass streams
 * the tile's points without draining between them: the program's
 * scratchpad buffers the passes pass per-point values through (a row's
 * max, its exponentials) are expanded by T and indexed by the point. Left
 * as it is when such a buffer is also used after the loop (other than by
 * the remainder loop, which keeps the original) or by anything but
 * transfers, or when the body holds another op with regions (and, with
 * inner loops, unless as below). */
static void fission(struct co *co)
{
    struct ir_module *m = co->m;
    ir_block body = nest_for_body(m, co->pl);
    uint32_t npipes = 0;
    bool loops = false, corelet = true;
    IR_FOR_OPS(m, body, op) {
        if (nest_is_pass(m, op))
            npipes++;
        else if (ir_op_get(m, op)->nreg)
            return;
        loops |= ir_op_get(m, op)->kind == IR_OP_SCF_FOR;
        corelet &= !nest_is_pass(m, op) || nest_whole_level(m, co->c->dev, op) == 1;
    }
    /* inner loops: only passes of the corelets' units (a ring exchange
     * between the cores keeps the point loop whole, which corelets then
     * split point by point), split over corelet instances, two points or
     * more each (one point each has nothing to stream, and every pass
     * would wait for all instances: a tile of one point is
     * corelet-blocks'). Unsplit, the loops fuse-pipelines would have
     * joined across passes (a row's sum carried into its rstd) stay apart:
     * split, fuse-points joins them again and splits the rest
     * (nest_split_points). */
    int64_t inst = nest_tile_instances(co->c, co->tl);
    if (npipes < 2 || (loops && (inst < 2 || co->T < 2 * inst || !corelet)))
        return;
    ir_value bufs[MAX_BUFS];
    uint32_t nb = 0;
    uint32_t *in = split_use_counts(m, co->pl), *all = split_use_counts(m, co->fn);
    /* a remainder loop after the tile loop has the same per-point uses */
    uint32_t *rest = NULL;
    ir_op after = ir_op_get(m, co->tl)->next;
    while (after && ir_op_get(m, after)->kind != IR_OP_SCF_FOR)
        after = ir_op_get(m, after)->next;
    const char *ty = after ? nest_loop_type(m, after) : NULL;
    if (ty && strcmp(ty, "remainder_loop") == 0)
        rest = split_use_counts(m, after);
    bool ok = true;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, co->fn, 0)), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        bool tile_buf = false;
        for (uint32_t k = 0; k < co->nbufs; k++)
            tile_buf |= co->bufs[k].x == o->res;
        if (o->kind != IR_OP_MEMREF_ALLOC || !in[o->res] || tile_buf)
            continue;
        struct other_use u = {o->res, false};
        ir_walk(m, co->pl, other_use, &u);
        /* values a later op reads from it would be stale */
        if (all[o->res] != in[o->res] + (rest ? rest[o->res] : 0) ||
            !nest_prefixable(m, co->pl, o->res))
            ok = false;
        else if (u.found || !nest_memref_space(m, ir_value_type(m, o->res)) || nb == MAX_BUFS ||
            ir_type_get(m, ir_value_type(m, o->res))->rank >= NEST_MAX_RANK)
            ok = false;
        else
            bufs[nb++] = o->res;
    }
    free(in);
    free(all);
    free(rest);
    if (!ok)
        return;
    /* the loop's own copies, one row per point (a remainder loop keeps
     * the originals) */
    struct split_b pre;
    sb_before(&pre, m, co->tl, ir_op_get(m, co->tl)->loc);
    for (uint32_t k = 0; k < nb; k++) {
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.alloc", pre.loc);
        ir_state_set_attr(m, &st, "operandSegmentSizes",
                          split_segments(m, 2, (const int64_t[]){0, 0}));
        ir_state_add_result(m, &st, nest_memref_prefixed(m, ir_value_type(m, bufs[k]), co->T));
        ir_value x = ir_op_result(m, sb_emit(&pre, &st), 0);
        ir_value_get(m, x)->name = ir_value_get(m, bufs[k])->name;
        nest_prefix_buffer(m, co->pl, bufs[k], x, (struct nest_sub){.v = co->i});
    }
    /* clone j keeps the j-th pass only */
    after = co->pl;
    for (uint32_t j = 1; j < npipes; j++) {
        struct split_vmap vm = {0};
        ir_op l = split_clone(m, co->pl, &vm);
        split_vmap_free(&vm);
        uint32_t n = 0;
        ir_op next;
        for (ir_op op = ir_block_get(m, nest_for_body(m, l))->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            if (nest_is_pass(m, op) && n++ != j)
                ir_op_unlink(m, op);
        }
        if (ir_op_get(m, after)->next)
            ir_op_insert_before(m, ir_op_get(m, after)->next, l);
        else
            ir_block_append_op(m, ir_op_get(m, after)->block, l);
        after = l;
    }
    uint32_t n = 0;
    ir_op next;
    for (ir_op op = ir_block_get(m, body)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (nest_is_pass(m, op) && n++ != 0)
            ir_op_unlink(m, op);
    }
}

/* The first DMA of buffer k (every DMA of a buffer sits in one pipeline,
 * under the same loops). */
static const struct dma *first_user(const struct co *co, int k)
{
    for (uint32_t i = 0; i < co->nx; i++)
        if (co->x[i].b == k)
            return &co->x[i];
    return &co->x[0];
}

static bool coarsen_one(struct nest_ctx *c, ir_op fn, ir_op tl)
{
    struct ir_module *m = c->m;
    struct co co = {.c = c, .m = m, .fn = fn, .tl = tl, .t = nest_for_iv(m, tl)};
    const struct ir_op_info *to = ir_op_get(m, tl);
    int64_t lb, step, bound = 0;
    if (!split_const_int(m, to->opnd[0], &lb) || lb || !split_const_int(m, to->opnd[2], &step) ||
        step != 1)
        return true;
    for (uint32_t k = 0; k < c->nchosen; k++)
        if (c->chosen[k].loop == tl)
            bound = c->chosen[k].bound;
    IR_FOR_OPS(m, nest_for_body(m, tl), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_SCF_FOR && !co.pl)
            co.pl = op;
        else if (o->kind != IR_OP_SCF_YIELD && (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE)))
            return true;
    }
    if (!co.pl || !nest_for_normal(m, co.pl, &co.T) || ir_op_get(m, co.pl)->nres)
        return true;
    /* tiles the loop visits: its trip count, or (dynamic) the bound on the
     * points tile-size selection found */
    if (!split_const_int(m, to->opnd[1], &co.NT))
        co.NT = bound < 1 ? 0 : (bound + co.T - 1) / co.T;
    co.i = nest_for_iv(m, co.pl);
    bool any = false;
    if (!nest_loop_body_ok(m, co.pl, &any) || !any)
        return true;
    ir_op pipes[MAX_PIPES];
    uint32_t npipes = 0;
    pipes_under(m, co.pl, pipes, &npipes);
    if (npipes == MAX_PIPES)
        return true;
    for (uint32_t k = 0; k < npipes; k++)
        if (!read_pipeline(&co, pipes[k]))
            return true;
    if (!co.nx)
        return true;
    /* a load whose elements another load of the tile reads (not itself
     * contained in a third) reads that one's buffer, shifted */
    for (uint32_t a = 0; a < co.nx; a++) {
        int64_t sh[MAX_INNER];
        for (uint32_t b = 0; b < co.nx && co.x[a].merged < 0; b++) {
            bool top = b != a && co.x[b].merged < 0 && within_load(m, &co.x[a], &co.x[b], sh);
            for (uint32_t q = 0; q < co.nx && top; q++)
                top = q == b || q == a || co.x[q].merged >= 0 ||
                      !within_load(m, &co.x[b], &co.x[q], sh);
            if (top) {
                within_load(m, &co.x[a], &co.x[b], co.x[a].shift);
                co.x[a].merged = (int)b;
            }
        }
    }
    merge_windows(&co);
    /* a load of the same bytes as another, into a buffer of another shape
     * read by runs, reads that one's buffer (read_linear, once nothing
     * below gives up); not ones another load merged into */
    for (uint32_t a = 0; a < co.nx; a++) {
        bool ok = !co.x[a].store && co.x[a].merged < 0;
        for (uint32_t q = 0; q < co.nx && ok; q++)
            ok = q == a || (co.x[q].merged != (int)a && co.x[q].b != co.x[a].b);
        for (uint32_t b = 0; b < co.nx && ok; b++)
            if (b != a && co.x[b].merged < 0 && same_bytes(m, &co.x[a], &co.x[b]) &&
                only_runs(m, co.pl, &co.x[a]) && only_runs(m, co.pl, &co.x[b])) {
                co.x[a].merged = (int)b;
                co.x[a].linear = true;
                break;
            }
    }
    /* stores write where no load of the loop reads; buffers used by
     * transfers only */
    for (uint32_t a = 0; a < co.nx; a++)
        for (uint32_t b = 0; b < co.nx; b++)
            if (co.x[a].store && !co.x[b].store &&
                nest_same_memory(m, co.x[a].root, co.x[b].root))
                return true;
    for (uint32_t k = 0; k < co.nbufs; k++) {
        struct other_use u = {co.bufs[k].old, false};
        ir_walk(m, co.pl, other_use, &u);
        if (u.found || !nest_prefixable(m, co.pl, co.bufs[k].old) ||
            ir_type_get(m, ir_value_type(m, co.bufs[k].old))->rank + first_user(&co, (int)k)->nloops +
                    2 > NEST_MAX_RANK)
            return true;
    }

    co.ro = true;
    for (uint32_t k = 0; k < co.nx; k++)
        co.ro &= co.x[k].store || !nest_touches_but(m, co.pl, co.x[k].buf.v, 1, co.x[k].op);
    for (uint32_t k = 0; k < co.nx; k++)
        if (co.x[k].linear)
            read_linear(m, co.pl, &co.x[k], co.x[co.x[k].merged].buf.v);
    for (uint32_t k = 0; k < co.nx; k++)
        if ((co.x[k].span = span_of(&co, k)) && !span_runs(m, co.pl, &co.x[k]))
            co.x[k].span = 0;

    /* expanded buffers, before the tile loop (merged loads share one) */
    struct split_b pre;
    struct ir_loc loc = ir_op_get(m, tl)->loc;
    sb_before(&pre, m, tl, loc);
    for (uint32_t k = 0; k < co.nx; k++) {
        struct dma *x = &co.x[k];
        struct cbuf *b = &co.bufs[x->b];
        if (b->x)
            continue;
        if (x->merged >= 0)
            continue; /* below, once its root's buffer is made */
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.alloc", loc);
        ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 0}));
        ir_type bt = ir_value_type(m, b->old);
        if (x->span) { /* flat: the run, the box's place in its word, whole old buffers */
            int64_t old = ir_type_numel(m, bt), w = 1;
            for (uint32_t d = 0; d < x->ddr.nsize; d++)
                w *= x->ddr.size[d];
            int64_t n = (x->span + old - w + old - 1) / old * old;
            const struct ir_type_info *ot = ir_type_get(m, bt);
            ir_state_add_result(m, &st, split_memref(m, 1, &n, ot->elem, IR_NONE, ot->attr1));
            b->x = ir_op_result(m, sb_emit(&pre, &st), 0);
            ir_value_get(m, b->x)->name = ir_str_c(m, x->store ? "tile_out" : "tile_in");
            continue;
        }
        for (uint32_t j = x->nloops; j-- > 0;)
            bt = nest_memref_prefixed(m, bt, once(&co, x, j) ? 1 : x->trips[j]);
        /* a load of the same elements at every point: one copy a tile */
        ir_state_add_result(m, &st, nest_memref_prefixed(m, bt, bcast_load(x) ? 1 : co.T));
        b->x = ir_op_result(m, sb_emit(&pre, &st), 0);
        ir_value_get(m, b->x)->name = ir_str_c(m, x->store ? "tile_out" : "tile_in");
    }
    for (uint32_t k = 0; k < co.nx; k++)
        if (co.x[k].merged >= 0 && !co.bufs[co.x[k].b].x)
            co.bufs[co.x[k].b].x = co.bufs[co.x[merged_root(&co, (int)k)].b].x;

    /* the outer pipeline in the tile loop */
    struct split_b b;
    sb_before(&b, m, co.pl, loc);
    ir_value row = sb_arith(&b, "arith.muli", co.t, sb_index(&b, co.T));
    bool loads = false, stores = false;
    for (uint32_t k = 0; k < co.nx; k++)
        *(co.x[k].store ? &stores : &loads) = true;
    uint32_t ntok = 1 + loads + stores;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", loc);
    ir_block pbody = sb_region(m, &st);
    co.pipe = sb_emit(&b, &st);
    ir_state_init(&st, m, "ktdf.private", loc);
    ir_block priv = sb_region(m, &st);
    ir_type tok = ir_ktdf_token_type(m);
    for (uint32_t k = 0; k < ntok; k++)
        ir_state_add_result(m, &st, tok);
    struct split_b pb;
    sb_at_end(&pb, m, pbody, loc);
    ir_op p = sb_emit(&pb, &st);
    struct split_b tb;
    sb_at_end(&tb, m, priv, loc);
    struct ir_op_state y;
    ir_state_init(&y, m, "ktdf.private_yield", loc);
    for (uint32_t k = 0; k < ntok; k++) {
        ir_state_init(&st, m, "ktdf.create_token", loc);
        ir_state_add_result(m, &st, tok);
        ir_state_add_operand(m, &y, ir_op_result(m, sb_emit(&tb, &st), 0));
    }
    sb_emit(&tb, &y);

    uint32_t tk = 0;
    ir_value prev = IR_NONE;
    const char *units[16];
    uint32_t nunits;
    if (loads) {
        nunits = 0;
        for (uint32_t k = 0; k < co.nx; k++)
            if (!co.x[k].store)
                add_units(m, co.x[k].stage, units, &nunits);
        ir_block s =
            sb_stage(&pb, IR_NONE, ir_op_result(m, p, tk), split_str_array(m, nunits, units));
        prev = ir_op_result(m, p, tk++);
        struct split_b sb;
        sb_at_end(&sb, m, s, loc);
        for (uint32_t k = 0; k < co.nx; k++)
            if (!co.x[k].store && co.x[k].merged < 0)
                bulk(&co, &co.x[k], row, &sb);
    }
    /* the compute stage: the units of every stage left, in order */
    nunits = 0;
    for (uint32_t q = 0; q < npipes; q++)
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipes[q], 0)), s) {
            bool dma = false;
            for (uint32_t k = 0; k < co.nstages; k++)
                dma |= co.dma_stages[k] == s;
            if (!dma && ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE)
                add_units(m, s, units, &nunits);
        }
    ir_block cs = sb_stage(&pb, prev, ir_op_result(m, p, tk), split_str_array(m, nunits, units));
    prev = ir_op_result(m, p, tk++);
    if (stores) {
        nunits = 0;
        for (uint32_t k = 0; k < co.nx; k++)
            if (co.x[k].store)
                add_units(m, co.x[k].stage, units, &nunits);
        ir_block s =
            sb_stage(&pb, prev, ir_op_result(m, p, tk), split_str_array(m, nunits, units));
        struct split_b sb;
        sb_at_end(&sb, m, s, loc);
        for (uint32_t k = 0; k < co.nx; k++)
            if (co.x[k].store)
                bulk(&co, &co.x[k], row, &sb);
    }

    /* the point loop into the compute stage, without its DMA stages, its
     * buffers rows of the expanded ones */
    ir_op_unlink(m, co.pl);
    ir_block_append_op(m, cs, co.pl);
    for (uint32_t k = 0; k < co.nstages; k++)
        nest_remove_stage(m, co.dma_stages[k]);
    for (uint32_t k = 0; k < co.nbufs; k++) {
        const struct dma *x = first_user(&co, (int)k);
        /* the subscripts go on the old buffer's uses first and the expanded
         * one last: merged loads share it, its other uses are done */
        ir_value from = co.bufs[k].old;
        if (x->span) {
            relinearize(m, co.pl, x, from, co.bufs[k].x, co.i, true);
            continue;
        }
        for (uint32_t j = x->nloops; j-- > 0;) {
            ir_value at = x->ivs[j];
            int64_t shift = 0; /* its window of the other's loop, along the merges */
            for (const struct dma *w = x; w->merged >= 0; w = &co.x[w->merged])
                shift += w->shift[j];
            if (shift) {
                const struct ir_value_info *vi = ir_value_get(m, at);
                struct split_b sb;
                sb_before(&sb, m, ir_block_get(m, vi->owner)->first, loc);
                at = sb_arith(&sb, "arith.addi", at, sb_index(&sb, shift));
            }
            nest_prefix_buffer(m, co.pl, from, from,
                               once(&co, x, j) ? (struct nest_sub){.c = 0}
                                               : (struct nest_sub){.v = at});
        }
        nest_prefix_buffer(m, co.pl, from, co.bufs[k].x,
                           bcast_load(x) ? (struct nest_sub){.c = 0} : (struct nest_sub){.v = co.i});
    }
    /* inner pipelines left with no stage go */
    for (uint32_t q = 0; q < npipes; q++) {
        ir_op op = pipes[q];
        bool left = false;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, op, 0)), s)
            left |= ir_op_get(m, s)->kind == IR_OP_KTDF_STAGE;
        if (!left)
            ir_op_unlink(m, op);
        else
            prune_private(m, op);
    }
    fission(&co);
    return true;
}

struct tiles {
    ir_op v[64];
    uint32_t n;
};

static bool collect(struct ir_module *m, ir_op op, void *ctx)
{
    struct tiles *t = ctx;
    const char *ty;
    if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR && (ty = nest_loop_type(m, op)) &&
        strcmp(ty, "tile_loop") == 0 && t->n < 64)
        t->v[t->n++] = op;
    return true;
}

bool nest_coarsen(struct nest_ctx *c, ir_op fn)
{
    struct tiles t = {.n = 0};
    ir_walk(c->m, fn, collect, &t);
    for (uint32_t i = 0; i < t.n && !c->failed; i++)
        coarsen_one(c, fn, t.v[i]);
    split_dce(c->m, fn);
    return !c->failed;
}

void nest_prune_private(struct ir_module *m, ir_op pipe)
{
    prune_private(m, pipe);
}

bool nest_span_bytes(struct ir_module *m, ir_op op, ir_op pl, int64_t *per_point, int64_t *per_tile)
{
    struct co co = {.m = m, .pl = pl, .i = nest_for_iv(m, pl)};
    struct nest_side s0, s1;
    if (!nest_read_side(m, op, 0, &s0) || !nest_read_side(m, op, 1, &s1) || s0.fifo || s1.fifo)
        return false;
    bool store = nest_is_ddr(m, s1.v);
    if (store == nest_is_ddr(m, s0.v))
        return false;
    struct dma x = {
        .op = op, .store = store, .ddr = store ? s1 : s0, .buf = store ? s0 : s1, .merged = -1};
    ir_op pipe = ir_op_parent(m, op);
    while (pipe && ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
        pipe = ir_op_parent(m, pipe);
    struct sched_lin a;
    if (!pipe || !inner_chain(&co, pipe, &x) || !ddr_lin(m, &x, &a))
        return false;
    int64_t d = 0;
    for (uint32_t k = 0; k < a.n; k++) {
        if (a.v[k] == co.i)
            d = a.k[k];
        for (uint32_t j = 0; j < x.nloops; j++)
            if (a.v[k] == x.ivs[j])
                x.dj[j] = a.k[k];
    }
    /* a box of the staging buffer: a masked store of part of a word */
    const struct ir_type_info *bt = ir_type_get(m, ir_value_type(m, x.buf.v));
    int64_t numel = 1;
    for (uint32_t k = 0; k < bt->rank && k < x.buf.nsize; k++) {
        x.box |= x.buf.sub[k].v || x.buf.sub[k].c || x.buf.size[k] != bt->shape[k];
        numel *= bt->shape[k];
    }
    if (x.box && !(store && ir_ktdf_transfer_mode_is(m, op, "masked")))
        return false;
    int64_t w = window_elems(&x), n[MAX_INNER], st[MAX_INNER], moved;
    uint32_t r = 0;
    inner_dims(&x, n, st, &r);
    int64_t ext = w ? span_ext(w, n, st, r, &moved) : 0;
    if (!ext || d <= 0 || d > ext || (d == ext && moved == ext && !x.box))
        return false;
    int64_t es = (int64_t)ir_type_bytes(m, ir_type_get(m, ir_value_type(m, x.ddr.v))->elem);
    *per_point = d * es;
    *per_tile = (ext - d + (x.box ? numel - w : 0)) * es;
    return true;
}
