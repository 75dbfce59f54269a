/* printer.c - module → MLIR text, in the custom form (through the dialect
 * tables' print hooks) or the generic form. Output is deterministic: the
 * same module always prints the same bytes.
 *
 * SSA names: a value keeps the name it had in the source when that name is
 * free in the current scope, else gets a suffix; unnamed values are numbered.
 * Names are released at the end of the region that defined them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/hash.h"
#include "ktir/numeric.h"
#include "ktir/ops.h"

/* An op attribute dictionary's text (see print_op_dict). */
enum { DICT_MEMOS = 4, DICT_MEMO_ELIDE = 8 };
struct dict_memo {
    ir_attr dict; /* 0 = none */
    const char *open;
    const char *elide[DICT_MEMO_ELIDE];
    uint32_t nelide;
    uint32_t off, len; /* in memo */
};

struct ir_printer {
    const struct ir_module *m;
    unsigned flags;
    char *buf;
    size_t len, cap;
    int indent;
    /* Streaming (ir_print_module_to): buf is handed to sink between ops. */
    ir_print_sink sink;
    void *sink_ctx;
    int sink_rc;

    char **names;     /* per value id, NULL until named */
    uint32_t nnames;
    /* Active names: an open-addressing set of strings (set_len of them,
     * set_used slots taken counting tombstones), plus an undo log. */
    struct name_slot *set;
    uint32_t set_cap, set_len, set_used;
    ir_value *log; /* values named, in order */
    uint32_t nlog, cap_log;
    uint32_t *marks;
    uint32_t nmarks, cap_marks;
    uint32_t counter;

    const char *dialects[256];
    int ndialects;

    /* Printed text of each type and attribute already printed once (their
     * text depends on nothing but the module): spans of `memo`. */
    struct memo_span *type_memo, *attr_memo;
    uint32_t ntype_memo, nattr_memo;
    char *memo;
    size_t memo_len, memo_cap;
    struct dict_memo dict_memo[DICT_MEMOS];
    uint32_t next_dict_memo;

    /* Value names live in chunks freed with the printer (no malloc each). */
    struct name_chunk *chunks;
    size_t chunk_used;
};

enum { NAME_CHUNK = 16384 };

struct name_chunk {
    struct name_chunk *next;
    char text[NAME_CHUNK];
};

struct name_slot {
    ir_value v; /* the value whose name it is; 0 = empty, TOMBSTONE = removed */
    uint32_t h;
};

#define TOMBSTONE UINT32_MAX

struct memo_span {
    uint32_t off, len; /* len 0 = not printed yet */
};


/* ---- output buffer ------------------------------------------------------ */

static void grow_buf(struct ir_printer *w, size_t n)
{
    size_t c = w->cap ? w->cap : 4096;
    while (w->len + n + 1 > c)
        c *= 2;
    char *b = realloc(w->buf, c);
    if (!b)
        abort();
    w->buf = b;
    w->cap = c;
}

/* Most pieces are a few bytes (names, punctuation, numbers): those are
 * copied as two overlapping words, without a call to memcpy. */
static inline void put(struct ir_printer *w, const char *s, size_t n)
{
    if (w->len + n + 1 > w->cap)
        grow_buf(w, n);
    char *d = w->buf + w->len;
    if (n >= 4 && n <= 16) {
        if (n >= 8) {
            uint64_t a, b;
            memcpy(&a, s, 8);
            memcpy(&b, s + n - 8, 8);
            memcpy(d, &a, 8);
            memcpy(d + n - 8, &b, 8);
        } else {
            uint32_t a, b;
            memcpy(&a, s, 4);
            memcpy(&b, s + n - 4, 4);
            memcpy(d, &a, 4);
            memcpy(d + n - 4, &b, 4);
        }
    } else if (n < 4) {
        if (n) { /* 1 to 3 bytes: first, middle, last (overlapping) */
            d[0] = s[0];
            d[n >> 1] = s[n >> 1];
            d[n - 1] = s[n - 1];
        }
    } else {
        memcpy(d, s, n);
    }
    w->len += n;
}

/* NUL-terminates the text (put always leaves room for it), for callers
 * that take it as a string. */
static void terminate(struct ir_printer *w)
{
    if (w->len + 1 > w->cap)
        grow_buf(w, 0);
    w->buf[w->len] = 0;
}

/* The memo of id in *tab, grown to hold it. */
static struct memo_span *memo_slot(struct memo_span **tab, uint32_t *n, uint32_t id)
{
    if (id >= *n) {
        uint32_t nn = *n ? *n : 256;
        while (nn <= id)
            nn *= 2;
        struct memo_span *t = realloc(*tab, nn * sizeof *t);
        if (!t)
            abort();
        memset(t + *n, 0, (nn - *n) * sizeof *t);
        *tab = t;
        *n = nn;
    }
    return &(*tab)[id];
}

/* Copies the text printed since output offset start to the memo buffer:
 * its offset there, or UINT32_MAX when too big to keep. */
static uint32_t memo_append(struct ir_printer *w, size_t start)
{
    size_t len = w->len - start;
    if (len > UINT32_MAX || w->memo_len + len > UINT32_MAX)
        return UINT32_MAX;
    if (w->memo_len + len > w->memo_cap) {
        size_t c = w->memo_cap ? w->memo_cap : 4096;
        while (w->memo_len + len > c)
            c *= 2;
        char *b = realloc(w->memo, c);
        if (!b)
            abort();
        w->memo = b;
        w->memo_cap = c;
    }
    if (len)
        memcpy(w->memo + w->memo_len, w->buf + start, len);
    uint32_t off = (uint32_t)w->memo_len;
    w->memo_len += len;
    return off;
}

/* Records the text printed since output offset start as the memo of id. */
static void memo_store(struct ir_printer *w, struct memo_span **tab, uint32_t *n, uint32_t id,
                       size_t start)
{
    size_t len = w->len - start;
    uint32_t off = len ? memo_append(w, start) : UINT32_MAX;
    if (off != UINT32_MAX)
        *memo_slot(tab, n, id) = (struct memo_span){off, (uint32_t)len};
}

