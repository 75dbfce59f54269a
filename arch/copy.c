/* copy.c - copies an op (with everything it holds) from one module into
 * another: strings, types, attributes and affine maps are re-interned in
 * the destination, values and blocks renumbered. arch_attach_device uses it
 * to move a device description into a kernel module. */
#include <stdlib.h>

#include "arch/arch_int.h"

struct copier {
    struct ir_module *dst;
    const struct ir_module *src;
    ir_value *vmap; /* per source value: its copy */
    ir_block *bmap; /* per source block: its copy */
};

static ir_str copy_str(struct copier *c, ir_str s)
{
    return s ? ir_str_c(c->dst, ir_str_get(c->src, s)) : IR_NONE;
}

static ir_attr copy_attr(struct copier *c, ir_attr a);

static ir_type copy_type(struct copier *c, ir_type t)
{
    if (!t)
        return IR_NONE;
    struct ir_type_info n = *ir_type_get(c->src, t);
    ir_type *tys = malloc((n.ntys + 1) * sizeof *tys);
    if (!tys)
        abort();
    for (uint32_t i = 0; i < n.ntys; i++)
        tys[i] = copy_type(c, n.tys[i]);
    n.tys = tys;
    n.elem = copy_type(c, n.elem);
    n.attr0 = copy_attr(c, n.attr0);
    n.attr1 = copy_attr(c, n.attr1);
    n.name = copy_str(c, n.name);
    n.body = copy_str(c, n.body);
    ir_type r = ir_type_intern(c->dst, &n);
    free(tys);
    return r;
}

static ir_aff copy_aff(struct copier *c, ir_aff e)
{
    const struct ir_aff_info *ei = ir_aff_get(c->src, e);
    switch (ei->kind) {
    case IR_AFF_CONST:
        return ir_aff_const(c->dst, ei->v);
    case IR_AFF_DIM:
        return ir_aff_dim(c->dst, (uint32_t)ei->v);
    case IR_AFF_SYM:
        return ir_aff_sym(c->dst, (uint32_t)ei->v);
    default:
        return ir_aff_bin(c->dst, (enum ir_aff_kind)ei->kind, copy_aff(c, ei->lhs),
                          copy_aff(c, ei->rhs));
    }
}

static uint32_t copy_map(struct copier *c, uint32_t map)
{
    const struct ir_affine_map *mi = ir_map_get(c->src, map);
    ir_aff *res = malloc((mi->nres + 1) * sizeof *res);
    if (!res)
        abort();
    for (uint32_t i = 0; i < mi->nres; i++)
        res[i] = copy_aff(c, mi->res[i]);
    uint32_t r = ir_map_intern(c->dst, mi->ndims, mi->nsyms, mi->nres, res);
    free(res);
    return r;
}

static uint32_t copy_set(struct copier *c, uint32_t set)
{
    const struct ir_integer_set *si = ir_set_get(c->src, set);
    ir_aff *cons = malloc((si->ncons + 1) * sizeof *cons);
    if (!cons)
        abort();
    for (uint32_t i = 0; i < si->ncons; i++)
        cons[i] = copy_aff(c, si->cons[i]);
    uint32_t r = ir_set_intern(c->dst, si->ndims, si->nsyms, si->ncons, cons, si->eq);
    free(cons);
    return r;
}

