/* ir.c - the IR core's tables: interning of strings, types, attributes and
 * affine expressions, and creation and linking of values, ops, blocks and
 * regions (see ir.h).
 *
 * Every table is a vector of pointers to records in the module's arena, so a
 * record pointer stays valid while the table grows. Interned tables also keep
 * a hash set keyed by a canonical byte encoding of the record.
 */
#include "ktir/ir.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/arena.h"
#include "ktir/hash.h"
#include "ktir/ops.h"

/* ---- vectors of record pointers ---------------------------------------- */

static uint32_t vec_push(struct ir_vec *v, void *rec)
{
    if (v->len == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 64;
        void *d = realloc(v->data, (size_t)v->cap * sizeof(void *));
        if (!d)
            abort();
        v->data = d;
    }
    ((void **)v->data)[v->len] = rec;
    return v->len++;
}

/* ---- hash sets over byte keys ------------------------------------------ */

/* Slots keep the hash beside the id so a probe rarely touches a key.
 * Tables are kept at most three quarters full: probes stay short, and a
 * big module's string set (one entry per SSA name, looked up at every use)
 * is half the memory it is at half full, which is what it misses in cache
 * on (10k-op bench kernel: 128 KiB instead of 256). */
struct islot {
    uint32_t id; /* 0 = empty */
    uint32_t hash;
};

struct ir_intern {
    struct islot *slots;
    uint32_t cap, len;
    struct ir_vec keys; /* id → struct key* (shares ids with the table) */
};

struct key {
    uint32_t len;
    unsigned char bytes[];
};

/* Key equality; short keys (most strings) without a call to memcmp. */
static inline bool key_eq(const unsigned char *a, const unsigned char *b, size_t n)
{
    if (n > 16)
        return memcmp(a, b, n) == 0;
    if (n > 8)
        return ir_rd64(a) == ir_rd64(b) && ir_rd64(a + n - 8) == ir_rd64(b + n - 8);
    return ir_rd_tail(a, n) == ir_rd_tail(b, n); /* covers every byte for n <= 8 */
}

static struct ir_intern *intern_new(void)
{
    struct ir_intern *h = calloc(1, sizeof *h);
    if (!h)
        abort();
    h->cap = 256;
    h->slots = calloc(h->cap, sizeof *h->slots);
    if (!h->slots)
        abort();
    vec_push(&h->keys, NULL); /* id 0 */
    return h;
}

static void intern_free(struct ir_intern *h)
{
    if (!h)
        return;
    free(h->slots);
    free(h->keys.data);
    free(h);
}

/* Finds the id of the key, or 0. *slot receives where it goes. */
static uint32_t intern_find(struct ir_intern *h, const void *p, uint32_t n, uint32_t hash,
                            uint32_t *slot)
{
    uint32_t mask = h->cap - 1, i = hash & mask;
    for (;; i = (i + 1) & mask) {
        const struct islot *s = &h->slots[i];
        if (!s->id) {
            *slot = i;
            return 0;
        }
        if (s->hash != hash)
            continue;
        const struct key *k = ((struct key **)h->keys.data)[s->id];
        if (k->len == n && key_eq(k->bytes, p, n))
            return s->id;
    }
}

/* Rehashes h into ncap slots (a power of two above twice its length). */
static void intern_rehash(struct ir_intern *h, uint32_t ncap)
{
    struct islot *ns = calloc(ncap, sizeof *ns);
    if (!ns)
        abort();
    for (uint32_t i = 0; i < h->cap; i++) {
        if (!h->slots[i].id)
            continue;
        uint32_t j = h->slots[i].hash & (ncap - 1);
        while (ns[j].id)
            j = (j + 1) & (ncap - 1);
        ns[j] = h->slots[i];
    }
    free(h->slots);
    h->slots = ns;
    h->cap = ncap;
}

static void intern_grow(struct ir_intern *h)
{
    intern_rehash(h, h->cap * 2);
}

static void vec_reserve(struct ir_vec *v, uint32_t more)
{
    if (v->cap - v->len >= more)
        return;
    v->cap = v->len + more;
    void *d = realloc(v->data, (size_t)v->cap * sizeof(void *));
    if (!d)
        abort();
    v->data = d;
}

/* Room for n more keys in h and its table, at the load intern() keeps. */
static void intern_reserve(struct ir_intern *h, struct ir_vec *table, uint32_t n)
{
    vec_reserve(table, n);
    vec_reserve(&h->keys, n);
    uint64_t want = ((uint64_t)h->len + n) * 4 / 3 + 1;
    uint32_t cap = h->cap;
    while (cap < want && cap < (UINT32_C(1) << 31))
        cap *= 2;
    if (cap != h->cap)
        intern_rehash(h, cap);
}

/* A growable byte buffer for building canonical keys. */
struct kbuf {
    unsigned char *p;
    size_t len, cap;
    unsigned char small[256];
};

static void kb_init(struct kbuf *b)
{
    b->p = b->small;
    b->len = 0;
    b->cap = sizeof b->small;
}

static void kb_grow(struct kbuf *b, size_t need)
{
    size_t ncap = need * 2;
    unsigned char *np = malloc(ncap);
    if (!np)
        abort();
    memcpy(np, b->p, b->len);
    if (b->p != b->small)
        free(b->p);
    b->p = np;
    b->cap = ncap;
}

static inline void kb_put(struct kbuf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap)
        kb_grow(b, b->len + n);
    memcpy(b->p + b->len, p, n);
    b->len += n;
}

static inline void kb_u32(struct kbuf *b, uint32_t v) { kb_put(b, &v, sizeof v); }
static inline void kb_i64(struct kbuf *b, int64_t v) { kb_put(b, &v, sizeof v); }

static void kb_done(struct kbuf *b)
{
    if (b->p != b->small)
        free(b->p);
}

