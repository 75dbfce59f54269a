/* ir.h - the one IR core of ktc: modules, types, attributes, affine maps and
 * sets, values, operations, blocks and regions.
 *
 * KTIR, ScheduleIR and DataflowIR are all "ordinary MLIR"; this header is the
 * generic structure they share. Dialects add op tables (ktir/ops.h), never
 * new node kinds here.
 *
 * Layout (QBE style): everything a module owns lives in per-module tables
 * and is named by a 32-bit index; index 0 is "none" in every table. Types,
 * attributes, affine expressions and strings are hash-consed, so two of them
 * are equal exactly when their indices are equal. All memory comes from the
 * module's arena and is released with the module.
 *
 *   module ── top op (builtin.module) ── region ── block ── op ── op ...
 *                                                       │      └─ regions ...
 *                                                       └─ args (values)
 */
#ifndef KTIR_IR_H
#define KTIR_IR_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;

typedef uint32_t ir_str;    /* interned string */
typedef uint32_t ir_type;   /* interned type */
typedef uint32_t ir_attr;   /* interned attribute */
typedef uint32_t ir_aff;    /* interned affine expression */
typedef uint32_t ir_value;  /* SSA value */
typedef uint32_t ir_op;     /* operation */
typedef uint32_t ir_block;  /* block */
typedef uint32_t ir_region; /* region */

#define IR_NONE 0u
/* A dynamic extent (`?`) in a shape, an offset or a static size list. */
#define IR_DYN INT64_MIN

/* A source location: interned file name, 1-based line and column. Every op
 * carries one through every stage, so late errors still point into the
 * user's .mlir. */
struct ir_loc {
    ir_str file;
    uint32_t line, col;
};

/* ---- types ------------------------------------------------------------- */

enum ir_type_kind {
    IR_TY_NONE = 0,    /* `none` */
    IR_TY_INDEX,       /* index */
    IR_TY_INT,         /* iN (signless) */
    IR_TY_FLOAT,       /* f16 bf16 f32 f64, and !spyreop.df16 */
    IR_TY_TENSOR,      /* tensor<SxE[, encoding]> */
    IR_TY_MEMREF,      /* memref<SxE[, layout][, memory space]> */
    IR_TY_VECTOR,      /* vector<SxE> */
    IR_TY_FUNC,        /* (inputs) -> results */
    IR_TY_ACCESS_TILE, /* !ktdp.access_tile<Sxindex> */
    IR_TY_RUNTIME_ARG, /* !ktdp.runtime_arg<E[, granularity=G][, upperbound=U]> */
    IR_TY_TILE_FUTURE, /* !ktdp.tile_future<(T...), groups = set> */
    IR_TY_OPAQUE,      /* !dialect.name or !dialect.name<body>: kept as text */
    IR_TY_FIFO_SLOT,   /* !ktdf.fifo.slot<SRC -> DST, NxE>: endpoints attr0 -> attr1 */
};

enum ir_float_kind { IR_F16, IR_BF16, IR_F32, IR_F64, IR_DF16 };

/* Integer signedness, in `spelling`: iN (signless), siN, uiN. */
enum ir_int_sign { IR_INT_SIGNLESS, IR_INT_SIGNED, IR_INT_UNSIGNED };

struct ir_type_info {
    uint8_t kind;     /* enum ir_type_kind */
    uint8_t fkind;    /* enum ir_float_kind, for IR_TY_FLOAT */
    uint8_t spelling; /* tile_future: 1 = partials written without parentheses;
                         int: enum ir_int_sign; memref: 1 = unranked (memref<*xT>) */
    uint32_t width;   /* bits: IR_TY_INT, IR_TY_FLOAT */
    ir_type elem;     /* shaped types, runtime_arg, fifo slot */
    uint32_t rank;
    const int64_t *shape;     /* rank extents, IR_DYN for `?` */
    ir_attr attr0;            /* memref layout, tensor encoding, tile_future groups, fifo source */
    ir_attr attr1;            /* memref memory space, fifo destination */
    uint32_t nin, ntys;       /* func: nin inputs then results; tile_future partials */
    const ir_type *tys;
    int64_t granularity;      /* runtime_arg, 0 = absent */
    int64_t upperbound;       /* runtime_arg, 0 = absent */
    ir_str name;              /* opaque: "dialect.name" */
    ir_str body;              /* opaque: text between <> (0 = no <>) */
};

/* ---- attributes -------------------------------------------------------- */

