/* split_linalg.c - the computations of a program as linalg.generic ops:
 * elementwise arith/math/spyreop ops on tensors and the named linalg ops
 * are generalized; splats and fills feeding a generic fold into it (a
 * captured scalar, or an input read at constant indices for a splat of
 * tensor.extract); then each all-parallel producer is fused into its one
 * consumer (MLIR's elementwise fusion with a single-use control), until no
 * fusion applies. What remains is the chain split_pipeline.c schedules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

#define MAX_IN SPLIT_MAX_IN
/* A fused generic has at most this many inputs: ktc-lower takes 31. */
#define FUSE_MAX_IN 31
#define MAX_LOOPS SPLIT_MAX_LOOPS

static const char *iterator_of(const struct ir_module *m, ir_attr a)
{
    const struct ir_attr_info *e = ir_attr_get(m, a);
    if (e->kind == IR_AT_STRING)
        return ir_str_get(m, e->s);
    if (e->kind == IR_AT_OPAQUE && e->body)
        return ir_str_get(m, e->body);
    return "";
}

bool split_gen_read(const struct ir_module *m, ir_op op, struct split_gen *g)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, op, "indexing_maps"));
    const struct ir_attr_info *its = ir_attr_get(m, ir_op_attr(m, op, "iterator_types"));
    if (o->nres != 1 || o->nopnd < 1 || o->nopnd - 1 > MAX_IN || its->n > MAX_LOOPS)
        return false;
    g->nloops = its->n;
    for (uint32_t i = 0; i < its->n; i++)
        g->red[i] = strcmp(iterator_of(m, its->elems[i]), "reduction") == 0;
    g->nin = o->nopnd - 1;
    for (uint32_t i = 0; i < g->nin; i++) {
        g->in[i] = o->opnd[i];
        g->in_map[i] = ir_attr_get(m, maps->elems[i])->map;
    }
    g->out = o->opnd[g->nin];
    g->out_map = ir_attr_get(m, maps->elems[g->nin])->map;
    g->res = ir_value_type(m, o->res);
    return true;
}

static ir_type elem_of(const struct ir_module *m, ir_value v)
{
    return ir_type_elem(m, ir_value_type(m, v));
}

ir_op split_gen_create(struct split_b *b, const struct split_gen *g, ir_block *body)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.generic", b->loc);
    ir_attr maps[MAX_IN + 1], its[MAX_LOOPS];
    for (uint32_t i = 0; i < g->nin; i++) {
        ir_state_add_operand(m, &st, g->in[i]);
        maps[i] = ir_attr_affine_map(m, g->in_map[i]);
    }
    ir_state_add_operand(m, &st, g->out);
    maps[g->nin] = ir_attr_affine_map(m, g->out_map);
    for (uint32_t i = 0; i < g->nloops; i++)
        its[i] = ir_attr_intern(m, &(struct ir_attr_info){
                                       .kind = IR_AT_OPAQUE,
                                       .s = ir_str_c(m, "linalg.iterator_type"),
                                       .body = ir_str_c(m, g->red[i] ? "reduction" : "parallel")});
    ir_state_set_attr(m, &st, "indexing_maps", ir_attr_array(m, g->nin + 1, maps));
    ir_state_set_attr(m, &st, "iterator_types", ir_attr_array(m, g->nloops, its));
    int64_t seg[2] = {g->nin, 1};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, seg));
    ir_state_add_result(m, &st, g->res);
    *body = sb_region(m, &st);
    for (uint32_t i = 0; i < g->nin; i++)
        ir_block_add_arg(m, *body, elem_of(m, g->in[i]), ir_str_c(m, "in"));
    ir_block_add_arg(m, *body, elem_of(m, g->out), ir_str_c(m, "out"));
    return sb_emit(b, &st);
}

ir_op split_gen_add_input(struct ir_module *m, ir_op op, ir_value v, uint32_t map)
{
    struct split_gen g;
    if (!split_gen_read(m, op, &g) || g.nin >= MAX_IN)
        abort();
    g.in[g.nin] = v;
    g.in_map[g.nin++] = map;
    struct split_b b;
    sb_before(&b, m, op, ir_op_get(m, op)->loc);
    ir_block nb, ob = split_body(m, op, 0);
    ir_op ng = split_gen_create(&b, &g, &nb);
    const struct ir_block_info *obi = ir_block_get(m, ob);
    const struct ir_block_info *nbi = ir_block_get(m, nb);
    ir_value_get(m, nbi->args[g.nin - 1])->name = ir_value_get(m, v)->name;
    for (uint32_t i = 0; i < obi->nargs; i++) { /* inputs, then the output */
        ir_value to = nbi->args[i + 1 == obi->nargs ? g.nin : i];
        ir_value_get(m, to)->name = ir_value_get(m, obi->args[i])->name;
        split_replace_uses(m, op, obi->args[i], to);
    }
    for (ir_op x = obi->first, next; x; x = next) {
        next = ir_op_get(m, x)->next;
        ir_op_unlink(m, x);
        ir_block_append_op(m, nb, x);
    }
    ir_value_get(m, ir_op_result(m, ng, 0))->name = ir_value_get(m, ir_op_result(m, op, 0))->name;
    ir_op_unlink(m, op);
    return ng;
}

static uint32_t identity_map(struct ir_module *m, uint32_t n)
{
    ir_aff r[MAX_LOOPS];
    for (uint32_t i = 0; i < n; i++)
        r[i] = ir_aff_dim(m, i);
    return ir_map_intern(m, n, 0, n, r);
}

static uint32_t rank_of(const struct ir_module *m, ir_value v)
{
    return ir_type_get(m, ir_value_type(m, v))->rank;
}

/* Appends `name(ops) : T` to block blk (one result of type t). */
static ir_value body_op(struct ir_module *m, ir_block blk, struct ir_loc loc, const char *name,
                        uint32_t n, const ir_value *ops, ir_type t, ir_attr attrs)
{
    struct ir_op_state st;
    ir_state_init(&st, m, name, loc);
    for (uint32_t i = 0; i < n; i++)
        ir_state_add_operand(m, &st, ops[i]);
    ir_state_add_result(m, &st, t);
    ir_op op = ir_op_create(m, &st);
    ir_op_get(m, op)->attrs = attrs;
    ir_block_append_op(m, blk, op);
    return ir_op_result(m, op, 0);
}

static void body_yield(struct ir_module *m, ir_block blk, struct ir_loc loc, ir_value v)
{
    struct ir_op_state st;
    ir_state_init(&st, m, "linalg.yield", loc);
    ir_state_add_operand(m, &st, v);
    ir_block_append_op(m, blk, ir_op_create(m, &st));
}

/* Clones the ops of block from (its terminator too) into block to, with
 * from's arguments mapped by vm. */
static void clone_body(struct ir_module *m, ir_block from, ir_block to, struct split_vmap *vm)
{
    IR_FOR_OPS(m, from, op)
        ir_block_append_op(m, to, split_clone(m, op, vm));
}

int64_t split_gen_lanes(struct split_ctx *c, ir_op gop, ir_type elem, char *tname, size_t n)
{
    struct ir_module *m = c->m;
    int64_t lanes = arch_lanes(c->dev, c->compute_res, split_type_name(m, elem, tname, n));
    ir_block body = split_body(m, gop, 0);
    /* the inputs' float types too (a truncf reads f32 for an f16 result) */
    const struct ir_block_info *bi = ir_block_get(m, body);
    for (uint32_t i = 0; i < bi->nargs && lanes > 0; i++) {
        char buf[16];
        ir_type t = ir_value_type(m, bi->args[i]);
        int64_t l = ir_type_is_float(m, t)
                        ? arch_lanes(c->dev, c->compute_res, split_type_name(m, t, buf, sizeof buf))
                        : 0;
        if (l > 0 && l < lanes)
            lanes = l;
    }
    bool places = split_index_lane_compares(m, gop); /* no index computed */
    IR_FOR_OPS(m, body, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        char buf[16];
        for (uint32_t r = 0; r < o->nres && lanes > 0; r++) {
            ir_type t = ir_value_type(m, o->res + r);
            bool ix = t == m->t_index;
            for (uint32_t i = 0; i < o->nopnd; i++)
                ix = ix || ir_value_type(m, o->opnd[i]) == m->t_index;
            if (ix && places) /* compared as the data's floats */
                continue;
            if (ix) { /* index vectors are i32 lanes (split.h) */
                int64_t l = arch_lanes(c->dev, c->compute_res, "i32");
                if (l <= 0)
                    snprintf(tname, n, "index (i32)");
                lanes = l < lanes ? l : lanes;
                continue;
            }
            int64_t l = ir_type_is_float(m, t)
                            ? arch_lanes(c->dev, c->compute_res, split_type_name(m, t, buf, sizeof buf))
                            : 0;
            if (l > 0 && l < lanes)
                lanes = l;
        }
    }
    return lanes;
}

/* ---- generalization ------------------------------------------------------ */

/* The scalar op a named elementwise linalg op applies; NULL when none. */
static const char *named_scalar(uint32_t kind, bool is_float)
{
    switch (kind) {
    case IR_OP_LINALG_ADD: return is_float ? "arith.addf" : "arith.addi";
    case IR_OP_LINALG_SUB: return is_float ? "arith.subf" : "arith.subi";
    case IR_OP_LINALG_MUL: return is_float ? "arith.mulf" : "arith.muli";
    case IR_OP_LINALG_DIV: return is_float ? "arith.divf" : NULL;
    case IR_OP_LINALG_MAX: return is_float ? "arith.maximumf" : "arith.maxsi";
    case IR_OP_LINALG_MIN: return is_float ? "arith.minimumf" : "arith.minsi";
    case IR_OP_LINALG_POWF: return "math.powf";
    case IR_OP_LINALG_EXP: return "math.exp";
    case IR_OP_LINALG_LOG: return "math.log";
    case IR_OP_LINALG_SQRT: return "math.sqrt";
    case IR_OP_LINALG_RSQRT: return "math.rsqrt";
    case IR_OP_LINALG_ABS: return "math.absf";
    case IR_OP_LINALG_NEGF: return "arith.negf";
    case IR_OP_LINALG_CEIL: return "math.ceil";
    case IR_OP_LINALG_FLOOR: return "math.floor";
    case IR_OP_LINALG_TANH: return "math.tanh";
    case IR_OP_LINALG_ERF: return "math.erf";
    case IR_OP_LINALG_SQUARE: return "arith.mulf";
    case IR_OP_LINALG_RECIPROCAL: return "arith.divf";
    case IR_OP_LINALG_COPY: return "";
    default: return NULL;
    }
}

/* An elementwise generic over ins (all of result type t's shape) into out,
 * whose body applies scalar op `name` (attributes attrs) to the inputs;
 * "" yields the first input. Named ops pass their own forms through
 * `square` (x*x) and `reciprocal` (1/x). */
