/* report.c - what a run did: per-unit busy/stall/idle cycles, bytes per
 * datapath, the roofline and the bottleneck, as text, as JSON, and the
 * Chrome/Perfetto trace.
 *
 * The roofline is a lower bound on the cycles of any schedule of the same
 * work on the device: the largest, over every resource X the kernel used, of
 * X's busy time plus the latency that must come before X's first use and
 * after its last. Those latencies follow the routes the run's data took:
 * over the datapaths it used, in(n) is the least latency from device memory
 * to node n (a memory or a unit) and out(n) the least from n to device
 * memory, or to the end of its routes when nothing it feeds is written back
 * (routes()). Then:
 *
 *   a datapath a -> b                    in(a) + busy + its latency + out(b)
 *   a unit U                             from(U) + work + out(U): a unit runs
 *                                        one instruction at a time, so the
 *                                        work is its lanes' (the vector ops
 *                                        that count lane operations) plus
 *                                        the transfers it issues (dma, vld,
 *                                        vst, send: each occupies it); from(U)
 *                                        is in(U) over what is sent to it and
 *                                        in(m) for a memory m it reads itself
 *                                        (the read's latency comes after it)
 *   device memory's aggregate bandwidth  busy + min(R, W)  (R and W: the least
 *                                        latencies of the datapaths out of and
 *                                        into it that were used)
 *   its read part alone                  reads + the least round trip (every
 *                                        byte read from device memory crosses
 *                                        the aggregate, then a read route and
 *                                        the route back)
 *   its write part alone                 writes + the least in(a) + latency of
 *                                        a datapath a -> device memory
 *
 * It takes that every on-core transfer and vector operation lies between a
 * device-memory read and a device-memory write, as in a kernel compiled from
 * KTIR. bandwidth_cycles is the busy part alone (the largest busy time); the
 * bottleneck is whatever, datapath or unit, was busiest in this run.
 *
 * The roofline is a bound for the traffic the kernel as compiled moves: a
 * schedule that reads its input three times has one three times higher.
 * The compulsory-traffic roofline (compulsory() below) is the same bound
 * for the device-memory traffic no schedule avoids: each distinct stick
 * the run read or wrote (run.c records them, sim.c keeps the bitmaps),
 * moved once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

static uint64_t cycles_of(uint64_t ticks) { return (ticks + SIM_TICK - 1) / SIM_TICK; }

/* The roofline over resources and lanes (in ticks), its bound and the
 * bandwidth part. */
/* The report's strings live in one block (r->strings): a launch makes one
 * allocation for them, not one per unit and datapath. */
struct sblock {
    char *p;
    size_t used;
};

static const char *keep(struct sblock *b, const char *s, const char *suffix)
{
    char *at = b->p + b->used;
    size_t n = strlen(s), m = strlen(suffix);
    memcpy(at, s, n);
    memcpy(at + n, suffix, m + 1);
    b->used += n + m + 1;
    return at;
}

/* R and W, the least latencies (ticks) of the datapaths out of and into
 * device memory that the run used (0 when none), and the aggregate's,
 * min(R, W) of those used. */
static void dev_latencies(const struct sim_kernel *k, uint64_t *r, uint64_t *w, uint64_t *agg)
{
    uint64_t rd = UINT64_MAX, wr = UINT64_MAX;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes)
            continue;
        if (x->role == SRES_DEV_READ && x->lat < rd)
            rd = x->lat;
        if (x->role == SRES_DEV_WRITE && x->lat < wr)
            wr = x->lat;
    }
    *agg = rd < wr ? rd : wr;
    *r = rd == UINT64_MAX ? 0 : rd;
    *w = wr == UINT64_MAX ? 0 : wr;
    *agg = *agg == UINT64_MAX ? 0 : *agg;
}

/* The routes the run's data took: over the datapaths it used, in[n] the
 * least latency (ticks) from device memory to arch resource n, out[n] the
 * least from n to device memory; a node no used datapath reaches (from
 * device memory) has in 0, one whose routes never reach device memory has
 * out the least latency to the end of a route (0 at a node that sends
 * nothing on). Bellman-Ford over the used datapaths: a handful per core. */
