/* sim_int.h - what the files of sim/ share: the device's memories, the
 * loaded kernel (units, ports, channels, timing resources) and a run's state.
 *
 * Time is counted in ticks, SIM_TICK to a cycle, so that transfers shorter
 * than a cycle on a shared datapath add up exactly (four 64-byte bursts on a
 * 256 B/cycle link take one cycle, not four).
 */
#ifndef SIM_SIM_INT_H
#define SIM_SIM_INT_H

#include "arch/arch.h"
#include "sim/sim.h"

#define SIM_TICK 256
/* Memories are paged: 64 KiB pages in a big memory (a 128 GiB device
 * memory has 2M page slots), 4 KiB in one of at most SIM_SMALL_MEM bytes (a
 * core's scratchpad: a first partial write zeroes 4 KiB, not 64). */
#define SIM_PAGE_BITS 16
#define SIM_SMALL_PAGE_BITS 12
#define SIM_SMALL_MEM ((uint64_t)64 << 20)

struct smem {
    uint32_t res; /* arch resource */
    uint64_t size;
    unsigned page_bits; /* SIM_PAGE_BITS or SIM_SMALL_PAGE_BITS */
    uint64_t npages;
    uint8_t **pages; /* allocated on first write; unwritten memory reads as zero */
    uint64_t *used;  /* indices of the allocated pages (a 128 GiB memory has 2M slots) */
    uint64_t nused, capused;
    struct sguard *guards; /* the tensors in it (sim_mem_guard), by address */
    uint32_t nguards, capguards;
};

/* A tensor's bytes [at, end) of a memory, and its name. */
struct sguard {
    uint64_t at, end;
    char name[48];
};

struct sim {
    const struct arch_device *d;
    uint32_t nmem;
    struct smem *mem;
    uint32_t *mem_of_res; /* arch resource -> memory index, or SC_NONE */
    bool *is_dev_mem;     /* arch resource -> it is device memory */
    /* device memory's word, the stick (bytes): the largest word_size of any
     * unit's access to it (arch_access), 1 when none gives one; its log2,
     * or -1 when it is no power of two */
    uint64_t stick;
    int stick_shift;
};

/* The distinct sticks of one device memory a run read and wrote (the
 * compulsory traffic, report.c): a bitmap per direction for each chunk of
 * SIM_TOUCH_STICKS sticks, allocated on the chunk's first access. */
#define SIM_TOUCH_BITS 12
#define SIM_TOUCH_STICKS ((uint64_t)1 << SIM_TOUCH_BITS)
#define SIM_TOUCH_WORDS (SIM_TOUCH_STICKS / 64)
struct stouch {
    uint64_t nchunks;  /* 0 until the first access */
    uint64_t **chunk;  /* SIM_TOUCH_WORDS read bits, then as many write bits */
    uint64_t *used;    /* indices of the allocated chunks */
    uint64_t nused, capused;
};

/* Where a resource sits relative to device memory (the memory KTIR's global
 * space maps to), for the roofline's latencies (report.c). */
enum sres_role {
    SRES_LOCAL,     /* neither end is device memory */
    SRES_DEV_READ,  /* a datapath out of device memory */
    SRES_DEV_WRITE, /* a datapath into device memory */
    SRES_DEV_AGG,   /* device memory's aggregate bandwidth */
};

/* A timing resource: a datapath, or a memory's aggregate bandwidth. */
struct sres {
    char *name;
    enum sres_role role;
    uint32_t src, dst;  /* a datapath's ends (arch resources); SC_NONE for an aggregate */
    double bw;          /* bytes per cycle */
    uint64_t lat;       /* ticks */
    uint64_t free;      /* tick at which it is next free */
    uint64_t bytes, busy; /* busy in ticks */
    uint64_t memo_bytes, memo_ticks; /* ticks for memo_bytes (0: 0) */
};

/* An access granularity (arch_access) in the form the run checks fast:
 * KACC_MASKS when every granule's size and alignment in bytes is a power of
 * two (at most KACC_MAX of them): an access of n bytes at a is allowed when
 * some granule g has (n & size_mask[g]) == 0 and (a & align_mask[g]) == 0,
 * which is sc_access_ok for n, a >= 0; KACC_GENERAL: call sc_access_ok. */
enum { KACC_ANY, KACC_MASKS, KACC_GENERAL };
#define KACC_MAX 4
struct kacc {
    uint8_t mode, n;
    int64_t size_mask[KACC_MAX], align_mask[KACC_MAX];
};

/* A port of a unit as bound at load: a memory with the resources a vector
 * load (rd) or store (wr) crosses, or a channel. */
struct kport {
    uint32_t mem;        /* memory index, or SC_NONE */
    uint32_t chan;       /* channel index, or SC_NONE */
    struct kchan *ch;    /* that channel (&sim_kernel.chans[chan]), or NULL */
    uint32_t rd[2], wr[2]; /* resources (SC_NONE when absent): link, memory aggregate */
    const struct arch_access *ld, *st; /* how the unit loads / stores this memory, or NULL */
    struct kacc ldc, stc;              /* ld and st for the run's checks */
    uint32_t *path, npath; /* another core's memory (a ring transfer's source): the resources
                              of every link of the route to the unit, rd[0] unused */
    bool dev;              /* mem is device memory: its accesses are counted in sim_kernel.touch */
};

/* Fills c from a (NULL: any access). */
void kacc_init(struct kacc *c, const struct arch_access *a);

struct kunit {
    const struct sc_unit *u;
    uint32_t res;     /* arch resource */
    uint32_t prog;
    struct kport *ports;
    int64_t *init;    /* init values (patched) */
    int64_t lanes[INTERP_NDTYPES]; /* SIMD lanes per dtype (0: none) */
    int64_t widest;   /* the most lanes of any dtype, 0 if no SIMD */
};

