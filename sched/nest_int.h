/* nest_int.h - internals shared by the files of ktc-nest (nest.h): the pass
 * context, the helpers its transformations share (index values as linear
 * forms, loop building, the programs of a module) and the transformations,
 * one function each, in the order nest.c runs them. The IR editing helpers
 * (clone, use replacement, the builder) are ktc-split's (split_int.h).
 */
#ifndef SCHED_NEST_INT_H
#define SCHED_NEST_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"
#include "sched/nest.h"
#include "sched/lin.h"
#include "sched/nest_cost.h"
#include "sched/oplist.h"
#include "sched/split_int.h"

/* A kernel argument's nominal value: the one that makes a trip count
 * tile-size selection priced at its nominal count (no --assume, no bound)
 * that count (nest_note_nominal). */
struct nest_nominal {
    char name[32];
    int64_t value;
};
enum { NEST_NOMINALS = 8 };

struct nest_ctx {
    struct ir_module *m;
    const struct arch_device *dev;
    const struct sched_nest_options *o;
    struct ir_diag *diag;
    bool failed;
    ir_op *progs; /* the program functions (func.func with a pipeline) */
    uint32_t nprogs;
    /* buffer phases chosen per tile loop (tile-size-selection) */
    struct {
        ir_op loop;
        uint32_t phases;
        uint32_t instances; /* corelets the point loop is split across */
        bool phases_given;  /* --tile-sizes fixed the phases (row-phases adds none) */
        int64_t points; /* the point loop's trips as the model priced them: a
                           bound, or what --assume makes them (0: none) */
        int64_t bound;  /* the bound on them the IR relies on (coarsening's
                           views; = points unless assumed) */
        ir_value total; /* a dynamic trip count's value, or IR_NONE */
        bool at_bound;  /* it depends on kernel arguments and was priced at
                           the bound (no --assume reached it) */
        int64_t tile;   /* the tile size chosen */
        ir_op rest;     /* a dynamic trip count's remainder loop, or IR_NONE */
        ir_op piece[8]; /* remainder-pieces' loop of bit b of the remainder, or IR_NONE */
        double solo;    /* modeled cycles on one core alone, once (< 0: none) */
        double steady;  /* the same without the first tile's latencies */
        struct nest_cost_program p;     /* what the model took of it (one core) */
        uint32_t cores, runs;           /* and the cores and runs it has */
        struct nest_cost_xfer xfers[16]; /* p's transfers */
    } chosen[64];
    uint32_t nchosen;
    /* double buffering: the bytes the copies of the tile loops not yet
     * phased will take (nest_double_buffer) */
    int64_t pending_scratch;
    uint32_t assume_used; /* bit i: the cost model priced a trip count with o->assume[i] */
    struct nest_nominal nominal[NEST_NOMINALS]; /* arguments priced at a nominal count */
    uint32_t nnominal;
    /* loops reduction-producer fused (and overlap-rows' copies of them):
     * priced, as point loops, as fuse-pipelines will leave them (one
     * pipeline a point; reduction-producer took them so) */
    ir_op fused[16];
    uint32_t nfused;
    /* device-memory bytes a tile id's program is priced as reading less
     * than its IR does (resident-rows pricing a rewrite before making it;
     * 0 otherwise) */
    double less_in;
    const bool *overlapped; /* per program: overlap-rows took its row loop */
    bool *at_start;         /* per program: its scratchpad buffers allocated at its start
                               when they fit (overlap-rows, balance-rows) */
    /* fuse-points' joins: the first pass of each ktdf.parallel it merged
     * into the one before (nest_split_points undoes those fuse-pipelines
     * left apart) */
    ir_op joins[256];
    uint32_t njoins;
};

/* Notes loop in c->fused (nothing when full); whether loop is there. */
void nest_note_fused(struct nest_ctx *c, ir_op loop);
bool nest_is_fused(const struct nest_ctx *c, ir_op loop);

