/* run.c - running a loaded kernel: every unit instance executes its program
 * in order, as a discrete-event simulation in ticks. The unit with the
 * earliest time always goes next, so shared datapaths are claimed in time
 * order. A unit that cannot go on (an empty or full FIFO, a missing signal)
 * blocks until its peer acts; when no unit can go on the run is a deadlock
 * and the report says who waits on whom.
 *
 * Timing (codegen/README.md): an access or transfer occupies every datapath it
 * crosses for bytes / bandwidth (fractions of a cycle add up), a vector
 * op its unit for ceil(n / lanes) cycles; results are usable after the
 * datapath's latency; vector registers are scoreboarded, so a unit waits
 * only when it uses a value that is not there yet. DMAs run asynchronously
 * after issue; fence waits for them, sig.wait delivers its signal when they
 * are done without holding up the unit.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"
#include "sim/sim_int.h"

enum { U_READY, U_BLOCKED, U_DONE, U_LIMIT };

/* The instructions whose effect or timing depends on other units (shared
 * memories and datapaths, channels). Any other instruction reads and writes
 * only its unit's state, so a unit runs those ahead of the others without
 * changing the run: it waits for its turn (the earliest time, then unit
 * order) only before one of these.
 *
 * Channel operations (send, recv, sig, wait) need no turn either, unless
 * the run is traced (op_meets_traced): a channel has one sender and one
 * receiver, its FIFO datapath carries only its sender's sends, and each
 * operation's times come from the times the channel carries (a slot's
 * arrival and the time it was freed, a signal's time) combined with max, so
 * what a unit gets from a channel does not depend on when it looks: a
 * unit that looks ahead of its turn and finds the channel empty (or full)
 * blocks with its time unchanged and is woken when its peer acts, then
 * gets what it would have got in turn (the channels make the units a Kahn
 * network, deterministic in values and in times). A blocked unit resumes
 * after the time of the unit that woke it, which ran in turn or was itself
 * woken, so memory accesses and DMAs, which wait for their turn, still run
 * in the order of their times and see the same memories and datapaths.
 * Only the trace depends on the interleaving (slices are merged with the
 * unit's recent slices), so a traced run keeps every channel operation in
 * turn, as the trace's slice order always was. */
static const bool op_meets[256] = {
    [SC_DMA] = true,   [SC_VLD] = true, [SC_VLDZ] = true, [SC_VLDS] = true,
    [SC_VLDZS] = true, [SC_VST] = true, [SC_LD] = true,
};
static const bool op_meets_traced[256] = {
    [SC_DMA] = true,   [SC_VLD] = true, [SC_VLDZ] = true, [SC_VLDS] = true,
    [SC_VLDZS] = true, [SC_VST] = true, [SC_LD] = true,   [SC_SEND] = true,
    [SC_RECV] = true,  [SC_SIG] = true, [SC_WAIT] = true, [SIM_OP_SEND] = true,
};
enum { X_OK, X_BLOCK, X_ERR };

enum { V_STREAM = SC_MAX_VREGS, NVEC };

struct svec {
    uint8_t dtype;
    bool set;        /* written in this run (data outlives runs: reused) */
    uint32_t n, cap; /* elements, bytes allocated */
    uint8_t *data;
    uint64_t ready;  /* tick at which its value is usable */
};

/* A unit's run state. It is kept with the kernel between runs (sim_run
 * resets everything before v; v keeps its buffers), so a launch allocates
 * nothing per unit. */
struct urun {
    const struct sc_insn *code; /* its program's patched copy (k->code) */
    const uint8_t *ops;         /* its opcodes (k->ops, one more: a sentinel) */
    uint32_t ninsns;            /* and its length */
    uint32_t pc;
    uint8_t state;
    uint64_t t, dma_done, end;
    uint64_t busy, stall, insns, lane_ops, vbusy, xbusy;
    uint64_t prog; /* progress of a partly done send or recv: bytes */
    /* a partly done vlds: when its read of memory ends, and the read's latency */
    uint64_t rd_end, rd_lat;
    uint64_t ld_until;             /* the latest tick an ld's register is ready */
    uint64_t rready[SC_MAX_SREGS]; /* per register: when its ld's value is there */
    int64_t r[SC_MAX_SREGS];
    struct svec v[NVEC]; /* the vector registers, then what a vlds sends */
};

struct run {
    struct sim_kernel *k;
    const struct sim_options *o;
    struct urun *u;
    struct sim_hent *heap;
    uint32_t nheap;
    char *msg;
    struct sim_trace *tr;
    uint8_t *tmp; /* scratch for DMA and FIFO copies */
    size_t tmpcap;
    /* element sizes by dtype (interp_dtype_size, looked up once per run:
     * the hot paths would otherwise call into the interpreter) */
    uint8_t esize[INTERP_NDTYPES];
    struct iv_tensor tv; /* a rank-1 view for the interpreter's (un)packing */
};

static inline size_t esz(const struct run *R, unsigned dtype) { return R->esize[dtype]; }
/* iv_ek_is_float and iv_ek_is_single, inline for the ALU's dispatch */
static inline bool ek_float(unsigned ek) { return ek >= INTERP_F16; }
static inline bool ek_single(unsigned ek) { return ek >= INTERP_F16 && ek <= INTERP_F32; }

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory\n");
        abort();
    }
    return p;
}

/* ---- the ready heap, earliest time first (then unit order) --------------- */

/* Entries carry their unit's time (which does not change while it waits in
 * the heap), so sifting touches only the heap, not the units' state. */
static inline bool hbefore(struct sim_hent a, struct sim_hent b)
{
    return a.t < b.t || (a.t == b.t && a.u < b.u);
}

static void heap_push(struct run *R, uint32_t unit)
{
    struct sim_hent x = {R->u[unit].t, unit};
    uint32_t i = R->nheap++;
    while (i && hbefore(x, R->heap[(i - 1) / 2])) {
        R->heap[i] = R->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    R->heap[i] = x;
}

static uint32_t heap_pop(struct run *R)
{
    struct sim_hent top = R->heap[0], x = R->heap[--R->nheap];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= R->nheap)
            break;
        if (c + 1 < R->nheap && hbefore(R->heap[c + 1], R->heap[c]))
            c++;
        if (!hbefore(R->heap[c], x))
            break;
        R->heap[i] = R->heap[c];
        i = c;
    }
    if (R->nheap)
        R->heap[i] = x;
    return top.u;
}

/* Pushes unit and pops the earliest entry in one sift, for a unit that must
 * yield to the heap's top (which hbefore its entry): the same as heap_push
 * then heap_pop, which would return that top. */
static uint32_t heap_yield(struct run *R, uint32_t unit)
{
    struct sim_hent top = R->heap[0], x = {R->u[unit].t, unit};
    uint32_t i = 0, n = R->nheap;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && hbefore(R->heap[c + 1], R->heap[c]))
            c++;
        if (!hbefore(R->heap[c], x))
            break;
        R->heap[i] = R->heap[c];
        i = c;
    }
    R->heap[i] = x;
    return top.u;
}

static inline void wake(struct run *R, uint32_t unit)
{
    if (unit < R->k->nunits && R->u[unit].state == U_BLOCKED) {
        R->u[unit].state = U_READY;
        heap_push(R, unit);
    }
}

/* ---- errors -------------------------------------------------------------- */

static int fail(struct run *R, uint32_t unit, const struct sc_insn *in, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5), cold, noinline))
#endif
    ;

static int fail(struct run *R, uint32_t unit, const struct sc_insn *in, const char *fmt, ...)
{
    const struct sc_binary *b = R->k->b;
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char where[256] = "";
    if (in->loc.file != SC_NONE && in->loc.file < b->nfiles)
        snprintf(where, sizeof where, "%s:%u:%u: ", b->files[in->loc.file], in->loc.line,
                 in->loc.col);
    size_t n = strlen(where) + strlen(what) + 256;
    R->msg = xrealloc(NULL, n);
    snprintf(R->msg, n, "%serror: unit '%s' at cycle %llu (%s): %s", where,
             R->k->units[unit].u->name,
             (unsigned long long)(R->u[unit].t / SIM_TICK), sc_ops[in->op].name, what);
    return X_ERR;
}

/* ---- helpers ----------------------------------------------------------- */

static inline int64_t val(const struct urun *x, const struct sc_opnd *o)
{
    return o->kind == SC_REG ? x->r[o->v] : o->v;
}

static int64_t addr_of(const struct urun *x, const struct sc_addr *a)
{
    int64_t v = val(x, &a->base);
    for (unsigned t = 0; t < a->nterms; t++)
        v += x->r[a->reg[t]] * a->stride[t].v;
    return v;
}

static uint64_t ticks_for(uint64_t bytes, double bw)
{
    double t = (double)bytes * SIM_TICK / bw;
    uint64_t u = (uint64_t)t;
    return u + ((double)u < t);
}

