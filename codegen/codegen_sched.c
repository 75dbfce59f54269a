/* codegen_sched.c - ktc-codegen's last rewrites of a program's
 * instructions, in this order: send fusion, then receive sinking.
 *
 * Send fusion: a unit sends a vector it loaded or computed with `send port,
 * vX` (ktc-lower's dataflow.send), a transfer that occupies the unit on top
 * of the instruction that made vX. Each send moves up to that instruction
 * when it passes only arithmetic and loads on the way, none writing vX:
 * nothing that waits on another unit or writes memory, nor another send,
 * so the sends on each port keep their order, no send goes before a
 * receive, and the unit waits on nothing new. A vector op then sends its
 * result as it writes it (OP.send port, vX, ...); a vld (vldz) whose vX
 * nothing else reads, then or later (liveness over the program's loops),
 * becomes a vlds (vldzs): the load unit streams its memory into the FIFO,
 * both links at once, where it moved a vector every 2 cycles.
 *
 * Receive sinking: within a straight run of a program's vector and scalar
 * arithmetic (an OP.send is a send), each `recv` moves down to just before
 * the first instruction that uses what it receives (or touches its
 * register, or writes a scalar it reads), the receives keeping their order.
 *
 * A compute stage receives all of a generic's inputs before it computes
 * (ktc-lower's order): a chain of a matmul's products takes 30 vectors of
 * one FIFO of depth 16, so the load unit filled it, then waited while the
 * SFU computed the link. Received as they are used, the two units overlap.
 * Nothing a unit could wait on moves (no receive passes another, nor any
 * send, signal, wait, memory access, DMA or loop boundary): the unit only
 * computes earlier what it computed anyway, so no wait of any unit changes
 * order, and no run that finished deadlocks. */
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen_int.h"

/* The registers an instruction names: the vector register it writes
 * (vdef), those it reads (vuse, a bitset) and the scalar register it
 * writes (sdef); -1 for none. */
struct regs {
    int vdef, sdef;
    uint64_t vuse[(SC_MAX_VREGS + 63) / 64];
};

static void regs_of(const struct sc_insn *in, struct regs *r)
{
    memset(r, 0, sizeof *r);
    r->vdef = r->sdef = -1;
    const char *sig = sc_ops[in->op].sig;
    bool stores = in->op == SC_VST || in->op == SC_SEND;
    uint32_t k = 0;
    for (const char *s = sig; *s && *s != '|' && k < 4; s++) {
        if (*s != 'r' && *s != 'v')
            continue;
        int reg = in->reg[k++];
        if (s == sig && *s == 'r')
            r->sdef = reg;
        else if (s == sig && !stores)
            r->vdef = reg;
        else if (*s == 'v')
            r->vuse[reg / 64] |= UINT64_C(1) << (reg % 64);
    }
}

/* Whether instruction in reads or writes vector register v, or writes
 * scalar register s (s < 0: none). */
static bool touches(const struct sc_insn *in, int v, int s)
{
    struct regs r;
    regs_of(in, &r);
    return r.vdef == v || (r.vuse[v / 64] >> (v % 64) & 1) || (s >= 0 && r.sdef == s);
}

/* Whether instruction in may be passed by a receive moving down: vector
 * and scalar arithmetic only (no channel, memory, DMA, sync or loop). */
static bool passable(const struct sc_insn *in)
{
    return (sc_ops[in->op].cls == SC_CLASS_VECTOR && !(in->flags & SC_F_SEND)) ||
           (sc_ops[in->op].cls == SC_CLASS_SCALAR && in->op != SC_NOP);
}

/* Sinks the receives of the run [lo, hi) of p's instructions (passable
 * ones and receives); out: scratch of hi - lo instructions. */
static void sink_run(struct sc_insn *insns, uint32_t lo, uint32_t hi, struct sc_insn *out,
                     uint32_t *at)
{
    /* each receive's place: before the first instruction after it that
     * touches its register, and not after the next receive's place */
    uint32_t next = hi;
    for (uint32_t i = hi; i-- > lo;) {
        if (insns[i].op != SC_RECV)
            continue;
        const struct sc_insn *rv = &insns[i];
        int s = rv->nx && rv->x[0].kind == SC_REG ? (int)rv->x[0].v : -1;
        uint32_t j = i + 1;
        while (j < next && (insns[j].op == SC_RECV || !touches(&insns[j], rv->reg[0], s)))
            j++;
        at[i - lo] = j;
        next = j;
    }
    /* the run in its new order: each instruction that is not a receive,
     * preceded by the receives placed before it, in their order */
    uint32_t n = 0, r = lo;
    for (uint32_t j = lo; j <= hi; j++) {
        for (; r < hi; r++) {
            if (insns[r].op != SC_RECV)
                continue;
            if (at[r - lo] > j)
                break;
            out[n++] = insns[r];
        }
        if (j < hi && insns[j].op != SC_RECV)
            out[n++] = insns[j];
    }
    memcpy(insns + lo, out, n * sizeof *out);
}

