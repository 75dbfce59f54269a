/* nest_xfer.c - ktc-nest's transfer helpers (nest_int.h): reading a side of
 * a ktdf.data_transfer, comparing and building one, prefixing a buffer's
 * subscripts, trimming a pipeline's FIFO allocations. */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/nest_int.h"
#include "sched/oplist.h"
#include "sched/path_expand_int.h"

bool nest_is_ddr(const struct ir_module *m, ir_value v)
{
    const char *s = nest_memref_space(m, ir_value_type(m, v));
    return s && strcmp(s, "DDR") == 0;
}

ir_value nest_view_root(const struct ir_module *m, ir_value v)
{
    for (ir_op d = ir_value_def(m, v); d; d = ir_value_def(m, v)) {
        enum ir_op_kind k = ir_op_get(m, d)->kind;
        if (k != IR_OP_MEMREF_REINTERPRET_CAST && k != IR_OP_MEMREF_MEMORY_SPACE_CAST &&
            k != IR_OP_MEMREF_CAST && k != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW)
            break;
        v = ir_op_get(m, d)->opnd[0];
    }
    return v;
}

struct ddr_write {
    ir_value base;
    bool hit;
};

static bool find_ddr_write(struct ir_module *m, ir_op op, void *ctx)
{
    struct ddr_write *w = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct pe_side s[2];
    if (o->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    /* a device-memory operand of the base is the transfer's source, or a
     * write (any other operand: subscripts, other memories, fifo slots) */
    pe_transfer_sides(m, op, s);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_value v = o->opnd[i];
        if (ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_MEMREF && nest_is_ddr(m, v) &&
            nest_view_root(m, v) == w->base && i != s[0].first)
            w->hit = true;
    }
    return !w->hit;
}

bool nest_writes_ddr(struct ir_module *m, ir_op root, ir_value base)
{
    struct ddr_write w = {base, false};
    ir_walk(m, root, find_ddr_write, &w);
    return w.hit;
}

bool nest_same_memory(const struct ir_module *m, ir_value a, ir_value b)
{
    for (int depth = 0; depth < 8 && a != b; depth++) {
        ir_op da = ir_value_def(m, a), db = ir_value_def(m, b);
        if (!da || !db || ir_value_type(m, a) != ir_value_type(m, b))
            return false;
        const struct ir_op_info *oa = ir_op_get(m, da), *ob = ir_op_get(m, db);
        if (oa->kind != ob->kind || oa->attrs != ob->attrs || oa->nopnd != ob->nopnd ||
            oa->nres != 1 || ob->nres != 1 || oa->nreg || ob->nreg)
            return false;
        if (oa->kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW) {
            /* the same offset, sizes and strides (index values equal as
             * linear forms: each view computes its own) */
            for (uint32_t i = 0; i < oa->nopnd; i++) {
                int64_t d;
                if (oa->opnd[i] != ob->opnd[i] &&
                    !(ir_value_type(m, oa->opnd[i]) == m->t_index &&
                      nest_const_diff(m, oa->opnd[i], ob->opnd[i], &d) && d == 0))
                    return false;
            }
            return true;
        }
        if ((oa->kind != IR_OP_MEMREF_MEMORY_SPACE_CAST && oa->kind != IR_OP_MEMREF_CAST) ||
            oa->nopnd != 1)
            return false;
        a = oa->opnd[0];
        b = ob->opnd[0];
    }
    return a == b;
}

bool nest_read_side_exprs(const struct ir_module *m, ir_op op, int k, struct nest_side *out,
                          ir_aff *exprs)
{
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    const struct ir_op_info *o = ir_op_get(m, op);
    *out = (struct nest_side){.v = s[k].v, .fifo = s[k].fifo};
    if (s[k].ndyn || !s[k].sizes)
        return false;
    const struct ir_attr_info *sz = ir_attr_get(m, s[k].sizes);
    if (sz->n > NEST_MAX_RANK)
        return false;
    out->nsize = sz->n;
    if (sz->n) /* a rank-0 side has no sizes array */
        memcpy(out->size, sz->ints, sz->n * sizeof *sz->ints);
    if (!s[k].map)
        return true;
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, s[k].map)->map);
    if (mp->nres > NEST_MAX_RANK)
        return false;
    out->nsub = mp->nres;
    for (uint32_t i = 0; i < mp->nres; i++) {
        const struct ir_aff_info *e = ir_aff_get(m, mp->res[i]);
        if (exprs)
            exprs[i] = IR_NONE;
        if (e->kind == IR_AFF_CONST)
            out->sub[i] = (struct nest_sub){.c = e->v};
        else if (e->kind == IR_AFF_DIM && (uint32_t)e->v < s[k].nsub)
            out->sub[i] = (struct nest_sub){.v = o->opnd[s[k].first + 1 + (uint32_t)e->v]};
        else if (exprs && !mp->nsyms)
            exprs[i] = mp->res[i];
        else
            return false;
    }
    return true;
}

