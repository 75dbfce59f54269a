/* spyrecode.c - SpyreCode in memory: building a binary, linking it (the
 * device-independent checks), the job plan and symbol evaluation. The text
 * form is in spyrecode_text.c, files in spyrecode_io.c, the checks against
 * a device in spyrecode_check.c.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"

const struct sc_opinfo sc_ops[SC_NOPCODES] = {
#define SC_OP(e, name, sig, cls) {name, sig, cls},
#include "codegen/spyrecode.def"
};

const struct sc_fninfo sc_fns[SC_NFNS] = {
#define SC_FN(e, name, arity) {name, arity},
#include "codegen/spyrecode.def"
};

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory\n");
        abort();
    }
    return p;
}

static char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* Grows *arr of *n elements of size sz by one zeroed element; its index.
 * Every array of a binary grows only here: its capacity is the power of two
 * at or above *n, so it is reallocated when *n is 0 or a power of two. */
static uint32_t grow(void *arr, uint32_t *n, size_t sz)
{
    void **a = arr;
    if ((*n & (*n - 1)) == 0)
        *a = xrealloc(*a, (*n ? 2 * (size_t)*n : 1) * sz);
    memset((char *)*a + *n * sz, 0, sz);
    return (*n)++;
}

struct sc_binary *sc_binary_new(void)
{
    struct sc_binary *b = xrealloc(NULL, sizeof *b);
    memset(b, 0, sizeof *b);
    b->grid[0] = b->grid[1] = b->grid[2] = 1;
    return b;
}

void sc_binary_free(struct sc_binary *b)
{
    if (!b)
        return;
    for (uint32_t i = 0; i < b->nargs; i++) {
        free(b->args[i].name);
        free(b->args[i].space);
    }
    for (uint32_t i = 0; i < b->nsyms; i++) {
        free(b->syms[i].name);
        free(b->syms[i].code);
    }
    for (uint32_t i = 0; i < b->nchans; i++) {
        free(b->chans[i].name);
        free(b->chans[i].src);
        free(b->chans[i].dst);
    }
    for (uint32_t i = 0; i < b->nprogs; i++) {
        struct sc_program *p = &b->progs[i];
        for (uint32_t k = 0; k < p->nports; k++)
            free(p->ports[k].name);
        free(p->ports);
        free(p->insns);
        free(p->name);
    }
    for (uint32_t i = 0; i < b->nunits; i++) {
        struct sc_unit *u = &b->units[i];
        for (uint32_t k = 0; k < u->nbind; k++)
            free(u->bind_mem[k]);
        free(u->bind_mem);
        free(u->bind_ch);
        free(u->init);
        free(u->name);
        free(u->kind);
    }
    for (uint32_t i = 0; i < b->nfiles; i++)
        free(b->files[i]);
    free(b->args);
    free(b->syms);
    free(b->chans);
    free(b->progs);
    free(b->units);
    free(b->files);
    free(b->pool);
    free(b->prepare);
    free(b->execute);
    free(b->kernel);
    free(b->device);
    free(b->device_text);
    free(b->ktir);
    free(b);
}

uint32_t sc_add_arg(struct sc_binary *b, const char *name, enum sc_arg_kind kind,
                    enum interp_dtype dtype, uint32_t rank, const int64_t *shape,
                    const char *space)
{
    assert(rank <= INTERP_MAX_RANK);
    uint32_t i = grow(&b->args, &b->nargs, sizeof *b->args);
    struct sc_arg *a = &b->args[i];
    a->name = xstrdup(name);
    a->kind = (uint8_t)kind;
    a->dtype = (uint8_t)dtype;
    a->rank = rank;
    for (uint32_t k = 0; k < rank; k++)
        a->shape[k] = shape[k];
    a->space = xstrdup(space);
    return i;
}

uint32_t sc_add_sym(struct sc_binary *b, const char *name, const struct sc_sx *code, uint32_t n)
{
    uint32_t i = grow(&b->syms, &b->nsyms, sizeof *b->syms);
    struct sc_sym *s = &b->syms[i];
    s->name = xstrdup(name);
    s->n = n;
    s->code = xrealloc(NULL, n * sizeof *code);
    if (n)
        memcpy(s->code, code, n * sizeof *code);
    return i;
}