/* Claims resources rs[0..n) for bytes, starting at t or when all are free.
 * Returns the start; *dur gets the longest occupancy, *lat the latencies. */
static inline uint64_t claim(struct run *R, const uint32_t *rs, unsigned n, uint64_t bytes,
                             uint64_t t, uint64_t *dur, uint64_t *lat)
{
    struct sres *res = R->k->res;
    uint64_t start = t, d = 0, l = 0;
    for (unsigned i = 0; i < n; i++)
        if (rs[i] != SC_NONE && res[rs[i]].free > start)
            start = res[rs[i]].free;
    for (unsigned i = 0; i < n; i++) {
        if (rs[i] == SC_NONE)
            continue;
        struct sres *x = &res[rs[i]];
        /* the last size's ticks, remembered: a resource mostly carries
         * one size, and the division is dear */
        if (bytes != x->memo_bytes) {
            x->memo_bytes = bytes;
            x->memo_ticks = ticks_for(bytes, x->bw);
        }
        uint64_t di = x->memo_ticks;
        x->free = start + di;
        x->bytes += bytes;
        x->busy += di;
        l += x->lat;
        if (di > d)
            d = di;
    }
    *dur = d;
    *lat = l;
    return start;
}

static void slice(struct run *R, uint32_t unit, uint8_t op, bool stall, uint32_t pc, uint64_t start,
                  uint64_t end)
{
    struct sim_trace *tr = R->tr;
    if (!tr || end <= start)
        return;
    for (uint32_t i = tr->n; i-- > 0 && i + 8 >= tr->n;) {
        struct sim_slice *s = &tr->s[i];
        if (s->unit != unit || (s->stall && !stall)) /* a work slice may go on past a wait's */
            continue;
        if (s->op == op && !stall && !s->stall && s->end == start) {
            s->end = end;
            return;
        }
        break;
    }
    if (tr->n == SIM_TRACE_MAX) {
        tr->truncated = true;
        return;
    }
    if (tr->n == tr->cap) {
        tr->cap = tr->cap ? tr->cap * 2 : 4096;
        tr->s = xrealloc(tr->s, tr->cap * sizeof *tr->s);
    }
    tr->s[tr->n++] = (struct sim_slice){unit, op, stall, pc, start, end};
}

/* The unit waits until tick w (a stall when later than now). */
static inline void wait_until(struct urun *x, uint64_t w)
{
    if (w > x->t) {
        x->stall += w - x->t;
        x->t = w;
    }
}

/* The instructions that move data: the unit works on them for their
 * transfer time (the roofline counts it with the unit's lanes). */
static const bool op_transfers[256] = {
    [SC_DMA] = true,   [SC_VLD] = true, [SC_VLDZ] = true, [SC_VLDS] = true,
    [SC_VLDZS] = true, [SC_VST] = true, [SC_SEND] = true,
};

/* The unit works from start (stalled before it) for dur ticks. */
static inline void work(struct run *R, uint32_t unit, uint8_t op, uint64_t start, uint64_t dur)
{
    struct urun *x = &R->u[unit];
    wait_until(x, start);
    x->busy += dur;
    if (op_transfers[op])
        x->xbusy += dur;
    if (R->tr)
        slice(R, unit, op, false, x->pc, x->t, x->t + dur);
    x->t += dur;
}

static void vec_size(const struct run *R, struct svec *v, unsigned dtype, uint32_t n)
{
    size_t bytes = (size_t)n * esz(R, dtype);
    if (bytes > v->cap) {
        v->cap = (uint32_t)(bytes < 64 ? 64 : bytes);
        v->data = xrealloc(v->data, v->cap);
    }
    v->dtype = (uint8_t)dtype;
    v->set = true;
    v->n = n;
}

static uint8_t *scratch(struct run *R, size_t n)
{
    if (n > R->tmpcap) {
        R->tmpcap = n;
        R->tmp = xrealloc(R->tmp, n);
    }
    return R->tmp;
}

static int mem_fail(struct run *R, uint32_t unit, const struct sc_insn *in, uint32_t m,
                    int64_t a, int64_t n, const struct arch_access *acc)
#if defined(__GNUC__)
    __attribute__((cold, noinline))
#endif
    ;

/* An access outside memory m or against its granules (acc). One inside a
 * word, which ktc-codegen's checks let pass only at an address computed as
 * the program runs, says so: ktc compiles whole words at an address known
 * only at launch (a launch-time column, a block size argument) as aligned. */
static int mem_fail(struct run *R, uint32_t unit, const struct sc_insn *in, uint32_t m,
                    int64_t a, int64_t n, const struct arch_access *acc)
{
    const struct sim *s = R->k->s;
    const char *name = s->d->res[s->mem[m].res].name;
    if (a < 0 || n < 0 || (uint64_t)a > s->mem[m].size || (uint64_t)n > s->mem[m].size - (uint64_t)a)
        return fail(R, unit, in, "access of %lld bytes at %lld is outside %s (%llu bytes)",
                    (long long)n, (long long)a, name, (unsigned long long)s->mem[m].size);
    int64_t w = acc && acc->word_size > 1 ? acc->word_size : 0;
    if (w && a % w)
        return fail(R, unit, in, "access of %lld bytes at %lld does not match the access "
                    "granularity of %s: it starts %lld bytes into a %lld-byte word (ktc "
                    "compiles whole words at an address known only at launch as aligned: "
                    "launch values that place them inside a word are not supported)",
                    (long long)n, (long long)a, name, (long long)(a % w), (long long)w);
    return fail(R, unit, in, "access of %lld bytes at %lld does not match the access "
                "granularity of %s", (long long)n, (long long)a, name);
}

/* Checks [a, a + n) of memory m and the access granules (acc, as c); 0 or
 * an error. */
static inline int mem_check(struct run *R, uint32_t unit, const struct sc_insn *in, uint32_t m,
                            int64_t a, int64_t n, const struct arch_access *acc,
                            const struct kacc *c)
{
    uint64_t size = R->k->s->mem[m].size;
    if (a < 0 || n < 0 || (uint64_t)a > size || (uint64_t)n > size - (uint64_t)a)
        return mem_fail(R, unit, in, m, a, n, acc);
    if (c->mode == KACC_ANY)
        return X_OK;
    if (c->mode == KACC_MASKS) {
        for (unsigned g = 0; g < c->n; g++)
            if (!(n & c->size_mask[g]) && !(a & c->align_mask[g]))
                return X_OK;
        return mem_fail(R, unit, in, m, a, n, acc);
    }
    return sc_access_ok(acc, a, n) ? X_OK : mem_fail(R, unit, in, m, a, n, acc);
}

/* ---- the ALU --------------------------------------------------------------- */

static int ew_code(unsigned fn, bool flt)
{
    static const int fcode[SC_NFNS] = {
        [SC_FN_ADD] = EW_ADDF + 1, [SC_FN_SUB] = EW_SUBF + 1, [SC_FN_MUL] = EW_MULF + 1,
        [SC_FN_DIV] = EW_DIVF + 1, [SC_FN_REM] = EW_REMF + 1, [SC_FN_MAX] = EW_MAXIMUMF + 1,
        [SC_FN_MIN] = EW_MINIMUMF + 1, [SC_FN_MAXNUM] = EW_MAXNUMF + 1,
        [SC_FN_MINNUM] = EW_MINNUMF + 1, [SC_FN_POW] = EW_POWF + 1, [SC_FN_NEG] = EW_NEGF + 1,
        [SC_FN_ABS] = EW_ABSF + 1, [SC_FN_EXP] = EW_EXP + 1, [SC_FN_EXP2] = EW_EXP2 + 1,
        [SC_FN_LOG] = EW_LOG + 1, [SC_FN_LOG2] = EW_LOG2 + 1, [SC_FN_SQRT] = EW_SQRT + 1,
        [SC_FN_RSQRT] = EW_RSQRT + 1, [SC_FN_TANH] = EW_TANH + 1, [SC_FN_ERF] = EW_ERF + 1,
        [SC_FN_SIN] = EW_SIN + 1, [SC_FN_COS] = EW_COS + 1, [SC_FN_FLOOR] = EW_FLOOR + 1,
        [SC_FN_CEIL] = EW_CEIL + 1, [SC_FN_SIGMOID] = EW_SIGMOID + 1,
        [SC_FN_SILU] = EW_SILU + 1, [SC_FN_GELU] = EW_GELU + 1, [SC_FN_RECIP] = EW_RECIP + 1,
        [SC_FN_SOFTPLUS] = EW_SOFTPLUS + 1,
    };
    static const int icode[SC_NFNS] = {
        [SC_FN_ADD] = EW_ADDI + 1, [SC_FN_SUB] = EW_SUBI + 1, [SC_FN_MUL] = EW_MULI + 1,
        [SC_FN_DIV] = EW_DIVSI + 1, [SC_FN_REM] = EW_REMSI + 1, [SC_FN_MAX] = EW_MAXSI + 1,
        [SC_FN_MIN] = EW_MINSI + 1, [SC_FN_AND] = EW_ANDI + 1, [SC_FN_OR] = EW_ORI + 1,
        [SC_FN_XOR] = EW_XORI + 1, [SC_FN_SHL] = EW_SHLI + 1, [SC_FN_SHR] = EW_SHRSI + 1,
    };
    return (flt ? fcode : icode)[fn] - 1;
}

