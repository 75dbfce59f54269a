/* spyrecode.h - SpyreCode in memory: the symbolic SpyreBinary that
 * ktc-codegen writes and the runtime (runtime/) prepares and launches on the
 * device (sim/). codegen/README.md describes the format; this header is its
 * C form, spyrecode.proto its file form, and the text form (sc_parse /
 * sc_print) lets tests and users write it by hand.
 *
 *   binary ── args, symbols (expressions over the args, evaluated at launch)
 *          ── channels (FIFOs and signals between two unit instances)
 *          ── programs (code with ports and registers, shared by units)
 *          ── units (an instance of the device running a program, its ports
 *             bound to memories and channels, its registers initialized)
 *          ── plan (prepare once / execute per launch, derived by sc_plan)
 *
 * A binary owns all its memory (malloc); sc_binary_free releases it.
 */
#ifndef CODEGEN_SPYRECODE_H
#define CODEGEN_SPYRECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ktir/diag.h"
#include "ktir/interp/interp.h"

struct arch_device;
struct arch_access;

#define SC_VERSION 1
#define SC_STAGE "spyrecode"
#define SC_MAX_SREGS 64 /* scalar registers r0..r63 per unit */
#define SC_MAX_VREGS 32 /* vector registers v0..v31 per unit */
#define SC_MAX_TERMS 3  /* reg * stride terms of an address */
#define SC_MAX_X 4      /* scalar operands of one instruction */
#define SC_NONE UINT32_MAX
#define SC_MAX_ROUTE 64 /* links of a dma's path to another core's memory */

enum sc_opcode {
#define SC_OP(e, name, sig, cls) SC_##e,
#include "codegen/spyrecode.def"
    SC_NOPCODES
};

enum sc_fn {
#define SC_FN(e, name, arity) SC_FN_##e,
#include "codegen/spyrecode.def"
    SC_NFNS
};

/* What an instruction occupies in the simulator (and how it is timed). */
enum sc_class {
    SC_CLASS_SCALAR,  /* address-generation arithmetic: free, or nop's cycles */
    SC_CLASS_CONTROL, /* loops: free */
    SC_CLASS_DMA,     /* a burst along the route between two memories, async */
    SC_CLASS_MEM,     /* a vector load/store on the unit's memory link */
    SC_CLASS_FIFO,    /* a vector into / out of a FIFO */
    SC_CLASS_VECTOR,  /* SIMD lanes */
    SC_CLASS_SYNC,    /* signals and fences */
};

struct sc_opinfo {
    const char *name, *sig;
    enum sc_class cls;
};
extern const struct sc_opinfo sc_ops[SC_NOPCODES];

/* Whether instruction op moves or computes vectors of its element type
 * suffix (vld.f16): the vector ops, the vector loads and stores, recv. */
static inline bool sc_op_vector(uint8_t op)
{
    return sc_ops[op].cls == SC_CLASS_VECTOR || op == SC_VLD || op == SC_VLDZ || op == SC_VLDS ||
           op == SC_VLDZS || op == SC_VST || op == SC_RECV;
}
struct sc_fninfo {
    const char *name;
    unsigned arity;
};
extern const struct sc_fninfo sc_fns[SC_NFNS];

/* ---- operands ---------------------------------------------------------- */

enum sc_opnd_kind { SC_IMM, SC_REG, SC_SYM };

/* A scalar operand: an immediate, a scalar register, or a symbol (patched
 * with the symbol's launch-time value, see the plan). */
struct sc_opnd {
    uint8_t kind; /* enum sc_opnd_kind */
    int64_t v;    /* the value, register number or symbol index */
};

/* A byte address in the memory bound to port:
 * base + r[0]*stride[0] + ... + r[n-1]*stride[n-1]. */
struct sc_addr {
    uint16_t port;
    uint8_t nterms;
    uint8_t reg[SC_MAX_TERMS];
    struct sc_opnd base;
    struct sc_opnd stride[SC_MAX_TERMS];
};

/* Where an instruction came from: an interned file (sc_binary.files) and a
 * position, in the kernel's .mlir or in the text form. */
struct sc_loc {
    uint32_t file; /* SC_NONE = unknown */
    uint32_t line, col;
};

