/* ir_test.c - unit tests of the IR core: the arena, interning (equal means
 * same id), affine expression canonicalization and evaluation, the box fast
 * path of integer sets on the shapes real kernels use, the lexer's tokens,
 * and the `// -----` splitter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ktir/arena.h"
#include "ktir/asm.h"
#include "ktir/ir.h"
#include "ktir/lexer.h"

/* ---- arena ---------------------------------------------------------------- */

static void arena_allocations_are_zeroed_aligned_and_disjoint(void **state)
{
    (void)state;
    struct arena *a = arena_new();
    unsigned char *blocks[200];
    size_t sizes[200];
    for (size_t i = 0; i < 200; i++) {
        /* Small sizes, and now and then one bigger than a quarter chunk. */
        sizes[i] = i % 50 == 49 ? 40000 + i : 1 + (i * 37) % 300;
        blocks[i] = arena_alloc(a, sizes[i]);
        assert_non_null(blocks[i]);
        assert_int_equal((uintptr_t)blocks[i] % 16, 0);
        for (size_t k = 0; k < sizes[i]; k++)
            assert_int_equal(blocks[i][k], 0);
        memset(blocks[i], (int)(i & 0xff), sizes[i]);
    }
    /* Nothing written later overlapped an earlier block. */
    for (size_t i = 0; i < 200; i++)
        for (size_t k = 0; k < sizes[i]; k++)
            assert_int_equal(blocks[i][k], i & 0xff);
    size_t used = arena_used(a);
    char *s = arena_strndup(a, "hello, world", 5);
    assert_string_equal(s, "hello");
    assert_true(arena_used(a) > used);
    arena_free(a);
    arena_free(NULL);
}

/* ---- interning -------------------------------------------------------------- */

static void interning_gives_equal_things_one_id(void **state)
{
    (void)state;
    struct ir_module *m = ir_module_new();
    assert_int_equal(ir_str_c(m, "arith.addf"), ir_str_intern(m, "arith.addf!", 10));
    assert_int_not_equal(ir_str_c(m, "a"), ir_str_c(m, "b"));
    assert_string_equal(ir_str_get(m, ir_str_c(m, "xyz")), "xyz");

    assert_int_equal(ir_type_int(m, 32), m->t_i32);
    assert_int_equal(ir_type_float(m, IR_F16), m->t_f16);
    assert_int_not_equal(ir_type_int(m, 16), m->t_f16);
    int64_t s48[] = {4, 8}, s84[] = {8, 4}, sdyn[] = {IR_DYN, 8};
    ir_type t = ir_type_shaped(m, IR_TY_TENSOR, 2, s48, m->t_f16);
    assert_int_equal(t, ir_type_shaped(m, IR_TY_TENSOR, 2, s48, m->t_f16));
    assert_int_not_equal(t, ir_type_shaped(m, IR_TY_TENSOR, 2, s84, m->t_f16));
    assert_int_not_equal(t, ir_type_shaped(m, IR_TY_MEMREF, 2, s48, m->t_f16));
    assert_int_not_equal(t, ir_type_shaped(m, IR_TY_TENSOR, 2, s48, m->t_f32));
    ir_type dyn = ir_type_shaped(m, IR_TY_MEMREF, 2, sdyn, m->t_f16);
    assert_int_equal(dyn, ir_type_shaped(m, IR_TY_MEMREF, 2, sdyn, m->t_f16));
    assert_int_equal(ir_type_numel(m, t), 32);
    assert_int_equal(ir_type_numel(m, dyn), -1);
    ir_type in[] = {t, m->t_index};
    ir_type f = ir_type_func(m, 2, in, 1, &t);
    assert_int_equal(f, ir_type_func(m, 2, in, 1, &t));
    assert_int_not_equal(f, ir_type_func(m, 1, in, 1, &t));

    assert_int_equal(ir_attr_int(m, 5, m->t_i32), ir_attr_int(m, 5, m->t_i32));
    assert_int_not_equal(ir_attr_int(m, 5, m->t_i32), ir_attr_int(m, 5, m->t_i64));
    assert_int_equal(ir_attr_string(m, "parallel"), ir_attr_string(m, "parallel"));
    ir_attr elems[] = {ir_attr_int(m, 1, 0), ir_attr_string(m, "x")};
    assert_int_equal(ir_attr_array(m, 2, elems), ir_attr_array(m, 2, elems));
    ir_str names[] = {ir_str_c(m, "a"), ir_str_c(m, "b")};
    ir_attr d = ir_attr_dict(m, 2, names, elems);
    assert_int_equal(d, ir_attr_dict(m, 2, names, elems));
    assert_int_equal(ir_dict_get(m, d, "b"), elems[1]);
    assert_int_equal(ir_dict_get(m, d, "c"), IR_NONE);
    int64_t v[] = {1, 2, 3};
    assert_int_equal(ir_attr_dense_array(m, m->t_i64, 3, v),
                     ir_attr_dense_array(m, m->t_i64, 3, v));

    ir_aff e = ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, 0), ir_aff_sym(m, 0));
    assert_int_equal(e, ir_aff_bin(m, IR_AFF_ADD, ir_aff_dim(m, 0), ir_aff_sym(m, 0)));
    ir_aff res[] = {e, ir_aff_const(m, 3)};
    uint32_t map = ir_map_intern(m, 1, 1, 2, res);
    assert_int_equal(map, ir_map_intern(m, 1, 1, 2, res));
    assert_int_not_equal(map, ir_map_intern(m, 2, 1, 2, res));
    assert_int_equal(ir_attr_affine_map(m, map), ir_attr_affine_map(m, map));
    ir_module_free(m);
}

