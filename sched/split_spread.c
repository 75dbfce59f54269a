/* split_spread.c - ktc-split's spread phase (split.h), first: a kernel of
 * few tiles that works on rows of W elements, so wide that a core's vector
 * work on them outweighs their memory time, has each tile spread over K
 * cores of the device, each taking 1/K of every row, the rows' reductions
 * all-reduced over the ring among them. ktc-interp's results stay the
 * kernel's, bit for bit.
 *
 * Input: KTIR whose function runs on T tiles along its grid's dim 0 (the
 * other dims 1, or no grid: T = 1), 2 T at most the cores of a device
 * whose cores a ring links. Taken when every access
 * tile is a row [1, W] at column 0 of a view [R, W] (static sizes and
 * strides, the last 1, its set the box of its sizes; the tile's set its
 * box, its order the identity), and every tensor of that shape is made by
 * a ktdp.load of such a tile, a tensor.splat, tensor.empty or linalg.fill,
 * or an elementwise op of such tensors (arith, math, linalg.add, sub, mul,
 * div, max, min, a linalg.generic of identity maps and parallel loops
 * without linalg.index), and used by those, by a ktdp.store to such a
 * tile, or by a linalg.reduce over its last dim whose body is one float
 * combiner with an exact identity (addf: -0.0, mulf: 1.0, maxnumf and
 * maximumf: -inf, minnumf and minimumf: +inf); otherwise the kernel is
 * left as it is (no error: a schedule choice; --stats says why).
 *
 * The order. ktc-interp folds a reduced row as a pairwise tree by halves
 * (element i with i + W/2, then on), so the vector of its level of length
 * V holds at i the fold of the elements j = i mod V. With W = n K B (n and
 * K powers of two), tile c takes, of every K B elements of a row, the B
 * from c B on: its [n, B] block, folded over its n rows by halves, is
 * exactly positions c B .. c B + B of the level of length K B; the next
 * levels fold tile c's vector with tile c + K/2's, then c + K/4's, ...
 * (log2 K ring exchanges of B elements, every tile folding its own and its
 * partner's: the same values, commutative combiners); the last B elements
 * fold as the kernel's own reduce of a row of B, with its init. Max and
 * min of +0 and -0 may give either zero on a tile.
 *
 * The rewrite (t = the new tile id, c0 = 0):
 *   grid [T, 1, ..]                    -> grid [T K]; c = t mod K
 *   ktdp.get_compute_tile_id           -> t / K, 0, ...
 *   view %p [R, W] strides [S, 1]      -> view %p [R, n, K B]
 *                                           strides [S, K B, 1]
 *   tile %v[%r, c0] [1, W]             -> tile %v[%r, c0, c B] [1, n, B]
 *   load -> tensor<1xW>                -> load -> tensor<1xnxB>,
 *                                           collapse_shape -> tensor<nxB>
 *   elementwise, splat, empty, fill    -> of tensor<nxB>
 *     of tensor<1xW>
 *   store x                            -> expand_shape x to <1xnxB>, store
 *   reduce(x, init) dims [1]           -> p = reduce(x, splat(id)) dims [0]
 *                                         p = p (op) ring_shift(p) {from
 *                                           t xor K/2}, ... {t xor 1}
 *                                         reduce(expand_shape p to <1xB>,
 *                                           init) dims [1]
 *
 * K: the fewest cores, a power of two, that make a row's modeled time
 * (choose: its memory time, or 4 times its vector work with the exchanges
 * when more) the least, when that beats one core; B: the fewest elements,
 * a multiple of two compute vectors, that leave n = W / (K B) a power of
 * two. Measured on spyre (cycles on one core -> spread, every K tried):
 *   softmax_wide, 2 x 262144 f16     26193 -> K 16: 10459 (best; K 8: 10483)
 *   spread_center, 2 x 65536, exp     5000 -> K 8:   2737 (best)
 *   the same at 16384, exp            1585 -> K 4:   1187 (best)
 *   the same at 16384, no exp         1450 -> K 4:   1132 (best)
 *   softmax_4x262144, grid [2]       31290 -> K 4:  20810 (its compulsory
 *                                              traffic's bound: 20711)
 * Rows of 5120 over 2 cores (layernorm_2x5120, rmsnorm_4x4096) ran up to
 * 11% slower: a core's share is at least SPREAD_MIN_SHARE.
 * The view keeps its base (a kernel argument) and the tile moves by c B:
 * ktc-lower then still tells the arguments' memories apart, and a row's
 * load need not wait for the last row's store.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/nest_cost.h"
#include "sched/oplist.h"
#include "sched/split.h"
#include "sched/split_int.h"

/* A core's share of a row below which the exchanges cost more than the
 * share's work saves; how much longer than a row's memory time the row
 * takes per unit of its vector work (row_score; measured on spyre, the
 * header's table). */