/* Prints the memo of id and returns true, or returns false when none. */
static inline bool memo_put(struct ir_printer *w, const struct memo_span *tab, uint32_t n,
                            uint32_t id)
{
    if (id >= n || !tab[id].len)
        return false;
    put(w, w->memo + tab[id].off, tab[id].len);
    return true;
}

const struct ir_module *irw_module(struct ir_printer *w) { return w->m; }

void irw_write(struct ir_printer *w, const char *s, size_t n) { put(w, s, n); }

void irw_printf(struct ir_printer *w, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        put(w, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big)
        abort();
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    put(w, big, (size_t)n);
    free(big);
}

/* Integers and names are most of the output: written without printf. */
static void put_i64(struct ir_printer *w, int64_t v)
{
    char buf[24], *e = buf + sizeof buf, *q = e;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        *--q = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--q = '-';
    put(w, q, (size_t)(e - q));
}

/* The length of a name name_dup made. */
static inline size_t name_len(const char *s)
{
    return (size_t)(unsigned char)s[-2] | (size_t)(unsigned char)s[-1] << 8;
}

/* Writes %name; name is one of the printer's (name_dup). */
static void put_name(struct ir_printer *w, const char *name)
{
    put(w, "%", 1);
    put(w, name, name_len(name));
}

static void newline(struct ir_printer *w)
{
    put(w, "\n", 1);
    for (int i = 0; i < w->indent; i++)
        put(w, "  ", 2);
}

void irw_newline(struct ir_printer *w, int extra)
{
    w->indent += extra;
    newline(w);
    w->indent -= extra;
}

/* ---- names ----------------------------------------------------------- */

/* The hash of a name name_dup made (kept before its length). */
static inline uint32_t name_hash(const char *s)
{
    uint32_t h;
    memcpy(&h, s - 6, sizeof h);
    return h;
}

/* The slot of name s (n bytes, hash h) in the set of active names: where
 * it is (*found) or where it would go (the first tombstone on its probe
 * path, else the empty slot that ends it). Slots keep each name's hash, so
 * a probe compares only names of equal hash. */
static uint32_t set_find(struct ir_printer *w, const char *s, size_t n, uint32_t h, bool *found)
{
    uint32_t mask = w->set_cap - 1, free_at = UINT32_MAX;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        ir_value x = w->set[i].v;
        if (!x) {
            *found = false;
            return free_at != UINT32_MAX ? free_at : i;
        }
        if (x == TOMBSTONE) {
            if (free_at == UINT32_MAX)
                free_at = i;
        } else if (w->set[i].h == h && name_len(w->names[x]) == n &&
                   memcmp(w->names[x], s, n) == 0) {
            *found = true;
            return i;
        }
    }
}

/* Rebuilds the set of active names in cap slots, without tombstones. */
static void set_resize(struct ir_printer *w, uint32_t cap)
{
    struct name_slot *old = w->set;
    uint32_t ocap = w->set_cap;
    w->set = calloc(cap, sizeof *w->set);
    if (!w->set)
        abort();
    w->set_cap = cap;
    w->set_used = w->set_len;
    for (uint32_t i = 0; i < ocap; i++) {
        if (!old[i].v || old[i].v == TOMBSTONE)
            continue;
        uint32_t j = old[i].h & (cap - 1);
        while (w->set[j].v)
            j = (j + 1) & (cap - 1);
        w->set[j] = old[i];
    }
    free(old);
}

/* Room for one more name in the set: live names and tombstones stay under
 * three quarters of it. */
static void set_room(struct ir_printer *w)
{
    if ((uint64_t)(w->set_used + 1) * 4 <= (uint64_t)w->set_cap * 3)
        return;
    /* Twice as big, unless tombstones are most of what fills it. */
    uint32_t ocap = w->set_cap;
    set_resize(w, !ocap ? 256 : (w->set_len + 1) * 2 > ocap ? ocap * 2 : ocap);
}

/* Adds the name of v (a name_dup, not in the set) at slot i, where
 * set_find after set_room said it goes. */
static void set_insert_at(struct ir_printer *w, ir_value v, uint32_t i)
{
    if (!w->set[i].v)
        w->set_used++;
    w->set[i] = (struct name_slot){v, name_hash(w->names[v])};
    w->set_len++;
}

/* Removes the name of v, which set_insert added. */
static void set_remove(struct ir_printer *w, ir_value v)
{
    uint32_t mask = w->set_cap - 1;
    for (uint32_t i = name_hash(w->names[v]) & mask;; i = (i + 1) & mask) {
        if (!w->set[i].v)
            return;
        if (w->set[i].v == v) {
            w->set[i].v = TOMBSTONE;
            w->set_len--;
            return;
        }
    }
}

static void scope_push(struct ir_printer *w)
{
    if (w->nmarks == w->cap_marks) {
        w->cap_marks = w->cap_marks ? w->cap_marks * 2 : 16;
        w->marks = realloc(w->marks, w->cap_marks * sizeof *w->marks);
        if (!w->marks)
            abort();
    }
    w->marks[w->nmarks++] = w->nlog;
}

static void scope_pop(struct ir_printer *w)
{
    uint32_t mark = w->marks[--w->nmarks];
    while (w->nlog > mark)
        set_remove(w, w->log[--w->nlog]);
}

static void ensure_names(struct ir_printer *w, ir_value v)
{
    if (v < w->nnames)
        return;
    uint32_t n = w->nnames ? w->nnames : 256;
    while (n <= v)
        n *= 2;
    w->names = realloc(w->names, n * sizeof *w->names);
    if (!w->names)
        abort();
    memset(w->names + w->nnames, 0, (n - w->nnames) * sizeof *w->names);
    w->nnames = n;
}

/* A copy of the n bytes of s (fewer than 300: names) in the printer's
 * chunks, NUL-terminated, behind its hash (4 bytes, name_hash) and its
 * length (2 bytes, name_len). */
static char *name_dup_hashed(struct ir_printer *w, const char *s, size_t n, uint32_t h)
{
    if (!w->chunks || w->chunk_used + n + 7 > NAME_CHUNK) {
        struct name_chunk *c = malloc(sizeof *c);
        if (!c)
            abort();
        c->next = w->chunks;
        w->chunks = c;
        w->chunk_used = 0;
    }
    char *d = w->chunks->text + w->chunk_used;
    memcpy(d, &h, sizeof h);
    d[4] = (char)(n & 0xff);
    d[5] = (char)(n >> 8);
    memcpy(d + 6, s, n);
    d[6 + n] = 0;
    w->chunk_used += n + 7;
    return d + 6;
}

