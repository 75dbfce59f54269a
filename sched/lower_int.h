/* lower_int.h - what the files of ktc-lower (lower.h) share: the schedule
 * tree of a kernel, the signals planned on it, and the emission context.
 *
 *   lower.c        the driver: the tree, units, one program per unit kind
 *   lower_sync.c   which stages touch the same memory, and the signals
 *   lower_value.c  index values: constants, per-core maps, symbols, views
 *   lower_ops.c    stages: transfers to agen/dataflow, compute to vectorchain
 *   lower_masks.c  loops split where a lane mask is all-true
 *   lower_pieces.c vectors wider than a compute unit's lanes, in lane-wide pieces
 *   lower_pad.c    zero fills done by the load units that zero-pad
 */
#ifndef SCHED_LOWER_INT_H
#define SCHED_LOWER_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"
#include "sched/lin.h"
#include "sched/lower.h"

#define LW_MAX_KINDS 64
#define LW_MAX_RANK  8
#define LW_MAX_DEPTH 32
/* The most memory -> FIFO loads issued before their sends (lower_ops.c). */
#define LW_LOAD_GROUP 8

/* p (an array of *cap elements of elem bytes) with room for need of them:
 * as it is, or reallocated to twice as many as needed (*cap updated). */
void *lw_grow(void *p, uint32_t *cap, uint32_t need, size_t elem);

/* ---- a small hash map: three 32-bit keys -> a 64-bit value ---------------- */

struct lw_slot { /* 24 bytes: the flag fills the keys' padding */
    uint32_t k[3];
    uint32_t used;
    uint64_t v;
};

struct lw_map {
    struct lw_slot *slots;
    uint32_t cap, n;
};

/* The value stored under (a, b, c), or 0 when none. */
uint64_t lw_map_get(const struct lw_map *h, uint32_t a, uint32_t b, uint32_t c);
/* Stores v (storing 0 forgets in effect) and returns the value it replaces. */
uint64_t lw_map_put(struct lw_map *h, uint32_t a, uint32_t b, uint32_t c, uint64_t v);
void lw_map_free(struct lw_map *h);

/* ---- the schedule tree ----------------------------------------------------
 * A kernel's structure down to its stages, calls inlined: a block holds the
 * loops, calls and pipelines of a source block in order; a loop or a call
 * holds one block (a call's is its callee's body, under a new instance); a
 * pipeline holds its stages in token order; a stage holds a block when a
 * pipeline is nested in it, else it is a leaf run by one unit kind; a
 * ktdf.parallel holds one block whose stages run on every corelet of a
 * core (lanes). Nodes are numbered in tree (program) order; node 1 is the
 * kernel's body. */

enum lw_node_kind { LN_BLOCK, LN_LOOP, LN_CALL, LN_PIPELINE, LN_STAGE, LN_PARALLEL };

/* Where a node's signals go: before it, after it, at its end (after its
 * last child). */
enum { LW_BEFORE, LW_AFTER, LW_END };

struct lw_node {
    uint8_t kind;   /* enum lw_node_kind */
    bool leaf;      /* a stage with no pipeline inside */
    bool in_loop;   /* a loop (or parallel) encloses it: it may run more than once */
    ir_op op;       /* scf.for, func.call, ktdf.pipeline, ktdf.stage, ktdf.parallel;
                       none for blocks */
    ir_block block; /* LN_BLOCK: the source block */
    uint32_t inst;  /* the call instance its values belong to */
    uint32_t parent, first, last, next; /* tree links, 0 = none */
    uint32_t depth;
    uint32_t lanes;   /* instances per core of the enclosing ktdf.parallel, else 1 */
    uint32_t home;    /* the corelet a stage left whole runs on: its pipeline's
                         `corelet` (ktc-nest's row-corelets), else 0 */
    uint32_t unit;    /* leaf: index into lw.kinds */
    ir_op xfer;       /* leaf: the one transfer of its stage it stands for (a
                         stage of several DMAs is a leaf per transfer, so each
                         signals on its own), IR_NONE for the whole stage */
    uint64_t mask;    /* unit kinds (bits) with a leaf at or below it */
    uint32_t sync[3]; /* lists of lw_sync, by LW_BEFORE/AFTER/END */
};

/* One side of a signal, run by `unit` at a node: send to or receive from
 * the same core's `peer`, on channel `channel`. */