/* Reads source register k of the instruction (waiting for it); error when
 * it does not hold the instruction's element type. */
static inline int src_vec(struct run *R, uint32_t unit, const struct sc_insn *in, unsigned k,
                   bool any_type, struct svec **out)
{
    struct urun *x = &R->u[unit];
    struct svec *v = &x->v[in->reg[k]];
    if (!v->set)
        return fail(R, unit, in, "v%u holds no value", in->reg[k]);
    if (!any_type && v->dtype != in->dtype)
        return fail(R, unit, in, "v%u holds %s, not %s", in->reg[k],
                    interp_dtype_name((enum interp_dtype)v->dtype),
                    interp_dtype_name((enum interp_dtype)in->dtype));
    wait_until(x, v->ready);
    *out = v;
    return X_OK;
}

/* Occupies the unit's SIMD lanes for n elements. */
static inline void compute(struct run *R, uint32_t unit, const struct sc_insn *in, uint32_t n,
                    bool counts)
{
    const struct kunit *ku = &R->k->units[unit];
    struct urun *x = &R->u[unit];
    int64_t lanes = ku->lanes[in->dtype] ? ku->lanes[in->dtype] : ku->widest;
    uint64_t cycles = lanes <= 0 ? 1
                      : !(lanes & (lanes - 1))
                          ? ((uint64_t)n + (uint64_t)lanes - 1) >> __builtin_ctzll((uint64_t)lanes)
                          : ((uint64_t)n + (uint64_t)lanes - 1) / (uint64_t)lanes;
    if (!cycles)
        cycles = 1;
    work(R, unit, in->op, x->t, cycles * SIM_TICK);
    if (counts) {
        x->lane_ops += n;
        x->vbusy += cycles * SIM_TICK;
    }
    x->v[in->reg[0]].ready = x->t;
}

static void do_cvt(struct run *R, const struct sc_insn *in, struct svec *d, const struct svec *s)
{
    uint32_t n = s->n;
    if (ek_single(s->dtype) && ek_single(in->dtype)) {
        /* between single-precision kinds: every source value is exact in
         * f32, and packing an f32 rounds it as packing its f64 does, so
         * through f32 gives the general path's bits without its f64
         * buffers and allocation (into an f32 destination directly). A
         * source that is d is copied first (vec_size may grow d's buffer).
         * The unpacking and packing read only ek and data of the tensor. */
        const uint8_t *src = s->data;
        unsigned sk = s->dtype;
        if (s == d) {
            size_t bytes = (size_t)n * esz(R, sk);
            src = memcpy(scratch(R, bytes), s->data, bytes);
        }
        vec_size(R, d, in->dtype, n);
        struct iv_tensor *t = &R->tv;
        if (in->dtype == INTERP_F32) {
            t->ek = (uint8_t)sk;
            t->data = (void *)src;
            iv_unpack_f32(t, 0, n, (float *)(void *)d->data);
            return;
        }
        float fb[256];
        for (uint32_t i = 0; i < n; i += 256) {
            int64_t c = n - i < 256 ? n - i : 256;
            t->ek = (uint8_t)sk;
            t->data = (void *)src;
            iv_unpack_f32(t, i, c, fb);
            t->ek = in->dtype;
            t->data = d->data;
            iv_pack_f32(t, i, c, fb);
        }
        return;
    }
    struct iv_tensor ts = {.h = {1, IV_TENSOR}, .ek = s->dtype, .rank = 1, .shape = {n}, .n = n,
                           .data = s->data};
    struct svec tmp = {0};
    vec_size(R, &tmp, in->dtype, n); /* d may be s */
    struct iv_tensor td = {.h = {1, IV_TENSOR}, .ek = in->dtype, .rank = 1, .shape = {n}, .n = n,
                           .data = tmp.data};
    bool sf = iv_ek_is_float(s->dtype), df = iv_ek_is_float(in->dtype);
    double fb[256];
    int64_t ib[256];
    for (uint32_t i = 0; i < n; i += 256) {
        int64_t c = n - i < 256 ? n - i : 256;
        if (sf)
            iv_unpack_f(&ts, i, c, fb);
        else
            iv_unpack_i(&ts, i, c, false, ib);
        if (df && !sf)
            for (int64_t j = 0; j < c; j++)
                fb[j] = (double)ib[j];
        if (!df && sf) /* as arith.fptosi: toward zero, NaN 0, saturating at 64 bits */
            for (int64_t j = 0; j < c; j++) {
                double v = trunc(fb[j]);
                ib[j] = isnan(v) ? 0
                        : v <= -9223372036854775808.0 ? INT64_MIN
                        : v >= 9223372036854775808.0  ? INT64_MAX
                                                      : (int64_t)v;
            }
        if (df)
            iv_pack_f(&td, i, c, fb);
        else
            iv_pack_i(&td, i, c, ib);
    }
    free(d->data);
    *d = tmp;
}

static int do_red(struct run *R, uint32_t unit, const struct sc_insn *in, struct svec *d,
                  const struct svec *s, uint32_t g)
{
    bool flt = ek_float(in->dtype);
    int code = ew_code(in->fn, flt);
    if (code < 0)
        return fail(R, unit, in, "no %s reduction on %s", sc_fns[in->fn].name,
                    interp_dtype_name((enum interp_dtype)in->dtype));
    size_t es = esz(R, in->dtype);
    uint32_t m = s->n / g;
    struct svec tmp = {0};
    vec_size(R, &tmp, in->dtype, m);
    for (uint32_t i = 0; i < m; i++) {
        uint8_t *acc = tmp.data + i * es;
        memcpy(acc, s->data + (size_t)i * g * es, es);
        for (uint32_t j = 1; j < g; j++) {
            const void *ins[2] = {acc, s->data + ((size_t)i * g + j) * es};
            if (!iv_ew_raw(code, in->dtype, in->dtype, 2, ins, 1, acc, NULL)) {
                free(tmp.data);
                return fail(R, unit, in, "integer division by zero");
            }
        }
    }
    free(d->data);
    *d = tmp;
    return X_OK;
}

