/* model.c - builds the device model from a ktdf_arch.device body (arch.h):
 * resource ids, instances with their levels and names, features, timing,
 * the memory tree, the memory-space mapping and the routing graph over
 * kinds. The graph-level rules of a description are checked here, each
 * with a located error; the syntax-level ones are the verifier's
 * (ktir/dialects/ktdf_arch.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch_int.h"
#include "ktir/arena.h"
#include "ktir/asm.h"
#include "ktir/ops.h"

/* ---- string map ------------------------------------------------------- */

/* FNV-1a with murmur3's finalizer: the low bits pick the slot, and
 * instance names differ in a digit or two (C12-L1LU-CL1). */
static uint32_t hash_str(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

uint32_t *smap_ref(struct smap *s, const char *key)
{
    if (!s->cap)
        return NULL;
    uint32_t h = hash_str(key);
    for (uint32_t i = h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (!s->keys[i])
            return NULL;
        if (s->hashes[i] == h && strcmp(s->keys[i], key) == 0)
            return &s->vals[i];
    }
}

bool smap_get(const struct smap *s, const char *key, uint32_t *val)
{
    const uint32_t *v = smap_ref((struct smap *)s, key);
    if (v && val)
        *val = *v;
    return v != NULL;
}

static void smap_insert(struct smap *s, const char *key, uint32_t h, uint32_t val)
{
    uint32_t i = h & (s->cap - 1);
    while (s->keys[i] && (s->hashes[i] != h || strcmp(s->keys[i], key) != 0))
        i = (i + 1) & (s->cap - 1);
    if (!s->keys[i])
        s->n++;
    s->keys[i] = key;
    s->vals[i] = val;
    s->hashes[i] = h;
}

/* Grows s to hold n keys without rehashing on the way. */
static void smap_reserve(struct smap *s, uint32_t n)
{
    uint32_t cap = 64;
    while (cap < 2 * n)
        cap *= 2;
    if (cap <= s->cap)
        return;
    struct smap old = *s;
    s->cap = cap;
    s->n = 0;
    s->keys = calloc(s->cap, sizeof *s->keys);
    s->vals = calloc(s->cap, sizeof *s->vals);
    s->hashes = calloc(s->cap, sizeof *s->hashes);
    if (!s->keys || !s->vals || !s->hashes)
        abort();
    for (uint32_t i = 0; i < old.cap; i++)
        if (old.keys[i])
            smap_insert(s, old.keys[i], old.hashes[i], old.vals[i]);
    smap_free(&old);
}

void smap_put(struct smap *s, const char *key, uint32_t val)
{
    smap_reserve(s, s->n + 1);
    smap_insert(s, key, hash_str(key), val);
}

/* smap_put of a key not in s yet: false (s unchanged) when it is. */
static bool smap_add(struct smap *s, const char *key, uint32_t val)
{
    if (2 * (s->n + 1) > s->cap)
        smap_reserve(s, s->n + 1);
    uint32_t h = hash_str(key), i = h & (s->cap - 1);
    for (; s->keys[i]; i = (i + 1) & (s->cap - 1))
        if (s->hashes[i] == h && strcmp(s->keys[i], key) == 0)
            return false;
    s->keys[i] = key;
    s->vals[i] = val;
    s->hashes[i] = h;
    s->n++;
    return true;
}

void smap_free(struct smap *s)
{
    free(s->keys);
    free(s->vals);
    free(s->hashes);
    memset(s, 0, sizeof *s);
}

char *arch_strf(struct arch_device *d, const char *fmt, ...)
{
    char buf[256]; /* one formatting pass when the result fits */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *s = arena_alloc(d->priv->arena, (size_t)n + 1);
    if ((size_t)n < sizeof buf) {
        memcpy(s, buf, (size_t)n + 1);
        return s;
    }
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* Writes n in decimal at p; returns the number of digits. */
static size_t put_uint(char *p, uint32_t n)
{
    char digits[10];
    size_t nd = 0;
    do
        digits[nd++] = (char)('0' + n % 10);
    while ((n /= 10) != 0);
    for (size_t i = 0; i < nd; i++)
        p[i] = digits[nd - 1 - i];
    return nd;
}

/* base, sep and n in decimal ("%s%c%u") in the model's arena: the ids and
 * names of repeated resources, without printf's cost. */
static const char *suffixed(struct arch_device *d, const char *base, char sep, uint32_t n)
{
    size_t len = strlen(base);
    char *s = arena_alloc(d->priv->arena, len + 12);
    memcpy(s, base, len);
    s[len] = sep;
    s[len + 1 + put_uint(s + len + 1, n)] = '\0';
    return s;
}

/* "C<core>-<kind>", and "-CL<corelet>" after it when corelet >= 0, in the
 * model's arena. */
static const char *core_name(struct arch_device *d, int32_t core, const char *kind,
                             int32_t corelet)
{
    size_t len = strlen(kind), n = 0;
    char *s = arena_alloc(d->priv->arena, len + 28);
    s[n++] = 'C';
    n += put_uint(s + n, (uint32_t)core);
    s[n++] = '-';
    memcpy(s + n, kind, len);
    n += len;
    if (corelet >= 0) {
        memcpy(s + n, "-CL", 3);
        n += 3;
        n += put_uint(s + n, (uint32_t)corelet);
    }
    s[n] = '\0';
    return s;
}

/* ---- the builder ------------------------------------------------------ */

/* What one ktdf_arch.features dictionary reads to, for a unit (r) and/or a
 * datapath (l): resources sharing a dictionary share the result. */
struct feature_memo {
    ir_attr fs;
    bool unit, link;
    struct arch_res r;
    struct arch_link l;
};

/* An attribute dictionary (interned: the cores of a description share
 * theirs) whose properties check_props found fine at a site. */
struct props_ok {
    const struct ir_module *m;
    ir_attr attrs;
    int site;
};

struct builder {
    struct arch_device *d;
    struct ir_module *m;
    struct ir_diag *diag;
    uint32_t *node_of;      /* per value of m: resource + 1, 0 = none */
    const char **id_of;     /* per op of m: its resource id */
    struct smap ids;        /* resource ids taken */
    struct smap next_id;    /* per base id: the first suffix not yet tried */
    struct feature_memo *memo; /* features read so far, per interned dictionary */
    uint32_t nmemo, capmemo;
    struct props_ok *checked; /* check_props passed, per attribute dictionary */
    uint32_t nchecked, capchecked;
    uint32_t nerrors;       /* errors reported so far */
    uint32_t capres, caplinks, capgroups, cappat;
    bool ok;
};

#define GROW(arr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            (cap) = (cap) ? 2 * (cap) : 16;                                \
            void *grown_ = realloc((arr), (size_t)(cap) * sizeof *(arr));  \
            if (!grown_)                                                   \
                abort();                                                   \
            (arr) = grown_;                                                \
        }                                                                  \
    } while (0)