#define SPREAD_MIN_SHARE 4096
#define WORK_SHARE       4

struct spread {
    struct split_ctx *c;
    struct ir_module *m;
    ir_op fn;
    int64_t W;   /* the rows' width */
    int64_t T;   /* the kernel's tiles (its grid's dim 0; the others 1) */
    ir_type row; /* tensor<1xWxE> */
    struct sched_ops views, tiles, loads, stores, reduces, wide, ids;
    uint32_t nops; /* the elementwise ops of wide (not its splats) */
};

static void spread_free(struct spread *s)
{
    free(s->views.v), free(s->tiles.v), free(s->loads.v), free(s->stores.v);
    free(s->reduces.v), free(s->wide.v), free(s->ids.v);
}

static void push_once(struct sched_ops *l, ir_op op)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i] == op)
            return;
    sched_ops_push(l, op);
}

static ir_type tensor_of(struct ir_module *m, uint32_t rank, const int64_t *shape, ir_type elem)
{
    return ir_type_shaped(m, IR_TY_TENSOR, rank, shape, elem);
}

/* Whether set (n dims) is the box 0 <= d_k < shape[k]. */
static bool is_box(const struct ir_module *m, uint32_t set, uint32_t n, const int64_t *shape)
{
    int64_t lo[8], hi[8];
    if (!set || n > 8 || ir_set_get(m, set)->ndims != n || ir_set_get(m, set)->nsyms ||
        !ir_set_box(m, set, NULL, lo, hi))
        return false;
    for (uint32_t k = 0; k < n; k++)
        if (lo[k] != 0 || hi[k] != shape[k] - 1)
            return false;
    return true;
}

static uint32_t set_of(const struct ir_module *m, ir_op op, const char *name)
{
    const struct ir_attr_info *a = split_attr(m, op, name, IR_AT_INTEGER_SET);
    return a ? a->map : 0;
}

static const int64_t *ints_of(const struct ir_module *m, ir_op op, const char *name, uint32_t n)
{
    const struct ir_attr_info *a = split_attr(m, op, name, IR_AT_DENSE_ARRAY);
    return a && a->n == n ? a->ints : NULL;
}

/* The identity of a reduce's combiner (its body: one op of the two
 * arguments, then the yield), exact for every value; false for others. */
static bool combiner(const struct ir_module *m, ir_op red, ir_op *comb, double *id)
{
    ir_block body = split_body(m, red, 0);
    const struct ir_block_info *bi = body ? ir_block_get(m, body) : NULL;
    if (!bi || bi->nargs != 2 || !bi->first)
        return false;
    ir_op op = bi->first;
    const struct ir_op_info *o = ir_op_get(m, op), *y = o->next ? ir_op_get(m, o->next) : NULL;
    if (o->nopnd != 2 || o->nres != 1 || !y || y->next || y->nopnd != 1 || y->opnd[0] != o->res ||
        !((o->opnd[0] == bi->args[0] && o->opnd[1] == bi->args[1]) ||
          (o->opnd[0] == bi->args[1] && o->opnd[1] == bi->args[0])))
        return false;
    static const struct {
        const char *name;
        double id;
    } ids[] = {{"arith.addf", -0.0},         {"arith.mulf", 1.0},
               {"arith.maxnumf", -INFINITY}, {"arith.maximumf", -INFINITY},
               {"arith.minnumf", INFINITY},  {"arith.minimumf", INFINITY}};
    const char *name = ir_str_get(m, o->name);
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (strcmp(name, ids[i].name) == 0) {
            *comb = op;
            *id = ids[i].id;
            return true;
        }
    return false;
}

/* Whether op is an elementwise arith or math op on tensors. */
static bool elementwise(const struct ir_module *m, ir_op op)
{
    const char *name = ir_str_get(m, ir_op_get(m, op)->name);
    const struct ir_op_info *o = ir_op_get(m, op);
    return (strncmp(name, "arith.", 6) == 0 || strncmp(name, "math.", 5) == 0) &&
           o->kind != IR_OP_ARITH_CONSTANT && !o->nreg && o->nres == 1;
}

static bool is_row(const struct spread *s, ir_value v)
{
    return ir_value_type(s->m, v) == s->row;
}

/* Whether every tensor operand of op is a row. */
static bool same_rows(const struct spread *s, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(s->m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_type_get(s->m, ir_value_type(s->m, o->opnd[i]))->kind == IR_TY_TENSOR &&
            !is_row(s, o->opnd[i]))
            return false;
    return true;
}

/* Whether linalg.generic op is elementwise on its rows: every loop
 * parallel, every map the identity, no linalg.index (a row's [n, B] is
 * then indexed as its [1, W] was, element for element). */