static ir_op elementwise(struct split_b *b, uint32_t kind, const char *name, uint32_t nin,
                         const ir_value *ins, ir_value out, ir_type t, ir_attr attrs)
{
    struct ir_module *m = b->m;
    struct split_gen g = {.nloops = ir_type_get(m, t)->rank, .nin = nin, .out = out, .res = t};
    uint32_t id = identity_map(m, g.nloops);
    for (uint32_t i = 0; i < nin; i++)
        g.in[i] = ins[i], g.in_map[i] = id;
    g.out_map = id;
    ir_block body;
    ir_op op = split_gen_create(b, &g, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_type et = ir_type_elem(m, t);
    ir_value args[MAX_IN];
    uint32_t n = nin;
    memcpy(args, bi->args, nin * sizeof *args);
    if (kind == IR_OP_LINALG_SQUARE) {
        args[1] = args[0];
        n = 2;
    } else if (kind == IR_OP_LINALG_RECIPROCAL) {
        struct ir_op_state st;
        ir_state_init(&st, m, "arith.constant", b->loc);
        ir_state_set_attr(m, &st, "value", ir_attr_float(m, 1.0, et));
        ir_state_add_result(m, &st, et);
        ir_op one = ir_op_create(m, &st);
        ir_block_append_op(m, body, one);
        args[1] = args[0];
        args[0] = ir_op_result(m, one, 0);
        n = 2;
    }
    ir_value v = *name ? body_op(m, body, b->loc, name, n, args, et, attrs) : args[0];
    body_yield(m, body, b->loc, v);
    return op;
}

/* linalg.map / linalg.reduce / broadcast / transpose as a generic. */
static ir_op structured(struct split_ctx *c, struct split_b *b, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t nin = o->nopnd - 1;
    ir_value out = o->opnd[nin];
    uint32_t rank = rank_of(m, o->kind == IR_OP_LINALG_REDUCE ? o->opnd[0] : out);
    struct split_gen g = {.nloops = rank, .nin = nin, .out = out, .res = ir_value_type(m, out)};
    if (rank > MAX_LOOPS || nin > MAX_IN || (o->kind == IR_OP_LINALG_REDUCE && nin != 1)) {
        split_error(c, op, "this form of %s is not supported yet", ir_str_get(m, o->name));
        return IR_NONE;
    }
    const struct ir_attr_info *dims = NULL;
    if (o->kind != IR_OP_LINALG_MAP)
        dims = ir_attr_get(m, ir_op_attr(m, op, o->kind == IR_OP_LINALG_TRANSPOSE ? "permutation"
                                                                                    : "dimensions"));
    uint32_t id = identity_map(m, rank);
    ir_aff r[MAX_LOOPS];
    uint32_t nr = 0;
    switch (o->kind) {
    case IR_OP_LINALG_MAP:
        for (uint32_t i = 0; i < nin; i++)
            g.in[i] = o->opnd[i], g.in_map[i] = id;
        g.out_map = id;
        break;
    case IR_OP_LINALG_REDUCE: /* dims are reduced: out keeps the others */
        for (uint32_t d = 0; d < rank; d++) {
            bool red = false;
            for (uint32_t k = 0; k < dims->n; k++)
                red |= dims->ints[k] == (int64_t)d;
            g.red[d] = red;
            if (!red)
                r[nr++] = ir_aff_dim(m, d);
        }
        g.in[0] = o->opnd[0], g.in_map[0] = id;
        g.out_map = ir_map_intern(m, rank, 0, nr, r);
        break;
    case IR_OP_LINALG_BROADCAST: /* dims are added: in has the others */
        for (uint32_t d = 0; d < rank; d++) {
            bool added = false;
            for (uint32_t k = 0; k < dims->n; k++)
                added |= dims->ints[k] == (int64_t)d;
            if (!added)
                r[nr++] = ir_aff_dim(m, d);
        }
        g.in[0] = o->opnd[0], g.in_map[0] = ir_map_intern(m, rank, 0, nr, r);
        g.out_map = id;
        break;
    default: /* transpose: out dim i is in dim perm[i] */
        for (uint32_t j = 0; j < rank; j++)
            for (uint32_t i = 0; i < rank; i++)
                if (dims->ints[i] == (int64_t)j)
                    r[j] = ir_aff_dim(m, i);
        g.in[0] = o->opnd[0], g.in_map[0] = ir_map_intern(m, rank, 0, rank, r);
        g.out_map = id;
        break;
    }
    ir_block body;
    ir_op gop = split_gen_create(b, &g, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    if (o->kind == IR_OP_LINALG_MAP || o->kind == IR_OP_LINALG_REDUCE) {
        /* map's body takes the inputs, reduce's (input, init): the same
         * leading arguments of the generic's body. */
        ir_block from = split_body(m, op, 0);
        struct split_vmap vm = {0};
        const struct ir_block_info *fi = ir_block_get(m, from);
        for (uint32_t i = 0; i < fi->nargs; i++)
            split_vmap_set(&vm, fi->args[i], bi->args[i]);
        clone_body(m, from, body, &vm);
        split_vmap_free(&vm);
    } else {
        body_yield(m, body, b->loc, bi->args[0]);
    }
    return gop;
}

/* ---- reductions over the outermost dimension ------------------------------- */

/* A linalg.reduce folds, for each kept point, the R values along its
 * reduced dims as ktc-interp folds a row (ops_tensor.c): a pairwise tree
 * (value i with value i + h, h = L / 2, an odd last value carried to the
 * next level), every combine rounded, then the tree with the init. When
 * the one reduced dim is the outermost (column sums of a matrix), each
 * level of that tree combines whole rows: elementwise work over the kept
 * dims. So it becomes a chain of elementwise generics, each combine a
 * clone of the reduce's body (input argument: the lower value, output
 * argument: the upper one):
 *
 *   while L > OUTER_LEAVES: a generic over (L/K, kept dims) reading the
 *     level's tensor at (d0 + m L/K, ...) for m < K (K = 8, 4 or 2, the
 *     largest dividing L), folding its inputs as the tree's next log2(K)
 *     levels do (input m with input m + K/2, ...): the next level's tensor
 *   last: a generic over the kept dims reading each of the L rows left at
 *     a constant (c, ...) and the init, running the rest of the tree on
 *     them (odd levels included) and the tree's result with the init.
 *
 * None of them reduces, so later stages tile, fuse and schedule them as
 * any elementwise work, and the result is ktc-interp's bit for bit.
 * Refused: an odd number of rows above OUTER_LEAVES at some level. */
#define OUTER_LEAVES (FUSE_MAX_IN - 1)

/* Of a linalg.reduce: 0 when its dims are the innermost ones (or none),
 * q when they are the q outermost of a rank > q input, -1 otherwise. */
static int outer_reduced(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_attr a = ir_op_attr(m, op, "dimensions");
    if (!a || o->nopnd != 2)
        return 0; /* refused by structured() */
    const struct ir_attr_info *dims = ir_attr_get(m, a);
    uint32_t rank = rank_of(m, o->opnd[0]);
    bool red[MAX_LOOPS] = {false};
    for (uint32_t k = 0; k < dims->n; k++)
        if (dims->ints[k] >= 0 && dims->ints[k] < (int64_t)rank && rank <= MAX_LOOPS)
            red[dims->ints[k]] = true;
    bool seen = false, trailing = true, leading = true;
    for (uint32_t d = 0; d < rank && d < MAX_LOOPS; d++) {
        trailing &= red[d] || !seen;
        leading &= !red[d] || d < dims->n;
        seen |= red[d];
    }
    if (trailing)
        return 0;
    return leading ? (int)dims->n : -1;
}

/* A clone in body blk of the reduce body from, run on (in, out) = (a, b). */
static ir_value outer_combine(struct ir_module *m, ir_block from, ir_block blk, ir_value a,
                              ir_value b)
{
    const struct ir_block_info *fi = ir_block_get(m, from);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, fi->args[0], a);
    split_vmap_set(&vm, fi->args[1], b);
    ir_value y = IR_NONE;
    IR_FOR_OPS(m, from, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_LINALG_YIELD) {
            y = split_vmap_get(&vm, o->opnd[0]);
            break;
        }
        ir_block_append_op(m, blk, split_clone(m, op, &vm));
    }
    split_vmap_free(&vm);
    return y;
}

/* The pairwise tree over v[0..n) in place (odd levels carry their last
 * value); returns the fold. */
static ir_value outer_tree(struct ir_module *m, ir_block from, ir_block blk, ir_value *v, uint32_t n)
{
    while (n > 1) {
        uint32_t h = n / 2, odd = n & 1;
        for (uint32_t j = 0; j < h; j++)
            v[j] = outer_combine(m, from, blk, v[j], v[j + h]);
        if (odd)
            v[h] = v[n - 1];
        n = h + odd;
    }
    return v[0];
}

/* The map from a generic over (q[0..nq), kept dims) reading, in a tensor
 * whose nr leading (reduced) dims have shape rs, the row of flat
 * (row-major) index j + off, j the flat index of the point over q: the
 * reduced dims before `at` are constants, dim at - 1 is loop 0 plus a
 * constant when lead (q[0] | rs[at - 1]), dims from at on are the next
 * loops (off is a multiple of their product); the kept dims follow. With
 * nq = 0 every reduced dim is a constant (row off). */
static uint32_t outer_map(struct ir_module *m, uint32_t nr, const int64_t *rs, uint32_t nkept,
                          uint32_t at, bool lead, uint32_t nq, int64_t off)
{
    ir_aff r[MAX_LOOPS];
    int64_t dig[MAX_LOOPS];
    for (uint32_t t = nr; t-- > 0;) {
        dig[t] = off % rs[t];
        off /= rs[t];
    }
    for (uint32_t t = 0; t < nr; t++) {
        if (!nq || t + 1 < at || (t + 1 == at && !lead))
            r[t] = ir_aff_const(m, dig[t]);
        else if (t + 1 == at)
            r[t] = dig[t] ? ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, 0), ir_aff_const(m, dig[t]))
                          : ir_aff_dim(m, 0);
        else
            r[t] = ir_aff_dim(m, t - at + (lead ? 1 : 0));
    }
    for (uint32_t k = 0; k < nkept; k++)
        r[nr + k] = ir_aff_dim(m, nq + k);
    return ir_map_intern(m, nq + nkept, 0, nr + nkept, r);
}

/* The reduce's input x as read by the first generic: x itself at map, or,
 * when x is made by an all-parallel producer pd (pg) that only the reduce
 * reads, pd's inputs at their maps composed with map (pd's body cloned per
 * row by outer_value): fused, no scratchpad copy of x. */
static void outer_slot(struct ir_module *m, struct split_gen *g, ir_value x, uint32_t map,
                       const struct split_gen *pg)
{
    if (!pg) {
        g->in[g->nin] = x, g->in_map[g->nin++] = map;
        return;
    }
    const struct ir_affine_map *mp = ir_map_get(m, map);
    for (uint32_t j = 0; j < pg->nin; j++) {
        const struct ir_affine_map *pm = ir_map_get(m, pg->in_map[j]);
        ir_aff r[MAX_LOOPS];
        for (uint32_t t = 0; t < pm->nres; t++)
            r[t] = split_aff_subst(m, pm->res[t], mp->res);
        g->in[g->nin] = pg->in[j];
        g->in_map[g->nin++] = ir_map_intern(m, mp->ndims, 0, pm->nres, r);
    }
}

/* Row s's value in body blk (arguments args): its argument, or pd's body
 * run on its slots. */
static ir_value outer_value(struct ir_module *m, ir_op pd, const struct split_gen *pg,
                            ir_block blk, const ir_value *args, uint32_t s)
{
    if (!pg)
        return args[s];
    ir_block pb = split_body(m, pd, 0);
    const struct ir_block_info *pi = ir_block_get(m, pb);
    struct split_vmap vm = {0};
    for (uint32_t j = 0; j < pg->nin; j++)
        split_vmap_set(&vm, pi->args[j], args[s * pg->nin + j]);
    ir_value y = IR_NONE;
    IR_FOR_OPS(m, pb, op)
    {
        if (ir_op_get(m, op)->kind == IR_OP_LINALG_YIELD) {
            y = split_vmap_get(&vm, ir_op_get(m, op)->opnd[0]);
            break;
        }
        ir_block_append_op(m, blk, split_clone(m, op, &vm));
    }
    split_vmap_free(&vm);
    return y;
}

/* Whether generic gop's body uses linalg.index (its iteration space's
 * coordinates: a body cloned into another space would read others). */
static bool uses_index(const struct ir_module *m, ir_op gop)
{
    IR_FOR_OPS(m, split_body(m, gop, 0), op)
    if (ir_op_get(m, op)->kind == IR_OP_LINALG_INDEX)
        return true;
    return false;
}

/* Whether x is made by an all-parallel generic (*pg) at the identity, in
 * op's block, read by op alone, its body not using linalg.index; *pd
 * gets it. */
static bool outer_producer(struct ir_module *m, ir_op op, ir_value x, ir_op *pd,
                           struct split_gen *pg)
{
    *pd = ir_value_def(m, x);
    if (!*pd || ir_op_get(m, *pd)->kind != IR_OP_LINALG_GENERIC ||
        ir_op_get(m, *pd)->block != ir_op_get(m, op)->block || !split_gen_read(m, *pd, pg) ||
        pg->out_map != identity_map(m, pg->nloops) || !pg->nin || uses_index(m, *pd) ||
        split_block_uses(m, split_body(m, *pd, 0),
                         ir_block_get(m, split_body(m, *pd, 0))->args[pg->nin]))
        return false;
    for (uint32_t i = 0; i < pg->nloops; i++)
        if (pg->red[i])
            return false;
    uint32_t *uses = split_use_counts(m, ir_op_parent(m, op));
    bool one = uses[x] == 1;
    free(uses);
    return one;
}