/* Looks the key up; on a miss calls make() to build the record, pushes it on
 * the table and records the key. Returns the id. */
static uint32_t intern(struct ir_module *m, struct ir_intern *h, struct ir_vec *table,
                       const void *key, size_t len,
                       void *(*make)(struct ir_module *, const void *), const void *src)
{
    uint32_t hash = ir_hash_bytes(key, len), slot = 0;
    uint32_t id = intern_find(h, key, (uint32_t)len, hash, &slot);
    if (id)
        return id;
    struct key *k = arena_alloc(m->arena, sizeof *k + len);
    k->len = (uint32_t)len;
    memcpy(k->bytes, key, len);
    id = vec_push(table, make(m, src));
    uint32_t kid = vec_push(&h->keys, k);
    assert(kid == id);
    (void)kid;
    h->slots[slot] = (struct islot){id, hash};
    if (++h->len * 4 > h->cap * 3)
        intern_grow(h);
    return id;
}

/* ---- module ------------------------------------------------------------ */

static void *copy_arr(struct ir_module *m, const void *p, size_t n, size_t elem)
{
    if (!n)
        return NULL;
    void *d = arena_alloc(m->arena, n * elem);
    memcpy(d, p, n * elem);
    return d;
}

struct ir_module *ir_module_new(void)
{
    struct ir_module *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->arena = arena_new();
    struct ir_vec *tabs[] = {&m->strs,   &m->types,  &m->attrs,  &m->affs,
                             &m->maps,   &m->sets,   &m->values, &m->ops,
                             &m->blocks, &m->regions};
    for (size_t i = 0; i < sizeof tabs / sizeof *tabs; i++)
        vec_push(tabs[i], NULL); /* index 0 = none */
    m->hstr = intern_new();
    m->htype = intern_new();
    m->hattr = intern_new();
    m->haff = intern_new();
    m->hmap = intern_new();
    m->hset = intern_new();
    ir_str_c(m, ""); /* string 1 = "" so that 0 stays "none" */
    m->t_index = ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_INDEX});
    m->t_i1 = ir_type_int(m, 1);
    m->t_i32 = ir_type_int(m, 32);
    m->t_i64 = ir_type_int(m, 64);
    m->t_f16 = ir_type_float(m, IR_F16);
    m->t_f32 = ir_type_float(m, IR_F32);
    return m;
}

void ir_module_free(struct ir_module *m)
{
    if (!m)
        return;
    struct ir_vec *tabs[] = {&m->strs,   &m->types,  &m->attrs,  &m->affs,
                             &m->maps,   &m->sets,   &m->values, &m->ops,
                             &m->blocks, &m->regions};
    for (size_t i = 0; i < sizeof tabs / sizeof *tabs; i++)
        free(tabs[i]->data);
    intern_free(m->hstr);
    intern_free(m->htype);
    intern_free(m->hattr);
    intern_free(m->haff);
    intern_free(m->hmap);
    intern_free(m->hset);
    free(m->str_kind);
    arena_free(m->arena);
    free(m);
}

void ir_module_reserve(struct ir_module *m, uint32_t nstr, uint32_t ntype, uint32_t nattr,
                       uint32_t naff, uint32_t nmap, uint32_t nset)
{
    intern_reserve(m->hstr, &m->strs, nstr);
    intern_reserve(m->htype, &m->types, ntype);
    intern_reserve(m->hattr, &m->attrs, nattr);
    intern_reserve(m->haff, &m->affs, naff);
    intern_reserve(m->hmap, &m->maps, nmap);
    intern_reserve(m->hset, &m->sets, nset);
}

void ir_module_reserve_ops(struct ir_module *m, uint32_t nops, uint32_t nvalues)
{
    vec_reserve(&m->ops, nops);
    vec_reserve(&m->values, nvalues);
}

/* ---- strings ----------------------------------------------------------- */

/* Strings are mostly short SSA and attribute names: up to 8 bytes they are
 * hashed and compared as one word (the string table has its own hash). */
static inline uint32_t hash_word(uint64_t w, size_t n)
{
    uint64_t h = (w ^ n) * 0x9E3779B97F4A7C15u;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 32;
    return (uint32_t)h;
}

ir_str ir_str_intern(struct ir_module *m, const char *s, size_t n)
{
    struct ir_intern *h = m->hstr;
    const unsigned char *b = (const unsigned char *)s;
    uint64_t w = n <= 8 ? ir_rd_tail(b, n) : 0;
    uint32_t hash = n <= 8 ? hash_word(w, n) : ir_hash_bytes(b, n);
    uint32_t mask = h->cap - 1, slot = hash & mask;
    const struct key *const *keys = h->keys.data;
    for (;; slot = (slot + 1) & mask) {
        struct islot e = h->slots[slot];
        if (!e.id)
            break;
        if (e.hash != hash)
            continue;
        const struct key *k = keys[e.id];
        if (k->len == n && (n <= 8 ? ir_rd_tail(k->bytes, n) == w : key_eq(k->bytes, b, n)))
            return e.id;
    }
    /* One copy is both the key and the string: the key's bytes are
     * NUL-terminated (the arena hands out zeroed memory). */
    struct key *k = arena_alloc(m->arena, sizeof *k + n + 1);
    k->len = (uint32_t)n;
    memcpy(k->bytes, s, n);
    ir_str id = vec_push(&m->strs, k->bytes);
    uint32_t kid = vec_push(&h->keys, k);
    assert(kid == id);
    (void)kid;
    h->slots[slot] = (struct islot){id, hash};
    if (++h->len * 4 > h->cap * 3)
        intern_grow(h);
    return id;
}

ir_str ir_str_c(struct ir_module *m, const char *s)
{
    return ir_str_intern(m, s, strlen(s));
}

/* ---- types ------------------------------------------------------------- */

