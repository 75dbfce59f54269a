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

/* An affine expression over the captured values (dims 0..ncap) as an
 * index value at b: arith ops when linear, an affine.apply otherwise. */
static ir_value cap_value(struct split_b *b, ir_aff e, uint32_t ncap, const ir_value *cap)
{
    struct ir_module *m = b->m;
    int64_t coef[MAX_CAP] = {0}, c0 = 0;
    if (split_aff_linear(m, e, 1, coef, NULL, &c0)) {
        ir_value v = sb_index(b, c0);
        for (uint32_t i = 0; i < ncap; i++)
            if (coef[i])
                v = sb_addi(b, v, sb_muli(b, cap[i], coef[i]));
        return v;
    }
    struct ir_op_state st;
    ir_state_init(&st, m, "affine.apply", b->loc);
    for (uint32_t i = 0; i < ncap; i++)
        ir_state_add_operand(m, &st, cap[i]);
    ir_state_set_attr(m, &st, "map", ir_attr_affine_map(m, ir_map_intern(m, ncap, 0, 1, &e)));
    ir_state_add_result(m, &st, m->t_index);
    return ir_op_result(m, sb_emit(b, &st), 0);
}

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

/* The alignment in bytes that some unit's access to memory kind mem
 * wants (its word times a granule's alignment in words), at least 1. */
static int64_t mem_align(const struct arch_device *d, const char *mem)
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

/* Rewrites indirect tile op (block form) into loads and a direct tile;
 * false after a located error. */
