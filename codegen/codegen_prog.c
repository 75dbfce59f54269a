/* codegen_prog.c - one program of ktc-codegen (codegen.h): a program_unit's
 * body translated for a group of units, once per tile they host. Index
 * values are linear forms over registers, arguments and symbols; vector
 * values live in vector registers from their definition to their last use.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen_int.h"
#include "ktir/dialects/agen.h"
#include "ktir/dialects/common.h"
#include "ktir/numeric.h"
#include "ktir/ops.h"

/* ---- linear forms -------------------------------------------------------------- */

static uint32_t lin_new(struct cg *g, const struct cg_lin *l)
{
    g->lins = cg_grow(g->lins, &g->caplins, g->nlins + 1, sizeof *g->lins);
    g->lins[g->nlins] = *l;
    return g->nlins++;
}

static int term_cmp(const struct cg_term *a, const struct cg_term *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* l = a + k * b; false when it has too many terms. */
static bool lin_axpy(struct cg_lin *l, const struct cg_lin *a, int64_t k, const struct cg_lin *b)
{
    struct cg_lin r = {.c = a->c + k * b->c};
    uint32_t i = 0, j = 0;
    while (i < a->n || j < b->n) {
        struct cg_term t;
        int c = i == a->n ? 1 : j == b->n ? -1 : term_cmp(&a->t[i], &b->t[j]);
        if (c < 0) {
            t = a->t[i++];
        } else if (c > 0) {
            t = b->t[j++];
            t.k *= k;
        } else {
            t = a->t[i++];
            t.k += k * b->t[j++].k;
        }
        if (!t.k)
            continue;
        if (r.n == CG_MAX_TERMS)
            return false;
        r.t[r.n++] = t;
    }
    *l = r;
    return true;
}

static void lin_scale(struct cg_lin *l, int64_t k)
{
    static const struct cg_lin zero;
    struct cg_lin a = *l;
    lin_axpy(l, &zero, k, &a);
}

static struct cg_lin lin_const(int64_t c)
{
    return (struct cg_lin){.c = c};
}

static struct cg_lin lin_atom(uint8_t kind, uint32_t id)
{
    return (struct cg_lin){.n = 1, .t = {{kind, id, 1}}};
}

static bool lin_static(const struct cg_lin *l)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->t[i].kind == CA_REG)
            return false;
    return true;
}

bool cg_lin_eq(const struct cg_lin *a, const struct cg_lin *b)
{
    if (a->c != b->c || a->n != b->n)
        return false;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->t[i].kind != b->t[i].kind || a->t[i].id != b->t[i].id || a->t[i].k != b->t[i].k)
            return false;
    return true;
}

/* The static part of l (its non-register terms and constant). */
static struct cg_lin lin_static_part(const struct cg_lin *l)
{
    struct cg_lin r = {.c = l->c};
    for (uint32_t i = 0; i < l->n; i++)
        if (l->t[i].kind != CA_REG)
            r.t[r.n++] = l->t[i];
    return r;
}

/* ---- values -------------------------------------------------------------------- */

static struct cg_val value(struct cg *g, ir_value v, ir_op at);

static struct cg_val vlin(struct cg *g, const struct cg_lin *l)
{
    return (struct cg_val){CV_LIN, lin_new(g, l)};
}

static bool val_eq(const struct cg *g, struct cg_val a, struct cg_val b)
{
    if (a.kind != b.kind)
        return false;
    if (a.kind == CV_LIN)
        return cg_lin_eq(&g->lins[a.i], &g->lins[b.i]);
    return a.i == b.i;
}

/* Element u of a value (a multi's u-th, anything else itself). */
static struct cg_val elem_of(const struct cg *g, struct cg_val v, uint32_t u)
{
    return v.kind == CV_MULTI ? g->multi[v.i + u] : v;
}

/* One value per unit of the group: the value itself when all agree. */
static struct cg_val multi_of(struct cg *g, const struct cg_val *e)
{
    uint32_t n = g->p.n;
    bool same = true;
    for (uint32_t u = 1; u < n && same; u++)
        same = val_eq(g, e[0], e[u]);
    if (same)
        return e[0];
    uint32_t cap = g->capmulti;
    g->multi = cg_grow(g->multi, &g->capmulti, g->nmulti + n, sizeof *g->multi);
    g->multi_reg = cg_grow(g->multi_reg, &cap, g->nmulti + n, sizeof *g->multi_reg);
    memcpy(g->multi + g->nmulti, e, n * sizeof *e);
    memset(g->multi_reg + g->nmulti, 0, n * sizeof *g->multi_reg);
    struct cg_val r = {CV_MULTI, g->nmulti};
    g->nmulti += n;
    return r;
}

static void hold(struct cg *g, struct cg_val x, int32_t until);

static void note_holder(struct cg *g, ir_value v, struct cg_val x);

/* v's value is x; the registers x holds stay busy through v's last use. */
static void memo(struct cg *g, ir_value v, struct cg_val x, bool permanent)
{
    g->val[v] = x;
    g->stamp[v] = permanent ? 0 : g->p.gen;
    if (!permanent && g->p.vlast)
        hold(g, x, g->p.vlast[v]);
    if (!permanent && g->p.remat)
        note_holder(g, v, x);
}

static bool is_kernel_level(const struct cg *g, ir_value v)
{
    ir_op d = ir_value_def(g->m, v);
    if (!d)
        return ir_value_get(g->m, v)->owner == g->body;
    return ir_op_get(g->m, d)->block == g->body;
}

static bool once(struct cg *g, ir_op op)
{
    if (g->reported[op])
        return false;
    g->reported[op] = 1;
    return true;
}

/* ---- registers ----------------------------------------------------------------- */

_Static_assert(SC_MAX_SREGS <= 64, "temporaries are a 64-bit mask");

/* Temporaries live (busy). */
static uint32_t temps_live(const struct cg_prog *p)
{
    uint32_t n = 0;
    for (uint64_t b = p->busy; b; b &= b - 1)
        n++;
    return n;
}

/* Reports that the program needs more scalar registers than units have. */
static bool sregs_error(struct cg *g, ir_op at)
{
    const struct cg_prog *p = &g->p;
    return cg_error(g, at,
                    "program '%s' needs more than %d scalar registers here: %u temporaries "
                    "live, %u per-unit registers (not supported yet)",
                    g->b->progs[p->sc].name, SC_MAX_SREGS, temps_live(p), p->ninit);
}

/* A free temporary (the lowest), busy through the op being translated. */
static int temp_reg(struct cg *g, ir_op at)
{
    struct cg_prog *p = &g->p;
    for (uint32_t r = 0; r + p->ninit < SC_MAX_SREGS; r++)
        if (!(p->busy >> r & 1)) {
            p->busy |= (uint64_t)1 << r;
            p->until[r] = p->pos;
            p->regs[r].known = false;
            p->holders[r].n = 0;
            return (int)r;
        }
    sregs_error(g, at);
    return -1;
}

/* Frees the temporaries made since the mask `mark` of busy ones. */
static void temps_release(struct cg_prog *p, uint64_t mark)
{
    p->busy &= mark;
}

/* Keeps temporary r busy through position until (at least). */
static void hold_reg(struct cg_prog *p, uint32_t r, int32_t until)
{
    if (r < SC_MAX_SREGS && (p->busy >> r & 1) && p->until[r] < until)
        p->until[r] = until;
}

/* Keeps the temporaries x refers to busy through position until. */
static void hold(struct cg *g, struct cg_val x, int32_t until)
{
    const struct cg_lin *l = x.kind == CV_LIN    ? &g->lins[x.i]
                             : x.kind == CV_VIEW ? &g->views[x.i].start
                                                 : NULL;
    if (x.kind == CV_MULTI)
        for (uint32_t u = 0; u < g->p.n; u++)
            hold(g, g->multi[x.i + u], until);
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->t[i].kind == CA_REG)
            hold_reg(&g->p, l->t[i].id, until);
}

/* Records v, whose value x is, as a holder of the temporaries x refers to. */
static void note_holder(struct cg *g, ir_value v, struct cg_val x)
{
    const struct cg_lin *l = x.kind == CV_LIN    ? &g->lins[x.i]
                             : x.kind == CV_VIEW ? &g->views[x.i].start
                                                 : NULL;
    if (x.kind == CV_MULTI)
        for (uint32_t u = 0; u < g->p.n; u++)
            note_holder(g, v, g->multi[x.i + u]);
    for (uint32_t i = 0; l && i < l->n; i++) {
        struct cg_holders *h =
            l->t[i].kind == CA_REG && l->t[i].id < SC_MAX_SREGS ? &g->p.holders[l->t[i].id] : NULL;
        if (h) {
            h->v = cg_grow(h->v, &h->cap, h->n + 1, sizeof *h->v);
            h->v[h->n++] = v;
        }
    }
}

/* Frees the temporaries no op from position pos on reads. */
static void temps_expire(struct cg_prog *p, int32_t pos)
{
    for (uint32_t r = 0; r < SC_MAX_SREGS; r++)
        if ((p->busy >> r & 1) && p->until[r] < pos)
            p->busy &= ~((uint64_t)1 << r);
}

static int vec_reg(struct cg *g, ir_value owner, ir_op at)
{
    for (int r = 0; r < SC_MAX_VREGS; r++)
        if (!g->p.vowner[r]) {
            g->p.vowner[r] = owner ? owner : UINT32_MAX;
            return r;
        }
    cg_error(g, at, "this program needs more than %d vector registers (not supported yet)",
             SC_MAX_VREGS);
    return -1;
}

static struct sc_insn insn(struct cg *g, uint8_t op, ir_op at)
{
    struct sc_insn in;
    memset(&in, 0, sizeof in);
    in.op = op;
    in.dtype = INTERP_I64;
    in.loc = cg_loc(g, at);
    return in;
}

static struct sc_opnd imm(int64_t v)
{
    return (struct sc_opnd){SC_IMM, v};
}

static struct sc_opnd reg_opnd(int r)
{
    return (struct sc_opnd){SC_REG, r};
}

/* A static form as an operand: an immediate, or a symbol (one that is
 * already a symbol's value names it). */
static struct sc_opnd static_opnd(struct cg *g, const struct cg_lin *l)
{
    if (!l->n)
        return imm(l->c);
    if (l->n == 1 && !l->c && l->t[0].kind == CA_SYM && l->t[0].k == 1)
        return (struct sc_opnd){SC_SYM, l->t[0].id};
    return (struct sc_opnd){SC_SYM, cg_sym_new(g, SC_SX_ADD, l, NULL)};
}

/* A scalar operand holding l: an immediate, a symbol, a register, or a new
 * register computed from l's terms. */
static bool opnd_of(struct cg *g, ir_op at, const struct cg_lin *l, struct sc_opnd *out)
{
    struct cg_lin st = lin_static_part(l);
    struct sc_opnd so = static_opnd(g, &st);
    if (lin_static(l)) {
        *out = so;
        return true;
    }
    if (l->n == 1 && l->c == 0 && l->t[0].k == 1) {
        *out = reg_opnd((int)l->t[0].id);
        return true;
    }
    int t = temp_reg(g, at);
    if (t < 0)
        return false;
    if (l->n == st.n + 1 && (so.kind != SC_IMM || so.v)) {
        /* one register term and a static part: r + x, x - r */
        const struct cg_term *x = &l->t[0];
        while (x->kind != CA_REG)
            x++;
        if (x->k == 1 || x->k == -1) {
            struct sc_insn in = insn(g, x->k == 1 ? SC_ADD : SC_SUB, at);
            in.reg[0] = (uint8_t)t;
            in.x[x->k == 1 ? 0 : 1] = reg_opnd((int)x->id);
            in.x[x->k == 1 ? 1 : 0] = so;
            in.nx = 2;
            cg_emit(g, &in);
            *out = reg_opnd(t);
            return true;
        }
    }
    bool first = true;
    for (uint32_t i = 0; i < l->n; i++) {
        const struct cg_term *x = &l->t[i];
        if (x->kind != CA_REG)
            continue;
        struct sc_insn in;
        if (first) {
            in = insn(g, x->k == 1 ? SC_MOV : SC_MUL, at);
            in.reg[0] = (uint8_t)t;
            in.x[0] = reg_opnd((int)x->id);
            in.x[1] = imm(x->k);
            in.nx = x->k == 1 ? 1 : 2;
            cg_emit(g, &in);
            first = false;
            continue;
        }
        int s = (int)x->id;
        if (x->k != 1) {
            if ((s = temp_reg(g, at)) < 0)
                return false;
            in = insn(g, SC_MUL, at);
            in.reg[0] = (uint8_t)s;
            in.x[0] = reg_opnd((int)x->id);
            in.x[1] = imm(x->k);
            in.nx = 2;
            cg_emit(g, &in);
            g->p.busy &= ~((uint64_t)1 << s); /* read by the add below only */
        }
        in = insn(g, SC_ADD, at);
        in.reg[0] = (uint8_t)t;
        in.x[0] = reg_opnd(t);
        in.x[1] = reg_opnd(s);
        in.nx = 2;
        cg_emit(g, &in);
    }
    if (so.kind != SC_IMM || so.v) {
        struct sc_insn in = insn(g, SC_ADD, at);
        in.reg[0] = (uint8_t)t;
        in.x[0] = reg_opnd(t);
        in.x[1] = so;
        in.nx = 2;
        cg_emit(g, &in);
    }
    *out = reg_opnd(t);
    return true;
}

/* Whether multi e is s + c * (multi x) for a static form s and an integer
 * c != 0, the same for every unit of the group (s, c filled). */
static bool multi_affine(struct cg *g, uint32_t e, uint32_t x, struct cg_lin *s, int64_t *c)
{
    const struct cg_lin *e0 = &g->lins[g->multi[e].i], *x0 = &g->lins[g->multi[x].i];
    *c = 1;
    for (uint32_t u = 1; u < g->p.n; u++) { /* the scale: from a unit where x differs */
        struct cg_lin dx, de;
        const struct cg_lin *xu = &g->lins[g->multi[x + u].i];
        if (!lin_axpy(&dx, xu, -1, x0) || !lin_axpy(&de, &g->lins[g->multi[e + u].i], -1, e0))
            return false;
        if (!dx.n && !dx.c)
            continue;
        if (!dx.n && !de.n && de.c % dx.c == 0 && de.c / dx.c)
            *c = de.c / dx.c;
        break;
    }
    if (!lin_axpy(s, e0, -*c, x0))
        return false;
    for (uint32_t u = 1; u < g->p.n; u++) {
        struct cg_lin y;
        if (!lin_axpy(&y, s, *c, &g->lins[g->multi[x + u].i]) ||
            !cg_lin_eq(&y, &g->lins[g->multi[e + u].i]))
            return false;
    }
    return true;
}

static bool multi_lin(struct cg *g, struct cg_val v, ir_op at, struct cg_lin *out);
static bool nonlinear(struct cg *g, ir_op at, uint8_t sxop, const struct cg_lin *a,
                      const struct cg_lin *b, struct cg_lin *out);

/* The value of the static forms e[u], one per unit of the group, as a
 * linear form: the form itself when all agree, else through multi_lin. */
static bool forms_lin(struct cg *g, const struct cg_lin *e, ir_op at, struct cg_lin *out)
{
    uint32_t n = g->p.n;
    struct cg_val *x = malloc(n * sizeof *x);
    if (!x)
        abort();
    for (uint32_t u = 0; u < n; u++)
        x[u] = vlin(g, &e[u]);
    struct cg_val v = multi_of(g, x);
    free(x);
    if (v.kind == CV_LIN) {
        *out = g->lins[v.i];
        return true;
    }
    return multi_lin(g, v, at, out);
}

/* Multi v computed at run time, when its forms have one shape on every
 * unit: the same terms but for launch-time symbols that are the same
 * operation of per-unit operands (min(n - base, 1024) of a masked tile,
 * the chunk counts derived from it), plus a per-unit constant. Each
 * differing operand is a per-unit value again (an initial register, one
 * rematerialized, or computed in turn) and each operation an instruction
 * into a temporary, recomputed where the value is used: so a unit hosting
 * many tiles needs no register per tile for the values that are not
 * affine across its tiles. 1: done, 0: not of that shape, -1: error. */
static int multi_calc(struct cg *g, struct cg_val v, ir_op at, struct cg_lin *out)
{
    uint32_t n = g->p.n;
    if (n < 2) /* a multi has several units */
        return 0;
    struct cg_lin *e = malloc(2 * (size_t)n * sizeof *e);
    if (!e)
        abort();
    struct cg_lin *part = e + n, common = {.c = 0};
    for (uint32_t u = 0; u < n; u++)
        e[u] = g->lins[g->multi[v.i + u].i];
    for (uint32_t i = 0; i < e[0].n; i++) { /* the terms every unit has */
        const struct cg_term *t = &e[0].t[i];
        bool all = true;
        for (uint32_t u = 1; u < n && all; u++) {
            bool has = false;
            for (uint32_t j = 0; j < e[u].n && !has; j++)
                has = !term_cmp(t, &e[u].t[j]) && t->k == e[u].t[j].k;
            all = has;
        }
        if (all)
            common.t[common.n++] = *t;
    }
    int ok = 1;
    uint32_t nt = 0;
    for (uint32_t u = 0; u < n && ok; u++) {
        if (!lin_axpy(&e[u], &e[u], -1, &common))
            ok = 0;
        else if (!u)
            nt = e[0].n;
        else if (e[u].n != nt)
            ok = 0;
        for (uint32_t j = 0; ok && j < e[u].n; j++) {
            const struct cg_term *t = &e[u].t[j], *t0 = &e[0].t[j];
            if (t->kind != CA_SYM || t->k != t0->k || g->syms[t->id].op != g->syms[t0->id].op)
                ok = 0;
        }
    }
    if (!nt) /* only a per-unit constant: multi_lin gives it a register */
        ok = 0;
    struct cg_lin acc = common, x;
    if (ok) { /* the per-unit constant */
        bool zero = true;
        for (uint32_t u = 0; u < n; u++) {
            part[u] = lin_const(e[u].c);
            zero = zero && !e[u].c;
        }
        if (!zero)
            ok = forms_lin(g, part, at, &x) && lin_axpy(&acc, &acc, 1, &x) ? 1 : -1;
    }
    for (uint32_t j = 0; ok == 1 && j < nt; j++) {
        uint8_t op = g->syms[e[0].t[j].id].op;
        struct cg_lin a, b;
        for (uint32_t u = 0; u < n; u++)
            part[u] = g->syms[e[u].t[j].id].a;
        if (!forms_lin(g, part, at, &a)) {
            ok = -1;
            break;
        }
        if (op == SC_SX_ADD) { /* a symbol naming a linear form */
            x = a;
        } else {
            for (uint32_t u = 0; u < n; u++)
                part[u] = g->syms[e[u].t[j].id].b;
            if (!forms_lin(g, part, at, &b) || !nonlinear(g, at, op, &a, &b, &x)) {
                ok = -1;
                break;
            }
        }
        if (!lin_axpy(&acc, &acc, e[0].t[j].k, &x)) {
            cg_error(g, at, "an index of more than %d terms (not supported yet)", CG_MAX_TERMS);
            ok = -1;
        }
    }
    free(e);
    if (ok == 1)
        *out = acc;
    return ok;
}

/* The static values of multi v as a linear form over a register
 * initialized per unit. Per-unit registers are set once, when the unit
 * starts, and hold for all the tiles it hosts, so they are not reused
 * (r63 down; temporaries from r0 up are, tile after tile). A register
 * already holding these values serves again; from the second tile on (and
 * when registers run short) so does one whose values differ from these by
 * an amount the same on every unit, times a constant: the value is
 * rematerialized as that register plus a launch-time constant (the same
 * per-unit share of another tile, or of its own at other addresses), at
 * the cost of an add where it is not an address term. So a program needs
 * the per-unit registers of its first tile, however many it hosts. */
