/* nest_resident.c - ktc-nest's "resident-rows" transformation (nest.h): a
 * row that several passes read from device memory (tile loops of a launch-
 * time trip count, each bulk-loading the same chunks) is kept in a
 * scratchpad row buffer of as many chunks as fit: the first pass stores its
 * chunks there as it loads them, the later ones read the chunks it holds
 * from there and the rest from device memory as before. Views the first
 * pass loads side by side (the rows of a row-jam run, the windows of a
 * wide reduction) get a row buffer each. Runs last.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"

/* Bytes counted per scratchpad buffer for the allocator's alignment (a
 * word of the widest access; ktc-allocate, sched/allocate.h). */
enum { ALIGN_SLACK = 128, MAX_READS = 256, MAX_T = 16 };

/* One pass of the row: a tile loop whose pipeline's DMA stage bulk-loads
 * T chunks of the row per tile into a phased buffer: one load of a view
 * of the chunks, or (a column loop stepping by a launch-time value s,
 * coarsening's one transfer a point) T loads, chunk t * T + k from a view
 * of its own at offset base + ak * ((t * T + k) * s). */
struct pass {
    ir_op loop, pipe, stage, x; /* the tile loop, its pipeline, DMA stage, X's (first) load */
    ir_value view, buf, phase;  /* X's chunk view, the phased buffer, its phase subscript */
    int64_t T;                  /* chunks per tile */
    ir_op xs[MAX_T];            /* the loads of the row, chunk k of the tile from xs[k] */
    uint32_t nx;
    uint32_t lane;              /* a later pass: the first pass's lane it reads */
    bool dyn;                   /* the launch-time step form: */
    ir_value root, step;        /* the views' source, s */
    int64_t ak;
    struct sched_lin base;
};

static bool is_loop_type(const struct ir_module *m, ir_op op, const char *t)
{
    const char *ty;
    return ir_op_get(m, op)->kind == IR_OP_SCF_FOR && (ty = nest_loop_type(m, op)) &&
           strcmp(ty, t) == 0;
}

/* Whether every op of stage s is a load from device memory. */
static bool dma_load_stage(const struct ir_module *m, ir_op s)
{
    bool any = false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), op) {
        struct nest_side a, b;
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &a) ||
            !nest_read_side(m, op, 1, &b) || a.fifo || b.fifo || !nest_is_ddr(m, a.v) ||
            nest_is_ddr(m, b.v))
            return false;
        any = true;
    }
    return any;
}

/* Whether views a and b (memref.reinterpret_cast) show the same chunks: the
 * same source, offset, strides and chunk shape (the leading extent, a bound
 * on the chunks, may differ, and be known at launch only: the chunks of a
 * row of launch-time width). */
static bool same_chunks(const struct ir_module *m, ir_value a, ir_value b)
{
    ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
    if (!da || !db || ir_op_get(m, da)->kind != IR_OP_MEMREF_REINTERPRET_CAST ||
        ir_op_get(m, db)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
        return false;
    const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
    const struct ir_type_info *ta = ir_type_get(m, ir_value_type(m, a)),
                              *tb = ir_type_get(m, ir_value_type(m, b));
    /* the operands: the source, a dynamic offset, a dynamic leading extent
     * (no dynamic stride) */
    ir_attr ga = ir_op_attr(m, da, "operandSegmentSizes"),
            gb = ir_op_attr(m, db, "operandSegmentSizes");
    if (!ga || !gb)
        return false;
    const struct ir_attr_info *sa = ir_attr_get(m, ga), *sb = ir_attr_get(m, gb);
    int64_t d;
    if (oa->opnd[0] != ob->opnd[0] || sa->n != 4 || sb->n != 4 || sa->ints[1] != sb->ints[1] ||
        sa->ints[2] != sb->ints[2] || sa->ints[3] || sb->ints[3] ||
        sa->ints[2] != (ta->shape[0] == IR_DYN) || sb->ints[2] != (tb->shape[0] == IR_DYN) ||
        (sa->ints[1] && !(nest_const_diff(m, oa->opnd[1], ob->opnd[1], &d) && d == 0)) ||
        ir_op_attr(m, da, "static_offsets") != ir_op_attr(m, db, "static_offsets") ||
        ir_op_attr(m, da, "static_strides") != ir_op_attr(m, db, "static_strides"))
        return false;
    if (ta->rank != tb->rank || ta->elem != tb->elem || ta->attr0 != tb->attr0 || ta->rank < 2)
        return false;
    for (uint32_t k = 1; k < ta->rank; k++)
        if (ta->shape[k] != tb->shape[k] || ta->shape[k] < 1)
            return false;
    return true;
}

/* Whether phased buffers a and b hold chunks of one shape (dims 2 on). */
static bool same_buffer_chunks(const struct ir_module *m, ir_value a, ir_value b)
{
    const struct ir_type_info *ta = ir_type_get(m, ir_value_type(m, a)),
                              *tb = ir_type_get(m, ir_value_type(m, b));
    if (ta->rank != tb->rank || ta->elem != tb->elem)
        return false;
    for (uint32_t k = 2; k < ta->rank; k++)
        if (ta->shape[k] != tb->shape[k])
            return false;
    return true;
}

/* Whether dims [a, ra) of shape sa and [b, rb) of sb are the same but for
 * dims of extent 1 (a view's chunk and a staging buffer's, which keeps the
 * unit dims of the transfer coarsening expanded: 4x64 against 4x1x64). */
static bool same_but_units(const int64_t *sa, uint32_t a, uint32_t ra, const int64_t *sb,
                           uint32_t b, uint32_t rb)
{
    for (;;) {
        while (a < ra && sa[a] == 1)
            a++;
        while (b < rb && sb[b] == 1)
            b++;
        if (a == ra || b == rb)
            return a == ra && b == rb;
        if (sa[a++] != sb[b++])
            return false;
    }
}

/* Whether x (a DMA-stage load of loop) loads T chunks of a view at tile t,
 * [t * T, 0, ...] size [T, chunk], whole, into [phase, 0, ...] size [1, T,
 * chunk] of a phased buffer (its chunk the view's but for unit dims); fills
 * p. */
static bool chunk_load(const struct ir_module *m, ir_op loop, ir_op x, struct pass *p)
{
    struct nest_side s, d;
    if (!nest_read_side(m, x, 0, &s) || !nest_read_side(m, x, 1, &d))
        return false;
    ir_op vdef = ir_value_def(m, s.v), bdef = ir_value_def(m, d.v);
    if (!vdef || !bdef || ir_op_get(m, bdef)->kind != IR_OP_MEMREF_ALLOC ||
        ir_op_get(m, vdef)->block != ir_op_get(m, loop)->block)
        return false;
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, s.v)),
                              *bt = ir_type_get(m, ir_value_type(m, d.v));
    struct sched_lin l;
    if (s.nsub != vt->rank || vt->rank < 2 || bt->rank < 3 || d.nsub != bt->rank || !s.sub[0].v ||
        !same_but_units(vt->shape, 1, vt->rank, bt->shape, 2, bt->rank))
        return false;
    sched_lin_of(m, s.sub[0].v, &l);
    if (l.n != 1 || l.c ||
        l.v[0] != nest_for_iv(m, loop) || l.k[0] < 1 || s.size[0] != l.k[0] ||
        d.size[0] != 1 || d.size[1] != l.k[0] || bt->shape[1] != l.k[0] || !d.sub[0].v)
        return false;
    for (uint32_t k = 1; k < vt->rank; k++)
        if (s.sub[k].v || s.sub[k].c || s.size[k] != vt->shape[k])
            return false;
    for (uint32_t k = 1; k < bt->rank; k++)
        if (d.sub[k].v || d.sub[k].c || (k > 1 && d.size[k] != bt->shape[k]))
            return false;
    p->x = x;
    p->view = s.v;
    p->buf = d.v;
    p->phase = d.sub[0].v;
    p->T = l.k[0];
    p->xs[0] = x;
    p->nx = 1;
    return true;
}

