/* spyrecode_io.c - SpyreCode files: a SpyreBinary message
 * (codegen/spyrecode.proto) in the IR-file container (ktir/irfile.h) with
 * stage "spyrecode". The reader trusts nothing: shapes of every message
 * are checked here, meaning by sc_link, and the stored job plan must be the
 * one sc_plan derives.
 */
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "codegen/spyrecode.pb-c.h"
#include "ktir/irfile.h"

/* Everything the writer allocates, freed in one go. */
struct pool {
    void **p;
    size_t n, cap;
};

static void *palloc(struct pool *pl, size_t n)
{
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? pl->cap * 2 : 256;
        pl->p = realloc(pl->p, pl->cap * sizeof *pl->p);
        if (!pl->p)
            abort();
    }
    void *x = calloc(1, n ? n : 1);
    if (!x)
        abort();
    return pl->p[pl->n++] = x;
}

static void pool_free(struct pool *pl)
{
    for (size_t i = 0; i < pl->n; i++)
        free(pl->p[i]);
    free(pl->p);
}

#define NEWV(pl, type, n) ((type *)palloc(pl, (n) * sizeof(type)))

static char *str_or_empty(const char *s) { return (char *)(s ? s : ""); }

static Spyrecode__Operand *opnd_to(struct pool *pl, const struct sc_opnd *o)
{
    Spyrecode__Operand *p = NEWV(pl, Spyrecode__Operand, 1);
    spyrecode__operand__init(p);
    p->kind = o->kind;
    p->v = o->v;
    return p;
}

static Spyrecode__Step **steps_to(struct pool *pl, const struct sc_step *s, uint32_t n)
{
    Spyrecode__Step **v = NEWV(pl, Spyrecode__Step *, n);
    for (uint32_t i = 0; i < n; i++) {
        Spyrecode__Step *p = v[i] = NEWV(pl, Spyrecode__Step, 1);
        spyrecode__step__init(p);
        p->kind = s[i].kind;
        p->a = s[i].a;
        p->unit = s[i].unit;
        p->insn = s[i].insn;
        p->prog = s[i].prog;
        p->slot = s[i].slot;
    }
    return v;
}

static Spyrecode__Insn *insn_to(struct pool *pl, const struct sc_insn *in)
{
    Spyrecode__Insn *p = NEWV(pl, Spyrecode__Insn, 1);
    spyrecode__insn__init(p);
    p->op = in->op;
    p->dtype = in->dtype;
    p->fn = in->fn;
    p->flags = in->flags;
    unsigned nr = 0, na = 0;
    for (const char *s = sc_ops[in->op].sig; *s; s++) {
        nr += *s == 'r' || *s == 'v';
        na += *s == 'm';
    }
    p->n_regs = nr;
    p->regs = NEWV(pl, uint32_t, nr);
    for (unsigned k = 0; k < nr; k++)
        p->regs[k] = in->reg[k];
    p->port = in->port;
    p->n_x = in->nx;
    p->x = NEWV(pl, Spyrecode__Operand *, in->nx);
    for (unsigned k = 0; k < in->nx; k++)
        p->x[k] = opnd_to(pl, &in->x[k]);
    p->n_addr = na;
    p->addr = NEWV(pl, Spyrecode__Address *, na);
    for (unsigned k = 0; k < na; k++) {
        const struct sc_addr *a = &in->addr[k];
        Spyrecode__Address *q = p->addr[k] = NEWV(pl, Spyrecode__Address, 1);
        spyrecode__address__init(q);
        q->port = a->port;
        q->start = opnd_to(pl, &a->base);
        q->n_regs = q->n_strides = a->nterms;
        q->regs = NEWV(pl, uint32_t, a->nterms);
        q->strides = NEWV(pl, Spyrecode__Operand *, a->nterms);
        for (unsigned t = 0; t < a->nterms; t++) {
            q->regs[t] = a->reg[t];
            q->strides[t] = opnd_to(pl, &a->stride[t]);
        }
    }
    p->pool = in->pool;
    p->npool = in->npool;
    p->file = in->loc.file;
    p->line = in->loc.line;
    p->col = in->loc.col;
    return p;
}