static ir_op outer_reduction(struct split_ctx *c, struct split_b *b, ir_op op, uint32_t nred)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_value x = o->opnd[0], init = o->opnd[1];
    const struct ir_type_info *xt = ir_type_get(m, ir_value_type(m, x));
    uint32_t nkept = xt->rank - nred, nr = nred;
    int64_t rs[MAX_LOOPS], kept[MAX_LOOPS], l = 1;
    memcpy(rs, xt->shape, nr * sizeof *rs);
    memcpy(kept, xt->shape + nr, nkept * sizeof *kept);
    for (uint32_t t = 0; t < nr; t++)
        l *= rs[t];
    ir_type et = xt->elem;
    ir_block from = split_body(m, op, 0);
    if (ir_block_get(m, from)->nargs != 2 || l < 1) {
        split_error(c, op, "this form of linalg.reduce is not supported yet");
        return IR_NONE;
    }
    /* x's producer runs in the first generic when its inputs fit */
    ir_op pd;
    struct split_gen pgs, *pg = NULL;
    if (outer_producer(m, op, x, &pd, &pgs) &&
        (l > OUTER_LEAVES ? 2 * pgs.nin : (uint32_t)l * pgs.nin + 1) <= FUSE_MAX_IN)
        pg = &pgs;
    while (l > OUTER_LEAVES) {
        /* K rows j + m L/K (m < K) per point j: j's digits over the
         * reduced dims from at - 1 on, the offsets' above them */
        int64_t k = 8, n = 0, cq = 0;
        while (pg && k * pg->nin > FUSE_MAX_IN)
            k /= 2;
        uint32_t at = 0;
        for (; k > 1; k /= 2) {
            if (l % k)
                continue;
            n = l / k;
            int64_t p = 1;
            for (at = nr; at > 0 && n % (p * rs[at - 1]) == 0; at--)
                p *= rs[at - 1];
            cq = n / p;
            if (at > 0 && rs[at - 1] % cq == 0)
                break;
        }
        if (k == 1 && pg) { /* no split with the producer's inputs: without */
            pg = NULL;
            continue;
        }
        if (k == 1) {
            split_error(c, op, "a linalg.reduce over the outermost dimensions whose %lld rows at "
                               "a level of its tree (above %d) are odd or do not split along "
                               "its dimensions is not supported yet",
                        (long long)l, OUTER_LEAVES);
            return IR_NONE;
        }
        bool lead = cq > 1;
        int64_t q[MAX_LOOPS];
        uint32_t nq = 0;
        if (lead)
            q[nq++] = cq;
        for (uint32_t t = at; t < nr; t++)
            q[nq++] = rs[t];
        int64_t shape[MAX_LOOPS];
        memcpy(shape, q, nq * sizeof *shape);
        memcpy(shape + nq, kept, nkept * sizeof *shape);
        ir_type t = ir_type_shaped(m, IR_TY_TENSOR, nq + nkept, shape, et);
        uint32_t id = identity_map(m, nq + nkept);
        struct split_gen g = {.nloops = nq + nkept, .out_map = id, .res = t};
        for (int64_t i = 0; i < k; i++)
            outer_slot(m, &g, x, outer_map(m, nr, rs, nkept, at, lead, nq, i * n), pg);
        g.out = sb_tensor_empty(b, t);
        ir_block body;
        ir_op gop = split_gen_create(b, &g, &body);
        ir_value v[8];
        for (int64_t i = 0; i < k; i++)
            v[i] = outer_value(m, pd, pg, body, ir_block_get(m, body)->args, (uint32_t)i);
        body_yield(m, body, b->loc, outer_tree(m, from, body, v, (uint32_t)k));
        pg = NULL;
        x = ir_op_result(m, gop, 0);
        split_set_name(m, x, "rows");
        nr = nq;
        memcpy(rs, q, nq * sizeof *rs);
        l = n;
    }
    struct split_gen g = {.nloops = nkept, .out = sb_tensor_empty(b, ir_value_type(m, init)),
                          .out_map = identity_map(m, nkept), .res = ir_value_type(m, init)};
    for (int64_t i = 0; i < l; i++)
        outer_slot(m, &g, x, outer_map(m, nr, rs, nkept, 0, false, 0, i), pg);
    g.in[g.nin] = init, g.in_map[g.nin++] = identity_map(m, nkept);
    ir_block body;
    ir_op gop = split_gen_create(b, &g, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_value v[OUTER_LEAVES + 1];
    for (int64_t i = 0; i < l; i++)
        v[i] = outer_value(m, pd, pg, body, bi->args, (uint32_t)i);
    ir_value r = outer_tree(m, from, body, v, (uint32_t)l);
    body_yield(m, body, b->loc, outer_combine(m, from, body, r, bi->args[g.nin - 1]));
    return gop;
}

/* A linalg.generic whose q reduction loops are outside its parallel ones
 * (q >= 1, one output read at the parallel loops in order) folds, as
 * ktc-interp runs it, the rows in iteration order (row-major over the
 * reduction loops), acc = body(inputs at the row, acc) from the init: a
 * chain of elementwise generics over the parallel loops, each running the
 * body on up to OUTER_LEAVES / nin rows (every input read at the row's
 * constant indices) after the previous one's result. 0 when op is not such
 * a generic, -1 after an error, 1 when replaced (*gen the last generic). */
static uint32_t outer_gen_map(struct ir_module *m, uint32_t map, uint32_t q, uint32_t nk,
                              const int64_t *dig, bool *ok)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    ir_aff r[MAX_LOOPS];
    for (uint32_t k = 0; k < mp->nres && *ok; k++) {
        const struct ir_aff_info *e = ir_aff_get(m, mp->res[k]);
        int64_t c = 0;
        if (e->kind == IR_AFF_ADD && ir_aff_get(m, e->rhs)->kind == IR_AFF_CONST) {
            c = ir_aff_get(m, e->rhs)->v;
            e = ir_aff_get(m, e->lhs);
        }
        if (e->kind == IR_AFF_CONST)
            r[k] = ir_aff_const(m, e->v + c);
        else if (e->kind == IR_AFF_DIM && e->v < q)
            r[k] = ir_aff_const(m, dig[e->v] + c);
        else if (e->kind == IR_AFF_DIM)
            r[k] = c ? ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, (uint32_t)e->v - q), ir_aff_const(m, c))
                     : ir_aff_dim(m, (uint32_t)e->v - q);
        else
            *ok = false;
    }
    return *ok ? ir_map_intern(m, nk, 0, mp->nres, r) : 0;
}

static int outer_generic(struct split_ctx *c, struct split_b *b, ir_op op, ir_op *gen)
{
    struct ir_module *m = c->m;
    struct split_gen g;
    if (!split_gen_read(m, op, &g) || !g.red[0])
        return 0;
    uint32_t q = 0;
    while (q < g.nloops && g.red[q])
        q++;
    const struct ir_affine_map *om = ir_map_get(m, g.out_map);
    bool ok = q < g.nloops && om->nres == g.nloops - q && g.nin >= 1;
    for (uint32_t k = q; ok && k < g.nloops; k++)
        ok = !g.red[k] && ir_aff_get(m, om->res[k - q])->kind == IR_AFF_DIM &&
             ir_aff_get(m, om->res[k - q])->v == k;
    if (!ok)
        return 0;
    /* the reduction loops' extents, from the inputs read at them */
    int64_t ext[MAX_LOOPS] = {0}, rows = 1, dig[MAX_LOOPS] = {0};
    for (uint32_t i = 0; i < g.nin; i++) {
        const struct ir_affine_map *mp = ir_map_get(m, g.in_map[i]);
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, g.in[i]));
        for (uint32_t k = 0; k < mp->nres && k < t->rank; k++) {
            const struct ir_aff_info *e = ir_aff_get(m, mp->res[k]);
            if (e->kind == IR_AFF_DIM && e->v < q)
                ext[e->v] = t->shape[k];
        }
    }
    for (uint32_t k = 0; k < q; k++)
        rows *= ext[k];
    uint32_t nk = g.nloops - q, per = OUTER_LEAVES / g.nin;
    if (rows < 1 || !per) {
        split_error(c, op, "this linalg.generic reducing loops outside its parallel ones is not "
                           "supported yet");
        return -1;
    }
    ir_block from = split_body(m, op, 0);
    const struct ir_block_info *fi = ir_block_get(m, from);
    ir_value acc = g.out;
    ir_op gop = IR_NONE;
    for (int64_t r0 = 0; r0 < rows; r0 += per) {
        int64_t n = rows - r0 < per ? rows - r0 : per;
        struct split_gen h = {.nloops = nk, .nin = (uint32_t)(n * g.nin) + 1, .res = g.res,
                              .out_map = identity_map(m, nk)};
        for (int64_t r = 0; r < n; r++) {
            int64_t f = r0 + r;
            for (uint32_t k = q; k-- > 0;) {
                dig[k] = f % ext[k];
                f /= ext[k];
            }
            for (uint32_t i = 0; i < g.nin; i++) {
                h.in[r * g.nin + i] = g.in[i];
                h.in_map[r * g.nin + i] = outer_gen_map(m, g.in_map[i], q, nk, dig, &ok);
            }
        }
        h.in[h.nin - 1] = acc, h.in_map[h.nin - 1] = identity_map(m, nk);
        if (!ok) {
            split_error(c, op, "a linalg.generic reducing loops outside its parallel ones with "
                               "indexing map results other than a loop dim plus a constant is "
                               "not supported yet");
            return -1;
        }
        h.out = sb_tensor_empty(b, g.res);
        ir_block body;
        gop = split_gen_create(b, &h, &body);
        const struct ir_block_info *bi = ir_block_get(m, body);
        ir_value a = bi->args[h.nin - 1];
        for (int64_t r = 0; r < n; r++) {
            struct split_vmap vm = {0};
            for (uint32_t i = 0; i < g.nin; i++)
                split_vmap_set(&vm, fi->args[i], bi->args[r * g.nin + i]);
            split_vmap_set(&vm, fi->args[g.nin], a);
            IR_FOR_OPS(m, from, bop)
            {
                const struct ir_op_info *bo = ir_op_get(m, bop);
                if (bo->kind == IR_OP_LINALG_YIELD) {
                    a = split_vmap_get(&vm, bo->opnd[0]);
                    break;
                }
                ir_block_append_op(m, body, split_clone(m, bop, &vm));
            }
            split_vmap_free(&vm);
        }
        body_yield(m, body, b->loc, a);
        acc = ir_op_result(m, gop, 0);
        split_set_name(m, acc, "acc");
    }
    *gen = gop;
    return 1;
}

/* ---- contractions ---------------------------------------------------------- */

/* Inputs of one link of a contraction's chain (as many as a fused
 * generic has): the accumulator and an (A, B) pair per step. */
#define MM_MAX_IN FUSE_MAX_IN
#define MM_STEPS ((MM_MAX_IN - 1) / 2)

/* linalg.matmul ins(A: MxK, B: KxN) outs(C: MxN) as ktc-interp computes it
 * (ktir/interp/ops_tensor.c, matmul_single): acc = 0 in f32; for k in
 * order acc += f32(A[i,k]) * f32(B[k,j]) (each product and sum rounded to
 * f32, no fma); the product rounded once to T; then C + it in f32, rounded
 * to T. On a vector unit every output point is a lane: the K steps become
 * elementwise generics over (i, j) reading A[i,k] (one element, broadcast
 * along j) and B[k,j] (a row) at constant k, MM_STEPS (15) steps per generic,
 * chained through an f32 accumulator:
 *
 *   acc0 = splat 0.0 : MxN f32
 *   acc1 = generic(acc0, A[., 0], B[0, .], ..., A[., 14], B[14, .])  s = s + a*b, 15 times
 *   ...                                                                (K / 15 links)
 *   r    = generic(accL, C)                    trunc(acc) to T, extf both, addf, trunc
 *
 * Later stages see elementwise generics with broadcast inputs (none
 * reduces, so the sum stays in ktc-interp's order); the epilogue fuses
 * with the consumers like any elementwise op. f32 operands skip the
 * conversions. split_legal admits only the forms this handles. */