/* One FIFO slot: up to entry_bytes of a vector. */
struct kslot {
    uint64_t arrive, freed; /* ticks: when its data is at the receiver; when it was last popped */
    uint32_t n, used;       /* bytes in it, bytes already received */
};

struct kchan {
    const struct sc_chan *c;
    uint32_t src, dst;   /* units (kunit index) */
    uint32_t res;        /* timing resource of its datapath (fifos), or SC_NONE */
    uint64_t lat;        /* ticks */
    uint32_t depth, entry; /* slots, bytes per slot */
    /* run state */
    struct kslot *slots;
    uint8_t *data;       /* depth * entry bytes */
    uint32_t head, count;
    uint64_t *sig;       /* signals: arrival ticks, a growing ring */
    uint32_t sig_head, sig_count, sig_cap;
    uint64_t bytes;
};

struct urun; /* run.c */
struct sim_hent {
    uint64_t t;  /* the unit's time when it entered the ready heap */
    uint32_t u;
};

/* The opcode the run dispatches a vector op with SC_F_SEND on (past every
 * enum sc_opcode). */
enum { SIM_OP_SEND = SC_NOPCODES };

struct sim_kernel {
    struct sim *s;
    const struct sc_binary *b;
    struct sc_insn **code; /* per program: a patched copy */
    uint8_t **ops;         /* per program: its instructions' opcodes, packed (the run's
                            * dispatch reads them without touching the instructions;
                            * SIM_OP_SEND for a vector op.send), then a mov as a
                            * sentinel */
    uint32_t nunits, nchans, nres;
    struct kunit *units;
    struct kchan *chans;
    struct sres *res;
    uint32_t *res_of_link;  /* arch link -> resource, SC_NONE until used */
    uint32_t *agg_of_mem;   /* memory -> its aggregate resource, or SC_NONE */
    struct stouch *touch;   /* per memory (used for device memory only): this run's sticks */
    /* run.c's state, kept between runs (allocated by the first) */
    struct urun *run_u;
    struct sim_hent *run_heap;
    uint8_t *run_tmp;
    size_t run_tmpcap;
};

/* Frees run.c's state kept in k. */
void sim_run_state_free(struct sim_kernel *k);

/* Records that the run read (w = 0) or wrote (w = 1) bytes [a, a + n) of
 * device memory mem (the caller checked the range); stouch_reset forgets
 * every run's record. */
void stouch_mark_slow(struct sim_kernel *k, uint32_t mem, unsigned w, uint64_t a, uint64_t n);
void stouch_reset(struct sim_kernel *k);
/* The distinct sticks of memory mem read (w = 0) or written since the reset. */
uint64_t stouch_count(const struct sim_kernel *k, uint32_t mem, unsigned w);

/* stouch_mark_slow with its common case inline: a power-of-two stick and
 * sticks within one word of a chunk already allocated. */
static inline void stouch_mark(struct sim_kernel *k, uint32_t mem, unsigned w, uint64_t a,
                               uint64_t n)
{
    struct stouch *t = &k->touch[mem];
    int sh = k->s->stick_shift;
    if (n && sh >= 0 && t->nchunks) {
        uint64_t first = a >> sh, last = (a + n - 1) >> sh;
        uint64_t *bits = t->chunk[first >> SIM_TOUCH_BITS];
        if (bits && first >> 6 == last >> 6) {
            uint64_t *word = bits + w * SIM_TOUCH_WORDS + ((first & (SIM_TOUCH_STICKS - 1)) >> 6);
            *word |= (~(uint64_t)0 << (first & 63)) & (~(uint64_t)0 >> (63 - (last & 63)));
            return;
        }
    }
    stouch_mark_slow(k, mem, w, a, n);
}

/* Byte copies into and out of a memory; the caller checked the range. */
void smem_read(struct smem *m, uint64_t a, void *dst, uint64_t n);
/* The first tensor of m (sim_mem_guard) ending after byte a (holding it,
 * or after it), or NULL; the last one ending at or before a, or NULL. */
const struct sguard *smem_guard_from(const struct smem *m, uint64_t a);
const struct sguard *smem_guard_before(const struct smem *m, uint64_t a);
void smem_write(struct smem *m, uint64_t a, const void *src, uint64_t n);
/* n bytes from s at sa to d at da, the ranges not overlapping: the same as
 * smem_read then smem_write, without the copy in between. */
void smem_copy(struct smem *d, uint64_t da, const struct smem *s, uint64_t sa, uint64_t n);

/* What one unit did in a run (times in ticks). */
struct sim_ucount {
    uint64_t busy, stall;  /* working; waiting */
    uint64_t insns, lane_ops;
    uint64_t vbusy;        /* working on vector lane operations that count (lane_ops) */
    uint64_t xbusy;        /* working on the transfers it issued (dma, vld, vst, send) */
};

/* Fills r from a finished run: per-unit counters (an array of k->nunits),
 * the resources' counters, end = the last unit's finish. */
void sim_report_fill(struct sim_kernel *k, struct sim_report *r, const struct sim_ucount *u,
                     uint64_t end);

/* ---- the trace ----------------------------------------------------------- */

struct sim_slice {
    uint32_t unit;
    uint8_t op;
    bool stall;          /* the unit waited in op (for data, a signal, room), not worked */
    uint32_t pc;         /* its (first) instruction, by index in its unit's program */
    uint64_t start, end; /* ticks */
};

struct sim_trace {
    uint32_t n, cap;
    bool truncated;
    struct sim_slice *s;
    int64_t clock_mhz;
    uint32_t nunits;
    int32_t *core; /* per unit */
};

#define SIM_TRACE_MAX (1u << 22)

#endif