static bool rowwise(const struct ir_module *m, ir_op op)
{
    struct split_gen g;
    uint32_t perm[2];
    if (!split_gen_read(m, op, &g) || g.nloops != 2 || g.red[0] || g.red[1])
        return false;
    for (uint32_t i = 0; i <= g.nin; i++)
        if (!split_permutation(m, i < g.nin ? g.in_map[i] : g.out_map, 2, perm) || perm[0] != 0 ||
            perm[1] != 1)
            return false;
    struct sched_ops ix = {0};
    sched_ops_of_kind((struct ir_module *)m, op, IR_OP_LINALG_INDEX, &ix);
    free(ix.v);
    return ix.n == 0;
}

/* An access tile [1, W] at column 0 of a view as the header says. */
static bool row_tile(struct spread *s, ir_op tile)
{
    struct ir_module *m = s->m;
    const struct ir_op_info *o = ir_op_get(m, tile);
    const struct ir_type_info *tt = ir_type_get(m, ir_value_type(m, o->res));
    ir_op view = ir_value_def(m, o->opnd[0]);
    if (tt->rank != 2 || tt->shape[0] != 1 || tt->shape[1] != s->W || !view ||
        ir_op_get(m, view)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW ||
        ir_op_get(m, view)->nopnd != 1)
        return false;
    const struct ir_type_info *vt = ir_type_get(m, ir_value_type(m, ir_op_get(m, view)->res));
    const int64_t *sz = ints_of(m, view, "static_sizes", 2);
    const int64_t *st = ints_of(m, view, "static_strides", 2);
    if (vt->rank != 2 || !sz || !st || sz[1] != s->W || st[1] != 1 || sz[0] == IR_DYN ||
        st[0] == IR_DYN || !is_box(m, set_of(m, view, "coordinate_set"), 2, sz) ||
        !is_box(m, set_of(m, tile, "access_tile_set"), 2, tt->shape))
        return false;
    /* subscripts: the column's a constant 0; the order the identity */
    const struct ir_attr_info *bm = split_attr(m, tile, "base_map", IR_AT_AFFINE_MAP);
    const struct ir_attr_info *om = split_attr(m, tile, "access_tile_order", IR_AT_AFFINE_MAP);
    uint32_t perm[2];
    if (!bm || ir_map_get(m, bm->map)->nres != 2 || !om ||
        !split_permutation(m, om->map, 2, perm) || perm[0] != 0 || perm[1] != 1)
        return false;
    const struct ir_aff_info *col = ir_aff_get(m, ir_map_get(m, bm->map)->res[1]);
    int64_t k;
    bool zero = (col->kind == IR_AFF_CONST && col->v == 0) ||
                (col->kind == IR_AFF_DIM && col->v + 1 < o->nopnd &&
                 split_const_int(m, o->opnd[1 + col->v], &k) && k == 0);
    if (!zero)
        return false;
    push_once(&s->views, view);
    return true;
}

/* Classifies op; false when it keeps the kernel from spreading. */
static bool classify(struct spread *s, ir_op op)
{
    struct ir_module *m = s->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool wide = false;
    for (uint32_t i = 0; i < o->nres; i++)
        wide |= is_row(s, o->res + i);
    for (uint32_t i = 0; i < o->nopnd; i++)
        wide |= is_row(s, o->opnd[i]);
    switch (o->kind) {
    case IR_OP_KTDP_GET_COMPUTE_TILE_ID:
        sched_ops_push(&s->ids, op);
        return true;
    case IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW:
        return true; /* checked through its tiles, and its users below */
    case IR_OP_KTDP_CONSTRUCT_ACCESS_TILE:
        sched_ops_push(&s->tiles, op);
        return row_tile(s, op);
    case IR_OP_KTDP_LOAD:
        sched_ops_push(&s->loads, op);
        return is_row(s, o->res);
    case IR_OP_KTDP_STORE:
        sched_ops_push(&s->stores, op);
        return is_row(s, o->opnd[0]);
    case IR_OP_TENSOR_SPLAT:
    case IR_OP_TENSOR_EMPTY:
    case IR_OP_LINALG_FILL: /* a row of one scalar, or a destination */
        if (wide)
            sched_ops_push(&s->wide, op);
        return !wide || is_row(s, o->res);
    case IR_OP_LINALG_ADD:
    case IR_OP_LINALG_SUB:
    case IR_OP_LINALG_MUL:
    case IR_OP_LINALG_DIV:
    case IR_OP_LINALG_MAX:
    case IR_OP_LINALG_MIN:
    case IR_OP_LINALG_GENERIC:
        if (!wide)
            return true;
        if (o->nres != 1 || !is_row(s, o->res) || !same_rows(s, op) ||
            (o->kind == IR_OP_LINALG_GENERIC && !rowwise(m, op)))
            return false;
        sched_ops_push(&s->wide, op);
        s->nops++;
        return true;
    case IR_OP_LINALG_REDUCE: {
        const int64_t *d = ints_of(m, op, "dimensions", 1);
        ir_op comb;
        double id;
        if (!wide)
            return true;
        sched_ops_push(&s->reduces, op);
        return o->nopnd == 2 && o->nres == 1 && is_row(s, o->opnd[0]) && d && d[0] == 1 &&
               combiner(m, op, &comb, &id);
    }
    case IR_OP_KTDP_INTER_TILE_PRODUCE:
    case IR_OP_KTDP_INTER_TILE_REDUCE:
    case IR_OP_KTDP_CONSTRUCT_DISTRIBUTED_MEMORY_VIEW:
    case IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE:
        return false;
    default:
        break;
    }
    if (!wide)
        return true;
    if (!elementwise(m, op) || !is_row(s, o->res) || !same_rows(s, op))
        return false;
    sched_ops_push(&s->wide, op);
    s->nops++;
    return true;
}

