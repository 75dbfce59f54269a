/* nest_reduce.c - ktc-nest's "reductions" transformation (nest.h): a
 * pipeline whose compute stage reduces a row wider than the compute unit's
 * lanes (ktc-split keeps reduction dims whole: one FIFO slot of N elements)
 * becomes levels of loops over lane-wide vectors, in the order ktc-interp
 * folds a row, so that the result is the same bit for bit.
 *
 * ktc-interp folds a row of N = C x W elements (W the lanes, C a power of
 * two) as a pairwise tree: element j with element j + N/2, then the same on
 * the N/2 results... Its first log2(C) levels pair whole lane-wide chunks
 * (chunk c with chunk c + C/2, lane by lane); what is left is one vector of
 * W partials, whose last log2(W) levels are a vector reduction. So:
 *
 *   level 1   scf.for %c = 0 to C/K {parallel_loop}: the K chunks c + i C/K
 *             (i < K, K = 2^k, k <= 3) of the row are read (from device
 *             memory through one staging buffer each, or from the
 *             scratchpad buffer the row is in), folded by an elementwise
 *             generic as the tree's first k levels fold them (input i with
 *             input i + K/2, ...; a producer fused into the reduction's body
 *             first runs on each input), and the partial vector written to
 *             chunk c of an accumulator buffer in the scratchpad (C/K x W)
 *   level l   the same over the previous accumulator, C/K^l chunks left
 *   last      the original pipeline, reading the one partial vector left
 *             instead of the row (its DDR stage and wide staging buffer
 *             dropped), reduces its W lanes with the init (the combiner
 *             alone) and stores the result as before.
 *
 * reduction-producer: when the row is a scratchpad buffer the parallel
 * loop just before fills chunk by chunk (a softmax's exponentials), the
 * first level may run that loop's body for its K chunks itself, before the
 * fold, the loop then gone (fuse_producer: the cost model decides); the
 * chunks are still stored, and fuse-pipelines later folds them from
 * registers, so the row is read once for both.
 *
 * Every partial is rounded as ktc-interp rounds it (each combine of the
 * tree is one op of a generic). The sequential dependence is between the
 * levels, each a separate loop run after the previous one; a level's
 * iterations are independent, so its loop is a parallel_loop that tiling,
 * coarsening and double buffering stream like an elementwise one. The row
 * is never held whole in the scratchpad; the accumulators hold C/K + C/K^2
 * + ... vectors (under N/7 elements).
 *
 * Applies to a pipeline not under a tile loop whose compute stage reads one
 * slot of N > W elements (a tensor<1xN> or tensor<N>), reduces its trailing
 * dim to one element with a one-op commutative float combiner (addf, mulf,
 * max/min), optionally after elementwise ops of the input alone, and writes
 * the result to one slot;
 * its input transfer reads one row from offset 0 of its last dim; N / W is
 * a power of two above 32, or above 1 with a fused producer, or more
 * than half the row would take ktc-codegen's registers (below). Other
 * reductions are left as they are (up to 32 chunks ktc-codegen folds the
 * row in registers, faster, when the row is reduced as received; beyond
 * what it holds it refuses the vector wider than the lanes), and so is a
 * row of device memory of at most 32 chunks that its DMA unit cannot move
 * a chunk of (a device whose SIMD is narrower than its DMA words: the
 * levels' chunk loads of a short row stay DMAs of their own, coarsening
 * joins none; tests/kernels/reduce_narrow_simd.mlir).
 *
 * C = N / W = 2^a b, b > 1 odd: ktc-interp's first a levels pair whole
 * chunks, the rest pairs elements across chunks. The levels fold the 2^a
 * part only (K <= 2^a chunks a level), the last one into a 1 x bW
 * accumulator (chunk c at c W); the original pipeline reads those bW
 * partials as one slot and reduces them, ktc-codegen's reduce_rows holding
 * half of them in registers ((b + 1) / 2 + 6 <= max_vregs). Beyond, for a
 * sum or product, window levels halve the L partials until half of them
 * fits, up to 3 halvings a level while the lengths are even:
 *
 *   window    scf.for %c = 0 to ceil(L' / W) {parallel_loop}: the 2^k
 *             windows of W partials at c W + S_i (S_i the sum of the
 *             halves L/2, L/4, .. L/2^k selected by the bits of i, the
 *             first level's by the highest), each loaded as the chunk
 *             c + S_i / W, or two from there when S_i mod W > 0 and read
 *             through the map (d0, d1 + S_i mod W); folded by the same
 *             tree as a level (input i with input i + 2^(k-1) first), into
 *             chunk c of a flat accumulator of L' = L / 2^k partials
 *
 * (a row of 32000 f16: 125 x 64 partials, one window level of 4 windows,
 * 2000 partials left). The accumulators a window level reads are two
 * chunks longer: the last output vector's windows run past the L
 * partials (its lanes beyond L' are never read). C odd (a = 0, no whole
 * chunks paired), or N not whole chunks (a row of 32001 or 50257 f16: L =
 * N): the first window level reads the row itself, a scratchpad buffer
 * (an alloc, made two chunks longer) read as it is (no fused producer, no
 * conversion). An odd length L = 2h + 1 is halved by a level of its own
 * (ktc-interp pairs j with j + h and appends element 2h as partial h): its
 * windows at 0 and h make partial h from elements h and 2h, then
 * append_last's one-element pipeline moves element 2h over it. Not taken
 * (the row left whole for ktc-codegen to stream, through a fused producer
 * too): a = 0 for max and min, or for a row window levels cannot read (in
 * device memory, converted or with a fused producer), or half the row fits
 * ktc-codegen's registers (C <= 2 (max_vregs - 6); a producer of p <= 4
 * ops: (C + 1) / 2 + 6 + 2p <= max_vregs). Max and min take the levels
 * like sums beyond that, so that coarsening shares their chunk loads with
 * the row's other reductions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"

enum {
    LEVEL_FOLD = 8, /* chunks one level folds at once */
    MAX_FOLD = 16,  /* the first, wide-first-level's */
    MAX_SLOTS = 2 * MAX_FOLD + 8, /* a level's private values: slots, tokens, staging */
    /* a row of at most this many chunks stays whole: ktc-codegen folds it
     * in registers as it streams in, in ktc-interp's order (codegen/README.md,
     * half the group held in its 32 vector registers), faster than levels
     * through the scratchpad (3x2048 f16 row sums on spyre: 1445 cycles
     * against 3114) */
    MAX_WHOLE = 32,
    /* the same for a row converted as received (f16 summed in f32):
     * ktc-codegen folds f16 rows of 256 in f32 on spyre (8 chunks of its
     * 32 f32 lanes), not of 512 */
    MAX_WHOLE_CONVERTED = 8,
};

