/* interp_int.h - internals of the KTIR interpreter shared by its files:
 * values, tensors, memory, views and access tiles, compute tiles and frames,
 * and the op handler tables.
 *
 * Values. Every SSA value of the running function has one slot per compute
 * tile (struct iv_val, indexed by ir_value id). A slot holds a scalar inline
 * or a reference to a refcounted object: a tensor (typed flat buffer with a
 * shape, immutable once built), a memory view, an access tile or an
 * inter-tile future. Inside linalg bodies a scalar-typed SSA value may hold
 * a tensor: the body then runs once over whole vectors ("lifted"), never
 * once per element.
 *
 * Numerics. Float scalars are doubles holding a value of their kind; ints
 * are int64 sign-extended from their width (i1 is 0 or 1). Float elementwise
 * ops compute in double, round to f32, then to the result kind: for f16 this
 * is exactly "compute in f32 and round to f16" (ktir-cpu) for + - * / sqrt.
 */
#ifndef KTIR_INTERP_INTERP_INT_H
#define KTIR_INTERP_INTERP_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/interp/interp.h"
#include "ktir/ir.h"

#define IV_MAXR INTERP_MAX_RANK
#define IV_MAXSYMS 8

/* ---- values ---------------------------------------------------------- */

enum iv_kind { IV_UNSET, IV_SCALAR, IV_TENSOR, IV_VIEW, IV_TILE, IV_FUTURE };

/* Header of every refcounted object; type is an enum iv_kind. */
struct iv_obj {
    uint32_t refs;
    uint8_t type;
};

struct iv_tensor {
    struct iv_obj h;
    uint8_t ek; /* enum interp_dtype */
    uint8_t rank;
    int64_t shape[IV_MAXR];
    int64_t n;
    void *data; /* n elements in their storage type (see iv_ek_size) */
};

struct iv_val {
    uint8_t kind; /* enum iv_kind */
    uint8_t ek;   /* scalars and tensors */
    union {
        int64_t i;
        double f;
    } s;
    struct iv_obj *obj;
};

/* A memory view: element (c_0..c_r-1) at element address
 * offset + sum c_k * strides_k of its space. lo/hi bound the coordinate
 * set (inclusive) when it is a box; a distributed view has parts instead. */
struct iv_view {
    struct iv_obj h;
    uint8_t ek, rank, space; /* space: enum interp_space */
    uint32_t core;           /* scratchpad owner */
    int64_t offset;
    int64_t sizes[IV_MAXR], strides[IV_MAXR];
    bool box;                /* coordinate set is the box lo..hi */
    int64_t lo[IV_MAXR], hi[IV_MAXR];
    uint32_t set;            /* the set when !box, with syms */
    uint32_t nsyms;
    int64_t syms[IV_MAXSYMS];
    uint32_t nparts;         /* distributed view: partitions, in order */
    struct iv_view **parts;
};

/* One subscript of an indirect tile: a direct affine expression or a load
 * from an index view at affine subscripts. Expressions range over
 * dims [captured values..., intermediate variables...]. */
struct iv_ind_dim {
    ir_aff expr;          /* direct */
    struct iv_view *idx;  /* indirect: the index view (NULL when direct) */
    uint32_t nsub;
    const ir_aff *sub;    /* indirect: one expression per index view dim */
};

struct iv_indirect {
    uint32_t nvars;
    int64_t lo[IV_MAXR], hi[IV_MAXR]; /* variable space box */
    uint32_t ncap;
    int64_t *cap;          /* captured values */
    struct iv_ind_dim dims[IV_MAXR];
};

/* An access tile. Direct: tile position t is view coordinate c with
 * c[perm[j]] = base[perm[j]] + t[j]; when the access set is not a box, the
 * tile spans its bounding box and set (over c - x, with syms) masks the
 * points outside it. Indirect: the points of a variable box visited in
 * `perm` order, coordinates computed at load/store time. */
struct iv_tile {
    struct iv_obj h;
    struct iv_view *view;
    uint8_t rank;
    int64_t shape[IV_MAXR];
    uint8_t perm[IV_MAXR];
    int64_t base[IV_MAXR];
    int64_t x[IV_MAXR];      /* the base coordinate (subscripts) */
    uint32_t set;            /* non-box access set, else 0 */
    int64_t syms[IV_MAXSYMS];
    struct iv_indirect *ind;
};

/* The handle of one tile's contribution to an inter-tile exchange. */
struct iv_future {
    struct iv_obj h;
    ir_op op;      /* the inter_tile_produce */
    uint32_t seq;  /* how many times this tile ran op before */
    int64_t group;
};

/* ---- element kinds, tensors, values (value.c) ----------------------- */