/* Whether x (a DMA-stage load of loop) loads, whole, a view of its own
 * (defined in loop's body) at offset base + ak * ((t * T + k) * s), s
 * invariant in loop and not a constant, into [phase, k, 0, ...] size
 * [1, 1, chunk] of a phased buffer of T chunks as many elements as the
 * view; fills p's fields but xs and nx, *k. */
static bool dyn_chunk(const struct ir_module *m, ir_op loop, ir_op x, struct pass *p, int64_t *k)
{
    struct nest_side s, d;
    if (!nest_read_side(m, x, 0, &s) || !nest_read_side(m, x, 1, &d) || s.fifo || d.fifo)
        return false;
    ir_op vdef = ir_value_def(m, s.v), bdef = ir_value_def(m, d.v);
    if (!vdef || !bdef || ir_op_get(m, bdef)->kind != IR_OP_MEMREF_ALLOC ||
        ir_op_get(m, vdef)->kind != IR_OP_MEMREF_REINTERPRET_CAST ||
        ir_op_get(m, vdef)->nopnd != 2 || ir_op_get(m, vdef)->block != nest_for_body(m, loop))
        return false;
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, s.v)),
                              *bt = ir_type_get(m, ir_value_type(m, d.v));
    if (s.nsub != vt->rank || bt->rank < 3 || d.nsub != bt->rank || !d.sub[0].v || d.sub[1].v ||
        d.size[0] != 1 || d.size[1] != 1 || d.sub[1].c < 0 || d.sub[1].c >= bt->shape[1])
        return false;
    for (uint32_t j = 0; j < vt->rank; j++)
        if (s.sub[j].v || s.sub[j].c || s.size[j] != vt->shape[j])
            return false;
    int64_t n = 1;
    for (uint32_t j = 2; j < bt->rank; j++) {
        if (d.sub[j].v || d.sub[j].c || d.size[j] != bt->shape[j])
            return false;
        n *= bt->shape[j];
    }
    if (n != ir_type_numel(m, ir_value_type(m, s.v)))
        return false;
    /* the offset: base (invariant in loop) + ak * atom, atom = (t * T + k) * s */
    struct sched_lin off;
    ir_value t = nest_for_iv(m, loop);
    sched_lin_of(m, ir_op_get(m, vdef)->opnd[1], &off);
    int found = -1;
    for (uint32_t j = 0; j < off.n; j++) {
        ir_op a = ir_value_def(m, off.v[j]);
        const struct ir_op_info *ao = a ? ir_op_get(m, a) : NULL;
        if (!ao || ao->kind != IR_OP_ARITH_MULI || ao->nopnd != 2 || off.k[j] < 1)
            continue;
        for (uint32_t q = 0; q < 2; q++) {
            struct sched_lin l;
            ir_value sv = ao->opnd[1 - q];
            if (split_const_int(m, sv, &(int64_t){0}) || ir_value_defined_in(m, sv, loop))
                continue;
            sched_lin_of(m, ao->opnd[q], &l);
            if (l.n != 1 || l.v[0] != t || l.k[0] != bt->shape[1] || l.c != d.sub[1].c)
                continue;
            if (found >= 0)
                return false;
            found = (int)j;
            p->step = sv;
            p->ak = off.k[j];
        }
    }
    if (found < 0)
        return false;
    p->base = off;
    p->base.n = 0;
    for (uint32_t j = 0; j < off.n; j++) {
        if ((int)j == found)
            continue;
        if (ir_value_defined_in(m, off.v[j], loop))
            return false;
        p->base.v[p->base.n] = off.v[j];
        p->base.k[p->base.n++] = off.k[j];
    }
    p->dyn = true;
    p->root = ir_op_get(m, vdef)->opnd[0];
    p->view = s.v;
    p->buf = d.v;
    p->phase = d.sub[0].v;
    p->T = bt->shape[1];
    *k = d.sub[1].c;
    return true;
}

/* Whether the dyn passes a and b load the same chunks (chunk j of both at
 * the same offset) into buffers of the same chunk shape. */
static bool same_dyn(const struct ir_module *m, const struct pass *a, const struct pass *b)
{
    struct sched_lin x = a->base;
    if (a->root != b->root || a->step != b->step || a->ak != b->ak ||
        !sched_lin_add(&x, &b->base, -1) || x.n || x.c)
        return false;
    const struct ir_type_info *va = ir_type_get(m, ir_value_type(m, a->view)),
                              *vb = ir_type_get(m, ir_value_type(m, b->view));
    return va->elem == vb->elem &&
           ir_type_numel(m, ir_value_type(m, a->view)) ==
               ir_type_numel(m, ir_value_type(m, b->view)) &&
           same_buffer_chunks(m, a->buf, b->buf);
}

/* The launch-time step form of p in DMA stage s of loop: its T loads of
 * chunks like `like` (NULL: any), one a chunk of the tile. */
static bool dyn_pass(const struct ir_module *m, ir_op loop, ir_op s, const struct pass *like,
                     struct pass *p)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), x) {
        struct pass q = *p;
        int64_t k;
        if (!dyn_chunk(m, loop, x, &q, &k) || (like && (!like->dyn || !same_dyn(m, like, &q))) ||
            q.T > MAX_T)
            continue;
        q.nx = 0;
        memset(q.xs, 0, sizeof q.xs);
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), y) {
            struct pass r = *p;
            if (!dyn_chunk(m, loop, y, &r, &k) || r.buf != q.buf || r.phase != q.phase ||
                !same_dyn(m, &q, &r))
                continue;
            if (q.xs[k])
                return false;
            q.xs[k] = y;
            q.nx++;
        }
        if (q.nx != (uint32_t)q.T)
            return false;
        q.stage = s;
        q.x = q.xs[0];
        *p = q;
        return true;
    }
    return false;
}

/* Every use of p->buf under loop is p->x or a transfer reading one chunk
 * row of it, [phase, i, ...] size [1, 1 or less...] (checked by walk). */
struct uses {
    const struct pass *p;
    bool ok;
    uint32_t n;
};

static bool check_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct uses *u = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool uses = false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        uses |= o->opnd[i] == u->p->buf;
    for (uint32_t k = 0; k < u->p->nx; k++)
        if (op == u->p->xs[k])
            return true;
    if (!uses)
        return true;
    if (++u->n >= MAX_READS)
        u->ok = false;
    struct nest_side s, d;
    if (o->kind != IR_OP_KTDF_DATA_TRANSFER || !nest_read_side(m, op, 0, &s) ||
        !nest_read_side(m, op, 1, &d) || s.v != u->p->buf || d.v == u->p->buf ||
        s.nsub < 2 || s.sub[0].v != u->p->phase || s.size[0] != 1 || s.size[1] != 1 ||
        (!s.sub[1].v && (s.sub[1].c < 0 || s.sub[1].c >= u->p->T)))
        u->ok = false;
    return true;
}

/* Reads one (loop at the front of it) pass of the row, like the first one
 * (NULL: any view, the nth bulk load of the DMA stage: row-jam's rows of
 * a run load side by side, a lane each) */