/* The wide reduction pipeline's parts. */
struct wide {
    ir_op pipe;
    ir_op ddr;     /* the MNILU stage's transfer (device memory -> private buffer), or 0 */
    ir_op ddr_stage;
    ir_op load;    /* the L1LU transfer into the input slot */
    ir_op load_stage;
    ir_op comp;    /* the compute stage */
    ir_op read;    /* its read_from_fifo of the wide slot */
    ir_op gen;     /* the reduction generic */
    ir_op store_stage;
    struct nest_side src; /* where the row is read: the DDR side or the scratchpad buffer */
    int64_t n, w;         /* row length, lanes (of both in and elem) */
    int64_t wk;           /* window levels: halvings of the b W partials (C = 2^a b) */
    ir_type in;           /* the row's element (f16 for an f16 row summed in f32) */
    ir_type elem;         /* the partials' element: the generic's result's */
    const char *combiner;
    ir_op comb; /* the combiner op in the generic's body */
};

const char *nest_reduce_combiner(const struct ir_module *m, ir_op gen, ir_op *comb)
{
    static const char *const ok[] = {"arith.addf",     "arith.mulf",     "arith.maximumf",
                                     "arith.minimumf", "arith.maxnumf", "arith.minnumf"};
    ir_block b = split_body(m, gen, 0);
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    if (!bi || bi->nargs != 2 || !bi->first || bi->first == bi->last)
        return NULL;
    const struct ir_op_info *yo = ir_op_get(m, bi->last);
    ir_op last = yo->prev;
    const struct ir_op_info *po = ir_op_get(m, last);
    if (po->nopnd != 2 || po->nres != 1 || yo->nopnd != 1 || yo->opnd[0] != po->res ||
        (po->opnd[0] != bi->args[1]) == (po->opnd[1] != bi->args[1]))
        return NULL;
    /* the ops before: no use of out, no regions */
    for (ir_op x = bi->first; x != last; x = ir_op_get(m, x)->next) {
        const struct ir_op_info *xi = ir_op_get(m, x);
        if (xi->nreg || xi->nres != 1)
            return NULL;
        for (uint32_t k = 0; k < xi->nopnd; k++)
            if (xi->opnd[k] == bi->args[1])
                return NULL;
    }
    *comb = last;
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (strcmp(ir_str_get(m, po->name), ok[i]) == 0)
            return ok[i];
    return NULL;
}

/* The one op of a stage's body, or 0. */
static ir_op only_op(const struct ir_module *m, ir_op s)
{
    const struct ir_block_info *b = ir_block_get(m, split_body(m, s, 0));
    return b->first && b->first == b->last ? b->first : IR_NONE;
}

/* Whether ktc-codegen's reduce_rows folds a row of len partials (len / W
 * chunks, the last maybe part of one) holding half of them in registers
 * beside its 6 temporaries. */
static bool codegen_holds(const struct nest_ctx *c, const struct wide *w, int64_t len)
{
    int64_t chunks = (len + w->w - 1) / w->w;
    return (chunks + 1) / 2 + 6 <= (int64_t)c->o->max_vregs;
}