size_t iv_ek_size(unsigned ek);
bool iv_ek_is_float(unsigned ek);
bool iv_ek_is_single(unsigned ek); /* f16, bf16, df16, f32: computed in f32 */
unsigned iv_ek_width(unsigned ek); /* bits of an integer kind, 64 for index */
/* The element kind of a scalar type; false if t is not a scalar type. */
bool iv_ek_of_type(const struct ir_module *m, ir_type t, unsigned *ek);

/* Bytes of a tensor of kind ek and shape; UINT64_MAX when it overflows. */
uint64_t iv_tensor_bytes(unsigned ek, uint32_t rank, const int64_t *shape);
struct iv_tensor *iv_tensor_new(unsigned ek, uint32_t rank, const int64_t *shape);
struct iv_view *iv_view_new(void);
struct iv_tile *iv_tile_new(void);
void iv_obj_retain(struct iv_obj *o);
void iv_obj_release(struct iv_obj *o);

/* Slot operations: set releases the old content; the value is moved in. */
void iv_val_clear(struct iv_val *v);
void iv_val_copy(struct iv_val *dst, const struct iv_val *src); /* retains */
struct iv_val iv_scalar_i(unsigned ek, int64_t i);
struct iv_val iv_scalar_f(unsigned ek, double f);
struct iv_val iv_tensor_val(struct iv_tensor *t); /* takes the reference */
static inline struct iv_tensor *iv_tensor_of(const struct iv_val *v)
{
    return (struct iv_tensor *)v->obj;
}

/* Rounds v to float kind ek. */
double iv_round(unsigned ek, double v);
/* Wraps v to the width of integer kind ek (sign-extends; i1 to 0/1). */
int64_t iv_wrap(unsigned ek, int64_t v);
/* Element i of a tensor, as double / int64 (sign- or zero-extended). */
double iv_get_f(const struct iv_tensor *t, int64_t i);
int64_t iv_get_i(const struct iv_tensor *t, int64_t i);
void iv_put_f(struct iv_tensor *t, int64_t i, double v);
void iv_put_i(struct iv_tensor *t, int64_t i, int64_t v);
/* Unpacks n elements starting at i into doubles / int64s. */
void iv_unpack_f(const struct iv_tensor *t, int64_t i, int64_t n, double *out);
void iv_pack_f(struct iv_tensor *t, int64_t i, int64_t n, const double *in);
void iv_unpack_i(const struct iv_tensor *t, int64_t i, int64_t n, bool zext, int64_t *out);
/* The same in f32, for single-precision kinds (f16, bf16, df16, f32). */
void iv_unpack_f32(const struct iv_tensor *t, int64_t i, int64_t n, float *out);
void iv_pack_f32(struct iv_tensor *t, int64_t i, int64_t n, const float *in);
void iv_pack_i(struct iv_tensor *t, int64_t i, int64_t n, const int64_t *in);

/* Elementwise operations (ops_arith.c), over scalars and equally sized
 * tensors (a scalar operand broadcasts). */
enum iv_ew {
    /* float, one operand */
    EW_NEGF, EW_ABSF, EW_EXP, EW_EXP2, EW_LOG, EW_LOG2, EW_SQRT, EW_RSQRT, EW_TANH, EW_ERF,
    EW_SIN, EW_COS, EW_FLOOR, EW_CEIL, EW_SIGMOID, EW_SILU, EW_GELU, EW_RECIP, EW_SOFTPLUS,
    /* float, two operands */
    EW_ADDF, EW_SUBF, EW_MULF, EW_DIVF, EW_REMF, EW_MAXIMUMF, EW_MINIMUMF, EW_MAXNUMF,
    EW_MINNUMF, EW_POWF,
    /* float, three */
    EW_FMA,
    /* integer, two operands */
    EW_ADDI, EW_SUBI, EW_MULI, EW_DIVSI, EW_DIVUI, EW_CEILDIVSI, EW_CEILDIVUI, EW_FLOORDIVSI,
    EW_REMSI, EW_REMUI, EW_MAXSI, EW_MINSI, EW_MAXUI, EW_MINUI, EW_ANDI, EW_ORI, EW_XORI,
    EW_SHLI, EW_SHRSI, EW_SHRUI,
    EW_COUNT
};

/* ---- memory (mem.c) -------------------------------------------------- */

struct iv_mem {
    uint64_t dev_bytes, nslots;
    uint8_t ***slots; /* device memory: 64 MiB slots of 64 KiB pages, allocated on first write */
    uint64_t sp_bytes;
    uint32_t ncores;
    uint8_t ***sp;    /* scratchpads: a table of pages each, allocated on first write */
    uint8_t **alloc;  /* every page allocated */
    uint32_t nalloc, capalloc;
    struct iv_region *regions; /* device memory's arrays (arguments, poked regions) */
    uint32_t nregions, capregions;
};