static int alu(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    const struct sc_binary *b = R->k->b;
    struct svec *d = &x->v[in->reg[0]], *s[3] = {NULL, NULL, NULL};
    size_t es = esz(R, in->dtype);
    bool flt = ek_float(in->dtype);
    switch (in->op) {
    case SC_VCONST: {
        vec_size(R, d, in->dtype, in->npool);
        for (uint32_t i = 0; i < in->npool; i++) {
            uint64_t bits = (uint64_t)b->pool[in->pool + i];
            memcpy(d->data + i * es, &bits, es); /* little-endian host */
        }
        compute(R, unit, in, in->npool, false);
        return X_OK;
    }
    case SC_VSPLAT: {
        int64_t v = val(x, &in->x[0]), n = val(x, &in->x[1]);
        if (n <= 0 || n > (1 << 24))
            return fail(R, unit, in, "splat of %lld elements", (long long)n);
        vec_size(R, d, in->dtype, (uint32_t)n);
        struct iv_tensor t = {.h = {1, IV_TENSOR}, .ek = in->dtype, .rank = 1, .shape = {n},
                              .n = n, .data = d->data};
        double f = (double)v;
        for (int64_t i = 0; i < n; i++)
            flt ? iv_pack_f(&t, i, 1, &f) : iv_pack_i(&t, i, 1, &v);
        compute(R, unit, in, (uint32_t)n, false);
        return X_OK;
    }
    case SC_VSPLATB: {
        int64_t v = val(x, &in->x[0]), n = val(x, &in->x[1]);
        if (n <= 0 || n > (1 << 24))
            return fail(R, unit, in, "splat of %lld elements", (long long)n);
        vec_size(R, d, in->dtype, (uint32_t)n);
        uint64_t bits = (uint64_t)v;
        for (int64_t i = 0; i < n; i++)
            memcpy(d->data + (size_t)i * es, &bits, es); /* little-endian host */
        compute(R, unit, in, (uint32_t)n, false);
        return X_OK;
    }
    case SC_VCMP:
    case SC_VSEL: {
        /* vsel's condition is i1, its values of the dtype */
        bool sel = in->op == SC_VSEL;
        for (unsigned k = 0; k < (sel ? 3u : 2u); k++)
            if (src_vec(R, unit, in, k + 1, sel && k == 0, &s[k]) != X_OK)
                return X_ERR;
        uint32_t n = s[0]->n;
        if (s[1]->n != n || (sel && s[2]->n != n))
            return fail(R, unit, in, "operands of %u and %u elements", n, s[1]->n);
        if (sel && s[0]->dtype != INTERP_I1)
            return fail(R, unit, in, "v%u holds %s, not an i1 mask", in->reg[1],
                        interp_dtype_name((enum interp_dtype)s[0]->dtype));
        unsigned rk = sel ? in->dtype : INTERP_I1;
        size_t rs = esz(R, rk);
        bool alias = s[0] == d || s[1] == d || (sel && s[2] == d);
        uint8_t *out = alias ? scratch(R, (size_t)n * rs) : NULL;
        if (!alias) {
            vec_size(R, d, rk, n);
            out = d->data;
        }
        if (sel)
            iv_select_raw(in->dtype, n, s[0]->data, s[1]->data, s[2]->data, out);
        else
            iv_cmp_raw(flt, (int)val(x, &in->x[0]), in->dtype, n, s[0]->data, s[1]->data, out);
        if (alias) {
            vec_size(R, d, rk, n);
            memcpy(d->data, out, (size_t)n * rs);
        }
        compute(R, unit, in, n, true);
        return X_OK;
    }
    default: break;
    }
    unsigned nin = in->op == SC_VFMA ? 3 : in->op == SC_VBIN ? 2 : 1;
    for (unsigned k = 0; k < nin; k++)
        if (src_vec(R, unit, in, k + 1, in->op == SC_VCVT, &s[k]) != X_OK)
            return X_ERR;
    uint32_t n = s[0]->n;
    for (unsigned k = 1; k < nin; k++)
        if (s[k]->n != n)
            return fail(R, unit, in, "operands of %u and %u elements", n, s[k]->n);
    switch (in->op) {
    case SC_VSHUF: {
        int64_t rep = in->nx ? val(x, &in->x[0]) : 1;
        uint64_t m = (uint64_t)in->npool * (uint64_t)(rep > 0 ? rep : 0);
        if (rep <= 0 || m > (1u << 24))
            return fail(R, unit, in, "repetition %lld", (long long)rep);
        const int64_t *lanes = &b->pool[in->pool];
        for (uint32_t p = 0; p < in->npool; p++)
            if (lanes[p] < 0 || lanes[p] >= n)
                return fail(R, unit, in, "lane %lld of a %u-element vector", (long long)lanes[p],
                            n);
        /* the selected lanes once, then rep - 1 copies of that block */
        bool alias = d == s[0];
        uint8_t *out = alias ? scratch(R, (size_t)m * es) : NULL;
        if (!alias) {
            vec_size(R, d, in->dtype, (uint32_t)m);
            out = d->data;
        }
        const uint8_t *src = s[0]->data;
        size_t all = (size_t)m * es, have = all;
        if (in->npool == 1 && es == 2) { /* a broadcast of one lane, filled */
            uint16_t v;
            memcpy(&v, src + 2 * lanes[0], 2);
            for (uint64_t i = 0; i < m; i++)
                memcpy(out + 2 * i, &v, 2);
        } else if (in->npool == 1 && es == 4) {
            uint32_t v;
            memcpy(&v, src + 4 * lanes[0], 4);
            for (uint64_t i = 0; i < m; i++)
                memcpy(out + 4 * i, &v, 4);
        } else {
            if (es == 2)
                for (uint32_t p = 0; p < in->npool; p++)
                    memcpy(out + 2 * p, src + 2 * lanes[p], 2);
            else
                for (uint32_t p = 0; p < in->npool; p++)
                    memcpy(out + p * es, src + (size_t)lanes[p] * es, es);
            have = (size_t)in->npool * es;
        }
        /* the repetitions by doubling: log2(rep) copies, not rep - 1 */
        while (have < all) {
            size_t c = all - have < have ? all - have : have;
            memcpy(out + have, out, c);
            have += c;
        }
        if (alias) {
            vec_size(R, d, in->dtype, (uint32_t)m);
            memcpy(d->data, out, (size_t)m * es);
        }
        compute(R, unit, in, (uint32_t)m, false);
        return X_OK;
    }
    case SC_VCVT:
        do_cvt(R, in, d, s[0]);
        compute(R, unit, in, n, true);
        return X_OK;
    case SC_VRED: {
        int64_t g = in->nx ? val(x, &in->x[0]) : n;
        if (g <= 0 || n % g)
            return fail(R, unit, in, "groups of %lld in %u elements", (long long)g, n);
        if (do_red(R, unit, in, d, s[0], (uint32_t)g) != X_OK)
            return X_ERR;
        compute(R, unit, in, n, true);
        return X_OK;
    }
    default: break;
    }
    int code = in->op == SC_VFMA ? (flt ? EW_FMA : -1) : ew_code(in->fn, flt);
    if (code < 0)
        return fail(R, unit, in, "no %s on %s", in->op == SC_VFMA ? "fma" : sc_fns[in->fn].name,
                    interp_dtype_name((enum interp_dtype)in->dtype));
    static const double softplus[2] = {1.0, 20.0};
    const void *ins[3];
    for (unsigned k = 0; k < nin; k++)
        ins[k] = s[k]->data;
    if (nin == 2 && code >= EW_ADDF && code < EW_FMA && ek_single(in->dtype)) {
        /* a two-operand float op on a single-precision kind: iv_ew_raw's
         * own path for it (ew_loop32: operands to f32, iv_ew_fbinary32, the
         * results back) without its per-call set-up. Elementwise, chunk by
         * chunk, so the destination may be a source: a source that is d has
         * n elements of the dtype, and vec_size keeps its buffer. The
         * unpacking and packing read only ek and data of the tensor. */
        vec_size(R, d, in->dtype, n);
        if (in->dtype == INTERP_F32) { /* no conversions: on the registers */
            iv_ew_fbinary32(code, n, (const float *)ins[0], (const float *)ins[1],
                            (float *)(void *)d->data);
            compute(R, unit, in, n, true);
            return X_OK;
        }
        struct iv_tensor *t = &R->tv;
        t->ek = in->dtype;
        t->n = t->shape[0] = n;
        float fa[256], fb[256], fr[256];
        for (uint32_t i0 = 0; i0 < n; i0 += 256) {
            int64_t c = n - i0 < 256 ? n - i0 : 256;
            t->data = (void *)ins[0];
            iv_unpack_f32(t, i0, c, fa);
            t->data = (void *)ins[1];
            iv_unpack_f32(t, i0, c, fb);
            iv_ew_fbinary32(code, c, fa, fb, fr);
            t->data = d->data;
            iv_pack_f32(t, i0, c, fr);
        }
        compute(R, unit, in, n, true);
        return X_OK;
    }
    /* a destination that is also a source is computed into scratch */
    bool alias = false;
    for (unsigned k = 0; k < nin; k++)
        alias |= s[k] == d;
    if (!alias)
        vec_size(R, d, in->dtype, n);
    uint8_t *out = alias ? scratch(R, (size_t)n * es) : d->data;
    if (!iv_ew_raw(code, in->dtype, in->dtype, nin, ins, n, out, softplus))
        return fail(R, unit, in, "integer division by zero");
    if (alias) {
        vec_size(R, d, in->dtype, n);
        memcpy(d->data, out, (size_t)n * es);
    }
    compute(R, unit, in, n, true);
    return X_OK;
}

/* ---- memory, FIFOs and signals ------------------------------------------------ */

/* smem_read and smem_write, with the common case (inside one allocated
 * page) inline. */
static inline void mem_rd(struct smem *m, uint64_t a, void *dst, uint64_t n)
{
    uint64_t off = a & (((uint64_t)1 << m->page_bits) - 1);
    const uint8_t *pg = m->pages[a >> m->page_bits];
    if (pg && off + n <= ((uint64_t)1 << m->page_bits))
        memcpy(dst, pg + off, n);
    else
        smem_read(m, a, dst, n);
}

static inline void mem_wr(struct smem *m, uint64_t a, const void *src, uint64_t n)
{
    uint64_t off = a & (((uint64_t)1 << m->page_bits) - 1);
    uint8_t *pg = m->pages[a >> m->page_bits];
    if (pg && off + n <= ((uint64_t)1 << m->page_bits))
        memcpy(pg + off, src, n);
    else
        smem_write(m, a, src, n);
}

/* Records rows of bytes each, stride apart from a (checked), as read (w =
 * 0) or written in device memory mem: the compulsory traffic's sticks. Out
 * of line: the accesses that call it stay small enough for step, the run's
 * dispatch, to be inlined into sim_run. */
static void mark(struct run *R, uint32_t mem, unsigned w, int64_t a, int64_t rows, int64_t bytes,
                 int64_t stride)
#if defined(__GNUC__)
    __attribute__((noinline))
#endif
    ;