static bool multi_lin(struct cg *g, struct cg_val v, ir_op at, struct cg_lin *out)
{
    struct cg_prog *p = &g->p;
    if (g->multi_reg[v.i]) {
        *out = lin_atom(CA_REG, g->multi_reg[v.i] - 1);
        return true;
    }
    for (uint32_t u = 0; u < p->n; u++) {
        struct cg_val e = g->multi[v.i + u];
        if (e.kind != CV_LIN || !lin_static(&g->lins[e.i]))
            return cg_error(g, at, "a per-unit value must be an index known at launch");
    }
    bool full = p->ninit >= SC_MAX_SREGS || (p->busy >> (SC_MAX_SREGS - 1 - p->ninit) & 1);
    bool remat = p->rep > 0 || full || temps_live(p) + p->ninit + CG_SREG_RESERVE >= SC_MAX_SREGS;
    for (int pass = 0; pass < 1 + remat; pass++) /* the same values first */
        for (uint32_t k = 0; k < p->ninit; k++) {
            uint32_t r = SC_MAX_SREGS - 1 - k;
            struct cg_lin s, x = lin_atom(CA_REG, r);
            int64_t c;
            if (multi_affine(g, v.i, p->init_of[r] - 1, &s, &c) &&
                (pass || (c == 1 && !s.n && !s.c)) && lin_axpy(out, &s, c, &x))
                return true;
        }
    if (remat) {
        int k = multi_calc(g, v, at, out);
        if (k)
            return k > 0;
    }
    if (full) /* the next init register is a live temporary's */
        return sregs_error(g, at);
    uint8_t r = (uint8_t)(SC_MAX_SREGS - 1 - p->ninit++);
    struct cg_reg info = {.known = true, .step = 0};
    for (uint32_t u = 0; u < p->n; u++) {
        const struct cg_lin *l = &g->lins[g->multi[v.i + u].i];
        struct sc_opnd o = static_opnd(g, l);
        if (l->n)
            info.known = false;
        else if (!u)
            info.lo = info.hi = l->c;
        else {
            int64_t d = l->c - info.lo;
            info.lo = l->c < info.lo ? l->c : info.lo;
            info.hi = l->c > info.hi ? l->c : info.hi;
            int64_t a = d < 0 ? -d : d, b = info.step;
            while (b) {
                int64_t t = a % b;
                a = b;
                b = t;
            }
            info.step = a;
        }
        p->inits = cg_grow(p->inits, &p->capinits, p->ninits + 1, sizeof *p->inits);
        p->inits[p->ninits++] = (struct cg_init){u, r, o};
    }
    if (!info.step)
        info.step = 1;
    p->regs[r] = info;
    p->init_of[r] = v.i + 1;
    g->multi_reg[v.i] = r + 1u;
    *out = lin_atom(CA_REG, r);
    return true;
}

/* ---- kernel-level and index values --------------------------------------------- */

static struct cg_val none_val(void)
{
    return (struct cg_val){CV_NONE, 0};
}

/* An index value as a linear form (a multi becomes an init register). */
static bool index_lin(struct cg *g, ir_value v, ir_op at, struct cg_lin *out)
{
    struct cg_val x = value(g, v, at);
    if (x.kind == CV_LIN) {
        *out = g->lins[x.i];
        return true;
    }
    if (x.kind != CV_MULTI)
        return x.kind != CV_NONE && cg_error(g, at, "an index operand is not an index value");
    if (!multi_lin(g, x, at, out))
        return false;
    /* computed into temporaries (multi_calc): kept for v's later uses
     * when this one is in v's block (it runs before all of them) */
    ir_op d = ir_value_def(g->m, v);
    bool temps = false;
    for (uint32_t i = 0; i < out->n; i++)
        temps = temps || (out->t[i].kind == CA_REG && out->t[i].id < SC_MAX_SREGS - g->p.ninit);
    if (temps && d && ir_op_get(g->m, d)->block == ir_op_get(g->m, at)->block)
        memo(g, v, vlin(g, out), false);
    return true;
}

/* op(a, b) for a form that is not linear: folded, a symbol, or an
 * instruction. */
static bool nonlinear(struct cg *g, ir_op at, uint8_t sxop, const struct cg_lin *a,
                      const struct cg_lin *b, struct cg_lin *out)
{
    if (!a->n && !b->n) {
        int64_t r;
        if (!sc_int_op(sxop, a->c, b->c, &r))
            return cg_error(g, at, "a division by zero");
        *out = lin_const(r);
        return true;
    }
    if (lin_static(a) && lin_static(b)) {
        *out = lin_atom(CA_SYM, cg_sym_new(g, sxop, a, b));
        return true;
    }
    struct sc_insn in = insn(g, sc_sx_insn(sxop), at);
    uint64_t mark = g->p.busy;
    if (!opnd_of(g, at, a, &in.x[0]) || !opnd_of(g, at, b, &in.x[1]))
        return false;
    temps_release(&g->p, mark); /* the operands' temporaries die here: the result reuses them */
    int r = temp_reg(g, at);
    if (r < 0)
        return false;
    in.reg[0] = (uint8_t)r;
    in.nx = 2;
    cg_emit(g, &in);
    *out = lin_atom(CA_REG, (uint32_t)r);
    return true;
}

/* An affine expression over operand values, as a linear form. */
static bool aff_lin(struct cg *g, ir_op at, ir_aff e, const struct cg_lin *dims,
                    const struct cg_lin *syms, struct cg_lin *out)
{
    const struct ir_aff_info *ai = ir_aff_get(g->m, e);
    struct cg_lin a, b;
    switch (ai->kind) {
    case IR_AFF_CONST:
        *out = lin_const(ai->v);
        return true;
    case IR_AFF_DIM:
        *out = dims[ai->v];
        return true;
    case IR_AFF_SYM:
        *out = syms[ai->v];
        return true;
    default:
        break;
    }
    if (!aff_lin(g, at, ai->lhs, dims, syms, &a) || !aff_lin(g, at, ai->rhs, dims, syms, &b))
        return false;
    switch (ai->kind) {
    case IR_AFF_ADD:
        return lin_axpy(out, &a, 1, &b) ||
               cg_error(g, at, "an index of more than %d terms (not supported yet)", CG_MAX_TERMS);
    case IR_AFF_MUL:
        if (!b.n || !a.n) {
            *out = b.n ? b : a;
            lin_scale(out, b.n ? a.c : b.c);
            return true;
        }
        return nonlinear(g, at, SC_SX_MUL, &a, &b, out);
    case IR_AFF_MOD:
        return nonlinear(g, at, SC_SX_MOD, &a, &b, out);
    case IR_AFF_FLOORDIV:
        return nonlinear(g, at, SC_SX_DIV, &a, &b, out);
    default: /* ceildiv: (a + b - 1) floordiv b for a constant b > 0 */
        if (b.n || b.c <= 0)
            return cg_error(g, at,
                            "a ceildiv by a value that is not a positive constant is "
                            "not supported yet");
        a.c += b.c - 1;
        return nonlinear(g, at, SC_SX_DIV, &a, &b, out);
    }
}

/* The symbol operation computing index op kind k as arith has it (divsi
 * toward zero, divui unsigned, ...), or 0 (SC_SX_CONST) for the others. */
static uint8_t index_sxop(uint16_t k)
{
    switch (k) {
    case IR_OP_ARITH_FLOORDIVSI: return SC_SX_DIV;
    case IR_OP_ARITH_DIVSI: return SC_SX_TDIV;
    case IR_OP_ARITH_DIVUI: return SC_SX_UDIV;
    case IR_OP_ARITH_REMSI: return SC_SX_TREM;
    case IR_OP_ARITH_REMUI: return SC_SX_UREM;
    case IR_OP_ARITH_MINSI: return SC_SX_MIN;
    case IR_OP_ARITH_MINUI: return SC_SX_UMIN;
    case IR_OP_ARITH_MAXSI: return SC_SX_MAX;
    case IR_OP_ARITH_MAXUI: return SC_SX_UMAX;
    default: return SC_SX_CONST;
    }
}

/* Integer and index arithmetic (kernel level or in a program). */
static struct cg_val arith(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct cg_lin a = {0}, b = {0}, r;
    if (o->kind == IR_OP_ARITH_CONSTANT) {
        const struct ir_attr_info *ai = ir_attr_get(m, ir_op_attr(m, op, "value"));
        if (ai->kind != IR_AT_INT && ai->kind != IR_AT_BOOL)
            return cg_error(g, op, "a constant of this type has no use in a program"), none_val();
        r = lin_const(ai->i);
        return vlin(g, &r);
    }
    if (o->kind == IR_OP_AFFINE_APPLY) {
        const struct ir_affine_map *mp =
            ir_map_get(m, ir_attr_get(m, ir_op_attr(m, op, "map"))->map);
        struct cg_lin ops[16];
        if (o->nopnd > 16 || mp->nres != 1)
            return cg_error(g, op, "an affine.apply of this shape is not supported yet"),
                   none_val();
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (!index_lin(g, o->opnd[i], op, &ops[i]))
                return none_val();
        if (!aff_lin(g, op, mp->res[0], ops, ops + mp->ndims, &r))
            return none_val();
        return vlin(g, &r);
    }
    if (o->nopnd < 1 || !index_lin(g, o->opnd[0], op, &a) ||
        (o->nopnd > 1 && !index_lin(g, o->opnd[1], op, &b)))
        return none_val();
    bool ok = true;
    switch (o->kind) {
    case IR_OP_ARITH_INDEX_CAST:
    case IR_OP_ARITH_INDEX_CASTUI:
    case IR_OP_ARITH_EXTSI:
    case IR_OP_ARITH_EXTUI:
        r = a;
        break;
    case IR_OP_ARITH_ADDI:
    case IR_OP_ARITH_SUBI:
        ok = lin_axpy(&r, &a, o->kind == IR_OP_ARITH_ADDI ? 1 : -1, &b) ||
             cg_error(g, op, "an index of more than %d terms (not supported yet)", CG_MAX_TERMS);
        break;
    case IR_OP_ARITH_MULI:
        if (!a.n || !b.n) {
            r = b.n ? b : a;
            lin_scale(&r, b.n ? a.c : b.c);
        } else {
            ok = nonlinear(g, op, SC_SX_MUL, &a, &b, &r);
        }
        break;
    case IR_OP_ARITH_CEILDIVSI:
    case IR_OP_ARITH_CEILDIVUI:
        if (b.n || b.c <= 0) {
            ok = cg_error(g, op,
                          "a ceildiv by a value that is not a positive constant is not "
                          "supported yet");
            break;
        }
        if (o->kind == IR_OP_ARITH_CEILDIVUI) { /* a udiv b + min(a urem b, 1), unsigned */
            struct cg_lin q, rem, one = lin_const(1);
            ok = nonlinear(g, op, SC_SX_UDIV, &a, &b, &q) &&
                 nonlinear(g, op, SC_SX_UREM, &a, &b, &rem) &&
                 nonlinear(g, op, SC_SX_UMIN, &rem, &one, &rem) &&
                 (lin_axpy(&r, &q, 1, &rem) ||
                  cg_error(g, op, "an index of more than %d terms (not supported yet)",
                           CG_MAX_TERMS));
            break;
        }
        a.c += b.c - 1; /* (a + b - 1) floordiv b */
        ok = nonlinear(g, op, SC_SX_DIV, &a, &b, &r);
        break;
    default:
        ok = index_sxop(o->kind) ? nonlinear(g, op, index_sxop(o->kind), &a, &b, &r)
                                 : cg_error(g, op, "'%s' on indices has no SpyreCode form yet",
                                            ir_str_get(m, o->name));
    }
    return ok ? vlin(g, &r) : none_val();
}

/* A kernel-level value: an argument, a constant, arithmetic over them, a
 * unit. */
static struct cg_val kernel_value(struct cg *g, ir_value v, ir_op at)
{
    struct ir_module *m = g->m;
    ir_op d = ir_value_def(m, v);
    if (!d) {
        struct cg_lin l = lin_atom(CA_ARG, ir_value_get(m, v)->index);
        return vlin(g, &l);
    }
    const struct ir_op_info *o = ir_op_get(m, d);
    switch (o->kind) {
    case IR_OP_DATAFLOW_GET_UNIT: {
        uint32_t u = cg_unit_of(g, d);
        return u == SC_NONE ? none_val() : (struct cg_val){CV_UNIT, u};
    }
    case IR_OP_KTDP_RUNTIME_ARG_EXTRACT:
        if (ir_value_def(m, o->opnd[0]))
            break;
        return kernel_value(g, o->opnd[0], at);
    default:
        if (!strncmp(ir_str_get(m, o->name), "arith.", 6) || o->kind == IR_OP_AFFINE_APPLY)
            return arith(g, d);
        break;
    }
    cg_error(g, at, "a value made by '%s' outside the programs cannot be used in one",
             ir_str_get(m, o->name));
    return none_val();
}

/* The value of v in the current program (kernel-level values evaluated on
 * demand); kind CV_NONE after an error reported at `at`. */
static struct cg_val value(struct cg *g, ir_value v, ir_op at)
{
    if (g->val[v].kind != CV_NONE && (!g->stamp[v] || g->stamp[v] == g->p.gen))
        return g->val[v];
    if (!is_kernel_level(g, v)) { /* unmade after an error reported, or a bug */
        if (!g->failed)
            cg_error(g, at, "a value of another program or tile is used here (internal order)");
        return none_val();
    }
    struct cg_val x = kernel_value(g, v, at);
    if (x.kind != CV_NONE)
        memo(g, v, x, true);
    return x;
}

/* ---- views, ports, device checks ------------------------------------------------ */

/* The physical resource of unit value x for group unit u, or ARCH_NONE. */
static uint32_t unit_res(struct cg *g, struct cg_val x, uint32_t u)
{
    struct cg_val e = elem_of(g, x, u);
    return e.kind == CV_UNIT ? g->units[e.i].res : ARCH_NONE;
}

static bool view_of(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct cg_view vw = {.mem = value(g, o->opnd[0], op)};
    if (vw.mem.kind == CV_NONE)
        return false;
    for (uint32_t u = 0; u < g->p.n; u++) {
        uint32_t r = unit_res(g, vw.mem, u);
        if (r == ARCH_NONE || g->dev->res[r].node != ARCH_MEMORY)
            return cg_error(g, op, "the first operand of a memory view must be a memory unit");
    }
    struct cg_val s = value(g, o->opnd[1], op);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res));
    if (t->rank > 8)
        return cg_error(g, op, "a view of rank %u is not supported yet", t->rank);
    vw.rank = t->rank;
    vw.elem = t->elem;
    if (cg_dtype(m, t->elem) < 0)
        return cg_error(g, op, "a view of this element type is not supported yet");
    if (s.kind == CV_NONE || !index_lin(g, o->opnd[1], op, &vw.start))
        return false;
    /* arguments added into the start (also through per-unit registers:
     * the start on each unit, its per-unit registers replaced by their
     * values there) */
    for (uint32_t u = 0; u < g->p.n; u++) {
        struct cg_lin st = lin_static_part(&vw.start);
        for (uint32_t i = 0; i < vw.start.n; i++) {
            const struct cg_term *x = &vw.start.t[i];
            uint32_t mi = x->kind == CA_REG ? g->p.init_of[x->id] : 0;
            if (mi && !lin_axpy(&st, &st, x->k, &g->lins[g->multi[mi - 1 + u].i]))
                st = lin_static_part(&vw.start);
        }
        cg_note_view(g, &st, t->elem, t->rank, unit_res(g, vw.mem, u));
    }
    const struct ir_affine_map *lm =
        ir_map_get(m, ir_attr_get(m, ir_op_attr(m, op, "layout_map"))->map);
    int64_t pt[8] = {0};
    bool ok = true;
    vw.off = ir_aff_eval(m, lm->res[0], pt, NULL, &ok);
    for (uint32_t i = 0; i < t->rank; i++) {
        pt[i] = 1;
        vw.strides[i] = ir_aff_eval(m, lm->res[0], pt, NULL, &ok) - vw.off;
        pt[i] = 2;
        int64_t twice = ir_aff_eval(m, lm->res[0], pt, NULL, &ok) - vw.off;
        pt[i] = 0;
        if (twice != 2 * vw.strides[i])
            ok = false;
    }
    if (!ok)
        return cg_error(g, op, "a view layout that is not linear is not supported yet");
    const struct arch_res *mr = &g->dev->res[unit_res(g, vw.mem, 0)];
    if (g->parts > 1 && mr->level != ARCH_LEVEL_DEVICE) /* the tile's part */
        vw.off += (int64_t)(g->p.rep % g->parts) * (mr->size / g->parts) /
                  (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(m, t->elem));
    g->views = cg_grow(g->views, &g->capviews, g->nviews + 1, sizeof *g->views);
    g->views[g->nviews] = vw;
    memo(g, o->res, (struct cg_val){CV_VIEW, g->nviews++}, false);
    return true;
}

static const struct cg_view *view_val(struct cg *g, ir_value v, ir_op at)
{
    struct cg_val x = value(g, v, at);
    if (x.kind == CV_VIEW)
        return &g->views[x.i];
    if (x.kind != CV_NONE)
        cg_error(g, at, "expected a memory view (dataflow.get_logical_memory_view)");
    return NULL;
}

/* The memory port of a view and its memory resource on the first unit. */
static uint32_t mem_port(struct cg *g, const struct cg_view *vw, uint32_t *mem)
{
    uint32_t *bind = malloc(g->p.n * sizeof *bind);
    if (!bind)
        abort();
    for (uint32_t u = 0; u < g->p.n; u++)
        bind[u] = unit_res(g, vw->mem, u);
    *mem = bind[0];
    uint32_t port = cg_port(g, SC_PORT_MEM, bind, g->dev->res[bind[0]].kind);
    free(bind);
    return port;
}

/* The byte address of element idx + lo of a view. */
static bool view_addr(struct cg *g, ir_op at, const struct cg_view *vw, const ir_value *idx,
                      const int64_t *lo, struct cg_lin *bytes)
{
    struct cg_lin a = vw->start;
    a.c += vw->off;
    for (uint32_t i = 0; i < vw->rank; i++) {
        struct cg_lin x;
        if (!index_lin(g, idx[i], at, &x))
            return false;
        x.c += lo ? lo[i] : 0;
        if (!lin_axpy(&a, &a, vw->strides[i], &x))
            return cg_error(g, at, "an address of more than %d terms (not supported yet)",
                            CG_MAX_TERMS);
    }
    lin_scale(&a, (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(g->m, vw->elem)));
    *bytes = a;
    return true;
}

/* An address operand for a byte address (registers beyond the terms an
 * address holds are added up first). */
static bool addr_opnd(struct cg *g, ir_op at, const struct cg_lin *bytes, uint32_t port,
                      struct sc_addr *out)
{
    memset(out, 0, sizeof *out);
    out->port = (uint16_t)port;
    struct cg_lin rest = lin_static_part(bytes);
    for (uint32_t i = 0; i < bytes->n; i++) {
        const struct cg_term *t = &bytes->t[i];
        if (t->kind != CA_REG)
            continue;
        if (out->nterms < SC_MAX_TERMS) {
            out->reg[out->nterms] = (uint8_t)t->id;
            out->stride[out->nterms++] = imm(t->k);
        } else {
            struct cg_lin one = lin_atom(CA_REG, t->id);
            lin_axpy(&rest, &rest, t->k, &one);
        }
    }
    return opnd_of(g, at, &rest, &out->base);
}

/* Index value v of a loop body (its top-level ops) as a linear form with
 * the loop's IV iv taken as *at: values from outside the body as they
 * are, the body's integer arithmetic when it stays linear; false else. */
static bool lin_at(struct cg *g, ir_op use, ir_block body, ir_value v, ir_value iv,
                   const struct cg_lin *at, struct cg_lin *out, int depth)
{
    struct ir_module *m = g->m;
    if (v == iv) {
        *out = *at;
        return true;
    }
    ir_op d = ir_value_def(m, v);
    if (!d ? ir_value_get(m, v)->owner != body : ir_op_get(m, d)->block != body) {
        struct cg_val x = g->val[v];
        bool known = x.kind != CV_NONE && (!g->stamp[v] || g->stamp[v] == g->p.gen);
        return (known || is_kernel_level(g, v)) && index_lin(g, v, use, out);
    }
    if (!d || depth > 16)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    struct cg_lin a, b;
    switch (o->kind) {
    case IR_OP_ARITH_INDEX_CAST:
    case IR_OP_ARITH_INDEX_CASTUI:
        return lin_at(g, use, body, o->opnd[0], iv, at, out, depth + 1);
    case IR_OP_ARITH_ADDI:
    case IR_OP_ARITH_SUBI:
        return lin_at(g, use, body, o->opnd[0], iv, at, &a, depth + 1) &&
               lin_at(g, use, body, o->opnd[1], iv, at, &b, depth + 1) &&
               lin_axpy(out, &a, o->kind == IR_OP_ARITH_ADDI ? 1 : -1, &b);
    case IR_OP_ARITH_MULI:
        if (!lin_at(g, use, body, o->opnd[0], iv, at, &a, depth + 1) ||
            !lin_at(g, use, body, o->opnd[1], iv, at, &b, depth + 1) || (a.n && b.n))
            return false;
        *out = b.n ? b : a;
        lin_scale(out, b.n ? a.c : b.c);
        return true;
    default:
        return false;
    }
}