static bool match(struct nest_ctx *c, ir_op pipe, struct wide *w)
{
    struct ir_module *m = c->m;
    memset(w, 0, sizeof *w);
    w->pipe = pipe;
    if (ir_op_attr(m, pipe, "modulo"))
        return false;
    ir_op stages[8];
    uint32_t ns = 0;
    IR_FOR_OPS(m, split_body(m, pipe, 0), s) {
        if (ir_op_get(m, s)->kind != IR_OP_KTDF_STAGE)
            continue;
        if (ns == 8)
            return false;
        stages[ns++] = s;
    }
    /* [DDR ->] buffer -> slot, compute, then the result's stages */
    uint32_t k = 0;
    if (ns > 3) {
        ir_op x = only_op(m, stages[0]);
        struct nest_side s0;
        if (x && ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
            nest_read_side(m, x, 0, &s0) && !s0.fifo && nest_is_ddr(m, s0.v)) {
            w->ddr_stage = stages[k++];
            w->ddr = x;
        }
    }
    if (ns < k + 3)
        return false;
    w->load_stage = stages[k++];
    w->comp = stages[k++];
    /* the stage moving the result out of the compute stage's slot */
    ir_value out = IR_NONE;
    IR_FOR_OPS(m, split_body(m, w->comp, 0), op)
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_WRITE_TO_FIFO)
            out = ir_op_get(m, op)->opnd[1];
    for (; k < ns && !w->store_stage; k++) {
        ir_op x = only_op(m, stages[k]);
        if (x && ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER && out &&
            ir_op_get(m, x)->opnd[0] == out)
            w->store_stage = stages[k];
    }
    if (!w->store_stage)
        return false;
    w->load = only_op(m, w->load_stage);
    if (!w->load || ir_op_get(m, w->load)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return false;
    /* the compute stage: read, init ops, the generic, write */
    IR_FOR_OPS(m, split_body(m, w->comp, 0), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_KTDF_READ_FROM_FIFO) {
            if (w->read)
                return false;
            w->read = op;
        } else if (o->kind == IR_OP_LINALG_GENERIC) {
            if (w->gen)
                return false;
            w->gen = op;
        } else if (o->nreg) {
            return false;
        }
    }
    struct split_gen g;
    if (!w->read || !w->gen || !split_gen_read(m, w->gen, &g) || g.nin != 1 ||
        g.in[0] != ir_op_get(m, w->read)->res || g.nloops < 1 || !g.red[g.nloops - 1])
        return false;
    for (uint32_t i = 0; i + 1 < g.nloops; i++)
        if (g.red[i])
            return false;
    if (ir_type_numel(m, g.res) != 1 ||
        !(w->combiner = nest_reduce_combiner(m, w->gen, &w->comb)))
        return false;
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, g.in[0]));
    w->n = ir_type_numel(m, ir_value_type(m, g.in[0]));
    /* a tensor<1xN>, or a tensor<N> (a 1-D view's row) */
    if (w->n <= 0 || ti->rank < 1 || ti->rank > 2 || ti->shape[ti->rank - 1] != w->n)
        return false;
    w->in = ti->elem;
    w->elem = ir_value_type(m, ir_block_get(m, split_body(m, w->gen, 0))->args[1]);
    char tname[16];
    uint32_t kind = nest_stage_kind(c->dev, m, w->comp);
    if (kind == ARCH_NONE)
        return false;
    uint32_t res = c->dev->kinds[kind].first;
    w->w = arch_lanes(c->dev, res, split_type_name(m, w->elem, tname, sizeof tname));
    int64_t win = arch_lanes(c->dev, res, split_type_name(m, w->in, tname, sizeof tname));
    w->w = win < w->w ? win : w->w;
    if (w->w <= 0 || w->n <= w->w)
        return false;
    /* up to MAX_WHOLE chunks ktc-codegen folds the row, but only a row
     * reduced as it is received: a fused producer (the x * x of a sum of
     * squares) takes the levels at any width */
    int64_t ch = (w->n + w->w - 1) / w->w;
    bool aligned = w->n % w->w == 0; /* whole chunks (a row of 1000 f16 is not) */
    bool fused = w->comb != ir_block_get(m, split_body(m, w->gen, 0))->first;
    int64_t nprod = 0; /* the fused producer's ops */
    for (ir_op x = ir_block_get(m, split_body(m, w->gen, 0))->first; x != w->comb;
         x = ir_op_get(m, x)->next)
        nprod++;
    /* a row converted before it is reduced (f16 summed in f32) has its
     * levels read chunks as wide as the partials' lanes, too short a DMA
     * for some devices (32 f16 on spyre): a short row stays whole */
    if ((ch <= MAX_WHOLE && !fused) || (w->in != w->elem && ch <= MAX_WHOLE_CONVERTED))
        return false;
    /* C = 2^a b, b odd: the levels fold the 2^a part (whole chunks paired
     * as ktc-interp pairs them); the b x W partials left are one slot,
     * whose misaligned rest of the tree ktc-codegen folds in registers
     * (half of them held), or window levels (C odd: from the row); a row whose half
     * ktc-codegen holds (its reduce_rows: max_vregs less 6 temporaries,
     * less two a producer op: its value and a broadcast) stays whole:
     * ktc-codegen streams it, running a fused producer on each piece as
     * received. Faster: layernorm's variance over 64x768 f16 1618 -> 1124
     * cycles (its row read once, not again by the levels' chunk loads),
     * rmsnorm the same within 3% (64x1280 f16 2316 levels, 2386 whole),
     * where a power-of-two row's levels share the loads. Max and min
     * (order-free: ktc-codegen folds them piece by piece at any width)
     * take the same levels beyond that, so that their chunk loads are the
     * ones the row's other reductions make (coarsening shares them: the
     * row read once; softmax_64x6144 f16 read it twice, 1.49x the
     * compulsory traffic, its max streamed whole) */
    int64_t a = 0, b = aligned ? ch : 1; /* C = 2^a b, b odd; no whole chunks: a = 0 */
    for (; b % 2 == 0; b /= 2)
        a++;
    if (!aligned || b > 1) {
        int64_t hold = c->o->max_vregs > 6 ? 2 * ((int64_t)c->o->max_vregs - 6) : MAX_WHOLE;
        bool order_free = strcmp(w->combiner, "arith.addf") && strcmp(w->combiner, "arith.mulf");
        bool whole = fused ? nprod <= 4 && c->o->max_vregs &&
                                 (ch + 1) / 2 + 6 + 2 * nprod <= (int64_t)c->o->max_vregs
                           : ch <= hold;
        if (whole || (a == 0 && order_free))
            return false;
        /* the rest of the tree over the L = b W partials (the row itself,
         * L = N, when it is not whole chunks): ktc-codegen holds half a
         * row of L elements in its registers when
         * (ceil(L / W) + 1) / 2 + 6 <= max_vregs; until then window
         * levels halve it (L odd: ceil(L / 2) left, the last element
         * appended) */
        int64_t len = aligned ? b * w->w : w->n;
        while (!order_free && c->o->max_vregs && !codegen_holds(c, w, len)) {
            len = (len + 1) / 2;
            w->wk++;
        }
        if (a == 0 && !w->wk)
            return false;
    }
    /* the load: a buffer row -> the slot the compute stage reads */
    struct nest_side ls, ld;
    if (!nest_read_side(m, w->load, 0, &ls) || !nest_read_side(m, w->load, 1, &ld) || ls.fifo ||
        !ld.fifo || ld.v != ir_op_get(m, w->read)->opnd[0] || ls.nsub == 0 ||
        ls.size[ls.nsize - 1] != w->n || ls.sub[ls.nsub - 1].v || ls.sub[ls.nsub - 1].c)
        return false;
    for (uint32_t i = 0; i + 1 < ls.nsize; i++)
        if (ls.size[i] != 1)
            return false;
    w->src = ls;
    /* no whole chunks paired (an odd number of them, or a row that is not
     * whole chunks): the first window level reads the row itself, past its
     * end: a scratchpad buffer of its own (an alloc, made two chunks
     * longer in rewrite; not a staging buffer of device memory), not
     * converted nor computed as it is folded (a fused producer) */
    ir_op alloc = ir_value_def(m, ls.v);
    if (w->wk && a == 0 &&
        (fused || w->in != w->elem || !alloc || ir_op_get(m, alloc)->kind != IR_OP_MEMREF_ALLOC))
        return false;
    if (w->ddr) { /* device memory -> the private buffer the load reads */
        struct nest_side ds, dd;
        if (!nest_read_side(m, w->ddr, 0, &ds) || !nest_read_side(m, w->ddr, 1, &dd) ||
            dd.v != ls.v || !nest_is_ddr(m, ds.v) || ds.nsub == 0 ||
            ds.size[ds.nsize - 1] != w->n || ds.sub[ds.nsub - 1].v || ds.sub[ds.nsub - 1].c)
            return false;
        for (uint32_t i = 0; i + 1 < ds.nsize; i++)
            if (ds.size[i] != 1)
                return false;
        /* a level reading a short row moves each chunk in a DMA of its
         * own (its loop runs once or so: coarsening joins none): one its
         * unit cannot move on a device whose SIMD is narrower than its DMA
         * words (32 f16 lanes, sticks of 128 bytes) leaves the row whole,
         * as ktc-codegen streams it */
        int64_t align, least = nest_stage_dma_least(c->dev, m, w->ddr_stage, &align);
        /* in device memory's element type (an f16 row the level extends
         * to f32 moves 2 bytes an element, not 4) */
        int64_t chunk = w->w * ir_type_bytes(m, ir_type_elem(m, ir_value_type(m, ds.v)));
        if (least > 0 && (chunk % least || chunk % align) && ch <= MAX_WHOLE)
            return false;
        w->src = ds;
    } else if (nest_is_ddr(m, ls.v)) {
        return false;
    }
    return true;
}

/* What find_write looks for: the writes of row v, chunk %iv, under a loop. */
struct produced {
    ir_value v;
    ir_value iv;
    const struct wide *w;
    uint32_t writes;
    bool bad;
};

static bool find_write(struct ir_module *m, ir_op op, void *ctx)
{
    struct produced *p = ctx;
    struct nest_side d;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    if (!nest_read_side(m, op, 1, &d)) {
        p->bad = true;
        return false;
    }
    if (d.fifo || d.v != p->v)
        return true;
    const struct nest_side *r = &p->w->src;
    p->writes++;
    if (d.nsub != r->nsub || d.nsize != r->nsize || d.sub[d.nsub - 1].v != p->iv ||
        d.sub[d.nsub - 1].c || d.size[d.nsize - 1] != p->w->w)
        p->bad = true;
    for (uint32_t i = 0; !p->bad && i + 1 < d.nsub; i++)
        if (d.sub[i].v != r->sub[i].v || d.sub[i].c != r->sub[i].c)
            p->bad = true;
    for (uint32_t i = 0; !p->bad && i + 1 < d.nsize; i++)
        if (d.size[i] != 1)
            p->bad = true;
    return !p->bad;
}

