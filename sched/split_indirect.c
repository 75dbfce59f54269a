/* split_indirect.c - ktc-split's indirect-access phase (split.h "Indirect
 * access tiles"): a ktdp.construct_indirect_access_tile of the block form
 * (each index read once per tile: its index expressions use no
 * intermediate variable that takes more than one value) becomes, before
 * it, one memref.load of each index view at its expressions, an
 * arith.index_cast of the integer read, and a direct
 * ktdp.construct_access_tile of the base view at those coordinates; the
 * rest of ktc-split (and every later stage) sees a tile whose offset is an
 * index value read from memory (ktc-lower: a memref.load in the program of
 * the unit that moves the tile; ktc-codegen: `ld`). Other forms are
 * refused here with a located error.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

#define MAX_RANK 8
#define MAX_CAP 16

/* Whether e uses dim d. */
static bool uses_dim(const struct ir_module *m, ir_aff e, uint32_t d)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_DIM:
        return a->v == (int64_t)d;
    case IR_AFF_CONST:
    case IR_AFF_SYM:
        return false;
    default:
        return uses_dim(m, a->lhs, d) || uses_dim(m, a->rhs, d);
    }
}

/* Whether e uses dim d only as `d floordiv P`. */
static bool only_floordiv(const struct ir_module *m, ir_aff e, uint32_t d, int64_t P)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_DIM:
        return a->v != (int64_t)d;
    case IR_AFF_CONST:
    case IR_AFF_SYM:
        return true;
    case IR_AFF_FLOORDIV: {
        const struct ir_aff_info *l = ir_aff_get(m, a->lhs), *r = ir_aff_get(m, a->rhs);
        if (l->kind == IR_AFF_DIM && l->v == (int64_t)d)
            return r->kind == IR_AFF_CONST && r->v == P;
    }
    /* fallthrough */
    default:
        return only_floordiv(m, a->lhs, d, P) && only_floordiv(m, a->rhs, d, P);
    }
}

/* P when e is `d mod P` (P > 1, a constant), else 0. */
static int64_t mod_of(const struct ir_module *m, ir_aff e, uint32_t d)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    if (a->kind != IR_AFF_MOD)
        return 0;
    const struct ir_aff_info *l = ir_aff_get(m, a->lhs), *r = ir_aff_get(m, a->rhs);
    return l->kind == IR_AFF_DIM && l->v == (int64_t)d && r->kind == IR_AFF_CONST && r->v > 1
               ? r->v
               : 0;
}

int64_t split_mem_align(const struct arch_device *d, const char *mem)
{
    int64_t most = 1;
    for (uint32_t r = 0; mem && r < d->nres; r++)
        for (int st = 0; st < 2; st++) {
            const struct arch_access *a = arch_access(d, r, st, mem);
            if (!a)
                continue;
            int64_t w = a->word_size > 0 ? a->word_size : 1, al = w;
            for (uint32_t g = 0; g < a->ngranules; g++)
                if (a->granules[g].align_in_words * w > al)
                    al = a->granules[g].align_in_words * w;
            most = al > most ? al : most;
        }
    return most;
}

/* An indirect tile read (ref §2.7): its parts, and its form. */
struct itile {
    uint32_t rank, nind, ncap;
    const ir_value *cap;
    int64_t lo[MAX_RANK], hi[MAX_RANK], st[MAX_RANK];
    bool ind[MAX_RANK];
    uint32_t view[MAX_RANK];     /* indirect dim k: its index view (operand) */
    const struct ir_affine_map *map[MAX_RANK];
    ir_aff sub[MAX_CAP + MAX_RANK];  /* a variable of one value: that value */
    ir_aff zero[MAX_CAP + MAX_RANK]; /* ... and the others at 0 */
    bool rows;                   /* an index expression uses a variable of many values */
    bool idxvar[MAX_RANK];       /* ... that one */
    bool nonlin[MAX_RANK];       /* direct dim k: not captured values plus its variable */
    int64_t page[MAX_RANK];      /* ... a page's row, `v mod P`, every index reading v
                                  * floordiv P: P (page_of), else 0 */
};

static bool many(const struct itile *t, uint32_t j) { return t->lo[j] != t->hi[j]; }