static ir_op contraction(struct split_b *b, ir_op op)
{
    struct ir_module *m = b->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_value A = o->opnd[0], B = o->opnd[1], C = o->opnd[2];
    const struct ir_type_info *at = ir_type_get(m, ir_value_type(m, A));
    const struct ir_type_info *ct = ir_type_get(m, ir_value_type(m, C));
    int64_t K = at->shape[1];
    ir_type T = ct->elem, F = m->t_f32;
    bool wide = T != F; /* 16-bit data: convert to f32 and back */
    ir_type acc_t = ir_type_shaped(m, IR_TY_TENSOR, 2, ct->shape, F);
    uint32_t id = identity_map(m, 2);
    /* Loaded operands are copied into the scratchpad once: every step
     * reads a column element of A and a row of B from there. */
    ir_value *opd[2] = {&A, &B};
    for (int i = 0; i < 2; i++) {
        ir_op d = ir_value_def(m, *opd[i]);
        if (!d || ir_op_get(m, d)->kind != IR_OP_KTDP_LOAD)
            continue;
        ir_type t = ir_value_type(m, *opd[i]);
        ir_op cp = elementwise(b, IR_OP_LINALG_COPY, "", 1, opd[i], sb_tensor_empty(b, t), t,
                               IR_NONE);
        ir_value_get(m, ir_op_result(m, cp, 0))->name = ir_value_get(m, *opd[i])->name;
        *opd[i] = ir_op_result(m, cp, 0);
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", b->loc);
    ir_state_set_attr(m, &st, "value", ir_attr_float(m, 0.0, F));
    ir_state_add_result(m, &st, F);
    ir_value zero = ir_op_result(m, sb_emit(b, &st), 0);
    ir_state_init(&st, m, "tensor.splat", b->loc);
    ir_state_add_operand(m, &st, zero);
    ir_state_add_result(m, &st, acc_t);
    ir_value acc = ir_op_result(m, sb_emit(b, &st), 0);
    split_set_name(m, acc, "acc");
    for (int64_t k0 = 0; k0 < K; k0 += MM_STEPS) {
        int64_t k1 = k0 + MM_STEPS < K ? k0 + MM_STEPS : K;
        struct split_gen g = {.nloops = 2, .nin = 1, .out_map = id, .res = acc_t};
        g.in[0] = acc, g.in_map[0] = id;
        for (int64_t k = k0; k < k1; k++) {
            ir_aff ra[2] = {ir_aff_dim(m, 0), ir_aff_const(m, k)};
            ir_aff rb[2] = {ir_aff_const(m, k), ir_aff_dim(m, 1)};
            g.in[g.nin] = A, g.in_map[g.nin++] = ir_map_intern(m, 2, 0, 2, ra);
            g.in[g.nin] = B, g.in_map[g.nin++] = ir_map_intern(m, 2, 0, 2, rb);
        }
        g.out = sb_tensor_empty(b, acc_t);
        ir_block body;
        ir_op gop = split_gen_create(b, &g, &body);
        const struct ir_block_info *bi = ir_block_get(m, body);
        ir_value sum = bi->args[0];
        for (uint32_t i = 1; i < g.nin; i += 2) { /* the (A, B) pairs */
            ir_value x = bi->args[i], y = bi->args[i + 1];
            if (wide) {
                x = body_op(m, body, b->loc, "arith.extf", 1, &x, F, IR_NONE);
                y = body_op(m, body, b->loc, "arith.extf", 1, &y, F, IR_NONE);
            }
            ir_value xy[2] = {x, y};
            ir_value p = body_op(m, body, b->loc, "arith.mulf", 2, xy, F, IR_NONE);
            ir_value sp[2] = {sum, p};
            sum = body_op(m, body, b->loc, "arith.addf", 2, sp, F, IR_NONE);
        }
        body_yield(m, body, b->loc, sum);
        acc = ir_op_result(m, gop, 0);
        split_set_name(m, acc, "acc");
    }
    /* C + the product; an empty C is ktc-interp's zeros (0 + -0 is +0). */
    ir_op cd = ir_value_def(m, C);
    if (cd && ir_op_get(m, cd)->kind == IR_OP_TENSOR_EMPTY) {
        ir_state_init(&st, m, "arith.constant", b->loc);
        ir_state_set_attr(m, &st, "value", ir_attr_float(m, 0.0, T));
        ir_state_add_result(m, &st, T);
        ir_value z = ir_op_result(m, sb_emit(b, &st), 0);
        ir_state_init(&st, m, "tensor.splat", b->loc);
        ir_state_add_operand(m, &st, z);
        ir_state_add_result(m, &st, ir_value_type(m, C));
        C = ir_op_result(m, sb_emit(b, &st), 0);
    }
    struct split_gen g = {.nloops = 2, .nin = 2, .out_map = id, .res = ir_value_type(m, C)};
    g.in[0] = acc, g.in_map[0] = id;
    g.in[1] = C, g.in_map[1] = id;
    g.out = sb_tensor_empty(b, g.res);
    ir_block body;
    ir_op gop = split_gen_create(b, &g, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_value r = bi->args[0], cv = bi->args[1];
    if (wide) {
        r = body_op(m, body, b->loc, "arith.truncf", 1, &r, T, IR_NONE);
        r = body_op(m, body, b->loc, "arith.extf", 1, &r, F, IR_NONE);
        cv = body_op(m, body, b->loc, "arith.extf", 1, &cv, F, IR_NONE);
    }
    ir_value cr[2] = {cv, r};
    r = body_op(m, body, b->loc, "arith.addf", 2, cr, F, IR_NONE);
    if (wide)
        r = body_op(m, body, b->loc, "arith.truncf", 1, &r, T, IR_NONE);
    body_yield(m, body, b->loc, r);
    /* Stored as it is: a copy in the result's own type stores whole
     * vectors of it (narrows() keeps the f32 epilogue from fusing into
     * it), not rows of the f32 lanes. */
    bool stored = false;
    IR_FOR_OPS(m, ir_op_get(m, op)->block, u)
    {
        const struct ir_op_info *ui = ir_op_get(m, u);
        stored |= ui->kind == IR_OP_KTDP_STORE && ui->opnd[0] == ir_op_get(m, op)->res;
    }
    if (stored && wide) {
        ir_value v = ir_op_result(m, gop, 0);
        split_set_name(m, v, "mm");
        ir_type t = ir_value_type(m, v);
        gop = elementwise(b, IR_OP_LINALG_COPY, "", 1, &v, sb_tensor_empty(b, t), t, IR_NONE);
    }
    return gop;
}

/* The reassociation groups of a reshape: group g holds dims [at[g], at[g+1]). */
static bool groups_of(const struct ir_module *m, ir_op op, uint32_t *n, uint32_t *at)
{
    ir_attr a = ir_op_attr(m, op, "reassociation");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY || ai->n > MAX_LOOPS)
        return false;
    *n = ai->n;
    at[0] = 0;
    for (uint32_t g = 0; g < ai->n; g++) {
        const struct ir_attr_info *gi = ir_attr_get(m, ai->elems[g]);
        if (gi->kind != IR_AT_ARRAY)
            return false;
        at[g + 1] = at[g] + gi->n;
    }
    return true;
}

/* A reshape or a slice as a copy generic over the result's dims whose
 * input map says where each source dim is read: collapse_shape and
 * expand_shape that only add or drop unit dims, and extract_slice with
 * static offsets, sizes and unit strides. IR_NONE (with no error) when op
 * is none of those. */
static ir_op view_generic(struct split_b *b, ir_op op)
{
    struct ir_module *m = b->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, o->opnd[0]));
    const struct ir_type_info *rt = ir_type_get(m, ir_value_type(m, o->res));
    if (st->rank > MAX_LOOPS || rt->rank > MAX_LOOPS)
        return IR_NONE;
    ir_aff r[MAX_LOOPS];
    uint32_t ng, at[MAX_LOOPS + 1];
    if (o->kind == IR_OP_TENSOR_EXTRACT_SLICE) {
        const struct ir_attr_info *off = ir_attr_get(m, ir_op_attr(m, op, "static_offsets"));
        const struct ir_attr_info *sz = ir_attr_get(m, ir_op_attr(m, op, "static_sizes"));
        const struct ir_attr_info *str = ir_attr_get(m, ir_op_attr(m, op, "static_strides"));
        if (o->nopnd != 1 || off->n != st->rank || sz->n != st->rank)
            return IR_NONE;
        /* Source dims map to result dims in order; the others are dropped
         * unit dims. */
        uint32_t j = 0;
        for (uint32_t i = 0; i < st->rank; i++) {
            if (str->ints[i] != 1)
                return IR_NONE;
            ir_aff c = ir_aff_const(m, off->ints[i]);
            if (j < rt->rank && sz->ints[i] == rt->shape[j] && (sz->ints[i] != 1 ||
                                                                 rt->rank - j > st->rank - i - 1))
                r[i] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, j++), c);
            else if (sz->ints[i] == 1)
                r[i] = c;
            else
                return IR_NONE;
        }
        if (j != rt->rank)
            return IR_NONE;
    } else {
        /* Each group pairs one dim of the smaller side with dims of the
         * larger one, at most one of which is not 1. */
        bool collapse = o->kind == IR_OP_TENSOR_COLLAPSE_SHAPE;
        const struct ir_type_info *big = collapse ? st : rt;
        if (!groups_of(m, op, &ng, at) || at[ng] > big->rank)
            return IR_NONE;
        for (uint32_t i = 0; i < st->rank; i++)
            r[i] = ir_aff_const(m, 0);
        for (uint32_t g = 0; g < ng; g++) {
            uint32_t nonunit = 0;
            for (uint32_t k = at[g]; k < at[g + 1]; k++)
                if (big->shape[k] != 1) {
                    if (nonunit++)
                        return IR_NONE;
                    if (collapse)
                        r[k] = ir_aff_dim(m, g);
                    else
                        r[g] = ir_aff_dim(m, k);
                }
        }
    }
    struct split_gen g = {.nloops = rt->rank, .nin = 1, .res = ir_value_type(m, o->res)};
    g.in[0] = o->opnd[0];
    g.in_map[0] = ir_map_intern(m, rt->rank, 0, st->rank, r);
    g.out = sb_tensor_empty(b, g.res);
    g.out_map = identity_map(m, rt->rank);
    ir_block body;
    ir_op gop = split_gen_create(b, &g, &body);
    body_yield(m, body, b->loc, ir_block_get(m, body)->args[0]);
    return gop;
}

/* Whether combining the values of a reduction with op gives the same
 * result in any order: integer ring and bit operations, min and max. */
static bool order_free(uint32_t kind)
{
    switch (kind) {
    case IR_OP_ARITH_ADDI: case IR_OP_ARITH_MULI: case IR_OP_ARITH_ANDI:
    case IR_OP_ARITH_ORI: case IR_OP_ARITH_XORI: case IR_OP_ARITH_MAXSI:
    case IR_OP_ARITH_MINSI: case IR_OP_ARITH_MAXUI: case IR_OP_ARITH_MINUI:
    case IR_OP_ARITH_MAXIMUMF: case IR_OP_ARITH_MINIMUMF: case IR_OP_ARITH_MAXNUMF:
    case IR_OP_ARITH_MINNUMF: case IR_OP_ARITH_MAXF: case IR_OP_ARITH_MINF:
        return true;
    default:
        return false;
    }
}

/* A linalg.generic with reduction loops folds in iteration order (its
 * semantics, and ktc-interp's); after this pass a reduction is folded as a
 * pairwise tree (linalg.reduce's order, which the device runs). The two
 * agree when every op that the carried outs value reaches combines in any
 * order; otherwise the first op that does not is refused. */
static bool generic_reduction_ok(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    struct split_gen g;
    if (!split_gen_read(m, op, &g))
        return true; /* refused later with its own message */
    bool red = false;
    for (uint32_t i = 0; i < g.nloops; i++) {
        if (red && !g.red[i])
            return split_error(c, op, "a linalg.generic with a reduction loop between "
                                      "parallel ones is not supported yet (reduction loops all "
                                      "outside the parallel ones or all inside are)");
        red |= g.red[i];
    }
    if (!red)
        return true;
    /* the values the carried outs reach, as a mark per value id */
    ir_block body = split_body(m, op, 0);
    const struct ir_block_info *bi = ir_block_get(m, body);
    bool *carried = calloc(m->values.len, sizeof *carried);
    if (!carried)
        abort();
    for (uint32_t i = g.nin; i < bi->nargs; i++)
        carried[bi->args[i]] = true;
    bool ok = true;
    IR_FOR_OPS(m, body, bop) {
        const struct ir_op_info *bo = ir_op_get(m, bop);
        bool reached = false;
        for (uint32_t k = 0; k < bo->nopnd; k++)
            reached |= carried[bo->opnd[k]];
        if (!reached || bo->kind == IR_OP_LINALG_YIELD)
            continue;
        if (!order_free(bo->kind)) {
            ok = split_error(c, bop, "%s folding a linalg.generic reduction is not supported "
                                     "yet: the generic folds in iteration order, the device "
                                     "as a pairwise tree (linalg.reduce's order)",
                             ir_str_get(m, bo->name));
            break;
        }
        for (uint32_t r = 0; r < bo->nres; r++)
            carried[ir_op_result(m, bop, r)] = true;
    }
    free(carried);
    return ok;
}

/* Whether value v of generic body `from` depends on its block argument
 * arg (through the body's ops). */
static bool reads_arg(const struct ir_module *m, ir_block from, ir_value v, ir_value arg, int depth)
{
    if (v == arg)
        return true;
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->block != from || depth > 64)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (reads_arg(m, from, o->opnd[i], arg, depth + 1))
            return true;
    return false;
}

/* A linalg.generic of several results, every loop parallel, each result
 * computed from the inputs and its own output alone (an elementwise pair
 * Inductor fuses, x + x and (x + x) * x): one generic a result, in op's place, each a clone of the
 * body yielding its own value (what only the others need dropped). Returns the generics (nout of
 * them, at most MAX_IN) in gs; 0 when op is not such a generic (left as it is). */
static uint32_t one_result_each(struct split_ctx *c, ir_op op, ir_op *gs)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_LINALG_GENERIC || o->nres < 2 || o->nres > MAX_IN || o->nopnd < o->nres ||
        o->nopnd - o->nres > MAX_IN)
        return 0;
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, op, "indexing_maps"));
    const struct ir_attr_info *its = ir_attr_get(m, ir_op_attr(m, op, "iterator_types"));
    uint32_t nout = o->nres, nin = o->nopnd - nout;
    if (its->n > MAX_LOOPS || maps->n != o->nopnd)
        return 0;
    for (uint32_t i = 0; i < its->n; i++)
        if (strcmp(iterator_of(m, its->elems[i]), "parallel") != 0)
            return 0;
    ir_block from = split_body(m, op, 0);
    const struct ir_block_info *fi = ir_block_get(m, from);
    ir_op yield = ir_block_get(m, from)->last;
    if (ir_op_get(m, yield)->kind != IR_OP_LINALG_YIELD || ir_op_get(m, yield)->nopnd != nout)
        return 0;
    for (uint32_t k = 0; k < nout; k++)
        for (uint32_t j = 0; j < nout; j++)
            if (j != k && reads_arg(m, from, ir_op_get(m, yield)->opnd[k], fi->args[nin + j], 0))
                return 0;
    for (uint32_t k = 0; k < nout; k++) {
        struct split_gen g = {.nloops = its->n, .nin = nin};
        for (uint32_t i = 0; i < nin; i++) {
            g.in[i] = o->opnd[i];
            g.in_map[i] = ir_attr_get(m, maps->elems[i])->map;
        }
        g.out = o->opnd[nin + k];
        g.out_map = ir_attr_get(m, maps->elems[nin + k])->map;
        g.res = ir_value_type(m, o->res + k);
        struct split_b b;
        sb_before(&b, m, op, o->loc);
        ir_block body;
        gs[k] = split_gen_create(&b, &g, &body);
        struct split_vmap vm = {0};
        const struct ir_block_info *bi = ir_block_get(m, body);
        for (uint32_t i = 0; i < nin; i++)
            split_vmap_set(&vm, fi->args[i], bi->args[i]);
        split_vmap_set(&vm, fi->args[nin + k], bi->args[nin]);
        IR_FOR_OPS(m, from, x)
        if (x != yield)
            ir_block_append_op(m, body, split_clone(m, x, &vm));
        struct split_b yb;
        sb_at_end(&yb, m, body, ir_op_get(m, yield)->loc);
        struct ir_op_state st;
        ir_state_init(&st, m, "linalg.yield", ir_op_get(m, yield)->loc);
        ir_state_add_operand(m, &st, split_vmap_get(&vm, ir_op_get(m, yield)->opnd[k]));
        sb_emit(&yb, &st);
        split_vmap_free(&vm);
        split_dce(m, gs[k]);
        o = ir_op_get(m, op);
        ir_value_get(m, ir_op_result(m, gs[k], 0))->name = ir_value_get(m, o->res + k)->name;
        split_replace_uses(m, ir_op_parent(m, op), o->res + k, ir_op_result(m, gs[k], 0));
    }
    ir_op_unlink(m, op);
    return nout;
}

