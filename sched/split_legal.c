/* split_legal.c - ktc-split's legality check: rejects, with a located
 * "... is not supported yet" error, the constructs no later stage handles
 * yet (split.h lists them). It walks the whole module (the device aside)
 * and reports every offending op, not just the first. */
#include <stdint.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/split_int.h"

bool split_compute_op_ok(const struct ir_module *m, ir_op op)
{
    switch (ir_op_get(m, op)->kind) {
    case IR_OP_ARITH_CONSTANT:
    case IR_OP_ARITH_ADDF: case IR_OP_ARITH_SUBF: case IR_OP_ARITH_MULF:
    case IR_OP_ARITH_DIVF: case IR_OP_ARITH_NEGF:
    case IR_OP_ARITH_MAXIMUMF: case IR_OP_ARITH_MINIMUMF: case IR_OP_ARITH_MAXNUMF:
    case IR_OP_ARITH_MINNUMF: case IR_OP_ARITH_MAXF: case IR_OP_ARITH_MINF:
    case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI:
    case IR_OP_ARITH_MAXSI: case IR_OP_ARITH_MINSI:
    case IR_OP_ARITH_CMPF: case IR_OP_ARITH_CMPI: case IR_OP_ARITH_SELECT:
    case IR_OP_ARITH_EXTF: case IR_OP_ARITH_TRUNCF:
    case IR_OP_ARITH_SITOFP: case IR_OP_ARITH_FPTOSI:
    case IR_OP_MATH_EXP: case IR_OP_MATH_EXP2: case IR_OP_MATH_LOG: case IR_OP_MATH_LOG2:
    case IR_OP_MATH_SQRT: case IR_OP_MATH_RSQRT: case IR_OP_MATH_TANH: case IR_OP_MATH_ERF:
    case IR_OP_MATH_ABSF: case IR_OP_MATH_POWF: case IR_OP_MATH_FLOOR: case IR_OP_MATH_CEIL:
    case IR_OP_MATH_FMA:
    case IR_OP_SPYREOP_EXP: case IR_OP_SPYREOP_SQRT: case IR_OP_SPYREOP_RSQRT:
    case IR_OP_SPYREOP_RECIPROCAL: case IR_OP_SPYREOP_SIGMOID: case IR_OP_SPYREOP_SILU:
    case IR_OP_SPYREOP_GELU: case IR_OP_SPYREOP_REALDIV: case IR_OP_SPYREOP_SELECT:
    case IR_OP_SPYREOP_SOFTPLUS: case IR_OP_SPYREOP_COMPARE:
        return true;
    default:
        return false;
    }
}

static bool is_linalg_body_op(const struct ir_module *m, ir_op op)
{
    ir_op parent = ir_op_parent(m, op);
    if (!parent)
        return false;
    uint32_t k = ir_op_get(m, parent)->kind;
    return k == IR_OP_LINALG_GENERIC || k == IR_OP_LINALG_MAP || k == IR_OP_LINALG_REDUCE;
}

/* The linalg.matmul forms split_linalg.c computes as ktc-interp does:
 * ins(MxK, KxN) outs(MxN), static shapes, the default maps, one element
 * type of f16, bf16 or f32 (accumulated in f32). */
static void check_matmul(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (ir_op_attr(m, op, "indexing_maps")) {
        split_error(c, op, "linalg.matmul with indexing_maps (transposed or broadcast operands) "
                           "is not supported yet");
        return;
    }
    if (o->nopnd != 3 || o->nres != 1) {
        split_error(c, op, "linalg.matmul on memrefs or with %u operands is not supported yet",
                    o->nopnd);
        return;
    }
    const struct ir_type_info *t[3];
    for (uint32_t i = 0; i < 3; i++) {
        t[i] = ir_type_get(m, ir_value_type(m, o->opnd[i]));
        if (t[i]->kind != IR_TY_TENSOR || t[i]->rank != 2 || t[i]->shape[0] == IR_DYN ||
            t[i]->shape[1] == IR_DYN) {
            split_error(c, op, "linalg.matmul of dynamic shape is not supported yet");
            return;
        }
    }
    if (t[0]->elem != t[1]->elem || t[0]->elem != t[2]->elem) {
        char a[32], b[32], r[32];
        split_error(c, op, "linalg.matmul mixing element types (%s, %s into %s) is not "
                           "supported yet", split_type_name(m, t[0]->elem, a, sizeof a),
                    split_type_name(m, t[1]->elem, b, sizeof b),
                    split_type_name(m, t[2]->elem, r, sizeof r));
        return;
    }
    const struct ir_type_info *e = ir_type_get(m, t[0]->elem);
    if (e->kind != IR_TY_FLOAT || (e->fkind != IR_F16 && e->fkind != IR_BF16 && e->fkind != IR_F32)) {
        char a[32];
        split_error(c, op, "linalg.matmul on %s (only f16, bf16 and f32, accumulated in f32) is "
                           "not supported yet", split_type_name(m, t[0]->elem, a, sizeof a));
    }
}

/* linalg.index: in the body of an all-parallel linalg.generic, or of a
 * linalg.map (generalized alike, split_linalg.c), only (split_pipeline.c
 * makes a chunk's index its origin plus its own). */