/* Pages (split.h): P when direct dim k's subscript is `v mod P` of its
 * variable v, every index expression reads v as `v floordiv P` alone, and
 * v's range starts a page (a multiple of P): the rows of a page then share
 * their indices, one cast moving them all. */
static int64_t page_of(struct ir_module *m, const struct itile *t, uint32_t k)
{
    uint32_t d = t->ncap + k;
    int64_t P = mod_of(m, split_aff_subst(m, t->map[k]->res[0], t->sub), d);
    if (!P || t->lo[k] % P)
        return 0;
    for (uint32_t j = 0; j < t->rank; j++)
        for (uint32_t r = 0; t->ind[j] && r < t->map[j]->nres; r++)
            if (!only_floordiv(m, split_aff_subst(m, t->map[j]->res[r], t->sub), d, P))
                return 0;
    return P;
}

/* Reads indirect tile op into t; false after a located error naming what
 * is not supported. */
static bool read_itile(struct split_ctx *c, ir_op op, struct itile *t)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, op, "operandSegmentSizes"));
    memset(t, 0, sizeof *t);
    t->nind = (uint32_t)seg->ints[1];
    t->ncap = (uint32_t)seg->ints[2];
    t->cap = o->opnd + 1 + t->nind;
    if (seg->ints[3])
        return split_error(c, op, "indirect access tiles with symbols (a variables_space_set "
                                  "of launch-time extents) are not supported yet");
    const struct ir_attr_info *kinds = ir_attr_get(m, ir_op_attr(m, op, "per_dim_subscript_kinds"));
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, op, "per_dim_subscript_maps"));
    const struct ir_block_info *bi = ir_block_get(m, ir_region_entry(m, o->regs[0]));
    uint32_t rank = t->rank = kinds->n, nv = bi->nargs, ncap = t->ncap;
    if (rank > MAX_RANK || nv > MAX_RANK || ncap > MAX_CAP)
        return split_error(c, op, "indirect access tiles of more than %d dims or %d captured "
                                  "values are not supported yet", MAX_RANK, MAX_CAP);
    ir_attr sa = ir_op_attr(m, op, "variables_space_set");
    ir_attr oa = ir_op_attr(m, op, "variables_space_order");
    if (!sa || !ir_set_box(m, ir_attr_get(m, sa)->map, NULL, t->lo, t->hi))
        return split_error(c, op, "indirect access tiles whose variables_space_set is not a "
                                  "box are not supported yet");
    for (uint32_t j = 0; j < nv; j++)
        if (t->lo[j] == INT64_MIN || t->hi[j] == INT64_MAX || t->hi[j] < t->lo[j])
            return split_error(c, op, "indirect access tiles whose variables_space_set is not "
                                      "a constant box are not supported yet");
    if (oa) {
        const struct ir_affine_map *om = ir_map_get(m, ir_attr_get(m, oa)->map);
        for (uint32_t j = 0; j < om->nres; j++) {
            const struct ir_aff_info *x = ir_aff_get(m, om->res[j]);
            if (x->kind != IR_AFF_DIM || x->v != (int64_t)j)
                return split_error(c, op, "indirect access tiles with a non-identity "
                                          "variables_space_order are not supported yet");
        }
    }
    if (nv != rank)
        return split_error(c, op, "indirect access tiles whose intermediate variables are not "
                                  "one per dim of the base view are not supported yet");
    ir_op vop = ir_value_def(m, o->opnd[0]);
    ir_attr vsa = vop ? ir_op_attr(m, vop, "static_strides") : IR_NONE;
    const struct ir_attr_info *vst = vsa ? ir_attr_get(m, vsa) : NULL;
    if (!vop || ir_op_get(m, vop)->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW || !vst ||
        vst->n != rank)
        return split_error(c, op, "indirect access tiles of a memref that is not a "
                                  "ktdp.construct_memory_view are not supported yet");
    /* an index read once and kept (ktc-lower hoists it) must not change:
     * no store of the kernel may write the memory of an index view */
    ir_op fn = op;
    while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    struct sched_ops stores = {0};
    if (fn)
        sched_ops_of_kind(m, fn, IR_OP_KTDP_STORE, &stores);
    for (uint32_t i = 0; i < stores.n; i++) {
        ir_op at = ir_value_def(m, ir_op_get(m, stores.v[i])->opnd[1]);
        ir_op sv = at ? ir_value_def(m, ir_op_get(m, at)->opnd[0]) : IR_NONE;
        for (uint32_t v = 0; sv && v < t->nind; v++) {
            ir_op iv = ir_value_def(m, o->opnd[1 + v]);
            if (iv && (sv == iv || ir_op_get(m, sv)->opnd[0] == ir_op_get(m, iv)->opnd[0])) {
                free(stores.v);
                return split_error(c, op, "indirect access tiles whose index view the kernel "
                                          "also stores to are not supported yet");
            }
        }
    }
    free(stores.v);
    for (uint32_t i = 0; i < ncap; i++)
        t->sub[i] = t->zero[i] = ir_aff_dim(m, i);
    for (uint32_t j = 0; j < nv; j++) {
        t->sub[ncap + j] = many(t, j) ? ir_aff_dim(m, ncap + j) : ir_aff_const(m, t->lo[j]);
        t->zero[ncap + j] = many(t, j) ? ir_aff_const(m, 0) : ir_aff_const(m, t->lo[j]);
    }
    bool used[MAX_RANK] = {false};
    uint32_t view = 1;
    for (uint32_t k = 0; k < rank; k++) { /* the indirect dims first: the variables they read */
        if (vst->ints[k] == IR_DYN)
            return split_error(c, op, "indirect access tiles of a view of launch-time strides "
                                      "are not supported yet");
        t->st[k] = vst->ints[k];
        t->map[k] = ir_map_get(m, ir_attr_get(m, maps->elems[k])->map);
        t->ind[k] = ir_attr_get(m, kinds->elems[k])->i != 0;
        if (!t->ind[k])
            continue;
        t->view[k] = view++;
        for (uint32_t r = 0; r < t->map[k]->nres; r++) {
            ir_aff e = split_aff_subst(m, t->map[k]->res[r], t->sub);
            for (uint32_t j = 0; j < nv; j++)
                if (uses_dim(m, e, ncap + j)) {
                    used[j] = t->idxvar[j] = true;
                    t->rows = true;
                }
        }
    }
    for (uint32_t k = 0; k < rank; k++) {
        if (t->ind[k])
            continue;
        ir_aff e = split_aff_subst(m, t->map[k]->res[0], t->sub);
        int64_t coef[MAX_CAP + MAX_RANK] = {0}, c0 = 0;
        bool lin = split_aff_linear(m, e, 1, coef, NULL, &c0);
        /* a variable that also picks an index, moved a row at a time: any
         * function of it and the captured values (a paged context
         * position's row in its page, `tkv mod 64`), whole words apart */
        if (many(t, k) && t->idxvar[k] && uses_dim(m, e, ncap + k)) {
            bool others = false;
            for (uint32_t j = 0; j < nv; j++)
                others |= j != k && many(t, j) && uses_dim(m, e, ncap + j);
            if (!others && !(lin && coef[ncap + k] == 1)) {
                used[k] = t->nonlin[k] = true;
                continue;
            }
        }
        for (uint32_t j = 0; j < nv; j++) {
            bool want = many(t, j) && j == k;
            if (!many(t, j) || (!uses_dim(m, e, ncap + j) && !want))
                continue;
            if (!lin || coef[ncap + j] != (want ? 1 : 0))
                return split_error(c, op, "indirect access tiles whose direct subscript #%u is "
                                          "not a captured value plus variable #%u are not "
                                          "supported yet", k, k);
            used[j] = true;
        }
    }
    for (uint32_t k = 0; k < rank; k++)
        t->page[k] = t->nonlin[k] ? page_of(m, t, k) : 0;
    /* a variable of many values is its own direct dim's, or an indirect
     * dim's used by index expressions only */
    for (uint32_t j = 0; j < nv; j++)
        if (many(t, j) && !used[j])
            return split_error(c, op, "indirect access tiles whose variable #%u, of more than "
                                      "one value, is used by no subscript of its own dim are "
                                      "not supported yet", j);
    /* every address the tile moves by must be whole words: along the
     * indirect dims (index x stride) and through the captured values */
    ir_attr vsp = ir_op_attr(m, vop, "memory_space");
    int64_t align = split_mem_align(c->dev, vsp ? arch_space_attr_kind(c->dev, m, vsp) : NULL);
    int64_t esize = ir_type_bytes(m, ir_type_elem(m, ir_value_type(m, o->opnd[0])));
    /* a transfer moves one element along each dim whose variable picks an
     * index: the innermost dim must be moved directly, whole words of it */
    uint32_t in = rank - 1;
    if (t->rows && (t->ind[in] || t->idxvar[in] || t->st[in] != 1 ||
                    ((t->hi[in] - t->lo[in] + 1) * esize) % align))
        return split_error(c, op, "indirect access tiles with an index per element along the "
                                  "innermost dim (element gathers and scatters) are not "
                                  "supported yet: each element is part of a %lld-byte word, "
                                  "and the units that pick elements out of words cannot read "
                                  "the index", (long long)align);
    int64_t fixed = 0;
    for (uint32_t k = 0; k < rank; k++) {
        bool whole = (t->st[k] * esize) % align == 0;
        if (t->ind[k] && !whole)
            return split_error(c, op, "indirect access tiles whose index moves them by part of "
                                      "a %lld-byte word (index stride x element size) are not "
                                      "supported yet", (long long)align);
        if (t->ind[k])
            continue;
        if (t->nonlin[k]) { /* its rows at multiples of its stride */
            if (!whole)
                return split_error(c, op, "indirect access tiles whose direct subscript #%u "
                                          "moves them a row at a time by part of a %lld-byte "
                                          "word (stride x element size) are not supported yet",
                                   k, (long long)align);
            continue;
        }
        ir_aff e = split_aff_subst(m, t->map[k]->res[0], t->zero);
        int64_t coef[MAX_CAP + MAX_RANK] = {0}, c0 = 0;
        bool caps = false;
        bool lin = split_aff_linear(m, e, 1, coef, NULL, &c0);
        for (uint32_t i = 0; i < ncap; i++)
            caps |= !lin || coef[i] != 0;
        if (caps && !whole)
            return split_error(c, op, "indirect access tiles whose direct subscript #%u moves "
                                      "them by part of a %lld-byte word (a captured value x "
                                      "stride x element size) are not supported yet", k,
                               (long long)align);
        fixed += (c0 + (many(t, k) ? t->lo[k] : 0)) * t->st[k];
    }
    if ((fixed * esize) % align)
        return split_error(c, op, "indirect access tiles starting inside a %lld-byte word are "
                                  "not supported yet", (long long)align);
    return true;
}