uint32_t sc_add_chan(struct sc_binary *b, const char *name, enum sc_chan_kind kind,
                     const char *src, const char *dst)
{
    uint32_t i = grow(&b->chans, &b->nchans, sizeof *b->chans);
    struct sc_chan *c = &b->chans[i];
    c->name = xstrdup(name);
    c->kind = (uint8_t)kind;
    c->src = xstrdup(src);
    c->dst = xstrdup(dst);
    c->credits = 0;
    return i;
}

uint32_t sc_add_program(struct sc_binary *b, const char *name)
{
    uint32_t i = grow(&b->progs, &b->nprogs, sizeof *b->progs);
    b->progs[i].name = xstrdup(name);
    return i;
}

uint32_t sc_add_port(struct sc_binary *b, uint32_t prog, const char *name, enum sc_port_kind kind)
{
    struct sc_program *p = &b->progs[prog];
    uint32_t i = grow(&p->ports, &p->nports, sizeof *p->ports);
    p->ports[i].name = xstrdup(name);
    p->ports[i].kind = (uint8_t)kind;
    return i;
}

uint32_t sc_add_insn(struct sc_binary *b, uint32_t prog, const struct sc_insn *insn)
{
    struct sc_program *p = &b->progs[prog];
    uint32_t i = grow(&p->insns, &p->ninsns, sizeof *p->insns);
    p->insns[i] = *insn;
    return i;
}

uint32_t sc_add_unit(struct sc_binary *b, const char *name, const char *kind, int32_t core,
                     int32_t corelet, uint32_t prog)
{
    uint32_t i = grow(&b->units, &b->nunits, sizeof *b->units);
    struct sc_unit *u = &b->units[i];
    u->name = xstrdup(name);
    u->kind = xstrdup(kind);
    u->core = core;
    u->corelet = corelet;
    u->program = prog;
    uint32_t np = prog < b->nprogs ? b->progs[prog].nports : 0;
    u->nbind = np;
    u->bind_mem = xrealloc(NULL, np * sizeof *u->bind_mem);
    u->bind_ch = xrealloc(NULL, np * sizeof *u->bind_ch);
    for (uint32_t k = 0; k < np; k++) {
        u->bind_mem[k] = NULL;
        u->bind_ch[k] = SC_NONE;
    }
    return i;
}

void sc_bind(struct sc_binary *b, uint32_t u, uint32_t port, const char *mem, uint32_t chan)
{
    struct sc_unit *x = &b->units[u];
    assert(port < x->nbind);
    free(x->bind_mem[port]);
    x->bind_mem[port] = xstrdup(mem);
    x->bind_ch[port] = mem ? SC_NONE : chan;
}

void sc_add_init(struct sc_binary *b, uint32_t u, uint8_t reg, struct sc_opnd val)
{
    struct sc_unit *x = &b->units[u];
    uint32_t i = grow(&x->init, &x->ninit, sizeof *x->init);
    x->init[i].reg = reg;
    x->init[i].val = val;
}

uint32_t sc_add_pool(struct sc_binary *b, const int64_t *vals, uint32_t n)
{
    uint32_t at = b->npool;
    b->pool = xrealloc(b->pool, (b->npool + n) * sizeof *b->pool);
    if (n)
        memcpy(b->pool + at, vals, n * sizeof *vals);
    b->npool += n;
    return at;
}

uint32_t sc_intern_file(struct sc_binary *b, const char *file)
{
    for (uint32_t i = 0; i < b->nfiles; i++)
        if (strcmp(b->files[i], file) == 0)
            return i;
    uint32_t i = grow(&b->files, &b->nfiles, sizeof *b->files);
    b->files[i] = xstrdup(file);
    return i;
}

#define FIND(arr, n, field)                                                                        \
    for (uint32_t i = 0; i < (n); i++)                                                             \
        if ((arr)[i].field && strcmp((arr)[i].field, name) == 0)                                   \
            return i;                                                                              \
    return SC_NONE;