struct lw_sync {
    uint32_t next;
    uint32_t unit, peer; /* indices into lw.kinds */
    bool send;
    bool credit; /* a send before a loop that lets the peer's first runs go:
                    it waits for none of the unit's DMAs */
    bool launch; /* a credit at the program's start, or its drain at the end:
                    the launch gives it (`credit`, `drain`) */
    bool all;  /* one stage in a ktdf.parallel, the other not: every lane of
                  unit signals every lane of peer (lower.h) */
    uint64_t lmask; /* of the lanes a unit on one corelet signals (or hears
                       from), those this side does; 0: every one (lower.h) */
    uint32_t channel;
    /* A ring signal (lower_sync.c's plan_ring): the peer is on another
     * core, the one tiles[c] names for the ring transfer's side on core c
     * (at_reader), else the c' with tiles[c'] == c; NULL: the same core. */
    const int64_t *tiles;
    bool at_reader;
    /* A wait of a leaf stage that only its later ops need: it goes before
     * `at`, an op of the stage's body (or of its loop's: every iteration),
     * instead of before the stage; a send after `at`, an op of the stage's
     * loop, every iteration, instead of after the stage (IR_NONE: before
     * or after the node). */
    ir_op at;
};

/* A memory -> FIFO load hoisted out of a loop (lower.h, "Invariant
 * loads"): loop node `loop` runs `xfer` (of leaf stage node `from`) once
 * before it, and `read` (of leaf stage node `to`, the one read of xfer's
 * slot) receives it there, its vector kept in a register all loop long. */
struct lw_hoisted {
    uint32_t loop, from, to;
    ir_op xfer, read;
    uint32_t share; /* the hoist whose vector read takes instead (an earlier
                       loop of the same block loading the same elements:
                       none of its own), or UINT32_MAX */
    uint32_t end;   /* the node past the last loop the vector is kept for */
    ir_value guard; /* a source index value, positive when one of the loops
                       keeping the vector runs: the load and its receive run
                       only then (IR_NONE: one always runs) */
    ir_value got;   /* in the receiving unit's program, the vector received */
};

/* A ktdf.buffer_phase counted as its loop runs (lower.h): its loops do not
 * all run as many iterations in every run of the loops around them, so the
 * phase is the number of the loop's iterations run so far (remui K), a
 * count the loops carry, not their row-major iteration number. */
struct lw_count {
    ir_op phase;
    uint32_t inst;
    uint32_t loop; /* the node of its loop (its last operand's) */
    uint32_t top;  /* the node of its first operand's loop, where the count starts at 0 */
    uint32_t rep;  /* the first count of its class (lower_value.c's same_counts):
                      the first loop carries one count for the class */
};
/* The most counts one loop carries (sched/lin.h). */
#define LW_MAX_COUNTS SCHED_MAX_COUNTED_PHASES

/* A call being inlined: its callee's parameters are the call's operands,
 * which belong to instance `parent`. Instance 0 is the kernel itself. */
struct lw_inst {
    ir_op call, callee;
    uint32_t parent;
};

/* A unit kind with work in the kernel, on ncl corelets of each core (1
 * unless its stages run in a ktdf.parallel); units[l * ncores + c] is its
 * get_unit on core c, corelet l. */
struct lw_kind {
    uint32_t kind; /* node of dev->kinds */
    uint32_t ncl;
    ir_value *units;
};

/* Per-core values already gathered into a map, in the current program. */
struct lw_gather {
    ir_value *vals;
    ir_value res;
};

/* The program_unit being filled. */
struct lw_prog {
    uint32_t kind;      /* index into lw.kinds */
    uint32_t nunits;    /* its units: ncores x the kind's ncl */
    ir_value self;      /* the running unit */
    ir_block top;       /* its prologue, moved before the body at the end */
    ir_block cur;       /* where emitted ops go */
    /* the blocks open from the body down to cur (loops cloned so far), each
     * opened by opener[i] (an op of open[i - 1]): loop-invariant arithmetic
     * goes to the innermost block its operands allow (lw_hoist) */
    ir_block open[LW_MAX_DEPTH];
    ir_op opener[LW_MAX_DEPTH];
    uint32_t nopen;
    /* the memory -> FIFO loads whose sends wait (lower_ops.c): the ops of
     * cur after `group`; hold keeps the group open across stages (the copies
     * of an unrolled loop) */
    ir_op group;
    uint32_t ngroup;
    uint32_t gcap; /* the loads the open group may hold (<= LW_LOAD_GROUP) */
    bool hold;
    uint32_t stage;     /* the leaf stage node being emitted (its waits at ops) */
    /* vectors the same all stage long (a constant's or a launch-time
     * scalar's splat), made once at the start of the leaf stage being
     * emitted (after sblock's op smark, IR_NONE: its start), before its
     * first receive: key -> value */
    struct lw_map inv;
    uint32_t ninv;
    ir_block sblock;
    ir_op smark;
    bool at_start; /* emit1 puts ops there */
    struct lw_map memo; /* (value, instance, tag) -> emitted value */
    uint32_t *undo;     /* scoped memo entries: 5 words each (key, old value) */
    uint32_t nundo, capundo;
    struct lw_gather *gathers;
    uint32_t ngathers, capgathers;
};