static bool read_pass(struct ir_module *m, ir_op loop, const struct pass *like, uint32_t nth,
                      struct pass *p)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, step;
    if (!is_loop_type(m, loop, "tile_loop") || o->nopnd != 3 || o->nres ||
        !split_const_int(m, o->opnd[0], &lb) || lb || !split_const_int(m, o->opnd[2], &step) ||
        step != 1)
        return false;
    *p = (struct pass){.loop = loop};
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE) {
            if (p->pipe)
                return false;
            p->pipe = op;
        }
    }
    if (!p->pipe)
        return false;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, p->pipe, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE || !dma_load_stage(m, s))
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), x) {
            struct pass q = *p;
            if (chunk_load(m, loop, x, &q) &&
                (like ? !like->dyn && same_chunks(m, like->view, q.view) &&
                            same_buffer_chunks(m, like->buf, q.buf)
                      : nth-- == 0)) {
                q.stage = s;
                *p = q;
                break;
            }
        }
        if (!p->x && (nth != 0 || !dyn_pass(m, loop, s, like, p)))
            return false;
        break; /* the first DMA stage only */
    }
    if (!p->x)
        return false;
    struct uses u = {p, true, 0};
    ir_walk(m, loop, check_use, &u);
    return u.ok;
}

/* The index t * T + s at b. */
static ir_value chunk_index(struct split_b *b, ir_value t, int64_t T, struct nest_sub s)
{
    ir_value tt = T == 1 ? t : sb_muli(b, t, T);
    if (!s.v)
        return s.c ? sb_addi(b, tt, sb_index(b, s.c)) : tt;
    return sb_addi(b, tt, s.v);
}

/* Rewrites the reads of p->buf under p->loop to the row buffer rb, chunk
 * t * T + i for row i of the tile. */
struct reads {
    const struct pass *p;
    ir_value rb;
    ir_op v[MAX_READS];
    uint32_t n;
};

static bool collect_reads(struct ir_module *m, ir_op op, void *ctx)
{
    struct reads *r = ctx;
    struct nest_side s;
    for (uint32_t k = 0; k < r->p->nx; k++)
        if (op == r->p->xs[k])
            return true;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER &&
        nest_read_side(m, op, 0, &s) && s.v == r->p->buf && r->n < MAX_READS)
        r->v[r->n++] = op;
    return true;
}

static void reads_to_row(struct ir_module *m, const struct pass *p, ir_value rb, ir_value copy)
{
    uint32_t o = copy ? 1 : 0; /* the row's copy in front */
    struct reads r = {.p = p, .rb = rb};
    ir_walk(m, p->loop, collect_reads, &r); /* read_pass counted fewer than MAX_READS */
    ir_value t = nest_for_iv(m, p->loop);
    for (uint32_t i = 0; i < r.n; i++) {
        ir_op x = r.v[i];
        struct nest_side s, d, ns;
        nest_read_side(m, x, 0, &s);
        nest_read_side(m, x, 1, &d);
        ir_op pipe = ir_op_parent(m, x);
        while (pipe && ir_op_get(m, pipe)->kind != IR_OP_KTDF_PIPELINE)
            pipe = ir_op_parent(m, pipe);
        struct split_b b;
        struct ir_loc loc = ir_op_get(m, x)->loc;
        if (pipe && pipe != p->pipe && !(s.sub[1].v && ir_value_defined_in(m, s.sub[1].v, pipe)))
            sb_before(&b, m, pipe, loc);
        else
            sb_before(&b, m, x, loc);
        ns = (struct nest_side){.v = rb, .nsub = s.nsub - 1 + o, .nsize = s.nsize - 1 + o};
        if (copy) {
            ns.sub[0] = (struct nest_sub){.v = copy};
            ns.size[0] = 1;
        }
        ns.sub[o] = (struct nest_sub){.v = chunk_index(&b, t, p->T, s.sub[1])};
        ns.size[o] = s.size[1];
        for (uint32_t k = 1 + o; k < ns.nsub; k++) {
            ns.sub[k] = s.sub[k + 1 - o];
            ns.size[k] = s.size[k + 1 - o];
        }
        struct split_b xb;
        sb_before(&xb, m, x, loc);
        nest_make_transfer(&xb, &ns, &d, x);
        ir_op_unlink(m, x);
    }
}

/* Splits loop at mid: loop runs [0, mid), a copy after it [mid, ub). */
static void split_at(struct ir_module *m, ir_op loop, ir_value mid)
{
    struct split_vmap vm = {0};
    ir_op rest = split_clone(m, loop, &vm);
    split_vmap_free(&vm);
    ir_op next = ir_op_get(m, loop)->next;
    if (next)
        ir_op_insert_before(m, next, rest);
    else
        ir_block_append_op(m, ir_op_get(m, loop)->block, rest);
    ir_op_get(m, rest)->opnd[0] = mid;
    ir_op_get(m, loop)->opnd[1] = mid;
}

/* The staging buffers of a tile loop: scratchpad allocations (of the
 * function) other than `not` that every op under the loop touching them
 * transfers at [ph, ...], ph a ktdf.buffer_phase defined in the loop (a
 * tile's copy, nothing carried from one tile to the next). The loop's
 * split halves (split_at) share them: the half below keeps the row's
 * chunks and gets its own (own_buffers), so the next row's loads of the
 * half below do not wait for this row's half above, which has none. */
enum { MAX_STAGING = 16 };

/* A weight load (resident_weight): at most MAX_W buffers, filled for
 * MAX_WL loads (the same weight loaded by each row of a jammed run). */
enum { MAX_W = 4, MAX_WL = 32 };

struct wload {
    const struct pass *p; /* the pass */
    ir_op x;              /* its load */
    ir_value view, buf;   /* the view, the (phased) staging buffer */
    int64_t chunk;        /* bytes a chunk */
    int like;             /* an earlier load of the same chunks whose buffer
                             it reads, or -1 */
};


struct staging {
    ir_op loop;
    const ir_value *skip; /* the row's buffers, nskip of them */
    uint32_t nskip;
    ir_value v[MAX_STAGING];
    uint32_t n;
    bool bad[MAX_STAGING];
};

static bool phased_in(const struct ir_module *m, ir_value sub, ir_op loop)
{
    ir_op d = sub ? ir_value_def(m, sub) : IR_NONE;
    return d && ir_op_get(m, d)->kind == IR_OP_KTDF_BUFFER_PHASE &&
           ir_value_defined_in(m, sub, loop);
}

static bool find_staging(struct ir_module *m, ir_op op, void *ctx)
{
    struct staging *g = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_value v = o->opnd[i];
        ir_op d = ir_value_def(m, v);
        const char *sp;
        bool row = false;
        for (uint32_t k = 0; k < g->nskip; k++)
            row |= v == g->skip[k];
        if (row || !d || ir_op_get(m, d)->kind != IR_OP_MEMREF_ALLOC ||
            ir_value_defined_in(m, v, g->loop) ||
            !(sp = nest_memref_space(m, ir_value_type(m, v))) || strcmp(sp, "DDR") == 0)
            continue;
        uint32_t k = 0;
        while (k < g->n && g->v[k] != v)
            k++;
        if (k == g->n) {
            if (g->n == MAX_STAGING)
                return false;
            g->bad[g->n] = false;
            g->v[g->n++] = v;
        }
        struct nest_side a, b;
        bool ok = o->kind == IR_OP_KTDF_DATA_TRANSFER && nest_read_side(m, op, 0, &a) &&
                  nest_read_side(m, op, 1, &b);
        if (ok && a.v == v)
            ok = a.nsub > 0 && phased_in(m, a.sub[0].v, g->loop);
        if (ok && b.v == v)
            ok = b.nsub > 0 && phased_in(m, b.sub[0].v, g->loop);
        g->bad[k] |= !ok;
    }
    return true;
}