int sc_write_mem(const struct sc_binary *b, const char *tool, unsigned char **out, size_t *len,
                 char *err, size_t errlen)
{
    struct pool pl = {0};
    Spyrecode__SpyreBinary m = SPYRECODE__SPYRE_BINARY__INIT;
    m.version = SC_VERSION;
    m.kernel = str_or_empty(b->kernel);
    m.device = str_or_empty(b->device);
    m.device_text = str_or_empty(b->device_text);
    m.ktir = str_or_empty(b->ktir);
    m.n_grid = 3;
    m.grid = (int64_t *)b->grid;
    m.n_args = b->nargs;
    m.args = NEWV(&pl, Spyrecode__Arg *, b->nargs);
    for (uint32_t i = 0; i < b->nargs; i++) {
        const struct sc_arg *a = &b->args[i];
        Spyrecode__Arg *p = m.args[i] = NEWV(&pl, Spyrecode__Arg, 1);
        spyrecode__arg__init(p);
        p->name = a->name;
        p->kind = a->kind;
        p->dtype = a->dtype;
        p->n_shape = a->rank;
        p->shape = (int64_t *)a->shape;
        p->space = str_or_empty(a->space);
    }
    m.n_syms = b->nsyms;
    m.syms = NEWV(&pl, Spyrecode__Symbol *, b->nsyms);
    for (uint32_t i = 0; i < b->nsyms; i++) {
        const struct sc_sym *y = &b->syms[i];
        Spyrecode__Symbol *p = m.syms[i] = NEWV(&pl, Spyrecode__Symbol, 1);
        spyrecode__symbol__init(p);
        p->name = y->name;
        p->n_code = y->n;
        p->code = NEWV(&pl, Spyrecode__SymOp *, y->n);
        for (uint32_t k = 0; k < y->n; k++) {
            Spyrecode__SymOp *q = p->code[k] = NEWV(&pl, Spyrecode__SymOp, 1);
            spyrecode__sym_op__init(q);
            q->op = y->code[k].op;
            q->v = y->code[k].v;
        }
    }
    m.n_chans = b->nchans;
    m.chans = NEWV(&pl, Spyrecode__Channel *, b->nchans);
    for (uint32_t i = 0; i < b->nchans; i++) {
        Spyrecode__Channel *p = m.chans[i] = NEWV(&pl, Spyrecode__Channel, 1);
        spyrecode__channel__init(p);
        p->name = b->chans[i].name;
        p->kind = b->chans[i].kind;
        p->src = b->chans[i].src;
        p->dst = b->chans[i].dst;
    }
    m.n_programs = b->nprogs;
    m.programs = NEWV(&pl, Spyrecode__Program *, b->nprogs);
    for (uint32_t i = 0; i < b->nprogs; i++) {
        const struct sc_program *g = &b->progs[i];
        Spyrecode__Program *p = m.programs[i] = NEWV(&pl, Spyrecode__Program, 1);
        spyrecode__program__init(p);
        p->name = g->name;
        p->n_ports = g->nports;
        p->ports = NEWV(&pl, Spyrecode__Port *, g->nports);
        for (uint32_t k = 0; k < g->nports; k++) {
            Spyrecode__Port *q = p->ports[k] = NEWV(&pl, Spyrecode__Port, 1);
            spyrecode__port__init(q);
            q->name = g->ports[k].name;
            q->kind = g->ports[k].kind;
        }
        p->n_insns = g->ninsns;
        p->insns = NEWV(&pl, Spyrecode__Insn *, g->ninsns);
        for (uint32_t k = 0; k < g->ninsns; k++)
            p->insns[k] = insn_to(&pl, &g->insns[k]);
    }
    m.n_units = b->nunits;
    m.units = NEWV(&pl, Spyrecode__Unit *, b->nunits);
    for (uint32_t i = 0; i < b->nunits; i++) {
        const struct sc_unit *u = &b->units[i];
        Spyrecode__Unit *p = m.units[i] = NEWV(&pl, Spyrecode__Unit, 1);
        spyrecode__unit__init(p);
        p->name = u->name;
        p->kind = u->kind;
        p->core = u->core;
        p->corelet = u->corelet;
        p->program = u->program;
        p->n_bind = u->nbind;
        p->bind = NEWV(&pl, Spyrecode__Binding *, u->nbind);
        for (uint32_t k = 0; k < u->nbind; k++) {
            Spyrecode__Binding *q = p->bind[k] = NEWV(&pl, Spyrecode__Binding, 1);
            spyrecode__binding__init(q);
            q->memory = str_or_empty(u->bind_mem[k]);
            q->channel = u->bind_ch[k];
        }
        p->n_init = u->ninit;
        p->init = NEWV(&pl, Spyrecode__Init *, u->ninit);
        for (uint32_t k = 0; k < u->ninit; k++) {
            Spyrecode__Init *q = p->init[k] = NEWV(&pl, Spyrecode__Init, 1);
            spyrecode__init__init(q);
            q->reg = u->init[k].reg;
            q->val = opnd_to(&pl, &u->init[k].val);
        }
    }
    m.n_files = b->nfiles;
    m.files = b->files;
    m.n_pool = b->npool;
    m.pool = b->pool;
    m.n_prepare = b->nprepare;
    m.prepare = steps_to(&pl, b->prepare, b->nprepare);
    m.n_execute = b->nexecute;
    m.execute = steps_to(&pl, b->execute, b->nexecute);

    size_t n = spyrecode__spyre_binary__get_packed_size(&m);
    uint8_t *raw = malloc(n ? n : 1);
    if (!raw)
        abort();
    spyrecode__spyre_binary__pack(&m, raw);
    pool_free(&pl);
    int rc = ir_file_wrap(raw, n, SC_STAGE, tool, out, len, err, errlen);
    free(raw);
    return rc;
}