/* A type spelled in the text is the very type built through the API. */
static void parsed_types_are_interned_too(void **state)
{
    (void)state;
    static const char text[] = "func.func @f(%a: tensor<4x8xf16>, %b: tensor<4x8xf16>) {\n"
                               "  return\n"
                               "}\n";
    struct ir_diag diag;
    ir_diag_init(&diag, NULL);
    struct ir_module *m = ir_parse("t.mlir", text, sizeof text - 1, 0, sizeof text - 1, &diag);
    assert_non_null(m);
    ir_op func = ir_block_get(m, ir_module_body(m))->first;
    ir_block entry = ir_region_entry(m, ir_op_region(m, func, 0));
    const struct ir_block_info *b = ir_block_get(m, entry);
    assert_int_equal(b->nargs, 2);
    int64_t shape[] = {4, 8};
    ir_type want = ir_type_shaped(m, IR_TY_TENSOR, 2, shape, m->t_f16);
    assert_int_equal(ir_value_type(m, b->args[0]), want);
    assert_int_equal(ir_value_type(m, b->args[1]), want);
    ir_module_free(m);
    ir_diag_free(&diag);
}

/* ---- affine expressions ------------------------------------------------------- */

static ir_aff bin(struct ir_module *m, enum ir_aff_kind k, ir_aff a, ir_aff b)
{
    return ir_aff_bin(m, k, a, b);
}