enum ir_attr_kind {
    IR_AT_UNIT = 1,    /* `unit`, or a key with no value in a dictionary */
    IR_AT_BOOL,        /* true / false */
    IR_AT_INT,         /* 42 : i64 (type 0 = untyped, printed as i64 by MLIR) */
    IR_AT_FLOAT,       /* 1.0 : f16, or a hex bit pattern 0xFC00 : f16 */
    IR_AT_STRING,      /* "text" */
    IR_AT_TYPE,        /* a type used as an attribute */
    IR_AT_ARRAY,       /* [a, b, ...] */
    IR_AT_DICT,        /* {name = a, ...}: n pairs (name string, attr) */
    IR_AT_DENSE,       /* dense<...> : type; n == 1 for a splat */
    IR_AT_DENSE_ARRAY, /* array<i64: 1, 2> */
    IR_AT_AFFINE_MAP,  /* affine_map<...> */
    IR_AT_INTEGER_SET, /* affine_set<...> */
    IR_AT_SYMREF,      /* @name or @a::@b */
    IR_AT_MEMSPACE,    /* #ktdp.memory_space<...> / #ktdp.spyre_memory_space<...> */
    IR_AT_ARCH_MAP,    /* #ktdf_arch.map<k = v, ...>: n pairs (key attr, value attr) */
    IR_AT_STRIDED,     /* strided<[s, ...], offset: o>: n strides in ints, offset in i */
    IR_AT_OPAQUE,      /* #dialect.name or #dialect.name<body>: kept as text */
};

/* ktdp memory spaces; the old spelling maps HBM→global, LX/L0→ct_local. */
enum ir_memspace {
    IR_MS_GLOBAL,
    IR_MS_CT_LOCAL,
    IR_MS_L0,          /* only in the old spelling */
    IR_MS_UNSPECIFIED, /* only in the old spelling */
};

enum ir_attr_flag {
    IR_ATF_HEX = 1,        /* float written as its bit pattern */
    IR_ATF_OLD_MS = 2,     /* memspace written #ktdp.spyre_memory_space<...> */
    IR_ATF_HAS_ID = 4,     /* memspace carries ct_id / core */
};

struct ir_attr_info {
    uint8_t kind;    /* enum ir_attr_kind */
    uint8_t flags;   /* enum ir_attr_flag */
    ir_type type;    /* int, float, dense, dense_array element, IR_AT_TYPE */
    int64_t i;       /* int / bool value; float bits; memspace kind; */
    double f;        /* float value */
    int64_t id;      /* memspace ct_id */
    ir_str s;        /* string, symref (root), opaque name */
    ir_str body;     /* opaque body */
    uint32_t n;      /* elements: array, dense; pairs: dict, arch map */
    const uint32_t *elems; /* array/dense: n attrs; dict: 2n (name str, attr); arch map: 2n attrs;
                            symref: n nested ir_str */
    const int64_t *ints;   /* dense_array, strided: n values (IR_DYN for `?`) */
    uint32_t map;          /* affine map / integer set index */
};

/* ---- affine expressions, maps and sets --------------------------------- */

enum ir_aff_kind { IR_AFF_CONST = 1, IR_AFF_DIM, IR_AFF_SYM, IR_AFF_ADD, IR_AFF_MUL,
                   IR_AFF_MOD, IR_AFF_FLOORDIV, IR_AFF_CEILDIV };

struct ir_aff_info {
    uint8_t kind;
    ir_aff lhs, rhs; /* binary kinds */
    int64_t v;       /* constant value, dim or symbol position */
};

struct ir_affine_map {
    uint32_t ndims, nsyms, nres;
    const ir_aff *res;
};

/* An integer set: constraints expr >= 0 or expr == 0 (eq[i]). */
struct ir_integer_set {
    uint32_t ndims, nsyms, ncons;
    const ir_aff *cons;
    const bool *eq;
};

/* ---- values, ops, blocks, regions --------------------------------------- */

struct ir_value_info {
    ir_type type;
    ir_str name;        /* the name it had in the source, if any */
    uint32_t owner;     /* defining op, or block for a block argument */
    uint32_t index;     /* result or argument position */
    bool is_arg;
};

/* Fields ordered so that the record has no padding (80 bytes). */
struct ir_op_info {
    uint16_t kind;      /* enum ir_op_kind (ktir/ops.h); IR_OP_UNKNOWN for others */
    ir_str name;        /* full name, e.g. "arith.addf" */
    uint32_t nopnd, nres, nreg, nsucc;
    ir_value res;       /* first result; results are consecutive values */
    ir_attr attrs;      /* a dictionary attribute, or IR_NONE */
    ir_value *opnd;
    ir_region *regs;
    ir_block *succ;
    struct ir_loc loc;
    ir_block block;     /* parent */
    ir_op prev, next;
};

