/* irfile_test.c - unit tests of ktir/irfile.c: a hand-built module survives
 * write and read with identical tables and identical bytes; dead entities
 * are left out of the file (the rest renumbered in order); the bytes are
 * the protobuf encoding protoc-c's code reads and writes; corrupt,
 * truncated, foreign, wrong-stage, newer and crafted inconsistent files are
 * refused with exit code 1; file writes are atomic and leave nothing behind.
 */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "ktir/asm.h"
#include "ktir/ir.h"
#include "ktir/ir.pb-c.h"
#include "ktir/irfile.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* ---- a module with one of everything ------------------------------------ */

static ir_op make_op(struct ir_module *m, const char *name, struct ir_loc loc, uint32_t nopnd,
                     const ir_value *opnd, uint32_t nres, const ir_type *res, ir_region reg,
                     ir_block succ)
{
    struct ir_op_state st;
    ir_state_init(&st, m, name, loc);
    for (uint32_t i = 0; i < nopnd; i++)
        ir_state_add_operand(m, &st, opnd[i]);
    for (uint32_t i = 0; i < nres; i++)
        ir_state_add_result(m, &st, res[i]);
    if (reg)
        ir_state_add_region(m, &st, reg);
    if (succ)
        ir_state_add_successor(m, &st, succ);
    return ir_op_create(m, &st);
}

static ir_aff bin(struct ir_module *m, enum ir_aff_kind k, ir_aff l, ir_aff r)
{
    return ir_aff_bin(m, k, l, r);
}

static ir_attr attr(struct ir_module *m, struct ir_attr_info a)
{
    return ir_attr_intern(m, &a);
}

static ir_type type(struct ir_module *m, struct ir_type_info t)
{
    return ir_type_intern(m, &t);
}

/*   builtin.module {
 *     func.func @k(%buf: memref<?x64xf16, #ktdp.memory_space<ct_local, ct_id = 3>>, %x: f16) {
 *       %c = arith.constant 0xFC00 : f16
 *       %s = arith.addf %x, %c : f16
 *       "ktdp.probe"(%buf, %s) {lots of attributes} : (...) -> ()
 *       scf.execute_region { scf.yield }      (region moved here from a dead op)
 *       cf.br ^bb1(%s)
 *     ^bb1(%y: f16):
 *       func.return
 *     }
 *   }
 * With `dead`, also an unlinked arith.constant and the op the region was
 * taken from: the same module once the file has left them out. */
static struct ir_module *sample_module_with(bool dead)
{
    struct ir_module *m = ir_module_new();
    ir_str file = ir_str_c(m, "kernel.mlir");
    struct ir_loc loc = {file, 1, 1};

    ir_region top_r = ir_region_new(m);
    ir_block top_b = ir_block_new(m);
    ir_region_append_block(m, top_r, top_b);
    m->top = make_op(m, "builtin.module", loc, 0, NULL, 0, NULL, top_r, 0);

    /* Types. */
    ir_attr ms =
        attr(m, (struct ir_attr_info){
                    .kind = IR_AT_MEMSPACE, .flags = IR_ATF_HAS_ID, .i = IR_MS_CT_LOCAL, .id = 3});
    ir_attr ms_old = attr(
        m, (struct ir_attr_info){.kind = IR_AT_MEMSPACE, .flags = IR_ATF_OLD_MS, .i = IR_MS_L0});
    ir_attr strided =
        attr(m, (struct ir_attr_info){
                    .kind = IR_AT_STRIDED, .n = 2, .ints = (int64_t[]){64, 1}, .i = IR_DYN});
    ir_type memref = type(m, (struct ir_type_info){.kind = IR_TY_MEMREF,
                                                   .rank = 2,
                                                   .shape = (int64_t[]){IR_DYN, 64},
                                                   .elem = m->t_f16,
                                                   .attr0 = strided,
                                                   .attr1 = ms});
    ir_type bf16 = ir_type_float(m, IR_BF16);
    ir_type df16 = ir_type_float(m, IR_DF16);
    ir_type vec = ir_type_shaped(m, IR_TY_VECTOR, 1, (int64_t[]){64}, df16);
    ir_type tensor = type(m, (struct ir_type_info){.kind = IR_TY_TENSOR,
                                                   .rank = 1,
                                                   .shape = (int64_t[]){8},
                                                   .elem = bf16,
                                                   .attr0 = ms_old});
    ir_type rtarg = type(m, (struct ir_type_info){.kind = IR_TY_RUNTIME_ARG,
                                                  .elem = m->t_index,
                                                  .granularity = 64,
                                                  .upperbound = 4096});
    ir_type opaque = type(m, (struct ir_type_info){.kind = IR_TY_OPAQUE,
                                                   .name = ir_str_c(m, "foo.bar"),
                                                   .body = ir_str_c(m, "x, <y>")});
    ir_type fn = ir_type_func(m, 2, (ir_type[]){memref, m->t_f16}, 0, NULL);
    ir_type none = type(m, (struct ir_type_info){.kind = IR_TY_NONE});
    ir_type tile = ir_type_shaped(m, IR_TY_ACCESS_TILE, 2, (int64_t[]){4, 64}, m->t_index);
    ir_type f64 = ir_type_float(m, IR_F64);

    /* Affine map (d0, d1)[s0] -> (d0 + s0, d1 * 4 - 1, d0 mod 8, d1 floordiv 2,
     * d1 ceildiv 3, (d0 + 2) + 3, 5 mod 0) and set (d0)[s0] : (d0 >= 0,
     * s0 - d0 - 1 >= 0, d0 mod 2 == 0). */
    ir_aff d0 = ir_aff_dim(m, 0), d1 = ir_aff_dim(m, 1), s0 = ir_aff_sym(m, 0);
    ir_aff res[] = {
        bin(m, IR_AFF_ADD, d0, s0),
        bin(m, IR_AFF_ADD, bin(m, IR_AFF_MUL, d1, ir_aff_const(m, 4)), ir_aff_const(m, -1)),
        bin(m, IR_AFF_MOD, d0, ir_aff_const(m, 8)),
        bin(m, IR_AFF_FLOORDIV, d1, ir_aff_const(m, 2)),
        bin(m, IR_AFF_CEILDIV, d1, ir_aff_const(m, 3)),
        bin(m, IR_AFF_ADD, bin(m, IR_AFF_ADD, d0, ir_aff_const(m, 2)), ir_aff_const(m, 3)),
        bin(m, IR_AFF_MOD, ir_aff_const(m, 5), ir_aff_const(m, 0)),
    };
    uint32_t map = ir_map_intern(m, 2, 1, sizeof res / sizeof *res, res);
    ir_aff cons[] = {
        d0,
        bin(m, IR_AFF_ADD, bin(m, IR_AFF_ADD, s0, bin(m, IR_AFF_MUL, d0, ir_aff_const(m, -1))),
            ir_aff_const(m, -1)),
        bin(m, IR_AFF_MOD, d0, ir_aff_const(m, 2)),
    };
    uint32_t set = ir_set_intern(m, 1, 1, 3, cons, (bool[]){false, false, true});
    ir_type future = type(m, (struct ir_type_info){.kind = IR_TY_TILE_FUTURE,
                                                   .spelling = 1,
                                                   .ntys = 2,
                                                   .tys = (ir_type[]){tile, f64},
                                                   .attr0 = ir_attr_integer_set(m, set)});

