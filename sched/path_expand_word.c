/* path_expand_word.c - ktc-path-expand, sub-word DMA legalization
 * (path_expand.h): a DMA hop moving fewer bytes than its unit's smallest
 * access to a memory (a 4-element f16 row against 128-byte sticks), or a
 * whole access at a misaligned offset (or at one ktc-split marked
 * `unaligned`: a row of a launch-time stride), moves the enclosing
 * aligned words instead, through its staging buffer widened to them; the
 * other hops on that buffer address the wanted elements inside it (at an
 * offset that is a constant, or `offset mod word` over the subscripts
 * when those are known only at launch; or, for a load whose elements stay
 * inside one short span wherever loop counters with constant bounds put
 * them, the whole span from constant subscripts, the others reading at
 * `offset - span start`). A store of part of a word (or of words maybe
 * astride two) becomes a read-modify-write: a new stage of the device's
 * DMA load unit first fills the staging buffer with the words as they are
 * in memory, then the elements are written over them, then the whole
 * words go back; on a unit with masked writes it keeps its elements
 * instead (transfer_mode = "masked"), read at their offset in the staging
 * buffer, and writes only them. Then a pipeline ktc-split made
 * modulo(size: K) (rows in flight) gets its staging buffers in K phases
 * (phase_pipeline). Runs after routing and scalar-broadcast legalization. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/grid.h"
#include "sched/offset_gcd.h"
#include "sched/oplist.h"
#include "sched/path_expand_int.h"
#include "sched/split_int.h"

/* The staging buffer phases of a pipeline streaming whole words astride
 * two (legalize_hop): vadd of 100000 f16 over 4 cores in blocks of 25000,
 * 512-element tiles: 2 phases 1.73x its roofline, 4 1.17x, 6 1.12x (f32:
 * 1.65x, 1.09x, 1.06x; 8 phases 3.06x). */
enum { PE_ASTRIDE_PHASES = 6 };

/* A transfer's map attribute of side 0 (source) or 1 (destination). */
static const char *const side_map[] = {"source_map", "dest_map"};

static uint32_t stage_unit(const struct pe *p, ir_op stage)
{
    ir_attr a = ir_op_attr(p->m, stage, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(p->m, a) : NULL;
    return ai && ai->n ? pe_attr_kind(p, ai->elems[0]) : ARCH_NONE;
}

static uint32_t mem_of(const struct pe *p, ir_value v)
{
    return pe_attr_kind(p, ir_type_get(p->m, ir_value_type(p->m, v))->attr1);
}

/* How unit kind k accesses memory kind mem (store or load; a DMA unit's
 * access the other way stands in, as in ktc-codegen), or NULL. */
static const struct arch_access *access_of(const struct pe *p, uint32_t k, bool store,
                                           uint32_t mem)
{
    uint32_t r = p->dev->kinds[k].first;
    const char *mn = p->dev->kinds[mem].name;
    const struct arch_access *a = arch_access(p->dev, r, store, mn);
    return a ? a : arch_access(p->dev, r, !store, mn);
}

/* The part of index value v that places it inside a word: v less its
 * terms (through addi) that are whole words (sched_value_gcd a multiple of
 * `word`; their constant added to *c): a row's start row * n (n known at
 * launch) for v = row * n + a block's column, stepping by whole words, so
 * that the offset in the word stays one value over the row's blocks.
 * IR_NONE when v has no such term. */
static ir_value word_rest(const struct ir_module *m, ir_value v, int64_t word, int64_t *c)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    if (!o || o->kind != IR_OP_ARITH_ADDI)
        return IR_NONE;
    for (int i = 0; i < 2; i++) {
        int64_t k = 0, g = sched_value_gcd(m, o->opnd[i], &k, 4);
        if (g % word == 0) {
            ir_value r = word_rest(m, o->opnd[1 - i], word, c);
            *c += k;
            return r != IR_NONE ? r : o->opnd[1 - i];
        }
    }
    return IR_NONE;
}

/* The element offset, from an aligned base, where memref side s of a
 * transfer starts, as an affine expression over its subscripts (the dims
 * of its map): the strided offset of the reinterpret_cast that built it,
 * plus a constant KTIR view base, plus its subscripts times the strides. A
 * base known only at launch counts as aligned (it is a tensor's, and the
 * runtime aligns tensors; ktc-codegen assumes the same). A reinterpret_cast
 * offset known only when the program runs (an access tile at a computed
 * position) is one more dim, numbered after the subscripts, whose value
 * *dynoff gets (IR_NONE when there is none), unless it is known to be c
 * plus a multiple of `word` elements (sched_value_gcd: a row block's
 * position times its rows), which moves it within a word by c alone, or
 * a sum of such terms and others (word_rest), whose rest *dynoff gets.
 * False when a stride is dynamic or more than one offset is. */
static bool offset_expr(const struct pe *p, const struct pe_side *s, int64_t word, ir_aff *off,
                        ir_value *dynoff)
{
    struct ir_module *m = p->m;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, s->map)->map);
    if (!lay || lay->kind != IR_AT_STRIDED || lay->n != t->rank || mp->nres != t->rank ||
        mp->nsyms)
        return false;
    int64_t x = 0;
    ir_value v = s->v;
    *dynoff = IR_NONE;
    for (ir_op d; (d = ir_value_def(m, v));) {
        const struct ir_op_info *o = ir_op_get(m, d);
        if (o->kind == IR_OP_MEMREF_REINTERPRET_CAST) {
            const struct ir_attr_info *so = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
            if (!so || so->n != 1 || (so->ints[0] == IR_DYN && (*dynoff || o->nopnd < 2)))
                return false;
            int64_t c = 0, g = so->ints[0] == IR_DYN ? sched_value_gcd(m, o->opnd[1], &c, 4) : 1;
            ir_value rest;
            if (so->ints[0] != IR_DYN)
                x += so->ints[0];
            else if (word > 0 && g % word == 0)
                x += c; /* the rest moves by whole words */
            else if (word > 0 && (rest = word_rest(m, o->opnd[1], word, &x)) != IR_NONE)
                *dynoff = rest;
            else
                *dynoff = o->opnd[1]; /* source, then the one dynamic offset */
        } else if (o->kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW) {
            ir_op b = ir_value_def(m, o->opnd[0]);
            if (b && ir_op_get(m, b)->kind == IR_OP_ARITH_CONSTANT)
                x += ir_attr_get(m, ir_op_attr(m, b, "value"))->i;
            else if (b)
                return false; /* a computed base: its alignment is unknown */
            break;
        } else if (o->kind != IR_OP_MEMREF_MEMORY_SPACE_CAST && o->kind != IR_OP_MEMREF_CAST) {
            return false;
        }
        v = o->opnd[0];
    }
    ir_aff e = ir_aff_const(m, x);
    if (*dynoff)
        e = ir_aff_bin(m, IR_AFF_ADD, e, ir_aff_dim(m, mp->ndims));
    for (uint32_t k = 0; k < t->rank; k++) {
        if (lay->ints[k] == IR_DYN)
            return false;
        e = ir_aff_bin(m, IR_AFF_ADD, e,
                       ir_aff_bin(m, IR_AFF_MUL, mp->res[k], ir_aff_const(m, lay->ints[k])));
    }
    *off = e;
    return true;
}

/* Whether memref v is a reinterpret_cast marked `unaligned` (ktc-split:
 * its offset, known only at launch, may fall inside a word). */
static bool unaligned(const struct ir_module *m, ir_value v)
{
    ir_op d = ir_value_def(m, v);
    return d && ir_op_get(m, d)->kind == IR_OP_MEMREF_REINTERPRET_CAST &&
           ir_op_attr(m, d, "unaligned");
}

/* Whether affine expression e reads a dim. */
static bool has_dims(const struct ir_module *m, ir_aff e)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    if (a->kind == IR_AFF_DIM)
        return true;
    if (a->kind == IR_AFF_CONST || a->kind == IR_AFF_SYM)
        return false;
    return has_dims(m, a->lhs) || has_dims(m, a->rhs);
}

/* Splits e, over subscripts subs, into c + (terms over dims): *c the
 * constant, the result a number every value of the terms is a multiple of
 * (1 when unknown, 0 when there are none). A subscript that is the
 * induction variable of an scf.for with constant bounds is lb + step * t. */