/* The producer of the row: the scf.for just before the reduction's
 * pipeline, a parallel_loop from 0 to n by w (every chunk of the row) whose
 * body is index arithmetic and pipelines, one transfer of which writes the
 * scratchpad row the reduction reads, chunk %iv (lanes wide, at the
 * subscripts the reduction reads it at), none reading it. The first level
 * may then run the loop's iterations for the chunks it folds (nest.h,
 * reduction-producer); IR_NONE when there is no such loop. */
static ir_op producer_loop(struct nest_ctx *c, const struct wide *w)
{
    struct ir_module *m = c->m;
    if (c->o->disabled & (UINT64_C(1) << SCHED_NEST_REDUCTION_PRODUCER))
        return IR_NONE;
    if (w->ddr || nest_is_ddr(m, w->src.v))
        return IR_NONE;
    ir_op e = ir_op_get(m, w->pipe)->prev;
    if (!e || ir_op_get(m, e)->kind != IR_OP_SCF_FOR || ir_op_get(m, e)->nres)
        return IR_NONE;
    const char *lt = nest_loop_type(m, e);
    const struct ir_op_info *eo = ir_op_get(m, e);
    int64_t lb, ub, step;
    if (!lt || strcmp(lt, "parallel_loop") != 0 || eo->nopnd != 3 ||
        !split_const_int(m, eo->opnd[0], &lb) || !split_const_int(m, eo->opnd[1], &ub) ||
        !split_const_int(m, eo->opnd[2], &step) || lb != 0 || ub != w->n || step != w->w)
        return IR_NONE;
    ir_block body = nest_for_body(m, e);
    IR_FOR_OPS(m, body, x) {
        const struct ir_op_info *xi = ir_op_get(m, x);
        if (xi->kind != IR_OP_KTDF_PIPELINE && xi->kind != IR_OP_SCF_YIELD && xi->nreg)
            return IR_NONE;
    }
    struct produced p = {.v = w->src.v, .iv = nest_for_iv(m, e), .w = w};
    ir_walk(m, e, find_write, &p);
    if (p.bad || p.writes != 1 || nest_touches(m, e, w->src.v, 0))
        return IR_NONE;
    return e;
}

/* ---- building pipelines --------------------------------------------------- */

/* A pipeline at b whose private yields values of types ts (slots, tokens,
 * scratchpad buffers); v gets them. Returns the pipeline's body. */
static ir_block make_pipe(struct split_b *b, uint32_t n, const ir_type *ts, ir_value *v)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.pipeline", b->loc);
    ir_block body = sb_region(m, &st);
    sb_emit(b, &st);
    ir_state_init(&st, m, "ktdf.private", b->loc);
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_result(m, &st, ts[i]);
    ir_block priv = sb_region(m, &st);
    struct split_b pb, ib;
    sb_at_end(&pb, m, body, b->loc);
    ir_op pop = sb_emit(&pb, &st);
    sb_at_end(&ib, m, priv, b->loc);
    ir_value made[MAX_SLOTS];
    if (n > MAX_SLOTS)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        const struct ir_type_info *ti = ir_type_get(m, ts[i]);
        made[i] = nest_make_op(&ib, ti->kind == IR_TY_FIFO_SLOT ? "ktdf.fifo.allocate"
                          : ti->kind == IR_TY_MEMREF  ? "memref.alloc"
                                                      : "ktdf.create_token",
                     ts[i]);
    }
    ir_state_init(&st, m, "ktdf.private_yield", b->loc);
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_operand(m, &st, made[i]);
    sb_emit(&ib, &st);
    for (uint32_t i = 0; i < n; i++)
        v[i] = ir_op_result(m, pop, i);
    split_set_name(m, v[0], "r");
    return body;
}

/* An empty stage at the end of pipeline body pipe (sb_stage). */
static ir_block make_stage(struct ir_module *m, ir_block pipe, struct ir_loc loc, ir_value in,
                           ir_value out, ir_attr units)
{
    struct split_b b;
    sb_at_end(&b, m, pipe, loc);
    return sb_stage(&b, in, out, units);
}

static struct nest_side fifo_side(ir_value v, uint32_t nsize, const int64_t *size)
{
    struct nest_side s = {.v = v, .fifo = true, .nsize = nsize};
    memcpy(s.size, size, nsize * sizeof *size);
    return s;
}

/* The row's chunk at (index value) off elements: the source side with its
 * last subscript off and its last size w. */
static struct nest_side chunk_of(const struct nest_side *row, ir_value off, int64_t w)
{
    struct nest_side s = *row;
    s.sub[s.nsub - 1] = (struct nest_sub){.v = off};
    s.size[s.nsize - 1] = w;
    return s;
}

static struct nest_side acc_side(ir_value acc, ir_value at, int64_t w)
{
    return (struct nest_side){.v = acc, .nsub = 2, .nsize = 2,
                              .sub = {{.v = at}, {.c = 0}}, .size = {1, w}};
}

/* The copy before op `before` of value v when the compute stage comp
 * defines it outside generic gen (a constant or scalar the fused
 * producer's body captures, which ktc-split put in the stage): the level's
 * own stage does not see comp's values. Memoized in cap; others as is. */
static ir_value captured(struct ir_module *m, const struct wide *w, ir_value v,
                         struct split_vmap *cap, ir_op before)
{
    ir_op d = ir_value_def(m, v);
    if (!d || split_vmap_get(cap, v) != v || !split_inside(m, d, w->comp) ||
        split_inside(m, d, w->gen))
        return split_vmap_get(cap, v);
    for (uint32_t i = 0; i < ir_op_get(m, d)->nopnd; i++)
        captured(m, w, ir_op_get(m, d)->opnd[i], cap, before);
    ir_op copy = split_clone(m, d, cap);
    ir_op_insert_before(m, before, copy);
    return split_vmap_get(cap, v);
}

/* Maps in vm every value that op x (and the ops nested in it) captures
 * from the compute stage to its copy before `before` (captured). */
static void map_captured(struct ir_module *m, const struct wide *w, ir_op x, struct split_vmap *cap,
                         struct split_vmap *vm, ir_op before)
{
    const struct ir_op_info *o = ir_op_get(m, x);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_value v = ir_op_get(m, x)->opnd[i];
        ir_value c = captured(m, w, v, cap, before);
        if (c != v)
            split_vmap_set(vm, v, c);
    }
    for (uint32_t r = 0; r < ir_op_get(m, x)->nreg; r++)
        for (ir_block b = ir_region_get(m, ir_op_get(m, x)->regs[r])->first; b;
             b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, y)
                map_captured(m, w, y, cap, vm, before);
}

/* A window level's inputs: input i of output vector c is the W partials
 * from lane o[i] of chunk c + q[i] of a flat row of partials on (two chunks
 * loaded when o[i] > 0). */
struct windows {
    int64_t q[MAX_FOLD], o[MAX_FOLD];
};