static void *make_type(struct ir_module *m, const void *src)
{
    const struct ir_type_info *t = src;
    struct ir_type_info *r = arena_alloc(m->arena, sizeof *r);
    *r = *t;
    r->shape = copy_arr(m, t->shape, t->rank, sizeof *t->shape);
    r->tys = copy_arr(m, t->tys, t->ntys, sizeof *t->tys);
    return r;
}

/* Keys are a fixed header of packed fields, then the arrays whose lengths
 * the header gives: built with a few stores instead of one append per field. */
ir_type ir_type_intern(struct ir_module *m, const struct ir_type_info *t)
{
    uint64_t head[7] = {
        t->kind | (uint64_t)t->fkind << 8 | (uint64_t)t->spelling << 16 | (uint64_t)t->width << 32,
        t->elem | (uint64_t)t->rank << 32,
        t->attr0 | (uint64_t)t->attr1 << 32,
        t->nin | (uint64_t)t->ntys << 32,
        (uint64_t)t->granularity,
        (uint64_t)t->upperbound,
        t->name | (uint64_t)t->body << 32,
    };
    struct kbuf b;
    kb_init(&b);
    kb_put(&b, head, sizeof head);
    if (t->rank)
        kb_put(&b, t->shape, t->rank * sizeof *t->shape);
    if (t->ntys)
        kb_put(&b, t->tys, t->ntys * sizeof *t->tys);
    ir_type id = intern(m, m->htype, &m->types, b.p, b.len, make_type, t);
    kb_done(&b);
    return id;
}

ir_type ir_type_int(struct ir_module *m, uint32_t width)
{
    return ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_INT, .width = width});
}

ir_type ir_type_float(struct ir_module *m, enum ir_float_kind k)
{
    static const uint32_t bits[] = {[IR_F16] = 16, [IR_BF16] = 16, [IR_F32] = 32,
                                    [IR_F64] = 64, [IR_DF16] = 16};
    return ir_type_intern(
        m, &(struct ir_type_info){.kind = IR_TY_FLOAT, .fkind = (uint8_t)k, .width = bits[k]});
}

ir_type ir_type_shaped(struct ir_module *m, enum ir_type_kind kind, uint32_t rank,
                       const int64_t *shape, ir_type elem)
{
    return ir_type_intern(m, &(struct ir_type_info){
                                 .kind = (uint8_t)kind, .rank = rank, .shape = shape, .elem = elem});
}

ir_type ir_type_func(struct ir_module *m, uint32_t nin, const ir_type *in, uint32_t nout,
                     const ir_type *out)
{
    ir_type buf[64], *tys = nin + nout <= 64 ? buf : malloc((nin + nout) * sizeof *tys);
    if (!tys)
        abort();
    if (nin)
        memcpy(tys, in, nin * sizeof *tys);
    if (nout)
        memcpy(tys + nin, out, nout * sizeof *tys);
    ir_type t = ir_type_intern(
        m, &(struct ir_type_info){.kind = IR_TY_FUNC, .nin = nin, .ntys = nin + nout, .tys = tys});
    if (tys != buf)
        free(tys);
    return t;
}

bool ir_type_is_shaped(const struct ir_module *m, ir_type t)
{
    switch (ir_type_get(m, t)->kind) {
    case IR_TY_TENSOR:
    case IR_TY_MEMREF:
    case IR_TY_VECTOR:
    case IR_TY_ACCESS_TILE:
        return true;
    default:
        return false;
    }
}

bool ir_type_is_float(const struct ir_module *m, ir_type t)
{
    return ir_type_get(m, t)->kind == IR_TY_FLOAT;
}

bool ir_type_is_intlike(const struct ir_module *m, ir_type t)
{
    uint8_t k = ir_type_get(m, t)->kind;
    return k == IR_TY_INT || k == IR_TY_INDEX;
}

ir_type ir_type_elem(const struct ir_module *m, ir_type t)
{
    return ir_type_is_shaped(m, t) ? ir_type_get(m, t)->elem : t;
}

int64_t ir_type_numel(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    int64_t n = 1;
    for (uint32_t i = 0; i < ti->rank; i++) {
        if (ti->shape[i] == IR_DYN)
            return -1;
        n *= ti->shape[i];
    }
    return n;
}

int64_t ir_type_bytes(const struct ir_module *m, ir_type t)
{
    return ((int64_t)ir_type_get(m, t)->width + 7) / 8;
}

bool ir_strided_extent(const int64_t *sizes, const int64_t *strides, uint32_t n, int64_t *lo,
                       int64_t *hi)
{
    *lo = *hi = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (sizes[i] == IR_DYN || strides[i] == IR_DYN || sizes[i] < 1)
            return false;
        int64_t span = (sizes[i] - 1) * strides[i];
        if (span < 0)
            *lo += span;
        else
            *hi += span;
    }
    return true;
}

/* ---- attributes -------------------------------------------------------- */

static void *make_attr(struct ir_module *m, const void *src)
{
    const struct ir_attr_info *a = src;
    struct ir_attr_info *r = arena_alloc(m->arena, sizeof *r);
    *r = *a;
    uint32_t ne = a->kind == IR_AT_DICT || a->kind == IR_AT_ARCH_MAP ? 2 * a->n : a->n;
    bool ints = a->kind == IR_AT_DENSE_ARRAY || a->kind == IR_AT_STRIDED;
    r->elems = ints ? NULL : copy_arr(m, a->elems, ne, sizeof *a->elems);
    r->ints = ints ? copy_arr(m, a->ints, a->n, sizeof *a->ints) : NULL;
    return r;
}