int sc_write(const char *path, const struct sc_binary *b, const char *tool, char *err,
             size_t errlen)
{
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = sc_write_mem(b, tool, &buf, &len, err, errlen);
    if (!rc)
        rc = ir_file_put_bytes(path, buf, len, err, errlen);
    free(buf);
    return rc;
}

/* ---- reading -------------------------------------------------------------- */

static bool bad(char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "malformed SpyreCode file: %s", what);
    return false;
}

static bool opnd_from(const Spyrecode__Operand *p, struct sc_opnd *o)
{
    if (!p || p->kind > SC_SYM)
        return false;
    o->kind = (uint8_t)p->kind;
    o->v = p->v;
    return true;
}

static bool insn_from(const Spyrecode__Insn *p, struct sc_insn *in, char *err, size_t errlen)
{
    memset(in, 0, sizeof *in);
    if (p->op >= SC_NOPCODES || p->dtype >= INTERP_NDTYPES || p->fn >= SC_NFNS || p->flags > 255)
        return bad(err, errlen, "bad opcode, type, function or flags");
    in->op = (uint8_t)p->op;
    in->dtype = (uint8_t)p->dtype;
    in->fn = (uint8_t)p->fn;
    in->flags = (uint8_t)p->flags;
    unsigned nr = 0, na = 0;
    for (const char *s = sc_ops[in->op].sig; *s; s++) {
        nr += *s == 'r' || *s == 'v';
        na += *s == 'm';
    }
    if (p->n_regs != nr || p->n_addr != na || p->n_x > SC_MAX_X)
        return bad(err, errlen, "operand counts do not match the opcode");
    for (unsigned k = 0; k < nr; k++) {
        if (p->regs[k] > 255)
            return bad(err, errlen, "bad register");
        in->reg[k] = (uint8_t)p->regs[k];
    }
    if (p->port > UINT16_MAX)
        return bad(err, errlen, "bad port");
    in->port = (uint16_t)p->port;
    in->nx = (uint8_t)p->n_x;
    for (unsigned k = 0; k < p->n_x; k++)
        if (!opnd_from(p->x[k], &in->x[k]))
            return bad(err, errlen, "bad operand");
    for (unsigned k = 0; k < na; k++) {
        const Spyrecode__Address *q = p->addr[k];
        struct sc_addr *a = &in->addr[k];
        if (q->port > UINT16_MAX || q->n_regs != q->n_strides || q->n_regs > SC_MAX_TERMS ||
            !opnd_from(q->start, &a->base))
            return bad(err, errlen, "bad address");
        a->port = (uint16_t)q->port;
        a->nterms = (uint8_t)q->n_regs;
        for (unsigned t = 0; t < q->n_regs; t++) {
            if (q->regs[t] > 255 || !opnd_from(q->strides[t], &a->stride[t]))
                return bad(err, errlen, "bad address term");
            a->reg[t] = (uint8_t)q->regs[t];
        }
    }
    in->pool = p->pool;
    in->npool = p->npool;
    in->loc = (struct sc_loc){p->file, p->line, p->col};
    return true;
}