uint32_t sc_find_arg(const struct sc_binary *b, const char *name) { FIND(b->args, b->nargs, name) }
uint32_t sc_find_sym(const struct sc_binary *b, const char *name) { FIND(b->syms, b->nsyms, name) }
uint32_t sc_find_chan(const struct sc_binary *b, const char *name)
{
    FIND(b->chans, b->nchans, name)
}
uint32_t sc_find_program(const struct sc_binary *b, const char *name)
{
    FIND(b->progs, b->nprogs, name)
}
uint32_t sc_find_unit(const struct sc_binary *b, const char *name)
{
    FIND(b->units, b->nunits, name)
}
uint32_t sc_find_port(const struct sc_program *p, const char *name)
{
    FIND(p->ports, p->nports, name)
}

int sc_opcode_find(const char *name)
{
    for (int i = 0; i < SC_NOPCODES; i++)
        if (strcmp(sc_ops[i].name, name) == 0)
            return i;
    return -1;
}

int sc_fn_find(const char *name)
{
    for (int i = 1; i < SC_NFNS; i++)
        if (strcmp(sc_fns[i].name, name) == 0)
            return i;
    return -1;
}

unsigned sc_insn_slots(struct sc_insn *in, struct sc_opnd **out)
{
    unsigned n = 0;
    for (unsigned i = 0; i < in->nx; i++)
        out[n++] = &in->x[i];
    const char *sig = sc_ops[in->op].sig;
    unsigned na = 0;
    for (const char *s = sig; *s; s++)
        na += *s == 'm';
    for (unsigned a = 0; a < na; a++) {
        out[n++] = &in->addr[a].base;
        for (unsigned t = 0; t < in->addr[a].nterms; t++)
            out[n++] = &in->addr[a].stride[t];
    }
    return n;
}

/* ---- linking ------------------------------------------------------------- */

struct link {
    struct sc_binary *b;
    struct ir_diag *diag;
    bool ok;
};