struct ir_block_info {
    ir_region region;   /* parent */
    uint32_t nargs;
    ir_value *args;
    ir_op first, last;
    ir_block prev, next;
};

struct ir_region_info {
    ir_op op;           /* parent */
    ir_block first, last;
};

/* ---- the module ------------------------------------------------------- */

struct ir_intern; /* hash set over one table (ir.c) */

struct ir_vec {
    void *data;
    uint32_t len, cap;
};

struct ir_module {
    struct arena *arena;
    struct ir_vec strs, types, attrs, affs, maps, sets, values, ops, blocks, regions;
    struct ir_intern *hstr, *htype, *hattr, *haff, *hmap, *hset;
    ir_op top;          /* the builtin.module op holding everything */
    /* Op kind of each interned op name, + 1 (0 = not looked up yet). */
    uint16_t *str_kind;
    uint32_t nstr_kind;
    /* Well-known types, interned once. */
    ir_type t_index, t_i1, t_i32, t_i64, t_f16, t_f32;
    /* The dense arrays and dictionaries ir_attr_dense_array and
     * ir_attr_dict gave last: ops of a kind repeat them, and one asked for
     * again is found here without building and hashing its key. */
    ir_attr recent_arrays[4], recent_dicts[4];
    uint32_t next_array, next_dict;
    /* Likewise the affine expressions interned last (subscripts repeat
     * their dims, constants and sums). */
    ir_aff recent_affs[8];
    uint32_t next_aff;
};

struct ir_module *ir_module_new(void);
void ir_module_free(struct ir_module *m);
/* Room for that many more strings, types, attributes, affine expressions,
 * maps and sets (a reader that knows its tables' sizes): each table and
 * hash set grows once, not through every doubling on the way. */
void ir_module_reserve(struct ir_module *m, uint32_t nstr, uint32_t ntype, uint32_t nattr,
                       uint32_t naff, uint32_t nmap, uint32_t nset);
/* Room for that many more ops and values (a parser's estimate from its
 * text's size), likewise. */
void ir_module_reserve_ops(struct ir_module *m, uint32_t nops, uint32_t nvalues);

/* Table accessors: id → info. ids are valid for the module's lifetime.
 * Inline: they are on every path of every pass, the parser and the printer. */
#define IR_TABLE_AT(m, tab, i) (assert((i) > 0 && (i) < (m)->tab.len), ((void **)(m)->tab.data)[i])

static inline const char *ir_str_get(const struct ir_module *m, ir_str s)
{
    return s ? (const char *)IR_TABLE_AT(m, strs, s) : "";
}
static inline const struct ir_type_info *ir_type_get(const struct ir_module *m, ir_type t)
{
    return IR_TABLE_AT(m, types, t);
}
static inline const struct ir_attr_info *ir_attr_get(const struct ir_module *m, ir_attr a)
{
    return IR_TABLE_AT(m, attrs, a);
}
static inline const struct ir_aff_info *ir_aff_get(const struct ir_module *m, ir_aff e)
{
    return IR_TABLE_AT(m, affs, e);
}
static inline const struct ir_affine_map *ir_map_get(const struct ir_module *m, uint32_t map)
{
    return IR_TABLE_AT(m, maps, map);
}
static inline const struct ir_integer_set *ir_set_get(const struct ir_module *m, uint32_t set)
{
    return IR_TABLE_AT(m, sets, set);
}
static inline struct ir_value_info *ir_value_get(const struct ir_module *m, ir_value v)
{
    return IR_TABLE_AT(m, values, v);
}
static inline struct ir_op_info *ir_op_get(const struct ir_module *m, ir_op op)
{
    return IR_TABLE_AT(m, ops, op);
}
static inline struct ir_block_info *ir_block_get(const struct ir_module *m, ir_block b)
{
    return IR_TABLE_AT(m, blocks, b);
}
static inline struct ir_region_info *ir_region_get(const struct ir_module *m, ir_region r)
{
    return IR_TABLE_AT(m, regions, r);
}

/* ---- interning ---------------------------------------------------------- */

ir_str ir_str_intern(struct ir_module *m, const char *s, size_t n);
ir_str ir_str_c(struct ir_module *m, const char *s); /* NUL-terminated */

/* Interns a type described by *t (pointers in *t are copied). */
ir_type ir_type_intern(struct ir_module *m, const struct ir_type_info *t);
ir_type ir_type_int(struct ir_module *m, uint32_t width);
ir_type ir_type_float(struct ir_module *m, enum ir_float_kind k);
ir_type ir_type_shaped(struct ir_module *m, enum ir_type_kind kind, uint32_t rank,
                       const int64_t *shape, ir_type elem);
