/* codegen.c - ktc-codegen's driver (codegen.h): the kernel of a DataflowIR
 * module, its arguments and symbols, units folded onto the device's cores,
 * channels and ports, and the SpyreCode binary put together, linked and
 * checked against the device. Program bodies: codegen_prog.c.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/codegen_int.h"
#include "ktir/asm.h"
#include "ktir/ops.h"

/* ---- small helpers ------------------------------------------------------------- */

bool cg_error(struct cg *g, ir_op op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    struct ir_loc loc = ir_op_get(g->m, op ? op : g->kernel)->loc;
    ir_diag_vreport(g->diag, IR_SEV_ERROR, loc.file ? ir_str_get(g->m, loc.file) : "<input>",
                    loc.line, loc.col, fmt, ap);
    va_end(ap);
    g->failed = true;
    return false;
}

void *cg_grow(void *arr, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return arr;
    uint32_t c = *cap ? *cap : 8;
    while (c < need)
        c *= 2;
    arr = realloc(arr, c * size);
    if (!arr)
        abort();
    *cap = c;
    return arr;
}

struct sc_loc cg_loc(struct cg *g, ir_op op)
{
    struct ir_loc l = ir_op_get(g->m, op)->loc;
    if (!l.file)
        return (struct sc_loc){SC_NONE, 0, 0};
    return (struct sc_loc){sc_intern_file(g->b, ir_str_get(g->m, l.file)), l.line, l.col};
}

int cg_dtype(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    switch (ti->kind) {
    case IR_TY_INDEX:
        return INTERP_INDEX;
    case IR_TY_INT:
        return ti->width == 1    ? INTERP_I1
               : ti->width == 8  ? INTERP_I8
               : ti->width == 16 ? INTERP_I16
               : ti->width == 32 ? INTERP_I32
               : ti->width == 64 ? INTERP_I64
                                 : -1;
    case IR_TY_FLOAT:
        switch (ti->fkind) {
        case IR_F16:
            return INTERP_F16;
        case IR_BF16:
            return INTERP_BF16;
        case IR_DF16:
            return INTERP_DF16;
        case IR_F32:
            return INTERP_F32;
        case IR_F64:
            return INTERP_F64;
        }
        return -1;
    default:
        return -1;
    }
}

static const char *str_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && (ai->kind == IR_AT_STRING || ai->kind == IR_AT_SYMREF) ? ir_str_get(m, ai->s)
                                                                        : NULL;
}