struct walk {
    struct spread *s;
    ir_op bad; /* the first op classify refused */
};

static bool classify_walk(struct ir_module *m, ir_op op, void *ctx)
{
    (void)m;
    struct walk *w = ctx;
    if (!classify(w->s, op))
        w->bad = op;
    return !w->bad;
}

/* Whether every use of every view is one of the row tiles. */
static bool views_only_tiled(struct spread *s)
{
    uint32_t *uses = split_use_counts(s->m, s->fn);
    bool ok = true;
    for (uint32_t i = 0; i < s->views.n && ok; i++) {
        ir_value v = ir_op_get(s->m, s->views.v[i])->res;
        uint32_t n = 0;
        for (uint32_t j = 0; j < s->tiles.n; j++)
            n += ir_op_get(s->m, s->tiles.v[j])->opnd[0] == v;
        ok = uses[v] == n;
    }
    free(uses);
    return ok;
}

/* tensor<1xWxE> for the kernel's first access tile [1, W] of a view of
 * floats E; IR_NONE when that is no row. */
static ir_type row_type(struct ir_module *m, ir_op fn)
{
    struct sched_ops l = {0};
    sched_ops_of_kind(m, fn, IR_OP_KTDP_CONSTRUCT_ACCESS_TILE, &l);
    ir_type row = IR_NONE;
    if (l.n) {
        const struct ir_op_info *o = ir_op_get(m, l.v[0]);
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res));
        ir_type elem = ir_type_elem(m, ir_value_type(m, o->opnd[0]));
        if (t->rank == 2 && t->shape[0] == 1 && t->shape[1] > 0 && ir_type_is_float(m, elem))
            row = tensor_of(m, 2, (int64_t[]){1, t->shape[1]}, elem);
    }
    free(l.v);
    return row;
}

/* A row's device-memory time on k cores (k = 1: the kernel as it is): a
 * core's share of its reads and writes over its links, the memory's
 * aggregate shared by the T k cores moving theirs at once
 * (nest_cost_program_cycles without the last transfer's latency, the same
 * for every k). */
static double mem_cycles(const struct spread *s, int64_t k)
{
    double eb = (double)ir_type_bytes(s->m, ir_type_elem(s->m, s->row));
    double rd = (double)(s->loads.n * s->W) * eb / (double)k,
           wr = (double)(s->stores.n * s->W) * eb / (double)k;
    const struct arch_device *d = s->c->dev;
    return nest_cost_program_cycles(d, 0, rd, wr, (uint32_t)(s->T * k), 1) -
           nest_cost_program_latency(d, rd, wr);
}

/* A row's vector work on k cores of B elements a block (k = 1: the
 * kernel as it is): its elementwise ops and reductions, a vector of lanes
 * each, over the compute units of k cores; spread, each reduction also
 * folds its B lanes on every tile and passes B elements over the ring
 * log2 k times. */
static double work_cycles(const struct spread *s, int64_t k, int64_t b, int64_t lanes)
{
    const struct arch_device *d = s->c->dev;
    double cl = d->ncorelets ? (double)d->ncorelets : 1;
    double t = (double)(s->nops + s->reduces.n) * (double)s->W / (double)lanes / ((double)k * cl);
    uint32_t hop = ARCH_NONE;
    if (k > 1 && split_ring_unit(s->c, NULL, &hop) != ARCH_NONE) {
        double eb = (double)ir_type_bytes(s->m, ir_type_elem(s->m, s->row));
        double hb =
            d->links[hop].bandwidth > 0 ? (double)d->links[hop].bandwidth : ARCH_DEFAULT_BANDWIDTH;
        for (int64_t h = k / 2; h >= 1; h /= 2)
            t += (double)s->reduces.n * (double)b * eb / hb;
        t += (double)s->reduces.n * (double)b / (double)lanes / cl;
    }
    return t;
}