/* The staging buffers of loop (but the nskip of skip), their bytes; false
 * when too many. */
static bool staging_of(struct ir_module *m, ir_op loop, const ir_value *skip, uint32_t nskip,
                       const struct wload *w, uint32_t nw, struct staging *g, int64_t *bytes)
{
    *g = (struct staging){.loop = loop, .skip = skip, .nskip = nskip};
    if (!ir_walk(m, loop, find_staging, g))
        return false;
    uint32_t n = 0;
    *bytes = 0;
    for (uint32_t k = 0; k < g->n; k++)
        for (uint32_t j = 0; j < nw; j++)
            g->bad[k] |= w[j].buf == g->v[k]; /* its own, resident_weight's */
    for (uint32_t k = 0; k < g->n; k++)
        if (!g->bad[k]) {
            g->v[n++] = g->v[k];
            *bytes += nest_memref_bytes(m, ir_value_type(m, g->v[k])) + ALIGN_SLACK;
        }
    g->n = n;
    return true;
}

struct swap {
    ir_value from, to;
};

static bool swap_uses(struct ir_module *m, ir_op op, void *ctx)
{
    const struct swap *w = ctx;
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == w->from)
            o->opnd[i] = w->to;
    return true;
}

/* loop's own copies of g's buffers, allocated before `at`. */
static void own_buffers(struct ir_module *m, ir_op loop, const struct staging *g, ir_op at)
{
    for (uint32_t k = 0; k < g->n; k++) {
        struct split_b b;
        sb_before(&b, m, at, ir_op_get(m, loop)->loc);
        ir_value nv = nest_make_op(&b, "memref.alloc", ir_value_type(m, g->v[k]));
        split_set_name(m, nv, "row_stage");
        struct swap w = {g->v[k], nv};
        ir_walk(m, loop, swap_uses, &w);
    }
}

/* Whether every operand under pl is defined in pl or outside rl. */
struct outside {
    ir_op rl, pl;
    bool ok;
};

static bool uses_outside(struct ir_module *m, ir_op op, void *ctx)
{
    struct outside *c = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_defined_in(m, o->opnd[i], c->rl) && !ir_value_defined_in(m, o->opnd[i], c->pl))
            c->ok = false;
    return true;
}

/* Device-memory bytes a tile of loop's pipeline moves, loads to *in,
 * stores to *out, times tiles. */
static void tile_bytes(const struct ir_module *m, ir_op pipe, double tiles, double *in,
                       double *out)
{
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, s, 0)), x) {
            struct nest_side a, b;
            if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER ||
                !nest_read_side(m, x, 0, &a) || !nest_read_side(m, x, 1, &b) || a.fifo || b.fifo)
                continue;
            bool load = nest_is_ddr(m, a.v);
            if (!load && !nest_is_ddr(m, b.v))
                continue;
            const struct nest_side *d = load ? &a : &b;
            double n = (double)ir_type_bytes(m, ir_type_get(m, ir_value_type(m, d->v))->elem);
            for (uint32_t k = 0; k < d->nsize; k++)
                n *= (double)d->size[k];
            *(load ? in : out) += n * tiles;
        }
    }
}

/* The chosen[] entry of tile loop tl, or -1. */
static int chosen_of(const struct nest_ctx *c, ir_op tl)
{
    for (uint32_t i = 0; i < c->nchosen; i++)
        if (c->chosen[i].loop == tl)
            return (int)i;
    return -1;
}

/* The chunks of its row the passes' views read, as far as anything bounds
 * them (0: nothing), elems elements each into *elems: the least leading
 * extent of the views; where that is known only at launch (a row of
 * launch-time width; the launch-time step form has no views of the row),
 * the row's stride, the least constant step of the offset wider than a
 * chunk, and no wider than a kernel argument's step when the offset has
 * one (a row stride known at launch). */
static double row_bound(const struct ir_module *m, const struct pass *first,
                        const struct pass *later, uint32_t n, double *elems)
{
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, first->view));
    struct sched_lin l = {0};
    ir_op vdef = ir_value_def(m, first->view);
    double chunks = vt->shape[0] == IR_DYN ? 0 : (double)vt->shape[0];
    *elems = 1;
    if (first->dyn) {
        *elems = (double)ir_type_numel(m, ir_value_type(m, first->view));
        l = first->base;
    } else {
        for (uint32_t k = 1; k < vt->rank; k++)
            *elems *= (double)vt->shape[k];
        for (uint32_t i = 0; i < n && chunks > 0; i++) {
            double b = (double)ir_type_get(m, ir_value_type(m, later[i].view))->shape[0];
            chunks = b < chunks ? b : chunks;
        }
        ir_attr seg = ir_op_attr(m, vdef, "operandSegmentSizes");
        if (seg && ir_attr_get(m, seg)->n == 4 && ir_attr_get(m, seg)->ints[1])
            sched_lin_of(m, ir_op_get(m, vdef)->opnd[1], &l);
    }
    bool stride = first->dyn || chunks == 0;
    for (uint32_t k = 0; k < l.n && stride; k++) {
        double r = (double)l.k[k] / *elems;
        if (r >= 1 && (chunks == 0 || r < chunks))
            chunks = r;
    }
    for (uint32_t k = 0; k < l.n && !first->dyn; k++)
        if (ir_value_get(m, l.v[k])->is_arg && l.k[k] > 0 && (double)l.k[k] / *elems < chunks)
            chunks = (double)l.k[k] / *elems;
    return chunks;
}

/* A row's passes: the first one, a lane for each view it loads side by
 * side (a jammed run's rows, a wide reduction's windows: views alike at
 * other places of the same memory), and the later ones reading a lane's
 * chunks again, in program order (a later pass reading several lanes is
 * an entry a lane, one after the other). */
enum { MAX_LANES = NEST_JAM_ROWS_MAX, MAX_LATER = 32 };

struct row {
    struct pass first[MAX_LANES];
    uint32_t lanes;
    struct pass later[MAX_LATER];
    uint32_t n;
};

/* The entry after the later passes of later[i]'s loop. */
static uint32_t loop_end(const struct row *r, uint32_t i)
{
    uint32_t j = i + 1;
    while (j < r->n && r->later[j].loop == r->later[i].loop)
        j++;
    return j;
}

static bool hoistable(const struct ir_module *m, ir_value v, ir_op rl);

/* Whether keeping the row pays, by the cost model: the program gets
 * faster (with one copy of the row buffer, by more than its DMA latency:
 * its next row's loads wait for the last pass reading the row buffer
 * instead of streaming while this row computes). Priced as the program
 * (nest_program_modeled, reading the bytes the rows' passes no longer
 * load less) when the model prices it, row loop rl has a known trip
 * count and the first pass the same trip count in every row (ragged rows,
 * whose counts the row changes, save what their own tiles load:
 * ragged_passes' rows of 1 to 4 blocks run their tile loop of 4 blocks in
 * 5 of 8 rows, and are priced a row); else a row (a jammed run: the
 * passes' loops) on every core (nest_cost_program_cycles: its nests'
 * steady cycles, the device memory's bandwidths). A row is `chunks` wide
 * (row_bound: the views' bound, or the row's stride), or the first pass's
 * points as --assume priced them. *was, *is: the cycles without and with
 * it, *program whether they are the program's; *wgain: what the rows gain
 * without the weight loads too (wload bytes a chunk of them all), all of
 * them when priced as the program (else a row's). */
