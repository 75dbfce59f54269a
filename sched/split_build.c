/* split_build.c - the IR editing helpers of ktc-split (split_int.h): value
 * maps, deep clone, use replacement, dead-code removal, the builder. The
 * IR core keeps no use lists, so uses are found by walking: programs are
 * small and each walk is linear. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

bool split_error(struct split_ctx *c, ir_op op, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ir_diag_at(c->diag, c->m, ir_op_get(c->m, op)->loc, IR_SEV_ERROR, "%s", msg);
    c->failed = true;
    return false;
}

/* ---- value maps ------------------------------------------------------- */

ir_value split_vmap_get(const struct split_vmap *vm, ir_value v)
{
    return v < vm->cap && vm->to[v] ? vm->to[v] : v;
}

void split_vmap_set(struct split_vmap *vm, ir_value from, ir_value to)
{
    if (from >= vm->cap) {
        uint32_t n = vm->cap ? vm->cap : 256;
        while (n <= from)
            n *= 2;
        vm->to = realloc(vm->to, n * sizeof *vm->to);
        if (!vm->to)
            abort();
        memset(vm->to + vm->cap, 0, (n - vm->cap) * sizeof *vm->to);
        vm->cap = n;
    }
    vm->to[from] = to;
}

void split_vmap_free(struct split_vmap *vm)
{
    free(vm->to);
    vm->to = NULL;
    vm->cap = 0;
}

/* ---- editing ---------------------------------------------------------- */

ir_op split_clone(struct ir_module *m, ir_op op, struct split_vmap *vm)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    struct ir_op_state st;
    ir_state_init(&st, m, ir_str_get(m, o->name), o->loc);
    for (uint32_t i = 0; i < o->nopnd; i++)
        ir_state_add_operand(m, &st, split_vmap_get(vm, o->opnd[i]));
    for (uint32_t i = 0; i < o->nres; i++)
        ir_state_add_result(m, &st, ir_value_type(m, o->res + i));
    for (uint32_t r = 0; r < o->nreg; r++) {
        ir_region nr = ir_region_new(m);
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next) {
            ir_block nb = ir_block_new(m);
            ir_region_append_block(m, nr, nb);
            const struct ir_block_info *bi = ir_block_get(m, b);
            for (uint32_t a = 0; a < bi->nargs; a++) {
                ir_value arg = bi->args[a];
                split_vmap_set(vm, arg, ir_block_add_arg(m, nb, ir_value_type(m, arg),
                                                         ir_value_get(m, arg)->name));
            }
            for (ir_op c = bi->first; c; c = ir_op_get(m, c)->next)
                ir_block_append_op(m, nb, split_clone(m, c, vm));
        }
        ir_state_add_region(m, &st, nr);
    }
    ir_op copy = ir_op_create(m, &st);
    o = ir_op_get(m, op); /* the tables may have grown */
    ir_op_get(m, copy)->attrs = o->attrs;
    for (uint32_t i = 0; i < o->nres; i++) {
        ir_value_get(m, ir_op_result(m, copy, i))->name = ir_value_get(m, o->res + i)->name;
        split_vmap_set(vm, o->res + i, ir_op_result(m, copy, i));
    }
    return copy;
}

ir_op split_clone_body(struct ir_module *m, ir_op loop, struct split_vmap *vm, ir_op before)
{
    ir_op yield = IR_NONE;
    IR_FOR_OPS(m, split_body(m, loop, 0), op) {
        if (ir_op_get(m, op)->kind == IR_OP_SCF_YIELD)
            yield = op;
        else
            ir_op_insert_before(m, before, split_clone(m, op, vm));
    }
    return yield;
}

ir_op split_first_iteration(struct ir_module *m, ir_op loop, struct split_vmap *vm)
{
    ir_block body = split_body(m, loop, 0);
    split_vmap_set(vm, ir_block_get(m, body)->args[0], ir_op_get(m, loop)->opnd[0]);
    for (uint32_t i = 0; i < ir_op_get(m, loop)->nres; i++)
        split_vmap_set(vm, ir_block_get(m, body)->args[i + 1], ir_op_get(m, loop)->opnd[3 + i]);
    return split_clone_body(m, loop, vm, loop);
}

static void replace_in(struct ir_module *m, ir_op op, ir_value from, ir_value to)
{
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] == from)
            o->opnd[i] = to;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (ir_op c = ir_block_get(m, b)->first; c; c = ir_op_get(m, c)->next)
                replace_in(m, c, from, to);
}

void split_replace_uses(struct ir_module *m, ir_op root, ir_value from, ir_value to)
{
    replace_in(m, root, from, to);
}