    /* func.func */
    ir_region body_r = ir_region_new(m);
    ir_block b0 = ir_block_new(m), b1 = ir_block_new(m);
    ir_region_append_block(m, body_r, b0);
    ir_region_append_block(m, body_r, b1);
    ir_value buf = ir_block_add_arg(m, b0, memref, ir_str_c(m, "buf"));
    ir_value x = ir_block_add_arg(m, b0, m->t_f16, ir_str_c(m, "x"));
    ir_op func = make_op(m, "func.func", loc, 0, NULL, 0, NULL, body_r, 0);
    ir_op_set_attr(m, func, "sym_name", ir_attr_string(m, "k"));
    ir_op_set_attr(m, func, "function_type", ir_attr_type(m, fn));
    ir_block_append_op(m, top_b, func);

    ir_attr hex = attr(m, (struct ir_attr_info){.kind = IR_AT_FLOAT,
                                                .flags = IR_ATF_HEX,
                                                .type = m->t_f16,
                                                .i = 0xFC00,
                                                .f = -INFINITY});
    ir_op c =
        make_op(m, "arith.constant", (struct ir_loc){file, 3, 12}, 0, NULL, 1, &m->t_f16, 0, 0);
    ir_op_set_attr(m, c, "value", hex);
    ir_value_get(m, ir_op_result(m, c, 0))->name = ir_str_c(m, "c");
    ir_block_append_op(m, b0, c);

    ir_op add = make_op(m, "arith.addf", (struct ir_loc){file, 4, 12}, 2,
                        (ir_value[]){x, ir_op_result(m, c, 0)}, 1, &m->t_f16, 0, 0);
    ir_block_append_op(m, b0, add);
    ir_value s = ir_op_result(m, add, 0);

    /* Every attribute kind, a NaN with a payload and a negative zero. */
    double nan_payload, neg_zero = -0.0;
    uint64_t bits = 0x7ff8000000000123u;
    memcpy(&nan_payload, &bits, sizeof bits);
    ir_attr i64 = ir_attr_int(m, -42, m->t_i64);
    ir_attr key = ir_attr_string(m, "lanes");
    ir_attr nested = ir_attr_dict(m, 2, (ir_str[]){ir_str_c(m, "k"), ir_str_c(m, "map")},
                                  (ir_attr[]){i64, ir_attr_affine_map(m, map)});
    ir_str names[] = {
        ir_str_c(m, "map"),   ir_str_c(m, "set"),   ir_str_c(m, "dict"), ir_str_c(m, "arr"),
        ir_str_c(m, "dense"), ir_str_c(m, "darr"),  ir_str_c(m, "sym"),  ir_str_c(m, "arch"),
        ir_str_c(m, "opq"),   ir_str_c(m, "unit"),  ir_str_c(m, "bool"), ir_str_c(m, "nan"),
        ir_str_c(m, "zero"),  ir_str_c(m, "types"),
    };
    ir_attr vals[] = {
        ir_attr_affine_map(m, map),
        ir_attr_integer_set(m, set),
        nested,
        ir_attr_array(m, 3, (ir_attr[]){i64, ir_attr_string(m, "x"), nested}),
        attr(m, (struct ir_attr_info){.kind = IR_AT_DENSE,
                                      .type = tensor,
                                      .n = 1,
                                      .elems = (uint32_t[]){ir_attr_float(m, 1.5, bf16)}}),
        ir_attr_dense_array(m, m->t_i64, 3, (int64_t[]){1, INT64_MIN, INT64_MAX}),
        attr(m, (struct ir_attr_info){.kind = IR_AT_SYMREF,
                                      .s = ir_str_c(m, "a"),
                                      .n = 1,
                                      .elems = (uint32_t[]){ir_str_c(m, "b")}}),
        attr(m, (struct ir_attr_info){.kind = IR_AT_ARCH_MAP,
                                      .n = 1,
                                      .elems = (uint32_t[]){key, ir_attr_int(m, 64, 0)}}),
        attr(m, (struct ir_attr_info){.kind = IR_AT_OPAQUE,
                                      .s = ir_str_c(m, "foo.baz"),
                                      .body = ir_str_c(m, "<1>")}),
        ir_attr_unit(m),
        attr(m, (struct ir_attr_info){.kind = IR_AT_BOOL, .i = 1}),
        ir_attr_float(m, nan_payload, m->t_f32),
        ir_attr_float(m, neg_zero, m->t_f32),
        ir_attr_array(m, 6,
                      (ir_attr[]){ir_attr_type(m, vec), ir_attr_type(m, rtarg),
                                  ir_attr_type(m, opaque), ir_attr_type(m, tensor),
                                  ir_attr_type(m, none), ir_attr_type(m, future)}),
    };
    ir_op probe = make_op(m, "ktdp.probe", (struct ir_loc){file, 5, 3}, 2, (ir_value[]){buf, s}, 0,
                          NULL, 0, 0);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        ir_op_set_attr(m, probe, ir_str_get(m, names[i]), vals[i]);
    ir_block_append_op(m, b0, probe);

    /* A region handed from a dead op to its replacement. */
    ir_region er = ir_region_new(m);
    ir_block eb = ir_block_new(m);
    ir_region_append_block(m, er, eb);
    ir_block_append_op(m, eb, make_op(m, "scf.yield", loc, 0, NULL, 0, NULL, 0, 0));
    if (dead)
        make_op(m, "scf.execute_region", loc, 0, NULL, 0, NULL, er, 0);
    ir_block_append_op(m, b0, make_op(m, "scf.execute_region", loc, 0, NULL, 0, NULL, er, 0));

    ir_value y = ir_block_add_arg(m, b1, m->t_f16, ir_str_c(m, "y"));
    (void)y;
    ir_block_append_op(m, b0,
                       make_op(m, "cf.br", (struct ir_loc){file, 7, 3}, 1, &s, 0, NULL, 0, b1));
    ir_block_append_op(
        m, b1, make_op(m, "func.return", (struct ir_loc){file, 9, 3}, 0, NULL, 0, NULL, 0, 0));