static bool resident_pays(struct nest_ctx *c, ir_op fn, ir_op rl, const struct row *r,
                          double chunks, int64_t K, int64_t chunk, int64_t wload, int64_t copies,
                          double *was, double *is, bool *program, double *wgain)
{
    struct ir_module *m = c->m;
    const struct pass *first = &r->first[0];
    int ch = chosen_of(c, first->loop);
    *was = *is = *wgain = 0;
    *program = false;
    if (ch < 0)
        return false;
    /* --assume made the first pass's trip count less than its bound */
    if (c->chosen[ch].points > 0 && c->chosen[ch].points < c->chosen[ch].bound &&
        (double)c->chosen[ch].points < chunks)
        chunks = (double)c->chosen[ch].points;
    if (chunks < 1)
        chunks = 1;
    double held = chunks < (double)K ? chunks : (double)K;
    double in = 0, out = 0, saved = (double)chunk * held * r->n, nests = 0,
           wbytes = (double)wload * held;
    double lat = copies > 1 ? 0 : nest_cost_dma_latency(c->dev, &c->chosen[ch].p);
    int64_t rows;
    if (rl && nest_for_normal(m, rl, &rows) && rows > 0 &&
        hoistable(m, ir_op_get(m, first->loop)->opnd[1], rl)) {
        double before = nest_program_modeled(c, fn);
        c->less_in = saved * (double)rows;
        double after = before >= 0 ? nest_program_modeled(c, fn) : -1;
        c->less_in = (saved + wbytes) * (double)rows;
        double weights = wbytes > 0 && after >= 0 ? nest_program_modeled(c, fn) : after;
        c->less_in = 0;
        if (before >= 0 && after >= 0 && weights >= 0) {
            *was = before;
            *is = after;
            *program = true;
            *wgain = after - weights;
            return before - after > lat;
        }
    }
    /* a pass heading each loop: the first one's, then each later loop's */
    const struct pass *heads[MAX_LATER + 1];
    uint32_t nh = 0;
    heads[nh++] = first;
    for (uint32_t i = 0; i < r->n; i = loop_end(r, i))
        heads[nh++] = &r->later[i];
    for (uint32_t h = 0; h < nh; h++) {
        const struct pass *p = heads[h];
        tile_bytes(m, p->pipe, chunks / (double)p->T, &in, &out);
        int pc = chosen_of(c, p->loop);
        if (pc >= 0 && c->chosen[pc].points > 0 && c->chosen[pc].steady > 0)
            nests += c->chosen[pc].steady * chunks / (double)c->chosen[pc].points;
    }
    uint32_t cores = c->chosen[ch].cores ? c->chosen[ch].cores : 1;
    /* the last store's latency ends the program whichever bound it is at
     * (the nests' own fill has it): on both sides, it saves nothing */
    nests += nest_cost_program_latency(c->dev, in, out);
    double before = nest_cost_program_cycles(c->dev, nests, in, out, cores, 1),
           after = nest_cost_program_cycles(c->dev, nests, in - saved, out, cores, 1),
           weights = nest_cost_program_cycles(c->dev, nests, in - saved - wbytes, out, cores, 1);
    *was = before;
    *is = after;
    *wgain = after - weights;
    return before - after > lat;
}

/* The chunks of a row buffer of `copies` copies (and as many of each
 * weight buffer, wchunks bytes a chunk of them all): what room holds, at most
 * most (0: no bound), a multiple of T; 0 when not even T fit. */
static int64_t row_chunks(int64_t room, int64_t chunk, int64_t copies, int64_t wchunks,
                          int64_t most, int64_t T)
{
    int64_t K = chunk > 0 && room > 0 ? room / (chunk * copies + wchunks) : 0;
    if (most > 0 && K > most)
        K = most;
    return K < T ? 0 : K - K % T;
}

/* The row loop around tile loop `first` (its block that loop's body),
 * or IR_NONE. */
static ir_op row_loop(const struct ir_module *m, ir_op first)
{
    ir_op rl = ir_op_parent(m, first);
    return rl && ir_op_get(m, rl)->kind == IR_OP_SCF_FOR &&
                   nest_for_body(m, rl) == ir_op_get(m, first)->block
               ? rl
               : IR_NONE;
}

/* ---- weights: a later pass's loads the same in every row --------------- */

/* A later pass's bulk load of chunks (chunk_load) from a view whose
 * operands the row loop does not define, of memory the row loop does not
 * write (a weight row W read per row): kept whole in a buffer of its own,
 * filled once before the row loop by a copy of the pass's tiles below the
 * split holding only those loads (the prologue); the tiles below then read
 * it there. */

static enum sched_visit before_loop(const struct ir_module *m, ir_value v, void *rl)
{
    if (!ir_value_defined_in(m, v, *(ir_op *)rl))
        return SCHED_ACCEPT;
    ir_op d = ir_value_def(m, v);
    return !d || ir_op_get(m, d)->nreg || !split_removable(m, d) ? SCHED_REJECT : SCHED_DESCEND;
}

/* Whether index v can be computed before loop rl: defined outside it, or
 * by ops without effect (no regions) whose operands can. */
static bool hoistable(const struct ir_module *m, ir_value v, ir_op rl)
{
    return sched_value_every(m, v, before_loop, &rl);
}

/* v computed before rl (hoistable): the ops defining it cloned there. */
static ir_value hoist(struct ir_module *m, ir_value v, ir_op rl, struct split_vmap *vm)
{
    if (!ir_value_defined_in(m, v, rl))
        return v;
    ir_value done = split_vmap_get(vm, v);
    if (done && done != v)
        return done;
    ir_op d = ir_value_def(m, v);
    for (uint32_t i = 0; i < ir_op_get(m, d)->nopnd; i++) {
        ir_value a = ir_op_get(m, d)->opnd[i];
        split_vmap_set(vm, a, hoist(m, a, rl, vm));
    }
    ir_op cl = split_clone(m, d, vm);
    ir_op_insert_before(m, rl, cl);
    for (uint32_t i = 0; i < ir_op_get(m, d)->nres; i++)
        if (ir_op_result(m, d, i) == v)
            return ir_op_result(m, cl, i);
    return IR_NONE;
}

/* Whether a and b compute the same index: the same value, equal
 * constants, or the same pure op of such operands. */
static bool same_index(const struct ir_module *m, ir_value a, ir_value b, int depth)
{
    int64_t x, y;
    if (a == b)
        return true;
    if (split_const_int(m, a, &x) && split_const_int(m, b, &y))
        return x == y;
    ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
    if (!da || !db || depth == 0)
        return false;
    const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
    if (oa->kind != ob->kind || oa->nopnd != ob->nopnd || oa->nres != 1 || ob->nres != 1 ||
        oa->nreg || ob->nreg || !split_removable(m, da))
        return false;
    for (uint32_t i = 0; i < oa->nopnd; i++)
        if (!same_index(m, oa->opnd[i], ob->opnd[i], depth - 1))
            return false;
    return true;
}

/* Whether the tile loops of passes a and b run the same tiles. */
static bool same_tiles(const struct ir_module *m, const struct pass *a, const struct pass *b)
{
    return a->T == b->T &&
           same_index(m, ir_op_get(m, a->loop)->opnd[1], ir_op_get(m, b->loop)->opnd[1], 4);
}

/* The number of weight buffers of w[0, n). */
static uint32_t weight_buffers(const struct wload *w, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += w[i].like < 0;
    return k;
}

/* The weight loads of later pass p (in row loop rl) into w + n; returns
 * the new count. A load of the chunks an earlier one loads, over the same
 * tiles, reads its buffer. */