bool nest_read_side(const struct ir_module *m, ir_op op, int k, struct nest_side *out)
{
    return nest_read_side_exprs(m, op, k, out, NULL);
}

/* Adds side s's operands to st; seg gets its three segment sizes. */
static void add_side(struct ir_module *m, struct ir_op_state *st, const struct nest_side *s,
                     const char *map, const char *sizes, int64_t *seg)
{
    ir_state_add_operand(m, st, s->v);
    uint32_t nd = 0;
    ir_aff res[NEST_MAX_RANK];
    for (uint32_t i = 0; i < s->nsub; i++)
        if (s->sub[i].v) {
            ir_state_add_operand(m, st, s->sub[i].v);
            res[i] = ir_aff_dim(m, nd++);
        } else {
            res[i] = ir_aff_const(m, s->sub[i].c);
        }
    if (!s->fifo)
        ir_state_set_attr(m, st, map, ir_attr_affine_map(m, ir_map_intern(m, nd, 0, s->nsub, res)));
    ir_state_set_attr(m, st, sizes, ir_attr_dense_array(m, m->t_i64, s->nsize, s->size));
    seg[0] = 1;
    seg[1] = nd;
    seg[2] = 0;
}

ir_op nest_make_transfer(struct split_b *b, const struct nest_side *src,
                         const struct nest_side *dst, ir_op like)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.data_transfer", like ? ir_op_get(m, like)->loc : b->loc);
    int64_t seg[6];
    add_side(m, &st, src, "source_map", "static_source_sizes", seg);
    add_side(m, &st, dst, "dest_map", "static_dest_sizes", seg + 3);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 6, seg));
    ir_attr attrs = like ? ir_op_get(m, like)->attrs : IR_NONE;
    const struct ir_attr_info *ai = attrs ? ir_attr_get(m, attrs) : NULL;
    for (uint32_t i = 0; ai && i < ai->n; i++) {
        const char *name = ir_str_get(m, ai->elems[2 * i]);
        if (!ir_state_get_attr(m, &st, name))
            ir_state_set_attr(m, &st, name, ai->elems[2 * i + 1]);
    }
    return sb_emit(b, &st);
}

struct prefix {
    ir_value from, to;
    struct nest_sub sub;
    ir_op *found;
    uint32_t n, cap;
    bool other; /* an op other than a transfer uses `from` */
};

static bool find_uses(struct ir_module *m, ir_op op, void *ctx)
{
    struct prefix *p = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDF_DATA_TRANSFER) {
        for (uint32_t i = 0; i < o->nopnd; i++)
            p->other |= o->opnd[i] == p->from;
        return true;
    }
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == p->from) {
            if (p->n == p->cap) {
                p->cap = p->cap ? 2 * p->cap : 16;
                if (!(p->found = realloc(p->found, p->cap * sizeof *p->found)))
                    abort();
            }
            p->found[p->n++] = op;
            break;
        }
    return true;
}

bool nest_prefixable(struct ir_module *m, ir_op root, ir_value buf)
{
    struct prefix p = {.from = buf};
    ir_walk(m, root, find_uses, &p);
    bool ok = !p.other;
    for (uint32_t k = 0; k < p.n && ok; k++) {
        struct nest_side s[2];
        ok = nest_read_side(m, p.found[k], 0, &s[0]) && nest_read_side(m, p.found[k], 1, &s[1]);
        for (int j = 0; j < 2 && ok; j++)
            ok = s[j].v != buf || (s[j].nsub < NEST_MAX_RANK && s[j].nsize < NEST_MAX_RANK);
    }
    free(p.found);
    return ok;
}