static void mark(struct run *R, uint32_t mem, unsigned w, int64_t a, int64_t rows, int64_t bytes,
                 int64_t stride)
{
    if (stride == bytes) {
        stouch_mark(R->k, mem, w, (uint64_t)a, (uint64_t)(rows * bytes));
        return;
    }
    for (int64_t i = 0; i < rows; i++)
        stouch_mark(R->k, mem, w, (uint64_t)(a + i * stride), (uint64_t)bytes);
}

/* What vld.T vD, m[a], n[, stride] and vldz.T vD, m[a], n, len[, stride]
 * (or vlds, vldzs) read, into d: n elements loaded; vldz makes a vector of
 * len, loads its first clamp(n, 0, len) (maybe none) and zeroes the rest,
 * and moves only the bytes loaded (vld's time for those elements). *pp:
 * the port read, *bytes: what the read moves (a vldz of no element still
 * takes the port for one). */
static int vld_read(struct run *R, uint32_t unit, const struct sc_insn *in, struct svec *d,
                    const struct kport **pp, uint64_t *bytes)
{
    struct urun *x = &R->u[unit];
    const struct kport *p = &R->k->units[unit].ports[in->addr[0].port];
    bool pad = in->op == SC_VLDZ || in->op == SC_VLDZS;
    int64_t a = addr_of(x, &in->addr[0]), n = val(x, &in->x[0]);
    int64_t len = pad ? val(x, &in->x[1]) : n;
    int64_t es = (int64_t)esz(R, in->dtype);
    int64_t st = in->nx > 1u + pad ? val(x, &in->x[1 + pad]) : es;
    if (len <= 0 || len > (1 << 24))
        return fail(R, unit, in, "load of %lld elements", (long long)len);
    if (pad)
        n = n < 0 ? 0 : n > len ? len : n;
    struct smem *m = &R->k->s->mem[p->mem];
    vec_size(R, d, in->dtype, (uint32_t)len);
    memset(d->data + n * es, 0, (size_t)((len - n) * es));
    if (st == es) {
        if (mem_check(R, unit, in, p->mem, a, n * es, p->ld, &p->ldc) != X_OK)
            return X_ERR;
        mem_rd(m, (uint64_t)a, d->data, (uint64_t)(n * es));
    } else {
        for (int64_t i = 0; i < n; i++) {
            if (mem_check(R, unit, in, p->mem, a + i * st, es, p->ld, &p->ldc) != X_OK)
                return X_ERR;
            mem_rd(m, (uint64_t)(a + i * st), d->data + i * es, (uint64_t)es);
        }
    }
    if (p->dev)
        mark(R, p->mem, 0, a, n, es, st);
    *pp = p;
    *bytes = (uint64_t)((n ? n : 1) * es);
    return X_OK;
}

static int vld(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct svec *d = &x->v[in->reg[0]];
    const struct kport *p;
    uint64_t bytes, dur, lat;
    if (vld_read(R, unit, in, d, &p, &bytes) != X_OK)
        return X_ERR;
    uint64_t start = claim(R, p->rd, 2, bytes, x->t, &dur, &lat);
    work(R, unit, in->op, start, dur);
    d->ready = x->t + lat;
    return X_OK;
}

static int vst(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    const struct kport *p = &R->k->units[unit].ports[in->addr[0].port];
    struct svec *s = NULL;
    if (src_vec(R, unit, in, 0, false, &s) != X_OK)
        return X_ERR;
    int64_t a = addr_of(x, &in->addr[0]), n = s->n;
    int64_t es = (int64_t)esz(R, in->dtype);
    int64_t st = in->nx ? val(x, &in->x[0]) : es;
    struct smem *m = &R->k->s->mem[p->mem];
    if (st == es) {
        if (mem_check(R, unit, in, p->mem, a, n * es, p->st, &p->stc) != X_OK)
            return X_ERR;
        mem_wr(m, (uint64_t)a, s->data, (uint64_t)(n * es));
    } else {
        for (int64_t i = 0; i < n; i++) {
            if (mem_check(R, unit, in, p->mem, a + i * st, es, p->st, &p->stc) != X_OK)
                return X_ERR;
            mem_wr(m, (uint64_t)(a + i * st), s->data + i * es, (uint64_t)es);
        }
    }
    if (p->dev)
        mark(R, p->mem, 1, a, n, es, st);
    uint64_t dur, lat, start = claim(R, p->wr, 2, (uint64_t)(n * es), x->t, &dur, &lat);
    work(R, unit, in->op, start, dur);
    return X_OK;
}

/* ld.T rD, m[a]: a scalar load (codegen/README.md). The unit reads the
 * load word of the memory that holds the element (its word_size, a store
 * unit's store word; the element alone where there is none) over its read
 * datapath; the value is in rD after the datapath's latency, and the unit
 * goes on meanwhile: an instruction that reads rD waits for it (a
 * scoreboard, sim_run), so loads in a row overlap. The unit's DMAs are not
 * waited for (a fence orders them). */
static int ld(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    const struct kport *p = &R->k->units[unit].ports[in->addr[0].port];
    int64_t a = addr_of(x, &in->addr[0]), es = (int64_t)esz(R, in->dtype);
    /* a DMA store unit reads its source memory in its store words */
    const struct arch_access *acc = p->ld ? p->ld : p->st;
    const struct kacc *kc = p->ld ? &p->ldc : &p->stc;
    int64_t w = acc && acc->word_size > es ? acc->word_size : es;
    if (a % es)
        return fail(R, unit, in, "load of a %lld-byte integer at %lld (not aligned)",
                    (long long)es, (long long)a);
    int64_t wa = a - (a % w + w) % w;
    if (mem_check(R, unit, in, p->mem, wa, w, acc, kc) != X_OK)
        return X_ERR;
    uint8_t b[8] = {0};
    mem_rd(&R->k->s->mem[p->mem], (uint64_t)a, b, (uint64_t)es);
    int64_t v;
    switch (es) {
    case 1: { int8_t t; memcpy(&t, b, 1); v = t; break; }
    case 2: { int16_t t; memcpy(&t, b, 2); v = t; break; }
    case 4: { int32_t t; memcpy(&t, b, 4); v = t; break; }
    default: memcpy(&v, b, 8); break;
    }
    x->r[in->reg[0]] = v;
    if (p->dev)
        mark(R, p->mem, 0, wa, 1, w, w);
    uint64_t dur, lat, start = claim(R, p->rd, 2, (uint64_t)w, x->t, &dur, &lat);
    work(R, unit, in->op, start, dur);
    x->rready[in->reg[0]] = x->t + lat;
    if (x->t + lat > x->ld_until)
        x->ld_until = x->t + lat;
    return X_OK;
}

/* The tick at which every register instruction in (at pc of code) reads
 * is ready: the latest of its registers an ld still fills. Only called
 * while an ld is in flight. */
static uint64_t regs_ready(const struct urun *x, const struct sc_insn *code, uint32_t pc)
#if defined(__GNUC__)
    __attribute__((noinline))
#endif
    ;

static uint64_t regs_ready(const struct urun *x, const struct sc_insn *code, uint32_t pc)
{
    const struct sc_insn *in = &code[pc];
    uint64_t w = 0;
    const struct sc_insn *xs = in->op == SC_END ? &code[in->match] : in; /* end reads its for's */
    for (unsigned k = 0; k < xs->nx && k < SC_MAX_X; k++)
        if (xs->x[k].kind == SC_REG && x->rready[xs->x[k].v] > w)
            w = x->rready[xs->x[k].v];
    if (in->op == SC_END && x->rready[xs->reg[0]] > w)
        w = x->rready[xs->reg[0]];
    for (unsigned a = 0; a < 2; a++) {
        const struct sc_addr *ad = &in->addr[a];
        if (!strchr(sc_ops[in->op].sig, 'm') || (a == 1 && in->op != SC_DMA))
            break;
        if (ad->base.kind == SC_REG && x->rready[ad->base.v] > w)
            w = x->rready[ad->base.v];
        for (unsigned t = 0; t < ad->nterms; t++)
            if (x->rready[ad->reg[t]] > w)
                w = x->rready[ad->reg[t]];
    }
    return w;
}

/* Whether a DMA row writing n bytes at a of memory m (which holds
 * tensors, sim_mem_guard) from sa of memory sm changes a byte outside
 * every tensor; then the run fails at the DMA. Writing bytes back as they
 * are is no change: a masked store's words read whole and written back. */