/* The byte address memref.load ld (of a view from outside the loop)
 * reads with the loop's IV iv taken as *at. */
static bool pf_addr(struct cg *g, ir_op ld, ir_block body, ir_value iv, const struct cg_lin *at,
                    struct cg_lin *bytes)
{
    const struct ir_op_info *o = ir_op_get(g->m, ld);
    struct cg_val vv = g->val[o->opnd[0]];
    if (vv.kind != CV_VIEW || (g->stamp[o->opnd[0]] && g->stamp[o->opnd[0]] != g->p.gen))
        return false;
    const struct cg_view *vw = &g->views[vv.i];
    if (o->nopnd != 1 + vw->rank)
        return false;
    struct cg_lin a = vw->start;
    a.c += vw->off;
    for (uint32_t i = 0; i < vw->rank; i++) {
        struct cg_lin x;
        if (!lin_at(g, ld, body, o->opnd[1 + i], iv, at, &x, 0) ||
            !lin_axpy(&a, &a, vw->strides[i], &x))
            return false;
    }
    lin_scale(&a, (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(g->m, vw->elem)));
    *bytes = a;
    return true;
}

/* Before loop op (bounds lb, ub, step s, all known): the index reads at
 * the top of its body of device memory views from outside it, whose
 * indices are linear in its IV, are prefetched: the first iteration's
 * read now, each next one's at the read (overlapping the body's work; an
 * ld holds only the instruction that reads its register). */
static void prefetch_reads(struct cg *g, ir_op loop, int64_t lb, int64_t ub, int64_t s)
{
    struct ir_module *m = g->m;
    struct cg_prog *p = &g->p;
    ir_block body = ir_region_entry(m, ir_op_get(m, loop)->regs[0]);
    ir_value iv = ir_block_get(m, body)->args[0];
    if (s <= 0 || ub <= lb)
        return;
    int64_t last = lb + (ub - lb - 1) / s * s;
    IR_FOR_OPS(m, body, op)
    {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind != IR_OP_MEMREF_LOAD || p->npf == CG_MAX_LOOPS ||
            temps_live(p) + p->ninit + 3 >= SC_MAX_SREGS - CG_SREG_RESERVE)
            continue;
        struct cg_val vv = g->val[o->opnd[0]];
        if (vv.kind != CV_VIEW || (g->stamp[o->opnd[0]] && g->stamp[o->opnd[0]] != g->p.gen))
            continue;
        const struct cg_view *vw = &g->views[vv.i];
        uint32_t mem;
        uint32_t port = mem_port(g, vw, &mem);
        int dt = cg_dtype(m, vw->elem);
        if (g->dev->res[mem].level != ARCH_LEVEL_DEVICE || dt < INTERP_I8 || dt > INTERP_INDEX)
            continue;
        struct cg_lin at = lin_const(lb), bytes;
        if (!pf_addr(g, op, body, iv, &at, &bytes))
            continue;
        struct sc_insn in = insn(g, SC_LD, op);
        in.dtype = (uint8_t)dt;
        if (!addr_opnd(g, op, &bytes, port, &in.addr[0]))
            return;
        int ra = temp_reg(g, op), rb = temp_reg(g, op);
        if (ra < 0 || rb < 0)
            return;
        in.reg[0] = (uint8_t)ra;
        cg_emit(g, &in);
        p->pf[p->npf++] = (struct cg_prefetch){op, loop, (uint8_t)ra, (uint8_t)rb, 0, s, last};
    }
}

/* memref.load of an integer from a view (an indirect tile's index,
 * ktc-lower): `ld.T rK, port[addr]` on this unit, the value a register. */
static bool pf_addr(struct cg *g, ir_op ld, ir_block body, ir_value iv, const struct cg_lin *at,
                    struct cg_lin *bytes);

static bool scalar_load(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < g->p.npf; i++) {
        struct cg_prefetch *pf = &g->p.pf[i];
        if (pf->ld != op)
            continue;
        /* prefetched: the value is in ra; read the next iteration's (the
         * last one's again on the last) into rb, moved to ra at the end */
        int t = temp_reg(g, op);
        if (t < 0)
            return false;
        struct sc_insn in = insn(g, SC_ADD, op);
        in.reg[0] = (uint8_t)t;
        in.x[0] = reg_opnd(pf->riv);
        in.x[1] = imm(pf->step);
        in.nx = 2;
        cg_emit(g, &in);
        in = insn(g, SC_MIN, op);
        in.reg[0] = (uint8_t)t;
        in.x[0] = reg_opnd(t);
        in.x[1] = imm(pf->last);
        in.nx = 2;
        cg_emit(g, &in);
        const struct ir_op_info *lo = ir_op_get(m, pf->loop);
        ir_block body = ir_region_entry(m, lo->regs[0]);
        struct cg_lin next = lin_atom(CA_REG, (uint32_t)t), bytes;
        const struct cg_view *pv = view_val(g, o->opnd[0], op);
        uint32_t mem;
        in = insn(g, SC_LD, op);
        in.dtype = (uint8_t)cg_dtype(m, pv->elem);
        in.reg[0] = pf->rb;
        if (!pf_addr(g, op, body, ir_block_get(m, body)->args[0], &next, &bytes) ||
            !addr_opnd(g, op, &bytes, mem_port(g, pv, &mem), &in.addr[0]))
            return false;
        cg_emit(g, &in);
        struct cg_lin x = lin_atom(CA_REG, pf->ra);
        memo(g, o->res, vlin(g, &x), false);
        return true;
    }
    const struct cg_view *vw = view_val(g, o->opnd[0], op);
    if (!vw)
        return false;
    int dt = cg_dtype(m, vw->elem);
    if (dt < INTERP_I8 || dt > INTERP_INDEX || o->nopnd != 1 + vw->rank)
        return cg_error(g, op, "a memref.load of other than an integer element of its view is "
                               "not supported yet");
    struct cg_lin bytes;
    uint32_t mem;
    uint32_t port = mem_port(g, vw, &mem);
    struct sc_insn in = insn(g, SC_LD, op);
    in.dtype = (uint8_t)dt;
    if (!view_addr(g, op, vw, o->opnd + 1, NULL, &bytes) ||
        !addr_opnd(g, op, &bytes, port, &in.addr[0]))
        return false;
    int r = temp_reg(g, op);
    if (r < 0)
        return false;
    in.reg[0] = (uint8_t)r;
    cg_emit(g, &in);
    struct cg_lin x = lin_atom(CA_REG, (uint32_t)r);
    memo(g, o->res, vlin(g, &x), false);
    return true;
}

/* Whether address a's alignment is unknown where acc wants one: it adds
 * a launch-time value other than one tensor's address (a per-core offset
 * computed from the tile id, a register of unknown values), which
 * check_access takes on trust; a write there goes under a byte mask
 * (dma.mask), right whatever the offset. */
static bool align_unknown(const struct cg *g, const struct cg_lin *a,
                          const struct arch_access *acc)
{
    bool sym = false, odd = false;
    for (uint32_t i = 0; acc && acc->ngranules && i < a->n; i++) {
        const struct cg_term *t = &a->t[i];
        if (t->kind == CA_REG) {
            odd = odd || !g->p.regs[t->id].known;
            continue;
        }
        int dt = t->kind == CA_ARG ? g->arg_dtype[t->id] : -1;
        odd = odd || sym || dt < 0 || t->k != (int64_t)interp_dtype_size((enum interp_dtype)dt);
        sym = true;
    }
    return odd;
}

static void granules_text(const struct arch_access *acc, char *buf, size_t len)
{
    size_t k = 0;
    int64_t w = acc->word_size > 0 ? acc->word_size : 1;
    buf[0] = 0;
    for (uint32_t i = 0; i < acc->ngranules && k + 40 < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%lld bytes aligned to %lld", i ? ", " : "",
                              (long long)(acc->granules[i].size_in_words * w),
                              (long long)(acc->granules[i].align_in_words * w));
}

/* Checks an access of `bytes` at byte address a (also at a + k * step for
 * k < count when count > 1) of memory mem: inside the memory when the
 * address is known, and fitting one of acc's granules; reported when
 * `report`. */
static bool check_access(struct cg *g, ir_op at, const char *what, const struct cg_lin *a,
                         int64_t bytes, int64_t step, int64_t count, uint32_t mem,
                         const struct arch_access *acc, bool report)
{
    const struct arch_res *mr = &g->dev->res[mem];
    bool known = true, sym = false, odd = false;
    int64_t lo = a->c, hi = a->c, a0 = a->c;
    int64_t steps[CG_MAX_TERMS + 1];
    uint32_t nsteps = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        const struct cg_term *t = &a->t[i];
        if (t->kind != CA_REG) {
            /* a tensor's address (its element address times its element
             * size), which the runtime aligns (runtime.h: 256 bytes, above
             * any granule's alignment): the rest of the address must still
             * be aligned (a per-row scalar of a 2x1 f32 view at byte 4 is
             * not); other symbols leave the alignment unknown */
            int dt = t->kind == CA_ARG ? g->arg_dtype[t->id] : -1;
            odd = odd || sym || dt < 0 || t->k != (int64_t)interp_dtype_size((enum interp_dtype)dt);
            sym = true;
            continue;
        }
        const struct cg_reg *r = &g->p.regs[t->id];
        if (!r->known) {
            known = false;
            continue;
        }
        int64_t x = t->k * r->lo, y = t->k * r->hi;
        lo += x < y ? x : y;
        hi += x < y ? y : x;
        a0 += t->k * r->lo;
        if (r->hi > r->lo)
            steps[nsteps++] = t->k * r->step;
    }
    if (count > 1) {
        hi += step * (count - 1) > 0 ? step * (count - 1) : 0;
        lo += step * (count - 1) < 0 ? step * (count - 1) : 0;
        steps[nsteps++] = step;
    }
    if (known && !sym && mr->size > 0 && (lo < 0 || hi + bytes > mr->size)) {
        if (report && once(g, at))
            cg_error(g, at, "this %s reaches bytes [%lld, %lld) of %s, which holds %lld", what,
                     (long long)lo, (long long)(hi + bytes), mr->name, (long long)mr->size);
        return false;
    }
    if (!acc || !acc->ngranules)
        return true;
    int64_t w = acc->word_size > 0 ? acc->word_size : 1;
    for (uint32_t k = 0; k < acc->ngranules; k++) {
        int64_t size = acc->granules[k].size_in_words * w;
        int64_t align = acc->granules[k].align_in_words * w;
        bool ok = size > 0 && bytes % size == 0;
        if (align > 1 && known) {
            ok = ok && (odd || a0 % align == 0);
            for (uint32_t s = 0; s < nsteps; s++)
                ok = ok && steps[s] % align == 0;
        }
        if (ok)
            return true;
    }
    if (report && once(g, at)) {
        char gran[256];
        granules_text(acc, gran, sizeof gran);
        cg_error(g, at, "this %s of %lld bytes%s fits none of the accesses %s makes to %s (%s)",
                 what, (long long)bytes, sym ? "" : " at its addresses", g->dev->res[g->p.res].kind,
                 mr->kind, gran);
    }
    return false;
}

/* How the program's unit kind accesses memory mem (a DMA unit's access in
 * the other direction stands in). */
static const struct arch_access *access_of(struct cg *g, uint32_t mem, bool store, bool dma)
{
    const struct arch_access *a = arch_access(g->dev, g->p.res, store, g->dev->res[mem].kind);
    if (!a && dma)
        a = arch_access(g->dev, g->p.res, !store, g->dev->res[mem].kind);
    return a;
}

/* Whether op is a reduction or its result is reduced by a later op of its
 * block (a row only ktc-nest's reductions can stream). */
static bool feeds_reduce(struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_VECTORCHAIN_REDUCE)
        return true;
    for (ir_op x = o->next; x && o->nres; x = ir_op_get(m, x)->next) {
        const struct ir_op_info *xi = ir_op_get(m, x);
        if (xi->kind == IR_OP_VECTORCHAIN_REDUCE && xi->nopnd && xi->opnd[0] == o->res)
            return true;
    }
    return false;
}

/* A vector of type t handled by the program's unit: within its lanes when
 * it computes. */
static bool check_lanes(struct cg *g, ir_op at, ir_type t)
{
    const struct arch_res *r = &g->dev->res[g->p.res];
    if (!(r->features & ARCH_F_COMPUTE))
        return true;
    struct ir_module *m = g->m;
    const struct ir_type_info *ti = ir_type_get(m, t);
    int dt = cg_dtype(m, ti->elem);
    const char *dn = dt < 0 ? "?" : interp_dtype_name((enum interp_dtype)dt);
    int64_t lanes = dt < 0 ? 0 : arch_lanes(g->dev, g->p.res, dn);
    int64_t n = ti->rank ? ti->shape[0] : 1;
    if (dt == INTERP_I1)
        return true; /* a mask: as wide as the vectors compared, checked there */
    if (lanes <= 0) {
        if (once(g, at))
            cg_error(g, at, "%s of device @%s has no SIMD lanes for %s", r->kind, g->dev->name, dn);
        return false;
    }
    if (n > lanes) {
        if (once(g, at))
            cg_error(g, at,
                     "a vector of %lld %s is wider than the %lld %s lanes of %s (device "
                     "@%s)%s",
                     (long long)n, dn, (long long)lanes, dn, r->kind, g->dev->name,
                     feeds_reduce(m, at)
                         ? ": ktc-nest's reductions transformation streams a reduction over "
                           "such a row in lane-wide chunks (was it disabled, by "
                           "--disable=reductions or --disable=nest? it needs a row of 2^k > 32 "
                           "times the lanes and a one-op commutative float combiner)"
                         : "");
        return false;
    }
    return true;
}

/* The per-unit peers of a FIFO or signal: the channel of each group unit
 * (out: it sends to the peer). FIFOs are checked against the datapaths. */
static bool peer_port(struct cg *g, ir_op at, ir_value peer, enum sc_chan_kind kind, bool out,
                      uint32_t *port)
{
    struct cg_prog *p = &g->p;
    struct cg_val x = value(g, peer, at);
    if (x.kind == CV_NONE)
        return false;
    int64_t ch = -1;
    ir_attr ca = ir_op_attr(g->m, at, "channel");
    if (ca && ir_attr_get(g->m, ca)->kind == IR_AT_INT)
        ch = ir_attr_get(g->m, ca)->i;
    uint32_t *bind = malloc(p->n * sizeof *bind);
    if (!bind)
        abort();
    bool ok = true;
    const char *peer_kind = NULL;
    for (uint32_t u = 0; u < p->n && ok; u++) {
        uint32_t r = unit_res(g, x, u), self = p->units[u];
        if (r == ARCH_NONE || g->dev->res[r].node != ARCH_UNIT) {
            ok = cg_error(g, at, "the peer of this %s must be an execution unit",
                          kind == SC_CHAN_FIFO ? "FIFO" : "signal");
            break;
        }
        if (r == self) {
            ok = cg_error(g, at, "unit %s %s itself", g->dev->res[r].name,
                          out ? "sends to" : "receives from");
            break;
        }
        peer_kind = g->dev->res[r].kind;
        uint32_t src = out ? self : r, dst = out ? r : self;
        bind[u] = cg_channel(g, kind, kind == SC_CHAN_FIFO ? -1 : ch, src, dst);
        if (!g->chans[bind[u]].end[out])
            g->chans[bind[u]].end[out] = at;
        if (kind != SC_CHAN_FIFO)
            continue;
        uint32_t l = sc_link_between(g->dev, src, dst);
        int64_t depth = 0;
        ir_attr da = ir_op_attr(g->m, at, "fifo_depth");
        if (da && ir_attr_get(g->m, da)->kind == IR_AT_INT)
            depth = ir_attr_get(g->m, da)->i;
        const struct arch_link *lk = l == SC_NONE ? NULL : &g->dev->links[l];
        const char *sn = g->dev->res[src].name, *dn = g->dev->res[dst].name;
        if (!lk || (!lk->queue && !lk->depth) || (lk->depth > 0 && depth > lk->depth)) {
            ok = false;
            if (!once(g, at))
                break;
            if (!lk)
                cg_error(g, at, "no datapath of device @%s joins %s to %s for this FIFO",
                         g->dev->name, sn, dn);
            else if (!lk->queue && !lk->depth)
                cg_error(g, at, "the datapath %s -> %s is not a FIFO (it has no queue)", sn, dn);
            else
                cg_error(g, at,
                         "a FIFO of depth %lld on the datapath %s -> %s, whose depth is "
                         "%lld",
                         (long long)depth, sn, dn, (long long)lk->depth);
        }
    }
    if (ok) {
        char hint[64];
        static const char *const pre[] = {"from_", "to_", "sig_from_", "sig_to_"};
        snprintf(hint, sizeof hint, "%s%s", pre[(kind == SC_CHAN_SIGNAL) * 2 + out],
                 peer_kind ? peer_kind : "");
        *port = cg_port(g,
                        kind == SC_CHAN_FIFO ? (out ? SC_PORT_OUT : SC_PORT_IN)
                                             : (out ? SC_PORT_SIGOUT : SC_PORT_SIGIN),
                        bind, hint);
    }
    free(bind);
    return ok;
}

/* ---- vectors -------------------------------------------------------------------- */

/* The vector register holding v. */
static int vec_in(struct cg *g, ir_value v, ir_op at)
{
    struct cg_val x = value(g, v, at);
    if (x.kind == CV_VEC)
        return (int)x.i;
    if (x.kind != CV_NONE)
        cg_error(g, at, "expected a vector value");
    return -1;
}

static int uses_from(struct ir_module *m, ir_op op, ir_value v);

/* The register of the vector the innermost loop carries that v, made by op
 * in the loop's body, is the next value of, when nothing after op reads the
 * current one: op writes it in place (its one instruction writes its result
 * last); -1 otherwise. */
static int carry_target(struct cg *g, ir_op op, ir_value v)
{
    struct ir_module *m = g->m;
    const struct cg_prog *p = &g->p;
    if (!p->ncarry || !p->carry[p->ncarry - 1].vec)
        return -1;
    const struct cg_carry *c = &p->carry[p->ncarry - 1];
    ir_block body = ir_region_entry(m, ir_op_get(m, c->loop)->regs[0]);
    if (ir_op_get(m, op)->block != body)
        return -1;
    const struct ir_op_info *y = ir_op_get(m, ir_block_get(m, body)->last);
    const struct ir_block_info *bi = ir_block_get(m, body);
    int r = -1;
    for (uint32_t i = 0; i < y->nopnd && i < c->n; i++)
        if (y->opnd[i] == v) {
            if (r >= 0 || uses_from(m, ir_op_get(m, op)->next, bi->args[1 + i]))
                return -1;
            r = c->regs[i];
        }
    return r;
}

/* A new vector register for result v of op (checked against the lanes). */
static int vec_out(struct cg *g, ir_op op, ir_value v, struct sc_insn *in)
{
    ir_type t = ir_value_type(g->m, v);
    int dt = cg_dtype(g->m, ir_type_elem(g->m, t));
    if (ir_type_get(g->m, t)->kind != IR_TY_VECTOR || dt < 0)
        return cg_error(g, op, "a vector of this type is not supported yet"), -1;
    if (!check_lanes(g, op, t))
        return -1;
    int r = carry_target(g, op, v);
    if (r < 0)
        r = vec_reg(g, v, op);
    if (r >= 0) {
        memo(g, v, (struct cg_val){CV_VEC, (uint32_t)r}, false);
        in->reg[0] = (uint8_t)r;
        in->dtype = (uint8_t)dt;
    }
    return r;
}

static int64_t vec_len(struct cg *g, ir_value v)
{
    const struct ir_type_info *t = ir_type_get(g->m, ir_value_type(g->m, v));
    return t->rank ? t->shape[0] : 1;
}

/* The sc_fn an operator attribute (#vectorchain<binary_operator add>) names. */
/* The ALU function an op's operator attribute names, <= 0 for none; *name
 * its text. */
