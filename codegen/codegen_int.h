/* codegen_int.h - what the files of ktc-codegen (codegen.h) share.
 *
 *   codegen.c       the kernel: arguments, units, symbols, channels, ports,
 *                   the programs' groups, the binary put together
 *   codegen_prog.c  one program body: values, registers, instructions,
 *                   the device checks of each access
 */
#ifndef CODEGEN_CODEGEN_INT_H
#define CODEGEN_CODEGEN_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "codegen/codegen.h"

#define CG_MAX_TERMS 16
#define CG_MAX_CARRY 16 /* values one loop carries */
#define CG_MAX_LOOPS 16 /* nested loops carrying values */
/* Scalar registers kept for temporaries: fewer left, and per-unit values
 * are rematerialized rather than given registers (codegen_prog.c). */
#define CG_SREG_RESERVE 16
/* Tiles of a core in flight at once at most (codegen.c, tiles_alternate):
 * a power of two. More than 2 gained nothing measurable (a softmax with a
 * row of 256 per program over 4096 rows: 47080 cycles at 2, 4, 8, 16; its
 * units' handshakes within a tile bound it). */
#define CG_TILE_PARTS 2

/* An atom of a linear form: a scalar register of the program, kernel
 * argument `id` (its index value: for a tensor, its element address), or
 * launch-time symbol `id` (a pending symbol, see struct cg_sym). */
enum cg_atom { CA_REG, CA_ARG, CA_SYM };

struct cg_term {
    uint8_t kind; /* enum cg_atom */
    uint32_t id;
    int64_t k;
};

/* c + sum of k * atom, terms sorted by (kind, id), no zero k. */
struct cg_lin {
    int64_t c;
    uint32_t n;
    struct cg_term t[CG_MAX_TERMS];
};

/* What a DataflowIR value is while translating. */
enum cg_vkind {
    CV_NONE,
    CV_LIN,   /* an index: lins[i] */
    CV_UNIT,  /* a unit handle: units[i] */
    CV_MULTI, /* one value per unit of the program's group: multi[i .. i + n) */
    CV_VIEW,  /* a memory view: views[i] */
    CV_VEC,   /* a vector in vector register i */
};

struct cg_val {
    uint8_t kind; /* enum cg_vkind */
    uint32_t i;
};

/* A dataflow.get_unit: a device instance, physical (res) after folding
 * cores the device lacks. */
struct cg_unit {
    ir_op op;
    const char *name, *kind;
    int32_t core, corelet;
    uint32_t res; /* arch resource */
    bool memory;
};

/* A dataflow.program_unit: its units (virtual, as listed) and the
 * physical instances they fold onto, each hosting nhost[i] of them. */
struct cg_pu {
    ir_op op;
    uint32_t nv, nphys;
    uint32_t *virt;  /* cg_unit per listed unit */
    uint32_t *phys;  /* arch resource per physical instance */
    uint32_t *nhost; /* tiles per physical instance */
    uint32_t *host;  /* per listed unit: its physical instance (index into phys) */
};

/* A launch-time symbol: a linear form over the arguments (op SC_SX_ADD
 * with b unused), or op(a, b) for a form that is not linear. */
struct cg_sym {
    uint8_t op; /* enum sc_sx_op: SC_SX_ADD (linear), MUL, DIV, MOD, MIN, MAX */
    struct cg_lin a, b;
};

/* A memory view: start (elements) + sum idx_i * stride_i + off. */
struct cg_view {
    struct cg_val mem; /* CV_UNIT or CV_MULTI of memory units */
    struct cg_lin start;
    uint32_t rank;
    int64_t strides[8], off;
    ir_type elem;
};

/* A port of the program being built: what it is bound to for each unit of
 * the group (arch memory resource, or channel index). */
struct cg_port {
    uint8_t kind; /* enum sc_port_kind */
    uint32_t *bind;
};

/* A register's value when group unit `unit` starts. */
struct cg_init {
    uint32_t unit;
    uint8_t reg;
    struct sc_opnd val;
};

