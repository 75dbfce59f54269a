/* codegen.h - ktc-codegen: DataflowIR → SpyreCode, the last compiler stage.
 *
 * Input: a module of stage "dfir" (ktc-lower's output, sched/lower.h) with
 * its device. Output: a SpyreCode binary (codegen/spyrecode.h) for the one
 * kernel of the module: a func.func holding `dataflow.program_unit`s (or,
 * when none does, its one public func.func: a kernel with no work, whose
 * binary has no programs and runs in 0 cycles).
 *
 *   kernel arguments   → args: an index argument that is the base of a
 *                        device-memory view is a tensor (the KTIR source
 *                        says so exactly when given: the view at it, or a
 *                        distributed view when that view is a partition of
 *                        one and every partition is a row-major part of one
 *                        matrix at it; extents given at launch when the
 *                        partitions are laid out otherwise; without the
 *                        source: it is added
 *                        with coefficient 1 into the start of a view in
 *                        device memory, its dtype the view's, its extents
 *                        given at launch); other index arguments and
 *                        runtime_args are scalars
 *   symbol.create_id   → symbols: the launch-time values, as expressions
 *                        over the args (a tensor's element address is its
 *                        byte address over its element size); operands
 *                        name them ($s0 ...) and the plan patches them in
 *   get_unit           → units: each device instance named by a get_unit,
 *                        running the program of its program_unit
 *   program_unit       → programs, one per unit kind, shared by its units:
 *                        what differs per unit (uniform.query_map on the
 *                        running unit) is an init register, a port binding
 *                        (the peer of a FIFO or signal, the core's memory)
 *   send/receive       → FIFO channels between two instances, one per pair
 *   sync_send/recv     → signal channels, one per (lower's channel, pair)
 *
 * Inside a program: index arithmetic folds into linear forms (constants,
 * registers, symbols) and becomes address terms, with scalar instructions
 * only for what is not linear; scf.for is for/end (indices it carries
 * live in registers set before it and by its yield); views
 * (get_logical_memory_view: element addresses, layout strides) turn each
 * access into a byte address `port[base + r * stride ...]`;
 * agen.composite_load_and_store is dma (a burst per time step: rows and
 * strides for the innermost time dimension, loops for the outer ones);
 * agen.vector_load/store are vld/vst; vectorchain binary/unary/reduce/
 * shuffle/constant_bitstream are vbin/vun/vred(+vbin)/vshuf/vconst.
 * Vector values get vector registers by liveness (the constants inside
 * loops made once at the program's start, unless that leaves the program
 * short of registers); scalar temporaries too
 * (free after the last use of the values they hold, a use inside a loop
 * counting at the loop's end) and between tiles; per-unit values are initial
 * registers, shared by every tile of the unit: one whose values another
 * already holds, up to a constant (times an integer) the same on every
 * unit, is rematerialized from it from the second tile on (README.md,
 * "Scalar registers"). A program that issued DMAs ends with a fence.
 *
 * More tiles than cores: a grid of N tiles on a device of C < N cores runs
 * tile t on core t mod C (the names lower gives the missing cores fold
 * onto existing ones); each unit runs its tiles one after the other, its
 * program repeated once per tile with that tile's registers, and the units
 * of a core meet at a barrier (signals to and from the core's first unit,
 * after their DMAs) between two tiles, so no tile touches the scratchpad
 * another still uses.
 *
 * Checks against the device, each a located error at the DataflowIR op
 * (whose location is the user's .mlir): a vector op on a compute unit
 * wider than its SIMD lanes for that element type (or with none); a FIFO
 * between two instances no datapath joins, on a datapath that is no queue,
 * or with a fifo_depth above the datapath's; an access (vld, vst, each side
 * of a dma) whose size or statically known alignment fits none of the
 * unit's access granules for that memory, or whose statically known bytes
 * fall outside the memory; a get_unit naming nothing of the device. Then
 * the binary is linked (sc_link) and checked as a whole (sc_validate).
 *
 * Rejected as "not supported yet" (located): loops carrying vectors, scf.if,
 * a view layout or time map that is not linear, a load/store set that is
 * not a contiguous or evenly strided run, more than 64 scalar or 32 vector
 * registers in one program, an op without a SpyreCode form.
 */
#ifndef CODEGEN_CODEGEN_H
#define CODEGEN_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "arch/arch.h"
#include "codegen/spyrecode.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

struct cg_options {
    /* The kernel's KTIR source (may be NULL): embedded in the binary for
     * `ktc-launch --check`, and read for the arguments' tensor types. */
    const char *ktir_file;
    const char *ktir_text;
    size_t ktir_len;
};

/* Translates the kernel of DataflowIR module m for device dev (see above).
 * Returns the new binary, linked and validated, or NULL after reporting
 * located errors to diag. m is not modified. */
struct sc_binary *cg_codegen(struct ir_module *m, const struct arch_device *dev,
                             const struct cg_options *o, struct ir_diag *diag);

/* The rewrites cg_codegen makes of each program once translated, in this
 * order (codegen_sched.c's head comment): */

/* Fuses each send into the instruction making the vector it sends, when
 * the send can move up to it past arithmetic and loads only: a vector op
 * becomes op.send (its register still written); a vld (vldz) whose
 * register nothing else reads, then or later, a vlds (vldzs). */
void cg_fuse_sends(struct sc_program *p);

/* Moves each receive of program p down to just before the first
 * instruction using what it receives, within runs of arithmetic (not past
 * an op.send), the receives in their order. */
void cg_sink_receives(struct sc_program *p);

#endif
