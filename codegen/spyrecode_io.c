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
#include "ktir/pbwire.h"

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
        p->credits = b->chans[i].credits;
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

/* The reader decodes the wire format of spyrecode.proto straight into a
 * struct sc_binary, with no intermediate message (as ktir/irfile.c does for
 * IR files). It reads what protoc-c's generated code reads, the same way:
 * fields in any order, repeated scalars packed or not, unknown fields
 * skipped, a scalar given twice keeps the last value, a message field given
 * twice is merged, a uint32 field keeps the low 32 bits of its varint, a
 * known field with another wire type is a broken encoding
 * (tests/sim/wire_test.c holds it to protoc-c's code). The checks on top are
 * the ones every message had: shapes here, meaning in sc_link. */

/* One field: its number, wire type and value (a varint, or the bytes of a
 * length-delimited field; fixed-size values are skipped). */
struct fld {
    uint32_t no, wt;
    uint64_t v;
    struct rd sub;
};

/* The next field of r into *f: 1, 0 at the end, -1 on a broken encoding. */
static inline int rd_next(struct rd *r, struct fld *f)
{
    if (r->p == r->end)
        return 0;
    uint64_t t;
    if (*r->p < 0x80) {
        t = *r->p++;
    } else if (!rd_varint(r, &t) || t >> 32) {
        return -1;
    }
    if ((t >> 3) == 0)
        return -1;
    f->no = (uint32_t)(t >> 3);
    f->wt = (uint32_t)(t & 7);
    switch (f->wt) {
    case WT_VARINT:
        return rd_varint(r, &f->v) ? 1 : -1;
    case WT_LEN:
        if (!rd_varint(r, &f->v) || f->v > (uint64_t)(r->end - r->p))
            return -1;
        f->sub = (struct rd){r->p, r->p + f->v};
        r->p += f->v;
        return 1;
    case WT_I64:
    case WT_I32: {
        size_t n = f->wt == WT_I64 ? 8 : 4;
        if ((size_t)(r->end - r->p) < n)
            return -1;
        r->p += n;
        return 1;
    }
    default: /* groups are not proto3 */
        return -1;
    }
}

static inline int64_t unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

/* A reading pass: the reason of the first failure, scratch C strings. */
struct dec {
    const char *why; /* NULL while all is well */
    uint32_t version; /* why is "version": the one read */
    char *str;       /* twice the payload: every string of one top-level entry */
    size_t nstr;
};

static bool fail(struct dec *d, const char *why)
{
    if (!d->why)
        d->why = why;
    return false;
}

#define BROKEN "bad encoding"

/* A field f of message kind `want` (a scalar: WT_VARINT; a repeated scalar:
 * WT_VARINT or packed, WT_LEN; a string or message: WT_LEN). */
static bool is(struct dec *d, const struct fld *f, uint32_t want)
{
    return f->wt == want || fail(d, BROKEN);
}

/* The string field f as a NUL-terminated scratch copy; an embedded NUL
 * ends it, as it ends protoc-c's char * fields. */
static const char *dstr(struct dec *d, const struct fld *f)
{
    size_t n = (size_t)(f->sub.end - f->sub.p);
    char *s = d->str + d->nstr;
    memcpy(s, f->sub.p, n);
    s[n] = 0;
    d->nstr += n + 1;
    return s;
}

/* A repeated scalar field's values (one, or a packed run) into fn(ctx, v). */
static bool each_varint(struct dec *d, const struct fld *f, void (*fn)(void *, uint64_t),
                        void *ctx)
{
    if (f->wt == WT_VARINT) {
        fn(ctx, f->v);
        return true;
    }
    if (f->wt != WT_LEN)
        return fail(d, BROKEN);
    struct rd r = f->sub;
    while (r.p < r.end) {
        uint64_t v;
        if (!rd_varint(&r, &v))
            return fail(d, BROKEN);
        fn(ctx, v);
    }
    return true;
}

/* Up to `cap` values kept, all counted. */
struct vals {
    uint64_t *a;
    size_t n, cap;
};

static void push_val(void *ctx, uint64_t v)
{
    struct vals *l = ctx;
    if (l->n < l->cap)
        l->a[l->n] = v;
    l->n++;
}

