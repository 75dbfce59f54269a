/* parser.c - MLIR text → module: file structure, aliases, types, attributes,
 * affine maps and sets, the generic op form, regions and blocks, SSA scopes;
 * custom op forms are delegated to the dialect tables (ktir/ops.h).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/arena.h"
#include "ktir/hash.h"
#include "ktir/asm.h"
#include "ktir/lexer.h"
#include "ktir/ops.h"
#include "ktir/numeric.h"

enum { MAX_DEPTH = 256 };

struct scope_entry {
    ir_str name;
    ir_value v;     /* first value */
    uint32_t count; /* values bound: %x:2 binds two */
    uint32_t prev;  /* previous entry for the same name + 1, 0 = none */
};

struct alias {
    ir_str name; /* with its sigil */
    ir_attr attr;
    ir_type type;
};

struct label {
    ir_str name;
    ir_block block;
    bool defined;
    struct ir_loc loc;
};

/* A text span → result map (open addressing, power-of-two capacity). */
struct span_entry {
    const char *text; /* NULL = empty slot; points into the source */
    uint32_t len, hash;
    uint32_t id;      /* the ir_type or ir_attr */
    int depth;        /* nesting its parse needs */
};

struct span_cache {
    struct span_entry *slots;
    uint32_t cap, len;
    struct span_entry last[2]; /* found or stored last, and before (text NULL: none) */
};

struct ir_parser {
    struct ir_module *m;
    struct ir_diag *diag;
    ir_str file;
    struct lexer lx;
    struct ir_token tok;
    bool failed;
    int depth;

    struct alias *aliases;
    uint32_t naliases, cap_aliases;

    struct scope_entry *ents;
    uint32_t nents, cap_ents;
    uint32_t *head; /* head[name] = entry index + 1 */
    uint32_t nhead;
    uint32_t *marks;
    uint32_t nmarks, cap_marks;

    struct label *labels;
    uint32_t nlabels, cap_labels;
    uint32_t label_base; /* first label of the region being parsed */
    uint32_t hint_nres;  /* results the source binds for the op being parsed */
    /* Regions of IR_OPF_ISOLATED ops see no outer names: entries below
     * iso_base are hidden (and may be shadowed); `isolating` says whether
     * the op being parsed is such an op. */
    uint32_t iso_base;
    bool isolating;

    const char *dialects[MAX_DEPTH]; /* default dialect per region nesting level */
    int ndialects;

    /* Deepest nesting reached (see enter), for the span caches. */
    int depth_hw;
    /* Types and dialect attributes already parsed, by their source text:
     * `tensor<4x64xf16>` or `#ktdp.memory_space<global>` seen again is
     * looked up, not re-parsed (see span_cached). */
    struct span_cache types, attrs;
    /* Op attribute dictionaries by their text likewise (see
     * irp_opt_attr_dict): an id is an index in dict_recs, whose entries
     * are (name, value) pairs in dict_pool. */
    struct span_cache dicts;
    struct dict_rec *dict_recs;
    uint32_t ndict_recs, cap_dict_recs;
    uint32_t *dict_pool;
    uint32_t ndict_pool, cap_dict_pool;

    /* Temporaries of the op being parsed (operand, type and entry lists
     * before they become the op): a stack of chunks released when parse_op
     * returns (see irp_scratch), reused by the next op, instead of garbage
     * in the module's arena (0.9 MB on the parse_print benchmark). */
    struct scratch_chunk *scr_first, *scr; /* scr: the chunk in use, or NULL */
    size_t scr_used;
};

struct dict_rec {
    uint32_t off, n; /* n pairs from dict_pool[off] */
};

struct scratch_chunk {
    struct scratch_chunk *next;
    size_t cap;
    _Alignas(16) unsigned char data[];
};

enum { SCRATCH_CHUNK = 64 * 1024 };

void *irp_scratch(struct ir_parser *p, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (!p->scr || p->scr->cap - p->scr_used < n) {
        /* The next chunk (kept from an op parsed before) if it is big
         * enough, else a new one in its place. */
        struct scratch_chunk **at = p->scr ? &p->scr->next : &p->scr_first;
        if (!*at || (*at)->cap < n) {
            size_t cap = n > SCRATCH_CHUNK ? n : SCRATCH_CHUNK;
            struct scratch_chunk *c = malloc(sizeof *c + cap);
            if (!c)
                abort();
            c->cap = cap;
            c->next = *at;
            *at = c;
        }
        p->scr = *at;
        p->scr_used = 0;
    }
    void *r = p->scr->data + p->scr_used;
    p->scr_used += n;
    memset(r, 0, n);
    return r;
}

static void *grow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(p, (size_t)n * elem);
    if (!q)
        abort();
    *cap = n;
    return q;
}

/* ---- basic token handling --------------------------------------------- */

struct ir_module *irp_module(struct ir_parser *p) { return p->m; }
const struct ir_token *irp_tok(struct ir_parser *p) { return &p->tok; }

struct ir_loc irp_loc(struct ir_parser *p)
{
    return (struct ir_loc){p->file, p->tok.line, p->tok.col};
}

void irp_next(struct ir_parser *p)
{
    lex_next(&p->lx, &p->tok);
}

static bool verror_at(struct ir_parser *p, struct ir_loc loc, const char *fmt, va_list ap)
{
    if (!p->failed)
        ir_diag_vreport(p->diag, IR_SEV_ERROR, ir_str_get(p->m, loc.file), loc.line, loc.col,
                        fmt, ap);
    p->failed = true;
    return false;
}

bool irp_error(struct ir_parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(p, irp_loc(p), fmt, ap);
    va_end(ap);
    return false;
}

bool irp_error_at(struct ir_parser *p, struct ir_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(p, loc, fmt, ap);
    va_end(ap);
    return false;
}

static const char *tok_spelling(enum ir_tok t)
{
    static const char *const s[] = {
        [IR_T_EOF] = "end of file", [IR_T_BARE] = "identifier", [IR_T_PERCENT] = "SSA value",
        [IR_T_CARET] = "block label", [IR_T_HASH] = "attribute", [IR_T_BANG] = "type",
        [IR_T_AT] = "symbol", [IR_T_INT] = "integer", [IR_T_FLOAT] = "float",
        [IR_T_STRING] = "string", [IR_T_LPAREN] = "'('", [IR_T_RPAREN] = "')'",
        [IR_T_LBRACE] = "'{'", [IR_T_RBRACE] = "'}'", [IR_T_LSQUARE] = "'['",
        [IR_T_RSQUARE] = "']'", [IR_T_LESS] = "'<'", [IR_T_GREATER] = "'>'",
        [IR_T_COLON] = "':'", [IR_T_COMMA] = "','", [IR_T_EQUAL] = "'='",
        [IR_T_ARROW] = "'->'", [IR_T_QUESTION] = "'?'", [IR_T_PLUS] = "'+'",
        [IR_T_MINUS] = "'-'", [IR_T_STAR] = "'*'", [IR_T_GE] = "'>='", [IR_T_LE] = "'<='",
        [IR_T_EQEQ] = "'=='", [IR_T_DCOLON] = "'::'", [IR_T_ERROR] = "invalid character",
    };
    return s[t];
}

bool irp_peek(struct ir_parser *p, enum ir_tok t) { return p->tok.kind == t; }

bool irp_peek_next(struct ir_parser *p, enum ir_tok t)
{
    struct lexer lx = p->lx; /* the lexer is a cursor: a copy reads ahead */
    struct ir_token next;
    lex_next(&lx, &next);
    return next.kind == t;
}

bool irp_opt(struct ir_parser *p, enum ir_tok t)
{
    if (p->tok.kind != t)
        return false;
    irp_next(p);
    return true;
}

static bool found_error(struct ir_parser *p, const char *want)
{
    if (p->tok.kind == IR_T_EOF)
        return irp_error(p, "expected %s, found end of file", want);
    if (p->tok.kind == IR_T_ERROR)
        return irp_error(p, "unexpected character '%c'", *p->tok.text);
    return irp_error(p, "expected %s, found '%.*s'", want, (int)p->tok.len, p->tok.text);
}

bool irp_expect(struct ir_parser *p, enum ir_tok t)
{
    if (irp_opt(p, t))
        return true;
    return found_error(p, tok_spelling(t));
}

static bool tok_is(const struct ir_token *t, const char *kw)
{
    size_t n = strlen(kw);
    return t->kind == IR_T_BARE && t->len == n && memcmp(t->text, kw, n) == 0;
}

bool irp_peek_kw(struct ir_parser *p, const char *kw) { return tok_is(&p->tok, kw); }

bool irp_opt_kw(struct ir_parser *p, const char *kw)
{
    if (!tok_is(&p->tok, kw))
        return false;
    irp_next(p);
    return true;
}

bool irp_expect_kw(struct ir_parser *p, const char *kw)
{
    if (irp_opt_kw(p, kw))
        return true;
    char want[64];
    snprintf(want, sizeof want, "'%s'", kw);
    return found_error(p, want);
}

bool irp_ident(struct ir_parser *p, ir_str *out)
{
    if (p->tok.kind != IR_T_BARE)
        return found_error(p, "identifier");
    *out = ir_str_intern(p->m, p->tok.text, p->tok.len);
    irp_next(p);
    return true;
}

static bool tok_int(struct ir_parser *p, const struct ir_token *t, bool neg, int64_t *v)
{
    /* Short decimal literals (most of them) without strtoull. */
    if (t->len <= 18 && t->text[0] != '0') {
        int64_t u = 0;
        for (uint32_t i = 0; i < t->len; i++)
            u = u * 10 + (t->text[i] - '0');
        *v = neg ? -u : u;
        return true;
    }
    errno = 0;
    char buf[80];
    if (t->len >= sizeof buf)
        return irp_error(p, "integer literal too long");
    memcpy(buf, t->text, t->len);
    buf[t->len] = 0;
    bool hex = t->len > 2 && buf[1] == 'x';
    uint64_t u = strtoull(buf, NULL, hex ? 16 : 10);
    if (errno == ERANGE || (!hex && !neg && u > (uint64_t)INT64_MAX) ||
        (neg && u > (uint64_t)INT64_MAX + 1))
        return irp_error(p, "integer literal out of range");
    *v = neg ? (int64_t)(0 - u) : (int64_t)u;
    return true;
}

bool irp_int(struct ir_parser *p, int64_t *v)
{
    bool neg = irp_opt(p, IR_T_MINUS);
    if (p->tok.kind != IR_T_INT)
        return found_error(p, "integer");
    if (!tok_int(p, &p->tok, neg, v))
        return false;
    irp_next(p);
    return true;
}

/* Decodes a string token's escapes into the module's string table; IR_NONE
 * (after reporting) when it holds a NUL. */
static ir_str unquote(struct ir_parser *p, const char *s, size_t n)
{
    char small[256] = {0}, *buf = n < sizeof small ? small : malloc(n + 1);
    if (!buf)
        abort();
    size_t k = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        char c = s[i];
        if (c == '\\' && i + 2 < n) {
            char d = s[++i];
            switch (d) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case '"': case '\\': c = d; break;
            default:
                if (i + 1 < n - 1 && isxdigit((unsigned char)d) &&
                    isxdigit((unsigned char)s[i + 1])) {
                    char hx[3] = {d, s[i + 1], 0};
                    c = (char)strtol(hx, NULL, 16);
                    i++;
                } else {
                    c = d;
                }
            }
        }
        if (c == 0) {
            /* Strings are C strings through the whole toolchain. */
            if (buf != small)
                free(buf);
            irp_error(p, "a string cannot contain a NUL character");
            return IR_NONE;
        }
        buf[k++] = c;
    }
    ir_str r = ir_str_intern(p->m, buf, k);
    if (buf != small)
        free(buf);
    return r;
}

bool irp_string(struct ir_parser *p, ir_str *out)
{
    if (p->tok.kind != IR_T_STRING)
        return found_error(p, "string");
    if (!(*out = unquote(p, p->tok.text, p->tok.len)))
        return false;
    irp_next(p);
    return true;
}