static int fn_find(const struct ir_module *m, ir_op op, const char *attr, const char **name)
{
    ir_attr a = ir_op_attr(m, op, attr);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    const char *body = ai && ai->body ? ir_str_get(m, ai->body) : "";
    const char *sp = strchr(body, ' ');
    *name = sp ? sp + 1 : body;
    return sp ? sc_fn_find(sp + 1) : -1;
}

static int fn_of(struct cg *g, ir_op op, const char *attr)
{
    const char *name;
    int fn = fn_find(g->m, op, attr, &name);
    if (fn <= 0)
        cg_error(g, op, "the operator '%s' has no SpyreCode form yet", name);
    return fn;
}

/* A box set over rank dims (lo, number of points), and whether its points
 * in row-major order are elements evenly spaced in a view: *step gets the
 * spacing in elements. */
static bool box_of(struct cg *g, ir_op op, const char *attr, uint32_t rank, int64_t *lo, int64_t *n)
{
    ir_attr a = ir_op_attr(g->m, op, attr);
    const struct ir_attr_info *ai = a ? ir_attr_get(g->m, a) : NULL;
    int64_t l[8], h[8];
    if (!ai || ai->kind != IR_AT_INTEGER_SET || ir_set_get(g->m, ai->map)->ndims != rank ||
        rank > 8 || !ir_set_box(g->m, ai->map, NULL, l, h))
        return cg_error(g, op,
                        "'%s' must be a box of %u dimensions (others are not supported "
                        "yet)",
                        attr, rank);
    for (uint32_t i = 0; i < rank; i++) {
        if (l[i] == INT64_MIN || h[i] == INT64_MAX || h[i] < l[i])
            return cg_error(g, op, "'%s' must be a bounded, non-empty box", attr);
        lo[i] = l[i];
        n[i] = h[i] - l[i] + 1;
    }
    return true;
}

static bool run_of(struct cg *g, ir_op op, const struct cg_view *vw, const int64_t *n,
                   int64_t *step)
{
    int64_t want = 0;
    for (uint32_t i = vw->rank; i-- > 0;) {
        if (n[i] == 1)
            continue;
        if (want && vw->strides[i] != want)
            return cg_error(g, op,
                            "a set of elements that are not evenly spaced in memory is "
                            "not supported yet");
        if (!want)
            *step = vw->strides[i];
        want = vw->strides[i] * n[i];
    }
    if (!want)
        *step = 1;
    return true;
}

static int64_t numel(uint32_t r, const int64_t *n)
{
    int64_t p = 1;
    for (uint32_t i = 0; i < r; i++)
        p *= n[i];
    return p;
}

static bool identity_order(struct cg *g, ir_op op, const char *attr)
{
    ir_attr a = ir_op_attr(g->m, op, attr);
    if (!a)
        return true;
    const struct ir_affine_map *mp = ir_map_get(g->m, ir_attr_get(g->m, a)->map);
    for (uint32_t i = 0; i < mp->nres; i++) {
        const struct ir_aff_info *e = ir_aff_get(g->m, mp->res[i]);
        if (e->kind != IR_AFF_DIM || e->v != i)
            return cg_error(g, op, "'%s' other than the identity is not supported yet", attr);
    }
    return true;
}

/* agen.vector_load / vector_store: vld / vst of a run of the view; a load
 * with a zero_pad count, vldz. */
static bool vector_access(struct cg *g, ir_op op, bool store)
{
    const struct ir_op_info *o = ir_op_get(g->m, op);
    uint32_t vi = store ? 1 : 0;
    bool pad = !store && ir_agen_load_padded(g->m, op);
    const struct cg_view *vw = view_val(g, o->opnd[vi], op);
    int64_t lo[8], n[8], step = 1;
    if (!vw || o->nopnd != vi + 1 + vw->rank + pad)
        return vw && cg_error(g, op, "a view of rank %u needs %u indices", vw->rank, vw->rank);
    if (!box_of(g, op, store ? "store_set" : "load_set", vw->rank, lo, n) ||
        !identity_order(g, op, store ? "store_order" : "load_order") ||
        !run_of(g, op, vw, n, &step))
        return false;
    ir_value vec = store ? o->opnd[0] : o->res;
    int64_t cnt = numel(vw->rank, n),
            es = (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(g->m, vw->elem));
    if (cnt != vec_len(g, vec))
        return cg_error(g, op, "the set holds %lld elements, the vector %lld", (long long)cnt,
                        (long long)vec_len(g, vec));
    struct cg_lin a;
    uint32_t mem;
    uint32_t port = mem_port(g, vw, &mem);
    if (!view_addr(g, op, vw, o->opnd + vi + 1, lo, &a))
        return false;
    const char *what = store ? "vector store" : "vector load";
    if (step == 1)
        check_access(g, op, what, &a, cnt * es, 0, 1, mem, access_of(g, mem, store, false), true);
    else
        check_access(g, op, what, &a, es, step * es, cnt, mem, access_of(g, mem, store, false), true);
    struct sc_insn in = insn(g, store ? SC_VST : pad ? SC_VLDZ : SC_VLD, op);
    if (!addr_opnd(g, op, &a, port, &in.addr[0]))
        return false;
    if (store) {
        int r = vec_in(g, vec, op);
        if (r < 0 || !check_lanes(g, op, ir_value_type(g->m, vec)))
            return false;
        in.reg[0] = (uint8_t)r;
        in.dtype = (uint8_t)cg_dtype(g->m, vw->elem);
        if (step != 1)
            in.x[in.nx++] = imm(step * es);
    } else {
        if (vec_out(g, op, vec, &in) < 0)
            return false;
        if (pad) {
            struct cg_lin l;
            if (!index_lin(g, o->opnd[o->nopnd - 1], op, &l) || !opnd_of(g, op, &l, &in.x[in.nx++]))
                return false;
        }
        in.x[in.nx++] = imm(cnt);
        if (step != 1)
            in.x[in.nx++] = imm(step * es);
    }
    cg_emit(g, &in);
    return true;
}

/* Coefficients of an affine map's results in its dims (checked linear);
 * c[res * nd + d], c0[res] the constant part. */
static bool linear_map(struct cg *g, ir_op op, const char *attr, uint32_t nres, uint32_t nd,
                       int64_t *c, int64_t *c0)
{
    ir_attr a = ir_op_attr(g->m, op, attr);
    const struct ir_affine_map *mp = a ? ir_map_get(g->m, ir_attr_get(g->m, a)->map) : NULL;
    if (!mp || mp->nres != nres || mp->ndims != nd || nd > 8)
        return cg_error(g, op, "'%s' must map %u time dimensions to %u view dimensions", attr, nd,
                        nres);
    int64_t pt[8] = {0};
    bool ok = true;
    for (uint32_t r = 0; r < nres; r++) {
        c0[r] = ir_aff_eval(g->m, mp->res[r], pt, NULL, &ok);
        for (uint32_t d = 0; d < nd; d++) {
            pt[d] = 1;
            c[r * nd + d] = ir_aff_eval(g->m, mp->res[r], pt, NULL, &ok) - c0[r];
            pt[d] = 3;
            ok = ok && ir_aff_eval(g->m, mp->res[r], pt, NULL, &ok) - c0[r] == 3 * c[r * nd + d];
            pt[d] = 0;
        }
    }
    return ok || cg_error(g, op, "'%s' is not linear (not supported yet)", attr);
}

/* Whether acc moves any run of whole words: a one-word access aligned to a
 * word (or any access). */
static bool any_words(const struct arch_access *acc)
{
    if (!acc || !acc->ngranules)
        return true;
    for (uint32_t k = 0; k < acc->ngranules; k++)
        if (acc->granules[k].size_in_words == 1 && acc->granules[k].align_in_words <= 1)
            return true;
    return false;
}

/* The offset in a word of w bytes of byte address a at every step (k * step
 * for k < rows), when it is the same and known (registers of known range
 * only); -1 when it varies or is unknown. */
static int64_t word_offset(const struct cg *g, const struct cg_lin *a, int64_t step, int64_t rows,
                           int64_t w)
{
    int64_t o = a->c;
    if (rows > 1 && step % w)
        return -1;
    for (uint32_t i = 0; i < a->n; i++) {
        const struct cg_term *t = &a->t[i];
        const struct cg_reg *r = t->kind == CA_REG ? &g->p.regs[t->id] : NULL;
        if (!r || !r->known)
            return -1;
        o += t->k * r->lo;
        if (r->hi > r->lo && (t->k * r->step) % w)
            return -1;
    }
    return (o % w + w) % w;
}

/* A dma.mask of `run` bytes per row (see check_access for the arguments,
 * per side: 0 the read, 1 the write): each row moves the words of the
 * destination holding its bytes, and the source's words at the same
 * offset. Inside the memories; every run of whole words fits both
 * accesses, whose words are as large; the offsets in the word agree where
 * both are known (the simulator checks the others). */
static bool check_masked(struct cg *g, ir_op op, const struct cg_lin a[2], int64_t run,
                         const int64_t rstride[2], int64_t rows, const uint32_t mem[2],
                         const struct arch_access *acc[2])
{
    static const char *const what[] = {"DMA read", "DMA write"};
    int64_t w = acc[1]->word_size > 0 ? acc[1]->word_size : 1, o[2];
    for (int s = 0; s < 2; s++) {
        if (!check_access(g, op, what[s], &a[s], run, rstride[s], rows, mem[s], NULL, true))
            return false;
        int64_t ws = acc[s] && acc[s]->word_size > 0 ? acc[s]->word_size : 1;
        if (!any_words(acc[s]) || (acc[s] && acc[s]->ngranules && ws != w)) {
            if (once(g, op))
                cg_error(g, op, "this masked %s of %lld bytes moves whole %lld-byte words, "
                         "which %s does not make to %s", what[s], (long long)run, (long long)w,
                         g->dev->res[g->p.res].kind, g->dev->res[mem[s]].kind);
            return false;
        }
        o[s] = word_offset(g, &a[s], rstride[s], rows, w);
    }
    if (o[0] >= 0 && o[1] >= 0 && o[0] != o[1]) {
        if (once(g, op))
            cg_error(g, op, "this masked DMA reads from byte %lld of a %lld-byte word and writes "
                     "to byte %lld of one", (long long)o[0], (long long)w, (long long)o[1]);
        return false;
    }
    return true;
}

/* agen.composite_load_and_store: a dma per time step of its time set, a
 * run of elements each; rows and strides for the innermost time dimension,
 * loops for the outer ones. */
static bool composite(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, op, "operandSegmentSizes"));
    if (!seg || seg->n != 5 || seg->ints[0] != 1 || seg->ints[2] != 1)
        return cg_error(g, op, "malformed operand segments");
    if (seg->ints[4])
        return cg_error(g, op, "time symbols are not supported yet");
    const struct cg_view *vw[2] = {view_val(g, o->opnd[0], op), NULL};
    const ir_value *idx[2] = {o->opnd + 1, o->opnd + 2 + seg->ints[1]};
    vw[1] = vw[0] ? view_val(g, o->opnd[1 + seg->ints[1]], op) : NULL;
    if (!vw[0] || !vw[1])
        return false;
    static const char *const sets[] = {"load_set", "store_set"};
    static const char *const orders[] = {"load_order", "store_order"};
    static const char *const tmaps[] = {"load_time_addr_map", "store_time_addr_map"};
    int64_t lo[2][8], n[2][8], tlo[8], tn[8], c[2][64], c0[2][8], bytes[2], step = 1;
    ir_attr ts = ir_op_attr(m, op, "time_set");
    uint32_t nt = ts ? ir_set_get(m, ir_attr_get(m, ts)->map)->ndims : 0;
    if (!nt || nt > 8 || !box_of(g, op, "time_set", nt, tlo, tn) ||
        !identity_order(g, op, "time_order"))
        return nt && nt <= 8 ? false : cg_error(g, op, "'time_set' must be a box");
    struct cg_lin a[2];
    uint32_t mem[2], port[2];
    for (int s = 0; s < 2; s++) {
        if ((int64_t)vw[s]->rank != seg->ints[1 + 2 * s])
            return cg_error(g, op, "a view of rank %u needs %u indices", vw[s]->rank, vw[s]->rank);
        if (!box_of(g, op, sets[s], vw[s]->rank, lo[s], n[s]) ||
            !identity_order(g, op, orders[s]) || !run_of(g, op, vw[s], n[s], &step))
            return false;
        if (step != 1)
            return cg_error(g, op,
                            "a transfer of elements that are not contiguous is not "
                            "supported yet");
        if (!linear_map(g, op, tmaps[s], vw[s]->rank, nt, c[s], c0[s]))
            return false;
        int64_t es = (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(m, vw[s]->elem));
        bytes[s] = numel(vw[s]->rank, n[s]) * es;
        int64_t at[8];
        for (uint32_t i = 0; i < vw[s]->rank; i++) {
            at[i] = lo[s][i] + c0[s][i];
            for (uint32_t d = 0; d < nt; d++)
                at[i] += c[s][i * nt + d] * tlo[d];
        }
        port[s] = mem_port(g, vw[s], &mem[s]);
        if (!view_addr(g, op, vw[s], idx[s], at, &a[s]))
            return false;
    }
    if (bytes[0] != bytes[1])
        return cg_error(g, op, "a step loads %lld bytes but stores %lld", (long long)bytes[0],
                        (long long)bytes[1]);
    /* byte distance of one time step, per time dim and side */
    int64_t dist[2][8];
    for (int s = 0; s < 2; s++) {
        int64_t es = (int64_t)interp_dtype_size((enum interp_dtype)cg_dtype(m, vw[s]->elem));
        for (uint32_t d = 0; d < nt; d++) {
            dist[s][d] = 0;
            for (uint32_t i = 0; i < vw[s]->rank; i++)
                dist[s][d] += c[s][i * nt + d] * vw[s]->strides[i] * es;
        }
    }
    /* the innermost dims that continue the run merge into it; the next is rows */
    int64_t run = bytes[0], rows = 1, rstride[2] = {0, 0};
    int inner = (int)nt - 1;
    while (inner >= 0 && (tn[inner] == 1 || (dist[0][inner] == run && dist[1][inner] == run))) {
        run *= tn[inner];
        inner--;
    }
    if (inner >= 0) {
        rows = tn[inner];
        rstride[0] = dist[0][inner];
        rstride[1] = dist[1][inner];
    }
    /* outer dims: loops */
    for (int d = 0; d < inner; d++) {
        if (tn[d] == 1)
            continue;
        int r = temp_reg(g, op);
        if (r < 0)
            return false;
        struct sc_insn f = insn(g, SC_FOR, op);
        f.reg[0] = (uint8_t)r;
        f.x[0] = imm(0);
        f.x[1] = imm(tn[d]);
        f.nx = 2;
        cg_emit(g, &f);
        g->p.regs[r] = (struct cg_reg){true, 0, tn[d] - 1, 1};
        struct cg_lin t = lin_atom(CA_REG, (uint32_t)r);
        for (int s = 0; s < 2; s++)
            if (!lin_axpy(&a[s], &a[s], dist[s][d], &t))
                return cg_error(g, op, "an address of more than %d terms (not supported yet)",
                                CG_MAX_TERMS);
    }
    const struct arch_access *acc[2] = {access_of(g, mem[0], false, true),
                                        access_of(g, mem[1], true, true)};
    /* a write of part of a word (either side not whole words) on a unit
     * with masked writes: dma.mask */
    bool masked = (g->dev->res[g->p.res].features & ARCH_F_MASKED_WRITES) &&
                  arch_access(g->dev, g->p.res, true, g->dev->res[mem[1]].kind);
    masked = masked &&
             (!check_access(g, op, "DMA", &a[0], run, rstride[0], rows, mem[0], acc[0], false) ||
              !check_access(g, op, "DMA", &a[1], run, rstride[1], rows, mem[1], acc[1], false) ||
              align_unknown(g, &a[1], acc[1]));
    if (masked)
        check_masked(g, op, a, run, rstride, rows, mem, acc);
    else
        for (int s = 0; s < 2; s++)
            check_access(g, op, s ? "DMA write" : "DMA read", &a[s], run, rstride[s], rows, mem[s],
                         acc[s], true);
    struct sc_insn in = insn(g, SC_DMA, op);
    if (masked)
        in.flags |= SC_F_MASK;
    if (!addr_opnd(g, op, &a[1], port[1], &in.addr[0]) ||
        !addr_opnd(g, op, &a[0], port[0], &in.addr[1]))
        return false;
    in.x[in.nx++] = imm(run);
    if (rows > 1) {
        in.x[in.nx++] = imm(rows);
        in.x[in.nx++] = imm(rstride[1]);
        in.x[in.nx++] = imm(rstride[0]);
    }
    cg_emit(g, &in);
    for (int d = 0; d < inner; d++)
        if (tn[d] > 1) {
            struct sc_insn e = insn(g, SC_END, op);
            cg_emit(g, &e);
        }
    g->p.has_dma = true;
    return true;
}

/* A reduction of ny elements into nr equal groups. */
static bool reduce_shape(struct cg *g, ir_op op, int64_t ny, int64_t nr)
{
    if (nr <= 0 || ny % nr)
        return cg_error(g, op, "a reduction of %lld elements into %lld", (long long)ny,
                        (long long)nr);
    return true;
}

/* vred: register d = fn over each group of `group` adjacent lanes of s. */
static void emit_vred(struct cg *g, ir_op op, int fn, uint8_t dt, int d, int s, int64_t group)
{
    struct sc_insn red = insn(g, SC_VRED, op);
    red.fn = (uint8_t)fn;
    red.dtype = dt;
    red.reg[0] = (uint8_t)d;
    red.reg[1] = (uint8_t)s;
    red.x[0] = imm(group);
    red.nx = 1;
    cg_emit(g, &red);
}

/* max and min give the same result in any order (no rounding, commutative
 * and associative, up to NaN payloads): no tree is needed. */
static bool order_free(int fn)
{
    return fn == SC_FN_MAX || fn == SC_FN_MIN || fn == SC_FN_MAXNUM || fn == SC_FN_MINNUM;
}

/* Whether a reduction by fn gives its result unchanged when combined with
 * initial value `init`, for every result (NaNs and signed zeros included):
 * a constant of the identity in every lane. maximumf's -inf (NaN wins) and
 * minimumf's +inf, a float sum's -0.0, a product's 1; an integer sum's,
 * or's and xor's 0. Not maxnumf's -inf (maxnum(NaN, -inf) is -inf) nor a
 * sum's +0.0 (-0.0 + +0.0 is +0.0). The reduction then skips the combine. */
static bool init_identity(struct cg *g, ir_value init, int fn)
{
    struct ir_module *m = g->m;
    ir_op d = ir_value_def(m, init);
    if (!d || ir_op_get(m, d)->kind != IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM)
        return false;
    const struct ir_attr_info *va = ir_attr_get(m, ir_op_attr(m, d, "value"));
    const struct ir_type_info *et = ir_type_get(m, ir_type_elem(m, ir_value_type(m, init)));
    if (va->kind != IR_AT_ARRAY || !va->n)
        return false;
    for (uint32_t i = 0; i < va->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, va->elems[i]);
        if (et->kind == IR_TY_FLOAT) {
            double x = e->kind == IR_AT_FLOAT && !(e->flags & IR_ATF_HEX)
                           ? e->f
                           : num_bits_to_double(et->fkind, (uint64_t)e->i);
            bool id = (fn == SC_FN_MAX && isinf(x) && x < 0) ||
                      (fn == SC_FN_MIN && isinf(x) && x > 0) ||
                      (fn == SC_FN_ADD && x == 0 && signbit(x)) || (fn == SC_FN_MUL && x == 1);
            if (!id)
                return false;
        } else if (e->kind != IR_AT_INT ||
                   !(((fn == SC_FN_ADD || fn == SC_FN_OR || fn == SC_FN_XOR) && e->i == 0) ||
                     (fn == SC_FN_MUL && e->i == 1))) {
            return false;
        }
    }
    return true;
}

/* Whether reduction op leaves out its initial value (init_identity), for
 * groups of more than one element: then nothing reads the init. */
static bool skips_init(struct cg *g, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(g->m, op);
    const char *name;
    if (o->kind != IR_OP_VECTORCHAIN_REDUCE || o->nopnd < 2)
        return false;
    int64_t ny = vec_len(g, o->opnd[0]), nr = vec_len(g, o->res);
    return nr > 0 && ny / nr > 1 &&
           init_identity(g, o->opnd[1], fn_find(g->m, op, "reduce_op", &name));
}