static void affine_canonicalization(void **state)
{
    (void)state;
    struct ir_module *m = ir_module_new();
    ir_aff d0 = ir_aff_dim(m, 0), s0 = ir_aff_sym(m, 0);
    ir_aff c0 = ir_aff_const(m, 0), c1 = ir_aff_const(m, 1), c2 = ir_aff_const(m, 2),
           c3 = ir_aff_const(m, 3);

    assert_int_equal(bin(m, IR_AFF_MUL, c2, c3), ir_aff_const(m, 6));
    assert_int_equal(bin(m, IR_AFF_ADD, ir_aff_const(m, -4), c3), ir_aff_const(m, -1));
    assert_int_equal(bin(m, IR_AFF_FLOORDIV, ir_aff_const(m, -7), c2), ir_aff_const(m, -4));
    assert_int_equal(bin(m, IR_AFF_CEILDIV, ir_aff_const(m, -7), c2), ir_aff_const(m, -3));
    assert_int_equal(bin(m, IR_AFF_MOD, ir_aff_const(m, -7), c2), c1);
    /* Identities vanish. */
    assert_int_equal(bin(m, IR_AFF_MUL, d0, c1), d0);
    assert_int_equal(bin(m, IR_AFF_ADD, d0, c0), d0);
    assert_int_equal(bin(m, IR_AFF_ADD, c0, d0), d0);
    assert_int_equal(bin(m, IR_AFF_FLOORDIV, d0, c1), d0);
    assert_int_equal(bin(m, IR_AFF_CEILDIV, d0, c1), d0);
    assert_int_equal(bin(m, IR_AFF_MUL, d0, c0), c0);
    /* Constants go to the right of + and *. */
    ir_aff e = bin(m, IR_AFF_ADD, c3, d0);
    assert_int_equal(e, bin(m, IR_AFF_ADD, d0, c3));
    const struct ir_aff_info *x = ir_aff_get(m, e);
    assert_int_equal(x->kind, IR_AFF_ADD);
    assert_int_equal(x->lhs, d0);
    assert_int_equal(x->rhs, c3);
    assert_int_equal(bin(m, IR_AFF_MUL, c2, s0), bin(m, IR_AFF_MUL, s0, c2));
    /* Constant chains fold: (d0 + 1) + 2 and (d0 * 2) * 3. */
    assert_int_equal(bin(m, IR_AFF_ADD, bin(m, IR_AFF_ADD, d0, c1), c2), bin(m, IR_AFF_ADD, d0, c3));
    assert_int_equal(bin(m, IR_AFF_MUL, bin(m, IR_AFF_MUL, d0, c2), c3),
                     bin(m, IR_AFF_MUL, d0, ir_aff_const(m, 6)));
    /* Division by a constant zero is kept, not folded. */
    ir_aff z = bin(m, IR_AFF_FLOORDIV, c3, c0);
    assert_int_equal(ir_aff_get(m, z)->kind, IR_AFF_FLOORDIV);
    ir_module_free(m);
}

static int64_t eval1(struct ir_module *m, enum ir_aff_kind k, int64_t a, int64_t b)
{
    /* Built over a dim and a symbol, so nothing folds before evaluation. */
    ir_aff e = ir_aff_bin(m, k, ir_aff_dim(m, 0), ir_aff_sym(m, 0));
    bool ok = true;
    int64_t v = ir_aff_eval(m, e, &a, &b, &ok);
    assert_true(ok);
    return v;
}

static void affine_evaluation_is_mathematical(void **state)
{
    (void)state;
    struct ir_module *m = ir_module_new();
    static const struct {
        int64_t a, b, floordiv, ceildiv, mod;
    } rows[] = {
        {7, 2, 3, 4, 1},     {-7, 2, -4, -3, 1},  {7, -2, -4, -3, 1}, {-7, -2, 3, 4, 1},
        {6, 3, 2, 2, 0},     {-6, 3, -2, -2, 0},  {0, 5, 0, 0, 0},    {-1, 64, -1, 0, 63},
        {-64, 64, -1, -1, 0}, {127, 64, 1, 2, 63},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(eval1(m, IR_AFF_FLOORDIV, rows[i].a, rows[i].b), rows[i].floordiv);
        assert_int_equal(eval1(m, IR_AFF_CEILDIV, rows[i].a, rows[i].b), rows[i].ceildiv);
        assert_int_equal(eval1(m, IR_AFF_MOD, rows[i].a, rows[i].b), rows[i].mod);
        /* Folding constants agrees with evaluation. */
        ir_aff folded = ir_aff_bin(m, IR_AFF_FLOORDIV, ir_aff_const(m, rows[i].a),
                                   ir_aff_const(m, rows[i].b));
        assert_int_equal(ir_aff_get(m, folded)->v, rows[i].floordiv);
    }
    /* (d0 - 5) * 3 + s0 mod 4 at d0 = 2, s0 = -1. */
    ir_aff d0 = ir_aff_dim(m, 0), s0 = ir_aff_sym(m, 0);
    ir_aff e = ir_aff_bin(m, IR_AFF_ADD, ir_aff_bin(m, IR_AFF_ADD, d0, ir_aff_const(m, -5)),
                          ir_aff_const(m, 0));
    e = ir_aff_bin(m, IR_AFF_MUL, e, ir_aff_const(m, 3));
    e = ir_aff_bin(m, IR_AFF_ADD, e, ir_aff_bin(m, IR_AFF_MOD, s0, ir_aff_const(m, 4)));
    int64_t dims[] = {2}, syms[] = {-1};
    bool ok = true;
    assert_int_equal(ir_aff_eval(m, e, dims, syms, &ok), -9 + 3);
    assert_true(ok);
    /* Division by a zero symbol clears ok. */
    int64_t zero[] = {0};
    ir_aff q = ir_aff_bin(m, IR_AFF_CEILDIV, d0, s0);
    ir_aff_eval(m, q, dims, zero, &ok);
    assert_false(ok);
    ir_module_free(m);
}