static int64_t dim_gcd(const struct ir_module *m, ir_aff e, const ir_value *subs, int64_t *c)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_CONST:
        *c += a->v;
        return 0;
    case IR_AFF_DIM:
        return sched_value_gcd(m, subs[a->v], c, 4);
    case IR_AFF_ADD:
        return sched_gcd(dim_gcd(m, a->lhs, subs, c), dim_gcd(m, a->rhs, subs, c));
    case IR_AFF_MUL: {
        const struct ir_aff_info *r = ir_aff_get(m, a->rhs), *l = ir_aff_get(m, a->lhs);
        int64_t k = r->kind == IR_AFF_CONST ? r->v : l->kind == IR_AFF_CONST ? l->v : 0;
        ir_aff other = r->kind == IR_AFF_CONST ? a->lhs : a->rhs;
        int64_t c2 = 0, g = k ? dim_gcd(m, other, subs, &c2) : 1;
        if (!k)
            return 1;
        *c += k * c2;
        return g * (k < 0 ? -k : k);
    }
    default:
        return 1;
    }
}

/* Sum e less its terms whose values are whole words (multiples of ae
 * over subscripts subs, dim_gcd: a chunk's column stepping by 64 in a
 * loop): e mod ae is that mod ae, and stays one value over the loops that
 * move only those terms (which ktc-nest's normalize then makes once, out
 * of them, so that coarsening reads the transfer). */
static ir_aff word_part(struct ir_module *m, ir_aff e, const ir_value *subs, int64_t ae)
{
    const struct ir_aff_info a = *ir_aff_get(m, e);
    if (a.kind == IR_AFF_ADD)
        return ir_aff_bin(m, IR_AFF_ADD, word_part(m, a.lhs, subs, ae),
                          word_part(m, a.rhs, subs, ae));
    int64_t c = 0, g = dim_gcd(m, e, subs, &c);
    return g % ae == 0 && c % ae == 0 ? ir_aff_const(m, 0) : e;
}

/* e with every dim moved up by k. */
static ir_aff shift_dims(struct ir_module *m, ir_aff e, uint32_t k)
{
    const struct ir_aff_info a = *ir_aff_get(m, e);
    if (a.kind == IR_AFF_DIM)
        return ir_aff_dim(m, (uint32_t)a.v + k);
    if (a.kind == IR_AFF_CONST || a.kind == IR_AFF_SYM)
        return e;
    ir_aff l = shift_dims(m, a.lhs, k), r = shift_dims(m, a.rhs, k);
    return ir_aff_bin(m, (enum ir_aff_kind)a.kind, l, r);
}

/* Whether v is defined outside pipe (so every stage of pipe can read it). */
static bool outside(const struct ir_module *m, ir_op pipe, ir_value v)
{
    for (ir_op d = ir_value_def(m, v); d; d = ir_op_parent(m, d))
        if (d == pipe)
            return false;
    return true;
}

/* The state of a copy of transfer x (its attributes and operands) with the
 * subscripts extra[0..n) appended to side `side`; t gets x's sides. */
static void copy_with_subs(struct ir_module *m, ir_op x, int side, const ir_value *extra,
                           uint32_t n, struct ir_op_state *st, struct pe_side t[2])
{
    pe_transfer_sides(m, x, t);
    const struct ir_op_info *xo = ir_op_get(m, x);
    ir_state_init(st, m, "ktdf.data_transfer", xo->loc);
    const struct ir_attr_info *ai = xo->attrs ? ir_attr_get(m, xo->attrs) : NULL;
    for (uint32_t i = 0; ai && i < ai->n; i++)
        ir_state_set_attr(m, st, ir_str_get(m, ai->elems[2 * i]), ai->elems[2 * i + 1]);
    int64_t seg[6];
    for (int k = 0; k < 2; k++) {
        xo = ir_op_get(m, x);
        for (uint32_t i = 0; i <= t[k].nsub; i++)
            ir_state_add_operand(m, st, xo->opnd[t[k].first + i]);
        if (k == side)
            for (uint32_t i = 0; i < n; i++)
                ir_state_add_operand(m, st, extra[i]);
        for (uint32_t i = 0; i < t[k].ndyn; i++)
            ir_state_add_operand(m, st, xo->opnd[t[k].first + 1 + t[k].nsub + i]);
        seg[3 * k] = 1;
        seg[3 * k + 1] = t[k].nsub + (k == side ? n : 0);
        seg[3 * k + 2] = t[k].ndyn;
    }
    ir_state_set_attr(m, st, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 6, seg));
}

/* Transfer x with the subscripts extra[0..n) appended to side `side`,
 * whose last subscript gains delta (an expression over them): a new op
 * replacing x, returned. */
static ir_op extend_side(struct ir_module *m, ir_op x, int side, const ir_value *extra, uint32_t n,
                         ir_aff delta)
{
    struct pe_side t[2];
    struct ir_op_state st;
    copy_with_subs(m, x, side, extra, n, &st, t);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, t[side].map)->map);
    ir_aff *res = malloc((mp->nres + 1) * sizeof *res);
    if (!res)
        abort();
    memcpy(res, mp->res, mp->nres * sizeof *res);
    res[mp->nres - 1] = ir_aff_bin(m, IR_AFF_ADD, res[mp->nres - 1], shift_dims(m, delta, mp->ndims));
    ir_state_set_attr(m, &st, side_map[side],
                      ir_attr_affine_map(m, ir_map_intern(m, mp->ndims + n, mp->nsyms, mp->nres, res)));
    free(res);
    ir_op nx = ir_op_create(m, &st);
    ir_op_insert_before(m, x, nx);
    ir_op_unlink(m, x);
    return nx;
}

/* Moves the index arithmetic computing v (addi, subi, muli, constants,
 * `depth` ops deep) out of the loops that do not vary it, as far as its
 * operands allow (sched_hoist_point; ktc-split computes a row's start in
 * the loop over its blocks). */
static void hoist_index(struct ir_module *m, ir_value v, int depth)
{
    ir_op d = ir_value_def(m, v);
    if (!d || depth < 0)
        return;
    uint32_t k = ir_op_get(m, d)->kind;
    if (k != IR_OP_ARITH_ADDI && k != IR_OP_ARITH_SUBI && k != IR_OP_ARITH_MULI &&
        k != IR_OP_ARITH_CONSTANT)
        return;
    for (uint32_t i = 0; i < ir_op_get(m, d)->nopnd; i++)
        hoist_index(m, ir_op_get(m, d)->opnd[i], depth - 1);
    ir_op at = sched_hoist_point(m, d, ir_op_get(m, d)->opnd, ir_op_get(m, d)->nopnd, NULL);
    if (at != d) {
        ir_op_unlink(m, d);
        ir_op_insert_before(m, at, d);
    }
}

/* The far side of hop op (a load, or a store written back whole),
 * memref.reinterpret_cast %src to offset %o, whose elements start at d in
 * their first word, d (< the word) an expression of the cast's offset
 * alone (dim nsub: the part of %o not in whole words, dynoff; word_part
 * dropped the subscripts' whole words) that the loop around the pipeline
 * does not vary (a row's start over its chunks): the side becomes a cast
 * of %src at %o - d, d made as far out as dynoff allows (its index
 * arithmetic moved out first), the cast as far out as %src, %o and d allow
 * (sched_hoist_point), read at its subscripts as they are. The offset in the word is then
 * one value over those loops, and the transfer's subscripts plain
 * operands, so that ktc-nest coarsens it (extend_side's `sub - d` reads
 * two values). False (no transfer changed) when d reads a subscript or
 * the loop around moves it (a row loop storing each row's scalar: its
 * DMAs are no tile's), or the side is not such a cast. */