struct routes {
    uint64_t *in, *out;
    uint64_t trip;  /* the least device memory -> ... -> device memory, or R + W */
    uint64_t wtrip; /* the least in(a) + latency of a datapath a -> device memory */
};

static void routes(const struct sim_kernel *k, struct routes *t)
{
    const struct sim *s = k->s;
    uint32_t n = s->d->nres;
    t->in = malloc((n ? n : 1) * sizeof *t->in);
    t->out = malloc((n ? n : 1) * sizeof *t->out);
    bool *sends = calloc(n ? n : 1, sizeof *sends);
    if (!t->in || !t->out || !sends)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        t->in[i] = s->is_dev_mem[i] ? 0 : UINT64_MAX;
        t->out[i] = s->is_dev_mem[i] ? 0 : UINT64_MAX;
    }
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (x->bytes && x->src != SC_NONE)
            sends[x->src] = true;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!sends[i] && t->out[i] == UINT64_MAX)
            t->out[i] = 0; /* the end of a route */
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 0; i < k->nres; i++) {
            const struct sres *x = &k->res[i];
            if (!x->bytes || x->src == SC_NONE)
                continue;
            if (t->in[x->src] != UINT64_MAX && t->in[x->src] + x->lat < t->in[x->dst]) {
                t->in[x->dst] = t->in[x->src] + x->lat;
                changed = true;
            }
            if (t->out[x->dst] != UINT64_MAX && x->lat + t->out[x->dst] < t->out[x->src]) {
                t->out[x->src] = x->lat + t->out[x->dst];
                changed = true;
            }
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        t->in[i] = t->in[i] == UINT64_MAX ? 0 : t->in[i];
        t->out[i] = t->out[i] == UINT64_MAX ? 0 : t->out[i];
    }
    t->trip = t->wtrip = UINT64_MAX;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes || x->src == SC_NONE)
            continue;
        if (x->role == SRES_DEV_READ && x->lat + t->out[x->dst] < t->trip)
            t->trip = x->lat + t->out[x->dst];
        if (x->role == SRES_DEV_WRITE && t->in[x->src] + x->lat < t->wtrip)
            t->wtrip = t->in[x->src] + x->lat;
    }
    uint64_t rd, wr, agg;
    dev_latencies(k, &rd, &wr, &agg);
    t->trip = t->trip == UINT64_MAX ? rd + wr : t->trip;
    t->wtrip = t->wtrip == UINT64_MAX ? rd + wr : t->wtrip;
    free(sends);
}

/* from(U): in(U) over the datapaths that deliver to unit U, but in(m) over
 * one out of a memory m (U reads m itself: the latency comes after). */
static uint64_t unit_from(const struct sim_kernel *k, const struct routes *t, uint32_t u)
{
    const struct sim *s = k->s;
    uint64_t best = UINT64_MAX;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes || x->dst != u)
            continue;
        uint64_t v = s->mem_of_res[x->src] != SC_NONE ? t->in[x->src] : t->in[x->src] + x->lat;
        if (v < best)
            best = v;
    }
    return best == UINT64_MAX ? t->in[u] : best;
}

