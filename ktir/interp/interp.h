/* interp.h - ktc-interp: the reference semantics of KTIR executed directly,
 * the golden model every compiled kernel is checked against.
 *
 * The semantics it implements (ref/ktir-language.md 2 and 6, RFC 0682),
 * where the sources leave a choice:
 * - SPMD: one compute tile per grid point (grid attribute, 1 to 3 dims,
 *   missing dims 1); tile (x, y, z) has linear id x + nx*(y + ny*z) (dim 0
 *   fastest, as ktir-cpu) and owns the scratchpad of core `linear id`.
 * - Memory: device memory shared by all tiles and one scratchpad per core,
 *   byte-addressed, zero-initialised. A pointer is an element index in the
 *   element type of the view using it (byte = pointer * element size), in
 *   device memory and in scratchpads alike. Array arguments are placed in
 *   device memory at 128-byte boundaries, after any poked region.
 * - Masking: an element of an access tile whose coordinate is outside its
 *   view's coordinate set loads as 0 and is not stored; a distributed view
 *   serves each element from its first partition holding it, and an element
 *   no partition holds is an error. Addresses beyond a memory are errors,
 *   and so is a run of device-memory elements an access moves (a row of
 *   its tile) that does not lie inside one array of the kernel (its array
 *   arguments, the regions poked in) once it has one: a view reaching past
 *   its array (a launch-time size larger than the array given) would read
 *   or write another's bytes. (A run wholly inside the next array passes:
 *   an address does not say which array it was made from.)
 * - Capacity: every tensor a tile materializes must fit its scratchpad.
 * - Numerics: f16/bf16/df16/f32 elementwise ops compute in f32 and round to
 *   the element type; matmul accumulates in f32, rounds once, then adds the
 *   init; reductions fold pairwise (halves) rounding every step; an
 *   inter-tile reduce folds the identity, the tile's own partial, then the
 *   partials of the tiles below it in the group, wrapping (ktir-cpu's ring).
 * Arrays go in and out as interp_array (see npy.h for files).
 *
 *   interp_new ─ bind args / place fixed regions ─ interp_run ─ read back
 */
#ifndef KTIR_INTERP_INTERP_H
#define KTIR_INTERP_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktir/diag.h"
#include "ktir/ir.h"

/* Element types of arrays and tensors. */
enum interp_dtype {
    INTERP_I1,
    INTERP_I8,
    INTERP_I16,
    INTERP_I32,
    INTERP_I64,
    INTERP_INDEX, /* 64-bit, signed */
    INTERP_F16,
    INTERP_BF16,
    INTERP_DF16, /* DLFloat16, 1-6-9 */
    INTERP_F32,
    INTERP_F64,
    INTERP_NDTYPES
};

#define INTERP_MAX_RANK 8

/* A dense row-major array in the host's byte order. data holds
 * numel * interp_dtype_size(dtype) bytes (malloc'd, owned by the holder). */
struct interp_array {
    enum interp_dtype dtype;
    uint32_t rank;
    int64_t shape[INTERP_MAX_RANK];
    void *data;
};

size_t interp_dtype_size(enum interp_dtype t);
/* "f16", "i32", "index", ... */
const char *interp_dtype_name(enum interp_dtype t);
/* The dtype named s ("f16", "float16", "i32", "int32", "bool", ...); false if none. */
bool interp_dtype_parse(const char *s, enum interp_dtype *t);
int64_t interp_array_numel(const struct interp_array *a);
/* Elements [i, i+n) as doubles (integers converted). */
void interp_array_get(const struct interp_array *a, int64_t i, int64_t n, double *out);
void interp_array_free(struct interp_array *a);

/* The device the interpreter models. Defaults are spyre's: 32 cores with a
 * 2 MiB scratchpad each, 128 GiB of device memory (ktir-cpu's HBM). */
struct interp_config {
    uint64_t devmem_bytes;
    uint64_t scratch_bytes;
    uint32_t ncores;
};

void interp_config_default(struct interp_config *c);

enum interp_space { INTERP_DEVMEM, INTERP_SCRATCH };

struct interp;