static void err_at(struct link *l, const struct sc_loc *loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void err_at(struct link *l, const struct sc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool has = loc && loc->file != SC_NONE && loc->file < l->b->nfiles;
    ir_diag_vreport(l->diag, IR_SEV_ERROR, has ? l->b->files[loc->file] : "<spyrecode>",
                    has ? loc->line : 0, has ? loc->col : 0, fmt, ap);
    va_end(ap);
    l->ok = false;
}

static void check_opnd(struct link *l, const struct sc_loc *loc, const struct sc_opnd *o,
                       uint32_t *nsregs, const char *where)
{
    if (o->kind == SC_REG) {
        if (o->v < 0 || o->v >= SC_MAX_SREGS)
            err_at(l, loc, "%s: register r%lld does not exist (r0..r%d)", where, (long long)o->v,
                   SC_MAX_SREGS - 1);
        else if (nsregs && (uint32_t)o->v + 1 > *nsregs)
            *nsregs = (uint32_t)o->v + 1;
    } else if (o->kind == SC_SYM) {
        if (o->v < 0 || (uint64_t)o->v >= l->b->nsyms)
            err_at(l, loc, "%s: symbol #%lld does not exist", where, (long long)o->v);
    } else if (o->kind != SC_IMM) {
        err_at(l, loc, "%s: bad operand kind %u", where, o->kind);
    }
}

static const enum sc_port_kind port_use[SC_NOPCODES] = {
    [SC_SEND] = SC_PORT_OUT, [SC_VLDS] = SC_PORT_OUT,   [SC_VLDZS] = SC_PORT_OUT,
    [SC_RECV] = SC_PORT_IN,  [SC_SIG] = SC_PORT_SIGOUT, [SC_WAIT] = SC_PORT_SIGIN,
};

static const char *const port_kind_name[] = {"mem", "in", "out", "sigin", "sigout"};

static void link_program(struct link *l, uint32_t pi)
{
    struct sc_program *p = &l->b->progs[pi];
    uint32_t stack[64], depth = 0, nsregs = 0, nvregs = 0;
    for (uint32_t i = 0; i < p->ninsns; i++) {
        struct sc_insn *in = &p->insns[i];
        const struct sc_loc *loc = &in->loc;
        if (in->op >= SC_NOPCODES) {
            err_at(l, loc, "program '%s': unknown opcode %u", p->name, in->op);
            continue;
        }
        const char *name = sc_ops[in->op].name, *sig = sc_ops[in->op].sig;
        unsigned nr = 0, nxmax = 0, nxmin = 0, nm = 0;
        bool opt = false;
        for (const char *s = sig; *s; s++) {
            if (*s == '|') {
                opt = true;
                continue;
            }
            if (*s == 'x') {
                nxmax++;
                nxmin += !opt;
            } else if (*s == 'm') {
                const struct sc_addr *a = &in->addr[nm++];
                if (a->port >= p->nports || p->ports[a->port].kind != SC_PORT_MEM)
                    err_at(l, loc, "%s: port #%u is not a memory port", name, a->port);
                if (a->nterms > SC_MAX_TERMS)
                    err_at(l, loc, "%s: more than %d address terms", name, SC_MAX_TERMS);
                check_opnd(l, loc, &a->base, &nsregs, name);
                for (unsigned t = 0; t < a->nterms && t < SC_MAX_TERMS; t++) {
                    check_opnd(l, loc, &a->stride[t], &nsregs, name);
                    if (a->stride[t].kind == SC_REG)
                        err_at(l, loc, "%s: a stride is a number or a symbol", name);
                    if (a->reg[t] >= SC_MAX_SREGS)
                        err_at(l, loc, "%s: register r%u does not exist", name, a->reg[t]);
                    else if (a->reg[t] + 1u > nsregs)
                        nsregs = a->reg[t] + 1u;
                }
            } else if (*s == 'r' || *s == 'v') {
                uint8_t r = in->reg[nr++];
                unsigned lim = *s == 'r' ? SC_MAX_SREGS : SC_MAX_VREGS;
                uint32_t *cnt = *s == 'r' ? &nsregs : &nvregs;
                if (r >= lim)
                    err_at(l, loc, "%s: register %c%u does not exist", name, *s, r);
                else if (r + 1u > *cnt)
                    *cnt = r + 1u;
            } else if (*s == 'p') {
                enum sc_port_kind want = port_use[in->op];
                if (in->port >= p->nports)
                    err_at(l, loc, "%s: port #%u does not exist", name, in->port);
                else if (p->ports[in->port].kind != want)
                    err_at(l, loc, "%s: port '%s' is a '%s' port, expected '%s'", name,
                           p->ports[in->port].name, port_kind_name[p->ports[in->port].kind],
                           port_kind_name[want]);
            } else if (*s == 'l') {
                if ((uint64_t)in->pool + in->npool > l->b->npool || in->npool == 0)
                    err_at(l, loc, "%s: bad constant list", name);
            }
        }
        if (in->nx < nxmin || in->nx > nxmax)
            err_at(l, loc, "%s: %u scalar operands, expected %u to %u", name, in->nx, nxmin, nxmax);
        for (unsigned k = 0; k < in->nx && k < SC_MAX_X; k++)
            check_opnd(l, loc, &in->x[k], &nsregs, name);
        bool wants_fn = in->op == SC_VUN || in->op == SC_VBIN || in->op == SC_VRED;
        if (wants_fn) {
            unsigned ar = in->op == SC_VUN ? 1 : 2;
            if (in->fn == SC_FN_NONE || in->fn >= SC_NFNS || sc_fns[in->fn].arity != ar)
                err_at(l, loc, "%s: needs a %s function suffix (e.g. .%s)", name,
                       ar == 1 ? "one-operand" : "two-operand", ar == 1 ? "exp" : "add");
        } else if (in->fn != SC_FN_NONE) {
            err_at(l, loc, "%s takes no function", name);
        }
        bool vec = sc_op_vector(in->op);
        /* i1 only as a mask constant (vcmp and vsel take their operands' type) */
        if (in->dtype >= INTERP_NDTYPES || (vec && in->dtype == INTERP_INDEX) ||
            (in->dtype == INTERP_I1 && in->op != SC_VCONST))
            err_at(l, loc, "%s: bad element type", name);
        if (in->op == SC_LD && (in->dtype < INTERP_I8 || in->dtype > INTERP_INDEX))
            err_at(l, loc, "%s: needs an integer element type", name);
        if (in->op == SC_VCMP && in->nx == 1 &&
            (in->x[0].kind != SC_IMM || in->x[0].v < 0 ||
             in->x[0].v >= (in->dtype >= INTERP_F16 ? 16 : 10)))
            err_at(l, loc, "%s: the predicate must be a number of arith.cmp%c's", name,
                   in->dtype >= INTERP_F16 ? 'f' : 'i');
        if (in->flags & ~(SC_F_WAIT | SC_F_MASK | SC_F_SEND) ||
            ((in->flags & SC_F_WAIT) && in->op != SC_SIG) ||
            ((in->flags & SC_F_MASK) && in->op != SC_DMA) ||
            ((in->flags & SC_F_SEND) && sc_ops[in->op].cls != SC_CLASS_VECTOR))
            err_at(l, loc, "%s: bad flags", name);
        if ((in->flags & SC_F_SEND) &&
            (in->port >= p->nports || p->ports[in->port].kind != SC_PORT_OUT))
            err_at(l, loc, "%s.send: port #%u is not an out port", name, in->port);
        if (in->op == SC_FOR) {
            if (depth == 64)
                err_at(l, loc, "loops nested deeper than 64");
            else
                stack[depth++] = i;
            if (in->nx == 3 && in->x[2].kind == SC_IMM && in->x[2].v <= 0)
                err_at(l, loc, "for: the step must be positive");
        } else if (in->op == SC_END) {
            if (!depth) {
                err_at(l, loc, "end without for");
            } else {
                uint32_t f = stack[--depth];
                p->insns[f].match = i;
                in->match = f;
            }
        }
    }
    if (depth)
        err_at(l, &p->insns[stack[depth - 1]].loc, "program '%s': for without end", p->name);
    p->nsregs = nsregs;
    p->nvregs = nvregs;
}

static void link_unit(struct link *l, uint32_t ui)
{
    struct sc_binary *b = l->b;
    struct sc_unit *u = &b->units[ui];
    if (u->program >= b->nprogs) {
        err_at(l, NULL, "unit '%s': program #%u does not exist", u->name, u->program);
        return;
    }
    struct sc_program *p = &b->progs[u->program];
    if (u->nbind != p->nports) {
        err_at(l, NULL, "unit '%s': binds %u ports, program '%s' has %u", u->name, u->nbind,
               p->name, p->nports);
        return;
    }
    for (uint32_t k = 0; k < p->nports; k++) {
        const struct sc_port *pt = &p->ports[k];
        if (pt->kind == SC_PORT_MEM) {
            if (!u->bind_mem[k] || !u->bind_mem[k][0])
                err_at(l, NULL, "unit '%s': port '%s' needs a memory", u->name, pt->name);
            continue;
        }
        uint32_t c = u->bind_ch[k];
        if (u->bind_mem[k] || c >= b->nchans) {
            err_at(l, NULL, "unit '%s': port '%s' needs a channel", u->name, pt->name);
            continue;
        }
        const struct sc_chan *ch = &b->chans[c];
        bool sig = pt->kind == SC_PORT_SIGIN || pt->kind == SC_PORT_SIGOUT;
        bool out = pt->kind == SC_PORT_OUT || pt->kind == SC_PORT_SIGOUT;
        if (sig != (ch->kind == SC_CHAN_SIGNAL))
            err_at(l, NULL, "unit '%s': port '%s' is a %s port but channel '%s' is a %s",
                   u->name, pt->name, port_kind_name[pt->kind], ch->name,
                   ch->kind == SC_CHAN_SIGNAL ? "signal" : "fifo");
        const char *end = out ? ch->src : ch->dst;
        if (strcmp(end, u->name) != 0)
            err_at(l, NULL, "unit '%s': port '%s' %s channel '%s', whose %s is '%s'", u->name,
                   pt->name, out ? "sends on" : "receives from", ch->name,
                   out ? "source" : "destination", end);
    }
    for (uint32_t k = 0; k < u->ninit; k++) {
        check_opnd(l, NULL, &u->init[k].val, NULL, u->name);
        if (u->init[k].val.kind == SC_REG)
            err_at(l, NULL, "unit '%s': a register starts as a number or a symbol", u->name);
        if (u->init[k].reg >= SC_MAX_SREGS)
            err_at(l, NULL, "unit '%s': register r%u does not exist", u->name, u->init[k].reg);
    }
}

bool sc_link(struct sc_binary *b, struct ir_diag *diag)
{
    struct link l = {b, diag, true};
    for (uint32_t i = 0; i < b->nargs; i++) {
        const struct sc_arg *a = &b->args[i];
        if (a->kind > SC_ARG_SCALAR || a->dtype >= INTERP_NDTYPES || a->rank > INTERP_MAX_RANK)
            err_at(&l, NULL, "argument '%s': bad kind, type or rank", a->name);
        else if (a->kind == SC_ARG_TENSOR && (!a->space || !a->space[0]))
            err_at(&l, NULL, "argument '%s': a tensor needs a memory", a->name);
    }
    for (uint32_t s = 0; s < b->nsyms; s++) {
        const struct sc_sym *y = &b->syms[s];
        int depth = 0;
        for (uint32_t k = 0; k < y->n; k++) {
            const struct sc_sx *x = &y->code[k];
            bool leaf = x->op <= SC_SX_SYM;
            if (x->op > SC_SX_LAST)
                err_at(&l, NULL, "symbol '%s': bad operation %u", y->name, x->op);
            else if ((x->op == SC_SX_ADDR || x->op == SC_SX_DIM || x->op == SC_SX_VALUE) &&
                     ((x->op == SC_SX_DIM ? x->v >> 8 : x->v) < 0 ||
                      (uint64_t)(x->op == SC_SX_DIM ? x->v >> 8 : x->v) >= b->nargs))
                err_at(&l, NULL, "symbol '%s': argument #%lld does not exist", y->name,
                       (long long)x->v);
            else if (x->op == SC_SX_SYM && (x->v < 0 || (uint64_t)x->v >= s))
                err_at(&l, NULL, "symbol '%s': refers to a later symbol", y->name);
            else if (x->op == SC_SX_ADDR && b->args[x->v].kind != SC_ARG_TENSOR)
                err_at(&l, NULL, "symbol '%s': addr() of a scalar", y->name);
            else if (x->op == SC_SX_VALUE && b->args[x->v].kind != SC_ARG_SCALAR)
                err_at(&l, NULL, "symbol '%s': the value of a tensor", y->name);
            else if (x->op == SC_SX_DIM && (uint32_t)(x->v & 0xff) >= b->args[x->v >> 8].rank)
                err_at(&l, NULL, "symbol '%s': dim() beyond the rank", y->name);
            if (!leaf && depth < 2) {
                depth = 0;
                break;
            }
            depth += leaf ? 1 : -1;
        }
        if (depth != 1)
            err_at(&l, NULL, "symbol '%s': malformed expression", y->name);
    }
    for (uint32_t c = 0; c < b->nchans; c++)
        if (b->chans[c].kind > SC_CHAN_SIGNAL || !b->chans[c].src || !b->chans[c].dst ||
            (b->chans[c].credits && b->chans[c].kind != SC_CHAN_SIGNAL))
            err_at(&l, NULL, "channel '%s': bad kind, ends or credits", b->chans[c].name);
    for (uint32_t p = 0; p < b->nprogs; p++)
        link_program(&l, p);
    for (uint32_t u = 0; u < b->nunits; u++)
        link_unit(&l, u);
    /* each channel end is held by exactly one port of one unit (counted in
     * one pass over the bindings: [2c] receivers, [2c + 1] senders) */
    if (l.ok) {
        unsigned *ends = calloc(2 * (size_t)b->nchans + 1, sizeof *ends);
        if (!ends)
            abort();
        for (uint32_t u = 0; u < b->nunits; u++) {
            const struct sc_unit *x = &b->units[u];
            const struct sc_program *p = &b->progs[x->program];
            for (uint32_t k = 0; k < x->nbind; k++)
                if (x->bind_ch[k] < b->nchans)
                    ends[2 * (size_t)x->bind_ch[k] +
                         (p->ports[k].kind == SC_PORT_OUT || p->ports[k].kind == SC_PORT_SIGOUT)]++;
        }
        for (uint32_t c = 0; c < b->nchans && l.ok; c++)
            if (ends[2 * c] != 1 || ends[2 * c + 1] != 1)
                err_at(&l, NULL, "channel '%s' has %u senders and %u receivers, expected one each",
                       b->chans[c].name, ends[2 * c + 1], ends[2 * c]);
        free(ends);
    }
    for (uint32_t i = 0; i < b->nunits; i++)
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(b->units[i].name, b->units[j].name) == 0)
                err_at(&l, NULL, "unit '%s' is programmed twice", b->units[i].name);
    if (l.ok)
        sc_plan(b);
    return l.ok;
}