static void emit_shuf(struct cg *g, ir_op op, uint8_t dt, int d, int s, const int64_t *lanes,
                      int64_t n)
{
    struct sc_insn sh = insn(g, SC_VSHUF, op);
    sh.dtype = dt;
    sh.reg[0] = (uint8_t)d;
    sh.reg[1] = (uint8_t)s;
    sh.pool = sc_add_pool(g->b, lanes, (uint32_t)n);
    sh.npool = (uint32_t)n;
    cg_emit(g, &sh);
}

/* Folds each group of len elements of register src (nr groups) as
 * ktc-interp folds a row (linalg.reduce): a pairwise tree, element j with
 * element j + h (h = L/2), every combine rounded; an odd last element is
 * carried to the next level. An even level is a shuffle pairing the
 * elements and a vred over pairs; a power of two is shuffled once into
 * bit-reversed order, where every level's pairs are adjacent (a vred over
 * pairs each, log2(L) + 1 instructions instead of 2 log2(L)); an odd level
 * shuffles the halves apart
 * (the last element in both), combines them with vbin and puts the last
 * element back with a vsel on a constant mask. Max and min need no tree.
 * Returns the register of the nr folds: a new one, or src when len is 1;
 * -1 on error. */
static int reduce_tree(struct cg *g, ir_op op, int fn, uint8_t dt, int src, int64_t nr, int64_t len)
{
    if (len == 1)
        return src;
    int t = vec_reg(g, IR_NONE, op);
    if (t < 0)
        return -1;
    int64_t *lanes = malloc((size_t)(2 * nr * len) * sizeof *lanes), *lb = lanes + nr * len;
    if (!lanes)
        abort();
    bool exact = order_free(fn);
    if (!exact && len >= 4 && !(len & (len - 1))) {
        /* a power of two: one shuffle into bit-reversed order, after which
         * every level's pairs (j, j + h) are adjacent lanes, and each level
         * is one vred over pairs whose result is again bit-reversed */
        int bits = 0;
        while ((INT64_C(1) << bits) < len)
            bits++;
        for (int64_t i = 0; i < nr; i++)
            for (int64_t p = 0; p < len; p++) {
                int64_t r = 0;
                for (int b = 0; b < bits; b++)
                    r |= ((p >> b) & 1) << (bits - 1 - b);
                lanes[i * len + p] = i * len + r;
            }
        emit_shuf(g, op, dt, t, src, lanes, nr * len);
        for (; len > 1; len /= 2) {
            emit_vred(g, op, fn, dt, t, t, 2);
        }
    }
    for (; len > 1; src = t) {
        int64_t h = len / 2, nl = h + (len & 1);
        if (exact || len == 2) { /* the groups (pairs) are in place */
            emit_vred(g, op, fn, dt, t, src, len);
            len = 1;
            continue;
        }
        if (!(len & 1)) {
            for (int64_t i = 0; i < nr; i++)
                for (int64_t j = 0; j < h; j++) {
                    lanes[(i * h + j) * 2] = i * len + j;
                    lanes[(i * h + j) * 2 + 1] = i * len + j + h;
                }
            emit_shuf(g, op, dt, t, src, lanes, nr * len);
            emit_vred(g, op, fn, dt, t, t, 2);
            len = h;
            continue;
        }
        int b = vec_reg(g, IR_NONE, op), k = b < 0 ? -1 : vec_reg(g, IR_NONE, op);
        if (k < 0) {
            free(lanes);
            return -1;
        }
        for (int64_t i = 0; i < nr; i++) {
            for (int64_t j = 0; j < h; j++) {
                lanes[i * nl + j] = i * len + j;
                lb[i * nl + j] = i * len + j + h;
            }
            lanes[i * nl + h] = lb[i * nl + h] = i * len + len - 1;
        }
        emit_shuf(g, op, dt, b, src, lb, nr * nl); /* B first: src may be t */
        emit_shuf(g, op, dt, t, src, lanes, nr * nl);
        for (int64_t i = 0; i < nr * nl; i++)
            lanes[i] = i % nl != h;
        struct sc_insn in = insn(g, SC_VCONST, op);
        in.dtype = INTERP_I1;
        in.reg[0] = (uint8_t)k;
        in.pool = sc_add_pool(g->b, lanes, (uint32_t)(nr * nl));
        in.npool = (uint32_t)(nr * nl);
        cg_emit(g, &in);
        in = insn(g, SC_VBIN, op);
        in.fn = (uint8_t)fn;
        in.dtype = dt;
        in.reg[0] = in.reg[2] = (uint8_t)b;
        in.reg[1] = (uint8_t)t;
        cg_emit(g, &in);
        in = insn(g, SC_VSEL, op);
        in.dtype = dt;
        in.reg[0] = in.reg[3] = (uint8_t)t;
        in.reg[1] = (uint8_t)k;
        in.reg[2] = (uint8_t)b;
        cg_emit(g, &in);
        g->p.vowner[b] = g->p.vowner[k] = IR_NONE;
        len = nl;
    }
    free(lanes);
    return t;
}

/* A reduction wider than the lanes of its compute unit, of a vector it
 * receives and sends on: the input streams in chunks, each folded and sent
 * on by itself (FIFOs carry bytes, so the stream is the same). A chunk is
 * as many whole groups as the lanes hold, or one group of several times
 * the lanes (a power of two of them) in lane-wide pieces. A producer that
 * joins the streamed vector with vectors received before it (x + r of a
 * residual, then squared) has those received whole first, lane-wide
 * registers each, and takes each piece's share of them as it streams. */
enum {
    WIDE_CHAIN = 8, /* elementwise ops between the receive and the reduction */
    WIDE_PRE = 2    /* vectors received whole before the streamed one */
};

struct wide {
    ir_op recv, send; /* send: IR_NONE when the result stays in a register */
    int64_t chunk, lanes; /* elements per chunk; lanes of the unit */
    bool rows;            /* group by group (reduce_rows), not in chunks */
    uint8_t rdt;          /* the received elements' dtype */
    ir_op chain[WIDE_CHAIN]; /* the ops making the reduced vector from the received one */
    int nchain;
    ir_op pre[WIDE_PRE]; /* the receives before recv the producer joins, in order */
    int npre;
    /* as the reduction is emitted: the pre vectors' registers, `lanes`
     * elements each, and the elements of recv's stream received so far */
    int preg[WIDE_PRE][SC_MAX_VREGS];
    int64_t off;
};

struct use_count {
    ir_value v;
    int n;
};

/* Counts op's reads of c->v: its operands, and a query's of the entries
 * of its mapping (note_lasts). */
static bool count_use(struct ir_module *m, ir_op op, void *ctx)
{
    struct use_count *c = ctx;
    const struct ir_op_info *oi = ir_op_get(m, op);
    for (uint32_t i = 0; i < oi->nopnd; i++)
        c->n += oi->opnd[i] == c->v;
    ir_op d = oi->kind == IR_OP_UNIFORM_QUERY_MAP || oi->kind == IR_OP_SYMBOL_QUERY_MAP
                  ? ir_value_def(m, oi->opnd[0])
                  : IR_NONE;
    for (uint32_t i = 0; d && i < ir_op_get(m, d)->nopnd; i++)
        c->n += ir_op_get(m, d)->opnd[i] == c->v;
    return true;
}

/* The uses of v in the ops of its block from op on (nested ones too). */
static int uses_from(struct ir_module *m, ir_op op, ir_value v)
{
    struct use_count c = {v, 0};
    for (; op; op = ir_op_get(m, op)->next)
        ir_walk(m, op, count_use, &c);
    return c.n;
}

/* The elementwise ops a wide reduction's producer may have. */
static bool producer_op(uint32_t kind)
{
    return kind == IR_OP_VECTORCHAIN_BINARY || kind == IR_OP_VECTORCHAIN_UNARY ||
           kind == IR_OP_VECTORCHAIN_CONVERT || kind == IR_OP_VECTORCHAIN_COMPARE ||
           kind == IR_OP_VECTORCHAIN_SELECT;
}

/* Whether x broadcasts: a shuffle repeating the one element of its input
 * (a scalar, a constant). */
static bool broadcast(const struct ir_module *m, ir_op x)
{
    const struct ir_op_info *xi = ir_op_get(m, x);
    if (xi->kind != IR_OP_VECTORCHAIN_SHUFFLE || !ir_op_attr(m, x, "repetition") || !xi->nopnd)
        return false;
    ir_attr ia = ir_op_attr(m, x, "indices");
    const struct ir_attr_info *ix = ia ? ir_attr_get(m, ia) : NULL;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, xi->opnd[0]));
    return ix && ix->kind == IR_AT_ARRAY && ix->n == 1 && ir_attr_get(m, ix->elems[0])->i == 0 &&
           t->rank == 1 && t->shape[0] == 1;
}

/* Whether reduction op is a wide one (w filled): its input, wider than the
 * lanes, comes from a receive used by it alone with only channel-free ops
 * in between; its result goes to the send right after it, alone. */
static bool wide_reduce(struct cg *g, ir_op op, struct wide *w)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct arch_res *r = &g->dev->res[g->p.res];
    if (o->kind != IR_OP_VECTORCHAIN_REDUCE || !o->nopnd || !(r->features & ARCH_F_COMPUTE))
        return false;
    /* an elementwise producer (x * x, exp, max(x, 0), a conversion) of the
     * received vector and broadcasts, each value used by the others and
     * the reduction alone: applied to every piece as it is received */
    int dt = cg_dtype(m, ir_type_elem(m, ir_value_type(m, o->res)));
    int64_t lanes =
        dt < 0 ? 0 : arch_lanes(g->dev, g->p.res, interp_dtype_name((enum interp_dtype)dt));
    ir_value need[3 * WIDE_CHAIN + 1];
    int nneed = 0;
    need[nneed++] = o->opnd[0];
    ir_op d = IR_NONE;
    w->nchain = w->npre = 0;
    for (ir_op x = o->prev; x; x = ir_op_get(m, x)->prev) {
        const struct ir_op_info *xi = ir_op_get(m, x);
        bool needed = false;
        for (int i = 0; i < nneed && xi->nres == 1; i++)
            needed = needed || need[i] == xi->res;
        if (!needed)
            continue;
        if (xi->kind == IR_OP_DATAFLOW_RECEIVE) {
            if (d && w->npre == WIDE_PRE)
                return false;
            if (d)
                w->pre[w->npre++] = x;
            else
                d = x;
            continue;
        }
        if (w->nchain == WIDE_CHAIN || !(producer_op(xi->kind) || broadcast(m, x)))
            return false;
        w->chain[w->nchain++] = x;
        for (uint32_t i = 0; i < xi->nopnd && xi->kind != IR_OP_VECTORCHAIN_SHUFFLE; i++) {
            bool seen = false;
            for (int j = 0; j < nneed; j++)
                seen = seen || need[j] == xi->opnd[i];
            if (!seen)
                need[nneed++] = xi->opnd[i];
        }
    }
    if (!d)
        return false;
    for (int i = 0; i < w->nchain / 2; i++) { /* in block order */
        ir_op t = w->chain[i];
        w->chain[i] = w->chain[w->nchain - 1 - i];
        w->chain[w->nchain - 1 - i] = t;
    }
    for (int i = 0; i < w->npre / 2; i++) {
        ir_op t = w->pre[i];
        w->pre[i] = w->pre[w->npre - 1 - i];
        w->pre[w->npre - 1 - i] = t;
    }
    /* each value made, there (and only there); a vector received before
     * as long as the streamed one */
    for (int i = -1 - w->npre; i < w->nchain; i++) {
        ir_op x = i < -1 ? w->pre[-2 - i] : i < 0 ? d : w->chain[i];
        if (i < -1 && vec_len(g, ir_op_get(m, x)->res) != vec_len(g, ir_op_get(m, d)->res))
            return false;
        ir_value v = ir_op_get(m, x)->res;
        int n = o->opnd[0] == v;
        for (int j = 0; j < w->nchain; j++) {
            const struct ir_op_info *cj = ir_op_get(m, w->chain[j]);
            for (uint32_t k = 0; k < cj->nopnd; k++)
                n += cj->opnd[k] == v;
        }
        if (uses_from(m, x, v) != n)
            return false;
        int ct = cg_dtype(m, ir_type_elem(m, ir_value_type(m, v)));
        int64_t cl = ct < 0 || ct == INTERP_I1
                         ? lanes
                         : arch_lanes(g->dev, g->p.res, interp_dtype_name((enum interp_dtype)ct));
        lanes = cl < lanes ? cl : lanes;
    }
    for (int i = 0; i < nneed; i++) {
        ir_op x = ir_value_def(m, need[i]);
        bool ok = x == d;
        for (int j = 0; j < w->npre && !ok; j++)
            ok = w->pre[j] == x;
        for (int j = 0; j < w->nchain && !ok; j++)
            ok = w->chain[j] == x;
        if (!ok)
            return false;
    }
    w->rdt = (uint8_t)cg_dtype(m, ir_type_elem(m, ir_value_type(m, ir_op_get(m, d)->res)));
    int64_t ny = vec_len(g, o->opnd[0]), nr = vec_len(g, o->res);
    int64_t len = nr > 0 ? ny / nr : 0;
    if (lanes <= 0 || ny <= lanes || len <= 0 || ny % nr)
        return false;
    /* pieces of a power-of-two group: the tree's first levels pair pieces
     * (ktc-nest's fuse-pipelines takes a reduction it keeps in one group
     * by the same rule, sched/nest_fuse.c wide_reduced: keep the two
     * alike) */
    w->rows = len > lanes && ((lanes & (lanes - 1)) || (len & (len - 1)) || len % lanes ||
                              len / lanes > SC_MAX_VREGS / 2);
    /* nothing on a channel in between (the receives before d are taken
     * at the reduction, where d is) */
    for (ir_op x = ir_op_get(m, w->npre ? w->pre[0] : d)->next; x != op;
         x = ir_op_get(m, x)->next) {
        const struct ir_op_info *xi = x ? ir_op_get(m, x) : NULL;
        bool taken = x == d;
        for (int j = 0; j < w->npre; j++)
            taken = taken || x == w->pre[j];
        if (!xi || xi->nreg || (!taken && !strncmp(ir_str_get(m, xi->name), "dataflow.", 9)))
            return false;
    }
    /* its result goes to the send right after it, alone; or, reduced to
     * one group (a row's sum), stays in a register for the ops after it
     * (a fused pipeline's scalar math on it) */
    ir_op s = o->next;
    const struct ir_op_info *si = s ? ir_op_get(m, s) : NULL;
    bool sent = si && si->kind == IR_OP_DATAFLOW_SEND && si->opnd[1] == o->res &&
                uses_from(m, op, o->res) == 1;
    if (!sent && (nr != 1 || w->rows))
        return false;
    w->recv = d;
    w->off = 0;
    w->send = sent ? s : IR_NONE;
    w->chunk = len > lanes ? len : lanes / len * len;
    w->lanes = lanes;
    return true;
}

/* Of the registers cur[] holding a vector, `lanes` elements each (register
 * q holds elements [q * lanes, ...)): a new register holding its elements
 * at[0..cnt) (cnt <= lanes), gathered register by register (a shuffle
 * each, merged by vsel on a constant mask). -1 on error. */
static int gather(struct cg *g, ir_op op, uint8_t dt, const int *cur, int64_t lanes,
                  const int64_t *at, int64_t cnt)
{
    int r = vec_reg(g, IR_NONE, op);
    int64_t *sl = malloc((size_t)(2 * cnt) * sizeof *sl), *mk = sl + cnt;
    if (!sl)
        abort();
    bool first = true;
    for (int64_t i = 0; i < cnt && r >= 0; i++) {
        int64_t q = at[i] / lanes;
        bool seen = false;
        for (int64_t j = 0; j < i && !seen; j++)
            seen = at[j] / lanes == q;
        if (seen)
            continue;
        for (int64_t j = 0; j < cnt; j++) {
            bool mine = at[j] / lanes == q;
            sl[j] = mine ? at[j] % lanes : at[i] % lanes;
            mk[j] = mine;
        }
        if (first) {
            emit_shuf(g, op, dt, r, cur[q], sl, cnt);
            first = false;
            continue;
        }
        int t = vec_reg(g, IR_NONE, op), k = t < 0 ? -1 : vec_reg(g, IR_NONE, op);
        if (k < 0) {
            r = -1;
            break;
        }
        emit_shuf(g, op, dt, t, cur[q], sl, cnt);
        struct sc_insn in = insn(g, SC_VCONST, op);
        in.dtype = INTERP_I1;
        in.reg[0] = (uint8_t)k;
        in.pool = sc_add_pool(g->b, mk, (uint32_t)cnt);
        in.npool = (uint32_t)cnt;
        cg_emit(g, &in);
        in = insn(g, SC_VSEL, op);
        in.dtype = dt;
        in.reg[0] = in.reg[3] = (uint8_t)r;
        in.reg[1] = (uint8_t)k;
        in.reg[2] = (uint8_t)t;
        cg_emit(g, &in);
        g->p.vowner[t] = g->p.vowner[k] = IR_NONE;
    }
    free(sl);
    return r;
}

static void vbin(struct cg *g, ir_op op, int fn, uint8_t dt, int d, int a, int b)
{
    struct sc_insn in = insn(g, SC_VBIN, op);
    in.fn = (uint8_t)fn;
    in.dtype = dt;
    in.reg[0] = (uint8_t)d;
    in.reg[1] = (uint8_t)a;
    in.reg[2] = (uint8_t)b;
    cg_emit(g, &in);
}

/* The next n elements of the reduced vector: received (in the receive's
 * dtype), then through the producer's ops (w->chain), one instruction
 * each (a broadcast: a shuffle of its one element, n times; a vector
 * received before: its share, gathered). A new register, -1 on error. */
