/* irfile.c - IR files (layout in irfile.h): struct ir_module <-> ktir.Module
 * (ir.proto), zlib, the checksummed header, atomic writes.
 *
 * Reading is three steps: check the header and container; check the decoded
 * tables (check_module: every reference in range, lists and nesting
 * consistent and acyclic); rebuild the module through the ir.h constructors
 * in id order, so that hash-consing hands out exactly the ids the file names.
 * The writer runs the same check_module on what it is about to write, so
 * every file ktc writes is one ktc reads.
 */
#include "ktir/irfile.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ktir/arena.h"
#include "ktir/ir.h"
#include "ktir/ir.pb-c.h"
#include "ktir/ops.h"

enum {
    HEADER_SIZE = 16,
    DEFLATE_LEVEL = 1, /* Z_BEST_SPEED: IR files are transient; level 6 was a quarter of ktc-parse */
    MAX_RATIO = 1032, /* deflate never expands more than 1032:1 (zlib_tech.html) */
    MAX_STAGE_LEN = 64,
    MAX_TOOL_LEN = 256,
};

/* Bounds on what a reader allocates: the uncompressed module, the file. */
#define MAX_MODULE_SIZE ((uint64_t)1 << 30)
#define MAX_FILE_SIZE   (MAX_MODULE_SIZE + ((uint64_t)1 << 20))

static const unsigned char magic[8] = {'K', 'T', 'C', 'I', 'R', 0, 1, 0};

/* ---- small helpers ------------------------------------------------------ */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

/* Formats the reason into err (if any) and returns rc. */
static int fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* "malformed IR file: <reason>" into err; returns false. */
static bool malformed(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        int n = snprintf(err, errlen, "malformed IR file: ");
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return false;
}

/* In the checking and rebuilding functions: reject the file unless cond. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            return malformed(err, errlen, __VA_ARGS__);                                            \
    } while (0)

static void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* crc32 of a whole file buffer except its own four bytes at [12,16). */
static uint32_t file_crc(const unsigned char *p, size_t len)
{
    uLong c = crc32_z(0, p, 12);
    return (uint32_t)crc32_z(c, p + HEADER_SIZE, len - HEADER_SIZE);
}

/* Stage names and tool strings end up in one-line messages: printable
 * ASCII, no spaces in a stage name, bounded length. */
static bool label_ok(const char *s, size_t max, bool spaces)
{
    size_t n = strlen(s);
    if (n == 0 || n > max)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < (spaces ? ' ' : '!') || s[i] > '~')
            return false;
    return true;
}

/* Where an attribute keeps its n elements (as make_attr in ir.c does):
 * int64 values in ints, or ids in elems, two per element for pairs. */
static bool attr_has_ints(uint32_t kind)
{
    return kind == IR_AT_DENSE_ARRAY || kind == IR_AT_STRIDED;
}

static bool attr_has_pairs(uint32_t kind)
{
    return kind == IR_AT_DICT || kind == IR_AT_ARCH_MAP;
}

/* ---- checking the decoded tables ---------------------------------------- */

/* Every list in a Module is shorter than its (at most 1 GiB) encoding, so
 * all counts fit in uint32_t and ids in 1..n are representable. */

static bool in_table(uint32_t id, size_t n)
{
    return id >= 1 && id <= n;
}
static bool in_table_or_none(uint32_t id, size_t n)
{
    return id <= n;
}

static bool check_types(const Ktir__Module *pm, char *err, size_t errlen)
{
    for (uint32_t id = 1; id <= pm->n_types; id++) {
        const Ktir__Type *t = pm->types[id - 1];
        REQUIRE(t->kind <= IR_TY_FIFO_SLOT && t->fkind <= IR_DF16 && t->spelling <= UINT8_MAX,
                "type %u: bad kind", id);
        REQUIRE(in_table_or_none(t->elem, pm->n_types) && in_table_or_none(t->attr0, pm->n_attrs) &&
                    in_table_or_none(t->attr1, pm->n_attrs) && t->nin <= t->n_tys &&
                    in_table_or_none(t->name, pm->n_strs) && in_table_or_none(t->body, pm->n_strs),
                "type %u: reference out of range", id);
        for (size_t i = 0; i < t->n_tys; i++)
            REQUIRE(in_table(t->tys[i], pm->n_types), "type %u: reference out of range", id);
    }
    return true;
}

static bool check_attrs(const Ktir__Module *pm, char *err, size_t errlen)
{
    const uint32_t flags = IR_ATF_HEX | IR_ATF_OLD_MS | IR_ATF_HAS_ID;
    for (uint32_t id = 1; id <= pm->n_attrs; id++) {
        const Ktir__Attr *a = pm->attrs[id - 1];
        REQUIRE(a->kind >= IR_AT_UNIT && a->kind <= IR_AT_OPAQUE && (a->flags & ~flags) == 0,
                "attribute %u: bad kind", id);
        REQUIRE(a->kind != IR_AT_MEMSPACE || (a->i >= IR_MS_GLOBAL && a->i <= IR_MS_UNSPECIFIED),
                "attribute %u: bad memory space", id);
        REQUIRE(in_table_or_none(a->type, pm->n_types) && in_table_or_none(a->s, pm->n_strs) &&
                    in_table_or_none(a->body, pm->n_strs),
                "attribute %u: reference out of range", id);
        size_t ntab = a->kind == IR_AT_AFFINE_MAP    ? pm->n_maps
                      : a->kind == IR_AT_INTEGER_SET ? pm->n_sets
                                                     : 0;
        REQUIRE(ntab ? in_table(a->map, ntab) : a->map == 0, "attribute %u: bad map", id);
        REQUIRE(attr_has_ints(a->kind) ? a->n_elems == 0 : a->n_ints == 0,
                "attribute %u: bad elements", id);
        for (size_t i = 0; i < a->n_elems; i++) {
            uint32_t e = a->elems[i];
            bool ok;
            switch (a->kind) {
            case IR_AT_ARRAY:
            case IR_AT_DENSE:
            case IR_AT_ARCH_MAP:
                ok = in_table(e, pm->n_attrs);
                break;
            case IR_AT_DICT:
                ok = in_table(e, i % 2 ? pm->n_attrs : pm->n_strs);
                break;
            case IR_AT_SYMREF:
                ok = in_table(e, pm->n_strs);
                break;
            default:
                ok = false;
                break;
            }
            REQUIRE(ok, "attribute %u: bad element %zu", id, i);
        }
        REQUIRE(!attr_has_pairs(a->kind) || a->n_elems % 2 == 0,
                "attribute %u: odd number of pair elements", id);
    }
    return true;
}