/* B for k cores: the fewest elements, a multiple of two compute vectors,
 * that leave n = W / (k B) a power of two; 0 when there is none. */
static int64_t block_of(int64_t W, int64_t k, int64_t lanes)
{
    if (W % k)
        return 0;
    int64_t n = 1;
    while ((W / k) % (2 * n) == 0 && (W / (k * 2 * n)) % (2 * lanes) == 0)
        n *= 2;
    return (W / (k * n)) % (2 * lanes) == 0 ? W / (k * n) : 0;
}

/* A row's modeled time on k cores of B elements a block: its memory
 * time, or its vector work when more, WORK_SHARE times when the row has
 * reductions (its passes wait on them and on their exchanges, which the
 * memory time must cover; without, work and memory overlap). */
static double row_score(const struct spread *s, int64_t k, int64_t b, int64_t lanes)
{
    double mem = mem_cycles(s, k), work = work_cycles(s, k, b, lanes);
    if (s->reduces.n)
        work *= WORK_SHARE;
    return work > mem ? work : mem;
}

/* K and B (the header's), for compute units of lanes elements: the fewest
 * cores, a power of two, each with SPREAD_MIN_SHARE elements of a row or
 * more, whose row_score is the least, when that beats one core's; false
 * otherwise. */
static bool choose(const struct spread *s, int64_t lanes, int64_t *K, int64_t *B)
{
    const struct split_ctx *c = s->c;
    double best = row_score(s, 1, 0, lanes);
    *K = 1;
    for (int64_t k = 2; k * s->T <= (int64_t)c->dev->ncores && s->W / k >= SPREAD_MIN_SHARE;
         k *= 2) {
        int64_t b = block_of(s->W, k, lanes);
        double t = b ? row_score(s, k, b, lanes) : best;
        if (t < best) {
            best = t;
            *K = k;
            *B = b;
        }
    }
    return *K > 1;
}

/* ---- the rewrite -------------------------------------------------------- */

static ir_attr reassociation(struct ir_module *m, uint32_t ngroups, const int64_t *const *groups,
                             const uint32_t *sizes)
{
    ir_attr g[4];
    for (uint32_t i = 0; i < ngroups; i++) {
        ir_attr e[4];
        for (uint32_t j = 0; j < sizes[i]; j++)
            e[j] = ir_attr_int(m, groups[i][j], m->t_i64);
        g[i] = ir_attr_array(m, sizes[i], e);
    }
    return ir_attr_array(m, ngroups, g);
}

/* tensor.collapse_shape / expand_shape of x to type to, reassociated as
 * given, at b. */
static ir_value reshape(struct split_b *b, const char *name, ir_value x, ir_type to, ir_attr re)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, name, b->loc);
    ir_state_add_operand(m, &st, x);
    ir_state_add_result(m, &st, to);
    ir_state_set_attr(m, &st, "reassociation", re);
    if (strcmp(name, "tensor.expand_shape") == 0) {
        const struct ir_type_info *t = ir_type_get(m, to);
        ir_state_set_attr(m, &st, "static_output_shape",
                          ir_attr_dense_array(m, m->t_i64, t->rank, t->shape));
    }
    return ir_op_result(m, sb_emit(b, &st), 0);
}

/* The box 0 <= d_k < shape[k] as a set of n dims. */
static uint32_t box_set(struct ir_module *m, uint32_t n, const int64_t *shape)
{
    ir_aff cons[16];
    bool eq[16] = {false};
    for (uint32_t k = 0; k < n; k++) {
        cons[2 * k] = ir_aff_dim(m, k);
        cons[2 * k + 1] = ir_aff_bin(
            m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, k), ir_aff_const(m, -1)),
            ir_aff_const(m, shape[k] - 1));
    }
    return ir_set_intern(m, n, 0, 2 * n, cons, eq);
}

struct plan {
    int64_t K, B, n, T;
    ir_value c; /* the tile's block of a row: the new tile id mod K */
};

/* view %p [R, W] strides [S, 1] -> view %p [R, n, K B] strides [S, K B, 1]
 * (the same elements: its base stays the kernel argument, so ktc-lower
 * still tells the arguments' memories apart), in place. */
static void rewrite_view(struct spread *s, const struct plan *p, ir_op view)
{
    struct ir_module *m = s->m;
    const int64_t *sz = ints_of(m, view, "static_sizes", 2);
    const int64_t *st = ints_of(m, view, "static_strides", 2);
    int64_t size[3] = {sz[0], p->n, p->K * p->B};
    int64_t stride[3] = {st[0], p->K * p->B, 1};
    ir_op_set_attr(m, view, "static_sizes", ir_attr_dense_array(m, m->t_i64, 3, size));
    ir_op_set_attr(m, view, "static_strides", ir_attr_dense_array(m, m->t_i64, 3, stride));
    ir_op_set_attr(m, view, "coordinate_set", ir_attr_integer_set(m, box_set(m, 3, size)));
    ir_value r = ir_op_get(m, view)->res;
    ir_value_get(m, r)->type =
        ir_type_shaped(m, IR_TY_MEMREF, 3, size, ir_type_elem(m, ir_value_type(m, r)));
}