#define SC_F_WAIT 1 /* sig.wait: after this unit's outstanding DMAs */
#define SC_F_MASK 2 /* dma.mask: a byte-masked write of the destination's enclosing words */
/* vbin.add.f16.send port, vD, ...: a vector op's result also goes out of
 * port (an out port, in `port`), as a send of vD would send it */
#define SC_F_SEND 4

/* One instruction. Which fields are used follows its signature (sc_ops):
 * 'r'/'v' operands go to reg[] in order, 'p' to port, 'm' to addr[] in
 * order, 'x' to x[] in order (optional ones absent: nx tells), 'l' to the
 * constant pool (pool, npool). */
struct sc_insn {
    uint8_t op;    /* enum sc_opcode */
    uint8_t dtype; /* enum interp_dtype: vector ops */
    uint8_t fn;    /* enum sc_fn: vun, vbin, vred */
    uint8_t flags; /* SC_F_* */
    uint8_t nx;    /* scalar operands present */
    uint8_t reg[4];
    uint16_t port;
    uint32_t match; /* for: its end; end: its for */
    uint32_t pool, npool;
    struct sc_opnd x[SC_MAX_X];
    struct sc_addr addr[2];
    struct sc_loc loc;
};

/* ---- the binary ------------------------------------------------------- */

enum sc_arg_kind { SC_ARG_TENSOR, SC_ARG_SCALAR };

/* A kernel input: a tensor (placed in device memory by the caller) or an
 * integer scalar (a runtime_arg or index argument). */
struct sc_arg {
    char *name;
    uint8_t kind;  /* enum sc_arg_kind */
    uint8_t dtype; /* enum interp_dtype */
    uint32_t rank;
    int64_t shape[INTERP_MAX_RANK]; /* -1: given at launch */
    char *space; /* tensors: the memory kind holding them ("DDR") */
};

/* Symbol expressions are postfix code over int64 (division and modulo
 * floor, like affine maps; a division by zero is a launch error). */
enum sc_sx_op {
    SC_SX_CONST, /* push v */
    SC_SX_ADDR,  /* push the byte address of tensor arg v */
    SC_SX_VALUE, /* push the value of scalar arg v */
    SC_SX_DIM,   /* push dim (v & 0xff) of tensor arg (v >> 8) */
    SC_SX_SYM,   /* push the value of an earlier symbol v */
    SC_SX_ADD, SC_SX_SUB, SC_SX_MUL, SC_SX_DIV, SC_SX_MOD, SC_SX_MIN, SC_SX_MAX,
    SC_SX_TDIV, SC_SX_TREM, /* signed, toward zero (arith.divsi, remsi) */
    SC_SX_UDIV, SC_SX_UREM, SC_SX_UMIN, SC_SX_UMAX, /* unsigned (divui, remui, minui, maxui) */
    SC_SX_LAST = SC_SX_UMAX
};

/* Binary operation op (an enum sc_sx_op past SC_SX_SYM) on a and b, as
 * symbols and the scalar instructions compute it (wrapping, division and
 * modulo floor unless named otherwise, INT64_MIN / -1 wrapping to
 * INT64_MIN); false on a division by zero. */
bool sc_int_op(uint8_t op, int64_t a, int64_t b, int64_t *r);
/* The scalar instruction (enum sc_opcode) computing binary symbol operation
 * op (SC_NOP: none), and the operation an instruction computes
 * (SC_SX_CONST: none). */
uint8_t sc_sx_insn(uint8_t op);
uint8_t sc_insn_sxop(uint8_t insn);

struct sc_sx {
    uint8_t op; /* enum sc_sx_op */
    int64_t v;
};

struct sc_sym {
    char *name;
    uint32_t n;
    struct sc_sx *code;
};

enum sc_chan_kind { SC_CHAN_FIFO, SC_CHAN_SIGNAL };

/* A FIFO of vectors or a signal line from one unit instance to another
 * (instance names of the device, "C0-L1LU" -> "C0-SFU-CL0"). */
struct sc_chan {
    char *name;
    uint8_t kind; /* enum sc_chan_kind */
    char *src, *dst;
    uint32_t credits; /* a signal channel's signals at each launch's start */
};

enum sc_port_kind { SC_PORT_MEM, SC_PORT_IN, SC_PORT_OUT, SC_PORT_SIGIN, SC_PORT_SIGOUT };