static void roofline(struct sim_kernel *k, struct sim_report *r, const struct sim_ucount *uc,
                     const struct routes *t, struct sblock *sb)
{
    uint64_t rd, wr, agg;
    dev_latencies(k, &rd, &wr, &agg);
    /* bytes read from and written to device memory: the sums over the
     * datapaths out of and into it (each transfer crosses one of each
     * direction it uses), when one memory's aggregate carries them all */
    uint64_t rbytes = 0, wbytes = 0;
    uint32_t naggs = 0;
    const struct sres *ag = NULL;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        rbytes += x->role == SRES_DEV_READ ? x->bytes : 0;
        wbytes += x->role == SRES_DEV_WRITE ? x->bytes : 0;
        if (x->role == SRES_DEV_AGG) {
            naggs++;
            ag = x;
        }
    }
    uint64_t best = 0, bw = 0, lat = 0;
    const char *by = NULL, *part_of = "";
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes)
            continue;
        uint64_t l = x->role == SRES_DEV_AGG ? agg
                     : x->src == SC_NONE    ? rd + wr /* a local memory's aggregate */
                                            : t->in[x->src] + x->lat + t->out[x->dst];
        if (x->busy > bw)
            bw = x->busy;
        if (x->busy + l > best) {
            best = x->busy + l;
            lat = l;
            by = x->name;
            part_of = "";
        }
    }
    /* the aggregate's read and write parts, each in whole ticks rounded
     * down (the run rounded every transfer up) */
    for (int w = 0; naggs == 1 && ag->bytes && w < 2; w++) {
        uint64_t part = (uint64_t)((double)(w ? wbytes : rbytes) * SIM_TICK / ag->bw);
        uint64_t l = w ? t->wtrip : t->trip;
        if (part && part + l > best) {
            best = part + l;
            lat = l;
            by = ag->name;
            part_of = w ? " writes" : " reads";
        }
    }
    for (uint32_t i = 0; i < k->nunits; i++) {
        uint64_t work = uc[i].vbusy + uc[i].xbusy;
        if (!work)
            continue;
        if (work > bw)
            bw = work;
        uint32_t u = k->units[i].res;
        uint64_t l = unit_from(k, t, u) + t->out[u];
        if (work + l > best) {
            best = work + l;
            lat = l;
            by = k->units[i].u->name;
            part_of = !uc[i].xbusy ? " lanes" : !uc[i].vbusy ? " transfers" : " lanes and transfers";
        }
    }
    r->roofline_cycles = cycles_of(best);
    r->roofline_latency = cycles_of(lat);
    r->bandwidth_cycles = cycles_of(bw);
    r->roofline_by = keep(sb, by ? by : "none", part_of);
}

/* The compulsory-traffic roofline: the distinct sticks the run read (Cr
 * bytes) and wrote (Cw) in device memory, each once, at the bandwidth of
 * the datapaths out of and into it that the run used (their sum: the
 * sticks could be spread over all of them) and of its aggregate, with the
 * roofline's latencies (T the least round trip from device memory back to
 * it, Tw the least latency from device memory to the end of a write into
 * it; routes()): the largest of
 *
 *   Cr / (the read datapaths' bandwidth)    + T
 *   Cw / (the write datapaths' bandwidth)   + Tw
 *   (Cr + Cw) / aggregate                   + min(R, W)
 *   Cr / aggregate + T,  Cw / aggregate + Tw
 *
 * each in whole ticks rounded down. */
static void compulsory(struct sim_kernel *k, struct sim_report *r, const struct routes *rt,
                       struct sblock *sb)
{
    const struct sim *s = k->s;
    uint64_t c[2] = {0, 0};
    const char *mem = "none";
    for (uint32_t m = 0; m < s->nmem; m++) {
        uint64_t n[2] = {stouch_count(k, m, 0), stouch_count(k, m, 1)};
        if (!n[0] && !n[1])
            continue;
        c[0] += n[0] * s->stick;
        c[1] += n[1] * s->stick;
        mem = s->d->res[s->mem[m].res].name;
    }
    r->stick = s->stick;
    r->compulsory_read = c[0];
    r->compulsory_written = c[1];
    uint64_t rd, wr, agg;
    dev_latencies(k, &rd, &wr, &agg);
    double bw[2] = {0, 0};
    uint32_t nl[2] = {0, 0}, naggs = 0;
    const char *one[2] = {NULL, NULL};
    const struct sres *ag = NULL;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes)
            continue;
        int w = x->role == SRES_DEV_READ ? 0 : x->role == SRES_DEV_WRITE ? 1 : -1;
        if (w >= 0) {
            bw[w] += x->bw;
            nl[w]++;
            one[w] = x->name;
        }
        if (x->role == SRES_DEV_AGG) {
            naggs++;
            ag = x;
        }
    }
    uint64_t best = 0, lat = 0;
    char by[160];
    snprintf(by, sizeof by, "none");
    for (int w = 0; w < 2; w++) {
        if (!c[w] || bw[w] <= 0)
            continue;
        uint64_t t = (uint64_t)((double)c[w] * SIM_TICK / bw[w]), l = w ? rt->wtrip : rt->trip;
        if (t && t + l > best) {
            best = t + l;
            lat = l;
            if (nl[w] == 1)
                snprintf(by, sizeof by, "%s", one[w]);
            else
                snprintf(by, sizeof by, "%.64s %s over %u datapaths", mem, w ? "writes" : "reads",
                         nl[w]);
        }
    }
    for (int w = 0; naggs == 1 && w < 3; w++) {
        uint64_t bytes = w == 2 ? c[0] + c[1] : c[w];
        uint64_t l = w == 2 ? agg : w ? rt->wtrip : rt->trip;
        uint64_t t = (uint64_t)((double)bytes * SIM_TICK / ag->bw);
        if (t && t + l > best) {
            best = t + l;
            lat = l;
            snprintf(by, sizeof by, "%.64s%s", ag->name, w == 2 ? "" : w ? " writes" : " reads");
        }
    }
    r->compulsory_cycles = cycles_of(best);
    r->compulsory_latency = cycles_of(lat);
    r->compulsory_by = keep(sb, by, "");
}