static bool rebase_far(struct ir_module *m, ir_op pipe, ir_op op, int far, uint32_t nsub,
                       ir_value dynoff, ir_aff d)
{
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    ir_op cast = ir_value_def(m, s[far].v);
    bool used[SPLIT_AFF_MAX_DIMS] = {false};
    if (nsub >= SPLIT_AFF_MAX_DIMS || !cast ||
        ir_op_get(m, cast)->kind != IR_OP_MEMREF_REINTERPRET_CAST || ir_op_get(m, cast)->nopnd != 2)
        return false;
    split_aff_dims(m, d, used);
    for (uint32_t i = 0; i < nsub; i++)
        if (used[i])
            return false;
    ir_value src = ir_op_get(m, cast)->opnd[0], o = ir_op_get(m, cast)->opnd[1];
    if (o == dynoff)
        return false; /* no whole words of the offset moving apart from d */
    hoist_index(m, dynoff, 4);
    ir_op atd = sched_hoist_point(m, pipe, &dynoff, 1, NULL);
    if (atd == pipe)
        return false; /* d moves with the loop around: nothing to coarsen */
    ir_aff sub[SPLIT_AFF_MAX_DIMS];
    for (uint32_t i = 0; i <= nsub; i++)
        sub[i] = ir_aff_dim(m, 0);
    struct split_b b;
    sb_before(&b, m, atd, ir_op_get(m, op)->loc);
    ir_value dv = sb_aff_value(&b, split_aff_subst(m, d, sub), 1, &dynoff);
    ir_op at = sched_hoist_point(m, pipe, (const ir_value[]){src, o, dv}, 3, NULL);
    sb_before(&b, m, at, ir_op_get(m, op)->loc);
    struct split_vmap vm = {0};
    split_vmap_set(&vm, o, sb_arith(&b, "arith.subi", o, dv));
    ir_op nc = split_clone(m, cast, &vm);
    split_vmap_free(&vm);
    ir_op_set_attr(m, nc, "unaligned", IR_NONE);
    ir_op_insert_before(m, at, nc);
    ir_op_get(m, op)->opnd[s[far].first] = ir_op_get(m, nc)->res;
    return true;
}

/* Makes `last` (an expression over the side's subscripts) the last
 * subscript of side `side` of transfer op. */
static void set_last(struct ir_module *m, ir_op op, int side, ir_aff last)
{
    const struct ir_affine_map *mp =
        ir_map_get(m, ir_attr_get(m, ir_op_attr(m, op, side_map[side]))->map);
    ir_aff *res = malloc((mp->nres + 1) * sizeof *res);
    if (!res)
        abort();
    memcpy(res, mp->res, mp->nres * sizeof *res);
    res[mp->nres - 1] = last;
    ir_op_set_attr(m, op, side_map[side],
                   ir_attr_affine_map(m, ir_map_intern(m, mp->ndims, mp->nsyms, mp->nres, res)));
    free(res);
}

/* Adds delta (an expression over the side's subscripts) to the last
 * subscript of side `side` of transfer op. */
static void shift_last(struct ir_module *m, ir_op op, int side, ir_aff delta)
{
    const struct ir_affine_map *mp =
        ir_map_get(m, ir_attr_get(m, ir_op_attr(m, op, side_map[side]))->map);
    set_last(m, op, side, ir_aff_bin(m, IR_AFF_ADD, mp->res[mp->nres - 1], delta));
}


/* A new ktdf.create_token yielded by pipe's private as its last result. */
static ir_value new_token(struct ir_module *m, ir_op pipe, ir_op priv)
{
    ir_block b = pe_body(m, priv);
    ir_op y = ir_block_get(m, b)->last;
    const struct ir_op_info *yo = ir_op_get(m, y);
    uint32_t nold = yo->nopnd;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.create_token", yo->loc);
    ir_state_add_result(m, &st, ir_ktdf_token_type(m));
    ir_op tok = ir_op_create(m, &st);
    ir_op_insert_before(m, y, tok);
    ir_value_get(m, ir_op_result(m, tok, 0))->name = ir_str_c(m, "tok");
    ir_value v = ir_op_result(m, tok, 0);
    return ir_op_result(m, pe_private_extend(m, pipe, priv, &v, 1), nold);
}

/* Whether the kind graph has an edge from kind a to kind b. */
static bool linked(const struct arch_device *d, uint32_t a, uint32_t b)
{
    for (uint32_t i = 0; i < d->nedges; i++)
        if (d->edges[i].src == a && d->edges[i].dst == b)
            return true;
    return false;
}

/* The DMA unit kind that loads memory kind mem into memory kind into (the
 * first unit kind with a load access to mem and datapaths mem -> it ->
 * into), or ARCH_NONE. */
static uint32_t loader(const struct pe *p, uint32_t mem, uint32_t into)
{
    const struct arch_device *d = p->dev;
    for (uint32_t k = 0; k < d->nkinds; k++) {
        if (d->kinds[k].node != ARCH_UNIT || d->kinds[k].first == ARCH_NONE)
            continue;
        uint32_t r = d->kinds[k].first;
        if (!(d->res[r].features & ARCH_F_LOAD) ||
            !arch_access(d, r, false, d->kinds[mem].name) ||
            (d->res[r].features & ARCH_F_COMPUTE))
            continue;
        if (linked(d, mem, k) && linked(d, k, into))
            return k;
    }
    return ARCH_NONE;
}

/* Whether a masked store of several rows, op (sides s, the far one `far`
 * at element offset off over its subscripts), may write a row at another
 * offset in its ae-element words than the one it reads it at in the
 * staging buffer: the far offset not a known multiple of ae (the buffer
 * starts a word, the near subscripts constant 0), or a row stride of the
 * far memref and the buffer not agreeing modulo ae. The masked DMA
 * (ktc-codegen's dma.mask) needs both offsets equal. */
static bool rows_misaligned(const struct pe *p, ir_op op, const struct pe_side s[2], int far,
                            ir_aff off, ir_value dynoff, int64_t ae)
{
    const struct ir_module *m = p->m;
    int near = 1 - far;
    const struct ir_affine_map *nm = ir_map_get(m, ir_attr_get(m, s[near].map)->map);
    for (uint32_t k = 0; k < nm->nres; k++) {
        const struct ir_aff_info *r = ir_aff_get(m, nm->res[k]);
        if (r->kind != IR_AFF_CONST || r->v != 0)
            return false; /* a buffer offset: left to ktc-codegen's check */
    }
    /* the subscripts, then the dynamic offset (a dim after them) */
    ir_value subs[9];
    uint32_t nsub = s[far].nsub;
    if (nsub > 8)
        return false;
    memcpy(subs, ir_op_get(m, op)->opnd + s[far].first + 1, nsub * sizeof *subs);
    subs[nsub] = dynoff;
    int64_t c = 0, g = has_dims(m, off) ? dim_gcd(m, off, subs, &c) : 0;
    if (((c % ae) + ae) % ae || (g && g % ae))
        return true;
    int64_t fst[8], nst[8];
    ir_type ft = ir_value_type(m, s[far].v), nt = ir_value_type(m, s[near].v);
    const struct ir_attr_info *fs = ir_attr_get(m, s[far].sizes);
    uint32_t rank = ir_type_get(m, ft)->rank;
    if (rank > 8 || ir_type_get(m, nt)->rank != rank || fs->n != rank ||
        !split_memref_strides(m, ft, fst) || !split_memref_strides(m, nt, nst))
        return false;
    for (uint32_t k = 0; k + 1 < rank; k++)
        if (fs->ints[k] > 1 && ((fst[k] - nst[k]) % ae))
            return true;
    return false;
}

/* Whether the elements side s moves (sizes fs) are one contiguous run of
 * its memref. */
static bool one_run(const struct ir_module *m, const struct pe_side *s,
                    const struct ir_attr_info *fs)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    if (!lay || lay->kind != IR_AT_STRIDED || lay->n != t->rank || fs->n != t->rank)
        return false;
    int64_t want = 1;
    for (uint32_t k = t->rank; k-- > 0;) {
        if (fs->ints[k] != 1 && lay->ints[k] != want)
            return false;
        want *= fs->ints[k];
    }
    return true;
}

/* Whether pipe is the one pipeline or loop in the body of an scf.for (its
 * iterations may then overlap: modulo). */
static bool alone(const struct ir_module *m, ir_op pipe)
{
    ir_op pl = ir_op_parent(m, pipe);
    if (!pl || ir_op_get(m, pl)->kind != IR_OP_SCF_FOR)
        return false;
    IR_FOR_OPS(m, ir_op_get(m, pipe)->block, o) {
        uint32_t k = ir_op_get(m, o)->kind;
        if (o != pipe && (k == IR_OP_KTDF_PIPELINE || k == IR_OP_SCF_FOR || k == IR_OP_SCF_IF))
            return false;
    }
    return true;
}