static int recv_piece(struct cg *g, ir_op op, struct wide *w, uint32_t pin, int64_t n)
{
    struct ir_module *m = g->m;
    int x = vec_reg(g, IR_NONE, op), reg[WIDE_CHAIN], share[WIDE_PRE];
    if (x < 0)
        return -1;
    for (int j = 0; j < WIDE_PRE; j++)
        share[j] = -1;
    int64_t *at = w->npre ? malloc((size_t)n * sizeof *at) : NULL;
    if (w->npre && !at)
        abort();
    for (int64_t i = 0; i < n && at; i++)
        at[i] = w->off + i;
    /* a whole register as it is, else the share gathered into a new one */
    bool whole = w->off % w->lanes == 0 && n == w->lanes;
    for (int j = 0; j < w->npre; j++) {
        ir_type et = ir_type_elem(m, ir_value_type(m, ir_op_get(m, w->pre[j])->res));
        share[j] = whole ? w->preg[j][w->off / w->lanes]
                         : gather(g, op, (uint8_t)cg_dtype(m, et), w->preg[j], w->lanes, at, n);
        if (share[j] < 0)
            break;
    }
    free(at);
    for (int j = 0; j < w->npre; j++)
        if (share[j] < 0)
            return -1;
    w->off += n;
    struct sc_insn in = insn(g, SC_RECV, w->recv);
    in.port = (uint16_t)pin;
    in.dtype = w->rdt;
    in.reg[0] = (uint8_t)x;
    in.x[in.nx++] = imm(n);
    cg_emit(g, &in);
    ir_value rv = ir_op_get(m, w->recv)->res;
    for (int i = 0; i < w->nchain; i++) {
        ir_op c = w->chain[i];
        const struct ir_op_info *ci = ir_op_get(m, c);
        int r = vec_reg(g, IR_NONE, op);
        if (r < 0)
            return -1;
        static const uint8_t ops[] = {
            [IR_OP_VECTORCHAIN_BINARY] = SC_VBIN,  [IR_OP_VECTORCHAIN_UNARY] = SC_VUN,
            [IR_OP_VECTORCHAIN_CONVERT] = SC_VCVT, [IR_OP_VECTORCHAIN_COMPARE] = SC_VCMP,
            [IR_OP_VECTORCHAIN_SELECT] = SC_VSEL,  [IR_OP_VECTORCHAIN_SHUFFLE] = SC_VSHUF};
        in = insn(g, ops[ci->kind], c);
        ir_type rt = ir_type_elem(m, ir_value_type(m, ci->res));
        in.dtype = (uint8_t)cg_dtype(m, rt);
        in.reg[0] = (uint8_t)r;
        for (uint32_t k = 0; k < ci->nopnd && k < 3; k++) {
            int q = -1;
            if (ci->kind == IR_OP_VECTORCHAIN_SHUFFLE)
                q = vec_in(g, ci->opnd[k], c);
            else if (ci->opnd[k] == rv)
                q = x;
            for (int j = 0; j < w->npre && q < 0; j++)
                if (ci->opnd[k] == ir_op_get(m, w->pre[j])->res)
                    q = share[j];
            for (int j = 0; j < i && q < 0; j++)
                if (ir_op_get(m, w->chain[j])->res == ci->opnd[k])
                    q = reg[j];
            if (q < 0)
                return -1;
            in.reg[1 + k] = (uint8_t)q;
        }
        if (ci->kind == IR_OP_VECTORCHAIN_BINARY || ci->kind == IR_OP_VECTORCHAIN_UNARY) {
            int fn = fn_of(g, c, ci->kind == IR_OP_VECTORCHAIN_BINARY ? "binary_op" : "unary_op");
            if (fn <= 0)
                return -1;
            in.fn = (uint8_t)fn;
        } else if (ci->kind == IR_OP_VECTORCHAIN_COMPARE) {
            ir_type et = ir_type_elem(m, ir_value_type(m, ci->opnd[0]));
            ir_attr ca = ir_op_attr(m, c, "compare_op");
            const char *body =
                ca && ir_attr_get(m, ca)->body ? ir_str_get(m, ir_attr_get(m, ca)->body) : "";
            const char *sp = strchr(body, ' ');
            int pred = sp ? ir_cmp_pred_find(!ir_type_is_float(m, et), sp + 1) : -1;
            if (pred < 0 || cg_dtype(m, et) < 0)
                return cg_error(g, c, "the comparison '%s' has no SpyreCode form yet", body), -1;
            in.dtype = (uint8_t)cg_dtype(m, et);
            in.x[in.nx++] = imm(pred);
        } else if (ci->kind == IR_OP_VECTORCHAIN_SHUFFLE) {
            int64_t zero = 0;
            in.pool = sc_add_pool(g->b, &zero, 1);
            in.npool = 1;
            if (n != 1)
                in.x[in.nx++] = imm(n);
        }
        cg_emit(g, &in);
        reg[i] = r;
    }
    /* the last op makes the reduced vector (the others' values feed it) */
    for (int i = 0; i + 1 < w->nchain; i++)
        g->p.vowner[reg[i]] = IR_NONE;
    for (int j = 0; j < w->npre && !whole; j++)
        g->p.vowner[share[j]] = IR_NONE;
    if (w->nchain) {
        g->p.vowner[x] = IR_NONE;
        x = reg[w->nchain - 1];
    }
    return x;
}

/* The lane-wide registers that hold w's vector received before, pre[j]. */
static int64_t pre_regs(struct cg *g, const struct wide *w, int j)
{
    return (vec_len(g, ir_op_get(g->m, w->pre[j])->res) + w->lanes - 1) / w->lanes;
}

/* Whether receive op is one of w's. */
static bool wide_receives(const struct wide *w, ir_op op)
{
    bool mine = w->recv == op;
    for (int j = 0; j < w->npre; j++)
        mine = mine || w->pre[j] == op;
    return mine;
}

/* Whether op is one of the producer's ops of a wide reduction after it
 * (emitted by the reduction, piece by piece). */
static bool in_wide_chain(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    struct wide w;
    for (ir_op x = ir_op_get(m, op)->next; x; x = ir_op_get(m, x)->next)
        if (ir_op_get(m, x)->kind == IR_OP_VECTORCHAIN_REDUCE && wide_reduce(g, x, &w))
            for (int i = 0; i < w.nchain; i++)
                if (w.chain[i] == op)
                    return true;
    return false;
}

/* d = mask ? a : d, mask the constant lanes mk[0..n). */
static bool merge(struct cg *g, ir_op op, uint8_t dt, int d, int a, const int64_t *mk, int64_t n)
{
    int k = vec_reg(g, IR_NONE, op);
    if (k < 0)
        return false;
    struct sc_insn in = insn(g, SC_VCONST, op);
    in.dtype = INTERP_I1;
    in.reg[0] = (uint8_t)k;
    in.pool = sc_add_pool(g->b, mk, (uint32_t)n);
    in.npool = (uint32_t)n;
    cg_emit(g, &in);
    in = insn(g, SC_VSEL, op);
    in.dtype = dt;
    in.reg[0] = in.reg[3] = (uint8_t)d;
    in.reg[1] = (uint8_t)k;
    in.reg[2] = (uint8_t)a;
    cg_emit(g, &in);
    g->p.vowner[k] = IR_NONE;
    return true;
}

/* Reduces the pn lanes of register x (max or min) and folds the result
 * into the one-lane *acc (x itself when *acc is none yet). */
static bool fold_into(struct cg *g, ir_op op, int fn, uint8_t dt, int *acc, int x, int64_t pn)
{
    int t = reduce_tree(g, op, fn, dt, x, 1, pn);
    if (t < 0)
        return false;
    if (t != x)
        g->p.vowner[x] = IR_NONE;
    if (*acc < 0) {
        *acc = t;
    } else {
        vbin(g, op, fn, dt, *acc, *acc, t);
        g->p.vowner[t] = IR_NONE;
    }
    return true;
}

/* A reduction over groups wider than the lanes that the chunked form does
 * not take (not a power of two, or more than SC_MAX_VREGS / 2 pieces),
 * group by group. Max and min: each lane-wide piece folded lane by lane
 * into one vector as it arrives, that vector reduced once at the end, a
 * last part piece reduced alone (any order gives ktc-interp's result).
 * Otherwise ktc-interp's pairwise
 * tree exactly: the first half of the group is received into registers,
 * `lanes` elements each; the second half arrives in pieces aligned with
 * them and is combined at once (the tree's first level); an odd last
 * element is appended. Each further level is computed register by register
 * in place (output register k overwrites register k, which no later output
 * reads), the two halves gathered to the same lanes. The first half must
 * fit in the registers beside a few temporaries. Each group's result is
 * combined with its initial value and sent. */
static bool reduce_rows(struct cg *g, ir_op op, struct wide *w, int fn, int init, uint8_t dt,
                        uint32_t pin, uint32_t pout, int64_t nr, int64_t len)
{
    int64_t L = w->lanes, np = (len + L - 1) / L, h1 = len / 2, nh = (h1 + L - 1) / L;
    int64_t held = 0; /* the vectors received before, held whole */
    for (int j = 0; j < w->npre; j++)
        held += pre_regs(g, w, j);
    bool exact = order_free(fn);
    if (!exact && nh + 6 + w->nchain + held > SC_MAX_VREGS) {
        char prod[96] = "";
        if (w->nchain)
            snprintf(prod, sizeof prod, " beside its producer's %d values%s", w->nchain,
                     held ? " and the vectors it joins" : "");
        return cg_error(g, op,
                        "a reduction over groups of %lld elements in ktc-interp's pairwise "
                        "order holds half a group (%lld registers of %lld lanes)%s in the %d "
                        "vector registers (not supported yet)",
                        (long long)len, (long long)nh, (long long)L, prod, SC_MAX_VREGS);
    }
    int cur[SC_MAX_VREGS];
    bool identity = skips_init(g, op);
    int64_t *la = malloc((size_t)(2 * L + 2) * sizeof *la), *lb = la + L + 1;
    if (!la)
        abort();
    bool ok = true;
    for (int64_t grp = 0; grp < nr && ok; grp++) {
        /* max and min: whole pieces folded lane by lane into accv, reduced
         * once (a vbin a piece, not a vred and a vbin), before a last part
         * piece is received, which is reduced alone */
        int acc = -1, accv = -1;
        for (int64_t p = 0; exact && p <= np && ok; p++) {
            int64_t pn = p == np ? 0 : len - p * L < L ? len - p * L : L;
            if (pn < L && accv >= 0) { /* the end, or a part piece next */
                ok = fold_into(g, op, fn, dt, &acc, accv, L);
                accv = -1;
            }
            int x = ok && pn ? recv_piece(g, op, w, pin, pn) : -1;
            if (!pn || !(ok = ok && x >= 0))
                break;
            if (pn == L && accv < 0) {
                accv = x;
            } else if (pn == L) {
                vbin(g, op, fn, dt, accv, accv, x);
                g->p.vowner[x] = IR_NONE;
            } else {
                ok = fold_into(g, op, fn, dt, &acc, x, pn);
            }
        }
        int64_t n = len, nc = 0;
        if (!exact) { /* the first level as the group streams in */
            for (int64_t k = 0; k < nh && ok; k++)
                ok = (cur[k] = recv_piece(g, op, w, pin, h1 - k * L < L ? h1 - k * L : L)) >= 0;
            for (int64_t k = 0; k < nh && ok; k++) {
                int x = recv_piece(g, op, w, pin, h1 - k * L < L ? h1 - k * L : L);
                if (!(ok = x >= 0))
                    break;
                vbin(g, op, fn, dt, cur[k], cur[k], x);
                g->p.vowner[x] = IR_NONE;
            }
            nc = nh;
            n = h1;
            if (ok && (len & 1)) { /* the last element, carried */
                int x = recv_piece(g, op, w, pin, 1);
                if (!(ok = x >= 0))
                    break;
                int64_t c = h1 % L;
                if (c == 0) {
                    cur[nc++] = x;
                } else {
                    int t = vec_reg(g, IR_NONE, op);
                    if (!(ok = t >= 0))
                        break;
                    for (int64_t i = 0; i <= c; i++) {
                        la[i] = i < c ? i : 0;
                        lb[i] = 0;
                    }
                    emit_shuf(g, op, dt, t, cur[nc - 1], la, c + 1);
                    emit_shuf(g, op, dt, x, x, lb, c + 1);
                    for (int64_t i = 0; i <= c; i++)
                        la[i] = i == c;
                    ok = merge(g, op, dt, t, x, la, c + 1);
                    g->p.vowner[x] = g->p.vowner[cur[nc - 1]] = IR_NONE;
                    cur[nc - 1] = t;
                }
                n = h1 + 1;
            }
        }
        while (ok && !exact && n > 1) {
            int64_t h = n / 2, nl = h + (n & 1), nk = (nl + L - 1) / L;
            for (int64_t k = 0; k < nk && ok; k++) {
                int64_t cnt = nl - k * L < L ? nl - k * L : L;
                bool tail = false;
                for (int64_t i = 0; i < cnt; i++) {
                    int64_t e = k * L + i;
                    tail = tail || e == h;
                    la[i] = e < h ? e : n - 1;
                    lb[i] = e < h ? e + h : n - 1;
                }
                int a = gather(g, op, dt, cur, L, la, cnt);
                int b = a < 0 ? -1 : gather(g, op, dt, cur, L, lb, cnt);
                if (!(ok = b >= 0))
                    break;
                vbin(g, op, fn, dt, b, a, b);
                if (tail) { /* lane h - kL keeps the carried element */
                    for (int64_t i = 0; i < cnt; i++)
                        la[i] = k * L + i != h;
                    ok = merge(g, op, dt, a, b, la, cnt);
                    g->p.vowner[b] = IR_NONE;
                    b = a;
                } else {
                    g->p.vowner[a] = IR_NONE;
                }
                g->p.vowner[cur[k]] = IR_NONE;
                cur[k] = b;
            }
            for (int64_t q = nk; q < nc; q++)
                g->p.vowner[cur[q]] = IR_NONE;
            nc = nk;
            n = nl;
        }
        if (!exact && ok)
            acc = cur[0];
        int s = !ok ? -1 : identity ? acc : vec_reg(g, IR_NONE, op);
        if (!(ok = s >= 0))
            break;
        if (identity) {
        } else if (nr == 1) { /* the init's only lane is the group's */
            vbin(g, op, fn, dt, s, acc, init);
        } else {
            emit_shuf(g, op, dt, s, init, &grp, 1);
            vbin(g, op, fn, dt, s, acc, s);
        }
        struct sc_insn in = insn(g, SC_SEND, w->send);
        in.port = (uint16_t)pout;
        in.reg[0] = (uint8_t)s;
        cg_emit(g, &in);
        g->p.vowner[s] = g->p.vowner[acc] = IR_NONE;
    }
    free(la);
    return ok;
}

/* Receives the vectors w's producer joins before the streamed one, whole,
 * in lane-wide registers (w->preg). */
static bool recv_pre(struct cg *g, ir_op op, struct wide *w)
{
    struct ir_module *m = g->m;
    for (int j = 0; j < w->npre; j++) {
        ir_op r = w->pre[j];
        ir_value v = ir_op_get(m, r)->res;
        int64_t n = vec_len(g, v), np = pre_regs(g, w, j);
        uint32_t port;
        if (np > SC_MAX_VREGS / 2)
            return cg_error(g, op,
                            "a reduction of %lld elements joined to a vector received before "
                            "it holds that vector in %lld registers of %lld lanes (not "
                            "supported yet)",
                            (long long)n, (long long)np, (long long)w->lanes);
        if (!peer_port(g, r, ir_op_get(m, r)->opnd[0], SC_CHAN_FIFO, false, &port))
            return false;
        for (int64_t k = 0; k < np; k++) {
            int x = vec_reg(g, IR_NONE, op);
            if (x < 0)
                return false;
            struct sc_insn in = insn(g, SC_RECV, r);
            in.port = (uint16_t)port;
            in.dtype = (uint8_t)cg_dtype(m, ir_type_elem(m, ir_value_type(m, v)));
            in.reg[0] = (uint8_t)x;
            in.x[in.nx++] = imm(n - k * w->lanes < w->lanes ? n - k * w->lanes : w->lanes);
            cg_emit(g, &in);
            w->preg[j][k] = x;
        }
    }
    return true;
}

/* Frees w->preg's registers (true). */
static bool free_pre(struct cg *g, const struct wide *w)
{
    for (int j = 0; j < w->npre; j++)
        for (int64_t k = 0; k < pre_regs(g, w, j); k++)
            g->p.vowner[w->preg[j][k]] = IR_NONE;
    return true;
}

static bool reduce_wide(struct cg *g, ir_op op, struct wide *w)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool identity = skips_init(g, op);
    int fn = fn_of(g, op, "reduce_op"), init = identity ? -1 : vec_in(g, o->opnd[1], op);
    int64_t ny = vec_len(g, o->opnd[0]), nr = vec_len(g, o->res), len = ny / nr;
    uint32_t pin, pout = 0;
    if (fn <= 0 || (init < 0 && !identity) || !reduce_shape(g, op, ny, nr) ||
        !peer_port(g, w->recv, ir_op_get(m, w->recv)->opnd[0], SC_CHAN_FIFO, false, &pin) ||
        (w->send &&
         !peer_port(g, w->send, ir_op_get(m, w->send)->opnd[0], SC_CHAN_FIFO, true, &pout)))
        return false;
    uint8_t dt = (uint8_t)cg_dtype(m, ir_type_elem(m, ir_value_type(m, o->res)));
    if (!recv_pre(g, op, w))
        return false;
    if (w->rows)
        return reduce_rows(g, op, w, fn, init, dt, pin, pout, nr, len) && free_pre(g, w);
    int64_t *sl = malloc((size_t)nr * sizeof *sl);
    if (!sl)
        abort();
    bool ok = true;
    for (int64_t at = 0; at < ny && ok; at += w->chunk) {
        /* k groups in np pieces of pn elements */
        int64_t n = ny - at < w->chunk ? ny - at : w->chunk, k = n / len;
        int64_t np = n > w->lanes ? n / w->lanes : 1, pn = n / np;
        int x[SC_MAX_VREGS / 2], s = -1;
        struct sc_insn in;
        for (int64_t p = 0; p < np && ok; p++)
            ok = (x[p] = recv_piece(g, op, w, pin, pn)) >= 0;
        /* the tree's first levels pair piece p with piece p + np/2 */
        for (int64_t h = np / 2; h > 0 && ok; h /= 2)
            for (int64_t p = 0; p < h; p++) {
                in = insn(g, SC_VBIN, op);
                in.fn = (uint8_t)fn;
                in.dtype = dt;
                in.reg[0] = in.reg[1] = (uint8_t)x[p];
                in.reg[2] = (uint8_t)x[p + h];
                cg_emit(g, &in);
                g->p.vowner[x[p + h]] = IR_NONE;
            }
        if (ok)
            s = vec_reg(g, IR_NONE, op);
        int t = s < 0 ? -1 : reduce_tree(g, op, fn, dt, x[0], k, pn / k);
        if (t < 0) {
            ok = false;
            break;
        }
        if (identity) { /* no combine: t is the result */
            g->p.vowner[s] = IR_NONE;
            s = t;
        } else if (k == nr) { /* one chunk: the inits as they are */
            vbin(g, op, fn, dt, s, t, init);
        } else {
            for (int64_t i = 0; i < k; i++) /* the chunk's slice of the inits */
                sl[i] = at / len + i;
            emit_shuf(g, op, dt, s, init, sl, k);
            vbin(g, op, fn, dt, s, t, s);
        }
        if (!w->send) { /* the one group, for the ops after it */
            if (x[0] != s)
                g->p.vowner[x[0]] = IR_NONE;
            if (t != s)
                g->p.vowner[t] = IR_NONE;
            g->p.vowner[s] = o->res;
            memo(g, o->res, (struct cg_val){CV_VEC, (uint32_t)s}, false);
            continue;
        }
        in = insn(g, SC_SEND, w->send);
        in.port = (uint16_t)pout;
        in.reg[0] = (uint8_t)s;
        cg_emit(g, &in);
        g->p.vowner[x[0]] = g->p.vowner[s] = g->p.vowner[t] = IR_NONE;
    }
    free(sl);
    return ok && free_pre(g, w);
}

