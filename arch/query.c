/* query.c - what passes ask a device model (arch.h): lookups by name,
 * memory spaces, features, attributes, and shortest routes over the kind
 * graph or between instances. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch_int.h"

uint32_t arch_kind_find(const struct arch_device *d, const char *name)
{
    uint32_t k;
    return smap_get(&d->priv->kind_of, name, &k) ? k : ARCH_NONE;
}

uint32_t arch_res_find(const struct arch_device *d, const char *name)
{
    uint32_t r;
    return smap_get(&d->priv->res_of, name, &r) ? r : ARCH_NONE;
}

uint32_t arch_link_find(const struct arch_device *d, uint32_t src, uint32_t dst)
{
    if (src >= d->nres)
        return ARCH_NONE;
    const struct arch_priv *p = d->priv;
    for (uint32_t i = p->out_start[src]; i < p->out_start[src + 1]; i++)
        if (d->links[p->out[i]].dst == dst)
            return p->out[i];
    return ARCH_NONE;
}

uint32_t arch_edge_link(const struct arch_device *d, uint32_t src, uint32_t dst)
{
    for (uint32_t e = 0; e < d->nedges; e++)
        if (d->edges[e].src == src && d->edges[e].dst == dst)
            return d->edges[e].link;
    return ARCH_NONE;
}

int64_t arch_fifo_entry(const struct arch_link *l, int64_t *depth)
{
    int64_t entry = 0;
    *depth = l->depth > 0 ? l->depth : 2;
    for (uint32_t g = 0; g < l->ngranularity; g++)
        entry = l->granularity[g] > entry ? l->granularity[g] : entry;
    if (l->queue_size > 0 && l->depth > 0)
        entry = l->queue_size / l->depth;
    return entry > 0 ? entry : 128;
}

uint32_t arch_slot_end(const struct arch_device *d, const struct ir_module *m, ir_attr end)
{
    const struct ir_attr_info *ai = end ? ir_attr_get(m, end) : NULL;
    return ai && ai->kind == IR_AT_STRING ? arch_kind_find(d, ir_str_get(m, ai->s)) : ARCH_NONE;
}

uint32_t arch_slot_link(const struct arch_device *d, const struct ir_module *m, ir_type t,
                        int64_t *entries, int64_t *depth)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    uint32_t src = arch_slot_end(d, m, ti->attr0), dst = arch_slot_end(d, m, ti->attr1);
    uint32_t link = src != ARCH_NONE && dst != ARCH_NONE ? arch_edge_link(d, src, dst) : ARCH_NONE;
    if (link == ARCH_NONE || (!entries && !depth))
        return link;
    int64_t held, entry = arch_fifo_entry(&d->links[link], &held);
    int64_t bytes = ir_type_numel(m, t) * ir_type_bytes(m, ti->elem);
    if (entries)
        *entries = (bytes + entry - 1) / entry;
    if (depth)
        *depth = held;
    return link;
}

/* The place index of kind k (arch_at), built on first use: a stage asks
 * for the unit of every core (ktc-lower, ktc-codegen), which was a scan
 * over the kind's instances each time. */
static const struct arch_at *at_of(const struct arch_device *d, uint32_t k)
{
    struct arch_priv *p = d->priv;
    if (!p->at) {
        p->at = calloc(d->nkinds, sizeof *p->at);
        if (!p->at)
            abort();
    }
    struct arch_at *a = &p->at[k];
    if (a->first)
        return a;
    int32_t maxcore = -1, maxcl = -1;
    for (uint32_t r = d->kinds[k].first; r < d->nres; r++)
        if (d->res[r].kind_index == k) {
            maxcore = d->res[r].core > maxcore ? d->res[r].core : maxcore;
            maxcl = d->res[r].corelet > maxcl ? d->res[r].corelet : maxcl;
        }
    a->ncores = (uint32_t)(maxcore + 1);
    a->ncl = (uint32_t)(maxcl + 2);
    a->first = malloc(((size_t)a->ncores * a->ncl + 1) * sizeof *a->first);
    if (!a->first)
        abort();
    for (size_t i = 0; i < (size_t)a->ncores * a->ncl; i++)
        a->first[i] = ARCH_NONE;
    for (uint32_t r = d->kinds[k].first; r < d->nres; r++) {
        const struct arch_res *res = &d->res[r];
        if (res->kind_index != k || res->core < 0)
            continue;
        uint32_t *on = &a->first[(size_t)res->core * a->ncl];
        if (on[0] == ARCH_NONE)
            on[0] = r;
        if (res->corelet >= 0 && on[1 + res->corelet] == ARCH_NONE)
            on[1 + res->corelet] = r;
    }
    return a;
}