bool irp_symbol(struct ir_parser *p, ir_str *out)
{
    if (p->tok.kind != IR_T_AT)
        return found_error(p, "symbol name");
    if (p->tok.text[1] == '"') {
        if (!(*out = unquote(p, p->tok.text + 1, p->tok.len - 1)))
            return false;
    } else
        *out = ir_str_intern(p->m, p->tok.text + 1, p->tok.len - 1);
    irp_next(p);
    return true;
}

static bool enter(struct ir_parser *p)
{
    if (++p->depth > MAX_DEPTH) {
        p->depth--;
        return irp_error(p, "nesting too deep");
    }
    if (p->depth > p->depth_hw)
        p->depth_hw = p->depth;
    return true;
}

#define LEAVE(p, r) ((p)->depth--, (r))

/* ---- SSA scopes --------------------------------------------------------- */

static void scope_push(struct ir_parser *p)
{
    p->marks = grow(p->marks, &p->cap_marks, p->nmarks + 1, sizeof *p->marks);
    p->marks[p->nmarks++] = p->nents;
}

static void scope_pop(struct ir_parser *p)
{
    uint32_t mark = p->marks[--p->nmarks];
    while (p->nents > mark) {
        struct scope_entry *e = &p->ents[--p->nents];
        p->head[e->name] = e->prev;
    }
}

static bool define(struct ir_parser *p, ir_str name, struct ir_loc loc, ir_value v,
                   uint32_t count)
{
    if (name >= p->nhead) {
        uint32_t old = p->nhead, cap = p->nhead;
        p->head = grow(p->head, &cap, name + 1, sizeof *p->head);
        memset(p->head + old, 0, (cap - old) * sizeof *p->head);
        p->nhead = cap;
    }
    if (p->head[name] && p->head[name] - 1 >= p->iso_base)
        return irp_error_at(p, loc, "redefinition of SSA value '%%%s'", ir_str_get(p->m, name));
    p->ents = grow(p->ents, &p->cap_ents, p->nents + 1, sizeof *p->ents);
    p->ents[p->nents] = (struct scope_entry){name, v, count, p->head[name]};
    p->head[name] = ++p->nents;
    /* Keep the source name for the printer, unless it is a plain number. */
    const char *s = ir_str_get(p->m, name);
    bool numeric = *s >= '0' && *s <= '9';
    for (uint32_t i = 0; i < count; i++) {
        struct ir_value_info *vi = ir_value_get(p->m, v + i);
        if (!numeric && count == 1)
            vi->name = name;
        else if (!numeric && i == 0)
            vi->name = name; /* %x:2: the group keeps its name on the first */
    }
    return true;
}

bool irp_peek_operand(struct ir_parser *p) { return p->tok.kind == IR_T_PERCENT; }

/* Whether s[0, n) is one or more decimal digits (token text is not
 * NUL-terminated: nothing may read past n). */
static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

/* The value of at most 9 decimal digits. */
static uint32_t digits_value(const char *s, size_t n)
{
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (uint32_t)(s[i] - '0');
    return v;
}

bool irp_operand(struct ir_parser *p, struct irp_operand *o)
{
    if (p->tok.kind != IR_T_PERCENT)
        return found_error(p, "SSA value");
    o->loc = irp_loc(p);
    o->name = ir_str_intern(p->m, p->tok.text + 1, p->tok.len - 1);
    o->index = 0;
    irp_next(p);
    if (p->tok.kind == IR_T_HASH) {
        /* %x#1: the lexer read "#1" as a hash token. */
        const char *s = p->tok.text + 1;
        uint32_t n = p->tok.len - 1;
        if (n > 9 || !all_digits(s, n))
            return irp_error(p, "expected result number after '#'");
        o->index = digits_value(s, n);
        irp_next(p);
    }
    return true;
}

/* Room for entry n of a growing arena array a of *cap entries of sz bytes:
 * a itself, or when full a copy in a block twice as large (`first` entries
 * for the first block). */
static void *room(struct ir_parser *p, void *a, uint32_t n, uint32_t *cap, size_t sz,
                  uint32_t first)
{
    if (n < *cap)
        return a;
    *cap = *cap ? *cap * 2 : first;
    void *b = irp_scratch(p, *cap * sz);
    if (n)
        memcpy(b, a, n * sz);
    return b;
}

bool irp_operand_list(struct ir_parser *p, struct irp_operand **v, uint32_t *n)
{
    *n = 0;
    *v = NULL;
    if (!irp_peek_operand(p))
        return true;
    uint32_t cap = 0;
    struct irp_operand *a = NULL;
    do {
        a = room(p, a, *n, &cap, sizeof *a, 4);
        if (!irp_operand(p, &a[*n]))
            return false;
        (*n)++;
    } while (irp_opt(p, IR_T_COMMA));
    *v = a;
    return true;
}

static void type_str(const struct ir_module *m, ir_type t, char *buf, size_t n);

bool irp_resolve(struct ir_parser *p, const struct irp_operand *o, ir_type t, ir_value *out)
{
    uint32_t e = o->name < p->nhead ? p->head[o->name] : 0;
    if (!e || e - 1 < p->iso_base)
        return irp_error_at(p, o->loc, "use of undefined value '%%%s'", ir_str_get(p->m, o->name));
    const struct scope_entry *se = &p->ents[e - 1];
    if (o->index >= se->count)
        return irp_error_at(p, o->loc, "result number %u out of range: '%%%s' has %u", o->index,
                            ir_str_get(p->m, o->name), se->count);
    ir_value v = se->v + o->index;
    ir_type vt = ir_value_type(p->m, v);
    if (t && vt != t) {
        char want[128], got[128];
        type_str(p->m, t, want, sizeof want);
        type_str(p->m, vt, got, sizeof got);
        return irp_error_at(p, o->loc, "'%%%s' has type %s, expected %s",
                            ir_str_get(p->m, o->name), got, want);
    }
    *out = v;
    return true;
}

bool irp_add_operand(struct ir_parser *p, struct ir_op_state *st, const struct irp_operand *o,
                     ir_type t)
{
    ir_value v;
    if (!irp_resolve(p, o, t, &v))
        return false;
    ir_state_add_operand(p->m, st, v);
    return true;
}

bool irp_add_operands(struct ir_parser *p, struct ir_op_state *st, const struct irp_operand *o,
                      uint32_t n, const ir_type *types, uint32_t ntypes)
{
    if (ntypes != 1 && ntypes != n)
        return irp_error(p, "%u operands present, but expected %u types", n, ntypes);
    for (uint32_t i = 0; i < n; i++)
        if (!irp_add_operand(p, st, &o[i], types ? types[ntypes == 1 ? 0 : i] : IR_NONE))
            return false;
    return true;
}

/* ---- aliases ------------------------------------------------------------ */

static struct alias *find_alias(struct ir_parser *p, ir_str name)
{
    for (uint32_t i = 0; i < p->naliases; i++)
        if (p->aliases[i].name == name)
            return &p->aliases[i];
    return NULL;
}

/* ---- types ------------------------------------------------------------- */

static bool parse_type(struct ir_parser *p, ir_type *t);
static bool parse_attr(struct ir_parser *p, ir_attr *a, bool allow_type_suffix);
static bool parse_integer_set_body(struct ir_parser *p, uint32_t *set);

/* Reads a dimension list like `4x?x8x` at the character level, stopping
 * before the element type. */
static bool parse_dims(struct ir_parser *p, int64_t **shape, uint32_t *rank)
{
    struct lexer *lx = &p->lx;
    lx->pos = p->tok.text; /* re-read from the current token */
    int64_t buf[64];
    uint32_t n = 0;
    for (;;) {
        lex_skip_space(lx);
        const char *s = lx->pos;
        int64_t d;
        if (s < lx->end && *s == '?') {
            d = IR_DYN;
            s++;
        } else if (s < lx->end && *s >= '0' && *s <= '9') {
            d = 0;
            while (s < lx->end && *s >= '0' && *s <= '9') {
                if (d > INT64_MAX / 10 - 10)
                    return irp_error(p, "dimension too large");
                d = d * 10 + (*s++ - '0');
            }
        } else {
            break;
        }
        const char *q = s;
        while (q < lx->end && (*q == ' ' || *q == '\t'))
            q++;
        if (q >= lx->end || *q != 'x') {
            lx->pos = s;
            irp_next(p);
            return irp_error(p, "expected 'x' in dimension list");
        }
        if (n == 64)
            return irp_error(p, "too many dimensions");
        buf[n++] = d;
        lx->pos = q + 1;
    }
    irp_next(p);
    *rank = n;
    *shape = n ? irp_scratch(p, n * sizeof **shape) : NULL;
    if (n)
        memcpy(*shape, buf, n * sizeof **shape);
    return true;
}

static bool parse_shaped(struct ir_parser *p, enum ir_type_kind kind, ir_type *t)
{
    if (!irp_expect(p, IR_T_LESS))
        return false;
    struct ir_type_info ti = {.kind = (uint8_t)kind};
    int64_t *shape = NULL;
    if (p->tok.kind == IR_T_STAR && kind == IR_TY_TENSOR) {
        return irp_error(p, "unranked tensors are not supported");
    }
    if (p->tok.kind == IR_T_STAR && kind == IR_TY_MEMREF) {
        /* memref<*xT>: unranked (rank 0, spelling 1); re-read after the '*'. */
        struct lexer *lx = &p->lx;
        const char *q = p->tok.text + 1;
        while (q < lx->end && (*q == ' ' || *q == '\t'))
            q++;
        if (q >= lx->end || *q != 'x')
            return irp_error(p, "expected 'x' after '*' in an unranked memref");
        lx->pos = q + 1;
        irp_next(p);
        ti.spelling = 1;
    } else if (!parse_dims(p, &shape, &ti.rank)) {
        return false;
    }
    ti.shape = shape;
    if (!parse_type(p, &ti.elem))
        return false;
    if (kind == IR_TY_ACCESS_TILE && ti.elem != p->m->t_index)
        return irp_error(p, "access tile element type must be 'index'");
    if (kind == IR_TY_TENSOR && irp_opt(p, IR_T_COMMA)) {
        if (!parse_attr(p, &ti.attr0, true))
            return false;
    } else if (kind == IR_TY_MEMREF) {
        while (irp_opt(p, IR_T_COMMA)) {
            ir_attr a;
            if (!parse_attr(p, &a, true))
                return false;
            uint8_t ak = ir_attr_get(p->m, a)->kind;
            bool layout = ak == IR_AT_AFFINE_MAP || ak == IR_AT_STRIDED;
            if (layout && !ti.attr0 && !ti.attr1)
                ti.attr0 = a;
            else if (!ti.attr1)
                ti.attr1 = a;
            else
                return irp_error(p, "too many parameters in memref type");
        }
    }
    if (!irp_expect(p, IR_T_GREATER))
        return false;
    *t = ir_type_intern(p->m, &ti);
    return true;
}

/* Captures the raw text of a balanced `<...>` body (the current token is
 * '<'), with whitespace runs collapsed, for opaque dialect types/attrs. */
static bool capture_body(struct ir_parser *p, ir_str *body)
{
    struct lexer *lx = &p->lx;
    const char *s = p->tok.text + 1, *q = s;
    int depth = 1;
    while (q < lx->end && depth > 0) {
        char c = *q;
        if (c == '"') {
            for (q++; q < lx->end && *q != '"'; q++)
                if (*q == '\\')
                    q++;
        } else if (c == '-' && q + 1 < lx->end && q[1] == '>') {
            q++;
        } else if (c == '<' || c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            depth--;
        } else if (c == '\n') {
            lx->line++;
            lx->line_start = q + 1;
        }
        if (depth > 0)
            q++;
    }
    if (q >= lx->end)
        return irp_error(p, "unbalanced '<' in dialect type or attribute");
    /* The body is kept and printed as text: no control bytes (a NUL would
     * end it early when printed). */
    uint32_t line = p->tok.line;
    const char *ls = p->tok.text - (p->tok.col - 1);
    for (const char *c = s; c < q; c++) {
        if (*c == '\n')
            line++, ls = c + 1;
        else if ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r')
            return irp_error_at(p, (struct ir_loc){p->file, line, (uint32_t)(c - ls) + 1},
                                "invalid character 0x%02x in a dialect type or attribute",
                                (unsigned char)*c);
    }
    char *buf = malloc((size_t)(q - s) + 1);
    if (!buf)
        abort();
    size_t n = 0;
    for (const char *c = s; c < q; c++) {
        bool sp = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
        if (sp) {
            if (n && buf[n - 1] != ' ')
                buf[n++] = ' ';
        } else {
            buf[n++] = *c;
        }
    }
    while (n && buf[n - 1] == ' ')
        n--;
    *body = ir_str_intern(p->m, buf, n);
    free(buf);
    lx->pos = q + 1;
    irp_next(p);
    return true;
}

