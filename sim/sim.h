/* sim.h - the simulated device: runs a prepared SpyreCode kernel's unit
 * programs on a device model (arch/arch.h), computing real values with
 * ktc-interp's numerics and counting cycles. The runtime (runtime/) drives
 * it; codegen/README.md ("Timing") describes the timing model.
 *
 *   sim_new(device) ── memories (paged, zero until written)
 *     sim_kernel_new(binary) ── units bound to instances, routes, FIFOs
 *       sim_kernel_patch* (launch-time symbol values)
 *       sim_run ── every unit to completion, a deadlock, an error or the
 *                  cycle limit; a sim_report with stats and the trace
 */
#ifndef SIM_SIM_H
#define SIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "codegen/spyrecode.h"

struct arch_device;
struct sim;
struct sim_kernel;

/* A device instance: every memory of d, empty. d must outlive it. */
struct sim *sim_new(const struct arch_device *d);
void sim_free(struct sim *s);
const struct arch_device *sim_device(const struct sim *s);

/* The memory instance named name ("DDR", "C0-L1"), or SC_NONE. */
uint32_t sim_mem_find(const struct sim *s, const char *name);
/* Its size in bytes. */
uint64_t sim_mem_size(const struct sim *s, uint32_t mem);
/* Host copies into / out of memory mem at byte address addr; false when
 * [addr, addr+n) is outside it. */
bool sim_mem_write(struct sim *s, uint32_t mem, uint64_t addr, const void *src, size_t n);
bool sim_mem_read(struct sim *s, uint32_t mem, uint64_t addr, void *dst, size_t n);
/* Bytes [addr, addr + n) of device memory mem (a scratchpad: ignored)
 * hold a tensor (name: for messages, may be NULL; marking it again renames
 * it), taken to whole sticks. Once a memory holds any, a DMA changing a
 * byte outside them fails (at its KTIR location): a launch whose views
 * reach past their tensors, where it would write over another tensor.
 * Reads may run past a tensor, and writes too when they leave the bytes as
 * they were: code reads whole words and rows, drops the lanes a mask
 * leaves out and writes back the ones it read. A range overlapping a
 * marked one joins it. */
void sim_mem_guard(struct sim *s, uint32_t mem, uint64_t addr, uint64_t n, const char *name);
/* The tensor marked at addr is gone. */
void sim_mem_unguard(struct sim *s, uint32_t mem, uint64_t addr);

/* Loads binary b onto the device: checks it against the device
 * (sc_validate), binds each unit to its instance, each port to its memory
 * or channel, each DMA and vector access to its datapaths. b must outlive
 * the kernel. NULL after located errors. */
struct sim_kernel *sim_kernel_new(struct sim *s, const struct sc_binary *b, struct ir_diag *diag);
void sim_kernel_free(struct sim_kernel *k);

/* Launch-time values: operand slot of instruction insn of program prog
 * (the sc_step PATCH coordinates), or init register entry of unit u. */
void sim_kernel_patch_insn(struct sim_kernel *k, uint32_t prog, uint32_t insn, uint32_t slot,
                           int64_t value);
void sim_kernel_patch_init(struct sim_kernel *k, uint32_t unit, uint32_t init, int64_t value);

struct sim_options {
    uint64_t cycle_limit; /* 0 = none */
    bool trace;           /* record slices for sim_write_trace */
};

enum sim_status { SIM_OK, SIM_DEADLOCK, SIM_CYCLE_LIMIT, SIM_ERROR };

struct sim_unit_stats {
    const char *name, *kind;
    uint64_t busy, stall, idle; /* cycles; busy + stall + idle = the run's cycles */
    uint64_t insns, lane_ops;   /* instructions executed, vector lanes computed */
};

struct sim_path_stats {
    const char *name;   /* "DDR -> C0-MNILU", or "DDR (aggregate)" */
    uint64_t bytes;
    double bandwidth;   /* bytes/cycle */
    uint64_t busy;      /* cycles the datapath transferred */
};

/* What a run did (it owns its strings and outlives the kernel). message: for anything but SIM_OK, what happened (who
 * waits on whom, where an error is); several lines, no trailing newline. */
struct sim_report {
    enum sim_status status;
    char *message;
    uint64_t cycles;           /* until the last unit finished */
    uint64_t roofline_cycles;  /* a lower bound no schedule beats: bandwidth and latency (report.c) */
    uint64_t bandwidth_cycles; /* the busiest resource's busy time alone (<= roofline_cycles) */
    const char *roofline_by;   /* what sets roofline_cycles: a datapath, or "UNIT lanes",
                                  "UNIT transfers", "UNIT lanes and transfers" */
    uint64_t roofline_latency; /* the latency part of roofline_cycles (the rest is roofline_by's busy) */
    const char *bottleneck;    /* the datapath or unit that was busiest in this run */
    /* The compulsory-traffic roofline: what the run's device-memory traffic
     * costs at least when every distinct stick (device memory's word, from
     * the device description: the units' word_size for it) that it read is
     * read once and every one it wrote is written once, at the bandwidth of
     * the datapaths out of and into device memory it used (their sum) and of
     * the aggregate, plus the roofline's latencies (report.c). Unlike
     * roofline_cycles it does not grow when a schedule moves the same bytes
     * twice, so cycles / compulsory_cycles shows redundant traffic too; it
     * counts no compute, and whole sticks (a run moving part of a stick can
     * have it above roofline_cycles). */
    uint64_t compulsory_cycles;
    uint64_t compulsory_latency;  /* its latency part */
    const char *compulsory_by;    /* what sets it: a datapath, "DDR reads over N datapaths",
                                     "DDR (aggregate)" [" reads" | " writes"], or "none" */
    uint64_t compulsory_read;     /* bytes: distinct sticks read x stick */
    uint64_t compulsory_written;  /* bytes: distinct sticks written x stick */
    uint64_t stick;               /* bytes */
    uint64_t lane_ops, insns;
    uint32_t nunits, npaths;
    struct sim_unit_stats *units;
    struct sim_path_stats *paths; /* only datapaths that moved bytes */
    struct sim_trace *trace;      /* NULL unless options.trace */
    char *strings;                /* holds every name above */
};

/* Runs every unit of k from its first instruction (memories keep their
 * contents, registers start from the units' init values). Fills r (free it
 * with sim_report_free). Returns r->status. */
enum sim_status sim_run(struct sim_kernel *k, const struct sim_options *o, struct sim_report *r);
void sim_report_free(struct sim_report *r);

/* The report as text (--stats: a `cycles: N (roofline R = ...)` line, then
 * `compulsory: C cycles (= latency L + busy B of X; K bytes: ...)`, ...) or
 * JSON (--stats-json; keys cycles, roofline_cycles, roofline_latency,
 * bandwidth_cycles, roofline_by, bottleneck, compulsory_cycles,
 * compulsory_latency, compulsory_by, compulsory_read_bytes,
 * compulsory_written_bytes, stick_bytes, bytes {datapath: n}, units [...]). */
void sim_print_stats(const struct sim_report *r, FILE *out);
void sim_print_stats_json(const struct sim_report *r, FILE *out);
/* Chrome/Perfetto trace JSON: a process per core, a track per unit
 * instance, a slice per run of like instructions (args.pc the first one's
 * index in the unit's program), and one per wait in an instruction
 * ("stall:<mnemonic>", args.pc its index). */
void sim_write_trace(const struct sim_report *r, FILE *out);

#endif