/* A load whose unit zero-pads past count (lower_pad.c): xfer, a memory ->
 * FIFO transfer, loads only the first count elements. */
struct lw_pad {
    ir_op xfer;
    ir_value count; /* an index of the load's stage */
};

struct lw {
    struct ir_module *m;
    const struct arch_device *dev;
    struct ir_diag *diag;
    uint32_t disabled; /* sched_lower_options.disabled */
    bool failed;

    /* the kernel being lowered */
    ir_op kernel;
    uint32_t ncores;
    const int64_t *ring_src; /* set while lw_view makes a ring transfer's source view:
                                the memory is core ring_src[c]'s (lower_ops.c) */
    struct lw_node *nodes;
    uint32_t nnodes, capnodes;
    struct lw_inst *insts;
    uint32_t ninsts, capinsts;
    struct lw_sync *syncs;
    uint32_t nsyncs, capsyncs;
    uint32_t nchannels;
    uint32_t homes; /* 1 + the largest `corelet` of a pipeline of the kernel: the
                       corelets each unit kind at corelet level runs on at least */
    struct lw_kind kinds[LW_MAX_KINDS];
    uint32_t nkinds;
    struct lw_count *counts;
    uint32_t ncounts, capcounts;
    struct lw_hoisted *hoists;
    uint32_t nhoists, caphoists;
    struct lw_pad *pads; /* zero-padded loads (lower_pad.c) */
    uint32_t npads, cappads;

    /* the kernel's new body, in sections (temporary blocks, joined at the end) */
    ir_block sec_const, sec_sym, sec_unit, sec_mem, sec_prog;
    struct lw_map fmemo;  /* kernel-level values: constants, clones, symbols, units */
    struct lw_map cls;    /* value classes */
    struct lw_map evals;  /* (value, instance, core) -> lw_eval's value, its sign bit flipped */
    struct lw_map expand; /* affine.apply -> its expansion */
    ir_value *inputs;     /* argument k's index value at kernel level */
    uint32_t ninputs;
    int64_t next_symbol; /* the next derived symbol id */

    struct lw_prog p;
};

/* ---- lower.c --------------------------------------------------------------- */

/* lower_masks.c: in program body of a unit that computes, each loop split
 * where a lane mask its selects read is all-true, the selects gone there
 * (lower.h, "Masks"). */
void lw_split_masks(struct lw *lw, ir_block body);

/* lower_pieces.c: in program body of a unit (res, an instance of its kind)
 * that computes, the vectors wider than its lanes run in lane-wide pieces
 * (lower.h, "Pieces"); false after a located error. */
bool lw_pieces(struct lw *lw, ir_block body, uint32_t res);

