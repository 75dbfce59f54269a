/* sim.c - the simulated device: memories, loading a SpyreCode kernel onto
 * the device model (units, ports, channels, the datapaths each access
 * crosses) and the launch-time patches. The run itself is in run.c, the
 * reports in report.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory\n");
        abort();
    }
    return p;
}

/* ---- memories ------------------------------------------------------------ */

struct sim *sim_new(const struct arch_device *d)
{
    struct sim *s = xcalloc(1, sizeof *s);
    s->d = d;
    s->mem_of_res = xcalloc(d->nres, sizeof *s->mem_of_res);
    s->is_dev_mem = xcalloc(d->nres, sizeof *s->is_dev_mem);
    const char *dev_kind = arch_space_kind(d, IR_MS_GLOBAL);
    for (uint32_t r = 0; r < d->nres; r++) {
        s->mem_of_res[r] = SC_NONE;
        if (d->res[r].node != ARCH_MEMORY)
            continue;
        s->nmem++;
        s->is_dev_mem[r] = dev_kind && strcmp(d->res[r].kind, dev_kind) == 0;
    }
    /* the stick: device memory's word as the units access it */
    s->stick = 1;
    for (uint32_t r = 0; dev_kind && r < d->nres; r++) {
        const struct arch_res *x = &d->res[r];
        for (uint32_t i = 0; i < x->nload + x->nstore; i++) {
            const struct arch_access *a = i < x->nload ? &x->load[i] : &x->store[i - x->nload];
            if (a->space && strcmp(a->space, dev_kind) == 0 && a->word_size > 0 &&
                (uint64_t)a->word_size > s->stick)
                s->stick = (uint64_t)a->word_size;
        }
    }
    s->stick_shift = -1;
    for (int b = 0; b < 63; b++)
        if (s->stick == (uint64_t)1 << b)
            s->stick_shift = b;
    s->mem = xcalloc(s->nmem, sizeof *s->mem);
    uint32_t k = 0;
    for (uint32_t r = 0; r < d->nres; r++) {
        if (d->res[r].node != ARCH_MEMORY)
            continue;
        struct smem *m = &s->mem[k];
        m->res = r;
        m->size = d->res[r].size > 0 ? (uint64_t)d->res[r].size : (uint64_t)1 << 30;
        m->page_bits = m->size <= SIM_SMALL_MEM ? SIM_SMALL_PAGE_BITS : SIM_PAGE_BITS;
        m->npages = (m->size + ((uint64_t)1 << m->page_bits) - 1) >> m->page_bits;
        m->pages = xcalloc(m->npages, sizeof *m->pages);
        s->mem_of_res[r] = k++;
    }
    return s;
}

void sim_free(struct sim *s)
{
    if (!s)
        return;
    for (uint32_t i = 0; i < s->nmem; i++) {
        for (uint64_t p = 0; p < s->mem[i].nused; p++)
            free(s->mem[i].pages[s->mem[i].used[p]]);
        free(s->mem[i].pages);
        free(s->mem[i].used);
        free(s->mem[i].guards);
    }
    free(s->mem);
    free(s->mem_of_res);
    free(s->is_dev_mem);
    free(s);
}

const struct arch_device *sim_device(const struct sim *s) { return s->d; }

uint32_t sim_mem_find(const struct sim *s, const char *name)
{
    uint32_t r = arch_res_find(s->d, name);
    return r == ARCH_NONE ? SC_NONE : s->mem_of_res[r];
}

uint64_t sim_mem_size(const struct sim *s, uint32_t mem) { return s->mem[mem].size; }

void smem_read(struct smem *m, uint64_t a, void *dst, uint64_t n)
{
    uint8_t *out = dst;
    while (n) {
        uint64_t p = a >> m->page_bits, off = a & (((uint64_t)1 << m->page_bits) - 1);
        uint64_t c = ((uint64_t)1 << m->page_bits) - off;
        if (c > n)
            c = n;
        if (m->pages[p])
            memcpy(out, m->pages[p] + off, c);
        else
            memset(out, 0, c);
        out += c;
        a += c;
        n -= c;
    }
}

