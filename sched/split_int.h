/* split_int.h - internals shared by the files of ktc-split (split.h): the
 * pass context, the IR editing helpers it needs (value maps, deep clone,
 * use replacement, dead-code removal, an insertion-point builder) and its
 * phases: legality (split_legal.c), compute-group extraction
 * (split_extract.c), linalg conversion and fusion (split_linalg.c), tiling
 * and pipelines (split_pipeline.c).
 */
#ifndef SCHED_SPLIT_INT_H
#define SCHED_SPLIT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"
#include "sched/lin.h"

struct split_ctx {
    struct ir_module *m;
    const struct arch_device *dev;
    struct ir_diag *diag;
    bool failed;
    const char *compute;  /* the device's one compute unit kind ("SFU") */
    uint32_t compute_res; /* its first instance, for its SIMD lanes */
    const char *scratch;  /* the memory kind ct_local maps to ("L1"), or NULL */
    int64_t scratch_bytes; /* a core's scratchpad (one of scratch), 0 when unknown */
    uint32_t max_vregs;   /* a compute unit's vector registers (sched_split) */
    const struct sched_split_options *o;
};

/* Reports a located error at op (in the user's .mlir) and marks the pass
 * failed; returns false. */
bool split_error(struct split_ctx *c, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The inter-tile phase (split_ring.c): inter_tile_produce/reduce pairs
 * become ring shifts and combines, scf.if on the tile id a loop of 0 or 1
 * trips. A ring shift is an op of this name, made and consumed inside
 * ktc-split: one tensor operand and result, source_tiles = array<i64: ...>
 * the tile each tile receives the operand from. */
#define SPLIT_RING_SHIFT "ktdf.ring_shift"
bool split_ring(struct split_ctx *c);
/* The unit kind moving data between the ct_local memories of two cores
 * (a unit that reads and writes that memory and has a datapath to its own
 * kind: the ring stop), or ARCH_NONE; path-expand's ring_route finds the
 * same. *lat gets the latency memory -> unit -> unit -> memory, *ring the
 * unit-to-unit link (either may be NULL). */
uint32_t split_ring_unit(const struct split_ctx *c, uint32_t *lat, uint32_t *ring);
/* The spread phase (split_spread.c), first: a kernel of one tile whose
 * rows are wide enough is spread over cores of the device, its row
 * reductions all-reduced over the ring (split.h, "Spread"). */
bool split_spread(struct split_ctx *c);
bool split_is_ring_shift(const struct ir_module *m, ir_op op);
/* Evaluates index/i1 value v on (linear) tile t: constants, the tile id
 * (its coordinates on an N-D grid) and integer arithmetic and comparisons
 * over them (arith.cmpi, not arith.select). False when v depends on
 * anything else. */
bool split_eval_on_tile(const struct ir_module *m, ir_value v, int64_t t, int64_t *out);
/* As split_eval_on_tile, with values vals[0..n) (loop variables) taking
 * xs[0..n); the tile id of an N-D grid gives its coordinates. */
bool split_eval_bound(const struct ir_module *m, ir_value v, int64_t t, uint32_t n,
                      const ir_value *vals, const int64_t *xs, int64_t *out);
/* The layout phase (split_index.c, after the distributed views and the
 * indirect tiles): a transfer of a tile whose view's contiguous dim is not
 * its innermost (a column-major view) moves the tile in storage order (its
 * order swapping that dim and the last) and a linalg.generic transposes
 * it (split.h). */
bool split_layouts(struct split_ctx *c);
/* The unit attribute marking the access tiles split_layouts made. */
#define SPLIT_STORAGE_ORDER "storage_order"
/* The distributed-view phase (split_dist.c): access tiles on distributed
 * views become access tiles on plain views (split.h). */
bool split_dist(struct split_ctx *c);
/* The indirect-access phase (split_indirect.c): indirect access tiles of
 * the block form become index loads and direct access tiles (split.h). */
bool split_indirect(struct split_ctx *c);
/* The alignment in bytes that some unit's access to memory kind mem wants
 * (its word times a granule's alignment in words), at least 1. */
int64_t split_mem_align(const struct arch_device *d, const char *mem);
struct split_b;
/* How a dim of an indirect tile of the rows form is moved: as a direct
 * tile's; one element at a time (its variable also picks an index); by
 * the index read (one element at a time). */
enum { SPLIT_IND_DIRECT, SPLIT_IND_ONE, SPLIT_IND_INDIRECT };
/* An indirect tile of the rows form (split.h) as split_pipeline.c places
 * it: how[k] each dim moves, st[k] the base view's strides, page[k] the
 * rows of a page along a dim moved one element at a time (its subscript
 * `v mod P`, its indices reading `v floordiv P`: P rows from one cast), 0
 * for other dims, *off (elements, at b) what its dims moved directly
 * (SPLIT_IND_DIRECT) add at tile position 0.
 * False after a located error. */
bool split_indirect_place(struct split_ctx *c, struct split_b *b, ir_op op, uint8_t *how,
                          int64_t *st, int64_t *page, ir_value *off);
/* Where a transfer of an indirect tile of the rows form makes its cast:
 * at the top of the innermost of the loops loop[k] (indices into ivs)
 * along its dims moved one element at a time (how[k] not
 * SPLIT_IND_DIRECT), so that its index reads run once per such position
 * and the loops inside see one cast; b when there is none. *tmp holds the
 * builder returned when it is not b. */
struct split_b *split_indirect_at(struct ir_module *m, struct split_b *b, uint32_t rank,
                                  const uint8_t *how, const int32_t *loop, const ir_value *ivs,
                                  struct split_b *tmp);
/* What the dims of tile op not moved directly add to the element address
 * at tile position pos (index values; IR_NONE where the position is 0 or
 * moved directly; along a dim with paged[k], of pages of split_indirect_
 * place's page[k] rows, the page, whose first row is the position): a
 * memref.load of each index view at b times its stride, and each dim moved
 * a row at a time (SPLIT_IND_ONE) its subscript at the position's
 * variables (`tkv mod 64`) times its stride. paged may be NULL. */
ir_value split_indirect_offset(struct split_ctx *c, struct split_b *b, ir_op op,
                               const ir_value *pos, const bool *paged);

/* The mask of access tile op top, box [lo, lo + shape) (split.h, "Masked
 * tiles"; split_mask.c): dim the dim of its view's set bounded above by
 * S + c (S a dynamic size of the view, IR_NONE for a constant bound the
 * box passes at a place its subscripts' ranges allow), -1 when unmasked;
 * the box stays in the set while its place along dim is at most S + lim
 * - 1. When that place is iv + k0, iv the variable of scf.for loop, and
 * the loop's upper bound is (an arith.minsi of) S + u with u <= lim - k0,
 * the tile is unmasked; so too when iv and S are arguments of a program
 * every call of which passes such a loop's variable and its S. False
 * after an error, located when report. */
struct split_mask {
    int32_t dim;
    ir_value S;
    int64_t lim, k0;
    ir_op loop; /* IR_NONE when more than one loop's variable places it */
    ir_value at; /* the value placing it (its position is at + k0), or IR_NONE */
};
bool split_tile_mask(struct split_ctx *c, bool report, ir_op top, const int64_t *lo,
                     const int64_t *shape, struct split_mask *out);
/* The once phase (split_mask.c), first: an scf.for of constant bounds that
 * a tensor crosses and that runs once or not at all is replaced by its body
 * or by nothing (split.h, "Loops that run once"). */
bool split_once(struct split_ctx *c);
/* The peel phase (split_mask.c): loops whose masked tiles stay in the set
 * on their first iterations run those as a loop of their own, unmasked. */
bool split_peel(struct split_ctx *c);
/* Marks `unaliased` the stores of a kernel argument whose stores' tiles
 * map to addresses one to one, or write rows in ascending order
 * (split_mask.c): their old lanes are no address another store writes
 * before them. */
bool split_unaliased(struct split_ctx *c);

/* ---- value maps ------------------------------------------------------- */

/* old value → new value; unmapped values map to themselves. */
struct split_vmap {
    ir_value *to;
    uint32_t cap;
};

ir_value split_vmap_get(const struct split_vmap *vm, ir_value v);
void split_vmap_set(struct split_vmap *vm, ir_value from, ir_value to);
void split_vmap_free(struct split_vmap *vm);

/* ---- editing ---------------------------------------------------------- */

/* A detached deep copy of op (regions included) whose operands go through
 * vm; the copy's results and block arguments are recorded in vm. */
ir_op split_clone(struct ir_module *m, ir_op op, struct split_vmap *vm);
/* One iteration of scf.for loop's body, its ops but the yield cloned
 * through vm (the IV and block arguments mapped by the caller) before op
 * `before`; returns the body's yield. */
ir_op split_clone_body(struct ir_module *m, ir_op loop, struct split_vmap *vm, ir_op before);
/* The loop's first iteration cloned before it: its IV the lower bound, its
 * iter_args their initial values (mapped in vm); returns the yield, whose
 * operands through vm are the iteration's results. */
ir_op split_first_iteration(struct ir_module *m, ir_op loop, struct split_vmap *vm);
/* Loop (constant bounds) that runs once (run) or not at all replaced by its
 * first iteration or by nothing, its results by what that iteration yields
 * or by their initial values. */
void split_inline_once(struct ir_module *m, ir_op loop, bool run);
/* Replaces every use of from by to in root and the ops nested in it. */
void split_replace_uses(struct ir_module *m, ir_op root, ir_value from, ir_value to);
/* Every operand under root (itself included) that vm maps, replaced:
 * many replacements in one walk. */
void split_replace_mapped(struct ir_module *m, ir_op root, const struct split_vmap *vm);
/* Number of uses of every value in root (and nested ops), indexed by value
 * id; the array has room for every value that exists now. free() it. */
uint32_t *split_use_counts(struct ir_module *m, ir_op root);
/* Removes, innermost first, every op under root whose results are all
 * unused and that has no effect (split_removable). */
void split_dce(struct ir_module *m, ir_op root);
bool split_removable(const struct ir_module *m, ir_op op);
/* Whether op is anc or nested in it. */
bool split_inside(const struct ir_module *m, ir_op op, ir_op anc);
/* Whether an op of blk (or nested in one) uses v. */
bool split_block_uses(const struct ir_module *m, ir_block blk, ir_value v);
/* Whether op, or an op nested in it, reads v. */
bool split_op_reads(const struct ir_module *m, ir_op op, ir_value v);
/* Whether op is an scf.for a tensor crosses (a tensor result, or a tensor
 * its body reads from outside, or a scalar computed outside from one): it
 * belongs to a compute group (split.h). */
bool split_tensor_loop(const struct ir_module *m, ir_op op);
/* The (first) block of op's region i, IR_NONE when it has none. */
ir_block split_body(const struct ir_module *m, ir_op op, uint32_t region);
void split_set_name(struct ir_module *m, ir_value v, const char *name);
/* Attribute name of op when it is of kind kind, else NULL. */
const struct ir_attr_info *split_attr(const struct ir_module *m, ir_op op, const char *name,
                                      enum ir_attr_kind kind);
/* An integer-valued constant op's value (arith.constant of index/iN). */
bool split_const_int(const struct ir_module *m, ir_value v, int64_t *out);
/* Whether index values a and b are equal: the same value, or constants
 * alike. */
bool split_same_int(const struct ir_module *m, ir_value a, ir_value b);
/* Whether map (n dims, at most SPLIT_MAX_LOOPS) permutes its dims: result
 * i is dim perm[i], each dim once. */
bool split_permutation(const struct ir_module *m, uint32_t map, uint32_t n, uint32_t *perm);
/* Whether views (ktdp.construct_memory_view ops) a and b are in the same
 * memory: global memory (or none named), or one scratchpad (the tile's
 * own, or core ct_id's). */
bool split_same_memory(const struct ir_module *m, ir_op a, ir_op b);
/* Whether access tiles a and b may name some byte in common: true unless
 * both are tiles of memory views in different memories, of different
 * kernel arguments, or provably apart (split_legal.c). */
bool split_tiles_may_meet(const struct ir_module *m, ir_value a, ir_value b);

/* "f16", "f32", "bf16", "i32"...: the element type's name for arch_lanes. */
const char *split_type_name(const struct ir_module *m, ir_type t, char *buf, size_t n);

/* ---- building --------------------------------------------------------- */

/* Pure ops a builder made, reused for identical ones (a small CSE). Only
 * valid for builders inserting at one point, which every op made there
 * dominates. */
struct split_cse {
    ir_op *ops;
    uint32_t n, cap;
};

/* Where new ops go: before `before`, or at the end of `block` when before
 * is IR_NONE; every new op takes location loc. */
struct split_b {
    struct ir_module *m;
    ir_block block;
    ir_op before;
    struct ir_loc loc;
    struct split_cse *cse; /* NULL: no reuse */
};

void sb_at_end(struct split_b *b, struct ir_module *m, ir_block block, struct ir_loc loc);
void sb_before(struct split_b *b, struct ir_module *m, ir_op before, struct ir_loc loc);
/* Creates the op of st and inserts it at b; with b->cse, returns instead
 * an identical pure op made before at b, if any. */
ir_op sb_emit(struct split_b *b, const struct ir_op_state *st);
/* A new region with one empty block, added to st; returns the block. */
ir_block sb_region(struct ir_module *m, struct ir_op_state *st);
/* A ktdf.stage at b: depends_in(in) (none when IR_NONE) depends_out(out)
 * with an empty body, returned; applicable_units = units unless IR_NONE. */
ir_block sb_stage(struct split_b *b, ir_value in, ir_value out, ir_attr units);
ir_value sb_index(struct split_b *b, int64_t v);          /* arith.constant : index */
ir_value sb_arith(struct split_b *b, const char *name, ir_value x, ir_value y);
/* x + y and x * y on index values, folding constants and neutral terms. */
ir_value sb_addi(struct split_b *b, ir_value x, ir_value y);
ir_value sb_muli(struct split_b *b, ir_value x, int64_t k);
ir_value sb_tensor_empty(struct split_b *b, ir_type t);
/* operandSegmentSizes = array<i32: ...>. */
ir_attr split_segments(struct ir_module *m, uint32_t n, const int64_t *sizes);
ir_attr split_str_array(struct ir_module *m, uint32_t n, const char *const *s);
ir_type split_token_type(struct ir_module *m);
/* #ktdf.loop_type<type> (parallel_loop, reduction_loop, tile_loop, ...). */
ir_attr split_loop_type(struct ir_module *m, const char *type);
ir_type split_memref(struct ir_module *m, uint32_t rank, const int64_t *shape, ir_type elem,
                     ir_attr layout, ir_attr space);
/* The strides (elements) of memref type t: its strided layout's, or those
 * of its extents; false when one is dynamic. */
bool split_memref_strides(const struct ir_module *m, ir_type t, int64_t *st);

/* ---- affine helpers ----------------------------------------------------- */

/* Adds scale * e to sum coef[i] dims + scoef[j] syms + c0 when e is linear
 * (in its dims alone when scoef is NULL); false otherwise. */
bool split_aff_linear(const struct ir_module *m, ir_aff e, int64_t scale, int64_t *coef,
                      int64_t *scoef, int64_t *c0);
/* e with each dim i replaced by sub[i] (symbols kept). */
ir_aff split_aff_subst(struct ir_module *m, ir_aff e, const ir_aff *sub);
/* Sets used[i] for each dim i that e reads. */
void split_aff_dims(const struct ir_module *m, ir_aff e, bool *used);
/* The index value of e over vals[0..n) (its dims; n at most
 * SPLIT_AFF_MAX_DIMS) at b: index arithmetic when e is linear, else one
 * affine.apply of the values it reads, each once. */
#define SPLIT_AFF_MAX_DIMS 64
ir_value sb_aff_value(struct split_b *b, ir_aff e, uint32_t n, const ir_value *vals);

/* ---- linalg.generic ------------------------------------------------------ */

#define SPLIT_MAX_IN 32   /* inputs of one generic */
#define SPLIT_MAX_LOOPS 8 /* loops of one generic */

/* The vector registers a widened tile leaves for the values it computes;
 * its input pieces may take the rest of the unit's (sched_split). */
enum { SPLIT_COMPUTED_REGS = 8 };

/* A generic's structure: loops, inputs with their maps, the output. */
struct split_gen {
    uint32_t nloops;
    bool red[SPLIT_MAX_LOOPS]; /* a reduction loop */
    uint32_t nin;
    ir_value in[SPLIT_MAX_IN];
    uint32_t in_map[SPLIT_MAX_IN];
    ir_value out;
    uint32_t out_map;
    ir_type res;
};

/* Reads generic op into g; false when it has more than one output or too
 * many inputs or loops. */
bool split_gen_read(const struct ir_module *m, ir_op op, struct split_gen *g);
/* Loop extents of g from its operands' shapes into ext; false when one
 * is unknown. */
bool split_gen_extents(const struct ir_module *m, const struct split_gen *g, int64_t *ext);
/* Creates the generic of g at b with an empty body whose arguments are
 * the inputs' and the output's element types; *body gets the block. */
ir_op split_gen_create(struct split_b *b, const struct split_gen *g, ir_block *body);
/* Replaces generic op by one reading v (through affine map map) after its
 * inputs (its body's argument before the output's), its body moved there;
 * the uses of op's result are the caller's to move. */
ir_op split_gen_add_input(struct ir_module *m, ir_op op, ir_value v, uint32_t map);

/* The lanes a tile of generic gop fills: those of elem (its result's
 * element type; its name goes to tname), or fewer when its body computes
 * in a wider type (f16 data accumulated in f32: 32 lanes, not 64); 0 when
 * the compute unit has none for elem. */
int64_t split_gen_lanes(struct split_ctx *c, ir_op gop, ir_type elem, char *tname, size_t n);

/* linalg.index (split_lindex.c, split.h): whether generic gop's index
 * arithmetic (loop extents ext) is exact in i32 lanes, a located error at
 * the first op that may not be; and the chunk tg (a clone of a generic in
 * the pipeline pipe at tile loop variables ivs, loop_of[d] d's loop or -1,
 * tile sizes ts): its linalg.index d becomes ivs[loop_of[d]] + linalg.index
 * d (the origin alone when ts[d] = 1; as it is when d is not looped), and
 * each index it captures of unknown bounds that clamped to +-2^30 (made
 * at b, before pipe). */
bool split_index_fits(struct split_ctx *c, ir_op gop, const int64_t *ext);
/* Rewrites generic gop's comparisons of x + j with n (x and n captured,
 * signed or equality) as j against n - x, made before gop: index
 * arithmetic exact there, which split_index_fits then takes (Triton's
 * `cols < N`). */
void split_index_rebase(struct ir_module *m, ir_op gop);
/* Rewrites generic gop's unsigned comparisons of a lane's index L (a
 * linalg.index j, or x + j with x captured and never negative) with a
 * captured n as signed ones with n' = minui(n, INT64_MAX) (n, or INT64_MAX
 * where n < 0), made before gop: L is at least 0, so L <u n is L <s n'
 * (n negative is past every L unsigned, as INT64_MAX is signed), which
 * split_index_rebase and lane compares then take (layernorm_masked's
 * `cols <u N`). */
void split_index_unsigned(struct ir_module *m, ir_op gop);
/* Lane compares (split.h, "Iteration indices"): whether every index value
 * of generic gop's body is a linalg.index d (plus a captured x, before
 * split_index_rebase) read by signed or equality comparisons with a
 * captured index alone, d parallel and at most 2048 long, the result f16
 * or f32: the tiles then compare each lane's place along d, a float
 * constant, with the bound less the chunk's origin, clamped (exact), and
 * the body computes no index (its lanes are the data's). The comparison's
 * d (lane_rhs: its right operand is the lane's), or -1 for an op that is
 * no such comparison. */
/* Whether op makes or reads an index value (in a linalg body: i32 lanes). */
bool split_op_indexes(const struct ir_module *m, ir_op op);
enum { SPLIT_LANE_CMPS = 16 }; /* the comparisons a generic compares so, at most */
bool split_index_lane_compares(const struct ir_module *m, ir_op gop);
int64_t split_index_compare(const struct ir_module *m, ir_op gop, ir_op cmp, bool *lane_rhs);
void split_index_chunk(struct split_b *b, ir_op tg, ir_op pipe, const int32_t *loop_of,
                       const ir_value *ivs, const int64_t *ts);

/* ---- phases ------------------------------------------------------------- */

/* Whether op may appear in a computation (a linalg body, or elementwise on
 * tensors): float arithmetic, math, comparisons and selects, casts,
 * spyreop intrinsics. */
bool split_compute_op_ok(const struct ir_module *m, ir_op op);
/* Rejects, anywhere in the module, what no later stage handles yet. */
bool split_legal(struct split_ctx *c);
/* Cuts compute groups into programs and the orchestrator (split.h);
 * *progs gets the program functions (malloc'd), in numbering order. */
bool split_extract(struct split_ctx *c, ir_op **progs, uint32_t *nprogs);
/* Anywhere in the module: an index divui/remui by a constant K of q K + r,
 * r provably in [0, K) and q >= 0, becomes q / K (or r) (split_index.c). */
bool split_index(struct split_ctx *c);
/* [*lo, *hi] holds every value index v takes (constants, tile ids, scf.for
 * IVs of such bounds, an upper one possibly an arith.minsi of one, and
 * arithmetic on them, maxsi and minsi included); false when unknown. */
bool split_index_range(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi);
/* Every value index v takes is at least *lo (split_index_range's bounds,
 * or an IV's start where the loop's end is known only at launch, and
 * sums, non-negative multiples, mins and maxes of such); false when
 * unknown. */
bool split_index_lower(const struct ir_module *m, ir_value v, int64_t *lo);
/* Anywhere in the module: a linalg.reduce of every input dim into a
 * one-element init of rank k (tensor<1xf16> for a 1-D row, as ktir-cpu
 * reads it; the verifier lets it through) becomes a collapse_shape of the
 * init to rank 0, the reduce, and an expand_shape of its result back. */
bool split_reduce_inits(struct split_ctx *c);
/* Anywhere in the module: a float scalar an scf.for carries becomes a
 * tensor<1xT> it carries (splat in, element 0 read out; split.h). */
bool split_scalar_carries(struct split_ctx *c);
/* In program fn: tensor ops → linalg.generic, splats folded, fusion. */
bool split_linalg(struct split_ctx *c, ir_op fn);
/* In program fn: casts, scratchpad buffers, tile loops and pipelines. */
bool split_pipeline(struct split_ctx *c, ir_op fn);

#endif