/* Reports a located error at op and returns false. */
bool lw_error(struct lw *lw, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Creates an op from st and appends it to block b; returns it. */
ir_op lw_append(struct lw *lw, ir_block b, struct ir_op_state *st);
/* A detached op `name` (operands a and, when not none, b; one index
 * result) at op at's location: a source-level value for lw_value. */
ir_value lw_src_op(struct lw *lw, const char *name, ir_op at, ir_value a, ir_value b);
ir_value lw_src_const(struct lw *lw, ir_op at, int64_t c);
/* The entry block of op's region i. */
ir_block lw_body(const struct ir_module *m, ir_op op, uint32_t i);
/* Bytes of an element type. */
int64_t lw_elem_bytes(const struct ir_module *m, ir_type t);
/* The memory kind node an attribute names (a string naming a memory kind,
 * or a KTIR memory space), or ARCH_NONE. */
uint32_t lw_space_kind(const struct lw *lw, ir_attr space);
/* Follows ktdf.private results to the value the private yields. */
ir_value lw_through_private(const struct ir_module *m, ir_value v);
/* The strides of source memref v (LW_MAX_RANK at most): its type's
 * strided layout, else its KTIR view's, else row-major. False when one
 * is dynamic. */
bool lw_strides(const struct ir_module *m, ir_value v, int64_t *strides);

/* Scoped memo of the current program: lw_scope_mark before a nested
 * block, lw_scope_undo after it forgets what was emitted inside. */
uint32_t lw_scope_mark(const struct lw *lw);
void lw_scope_undo(struct lw *lw, uint32_t mark);
/* Records v under (a, b, c) in the current program, forgotten at the end
 * of the current scope when scoped. */
void lw_memo_put(struct lw *lw, uint32_t a, uint32_t b, uint32_t c, ir_value v, bool scoped);

/* Appends the op of st, whose operands are index values of the current
 * program, to the innermost open block that holds all their definitions
 * (before the loop opened from it), the current block at the latest; returns
 * the op. */
ir_op lw_hoist(struct lw *lw, struct ir_op_state *st);

/* The get_unit of kind node k on core c, corelet l (0 for a kind not at
 * corelet level), emitted once. */
ir_value lw_unit(struct lw *lw, uint32_t k, uint32_t core, uint32_t corelet);
/* The running unit's same-core unit of kind node k: on its own corelet
 * when both kinds run on the same corelets (lanes), else on corelet 0
 * (or corelet `lane` of a kind running on several when the program's runs
 * on one: lane < that kind's ncl). */
/* lw_peer's unit of kind k on core tiles[c] (forward) or on the core c'
 * with tiles[c'] == c (!forward), for each unit on core c. */
ir_value lw_peer_ring(struct lw *lw, uint32_t k, uint32_t lane, const int64_t *tiles, bool forward);
ir_value lw_peer(struct lw *lw, uint32_t k, uint32_t lane);
/* The running unit's same-core unit of kind node k on corelet `lane`
 * (corelet 0 for a kind not at corelet level), whatever the running unit's. */
ir_value lw_peer_at(struct lw *lw, uint32_t k, uint32_t lane);
/* The index into lw.kinds of kind node k, or LW_MAX_KINDS when it has no
 * stage in the kernel. */
uint32_t lw_kind_of(const struct lw *lw, uint32_t k);

/* Emits the waits of the leaf stage being emitted that go before its op
 * `at` (lw_sync.at), after the pending load group's sends. */
void lw_emit_waits_at(struct lw *lw, ir_op at);
/* Emits the sends of the leaf stage being emitted that go after its op
 * `at` (an op of its loop's body: every iteration), after the pending load
 * group's sends. */
void lw_emit_sends_after(struct lw *lw, ir_op at);
/* Whether the leaf stage being emitted has a signal at its op `at`. */
bool lw_syncs_at(const struct lw *lw, ir_op at);

/* ---- lower_sync.c ---------------------------------------------------------- */

/* Plans the signals of the tree (lower.h "Signals"). False after errors. */
bool lw_plan_signals(struct lw *lw);
/* Whether transfer or FIFO read op of leaf stage node n runs before a
 * loop around it (lw.hoists), not in place. */
bool lw_hoisted(const struct lw *lw, uint32_t n, ir_op op);
/* Whether every unit of kind `unit` runs the body of ktdf.parallel node n
 * exactly once per run of n: T iterations known before launch on M = T
 * instances, and the kind on M corelets (lower.c). */
bool lw_once_per_lane(struct lw *lw, uint32_t n, uint32_t unit);

/* ---- lower_pad.c ---------------------------------------------------------- */

/* Moves to the load units the compute stages' zero fills of the lanes past
 * a count that they can do (lower.h, "Zero-padded loads"), in the module's
 * ScheduleIR, before any stage is lowered; records the loads (lw.pads). */
bool lw_zero_pads(struct lw *lw);
/* The count transfer xfer loads up to, zero-padding the rest; IR_NONE for a
 * plain load. */
ir_value lw_pad_count(const struct lw *lw, ir_op xfer);

/* ---- lower_value.c -------------------------------------------------------- */

/* A function-level index constant. */
ir_value lw_const(struct lw *lw, int64_t v);
/* One value per unit of the current program (p.nunits of them): the value
 * itself when all are equal, else a query of a per-unit map in the
 * program's prologue. */
ir_value lw_per_unit(struct lw *lw, const ir_value *vals);
/* One value per core (lw.ncores of them), for every unit on that core. */
ir_value lw_per_core(struct lw *lw, const ir_value *vals);
/* The current program's value of source index value v of instance inst
 * (lower.h: constants, per-core maps, symbols, arithmetic); errors at `at`.
 * IR_NONE after an error. */
ir_value lw_value(struct lw *lw, ir_value v, uint32_t inst, ir_op at);
/* Whether source value v changes inside the program (depends on a loop). */
bool lw_is_dynamic(struct lw *lw, ir_value v, uint32_t inst);
/* Evaluates v for core `core` when it depends on nothing but the core and
 * constants; false otherwise. */
bool lw_eval(struct lw *lw, ir_value v, uint32_t inst, uint32_t core, int64_t *out);
/* Affine expression e over the source values dims, as a source value. */
ir_value lw_index_of(struct lw *lw, ir_op at, ir_aff e, const ir_value *dims);
/* Finds the buffer phases of the tree (lw.nodes) that are counted as their
 * loops run (lw.counts). False after errors. */
bool lw_find_counts(struct lw *lw);
/* The counts (indices into lw.counts) loop node n carries in the current
 * program, into out (LW_MAX_COUNTS at most); their number, or -1 after an
 * error (more than that). */
int lw_counts_at(struct lw *lw, uint32_t n, uint32_t *out);
/* Opens loop node n carrying the nc counts cs (lw_open_loop): each starts
 * at 0 at its first loop, else from its value outside n; inside its own
 * loop, the phase is the count remui K. */
ir_op lw_open_counting(struct lw *lw, uint32_t n, const uint32_t *cs, uint32_t nc, uint32_t *mark);
/* Closes loop `loop` of node n opened by lw_open_counting (lw_close_loop,
 * then the scope undone at mark): it yields the counts (plus one in the
 * count's own loop), which are its results outside it. */
void lw_close_counting(struct lw *lw, uint32_t n, const uint32_t *cs, uint32_t nc, ir_op loop,
                       ir_block outer, uint32_t mark);
/* Declares the kernel's arguments as symbols -1, -2, ... */
bool lw_declare_inputs(struct lw *lw);

/* What lw_view tells about a view besides the view itself. */
struct lw_view {
    uint32_t mem; /* memory kind node */
    uint32_t rank;
    int64_t strides[LW_MAX_RANK]; /* elements */
    ir_type elem;
};
/* The logical memory view of source memref v (lower.h "Addresses"),
 * emitted once per program (in its prologue when its start does not
 * change). IR_NONE after an error. */
ir_value lw_view(struct lw *lw, ir_value v, uint32_t inst, ir_op at, struct lw_view *info);

/* ---- lower_ops.c ----------------------------------------------------------- */

/* Emits the body of leaf stage `stage` (instance inst) for the current
 * program. False after errors. */
bool lw_emit_stage(struct lw *lw, ir_op stage, uint32_t inst);
/* Emits one transfer `xfer` of a stage whose transfers all move between
 * memories (lw_dma_transfers). False after errors. */
bool lw_emit_transfer(struct lw *lw, ir_op xfer, uint32_t inst);
/* The number of transfers of leaf stage `stage` when it holds only
 * memory -> memory transfers (and pure values), else 0. */
uint32_t lw_dma_transfers(struct lw *lw, ir_op stage);
/* Clones scf.for `loop` (instance inst) into the current program with an
 * empty body and makes that body current; *mark gets the scope to undo
 * after it, in which the source IV is bound to the new one. Returns the new
 * loop, IR_NONE after an error. */
ir_op lw_open_loop(struct lw *lw, ir_op loop, uint32_t inst, uint32_t *mark);
/* lw_open_loop with n index iter_args from init, the body's arguments
 * after its IV. */
ir_op lw_open_loop_carrying(struct lw *lw, ir_op loop, uint32_t inst, const ir_value *init,
                            uint32_t n, uint32_t *mark);
/* Likewise for a ktdf.parallel: the running unit's share of its iterations
 * (the block distribution over the lanes) as an scf.for; its instance id
 * bound to the unit's corelet. */
ir_op lw_open_parallel(struct lw *lw, ir_op par, uint32_t inst, uint32_t *mark);
/* A loop of one iteration on corelet `home` and none on the others, at op's
 * location: the guard of a stage left whole in a kind that runs on several
 * corelets; closed by lw_close_loop. */
ir_op lw_open_guard(struct lw *lw, ir_op op, uint32_t home, uint32_t *mark);
/* Moves the sends of the pending group of FIFO loads after their loads. */
void lw_flush_loads(struct lw *lw);
/* Whether leaf stage `stage` (of instance inst) holds only memory -> FIFO
 * transfers (and pure values), or loops of them that it emits unrolled
 * whole (then *looped); adds how many it issues to *nloads. */
bool lw_fifo_loads_only(struct lw *lw, ir_op stage, uint32_t inst, uint32_t *nloads, bool *looped);
/* Emits the loads (or receives) lw.hoists takes out of loop node n for
 * the current program, just before the loop; a received vector is what its
 * read gives inside. False after errors. */
bool lw_emit_hoisted(struct lw *lw, uint32_t n);
/* Ends a loop opened by lw_open_loop: its yield, back to the outer block. */
void lw_close_loop(struct lw *lw, ir_op newloop, ir_block outer);

#endif