/* One level: scf.for %c = 0 to outs { K chunks of `from` (the row, or the
 * previous accumulator) at c + i * outs, folded, -> acc[c] }; with win,
 * input i is window i of output vector c in the flat row of partials
 * `from`, and acc is flat. */
static ir_op level(struct nest_ctx *c, const struct wide *w, struct split_b *at, bool first,
                   ir_value from, int64_t outs, int64_t k, ir_value acc, bool flat,
                   const struct windows *win, ir_attr space)
{
    struct ir_module *m = c->m;
    struct ir_loc loc = ir_op_get(m, w->gen)->loc;
    ir_op yield;
    ir_op loop = nest_make_for(at, sb_index(at, 0), sb_index(at, outs), sb_index(at, 1),
                               "parallel_loop", "c", &yield);
    ir_value iv = nest_for_iv(m, loop);
    struct split_b lb;
    sb_before(&lb, m, yield, loc);
    const struct ir_type_info *slot0 =
        ir_type_get(m, ir_value_type(m, ir_op_get(m, w->read)->opnd[0]));
    const struct ir_type_info *outslot = ir_type_get(
        m, ir_value_type(m, ir_op_get(m, only_op(m, w->store_stage))->opnd[0]));
    ir_type ein = first ? w->in : w->elem; /* what this level reads */
    int64_t isz[MAX_FOLD]; /* elements input i loads */
    for (int64_t i = 0; i < k; i++)
        isz[i] = win && win->o[i] ? 2 * w->w : w->w;
    ir_type oslot = ir_ktdf_slot_type(m, outslot->attr0, outslot->attr1, w->w, w->elem);
    bool ddr = first && w->ddr;
    ir_type ts[MAX_SLOTS];
    uint32_t n = 0;
    for (int64_t i = 0; i < k; i++)
        ts[n++] = ir_ktdf_slot_type(m, slot0->attr0, slot0->attr1, isz[i], ein);
    ts[n++] = oslot;
    uint32_t ntok = ddr ? 4 : 3;
    for (uint32_t i = 0; i < ntok; i++)
        ts[n++] = split_token_type(m);
    if (ddr) { /* one staging buffer per chunk, each filled whole */
        int64_t shape[NEST_MAX_RANK];
        for (uint32_t i = 0; i < w->src.nsize; i++)
            shape[i] = w->src.size[i];
        shape[w->src.nsize - 1] = w->w;
        for (int64_t i = 0; i < k; i++)
            ts[n++] = split_memref(m, w->src.nsize, shape, w->in, IR_NONE, space);
    }
    ir_value offs[MAX_FOLD], ats[MAX_FOLD];
    for (int64_t i = 0; i < k; i++) {
        ats[i] = sb_addi(&lb, iv, sb_index(&lb, win ? win->q[i] : i * outs));
        offs[i] = sb_muli(&lb, ats[i], w->w);
    }
    ir_value flatoff = flat ? sb_muli(&lb, iv, w->w) : IR_NONE;
    ir_value v[MAX_SLOTS];
    ir_block pipe = make_pipe(&lb, n, ts, v);
    ir_value *tok = v + k + 1, *stg = v + k + 1 + ntok;
    uint32_t t = 0;
    int64_t fsz[2] = {1, w->w};
    if (ddr) {
        struct split_b sb;
        sb_at_end(&sb, m, make_stage(m, pipe, loc, IR_NONE, tok[t],
                                     ir_op_attr(m, w->ddr_stage, "applicable_units")),
                  loc);
        for (int64_t i = 0; i < k; i++) {
            struct nest_side s = chunk_of(&w->src, offs[i], w->w);
            struct nest_side d = {.v = stg[i], .nsub = w->src.nsize, .nsize = w->src.nsize};
            memcpy(d.size, s.size, s.nsize * sizeof *s.size);
            nest_make_transfer(&sb, &s, &d, w->ddr);
        }
        t++;
    }
    {
        struct split_b sb;
        sb_at_end(&sb, m, make_stage(m, pipe, loc, t ? tok[t - 1] : IR_NONE, tok[t],
                                     ir_op_attr(m, w->load_stage, "applicable_units")),
                  loc);
        for (int64_t i = 0; i < k; i++) {
            struct nest_side s;
            if (ddr) {
                s = (struct nest_side){.v = stg[i], .nsub = w->src.nsize, .nsize = w->src.nsize};
                memcpy(s.size, w->src.size, w->src.nsize * sizeof *s.size);
                s.size[s.nsize - 1] = w->w;
            } else if (first) {
                s = chunk_of(&w->src, offs[i], w->w);
            } else if (win && from == w->src.v) { /* the row, an odd number of chunks */
                s = chunk_of(&w->src, offs[i], isz[i]);
            } else if (win) {
                s = (struct nest_side){.v = from, .nsub = 2, .nsize = 2,
                                       .sub = {{.c = 0}, {.v = offs[i]}},
                                       .size = {1, isz[i]}};
            } else {
                s = acc_side(from, ats[i], w->w);
            }
            struct nest_side d = fifo_side(v[i], 2, (const int64_t[]){1, isz[i]});
            nest_make_transfer(&sb, &s, &d, w->load);
        }
        t++;
    }
    /* compute: the tree's first levels over the K inputs */
    struct split_b cb;
    sb_at_end(&cb, m, make_stage(m, pipe, loc, tok[t - 1], tok[t],
                                 ir_op_attr(m, w->comp, "applicable_units")),
              loc);
    t++;
    ir_type tacc = ir_type_shaped(m, IR_TY_TENSOR, 2, fsz, w->elem);
    struct ir_op_state st;
    ir_value ins[MAX_FOLD];
    for (int64_t i = 0; i < k; i++) {
        ir_state_init(&st, m, "ktdf.read_from_fifo", loc);
        ir_state_add_operand(m, &st, v[i]);
        ir_state_add_result(m, &st,
                            ir_type_shaped(m, IR_TY_TENSOR, 2, (const int64_t[]){1, isz[i]}, ein));
        ins[i] = ir_op_result(m, sb_emit(&cb, &st), 0);
    }
    ir_value out = sb_tensor_empty(&cb, tacc);
    ir_state_init(&st, m, "linalg.generic", loc);
    ir_attr maps[MAX_FOLD + 1], its[2];
    ir_aff id[2] = {ir_aff_dim(m, 0), ir_aff_dim(m, 1)};
    uint32_t idm = ir_map_intern(m, 2, 0, 2, id);
    for (int64_t i = 0; i <= k; i++) {
        ir_state_add_operand(m, &st, i < k ? ins[i] : out);
        maps[i] = ir_attr_affine_map(m, idm);
        if (i < k && win && win->o[i]) { /* (d0, d1) -> (d0, d1 + o) */
            ir_aff sh[2] = {id[0], ir_aff_bin(m, IR_AFF_ADD, id[1], ir_aff_const(m, win->o[i]))};
            maps[i] = ir_attr_affine_map(m, ir_map_intern(m, 2, 0, 2, sh));
        }
    }
    for (int i = 0; i < 2; i++)
        its[i] = ir_attr_intern(m, &(struct ir_attr_info){
                                       .kind = IR_AT_OPAQUE,
                                       .s = ir_str_c(m, "linalg.iterator_type"),
                                       .body = ir_str_c(m, "parallel")});
    ir_state_set_attr(m, &st, "indexing_maps", ir_attr_array(m, (uint32_t)k + 1, maps));
    ir_state_set_attr(m, &st, "iterator_types", ir_attr_array(m, 2, its));
    ir_state_set_attr(m, &st, "operandSegmentSizes",
                      split_segments(m, 2, (const int64_t[]){k, 1}));
    ir_state_add_result(m, &st, tacc);
    ir_block body = sb_region(m, &st);
    ir_value a[MAX_FOLD + 1];
    for (int64_t i = 0; i <= k; i++)
        a[i] = ir_block_add_arg(m, body, i < k ? ein : w->elem, ir_str_c(m, i < k ? "in" : "out"));
    ir_op gnew = sb_emit(&cb, &st);
    ir_value res = ir_op_result(m, gnew, 0);
    ir_op comb = w->comb;
    ir_block gb = split_body(m, w->gen, 0);
    ir_value gin = ir_block_get(m, gb)->args[0], gout = ir_block_get(m, gb)->args[1];
    const struct ir_op_info *co = ir_op_get(m, comb);
    ir_value pv = co->opnd[0] == gout ? co->opnd[1] : co->opnd[0];
    if (first) { /* the fused producer's ops, on every input */
        struct split_vmap cap = {0};
        for (int64_t i = 0; i < k; i++) {
            struct split_vmap vm = {0};
            split_vmap_set(&vm, gin, a[i]);
            for (ir_op x = ir_block_get(m, gb)->first; x != comb; x = ir_op_get(m, x)->next) {
                map_captured(m, w, x, &cap, &vm, gnew);
                ir_block_append_op(m, body, split_clone(m, x, &vm));
            }
            a[i] = split_vmap_get(&vm, pv);
            split_vmap_free(&vm);
        }
        split_vmap_free(&cap);
    }
    for (int64_t h = k / 2; h > 0; h /= 2)
        for (int64_t i = 0; i < h; i++) {
            ir_state_init(&st, m, w->combiner, loc);
            ir_state_add_operand(m, &st, a[i]);
            ir_state_add_operand(m, &st, a[i + h]);
            ir_state_add_result(m, &st, w->elem);
            ir_op o = ir_op_create(m, &st);
            ir_op_get(m, o)->attrs = ir_op_get(m, comb)->attrs;
            ir_block_append_op(m, body, o);
            a[i] = ir_op_result(m, o, 0);
        }
    ir_state_init(&st, m, "linalg.yield", loc);
    ir_state_add_operand(m, &st, a[0]);
    ir_block_append_op(m, body, ir_op_create(m, &st));
    ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
    ir_state_add_operand(m, &st, res);
    ir_state_add_operand(m, &st, v[k]);
    sb_emit(&cb, &st);
    /* store the partial vector */
    struct split_b sb;
    sb_at_end(&sb, m, make_stage(m, pipe, loc, tok[t - 1], tok[t],
                                 ir_op_attr(m, w->store_stage, "applicable_units")),
              loc);
    struct nest_side s = fifo_side(v[k], 2, fsz), d = acc_side(acc, iv, w->w);
    if (flat) /* the last partials, one row of outs x W: chunk c at c W */
        d = (struct nest_side){.v = acc, .nsub = 2, .nsize = 2,
                               .sub = {{.c = 0}, {.v = flatoff}},
                               .size = {1, w->w}};
    nest_make_transfer(&sb, &s, &d, only_op(m, w->store_stage));
    return loop;
}