static bool parse_runtime_arg(struct ir_parser *p, ir_type *t)
{
    struct ir_type_info ti = {.kind = IR_TY_RUNTIME_ARG};
    if (!irp_expect(p, IR_T_LESS) || !parse_type(p, &ti.elem))
        return false;
    while (irp_opt(p, IR_T_COMMA)) {
        struct ir_loc loc = irp_loc(p);
        int64_t v;
        bool g = irp_peek_kw(p, "granularity");
        if (!g && !irp_peek_kw(p, "upperbound"))
            return found_error(p, "'granularity' or 'upperbound'");
        irp_next(p);
        if (!irp_expect(p, IR_T_EQUAL) || !irp_int(p, &v))
            return false;
        if (v <= 0)
            return irp_error_at(p, loc, "%s must be positive", g ? "granularity" : "upperbound");
        if (g)
            ti.granularity = v;
        else
            ti.upperbound = v;
    }
    if (!irp_expect(p, IR_T_GREATER))
        return false;
    *t = ir_type_intern(p->m, &ti);
    return true;
}

/* tile_future body: `(T, ...), groups = set` or `T, ..., groups = set`. */
static bool parse_tile_future(struct ir_parser *p, ir_type *t)
{
    struct ir_type_info ti = {.kind = IR_TY_TILE_FUTURE};
    if (!irp_expect(p, IR_T_LESS))
        return false;
    ir_type tys[64];
    uint32_t n = 0;
    bool paren = irp_opt(p, IR_T_LPAREN);
    ti.spelling = !paren;
    for (;;) {
        if (irp_peek_kw(p, "groups"))
            break;
        if (n == 64)
            return irp_error(p, "too many partial types");
        if (!parse_type(p, &tys[n++]))
            return false;
        if (paren && irp_peek(p, IR_T_RPAREN))
            break;
        if (!irp_expect(p, IR_T_COMMA))
            return false;
    }
    if (paren && (!irp_expect(p, IR_T_RPAREN) || !irp_expect(p, IR_T_COMMA)))
        return false;
    if (!irp_expect_kw(p, "groups") || !irp_expect(p, IR_T_EQUAL))
        return false;
    if (!parse_attr(p, &ti.attr0, false))
        return false;
    if (ir_attr_get(p->m, ti.attr0)->kind != IR_AT_INTEGER_SET)
        return irp_error(p, "tile_future groups must be an integer set");
    if (!irp_expect(p, IR_T_GREATER))
        return false;
    ti.ntys = n;
    ti.tys = tys;
    *t = ir_type_intern(p->m, &ti);
    return true;
}

/* fifo.slot body: `<SRC -> DST, NxE>`, the endpoints any attributes (unit
 * or memory names like "L1LU", or memory spaces). */
static bool parse_fifo_slot(struct ir_parser *p, ir_type *t)
{
    struct ir_type_info ti = {.kind = IR_TY_FIFO_SLOT};
    int64_t *shape;
    if (!irp_expect(p, IR_T_LESS) || !parse_attr(p, &ti.attr0, false) ||
        !irp_expect(p, IR_T_ARROW) || !parse_attr(p, &ti.attr1, false) ||
        !irp_expect(p, IR_T_COMMA))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!parse_dims(p, &shape, &ti.rank))
        return false;
    if (ti.rank != 1)
        return irp_error_at(p, loc, "expected the slot's element count, like '64x'");
    ti.shape = shape;
    if (!parse_type(p, &ti.elem) || !irp_expect(p, IR_T_GREATER))
        return false;
    *t = ir_type_intern(p->m, &ti);
    return true;
}

bool irp_elided_type(struct ir_parser *p, enum ir_type_kind kind, ir_type *t)
{
    if (!irp_peek(p, IR_T_LESS))
        return parse_type(p, t);
    switch (kind) {
    case IR_TY_ACCESS_TILE: return parse_shaped(p, kind, t);
    case IR_TY_RUNTIME_ARG: return parse_runtime_arg(p, t);
    case IR_TY_TILE_FUTURE: return parse_tile_future(p, t);
    case IR_TY_FIFO_SLOT: return parse_fifo_slot(p, t);
    default: return irp_error(p, "this type cannot be written in elided form");
    }
}

static bool parse_func_type(struct ir_parser *p, ir_type *t)
{
    ir_type *in, *out;
    uint32_t nin = 0, nout;
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    if (!irp_peek(p, IR_T_RPAREN) && !irp_type_list(p, &in, &nin))
        return false;
    if (!irp_expect(p, IR_T_RPAREN) || !irp_expect(p, IR_T_ARROW))
        return false;
    if (!irp_result_types(p, &out, &nout))
        return false;
    *t = ir_type_func(p->m, nin, nin ? in : NULL, nout, out);
    return true;
}

static bool parse_type_inner(struct ir_parser *p, ir_type *t)
{
    struct ir_module *m = p->m;
    const struct ir_token *k = &p->tok;
    if (k->kind == IR_T_LPAREN)
        return parse_func_type(p, t);
    if (k->kind == IR_T_BANG) {
        ir_str name = ir_str_intern(m, k->text, k->len);
        struct alias *a = find_alias(p, name);
        if (a) {
            if (!a->type)
                return irp_error(p, "'%.*s' is not a type alias", (int)k->len, k->text);
            *t = a->type;
            irp_next(p);
            return true;
        }
        const char *s = k->text + 1;
        uint32_t n = k->len - 1;
        if (!memchr(s, '.', n))
            return irp_error(p, "undefined type alias '%.*s'", (int)k->len, k->text);
#define IS(lit) (n == sizeof(lit) - 1 && memcmp(s, lit, n) == 0)
        if (IS("ktdp.access_tile")) {
            irp_next(p);
            return parse_shaped(p, IR_TY_ACCESS_TILE, t);
        }
        if (IS("ktdp.runtime_arg")) {
            irp_next(p);
            return parse_runtime_arg(p, t);
        }
        if (IS("ktdp.tile_future")) {
            irp_next(p);
            return parse_tile_future(p, t);
        }
        if (IS("ktdf.fifo.slot")) {
            irp_next(p);
            return parse_fifo_slot(p, t);
        }
        if (IS("spyreop.df16")) {
            irp_next(p);
            *t = ir_type_float(m, IR_DF16);
            return true;
        }
#undef IS
        struct ir_type_info ti = {.kind = IR_TY_OPAQUE, .name = ir_str_intern(m, s, n)};
        const char *after = k->text + k->len;
        irp_next(p);
        if (p->tok.kind == IR_T_LESS && p->tok.text == after && !capture_body(p, &ti.body))
            return false;
        *t = ir_type_intern(m, &ti);
        return true;
    }
    if (k->kind != IR_T_BARE)
        return found_error(p, "type");
    const char *s = k->text;
    uint32_t n = k->len;
#define IS(lit) (n == sizeof(lit) - 1 && memcmp(s, lit, n) == 0)
    if (IS("index")) {
        irp_next(p);
        *t = m->t_index;
        return true;
    }
    if (IS("none")) {
        irp_next(p);
        *t = ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_NONE});
        return true;
    }
    static const struct { const char *s; enum ir_float_kind k; } floats[] = {
        {"f16", IR_F16}, {"bf16", IR_BF16}, {"f32", IR_F32}, {"f64", IR_F64}};
    for (size_t i = 0; i < 4; i++)
        if (n == strlen(floats[i].s) && memcmp(s, floats[i].s, n) == 0) {
            irp_next(p);
            *t = ir_type_float(m, floats[i].k);
            return true;
        }
    /* iN, and the signed / unsigned siN, uiN (symbol ids are si64). */
    enum ir_int_sign sign = IR_INT_SIGNLESS;
    const char *digits = s + 1;
    if (n >= 3 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i') {
        sign = s[0] == 's' ? IR_INT_SIGNED : IR_INT_UNSIGNED;
        digits++;
    }
    size_t nd = n - (size_t)(digits - s);
    if (digits[-1] == 'i' && nd >= 1 && nd <= 5 && all_digits(digits, nd)) {
        uint32_t w = digits_value(digits, nd);
        if (w < 1 || w > 128)
            return irp_error(p, "integer width out of range");
        irp_next(p);
        *t = ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_INT, .width = w,
                                                      .spelling = (uint8_t)sign});
        return true;
    }
    if (IS("tensor") || IS("memref") || IS("vector")) {
        enum ir_type_kind kind = IS("tensor") ? IR_TY_TENSOR : IS("memref") ? IR_TY_MEMREF
                                                                            : IR_TY_VECTOR;
        irp_next(p);
        return parse_shaped(p, kind, t);
    }
#undef IS
    return irp_error(p, "unknown type '%.*s'", (int)n, s);
}

/* ---- span caches ---------------------------------------------------------
 *
 * Real files repeat a few types and dialect attributes on every op. A type
 * or attribute whose first token is directly followed by a balanced `<...>`
 * on one line is remembered by that text once it parsed, and parsing the
 * same text again is a lookup. This gives the same result as parsing: the
 * text alone decides the parse (aliases cannot be redefined, interning is
 * deterministic), the parse must have ended exactly at the span's closing
 * '>' (checked before caching), that '>' is a '>' token again (not '>='),
 * and the nesting depth the parse needed must still be available.
 */

/* The end (after the closing '>') of the balanced `<...>` starting at s,
 * or NULL when the text has strings, comments or newlines, or is long. */
static const char *span_end(const char *s, const char *end)
{
    int depth = 0;
    const char *limit = end - s > 1024 ? s + 1024 : end;
    for (const char *q = s; q < limit; q++) {
        switch (*q) {
        case '<':
            if (q + 1 < end && q[1] == '=')
                q++; /* '<=' */
            else
                depth++;
            break;
        case '>':
            if (q + 1 < end && q[1] == '=')
                q++; /* '>=' */
            else if (q[-1] != '-' && --depth == 0)
                return q + 1;
            break;
        case '"':
        case '/':
        case '\n':
            return NULL;
        default:
            break;
        }
    }
    return NULL;
}

/* The entry for text[0, n), or the empty slot where it goes. */
static struct span_entry *span_slot(struct span_cache *c, const char *text, uint32_t n,
                                    uint32_t hash)
{
    uint32_t mask = c->cap - 1;
    for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
        struct span_entry *e = &c->slots[i];
        if (!e->text || (e->hash == hash && e->len == n && memcmp(e->text, text, n) == 0))
            return e;
    }
}

/* Start of a cacheable span at the current token: its text, and *end past
 * the closing '>'; NULL when the token is not directly followed by '<'. */
static const char *span_start(struct ir_parser *p, const char **end)
{
    const struct ir_token *t = &p->tok;
    const char *lt = t->text + t->len;
    if (lt >= p->lx.end || *lt != '<')
        return NULL;
    *end = span_end(lt, p->lx.end);
    return *end ? t->text : NULL;
}

/* Makes x (a copy: it may be one of them) the span c found or stored last. */
static void span_touch(struct span_cache *c, struct span_entry x)
{
    if (c->last[0].text == x.text && c->last[0].len == x.len)
        return;
    c->last[1] = c->last[0];
    c->last[0] = x;
}

/* A cached result for [s, e): *id and true, the lexer moved past it. */
static bool span_lookup(struct ir_parser *p, struct span_cache *c, const char *s, const char *e,
                        uint32_t *id)
{
    if (!c->cap || (e < p->lx.end && *e == '='))
        return false;
    uint32_t n = (uint32_t)(e - s);
    struct span_entry *x = span_slot(c, s, n, ir_hash_bytes(s, n));
    if (!x->text || p->depth + x->depth > MAX_DEPTH)
        return false;
    *id = x->id;
    span_touch(c, *x);
    p->lx.pos = e;
    irp_next(p);
    return true;
}