/* The integer index view operand v of op read at the index values idx
 * (n of them), as an index, at b. */
static ir_value load_index(struct split_b *b, ir_value v, uint32_t n, const ir_value *idx)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "memref.load", b->loc);
    ir_state_add_operand(m, &st, v);
    for (uint32_t r = 0; r < n; r++)
        ir_state_add_operand(m, &st, idx[r]);
    ir_state_add_result(m, &st, ir_type_elem(m, ir_value_type(m, v)));
    ir_value raw = ir_op_result(m, sb_emit(b, &st), 0);
    split_set_name(m, raw, "index");
    if (ir_value_type(m, raw) == m->t_index)
        return raw;
    ir_state_init(&st, m, "arith.index_cast", b->loc);
    ir_state_add_operand(m, &st, raw);
    ir_state_add_result(m, &st, m->t_index);
    return ir_op_result(m, sb_emit(b, &st), 0);
}

/* The index of indirect dim k of t (op) at variable values vars (index
 * values, one per variable) read at b. */
/* The dims of t's subscript maps as values: its captured values, then
 * vars (one per variable). */
static void map_values(const struct itile *t, const ir_value *vars, ir_value *vals)
{
    for (uint32_t i = 0; i < t->ncap; i++)
        vals[i] = t->cap[i];
    for (uint32_t j = 0; j < t->rank; j++)
        vals[t->ncap + j] = vars[j];
}