static bool changes_outside(struct run *R, uint32_t unit, const struct sc_insn *in, struct smem *m,
                            uint64_t a, struct smem *sm, uint64_t sa, int64_t n)
{
    uint64_t end = a + (uint64_t)n;
    uint8_t *buf = scratch(R, 8192); /* the bytes written, then those there */
    for (uint64_t at = a; at < end;) {
        const struct sguard *g = smem_guard_from(m, at);
        if (g && g->at <= at) {
            at = g->end;
            continue;
        }
        uint64_t stop = g && g->at < end ? g->at : end;
        for (; at < stop; at += 4096) {
            uint64_t k = stop - at < 4096 ? stop - at : 4096;
            smem_read(sm, sa + (at - a), buf, k);
            smem_read(m, at, buf + 4096, k);
            for (uint64_t i = 0; i < k; i++) {
                if (buf[i] == buf[4096 + i])
                    continue;
                const struct sguard *b = smem_guard_before(m, at + i);
                char where[160] = "outside every tensor";
                if (b)
                    snprintf(where, sizeof where,
                             "past the end of tensor '%s' (bytes %llu to %llu)",
                             b->name[0] ? b->name : "?", (unsigned long long)b->at,
                             (unsigned long long)b->end);
                fail(R, unit, in, "dma writes byte %llu of %s, %s: a view reaches past its tensor",
                     (unsigned long long)(at + i), R->k->s->d->res[m->res].name, where);
                return true;
            }
        }
    }
    return false;
}

static int dma(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    const struct kunit *ku = &R->k->units[unit];
    const struct kport *dp = &ku->ports[in->addr[0].port], *sp = &ku->ports[in->addr[1].port];
    int64_t da = addr_of(x, &in->addr[0]), sa = addr_of(x, &in->addr[1]);
    int64_t bytes = val(x, &in->x[0]), rows = in->nx > 1 ? val(x, &in->x[1]) : 1;
    int64_t dst = in->nx > 2 ? val(x, &in->x[2]) : bytes, sst = in->nx > 3 ? val(x, &in->x[3]) : bytes;
    if (bytes <= 0 || rows <= 0 || bytes > (1 << 30) || rows > (1 << 30) / bytes)
        return fail(R, unit, in, "dma of %lld rows of %lld bytes", (long long)rows,
                    (long long)bytes);
    struct smem *dm = &R->k->s->mem[dp->mem], *sm = &R->k->s->mem[sp->mem];
    /* dma.mask: each row moves the destination's words that hold its bytes
     * (the source's at the same offset) and writes only those bytes */
    bool masked = in->flags & SC_F_MASK;
    int64_t w = masked && dp->st && dp->st->word_size > 1 ? dp->st->word_size : 1, moved = 0;
    for (int64_t i = 0; i < rows; i++) {
        int64_t o = ((da + i * dst) % w + w) % w, n = (o + bytes + w - 1) / w * w;
        if (masked && ((sa + i * sst) % w + w) % w != o)
            return fail(R, unit, in, "dma.mask from byte %lld of a %lld-byte word to byte %lld of one",
                        (long long)(((sa + i * sst) % w + w) % w), (long long)w, (long long)o);
        if (mem_check(R, unit, in, sp->mem, sa + i * sst - o, n, sp->ld, &sp->ldc) != X_OK ||
            mem_check(R, unit, in, dp->mem, da + i * dst - o, n, dp->st, &dp->stc) != X_OK)
            return X_ERR;
        moved += n;
        uint64_t from = (uint64_t)(sa + i * sst), to = (uint64_t)(da + i * dst);
        if (dm->nguards && changes_outside(R, unit, in, dm, to, sm, from, bytes))
            return X_ERR;
        if (dm != sm || from + (uint64_t)bytes <= to || to + (uint64_t)bytes <= from) {
            smem_copy(dm, to, sm, from, (uint64_t)bytes); /* no overlap: page to page */
        } else {
            uint8_t *buf = scratch(R, (size_t)bytes);
            smem_read(sm, from, buf, (uint64_t)bytes);
            smem_write(dm, to, buf, (uint64_t)bytes);
        }
    }
    if (sp->dev)
        mark(R, sp->mem, 0, sa, rows, bytes, sst);
    if (dp->dev)
        mark(R, dp->mem, 1, da, rows, bytes, dst);
    uint32_t rs[4 + SC_MAX_ROUTE] = {sp->rd[0], dp->wr[0], sp->rd[1], dp->wr[1]};
    if (rs[3] == rs[2])
        rs[3] = SC_NONE;
    for (uint32_t i = 0; i < sp->npath; i++) /* a ring transfer: every hop */
        rs[4 + i] = sp->path[i];
    uint64_t dur, lat, start = claim(R, rs, 4 + sp->npath, (uint64_t)moved, x->t, &dur, &lat);
    work(R, unit, in->op, start, dur);
    if (x->t + lat > x->dma_done)
        x->dma_done = x->t + lat;
    return X_OK;
}

/* Whether FIFO c has no free slot; then its receiver is woken to drain
 * it (the sender blocks). */
static bool full(struct run *R, const struct kchan *c)
{
    if (c->count < c->depth)
        return false;
    wake(R, c->dst);
    return true;
}

/* Sends s out of channel c from where the unit stopped (x->prog), a slot at
 * a time, blocking on a full FIFO: each slot occupies the FIFO's datapath
 * and, with occupy, the unit, not before a vlds's read of memory began
 * (x->rd_end, x->rd_lat: its read; 0 for a send), and arrives after both
 * latencies. Without occupy (an op's result: the unit goes on) the unit
 * only waits for a free slot. */
static int push(struct run *R, uint32_t unit, const struct sc_insn *in, struct kchan *c,
                const struct svec *s, bool occupy)
{
    struct urun *x = &R->u[unit];
    uint64_t total = (uint64_t)s->n * esz(R, s->dtype);
    while (x->prog < total) {
        if (full(R, c))
            return X_BLOCK;
        uint32_t i = c->head + c->count; /* < 2 * depth: no division */
        if (i >= c->depth)
            i -= c->depth;
        struct kslot *sl = &c->slots[i];
        uint64_t n = total - x->prog < c->entry ? total - x->prog : c->entry;
        memcpy(c->data + (size_t)i * c->entry, s->data + x->prog, n);
        uint32_t rs[1] = {c->res};
        uint64_t dur, lat;
        uint64_t start = claim(R, rs, 1, n, x->t > sl->freed ? x->t : sl->freed, &dur, &lat);
        if (occupy) {
            work(R, unit, in->op, start, dur);
            sl->arrive = (x->t > x->rd_end ? x->t : x->rd_end) + x->rd_lat + lat;
        } else {
            wait_until(x, start);
            sl->arrive = start + dur + lat;
        }
        sl->n = (uint32_t)n;
        sl->used = 0;
        c->count++;
        c->bytes += n;
        x->prog += n;
        wake(R, c->dst);
    }
    /* the unit is busy until its read is done too */
    if (x->rd_end > x->t)
        work(R, unit, in->op, x->t, x->rd_end - x->t);
    x->prog = x->rd_end = x->rd_lat = 0;
    return X_OK;
}

static int send(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct svec *s = &x->v[in->reg[0]];
    if (!s->set)
        return fail(R, unit, in, "v%u holds no value", in->reg[0]);
    wait_until(x, s->ready);
    return push(R, unit, in, R->k->units[unit].ports[in->port].ch, s, true);
}

/* vlds / vldzs: the vector goes out of the port as it is read, each slot
 * over the read's datapaths and the FIFO's at once. It waits for a free
 * slot before reading, and reads once however often the FIFO stops it. */
static int vld_send(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct kchan *c = R->k->units[unit].ports[in->port].ch;
    struct svec *s = &x->v[V_STREAM];
    if (x->prog == 0) {
        if (full(R, c))
            return X_BLOCK;
        const struct kport *p;
        uint64_t bytes, dur, lat;
        if (vld_read(R, unit, in, s, &p, &bytes) != X_OK)
            return X_ERR;
        uint64_t start = claim(R, p->rd, 2, bytes, x->t, &dur, &lat);
        wait_until(x, start);
        x->rd_end = start + dur;
        x->rd_lat = lat;
    }
    return push(R, unit, in, c, s, true);
}

static int alu(struct run *R, uint32_t unit, const struct sc_insn *in);

/* A vector op.send: the op, then its result into the port's FIFO as it
 * leaves the unit, which goes on meanwhile (the FIFO's datapath carries
 * it). It waits for a free slot before computing, and computes once
 * however often the FIFO stops it. */
static int op_send(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct kchan *c = R->k->units[unit].ports[in->port].ch;
    if (x->prog == 0) {
        if (full(R, c))
            return X_BLOCK;
        int rc = alu(R, unit, in);
        if (rc != X_OK)
            return rc;
    }
    return push(R, unit, in, c, &x->v[in->reg[0]], false);
}