/* One of the two spans found or stored last in c, when its text is at the
 * current token again (an op's types and attributes repeat on the next
 * ops): what span_start and span_lookup would find there, the same bytes
 * ending the same way, without scanning and hashing them. */
static bool span_last(struct ir_parser *p, struct span_cache *c, uint32_t *id)
{
    const char *s = p->tok.text;
    for (int i = 0; i < 2; i++) {
        const struct span_entry *x = &c->last[i];
        const char *e = s + x->len;
        if (!x->text || x->len > (size_t)(p->lx.end - s) || memcmp(s, x->text, x->len) != 0 ||
            (e < p->lx.end && *e == '=') || p->depth + x->depth > MAX_DEPTH)
            continue;
        *id = x->id;
        if (i)
            span_touch(c, *x);
        p->lx.pos = e;
        irp_next(p);
        return true;
    }
    return false;
}

/* Remembers [s, e) → id when the parse that gave id ended exactly at e. */
static bool span_store(struct ir_parser *p, struct span_cache *c, const char *s, const char *e,
                       uint32_t id, int depth)
{
    struct lexer lx = p->lx;
    lx.pos = e;
    lex_skip_space(&lx);
    if (lx.pos != p->tok.text)
        return false; /* the parse stopped before e or read past it */
    if ((c->len + 1) * 2 > c->cap) {
        struct span_cache n = {calloc(c->cap ? 2 * c->cap : 256, sizeof *n.slots),
                               c->cap ? 2 * c->cap : 256, c->len, {c->last[0], c->last[1]}};
        if (!n.slots)
            abort();
        for (uint32_t i = 0; i < c->cap; i++)
            if (c->slots[i].text)
                *span_slot(&n, c->slots[i].text, c->slots[i].len, c->slots[i].hash) =
                    c->slots[i];
        free(c->slots);
        *c = n;
    }
    uint32_t len = (uint32_t)(e - s), hash = ir_hash_bytes(s, len);
    struct span_entry *x = span_slot(c, s, len, hash);
    if (!x->text)
        c->len++;
    *x = (struct span_entry){s, len, hash, id, depth};
    span_touch(c, *x);
    return true;
}

/* Parses a type or attribute through cache c: parse(p, out) does the work. */
static bool span_cached(struct ir_parser *p, struct span_cache *c, uint32_t *out,
                        bool (*parse)(struct ir_parser *, uint32_t *))
{
    if (span_last(p, c, out))
        return true;
    const char *e, *s = span_start(p, &e);
    if (s && span_lookup(p, c, s, e, out))
        return true;
    int hw = p->depth_hw, base = p->depth;
    p->depth_hw = base;
    bool ok = parse(p, out);
    if (ok && s)
        span_store(p, c, s, e, *out, p->depth_hw - base);
    if (hw > p->depth_hw)
        p->depth_hw = hw;
    return ok;
}

static bool parse_type(struct ir_parser *p, ir_type *t)
{
    if (!enter(p))
        return false;
    bool ok = span_cached(p, &p->types, t, parse_type_inner);
    return LEAVE(p, ok);
}

bool irp_type(struct ir_parser *p, ir_type *t) { return parse_type(p, t); }

bool irp_type_list(struct ir_parser *p, ir_type **v, uint32_t *n)
{
    uint32_t cap = 0;
    ir_type *a = NULL;
    *n = 0;
    do {
        a = room(p, a, *n, &cap, sizeof *a, 4);
        if (!parse_type(p, &a[*n]))
            return false;
        (*n)++;
    } while (irp_opt(p, IR_T_COMMA));
    *v = a;
    return true;
}

bool irp_result_types(struct ir_parser *p, ir_type **v, uint32_t *n)
{
    /* `(T, ...)` is a list unless it is a function type `(..) -> ..`. */
    if (irp_peek(p, IR_T_LPAREN)) {
        struct lexer save = p->lx;
        struct ir_token tsave = p->tok;
        irp_next(p);
        if (irp_opt(p, IR_T_RPAREN)) {
            if (!irp_peek(p, IR_T_ARROW)) {
                *n = 0;
                *v = NULL;
                return true;
            }
        } else {
            if (!irp_type_list(p, v, n))
                return false;
            if (irp_peek(p, IR_T_RPAREN)) {
                irp_next(p);
                if (!irp_peek(p, IR_T_ARROW))
                    return true;
            }
        }
        p->lx = save;
        p->tok = tsave;
    }
    *v = irp_scratch(p, sizeof **v);
    *n = 1;
    return parse_type(p, *v);
}

/* ---- affine expressions, maps, sets ------------------------------------------ */

static bool aff_expr(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out);

static bool is_symbolic(const struct ir_module *m, ir_aff e)
{
    const struct ir_aff_info *x = ir_aff_get(m, e);
    switch (x->kind) {
    case IR_AFF_CONST: case IR_AFF_SYM: return true;
    case IR_AFF_DIM: return false;
    default: return is_symbolic(m, x->lhs) && is_symbolic(m, x->rhs);
    }
}

static bool aff_primary(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out)
{
    if (irp_opt(p, IR_T_LPAREN)) {
        if (!aff_expr(p, leaf, ctx, out))
            return false;
        return irp_expect(p, IR_T_RPAREN);
    }
    if (irp_opt(p, IR_T_MINUS)) {
        ir_aff e;
        if (!aff_primary(p, leaf, ctx, &e))
            return false;
        *out = ir_aff_bin(p->m, IR_AFF_MUL, e, ir_aff_const(p->m, -1));
        return true;
    }
    if (p->tok.kind == IR_T_INT) {
        int64_t v;
        if (!tok_int(p, &p->tok, false, &v))
            return false;
        irp_next(p);
        *out = ir_aff_const(p->m, v);
        return true;
    }
    if (p->tok.kind == IR_T_BARE || p->tok.kind == IR_T_PERCENT) {
        struct ir_token t = p->tok;
        irp_next(p);
        return leaf(p, &t, ctx, out);
    }
    return found_error(p, "affine expression");
}

static bool aff_term(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out)
{
    if (!aff_primary(p, leaf, ctx, out))
        return false;
    for (;;) {
        enum ir_aff_kind k;
        struct ir_loc loc = irp_loc(p);
        if (irp_opt(p, IR_T_STAR))
            k = IR_AFF_MUL;
        else if (irp_opt_kw(p, "floordiv"))
            k = IR_AFF_FLOORDIV;
        else if (irp_opt_kw(p, "ceildiv"))
            k = IR_AFF_CEILDIV;
        else if (irp_opt_kw(p, "mod"))
            k = IR_AFF_MOD;
        else
            return true;
        ir_aff rhs;
        if (!aff_primary(p, leaf, ctx, &rhs))
            return false;
        if (k == IR_AFF_MUL ? !is_symbolic(p->m, *out) && !is_symbolic(p->m, rhs)
                            : !is_symbolic(p->m, rhs))
            return irp_error_at(p, loc, "non-affine expression: %s",
                                k == IR_AFF_MUL
                                    ? "one side of a product must be a constant or a symbol"
                                    : "the right side must be a constant or a symbol");
        *out = ir_aff_bin(p->m, k, *out, rhs);
    }
}

static bool aff_expr(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out)
{
    if (!enter(p))
        return false;
    if (!aff_term(p, leaf, ctx, out))
        return LEAVE(p, false);
    for (;;) {
        bool minus;
        if (irp_opt(p, IR_T_PLUS))
            minus = false;
        else if (irp_opt(p, IR_T_MINUS))
            minus = true;
        else
            return LEAVE(p, true);
        ir_aff rhs;
        if (!aff_term(p, leaf, ctx, &rhs))
            return LEAVE(p, false);
        if (minus)
            rhs = ir_aff_bin(p->m, IR_AFF_MUL, rhs, ir_aff_const(p->m, -1));
        *out = ir_aff_bin(p->m, IR_AFF_ADD, *out, rhs);
    }
}

bool irp_affine_expr(struct ir_parser *p, irp_aff_leaf_fn leaf, void *ctx, ir_aff *out)
{
    return aff_expr(p, leaf, ctx, out);
}

/* Binders of a map or set: `(d0, d1)[s0]`. */
struct binders {
    ir_str names[64];
    uint32_t ndims, nsyms;
};

static bool bind_leaf(struct ir_parser *p, const struct ir_token *t, void *ctx, ir_aff *out)
{
    struct binders *b = ctx;
    if (t->kind == IR_T_BARE) {
        ir_str s = ir_str_intern(p->m, t->text, t->len);
        for (uint32_t i = 0; i < b->ndims + b->nsyms; i++)
            if (b->names[i] == s) {
                *out = i < b->ndims ? ir_aff_dim(p->m, i) : ir_aff_sym(p->m, i - b->ndims);
                return true;
            }
    }
    return irp_error_at(p, (struct ir_loc){p->file, t->line, t->col},
                        "use of undeclared identifier '%.*s'", (int)t->len, t->text);
}

static bool parse_binders(struct ir_parser *p, struct binders *b)
{
    b->ndims = b->nsyms = 0;
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t *cnt = pass ? &b->nsyms : &b->ndims;
        if (!irp_peek(p, IR_T_RPAREN) && !irp_peek(p, IR_T_RSQUARE))
            do {
                if (b->ndims + b->nsyms == 64)
                    return irp_error(p, "too many dimensions and symbols");
                if (!irp_ident(p, &b->names[b->ndims + b->nsyms]))
                    return false;
                (*cnt)++;
            } while (irp_opt(p, IR_T_COMMA));
        if (!irp_expect(p, pass ? IR_T_RSQUARE : IR_T_RPAREN))
            return false;
        if (pass == 0 && !irp_opt(p, IR_T_LSQUARE))
            break;
    }
    return true;
}

static bool parse_affine_map_body(struct ir_parser *p, uint32_t *map)
{
    struct binders b;
    if (!parse_binders(p, &b) || !irp_expect(p, IR_T_ARROW) || !irp_expect(p, IR_T_LPAREN))
        return false;
    ir_aff res[64];
    uint32_t n = 0;
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            if (n == 64)
                return irp_error(p, "too many results in affine map");
            if (!aff_expr(p, bind_leaf, &b, &res[n++]))
                return false;
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RPAREN))
        return false;
    *map = ir_map_intern(p->m, b.ndims, b.nsyms, n, res);
    return true;
}

static bool parse_integer_set_body(struct ir_parser *p, uint32_t *set)
{
    struct binders b;
    if (!parse_binders(p, &b) || !irp_expect(p, IR_T_COLON) || !irp_expect(p, IR_T_LPAREN))
        return false;
    ir_aff cons[128];
    bool eq[128];
    uint32_t n = 0;
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            if (n == 128)
                return irp_error(p, "too many constraints in integer set");
            ir_aff l, r;
            if (!aff_expr(p, bind_leaf, &b, &l))
                return false;
            enum ir_tok op = p->tok.kind;
            if (op != IR_T_GE && op != IR_T_LE && op != IR_T_EQEQ)
                return found_error(p, "'>=', '<=' or '=='");
            irp_next(p);
            if (!aff_expr(p, bind_leaf, &b, &r))
                return false;
            ir_aff neg1 = ir_aff_const(p->m, -1);
            /* Normalize to e >= 0 / e == 0 as MLIR does. */
            if (op == IR_T_LE)
                cons[n] = ir_aff_bin(p->m, IR_AFF_ADD, r, ir_aff_bin(p->m, IR_AFF_MUL, l, neg1));
            else
                cons[n] = ir_aff_bin(p->m, IR_AFF_ADD, l, ir_aff_bin(p->m, IR_AFF_MUL, r, neg1));
            eq[n++] = op == IR_T_EQEQ;
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RPAREN))
        return false;
    *set = ir_set_intern(p->m, b.ndims, b.nsyms, n, cons, eq);
    return true;
}

/* ---- attributes ------------------------------------------------------ */

bool irp_int_array(struct ir_parser *p, int64_t **v, uint32_t *n)
{
    if (!irp_expect(p, IR_T_LSQUARE))
        return false;
    uint32_t cap = 0;
    int64_t *a = NULL;
    *n = 0;
    if (!irp_peek(p, IR_T_RSQUARE))
        do {
            a = room(p, a, *n, &cap, sizeof *a, 8);
            if (!irp_int(p, &a[(*n)++]))
                return false;
        } while (irp_opt(p, IR_T_COMMA));
    *v = a;
    return irp_expect(p, IR_T_RSQUARE);
}