static uint32_t weights_of(struct ir_module *m, ir_op rl, const struct pass *p, struct wload *w,
                           uint32_t n)
{
    if (!hoistable(m, ir_op_get(m, p->loop)->opnd[1], rl) ||
        !hoistable(m, ir_op_get(m, p->loop)->opnd[0], rl) ||
        !hoistable(m, ir_op_get(m, p->loop)->opnd[2], rl))
        return n;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, p->stage, 0)), x) {
        bool row = false;
        for (uint32_t k = 0; k < p->nx; k++)
            row |= x == p->xs[k];
        struct pass q = {.loop = p->loop};
        if (row || n == MAX_WL || !chunk_load(m, p->loop, x, &q) || q.T != p->T ||
            !hoistable(m, q.view, rl) || nest_writes_ddr(m, rl, nest_view_root(m, q.view)))
            continue;
        struct uses u = {&q, true, 0};
        ir_walk(m, p->loop, check_use, &u);
        const struct ir_type_info *bi = ir_type_get(m, ir_value_type(m, q.buf));
        if (!u.ok)
            continue;
        int like = -1;
        for (uint32_t j = 0; j < n && like < 0; j++)
            if (w[j].like < 0 && same_chunks(m, w[j].view, q.view) &&
                same_buffer_chunks(m, w[j].buf, q.buf) && same_tiles(m, w[j].p, p))
                like = (int)j;
        if (like < 0 && weight_buffers(w, n) == MAX_W)
            continue;
        w[n++] = (struct wload){p,
                                x,
                                q.view,
                                q.buf,
                                nest_memref_bytes(m, ir_value_type(m, q.buf)) /
                                    (bi->shape[0] * bi->shape[1]),
                                like};
    }
    return n;
}

/* The tiles of w->p's loop (already split) read weight buffer wb[t * T +
 * i] for their staging buffer's chunk; the load goes. */
static void weight_reads(struct ir_module *m, const struct wload *w, ir_value wb)
{
    struct nest_side bs;
    nest_read_side(m, w->x, 1, &bs);
    struct pass q = *w->p;
    q.buf = bs.v;
    q.phase = bs.sub[0].v;
    q.xs[0] = w->x;
    q.nx = 1;
    reads_to_row(m, &q, wb, IR_NONE);
    ir_op_unlink(m, w->x);
}

/* Fills wb (K chunks) before row loop rl with w's chunks, tiles t below
 * ub of w->p's loop (already split, reads still at its staging buffer),
 * then points the reads of those tiles at wb; false (nothing changed)
 * when the prologue would use a value of the row loop. */
static bool resident_weight(struct ir_module *m, ir_op rl, const struct wload *w, ir_value wb)
{
    const struct pass *p = w->p;
    struct split_vmap hv = {0};
    ir_op lp = p->loop;
    ir_value lo = hoist(m, ir_op_get(m, lp)->opnd[0], rl, &hv),
             ub = hoist(m, ir_op_get(m, lp)->opnd[1], rl, &hv),
             st = hoist(m, ir_op_get(m, lp)->opnd[2], rl, &hv),
             view = hoist(m, w->view, rl, &hv);
    split_vmap_free(&hv);
    struct split_vmap vm = {0};
    ir_op pl = split_clone(m, lp, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, rl, pl);
    ir_op_get(m, pl)->opnd[0] = lo;
    ir_op_get(m, pl)->opnd[1] = ub;
    ir_op_get(m, pl)->opnd[2] = st;
    /* the pipeline's copy: its DMA stage's copy of w->x only, to wb */
    ir_op pipe = IR_NONE;
    for (ir_op a = ir_block_get(m, nest_for_body(m, lp))->first,
               b = ir_block_get(m, nest_for_body(m, pl))->first;
         a && b; a = ir_op_get(m, a)->next, b = ir_op_get(m, b)->next)
        if (a == p->pipe)
            pipe = b;
    ir_op stage = IR_NONE, x = IR_NONE;
    for (ir_op a = ir_block_get(m, ir_region_entry(m, ir_op_region(m, p->pipe, 0)))->first,
               b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, pipe, 0)))->first;
         a && b; a = ir_op_get(m, a)->next, b = ir_op_get(m, b)->next)
        if (a == p->stage)
            stage = b;
    for (ir_op a = ir_block_get(m, ir_region_entry(m, ir_op_region(m, p->stage, 0)))->first,
               b = ir_block_get(m, ir_region_entry(m, ir_op_region(m, stage, 0)))->first;
         a && b; a = ir_op_get(m, a)->next, b = ir_op_get(m, b)->next)
        if (a == w->x)
            x = b;
    /* wb's side: the staging buffer's without its phase dim (the chunk as
     * the buffer holds it, which may differ from the view's by unit dims:
     * a weight row per row of [R, n] staged as [phase, T, 1, 64]), chunk
     * t * T for the tile's first */
    struct nest_side s, d;
    nest_read_side(m, x, 0, &s);
    nest_read_side(m, x, 1, &d);
    s.v = view;
    struct nest_side nd = {.v = wb, .nsub = d.nsub - 1, .nsize = d.nsize - 1};
    for (uint32_t k = 1; k < d.nsub; k++) {
        nd.sub[k - 1] = k > 1 ? d.sub[k] : s.sub[0];
        nd.size[k - 1] = d.size[k];
    }
    struct split_b xb;
    sb_before(&xb, m, x, ir_op_get(m, x)->loc);
    ir_op nx = nest_make_transfer(&xb, &s, &nd, x);
    for (ir_op o = ir_block_get(m, ir_region_entry(m, ir_op_region(m, stage, 0)))->first, next; o;
         o = next) {
        next = ir_op_get(m, o)->next;
        if (o != nx)
            ir_op_unlink(m, o);
    }
    for (ir_op o = ir_block_get(m, ir_region_entry(m, ir_op_region(m, pipe, 0)))->first, next; o;
         o = next) {
        next = ir_op_get(m, o)->next;
        if (o != stage && ir_op_get(m, o)->kind == IR_OP_KTDF_STAGE)
            nest_remove_stage(m, o);
    }
    nest_prune_private(m, pipe);
    split_dce(m, pl);
    for (ir_op o = ir_block_get(m, nest_for_body(m, pl))->first, next; o; o = next) {
        next = ir_op_get(m, o)->next;
        if (ir_op_get(m, o)->kind == IR_OP_KTDF_BUFFER_PHASE &&
            !split_block_uses(m, nest_for_body(m, pl), ir_op_result(m, o, 0)))
            ir_op_unlink(m, o);
    }
    if (ir_op_attr(m, pipe, "modulo"))
        ir_op_set_attr(m, pipe, "modulo", ir_attr_int(m, 1, m->t_i64));
    struct outside ck = {rl, pl, true};
    ir_walk(m, pl, uses_outside, &ck);
    if (!ck.ok) {
        ir_op_unlink(m, pl);
        return false;
    }
    weight_reads(m, w, wb);
    return true;
}

/* The row buffer's size beside the weights w kept (nw loads of them) and
 * the passes' staging buffers, which their halves below get copies of
 * (into stg, a loop each): *K chunks a lane (0: not even a tile's fit) of
 * *copies copies (two in a row loop, rows, when they fit: row r in copy r
 * mod 2, the next row's first pass loads while this row's later passes
 * read), at most `most` (0: no bound), from `room` bytes of the
 * scratchpad; *wchunks the bytes a chunk of every weight buffer. False
 * when a pass has too many staging buffers. */