static int recv(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct kchan *c = R->k->units[unit].ports[in->port].ch;
    int64_t n = val(x, &in->x[0]);
    if (n <= 0 || n > (1 << 24))
        return fail(R, unit, in, "receive of %lld elements", (long long)n);
    struct svec *d = &x->v[in->reg[0]];
    uint64_t total = (uint64_t)n * esz(R, in->dtype);
    if (x->prog == 0)
        vec_size(R, d, in->dtype, (uint32_t)n);
    while (x->prog < total) {
        if (!c->count) {
            wake(R, c->src);
            return X_BLOCK;
        }
        struct kslot *sl = &c->slots[c->head];
        wait_until(x, sl->arrive);
        uint64_t k = sl->n - sl->used;
        if (k > total - x->prog)
            k = total - x->prog;
        memcpy(d->data + x->prog, c->data + (size_t)c->head * c->entry + sl->used, k);
        sl->used += (uint32_t)k;
        x->prog += k;
        if (sl->used == sl->n) {
            sl->freed = x->t;
            c->head = c->head + 1 == c->depth ? 0 : c->head + 1;
            c->count--;
            wake(R, c->src);
        }
    }
    x->prog = 0;
    d->ready = x->t;
    return X_OK;
}

static int sig(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct kchan *c = R->k->units[unit].ports[in->port].ch;
    /* sig.wait: the DMA engine posts it when the unit's DMAs are done; the
     * unit itself goes on (issuing the next tile's DMAs meanwhile) */
    uint64_t at = x->t;
    if ((in->flags & SC_F_WAIT) && x->dma_done > at)
        at = x->dma_done;
    if (c->sig_count == c->sig_cap) {
        uint32_t cap = c->sig_cap ? c->sig_cap * 2 : 8;
        uint64_t *q = xrealloc(NULL, cap * sizeof *q);
        for (uint32_t i = 0; i < c->sig_count; i++)
            q[i] = c->sig[(c->sig_head + i) % c->sig_cap];
        free(c->sig);
        c->sig = q;
        c->sig_cap = cap;
        c->sig_head = 0;
    }
    uint32_t at_i = c->sig_head + c->sig_count++; /* < 2 * sig_cap */
    c->sig[at_i >= c->sig_cap ? at_i - c->sig_cap : at_i] = at + c->lat;
    work(R, unit, in->op, x->t, SIM_TICK);
    wake(R, c->dst);
    return X_OK;
}

static int wait_sig(struct run *R, uint32_t unit, const struct sc_insn *in)
{
    struct urun *x = &R->u[unit];
    struct kchan *c = R->k->units[unit].ports[in->port].ch;
    if (!c->sig_count)
        return X_BLOCK;
    wait_until(x, c->sig[c->sig_head]);
    c->sig_head = c->sig_head + 1 == c->sig_cap ? 0 : c->sig_head + 1;
    c->sig_count--;
    return X_OK;
}

/* ---- one instruction ------------------------------------------------------- */

/* Executes the unit's instruction at pc (< its program's length) of code,
 * its program's patched copy. */
static inline int step(struct run *R, uint32_t unit, struct urun *x, const struct sc_insn *code,
                       const uint8_t *ops)
{
    uint32_t pc = x->pc;
    const struct sc_insn *in = &code[pc];
    int rc = X_OK;
    switch (ops[pc]) { /* in->op */
    case SC_MOV: x->r[in->reg[0]] = val(x, &in->x[0]); break;
    case SC_ADD: x->r[in->reg[0]] = (int64_t)((uint64_t)val(x, &in->x[0]) + (uint64_t)val(x, &in->x[1])); break;
    case SC_SUB: x->r[in->reg[0]] = (int64_t)((uint64_t)val(x, &in->x[0]) - (uint64_t)val(x, &in->x[1])); break;
    case SC_MUL: x->r[in->reg[0]] = (int64_t)((uint64_t)val(x, &in->x[0]) * (uint64_t)val(x, &in->x[1])); break;
    case SC_MIN:
    case SC_MAX:
    case SC_DIV:
    case SC_REM:
    case SC_TDIV:
    case SC_TREM:
    case SC_UDIV:
    case SC_UREM:
    case SC_UMIN:
    case SC_UMAX: {
        int64_t a = val(x, &in->x[0]), b = val(x, &in->x[1]);
        if (!sc_int_op(sc_insn_sxop(in->op), a, b, &x->r[in->reg[0]]))
            return fail(R, unit, in, "division of %lld by 0", (long long)a);
        break;
    }
    case SC_FOR: {
        int64_t lb = val(x, &in->x[0]), ub = val(x, &in->x[1]);
        int64_t st = in->nx > 2 ? val(x, &in->x[2]) : 1;
        if (st <= 0)
            return fail(R, unit, in, "loop step %lld", (long long)st);
        x->r[in->reg[0]] = lb;
        if (lb >= ub)
            x->pc = in->match;
        break;
    }
    case SC_END: {
        const struct sc_insn *f = &code[in->match];
        int64_t st = f->nx > 2 ? val(x, &f->x[2]) : 1;
        int64_t v = x->r[f->reg[0]] += st;
        if (v < val(x, &f->x[1]))
            x->pc = in->match;
        break;
    }
    case SC_NOP: {
        int64_t c = in->nx ? val(x, &in->x[0]) : 1;
        if (c < 0)
            return fail(R, unit, in, "nop of %lld cycles", (long long)c);
        work(R, unit, in->op, x->t, (uint64_t)c * SIM_TICK);
        break;
    }
    case SC_DMA: rc = dma(R, unit, in); break;
    case SC_FENCE: wait_until(x, x->dma_done); break;
    case SC_VLD:
    case SC_VLDZ: rc = vld(R, unit, in); break;
    case SC_VST: rc = vst(R, unit, in); break;
    case SC_LD: rc = ld(R, unit, in); break;
    case SC_SEND: rc = send(R, unit, in); break;
    case SC_VLDS:
    case SC_VLDZS:
        rc = vld_send(R, unit, in);
        break;
    case SIM_OP_SEND:
        rc = op_send(R, unit, in);
        break;
    case SC_RECV: rc = recv(R, unit, in); break;
    case SC_SIG: rc = sig(R, unit, in); break;
    case SC_WAIT: rc = wait_sig(R, unit, in); break;
    default: rc = alu(R, unit, in); break;
    }
    if (rc == X_OK) {
        x->pc++;
        x->insns++;
        x->t += 1; /* issue: time always moves on */
    }
    return rc;
}

/* ---- who waits on whom ------------------------------------------------------ */

/* The unit unit is blocked on, and why, for the deadlock report. */
static uint32_t blocker(const struct run *R, uint32_t unit, char *why, size_t len)
{
    const struct kunit *ku = &R->k->units[unit];
    const struct sc_insn *in = &R->k->code[ku->prog][R->u[unit].pc];
    const struct kchan *c = &R->k->chans[ku->ports[in->port].chan];
    const char *cn = c->c->name;
    switch (in->flags & SC_F_SEND ? SC_SEND : in->op) { /* an op.send: its send */
    case SC_RECV:
        snprintf(why, len, "to send on channel '%s' (empty)", cn);
        return c->src;
    case SC_SEND:
    case SC_VLDS:
    case SC_VLDZS:
        snprintf(why, len, "to receive from channel '%s' (full: %u of %u)", cn, c->count,
                 c->depth);
        return c->dst;
    default:
        snprintf(why, len, "to signal on '%s'", cn);
        return c->src;
    }
}

static void append(char **s, size_t *len, size_t *cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void append(char **s, size_t *len, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(*s + *len, *cap - *len, fmt, ap);
        va_end(ap);
        if ((size_t)n < *cap - *len) {
            *len += (size_t)n;
            return;
        }
        *cap = (*cap + (size_t)n) * 2;
        *s = xrealloc(*s, *cap);
    }
}

static void describe_deadlock(struct run *R, uint64_t at)
{
    const struct sim_kernel *k = R->k;
    size_t len = 0, cap = 256;
    char *s = xrealloc(NULL, cap);
    s[0] = 0;
    append(&s, &len, &cap, "deadlock at cycle %llu: every unit still running is blocked",
           (unsigned long long)(at / SIM_TICK));
    uint32_t first = SC_NONE;
    for (uint32_t i = 0; i < k->nunits; i++) {
        if (R->u[i].state != U_BLOCKED)
            continue;
        if (first == SC_NONE)
            first = i;
        char why[256];
        uint32_t on = blocker(R, i, why, sizeof why);
        const struct kunit *ku = &k->units[i];
        const struct sc_insn *in = &k->code[ku->prog][R->u[i].pc];
        const struct sc_binary *b = k->b;
        append(&s, &len, &cap, "\n  %s waits at %s #%u (%s", ku->u->name,
               b->progs[ku->prog].name, R->u[i].pc, sc_ops[in->op].name);
        if (in->loc.file != SC_NONE && in->loc.file < b->nfiles)
            append(&s, &len, &cap, ", %s:%u:%u", b->files[in->loc.file], in->loc.line,
                   in->loc.col);
        append(&s, &len, &cap, ") for %s %s", k->units[on].u->name, why);
        if (R->u[on].state == U_DONE)
            append(&s, &len, &cap, ", which has finished");
    }
    /* follow the waits-for edges from the first blocked unit to a cycle */
    uint32_t seen[4096], n = 0, cur = first;
    while (cur != SC_NONE && R->u[cur].state == U_BLOCKED && n < 4096) {
        uint32_t j = 0;
        while (j < n && seen[j] != cur)
            j++;
        if (j < n) {
            append(&s, &len, &cap, "\n  cycle: ");
            for (uint32_t q = j; q < n; q++)
                append(&s, &len, &cap, "%s -> ", k->units[seen[q]].u->name);
            append(&s, &len, &cap, "%s", k->units[cur].u->name);
            break;
        }
        seen[n++] = cur;
        char why[256];
        cur = blocker(R, cur, why, sizeof why);
    }
    R->msg = s;
}