bool irp_mixed_list(struct ir_parser *p, struct irp_mixed *x)
{
    uint32_t cap = 0, dcap = 0;
    *x = (struct irp_mixed){0};
    if (!irp_expect(p, IR_T_LSQUARE))
        return false;
    if (!irp_peek(p, IR_T_RSQUARE))
        do {
            x->stat = room(p, x->stat, x->n, &cap, sizeof *x->stat, 8);
            if (irp_peek_operand(p)) {
                x->dyn = room(p, x->dyn, x->ndyn, &dcap, sizeof *x->dyn, 4);
                if (!irp_operand(p, &x->dyn[x->ndyn++]))
                    return false;
                x->stat[x->n++] = IR_DYN;
            } else if (!irp_int(p, &x->stat[x->n++])) {
                return false;
            }
        } while (irp_opt(p, IR_T_COMMA));
    return irp_expect(p, IR_T_RSQUARE);
}

/* A number literal into an attribute of type t (IR_NONE = untyped). The
 * caller has consumed an optional minus sign. */
static bool number_attr(struct ir_parser *p, const struct ir_token *num, bool neg, ir_type t,
                        ir_attr *a)
{
    struct ir_module *m = p->m;
    bool is_float_ty = t && ir_type_is_float(m, t);
    if (num->kind == IR_T_INT) {
        bool hex = num->len > 2 && num->text[1] == 'x';
        if (hex && is_float_ty) {
            if (neg)
                return irp_error_at(p, (struct ir_loc){p->file, num->line, num->col},
                                    "hexadecimal float literal should not have a sign");
            int64_t bits;
            if (!tok_int(p, num, false, &bits))
                return false;
            const struct ir_type_info *ti = ir_type_get(m, t);
            if (ti->width < 64 && (uint64_t)bits >> ti->width)
                return irp_error_at(p, (struct ir_loc){p->file, num->line, num->col},
                                    "hexadecimal float constant out of range for type");
            *a = ir_attr_intern(m, &(struct ir_attr_info){
                                       .kind = IR_AT_FLOAT, .flags = IR_ATF_HEX, .type = t,
                                       .i = bits, .f = num_bits_to_double(ti->fkind, (uint64_t)bits)});
            return true;
        }
        if (is_float_ty) {
            int64_t v;
            if (!tok_int(p, num, neg, &v))
                return false;
            *a = ir_attr_float(m, (double)v, t);
            return true;
        }
        int64_t v;
        if (!tok_int(p, num, neg, &v))
            return false;
        /* An iN value is kept sign-extended from N bits, as MLIR prints it:
         * 0xFF800000 : i32 is -8388608. */
        const struct ir_type_info *ti = t ? ir_type_get(m, t) : NULL;
        if (ti && ti->kind == IR_TY_INT && ti->width < 64) {
            uint64_t mask = (UINT64_C(1) << ti->width) - 1, u = (uint64_t)v;
            if (neg ? (uint64_t)(-(v + 1)) >> (ti->width - 1) != 0 : u > mask)
                return irp_error_at(p, (struct ir_loc){p->file, num->line, num->col},
                                    "integer value out of range for i%u", ti->width);
            u &= mask;
            if (ti->width > 1 && u >> (ti->width - 1) && ti->spelling != IR_INT_UNSIGNED)
                u |= ~mask;
            v = (int64_t)u;
        }
        *a = ir_attr_int(m, v, t);
        return true;
    }
    if (t && !is_float_ty)
        return irp_error(p, "floating point value not valid for the specified type");
    char buf[128];
    if (num->len >= sizeof buf)
        return irp_error(p, "float literal too long");
    memcpy(buf, num->text, num->len);
    buf[num->len] = 0;
    double d = strtod(buf, NULL);
    *a = ir_attr_float(m, neg ? -d : d, t);
    return true;
}

/* Elements of a dense<...> literal, flattened: numbers, true/false, nested lists. */
static bool dense_elems(struct ir_parser *p, struct ir_token *toks, bool *negs, uint32_t *n,
                        uint32_t max)
{
    if (irp_opt(p, IR_T_LSQUARE)) {
        if (!enter(p))
            return false;
        if (!irp_peek(p, IR_T_RSQUARE))
            do {
                if (!dense_elems(p, toks, negs, n, max))
                    return LEAVE(p, false);
            } while (irp_opt(p, IR_T_COMMA));
        return LEAVE(p, irp_expect(p, IR_T_RSQUARE));
    }
    if (*n == max)
        return irp_error(p, "dense literal too large");
    negs[*n] = irp_opt(p, IR_T_MINUS);
    if (p->tok.kind != IR_T_INT && p->tok.kind != IR_T_FLOAT && !irp_peek_kw(p, "true") &&
        !irp_peek_kw(p, "false"))
        return found_error(p, "dense element literal");
    toks[(*n)++] = p->tok;
    irp_next(p);
    return true;
}

/* dense<...> : T; the `: T` may be left out when implied is set (the op's
 * syntax gives the type, as in memref.global). */
static bool parse_dense(struct ir_parser *p, ir_attr *a, ir_type implied)
{
    enum { MAX = 1 << 16 };
    if (!irp_expect(p, IR_T_LESS))
        return false;
    struct ir_token *toks = malloc(MAX * sizeof *toks);
    bool *negs = malloc(MAX * sizeof *negs);
    uint32_t *elems = NULL;
    uint32_t n = 0;
    bool ok = toks && negs;
    if (ok && !irp_peek(p, IR_T_GREATER))
        ok = dense_elems(p, toks, negs, &n, MAX);
    struct ir_loc tloc;
    ir_type t = IR_NONE;
    ok = ok && irp_expect(p, IR_T_GREATER);
    tloc = irp_loc(p);
    if (ok && implied && !irp_peek(p, IR_T_COLON)) {
        t = implied;
    } else if (ok && irp_expect(p, IR_T_COLON)) {
        tloc = irp_loc(p);
        ok = parse_type(p, &t);
    } else {
        ok = false;
    }
    if (ok && !ir_type_is_shaped(p->m, t))
        ok = irp_error_at(p, tloc, "dense attribute needs a shaped type");
    if (ok) {
        int64_t numel = ir_type_numel(p->m, t);
        if (numel < 0)
            ok = irp_error_at(p, tloc, "dense attribute needs a static shape");
        else if (n != 1 && (int64_t)n != numel)
            ok = irp_error_at(p, tloc, "dense literal has %u elements, type needs %" PRId64, n,
                              numel);
    }
    if (ok) {
        ir_type et = ir_type_elem(p->m, t);
        elems = malloc((n ? n : 1) * sizeof *elems);
        if (!elems)
            abort();
        for (uint32_t i = 0; ok && i < n; i++) {
            if (toks[i].kind == IR_T_BARE)
                elems[i] = ir_attr_intern(p->m, &(struct ir_attr_info){
                                                    .kind = IR_AT_BOOL,
                                                    .i = tok_is(&toks[i], "true")});
            else
                ok = number_attr(p, &toks[i], negs[i], et, &elems[i]);
        }
        if (ok)
            *a = ir_attr_intern(p->m, &(struct ir_attr_info){
                                          .kind = IR_AT_DENSE, .type = t, .n = n, .elems = elems});
    }
    free(toks);
    free(negs);
    free(elems);
    return ok;
}

/* sparse<indices, values> : T, kept as the equivalent dense attribute:
 * entries at the listed indices take the values (one value for all when a
 * single one is given), every other entry is zero. */
static bool parse_sparse(struct ir_parser *p, ir_attr *a)
{
    enum { MAX = 1 << 16 };
    struct ir_module *m = p->m;
    struct ir_token *itoks = malloc(MAX * sizeof *itoks), *vtoks = malloc(MAX * sizeof *vtoks);
    bool *ineg = malloc(MAX * sizeof *ineg), *vneg = malloc(MAX * sizeof *vneg);
    uint32_t *elems = NULL, ni = 0, nv = 0;
    bool ok = itoks && vtoks && ineg && vneg;
    if (!ok)
        abort();
    ok = irp_expect(p, IR_T_LESS);
    if (ok && !irp_peek(p, IR_T_GREATER))
        ok = dense_elems(p, itoks, ineg, &ni, MAX) && irp_expect(p, IR_T_COMMA) &&
             dense_elems(p, vtoks, vneg, &nv, MAX);
    struct ir_loc tloc;
    ir_type t = IR_NONE;
    ok = ok && irp_expect(p, IR_T_GREATER) && irp_expect(p, IR_T_COLON);
    if (ok) {
        tloc = irp_loc(p);
        ok = parse_type(p, &t);
    }
    if (ok && !ir_type_is_shaped(p->m, t))
        ok = irp_error_at(p, tloc, "sparse attribute needs a shaped type");
    const struct ir_type_info *ti = ok ? ir_type_get(m, t) : NULL;
    int64_t numel = ok ? ir_type_numel(m, t) : 0;
    if (ok && (numel < 0 || numel > MAX))
        ok = irp_error_at(p, tloc, "sparse attribute needs a static shape of at most %d elements",
                          MAX);
    uint32_t rank = ti ? (ti->rank ? ti->rank : 1) : 1, nnz = ni / rank;
    if (ok && ni % rank)
        ok = irp_error_at(p, tloc, "sparse indices must have %u entries each", rank);
    if (ok && nv != nnz && nv != 1)
        ok = irp_error_at(p, tloc, "sparse literal has %u indices but %u values", nnz, nv);
    if (ok) {
        ir_type et = ir_type_elem(m, t);
        /* Zero spelled like the values, so the dense form reads back alike. */
        bool bare = nv && vtoks[0].kind == IR_T_BARE, flt = nv && vtoks[0].kind == IR_T_FLOAT;
        struct ir_token zero = {.kind = bare ? IR_T_BARE : flt ? IR_T_FLOAT : IR_T_INT,
                                .text = bare ? "false" : flt ? "0.0" : "0",
                                .len = bare ? 5u : flt ? 3u : 1u};
        ir_attr z, *vals = malloc((nv ? nv : 1) * sizeof *vals);
        elems = malloc((size_t)(numel ? numel : 1) * sizeof *elems);
        if (!vals || !elems)
            abort();
        for (uint32_t i = 0; ok && i <= nv; i++) {
            const struct ir_token *tk = i < nv ? &vtoks[i] : &zero;
            ir_attr *out = i < nv ? &vals[i] : &z;
            if (tk->kind == IR_T_BARE)
                *out = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_BOOL,
                                                                 .i = tok_is(tk, "true")});
            else
                ok = number_attr(p, tk, i < nv && vneg[i], et, out);
        }
        for (int64_t i = 0; ok && i < numel; i++)
            elems[i] = z;
        for (uint32_t k = 0; ok && k < nnz; k++) {
            int64_t flat = 0;
            for (uint32_t d = 0; ok && d < rank; d++) {
                int64_t x = 0, ext = ti->rank ? ti->shape[d] : 1;
                if (itoks[k * rank + d].kind != IR_T_INT)
                    ok = irp_error_at(p, tloc, "sparse indices must be integers");
                ok = ok && tok_int(p, &itoks[k * rank + d], ineg[k * rank + d], &x);
                if (ok && (x < 0 || x >= ext))
                    ok = irp_error_at(p, tloc, "sparse index %" PRId64 " out of range", x);
                flat = flat * ext + x;
            }
            if (ok)
                elems[flat] = vals[nv == 1 ? 0 : k];
        }
        if (ok)
            *a = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_DENSE, .type = t,
                                                           .n = (uint32_t)numel, .elems = elems});
        free(vals);
    }
    free(itoks);
    free(vtoks);
    free(ineg);
    free(vneg);
    free(elems);
    return ok;
}