/* tile %v[%r, c0] [1, W] -> %v[%r, c0, t B] [1, n, B]: a new op (it reads
 * t), which replaces the old. */
static void rewrite_tile(struct spread *s, const struct plan *p, ir_op tile)
{
    struct ir_module *m = s->m;
    const struct ir_op_info *o = ir_op_get(m, tile);
    const int64_t *seg = ints_of(m, tile, "operandSegmentSizes", 3);
    const struct ir_affine_map *bm =
        ir_map_get(m, split_attr(m, tile, "base_map", IR_AT_AFFINE_MAP)->map);
    int64_t shape[3] = {1, p->n, p->B}, nseg[3] = {seg[0], seg[1] + 1, seg[2]};
    struct ir_op_state st;
    ir_state_init(&st, m, ir_str_get(m, o->name), o->loc);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        if (i == (uint32_t)(seg[0] + seg[1]))
            ir_state_add_operand(m, &st, p->c);
        ir_state_add_operand(m, &st, o->opnd[i]);
    }
    if (o->nopnd == (uint32_t)(seg[0] + seg[1]))
        ir_state_add_operand(m, &st, p->c);
    ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_ACCESS_TILE, 3, shape, m->t_index));
    ir_op nt = ir_op_create(m, &st);
    o = ir_op_get(m, tile);
    ir_op_get(m, nt)->attrs = o->attrs;
    ir_value_get(m, ir_op_get(m, nt)->res)->name = ir_value_get(m, o->res)->name;
    ir_aff res[3] = {bm->res[0], ir_aff_const(m, 0),
                     ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, bm->ndims), ir_aff_const(m, p->B))};
    ir_aff id[3] = {ir_aff_dim(m, 0), ir_aff_dim(m, 1), ir_aff_dim(m, 2)};
    ir_op_set_attr(m, nt, "base_map",
                   ir_attr_affine_map(m, ir_map_intern(m, bm->ndims + 1, bm->nsyms, 3, res)));
    ir_op_set_attr(
        m, nt, "operandSegmentSizes",
        ir_attr_dense_array(m, split_attr(m, tile, "operandSegmentSizes", IR_AT_DENSE_ARRAY)->type,
                            3, nseg));
    ir_op_set_attr(m, nt, "access_tile_set", ir_attr_integer_set(m, box_set(m, 3, shape)));
    ir_op_set_attr(m, nt, "access_tile_order",
                   ir_attr_affine_map(m, ir_map_intern(m, 3, 0, 3, id)));
    ir_op_insert_before(m, tile, nt);
    split_replace_uses(m, s->fn, ir_op_get(m, tile)->res, ir_op_get(m, nt)->res);
    ir_op_unlink(m, tile);
}

/* reduce(x, init) dims [1] -> the header's partial reduce, exchanges and
 * last reduce. */
static void rewrite_reduce(struct spread *s, const struct plan *p, ir_op red)
{
    struct ir_module *m = s->m;
    ir_type elem = ir_type_elem(m, s->row);
    ir_type vec = tensor_of(m, 1, &p->B, elem);
    int64_t one_b[2] = {1, p->B};
    ir_op comb;
    double idv;
    combiner(m, red, &comb, &idv);
    struct split_b b;
    sb_before(&b, m, red, ir_op_get(m, red)->loc);
    /* p = reduce(x, splat(identity)) dims [0] */
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", b.loc);
    ir_state_set_attr(m, &st, "value", ir_attr_float(m, idv, elem));
    ir_state_add_result(m, &st, elem);
    ir_value id = ir_op_result(m, sb_emit(&b, &st), 0);
    ir_state_init(&st, m, "tensor.splat", b.loc);
    ir_state_add_operand(m, &st, id);
    ir_state_add_result(m, &st, vec);
    ir_value init0 = ir_op_result(m, sb_emit(&b, &st), 0);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, ir_op_get(m, red)->opnd[1], init0);
    ir_op part = split_clone(m, red, &vm);
    split_vmap_free(&vm);
    ir_value_get(m, ir_op_get(m, part)->res)->type = vec;
    ir_op_set_attr(m, part, "dimensions", ir_attr_dense_array(m, m->t_i64, 1, (int64_t[]){0}));
    ir_op_insert_before(m, red, part);
    ir_value acc = ir_op_get(m, part)->res;
    /* the exchanges: tile t folds tile t xor h's, h = K/2 .. 1 */
    int64_t *from = malloc((size_t)(p->T * p->K) * sizeof *from);
    if (!from)
        abort();
    for (int64_t h = p->K / 2; h >= 1; h /= 2) {
        for (int64_t t = 0; t < p->T * p->K; t++)
            from[t] = t ^ h; /* within t's group of K: K is a power of two */
        ir_state_init(&st, m, SPLIT_RING_SHIFT, b.loc);
        ir_state_add_operand(m, &st, acc);
        ir_state_add_result(m, &st, vec);
        ir_state_set_attr(m, &st, "source_tiles",
                          ir_attr_dense_array(m, m->t_i64, (uint32_t)(p->T * p->K), from));
        ir_value other = ir_op_result(m, sb_emit(&b, &st), 0);
        struct split_vmap cv = {0};
        const struct ir_block_info *bi = ir_block_get(m, split_body(m, red, 0));
        split_vmap_set(&cv, bi->args[0], acc);
        split_vmap_set(&cv, bi->args[1], other);
        ir_op f = split_clone(m, comb, &cv);
        split_vmap_free(&cv);
        ir_value_get(m, ir_op_get(m, f)->res)->type = vec;
        ir_op_insert_before(m, red, f);
        acc = ir_op_get(m, f)->res;
    }
    free(from);
    /* the last B elements: the kernel's reduce of a row of B */
    ir_value row =
        reshape(&b, "tensor.expand_shape", acc, tensor_of(m, 2, one_b, elem),
                reassociation(m, 1, (const int64_t *const[]){(int64_t[]){0, 1}}, (uint32_t[]){2}));
    ir_op_get(m, red)->opnd[0] = row;
}