ir_type ir_type_func(struct ir_module *m, uint32_t nin, const ir_type *in, uint32_t nout,
                     const ir_type *out);

bool ir_type_is_shaped(const struct ir_module *m, ir_type t);
bool ir_type_is_float(const struct ir_module *m, ir_type t);
bool ir_type_is_intlike(const struct ir_module *m, ir_type t); /* iN or index */
/* Element type of a shaped type, or t itself for a scalar. */
ir_type ir_type_elem(const struct ir_module *m, ir_type t);
/* Product of a static shape; -1 when any extent is dynamic. */
int64_t ir_type_numel(const struct ir_module *m, ir_type t);
/* Bytes of one scalar of type t (its width rounded up to whole bytes). */
int64_t ir_type_bytes(const struct ir_module *m, ir_type t);
/* The lowest and highest element offsets, from the first element, that a
 * box of sizes[0..n) at strides[0..n) (a view's, a tile's) reaches: *lo <= 0
 * <= *hi (a negative stride reaches below). False when a size or stride is
 * dynamic (IR_DYN) or a size is below 1. */
bool ir_strided_extent(const int64_t *sizes, const int64_t *strides, uint32_t n, int64_t *lo,
                       int64_t *hi);

ir_attr ir_attr_intern(struct ir_module *m, const struct ir_attr_info *a);
ir_attr ir_attr_int(struct ir_module *m, int64_t v, ir_type type);
ir_attr ir_attr_float(struct ir_module *m, double v, ir_type type);
ir_attr ir_attr_string(struct ir_module *m, const char *s);
ir_attr ir_attr_type(struct ir_module *m, ir_type t);
ir_attr ir_attr_unit(struct ir_module *m);
ir_attr ir_attr_array(struct ir_module *m, uint32_t n, const ir_attr *elems);
ir_attr ir_attr_dense_array(struct ir_module *m, ir_type elem, uint32_t n, const int64_t *v);
ir_attr ir_attr_affine_map(struct ir_module *m, uint32_t map);
ir_attr ir_attr_integer_set(struct ir_module *m, uint32_t set);
/* A dictionary from n (name, attr) pairs, kept in the given order. */
ir_attr ir_attr_dict(struct ir_module *m, uint32_t n, const ir_str *names, const ir_attr *vals);
/* Looks name up in a dictionary attribute; IR_NONE when absent. */
ir_attr ir_dict_get(const struct ir_module *m, ir_attr dict, const char *name);

ir_aff ir_aff_const(struct ir_module *m, int64_t v);
ir_aff ir_aff_dim(struct ir_module *m, uint32_t pos);
ir_aff ir_aff_sym(struct ir_module *m, uint32_t pos);
/* Builds lhs <kind> rhs with constant folding and light canonicalization
 * (constants to the right, x*1, x+0; a sum's terms that are multiples of a
 * constant modulus dropped, as MLIR does); subtraction is add(lhs, rhs * -1). */
ir_aff ir_aff_bin(struct ir_module *m, enum ir_aff_kind kind, ir_aff lhs, ir_aff rhs);
uint32_t ir_map_intern(struct ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t nres,
                       const ir_aff *res);
uint32_t ir_set_intern(struct ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t ncons,
                       const ir_aff *cons, const bool *eq);

/* Evaluates e at the given dims and symbols. floordiv/ceildiv/mod are
 * mathematical (mod is non-negative); *ok is cleared on a division by zero. */
int64_t ir_aff_eval(const struct ir_module *m, ir_aff e, const int64_t *dims,
                    const int64_t *syms, bool *ok);
/* True when every point of the set is inside it: evaluates all constraints. */
bool ir_set_contains(const struct ir_module *m, uint32_t set, const int64_t *dims,
                     const int64_t *syms);
/* The box fast path: when every constraint bounds one dim with coefficient
 * ±1 (c*d + f(syms) >= 0 or == 0), fills lo/hi (inclusive) per dim and
 * returns true; otherwise returns false. Unbounded sides get INT64_MIN/MAX. */
bool ir_set_box(const struct ir_module *m, uint32_t set, const int64_t *syms, int64_t *lo,
                int64_t *hi);

/* ---- building and editing ops ------------------------------------------- */

/* Everything needed to create an op; the parser and passes fill one, a
 * local initialized by ir_state_init (never copied: the lists start in the
 * state's own inline room, and only longer ones move to the arena, so
 * building an ordinary op leaves no garbage in it). */