void sim_report_fill(struct sim_kernel *k, struct sim_report *r, const struct sim_ucount *uc,
                     uint64_t end)
{
    r->cycles = cycles_of(end);
    r->nunits = k->nunits;
    r->units = calloc(k->nunits ? k->nunits : 1, sizeof *r->units);
    /* the strings: names of units, kinds, datapaths, the roofline's (at most
     * the longest name + " lanes and transfers"), the compulsory roofline's (at most 160)
     * and "none" */
    size_t size = sizeof "none" + sizeof " lanes and transfers" + 160, longest = 0;
    for (uint32_t i = 0; i < k->nunits; i++) {
        size_t n = strlen(k->units[i].u->name) + 1;
        size += n + strlen(k->units[i].u->kind) + 1;
        longest = n > longest ? n : longest;
    }
    for (uint32_t i = 0; i < k->nres; i++)
        if (k->res[i].bytes) {
            size_t n = strlen(k->res[i].name) + 1;
            size += n;
            longest = n > longest ? n : longest;
        }
    struct sblock sb = {malloc(size + longest), 0};
    if (!r->units || !sb.p)
        abort();
    r->strings = sb.p;
    uint64_t worst = 0;
    r->bottleneck = keep(&sb, "none", "");
    for (uint32_t i = 0; i < k->nunits; i++) {
        struct sim_unit_stats *u = &r->units[i];
        u->name = keep(&sb, k->units[i].u->name, "");
        u->kind = keep(&sb, k->units[i].u->kind, "");
        u->busy = cycles_of(uc[i].busy);
        u->stall = cycles_of(uc[i].stall);
        if (u->busy > r->cycles)
            u->busy = r->cycles;
        if (u->stall > r->cycles - u->busy)
            u->stall = r->cycles - u->busy;
        u->idle = r->cycles - u->busy - u->stall;
        u->insns = uc[i].insns;
        u->lane_ops = uc[i].lane_ops;
        r->insns += uc[i].insns;
        r->lane_ops += uc[i].lane_ops;
        if (uc[i].busy > worst) {
            worst = uc[i].busy;
            r->bottleneck = u->name;
        }
    }
    for (uint32_t i = 0; i < k->nres; i++)
        r->npaths += k->res[i].bytes > 0;
    r->paths = calloc(r->npaths ? r->npaths : 1, sizeof *r->paths);
    uint32_t n = 0;
    for (uint32_t i = 0; i < k->nres; i++) {
        const struct sres *x = &k->res[i];
        if (!x->bytes)
            continue;
        struct sim_path_stats *p = &r->paths[n++];
        *p = (struct sim_path_stats){keep(&sb, x->name, ""), x->bytes, x->bw, cycles_of(x->busy)};
        if (x->busy > worst) {
            worst = x->busy;
            r->bottleneck = p->name;
        }
    }
    struct routes t;
    routes(k, &t);
    roofline(k, r, uc, &t, &sb);
    compulsory(k, r, &t, &sb);
    free(t.in);
    free(t.out);
}