static int64_t int_attr(const struct ir_module *m, ir_op op, const char *name, int64_t dflt)
{
    ir_attr a = ir_op_attr(m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_INT ? ai->i : dflt;
}

/* ---- units -------------------------------------------------------------------- */

/* The kind of the device named k, also in another case ("mnilu"). */
static const char *device_kind(const struct arch_device *d, const char *k)
{
    if (!k)
        return NULL;
    for (uint32_t i = 0; i < d->nkinds; i++) {
        const char *a = d->kinds[i].name, *b = k;
        while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return d->kinds[i].name;
    }
    return NULL;
}

uint32_t cg_unit_of(struct cg *g, ir_op op)
{
    if (g->unit_at[op])
        return g->unit_at[op] - 1;
    const struct arch_device *d = g->dev;
    const char *name = str_attr(g->m, op, "name");
    const char *kind = device_kind(d, str_attr(g->m, op, "type"));
    int32_t core = (int32_t)int_attr(g->m, op, "core", -1);
    int32_t corelet = (int32_t)int_attr(g->m, op, "corelet", -1);
    uint32_t r = name ? arch_res_find(d, name) : ARCH_NONE;
    if (r != ARCH_NONE &&
        ((core >= 0 && d->res[r].core != core) || (kind && strcmp(d->res[r].kind, kind) != 0)))
        r = ARCH_NONE;
    if (r == ARCH_NONE && kind) {
        /* a core beyond the device's: its tiles run on core (core mod C) */
        int32_t c = core >= 0 && d->ncores ? core % (int32_t)d->ncores : core;
        r = arch_res_at(d, kind, c, corelet);
    }
    if (r == ARCH_NONE) {
        cg_error(g, op, "unit '%s' names no unit or memory of device @%s", name ? name : "?",
                 d->name);
        return SC_NONE;
    }
    g->units = cg_grow(g->units, &g->capunits, g->nunits + 1, sizeof *g->units);
    g->units[g->nunits] =
        (struct cg_unit){op, name ? name : d->res[r].name, d->res[r].kind, core, corelet,
                         r,  d->res[r].node == ARCH_MEMORY};
    g->unit_at[op] = g->nunits + 1;
    return g->nunits++;
}

/* ---- symbols and arguments -------------------------------------------------- */

uint32_t cg_sym_new(struct cg *g, uint8_t op, const struct cg_lin *a, const struct cg_lin *b)
{
    static const struct cg_lin zero;
    if (!b)
        b = &zero;
    for (uint32_t i = 0; i < g->nsyms; i++)
        if (g->syms[i].op == op && cg_lin_eq(&g->syms[i].a, a) && cg_lin_eq(&g->syms[i].b, b))
            return i;
    g->syms = cg_grow(g->syms, &g->capsyms, g->nsyms + 1, sizeof *g->syms);
    g->syms[g->nsyms] = (struct cg_sym){op, *a, *b};
    return g->nsyms++;
}

void cg_note_view(struct cg *g, const struct cg_lin *start, ir_type elem, uint32_t rank,
                  uint32_t mem)
{
    if (g->typed_by_ktir || g->dev->res[mem].level != ARCH_LEVEL_DEVICE)
        return;
    int dt = cg_dtype(g->m, elem);
    for (uint32_t i = 0; i < start->n; i++) {
        const struct cg_term *t = &start->t[i];
        if (t->kind != CA_ARG || t->k != 1 || g->arg_dtype[t->id] >= 0)
            continue;
        g->arg_dtype[t->id] = dt;
        g->arg_rank[t->id] = rank;
        g->arg_space[t->id] = g->dev->res[mem].kind;
        for (uint32_t k = 0; k < rank && k < INTERP_MAX_RANK; k++)
            g->arg_shape[t->id][k] = -1;
    }
}

/* Tensor arguments from the KTIR source: an index argument that is the
 * base of a ktdp.construct_memory_view. */
struct view_find {
    ir_value arg;
    ir_op view;
    bool offset; /* the view starts at an offset from the argument: shape unknown */
};

/* Whether base is arg plus index offsets (`arith.addi` chains: a tile's
 * part of the tensor, as in `in_ptr + tile_id * 128`). */
static bool offset_of_arg(const struct ir_module *m, ir_value base, ir_value arg, int depth)
{
    ir_op d = ir_value_def(m, base);
    if (!d || depth > 8 || ir_op_get(m, d)->kind != IR_OP_ARITH_ADDI)
        return false;
    const struct ir_op_info *o = ir_op_get(m, d);
    for (uint32_t i = 0; i < 2; i++)
        if (o->opnd[i] == arg || offset_of_arg(m, o->opnd[i], arg, depth + 1))
            return true;
    return false;
}

static bool find_view(struct ir_module *m, ir_op op, void *ctx)
{
    struct view_find *vf = ctx;
    const struct ir_op_info *oi = ir_op_get(m, op);
    if (oi->kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW && oi->nopnd &&
        (oi->opnd[0] == vf->arg || offset_of_arg(m, oi->opnd[0], vf->arg, 0))) {
        vf->view = op;
        vf->offset = oi->opnd[0] != vf->arg;
        return !vf->offset ? false : true; /* a view at the argument itself is better */
    }
    return true;
}

/* Whether partition view pv of a distributed view of type dt is the part
 * of one row-major matrix of that type at base: strides row-major for dt's
 * shape, offset base + (its set's origin) . strides. */
static bool part_of_matrix(const struct ir_module *m, ir_op pv, const struct ir_type_info *dt,
                           ir_value base)
{
    const struct ir_op_info *o = ir_op_get(m, pv);
    ir_attr sa = ir_op_attr(m, pv, "static_strides"), ca = ir_op_attr(m, pv, "coordinate_set");
    const struct ir_attr_info *st = sa ? ir_attr_get(m, sa) : NULL;
    const struct ir_attr_info *cs = ca ? ir_attr_get(m, ca) : NULL;
    int64_t lo[INTERP_MAX_RANK], hi[INTERP_MAX_RANK], want = 0, s = 1, k0 = 0;
    if (o->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW || o->nopnd != 1 || !st ||
        st->kind != IR_AT_DENSE_ARRAY || st->n != dt->rank || dt->rank > INTERP_MAX_RANK || !cs ||
        cs->kind != IR_AT_INTEGER_SET || ir_set_get(m, cs->map)->nsyms ||
        !ir_set_box(m, cs->map, NULL, lo, hi))
        return false;
    for (int64_t k = (int64_t)dt->rank - 1; k >= 0; k--) {
        if (dt->shape[k] == IR_DYN || st->ints[k] != s || lo[k] == INT64_MIN)
            return false;
        want += lo[k] * s;
        s *= dt->shape[k];
    }
    ir_value off = o->opnd[0];
    ir_op d = ir_value_def(m, off);
    if (off != base && d && ir_op_get(m, d)->kind == IR_OP_ARITH_ADDI &&
        ir_op_get(m, d)->opnd[0] == base) {
        ir_op c = ir_value_def(m, ir_op_get(m, d)->opnd[1]);
        ir_attr v = c && ir_op_get(m, c)->kind == IR_OP_ARITH_CONSTANT ? ir_op_attr(m, c, "value")
                                                                     : IR_NONE;
        if (!v || ir_attr_get(m, v)->kind != IR_AT_INT)
            return false;
        k0 = ir_attr_get(m, v)->i;
        off = base;
    }
    return off == base && k0 == want;
}

/* A view that is a partition of a distributed view (ref §6.5) types its
 * argument by the whole distributed view when every partition is a part of
 * one row-major matrix of that view's type at the argument, else with an
 * unknown shape (*t unchanged, unknown set). */
struct part_find {
    ir_value view;
    const struct ir_type_info **t;
    bool unknown;
};

static bool find_part(struct ir_module *m, ir_op op, void *ctx)
{
    struct part_find *pf = ctx;
    const struct ir_op_info *oi = ir_op_get(m, op);
    if (oi->kind != IR_OP_KTDP_CONSTRUCT_DISTRIBUTED_MEMORY_VIEW)
        return true;
    for (uint32_t i = 0; i < oi->nopnd; i++)
        if (oi->opnd[i] == pf->view) {
            const struct ir_type_info *dt = ir_type_get(m, ir_value_type(m, oi->res));
            ir_value base = ir_op_get(m, ir_value_def(m, pf->view))->opnd[0];
            bool whole = true;
            for (uint32_t j = 0; whole && j < oi->nopnd; j++)
                whole = ir_value_def(m, oi->opnd[j]) &&
                        part_of_matrix(m, ir_value_def(m, oi->opnd[j]), dt, base);
            if (whole)
                *pf->t = dt;
            pf->unknown = !whole;
            return false;
        }
    return true;
}

/* The elements a view of type t (static sizes and strides, none
 * negative) spans from its offset, when more than its shape holds (padded
 * rows, a column-major view of padded columns): its argument is then a
 * flat tensor of that many. 0 otherwise. */
static int64_t view_span(const struct ir_module *m, ir_op view, const struct ir_type_info *t)
{
    ir_attr sa = ir_op_attr(m, view, "static_strides");
    const struct ir_attr_info *st = sa ? ir_attr_get(m, sa) : NULL;
    int64_t lo, hi, n = 1;
    if (!st || st->kind != IR_AT_DENSE_ARRAY || st->n != t->rank ||
        !ir_strided_extent(t->shape, st->ints, t->rank, &lo, &hi) || lo < 0)
        return 0;
    for (uint32_t d = 0; d < t->rank; d++)
        n *= t->shape[d];
    return hi + 1 > n ? hi + 1 : 0;
}

static void type_args_from_ktir(struct cg *g)
{
    const struct cg_options *o = g->opt;
    struct ir_diag quiet;
    ir_diag_init(&quiet, NULL);
    struct ir_module *k = ir_parse(o->ktir_file ? o->ktir_file : "<ktir>", o->ktir_text,
                                   o->ktir_len, 0, o->ktir_len, &quiet);
    ir_diag_free(&quiet);
    const char *kname = str_attr(g->m, g->kernel, "sym_name");
    ir_op f = IR_NONE;
    if (k && kname)
        IR_FOR_OPS(k, ir_module_body(k), op)
        {
            const char *n =
                ir_op_get(k, op)->kind == IR_OP_FUNC_FUNC ? str_attr(k, op, "sym_name") : NULL;
            if (n && strcmp(n, kname) == 0 && ir_op_get(k, op)->nreg)
                f = op;
        }
    if (!f) {
        ir_module_free(k);
        return;
    }
    g->typed_by_ktir = true;
    const struct ir_block_info *bi = ir_block_get(k, ir_region_entry(k, ir_op_get(k, f)->regs[0]));
    for (uint32_t a = 0; a < bi->nargs && a < g->nargs; a++) {
        struct view_find vf = {bi->args[a], IR_NONE, false};
        if (ir_value_type(k, vf.arg) != k->t_index)
            continue;
        ir_walk(k, f, find_view, &vf);
        if (!vf.view)
            continue;
        const struct ir_type_info *t = ir_type_get(k, ir_value_type(k, ir_op_get(k, vf.view)->res));
        struct part_find pf = {ir_op_get(k, vf.view)->res, &t, false};
        ir_walk(k, f, find_part, &pf);
        ir_attr ms = ir_op_attr(k, vf.view, "memory_space");
        const char *space =
            ms ? arch_space_attr_kind(g->dev, k, ms) : arch_space_kind(g->dev, IR_MS_GLOBAL);
        if (t->kind != IR_TY_MEMREF || t->rank > INTERP_MAX_RANK || cg_dtype(k, t->elem) < 0 ||
            !space)
            continue;
        g->arg_dtype[a] = cg_dtype(k, t->elem);
        g->arg_rank[a] = t->rank;
        g->arg_space[a] = space;
        for (uint32_t d = 0; d < t->rank; d++)
            g->arg_shape[a][d] =
                t->shape[d] == IR_DYN || vf.offset || pf.unknown ? -1 : t->shape[d];
        int64_t span = vf.offset || pf.unknown ? 0 : view_span(k, vf.view, t);
        if (span) { /* strides that spread the view wider than its shape */
            g->arg_rank[a] = 1;
            g->arg_shape[a][0] = span;
        }
    }
    ir_module_free(k);
}

/* ---- symbol code --------------------------------------------------------------- */

struct sxb {
    struct sc_sx *code;
    uint32_t n, cap;
};

static void sx_push(struct sxb *x, uint8_t op, int64_t v)
{
    x->code = cg_grow(x->code, &x->cap, x->n + 1, sizeof *x->code);
    x->code[x->n++] = (struct sc_sx){op, v};
}

static void sx_scale(struct sxb *x, int64_t k)
{
    if (k != 1) {
        sx_push(x, SC_SX_CONST, k);
        sx_push(x, SC_SX_MUL, 0);
    }
}

/* Postfix code of l: an argument atom is a scalar's value or a tensor's
 * element address (byte address over its element size, folded into the
 * coefficient when it divides). */
static void sx_lin(struct cg *g, struct sxb *x, const struct cg_lin *l)
{
    for (uint32_t i = 0; i < l->n; i++) {
        const struct cg_term *t = &l->t[i];
        if (t->kind == CA_SYM) {
            sx_push(x, SC_SX_SYM, t->id);
            sx_scale(x, t->k);
        } else if (g->arg_dtype[t->id] < 0) {
            sx_push(x, SC_SX_VALUE, t->id);
            sx_scale(x, t->k);
        } else {
            int64_t es = (int64_t)interp_dtype_size((enum interp_dtype)g->arg_dtype[t->id]);
            sx_push(x, SC_SX_ADDR, t->id);
            if (t->k % es == 0) {
                sx_scale(x, t->k / es);
            } else {
                sx_push(x, SC_SX_CONST, es);
                sx_push(x, SC_SX_DIV, 0);
                sx_scale(x, t->k);
            }
        }
        if (i)
            sx_push(x, SC_SX_ADD, 0);
    }
    if (!l->n)
        sx_push(x, SC_SX_CONST, l->c);
    else if (l->c) {
        sx_push(x, SC_SX_CONST, l->c > 0 ? l->c : -l->c);
        sx_push(x, l->c > 0 ? SC_SX_ADD : SC_SX_SUB, 0);
    }
}

static void emit_symbols(struct cg *g)
{
    for (uint32_t i = 0; i < g->nsyms; i++) {
        const struct cg_sym *s = &g->syms[i];
        struct sxb x = {0};
        sx_lin(g, &x, &s->a);
        if (s->op != SC_SX_ADD) {
            sx_lin(g, &x, &s->b);
            sx_push(&x, s->op, 0);
        }
        char name[16];
        snprintf(name, sizeof name, "s%u", i);
        sc_add_sym(g->b, name, x.code, x.n);
        free(x.code);
    }
}

/* ---- channels and ports -------------------------------------------------------- */

/* lower's channels are 0, 1, ...; -1: none given; -2: a barrier's */
uint32_t cg_channel(struct cg *g, enum sc_chan_kind kind, int64_t ch, uint32_t src, uint32_t dst)
{
    for (uint32_t i = 0; i < g->nchans; i++)
        if (g->chans[i].kind == kind && g->chans[i].ch == ch && g->chans[i].src == src &&
            g->chans[i].dst == dst)
            return i;
    g->chans = cg_grow(g->chans, &g->capchans, g->nchans + 1, sizeof *g->chans);
    g->chans[g->nchans].kind = (uint8_t)kind;
    g->chans[g->nchans].ch = ch;
    g->chans[g->nchans].src = src;
    g->chans[g->nchans].dst = dst;
    g->chans[g->nchans].given_gen = g->chans[g->nchans].given = 0;
    g->chans[g->nchans].end[0] = g->chans[g->nchans].end[1] = IR_NONE;
    char name[32];
    if (kind == SC_CHAN_FIFO)
        snprintf(name, sizeof name, "fifo%u", g->nfifo++);
    else if (ch == -2)
        snprintf(name, sizeof name, "bar%u", g->nbar++);
    else
        snprintf(name, sizeof name, "sig%u", g->nsig++);
    uint32_t c = sc_add_chan(g->b, name, kind, g->dev->res[src].name, g->dev->res[dst].name);
    g->nchans++;
    return c;
}

/* Every FIFO and signal a send or receive of the kernel names has both
 * ends: a receive no unit sends to (or a send no unit receives) would
 * wait forever; reported at the op, not as the SpyreCode's channel. */
static bool ends_met(struct cg *g)
{
    bool ok = true;
    for (uint32_t c = 0; c < g->nchans; c++) {
        const ir_op *e = g->chans[c].end;
        if (!e[0] == !e[1])
            continue;
        const char *src = g->dev->res[g->chans[c].src].name;
        const char *dst = g->dev->res[g->chans[c].dst].name;
        bool fifo = g->chans[c].kind == SC_CHAN_FIFO;
        if (e[0])
            ok = cg_error(g, e[0],
                          fifo ? "this receive waits on a FIFO from %s, which never sends to %s: "
                                 "it would wait forever"
                               : "this sync_recv waits on a signal from %s, which never signals "
                                 "%s: it would wait forever",
                          src, dst);
        else
            ok = cg_error(g, e[1],
                          fifo ? "this send fills a FIFO to %s, which never receives from %s"
                               : "this sync_send signals %s, which never waits on a signal from %s",
                          dst, src);
    }
    return ok;
}

uint32_t cg_port(struct cg *g, enum sc_port_kind kind, const uint32_t *bind, const char *hint)
{
    struct cg_prog *p = &g->p;
    for (uint32_t i = 0; i < p->nports; i++)
        if (p->ports[i].kind == kind && !memcmp(p->ports[i].bind, bind, p->n * sizeof *bind))
            return i;
    char name[64];
    size_t k = 0;
    for (const char *s = hint; *s && k + 4 < sizeof name; s++)
        name[k++] = isalnum((unsigned char)*s) ? (char)tolower((unsigned char)*s) : '_';
    name[k] = 0;
    const struct sc_program *sp = &g->b->progs[p->sc];
    for (unsigned n = 2; sc_find_port(sp, name) != SC_NONE; n++)
        snprintf(name + k, sizeof name - k, "%u", n);
    p->ports = cg_grow(p->ports, &p->capports, p->nports + 1, sizeof *p->ports);
    p->ports[p->nports].kind = (uint8_t)kind;
    p->ports[p->nports].bind = malloc(p->n * sizeof *bind);
    if (!p->ports[p->nports].bind)
        abort();
    memcpy(p->ports[p->nports].bind, bind, p->n * sizeof *bind);
    sc_add_port(g->b, p->sc, name, kind);
    return p->nports++;
}

void cg_emit(struct cg *g, const struct sc_insn *in)
{
    sc_add_insn(g->b, g->p.sc, in);
}

/* ---- barriers between the tiles of a core -------------------------------------- */

/* The k-th physical instance of program_unit q on the core of resource r
 * (several when q runs on every corelet), or ARCH_NONE. */
static uint32_t on_core_k(const struct cg *g, uint32_t q, uint32_t r, uint32_t k)
{
    const struct cg_pu *pu = &g->pus[q];
    for (uint32_t i = 0; i < pu->nphys; i++)
        if (g->dev->res[pu->phys[i]].core == g->dev->res[r].core && !k--)
            return pu->phys[i];
    return ARCH_NONE;
}

static uint32_t on_core(const struct cg *g, uint32_t q, uint32_t r)
{
    return on_core_k(g, q, r, 0);
}

static void emit_sync(struct cg *g, uint8_t op, uint8_t flags, uint32_t port)
{
    struct sc_insn in = {.op = op,
                         .dtype = INTERP_I64,
                         .flags = flags,
                         .port = (uint16_t)port,
                         .loc = cg_loc(g, g->p.pu)};
    cg_emit(g, &in);
}

bool cg_barrier(struct cg *g, bool end)
{
    struct cg_prog *p = &g->p;
    uint32_t *bind = malloc(p->n * sizeof *bind);
    if (!bind)
        abort();
    /* the leads: program 0's first instance on each core */
    uint32_t nlead = 0;
    for (uint32_t u = 0; u < p->n; u++)
        nlead += !p->q && on_core(g, 0, p->units[u]) == p->units[u];
    assert(!nlead || nlead == p->n); /* leads and the others are programs apart (host_class) */
    if (end && (!nlead || g->parts < 2)) {
        free(bind);
        return true;
    }
    if (!nlead) {
        /* up to the core's first unit (after this unit's DMAs), then wait for it */
        uint32_t up, down;
        for (int dir = 0; dir < 2; dir++) {
            for (uint32_t u = 0; u < p->n; u++) {
                uint32_t lead = on_core(g, 0, p->units[u]);
                if (lead == ARCH_NONE) {
                    free(bind);
                    return cg_error(g, p->pu,
                                    "the tiles of core %d meet at a barrier that "
                                    "needs a unit of the first program on that core",
                                    g->dev->res[p->units[u]].core);
                }
                bind[u] = dir ? cg_channel(g, SC_CHAN_SIGNAL, -2, lead, p->units[u])
                              : cg_channel(g, SC_CHAN_SIGNAL, -2, p->units[u], lead);
            }
            if (dir)
                down = cg_port(g, SC_PORT_SIGIN, bind, "bar_down");
            else
                up = cg_port(g, SC_PORT_SIGOUT, bind, "bar_up");
        }
        emit_sync(g, SC_SIG, SC_F_WAIT, up);
        emit_sync(g, SC_WAIT, 0, down);
        free(bind);
        return true;
    }
    /* the first unit: its DMAs done, wait for every other unit to finish
     * this tile, release them all. Lagging (tiles in g->parts parts of the
     * scratchpads): wait for them to finish the last tile in the next
     * one's part, the lead's DMAs of that tile having fed them; after the
     * last tile, collect the signals not collected yet */
    struct sc_insn fence = {.op = SC_FENCE, .dtype = INTERP_I64, .loc = cg_loc(g, p->pu)};
    uint32_t nwait = 1, nsig = 1;
    if (g->parts < 2)
        cg_emit(g, &fence);
    else if (!end)
        nwait = p->rep + 1 >= g->parts;
    else {
        nwait = p->h - 1 < g->parts - 1 ? p->h - 1 : g->parts - 1;
        nsig = 0;
    }
    for (int dir = 0; dir < 2; dir++)
        for (uint32_t i = 0; i < (dir ? nsig : nwait); i++)
        for (uint32_t q = 0; q < g->npus; q++)
            /* the k-th instance of program q on each lead's core (of program
             * 0, those after the lead itself) */
            for (uint32_t k = q == p->q; ; k++) {
                uint32_t have = 0;
                for (uint32_t u = 0; u < p->n; u++) {
                    uint32_t r = on_core_k(g, q, p->units[u], k);
                    have += r != ARCH_NONE;
                    bind[u] = r == ARCH_NONE ? SC_NONE
                              : dir          ? cg_channel(g, SC_CHAN_SIGNAL, -2, p->units[u], r)
                                             : cg_channel(g, SC_CHAN_SIGNAL, -2, r, p->units[u]);
                }
                if (!have)
                    break;
                if (have < p->n) {
                    free(bind);
                    return cg_error(g, g->pus[q].op,
                                    "the tiles of this program's cores meet at "
                                    "a barrier, but not every core has one of its units");
                }
                const char *kind = g->dev->res[on_core_k(g, q, p->units[0], k)].kind;
                char hint[64];
                snprintf(hint, sizeof hint, "bar_%s_%s", dir ? "to" : "from", kind);
                uint32_t port = cg_port(g, dir ? SC_PORT_SIGOUT : SC_PORT_SIGIN, bind, hint);
                emit_sync(g, dir ? SC_SIG : SC_WAIT, 0, port);
            }
    free(bind);
    return true;
}

/* ---- the kernel ----------------------------------------------------------------- */

static ir_op find_kernel(struct cg *g)
{
    struct ir_module *m = g->m;
    ir_op k = IR_NONE, idle = IR_NONE;
    uint32_t nidle = 0;
    IR_FOR_OPS(m, ir_module_body(m), op)
    {
        const struct ir_op_info *oi = ir_op_get(m, op);
        if (oi->kind != IR_OP_FUNC_FUNC || !oi->nreg)
            continue;
        ir_block b = ir_region_entry(m, oi->regs[0]);
        if (!b)
            continue;
        if (!str_attr(m, op, "sym_visibility"))
            idle = op, nidle++;
        bool has = false;
        IR_FOR_OPS(m, b, x)
        has = has || ir_op_get(m, x)->kind == IR_OP_DATAFLOW_PROGRAM_UNIT;
        if (!has)
            continue;
        if (k) {
            cg_error(g, op, "a second kernel in one module is not supported yet");
            return IR_NONE;
        }
        k = op;
    }
    /* A kernel with no work (nothing stored: no program units) is a
     * binary without programs, when it is the module's one public func. */
    if (!k && !g->failed && nidle == 1)
        return idle;
    if (!k && !g->failed) {
        struct ir_loc loc = ir_op_get(m, m->top)->loc;
        ir_diag_report(g->diag, IR_SEV_ERROR, loc.file ? ir_str_get(m, loc.file) : "<input>",
                       loc.line, loc.col,
                       "no kernel: no func.func holds a dataflow.program_unit, and %s "
                       "(is this ktc-lower's output?)",
                       nidle ? "more than one public func.func has no work" : "no func.func has a body");
        g->failed = true;
    }
    return k;
}

/* Records the symbol declarations and the program_units with their units. */
static bool scan_kernel(struct cg *g)
{
    struct ir_module *m = g->m;
    IR_FOR_OPS(m, g->body, op)
    {
        const struct ir_op_info *oi = ir_op_get(m, op);
        if (oi->kind == IR_OP_SYMBOL_CREATE_ID) {
            int64_t id = int_attr(m, op, "symbol_id", 0);
            if (id >= 0 || oi->nopnd != 1)
                return cg_error(g, op, "a symbol id must be negative");
            uint32_t k = (uint32_t)(-id - 1), cap = g->nsym_decl;
            if (k >= g->nsym_decl) {
                g->sym_decl = cg_grow(g->sym_decl, &cap, k + 1, sizeof *g->sym_decl);
                memset(g->sym_decl + g->nsym_decl, 0, (cap - g->nsym_decl) * sizeof *g->sym_decl);
                g->nsym_decl = cap;
            }
            g->sym_decl[k] = oi->opnd[0];
            continue;
        }
        if (oi->kind != IR_OP_DATAFLOW_PROGRAM_UNIT)
            continue;
        g->pus = cg_grow(g->pus, &g->cappus, g->npus + 1, sizeof *g->pus);
        struct cg_pu *pu = &g->pus[g->npus++];
        memset(pu, 0, sizeof *pu);
        pu->op = op;
        pu->nv = oi->nopnd;
        pu->virt = calloc(oi->nopnd, sizeof *pu->virt);
        pu->phys = calloc(oi->nopnd, sizeof *pu->phys);
        pu->nhost = calloc(oi->nopnd, sizeof *pu->nhost);
        pu->host = calloc(oi->nopnd, sizeof *pu->host);
        if (!pu->virt || !pu->phys || !pu->nhost || !pu->host)
            abort();
        for (uint32_t i = 0; i < oi->nopnd; i++) {
            ir_op d = ir_value_def(m, oi->opnd[i]);
            if (!d || ir_op_get(m, d)->kind != IR_OP_DATAFLOW_GET_UNIT)
                return cg_error(g, op,
                                "unit #%u of this program does not come from "
                                "dataflow.get_unit",
                                i);
            uint32_t u = cg_unit_of(g, d);
            if (u == SC_NONE)
                return false;
            if (g->units[u].memory)
                return cg_error(g, op, "'%s' is a memory; it runs no program", g->units[u].name);
            pu->virt[i] = u;
            uint32_t j = 0;
            while (j < pu->nphys && pu->phys[j] != g->units[u].res)
                j++;
            if (j == pu->nphys)
                pu->phys[pu->nphys++] = g->units[u].res;
            pu->host[i] = j;
            pu->nhost[j]++;
        }
    }
    return true;
}

/* ---- tiles in parts of the scratchpads ------------------------------------------- */

/* What tiles_alternate finds: the parts the scratchpads may be cut into
 * (1 once a view forbids alternating). */
struct alt_scan {
    struct cg *g;
    uint32_t parts;
    int64_t *local; /* per memory operand's defining op once checked: the
                       smallest core-local memory it names + 1 (1: none) */
};

/* The bytes a view of a core-local memory reaches from the memory's start
 * (its start a constant, its extents static, its layout linear and
 * increasing), or -1. */
static int64_t view_end(struct cg *g, ir_op op)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_op sd = ir_value_def(m, o->opnd[1]);
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->res));
    ir_attr la = ir_op_attr(m, op, "layout_map");
    int dt = cg_dtype(m, t->elem);
    if (!sd || ir_op_get(m, sd)->kind != IR_OP_ARITH_CONSTANT || !la || dt < 0 || t->rank > 8)
        return -1;
    const struct ir_attr_info *ca = ir_attr_get(m, ir_op_attr(m, sd, "value"));
    if (ca->kind != IR_AT_INT)
        return -1;
    const struct ir_affine_map *lm = ir_map_get(m, ir_attr_get(m, la)->map);
    int64_t pt[8] = {0}, last = 0;
    bool ok = lm->nres == 1;
    int64_t off = ok ? ir_aff_eval(m, lm->res[0], pt, NULL, &ok) : 0;
    for (uint32_t i = 0; i < t->rank && ok; i++) {
        if (t->shape[i] == IR_DYN || t->shape[i] < 1)
            return -1;
        pt[i] = 1;
        int64_t st = ir_aff_eval(m, lm->res[0], pt, NULL, &ok) - off;
        pt[i] = 0;
        if (st < 0)
            return -1;
        last += (t->shape[i] - 1) * st;
    }
    return ok ? (ca->i + off + last + 1) * (int64_t)interp_dtype_size((enum interp_dtype)dt) : -1;
}