    /* An op erased from its block: it stays in the tables. */
    if (dead) {
        ir_op gone = make_op(m, "arith.constant", loc, 0, NULL, 1, &m->t_i32, 0, 0);
        ir_op_insert_before(m, add, gone);
        ir_op_unlink(m, gone);
    }
    return m;
}

static struct ir_module *sample_module(void)
{
    return sample_module_with(false);
}

/* The sample has every kind of type, attribute and expression, so a kind
 * added to ir.h fails here until the sample (and irfile.c) covers it. */
static void test_sample_has_every_kind(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    bool ty[IR_TY_OPAQUE + 1] = {0}, fl[IR_DF16 + 1] = {0}, at[IR_AT_OPAQUE + 1] = {0};
    bool aff[IR_AFF_CEILDIV + 1] = {0};
    for (uint32_t id = 1; id < m->types.len; id++) {
        ty[ir_type_get(m, id)->kind] = true;
        if (ir_type_get(m, id)->kind == IR_TY_FLOAT)
            fl[ir_type_get(m, id)->fkind] = true;
    }
    for (uint32_t id = 1; id < m->attrs.len; id++)
        at[ir_attr_get(m, id)->kind] = true;
    for (uint32_t id = 1; id < m->affs.len; id++)
        aff[ir_aff_get(m, id)->kind] = true;
    for (int k = IR_TY_NONE; k <= IR_TY_OPAQUE; k++)
        if (!ty[k])
            fail_msg("no type of kind %d", k);
    for (int k = IR_F16; k <= IR_DF16; k++)
        if (!fl[k])
            fail_msg("no float of kind %d", k);
    for (int k = IR_AT_UNIT; k <= IR_AT_OPAQUE; k++)
        if (!at[k])
            fail_msg("no attribute of kind %d", k);
    for (int k = IR_AFF_CONST; k <= IR_AFF_CEILDIV; k++)
        if (!aff[k])
            fail_msg("no affine expression of kind %d", k);
    ir_module_free(m);
}

/* ---- comparing modules -------------------------------------------------- */

static void assert_ids_equal(const uint32_t *x, const uint32_t *y, uint32_t n)
{
    if (n)
        assert_memory_equal(x, y, n * sizeof *x);
}

/* Every entry of every table is the same, field by field. */
static void assert_modules_equal(const struct ir_module *a, const struct ir_module *b)
{
    assert_int_equal(a->strs.len, b->strs.len);
    assert_int_equal(a->types.len, b->types.len);
    assert_int_equal(a->attrs.len, b->attrs.len);
    assert_int_equal(a->affs.len, b->affs.len);
    assert_int_equal(a->maps.len, b->maps.len);
    assert_int_equal(a->sets.len, b->sets.len);
    assert_int_equal(a->values.len, b->values.len);
    assert_int_equal(a->ops.len, b->ops.len);
    assert_int_equal(a->blocks.len, b->blocks.len);
    assert_int_equal(a->regions.len, b->regions.len);
    assert_int_equal(a->top, b->top);
    assert_int_equal(a->t_index, b->t_index);
    assert_int_equal(a->t_f32, b->t_f32);
    for (uint32_t id = 1; id < a->strs.len; id++)
        assert_string_equal(ir_str_get(a, id), ir_str_get(b, id));
    for (uint32_t id = 1; id < a->types.len; id++) {
        const struct ir_type_info *x = ir_type_get(a, id), *y = ir_type_get(b, id);
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->fkind, y->fkind);
        assert_int_equal(x->spelling, y->spelling);
        assert_int_equal(x->width, y->width);
        assert_int_equal(x->elem, y->elem);
        assert_int_equal(x->rank, y->rank);
        if (x->rank)
            assert_memory_equal(x->shape, y->shape, x->rank * sizeof *x->shape);
        assert_int_equal(x->attr0, y->attr0);
        assert_int_equal(x->attr1, y->attr1);
        assert_int_equal(x->nin, y->nin);
        assert_int_equal(x->ntys, y->ntys);
        assert_ids_equal(x->tys, y->tys, x->ntys);
        assert_int_equal(x->granularity, y->granularity);
        assert_int_equal(x->upperbound, y->upperbound);
        assert_int_equal(x->name, y->name);
        assert_int_equal(x->body, y->body);
    }
    for (uint32_t id = 1; id < a->attrs.len; id++) {
        const struct ir_attr_info *x = ir_attr_get(a, id), *y = ir_attr_get(b, id);
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->flags, y->flags);
        assert_int_equal(x->type, y->type);
        assert_int_equal(x->i, y->i);
        assert_memory_equal(&x->f, &y->f, sizeof x->f);
        assert_int_equal(x->id, y->id);
        assert_int_equal(x->s, y->s);
        assert_int_equal(x->body, y->body);
        assert_int_equal(x->n, y->n);
        if (x->ints && x->n)
            assert_memory_equal(x->ints, y->ints, x->n * sizeof *x->ints);
        assert_true(!x->ints == !y->ints && !x->elems == !y->elems);
        if (x->elems)
            assert_ids_equal(x->elems, y->elems,
                             x->kind == IR_AT_DICT || x->kind == IR_AT_ARCH_MAP ? 2 * x->n : x->n);
        assert_int_equal(x->map, y->map);
    }
    for (uint32_t id = 1; id < a->affs.len; id++) {
        const struct ir_aff_info *x = ir_aff_get(a, id), *y = ir_aff_get(b, id);
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->lhs, y->lhs);
        assert_int_equal(x->rhs, y->rhs);
        assert_int_equal(x->v, y->v);
    }
    for (uint32_t id = 1; id < a->maps.len; id++) {
        const struct ir_affine_map *x = ir_map_get(a, id), *y = ir_map_get(b, id);
        assert_int_equal(x->ndims, y->ndims);
        assert_int_equal(x->nsyms, y->nsyms);
        assert_int_equal(x->nres, y->nres);
        assert_ids_equal(x->res, y->res, x->nres);
    }
    for (uint32_t id = 1; id < a->sets.len; id++) {
        const struct ir_integer_set *x = ir_set_get(a, id), *y = ir_set_get(b, id);
        assert_int_equal(x->ndims, y->ndims);
        assert_int_equal(x->nsyms, y->nsyms);
        assert_int_equal(x->ncons, y->ncons);
        assert_ids_equal(x->cons, y->cons, x->ncons);
        for (uint32_t i = 0; i < x->ncons; i++)
            assert_int_equal(x->eq[i], y->eq[i]);
    }
    for (uint32_t id = 1; id < a->values.len; id++) {
        const struct ir_value_info *x = ir_value_get(a, id), *y = ir_value_get(b, id);
        assert_int_equal(x->type, y->type);
        assert_int_equal(x->name, y->name);
        assert_int_equal(x->owner, y->owner);
        assert_int_equal(x->index, y->index);
        assert_int_equal(x->is_arg, y->is_arg);
    }
    for (uint32_t id = 1; id < a->ops.len; id++) {
        const struct ir_op_info *x = ir_op_get(a, id), *y = ir_op_get(b, id);
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->name, y->name);
        assert_int_equal(x->nopnd, y->nopnd);
        assert_ids_equal(x->opnd, y->opnd, x->nopnd);
        assert_int_equal(x->res, y->res);
        assert_int_equal(x->nres, y->nres);
        assert_int_equal(x->nreg, y->nreg);
        assert_ids_equal(x->regs, y->regs, x->nreg);
        assert_int_equal(x->nsucc, y->nsucc);
        assert_ids_equal(x->succ, y->succ, x->nsucc);
        assert_int_equal(x->attrs, y->attrs);
        assert_int_equal(x->loc.file, y->loc.file);
        assert_int_equal(x->loc.line, y->loc.line);
        assert_int_equal(x->loc.col, y->loc.col);
        assert_int_equal(x->block, y->block);
        assert_int_equal(x->prev, y->prev);
        assert_int_equal(x->next, y->next);
    }
    for (uint32_t id = 1; id < a->blocks.len; id++) {
        const struct ir_block_info *x = ir_block_get(a, id), *y = ir_block_get(b, id);
        assert_int_equal(x->region, y->region);
        assert_int_equal(x->nargs, y->nargs);
        assert_ids_equal(x->args, y->args, x->nargs);
        assert_int_equal(x->first, y->first);
        assert_int_equal(x->last, y->last);
        assert_int_equal(x->prev, y->prev);
        assert_int_equal(x->next, y->next);
    }
    for (uint32_t id = 1; id < a->regions.len; id++) {
        const struct ir_region_info *x = ir_region_get(a, id), *y = ir_region_get(b, id);
        assert_int_equal(x->op, y->op);
        assert_int_equal(x->first, y->first);
        assert_int_equal(x->last, y->last);
    }
}