/* ---- the plan ------------------------------------------------------------ */

static void push_step(struct sc_step **arr, uint32_t *n, struct sc_step s)
{
    uint32_t i = grow(arr, n, sizeof **arr);
    (*arr)[i] = s;
}

void sc_plan(struct sc_binary *b)
{
    free(b->prepare);
    free(b->execute);
    b->prepare = b->execute = NULL;
    b->nprepare = b->nexecute = 0;
    for (uint32_t p = 0; p < b->nprogs; p++)
        push_step(&b->prepare, &b->nprepare,
                  (struct sc_step){SC_STEP_LOAD, p, SC_NONE, SC_NONE, SC_NONE, SC_NONE});
    for (uint32_t u = 0; u < b->nunits; u++)
        push_step(&b->prepare, &b->nprepare,
                  (struct sc_step){SC_STEP_BIND, u, SC_NONE, SC_NONE, SC_NONE, SC_NONE});
    for (uint32_t s = 0; s < b->nsyms; s++)
        push_step(&b->execute, &b->nexecute,
                  (struct sc_step){SC_STEP_EVAL, s, SC_NONE, SC_NONE, SC_NONE, SC_NONE});
    for (uint32_t p = 0; p < b->nprogs; p++)
        for (uint32_t i = 0; i < b->progs[p].ninsns; i++) {
            struct sc_opnd *sl[16];
            unsigned n = sc_insn_slots(&b->progs[p].insns[i], sl);
            for (unsigned k = 0; k < n; k++)
                if (sl[k]->kind == SC_SYM)
                    push_step(&b->execute, &b->nexecute,
                              (struct sc_step){SC_STEP_PATCH, (uint32_t)sl[k]->v, SC_NONE, i, p,
                                               k});
        }
    for (uint32_t u = 0; u < b->nunits; u++)
        for (uint32_t k = 0; k < b->units[u].ninit; k++)
            if (b->units[u].init[k].val.kind == SC_SYM)
                push_step(&b->execute, &b->nexecute,
                          (struct sc_step){SC_STEP_PATCH, (uint32_t)b->units[u].init[k].val.v, u,
                                           k, SC_NONE, SC_NONE});
    for (uint32_t u = 0; u < b->nunits; u++)
        push_step(&b->execute, &b->nexecute,
                  (struct sc_step){SC_STEP_START, u, SC_NONE, SC_NONE, SC_NONE, SC_NONE});
    push_step(&b->execute, &b->nexecute,
              (struct sc_step){SC_STEP_WAIT, SC_NONE, SC_NONE, SC_NONE, SC_NONE, SC_NONE});
}