static bool from_pb(const Spyrecode__SpyreBinary *m, struct sc_binary *b, char *err,
                    size_t errlen)
{
    if (m->version != SC_VERSION) {
        snprintf(err, errlen, "SpyreCode version %u, this reads version %d", m->version,
                 SC_VERSION);
        return false;
    }
    if (m->n_grid != 3)
        return bad(err, errlen, "grid");
    b->kernel = m->kernel[0] ? strdup(m->kernel) : NULL;
    b->device = m->device[0] ? strdup(m->device) : NULL;
    b->device_text = m->device_text[0] ? strdup(m->device_text) : NULL;
    b->ktir = m->ktir[0] ? strdup(m->ktir) : NULL;
    memcpy(b->grid, m->grid, sizeof b->grid);
    for (size_t i = 0; i < m->n_files; i++)
        if (sc_intern_file(b, m->files[i]) != i)
            return bad(err, errlen, "duplicate file name");
    sc_add_pool(b, m->pool, (uint32_t)m->n_pool);
    for (size_t i = 0; i < m->n_args; i++) {
        const Spyrecode__Arg *a = m->args[i];
        if (a->n_shape > INTERP_MAX_RANK || a->kind > SC_ARG_SCALAR ||
            a->dtype >= INTERP_NDTYPES)
            return bad(err, errlen, "argument");
        sc_add_arg(b, a->name, a->kind, a->dtype, (uint32_t)a->n_shape, a->shape,
                   a->space[0] ? a->space : NULL);
    }
    for (size_t i = 0; i < m->n_syms; i++) {
        const Spyrecode__Symbol *y = m->syms[i];
        if (y->n_code > 4096)
            return bad(err, errlen, "symbol expression too long");
        struct sc_sx *code = calloc(y->n_code ? y->n_code : 1, sizeof *code);
        for (size_t k = 0; k < y->n_code; k++)
            code[k] = (struct sc_sx){(uint8_t)(y->code[k]->op > 255 ? 255 : y->code[k]->op),
                                     y->code[k]->v};
        sc_add_sym(b, y->name, code, (uint32_t)y->n_code);
        free(code);
    }
    for (size_t i = 0; i < m->n_chans; i++) {
        const Spyrecode__Channel *c = m->chans[i];
        if (c->kind > SC_CHAN_SIGNAL)
            return bad(err, errlen, "channel kind");
        sc_add_chan(b, c->name, c->kind, c->src, c->dst);
    }
    for (size_t i = 0; i < m->n_programs; i++) {
        const Spyrecode__Program *p = m->programs[i];
        uint32_t pi = sc_add_program(b, p->name);
        for (size_t k = 0; k < p->n_ports; k++) {
            if (p->ports[k]->kind > SC_PORT_SIGOUT)
                return bad(err, errlen, "port kind");
            sc_add_port(b, pi, p->ports[k]->name, p->ports[k]->kind);
        }
        for (size_t k = 0; k < p->n_insns; k++) {
            struct sc_insn in;
            if (!insn_from(p->insns[k], &in, err, errlen))
                return false;
            if (in.loc.file != SC_NONE && in.loc.file >= b->nfiles)
                return bad(err, errlen, "location file");
            sc_add_insn(b, pi, &in);
        }
    }
    for (size_t i = 0; i < m->n_units; i++) {
        const Spyrecode__Unit *u = m->units[i];
        if (u->program >= b->nprogs || u->n_bind != b->progs[u->program].nports)
            return bad(err, errlen, "unit program or bindings");
        uint32_t ui = sc_add_unit(b, u->name, u->kind, u->core, u->corelet, u->program);
        for (size_t k = 0; k < u->n_bind; k++) {
            const Spyrecode__Binding *q = u->bind[k];
            if (q->memory[0])
                sc_bind(b, ui, (uint32_t)k, q->memory, SC_NONE);
            else
                sc_bind(b, ui, (uint32_t)k, NULL, q->channel);
        }
        for (size_t k = 0; k < u->n_init; k++) {
            struct sc_opnd v;
            if (u->init[k]->reg > 255 || !opnd_from(u->init[k]->val, &v))
                return bad(err, errlen, "unit register");
            sc_add_init(b, ui, (uint8_t)u->init[k]->reg, v);
        }
    }
    return true;
}