void nest_prefix_buffer(struct ir_module *m, ir_op root, ir_value from, ir_value to,
                        struct nest_sub sub)
{
    struct prefix p = {.from = from, .to = to, .sub = sub};
    ir_walk(m, root, find_uses, &p);
    for (uint32_t k = 0; k < p.n; k++) {
        ir_op op = p.found[k];
        struct nest_side s[2];
        if (!nest_read_side(m, op, 0, &s[0]) || !nest_read_side(m, op, 1, &s[1]))
            continue; /* the caller checked nest_prefixable */
        for (int j = 0; j < 2; j++) {
            if (s[j].v != from || s[j].nsub == NEST_MAX_RANK)
                continue;
            memmove(s[j].sub + 1, s[j].sub, s[j].nsub * sizeof *s[j].sub);
            memmove(s[j].size + 1, s[j].size, s[j].nsize * sizeof *s[j].size);
            s[j].sub[0] = sub;
            s[j].size[0] = 1;
            s[j].nsub++;
            s[j].nsize++;
            s[j].v = to;
        }
        struct split_b b;
        sb_before(&b, m, op, ir_op_get(m, op)->loc);
        nest_make_transfer(&b, &s[0], &s[1], op);
        ir_op_unlink(m, op);
    }
    free(p.found);
}

ir_type nest_memref_prefixed(struct ir_module *m, ir_type t, int64_t n)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    int64_t shape[NEST_MAX_RANK + 1];
    shape[0] = n;
    memcpy(shape + 1, ti->shape, ti->rank * sizeof *shape);
    return split_memref(m, ti->rank + 1, shape, ti->elem, IR_NONE, ti->attr1);
}

bool nest_same_side(const struct nest_side *a, const struct nest_side *b)
{
    if (a->v != b->v || a->fifo != b->fifo || a->nsub != b->nsub || a->nsize != b->nsize)
        return false;
    for (uint32_t k = 0; k < a->nsub; k++)
        if (a->sub[k].v != b->sub[k].v || (!a->sub[k].v && a->sub[k].c != b->sub[k].c))
            return false;
    for (uint32_t k = 0; k < a->nsize; k++)
        if (a->size[k] != b->size[k])
            return false;
    return true;
}

void nest_sub_lin(const struct ir_module *m, struct nest_sub sub, struct sched_lin *l)
{
    if (sub.v)
        sched_lin_of(m, sub.v, l);
    else
        *l = (struct sched_lin){.c = sub.c};
}

bool nest_same_side_lin(const struct ir_module *m, const struct nest_side *a,
                        const struct nest_side *b)
{
    if (a->v != b->v || a->fifo != b->fifo || a->nsub != b->nsub || a->nsize != b->nsize)
        return false;
    for (uint32_t k = 0; k < a->nsize; k++)
        if (a->size[k] != b->size[k])
            return false;
    for (uint32_t k = 0; k < a->nsub; k++) {
        struct sched_lin x, y;
        nest_sub_lin(m, a->sub[k], &x);
        nest_sub_lin(m, b->sub[k], &y);
        if (!sched_lin_add(&x, &y, -1) || x.c)
            return false;
        for (uint32_t t = 0; t < x.n; t++)
            if (x.k[t] && !nest_unit_iv(m, x.v[t]))
                return false;
    }
    return true;
}

ir_op nest_pipe_private(const struct ir_module *m, ir_op pipe)
{
    ir_op priv = IR_NONE;
    IR_FOR_OPS(m, ir_region_entry(m, ir_op_region(m, pipe, 0)), op)
        if (ir_op_get(m, op)->kind == IR_OP_KTDF_PRIVATE)
            priv = op;
    return priv;
}