ir_attr ir_attr_intern(struct ir_module *m, const struct ir_attr_info *a)
{
    uint64_t fbits;
    memcpy(&fbits, &a->f, sizeof fbits);
    uint64_t head[6] = {
        a->kind | (uint64_t)a->flags << 8 | (uint64_t)a->type << 32,
        (uint64_t)a->i,
        fbits,
        (uint64_t)a->id,
        a->s | (uint64_t)a->body << 32,
        a->n | (uint64_t)a->map << 32,
    };
    struct kbuf b;
    kb_init(&b);
    kb_put(&b, head, sizeof head);
    if (a->kind == IR_AT_DENSE_ARRAY || a->kind == IR_AT_STRIDED) {
        if (a->n)
            kb_put(&b, a->ints, a->n * sizeof *a->ints);
    } else {
        uint32_t ne = a->kind == IR_AT_DICT || a->kind == IR_AT_ARCH_MAP ? 2 * a->n : a->n;
        if (ne)
            kb_put(&b, a->elems, ne * sizeof *a->elems);
    }
    ir_attr id = intern(m, m->hattr, &m->attrs, b.p, b.len, make_attr, a);
    kb_done(&b);
    return id;
}

ir_attr ir_attr_int(struct ir_module *m, int64_t v, ir_type type)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_INT, .i = v, .type = type});
}

ir_attr ir_attr_float(struct ir_module *m, double v, ir_type type)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_FLOAT, .f = v, .type = type});
}

ir_attr ir_attr_string(struct ir_module *m, const char *s)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = ir_str_c(m, s)});
}

ir_attr ir_attr_type(struct ir_module *m, ir_type t)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_TYPE, .type = t});
}

ir_attr ir_attr_unit(struct ir_module *m)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_UNIT});
}

ir_attr ir_attr_array(struct ir_module *m, uint32_t n, const ir_attr *elems)
{
    return ir_attr_intern(m,
                          &(struct ir_attr_info){.kind = IR_AT_ARRAY, .n = n, .elems = elems});
}

ir_attr ir_attr_dense_array(struct ir_module *m, ir_type elem, uint32_t n, const int64_t *v)
{
    for (int i = 0; i < 4; i++) {
        ir_attr a = m->recent_arrays[i];
        const struct ir_attr_info *x = a ? ir_attr_get(m, a) : NULL;
        if (!x || x->type != elem || x->n != n)
            continue;
        uint32_t k = 0;
        while (k < n && x->ints[k] == v[k])
            k++;
        if (k == n)
            return a;
    }
    ir_attr a = ir_attr_intern(m, &(struct ir_attr_info){
                                      .kind = IR_AT_DENSE_ARRAY, .type = elem, .n = n, .ints = v});
    m->recent_arrays[m->next_array++ & 3] = a;
    return a;
}

ir_attr ir_attr_affine_map(struct ir_module *m, uint32_t map)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_AFFINE_MAP, .map = map});
}

ir_attr ir_attr_integer_set(struct ir_module *m, uint32_t set)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_INTEGER_SET, .map = set});
}

ir_attr ir_attr_dict(struct ir_module *m, uint32_t n, const ir_str *names, const ir_attr *vals)
{
    for (int i = 0; i < 4; i++) {
        ir_attr a = m->recent_dicts[i];
        const struct ir_attr_info *x = a ? ir_attr_get(m, a) : NULL;
        if (!x || x->n != n)
            continue;
        uint32_t k = 0;
        while (k < n && x->elems[2 * k] == names[k] && x->elems[2 * k + 1] == vals[k])
            k++;
        if (k == n)
            return a;
    }
    uint32_t buf[128], *e = 2 * n <= 128 ? buf : malloc(2 * n * sizeof *e);
    if (!e)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        e[2 * i] = names[i];
        e[2 * i + 1] = vals[i];
    }
    ir_attr a = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_DICT, .n = n, .elems = e});
    if (e != buf)
        free(e);
    m->recent_dicts[m->next_dict++ & 3] = a;
    return a;
}

ir_attr ir_dict_get(const struct ir_module *m, ir_attr dict, const char *name)
{
    if (!dict)
        return IR_NONE;
    const struct ir_attr_info *d = ir_attr_get(m, dict);
    for (uint32_t i = 0; i < d->n; i++) {
        /* The first character rejects most keys without a call. */
        const char *k = ir_str_get(m, d->elems[2 * i]);
        if (k[0] == name[0] && strcmp(k, name) == 0)
            return d->elems[2 * i + 1];
    }
    return IR_NONE;
}

/* ---- affine expressions ------------------------------------------------ */

static void *make_aff(struct ir_module *m, const void *src)
{
    struct ir_aff_info *r = arena_alloc(m->arena, sizeof *r);
    *r = *(const struct ir_aff_info *)src;
    return r;
}

static ir_aff aff_intern(struct ir_module *m, struct ir_aff_info e)
{
    for (int i = 0; i < 8; i++) {
        ir_aff a = m->recent_affs[i];
        const struct ir_aff_info *x = a ? ir_aff_get(m, a) : NULL;
        if (x && x->kind == e.kind && x->lhs == e.lhs && x->rhs == e.rhs && x->v == e.v)
            return a;
    }
    struct kbuf b;
    kb_init(&b);
    kb_u32(&b, e.kind);
    kb_u32(&b, e.lhs);
    kb_u32(&b, e.rhs);
    kb_i64(&b, e.v);
    ir_aff a = intern(m, m->haff, &m->affs, b.p, b.len, make_aff, &e);
    m->recent_affs[m->next_aff++ & 7] = a;
    return a;
}

ir_aff ir_aff_const(struct ir_module *m, int64_t v)
{
    return aff_intern(m, (struct ir_aff_info){.kind = IR_AFF_CONST, .v = v});
}

ir_aff ir_aff_dim(struct ir_module *m, uint32_t pos)
{
    return aff_intern(m, (struct ir_aff_info){.kind = IR_AFF_DIM, .v = pos});
}

ir_aff ir_aff_sym(struct ir_module *m, uint32_t pos)
{
    return aff_intern(m, (struct ir_aff_info){.kind = IR_AFF_SYM, .v = pos});
}

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceildiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