/* After a window level of one halving over an odd number L = 2h + 1 of
 * partials in `from` (the row, or a flat accumulator): ktc-interp appends
 * the last one, partial 2h, as partial h of the next level, where the
 * level's windows summed partials h and 2h. A pipeline at `at` moves that
 * one element over it, through the compute unit unchanged (an identity
 * generic), as the level's own stages move theirs. */
static void append_last(struct nest_ctx *c, const struct wide *w, struct split_b *at,
                        ir_value from, int64_t h, ir_value acc)
{
    struct ir_module *m = c->m;
    struct ir_loc loc = ir_op_get(m, w->gen)->loc;
    const struct ir_type_info *slot0 =
        ir_type_get(m, ir_value_type(m, ir_op_get(m, w->read)->opnd[0]));
    const struct ir_type_info *outslot = ir_type_get(
        m, ir_value_type(m, ir_op_get(m, only_op(m, w->store_stage))->opnd[0]));
    int64_t one[2] = {1, 1};
    ir_type ts[5] = {ir_ktdf_slot_type(m, slot0->attr0, slot0->attr1, 1, w->elem),
                     ir_ktdf_slot_type(m, outslot->attr0, outslot->attr1, 1, w->elem),
                     split_token_type(m), split_token_type(m), split_token_type(m)};
    ir_value v[5];
    ir_block pipe = make_pipe(at, 5, ts, v);
    struct split_b sb;
    sb_at_end(&sb, m, make_stage(m, pipe, loc, IR_NONE, v[2],
                                 ir_op_attr(m, w->load_stage, "applicable_units")),
              loc);
    struct nest_side s = from == w->src.v ? w->src
                                          : (struct nest_side){.v = from, .nsub = 2, .nsize = 2,
                                                               .size = {1, 1}},
                     d = fifo_side(v[0], 2, one);
    s.sub[s.nsub - 1] = (struct nest_sub){.c = 2 * h};
    s.size[s.nsize - 1] = 1;
    nest_make_transfer(&sb, &s, &d, w->load);
    struct split_b cb;
    sb_at_end(&cb, m, make_stage(m, pipe, loc, v[2], v[3],
                                 ir_op_attr(m, w->comp, "applicable_units")),
              loc);
    ir_type t = ir_type_shaped(m, IR_TY_TENSOR, 2, one, w->elem);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.read_from_fifo", loc);
    ir_state_add_operand(m, &st, v[0]);
    ir_state_add_result(m, &st, t);
    ir_value in = ir_op_result(m, sb_emit(&cb, &st), 0);
    ir_aff id[2] = {ir_aff_dim(m, 0), ir_aff_dim(m, 1)};
    uint32_t map = ir_map_intern(m, 2, 0, 2, id);
    struct split_gen g = {.nloops = 2, .nin = 1, .in = {in}, .in_map = {map},
                          .out = sb_tensor_empty(&cb, t), .out_map = map, .res = t};
    ir_block body;
    ir_value res = ir_op_result(m, split_gen_create(&cb, &g, &body), 0);
    ir_state_init(&st, m, "linalg.yield", loc);
    ir_state_add_operand(m, &st, ir_block_get(m, body)->args[0]);
    ir_block_append_op(m, body, ir_op_create(m, &st));
    ir_state_init(&st, m, "ktdf.write_to_fifo", loc);
    ir_state_add_operand(m, &st, res);
    ir_state_add_operand(m, &st, v[1]);
    sb_emit(&cb, &st);
    struct split_b ob;
    sb_at_end(&ob, m, make_stage(m, pipe, loc, v[3], v[4],
                                 ir_op_attr(m, w->store_stage, "applicable_units")),
              loc);
    s = fifo_side(v[1], 2, one);
    d = (struct nest_side){.v = acc, .nsub = 2, .nsize = 2, .sub = {{.c = 0}, {.c = h}},
                           .size = {1, 1}};
    nest_make_transfer(&ob, &s, &d, only_op(m, w->store_stage));
}