/* Bytes [at, end) of device memory holding an array: argument `arg`, or a
 * poked region (arg -1). */
struct iv_region {
    int64_t at, end;
    int32_t arg;
};

void iv_mem_init(struct iv_mem *mm, const struct interp_config *cfg);
void iv_mem_free(struct iv_mem *mm);
/* Whether bytes [a, a+n) exist in space sp (of core). */
bool iv_mem_in_range(const struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t n);
/* Device memory's bytes [at, at + n) hold an array (argument arg, or -1). */
void iv_mem_add_region(struct iv_mem *mm, int64_t at, int64_t n, int32_t arg);
/* The region of device memory holding byte a, or NULL; the last one ending
 * at or before a, or NULL. */
const struct iv_region *iv_mem_region_of(const struct iv_mem *mm, int64_t a);
const struct iv_region *iv_mem_region_before(const struct iv_mem *mm, int64_t a);
/* Copies n bytes at byte address a out of / into memory (range-checked by
 * the caller). Unwritten memory reads as zero. */
void iv_mem_read(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, void *dst, int64_t n);
void iv_mem_write(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, const void *src,
                  int64_t n);
/* Strided element copies: n elements of es bytes, memory stride st bytes. */
void iv_mem_gather(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                   size_t es, int64_t n, uint8_t *dst);
void iv_mem_scatter(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                    size_t es, int64_t n, const uint8_t *src);

/* ---- the interpreter ------------------------------------------------- */

struct iv_ct;
struct iv_pre;

/* Handler results. */
enum { IV_OK, IV_ERR, IV_BLOCK };

typedef int (*iv_exec_fn)(struct iv_ct *t, ir_op op, const struct iv_pre *p);
typedef bool (*iv_prep_fn)(struct interp *in, ir_op op, struct iv_pre *p);

/* What prepare decoded for one op: its handler and its constant facts. */
struct iv_pre {
    iv_exec_fn exec;
    int code;     /* the handler's sub-operation (enum iv_ew, predicate, ...) */
    void *data;   /* decoded attributes (arena-owned by the interp) */
    int32_t aux;  /* handler-defined */
};

/* A row of a handler table: prep may be NULL (nothing to decode); fmath
 * marks ops doing floating-point arithmetic (their results are compared
 * with the corpus tolerance, not exactly). */
struct iv_handler {
    const char *name;
    iv_prep_fn prep;
    iv_exec_fn exec;
    int code;
    bool fmath;
};

extern const struct iv_handler iv_arith_handlers[];
extern const struct iv_handler iv_tensor_handlers[];
extern const struct iv_handler iv_ktdp_handlers[];
extern const struct iv_handler iv_exec_handlers[];

enum iv_frame_kind { FR_FUNC, FR_CALL, FR_FOR, FR_IF, FR_WHILE, FR_NESTED };

struct iv_frame {
    uint8_t kind;
    ir_op owner;       /* op owning the region (the func for FR_FUNC) */
    ir_block block;
    ir_op cur;         /* next op to run; 0 = end of block */
    int64_t iv, ub, step;
    struct iv_val *outs; /* FR_NESTED: where the terminator's operands go */
    uint32_t nouts;
};

enum iv_ct_state { CT_RUN, CT_BLOCKED, CT_DONE };

/* One compute tile: its SSA slots and its control stack. */
struct iv_ct {
    struct interp *in;
    uint32_t lin;      /* linear id x + nx*(y + ny*z) */
    int64_t id[3];
    uint8_t state;
    uint64_t steps;    /* ops run so far (progress, for deadlock detection) */
    struct iv_val *vals;
    struct iv_frame *fr;
    uint32_t nfr, capfr;
    uint32_t *seq;     /* per inter_tile_produce op (pre aux), executions so far */
    /* The iteration space of the linalg body being run lifted; lift_fixed
     * (when set) holds reduction loops at one value (>= 0) per run. */
    uint32_t lift_rank;
    const int64_t *lift_shape, *lift_fixed;
};

/* A posted set of partials of one inter_tile_produce execution. */
struct iv_xchg {
    ir_op op;
    uint32_t seq;
    int64_t group;
    uint32_t nparts;      /* partials per producer */
    struct iv_val *parts; /* ntiles * nparts, IV_UNSET until posted */
    uint8_t *posted;      /* per tile */
    uint32_t nholders;    /* tiles producing for the group: they hold the future */
    uint32_t nconsumed;
    struct iv_xchg *next;
};

struct iv_arg {
    bool bound;
    bool is_ptr;           /* bound to device memory by interp_bind_array */
    struct iv_val val;
    struct interp_array shape; /* for arrays: dtype and shape (no data) */
    int64_t addr;          /* pointer args: element index */
};