/* A send fused into the instruction making its vector, until the program
 * is compacted. */
enum { DROPPED = SC_NOPCODES };
_Static_assert(SC_MAX_VREGS <= 64, "live_range keeps the vector registers in a uint64_t");

/* The vector registers live after each instruction of insns[lo, hi)
 * (after[k], a bitset), those live after hi being out; returns those live
 * at lo. A loop may run no round, and its body's live-out is what its exit
 * and its next round need (iterated to the fixpoint). head[e]: the `for`
 * of the `end` at e. */
static uint64_t live_range(const struct sc_insn *insns, const uint32_t *head, uint32_t lo,
                           uint32_t hi, uint64_t out, uint64_t *after)
{
    uint64_t live = out;
    for (uint32_t k = hi; k-- > lo;) {
        const struct sc_insn *in = &insns[k];
        after[k] = live;
        if (in->op == DROPPED)
            continue;
        if (in->op == SC_END) {
            uint32_t h = head[k];
            uint64_t body = 0, prev;
            do {
                prev = body;
                body = live_range(insns, head, h + 1, k, live | body, after);
            } while (body != prev);
            live |= body;
            after[h] = body;
            k = h;
            continue;
        }
        struct regs r;
        regs_of(in, &r);
        if (r.vdef >= 0)
            live &= ~(UINT64_C(1) << r.vdef);
        live |= r.vuse[0];
    }
    return live;
}

/* Whether a send may move up past instruction in (toward the instruction
 * making what it sends): arithmetic and loads (no channel, store, DMA, sync
 * or loop), none of which waits on another unit or writes memory. */
static bool send_passable(const struct sc_insn *in)
{
    return passable(in) || in->op == SC_VLD || in->op == SC_VLDZ || in->op == SC_LD;
}

void cg_fuse_sends(struct sc_program *p)
{
    uint32_t *head = calloc(p->ninsns + 1, sizeof *head), depth = 0;
    uint64_t *after = malloc((p->ninsns + 1) * sizeof *after);
    uint32_t *stack = malloc((p->ninsns + 1) * sizeof *stack);
    if (!head || !after || !stack)
        abort();
    for (uint32_t k = 0; k < p->ninsns; k++)
        if (p->insns[k].op == SC_FOR)
            stack[depth++] = k;
        else if (p->insns[k].op == SC_END && depth)
            head[k] = stack[--depth];
    live_range(p->insns, head, 0, p->ninsns, 0, after);
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->ninsns; i++) {
        struct sc_insn *mk = &p->insns[i];
        bool load = mk->op == SC_VLD || mk->op == SC_VLDZ;
        if (mk->op == DROPPED ||
            (!load && (sc_ops[mk->op].cls != SC_CLASS_VECTOR || (mk->flags & SC_F_SEND))))
            continue;
        /* the send passes what reads the op's register, not the load's (the
         * load's register goes) */
        int v = mk->reg[0];
        uint32_t j = i + 1;
        for (; j < p->ninsns; j++) {
            const struct sc_insn *in = &p->insns[j];
            if (in->op == DROPPED)
                continue;
            struct regs r;
            regs_of(in, &r);
            if (!send_passable(in) || r.vdef == v || (load && (r.vuse[v / 64] >> (v % 64) & 1)))
                break;
        }
        if (j == p->ninsns || p->insns[j].op != SC_SEND || p->insns[j].reg[0] != v ||
            (load && (after[j] >> v & 1)))
            continue;
        if (load) { /* the register goes: the load streams into the port */
            mk->op = mk->op == SC_VLD ? SC_VLDS : SC_VLDZS;
            mk->reg[0] = 0;
        } else { /* the op keeps its register and sends it too */
            mk->flags |= SC_F_SEND;
        }
        mk->port = p->insns[j].port;
        p->insns[j].op = DROPPED;
        n++;
    }
    free(head);
    free(after);
    free(stack);
    if (!n)
        return;
    uint32_t w = 0;
    for (uint32_t i = 0; i < p->ninsns; i++)
        if (p->insns[i].op != DROPPED)
            p->insns[w++] = p->insns[i];
    p->ninsns = w;
}

void cg_sink_receives(struct sc_program *p)
{
    struct sc_insn *out = malloc((p->ninsns + 1) * sizeof *out);
    uint32_t *at = malloc((p->ninsns + 1) * sizeof *at);
    if (!out || !at)
        abort();
    for (uint32_t lo = 0; lo < p->ninsns;) {
        uint32_t hi = lo;
        bool any = false;
        while (hi < p->ninsns && (passable(&p->insns[hi]) || p->insns[hi].op == SC_RECV)) {
            any |= p->insns[hi].op == SC_RECV;
            hi++;
        }
        if (any)
            sink_run(p->insns, lo, hi, out, at);
        lo = hi == lo ? lo + 1 : hi;
    }
    free(out);
    free(at);
}
