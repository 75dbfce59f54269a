/* codegen_sched.c - ktc-codegen's receive sinking: within a straight run of
 * a program's vector and scalar arithmetic, each `recv` moves down to just
 * before the first instruction that uses what it receives (or touches its
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
    return sc_ops[in->op].cls == SC_CLASS_VECTOR ||
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