static void rewrite(struct spread *s, const struct plan *pl)
{
    struct ir_module *m = s->m;
    ir_type elem = ir_type_elem(m, s->row);
    int64_t nb[2] = {pl->n, pl->B}, one_nb[3] = {1, pl->n, pl->B};
    ir_type flat = tensor_of(m, 2, nb, elem), tiled = tensor_of(m, 3, one_nb, elem);
    ir_attr re = reassociation(m, 2, (const int64_t *const[]){(int64_t[]){0, 1}, (int64_t[]){2}},
                               (uint32_t[]){2, 1});
    for (uint32_t i = 0; i < s->views.n; i++)
        rewrite_view(s, pl, s->views.v[i]);
    for (uint32_t i = 0; i < s->tiles.n; i++)
        rewrite_tile(s, pl, s->tiles.v[i]);
    for (uint32_t i = 0; i < s->loads.n; i++) { /* load, then collapse to [n, B] */
        ir_op ld = s->loads.v[i];
        ir_value r = ir_op_get(m, ld)->res;
        ir_value_get(m, r)->type = tiled;
        struct split_b b;
        ir_op next = ir_op_get(m, ld)->next;
        sb_before(&b, m, next, ir_op_get(m, ld)->loc);
        ir_value c = reshape(&b, "tensor.collapse_shape", r, flat, re);
        ir_op cop = ir_value_def(m, c);
        split_replace_uses(m, s->fn, r, c);
        ir_op_get(m, cop)->opnd[0] = r;
    }
    for (uint32_t i = 0; i < s->wide.n; i++)
        ir_value_get(m, ir_op_get(m, s->wide.v[i])->res)->type = flat;
    for (uint32_t i = 0; i < s->stores.n; i++) { /* expand to [1, n, B], store */
        ir_op sto = s->stores.v[i];
        struct split_b b;
        sb_before(&b, m, sto, ir_op_get(m, sto)->loc);
        ir_op_get(m, sto)->opnd[0] =
            reshape(&b, "tensor.expand_shape", ir_op_get(m, sto)->opnd[0], tiled, re);
    }
    for (uint32_t i = 0; i < s->reduces.n; i++)
        rewrite_reduce(s, pl, s->reduces.v[i]);
}

/* grid = [K], its integer typed as the kernel's grid was. */
static void set_grid(struct ir_module *m, ir_op fn, int64_t K)
{
    ir_attr g = ir_op_attr(m, fn, "grid");
    const struct ir_attr_info *gi = g ? ir_attr_get(m, g) : NULL;
    if (gi && gi->kind == IR_AT_DENSE_ARRAY) {
        ir_op_set_attr(m, fn, "grid", ir_attr_dense_array(m, gi->type, 1, &K));
        return;
    }
    ir_type t = gi && gi->kind == IR_AT_ARRAY && gi->n ? ir_attr_get(m, gi->elems[0])->type : 0;
    ir_attr k = ir_attr_int(m, K, t);
    ir_op_set_attr(m, fn, "grid", ir_attr_array(m, 1, &k));
}

/* Spreads fn as the header says: the new tile id, the old one's uses 0,
 * grid [K], the rewrite. */