/* ---- helpers -------------------------------------------------------------- */

struct file {
    unsigned char *p;
    size_t len;
};

static struct file write_mem(const struct ir_module *m, const char *stage)
{
    struct file f;
    char err[256];
    assert_int_equal(ir_file_write_mem(m, stage, "irfile_test 1", &f.p, &f.len, err, sizeof err),
                     0);
    return f;
}

/* m as a file leaves it: its live part, renumbered. */
static struct ir_module *canonical(const struct ir_module *m)
{
    struct file f = write_mem(m, "ktir");
    struct ir_module *r;
    char err[256];
    assert_int_equal(ir_file_read_mem(f.p, f.len, NULL, &r, NULL, 0, err, sizeof err), 0);
    free(f.p);
    return r;
}

/* The sample as read back from its file: nothing dead in it, so writing
 * and reading it again must give the very same tables. */
static struct ir_module *live_sample(void)
{
    struct ir_module *s = sample_module(), *m = canonical(s);
    ir_module_free(s);
    return m;
}

/* Reads f expecting failure with exit code 1 and a one-line reason. */
static void assert_rejected(const unsigned char *p, size_t len, const char *expect_stage)
{
    struct ir_module *m = (struct ir_module *)1;
    char err[256] = "";
    assert_int_equal(ir_file_read_mem(p, len, expect_stage, &m, NULL, 0, err, sizeof err), 1);
    assert_null(m);
    assert_true(err[0] != 0);
    assert_null(strchr(err, '\n'));
}

static void assert_rejected_with(const struct file *f, const char *want)
{
    struct ir_module *m;
    char err[256] = "";
    assert_int_equal(ir_file_read_mem(f->p, f->len, NULL, &m, NULL, 0, err, sizeof err), 1);
    assert_null(m);
    if (!strstr(err, want))
        fail_msg("expected '%s' in '%s'", want, err);
}

/* The header as irfile.h draws it, around a packed container. */
static struct file wrap_container(const Ktir__IrFile *c)
{
    size_t body = ktir__ir_file__get_packed_size(c);
    struct file f = {malloc(16 + body), 16 + body};
    assert_non_null(f.p);
    ktir__ir_file__pack(c, f.p + 16);
    memcpy(f.p, "KTCIR\0\1", 8);
    for (int i = 0; i < 4; i++)
        f.p[8 + i] = (unsigned char)(body >> (8 * i));
    uint32_t crc = (uint32_t)crc32_z(crc32_z(0, f.p, 12), f.p + 16, body);
    for (int i = 0; i < 4; i++)
        f.p[12 + i] = (unsigned char)(crc >> (8 * i));
    return f;
}

/* A valid file (checksum and all) around raw (uncompressed Module bytes). */
static struct file wrap_raw(const Ktir__IrFile *c, const unsigned char *raw, size_t len)
{
    uLongf zlen = compressBound(len);
    unsigned char *z = malloc(zlen);
    assert_non_null(z);
    assert_int_equal(compress2(z, &zlen, raw, len, 6), Z_OK);
    Ktir__IrFile copy = *c;
    copy.compression = 0; /* zlib */
    copy.module_size = len;
    copy.module = (ProtobufCBinaryData){zlen, z};
    struct file f = wrap_container(&copy);
    free(z);
    return f;
}

/* A file decoded down to its Module bytes. */
struct decoded {
    Ktir__IrFile *c;
    unsigned char *raw;
    size_t len;
};

static struct decoded decode(const struct file *f)
{
    struct decoded d;
    d.c = ktir__ir_file__unpack(NULL, f->len - 16, f->p + 16);
    assert_non_null(d.c);
    d.len = d.c->module_size;
    d.raw = malloc(d.len);
    if (d.c->compression == 1) { /* stored */
        assert_int_equal(d.c->module.len, d.len);
        if (d.len)
            memcpy(d.raw, d.c->module.data, d.len);
        return d;
    }
    assert_int_equal(d.c->compression, 0);
    uLongf got = d.len;
    assert_int_equal(uncompress(d.raw, &got, d.c->module.data, d.c->module.len), Z_OK);
    assert_int_equal(got, d.len);
    return d;
}

static void decoded_free(struct decoded *d)
{
    ktir__ir_file__free_unpacked(d->c, NULL);
    free(d->raw);
}

/* ---- round trips ------------------------------------------------------------ */