struct interp {
    struct ir_module *m;
    struct ir_diag *diag;
    struct arena *arena;
    struct interp_config cfg;
    ir_op func;
    ir_block entry;
    uint32_t nargs;
    struct iv_arg *args;
    int64_t grid[3];
    struct iv_pre *pre;   /* per op id */
    uint32_t nops, nvalues;
    uint32_t nproduce;    /* inter_tile_produce ops (their pre aux is 0..n-1) */
    struct iv_mem mem;
    int64_t next_ptr;     /* next free device-memory byte for arguments */
    struct iv_ct *cts;
    uint32_t ncts;
    struct iv_xchg *xchg;
    struct iv_val *results;
    uint32_t nresults;
    bool has_float_math;
    uint64_t elements;     /* tensor elements produced by the run */
    struct iv_obj **owned; /* objects prepare built (constants), released at the end */
    uint32_t nowned, capowned;
};

/* Makes in own o (released by interp_free). */
void iv_own(struct interp *in, struct iv_obj *o);
/* size zeroed bytes living as long as the interpreter. */
void *iv_alloc(struct interp *in, size_t size);

/* Reports a located error for op on tile t; returns IV_ERR. */
int iv_error(struct iv_ct *t, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Same at prepare time (no tile); returns false. */
bool iv_prep_error(struct interp *in, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static inline struct iv_val *iv_opnd(struct iv_ct *t, const struct ir_op_info *o, uint32_t i)
{
    return &t->vals[o->opnd[i]];
}
/* A located capacity error unless a tensor of that kind and shape fits the
 * scratchpad (checked before building one from a type or a tile). */
int iv_check_tensor(struct iv_ct *t, ir_op op, unsigned ek, uint32_t rank, const int64_t *shape);
/* Moves v into result i of op (checks a tensor fits the scratchpad). */
int iv_set_result(struct iv_ct *t, ir_op op, uint32_t i, struct iv_val *v);
/* The integer in a scalar slot (index or iN), with a located error if it is
 * not a scalar. */
bool iv_int(struct iv_ct *t, ir_op op, const struct iv_val *v, int64_t *out);

/* Runs region r of owner as a nested straight-line evaluation: binds the
 * entry block's args to args[0..nargs), runs to its terminator and moves the
 * terminator's operands into outs[0..nouts). */
int iv_run_nested(struct iv_ct *t, ir_op owner, ir_region r, const struct iv_val *args,
                  uint32_t nargs, struct iv_val *outs, uint32_t nouts);

/* Elementwise engine (ops_arith.c). */
int iv_ew_apply(struct iv_ct *t, ir_op op, int code, uint32_t nin, struct iv_val *const *in,
                unsigned rek, const double *prm, struct iv_val *out);
/* r = a <code> b for n doubles, code a two-operand float enum iv_ew. */
void iv_ew_fbinary(int code, int64_t n, const double *a, const double *b, double *r);
/* The same kernels on raw buffers (the simulator's vector ALU, sim/):
 * out = code(in[0..nin)) over n elements of kind ek each, results of kind
 * rek; numerics exactly as iv_ew_apply. False on an integer division by
 * zero. */
bool iv_ew_raw(int code, unsigned ek, unsigned rek, uint32_t nin, const void *const *in,
               int64_t n, void *out, const double *prm);
/* The comparison of arith.cmpf (is_f) or arith.cmpi with predicate pred
 * (MLIR's enum) over n elements of kind ek of a and b, into n i1 elements
 * of out: exactly exec_cmp's. */
void iv_cmp_raw(bool is_f, int pred, unsigned ek, int64_t n, const void *a, const void *b,
                void *out);
/* out[i] = cond[i] ? a[i] : b[i] over n elements of kind ek (cond: i1), as
 * arith.select. */
void iv_select_raw(unsigned ek, int64_t n, const void *cond, const void *a, const void *b,
                   void *out);
/* The same in f32 for single-precision kinds (IEEE f32 arithmetic). */
void iv_ew_fbinary32(int code, int64_t n, const float *a, const float *b, float *r);
/* Rounds n doubles (floats) to float kind ek in place. */
void iv_round_n(unsigned ek, double *v, int64_t n);
void iv_round_n32(unsigned ek, float *v, int64_t n);
/* Tensor shape of the first tensor operand, or 0 when all are scalars; a
 * located error when tensor operands differ in size. */
int iv_ew_shape(struct iv_ct *t, ir_op op, uint32_t nin, struct iv_val *const *in,
                const struct iv_tensor **shape_of);

/* Access (access.c). */
int iv_load(struct iv_ct *t, ir_op op, const struct iv_tile *tile, struct iv_tensor *dst);
int iv_store(struct iv_ct *t, ir_op op, const struct iv_tile *tile, const struct iv_tensor *src);

/* Scheduling of inter-tile exchanges (ops_ktdp.c). */
void iv_xchg_free_all(struct interp *in);

#endif