static ir_value index_at(struct split_b *b, ir_op op, const struct itile *t, uint32_t k,
                         const ir_value *vars, const ir_aff *sub)
{
    ir_value vals[MAX_CAP + MAX_RANK], idx[MAX_RANK];
    map_values(t, vars, vals);
    for (uint32_t r = 0; r < t->map[k]->nres; r++) {
        ir_aff e = t->map[k]->res[r];
        idx[r] = sb_aff_value(b, sub ? split_aff_subst(b->m, e, sub) : e, t->ncap + t->rank, vals);
    }
    return load_index(b, ir_op_get(b->m, op)->opnd[t->view[k]], t->map[k]->nres, idx);
}

/* Rewrites indirect tile op of the block form into loads and a direct
 * tile. */
static void rewrite(struct split_ctx *c, ir_op op, const struct itile *t)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct split_b b;
    sb_before(&b, m, op, o->loc);
    uint32_t rank = t->rank, ncap = t->ncap, nl = 0;
    ir_aff res[MAX_RANK];
    ir_value loaded[MAX_RANK], vars[MAX_RANK];
    int64_t nlo[MAX_RANK], nhi[MAX_RANK];
    for (uint32_t j = 0; j < rank; j++)
        vars[j] = sb_index(&b, t->lo[j]); /* every variable an index reads has one value */
    for (uint32_t k = 0; k < rank; k++) {
        nlo[k] = many(t, k) ? t->lo[k] : 0;
        nhi[k] = many(t, k) ? t->hi[k] : 0;
        if (!t->ind[k]) {
            res[k] = split_aff_subst(m, t->map[k]->res[0], t->zero);
            continue;
        }
        loaded[nl] = index_at(&b, op, t, k, vars, NULL);
        res[k] = ir_aff_dim(m, ncap + nl++);
    }
    /* the direct tile: base_map over (captured values ++ loaded indices) */
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdp.construct_access_tile", o->loc);
    ir_state_add_operand(m, &st, o->opnd[0]);
    for (uint32_t i = 0; i < ncap; i++)
        ir_state_add_operand(m, &st, t->cap[i]);
    for (uint32_t i = 0; i < nl; i++)
        ir_state_add_operand(m, &st, loaded[i]);
    ir_aff cons[2 * MAX_RANK], ids[MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    for (uint32_t k = 0; k < rank; k++) {
        cons[2 * k] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, k), ir_aff_const(m, -nlo[k]));
        cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, k),
                                                               ir_aff_const(m, -1)),
                                     ir_aff_const(m, nhi[k]));
        ids[k] = ir_aff_dim(m, k);
    }
    ir_state_set_attr(m, &st, "access_tile_set",
                      ir_attr_integer_set(m, ir_set_intern(m, rank, 0, 2 * rank, cons, eq)));
    ir_state_set_attr(m, &st, "access_tile_order",
                      ir_attr_affine_map(m, ir_map_intern(m, rank, 0, rank, ids)));
    ir_state_set_attr(m, &st, "base_map",
                      ir_attr_affine_map(m, ir_map_intern(m, ncap + nl, 0, rank, res)));
    int64_t sg[3] = {1, ncap + nl, 0};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 3, sg));
    ir_state_add_result(m, &st, ir_value_type(m, o->res));
    ir_op nt = sb_emit(&b, &st);
    ir_value_get(m, ir_op_get(m, nt)->res)->name = ir_value_get(m, o->res)->name;
    ir_op fn = op;
    while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    split_replace_uses(m, fn, o->res, ir_op_get(m, nt)->res);
    ir_op_unlink(m, op);
}