/* Page p of m for a write of c bytes to it: allocated on the first write,
 * zeroed unless the write covers it whole. */
static uint8_t *page_w(struct smem *m, uint64_t p, uint64_t c)
{
    if (!m->pages[p]) {
        /* a page this write covers whole needs no zeroing */
        if (c == ((uint64_t)1 << m->page_bits)) {
            m->pages[p] = malloc(c);
            if (!m->pages[p]) {
                fprintf(stderr, "ktc: out of memory\n");
                abort();
            }
        } else {
            m->pages[p] = xcalloc(1, (size_t)1 << m->page_bits);
        }
        if (m->nused == m->capused) {
            m->capused = m->capused ? 2 * m->capused : 16;
            m->used = realloc(m->used, m->capused * sizeof *m->used);
            if (!m->used)
                abort();
        }
        m->used[m->nused++] = p;
    }
    return m->pages[p];
}

void smem_write(struct smem *m, uint64_t a, const void *src, uint64_t n)
{
    const uint8_t *in = src;
    while (n) {
        uint64_t p = a >> m->page_bits, off = a & (((uint64_t)1 << m->page_bits) - 1);
        uint64_t c = ((uint64_t)1 << m->page_bits) - off;
        if (c > n)
            c = n;
        memcpy(page_w(m, p, c) + off, in, c);
        in += c;
        a += c;
        n -= c;
    }
}

void smem_copy(struct smem *d, uint64_t da, const struct smem *s, uint64_t sa, uint64_t n)
{
    const uint64_t smask = ((uint64_t)1 << s->page_bits) - 1;
    const uint64_t dmask = ((uint64_t)1 << d->page_bits) - 1;
    while (n) {
        uint64_t so = sa & smask, doff = da & dmask;
        uint64_t c = smask + 1 - so < dmask + 1 - doff ? smask + 1 - so : dmask + 1 - doff;
        if (c > n)
            c = n;
        uint8_t *to = page_w(d, da >> d->page_bits, c) + doff;
        const uint8_t *from = s->pages[sa >> s->page_bits];
        if (from)
            memcpy(to, from + so, c);
        else
            memset(to, 0, c);
        sa += c;
        da += c;
        n -= c;
    }
}

bool sim_mem_write(struct sim *s, uint32_t mem, uint64_t addr, const void *src, size_t n)
{
    struct smem *m = &s->mem[mem];
    if (addr > m->size || n > m->size - addr)
        return false;
    smem_write(m, addr, src, n);
    return true;
}