static char *name_dup(struct ir_printer *w, const char *s, size_t n)
{
    return name_dup_hashed(w, s, n, ir_hash_bytes(s, n));
}

/* buf = the decimal digits of v (no printf: numbered names are common). */
static void put_u32(char *buf, uint32_t v)
{
    char tmp[12], *q = tmp + sizeof tmp;
    *--q = 0;
    do
        *--q = (char)('0' + v % 10);
    while (v /= 10);
    memcpy(buf, q, (size_t)(tmp + sizeof tmp - q));
}

static const char *name_of(struct ir_printer *w, ir_value v)
{
    if (v < w->nnames && w->names[v])
        return w->names[v];
    ensure_names(w, v);
    const struct ir_value_info *vi = ir_value_get(w->m, v);
    const char *src = vi->name ? ir_str_get(w->m, vi->name) : NULL;
    char buf[300];
    size_t n = src ? strlen(src) : 0;
    uint32_t h, at;
    bool used;
    set_room(w); /* before the lookups: the slot they find is where it goes */
    if (src && n < 256) {
        memcpy(buf, src, n + 1);
        for (uint32_t k = 1; at = set_find(w, buf, n, h = ir_hash_bytes(buf, n), &used), used; k++) {
            int r = snprintf(buf, sizeof buf, "%s_%u", src, k);
            n = r < 0 ? 0 : (size_t)r < sizeof buf ? (size_t)r : sizeof buf - 1;
        }
    } else {
        do {
            put_u32(buf, w->counter++);
            n = strlen(buf);
            at = set_find(w, buf, n, h = ir_hash_bytes(buf, n), &used);
        } while (used);
    }
    char *s = name_dup_hashed(w, buf, n, h);
    w->names[v] = s;
    set_insert_at(w, v, at);
    if (w->nlog == w->cap_log) {
        w->cap_log = w->cap_log ? w->cap_log * 2 : 256;
        w->log = realloc(w->log, w->cap_log * sizeof *w->log);
        if (!w->log)
            abort();
    }
    w->log[w->nlog++] = v;
    return s;
}

void irw_name_like(struct ir_printer *w, ir_value v, ir_value like)
{
    /* v has no name yet (a region argument named before its region
     * prints), so the set of active names does not refer to it. */
    const char *s = name_of(w, like);
    ensure_names(w, v);
    w->names[v] = name_dup(w, s, name_len(s));
}

/* Names op's results: one name with `:N` when only the first has a source
 * name (it came from `%x:N`), the others then addressed as %x#i. */
static void print_result_names(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(w->m, op);
    if (!o->nres)
        return;
    bool group = o->nres > 1;
    for (uint32_t i = 1; group && i < o->nres; i++)
        if (ir_value_get(w->m, o->res + i)->name)
            group = false;
    if (group) {
        const char *n = name_of(w, o->res);
        ensure_names(w, o->res + o->nres);
        for (uint32_t i = 1; i < o->nres; i++) {
            char buf[300];
            int k = snprintf(buf, sizeof buf, "%s#%u", n, i);
            w->names[o->res + i] = name_dup(w, buf, k < 0 ? 0 : (size_t)k < sizeof buf ? (size_t)k : sizeof buf - 1);
        }
        irw_printf(w, "%%%s:%u = ", n, o->nres);
        return;
    }
    for (uint32_t i = 0; i < o->nres; i++) {
        if (i)
            put(w, ", ", 2);
        put_name(w, name_of(w, o->res + i));
    }
    put(w, " = ", 3);
}

void irw_value(struct ir_printer *w, ir_value v) { put_name(w, name_of(w, v)); }

void irw_operands(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n)
{
    const struct ir_op_info *o = ir_op_get(w->m, op);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(w, ", ", 2);
        irw_value(w, o->opnd[from + i]);
    }
}

/* ---- types ----------------------------------------------------------- */

static void print_attr(struct ir_printer *w, ir_attr a);

static void print_dims(struct ir_printer *w, const struct ir_type_info *t)
{
    for (uint32_t i = 0; i < t->rank; i++) {
        if (t->shape[i] == IR_DYN)
            put(w, "?", 1);
        else
            put_i64(w, t->shape[i]);
        put(w, "x", 1);
    }
}

static void print_type(struct ir_printer *w, ir_type ty);

void irw_type(struct ir_printer *w, ir_type ty)
{
    if (memo_put(w, w->type_memo, w->ntype_memo, ty))
        return;
    size_t start = w->len;
    print_type(w, ty);
    memo_store(w, &w->type_memo, &w->ntype_memo, ty, start);
}