/* Whether every stage of pipe moving data into memory that is not one of
 * its staging buffers runs on a unit with masked writes: then no store of
 * part of a word becomes a read-modify-write. */
static bool writes_masked(const struct pe *p, ir_op pipe)
{
    struct ir_module *m = p->m;
    struct sched_ops xs = {0};
    sched_ops_of_kind(m, pipe, IR_OP_KTDF_DATA_TRANSFER, &xs);
    bool ok = true;
    for (uint32_t i = 0; ok && i < xs.n; i++) {
        struct pe_side s[2];
        pe_transfer_sides(m, xs.v[i], s);
        if (s[1].fifo || pe_staging_alloc(m, pipe, s[1].v))
            continue;
        uint32_t unit = stage_unit(p, ir_op_parent(m, xs.v[i]));
        ok = unit != ARCH_NONE &&
             (p->dev->res[p->dev->kinds[unit].first].features & ARCH_F_MASKED_WRITES);
    }
    free(xs.v);
    return ok;
}

/* Whether every row of memref side s starts at the same offset in its
 * words: each outer stride a whole number of `align` bytes (elements of e
 * bytes). */
static bool rows_in_step(const struct ir_module *m, const struct pe_side *s, int64_t e,
                         int64_t align)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    if (!lay || lay->kind != IR_AT_STRIDED || lay->n != t->rank)
        return false;
    for (uint32_t k = 0; k + 1 < t->rank; k++)
        if (lay->ints[k] == IR_DYN || lay->ints[k] * e % align)
            return false;
    return true;
}

/* Whether load hop op's far side s (sizes fs, element offset off over its
 * subscripts) reads every row of a contiguous block at a word-aligned
 * place (the memref row-major over its static shape, its rows all taken
 * from 0, its start a multiple of ae elements) of at most cap bytes: the
 * whole block can move, and the hops after read the wanted elements in
 * it (a column of a block of rows of part of a word, read to be
 * transposed). */
static bool whole_block(const struct ir_module *m, const struct pe_side *s,
                        const struct ir_attr_info *fs, ir_aff off, int64_t e, int64_t ae,
                        int64_t cap)
{
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s->v));
    const struct ir_affine_map *fm = ir_map_get(m, ir_attr_get(m, s->map)->map);
    int64_t st[8], n = 1;
    if (t->rank < 2 || t->rank > 8 || fs->n != t->rank || fm->nres != t->rank ||
        !split_memref_strides(m, ir_value_type(m, s->v), st))
        return false;
    for (uint32_t k = t->rank; k-- > 0;) {
        if (st[k] != n)
            return false;
        n *= t->shape[k];
    }
    for (uint32_t k = 0; k + 1 < t->rank; k++) {
        const struct ir_aff_info *a = ir_aff_get(m, fm->res[k]);
        if (a->kind != IR_AFF_CONST || a->v != 0 || fs->ints[k] != t->shape[k])
            return false;
    }
    /* the start: off less the last subscript (every subscript 0) */
    static const int64_t zero[16];
    bool ok = fm->ndims <= 16;
    int64_t o = ok ? ir_aff_eval(m, off, zero, NULL, &ok) -
                         ir_aff_eval(m, fm->res[t->rank - 1], zero, NULL, &ok)
                   : -1;
    return ok && o >= 0 && o % ae == 0 && n * e <= cap;
}

/* The terms of e times k, an offset linear in its dims: constants add to
 * *c, and each dim v's term (coefficient k) goes to term(); whether any
 * term() said true (every term is visited). */
struct offset_terms {
    const ir_value *subs; /* the value of each dim */
    int64_t ae;           /* the word, in elements */
    ir_value iv;          /* iv_term: the loop variable */
    int64_t coef;         /* iv_term: its coefficient */
};

static bool aff_terms(const struct ir_module *m, ir_aff e, int64_t k, int64_t *c,
                      bool (*term)(const struct ir_module *, uint32_t, int64_t, int64_t *,
                                   struct offset_terms *),
                      struct offset_terms *x)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_CONST:
        *c += k * a->v;
        return false;
    case IR_AFF_DIM:
        return term(m, a->v, k, c, x);
    case IR_AFF_ADD: {
        bool l = aff_terms(m, a->lhs, k, c, term, x);
        return aff_terms(m, a->rhs, k, c, term, x) || l;
    }
    case IR_AFF_MUL: {
        const struct ir_aff_info *r = ir_aff_get(m, a->rhs), *l = ir_aff_get(m, a->lhs);
        if (r->kind == IR_AFF_CONST)
            return aff_terms(m, a->lhs, k * r->v, c, term, x);
        if (l->kind == IR_AFF_CONST)
            return aff_terms(m, a->rhs, k * l->v, c, term, x);
        return false;
    }
    default:
        return false;
    }
}

/* A term known to be a multiple of a number that is not a multiple of the
 * word (sched_value_misaligned; its constant part to *c). Terms of
 * unknown multiples count as aligned. */
static bool misaligned_term(const struct ir_module *m, uint32_t v, int64_t k, int64_t *c,
                            struct offset_terms *x)
{
    return sched_value_misaligned(m, x->subs[v], k, x->ae, c, 4);
}

/* Whether side s of transfer op, at element offset off over its
 * subscripts (then the dynamic offset dynoff), is known to start off a
 * multiple of ae elements at times: a constant part that is not one, or a
 * term whose values are multiples of a known number that is not one (a
 * row index times a row stride of 1000 f16, against 64-element words,
 * even beside a column offset stepping by whole words). Terms of unknown
 * multiples count as aligned, as a base known only at launch does. */
static bool misaligned(const struct pe *p, ir_op op, const struct pe_side *s, ir_aff off,
                       ir_value dynoff, int64_t ae)
{
    const struct ir_module *m = p->m;
    ir_value subs[9];
    uint32_t nsub = s->nsub;
    if (nsub > 8 || ae <= 1)
        return false;
    memcpy(subs, ir_op_get(m, op)->opnd + s->first + 1, nsub * sizeof *subs);
    subs[nsub] = dynoff;
    int64_t c = 0;
    struct offset_terms x = {.subs = subs, .ae = ae};
    bool t = aff_terms(m, off, 1, &c, misaligned_term, &x);
    return t || ((c % ae) + ae) % ae;
}

/* Whether iv is v. */
static bool is_value(const struct ir_module *m, ir_value v, void *iv)
{
    (void)m;
    return v == *(ir_value *)iv;
}

/* The loop variable's part of an offset: a term of x->iv itself adds its
 * coefficient to x->coef; true for a term of a value computed from it
 * known to move off whole words at times. */
static bool iv_term(const struct ir_module *m, uint32_t v, int64_t k, int64_t *c,
                    struct offset_terms *x)
{
    (void)c;
    int64_t own = 0;
    if (x->subs[v] == x->iv)
        x->coef += k;
    else if (x->subs[v] && sched_value_reaches(m, x->subs[v], is_value, &x->iv))
        return sched_value_misaligned(m, x->subs[v], k, x->ae, &own, 4) || own % x->ae;
    return false;
}

/* Whether side s of transfer op, at element offset off over its
 * subscripts, starts at another offset in its ae-element words from one
 * iteration of pipe's loop to the next (a row of 1000 f16 against
 * 64-element words), not at the same one in every row (8 rows 64 apart at
 * a column known at launch: those ktc-nest coarsens). */
static bool moves_off_words(const struct pe *p, ir_op op, const struct pe_side *s, ir_aff off,
                            ir_value dynoff, ir_op pipe, int64_t ae)
{
    const struct ir_module *m = p->m;
    ir_op loop = ir_op_parent(m, pipe);
    if (s->nsub > 8 || ae <= 1 || !loop || ir_op_get(m, loop)->kind != IR_OP_SCF_FOR)
        return false;
    ir_value iv = ir_block_get(m, pe_body(m, loop))->args[0], subs[9];
    memcpy(subs, ir_op_get(m, op)->opnd + s->first + 1, s->nsub * sizeof *subs);
    subs[s->nsub] = dynoff;
    int64_t c = 0;
    struct offset_terms x = {.subs = subs, .ae = ae, .iv = iv};
    bool moves = aff_terms(m, off, 1, &c, iv_term, &x);
    return moves || x.coef % ae;
}