/* Node u of the type+attribute reference graph: types are 1..nt, attributes
 * nt+1..nt+na. Returns the k-th reference of u (0 = none, skip), or
 * UINT32_MAX past the last one. */
static uint32_t type_attr_ref(const Ktir__Module *pm, uint32_t u, uint32_t k)
{
    uint32_t nt = (uint32_t)pm->n_types;
    if (u <= nt) {
        const Ktir__Type *t = pm->types[u - 1];
        switch (k) {
        case 0:
            return t->elem;
        case 1:
            return t->attr0 ? nt + t->attr0 : 0;
        case 2:
            return t->attr1 ? nt + t->attr1 : 0;
        default:
            return k - 3 < t->n_tys ? t->tys[k - 3] : UINT32_MAX;
        }
    }
    const Ktir__Attr *a = pm->attrs[u - nt - 1];
    if (k == 0)
        return a->type;
    if (k - 1 >= a->n_elems)
        return UINT32_MAX;
    switch (a->kind) {
    case IR_AT_ARRAY:
    case IR_AT_DENSE:
    case IR_AT_ARCH_MAP:
        return nt + a->elems[k - 1];
    case IR_AT_DICT:
        return (k - 1) % 2 ? nt + a->elems[k - 1] : 0;
    default:
        return UINT32_MAX; /* symref elements are strings */
    }
}

/* Types and attributes refer to each other; a cycle would send every
 * printer into endless recursion. Iterative DFS, three colours. */
static bool check_type_attr_acyclic(const Ktir__Module *pm, char *err, size_t errlen)
{
    uint32_t n = (uint32_t)(pm->n_types + pm->n_attrs);
    unsigned char *colour = calloc((size_t)n + 1, 1);
    struct frame {
        uint32_t u, k;
    } *stack = xmalloc((size_t)n * sizeof *stack);
    if (!colour)
        abort();
    bool ok = true;
    for (uint32_t s = 1; s <= n && ok; s++) {
        if (colour[s])
            continue;
        size_t sp = 0;
        stack[sp++] = (struct frame){s, 0};
        colour[s] = 1;
        while (sp && ok) {
            struct frame *f = &stack[sp - 1];
            uint32_t c = type_attr_ref(pm, f->u, f->k++);
            if (c == UINT32_MAX) {
                colour[f->u] = 2;
                sp--;
            } else if (c && colour[c] == 1) {
                ok = false;
            } else if (c && colour[c] == 0) {
                colour[c] = 1;
                stack[sp++] = (struct frame){c, 0};
            }
        }
    }
    free(colour);
    free(stack);
    return ok || malformed(err, errlen, "types and attributes refer to each other in a cycle");
}

/* Affine expressions: children before parents, dims and symbols bounded.
 * maxdim/maxsym[id] receive the largest position used (-1: none). */
static bool check_affs(const Ktir__Module *pm, int64_t *maxdim, int64_t *maxsym, char *err,
                       size_t errlen)
{
    for (uint32_t id = 1; id <= pm->n_affs; id++) {
        const Ktir__AffExpr *e = pm->affs[id - 1];
        maxdim[id] = maxsym[id] = -1;
        switch (e->kind) {
        case IR_AFF_CONST:
        case IR_AFF_DIM:
        case IR_AFF_SYM:
            REQUIRE(e->lhs == 0 && e->rhs == 0, "affine expression %u: bad leaf", id);
            REQUIRE(e->kind == IR_AFF_CONST || (e->v >= 0 && e->v <= UINT32_MAX),
                    "affine expression %u: bad position", id);
            if (e->kind == IR_AFF_DIM)
                maxdim[id] = e->v;
            if (e->kind == IR_AFF_SYM)
                maxsym[id] = e->v;
            continue;
        case IR_AFF_ADD:
        case IR_AFF_MUL:
        case IR_AFF_MOD:
        case IR_AFF_FLOORDIV:
        case IR_AFF_CEILDIV:
            break;
        default:
            return malformed(err, errlen, "affine expression %u: bad kind", id);
        }
        REQUIRE(in_table(e->lhs, id - 1) && in_table(e->rhs, id - 1) && e->v == 0,
                "affine expression %u: bad operands", id);
        /* The reader rebuilds through ir_aff_bin, which folds these shapes
         * with arithmetic that crafted constants could overflow. It never
         * stores them, so a canonical table has none. */
        const Ktir__AffExpr *l = pm->affs[e->lhs - 1], *r = pm->affs[e->rhs - 1];
        bool lc = l->kind == IR_AFF_CONST, rc = r->kind == IR_AFF_CONST;
        bool addmul = e->kind == IR_AFF_ADD || e->kind == IR_AFF_MUL;
        bool folds =
            (addmul && lc) || (lc && rc && r->v != 0) ||
            (addmul && rc && l->kind == e->kind && pm->affs[l->rhs - 1]->kind == IR_AFF_CONST);
        REQUIRE(!folds, "affine expression %u is not canonical", id);
        maxdim[id] = maxdim[e->lhs] > maxdim[e->rhs] ? maxdim[e->lhs] : maxdim[e->rhs];
        maxsym[id] = maxsym[e->lhs] > maxsym[e->rhs] ? maxsym[e->lhs] : maxsym[e->rhs];
    }
    return true;
}

/* The expressions of a map or set exist and stay within its dims and symbols. */
static bool check_exprs(const Ktir__Module *pm, const int64_t *maxdim, const int64_t *maxsym,
                        size_t n, const uint32_t *exprs, uint32_t ndims, uint32_t nsyms)
{
    for (size_t i = 0; i < n; i++)
        if (!in_table(exprs[i], pm->n_affs) || maxdim[exprs[i]] >= (int64_t)ndims ||
            maxsym[exprs[i]] >= (int64_t)nsyms)
            return false;
    return true;
}