static void print_type(struct ir_printer *w, ir_type ty)
{
    const struct ir_module *m = w->m;
    const struct ir_type_info *t = ir_type_get(m, ty);
    switch (t->kind) {
    case IR_TY_NONE: irw_puts(w, "none"); return;
    case IR_TY_INDEX: irw_puts(w, "index"); return;
    case IR_TY_INT:
        irw_printf(w, "%si%u", t->spelling == IR_INT_SIGNED     ? "s"
                               : t->spelling == IR_INT_UNSIGNED ? "u"
                                                                : "",
                   t->width);
        return;
    case IR_TY_FLOAT: {
        static const char *const n[] = {"f16", "bf16", "f32", "f64", "!spyreop.df16"};
        irw_puts(w, n[t->fkind]);
        return;
    }
    case IR_TY_TENSOR:
    case IR_TY_MEMREF:
    case IR_TY_VECTOR:
    case IR_TY_ACCESS_TILE:
        irw_puts(w, t->kind == IR_TY_TENSOR   ? "tensor<"
                    : t->kind == IR_TY_MEMREF ? "memref<"
                    : t->kind == IR_TY_VECTOR ? "vector<"
                                              : "!ktdp.access_tile<");
        if (t->kind == IR_TY_MEMREF && t->spelling)
            put(w, "*x", 2);
        print_dims(w, t);
        irw_type(w, t->elem);
        if (t->attr0) {
            put(w, ", ", 2);
            print_attr(w, t->attr0);
        }
        if (t->attr1) {
            put(w, ", ", 2);
            print_attr(w, t->attr1);
        }
        put(w, ">", 1);
        return;
    case IR_TY_FUNC:
        put(w, "(", 1);
        irw_types(w, t->tys, t->nin);
        put(w, ") -> ", 5);
        if (t->ntys - t->nin == 1 && ir_type_get(m, t->tys[t->nin])->kind != IR_TY_FUNC) {
            irw_type(w, t->tys[t->nin]);
        } else {
            put(w, "(", 1);
            irw_types(w, t->ntys ? t->tys + t->nin : t->tys, t->ntys - t->nin); /* no NULL + 0 */
            put(w, ")", 1);
        }
        return;
    case IR_TY_RUNTIME_ARG:
        irw_puts(w, "!ktdp.runtime_arg<");
        irw_type(w, t->elem);
        if (t->granularity)
            irw_printf(w, ", granularity=%" PRId64, t->granularity);
        if (t->upperbound)
            irw_printf(w, ", upperbound=%" PRId64, t->upperbound);
        put(w, ">", 1);
        return;
    case IR_TY_TILE_FUTURE:
        irw_puts(w, "!ktdp.tile_future<");
        if (!t->spelling)
            put(w, "(", 1);
        irw_types(w, t->tys, t->ntys);
        irw_puts(w, t->spelling ? ", groups = " : "), groups = ");
        print_attr(w, t->attr0);
        put(w, ">", 1);
        return;
    case IR_TY_FIFO_SLOT:
        irw_puts(w, "!ktdf.fifo.slot<");
        print_attr(w, t->attr0);
        put(w, " -> ", 4);
        print_attr(w, t->attr1);
        put(w, ", ", 2);
        print_dims(w, t);
        irw_type(w, t->elem);
        put(w, ">", 1);
        return;
    case IR_TY_OPAQUE:
        irw_printf(w, "!%s", ir_str_get(m, t->name));
        if (t->body)
            irw_printf(w, "<%s>", ir_str_get(m, t->body));
        return;
    default:
        irw_puts(w, "<<bad type>>");
    }
}

void irw_elided_type(struct ir_printer *w, enum ir_type_kind kind, ir_type t)
{
    size_t mark = w->len;
    irw_type(w, t);
    const char *lt =
        ir_type_get(w->m, t)->kind == kind ? memchr(w->buf + mark, '<', w->len - mark) : NULL;
    if (lt) {
        size_t cut = (size_t)(lt - (w->buf + mark));
        memmove(w->buf + mark, lt, w->len - mark - cut);
        w->len -= cut;
    }
}

void irw_types(struct ir_printer *w, const ir_type *t, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(w, ", ", 2);
        irw_type(w, t[i]);
    }
}

void irw_operand_types(struct ir_printer *w, ir_op op, uint32_t from, uint32_t n)
{
    const struct ir_op_info *o = ir_op_get(w->m, op);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(w, ", ", 2);
        irw_type(w, ir_value_type(w->m, o->opnd[from + i]));
    }
}

void irw_result_types(struct ir_printer *w, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(w->m, op);
    for (uint32_t i = 0; i < o->nres; i++) {
        if (i)
            put(w, ", ", 2);
        irw_type(w, ir_value_type(w->m, o->res + i));
    }
}

/* ---- affine ------------------------------------------------------------ */

static void dim_sym_leaf(struct ir_printer *w, bool is_sym, uint32_t pos, void *ctx)
{
    (void)ctx;
    put(w, is_sym ? "s" : "d", 1);
    put_i64(w, pos);
}

/* Precedence: 0 sum, 1 product; parenthesize a child of lower precedence. */
static void aff(struct ir_printer *w, ir_aff e, irw_aff_leaf_fn leaf, void *ctx, int prec)
{
    const struct ir_module *m = w->m;
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_CONST: put_i64(w, x->v); return;
    case IR_AFF_DIM: leaf(w, false, (uint32_t)x->v, ctx); return;
    case IR_AFF_SYM: leaf(w, true, (uint32_t)x->v, ctx); return;
    case IR_AFF_ADD: {
        if (prec > 0)
            put(w, "(", 1);
        aff(w, x->lhs, leaf, ctx, 0);
        /* a + b * -c prints as a - b * c; a + -c as a - c. */
        const struct ir_aff_info *r = ir_aff_get(m, x->rhs);
        if (r->kind == IR_AFF_CONST && r->v < 0 && r->v != INT64_MIN) {
            irw_printf(w, " - %" PRId64, -r->v);
        } else if (r->kind == IR_AFF_MUL && ir_aff_get(m, r->rhs)->kind == IR_AFF_CONST &&
                   ir_aff_get(m, r->rhs)->v < 0 && ir_aff_get(m, r->rhs)->v != INT64_MIN) {
            put(w, " - ", 3);
            int64_t c = -ir_aff_get(m, r->rhs)->v;
            aff(w, r->lhs, leaf, ctx, 1);
            if (c != 1)
                irw_printf(w, " * %" PRId64, c);
        } else {
            put(w, " + ", 3);
            aff(w, x->rhs, leaf, ctx, 0);
        }
        if (prec > 0)
            put(w, ")", 1);
        return;
    }
    case IR_AFF_MUL: {
        const struct ir_aff_info *r = ir_aff_get(m, x->rhs);
        if (r->kind == IR_AFF_CONST && r->v == -1) {
            put(w, "-", 1);
            aff(w, x->lhs, leaf, ctx, 2);
            return;
        }
        break;
    }
    default:
        break;
    }
    static const char *const ops[] = {[IR_AFF_MUL] = " * ", [IR_AFF_MOD] = " mod ",
                                      [IR_AFF_FLOORDIV] = " floordiv ",
                                      [IR_AFF_CEILDIV] = " ceildiv "};
    if (prec > 1)
        put(w, "(", 1);
    aff(w, x->lhs, leaf, ctx, 1);
    irw_puts(w, ops[x->kind]);
    aff(w, x->rhs, leaf, ctx, 2);
    if (prec > 1)
        put(w, ")", 1);
}