void split_replace_mapped(struct ir_module *m, ir_op root, const struct split_vmap *vm)
{
    struct ir_op_info *o = ir_op_get(m, root);
    for (uint32_t i = 0; i < o->nopnd; i++)
        o->opnd[i] = split_vmap_get(vm, o->opnd[i]);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (ir_op c = ir_block_get(m, b)->first; c; c = ir_op_get(m, c)->next)
                split_replace_mapped(m, c, vm);
}

static void count_in(const struct ir_module *m, ir_op op, uint32_t *n, int delta)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        n[o->opnd[i]] += (uint32_t)delta;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (ir_op c = ir_block_get(m, b)->first; c; c = ir_op_get(m, c)->next)
                count_in(m, c, n, delta);
}

uint32_t *split_use_counts(struct ir_module *m, ir_op root)
{
    uint32_t *n = calloc(m->values.len + 1, sizeof *n);
    if (!n)
        abort();
    count_in(m, root, n, 1);
    return n;
}

/* Whether every op of loop's body only computes its results. */
static bool computes_only(const struct ir_module *m, ir_op loop)
{
    for (ir_block b = ir_region_get(m, ir_op_get(m, loop)->regs[0])->first; b;
         b = ir_block_get(m, b)->next)
        IR_FOR_OPS(m, b, c)
            if (ir_op_get(m, c)->kind != IR_OP_SCF_YIELD && !split_removable(m, c))
                return false;
    return true;
}

bool split_removable(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!o->nres)
        return false;
    if (ir_op_def(o->kind)->flags & IR_OPF_PURE)
        return true;
    if (o->kind == IR_OP_SCF_FOR) /* a loop carrying values it only computes */
        return computes_only(m, op);
    if (o->kind == IR_OP_KTDP_LOAD || o->kind == IR_OP_MEMREF_LOAD || o->kind == IR_OP_MEMREF_ALLOC ||
        split_is_ring_shift(m, op))
        return true;
    /* linalg ops on tensors only compute their results. */
    const char *name = ir_str_get(m, o->name);
    if (strncmp(name, "linalg.", 7) != 0)
        return false;
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_type_get(m, ir_value_type(m, o->res + i))->kind != IR_TY_TENSOR)
            return false;
    return true;
}

static void dce_block(struct ir_module *m, ir_block b, uint32_t *n)
{
    ir_op prev;
    for (ir_op op = ir_block_get(m, b)->last; op; op = prev) {
        prev = ir_op_get(m, op)->prev;
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block c = ir_region_get(m, o->regs[r])->first; c; c = ir_block_get(m, c)->next)
                dce_block(m, c, n);
        bool used = false;
        for (uint32_t i = 0; i < o->nres && !used; i++)
            used = n[o->res + i] != 0;
        if (!used && split_removable(m, op)) {
            count_in(m, op, n, -1);
            ir_op_unlink(m, op);
        }
    }
}

void split_dce(struct ir_module *m, ir_op root)
{
    uint32_t *n = split_use_counts(m, root);
    const struct ir_op_info *o = ir_op_get(m, root);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            dce_block(m, b, n);
    free(n);
}

bool split_inside(const struct ir_module *m, ir_op op, ir_op anc)
{
    for (; op; op = ir_op_parent(m, op))
        if (op == anc)
            return true;
    return false;
}

bool split_block_uses(const struct ir_module *m, ir_block blk, ir_value v)
{
    IR_FOR_OPS(m, blk, op)
        if (split_op_reads(m, op, v))
            return true;
    return false;
}

bool split_op_reads(const struct ir_module *m, ir_op op, ir_value v)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t k = 0; k < o->nopnd; k++)
        if (o->opnd[k] == v)
            return true;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            if (split_block_uses(m, b, v))
                return true;
    return false;
}

static bool is_tensor_value(const struct ir_module *m, ir_value v, void *ctx)
{
    (void)ctx;
    return ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_TENSOR;
}

/* Whether v is a tensor or computed from one (an element extracted from a
 * row's sum, divided by n): the compute group computing that tensor
 * computes it too. */
static bool from_tensor(const struct ir_module *m, ir_value v)
{
    return sched_value_reaches(m, v, is_tensor_value, NULL);
}

/* Whether an op nested in blk reads a tensor defined outside `loop`, or a
 * scalar computed there from one (a row's mean splat inside the loop). */