static void test_roundtrip(void **state)
{
    (void)state;
    struct ir_module *m = live_sample();
    struct file f = write_mem(m, "ktir");

    struct ir_module *r;
    char stage[32], err[256];
    assert_int_equal(ir_file_read_mem(f.p, f.len, "ktir", &r, stage, sizeof stage, err, sizeof err),
                     0);
    assert_string_equal(stage, "ktir");
    assert_modules_equal(m, r);
    assert_int_equal(ir_op_get(r, r->top)->kind, ir_op_kind_lookup("builtin.module"));

    struct file g = write_mem(r, "ktir");
    assert_int_equal(g.len, f.len);
    assert_memory_equal(g.p, f.p, f.len);

    ir_module_free(m);
    ir_module_free(r);
    free(f.p);
    free(g.p);
}

/* Unlinked ops, and what only they use, stay out of the file: the sample
 * with them writes exactly the bytes of the sample without them, and the
 * module read back prints the same text. */
static void test_compaction(void **state)
{
    (void)state;
    struct ir_module *m = sample_module_with(true), *live = sample_module_with(false), *r;
    assert_int_equal(m->ops.len, live->ops.len + 2);
    assert_int_equal(m->values.len, live->values.len + 1);
    struct file f = write_mem(m, "ktir"), g = write_mem(live, "ktir");
    assert_int_equal(f.len, g.len);
    assert_memory_equal(f.p, g.p, f.len);
    char err[256];
    assert_int_equal(ir_file_read_mem(f.p, f.len, NULL, &r, NULL, 0, err, sizeof err), 0);
    assert_true(r->attrs.len < live->attrs.len); /* ir_op_set_attr's intermediate dicts */
    assert_int_equal(r->ops.len, live->ops.len);
    char *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    ir_print_module(m, IR_PRINT_GENERIC | IR_PRINT_LOCS, &a, &na);
    ir_print_module(r, IR_PRINT_GENERIC | IR_PRINT_LOCS, &b, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na);
    free(a);
    free(b);
    ir_module_free(m);
    ir_module_free(live);
    ir_module_free(r);
    free(f.p);
    free(g.p);
}

static void test_roundtrip_empty(void **state)
{
    (void)state;
    struct ir_module *m = ir_module_new(), *r;
    struct file f = write_mem(m, "dfir");
    char err[256];
    assert_int_equal(ir_file_read_mem(f.p, f.len, NULL, &r, NULL, 0, err, sizeof err), 0);
    assert_modules_equal(m, r);
    /* It has no top op: the verifier (which every tool runs on what it
     * reads) refuses it rather than walking op 0 (fuzz_irfile finding). */
    struct ir_diag d;
    ir_diag_init(&d, NULL);
    assert_false(ir_verify_module(r, &d));
    assert_int_equal(d.nerrors, 1);
    ir_diag_free(&d);
    ir_module_free(m);
    ir_module_free(r);
    free(f.p);
}

/* ---- damaged and foreign files ------------------------------------------------ */

static void test_bit_flips(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    for (size_t i = 0; i < f.len; i++)
        for (int bit = 0; bit < 8; bit++) {
            f.p[i] ^= (unsigned char)(1u << bit);
            assert_rejected(f.p, f.len, NULL);
            f.p[i] ^= (unsigned char)(1u << bit);
        }
    ir_module_free(m);
    free(f.p);
}

static void test_truncation(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    for (size_t n = 0; n < f.len; n++) {
        unsigned char *p = malloc(n ? n : 1); /* exact size: ASan sees over-reads */
        memcpy(p, f.p, n);
        assert_rejected(p, n, NULL);
        free(p);
    }
    struct file half = {f.p, f.len / 2};
    assert_rejected_with(&half, "truncated file");
    ir_module_free(m);
    free(f.p);
}

static void test_wrong_stage(void **state)
{
    (void)state;
    struct ir_module *m = sample_module(), *r;
    struct file f = write_mem(m, "sched.routed");
    char stage[32], err[256];
    assert_int_equal(
        ir_file_read_mem(f.p, f.len, "sched.split", &r, stage, sizeof stage, err, sizeof err), 1);
    assert_null(r);
    assert_string_equal(err, "expected a 'sched.split' file, got 'sched.routed'");
    assert_string_equal(stage, "sched.routed");
    ir_module_free(m);
    free(f.p);
}

static void test_container_fields(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    struct decoded d = decode(&f);
    d.c->schema_version = 7;
    struct file g = wrap_container(d.c);
    assert_rejected_with(&g, "written by a newer ktc (schema 7, this reads up to 1)");
    d.c->schema_version = 0;
    struct file h = wrap_container(d.c);
    assert_rejected_with(&h, "no schema version");
    /* Names that would break a one-line message. */
    d.c->schema_version = 1;
    char *stage = d.c->stage, *tool = d.c->tool;
    static const char *const bad[][2] = {{"ktir", "evil\ntool"}, {"kt ir", "t"}, {"", "t"}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        d.c->stage = (char *)bad[i][0];
        d.c->tool = (char *)bad[i][1];
        struct file b = wrap_container(d.c);
        assert_rejected_with(&b, "bad stage or tool name");
        free(b.p);
    }
    d.c->stage = stage;
    d.c->tool = tool;
    decoded_free(&d);
    ir_module_free(m);
    free(f.p);
    free(g.p);
    free(h.p);
}

/* A module size that no deflate stream of this length can reach, or beyond
 * the 1 GiB limit, is refused before anything is allocated for it. */
static void test_module_size(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    struct decoded d = decode(&f);
    static const uint64_t sizes[] = {1u << 29, (uint64_t)1 << 31, UINT64_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        d.c->module_size = sizes[i];
        struct file g = wrap_container(d.c);
        assert_rejected_with(&g, "impossible module size");
        free(g.p);
    }
    /* Small modules are stored: a size that is not the stored length. */
    assert_int_equal(d.c->compression, 1);
    d.c->module_size = d.len - 1;
    struct file g = wrap_container(d.c);
    assert_rejected_with(&g, "bad stored module");
    free(g.p);
    d.c->compression = 7;
    d.c->module_size = d.len;
    g = wrap_container(d.c);
    assert_rejected_with(&g, "unknown compression 7");
    free(g.p);
    /* Deflated, one byte short: the stream does not fit. */
    g = wrap_raw(d.c, d.raw, d.len);
    struct decoded z = decode(&g);
    free(g.p);
    z.c->module_size = d.len - 1;
    g = wrap_container(z.c);
    assert_rejected_with(&g, "bad compressed module");
    free(g.p);
    decoded_free(&z);
    decoded_free(&d);
    ir_module_free(m);
    free(f.p);
}