/* The smallest core-local memory the memory operand defined by d names
 * (through a mapping from units to memories, each unit's of its own
 * core), 0 when it names none, -1 when it is not of that form. */
static int64_t alt_memory(struct cg *g, ir_op d)
{
    struct ir_module *m = g->m;
    const struct ir_op_info *mo = NULL;
    if (d && (ir_op_get(m, d)->kind == IR_OP_UNIFORM_QUERY_MAP ||
              ir_op_get(m, d)->kind == IR_OP_SYMBOL_QUERY_MAP)) {
        ir_op md = ir_value_def(m, ir_op_get(m, d)->opnd[0]);
        mo = md ? ir_op_get(m, md) : NULL;
    }
    int64_t size = 0;
    for (uint32_t j = 0; j < (mo ? mo->nopnd / 2 : 1); j++) {
        ir_op kd = mo ? ir_value_def(m, mo->opnd[2 * j]) : IR_NONE;
        ir_op vd = mo ? ir_value_def(m, mo->opnd[2 * j + 1]) : d;
        uint32_t u = vd && ir_op_get(m, vd)->kind == IR_OP_DATAFLOW_GET_UNIT ? cg_unit_of(g, vd)
                                                                            : SC_NONE;
        if (u == SC_NONE || !g->units[u].memory)
            return -1;
        const struct arch_res *r = &g->dev->res[g->units[u].res];
        if (r->level == ARCH_LEVEL_DEVICE)
            continue;
        uint32_t k = kd && ir_op_get(m, kd)->kind == IR_OP_DATAFLOW_GET_UNIT ? cg_unit_of(g, kd)
                                                                            : SC_NONE;
        if (k == SC_NONE || g->units[k].core != g->units[u].core)
            return -1;
        size = !size || r->size < size ? r->size : size;
    }
    return size;
}