static void spread(struct spread *s, int64_t K, int64_t B)
{
    struct ir_module *m = s->m;
    ir_block entry = ir_region_entry(m, ir_op_region(m, s->fn, 0));
    struct split_b b;
    sb_before(&b, m, ir_block_get(m, entry)->first, ir_op_get(m, s->fn)->loc);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdp.get_compute_tile_id", b.loc);
    ir_state_add_result(m, &st, m->t_index);
    struct plan pl = {.K = K, .B = B, .n = s->W / (K * B), .T = s->T};
    ir_value t = ir_op_result(m, sb_emit(&b, &st), 0), k = sb_index(&b, K);
    ir_value old = s->T > 1 ? sb_arith(&b, "arith.divui", t, k) : sb_index(&b, 0);
    pl.c = s->T > 1 ? sb_arith(&b, "arith.remui", t, k) : t;
    ir_value zero = sb_index(&b, 0);
    for (uint32_t i = 0; i < s->ids.n; i++) { /* the kernel's tile: t / K, the rest 0 */
        const struct ir_op_info *o = ir_op_get(m, s->ids.v[i]);
        for (uint32_t r = 0; r < o->nres; r++)
            split_replace_uses(m, s->fn, o->res + r, r ? zero : old);
        ir_op_unlink(m, s->ids.v[i]);
    }
    set_grid(m, s->fn, s->T * K);
    rewrite(s, &pl);
}

/* The tiles of fn's grid when only its dim 0 may exceed 1 (linear tile t
 * is then its coordinate 0, sched/grid.h), else 0. */
static int64_t grid_rows(const struct ir_module *m, ir_op fn)
{
    int64_t g[3];
    if (!ir_op_attr(m, fn, "grid"))
        return 1;
    return sched_grid_dims(m, fn, g) && g[0] >= 1 && g[1] == 1 && g[2] == 1 ? g[0] : 0;
}

bool split_spread(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    FILE *out = c->o ? c->o->stats : NULL;
    struct sched_ops fns = {0};
    sched_ops_of_kind(m, m->top, IR_OP_FUNC_FUNC, &fns);
    for (uint32_t f = 0; f < fns.n; f++) {
        ir_op fn = fns.v[f];
        int64_t T = ir_op_get(m, fn)->nreg ? grid_rows(m, fn) : 0;
        if (T < 1 || 2 * T > (int64_t)c->dev->ncores || split_ring_unit(c, NULL, NULL) == ARCH_NONE)
            continue;
        struct spread s = {.c = c, .m = m, .fn = fn, .T = T, .row = row_type(m, fn)};
        if (!s.row)
            continue;
        s.W = ir_type_get(m, s.row)->shape[1];
        if (s.W < 2 * SPREAD_MIN_SHARE) { /* no share to give: nothing to say */
            spread_free(&s);
            continue;
        }
        const char *name = ir_str_get(m, ir_attr_get(m, ir_op_attr(m, fn, "sym_name"))->s);
        struct walk w = {&s, IR_NONE};
        ir_walk(m, fn, classify_walk, &w);
        char buf[16];
        int64_t K = 1, B = 0,
                lanes = arch_lanes(c->dev, c->compute_res,
                                   split_type_name(m, ir_type_elem(m, s.row), buf, sizeof buf));
        if (lanes <= 0) {
            spread_free(&s);
            continue;
        }
        if (w.bad) {
            if (out)
                fprintf(out,
                        "ktc-split: @%s: spread: not taken: rows of %lld, but a '%s' it "
                        "does not spread\n",
                        name, (long long)s.W, ir_str_get(m, ir_op_get(m, w.bad)->name));
        } else if (!views_only_tiled(&s)) {
            if (out)
                fprintf(out,
                        "ktc-split: @%s: spread: not taken: rows of %lld, but a view used "
                        "other than by its rows\n",
                        name, (long long)s.W);
        } else if (!choose(&s, lanes, &K, &B)) {
            if (out)
                fprintf(out,
                        "ktc-split: @%s: spread: not taken: rows of %lld, no spread modeled faster "
                        "(a row on one core: memory %.0f cycles, vector work %.0f)\n",
                        name, (long long)s.W, mem_cycles(&s, 1), work_cycles(&s, 1, 0, lanes));
        } else {
            if (out)
                fprintf(out,
                        "ktc-split: @%s: spread: rows of %lld, each tile's over %lld cores (grid "
                        "[%lld]), blocks of %lld (a row: memory %.0f cycles, vector work %.0f; "
                        "on one core %.0f and %.0f)\n",
                        name, (long long)s.W, (long long)K, (long long)(T * K), (long long)B,
                        mem_cycles(&s, K), work_cycles(&s, K, B, lanes), mem_cycles(&s, 1),
                        work_cycles(&s, 1, 0, lanes));
            spread(&s, K, B);
        }
        spread_free(&s);
    }
    free(fns.v);
    return true;
}