static bool vector_op(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct sc_insn in;
    if ((producer_op(o->kind) || broadcast(m, op)) && in_wide_chain(g, op))
        return true; /* by a wide reduction, piece by piece */
    switch (o->kind) {
    case IR_OP_VECTORCHAIN_BINARY:
    case IR_OP_VECTORCHAIN_UNARY: {
        bool bin = o->kind == IR_OP_VECTORCHAIN_BINARY;
        int fn = fn_of(g, op, bin ? "binary_op" : "unary_op");
        in = insn(g, bin ? SC_VBIN : SC_VUN, op);
        in.fn = (uint8_t)(fn > 0 ? fn : 0);
        for (uint32_t i = 0; i < (bin ? 2u : 1u); i++) {
            int r = vec_in(g, o->opnd[i], op);
            if (r < 0)
                return false;
            in.reg[1 + i] = (uint8_t)r;
        }
        if (fn <= 0 || vec_out(g, op, o->res, &in) < 0)
            return false;
        break;
    }
    case IR_OP_VECTORCHAIN_REDUCE: {
        struct wide w;
        if (wide_reduce(g, op, &w))
            return reduce_wide(g, op, &w);
        bool identity = skips_init(g, op);
        int fn = fn_of(g, op, "reduce_op"), y = vec_in(g, o->opnd[0], op);
        int init = y < 0 || identity ? -1 : vec_in(g, o->opnd[1], op);
        int64_t ny = vec_len(g, o->opnd[0]), nr = vec_len(g, o->res);
        if (fn <= 0 || y < 0 || (init < 0 && !identity) || !reduce_shape(g, op, ny, nr) ||
            !check_lanes(g, op, ir_value_type(m, o->opnd[0])))
            return false;
        uint8_t dt = (uint8_t)cg_dtype(m, ir_type_elem(m, ir_value_type(m, o->res)));
        int t = reduce_tree(g, op, fn, dt, y, nr, ny / nr);
        if (t < 0)
            return false;
        if (identity) { /* t (a new register: groups of more than one) is the result */
            g->p.vowner[t] = o->res;
            memo(g, o->res, (struct cg_val){CV_VEC, (uint32_t)t}, false);
            return true;
        }
        in = insn(g, SC_VBIN, op);
        in.fn = (uint8_t)fn;
        in.reg[1] = (uint8_t)t;
        in.reg[2] = (uint8_t)init;
        if (vec_out(g, op, o->res, &in) < 0)
            return false;
        if (t != y)
            g->p.vowner[t] = IR_NONE;
        break;
    }
    case IR_OP_VECTORCHAIN_CONVERT: { /* vcvt: the result's dtype, any source */
        int r = vec_in(g, o->opnd[0], op);
        in = insn(g, SC_VCVT, op);
        if (r < 0 || !check_lanes(g, op, ir_value_type(m, o->opnd[0])) ||
            vec_out(g, op, o->res, &in) < 0)
            return false;
        in.reg[1] = (uint8_t)r;
        break;
    }
    case IR_OP_VECTORCHAIN_SHUFFLE: {
        if (g->p.made && g->p.made[op] == g->p.gen)
            return true; /* a constant's, made at the program's start */
        const struct ir_attr_info *ix = ir_attr_get(m, ir_op_attr(m, op, "indices"));
        int64_t rep = 1, *lanes = malloc((ix->n + 1) * sizeof *lanes);
        ir_attr ra = ir_op_attr(m, op, "repetition");
        if (ra)
            rep = ir_attr_get(m, ra)->i;
        if (!lanes)
            abort();
        for (uint32_t i = 0; i < ix->n; i++)
            lanes[i] = ir_attr_get(m, ix->elems[i])->i;
        in = insn(g, SC_VSHUF, op);
        int r = vec_in(g, o->opnd[0], op);
        bool ok = r >= 0 && ix->n && vec_out(g, op, o->res, &in) >= 0;
        if (ok) {
            in.reg[1] = (uint8_t)r;
            in.pool = sc_add_pool(g->b, lanes, ix->n);
            in.npool = ix->n;
            if (rep != 1)
                in.x[in.nx++] = imm(rep);
        }
        free(lanes);
        if (!ok)
            return ix->n || cg_error(g, op, "a shuffle with no indices");
        break;
    }
    case IR_OP_VECTORCHAIN_COMPARE: {
        /* vcmp takes its operands' type and writes an i1 mask */
        int a = vec_in(g, o->opnd[0], op), b = a < 0 ? -1 : vec_in(g, o->opnd[1], op);
        ir_type et = ir_type_elem(m, ir_value_type(m, o->opnd[0]));
        bool flt = ir_type_is_float(m, et);
        ir_attr ca = ir_op_attr(m, op, "compare_op");
        const char *body = ca && ir_attr_get(m, ca)->body ? ir_str_get(m, ir_attr_get(m, ca)->body)
                                                          : "";
        const char *sp = strchr(body, ' ');
        int pred = sp ? ir_cmp_pred_find(!flt, sp + 1) : -1;
        int dt = cg_dtype(m, et);
        if (a < 0 || b < 0)
            return false;
        if (pred < 0 || dt < 0)
            return cg_error(g, op, "the comparison '%s' has no SpyreCode form yet", body);
        in = insn(g, SC_VCMP, op);
        if (!check_lanes(g, op, ir_value_type(m, o->opnd[0])) || vec_out(g, op, o->res, &in) < 0)
            return false;
        in.reg[1] = (uint8_t)a;
        in.reg[2] = (uint8_t)b;
        in.dtype = (uint8_t)dt;
        in.x[in.nx++] = imm(pred);
        break;
    }
    case IR_OP_VECTORCHAIN_SELECT: {
        in = insn(g, SC_VSEL, op);
        for (uint32_t i = 0; i < 3; i++) {
            int r = vec_in(g, o->opnd[i], op);
            if (r < 0)
                return false;
            in.reg[1 + i] = (uint8_t)r;
        }
        if (vec_out(g, op, o->res, &in) < 0)
            return false;
        break;
    }
    case IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM: {
        if ((g->p.made && g->p.made[op] == g->p.gen) || (g->p.read && !g->p.read[op]))
            return true; /* made at the program's start, or read by nothing */
        const struct ir_attr_info *va = ir_attr_get(m, ir_op_attr(m, op, "value"));
        int64_t n = vec_len(g, o->res), *bits = malloc((size_t)(n > 0 ? n : 1) * sizeof *bits);
        if (!bits)
            abort();
        in = insn(g, SC_VCONST, op);
        bool ok =
            va->kind == IR_AT_ARRAY && va->n && n % va->n == 0 && vec_out(g, op, o->res, &in) >= 0;
        const struct ir_type_info *et = ir_type_get(m, ir_type_elem(m, ir_value_type(m, o->res)));
        for (int64_t i = 0; ok && i < n; i++) {
            const struct ir_attr_info *e = ir_attr_get(m, va->elems[i % va->n]);
            bits[i] = e->kind == IR_AT_FLOAT && !(e->flags & IR_ATF_HEX) && et->kind == IR_TY_FLOAT
                          ? (int64_t)num_double_to_bits(et->fkind, e->f)
                          : e->i;
        }
        if (ok) {
            in.pool = sc_add_pool(g->b, bits, (uint32_t)n);
            in.npool = (uint32_t)n;
        }
        free(bits);
        if (!ok)
            return g->failed || cg_error(g, op, "a constant of %u values for a vector of %lld",
                                         va->n, (long long)n);
        break;
    }
    case IR_OP_VECTORCHAIN_SPLAT: {
        struct cg_lin l;
        in = insn(g, ir_op_attr(m, op, "bits") ? SC_VSPLATB : SC_VSPLAT, op);
        if (!index_lin(g, o->opnd[0], op, &l) || !opnd_of(g, op, &l, &in.x[0]) ||
            vec_out(g, op, o->res, &in) < 0)
            return false;
        in.x[1] = imm(vec_len(g, o->res));
        in.nx = 2;
        break;
    }
    default:
        return false;
    }
    cg_emit(g, &in);
    return true;
}

/* Whether op carries unit attribute attr (ktc-lower's `credit` and
 * `drain`) at the top of the program, run once per tile. */
static bool at_launch(const struct cg *g, ir_op op, const char *attr)
{
    const struct ir_module *m = g->m;
    return ir_op_attr(m, op, attr) &&
           ir_op_get(m, op)->block == ir_region_entry(m, ir_op_get(m, g->p.pu)->regs[0]);
}

/* dataflow.send / receive / sync_send / sync_recv */
static bool traffic(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t port;
    struct sc_insn in;
    struct wide wide;
    ir_op d = o->kind == IR_OP_DATAFLOW_SEND ? ir_value_def(m, o->opnd[1]) : IR_NONE;
    if (d && wide_reduce(g, d, &wide) && wide.send == op)
        return true; /* sent by the reduction */
    if (o->kind == IR_OP_DATAFLOW_RECEIVE)
        for (ir_op x = o->next; x; x = ir_op_get(m, x)->next)
            if (ir_op_get(m, x)->kind == IR_OP_VECTORCHAIN_REDUCE && wide_reduce(g, x, &wide) &&
                wide_receives(&wide, op))
                return true; /* received by the reduction */
    switch (o->kind) {
    case IR_OP_DATAFLOW_SEND: {
        int v = vec_in(g, o->opnd[1], op);
        if (v < 0 || !check_lanes(g, op, ir_value_type(m, o->opnd[1])) ||
            !peer_port(g, op, o->opnd[0], SC_CHAN_FIFO, true, &port))
            return false;
        in = insn(g, SC_SEND, op);
        in.reg[0] = (uint8_t)v;
        break;
    }
    case IR_OP_DATAFLOW_RECEIVE:
        if (!peer_port(g, op, o->opnd[0], SC_CHAN_FIFO, false, &port))
            return false;
        in = insn(g, SC_RECV, op);
        if (vec_out(g, op, o->res, &in) < 0)
            return false;
        in.x[in.nx++] = imm(vec_len(g, o->res));
        break;
    case IR_OP_DATAFLOW_SYNC_SEND: {
        if (!peer_port(g, op, o->opnd[0], SC_CHAN_SIGNAL, true, &port))
            return false;
        if (at_launch(g, op, "credit")) {
            /* the channel holds it from the launch's start: as many as
             * one tile's program gives (each tile's waits and sends then
             * leave as many for the next) */
            for (uint32_t u = 0; u < g->p.n; u++) {
                uint32_t c = g->p.ports[port].bind[u];
                if (g->chans[c].given_gen != g->p.gen)
                    g->chans[c].given_gen = g->p.gen, g->chans[c].given = 0;
                if (++g->chans[c].given > g->b->chans[c].credits)
                    g->b->chans[c].credits = g->chans[c].given;
            }
            return true;
        }
        in = insn(g, SC_SIG, op);
        ir_attr w = ir_op_attr(m, op, "wait_immediately_for_async_transfers");
        const struct ir_attr_info *wi = w ? ir_attr_get(m, w) : NULL;
        if (wi && (wi->kind == IR_AT_UNIT || (wi->kind == IR_AT_BOOL && wi->i)))
            in.flags |= SC_F_WAIT;
        break;
    }
    case IR_OP_DATAFLOW_SYNC_RECV:
        if (!peer_port(g, op, o->opnd[0], SC_CHAN_SIGNAL, false, &port))
            return false;
        if (at_launch(g, op, "drain"))
            return true; /* what is left of the credits stays for the next tile */
        in = insn(g, SC_WAIT, op);
        break;
    default:
        return false;
    }
    in.port = (uint16_t)port;
    cg_emit(g, &in);
    return true;
}

/* ---- control and the body ------------------------------------------------------- */

static bool block(struct cg *g, ir_block b);

static bool query(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op d = ir_value_def(m, o->opnd[0]);
    const struct ir_op_info *mo = d ? ir_op_get(m, d) : NULL;
    if (!mo || (mo->kind != IR_OP_UNIFORM_DEF_IMMUTABLE_MAPPING &&
                mo->kind != IR_OP_SYMBOL_SYMBOL_IMMUTABLE_MAPPING))
        return cg_error(g, op, "the map of a query must be a mapping op");
    struct cg_val key = value(g, o->opnd[1], op);
    if (key.kind == CV_NONE)
        return false;
    struct cg_val *e = malloc(g->p.n * sizeof *e);
    if (!e)
        abort();
    bool ok = true;
    for (uint32_t u = 0; u < g->p.n && ok; u++) {
        struct cg_val k = elem_of(g, key, u);
        uint32_t j = 0;
        for (; j + 1 < mo->nopnd; j += 2) {
            struct cg_val kj = value(g, mo->opnd[j], op);
            if (kj.kind == CV_NONE) {
                ok = false;
                break;
            }
            if (val_eq(g, kj, k))
                break;
        }
        if (!ok)
            break;
        if (j + 1 >= mo->nopnd) {
            ok = cg_error(g, op, "the mapping has no entry for %s",
                          k.kind == CV_UNIT ? g->units[k.i].name : "this key");
            break;
        }
        struct cg_val x = value(g, mo->opnd[j + 1], op);
        ok = x.kind != CV_NONE;
        e[u] = elem_of(g, x, u);
    }
    if (ok)
        memo(g, o->res, multi_of(g, e), false);
    free(e);
    return ok;
}

/* A copy of vector register s (n elements of dtype dt) into d. */
static void copy_vec(struct cg *g, ir_op at, uint8_t dt, int d, int s, int64_t n)
{
    int64_t *lanes = malloc((size_t)(n > 0 ? n : 1) * sizeof *lanes);
    if (!lanes)
        abort();
    for (int64_t i = 0; i < n; i++)
        lanes[i] = i;
    emit_shuf(g, at, dt, d, s, lanes, n);
    free(lanes);
}

/* The yield of a loop carrying vectors: a value not made in place
 * (carry_target) is copied into its register; one that is another carried
 * register (the loop swapping them) is not supported. */
static bool yield_vectors(struct cg *g, ir_op op, const struct cg_carry *c)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        int r = vec_in(g, o->opnd[i], op);
        if (r < 0)
            return false;
        if (r == c->regs[i])
            continue;
        for (uint32_t j = 0; j < c->n; j++)
            if (r == c->regs[j])
                return cg_error(g, op, "a loop exchanging the vectors it carries is not "
                                "supported yet");
        ir_type t = ir_value_type(m, o->opnd[i]);
        copy_vec(g, op, (uint8_t)cg_dtype(m, ir_type_elem(m, t)), c->regs[i], r,
                 vec_len(g, o->opnd[i]));
    }
    return true;
}

struct reads_in {
    ir_value v;
    ir_op loop;
    bool found;
};

static bool find_read(struct ir_module *m, ir_op op, void *ctx)
{
    struct reads_in *r = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = op == r->loop ? o->nopnd : 0; i < o->nopnd && !r->found; i++)
        r->found = o->opnd[i] == r->v;
    return !r->found;
}

/* Whether an op inside loop reads v (a constant ktc-lower made one with
 * the loop's initial value). */
static bool read_inside(struct ir_module *m, ir_op loop, ir_value v)
{
    struct reads_in r = {v, loop, false};
    ir_walk(m, loop, find_read, &r);
    return r.found;
}

/* The register a loop carrying vectors keeps its i-th in: the initial
 * value's, when nothing reads that after the loop nor inside it and it was
 * made in the loop's block, else a new one it is copied into. */
static int carry_init(struct cg *g, ir_op loop, uint32_t i)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, loop);
    ir_value init = o->opnd[3 + i];
    int s = vec_in(g, init, loop);
    if (s < 0)
        return -1;
    int32_t pos = 0;
    for (ir_op q = ir_block_get(m, o->block)->first; q && q != loop; q = ir_op_get(m, q)->next)
        pos++;
    bool once = true;
    for (uint32_t j = 0; j < o->nres; j++)
        once &= j == i || o->opnd[3 + j] != init;
    ir_op d = ir_value_def(m, init);
    if (once && d && ir_op_get(m, d)->block == o->block && g->last[init] <= pos &&
        g->p.vowner[s] == init && !read_inside(m, loop, init)) {
        g->p.vowner[s] = o->res + i;
        return s;
    }
    int r = vec_reg(g, o->res + i, loop);
    if (r >= 0)
        copy_vec(g, loop, (uint8_t)cg_dtype(m, ir_type_elem(m, ir_value_type(m, init))), r, s,
                 vec_len(g, init));
    return r;
}

/* scf.yield of a loop carrying values: the new values into its registers
 * (through temporaries when there are several, which may read each other). */
static bool yield(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct cg_prog *p = &g->p;
    ir_op loop = ir_op_parent(m, op);
    if (!o->nopnd)
        return true;
    uint32_t k = p->ncarry;
    while (k > 0 && p->carry[k - 1].loop != loop)
        k--;
    if (!k || p->carry[k - 1].n != o->nopnd)
        return cg_error(g, op, "a yield of values outside a loop carrying them");
    const struct cg_carry *c = &p->carry[k - 1];
    if (c->vec)
        return yield_vectors(g, op, c);
    struct sc_opnd v[CG_MAX_CARRY];
    for (uint32_t i = 0; i < o->nopnd; i++) {
        struct cg_lin l;
        if (!index_lin(g, o->opnd[i], op, &l) || !opnd_of(g, op, &l, &v[i]))
            return false;
        if (o->nopnd > 1 && !(v[i].kind == SC_REG && v[i].v == c->regs[i])) {
            int t = temp_reg(g, op);
            if (t < 0)
                return false;
            struct sc_insn mv = insn(g, SC_MOV, op);
            mv.reg[0] = (uint8_t)t;
            mv.x[0] = v[i];
            mv.nx = 1;
            cg_emit(g, &mv);
            v[i] = reg_opnd(t);
        }
    }
    for (uint32_t i = 0; i < o->nopnd; i++) {
        if (v[i].kind == SC_REG && v[i].v == c->regs[i])
            continue;
        struct sc_insn mv = insn(g, SC_MOV, op);
        mv.reg[0] = c->regs[i];
        mv.x[0] = v[i];
        mv.nx = 1;
        cg_emit(g, &mv);
    }
    return true;
}

/* scf.for: for/end; values it carries (indices) live in registers set
 * before the loop and by its yield. */
static bool loop(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    struct cg_prog *p = &g->p;
    if (o->nopnd != 3 + o->nres || o->nres > CG_MAX_CARRY || p->ncarry == CG_MAX_LOOPS)
        return cg_error(g, op, "a loop of this shape is not supported yet");
    bool vec = o->nres && ir_type_get(m, ir_value_type(m, o->res))->kind == IR_TY_VECTOR;
    for (uint32_t i = 0; i < o->nres; i++) {
        bool v = ir_type_get(m, ir_value_type(m, o->res + i))->kind == IR_TY_VECTOR;
        if (v != vec || (!v && !ir_type_is_intlike(m, ir_value_type(m, o->res + i))))
            return cg_error(g, op,
                            "a loop carrying a value that is not an index or carrying "
                            "vectors and indices together is not supported yet");
    }
    struct cg_lin l[3];
    struct sc_insn f = insn(g, SC_FOR, op);
    for (int i = 0; i < 3; i++)
        if (!index_lin(g, o->opnd[i], op, &l[i]) || !opnd_of(g, op, &l[i], &f.x[i]))
            return false;
    f.nx = f.x[2].kind == SC_IMM && f.x[2].v == 1 ? 2 : 3;
    struct cg_carry c = {op, {0}, o->nres, vec};
    for (uint32_t i = 0; vec && i < o->nres; i++) {
        int r = carry_init(g, op, i);
        if (r < 0)
            return false;
        c.regs[i] = (uint8_t)r;
    }
    for (uint32_t i = 0; !vec && i < o->nres; i++) {
        struct cg_lin init;
        struct sc_insn mv = insn(g, SC_MOV, op);
        int r;
        if (!index_lin(g, o->opnd[3 + i], op, &init) || !opnd_of(g, op, &init, &mv.x[0]) ||
            (r = temp_reg(g, op)) < 0)
            return false;
        mv.reg[0] = c.regs[i] = (uint8_t)r;
        mv.nx = 1;
        cg_emit(g, &mv);
    }
    uint32_t pf0 = p->npf;
    if (f.x[0].kind == SC_IMM && f.x[1].kind == SC_IMM && (f.nx == 2 || f.x[2].kind == SC_IMM))
        prefetch_reads(g, op, f.x[0].v, f.x[1].v, f.nx == 2 ? 1 : f.x[2].v);
    int r = temp_reg(g, op);
    if (r < 0)
        return false;
    f.reg[0] = (uint8_t)r;
    for (uint32_t i = pf0; i < p->npf; i++)
        p->pf[i].riv = (uint8_t)r;
    /* busy to the loop's end: its counter and the bounds `end` reads
     * again, the prefetched reads, the carried values (and after it while
     * its results are used) */
    int32_t end = p->oend[op];
    hold_reg(p, (uint32_t)r, end);
    for (uint32_t i = 0; i < f.nx; i++)
        if (f.x[i].kind == SC_REG)
            hold_reg(p, (uint32_t)f.x[i].v, end);
    for (uint32_t i = pf0; i < p->npf; i++) {
        hold_reg(p, p->pf[i].ra, end);
        hold_reg(p, p->pf[i].rb, end);
    }
    for (uint32_t i = 0; !vec && i < o->nres; i++)
        hold_reg(p, c.regs[i], end > p->vlast[o->res + i] ? end : p->vlast[o->res + i]);
    struct cg_reg info = {false, 0, 0, 1};
    if (f.x[0].kind == SC_IMM && f.x[1].kind == SC_IMM && f.x[2].kind == SC_IMM && f.x[2].v > 0 &&
        f.x[1].v > f.x[0].v)
        info = (struct cg_reg){
            true, f.x[0].v, f.x[0].v + (f.x[1].v - f.x[0].v - 1) / f.x[2].v * f.x[2].v, f.x[2].v};
    p->regs[r] = info;
    cg_emit(g, &f);
    ir_block body = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = ir_block_get(m, body);
    /* a loop of one trip (a tile's one point) has its IV a constant:
     * addresses fold it instead of spending a term on it */
    struct cg_lin iv =
        info.known && info.lo == info.hi ? lin_const(info.lo) : lin_atom(CA_REG, (uint32_t)r);
    memo(g, bi->args[0], vlin(g, &iv), false);
    for (uint32_t i = 0; i < o->nres; i++) {
        struct cg_lin x = lin_atom(CA_REG, c.regs[i]);
        memo(g, bi->args[1 + i], vec ? (struct cg_val){CV_VEC, c.regs[i]} : vlin(g, &x), false);
    }
    p->carry[p->ncarry++] = c;
    bool ok = block(g, body);
    p->ncarry--;
    if (!ok)
        return false;
    for (uint32_t i = pf0; i < p->npf; i++) { /* the next iteration's index */
        struct sc_insn mv = insn(g, SC_MOV, op);
        mv.reg[0] = p->pf[i].ra;
        mv.x[0] = reg_opnd(p->pf[i].rb);
        mv.nx = 1;
        cg_emit(g, &mv);
    }
    struct sc_insn e = insn(g, SC_END, op);
    cg_emit(g, &e);
    p->npf = pf0;
    for (uint32_t i = 0; i < o->nres; i++) {
        struct cg_lin x = lin_atom(CA_REG, c.regs[i]);
        memo(g, o->res + i, vec ? (struct cg_val){CV_VEC, c.regs[i]} : vlin(g, &x), false);
    }
    return true;
}