uint32_t arch_res_at(const struct arch_device *d, const char *kind, int32_t core, int32_t corelet)
{
    uint32_t k = arch_kind_find(d, kind);
    if (k == ARCH_NONE)
        return ARCH_NONE;
    if (core >= 0) {
        const struct arch_at *a = at_of(d, k);
        if ((uint32_t)core >= a->ncores || (corelet >= 0 && (uint32_t)corelet + 1 >= a->ncl))
            return ARCH_NONE;
        return a->first[(size_t)core * a->ncl + (corelet < 0 ? 0 : 1 + (uint32_t)corelet)];
    }
    for (uint32_t r = d->kinds[k].first; r < d->nres; r++) {
        const struct arch_res *res = &d->res[r];
        if (res->kind_index == k && (core < 0 || res->core == core) &&
            (corelet < 0 || res->corelet == corelet))
            return r;
    }
    return ARCH_NONE;
}

const char *arch_space_kind(const struct arch_device *d, enum ir_memspace space)
{
    return (unsigned)space < sizeof d->space_kind / sizeof *d->space_kind ? d->space_kind[space]
                                                                           : NULL;
}

const char *arch_space_attr_kind(const struct arch_device *d, const struct ir_module *m,
                                 ir_attr space)
{
    const struct ir_attr_info *ai = ir_attr_get(m, space);
    if (ai->kind == IR_AT_MEMSPACE)
        return arch_space_kind(d, (enum ir_memspace)ai->i);
    if (ai->kind != IR_AT_STRING)
        return NULL;
    uint32_t k;
    if (smap_get(&d->priv->alias_of, ir_str_get(m, ai->s), &k))
        return d->kinds[k].name;
    k = arch_kind_find(d, ir_str_get(m, ai->s));
    return k != ARCH_NONE && d->kinds[k].node == ARCH_MEMORY ? d->kinds[k].name : NULL;
}

uint32_t arch_local_memory(const struct arch_device *d, uint32_t r)
{
    for (uint32_t x = 0; x < d->nres; x++)
        if (d->res[x].node == ARCH_MEMORY && d->res[x].group == d->res[r].group)
            return x;
    return ARCH_NONE;
}

int64_t arch_lanes(const struct arch_device *d, uint32_t r, const char *type)
{
    const struct arch_res *res = &d->res[r];
    for (uint32_t i = 0; i < res->nlanes; i++)
        if (strcmp(res->lanes[i].type, type) == 0)
            return res->lanes[i].count;
    return 0;
}

int64_t arch_access_least(const struct arch_access *a, int64_t *align)
{
    int64_t w = a && a->word_size > 0 ? a->word_size : 1, least = 0, al = 1;
    if (a && !a->ngranules) {
        least = w > 1 ? w : 0;
        al = w;
    }
    for (uint32_t i = 0; a && i < a->ngranules; i++) {
        int64_t s = a->granules[i].size_in_words * w;
        if (s > 0 && (!least || s < least)) {
            least = s;
            al = (a->granules[i].align_in_words > 0 ? a->granules[i].align_in_words : 1) * w;
        }
    }
    if (align)
        *align = al;
    return least;
}

const struct arch_access *arch_access(const struct arch_device *d, uint32_t r, bool store,
                                      const char *space)
{
    const struct arch_res *res = &d->res[r];
    const struct arch_access *a = store ? res->store : res->load;
    uint32_t n = store ? res->nstore : res->nload;
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(a[i].space, space) == 0)
            return &a[i];
    return NULL;
}

ir_attr arch_res_attr(const struct arch_device *d, uint32_t r, const char *name)
{
    return ir_op_attr(d->m, d->res[r].op, name);
}

ir_attr arch_device_attr(const struct arch_device *d, const char *name,
                         const struct ir_module **where)
{
    for (uint32_t i = 0; i < d->priv->ndecls; i++) {
        const struct arch_decl *e = &d->priv->decls[i];
        ir_attr a = ir_op_attr(e->m, e->op, name);
        if (a) {
            if (where)
                *where = e->m;
            return a;
        }
    }
    return IR_NONE;
}

const char *arch_level_name(enum arch_level level)
{
    static const char *const names[] = {"device", "core", "corelet"};
    return names[level];
}

/* ---- routes ----------------------------------------------------------- */

/* A route end: a kind node (a kind or a memory space), or an instance. */
static bool kind_end(const struct arch_device *d, const char *name, uint32_t *k)
{
    *k = arch_kind_find(d, name);
    if (*k != ARCH_NONE)
        return true;
    int space = arch_space_of_name(name);
    if (space < 0)
        return smap_get(&d->priv->alias_of, name, k);
    if (!d->space_kind[space])
        return false;
    *k = arch_kind_find(d, d->space_kind[space]);
    return true;
}