static bool check_affine(const Ktir__Module *pm, char *err, size_t errlen)
{
    int64_t *maxdim = xmalloc((pm->n_affs + 1) * sizeof *maxdim);
    int64_t *maxsym = xmalloc((pm->n_affs + 1) * sizeof *maxsym);
    bool ok = check_affs(pm, maxdim, maxsym, err, errlen);
    for (uint32_t id = 1; ok && id <= pm->n_maps; id++) {
        const Ktir__AffMap *p = pm->maps[id - 1];
        if (!check_exprs(pm, maxdim, maxsym, p->n_res, p->res, p->ndims, p->nsyms))
            ok = malformed(err, errlen, "affine map %u: bad result expression", id);
    }
    for (uint32_t id = 1; ok && id <= pm->n_sets; id++) {
        const Ktir__IntSet *p = pm->sets[id - 1];
        if (p->n_eq != p->n_cons ||
            !check_exprs(pm, maxdim, maxsym, p->n_cons, p->cons, p->ndims, p->nsyms))
            ok = malformed(err, errlen, "integer set %u: bad constraint", id);
    }
    free(maxdim);
    free(maxsym);
    return ok;
}

/* Values are created in id order by two constructors, ir_op_create (an op's
 * results, consecutive) and ir_block_add_arg; check that the tables say the
 * same, so the rebuild reproduces every value id. */
static bool check_values(const Ktir__Module *pm, char *err, size_t errlen)
{
    size_t nv = pm->n_values, nargs = 0;
    for (uint32_t id = 1; id <= nv; id++) {
        const Ktir__Value *v = pm->values[id - 1];
        REQUIRE(in_table(v->type, pm->n_types) && in_table_or_none(v->name, pm->n_strs) &&
                    in_table(v->owner, v->is_arg ? pm->n_blocks : pm->n_ops),
                "value %u: reference out of range", id);
        nargs += v->is_arg != 0;
    }
    uint32_t next = 1; /* the next value id to be created */
    for (uint32_t op = 1; op <= pm->n_ops; op++) {
        const Ktir__Op *o = pm->ops[op - 1];
        if (o->nres == 0) {
            REQUIRE(o->res == 0, "op %u: results without a count", op);
            continue;
        }
        REQUIRE(o->res >= next && o->nres <= nv && o->res <= nv - o->nres + 1,
                "op %u: results out of order or out of range", op);
        for (; next < o->res; next++)
            REQUIRE(pm->values[next - 1]->is_arg, "value %u belongs to no op", next);
        for (uint32_t i = 0; i < o->nres; i++, next++) {
            const Ktir__Value *v = pm->values[next - 1];
            REQUIRE(!v->is_arg && v->owner == op && v->index == i,
                    "op %u: result %u is inconsistent", op, i);
        }
    }
    for (; next <= nv; next++)
        REQUIRE(pm->values[next - 1]->is_arg, "value %u belongs to no op", next);
    /* Block arguments: args[i] of block b names exactly the values that say
     * (owner b, index i); the count makes it a bijection. */
    size_t listed = 0;
    for (uint32_t b = 1; b <= pm->n_blocks; b++) {
        const Ktir__Block *bl = pm->blocks[b - 1];
        for (size_t i = 0; i < bl->n_args; i++, listed++) {
            uint32_t a = bl->args[i];
            REQUIRE(in_table(a, nv) && pm->values[a - 1]->is_arg && pm->values[a - 1]->owner == b &&
                        pm->values[a - 1]->index == i,
                    "block %u: argument %zu is inconsistent", b, i);
        }
    }
    REQUIRE(listed == nargs, "a block argument is missing from its block");
    return true;
}

static bool check_refs(const Ktir__Module *pm, char *err, size_t errlen)
{
    for (uint32_t id = 1; id <= pm->n_ops; id++) {
        const Ktir__Op *o = pm->ops[id - 1];
        REQUIRE(in_table(o->name, pm->n_strs) && in_table_or_none(o->loc_file, pm->n_strs) &&
                    in_table_or_none(o->block, pm->n_blocks) &&
                    in_table_or_none(o->prev, pm->n_ops) && in_table_or_none(o->next, pm->n_ops),
                "op %u: reference out of range", id);
        REQUIRE(!o->attrs || (in_table(o->attrs, pm->n_attrs) &&
                              pm->attrs[o->attrs - 1]->kind == IR_AT_DICT),
                "op %u: attributes are not a dictionary", id);
        for (size_t i = 0; i < o->n_opnd; i++)
            REQUIRE(in_table(o->opnd[i], pm->n_values), "op %u: operand out of range", id);
        for (size_t i = 0; i < o->n_regs; i++)
            REQUIRE(in_table(o->regs[i], pm->n_regions), "op %u: region out of range", id);
        for (size_t i = 0; i < o->n_succ; i++)
            REQUIRE(in_table(o->succ[i], pm->n_blocks), "op %u: successor out of range", id);
    }
    for (uint32_t id = 1; id <= pm->n_blocks; id++) {
        const Ktir__Block *b = pm->blocks[id - 1];
        REQUIRE(in_table_or_none(b->region, pm->n_regions) &&
                    in_table_or_none(b->first, pm->n_ops) && in_table_or_none(b->last, pm->n_ops) &&
                    in_table_or_none(b->prev, pm->n_blocks) &&
                    in_table_or_none(b->next, pm->n_blocks),
                "block %u: reference out of range", id);
    }
    for (uint32_t id = 1; id <= pm->n_regions; id++) {
        const Ktir__Region *r = pm->regions[id - 1];
        REQUIRE(in_table_or_none(r->op, pm->n_ops) && in_table_or_none(r->first, pm->n_blocks) &&
                    in_table_or_none(r->last, pm->n_blocks),
                "region %u: reference out of range", id);
    }
    REQUIRE(in_table_or_none(pm->top, pm->n_ops) && (!pm->top || !pm->ops[pm->top - 1]->block),
            "bad top op");
    return true;
}

/* The op that holds op `id` (through its block and region), or 0. */
static uint32_t parent_op(const Ktir__Module *pm, uint32_t id)
{
    uint32_t b = pm->ops[id - 1]->block;
    uint32_t r = b ? pm->blocks[b - 1]->region : 0;
    return r ? pm->regions[r - 1]->op : 0;
}