/* Every value kept, in a growing array. */
struct grow {
    uint64_t *a;
    size_t n, cap;
};

static void push_grow(void *ctx, uint64_t v)
{
    struct grow *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->a = realloc(l->a, l->cap * sizeof *l->a);
        if (!l->a)
            abort();
    }
    l->a[l->n++] = v;
}

/* A uint32 field keeps the low 32 bits of its varint. */
static void push_u32(void *ctx, uint64_t v) { push_val(ctx, (uint32_t)v); }

/* Operand, merged into *o (a message field given twice is merged). */
static bool opnd_dec(struct dec *d, struct rd r, uint32_t *kind, int64_t *v)
{
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0) {
        if (f.no == 1) {
            if (!is(d, &f, WT_VARINT))
                return false;
            *kind = (uint32_t)f.v;
        } else if (f.no == 2) {
            if (!is(d, &f, WT_VARINT))
                return false;
            *v = unzigzag(f.v);
        }
    }
    return k == 0 || fail(d, BROKEN);
}

/* An operand as read: present, kind, value. */
struct rawop {
    bool has;
    uint32_t kind;
    int64_t v;
};

static bool rawop_dec(struct dec *d, const struct fld *f, struct rawop *o)
{
    if (!is(d, f, WT_LEN))
        return false;
    if (!o->has)
        *o = (struct rawop){true, 0, 0};
    return opnd_dec(d, f->sub, &o->kind, &o->v);
}

static bool rawop_to(const struct rawop *o, struct sc_opnd *out)
{
    if (!o->has || o->kind > SC_SYM)
        return false;
    out->kind = (uint8_t)o->kind;
    out->v = o->v;
    return true;
}

/* Address into *a; its checks deferred into *why. */
static bool addr_dec(struct dec *d, struct rd r, struct sc_addr *a, const char **why)
{
    struct fld f;
    int k;
    uint32_t port = 0;
    uint64_t regs[SC_MAX_TERMS];
    struct vals rl = {regs, 0, SC_MAX_TERMS};
    struct rawop start = {0}, st[SC_MAX_TERMS] = {{0}};
    size_t nst = 0;
    bool badst = false;
    while ((k = rd_next(&r, &f)) > 0) {
        switch (f.no) {
        case 1:
            if (!is(d, &f, WT_VARINT))
                return false;
            port = (uint32_t)f.v;
            break;
        case 2:
            if (!rawop_dec(d, &f, &start))
                return false;
            break;
        case 3:
            if (!each_varint(d, &f, push_u32, &rl))
                return false;
            break;
        case 4: {
            struct rawop o = {0};
            if (!rawop_dec(d, &f, &o))
                return false;
            if (nst < SC_MAX_TERMS)
                st[nst] = o;
            nst++;
            break;
        }
        default:
            break;
        }
    }
    if (k < 0)
        return fail(d, BROKEN);
    if (port > UINT16_MAX || rl.n != nst || rl.n > SC_MAX_TERMS || !rawop_to(&start, &a->base)) {
        *why = "bad address";
        return true;
    }
    a->port = (uint16_t)port;
    a->nterms = (uint8_t)rl.n;
    for (unsigned t = 0; t < rl.n; t++) {
        badst |= regs[t] > 255 || !rawop_to(&st[t], &a->stride[t]);
        a->reg[t] = (uint8_t)regs[t];
    }
    if (badst)
        *why = "bad address term";
    return true;
}