static bool same_steps(const struct sc_step *s, uint32_t n, Spyrecode__Step **p, size_t np)
{
    if (n != np)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (s[i].kind != p[i]->kind || s[i].a != p[i]->a || s[i].unit != p[i]->unit ||
            s[i].insn != p[i]->insn || s[i].prog != p[i]->prog || s[i].slot != p[i]->slot)
            return false;
    return true;
}

int sc_read_mem(const void *buf, size_t len, struct sc_binary **out, char *err, size_t errlen)
{
    *out = NULL;
    unsigned char *raw = NULL;
    size_t n = 0;
    int rc = ir_file_unwrap(buf, len, SC_STAGE, &raw, &n, NULL, 0, err, errlen);
    if (rc)
        return rc;
    Spyrecode__SpyreBinary *m = spyrecode__spyre_binary__unpack(NULL, n, raw);
    free(raw);
    if (!m) {
        snprintf(err, errlen, "malformed SpyreCode file: bad encoding");
        return 1;
    }
    struct sc_binary *b = sc_binary_new();
    bool ok = from_pb(m, b, err, errlen);
    if (ok) {
        /* the semantic checks report through a silent engine */
        struct ir_diag d;
        ir_diag_init(&d, NULL);
        ok = sc_link(b, &d);
        ir_diag_free(&d);
        if (!ok)
            snprintf(err, errlen, "malformed SpyreCode file: inconsistent programs");
    }
    if (ok && (!same_steps(b->prepare, b->nprepare, m->prepare, m->n_prepare) ||
               !same_steps(b->execute, b->nexecute, m->execute, m->n_execute))) {
        snprintf(err, errlen, "malformed SpyreCode file: the job plan does not match the programs");
        ok = false;
    }
    spyrecode__spyre_binary__free_unpacked(m, NULL);
    if (!ok) {
        sc_binary_free(b);
        return 1;
    }
    *out = b;
    return 0;
}

int sc_read(const char *path, struct sc_binary **out, char *err, size_t errlen)
{
    *out = NULL;
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = ir_file_get_bytes(path, &buf, &len, err, errlen);
    if (rc)
        return rc;
    rc = sc_read_mem(buf, len, out, err, errlen);
    free(buf);
    return rc;
}