struct sc_port {
    char *name;
    uint8_t kind; /* enum sc_port_kind */
};

struct sc_program {
    char *name;
    uint32_t nports, ninsns, nsregs, nvregs; /* registers used: r0..nsregs-1, v0.. */
    struct sc_port *ports;
    struct sc_insn *insns;
};

/* A register's value when the unit starts. */
struct sc_init {
    uint8_t reg;
    struct sc_opnd val;
};

/* A unit instance of the device running a program. bind[i] names what port
 * i is: a memory instance ("DDR", "C0-L1") or a channel (its index). */
struct sc_unit {
    char *name; /* device instance, "C1-MNILU" */
    char *kind; /* its kind, "MNILU" */
    int32_t core, corelet; /* -1 when not inside one */
    uint32_t program;
    uint32_t nbind, ninit;
    char **bind_mem;    /* per port: memory instance name, or NULL */
    uint32_t *bind_ch;  /* per port: channel index, or SC_NONE */
    struct sc_init *init;
};

/* The job plan. Preparation (once): LOAD each program, BIND each unit.
 * Execution (per launch): EVAL each symbol in order, PATCH every operand
 * that names a symbol, START each unit, WAIT for all. */
enum sc_step_kind { SC_STEP_LOAD, SC_STEP_BIND, SC_STEP_EVAL, SC_STEP_PATCH, SC_STEP_START,
                    SC_STEP_WAIT };

/* Where a PATCH writes: program insn operand slot, or unit init register. */
struct sc_step {
    uint8_t kind;    /* enum sc_step_kind */
    uint32_t a;      /* LOAD: program; BIND/START: unit; EVAL/PATCH: symbol */
    uint32_t unit;   /* PATCH of an init register: the unit, else SC_NONE */
    uint32_t insn;   /* PATCH: instruction of program `prog`, or the init index */
    uint32_t prog;   /* PATCH: program, or SC_NONE for an init register */
    uint32_t slot;   /* PATCH: operand slot (sc_insn_slot) */
};

struct sc_binary {
    char *kernel;      /* the KTIR function compiled */
    char *device;      /* device name or description file it was compiled for */
    char *device_text; /* the description itself (MLIR text), or NULL */
    char *ktir;        /* the kernel's KTIR text (for --check), or NULL */
    int64_t grid[3];
    uint32_t nargs, nsyms, nchans, nprogs, nunits, nfiles, npool;
    struct sc_arg *args;
    struct sc_sym *syms;
    struct sc_chan *chans;
    struct sc_program *progs;
    struct sc_unit *units;
    char **files;
    int64_t *pool; /* constant pool: lane lists, constant bit patterns */
    uint32_t nprepare, nexecute;
    struct sc_step *prepare, *execute;
};

/* ---- building ----------------------------------------------------------- */

struct sc_binary *sc_binary_new(void);
void sc_binary_free(struct sc_binary *b);

/* Appenders: each returns the new entry's index; strings are copied. */
uint32_t sc_add_arg(struct sc_binary *b, const char *name, enum sc_arg_kind kind,
                    enum interp_dtype dtype, uint32_t rank, const int64_t *shape,
                    const char *space);
uint32_t sc_add_sym(struct sc_binary *b, const char *name, const struct sc_sx *code, uint32_t n);
uint32_t sc_add_chan(struct sc_binary *b, const char *name, enum sc_chan_kind kind,
                     const char *src, const char *dst);
uint32_t sc_add_program(struct sc_binary *b, const char *name);
uint32_t sc_add_port(struct sc_binary *b, uint32_t prog, const char *name, enum sc_port_kind kind);
/* Appends insn to program prog (for/end matching is done by sc_link). */
uint32_t sc_add_insn(struct sc_binary *b, uint32_t prog, const struct sc_insn *insn);
uint32_t sc_add_unit(struct sc_binary *b, const char *name, const char *kind, int32_t core,
                     int32_t corelet, uint32_t prog);
/* Binds port of unit u to a memory instance (mem) or a channel (mem NULL). */
void sc_bind(struct sc_binary *b, uint32_t u, uint32_t port, const char *mem, uint32_t chan);
void sc_add_init(struct sc_binary *b, uint32_t u, uint8_t reg, struct sc_opnd val);
uint32_t sc_add_pool(struct sc_binary *b, const int64_t *vals, uint32_t n);
uint32_t sc_intern_file(struct sc_binary *b, const char *file);

