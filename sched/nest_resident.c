/* nest_resident.c - ktc-nest's "resident-rows" transformation (nest.h): a
 * row that several passes read from device memory (tile loops of a launch-
 * time trip count, each bulk-loading the same chunks) is kept in a
 * scratchpad row buffer of as many chunks as fit: the first pass stores its
 * chunks there as it loads them, the later ones read the chunks it holds
 * from there and the rest from device memory as before. Runs last.
 */
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"

/* Bytes counted per scratchpad buffer for the allocator's alignment (a
 * word of the widest access; ktc-allocate, sched/allocate.h). */
enum { ALIGN_SLACK = 128, MAX_READS = 256 };

/* One pass of the row: a tile loop whose pipeline's DMA stage bulk-loads
 * T chunks of the row per tile into a phased buffer. */
struct pass {
    ir_op loop, pipe, stage, x; /* the tile loop, its pipeline, DMA stage, X's load */
    ir_value view, buf, phase;  /* X's chunk view, the phased buffer, its phase subscript */
    int64_t T;                  /* chunks per tile */
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
 * on the chunks, may differ). */
static bool same_chunks(const struct ir_module *m, ir_value a, ir_value b)
{
    ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
    if (!da || !db || ir_op_get(m, da)->kind != IR_OP_MEMREF_REINTERPRET_CAST ||
        ir_op_get(m, db)->kind != IR_OP_MEMREF_REINTERPRET_CAST)
        return false;
    const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
    int64_t d;
    if (oa->nopnd != ob->nopnd || oa->opnd[0] != ob->opnd[0] ||
        (oa->nopnd > 1 && !(nest_const_diff(m, oa->opnd[1], ob->opnd[1], &d) && d == 0)) ||
        oa->nopnd > 2 ||
        ir_op_attr(m, da, "static_offsets") != ir_op_attr(m, db, "static_offsets") ||
        ir_op_attr(m, da, "static_strides") != ir_op_attr(m, db, "static_strides"))
        return false;
    const struct ir_type_info *ta = ir_type_get(m, ir_value_type(m, a)),
                              *tb = ir_type_get(m, ir_value_type(m, b));
    if (ta->rank != tb->rank || ta->elem != tb->elem || ta->attr0 != tb->attr0 || ta->rank < 2)
        return false;
    for (uint32_t k = 1; k < ta->rank; k++)
        if (ta->shape[k] != tb->shape[k] || ta->shape[k] < 1)
            return false;
    return true;
}

/* Whether x (a DMA-stage load of loop) loads T chunks of a view at tile t,
 * [t * T, 0, ...] size [T, chunk], whole, into [phase, 0, ...] size [1, T,
 * chunk] of a phased buffer; fills p. */
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
    struct nest_lin l;
    if (s.nsub != vt->rank || vt->rank < 2 || bt->rank != vt->rank + 1 || d.nsub != bt->rank ||
        !s.sub[0].v || !nest_lin_of(m, s.sub[0].v, &l) || l.n != 1 || l.c ||
        l.v[0] != nest_for_iv(m, loop) || l.k[0] < 1 || s.size[0] != l.k[0] ||
        d.size[0] != 1 || d.size[1] != l.k[0] || bt->shape[1] != l.k[0] || !d.sub[0].v)
        return false;
    for (uint32_t k = 1; k < vt->rank; k++)
        if (s.sub[k].v || s.sub[k].c || s.size[k] != vt->shape[k] || d.sub[k + 1].v ||
            d.sub[k + 1].c || d.size[k + 1] != vt->shape[k] || bt->shape[k + 1] != vt->shape[k])
            return false;
    if (d.sub[1].v || d.sub[1].c)
        return false;
    p->x = x;
    p->view = s.v;
    p->buf = d.v;
    p->phase = d.sub[0].v;
    p->T = l.k[0];
    return true;
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
    if (!uses || op == u->p->x)
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
 * (NULL: any view) */
static bool read_pass(struct ir_module *m, ir_op loop, const struct pass *like, struct pass *p)
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
            if (chunk_load(m, loop, x, &q) && (!like || same_chunks(m, like->view, q.view))) {
                q.stage = s;
                *p = q;
                break;
            }
        }
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
    if (op != r->p->x && ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER &&
        nest_read_side(m, op, 0, &s) && s.v == r->p->buf && r->n < MAX_READS)
        r->v[r->n++] = op;
    return true;
}