static bool parse_dense_array(struct ir_parser *p, ir_attr *a)
{
    ir_type et;
    if (!irp_expect(p, IR_T_LESS) || !parse_type(p, &et))
        return false;
    if (!ir_type_is_intlike(p->m, et))
        return irp_error(p, "only integer dense arrays are supported");
    int64_t small[64], *v = small;
    uint32_t n = 0, cap = 64;
    bool ok = true;
    if (irp_opt(p, IR_T_COLON))
        do {
            if (n == cap) {
                int64_t *nv = malloc((cap *= 2) * sizeof *nv);
                if (!nv)
                    abort();
                memcpy(nv, v, n * sizeof *nv);
                if (v != small)
                    free(v);
                v = nv;
            }
            ok = irp_int(p, &v[n++]);
        } while (ok && irp_opt(p, IR_T_COMMA));
    ok = ok && irp_expect(p, IR_T_GREATER);
    if (ok)
        *a = ir_attr_dense_array(p->m, et, n, v);
    if (v != small)
        free(v);
    return ok;
}

/* strided<[s, ...][, offset: o]> */
static bool parse_strided(struct ir_parser *p, ir_attr *a)
{
    if (!irp_expect(p, IR_T_LESS) || !irp_expect(p, IR_T_LSQUARE))
        return false;
    int64_t v[65];
    uint32_t n = 0;
    if (!irp_peek(p, IR_T_RSQUARE))
        do {
            if (n == 64)
                return irp_error(p, "too many strides");
            if (irp_opt(p, IR_T_QUESTION))
                v[n++] = IR_DYN;
            else if (!irp_int(p, &v[n++]))
                return false;
        } while (irp_opt(p, IR_T_COMMA));
    if (!irp_expect(p, IR_T_RSQUARE))
        return false;
    int64_t off = 0;
    if (irp_opt(p, IR_T_COMMA)) {
        if (!irp_expect_kw(p, "offset") || !irp_expect(p, IR_T_COLON))
            return false;
        if (irp_opt(p, IR_T_QUESTION))
            off = IR_DYN;
        else if (!irp_int(p, &off))
            return false;
    }
    if (!irp_expect(p, IR_T_GREATER))
        return false;
    *a = ir_attr_intern(p->m, &(struct ir_attr_info){
                                  .kind = IR_AT_STRIDED, .n = n, .ints = v, .i = off});
    return true;
}

static bool parse_memspace(struct ir_parser *p, bool old, ir_attr *a)
{
    struct ir_attr_info ai = {.kind = IR_AT_MEMSPACE, .flags = old ? IR_ATF_OLD_MS : 0};
    if (!irp_expect(p, IR_T_LESS))
        return false;
    static const char *const now[] = {"global", "ct_local"};
    static const char *const was[] = {"HBM", "LX", "L0", "unspecified"};
    const char *const *names = old ? was : now;
    size_t nn = old ? 4 : 2;
    size_t k = 0;
    while (k < nn && !irp_peek_kw(p, names[k]))
        k++;
    if (k == nn)
        return found_error(p, old ? "'HBM', 'LX', 'L0' or 'unspecified'" : "'global' or 'ct_local'");
    struct ir_loc kloc = irp_loc(p);
    irp_next(p);
    ai.i = (int64_t)k;
    if (irp_opt(p, IR_T_COMMA)) {
        if (!irp_expect_kw(p, old ? "core" : "ct_id") || !irp_expect(p, IR_T_EQUAL) ||
            !irp_int(p, &ai.id))
            return false;
        if (ai.i == IR_MS_GLOBAL || ai.i == IR_MS_UNSPECIFIED)
            return irp_error_at(p, kloc, "%s only applies to a local memory space",
                                old ? "core" : "ct_id");
        if (ai.id < 0)
            return irp_error(p, "%s must be non-negative", old ? "core" : "ct_id");
        ai.flags |= IR_ATF_HAS_ID;
    }
    if (!irp_expect(p, IR_T_GREATER))
        return false;
    *a = ir_attr_intern(p->m, &ai);
    return true;
}

/* #ktdf_arch.map<k = v, ...> with keys that are strings, types or attributes. */
static bool parse_arch_map(struct ir_parser *p, ir_attr *a)
{
    if (!irp_expect(p, IR_T_LESS))
        return false;
    uint32_t cap = 16, n = 0;
    uint32_t *e = malloc(2 * cap * sizeof *e);
    bool ok = e != NULL;
    if (ok && !irp_peek(p, IR_T_GREATER))
        do {
            if (n == cap) {
                uint32_t *ne = realloc(e, 2 * (cap *= 2) * sizeof *e);
                if (!ne)
                    abort();
                e = ne;
            }
            ok = parse_attr(p, &e[2 * n], false) && irp_expect(p, IR_T_EQUAL) &&
                 parse_attr(p, &e[2 * n + 1], true);
            n++;
        } while (ok && irp_opt(p, IR_T_COMMA));
    ok = ok && irp_expect(p, IR_T_GREATER);
    if (ok)
        *a = ir_attr_intern(p->m, &(struct ir_attr_info){
                                      .kind = IR_AT_ARCH_MAP, .n = n, .elems = e});
    free(e);
    return ok;
}

static bool parse_dict_entries(struct ir_parser *p, uint32_t *n, ir_str **names, ir_attr **vals)
{
    if (!irp_expect(p, IR_T_LBRACE))
        return false;
    uint32_t cap = 0, vcap = 0;
    *n = 0;
    *names = NULL;
    *vals = NULL;
    if (!irp_peek(p, IR_T_RBRACE))
        do {
            *names = room(p, *names, *n, &cap, sizeof **names, 8);
            *vals = room(p, *vals, *n, &vcap, sizeof **vals, 8);
            struct ir_loc kloc = irp_loc(p);
            ir_str key = IR_NONE; /* set by both branches; gcc -O2 cannot tell */
            if (p->tok.kind == IR_T_STRING) {
                if (!irp_string(p, &key))
                    return false;
            } else if (!irp_ident(p, &key)) {
                return false;
            }
            for (uint32_t i = 0; i < *n; i++)
                if ((*names)[i] == key)
                    return irp_error_at(p, kloc, "duplicate key '%s' in dictionary attribute",
                                        ir_str_get(p->m, key));
            ir_attr v;
            if (irp_opt(p, IR_T_EQUAL)) {
                if (!parse_attr(p, &v, true))
                    return false;
            } else {
                v = ir_attr_unit(p->m);
            }
            (*names)[*n] = key;
            (*vals)[(*n)++] = v;
        } while (irp_opt(p, IR_T_COMMA));
    return irp_expect(p, IR_T_RBRACE);
}

static bool is_type_start(struct ir_parser *p)
{
    const struct ir_token *t = &p->tok;
    if (t->kind == IR_T_BANG)
        return true;
    if (t->kind != IR_T_BARE)
        return false;
    static const char *const kws[] = {"index", "none", "f16", "bf16", "f32", "f64",
                                      "tensor", "memref", "vector"};
    for (size_t i = 0; i < sizeof kws / sizeof *kws; i++)
        if (tok_is(t, kws[i]))
            return true;
    return t->len >= 2 && t->text[0] == 'i' && all_digits(t->text + 1, t->len - 1);
}

static bool parse_attr_inner(struct ir_parser *p, ir_attr *a, bool typed)
{
    struct ir_module *m = p->m;
    struct ir_token t = p->tok;
    switch (t.kind) {
    case IR_T_HASH: {
        ir_str name = ir_str_intern(m, t.text, t.len);
        struct alias *al = find_alias(p, name);
        if (al) {
            if (!al->attr)
                return irp_error(p, "'%.*s' is not an attribute alias", (int)t.len, t.text);
            irp_next(p);
            *a = al->attr;
            return true;
        }
        const char *s = t.text + 1;
        uint32_t n = t.len - 1;
        /* `#dialect<body>` is a dialect attribute (#vectorchain<binary_operator add>). */
        bool body_next = t.text + t.len < p->lx.end && t.text[t.len] == '<';
        if (!memchr(s, '.', n) && !body_next)
            return irp_error(p, "undefined attribute alias '%.*s'", (int)t.len, t.text);
        irp_next(p);
#define IS(lit) (n == sizeof(lit) - 1 && memcmp(s, lit, n) == 0)
        if (IS("ktdp.memory_space"))
            return parse_memspace(p, false, a);
        if (IS("ktdp.spyre_memory_space"))
            return parse_memspace(p, true, a);
        if (IS("ktdf_arch.map"))
            return parse_arch_map(p, a);
#undef IS
        struct ir_attr_info ai = {.kind = IR_AT_OPAQUE, .s = ir_str_intern(m, s, n)};
        if (p->tok.kind == IR_T_LESS && p->tok.text == t.text + t.len &&
            !capture_body(p, &ai.body))
            return false;
        *a = ir_attr_intern(m, &ai);
        return true;
    }
    case IR_T_STRING: {
        ir_str s;
        if (!irp_string(p, &s))
            return false;
        ir_type ty = IR_NONE;
        if (typed && irp_opt(p, IR_T_COLON) && !parse_type(p, &ty))
            return false;
        *a = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = s, .type = ty});
        return true;
    }
    case IR_T_AT: {
        ir_str root, nested[16];
        uint32_t n = 0;
        if (!irp_symbol(p, &root))
            return false;
        while (irp_opt(p, IR_T_DCOLON)) {
            if (n == 16)
                return irp_error(p, "symbol reference too deep");
            if (!irp_symbol(p, &nested[n++]))
                return false;
        }
        *a = ir_attr_intern(m, &(struct ir_attr_info){
                                   .kind = IR_AT_SYMREF, .s = root, .n = n, .elems = nested});
        return true;
    }
    case IR_T_LSQUARE: {
        irp_next(p);
        ir_attr small[32], *v = small;
        uint32_t n = 0, cap = 32;
        bool ok = true;
        if (!irp_peek(p, IR_T_RSQUARE))
            do {
                if (n == cap) {
                    ir_attr *nv = malloc((cap *= 2) * sizeof *nv);
                    if (!nv)
                        abort();
                    memcpy(nv, v, n * sizeof *nv);
                    if (v != small)
                        free(v);
                    v = nv;
                }
                ok = parse_attr(p, &v[n++], true);
            } while (ok && irp_opt(p, IR_T_COMMA));
        ok = ok && irp_expect(p, IR_T_RSQUARE);
        if (ok)
            *a = ir_attr_array(m, n, v);
        if (v != small)
            free(v);
        return ok;
    }
    case IR_T_LBRACE: {
        uint32_t n;
        ir_str *names;
        ir_attr *vals;
        if (!parse_dict_entries(p, &n, &names, &vals))
            return false;
        *a = ir_attr_dict(m, n, names, vals);
        return true;
    }
    case IR_T_MINUS:
    case IR_T_INT:
    case IR_T_FLOAT: {
        bool neg = irp_opt(p, IR_T_MINUS);
        struct ir_token num = p->tok;
        if (num.kind != IR_T_INT && num.kind != IR_T_FLOAT)
            return found_error(p, "number");
        irp_next(p);
        ir_type ty = IR_NONE;
        if (typed && irp_opt(p, IR_T_COLON) && !parse_type(p, &ty))
            return false;
        return number_attr(p, &num, neg, ty, a);
    }
    case IR_T_LPAREN:
        break; /* a function type */
    case IR_T_BARE:
        if (tok_is(&t, "true") || tok_is(&t, "false")) {
            irp_next(p);
            *a = ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_BOOL,
                                                            .i = tok_is(&t, "true")});
            return true;
        }
        if (tok_is(&t, "unit")) {
            irp_next(p);
            *a = ir_attr_unit(m);
            return true;
        }
        if (tok_is(&t, "affine_map") || tok_is(&t, "affine_set")) {
            bool map = tok_is(&t, "affine_map");
            uint32_t id = 0;
            irp_next(p);
            if (!irp_expect(p, IR_T_LESS))
                return false;
            if (!(map ? parse_affine_map_body(p, &id) : parse_integer_set_body(p, &id)))
                return false;
            if (!irp_expect(p, IR_T_GREATER))
                return false;
            *a = map ? ir_attr_affine_map(m, id) : ir_attr_integer_set(m, id);
            return true;
        }
        if (tok_is(&t, "dense")) {
            irp_next(p);
            return parse_dense(p, a, IR_NONE);
        }
        if (tok_is(&t, "array")) {
            irp_next(p);
            return parse_dense_array(p, a);
        }
        if (tok_is(&t, "sparse")) {
            irp_next(p);
            return parse_sparse(p, a);
        }
        if (tok_is(&t, "strided")) {
            irp_next(p);
            return parse_strided(p, a);
        }
        if (is_type_start(p))
            break;
        return irp_error(p, "unknown attribute '%.*s'", (int)t.len, t.text);
    case IR_T_BANG:
        break;
    default:
        return found_error(p, "attribute value");
    }
    ir_type ty;
    if (!parse_type(p, &ty))
        return false;
    *a = ir_attr_type(m, ty);
    return true;
}