static bool uses_outer_tensor(const struct ir_module *m, ir_block blk, ir_op loop)
{
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        for (uint32_t i = 0; i < o->nopnd; i++) {
            if (ir_value_defined_in(m, o->opnd[i], loop))
                continue;
            if (from_tensor(m, o->opnd[i]))
                return true;
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                if (uses_outer_tensor(m, b, loop))
                    return true;
    }
    return false;
}

bool split_tensor_loop(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_SCF_FOR)
        return false;
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_type_get(m, ir_value_type(m, o->res + i))->kind == IR_TY_TENSOR)
            return true;
    return uses_outer_tensor(m, split_body(m, op, 0), op);
}

ir_block split_body(const struct ir_module *m, ir_op op, uint32_t region)
{
    ir_region r = ir_op_region(m, op, region);
    return r ? ir_region_entry(m, r) : IR_NONE;
}

void split_set_name(struct ir_module *m, ir_value v, const char *name)
{
    ir_value_get(m, v)->name = name ? ir_str_c(m, name) : IR_NONE;
}

bool split_const_int(const struct ir_module *m, ir_value v, int64_t *out)
{
    ir_op d = ir_value_def(m, v);
    if (!d || ir_op_get(m, d)->kind != IR_OP_ARITH_CONSTANT)
        return false;
    ir_attr a = ir_op_attr(m, d, "value");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_INT)
        return false;
    *out = ai->i;
    return true;
}

bool split_same_int(const struct ir_module *m, ir_value a, ir_value b)
{
    int64_t x, y;
    return a == b || (split_const_int(m, a, &x) && split_const_int(m, b, &y) && x == y);
}

bool split_permutation(const struct ir_module *m, uint32_t map, uint32_t n, uint32_t *perm)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    bool seen[SPLIT_MAX_LOOPS] = {false};
    if (mp->nres != n || mp->ndims != n || n > SPLIT_MAX_LOOPS)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const struct ir_aff_info *a = ir_aff_get(m, mp->res[i]);
        if (a->kind != IR_AFF_DIM || a->v < 0 || a->v >= (int64_t)n || seen[a->v])
            return false;
        seen[a->v] = true;
        perm[i] = (uint32_t)a->v;
    }
    return true;
}

bool split_same_memory(const struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_attr_info *x = split_attr(m, a, "memory_space", IR_AT_MEMSPACE);
    const struct ir_attr_info *y = split_attr(m, b, "memory_space", IR_AT_MEMSPACE);
    bool gx = !x || x->i == IR_MS_GLOBAL || x->i == IR_MS_UNSPECIFIED;
    bool gy = !y || y->i == IR_MS_GLOBAL || y->i == IR_MS_UNSPECIFIED;
    if (gx || gy)
        return gx && gy;
    uint32_t id = x->flags & IR_ATF_HAS_ID;
    return x->i == y->i && id == (y->flags & IR_ATF_HAS_ID) && (!id || x->id == y->id);
}

const char *split_type_name(const struct ir_module *m, ir_type t, char *buf, size_t n)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    static const char *const floats[] = {"f16", "bf16", "f32", "f64", "df16"};
    if (ti->kind == IR_TY_FLOAT)
        snprintf(buf, n, "%s", floats[ti->fkind]);
    else if (ti->kind == IR_TY_INT)
        snprintf(buf, n, "i%u", ti->width);
    else if (ti->kind == IR_TY_INDEX)
        snprintf(buf, n, "index");
    else
        snprintf(buf, n, "?");
    return buf;
}

/* ---- building --------------------------------------------------------- */

void sb_at_end(struct split_b *b, struct ir_module *m, ir_block block, struct ir_loc loc)
{
    *b = (struct split_b){.m = m, .block = block, .loc = loc};
}

void sb_before(struct split_b *b, struct ir_module *m, ir_op before, struct ir_loc loc)
{
    *b = (struct split_b){.m = m, .before = before, .loc = loc};
}

static bool same_op(const struct ir_module *m, ir_op a, ir_op b)
{
    const struct ir_op_info *x = ir_op_get(m, a), *y = ir_op_get(m, b);
    if (x->name != y->name || x->attrs != y->attrs || x->nopnd != y->nopnd || x->nres != y->nres)
        return false;
    for (uint32_t i = 0; i < x->nopnd; i++)
        if (x->opnd[i] != y->opnd[i])
            return false;
    for (uint32_t i = 0; i < x->nres; i++)
        if (ir_value_type(m, x->res + i) != ir_value_type(m, y->res + i))
            return false;
    return true;
}