void sim_report_free(struct sim_report *r)
{
    free(r->message);
    free(r->strings);
    free(r->units);
    free(r->paths);
    if (r->trace) {
        free(r->trace->s);
        free(r->trace->core);
        free(r->trace);
    }
    memset(r, 0, sizeof *r);
}

static const char *const status_name[] = {"ok", "deadlock", "cycle limit", "error"};

void sim_print_stats(const struct sim_report *r, FILE *out)
{
    fprintf(out, "cycles: %llu (roofline %llu = latency %llu + busy %llu of %s; bandwidth %llu; "
            "%.0f%%; bottleneck: %s)\n",
            (unsigned long long)r->cycles, (unsigned long long)r->roofline_cycles,
            (unsigned long long)r->roofline_latency,
            (unsigned long long)(r->roofline_cycles - r->roofline_latency),
            r->roofline_by ? r->roofline_by : "none", (unsigned long long)r->bandwidth_cycles,
            r->cycles ? 100.0 * (double)r->roofline_cycles / (double)r->cycles : 0.0,
            r->bottleneck);
    fprintf(out, "compulsory: %llu cycles (= latency %llu + busy %llu of %s; %llu bytes: %llu read, "
            "%llu written, in %llu-byte sticks; cycles / compulsory %.2f)\n",
            (unsigned long long)r->compulsory_cycles, (unsigned long long)r->compulsory_latency,
            (unsigned long long)(r->compulsory_cycles - r->compulsory_latency),
            r->compulsory_by ? r->compulsory_by : "none",
            (unsigned long long)(r->compulsory_read + r->compulsory_written),
            (unsigned long long)r->compulsory_read, (unsigned long long)r->compulsory_written,
            (unsigned long long)r->stick,
            r->compulsory_cycles ? (double)r->cycles / (double)r->compulsory_cycles : 0.0);
    fprintf(out, "status: %s; %llu instructions, %llu vector lane operations\n",
            status_name[r->status], (unsigned long long)r->insns,
            (unsigned long long)r->lane_ops);
    fprintf(out, "%-22s %-6s %10s %10s %10s %6s %12s\n", "unit", "kind", "busy", "stall", "idle",
            "util", "lane ops");
    for (uint32_t i = 0; i < r->nunits; i++) {
        const struct sim_unit_stats *u = &r->units[i];
        fprintf(out, "%-22s %-6s %10llu %10llu %10llu %5.1f%% %12llu\n", u->name, u->kind,
                (unsigned long long)u->busy, (unsigned long long)u->stall,
                (unsigned long long)u->idle,
                r->cycles ? 100.0 * (double)u->busy / (double)r->cycles : 0.0,
                (unsigned long long)u->lane_ops);
    }
    fprintf(out, "%-32s %12s %10s %12s %12s\n", "datapath", "bytes", "B/cycle", "achieved",
            "busy");
    for (uint32_t i = 0; i < r->npaths; i++) {
        const struct sim_path_stats *p = &r->paths[i];
        fprintf(out, "%-32s %12llu %10.1f %12.2f %12llu\n", p->name,
                (unsigned long long)p->bytes, p->bandwidth,
                r->cycles ? (double)p->bytes / (double)r->cycles : 0.0,
                (unsigned long long)p->busy);
    }
}

static void json_string(const char *s, FILE *out)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