/* Whether a transfer of xs other than op stores part of a word from a
 * staging buffer of pipe: legalized, it addresses its buffer at `offset mod
 * word`, which ktc-nest cannot tile, so nothing hoists a load out of the
 * pipeline's loop. */
static bool part_word_store(const struct pe *p, ir_op pipe, const struct sched_ops *xs, ir_op op)
{
    const struct ir_module *m = p->m;
    for (uint32_t i = 0; i < xs->n; i++) {
        struct pe_side t[2];
        if (xs->v[i] == op)
            continue;
        pe_transfer_sides(m, xs->v[i], t);
        if (t[0].fifo || t[1].fifo || !pe_staging_alloc(m, pipe, t[0].v) ||
            pe_staging_alloc(m, pipe, t[1].v))
            continue;
        uint32_t unit = stage_unit(p, ir_op_parent(m, xs->v[i])), mem = mem_of(p, t[1].v);
        if (unit == ARCH_NONE || mem == ARCH_NONE)
            continue;
        int64_t align, least = arch_access_least(access_of(p, unit, true, mem), &align);
        const struct ir_attr_info *sz = ir_attr_get(m, t[1].sizes);
        ir_type elem = ir_type_get(m, ir_value_type(m, t[1].v))->elem;
        int64_t bytes = sz->ints[sz->n - 1] * ir_type_bytes(m, elem);
        if (least && bytes % least)
            return true;
    }
    return false;
}

/* ---- the words each tile stores -------------------------------------------- */

enum { MAX_SPAN_TILES = 4096, MAX_SPAN_WORK = 1 << 16, MAX_SUBS = 8 };

struct on_tile {
    const struct ir_module *m;
    const ir_value *subs;
    int64_t t;
};

static bool dim_on_tile(void *ctx, uint32_t k, int64_t *lo, int64_t *hi)
{
    const struct on_tile *x = ctx;
    return sched_value_range_on_tile(x->m, x->subs[k], x->t, lo, hi, 8);
}

struct words {
    int64_t first, last;
};

static int by_first(const void *a, const void *b)
{
    const struct words *x = a, *y = b;
    return (x->first > y->first) - (x->first < y->first);
}

static int64_t floor_div(int64_t a, int64_t b)
{
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* What each tile of the grid may store to each memory kind, found before
 * any transfer is rewritten (pe_legalize_words): kind k's spans at
 * w[k * tiles ...], unknown[k] when some are unknown. */
struct pe_spans {
    int64_t tiles;
    struct words *w;
    bool *unknown;
};

/* Adds to its memory kind's spans (bytes [first, last], from an aligned
 * base; first > last: none yet) what transfer op may store on each tile:
 * from its offset's least value on the tile (its subscripts' ranges
 * there, sched_value_range_on_tile) to its box's end from the greatest. */
static void add_spans(const struct pe *p, ir_op op, struct pe_spans *sp)
{
    struct ir_module *m = p->m;
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    uint32_t mem = s[1].fifo ? ARCH_NONE : mem_of(p, s[1].v);
    if (mem == ARCH_NONE || sp->unknown[mem])
        return;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, s[1].v));
    const struct ir_attr_info *lay = t->attr0 ? ir_attr_get(m, t->attr0) : NULL;
    const struct ir_attr_info *sz = s[1].sizes ? ir_attr_get(m, s[1].sizes) : NULL;
    ir_aff off;
    ir_value subs[MAX_SUBS + 1], dynoff;
    int64_t e = ir_type_bytes(m, t->elem), extent = 1;
    sp->unknown[mem] = s[1].ndyn || s[1].nsub > MAX_SUBS || !sz || !lay ||
                       lay->kind != IR_AT_STRIDED || sz->n != lay->n ||
                       !offset_expr(p, &s[1], 0, &off, &dynoff);
    for (uint32_t k = 0; !sp->unknown[mem] && k < sz->n; k++) {
        sp->unknown[mem] = lay->ints[k] == IR_DYN || lay->ints[k] < 0 || sz->ints[k] < 1;
        extent += (sz->ints[k] - 1) * lay->ints[k];
    }
    if (sp->unknown[mem])
        return;
    memcpy(subs, ir_op_get(m, op)->opnd + s[1].first + 1, s[1].nsub * sizeof *subs);
    subs[s[1].nsub] = dynoff;
    for (int64_t i = 0; i < sp->tiles && !sp->unknown[mem]; i++) {
        struct on_tile x = {m, subs, i};
        struct words *w = &sp->w[mem * sp->tiles + i];
        int64_t lo, hi;
        sp->unknown[mem] = !sched_aff_range_with(m, off, dim_on_tile, &x, &lo, &hi);
        int64_t first = lo * e, last = (hi + extent) * e - 1;
        bool none = w->first > w->last;
        w->first = none || first < w->first ? first : w->first;
        w->last = none || last > w->last ? last : w->last;
    }
}

static bool note_transfer(struct ir_module *m, ir_op op, void *ctx)
{
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER)
        sched_ops_push(ctx, op);
    return true;
}

/* The spans of every transfer of the module (of every buffer of a memory
 * kind at once: spans apart are apart in each buffer), or NULL when the
 * grid has one tile or too many to look at each. */
static struct pe_spans *tile_spans(const struct pe *p)
{
    struct ir_module *m = p->m;
    struct sched_ops xs = {0};
    ir_walk(m, m->top, note_transfer, &xs);
    int64_t tiles = 0;
    for (uint32_t i = 0; i < xs.n && !tiles; i++)
        tiles = sched_grid_tiles(m, xs.v[i], MAX_SPAN_TILES);
    struct pe_spans *sp = NULL;
    if (tiles > 1 && tiles * xs.n <= MAX_SPAN_WORK) {
        uint32_t nk = p->dev->nkinds;
        sp = malloc(sizeof *sp);
        struct words *w = malloc((size_t)(nk * tiles) * sizeof *w);
        bool *unknown = calloc(nk, sizeof *unknown);
        if (!sp || !w || !unknown)
            abort();
        *sp = (struct pe_spans){tiles, w, unknown};
        for (int64_t i = 0; i < nk * tiles; i++)
            w[i] = (struct words){1, 0};
        for (uint32_t i = 0; i < xs.n; i++)
            add_spans(p, xs.v[i], sp);
    }
    free(xs.v);
    return sp;
}

static void free_spans(struct pe_spans *sp)
{
    if (sp) {
        free(sp->w);
        free(sp->unknown);
    }
    free(sp);
}

/* Whether no two tiles of the grid may store to one word (of `word`
 * bytes) of memory kind mem: the bytes each may store there (p->spans) lie
 * in words no other tile's reach. Rows of 1000 f16, 8 a tile: each tile's
 * 16000 bytes are whole words, though its rows start inside words; 2 a
 * tile, its 4000 bytes share their first and last words with its
 * neighbours'. False when a span is unknown. */
static bool tiles_apart(const struct pe *p, uint32_t mem, int64_t word)
{
    const struct pe_spans *sp = p->spans;
    if (!sp || sp->unknown[mem])
        return false;
    struct words *w = malloc((size_t)sp->tiles * sizeof *w);
    if (!w)
        abort();
    uint32_t n = 0;
    for (int64_t t = 0; t < sp->tiles; t++) {
        const struct words *x = &sp->w[mem * sp->tiles + t];
        if (x->first <= x->last)
            w[n++] = (struct words){floor_div(x->first, word), floor_div(x->last, word)};
    }
    qsort(w, n, sizeof *w, by_first);
    bool ok = true;
    for (uint32_t i = 1; ok && i < n; i++)
        ok = w[i].first > w[i - 1].last;
    free(w);
    return ok;
}

/* Legalizes DMA hop op (in stage `stage` of pipe, whose private is priv)
 * when it moves a part of a word (see the file comment); other transfers
 * of the pipeline, xs, are replaced in the list when rebuilt. False after
 * a located error. */