/* ---- the run --------------------------------------------------------------- */

static void reset_chans(struct sim_kernel *k)
{
    for (uint32_t c = 0; c < k->nchans; c++) {
        struct kchan *ch = &k->chans[c];
        ch->head = ch->count = 0;
        ch->sig_head = ch->sig_count = 0;
        ch->bytes = 0;
        /* a signal channel's credits: signals there from the start */
        if (ch->c->credits > ch->sig_cap) {
            free(ch->sig);
            ch->sig = xrealloc(NULL, ch->c->credits * sizeof *ch->sig);
            ch->sig_cap = ch->c->credits;
        }
        for (uint32_t i = 0; i < ch->c->credits; i++)
            ch->sig[i] = 0;
        ch->sig_count = ch->c->credits;
        if (ch->slots)
            memset(ch->slots, 0, ch->depth * sizeof *ch->slots);
    }
    for (uint32_t r = 0; r < k->nres; r++)
        k->res[r].free = k->res[r].bytes = k->res[r].busy = 0;
    stouch_reset(k);
}

void sim_run_state_free(struct sim_kernel *k)
{
    for (uint32_t i = 0; k->run_u && i < k->nunits; i++)
        for (unsigned v = 0; v < NVEC; v++)
            free(k->run_u[i].v[v].data);
    free(k->run_u);
    free(k->run_heap);
    free(k->run_tmp);
    k->run_u = NULL;
    k->run_heap = NULL;
    k->run_tmp = NULL;
    k->run_tmpcap = 0;
}

enum sim_status sim_run(struct sim_kernel *k, const struct sim_options *o, struct sim_report *r)
{
    memset(r, 0, sizeof *r);
    struct run R = {.k = k, .o = o};
    for (unsigned t = 0; t < INTERP_NDTYPES; t++)
        R.esize[t] = (uint8_t)interp_dtype_size((enum interp_dtype)t);
    R.tv = (struct iv_tensor){.h = {1, IV_TENSOR}, .rank = 1};
    if (!k->run_u) {
        k->run_u = xrealloc(NULL, k->nunits * sizeof *k->run_u);
        memset(k->run_u, 0, k->nunits * sizeof *k->run_u);
        k->run_heap = xrealloc(NULL, k->nunits * sizeof *k->run_heap);
    }
    R.u = k->run_u;
    R.heap = k->run_heap;
    R.tmp = k->run_tmp;
    R.tmpcap = k->run_tmpcap;
    for (uint32_t i = 0; i < k->nunits; i++) {
        struct urun *x = &R.u[i];
        memset(x, 0, offsetof(struct urun, v));
        x->code = k->code[k->units[i].prog];
        x->ops = k->ops[k->units[i].prog];
        x->ninsns = k->b->progs[k->units[i].prog].ninsns;
        for (unsigned v = 0; v < NVEC; v++) {
            x->v[v].set = false;
            x->v[v].ready = 0;
        }
    }
    if (o && o->trace) {
        R.tr = xrealloc(NULL, sizeof *R.tr);
        memset(R.tr, 0, sizeof *R.tr);
    }
    reset_chans(k);
    for (uint32_t i = 0; i < k->nunits; i++) {
        const struct sc_unit *u = k->units[i].u;
        for (uint32_t j = 0; j < u->ninit; j++)
            R.u[i].r[u->init[j].reg] = k->units[i].init[j];
        heap_push(&R, i);
    }
    uint64_t limit = o && o->cycle_limit ? o->cycle_limit * SIM_TICK : UINT64_MAX;
    enum sim_status st = SIM_OK;
    const bool *meets = R.tr ? op_meets_traced : op_meets;
    uint32_t u = R.nheap ? heap_pop(&R) : SC_NONE;
    while (u != SC_NONE && st == SIM_OK) {
        struct urun *x = &R.u[u];
        const struct sc_insn *code = x->code;
        const uint8_t *ops = x->ops;
        uint32_t ninsns = x->ninsns, next = SC_NONE;
        for (;;) {
            if (x->t > limit) {
                /* every step starting by the limit still runs, in any unit */
                x->state = U_LIMIT;
                break;
            }
            if (x->pc >= ninsns) {
                x->state = U_DONE;
                x->end = x->t > x->dma_done ? x->t : x->dma_done;
                break;
            }
            uint64_t t0 = x->t, stall0 = x->stall;
            uint32_t pc0 = x->pc;
            int rc = step(&R, u, x, code, ops);
            if (rc == X_OK) {
                if (R.tr && x->stall > stall0) /* it waited first, then worked */
                    slice(&R, u, code[pc0].op, true, pc0, t0, t0 + (x->stall - stall0));
                /* an ld in flight: the next instruction first waits for the
                 * registers it reads (before its turn is taken) */
                if (x->t < x->ld_until && x->pc < ninsns)
                    wait_until(x, regs_ready(x, code, x->pc));
                /* only an instruction that meets other units waits its turn
                 * (ops[ninsns] is a sentinel that does not) */
                if (meets[ops[x->pc]] && R.nheap &&
                    hbefore(R.heap[0], (struct sim_hent){x->t, u})) {
                    next = heap_yield(&R, u);
                    break;
                }
                continue;
            }
            if (rc == X_BLOCK) {
                x->state = U_BLOCKED;
            } else if (R.nheap && hbefore(R.heap[0], (struct sim_hent){t0, u})) {
                /* a local instruction failed ahead of the other units: it
                 * fails again when its turn comes, unless something earlier
                 * ends the run first (the failing paths change only the
                 * unit's time and stalls before failing) */
                free(R.msg);
                R.msg = NULL;
                x->t = t0;
                x->stall = stall0;
                heap_push(&R, u);
            } else {
                st = SIM_ERROR;
            }
            break;
        }
        u = next != SC_NONE ? next : R.nheap ? heap_pop(&R) : SC_NONE;
    }
    uint64_t now = 0, end = 0;
    for (uint32_t i = 0; i < k->nunits; i++) {
        if (R.u[i].t > now)
            now = R.u[i].t;
        if (R.u[i].state == U_LIMIT)
            st = st == SIM_OK ? SIM_CYCLE_LIMIT : st;
    }
    for (uint32_t i = 0; i < k->nunits; i++) {
        uint64_t e = R.u[i].state == U_DONE ? R.u[i].end : R.u[i].t;
        if (e > end)
            end = e;
    }
    if (st == SIM_OK) {
        for (uint32_t i = 0; i < k->nunits; i++)
            if (R.u[i].state == U_BLOCKED) {
                st = SIM_DEADLOCK;
                break;
            }
        if (st == SIM_DEADLOCK)
            describe_deadlock(&R, now);
    } else if (st == SIM_CYCLE_LIMIT) {
        size_t len = 0, cap = 256;
        char *s = xrealloc(NULL, cap);
        append(&s, &len, &cap, "cycle limit of %llu cycles reached; still running:",
               (unsigned long long)o->cycle_limit);
        for (uint32_t i = 0; i < k->nunits; i++)
            if (R.u[i].state != U_DONE)
                append(&s, &len, &cap, "\n  %s at %s #%u", k->units[i].u->name,
                       k->b->progs[k->units[i].prog].name, R.u[i].pc);
        R.msg = s;
        end = limit;
    }
    r->status = st;
    r->message = R.msg;
    struct sim_ucount *uc = xrealloc(NULL, (k->nunits ? k->nunits : 1) * sizeof *uc);
    for (uint32_t i = 0; i < k->nunits; i++) {
        const struct urun *x = &R.u[i];
        uc[i] = (struct sim_ucount){x->busy, x->stall, x->insns, x->lane_ops, x->vbusy, x->xbusy};
    }
    sim_report_fill(k, r, uc, end);
    free(uc);
    if (R.tr) {
        R.tr->nunits = k->nunits;
        R.tr->clock_mhz = k->s->d->clock_mhz;
        R.tr->core = xrealloc(NULL, k->nunits * sizeof *R.tr->core);
        for (uint32_t i = 0; i < k->nunits; i++)
            R.tr->core[i] = k->s->d->res[k->units[i].res].core;
    }
    r->trace = R.tr;
    k->run_tmp = R.tmp;
    k->run_tmpcap = R.tmpcap;
    return st;
}