static int64_t modulo(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return r < 0 ? r + (b < 0 ? -b : b) : r;
}

static bool is_const(const struct ir_module *m, ir_aff e, int64_t *v)
{
    const struct ir_aff_info *i = ir_aff_get(m, e);
    if (i->kind != IR_AFF_CONST)
        return false;
    *v = i->v;
    return true;
}

/* Whether every value of e is a multiple of b > 0. */
static bool multiple_of(const struct ir_module *m, ir_aff e, int64_t b)
{
    const struct ir_aff_info *a = ir_aff_get(m, e);
    switch (a->kind) {
    case IR_AFF_CONST: return a->v % b == 0;
    case IR_AFF_ADD: return multiple_of(m, a->lhs, b) && multiple_of(m, a->rhs, b);
    case IR_AFF_MUL: return multiple_of(m, a->lhs, b) || multiple_of(m, a->rhs, b);
    default: return false;
    }
}

/* e without the terms of its sum that are multiples of b > 0 (constants
 * reduced modulo b): the same value modulo b. */
static ir_aff drop_multiples(struct ir_module *m, ir_aff e, int64_t b)
{
    if (multiple_of(m, e, b))
        return ir_aff_const(m, 0);
    const struct ir_aff_info a = *ir_aff_get(m, e);
    if (a.kind == IR_AFF_CONST)
        return ir_aff_const(m, modulo(a.v, b));
    if (a.kind != IR_AFF_ADD)
        return e;
    ir_aff l = drop_multiples(m, a.lhs, b), r = drop_multiples(m, a.rhs, b);
    return l == a.lhs && r == a.rhs ? e : ir_aff_bin(m, IR_AFF_ADD, l, r);
}

/* e / b into *q when every term of e's sum is a constant or a product
 * with a constant factor that b > 0 divides: (d0 * 64) floordiv 64 is d0. */
static bool exact_div(struct ir_module *m, ir_aff e, int64_t b, ir_aff *q)
{
    const struct ir_aff_info a = *ir_aff_get(m, e);
    int64_t c;
    ir_aff l, r;
    switch (a.kind) {
    case IR_AFF_CONST:
        if (a.v % b)
            return false;
        *q = ir_aff_const(m, a.v / b);
        return true;
    case IR_AFF_MUL:
        if (!is_const(m, a.rhs, &c) || c % b)
            return false;
        *q = ir_aff_bin(m, IR_AFF_MUL, a.lhs, ir_aff_const(m, c / b));
        return true;
    case IR_AFF_ADD:
        if (!exact_div(m, a.lhs, b, &l) || !exact_div(m, a.rhs, b, &r))
            return false;
        *q = ir_aff_bin(m, IR_AFF_ADD, l, r);
        return true;
    default:
        return false;
    }
}

ir_aff ir_aff_bin(struct ir_module *m, enum ir_aff_kind kind, ir_aff lhs, ir_aff rhs)
{
    int64_t a, b;
    bool ca = is_const(m, lhs, &a), cb = is_const(m, rhs, &b);
    if (ca && cb) {
        switch (kind) {
        case IR_AFF_ADD: return ir_aff_const(m, a + b);
        case IR_AFF_MUL: return ir_aff_const(m, a * b);
        case IR_AFF_MOD: if (b) return ir_aff_const(m, modulo(a, b)); break;
        case IR_AFF_FLOORDIV: if (b) return ir_aff_const(m, floordiv(a, b)); break;
        case IR_AFF_CEILDIV: if (b) return ir_aff_const(m, ceildiv(a, b)); break;
        default: break;
        }
    }
    if ((kind == IR_AFF_ADD || kind == IR_AFF_MUL) && ca && !cb) {
        ir_aff t = lhs; lhs = rhs; rhs = t;
        ca = false; cb = true; b = a;
    }
    if (cb) {
        if (kind == IR_AFF_ADD && b == 0)
            return lhs;
        if (kind == IR_AFF_MUL && b == 1)
            return lhs;
        if ((kind == IR_AFF_FLOORDIV || kind == IR_AFF_CEILDIV) && b == 1)
            return lhs;
        ir_aff q;
        if ((kind == IR_AFF_FLOORDIV || kind == IR_AFF_CEILDIV) && b > 0 &&
            exact_div(m, lhs, b, &q))
            return q;
        if (kind == IR_AFF_MUL && b == 0)
            return rhs;
        /* (x + y * k b) mod b → x mod b, as MLIR folds it; (x mod k b) mod b → x mod b */
        if (kind == IR_AFF_MOD && b > 0) {
            ir_aff x = drop_multiples(m, lhs, b);
            const struct ir_aff_info *xi = ir_aff_get(m, x);
            int64_t c;
            if (xi->kind == IR_AFF_MOD && is_const(m, xi->rhs, &c) && c > 0 && c % b == 0)
                x = xi->lhs;
            if (x != lhs)
                return ir_aff_bin(m, IR_AFF_MOD, x, rhs);
        }
        /* (x + c1) + c2 → x + (c1 + c2); (x * c1) * c2 → x * (c1 * c2) */
        const struct ir_aff_info *l = ir_aff_get(m, lhs);
        int64_t c1;
        if ((kind == IR_AFF_ADD || kind == IR_AFF_MUL) && l->kind == kind &&
            is_const(m, l->rhs, &c1))
            return ir_aff_bin(m, kind, l->lhs, ir_aff_const(m, kind == IR_AFF_ADD ? c1 + b : c1 * b));
    }
    return aff_intern(m, (struct ir_aff_info){.kind = (uint8_t)kind, .lhs = lhs, .rhs = rhs});
}

static void *make_map(struct ir_module *m, const void *src)
{
    const struct ir_affine_map *s = src;
    struct ir_affine_map *r = arena_alloc(m->arena, sizeof *r);
    *r = *s;
    r->res = copy_arr(m, s->res, s->nres, sizeof *s->res);
    return r;
}