/* The index of the first guard of m ending after a (nguards when none). */
static uint32_t guard_after(const struct smem *m, uint64_t a)
{
    uint32_t lo = 0, hi = m->nguards;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m->guards[mid].end <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const struct sguard *smem_guard_from(const struct smem *m, uint64_t a)
{
    uint32_t i = guard_after(m, a);
    return i < m->nguards ? &m->guards[i] : NULL;
}

const struct sguard *smem_guard_before(const struct smem *m, uint64_t a)
{
    uint32_t i = guard_after(m, a);
    return i > 0 ? &m->guards[i - 1] : NULL;
}

void sim_mem_guard(struct sim *s, uint32_t mem, uint64_t addr, uint64_t n, const char *name)
{
    struct smem *m = &s->mem[mem];
    uint64_t end = addr + (n ? n : 1);
    if (!s->is_dev_mem[m->res])
        return;         /* a scratchpad holds the compiler's buffers too */
    if (s->stick > 1) { /* DMAs move whole sticks */
        addr = addr / s->stick * s->stick;
        end = (end + s->stick - 1) / s->stick * s->stick;
    }
    uint32_t i = guard_after(m, addr);
    if (i < m->nguards && m->guards[i].at == addr && m->guards[i].end == end) {
        snprintf(m->guards[i].name, sizeof m->guards[i].name, "%s", name ? name : "");
        return;
    }
    /* the guards [i, j) it overlaps join it */
    uint32_t j = i;
    while (j < m->nguards && m->guards[j].at < end) {
        if (m->guards[j].at < addr)
            addr = m->guards[j].at;
        if (m->guards[j].end > end)
            end = m->guards[j].end;
        j++;
    }
    if (j == i) {
        if (m->nguards == m->capguards) {
            m->capguards = m->capguards ? 2 * m->capguards : 8;
            m->guards = realloc(m->guards, m->capguards * sizeof *m->guards);
            if (!m->guards)
                abort();
        }
        memmove(&m->guards[i + 1], &m->guards[i], (m->nguards - i) * sizeof *m->guards);
        m->nguards++;
        j = i + 1;
    } else if (j > i + 1) {
        memmove(&m->guards[i + 1], &m->guards[j], (m->nguards - j) * sizeof *m->guards);
        m->nguards -= j - i - 1;
    }
    m->guards[i].at = addr;
    m->guards[i].end = end;
    snprintf(m->guards[i].name, sizeof m->guards[i].name, "%s", name ? name : "");
}

void sim_mem_unguard(struct sim *s, uint32_t mem, uint64_t addr)
{
    struct smem *m = &s->mem[mem];
    uint32_t i = guard_after(m, addr);
    if (i < m->nguards && m->guards[i].at <= addr) {
        memmove(&m->guards[i], &m->guards[i + 1], (m->nguards - i - 1) * sizeof *m->guards);
        m->nguards--;
    }
}

bool sim_mem_read(struct sim *s, uint32_t mem, uint64_t addr, void *dst, size_t n)
{
    struct smem *m = &s->mem[mem];
    if (addr > m->size || n > m->size - addr)
        return false;
    smem_read(m, addr, dst, n);
    return true;
}

/* ---- loading ----------------------------------------------------------- */

static char *strf2(const char *a, const char *sep, const char *b)
{
    size_t n = strlen(a) + strlen(sep) + strlen(b) + 1;
    char *s = xcalloc(n, 1);
    snprintf(s, n, "%s%s%s", a, sep, b);
    return s;
}

static uint32_t new_res(struct sim_kernel *k, char *name, enum sres_role role, double bw,
                        uint64_t lat, uint32_t src, uint32_t dst)
{
    k->res = realloc(k->res, (k->nres + 1) * sizeof *k->res);
    if (!k->res)
        abort();
    k->res[k->nres] =
        (struct sres){.name = name, .role = role, .bw = bw > 0 ? bw : ARCH_DEFAULT_BANDWIDTH,
                      .lat = lat, .src = src, .dst = dst};
    return k->nres++;
}

/* The timing resource of arch link l. */
static uint32_t link_res(struct sim_kernel *k, uint32_t l)
{
    if (l == SC_NONE)
        return SC_NONE;
    if (k->res_of_link[l] == SC_NONE) {
        const struct arch_device *d = k->s->d;
        const struct arch_link *x = &d->links[l];
        enum sres_role role = k->s->is_dev_mem[x->src]   ? SRES_DEV_READ
                              : k->s->is_dev_mem[x->dst] ? SRES_DEV_WRITE
                                                         : SRES_LOCAL;
        k->res_of_link[l] = new_res(k, strf2(d->res[x->src].name, " -> ", d->res[x->dst].name),
                                    role, (double)x->bandwidth,
                                    (uint64_t)x->latency * SIM_TICK, x->src, x->dst);
    }
    return k->res_of_link[l];
}

/* The aggregate-bandwidth resource of memory m, or SC_NONE when unlimited. */
static uint32_t agg_res(struct sim_kernel *k, uint32_t m)
{
    const struct arch_res *r = &k->s->d->res[k->s->mem[m].res];
    if (r->aggregate_bandwidth <= 0)
        return SC_NONE;
    if (k->agg_of_mem[m] == SC_NONE)
        k->agg_of_mem[m] = new_res(k, strf2(r->name, "", " (aggregate)"),
                                   k->s->is_dev_mem[k->s->mem[m].res] ? SRES_DEV_AGG : SRES_LOCAL,
                                   (double)r->aggregate_bandwidth, 0, SC_NONE, SC_NONE);
    return k->agg_of_mem[m];
}

static bool pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

void kacc_init(struct kacc *c, const struct arch_access *a)
{
    memset(c, 0, sizeof *c);
    if (!a || !a->ngranules)
        return; /* KACC_ANY */
    c->mode = KACC_MASKS;
    int64_t w = a->word_size > 0 ? a->word_size : 1;
    for (uint32_t g = 0; g < a->ngranules; g++) {
        int64_t size = a->granules[g].size_in_words * w;
        int64_t align = a->granules[g].align_in_words * w;
        if (size <= 0)
            continue; /* never matches */
        if (c->n == KACC_MAX || !pow2(size) || (align > 0 && !pow2(align))) {
            c->mode = KACC_GENERAL;
            return;
        }
        c->size_mask[c->n] = size - 1;
        c->align_mask[c->n] = align > 0 ? align - 1 : 0;
        c->n++;
    }
}

struct sim_kernel *sim_kernel_new(struct sim *s, const struct sc_binary *b, struct ir_diag *diag)
{
    const struct arch_device *d = s->d;
    if (!sc_validate(b, d, diag))
        return NULL;
    struct sim_kernel *k = xcalloc(1, sizeof *k);
    k->s = s;
    k->b = b;
    k->res_of_link = xcalloc(d->nlinks, sizeof *k->res_of_link);
    for (uint32_t i = 0; i < d->nlinks; i++)
        k->res_of_link[i] = SC_NONE;
    k->agg_of_mem = xcalloc(s->nmem, sizeof *k->agg_of_mem);
    for (uint32_t i = 0; i < s->nmem; i++)
        k->agg_of_mem[i] = SC_NONE;
    k->touch = xcalloc(s->nmem, sizeof *k->touch);
    k->code = xcalloc(b->nprogs, sizeof *k->code);
    k->ops = xcalloc(b->nprogs, sizeof *k->ops);
    for (uint32_t p = 0; p < b->nprogs; p++) {
        k->ops[p] = xcalloc(b->progs[p].ninsns + 1, 1); /* + a sentinel: mov */
        for (uint32_t i = 0; i < b->progs[p].ninsns; i++)
            k->ops[p][i] = b->progs[p].insns[i].flags & SC_F_SEND ? (uint8_t)SIM_OP_SEND
                                                                  : b->progs[p].insns[i].op;
        k->code[p] = malloc(b->progs[p].ninsns ? b->progs[p].ninsns * sizeof **k->code : 1);
        if (!k->code[p])
            abort();
        if (b->progs[p].ninsns) /* an empty program has no insns array */
            memcpy(k->code[p], b->progs[p].insns, b->progs[p].ninsns * sizeof **k->code);
    }
    k->nunits = b->nunits;
    k->units = xcalloc(b->nunits, sizeof *k->units);
    for (uint32_t i = 0; i < b->nunits; i++) {
        struct kunit *u = &k->units[i];
        u->u = &b->units[i];
        u->prog = u->u->program;
        u->res = arch_res_find(d, u->u->name);
        u->init = xcalloc(u->u->ninit, sizeof *u->init);
        for (uint32_t j = 0; j < u->u->ninit; j++)
            u->init[j] = u->u->init[j].val.v;
        for (unsigned t = 0; t < INTERP_NDTYPES; t++) {
            u->lanes[t] = arch_lanes(d, u->res, interp_dtype_name((enum interp_dtype)t));
            if (u->lanes[t] > u->widest)
                u->widest = u->lanes[t];
        }
        u->ports = xcalloc(u->u->nbind, sizeof *u->ports);
        for (uint32_t p = 0; p < u->u->nbind; p++) {
            struct kport *kp = &u->ports[p];
            kp->chan = u->u->bind_ch[p];
            kp->mem = SC_NONE;
            kp->rd[0] = kp->rd[1] = kp->wr[0] = kp->wr[1] = SC_NONE;
            if (!u->u->bind_mem[p])
                continue;
            uint32_t mr = arch_res_find(d, u->u->bind_mem[p]);
            kp->mem = s->mem_of_res[mr];
            kp->dev = s->is_dev_mem[mr];
            kp->rd[0] = link_res(k, sc_link_between(d, mr, u->res));
            if (kp->rd[0] == SC_NONE && d->res[mr].core >= 0 && d->res[mr].core != d->res[u->res].core) {
                uint32_t links[SC_MAX_ROUTE];
                kp->npath = sc_route_links(d, mr, u->res, links, SC_MAX_ROUTE);
                kp->path = kp->npath ? xcalloc(kp->npath, sizeof *kp->path) : NULL;
                for (uint32_t h = 0; h < kp->npath; h++)
                    kp->path[h] = link_res(k, links[h]);
            }
            kp->wr[0] = link_res(k, sc_link_between(d, u->res, mr));
            kp->rd[1] = kp->wr[1] = agg_res(k, kp->mem);
            kp->ld = arch_access(d, u->res, false, d->res[mr].kind);
            kp->st = arch_access(d, u->res, true, d->res[mr].kind);
            kacc_init(&kp->ldc, kp->ld);
            kacc_init(&kp->stc, kp->st);
        }
    }
    k->nchans = b->nchans;
    k->chans = xcalloc(b->nchans, sizeof *k->chans);
    for (uint32_t c = 0; c < b->nchans; c++) {
        struct kchan *ch = &k->chans[c];
        ch->c = &b->chans[c];
        ch->src = ch->dst = SC_NONE;
        ch->res = SC_NONE;
        ch->lat = ARCH_DEFAULT_LATENCY * SIM_TICK;
        ch->depth = 1;
        ch->entry = 128;
        if (ch->c->kind == SC_CHAN_FIFO) {
            uint32_t l = sc_link_between(d, arch_res_find(d, ch->c->src),
                                         arch_res_find(d, ch->c->dst));
            const struct arch_link *x = &d->links[l];
            ch->res = link_res(k, l);
            ch->lat = (uint64_t)x->latency * SIM_TICK;
            int64_t depth;
            ch->entry = (uint32_t)arch_fifo_entry(x, &depth);
            ch->depth = (uint32_t)depth;
            ch->slots = xcalloc(ch->depth, sizeof *ch->slots);
            ch->data = xcalloc(ch->depth, ch->entry);
        }
    }
    for (uint32_t i = 0; i < k->nunits; i++)
        for (uint32_t p = 0; p < k->units[i].u->nbind; p++) {
            struct kport *kp = &k->units[i].ports[p];
            kp->ch = kp->chan < k->nchans ? &k->chans[kp->chan] : NULL;
        }
    /* each channel's ends: the units whose ports are bound to it (sc_link
     * checked one sender and one receiver), by name only when unbound */
    for (uint32_t i = 0; i < b->nunits; i++) {
        const struct sc_unit *u = &b->units[i];
        const struct sc_program *p = &b->progs[u->program];
        for (uint32_t j = 0; j < u->nbind && j < p->nports; j++) {
            uint32_t c = u->bind_ch[j];
            if (c == SC_NONE || c >= k->nchans)
                continue;
            uint8_t kind = p->ports[j].kind;
            if (kind == SC_PORT_OUT || kind == SC_PORT_SIGOUT)
                k->chans[c].src = i;
            else if (kind == SC_PORT_IN || kind == SC_PORT_SIGIN)
                k->chans[c].dst = i;
        }
    }
    for (uint32_t c = 0; c < k->nchans; c++) {
        struct kchan *ch = &k->chans[c];
        if (ch->src == SC_NONE)
            ch->src = sc_find_unit(b, ch->c->src);
        if (ch->dst == SC_NONE)
            ch->dst = sc_find_unit(b, ch->c->dst);
    }
    return k;
}

void sim_kernel_free(struct sim_kernel *k)
{
    if (!k)
        return;
    sim_run_state_free(k);
    for (uint32_t p = 0; p < k->b->nprogs; p++) {
        free(k->code[p]);
        free(k->ops[p]);
    }
    free(k->code);
    free(k->ops);
    for (uint32_t i = 0; i < k->nunits; i++) {
        free(k->units[i].init);
        for (uint32_t j = 0; j < k->units[i].u->nbind; j++)
            free(k->units[i].ports[j].path);
        free(k->units[i].ports);
    }
    free(k->units);
    for (uint32_t c = 0; c < k->nchans; c++) {
        free(k->chans[c].slots);
        free(k->chans[c].data);
        free(k->chans[c].sig);
    }
    free(k->chans);
    for (uint32_t r = 0; r < k->nres; r++)
        free(k->res[r].name);
    free(k->res);
    free(k->res_of_link);
    free(k->agg_of_mem);
    for (uint32_t m = 0; m < k->s->nmem; m++) {
        struct stouch *t = &k->touch[m];
        for (uint64_t i = 0; i < t->nused; i++)
            free(t->chunk[t->used[i]]);
        free(t->chunk);
        free(t->used);
    }
    free(k->touch);
    free(k);
}

/* ---- the sticks a run touches ----------------------------------------- */

static unsigned popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_popcountll(v);
#else
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
#endif
}