/* Payloads of 16 MiB and more are deflated, smaller ones stored; both
 * unwrap to the same bytes. */
static void test_compression(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1000, (size_t)16 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t n = sizes[i];
        unsigned char *payload = malloc(n ? n : 1);
        for (size_t k = 0; k < n; k++)
            payload[k] = (unsigned char)(k % 251 < 7 ? k : 0);
        struct file f;
        char err[256], stage[16];
        assert_int_equal(ir_file_wrap(payload, n, "spyrecode", "t", &f.p, &f.len, err, sizeof err),
                         0);
        struct decoded d = decode(&f);
        assert_int_equal(d.c->compression, n >= ((size_t)16 << 20) ? 0 : 1);
        assert_true(n < ((size_t)16 << 20) ? f.len > n : f.len < n / 4);
        unsigned char *back;
        size_t m;
        assert_int_equal(ir_file_unwrap(f.p, f.len, "spyrecode", &back, &m, stage, sizeof stage,
                                        err, sizeof err),
                         0);
        assert_string_equal(stage, "spyrecode");
        assert_int_equal(m, n);
        if (n)
            assert_memory_equal(back, payload, n);
        free(back);
        decoded_free(&d);
        free(f.p);
        free(payload);
    }
}

static void test_foreign(void **state)
{
    (void)state;
    static const char text[] = "module {\n  func.func @k() { return }\n}\n";
    struct file t = {(unsigned char *)text, sizeof text - 1};
    assert_rejected_with(&t, "not a ktc IR file");
    struct file empty = {(unsigned char *)"", 0};
    assert_rejected_with(&empty, "empty file");
    struct file magic_only = {(unsigned char *)"KTCIR\0\1", 8};
    assert_rejected_with(&magic_only, "truncated file");
    /* Random bytes, with and without a real magic in front. */
    uint64_t s = 88172645463325252u;
    unsigned char buf[4096];
    for (int round = 0; round < 200; round++) {
        size_t n = (size_t)(s % sizeof buf);
        for (size_t i = 0; i < n; i++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            buf[i] = (unsigned char)s;
        }
        if (round % 2 && n >= 8)
            memcpy(buf, "KTCIR\0\1", 8);
        assert_rejected(buf, n, NULL);
    }
}

/* Every single-bit change of the uncompressed module, re-wrapped with a good
 * checksum (as a buggy writer or a forger would): never a crash, and any
 * module the reader accepts writes out again and reads back the same. */
static void test_module_bit_flips(void **state)
{
    (void)state;
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    struct decoded d = decode(&f);
    size_t accepted = 0;
    for (size_t i = 0; i < d.len; i++)
        for (int bit = 0; bit < 8; bit++) {
            d.raw[i] ^= (unsigned char)(1u << bit);
            struct file g = wrap_raw(d.c, d.raw, d.len);
            d.raw[i] ^= (unsigned char)(1u << bit);
            struct ir_module *r, *r2;
            char err[256] = "";
            int rc = ir_file_read_mem(g.p, g.len, NULL, &r, NULL, 0, err, sizeof err);
            free(g.p);
            if (rc == 1) {
                assert_null(r);
                assert_null(strchr(err, '\n'));
                continue;
            }
            assert_int_equal(rc, 0);
            accepted++;
            /* Written again it may lose what the flip unlinked, once. */
            struct file h = write_mem(r, "ktir");
            assert_int_equal(ir_file_read_mem(h.p, h.len, NULL, &r2, NULL, 0, err, sizeof err), 0);
            struct file h2 = write_mem(r2, "ktir");
            assert_int_equal(h.len, h2.len);
            assert_memory_equal(h.p, h2.p, h.len);
            ir_module_free(r);
            ir_module_free(r2);
            free(h.p);
            free(h2.p);
        }
    /* Names, locations and values change freely; most flips break a rule. */
    assert_true(accepted > 0 && accepted < d.len * 8);
    decoded_free(&d);
    ir_module_free(m);
    free(f.p);
}

/* ---- crafted inconsistent modules ----------------------------------------------- */

static uint32_t find_type(const Ktir__Module *pm, uint32_t kind)
{
    for (uint32_t id = 1; id <= pm->n_types; id++)
        if (pm->types[id - 1]->kind == kind)
            return id;
    fail_msg("no type of kind %u", kind);
    return 0;
}

static uint32_t find_attr(const Ktir__Module *pm, uint32_t kind)
{
    for (uint32_t id = 1; id <= pm->n_attrs; id++)
        if (pm->attrs[id - 1]->kind == kind)
            return id;
    fail_msg("no attribute of kind %u", kind);
    return 0;
}

static uint32_t find_op(const Ktir__Module *pm, const char *name)
{
    for (uint32_t id = 1; id <= pm->n_ops; id++) {
        const ProtobufCBinaryData *s = &pm->strs[pm->ops[id - 1]->name - 1];
        if (s->len == strlen(name) && memcmp(s->data, name, s->len) == 0)
            return id;
    }
    fail_msg("no op %s", name);
    return 0;
}

/* The expression d1 * 4 - 1 of the sample: (ADD (MUL d1 4) -1). */
static uint32_t find_mul_minus_one(const Ktir__Module *pm)
{
    for (uint32_t id = 1; id <= pm->n_affs; id++) {
        const Ktir__AffExpr *e = pm->affs[id - 1];
        if (e->kind == IR_AFF_ADD && pm->affs[e->lhs - 1]->kind == IR_AFF_MUL &&
            pm->affs[e->rhs - 1]->kind == IR_AFF_CONST && pm->affs[e->rhs - 1]->v == -1)
            return id;
    }
    fail_msg("no d1 * 4 - 1");
    return 0;
}

typedef void edit_fn(Ktir__Module *pm);