/* Insn into *in: false with d->why on a failure. */
static bool insn_dec(struct dec *d, struct rd r, struct sc_insn *in)
{
    memset(in, 0, sizeof *in);
    uint32_t op = 0, dtype = 0, fn = 0, flags = 0, port = 0, pool = 0, npool = 0;
    uint32_t file = 0, line = 0, col = 0;
    uint64_t regs[4];
    struct vals rl = {regs, 0, 4};
    struct rawop x[SC_MAX_X];
    size_t nx = 0, na = 0;
    const char *addr_why[2] = {NULL, NULL};
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0) {
        uint32_t *u = NULL;
        switch (f.no) {
        case 1: u = &op; break;
        case 2: u = &dtype; break;
        case 3: u = &fn; break;
        case 4: u = &flags; break;
        case 6: u = &port; break;
        case 9: u = &pool; break;
        case 10: u = &npool; break;
        case 11: u = &file; break;
        case 12: u = &line; break;
        case 13: u = &col; break;
        case 5:
            if (!each_varint(d, &f, push_u32, &rl))
                return false;
            break;
        case 7: {
            struct rawop o = {0};
            if (!rawop_dec(d, &f, &o))
                return false;
            if (nx < SC_MAX_X)
                x[nx] = o;
            nx++;
            break;
        }
        case 8: {
            struct sc_addr extra;
            const char *why = NULL;
            if (!is(d, &f, WT_LEN) ||
                !addr_dec(d, f.sub, na < 2 ? &in->addr[na] : &extra, na < 2 ? &addr_why[na] : &why))
                return false;
            na++;
            break;
        }
        default:
            break;
        }
        if (u) {
            if (!is(d, &f, WT_VARINT))
                return false;
            *u = (uint32_t)f.v;
        }
    }
    if (k < 0)
        return fail(d, BROKEN);
    if (op >= SC_NOPCODES || dtype >= INTERP_NDTYPES || fn >= SC_NFNS || flags > 255)
        return fail(d, "bad opcode, type, function or flags");
    in->op = (uint8_t)op;
    in->dtype = (uint8_t)dtype;
    in->fn = (uint8_t)fn;
    in->flags = (uint8_t)flags;
    unsigned nr = 0, nm = 0;
    for (const char *s = sc_ops[in->op].sig; *s; s++) {
        nr += *s == 'r' || *s == 'v';
        nm += *s == 'm';
    }
    if (rl.n != nr || na != nm || nx > SC_MAX_X)
        return fail(d, "operand counts do not match the opcode");
    for (unsigned i = 0; i < nr; i++) {
        if (regs[i] > 255)
            return fail(d, "bad register");
        in->reg[i] = (uint8_t)regs[i];
    }
    if (port > UINT16_MAX)
        return fail(d, "bad port");
    in->port = (uint16_t)port;
    in->nx = (uint8_t)nx;
    for (unsigned i = 0; i < nx; i++)
        if (!rawop_to(&x[i], &in->x[i]))
            return fail(d, "bad operand");
    for (unsigned i = 0; i < na; i++)
        if (addr_why[i])
            return fail(d, addr_why[i]);
    in->pool = pool;
    in->npool = npool;
    in->loc = (struct sc_loc){file, line, col};
    return true;
}

/* The scalar fields 1..n of a message whose other fields are strings or
 * skipped: u[no] (uint32), strings into str[no] (scratch copies). */
struct flat {
    uint64_t u[8];
    const char *str[8];
};

/* Decodes a message made of uint32/sint32 scalars (kinds[no] 'u') and
 * strings ('s'); other fields are left to the caller's second pass. */
static bool flat_dec(struct dec *d, struct rd r, const char *kinds, struct flat *m)
{
    size_t nk = strlen(kinds);
    for (size_t i = 0; i < nk; i++) {
        m->u[i] = 0;
        m->str[i] = "";
    }
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0) {
        char c = f.no < nk ? kinds[f.no] : '-';
        if (c == 'u') {
            if (!is(d, &f, WT_VARINT))
                return false;
            m->u[f.no] = f.v;
        } else if (c == 's') {
            if (!is(d, &f, WT_LEN))
                return false;
            m->str[f.no] = dstr(d, &f);
        }
    }
    return k == 0 || fail(d, BROKEN);
}

/* The repeated message fields of a SpyreBinary, in order. */
struct rdlist {
    struct rd *a;
    size_t n, cap;
};

static void rdlist_push(struct rdlist *l, struct rd r)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->a = realloc(l->a, l->cap * sizeof *l->a);
        if (!l->a)
            abort();
    }
    l->a[l->n++] = r;
}