static bool row_size(struct ir_module *m, const struct row *r, const struct wload *w, uint32_t nw,
                     int64_t room, int64_t chunk, int64_t most, bool rows, struct staging *stg,
                     int64_t *K, int64_t *copies, int64_t *wchunks)
{
    ir_value skip[MAX_LATER > MAX_LANES ? MAX_LATER : MAX_LANES];
    *wchunks = 0;
    for (uint32_t k = 0; k < nw; k++)
        if (w[k].like < 0)
            *wchunks += w[k].chunk;
    int64_t bytes;
    for (uint32_t k = 0; k < r->lanes; k++)
        skip[k] = r->first[k].buf;
    if (!staging_of(m, r->first[0].loop, skip, r->lanes, w, nw, &stg[0], &bytes))
        return false;
    room -= bytes;
    for (uint32_t i = 0, g = 1, end; i < r->n; i = end, g++) {
        end = loop_end(r, i);
        for (uint32_t k = i; k < end; k++)
            skip[k - i] = r->later[k].buf;
        if (!staging_of(m, r->later[i].loop, skip, end - i, w, nw, &stg[g], &bytes))
            return false;
        room -= bytes;
    }
    *copies = rows ? 2 : 1;
    room -= (int64_t)weight_buffers(w, nw) * ALIGN_SLACK;
    int64_t T = r->first[0].T, lanes = r->lanes;
    *K = row_chunks(room, chunk * lanes, *copies, *wchunks, most, T);
    if (!*K && *copies > 1)
        *K = row_chunks(room, chunk * lanes, *copies = 1, *wchunks, most, T);
    return true;
}

/* The first pass's lane p (tiles below its loop's split) loads its chunks
 * into row buffer rb (at copy `copy` when there are two), and reads them
 * there. */
static void first_to_row(struct ir_module *m, const struct pass *p, ir_value rb, ir_value copy)
{
    uint32_t o = copy ? 1 : 0;
    struct ir_loc loc = ir_op_get(m, p->loop)->loc;
    if (p->dyn) {
        /* chunk k of tile t from its view into %row[t * T + k] */
        reads_to_row(m, p, rb, copy);
        for (uint32_t k = 0; k < p->nx; k++) {
            struct nest_side s, d;
            nest_read_side(m, p->xs[k], 0, &s);
            nest_read_side(m, p->xs[k], 1, &d);
            struct split_b xb;
            sb_before(&xb, m, p->xs[k], loc);
            struct nest_side nd = {.v = rb, .nsub = d.nsub - 1 + o, .nsize = d.nsize - 1 + o};
            if (o) {
                nd.sub[0] = (struct nest_sub){.v = copy};
                nd.size[0] = 1;
            }
            nd.sub[o] = (struct nest_sub){.v = chunk_index(&xb, nest_for_iv(m, p->loop), p->T,
                                                           (struct nest_sub){.c = (int64_t)k})};
            nd.size[o] = 1;
            for (uint32_t j = 1 + o; j < nd.nsub; j++) {
                nd.sub[j] = (struct nest_sub){.c = 0};
                nd.size[j] = d.size[j + 1 - o];
            }
            nest_make_transfer(&xb, &s, &nd, p->xs[k]);
            ir_op_unlink(m, p->xs[k]);
        }
        return;
    }
    struct nest_side s, d;
    nest_read_side(m, p->x, 0, &s);
    nest_read_side(m, p->x, 1, &d);
    /* the buffer's side with the row's copy for the phase, chunk t * T
     * for the tile's first */
    struct nest_side nd = {.v = rb, .nsub = d.nsub - 1 + o, .nsize = d.nsize - 1 + o};
    if (o) {
        nd.sub[0] = (struct nest_sub){.v = copy};
        nd.size[0] = 1;
    }
    for (uint32_t k = 1; k < d.nsub; k++) {
        nd.sub[k - 1 + o] = k > 1 ? d.sub[k] : s.sub[0];
        nd.size[k - 1 + o] = d.size[k];
    }
    reads_to_row(m, p, rb, copy);
    struct split_b xb;
    sb_before(&xb, m, p->x, loc);
    nest_make_transfer(&xb, &s, &nd, p->x);
    ir_op_unlink(m, p->x);
}

/* The passes of blk from the first one's tile loop on that read its row
 * (its lanes' rows); makes them read it from a row buffer (a lane each).
 * Returns whether it did. */