/* Lists and nesting, with one mark per block, op and region:
 *  - each region's block list and each block's op list is a proper doubly
 *    linked list whose members point back at their parent; anything in no
 *    list is fully detached;
 *  - a region with an op is held by that op exactly once; only a detached
 *    op may still list a region that has since moved to another op;
 *  - following parents from any op ends (no op nested in itself). */
static bool check_nesting(const Ktir__Module *pm, unsigned char *bmark, unsigned char *omark,
                          unsigned char *rmark, char *err, size_t errlen)
{
    for (uint32_t r = 1; r <= pm->n_regions; r++) {
        const Ktir__Region *re = pm->regions[r - 1];
        uint32_t prev = 0;
        for (uint32_t b = re->first; b; prev = b, b = pm->blocks[b - 1]->next) {
            REQUIRE(!bmark[b], "block %u is linked twice", b);
            bmark[b] = 1;
            REQUIRE(pm->blocks[b - 1]->region == r && pm->blocks[b - 1]->prev == prev,
                    "region %u: block list broken at block %u", r, b);
        }
        REQUIRE(re->last == prev, "region %u: wrong last block", r);
    }
    for (uint32_t b = 1; b <= pm->n_blocks; b++) {
        const Ktir__Block *bl = pm->blocks[b - 1];
        REQUIRE(bmark[b] || (!bl->region && !bl->prev && !bl->next),
                "block %u is missing from its region", b);
        uint32_t prev = 0;
        for (uint32_t o = bl->first; o; prev = o, o = pm->ops[o - 1]->next) {
            REQUIRE(!omark[o], "op %u is linked twice", o);
            omark[o] = 1;
            REQUIRE(pm->ops[o - 1]->block == b && pm->ops[o - 1]->prev == prev,
                    "block %u: op list broken at op %u", b, o);
        }
        REQUIRE(bl->last == prev, "block %u: wrong last op", b);
    }
    for (uint32_t o = 1; o <= pm->n_ops; o++) {
        const Ktir__Op *op = pm->ops[o - 1];
        REQUIRE(omark[o] || (!op->block && !op->prev && !op->next),
                "op %u is missing from its block", o);
        for (size_t i = 0; i < op->n_regs; i++) {
            uint32_t r = op->regs[i];
            if (pm->regions[r - 1]->op == o) {
                REQUIRE(!rmark[r], "op %u: region %u listed twice", o, r);
                rmark[r] = 1;
            } else {
                REQUIRE(!op->block, "op %u: region %u belongs to another op", o, r);
            }
        }
    }
    for (uint32_t r = 1; r <= pm->n_regions; r++)
        REQUIRE(rmark[r] || !pm->regions[r - 1]->op, "region %u is not held by its op", r);
    /* omark: 1 = on the path being followed, 2 = known to reach the top. */
    memset(omark, 0, pm->n_ops + 1);
    for (uint32_t o = 1; o <= pm->n_ops; o++) {
        uint32_t x = o;
        while (x && !omark[x]) {
            omark[x] = 1;
            x = parent_op(pm, x);
        }
        REQUIRE(!x || omark[x] == 2, "op %u is nested inside itself", x);
        for (x = o; x && omark[x] == 1; x = parent_op(pm, x))
            omark[x] = 2;
    }
    return true;
}

/* Everything the rebuild and later stages rely on; false with a reason. */
static bool check_module(const Ktir__Module *pm, char *err, size_t errlen)
{
    if (!check_types(pm, err, errlen) || !check_attrs(pm, err, errlen) ||
        !check_type_attr_acyclic(pm, err, errlen) || !check_affine(pm, err, errlen) ||
        !check_values(pm, err, errlen) || !check_refs(pm, err, errlen))
        return false;
    unsigned char *bmark = calloc(pm->n_blocks + 1, 1);
    unsigned char *omark = calloc(pm->n_ops + 1, 1);
    unsigned char *rmark = calloc(pm->n_regions + 1, 1);
    if (!bmark || !omark || !rmark)
        abort();
    bool ok = check_nesting(pm, bmark, omark, rmark, err, errlen);
    free(bmark);
    free(omark);
    free(rmark);
    return ok;
}

/* ---- module -> protobuf ------------------------------------------------- */