/* Replaces op (one tensor result) by its generic form; false after an
 * error. Ops already in their final form are left alone. */
static bool generalize(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    if (o->nres != 1 || ir_type_get(m, ir_value_type(m, o->res))->kind != IR_TY_TENSOR)
        return true;
    switch (o->kind) {
    case IR_OP_KTDP_LOAD:
    case IR_OP_TENSOR_EMPTY:
    case IR_OP_TENSOR_SPLAT:
    case IR_OP_LINALG_FILL:
        return true;
    case IR_OP_LINALG_GENERIC: {
        struct split_b gb;
        sb_before(&gb, m, op, o->loc);
        ir_op og = IR_NONE;
        int r = outer_generic(c, &gb, op, &og);
        if (r < 0)
            return false;
        if (!r)
            return generic_reduction_ok(c, op);
        ir_value_get(m, ir_op_result(m, og, 0))->name = ir_value_get(m, o->res)->name;
        split_replace_uses(m, ir_op_parent(m, op), o->res, ir_op_result(m, og, 0));
        ir_op_unlink(m, op);
        return true;
    }
    default:
        if (split_is_ring_shift(m, op))
            return true; /* split_pipeline.c's */
        break;
    }
    struct split_b b;
    sb_before(&b, m, op, o->loc);
    ir_type t = ir_value_type(m, o->res);
    ir_op g = IR_NONE;
    int outer = o->kind == IR_OP_LINALG_REDUCE ? outer_reduced(m, op) : 0;
    if (outer < 0) {
        return split_error(c, op, "a linalg.reduce over dimensions other than the innermost "
                                  "or the outermost ones is not supported yet");
    } else if (outer) {
        if (!(g = outer_reduction(c, &b, op, (uint32_t)outer)))
            return false;
    } else if (o->kind == IR_OP_LINALG_MAP || o->kind == IR_OP_LINALG_REDUCE ||
        o->kind == IR_OP_LINALG_BROADCAST || o->kind == IR_OP_LINALG_TRANSPOSE) {
        if (!(g = structured(c, &b, op)))
            return false;
    } else if (o->kind == IR_OP_TENSOR_COLLAPSE_SHAPE || o->kind == IR_OP_TENSOR_EXPAND_SHAPE ||
               o->kind == IR_OP_TENSOR_EXTRACT_SLICE) {
        if (!(g = view_generic(&b, op)))
            return split_error(c, op, "this %s (merging dims, or with dynamic or strided "
                                      "slices) is not supported yet", name);
    } else if (o->kind == IR_OP_LINALG_MATMUL) {
        g = contraction(&b, op);
    } else if (strncmp(name, "linalg.", 7) == 0) {
        const char *s = named_scalar(o->kind, ir_type_is_float(m, ir_type_elem(m, t)));
        if (!s || o->nopnd < 2)
            return split_error(c, op, "%s is not supported yet", name);
        g = elementwise(&b, o->kind, s, o->nopnd - 1, o->opnd, o->opnd[o->nopnd - 1], t, IR_NONE);
    } else if (split_compute_op_ok(m, op)) {
        if (o->nopnd > MAX_IN)
            return split_error(c, op, "%s with %u operands is not supported yet", name, o->nopnd);
        /* a scalar operand (arith.select's condition on tensors) is splat
         * to the result's shape: folded into the generic, captured */
        const struct ir_type_info *ti = ir_type_get(m, t);
        ir_value ins[MAX_IN];
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ins[i] = o->opnd[i];
            ir_type it = ir_value_type(m, o->opnd[i]);
            if (ir_type_get(m, it)->kind == IR_TY_TENSOR)
                continue;
            for (uint32_t d = 0; d < ti->rank; d++)
                if (ti->shape[d] == IR_DYN)
                    return split_error(c, op,
                                       "%s mixing tensors of dynamic shape and scalars is not "
                                       "supported yet",
                                       name);
            struct ir_op_state st;
            ir_state_init(&st, m, "tensor.splat", o->loc);
            ir_state_add_operand(m, &st, o->opnd[i]);
            ir_state_add_result(m, &st, ir_type_shaped(m, IR_TY_TENSOR, ti->rank, ti->shape, it));
            ins[i] = ir_op_result(m, sb_emit(&b, &st), 0);
            o = ir_op_get(m, op);
        }
        ir_value out = sb_tensor_empty(&b, t);
        g = elementwise(&b, 0, name, o->nopnd, ins, out, t, o->attrs);
    } else {
        return split_error(c, op, "%s in a compute group is not supported yet", name);
    }
    ir_value r = ir_op_result(m, g, 0);
    ir_value_get(m, r)->name = ir_value_get(m, o->res)->name;
    split_replace_uses(m, ir_op_parent(m, op), o->res, r);
    ir_op_unlink(m, op);
    return true;
}

/* ---- folding splats and fills into their consumers ------------------------ */

/* What a splat or fill input folds into: a captured scalar (*scalar), or,
 * for a tensor.extract at constant indices, an input read there (*tensor,
 * *map over nloops dims). */
static bool fold_input(struct ir_module *m, ir_value v, uint32_t nloops, ir_value *scalar,
                       ir_value *tensor, uint32_t *map)
{
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind != IR_OP_TENSOR_SPLAT && o->kind != IR_OP_LINALG_FILL)
        return false;
    ir_value s = o->opnd[0]; /* the splat's scalar, the fill's ins */
    ir_op e = ir_value_def(m, s);
    *scalar = s, *tensor = IR_NONE;
    if (!e || ir_op_get(m, e)->kind != IR_OP_TENSOR_EXTRACT)
        return true;
    const struct ir_op_info *eo = ir_op_get(m, e);
    ir_aff r[MAX_LOOPS];
    if (eo->nopnd - 1 > MAX_LOOPS)
        return true;
    for (uint32_t i = 1; i < eo->nopnd; i++) {
        int64_t k;
        if (!split_const_int(m, eo->opnd[i], &k))
            return true; /* a scalar captured as is */
        r[i - 1] = ir_aff_const(m, k);
    }
    *tensor = eo->opnd[0];
    *map = ir_map_intern(m, nloops, 0, eo->nopnd - 1, r);
    return true;
}

/* Scalar v as the body of a generic computes it: float arithmetic on
 * scalars known when the program runs (arguments, conversions of index
 * values, constants) is cloned into body (memoized in vm), so that the
 * compute unit does it; those leaves stay captured. */
static ir_value inline_scalar(struct ir_module *m, ir_block body, ir_value v, struct split_vmap *vm)
{
    ir_op d = ir_value_def(m, v);
    if (split_vmap_get(vm, v) != v || !d)
        return split_vmap_get(vm, v);
    const struct ir_op_info *o = ir_op_get(m, d);
    if (!split_compute_op_ok(m, d) || o->nres != 1 || o->nreg || o->kind == IR_OP_ARITH_CONSTANT ||
        o->kind == IR_OP_ARITH_SITOFP || o->kind == IR_OP_ARITH_UITOFP ||
        !ir_type_is_float(m, ir_value_type(m, o->res)))
        return v;
    for (uint32_t i = 0; i < o->nopnd; i++)
        inline_scalar(m, body, o->opnd[i], vm);
    ir_block_append_op(m, body, split_clone(m, d, vm));
    return split_vmap_get(vm, v);
}

/* Rebuilds generic op with its splat and fill inputs folded; returns the
 * op now in its place. */
static ir_op fold_splats(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    struct split_gen g, ng;
    if (!split_gen_read(m, op, &g))
        return op;
    ir_value scalar[MAX_IN], tensor[MAX_IN];
    uint32_t map[MAX_IN];
    bool any = false, fold[MAX_IN];
    for (uint32_t i = 0; i < g.nin; i++) {
        fold[i] = fold_input(m, g.in[i], g.nloops, &scalar[i], &tensor[i], &map[i]);
        any |= fold[i];
    }
    if (!any)
        return op;
    ng = g;
    ng.nin = 0;
    for (uint32_t i = 0; i < g.nin; i++) {
        if (!fold[i]) {
            ng.in[ng.nin] = g.in[i], ng.in_map[ng.nin++] = g.in_map[i];
        } else if (tensor[i]) {
            ng.in[ng.nin] = tensor[i], ng.in_map[ng.nin++] = map[i];
        }
    }
    struct split_b b;
    sb_before(&b, m, op, ir_op_get(m, op)->loc);
    ir_block body;
    ir_op nop = split_gen_create(&b, &ng, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_block from = split_body(m, op, 0);
    const struct ir_block_info *fi = ir_block_get(m, from);
    struct split_vmap vm = {0};
    uint32_t k = 0;
    for (uint32_t i = 0; i < g.nin; i++)
        split_vmap_set(&vm, fi->args[i], fold[i] && !tensor[i] ? inline_scalar(m, body, scalar[i], &vm)
                                                               : bi->args[k++]);
    split_vmap_set(&vm, fi->args[g.nin], bi->args[k]);
    clone_body(m, from, body, &vm);
    split_vmap_free(&vm);
    /* A body yielding a folded constant as it is (a copy of a fill)
     * computes it: the constant moves into the body. */
    ir_op y = ir_block_get(m, body)->last;
    ir_op yd = ir_value_def(m, ir_op_get(m, y)->opnd[0]);
    if (yd && ir_op_get(m, yd)->kind == IR_OP_ARITH_CONSTANT && ir_op_parent(m, yd) != nop) {
        struct split_vmap cm = {0};
        ir_op copy = split_clone(m, yd, &cm);
        split_vmap_free(&cm);
        ir_op_insert_before(m, y, copy);
        ir_op_get(m, y)->opnd[0] = ir_op_result(m, copy, 0);
    }
    ir_value r = ir_op_result(m, nop, 0);
    ir_value_get(m, r)->name = ir_value_get(m, ir_op_result(m, op, 0))->name;
    split_replace_uses(m, ir_op_parent(m, op), ir_op_result(m, op, 0), r);
    ir_op_unlink(m, op);
    return nop;
}

/* ---- fusion ---------------------------------------------------------------- */

/* The loop each result of a permutation map reads: perm[i] = dim of result
 * i; false when the map is not a permutation. */
static bool permutation(const struct ir_module *m, uint32_t map, uint32_t *perm)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    bool seen[MAX_LOOPS] = {0};
    if (mp->nres != mp->ndims || mp->ndims > MAX_LOOPS)
        return false;
    for (uint32_t i = 0; i < mp->nres; i++) {
        const struct ir_aff_info *a = ir_aff_get(m, mp->res[i]);
        if (a->kind != IR_AFF_DIM || seen[a->v])
            return false;
        seen[a->v] = true;
        perm[i] = (uint32_t)a->v;
    }
    return true;
}

/* Whether producer p (a generic) may fuse into its consumer u, where it is
 * input k. */
static bool fusible(const struct ir_module *m, const struct split_gen *p, ir_op pop, const struct split_gen *u,
                    uint32_t k, uint32_t *perm)
{
    for (uint32_t i = 0; i < p->nloops; i++)
        if (p->red[i])
            return false;
    if (!permutation(m, p->out_map, perm))
        return false;
    /* the producer's linalg.index d becomes the consumer's map result
     * for d (fuse): a loop dim or a constant; not in a reduction (its
     * rows are folded by clones of the body, its chunks by ktc-nest's
     * levels: the index would be theirs) */
    const struct ir_affine_map *qm = ir_map_get(m, u->in_map[k]);
    bool ix = uses_index(m, pop);
    for (uint32_t i = 0; ix && i < u->nloops; i++)
        if (u->red[i])
            return false;
    for (uint32_t i = 0; ix && i < qm->nres; i++)
        if (ir_aff_get(m, qm->res[i])->kind != IR_AFF_DIM &&
            ir_aff_get(m, qm->res[i])->kind != IR_AFF_CONST)
            return false;
    ir_block pb = split_body(m, pop, 0);
    const struct ir_block_info *bi = ir_block_get(m, pb);
    if (split_block_uses(m, pb, bi->args[p->nin]))
        return false; /* it reads its output */
    /* A copy of a loaded tensor read at constant indices (a contraction's
     * A[i,k], B[k,j]) stays: it stages the tensor in the scratchpad, where
     * the consumer reads an element or a row at a time; fused, each would
     * be a device-memory read of a piece of a word. */
    const struct ir_affine_map *um = ir_map_get(m, u->in_map[k]);
    ir_op y = ir_block_get(m, pb)->last;
    ir_op src = p->nin == 1 ? ir_value_def(m, p->in[0]) : IR_NONE;
    if (src && ir_op_get(m, src)->kind == IR_OP_KTDP_LOAD && ir_op_get(m, y)->nopnd == 1 &&
        ir_op_get(m, y)->opnd[0] == bi->args[0])
        for (uint32_t i = 0; i < um->nres; i++)
            if (ir_aff_get(m, um->res[i])->kind != IR_AFF_DIM)
                return false;
    return p->nin - 1 + u->nin <= FUSE_MAX_IN &&
           ir_map_get(m, u->in_map[k])->nres == p->nloops;
}