/* ---- symbols ------------------------------------------------------------- */

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

bool sc_int_op(uint8_t op, int64_t a, int64_t b, int64_t *r)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case SC_SX_ADD: *r = (int64_t)(ua + ub); return true;
    case SC_SX_SUB: *r = (int64_t)(ua - ub); return true;
    case SC_SX_MUL: *r = (int64_t)(ua * ub); return true;
    case SC_SX_MIN: *r = a < b ? a : b; return true;
    case SC_SX_MAX: *r = a > b ? a : b; return true;
    case SC_SX_UMIN: *r = (int64_t)(ua < ub ? ua : ub); return true;
    case SC_SX_UMAX: *r = (int64_t)(ua > ub ? ua : ub); return true;
    default: break;
    }
    if (b == 0)
        return false;
    bool wraps = a == INT64_MIN && b == -1; /* the quotient, INT64_MIN; the remainder, 0 */
    switch (op) {
    case SC_SX_UDIV: *r = (int64_t)(ua / ub); return true;
    case SC_SX_UREM: *r = (int64_t)(ua % ub); return true;
    case SC_SX_DIV: *r = wraps ? INT64_MIN : floordiv(a, b); return true;
    case SC_SX_MOD: *r = wraps ? 0 : a - floordiv(a, b) * b; return true;
    case SC_SX_TDIV: *r = wraps ? INT64_MIN : a / b; return true;
    case SC_SX_TREM: *r = wraps ? 0 : a % b; return true;
    default: return false;
    }
}