uint32_t ir_map_intern(struct ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t nres,
                       const ir_aff *res)
{
    struct ir_affine_map map = {ndims, nsyms, nres, res};
    struct kbuf b;
    kb_init(&b);
    kb_u32(&b, ndims);
    kb_u32(&b, nsyms);
    kb_u32(&b, nres);
    for (uint32_t i = 0; i < nres; i++)
        kb_u32(&b, res[i]);
    uint32_t id = intern(m, m->hmap, &m->maps, b.p, b.len, make_map, &map);
    kb_done(&b);
    return id;
}

static void *make_set(struct ir_module *m, const void *src)
{
    const struct ir_integer_set *s = src;
    struct ir_integer_set *r = arena_alloc(m->arena, sizeof *r);
    *r = *s;
    r->cons = copy_arr(m, s->cons, s->ncons, sizeof *s->cons);
    r->eq = copy_arr(m, s->eq, s->ncons, sizeof *s->eq);
    return r;
}

uint32_t ir_set_intern(struct ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t ncons,
                       const ir_aff *cons, const bool *eq)
{
    struct ir_integer_set set = {ndims, nsyms, ncons, cons, eq};
    struct kbuf b;
    kb_init(&b);
    kb_u32(&b, ndims);
    kb_u32(&b, nsyms);
    kb_u32(&b, ncons);
    for (uint32_t i = 0; i < ncons; i++) {
        kb_u32(&b, cons[i]);
        kb_u32(&b, eq[i]);
    }
    uint32_t id = intern(m, m->hset, &m->sets, b.p, b.len, make_set, &set);
    kb_done(&b);
    return id;
}

int64_t ir_aff_eval(const struct ir_module *m, ir_aff e, const int64_t *dims,
                    const int64_t *syms, bool *ok)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_CONST: return x->v;
    case IR_AFF_DIM: return dims[x->v];
    case IR_AFF_SYM: return syms[x->v];
    default: break;
    }
    int64_t a = ir_aff_eval(m, x->lhs, dims, syms, ok);
    int64_t b = ir_aff_eval(m, x->rhs, dims, syms, ok);
    switch (x->kind) {
    case IR_AFF_ADD: return a + b;
    case IR_AFF_MUL: return a * b;
    default: break;
    }
    if (b == 0) {
        *ok = false;
        return 0;
    }
    switch (x->kind) {
    case IR_AFF_MOD: return modulo(a, b);
    case IR_AFF_FLOORDIV: return floordiv(a, b);
    default: return ceildiv(a, b);
    }
}

bool ir_set_contains(const struct ir_module *m, uint32_t set, const int64_t *dims,
                     const int64_t *syms)
{
    const struct ir_integer_set *s = ir_set_get(m, set);
    for (uint32_t i = 0; i < s->ncons; i++) {
        bool ok = true;
        int64_t v = ir_aff_eval(m, s->cons[i], dims, syms, &ok);
        if (!ok || (s->eq[i] ? v != 0 : v < 0))
            return false;
    }
    return true;
}

/* Splits e into coef * d_k + rest where rest does not use dims. Returns false
 * when e is not of that shape (more than one dim, or a dim under mod etc.). */
static bool split_linear(const struct ir_module *m, ir_aff e, int *dim, int64_t *coef,
                         const int64_t *syms, int64_t *rest)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_CONST: *rest += x->v; return true;
    case IR_AFF_SYM: *rest += syms[x->v]; return true;
    case IR_AFF_DIM:
        if (*dim >= 0 && *dim != (int)x->v)
            return false;
        *dim = (int)x->v;
        *coef += 1;
        return true;
    case IR_AFF_ADD:
        return split_linear(m, x->lhs, dim, coef, syms, rest) &&
               split_linear(m, x->rhs, dim, coef, syms, rest);
    case IR_AFF_MUL: {
        int64_t c;
        if (!is_const(m, x->rhs, &c))
            return false;
        int d2 = -1;
        int64_t c2 = 0, r2 = 0;
        if (!split_linear(m, x->lhs, &d2, &c2, syms, &r2))
            return false;
        if (d2 >= 0) {
            if (*dim >= 0 && *dim != d2)
                return false;
            *dim = d2;
            *coef += c2 * c;
        }
        *rest += r2 * c;
        return true;
    }
    default: {
        /* mod/div of a dim-free expression is fine. */
        bool ok = true;
        int d2 = -1;
        int64_t c2 = 0, r2 = 0;
        if (!split_linear(m, x->lhs, &d2, &c2, syms, &r2) || d2 >= 0)
            return false;
        if (!split_linear(m, x->rhs, &d2, &c2, syms, &r2) || d2 >= 0)
            return false;
        *rest += ir_aff_eval(m, e, NULL, syms, &ok);
        return ok;
    }
    }
}

bool ir_set_box(const struct ir_module *m, uint32_t set, const int64_t *syms, int64_t *lo,
                int64_t *hi)
{
    const struct ir_integer_set *s = ir_set_get(m, set);
    for (uint32_t d = 0; d < s->ndims; d++) {
        lo[d] = INT64_MIN;
        hi[d] = INT64_MAX;
    }
    for (uint32_t i = 0; i < s->ncons; i++) {
        int dim = -1;
        int64_t coef = 0, rest = 0;
        if (!split_linear(m, s->cons[i], &dim, &coef, syms, &rest))
            return false;
        if (dim < 0) {
            /* A dim-free constraint: true makes no bound, false makes the set empty. */
            if (s->eq[i] ? rest != 0 : rest < 0) {
                for (uint32_t d = 0; d < s->ndims; d++) {
                    lo[d] = 0;
                    hi[d] = -1;
                }
                return true;
            }
            continue;
        }
        if (coef != 1 && coef != -1)
            return false;
        /* coef*d + rest >= 0:  d >= -rest (coef 1) or d <= rest (coef -1) */
        int64_t bound = coef == 1 ? -rest : rest;
        if (s->eq[i] || coef == 1)
            lo[dim] = bound > lo[dim] ? bound : lo[dim];
        if (s->eq[i] || coef == -1)
            hi[dim] = bound < hi[dim] ? bound : hi[dim];
    }
    return true;
}