/* ---- integer sets: the box fast path -------------------------------------------- */

/* Parses `affine_set<...>` text into m (as a function attribute) and returns the set. */
static uint32_t parse_set(struct ir_module **m, const char *set_text)
{
    char text[512];
    int n = snprintf(text, sizeof text, "func.func @f() attributes {s = %s} {\n  return\n}\n",
                     set_text);
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    *m = ir_parse("set.mlir", text, (size_t)n, 0, (size_t)n, &diag);
    ir_diag_free(&diag);
    assert_non_null(*m);
    ir_op func = ir_block_get(*m, ir_module_body(*m))->first;
    const struct ir_attr_info *a = ir_attr_get(*m, ir_op_attr(*m, func, "s"));
    assert_int_equal(a->kind, IR_AT_INTEGER_SET);
    return a->map;
}

#define LO INT64_MIN
#define HI INT64_MAX

static void set_box_on_real_shapes(void **state)
{
    (void)state;
    static const struct {
        const char *set;
        int64_t syms[2];
        bool box;
        int64_t lo[3], hi[3];
    } rows[] = {
        {"affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>", {0}, true, {0}, {31}},
        {"affine_set<(d0) : (-d0 >= 0)>", {0}, true, {LO}, {0}},
        {"affine_set<(d0) : (-d0 + 0 >= 0)>", {0}, true, {LO}, {0}},
        {"affine_set<(d0) : (d0 >= 96)>", {0}, true, {96}, {HI}},
        {"affine_set<(d0) : (d0 - 64 >= 0)>", {0}, true, {64}, {HI}},
        {"affine_set<(d0) : (d0 <= 7)>", {0}, true, {LO}, {7}},
        {"affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>",
         {10},
         true,
         {0, 0},
         {3, 9}},
        {"affine_set<(d0, d1)[s0] : (d1 >= 0, -d1 + 2*s0 - 1 >= 0)>", {5}, true, {LO, 0}, {HI, 9}},
        {"affine_set<(g) : (g == 0)>", {0}, true, {0}, {0}},
        {"affine_set<(i)[g] : (i - 4*g == 0)>", {3}, true, {12}, {12}},
        {"affine_set<(i)[g] : (-i + 4*g == 0)>", {3}, true, {12}, {12}},
        {"affine_set<(d0)[s0, s1] : (d0 - s0 >= 0, -d0 + s0 + s1 floordiv 2 >= 0)>",
         {4, 7},
         true,
         {4},
         {7}},
        /* An always-false dim-free constraint makes the box empty. */
        {"affine_set<(d0) : (d0 >= 0, -1 >= 0)>", {0}, true, {0}, {-1}},
        /* Not boxes: several dims in a constraint, a coefficient of 2, a dim under mod. */
        {"affine_set<(p, c, g) : (p + c - g * 8 - 3 == 0)>", {0}, false, {0}, {0}},
        {"affine_set<(d0) : (d0 * 2 >= 0)>", {0}, false, {0}, {0}},
        {"affine_set<(i, g) : ((i - g) mod 2 == 0)>", {0}, false, {0}, {0}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        struct ir_module *m;
        uint32_t set = parse_set(&m, rows[i].set);
        const struct ir_integer_set *s = ir_set_get(m, set);
        int64_t lo[3], hi[3];
        bool box = ir_set_box(m, set, rows[i].syms, lo, hi);
        if (box != rows[i].box)
            fail_msg("%s: box %d, want %d", rows[i].set, box, rows[i].box);
        for (uint32_t d = 0; box && d < s->ndims; d++) {
            if (lo[d] != rows[i].lo[d] || hi[d] != rows[i].hi[d])
                fail_msg("%s: d%u in [%lld, %lld], want [%lld, %lld]", rows[i].set, d,
                         (long long)lo[d], (long long)hi[d], (long long)rows[i].lo[d],
                         (long long)rows[i].hi[d]);
        }
        /* The box agrees with the constraints on a point inside and around it. */
        if (box && s->ndims == 1 && lo[0] <= hi[0] && lo[0] != LO) {
            int64_t p = lo[0];
            assert_true(ir_set_contains(m, set, &p, rows[i].syms));
            p = lo[0] - 1;
            assert_false(ir_set_contains(m, set, &p, rows[i].syms));
        }
        if (box && s->ndims == 1 && lo[0] <= hi[0] && hi[0] != HI) {
            int64_t p = hi[0] + 1;
            assert_false(ir_set_contains(m, set, &p, rows[i].syms));
        }
        ir_module_free(m);
    }
}

/* ---- lexer ------------------------------------------------------------------- */

static void lexer_tokens(void **state)
{
    (void)state;
    static const char text[] =
        "%x:2 = %y#1 ^bb0 #map !ktdp.access_tile @sym @\"quoted name\" 42 0x2A 0xFC00\n"
        "1.5 2.0e-3 1.e5 \"a\\\"b\" -> - : :: = == >= <= < > ( ) { } [ ] , ? + *\n"
        "%c0_i32 %arg-1 arith.addf d0 // a comment\n"
        "4x256xf16 $ \"unterminated\n";
    static const struct {
        enum ir_tok kind;
        const char *text;
        unsigned line, col;
    } want[] = {
        {IR_T_PERCENT, "%x", 1, 1},        {IR_T_COLON, ":", 1, 3},
        {IR_T_INT, "2", 1, 4},             {IR_T_EQUAL, "=", 1, 6},
        {IR_T_PERCENT, "%y", 1, 8},        {IR_T_HASH, "#1", 1, 10},
        {IR_T_CARET, "^bb0", 1, 13},       {IR_T_HASH, "#map", 1, 18},
        {IR_T_BANG, "!ktdp.access_tile", 1, 23},
        {IR_T_AT, "@sym", 1, 41},          {IR_T_AT, "@\"quoted name\"", 1, 46},
        {IR_T_INT, "42", 1, 61},           {IR_T_INT, "0x2A", 1, 64},
        {IR_T_INT, "0xFC00", 1, 69},       {IR_T_FLOAT, "1.5", 2, 1},
        {IR_T_FLOAT, "2.0e-3", 2, 5},      {IR_T_FLOAT, "1.e5", 2, 12},
        {IR_T_STRING, "\"a\\\"b\"", 2, 17},
        {IR_T_ARROW, "->", 2, 24},         {IR_T_MINUS, "-", 2, 27},
        {IR_T_COLON, ":", 2, 29},          {IR_T_DCOLON, "::", 2, 31},
        {IR_T_EQUAL, "=", 2, 34},          {IR_T_EQEQ, "==", 2, 36},
        {IR_T_GE, ">=", 2, 39},            {IR_T_LE, "<=", 2, 42},
        {IR_T_LESS, "<", 2, 45},           {IR_T_GREATER, ">", 2, 47},
        {IR_T_LPAREN, "(", 2, 49},         {IR_T_RPAREN, ")", 2, 51},
        {IR_T_LBRACE, "{", 2, 53},         {IR_T_RBRACE, "}", 2, 55},
        {IR_T_LSQUARE, "[", 2, 57},        {IR_T_RSQUARE, "]", 2, 59},
        {IR_T_COMMA, ",", 2, 61},          {IR_T_QUESTION, "?", 2, 63},
        {IR_T_PLUS, "+", 2, 65},           {IR_T_STAR, "*", 2, 67},
        {IR_T_PERCENT, "%c0_i32", 3, 1},   {IR_T_PERCENT, "%arg-1", 3, 9},
        {IR_T_BARE, "arith.addf", 3, 16},  {IR_T_BARE, "d0", 3, 27},
        /* Shapes are split by the parser, not the lexer: 4 then x256xf16. */
        {IR_T_INT, "4", 4, 1},             {IR_T_BARE, "x256xf16", 4, 2},
        {IR_T_ERROR, "$", 4, 11},          {IR_T_ERROR, "\"unterminated", 4, 13},
        {IR_T_EOF, "", 5, 1},
    };
    struct lexer lx;
    lex_init(&lx, text, 0, sizeof text - 1);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        struct ir_token t;
        lex_next(&lx, &t);
        if (t.kind != want[i].kind || t.len != strlen(want[i].text) ||
            memcmp(t.text, want[i].text, t.len) != 0 || t.line != want[i].line ||
            t.col != want[i].col)
            fail_msg("token %zu: got kind %d '%.*s' at %u:%u, want kind %d '%s' at %u:%u", i,
                     t.kind, (int)t.len, t.text, t.line, t.col, want[i].kind, want[i].text,
                     want[i].line, want[i].col);
    }
}