/* A loop carrying values: the registers holding them. */
struct cg_carry {
    ir_op loop;
    uint8_t regs[CG_MAX_CARRY];
    uint32_t n;
    bool vec; /* vector registers (the loop carries vectors only) */
};

/* What is known of a scalar register: its values lo, lo + step, ... hi. */
struct cg_reg {
    bool known;
    int64_t lo, hi, step;
};

/* The program being built: a program_unit for a group of physical units
 * that each host h of its virtual units (tiles). */
struct cg_prog {
    ir_op pu;              /* the dataflow.program_unit */
    uint32_t q;            /* its index in g->pus */
    uint32_t sc;           /* program index in the binary */
    uint32_t n, h;         /* units in the group, tiles each */
    uint32_t *units;       /* per group unit: its arch resource */
    uint32_t *hosted;      /* n * h: virtual unit (index into the program_unit's list) */
    uint32_t rep;          /* the tile being translated */
    uint32_t res;          /* arch resource of the first unit (its kind's features) */
    /* Scalar registers: per-unit (init) ones from r63 down, kept for the
     * whole program; temporaries from r0 up, each busy from the op that
     * makes it to until[r], the last position (program order, see pos)
     * any value held in it is used at, and free for the ops after. */
    uint32_t ninit;
    uint64_t busy; /* temporaries in use, bit r */
    int32_t until[SC_MAX_SREGS];
    struct cg_reg regs[SC_MAX_SREGS];
    /* Positions: the program's ops numbered in program order (pre-order),
     * pos the op being translated; per op its position and the last one
     * inside it (its loop body's end); per value its last use, a use
     * inside a loop the value is defined outside of counting at the
     * loop's end (the next iteration reads it again). */
    int32_t pos;
    int32_t *opos, *oend, *vlast;
    uint32_t init_of[SC_MAX_SREGS]; /* an init register's multi entry + 1 */
    ir_value vowner[SC_MAX_VREGS];
    struct cg_port *ports;
    uint32_t nports, capports;
    struct cg_init *inits;
    uint32_t ninits, capinits;
    struct cg_carry carry[CG_MAX_LOOPS];
    uint32_t ncarry;
    /* index reads a loop prefetches (codegen_prog.c, loop): the load's
     * value is in register ra, the next iteration's is read into rb */
    struct cg_prefetch {
        ir_op ld, loop;
        uint8_t ra, rb, riv;
        int64_t step, last;
    } pf[CG_MAX_LOOPS];
    uint32_t npf;
    bool has_dma;
    uint32_t gen; /* memo generation of the current tile */
    /* constants made once (codegen_prog.c, hoist_constants): per op, the
     * generation its constant was made at the program's start in */
    uint32_t *made;
    uint8_t *read; /* per op: a result some op of the program reads */
    /* Rematerializing (a program's last try, cg_codegen): per temporary,
     * the values memo'd in it since it was made (some since made again);
     * per value, the tile generation it was given up in (codegen_prog.c,
     * remat_free). */
    bool remat;
    struct cg_holders {
        ir_value *v;
        uint32_t n, cap;
    } holders[SC_MAX_SREGS];
    uint32_t *freed;
};

struct cg {
    struct ir_module *m;
    const struct arch_device *dev;
    struct ir_diag *diag;
    const struct cg_options *opt;
    bool failed;
    /* per op: a program_unit whose constants stay in their loops
     * (cg_codegen's second try), NULL: none; the program_unit being
     * translated when one failed */
    const uint8_t *plain;
    ir_op failed_pu;
    struct sc_binary *b;
    ir_op kernel;
    ir_block body;