static bool verr(struct builder *b, const struct ir_module *m, ir_op op, const char *fmt,
                 va_list ap)
{
    struct ir_loc loc = ir_op_get(m, op)->loc;
    ir_diag_vreport(b->diag, IR_SEV_ERROR, ir_str_get(m, loc.file), loc.line, loc.col, fmt, ap);
    b->ok = false;
    b->nerrors++;
    return false;
}

/* Reports at op of the device module; returns false. */
static bool err(struct builder *b, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static bool err(struct builder *b, ir_op op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(b, b->m, op, fmt, ap);
    va_end(ap);
    return false;
}

/* Reports at op of module m (a declaration of the import chain). */
static bool err_in(struct builder *b, const struct ir_module *m, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bool err_in(struct builder *b, const struct ir_module *m, ir_op op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(b, m, op, fmt, ap);
    va_end(ap);
    return false;
}

static const char *str_of(const struct ir_module *m, ir_attr a)
{
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    return ai && ai->kind == IR_AT_STRING ? ir_str_get(m, ai->s) : NULL;
}

static bool int_of(const struct ir_module *m, ir_attr a, int64_t *v)
{
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    if (ai->kind != IR_AT_INT)
        return false;
    *v = ai->i;
    return true;
}

/* How a kind-like attribute reads: a string's value, an integer, a memory
 * space or an opaque attribute as written, a type. */
static const char *attr_text(struct builder *b, const struct ir_module *m, ir_attr a)
{
    static const char *const spaces[] = {"global", "ct_local", "L0", "unspecified"};
    static const char *const old_spaces[] = {"HBM", "LX", "L0", "unspecified"};
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    switch (ai->kind) {
    case IR_AT_STRING:
        return ir_str_get(m, ai->s);
    case IR_AT_INT:
        return arch_strf(b->d, "%lld", (long long)ai->i);
    case IR_AT_MEMSPACE:
        if (ai->flags & IR_ATF_OLD_MS)
            return arch_strf(b->d, "#ktdp.spyre_memory_space<%s>", old_spaces[ai->i & 3]);
        return arch_strf(b->d, "#ktdp.memory_space<%s>", spaces[ai->i & 3]);
    case IR_AT_OPAQUE:
        if (ai->body)
            return arch_strf(b->d, "#%s<%s>", ir_str_get(m, ai->s), ir_str_get(m, ai->body));
        return arch_strf(b->d, "#%s", ir_str_get(m, ai->s));
    case IR_AT_TYPE: {
        char *t;
        size_t n;
        ir_print_type_to(m, ai->type, &t, &n);
        const char *s = arch_strf(b->d, "%.*s", (int)n, t);
        free(t);
        return s;
    }
    default:
        return "?";
    }
}

/* ---- resource ids -------------------------------------------------------- */

static bool is_resource_op(uint32_t kind)
{
    return kind == IR_OP_KTDF_ARCH_MEMORY || kind == IR_OP_KTDF_ARCH_EXEC_UNIT ||
           kind == IR_OP_KTDF_ARCH_SWITCH || kind == IR_OP_KTDF_ARCH_GROUP ||
           kind == IR_OP_KTDF_ARCH_DATAPATH;
}

static void reserve_ids(struct builder *b, ir_block blk)
{
    IR_FOR_OPS(b->m, blk, op) {
        const struct ir_op_info *o = ir_op_get(b->m, op);
        if (!is_resource_op(o->kind))
            continue;
        const char *id = str_of(b->m, ir_op_attr(b->m, op, "sym_name"));
        if (id) {
            b->id_of[op] = id;
            smap_put(&b->ids, id, op);
        }
        if (o->kind == IR_OP_KTDF_ARCH_GROUP)
            reserve_ids(b, ir_region_entry(b->m, o->regs[0]));
    }
}

/* A resource without `@id` gets its kind (or its op name) as id, made
 * unique with a suffix _1, _2, ... that skips every id already taken. */
static void derive_ids(struct builder *b, ir_block blk)
{
    IR_FOR_OPS(b->m, blk, op) {
        const struct ir_op_info *o = ir_op_get(b->m, op);
        if (!is_resource_op(o->kind))
            continue;
        if (!b->id_of[op]) {
            const char *base = str_of(b->m, ir_op_attr(b->m, op, "kind"));
            if (!base)
                base = ir_str_get(b->m, o->name) + strlen("ktdf_arch.");
            /* Suffixes are tried from where the last id of this base
             * stopped (ids are only ever added): linear, not quadratic, in
             * the number of resources of one kind (spyre has ~1000 datapaths). */
            const char *id = base;
            uint32_t n = 1, *next = smap_ref(&b->next_id, base);
            if (next) { /* then base itself is taken */
                n = *next;
                id = suffixed(b->d, base, '_', n++);
            }
            while (!smap_add(&b->ids, id, op))
                id = suffixed(b->d, base, '_', n++);
            if (next)
                *next = n;
            else
                smap_put(&b->next_id, base, n);
            b->id_of[op] = id;
        }
        if (o->kind == IR_OP_KTDF_ARCH_GROUP)
            derive_ids(b, ir_region_entry(b->m, o->regs[0]));
    }
}

/* ---- properties and features ----------------------------------------- */

enum site { SITE_DEVICE, SITE_MEMORY, SITE_UNIT, SITE_SWITCH, SITE_GROUP, SITE_LINK };

/* Our timing extensions and where each may appear (README.md). */
static const struct {
    const char *name;
    enum site site;
    int64_t min;
} timing_props[] = {
    {"ktdf_arch.latency", SITE_LINK, 0},
    {"ktdf_arch.aggregate_bandwidth", SITE_MEMORY, 1},
    {"ktdf_arch.clock_mhz", SITE_DEVICE, 1},
};
static const char *const site_names[] = {"devices", "memories", "execution units",
                                         "switches", "groups", "datapaths"};

/* The ktdf_arch.* properties of op: the dialect's own (checked by its
 * verifier) and our timing extensions; anything else is unknown. */
static void check_props(struct builder *b, const struct ir_module *m, ir_op op, enum site site)
{
    static const char *const dialect_props[] = {"ktdf_arch.features", "ktdf_arch.bandwidth",
                                                "ktdf_arch.transfer_granularity",
                                                "ktdf_arch.overlaps", "ktdf_arch.maps_to"};
    ir_attr attrs = ir_op_get(m, op)->attrs;
    if (!attrs)
        return;
    for (uint32_t i = 0; i < b->nchecked; i++)
        if (b->checked[i].attrs == attrs && b->checked[i].m == m &&
            b->checked[i].site == (int)site)
            return;
    uint32_t nerrors = b->nerrors;
    const struct ir_attr_info *ai = ir_attr_get(m, attrs);
    for (uint32_t i = 0; i < ai->n; i++) {
        const char *name = ir_str_get(m, ai->elems[2 * i]);
        ir_attr val = ai->elems[2 * i + 1];
        if (strncmp(name, "ktdf_arch.", 10) != 0)
            continue;
        bool known = false;
        for (size_t k = 0; k < sizeof dialect_props / sizeof *dialect_props; k++)
            known = known || strcmp(name, dialect_props[k]) == 0;
        if (known)
            continue;
        size_t k = 0;
        while (k < sizeof timing_props / sizeof *timing_props &&
               strcmp(name, timing_props[k].name) != 0)
            k++;
        if (k == sizeof timing_props / sizeof *timing_props) {
            err_in(b, m, op, "unknown property '%s'", name);
            continue;
        }
        int64_t v;
        if (timing_props[k].site != site)
            err_in(b, m, op, "'%s' is only valid on %s", name, site_names[timing_props[k].site]);
        else if (!int_of(m, val, &v))
            err_in(b, m, op, "'%s' requires an integer", name);
        else if (v < timing_props[k].min)
            err_in(b, m, op, "'%s' must be >= %lld", name, (long long)timing_props[k].min);
    }
    if (b->nerrors == nerrors) { /* with errors, checked again at each op to report them */
        GROW(b->checked, b->nchecked, b->capchecked);
        b->checked[b->nchecked++] = (struct props_ok){m, attrs, (int)site};
    }
}

static int64_t int_prop(const struct ir_module *m, ir_op op, const char *name, int64_t dflt,
                        bool *given)
{
    ir_attr a = ir_op_attr(m, op, name);
    int64_t v;
    bool ok = a && int_of(m, a, &v);
    if (given)
        *given = ok;
    return ok ? v : dflt;
}

/* The load or store feature `f` (unit or dictionary): per memory kind, the
 * word size and the allowed accesses. */
static void parse_access(struct builder *b, ir_attr f, const struct arch_access **out,
                         uint32_t *nout)
{
    struct ir_module *m = b->m;
    if (ir_attr_get(m, f)->kind != IR_AT_DICT)
        return;
    ir_attr ws = ir_dict_get(m, f, "word_size"), ag = ir_dict_get(m, f, "access_granularity");
    const struct ir_attr_info *wi = ws ? ir_attr_get(m, ws) : NULL;
    const struct ir_attr_info *gi = ag ? ir_attr_get(m, ag) : NULL;
    uint32_t nw = wi && wi->kind == IR_AT_ARCH_MAP ? wi->n : 0;
    uint32_t ng = gi && gi->kind == IR_AT_ARCH_MAP ? gi->n : 0;
    struct arch_access *acc = arena_alloc(b->d->priv->arena, (nw + ng + 1) * sizeof *acc);
    uint32_t n = 0;
    for (uint32_t i = 0; i < nw + ng; i++) {
        const struct ir_attr_info *src = i < nw ? wi : gi;
        uint32_t j = i < nw ? i : i - nw;
        const char *space = attr_text(b, m, src->elems[2 * j]);
        uint32_t k = 0;
        while (k < n && strcmp(acc[k].space, space) != 0)
            k++;
        if (k == n)
            acc[n++] = (struct arch_access){.space = space, .word_size = 1};
        ir_attr v = src->elems[2 * j + 1];
        if (i < nw) {
            int_of(m, v, &acc[k].word_size);
            continue;
        }
        const struct ir_attr_info *li = ir_attr_get(m, v);
        struct arch_granule *g = arena_alloc(b->d->priv->arena, (li->n + 1) * sizeof *g);
        for (uint32_t e = 0; e < li->n; e++) {
            g[e] = (struct arch_granule){1, 1};
            ir_attr s = ir_dict_get(m, li->elems[e], "size_in_words");
            ir_attr a = ir_dict_get(m, li->elems[e], "align_in_words");
            if (s)
                int_of(m, s, &g[e].size_in_words);
            if (a)
                int_of(m, a, &g[e].align_in_words);
        }
        acc[k].granules = g;
        acc[k].ngranules = li->n;
    }
    *out = acc;
    *nout = n;
}

static void parse_simd(struct builder *b, struct arch_res *r, ir_attr f)
{
    struct ir_module *m = b->m;
    r->features |= ARCH_F_SIMD;
    if (ir_attr_get(m, f)->kind != IR_AT_DICT)
        return;
    if (ir_dict_get(m, f, "splat"))
        r->features |= ARCH_F_SPLAT;
    if (ir_dict_get(m, f, "zero_pad"))
        r->features |= ARCH_F_ZERO_PAD;
    ir_attr lanes = ir_dict_get(m, f, "lanes");
    if (!lanes)
        return;
    const struct ir_attr_info *li = ir_attr_get(m, lanes);
    struct arch_lanes *l = arena_alloc(b->d->priv->arena, (li->n + 1) * sizeof *l);
    for (uint32_t i = 0; i < li->n; i++) {
        l[i].type = attr_text(b, m, li->elems[2 * i]);
        int_of(m, li->elems[2 * i + 1], &l[i].count);
    }
    r->lanes = l;
    r->nlanes = li->n;
}

static const char *const feature_names[] = {"compute", "load", "store", "simd", "queue"};
enum { FEAT_COMPUTE, FEAT_LOAD, FEAT_STORE, FEAT_SIMD, FEAT_QUEUE, FEAT_UNKNOWN };

/* FEAT_* of a feature name, FEAT_UNKNOWN when it is none of ours. */
static int feature_index(const char *name)
{
    if (strncmp(name, "ktdf_arch.feature.", 18) != 0)
        return FEAT_UNKNOWN;
    for (int k = 0; k < FEAT_UNKNOWN; k++)
        if (strcmp(name + 18, feature_names[k]) == 0)
            return k;
    return FEAT_UNKNOWN;
}

/* The features fs of resource op: unit features fill r (may be NULL), the
 * queue feature fills l (may be NULL); unknown features are errors. */
static void read_features(struct builder *b, ir_op op, ir_attr fs, struct arch_res *r,
                          struct arch_link *l)
{
    struct ir_module *m = b->m;
    const struct ir_attr_info *fi = fs ? ir_attr_get(m, fs) : NULL;
    for (uint32_t i = 0; fi && fi->kind == IR_AT_DICT && i < fi->n; i++) {
        const char *name = ir_str_get(m, fi->elems[2 * i]);
        ir_attr f = fi->elems[2 * i + 1];
        int k = feature_index(name);
        if (k == FEAT_UNKNOWN) {
            err(b, op, "unknown feature '%s'", name);
        } else if (k == FEAT_QUEUE && l) {
            l->queue = true;
            if (ir_attr_get(m, f)->kind == IR_AT_DICT) {
                l->ordered = ir_dict_get(m, f, "ordered") != IR_NONE;
                ir_attr x = ir_dict_get(m, f, "depth");
                if (x)
                    int_of(m, x, &l->depth);
                if ((x = ir_dict_get(m, f, "size")))
                    int_of(m, x, &l->queue_size);
            }
        } else if (r && k == FEAT_COMPUTE) {
            r->features |= ARCH_F_COMPUTE;
        } else if (r && k == FEAT_LOAD) {
            r->features |= ARCH_F_LOAD;
            parse_access(b, f, &r->load, &r->nload);
        } else if (r && k == FEAT_STORE) {
            r->features |= ARCH_F_STORE;
            parse_access(b, f, &r->store, &r->nstore);
            if (ir_attr_get(b->m, f)->kind == IR_AT_DICT && ir_dict_get(b->m, f, "masked_writes"))
                r->features |= ARCH_F_MASKED_WRITES;
        } else if (r && k == FEAT_SIMD) {
            parse_simd(b, r, f);
        }
    }
}

/* read_features of op's features into r and l (zeroed there so far), read
 * once per dictionary: the cores of a description share theirs. A
 * dictionary with errors is read again at each op, to report them there. */
static void parse_features(struct builder *b, ir_op op, struct arch_res *r, struct arch_link *l)
{
    ir_attr fs = ir_op_attr(b->m, op, "ktdf_arch.features");
    const struct feature_memo *fm = NULL;
    for (uint32_t i = 0; i < b->nmemo && !fm; i++)
        if (b->memo[i].fs == fs && b->memo[i].unit == (r != NULL) &&
            b->memo[i].link == (l != NULL))
            fm = &b->memo[i];
    struct feature_memo read = {.fs = fs, .unit = r != NULL, .link = l != NULL};
    if (!fm) {
        uint32_t nerrors = b->nerrors;
        read_features(b, op, fs, r ? &read.r : NULL, l ? &read.l : NULL);
        fm = &read;
        if (b->nerrors == nerrors) {
            GROW(b->memo, b->nmemo, b->capmemo);
            b->memo[b->nmemo++] = read;
        }
    }
    if (r) {
        r->features |= fm->r.features;
        r->load = fm->r.load;
        r->nload = fm->r.nload;
        r->store = fm->r.store;
        r->nstore = fm->r.nstore;
        r->lanes = fm->r.lanes;
        r->nlanes = fm->r.nlanes;
    }
    if (l) {
        l->queue = fm->l.queue;
        l->ordered = fm->l.ordered;
        l->depth = fm->l.depth;
        l->queue_size = fm->l.queue_size;
    }
}

/* ---- the walk --------------------------------------------------------- */

static uint32_t new_res(struct builder *b, enum arch_node node, ir_op op, uint32_t group)
{
    struct arch_device *d = b->d;
    GROW(d->res, d->nres, b->capres);
    struct arch_res *r = &d->res[d->nres];
    *r = (struct arch_res){.node = node, .op = op, .group = group, .id = b->id_of[op],
                           .core = -1, .corelet = -1, .parent = ARCH_NONE};
    return d->nres++;
}

static struct arch_link *new_link(struct builder *b, uint32_t src, uint32_t dst, ir_op op)
{
    struct arch_device *d = b->d;
    GROW(d->links, d->nlinks, b->caplinks);
    struct arch_link *l = &d->links[d->nlinks++];
    *l = (struct arch_link){.src = src, .dst = dst, .op = op};
    return l;
}

static void add_memory(struct builder *b, ir_op op, uint32_t group)
{
    struct ir_module *m = b->m;
    check_props(b, m, op, SITE_MEMORY);
    uint32_t r = new_res(b, ARCH_MEMORY, op, group);
    struct arch_res *res = &b->d->res[r];
    ir_attr kind = ir_op_attr(m, op, "kind");
    if (!kind)
        err(b, op, "memory has no 'kind'");
    res->kind = kind ? attr_text(b, m, kind) : "memory";
    res->size = int_prop(m, op, "size", 0, NULL);
    res->aggregate_bandwidth = int_prop(m, op, "ktdf_arch.aggregate_bandwidth", 0, NULL);
    parse_features(b, op, NULL, NULL);
    b->node_of[ir_op_get(m, op)->res] = r + 1;
}

static void add_unit(struct builder *b, ir_op op, uint32_t group)
{
    struct ir_module *m = b->m;
    check_props(b, m, op, SITE_UNIT);
    uint32_t r = new_res(b, ARCH_UNIT, op, group);
    ir_attr kind = ir_op_attr(m, op, "kind");
    b->d->res[r].kind = kind ? attr_text(b, m, kind) : "exec_unit";
    parse_features(b, op, &b->d->res[r], NULL);
    b->node_of[ir_op_get(m, op)->res] = r + 1;
}

/* A switch is its ports plus a link from port i to port j wherever the
 * connectivity matrix says so (every other port by default). */
static void add_switch(struct builder *b, ir_op op, uint32_t group)
{
    struct ir_module *m = b->m;
    check_props(b, m, op, SITE_SWITCH);
    parse_features(b, op, NULL, NULL);
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *kind = str_of(m, ir_op_attr(m, op, "kind"));
    if (!kind)
        kind = "switch";
    uint32_t first = b->d->nres;
    for (uint32_t i = 0; i < o->nres; i++) {
        uint32_t r = new_res(b, ARCH_PORT, op, group);
        b->d->res[r].kind = suffixed(b->d, kind, '.', i);
        b->d->res[r].id = suffixed(b->d, b->id_of[op], '.', i);
        b->d->res[r].port = i;
        b->node_of[o->res + i] = r + 1;
    }
    ir_attr c = ir_op_attr(m, op, "connectivity");
    const struct ir_attr_info *ci = c ? ir_attr_get(m, c) : NULL;
    for (uint32_t i = 0; i < o->nres; i++)
        for (uint32_t j = 0; j < o->nres; j++) {
            bool on = i != j;
            if (ci) {
                ir_attr e = ci->n == 1 ? ci->elems[0] : ci->elems[i * o->nres + j];
                on = ir_attr_get(m, e)->i != 0;
            }
            if (on) {
                struct arch_link *l = new_link(b, first + i, first + j, op);
                l->bandwidth = ARCH_DEFAULT_BANDWIDTH;
                l->latency = ARCH_DEFAULT_LATENCY;
            }
        }
}

static void add_datapath(struct builder *b, ir_op op)
{
    struct ir_module *m = b->m;
    struct arch_device *d = b->d;
    check_props(b, m, op, SITE_LINK);
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t src = b->node_of[o->opnd[0]], dst = b->node_of[o->opnd[1]];
    if (!src || !dst) {
        err(b, op, "datapath %s is not a resource of the device", src ? "destination" : "source");
        return;
    }
    if (src == dst) {
        err(b, op, "datapath links '%s' to itself", d->res[src - 1].id);
        return;
    }
    struct arch_link *l = new_link(b, src - 1, dst - 1, op);
    l->id = b->id_of[op];
    ir_attr g = ir_op_attr(m, op, "ktdf_arch.transfer_granularity");
    int64_t widest = 0;
    if (g && ir_attr_get(m, g)->kind == IR_AT_DENSE_ARRAY) {
        const struct ir_attr_info *gi = ir_attr_get(m, g);
        l->granularity = gi->ints;
        l->ngranularity = gi->n;
        for (uint32_t i = 0; i < gi->n; i++)
            widest = gi->ints[i] > widest ? gi->ints[i] : widest;
    }
    l->bandwidth = int_prop(m, op, "ktdf_arch.bandwidth", widest ? widest : ARCH_DEFAULT_BANDWIDTH,
                            &l->bandwidth_given);
    l->latency = int_prop(m, op, "ktdf_arch.latency", ARCH_DEFAULT_LATENCY, &l->latency_given);
    ir_attr ov = ir_op_attr(m, op, "ktdf_arch.overlaps");
    if (ov && ir_attr_get(m, ov)->kind == IR_AT_ARRAY) {
        const struct ir_attr_info *oi = ir_attr_get(m, ov);
        const char **names = arena_alloc(d->priv->arena, (oi->n + 1) * sizeof *names);
        for (uint32_t i = 0; i < oi->n; i++) {
            const struct ir_attr_info *e = ir_attr_get(m, oi->elems[i]);
            names[i] = e->kind == IR_AT_SYMREF ? ir_str_get(m, e->s) : attr_text(b, m, oi->elems[i]);
        }
        l->overlaps = names;
        l->noverlaps = oi->n;
    }
    parse_features(b, op, NULL, l);
}

static void walk(struct builder *b, ir_block blk, uint32_t group)
{
    struct ir_module *m = b->m;
    struct arch_device *d = b->d;
    IR_FOR_OPS(m, blk, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        switch (o->kind) {
        case IR_OP_KTDF_ARCH_MEMORY:
            add_memory(b, op, group);
            break;
        case IR_OP_KTDF_ARCH_EXEC_UNIT:
            add_unit(b, op, group);
            break;
        case IR_OP_KTDF_ARCH_SWITCH:
            add_switch(b, op, group);
            break;
        case IR_OP_KTDF_ARCH_DATAPATH:
            add_datapath(b, op);
            break;
        case IR_OP_KTDF_ARCH_PATTERNS:
            GROW(d->patterns, d->npatterns, b->cappat);
            d->patterns[d->npatterns++] = op;
            break;
        case IR_OP_KTDF_ARCH_GROUP: {
            check_props(b, m, op, SITE_GROUP);
            parse_features(b, op, NULL, NULL);
            GROW(d->groups, d->ngroups, b->capgroups);
            uint32_t g = d->ngroups++;
            d->groups[g] = (struct arch_group){
                .kind = str_of(m, ir_op_attr(m, op, "kind")), .id = b->id_of[op],
                .parent = group, .core = -1, .corelet = -1, .op = op};
            /* Shared nodes stand for the outer ones; results for the yielded. */
            const struct ir_block_info *bi = ir_block_get(m, ir_region_entry(m, o->regs[0]));
            for (uint32_t i = 0; i < bi->nargs && i < o->nopnd; i++)
                b->node_of[bi->args[i]] = b->node_of[o->opnd[i]];
            walk(b, ir_region_entry(m, o->regs[0]), g);
            const struct ir_op_info *y = ir_op_get(m, bi->last);
            for (uint32_t i = 0; i < o->nres && i < y->nopnd; i++)
                b->node_of[o->res + i] = b->node_of[y->opnd[i]];
            break;
        }
        default:
            break;
        }
    }
}

/* ---- levels and names ------------------------------------------------- */

static bool same_kind(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Cores and corelets (README.md "Levels"): searching down from the device,
 * a group holding an execution unit is a level group when it has a sibling
 * group of the same kind (both holding units) or holds a unit itself; the
 * first level found is the core level, the next one inside a core the
 * corelet level. Other groups (wrappers) are transparent. */
static void classify_groups(struct builder *b)
{
    struct arch_device *d = b->d;
    uint32_t n = d->ngroups;
    bool *direct = calloc(n + 1, sizeof *direct), *has = calloc(n + 1, sizeof *has);
    uint8_t *inner = calloc(n + 1, 1); /* level searched for inside the group */
    uint32_t *ncl = calloc(n + 1, sizeof *ncl); /* corelets per core so far */
    if (!direct || !has || !inner || !ncl)
        abort();
    for (uint32_t r = 0; r < d->nres; r++)
        if (d->res[r].node == ARCH_UNIT && d->res[r].group != ARCH_NONE)
            direct[d->res[r].group] = has[d->res[r].group] = true;
    for (uint32_t g = n; g-- > 0;) /* children come after their parent */
        if (has[g] && d->groups[g].parent != ARCH_NONE)
            has[d->groups[g].parent] = true;
    for (uint32_t g = 0; g < n; g++) {
        struct arch_group *gr = &d->groups[g];
        uint32_t p = gr->parent;
        uint8_t want = p == ARCH_NONE ? 0 : inner[p];
        if (p != ARCH_NONE) {
            gr->core = d->groups[p].core;
            gr->corelet = d->groups[p].corelet;
        }
        bool twin = false;
        for (uint32_t s = 0; s < n && !twin; s++)
            twin = s != g && d->groups[s].parent == p && has[s] &&
                   same_kind(d->groups[s].kind, gr->kind);
        inner[g] = want;
        if (want < 2 && has[g] && (twin || direct[g])) {
            inner[g] = want + 1;
            if (want == 0) {
                gr->level = ARCH_LEVEL_CORE;
                gr->core = (int32_t)d->ncores++;
            } else {
                gr->level = ARCH_LEVEL_CORELET;
                gr->corelet = (int32_t)ncl[gr->core]++;
                if ((uint32_t)gr->corelet + 1 > d->ncorelets)
                    d->ncorelets = (uint32_t)gr->corelet + 1;
            }
        }
    }
    free(direct);
    free(has);
    free(inner);
    free(ncl);
}

/* Instance names C<core>-<kind>[-CL<corelet>] (the kind alone outside every
 * core), a suffix .1, .2 ... on repeats; the kind graph's nodes and edges. */
static void name_instances(struct builder *b)
{
    struct arch_device *d = b->d;
    struct arch_priv *p = d->priv;
    for (uint32_t r = 0; r < d->nres; r++) {
        struct arch_res *res = &d->res[r];
        if (res->group != ARCH_NONE) {
            res->core = d->groups[res->group].core;
            res->corelet = d->groups[res->group].corelet;
        }
        res->level = res->corelet >= 0 ? ARCH_LEVEL_CORELET
                     : res->core >= 0  ? ARCH_LEVEL_CORE
                                       : ARCH_LEVEL_DEVICE;
        const char *name = res->core >= 0 ? core_name(d, res->core, res->kind, res->corelet)
                                          : res->kind;
        const char *unique = name;
        for (uint32_t n = 1; smap_get(&p->res_of, unique, NULL); n++)
            unique = suffixed(d, name, '.', n);
        res->name = unique;
        smap_put(&p->res_of, unique, r);

        uint32_t k;
        if (!smap_get(&p->kind_of, res->kind, &k)) {
            k = d->nkinds++;
            d->kinds = realloc(d->kinds, d->nkinds * sizeof *d->kinds);
            if (!d->kinds)
                abort();
            d->kinds[k] = (struct arch_kind){.name = res->kind, .node = res->node,
                                             .level = res->level, .first = r};
            smap_put(&p->kind_of, res->kind, k);
        }
        d->kinds[k].count++;
        res->kind_index = k;
    }
}

/* Compressed adjacency: for node i, out[start[i] .. start[i+1]) are the
 * edges e with from[e] == i, in edge order. */
static void build_csr(uint32_t nnodes, uint32_t nedges, const uint32_t *from, uint32_t **start,
                      uint32_t **out)
{
    uint32_t *s = calloc(nnodes + 1, sizeof *s), *o = malloc((nedges + 1) * sizeof *o);
    uint32_t *fill = calloc(nnodes + 1, sizeof *fill);
    if (!s || !o || !fill)
        abort();
    for (uint32_t e = 0; e < nedges; e++)
        s[from[e] + 1]++;
    for (uint32_t i = 0; i < nnodes; i++)
        s[i + 1] += s[i];
    for (uint32_t e = 0; e < nedges; e++)
        o[s[from[e]] + fill[from[e]]++] = e;
    free(fill);
    *start = s;
    *out = o;
}

static void build_graphs(struct builder *b)
{
    struct arch_device *d = b->d;
    uint32_t cap = 0;
    uint32_t *from = malloc((d->nlinks + 1) * sizeof *from);
    if (!from)
        abort();
    for (uint32_t i = 0; i < d->nlinks; i++) {
        uint32_t ks = d->res[d->links[i].src].kind_index, kd = d->res[d->links[i].dst].kind_index;
        uint32_t e = 0;
        while (e < d->nedges && (d->edges[e].src != ks || d->edges[e].dst != kd))
            e++;
        if (e == d->nedges) {
            GROW(d->edges, d->nedges, cap);
            d->edges[d->nedges++] = (struct arch_edge){ks, kd, i, 0};
        }
        d->edges[e].count++;
        from[i] = d->links[i].src;
    }
    build_csr(d->nres, d->nlinks, from, &d->priv->out_start, &d->priv->out);
    for (uint32_t e = 0; e < d->nedges; e++)
        from[e] = d->edges[e].src;
    build_csr(d->nkinds, d->nedges, from, &d->priv->kout_start, &d->priv->kout);
    free(from);
}

/* Memory tree: a memory's parent is the first memory shared into its
 * group or, failing that, into the nearest enclosing group that shares one. */
static void memory_tree(struct builder *b)
{
    struct arch_device *d = b->d;
    for (uint32_t r = 0; r < d->nres; r++) {
        if (d->res[r].node != ARCH_MEMORY)
            continue;
        for (uint32_t g = d->res[r].group; g != ARCH_NONE && d->res[r].parent == ARCH_NONE;
             g = d->groups[g].parent) {
            const struct ir_op_info *o = ir_op_get(b->m, d->groups[g].op);
            for (uint32_t i = 0; i < o->nopnd; i++) {
                uint32_t s = b->node_of[o->opnd[i]];
                if (s && d->res[s - 1].node == ARCH_MEMORY) {
                    d->res[r].parent = s - 1;
                    break;
                }
            }
        }
    }
}

/* ---- device-level attributes ------------------------------------------ */

static bool is_memory_kind(const struct arch_device *d, const char *kind)
{
    uint32_t k;
    return smap_get(&d->priv->kind_of, kind, &k) && d->kinds[k].node == ARCH_MEMORY;
}

int arch_space_of_name(const char *s)
{
    static const struct {
        const char *name;
        enum ir_memspace space;
    } names[] = {{"global", IR_MS_GLOBAL}, {"ct_local", IR_MS_CT_LOCAL}, {"HBM", IR_MS_GLOBAL},
                 {"LX", IR_MS_CT_LOCAL},   {"L0", IR_MS_L0}};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(s, names[i].name) == 0)
            return (int)names[i].space;
    return -1;
}

/* mem_space_mapping = #ktdf_arch.map<space = "kind", ...> of the first
 * declaration of the chain that has one (a key is a memory space, or a
 * string: a space word, else a name of its own), then defaults for the rest:
 * global -> the first memory outside every group's tree (a root), ct_local
 * -> the first core-level memory, L0 -> the first corelet-level memory. */
static void map_spaces(struct builder *b)
{
    struct arch_device *d = b->d;
    struct arch_priv *p = d->priv;
    for (uint32_t i = 0; i < p->ndecls; i++) {
        const struct ir_module *m = p->decls[i].m;
        ir_op op = p->decls[i].op;
        ir_attr map = ir_op_attr(m, op, "mem_space_mapping");
        if (!map)
            continue;
        const struct ir_attr_info *mi = ir_attr_get(m, map);
        if (mi->kind != IR_AT_ARCH_MAP) {
            err_in(b, m, op, "'mem_space_mapping' must be a #ktdf_arch.map");
            break;
        }
        for (uint32_t j = 0; j < mi->n; j++) {
            const struct ir_attr_info *k = ir_attr_get(m, mi->elems[2 * j]);
            const char *word = k->kind == IR_AT_STRING ? ir_str_get(m, k->s) : NULL;
            int space = k->kind == IR_AT_MEMSPACE ? (int)k->i
                        : word                    ? arch_space_of_name(word)
                                                  : -1;
            const char *kind = str_of(m, mi->elems[2 * j + 1]);
            const char *key = word ? arch_strf(d, "\"%s\"", word)
                                   : attr_text(b, m, mi->elems[2 * j]);
            if (!kind)
                err_in(b, m, op, "'mem_space_mapping' maps %s to a non-string", key);
            else if (!is_memory_kind(d, kind))
                err_in(b, m, op, "'mem_space_mapping' maps %s to \"%s\", which is not a memory of "
                       "device @%s", key, kind, d->name);
            else if (!word && (space < 0 || space > IR_MS_L0))
                err_in(b, m, op, "'mem_space_mapping' key %s is neither a memory space nor a name",
                       key);
            else if (space >= 0 ? d->space_kind[space] != NULL : smap_get(&p->alias_of, word, NULL))
                err_in(b, m, op, "'mem_space_mapping' maps %s twice", key);
            else if (space >= 0)
                d->space_kind[space] = kind;
            else /* a name of the kernel's, e.g. "DDR" = "DDR" once spaces are kinds */
                smap_put(&p->alias_of, arch_strf(d, "%s", word), arch_kind_find(d, kind));
        }
        break;
    }
    const enum arch_level want[] = {[IR_MS_GLOBAL] = ARCH_LEVEL_DEVICE,
                                    [IR_MS_CT_LOCAL] = ARCH_LEVEL_CORE,
                                    [IR_MS_L0] = ARCH_LEVEL_CORELET};
    for (int s = IR_MS_GLOBAL; s <= IR_MS_L0; s++)
        for (uint32_t r = 0; r < d->nres && !d->space_kind[s]; r++)
            if (d->res[r].node == ARCH_MEMORY && d->res[r].level == want[s] &&
                (s != IR_MS_GLOBAL || d->res[r].parent == ARCH_NONE))
                d->space_kind[s] = d->res[r].kind;
}

/* Every memory kind a load/store unit names must exist. */
static void check_accesses(struct builder *b)
{
    struct arch_device *d = b->d;
    for (uint32_t r = 0; r < d->nres; r++) {
        const struct arch_res *res = &d->res[r];
        for (int st = 0; st < 2; st++) {
            const struct arch_access *a = st ? res->store : res->load;
            uint32_t n = st ? res->nstore : res->nload;
            for (uint32_t i = 0; i < n; i++)
                if (!is_memory_kind(d, a[i].space))
                    err(b, res->op, "%s access names memory kind \"%s\", which device @%s does "
                        "not have", st ? "store" : "load", a[i].space, d->name);
        }
    }
}

bool arch_build(struct arch_device *d, struct ir_diag *diag)
{
    struct builder b = {.d = d, .m = d->m, .diag = diag, .ok = true};
    b.node_of = calloc(d->m->values.len, sizeof *b.node_of);
    b.id_of = calloc(d->m->ops.len, sizeof *b.id_of);
    if (!b.node_of || !b.id_of)
        abort();
    for (uint32_t i = 0; i < d->priv->ndecls; i++)
        check_props(&b, d->priv->decls[i].m, d->priv->decls[i].op, SITE_DEVICE);
    for (uint32_t i = 0; i < d->priv->ndecls; i++) {
        bool given;
        d->clock_mhz = int_prop(d->priv->decls[i].m, d->priv->decls[i].op, "ktdf_arch.clock_mhz",
                                ARCH_DEFAULT_CLOCK_MHZ, &given);
        if (given)
            break;
    }
    ir_block body = ir_region_entry(d->m, ir_op_region(d->m, d->op, 0));
    if (body) {
        smap_reserve(&b.ids, d->m->ops.len); /* every resource's id, at most */
        reserve_ids(&b, body);
        derive_ids(&b, body);
        walk(&b, body, ARCH_NONE);
    }
    classify_groups(&b);
    name_instances(&b);
    build_graphs(&b);
    memory_tree(&b);
    map_spaces(&b);
    check_accesses(&b);
    free(b.node_of);
    free(b.id_of);
    smap_free(&b.ids);
    smap_free(&b.next_id);
    free(b.memo);
    free(b.checked);
    return b.ok;
}