/* Reports a located error at op and marks the pass failed; returns false. */
bool nest_error(struct nest_ctx *c, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- index values as linear forms -------------------------------------- */

/* Whether v is the IV of a loop of one iteration, 0 to 1 step 1 (0). */
bool nest_unit_iv(const struct ir_module *m, ir_value v);
/* The constant a - b, when the difference of their linear forms is one
 * (the IVs of loops of one iteration taken as 0). */
bool nest_const_diff(const struct ir_module *m, ir_value a, ir_value b, int64_t *out);

/* ---- launch-time values (nest_assume.c) --------------------------------- */

/* v for tile id `tile`: constants, the tile id and integer arithmetic of
 * those (compares and selects too), through the parameters of a program
 * called once to the caller's values, the variable of an scf.for these
 * values make run once (its lower bound: a row's masked block, the
 * pieces of whose last vector count their trips from it), and with o
 * (NULL: none) the kernel arguments o->assume names, each one it takes
 * setting bit i of *used (used may be NULL); false when v depends on
 * anything else. */
bool nest_eval_at(const struct ir_module *m, const struct sched_nest_options *o, ir_value v,
                  int64_t tile, uint32_t *used, int64_t *out);
/* The tile ids of fn's grid (1 when it has none; 0 when more than 4096,
 * or one not a positive constant). */
int64_t nest_grid_tiles(const struct ir_module *m, ir_op fn);
/* The smallest v over the tile ids of fn's grid, with no assumption
 * (nest_eval_at): what every launch gives; false when one does not
 * evaluate. */
bool nest_eval_least(const struct ir_module *m, ir_op fn, ir_value v, int64_t *out);
/* The largest v over the tile ids of fn's grid, with c's assumptions
 * (nest_eval_at); false when one does not evaluate. */
bool nest_eval_most(const struct nest_ctx *c, ir_op fn, ir_value v, uint32_t *used,
                    int64_t *out);
/* The kernel arguments v depends on, as "N, stride" (at most cap bytes). */
void nest_launch_names(const struct ir_module *m, ir_value v, char *buf, size_t cap);
/* v, a trip count of fn tile-size selection priced at `points` (a nominal
 * count: no --assume, no bound), depends on one kernel argument: notes in
 * c->nominal the largest value of it that makes v `points` on the slowest
 * tile id (nothing when none does, or it is noted already). */
void nest_note_nominal(struct nest_ctx *c, ir_op fn, ir_value v, int64_t points);
/* The kernels of m (functions with a body nothing calls), into out. */
void nest_kernels(struct ir_module *m, struct sched_ops *out);
/* Every --assume names an index or i32 argument of a kernel of c->m (a
 * function nothing calls) whose type holds the value, once; else a located
 * error at the kernel. */
bool nest_assume_check(struct nest_ctx *c);
/* --stats: each assumption, and whether the cost model used it. */
void nest_assume_stats(const struct nest_ctx *c);

/* ---- structure ------------------------------------------------------------ */

/* Whether op is (or holds, outside pipelines) a ktdf.pipeline. */
bool nest_has_pipeline(const struct ir_module *m, ir_op op);
/* Whether op holds an scf.for that holds a pipeline. */
bool nest_has_loop_nest(const struct ir_module *m, ir_op op);
/* Whether every operand of op is defined outside loop. */
bool nest_invariant(const struct ir_module *m, ir_op op, ir_op loop);
/* Whether op is a pass of a point loop's body: a ktdf.pipeline, or an
 * inner scf.for (of them). */
bool nest_is_pass(const struct ir_module *m, ir_op op);
/* The func.func defining symbol name in m, IR_NONE when none. */
ir_op nest_func_named(const struct ir_module *m, const char *name);
/* Recomputes c->progs: every func.func of m holding a pipeline. */
void nest_find_programs(struct nest_ctx *c);

/* Whether op is pure and holds no region, not a terminator: index
 * arithmetic, constants, views, tensor.empty. */
bool nest_plain(const struct ir_module *m, ir_op op);
/* Whether row is a row loop of fn (overlap-rows, row-jam): an scf.for in
 * loops only, of no loop type and no results, counting 0 to a constant
 * *n >= 2 by 1. */
bool nest_row_loop_of(const struct ir_module *m, ir_op fn, ir_op row, int64_t *n);
/* The body of loop row split into its index arithmetic (plain ops, in
 * order) and its passes (work: loops of no results holding pipelines, and
 * pipelines); false when it holds anything else (overlap-rows, row-jam). */
bool nest_row_body(const struct ir_module *m, ir_op row, struct sched_ops *plain,
                   struct sched_ops *work);
/* The scf.for's parts: its IV, body, and bounds as constants when they are. */
ir_value nest_for_iv(const struct ir_module *m, ir_op loop);
ir_block nest_for_body(const struct ir_module *m, ir_op loop);
bool nest_for_normal(const struct ir_module *m, ir_op loop, int64_t *trips);
/* Whether normalized loop runs at most once: a constant trip count up to 1,
 * or one of remainder-pieces' digits ((x mod r) / k, r <= 2k). */
bool nest_for_at_most_once(const struct ir_module *m, ir_op loop);
/* An op `name` with no operands and one result of type t inserted at b
 * (memref.alloc gets its empty operand segments); returns the result. */
ir_value nest_make_op(struct split_b *b, const char *name, ir_type t);
/* scf.for %iv = lb to ub step step { yield } {loop_type = #ktdf.loop_type<type>}
 * (type NULL: no attribute) inserted at b; returns the loop, *yield its
 * terminator. */
ir_op nest_make_for(struct split_b *b, ir_value lb, ir_value ub, ir_value step, const char *type,
                    const char *iv_name, ir_op *yield);
/* An inner loop of a point loop: normalized, a constant trip count, parallel
 * (or untyped), its body pure ops, pipelines and inner loops again, at
 * least one pipeline under it. */
bool nest_inner_loop(const struct ir_module *m, ir_op loop, int64_t *trips);
/* Whether loop's body is pure ops, pipelines and inner loops; *pipes is set
 * when it has a pipeline or an inner loop. */
bool nest_loop_body_ok(const struct ir_module *m, ir_op loop, bool *pipes);
/* The loop's loop_type (the body of #ktdf.loop_type<...>), or NULL. */
const char *nest_loop_type(const struct ir_module *m, ir_op loop);
/* Replaces uses of from by to in the ops of blk from op `first` on. */
void nest_replace_from(struct ir_module *m, ir_op first, ir_value from, ir_value to);
/* Folds index arithmetic with constant operands (and derive_size whose
 * tile divides its total) in fn into constants. */
void nest_fold(struct ir_module *m, ir_op fn);
/* Bytes of a static memref type (0 when dynamic). */
int64_t nest_memref_bytes(const struct ir_module *m, ir_type t);
/* The memory-space name of a memref type ("L1", "DDR"), or NULL. */
const char *nest_memref_space(const struct ir_module *m, ir_type t);

/* Whether a transfer inside loop writes scratchpad buffer buf at
 * subscripts none of which is computed from loop's IV (the same place at
 * every point: the corelets split gives each instance a copy of such a
 * buffer). */
bool nest_writes_same_place(struct ir_module *m, ir_op loop, ir_value buf);

/* ---- transfers ------------------------------------------------------------ */

#define NEST_MAX_RANK 8

/* A subscript: the value v, or the constant c when v is IR_NONE. */
struct nest_sub {
    ir_value v;
    int64_t c;
};

/* One side of a ktdf.data_transfer with static sizes. */
struct nest_side {
    ir_value v;
    bool fifo;       /* a FIFO slot: no subscripts */
    uint32_t nsub, nsize;
    struct nest_sub sub[NEST_MAX_RANK];
    int64_t size[NEST_MAX_RANK];
};

/* Reads side k (0 source, 1 destination) of transfer op; false when a
 * subscript is not a constant or an operand, or a size is dynamic. */
bool nest_read_side(const struct ir_module *m, ir_op op, int k, struct nest_side *out);
/* nest_read_side, but a subscript that is an affine expression of the
 * side's dims (no symbols) is read too: exprs[i] is that expression (its
 * dims the side's subscript operands; out->sub[i] left empty), IR_NONE
 * for the others. */
bool nest_read_side_exprs(const struct ir_module *m, ir_op op, int k, struct nest_side *out,
                          ir_aff *exprs);
/* A data_transfer from src to dst at b, with the attributes of like (other
 * than its sides), if any. */
ir_op nest_make_transfer(struct split_b *b, const struct nest_side *src,
                         const struct nest_side *dst, ir_op like);
/* Whether a and b name the same elements: same buffer, same subscripts
 * (the same SSA values, or the same constants), same sizes. */
bool nest_same_side(const struct nest_side *a, const struct nest_side *b);
/* nest_same_side, subscripts compared as linear forms (two values of the
 * same index arithmetic, made apart, are the same subscript; the IV of a
 * loop of one iteration, 0 to 1 step 1, is 0: two pipelines each build
 * their own, a level of one output's [%c, 0] stored, the last fold's
 * [%c0, 0] loaded; a chunk's (%k * 4 + 1) * 64 in a loop of one trip is
 * 64). */
bool nest_same_side_lin(const struct ir_module *m, const struct nest_side *a,
                        const struct nest_side *b);
/* The fifo allocations of pipeline pipe's private whose slots are not all
 * used any more keep the used ones (a stage must use all of an
 * allocation's slots, in order); one with none used goes. */
void nest_shrink_allocs(struct ir_module *m, ir_op pipe);
/* word-spans, as the cost model prices it: when coarsening moves DDR
 * transfer op (under point loop pl, in inner loops of constant trips) as
 * one run a tile (its windows overlap, or a masked store's part words
 * touch), the bytes that run takes per point and once per tile. */
bool nest_span_bytes(struct ir_module *m, ir_op op, ir_op pl, int64_t *per_point,
                     int64_t *per_tile);
/* Whether a ktdf.data_transfer at or under root has its side `side` (0
 * source, 1 destination) on buffer v, or one nest_read_side cannot read
 * (taken to: conservative). */
bool nest_touches(struct ir_module *m, ir_op root, ir_value v, int side);
/* Whether scratchpad buffer v (a memref.alloc) is only ever written under
 * root: every op using it a transfer into it (its loads all forwarded or
 * gone, its stores dead). */
bool nest_write_only(struct ir_module *m, ir_op root, ir_value v);
/* Whether stages a[i] and b[i], i < n, run on the same units
 * (applicable_units), pair by pair. */
bool nest_same_units(const struct ir_module *m, const ir_op *a, const ir_op *b, uint32_t n);
/* nest_touches, transfer `except` aside. */
bool nest_touches_but(struct ir_module *m, ir_op root, ir_value v, int side, ir_op except);
/* The slot `slot` (a result of a pipeline's private) gets a fifo
 * allocation of its own when it shares one: used once before a loop, it
 * would break the order in which the loop uses the others. */
void nest_own_alloc(struct ir_module *m, ir_value slot);
/* Private pb (of a pipeline being merged into pipeline a) joins a's
 * private pa: one private with both's results, pa's first (pa IR_NONE:
 * pb moves into a). */
void nest_merge_private(struct ir_module *m, ir_op a, ir_op pa, ir_op pb);
/* The (last) ktdf.private directly in pipeline pipe, or IR_NONE. */
ir_op nest_pipe_private(const struct ir_module *m, ir_op pipe);
/* Whether every op under root using buf is a transfer that can take a
 * prefix (static sizes, subscripts that are operands or constants, room
 * for one more). */
bool nest_prefixable(struct ir_module *m, ir_op root, ir_value buf);
/* Every transfer under root with a side on buffer from gets that side on
 * to, with subscript sub and size 1 in front (nest_prefixable first). */
void nest_prefix_buffer(struct ir_module *m, ir_op root, ir_value from, ir_value to,
                        struct nest_sub sub);
/* Subscript sub as a linear form (a constant's: its value). */
void nest_sub_lin(const struct ir_module *m, struct nest_sub sub, struct sched_lin *l);
/* The ops under root (itself included) with operand v, and the last of
 * them in *last when last is not NULL (nest_broadcast.c). */
uint32_t nest_users_under(struct ir_module *m, ir_op root, ir_value v, ir_op *last);
/* Whether op lies (at any depth) inside the body of anc. */
bool nest_op_inside(const struct ir_module *m, ir_op op, ir_op anc);
/* Whether value v is defined inside anc: by an op of its regions, or a
 * block argument of one (nest_broadcast.c). */
bool nest_value_inside(const struct ir_module *m, ir_value v, ir_op anc);
/* The value a device-memory view is made from (through views and casts):
 * the kernel argument or address behind it. */
ir_value nest_view_root(const struct ir_module *m, ir_value v);
/* Whether a transfer under root may write device memory made from base
 * (nest_view_root): any device-memory operand of that base other than a
 * readable source side counts, so a side that cannot be read is a write. */
bool nest_writes_ddr(struct ir_module *m, ir_op root, ir_value base);
/* Whether buffers a and b are the same memory: the same value, or casts
 * (memory_space_cast, cast) alike of ktdp.construct_memory_view ops alike
 * (operands equal as linear forms, the same attributes and type): two
 * views of one base, as ktc-split may leave them. */
bool nest_same_memory(const struct ir_module *m, ir_value a, ir_value b);
/* Memory side of a transfer in the device memory (a memref in "DDR"). */
bool nest_is_ddr(const struct ir_module *m, ir_value v);
/* The unit kind of stage `stage`, the one name of its applicable_units;
 * ARCH_NONE when it names none or several, or a kind dev lacks. */
uint32_t nest_stage_kind(const struct arch_device *dev, const struct ir_module *m, ir_op stage);
/* The least read of device memory the unit of stage `stage` makes
 * (arch_access_least; *align, unless NULL, its alignment), 0 when it
 * names no one unit or the unit gives none. */
int64_t nest_stage_dma_least(const struct arch_device *dev, const struct ir_module *m, ir_op stage,
                             int64_t *align);
/* Stage `stage` made to wait on no token (the stage before it gone): a
 * new stage with its region, output token and units in its place. */
void nest_stage_starts(struct ir_module *m, ir_op stage);
/* Drops the results of pipe's ktdf.private that nothing uses any more
 * (nest_coarsen.c). */
void nest_prune_private(struct ir_module *m, ir_op pipe);
/* The type t with extent n in front. */
ir_type nest_memref_prefixed(struct ir_module *m, ir_type t, int64_t n);
/* The scratchpad buffers allocated under root (every memref.alloc outside
 * device memory): their bytes, how many, and the memory (the last one's). */
struct nest_scratch {
    int64_t bytes;
    uint32_t allocs;
    const char *space;
};
struct nest_scratch nest_scratch_of(struct ir_module *m, ir_op root);
/* Copies of a buffer by a row loop's runs (nest_buffer.c): the most (as
 * many as half the scratchpad holds beside the program's other buffers,
 * nest_copies_room; at least 2), and the most bytes a copy may have (a
 * word or a row chunk, not a tile). */
enum { NEST_ROW_COPIES = 4, NEST_ROW_COPY_BYTES = 4096 };
/* The loop R around op whose runs copies of a buffer op uses once a run
 * can count: the nearest scf.for around it, through loops of at most one
 * trip (nest_for_at_most_once, or a count whose upper bound is 1,
 * sched_value_upper: *through then true: a row's masked block, a tile
 * loop's remainder), when it runs a number of times its tile id alone
 * sets (a constant, or fold-grid's loop over the tiles a core hosts: 31
 * or 30 of 977), at least twice on every tile id; IR_NONE when not (or
 * past a pipeline, stage, ktdf.parallel or loop with results). */
ir_op nest_row_loop(const struct ir_module *m, ir_op op, bool *through);
/* Whether buffer buf can take copies (nest_copies_by_runs): its uses
 * under root take a prefix (nest_prefixable), at most NEST_ROW_COPY_BYTES. */
bool nest_copyable(struct ir_module *m, ir_op root, ir_value buf);
/* How many copies of bufs (one now) function fn's scratchpad takes in
 * half of it beside its other buffers, at most NEST_ROW_COPIES. */
uint32_t nest_copies_room(struct nest_ctx *c, ir_op fn, const ir_value *bufs, uint32_t n);
/* The same for a pass that runs before the tiles' buffers are made
 * (broadcast): copies whose bytes past the one there is stay within
 * 1/256 of buf's memory, at most NEST_ROW_COPIES. */
uint32_t nest_copies_small(struct nest_ctx *c, ir_value buf);
/* Buffer buf (nest_copyable under root) in k copies by R's runs: a new
 * buffer allocated before R with extent k in front, which its transfers
 * under root read at copy *ph, a ktdf.buffer_phase of R's IV (k phases)
 * made before `at` when *ph is IR_NONE. The new buffer (buf's name); buf is
 * left unused under root. */
ir_value nest_copies_by_runs(struct ir_module *m, ir_op R, ir_op at, ir_op root, ir_value buf,
                             uint32_t k, ir_value *ph);

/* ---- what transfers touch (overlap-rows, row-jam) ------------------------ */

/* A set of device-memory bases (nest_view_root). */
struct nest_bases {
    ir_value *v;
    uint32_t n, cap;
};
/* What the transfers under some ops touch: the program's scratchpad
 * buffers (their memref.alloc ops) read and written, and device memory by
 * base; unknown when a side is neither (an alias it cannot follow). A
 * pipeline's private buffers are left out: no other pipeline sees them. */
struct nest_foot {
    struct sched_ops rd, wr;
    struct nest_bases ddr_rd, ddr_wr;
    bool unknown;
};
/* Adds what the transfers under ops[0..n) touch to f. */
void nest_foot_of(struct ir_module *m, const ir_op *ops, uint32_t n, struct nest_foot *f);
void nest_foot_free(struct nest_foot *f);
/* Whether l holds op; whether a and b share an op; a base. */
bool nest_ops_has(const struct sched_ops *l, ir_op op);
bool nest_ops_meet(const struct sched_ops *a, const struct sched_ops *b);
bool nest_bases_meet(const struct nest_bases *a, const struct nest_bases *b);
/* Whether x and y may run in either order: neither writes what the other
 * touches (scratchpad buffers, device memory by base). */
bool nest_independent(struct ir_module *m, ir_op x, ir_op y);

/* ---- the transformations (nest.h) ---------------------------------------- */

bool nest_sink(struct nest_ctx *c);
/* fold-grid (nest_sink.c, nest.h), before sink. */
bool nest_fold_grid(struct nest_ctx *c);
/* nest_reduce.c: a reduction wider than the lanes -> reduction loops. */
bool nest_reductions(struct nest_ctx *c, ir_op fn);
bool nest_normalize(struct nest_ctx *c, ir_op fn);
/* nest_overlap.c: a row loop of nests -> the next row's first pass run
 * with this row's second (after normalize, before tiling); true when it
 * rewrote one. */
bool nest_overlap_rows(struct nest_ctx *c, ir_op fn);
/* nest_overlap.c, after every transformation, in a program overlap-rows
 * rewrote: its scratchpad buffers allocated at its start when they all fit
 * there together (no bytes shared between its nests). */
void nest_overlap_allocs(struct nest_ctx *c, ir_op fn);
/* nest_jam.c: a row loop of nests -> K rows a run, pass by pass, the
 * loops of a pass fused (after overlap-rows, before tiling); true when it
 * rewrote one (*rows: the most rows a run it takes, its trips or fewer).
 * K: the options' jam_rows (0: NEST_JAM_ROWS), at most *rows; the driver
 * prices runs of NEST_JAM_ROWS, twice as many, .. up to NEST_JAM_ROWS_MAX
 * (sched_nest). */
enum { NEST_JAM_ROWS = 4, NEST_JAM_ROWS_MAX = 8 };
bool nest_row_jam(struct nest_ctx *c, ir_op fn, int64_t *rows);
/* row-corelets (nest.h, nest_jam.c): places jammed row r's pipelines on
 * corelet r mod C; whether it placed any. */
bool nest_row_corelets(struct nest_ctx *c, ir_op fn);
/* Whether pipelines a and b are of jammed rows that row-corelets would
 * place on different corelets (it is on, the device's cores have several;
 * not asking whether the program's ktdf.parallels let it): a
 * transformation joining pipelines leaves them apart, each row's work on
 * its own corelet. */
bool nest_rows_apart(const struct nest_ctx *c, ir_op a, ir_op b);
/* Whether row-corelets will place fn's jammed rows on corelets (it is on,
 * the device has several a core, every ktdf.parallel of fn runs on all of
 * them, and fn has pipelines of jammed rows): the cost model then prices
 * the rows' work on their corelets side by side. */
bool nest_row_corelets_on(const struct nest_ctx *c, ir_op fn);
/* The corelet (jam_row mod C) the pipelines of jammed rows under op (op
 * included) run on when row-corelets places them: one k in [0, C), C when
 * they are of several, -1 when there are none. */
int64_t nest_row_class(const struct nest_ctx *c, ir_op op);
/* Gives pipeline to the jammed row (`jam_row`) of pipeline from, if it has
 * one: a pipeline a transformation makes of another's work. */
void nest_copy_jam_row(struct ir_module *m, ir_op to, ir_op from);
bool nest_tiling(struct nest_ctx *c, ir_op fn);
/* Whether tiling takes loop as a point loop (nest_tile.c): a row loop
 * whose row fits the scratchpad and whose passes it can run as one. */
bool nest_is_point_loop(const struct nest_ctx *c, ir_op loop);
/* nest_coarsen.c: removes stage s from its pipeline; the stages waiting for
 * its token wait for what it waited for instead. */
void nest_remove_stage(struct ir_module *m, ir_op s);
/* The same inside fn's remainder loops only (tile-size selection's, the
 * point loop as it was): their inner loops become nests of their own.
 * Returns whether it tiled one. */
bool nest_tiling_remainders(struct nest_ctx *c, ir_op fn);
/* Whether the point of the nest of loop (its staging double-buffered,
 * beside the program's scratchpad buffers) fits the scratchpad: tiling
 * takes the outermost such loop as the point loop (nest_tile.c). */
bool nest_point_fits(const struct ir_module *m, ir_op loop, const struct arch_device *dev);
/* The cost model's best cycles for loop (normalized, untiled) as a point
 * loop run alone, as tiling weighs it (nest_tile.c); INFINITY when nothing
 * fits. merged: its point measured as fuse-pipelines will leave it (one
 * pipeline; a load of what the point stored or loaded before, loaded
 * alike, taking that value). */
double nest_modeled_alone(struct ir_module *m, ir_op loop, const struct arch_device *dev,
                          uint64_t disabled, bool merged);
/* Every reserve_size of the module, program order (one --tile-sizes list). */
bool nest_tile_sizes(struct nest_ctx *c);
/* --stats, after every transformation: fn's modeled cycles as a whole
 * (nest_cost_program_cycles) when every loop around its transfers and
 * tiled nests has a constant trip count. */
void nest_program_stats(struct nest_ctx *c, ir_op fn);
/* fn's modeled cycles when it is one nest, run once, whose pipelines
 * register-carry or fuse-pipelines merged after its tile was chosen, or
 * whose loads register-carry cut (re-predicted from its point loop as they
 * left it); < 0 otherwise. */
double nest_program_merged(struct nest_ctx *c, ir_op fn);
/* fn's modeled cycles as --stats' "program modeled" line gives them
 * (nest_program_stats), or < 0 when it has none. */
double nest_program_modeled(struct nest_ctx *c, ir_op fn);
bool nest_coarsen(struct nest_ctx *c, ir_op fn);
bool nest_double_buffer(struct nest_ctx *c, ir_op fn);
/* nest_parallel.c: a corelet-level compute stage's point loop -> ktdf.parallel
 * over the device's corelets, in every program (c->progs) at once: a unit
 * kind's stages are all split over the same instances or none is. */
bool nest_corelets(struct nest_ctx *c);
/* The lane-transfers transformation (nest.h), after every other. */
bool nest_lane_transfers(struct nest_ctx *c, ir_op fn);
/* The store-blocks transformation (nest.h, nest_parallel.c), run last. */
bool nest_store_blocks(struct nest_ctx *c, ir_op fn);
/* resident-rows (nest_resident.c). */
bool nest_resident(struct nest_ctx *c, ir_op fn);
bool nest_shared_words(struct nest_ctx *c, ir_op fn);
/* invariant-sends (nest_sends.c, nest.h), after store-blocks. */
void nest_invariant_sends(struct nest_ctx *c, ir_op fn);
/* The private and the three stages of pipe (nest_fuse.c); false when it
 * has another shape (or is double buffered). */
bool nest_pipe_parts(const struct ir_module *m, ir_op pipe, ir_op *priv, ir_op st[3]);
/* The combiner of a reduction generic's body (nest_reduce.c): its last op
 * before the yield, `op(out, p)` or `op(p, out)` with p the input argument
 * or computed from it alone by the ops before (a fused elementwise
 * producer, applied to every element before the tree); *comb gets that
 * op. Its name when a one-op commutative float combiner, else NULL. */
const char *nest_reduce_combiner(const struct ir_module *m, ir_op gen, ir_op *comb);
/* A normalized loop of one trip (no results) replaced by its body, the IV
 * 0 (nest_fuse.c). */
void nest_unwrap_loop(struct ir_module *m, ir_op loop);
/* register-folds (nest_folds.c, nest.h), after fuse-points. */
bool nest_register_folds(struct nest_ctx *c, ir_op fn);
/* peel-carries (nest_peel.c, nest.h), run last. */
void nest_peel_carries(struct nest_ctx *c, ir_op fn);
/* nest_whole.c: 1 when every stage under op (those holding pipelines
 * aside) is of corelet-level units, 2 when every one is of other units
 * (core level: the ring), 0 else. */
int nest_whole_level(const struct ir_module *m, const struct arch_device *dev, ir_op op);
/* nest_whole.c: each point loop of compute stage `stage` (program fn)
 * whose body holds pipelines of core-level units among corelet-level ones
 * -> one loop per run of either, buffers passed between them expanded by
 * the point; true when one was split. */
bool nest_whole_split(struct nest_ctx *c, ir_op fn, ir_op stage);
/* nest_splat.c: a scalar splatted in a loop -> splatted once before it
 * into a scratchpad vector the loop reads (runs after corelets). */
bool nest_splat_hoist(struct nest_ctx *c, ir_op fn);
/* nest_carry.c: a vector a loop carries through the scratchpad -> one
 * pipeline whose compute stage carries it in registers (runs last). */
bool nest_carry(struct nest_ctx *c, ir_op fn);
/* corelet-blocks' and corelets' interchange: a kernel's loop `outer` (over
 * a row's blocks; or a point loop over a tile's blocks) whose body is
 * parallel loops (over a block's vectors; one per row when row-jam put
 * rows side by side), each iteration a round trip of an accumulator of its
 * own (a blocked softmax's running max, vector by vector), swapped with
 * each as carry-interchange swaps it: one copy of `outer` per parallel
 * loop, that loop outside and the block loop in it, in their order (no
 * copy touches another's accumulators, and each writes no other
 * scratchpad: the order between them does not matter). Tried on copies,
 * kept when register-carry takes every block loop then; fills out[] with
 * the parallel loops and returns how many (at most max), or 0 (nothing
 * changed). */
uint32_t nest_carry_swap_out(struct nest_ctx *c, ir_op outer, ir_op *out, uint32_t max);
/* nest_forward.c: a tile's compute stage only copying scratchpad elements
 * into the staging buffer of its store DMA -> the DMA stores them from
 * where they are (runs last). */
void nest_forward_copies(struct nest_ctx *c, ir_op fn);
/* late-prologue (nest.h; nest_prologue.c). */
void nest_late_prologue(struct nest_ctx *c, ir_op fn);
/* early-splats (nest.h; nest_early.c); whether it moved any. */
bool nest_early_splats(struct nest_ctx *c, ir_op fn);
/* reuse-results (nest.h, nest_reuse.c), after the model priced fn. */
void nest_reuse_results(struct nest_ctx *c, ir_op fn);
/* nest_fuse.c: a loop of one iteration around one pipeline -> its body
 * (before fuse-pipelines). */
bool nest_unit_loops(struct nest_ctx *c, ir_op fn);
/* The one pipeline of scf.for loop's body (besides plain ops), or IR_NONE. */
ir_op nest_stream_pipeline(struct ir_module *m, ir_op loop);
/* scf.for loop around its one three-stage pipeline (loads, compute with no
 * transfer, stores; nothing an iteration stores loaded by another) ->
 * that pipeline before it, each stage's ops in a copy of the loop (the
 * loads stream ahead of the compute); the loop goes. False (nothing
 * changed) when the loop is not of that shape (nest_carry.c). */
bool nest_stream_loop(struct ir_module *m, ir_op loop);
/* nest_stream_loop, also taking a pipeline of no load stage (a compute
 * stage of constants, stores) and loads of the very elements the same
 * iteration stores, moving with the IV by at least their size (a
 * per-vector accumulator read and written back): stream-loops. */
bool nest_stream_loop_more(struct ir_module *m, ir_op loop);
/* Whether block b holds transfers, index arithmetic and loops of them
 * only (a load or store stage's body). */
bool nest_transfers_only(const struct ir_module *m, ir_block b);
/* The pipeline of scf.for loop's nest: its one pipeline, or that of the
 * one loop its body holds besides plain ops (a row's blocks, then each
 * block's vectors); IR_NONE when none. */
ir_op nest_stream_nest_pipeline(struct ir_module *m, ir_op loop);
/* nest_stream_loop at every level of loop's nest, innermost first: the
 * pipeline of nest_stream_nest_pipeline with the whole nest in each stage.
 * False (nothing changed) when that pipeline is not streamable. */
bool nest_stream_nest(struct ir_module *m, ir_op loop);
/* nest_stream.c: a parallel_loop of one pipeline in a compute stage ->
 * the pipeline streaming the loop (runs after fuse-pipelines). */
bool nest_stream(struct nest_ctx *c, ir_op fn);
/* nest_parallel.c: the corelet instances tile-size-selection chose for
 * tile loop tl; 1 for one it did not size in this run. */
int64_t nest_tile_instances(const struct nest_ctx *c, ir_op tl);
/* The one scf.for of loop's body (beside values), when it is a
 * parallel_loop; else IR_NONE. */
ir_op nest_inner_parallel(const struct ir_module *m, ir_op loop);
/* The parallel_loops (scf.for without results) of loop's body when the
 * rest of it is pure ops without regions (index arithmetic): their number,
 * the first max of them in out[]; 0 otherwise (another loop, an effect). */
uint32_t nest_body_passes(const struct ir_module *m, ir_op loop, ir_op *out, uint32_t max);
/* nest_points.c: ktdf.parallels in a row over the same points -> one. */
bool nest_fuse_points(struct nest_ctx *c, ir_op fn);
/* Parallel b (right after a) joined into a as fuse-points joins them (the
 * join noted for nest_split_points); false (nothing changed) when they
 * cannot be. */
bool nest_join_points(struct nest_ctx *c, ir_op a, ir_op b);
/* A join of fuse-points noted at pass `from` now at `to`, the pass that
 * replaces it, so that nest_split_points can still split there. */
void nest_move_join(struct nest_ctx *c, ir_op from, ir_op to);
/* nest_points.c: a join of fuse-points whose passes fuse-pipelines left
 * apart is split again (runs after fuse-pipelines). */
void nest_split_points(struct nest_ctx *c, ir_op fn);
/* nest_fuse.c: pipelines in a row on the same units -> one, values the
 * first stores and the second loads back forwarded in registers (last). */
bool nest_fuse(struct nest_ctx *c, ir_op fn);
/* Whether compute stage st moves through a FIFO a vector wider than the
 * lanes of its one unit (or names no one unit of dev): a streamed wide
 * reduction, which ktc-codegen takes only as a receive, reduce and send in
 * a row (nest_fuse.c). */
bool nest_stage_wide(struct ir_module *m, const struct arch_device *dev, ir_op st);
/* What splat-hoist takes out of generic g's body when its input k is a
 * splat it hoists: the ops computed from that input and constants alone
 * (the row's rstd from its sum), done once on the splat instead; the
 * vector instructions that leaves out a run of g (as the cost model counts
 * them: two per constant), 0 when g has no such part. */
int64_t nest_splat_foldable(const struct ir_module *m, ir_op g, uint32_t k);
/* How many iterations of a loop reading a hoisted splat vector share one
 * load of it (splat-hoist unrolls the loop by that much). */
enum { NEST_SPLAT_SHARE = NEST_COST_SPLAT_SHARE };
/* nest_broadcast.c: transfers invariant in a tile loop -> a sibling
 * pipeline before it (runs before coarsening). */
bool nest_broadcast(struct nest_ctx *c, ir_op fn);
/* nest_broadcast.c, after coarsening: a bulk load of a tile loop reading
 * the same elements at every iteration of a loop around it -> a sibling
 * pipeline before that loop filling a buffer of every tile once. */
bool nest_broadcast_outer(struct nest_ctx *c, ir_op fn);
/* Whether transfer x loads from device memory the same elements at every
 * iteration of loop (what broadcast hoists). */
bool nest_broadcast_load(const struct ir_module *m, ir_op x, ir_op loop);
/* Whether load x of tile loop tl's nest, moving with neither the point nor
 * the tile (shared-loads: once a tile), is what broadcast fills once before
 * a loop of more than one tile (its program writes none of the memory it
 * reads): the cost model's nest_cost_xfer.kept. */
bool nest_broadcast_kept(struct ir_module *m, ir_op x, ir_op tl);

#endif