/* Reports at the device op; route errors are errors of the description. */
static void route_error(const struct arch_device *d, struct ir_diag *diag, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void route_error(const struct arch_device *d, struct ir_diag *diag, const char *fmt, ...)
{
    struct ir_loc loc = ir_op_get(d->m, d->op)->loc;
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(diag, IR_SEV_ERROR, ir_str_get(d->m, loc.file), loc.line, loc.col, fmt, ap);
    va_end(ap);
}

/* A binary heap of nodes by (latency, hops, order pushed). */
struct heap_item {
    int64_t latency;
    uint32_t hops, seq, node;
};

static bool item_less(const struct heap_item *a, const struct heap_item *b)
{
    if (a->latency != b->latency)
        return a->latency < b->latency;
    return a->hops != b->hops ? a->hops < b->hops : a->seq < b->seq;
}

static void heap_push(struct heap_item *h, uint32_t *n, struct heap_item it)
{
    uint32_t i = (*n)++;
    for (; i && item_less(&it, &h[(i - 1) / 2]); i = (i - 1) / 2)
        h[i] = h[(i - 1) / 2];
    h[i] = it;
}

static struct heap_item heap_pop(struct heap_item *h, uint32_t *n)
{
    struct heap_item top = h[0], last = h[--*n];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && item_less(&h[c + 1], &h[c]))
            c++;
        if (!item_less(&h[c], &last))
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n)
        h[i] = last;
    return top;
}

bool arch_route(const struct arch_device *d, const char *from, const char *to,
                struct arch_route *r, struct ir_diag *diag)
{
    memset(r, 0, sizeof *r);
    uint32_t a, b;
    bool inst = !kind_end(d, from, &a) || !kind_end(d, to, &b);
    if (inst) {
        a = arch_res_find(d, from);
        b = arch_res_find(d, to);
        if (a == ARCH_NONE || b == ARCH_NONE) {
            const char *bad = a == ARCH_NONE ? from : to;
            uint32_t k;
            if (arch_space_of_name(bad) >= 0)
                route_error(d, diag, "memory space '%s' maps to no memory of device @%s", bad,
                            d->name);
            else if (kind_end(d, bad == from ? to : from, &k))
                route_error(d, diag, "device @%s has no resource kind, memory space or instance "
                            "named '%s'", d->name, bad);
            else
                route_error(d, diag, "device @%s has no instance named '%s'", d->name, bad);
            return false;
        }
    }
    const struct arch_priv *p = d->priv;
    uint32_t n = inst ? d->nres : d->nkinds;
    const uint32_t *start = inst ? p->out_start : p->kout_start, *out = inst ? p->out : p->kout;
    uint32_t nedges = inst ? d->nlinks : d->nedges;
    uint32_t *prev = malloc((n + 1) * sizeof *prev), *via = malloc((n + 1) * sizeof *via);
    struct heap_item *best = malloc((n + 1) * sizeof *best);
    struct heap_item *heap = malloc((nedges + 2) * sizeof *heap);
    if (!prev || !via || !best || !heap)
        abort();
    for (uint32_t i = 0; i < n; i++)
        prev[i] = ARCH_NONE;
    /* Dijkstra over link latencies with lazy deletion: the least total
     * latency, then the fewest hops, then the datapaths written first. */
    uint32_t nheap = 0, seq = 0;
    prev[a] = a;
    best[a] = (struct heap_item){0, 0, seq++, a};
    heap_push(heap, &nheap, best[a]);
    while (nheap) {
        struct heap_item it = heap_pop(heap, &nheap);
        if (it.seq != best[it.node].seq)
            continue; /* superseded */
        if (it.node == b)
            break;
        for (uint32_t i = start[it.node]; i < start[it.node + 1]; i++) {
            uint32_t link = inst ? out[i] : d->edges[out[i]].link;
            uint32_t y = inst ? d->links[link].dst : d->edges[out[i]].dst;
            struct heap_item next = {it.latency + d->links[link].latency, it.hops + 1, seq, y};
            if (prev[y] != ARCH_NONE && !item_less(&next, &best[y]))
                continue;
            seq++;
            prev[y] = it.node;
            via[y] = link;
            best[y] = next;
            heap_push(heap, &nheap, next);
        }
    }
    bool found = prev[b] != ARCH_NONE;
    if (found) {
        uint32_t len = 1;
        for (uint32_t x = b; x != a; x = prev[x])
            len++;
        r->by_kind = !inst;
        r->n = len;
        r->nodes = malloc(len * sizeof *r->nodes);
        r->links = malloc(len * sizeof *r->links);
        if (!r->nodes || !r->links)
            abort();
        for (uint32_t x = b, i = len; i-- > 0; x = prev[x]) {
            r->nodes[i] = x;
            if (i)
                r->links[i - 1] = via[x];
        }
    } else {
        route_error(d, diag, "no route from '%s' to '%s' in device @%s", from, to, d->name);
    }
    free(prev);
    free(via);
    free(best);
    free(heap);
    return found;
}

void arch_route_free(struct arch_route *r)
{
    free(r->nodes);
    free(r->links);
    memset(r, 0, sizeof *r);
}