static void reads_to_row(struct ir_module *m, const struct pass *p, ir_value rb)
{
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
        ns = (struct nest_side){.v = rb, .nsub = s.nsub - 1, .nsize = s.nsize - 1};
        ns.sub[0] = (struct nest_sub){.v = chunk_index(&b, t, p->T, s.sub[1])};
        ns.size[0] = s.size[1];
        for (uint32_t k = 1; k < ns.nsub; k++) {
            ns.sub[k] = s.sub[k + 1];
            ns.size[k] = s.size[k + 1];
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

struct l1 {
    int64_t n;
    uint32_t nallocs;
};

static bool count_l1(struct ir_module *m, ir_op op, void *ctx)
{
    struct l1 *b = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *sp;
    if (o->kind == IR_OP_MEMREF_ALLOC && (sp = nest_memref_space(m, ir_value_type(m, o->res))) &&
        strcmp(sp, "DDR") != 0) {
        b->n += nest_memref_bytes(m, ir_value_type(m, o->res));
        b->nallocs++;
    }
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
            double n = (double)nest_memref_bytes(m, ir_value_type(m, d->v)) /
                       (double)ir_type_numel(m, ir_value_type(m, d->v));
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

/* Whether keeping the row pays, by the cost model: a row's passes on every
 * core (nest_cost_program_cycles: their nests' steady cycles, the device
 * memory's bandwidths) get faster by more than what the first pass no
 * longer hides, its DMA latency (its next row's loads wait for the last
 * pass reading the row buffer instead of streaming while this row
 * computes). A row is as wide as the views bound it, or the row stride
 * when it is a constant (rows do not overlap), or the first pass's points
 * as --assume priced them. */
static bool resident_pays(struct nest_ctx *c, const struct pass *first, const struct pass *later,
                          uint32_t n, int64_t K, int64_t chunk)
{
    struct ir_module *m = c->m;
    int ch = chosen_of(c, first->loop);
    if (ch < 0)
        return false;
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, first->view));
    double chunks = (double)vt->shape[0], elems = 1;
    for (uint32_t k = 1; k < vt->rank; k++)
        elems *= (double)vt->shape[k];
    for (uint32_t i = 0; i < n; i++) {
        double b = (double)ir_type_get(m, ir_value_type(m, later[i].view))->shape[0];
        chunks = b < chunks ? b : chunks;
    }
    const struct ir_op_info *vo = ir_op_get(m, ir_value_def(m, first->view));
    struct nest_lin l;
    if (vo->nopnd > 1 && nest_lin_of(m, vo->opnd[1], &l))
        for (uint32_t k = 0; k < l.n; k++)
            if (ir_value_get(m, l.v[k])->is_arg && l.k[k] > 0 && (double)l.k[k] / elems < chunks)
                chunks = (double)l.k[k] / elems;
    /* --assume made the first pass's trip count less than its bound */
    if (c->chosen[ch].points > 0 && c->chosen[ch].points < c->chosen[ch].bound &&
        (double)c->chosen[ch].points < chunks)
        chunks = (double)c->chosen[ch].points;
    if (chunks < 1)
        chunks = 1;
    double in = 0, out = 0, saved = 0, nests = 0;
    for (uint32_t i = 0; i <= n; i++) {
        const struct pass *p = i ? &later[i - 1] : first;
        tile_bytes(m, p->pipe, chunks / (double)p->T, &in, &out);
        if (i)
            saved += (double)chunk * (chunks < (double)K ? chunks : (double)K);
        int pc = chosen_of(c, p->loop);
        if (pc >= 0 && c->chosen[pc].points > 0 && c->chosen[pc].steady > 0)
            nests += c->chosen[pc].steady * chunks / (double)c->chosen[pc].points;
    }
    uint32_t cores = c->chosen[ch].cores ? c->chosen[ch].cores : 1;
    double before = nest_cost_program_cycles(c->dev, nests, in, out, cores, 1),
           after = nest_cost_program_cycles(c->dev, nests, in - saved, out, cores, 1);
    return before - after > nest_cost_dma_latency(c->dev, &c->chosen[ch].p);
}

/* The passes of blk from its tile loop `first` on that read first's row;
 * makes them read it from a row buffer. Returns whether it did. */
static bool resident_row(struct nest_ctx *c, ir_op fn, const struct pass *first)
{
    struct ir_module *m = c->m;
    struct pass later[16];
    uint32_t n = 0;
    ir_value base = nest_view_root(m, first->view);
    /* the first pass writing its row in place, or an op before a pass */
    bool hit = nest_writes_ddr(m, first->loop, base);
    for (ir_op op = ir_op_get(m, first->loop)->next; op && n < 16; op = ir_op_get(m, op)->next) {
        if (read_pass(m, op, first, &later[n])) {
            if (hit)
                break;
            n++;
        }
        hit = hit || nest_writes_ddr(m, op, base);
    }
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
    struct l1 used = {0, 0};
    ir_walk(m, fn, count_l1, &used);
    int64_t chunk = nest_memref_bytes(m, bt) / (bi->shape[0] * bi->shape[1]);
    /* room for the allocator to align each buffer */
    int64_t room = cap - used.n - (int64_t)(used.nallocs + 1) * ALIGN_SLACK;
    int64_t K = chunk > 0 ? room / chunk : 0;
    /* no more chunks than a later pass's view holds (its bound on the row) */
    int64_t most = 0;
    for (uint32_t i = 0; i < n; i++) {
        const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, later[i].view));
        if (vt->shape[0] > most)
            most = vt->shape[0];
    }
    if (most > 0 && K > most)
        K = most;
    if (K < first->T)
        return false;
    K -= K % first->T;
    if (!resident_pays(c, first, later, n, K, chunk))
        return false;
    int64_t shape[NEST_MAX_RANK];
    shape[0] = K;
    for (uint32_t k = 2; k < bi->rank; k++)
        shape[k - 1] = bi->shape[k];
    ir_type rt = split_memref(m, bi->rank - 1, shape, bi->elem, IR_NONE, bi->attr1);
    struct split_b b;
    ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    struct ir_loc loc = ir_op_get(m, first->loop)->loc;
    sb_before(&b, m, ir_block_get(m, entry)->first, loc);
    ir_value rb = nest_make_op(&b, "memref.alloc", rt);
    split_set_name(m, rb, "row");

    /* first pass: tiles t < min(n, K / T) store their chunks in the row */
    sb_before(&b, m, first->loop, loc);
    ir_value mid = sb_arith(&b, "arith.minsi", ir_op_get(m, first->loop)->opnd[1],
                            sb_index(&b, K / first->T));
    ir_value held = first->T == 1 ? mid : sb_muli(&b, mid, first->T);
    split_at(m, first->loop, mid);
    {
        struct nest_side s, d;
        nest_read_side(m, first->x, 0, &s);
        nest_read_side(m, first->x, 1, &d);
        struct nest_side nd = {.v = rb, .nsub = s.nsub, .nsize = s.nsize};
        for (uint32_t k = 0; k < s.nsub; k++) {
            nd.sub[k] = k ? (struct nest_sub){.c = 0} : s.sub[0];
            nd.size[k] = s.size[k];
        }
        reads_to_row(m, first, rb);
        struct split_b xb;
        sb_before(&xb, m, first->x, loc);
        nest_make_transfer(&xb, &s, &nd, first->x);
        ir_op_unlink(m, first->x);
    }
    /* later passes: tiles t < min(n, held / T) read them from it */
    for (uint32_t i = 0; i < n; i++) {
        struct pass *p = &later[i];
        sb_before(&b, m, p->loop, loc);
        ir_value fit = p->T == 1 ? held : sb_arith(&b, "arith.divui", held, sb_index(&b, p->T));
        ir_value lmid = sb_arith(&b, "arith.minsi", ir_op_get(m, p->loop)->opnd[1], fit);
        split_at(m, p->loop, lmid);
        reads_to_row(m, p, rb);
        ir_op_unlink(m, p->x);
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
        struct pass p;
        if (read_pass(m, op, NULL, &p))
            return resident_row(c, fn, &p);
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_SCF_FOR || is_loop_type(m, op, "tile_loop"))
            continue;
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
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