void irw_affine_expr(struct ir_printer *w, ir_aff e, irw_aff_leaf_fn leaf, void *ctx)
{
    aff(w, e, leaf, ctx, 0);
}

static void print_binders(struct ir_printer *w, uint32_t ndims, uint32_t nsyms)
{
    put(w, "(", 1);
    for (uint32_t i = 0; i < ndims; i++)
        irw_printf(w, "%sd%u", i ? ", " : "", i);
    put(w, ")", 1);
    if (nsyms) {
        put(w, "[", 1);
        for (uint32_t i = 0; i < nsyms; i++)
            irw_printf(w, "%ss%u", i ? ", " : "", i);
        put(w, "]", 1);
    }
}

/* ---- attributes -------------------------------------------------------- */

void irw_float(struct ir_printer *w, double v)
{
    if (isnan(v) || isinf(v)) {
        /* Not expressible in decimal: spell the f64 bit pattern. */
        irw_printf(w, "0x%" PRIX64, num_double_to_bits(IR_F64, v));
        return;
    }
    /* The shortest %g spelling that reads back exactly, with a '.' so it
     * lexes as a float. */
    char buf[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    char *e = strchr(buf, 'e');
    if (!strchr(buf, '.')) {
        char tail[32] = "";
        if (e) {
            snprintf(tail, sizeof tail, "%s", e);
            *e = 0;
        }
        irw_printf(w, "%s.0%s", buf, tail);
        return;
    }
    irw_puts(w, buf);
}

static void print_string(struct ir_printer *w, const char *s)
{
    put(w, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            irw_printf(w, "\\%c", c);
        else if (c == '\n')
            irw_puts(w, "\\n");
        else if (c == '\t')
            irw_puts(w, "\\t");
        else if (c < 0x20 || c >= 0x7f)
            irw_printf(w, "\\%02X", c);
        else
            put(w, (const char *)&c, 1);
    }
    put(w, "\"", 1);
}

/* Characters of bare keys and symbols: 1 = may start one, 2 = may follow. */
static const unsigned char bare_cls[256] = {
    ['_'] = 3, ['$'] = 2, ['.'] = 2,
    ['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2,
    ['5'] = 2, ['6'] = 2, ['7'] = 2, ['8'] = 2, ['9'] = 2,
    ['a'] = 3, ['b'] = 3, ['c'] = 3, ['d'] = 3, ['e'] = 3, ['f'] = 3, ['g'] = 3, ['h'] = 3,
    ['i'] = 3, ['j'] = 3, ['k'] = 3, ['l'] = 3, ['m'] = 3, ['n'] = 3, ['o'] = 3, ['p'] = 3,
    ['q'] = 3, ['r'] = 3, ['s'] = 3, ['t'] = 3, ['u'] = 3, ['v'] = 3, ['w'] = 3, ['x'] = 3,
    ['y'] = 3, ['z'] = 3,
    ['A'] = 3, ['B'] = 3, ['C'] = 3, ['D'] = 3, ['E'] = 3, ['F'] = 3, ['G'] = 3, ['H'] = 3,
    ['I'] = 3, ['J'] = 3, ['K'] = 3, ['L'] = 3, ['M'] = 3, ['N'] = 3, ['O'] = 3, ['P'] = 3,
    ['Q'] = 3, ['R'] = 3, ['S'] = 3, ['T'] = 3, ['U'] = 3, ['V'] = 3, ['W'] = 3, ['X'] = 3,
    ['Y'] = 3, ['Z'] = 3,
};

/* The length of s when it can be written bare ([A-Za-z_][A-Za-z0-9_$.]*),
 * else 0: what is written is then known without a strlen. */
static size_t bare_len(const char *s)
{
    if (!(bare_cls[(unsigned char)*s] & 1))
        return 0;
    const char *p = s + 1;
    while (bare_cls[(unsigned char)*p] & 2)
        p++;
    return *p ? 0 : (size_t)(p - s);
}

void irw_symbol(struct ir_printer *w, const char *name)
{
    put(w, "@", 1);
    size_t n = bare_len(name);
    if (n)
        put(w, name, n);
    else
        print_string(w, name);
}

static void print_dict_entries(struct ir_printer *w, const struct ir_attr_info *d,
                               const char *const *elide, size_t nelide, bool *first)
{
    const struct ir_module *m = w->m;
    for (uint32_t i = 0; i < d->n; i++) {
        const char *k = ir_str_get(m, d->elems[2 * i]);
        bool skip = false;
        for (size_t j = 0; j < nelide && !skip; j++)
            skip = k[0] == elide[j][0] && strcmp(k, elide[j]) == 0;
        if (skip)
            continue;
        if (!*first)
            put(w, ", ", 2);
        *first = false;
        size_t n = bare_len(k);
        if (n)
            put(w, k, n);
        else
            print_string(w, k);
        ir_attr v = d->elems[2 * i + 1];
        if (ir_attr_get(m, v)->kind != IR_AT_UNIT) {
            put(w, " = ", 3);
            print_attr(w, v);
        }
    }
}

/* One element of a dense literal, without its type. */
static void print_dense_elem(struct ir_printer *w, ir_attr at)
{
    const struct ir_attr_info *e = ir_attr_get(w->m, at);
    if (e->kind == IR_AT_BOOL)
        irw_puts(w, e->i ? "true" : "false");
    else if (e->kind == IR_AT_INT)
        put_i64(w, e->i);
    else if (e->flags & IR_ATF_HEX)
        irw_printf(w, "0x%" PRIX64, (uint64_t)e->i);
    else
        irw_float(w, e->f);
}

/* A dense literal's elements nested according to the shape. */
static void print_dense(struct ir_printer *w, const struct ir_attr_info *a, uint32_t dim,
                        uint32_t *next)
{
    const struct ir_type_info *t = ir_type_get(w->m, a->type);
    if (dim == t->rank) {
        print_dense_elem(w, a->elems[(*next)++]);
        return;
    }
    put(w, "[", 1);
    for (int64_t i = 0; i < t->shape[dim]; i++) {
        if (i)
            put(w, ", ", 2);
        print_dense(w, a, dim + 1, next);
    }
    put(w, "]", 1);
}

/* dense<...>, with its ` : type` when with_type. */
static void print_dense_attr(struct ir_printer *w, const struct ir_attr_info *a, bool with_type)
{
    uint32_t next = 0;
    irw_puts(w, "dense<");
    if (a->n == 1)
        print_dense_elem(w, a->elems[0]); /* a splat prints as its one element */
    else if (a->n)
        print_dense(w, a, 0, &next);
    irw_puts(w, ">");
    if (with_type) {
        irw_puts(w, " : ");
        irw_type(w, a->type);
    }
}

static void print_attr_text(struct ir_printer *w, ir_attr at);

static void print_attr(struct ir_printer *w, ir_attr at)
{
    if (memo_put(w, w->attr_memo, w->nattr_memo, at))
        return;
    size_t start = w->len;
    print_attr_text(w, at);
    memo_store(w, &w->attr_memo, &w->nattr_memo, at, start);
}

static void print_attr_text(struct ir_printer *w, ir_attr at)
{
    const struct ir_module *m = w->m;
    const struct ir_attr_info *a = ir_attr_get(m, at);
    switch (a->kind) {
    case IR_AT_UNIT: irw_puts(w, "unit"); return;
    case IR_AT_BOOL: irw_puts(w, a->i ? "true" : "false"); return;
    case IR_AT_INT:
        put_i64(w, a->i);
        if (a->type) {
            put(w, " : ", 3);
            irw_type(w, a->type);
        }
        return;
    case IR_AT_FLOAT:
        if (a->flags & IR_ATF_HEX)
            irw_printf(w, "0x%" PRIX64, (uint64_t)a->i);
        else
            irw_float(w, a->f);
        if (a->type) {
            put(w, " : ", 3);
            irw_type(w, a->type);
        }
        return;
    case IR_AT_STRING:
        print_string(w, ir_str_get(m, a->s));
        if (a->type) {
            put(w, " : ", 3);
            irw_type(w, a->type);
        }
        return;
    case IR_AT_TYPE: irw_type(w, a->type); return;
    case IR_AT_ARRAY:
        put(w, "[", 1);
        for (uint32_t i = 0; i < a->n; i++) {
            if (i)
                put(w, ", ", 2);
            print_attr(w, a->elems[i]);
        }
        put(w, "]", 1);
        return;
    case IR_AT_DICT: {
        bool first = true;
        put(w, "{", 1);
        print_dict_entries(w, a, NULL, 0, &first);
        put(w, "}", 1);
        return;
    }
    case IR_AT_DENSE:
        print_dense_attr(w, a, true);
        return;
    case IR_AT_DENSE_ARRAY:
        irw_puts(w, "array<");
        irw_type(w, a->type);
        for (uint32_t i = 0; i < a->n; i++) {
            irw_puts(w, i ? ", " : ": ");
            put_i64(w, a->ints[i]);
        }
        put(w, ">", 1);
        return;
    case IR_AT_AFFINE_MAP: {
        const struct ir_affine_map *mp = ir_map_get(m, a->map);
        irw_puts(w, "affine_map<");
        print_binders(w, mp->ndims, mp->nsyms);
        irw_puts(w, " -> (");
        for (uint32_t i = 0; i < mp->nres; i++) {
            if (i)
                put(w, ", ", 2);
            aff(w, mp->res[i], dim_sym_leaf, NULL, 0);
        }
        irw_puts(w, ")>");
        return;
    }
    case IR_AT_INTEGER_SET: {
        const struct ir_integer_set *s = ir_set_get(m, a->map);
        irw_puts(w, "affine_set<");
        print_binders(w, s->ndims, s->nsyms);
        irw_puts(w, " : (");
        if (!s->ncons)
            irw_puts(w, "0 == 0");
        for (uint32_t i = 0; i < s->ncons; i++) {
            if (i)
                put(w, ", ", 2);
            aff(w, s->cons[i], dim_sym_leaf, NULL, 0);
            irw_puts(w, s->eq[i] ? " == 0" : " >= 0");
        }
        irw_puts(w, ")>");
        return;
    }
    case IR_AT_SYMREF:
        irw_symbol(w, ir_str_get(m, a->s));
        for (uint32_t i = 0; i < a->n; i++) {
            put(w, "::", 2);
            irw_symbol(w, ir_str_get(m, a->elems[i]));
        }
        return;
    case IR_AT_MEMSPACE: {
        bool old = a->flags & IR_ATF_OLD_MS;
        static const char *const now[] = {"global", "ct_local", "ct_local", "global"};
        static const char *const was[] = {"HBM", "LX", "L0", "unspecified"};
        irw_printf(w, "#ktdp.%s<%s", old ? "spyre_memory_space" : "memory_space",
                   (old ? was : now)[a->i]);
        if (a->flags & IR_ATF_HAS_ID)
            irw_printf(w, ", %s = %" PRId64, old ? "core" : "ct_id", a->id);
        put(w, ">", 1);
        return;
    }
    case IR_AT_ARCH_MAP:
        irw_puts(w, "#ktdf_arch.map<");
        for (uint32_t i = 0; i < a->n; i++) {
            if (i)
                put(w, ", ", 2);
            print_attr(w, a->elems[2 * i]);
            put(w, " = ", 3);
            print_attr(w, a->elems[2 * i + 1]);
        }
        put(w, ">", 1);
        return;
    case IR_AT_STRIDED:
        irw_puts(w, "strided<[");
        for (uint32_t i = 0; i < a->n; i++) {
            if (i)
                put(w, ", ", 2);
            if (a->ints[i] == IR_DYN)
                put(w, "?", 1);
            else
                put_i64(w, a->ints[i]);
        }
        put(w, "]", 1);
        if (a->i == IR_DYN)
            irw_puts(w, ", offset: ?");
        else if (a->i)
            irw_printf(w, ", offset: %" PRId64, a->i);
        put(w, ">", 1);
        return;
    case IR_AT_OPAQUE:
        irw_printf(w, "#%s", ir_str_get(m, a->s));
        if (a->body)
            irw_printf(w, "<%s>", ir_str_get(m, a->body));
        return;
    default:
        irw_puts(w, "<<bad attribute>>");
    }
}

void irw_attr(struct ir_printer *w, ir_attr a) { print_attr(w, a); }

void irw_attr_implied_type(struct ir_printer *w, ir_attr a)
{
    const struct ir_attr_info *ai = ir_attr_get(w->m, a);
    if (ai->kind == IR_AT_DENSE)
        print_dense_attr(w, ai, false);
    else
        print_attr(w, a);
}

/* `open` and op's attributes except the elided ones, then `}`; nothing
 * when no attribute remains. */
static void print_op_dict(struct ir_printer *w, ir_op op, const char *open,
                          const char *const *elide, size_t nelide)
{
    ir_attr d = ir_op_get(w->m, op)->attrs;
    if (!d)
        return;
    /* The text depends on nothing but the dictionary, the opening and the
     * names left out (the same strings): an op printing what one of the
     * last few printed gets that text again. */
    for (int i = 0; i < DICT_MEMOS && nelide <= DICT_MEMO_ELIDE; i++) {
        const struct dict_memo *x = &w->dict_memo[i];
        if (x->dict != d || x->open != open || x->nelide != nelide)
            continue;
        size_t j = 0;
        while (j < nelide && x->elide[j] == elide[j])
            j++;
        if (j == nelide) {
            put(w, w->memo + x->off, x->len);
            return;
        }
    }
    size_t mark = w->len;
    bool first = true;
    irw_puts(w, open);
    print_dict_entries(w, ir_attr_get(w->m, d), elide, nelide, &first);
    if (first)
        w->len = mark;
    else
        put(w, "}", 1);
    uint32_t off;
    if (nelide <= DICT_MEMO_ELIDE && (off = memo_append(w, mark)) != UINT32_MAX) {
        struct dict_memo *x = &w->dict_memo[w->next_dict_memo++ % DICT_MEMOS];
        *x = (struct dict_memo){.dict = d, .open = open, .nelide = (uint32_t)nelide,
                                .off = off, .len = (uint32_t)(w->len - mark)};
        for (size_t j = 0; j < nelide; j++)
            x->elide[j] = elide[j];
    }
}

void irw_attr_dict(struct ir_printer *w, ir_op op, const char *const *elide, size_t nelide)
{
    print_op_dict(w, op, " {", elide, nelide);
}

void irw_attr_dict_kw(struct ir_printer *w, ir_op op, const char *const *elide, size_t nelide)
{
    print_op_dict(w, op, " attributes {", elide, nelide);
}

void irw_int_array(struct ir_printer *w, const int64_t *v, uint32_t n)
{
    put(w, "[", 1);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(w, ", ", 2);
        put_i64(w, v[i]);
    }
    put(w, "]", 1);
}

void irw_mixed_list(struct ir_printer *w, ir_op op, const char *name, uint32_t *next)
{
    ir_attr at = ir_op_attr(w->m, op, name);
    const struct ir_attr_info *a = at ? ir_attr_get(w->m, at) : NULL;
    put(w, "[", 1);
    for (uint32_t i = 0; a && a->kind == IR_AT_DENSE_ARRAY && i < a->n; i++) {
        if (i)
            put(w, ", ", 2);
        if (a->ints[i] == IR_DYN)
            irw_operands(w, op, (*next)++, 1);
        else
            put_i64(w, a->ints[i]);
    }
    put(w, "]", 1);
}

/* ---- ops and regions ------------------------------------------------------- */

static void print_op(struct ir_printer *w, ir_op op);

void irw_block_args(struct ir_printer *w, ir_block b)
{
    const struct ir_block_info *bi = ir_block_get(w->m, b);
    put(w, "(", 1);
    for (uint32_t i = 0; i < bi->nargs; i++) {
        if (i)
            put(w, ", ", 2);
        irw_value(w, bi->args[i]);
        put(w, ": ", 2);
        irw_type(w, ir_value_type(w->m, bi->args[i]));
    }
    put(w, ")", 1);
}

static uint32_t block_index(const struct ir_module *m, ir_block b)
{
    uint32_t i = 0;
    for (ir_block c = ir_region_get(m, ir_block_get(m, b)->region)->first; c && c != b;
         c = ir_block_get(m, c)->next)
        i++;
    return i;
}

static bool is_elidable_term(struct ir_printer *w, ir_op op, const char *elide_term)
{
    const struct ir_op_info *o = ir_op_get(w->m, op);
    return elide_term && !(w->flags & IR_PRINT_GENERIC) && !o->next && !o->nopnd && !o->nres &&
           !o->attrs && !o->nreg && strcmp(ir_str_get(w->m, o->name), elide_term) == 0;
}

void irw_region(struct ir_printer *w, ir_region r, bool print_entry_args, const char *elide_term)
{
    const struct ir_module *m = w->m;
    const struct ir_region_info *ri = ir_region_get(m, r);
    bool multi = ri->first && ir_block_get(m, ri->first)->next;
    bool printed = false;
    put(w, "{", 1);
    scope_push(w);
    w->indent++;
    for (ir_block b = ri->first; b; b = ir_block_get(m, b)->next) {
        const struct ir_block_info *bi = ir_block_get(m, b);
        /* The entry block's header shows only when asked for (or needed:
         * several blocks, or arguments the op's syntax does not name). An
         * empty entry block shown as asked keeps its header: `{}` would read
         * back as a region with no block. */
        bool header = multi || b != ri->first ||
                      (bi->nargs && (print_entry_args || (w->flags & IR_PRINT_GENERIC))) ||
                      (print_entry_args && !bi->first);
        if (header) {
            w->indent--;
            newline(w);
            w->indent++;
            irw_printf(w, "^bb%u", block_index(m, b));
            if (bi->nargs)
                irw_block_args(w, b);
            put(w, ":", 1);
            printed = true;
        }
        for (ir_op o = bi->first; o; o = ir_op_get(m, o)->next) {
            if (!multi && is_elidable_term(w, o, elide_term))
                break;
            newline(w);
            print_op(w, o);
            printed = true;
        }
    }
    w->indent--;
    scope_pop(w);
    if (printed || ri->first)
        newline(w);
    put(w, "}", 1);
}

void irw_scope_push(struct ir_printer *w) { scope_push(w); }
void irw_scope_pop(struct ir_printer *w) { scope_pop(w); }

static void print_generic(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = w->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    print_string(w, ir_str_get(m, o->name));
    put(w, "(", 1);
    irw_operands(w, op, 0, o->nopnd);
    put(w, ")", 1);
    if (o->nsucc) {
        put(w, "[", 1);
        for (uint32_t i = 0; i < o->nsucc; i++)
            irw_printf(w, "%s^bb%u", i ? ", " : "", block_index(m, o->succ[i]));
        put(w, "]", 1);
    }
    if (o->nreg) {
        put(w, " (", 2);
        for (uint32_t i = 0; i < o->nreg; i++) {
            if (i)
                put(w, ", ", 2);
            /* Generic regions always show their entry block's arguments. */
            irw_region(w, o->regs[i], true, NULL);
        }
        put(w, ")", 1);
    } else if (o->kind && (ir_op_def(o->kind)->flags & IR_OPF_IMPLICIT_BODY)) {
        put(w, " (", 2);
        ir_print_implicit_body(w, op);
        put(w, ")", 1);
    }
    irw_attr_dict(w, op, NULL, 0);
    put(w, " : (", 4);
    irw_operand_types(w, op, 0, o->nopnd);
    put(w, ") -> ", 5);
    if (o->nres == 1 && ir_type_get(m, ir_value_type(m, o->res))->kind != IR_TY_FUNC) {
        irw_type(w, ir_value_type(m, o->res));
    } else {
        put(w, "(", 1);
        irw_result_types(w, op);
        put(w, ")", 1);
    }
}

/* Streaming: what is printed goes to the sink once it reaches this size. */
enum { PRINT_FLUSH_AT = 64 * 1024 };

static void flush_sink(struct ir_printer *w)
{
    if (!w->sink_rc && w->len)
        w->sink_rc = w->sink(w->sink_ctx, w->buf, w->len);
    w->len = 0;
}

static void print_op(struct ir_printer *w, ir_op op)
{
    /* Between two ops no printed text is looked at again (memos and
     * rewinds stay inside a type, an attribute or a dictionary). */
    if (w->sink && w->len >= PRINT_FLUSH_AT)
        flush_sink(w);
    const struct ir_module *m = w->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    print_result_names(w, op);
    const struct ir_op_def *def = ir_op_def(o->kind);
    if ((w->flags & IR_PRINT_GENERIC) || !o->kind || def->print == ir_fmt_generic_print) {
        print_generic(w, op);
    } else {
        const char *name = ir_str_get(m, o->name);
        const char *d = w->ndialects ? w->dialects[w->ndialects - 1] : NULL;
        size_t dl = d ? strlen(d) : 0;
        if (d && strncmp(name, d, dl) == 0 && name[dl] == '.')
            name += dl + 1;
        irw_puts(w, name);
        int saved = w->ndialects;
        if ((def->flags & IR_OPF_DEFAULT_DIALECT) && w->ndialects < 256) {
            static char names[IR_OP_COUNT][32];
            const char *full = ir_str_get(m, o->name);
            snprintf(names[o->kind], sizeof names[0], "%.*s", (int)(strchr(full, '.') - full),
                     full);
            w->dialects[w->ndialects++] = names[o->kind];
        }
        uint32_t counter = w->counter;
        if (def->flags & IR_OPF_ISOLATED)
            w->counter = 0;
        def->print(w, op);
        if (def->flags & IR_OPF_ISOLATED)
            w->counter = counter;
        w->ndialects = saved;
    }
    if (w->flags & IR_PRINT_LOCS && o->loc.line) {
        irw_puts(w, " loc(");
        print_string(w, ir_str_get(m, o->loc.file));
        irw_printf(w, ":%u:%u)", o->loc.line, o->loc.col);
    }
}

static void printer_free(struct ir_printer *w)
{
    for (struct name_chunk *c = w->chunks, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(w->names);
    free(w->set);
    free(w->log);
    free(w->marks);
    free(w->type_memo);
    free(w->attr_memo);
    free(w->memo);
}

/* A module's printer names at most every value, all live at once: the
 * name table and the set made at that size once, instead of through every
 * doubling (each a fresh block of pages to fault in). */
static void printer_reserve(struct ir_printer *w)
{
    uint32_t n = w->m->values.len; /* ids 1..n-1 */
    w->names = malloc((size_t)n * sizeof *w->names);
    if (!w->names)
        abort();
    memset(w->names, 0, (size_t)n * sizeof *w->names);
    w->nnames = n;
    uint32_t cap = 256;
    while (cap < UINT32_C(1) << 30 && (uint64_t)cap * 3 < (uint64_t)(n + 1) * 4)
        cap *= 2;
    set_resize(w, cap);
}

void ir_print_module(const struct ir_module *m, unsigned flags, char **out, size_t *len)
{
    struct ir_printer w = {.m = m, .flags = flags, .buf = *out, .len = *len, .cap = *len};
    printer_reserve(&w);
    w.dialects[w.ndialects++] = "builtin";
    print_op(&w, m->top);
    put(&w, "\n", 1);
    terminate(&w);
    printer_free(&w);
    *out = w.buf;
    *len = w.len;
}

int ir_print_module_to(const struct ir_module *m, unsigned flags, ir_print_sink sink, void *ctx)
{
    struct ir_printer w = {.m = m, .flags = flags, .sink = sink, .sink_ctx = ctx};
    printer_reserve(&w);
    w.dialects[w.ndialects++] = "builtin";
    print_op(&w, m->top);
    put(&w, "\n", 1);
    flush_sink(&w);
    printer_free(&w);
    free(w.buf);
    return w.sink_rc;
}

void ir_print_op_to(FILE *f, const struct ir_module *m, ir_op op, unsigned flags)
{
    struct ir_printer w = {.m = m, .flags = flags};
    w.dialects[w.ndialects++] = "builtin";
    print_op(&w, op);
    put(&w, "\n", 1);
    terminate(&w);
    fputs(w.buf, f);
    free(w.buf);
    printer_free(&w);
}

void ir_print_type_to(const struct ir_module *m, ir_type t, char **out, size_t *len)
{
    struct ir_printer w = {.m = m};
    irw_type(&w, t);
    if (w.buf)
        terminate(&w);
    *out = w.buf;
    *len = w.len;
    printer_free(&w);
}