void nest_shrink_allocs(struct ir_module *m, ir_op pipe)
{
    ir_op priv = nest_pipe_private(m, pipe);
    if (!priv)
        return;
    uint32_t *uses = split_use_counts(m, pipe);
    ir_op next;
    for (ir_op op = ir_block_get(m, ir_region_entry(m, ir_op_region(m, priv, 0)))->first; op;
         op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_KTDF_FIFO_ALLOCATE)
            continue;
        uint32_t used = 0;
        for (uint32_t r = 0; r < o->nres; r++)
            used += uses[o->res + r] > 0;
        if (!used) /* every slot forwarded: the allocation goes */
            ir_op_unlink(m, op);
        if (used == o->nres || !used)
            continue;
        struct ir_op_state st;
        ir_state_init(&st, m, "ktdf.fifo.allocate", o->loc);
        for (uint32_t r = 0; r < o->nres; r++)
            if (uses[o->res + r])
                ir_state_add_result(m, &st, ir_value_type(m, o->res + r));
        ir_op na = ir_op_create(m, &st);
        ir_op_insert_before(m, op, na);
        uint32_t k = 0;
        for (uint32_t r = 0; r < o->nres; r++)
            if (uses[o->res + r])
                split_replace_uses(m, pipe, o->res + r, ir_op_result(m, na, k++));
        ir_op_unlink(m, op);
    }
    free(uses);
}

struct touch {
    ir_value v;
    int side;
    ir_op except;
    bool found;
};

static bool find_touch(struct ir_module *m, ir_op op, void *ctx)
{
    struct touch *t = ctx;
    struct nest_side d;
    if (op != t->except && ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER &&
        (!nest_read_side(m, op, t->side, &d) || (!d.fifo && d.v == t->v)))
        t->found = true;
    return !t->found;
}

bool nest_touches_but(struct ir_module *m, ir_op root, ir_value v, int side, ir_op except)
{
    struct touch t = {v, side, except, false};
    ir_walk(m, root, find_touch, &t);
    return t.found;
}

bool nest_touches(struct ir_module *m, ir_op root, ir_value v, int side)
{
    return nest_touches_but(m, root, v, side, IR_NONE);
}

bool nest_write_only(struct ir_module *m, ir_op root, ir_value v)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_MEMREF_ALLOC)
        return false;
    struct sched_ops uses = {0};
    sched_ops_using(m, root, v, &uses);
    bool only = true;
    for (uint32_t i = 0; i < uses.n && only; i++) {
        struct nest_side from, to;
        only = ir_op_get(m, uses.v[i])->kind == IR_OP_KTDF_DATA_TRANSFER &&
               nest_read_side(m, uses.v[i], 0, &from) && nest_read_side(m, uses.v[i], 1, &to) &&
               to.v == v && from.v != v;
    }
    free(uses.v);
    return only;
}

bool nest_same_units(const struct ir_module *m, const ir_op *a, const ir_op *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (ir_op_attr(m, a[i], "applicable_units") != ir_op_attr(m, b[i], "applicable_units"))
            return false;
    return true;
}

uint32_t nest_stage_kind(const struct arch_device *dev, const struct ir_module *m, ir_op stage)
{
    ir_attr ua = ir_op_attr(m, stage, "applicable_units");
    const struct ir_attr_info *a = ua ? ir_attr_get(m, ua) : NULL;
    if (!a || a->kind != IR_AT_ARRAY || a->n != 1 ||
        ir_attr_get(m, a->elems[0])->kind != IR_AT_STRING)
        return ARCH_NONE;
    return arch_kind_find(dev, ir_str_get(m, ir_attr_get(m, a->elems[0])->s));
}

int64_t nest_stage_dma_least(const struct arch_device *dev, const struct ir_module *m, ir_op stage,
                             int64_t *align)
{
    uint32_t k = nest_stage_kind(dev, m, stage);
    if (align)
        *align = 1;
    return k == ARCH_NONE
               ? 0
               : arch_access_least(arch_access(dev, dev->kinds[k].first, false, "DDR"), align);
}

void nest_stage_starts(struct ir_module *m, ir_op stage)
{
    const struct ir_op_info *so = ir_op_get(m, stage);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.stage", so->loc);
    ir_state_add_operand(m, &st, so->opnd[so->nopnd - 1]);
    ir_state_set_attr(m, &st, "operandSegmentSizes", split_segments(m, 2, (const int64_t[]){0, 1}));
    ir_state_set_attr(m, &st, "applicable_units", ir_op_attr(m, stage, "applicable_units"));
    ir_state_add_region(m, &st, so->regs[0]);
    ir_op ns = ir_op_create(m, &st);
    ir_op_insert_before(m, stage, ns);
    ir_op_get(m, stage)->nreg = 0;
    ir_op_unlink(m, stage);
}