static void edit_dup_string(Ktir__Module *pm)
{
    /* "kernel.mlir" (string 2) becomes a second "" (string 1). */
    pm->strs[1].len = 0;
}
static void edit_nul_string(Ktir__Module *pm)
{
    pm->strs[1].data[3] = 0;
}
static void edit_missing_builtin(Ktir__Module *pm)
{
    pm->n_types = 3;
}
static void edit_type_attr_cycle(Ktir__Module *pm)
{
    uint32_t memref = find_type(pm, IR_TY_MEMREF);
    pm->attrs[pm->types[memref - 1]->attr1 - 1]->type = memref;
}
static void edit_self_array(Ktir__Module *pm)
{
    uint32_t a = find_attr(pm, IR_AT_ARRAY);
    pm->attrs[a - 1]->elems[0] = a;
}
static void edit_bad_attr_kind(Ktir__Module *pm)
{
    pm->attrs[0]->kind = 99;
}
static void edit_bad_attr_flags(Ktir__Module *pm)
{
    pm->attrs[0]->flags = 8;
}
static void edit_attr_ref(Ktir__Module *pm)
{
    pm->attrs[find_attr(pm, IR_AT_DICT) - 1]->elems[1] = (uint32_t)pm->n_attrs + 1;
}
static void edit_memspace(Ktir__Module *pm)
{
    pm->attrs[find_attr(pm, IR_AT_MEMSPACE) - 1]->i = 9;
}
static void edit_aff_refold(Ktir__Module *pm)
{
    /* (ADD (MUL d1 4) -1) -> (ADD (ADD d1 4) -1): ir_aff_bin would fold it. */
    pm->affs[pm->affs[find_mul_minus_one(pm) - 1]->lhs - 1]->kind = IR_AFF_ADD;
}
static void edit_aff_int_min_mod(Ktir__Module *pm)
{
    /* (ADD X -1) -> (MOD INT64_MIN -1): folding it would trap. */
    Ktir__AffExpr *e = pm->affs[find_mul_minus_one(pm) - 1];
    e->kind = IR_AFF_MOD;
    pm->affs[e->lhs - 1]->kind = IR_AFF_CONST;
    pm->affs[e->lhs - 1]->lhs = pm->affs[e->lhs - 1]->rhs = 0;
    pm->affs[e->lhs - 1]->v = INT64_MIN;
}
static void edit_aff_forward(Ktir__Module *pm)
{
    Ktir__AffExpr *e = pm->affs[find_mul_minus_one(pm) - 1];
    e->lhs = (uint32_t)pm->n_affs;
}
static void edit_map_dims(Ktir__Module *pm)
{
    pm->maps[0]->ndims = 1;
}
static void edit_operand(Ktir__Module *pm)
{
    pm->ops[find_op(pm, "arith.addf") - 1]->opnd[0] = (uint32_t)pm->n_values + 1;
}
static void edit_result(Ktir__Module *pm)
{
    pm->ops[find_op(pm, "arith.addf") - 1]->res--;
}
static void edit_arg(Ktir__Module *pm)
{
    pm->values[0]->index = 1;
}
static void edit_attrs_not_dict(Ktir__Module *pm)
{
    pm->ops[find_op(pm, "arith.addf") - 1]->attrs = find_attr(pm, IR_AT_ARRAY);
}
static void edit_block_cycle(Ktir__Module *pm)
{
    Ktir__Block *b = pm->blocks[1];
    b->next = 2;
}
static void edit_op_cycle(Ktir__Module *pm)
{
    pm->ops[find_op(pm, "arith.addf") - 1]->next = find_op(pm, "arith.addf");
}
static void edit_shared_region(Ktir__Module *pm)
{
    /* The live func.func also lists the scf.execute_region's region. */
    uint32_t f = find_op(pm, "func.func"), e = 0;
    for (uint32_t id = 1; id <= pm->n_ops; id++)
        if (pm->ops[id - 1]->n_regs && pm->ops[id - 1]->block &&
            pm->ops[id - 1]->regs[0] != pm->ops[f - 1]->regs[0] && id != pm->top)
            e = pm->ops[id - 1]->regs[0];
    pm->ops[f - 1]->regs[0] = e;
}
static void edit_nested_in_itself(Ktir__Module *pm)
{
    /* Move func.func from the top block into its own entry block, with every
     * list kept consistent: only the nesting is wrong. */
    uint32_t f = find_op(pm, "func.func");
    Ktir__Op *fo = pm->ops[f - 1];
    Ktir__Block *top_b = pm->blocks[fo->block - 1];
    Ktir__Block *entry = pm->blocks[pm->regions[fo->regs[0] - 1]->first - 1];
    uint32_t entry_id = pm->regions[fo->regs[0] - 1]->first;
    top_b->first = top_b->last = 0;
    fo->block = entry_id;
    fo->prev = 0;
    fo->next = entry->first;
    pm->ops[entry->first - 1]->prev = f;
    entry->first = f;
}
static void edit_top(Ktir__Module *pm)
{
    pm->top = find_op(pm, "arith.addf");
}
static void edit_result_owner(Ktir__Module *pm)
{
    pm->values[pm->ops[find_op(pm, "arith.addf") - 1]->res - 1]->owner = find_op(pm, "cf.br");
}
static void edit_stray_op(Ktir__Module *pm)
{
    /* func.return leaves its block's list but still claims the block. */
    uint32_t o = find_op(pm, "func.return");
    Ktir__Op *op = pm->ops[o - 1];
    Ktir__Block *b = pm->blocks[op->block - 1];
    if (op->prev)
        pm->ops[op->prev - 1]->next = 0;
    else
        b->first = 0;
    b->last = op->prev;
}
static void edit_last_block(Ktir__Module *pm)
{
    pm->regions[pm->ops[find_op(pm, "func.func") - 1]->regs[0] - 1]->last = 0;
}
static void edit_unlisted_arg(Ktir__Module *pm)
{
    pm->blocks[2]->n_args = 0;
}
static void edit_stray_value(Ktir__Module *pm)
{
    /* The last block argument (%y) claims to be an op result. */
    size_t v = pm->n_values;
    while (!pm->values[v - 1]->is_arg)
        v--;
    pm->values[v - 1]->is_arg = 0;
}
static void edit_type_no_elem(Ktir__Module *pm)
{
    pm->types[find_type(pm, IR_TY_TENSOR) - 1]->elem = 0;
}
static void edit_string_none(Ktir__Module *pm)
{
    pm->attrs[find_attr(pm, IR_AT_STRING) - 1]->s = 0;
}
static void edit_dense_count(Ktir__Module *pm)
{
    /* [i64, "x", {...}] as a dense literal of tensor<8xbf16>: 3 of 8 elements. */
    Ktir__Attr *a = pm->attrs[find_attr(pm, IR_AT_ARRAY) - 1];
    a->kind = IR_AT_DENSE;
    a->type = find_type(pm, IR_TY_TENSOR);
}
static void edit_empty(Ktir__Module *pm)
{
    Ktir__Module empty = KTIR__MODULE__INIT;
    *pm = empty;
}