static bool resident_row(struct nest_ctx *c, ir_op fn, struct row *r)
{
    struct ir_module *m = c->m;
    const struct pass *first = &r->first[0];
    ir_value base = nest_view_root(m, first->view);
    /* the first pass writing its row in place, or an op before a pass */
    bool hit = nest_writes_ddr(m, first->loop, base);
    r->n = 0;
    for (ir_op op = ir_op_get(m, first->loop)->next; op && r->n + r->lanes <= MAX_LATER;
         op = ir_op_get(m, op)->next) {
        uint32_t found = 0;
        for (uint32_t k = 0; k < r->lanes; k++) {
            struct pass *q = &r->later[r->n + found];
            if (!read_pass(m, op, &r->first[k], 0, q))
                continue;
            bool again = false; /* a load another lane took */
            for (uint32_t j = r->n; j < r->n + found; j++)
                again |= r->later[j].x == q->x;
            if (!again) {
                q->lane = k;
                found++;
            }
        }
        if (found) {
            if (hit)
                break;
            r->n += found;
        }
        hit = hit || nest_writes_ddr(m, op, base);
    }
    uint32_t n = r->n;
    if (!n)
        return false;
    /* the row buffer: as many chunks as the scratchpad holds beside the rest */
    ir_type bt = ir_value_type(m, first->buf);
    const struct ir_type_info *bi = ir_type_get(m, bt);
    const char *sp = nest_memref_space(m, bt);
    uint32_t kind = sp ? arch_kind_find(c->dev, sp) : ARCH_NONE;
    if (kind == ARCH_NONE)
        return false;
    int64_t cap = c->dev->res[c->dev->kinds[kind].first].size;
    struct nest_scratch used = nest_scratch_of(m, fn);
    int64_t chunk = nest_memref_bytes(m, bt) / (bi->shape[0] * bi->shape[1]);
    /* room for the allocator to align each buffer, and for the passes'
     * halves below their own staging buffers */
    int64_t room = cap - used.bytes - (int64_t)(used.allocs + r->lanes) * ALIGN_SLACK;
    ir_op rl = row_loop(m, first->loop);
    struct wload w[MAX_WL];
    uint32_t nw = 0;
    for (uint32_t i = 0; rl && i < n; i = loop_end(r, i))
        nw = weights_of(m, rl, &r->later[i], w, nw);
    /* no more chunks than a later pass's view holds (its bound on the row),
     * or than the row's stride leaves it (views of launch-time extent) */
    int64_t most = 0;
    for (uint32_t i = 0; i < n && !first->dyn; i++) {
        const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, r->later[i].view));
        if (vt->shape[0] > most)
            most = vt->shape[0];
    }
    double elems, bound = row_bound(m, first, r->later, n, &elems);
    if (!first->dyn && ir_type_get(m, ir_value_type(m, first->view))->shape[0] == IR_DYN)
        most = (int64_t)ceil(bound);
    struct staging stg[MAX_LATER + 1];
    int64_t K, copies, wchunks;
    if (!row_size(m, r, w, nw, room, chunk, most, rl != IR_NONE, stg, &K, &copies, &wchunks))
        return false;
    double was = 0, is = 0, wgain = 0;
    bool program = false;
    int64_t wload = 0;
    for (uint32_t k = 0; k < nw; k++)
        wload += w[k].chunk;
    bool pays = K && resident_pays(c, fn, rl, r, bound, K, chunk, wload, copies, &was, &is,
                                   &program, &wgain);
    /* the weights' prologue runs before the first row's loads: kept when
     * what the rows gain without their loads of them (all the row loop's,
     * when it has a constant trip count) is more than its latency */
    int64_t rows;
    uint32_t weights = nw; /* before that choice */
    if (pays && nw && nest_for_normal(m, rl, &rows) &&
        (program ? 1 : (double)rows) * wgain <=
            nest_cost_dma_latency(c->dev, &c->chosen[chosen_of(c, first->loop)].p)) {
        nw = 0;
        if (!row_size(m, r, w, nw, room, chunk, most, rl != IR_NONE, stg, &K, &copies, &wchunks))
            return false;
        pays = K > 0;
    }
    if (c->o->stats) {
        const char *fname = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
        uint32_t later = 0;
        for (uint32_t i = 0; i < n; i = loop_end(r, i))
            later++;
        fprintf(c->o->stats, "ktc-nest: @%s: resident-rows: ", fname);
        if (r->lanes > 1)
            fprintf(c->o->stats,
                    "%u views the first pass loads side by side (a jammed run's rows, "
                    "a row's windows) and %u later pass%s read again (%u reads)",
                    r->lanes, later, later > 1 ? "es" : "", n);
        else
            fprintf(c->o->stats, "a row the first pass loads and %u later pass%s read%s again", n,
                    n > 1 ? "es" : "", n > 1 ? "" : "s");
        if (!K)
            fprintf(c->o->stats,
                    ": not taken: not %lld chunks of %lld bytes fit beside the "
                    "other buffers\n",
                    (long long)first->T * r->lanes, (long long)chunk);
        else
            fprintf(c->o->stats,
                    ", a row buffer of %lld chunks of %lld bytes in %lld %s: %s (modeled %.0f "
                    "-> %.0f cycles %s)%s\n",
                    (long long)K, (long long)chunk, (long long)copies,
                    copies > 1 ? "copies" : "copy", pays ? "taken" : "not taken", was, is,
                    program        ? "the program"
                    : r->lanes > 1 ? "a run"
                                   : "a row",
                    !pays || !weights ? ""
                    : nw              ? ", the weights' loads kept too"
                         : ", not the weights' loads (their prologue's latency above what the "
                           "rows gain)");
    }
    if (!pays)
        return false;
    int64_t shape[NEST_MAX_RANK];
    uint32_t o = copies > 1 ? 1 : 0;
    shape[0] = copies;
    shape[o] = K;
    for (uint32_t k = 2; k < bi->rank; k++)
        shape[k - 1 + o] = bi->shape[k];
    ir_type rt = split_memref(m, bi->rank - 1 + o, shape, bi->elem, IR_NONE, bi->attr1);
    struct split_b b;
    ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    struct ir_loc loc = ir_op_get(m, first->loop)->loc;
    ir_value rb[MAX_LANES];
    for (uint32_t k = 0; k < r->lanes; k++) {
        sb_before(&b, m, ir_block_get(m, entry)->first, loc);
        rb[k] = nest_make_op(&b, "memref.alloc", rt);
        split_set_name(m, rb[k], "row");
    }

    /* first pass: tiles t < min(n, K / T) store their chunks in the row */
    sb_before(&b, m, first->loop, loc);
    ir_value copy = IR_NONE;
    if (o) {
        struct ir_op_state st;
        ir_state_init(&st, m, "ktdf.buffer_phase", loc);
        ir_state_add_operand(m, &st, nest_for_iv(m, rl));
        ir_state_set_attr(m, &st, "num_phases", ir_attr_int(m, copies, m->t_i64));
        ir_state_add_result(m, &st, m->t_index);
        copy = ir_op_result(m, sb_emit(&b, &st), 0);
        split_set_name(m, copy, "copy");
    }
    ir_value mid = sb_arith(&b, "arith.minsi", ir_op_get(m, first->loop)->opnd[1],
                            sb_index(&b, K / first->T));
    ir_value held = first->T == 1 ? mid : sb_muli(&b, mid, first->T);
    split_at(m, first->loop, mid);
    own_buffers(m, first->loop, &stg[0], ir_block_get(m, entry)->first);
    for (uint32_t k = 0; k < r->lanes; k++)
        first_to_row(m, &r->first[k], rb[k], copy);
    /* later passes: tiles t < min(n, held / T) read them from it */
    ir_value wb[MAX_WL];
    for (uint32_t i = 0, g = 1; i < n; i = loop_end(r, i), g++) {
        struct pass *p = &r->later[i];
        sb_before(&b, m, p->loop, loc);
        ir_value fit = p->T == 1 ? held : sb_arith(&b, "arith.divui", held, sb_index(&b, p->T));
        ir_value lmid = sb_arith(&b, "arith.minsi", ir_op_get(m, p->loop)->opnd[1], fit);
        split_at(m, p->loop, lmid);
        own_buffers(m, p->loop, &stg[g], ir_block_get(m, entry)->first);
        for (uint32_t j = i; j < loop_end(r, i); j++) {
            reads_to_row(m, &r->later[j], rb[r->later[j].lane], copy);
            for (uint32_t k = 0; k < r->later[j].nx; k++)
                ir_op_unlink(m, r->later[j].xs[k]);
        }
        for (uint32_t k = 0; k < nw; k++) {
            if (w[k].p != p)
                continue;
            if (w[k].like >= 0) {
                wb[k] = wb[w[k].like];
                if (wb[k])
                    weight_reads(m, &w[k], wb[k]);
                continue;
            }
            const struct ir_type_info *wi = ir_type_get(m, ir_value_type(m, w[k].buf));
            int64_t ws[NEST_MAX_RANK];
            ws[0] = K;
            for (uint32_t j = 2; j < wi->rank; j++)
                ws[j - 1] = wi->shape[j];
            sb_before(&b, m, ir_block_get(m, entry)->first, loc);
            wb[k] = nest_make_op(&b, "memref.alloc",
                                 split_memref(m, wi->rank - 1, ws, wi->elem, IR_NONE, wi->attr1));
            split_set_name(m, wb[k], "weight");
            if (!resident_weight(m, rl, &w[k], wb[k])) {
                ir_op_unlink(m, ir_value_def(m, wb[k]));
                wb[k] = IR_NONE;
            }
        }
        if (!ir_block_get(m, ir_region_entry(m, ir_op_region(m, p->stage, 0)))->first)
            nest_remove_stage(m, p->stage);
        nest_prune_private(m, p->pipe);
    }
    return true;
}

static bool resident_block(struct nest_ctx *c, ir_op fn, ir_block blk)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, blk, op) {
        struct row r;
        if (read_pass(m, op, NULL, 0, &r.first[0])) {
            /* the other lanes: bulk loads of the same chunks at other
             * places of the same memory */
            r.lanes = 1;
            ir_value root = nest_view_root(m, r.first[0].view);
            for (uint32_t k = 1; k < 4 * MAX_LANES && r.lanes < MAX_LANES; k++) {
                struct pass *q = &r.first[r.lanes];
                if (!read_pass(m, op, NULL, k, q))
                    break;
                bool ok = nest_view_root(m, q->view) == root &&
                          same_buffer_chunks(m, q->buf, r.first[0].buf) && q->T == r.first[0].T;
                for (uint32_t j = 0; j < r.lanes && ok; j++)
                    ok = !same_chunks(m, r.first[j].view, q->view) && r.first[j].buf != q->buf;
                r.lanes += ok;
            }
            return resident_row(c, fn, &r);
        }
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_SCF_FOR || is_loop_type(m, op, "tile_loop"))
            continue;
        for (uint32_t g = 0; g < o->nreg; g++)
            for (ir_block b = ir_region_get(m, o->regs[g])->first; b; b = ir_block_get(m, b)->next)
                if (resident_block(c, fn, b))
                    return true;
    }
    return false;
}

bool nest_resident(struct nest_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    return resident_block(c, fn, ir_region_entry(m, ir_op_region(m, fn, 0)));
}