/* Points pm->F at pm->n_F fresh messages of type T (arena memory). */
#define NEW_MSGS(a, pm, F, T, INIT)                                                                \
    do {                                                                                           \
        T *recs_ = arena_alloc((a), (pm)->n_##F * sizeof *recs_);                                  \
        (pm)->F = arena_alloc((a), (pm)->n_##F * sizeof *(pm)->F);                                 \
        for (size_t k_ = 0; k_ < (pm)->n_##F; k_++) {                                              \
            recs_[k_] = (T)INIT;                                                                   \
            (pm)->F[k_] = &recs_[k_];                                                              \
        }                                                                                          \
    } while (0)

/* The tables of m as a Module message. Arrays are shared with m where the
 * layouts agree (ids and int64 lists), so m must outlive the message. */
static Ktir__Module *module_to_pb(struct arena *a, const struct ir_module *m)
{
    Ktir__Module *pm = arena_alloc(a, sizeof *pm);
    ktir__module__init(pm);

    pm->n_strs = m->strs.len - 1;
    pm->strs = arena_alloc(a, pm->n_strs * sizeof *pm->strs);
    for (uint32_t id = 1; id <= pm->n_strs; id++) {
        const char *s = ir_str_get(m, id);
        pm->strs[id - 1] = (ProtobufCBinaryData){strlen(s), (uint8_t *)s};
    }

    pm->n_types = m->types.len - 1;
    NEW_MSGS(a, pm, types, Ktir__Type, KTIR__TYPE__INIT);
    for (uint32_t id = 1; id <= pm->n_types; id++) {
        const struct ir_type_info *t = ir_type_get(m, id);
        Ktir__Type *p = pm->types[id - 1];
        p->kind = t->kind;
        p->fkind = t->fkind;
        p->spelling = t->spelling;
        p->width = t->width;
        p->elem = t->elem;
        p->n_shape = t->rank;
        p->shape = (int64_t *)t->shape;
        p->attr0 = t->attr0;
        p->attr1 = t->attr1;
        p->nin = t->nin;
        p->n_tys = t->ntys;
        p->tys = (uint32_t *)t->tys;
        p->granularity = t->granularity;
        p->upperbound = t->upperbound;
        p->name = t->name;
        p->body = t->body;
    }

    pm->n_attrs = m->attrs.len - 1;
    NEW_MSGS(a, pm, attrs, Ktir__Attr, KTIR__ATTR__INIT);
    for (uint32_t id = 1; id <= pm->n_attrs; id++) {
        const struct ir_attr_info *x = ir_attr_get(m, id);
        Ktir__Attr *p = pm->attrs[id - 1];
        p->kind = x->kind;
        p->flags = x->flags;
        p->type = x->type;
        p->i = x->i;
        memcpy(&p->f, &x->f, sizeof p->f);
        p->id = x->id;
        p->s = x->s;
        p->body = x->body;
        if (attr_has_ints(x->kind)) {
            p->n_ints = x->n;
            p->ints = (int64_t *)x->ints;
        } else {
            p->n_elems = attr_has_pairs(x->kind) ? 2 * x->n : x->n;
            p->elems = (uint32_t *)x->elems;
        }
        p->map = x->map;
    }

    pm->n_affs = m->affs.len - 1;
    NEW_MSGS(a, pm, affs, Ktir__AffExpr, KTIR__AFF_EXPR__INIT);
    for (uint32_t id = 1; id <= pm->n_affs; id++) {
        const struct ir_aff_info *x = ir_aff_get(m, id);
        Ktir__AffExpr *p = pm->affs[id - 1];
        p->kind = x->kind;
        p->lhs = x->lhs;
        p->rhs = x->rhs;
        p->v = x->v;
    }

    pm->n_maps = m->maps.len - 1;
    NEW_MSGS(a, pm, maps, Ktir__AffMap, KTIR__AFF_MAP__INIT);
    for (uint32_t id = 1; id <= pm->n_maps; id++) {
        const struct ir_affine_map *x = ir_map_get(m, id);
        Ktir__AffMap *p = pm->maps[id - 1];
        p->ndims = x->ndims;
        p->nsyms = x->nsyms;
        p->n_res = x->nres;
        p->res = (uint32_t *)x->res;
    }

    pm->n_sets = m->sets.len - 1;
    NEW_MSGS(a, pm, sets, Ktir__IntSet, KTIR__INT_SET__INIT);
    for (uint32_t id = 1; id <= pm->n_sets; id++) {
        const struct ir_integer_set *x = ir_set_get(m, id);
        Ktir__IntSet *p = pm->sets[id - 1];
        p->ndims = x->ndims;
        p->nsyms = x->nsyms;
        p->n_cons = p->n_eq = x->ncons;
        p->cons = (uint32_t *)x->cons;
        p->eq = arena_alloc(a, x->ncons * sizeof *p->eq);
        for (uint32_t i = 0; i < x->ncons; i++)
            p->eq[i] = x->eq[i];
    }

    pm->n_values = m->values.len - 1;
    NEW_MSGS(a, pm, values, Ktir__Value, KTIR__VALUE__INIT);
    for (uint32_t id = 1; id <= pm->n_values; id++) {
        const struct ir_value_info *x = ir_value_get(m, id);
        Ktir__Value *p = pm->values[id - 1];
        p->type = x->type;
        p->name = x->name;
        p->owner = x->owner;
        p->index = x->index;
        p->is_arg = x->is_arg;
    }

    pm->n_ops = m->ops.len - 1;
    NEW_MSGS(a, pm, ops, Ktir__Op, KTIR__OP__INIT);
    for (uint32_t id = 1; id <= pm->n_ops; id++) {
        const struct ir_op_info *x = ir_op_get(m, id);
        Ktir__Op *p = pm->ops[id - 1];
        p->name = x->name;
        p->n_opnd = x->nopnd;
        p->opnd = x->opnd;
        p->res = x->res;
        p->nres = x->nres;
        p->n_regs = x->nreg;
        p->regs = x->regs;
        p->n_succ = x->nsucc;
        p->succ = x->succ;
        p->attrs = x->attrs;
        p->loc_file = x->loc.file;
        p->loc_line = x->loc.line;
        p->loc_col = x->loc.col;
        p->block = x->block;
        p->prev = x->prev;
        p->next = x->next;
    }

    pm->n_blocks = m->blocks.len - 1;
    NEW_MSGS(a, pm, blocks, Ktir__Block, KTIR__BLOCK__INIT);
    for (uint32_t id = 1; id <= pm->n_blocks; id++) {
        const struct ir_block_info *x = ir_block_get(m, id);
        Ktir__Block *p = pm->blocks[id - 1];
        p->region = x->region;
        p->n_args = x->nargs;
        p->args = x->args;
        p->first = x->first;
        p->last = x->last;
        p->prev = x->prev;
        p->next = x->next;
    }

    pm->n_regions = m->regions.len - 1;
    NEW_MSGS(a, pm, regions, Ktir__Region, KTIR__REGION__INIT);
    for (uint32_t id = 1; id <= pm->n_regions; id++) {
        const struct ir_region_info *x = ir_region_get(m, id);
        Ktir__Region *p = pm->regions[id - 1];
        p->op = x->op;
        p->first = x->first;
        p->last = x->last;
    }

    pm->top = m->top;
    return pm;
}

/* ---- protobuf -> module ------------------------------------------------- */

static uint32_t *copy_ids(struct ir_module *m, const uint32_t *ids, size_t n)
{
    if (!n)
        return NULL;
    uint32_t *d = arena_alloc(m->arena, n * sizeof *d);
    memcpy(d, ids, n * sizeof *d);
    return d;
}

/* Interning entry k (0-based) of a table must give id k + 1; anything else
 * is a duplicate entry or a table that does not start like a new module's. */
#define REQUIRE_ID(got, k, what)                                                                   \
    REQUIRE((got) == (k) + 1, what " %zu is a duplicate or out of order", (size_t)(k) + 1)

static bool build_interned(const Ktir__Module *pm, struct ir_module *m, char *err, size_t errlen)
{
    for (size_t k = 0; k < pm->n_strs; k++) {
        const ProtobufCBinaryData *s = &pm->strs[k];
        REQUIRE(!s->len || !memchr(s->data, 0, s->len), "string %zu contains a NUL byte", k + 1);
        REQUIRE_ID(ir_str_intern(m, s->len ? (const char *)s->data : "", s->len), k, "string");
    }
    for (size_t k = 0; k < pm->n_types; k++) {
        const Ktir__Type *p = pm->types[k];
        struct ir_type_info t = {
            .kind = (uint8_t)p->kind,
            .fkind = (uint8_t)p->fkind,
            .spelling = (uint8_t)p->spelling,
            .width = p->width,
            .elem = p->elem,
            .rank = (uint32_t)p->n_shape,
            .shape = p->shape,
            .attr0 = p->attr0,
            .attr1 = p->attr1,
            .nin = p->nin,
            .ntys = (uint32_t)p->n_tys,
            .tys = p->tys,
            .granularity = p->granularity,
            .upperbound = p->upperbound,
            .name = p->name,
            .body = p->body,
        };
        REQUIRE_ID(ir_type_intern(m, &t), k, "type");
    }
    for (size_t k = 0; k < pm->n_attrs; k++) {
        const Ktir__Attr *p = pm->attrs[k];
        struct ir_attr_info a = {
            .kind = (uint8_t)p->kind,
            .flags = (uint8_t)p->flags,
            .type = p->type,
            .i = p->i,
            .id = p->id,
            .s = p->s,
            .body = p->body,
            .n = (uint32_t)(attr_has_ints(p->kind)    ? p->n_ints
                            : attr_has_pairs(p->kind) ? p->n_elems / 2
                                                      : p->n_elems),
            .elems = p->elems,
            .ints = p->ints,
            .map = p->map,
        };
        memcpy(&a.f, &p->f, sizeof a.f);
        REQUIRE_ID(ir_attr_intern(m, &a), k, "attribute");
    }
    /* Expressions go through the canonicalizing constructors: an expression
     * table is canonical (ir_aff_bin built it), so each entry comes back as
     * itself, which the field comparison confirms. */
    for (size_t k = 0; k < pm->n_affs; k++) {
        const Ktir__AffExpr *p = pm->affs[k];
        ir_aff id;
        switch (p->kind) {
        case IR_AFF_CONST:
            id = ir_aff_const(m, p->v);
            break;
        case IR_AFF_DIM:
            id = ir_aff_dim(m, (uint32_t)p->v);
            break;
        case IR_AFF_SYM:
            id = ir_aff_sym(m, (uint32_t)p->v);
            break;
        default:
            id = ir_aff_bin(m, (enum ir_aff_kind)p->kind, p->lhs, p->rhs);
            break;
        }
        const struct ir_aff_info *x = ir_aff_get(m, id);
        REQUIRE(x->kind == p->kind && x->lhs == p->lhs && x->rhs == p->rhs && x->v == p->v,
                "affine expression %zu is not canonical", k + 1);
        REQUIRE_ID(id, k, "affine expression");
    }
    for (size_t k = 0; k < pm->n_maps; k++) {
        const Ktir__AffMap *p = pm->maps[k];
        REQUIRE_ID(ir_map_intern(m, p->ndims, p->nsyms, (uint32_t)p->n_res, p->res), k,
                   "affine map");
    }
    for (size_t k = 0; k < pm->n_sets; k++) {
        const Ktir__IntSet *p = pm->sets[k];
        bool *eq = xmalloc(p->n_cons * sizeof *eq);
        for (size_t i = 0; i < p->n_cons; i++)
            eq[i] = p->eq[i] != 0;
        uint32_t id = ir_set_intern(m, p->ndims, p->nsyms, (uint32_t)p->n_cons, p->cons, eq);
        free(eq);
        REQUIRE_ID(id, k, "integer set");
    }
    REQUIRE(m->strs.len - 1 == pm->n_strs && m->types.len - 1 == pm->n_types,
            "tables lack the entries every module starts with");
    return true;
}

/* Creates block arguments up to (not including) value id `end`. */
static void build_args(const Ktir__Module *pm, struct ir_module *m, uint32_t *next, uint32_t end)
{
    for (; *next < end; (*next)++) {
        const Ktir__Value *v = pm->values[*next - 1];
        ir_value id = ir_block_add_arg(m, v->owner, v->type, v->name);
        assert(id == *next);
        (void)id;
    }
}

/* Values, ops, blocks and regions, created in id order (check_values made
 * sure the order exists), then every field set as the file says. */
static void build_structure(const Ktir__Module *pm, struct ir_module *m)
{
    for (uint32_t id = 1; id <= pm->n_regions; id++) {
        ir_region r = ir_region_new(m);
        assert(r == id);
        (void)r;
    }
    for (uint32_t id = 1; id <= pm->n_blocks; id++) {
        ir_block b = ir_block_new(m);
        assert(b == id);
        (void)b;
    }
    uint32_t next = 1;
    for (uint32_t id = 1; id <= pm->n_ops; id++) {
        const Ktir__Op *p = pm->ops[id - 1];
        struct ir_op_state st = {.nres = p->nres};
        if (p->nres) {
            build_args(pm, m, &next, p->res);
            st.res_types = xmalloc(p->nres * sizeof *st.res_types);
            for (uint32_t i = 0; i < p->nres; i++)
                st.res_types[i] = pm->values[p->res - 1 + i]->type;
        }
        ir_op op = ir_op_create(m, &st);
        free(st.res_types);
        assert(op == id && ir_op_get(m, op)->res == p->res);
        (void)op;
        next += p->nres;
    }
    build_args(pm, m, &next, (uint32_t)pm->n_values + 1);

    for (uint32_t id = 1; id <= pm->n_values; id++) {
        const Ktir__Value *p = pm->values[id - 1];
        struct ir_value_info *x = ir_value_get(m, id);
        x->type = p->type;
        x->name = p->name;
        x->owner = p->owner;
        x->index = p->index;
        x->is_arg = p->is_arg != 0;
    }
    for (uint32_t id = 1; id <= pm->n_ops; id++) {
        const Ktir__Op *p = pm->ops[id - 1];
        struct ir_op_info *x = ir_op_get(m, id);
        x->name = p->name;
        x->kind = (uint16_t)ir_op_kind_of(m, p->name);
        x->nopnd = (uint32_t)p->n_opnd;
        x->opnd = copy_ids(m, p->opnd, p->n_opnd);
        x->nreg = (uint32_t)p->n_regs;
        x->regs = copy_ids(m, p->regs, p->n_regs);
        x->nsucc = (uint32_t)p->n_succ;
        x->succ = copy_ids(m, p->succ, p->n_succ);
        x->attrs = p->attrs;
        x->loc = (struct ir_loc){p->loc_file, p->loc_line, p->loc_col};
        x->block = p->block;
        x->prev = p->prev;
        x->next = p->next;
    }
    for (uint32_t id = 1; id <= pm->n_blocks; id++) {
        const Ktir__Block *p = pm->blocks[id - 1];
        struct ir_block_info *x = ir_block_get(m, id);
        x->region = p->region;
        x->nargs = (uint32_t)p->n_args;
        x->args = copy_ids(m, p->args, p->n_args);
        x->first = p->first;
        x->last = p->last;
        x->prev = p->prev;
        x->next = p->next;
    }
    for (uint32_t id = 1; id <= pm->n_regions; id++) {
        const Ktir__Region *p = pm->regions[id - 1];
        struct ir_region_info *x = ir_region_get(m, id);
        x->op = p->op;
        x->first = p->first;
        x->last = p->last;
    }
    m->top = pm->top;
}

/* ---- the container ------------------------------------------------------ */

int ir_file_write_mem(const struct ir_module *m, const char *stage, const char *tool,
                      unsigned char **out, size_t *len, char *err, size_t errlen)
{
    assert(label_ok(stage, MAX_STAGE_LEN, false) && label_ok(tool, MAX_TOOL_LEN, true));
    *out = NULL;
    *len = 0;
    struct arena *a = arena_new();
    Ktir__Module *pm = module_to_pb(a, m);
    char why[256];
    if (!check_module(pm, why, sizeof why)) {
        fprintf(stderr, "ktc: internal error: writing an inconsistent module: %s\n", why);
        abort();
    }
    size_t raw_len = ktir__module__get_packed_size(pm);
    if (raw_len > MAX_MODULE_SIZE) {
        arena_free(a);
        return fail(err, errlen, 3, "module too large for an IR file (%zu bytes, at most %llu)",
                    raw_len, (unsigned long long)MAX_MODULE_SIZE);
    }
    uint8_t *raw = xmalloc(raw_len);
    ktir__module__pack(pm, raw);
    arena_free(a);
    int rc = ir_file_wrap(raw, raw_len, stage, tool, out, len, err, errlen);
    free(raw);
    return rc;
}

int ir_file_wrap(const void *payload, size_t n, const char *stage, const char *tool,
                 unsigned char **out, size_t *len, char *err, size_t errlen)
{
    assert(label_ok(stage, MAX_STAGE_LEN, false) && label_ok(tool, MAX_TOOL_LEN, true));
    *out = NULL;
    *len = 0;
    if (n > MAX_MODULE_SIZE)
        return fail(err, errlen, 3, "payload too large for an IR file (%zu bytes, at most %llu)",
                    n, (unsigned long long)MAX_MODULE_SIZE);
    uLongf zlen = compressBound(n);
    uint8_t *z = xmalloc(zlen);
    if (compress2(z, &zlen, payload, n, DEFLATE_LEVEL) != Z_OK) {
        fprintf(stderr, "ktc: out of memory (deflate)\n");
        abort();
    }

    Ktir__IrFile f = KTIR__IR_FILE__INIT;
    f.schema_version = IR_FILE_SCHEMA_VERSION;
    f.stage = (char *)stage;
    f.tool = (char *)tool;
    f.module_size = n;
    f.module = (ProtobufCBinaryData){zlen, z};
    size_t body = ktir__ir_file__get_packed_size(&f);
    unsigned char *buf = xmalloc(HEADER_SIZE + body);
    ktir__ir_file__pack(&f, buf + HEADER_SIZE);
    free(z);
    memcpy(buf, magic, sizeof magic);
    put_le32(buf + 8, (uint32_t)body);
    put_le32(buf + 12, file_crc(buf, HEADER_SIZE + body));
    *out = buf;
    *len = HEADER_SIZE + body;
    return 0;
}

/* The header and container of buf: 0 with the decoded container in *fp, or 1. */
static int read_container(const unsigned char *p, size_t len, Ktir__IrFile **fp, char *err,
                          size_t errlen)
{
    *fp = NULL;
    if (len == 0)
        return fail(err, errlen, 1, "empty file, not a ktc IR file");
    if (memcmp(p, magic, len < sizeof magic ? len : sizeof magic) != 0)
        return fail(err, errlen, 1, "not a ktc IR file");
    if (len < HEADER_SIZE)
        return fail(err, errlen, 1, "truncated file (%zu bytes)", len);
    uint32_t body = get_le32(p + 8);
    if (get_le32(p + 12) != file_crc(p, len)) {
        if (len - HEADER_SIZE < body)
            return fail(err, errlen, 1, "truncated file (%zu of %llu bytes)", len,
                        (unsigned long long)body + HEADER_SIZE);
        return fail(err, errlen, 1, "corrupt file (checksum mismatch)");
    }
    if (len - HEADER_SIZE != body)
        return fail(err, errlen, 1, "corrupt file (length mismatch)");
    *fp = ktir__ir_file__unpack(NULL, body, p + HEADER_SIZE);
    if (!*fp)
        return fail(err, errlen, 1, "malformed IR file: bad container");
    return 0;
}

/* Inflates the module of f into a new buffer of exactly f->module_size bytes. */
static int inflate_module(const Ktir__IrFile *f, uint8_t **out, char *err, size_t errlen)
{
    *out = NULL;
    uint64_t n = f->module_size;
    if (n > MAX_MODULE_SIZE || n > (uint64_t)f->module.len * MAX_RATIO + 64)
        return fail(err, errlen, 1, "malformed IR file: impossible module size %llu",
                    (unsigned long long)n);
    uint8_t *raw = xmalloc((size_t)n);
    uLongf got = (uLongf)n;
    uLong used = f->module.len;
    int z = uncompress2(raw, &got, f->module.data, &used);
    if (z != Z_OK || got != n || used != f->module.len) {
        free(raw);
        return fail(err, errlen, 1, "malformed IR file: bad compressed module");
    }
    *out = raw;
    return 0;
}

int ir_file_unwrap(const void *buf, size_t len, const char *expect_stage, unsigned char **payload,
                   size_t *n, char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    *payload = NULL;
    *n = 0;
    if (stage_out && stage_len)
        stage_out[0] = 0;
    Ktir__IrFile *f;
    int rc = read_container(buf, len, &f, err, errlen);
    if (rc)
        return rc;
    if (f->schema_version == 0)
        rc = fail(err, errlen, 1, "malformed IR file: no schema version");
    else if (f->schema_version > IR_FILE_SCHEMA_VERSION)
        rc = fail(err, errlen, 1, "written by a newer ktc (schema %u, this reads up to %u)",
                  f->schema_version, IR_FILE_SCHEMA_VERSION);
    else if (!label_ok(f->stage, MAX_STAGE_LEN, false) || !label_ok(f->tool, MAX_TOOL_LEN, true))
        rc = fail(err, errlen, 1, "malformed IR file: bad stage or tool name");
    if (!rc && stage_out && stage_len)
        snprintf(stage_out, stage_len, "%s", f->stage);
    if (!rc && expect_stage && strcmp(f->stage, expect_stage) != 0)
        rc = fail(err, errlen, 1, "expected a '%s' file, got '%s'", expect_stage, f->stage);
    uint8_t *raw = NULL;
    if (!rc)
        rc = inflate_module(f, &raw, err, errlen);
    if (!rc) {
        *payload = raw;
        *n = (size_t)f->module_size;
    }
    ktir__ir_file__free_unpacked(f, NULL);
    return rc;
}

int ir_file_read_mem(const void *buf, size_t len, const char *expect_stage, struct ir_module **out,
                     char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    *out = NULL;
    uint8_t *raw = NULL;
    size_t n = 0;
    int rc = ir_file_unwrap(buf, len, expect_stage, &raw, &n, stage_out, stage_len, err, errlen);
    if (rc)
        return rc;
    Ktir__Module *pm = NULL;
    struct ir_module *m = NULL;
    pm = ktir__module__unpack(NULL, n, raw);
    if (!pm)
        rc = fail(err, errlen, 1, "malformed IR file: bad module encoding");
    if (!rc && !check_module(pm, err, errlen))
        rc = 1;
    if (!rc) {
        m = ir_module_new();
        if (build_interned(pm, m, err, errlen)) {
            build_structure(pm, m);
        } else {
            ir_module_free(m);
            m = NULL;
            rc = 1;
        }
    }
    if (pm)
        ktir__module__free_unpacked(pm, NULL);
    free(raw);
    *out = m;
    return rc;
}

/* ---- files ---------------------------------------------------------------- */

static bool is_std(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* Writes all n bytes; 0 or an errno value. */
static int write_fd(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A new regular file appears only complete: bytes go to path.tmpXXXXXX in
 * the same directory, which is then renamed over path. Something that is
 * not a regular file (/dev/null, a FIFO) is written in place instead. */
static int write_path(const char *path, const void *buf, size_t len, char *err,
                      size_t errlen)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd < 0)
            return fail(err, errlen, 3, "cannot open the output: %s", strerror(errno));
        int e = write_fd(fd, buf, len);
        if (close(fd) && !e)
            e = errno;
        return e ? fail(err, errlen, 3, "cannot write the output: %s", strerror(e)) : 0;
    }
    static const char suffix[] = ".tmpXXXXXX";
    size_t n = strlen(path);
    char *tmp = xmalloc(n + sizeof suffix);
    memcpy(tmp, path, n);
    memcpy(tmp + n, suffix, sizeof suffix);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return fail(err, errlen, 3, "cannot create a temporary file beside the output: %s",
                    strerror(e));
    }
    /* mkstemp makes 0600; give the mode any new file would get. */
    mode_t mask = umask(0);
    umask(mask);
    int e = fchmod(fd, 0666 & ~mask) ? errno : 0;
    if (!e)
        e = write_fd(fd, buf, len);
    if (close(fd) && !e)
        e = errno;
    const char *what = "write";
    if (!e && rename(tmp, path) != 0) {
        e = errno;
        what = "replace";
    }
    if (e)
        unlink(tmp);
    free(tmp);
    return e ? fail(err, errlen, 3, "cannot %s the output: %s", what, strerror(e)) : 0;
}