/* ---- ops, blocks, regions ---------------------------------------------- */

/* Room for one more in an op state's list: first its inline array, then
 * doubling copies in the arena. */
#define GROW(m, arr, len, cap, inl)                                               \
    do {                                                                          \
        if ((len) == (cap)) {                                                     \
            if (!(cap)) {                                                         \
                (arr) = (inl);                                                    \
                (cap) = sizeof(inl) / sizeof *(inl);                              \
                break;                                                            \
            }                                                                     \
            uint32_t ncap_ = (cap) * 2;                                           \
            void *n_ = arena_alloc((m)->arena, ncap_ * sizeof *(arr));            \
            memcpy(n_, (arr), (len) * sizeof *(arr));                             \
            (arr) = n_;                                                           \
            (cap) = ncap_;                                                        \
        }                                                                         \
    } while (0)

uint32_t ir_op_kind_of(struct ir_module *m, ir_str name)
{
    if (name >= m->nstr_kind) {
        uint32_t n = m->nstr_kind ? m->nstr_kind : 256;
        while (n <= name)
            n *= 2;
        uint16_t *k = realloc(m->str_kind, n * sizeof *k);
        if (!k)
            abort();
        memset(k + m->nstr_kind, 0, (n - m->nstr_kind) * sizeof *k);
        m->str_kind = k;
        m->nstr_kind = n;
    }
    if (!m->str_kind[name])
        m->str_kind[name] = (uint16_t)(ir_op_kind_lookup(ir_str_get(m, name)) + 1);
    return m->str_kind[name] - 1u;
}

void ir_state_init(struct ir_op_state *st, struct ir_module *m, const char *name,
                   struct ir_loc loc)
{
    ir_state_init_str(st, m, ir_str_c(m, name), loc);
}

void ir_state_init_str(struct ir_op_state *st, struct ir_module *m, ir_str name,
                       struct ir_loc loc)
{
    memset(st, 0, sizeof *st);
    st->name = name;
    st->kind = (uint16_t)ir_op_kind_of(m, name);
    st->loc = loc;
}

void ir_state_add_operand(struct ir_module *m, struct ir_op_state *st, ir_value v)
{
    GROW(m, st->opnd, st->nopnd, st->cap_opnd, st->in_opnd);
    st->opnd[st->nopnd++] = v;
}

void ir_state_add_result(struct ir_module *m, struct ir_op_state *st, ir_type t)
{
    GROW(m, st->res_types, st->nres, st->cap_res, st->in_res);
    st->res_types[st->nres++] = t;
}

void ir_state_add_region(struct ir_module *m, struct ir_op_state *st, ir_region r)
{
    GROW(m, st->regs, st->nreg, st->cap_reg, st->in_regs);
    st->regs[st->nreg++] = r;
}

void ir_state_add_successor(struct ir_module *m, struct ir_op_state *st, ir_block b)
{
    GROW(m, st->succ, st->nsucc, st->cap_succ, st->in_succ);
    st->succ[st->nsucc++] = b;
}

void ir_state_set_attr(struct ir_module *m, struct ir_op_state *st, const char *name, ir_attr a)
{
    ir_state_set_attr_str(m, st, ir_str_c(m, name), a);
}

void ir_state_set_attr_str(struct ir_module *m, struct ir_op_state *st, ir_str s, ir_attr a)
{
    for (uint32_t i = 0; i < st->nattr; i++)
        if (st->attr_names[i] == s) {
            st->attr_vals[i] = a;
            return;
        }
    uint32_t cap = st->cap_attr;
    GROW(m, st->attr_names, st->nattr, cap, st->in_attr_names);
    GROW(m, st->attr_vals, st->nattr, st->cap_attr, st->in_attr_vals);
    st->attr_names[st->nattr] = s;
    st->attr_vals[st->nattr++] = a;
}

ir_attr ir_state_get_attr(const struct ir_module *m, const struct ir_op_state *st,
                          const char *name)
{
    for (uint32_t i = 0; i < st->nattr; i++)
        if (strcmp(ir_str_get(m, st->attr_names[i]), name) == 0)
            return st->attr_vals[i];
    return IR_NONE;
}

static ir_value value_new(struct ir_module *m, ir_type t, uint32_t owner, uint32_t index,
                          bool is_arg)
{
    struct ir_value_info *v = arena_alloc(m->arena, sizeof *v);
    v->type = t;
    v->owner = owner;
    v->index = index;
    v->is_arg = is_arg;
    return vec_push(&m->values, v);
}

ir_op ir_op_create(struct ir_module *m, const struct ir_op_state *st)
{
    struct ir_op_info *o = arena_alloc(m->arena, sizeof *o);
    ir_op id = vec_push(&m->ops, o);
    o->kind = st->kind;
    o->name = st->name;
    o->loc = st->loc;
    o->nopnd = st->nopnd;
    o->opnd = copy_arr(m, st->opnd, st->nopnd, sizeof *st->opnd);
    o->nreg = st->nreg;
    o->regs = copy_arr(m, st->regs, st->nreg, sizeof *st->regs);
    o->nsucc = st->nsucc;
    o->succ = copy_arr(m, st->succ, st->nsucc, sizeof *st->succ);
    o->attrs = st->nattr ? ir_attr_dict(m, st->nattr, st->attr_names, st->attr_vals) : IR_NONE;
    o->nres = st->nres;
    for (uint32_t i = 0; i < st->nres; i++) {
        ir_value v = value_new(m, st->res_types[i], id, i, false);
        if (i == 0)
            o->res = v;
    }
    for (uint32_t i = 0; i < st->nreg; i++)
        ir_region_get(m, st->regs[i])->op = id;
    return id;
}