/* Index of the entry of that name, or SC_NONE. */
uint32_t sc_find_arg(const struct sc_binary *b, const char *name);
uint32_t sc_find_sym(const struct sc_binary *b, const char *name);
uint32_t sc_find_chan(const struct sc_binary *b, const char *name);
uint32_t sc_find_program(const struct sc_binary *b, const char *name);
uint32_t sc_find_unit(const struct sc_binary *b, const char *name);
uint32_t sc_find_port(const struct sc_program *p, const char *name);
/* The opcode / function / dtype spelled name, or -1. */
int sc_opcode_find(const char *name);
int sc_fn_find(const char *name);

/* The scalar operand slots of an instruction, in a fixed order (x[], then
 * each address's base and strides): *n slots into out (at most 16). */
unsigned sc_insn_slots(struct sc_insn *in, struct sc_opnd **out);

/* ---- checking and planning ------------------------------------------- */

/* Checks the binary on its own: indices in range, registers below the
 * limits and the program's counts, for/end nesting (sets `match`), ports
 * used as their kind, units binding every port, symbols referring only to
 * earlier symbols. Then derives the job plan (sc_plan). Errors are located
 * at the instruction's loc; false after any. */
bool sc_link(struct sc_binary *b, struct ir_diag *diag);

/* Recomputes the job plan from the programs and units. */
void sc_plan(struct sc_binary *b);

/* Checks the binary against a device: every unit is an execution unit of
 * that kind, every memory a memory the unit reaches, every channel a
 * datapath between its two units (FIFOs) and used by them only as its
 * direction allows, vector dtypes with SIMD lanes on compute units, static
 * addresses and sizes within the memory and its access granularity. */
bool sc_validate(const struct sc_binary *b, const struct arch_device *d, struct ir_diag *diag);

/* The first datapath of d from resource src to dst, or SC_NONE. */
uint32_t sc_link_between(const struct arch_device *d, uint32_t src, uint32_t dst);
/* The links of the shortest route from resource src to dst over the
 * device (a ring transfer's path: another core's memory -> its ring stop
 * -> ... -> this ring stop), at most max of them; 0 when there is none. */
uint32_t sc_route_links(const struct arch_device *d, uint32_t src, uint32_t dst, uint32_t *links,
                        uint32_t max);
/* Whether an access of bytes at byte address addr fits one of acc's
 * granules (size and alignment in words); true when acc has none. */
bool sc_access_ok(const struct arch_access *acc, int64_t addr, int64_t bytes);

/* ---- text form and files ---------------------------------------------- */

/* Parses the text form (README.md "Text form"); file names the text in
 * diagnostics. Links the result. NULL after located errors. */
struct sc_binary *sc_parse(const char *file, const char *text, size_t len, struct ir_diag *diag);

/* Prints b in the text form; with locs, each instruction's loc too. */
void sc_print(const struct sc_binary *b, FILE *out, bool locs);

/* The SpyreCode file of b: the IR-file container (ktir/irfile.h) with stage
 * "spyrecode" around a deflated SpyreBinary message. Returns 0, or 3. */
int sc_write_mem(const struct sc_binary *b, const char *tool, unsigned char **out, size_t *len,
                 char *err, size_t errlen);
int sc_write(const char *path, const struct sc_binary *b, const char *tool, char *err,
             size_t errlen);
/* Reads a SpyreCode file (checksums, stage, schema, every index checked,
 * then linked): 0 with a new binary, 1 bad input (reason in err), 3 I/O. */
int sc_read_mem(const void *buf, size_t len, struct sc_binary **out, char *err, size_t errlen);
int sc_read(const char *path, struct sc_binary **out, char *err, size_t errlen);

/* Evaluates symbol s given the args' addresses (tensors), values (scalars)
 * and shapes, and the values of earlier symbols in vals. False on a
 * division by zero (reason in err). */
bool sc_sym_eval(const struct sc_binary *b, uint32_t s, const int64_t *arg_addr,
                 const int64_t *arg_val, const int64_t (*arg_shape)[INTERP_MAX_RANK],
                 const int64_t *vals, int64_t *out, char *err, size_t errlen);

#endif