ir_op sb_emit(struct split_b *b, const struct ir_op_state *st)
{
    ir_op op = ir_op_create(b->m, st);
    struct split_cse *c = b->cse;
    if (c && !st->nreg && (ir_op_def(st->kind)->flags & IR_OPF_PURE)) {
        for (uint32_t i = 0; i < c->n; i++)
            if (same_op(b->m, c->ops[i], op))
                return c->ops[i]; /* the new op stays detached */
        if (c->n == c->cap) {
            c->cap = c->cap ? 2 * c->cap : 32;
            c->ops = realloc(c->ops, c->cap * sizeof *c->ops);
            if (!c->ops)
                abort();
        }
        c->ops[c->n++] = op;
    }
    if (b->before)
        ir_op_insert_before(b->m, b->before, op);
    else
        ir_block_append_op(b->m, b->block, op);
    return op;
}

ir_block sb_region(struct ir_module *m, struct ir_op_state *st)
{
    ir_region r = ir_region_new(m);
    ir_block blk = ir_block_new(m);
    ir_region_append_block(m, r, blk);
    ir_state_add_region(m, st, r);
    return blk;
}

ir_block sb_stage(struct split_b *b, ir_value in, ir_value out, ir_attr units)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.stage", b->loc);
    if (in)
        ir_state_add_operand(m, &st, in);
    ir_state_add_operand(m, &st, out);
    ir_state_set_attr(m, &st, "operandSegmentSizes",
                      split_segments(m, 2, (const int64_t[]){in ? 1 : 0, 1}));
    if (units)
        ir_state_set_attr(m, &st, "applicable_units", units);
    ir_block blk = sb_region(m, &st);
    sb_emit(b, &st);
    return blk;
}

ir_value sb_index(struct split_b *b, int64_t v)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", b->loc);
    ir_state_set_attr(m, &st, "value", ir_attr_int(m, v, m->t_index));
    ir_state_add_result(m, &st, m->t_index);
    ir_value r = ir_op_result(m, sb_emit(b, &st), 0);
    char name[32];
    snprintf(name, sizeof name, v < 0 ? "c_%lld" : "c%lld", (long long)(v < 0 ? -v : v));
    split_set_name(m, r, name);
    return r;
}

ir_value sb_arith(struct split_b *b, const char *name, ir_value x, ir_value y)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, name, b->loc);
    ir_state_add_operand(m, &st, x);
    ir_state_add_operand(m, &st, y);
    ir_state_add_result(m, &st, ir_value_type(m, x));
    return ir_op_result(m, sb_emit(b, &st), 0);
}

ir_value sb_addi(struct split_b *b, ir_value x, ir_value y)
{
    int64_t cx, cy;
    bool kx = split_const_int(b->m, x, &cx), ky = split_const_int(b->m, y, &cy);
    if (kx && ky)
        return sb_index(b, cx + cy);
    if (kx && cx == 0)
        return y;
    if (ky && cy == 0)
        return x;
    return sb_arith(b, "arith.addi", x, y);
}

ir_value sb_muli(struct split_b *b, ir_value x, int64_t k)
{
    int64_t cx;
    if (split_const_int(b->m, x, &cx))
        return sb_index(b, cx * k);
    if (k == 1)
        return x;
    if (k == 0)
        return sb_index(b, 0);
    return sb_arith(b, "arith.muli", x, sb_index(b, k));
}

ir_value sb_tensor_empty(struct split_b *b, ir_type t)
{
    struct ir_op_state st;
    ir_state_init(&st, b->m, "tensor.empty", b->loc);
    ir_state_add_result(b->m, &st, t);
    ir_value r = ir_op_result(b->m, sb_emit(b, &st), 0);
    split_set_name(b->m, r, "empty");
    return r;
}

ir_attr split_segments(struct ir_module *m, uint32_t n, const int64_t *sizes)
{
    return ir_attr_dense_array(m, m->t_i32, n, sizes);
}

ir_attr split_str_array(struct ir_module *m, uint32_t n, const char *const *s)
{
    ir_attr *a = malloc((n + 1) * sizeof *a);
    if (!a)
        abort();
    for (uint32_t i = 0; i < n; i++)
        a[i] = ir_attr_string(m, s[i]);
    ir_attr r = ir_attr_array(m, n, a);
    free(a);
    return r;
}

ir_type split_token_type(struct ir_module *m)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_OPAQUE,
                                                    .name = ir_str_c(m, "ktdf.token")});
}

ir_attr split_loop_type(struct ir_module *m, const char *type)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                                    .s = ir_str_c(m, "ktdf.loop_type"),
                                                    .body = ir_str_c(m, type)});
}