struct ir_op_state {
    uint16_t kind;
    ir_str name;
    struct ir_loc loc;
    uint32_t nopnd, nres, nreg, nsucc, nattr;
    ir_value *opnd;
    ir_type *res_types;
    ir_region *regs;
    ir_block *succ;
    ir_str *attr_names;
    ir_attr *attr_vals;
    uint32_t cap_opnd, cap_res, cap_reg, cap_attr, cap_succ;
    ir_value in_opnd[8];
    ir_type in_res[4];
    ir_region in_regs[2];
    ir_block in_succ[2];
    ir_str in_attr_names[8];
    ir_attr in_attr_vals[8];
};

void ir_state_init(struct ir_op_state *st, struct ir_module *m, const char *name,
                   struct ir_loc loc);
/* The same with the name already interned. */
void ir_state_init_str(struct ir_op_state *st, struct ir_module *m, ir_str name,
                       struct ir_loc loc);
void ir_state_add_operand(struct ir_module *m, struct ir_op_state *st, ir_value v);
void ir_state_add_result(struct ir_module *m, struct ir_op_state *st, ir_type t);
void ir_state_add_region(struct ir_module *m, struct ir_op_state *st, ir_region r);
void ir_state_add_successor(struct ir_module *m, struct ir_op_state *st, ir_block b);
/* Adds or replaces the attribute `name`. */
void ir_state_set_attr(struct ir_module *m, struct ir_op_state *st, const char *name, ir_attr a);
/* The same with the name already interned. */
void ir_state_set_attr_str(struct ir_module *m, struct ir_op_state *st, ir_str name, ir_attr a);
ir_attr ir_state_get_attr(const struct ir_module *m, const struct ir_op_state *st,
                          const char *name);

/* The op kind (ktir/ops.h) of an interned op name, cached per module. */
uint32_t ir_op_kind_of(struct ir_module *m, ir_str name);

/* Creates a detached op from a state (results get fresh values). */
ir_op ir_op_create(struct ir_module *m, const struct ir_op_state *st);
ir_region ir_region_new(struct ir_module *m);
ir_block ir_block_new(struct ir_module *m);
ir_value ir_block_add_arg(struct ir_module *m, ir_block b, ir_type t, ir_str name);
void ir_region_append_block(struct ir_module *m, ir_region r, ir_block b);
void ir_block_append_op(struct ir_module *m, ir_block b, ir_op op);
void ir_op_insert_before(struct ir_module *m, ir_op before, ir_op op);
/* Unlinks op from its block (its values stay valid; uses are the caller's business). */
void ir_op_unlink(struct ir_module *m, ir_op op);

static inline ir_value ir_op_result(const struct ir_module *m, ir_op op, uint32_t i)
{
    return ir_op_get(m, op)->res + i;
}
ir_attr ir_op_attr(const struct ir_module *m, ir_op op, const char *name);
void ir_op_set_attr(struct ir_module *m, ir_op op, const char *name, ir_attr a);
ir_region ir_op_region(const struct ir_module *m, ir_op op, uint32_t i);
/* The single block of a region (its first one). */
ir_block ir_region_entry(const struct ir_module *m, ir_region r);
/* The op whose region holds op (IR_NONE at the top). */
ir_op ir_op_parent(const struct ir_module *m, ir_op op);
static inline ir_type ir_value_type(const struct ir_module *m, ir_value v)
{
    return ir_value_get(m, v)->type;
}
/* The op defining v, IR_NONE for a block argument. */
ir_op ir_value_def(const struct ir_module *m, ir_value v);
/* Where v comes into being: its defining op, or for a block argument the
 * op whose region holds the block (IR_NONE at the top). */
ir_op ir_value_scope(const struct ir_module *m, ir_value v);
/* Whether v is defined inside op (by op itself, by an op nested in it, or
 * as an argument of a block of its regions), so not before op runs. */
bool ir_value_defined_in(const struct ir_module *m, ir_value v, ir_op op);

/* The entry block of the top module's region. */
ir_block ir_module_body(const struct ir_module *m);

/* Iteration over the ops of a block: for (ir_op o = b->first; o; o = next). */
#define IR_FOR_OPS(m, blk, o) \
    for (ir_op o = ir_block_get((m), (blk))->first; o; o = ir_op_get((m), o)->next)

/* Calls fn on op and every op nested in it, pre-order. Stops and returns
 * false as soon as fn returns false. */
typedef bool (*ir_walk_fn)(struct ir_module *m, ir_op op, void *ctx);
bool ir_walk(struct ir_module *m, ir_op op, ir_walk_fn fn, void *ctx);

#endif