/* A view: of device memory, or of a core-local memory of the core of the
 * unit reading it, within the first of the parts the memory is cut into
 * (fewer when it is not). */
static bool alt_view(struct ir_module *m, ir_op op, void *ctx)
{
    struct alt_scan *a = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (a->parts < 2 || o->kind != IR_OP_DATAFLOW_GET_LOGICAL_MEMORY_VIEW || o->nopnd < 2)
        return a->parts > 1;
    ir_op d = ir_value_def(m, o->opnd[0]);
    if (!d) {
        a->parts = 1;
        return false;
    }
    if (!a->local[d])
        a->local[d] = alt_memory(a->g, d) + 1;
    int64_t size = a->local[d] - 1, end = size > 0 ? view_end(a->g, op) : 0;
    if (size < 0 || end < 0)
        a->parts = 1;
    /* parts of a whole number of KiB, each holding the view */
    while (a->parts > 1 && size > 0 && (size % (1024 * (int64_t)a->parts) || end > size / a->parts))
        a->parts /= 2;
    return a->parts > 1;
}

/* The parts the scratchpads of a core hosting several tiles are cut into
 * (g->parts, CG_TILE_PARTS at most, a power of two; 1: not cut): every
 * view of a core-local memory is one of the reading unit's own core, at a
 * constant start, within the first part. Tile r runs in part r mod parts
 * (its views start that many parts further), and the barrier between
 * tiles (cg_barrier) lags: the units start tile r + 1 once all have
 * finished tile r + 1 - parts, the last user of its part, so the tiles'
 * transfers and compute overlap. */