static bool legalize_hop(struct pe *p, ir_op pipe, ir_op priv, ir_op stage, ir_op op,
                         struct sched_ops *xs)
{
    struct ir_module *m = p->m;
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    if (s[0].fifo || s[1].fifo || s[0].ndyn || s[1].ndyn)
        return true;
    uint32_t unit = stage_unit(p, stage);
    /* far: the memref that is not a staging buffer of the pipeline */
    ir_op b0 = pe_staging_alloc(m, pipe, s[0].v), b1 = pe_staging_alloc(m, pipe, s[1].v);
    if (unit == ARCH_NONE || !b0 == !b1)
        return true;
    int far = b0 ? 1 : 0, near = 1 - far;
    bool store = far == 1;
    uint32_t fmem = mem_of(p, s[far].v), nmem = mem_of(p, s[near].v);
    if (fmem == ARCH_NONE || nmem == ARCH_NONE)
        return true;
    /* a store by a unit that writes under a byte mask: the elements' words
     * move with the mask, no read-modify-write */
    bool masked = store && (p->dev->res[p->dev->kinds[unit].first].features & ARCH_F_MASKED_WRITES);
    const struct ir_attr_info *fs = ir_attr_get(m, s[far].sizes);
    const struct ir_attr_info *ns = ir_attr_get(m, s[near].sizes);
    ir_type elem = ir_type_get(m, ir_value_type(m, s[far].v))->elem;
    int64_t e = ir_type_bytes(m, elem), n = fs->ints[fs->n - 1], rows = 1;
    for (uint32_t k = 0; k + 1 < fs->n; k++)
        rows *= fs->ints[k];
    int64_t fa, na;
    int64_t fl = arch_access_least(access_of(p, unit, store, fmem), &fa);
    int64_t nl = arch_access_least(access_of(p, unit, !store, nmem), &na);
    int64_t least = fl > nl ? fl : nl, align = fa > na ? fa : na;
    ir_aff off;
    if (!least)
        return true;
    bool whole = (n * e) % least == 0;
    if (whole && rows != 1)
        return true;
    int64_t cap = p->dev->res[p->dev->kinds[nmem].first].size / 16;
    bool block = false; /* a load of a whole contiguous block (whole_block) */
    /* an offset not affine in the subscripts: left to ktc-codegen's check */
    /* a load's offset known at launch, in whole words from a known one,
     * reads as that one (a column of a row block, its words loaded once:
     * the span below); a store keeps it, for the words it may share with
     * other tiles' */
    ir_value dynoff;
    if (align % e || least % e ||
        !offset_expr(p, &s[far], store && !masked ? 0 : align / e, &off, &dynoff))
        return true;
    /* several rows (which may well be contiguous, one run of whole words):
     * left to ktc-codegen's check, but for a masked store of part of a
     * word that the words' offsets may not let run (see rows_misaligned),
     * and a load of part of a word of every row, at the same offset in
     * each (a column of a row-major block, read to be transposed): the
     * rows' enclosing words move, the other hops read the column inside
     * them, every row's element a word apart (an evenly strided read) */
    if (rows != 1) {
        int64_t ae = align / e;
        if (masked && !whole && ae > 1 &&
            rows_misaligned(p, op, s, far, off, dynoff, ae))
            return pe_error(p, op,
                            "this transfer stores %lld rows of %lld bytes under a byte mask "
                            "at an offset in its %lld-byte words that may differ from the "
                            "staging buffer's (not supported yet)",
                            (long long)rows, (long long)(n * e), (long long)align);
        if (store || whole || one_run(m, &s[far], fs))
            return true;
        bool in_step = rows_in_step(m, &s[far], e, align);
        block = !in_step && !dynoff && whole_block(m, &s[far], fs, off, e, ae, cap);
        if (!block && !in_step)
            return pe_error(p, op,
                            "this transfer reads %lld bytes of each of %lld rows, at offsets "
                            "in their %lld-byte words that differ from row to row (not "
                            "supported yet)",
                            (long long)(n * e), (long long)rows, (long long)align);
    }
    bool astride = has_dims(m, off) && !unaligned(m, s[far].v) &&
                   misaligned(p, op, &s[far], off, dynoff, align / e);
    /* a part of a word of each row at an offset that moves from row to row
     * (a 1000-f16 row's last 488: ktc-split's tail) streams as whole words
     * astride two do, when no store of the pipeline reads its words back
     * (a read-modify-write of words the next rows' stores may share) */
    bool ring =
        astride && (whole || (moves_off_words(p, op, &s[far], off, dynoff, pipe, align / e) &&
                              writes_masked(p, pipe)));
    astride = astride && whole;
    if (whole && !astride &&
        (has_dims(m, off) ? !unaligned(m, s[far].v)
                          : ir_aff_eval(m, off, NULL, NULL, &(bool){true}) * e % align == 0))
        return true; /* whole accesses, aligned (or known only at launch) */
    /* else whole words maybe astride two (an offset ktc-split marked
     * unaligned): written under a byte mask where the unit can (the buffer
     * a word wider, the elements at their offset in it: no word of another
     * tile's is read or written back), else read-modify-written.
     * A stream of whole words astride two: the next tiles' words in
     * flight while this one's are used (phase_pipeline); ktc-nest does
     * not coarsen such transfers */
    if (ring && !ir_op_attr(m, pipe, "modulo") && alone(m, pipe))
        ir_op_set_attr(m, pipe, "modulo", ir_attr_int(m, PE_ASTRIDE_PHASES, m->t_i64));
    const struct ir_affine_map *nm = ir_map_get(m, ir_attr_get(m, s[near].map)->map);
    const struct ir_aff_info *nlast = ir_aff_get(m, nm->res[nm->nres - 1]);
    if (nlast->kind != IR_AFF_CONST || nlast->v != 0 || ns->ints[ns->n - 1] != n)
        return true;
    /* d: the wanted elements' offset in the first word; w: the words */
    int64_t ae = align / e, le = least / e, w;
    ir_aff d, dw = IR_NONE;
    int64_t fixed = -1; /* the far side's constant last subscript, if any */
    bool dyn = has_dims(m, off);
    uint32_t nsub = s[far].nsub, nx = nsub + (dynoff ? 1 : 0);
    ir_value *subs = malloc((nx + 1) * sizeof *subs);
    if (!subs)
        abort();
    memcpy(subs, ir_op_get(m, op)->opnd + s[far].first + 1, nsub * sizeof *subs);
    if (dynoff)
        subs[nsub] = dynoff;
    if (dyn) {
        for (uint32_t i = 0; i < nx; i++)
            if (!outside(m, pipe, subs[i])) {
                free(subs);
                return true;
            }
        /* d takes the values (c + g t) mod ae: at most ae - g + c mod g */
        int64_t c = 0, step = dim_gcd(m, off, subs, &c), g = sched_gcd(step, ae);
        int64_t dmax = g ? ae - g + ((c % g) + g) % g : ae - 1;
        d = ir_aff_bin(m, IR_AFF_MOD, off, ir_aff_const(m, ae));
        dw = ir_aff_bin(m, IR_AFF_MOD, word_part(m, off, subs, ae), ir_aff_const(m, ae));
        w = (dmax + n + le - 1) / le * le;
        /* Words of a view placed at launch may hold other tiles' elements,
         * which the other cores write at the same time: a read-modify-write
         * of them would lose those (refused; whole words maybe astride two
         * left to ktc-codegen's check) unless the grid has one tile, or the
         * offsets are multiples of the alignment at least the words apart,
         * or each tile's offsets span words of its own (tiles_apart), so no
         * two tiles share a word. One tile's successive stores to a word
         * are ordered like any read-modify-write's. */
        if (store && !masked && dynoff && sched_grid_tiles(m, pipe, INT64_MAX) != 1 &&
            !(step && step % ae == 0 && step >= w) && !tiles_apart(p, fmem, align)) {
            free(subs);
            if (whole) /* aligned at launch, maybe */
                return true;
            return pe_error(p, op,
                            "this store writes %lld bytes, part of a %lld-byte word that the "
                            "other tiles of the grid may write at the same time: %s writes "
                            "whole words, and a read-modify-write would lose theirs (not "
                            "supported yet; store whole words a tile, or run one tile)",
                            (long long)(n * e), (long long)least, p->dev->kinds[unit].name);
        }
        /* A load whose elements lie in one short span wherever the
         * subscripts put them (a column of a block read to be transposed,
         * its index running across the block): the span's words move, at
         * constant subscripts (invariant in the loops around, which
         * ktc-nest then loads once), and the other hops read the elements
         * at their offset in it. Not when the pipeline stores part of a
         * word: ktc-nest would leave it alone, and every step would move
         * the whole span (a 16x256 f16 block transposed on sample: 5651
         * cycles a column's words at a time, 34824 a span); but a span of
         * one word, which the column's own words are (a column of a block
         * one word wide), load or store, moves so too (d the offset less
         * the word's start, no mod). */
        const struct ir_type_info *ft = ir_type_get(m, ir_value_type(m, s[far].v));
        const struct ir_affine_map *fm = ir_map_get(m, ir_attr_get(m, s[far].map)->map);
        int64_t olo, ohi, llo, lhi;
        if (!dynoff && sched_aff_range(m, off, subs, &olo, &ohi) &&
            sched_aff_range(m, fm->res[fm->nres - 1], subs, &llo, &lhi) && olo >= 0 &&
            ohi - olo == lhi - llo) { /* the other subscripts' part is constant */
            int64_t w0 = olo - olo % ae, k = w0 - (olo - llo);
            int64_t span = (ohi + n - w0 + le - 1) / le * le;
            bool one_word = olo / ae == ohi / ae;
            if ((one_word ||
                 (!store && !part_word_store(p, pipe, xs, op) && span * rows * e <= cap)) &&
                k >= 0 && ft->shape[ft->rank - 1] != IR_DYN &&
                k + span <= ft->shape[ft->rank - 1]) {
                fixed = k;
                d = ir_aff_bin(m, IR_AFF_ADD, off, ir_aff_const(m, -w0));
                w = span;
            }
        }
        /* the whole block moves, its rows whole; d the wanted elements'
         * place in a row */
        if (block && fixed < 0) {
            fixed = 0;
            d = fm->res[fm->nres - 1];
            w = ft->shape[ft->rank - 1];
        }
        if (fixed >= 0)
            dw = IR_NONE; /* d is the span's own */
    } else {
        int64_t o = ir_aff_eval(m, off, NULL, NULL, &(bool){true});
        if (o < 0) {
            free(subs);
            return true;
        }
        d = ir_aff_const(m, o % ae);
        w = (o % ae + n + le - 1) / le * le;
    }
    /* the buffer holds the words; this hop moves them */
    ir_op alloc = store ? b0 : b1;
    ir_type bt = pe_widen_last(m, ir_value_type(m, s[near].v), w);
    ir_value_get(m, ir_op_result(m, alloc, 0))->type = bt;
    ir_value_get(m, s[near].v)->type = bt;
    /* a masked store's elements, and those of a far side rebased to its
     * first word, at d without the whole words (one value over the loops
     * moving only those: a box of the buffer coarsening stores, plain
     * subscripts it reads) */
    bool rebased = dw && !masked && dynoff && rebase_far(m, pipe, op, far, nsub, dynoff, dw);
    if (dw && (masked || rebased))
        d = dw;
    ir_aff back = ir_aff_bin(m, IR_AFF_MUL, d, ir_aff_const(m, -1));
    if (masked) { /* the far side stays; the buffer holds the elements at d */
        if (dyn) {
            ir_op nop = extend_side(m, op, near, subs, nx, d);
            for (uint32_t i = 0; i < xs->n; i++)
                if (xs->v[i] == op)
                    xs->v[i] = nop;
            op = nop;
        } else {
            shift_last(m, op, near, d);
        }
        ir_op_set_attr(m, op, "transfer_mode", ir_attr_string(m, "masked"));
    } else if (rebased) {
        /* the far side read from its first word on, at its subscripts */
    } else if (dynoff) { /* d reads the offset: the hop takes it as a subscript */
        ir_op nop = extend_side(m, op, far, subs, nx, back);
        for (uint32_t i = 0; i < xs->n; i++)
            if (xs->v[i] == op)
                xs->v[i] = nop;
        op = nop;
    } else if (fixed >= 0) {
        set_last(m, op, far, ir_aff_const(m, fixed));
    } else {
        shift_last(m, op, far, back);
    }
    if (!masked) {
        pe_set_last_size(m, op, far, w);
        pe_set_last_size(m, op, near, w);
    }
    /* the other hops on the buffer address the elements inside it (given
     * the far side's subscripts when d depends on them) */
    ir_op writer = IR_NONE;
    ir_value *extra = subs;
    nsub = nx;
    for (uint32_t i = 0; i < xs->n; i++) {
        if (xs->v[i] == op)
            continue;
        struct pe_side t[2];
        pe_transfer_sides(m, xs->v[i], t);
        for (int k = 0; k < 2; k++)
            if (!t[k].fifo && t[k].v == s[near].v) {
                if (dyn) {
                    xs->v[i] = extend_side(m, xs->v[i], k, extra, nsub, d);
                    pe_transfer_sides(m, xs->v[i], t);
                } else {
                    shift_last(m, xs->v[i], k, d);
                }
                if (k == 1 && !writer)
                    writer = xs->v[i];
            }
    }
    free(extra);
    if (!store || masked)
        return true;
    /* read-modify-write: the words are loaded into the buffer before the
     * stage that writes the elements into it */
    ir_op wstage = writer ? ir_op_parent(m, writer) : IR_NONE;
    uint32_t ld = loader(p, fmem, nmem);
    if (!wstage || ir_op_get(m, wstage)->kind != IR_OP_KTDF_STAGE || ld == ARCH_NONE)
        return pe_error(p, op,
                        "this transfer stores %lld bytes, part of a %lld-byte access of %s, "
                        "and no unit can load the rest of it first",
                        (long long)(n * e), (long long)least, p->dev->kinds[unit].name);
    ir_value tok = new_token(m, pipe, priv);
    /* the private was rebuilt: re-read the sides */
    pe_transfer_sides(m, op, s);
    const struct ir_op_info *wo = ir_op_get(m, wstage);
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, wstage, "operandSegmentSizes"));
    uint32_t nin = (uint32_t)seg->ints[0];
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.stage", ir_op_get(m, op)->loc);
    for (uint32_t i = 0; i < nin; i++)
        ir_state_add_operand(m, &st, wo->opnd[i]);
    ir_state_add_operand(m, &st, tok);
    int64_t sseg[2] = {nin, 1};
    ir_state_set_attr(m, &st, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 2, sseg));
    ir_attr un = ir_attr_string(m, p->dev->kinds[ld].name);
    ir_state_set_attr(m, &st, "applicable_units", ir_attr_array(m, 1, &un));
    ir_region r = ir_region_new(m);
    ir_block blk = ir_block_new(m);
    ir_region_append_block(m, r, blk);
    ir_state_add_region(m, &st, r);
    ir_op ns_op = ir_op_create(m, &st);
    ir_op_insert_before(m, wstage, ns_op);
    /* the load: the far side's words into the buffer, both as the store has them */
    const struct ir_op_info *oo = ir_op_get(m, op);
    struct ir_op_state xt;
    ir_state_init(&xt, m, "ktdf.data_transfer", oo->loc);
    uint32_t first[2] = {s[far].first, s[near].first}, cnt[2] = {1 + s[far].nsub, 1 + s[near].nsub};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < cnt[k]; i++)
            ir_state_add_operand(m, &xt, oo->opnd[first[k] + i]);
    int64_t xseg[6] = {1, s[far].nsub, 0, 1, s[near].nsub, 0};
    ir_state_set_attr(m, &xt, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 6, xseg));
    ir_state_set_attr(m, &xt, "source_map", s[far].map);
    ir_state_set_attr(m, &xt, "static_source_sizes", s[far].sizes);
    ir_state_set_attr(m, &xt, "dest_map", s[near].map);
    ir_state_set_attr(m, &xt, "static_dest_sizes", s[near].sizes);
    ir_block_append_op(m, blk, ir_op_create(m, &xt));
    /* the writer's stage now waits for the load */
    {
        struct ir_op_state ws;
        ir_state_init(&ws, m, "ktdf.stage", wo->loc);
        ir_state_add_operand(m, &ws, tok);
        for (uint32_t i = nin; i < wo->nopnd; i++)
            ir_state_add_operand(m, &ws, wo->opnd[i]);
        int64_t wseg[2] = {1, (int64_t)(wo->nopnd - nin)};
        const struct ir_attr_info *ai = wo->attrs ? ir_attr_get(m, wo->attrs) : NULL;
        for (uint32_t i = 0; ai && i < ai->n; i++)
            ir_state_set_attr(m, &ws, ir_str_get(m, ai->elems[2 * i]), ai->elems[2 * i + 1]);
        ir_state_set_attr(m, &ws, "operandSegmentSizes",
                          ir_attr_dense_array(m, m->t_i32, 2, wseg));
        ir_state_add_region(m, &ws, wo->regs[0]);
        ir_op nw = ir_op_create(m, &ws);
        ir_op_insert_before(m, wstage, nw);
        ir_op_unlink(m, wstage);
    }
    return true;
}