bool split_indirect_place(struct split_ctx *c, struct split_b *b, ir_op op, uint8_t *how,
                          int64_t *st, int64_t *page, ir_value *off)
{
    struct ir_module *m = c->m;
    struct itile t;
    if (!read_itile(c, op, &t))
        return false;
    ir_value vals[MAX_CAP];
    for (uint32_t i = 0; i < t.ncap; i++)
        vals[i] = t.cap[i];
    *off = sb_index(b, 0);
    for (uint32_t k = 0; k < t.rank; k++) {
        how[k] = t.ind[k] ? SPLIT_IND_INDIRECT
                 : many(&t, k) && t.idxvar[k] ? SPLIT_IND_ONE : SPLIT_IND_DIRECT;
        st[k] = t.st[k];
        page[k] = t.page[k];
        if (how[k] != SPLIT_IND_DIRECT)
            continue; /* a row at a time: split_indirect_offset */
        ir_aff e = split_aff_subst(m, t.map[k]->res[0], t.sub);
        ir_aff at[MAX_CAP + MAX_RANK];
        memcpy(at, t.zero, sizeof at);
        for (uint32_t j = 0; j < t.rank; j++)
            if (many(&t, j))
                at[t.ncap + j] = ir_aff_const(m, t.lo[j]);
        e = split_aff_subst(m, e, at);
        *off = sb_addi(b, *off, sb_muli(b, sb_aff_value(b, e, t.ncap, vals), t.st[k]));
    }
    return true;
}