void sim_print_stats_json(const struct sim_report *r, FILE *out)
{
    fprintf(out, "{\n  \"status\": \"%s\",\n  \"cycles\": %llu,\n  \"roofline_cycles\": %llu,\n"
            "  \"roofline_latency\": %llu,\n  \"bandwidth_cycles\": %llu,\n  \"roofline_by\": ",
            status_name[r->status], (unsigned long long)r->cycles,
            (unsigned long long)r->roofline_cycles, (unsigned long long)r->roofline_latency,
            (unsigned long long)r->bandwidth_cycles);
    json_string(r->roofline_by ? r->roofline_by : "none", out);
    fputs(",\n  \"bottleneck\": ", out);
    json_string(r->bottleneck, out);
    fprintf(out, ",\n  \"compulsory_cycles\": %llu,\n  \"compulsory_latency\": %llu,\n"
            "  \"compulsory_by\": ", (unsigned long long)r->compulsory_cycles,
            (unsigned long long)r->compulsory_latency);
    json_string(r->compulsory_by ? r->compulsory_by : "none", out);
    fprintf(out, ",\n  \"compulsory_read_bytes\": %llu,\n  \"compulsory_written_bytes\": %llu,\n"
            "  \"stick_bytes\": %llu",
            (unsigned long long)r->compulsory_read, (unsigned long long)r->compulsory_written,
            (unsigned long long)r->stick);
    fprintf(out, ",\n  \"instructions\": %llu,\n  \"lane_ops\": %llu,\n  \"bytes\": {",
            (unsigned long long)r->insns, (unsigned long long)r->lane_ops);
    for (uint32_t i = 0; i < r->npaths; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        json_string(r->paths[i].name, out);
        fprintf(out, ": %llu", (unsigned long long)r->paths[i].bytes);
    }
    fputs(r->npaths ? "\n  },\n  \"datapaths\": [" : "},\n  \"datapaths\": [", out);
    for (uint32_t i = 0; i < r->npaths; i++) {
        const struct sim_path_stats *p = &r->paths[i];
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
        json_string(p->name, out);
        fprintf(out, ", \"bytes\": %llu, \"bandwidth\": %g, \"busy\": %llu}",
                (unsigned long long)p->bytes, p->bandwidth, (unsigned long long)p->busy);
    }
    fputs(r->npaths ? "\n  ],\n  \"units\": [" : "],\n  \"units\": [", out);
    for (uint32_t i = 0; i < r->nunits; i++) {
        const struct sim_unit_stats *u = &r->units[i];
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
        json_string(u->name, out);
        fputs(", \"kind\": ", out);
        json_string(u->kind, out);
        fprintf(out, ", \"busy\": %llu, \"stall\": %llu, \"idle\": %llu, \"instructions\": %llu, "
                "\"lane_ops\": %llu}",
                (unsigned long long)u->busy, (unsigned long long)u->stall,
                (unsigned long long)u->idle, (unsigned long long)u->insns,
                (unsigned long long)u->lane_ops);
    }
    fputs(r->nunits ? "\n  ]\n}\n" : "]\n}\n", out);
}

void sim_write_trace(const struct sim_report *r, FILE *out)
{
    const struct sim_trace *tr = r->trace;
    fputs("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n", out);
    bool first = true;
    if (tr) {
        /* metadata: a process per core (-1: device level), a thread per unit */
        for (uint32_t i = 0; i < tr->nunits; i++) {
            int32_t pid = tr->core[i] + 1;
            bool named = false;
            for (uint32_t j = 0; j < i; j++)
                named |= tr->core[j] == tr->core[i];
            if (!named)
                fprintf(out, "%s{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %d, "
                        "\"args\": {\"name\": \"%s%d\"}},\n", first ? "" : ",\n", pid,
                        tr->core[i] < 0 ? "device" : "core ", tr->core[i] < 0 ? 0 : tr->core[i]);
            else if (!first)
                fputs(",\n", out);
            first = false;
            fprintf(out, "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %d, \"tid\": %u, "
                    "\"args\": {\"name\": ", pid, i);
            json_string(r->units[i].name, out);
            fputs("}}", out);
        }
        /* ts and dur in microseconds at the device clock */
        double us = 1.0 / ((double)(tr->clock_mhz > 0 ? tr->clock_mhz : 1000) * SIM_TICK);
        for (uint32_t i = 0; i < tr->n; i++) {
            const struct sim_slice *s = &tr->s[i];
            fprintf(out,
                    ",\n{\"ph\": \"X\", \"name\": \"%s%s\", \"cat\": \"%s\", \"pid\": %d, "
                    "\"tid\": %u, \"ts\": %.6f, \"dur\": %.6f",
                    s->stall ? "stall:" : "", sc_ops[s->op].name, s->stall ? "stall" : "work",
                    tr->core[s->unit] + 1, s->unit, (double)s->start * us,
                    (double)(s->end - s->start) * us);
            fprintf(out, ", \"args\": {\"pc\": %u}", s->pc);
            fputc('}', out);
        }
    }
    fputs("\n]}\n", out);
}