static void check_index(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    ir_op parent = ir_op_parent(m, op);
    uint32_t k = parent ? ir_op_get(m, parent)->kind : 0;
    if (k == IR_OP_LINALG_MAP)
        return;
    if (k != IR_OP_LINALG_GENERIC) {
        split_error(c, op, "linalg.index in a %s body is not supported yet",
                    parent ? ir_str_get(m, ir_op_get(m, parent)->name) : "non-linalg");
        return;
    }
    const struct ir_attr_info *its = ir_attr_get(m, ir_op_attr(m, parent, "iterator_types"));
    for (uint32_t i = 0; i < its->n; i++) {
        const struct ir_attr_info *a = ir_attr_get(m, its->elems[i]);
        const char *s = a->kind == IR_AT_STRING ? ir_str_get(m, a->s)
                        : a->body               ? ir_str_get(m, a->body)
                                                : "";
        if (strcmp(s, "parallel") != 0) {
            split_error(c, op, "linalg.index in a reduction linalg.generic is not supported "
                               "yet (only in all-parallel ones)");
            return;
        }
    }
}

/* Every tensor value is a data tile in a core's scratchpad (KTIR; ktc-interp
 * refuses one that does not fit, as ktir-cpu does): a result of op too
 * large for it is an error at op, even where ktc would stream it. */
static void check_fits(struct split_ctx *c, ir_op op)
{
    struct ir_module *m = c->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t k = c->scratch ? arch_kind_find(c->dev, c->scratch) : ARCH_NONE;
    int64_t cap = k != ARCH_NONE ? c->dev->res[c->dev->kinds[k].first].size : 0;
    for (uint32_t r = 0; cap > 0 && r < o->nres; r++) {
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res + r));
        if (t->kind != IR_TY_TENSOR)
            continue;
        int64_t n = (ir_type_get(m, t->elem)->width + 7) / 8;
        for (uint32_t d = 0; d < t->rank && n > 0; d++)
            n = t->shape[d] < 0 || t->shape[d] > INT64_MAX / n ? -1 : n * t->shape[d];
        if (n > cap) {
            split_error(c, op, "scratchpad overflow: a tensor of %lld bytes does not fit in the "
                               "%lld-byte scratchpad (%s) of a core",
                        (long long)n, (long long)cap, c->scratch);
            return;
        }
    }
}

static bool check(struct ir_module *m, ir_op op, void *ctx)
{
    struct split_ctx *c = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    check_fits(c, op);
    switch (o->kind) {
    case IR_OP_SCF_WHILE:
        split_error(c, op, "scf.while is not supported yet");
        break;
    case IR_OP_SCF_FOR:
        for (uint32_t i = 0; i < o->nres; i++) {
            ir_type t = ir_value_type(m, o->res + i);
            if (ir_type_get(m, t)->kind != IR_TY_TENSOR) { /* floats: split_scalar_carries */
                char buf[32];
                split_error(c, op, "scf.for carrying a value of type %s (only tensors and "
                                   "floats may be loop-carried) is not supported yet",
                            split_type_name(m, t, buf, sizeof buf));
                break;
            }
        }
        break;
    case IR_OP_KTDP_CONSTRUCT_DISTRIBUTED_MEMORY_VIEW:
        split_error(c, op, "distributed memory views (%s) are not supported yet", name);
        break;
    case IR_OP_KTDP_CONSTRUCT_INDIRECT_ACCESS_TILE: /* the rows form: split_indirect.c */
        break;
    case IR_OP_KTDP_INTER_TILE_CONSUME: /* produce/reduce: split_ring.c */
        split_error(c, op, "inter-tile ops (%s) are not supported yet", name);
        break;
    case IR_OP_LINALG_MATMUL:
        check_matmul(c, op);
        break;
    case IR_OP_LINALG_BATCH_MATMUL:
    case IR_OP_LINALG_MATVEC:
    case IR_OP_LINALG_VECMAT:
    case IR_OP_LINALG_DOT:
        split_error(c, op, "contractions other than linalg.matmul (%s) are not supported yet",
                    name);
        break;
    case IR_OP_ARITH_CONSTANT: {
        /* one value: a splat (dense_splats); more would have to be sliced
         * per tile or staged in memory */
        const struct ir_attr_info *ai = ir_attr_get(m, ir_op_attr(m, op, "value"));
        if (ir_type_get(m, ir_value_type(m, o->res))->kind == IR_TY_TENSOR &&
            ai->kind == IR_AT_DENSE && ai->n > 1)
            split_error(c, op, "a tensor constant of %u values (not one repeated) is not "
                               "supported yet", ai->n);
        break;
    }
    case IR_OP_LINALG_INDEX:
        check_index(c, op);
        break;
    case IR_OP_ARITH_INDEX_CAST:
        if (is_linalg_body_op(m, op) && ir_value_type(m, o->res) != m->t_i32 &&
            ir_value_type(m, o->opnd[0]) != m->t_i32) {
            char a[32];
            split_error(c, op, "arith.index_cast to %s in a linalg body is not supported yet "
                               "(index arithmetic runs in i32 lanes: index_cast to i32)",
                        split_type_name(m, ir_value_type(m, o->res), a, sizeof a));
        }
        break;
    default:
        if (is_linalg_body_op(m, op) && o->kind != IR_OP_LINALG_YIELD &&
            !split_compute_op_ok(m, op))
            split_error(c, op, "'%s' in a linalg body is not supported yet", name);
        break;
    }
    return true;
}

bool split_legal(struct split_ctx *c)
{
    ir_block body = ir_module_body(c->m);
    bool kernel = false;
    IR_FOR_OPS(c->m, body, op)
    {
        const struct ir_op_info *oi = ir_op_get(c->m, op);
        kernel = kernel || (oi->kind == IR_OP_FUNC_FUNC && oi->nreg && ir_region_entry(c->m, oi->regs[0]));
        if (oi->kind != IR_OP_KTDF_ARCH_DEVICE)
            ir_walk(c->m, op, check, c);
    }
    if (!kernel && !c->failed)
        return split_error(c, c->m->top, "no kernel: this module defines no func.func with a body");
    return !c->failed;
}