/* Transfer x with one dim more in front of side `side`: subscript ph (a
 * new operand, the map's last dim), size 1. A new op replacing x. */
static ir_op phase_side(struct ir_module *m, ir_op x, int side, ir_value ph)
{
    static const char *const sizes[] = {"static_source_sizes", "static_dest_sizes"};
    struct pe_side t[2];
    struct ir_op_state st;
    copy_with_subs(m, x, side, &ph, 1, &st, t);
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, t[side].map)->map);
    const struct ir_attr_info *sz = ir_attr_get(m, t[side].sizes);
    ir_aff *res = malloc((mp->nres + 1) * sizeof *res);
    int64_t *n = malloc((sz->n + 1) * sizeof *n);
    if (!res || !n)
        abort();
    res[0] = ir_aff_dim(m, mp->ndims);
    memcpy(res + 1, mp->res, mp->nres * sizeof *res);
    n[0] = 1;
    memcpy(n + 1, sz->ints, sz->n * sizeof *n);
    ir_state_set_attr(m, &st, side_map[side],
                      ir_attr_affine_map(m, ir_map_intern(m, mp->ndims + 1, mp->nsyms, mp->nres + 1, res)));
    ir_state_set_attr(m, &st, sizes[side], ir_attr_dense_array(m, m->t_i64, sz->n + 1, n));
    free(res);
    free(n);
    ir_op nx = ir_op_create(m, &st);
    ir_op_insert_before(m, x, nx);
    ir_op_unlink(m, x);
    return nx;
}