static void tiles_alternate(struct cg *g)
{
    bool hosts = false;
    for (uint32_t q = 0; q < g->npus; q++)
        for (uint32_t j = 0; j < g->pus[q].nphys; j++)
            hosts = hosts || g->pus[q].nhost[j] > 1;
    struct alt_scan a = {g, hosts ? CG_TILE_PARTS : 1, NULL};
    if (hosts) {
        if (!(a.local = calloc(g->m->ops.len + 1, sizeof *a.local)))
            abort();
        ir_walk(g->m, g->kernel, alt_view, &a);
        free(a.local);
    }
    g->parts = a.parts < 2 ? 1 : a.parts;
}

/* The class of program_unit q's physical instance j: the number of
 * tiles it hosts, and, when they meet at barriers (more than one), whether
 * it leads its core's (program 0's first instance there; cg_barrier). */
static uint32_t host_class(const struct cg *g, uint32_t q, uint32_t j)
{
    const struct cg_pu *pu = &g->pus[q];
    uint32_t h = pu->nhost[j];
    bool lead = h > 1 && q == 0 && on_core(g, 0, pu->phys[j]) == pu->phys[j];
    return h * 2 + lead;
}

/* Translates program_unit q: one program per class of its instances
 * (host_class), and the units running it. */
static bool build_pu(struct cg *g, uint32_t q)
{
    const struct cg_pu *pu = &g->pus[q];
    bool ok = true;
    for (uint32_t first = 0; first < pu->nphys && ok; first++) {
        uint32_t h = pu->nhost[first], cls = host_class(g, q, first);
        bool seen = false;
        for (uint32_t j = 0; j < first; j++)
            seen = seen || host_class(g, q, j) == cls;
        if (seen)
            continue;
        struct cg_prog *p = &g->p;
        memset(p, 0, sizeof *p);
        p->pu = pu->op;
        p->q = q;
        p->h = h;
        for (uint32_t j = 0; j < pu->nphys; j++)
            p->n += host_class(g, q, j) == cls;
        p->units = calloc(p->n, sizeof *p->units);
        p->hosted = calloc((size_t)p->n * h, sizeof *p->hosted);
        if (!p->units || !p->hosted)
            abort();
        for (uint32_t j = 0, u = 0; j < pu->nphys; j++) {
            if (host_class(g, q, j) != cls)
                continue;
            p->units[u] = pu->phys[j];
            for (uint32_t i = 0, r = 0; i < pu->nv; i++)
                if (pu->host[i] == j)
                    p->hosted[u * h + r++] = i;
            u++;
        }
        p->res = p->units[0];
        char name[64];
        size_t k = 0;
        for (const char *s = g->dev->res[p->res].kind; *s && k + 4 < sizeof name; s++)
            name[k++] = isalnum((unsigned char)*s) ? (char)tolower((unsigned char)*s) : '_';
        name[k] = 0;
        for (unsigned n = 2; sc_find_program(g->b, name) != SC_NONE; n++)
            snprintf(name + k, sizeof name - k, "_%u", n);
        p->sc = sc_add_program(g->b, name);
        ok = cg_program(g);
        if (ok) {
            cg_fuse_sends(&g->b->progs[p->sc]);
            cg_sink_receives(&g->b->progs[p->sc]);
        }
        if (!ok)
            g->failed_pu = p->pu;
        for (uint32_t u = 0; u < p->n && ok; u++) {
            const struct arch_res *r = &g->dev->res[p->units[u]];
            uint32_t su = sc_add_unit(g->b, r->name, r->kind, r->core, r->corelet, p->sc);
            for (uint32_t k2 = 0; k2 < p->nports; k2++) {
                uint32_t x = p->ports[k2].bind[u];
                if (p->ports[k2].kind == SC_PORT_MEM)
                    sc_bind(g->b, su, k2, g->dev->res[x].name, SC_NONE);
                else
                    sc_bind(g->b, su, k2, NULL, x);
            }
            for (uint32_t i = 0; i < p->ninits; i++)
                if (p->inits[i].unit == u)
                    sc_add_init(g->b, su, p->inits[i].reg, p->inits[i].val);
        }
        for (uint32_t i = 0; i < p->nports; i++)
            free(p->ports[i].bind);
        free(p->ports);
        free(p->inits);
        free(p->units);
        free(p->hosted);
        memset(p, 0, sizeof *p);
    }
    return ok;
}