void stouch_mark_slow(struct sim_kernel *k, uint32_t mem, unsigned w, uint64_t a, uint64_t n)
{
    if (!n)
        return;
    const struct sim *s = k->s;
    struct stouch *t = &k->touch[mem];
    uint64_t first, last;
    if (s->stick_shift >= 0) {
        first = a >> s->stick_shift;
        last = (a + n - 1) >> s->stick_shift;
    } else {
        first = a / s->stick;
        last = (a + n - 1) / s->stick;
    }
    if (!t->nchunks) {
        uint64_t sticks = (s->mem[mem].size + s->stick - 1) / s->stick;
        t->nchunks = (sticks + SIM_TOUCH_STICKS - 1) >> SIM_TOUCH_BITS;
        t->chunk = xcalloc(t->nchunks, sizeof *t->chunk);
    }
    for (uint64_t c = first >> SIM_TOUCH_BITS; c <= last >> SIM_TOUCH_BITS; c++) {
        if (!t->chunk[c]) {
            t->chunk[c] = xcalloc(2 * SIM_TOUCH_WORDS, sizeof **t->chunk);
            if (t->nused == t->capused) {
                t->capused = t->capused ? 2 * t->capused : 16;
                t->used = realloc(t->used, t->capused * sizeof *t->used);
                if (!t->used)
                    abort();
            }
            t->used[t->nused++] = c;
        }
        uint64_t *bits = t->chunk[c] + w * SIM_TOUCH_WORDS, base = c << SIM_TOUCH_BITS;
        uint64_t lo = first > base ? first - base : 0;
        uint64_t hi = last - base < SIM_TOUCH_STICKS ? last - base : SIM_TOUCH_STICKS - 1;
        for (uint64_t i = lo >> 6; i <= hi >> 6; i++) {
            uint64_t m = ~(uint64_t)0;
            if (i == lo >> 6)
                m &= ~(uint64_t)0 << (lo & 63);
            if (i == hi >> 6)
                m &= ~(uint64_t)0 >> (63 - (hi & 63));
            bits[i] |= m;
        }
    }
}