/* Before op `before`: the body of producer loop prod for each of the k
 * chunks whose first elements are offs. */
static void run_producer(struct ir_module *m, ir_op prod, ir_op before, int64_t k,
                         const ir_value *offs)
{
    for (int64_t i = 0; i < k; i++) {
        struct split_vmap vm = {0};
        split_vmap_set(&vm, nest_for_iv(m, prod), offs[i]);
        IR_FOR_OPS(m, nest_for_body(m, prod), x)
            if (ir_op_get(m, x)->kind != IR_OP_SCF_YIELD)
                ir_op_insert_before(m, before, split_clone(m, x, &vm));
        split_vmap_free(&vm);
    }
}

/* reduction-producer: the first level `loop` (k chunks folded each)
 * gets the iterations of producer loop prod for its chunks when the cost
 * model finds it faster than the producer's loop and the level apart (each
 * as a nest alone); then the level's copy doing so replaces both. */
static void fuse_producer(struct nest_ctx *c, const struct wide *w, ir_op prod, ir_op loop,
                          int64_t k)
{
    struct ir_module *m = c->m;
    /* in a loop whose point fits the scratchpad (rows tiled whole), the
     * level runs inside a point, where the producer's pass streams; fused,
     * it reads the row's chunks through K buffers, each its own DMA, unless
     * chunk-loads makes them one (nest.h): without it the row lands only
     * with the last of them (softmax_8x16384 4059 -> 4117 cycles), with it
     * the fused level wins (3781) */
    bool one_dma = !(c->o->disabled & (UINT64_C(1) << SCHED_NEST_CHUNK_LOADS));
    for (ir_op p = ir_op_parent(m, loop); p && !one_dma; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR && nest_point_fits(m, p, c->dev))
            return;
    struct split_b at;
    sb_before(&at, m, loop, ir_op_get(m, loop)->loc);
    /* the producer normalized (its IV the chunk), as tiling would see it */
    ir_op yield;
    ir_op alone = nest_make_for(&at, sb_index(&at, 0), sb_index(&at, w->n / w->w),
                                sb_index(&at, 1), "parallel_loop", "c", &yield);
    struct split_b ab;
    sb_before(&ab, m, yield, ir_op_get(m, loop)->loc);
    ir_value off = sb_muli(&ab, nest_for_iv(m, alone), w->w);
    run_producer(m, prod, yield, 1, &off);
    double apart = nest_modeled_alone(m, alone, c->dev, c->o->disabled, false) +
                   nest_modeled_alone(m, loop, c->dev, c->o->disabled, false);
    ir_op_unlink(m, alone);
    struct split_vmap vm = {0};
    ir_op fused = split_clone(m, loop, &vm);
    split_vmap_free(&vm);
    ir_op_insert_before(m, loop, fused);
    /* the chunks' offsets: the fold's loads' (level), so that
     * fuse-pipelines sees the same elements stored and loaded */
    ir_op pipe = IR_NONE, ls = IR_NONE;
    IR_FOR_OPS(m, nest_for_body(m, fused), x)
        if (!pipe && ir_op_get(m, x)->kind == IR_OP_KTDF_PIPELINE)
            pipe = x;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), x)
        if (!ls && ir_op_get(m, x)->kind == IR_OP_KTDF_STAGE)
            ls = x;
    ir_value offs[MAX_FOLD];
    int64_t n = 0;
    IR_FOR_OPS(m, split_body(m, ls, 0), x) {
        struct nest_side sd;
        if (n < k && ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER &&
            nest_read_side(m, x, 0, &sd) && sd.nsub && sd.sub[sd.nsub - 1].v)
            offs[n++] = sd.sub[sd.nsub - 1].v;
    }
    if (n != k) {
        ir_op_unlink(m, fused);
        return;
    }
    run_producer(m, prod, pipe, n, offs);
    if (nest_modeled_alone(m, fused, c->dev, c->o->disabled, true) < apart) {
        ir_op_unlink(m, loop);
        ir_op_unlink(m, prod);
        nest_note_fused(c, fused); /* tile-size selection prices it so too */
    } else {
        ir_op_unlink(m, fused);
    }
}

/* wide-first-level: whether the first level folds up to MAX_FOLD chunks:
 * the reduction is in a loop whose row does not fit the scratchpad (each
 * pass a nest of its own, none of the loops around it a point), so the
 * second level, a nest of its own between the passes bound by the load
 * unit reading the partials, reads half as many. */
static bool wide_first(const struct nest_ctx *c, const struct wide *w)
{
    const struct ir_module *m = c->m;
    if (c->o->disabled & (UINT64_C(1) << SCHED_NEST_WIDE_FIRST_LEVEL))
        return false;
    bool loop = false;
    for (ir_op p = ir_op_parent(m, w->pipe); p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_SCF_FOR) {
            if (nest_point_fits(m, p, c->dev))
                return false;
            loop = true;
        }
    return loop;
}