ir_type split_memref(struct ir_module *m, uint32_t rank, const int64_t *shape, ir_type elem,
                     ir_attr layout, ir_attr space)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_MEMREF, .rank = rank,
                                                    .shape = shape, .elem = elem,
                                                    .attr0 = layout, .attr1 = space});
}

bool split_memref_strides(const struct ir_module *m, ir_type t, int64_t *st)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    const struct ir_attr_info *lay = ti->attr0 ? ir_attr_get(m, ti->attr0) : NULL;
    int64_t x = 1;
    for (uint32_t k = ti->rank; k-- > 0;) {
        st[k] = lay && lay->kind == IR_AT_STRIDED && lay->n == ti->rank ? lay->ints[k] : x;
        if (st[k] == IR_DYN || ti->shape[k] == IR_DYN)
            return false;
        x *= ti->shape[k];
    }
    return true;
}

/* ---- affine helpers ----------------------------------------------------- */

const struct ir_attr_info *split_attr(const struct ir_module *m, ir_op op, const char *name,
                                      enum ir_attr_kind kind)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == kind ? ai : NULL;
}

bool split_aff_linear(const struct ir_module *m, ir_aff e, int64_t scale, int64_t *coef,
                      int64_t *scoef, int64_t *c0)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_CONST:
        *c0 += scale * a->v;
        return true;
    case IR_AFF_DIM:
        coef[a->v] += scale;
        return true;
    case IR_AFF_SYM:
        if (!scoef)
            return false;
        scoef[a->v] += scale;
        return true;
    case IR_AFF_ADD:
        return split_aff_linear(m, a->lhs, scale, coef, scoef, c0) &&
               split_aff_linear(m, a->rhs, scale, coef, scoef, c0);
    case IR_AFF_MUL: {
        const struct ir_aff_info *r = ir_aff_get(m, a->rhs);
        return r->kind == IR_AFF_CONST &&
               split_aff_linear(m, a->lhs, scale * r->v, coef, scoef, c0);
    }
    default:
        return false;
    }
}

ir_aff split_aff_subst(struct ir_module *m, ir_aff e, const ir_aff *sub)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_DIM:
        return sub[a->v];
    case IR_AFF_CONST:
    case IR_AFF_SYM:
        return e;
    default: {
        enum ir_aff_kind k = a->kind;
        ir_aff l = a->lhs, r = a->rhs;
        ir_aff nl = split_aff_subst(m, l, sub), nr = split_aff_subst(m, r, sub);
        return ir_aff_bin(m, k, nl, nr);
    }
    }
}

void split_aff_dims(const struct ir_module *m, ir_aff e, bool *used)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    if (a->kind == IR_AFF_DIM)
        used[a->v] = true;
    else if (a->kind != IR_AFF_CONST && a->kind != IR_AFF_SYM) {
        split_aff_dims(m, a->lhs, used);
        split_aff_dims(m, a->rhs, used);
    }
}

ir_value sb_aff_value(struct split_b *b, ir_aff e, uint32_t n, const ir_value *vals)
{
    struct ir_module *m = b->m;
    if (n > SPLIT_AFF_MAX_DIMS)
        abort();
    int64_t coef[SPLIT_AFF_MAX_DIMS] = {0}, c0 = 0;
    if (split_aff_linear(m, e, 1, coef, NULL, &c0)) {
        ir_value v = sb_index(b, c0);
        for (uint32_t i = 0; i < n; i++)
            if (coef[i])
                v = sb_addi(b, sb_muli(b, vals[i], coef[i]), v);
        return v;
    }
    bool used[SPLIT_AFF_MAX_DIMS] = {false};
    ir_aff sub[SPLIT_AFF_MAX_DIMS];
    split_aff_dims(m, e, used);
    struct ir_op_state st;
    ir_state_init(&st, m, "affine.apply", b->loc);
    uint32_t nd = 0;
    for (uint32_t i = 0; i < n; i++) {
        sub[i] = ir_aff_const(m, 0);
        if (!used[i])
            continue;
        uint32_t j = 0; /* one dim per value */
        while (j < i && !(used[j] && vals[j] == vals[i]))
            j++;
        if (j < i) {
            sub[i] = sub[j];
            continue;
        }
        sub[i] = ir_aff_dim(m, nd++);
        ir_state_add_operand(m, &st, vals[i]);
    }
    e = split_aff_subst(m, e, sub);
    ir_state_set_attr(m, &st, "map", ir_attr_affine_map(m, ir_map_intern(m, nd, 0, 1, &e)));
    ir_state_add_result(m, &st, m->t_index);
    return ir_op_result(m, sb_emit(b, &st), 0);
}