static bool arg_dec(struct dec *d, struct sc_binary *b, struct rd r)
{
    struct flat m;
    if (!flat_dec(d, r, "-suu s", &m))
        return false;
    uint64_t shape[INTERP_MAX_RANK];
    struct vals sl = {shape, 0, INTERP_MAX_RANK};
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0)
        if (f.no == 4 && !each_varint(d, &f, push_val, &sl))
            return false;
    if (k < 0)
        return fail(d, BROKEN);
    if (sl.n > INTERP_MAX_RANK || (uint32_t)m.u[2] > SC_ARG_SCALAR ||
        (uint32_t)m.u[3] >= INTERP_NDTYPES)
        return fail(d, "argument");
    int64_t sh[INTERP_MAX_RANK];
    for (size_t i = 0; i < sl.n; i++)
        sh[i] = unzigzag(shape[i]);
    sc_add_arg(b, m.str[1], (uint32_t)m.u[2], (uint32_t)m.u[3], (uint32_t)sl.n, sh,
               m.str[5][0] ? m.str[5] : NULL);
    return true;
}

static bool sym_dec(struct dec *d, struct sc_binary *b, struct rd r, struct grow *code)
{
    struct flat m;
    if (!flat_dec(d, r, "-s", &m))
        return false;
    code->n = 0;
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0) {
        if (f.no != 2)
            continue;
        if (!is(d, &f, WT_LEN))
            return false;
        uint32_t op = 0;
        int64_t v = 0;
        if (!opnd_dec(d, f.sub, &op, &v)) /* SymOp: op = 1 (uint32), v = 2 (sint64) */
            return false;
        push_grow(code, op > 255 ? 255 : op);
        push_grow(code, (uint64_t)v);
    }
    if (k < 0)
        return fail(d, BROKEN);
    size_t n = code->n / 2;
    if (n > 4096)
        return fail(d, "symbol expression too long");
    struct sc_sx *sx = malloc((n ? n : 1) * sizeof *sx);
    if (!sx)
        abort();
    for (size_t i = 0; i < n; i++)
        sx[i] = (struct sc_sx){(uint8_t)code->a[2 * i], (int64_t)code->a[2 * i + 1]};
    sc_add_sym(b, m.str[1], sx, (uint32_t)n);
    free(sx);
    return true;
}

static bool prog_dec(struct dec *d, struct sc_binary *b, struct rd r)
{
    struct flat m;
    if (!flat_dec(d, r, "-s", &m))
        return false;
    uint32_t pi = sc_add_program(b, m.str[1]);
    struct fld f;
    int k;
    struct rd r2 = r;
    while ((k = rd_next(&r, &f)) > 0) {
        if (f.no != 2)
            continue;
        struct flat q;
        if (!is(d, &f, WT_LEN) || !flat_dec(d, f.sub, "-su", &q))
            return false;
        if ((uint32_t)q.u[2] > SC_PORT_SIGOUT)
            return fail(d, "port kind");
        sc_add_port(b, pi, q.str[1], (uint32_t)q.u[2]);
    }
    if (k < 0)
        return fail(d, BROKEN);
    while ((k = rd_next(&r2, &f)) > 0) {
        if (f.no != 3)
            continue;
        struct sc_insn in;
        if (!is(d, &f, WT_LEN) || !insn_dec(d, f.sub, &in))
            return false;
        if (in.loc.file != SC_NONE && in.loc.file >= b->nfiles)
            return fail(d, "location file");
        sc_add_insn(b, pi, &in);
    }
    return k == 0 || fail(d, BROKEN);
}