struct split_b *split_indirect_at(struct ir_module *m, struct split_b *b, uint32_t rank,
                                  const uint8_t *how, const int32_t *loop, const ir_value *ivs,
                                  struct split_b *tmp)
{
    ir_op inner = IR_NONE;
    for (uint32_t k = 0; k < rank; k++) {
        if (how[k] == SPLIT_IND_DIRECT || loop[k] < 0)
            continue;
        const struct ir_value_info *vi = ir_value_get(m, ivs[loop[k]]);
        if (!vi->is_arg)
            return b;
        ir_op f = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (!f || ir_op_get(m, f)->kind != IR_OP_SCF_FOR)
            return b;
        if (!inner) {
            inner = f;
            continue;
        }
        for (ir_op x = f; x; x = ir_op_parent(m, x))
            if (x == inner) { /* f is inside inner */
                inner = f;
                break;
            }
    }
    if (!inner)
        return b;
    ir_block body = ir_region_entry(m, ir_op_get(m, inner)->regs[0]);
    sb_before(tmp, m, ir_block_get(m, body)->first, b->loc);
    return tmp;
}

ir_value split_indirect_offset(struct split_ctx *c, struct split_b *b, ir_op op,
                               const ir_value *pos, const bool *paged)
{
    struct ir_module *m = c->m;
    struct itile t;
    if (!read_itile(c, op, &t))
        return IR_NONE;
    struct split_b at = *b; /* the reads are the indirect tile's */
    at.loc = ir_op_get(m, op)->loc;
    b = &at;
    /* a page's variable is lo + P * page: its reads of `v floordiv P`
     * fold to the page, its row `v mod P` to 0 */
    ir_aff sub[MAX_CAP + MAX_RANK];
    for (uint32_t i = 0; i < t.ncap + t.rank; i++)
        sub[i] = ir_aff_dim(m, i);
    ir_value vars[MAX_RANK] = {IR_NONE}, off = sb_index(b, 0);
    for (uint32_t j = 0; j < t.rank; j++) {
        if (paged && paged[j] && t.page[j]) {
            vars[j] = pos[j];
            sub[t.ncap + j] = ir_aff_bin(
                m, IR_AFF_ADD,
                ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, t.ncap + j), ir_aff_const(m, t.page[j])),
                ir_aff_const(m, t.lo[j]));
            continue;
        }
        vars[j] = many(&t, j) && pos[j] ? sb_addi(b, sb_index(b, t.lo[j]), pos[j])
                                        : sb_index(b, t.lo[j]);
    }
    ir_value vals[MAX_CAP + MAX_RANK];
    map_values(&t, vars, vals);
    for (uint32_t k = 0; k < t.rank; k++) {
        if (t.ind[k])
            off = sb_addi(b, off, sb_muli(b, index_at(b, op, &t, k, vars, sub), t.st[k]));
        else if (many(&t, k) && t.idxvar[k]) /* its subscript at the row's variables */
            off = sb_addi(b, off,
                          sb_muli(b,
                                  sb_aff_value(b, split_aff_subst(m, t.map[k]->res[0], sub),
                                               t.ncap + t.rank, vals),
                                  t.st[k]));
    }
    return off;
}

bool split_indirect(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops ops = {0};
    IR_FOR_OPS(m, ir_module_body(m), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            sched_ops_of_kind(m, op, IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE, &ops);
    bool ok = true;
    for (uint32_t i = 0; i < ops.n; i++) {
        struct itile t;
        if (!read_itile(c, ops.v[i], &t))
            ok = false;
        else if (!t.rows)
            rewrite(c, ops.v[i], &t);
    }
    free(ops.v);
    return ok;
}
