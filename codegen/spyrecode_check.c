/* spyrecode_check.c - a SpyreCode binary against a device description: the
 * checks ktc-codegen runs before writing and the runtime before loading
 * (sc_validate). Addresses known only at launch are checked again by the
 * simulator with sc_access_ok.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "codegen/spyrecode.h"

struct vctx {
    const struct sc_binary *b;
    const struct arch_device *d;
    struct ir_diag *diag;
    bool ok;
    uint32_t *mem; /* per port of the unit being checked: its memory, or ARCH_NONE */
};

static void verr(struct vctx *v, const struct sc_loc *loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void verr(struct vctx *v, const struct sc_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool has = loc && loc->file != SC_NONE && loc->file < v->b->nfiles;
    ir_diag_vreport(v->diag, IR_SEV_ERROR, has ? v->b->files[loc->file] : "<spyrecode>",
                    has ? loc->line : 0, has ? loc->col : 0, fmt, ap);
    va_end(ap);
    v->ok = false;
}

uint32_t sc_link_between(const struct arch_device *d, uint32_t src, uint32_t dst)
{
    return arch_link_find(d, src, dst); /* ARCH_NONE == SC_NONE */
}

uint32_t sc_route_links(const struct arch_device *d, uint32_t src, uint32_t dst, uint32_t *links,
                        uint32_t max)
{
    struct ir_diag quiet;
    ir_diag_init(&quiet, NULL);
    struct arch_route r;
    uint32_t n = 0;
    if (arch_route(d, d->res[src].name, d->res[dst].name, &r, &quiet)) {
        if (r.n >= 2 && r.n - 1 <= max)
            for (n = 0; n + 1 < r.n; n++)
                links[n] = r.links[n];
        arch_route_free(&r);
    }
    ir_diag_free(&quiet);
    return n;
}

bool sc_access_ok(const struct arch_access *acc, int64_t addr, int64_t bytes)
{
    if (!acc || !acc->ngranules)
        return true;
    int64_t w = acc->word_size > 0 ? acc->word_size : 1;
    for (uint32_t g = 0; g < acc->ngranules; g++) {
        int64_t size = acc->granules[g].size_in_words * w;
        int64_t align = acc->granules[g].align_in_words * w;
        if (size > 0 && bytes % size == 0 && (align <= 0 || addr % align == 0))
            return true;
    }
    return false;
}

/* The memory resource bound to port p of unit u, or ARCH_NONE. */
static uint32_t bound_mem(const struct vctx *v, const struct sc_unit *u, uint16_t p)
{
    (void)u;
    return v->mem[p];
}

static bool static_addr(const struct sc_addr *a, int64_t *at)
{
    if (a->nterms || a->base.kind != SC_IMM)
        return false;
    *at = a->base.v;
    return true;
}

static void check_range(struct vctx *v, const struct sc_insn *in, const struct sc_unit *u,
                        const struct sc_addr *a, uint32_t mem, int64_t bytes)
{
    int64_t at;
    const struct arch_res *m = &v->d->res[mem];
    if (!static_addr(a, &at) || bytes < 0)
        return;
    if (at < 0 || (m->size > 0 && at + bytes > m->size))
        verr(v, &in->loc, "unit '%s': %s of %lld bytes at %lld is outside %s (%lld bytes)",
             u->name, sc_ops[in->op].name, (long long)bytes, (long long)at, m->name,
             (long long)m->size);
}

/* dma.mask: the unit writes dst under a byte mask; the words holding the
 * destination bytes fit its store granularity, and static source and
 * destination addresses share their offset in the word. */
static void check_masked(struct vctx *v, const struct sc_insn *in, const struct sc_unit *u,
                         uint32_t res, uint32_t src, uint32_t dst, const struct arch_access *st)
{
    const struct arch_device *d = v->d;
    const struct arch_res *r = &d->res[res];
    if (!(r->features & ARCH_F_MASKED_WRITES) || !st) {
        verr(v, &in->loc, "unit '%s' (%s) cannot write %s under a byte mask (dma.mask)", u->name,
             r->kind, d->res[dst].kind);
        return;
    }
    if (in->x[0].kind != SC_IMM)
        return;
    int64_t w = st->word_size > 0 ? st->word_size : 1, bytes = in->x[0].v, dat = 0, sat;
    if (bytes <= 0) {
        verr(v, &in->loc, "dma of %lld bytes", (long long)bytes);
        return;
    }
    bool known = static_addr(&in->addr[0], &dat);
    int64_t o = known ? (dat % w + w) % w : 0, words = (o + bytes + w - 1) / w * w;
    if (known && static_addr(&in->addr[1], &sat) && (sat % w + w) % w != o)
        verr(v, &in->loc, "unit '%s': dma.mask from byte %lld of a %lld-byte word to byte %lld "
             "of one", u->name, (long long)((sat % w + w) % w), (long long)w, (long long)o);
    if (!sc_access_ok(st, dat - o, words))
        verr(v, &in->loc, "unit '%s': dma.mask of %lld bytes at %lld: its words (%lld bytes at "
             "%lld) do not match the access granularity of %s", u->name, (long long)bytes,
             (long long)dat, (long long)words, (long long)(dat - o), st->space);
    if (in->nx <= 1 || (in->x[1].kind == SC_IMM && in->x[1].v == 1)) {
        check_range(v, in, u, &in->addr[0], dst, bytes);
        check_range(v, in, u, &in->addr[1], src, bytes);
    }
}

static void check_insn(struct vctx *v, const struct sc_unit *u, uint32_t res,
                       const struct sc_program *p, const struct sc_insn *in)
{
    const struct arch_device *d = v->d;
    const struct arch_res *r = &d->res[res];
    const char *op = sc_ops[in->op].name;
    switch (in->op) {
    case SC_DMA: {
        uint32_t dst = bound_mem(v, u, in->addr[0].port), src = bound_mem(v, u, in->addr[1].port);
        if (dst == ARCH_NONE || src == ARCH_NONE)
            return;
        uint32_t path[SC_MAX_ROUTE];
        if ((sc_link_between(d, src, res) == SC_NONE &&
             !sc_route_links(d, src, res, path, SC_MAX_ROUTE)) ||
            sc_link_between(d, res, dst) == SC_NONE)
            verr(v, &in->loc, "unit '%s' has no datapath %s -> %s -> %s for dma", u->name,
                 d->res[src].name, r->name, d->res[dst].name);
        const struct arch_access *ld = arch_access(d, res, false, d->res[src].kind);
        const struct arch_access *st = arch_access(d, res, true, d->res[dst].kind);
        if (!ld && !st)
            verr(v, &in->loc, "unit '%s' (%s) can neither load %s nor store %s", u->name,
                 r->kind, d->res[src].kind, d->res[dst].kind);
        if (in->flags & SC_F_MASK) {
            check_masked(v, in, u, res, src, dst, st);
            return;
        }
        if (in->x[0].kind == SC_IMM) {
            int64_t bytes = in->x[0].v, rows = in->nx > 1 && in->x[1].kind == SC_IMM ? in->x[1].v : 1;
            int64_t at;
            if (bytes <= 0)
                verr(v, &in->loc, "dma of %lld bytes", (long long)bytes);
            const struct arch_access *acc = ld ? ld : st;
            const struct sc_addr *ad = ld ? &in->addr[1] : &in->addr[0];
            if (!static_addr(ad, &at))
                at = 0;
            if (bytes > 0 && !sc_access_ok(acc, at, bytes))
                verr(v, &in->loc, "unit '%s': dma of %lld bytes at %lld does not match the "
                     "access granularity of %s", u->name, (long long)bytes, (long long)at,
                     acc->space);
            if (rows == 1) {
                check_range(v, in, u, &in->addr[0], dst, bytes);
                check_range(v, in, u, &in->addr[1], src, bytes);
            }
        }
        return;
    }
    case SC_VLD:
    case SC_VLDZ:
    case SC_VLDS:
    case SC_VLDZS:
    case SC_VST: {
        uint32_t mem = bound_mem(v, u, in->addr[0].port);
        if (mem == ARCH_NONE)
            return;
        bool st = in->op == SC_VST, pad = in->op == SC_VLDZ || in->op == SC_VLDZS;
        if (pad && !(r->features & ARCH_F_ZERO_PAD))
            verr(v, &in->loc, "unit '%s' (%s) has no zero_pad feature for %s", u->name, r->kind, op);
        if ((st ? sc_link_between(d, res, mem) : sc_link_between(d, mem, res)) == SC_NONE)
            verr(v, &in->loc, "unit '%s' has no datapath %s %s for %s", u->name,
                 st ? "to" : "from", d->res[mem].name, op);
        if (!arch_access(d, res, st, d->res[mem].kind))
            verr(v, &in->loc, "unit '%s' (%s) cannot %s %s", u->name, r->kind,
                 st ? "store to" : "load from", d->res[mem].kind);
        /* vldz: its length bounds what it may load */
        const struct sc_opnd *cnt = &in->x[pad];
        if (!st && cnt->kind == SC_IMM)
            check_range(v, in, u, &in->addr[0], mem, cnt->v * (int64_t)interp_dtype_size(in->dtype));
        return;
    }
    case SC_LD: { /* a scalar load: the unit reads one word of a memory it loads from */
        uint32_t mem = bound_mem(v, u, in->addr[0].port);
        if (mem == ARCH_NONE)
            return;
        if (sc_link_between(d, mem, res) == SC_NONE)
            verr(v, &in->loc, "unit '%s' has no datapath from %s for %s", u->name,
                 d->res[mem].name, op);
        /* a DMA store unit reads the memory it moves from (its source) */
        if (!arch_access(d, res, false, d->res[mem].kind) &&
            !arch_access(d, res, true, d->res[mem].kind))
            verr(v, &in->loc, "unit '%s' (%s) cannot load from %s", u->name, r->kind,
                 d->res[mem].kind);
        check_range(v, in, u, &in->addr[0], mem, (int64_t)interp_dtype_size(in->dtype));
        return;
    }
    case SC_VUN:
    case SC_VBIN:
    case SC_VFMA:
    case SC_VRED:
    case SC_VCVT:
    case SC_VCMP:
    case SC_VSEL:
        if (!(r->features & ARCH_F_COMPUTE))
            verr(v, &in->loc, "unit '%s' (%s) does not compute (%s)", u->name, r->kind, op);
        else if (arch_lanes(d, res, interp_dtype_name(in->dtype)) <= 0)
            verr(v, &in->loc, "unit '%s' (%s) has no SIMD lanes for %s", u->name, r->kind,
                 interp_dtype_name(in->dtype));
        return;
    default: (void)p; return;
    }
}

bool sc_validate(const struct sc_binary *b, const struct arch_device *d, struct ir_diag *diag)
{
    struct vctx v = {b, d, diag, true, NULL};
    uint32_t nmem = 0;
    for (uint32_t i = 0; i < b->nargs; i++) {
        const struct sc_arg *a = &b->args[i];
        if (a->kind == SC_ARG_TENSOR && arch_res_at(d, a->space, -1, -1) == ARCH_NONE)
            verr(&v, NULL, "argument '%s': the device has no memory '%s'", a->name, a->space);
    }
    for (uint32_t c = 0; c < b->nchans; c++) {
        const struct sc_chan *ch = &b->chans[c];
        uint32_t s = arch_res_find(d, ch->src), t = arch_res_find(d, ch->dst);
        if (s == ARCH_NONE || t == ARCH_NONE)
            verr(&v, NULL, "channel '%s': the device has no unit '%s'", ch->name,
                 s == ARCH_NONE ? ch->src : ch->dst);
        else if (ch->kind == SC_CHAN_FIFO && sc_link_between(d, s, t) == SC_NONE)
            verr(&v, NULL, "channel '%s': no datapath from %s to %s", ch->name, ch->src, ch->dst);
    }
    for (uint32_t ui = 0; ui < b->nunits; ui++) {
        const struct sc_unit *u = &b->units[ui];
        uint32_t res = arch_res_find(d, u->name);
        if (res == ARCH_NONE || d->res[res].node != ARCH_UNIT) {
            verr(&v, NULL, "unit '%s': the device '%s' has no such execution unit", u->name,
                 d->name);
            continue;
        }
        const struct arch_res *r = &d->res[res];
        if (strcmp(r->kind, u->kind) != 0 || (u->core >= 0 && u->core != r->core) ||
            (u->corelet >= 0 && u->corelet != r->corelet))
            verr(&v, NULL, "unit '%s': the device's is a %s on core %d corelet %d, not a %s on "
                 "core %d corelet %d", u->name, r->kind, r->core, r->corelet, u->kind, u->core,
                 u->corelet);
        const struct sc_program *p = &b->progs[u->program];
        if (u->nbind > nmem) {
            nmem = u->nbind;
            v.mem = realloc(v.mem, nmem * sizeof *v.mem);
            if (!v.mem)
                abort();
        }
        for (uint32_t k = 0; k < u->nbind; k++) {
            v.mem[k] = ARCH_NONE;
            if (!u->bind_mem[k])
                continue;
            uint32_t m = v.mem[k] = arch_res_find(d, u->bind_mem[k]);
            if (m == ARCH_NONE || d->res[m].node != ARCH_MEMORY)
                verr(&v, NULL, "unit '%s': port '%s': the device has no memory '%s'", u->name,
                     p->ports[k].name, u->bind_mem[k]);
        }
        if (!v.ok)
            continue;
        for (uint32_t i = 0; i < p->ninsns; i++)
            check_insn(&v, u, res, p, &p->insns[i]);
    }
    free(v.mem);
    return v.ok;
}