static void emit_args(struct cg *g)
{
    struct ir_module *m = g->m;
    const struct ir_block_info *bi = ir_block_get(m, g->body);
    for (uint32_t k = 0; k < g->nargs; k++) {
        ir_value a = bi->args[k];
        const struct ir_value_info *vi = ir_value_get(m, a);
        char name[64];
        if (vi->name)
            snprintf(name, sizeof name, "%s", ir_str_get(m, vi->name));
        else
            snprintf(name, sizeof name, "arg%u", k);
        if (g->arg_dtype[k] >= 0) {
            sc_add_arg(g->b, name, SC_ARG_TENSOR, (enum interp_dtype)g->arg_dtype[k],
                       g->arg_rank[k], g->arg_shape[k], g->arg_space[k]);
            continue;
        }
        const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, a));
        int dt = t->kind == IR_TY_RUNTIME_ARG ? cg_dtype(m, t->elem)
                 : t->kind == IR_TY_FLOAT     ? cg_dtype(m, ir_value_type(m, a))
                                              : INTERP_INDEX;
        sc_add_arg(g->b, name, SC_ARG_SCALAR, dt < 0 ? INTERP_INDEX : (enum interp_dtype)dt, 0,
                   NULL, NULL);
    }
}

/* The module's device declaration as text the runtime reads back. */
static char *device_text(struct cg *g)
{
    struct ir_module *m = g->m;
    IR_FOR_OPS(m, ir_module_body(m), op)
    {
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            continue;
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        if (!f)
            abort();
        ir_print_op_to(f, m, op, 0);
        fclose(f);
        return buf;
    }
    return NULL;
}