/* Fuses producer pop (input k of consumer uop); returns the fused op. */
static ir_op fuse(struct split_ctx *c, ir_op pop, const struct split_gen *p, ir_op uop,
                  const struct split_gen *u, uint32_t k, const uint32_t *perm)
{
    struct ir_module *m = c->m;
    /* Producer loop perm[i] is consumer map k's result i. */
    const struct ir_affine_map *q = ir_map_get(m, u->in_map[k]);
    ir_aff sub[MAX_LOOPS];
    for (uint32_t i = 0; i < p->nloops; i++)
        sub[perm[i]] = q->res[i];
    struct split_gen f = *u;
    f.nin = 0;
    for (uint32_t i = 0; i < u->nin; i++) {
        if (i != k) {
            f.in[f.nin] = u->in[i], f.in_map[f.nin++] = u->in_map[i];
            continue;
        }
        for (uint32_t j = 0; j < p->nin; j++) {
            const struct ir_affine_map *pm = ir_map_get(m, p->in_map[j]);
            ir_aff r[MAX_LOOPS];
            for (uint32_t t = 0; t < pm->nres && t < MAX_LOOPS; t++)
                r[t] = split_aff_subst(m, pm->res[t], sub);
            f.in[f.nin] = p->in[j];
            f.in_map[f.nin++] = ir_map_intern(m, u->nloops, 0, pm->nres, r);
        }
    }
    struct split_b b;
    sb_before(&b, m, uop, ir_op_get(m, uop)->loc);
    ir_block body;
    ir_op fop = split_gen_create(&b, &f, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_block pb = split_body(m, pop, 0), ub = split_body(m, uop, 0);
    const struct ir_block_info *pi = ir_block_get(m, pb), *ui = ir_block_get(m, ub);
    struct split_vmap vm = {0};
    for (uint32_t j = 0; j < p->nin; j++)
        split_vmap_set(&vm, pi->args[j], bi->args[k + j]);
    ir_value pv = IR_NONE;
    IR_FOR_OPS(m, pb, op) {
        if (ir_op_get(m, op)->kind == IR_OP_LINALG_YIELD) {
            pv = split_vmap_get(&vm, ir_op_get(m, op)->opnd[0]);
            break;
        }
        if (ir_op_get(m, op)->kind == IR_OP_LINALG_INDEX) { /* fusible: dim or constant */
            const struct ir_aff_info *a =
                ir_aff_get(m, sub[ir_attr_get(m, ir_op_attr(m, op, "dim"))->i]);
            struct split_b ib;
            sb_at_end(&ib, m, body, ir_op_get(m, op)->loc);
            ir_value x;
            if (a->kind == IR_AFF_DIM) {
                struct ir_op_state st;
                ir_state_init(&st, m, "linalg.index", ib.loc);
                ir_state_set_attr(m, &st, "dim", ir_attr_int(m, a->v, m->t_i64));
                ir_state_add_result(m, &st, m->t_index);
                x = ir_op_result(m, sb_emit(&ib, &st), 0);
            } else {
                x = sb_index(&ib, a->v);
            }
            split_vmap_set(&vm, ir_op_result(m, op, 0), x);
            continue;
        }
        ir_block_append_op(m, body, split_clone(m, op, &vm));
    }
    for (uint32_t i = 0; i < u->nin; i++)
        split_vmap_set(&vm, ui->args[i],
                       i < k ? bi->args[i] : i == k ? pv : bi->args[i + p->nin - 1]);
    split_vmap_set(&vm, ui->args[u->nin], bi->args[f.nin]);
    clone_body(m, ub, body, &vm);
    split_vmap_free(&vm);
    ir_value r = ir_op_result(m, fop, 0);
    ir_value_get(m, r)->name = ir_value_get(m, ir_op_result(m, uop, 0))->name;
    split_replace_uses(m, ir_op_parent(m, uop), ir_op_result(m, uop, 0), r);
    ir_op_unlink(m, uop);
    ir_op_unlink(m, pop);
    return fop;
}

/* Merges inputs that read the same value through the same map. */
static void dedupe_inputs(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    struct split_gen g, ng;
    if (!split_gen_read(m, op, &g))
        return;
    uint32_t first[MAX_IN];
    bool dup = false;
    ng = g;
    ng.nin = 0;
    for (uint32_t i = 0; i < g.nin; i++) {
        first[i] = i;
        for (uint32_t j = 0; j < i && first[i] == i; j++)
            if (g.in[j] == g.in[i] && g.in_map[j] == g.in_map[i])
                first[i] = first[j];
        if (first[i] == i)
            ng.in[ng.nin] = g.in[i], ng.in_map[ng.nin++] = g.in_map[i];
        dup |= first[i] != i;
    }
    if (!dup)
        return;
    struct split_b b;
    sb_before(&b, m, op, ir_op_get(m, op)->loc);
    ir_block body;
    ir_op nop = split_gen_create(&b, &ng, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    ir_block from = split_body(m, op, 0);
    const struct ir_block_info *fi = ir_block_get(m, from);
    struct split_vmap vm = {0};
    uint32_t slot[MAX_IN], k = 0;
    for (uint32_t i = 0; i < g.nin; i++) {
        if (first[i] == i)
            slot[i] = k++;
        split_vmap_set(&vm, fi->args[i], bi->args[slot[first[i]]]);
    }
    split_vmap_set(&vm, fi->args[g.nin], bi->args[k]);
    clone_body(m, from, body, &vm);
    split_vmap_free(&vm);
    ir_value r = ir_op_result(m, nop, 0);
    ir_value_get(m, r)->name = ir_value_get(m, ir_op_result(m, op, 0))->name;
    split_replace_uses(m, ir_op_parent(m, op), ir_op_result(m, op, 0), r);
    ir_op_unlink(m, op);
}

/* Whether fusing producer pop into consumer uop would make the consumer
 * fill fewer lanes per tile (the producer computes in a wider type: a
 * contraction's f32 epilogue feeding f16 work): kept apart, the consumer
 * runs on full vectors and stores whole rows of its own type. A mask (an
 * i1 result: `x > 0` of `tl.where(x > 0, x, 0)`) is no work of its own: it
 * fuses, its compare then computed in the consumer's lanes. */
static bool narrows(struct split_ctx *c, ir_op pop, const struct split_gen *p, ir_op uop,
                    const struct split_gen *u)
{
    char a[16], b[16];
    if (ir_type_elem(c->m, p->res) == c->m->t_i1)
        return false;
    return split_gen_lanes(c, pop, ir_type_elem(c->m, p->res), a, sizeof a) <
           split_gen_lanes(c, uop, ir_type_elem(c->m, u->res), b, sizeof b);
}

/* Whether consumer u (uop) reduces rows wider than the lanes of producer
 * p's result, its input k, several rows a tile: fused, the
 * reduction's input would be a vector of several rows wider than the
 * lanes, which ktc-lower does not run in lane-wide pieces; kept apart, the
 * reduction reads the rows from the scratchpad. */
static bool wide_rows(struct split_ctx *c, const struct split_gen *p, ir_op uop,
                      const struct split_gen *u, uint32_t k)
{
    struct ir_module *m = c->m;
    const struct ir_type_info *t = ir_type_get(m, p->res);
    const struct ir_affine_map *qm = ir_map_get(m, u->in_map[k]);
    int64_t red = 1, par = 1;
    bool any = false;
    if (t->rank != qm->nres)
        return false;
    for (uint32_t i = 0; i < qm->nres; i++) {
        const struct ir_aff_info *a = ir_aff_get(m, qm->res[i]);
        if (a->kind != IR_AFF_DIM || (uint32_t)a->v >= u->nloops || t->shape[i] == IR_DYN)
            return false;
        if (u->red[a->v]) {
            red *= t->shape[i];
            any = true;
        } else {
            par *= t->shape[i];
        }
    }
    char b[16];
    int64_t lanes = split_gen_lanes(c, uop, ir_type_elem(m, p->res), b, sizeof b);
    return any && par > 1 && lanes > 0 && red > lanes;
}

/* Whether consumer u (uop) reduces rows of producer p's result, its input
 * k, wider than the lanes (*lanes): reduced[d] tells p's loops d along
 * them, *red their elements. */
static bool wide_reduced(struct split_ctx *c, const struct split_gen *p, ir_op uop,
                         const struct split_gen *u, uint32_t k, bool *reduced, int64_t *red,
                         int64_t *lanes)
{
    struct ir_module *m = c->m;
    const struct ir_type_info *t = ir_type_get(m, p->res);
    const struct ir_affine_map *qm = ir_map_get(m, u->in_map[k]);
    const struct ir_affine_map *om = ir_map_get(m, p->out_map);
    *red = 1;
    if (t->rank != qm->nres || t->rank != om->nres)
        return false;
    for (uint32_t i = 0; i < qm->nres; i++) {
        const struct ir_aff_info *a = ir_aff_get(m, qm->res[i]);
        const struct ir_aff_info *o = ir_aff_get(m, om->res[i]);
        if (a->kind != IR_AFF_DIM || (uint32_t)a->v >= u->nloops || o->kind != IR_AFF_DIM ||
            (uint32_t)o->v >= p->nloops || t->shape[i] == IR_DYN)
            return false;
        if (u->red[a->v]) {
            reduced[o->v] = true;
            *red *= t->shape[i];
        }
    }
    char b[16];
    *lanes = split_gen_lanes(c, uop, ir_type_elem(m, p->res), b, sizeof b);
    return *lanes > 0 && *red > *lanes;
}

/* Whether consumer u (uop) reduces rows of producer p's result, its input
 * k, wider than the lanes, and p reads an input broadcast along them (the
 * row's max in a sum of exp(x - max)): fused, the reduction would read that
 * input as a splat as wide as the row, which neither ktc-nest's
 * reductions nor ktc-codegen's streamed reduction take; kept apart, p
 * writes its row to the scratchpad and the reduction reads it (ktc-nest's
 * reduction-producer may fold them together again, chunk by chunk). */
static bool wide_broadcast(struct split_ctx *c, const struct split_gen *p, ir_op uop,
                           const struct split_gen *u, uint32_t k)
{
    struct ir_module *m = c->m;
    bool reduced[SPLIT_MAX_LOOPS] = {false};
    int64_t red, lanes;
    if (!wide_reduced(c, p, uop, u, k, reduced, &red, &lanes))
        return false;
    for (uint32_t j = 0; j < p->nin; j++) {
        const struct ir_affine_map *im = ir_map_get(m, p->in_map[j]);
        bool used[SPLIT_MAX_LOOPS] = {false};
        for (uint32_t i = 0; i < im->nres; i++)
            split_aff_dims(m, im->res[i], used);
        for (uint32_t d = 0; d < p->nloops; d++)
            if (reduced[d] && !used[d])
                return true;
    }
    return false;
}

/* Whether consumer u (uop) reduces rows of producer p's result, its input
 * k, wider than the lanes, and the fused generic would read several rows
 * along the reduced dims (x and r of a sum of (x + r)^2) that the compute
 * unit's registers do not hold whole: ktc-nest's reductions and
 * ktc-codegen's streamed reduction take one row only (received piece by
 * piece, the senders would not send the rows piece by piece in turn).
 * Kept apart, p writes its row to the scratchpad a lane-wide piece at a
 * time and the reduction reads that one row. */
static bool wide_inputs(struct split_ctx *c, const struct split_gen *p, ir_op uop,
                        const struct split_gen *u, uint32_t k)
{
    struct ir_module *m = c->m;
    bool reduced[SPLIT_MAX_LOOPS] = {false};
    int64_t red, lanes;
    if (!wide_reduced(c, p, uop, u, k, reduced, &red, &lanes))
        return false;
    /* the rows it would read: p's inputs along the reduced dims, u's other
     * inputs along its reduction loops */
    ir_value rows[2 * SPLIT_MAX_IN];
    uint32_t nrows = 0;
    for (uint32_t side = 0; side < 2; side++) {
        const struct split_gen *g = side ? u : p;
        for (uint32_t j = 0; j < g->nin; j++) {
            if (side && j == k)
                continue;
            const struct ir_affine_map *im = ir_map_get(m, g->in_map[j]);
            bool used[SPLIT_MAX_LOOPS] = {false}, along = false;
            for (uint32_t i = 0; i < im->nres; i++)
                split_aff_dims(m, im->res[i], used);
            for (uint32_t d = 0; d < g->nloops; d++)
                along = along || (used[d] && (side ? u->red[d] : reduced[d]));
            bool seen = false;
            for (uint32_t i = 0; i < nrows; i++)
                seen = seen || rows[i] == g->in[j];
            if (along && !seen)
                rows[nrows++] = g->in[j];
        }
    }
    int64_t regs = (int64_t)c->max_vregs - SPLIT_COMPUTED_REGS;
    return nrows > 1 && (int64_t)nrows * ((red + lanes - 1) / lanes) > regs;
}

/* Fused, a producer the consumer reads broadcast computes each of its
 * elements once per consumer vector that reads it; kept apart, once, at
 * the cost of a pipeline of its own. Past this many vectors an element
 * (a row-wide consumer of a scalar fold: the all-reduced max of a 65536-
 * wide softmax row), the recomputation costs more than the pipeline. */
#define RECOMPUTE_MAX_VECTORS 64

/* Whether fusing producer p (pop) into consumer u (uop) would compute
 * each of p's elements more than RECOMPUTE_MAX_VECTORS times: u reads
 * p's result broadcast over that many of its vectors, and p does work
 * (an op besides its yield and constants). */
static bool recomputes(struct split_ctx *c, ir_op pop, const struct split_gen *p, ir_op uop,
                       const struct split_gen *u)
{
    struct ir_module *m = c->m;
    int64_t pe = ir_type_numel(m, p->res), ue = 1;
    int64_t ext[MAX_LOOPS];
    if (pe <= 0 || !split_gen_extents(m, u, ext))
        return false;
    for (uint32_t d = 0; d < u->nloops; d++)
        ue *= ext[d];
    char b[16];
    int64_t lanes = split_gen_lanes(c, uop, ir_type_elem(m, u->res), b, sizeof b);
    if (lanes <= 0 || ue / pe <= RECOMPUTE_MAX_VECTORS * lanes)
        return false;
    IR_FOR_OPS(m, split_body(m, pop, 0), op)
    {
        enum ir_op_kind k = ir_op_get(m, op)->kind;
        if (k != IR_OP_LINALG_YIELD && k != IR_OP_ARITH_CONSTANT)
            return true;
    }
    return false;
}

/* One fusion in block blk, if any applies. */
static bool fuse_one(struct split_ctx *c, ir_op fn, ir_block blk)
{
    struct ir_module *m = c->m;
    uint32_t *uses = split_use_counts(m, fn);
    bool done = false;
    IR_FOR_OPS(m, blk, pop) {
        const struct ir_op_info *po = ir_op_get(m, pop);
        if (po->kind != IR_OP_LINALG_GENERIC || uses[po->res] != 1)
            continue;
        /* Its one user, a generic reading it as an input. */
        for (ir_op uop = po->next; uop && !done; uop = ir_op_get(m, uop)->next) {
            const struct ir_op_info *uo = ir_op_get(m, uop);
            uint32_t k = 0;
            while (k < uo->nopnd && uo->opnd[k] != po->res)
                k++;
            if (k == uo->nopnd)
                continue;
            struct split_gen p, u;
            uint32_t perm[MAX_LOOPS];
            if (uo->kind == IR_OP_LINALG_GENERIC && split_gen_read(m, pop, &p) &&
                split_gen_read(m, uop, &u) && k < u.nin && fusible(m, &p, pop, &u, k, perm) &&
                !narrows(c, pop, &p, uop, &u) && !wide_rows(c, &p, uop, &u, k) &&
                !wide_broadcast(c, &p, uop, &u, k) && !wide_inputs(c, &p, uop, &u, k) &&
                !recomputes(c, pop, &p, uop, &u)) {
                dedupe_inputs(c, fuse(c, pop, &p, uop, &u, k, perm));
                done = true;
            }
            break;
        }
        if (done)
            break;
    }
    free(uses);
    return done;
}

/* A tensor no computation made (loaded, a splat or a fill, a loop's
 * carried result) that user stores (operand k), carries into a loop or
 * yields as a loop's next value gets a copy generic, so that its data too
 * flows load -> compute -> store and the splat or fill folds into it like
 * into any consumer. `what` names the use in errors. */
static bool add_copy(struct split_ctx *c, ir_op user, uint32_t k, const char *what)
{
    struct ir_module *m = c->m;
    struct ir_op_info *o = ir_op_get(m, user);
    ir_value v = o->opnd[k];
    ir_op d = ir_value_def(m, v);
    uint32_t kind = d ? ir_op_get(m, d)->kind : 0;
    if (kind == IR_OP_LINALG_GENERIC)
        return true;
    if (kind != IR_OP_KTDP_LOAD && kind != IR_OP_TENSOR_SPLAT && kind != IR_OP_LINALG_FILL &&
        kind != IR_OP_SCF_FOR && !split_is_ring_shift(m, d))
        return split_error(c, user, "%s a tensor made by %s is not supported yet", what,
                           d ? ir_str_get(m, ir_op_get(m, d)->name) : "a block argument");
    struct split_b b;
    sb_before(&b, m, user, o->loc);
    ir_type t = ir_value_type(m, v);
    ir_op g = elementwise(&b, IR_OP_LINALG_COPY, "", 1, &v, sb_tensor_empty(&b, t), t, IR_NONE);
    split_set_name(m, ir_op_result(m, g, 0), "copy");
    ir_op_get(m, user)->opnd[k] = ir_op_result(m, g, 0);
    return true;
}

/* ---- loops and scalars ------------------------------------------------------- */

/* arith.constant dense<c> : tensor<...> becomes tensor.splat of c, so it
 * folds like any splat. */
static void dense_splats(struct split_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                dense_splats(c, b);
        if (o->kind != IR_OP_ARITH_CONSTANT ||
            ir_type_get(m, ir_value_type(m, o->res))->kind != IR_TY_TENSOR)
            continue;
        const struct ir_attr_info *ai = ir_attr_get(m, ir_op_attr(m, op, "value"));
        if (ai->kind != IR_AT_DENSE || ai->n != 1)
            continue;
        ir_type t = ir_value_type(m, o->res), et = ir_type_elem(m, t);
        struct ir_attr_info e = *ir_attr_get(m, ai->elems[0]);
        e.type = et;
        struct split_b b;
        sb_before(&b, m, op, o->loc);
        struct ir_op_state st;
        ir_state_init(&st, m, "arith.constant", o->loc);
        ir_state_set_attr(m, &st, "value", ir_attr_intern(m, &e));
        ir_state_add_result(m, &st, et);
        ir_value sc = ir_op_result(m, sb_emit(&b, &st), 0);
        ir_state_init(&st, m, "tensor.splat", o->loc);
        ir_state_add_operand(m, &st, sc);
        ir_state_add_result(m, &st, t);
        ir_value r = ir_op_result(m, sb_emit(&b, &st), 0);
        ir_value_get(m, r)->name = ir_value_get(m, o->res)->name;
        split_replace_uses(m, ir_op_parent(m, op), o->res, r);
        ir_op_unlink(m, op);
    }
}

/* The value of scalar v when constants alone make it (arith.constant
 * through index_cast, sitofp, uitofp, extf, truncf). */
static bool const_scalar(const struct ir_module *m, ir_value v, double *out)
{
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    switch (o->kind) {
    case IR_OP_ARITH_CONSTANT: {
        const struct ir_attr_info *a = ir_attr_get(m, ir_op_attr(m, d, "value"));
        if (a->kind == IR_AT_INT)
            *out = (double)a->i;
        else if (a->kind == IR_AT_FLOAT && !(a->flags & IR_ATF_HEX))
            *out = a->f;
        else
            return false;
        return true;
    }
    case IR_OP_ARITH_INDEX_CAST:
    case IR_OP_ARITH_SITOFP:
    case IR_OP_ARITH_UITOFP:
    case IR_OP_ARITH_EXTF:
    case IR_OP_ARITH_TRUNCF:
        return const_scalar(m, o->opnd[0], out);
    default:
        return false;
    }
}

#define MAX_CHAIN 64 /* scalar ops of one chain */

/* The scalar ops computing v from tensor.extract results, in dependence
 * order (post-order), and the extracts they read; the ops found to read
 * none (each op is looked at once: a chain of x + x would otherwise be
 * walked 2^n times). */
struct chain {
    ir_op ops[MAX_CHAIN];
    uint32_t nops;
    ir_op ext[MAX_IN];
    uint32_t next;
    ir_op none[4 * MAX_CHAIN];
    uint32_t nnone;
    bool too_big;
};

static bool chain_has(const struct chain *ch, ir_op op)
{
    for (uint32_t i = 0; i < ch->nops; i++)
        if (ch->ops[i] == op)
            return true;
    for (uint32_t i = 0; i < ch->next; i++)
        if (ch->ext[i] == op)
            return true;
    return false;
}

/* Adds v's ops to ch; true when v depends on an extract. */
static bool chain_of(const struct ir_module *m, ir_value v, struct chain *ch)
{
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (chain_has(ch, d))
        return true;
    if (o->kind == IR_OP_TENSOR_EXTRACT) {
        if (ch->next == MAX_IN)
            ch->too_big = true;
        else
            ch->ext[ch->next++] = d;
        return true;
    }
    if (o->nres != 1 || o->nreg || ir_type_get(m, ir_value_type(m, o->res))->kind == IR_TY_TENSOR ||
        !split_compute_op_ok(m, d) || o->kind == IR_OP_ARITH_CONSTANT)
        return false;
    for (uint32_t i = 0; i < ch->nnone; i++)
        if (ch->none[i] == d)
            return false;
    bool dep = false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        dep |= chain_of(m, o->opnd[i], ch);
    if (dep && !chain_has(ch, d)) {
        if (ch->nops == MAX_CHAIN)
            ch->too_big = true;
        else
            ch->ops[ch->nops++] = d;
    } else if (!dep) {
        if (ch->nnone == 4 * MAX_CHAIN)
            ch->too_big = true;
        else
            ch->none[ch->nnone++] = d;
    }
    return dep;
}

/* A splat (or a linalg.fill: its ins is the scalar) of a scalar computed
 * from tensor.extract results: the scalar ops become a one-element generic
 * over the extracted tensors, and the splat reads element 0 of its result
 * (split.h). */
static bool scalar_chain(struct split_ctx *c, ir_op splat)
{
    struct ir_module *m = c->m;
    ir_value s = ir_op_get(m, splat)->opnd[0];
    ir_op sd = ir_value_def(m, s);
    if (!sd || ir_op_get(m, sd)->kind == IR_OP_TENSOR_EXTRACT)
        return true; /* folds as it is */
    struct chain ch = {.nops = 0};
    if (!chain_of(m, s, &ch))
        return true;
    if (ch.too_big)
        return split_error(c, splat, "a scalar computation of more than %d ops or %d extracted "
                                     "tensors is not supported yet", MAX_CHAIN, MAX_IN);
    struct ir_loc loc = ir_op_get(m, splat)->loc;
    ir_type et = ir_value_type(m, s);
    int64_t one = 1;
    struct split_gen g = {.nloops = 1, .nin = ch.next,
                          .res = ir_type_shaped(m, IR_TY_TENSOR, 1, &one, et)};
    for (uint32_t i = 0; i < ch.next; i++) {
        const struct ir_op_info *eo = ir_op_get(m, ch.ext[i]);
        ir_aff r[MAX_LOOPS];
        if (eo->nopnd - 1 > MAX_LOOPS)
            return split_error(c, ch.ext[i], "tensor.extract of more than %d dims is not "
                                             "supported yet", MAX_LOOPS);
        for (uint32_t k = 1; k < eo->nopnd; k++) {
            int64_t v;
            if (!split_const_int(m, eo->opnd[k], &v))
                return split_error(c, ch.ext[i], "tensor.extract at non-constant indices is not "
                                                 "supported yet");
            r[k - 1] = ir_aff_const(m, v);
        }
        g.in[i] = eo->opnd[0];
        /* element 0 of a one-element vector is the loop's one index (a
         * carried scalar, split_scalar_carries: read in place) */
        g.in_map[i] = ir_value_type(m, eo->opnd[0]) == g.res ? identity_map(m, 1)
                                                             : ir_map_intern(m, 1, 0, eo->nopnd - 1, r);
    }
    struct split_b b;
    sb_before(&b, m, splat, loc);
    g.out = sb_tensor_empty(&b, g.res);
    g.out_map = identity_map(m, 1);
    ir_block body;
    ir_op gop = split_gen_create(&b, &g, &body);
    const struct ir_block_info *bi = ir_block_get(m, body);
    struct split_vmap vm = {0};
    for (uint32_t i = 0; i < ch.next; i++)
        split_vmap_set(&vm, ir_op_get(m, ch.ext[i])->res, bi->args[i]);
    /* Constants, and scalars constants alone make (folded), are made in
     * the body, where the compute unit builds them. */
    for (uint32_t i = 0; i < ch.nops; i++) {
        const struct ir_op_info *o = ir_op_get(m, ch.ops[i]);
        for (uint32_t k = 0; k < o->nopnd; k++) {
            double v;
            ir_value x = o->opnd[k];
            ir_op d = ir_value_def(m, x);
            if (!d || chain_has(&ch, d) || split_vmap_get(&vm, x) != x || !const_scalar(m, x, &v))
                continue;
            ir_op cst;
            if (ir_op_get(m, d)->kind == IR_OP_ARITH_CONSTANT) {
                cst = split_clone(m, d, &vm);
            } else {
                ir_type t = ir_value_type(m, x);
                struct ir_op_state st;
                ir_state_init(&st, m, "arith.constant", ir_op_get(m, d)->loc);
                ir_state_set_attr(m, &st, "value", ir_type_is_float(m, t)
                                                       ? ir_attr_float(m, v, t)
                                                       : ir_attr_int(m, (int64_t)v, t));
                ir_state_add_result(m, &st, t);
                cst = ir_op_create(m, &st);
                ir_value_get(m, ir_op_result(m, cst, 0))->name = ir_value_get(m, x)->name;
                split_vmap_set(&vm, x, ir_op_result(m, cst, 0));
            }
            ir_block_append_op(m, body, cst);
        }
    }
    for (uint32_t i = 0; i < ch.nops; i++)
        ir_block_append_op(m, body, split_clone(m, ch.ops[i], &vm));
    body_yield(m, body, loc, split_vmap_get(&vm, s));
    split_vmap_free(&vm);
    ir_value r = ir_op_result(m, gop, 0);
    ir_value_get(m, r)->name = ir_value_get(m, s)->name;
    struct ir_op_state st;
    ir_state_init(&st, m, "tensor.extract", loc);
    ir_state_add_operand(m, &st, r);
    ir_state_add_operand(m, &st, sb_index(&b, 0));
    ir_state_add_result(m, &st, et);
    ir_op_get(m, splat)->opnd[0] = ir_op_result(m, sb_emit(&b, &st), 0);
    if (ir_value_type(m, ir_op_get(m, splat)->res) == g.res) /* the generic's result itself */
        split_replace_uses(m, ir_op_parent(m, splat), ir_op_get(m, splat)->res, r);
    return true;
}

static bool scalar_chains(struct split_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                if (!scalar_chains(c, b))
                    return false;
        if ((o->kind == IR_OP_TENSOR_SPLAT || o->kind == IR_OP_LINALG_FILL) && !scalar_chain(c, op))
            return false;
    }
    return true;
}