static bool unit_dec(struct dec *d, struct sc_binary *b, struct rd r)
{
    struct flat m;
    if (!flat_dec(d, r, "-ssuuu", &m))
        return false;
    size_t nbind = 0;
    struct fld f;
    int k;
    struct rd r2 = r;
    while ((k = rd_next(&r, &f)) > 0)
        if (f.no == 6) {
            struct flat q;
            if (!is(d, &f, WT_LEN) || !flat_dec(d, f.sub, "-su", &q))
                return false;
            nbind++;
        }
    if (k < 0)
        return fail(d, BROKEN);
    uint32_t prog = (uint32_t)m.u[5];
    if (prog >= b->nprogs || nbind != b->progs[prog].nports)
        return fail(d, "unit program or bindings");
    /* sint32: zigzag over the low 32 bits */
    int32_t core = (int32_t)((uint32_t)m.u[3] >> 1) ^ -(int32_t)(m.u[3] & 1);
    int32_t corelet = (int32_t)((uint32_t)m.u[4] >> 1) ^ -(int32_t)(m.u[4] & 1);
    uint32_t ui = sc_add_unit(b, m.str[1], m.str[2], core, corelet, prog);
    uint32_t kb = 0;
    while ((k = rd_next(&r2, &f)) > 0) {
        if (f.no == 6) {
            struct flat q;
            if (!flat_dec(d, f.sub, "-su", &q))
                return false;
            if (q.str[1][0])
                sc_bind(b, ui, kb, q.str[1], SC_NONE);
            else
                sc_bind(b, ui, kb, NULL, (uint32_t)q.u[2]);
            kb++;
        } else if (f.no == 7) {
            if (!is(d, &f, WT_LEN))
                return false;
            struct rd s = f.sub;
            struct fld g;
            uint32_t reg = 0;
            struct rawop val = {0};
            int j;
            while ((j = rd_next(&s, &g)) > 0) {
                if (g.no == 1) {
                    if (!is(d, &g, WT_VARINT))
                        return false;
                    reg = (uint32_t)g.v;
                } else if (g.no == 2 && !rawop_dec(d, &g, &val)) {
                    return false;
                }
            }
            if (j < 0)
                return fail(d, BROKEN);
            struct sc_opnd v;
            if (reg > 255 || !rawop_to(&val, &v))
                return fail(d, "unit register");
            sc_add_init(b, ui, (uint8_t)reg, v);
        }
    }
    return k == 0 || fail(d, BROKEN);
}

/* The stored steps in l against the derived ones. */
static bool steps_dec(struct dec *d, const struct rdlist *l, const struct sc_step *s, uint32_t n,
                      bool *same)
{
    *same = l->n == n;
    for (size_t i = 0; i < l->n; i++) {
        struct flat q;
        if (!flat_dec(d, l->a[i], "-uuuuuu", &q))
            return false;
        if (*same && (s[i].kind != (uint32_t)q.u[1] || s[i].a != (uint32_t)q.u[2] ||
                      s[i].unit != (uint32_t)q.u[3] || s[i].insn != (uint32_t)q.u[4] ||
                      s[i].prog != (uint32_t)q.u[5] || s[i].slot != (uint32_t)q.u[6]))
            *same = false;
    }
    return true;
}

enum { F_ARGS = 7, F_SYMS, F_CHANS, F_PROGS, F_UNITS, F_FILES, F_POOL, F_PREP, F_EXEC, F_N };

/* The SpyreBinary in r into b: false with d->why. The job plan (prepare,
 * execute) is left in lists[F_PREP], lists[F_EXEC] for the caller. */