static void set_header(struct cg *g)
{
    struct sc_binary *b = g->b;
    struct ir_module *m = g->m;
    const char *name = str_attr(m, g->kernel, "sym_name");
    b->kernel = strdup(name ? name : "kernel");
    b->device = strdup(g->dev->name);
    b->device_text = device_text(g);
    if (g->opt && g->opt->ktir_text) {
        b->ktir = malloc(g->opt->ktir_len + 1);
        if (!b->ktir)
            abort();
        memcpy(b->ktir, g->opt->ktir_text, g->opt->ktir_len);
        b->ktir[g->opt->ktir_len] = 0;
    }
    b->grid[0] = b->grid[1] = b->grid[2] = 1;
    ir_attr ga = ir_op_attr(m, g->kernel, "grid");
    const struct ir_attr_info *gi = ga ? ir_attr_get(m, ga) : NULL;
    for (uint32_t k = 0; gi && k < gi->n && k < 3; k++)
        b->grid[k] = gi->kind == IR_AT_DENSE_ARRAY ? gi->ints[k] : ir_attr_get(m, gi->elems[k])->i;
}

/* cg_codegen's one try: the program_units `plain` marks keep their
 * constants in their loops; *failed_pu, the one that failed, if any. */
static struct sc_binary *translate_kernel(struct ir_module *m, const struct arch_device *dev,
                                          const struct cg_options *o, struct ir_diag *diag,
                                          const uint8_t *plain, ir_op *failed_pu)
{
    static const struct cg_options none;
    struct cg G = {.m = m, .dev = dev, .diag = diag, .opt = o ? o : &none, .plain = plain};
    struct cg *g = &G;
    g->kernel = find_kernel(g);
    if (!g->kernel)
        return NULL;
    g->body = ir_region_entry(m, ir_op_get(m, g->kernel)->regs[0]);
    g->nvals = m->values.len + 1;
    g->val = calloc(g->nvals, sizeof *g->val);
    g->stamp = calloc(g->nvals, sizeof *g->stamp);
    g->last = calloc(g->nvals, sizeof *g->last);
    g->reported = calloc(m->ops.len + 1, 1);
    g->unit_at = calloc(m->ops.len + 1, sizeof *g->unit_at);
    g->nargs = ir_block_get(m, g->body)->nargs;
    g->arg_dtype = malloc((g->nargs + 1) * sizeof *g->arg_dtype);
    g->arg_rank = calloc(g->nargs + 1, sizeof *g->arg_rank);
    g->arg_space = calloc(g->nargs + 1, sizeof *g->arg_space);
    g->arg_shape = calloc(g->nargs + 1, sizeof *g->arg_shape);
    if (!g->val || !g->stamp || !g->last || !g->reported || !g->unit_at || !g->arg_dtype ||
        !g->arg_rank || !g->arg_space || !g->arg_shape)
        abort();
    for (uint32_t k = 0; k < g->nargs; k++)
        g->arg_dtype[k] = -1;
    if (g->opt->ktir_text)
        type_args_from_ktir(g);
    g->b = sc_binary_new();
    bool ok = scan_kernel(g);
    if (ok)
        tiles_alternate(g);
    for (uint32_t q = 0; q < g->npus && ok; q++)
        ok = build_pu(g, q);
    struct sc_binary *b = g->b;
    if (ok && !g->failed)
        ok = ends_met(g);
    if (ok && !g->failed) {
        emit_args(g);
        emit_symbols(g);
        set_header(g);
        ok = sc_link(b, diag) && sc_validate(b, dev, diag);
    }
    for (uint32_t q = 0; q < g->npus; q++) {
        free(g->pus[q].virt);
        free(g->pus[q].phys);
        free(g->pus[q].nhost);
        free(g->pus[q].host);
    }
    free(g->pus);
    free(g->val);
    free(g->stamp);
    free(g->lins);
    free(g->multi);
    free(g->multi_reg);
    free(g->last);
    free(g->reported);
    free(g->unit_at);
    free(g->views);
    free(g->units);
    free(g->syms);
    free(g->arg_dtype);
    free(g->arg_rank);
    free(g->arg_space);
    free(g->arg_shape);
    free(g->sym_decl);
    free(g->chans);
    if (!ok || g->failed) {
        *failed_pu = g->failed_pu;
        sc_binary_free(b);
        return NULL;
    }
    return b;
}

struct sc_binary *cg_codegen(struct ir_module *m, const struct arch_device *dev,
                             const struct cg_options *o, struct ir_diag *diag)
{
    /* Each program first makes its loops' constants once, at its start
     * (codegen_prog.c, hoist_constants), in a try that reports nothing; a
     * program failing so is tried again with them in their loops, then
     * also rematerializing its index values where scalar registers run
     * short (codegen_prog.c, remat_free), and the errors of a program that
     * fails that way too are reported. */
    uint8_t *plain = calloc(m->ops.len + 1, 1);
    if (!plain)
        abort();
    struct ir_diag quiet;
    ir_diag_init(&quiet, NULL);
    struct sc_binary *b = NULL;
    for (;;) {
        ir_op at = IR_NONE;
        if ((b = translate_kernel(m, dev, o, &quiet, plain, &at)) || !at || plain[at] == 2)
            break;
        plain[at]++;
    }
    ir_op at = IR_NONE;
    if (!b)
        b = translate_kernel(m, dev, o, diag, plain, &at);
    ir_diag_free(&quiet);
    free(plain);
    return b;
}