static bool translate(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    switch (o->kind) {
    case IR_OP_SCF_FOR:
        return loop(g, op);
    case IR_OP_SCF_YIELD:
        return yield(g, op);
    case IR_OP_DATAFLOW_RETURN:
    case IR_OP_SYMBOL_CREATE_ID:
    case IR_OP_UNIFORM_DEF_IMMUTABLE_MAPPING:
    case IR_OP_SYMBOL_SYMBOL_IMMUTABLE_MAPPING:
        return true;
    case IR_OP_UNIFORM_QUERY_MAP:
    case IR_OP_SYMBOL_QUERY_MAP:
        return query(g, op);
    case IR_OP_SYMBOL_CREATE_SYMBOL: {
        ir_attr a = ir_op_attr(m, op, "SymbolId");
        int64_t id = a ? ir_attr_get(m, a)->i : 0;
        uint32_t k = (uint32_t)(-id - 1);
        if (id >= 0 || k >= g->nsym_decl || !g->sym_decl[k])
            return cg_error(g, op,
                            "symbol %lld is not declared (symbol.create_id) in the "
                            "kernel",
                            (long long)id);
        struct cg_val x = value(g, g->sym_decl[k], op);
        if (x.kind != CV_LIN)
            return x.kind != CV_NONE &&
                   cg_error(g, op, "symbol %lld is not an index", (long long)id);
        memo(g, o->res, x, false);
        return true;
    }
    case IR_OP_DATAFLOW_GET_UNIT: {
        uint32_t u = cg_unit_of(g, op);
        if (u != SC_NONE)
            memo(g, o->res, (struct cg_val){CV_UNIT, u}, false);
        return u != SC_NONE;
    }
    case IR_OP_DATAFLOW_GET_LOGICAL_MEMORY_VIEW:
        return view_of(g, op);
    case IR_OP_AGEN_VECTOR_LOAD:
        return vector_access(g, op, false);
    case IR_OP_AGEN_VECTOR_STORE:
        return vector_access(g, op, true);
    case IR_OP_AGEN_COMPOSITE_LOAD_AND_STORE:
        return composite(g, op);
    case IR_OP_MEMREF_LOAD:
        return scalar_load(g, op);
    case IR_OP_DATAFLOW_SEND:
    case IR_OP_DATAFLOW_RECEIVE:
    case IR_OP_DATAFLOW_SYNC_SEND:
    case IR_OP_DATAFLOW_SYNC_RECV:
        return traffic(g, op);
    case IR_OP_VECTORCHAIN_BINARY:
    case IR_OP_VECTORCHAIN_UNARY:
    case IR_OP_VECTORCHAIN_REDUCE:
    case IR_OP_VECTORCHAIN_SHUFFLE:
    case IR_OP_VECTORCHAIN_COMPARE:
    case IR_OP_VECTORCHAIN_SELECT:
    case IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM:
    case IR_OP_VECTORCHAIN_SPLAT:
    case IR_OP_VECTORCHAIN_CONVERT:
        return vector_op(g, op);
    default:
        break;
    }
    if ((!strncmp(name, "arith.", 6) && o->nres == 1 &&
         ir_type_is_intlike(m, ir_value_type(m, o->res))) ||
        o->kind == IR_OP_AFFINE_APPLY) {
        struct cg_val x = arith(g, op);
        if (x.kind != CV_NONE)
            memo(g, o->res, x, false);
        return x.kind != CV_NONE;
    }
    return cg_error(g, op, "'%s' has no SpyreCode form yet", name);
}

struct use_ctx {
    struct cg *g;
    ir_block b;
    int32_t pos;
};

static bool note_uses(struct ir_module *m, ir_op op, void *ctx)
{
    struct use_ctx *c = ctx;
    const struct ir_op_info *oi = ir_op_get(m, op);
    for (uint32_t i = 0; i < oi->nopnd; i++) {
        ir_op d = ir_value_def(m, oi->opnd[i]);
        if (d && ir_op_get(m, d)->block == c->b)
            c->g->last[oi->opnd[i]] = c->pos;
    }
    return true;
}

/* ---- rematerializing ------------------------------------------------------------ */

/* A program's last try (cg_codegen) gives up index values when scalar
 * registers run short, and makes them again where they are used next: a
 * row loop's body computes each jammed row's trip counts and addresses
 * once, and its nests read them from the first row's to the last row's
 * (ragged_fuzz, seed 1111: 60 temporaries live in an MNILU program).
 * Before a child op with regions (a loop) of a block, when more than half
 * the scalar registers are in use, each temporary whose every holder is a
 * value of an arith op of that block (or an affine.apply) that the op does
 * not read is freed, those values with it (remat_free); before each later
 * op of the block that reads one, it is made again, its operands first
 * (remat_make), in that block: a loop the op is may run no trip, and every
 * iteration of a loop around the block makes it anew before reading it. */
enum { REMAT_ABOVE = SC_MAX_SREGS / 2 };

/* Whether op or an op inside it reads v. */
static bool uses(struct ir_module *m, ir_op op, ir_value v)
{
    struct use_count c = {v, 0};
    ir_walk(m, op, count_use, &c);
    return c.n > 0;
}

/* Whether v is an index value translate makes by arith: an integer arith
 * op's or an affine.apply's result, defined in block b. */
static bool remakeable(struct ir_module *m, ir_value v, ir_block b)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    return o && o->block == b && o->nres == 1 &&
           ((!strncmp(ir_str_get(m, o->name), "arith.", 6) &&
             ir_type_is_intlike(m, ir_value_type(m, o->res))) ||
            o->kind == IR_OP_AFFINE_APPLY);
}

/* Whether value v of block b can be made again later: each operand a
 * value that stays: the kernel's, a block argument, or one from outside
 * b (read in b, it lives through b's loop: note_last), or itself an
 * arith value of b that can (made again too when it has died since). */
static bool remakes(struct cg *g, ir_value v, ir_block b, int depth)
{
    struct ir_module *m = g->m;
    if (depth > 16 || !remakeable(m, v, b))
        return false;
    const struct ir_op_info *o = ir_op_get(m, ir_value_def(m, v));
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_op d = ir_value_def(m, o->opnd[i]);
        if (g->stamp[o->opnd[i]] && d && ir_op_get(m, d)->block == b &&
            !remakes(g, o->opnd[i], b, depth + 1))
            return false;
    }
    return true;
}

/* Whether holder v of temporary r still holds it: memo'd in this tile,
 * its value referring to r; or any other kind of value memo'd in this
 * tile (a view, a multi), which remat_free never gives up. */
static bool holds(const struct cg *g, ir_value v, uint32_t r)
{
    struct cg_val x = g->val[v];
    if (g->stamp[v] != g->p.gen || x.kind != CV_LIN)
        return x.kind != CV_NONE && g->stamp[v] == g->p.gen; /* a view, a multi: kept */
    const struct cg_lin *l = &g->lins[x.i];
    for (uint32_t i = 0; i < l->n; i++)
        if (l->t[i].kind == CA_REG && l->t[i].id == r)
            return true;
    return false;
}

/* Before op of block b: frees the temporaries only values of b that op
 * does not read hold (above). */
static void remat_free(struct cg *g, ir_block b, ir_op op)
{
    struct ir_module *m = g->m;
    struct cg_prog *p = &g->p;
    uint32_t busy = 0;
    for (uint64_t x = p->busy; x; x &= x - 1)
        busy++;
    if (!ir_op_get(m, op)->nreg || busy + p->ninit <= REMAT_ABOVE)
        return;
    for (uint32_t r = 0; r + p->ninit < SC_MAX_SREGS; r++) {
        const struct cg_holders *h = &p->holders[r];
        bool give = (p->busy >> r & 1) && h->n > 0;
        for (uint32_t i = 0; i < h->n && give; i++)
            give = !holds(g, h->v[i], r) || (g->val[h->v[i]].kind == CV_LIN &&
                                             remakes(g, h->v[i], b, 0) && !uses(m, op, h->v[i]));
        if (!give)
            continue;
        for (uint32_t i = 0; i < h->n; i++)
            if (holds(g, h->v[i], r)) {
                g->val[h->v[i]].kind = CV_NONE;
                p->freed[h->v[i]] = p->gen;
            }
        p->busy &= ~((uint64_t)1 << r);
    }
}

/* Makes value v of block b given up (remat_free) again, first its operands
 * of b given up or dead since (their last use passed: their registers may
 * hold other values). */
static bool remake(struct cg *g, ir_block b, ir_value v)
{
    struct ir_module *m = g->m;
    struct cg_prog *p = &g->p;
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = ir_op_get(m, d);
    p->freed[v] = 0;
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_value x = o->opnd[i];
        ir_op xd = ir_value_def(m, x);
        if (g->stamp[x] && xd && ir_op_get(m, xd)->block == b &&
            (p->freed[x] == p->gen || p->vlast[x] < p->pos) && !remake(g, b, x))
            return false;
    }
    struct cg_val x = arith(g, d);
    if (x.kind == CV_NONE)
        return false;
    memo(g, v, x, false);
    return true;
}

/* Before op of block b: makes again the values of b given up that op
 * reads. */
static bool remat_make(struct cg *g, ir_block b, ir_op op)
{
    struct ir_module *m = g->m;
    IR_FOR_OPS(m, b, x)
    {
        if (x == op)
            break;
        const struct ir_op_info *xi = ir_op_get(m, x);
        if (xi->nres == 1 && g->p.freed[xi->res] == g->p.gen && uses(m, op, xi->res) &&
            !remake(g, b, xi->res))
            return false;
    }
    return true;
}

/* Translates the ops of b in order; vector registers are released after
 * the last use of their value in b. */
static bool block(struct cg *g, ir_block b)
{
    struct ir_module *m = g->m;
    int32_t pos = 0;
    IR_FOR_OPS(m, b, op)
    {
        const struct ir_op_info *oi = ir_op_get(m, op);
        for (uint32_t r = 0; r < oi->nres; r++)
            g->last[oi->res + r] = pos;
        pos++;
    }
    /* uses, nested ones counting at their op of b */
    struct use_ctx c = {g, b, 0};
    IR_FOR_OPS(m, b, op)
    {
        ir_walk(m, op, note_uses, &c);
        c.pos++;
    }
    /* a wide reduction's broadcasts run at it: their inputs live to it */
    pos = 0;
    IR_FOR_OPS(m, b, op)
    {
        struct wide w;
        if (ir_op_get(m, op)->kind == IR_OP_VECTORCHAIN_REDUCE && wide_reduce(g, op, &w))
            for (int i = 0; i < w.nchain; i++) {
                const struct ir_op_info *ci = ir_op_get(m, w.chain[i]);
                ir_op d = ci->kind == IR_OP_VECTORCHAIN_SHUFFLE ? ir_value_def(m, ci->opnd[0])
                                                                 : IR_NONE;
                if (d && ir_op_get(m, d)->block == b && g->last[ci->opnd[0]] < pos)
                    g->last[ci->opnd[0]] = pos;
            }
        pos++;
    }
    pos = 0;
    IR_FOR_OPS(m, b, op)
    {
        g->p.pos = g->p.opos[op];
        temps_expire(&g->p, g->p.pos);
        if (g->p.remat) {
            if (!remat_make(g, b, op))
                return false;
            remat_free(g, b, op);
        }
        if (!translate(g, op))
            return false;
        for (int r = 0; r < SC_MAX_VREGS; r++) {
            ir_value v = g->p.vowner[r];
            if (!v || v == UINT32_MAX)
                continue;
            ir_op d = ir_value_def(m, v);
            if (d && ir_op_get(m, d)->block == b && g->last[v] <= pos)
                g->p.vowner[r] = IR_NONE;
        }
        pos++;
    }
    return true;
}

/* Numbers op and the ops inside it from k on (program order); the next
 * position. */
static int32_t number_ops(struct cg *g, ir_op op, int32_t k)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    g->p.opos[op] = k++;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c)
            k = number_ops(g, c, k);
    g->p.oend[op] = k - 1;
    return k;
}

/* A use of v by op: v's last use is op's position, or the end of the
 * outermost loop holding op but not v's definition. */
static void note_last(struct cg *g, ir_op op, ir_value v)
{
    struct ir_module *m = g->m;
    struct cg_prog *p = &g->p;
    ir_op d = ir_value_def(m, v);
    ir_block home = d ? ir_op_get(m, d)->block : ir_value_get(m, v)->owner;
    int32_t at = p->opos[op];
    for (ir_op a = op; ir_op_get(m, a)->block != home;) {
        a = ir_op_parent(m, a);
        if (!a || a == p->pu)
            return; /* a kernel-level value: no temporaries */
        at = p->oend[a];
    }
    if (at > p->vlast[v])
        p->vlast[v] = at;
}

static bool note_lasts(struct ir_module *m, ir_op op, void *ctx)
{
    struct cg *g = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nres; i++)
        g->p.vlast[o->res + i] = g->p.opos[op];
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (uint32_t i = 0; i < ir_block_get(m, b)->nargs; i++)
                g->p.vlast[ir_block_get(m, b)->args[i]] = g->p.opos[op];
    for (uint32_t i = 0; i < o->nopnd; i++)
        note_last(g, op, o->opnd[i]);
    /* a query reads the values of its mapping's entries (query) */
    ir_op d = o->kind == IR_OP_UNIFORM_QUERY_MAP || o->kind == IR_OP_SYMBOL_QUERY_MAP
                  ? ir_value_def(m, o->opnd[0])
                  : IR_NONE;
    for (uint32_t i = 0; d && i < ir_op_get(m, d)->nopnd; i++)
        note_last(g, op, ir_op_get(m, d)->opnd[i]);
    return true;
}

/* ---- constants made once -------------------------------------------------------- */

/* The most distinct constants a program makes at its start. */
enum { CG_HOISTED = 8 };

struct hoist {
    struct cg *g;
    ir_block top;
    ir_op made[CG_HOISTED];
    uint32_t n;
    bool ok;
};

/* Whether op is a constant: a constant_bitstream, or a shuffle of one
 * made at the program's start (a splat of 0 to the lanes). */
static bool const_vector(struct cg *g, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(g->m, op);
    if (o->kind == IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM)
        return true;
    ir_op in = o->kind == IR_OP_VECTORCHAIN_SHUFFLE && o->nopnd == 1
                   ? ir_value_def(g->m, o->opnd[0])
                   : IR_NONE;
    return in && ir_op_get(g->m, in)->kind == IR_OP_VECTORCHAIN_CONSTANT_BITSTREAM &&
           g->p.made[in] == g->p.gen;
}

/* Whether constants a and b are the same: kind, type and attributes, and a
 * shuffle's input in the same register. */
static bool same_const(struct cg *g, ir_op a, ir_op b)
{
    const struct ir_op_info *x = ir_op_get(g->m, a), *y = ir_op_get(g->m, b);
    if (x->kind != y->kind || ir_value_type(g->m, x->res) != ir_value_type(g->m, y->res) ||
        x->attrs != y->attrs) /* interned: equal dictionaries are one */
        return false;
    return !x->nopnd ||
           (g->val[x->opnd[0]].kind == g->val[y->opnd[0]].kind &&
            g->val[x->opnd[0]].i == g->val[y->opnd[0]].i);
}

static bool hoist_const(struct ir_module *m, ir_op op, void *ctx)
{
    struct hoist *h = ctx;
    struct cg *g = h->g;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->block == h->top || !g->p.read[op] || !const_vector(g, op))
        return true;
    for (uint32_t j = 0; j < h->n; j++) {
        const struct ir_op_info *x = ir_op_get(m, h->made[j]);
        if (same_const(g, h->made[j], op)) {
            memo(g, o->res, g->val[x->res], false);
            g->p.made[op] = g->p.gen;
            return true;
        }
    }
    if (h->n == CG_HOISTED)
        return true;
    if (!(h->ok = translate(g, op)))
        return false;
    g->p.vowner[g->val[o->res].i] = UINT32_MAX; /* taken for the whole program */
    g->p.made[op] = g->p.gen;
    h->made[h->n++] = op;
    return true;
}

/* Makes the vector constants inside the program's loops (and other
 * regions) once, at its start, one register serving the equal ones (same
 * type and value), so that a row's reduction does not remake its init each
 * row (softmax_1024x256 on spyre: 6673 cycles, 6528 with its max's -inf
 * and its sum's 0 made once); and the shuffles of such constants (a 0
 * splat to the lanes: a masked block's zero-fill, Triton's where(.., 0)),
 * which took a cycle of the compute unit every vector. Their registers
 * stay taken for the whole program: a program they leave short of vector
 * registers is translated again with its constants where they are
 * (cg_codegen). */
static bool hoist_constants(struct cg *g)
{
    struct hoist h = {g, ir_region_entry(g->m, ir_op_get(g->m, g->p.pu)->regs[0]), {0}, 0, true};
    ir_walk(g->m, g->p.pu, hoist_const, &h);
    return h.ok;
}

/* Marks the ops whose results op reads (a reduction leaving out its
 * initial value does not read it). */
static bool note_reads(struct ir_module *m, ir_op op, void *ctx)
{
    struct cg *g = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool skips = skips_init(g, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_op d = ir_value_def(m, o->opnd[i]);
        if (d && !(skips && i == 1))
            g->p.read[d] = 1;
    }
    return true;
}

bool cg_program(struct cg *g)
{
    struct cg_prog *p = &g->p;
    struct ir_module *m = g->m;
    const struct cg_pu *pu = &g->pus[p->q];
    ir_block body = ir_region_entry(m, ir_op_get(m, p->pu)->regs[0]);
    const struct ir_block_info *bi = ir_block_get(m, body);
    struct cg_val *self = malloc(p->n * sizeof *self);
    p->opos = calloc(m->ops.len + 1, sizeof *p->opos);
    p->oend = calloc(m->ops.len + 1, sizeof *p->oend);
    p->vlast = calloc(g->nvals, sizeof *p->vlast);
    if (!self || !p->opos || !p->oend || !p->vlast)
        abort();
    if (!g->plain || !g->plain[p->pu])
        p->made = calloc(m->ops.len + 1, sizeof *p->made);
    p->remat = g->plain && g->plain[p->pu] == 2;
    if (p->remat && !(p->freed = calloc(g->nvals, sizeof *p->freed)))
        abort();
    number_ops(g, p->pu, 0);
    ir_walk(m, p->pu, note_lasts, g);
    p->read = calloc(m->ops.len + 1, 1);
    if (!p->read)
        abort();
    ir_walk(m, p->pu, note_reads, g);
    bool ok = true;
    for (p->rep = 0; p->rep < p->h && ok; p->rep++) {
        p->gen = ++g->gen;
        p->busy = 0;
        p->pos = 0;
        memset(p->vowner, 0, sizeof p->vowner);
        if (bi->nargs) {
            for (uint32_t u = 0; u < p->n; u++)
                self[u] = (struct cg_val){CV_UNIT, pu->virt[p->hosted[u * p->h + p->rep]]};
            memo(g, bi->args[0], multi_of(g, self), false);
        }
        ok = (!p->made || hoist_constants(g)) && block(g, body) && !g->failed;
        if (ok && p->rep + 1 < p->h)
            ok = cg_barrier(g, false);
    }
    if (ok && p->h > 1)
        ok = cg_barrier(g, true);
    free(self);
    free(p->opos);
    free(p->oend);
    free(p->vlast);
    free(p->made);
    free(p->read);
    free(p->freed);
    for (uint32_t r = 0; r < SC_MAX_SREGS; r++)
        free(p->holders[r].v);
    memset(p->holders, 0, sizeof p->holders);
    p->freed = NULL;
    p->remat = false;
    p->opos = p->oend = p->vlast = NULL;
    p->made = NULL;
    p->read = NULL;
    if (ok && p->has_dma) {
        struct sc_insn f = insn(g, SC_FENCE, p->pu);
        cg_emit(g, &f);
    }
    return ok;
}