static void test_crafted(void **state)
{
    (void)state;
    static const struct {
        edit_fn *edit;
        const char *reason;
    } cases[] = {
        {edit_dup_string, "string 2 is a duplicate"},
        {edit_nul_string, "contains a NUL byte"},
        {edit_missing_builtin, "out of range"},
        {edit_type_attr_cycle, "cycle"},
        {edit_self_array, "cycle"},
        {edit_bad_attr_kind, "bad kind"},
        {edit_bad_attr_flags, "bad kind"},
        {edit_attr_ref, "bad element"},
        {edit_memspace, "bad memory space"},
        {edit_aff_refold, "not canonical"},
        {edit_aff_int_min_mod, "not canonical"},
        {edit_aff_forward, "bad operands"},
        {edit_map_dims, "affine map 1"},
        {edit_operand, "operand out of range"},
        {edit_result, "results"},
        {edit_arg, "argument"},
        {edit_attrs_not_dict, "not a dictionary"},
        {edit_block_cycle, "linked twice"},
        {edit_op_cycle, "linked twice"},
        {edit_shared_region, "belongs to another op"},
        {edit_nested_in_itself, "nested inside itself"},
        {edit_top, "bad top op"},
        {edit_result_owner, "result 0 is inconsistent"},
        {edit_stray_op, "missing from its block"},
        {edit_last_block, "wrong last block"},
        {edit_unlisted_arg, "missing from its block"},
        {edit_stray_value, "belongs to no op"},
        {edit_type_no_elem, "incomplete"},
        {edit_string_none, "incomplete"},
        {edit_dense_count, "incomplete"},
        {edit_empty, "lack the entries every module starts with"},
    };
    struct ir_module *m = sample_module();
    struct file f = write_mem(m, "ktir");
    struct decoded d = decode(&f);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Ktir__Module *pm = ktir__module__unpack(NULL, d.len, d.raw);
        assert_non_null(pm);
        Ktir__Module saved = *pm; /* edits may shorten tables: free them whole */
        cases[i].edit(pm);
        size_t len = ktir__module__get_packed_size(pm);
        unsigned char *raw = malloc(len);
        ktir__module__pack(pm, raw);
        *pm = saved;
        ktir__module__free_unpacked(pm, NULL);
        struct file g = wrap_raw(d.c, raw, len);
        assert_rejected_with(&g, cases[i].reason);
        free(raw);
        free(g.p);
    }
    decoded_free(&d);
    ir_module_free(m);
    free(f.p);
}

/* ---- files ---------------------------------------------------------------------- */

/* A fresh path from a mkstemp/mkdtemp template under Bazel's TEST_TMPDIR
 * (or /tmp). */
static void temp_template(char *buf, size_t len, const char *name)
{
    const char *dir = getenv("TEST_TMPDIR");
    snprintf(buf, len, "%s/%s.XXXXXX", dir && *dir ? dir : "/tmp", name);
}

/* Names in dir other than . and .., joined by spaces. */
static void list_dir(const char *dir, char *out, size_t len)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    out[0] = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? " " : "", e->d_name);
    closedir(d);
}

static void test_files(void **state)
{
    (void)state;
    char dir[4096], path[4200], names[256], err[256];
    temp_template(dir, sizeof dir, "irfile_test");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/out.ktir", dir);
    struct ir_module *m = live_sample(), *r;

    /* Written, complete, nothing else left, the mode a new file gets. */
    assert_int_equal(ir_file_write(path, m, "ktir", "irfile_test 1", err, sizeof err), 0);
    list_dir(dir, names, sizeof names);
    assert_string_equal(names, "out.ktir");
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
    assert_int_equal(ir_file_read(path, "ktir", &r, NULL, 0, err, sizeof err), 0);
    assert_modules_equal(m, r);
    ir_module_free(r);

    /* A failing write (the file size limit) leaves the old file untouched. */
    struct file before = write_mem(m, "ktir");
    struct rlimit old, small = {100, 100};
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    small.rlim_max = old.rlim_max;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    int rc = ir_file_write(path, m, "sched.split", "irfile_test 1", err, sizeof err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(rc, 3);
    assert_non_null(strstr(err, "cannot write the output"));
    list_dir(dir, names, sizeof names);
    assert_string_equal(names, "out.ktir");
    assert_int_equal(ir_file_read(path, "ktir", &r, NULL, 0, err, sizeof err), 0);
    ir_module_free(r);
    free(before.p);

    /* A directory that does not exist, an output that is a directory. */
    char missing[4200];
    snprintf(missing, sizeof missing, "%s/no/such/dir/out.ktir", dir);
    assert_int_equal(ir_file_write(missing, m, "ktir", "t", err, sizeof err), 3);
    assert_non_null(strstr(err, "No such file or directory"));
    assert_int_equal(ir_file_write(dir, m, "ktir", "t", err, sizeof err), 3);
    list_dir(dir, names, sizeof names);
    assert_string_equal(names, "out.ktir");

    /* Reading what is not there, or not a file. */
    assert_int_equal(ir_file_read(missing, NULL, &r, NULL, 0, err, sizeof err), 3);
    assert_null(r);
    assert_non_null(strstr(err, "cannot open"));
    assert_int_equal(ir_file_read(dir, NULL, &r, NULL, 0, err, sizeof err), 3);

    /* Special files are written in place, never replaced. */
    assert_int_equal(ir_file_write("/dev/null", m, "ktir", "t", err, sizeof err), 0);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));

    assert_int_equal(unlink(path), 0);
    assert_int_equal(rmdir(dir), 0);
    ir_module_free(m);
}

/* "-" and NULL are stdout and stdin. */
static void test_stdio(void **state)
{
    (void)state;
    char path[4096], err[256];
    temp_template(path, sizeof path, "irfile_test_stdio");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    struct ir_module *m = live_sample(), *r;

    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    dup2(fd, STDOUT_FILENO);
    int rc = ir_file_write("-", m, "ktir", "irfile_test 1", err, sizeof err);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    assert_int_equal(rc, 0);

    lseek(fd, 0, SEEK_SET);
    saved = dup(STDIN_FILENO);
    dup2(fd, STDIN_FILENO);
    rc = ir_file_read(NULL, "ktir", &r, NULL, 0, err, sizeof err);
    dup2(saved, STDIN_FILENO);
    close(saved);
    assert_int_equal(rc, 0);
    assert_modules_equal(m, r);

    close(fd);
    unlink(path);
    ir_module_free(m);
    ir_module_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_has_every_kind),
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_compaction),
        cmocka_unit_test(test_roundtrip_empty),
        cmocka_unit_test(test_bit_flips),
        cmocka_unit_test(test_truncation),
        cmocka_unit_test(test_wrong_stage),
        cmocka_unit_test(test_container_fields),
        cmocka_unit_test(test_module_size),
        cmocka_unit_test(test_compression),
        cmocka_unit_test(test_foreign),
        cmocka_unit_test(test_module_bit_flips),
        cmocka_unit_test(test_crafted),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_stdio),
    };
    return cmocka_run_group_tests_name("irfile", tests, NULL, NULL);
}