static ir_attr copy_attr(struct copier *c, ir_attr a)
{
    if (!a)
        return IR_NONE;
    struct ir_attr_info n = *ir_attr_get(c->src, a);
    n.type = copy_type(c, n.type);
    n.s = copy_str(c, n.s);
    n.body = copy_str(c, n.body);
    uint32_t *elems = NULL;
    switch (n.kind) {
    case IR_AT_ARRAY:
    case IR_AT_DENSE:
    case IR_AT_DICT:
    case IR_AT_ARCH_MAP:
    case IR_AT_SYMREF: {
        uint32_t ne = n.kind == IR_AT_DICT || n.kind == IR_AT_ARCH_MAP ? 2 * n.n : n.n;
        elems = malloc((ne + 1) * sizeof *elems);
        if (!elems)
            abort();
        for (uint32_t i = 0; i < ne; i++) {
            bool is_str = n.kind == IR_AT_SYMREF || (n.kind == IR_AT_DICT && i % 2 == 0);
            elems[i] = is_str ? copy_str(c, n.elems[i]) : copy_attr(c, n.elems[i]);
        }
        n.elems = elems;
        break;
    }
    case IR_AT_AFFINE_MAP:
        n.map = copy_map(c, n.map);
        break;
    case IR_AT_INTEGER_SET:
        n.map = copy_set(c, n.map);
        break;
    default:
        break;
    }
    ir_attr r = ir_attr_intern(c->dst, &n);
    free(elems);
    return r;
}

static ir_op copy_op(struct copier *c, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(c->src, op);
    struct ir_op_state st;
    ir_state_init(&st, c->dst, ir_str_get(c->src, o->name),
                  (struct ir_loc){copy_str(c, o->loc.file), o->loc.line, o->loc.col});
    for (uint32_t i = 0; i < o->nopnd; i++)
        ir_state_add_operand(c->dst, &st, c->vmap[o->opnd[i]]);
    for (uint32_t i = 0; i < o->nres; i++)
        ir_state_add_result(c->dst, &st, copy_type(c, ir_value_type(c->src, o->res + i)));
    /* Blocks first (successors and arguments), then the ops in them. */
    for (uint32_t i = 0; i < o->nreg; i++) {
        ir_region r = ir_region_new(c->dst);
        for (ir_block b = ir_region_get(c->src, o->regs[i])->first; b;
             b = ir_block_get(c->src, b)->next) {
            ir_block nb = ir_block_new(c->dst);
            c->bmap[b] = nb;
            const struct ir_block_info *bi = ir_block_get(c->src, b);
            for (uint32_t k = 0; k < bi->nargs; k++) {
                ir_value v = bi->args[k];
                c->vmap[v] = ir_block_add_arg(c->dst, nb, copy_type(c, ir_value_type(c->src, v)),
                                              copy_str(c, ir_value_get(c->src, v)->name));
            }
            ir_region_append_block(c->dst, r, nb);
        }
        ir_state_add_region(c->dst, &st, r);
    }
    for (uint32_t i = 0; i < o->nsucc; i++)
        ir_state_add_successor(c->dst, &st, c->bmap[o->succ[i]]);
    ir_op n = ir_op_create(c->dst, &st);
    ir_op_get(c->dst, n)->attrs = copy_attr(c, o->attrs);
    for (uint32_t i = 0; i < o->nres; i++) {
        c->vmap[o->res + i] = ir_op_result(c->dst, n, i);
        ir_value_get(c->dst, c->vmap[o->res + i])->name =
            copy_str(c, ir_value_get(c->src, o->res + i)->name);
    }
    for (uint32_t i = 0; i < o->nreg; i++)
        for (ir_block b = ir_region_get(c->src, o->regs[i])->first; b;
             b = ir_block_get(c->src, b)->next)
            IR_FOR_OPS(c->src, b, inner)
                ir_block_append_op(c->dst, c->bmap[b], copy_op(c, inner));
    return n;
}

ir_op arch_copy_op(struct ir_module *dst, const struct ir_module *src, ir_op op)
{
    struct copier c = {dst, src, calloc(src->values.len + 1, sizeof(ir_value)),
                       calloc(src->blocks.len + 1, sizeof(ir_block))};
    if (!c.vmap || !c.bmap)
        abort();
    ir_op r = copy_op(&c, op);
    free(c.vmap);
    free(c.bmap);
    return r;
}

ir_attr arch_copy_attr(struct ir_module *dst, const struct ir_module *src, ir_attr a)
{
    struct copier c = {dst, src, NULL, NULL};
    return copy_attr(&c, a);
}