static bool parse_attr_untyped(struct ir_parser *p, ir_attr *a)
{
    return parse_attr_inner(p, a, false);
}

static bool parse_attr(struct ir_parser *p, ir_attr *a, bool typed)
{
    if (!enter(p))
        return false;
    /* Dialect attributes and affine maps and sets never read a `: type`
     * suffix (others may look past their '>' for one): only they are cached. */
    const struct ir_token *t = &p->tok;
    bool ok;
    if (t->kind == IR_T_HASH || tok_is(t, "affine_map") || tok_is(t, "affine_set"))
        ok = span_cached(p, &p->attrs, a, parse_attr_untyped);
    else
        ok = parse_attr_inner(p, a, typed);
    return LEAVE(p, ok);
}

bool irp_attr(struct ir_parser *p, ir_attr *a) { return parse_attr(p, a, true); }

bool irp_attr_implied_type(struct ir_parser *p, ir_type t, ir_attr *a)
{
    if (t && irp_peek_kw(p, "dense")) {
        irp_next(p);
        return parse_dense(p, a, t);
    }
    return parse_attr(p, a, true);
}

/* The end (after the closing '}') of the balanced `{...}` starting at s, or
 * NULL when the text has strings, comments or newlines, or is long: the
 * span of an attribute dictionary that the dicts cache may hold. */
static const char *brace_end(const char *s, const char *end)
{
    int depth = 0;
    const char *limit = end - s > 1024 ? s + 1024 : end;
    for (const char *q = s; q < limit; q++) {
        switch (*q) {
        case '{':
            depth++;
            break;
        case '}':
            if (--depth == 0)
                return q + 1;
            break;
        case '"':
        case '/':
        case '\n':
            return NULL;
        default:
            break;
        }
    }
    return NULL;
}

/* Remembers the n entries of a dictionary that parsed from [s, e). */
static void dict_store(struct ir_parser *p, const char *s, const char *e, int depth, uint32_t n,
                       const ir_str *names, const ir_attr *vals)
{
    p->dict_recs = grow(p->dict_recs, &p->cap_dict_recs, p->ndict_recs + 1, sizeof *p->dict_recs);
    p->dict_pool = grow(p->dict_pool, &p->cap_dict_pool, p->ndict_pool + 2 * n,
                        sizeof *p->dict_pool);
    for (uint32_t i = 0; i < n; i++) {
        p->dict_pool[p->ndict_pool + 2 * i] = names[i];
        p->dict_pool[p->ndict_pool + 2 * i + 1] = vals[i];
    }
    if (span_store(p, &p->dicts, s, e, p->ndict_recs, depth)) {
        p->dict_recs[p->ndict_recs++] = (struct dict_rec){p->ndict_pool, n};
        p->ndict_pool += 2 * n;
    }
}

/* An op's attribute dictionary repeats on every op of a kind in real files
 * (`{coordinate_set = #set, memory_space = #ktdp.memory_space<hbm>}`): a
 * dictionary spelled as one already parsed gets that one's entries, as the
 * span caches above do for types and attributes (same conditions). */
bool irp_opt_attr_dict(struct ir_parser *p, struct ir_op_state *st)
{
    if (!irp_peek(p, IR_T_LBRACE))
        return true;
    uint32_t id;
    const char *s = p->tok.text, *e = NULL;
    if (span_last(p, &p->dicts, &id) ||
        ((e = brace_end(s, p->lx.end)) && span_lookup(p, &p->dicts, s, e, &id))) {
        const struct dict_rec *d = &p->dict_recs[id];
        for (uint32_t i = 0; i < d->n; i++)
            ir_state_set_attr_str(p->m, st, p->dict_pool[d->off + 2 * i],
                                  p->dict_pool[d->off + 2 * i + 1]);
        return true;
    }
    int hw = p->depth_hw, base = p->depth;
    p->depth_hw = base;
    uint32_t n;
    ir_str *names;
    ir_attr *vals;
    bool ok = parse_dict_entries(p, &n, &names, &vals);
    if (ok && e)
        dict_store(p, s, e, p->depth_hw - base, n, names, vals);
    if (hw > p->depth_hw)
        p->depth_hw = hw;
    if (!ok)
        return false;
    for (uint32_t i = 0; i < n; i++)
        ir_state_set_attr_str(p->m, st, names[i], vals[i]);
    return true;
}

bool irp_opt_attr_dict_kw(struct ir_parser *p, struct ir_op_state *st)
{
    if (!irp_opt_kw(p, "attributes"))
        return true;
    if (!irp_peek(p, IR_T_LBRACE))
        return found_error(p, "'{'");
    return irp_opt_attr_dict(p, st);
}

/* ---- ops, blocks, regions ------------------------------------------------ */

static bool parse_op(struct ir_parser *p, ir_block into);

static struct label *find_label(struct ir_parser *p, ir_str name, uint32_t from)
{
    for (uint32_t i = from; i < p->nlabels; i++)
        if (p->labels[i].name == name)
            return &p->labels[i];
    return NULL;
}

/* The block a label names in the current region, created on first mention. */
static ir_block label_ref(struct ir_parser *p, ir_str name, struct ir_loc loc)
{
    struct label *l = find_label(p, name, p->label_base);
    if (l)
        return l->block;
    p->labels = grow(p->labels, &p->cap_labels, p->nlabels + 1, sizeof *p->labels);
    p->labels[p->nlabels] = (struct label){name, ir_block_new(p->m), false, loc};
    return p->labels[p->nlabels++].block;
}

bool irp_arg_list(struct ir_parser *p, struct irp_arg **v, uint32_t *n)
{
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    uint32_t cap = 0;
    struct irp_arg *a = NULL;
    *n = 0;
    if (!irp_peek(p, IR_T_RPAREN))
        do {
            a = room(p, a, *n, &cap, sizeof *a, 4);
            if (!irp_operand(p, &a[*n].name) || !irp_expect(p, IR_T_COLON) ||
                !parse_type(p, &a[*n].type))
                return false;
            /* Argument attributes and locations are accepted and dropped. */
            if (irp_peek(p, IR_T_LBRACE)) {
                struct ir_op_state tmp;
                ir_state_init(&tmp, p->m, "", irp_loc(p));
                if (!irp_opt_attr_dict(p, &tmp))
                    return false;
            }
            (*n)++;
        } while (irp_opt(p, IR_T_COMMA));
    *v = a;
    return irp_expect(p, IR_T_RPAREN);
}

static bool define_args(struct ir_parser *p, ir_block b, const struct irp_arg *args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        ir_value v = ir_block_add_arg(p->m, b, args[i].type, IR_NONE);
        if (!define(p, args[i].name.name, args[i].name.loc, v, 1))
            return false;
    }
    return true;
}

static bool block_ends_in_terminator(struct ir_parser *p, ir_block b)
{
    ir_op last = ir_block_get(p->m, b)->last;
    if (!last)
        return false;
    const struct ir_op_info *o = ir_op_get(p->m, last);
    if (o->kind == IR_OP_UNKNOWN)
        return o->nsucc > 0;
    return (ir_op_def(o->kind)->flags & IR_OPF_TERMINATOR) != 0;
}

static bool parse_block_body(struct ir_parser *p, ir_block b)
{
    while (!irp_peek(p, IR_T_RBRACE) && !irp_peek(p, IR_T_CARET)) {
        if (irp_peek(p, IR_T_EOF))
            return found_error(p, "'}'");
        if (!parse_op(p, b))
            return false;
    }
    return true;
}

static bool region_inner(struct ir_parser *p, ir_region r, const struct irp_arg *args,
                         uint32_t nargs, const char *implicit_term)
{
    struct ir_module *m = p->m;
    if (!irp_expect(p, IR_T_LBRACE))
        return false;
    uint32_t saved_base = p->label_base, mark = p->nlabels, saved_iso = p->iso_base;
    p->label_base = p->nlabels;
    scope_push(p);
    if (p->isolating)
        p->iso_base = p->nents;
    bool ok = true;
    ir_block entry = IR_NONE;
    if (nargs || !irp_peek(p, IR_T_CARET)) {
        if (nargs || !irp_peek(p, IR_T_RBRACE) || implicit_term) {
            entry = ir_block_new(m);
            ir_region_append_block(m, r, entry);
            ok = define_args(p, entry, args, nargs) && parse_block_body(p, entry);
        }
        if (ok && nargs && irp_peek(p, IR_T_CARET) && !ir_block_get(m, entry)->first)
            ok = irp_error(p, "invalid block name in region with named arguments");
    }
    while (ok && irp_peek(p, IR_T_CARET)) {
        struct ir_loc loc = irp_loc(p);
        ir_str name = ir_str_intern(m, p->tok.text, p->tok.len);
        irp_next(p);
        struct label *l = find_label(p, name, p->label_base);
        if (l && l->defined) {
            ok = irp_error_at(p, loc, "redefinition of block '%s'", ir_str_get(m, name));
            break;
        }
        ir_block b = label_ref(p, name, loc);
        find_label(p, name, p->label_base)->defined = true;
        ir_region_append_block(m, r, b);
        if (!entry)
            entry = b;
        if (irp_peek(p, IR_T_LPAREN)) {
            struct irp_arg *bargs;
            uint32_t nb;
            ok = irp_arg_list(p, &bargs, &nb) && define_args(p, b, bargs, nb);
        }
        ok = ok && irp_expect(p, IR_T_COLON) && parse_block_body(p, b);
    }
    for (uint32_t i = mark; ok && i < p->nlabels; i++)
        if (!p->labels[i].defined)
            ok = irp_error_at(p, p->labels[i].loc, "reference to an undefined block '%s'",
                              ir_str_get(m, p->labels[i].name));
    if (ok && implicit_term && entry && !block_ends_in_terminator(p, entry)) {
        struct ir_op_state st;
        ir_state_init(&st, m, implicit_term, irp_loc(p));
        ir_block_append_op(m, entry, ir_op_create(m, &st));
    }
    ok = ok && irp_expect(p, IR_T_RBRACE);
    scope_pop(p);
    p->iso_base = saved_iso;
    p->nlabels = mark;
    p->label_base = saved_base;
    return ok;
}

bool irp_region(struct ir_parser *p, ir_region *r, const struct irp_arg *args, uint32_t nargs,
                const char *implicit_term)
{
    if (!enter(p))
        return false;
    *r = ir_region_new(p->m);
    bool ok = region_inner(p, *r, args, nargs, implicit_term);
    return LEAVE(p, ok);
}

/* The generic form after the op name: (operands) [succ] ({regions}) {attrs} : type. */
static bool parse_generic_body(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t nops;
    if (!irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &nops) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    if (irp_opt(p, IR_T_LSQUARE)) {
        do {
            if (!irp_peek(p, IR_T_CARET))
                return found_error(p, "block label");
            ir_block b = label_ref(p, ir_str_intern(p->m, p->tok.text, p->tok.len), irp_loc(p));
            irp_next(p);
            ir_state_add_successor(p->m, st, b);
        } while (irp_opt(p, IR_T_COMMA));
        if (!irp_expect(p, IR_T_RSQUARE))
            return false;
    }
    /* Properties `<{...}>` are the op's inherent attributes: kept with the others. */
    if (irp_opt(p, IR_T_LESS)) {
        if (!irp_peek(p, IR_T_LBRACE))
            return found_error(p, "'{'");
        if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_GREATER))
            return false;
    }
    if (irp_opt(p, IR_T_LPAREN)) {
        do {
            ir_region r;
            if (!irp_region(p, &r, NULL, 0, NULL))
                return false;
            ir_state_add_region(p->m, st, r);
        } while (irp_opt(p, IR_T_COMMA));
        if (!irp_expect(p, IR_T_RPAREN))
            return false;
    }
    if (!irp_opt_attr_dict(p, st) || !irp_expect(p, IR_T_COLON))
        return false;
    struct ir_loc tloc = irp_loc(p);
    ir_type ft;
    if (!parse_type(p, &ft))
        return false;
    const struct ir_type_info *fi = ir_type_get(p->m, ft);
    if (fi->kind != IR_TY_FUNC)
        return irp_error_at(p, tloc, "expected a function type for the generic op form");
    if (fi->nin != nops)
        return irp_error_at(p, tloc, "%u operands present, but the type lists %u", nops, fi->nin);
    for (uint32_t i = 0; i < nops; i++)
        if (!irp_add_operand(p, st, &ops[i], fi->tys[i]))
            return false;
    st->nres = 0;
    for (uint32_t i = fi->nin; i < fi->ntys; i++)
        ir_state_add_result(p->m, st, fi->tys[i]);
    return true;
}