static bool rewrite(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, op, "operandSegmentSizes"));
    uint32_t nind = (uint32_t)seg->ints[1], ncap = (uint32_t)seg->ints[2];
    if (seg->ints[3])
        return split_error(c, op, "indirect access tiles with symbols (a variables_space_set "
                                  "of launch-time extents) are not supported yet");
    const struct ir_attr_info *kinds = ir_attr_get(m, ir_op_attr(m, op, "per_dim_subscript_kinds"));
    const struct ir_attr_info *maps = ir_attr_get(m, ir_op_attr(m, op, "per_dim_subscript_maps"));
    const struct ir_block_info *bi = ir_block_get(m, ir_region_entry(m, o->regs[0]));
    uint32_t rank = kinds->n, nv = bi->nargs;
    if (rank > MAX_RANK || nv > MAX_RANK || ncap > MAX_CAP)
        return split_error(c, op, "indirect access tiles of more than %d dims or %d captured "
                                  "values are not supported yet", MAX_RANK, MAX_CAP);
    ir_attr sa = ir_op_attr(m, op, "variables_space_set");
    ir_attr oa = ir_op_attr(m, op, "variables_space_order");
    int64_t lo[MAX_RANK], hi[MAX_RANK];
    if (!sa || !ir_set_box(m, ir_attr_get(m, sa)->map, NULL, lo, hi))
        return split_error(c, op, "indirect access tiles whose variables_space_set is not a "
                                  "box are not supported yet");
    for (uint32_t j = 0; j < nv; j++)
        if (lo[j] == INT64_MIN || hi[j] == INT64_MAX || hi[j] < lo[j])
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
    /* the variables as dims ncap.. of the maps: a one-valued one is its
     * value; var k of more values must be dim k's own, with coefficient 1 */
    ir_aff sub[MAX_CAP + MAX_RANK], zero[MAX_CAP + MAX_RANK];
    for (uint32_t i = 0; i < ncap; i++)
        sub[i] = zero[i] = ir_aff_dim(m, i);
    for (uint32_t j = 0; j < nv; j++) {
        sub[ncap + j] = lo[j] == hi[j] ? ir_aff_const(m, lo[j]) : ir_aff_dim(m, ncap + j);
        zero[ncap + j] = lo[j] == hi[j] ? ir_aff_const(m, lo[j]) : ir_aff_const(m, 0);
    }
    struct split_b b;
    sb_before(&b, m, op, o->loc);
    const ir_value *cap = o->opnd + 1 + nind;
    ir_aff res[MAX_RANK];
    int64_t nlo[MAX_RANK], nhi[MAX_RANK];
    ir_value loaded[MAX_RANK];
    uint32_t nl = 0, view = 0;
    /* a loaded index moves the tile by index * stride elements: whole
     * words of every unit's access to the base's memory, or the tile is
     * `unaligned` (ktc-path-expand reads the words around it) */
    ir_op vop = ir_value_def(m, o->opnd[0]);
    ir_attr vsp = vop ? ir_op_attr(m, vop, "memory_space") : IR_NONE;
    const struct ir_attr_info *vst = vop ? ir_attr_get(m, ir_op_attr(m, vop, "static_strides")) : NULL;
    int64_t align = mem_align(c->dev, vsp ? arch_space_attr_kind(c->dev, m, vsp) : NULL);
    int64_t esize = (ir_type_get(m, ir_type_elem(m, ir_value_type(m, o->opnd[0])))->width + 7) / 8;
    bool unaligned = false;
    for (uint32_t k = 0; k < rank; k++) {
        const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, maps->elems[k])->map);
        bool ind = ir_attr_get(m, kinds->elems[k])->i != 0;
        bool many = lo[k] != hi[k];
        nlo[k] = many ? lo[k] : 0;
        nhi[k] = many ? hi[k] : 0;
        if (!ind) {
            ir_aff e = split_aff_subst(m, mp->res[0], sub);
            int64_t coef[MAX_CAP + MAX_RANK] = {0}, c0 = 0;
            bool lin = split_aff_linear(m, e, 1, coef, NULL, &c0);
            for (uint32_t j = 0; j < nv; j++) {
                bool want = many && j == k;
                if (lo[j] == hi[j] || (!uses_dim(m, e, ncap + j) && !want))
                    continue;
                if (!lin || coef[ncap + j] != (want ? 1 : 0))
                    return split_error(c, op, "indirect access tiles whose direct subscript #%u "
                                              "is not a captured value plus variable #%u are "
                                              "not supported yet", k, k);
            }
            if (many && !uses_dim(m, e, ncap + k))
                return split_error(c, op, "indirect access tiles whose direct subscript #%u "
                                          "is not a captured value plus variable #%u are not "
                                          "supported yet", k, k);
            res[k] = split_aff_subst(m, mp->res[0], zero);
            continue;
        }
        /* an indirect dim: one lookup for the tile */
        ir_value iv = o->opnd[1 + view++];
        ir_value idx[MAX_RANK];
        for (uint32_t r = 0; r < mp->nres; r++) {
            ir_aff e = split_aff_subst(m, mp->res[r], sub);
            for (uint32_t j = 0; j < nv; j++)
                if (uses_dim(m, e, ncap + j))
                    return split_error(c, op, "indirect access tiles whose index expressions "
                                              "use an intermediate variable of more than one "
                                              "value (one lookup per element or per block: "
                                              "element gathers, paged blocks) are not "
                                              "supported yet");
            idx[r] = cap_value(&b, e, ncap, cap);
        }
        if (many)
            return split_error(c, op, "indirect access tiles whose variable #%u, of more than "
                                      "one value, is used by no subscript but the indirect "
                                      "one are not supported yet", k);
        struct ir_op_state st;
        ir_state_init(&st, m, "memref.load", o->loc);
        ir_state_add_operand(m, &st, iv);
        for (uint32_t r = 0; r < mp->nres; r++)
            ir_state_add_operand(m, &st, idx[r]);
        ir_state_add_result(m, &st, ir_type_elem(m, ir_value_type(m, iv)));
        ir_value raw = ir_op_result(m, sb_emit(&b, &st), 0);
        split_set_name(m, raw, "index");
        ir_value x = raw;
        if (ir_value_type(m, raw) != m->t_index) {
            ir_state_init(&st, m, "arith.index_cast", o->loc);
            ir_state_add_operand(m, &st, raw);
            ir_state_add_result(m, &st, m->t_index);
            x = ir_op_result(m, sb_emit(&b, &st), 0);
        }
        unaligned |= !vst || vst->n != rank || vst->ints[k] == IR_DYN ||
                     (vst->ints[k] * esize) % align != 0;
        loaded[nl] = x;
        res[k] = ir_aff_dim(m, ncap + nl++);
    }
    /* the direct tile: base_map over (captured values ++ loaded indices) */
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdp.construct_access_tile", o->loc);
    ir_state_add_operand(m, &st, o->opnd[0]);
    for (uint32_t i = 0; i < ncap; i++)
        ir_state_add_operand(m, &st, cap[i]);
    for (uint32_t i = 0; i < nl; i++)
        ir_state_add_operand(m, &st, loaded[i]);
    ir_aff cons[2 * MAX_RANK];
    bool eq[2 * MAX_RANK] = {false};
    for (uint32_t k = 0; k < rank; k++) {
        cons[2 * k] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, k), ir_aff_const(m, -nlo[k]));
        cons[2 * k + 1] = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_MUL, ir_aff_dim(m, k),
                                                               ir_aff_const(m, -1)),
                                     ir_aff_const(m, nhi[k]));
    }
    ir_aff ids[MAX_RANK];
    for (uint32_t k = 0; k < rank; k++)
        ids[k] = ir_aff_dim(m, k);
    ir_state_set_attr(m, &st, "access_tile_set",
                      ir_attr_integer_set(m, ir_set_intern(m, rank, 0, 2 * rank, cons, eq)));
    ir_state_set_attr(m, &st, "access_tile_order",
                      ir_attr_affine_map(m, ir_map_intern(m, rank, 0, rank, ids)));
    ir_state_set_attr(m, &st, "base_map",
                      ir_attr_affine_map(m, ir_map_intern(m, ncap + nl, 0, rank, res)));
    int64_t sg[3] = {1, ncap + nl, 0};
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 3, sg));
    /* only the unit that moves the tile reads the index; one whose
     * offset may fall inside a word would need it on the units that pick
     * the elements out of the words too (ktc-path-expand) */
    if (unaligned)
        return split_error(c, op, "indirect access tiles whose index moves them by part of a "
                                  "%lld-byte word (index stride x element size) are not "
                                  "supported yet", (long long)align);
    ir_state_add_result(m, &st, ir_value_type(m, o->res));
    ir_op t = sb_emit(&b, &st);
    ir_value_get(m, ir_op_get(m, t)->res)->name = ir_value_get(m, o->res)->name;
    ir_op fn = op;
    while (fn && ir_op_get(m, fn)->kind != IR_OP_FUNC_FUNC)
        fn = ir_op_parent(m, fn);
    split_replace_uses(m, fn, o->res, ir_op_get(m, t)->res);
    ir_op_unlink(m, op);
    return true;
}

bool split_indirect(struct split_ctx *c)
{
    struct ir_module *m = c->m;
    struct sched_ops ops = {0};
    IR_FOR_OPS(m, ir_module_body(m), op)
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            sched_ops_of_kind(m, op, IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE, &ops);
    bool ok = true;
    for (uint32_t i = 0; i < ops.n; i++)
        ok &= rewrite(c, ops.v[i]);
    free(ops.v);
    return ok;
}