/* A tensor loaded before loop and read in its body is a value of that
 * moment: a copy generic keeps it (in scratchpad) rather than the body
 * loading it again, maybe after its own stores changed the memory. */
static void snapshot_loads(struct split_ctx *c, ir_op loop, ir_block blk)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++) {
            ir_value v = ir_op_get(m, op)->opnd[i];
            ir_op d = ir_value_def(m, v);
            if (!d || ir_op_get(m, d)->kind != IR_OP_KTDP_LOAD ||
                ir_op_get(m, d)->block != ir_op_get(m, loop)->block)
                continue;
            struct split_b b;
            sb_before(&b, m, loop, ir_op_get(m, d)->loc);
            ir_type t = ir_value_type(m, v);
            ir_op g = elementwise(&b, IR_OP_LINALG_COPY, "", 1, &v, sb_tensor_empty(&b, t), t,
                                  IR_NONE);
            ir_value r = ir_op_result(m, g, 0);
            ir_value_get(m, r)->name = ir_value_get(m, v)->name;
            split_replace_uses(m, loop, v, r);
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                snapshot_loads(c, loop, b);
    }
}

/* Generalization, copies and splat folding in blk and the bodies of its
 * loops. */
static bool convert_block(struct split_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    ir_op next, gs[MAX_IN];
    uint32_t n;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR) {
            snapshot_loads(c, op, split_body(m, op, 0));
            if (!convert_block(c, split_body(m, op, 0)))
                return false;
        } else if ((n = one_result_each(c, op, gs))) {
            for (uint32_t k = 0; k < n; k++)
                if (!generalize(c, gs[k]))
                    return false;
        } else if (!generalize(c, op)) {
            return false;
        }
    }
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        bool ok = true;
        if (o->kind == IR_OP_KTDP_STORE) {
            ok = add_copy(c, op, 0, "storing");
        } else if (o->kind == IR_OP_SCF_FOR) {
            for (uint32_t k = 3; k < o->nopnd && ok; k++)
                ok = add_copy(c, op, k, "a loop carrying");
        } else if (o->kind == IR_OP_SCF_YIELD) {
            const struct ir_block_info *bi = ir_block_get(m, blk);
            for (uint32_t k = 0; k < o->nopnd && ok; k++)
                if (o->opnd[k] != bi->args[k + 1]) /* the carried value as it is */
                    ok = add_copy(c, op, k, "a loop yielding");
        }
        if (!ok)
            return false;
    }
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        if (ir_op_get(m, op)->kind == IR_OP_LINALG_GENERIC)
            dedupe_inputs(c, fold_splats(c, op));
    }
    return true;
}