/* An interpreter for function `fname` of m (NULL: the module's only
 * function, or its first). Errors go to diag. NULL after a diagnostic. */
struct interp *interp_new(struct ir_module *m, const char *fname, struct ir_diag *diag,
                          const struct interp_config *cfg);
void interp_free(struct interp *in);

/* The function's arguments, in order. */
uint32_t interp_nargs(const struct interp *in);
/* Name of argument i as written (without %), or "argN" when unnamed. */
const char *interp_arg_name(const struct interp *in, uint32_t i);
/* Index of the argument called name, or -1. */
int interp_arg_find(const struct interp *in, const char *name);

/* Binds argument i to an array. An `index` argument becomes a pointer: the
 * array is copied to fresh device memory and the argument gets its element
 * index. A tensor argument gets the array as its value; a memref argument a
 * row-major device-memory view of it. False after a diagnostic. */
bool interp_bind_array(struct interp *in, uint32_t i, const struct interp_array *a);
/* Binds a scalar argument (index, iN or float) from its text ("3", "0.5"). */
bool interp_bind_scalar(struct interp *in, uint32_t i, const char *text);
/* The dtype and shape an unbound array argument would have: a tensor or
 * memref argument's static type, or for a pointer (index) argument the
 * static memref type of a view built right on it. False when unknown. */
bool interp_arg_guess(const struct interp *in, uint32_t i, struct interp_array *shape_only);

/* Arguments and outputs from text (ktc-interp's command line). Errors are
 * reported to the interpreter's diagnostics; results are exit codes: 0, 1
 * (bad input), 3 (a file could not be read or written). */
/* "f16:4x128": the dtype and shape of *a (no data). */
bool interp_array_spec(const char *text, struct interp_array *a);
/* Allocates a's data: zeros, or with rng (xorshift state, updated) random
 * values, floats uniform in [-1, 1) and integers in [0, 16). */
void interp_array_fill(struct interp_array *a, uint64_t *rng);
/* Binds NAME=FILE.npy, NAME=DTYPE:SHAPE (zeros, or random with rng) or
 * NAME=VALUE (a scalar). */
int interp_bind_text(struct interp *in, const char *spec, uint64_t *rng);
/* Binds every unbound array argument interp_arg_guess knows to random values. */
int interp_bind_guessed(struct interp *in, uint64_t *rng);
/* Writes NAME=FILE.npy: array argument NAME after the run, or result N when
 * NAME is resultN. */
int interp_write_text(struct interp *in, const char *spec);

/* Copies a (its bytes) into memory at element address addr of its dtype
 * (core: which scratchpad). False after a diagnostic. */
bool interp_poke(struct interp *in, enum interp_space sp, uint32_t core, int64_t addr,
                 const struct interp_array *a);
/* Reads memory at addr into out, whose dtype and shape the caller set
 * (data is allocated here). */
bool interp_peek(struct interp *in, enum interp_space sp, uint32_t core, int64_t addr,
                 struct interp_array *out);
/* Reads back the current contents of array argument i (the bound array's
 * shape; for tensor arguments their value). */
bool interp_arg_array(struct interp *in, uint32_t i, struct interp_array *out);

/* Runs the function on every tile of its grid. False after a located
 * diagnostic (out-of-bounds access, capacity, unbound argument, ...). */
bool interp_run(struct interp *in);

/* After a run: number of results of the function and result r of tile 0. */
uint32_t interp_nresults(const struct interp *in);
bool interp_result_array(struct interp *in, uint32_t r, struct interp_array *out);

/* The grid the function runs on (1 for missing dims). */
void interp_grid(const struct interp *in, int64_t grid[3]);
/* Overrides the grid (e.g. from a golden file) before interp_run. */
void interp_set_grid(struct interp *in, const int64_t grid[3]);

/* Tensor elements the last run produced (all tiles, every op): the work
 * measure of benchmarks. */
uint64_t interp_elements(const struct interp *in);

/* Whether the function does floating-point arithmetic (else its results are
 * pure data movement and compare exactly). */
bool interp_has_float_math(const struct interp *in);

#endif