    /* values: memo per value id; stamp 0 = kernel level (permanent) */
    struct cg_val *val;
    uint32_t *stamp;
    uint32_t nvals;
    struct cg_lin *lins;
    uint32_t nlins, caplins;
    struct cg_val *multi;
    uint32_t *multi_reg; /* per multi entry: its init register + 1 once made one */
    uint32_t nmulti, capmulti;
    int32_t *last;     /* per value: position of its last use in its block */
    uint8_t *reported; /* per op: a check already reported it */
    uint32_t *unit_at; /* per op: its cg_unit + 1 (cg_unit_of) */
    struct cg_view *views;
    uint32_t nviews, capviews;
    struct cg_unit *units;
    uint32_t nunits, capunits;
    struct cg_sym *syms;
    uint32_t nsyms, capsyms;

    /* arguments: tensor element dtype (or -1: scalar) and what decided it */
    uint32_t nargs;
    int *arg_dtype;
    uint32_t *arg_rank;
    const char **arg_space;
    bool typed_by_ktir;
    int64_t (*arg_shape)[INTERP_MAX_RANK];

    /* symbol.create_id: id -> declared value (ids -1, -2, ... at index 0, 1, ...) */
    ir_value *sym_decl;
    uint32_t nsym_decl;

    /* channels: key per channel (kind, lower's channel, src res, dst res) */
    struct {
        uint8_t kind;
        int64_t ch;
        uint32_t src, dst;
        uint32_t given_gen, given; /* credits the tile being translated gives */
        ir_op end[2];              /* the first receive [0] and send [1] on it */
    } * chans;
    uint32_t nchans, capchans, nfifo, nsig, nbar;

    /* the program_units: their virtual units and the physical ones */
    struct cg_pu *pus;
    uint32_t npus, cappus;

    /* The parts of the scratchpads the tiles a core hosts take in turn,
     * the barrier between them lagging by parts - 1 tiles (codegen.c,
     * tiles_alternate); 1: one tile at a time */
    uint32_t parts;

    struct cg_prog p; /* the program being built */
    uint32_t gen;
};

/* ---- codegen.c -------------------------------------------------------- */

/* Reports a located error at op (the kernel when op is none); false. */
bool cg_error(struct cg *g, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void *cg_grow(void *arr, uint32_t *cap, uint32_t need, size_t size);
/* The location of op as a SpyreCode location. */
struct sc_loc cg_loc(struct cg *g, ir_op op);
/* The channel of that kind from src to dst (arch resources), created
 * once; ch is lower's channel number (-1 when none). */
uint32_t cg_channel(struct cg *g, enum sc_chan_kind kind, int64_t ch, uint32_t src, uint32_t dst);
/* The cg_unit of a dataflow.get_unit op, created once; SC_NONE after an
 * error. */
uint32_t cg_unit_of(struct cg *g, ir_op get_unit);
/* The port of the current program of that kind bound, per group unit, to
 * bind[i] (a memory resource or a channel); created once, named after
 * hint. */
uint32_t cg_port(struct cg *g, enum sc_port_kind kind, const uint32_t *bind, const char *hint);
/* Emits the barrier of the current program's units with the other units
 * of their cores after tile g->p.rep (end: after the last one, where only
 * a lagging barrier's lead has signals left to collect). False after an
 * error. */
bool cg_barrier(struct cg *g, bool end);
/* Appends an instruction to the current program. */
void cg_emit(struct cg *g, const struct sc_insn *in);
/* Index of a new pending symbol (or of an equal one). */
uint32_t cg_sym_new(struct cg *g, uint8_t op, const struct cg_lin *a, const struct cg_lin *b);
/* Notes that argument atoms of lin start a view of element type elem in
 * device memory mem (a memory resource): candidates for tensors. */
void cg_note_view(struct cg *g, const struct cg_lin *start, ir_type elem, uint32_t rank,
                  uint32_t mem);
/* The interp dtype of an element type, or -1. */
int cg_dtype(const struct ir_module *m, ir_type t);

/* ---- codegen_prog.c ---------------------------------------------------- */

/* Whether two linear forms are the same (they are kept canonical). */
bool cg_lin_eq(const struct cg_lin *a, const struct cg_lin *b);
/* Translates the current program (g->p set up by codegen.c): every tile
 * of the group, barriers between them, the final fence. False after
 * errors. */
bool cg_program(struct cg *g);

#endif