static void fuse_block(struct split_ctx *c, ir_op fn, ir_block blk)
{
    struct ir_module *m = c->m;
    while (fuse_one(c, fn, blk))
        ;
    IR_FOR_OPS(m, blk, op)
        if (ir_op_get(m, op)->kind == IR_OP_SCF_FOR)
            fuse_block(c, fn, split_body(m, op, 0));
}

/* A one-element reshape of v to type t at b (expand_shape from rank 0):
 * no reassociation groups. */
static ir_value reshape_unit(struct split_b *b, const char *name, ir_value v, ir_type t)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, name, b->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_set_attr(m, &st, "reassociation", ir_attr_array(m, 0, NULL));
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->rank)
        ir_state_set_attr(m, &st, "static_output_shape",
                          ir_attr_dense_array(m, m->t_i64, ti->rank, ti->shape));
    ir_state_add_result(m, &st, t);
    return ir_op_get(m, sb_emit(b, &st))->res;
}

static bool reduce_init(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_LINALG_REDUCE || o->nopnd != 2 || o->nres != 1)
        return true;
    ir_type it = ir_value_type(m, o->opnd[1]);
    const struct ir_attr_info *d = ir_attr_get(m, ir_op_attr(m, op, "dimensions"));
    if (!ir_type_get(m, it)->rank || d->n != rank_of(m, o->opnd[0]) || ir_type_numel(m, it) != 1)
        return true;
    ir_type t0 = ir_type_shaped(m, IR_TY_TENSOR, 0, NULL, ir_type_elem(m, it));
    struct split_b b;
    sb_before(&b, m, op, o->loc);
    /* the rank-0 init: a splat of the init's one element (a splat's or a
     * fill's scalar) */
    ir_value init = o->opnd[1], x;
    ir_op def = ir_value_def(m, init);
    uint32_t dk = def ? ir_op_get(m, def)->kind : 0;
    if (dk == IR_OP_TENSOR_SPLAT || dk == IR_OP_LINALG_FILL) {
        x = ir_op_get(m, def)->opnd[0];
    } else {
        struct ir_op_state st;
        ir_state_init(&st, m, "tensor.extract", o->loc);
        ir_state_add_operand(m, &st, init);
        for (uint32_t i = 0; i < ir_type_get(m, it)->rank; i++)
            ir_state_add_operand(m, &st, sb_index(&b, 0));
        ir_state_add_result(m, &st, ir_type_elem(m, it));
        x = ir_op_get(m, sb_emit(&b, &st))->res;
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "tensor.splat", o->loc);
    ir_state_add_operand(m, &st, x);
    ir_state_add_result(m, &st, t0);
    ir_op_get(m, op)->opnd[1] = ir_op_get(m, sb_emit(&b, &st))->res;
    ir_value res = ir_op_get(m, op)->res;
    ir_value_get(m, res)->type = t0;
    ir_op next = ir_op_get(m, op)->next;
    sb_before(&b, m, next, o->loc);
    ir_value r = reshape_unit(&b, "tensor.expand_shape", res, it);
    split_replace_uses(m, ir_op_parent(m, op), res, r);
    ir_op_get(m, ir_value_def(m, r))->opnd[0] = res;
    return true;
}

bool split_reduce_inits(struct split_ctx *c)
{
    ir_walk(c->m, c->m->top, reduce_init, NULL);
    return true;
}

/* tensor.splat of scalar x to tensor<1xT> at b. */
static ir_value splat1(struct split_b *b, ir_value x, ir_type t)
{
    struct ir_op_state st;
    ir_state_init(&st, b->m, "tensor.splat", b->loc);
    ir_state_add_operand(b->m, &st, x);
    ir_state_add_result(b->m, &st, t);
    return ir_op_get(b->m, sb_emit(b, &st))->res;
}

/* Element 0 of v : tensor<1xT> at b. */
static ir_value extract1(struct split_b *b, ir_value v)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "tensor.extract", b->loc);
    ir_state_add_operand(m, &st, v);
    ir_state_add_operand(m, &st, sb_index(b, 0));
    ir_state_add_result(m, &st, ir_type_elem(m, ir_value_type(m, v)));
    return ir_op_get(m, sb_emit(b, &st))->res;
}

/* A float scalar an scf.for carries becomes a tensor<1xT> it carries: the
 * init and the yielded value are splat to it, the body and the code after
 * the loop read its element 0. Scalar arithmetic on it is then a chain of
 * tensor.extract results (scalar_chains), computed on the compute unit. */
static bool scalar_carry(struct ir_module *m, ir_op loop, void *ctx)
{
    (void)ctx;
    const struct ir_op_info *o = ir_op_get(m, loop);
    if (o->kind != IR_OP_SCF_FOR)
        return true;
    ir_block body = split_body(m, loop, 0);
    for (uint32_t i = 0; i < ir_op_get(m, loop)->nres; i++) {
        ir_value r = ir_op_get(m, loop)->res + i;
        ir_type et = ir_value_type(m, r);
        if (ir_type_get(m, et)->kind != IR_TY_FLOAT)
            continue;
        int64_t one = 1;
        ir_type t = ir_type_shaped(m, IR_TY_TENSOR, 1, &one, et);
        struct ir_loc loc = ir_op_get(m, loop)->loc;
        struct split_b b;
        sb_before(&b, m, loop, loc);
        ir_op_get(m, loop)->opnd[3 + i] = splat1(&b, ir_op_get(m, loop)->opnd[3 + i], t);
        ir_value arg = ir_block_get(m, body)->args[i + 1];
        ir_value_get(m, arg)->type = t;
        sb_before(&b, m, ir_block_get(m, body)->first, loc);
        ir_value a = extract1(&b, arg);
        ir_op y = ir_block_get(m, body)->last;
        split_replace_uses(m, loop, arg, a);
        ir_op_get(m, ir_value_def(m, a))->opnd[0] = arg;
        sb_before(&b, m, y, ir_op_get(m, y)->loc);
        ir_value yv = ir_op_get(m, y)->opnd[i];
        ir_op_get(m, y)->opnd[i] = yv == a ? arg : splat1(&b, yv, t);
        ir_value_get(m, r)->type = t;
        ir_op next = ir_op_get(m, loop)->next;
        sb_before(&b, m, next, loc);
        ir_value rv = extract1(&b, r);
        split_replace_uses(m, ir_op_parent(m, loop), r, rv);
        ir_op_get(m, ir_value_def(m, rv))->opnd[0] = r;
    }
    return true;
}

bool split_scalar_carries(struct split_ctx *c)
{
    ir_walk(c->m, c->m->top, scalar_carry, NULL);
    return true;
}


/* A carried tensor lives in one buffer that its next value overwrites in
 * place (split_pipeline.c). Where the body still reads the old value
 * after the op computing the next one (an online softmax rescales its
 * running sum by exp(m_old - m_new)), a copy generic at the top of the
 * body snapshots the old value, and those later reads read the copy. */
static void snapshot_carried(struct split_ctx *c, ir_block blk)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, blk, loop) {
        if (ir_op_get(m, loop)->kind != IR_OP_SCF_FOR)
            continue;
        ir_block body = split_body(m, loop, 0);
        snapshot_carried(c, body);
        const struct ir_block_info *bi = ir_block_get(m, body);
        ir_op y = bi->last;
        for (uint32_t i = 0; i < ir_op_get(m, y)->nopnd; i++) {
            ir_value acc = ir_block_get(m, body)->args[i + 1];
            ir_op yd = ir_value_def(m, ir_op_get(m, y)->opnd[i]);
            if (!yd || ir_op_get(m, yd)->block != body)
                continue;
            ir_op late = IR_NONE;
            for (ir_op u = ir_op_get(m, yd)->next; u != y && !late; u = ir_op_get(m, u)->next)
                if (split_op_reads(m, u, acc))
                    late = u;
            if (!late)
                continue;
            struct split_b b;
            sb_before(&b, m, ir_block_get(m, body)->first, ir_op_get(m, late)->loc);
            ir_type t = ir_value_type(m, acc);
            ir_op g = elementwise(&b, IR_OP_LINALG_COPY, "", 1, &acc, sb_tensor_empty(&b, t), t,
                                  IR_NONE);
            ir_value old = ir_op_result(m, g, 0);
            split_set_name(m, old, "old");
            for (ir_op u = ir_op_get(m, yd)->next; u != y; u = ir_op_get(m, u)->next)
                split_replace_uses(m, u, acc, old);
        }
    }
}

bool split_linalg(struct split_ctx *c, ir_op fn)
{
    struct ir_module *m = c->m;
    ir_block blk = split_body(m, fn, 0);
    dense_splats(c, blk);
    if (!scalar_chains(c, blk) || !convert_block(c, blk))
        return false;
    split_dce(m, fn);
    struct sched_ops gens = {0};
    sched_ops_of_kind(m, fn, IR_OP_LINALG_GENERIC, &gens);
    for (uint32_t i = 0; i < gens.n; i++) { /* before fusion weighs their lanes */
        split_index_unsigned(m, gens.v[i]);
        split_index_rebase(m, gens.v[i]);
    }
    free(gens.v);
    fuse_block(c, fn, blk);
    split_dce(m, fn);
    snapshot_carried(c, blk);
    return !c->failed;
}