static void rewrite(struct nest_ctx *c, struct wide *w)
{
    struct ir_module *m = c->m;
    struct ir_loc loc = ir_op_get(m, w->gen)->loc;
    ir_op fn = w->pipe;
    while (ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    ir_attr space = ir_type_get(m, ir_value_type(m, ir_op_get(m, w->load)->opnd[0]))->attr1;
    struct split_b at, top;
    sb_before(&at, m, w->pipe, loc);
    sb_before(&top, m, ir_block_get(m, entry)->first, loc);
    bool aligned = w->n % w->w == 0; /* else no whole chunks: window levels only */
    int64_t left = aligned ? w->n / w->w : 1;
    ir_value from = w->src.v;
    bool first = true;
    ir_op prod = producer_loop(c, w);
    while (left % 2 == 0) { /* down to the odd part b of C = 2^a b */
        int64_t k = 1, kmax = first && wide_first(c, w) ? MAX_FOLD : LEVEL_FOLD;
        while (k < kmax && left % (2 * k) == 0)
            k *= 2;
        int64_t outs = left / k;
        /* b > 1 partials left: one row (b W), the last pipeline's slot */
        bool flat = outs > 1 && outs % 2;
        /* two chunks more for window levels: the last windows run past */
        int64_t pad = w->wk ? 2 : 0;
        ir_type acct = split_memref(m, 2, flat ? (const int64_t[]){1, (outs + pad) * w->w}
                                               : (const int64_t[]){outs, w->w},
                                    w->elem, IR_NONE, space);
        ir_value acc = nest_make_op(&top, "memref.alloc", acct);
        split_set_name(m, acc, "partials");
        ir_op loop = level(c, w, &at, first, from, outs, k, acc, flat, NULL, space);
        /* a level of one fold (the row's chunks all in it) streams
         * nothing: the model's comparison of two nests alone overstates
         * what fusing saves there (layernorm_2pass, 2 chunks: 555 cycles
         * apart, 719 fused) */
        if (first && prod && outs > 1)
            fuse_producer(c, w, prod, loop, k);
        from = acc;
        first = false;
        left = outs;
    }
    /* window levels: the tree's next levels over the row of L = b W
     * partials, or over the row itself (element j with element j + L/2,
     * then j + L/4 ...), up to 3 a level while the lengths are even:
     * output vector c folds the 2^k windows at c W + S, S a sum of the
     * levels' halves, as those levels fold them. An odd length's level
     * runs alone, its last partial appended after it (append_last). */
    int64_t len = aligned ? left * w->w : w->n;
    int64_t nwin = 0, nodd = 0; /* window levels made, odd ones among them */
    if (w->wk && from == w->src.v) { /* the row's buffer, two chunks longer */
        struct ir_value_info *vi = ir_value_get(m, from);
        const struct ir_type_info *ti = ir_type_get(m, vi->type);
        int64_t shape[NEST_MAX_RANK];
        memcpy(shape, ti->shape, ti->rank * sizeof *shape);
        shape[ti->rank - 1] += 2 * w->w;
        vi->type = split_memref(m, ti->rank, shape, ti->elem, ti->attr0, ti->attr1);
    }
    for (int64_t done = 0; done < w->wk;) {
        int64_t kk = 1;
        while (kk < 3 && done + kk < w->wk && len % (INT64_C(2) << kk) == 0)
            kk++;
        int64_t k = INT64_C(1) << kk, next = len % 2 ? len / 2 + 1 : len >> kk;
        int64_t outs = (next + w->w - 1) / w->w;
        struct windows win;
        for (int64_t i = 0; i < k; i++) {
            int64_t off = 0; /* bit kk - 1 - t of i: the half of level t */
            for (int64_t t = 0; t < kk; t++)
                off += (i >> (kk - 1 - t) & 1) ? len >> (t + 1) : 0;
            win.q[i] = off / w->w;
            win.o[i] = off % w->w;
        }
        ir_value acc = nest_make_op(
            &top, "memref.alloc",
            split_memref(m, 2, (const int64_t[]){1, (outs + 2) * w->w}, w->elem, IR_NONE, space));
        split_set_name(m, acc, "partials");
        level(c, w, &at, false, from, outs, k, acc, true, &win, space);
        if (len % 2) {
            append_last(c, w, &at, from, len / 2, acc);
            nodd++;
        }
        from = acc;
        len = next;
        done += kk;
        nwin++;
    }
    if (w->wk && c->o->stats) {
        char en[16];
        fprintf(c->o->stats,
                "ktc-nest: @%s: reductions: a %s over %lld %s (%lld%s chunks of %lld lanes): "
                "%lld window level%s for its tree's %lld misaligned level%s (%lld of odd "
                "length), %lld partials left for ktc-codegen's registers\n",
                ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s),
                strcmp(w->combiner, "arith.mulf") ? "sum" : "product", (long long)w->n,
                split_type_name(m, w->in, en, sizeof en), (long long)(w->n / w->w),
                aligned ? "" : " and a part", (long long)w->w, (long long)nwin,
                nwin == 1 ? "" : "s", (long long)w->wk, w->wk == 1 ? "" : "s", (long long)nodd,
                (long long)len);
    }
    /* the last vector (b of them, b > 1: a row of b W partials, or the
     * window levels' len): the original pipeline, reading it from the last
     * partials instead of the row (a vector of the row's rank) */
    int64_t fsz[2] = {1, len};
    uint32_t rank = ir_type_get(m, ir_value_type(m, ir_op_get(m, w->read)->res))->rank;
    ir_value slot = ir_op_get(m, w->read)->opnd[0];
    const struct ir_type_info *si = ir_type_get(m, ir_value_type(m, slot));
    ir_type nslot = ir_ktdf_slot_type(m, si->attr0, si->attr1, fsz[1], w->elem);
    ir_value_get(m, slot)->type = nslot;
    ir_op priv = ir_value_def(m, slot);
    ir_op py = ir_block_get(m, split_body(m, priv, 0))->last;
    ir_value_get(m, ir_op_get(m, py)->opnd[ir_value_get(m, slot)->index])->type = nslot;
    ir_value_get(m, ir_op_get(m, w->read)->res)->type =
        ir_type_shaped(m, IR_TY_TENSOR, rank, fsz + 2 - rank, w->elem);
    struct split_b lb;
    sb_before(&lb, m, w->load, loc);
    struct nest_side s = left > 1 || !aligned ? (struct nest_side){.v = from, .nsub = 2, .nsize = 2,
                                                       .sub = {{.c = 0}, {.c = 0}},
                                                       .size = {1, fsz[1]}}
                                  : acc_side(from, sb_index(&lb, 0), w->w),
                     d = fifo_side(slot, rank, fsz + 2 - rank);
    nest_make_transfer(&lb, &s, &d, w->load);
    ir_op_unlink(m, w->load);
    if (w->ddr) { /* the load stage now starts the pipeline */
        nest_stage_starts(m, w->load_stage);
        ir_op_unlink(m, w->ddr_stage);
    }
    /* the fused producer's ops ran on the first level: the generic keeps
     * its combiner */
    ir_block gb = split_body(m, w->gen, 0);
    struct ir_op_info *ci = ir_op_get(m, w->comb);
    ir_value out = ir_block_get(m, gb)->args[1], in = ir_block_get(m, gb)->args[0];
    ci->opnd[ci->opnd[0] == out ? 1 : 0] = in;
    ir_value_get(m, in)->type = w->elem; /* it reads the partials */
    split_dce(m, w->gen);
    nest_prune_private(m, w->pipe);
}

static void visit(struct nest_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        struct wide w;
        if (o->kind == IR_OP_KTDF_PIPELINE) {
            if (match(c, op, &w))
                rewrite(c, &w);
            continue;
        }
        if (o->kind == IR_OP_SCF_FOR) {
            const char *lt = nest_loop_type(m, op);
            if (lt && strcmp(lt, "tile_loop") == 0)
                continue;
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                visit(c, b);
    }
}

bool nest_reductions(struct nest_ctx *c, ir_op fn)
{
    visit(c, ir_region_entry(c->m, ir_op_region(c->m, fn, 0)));
    split_dce(c->m, fn);
    return !c->failed;
}