/* A lexer started in the middle of a buffer reports positions in the whole buffer. */
static void lexer_positions_from_offset(void **state)
{
    (void)state;
    static const char text[] = "a\nbb\n  ccc dd";
    struct lexer lx;
    lex_init(&lx, text, 7, sizeof text - 1);
    struct ir_token t;
    lex_next(&lx, &t);
    assert_int_equal(t.kind, IR_T_BARE);
    assert_int_equal(t.line, 3);
    assert_int_equal(t.col, 3);
    assert_int_equal(t.len, 3);
    /* It stops at `end` even in the middle of a token. */
    lex_init(&lx, text, 7, 12);
    lex_next(&lx, &t);
    lex_next(&lx, &t);
    assert_int_equal(t.kind, IR_T_BARE);
    assert_int_equal(t.len, 1);
    lex_next(&lx, &t);
    assert_int_equal(t.kind, IR_T_EOF);
}

/* ---- ir_split_chunks -------------------------------------------------------------- */

static void split_chunks(void **state)
{
    (void)state;
    size_t b[8], e[8];
    static const char one[] = "func.func @f()\n// ------\n  x // -----\n";
    assert_int_equal(ir_split_chunks(one, sizeof one - 1, b, e, 8), 1);
    assert_int_equal(b[0], 0);
    assert_int_equal(e[0], sizeof one - 1);

    static const char three[] = "a\n// -----\nb\n  \t// -----  \r\nc";
    assert_int_equal(ir_split_chunks(three, sizeof three - 1, b, e, 8), 3);
    assert_int_equal(b[0], 0);
    assert_int_equal(e[0], 2); /* "a\n" */
    assert_int_equal(b[1], 11);
    assert_int_equal(e[1], 13); /* "b\n" */
    assert_int_equal(b[2], 28);
    assert_int_equal(e[2], sizeof three - 1); /* "c" */

    /* Markers first and last give empty chunks. */
    static const char edges[] = "// -----\nx\n// -----";
    assert_int_equal(ir_split_chunks(edges, sizeof edges - 1, b, e, 8), 3);
    assert_int_equal(e[0] - b[0], 0);
    assert_int_equal(b[1], 9);
    assert_int_equal(e[1], 11);
    assert_int_equal(e[2] - b[2], 0);

    /* The count is exact even when fewer slots were given. */
    assert_int_equal(ir_split_chunks(three, sizeof three - 1, b, e, 1), 3);
    assert_int_equal(ir_split_chunks(three, sizeof three - 1, NULL, NULL, 0), 3);
    assert_int_equal(ir_split_chunks("", 0, b, e, 8), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arena_allocations_are_zeroed_aligned_and_disjoint),
        cmocka_unit_test(interning_gives_equal_things_one_id),
        cmocka_unit_test(parsed_types_are_interned_too),
        cmocka_unit_test(affine_canonicalization),
        cmocka_unit_test(affine_evaluation_is_mathematical),
        cmocka_unit_test(set_box_on_real_shapes),
        cmocka_unit_test(lexer_tokens),
        cmocka_unit_test(lexer_positions_from_offset),
        cmocka_unit_test(split_chunks),
    };
    return cmocka_run_group_tests_name("ir", tests, NULL, NULL);
}