/* Optional trailing loc(...): a file location replaces the op's. */
static bool parse_trailing_loc(struct ir_parser *p, struct ir_loc *loc)
{
    if (!irp_peek_kw(p, "loc"))
        return true;
    irp_next(p);
    if (!irp_expect(p, IR_T_LPAREN))
        return false;
    if (p->tok.kind == IR_T_STRING) {
        ir_str f;
        int64_t line, col;
        if (!irp_string(p, &f))
            return false;
        if (irp_opt(p, IR_T_COLON)) {
            if (!irp_int(p, &line) || !irp_expect(p, IR_T_COLON) || !irp_int(p, &col))
                return false;
            if (line < 0 || col < 0 || line > UINT32_MAX || col > UINT32_MAX)
                return irp_error(p, "location out of range");
            *loc = (struct ir_loc){f, (uint32_t)line, (uint32_t)col};
        }
        return irp_expect(p, IR_T_RPAREN);
    }
    /* Any other location form: skip it, balanced. */
    int depth = 1;
    while (depth > 0) {
        if (irp_peek(p, IR_T_EOF))
            return found_error(p, "')'");
        if (irp_peek(p, IR_T_LPAREN))
            depth++;
        else if (irp_peek(p, IR_T_RPAREN))
            depth--;
        irp_next(p);
    }
    return true;
}

struct result_name {
    struct irp_operand name;
    uint32_t count;
};

static bool parse_op_inner(struct ir_parser *p, ir_block into);

/* One op; its temporaries are released after it (irp_scratch). */
static bool parse_op(struct ir_parser *p, ir_block into)
{
    struct scratch_chunk *scr = p->scr;
    size_t used = p->scr_used;
    bool ok = parse_op_inner(p, into);
    p->scr = scr;
    p->scr_used = used;
    return ok;
}

static bool parse_op_inner(struct ir_parser *p, ir_block into)
{
    struct ir_module *m = p->m;
    struct result_name res[64];
    uint32_t nres = 0, total = 0;
    if (irp_peek_operand(p)) {
        do {
            if (nres == 64)
                return irp_error(p, "too many result groups");
            struct result_name *r = &res[nres];
            r->count = 1;
            if (!irp_operand(p, &r->name))
                return false;
            if (r->name.index)
                return irp_error_at(p, r->name.loc, "result name cannot use '#'");
            if (irp_opt(p, IR_T_COLON)) {
                int64_t c;
                if (p->tok.kind != IR_T_INT || !irp_int(p, &c))
                    return found_error(p, "result count");
                if (c < 1 || c > 4096)
                    return irp_error(p, "invalid result count");
                r->count = (uint32_t)c;
            }
            total += r->count;
            nres++;
        } while (irp_opt(p, IR_T_COMMA));
        if (!irp_expect(p, IR_T_EQUAL))
            return false;
    }
    struct ir_loc loc = irp_loc(p);
    struct ir_op_state st;
    if (p->tok.kind == IR_T_STRING) {
        ir_str name = unquote(p, p->tok.text, p->tok.len);
        if (!name)
            return false;
        const char *ns = ir_str_get(m, name);
        if (!strchr(ns, '.'))
            return irp_error(p, "generic op name '%s' must be qualified with a dialect", ns);
        ir_state_init(&st, m, ns, loc);
        irp_next(p);
        if (!enter(p))
            return false;
        bool saved_iso = p->isolating;
        uint32_t kind = ir_op_kind_lookup(ns);
        p->isolating = kind && (ir_op_def(kind)->flags & IR_OPF_ISOLATED);
        bool ok = parse_generic_body(p, &st);
        p->isolating = saved_iso;
        p->depth--;
        if (!ok)
            return false;
        /* the body upstream shows for a named op is implied by its name */
        if (kind && (ir_op_def(kind)->flags & IR_OPF_IMPLICIT_BODY) && st.nreg == 1)
            st.nreg = 0;
    } else if (p->tok.kind == IR_T_BARE) {
        char name[256];
        const struct ir_token *t = &p->tok;
        const char *dialect = p->ndialects ? p->dialects[p->ndialects - 1] : NULL;
        size_t dl = !memchr(t->text, '.', t->len) && dialect ? strlen(dialect) : 0;
        if (dl + 1 + t->len >= sizeof name)
            return irp_error(p, "op name too long");
        if (dl) {
            memcpy(name, dialect, dl);
            name[dl++] = '.';
        }
        memcpy(name + dl, t->text, t->len);
        name[dl + t->len] = 0;
        ir_state_init_str(&st, m, ir_str_intern(m, name, dl + t->len), loc);
        uint32_t kind = st.kind;
        const struct ir_op_def *def = ir_op_def(kind);
        if (!kind || !def->parse)
            return irp_error(p, "custom op '%.*s' is unknown%s", (int)t->len, t->text,
                             kind ? " in custom form (use the generic form)" : "");
        irp_next(p);
        /* Regions of ops that name a default dialect resolve bare names to it. */
        if (p->ndialects == MAX_DEPTH)
            return irp_error(p, "nesting too deep");
        p->dialects[p->ndialects] = p->dialects[p->ndialects - 1];
        if (def->flags & IR_OPF_DEFAULT_DIALECT) {
            static char dialect_names[IR_OP_COUNT][32];
            char *d = dialect_names[kind];
            snprintf(d, sizeof dialect_names[0], "%.*s", (int)(strchr(name, '.') - name), name);
            p->dialects[p->ndialects] = d;
        }
        p->ndialects++;
        if (!enter(p))
            return false;
        p->hint_nres = total;
        bool saved_iso = p->isolating;
        p->isolating = (def->flags & IR_OPF_ISOLATED) != 0;
        bool ok = def->parse(p, &st);
        p->isolating = saved_iso;
        p->depth--;
        p->ndialects--;
        if (!ok)
            return false;
    } else {
        return found_error(p, "operation");
    }
    if (!parse_trailing_loc(p, &st.loc))
        return false;
    if (nres && st.nres != total)
        return irp_error_at(p, loc, "operation defines %u results but was provided %u to bind",
                            st.nres, total);
    ir_op op = ir_op_create(m, &st);
    ir_block_append_op(m, into, op);
    ir_value v = ir_op_get(m, op)->res;
    for (uint32_t i = 0; i < nres; i++) {
        if (!define(p, res[i].name.name, res[i].name.loc, v, res[i].count))
            return false;
        v += res[i].count;
    }
    return true;
}

uint32_t irp_result_hint(struct ir_parser *p) { return p->hint_nres; }

/* ---- top level ------------------------------------------------------------ */

static bool parse_alias_def(struct ir_parser *p)
{
    struct ir_token t = p->tok;
    ir_str name = ir_str_intern(p->m, t.text, t.len);
    if (find_alias(p, name))
        return irp_error(p, "redefinition of alias '%.*s'", (int)t.len, t.text);
    if (memchr(t.text, '.', t.len))
        return irp_error(p, "alias name '%.*s' cannot contain a '.'", (int)t.len, t.text);
    irp_next(p);
    if (!irp_expect(p, IR_T_EQUAL))
        return false;
    struct alias al = {.name = name};
    if (t.kind == IR_T_HASH ? !parse_attr(p, &al.attr, true) : !parse_type(p, &al.type))
        return false;
    p->aliases = grow(p->aliases, &p->cap_aliases, p->naliases + 1, sizeof *p->aliases);
    p->aliases[p->naliases++] = al;
    return true;
}

static bool parse_top(struct ir_parser *p, ir_block body)
{
    while (!irp_peek(p, IR_T_EOF)) {
        if (p->tok.kind == IR_T_HASH || p->tok.kind == IR_T_BANG) {
            if (!parse_alias_def(p))
                return false;
        } else if (!parse_op(p, body)) {
            return false;
        }
    }
    return true;
}

struct ir_module *ir_parse(const char *file, const char *buf, size_t len, size_t begin,
                           size_t end, struct ir_diag *diag)
{
    struct ir_parser p = {0};
    p.m = ir_module_new();
    /* A module takes about 1.5 times its text's size (1.3x on the
     * parse_print benchmark's kernel); a big one goes straight into huge
     * pages. */
    arena_reserve(p.m->arena, (end - begin) + (end - begin) / 2);
    /* And about one op and one value per 64 bytes of text, one string per
     * 96 (one each per 95 on the benchmark's kernel): the string set and
     * the tables are made at their size, instead of rehashed and copied
     * through every doubling on the way (a third of ktc-parse's page faults
     * there); the string set is not made bigger than it is likely to need. */
    size_t bytes = end - begin < (size_t)UINT32_MAX ? end - begin : UINT32_MAX;
    ir_module_reserve(p.m, (uint32_t)(bytes / 96), 0, 0, 0, 0, 0);
    ir_module_reserve_ops(p.m, (uint32_t)(bytes / 64), (uint32_t)(bytes / 64));
    p.diag = diag;
    p.file = ir_str_c(p.m, file);
    p.dialects[0] = "builtin";
    p.ndialects = 1;
    (void)len;
    lex_init(&p.lx, buf, begin, end);
    irp_next(&p);

    struct ir_module *m = p.m;
    struct ir_op_state st;
    ir_state_init(&st, m, "builtin.module", irp_loc(&p));
    ir_region r = ir_region_new(m);
    ir_block body = ir_block_new(m);
    ir_region_append_block(m, r, body);
    ir_state_add_region(m, &st, r);
    ir_op wrapper = ir_op_create(m, &st);

    scope_push(&p);
    bool ok = parse_top(&p, body);
    scope_pop(&p);
    free(p.aliases);
    free(p.ents);
    free(p.head);
    free(p.marks);
    free(p.labels);
    free(p.types.slots);
    free(p.attrs.slots);
    free(p.dicts.slots);
    free(p.dict_recs);
    free(p.dict_pool);
    for (struct scratch_chunk *c = p.scr_first, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    if (!ok) {
        ir_module_free(m);
        return NULL;
    }
    /* A file holding exactly one builtin.module is that module. */
    const struct ir_block_info *bi = ir_block_get(m, body);
    if (bi->first && bi->first == bi->last && ir_op_get(m, bi->first)->kind == IR_OP_BUILTIN_MODULE) {
        ir_op inner = bi->first;
        ir_op_unlink(m, inner);
        m->top = inner;
    } else {
        m->top = wrapper;
    }
    return m;
}

size_t ir_split_chunks(const char *buf, size_t len, size_t *begin, size_t *end, size_t max)
{
    size_t n = 0, start = 0, i = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && buf[e] != '\n')
            e++;
        /* A line holding only `// -----` (spaces around allowed). */
        size_t a = i, b = e;
        while (a < b && (buf[a] == ' ' || buf[a] == '\t'))
            a++;
        while (b > a && (buf[b - 1] == ' ' || buf[b - 1] == '\t' || buf[b - 1] == '\r'))
            b--;
        if (b - a == 8 && memcmp(buf + a, "// -----", 8) == 0) {
            if (n < max) {
                begin[n] = start;
                end[n] = i;
            }
            n++;
            start = e < len ? e + 1 : len;
        }
        i = e < len ? e + 1 : len;
    }
    if (n < max) {
        begin[n] = start;
        end[n] = len;
    }
    return n + 1;
}

/* ---- type names for messages ---------------------------------------------- */

static void type_str(const struct ir_module *m, ir_type t, char *buf, size_t n)
{
    char *s = NULL;
    size_t len = 0;
    ir_print_type_to(m, t, &s, &len);
    snprintf(buf, n, "'%s'", s ? s : "?");
    free(s);
}