static const uint8_t sx_insns[][2] = {
    {SC_SX_ADD, SC_ADD},   {SC_SX_SUB, SC_SUB},   {SC_SX_MUL, SC_MUL},   {SC_SX_DIV, SC_DIV},
    {SC_SX_MOD, SC_REM},   {SC_SX_MIN, SC_MIN},   {SC_SX_MAX, SC_MAX},   {SC_SX_TDIV, SC_TDIV},
    {SC_SX_TREM, SC_TREM}, {SC_SX_UDIV, SC_UDIV}, {SC_SX_UREM, SC_UREM}, {SC_SX_UMIN, SC_UMIN},
    {SC_SX_UMAX, SC_UMAX},
};

uint8_t sc_sx_insn(uint8_t op)
{
    for (size_t i = 0; i < sizeof sx_insns / sizeof *sx_insns; i++)
        if (sx_insns[i][0] == op)
            return sx_insns[i][1];
    return SC_NOP;
}

uint8_t sc_insn_sxop(uint8_t insn)
{
    for (size_t i = 0; i < sizeof sx_insns / sizeof *sx_insns; i++)
        if (sx_insns[i][1] == insn)
            return sx_insns[i][0];
    return SC_SX_CONST;
}

bool sc_sym_eval(const struct sc_binary *b, uint32_t s, const int64_t *arg_addr,
                 const int64_t *arg_val, const int64_t (*arg_shape)[INTERP_MAX_RANK],
                 const int64_t *vals, int64_t *out, char *err, size_t errlen)
{
    const struct sc_sym *y = &b->syms[s];
    int64_t st[64];
    uint32_t sp = 0;
    for (uint32_t k = 0; k < y->n; k++) {
        const struct sc_sx *x = &y->code[k];
        if (x->op <= SC_SX_SYM) {
            if (sp == 64) {
                snprintf(err, errlen, "symbol '%s': expression too deep", y->name);
                return false;
            }
            switch (x->op) {
            case SC_SX_CONST: st[sp++] = x->v; break;
            case SC_SX_ADDR: st[sp++] = arg_addr[x->v]; break;
            case SC_SX_VALUE: st[sp++] = arg_val[x->v]; break;
            case SC_SX_DIM: st[sp++] = arg_shape[x->v >> 8][x->v & 0xff]; break;
            default: st[sp++] = vals[x->v]; break;
            }
            continue;
        }
        int64_t r = st[--sp], l = st[sp - 1];
        if (!sc_int_op(x->op, l, r, &l)) {
            snprintf(err, errlen, "symbol '%s': division by zero", y->name);
            return false;
        }
        st[sp - 1] = l;
    }
    *out = st[0];
    return true;
}