ir_region ir_region_new(struct ir_module *m)
{
    return vec_push(&m->regions, arena_alloc(m->arena, sizeof(struct ir_region_info)));
}

ir_block ir_block_new(struct ir_module *m)
{
    return vec_push(&m->blocks, arena_alloc(m->arena, sizeof(struct ir_block_info)));
}

ir_value ir_block_add_arg(struct ir_module *m, ir_block b, ir_type t, ir_str name)
{
    struct ir_block_info *bi = ir_block_get(m, b);
    ir_value v = value_new(m, t, b, bi->nargs, true);
    ir_value_get(m, v)->name = name;
    /* Block args are few; grow one at a time in the arena. */
    ir_value *na = arena_alloc(m->arena, (bi->nargs + 1) * sizeof *na);
    if (bi->nargs)
        memcpy(na, bi->args, bi->nargs * sizeof *na);
    na[bi->nargs++] = v;
    bi->args = na;
    return v;
}

void ir_region_append_block(struct ir_module *m, ir_region r, ir_block b)
{
    struct ir_region_info *ri = ir_region_get(m, r);
    struct ir_block_info *bi = ir_block_get(m, b);
    bi->region = r;
    bi->prev = ri->last;
    bi->next = IR_NONE;
    if (ri->last)
        ir_block_get(m, ri->last)->next = b;
    else
        ri->first = b;
    ri->last = b;
}

void ir_block_append_op(struct ir_module *m, ir_block b, ir_op op)
{
    struct ir_block_info *bi = ir_block_get(m, b);
    struct ir_op_info *o = ir_op_get(m, op);
    o->block = b;
    o->prev = bi->last;
    o->next = IR_NONE;
    if (bi->last)
        ir_op_get(m, bi->last)->next = op;
    else
        bi->first = op;
    bi->last = op;
}

void ir_op_insert_before(struct ir_module *m, ir_op before, ir_op op)
{
    struct ir_op_info *bo = ir_op_get(m, before), *o = ir_op_get(m, op);
    struct ir_block_info *bi = ir_block_get(m, bo->block);
    o->block = bo->block;
    o->next = before;
    o->prev = bo->prev;
    if (bo->prev)
        ir_op_get(m, bo->prev)->next = op;
    else
        bi->first = op;
    bo->prev = op;
}

void ir_op_unlink(struct ir_module *m, ir_op op)
{
    struct ir_op_info *o = ir_op_get(m, op);
    if (!o->block)
        return;
    struct ir_block_info *bi = ir_block_get(m, o->block);
    if (o->prev)
        ir_op_get(m, o->prev)->next = o->next;
    else
        bi->first = o->next;
    if (o->next)
        ir_op_get(m, o->next)->prev = o->prev;
    else
        bi->last = o->prev;
    o->block = o->prev = o->next = IR_NONE;
}

ir_attr ir_op_attr(const struct ir_module *m, ir_op op, const char *name)
{
    return ir_dict_get(m, ir_op_get(m, op)->attrs, name);
}

void ir_op_set_attr(struct ir_module *m, ir_op op, const char *name, ir_attr a)
{
    struct ir_op_info *o = ir_op_get(m, op);
    ir_str key = ir_str_c(m, name);
    uint32_t n = o->attrs ? ir_attr_get(m, o->attrs)->n : 0;
    ir_str *names = malloc((n + 1) * sizeof *names);
    ir_attr *vals = malloc((n + 1) * sizeof *vals);
    if (!names || !vals)
        abort();
    uint32_t k = 0;
    bool replaced = false;
    for (uint32_t i = 0; i < n; i++) {
        const struct ir_attr_info *d = ir_attr_get(m, o->attrs);
        names[k] = d->elems[2 * i];
        vals[k] = d->elems[2 * i + 1];
        if (names[k] == key) {
            replaced = true;
            if (!a)
                continue; /* removal */
            vals[k] = a;
        }
        k++;
    }
    if (!replaced && a) {
        names[k] = key;
        vals[k++] = a;
    }
    o->attrs = k ? ir_attr_dict(m, k, names, vals) : IR_NONE;
    free(names);
    free(vals);
}

ir_region ir_op_region(const struct ir_module *m, ir_op op, uint32_t i)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return i < o->nreg ? o->regs[i] : IR_NONE;
}

ir_block ir_region_entry(const struct ir_module *m, ir_region r)
{
    return ir_region_get(m, r)->first;
}

ir_op ir_op_parent(const struct ir_module *m, ir_op op)
{
    ir_block b = ir_op_get(m, op)->block;
    if (!b)
        return IR_NONE;
    ir_region r = ir_block_get(m, b)->region;
    return r ? ir_region_get(m, r)->op : IR_NONE;
}

ir_op ir_value_def(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    return vi->is_arg ? IR_NONE : vi->owner;
}

ir_op ir_value_scope(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    return vi->is_arg ? ir_region_get(m, ir_block_get(m, vi->owner)->region)->op : vi->owner;
}

bool ir_value_defined_in(const struct ir_module *m, ir_value v, ir_op op)
{
    for (ir_op d = ir_value_scope(m, v); d; d = ir_op_parent(m, d))
        if (d == op)
            return true;
    return false;
}

ir_block ir_module_body(const struct ir_module *m)
{
    return ir_region_entry(m, ir_op_region(m, m->top, 0));
}

bool ir_walk(struct ir_module *m, ir_op op, ir_walk_fn fn, void *ctx)
{
    if (!fn(m, op, ctx))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            for (ir_op c = ir_block_get(m, b)->first; c; c = ir_op_get(m, c)->next)
                if (!ir_walk(m, c, fn, ctx))
                    return false;
    return true;
}