void stouch_reset(struct sim_kernel *k)
{
    for (uint32_t m = 0; m < k->s->nmem; m++) {
        struct stouch *t = &k->touch[m];
        for (uint64_t i = 0; i < t->nused; i++)
            memset(t->chunk[t->used[i]], 0, 2 * SIM_TOUCH_WORDS * sizeof **t->chunk);
    }
}

uint64_t stouch_count(const struct sim_kernel *k, uint32_t mem, unsigned w)
{
    const struct stouch *t = &k->touch[mem];
    uint64_t n = 0;
    for (uint64_t i = 0; i < t->nused; i++) {
        const uint64_t *bits = t->chunk[t->used[i]] + w * SIM_TOUCH_WORDS;
        for (uint64_t j = 0; j < SIM_TOUCH_WORDS; j++)
            n += popcount64(bits[j]);
    }
    return n;
}

void sim_kernel_patch_insn(struct sim_kernel *k, uint32_t prog, uint32_t insn, uint32_t slot,
                           int64_t value)
{
    struct sc_opnd *sl[16];
    unsigned n = sc_insn_slots(&k->code[prog][insn], sl);
    if (slot < n) {
        sl[slot]->kind = SC_IMM;
        sl[slot]->v = value;
    }
}

void sim_kernel_patch_init(struct sim_kernel *k, uint32_t unit, uint32_t init, int64_t value)
{
    if (unit < k->nunits && init < k->units[unit].u->ninit)
        k->units[unit].init[init] = value;
}
