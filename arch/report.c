/* report.c - what ktc-arch prints about a device model: a summary by
 * resource kind, a route hop by hop with each link's properties, and the
 * instance graph as Graphviz DOT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch_int.h"

/* "1 GiB", "2 MiB", "2 KiB" when exact, else bytes. */
static void put_size(FILE *out, int64_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (u < 4 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    fprintf(out, "%lld %s", (long long)bytes, units[u]);
}

static const char *per_level(enum arch_level level)
{
    return level == ARCH_LEVEL_CORELET ? " per corelet" : level == ARCH_LEVEL_CORE ? " per core" : "";
}

static void put_link(FILE *out, const struct arch_link *l)
{
    if (!l->id) {
        fprintf(out, "switch connection");
        return;
    }
    fprintf(out, "%lld B/cycle%s, latency %lld cycle%s%s", (long long)l->bandwidth,
            l->bandwidth_given ? "" : " (default)", (long long)l->latency,
            l->latency == 1 ? "" : "s", l->latency_given ? "" : " (default)");
    if (l->ngranularity) {
        fprintf(out, ", granularity [");
        for (uint32_t i = 0; i < l->ngranularity; i++)
            fprintf(out, "%s%lld", i ? ", " : "", (long long)l->granularity[i]);
        fprintf(out, "]");
    }
    if (l->queue) {
        fprintf(out, ", queue");
        if (l->depth)
            fprintf(out, " depth %lld", (long long)l->depth);
        if (l->queue_size)
            fprintf(out, " size %lld B", (long long)l->queue_size);
        if (l->ordered)
            fprintf(out, " ordered");
    }
    for (uint32_t i = 0; i < l->noverlaps; i++)
        fprintf(out, "%s%s", i ? ", " : ", overlaps ", l->overlaps[i]);
}

static void put_access(FILE *out, const char *what, const struct arch_access *a, uint32_t n)
{
    fprintf(out, ", %s", what);
    for (uint32_t i = 0; i < n; i++) {
        fprintf(out, "%s%s (%lld B words", i ? ", " : " ", a[i].space, (long long)a[i].word_size);
        for (uint32_t g = 0; g < a[i].ngranules; g++)
            fprintf(out, "%s%lld/%lld", g ? " " : "; size/align ",
                    (long long)a[i].granules[g].size_in_words,
                    (long long)a[i].granules[g].align_in_words);
        fprintf(out, ")");
    }
}

/* The features and discardable attributes of a unit, after its count. */
static void put_unit(FILE *out, const struct arch_device *d, const struct arch_res *u)
{
    if (u->features & ARCH_F_COMPUTE)
        fprintf(out, ", compute");
    if (u->features & ARCH_F_LOAD)
        put_access(out, "load", u->load, u->nload);
    if (u->features & ARCH_F_STORE)
        put_access(out, "store", u->store, u->nstore);
    if (u->features & ARCH_F_MASKED_WRITES)
        fprintf(out, ", masked_writes");
    if (u->features & ARCH_F_SIMD) {
        fprintf(out, ", simd");
        for (uint32_t i = 0; i < u->nlanes; i++)
            fprintf(out, " %s x%lld", u->lanes[i].type, (long long)u->lanes[i].count);
        if (u->features & ARCH_F_SPLAT)
            fprintf(out, " splat");
        if (u->features & ARCH_F_ZERO_PAD)
            fprintf(out, " zero_pad");
    }
    ir_attr attrs = ir_op_get(d->m, u->op)->attrs;
    const struct ir_attr_info *ai = attrs ? ir_attr_get(d->m, attrs) : NULL;
    for (uint32_t i = 0; ai && i < ai->n; i++) {
        const char *name = ir_str_get(d->m, ai->elems[2 * i]);
        if (strcmp(name, "kind") && strcmp(name, "sym_name") && strncmp(name, "ktdf_arch.", 10))
            fprintf(out, ", %s", name);
    }
}

static int name_width(const struct arch_device *d, enum arch_node node)
{
    int w = 0;
    for (uint32_t k = 0; k < d->nkinds; k++)
        if (d->kinds[k].node == node && (int)strlen(d->kinds[k].name) > w)
            w = (int)strlen(d->kinds[k].name);
    return w;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names mem_space_mapping gives, in alphabetical order. */
static void put_aliases(const struct arch_device *d, FILE *out)
{
    const struct smap *al = &d->priv->alias_of;
    const char **names = malloc((al->n + 1) * sizeof *names);
    if (!names)
        abort();
    uint32_t n = 0;
    for (uint32_t i = 0; i < al->cap; i++)
        if (al->keys[i])
            names[n++] = al->keys[i];
    qsort(names, n, sizeof *names, cmp_str);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k;
        smap_get(al, names[i], &k);
        fprintf(out, ", \"%s\" -> %s", names[i], d->kinds[k].name);
    }
    free(names);
}

void arch_print_summary(const struct arch_device *d, FILE *out)
{
    fprintf(out, "device @%s (%s), clock %lld MHz\n", d->name, d->file, (long long)d->clock_mhz);
    if (d->ncores)
        fprintf(out, "cores: %u x %u corelet%s\n", d->ncores, d->ncorelets,
                d->ncorelets == 1 ? "" : "s");
    else
        fprintf(out, "cores: none (no group holds a unit)\n");
    static const char *const spaces[] = {"global", "ct_local", "L0"};
    fprintf(out, "memory spaces:");
    for (int s = 0; s < 3; s++)
        fprintf(out, "%s %s -> %s", s ? "," : "", spaces[s],
                d->space_kind[s] ? d->space_kind[s] : "(none)");
    put_aliases(d, out);
    fprintf(out, "\n\nmemories:\n");
    int w = name_width(d, ARCH_MEMORY);
    for (uint32_t k = 0; k < d->nkinds; k++) {
        const struct arch_kind *kd = &d->kinds[k];
        if (kd->node != ARCH_MEMORY)
            continue;
        const struct arch_res *m = &d->res[kd->first];
        fprintf(out, "  %-*s  %3u x %-7s  ", w, kd->name, kd->count, arch_level_name(kd->level));
        if (m->size)
            put_size(out, m->size);
        else
            fprintf(out, "size not given");
        fprintf(out, "%s", m->size ? per_level(kd->level) : "");
        if (m->parent != ARCH_NONE)
            fprintf(out, ", below %s", d->res[m->parent].kind);
        if (m->aggregate_bandwidth)
            fprintf(out, ", aggregate %lld B/cycle", (long long)m->aggregate_bandwidth);
        fprintf(out, "\n");
    }
    fprintf(out, "\nunits:\n");
    w = name_width(d, ARCH_UNIT);
    for (uint32_t k = 0; k < d->nkinds; k++) {
        const struct arch_kind *kd = &d->kinds[k];
        if (kd->node != ARCH_UNIT)
            continue;
        fprintf(out, "  %-*s  %3u x %s", w, kd->name, kd->count, arch_level_name(kd->level));
        put_unit(out, d, &d->res[kd->first]);
        fprintf(out, "\n");
    }
    bool ports = false;
    for (uint32_t k = 0; k < d->nkinds; k++)
        ports = ports || d->kinds[k].node == ARCH_PORT;
    if (ports) {
        fprintf(out, "\nswitch ports:\n");
        for (uint32_t k = 0; k < d->nkinds; k++)
            if (d->kinds[k].node == ARCH_PORT)
                fprintf(out, "  %s  %u x %s\n", d->kinds[k].name, d->kinds[k].count,
                        arch_level_name(d->kinds[k].level));
    }
    fprintf(out, "\ndatapaths:\n");
    w = 0;
    for (uint32_t e = 0; e < d->nedges; e++) {
        int n = (int)(strlen(d->kinds[d->edges[e].src].name) + strlen(d->kinds[d->edges[e].dst].name));
        w = n > w ? n : w;
    }
    for (uint32_t e = 0; e < d->nedges; e++) {
        const struct arch_edge *ed = &d->edges[e];
        const char *s = d->kinds[ed->src].name, *t = d->kinds[ed->dst].name;
        fprintf(out, "  %s -> %s%*s  %3u x  ", s, t, w - (int)(strlen(s) + strlen(t)), "",
                ed->count);
        put_link(out, &d->links[ed->link]);
        fprintf(out, "\n");
    }
    if (d->npatterns)
        fprintf(out, "\npatterns: %u block%s\n", d->npatterns, d->npatterns == 1 ? "" : "s");
}

void arch_print_route(const struct arch_device *d, const struct arch_route *r, FILE *out)
{
    const char *first = r->by_kind ? d->kinds[r->nodes[0]].name : d->res[r->nodes[0]].name;
    const char *last =
        r->by_kind ? d->kinds[r->nodes[r->n - 1]].name : d->res[r->nodes[r->n - 1]].name;
    fprintf(out, "route %s -> %s: %u hop%s\n", first, last, r->n - 1, r->n == 2 ? "" : "s");
    int64_t latency = 0, bandwidth = 0;
    for (uint32_t i = 0; i + 1 < r->n; i++) {
        const struct arch_link *l = &d->links[r->links[i]];
        const char *a = r->by_kind ? d->kinds[r->nodes[i]].name : d->res[r->nodes[i]].name;
        const char *b = r->by_kind ? d->kinds[r->nodes[i + 1]].name : d->res[r->nodes[i + 1]].name;
        fprintf(out, "  %s -> %s: ", a, b);
        put_link(out, l);
        if (l->id)
            fprintf(out, " (@%s)", l->id);
        fprintf(out, "\n");
        latency += l->latency;
        if (!bandwidth || l->bandwidth < bandwidth)
            bandwidth = l->bandwidth;
    }
    if (r->n > 1)
        fprintf(out, "total latency %lld cycle%s, narrowest link %lld B/cycle\n",
                (long long)latency, latency == 1 ? "" : "s", (long long)bandwidth);
}

/* ---- DOT ---------------------------------------------------------------- */

static void dot_nodes(const struct arch_device *d, FILE *out, uint32_t group, int depth)
{
    for (uint32_t r = 0; r < d->nres; r++) {
        const struct arch_res *res = &d->res[r];
        if (res->group != group)
            continue;
        static const char *const shapes[] = {"cylinder", "box", "circle"};
        fprintf(out, "%*s\"%s\" [shape=%s%s, label=\"%s", 2 * depth, "", res->name,
                shapes[res->node], res->features & ARCH_F_COMPUTE ? ", style=bold" : "",
                res->name);
        if (res->node == ARCH_MEMORY && res->size) {
            fprintf(out, "\\n");
            put_size(out, res->size);
        }
        fprintf(out, "\"];\n");
    }
    for (uint32_t g = 0; g < d->ngroups; g++) {
        const struct arch_group *gr = &d->groups[g];
        if (gr->parent != group)
            continue;
        fprintf(out, "%*ssubgraph \"cluster_%s\" {\n%*slabel=\"", 2 * depth, "", gr->id,
                2 * depth + 2, "");
        if (gr->level == ARCH_LEVEL_CORE)
            fprintf(out, "core C%d: ", gr->core);
        else if (gr->level == ARCH_LEVEL_CORELET)
            fprintf(out, "corelet C%d-CL%d: ", gr->core, gr->corelet);
        fprintf(out, "%s", gr->id);
        fprintf(out, "\";\n");
        dot_nodes(d, out, g, depth + 1);
        fprintf(out, "%*s}\n", 2 * depth, "");
    }
}

void arch_print_dot(const struct arch_device *d, FILE *out)
{
    fprintf(out, "digraph \"%s\" {\n  node [fontname=\"Helvetica\"];\n", d->name);
    dot_nodes(d, out, ARCH_NONE, 1);
    for (uint32_t i = 0; i < d->nlinks; i++) {
        const struct arch_link *l = &d->links[i];
        fprintf(out, "  \"%s\" -> \"%s\"", d->res[l->src].name, d->res[l->dst].name);
        if (l->id)
            fprintf(out, " [label=\"%lld B/c\"]", (long long)l->bandwidth);
        fprintf(out, ";\n");
    }
    fprintf(out, "}\n");
}

int arch_command(const struct arch_device *d, int nwords, const char *const *words, FILE *out,
                 struct ir_diag *diag)
{
    const char *cmd = nwords ? words[0] : "summary";
    if (strcmp(cmd, "summary") == 0 && nwords <= 1) {
        arch_print_summary(d, out);
        return 0;
    }
    if (strcmp(cmd, "dot") == 0 && nwords == 1) {
        arch_print_dot(d, out);
        return 0;
    }
    if (strcmp(cmd, "route") == 0 && nwords == 3) {
        struct arch_route r;
        if (!arch_route(d, words[1], words[2], &r, diag))
            return 1;
        arch_print_route(d, &r, out);
        arch_route_free(&r);
        return 0;
    }
    ir_diag_report(diag, IR_SEV_ERROR, "ktc-arch", 0, 0,
                   "expected a command: summary, route SRC DST or dot (got '%s'%s)", cmd,
                   nwords > 1 && strcmp(cmd, "route") != 0 ? " and more" : "");
    return 2;
}