int ir_file_put_bytes(const char *path, const void *buf, size_t len, char *err, size_t errlen)
{
    if (!is_std(path))
        return write_path(path, buf, len, err, errlen);
    fflush(stdout);
    int e = write_fd(STDOUT_FILENO, buf, len);
    return e ? fail(err, errlen, 3, "cannot write to stdout: %s", strerror(e)) : 0;
}

int ir_file_write(const char *path, const struct ir_module *m, const char *stage, const char *tool,
                  char *err, size_t errlen)
{
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = ir_file_write_mem(m, stage, tool, &buf, &len, err, errlen);
    if (!rc)
        rc = ir_file_put_bytes(path, buf, len, err, errlen);
    free(buf);
    return rc;
}

/* Reads fd to its end: 0, 1 when longer than any IR file, 3 on an error. */
static int read_fd(int fd, unsigned char **out, size_t *outlen, char *err, size_t errlen)
{
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = xmalloc(cap);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            unsigned char *nb = realloc(buf, cap);
            if (!nb)
                abort();
            buf = nb;
        }
        ssize_t r = read(fd, buf + len, cap - len);
        if (r == 0)
            break;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            return fail(err, errlen, 3, "cannot read: %s", strerror(e));
        }
        len += (size_t)r;
        if (len > MAX_FILE_SIZE) {
            free(buf);
            return fail(err, errlen, 1, "not a ktc IR file (larger than any IR file)");
        }
    }
    *out = buf;
    *outlen = len;
    return 0;
}

int ir_file_get_bytes(const char *path, unsigned char **buf, size_t *len, char *err,
                      size_t errlen)
{
    *buf = NULL;
    *len = 0;
    int fd = is_std(path) ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, errlen, 3, "cannot open: %s", strerror(errno));
    int rc = read_fd(fd, buf, len, err, errlen);
    if (!is_std(path))
        close(fd);
    return rc;
}

int ir_file_read(const char *path, const char *expect_stage, struct ir_module **out,
                 char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    *out = NULL;
    if (stage_out && stage_len)
        stage_out[0] = 0;
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = ir_file_get_bytes(path, &buf, &len, err, errlen);
    if (rc)
        return rc;
    rc = ir_file_read_mem(buf, len, expect_stage, out, stage_out, stage_len, err, errlen);
    free(buf);
    return rc;
}