/* An index op name(a, b) before op. */
static ir_value index_op(struct ir_module *m, ir_op before, const char *name, ir_value a,
                         ir_value b)
{
    struct ir_op_state st;
    ir_state_init(&st, m, name, ir_op_get(m, before)->loc);
    ir_state_add_operand(m, &st, a);
    ir_state_add_operand(m, &st, b);
    ir_state_add_result(m, &st, m->t_index);
    ir_op op = ir_op_create(m, &st);
    ir_op_insert_before(m, before, op);
    return ir_op_result(m, op, 0);
}

/* Phases of a pipeline ktc-split made `modulo(size: K)` (rows in flight,
 * split.h): its staging buffers get a leading dim of K, indexed by the
 * iteration number of the innermost scf.for around it mod K ((iv - lb) /
 * step mod K, index arithmetic on the IV that ktc-nest's loop rewriting
 * keeps), so an iteration fills one copy while the last one drains the
 * other (ktc-lower gives a modulo pipeline K - 1 credits over that loop). */
static void phase_pipeline(struct ir_module *m, ir_op pipe)
{
    const struct ir_attr_info *ka = ir_op_attr(m, pipe, "modulo")
                                        ? ir_attr_get(m, ir_op_attr(m, pipe, "modulo"))
                                        : NULL;
    ir_op loop = ir_op_parent(m, pipe), priv = IR_NONE;
    if (!ka)
        return;
    IR_FOR_OPS(m, pe_body(m, pipe), q)
    if (ir_op_get(m, q)->kind == IR_OP_KTDF_PRIVATE)
        priv = q;
    int64_t K = ka && ka->kind == IR_AT_INT ? ka->i : 0, lb, ub, step;
    if (loop && ir_op_get(m, loop)->kind == IR_OP_SCF_FOR) {
        /* no more phases than the loop has iterations */
        const struct ir_op_info *l = ir_op_get(m, loop);
        if (split_const_int(m, l->opnd[0], &lb) && split_const_int(m, l->opnd[1], &ub) &&
            split_const_int(m, l->opnd[2], &step) && step > 0 && (ub - lb + step - 1) / step < K) {
            K = ub > lb ? (ub - lb + step - 1) / step : 0;
            ir_op_set_attr(m, pipe, "modulo", ir_attr_int(m, K, m->t_i64));
        }
    }
    if (K < 2 || !loop || ir_op_get(m, loop)->kind != IR_OP_SCF_FOR || !priv) {
        ir_op_set_attr(m, pipe, "modulo", IR_NONE); /* no phases: no credits */
        return;
    }
    const struct ir_op_info *lo = ir_op_get(m, loop);
    ir_value iv = ir_block_get(m, pe_body(m, loop))->args[0];
    ir_value k = index_op(m, pipe, "arith.subi", iv, lo->opnd[0]);
    struct ir_op_state cst;
    ir_state_init(&cst, m, "arith.constant", ir_op_get(m, pipe)->loc);
    ir_state_set_attr(m, &cst, "value", ir_attr_int(m, K, m->t_index));
    ir_state_add_result(m, &cst, m->t_index);
    ir_op cop = ir_op_create(m, &cst);
    ir_op_insert_before(m, pipe, cop);
    ir_value ph = index_op(m, pipe, "arith.remsi", index_op(m, pipe, "arith.divsi", k, lo->opnd[2]),
                           ir_op_result(m, cop, 0));
    ir_value_get(m, ph)->name = ir_str_c(m, "ph");
    const struct ir_op_info *po = ir_op_get(m, priv);
    for (uint32_t r = 0; r < po->nres; r++) {
        ir_value v = po->res + r;
        ir_op alloc = pe_staging_alloc(m, pipe, v);
        if (!alloc)
            continue;
        struct ir_type_info ti = *ir_type_get(m, ir_value_type(m, v));
        int64_t *shape = malloc((ti.rank + 1) * sizeof *shape);
        if (!shape)
            abort();
        shape[0] = K;
        memcpy(shape + 1, ti.shape, ti.rank * sizeof *shape);
        ti.shape = shape;
        ti.rank++;
        ir_type t = ir_type_intern(m, &ti);
        free(shape);
        ir_value_get(m, v)->type = t;
        ir_value_get(m, ir_op_result(m, alloc, 0))->type = t;
        IR_FOR_OPS(m, pe_body(m, pipe), st)
        {
            if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
                continue;
            ir_op next;
            for (ir_op x = ir_block_get(m, pe_body(m, st))->first; x; x = next) {
                next = ir_op_get(m, x)->next;
                if (ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
                    continue;
                struct pe_side sd[2];
                pe_transfer_sides(m, x, sd);
                for (int j = 0; j < 2; j++)
                    if (!sd[j].fifo && sd[j].v == v) {
                        x = phase_side(m, x, j, ph);
                        pe_transfer_sides(m, x, sd);
                    }
            }
        }
    }
}

bool pe_legalize_words(struct pe *p)
{
    struct ir_module *m = p->m;
    struct sched_ops pipes = {0};
    sched_ops_of_kind(m, m->top, IR_OP_KTDF_PIPELINE, &pipes);
    p->spans = tile_spans(p);
    for (uint32_t i = 0; i < pipes.n && !p->failed; i++) {
        ir_op pipe = pipes.v[i];
        /* the transfers of the pipeline's own stages, then each in turn */
        struct sched_ops xs = {0}; /* the transfers of its stages, in order */
        IR_FOR_OPS(m, pe_body(m, pipe), st)
        {
            if (ir_op_get(m, st)->kind != IR_OP_KTDF_STAGE)
                continue;
            IR_FOR_OPS(m, pe_body(m, st), x)
            if (ir_op_get(m, x)->kind == IR_OP_KTDF_DATA_TRANSFER)
                sched_ops_push(&xs, x);
        }
        for (uint32_t k = 0; k < xs.n && !p->failed; k++) {
            ir_op priv = IR_NONE;
            IR_FOR_OPS(m, pe_body(m, pipe), q)
            if (ir_op_get(m, q)->kind == IR_OP_KTDF_PRIVATE)
                priv = q;
            if (!legalize_hop(p, pipe, priv, ir_op_parent(m, xs.v[k]), xs.v[k], &xs))
                p->failed = true;
        }
        free(xs.v);
        if (!p->failed)
            phase_pipeline(m, pipe);
    }
    free(pipes.v);
    free_spans(p->spans);
    p->spans = NULL;
    return !p->failed;
}