static bool binary_dec(struct dec *d, struct rd r, struct sc_binary *b, struct rdlist *lists,
                       struct grow *scratch)
{
    uint32_t version = 0;
    struct fld str[6] = {{0}};
    uint64_t grid[3];
    struct vals gl = {grid, 0, 3};
    scratch->n = 0;
    struct fld f;
    int k;
    while ((k = rd_next(&r, &f)) > 0) {
        switch (f.no) {
        case 1:
            if (!is(d, &f, WT_VARINT))
                return false;
            version = (uint32_t)f.v;
            break;
        case 2: case 3: case 4: case 5:
            if (!is(d, &f, WT_LEN))
                return false;
            str[f.no] = f;
            break;
        case 6:
            if (!each_varint(d, &f, push_val, &gl))
                return false;
            break;
        case F_POOL:
            if (!each_varint(d, &f, push_grow, scratch))
                return false;
            break;
        case F_ARGS: case F_SYMS: case F_CHANS: case F_PROGS: case F_UNITS: case F_FILES:
        case F_PREP: case F_EXEC:
            if (!is(d, &f, WT_LEN))
                return false;
            rdlist_push(&lists[f.no], f.sub);
            break;
        default:
            break;
        }
    }
    if (k < 0)
        return fail(d, BROKEN);
    if (version != SC_VERSION) {
        d->version = version;
        return fail(d, "version");
    }
    if (gl.n != 3)
        return fail(d, "grid");
    char **out[4] = {&b->kernel, &b->device, &b->device_text, &b->ktir};
    for (int i = 0; i < 4; i++) {
        size_t n = str[2 + i].no ? (size_t)(str[2 + i].sub.end - str[2 + i].sub.p) : 0;
        const uint8_t *z = n ? memchr(str[2 + i].sub.p, 0, n) : NULL;
        if (z)
            n = (size_t)(z - str[2 + i].sub.p);
        if (n) {
            char *x = malloc(n + 1);
            if (!x)
                abort();
            memcpy(x, str[2 + i].sub.p, n);
            x[n] = 0;
            *out[i] = x;
        }
    }
    for (int i = 0; i < 3; i++)
        b->grid[i] = (int64_t)grid[i];
    for (size_t i = 0; i < lists[F_FILES].n; i++) {
        d->nstr = 0;
        struct fld s = {.sub = lists[F_FILES].a[i]};
        if (sc_intern_file(b, dstr(d, &s)) != i)
            return fail(d, "duplicate file name");
    }
    for (size_t i = 0; i < scratch->n; i++)
        scratch->a[i] = (uint64_t)unzigzag(scratch->a[i]);
    sc_add_pool(b, (const int64_t *)scratch->a, (uint32_t)scratch->n);
    for (size_t i = 0; i < lists[F_ARGS].n; i++) {
        d->nstr = 0;
        if (!arg_dec(d, b, lists[F_ARGS].a[i]))
            return false;
    }
    for (size_t i = 0; i < lists[F_SYMS].n; i++) {
        d->nstr = 0;
        if (!sym_dec(d, b, lists[F_SYMS].a[i], scratch))
            return false;
    }
    for (size_t i = 0; i < lists[F_CHANS].n; i++) {
        struct flat m;
        d->nstr = 0;
        if (!flat_dec(d, lists[F_CHANS].a[i], "-sussu", &m))
            return false;
        if ((uint32_t)m.u[2] > SC_CHAN_SIGNAL)
            return fail(d, "channel kind");
        uint32_t c = sc_add_chan(b, m.str[1], (uint32_t)m.u[2], m.str[3], m.str[4]);
        b->chans[c].credits = (uint32_t)m.u[5];
    }
    for (size_t i = 0; i < lists[F_PROGS].n; i++) {
        d->nstr = 0;
        if (!prog_dec(d, b, lists[F_PROGS].a[i]))
            return false;
    }
    for (size_t i = 0; i < lists[F_UNITS].n; i++) {
        d->nstr = 0;
        if (!unit_dec(d, b, lists[F_UNITS].a[i]))
            return false;
    }
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
    struct dec d = {NULL, 0, malloc(2 * n + 16), 0};
    struct rdlist lists[F_N] = {{0}};
    struct grow scratch = {0};
    struct sc_binary *b = sc_binary_new();
    if (!d.str)
        abort();
    bool ok = binary_dec(&d, (struct rd){raw, raw + n}, b, lists, &scratch);
    if (ok) {
        /* the semantic checks report through a silent engine */
        struct ir_diag g;
        ir_diag_init(&g, NULL);
        ok = sc_link(b, &g);
        ir_diag_free(&g);
        if (!ok)
            fail(&d, "inconsistent programs");
    }
    bool same1 = false, same2 = false;
    if (ok && (!steps_dec(&d, &lists[F_PREP], b->prepare, b->nprepare, &same1) ||
               !steps_dec(&d, &lists[F_EXEC], b->execute, b->nexecute, &same2)))
        ok = false;
    if (ok && (!same1 || !same2))
        ok = fail(&d, "the job plan does not match the programs");
    if (!ok) {
        if (!strcmp(d.why, "version"))
            snprintf(err, errlen, "SpyreCode version %u, this reads version %d", d.version,
                     SC_VERSION);
        else
            snprintf(err, errlen, "malformed SpyreCode file: %s", d.why);
    }
    free(d.str);
    for (int i = 0; i < F_N; i++)
        free(lists[i].a);
    free(scratch.a);
    free(raw);
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
